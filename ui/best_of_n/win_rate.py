"""The Best-of-n page's win rate: how often best-of-n's pick beats one random answer from the
600, by the reward model and by true quality (Beirami et al., 2024; Gui, Gârbacea & Veitch,
2024), its curve along n, its chart and its sentence.

``win_rate_curve_of`` and ``win_rate_figure`` and ``win_rate_words`` are pure (numbers in,
curve, figure or words out); ``win_rate_curve`` and ``win_rate_chart`` are their cached forms
the page calls. tests/app/test_best_of_n_claims.py walks the words over every (b, σ) and n stop.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import core
from common import format as fmt
from ui.compute import N_CURVE, cached
from ui.gain_charts import still_figure
from ui.style import BOUND, CURRENT_MARKER_SIZE, GOLD, N_TICKS, PROXY

WIN_RATE_ENTRIES = 64  # curves and figures: one per (b, σ[, seed]) or (n, b, σ[, seed]) seen
COIN_FLIP = 0.5  # a random answer against another: the win rate at n = 1
RATE_DECIMALS = 4  # the chart's y values, rounded: 0.01% steps, a smaller payload
# Under the chart, after its computed sentence: the sources and what "exact" means here.
WIN_RATE_NOTE = (
    "Beirami et al. (2024) and Gui, Gârbacea & Veitch (2024) showed that best-of-n's pick beats "
    "a base model's answer by the reward model with probability n/(n+1); over 600 answers it "
    "is exact here, ties counted half, so it stops at 1 − 1/1,200 (the best answer only ties "
    "itself). By true quality the win rate turns down long before the reward model's does: "
    "the plainest picture of overoptimization."
)


@dataclass(frozen=True)
class WinRateCurve:
    """Best-of-n's win rates along N_CURVE (arrays (k,)), and where true quality's peaks."""

    n: np.ndarray
    by_reward_model: np.ndarray
    by_true_quality: np.ndarray
    peak_n: int  # the whole n where the true-quality win rate is highest, 1 to 10,000
    peak_rate: float
    below_half_from: int | None  # the first whole n past the peak below 50%, None: none


def _refined(rates_at, low: float, high: float, pick) -> tuple[int, float]:
    """The whole n in [low, high] that ``pick`` (argmax, or a first-below index) chooses
    among the rates of every whole n there, one core call."""
    whole = np.arange(int(low), int(high) + 1, dtype=np.float64)
    rates = rates_at(whole)
    index = pick(rates)
    return int(whole[index]), float(rates[index])


def win_rate_curve_of(b: float, sigma: float, seed: int | None = None) -> WinRateCurve:
    """The win rates along N_CURVE at (b, σ, seed); the peak and the fall below 50% refined to
    the whole n between the curve's neighbouring points (the curve rises then falls there)."""

    def gold_rates(counts):
        return core.win_rates(counts, b=b, sigma=sigma, seed=seed).by_true_quality

    rates = core.win_rates(N_CURVE, b=b, sigma=sigma, seed=seed)
    gold = rates.by_true_quality
    top = int(np.argmax(gold))
    low, high = N_CURVE[max(top - 1, 0)], N_CURVE[min(top + 1, N_CURVE.size - 1)]
    peak_n, peak_rate = _refined(gold_rates, low, high, np.argmax)
    below = np.flatnonzero((gold < COIN_FLIP) & (peak_n < N_CURVE))
    below_from = None
    if below.size:
        first = below[0]
        below_from, _ = _refined(
            gold_rates, N_CURVE[first - 1], N_CURVE[first], lambda r: np.argmax(r < COIN_FLIP)
        )
    for array in (rates.by_reward_model, gold):
        array.flags.writeable = False
    return WinRateCurve(N_CURVE, rates.by_reward_model, gold, peak_n, peak_rate, below_from)


@cached(WIN_RATE_ENTRIES)
def win_rate_curve(b: float, sigma: float, seed: int | None = None) -> WinRateCurve:
    """:func:`win_rate_curve_of`, cached per rounded setting and shared by every session."""
    return win_rate_curve_of(b, sigma, seed)


@cached(WIN_RATE_ENTRIES)
def win_rates_at(n: int, b: float, sigma: float, seed: int | None = None) -> core.WinRates:
    """Best-of-n's two win rates at one n (floats)."""
    return core.win_rates(n, b=b, sigma=sigma, seed=seed)


def win_rate_figure(curve: WinRateCurve, n: int, at_n: core.WinRates) -> go.Figure:
    """Both win rates against n (log axis), n/(n+1) dotted, 50% dashed, the current n marked."""
    figure = still_figure(
        "Beats a random answer: win rate",
        x_title="n (log scale)",
        y_title="",  # the title says it: "win rate" beside "100%" ticks met them on a phone
    )
    lines = (
        ("by the reward model", curve.by_reward_model, PROXY, "solid"),
        ("by true quality", curve.by_true_quality, GOLD, "solid"),
        ("n/(n+1)", curve.n / (curve.n + 1.0), BOUND, "dot"),
    )
    for name, rates, colour, dash in lines:
        figure.add_trace(
            go.Scatter(
                x=curve.n,
                y=np.round(rates, RATE_DECIMALS),
                name=name,
                mode="lines",
                line={"color": colour, "dash": dash, "width": 3 if dash == "solid" else 2},
                hovertemplate="%{y:.1%}",
            )
        )
    figure.add_trace(
        go.Scatter(
            x=[n, n],
            y=[at_n.by_reward_model, at_n.by_true_quality],
            name=fmt.named("n", n),
            mode="markers",
            marker={"color": [PROXY, GOLD], "size": CURRENT_MARKER_SIZE},
            hovertemplate="%{y:.1%}",
            showlegend=False,
        )
    )
    figure.add_hline(y=COIN_FLIP, line={"color": BOUND, "dash": "dash", "width": 1})
    figure.update_xaxes(type="log", range=[0, 4], tickvals=list(N_TICKS))
    figure.update_yaxes(range=[0, 1.02], tickformat=".0%")
    return figure


@cached(WIN_RATE_ENTRIES)
def win_rate_chart(n: int, b: float, sigma: float, seed: int | None = None) -> go.Figure:
    """The cached win-rate chart at (n, b, σ, seed)."""
    return win_rate_figure(win_rate_curve(b, sigma, seed), n, win_rates_at(n, b, sigma, seed))


def words_at(n: int, b: float, sigma: float, seed: int | None = None) -> str:
    """:func:`win_rate_words` at (n, b, σ, seed), from the cached rates and curve."""
    return win_rate_words(n, win_rates_at(n, b, sigma, seed), win_rate_curve(b, sigma, seed))


def win_rate_words(n: int, at_n: core.WinRates, curve: WinRateCurve) -> str:
    """What the win-rate chart shows at ``n``, in two sentences (numbers as ``fmt.percent``
    prints them, one decimal)."""
    rates = (at_n.by_reward_model, at_n.by_true_quality)
    by_model, by_truth = (fmt.percent(rate, decimals=1) for rate in rates)
    first = (
        f"At {fmt.named('n', n)} best-of-n's pick beats one random answer of the 600 "
        f"{by_model} of the time by the reward model's score (n/(n+1) = "
        f"{fmt.percent(n / (n + 1), decimals=1)}) and {by_truth} by true quality."
    )
    peak = fmt.percent(curve.peak_rate, decimals=1)
    if curve.peak_n == 1:
        second = "By true quality it is never higher than at n = 1 (50%)"
    elif curve.peak_n >= N_CURVE[-1]:
        second = f"By true quality it still rises at n = 10,000 ({peak})"
    else:
        second = f"By true quality it is highest, {peak}, at {fmt.named('n', curve.peak_n)}"
    if curve.below_half_from is None:
        ending = (
            ", and never falls below a coin flip (50%) up to n = 10,000."
            if curve.peak_n > 1
            else "."
        )
    else:
        ending = (
            f", then falls, below a coin flip (50%) from "
            f"{fmt.named('n', curve.below_half_from)} on: the reward model says better, the "
            "truth says worse than a random answer."
        )
    return f"{first} {second}{ending}"
