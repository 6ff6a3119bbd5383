// The director's correction of a table's hand: its Save goes through the outbox
// (outbox.js), as a table's own hand does: it always answers, a quick tap is never lost,
// a correction the server did not answer is kept on this device (a closed tab too) and
// sent once when it answers again; the console lists what waits and sends it.
(() => {
  const form = document.getElementById("correct-form");
  if (!form) return;
  const body = document.getElementById("correct-answer");
  const save = document.getElementById("save");
  Outbox.saving(form, { body, save, cancel: () => {} });
})();
