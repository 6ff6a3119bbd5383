// Keep the screen awake (Screen Wake Lock) where the browser allows it, and say plainly
// in the page when it does not (plain http on a LAN address is not a secure context).
(function () {
  "use strict";
  var note = document.querySelector("[data-wakelock]");
  if (!note) return;
  var lock = null;
  function say(key) { note.textContent = note.getAttribute(key); note.dataset.state = key; }
  function request() {
    if (!("wakeLock" in navigator) || !window.isSecureContext) { say("data-off"); return; }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      say("data-on");
      sentinel.addEventListener("release", function () { lock = null; });
    }).catch(function () { say("data-off"); });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && lock === null) request();
  });
  request();
})();
