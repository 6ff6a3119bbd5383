"""One screen at 390x844 (issue 26, item 2), everywhere: every fact control and Save inside
the phone's screen, above the preview, when the form opens and once the preview has filled
in, for every contract of the built-in schemes (Salad too) at 3 to 10 players with names of
12 characters, and for every kind of Barbu Bridge deal (each sub-game, played or passed
out, before and after the last sub-game is forced).

One page load per case; every control's box measured in one evaluate() call; one page per
test, shared by its cases. Screenshots only of what fails, and of the worst cases."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.browser_one_screen_helpers import FILL, ON_SCREEN
from tests.browser_screens_helpers import NAMES
from tests.conftest import ARTIFACTS
from tests.helpers import DATA

pytestmark = pytest.mark.browser

# Every contract a built-in scheme plays (Tournament, Ravage City, French classic's Salad).
CONTRACTS = [
    "no_tricks",
    "no_queens",
    "no_last_two",
    "no_hearts",
    "no_king_of_hearts",
    "trumps",
    "dominoes",
    "ravage_city",
    "salad",
]


# A Barbu Bridge deal: 3♥ by North making 9, the honours open (or passed out), then the
# sub-game's result.
DEAL = """(passed) => {
  const click = (name, value) => {
    const input = document.querySelector(`input[name="${name}"][value="${value}"]`);
    if (input) input.click();
  };
  if (passed) click("level", "pass");
  else {
    click("level", "3"); click("strain", "H"); click("declarer", "0"); click("tricks", "9");
    document.querySelector("details.honours").open = true;  // its chips on screen too
  }
  click("king_of_hearts", "NS"); click("penultimate", "NS"); click("last", "EW");
  click("hearts", "4"); click("queens", "1");
}"""


def create(base: str, doc: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{base}/api/sessions",
        data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def measure(page: Any, form: str, name: str, worst: list[tuple[int, str]]) -> list[str]:
    """What is off the screen (with a screenshot of it), noting how low the lowest control is."""
    found = page.evaluate(ON_SCREEN, form)
    problems = list(found["out"])
    if found["wide"] > 390 or found["height"] != 844 or found["y"] != 0 or found["count"] < 3:
        problems.append(f"page: {found}")
    worst.append((found["lowest"], name))
    if problems:
        page.screenshot(path=str(ARTIFACTS / f"one-screen-{name}.png"))
        shown = f"{problems[:4]}{' ...' if len(problems) > 4 else ''}"
        return [f"{name} (lowest {found['lowest']}, footer at {found['footer']}): {shown}"]
    return []


def keep_worst(page: Any, worst: list[tuple[int, str]], fill: Any) -> None:
    """A screenshot of the case whose lowest control came nearest the footer, to judge by eye
    (``fill(name)`` opens it again, and fills it in when it was measured with its preview)."""
    _, name = max(worst)
    fill(name)
    page.screenshot(path=str(ARTIFACTS / f"one-screen-worst-{name}.png"))


@pytest.mark.parametrize(("players", "language"), [*((n, "en") for n in range(3, 11)), (4, "fr")])
def test_every_contract_on_one_screen(
    live_server: str, phone: Any, players: int, language: str
) -> None:
    """Each contract of every built-in scheme, at this many players, 12-character names;
    in French too at four (the longest words beside the doubles unfolded)."""
    phone.set_extra_http_headers({"Accept-Language": language})
    doc = create(
        live_server,
        {
            "format": "barbu-session/1",
            "players": NAMES[:players],
            "first_declarer": 0,
            "scheme": {"players": players, "contracts": CONTRACTS},
        },
    )
    phone.goto(doc["links"]["scorer"])
    problems: list[str] = []
    worst: list[tuple[int, str]] = []
    urls: dict[str, str] = {}
    for contract in CONTRACTS:
        name = f"{players}-{language}-{contract}"
        urls[name] = f"{live_server}/s/{doc['id']}/hand/1?contract={contract}"
        phone.goto(urls[name])
        problems += measure(phone, "hand-form", f"{name}-opening", worst)
        phone.evaluate(FILL)
        phone.locator("#preview-body .ok").wait_for()
        problems += measure(phone, "hand-form", f"{name}-preview", worst)
    if players in (3, 10) or language != "en":

        def again(name: str) -> None:
            phone.goto(urls[name.rsplit("-", 1)[0]])
            if name.endswith("-preview"):
                phone.evaluate(FILL)
                phone.locator("#preview-body .ok").wait_for()

        keep_worst(phone, worst, again)
    assert not problems, "\n".join(problems)


BRIDGE = DATA / "bridge_session.json"


@pytest.mark.parametrize(("played", "language"), [(0, "en"), (12, "en"), (12, "fr")])
def test_every_deal_kind_on_one_screen(
    live_server: str, phone: Any, played: int, language: str
) -> None:
    """Deal 1 (four sub-games to choose from) and deal 13 (the last sub-game forced, its
    note): each sub-game, a contract played and passed out, 12-character names; deal 13
    in French too."""
    phone.set_extra_http_headers({"Accept-Language": language})
    doc = json.loads(BRIDGE.read_text(encoding="utf-8"))
    doc |= {"players": NAMES[:4], "deals": doc["deals"][:played]}
    created = create(live_server, doc)
    phone.goto(f"{live_server}/b/{created['id']}/k/{created['edit_key']}")
    number = played + 1
    problems: list[str] = []
    worst: list[tuple[int, str]] = []
    urls: dict[str, str] = {}
    for subgame in ("barbu", "hearts", "last_two", "queens"):
        for passed in (False, True):
            name = f"deal{number}-{language}-{subgame}-{'passed' if passed else 'played'}"
            urls[name] = f"{live_server}/b/{created['id']}/deal/{number}?subgame={subgame}"
            phone.goto(urls[name])
            if not phone.locator(f'input[name="subgame"][value="{subgame}"]:checked').count():
                continue  # a sub-game this deal no longer offers
            problems += measure(phone, "deal-form", f"{name}-opening", worst)
            phone.evaluate(DEAL, passed)
            phone.locator("#preview-body .ok").wait_for()
            problems += measure(phone, "deal-form", f"{name}-preview", worst)

    def again(name: str) -> None:
        phone.goto(urls[name.rsplit("-", 1)[0]])
        if name.endswith("-preview"):
            phone.evaluate(DEAL, "-passed-" in name)
            phone.locator("#preview-body .ok").wait_for()

    keep_worst(phone, worst, again)
    assert not problems, "\n".join(problems)
