"""How the page "Rewards you can check" writes a rate (ui/checker/text.py's ``rate``): one
decimal below 10%, none from 10% on, decided on the share as it will be printed."""

from __future__ import annotations

import pytest

from ui.checker.text import rate


@pytest.mark.parametrize(
    ("share", "text"),
    [
        (0.0, "0.0%"),
        (0.015, "1.5%"),
        (0.0994, "9.9%"),
        # 9.96% prints as 10%: deciding on the unrounded share would write "10.0%", the one
        # rate with a decimal from 10% on.
        (0.0996, "10%"),
        (0.1, "10%"),
        (0.39, "39%"),
        (1.0, "100%"),
    ],
)
def test_a_rate_has_one_decimal_only_below_ten_percent(share, text):
    assert rate(share) == text
