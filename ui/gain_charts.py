"""The frame and the gain line that the Reward model, Compare and class poll charts share:
data in, plotly objects out; no widgets read here.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from common import format as fmt
from ui.style import (
    FONT,
    INK,
    RULE,
    TITLE_SIZE,
)

HEIGHT = 400  # px, every chart of these pages
MARGIN = {"l": 64, "r": 16, "t": 88, "b": 56}
CURVE_DECIMALS = 4  # curve values to 1e-4: below a pixel on any of these charts
WIDTH = 3.0  # px, a gain line


def still_figure(title: str, *, x_title: str, y_title: str, height: int = HEIGHT) -> go.Figure:
    """A still figure with the app's font, a bold title and a one-line legend under it."""
    axis = {"fixedrange": True, "gridcolor": RULE, "showline": True, "linecolor": INK}
    axis |= {"ticks": "outside", "zeroline": False}
    return go.Figure(
        layout={
            "height": height,
            "margin": MARGIN,
            "font": FONT,
            "paper_bgcolor": "white",
            "plot_bgcolor": "white",
            "title": {
                "text": f"<b>{title}</b>",
                "font": {"size": TITLE_SIZE},
                "x": 0,
                "y": 1,
                "yref": "container",
                "yanchor": "top",
                "pad": {"t": 8},
            },
            "legend": {
                "orientation": "h",
                "x": 0,
                "y": 1.02,
                "yanchor": "bottom",
                "font": {"size": 14},  # no text under 14 px on a phone
            },
            "xaxis": {**axis, "title": {"text": x_title}},
            "yaxis": {**axis, "title": {"text": y_title}},
            "hovermode": "x unified",
        }
    )


def gain_line(
    x,
    y,
    *,
    name: str,
    colour: str,
    dash: str = "solid",
    width: float = WIDTH,
    suffixes=None,
    **kw,
):
    """A gain curve (x, y of shape (k,)); its hover is each gain as the readouts write it
    (common.format: -0.0014 is "-0.001", never plotly's "-0.00"), then ``suffixes`` (k,) if
    given."""
    gains = np.asarray(y, dtype=float)
    ends = [""] * gains.size if suffixes is None else suffixes
    return go.Scatter(
        x=x,
        y=y,
        name=name,
        mode="lines",
        line={"color": colour, "dash": dash, "width": width},
        customdata=[fmt.signed(gain) + end for gain, end in zip(gains, ends, strict=True)],
        hovertemplate="%{customdata}",
        **kw,
    )
