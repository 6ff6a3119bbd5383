// The director's console beeps when a new call to the director comes in: the live region
// (live.js) carries the newest open call's number in data-calls; when it grows, a short
// tone is played with Web Audio, made here (no file fetched). Browsers let a page sound
// only after a gesture, so the first tap or key on the console opens the sound. No rule here.
(function () {
  "use strict";
  var context = null;
  function newest() {
    var calls = document.querySelector("[data-calls]");
    return calls ? Number(calls.getAttribute("data-calls")) || 0 : 0;
  }
  var seen = newest();
  function open() {
    var Audio = window.AudioContext || window.webkitAudioContext;
    if (context || !Audio) return;
    context = new Audio();
    document.documentElement.setAttribute("data-sound", "on");
  }
  function beep() {
    if (!context) return;
    if (context.state === "suspended") context.resume();
    var tone = context.createOscillator(), volume = context.createGain();
    tone.frequency.value = 880;
    volume.gain.value = 0.2;
    tone.connect(volume);
    volume.connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.4);
    var root = document.documentElement;
    root.setAttribute("data-beeps", String(Number(root.getAttribute("data-beeps") || 0) + 1));
  }
  document.addEventListener("pointerdown", open);
  document.addEventListener("keydown", open);
  document.addEventListener("live:updated", function () {
    var now = newest();
    if (now > seen) beep();
    seen = now;
  });
})();
