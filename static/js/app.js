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

// Moments the server wrote in UTC (<time datetime data-clock>, printed "21:14 UTC") shown
// in this device's zone, the table's, in the page's language; the full date in the title.
document.querySelectorAll("time[data-clock]").forEach((time) => {
  const moment = new Date(time.dateTime);
  if (Number.isNaN(moment.getTime())) return;
  const lang = document.documentElement.lang || undefined;
  time.textContent = new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(moment);
  time.title = new Intl.DateTimeFormat(lang, { dateStyle: "full", timeStyle: "short" }).format(moment);
});
