"""What the JSON API modules share: the version an If-Match names (a compressed answer's
tag included), the JSON body read safely, their blueprint's errors; the static files'
freshness and the club night's event-or-404."""

from __future__ import annotations

import pytest
from flask import Flask
from werkzeug.exceptions import NotFound

from barbu_scorer.web.assets import fresh, static_files
from barbu_scorer.web.event_pages import event_or_404
from barbu_scorer.web.json_api import ApiError, api_blueprint, if_match_version, json_body


@pytest.mark.parametrize(
    ("header", "version"), [(None, None), ('"7"', 7), ('W/"7:gzip"', 7), ('"12:br"', 12)]
)
def test_if_match_names_a_version(app: Flask, header: str | None, version: int | None) -> None:
    headers = {"If-Match": header} if header else {}
    with app.test_request_context("/api/x", headers=headers):
        assert if_match_version() == version


def test_a_bad_if_match_or_body_is_a_400(app: Flask) -> None:
    with app.test_request_context("/api/x", headers={"If-Match": '"seven"'}):
        with pytest.raises(ApiError) as refused:
            if_match_version()
        assert refused.value.status == 400
    plain = app.test_request_context("/api/x", data="{}", content_type="text/plain")
    with plain, pytest.raises(ApiError):
        json_body()
    with app.test_request_context("/api/x", json={"a": 1}):
        assert json_body() == {"a": 1}


def test_each_api_blueprint_answers_its_errors_as_json() -> None:
    bp = api_blueprint("probe")
    assert bp.url_prefix == "/api"
    assert ApiError in bp.error_handler_spec[None][None]


def test_a_static_file_is_fresh_as_sent_or_compressed(app: Flask) -> None:
    files = static_files(app.static_folder or "static")
    assert "js/app.js" in files and files["js/app.js"]
    with app.test_request_context("/", headers={"If-None-Match": '"abc:gzip"'}):
        assert fresh("abc") and not fresh("abd")


def test_an_unknown_event_is_a_404(app: Flask) -> None:
    with app.test_request_context("/"), pytest.raises(NotFound):
        event_or_404("nope")
