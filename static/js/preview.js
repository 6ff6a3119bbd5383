// The live preview the hand, deal and scheme forms share: the server's answer to the form
// as it stands (posted with action=check to the form's data-preview address). Loaded before
// the page's own script, which says what to do with an answer and when none comes.
// Everything here is an enhancement: without it the forms post and the server answers.

// A preview for `form`. `show(answer)` gets the JSON answer; `offline()` runs when no answer
// came (or showing it failed). Returns `ask()` (now), `later()` (after `delay` ms of quiet;
// each call restarts the wait) and `cancel()`.
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
      // Scoring moved to another phone (a 403 saying so): its words, not "offline".
      const moved = response.status === 403 ? await response.json().catch(() => null) : null;
      if (moved && moved.status === "moved") {
        show({ ...moved, implied: {} });
        return;
      }
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

  // Forget the answer on its way (Save is answering instead).
  function cancel() {
    clearTimeout(timer);
    if (pending) pending.abort();
  }

  return { ask, later, cancel };
}
