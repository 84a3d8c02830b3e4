"""Helpers for the AppTest page tests: open a page of the app, read its sliders and readouts.

(A plain module, not a conftest.py: tests/browser has a conftest of its own, and two
modules named conftest cannot both be imported by name in one pytest run.)
"""

import json
import math
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.support.app_test import TIMEOUT_SECONDS
from ui.pages_table import PAGE_TABLE
from ui.settings import PAGE_KEYS, SEED_KEY

APP = str(Path(__file__).resolve().parents[2] / "app.py")

# Every page's file by its address, "-" written "_" ("best_of_n", "poll"), from the one page
# table (ui/pages_table.py), in menu order.
PAGE_FILES = {page.address.replace("-", "_"): page.file for page in PAGE_TABLE}
# The lesson's four pages, and the sliders each shows: its rows of the settings table, but for
# a seed (set by buttons, not a slider).
PAGES = {name: PAGE_FILES[name] for name in ("playground", "best_of_n", "kl_penalty", "lesson")}
PAGE_SLIDERS = {
    name: tuple(key for key in PAGE_KEYS[name.replace("_", "-")] if key != SEED_KEY)
    for name in PAGES
}


def open_page(page: str = "playground", query: dict | None = None) -> AppTest:
    """Run the app, then (if asked) the page, with ``query`` as the address's parameters.

    ``page``: a name in PAGE_FILES ("best_of_n") or a page's file ("pages/best_of_n.py").
    """
    page_file = PAGE_FILES.get(page, page)
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_SECONDS)
    if page_file == PAGES["playground"]:
        app.query_params.update(query or {})
        return app.run()
    # Streamlit drops, on a page switch, URL parameters that a slider of the page left behind
    # owns; pass through the Lesson (no sliders) so the target page sees the query as a fresh
    # visitor opening the link would.
    app.run().switch_page(PAGES["lesson"]).run()
    app.query_params.clear()
    app.query_params.update(query or {})
    return app.switch_page(page_file).run()


STAGE_READOUTS = ("kl", "proxy", "gold", "length")  # the stage's four readouts per method


def stage_data(app: AppTest) -> dict | None:
    """What the Playground's stage was given (its world parsed), or None on other pages."""
    # Every page also mounts the page shell's script (ui/page_css.py): the stage is named so.
    stages = [
        component
        for component in app.get("bidi_component")
        if component.proto.component_name == "reward_hacking_stage"
    ]
    if not stages:
        return None
    (stage,) = stages
    data = json.loads(stage.proto.json)
    data["world"] = json.loads(data["world"])
    return data


def stage_values(app: AppTest) -> dict:
    """The β, n, b and σ the stage was asked to show (the session's setting), as numbers."""
    data = stage_data(app)
    if data is None:
        return {}
    return {key: float(data["request"][key]) for key in ("beta", "n", "b", "sigma")}


def stage_readouts(app: AppTest) -> list[str]:
    """The eight readouts the stage shows at its setting: the KL penalty's, then best-of-n's."""
    data = stage_data(app)
    if data is None:
        return []
    shown = []
    for key in ("beta", "n"):
        method = data["world"][key]
        index = method["stops"].index(data["request"][key])
        shown += [method["readouts"][field][index] for field in STAGE_READOUTS]
    return shown


def readouts(app: AppTest) -> list[str]:
    """Every readout on the page, in page order: the stage's (if any), then the metrics."""
    return stage_readouts(app) + [metric.value for metric in app.metric]


def slider_values(app: AppTest) -> dict:
    """Every setting the page shows: its Streamlit sliders and its stage's settings."""
    return stage_values(app) | {slider.key: slider.value for slider in app.select_slider}


def warnings_text(app: AppTest) -> str:
    return "\n".join(warning.value for warning in app.warning)


def assert_clean(app: AppTest) -> None:
    """No exception element and no error element on the page."""
    assert not app.exception, [exception.message for exception in app.exception]
    assert not app.error, [error.value for error in app.error]


def number_in(text: str) -> float:
    """The number a readout shows: "+0.56", "2.78", "n = 49", "n ≥ 10,000"; NaN if none."""
    found = re.search(r"[-+]?[0-9][0-9,]*\.?[0-9]*", text)
    return float(found.group().replace(",", "")) if found else math.nan


def readouts_at(app: AppTest, key: str, values) -> list[list[str]]:
    """Move the select slider ``key`` to each of ``values`` in turn: the readouts each time,
    after checking the run was clean, the slider shows the value and every readout is finite."""
    seen = []
    for value in values:
        app.select_slider(key=key).set_value(value).run()
        assert_clean(app)
        assert app.select_slider(key=key).value == value
        shown = readouts(app)
        assert all(math.isfinite(number_in(text)) for text in shown), shown
        seen.append(shown)
    return seen
