"""What other test files share with tests/web/views/test_hands.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


NO_TRICKS = {
    "contract": "no_tricks",
    "facts": {"tricks": [4, 3, 3, 3]},
    "doubles": [[1, 0], [2, 0], [3, 0]],
}


class Form(HTMLParser):
    """What a browser would post from a page: hidden and text fields, ticked choices,
    and the text of elements marked as errors."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.ticked: list[tuple[str, str]] = []
        self.disabled: list[tuple[str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag != "input" or "name" not in a:
            return
        pair = (a["name"], a.get("value", ""))
        if "disabled" in a:
            self.disabled.append(pair)
        elif a.get("type") in ("radio", "checkbox"):
            if "checked" in a:
                self.ticked.append(pair)
                self.fields.append(pair)
        else:
            self.fields.append(pair)

    def data(self, **changes: str | list[str] | None) -> list[tuple[str, str]]:
        """The posted pairs, with some fields replaced (None removes, a list repeats)."""
        names = {k.replace("_", "-") if k[-1].isdigit() else k: v for k, v in changes.items()}
        pairs = [(k, v) for k, v in self.fields if k not in names]
        for name, value in names.items():
            if isinstance(value, list):
                pairs += [(name, v) for v in value]
            elif value is not None:
                pairs.append((name, value))
        return pairs

    def checked(self, name: str) -> list[str]:
        return [value for key, value in self.ticked if key == name]


def form(response: TestResponse) -> Form:
    assert response.status_code == 200, response.status_code
    return Form(response.get_data(as_text=True))


def post(
    client: FlaskClient, session_id: str, number: int, pairs: Any, **kwargs: Any
) -> TestResponse:
    return client.post(f"/s/{session_id}/hand/{number}", data=_multi(pairs), **kwargs)


def _multi(pairs: Any) -> Any:
    from werkzeug.datastructures import MultiDict

    return MultiDict(pairs)


def session(client: FlaskClient, hands: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A session (Ada declares first) made through the API; this client holds the key."""
    response = client.post(
        "/api/sessions",
        json={
            "format": "barbu-session/1",
            "players": PLAYERS,
            "first_declarer": 0,
            "hands": hands or [],
        },
    )
    created = response.get_json()
    assert client.get(created["links"]["scorer"]).status_code == 302
    return created


def doc(client: FlaskClient, created: dict[str, Any]) -> dict[str, Any]:
    return client.get(f"/api/sessions/{created['id']}").get_json()


def fields(contract: str, number: int = 1, version: int = 1, **facts: Any) -> list[tuple[str, str]]:
    """A hand form's fields, written as the page names them ("tricks_0" for "tricks-0")."""
    pairs = [("number", str(number)), ("version", str(version)), ("contract", contract)]
    for name, value in facts.items():
        key = name.replace("_", "-") if name[-1].isdigit() else name
        for v in value if isinstance(value, list) else [value]:
            pairs.append((key, str(v)))
    return pairs
