// The scheme editor: the server's verdict as you type, contracts moved without a reload.
// Only an enhancement: without it every button posts the form and the server answers.
// No rule lives here: totals, balance and notes all come from the preview endpoint.
(() => {
  const form = document.getElementById("scheme-form");
  if (!form) return;
  const figures = document.getElementById("figures-body");
  const bar = document.getElementById("bar-body");
  const check = form.querySelector('.scheme-bar button[value="check"]');
  const preview = livePreview(form, {
    delay: 200,
    show: (answer) => {
      figures.innerHTML = answer.html;
      bar.innerHTML = answer.bar;
      showNotes(answer.notes);
      showTotals(answer.totals);
    },
    offline: () => {
      const note = document.createElement("p");
      note.className = "bar-line warn";
      note.setAttribute("role", "status");
      note.textContent = form.dataset.offline;
      bar.replaceChildren(note);
    },
  });
  const refresh = preview.later;

  function showNotes(notes) {
    const boxes = new Map([...form.querySelectorAll("[data-notes]")].map((b) => [b.dataset.notes, b]));
    boxes.forEach((box) => box.replaceChildren());
    Object.entries(notes).forEach(([key, list]) => {
      const box = boxes.get(key) || boxes.get("_other");
      list.forEach((note) => {
        const p = document.createElement("p");
        p.className = `note ${note.refuses ? "bad" : "warn"}`;
        p.textContent = `${note.refuses ? "✗" : "!"} ${note.text}`;
        box.append(p);
      });
    });
    form.querySelectorAll("label[data-key]").forEach((label) => {
      const bad = (notes[label.dataset.key] || []).some((n) => n.refuses);
      label.classList.toggle("bad-field", bad);
    });
  }

  function showTotals(totals) {
    form.querySelectorAll("[data-total-for]").forEach((cell) => {
      cell.textContent = totals[cell.dataset.totalFor] ?? "";
    });
  }

  // Players and pack reshape the form (awards, shares, cards left out): let the server redraw it.
  function redraw(anchor) {
    // form.action would be the buttons named "action": use the attribute.
    form.setAttribute("action", form.getAttribute("action").split("#")[0] + anchor);
    form.requestSubmit(check);
  }

  function syncMoves() {
    const cards = [...form.querySelectorAll(".contract-card")];
    const playing = cards.filter((c) => !c.classList.contains("off"));
    cards.forEach((card) => {
      const up = card.querySelector('button[value^="up-"]');
      const down = card.querySelector('button[value^="down-"]');
      if (up) up.disabled = card === playing[0];
      if (down) down.disabled = card === playing[playing.length - 1];
    });
  }

  function move(card, direction) {
    const playing = [...form.querySelectorAll(".contract-card:not(.off)")];
    const i = playing.indexOf(card);
    const other = playing[direction === "up" ? i - 1 : i + 1];
    if (!other) return;
    if (direction === "up") other.before(card); else other.after(card);
    card.querySelector(`button[value^="${direction}-"]`).focus();
    syncMoves();
    refresh();
  }

  form.addEventListener("click", (event) => {
    const button = event.target.closest("button[value]");
    if (!button) return;
    const [verb] = button.value.split("-");
    if (verb === "up" || verb === "down") {
      event.preventDefault();
      move(button.closest(".contract-card"), verb);
    }
  });

  form.addEventListener("change", (event) => {
    const target = event.target;
    if (target.hasAttribute("data-resize")) {
      redraw("#table");
      return;
    }
    if (target.name === "play") {
      target.closest(".contract-card").classList.toggle("off", !target.checked);
      syncMoves();
    }
    refresh();
  });
  form.addEventListener("input", (event) => {
    if (event.target.matches("input[type=number], input[type=text], input:not([type])")) refresh();
  });
  syncMoves();
})();
