"""The Compare page's figures: data in, ``go.Figure`` out; no widgets read here.

Colours are the app's (ui.style): orange true quality, blue the reward model, green the KL
optimum, purple best-of-n.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import plotly.graph_objects as go

from common import format as fmt
from ui import edge_note, edge_traces
from ui.compare.compute import SOFT_LAMBDA
from ui.compare.text import FORM_TEXT
from ui.gain_charts import CURVE_DECIMALS, MARGIN, gain_line, still_figure
from ui.style import (
    BEST_OF_N,
    BEST_OF_N_TEXT,
    BOUND,
    GOLD,
    KL_METHOD,
    N_TICKS,
    PROXY,
)


def fit_label(fit) -> str:
    """A fit in words: 'd(2.00 − 1.00d)' with its α and β filled in."""
    alpha, beta = fmt.number(fit.alpha), fmt.number(abs(fit.beta))
    sign = "−" if fit.beta >= 0 else "+"
    inner = "d" if fit.form == "best_of_n" else " ln d"
    return f"d({alpha} {sign} {beta}{inner})"


def fit_name(name: str, fit) -> str:
    """A fit's legend entry, on two lines (one ran past a 390 px phone)."""
    return f"{name}, Gao fit<br>{fit_label(fit)}, R² = {fmt.number(fit.r_squared, decimals=3)}"


def better_fit(panel, method: str):
    """The law (of Gao's two) that fits ``method``'s gold curve better, by R²."""
    return max((panel.fits[method, form] for form in FORM_TEXT), key=lambda fit: fit.r_squared)


TILT_NAME = "KL optimum over the 600"  # the KL tilt on best-of-n's own answers
POISSON_NAME = "Best-of-Poisson"  # n = 1 + Poisson(μ), keep the best, over the same 600
SOFT_NAME = f"soft best-of-n, {fmt.named('λ', SOFT_LAMBDA)}"  # over the same 600
GAO_D_RANGE = (0.0, 3.0)  # d = √KL shown on Gao's chart: the label "edge" only inside it


def _add_gains(
    figure, distance, proxy, gold, *, name: str, colour: str, edge_mass, curve=None
) -> None:
    """One method's reward-model (dashed) and true-quality gains against d. For the KL optimum
    (``edge_mass`` (points,), else None; ``curve`` its core.Curve-like edge check: capped,
    gold_gain, wide_gold_gain) the hover says where the grid's edge caps it, and that stretch is
    drawn dotted and faded."""
    checks = None if curve is None else edge_note.point_checks(curve)
    capped = None if curve is None else curve.capped
    hover = {"suffixes": None if edge_mass is None else edge_note.hover_suffixes(edge_mass, checks)}
    lines = (
        gain_line(
            distance,
            proxy,
            name=f"{name}: reward model",
            colour=colour,
            dash="dash",
            width=2,
            **hover,
        ),
        gain_line(distance, gold, name=f"{name}: true quality", colour=colour, **hover),
    )
    for line, label in zip(lines, (False, True), strict=True):
        parts = (
            [line]
            if edge_mass is None
            else edge_traces.split(line, edge_mass, label=label, within=GAO_D_RANGE, capped=capped)
        )
        figure.add_traces(parts)


def _kl_checks(panel):
    """The panel's KL curve as edge_note reads a curve's check (None where it carries none)."""
    if panel.kl_capped is None:
        return None
    return SimpleNamespace(
        pressure=panel.kl_beta,
        capped=panel.kl_capped,
        gold_gain=panel.kl_gold,
        wide_gold_gain=panel.kl_wide_gold,
    )


def _add_selections(figure, panel) -> None:
    """Best-of-Poisson (along μ) and soft best-of-n (along n, at λ = 0.5) over the same 600:
    true quality only, thin, beside the tilt they approach."""
    others = (
        (POISSON_NAME, BEST_OF_N_TEXT, "longdash", panel.poisson_distance, panel.poisson_gold),
        (SOFT_NAME, BOUND, "longdashdot", panel.soft_distance, panel.soft_gold),
    )
    for name, colour, dash, distance, gold in others:
        if distance is not None:
            line = gain_line(
                distance, gold, name=f"{name}: true quality", colour=colour, dash=dash, width=2
            )
            figure.add_trace(line)


def gao_chart(panel) -> go.Figure:
    """Both methods' gains against d = √KL, each gold curve with the better of Gao's two laws
    (dotted, over the range it was fitted on), and the KL optimum over the 600 answers' true
    quality (green, dash-dot) on best-of-n's support, with Best-of-Poisson's and soft
    best-of-n's (λ = 0.5) on the same 600 (thin, long dashes).

    ``panel`` is a ui.compare.compute.GaoPanel.
    """
    figure = still_figure(
        "Both methods against d = √KL",
        x_title="d = √KL (√nats)",
        y_title="gain over base model",
        height=480,
    )
    # Nine legend entries wrap to six rows on a phone: below the axis, where plotly grows the
    # margin to fit them, not over the title (y -0.18 met the x title; -0.24 too at nine).
    legend = {"orientation": "h", "x": 0, "y": -0.32, "yanchor": "top"}
    figure.update_layout(margin={**MARGIN, "t": 40}, legend=legend, height=560)
    sides = (
        ("KL optimum", KL_METHOD, "kl", panel.kl_distance, panel.kl_proxy, panel.kl_gold),
        ("best-of-n", BEST_OF_N, "best_of_n", panel.bon_distance, panel.bon_proxy, panel.bon_gold),
    )
    for name, colour, method, distance, proxy, gold in sides:
        edge = panel.kl_edge_mass if method == "kl" else None
        curve = _kl_checks(panel) if method == "kl" else None
        _add_gains(
            figure, distance, proxy, gold, name=name, colour=colour, edge_mass=edge, curve=curve
        )
    # The KL optimum over the 600 answers at best-of-n's KL, point by point: the method (against
    # best-of-n on the same support) and the support (against the optimum on the grid).
    figure.add_trace(
        gain_line(
            panel.tilt_distance,
            panel.tilt_gold,
            name=f"{TILT_NAME}: true quality",
            colour=KL_METHOD,
            dash="dashdot",
            width=3,
        )
    )
    _add_selections(figure, panel)
    for name, colour, method, *_ in sides:
        fit = better_fit(panel, method)
        smooth = np.linspace(0.0, panel.fitted_until[method], 120)
        figure.add_trace(
            gain_line(
                smooth,
                fit.gold(smooth**2),
                name=fit_name(name, fit),
                colour=colour,
                dash="dot",
                width=4,
            )
        )
    figure.update_xaxes(range=list(GAO_D_RANGE))
    figure.update_yaxes(range=[-3.0, 5.0])
    return figure


def tails_chart(shown, other, *, heavy: bool) -> go.Figure:
    """Averaged best-of-n gains against n for one kind of tail, the other kind faint.

    ``shown`` and ``other`` are ui.compare.compute.AveragedTails.
    """
    kind, other_kind = ("heavy", "light") if heavy else ("light", "heavy")
    figure = still_figure(
        f"Best-of-n, {kind} tails, b = σ = 1",
        x_title="n (log scale)",
        y_title="gain over base model",
    )
    figure.add_trace(gain_line(shown.n, shown.proxy_gain, name="reward model", colour=PROXY))
    figure.add_trace(gain_line(shown.n, shown.gold_gain, name="true quality", colour=GOLD))
    figure.add_trace(
        gain_line(
            other.n,
            other.gold_gain,
            name=f"true quality, {other_kind} tails",
            colour=GOLD,
            dash="dot",
            width=1.5,
            opacity=0.6,
        )
    )
    figure.update_xaxes(type="log", range=[0, 4], tickvals=list(N_TICKS))
    top = float(max(shown.proxy_gain.max(), other.gold_gain.max()))
    figure.update_yaxes(range=[-0.5, top * 1.05 + 0.5])
    return figure


def kl_tails_chart(shown, other, *, heavy: bool) -> go.Figure:
    """The KL optimum's true quality against d = √KL with errors in every grid cell: the mean
    over error draws, the draws' 10-90% band, and the other kind of tail's mean faint.

    ``shown`` and ``other`` are ui.compare.compute.KLTails; d is √ of the mean KL at each β.
    """
    kind, other_kind = ("heavy", "light") if heavy else ("light", "heavy")
    figure = still_figure(
        f"KL optimum, {kind} tails in every grid cell, b = σ = 1",
        x_title="d = √KL (√nats)",
        y_title="true quality gain",
    )
    distance = np.round(np.sqrt(shown.mean_kl), CURVE_DECIMALS)
    low, high = np.round(np.percentile(shown.gold_gain, [10, 90], axis=0), CURVE_DECIMALS)
    figure.add_trace(gain_line(distance, high, name="", colour=GOLD, width=0, showlegend=False))
    figure.add_trace(
        gain_line(
            distance,
            low,
            name="10-90% of the draws",
            colour=GOLD,
            width=0,
            fill="tonexty",
            fillcolor="rgba(230, 159, 0, 0.2)",
        )
    )
    mean = gain_line(distance, np.round(shown.mean_gold, CURVE_DECIMALS), name="mean", colour=GOLD)
    # Where the draws' optimum sits on the grid's edge on average: dotted, marked "edge".
    figure.add_traces(edge_traces.split(mean, shown.mean_edge, label=True))
    figure.add_trace(
        gain_line(
            np.round(np.sqrt(other.mean_kl), CURVE_DECIMALS),
            np.round(other.mean_gold, CURVE_DECIMALS),
            name=f"mean, {other_kind} tails",
            colour=GOLD,
            dash="dot",
            width=1.5,
            opacity=0.6,
        )
    )
    figure.update_xaxes(range=[0.0, 4.2])
    figure.update_yaxes(range=[-10.0, 7.0])
    return figure
