// The service worker, hand-written (no build step: see the README, "On the phone"). Served
// at /sw.js for the scope "/", after two lines the server puts in front: BUILD (the static
// files' fingerprint) and SHELL (the addresses every scorer's page loads).
//   - Static files (fingerprinted: a new release changes their address): cache first.
//   - The pages the server marks "X-Offline: keep" (the home page, a session's pages, the
//     hand and deal forms): network first; each answer replaces the last copy, which opens
//     when no answer comes, marked with the time it was kept ("offline: as of 21:14").
//   - Nothing else: no POST, no JSON, no claim link, no answer the server did not mark.
// It decides no rule and changes nothing stored: a hand saved offline waits in the
// outbox (static/js/outbox.js) until the server checks it.
/* global BUILD, SHELL */
const ASSETS = `barbu-assets-${BUILD}`;
const PAGES = "barbu-pages";
const KEPT_AT = "X-Kept-At";
const KEPT_FOR = "X-Kept-For";  // what the page asking drew it from (its version, language)
const MOST_PAGES = 120;  // the oldest copies go past this many
const MOST_KEPT = 64;  // the pages one page may ask to keep (a block's forms: 7 hands, 7 contracts)

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(ASSETS).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("barbu-assets-") && n !== ASSETS).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const found = await cache.match(request);
  if (found) return found;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).searchParams.has("v")) cache.put(request, response.clone());
  return response;
}

async function keep(url, response, tag = "") {
  if (!response.ok || response.type !== "basic" || response.headers.get("X-Offline") !== "keep") return;
  const headers = new Headers(response.headers);
  headers.set(KEPT_AT, String(Date.now()));
  if (tag) headers.set(KEPT_FOR, tag);
  headers.delete("Content-Length");  // the body is kept decoded, and grows by a mark
  headers.delete("Content-Encoding");
  const copy = new Response(await response.blob(), { status: 200, headers });
  const cache = await caches.open(PAGES);
  await cache.put(url, copy);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MOST_PAGES)).map((k) => cache.delete(k)));
}

// A kept copy as it opens offline: its <body> says since when (app.js shows it).
async function marked(copy) {
  const text = await copy.text();
  const since = copy.headers.get(KEPT_AT) || "";
  const body = text.replace("<body", `<body data-offline-since="${since.replace(/\D/g, "")}"`);
  return new Response(body, { status: 200, headers: copy.headers });
}

async function page(event) {
  const { request } = event;
  try {
    const response = await fetch(request);
    event.waitUntil(keep(request.url, response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    const cache = await caches.open(PAGES);
    const copy = (await cache.match(request.url)) || (await cache.match(new URL("/", request.url).href));
    if (copy) return marked(copy);
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(asset(request));
  else if (request.mode === "navigate") event.respondWith(page(event));
});

// A page names the pages it leads to (the next hand's form for each contract left) and
// what it drew them from (``tag``: the session's version, the page's language): kept now,
// while the connection lasts, so they open without it. A page kept for the same tag is
// not fetched again (a scorer's screen opened again with nothing saved costs no request);
// a saved hand moves the version, and the forms are fetched again. The answer, to a
// message port if one is given: how many were fetched and how many were current.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const urls = Array.isArray(data.keep) ? data.keep.slice(0, MOST_KEPT) : [];
  const tag = typeof data.tag === "string" ? data.tag.slice(0, 200) : "";
  event.waitUntil((async () => {
    const cache = await caches.open(PAGES);
    const done = { fetched: 0, current: 0 };
    for (const url of urls) {  // one at a time: the laptop serves the table first
      const target = new URL(url, self.location.href);
      if (target.origin !== self.location.origin) continue;
      const had = tag ? await cache.match(target.href) : null;
      if (had && had.headers.get(KEPT_FOR) === tag) {
        done.current += 1;
        continue;
      }
      const response = await fetch(target.href, { credentials: "same-origin" }).catch(() => null);
      if (!response) break;  // the connection went: what was kept stays
      await keep(target.href, response, tag);
      done.fetched += 1;
    }
    if (event.ports && event.ports[0]) event.ports[0].postMessage(done);
  })());
});
