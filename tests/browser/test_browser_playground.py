"""The Playground in a real browser: it loads cleanly, and the keyboard drives β and n."""

import math

import pytest

from tests.support import app_page

pytestmark = pytest.mark.browser

SLIDER_KEYS = ("beta", "n", "b", "sigma")


def slider_state(page, key: str) -> dict:
    """Position, range and shown value of the slider `key` (an <input type=range>)."""
    thumb = app_page.slider_thumb(page, key)
    return {
        "value": int(thumb.get_attribute("value")),
        "min": int(thumb.get_attribute("min")),
        "max": int(thumb.get_attribute("max")),
        "text": thumb.get_attribute("aria-valuetext"),
    }


def assert_readouts_finite(values: list[str]) -> None:
    for text in values:
        number = float(text.replace("−", "-").replace("+", "").replace(",", ""))
        assert math.isfinite(number), f"a readout shows {text!r}"


def test_playground_loads_without_console_errors(desktop):
    desktop.open()
    page = desktop.page

    assert desktop.console_errors == []
    assert page.locator('[data-testid="stException"]').count() == 0
    for key in SLIDER_KEYS:
        thumb = app_page.slider_thumb(page, key)
        assert thumb.is_visible(), f"slider {key} is not visible"
        assert thumb.get_attribute("aria-label"), f"slider {key} has no accessible name"
    readouts = app_page.metric_values(page)
    assert len(readouts) >= 8, "KL, proxy gain, gold gain and mean length for both methods"
    assert_readouts_finite(readouts)
    charts = app_page.chart_fingerprints(page)
    assert len(charts) >= 2, f"expected the curves and the plane, found {sorted(charts)}"
    assert all(charts.values()), f"a chart has no figure: {charts}"


@pytest.mark.parametrize("key", ["beta", "n"])
def test_keyboard_moves_slider_and_redraws(desktop, key):
    """End, Home, ArrowRight, ArrowLeft each rerun the page: new readouts, redrawn charts.

    (In this order every step changes the readouts at their printed precision; n = 7,000 and
    n = 10,000, say, print the same.)
    """
    desktop.open()
    page = desktop.page
    start = slider_state(page, key)
    steps = ["End"] if start["value"] != start["max"] else []
    steps += ["Home", "ArrowRight", "ArrowLeft"]
    for keyboard_key in steps:
        before_slider = slider_state(page, key)
        before_readouts = app_page.metric_values(page)
        before_charts = app_page.chart_fingerprints(page)

        record = app_page.press_on_slider(page, key, keyboard_key)

        after_slider = slider_state(page, key)
        expected_position = {
            "Home": after_slider["min"],
            "End": after_slider["max"],
            "ArrowRight": before_slider["value"] + 1,
            "ArrowLeft": before_slider["value"] - 1,
        }[keyboard_key]
        assert after_slider["value"] == expected_position, keyboard_key
        assert after_slider["text"] != before_slider["text"]
        after_readouts = app_page.metric_values(page)
        assert after_readouts != before_readouts, f"{keyboard_key} on {key}: readouts unchanged"
        assert_readouts_finite(after_readouts)
        after_charts = app_page.chart_fingerprints(page)
        assert set(after_charts) == set(before_charts), "a chart appeared or vanished"
        changed = {chart for chart in after_charts if after_charts[chart] != before_charts[chart]}
        assert changed, f"{keyboard_key} on {key}: no chart shows anything new"
        assert changed <= set(record["chartsTouched"]), (
            f"charts with a new figure but no redraw seen: {changed - set(record['chartsTouched'])}"
        )
        assert all(after_charts.values()), f"a chart lost its figure: {after_charts}"
        assert page.locator('[data-testid="stException"]').count() == 0
    assert desktop.console_errors == []


def test_holding_an_arrow_key_reaches_the_lessons_values(desktop):
    """Every β and n the lesson names is a stop; rapid key presses end in a settled page."""
    desktop.open()
    page = desktop.page
    lesson_values = {"beta": {"4", "2", "1", "0.6", "0.4", "0.3"}, "n": {"1", "49", "590"}}
    for key, wanted in lesson_values.items():
        thumb = app_page.slider_thumb(page, key)
        thumb.focus()
        thumb.press("Home")
        seen = {thumb.get_attribute("aria-valuetext")}
        for _ in range(int(thumb.get_attribute("max"))):  # as fast as a held key repeats
            thumb.press("ArrowRight")
            seen.add(thumb.get_attribute("aria-valuetext"))
        assert thumb.get_attribute("value") == thumb.get_attribute("max")
        assert wanted <= seen, f"{key}: cannot reach {sorted(wanted - seen)}"
    app_page.wait_until_ready(page)
    before = app_page.metric_values(page)
    app_page.press_on_slider(page, "beta", "ArrowLeft")  # the page still answers afterwards
    assert app_page.metric_values(page) != before
    assert page.locator('[data-testid="stException"]').count() == 0
    assert desktop.console_errors == []
