"""Reward hacking, live: the toy world and its two optimizers, in numpy only.

Every answer is a point (length, substance). Gold (the true goal) rewards substance and some
length but penalizes padding; the proxy (the reward model) believes longer is always better,
unless it learned a fraction ``b`` of the padding penalty, and has other errors of size
``sigma``. Two optimizers push against the proxy: the exact KL-penalized optimum at β, and
exact best-of-n over 600 fixed answers.

>>> from core import kl_optimum, best_of_n
>>> round(kl_optimum(1.0).gold_gain, 2)
1.0
>>> int(best_of_n([1, 49]).gold_gain.argmax())
1

Its modules (tests/app/test_house.py checks this map both ways):

- ``world``: the toy world, gold and the proxy on the grid; ``answers``: the 600 fixed answers
  (``data/``: their CSV and the answer banks) and fresh sets drawn like them.
- ``kl``: the KL-penalized optimum on the grid; ``closed_form``: the same at σ = 0 in closed
  form; ``grid_edge``: whether the grid's edge makes a KL optimum's numbers; ``answer_tilt``:
  the KL optimum over the 600 answers.
- ``best_of_n``: best-of-n from order statistics; ``more_optimizers``: Best-of-Poisson, soft
  best-of-n, the win rate; ``regression``: what noise alone does to best-of-n; ``hedging``:
  HedgeTune; ``fresh_draws``: how far best-of-n's story holds over 200 fresh draws.
- ``curves``: both optimizers' curves; ``peaks``: where true quality peaks along a slider's
  stops; ``table``: the lesson's table (``__main__``: ``python -m core`` prints it);
  ``clouds``: where each method's chosen answers lie.
- ``preferences``: Bradley–Terry from pairwise choices; ``gao``: Gao et al.'s laws fitted;
  ``pessimism``: a pessimistic reward from the posterior; ``answer_errors``: errors per answer
  and per grid cell.
- ``defended``: ensembles and a length penalty; ``spot_checks``: early stopping from spot
  checks; ``slack``: what stopping at the true peak costs and keeps.
- ``checker``: a checker that can be fooled; ``pass_at_k``: pass@k on it; ``curriculum``:
  which mix of two tasks solves the most at one KL.
- ``room_ratings``: a room's pairs and the reward model it teaches; ``room_reading``: its
  intervals clustered by phone and pair; ``simulated_rooms``: rooms of one kind of rater.
- ``answer_text``: answers you can read, written from banks; ``answer_counts``: their sentences
  counted, and the careful reader; ``answer_readers``: a family of readers checked against
  true quality.
- ``validate``: every public function's argument constraints (``@validate_params``).
"""

from core.answer_errors import ERROR_KINDS
from core.answer_tilt import (
    AnswerTiltResult,
    answer_tilt,
    answer_tilt_at_kl,
    answer_tilt_over,
)
from core.answers import ANSWER_COUNT, LESSON_SEED, Answers, answers, draw_answers
from core.best_of_n import (
    BestOfNResult,
    RankedAnswers,
    best_of_n,
    best_of_n_over,
    ranked_answers,
    win_probabilities,
)
from core.closed_form import GaussianOptimum, gaussian_optimum
from core.clouds import CLOUD_MAX_N, CLOUD_SIZE, Cloud, best_of_n_cloud, kl_cloud
from core.curves import (
    CURVE_POINTS,
    FRESH_SEEDS,
    Curve,
    best_of_n_curve,
    best_of_n_curve_over,
    fresh_set_peaks,
    kl_curve,
    kl_curve_of_field,
    kl_peak_beta,
    log_spaced_betas,
    log_spaced_counts,
)
from core.gao import GAO_FORMS, GaoFit, fit_gao
from core.grid_edge import EDGE_SHIFT_TOLERANCE, EdgeCheck, edge_check
from core.kl import EDGE_CAPPED_MASS, KLResult, kl_optimum, kl_policy
from core.peaks import peak_among_uncapped, peak_at_end, strongest_uncapped, uncapped_stops
from core.preferences import (
    BradleyTerryFit,
    Comparisons,
    comparisons,
    data_share,
    fit_bradley_terry,
    substance_is_clear,
)
from core.room_ratings import (
    RatingPairs,
    RoomFit,
    RoomOptimum,
    rating_pairs,
    room_fit,
    room_optimum,
)
from core.table import LESSON_BETAS, format_lesson_table, lesson_table
from core.world import (
    GRID,
    GRID_POINTS,
    base_density,
    cell_errors,
    edge_band,
    error_field,
    gold,
    gold_field,
    proxy,
    proxy_field,
)

__all__ = [
    "AnswerTiltResult",
    "answer_tilt",
    "answer_tilt_at_kl",
    "answer_tilt_over",
    "kl_peak_beta",
    "peak_among_uncapped",
    "peak_at_end",
    "strongest_uncapped",
    "uncapped_stops",
    "EDGE_CAPPED_MASS",
    "EDGE_SHIFT_TOLERANCE",
    "EdgeCheck",
    "edge_check",
    "ERROR_KINDS",
    "GAO_FORMS",
    "BradleyTerryFit",
    "Comparisons",
    "GaoFit",
    "comparisons",
    "data_share",
    "fit_bradley_terry",
    "substance_is_clear",
    "fit_gao",
    "ANSWER_COUNT",
    "CLOUD_MAX_N",
    "CLOUD_SIZE",
    "CURVE_POINTS",
    "FRESH_SEEDS",
    "GRID",
    "GRID_POINTS",
    "LESSON_BETAS",
    "LESSON_SEED",
    "Answers",
    "BestOfNResult",
    "Cloud",
    "Curve",
    "GaussianOptimum",
    "KLResult",
    "RankedAnswers",
    "answers",
    "base_density",
    "edge_band",
    "best_of_n",
    "best_of_n_over",
    "best_of_n_cloud",
    "best_of_n_curve",
    "cell_errors",
    "draw_answers",
    "error_field",
    "format_lesson_table",
    "fresh_set_peaks",
    "gaussian_optimum",
    "gold",
    "gold_field",
    "kl_cloud",
    "kl_curve",
    "kl_optimum",
    "kl_policy",
    "lesson_table",
    "log_spaced_betas",
    "log_spaced_counts",
    "proxy",
    "proxy_field",
    "ranked_answers",
    "win_probabilities",
    "best_of_n_curve_over",
    "kl_curve_of_field",
    "RatingPairs",
    "RoomFit",
    "RoomOptimum",
    "rating_pairs",
    "room_fit",
    "room_optimum",
]

# The defenses: ensembles, a length penalty, spot checks, slack.
from core.defended import (  # noqa: E402
    Defense,
    defended_best_of_n,
    defended_kl_optimum,
    defended_proxy,
    defended_proxy_field,
    ensemble_error_size,
    ensemble_error_sizes,
    member_error_fields,
    member_fields_on_grid,
)
from core.slack import (  # noqa: E402
    PEAK_FLATNESS,
    MethodSlack,
    Slack,
    StopSlack,
    slack,
    slack_at_stops,
)
from core.spot_checks import SpotCheckResult, spot_check_best_of_n, spot_check_kl  # noqa: E402

__all__ += [
    "Defense",
    "MethodSlack",
    "PEAK_FLATNESS",
    "Slack",
    "SpotCheckResult",
    "StopSlack",
    "defended_best_of_n",
    "defended_kl_optimum",
    "defended_proxy",
    "defended_proxy_field",
    "ensemble_error_size",
    "ensemble_error_sizes",
    "member_error_fields",
    "member_fields_on_grid",
    "slack",
    "slack_at_stops",
    "spot_check_best_of_n",
    "spot_check_kl",
]

# Rewards you can check: a checker that can be fooled, and a monitor (docs/design.md).
from core.checker import (  # noqa: E402
    CheckerOptimum,
    MonitoredOptimum,
    base_checker_rate,
    base_pass_rate,
    checker_optimum,
    checker_table,
    difficulty_for,
    format_checker_table,
    group_signal,
    hack_cost,
    monitored_optimum,
    reinforced_hack_share,
    skill_cost,
    skill_needed,
    solve_peak,
)

__all__ += [
    "CheckerOptimum",
    "MonitoredOptimum",
    "base_checker_rate",
    "base_pass_rate",
    "checker_optimum",
    "checker_table",
    "difficulty_for",
    "format_checker_table",
    "group_signal",
    "hack_cost",
    "monitored_optimum",
    "reinforced_hack_share",
    "skill_cost",
    "skill_needed",
    "solve_peak",
]

# Answers you can read: what an answer at a point might say (an illustration from fixed banks).
from core.answer_counts import careful_reader_prefers, sentence_counts  # noqa: E402
from core.answer_readers import reader_agreement  # noqa: E402
from core.answer_text import QUESTIONS, write_answer, write_answers  # noqa: E402
from core.best_of_n import median_kept_rank  # noqa: E402

__all__ += [
    "QUESTIONS",
    "careful_reader_prefers",
    "median_kept_rank",
    "reader_agreement",
    "sentence_counts",
    "write_answer",
    "write_answers",
]

# Selection beyond best-of-n (docs/design.md): Best-of-Poisson, soft best-of-n, the win rate.
from core.more_optimizers import (  # noqa: E402
    SelectionResult,
    WinRates,
    best_of_poisson,
    best_of_poisson_chances,
    best_of_poisson_over,
    soft_best_of_n,
    soft_best_of_n_chances,
    soft_best_of_n_over,
    tilt_win_rates,
    win_rates,
)

__all__ += [
    "SelectionResult",
    "WinRates",
    "best_of_poisson",
    "best_of_poisson_chances",
    "best_of_poisson_over",
    "soft_best_of_n",
    "soft_best_of_n_chances",
    "soft_best_of_n_over",
    "tilt_win_rates",
    "win_rates",
]

# What noise alone does to best-of-n (docs/design.md): regression to the mean.
from core.regression import noisy_best_of_n, noisy_best_of_n_over, regression_factor  # noqa: E402

__all__ += ["noisy_best_of_n", "noisy_best_of_n_over", "regression_factor"]

# HedgeTune (docs/design.md): best-of-n's n chosen once from m checked base answers.
from core.hedging import hedge_slope, hedge_tune, hedge_tune_trials, true_peak  # noqa: E402

__all__ += ["hedge_slope", "hedge_tune", "hedge_tune_trials", "true_peak"]

# A pessimistic reward from the Bradley–Terry posterior (docs/design.md), optimized exactly.
from core.pessimism import lcb_reward, pessimistic_optimum, posterior_covariance  # noqa: E402

__all__ += ["lcb_reward", "pessimistic_optimum", "posterior_covariance"]

# pass@k on the checker (docs/design.md): 1 − (1 − p)^k, and the tries for even odds.
from core.pass_at_k import pass_at_k, tries_needed  # noqa: E402

__all__ += ["pass_at_k", "tries_needed"]

# The curriculum question on the checker: which mix of two tasks solves the most at one KL.
from core.curriculum import MIXES as CURRICULUM_MIXES  # noqa: E402
from core.curriculum import CurriculumResult, curriculum  # noqa: E402

__all__ += ["CURRICULUM_MIXES", "CurriculumResult", "curriculum"]
