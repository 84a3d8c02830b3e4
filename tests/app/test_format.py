"""common.format, the one way the screen writes a number: every case a literal string."""

import pytest

from common import format as fmt
from scripts import js_fixtures


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.5199, "+0.52"),
        (-1.2447890254356728, "-1.24"),  # the lesson's β = 0.4
        (-4.365787306909915, "-4.37"),
        (6.645289215357791, "+6.65"),
        (-0.001391480405560766, "-0.001"),  # best-of-n's true quality at n = 590
        (0.0014, "+0.001"),
        (-0.00014, "-0.0001"),
        (0.00004, "+0.00"),  # float noise: best-of-n at n = 1 is -6e-16
        (-6.331740687315346e-16, "+0.00"),
        (-0.0, "+0.00"),
        (0.0, "+0.00"),
        (-0.005, "-0.01"),  # rounds away from zero at two decimals: no extra decimal
        (2.0, "+2.00"),
        (-1000.25, "-1000.25"),
    ],
)
def test_a_gain_always_has_its_sign_and_never_reads_minus_zero(value, text):
    assert fmt.signed(value) == text


def test_a_gain_at_other_decimals():
    assert fmt.signed(-13.04, decimals=1) == "-13.0"
    assert fmt.signed(0.04, decimals=1) == "+0.04"
    assert fmt.signed(0.0, decimals=1) == "+0.0"
    assert fmt.signed(151.6, decimals=0) == "+152"
    assert fmt.signed(-0.2, decimals=0) == "-0.2"


def test_the_minus_is_the_ascii_one_the_screen_always_printed():
    assert fmt.MINUS == "-"
    assert "−" not in fmt.signed(-1.24) + fmt.number(-3.5) + fmt.named("b", -1)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (11.046969203896406, "11.05"),
        (0.06249999381923255, "0.06"),
        (0.0, "0.00"),
        (-0.0001, "0.00"),  # a KL clamped at 0 may arrive as -1e-16: never "-0.00"
        (5.342471521986663, "5.34"),
    ],
)
def test_kl_in_nats(value, text):
    assert fmt.kl(value) == text


def test_plain_numbers_at_fixed_decimals():
    assert fmt.number(0.9970) == "1.00"
    assert fmt.number(-0.74) == "-0.74"
    assert fmt.number(0.998, decimals=3) == "0.998"
    assert fmt.number(-0.0004, decimals=3) == "0.000"


@pytest.mark.parametrize(
    ("share", "text", "decimals"),
    [(0.14, "14%", 0), (0.995, "100%", 0), (0.0, "0%", 0), (0.1234, "12.3%", 1), (1.0, "100%", 0)],
)
def test_percents(share, text, decimals):
    assert fmt.percent(share, decimals=decimals) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [(4.0, "4"), (0.6, "0.6"), (0.45, "0.45"), (0.25, "0.25"), (49, "49"), (10000, "10000")],
)
def test_a_stop_as_its_slider_and_url_write_it(value, text):
    assert fmt.stop(value) == text


@pytest.mark.parametrize(
    ("value", "text"), [(1, "1"), (590, "590"), (1000, "1,000"), (10000, "10,000"), (49.0, "49")]
)
def test_counts_have_thousands_separators(value, text):
    assert fmt.count(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [(0.25, "0.25"), (1, "1"), (10, "10"), (1000, "1,000"), (3000, "3,000"), (10000, "10k")],
)
def test_axis_ticks(value, text):
    assert fmt.tick(value) == text


def test_narrow_axes_shorten_from_a_thousand():
    assert [fmt.tick(value, short_from=1000) for value in (100, 1000, 10000)] == [
        "100",
        "1k",
        "10k",
    ]


@pytest.mark.parametrize(
    ("symbol", "value", "text"),
    [
        ("β", 0.3, "β = 0.3"),
        ("β", 4.0, "β = 4"),
        ("β", 0.45, "β = 0.45"),
        ("n", 590, "n = 590"),
        ("n", 10000, "n = 10,000"),
        ("n", 49.0, "n = 49"),
        ("b", 0.2, "b = 0.2"),
        ("σ", 1.0, "σ = 1"),
        ("k", 1000, "k = 1,000"),
        ("ρ", 0.3, "ρ = 0.3"),
    ],
)
def test_a_setting_by_its_symbol(symbol, value, text):
    assert fmt.named(symbol, value) == text


def test_a_fitted_setting_at_fixed_decimals():
    assert fmt.named("b", 0.99734, decimals=2) == "b = 1.00"
    assert fmt.named("b", 0.2, decimals=2) == "b = 0.20"


def test_the_javascript_twins_cases_hold_the_awkward_ones():
    """format.js is checked (node --test) against these; tests/app/test_js_fixtures.py checks
    the file is what common/format.py gives today."""
    cases = js_fixtures.format_cases()
    assert [-0.001391480405560766, "-0.001"] in cases["signed"], "n = 590's true quality"
    assert [0.125, "+0.12"] in cases["signed"], "an exact tie, to even as Python rounds it"
    assert [-0.0, "-0"] in cases["count"]
    assert len(cases["stop"]) == 60, "every distinct stop of β, n, b and σ"


def test_measured_values_never_in_exponent_form():
    assert fmt.rounded(0.31498026247371835) == "0.315"
    assert fmt.rounded(14.677992676220699) == "14.7"
    assert fmt.rounded(1000.0) == "1,000"  # "%{x:.3g}" hovered "1.00e+3"
    assert fmt.rounded(1467.799267622069) == "1,470"
    assert fmt.rounded(10000.000000000002) == "10,000"
    assert fmt.rounded(0.00012345) == "0.000123"


def test_a_typed_number_said_back():
    assert fmt.typed(49.5) == "49.5"
    assert fmt.typed(1000.2) == "1,000.2"
    assert fmt.typed(0.333) == "0.333"


@pytest.mark.parametrize(
    ("share", "text"),
    [
        (0.0, "0%"),
        (1 - (599 / 600) ** 2, "0.33%"),  # best-of-n's single best answer at n = 2
        (0.004999, "0.5%"),
        (0.005, "0.5%"),  # Python rounds the tie 0.5 to even, 0: it keeps its decimal
        (0.00001, "less than 0.01%"),
        (0.65, "65%"),
        (0.996, "more than 99%"),  # short of 1: never "100%"
        (1.0, "100%"),
    ],
)
def test_a_share_is_never_rounded_away(share, text):
    assert fmt.share_percent(share) == text


def test_the_best_of_n_page_states_the_best_answers_chance_at_n_2():
    from ui.best_of_n.compute import kept_shares
    from ui.best_of_n.text import win_chances_words

    words = win_chances_words(2, *kept_shares(2))
    assert "the single best answer 0.33%" in words and " 0%" not in words
