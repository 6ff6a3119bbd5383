// Follow a session live: poll its small version endpoint (ETag, 304 while nothing
// changed), and when the version moves fetch this page again and swap its live region.
// Every 2 s while visible, slower while hidden, backing off on errors. No rule here.
(function () {
  "use strict";
  var root = document.querySelector("[data-live]");
  if (!root) return;
  var region = document.querySelector("[data-live-region]");
  var status = root.querySelector("[data-live-status]");
  var VISIBLE = 2000, HIDDEN = 15000, MAX_BACKOFF = 30000;
  var version = root.getAttribute("data-version");
  var lastContact = Date.now(), failures = 0, timer = null, ended = root.hasAttribute("data-ended");

  function say(text, offline) {
    status.textContent = text;
    root.classList.toggle("live-offline", !!offline);
  }
  function ago() {
    if (ended || failures || !navigator.onLine) return;
    var seconds = Math.max(0, Math.round((Date.now() - lastContact) / 1000));
    say(root.getAttribute("data-updated").replace("__N__", seconds));
  }
  function schedule(delay) {
    clearTimeout(timer);
    if (!ended) timer = setTimeout(poll, delay);
  }
  function delay() {
    if (failures) return Math.min(MAX_BACKOFF, VISIBLE * Math.pow(2, failures));
    return document.hidden ? HIDDEN : VISIBLE;
  }
  // A tap is a press then a release on the same button: a region replaced between the two
  // loses it (the release lands on the new copy, no click). So while a finger or button is
  // down the fresh page waits, and is put in place just after the release's click; once a
  // form is sent the page is leaving and is no longer replaced.
  var pressed = false, waiting = null, leaving = false;
  document.addEventListener("pointerdown", function () { pressed = true; }, true);
  function release() {
    pressed = false;
    if (waiting) setTimeout(function () { var html = waiting; waiting = null; put(html); }, 50);
  }
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", release, true);
  // on window, so it hears the submit after the page's own handlers (a confirm refused,
  // a form sent by script) and only a real departure counts
  window.addEventListener("submit", function (e) { if (!e.defaultPrevented) leaving = true; });
  function swap() {
    // "no-cache": the browser asks with its copy's ETag and takes a 304 as that copy.
    return fetch(location.href, {cache: "no-cache", credentials: "same-origin"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        if (pressed) waiting = html;
        else put(html);
      });
  }
  function put(html) {
    if (leaving) return;
    var page = new DOMParser().parseFromString(html, "text/html");
    var fresh = page.querySelector("[data-live-region]");
    var freshRoot = page.querySelector("[data-live]");
    // a screen reader hears a new hand (its number grew; not an undo or a correction):
    // the page's sentence copied into the polite live region
    var before = region && region.querySelector("[data-announce]");
    var news = fresh && fresh.querySelector("[data-announce]");
    var shown = before ? Number(before.getAttribute("data-announce")) : 0;
    var announce = root.querySelector("[data-live-announce]");
    if (fresh && region) region.innerHTML = fresh.innerHTML;
    if (news && announce && Number(news.getAttribute("data-announce")) > shown) {
      announce.textContent = news.textContent.replace(/\s+/g, " ").trim();
    }
    if (freshRoot) {
      version = freshRoot.getAttribute("data-version");
      root.setAttribute("data-ended-text", freshRoot.getAttribute("data-ended-text") || "");
    }
    if (freshRoot && freshRoot.hasAttribute("data-ended")) stop();
    document.dispatchEvent(new CustomEvent("live:updated"));
  }
  function stop() {
    ended = true;
    clearTimeout(timer);
    say(root.getAttribute("data-ended-text") || "");
  }
  function poll() {
    fetch(root.getAttribute("data-live"), {
      cache: "no-store",
      credentials: "same-origin",
      headers: {"If-None-Match": '"' + version + '"'}
    }).then(function (r) {
      if (r.status === 304) return null;
      if (!r.ok) throw new Error(r.status);
      return r.json().then(function (body) {
        if (String(body.version) !== String(version)) return swap();
        if (body.ended) stop();
      });
    }).then(function () {
      failures = 0;
      lastContact = Date.now();
      ago();
      schedule(delay());
    }).catch(function () {
      failures += 1;
      var wait = delay();
      say(root.getAttribute("data-offline").replace("__N__", Math.round(wait / 1000)), true);
      schedule(wait);
    });
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && !ended) schedule(0);
  });
  window.addEventListener("online", function () { if (!ended) schedule(0); });
  window.addEventListener("offline", function () {
    say(root.getAttribute("data-offline").replace("__N__", Math.round(delay() / 1000)), true);
  });
  if (ended) { stop(); return; }
  setInterval(ago, 1000);
  ago();
  schedule(VISIBLE);
})();
