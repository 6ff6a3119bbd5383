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

  function showImplied(implied) {
    form.querySelectorAll(".count-row[data-field]").forEach((row) => {
      const value = implied[row.dataset.field];
      row.classList.toggle("implied", value !== undefined);
      if (value !== undefined) row.querySelector(".who").dataset.implied = `${value}`;
    });
  }

  const preview = livePreview(form, {
    show: (answer) => {
      body.innerHTML = answer.html;
      save.setAttribute("aria-disabled", answer.ok ? "false" : "true");
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
    const group = target.closest("[data-exclusive]");
    if (group && target.checked) {
      // One answer per value in this group: tapping it in one place clears it elsewhere.
      group.querySelectorAll(`input[value="${target.value}"]`).forEach((other) => {
        if (other !== target) other.checked = false;
      });
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

  preview.gateSave(save, body);

  syncDoubles();
  // A refusal the server just drew stays on screen until the scorer changes something.
  const refused = body.querySelector("[role=alert]");
  if (!refused && form.querySelector("input:checked, input[name^=raw-][value]:not([value=''])")) {
    preview.ask();
  }
})();
