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
