"""Large text (issue 26, item 8): the bar's switch keeps it in a cookie of its own, and
every page's <html> carries the class from the server (no flash of small text)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from helpers import session_document


def test_the_switch_keeps_large_text_in_a_cookie(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert '<html lang="en">' in page and "?size=large" in page and ">A+<" in page
    answer = client.get("/text?size=large&next=/schemes")
    assert answer.status_code == 303 and answer.headers["Location"] == "/schemes"
    assert "text=large" in answer.headers["Set-Cookie"]
    page = client.get("/schemes").get_data(as_text=True)
    assert '<html lang="en" class="large-text">' in page
    assert "?size=normal" in page and "Normal text size" in page
    answer = client.get("/text?size=normal&next=/")
    assert "text=;" in answer.headers["Set-Cookie"]  # dropped
    assert 'class="large-text"' not in client.get("/").get_data(as_text=True)


def test_the_switch_speaks_french(client: FlaskClient) -> None:
    french = {"Accept-Language": "fr-FR"}
    assert "Grands caractères" in client.get("/", headers=french).get_data(as_text=True)
    client.get("/text?size=large")
    assert "Caractères normaux" in client.get("/", headers=french).get_data(as_text=True)


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "javascript:x"])
def test_the_switch_goes_back_only_inside_the_app(client: FlaskClient, target: str) -> None:
    answer = client.get("/text", query_string={"size": "large", "next": target})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_a_cached_watch_page_follows_the_text_size(client: FlaskClient) -> None:
    """The watch and TV pages are cached per version: the text size is part of the key
    (a watcher with large text got the small page another had fetched, and back)."""
    created = client.post("/api/sessions", json=session_document("tournament", 1, 3)).get_json()
    for path in (f"/w/{created['id']}", f"/w/{created['id']}/tv"):
        first = client.get(path)
        assert 'class="large-text"' not in first.get_data(as_text=True)
        client.get("/text?size=large")
        larger = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
        assert larger.status_code == 200 and larger.headers["ETag"] != first.headers["ETag"]
        assert '<html lang="en" class="large-text">' in larger.get_data(as_text=True)
        client.get("/text?size=normal")
        assert 'class="large-text"' not in client.get(path).get_data(as_text=True)
