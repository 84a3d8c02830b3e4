"""Every page's settings in one table: what each is, where it stops, its URL form, its pages.

Pure (no Streamlit), in the spirit of TensorFlow Playground's one table of properties: each row
(its kinds in ``ui.rows``) is a ``Setting`` (a slider over stops), a ``Choice`` (a switch
between named options) or a ``Seed`` (a whole number no slider holds: the Best-of-n page's
fresh answer set, set by its buttons) and says its key (the widget key and the URL
parameter), its stops, options or range, its default, how it is written in the URL and which
pages draw it. Every row reads its URL values with its ``parse`` (``ui.url_values``), so tests
can feed them anything. ``ui.state`` puts the rows on the page (the class poll's start screen
draws the b and σ rows too, under its own widget keys and outside its address, which holds
only its token or room).
"""

from __future__ import annotations

from collections.abc import Mapping

from ui.checker_rows import CHECKER_ROWS
from ui.pages_table import ADDRESSES
from ui.rows import Choice, Seed, Setting
from ui.url_values import SEED_LIMIT

# β runs from 10 (a strong penalty, little optimization) down to 0.25, so on every slider
# moving right means more optimization pressure.
# It holds every β the lesson prints (4, 2, 1, 0.6, 0.4, 0.3) and stops at 0.25. The grid ends
# at 6: at σ = 0 the optimum nears that edge only below about 0.15 (2.1% of it within 0.5 of the
# edge at β = 0.3, 8.4% at 0.25), but the reward model's errors pull it there sooner (8.3% at
# β = 0.3, b = 0.2, σ = 1). Of the stops only 0.3 and 0.25 ever reach 5% (at most 2.6% at 0.35,
# over all 441 (b, σ)); there every page notes it (ui/edge_note.py) rather than lose the
# lesson's 0.3.
BETA_STOPS = (10.0, 8.0, 6.0, 5.0, 4.0, 3.0, 2.5, 2.0, 1.6, 1.3, 1.0)
BETA_STOPS += (0.8, 0.7, 0.6, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25)
BETA_EDGE = 0.15  # at σ = 0 the optimum's centre, substance 1/β, nears the edge below this
# n, on roughly log-even steps from 1 to 10,000, with the lesson's 1, 49 (the peak) and 590
# (back below the base model) exactly.
N_STOPS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 40, 49, 60, 80, 100, 150, 200, 300, 400)
N_STOPS += (590, 800, 1000, 1500, 2000, 3000, 5000, 7000, 10000)
B_STOPS = tuple(round(0.05 * step, 2) for step in range(21))  # 0, 0.05, ..., 1
SIGMA_STOPS = tuple(round(0.1 * step, 1) for step in range(21))  # 0, 0.1, ..., 2

SEED_KEY = "seed"  # URL parameter: which fresh set of 600 answers the Best-of-n page draws

# The pages' names, as ``ui.state.settle_url`` knows them, and the rows' ``pages`` list them:
# their addresses, from the one page table (ui/pages_table.py).
PAGES = ADDRESSES
# Every page that has the reward model's b and σ sliders (in presenter mode the Playground keeps
# them in the address only; the poll's start screen asks which reward model a poll is about).
REWARD_MODEL_PAGES = ("playground", "best-of-n", "kl-penalty", "compare", "defenses", "poll")
# The Reward model page: comparisons on roughly log-even steps; 200,000 is where b lands within
# 0.03 of 1 (docs/design.md §9).
PAIR_STOPS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000)
SPREAD_STOPS = (0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0)  # 1 = the base model's own lengths
NOISE_STOPS = (0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0, 5.0)  # rater temperature T
PRIOR_STOPS = (0.0, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0)  # ridge strength
# The Defenses page.
K_STOPS = (1, 2, 3, 4, 6, 8, 12, 16)  # reward models in the ensemble
RHO_STOPS = tuple(round(0.1 * step, 1) for step in range(11))  # 0, 0.1, ..., 1
LAMBDA_STOPS = tuple(round(0.1 * step, 1) for step in range(21))  # 0, 0.1, ..., 2
# Spot checks per stop: 1 to 10,000 on log-like steps.
M_STOPS = (1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000, 2000, 5000, 10000)


ROWS: tuple[Setting | Choice | Seed, ...] = (
    Setting(
        key="beta",
        symbol="β",
        label="β · KL penalty strength",
        help=(
            "The KL-penalized optimum maximizes E[reward model] − β·KL(π ‖ π_ref). "
            "A large β keeps the policy near the base model; a small β lets it chase "
            "the reward model. Right = weaker penalty = more optimization. "
            "β is in reward units per nat. The grid ends at length and substance 6: "
            "where 5% or more of the optimum sits within 0.5 of that edge (at β = 0.3 or "
            "0.25 for some b and σ), the readouts say so."
        ),
        stops=BETA_STOPS,
        default=4.0,
        log_scale=True,
        pages=("playground", "kl-penalty"),
        hint="reward per nat. Right: weaker penalty, more optimization.",
    ),
    Setting(
        key="n",
        symbol="n",
        label="n · answers drawn (best-of-n)",
        help=(
            "Best-of-n draws n answers from the base model and keeps the one the reward "
            "model scores highest. Right = more answers = more optimization. "
            "n = 1 is the base model itself."
        ),
        stops=N_STOPS,
        default=1,
        log_scale=True,
        pages=("playground", "best-of-n"),
        hint="Right: more answers, the reward model keeps its favourite.",
    ),
    Setting(
        key="b",
        symbol="b",
        label="b · padding penalty learned",
        help=(
            "The true goal subtracts a padding penalty, length² − 1. The reward model "
            "learned the fraction b of it: b = 0 is the lesson's reward model "
            "(longer is always better), b = 1 knows the whole penalty."
        ),
        stops=B_STOPS,
        default=0.0,
        log_scale=False,
        pages=REWARD_MODEL_PAGES,
        hint="Share of the padding penalty the reward model learned: 0 none, 1 all.",
    ),
    Setting(
        key="sigma",
        symbol="σ",
        label="σ · other reward-model errors",
        help=(
            "The reward model also errs in ways nobody mapped: σ times a fixed, smooth "
            "random field over the answers (mean 0, variance 1). σ = 0 is the lesson's "
            "reward model."
        ),
        stops=SIGMA_STOPS,
        default=0.0,
        log_scale=False,
        pages=REWARD_MODEL_PAGES,
        hint="Size of the reward model's other, unmapped errors: 0 none.",
    ),
    Setting(
        key="pairs",
        symbol="the number of comparisons",
        label="comparisons people made",
        help=(
            "How many pairs of answers raters compared. Each pair is two answers from the "
            "base model; the rater picks one. More comparisons, a surer reward model."
        ),
        stops=PAIR_STOPS,
        default=10000,  # with spread 0.1 and no prior: see the spread's default
        log_scale=True,
        pages=("reward-model",),
    ),
    Setting(
        key="spread",
        symbol="the length spread",
        label="length spread of the compared answers",
        help=(
            "How much the compared answers' lengths vary, in units of the base model's: "
            "1 = answers as the base model writes them; 0.3 = raters only ever saw "
            "answers of typical length, so they rarely met padding."
        ),
        stops=SPREAD_STOPS,
        # Raters who met almost no padded answers, and no prior: 10,000 pairs learn length
        # weight 0.94 and b = 0.02 (90% interval -1.94 to 1.98, from the comparisons alone), and
        # the fitted model's own KL optimum falls 3.87 past its peak; at spread 1 the same
        # pairs learn b near 1 and it does not fall.
        default=0.1,
        log_scale=True,
        pages=("reward-model",),
    ),
    Setting(
        key="noise",
        symbol="the rater noise",
        label="rater noise T",
        help=(
            "Raters prefer the first answer with probability sigmoid((gold₁ − gold₂)/T). "
            "Small T: they almost always pick the truly better answer. Large T: close to "
            "a coin flip."
        ),
        stops=NOISE_STOPS,
        default=1.0,
        log_scale=True,
        pages=("reward-model",),
    ),
    Setting(
        key="prior",
        symbol="the prior",
        label="prior strength (ridge)",
        help=(
            "A Gaussian prior pulling every weight toward 0, of strength prior·|w|²/2. "
            "0 = plain maximum likelihood. A strong prior with few comparisons leaves "
            "the padding weight near 0 by its own doing, not the comparisons': the page "
            "says what share of b the comparisons carry."
        ),
        stops=PRIOR_STOPS,
        default=0.0,  # plain maximum likelihood: b is what the comparisons say
        log_scale=False,
        pages=("reward-model",),
    ),
    Choice(
        key="tails",
        symbol="the error tails",
        label="tails of the reward model's errors",
        help=(
            "Each of the 600 answers gets its own error of size 1. Light: normal errors. "
            "Heavy: the same draws stretched into a Student-t with 2 degrees of freedom, "
            "so a few answers get huge errors (same order, longer tails)."
        ),
        options=("light", "heavy"),
        default="light",
        pages=("compare",),
        words=("Light (normal)", "Heavy (Student-t)"),
    ),
    Setting(
        key="fix",
        symbol="b′",
        label="b′ · padding penalty the better reward model learned",
        help=(
            "The first defense: a reward model that learned the fraction b′ of the padding "
            "penalty, against the page's reward model, which learned b (the slider above). "
            "b′ = 1 knows the whole penalty."
        ),
        stops=B_STOPS,
        default=0.2,  # the story's fix: a fifth of the penalty removes the decline at σ = 0
        log_scale=False,
        pages=("defenses",),
    ),
    Setting(
        key="k",
        symbol="k",
        label="k · reward models in the ensemble",
        help=(
            "Train k reward models instead of one and combine their scores. Each errs in "
            "its own places (σ times its own error field) and in the places all of them "
            "share (correlation ρ). k = 1 is a single reward model."
        ),
        stops=K_STOPS,
        default=4,
        log_scale=True,
        pages=("defenses",),
    ),
    Setting(
        key="rho",
        symbol="ρ",
        label="ρ · errors shared by all members",
        help=(
            "How alike any two members' errors are: member j errs by "
            "σ·(√ρ·ε₀ + √(1 − ρ)·ε_j). ρ = 0: independent errors; ρ = 1: all err alike, "
            "and the ensemble is one reward model."
        ),
        stops=RHO_STOPS,
        default=0.5,
        log_scale=False,
        pages=("defenses",),
    ),
    Choice(
        key="agg",
        symbol="the ensemble's combination",
        label="Combine the members' scores by their",
        help=(
            "Mean: the average score, whose independent errors shrink as k grows. Minimum: "
            "the lowest score, the worst case (Coste et al. 2023): an answer must please "
            "every member."
        ),
        options=("mean", "min"),
        default="mean",
        pages=("defenses",),
        words=("average", "minimum"),
    ),
    Setting(
        key="lam",
        symbol="λ",
        label="λ · length penalty",
        help=(
            "Subtract λ·length from the reward model's score. λ = 1 cancels the reward "
            "model's liking for length; above that it prefers short answers, and true "
            "quality (which wants some length) pays."
        ),
        stops=LAMBDA_STOPS,
        default=0.5,
        log_scale=False,
        pages=("defenses",),
    ),
    Setting(
        key="m",
        symbol="m",
        label="m · answers checked at each stop",
        help=(
            "At every stop of the β and n sliders, m answers are checked by hand against "
            "true quality; optimization stops where their average looks best."
        ),
        stops=M_STOPS,
        default=10,
        log_scale=True,
        pages=("defenses",),
    ),
    *CHECKER_ROWS,  # Rewards you can check: its rows, kept together in ui/checker_rows.py
    Seed(key=SEED_KEY, symbol="answer set", limit=SEED_LIMIT, pages=("best-of-n",)),
)
SETTINGS: dict[str, Setting | Choice | Seed] = {row.key: row for row in ROWS}  # rows by key
DEFAULTS = {key: row.default for key, row in SETTINGS.items()}
KEYS = ("beta", "n", "b", "sigma")  # the lesson's four: the Playground's, and every story step's
# The Playground moves all four on its stage, in the browser, not with Streamlit sliders; b and
# σ choose the stage's world (the reward model), fetched from /worlds/ as they move.
STAGE_KEYS = ("beta", "n", "b", "sigma")
WORLD_KEYS = ("b", "sigma")
PRESENT_KEY = "present"  # URL parameter: ?present=1 opens the Playground in presenter mode
# Where a page opens when neither the link nor the session set a setting: at σ = 0 every member
# of an ensemble is the same reward model, so on the Defenses page it would change nothing; at
# σ = 0.5 every defense acts on a real decline (best-of-n falls to -1.08 at n = 10,000, and
# β = 0.3 is clear of the grid's edge, 1.3%), where from σ = 0.9 on the errors swamp b = 0 and
# best-of-n no longer falls on the lesson's draw.
PAGE_OPENINGS: dict[str, dict[str, float | str]] = {"defenses": {"sigma": 0.5}}


def keys_for(page: str) -> tuple[str, ...]:
    """The keys of every row that ``page`` draws, in the table's order."""
    return tuple(key for key, row in SETTINGS.items() if page in row.pages)


# The page table's settings column, read back from the rows (each row names its pages).
PAGE_KEYS = {page: keys_for(page) for page in PAGES}


# --- links (pure) ----------------------------------------------------------------------


def url_text(key: str, value: float | str) -> str:
    """How a value of setting ``key`` is written in the URL: "0.6", "49", "heavy"."""
    return SETTINGS[key].url_text(value)


def query_for(values: Mapping[str, float | str]) -> dict[str, str]:
    """The URL parameters for some settings, leaving out those at their default."""
    return {
        key: url_text(key, value)
        for key, value in values.items()
        if key in SETTINGS and value != SETTINGS[key].default
    }


def full_query(values: Mapping[str, float | str]) -> dict[str, str]:
    """URL parameters for every setting given, defaults included (a link that resets too; no
    seed is written as none)."""
    return {
        key: url_text(key, value)
        for key, value in values.items()
        if key in SETTINGS and value is not None
    }


def query_string(
    values: Mapping[str, float | str | None],
    *,
    extra: Mapping[str, str | None] | None = None,
) -> str:
    """``?beta=0.3&n=590`` for the given settings ("" when all are at their defaults), then
    ``extra`` parameters already in URL form (None: left out), e.g. the pin.

    Values are stops, option names or seeds (digits, '.', '_', letters): nothing from a URL is
    repeated.
    """
    query = query_for(values)
    query |= {key: text for key, text in (extra or {}).items() if text is not None}
    return "?" + "&".join(f"{key}={value}" for key, value in query.items()) if query else ""
