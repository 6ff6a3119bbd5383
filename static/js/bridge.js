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
  let timer = null;
  let pending = null;

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
    clearTimeout(timer);
    timer = setTimeout(ask, 120);
  }

  async function ask() {
    const data = new FormData(form);
    data.set("action", "check");
    if (pending) pending.abort();
    pending = new AbortController();
    try {
      const response = await fetch(form.dataset.preview, {
        method: "POST", body: data, signal: pending.signal,
        headers: { "X-Requested-With": "fetch" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const answer = await response.json();
      body.innerHTML = answer.html;
      save.setAttribute("aria-disabled", answer.ok ? "false" : "true");
    } catch (error) {
      if (error.name === "AbortError") return;
      body.insertAdjacentHTML("afterbegin",
        '<p class="warn" role="status">Offline? The preview will come back; Save still sends the deal.</p>');
    }
  }

  form.addEventListener("change", refresh);

  form.addEventListener("submit", (event) => {
    const action = event.submitter ? event.submitter.value : "save";
    if (action === "save" && save.getAttribute("aria-disabled") === "true") {
      event.preventDefault();
      body.querySelector("[role=alert], .muted")?.scrollIntoView({ block: "nearest" });
      return;
    }
    if (action === "save") {
      save.textContent = save.dataset.saving || "Saving…";
      setTimeout(() => { save.disabled = true; }, 0);  // a second tap sends nothing more
    }
  });

  syncTricks();
  syncImplied();
  if (picked("subgame") || picked("level")) ask();
})();
