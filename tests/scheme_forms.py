"""The scheme editor read as a browser reads it (the fields its form would post), and
the steps its tests take: open the editor, change fields, submit."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict


# -- reading the editor like a browser ----------------------------------------------------
class _Fields(HTMLParser):
    """The fields a browser would post from one form (no submit button)."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id, self.inside = form_id, False
        self.pairs: list[tuple[str, str]] = []
        self._textarea: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        elif self.inside and tag == "input" and "name" in a and "disabled" not in a:
            kind = a.get("type", "text")
            if kind in ("submit", "button", "file"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            self.pairs.append((a["name"], a.get("value", "on")))
        elif self.inside and tag == "textarea" and "name" in a:
            self._textarea = [a["name"], ""]

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._textarea[1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "textarea" and self._textarea is not None:
            self.pairs.append((self._textarea[0], self._textarea[1]))
            self._textarea = None


def form_fields(html: str, form_id: str = "scheme-form") -> MultiDict[str, str]:
    """What the page's form would post as it stands."""
    parser = _Fields(form_id)
    parser.feed(html)
    return MultiDict(parser.pairs)


def changed(fields: MultiDict[str, str], **changes: Any) -> MultiDict[str, str]:
    """The fields with some replaced (a list sets a repeated field; None removes it)."""
    out = MultiDict(fields)
    for key, value in changes.items():
        key = key.replace("__", "-")
        if value is None:
            out.poplist(key)
        elif isinstance(value, list):
            out.setlist(key, [str(v) for v in value])
        else:
            out[key] = str(value)
    return out


def editor(client: FlaskClient, url: str = "/schemes/new?from=tournament") -> MultiDict[str, str]:
    response = client.get(url)
    assert response.status_code == 200
    return form_fields(response.get_data(as_text=True))


def submit(
    client: FlaskClient,
    fields: MultiDict[str, str],
    action: str = "save",
    url: str = "/schemes/new",
) -> Any:
    return client.post(url, data=changed(fields, action=action))
