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
"""

from core.answers import ANSWER_COUNT, LESSON_SEED, Answers, answers, draw_answers
from core.best_of_n import BestOfNResult, best_of_n, win_probabilities
from core.clouds import CLOUD_MAX_N, CLOUD_SIZE, Cloud, best_of_n_cloud, kl_cloud
from core.kl import KLResult, kl_optimum, kl_policy
from core.table import LESSON_BETAS, format_lesson_table, lesson_table
from core.world import (
    GRID,
    GRID_POINTS,
    base_density,
    error_field,
    gold,
    gold_field,
    proxy,
    proxy_field,
)

__all__ = [
    "ANSWER_COUNT",
    "CLOUD_MAX_N",
    "CLOUD_SIZE",
    "GRID",
    "GRID_POINTS",
    "LESSON_BETAS",
    "LESSON_SEED",
    "Answers",
    "BestOfNResult",
    "Cloud",
    "KLResult",
    "answers",
    "base_density",
    "best_of_n",
    "best_of_n_cloud",
    "draw_answers",
    "error_field",
    "format_lesson_table",
    "gold",
    "gold_field",
    "kl_cloud",
    "kl_optimum",
    "kl_policy",
    "lesson_table",
    "proxy",
    "proxy_field",
    "win_probabilities",
]

# The defenses (issue 9 §4): ensembles, a length penalty, spot checks, slack.
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
from core.slack import MethodSlack, Slack, slack  # noqa: E402
from core.spot_checks import SpotCheckResult, spot_check_best_of_n, spot_check_kl  # noqa: E402

__all__ += [
    "Defense",
    "MethodSlack",
    "Slack",
    "SpotCheckResult",
    "defended_best_of_n",
    "defended_kl_optimum",
    "defended_proxy",
    "defended_proxy_field",
    "ensemble_error_size",
    "ensemble_error_sizes",
    "member_error_fields",
    "member_fields_on_grid",
    "slack",
    "spot_check_best_of_n",
    "spot_check_kl",
]
