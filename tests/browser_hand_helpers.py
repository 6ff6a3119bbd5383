"""What other test files share with test_browser_hand.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

from typing import Any

from tests.browser_helpers import NETWORK_IS


def save_offline(page: Any) -> None:
    """Save the hand form offline, and see it kept ("not sent yet"). First the preview's
    answer to the facts: one failing offline adds a line above Save, and the footer moved
    between the click's press and release (no click, no Save). Then offline as the network
    sees it, not only navigator.onLine: a Save sent in between reached the server (stored),
    and only its answer was cut."""
    page.locator("#preview-body .ok").wait_for()
    page.context.set_offline(True)
    page.evaluate(NETWORK_IS, False)
    page.click("#save")
    page.locator(".unsent").wait_for()


# Every visible piece of text on the page, with its computed size, when under 16 px.
SMALL_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest(".sheet-print, .sr-only")) continue;
    if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 15.95) out.push(`${node.textContent.trim().slice(0, 25)} ${size}px`);
  }
  return out;
}"""
