"""ui/chart_sketch.py: a figure drawn as plain SVG and HTML before plotly's code arrives.

Each test builds a small figure whose right drawing is known by hand (where a point must sit in
the plot area's 0-1000 coordinates, which ticks an axis shows, which colour an image's corner
has), so a wrong scale, a flipped axis or an unescaped title fails."""

from __future__ import annotations

import base64
import re
import struct
import zlib
from urllib.parse import unquote

import numpy as np
import plotly.graph_objects as go
import pytest

from poll_data.guesses import QUESTIONS
from ui import chart_sketch, compute, style
from ui.best_of_n import figures as best_of_n_figures
from ui.class_poll import figures as poll_figures
from ui.kl_penalty import figures as kl_penalty_figures


def drawn(html_text: str) -> str:
    """The sketch's HTML with each plot area's SVG image (a data address) written out."""
    return re.sub(
        r'src="data:image/svg\+xml,([^"]*)"', lambda match: unquote(match.group(1)), html_text
    )


def points_of(html_text: str) -> list[list[tuple[float, float]]]:
    """The (x, y) of every path's points, per path."""
    paths = re.findall(r'<path d="([^"]*)"', drawn(html_text))
    return [
        [(float(x), float(y)) for x, y in re.findall(r"[ML](-?[\d.]+) (-?[\d.]+)", path)]
        for path in paths
    ]


def test_a_line_lands_where_its_values_are_on_linear_axes():
    figure = go.Figure(
        go.Scatter(x=[0, 5, 10], y=[0, 50, 100], mode="lines"),
        layout={"xaxis": {"range": [0, 10]}, "yaxis": {"range": [0, 100], "showgrid": False}},
    )
    figure.update_xaxes(showgrid=False)
    paths = points_of(chart_sketch.sketch(figure))
    # Up is up: y = 100 at the top (0), y = 0 at the bottom (1000).
    assert paths == [[(0.0, 1000.0), (500.0, 500.0), (1000.0, 0.0)]]


def test_a_log_axis_places_powers_of_ten_evenly_and_uses_the_figures_ticks():
    figure = go.Figure(
        go.Scatter(x=[1, 10, 100], y=[0, 1, 2], mode="lines"),
        layout={
            "xaxis": {"type": "log", "range": [0, 2], "tickvals": [1, 10, 100],
                      "ticktext": ["one", "ten", "100"], "showgrid": False},
            "yaxis": {"range": [0, 2], "showgrid": False},
        },
    )  # fmt: skip
    html_text = chart_sketch.sketch(figure)
    assert [x for x, _ in points_of(html_text)[0]] == [0.0, 500.0, 1000.0]
    labels = re.findall(r'<span style="left:([\d.]+)%[^"]*">([^<]*)</span>', html_text)
    assert labels == [("0.00", "one"), ("50.00", "ten"), ("100.00", "100")]


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [(0, 10, [0, 2, 4, 6, 8, 10]), (-1.3, 3.4, [-1, 0, 1, 2, 3]), (0.0, 0.25, [0, 0.05, 0.1,
     0.15, 0.2, 0.25])],
)  # fmt: skip
def test_nice_ticks_are_round_and_inside_the_range(low, high, expected):
    assert chart_sketch.nice_ticks(low, high) == pytest.approx(expected)


def test_a_heatmap_becomes_an_image_with_the_colourscales_ends_at_its_corners():
    z = np.array([[0.0, 1.0], [1.0, 0.0]])  # rows are y = 0, 1; columns x = 0, 1
    figure = go.Figure(
        go.Heatmap(z=z, x=[0, 1], y=[0, 1], colorscale=[[0, "#000000"], [1, "#FF0000"]]),
        layout={"xaxis": {"range": [0, 1]}, "yaxis": {"range": [0, 1]}},
    )
    data = re.search(r"data:image/png;base64,([^\"]+)", drawn(chart_sketch.sketch(figure))).group(1)
    png = base64.b64decode(data)
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (2, 2)
    idat = png.index(b"IDAT")
    (length,) = struct.unpack(">I", png[idat - 4 : idat])
    rows = zlib.decompress(png[idat + 4 : idat + 4 + length])
    pixels = np.frombuffer(rows, np.uint8).reshape(2, 7)[:, 1:].reshape(2, 2, 3)
    # The image's top row is the largest y (1): z = [1, 0] there: red, then black.
    assert pixels[0, 0].tolist() == [255, 0, 0] and pixels[0, 1].tolist() == [0, 0, 0]
    assert pixels[1, 0].tolist() == [0, 0, 0] and pixels[1, 1].tolist() == [255, 0, 0]


def test_a_title_and_labels_are_escaped_keeping_only_bold_and_line_breaks():
    figure = go.Figure(
        go.Scatter(x=[0, 1], y=[0, 1], name="<img src=x onerror=alert(1)>"),
        layout={
            "title": {"text": "<b>Gain</b><br>a <script>alert(1)</script>"},
            "xaxis": {"title": {"text": "<i>n</i> & more"}},
        },
    )
    html_text = chart_sketch.sketch(figure)
    assert "<script" not in html_text and "onerror" not in html_text and "<i>" not in html_text
    assert "<b>Gain</b><br>a &lt;script&gt;" in html_text
    assert "n &amp; more" in html_text


def test_missing_values_break_a_line_instead_of_joining_across_them():
    figure = go.Figure(
        go.Scatter(x=[0, 1, 2, 3], y=[0, np.nan, 2, 3], mode="lines"),
        layout={"xaxis": {"range": [0, 3], "showgrid": False},
                "yaxis": {"range": [0, 3], "showgrid": False}},
    )  # fmt: skip
    path = re.findall(r'<path d="([^"]*)"', drawn(chart_sketch.sketch(figure)))[0]
    assert path.count("M") == 2 and path.count("L") == 1


@pytest.mark.parametrize(
    "figure",
    [
        best_of_n_figures.scores_against_n(16, 0.0, 1.0, None),
        kl_penalty_figures.grid_against_closed_form(0.6, 0.2, 1.0),
        kl_penalty_figures.policy_heatmap(0.6, 0.0, 1.0),
    ],
    ids=["best-of-n", "kl-two-panels", "kl-heatmap"],
)
def test_the_pages_charts_sketch_every_plot_area_at_the_figures_height(figure):
    html_text = chart_sketch.sketch(figure)
    assert f"height:{figure.layout.height:.0f}px" in html_text
    axes_pairs = {(t.xaxis or "x", t.yaxis or "y") for t in figure.data}
    assert html_text.count('class="rh-sketch-area"') == len(axes_pairs)
    assert len(html_text) < 40_000  # a few KB in the first run, not plotly's megabyte
    points = [point for path in points_of(html_text) for point in path]
    # Points map into their plot area (0..1000 each way). An axis whose range leaves out a
    # curve's capped stretch (KL penalty's gain panel) puts those few points outside, clipped by
    # the image as plotly clips them; a mapping error would put most of them outside.
    inside = [-50 <= x <= 1050 and -50 <= y <= 1050 for x, y in points]
    assert points and all(np.isfinite(points).ravel())
    assert sum(inside) >= 0.8 * len(points), (sum(inside), len(points))


def test_a_fitted_figure_in_plotlys_typed_array_form_is_sketched_the_same():
    """A page's main chart is refitted through its JSON (style.fitted), where arrays become
    {dtype, bdata}: the same lines come out as from the figure as built."""
    figure = best_of_n_figures.scores_against_n(49, 0.0, 1.0, None)
    fitted = style.fitted(figure, scale=1.0, height=None)
    assert isinstance(fitted.data[0].x, dict)  # what the sketch must read
    assert points_of(chart_sketch.sketch(fitted)) == points_of(chart_sketch.sketch(figure))


@pytest.mark.parametrize("question", sorted(QUESTIONS))
@pytest.mark.parametrize("revealed", [False, True], ids=["guesses", "revealed"])
def test_the_polls_fitted_histogram_is_sketched_as_built(question, revealed, caplog):
    """The poll's histogram sets its ticks from numpy (tickvals), which the refit through JSON
    turns into {dtype, bdata}: read as a list, the sketch failed on every refit of the
    lecturer's screen ("could not convert string to float: 'dtype'")."""
    asked = QUESTIONS[question]
    truth = (compute.kl_curve if question == "kl" else compute.best_of_n_curve)(0.5, 0.7)
    figure = poll_figures.guess_histogram(
        np.array([asked.low, asked.high]), question=asked, truth=truth if revealed else None
    )
    assert figure.layout.xaxis.tickvals is not None  # what this test is about
    fitted = style.fitted(figure, scale=1.0, height=None)
    assert isinstance(fitted.layout.xaxis.tickvals, dict)
    sketched = chart_sketch.sketch_or_nothing(fitted)
    assert "chart sketch: none" not in caplog.text
    built = chart_sketch.sketch(figure)
    # The same tick lines across (the ticks it failed on) and the same marks.
    assert grid_lines(sketched) == grid_lines(built) and len(grid_lines(built)) >= 3
    assert points_of(sketched) == points_of(built)


def grid_lines(html_text: str) -> list[float]:
    """Where each vertical grid line of a sketch stands (0..1000 across)."""
    return [float(x) for x in re.findall(r"M(-?[\d.]+) 0V1000", drawn(html_text))]


def test_a_figure_the_sketch_cannot_draw_gives_no_sketch_and_no_exception(caplog):
    figure = go.Figure(go.Heatmap(z=[[0, 1], [1]]))  # ragged z: not a 2-D array
    assert chart_sketch.sketch_or_nothing(figure) == ""
    assert "chart sketch: none" in caplog.text
