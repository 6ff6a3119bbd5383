// Recording a hand: instant preview from the server, the implied counts it sends, and the
// doubling shortcuts. The server decides every rule: each chip says which double it waits
// for (data-requires) and which is its other way round (data-pair), each shortcut which
// doubles it ticks (data-targets); the preview's answer names the implied counts.
// Everything here is an enhancement: without it the form posts and the server answers.
(() => {
  const form = document.getElementById("hand-form");
  if (!form) return;
  const body = document.getElementById("preview-body");
  const save = document.getElementById("save");
  const chip = (value) => form.querySelector(`input[name="double"][value="${value}"]`);

  // Each player's count on their chip: picked, implied (in italics) or not yet ("·").
  function showCounts(implied) {
    form.querySelectorAll(".count-row[data-field]").forEach((row) => {
      const field = row.dataset.field;
      const value = implied[field];
      row.classList.toggle("implied", value !== undefined);
      if (value !== undefined) row.querySelector(".who").dataset.implied = `${value}`;
      const picked = row.querySelector("input:checked");
      const count = form.querySelector(`[data-count="${field}"]`);
      if (!count) return;
      count.textContent = picked ? picked.value : value !== undefined ? `${value}` : "·";
      count.classList.toggle("implied", !picked && value !== undefined);
    });
  }
  let lastImplied = {};
  function showImplied(implied) {
    lastImplied = implied;
    showCounts(implied);
  }

  // One step at a time (present/hand_steps.py): a count's keypad, an order's place or a
  // Salad's fact shows as its picker (input "pick-<key>") says; the server marked the first.
  form.classList.add("stepping");
  function showStep(key) {
    const pick = form.querySelector(`input[name="pick-${key}"]:checked`);
    form.querySelectorAll(`[data-step-of="${key}"]`).forEach((el) => {
      el.classList.toggle("current", Boolean(pick) && el.dataset.step === pick.value);
    });
  }
  function pickStep(key, value) {
    const pick = form.querySelector(`input[name="pick-${key}"][value="${value}"]`);
    if (pick) pick.checked = true;
    showStep(key);
  }

  // After a count (or a place), the keypad moves on to the next row still without one.
  function advance(box, step) {
    const rows = [...box.querySelectorAll("[data-step]")];
    const blank = (row) => !row.querySelector("input:checked");
    const at = rows.findIndex((row) => row.dataset.step === step);
    const after = [...rows.slice(at + 1), ...rows.slice(0, at)].find(blank);
    if (after) pickStep(after.dataset.stepOf, after.dataset.step);
  }

  // A stepped order's places say who was tapped for each.
  function showPlaces(box) {
    box.querySelectorAll(".place-row[data-step]").forEach((row) => {
      const input = row.querySelector("input:checked");
      const mark = box.querySelector(`[data-place="${row.dataset.stepOf}-${row.dataset.step}"]`);
      if (mark) mark.textContent = input ? input.closest(".chip").textContent.trim() : "·";
    });
  }

  const preview = livePreview(form, {
    show: (answer) => {
      body.innerHTML = answer.html;
      showImplied(answer.implied || {});
    },
    offline: () => {
      const note = document.createElement("p");
      note.className = "warn";
      note.setAttribute("role", "status");
      note.textContent = form.dataset.offline;
      body.prepend(note);
    },
  });

  function syncDoubles() {
    form.querySelectorAll("input[data-requires]").forEach((box) => {
      const source = chip(box.dataset.requires);
      const allowed = Boolean(source && source.checked);
      box.disabled = !allowed;
      if (!allowed) box.checked = false;
      box.closest(".chip").classList.toggle("disabled", !allowed);
    });
    form.querySelectorAll("input[data-pair]").forEach((box) => {
      const pair = chip(box.dataset.pair);
      box.closest(".chip").classList.toggle("redouble", box.checked && Boolean(pair && pair.checked));
    });
  }

  function refresh() {
    syncDoubles();
    preview.later();
  }

  form.addEventListener("change", (event) => {
    const target = event.target;
    const row = target.closest(".counts .count-row");
    if (row) {
      showCounts(lastImplied);
      advance(row.closest(".counts"), row.dataset.step);
    }
    if (target.name && target.name.startsWith("pick-")) {  // which step shows: no preview
      showStep(target.name.slice(5));
      return;
    }
    const group = target.closest("[data-exclusive]");
    if (group && target.checked) {
      // One answer per value in this group: tapping it in one place clears it elsewhere.
      group.querySelectorAll(`input:not([name^="pick-"])[value="${target.value}"]`).forEach((other) => {
        if (other !== target) other.checked = false;
      });
    }
    const place = target.closest(".stepped .place-row[data-step]");
    if (place) {
      showPlaces(place.closest(".stepped"));
      advance(place.closest(".stepped"), place.dataset.step);
    }
    const fact = target.closest('[data-step-of="facts"]');
    if (fact && !fact.matches(".counts") && target.type === "radio") {
      const next = fact.nextElementSibling;  // a Salad's one-tap fact: on to the next
      if (next && next.dataset.stepOf === "facts") pickStep("facts", next.dataset.step);
    }
    if (target.name && target.name.startsWith("raw-")) {
      const mode = form.querySelector('input[name="mode"][type="checkbox"]');
      if (mode) mode.checked = true;
    }
    refresh();
  });
  form.addEventListener("input", (event) => {
    if (event.target.name && event.target.name.startsWith("raw-")) {
      const mode = form.querySelector('input[name="mode"][type="checkbox"]');
      if (mode) mode.checked = true;
      refresh();
    }
  });

  // Switching contract posts the form (the server carries over the doubles still legal,
  // as it does without JavaScript); the page asks before leaving the facts entered.
  document.querySelectorAll(".change button.chip").forEach((button) => {
    button.addEventListener("click", (event) => {
      const facts = form.querySelector(
        "fieldset.facts input:checked:not([name^=pick-]), input[name^=raw-]:not([value=''])",
      );
      const typed = [...form.querySelectorAll("input[name^=raw-]")].some((f) => f.value);
      if ((facts || typed) && !window.confirm(form.dataset.discard)) event.preventDefault();
    });
  });

  // The numeric keypad has no minus: a ± beside each raw score turns it round.
  form.querySelectorAll("button[data-sign]").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => {
      const field = form.querySelector(`input[name="${button.dataset.sign}"]`);
      field.value = field.value.startsWith("-") ? field.value.slice(1) : `-${field.value}`;
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });

  form.querySelectorAll("button[data-targets]").forEach((button) => {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      syncDoubles();
      button.dataset.targets.split(" ").filter(Boolean).forEach((value) => {
        const box = chip(value);
        if (box && !box.disabled) box.checked = true;
      });
      refresh();
    });
  });

  // Save goes through the outbox: it always answers, and what it keeps is sent once.
  Outbox.saving(form, { body, save, cancel: preview.cancel });

  syncDoubles();
  // A refusal the server just drew stays on screen until the scorer changes something.
  const refused = body.querySelector("[role=alert]");
  if (!refused && form.querySelector("input:checked, input[name^=raw-][value]:not([value=''])")) {
    preview.ask();
  }
})();
