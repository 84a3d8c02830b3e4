"""How pages hand things to Streamlit: the page's CSS, stacked chart layers, lean charts.

A *stack* is a container whose children are drawn on top of each other at the same size
(CSS grid, one cell). The Playground draws what never changes with β or n in the bottom
layers and only the moving clouds and marks in small transparent layers above, so a slider
change redraws just those.
"""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

STACK_PREFIX = "stack-"  # container keys starting with this become stacks

# Only fixed text: nothing here ever comes from a URL or a reader.
CSS = f"""
<style>
div[class*="st-key-{STACK_PREFIX}"] {{
  display: grid !important;
  grid-template-columns: minmax(0, 1fr);
  gap: 0 !important;
}}
div[class*="st-key-{STACK_PREFIX}"] > * {{ grid-area: 1 / 1; width: 100%; min-width: 0; }}
div[class*="st-key-{STACK_PREFIX}"] div.stVerticalBlock {{ gap: 0 !important; }}
div[class*="st-key-{STACK_PREFIX}"] > *:not(:first-child) {{ pointer-events: none; }}
h1 {{ font-size: 2.3rem !important; padding-top: 0.25rem !important; }}
[data-testid="stMetricValue"] {{ font-size: 1.9rem; }}
[data-testid="stMetricLabel"] p {{ font-size: 0.95rem; white-space: normal; }}
[data-testid="stMetricLabel"] div {{ overflow: visible; white-space: normal; }}
</style>
"""

READOUT_WIDTH = 120  # px per metric: four fit half a laptop screen, two fit a phone

# Charts nobody needs to zoom or hover: drawn as a still picture, which is cheapest to draw.
STILL = {"staticPlot": True, "displayModeBar": False, "responsive": True}
# Charts worth reading values from: hover only, no tool bar.
HOVER = {"displayModeBar": False, "scrollZoom": False, "responsive": True}


def page_style() -> None:
    """Add the app's CSS to the page (once per run; it takes no space)."""
    st.html(CSS)


def stack(name: str):
    """A container whose children are drawn on top of each other: st-key-stack-<name>."""
    return st.container(key=f"{STACK_PREFIX}{name}")


def chart(figure: go.Figure, *, key: str, hover: bool = False, container=None) -> None:
    """Draw a figure at its own height and the container's width, without Streamlit's theme.

    ``key`` names the chart (CSS class st-key-<key>); ``hover`` keeps tooltips on.
    """
    target = container if container is not None else st
    target.plotly_chart(
        figure, theme=None, key=key, config=HOVER if hover else STILL, width="stretch"
    )


def readouts(container, title: str, result, pressure: str) -> None:
    """Four metrics for one method at the current setting: KL, both gains, mean length.

    ``result`` has fields kl, proxy_gain, gold_gain, mean_length (floats); ``pressure``
    says where, e.g. "β = 0.6".
    """
    container.markdown(title)
    # A row that wraps: four across on a wide screen, two by two on a phone.
    row = container.container(horizontal=True, gap="small")
    kl, proxy, gold, length = (row.container(width=READOUT_WIDTH) for _ in range(4))
    kl.metric(
        "KL (nats)",
        f"{result.kl:.2f}",
        help="KL(π ‖ π_ref), in nats: how far the chosen answers moved from the base model's",
    )
    proxy.metric(
        "reward model",
        f"{result.proxy_gain:+.2f}",
        help=f"Gain in the reward model's score over the base model's average, at {pressure}",
    )
    gold.metric(
        "true quality",
        f"{result.gold_gain:+.2f}",
        help=f"Gain in true quality over the base model's average, at {pressure}",
    )
    length.metric(
        "mean length",
        f"{result.mean_length:+.2f}",
        help="Average length of the chosen answers, in standard units (the base model's is 0)",
    )
