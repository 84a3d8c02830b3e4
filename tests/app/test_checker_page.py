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

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens a page in AppTest

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
    # Where hacks are most attempts: sooner (at weaker optimization) on the left task.
    assert (
        "**Hacks are most attempts** on the left task from β = 0.19 on; on the right task from "
        "β = 0.096 on: they take over sooner, at weaker optimization, on the left task." in text
    )
    starts = [
        compute.CURVE_BETAS[np.argmax(curve.hack_share >= 0.5)]
        for curve in (
            core.checker_optimum(compute.CURVE_BETAS, pass_rate=rate, looseness=0.9)
            for rate in (0.015, 0.25)
        )
    ]
    assert [f"{start:.2g}" for start in starts] == ["0.19", "0.096"]
    # The reason: skill needs u = d + logit h and costs u²/2 nats, a hack log(1/q).
    assert "u = 6.86 on the left task, u = 3.51 on the right task" in text
    assert "costs about u²/2 nats: 23.5 on the left, 6.2 on the right" in text
    assert f"{core.skill_cost(pass_rate=0.015, looseness=0.9):.1f}" == "23.5"
    assert "a hack costs about log(1/q) = 4.6 nats, whatever the task" in text
    assert f"{np.log(100):.1f}" == "4.6"
    assert "By this count the hack is cheaper on both tasks." in text
    # What the base model's passes teach, and a group's chance of any signal.
    assert "37.7% are hacks on the left task and 3.5% on the right" in text
    shares = core.reinforced_hack_share(pass_rate=np.array([0.015, 0.25]), looseness=0.9)
    assert [f"{100 * share:.1f}" for share in shares] == ["37.7", "3.5"]
    # GRPO's signal from what the checker passes, hacks included: 2.4% → 32%, not 21%.
    assert "The checker passes 2.4% of the base model's tries on the left task and 26%" in text
    assert "signal at the start: 32% on the left task and 99% on the right" in text
    passed = [0.99 * rate + 0.01 * 0.9 for rate in (0.015, 0.25)]
    assert [f"{100 * rate:.3f}" for rate in passed] == ["2.385", "25.650"]
    assert [f"{1 - rate**16 - (1 - rate) ** 16:.0%}" for rate in passed] == ["32%", "99%"]
    # Baker et al.'s turn, read off the penalized curve: it holds at the defaults.
    assert (
        "Here the same turn appears in the exact optimum on the left task: penalized, strong "
        "optimization moves to the hidden hack: at β = 0.02 hidden hacks are 100% of attempts, "
        "and the monitor catches 5.0% of hacks." in text
    )
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
    """At the defaults the left task's solve rate never rises a tenth above the base model's
    (1.497% at most against 1.485%): the right guess is "never", and only the right task's
    peak is starred."""
    app = open_page("checker")
    app.select_slider(key="checker-guess").set_value("never").run()
    app.button(key="checker-reveal").click().run()
    assert_clean(app)
    assert app.success[0].value == (
        "You guessed “never”. On the left task the solve rate never rises a tenth above the base "
        "model's 1.5% (at most 1.5%); it falls to 0.0% at β = 0.02, the strongest optimization "
        "shown; on the right it peaks at β = 0.16: 39%, against the base model's 25%, then "
        "falls to 8.7% at β = 0.024, and just past the slider's end it is higher: 42% at "
        "β = 0.01 against 9.5% at β = 0.02. Your guess is right. Further past the slider's "
        "end, where the chart stops, the left task's solve rate reaches 99% at β = 0.001, 45 "
        "nats from the base model."
    )
    past = core.checker_optimum([0.01, 0.001], pass_rate=0.015, looseness=0.9)
    assert f"{100 * past.solve_rate[0]:.1f} {100 * past.solve_rate[1]:.0f}" == "0.0 99"
    assert f"{past.kl[1]:.0f}" == "45"
    assert app.select_slider(key="checker-guess").disabled
    tasks = chart_specs(app)[0]
    names = {"checker passes", "task solved", "hacks", "solve rate's highest"}
    assert trace_names(tasks) == names
    stars = [trace for trace in tasks["data"] if trace.get("name") == "solve rate's highest"]
    assert len(stars) == 1 and stars[0]["xaxis"] == "x2" and stars[0]["y"] == [38.67]
    text = prose(app)
    assert "33% solve the task, against the base model's 25%." in text
    assert "0.0% solve the task, against the base model's 1.5%." in text
    # The same numbers, straight from core on the page's curve.
    left, right = (
        core.checker_optimum(compute.CURVE_BETAS, pass_rate=rate, looseness=0.9)
        for rate in (0.015, 0.25)
    )
    assert f"{100 * left.solve_rate.max():.3f} {100 * left.base_solve_rate:.3f}" == "1.497 1.485"
    assert left.solve_rate.max() < 1.1 * left.base_solve_rate
    top = int(np.argmax(right.solve_rate))
    assert f"{right.beta[top]:.2g} {100 * right.solve_rate[top]:.2f}" == "0.16 38.67"
    # Stopping early matters on both: at β = 0.02 each solve rate is far below its best.
    assert (
        "**Stopping early matters on both tasks:** at β = 0.02 the solve rate is 0.0% against "
        "1.5% at best on the left task, 9.5% against 39% at best on the right task." in text
    )
    assert f"{100 * right.solve_rate[-1]:.1f} {100 * left.solve_rate[-1]:.1f}" == "9.5 0.0"
    app.button(key="checker-reveal").click().run()
    assert not app.success and trace_names(chart_specs(app)[0]) == {"checker passes", "hacks"}
    assert "Stopping early" not in prose(app)


def test_a_corner_where_the_edge_task_gains_at_the_end():
    """pass@1 1.5%, h = 0.5, β = 0.02: with room for skill the solve rate falls to 0.1% and
    climbs to 58% (the lesson's grid capped it at 22%), and on to 92% at β = 0.01 just past
    the slider's end: the guess β = 0.02, the slider's end, is not the answer, "past 0.02" is.
    The penalized turn is only partial."""
    app = open_page("checker", {"h": "0.5", "check_beta": "0.02", "monitor": "penalize"})
    app.select_slider(key="checker-guess").set_value(0.02).run()
    app.button(key="checker-reveal").click().run()
    assert_clean(app)
    assert app.success[0].value.startswith(
        "You guessed β = 0.02. On the left task the solve rate falls to 0.1% at β = 0.05, then "
        "is highest at β = 0.02, the strongest optimization shown: 58%, against the base "
        "model's 1.5%, and just past the slider's end it is higher: 92% at β = 0.01 against 58% "
        "at β = 0.02;"
    )
    assert (
        "The answer was “past 0.02”: at β = 0.01, just past the slider's end, the solve rate is "
        "92%, above every stop (at most 58%, at β = 0.02)." in app.success[0].value
    )
    app.button(key="checker-reveal").click().run()
    app.select_slider(key="checker-guess").set_value("past").run()
    app.button(key="checker-reveal").click().run()
    assert app.success[0].value.startswith("You guessed “past 0.02”.")
    assert "Your guess is right." in app.success[0].value
    text = prose(app)
    assert "at β = 0.02 the checker passes 74% of attempts and 31% of attempts are hacks" in text
    result = core.checker_optimum(0.02, pass_rate=0.015, looseness=0.5)
    assert f"{result.pass_rate:.2f} {result.hack_share:.2f} {result.solve_rate:.2f}" == (
        "0.74 0.31 0.58"
    )
    assert "the turn on the left task is partial: penalized, hidden hacks reach at most 34%" in text


def test_h_1_is_said_in_words():
    app = open_page("checker", {"h": "1"})
    assert_clean(app)
    text = prose(app)
    assert "logit 1 is infinite" in text and "nats away" not in text and "170.7" not in text


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
    # The tasks' and the monitor's charts; once revealed, the curriculum's too (its solve rates).
    revealed = "checker-revealed" in app.session_state and app.session_state["checker-revealed"]
    assert len(app.get("plotly_chart")) == (3 if revealed else 2)


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


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ({"h": "0", "pass1": "0.75", "q": "0.1"}, "With h = 0 the checker cannot be fooled"),
        (
            {"pass1": "0.25", "h": "0.5", "monitor": "penalize"},
            "the penalty does not push hacking out of sight on the left task",
        ),
        ({"pass1": "0.005", "pass1_other": "0.005", "check_beta": "3"}, "on the left task from"),
        (
            {"pass1": "0.005", "h": "0.1", "q": "0.02"},
            "By this count the hack is cheaper on the left task and skill on the right. The "
            "chart, the exact optimum, disagrees with this rough count: on the left task hacks "
            "never become most attempts at any β shown (at most 22%).",
        ),
        (
            {"pass1": "0.25", "h": "0.5", "check_beta": "0.02"},
            "**Only watching, at β = 0.02:** hacks are practically absent (below 0.05% of "
            "attempts), so the monitor has nothing to catch; 92% of attempts solve the task.",
        ),
    ],
    ids=["perfect checker", "no turn", "both at the edge", "count against chart", "no hacks"],
)
def test_corners_open_cleanly_and_say_what_holds_there(query, said):
    app = open_page("checker", query)
    app.button(key="checker-reveal").click().run()
    assert_clean(app)
    assert said in prose(app)
    assert len(app.get("plotly_chart")) == 3  # the curriculum's chart once revealed
