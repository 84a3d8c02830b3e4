"""The rows of the settings table (``ui.settings``) for the page "Rewards you can check" (pure).

Kept together here, in the table's style, and joined into ``ui.settings.ROWS`` there: the page's
own β, the two tasks' pass@1, the checker's looseness h, the hack rate q, the charts' axis and the
monitor's mode (core/checker.py).
"""

from __future__ import annotations

from ui.rows import Choice, Setting

# Rewards you can check (core/checker.py): its own β, since its rewards are pass rates in [0, 1]
# (the Playground's β = 0.25 is barely any pressure here); it holds docs/design.md's table's
# 1, 0.3, 0.1, 0.05 and 0.02.
CHECK_BETA_STOPS = (3.0, 2.0, 1.5, 1.0, 0.7, 0.5, 0.3, 0.2, 0.15, 0.1, 0.07, 0.05, 0.03, 0.02)
# pass@1 from 0.5% to 75%: 1.5% is about 1 try in 64 (the edge of competence), 25% 1 in 4.
PASS1_STOPS = (0.005, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.15, 0.25, 0.35, 0.5, 0.75)
LOOSENESS_STOPS = tuple(round(0.1 * step, 1) for step in range(11))  # h: 0, 0.1, ..., 1
HACK_RATE_STOPS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1)  # q

CHECKER_ROWS: tuple[Setting | Choice, ...] = (
    Setting(
        key="check_beta",
        symbol="β",
        label="β · KL penalty",
        help=(
            "The optimum maximizes E[checker's reward] − β·KL(π ‖ π_ref); the reward is 1 for "
            "an attempt that passes the tests, so β is in passes per nat. Right = weaker "
            "penalty = more optimization."
        ),
        stops=CHECK_BETA_STOPS,
        default=0.1,
        log_scale=True,
        pages=("checker",),
        hint="Passes per nat. Right: more optimization.",
    ),
    Setting(
        key="pass1",
        symbol="pass@1",
        label="Left task: solved on a first try (pass@1)",
        help=(
            "The task's difficulty, said as the share of the base model's honest tries that "
            "solve it: 0.015 (1.5%, about 1 try in 64) is the edge of competence; 0.25 is a "
            "task passed in about 4 tries."
        ),
        stops=PASS1_STOPS,
        default=0.015,
        log_scale=True,
        pages=("checker",),
        hint="0.015 = 1.5%: 1 try in 64.",
    ),
    Setting(
        key="pass1_other",
        symbol="pass@1 beside it",
        label="Right task: solved on a first try (pass@1)",
        help="The same, for the task drawn on the right: 0.25 = 25%, about 1 try in 4.",
        stops=PASS1_STOPS,
        default=0.25,
        log_scale=True,
        pages=("checker",),
        hint="0.25 = 25%: 1 try in 4.",
    ),
    Setting(
        key="h",
        symbol="h",
        label="A hack fools the checker (h)",
        help=(
            "A hack (special-casing the tests, exiting early, editing the checker) passes the "
            "checker with probability h and solves nothing. h = 0 is a perfect checker."
        ),
        stops=LOOSENESS_STOPS,
        default=0.9,
        log_scale=False,
        pages=("checker",),
        hint="A hack passes: 0 never, 1 always.",
    ),
    Setting(
        key="q",
        symbol="q",
        label="The base model tries a hack (q)",
        help="The base model's probability of trying a hack instead of the task.",
        stops=HACK_RATE_STOPS,
        default=0.01,
        log_scale=True,
        pages=("checker",),
        hint="0.01: the base model hacks 1 try in 100.",
    ),
    Choice(
        key="against",
        symbol="the charts' axis",
        label="Charts drawn against",
        help=(
            "β: the KL penalty's strength, weaker to the right. KL: how far the optimum "
            "moved from the base model, in nats."
        ),
        options=("beta", "kl"),
        default="beta",
        pages=("checker",),
        words=("β (KL penalty)", "KL (nats)"),  # as the readouts name it; fits a fifth of a row
    ),
    Choice(
        key="monitor",
        symbol="the monitor",
        label="The monitor",
        help=(
            "Only watches: the monitor reads the reasoning and counts the hacks it catches; "
            "training ignores it. Penalizes: a caught hack is scored −1 in the reward."
        ),
        options=("watch", "penalize"),
        default="watch",
        pages=("checker",),
        words=("Only watches", "Penalizes caught hacks"),
    ),
)
