// The outbox, for every form that records play (a Tournament hand, a Barbu Bridge deal, a
// correction of either): what the scorer saved is kept in this browser (localStorage, which
// works on a plain http LAN address) until the server has answered it, and sent again by
// itself: at once, then every 1, 2, 4, then 5 s while the page is open and something waits
// (a server stopped then started, not only a connection lost), on the online event, when
// the page comes back into view, or on Retry; even after a reload or with the tab closed
// meanwhile. One flush at a time in the whole browser, across its tabs (Web Locks where the
// browser has them, else a lease in localStorage), so a hand is sent once. A resend is safe
// all the same: the server stores the same entry once, and answers "conflict" with both
// versions when another hand took the number. Loaded on the entry forms and the scorer's
// screens. The script decides no rule: the server's answer says what happened.
const Outbox = (() => {
  const KEY = "barbu-scorer-outbox";
  const LOCK = "barbu-scorer-outbox-flush";
  const LEASE = "barbu-scorer-outbox-lease";
  const HEADERS = { "X-Requested-With": "fetch", Accept: "application/json" };
  const ANSWER_WITHIN = 10000;  // no answer by then: counted as offline, tried again later
  // The first and the longest wait between two tries, in ms: the script tag's data-retry,
  // from the app's OUTBOX_RETRY_MS (a test server shortens them).
  const retry = (document.currentScript && document.currentScript.dataset.retry) || "1000 5000";
  const [FIRST_RETRY, LAST_RETRY] = retry.split(" ").map(Number);
  const me = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

  // The outbox's one localStorage value: the entries by id, and "~rev", which every write
  // advances (so a tab can tell whether its copy is the latest, see ``settled``). An empty
  // outbox leaves no value at all: a page that keeps nothing stores nothing (a value with
  // only "~rev" in it once outlived the test that wrote it, tests/test_browser_phone.py).
  // The rev then lives on in IndexedDB as a negative number: "this rev, and empty".
  const REV = "~rev";
  let floor = 0;  // the highest rev this tab has known: its next write goes past it
  let writes = 0;

  function stored() {
    try {
      return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
    } catch (error) {
      return {};
    }
  }

  const rev = () => Number(stored()[REV]) || 0;

  function absent() {
    try {
      return localStorage.getItem(KEY) === null;
    } catch (error) {
      return true;
    }
  }

  function all() {
    const items = stored();
    delete items[REV];
    return items;
  }

  function write(items) {
    floor = Math.max(rev(), floor) + 1;
    writes += 1;
    try {
      const value = JSON.stringify({ ...items, [REV]: floor });
      if (!Object.keys(items).length) localStorage.removeItem(KEY);
      else {
        try {
          localStorage.setItem(KEY, value);
        } catch (full) {  // the pages kept for plain http (app.js) give their room first
          localStorage.removeItem("barbu-scorer-pages");
          localStorage.setItem(KEY, value);
        }
      }
    } catch (error) {
      // Storage full or refused: the hand still goes now if the connection allows.
    }
    document.dispatchEvent(new CustomEvent("outbox:changed"));  // beat.js tells the table
  }

  function update(id, change) {
    const items = all();
    if (change) items[id] = { ...(items[id] || {}), ...change };
    else delete items[id];
    write(items);
  }

  // An entry as the form posts it: the session, its number, where it goes, every field.
  // Read now (the form as tapped); written by ``keeping`` inside the lock.
  function entry(form, session, number) {
    const fields = [...new FormData(form).entries()].filter(([, v]) => typeof v === "string");
    const url = new URL(form.getAttribute("action"), window.location.href).href;
    // A form may name its entry (a director's correction: the table's session in it).
    const id = form.dataset.entry || `${session}/${number}`;
    const item = { id, session, number: Number(number), url, fields, label: form.dataset.label };
    item.fields.push(["action", "save"]);
    return item;
  }


  function pending(session) {
    return Object.values(all())
      .filter((item) => item && item.session === session)
      .sort((a, b) => a.number - b.number);
  }

  // Still to send by itself: never answered, or not reached yet. A refusal, a conflict or a
  // stale version waits for the scorer.
  const unsent = (item) => !item.problem || item.problem === "offline";

  // --- one flush at a time in this browser ---------------------------------------------

  // Without Web Locks (they need a secure context: not a plain http LAN address), a lease in
  // localStorage: taken when free or run out, checked again a moment later (two tabs taking
  // it at once: the last write wins), renewed before each send, given back at the end.
  function lease() {
    try {
      return JSON.parse(localStorage.getItem(LEASE) || "null");
    } catch (error) {
      return null;
    }
  }

  function renew() {
    const held = lease();
    if (held && held.owner === me) take();
  }

  function take() {
    localStorage.setItem(LEASE, JSON.stringify({ owner: me, until: Date.now() + ANSWER_WITHIN + 5000 }));
  }

  async function leased(task) {
    try {
      for (;;) {
        const held = lease();
        if (!held || held.owner === me || held.until < Date.now()) {
          take();
          await sleep(50);
          const now = lease();
          if (now && now.owner === me) break;
        } else {
          await sleep(150 + Math.random() * 150);
        }
      }
    } catch (error) {
      return task();  // no storage at all: this page alone
    }
    try {
      return await task();
    } finally {
      const held = lease();
      if (held && held.owner === me) localStorage.removeItem(LEASE);
    }
  }

  // Another tab's last write reaches this tab's copy of localStorage a moment after that tab
  // let the lock go: the copy may still hold an entry just sent. So the lock's holder leaves
  // the outbox's "~rev" in IndexedDB (which every tab reads alike) before letting go, and the
  // next holder waits (2 s at most) until its localStorage copy has that rev.
  let shared = null;
  function database() {
    if (!shared) {
      shared = new Promise((resolve, reject) => {
        const opening = indexedDB.open("barbu-scorer-outbox", 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore("rev");
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      shared.catch(() => { shared = null; });
    }
    return shared;
  }

  async function sharedRev(value) {  // the rev IndexedDB holds; ``value`` replaces it
    const db = await database();
    return new Promise((resolve, reject) => {
      const tx = db.transaction("rev", value === undefined ? "readonly" : "readwrite");
      let got = 0;
      if (value === undefined) {
        const read = tx.objectStore("rev").get("rev");
        read.onsuccess = () => { got = Number(read.result) || 0; };
      } else {
        tx.objectStore("rev").put(value, "rev");
      }
      tx.oncomplete = () => resolve(got);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  }

  async function settled(task) {
    let need = 0;
    try {
      need = await sharedRev();
    } catch (error) {
      need = 0;  // no IndexedDB here: this copy is the one there is
    }
    const emptied = need < 0;  // the last holder left the outbox empty, at rev -need
    need = Math.abs(need);
    floor = Math.max(floor, need);
    const current = () => rev() >= need || (emptied && absent());
    const until = Date.now() + 2000;
    while (!current() && Date.now() < until) await sleep(20);
    // Still behind after 2 s: this copy was cleared meanwhile; from now on it is the count.
    if (!current()) await sharedRev(rev()).catch(() => {});
    const before = writes;
    try {
      return await task();
    } finally {
      if (writes !== before) await sharedRev(absent() ? -floor : rev()).catch(() => {});
    }
  }

  let chain = Promise.resolve();
  function exclusive(task) {
    const locked = () => (navigator.locks && navigator.locks.request
      ? navigator.locks.request(LOCK, () => settled(task))
      : leased(() => settled(task)));
    const run = chain.then(locked, locked);
    chain = run.catch(() => {});
    return run;
  }

  // --- sending ----------------------------------------------------------------------------

  // The page's own CSRF token (a resend from a later page carries a fresh one).
  function token() {
    const field = document.querySelector("input[name=csrf_token], [data-csrf]");
    return field ? field.value || field.dataset.csrf : null;
  }

  // Send one kept entry (inside the lock); the answer's status: "saved", "refused",
  // "conflict", "stale", "moved" (scoring moved to another phone: a 403 with its words),
  // or "offline" when no answer came. Only "saved" takes it out of the outbox; the others
  // stay with the server's words until the scorer chooses ("moved" stays until this phone
  // scores again: a hand is never dropped because the role went elsewhere).
  async function post(id, change = {}) {
    const item = all()[id];
    if (!item) return { status: "saved", gone: true };  // sent meanwhile (another tab)
    // A page the service worker opened from its copy (no connection then): its token may be
    // old. It sends nothing; it reloads when the connection returns (app.js), and sends then.
    if (document.body.dataset.offlineSince) return { status: "offline" };
    renew();
    const data = new FormData();
    item.fields.forEach(([name, value]) => data.append(name, value));
    Object.entries(change).forEach(([name, value]) => data.set(name, value));
    const fresh = token();
    if (fresh) data.set("csrf_token", fresh);
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), ANSWER_WITHIN);
    let answer;
    try {
      const response = await fetch(item.url, {
        method: "POST", body: data, headers: HEADERS, credentials: "same-origin", signal: stop.signal,
      });
      if (response.status >= 500) return { status: "offline" };  // busy or down: later
      answer = await response.json().catch(() => ({ status: "refused", html: "" }));
    } catch (error) {
      return { status: "offline" };
    } finally {
      clearTimeout(timer);
    }
    if (answer.status === "saved") update(id, null);
    else update(id, { problem: answer.status, html: answer.html, version: answer.version });
    return answer;
  }

  // Send every kept entry of the session, lowest number first, stopping at the first the
  // server does not store; the answers, [item, answer] each. A flush asked for while another of
  // this page waits for the lock is that one.
  const queued = {};
  const toKeep = {};
  function flush(session, item = null) {
    if (item) toKeep[item.id] = item;
    if (!queued[session]) {
      queued[session] = exclusive(async () => {
        delete queued[session];
        Object.values(toKeep).filter((kept) => kept.session === session).forEach((kept) => {
          delete toKeep[kept.id];
          update(kept.id, { ...kept, problem: null });
        });
        const answers = [];
        for (const item of pending(session)) {
          if (!unsent(item)) break;  // a refusal waiting for the scorer holds the later ones
          const answer = await post(item.id);
          if (!answer.gone) answers.push([item, answer]);
          // In order, one at a time: a hand not stored (no answer, a refusal, a clash)
          // stops the queue; the hands after it stay kept, unsent, for after it.
          if (answer.status !== "saved") break;
        }
        return answers;
      });
    }
    return queued[session];
  }

  const send = (id, change = {}) => exclusive(() => post(id, change));

  // Flush now, then again with a growing wait while something is left to send; at once when
  // the connection returns or the page comes back into view. ``done(answers)`` hears every
  // answer but "offline". Returns ``{ now, later }``.
  function watch(session, done) {
    let timer = null;
    let wait = FIRST_RETRY;

    function later() {
      clearTimeout(timer);
      if (!pending(session).some(unsent)) {
        wait = FIRST_RETRY;
        return;
      }
      timer = setTimeout(go, wait);
      wait = Math.min(wait * 2, LAST_RETRY);
    }

    async function go() {
      clearTimeout(timer);
      const heard = (await flush(session)).filter(([, answer]) => answer.status !== "offline");
      if (heard.length) done(heard);
      later();
    }

    function now() {
      wait = FIRST_RETRY;
      go();
    }

    window.addEventListener("online", now);
    window.addEventListener("focus", now);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") now();
    });
    go();
    return { now, later };
  }

  // --- an entry form's Save ---------------------------------------------------------------

  // Save always answers: "Checking…" at once, then the session screen, the refusal, both
  // versions of a clash, or "not sent yet" with the entry kept here. The form carries what
  // the page says (data-session, -number, -scorer, -checking, -retry, -unsent); ``body``
  // shows the answer; ``cancel()`` stops the preview on its way.
  function saving(form, { body, save, cancel }) {
    const session = form.dataset.session;
    const number = Number(form.dataset.number);
    const label = save.textContent;
    const handled = new WeakSet();
    let busy = false;
    let retries = null;
    let kept = null;  // the id this page kept, while it waits to be sent

    function note(text) {
      const line = document.createElement("div");
      line.className = "unsent";
      line.setAttribute("role", "status");
      const words = document.createElement("p");
      words.className = "warn";
      words.textContent = text;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "wide";
      button.textContent = form.dataset.retry;
      button.addEventListener("click", () => retries.now());
      line.append(words, button);
      body.replaceChildren(line);
    }

    function answered(id, answer) {
      if (handled.has(answer)) return;  // one answer heard twice (Save's and a resend's)
      handled.add(answer);
      if (answer.status !== "offline") kept = null;  // answered: no longer waiting here
      if (answer.status === "saved") {
        window.location.assign(answer.redirect || form.dataset.scorer);
        return;
      }
      busy = false;
      save.textContent = label;
      save.removeAttribute("aria-busy");
      if (answer.status === "offline") {
        note(form.dataset.unsent);
        return;
      }
      body.innerHTML = answer.html || "";
      if (answer.status !== "conflict") body.querySelectorAll("[data-choose]").forEach((b) => b.remove());
      if (answer.status === "moved") {
        // Scoring moved to another phone: not stored, and never sent by itself; the form
        // keeps it on screen and the outbox keeps it (listed, with the server's words, on
        // the scorer's screen once this phone takes the scoring back).
        save.disabled = true;
        return;
      }
      if (answer.status !== "conflict") {
        update(id, null);  // the form still holds the entry: the scorer fixes it here
        return;
      }
      body.querySelectorAll("[data-choose]").forEach((button) => {
        button.addEventListener("click", async () => {
          if (button.dataset.choose === "keep") {
            update(id, null);
            window.location.assign(form.dataset.scorer);
            return;
          }
          answered(id, await send(id, { intent: "correct", version: answer.version }));
        });
      });
    }

    // What a resend (by itself, online, focus, Retry) did with this page's entry.
    function heard(answers) {
      answers.forEach(([item, answer]) => {
        if (item.id === (form.dataset.entry || `${session}/${number}`)) answered(item.id, answer);
      });
    }

    // Kept here and sent meanwhile from another tab: this page's work is done.
    window.addEventListener("storage", (event) => {
      if (event.key === KEY && kept && !busy && !all()[kept]) window.location.assign(form.dataset.scorer);
    });

    form.addEventListener("submit", async (event) => {
      const action = event.submitter ? event.submitter.value : "save";
      if (action !== "save") return;  // Check posts as it does without JavaScript
      event.preventDefault();
      if (busy) return;  // a second tap sends nothing more
      busy = true;
      cancel();
      save.textContent = form.dataset.checking;
      save.setAttribute("aria-busy", "true");
      const item = entry(form, session, number);  // the form as tapped, kept in the lock
      const id = item.id;
      kept = id;
      const mine = (await flush(session, item)).find(([sent]) => sent.id === id);
      const answer = mine ? mine[1] : { status: "offline" };
      answered(id, answer);
      if (answer.status === "offline") retries.later();
    });
    retries = watch(session, heard);
  }

  return { send, pending, flush, watch, saving, drop: (id) => update(id, null), mark: update };
})();

// On the scorer's screen: each entry not sent yet, with Retry, and the server's words when
// it answered with a refusal or a conflict (keep the recorded one, or replace it with ours).
(() => {
  const box = document.getElementById("outbox");
  if (!box) return;
  const session = box.dataset.session;
  let retries = null;

  // The totals on screen are the server's last: while entries wait here, a note (the
  // server's words) says they are not in them. Nothing is added up on the phone.
  const notes = document.querySelectorAll("[data-pending-note]");

  function draw() {
    const items = Outbox.pending(session);
    box.hidden = items.length === 0;
    notes.forEach((note) => { note.hidden = items.length === 0; });
    box.replaceChildren();
    items.forEach((item) => {
      const row = document.createElement("div");
      row.className = "outbox-item";
      const line = document.createElement("p");
      line.className = "warn";
      const words = box.dataset.pending;
      line.textContent = words.replace("{n}", item.number).replace("{label}", item.label || "");
      if (item.label && !words.includes("{label}")) {  // the form's own words ("No Queens")
        const label = document.createElement("span");
        label.className = "muted";
        label.textContent = item.label;
        line.append(" · ", label);
      }
      if (!item.problem || item.problem === "offline") {
        const tag = document.createElement("span");
        tag.className = "tag warn";
        tag.textContent = box.dataset.unchecked;
        line.append(" ", tag);
      }
      row.append(line);
      if (item.html && item.problem && item.problem !== "offline") {
        const said = document.createElement("div");
        said.innerHTML = item.html;
        row.append(said);
      }
      if (item.problem === "refused" && box.dataset.draft) row.append(draft(item));
      const retry = document.createElement("button");
      retry.type = "button";
      retry.className = "wide";
      retry.textContent = box.dataset.retry;
      retry.addEventListener("click", () => {
        Outbox.mark(item.id, { problem: null });
        retries.now();
      });
      row.append(retry);
      row.querySelectorAll("[data-choose]").forEach((button) => {
        button.addEventListener("click", async () => {
          if (button.dataset.choose === "keep") Outbox.drop(item.id);
          else settle([[item, await Outbox.send(item.id, { intent: "correct", version: item.version })]]);
          draw();
        });
      });
      box.append(row);
    });
  }

  // A refused entry back as a draft: its form, drawn by the server from what was kept (the
  // form's own Check), with the server's reason; Save there replaces the kept one.
  function draft(item) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "wide primary";
    button.textContent = box.dataset.draft;
    button.addEventListener("click", () => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = item.url;
      form.hidden = true;
      item.fields.filter(([name]) => name !== "action" && name !== "csrf_token").forEach(([name, value]) => {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      });
      [["action", "check"], ["csrf_token", box.dataset.csrf]].forEach(([name, value]) => {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      });
      document.body.append(form);
      form.submit();
    });
    return button;
  }

  function settle(answers) {  // "moved" is drawn with its words, the entry kept
    if (answers.some(([, answer]) => answer.status === "saved")) window.location.reload();
    else draw();
  }

  // This phone scores (again): what it kept when the scoring had moved goes now (a hand
  // another phone entered meanwhile answers "conflict", both versions shown).
  Outbox.pending(session).filter((item) => item.problem === "moved")
    .forEach((item) => Outbox.mark(item.id, { problem: null }));
  draw();
  window.addEventListener("storage", (event) => { if (event.key === "barbu-scorer-outbox") draw(); });
  retries = Outbox.watch(session, settle);
})();

// On a hand's choice of contract: the contract each earlier hand kept on this phone (not
// sent yet, not checked) was given, named on its chip ("kept for hand 3"). The page hides
// nothing and decides nothing: the server checks every hand when it is sent.
(() => {
  const nav = document.querySelector("nav.contracts[data-kept]");
  if (!nav) return;
  const number = Number(nav.dataset.number);
  Outbox.pending(nav.dataset.session).filter((item) => item.number < number).forEach((item) => {
    const named = item.fields.find(([name]) => name === "contract");
    nav.querySelectorAll("a.chip").forEach((chip) => {
      if (!named || new URL(chip.href).searchParams.get("contract") !== named[1]) return;
      const tag = document.createElement("span");
      tag.className = "tag warn";
      tag.textContent = nav.dataset.kept.replace("{n}", item.number);
      chip.append(" ", tag);
    });
  });
})();
