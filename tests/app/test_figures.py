"""Figures: cached and identical across reruns, layers that line up, payloads that stay small."""

import json

import plotly.graph_objects
import plotly.io
import pytest

import core
from ui import best_of_n_charts, charts, compute, figures, kl_penalty_charts, style

MAX_PAYLOAD_BYTES = 150_000  # SPEC §5: what one slider change may send to the browser


def spec(figure) -> str:
    """What Streamlit sends for a figure: its JSON."""
    return plotly.io.to_json(figure.to_dict(), validate=False)


def test_cached_figures_are_the_same_object_for_the_same_setting():
    assert charts.curves_base(0.0, 0.0) is charts.curves_base(0.0, 0.0)
    assert charts.plane_base() is charts.plane_base()
    assert charts.plane_kl_cloud(0.6, 0.0, 0.0) is charts.plane_kl_cloud(0.6, 0.0, 0.0)
    # Rounded keys: a value a hair off the slider's stop shares the entry.
    assert charts.plane_kl_cloud(0.6000000001, 0.0, 0.0) is charts.plane_kl_cloud(0.6, 0.0, 0.0)
    assert compute.kl_point(1.0, 0.0, 0.0) is compute.kl_point(1.0000000001, 0.0, 0.0)


def test_a_rebuilt_figure_is_identical_so_the_browser_keeps_it():
    cached = spec(charts.curves_base(0.2, 0.5))
    rebuilt = spec(
        figures.curves_base(compute.best_of_n_curve(0.2, 0.5), compute.kl_curve(0.2, 0.5))
    )
    assert cached == rebuilt


def test_the_pages_cached_figures_are_shared_and_rebuilt_identically():
    cached = best_of_n_charts.scores_against_n(49, 0.2, 0.5, 3)
    assert best_of_n_charts.scores_against_n(49, 0.2, 0.5000000001, 3) is cached
    rebuilt = best_of_n_charts.scores_against_n_figure(
        compute.best_of_n_curve(0.2, 0.5, 3), compute.best_of_n_point(49, 0.2, 0.5, 3), 49
    )
    assert spec(rebuilt) == spec(cached)
    heatmap = kl_penalty_charts.policy_heatmap(0.6, 0.2, 0.0)
    assert kl_penalty_charts.policy_heatmap(0.6000000001, 0.2, 0.0) is heatmap


def test_one_n_axis_for_the_playground_and_the_best_of_n_page():
    playground = json.loads(spec(charts.curves_base(0.0, 0.0)))["layout"]["xaxis"]
    page = json.loads(spec(best_of_n_charts.scores_against_n(49, 0.0, 0.0, None)))
    page_axis = page["layout"]["xaxis"]
    for key in ("type", "range", "tickvals", "ticktext", "title"):
        assert page_axis[key] == playground[key], key
    assert page_axis["tickvals"][3:6] == [49, 200, 590]  # the lesson's peak and its fall


def _frame_of(figure) -> dict:
    layout = figure.to_dict()["layout"]
    axes = {
        name: {key: value for key, value in axis.items() if key in ("range", "domain", "type")}
        for name, axis in layout.items()
        if name.startswith(("xaxis", "yaxis"))
    }
    return {"height": layout["height"], "margin": layout["margin"], "axes": axes}


def test_the_planes_layers_share_one_frame():
    layers = [
        charts.plane_base(),
        charts.plane_proxy_lines(0.2, 1.0),
        charts.plane_kl_cloud(0.3, 0.2, 1.0),
        charts.plane_best_of_n_cloud(590, 0.2, 1.0),
        charts.plane_legend(),
    ]
    frames = [_frame_of(layer) for layer in layers]
    assert all(frame == frames[0] for frame in frames), frames
    assert frames[0]["margin"]["autoexpand"] is False
    for layer in layers[1:]:  # upper layers are see-through
        layout = layer.to_dict()["layout"]
        assert layout["paper_bgcolor"] == style.TRANSPARENT
        assert layout["plot_bgcolor"] == style.TRANSPARENT


def test_the_current_marks_line_up_with_the_curves():
    for b, sigma in ((0.0, 0.0), (0.2, 1.0)):
        base = _frame_of(charts.curves_base(b, sigma))
        top = _frame_of(charts.best_of_n_marks(49, b, sigma))
        bottom = _frame_of(charts.kl_marks(0.6, b, sigma))
        for layer, (x_name, y_name) in ((top, ("xaxis", "yaxis")), (bottom, ("xaxis2", "yaxis2"))):
            assert layer["height"] == base["height"]
            assert layer["margin"] == base["margin"]
            assert layer["axes"]["xaxis"] == base["axes"][x_name]
            assert layer["axes"]["yaxis"] == base["axes"][y_name]


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.2, 1.0), (1.0, 2.0)])
def test_a_beta_or_n_change_sends_only_small_figures(b, sigma):
    moving = [
        charts.best_of_n_marks(590, b, sigma),
        charts.kl_marks(0.3, b, sigma),
        charts.plane_kl_cloud(0.3, b, sigma),
        charts.plane_best_of_n_cloud(590, b, sigma),
    ]
    sizes = [len(spec(figure)) for figure in moving]
    assert sum(sizes) < 30_000, sizes
    # A change of b or σ also redraws the reward model's lines and the curves.
    still = [charts.plane_proxy_lines(b, sigma), charts.curves_base(b, sigma)]
    assert sum(sizes) + sum(len(spec(figure)) for figure in still) < MAX_PAYLOAD_BYTES


def test_a_whole_page_load_is_modest():
    everything = [
        charts.plane_base(),
        charts.plane_proxy_lines(0.0, 0.0),
        charts.plane_legend(),
        charts.curves_base(0.0, 0.0),
        charts.best_of_n_marks(1, 0.0, 0.0),
        charts.kl_marks(4.0, 0.0, 0.0),
        charts.plane_kl_cloud(4.0, 0.0, 0.0),
        charts.plane_best_of_n_cloud(1, 0.0, 0.0),
    ]
    assert sum(len(spec(figure)) for figure in everything) < 2 * MAX_PAYLOAD_BYTES


def test_moving_clouds_use_svg_markers_and_few_of_them():
    for figure in (charts.plane_kl_cloud(0.6, 0.0, 0.0), charts.plane_best_of_n_cloud(49, 0, 0)):
        (trace,) = figure.data
        assert trace.type == "scatter"  # SVG: WebGL is slower without a GPU
        assert len(trace.x) <= 64


def test_one_meaning_one_colour_on_every_page():
    okabe_ito = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
    assert {style.GOLD, style.PROXY, style.KL_METHOD, style.BEST_OF_N} <= okabe_ito
    pages = [
        charts.curves_base(0.0, 0.0),
        best_of_n_charts.scores_against_n(49, 0.0, 0.0, None),
        kl_penalty_charts.grid_against_closed_form(0.6, 0.0, 0.0),
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
        charts.curves_base(0.0, 0.0),
        charts.plane_base(),
        best_of_n_charts.ranked_scores(0.0, 0.0, None),
        best_of_n_charts.win_chances(49, 0.0, 0.0, None),
        best_of_n_charts.kl_against_bound(49, 0.0, 0.0, None),
        kl_penalty_charts.policy_heatmap(0.6, 0.0, 0.0),
        kl_penalty_charts.grid_against_closed_form(0.6, 0.0, 0.0),
    ):
        layout = json.loads(spec(figure))["layout"]
        for name, axis in layout.items():
            if name.startswith(("xaxis", "yaxis")) and axis.get("visible", True):
                if name == "xaxis" and "xaxis2" in layout and not axis["title"].get("text"):
                    continue  # a top panel that shares the β axis title of the panel below
                assert axis["title"]["text"], f"{name} has no title"


PLAYGROUND_FIGURES = {
    "plane_base": lambda: charts.plane_base(),
    "plane_proxy_lines": lambda: charts.plane_proxy_lines(0.2, 0.7),
    "plane_kl_cloud": lambda: charts.plane_kl_cloud(0.4, 0.2, 0.7),
    "plane_best_of_n_cloud": lambda: charts.plane_best_of_n_cloud(590, 0.2, 0.7),
    "plane_legend": lambda: charts.plane_legend(),
    "curves_base": lambda: charts.curves_base(0.2, 0.7),
    "kl_marks": lambda: charts.kl_marks(0.25, 0.2, 0.7),
    "best_of_n_marks": lambda: charts.best_of_n_marks(10000, 0.2, 0.7),
}


# The other pages' figures start from style.figure too, then add validated traces.
PAGE_FIGURES = {
    "ranked_scores": lambda: best_of_n_charts.ranked_scores(0.2, 0.7, 3),
    "win_chances": lambda: best_of_n_charts.win_chances(590, 0.2, 0.7, 3),
    "scores_against_n": lambda: best_of_n_charts.scores_against_n(10000, 0.2, 0.7, None),
    "kl_against_bound": lambda: best_of_n_charts.kl_against_bound(1, 0.2, 0.7, None),
    "peak_spread": lambda: best_of_n_charts.peak_spread(0.2, 0.7, 3),
    "policy_heatmap": lambda: kl_penalty_charts.policy_heatmap(0.4, 0.2, 0.0),
    "grid_against_closed_form": lambda: kl_penalty_charts.grid_against_closed_form(0.4, 0.2, 0),
}
ALL_FIGURES = PLAYGROUND_FIGURES | PAGE_FIGURES


@pytest.mark.parametrize("build", ALL_FIGURES.values(), ids=ALL_FIGURES.keys())
def test_figures_built_without_plotly_checks_pass_them(build):
    # style.figure skips plotly's validation on the hot path; here every property is
    # checked once: a validated rebuild must accept the figure and say the same.
    figure = build()
    validated = plotly.graph_objects.Figure(figure.to_dict())
    assert json.loads(spec(validated)) == json.loads(spec(figure))


def _edge_labels(b: float, sigma: float) -> list[tuple[float, float, float]]:
    """(length, substance, level) of every level written on the reward model's layer."""
    annotations = charts.plane_proxy_lines(b, sigma).to_dict()["layout"]["annotations"]
    return [(label["x"], label["y"], float(label["text"])) for label in annotations]


def test_the_reward_models_levels_are_written_where_its_lines_leave_the_plane():
    # The lesson's reward model is length + substance: on the top edge (substance 6) level L
    # is at length L - 6.
    labels = _edge_labels(0.0, 0.0)
    assert sorted(level for _, _, level in labels) == [4.0, 6.0, 8.0, 10.0]
    for length, substance, level in labels:
        assert substance == style.PLANE_RANGE[1]
        assert length + substance == pytest.approx(level, abs=1e-9)


def test_edge_labels_sit_on_their_level_for_a_noisy_reward_model():
    labels = _edge_labels(0.2, 1.0)
    assert len(labels) >= 3
    for length, substance, level in labels:
        assert core.proxy(length, substance, b=0.2, sigma=1.0) == pytest.approx(level, abs=0.25)
