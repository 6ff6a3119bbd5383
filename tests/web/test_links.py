"""web.links: the QR codes of the table's links, drawn once per link."""

from __future__ import annotations

import segno
from markupsafe import Markup

from barbu_scorer.paper.qr import qr_svg as _qr_svg
from barbu_scorer.web.links import qr_code


def test_a_qr_code_is_drawn_once_per_link_and_is_that_links() -> None:
    _qr_svg.cache_clear()
    url = "http://192.168.1.20:5000/w/abc"
    first, again = qr_code(url), qr_code(url)
    assert isinstance(first, Markup) and first == again
    assert _qr_svg.cache_info().hits == 1 and _qr_svg.cache_info().misses == 1
    expected = segno.make(url, error="m").svg_inline(dark="#000", light="#fff", omitsize=True)
    assert str(first) == expected and str(qr_code(url + "x")) != expected


def test_the_drawn_codes_kept_are_bounded() -> None:
    _qr_svg.cache_clear()
    for n in range(600):
        qr_code(f"http://table/w/{n}")
    assert _qr_svg.cache_info().currsize == 512
