// Recording a hand: instant preview from the server, implied counts, doubling shortcuts.
// Everything here is an enhancement: without it the form posts and the server answers.
(() => {
  const form = document.getElementById("hand-form");
  if (!form) return;
  const body = document.getElementById("preview-body");
  const save = document.getElementById("save");
  const declarerRow = form.querySelector(".double-row.declarer");
  const declarer = declarerRow ? declarerRow.dataset.doubler : null;
  const preview = livePreview(form, {
    show: (answer) => {
      body.innerHTML = answer.html;
      save.setAttribute("aria-disabled", answer.ok ? "false" : "true");
    },
    offline: () => {
      const note = document.createElement("p");
      note.className = "warn";
      note.setAttribute("role", "status");
      note.textContent = form.dataset.offline;
      body.prepend(note);
    },
  });

  function syncRedoubles() {
    form.querySelectorAll("input[data-requires]").forEach((box) => {
      const source = form.querySelector(`input[name="double"][value="${box.dataset.requires}"]`);
      const allowed = Boolean(source && source.checked);
      box.disabled = !allowed;
      if (!allowed) box.checked = false;
      box.closest(".chip").classList.toggle("disabled", !allowed);
    });
    form.querySelectorAll('input[name="double"]').forEach((box) => {
      const [a, b] = box.value.split("-");
      const back = form.querySelector(`input[name="double"][value="${b}-${a}"]`);
      const mark = box.closest(".chip");
      mark.classList.toggle("redouble", box.checked && Boolean(back && back.checked));
    });
  }

  function syncImplied() {
    form.querySelectorAll("fieldset.counts").forEach((set) => {
      const total = Number(set.dataset.total);
      const rows = [...set.querySelectorAll(".count-row")];
      const picked = rows.map((row) => row.querySelector("input:checked"));
      const blank = rows.filter((_, i) => !picked[i]);
      rows.forEach((row) => row.classList.remove("implied"));
      if (blank.length === 1) {
        const sum = picked.reduce((acc, input) => acc + (input ? Number(input.value) : 0), 0);
        const left = total - sum;
        if (left >= 0) {
          blank[0].classList.add("implied");
          blank[0].dataset.implied = `${left} (implied)`;
          blank[0].querySelector(".who").dataset.implied = `${left}`;
        }
      }
    });
  }

  function refresh() {
    syncRedoubles();
    syncImplied();
    preview.later();
  }

  form.addEventListener("change", (event) => {
    const target = event.target;
    if (target.name && target.name.startsWith("order-") && target.checked) {
      // A player finishes once: tapping them in one place clears them elsewhere.
      form.querySelectorAll(`input[name^="order-"][value="${target.value}"]`).forEach((other) => {
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

  form.querySelectorAll("button[data-shortcut]").forEach((button) => {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      const row = button.closest(".double-row");
      syncRedoubles();
      row.querySelectorAll('input[name="double"]').forEach((box) => {
        const target = box.value.split("-")[1];
        if (box.disabled) return;
        if (button.dataset.shortcut === "family" && target === declarer) return;
        box.checked = true;
      });
      refresh();
    });
  });

  preview.gateSave(save, body);

  syncRedoubles();
  syncImplied();
  // A refusal the server just drew stays on screen until the scorer changes something.
  const refused = body.querySelector("[role=alert]");
  if (!refused && form.querySelector("input:checked, input[name^=raw-][value]:not([value=''])")) {
    preview.ask();
  }
})();
