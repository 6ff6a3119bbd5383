// The live preview the hand, deal and scheme forms share: the server's answer to the form
// as it stands (posted with action=check to the form's data-preview address). Loaded before
// the page's own script, which says what to do with an answer and when none comes.
// Everything here is an enhancement: without it the forms post and the server answers.

// A preview for `form`. `show(answer)` gets the JSON answer; `offline()` runs when no answer
// came (or showing it failed). Returns `ask()` (now), `later()` (after `delay` ms of quiet;
// each call restarts the wait), `gateSave(save, body)` and `cancel()`.
// A newer request aborts the one in flight, so an old answer never replaces a newer one.
function livePreview(form, { delay = 120, show, offline }) {
  let timer = null;
  let pending = null;

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
      show(await response.json());
    } catch (error) {
      if (error.name === "AbortError") return;
      offline();
    }
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(ask, delay);
  }

  // Save refuses while the preview says the form is wrong (`save` carries aria-disabled),
  // pointing at the reason in `body`; once sent, a second tap sends nothing more.
  function gateSave(save, body) {
    form.addEventListener("submit", (event) => {
      const action = event.submitter ? event.submitter.value : "save";
      if (action === "save" && save.getAttribute("aria-disabled") === "true") {
        event.preventDefault();
        body.querySelector("[role=alert], .muted")?.scrollIntoView({ block: "nearest" });
        return;
      }
      if (action === "save") {
        save.textContent = save.dataset.saving || "Saving…";
        setTimeout(() => { save.disabled = true; }, 0);
      }
    });
  }

  // Forget the answer on its way (Save is answering instead).
  function cancel() {
    clearTimeout(timer);
    if (pending) pending.abort();
  }

  return { ask, later, gateSave, cancel };
}
