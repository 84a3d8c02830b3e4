"""Cached calls into core, shared by every session and thread of the server process.

Each function takes scalar settings, which :func:`cached` rounds to DIGITS decimals before
they key the cache (so 0.6000000001 and 0.6 share one entry). The
results are immutable (frozen dataclasses of floats, read-only arrays), so every caller gets the
same object, no copy, no pickling. Every cache has a bound on its entries; none hashes an array.

No Streamlit here, nor pandas at import: the caches are plain dicts (:func:`cached`), so the
stage's worlds and the Defenses page's results (built on them) are built by
scripts/build_worlds.py and the server's threads without loading either (~1 s and ~60 MB of
imports; tests/app/test_build_path.py). They keep what ``st.cache_resource`` gave: one object
shared by every session, least recently used out past the bound, and one computation per key at
a time (300 sessions asking for one world while it is built wait for it, not build it 300 times).
"""

from __future__ import annotations

import functools
import inspect
import threading
from collections import OrderedDict

import numpy as np

import core
from common import i18n
from core import fresh_draws
from ui import swamp_text
from ui.settings import BETA_EDGE, BETA_STOPS, N_STOPS, SETTINGS, SIGMA_STOPS

DIGITS = 6  # settings are rounded to this many decimals before they key a cache
CURVE_POINTS = core.CURVE_POINTS  # points along each method's whole curve
BETA_CURVE = core.log_spaced_betas(high=SETTINGS["beta"].high, low=SETTINGS["beta"].low)
# Down past the slider's end, to show on the KL page what the grid's edge does there.
BETA_CURVE_PAST_EDGE = core.log_spaced_betas(high=SETTINGS["beta"].high, low=BETA_EDGE / 1.5)
N_CURVE = core.log_spaced_counts(high=SETTINGS["n"].high)
POINT_ENTRIES = 1024  # single settings: a lecture hall's recent (β or n, b, σ)
CURVE_ENTRIES = 64  # whole curves (~16 KB each): one per (b, σ[, seed]) recently looked at
FIELD_ENTRIES = 6  # 241 x 241 fields, ~0.5 MB each


def _key(value):
    """A cache key part: floats rounded to DIGITS decimals, whole numbers as int."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        return round(float(value), DIGITS)
    return value


def _in_english(function, args: tuple, kwargs: dict):
    """``function(*args, **kwargs)`` in English whatever the reader's language: a shared cache
    serves every reader (a function that takes a language writes in it: ``worlds.world_json``),
    so a German reader's "10 000" never reaches another reader's page."""
    with i18n.using(i18n.ENGLISH):
        return function(*args, **kwargs)


def cached(max_entries: int):
    """A cache of at most ``max_entries`` results, keyed by the rounded arguments (defaults
    filled in, so f(b, s) and f(b, sigma=s) share an entry), least recently used out first.

    Shared by every thread, no copies: the function must return something never mutated. One
    computation per key at a time: a caller asking for a key being computed waits for it, as
    with ``st.cache_resource``. ``.clear()`` empties it. Filled in English (:func:`_in_english`).
    """

    def decorate(function):
        signature = inspect.signature(function)
        entries: OrderedDict = OrderedDict()
        computing: dict[tuple, threading.Lock] = {}  # a lock per key being computed
        lock = threading.Lock()  # guards both dicts, never held while computing

        def hit(key):
            with lock:
                if key in entries:
                    entries.move_to_end(key)
                    return True, entries[key]
                return False, computing.setdefault(key, threading.Lock())

        @functools.wraps(function)
        def call(*args, **kwargs):
            if kwargs or len(args) != len(signature.parameters):  # defaults, names: bind
                bound = signature.bind(*args, **kwargs)
                bound.apply_defaults()
                for name, value in bound.arguments.items():
                    bound.arguments[name] = _key(value)
                key, args, kwargs = tuple(bound.arguments.values()), bound.args, bound.kwargs
            else:  # every argument by position (~1 µs a hit; binding takes ~30)
                key = args = tuple(_key(value) for value in args)
            found, value = hit(key)
            if found:
                return value
            with value:  # this key's lock: one computation of it at a time
                found, result = hit(key)  # another thread may have computed it meanwhile
                if found:
                    return result
                try:
                    result = _in_english(function, args, kwargs)
                    with lock:
                        entries[key] = result
                        while len(entries) > max_entries:
                            entries.popitem(last=False)
                finally:
                    with lock:
                        computing.pop(key, None)
            return result

        def clear() -> None:
            with lock:
                entries.clear()

        call.clear = clear
        call.entries = entries  # for tests: the keys kept, least recently used first
        return call

    return decorate


def _read_only(*arrays: np.ndarray) -> None:
    for array in arrays:
        array.flags.writeable = False


Curve = core.Curve  # the math lives in core; the names stay here for callers
GaussianOptimum = core.GaussianOptimum
RankedAnswers = core.RankedAnswers


# --- one setting -------------------------------------------------------------------------


@cached(POINT_ENTRIES)
def kl_point(beta: float, b: float, sigma: float) -> core.KLResult:
    """The KL-penalized optimum at one β (fields are floats)."""
    return core.kl_optimum(beta, b=b, sigma=sigma)


@cached(POINT_ENTRIES)
def kl_edge_check(beta: float, b: float, sigma: float) -> core.EdgeCheck:
    """Whether the grid's edge caps the KL optimum at one β (core.edge_check; fields scalar):
    solves the ±12 grid only where 1e-4 <= edge mass < 5% (~2 ms there, else nothing)."""
    return core.edge_check(beta, b=b, sigma=sigma, result=kl_point(beta, b, sigma))


@cached(POINT_ENTRIES)
def best_of_n_point(n: int, b: float, sigma: float, seed: int | None = None) -> core.BestOfNResult:
    """Best-of-n at one n (fields are floats); ``seed`` None is the lesson's answer set."""
    return core.best_of_n(n, b=b, sigma=sigma, seed=seed)


@cached(POINT_ENTRIES)
def kl_cloud(beta: float, b: float, sigma: float) -> core.Cloud:
    """CLOUD_SIZE samples of the KL-penalized optimum at β (common random numbers)."""
    return core.kl_cloud(beta, b=b, sigma=sigma)


@cached(POINT_ENTRIES)
def best_of_n_cloud(n: int, b: float, sigma: float) -> core.Cloud:
    """The winners of CLOUD_SIZE fixed best-of-n trials at n (the lesson's answers)."""
    return core.best_of_n_cloud(n, b=b, sigma=sigma)


@cached(CURVE_ENTRIES)
def win_chances(n: int, b: float, sigma: float, seed: int | None = None) -> np.ndarray:
    """Each answer's chance of being kept by best-of-n at n: (600,), answers() order."""
    chances = core.win_probabilities(n, b=b, sigma=sigma, seed=seed)
    _read_only(chances)
    return chances


@cached(FIELD_ENTRIES)
def kl_policy(beta: float, b: float, sigma: float) -> np.ndarray:
    """π_β on the grid: (241, 241), rows substance, columns length; read-only."""
    policy = np.array(core.kl_policy(beta, b=b, sigma=sigma))
    _read_only(policy)
    return policy


@cached(CURVE_ENTRIES)
def lesson_table(b: float, sigma: float) -> dict[str, np.ndarray]:
    """The lesson's table (β = 4, 2, 1, 0.6, 0.4, 0.3) for a reward model (b, σ)."""
    table = core.lesson_table(b=b, sigma=sigma)
    _read_only(*table.values())
    return table


# --- whole curves ------------------------------------------------------------------------


@cached(CURVE_ENTRIES)
def kl_curve(b: float, sigma: float, *, past_edge: bool = False) -> Curve:
    """The KL-penalized optimum along β from 10 to 0.25 (or on past the grid's edge).

    The peak of true quality is looked for where the slider goes (β >= 0.25).
    """
    betas = BETA_CURVE_PAST_EDGE if past_edge else BETA_CURVE
    return core.kl_curve(betas, b=b, sigma=sigma, lowest_peak_beta=SETTINGS["beta"].low)


@cached(CURVE_ENTRIES)
def best_of_n_curve(b: float, sigma: float, seed: int | None = None) -> Curve:
    """Best-of-n along n from 1 to 10,000, with the exact whole-number n of the peak."""
    return core.best_of_n_curve(N_CURVE, b=b, sigma=sigma, seed=seed)


@cached(CURVE_ENTRIES)
def answers(b: float, sigma: float, seed: int | None = None) -> core.Answers:
    """The 600 answers (lesson's set, or a fresh set for a seed) and their two scores."""
    return core.answers(b=b, sigma=sigma, seed=seed)


# --- every slider stop at once (the stage's world, the slack) ----------------------------

STOP_BETAS = np.array(BETA_STOPS)  # every β stop, for one vectorized core call
STOP_COUNTS = np.array(N_STOPS)  # every n stop
# A world is built once per (b, σ) and kept whole (ui/playground/worlds.py, 441 entries): its
# parts are needed only while it is built.
STOP_ENTRIES = 2


@cached(STOP_ENTRIES)
def kl_at_stops(b: float, sigma: float) -> core.KLResult:
    """The KL-penalized optimum at every β stop in float64 (readouts are printed from it):
    fields (20,), BETA_STOPS' order."""
    return core.kl_optimum(STOP_BETAS, b=b, sigma=sigma, exact=True)


@cached(STOP_ENTRIES)
def kl_edge_at_stops(b: float, sigma: float) -> core.EdgeCheck:
    """The edge check at every β stop (core.edge_check on kl_at_stops): fields (20,)."""
    return core.edge_check(STOP_BETAS, b=b, sigma=sigma, result=kl_at_stops(b, sigma))


@cached(STOP_ENTRIES)
def best_of_n_at_stops(b: float, sigma: float) -> core.BestOfNResult:
    """Best-of-n at every n stop: fields (28,), N_STOPS' order."""
    return core.best_of_n(STOP_COUNTS, b=b, sigma=sigma)


@cached(STOP_ENTRIES)
def kl_clouds_at_stops(b: float, sigma: float) -> core.Cloud:
    """The moving cloud of the KL optimum at every β stop: (20, CLOUD_SIZE) coordinates."""
    return core.kl_cloud(STOP_BETAS, b=b, sigma=sigma)


@cached(STOP_ENTRIES)
def best_of_n_clouds_at_stops(b: float, sigma: float) -> core.Cloud:
    """Best-of-n's winners at every n stop: (28, CLOUD_SIZE) coordinates."""
    return core.best_of_n_cloud(STOP_COUNTS, b=b, sigma=sigma)


@cached(CURVE_ENTRIES)
def slack(b: float, sigma: float, edge: str = "check") -> core.Slack:
    """Each method's slack on the sliders' stops: the peak against the strongest stop (``edge``:
    which stops the grid's edge caps, as core.slack)."""
    return core.slack(beta_stops=STOP_BETAS, n_stops=STOP_COUNTS, b=b, sigma=sigma, edge=edge)


def swamping(b: float, sigma: float) -> swamp_text.Swamping | None:
    """Where σ swamps b (ui.swamp_text's rule), the numbers its sentence stands on, else None.

    Only at the σ slider's stops above 0: between them say nothing, not guess. Not cached
    itself: best-of-n at the strongest n and the KL optimum at the β stops are.
    """
    if sigma == 0 or sigma not in SIGMA_STOPS:
        return None
    here, clean = (best_of_n_point(swamp_text.STRONGEST_N, b, at) for at in (sigma, 0.0))
    if not swamp_text.swamps(here, clean):
        return None
    kl, capped = kl_at_stops(b, sigma), kl_edge_at_stops(b, sigma).capped
    return swamp_text.swamping(
        sigma=sigma,
        here=here,
        clean=clean,
        betas=STOP_BETAS,
        kl=kl,
        fresh_here=fresh_ends(b, sigma),
        fresh_clean=fresh_ends(b, 0.0),
        strongest=core.strongest_uncapped(STOP_BETAS, edge_mass=kl.edge_mass, capped=capped),
        peak=core.peak_among_uncapped(kl.gold_gain, edge_mass=kl.edge_mass, capped=capped),
    )


# --- fresh draws: how far best-of-n's story on the lesson's 600 answers holds --------------

FRESH_DRAW_SEEDS = fresh_draws.FRESH_DRAW_SEEDS  # the 200 fresh draws every share counts over
STORY_ENTRIES = 8  # (b, σ) whose whole story over the fresh draws is kept: the Lesson asks two


@cached(STORY_ENTRIES)
def fresh_story(b: float, sigma: float) -> fresh_draws.FreshStory:
    """Best-of-n's story on each of the 200 fresh draws, every n from 1 to 10,000 (arrays
    (200,)). The first call in a process takes ~2.3 s (ε at the 120,000 answers, kept in core),
    each other (b, σ) ~0.2 s (measured on a quiet 2-core machine)."""
    return fresh_draws.fresh_story(b=b, sigma=sigma, seeds=FRESH_DRAW_SEEDS)


@cached(STORY_ENTRIES)
def lesson_story(b: float, sigma: float) -> fresh_draws.FreshStory:
    """The same story on the lesson's own 600 answers (arrays (1,)): at b = σ = 0, peak
    n = 49, below the base model from n = 590. ~0.05 s."""
    return fresh_draws.lesson_story(b=b, sigma=sigma)


@cached(STORY_ENTRIES)
def kl_largest_fall(b: float, sigma: float) -> float:
    """How far the KL optimum's true quality falls below its best so far, at worst, along β
    from 10 to 0.25 (the curve of :func:`kl_curve`): no draw, the grid's exact optimum."""
    return float(fresh_draws.largest_fall(kl_curve(b, sigma).gold_gain))


@cached(CURVE_ENTRIES)
def fresh_ends(b: float, sigma: float) -> fresh_draws.FreshCurves:
    """Best-of-n at the n slider's strongest stop on each fresh draw: fields (200, 1). ~10 ms
    once ε is kept."""
    return fresh_draws.fresh_curves(
        np.array([swamp_text.STRONGEST_N]), b=b, sigma=sigma, seeds=FRESH_DRAW_SEEDS
    )


# --- fields on the grid ------------------------------------------------------------------


def gold_field() -> np.ndarray:
    """Gold on the grid: (241, 241)."""
    return core.gold_field()


@cached(FIELD_ENTRIES)
def proxy_field(b: float, sigma: float) -> np.ndarray:
    """The reward model on the grid: (241, 241)."""
    return core.proxy_field(b=b, sigma=sigma)


# --- the closed form (σ = 0, away from the grid's edge) ----------------------------------


def gaussian_optimum(beta, b: float) -> GaussianOptimum:
    """The closed form of the KL-penalized optimum for σ = 0 (β a number or an array).

    Not cached: the KL page passes whole arrays of β, and a cache never hashes an array.
    """
    return core.gaussian_optimum(beta, b=b)


# --- Best-of-n page ----------------------------------------------------------------------

FRESH_SEEDS = core.FRESH_SEEDS  # the fresh answer sets compared with the lesson's


@cached(CURVE_ENTRIES)
def ranked_answers(b: float, sigma: float, seed: int | None = None) -> RankedAnswers:
    """The answers of a set ranked by the reward model, as best-of-n ranks them: (600,)."""
    return core.ranked_answers(b=b, sigma=sigma, seed=seed)


@cached(CURVE_ENTRIES)
def fresh_set_peaks(b: float, sigma: float) -> np.ndarray:
    """The n where true quality peaks for each of FRESH_SEEDS's answer sets: (30,)."""
    return core.fresh_set_peaks(N_CURVE, b=b, sigma=sigma, seeds=FRESH_SEEDS)


# --- KL penalty page ---------------------------------------------------------------------


def lesson_frame(b: float, sigma: float):
    """The lesson's table as a pandas DataFrame, one row per β the lesson prints: a new frame
    per call (built in ~0.3 ms from the cached table), the page's to change."""
    import pandas as pd  # here, not at the top: the worlds' builders import this module (above)

    table = lesson_table(b, sigma)
    return pd.DataFrame(
        {
            "β": table["beta"],
            "KL (nats)": table["kl"],
            "reward model gain": table["proxy_gain"],
            "true quality gain": table["gold_gain"],
            "mean length": table["mean_length"],
        }
    )
