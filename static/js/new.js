// New session (both games): the first-declarer chips follow the names as they are typed;
// Enter moves to the next seat; the roster chips fill the next empty seat in one tap.
(() => {
  // The chips follow the typing here: the no-script way to name them is not needed.
  document.querySelectorAll("[data-no-script]").forEach((element) => { element.hidden = true; });
  const seats = [...document.querySelectorAll("input[data-seat]")];
  const blank = (input) => !input.value.trim();
  // What an empty seat's chip says, in the page's language (its data-label).
  const label = (input) => input.dataset.label || "";
  const chips = [...document.querySelectorAll("[data-roster-name]")];
  // A chip is pressed while a seat holds its name as the roster spells it. Whether two
  // names are the same player (case, accents) is the server's rule (scoring/players.py):
  // it answers a name given twice with its message; the script compares no names.
  const holds = (input, chip) => input.value.trim() === chip.dataset.rosterName;

  const mark = () => chips.forEach((chip) => {
    const taken = seats.some((input) => holds(input, chip));
    chip.setAttribute("aria-pressed", taken ? "true" : "false");
  });

  seats.forEach((input, index) => {
    input.addEventListener("input", () => {
      const name = document.querySelector(`[data-name-of="${input.dataset.seat}"]`);
      if (name) name.textContent = input.value.trim() || label(input);
      input.removeAttribute("aria-invalid");
      mark();
    });
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      const next = seats.slice(index + 1).find(blank) || seats.find(blank);
      if (!next && index === seats.length - 1) return; // every seat named: Enter starts
      event.preventDefault();
      (next || seats[index + 1] || input).focus();
    });
  });

  const roster = document.querySelector("[data-roster]");
  if (!roster) return;
  roster.hidden = false;
  seats.forEach((input) => input.setAttribute("list", "roster-list"));
  chips.forEach((chip) => chip.addEventListener("click", () => {
    const taken = seats.find((input) => holds(input, chip));
    const target = taken || seats.find(blank);
    if (!target) return;
    target.value = taken ? "" : chip.dataset.rosterName;
    target.dispatchEvent(new Event("input", { bubbles: true }));
  }));
  const filter = roster.querySelector("[data-roster-filter]");
  if (filter) filter.addEventListener("input", () => {
    const wanted = filter.value.trim().toLowerCase();
    let shown = 0;
    chips.forEach((chip) => {
      const fits = wanted ? chip.dataset.rosterName.toLowerCase().includes(wanted)
        : !chip.hasAttribute("data-more");
      chip.hidden = !fits || shown >= 12;
      if (!chip.hidden) shown += 1;
    });
  });
  mark();
})();
