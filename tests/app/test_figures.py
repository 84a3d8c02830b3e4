"""Figures: cached and identical across reruns, layers that line up, payloads that stay small."""

import dataclasses
import json

import numpy as np
import plotly.graph_objects
import plotly.io
import pytest

from poll_data.guesses import QUESTIONS
from ui import compute, fitted_model_figures, style
from ui.best_of_n import figures as best_of_n_figures
from ui.class_poll import figures as poll_figures
from ui.kl_penalty import figures as kl_penalty_figures

MAX_PAYLOAD_BYTES = 150_000  # docs/design.md §5: what one slider change may send to the browser


def spec(figure) -> str:
    """What Streamlit sends for a figure: its JSON."""
    return plotly.io.to_json(figure.to_dict(), validate=False)


def test_the_pages_cached_figures_are_shared_and_rebuilt_identically():
    cached = best_of_n_figures.scores_against_n(49, 0.2, 0.5, 3)
    assert best_of_n_figures.scores_against_n(49, 0.2, 0.5000000001, 3) is cached
    rebuilt = best_of_n_figures.scores_against_n_figure(
        compute.best_of_n_curve(0.2, 0.5, 3), compute.best_of_n_point(49, 0.2, 0.5, 3), 49
    )
    assert spec(rebuilt) == spec(cached)
    heatmap = kl_penalty_figures.policy_heatmap(0.6, 0.2, 0.0)
    assert kl_penalty_figures.policy_heatmap(0.6000000001, 0.2, 0.0) is heatmap


def test_one_meaning_one_colour_on_every_page():
    okabe_ito = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
    assert {style.GOLD, style.PROXY, style.KL_METHOD, style.BEST_OF_N} <= okabe_ito
    pages = [
        best_of_n_figures.scores_against_n(49, 0.0, 0.0, None),
        kl_penalty_figures.grid_against_closed_form(0.6, 0.0, 0.0),
    ]
    for figure in pages:
        colours = {
            trace.name: trace.line.color
            for trace in figure.data
            if trace.mode == "lines" and trace.name
        }
        for name, colour in colours.items():
            if "true quality" in name:
                assert colour == style.GOLD
            if "reward model" in name:
                assert colour == style.PROXY


def test_every_axis_has_a_title_where_it_is_shown():
    for figure in (
        best_of_n_figures.ranked_scores(0.0, 0.0, None),
        best_of_n_figures.win_chances(49, 0.0, 0.0, None),
        best_of_n_figures.kl_against_bound(49, 0.0, 0.0, None),
        kl_penalty_figures.policy_heatmap(0.6, 0.0, 0.0),
        kl_penalty_figures.grid_against_closed_form(0.6, 0.0, 0.0),
    ):
        layout = json.loads(spec(figure))["layout"]
        for name, axis in layout.items():
            if name.startswith(("xaxis", "yaxis")) and axis.get("visible", True):
                if name == "xaxis" and "xaxis2" in layout and not axis["title"].get("text"):
                    continue  # a top panel that shares the β axis title of the panel below
                assert axis["title"]["text"], f"{name} has no title"


# The other pages' figures start from style.figure too, then add validated traces.
PAGE_FIGURES = {
    "ranked_scores": lambda: best_of_n_figures.ranked_scores(0.2, 0.7, 3),
    "win_chances": lambda: best_of_n_figures.win_chances(590, 0.2, 0.7, 3),
    "scores_against_n": lambda: best_of_n_figures.scores_against_n(10000, 0.2, 0.7, None),
    "kl_against_bound": lambda: best_of_n_figures.kl_against_bound(1, 0.2, 0.7, None),
    "peak_spread": lambda: best_of_n_figures.peak_spread(0.2, 0.7, 3),
    "policy_heatmap": lambda: kl_penalty_figures.policy_heatmap(0.4, 0.2, 0.0),
    "grid_against_closed_form": lambda: kl_penalty_figures.grid_against_closed_form(0.4, 0.2, 0),
}
ALL_FIGURES = PAGE_FIGURES


@pytest.mark.parametrize("build", ALL_FIGURES.values(), ids=ALL_FIGURES.keys())
def test_figures_built_without_plotly_checks_pass_them(build):
    # style.figure skips plotly's validation on the hot path; here every property is
    # checked once: a validated rebuild must accept the figure and say the same.
    figure = build()
    validated = plotly.graph_objects.Figure(figure.to_dict())
    assert json.loads(spec(validated)) == json.loads(spec(figure))


# --- hovers say what the readouts say (common/format.py's text, not plotly's d3 formats) --------


def test_a_gain_curves_hover_is_the_readouts_text():
    """-0.0014 (best-of-n's true quality at n = 590) hovers "-0.001", as the readout says; a
    browser's "%{y:.2f}" wrote "-0.00"."""
    curve = compute.best_of_n_curve(0.0, 0.0)
    gold = curve.gold_gain.copy()
    gold[:3] = (-0.0014, 0.52, -1.2449)
    figure = fitted_model_figures.overoptimization(
        dataclasses.replace(curve, gold_gain=gold), best_of_n=True, b=0.0
    )
    true_quality, _reward_model, peak = figure.data
    assert list(true_quality.customdata[:3]) == ["-0.001", "+0.52", "-1.24"]
    assert true_quality.hovertemplate == "%{customdata}"
    assert list(peak.customdata) == ["+1.31"]  # the peak's mark, n = 49


def test_the_poll_histograms_hover_writes_its_bars_ends_as_the_page_does():
    guesses = np.array([49.0, 1000, 1200, 1])
    bars = poll_figures.guess_histogram(guesses, question=QUESTIONS["best_of_n"]).data[0]
    assert bars.hovertemplate == "%{customdata}<extra></extra>"
    assert [text for text in bars.customdata if not text.endswith(": 0")] == [
        "n from 1 to 1.47: 1",
        "n from 46.4 to 68.1: 1",
        "n from 1,000 to 1,470: 2",  # "%{customdata[0]:.3g}" hovered "1.00e+3"
    ]
    beta_bars = poll_figures.guess_histogram(np.array([0.8]), question=QUESTIONS["kl"]).data[0]
    assert [text for text in beta_bars.customdata if not text.endswith(": 0")] == [
        "β from 0.792 to 0.997: 1"
    ]
    truth = compute.best_of_n_curve(0.0, 0.0)
    revealed = poll_figures.guess_histogram(guesses, truth=truth).data
    gold = next(trace for trace in revealed if trace.name == "true quality")
    assert "n = 49: true quality +1.31" in gold.customdata  # its x is log10(n): it said "1.69"


def test_the_policy_heat_maps_hover_writes_the_share_as_the_page_does():
    heatmap = kl_penalty_figures.policy_heatmap(0.6, 0.2, 0.0).data[0]
    assert heatmap.hovertemplate == (
        "length %{x}<br>substance %{y}<br>π_β / peak %{customdata}<extra></extra>"
    )
    assert (heatmap.x[40], heatmap.y[50]) == (-0.2, 0.8)
    assert heatmap.customdata[50][47] == "0.56"
    assert heatmap.z[50][47] == 558  # thousandths, the colour bar labelled as shares
    assert list(heatmap.colorbar.ticktext) == ["0", "0.2", "0.4", "0.6", "0.8", "1"]
    assert len(spec(kl_penalty_figures.policy_heatmap(0.6, 0.2, 0.0))) < 120_000  # 127 KB before
