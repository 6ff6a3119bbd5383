// The scorer page's beat: while the page is open and online it tells the server, every
// ~30 s and right after each change to the outbox, how many hands wait in this phone's
// outbox (localStorage, see outbox.js), so the director's console can say "2 unsent hands
// on the phone" or "phone not seen since 14:20". Counts only: no rule here.
(() => {
  const spot = document.querySelector("[data-beat]");
  if (!spot) return;
  const KEY = "barbu-scorer-outbox";
  const session = spot.dataset.session;
  const every = Number(spot.dataset.every) || 30000;
  const most = Number(spot.dataset.most) || 0;
  let timer = null;
  let soon = null;

  function pending() {
    try {
      const items = Object.values(JSON.parse(localStorage.getItem(KEY) || "{}") || {});
      return Math.min(most, items.filter((item) => item && item.session === session).length);
    } catch (error) {
      return 0;
    }
  }

  function beat() {
    clearTimeout(timer);
    timer = setTimeout(beat, every);
    if (!navigator.onLine) return;
    const data = new FormData();
    data.set("pending", String(pending()));
    data.set("csrf_token", spot.dataset.csrf);
    fetch(spot.dataset.beat, {
      method: "POST", body: data, credentials: "same-origin", keepalive: true,
    }).catch(() => {});  // offline after all: the next beat tells
  }

  // Several changes in a row (a flush of the outbox) make one beat.
  function changed() {
    clearTimeout(soon);
    soon = setTimeout(beat, 300);
  }

  document.addEventListener("outbox:changed", changed);
  window.addEventListener("storage", (event) => { if (event.key === KEY) changed(); });
  window.addEventListener("online", changed);
  beat();
})();
