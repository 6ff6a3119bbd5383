// The outbox: a hand the scorer saved is kept in this browser (localStorage, which works on
// a plain http LAN address) until the server has answered it, and sent again by itself when
// the connection returns (the online event, the page coming back into view, a Retry
// button), even after a reload or with the tab closed meanwhile. A resend is safe: the
// server stores the same hand once, and answers "conflict" with both versions when another
// hand took the number. Loaded on the hand form and the session screen.
const Outbox = (() => {
  const KEY = "barbu-scorer-outbox";
  const HEADERS = { "X-Requested-With": "fetch", Accept: "application/json" };
  let sending = false;

  function all() {
    try {
      return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
    } catch (error) {
      return {};
    }
  }

  function write(items) {
    try {
      localStorage.setItem(KEY, JSON.stringify(items));
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

  // A hand as the form posts it: the session, its number, where it goes, every field.
  function keep(form, session, number) {
    const fields = [...new FormData(form).entries()].filter(([, v]) => typeof v === "string");
    const url = new URL(form.getAttribute("action"), window.location.href).href;
    const item = { id: `${session}/${number}`, session, number: Number(number), url, fields };
    item.fields.push(["action", "save"]);
    update(item.id, { ...item, problem: null });
    return item.id;
  }

  function pending(session) {
    return Object.values(all())
      .filter((item) => item.session === session)
      .sort((a, b) => a.number - b.number);
  }

  // The page's own CSRF token (a resend from a later page carries a fresh one).
  function token() {
    const field = document.querySelector("input[name=csrf_token], [data-csrf]");
    return field ? field.value || field.dataset.csrf : null;
  }

  // Send one kept hand; the answer's status: "saved", "refused", "conflict", "stale", or
  // "offline" when no answer came. Only "saved" takes it out of the outbox; the others
  // stay with the server's words until the scorer chooses.
  async function send(id, change = {}) {
    const item = all()[id];
    if (!item) return { status: "saved" };
    const data = new FormData();
    item.fields.forEach(([name, value]) => data.append(name, value));
    Object.entries(change).forEach(([name, value]) => data.set(name, value));
    const fresh = token();
    if (fresh) data.set("csrf_token", fresh);
    let answer;
    try {
      const response = await fetch(item.url, {
        method: "POST", body: data, headers: HEADERS, credentials: "same-origin",
      });
      answer = await response.json();
    } catch (error) {
      return { status: "offline" };
    }
    if (answer.status === "saved") update(id, null);
    else update(id, { problem: answer.status, html: answer.html, version: answer.version });
    return answer;
  }

  // Send every kept hand of the session, lowest number first; stop at the first that gets
  // no answer. ``done(answers)`` hears what happened.
  async function flush(session, done) {
    if (sending) return;
    sending = true;
    const answers = [];
    try {
      for (const item of pending(session).filter((i) => !i.problem || i.problem === "offline")) {
        const answer = await send(item.id);
        answers.push([item, answer]);
        if (answer.status === "offline") break;
      }
    } finally {
      sending = false;
    }
    done(answers);
  }

  // Flush now, when the connection returns and when the page comes back into view.
  function watch(session, done) {
    const go = () => flush(session, done);
    window.addEventListener("online", go);
    window.addEventListener("focus", go);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") go();
    });
    go();
  }

  return { keep, send, pending, flush, watch, drop: (id) => update(id, null), mark: update };
})();

// On the session screen: each hand not sent yet, with Retry, and the server's words when it
// answered with a refusal or a conflict (keep the recorded hand, or replace it with ours).
(() => {
  const box = document.getElementById("outbox");
  if (!box) return;
  const session = box.dataset.session;

  function draw() {
    const items = Outbox.pending(session);
    box.hidden = items.length === 0;
    box.replaceChildren();
    items.forEach((item) => {
      const row = document.createElement("div");
      row.className = "outbox-item";
      const line = document.createElement("p");
      line.className = "warn";
      line.textContent = box.dataset.pending.replace("{n}", item.number);
      row.append(line);
      if (item.html && item.problem && item.problem !== "offline") {
        const said = document.createElement("div");
        said.innerHTML = item.html;
        row.append(said);
      }
      const retry = document.createElement("button");
      retry.type = "button";
      retry.className = "wide";
      retry.textContent = box.dataset.retry;
      retry.addEventListener("click", () => {
        Outbox.mark(item.id, { problem: null });
        Outbox.flush(session, settle);
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

  function settle(answers) {
    if (answers.some(([, answer]) => answer.status === "saved")) window.location.reload();
    else draw();
  }

  draw();
  Outbox.watch(session, settle);
})();
