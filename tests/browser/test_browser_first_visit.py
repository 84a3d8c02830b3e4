"""A first visit against a real `streamlit run app.py`: the bundles gzipped when asked, the
title and a sentence before any script has run, and no syntax highlighter for a link."""

from __future__ import annotations

import gzip
import re
import urllib.request

import pytest

from harness import app_page

pytestmark = pytest.mark.browser

HIGHLIGHTER = "StreamlitSyntaxHighlighter"  # the 1.56 MB bundle st.code pulls in


def fetch(url: str, **headers: str):
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=60) as reply:
        return reply.headers, reply.read()


def test_the_bundles_come_gzipped_when_asked_and_plain_when_not(app_server):
    _headers, page = fetch(app_server.url)
    index = re.search(rb'src="\./(static/js/index\.[\w-]+\.js)"', page).group(1).decode()
    plain_headers, plain = fetch(app_server.url + index)
    packed_headers, packed = fetch(app_server.url + index, **{"Accept-Encoding": "gzip, br"})
    assert plain_headers.get("Content-Encoding") is None
    assert packed_headers.get("Content-Encoding") == "gzip"
    assert gzip.decompress(packed) == plain
    assert len(plain) > 400_000 and len(packed) < 0.35 * len(plain)  # 480 KB -> 148 KB
    assert packed_headers.get("Cache-Control") == "public, immutable, max-age=31536000"
    page_headers, page_packed = fetch(app_server.url + "best-of-n", **{"Accept-Encoding": "gzip"})
    assert page_headers.get("Content-Encoding") == "gzip"
    assert b"<title>Reward hacking, live</title>" in gzip.decompress(page_packed)


def test_the_title_and_a_sentence_show_before_any_script_has_run(new_tab):
    tab = new_tab("phone")
    page = tab.page
    page.route("**/static/js/**", lambda route: route.abort())  # no script ever arrives
    page.goto(tab.server.url + "best-of-n", wait_until="domcontentloaded")
    title = page.locator("#rh-first-paint .rh-title")
    assert title.is_visible() and title.inner_text() == "Reward hacking, live"
    sentence = page.locator("#rh-first-paint p")
    assert sentence.inner_text().startswith("A teaching demo of reward-model overoptimization")
    assert page.title() == "Reward hacking, live"
    box = title.bounding_box()
    assert box["y"] + box["height"] < 390, "on the first screen of a phone"


def test_the_playground_fetches_no_syntax_highlighter_but_the_lesson_does(new_tab):
    tab = new_tab("projector")
    page = tab.page
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    tab.open()
    page.locator(".rh-link input").first.wait_for()
    assert app_page.offered_links(page)[0].startswith(tab.server.url)
    page.wait_for_load_state("networkidle")
    assert not [url for url in fetched if HIGHLIGHTER in url]
    first_paint = page.locator("#rh-first-paint")
    assert first_paint.count() == 1 and not first_paint.is_visible(), "gone once the app drew"
    # The Lesson keeps st.code for its Python snippet: the same log sees the bundle come.
    page.get_by_role("link", name="Lesson").first.click()
    page.wait_for_function(
        "(name) => performance.getEntriesByType('resource').some((e) => e.name.includes(name))",
        arg=HIGHLIGHTER,
        timeout=60_000,
    )
    assert [url for url in fetched if HIGHLIGHTER in url]
