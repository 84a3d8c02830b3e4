"""The browser's history and the address: one entry per action, and Back returns whole.

Each action of the reader (a story step, a settled stage move, a b or σ change, a page switch)
adds exactly one entry; Back shows the picture before it, all four settings and the step lit,
Forward redoes it, and at every stop the address says what the screen shows.
"""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.support import app_page
from tests.support import stage_in_browser as stage_page
from ui.story_steps import PRESETS

pytestmark = pytest.mark.browser

# The story's seven steps as the screen and the address write them: (β, n, b, σ).
STEPS = (
    ("4", "1", "0", "0"),
    ("1", "49", "0", "0"),
    ("0.3", "590", "0", "0"),
    ("0.3", "590", "0.2", "0"),
    ("0.6", "200", "0", "0.5"),
    ("0.4", "590", "0.2", "1"),
    ("0.3", "10000", "0", "0"),
)
KEYS = ("beta", "n", "b", "sigma")
DEFAULTS = {"beta": "4", "n": "1", "b": "0", "sigma": "0"}  # what an address leaves out
# Every page with sliders of its own, and one slider on it to move.
PAGES = (
    ("best-of-n", "n"),
    ("kl-penalty", "beta"),
    ("reward-model", "pairs"),
    ("compare", "b"),
    ("defenses", "b"),
    ("checker", "check_beta"),
)

# Every Streamlit slider on the page: {its key: the value it shows}.
SLIDERS_JS = """
() => Object.fromEntries([...document.querySelectorAll('[class*="st-key-"]')]
  .filter((box) => box.querySelector(':scope > * input[type=range], :scope input[type=range]'))
  .map((box) => [[...box.classList].find((name) => name.startsWith('st-key-')).slice(7),
                 box.querySelector('input[type=range]').getAttribute('aria-valuetext')])
  .filter(([key]) => !key.startsWith('hint-')))
"""


def history_length(page) -> int:
    return page.evaluate("() => history.length")


def address(page) -> dict[str, str]:
    """The four settings as the address holds them (a setting left out is at its default)."""
    query = parse_qs(urlsplit(page.url).query)
    return {key: query[key][-1] if key in query else DEFAULTS[key] for key in KEYS}


def picture(page, *, present: bool) -> dict[str, str]:
    """The four settings as the Playground shows them, and the story step lit ("" if none)."""
    root = stage_page.root(page)
    b, sigma = root.get_attribute("data-world").split(",")
    shown = {"beta": stage_page.shown(page, "beta"), "n": stage_page.shown(page, "n")}
    shown |= {"b": b, "sigma": sigma}
    # The stage's b and σ sliders (hidden in presenter mode) show the world it has drawn.
    sliders = (stage_page.shown(page, "b"), stage_page.shown(page, "sigma"))
    assert sliders == (b, sigma), "b/σ sliders and the stage's world differ"
    lit = page.locator('[class*="st-key-step-"] [data-testid="stBaseButton-primary"]')
    shown["lit"] = "".join(sorted(set(lit.all_inner_texts())))
    return shown


def expect_step(page, index: int, *, present: bool) -> None:
    """Wait until the Playground shows story step `index` (0-based) whole, and check the
    address says the same."""
    beta, n, b, sigma = STEPS[index]
    root = stage_page.root(page)
    expect(root).to_have_attribute("data-beta", beta)
    expect(root).to_have_attribute("data-n", n)
    expect(root).to_have_attribute("data-world", f"{b},{sigma}")
    wanted = dict(zip(KEYS, STEPS[index], strict=True))
    for key, value in wanted.items():
        stage_page.expect_url_holds(page, key, None if value == DEFAULTS[key] else value)
    app_page.wait_until_ready(page)
    assert picture(page, present=present) == {**wanted, "lit": str(index + 1)}
    assert address(page) == wanted, page.url


def test_the_literal_steps_are_the_story_s_presets():
    """The table above is written out by hand; it must still be the story (a step moved)."""
    as_numbers = [tuple(float(text) for text in step) for step in STEPS]
    assert as_numbers == [tuple(preset.values[key] for key in KEYS) for preset in PRESETS]


@pytest.mark.parametrize("present", [False, True], ids=["normal", "presenter"])
def test_next_through_the_story_then_back_one_press_per_step(desktop, present):
    desktop.open("?present=1" if present else "")
    page = desktop.page
    stage_page.wait_until_drawn(page)
    expect_step(page, 0, present=present)
    start = history_length(page)
    for index in range(1, len(STEPS)):
        page.get_by_role("button", name="Next").click()
        expect_step(page, index, present=present)
        assert history_length(page) == start + index, f"Next to step {index + 1}: one entry"
        if present:
            expect(page.get_by_text(f"Step {index + 1} of 7")).to_be_visible()
    for index in reversed(range(len(STEPS) - 1)):
        page.go_back()
        expect_step(page, index, present=present)
    assert history_length(page) == start + len(STEPS) - 1, "Back adds no entry"
    page.go_forward()
    expect_step(page, 1, present=present)
    page.go_forward()
    expect_step(page, 2, present=present)
    # A reload of the address shows the same picture: it holds all four settings.
    page.reload()
    app_page.wait_until_ready(page)
    stage_page.wait_until_drawn(page)
    expect_step(page, 2, present=present)
    assert desktop.console_errors == []


def expect_playground(page, beta: str, n: str, b: str, sigma: str) -> None:
    """Wait until the Playground shows (β, n, b, σ), and check the address says the same."""
    root = stage_page.root(page)
    expect(root).to_have_attribute("data-beta", beta)
    expect(root).to_have_attribute("data-n", n)
    expect(root).to_have_attribute("data-world", f"{b},{sigma}")
    wanted = {"beta": beta, "n": n, "b": b, "sigma": sigma}
    for key, value in wanted.items():
        stage_page.expect_url_holds(page, key, None if value == DEFAULTS[key] else value)
    app_page.wait_until_ready(page)
    shown = picture(page, present=False)
    del shown["lit"]
    assert shown == wanted
    assert address(page) == wanted, page.url


def test_a_stage_move_and_a_b_or_sigma_change_are_one_entry_each(desktop):
    desktop.open("?beta=1&n=49")
    page = desktop.page
    stage_page.wait_until_drawn(page)
    expect_playground(page, "1", "49", "0", "0")
    start = history_length(page)
    moves = (  # the slider moved one stop, the picture after, what the move is
        ("beta", ("0.8", "49", "0", "0"), "a settled β move"),
        ("b", ("0.8", "49", "0.05", "0"), "a b change"),
        ("sigma", ("0.8", "49", "0.05", "0.1"), "a σ change"),
        ("n", ("0.8", "60", "0.05", "0.1"), "a settled n move"),
    )
    for entries, (key, picture_after, move) in enumerate(moves, start=1):
        stage_page.slider(page, key).press("ArrowRight")
        expect_playground(page, *picture_after)
        assert history_length(page) == start + entries, f"{move}: one entry"
    for picture_before in (
        ("0.8", "49", "0.05", "0.1"),
        ("0.8", "49", "0.05", "0"),
        ("0.8", "49", "0", "0"),
        ("1", "49", "0", "0"),
    ):
        page.go_back()
        expect_playground(page, *picture_before)
    page.go_forward()
    expect_playground(page, "0.8", "49", "0", "0")
    page.go_forward()
    expect_playground(page, "0.8", "49", "0.05", "0")
    assert history_length(page) == start + 4, "Back and Forward add no entry"
    assert desktop.console_errors == []


def sliders_match_the_address(page, at_load: dict[str, str]) -> dict[str, str]:
    """Every slider on the page shows what the address says (what it leaves out: the value the
    slider had when the page opened with a bare address); returns what the sliders show."""
    shown = page.evaluate(SLIDERS_JS)
    query = {key: values[-1] for key, values in parse_qs(urlsplit(page.url).query).items()}
    expected = {key: query.get(key, value) for key, value in at_load.items()}
    assert shown == expected, page.url
    return shown


@pytest.mark.parametrize(("path", "key"), PAGES, ids=[path for path, _ in PAGES])
def test_every_page_keeps_the_address_equal_to_the_screen(new_tab, path, key):
    tab = new_tab("desktop")
    tab.open(path)
    page = tab.page
    at_load = page.evaluate(SLIDERS_JS)
    assert key in at_load, at_load
    start = history_length(page)
    app_page.press_on_slider(page, key, "ArrowRight")
    expect(page).to_have_url(re.compile(rf"[?&]{key}="))
    app_page.wait_until_ready(page)
    moved = sliders_match_the_address(page, at_load)
    assert moved[key] != at_load[key]
    assert history_length(page) == start + 1, "a slider change: one entry"
    page.go_back()
    expect(page).not_to_have_url(re.compile(rf"[?&]{key}="))
    app_page.wait_until_ready(page)
    expect(app_page.slider_thumb(page, key)).to_have_attribute("aria-valuetext", at_load[key])
    assert sliders_match_the_address(page, at_load) == at_load
    page.go_forward()
    expect(app_page.slider_thumb(page, key)).to_have_attribute("aria-valuetext", moved[key])
    app_page.wait_until_ready(page)
    assert sliders_match_the_address(page, at_load) == moved
    assert history_length(page) == start + 1, "Back and Forward add no entry"
    assert tab.console_errors == []


def test_a_page_switch_is_one_entry_and_back_returns_to_the_playground(desktop):
    desktop.open("?n=49")
    page = desktop.page
    stage_page.wait_until_drawn(page)
    start = history_length(page)
    page.get_by_role("link", name="Best-of-n").first.click()
    expect(page).to_have_url(re.compile(r"/best-of-n\?n=49$"))
    expect(app_page.slider_thumb(page, "n")).to_have_attribute("aria-valuetext", "49")
    app_page.wait_until_ready(page)
    assert history_length(page) == start + 1, "a page switch: one entry"
    page.go_back()
    expect(page).to_have_url(re.compile(r"/\?n=49$"))
    app_page.wait_until_ready(page)
    stage_page.wait_until_drawn(page)
    expect_playground(page, "4", "49", "0", "0")
    page.go_forward()
    expect(page).to_have_url(re.compile(r"/best-of-n\?n=49$"))
    expect(app_page.slider_thumb(page, "n")).to_have_attribute("aria-valuetext", "49")
    assert history_length(page) == start + 1
    assert desktop.console_errors == []


# Cold deep links that the first run rewrites (settle_url writes every setting into the
# address): each is one visit.
DEEP_LINKS = (
    "best-of-n?n=49&b=0.2",
    "kl-penalty?beta=abc",
    "defenses",
    "reward-model?pairs=200",
    "compare?b=0.2&sigma=nan",
    "checker?pass1=2&h=nan",
    "?beta=1&n=49&b=0.2&sigma=0.5",
    "?present=1&n=1e99",
    "lesson",
)


@pytest.mark.parametrize("link", DEEP_LINKS)
def test_a_cold_deep_link_is_one_entry_and_back_leaves_the_app(new_tab, link):
    """A fresh tab on another page, then the link: history holds the page before and one entry
    for the visit, and one Back returns to the page before (the URL writes of the first run
    came before the history keeper's component mounted: each was an entry of its own)."""
    tab = new_tab("desktop")
    page = tab.page
    page.goto("about:blank")
    assert history_length(page) == 1
    tab.open(link)
    if link.startswith("?"):
        stage_page.wait_until_drawn(page)
    app_page.wait_until_ready(page)
    assert history_length(page) == 2, f"{link}: one entry for one visit"
    page.go_back()
    expect(page).to_have_url("about:blank")
    assert tab.console_errors == []


def test_b_and_sigma_follow_through_a_page_without_them_and_the_address_says_so(desktop):
    """The one rule of the settings table (every value follows the student), as the address
    shows it: the Lesson has no b or σ, and the pages after it show and write the stage's."""
    desktop.open("?b=0.2&sigma=0.5")
    page = desktop.page
    stage_page.wait_until_drawn(page)
    for name, path in (("Lesson", "lesson"), ("Compare", "compare"), ("Defenses", "defenses")):
        page.get_by_role("link", name=name).first.click()
        expect(page).to_have_url(re.compile(rf"/{path}(\?|$)"))
        app_page.wait_until_ready(page)
        if path == "lesson":
            continue
        expect(page).to_have_url(re.compile(rf"/{path}\?b=0\.2&sigma=0\.5$"))
        for key, value in (("b", "0.2"), ("sigma", "0.5")):
            expect(app_page.slider_thumb(page, key)).to_have_attribute("aria-valuetext", value)
    assert desktop.console_errors == []
