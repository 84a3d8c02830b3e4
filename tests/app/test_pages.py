"""Every page in AppTest: it renders, its sliders move, the URL restores it, bad URLs are safe."""

import contextlib
import io
import json
import re
from urllib.parse import parse_qsl

import numpy as np
import pytest
from app_pages import (
    PAGE_SLIDERS,
    PAGES,
    STAGE_READOUTS,
    assert_clean,
    open_page,
    readouts,
    readouts_at,
    slider_values,
    stage_data,
    warnings_text,
)

import core
from ui import compute, link_box, page_css
from ui.lesson.text import NUMPY_SNIPPET, SNIPPET, TRIES
from ui.playground import predict, reports, worlds
from ui.settings import SETTINGS, STAGE_KEYS, full_query
from ui.story_steps import PRESETS
from ui.url_values import parse_setting, url_form

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens a page in AppTest

# Each chart's room before plotly's code arrives (ui/charts.py): the figure's own height.
CHART_ROOMS_BY_PAGE = {
    "playground": [],  # the stage draws its own charts
    "best_of_n": [
        "<style>.st-key-scores-against-n { min-height: 420px; }</style>",
        "<style>.st-key-ranked-scores { min-height: 420px; }</style>",
        "<style>.st-key-win-chances { min-height: 420px; }</style>",
        "<style>.st-key-kl-against-bound { min-height: 420px; }</style>",
        "<style>.st-key-win-rate { min-height: 400px; }</style>",
        "<style>.st-key-peak-spread { min-height: 200px; }</style>",
    ],
    "kl_penalty": [
        # The main chart first in the run (its sketch waits for no other chart's bytes).
        "<style>.st-key-grid-vs-closed-form { min-height: 520px; }</style>",
        "<style>.st-key-policy-heatmap { min-height: 520px; }</style>",
    ],
    "lesson": [],
}
# The page's main chart (fitted to the screen) is sketched before plotly's code arrives
# (ui/chart_sketch.py; its CSS is the page's).
SKETCHED = {"best_of_n", "kl_penalty"}
# The pages here that end with the link to their setting (ui/share.py); Defenses: its own test.
SHARED_LINK_PAGES = {"playground", "best_of_n", "kl_penalty"}
CHART_ROOMS = [room for rooms in CHART_ROOMS_BY_PAGE.values() for room in rooms]
MAX_WORLD_BYTES = 150_000  # everything β and n move, per (b, σ), at most 150 KB


@pytest.mark.parametrize("page", list(PAGES))
def test_every_page_renders_without_exception(page):
    app = open_page(page)
    assert_clean(app)
    assert app.title, "every page has a title"
    assert set(slider_values(app)) == set(PAGE_SLIDERS[page])
    # The only raw HTML on any page is the app's own fixed CSS, its charts' rooms (a key and
    # a height of ours), and boxes of links to copy whose one variable part is the escaped
    # link (tests/app/test_link_box.py).
    bodies = [html.proto.body for html in app.get("html")]
    boxes = [body for body in bodies if link_box.link_in(body) is not None]
    box_shape = re.compile(
        re.escape(link_box.STYLE)
        + r'(<p class="rh-link-caption">[^<>]*</p>)?'  # a caption, escaped
        + re.escape('<div class="rh-link"><input type="text" readonly')
        + r".*"
        + re.escape('<button type="button" data-copy="Copy" data-copied="Copied">Copy</button>')
        + re.escape("</div>" + link_box.COPY_SCRIPT),
        re.DOTALL,
    )
    assert [body for body in boxes if not box_shape.fullmatch(body)] == []
    if page in SHARED_LINK_PAGES:  # the caption says what the link is, in the box's element
        assert [box_shape.fullmatch(body).group(1) for body in boxes] == [
            '<p class="rh-link-caption">Link to this setting (the address bar holds it too):</p>'
        ]
    fixed_css = (page_css.CSS, page_css.CSS + page_css.COMPACT_CSS)
    rooms = [body for body in bodies if body in CHART_ROOMS]
    assert rooms == CHART_ROOMS_BY_PAGE[page]
    # The main chart's sketch: drawn from the figure, its text escaped (tests/app/
    # test_chart_sketch.py), no script.
    sketches = [body for body in bodies if body.startswith('<div class="rh-sketch')]
    assert len(sketches) == (page in SKETCHED)
    # No browser has reported its screen here: the sketch will be drawn again once one has,
    # so it is marked provisional (what follows the main chart waits unseen: ui/page_css.py).
    assert all(body.startswith('<div class="rh-sketch rh-provisional"') for body in sketches)
    assert not [body for body in sketches if "<script" in body.lower()]
    known = boxes + rooms + sketches
    assert [body for body in bodies if body not in known] in (
        *([css.strip()] for css in fixed_css),
        [],
    )


def test_the_playground_is_the_default_page(playground):
    assert playground.title[0].value == "Reward hacking, live"
    assert len(readouts(playground)) == 8, "KL, two gains and mean length, for both methods"
    # No plotly chart: the stage draws both charts in the browser from one world.
    assert not playground.get("plotly_chart")
    world = stage_data(playground)["world"]
    for key in ("beta", "n"):
        assert world[key]["stops"] == [url_form(stop) for stop in SETTINGS[key].stops]


STREAMLIT_SLIDERS = [
    (page, key)
    for page, keys in PAGE_SLIDERS.items()
    for key in keys
    if not (page == "playground" and key in STAGE_KEYS)  # the stage's: tests/browser
]


@pytest.mark.parametrize(("page", "key"), STREAMLIT_SLIDERS)
def test_each_slider_moved_to_both_ends_changes_the_readouts(page, key):
    app = open_page(page)
    stops = SETTINGS[key].stops
    seen = readouts_at(app, key, (stops[-1], stops[0], stops[len(stops) // 2]))
    assert seen[0] != seen[1], f"{key} at both ends shows the same readouts"
    assert seen[1] != seen[2]


@pytest.mark.parametrize("page", ["playground", "best_of_n", "kl_penalty"])
def test_the_url_restores_a_setting(page):
    wanted = {"beta": 0.3, "n": 590, "b": 0.2, "sigma": 1.0}
    query = {key: url_form(wanted[key]) for key in PAGE_SLIDERS[page]}
    app = open_page(page, query)
    assert_clean(app)
    assert slider_values(app) == {key: wanted[key] for key in PAGE_SLIDERS[page]}
    assert not app.warning, "a valid link gets no note"
    assert {key: app.query_params[key] for key in query} == query, "the address keeps it"


# The lesson's table as it prints it: β -> KL, reward model, true quality, average length.
LESSON_TABLE = {
    4.0: (0.1, 0.50, 0.44, 0.25),
    2.0: (0.2, 1.00, 0.75, 0.50),
    1.0: (1.0, 2.00, 1.00, 1.00),
    0.6: (2.8, 3.33, 0.56, 1.67),
    0.4: (6.2, 5.00, -1.24, 2.50),
    0.3: (11.0, 6.65, -4.37, 3.32),
}


# The same rows as the readouts print them (common/format.py): KL, then the three signed.
KL_READOUTS = {
    4.0: ["0.06", "+0.50", "+0.44", "+0.25"],
    2.0: ["0.25", "+1.00", "+0.75", "+0.50"],
    1.0: ["1.00", "+2.00", "+1.00", "+1.00"],
    0.6: ["2.78", "+3.33", "+0.56", "+1.67"],
    0.4: ["6.25", "+5.00", "-1.24", "+2.50"],
    0.3: ["11.05", "+6.65", "-4.37", "+3.32"],
}
PRINTED = re.compile(r"[+-]?\d+\.\d{2,4}")  # "11.05", "+0.52", "-0.001": no "-0.00", no "e"


def assert_printed(text: str, value: float, where) -> None:
    """A readout is ``value`` to its last printed digit; it never reads "-0.00", and a gain
    beyond float noise never "+0.00" either: its sign is the point (n = 590)."""
    assert PRINTED.fullmatch(text) and text != "-0.00", (where, text)
    if abs(value) >= 5e-5:
        assert float(text) != 0 and text.startswith("-") == (value < 0), (where, text, value)
    decimals = len(text.split(".")[1])
    assert abs(float(text) - value) <= 0.5 * 10**-decimals + 1e-12, (where, text, value)


@pytest.fixture
def playground():
    app = open_page("playground")
    assert_clean(app)
    return app


# Every hostile value is resolved without Streamlit in test_resolve (15 addresses x 3 pages, in
# milliseconds); here each page meets one address full of markup and repeats, as a page, once:
# 45 AppTest runs of the same resolve() became 3.
HOSTILE_PAGES = [
    ("playground", {"beta": "<script>alert(1)</script>", "sigma": "<b>bold</b>", "n": "1e99"}),
    ("best_of_n", {"n": ["3", "49", "590"], "seed": "-3", "b": "`0.2`"}),
    ("kl_penalty", {"beta": "[x](javascript:alert(1))", "sigma": "nan", "b": ["1", "2"]}),
]


@pytest.mark.parametrize(("page", "query"), HOSTILE_PAGES, ids=[page for page, _ in HOSTILE_PAGES])
def test_hostile_urls_never_raise_and_leave_every_setting_in_range(page, query):
    app = open_page(page, query)
    assert_clean(app)
    for key, value in slider_values(app).items():
        assert value in SETTINGS[key].stops, (key, value)
    # Notes repeat at most letters, digits, '.', '+' and '-' of a bad value: no markup.
    for text in (warnings_text(app), *readouts(app)):
        for character in "<>[]()`*_:\\":
            assert character not in text, text
    # The address now holds only usable values of the page's settings.
    for key in PAGE_SLIDERS[page]:
        if key in app.query_params:
            raw = app.query_params[key]
            assert isinstance(raw, str), f"{key} still repeated: {raw}"
            assert parse_setting(SETTINGS[key], [raw])[1] is None


@pytest.mark.parametrize(
    ("query", "key", "value", "says"),
    [
        ({"beta": "abc"}, "beta", 4.0, "not a number"),
        ({"n": "1e99"}, "n", 10_000, "outside"),
        ({"sigma": "nan"}, "sigma", 0.0, "not a number"),
        ({"b": "-5"}, "b", 0.0, "outside"),
        ({"beta": "0.33"}, "beta", 0.35, "between"),
        ({"n": ["3", "49"]}, "n", 49, "2 times"),
    ],
)
def test_a_bad_value_gets_the_nearest_stop_and_a_visible_note(query, key, value, says):
    app = open_page("playground", query)
    assert_clean(app)
    assert slider_values(app)[key] == value
    assert says in warnings_text(app)
    if value != SETTINGS[key].default:
        assert app.query_params[key] == url_form(value), "the address holds the fix"
    else:
        assert key not in app.query_params


@pytest.mark.parametrize("beta", core.LESSON_BETAS)
def test_playground_readouts_equal_core_at_the_lesson_table(beta):
    app = open_page("playground", {"beta": url_form(beta)})
    assert_clean(app)
    kl_readouts = readouts(app)[:4]
    assert kl_readouts == KL_READOUTS[beta]
    # ... and the lesson's printed table, to its printed precision (KL to 0.1, the rest 0.01).
    printed = LESSON_TABLE[beta]
    for shown, lesson, unit in zip(kl_readouts, printed, (0.1, 0.01, 0.01, 0.01), strict=True):
        assert abs(float(shown) - lesson) <= unit / 2 + 0.005 + 1e-9, (beta, shown, lesson)


# Best-of-n at the lesson's n: KL, reward model, true quality, mean length, as printed. At
# n = 590 true quality is -0.0014: below the base model, so "-0.001", not "+0.00" or "-0.00".
BEST_OF_N_READOUTS = {
    1: ["0.00", "+0.00", "+0.00", "+0.08"],
    49: ["2.91", "+2.99", "+1.31", "+1.55"],
    590: ["5.34", "+3.47", "-0.001", "+2.09"],
}


@pytest.mark.parametrize("n", list(BEST_OF_N_READOUTS))
def test_playground_best_of_n_readouts_as_printed(n):
    app = open_page("playground", {"n": str(n)})
    assert readouts(app)[4:8] == BEST_OF_N_READOUTS[n]


def test_the_best_of_n_page_prints_n_590_as_the_playground_does():
    """Its five metrics: exact KL, the bound, both gains (true quality -0.001, not -0.00, as
    on the Playground), and where true quality peaks."""
    app = open_page("best_of_n", {"n": "590"})
    assert_clean(app)
    assert [metric.value for metric in app.metric] == ["5.34", "5.38", "+3.47", "-0.001", "n = 49"]
    text = " ".join(block.value for block in app.markdown)
    assert "At n = 590: reward model +3.47, true quality -0.001." in text


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.2, 0.0), (0.35, 1.3), (1.0, 2.0)])
def test_the_stage_world_holds_core_at_every_stop(b, sigma):
    """Each readout the stage can show, and each moving cloud, is core's at that stop."""
    world = json.loads(worlds.world_json(b, sigma))
    for key, solve, cloud in (
        ("beta", core.kl_optimum, core.kl_cloud),
        ("n", core.best_of_n, core.best_of_n_cloud),
    ):
        method = world[key]
        for index, stop in enumerate(SETTINGS[key].stops):
            exact = solve(stop, b=b, sigma=sigma)
            shown = [method["readouts"][field][index] for field in STAGE_READOUTS]
            values = (exact.kl, exact.proxy_gain, exact.gold_gain, exact.mean_length)
            for text, value in zip(shown, values, strict=True):
                assert_printed(text, value, (key, stop))
            points = cloud(stop, b=b, sigma=sigma)
            sent = np.array(method["cloud"][index]).reshape(-1, 2) / world["scale"]
            np.testing.assert_allclose(sent[:, 0], points.length, atol=0.005 + 1e-9)
            np.testing.assert_allclose(sent[:, 1], points.substance, atol=0.005 + 1e-9)
            assert method["marks"]["gold_gain"][index] == pytest.approx(exact.gold_gain, abs=6e-4)
    assert world["beta"]["curve"]["peak"]["pressure"] == compute.kl_curve(b, sigma).peak_pressure
    # What the slack readout and sentence say, and their numbers against core, at every one of
    # the 441 (b, σ): tests/app/test_slack_claims.py.
    for key in ("beta", "n"):
        assert world[key]["slack"]
        assert world[key]["slack_more"].startswith("Slack: what stopping where true quality peaks")


def test_a_world_is_small_enough_to_send_on_every_b_or_sigma_change():
    sizes = [len(worlds.world_json(b, sigma).encode()) for b, sigma in ((0, 0), (0.35, 1.3))]
    assert max(sizes) <= MAX_WORLD_BYTES, sizes


@pytest.mark.parametrize(
    ("raw", "wanted"),
    [
        ({"beta": "0.6", "n": "49", "seq": 3}, {"beta": 0.6, "n": 49}),
        ({"beta": "0.33"}, {"beta": 0.35}),
        ({"n": "1e99"}, {"n": 10000}),
        ({"beta": "abc", "n": "<script>"}, {}),
        ({"beta": 1e308, "n": -5}, {"beta": 10.0, "n": 1}),
        ("not an object", {}),
        (None, {}),
        ({"beta": "9" * 10_000}, {}),
    ],
)
def test_values_from_the_browser_are_snapped_to_stops_or_dropped(raw, wanted):
    assert reports.settled_from_browser(raw) == wanted


@pytest.mark.parametrize("index", range(len(PRESETS)), ids=[p.name for p in PRESETS])
def test_each_story_step_moves_every_setting_and_keeps_its_line_in_view(playground, index):
    step = PRESETS[index]
    playground.button(key=f"step-{index}").click().run()
    assert_clean(playground)
    assert slider_values(playground) == dict(step.values)
    (line,) = [info.value for info in playground.info if step.story in info.value]
    assert f"Step {index + 1} of {len(PRESETS)}" in line
    assert "chosen with the story buttons" in line
    assert playground.button(key=f"step-{index}").proto.type == "primary", "shown selected"
    others = [playground.button(key=f"step-{other}") for other in range(len(PRESETS))]
    assert sum(button.proto.type == "primary" for button in others) == 1


def test_back_and_next_walk_the_story_in_order(playground):
    # The Playground opens on step 1 (the lesson's defaults); Next walks the rest in order.
    assert slider_values(playground) == dict(PRESETS[0].values)
    assert playground.button(key="step-back").disabled
    seen = []
    for _ in range(len(PRESETS) - 1):
        playground.button(key="step-next").click().run()
        assert_clean(playground)
        seen.append(slider_values(playground))
    assert seen == [dict(step.values) for step in PRESETS[1:]]
    assert playground.button(key="step-next").disabled, "the last step has no Next"
    playground.button(key="step-back").click().run()
    assert slider_values(playground) == dict(PRESETS[-2].values)


@pytest.mark.parametrize(
    ("arrive", "says"),
    [("link", "opened from a shared link"), ("lesson", "opened from the Lesson")],
)
def test_a_step_line_says_how_the_step_was_opened(arrive, says):
    overoptimized = next(step for step in PRESETS if step.name == "Overoptimized")
    if arrive == "link":
        app = open_page("playground", full_query(overoptimized.values))
    else:
        app = open_page("lesson")
        app.query_params.clear()
        app.query_params.update(full_query(overoptimized.values))
        app.switch_page(PAGES["playground"]).run()
    assert_clean(app)
    (line,) = [info.value for info in app.info if overoptimized.story in info.value]
    assert says in line


@pytest.mark.parametrize("index", range(len(PRESETS)), ids=[p.name for p in PRESETS])
def test_presenter_mode_shows_each_steps_line_as_its_one_line_headline(index):
    step = PRESETS[index]
    app = open_page("playground", {"present": "1", **full_query(step.values)})
    assert_clean(app)
    (line,) = [info.value for info in app.info if info.value.startswith("**Step ")]
    assert line == f"**Step {index + 1} of {len(PRESETS)} · {step.name}**: {step.headline}"
    assert step.story not in line and "opened" not in line
    # Short enough for one line at 1280 px (~140 characters of presenter prose fit).
    assert len(step.headline) >= 20 and len(line) <= 125, line


def test_the_playground_says_what_a_dot_is_on_every_screen():
    app = open_page("playground")
    intro = app.markdown[[m.value.startswith("Each dot") for m in app.markdown].index(True)]
    assert "an answer a model might write, placed by its **length** and **substance**" in (
        intro.value
    )


def test_best_of_n_draws_fresh_answers_by_seed():
    app = open_page("best_of_n", {"n": "49"})
    lesson_readouts = readouts(app)
    assert "lesson's fixed 600 answers" in "".join(markdown.value for markdown in app.markdown)
    app.button[0].click().run()
    assert_clean(app)
    assert app.query_params["seed"] == "1"
    assert readouts(app) != lesson_readouts
    exact = core.best_of_n(49, seed=1)
    assert readouts(app)[0] == f"{exact.kl:.2f}"
    app.button[0].click().run()
    assert app.query_params["seed"] == "2"
    app.button[1].click().run()  # back to the lesson's set
    assert "seed" not in app.query_params
    assert readouts(app) == lesson_readouts


def test_best_of_n_opens_a_seeded_link():
    app = open_page("best_of_n", {"n": "49", "seed": "5"})
    assert_clean(app)
    assert readouts(app)[0] == f"{core.best_of_n(49, seed=5).kl:.2f}"
    assert readouts(app)[1] == f"{core.best_of_n(49).kl_bound:.2f}"


@pytest.mark.parametrize(
    ("raw", "address", "note"),
    [
        (["3", "4"], "4", "The link sets the answer set 2 times; the last one counts."),
        (
            "¹",  # str.isdigit says yes and int() raised: a traceback before the seed's row
            None,
            "The link asks for answer set nothing readable, which is not a whole number from 0 to "
            "4294967295, so the page shows the lesson's fixed 600 answers.",
        ),
        ("007", "7", None),
    ],
)
def test_the_seed_is_settled_like_every_row(raw, address, note):
    app = open_page("best_of_n", {"n": "49", "seed": raw})
    assert_clean(app)
    assert app.query_params.get("seed") == address
    assert (note or "") in warnings_text(app)
    assert bool(warnings_text(app)) == (note is not None)


def test_kl_page_table_is_core_lesson_table_with_a_csv():
    app = open_page("kl_penalty")
    assert_clean(app)
    frame = app.dataframe[0].value
    table = core.lesson_table()
    np.testing.assert_allclose(frame["β"], table["beta"])
    np.testing.assert_allclose(frame["KL (nats)"], table["kl"])
    np.testing.assert_allclose(frame["true quality gain"], table["gold_gain"])
    assert "CSV" in app.get("download_button")[0].proto.label


def test_lesson_snippet_prints_the_lessons_table():
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(SNIPPET, "snippet", "exec"), {})  # noqa: S102 - our own fixed text
    assert printed.getvalue().rstrip("\n") == core.format_lesson_table(core.lesson_table())
    app = open_page("lesson")
    assert_clean(app)
    shown = [block.value for block in app.code]
    assert SNIPPET.strip() in [text.strip() for text in shown]
    assert core.format_lesson_table(core.lesson_table()) in shown


def test_the_lessons_own_numpy_lines_print_its_table_and_the_page_shows_them():
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(NUMPY_SNIPPET, "numpy", "exec"), {})  # noqa: S102 - our own fixed text
    assert printed.getvalue().rstrip("\n") == core.format_lesson_table(core.lesson_table())
    assert "import core" not in NUMPY_SNIPPET  # the model in plain sight
    assert "from core" not in NUMPY_SNIPPET
    app = open_page("lesson")
    shown = [block.value.strip() for block in app.code]
    assert NUMPY_SNIPPET.strip() in shown
    prose = " ".join(" ".join(block.value.split()) for block in app.markdown)
    assert "CoastRunners" in prose and "(Clark and Amodei, 2016)" in prose
    assert "Krakovna and colleagues at DeepMind (2020)" in prose
    assert "(Strathern, 1997)" in prose and "(Goodhart, 1975)" in prose


def test_lesson_links_open_the_playground_at_each_step():
    app = open_page("lesson")
    # The numbered tries (the story's one link to the checker page: test_checker_page.py).
    links = [link for link in app.get("page_link") if link.proto.label[0].isdigit()]
    assert len(links) == len(TRIES)
    playground_hash = next(
        page_hash
        for page_hash, page in app._registered_pages.items()  # noqa: SLF001 - AppTest's record
        if page["script_path"].endswith("pages/playground.py")
    )
    for link, step in zip(links, TRIES, strict=True):
        assert link.proto.page_script_hash == playground_hash
        assert dict(parse_qsl(link.proto.query_string)) == {
            key: url_form(value) for key, value in step.values.items()
        }


def test_settings_follow_the_reader_across_pages_and_links_override_them():
    app = open_page("playground", {"beta": "0.3", "n": "590", "b": "0.2"})
    app.switch_page(PAGES["kl_penalty"]).run()
    assert_clean(app)
    assert slider_values(app) == {"beta": 0.3, "b": 0.2, "sigma": 0.0}, "carried over"
    app.switch_page(PAGES["lesson"]).run()
    # A Lesson link names every setting, defaults included: b = 0 must win over the b = 0.2
    # this session had.
    overoptimized = next(step for step in TRIES if step.name == "Overoptimized")
    app.query_params.clear()
    app.query_params.update(full_query(overoptimized.values))
    app.switch_page(PAGES["playground"]).run()
    assert_clean(app)
    assert slider_values(app) == dict(overoptimized.values)


@pytest.mark.parametrize(
    ("raw", "wanted"),
    [
        ({"guess_n": "200", "revealed": True}, {"guess_n": "200", "revealed": "1"}),
        ({"guess_beta": "0.33", "guess_n": "<b>"}, {"guess_beta": "0.35"}),
        ({"revealed": True}, {}),  # nothing to reveal without a guess
        ({"guess_n": "9" * 5000, "revealed": "yes"}, {}),
        ("guess", {}),
    ],
)
def test_guesses_from_the_browser_are_snapped_to_stops_or_dropped(raw, wanted):
    assert predict.prediction_from_browser(raw) == wanted


def test_a_predict_link_opens_the_stage_with_true_quality_hidden_and_its_guesses():
    app = open_page("playground", {"predict": "1", "guess_n": "190", "guess_beta": "abc"})
    assert_clean(app)
    asked = stage_data(app)["request"]["predict"]
    assert asked == {"on": True, "guess_n": "200"}, "a guess snaps to a stop; junk is dropped"
    plain = open_page("playground", {"predict": "yes"})
    assert stage_data(plain)["request"]["predict"] == {"on": False}


def test_an_address_restored_on_the_same_page_decides_even_for_defaults():
    # The browser's Back to the lesson's default: the address has no β and no n any more.
    app = open_page("playground", {"beta": "0.3", "n": "590"})
    assert slider_values(app) == {"beta": 0.3, "n": 590, "b": 0.0, "sigma": 0.0}
    app.query_params.clear()
    app.run()
    assert_clean(app)
    assert slider_values(app) == {"beta": 4.0, "n": 1, "b": 0.0, "sigma": 0.0}
    assert "beta" not in app.query_params and "n" not in app.query_params


def test_presenter_mode_writes_a_steps_b_and_sigma_into_the_address():
    app = open_page("playground", {"present": "1", "beta": "0.3", "n": "590", "b": "0.2"})
    assert_clean(app)
    next_step = next(button for button in app.button if button.key == "step-next")
    next_step.click().run()  # step 4 (b = 0.2) to step 5: b = 0, σ = 0.5, β = 0.6, n = 200
    assert_clean(app)
    assert {key: app.query_params[key] for key in app.query_params} == {
        "present": "1",
        "beta": "0.6",
        "n": "200",
        "sigma": "0.5",
    }


def test_predicting_holds_the_story_back_until_reveal():
    # Step 2's setting, predicting: neither its buttons nor its line may say where the peak is.
    app = open_page("playground", {"predict": "1", "beta": "1", "n": "49"})
    assert_clean(app)
    assert not [button for button in app.button if (button.key or "").startswith("step-")]
    assert not [info for info in app.info if "True quality at its best" in info.value]
    assert any("come back after Reveal" in caption.value for caption in app.caption)
    data = stage_data(app)
    assert data["predict_ticks"] == {
        "beta": [10, 5, 2, 1, 0.5, 0.25],
        "n": [1, 10, 100, 1000, 10000],
    }
    revealed = open_page(
        "playground", {"predict": "1", "beta": "1", "n": "49", "guess_n": "200", "revealed": "1"}
    )
    assert_clean(revealed)
    assert [button.key for button in revealed.button if button.key == "step-next"] == ["step-next"]
