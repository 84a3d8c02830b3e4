"""The Defenses page's readouts drawn: the peak and collapse as four metrics (with the edge's
note), and where spot checks stopped a method. Their numbers and words are
``ui.defenses.text``'s; this module only lays them out in the container it is given.
"""

from __future__ import annotations

from common import format as fmt
from ui import edge_note
from ui.defenses.text import (
    METHOD_NAMES,
    pressure_text,
    readouts,
    shared_strongest,
    spot_check_spread,
)

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
