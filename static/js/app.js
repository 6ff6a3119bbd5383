// Small things every page shares: feedback on links that take a moment (the PDF sheet).
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-busy]");
  if (!link) return;
  let note = document.getElementById("busy-note");
  if (!note) {
    note = document.createElement("p");
    note.id = "busy-note";
    note.className = "flash busy";
    note.setAttribute("role", "status");
    document.querySelector("main").prepend(note);
  }
  note.textContent = link.dataset.busy;
  setTimeout(() => note.remove(), 8000);
});

// Forms that undo something ask once before they go (without JavaScript they simply go).
document.addEventListener("submit", (event) => {
  const message = event.target.dataset && event.target.dataset.confirm;
  if (message && !window.confirm(message)) event.preventDefault();
});

// The app on the phone: its service worker, where the browser runs one (HTTPS, or this
// laptop's own localhost; a plain http LAN address has none, and the outbox's localStorage
// keeps the hands there). The pages a page leads to (data-keep: the rest of the block's
// forms) are kept once the page has been open a moment (the worker keeps what the server
// marks "X-Offline: keep", nothing else).
(() => {
  const root = document.documentElement;
  const since = document.body.dataset.offlineSince;
  if (since) {
    // A copy kept by the worker, opened with no connection: say since when; reload it
    // (a fresh page, a fresh token for the outbox) once the connection returns.
    const note = document.createElement("p");
    note.className = "flash offline";
    note.setAttribute("role", "status");
    const time = new Date(Number(since)).toLocaleTimeString(root.lang || undefined, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    note.textContent = (document.body.dataset.offlineWords || "").replace("{t}", time);
    document.querySelector("main").prepend(note);
    // The "online" event may come before the network is back, or never (the laptop woke
    // up, the phone never left the Wi-Fi): the server is asked every 5 s as well.
    const back = async () => {
      const answer = await fetch(document.body.dataset.worker, { method: "HEAD", cache: "no-store" }).catch(() => null);
      if (answer && answer.ok) window.location.reload();
      else setTimeout(back, 5000);
    };
    window.addEventListener("online", back);
    setTimeout(back, 5000);
  }
  if (!document.body.dataset.worker || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register(document.body.dataset.worker, { scope: "/" }).catch(() => {});
  const links = [...document.querySelectorAll("a[data-keep]")].map((a) => a.href);
  // The first visit came before the worker: this page did not go through it, kept then.
  if (!navigator.serviceWorker.controller) links.unshift(window.location.href);
  if (since || !links.length) return;
  navigator.serviceWorker.ready.then((ready) => {
    setTimeout(() => { if (ready.active) ready.active.postMessage({ keep: links }); }, 3000);
  });
})();
// Moments the server wrote in UTC (<time datetime data-clock>, printed "21:14 UTC") shown
// in this device's zone, the table's, in the page's language; the full date in the title.
document.querySelectorAll("time[data-clock]").forEach((time) => {
  const moment = new Date(time.dateTime);
  if (Number.isNaN(moment.getTime())) return;
  const lang = document.documentElement.lang || undefined;
  time.textContent = new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(moment);
  time.title = new Intl.DateTimeFormat(lang, { dateStyle: "full", timeStyle: "short" }).format(moment);
});

// A tapped figure opens its explanation in a sheet at the bottom of the screen: the
// explanation's page fetched, its #explanation shown in a <dialog> (without JavaScript,
// or when the fetch fails, the link opens that page).
document.addEventListener("click", async (event) => {
  const link = event.target.closest("a[data-explain]");
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  let sheet = document.getElementById("explain-sheet");
  if (!sheet) {
    sheet = document.createElement("dialog");
    sheet.id = "explain-sheet";
    sheet.className = "sheet";
    sheet.addEventListener("click", (e) => { if (e.target === sheet) sheet.close(); });
    document.body.append(sheet);
  }
  // A figure whose explanation is already on the page (the hand form's preview, not yet
  // saved) links to it by its id: a copy of it is shown.
  const here = link.getAttribute("href").startsWith("#")
    ? document.getElementById(link.getAttribute("href").slice(1)) : null;
  if (here) {
    const copy = here.cloneNode(true);
    copy.hidden = false;
    copy.removeAttribute("id");
    sheet.replaceChildren(copy);
    sheet.showModal();
    return;
  }
  try {
    const answer = await fetch(link.href, { credentials: "same-origin" });
    if (!answer.ok) throw new Error(String(answer.status));
    const page = new DOMParser().parseFromString(await answer.text(), "text/html");
    const body = page.getElementById("explanation");
    if (!body) throw new Error("no explanation");
    sheet.replaceChildren(document.adoptNode(body));
    sheet.showModal();
  } catch (error) {
    window.location.href = link.href;
  }
});
