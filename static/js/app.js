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
// laptop's own localhost). The pages a page leads to (data-keep: the rest of the block's
// forms) are kept once the page has been open a moment (the worker keeps what the server
// marks "X-Offline: keep", nothing else). Where no worker runs (a plain http LAN address:
// the browser's rule), ``Copies`` keeps the next entry's forms and this page in
// localStorage instead, and a tap on one of them that the server does not answer opens
// the copy in this tab.
const Copies = (() => {
  const KEY = "barbu-scorer-pages";
  const MOST = 12;  // pages
  const MOST_CHARS = 600000;  // well under the origin's quota: the outbox comes first
  const read = () => {
    try {
      return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
    } catch (error) {
      return {};
    }
  };
  function put(url, html) {
    const items = { ...read(), [url]: { at: Date.now(), html } };
    const kept = {};
    let size = 0;
    for (const key of Object.keys(items).sort((a, b) => items[b].at - items[a].at)) {
      size += items[key].html.length;
      if (Object.keys(kept).length >= MOST || size > MOST_CHARS) break;
      kept[key] = items[key];
    }
    try {
      localStorage.setItem(KEY, JSON.stringify(kept));
    } catch (error) {
      localStorage.removeItem(KEY);  // full: the outbox's room matters more
    }
  }
  // Each page the server marks "X-Offline: keep", one at a time, while the connection
  // lasts, and the static files it loads (fingerprinted: the HTTP cache keeps them).
  async function keep(urls) {
    const assets = new Set();
    for (const url of urls) {
      const answer = await fetch(url, { credentials: "same-origin" }).catch(() => null);
      if (!answer) return;
      if (!answer.ok || answer.headers.get("X-Offline") !== "keep") continue;
      const html = await answer.text();
      put(url, html);
      for (const found of html.matchAll(/(?:src|href)="(\/static\/[^"]+\?v=[^"]+)"/g)) {
        if (assets.has(found[1])) continue;
        assets.add(found[1]);
        await fetch(found[1]).catch(() => null);
      }
    }
  }
  // The copy of ``url`` opened in this tab (a blob: page), as a worker's copy opens: marked
  // with the time it was kept and its real address; the addresses in it made whole (the
  // CSP allows no <base>), so its scripts and styles come from the HTTP cache.
  function open(url) {
    const copy = read()[url];
    if (!copy) return false;
    const real = url.replace(/[^\w:/?#&=.~%+-]/g, encodeURIComponent);
    const html = copy.html
      .replace(/="\/(?!\/)/g, `="${window.location.origin}/`)
      .replace("<body", `<body data-offline-since="${Number(copy.at)}" data-offline-url="${real}"`);
    window.location.assign(URL.createObjectURL(new Blob([html], { type: "text/html" })));
    return true;
  }
  // A tap on a kept page: asked of the server first (2 s at most); no answer, the copy.
  function follow() {
    document.addEventListener("click", async (event) => {
      const link = event.target.closest("a[href]");
      if (!link || event.defaultPrevented || !read()[link.href]) return;
      if (navigator.serviceWorker && navigator.serviceWorker.controller) return;  // it answers
      event.preventDefault();
      const stop = new AbortController();
      setTimeout(() => stop.abort(), 2000);
      const probe = document.body.dataset.worker;
      const answer = await fetch(probe, { method: "HEAD", cache: "no-store", signal: stop.signal }).catch(() => null);
      if ((answer && answer.ok) || !open(link.href)) window.location.assign(link.href);
    });
  }
  return { keep, follow, drop: () => localStorage.removeItem(KEY) };
})();

(() => {
  const root = document.documentElement;
  const since = document.body.dataset.offlineSince;
  if (since) {
    // A copy (the worker's, or the one this page kept), opened with no connection: say
    // since when; open the real page (a fresh page, a fresh token for the outbox) once
    // the connection returns.
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
      if (answer && answer.ok) window.location.replace(document.body.dataset.offlineUrl || window.location.href);
      else setTimeout(back, 5000);
    };
    window.addEventListener("online", back);
    setTimeout(back, 5000);
  }
  const links = [...document.querySelectorAll("a[data-keep]")].map((a) => a.href);
  const shown = [...document.querySelectorAll("a[data-keep]")].filter((a) => !a.closest("[hidden]")).map((a) => a.href);
  Copies.follow();  // a tap on a page kept in localStorage (none where a worker runs)
  const plain = (wait) => {  // no worker: the next entry's forms and this page, in localStorage
    if (!since && shown.length) setTimeout(() => Copies.keep([window.location.href, ...shown]), wait);
  };
  if (!document.body.dataset.worker || !("serviceWorker" in navigator) || !window.isSecureContext) {
    plain(3000);
    return;
  }
  navigator.serviceWorker.register(document.body.dataset.worker, { scope: "/" }).catch(() => {});
  // A browser may run no worker even here (its settings, a context that blocks them): none
  // in control after a moment, the pages are kept as on plain http.
  setTimeout(() => {
    if (navigator.serviceWorker.controller) Copies.drop();  // the worker keeps them
    else plain(0);
  }, 3000);
  // The first visit came before the worker: this page did not go through it, kept then.
  if (!navigator.serviceWorker.controller) links.unshift(window.location.href);
  if (since || !links.length) return;
  // What the forms were drawn from (the session's version, the page's language and text
  // size): the worker fetches again only the pages it kept from something else.
  const tagged = document.querySelector("[data-keep-tag]");
  const tag = tagged ? `${tagged.dataset.keepTag}/${root.lang}/${root.className}` : "";
  navigator.serviceWorker.ready.then((ready) => {
    setTimeout(() => { if (ready.active) ready.active.postMessage({ keep: links, tag }); }, 3000);
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
