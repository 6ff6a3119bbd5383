"""What other test files share with tests/web/views/test_sessions.py, moved out of it (by
treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


class Page(HTMLParser):
    """A page as the tests read it: its tags with their attributes, and its text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.chunks: list[str] = []
        self.classes: list[list[str]] = []  # the classes of the open elements
        self.by_class: dict[str, list[str]] = {}
        self.feed(html)
        self.text = re.sub(r"\s+", " ", " ".join(self.chunks))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if tag not in ("input", "br", "meta", "link", "img"):
            classes = attributes.get("class", "").split()
            self.classes.append(classes)
            for name in classes:
                self.by_class.setdefault(name, []).append("")

    def handle_endtag(self, tag: str) -> None:
        if self.classes and tag not in ("input", "br", "meta", "link", "img"):
            self.classes.pop()

    def handle_data(self, data: str) -> None:
        self.chunks.append(data)
        for classes in self.classes:
            for name in classes:
                self.by_class[name][-1] += data

    def texts(self, css_class: str) -> list[str]:
        """The text of each element with this class, whitespace folded."""
        return [re.sub(r"\s+", " ", t).strip() for t in self.by_class.get(css_class, [])]

    def links(self) -> list[str]:
        return [a["href"] for tag, a in self.tags if tag == "a" and "href" in a]

    def count(self, tag: str) -> int:
        return sum(1 for t, _ in self.tags if t == tag)


def page(response: TestResponse) -> Page:
    return Page(response.get_data(as_text=True))


def new_form(names: list[str], scheme: str = "tournament", first: str = "0") -> dict[str, str]:
    return {
        "scheme": scheme,
        "first": first,
        **{f"players-{i}": name for i, name in enumerate(names)},
    }


def start(client: FlaskClient, names: list[str] | None = None, **options: str) -> str:
    """A session started through the page; its id (this client holds the edit key)."""
    response = client.post("/new", data=new_form(names or PLAYERS, **options))
    assert response.status_code == 302, response.get_data(as_text=True)
    location = response.headers["Location"]
    assert re.fullmatch(r"/s/[\w-]+", location)
    return location.rsplit("/", 1)[1]
