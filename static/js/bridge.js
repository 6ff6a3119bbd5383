// Barbu Bridge: instant preview from the server, trick results on the chips, implied counts.
// Everything here is an enhancement: without it the forms post and the server answers.
(() => {
  // New session: the first-dealer chips follow the names as they are typed.
  document.querySelectorAll("input[data-seat]").forEach((input) => {
    input.addEventListener("input", () => {
      const label = document.querySelector(`[data-name-of="${input.dataset.seat}"]`);
      if (label) label.textContent = input.value.trim() || "NESW"[Number(input.dataset.seat)];
    });
  });

  const form = document.getElementById("deal-form");
  if (!form) return;
  const body = document.getElementById("preview-body");
  const save = document.getElementById("save");
  const need = form.querySelector(".need");
  const sideNames = { NS: "N-S", EW: "E-W" };
  const preview = livePreview(form, {
    show: (answer) => {
      body.innerHTML = answer.html;
      save.setAttribute("aria-disabled", answer.ok ? "false" : "true");
    },
    offline: () => body.insertAdjacentHTML("afterbegin",
      '<p class="warn" role="status">Offline? The preview will come back; Save still sends the deal.</p>'),
  });

  const picked = (name) => form.querySelector(`input[name="${name}"]:checked`);

  function syncTricks() {
    const level = picked("level");
    const target = level && level.value !== "pass" ? Number(level.value) + 6 : null;
    form.querySelectorAll('input[name="tricks"]').forEach((input) => {
      const chip = input.closest(".chip");
      if (target === null) {
        delete chip.dataset.rel;
        return;
      }
      const over = Number(input.value) - target;
      chip.dataset.rel = over === 0 ? "=" : over > 0 ? `+${over}` : `\u2212${-over}`;
    });
    if (need) need.textContent = target === null ? "" : `(${target} to make)`;
  }

  function syncImplied() {
    form.querySelectorAll("[data-implied]").forEach((line) => {
      const key = line.dataset.implied;
      const count = picked(key);
      const side = picked(`${key}_side`);
      const cards = Number(form.querySelector(`.keypad[data-cards] input[name="${key}"]`)
        .closest(".keypad").dataset.cards);
      if (!count || !side) {
        line.textContent = "";
        return;
      }
      const other = side.value === "NS" ? "EW" : "NS";
      line.textContent = `${sideNames[other]} took ${cards - Number(count.value)} (the rest)`;
    });
  }

  function refresh() {
    syncTricks();
    syncImplied();
    preview.later();
  }

  form.addEventListener("change", refresh);

  preview.gateSave(save, body);

  syncTricks();
  syncImplied();
  if (picked("subgame") || picked("level")) preview.ask();
})();
