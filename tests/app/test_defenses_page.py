"""The Defenses page in AppTest: every slider at both ends, hostile URLs, numbers against core."""

import json
from types import SimpleNamespace

import numpy as np
import plotly.graph_objects as go
import pytest
from app_pages import (
    APP,
    TIMEOUT_SECONDS,
    assert_clean,
    open_page,
    readouts,
    readouts_at,
    slider_values,
    warnings_text,
)
from streamlit.testing.v1 import AppTest

import core
from ui import link_box, page_css, slack_text
from ui.defenses import cached_figures
from ui.defenses import text as defense_text
from ui.defenses.compute import SPOT_REPEATS, SPOT_SEED
from ui.settings import BETA_STOPS, N_STOPS, SETTINGS

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens a page in AppTest

PAGE = "pages/defenses.py"
SLIDERS = ("b", "sigma", "fix", "k", "rho", "lam", "m")


def stops_of(key):
    return SETTINGS[key].stops


def open_defenses(query: dict | None = None) -> AppTest:
    """The Defenses page as a visitor opening a link with ``query`` sees it."""
    return open_page(PAGE, query)


def metrics(app: AppTest) -> dict[str, list[str]]:
    """Metric values by label (a label may repeat across sections), in page order."""
    found: dict[str, list[str]] = {}
    for metric in app.metric:
        found.setdefault(metric.label, []).append(metric.value)
    return found


@pytest.fixture(scope="module")
def defenses():
    return open_defenses()


def test_the_page_renders_with_every_defense(defenses):
    assert_clean(defenses)
    assert defenses.title[0].value == "Defenses against reward hacking"
    assert set(slider_values(defenses)) == set(SLIDERS)
    assert defenses.get("button_group")[0].value == "mean"  # the ensemble's combination
    assert len(defenses.metric) == 3 * 4 + 2 * 4, "every defense's readouts, always"
    bodies = [html.proto.body for html in defenses.get("html")]
    # The main chart's sketch, drawn before plotly arrives (ui/chart_sketch.py): one, no script.
    sketches = [body for body in bodies if body.startswith('<div class="rh-sketch')]
    assert len(sketches) == 1 and "<script" not in sketches[0].lower()
    bodies = [body for body in bodies if body not in sketches]
    assert [body for body in bodies if link_box.link_in(body) is None] == [
        page_css.CSS.strip(),
        "<style>.st-key-padding_learned { min-height: 330px; }</style>",  # the chart's room
    ]
    # The first defense's chart is drawn; the other three open on request, and until then
    # are not drawn at all (a b or σ change redraws every chart on the screen).
    assert len(defenses.get("plotly_chart")) == 1
    assert [expander.label for expander in defenses.expander] == [
        "Chart: true quality with the ensemble, both methods",
        "Chart: true quality with the penalty, both methods",
        "Chart: where the spot checks stop, both methods",
    ]


def test_each_closed_chart_opens_to_its_own_figure():
    app = open_defenses({"sigma": "1", "k": "8", "lam": "2", "m": "30"})
    expected = [
        cached_figures.padding_learned(0.0, 0.2, 1.0),
        cached_figures.ensemble(0.0, 1.0, 8, 0.5, "mean"),
        cached_figures.length_penalty(0.0, 1.0, 2.0),
        cached_figures.spot_checks(30, 0.0, 1.0),
    ]
    for opened, name in enumerate(("ensemble", "length_penalty", "spot_checks"), start=1):
        app.session_state[f"open-{name}"] = True  # what a click on its expander sends
        app.run()
        assert_clean(app)
        charts = app.get("plotly_chart")
        assert len(charts) == 1 + opened
        assert json.loads(charts[-1].proto.spec) == json.loads(expected[opened].to_json())
    assert json.loads(app.get("plotly_chart")[0].proto.spec) == json.loads(expected[0].to_json())


@pytest.mark.parametrize(
    ("key", "value", "chart"),
    [
        ("k", 16, "ensemble"),
        ("rho", 0.0, "ensemble"),
        ("lam", 2.0, "length_penalty"),
        ("m", 100, "spot_checks"),
    ],
)
def test_moving_a_sections_own_slider_opens_its_chart(key, value, chart):
    app = open_defenses({"sigma": "1"})
    assert len(app.get("plotly_chart")) == 1
    app.select_slider(key=key).set_value(value).run()
    assert_clean(app)
    assert app.session_state[f"open-{chart}"] is True
    charts = app.get("plotly_chart")
    assert len(charts) == 2 and charts[-1].proto.id != charts[0].proto.id
    app.select_slider(key="b").set_value(0.5).run()  # b opens nothing more
    assert len(app.get("plotly_chart")) == 2


def test_the_ensembles_combination_opens_its_chart_too():
    app = open_defenses({"sigma": "1"})
    app.get("button_group")[0].set_value("min").run()
    assert_clean(app)
    assert app.session_state["open-ensemble"] is True
    assert len(app.get("plotly_chart")) == 2


@pytest.mark.parametrize("key", SLIDERS)
def test_each_slider_moved_to_both_ends_changes_the_readouts(key):
    # σ = 1 so that the ensemble has errors to average (at σ = 0 it rightly changes nothing).
    app = open_defenses({"sigma": "1"} if key != "sigma" else {})
    stops = stops_of(key)
    seen = readouts_at(app, key, (stops[-1], stops[0]))
    assert seen[0] != seen[1], f"{key} at both ends shows the same readouts"


def test_mean_and_minimum_differ():
    app = open_defenses({"sigma": "1", "rho": "0"})
    mean = readouts(app)
    app.get("button_group")[0].set_value("min").run()
    assert_clean(app)
    assert app.get("button_group")[0].value == "min"
    assert readouts(app) != mean


# Each of these values is resolved without Streamlit in test_resolve (the nearest stop and the
# note, per key); here the page meets them all at once, as a page: 15 AppTest runs of the
# Defenses page for one resolve() each became 1.
HOSTILE = {
    "k": "[x](javascript:alert(1))",
    "rho": "nan",
    "lam": "<script>alert(1)</script>",
    "m": ["3", "30"],
    "agg": "<b>x</b>",
}


def test_a_hostile_url_gets_the_nearest_stops_and_plain_notes():
    app = open_defenses(HOSTILE)
    assert_clean(app)
    shown = slider_values(app) | {"agg": app.get("button_group")[0].value}
    wanted = {"k": 4, "rho": 0.5, "lam": 0.5, "m": 30, "agg": "mean"}
    assert {key: shown[key] for key in wanted} == wanted
    for says in ("not a number", "2 times", "neither"):
        assert says in warnings_text(app)
    for name, current in slider_values(app).items():
        assert current in stops_of(name), (name, current)
    for text in (warnings_text(app), *readouts(app)):
        for character in "<>[]()`*_:\\":
            assert character not in text, text
    assert "agg" not in app.query_params


def test_no_change_shows_no_arrow():
    assert defense_text.change_text(0.004) is None
    assert defense_text.change_text(-0.001) is None
    assert defense_text.change_text(0.006) == "+0.01"
    assert defense_text.change_text(-1.234) == "-1.23"


def test_a_valid_link_restores_the_page_without_a_note():
    query = {"b": "0.2", "sigma": "1", "fix": "0.7", "k": "8", "rho": "0.3", "lam": "1.2"}
    query["m"] = "30"
    app = open_defenses({**query, "agg": "min"})
    assert_clean(app)
    assert not app.warning
    assert {key: f"{value:g}" for key, value in slider_values(app).items()} == query
    assert app.get("button_group")[0].value == "min"
    links = [link_box.link_in(html.proto.body) for html in app.get("html")]
    link = [link for link in links if link is not None][-1]
    assert all(f"{key}={value}" in link for key, value in query.items()), link


SETTING = {"b": 0.2, "sigma": 1.0, "fix": 0.6, "k": 8, "rho": 0.3, "agg": "min", "lam": 1.2}
SETTING["m"] = 30


@pytest.fixture(scope="module")
def set_page():
    query = {key: f"{value:g}" if key != "agg" else value for key, value in SETTING.items()}
    return open_defenses(query)


def core_peak_and_collapse(**defense):
    """Each method's (peak, where, gold at every stop, clear of the edge at every stop) on
    the slider stops, straight from core."""
    bon = core.defended_best_of_n(np.array(N_STOPS), **defense).gold_gain
    kl_result = core.defended_kl_optimum(np.array(BETA_STOPS), **defense)
    kl = kl_result.gold_gain
    # The KL peak is looked for clear of the grid's edge (under 5% of the optimum within 0.5).
    clear = kl_result.edge_mass < 0.05
    kl_peak = int(np.argmax(np.where(clear, kl, -np.inf)))
    return [
        (bon.max(), N_STOPS[int(bon.argmax())], bon, np.ones(len(N_STOPS), dtype=bool)),
        (kl[kl_peak], BETA_STOPS[kl_peak], kl, clear),
    ]


def test_every_peak_and_collapse_number_equals_core(set_page):
    b, sigma = SETTING["b"], SETTING["sigma"]
    sections = [
        (
            core_peak_and_collapse(b=b, sigma=sigma),
            core_peak_and_collapse(b=SETTING["fix"], sigma=sigma),
        ),
        (
            core_peak_and_collapse(b=b, sigma=sigma),
            core_peak_and_collapse(
                b=b, sigma=sigma, k=SETTING["k"], rho=SETTING["rho"], aggregate="min"
            ),
        ),
        (
            core_peak_and_collapse(b=b, sigma=sigma),
            core_peak_and_collapse(b=b, sigma=sigma, length_penalty=SETTING["lam"]),
        ),
    ]
    shown = set_page.metric[:12]
    for section, (before, after) in enumerate(sections):
        cells = shown[4 * section : 4 * section + 4]
        for method, ((peak, where, gold, clear), (old_peak, _, old_gold, old_clear)) in enumerate(
            zip(after, before, strict=True)
        ):
            # The strongest stop clear of the edge for both (n = 10,000; the smallest such β).
            last = int(np.flatnonzero(clear & old_clear)[-1])
            peak_metric, last_metric = cells[2 * method], cells[2 * method + 1]
            assert peak_metric.value == f"{peak:+.2f}"
            assert peak_metric.delta == (defense_text.change_text(peak - old_peak) or "")
            assert f"{where:,g}" in peak_metric.label
            assert last_metric.value == f"{gold[last]:+.2f}"
            assert last_metric.delta == (
                defense_text.change_text(gold[last] - old_gold[last]) or ""
            )
            assert last_metric.label.endswith(f"{(N_STOPS, BETA_STOPS)[method][last]:,g}")


SPOT_MEDIANS = {"best_of_n": 60, "kl": 0.5}  # where m = 30 spot checks stop, b = 0.2, σ = 1


def test_peak_and_collapse_as_printed(set_page):
    """The three sections' metrics at SETTING, as the page prints them (label, value, delta)."""
    shown = [(metric.label, metric.value, metric.delta) for metric in set_page.metric[:12]]
    assert shown == [
        ("Best-of-n: peak, n = 10,000", "+1.71", "+0.11"),
        ("Best-of-n: at n = 10,000", "+1.71", "+0.17"),
        ("KL penalty: peak, β = 0.35", "+1.92", "+0.46"),
        ("KL penalty: at β = 0.35", "+1.92", "+0.59"),
        ("Best-of-n: peak, n = 400", "+1.69", "+0.10"),
        ("Best-of-n: at n = 10,000", "+1.64", "+0.10"),
        ("KL penalty: peak, β = 0.6", "+1.46", ""),
        ("KL penalty: at β = 0.35", "+1.32", "-0.01"),
        ("Best-of-n: peak, n = 100", "+1.63", "+0.03"),
        ("Best-of-n: at n = 10,000", "+1.52", "-0.02"),
        ("KL penalty: peak, β = 0.35", "+1.51", "+0.05"),
        ("KL penalty: at β = 0.35", "+1.51", "+0.19"),
    ]
    text = " ".join(block.value for block in set_page.markdown)
    assert "**Best-of-n** (the real peak: n = 150)" in text
    assert (
        "**Best-of-n**: Stop at the peak, n = 150, instead of n = 10,000: end 0.06 higher in "
        "true quality (+1.59 against +1.54), for 2% of the reward model's score."
    ) in text
    assert (
        "**KL penalty**: Stop at the peak, β = 0.5, instead of β = 0.35: end 0.13 higher in "
        "true quality (+1.46 against +1.33), for 22% of the reward model's score. "
        "β = 0.3 and 0.25 are left out: capped by the grid's edge."
    ) in text
    assert (
        "at its *strongest* setting clear of the grid's edge (n = 10,000, β = 0.35; β = 0.3 "
        "and 0.25 are left out: capped by the grid's edge). Undefended, at b = 0.2 and σ = 1: "
        "**Best-of-n** declines from +1.59 at n = 150 to +1.54 at n = 10,000, still above the "
        "base model. **KL penalty** declines from +1.46 at β = 0.5 to +1.33 at β = 0.35, still "
        "above the base model."
    ) in text


def test_a_slack_still_rising_names_the_strongest_setting():
    rising = SimpleNamespace(
        peak_pressure=10000, strongest_pressure=10000, strongest_rise=0.01, left_out=0
    )
    assert slack_text.slack_sentence("n", rising) == (
        "True quality still rises at n = 10,000: no slack to take."
    )


def test_a_change_too_small_to_show_gets_no_delta():
    assert [defense_text.change_text(change) for change in (0.004, -0.0014, 0.006, -1.234)] == [
        None,
        None,
        "+0.01",
        "-1.23",
    ]


def test_the_ensemble_sentence_states_core_sizes_for_the_mean():
    query = {key: f"{value:g}" if key != "agg" else "mean" for key, value in SETTING.items()}
    text = " ".join(block.value for block in open_defenses(query).markdown)
    formula = core.ensemble_error_size(1.0, k=8, rho=0.3)
    measured = core.ensemble_error_sizes(rho=0.3)[7]
    assert (f"{formula:.2f}", f"{measured:.2f}") == ("0.62", "0.63")
    assert "σ·√(ρ + (1 − ρ)/k) = **0.62** (these 8 members measure 0.63)" in text


def test_the_minimum_gets_words_not_the_means_formula(set_page):
    text = " ".join(block.value for block in set_page.markdown)
    assert "(1 − ρ)/k) = **" not in text and "members measure" not in text
    assert "Their minimum, the worst case, does not average the members' own errors" in text


def test_spot_check_and_slack_numbers_equal_core(set_page):
    options = {"m": 30, "b": 0.2, "sigma": 1.0, "repeats": SPOT_REPEATS, "seed": SPOT_SEED}
    runs = {
        "best_of_n": core.spot_check_best_of_n(N_STOPS, **options),
        "kl": core.spot_check_kl(BETA_STOPS, **options),
    }
    shown = [metric.value for metric in set_page.metric[12:]]
    for method, result in runs.items():
        spread = defense_text.spot_check_spread(result, method)
        assert spread.lost_median == pytest.approx(
            np.quantile(result.quality_lost, 0.5, method="inverted_cdf")
        )
        assert spread.chosen_median == SPOT_MEDIANS[method]
    # As printed: the middle 80% runs from the gentler end (β falls as pressure grows).
    assert shown == [
        "n = 60",
        "16 to 150",
        "0.01",
        "0.08",
        "β = 0.5",
        "0.8 to 0.35",
        "0.03",
        "0.13",
    ]
    slack = core.slack(beta_stops=BETA_STOPS, n_stops=N_STOPS, b=0.2, sigma=1.0, edge="mass")
    text = " ".join(block.value for block in set_page.markdown)
    for symbol, method in (("n", "best_of_n"), ("β", "kl")):
        sentence = slack_text.slack_sentence(symbol, getattr(slack, method), stops=BETA_STOPS)
        assert sentence in text
    if slack.best_of_n.peak_pressure != slack.best_of_n.strongest_pressure:
        assert f"{100 * slack.best_of_n.score_given_up:.0f}% of the reward model's score" in text


DEFENSE_FIGURES = {
    "padding_learned": lambda: cached_figures.padding_learned(0.0, 0.3, 1.0),
    "ensemble": lambda: cached_figures.ensemble(0.0, 1.0, 16, 0.2, "min"),
    "length_penalty": lambda: cached_figures.length_penalty(0.0, 0.5, 2.0),
    "spot_checks": lambda: cached_figures.spot_checks(1, 0.0, 0.0),
}


@pytest.mark.parametrize("build", DEFENSE_FIGURES.values(), ids=DEFENSE_FIGURES.keys())
def test_defense_figures_pass_plotly_checks_and_are_shared(build):
    figure = build()
    validated = go.Figure(figure.to_dict())  # raises on any property plotly does not know
    assert json.loads(validated.to_json()) == json.loads(figure.to_json())
    assert build() is figure, "the same setting gives the same (cached) figure"
    assert len(figure.to_json()) < 20_000, "a defense's chart, both methods, stays small"
    # Both methods, each in its own plot: best-of-n left of the KL penalty, neither overlapping.
    plotted = [trace for trace in figure.data if trace.x is not None and trace.x[0] is not None]
    assert {trace.xaxis for trace in plotted} == {"x", "x2"}
    assert figure.layout.xaxis.domain[1] < figure.layout.xaxis2.domain[0]
    titles = [note.text for note in figure.layout.annotations]
    assert "Best-of-n" in titles[0] and "KL penalty" in titles[1]
    assert all(len(trace.x) >= len(BETA_STOPS) for trace in plotted if trace.type == "bar")


def test_each_plot_draws_its_own_methods_curves():
    """The best-of-n plot draws n from core's curve, the KL plot β: the right data per side."""
    figure = cached_figures.padding_learned(0.0, 0.3, 1.0)
    lines = [
        trace
        for trace in figure.data
        if trace.mode == "lines"
        and trace.x[0] is not None
        and "at the grid's edge" not in (trace.name or "")  # a capped stretch, drawn apart
    ]
    by_axis = {axis: [t for t in lines if t.xaxis == axis] for axis in ("x", "x2")}
    assert len(by_axis["x"]) == len(by_axis["x2"]) == 2, "undefended and defended per method"
    assert max(by_axis["x"][0].x) == max(N_STOPS), "best-of-n runs to the slider's n"
    assert min(by_axis["x2"][0].x) == pytest.approx(min(BETA_STOPS)), "KL runs to the smallest β"
    expected = core.defended_best_of_n(max(N_STOPS), b=0.3, sigma=1.0).gold_gain
    assert by_axis["x"][1].y[-1] == pytest.approx(expected, abs=1e-3)


def test_a_first_visit_opens_where_each_defense_acts(defenses):
    # σ = 0.5 (not the other pages' 0): at σ = 0 the ensemble's members are one reward model,
    # and from σ = 0.9 on the errors swamp b = 0, so best-of-n would not fall at all.
    assert slider_values(defenses)["sigma"] == 0.5 and defenses.query_params["sigma"] == "0.5"
    assert slider_values(defenses)["b"] == 0.0 and slider_values(defenses)["fix"] == 0.2
    shown = defenses.metric[:12]
    for section in range(3):  # a better b′, the ensemble, the length penalty
        deltas = [metric.delta for metric in shown[4 * section : 4 * section + 4]]
        assert any(deltas), f"section {section + 1} changes nothing at the defaults: {deltas}"
    text = " ".join(block.value for block in defenses.markdown)
    # Both methods fall below the base model undefended, and every readout is clear of the edge.
    assert (
        "(n = 10,000, β = 0.3; β = 0.25 is left out: capped by the grid's edge). Undefended, at "
        "b = 0 and σ = 0.5: **Best-of-n** collapses: from +1.25 at n = 6 to -1.08 at n = 10,000, "
        "below the base model. **KL penalty** collapses: from +0.91 at β = 1.3 to -3.35 at "
        "β = 0.3, below the base model."
    ) in text
    assert [m.label for m in shown[:4]] == [
        "Best-of-n: peak, n = 10,000",
        "Best-of-n: at n = 10,000",
        "KL penalty: peak, β = 0.3",
        "KL penalty: at β = 0.3",
    ]
    assert not any("Capped by the grid's edge" in info.value for info in defenses.info)
    assert not any("σ swamps b" in info.value for info in defenses.info)


def test_where_sigma_swamps_b_the_page_says_so():
    app = open_defenses({"sigma": "1"})
    assert_clean(app)
    (swamped,) = [info.value for info in app.info if "σ swamps b" in info.value]
    assert "it ends at +1.54, where at σ = 0 it falls to -1.08" in swamped
    text = " ".join(block.value for block in app.markdown)
    assert (
        "**Best-of-n** does not decline: true quality is at its peak, +1.54 at n = 10,000." in text
    )
    assert "**Best-of-n** collapses" not in text


def test_a_sigma_the_session_moved_to_is_kept_not_replaced_by_the_opening_one():
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_SECONDS)
    # On Compare: the Playground's σ is on its stage, beyond AppTest's reach.
    app.run().switch_page("pages/compare.py").run()
    app.select_slider(key="sigma").set_value(0.5).run()
    app.switch_page(PAGE).run()
    assert_clean(app)
    assert slider_values(app)["sigma"] == 0.5
