// Barbu Bridge's deal form: instant preview from the server; trick results and implied
// counts picked from what the server rendered on the chips (the script computes no rule);
// Save through the outbox (outbox.js).
// Everything here is an enhancement: without it the forms post and the server answers.
(() => {
  const form = document.getElementById("deal-form");
  if (!form) return;
  const body = document.getElementById("preview-body");
  const save = document.getElementById("save");
  const need = form.querySelector(".need");
  const preview = livePreview(form, {
    show: (answer) => {
      body.innerHTML = answer.html;
    },
    offline: () => {
      const note = document.createElement("p");
      note.className = "warn";
      note.setAttribute("role", "status");
      note.textContent = form.dataset.offline;
      body.prepend(note);
    },
  });

  const picked = (name) => form.querySelector(`input[name="${name}"]:checked`);

  // The server rendered each answer on the chips: the result of every trick count for each
  // level (data-rel-<level>), the tricks a level needs (data-need), what the other side took
  // (data-implied-ns / -ew). The script only shows the one the taps pick.
  function syncTricks() {
    const level = picked("level");
    const bid = level && level.value !== "pass" ? level.value : null;
    form.querySelectorAll('input[name="tricks"]').forEach((input) => {
      const chip = input.closest(".chip");
      const rel = bid && chip.getAttribute(`data-rel-${bid}`);
      if (rel) chip.dataset.rel = rel;
      else delete chip.dataset.rel;
    });
    if (need) need.textContent = bid ? level.closest(".chip").dataset.need || "" : "";
  }

  function syncImplied() {
    form.querySelectorAll("[data-implied]").forEach((line) => {
      const key = line.dataset.implied;
      const count = picked(key);
      const side = picked(`${key}_side`);
      line.textContent = count && side
        ? count.closest(".chip").getAttribute(`data-implied-${side.value.toLowerCase()}`) || ""
        : "";
    });
  }

  // Only the chosen sub-game's result shows, and no contract's detail when passed out: the
  // server marked them for the page as it came; the taps move the marks.
  function syncShown() {
    const subgame = picked("subgame");
    form.querySelectorAll("fieldset.result").forEach((box) => {
      box.hidden = !subgame || !box.classList.contains(`result-${subgame.value}`);
    });
    const first = form.querySelector(".pick-first");
    if (first) first.hidden = Boolean(subgame);
    const level = picked("level");
    form.querySelectorAll(".contract-detail").forEach((detail) => {
      detail.hidden = Boolean(level && level.value === "pass");
    });
  }

  // The contract, then the result, one at a time (the server marked the first): the
  // strip's chips switch them, and the tricks (or a pass) move on to the result.
  form.classList.add("stepping");
  function showPart(part) {
    const pick = form.querySelector(`input[name="pick-part"][value="${part}"]`);
    if (pick) pick.checked = true;
    form.querySelectorAll('[data-step-of="part"]').forEach((el) => {
      el.classList.toggle("current", el.dataset.step === part);
    });
  }
  form.addEventListener("change", (event) => {
    const name = event.target.name;
    if (name === "pick-part") showPart(event.target.value);
    else if (name === "tricks" || (name === "level" && event.target.value === "pass")) showPart("result");
  });

  function refresh() {
    syncShown();
    syncTricks();
    syncImplied();
    preview.later();
  }

  form.addEventListener("change", refresh);

  // Save goes through the outbox, as a Tournament hand does: it always answers (the server
  // says what is wrong), and a deal saved offline is kept and sent once.
  Outbox.saving(form, { body, save, cancel: preview.cancel });

  syncShown();
  syncTricks();
  syncImplied();
  // A page the server drew with its refusal (a Check, a draft from the outbox) keeps it on
  // screen until the next tap; otherwise the preview of what is picked.
  if ((picked("subgame") || picked("level")) && !body.querySelector("[role=alert]")) preview.ask();
})();
