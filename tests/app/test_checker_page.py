"""The page "Rewards you can check" in AppTest: its defaults, its guess then reveal, its monitor,
hostile addresses, and every number its prose states, as literal strings tied to core."""

import json

import numpy as np
import pytest
from app_pages import assert_clean, open_page, slider_values, warnings_text

import core
from core import checker
from ui.checker import compute
from ui.settings import SETTINGS

MAX_PAYLOAD_BYTES = 150_000  # what one slider change may send to the browser
PAGE_KEYS = ("check_beta", "pass1", "pass1_other", "h", "q")


def prose(app) -> str:
    return "\n".join(block.value for block in app.markdown)


def chart_specs(app) -> list[dict]:
    return [json.loads(chart.proto.spec) for chart in app.get("plotly_chart")]


def trace_names(spec: dict) -> set[str]:
    return {trace.get("name") for trace in spec["data"] if trace.get("name")}


@pytest.fixture(scope="module")
def page():
    app = open_page("checker")
    assert_clean(app)
    return app


def test_the_page_opens_at_its_defaults_with_the_solve_rate_hidden(page):
    assert slider_values(page) == {
        "check_beta": 0.1,
        "pass1": 0.015,
        "pass1_other": 0.25,
        "h": 0.9,
        "q": 0.01,
        "checker-guess": 0.1,
    }
    assert not page.warning
    tasks, monitor = chart_specs(page)
    assert trace_names(tasks) == {"checker passes", "hacks"}  # the guess comes first
    assert trace_names(monitor) == {"open hacks", "hidden hacks", "hacks caught", "task solved"}
    assert "solve the task" not in "\n".join(block.value for block in page.markdown[:3])
    assert tasks["layout"]["xaxis"]["title"]["text"] == "β (weaker →)"


def test_the_defaults_sentences_are_cores_numbers(page):
    text = prose(page)
    left = core.checker_optimum(0.1, pass_rate=0.015, looseness=0.9)
    right = core.checker_optimum(0.1, pass_rate=0.25, looseness=0.9)
    assert (f"{left.pass_rate:.2f}", f"{left.hack_share:.2f}") == ("0.89", "0.99")
    assert (f"{right.pass_rate:.2f}", f"{right.hack_share:.2f}") == ("0.77", "0.49")
    assert (
        "**Left, pass@1 = 1.5%:** at β = 0.1 the checker passes 89% of attempts and 99% of "
        "attempts are hacks." in text
    )
    assert (
        "**Right, pass@1 = 25%:** at β = 0.1 the checker passes 77% of attempts and 49% of "
        "attempts are hacks." in text
    )
    # The reason: skill costs (d + logit h)²/2 nats, a hack log(1/q).
    assert "about 23.5 nats away on the left task and 6.2 on the right" in text
    assert f"{core.skill_cost(pass_rate=0.015, looseness=0.9):.1f}" == "23.5"
    assert "a hack costs about log(1/q) = 4.6 nats, whatever the task" in text
    assert f"{np.log(100):.1f}" == "4.6"
    # What the base model's passes teach, and a group's chance of any signal.
    assert "37.7% are hacks on the left task and 3.5% on the right" in text
    shares = core.reinforced_hack_share(pass_rate=np.array([0.015, 0.25]), looseness=0.9)
    assert [f"{100 * share:.1f}" for share in shares] == ["37.7", "3.5"]
    assert "21% on the left task and 99% on the right" in text
    assert f"{core.group_signal(pass_rate=0.25, group_size=16):.0%}" == "99%"
    # The monitor, only watching.
    watched = core.monitored_optimum(0.1, pass_rate=0.015, looseness=0.9, penalize=False)
    assert (
        "**Only watching, at β = 0.1:** hacks are 99% of attempts, 1.0% of them hidden; the "
        "monitor catches 89% of the hacks, and 0.0% of attempts solve the task." in text
    )
    assert f"{watched.hidden_share / watched.hack_share:.3f}" == "0.010"
    assert f"{watched.catch_rate:.2f}" == "0.89"
    assert "90% of the time; a **hidden hack**, 100 times rarer in the base model, only 5%" in text
    assert (checker.OPEN_CATCH, checker.HIDDEN_CATCH) == (0.9, 0.05)


def test_a_guess_then_the_reveal():
    app = open_page("checker")
    app.select_slider(key="checker-guess").set_value(0.3).run()
    app.button(key="checker-reveal").click().run()
    assert_clean(app)
    assert app.success[0].value == (
        "You guessed β = 0.3. On the left task the solve rate peaks at β = 0.89 (1.5%); on the "
        "right at β = 0.16 (39%)."
    )
    assert app.select_slider(key="checker-guess").disabled
    tasks = chart_specs(app)[0]
    assert trace_names(tasks) == {"checker passes", "task solved", "hacks", "solve rate's peak"}
    text = prose(app)
    assert (
        "33% solve the task. The solve rate is highest at β = 0.16, 39%, against the base "
        "model's 25%." in text
    )
    assert "The solve rate is highest at β = 0.89, 1.5%, against the base model's 1.5%." in text
    # The same peaks, straight from core on the page's curve.
    for pass_rate, beta, solve in ((0.015, "0.89", "1.5%"), (0.25, "0.16", "39%")):
        curve = core.checker_optimum(compute.CURVE_BETAS, pass_rate=pass_rate, looseness=0.9)
        peak = core.solve_peak(curve)
        assert f"{compute.CURVE_BETAS[peak]:.2g}" == beta
        assert f"{100 * curve.solve_rate[peak]:.{1 if solve == '1.5%' else 0}f}%" == solve
    app.button(key="checker-reveal").click().run()
    assert not app.success and trace_names(chart_specs(app)[0]) == {"checker passes", "hacks"}


def test_penalizing_moves_strong_optimization_to_the_hidden_hack():
    app = open_page("checker", {"monitor": "penalize", "check_beta": "0.02"})
    assert_clean(app)
    text = prose(app)
    assert (
        "**Caught hacks penalized, at β = 0.02:** hacks are 100% of attempts, 100% of them "
        "hidden; the monitor catches 5.0% of the hacks" in text
    )
    result = core.monitored_optimum(0.02, pass_rate=0.015, looseness=0.9, penalize=True)
    assert result.hidden_share > 0.995 and f"{result.catch_rate:.3f}" == "0.050"
    monitor = chart_specs(app)[1]
    assert "penalized" in monitor["layout"]["annotations"][0]["text"]


def test_the_kl_axis_and_every_chart_stays_small():
    app = open_page("checker", {"against": "kl", "pass1": "0.005", "h": "0.5"})
    assert_clean(app)
    for spec in chart_specs(app):
        assert spec["layout"]["xaxis"]["title"]["text"] == "KL (nats)"
        assert len(json.dumps(spec)) < MAX_PAYLOAD_BYTES / 4


HOSTILE = [
    {"check_beta": "abc"},
    {"pass1": "2"},
    {"h": "nan"},
    {"q": ["0.01", "0.05"], "h": ["0.1", "0.2", "0.5"]},
    {"beta": "abc", "pass1_other": "-1"},
    {"check_beta": "<script>alert(1)</script>", "q": "1e999"},
    {"monitor": "<b>max</b>", "against": "[x](javascript:alert(1))"},
    {"pass1": "", "h": "inf", "q": "0x10"},
]


@pytest.mark.parametrize("query", HOSTILE, ids=lambda query: "&".join(query))
def test_hostile_addresses_get_the_nearest_valid_state(query):
    app = open_page("checker", query)
    assert_clean(app)
    for key, value in slider_values(app).items():
        if key in PAGE_KEYS:
            assert value in SETTINGS[key].stops, (key, value)
    for group in app.get("button_group"):
        if group.key in ("against", "monitor"):
            assert group.value == SETTINGS[group.key].default
    for text in (warnings_text(app), prose(app)):
        for character in "<>`":
            assert character not in text, text
    for key in (*PAGE_KEYS, "against", "monitor"):
        if key in app.query_params:
            raw = app.query_params[key]
            assert isinstance(raw, str) and SETTINGS[key].parse([raw])[1] is None, (key, raw)
    assert len(app.get("plotly_chart")) == 2


def test_a_bad_value_gets_the_nearest_stop_and_a_note():
    app = open_page("checker", {"h": "nan", "check_beta": "0.04"})
    assert slider_values(app)["h"] == 0.9 and slider_values(app)["check_beta"] == 0.05
    assert warnings_text(app) == (
        "- The link sets β to “0.04”, between the slider's steps, so β starts at the nearest "
        "step, 0.05.\n- The link sets h to “nan”, which is not a number, so h starts at its "
        "default, 0.9."
    )


def page_hash(app, page_file: str) -> str:
    return next(
        script_hash
        for script_hash, page in app._registered_pages.items()  # noqa: SLF001 - AppTest's record
        if page["script_path"].endswith(page_file)
    )


@pytest.mark.parametrize("page", ["lesson", "playground"])
def test_the_lesson_and_the_playgrounds_foot_link_here(page):
    app = open_page(page)
    assert_clean(app)
    target = page_hash(app, "pages/checker.py")
    links = [link for link in app.get("page_link") if link.proto.page_script_hash == target]
    assert len(links) == 1
    assert "rewards you can check" in links[0].proto.label.lower()


def test_a_beta_change_leaves_the_monitors_figure_as_it_was():
    """So the browser neither receives it again nor redraws it: only the tasks' chart moves."""
    app = open_page("checker")
    tasks, monitor = chart_specs(app)
    app.select_slider(key="check_beta").set_value(0.05).run()
    assert_clean(app)
    moved_tasks, same_monitor = chart_specs(app)
    assert same_monitor == monitor
    assert moved_tasks != tasks
