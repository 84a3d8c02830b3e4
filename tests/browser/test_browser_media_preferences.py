"""The reader's media preferences on the stage, in Chromium.

forced-colors (Windows' contrast themes) keeps its curves, axes, text and marks visible: with
forced colors and a dark scheme emulated the page turns black, and the charts' ink (#1A1A1A) was
1.2:1 on it. Each part's computed colour is measured against the system's Canvas colour.
prefers-reduced-motion: Play steps a whole stop a second and draws once a step, where it drew a
frame each 1/60 s (tests/js/reduced_motion.test.mjs has the details, on the fake DOM).
"""

from __future__ import annotations

import re

import pytest

from tests.support import stage_in_browser as stage
from tests.support.stage_root_js import STAGE_ROOT_JS

pytestmark = pytest.mark.browser

MIN_CONTRAST = 3.0  # WCAG 1.4.11: graphical objects and their parts, 3:1 against what is behind

# The computed colour of each part in the curves chart, and the system's Canvas colour.
PARTS_JS = f"""() => {{
  const root = ({STAGE_ROOT_JS})();
  const curves = root.querySelector('svg[data-chart="curves"]');
  const colour = (selector, property) => {{
    const element = (curves.querySelector(selector) || root.querySelector(selector));
    return element ? getComputedStyle(element)[property] : null;
  }};
  const probe = document.body.appendChild(document.createElement('div'));
  probe.style.backgroundColor = 'Canvas';
  const canvas = getComputedStyle(probe).backgroundColor;
  probe.remove();
  return {{
    canvas,
    forced: matchMedia('(forced-colors: active)').matches,
    text: colour('text:not(.level)', 'fill'),
    axis: colour('.axis line, .axis path', 'stroke'),
    proxy: colour('[stroke="#0072B2" i]', 'stroke'),
    gold: colour('[stroke="#E69F00" i]', 'stroke'),
    base: colour('[stroke="#1A1A1A" i]', 'stroke'),
    legend_proxy: colour('.legend span:not([data-legend="model"]) [stroke="#0072B2" i]', 'stroke'),
    legend_gold: colour('.legend span:not([data-legend="model"]) [stroke="#E69F00" i]', 'stroke'),
    legend_base: colour('.legend [stroke="#1A1A1A" i][stroke-dasharray]', 'stroke'),
  }};
}}"""


def luminance(css: str) -> float:
    """WCAG relative luminance of an rgb()/rgba() colour."""
    red, green, blue = (int(part) / 255 for part in re.findall(r"\d+", css)[:3])
    linear = [
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_forced_colors_keep_every_curve_axis_and_label_visible(new_tab, scheme):
    tab = new_tab("desktop", forced_colors="active", color_scheme=scheme)
    tab.open("?beta=1&n=49")
    stage.wait_until_drawn(tab.page)
    parts = tab.page.evaluate(PARTS_JS)
    assert parts["forced"], "forced colors were not emulated"
    canvas = parts.pop("canvas")
    del parts["forced"]
    assert all(parts.values()), f"a part is missing from the curves chart: {parts}"
    low = {
        name: round(contrast(value, canvas), 2)
        for name, value in parts.items()
        if contrast(value, canvas) < MIN_CONTRAST
    }
    assert not low, f"under {MIN_CONTRAST}:1 on Canvas {canvas}: {low}"
    assert parts["proxy"] != parts["gold"], "the reward model's and true quality's curves alike"
    assert parts["legend_proxy"] == parts["proxy"], "the legend names another colour"
    assert parts["legend_gold"] == parts["gold"], "the legend names another colour"


PLAY_MS = 2500  # Play under way this long: ~2 steps reduced, ~150 frames without


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_play_under_reduced_motion_steps_without_frames_between(new_tab, motion):
    tab = new_tab("desktop", reduced_motion=motion)
    tab.open("?beta=1&n=49")
    stage.wait_until_drawn(tab.page)
    start = stage.shown(tab.page, "beta")
    before = int(stage.root(tab.page).get_attribute("data-redraws"))
    stage.play_button(tab.page, "beta").click()
    tab.page.wait_for_timeout(PLAY_MS)  # a window to count the redraws in
    drawn = int(stage.root(tab.page).get_attribute("data-redraws")) - before
    moved = stage.shown(tab.page, "beta") != start
    stage.play_button(tab.page, "beta").click()  # Pause
    assert moved, "Play did not move β"
    if motion == "reduce":
        assert drawn <= PLAY_MS // 1000 + 1, (
            f"{drawn} redraws in {PLAY_MS} ms: frames between stops"
        )
    else:
        assert drawn > 20, f"without the preference Play sweeps frame by frame: {drawn} redraws"
