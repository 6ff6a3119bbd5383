"""What other test files share with test_browser_one_screen.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

# Each control a scorer taps for a fact (a chip, a fold's line, a shortcut) and Save: inside
# the viewport, above the footer's top edge, the page no wider than the phone (a wider
# page would zoom the viewport out and hide the overflow from the measure). Controls inside
# a closed fold have no box and are not counted; the raw scores' fold is not a fact.
ON_SCREEN = """(form) => {
  const root = document.getElementById(form);
  const footer = root.querySelector("footer.preview").getBoundingClientRect();
  const controls = [...root.querySelectorAll(
    "label.chip, button.chip, details.facts > summary, .doubles-fold > summary, .honours > summary"
  )]
    .filter((el) => !el.closest("footer, .raw-entry, .change"))
    .filter((el) => el.checkVisibility() && el.getBoundingClientRect().height > 0);
  const out = controls.map((el) => [el.textContent.trim().slice(0, 16), el.getBoundingClientRect()])
    .filter(([, r]) => r.top < 0 || r.bottom > footer.top + 0.5 || r.right > 390.5)
    .map(([t, r]) => `${t} ${Math.round(r.top)}-${Math.round(r.bottom)}`);
  // a label that holds more than it shows (the doubles' "On <declarer>" once read "On …")
  root.querySelectorAll(".double-row .who, .chip .name, .step-chip, #save").forEach((el) => {
    if (el.checkVisibility() && el.scrollWidth > el.clientWidth + 1) {
      out.push(`cut: ${el.textContent.trim().slice(0, 24)}`);
    }
  });
  const save = document.getElementById("save").getBoundingClientRect();
  if (save.bottom > window.innerHeight || save.top < 0) out.push("Save");
  const lowest = Math.max(...controls.map((el) => el.getBoundingClientRect().bottom));
  return {out, count: controls.length, y: window.scrollY, height: window.innerHeight,
          wide: document.documentElement.scrollWidth, lowest: Math.round(lowest),
          footer: Math.round(footer.top)};
}"""


# A complete hand, tapped as a scorer would: the first suit or rank, each count picker
# at 0 but the last (implied: the whole total), the last player for a card or trick taken
# (the one whose implied count holds it), the players in seat order for the finishing order.
FILL = """() => {
  const click = (el) => el && el.click();
  click(document.querySelector('input[name="trump"]'));
  for (const box of document.querySelectorAll("fieldset.counts")) {
    const who = [...box.querySelectorAll(".who-pick input")];
    for (const input of who.slice(0, -1)) {
      click(input);
      click(box.querySelector(`.count-row[data-seat="${input.value}"] input[value="0"]`));
    }
  }
  for (const name of ["ace_of_hearts", "king_of_hearts", "most_cards", "penultimate", "last"]) {
    const all = document.querySelectorAll(`input[name="${name}"]`);
    click(all[all.length - 1]);
  }
  document.querySelectorAll(".place-row").forEach((row, place) => {
    click(row.querySelectorAll("input")[place]);
  });
}"""
