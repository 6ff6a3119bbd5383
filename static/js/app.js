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
