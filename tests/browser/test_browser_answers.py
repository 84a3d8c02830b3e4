"""Answers you can read, in a real Chromium: the panel under the stage writes what Python's
writer writes and follows a drag with no rerun, a dot's answer shows on hover and on a phone's
tap, a click writes it whole, and the text is big enough on a phone and a projector."""

import math
import re

import pytest
from playwright.sync_api import expect

import core
from common import format as fmt
from core import answer_text
from tests.support import stage_in_browser as stage_page

pytestmark = pytest.mark.browser

PANEL = '[data-testid="answers"]'
MIN_FOLLOWED_SHARE = 0.8  # the panel shows the stop the slider shows, in that same frame


def card(page, key: str):
    return page.locator(f'{PANEL} article[data-answer="{key}"]')


def words(text: str) -> str:
    return " ".join(text.split())


def panel_answer(world: dict, key: str, stop: str, question: str = answer_text.QUESTIONS[0]):
    """What the panel should write for method ``key`` at ``stop``: Python's text and score."""
    index = world[key]["stops"].index(stop)
    point = world["answers"][key]["index"][index]
    cloud = world[key]["cloud"][index]
    text = core.write_answer(question, cloud[2 * point] / 100, cloud[2 * point + 1] / 100)
    return text, fmt.signed(world["answers"][key]["proxy"][index])


def lonely_point(world: dict, n: str, beta: str) -> tuple[int, float, float]:
    """Best-of-n's cloud point at ``n`` farthest from any other dot (a hover finds it alone)."""
    n_cloud = world["n"]["cloud"][world["n"]["stops"].index(n)]
    kl_cloud = world["beta"]["cloud"][world["beta"]["stops"].index(beta)]
    answers = world["plane"]["answers"]
    others = [(kl_cloud[i], kl_cloud[i + 1]) for i in range(0, len(kl_cloud), 2)]
    points = [(answers[i], answers[i + 1]) for i in range(0, len(answers), 2)]
    best = None
    for marker in range(len(n_cloud) // 2):
        here = (n_cloud[2 * marker], n_cloud[2 * marker + 1])
        gap = min(math.dist(here, other) for other in others + [p for p in points if p != here])
        if best is None or gap > best[0]:
            best = (gap, marker, here)
    return best[1], best[2][0] / 100, best[2][1] / 100


def lonely_dot(page, world: dict, n: str, beta: str):
    """Where on the page that point's marker is (its centre, scrolled to mid-screen), and the
    sentences Python writes for it."""
    marker, length, substance = lonely_point(world, n, beta)
    dot = stage_page.root(page).locator('[data-cloud="n"] path').nth(marker)
    dot.evaluate("(element) => element.scrollIntoView({block: 'center'})")
    box = dot.bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return centre, answer_text.answer_sentences(answer_text.QUESTIONS[0], length, substance)


def test_the_panel_follows_a_drag_and_a_dot_reads_on_hover_and_click(desktop):
    stage_page.open_stage(desktop, "?beta=1&n=49")
    page = desktop.page
    world = stage_page.world()
    text, proxy = panel_answer(world, "n", "49")
    expect(card(page, "n").locator(".answer-text")).to_have_text(re.compile(re.escape(text[:60])))
    assert words(card(page, "n").locator(".answer-text").inner_text()) == text
    expect(card(page, "n").locator("h3")).to_have_text("Best-of-n keeps (n = 49)")
    expect(card(page, "n").locator(".answer-numbers")).to_contain_text(f"reward model {proxy}")
    kl_text, kl_proxy = panel_answer(world, "beta", "1")
    assert words(card(page, "beta").locator(".answer-text").inner_text()) == kl_text
    kl_numbers = card(page, "beta").locator(".answer-numbers")
    expect(kl_numbers).to_contain_text(f"reward model {kl_proxy}")
    expect(page.locator(PANEL)).to_contain_text("might read like")
    # Padding is marked as padding: at n = 49 the kept answer has some.
    assert card(page, "n").locator('[data-kind="padding"]').count() >= 1

    # Dragging n: the card names each stop the slider shows, in the same frame, with no rerun.
    sent_before = page.evaluate("() => window.__sentFrames")
    seen = followed = 0
    for value in stage_page.drag_across(page, "n"):
        seen += 1
        heading = card(page, "n").locator("h3").inner_text()
        followed += heading == f"Best-of-n keeps (n = {value})"
    assert page.evaluate("() => window.__sentFrames") == sent_before, "the drag sent nothing"
    page.mouse.up()
    assert seen >= 10 and followed >= MIN_FOLLOWED_SHARE * seen, (followed, seen)
    last = stage_page.shown(page, "n")
    text, _ = panel_answer(world, "n", last)
    assert words(card(page, "n").locator(".answer-text").inner_text()) == text
    stage_page.expect_url_holds(page, "n", last)

    # A dot of best-of-n's cloud: its answer on hover, whole in the panel on a click.
    centre, expected = lonely_dot(page, world, last, "1")
    page.mouse.move(*centre)
    tooltip = stage_page.root(page).locator(".tooltip")
    expect(tooltip).to_contain_text("an answer best-of-n keeps: length")
    expect(tooltip).to_contain_text(expected[0].text)
    page.mouse.click(*centre)
    expect(card(page, "picked")).to_be_visible()
    full = " ".join(sentence.text for sentence in expected)
    assert words(card(page, "picked").locator(".answer-text").inner_text()) == full

    # Another question: every card answers it, from its own banks.
    plants = answer_text.QUESTION_BANKS[1]
    page.locator(f"{PANEL} select").select_option(plants.id)
    text, _ = panel_answer(world, "n", last, plants.text)
    expect(card(page, "n").locator(".answer-text")).to_have_text(re.compile(re.escape(text[:60])))
    assert words(card(page, "n").locator(".answer-text").inner_text()) == text
    assert desktop.console_errors == []

    # A projector: presenter mode's text is 18 px or more.
    desktop.page.set_viewport_size({"width": 1280, "height": 720})
    stage_page.open_stage(desktop, "?beta=0.3&n=590&present=1")
    expect(card(page, "n").locator(".answer-text span").first).to_be_visible()
    for part in ('article[data-answer="n"] .answer-text', ".answer-numbers", ".answers-note"):
        element = page.locator(f"{PANEL} {part}").first
        assert element.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)") >= 18, part


def test_a_phone_tap_on_a_dot_shows_its_answer(phone):
    stage_page.open_stage(phone, "?beta=0.3&n=590")
    page = phone.page
    world = stage_page.world()
    expect(card(page, "n").locator(".answer-text span").first).to_be_attached()
    centre, expected = lonely_dot(page, world, "590", "0.3")
    page.touchscreen.tap(*centre)
    tooltip = stage_page.root(page).locator(".tooltip")
    expect(tooltip).to_contain_text(expected[0].text)
    tip_box = tooltip.bounding_box()
    assert tip_box["x"] >= 0 and tip_box["x"] + tip_box["width"] <= 390, "inside the screen"
    expect(card(page, "picked")).to_be_visible()  # the tap is a click too: written out below
    # At n = 590 the kept answer is mostly padding, and every line is 14 px or more.
    text = card(page, "n").locator(".answer-text")
    padding = text.locator('[data-kind="padding"]').count()
    assert padding > text.locator('[data-kind="content"]').count()
    for part in (".answer-text", ".answer-numbers", "h3"):
        element = card(page, "n").locator(part)
        assert element.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)") >= 14, part
        width = element.evaluate("(e) => e.scrollWidth - e.clientWidth")
        assert width <= 0, f"{part} is cut"
    assert phone.console_errors == []
