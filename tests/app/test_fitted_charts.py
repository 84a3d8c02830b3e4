"""A page's main chart fitted to the screen (ui.style.fitted, ui/screen.py's report): its text
18 px at 1280 px wide and larger with the width, never smaller than built; its height ending
on the first screen; its labels given room. The browser side: test_browser_projector.py."""

import plotly.graph_objects
import pytest

from ui import style
from ui.kl_penalty import figures as kl_penalty_figures


@pytest.mark.parametrize(
    ("width", "smallest_px"), [(390, 14.0), (1024, 14.4), (1280, 18.0), (1920, 27.0)]
)
def test_the_smallest_chart_text_is_18_px_at_1280_wide_and_scales_with_the_width(
    width, smallest_px
):
    assert style.text_scale(width) * style.SMALLEST_TEXT_PX == pytest.approx(smallest_px)


def test_a_fitted_height_ends_16_px_above_the_fold_or_keeps_the_charts_own():
    assert style.fitted_height(720, 250, 450) == 454
    assert style.fitted_height(1080, 260, 450) == 804
    assert style.fitted_height(844, 1500, 450) == 450  # a phone: the chart is far down, it scrolls


def test_fitting_scales_every_font_and_margin_but_no_marker():
    chart = kl_penalty_figures.grid_against_closed_form(1.0, 0.0, 0.0)
    built = chart.to_plotly_json()["layout"]
    fitted = style.fitted(chart, scale=2.0, height=600)
    layout = fitted.to_plotly_json()["layout"]
    assert layout["height"] == 600
    assert layout["font"]["size"] == 2 * built["font"]["size"]
    assert layout["legend"]["font"]["size"] == 2 * built["legend"]["font"]["size"]
    assert layout["margin"]["l"] == 2 * built["margin"]["l"]
    assert layout["margin"]["autoexpand"] is True
    built_markers = [
        trace.get("marker", {}).get("size") for trace in chart.to_plotly_json()["data"]
    ]
    markers = [trace.get("marker", {}).get("size") for trace in fitted.to_plotly_json()["data"]]
    assert markers == built_markers
    plotly.graph_objects.Figure(fitted.to_plotly_json())  # still a valid figure


def test_a_y_title_too_long_for_its_panel_becomes_a_label_in_the_panel():
    # KL penalty's two stacked panels are ~110 px each at 1280x720: 'gain over base model'
    # at 19 px is ~210 px long.
    chart = kl_penalty_figures.grid_against_closed_form(1.0, 0.0, 0.0)
    layout = style.fitted(chart, scale=1.3, height=450).to_plotly_json()["layout"]
    labels = [note["text"] for note in layout.get("annotations", [])]
    assert "gain over base model" in labels
    titles = [layout[name]["title"]["text"] for name in layout if name.startswith("yaxis")]
    assert "gain over base model" not in titles
    tall = style.fitted(chart, scale=1.0, height=2000).to_plotly_json()["layout"]
    assert "gain over base model" not in [note["text"] for note in tall.get("annotations", [])]
