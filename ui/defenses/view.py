"""The Defenses page's parts drawn: each defense's section (its sliders, words, readouts and
chart), the peak and collapse as four metrics (with the edge's note), and where spot checks
stopped a method. Their numbers are ``ui.defenses.compute``'s, their words
``ui.defenses.text``'s; this module lays them out (pages/defenses.py arranges the sections).
"""

from __future__ import annotations

import streamlit as st

from common import format as fmt
from ui import charts, edge_note, presenter, slack_text, sliders
from ui.defenses import cached_figures, research_text
from ui.defenses import compute as defense_compute
from ui.defenses import text as defense_text
from ui.defenses.text import (
    METHOD_NAMES,
    pressure_text,
    readouts,
    shared_strongest,
    spot_check_spread,
)
from ui.settings import BETA_STOPS

READOUT_WIDTH = 150  # px per metric: two fit a phone's width


def peak_and_collapse(container, undefended, defended) -> None:
    """The four :func:`readouts` as metrics, and an edge note where every β stop is capped."""
    row = container.container(horizontal=True, gap="small")
    for readout in readouts(undefended, defended):
        row.container(width=READOUT_WIDTH).metric(
            readout.label, readout.value, delta=readout.delta, help=readout.help
        )
    kl = shared_strongest("kl", undefended.kl, defended.kl)
    note = edge_note.edge_note(kl.edge_mass, pressure_text("kl", kl.pressure))
    if note:  # only where every β stop is capped: then none is clear to read instead
        container.info(f"KL penalty: {note}", icon=":material/border_outer:")


def spot_check_readouts(container, result, method: str) -> None:
    """Where m spot checks stopped a method, and what that cost, as four metrics."""
    spread = spot_check_spread(result, method)
    name, symbol = METHOD_NAMES[method]
    container.markdown(f"**{name}** (the real peak: {pressure_text(method, spread.peak_pressure)})")
    row = container.container(horizontal=True, gap="small")
    cells = [row.container(width=READOUT_WIDTH) for _ in range(4)]
    cells[0].metric(
        "stopped at (median)",
        pressure_text(method, spread.chosen_median),
        help="Half the repeats stopped at this setting or gentler.",
    )
    cells[1].metric(
        "middle 80% stopped",
        f"{fmt.setting_value(symbol, spread.chosen_low)} to "
        f"{fmt.setting_value(symbol, spread.chosen_high)}",
        help="A tenth of the repeats stopped gentler than the first, a tenth harder than the "
        "second.",
    )
    cells[2].metric(
        "quality lost (median)",
        fmt.number(spread.lost_median),
        help="True quality gain at the real peak minus at the chosen stop.",
    )
    cells[3].metric(
        "lost, worst 10%",
        fmt.number(spread.lost_high),
        help="A tenth of the repeats lost at least this much true quality.",
    )


def chart_key(chart) -> str:
    """The session key of the expander that holds ``chart`` (True: open)."""
    return f"open-{chart.__name__}"


def opens(chart):
    """A callback for a section's own controls: moving one opens the section's chart, since
    the reader is looking at what it does."""
    return lambda: st.session_state.update({chart_key(chart): True})


CHART_DESCRIPTION = (
    "Best-of-n on the left, the KL penalty on the right. The readouts just above give its "
    "numbers, with and without the defense."
)


def both_methods(chart, *args, shows: str = "") -> None:
    """One figure per defense: best-of-n on the left, the KL penalty on the right.

    One chart, not two side by side: the browser draws one two-plot figure faster than two.
    Only the first section's chart is always drawn; the others open on request (an expander
    that reruns when opened, so a closed one costs nothing): a b or σ change redraws every
    chart on the screen from scratch, and four of them took twice the time of a peer page
    (bench.defenses_latency). The readouts above each chart always follow.
    """
    if not shows:
        charts.chart(chart(*args), key=chart.__name__, description=CHART_DESCRIPTION)
        return
    box = st.expander(
        f"Chart: {shows}, both methods",
        key=chart_key(chart),
        on_change="rerun",
        icon=":material/show_chart:",
    )
    if box.open:
        charts.chart(chart(*args), key=chart.__name__, description=CHART_DESCRIPTION, container=box)


def ensemble_section(b: float, sigma: float, undefended) -> dict:
    """Section 2; returns its settings (k, ρ, the combination)."""
    st.header("2 · An ensemble of reward models", divider="gray")
    k_slot, rho_slot, aggregate_slot = st.columns(3, gap="medium")
    opened = opens(cached_figures.ensemble)
    k = sliders.slider("k", container=k_slot, on_change=opened)
    rho = sliders.slider("rho", container=rho_slot, on_change=opened)
    aggregate = sliders.switch("agg", container=aggregate_slot, on_change=opened)
    measured = defense_compute.ensemble_error_sizes(rho)[int(k) - 1]
    formula = defense_compute.error_size(sigma, k, rho)
    presenter.words("How the ensemble combines").markdown(
        defense_text.ensemble_words(aggregate, k, formula, sigma * measured, sigma=sigma, rho=rho)
    )
    if sigma == 0:
        st.info(defense_text.SIGMA_ZERO)
    defended = defense_compute.summary(b, sigma, k, rho, aggregate)
    peak_and_collapse(st, undefended, defended)
    both_methods(
        cached_figures.ensemble,
        b,
        sigma,
        k,
        rho,
        aggregate,
        shows="true quality with the ensemble",
    )
    return {"k": k, "rho": rho, "agg": aggregate}


def length_section(b: float, sigma: float, undefended) -> dict:
    """Section 3; returns its setting (λ)."""
    st.header("3 · A length penalty", divider="gray")
    penalty = sliders.slider("lam", on_change=opens(cached_figures.length_penalty))
    presenter.words("What a length penalty does").markdown(defense_text.length_words(penalty))
    peak_and_collapse(st, undefended, defense_compute.summary(b, sigma, length_penalty=penalty))
    both_methods(
        cached_figures.length_penalty,
        b,
        sigma,
        penalty,
        shows="true quality with the penalty",
    )
    return {"lam": penalty}


def spot_check_section(b: float, sigma: float) -> dict:
    """Section 4; returns its setting (m)."""
    st.header("4 · Stop early, from spot checks", divider="gray")
    m = sliders.slider("m", on_change=opens(cached_figures.spot_checks))
    presenter.words("How the spot checks stop").markdown(
        defense_text.spot_check_words(
            m, repeats=defense_compute.SPOT_REPEATS, seed=defense_compute.SPOT_SEED
        )
    )
    spot_bon, spot_kl = defense_compute.spot_checks(m, b, sigma)
    bon_column, kl_column = st.columns(2, gap="medium")
    spot_check_readouts(bon_column, spot_bon, "best_of_n")
    spot_check_readouts(kl_column, spot_kl, "kl")
    both_methods(cached_figures.spot_checks, m, b, sigma, shows="where the spot checks stop")
    peak, estimates = defense_compute.hedge_tune(b, sigma)  # core.hedging
    st.caption(research_text.hedge_tune_sentence(peak, estimates, m_values=defense_compute.HEDGE_M))
    return {"m": m}


def slack_section(b: float, sigma: float) -> None:
    """Section 5: the slack sentence for both methods."""
    st.header("5 · The slack: stop at the peak", divider="gray")
    slack = defense_compute.slack(b, sigma)
    best_of_n = slack_text.slack_sentence("n", slack.best_of_n)
    kl = slack_text.slack_sentence("β", slack.kl, stops=BETA_STOPS)
    st.markdown(defense_text.slack_words(best_of_n, kl))
    presenter.words("What no defense removes").caption(defense_text.NO_DEFENSE_REMOVES)
