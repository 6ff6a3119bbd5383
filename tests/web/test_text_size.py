"""web/text_size.py: the large-text switch, kept in a cookie of its own, going back only
to a page of this app."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.web.text_size import COOKIE, LARGE, text_size


def test_the_switch_keeps_large_text_and_drops_it(client: FlaskClient) -> None:
    on = client.get("/text?size=large&next=/schemes")
    assert on.status_code == 303 and on.location == "/schemes"
    assert client.get_cookie(COOKIE) is not None and client.get_cookie(COOKIE).value == LARGE
    assert 'class="large-text"' in client.get("/").get_data(as_text=True)
    off = client.get("/text?size=normal&next=/")
    assert off.status_code == 303 and client.get_cookie(COOKIE) is None
    assert 'class="large-text"' not in client.get("/").get_data(as_text=True)


def test_the_switch_goes_back_to_this_app_only(client: FlaskClient) -> None:
    for elsewhere in ("https://evil.example/", "//evil.example/", "javascript:alert(1)"):
        answer = client.get("/text", query_string={"size": "large", "next": elsewhere})
        assert answer.status_code == 303 and "evil" not in answer.location
        assert not answer.location.startswith("javascript")


def test_what_the_bar_shows(app: Flask) -> None:
    with app.test_request_context():
        normal = text_size()
    assert (normal.html_class, normal.switch_to, normal.mark, normal.large) == (
        "",
        LARGE,
        "A+",
        False,
    )
    with app.test_request_context(headers={"Cookie": f"{COOKIE}={LARGE}"}):
        large = text_size()
    assert large.html_class == "large-text" and large.large and large.mark == "A\u2212"
