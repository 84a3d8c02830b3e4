"""What a visitor may send, checked without a database; the poll's chart from its data."""

import json
import math

import numpy as np
import pytest

from poll_data import guesses
from poll_data.guesses import QUESTIONS
from scripts.processes import run_python
from ui import compute
from ui.class_poll import figures as poll_figures


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("50", 50),
        (" 49 ", 49),
        ("1,000", 1000),
        ("10 000", 10_000),
        ("5e1", 50),
        ("49.6", 50),
        ("1", 1),
        (7, 7),
        (12.4, 12),
    ],
)
def test_a_number_in_range_is_read_as_a_whole_n(raw, expected):
    assert guesses.parse_guess(raw) == expected


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("fifty", "not a number"),
        ("", "Type a number"),
        (None, "Type a number"),
        (True, "Type a number"),
        ("nan", "not a finite number"),
        (float("nan"), "not a finite number"),
        ("-inf", "not a finite number"),
        ("1e309", "not a finite number"),
        ("0", "from 1 to 10,000"),
        ("0.4", "from 1 to 10,000"),
        ("10001", "from 1 to 10,000"),
        ("9" * 10_240, "too long"),
        ("<b>50</b>", "not a number"),
        ("0x32", "not a number"),
    ],
)
def test_a_bad_guess_raises_a_plain_message_that_never_repeats_it(raw, message):
    with pytest.raises(guesses.BadInput, match=message) as caught:
        guesses.parse_guess(raw)
    assert "<" not in str(caught.value) and "9999" not in str(caught.value)


@pytest.mark.parametrize(("raw", "code"), [("k7qm2x", "K7QM2X"), (" K7Q-M2X ", "K7QM2X")])
def test_room_codes_are_read_whatever_the_case_and_spacing(raw, code):
    assert guesses.normalize_room_code(raw) == code


@pytest.mark.parametrize("raw", ["", None, "K7QM2", "K7QM2XX", "O0I1L5", "<b>AB</b>", "Z" * 10_240])
def test_malformed_room_codes_are_refused(raw):
    with pytest.raises(guesses.BadInput, match="not a room code"):
        guesses.normalize_room_code(raw)


def test_made_codes_and_tokens_have_the_documented_shapes():
    codes = {guesses.new_room_code() for _ in range(500)}
    assert len(codes) == 500
    assert all(guesses.normalize_room_code(code) == code for code in codes)
    token = guesses.new_lecturer_token()
    assert guesses.check_token(token) == token and len(token) == 32
    with pytest.raises(guesses.BadInput, match="not valid"):
        guesses.check_token("<script>alert(1)</script>")


def test_factor_off_is_symmetric_and_one_when_right():
    assert guesses.factor_off(49, 49) == 1.0
    assert math.isclose(guesses.factor_off(98, 49), 2.0)
    assert math.isclose(guesses.factor_off(24.5, 49), 2.0)


def test_the_histogram_counts_every_guess_once_on_a_log_axis():
    values = np.array([1, 1, 49, 50, 51, 9999, 10_000])
    counts = poll_figures.guess_counts(values)
    assert counts.sum() == values.size
    assert counts[0] == 2 and counts[-1] == 2
    bars = poll_figures.guess_histogram(values).data[0]
    assert sum(bars.y) == values.size


def test_the_revealed_chart_marks_the_true_peak_and_says_it_in_words():
    truth = compute.best_of_n_curve(0.0, 0.0)
    figure = poll_figures.guess_histogram(np.array([49.0, 20.0]), truth=truth)
    names = [trace.name for trace in figure.data]
    assert names == ["guesses", "true quality", "reward model"]
    assert any("n = 49" in annotation.text for annotation in figure.layout.annotations)
    text = poll_figures.describe(np.array([49.0, 20.0, 200.0]), truth=truth)
    assert text.startswith("3 answers: median guess n = 49")
    assert "peaks at n = 49" in text and "33% of the guesses were within a factor 2" in text


KL = guesses.QUESTIONS["kl"]


@pytest.mark.parametrize(("raw", "expected"), [("0.8", 0.8), ("1", 1.0), (" 0.333 ", 0.33)])
def test_a_beta_guess_is_kept_to_two_decimals(raw, expected):
    assert guesses.parse_guess(raw, question=KL) == expected


@pytest.mark.parametrize(
    ("raw", "message"),
    [("0.1", "β must be from 0.25 to 10"), ("49", "β must be from 0.25 to 10"), ("β", "not a")],
)
def test_a_beta_out_of_the_sliders_range_is_refused(raw, message):
    with pytest.raises(guesses.BadInput, match=message):
        guesses.parse_guess(raw, question=KL)


def test_the_beta_histogram_puts_more_pressure_to_the_right_and_peaks_at_one():
    truth = compute.kl_curve(0.0, 0.0)
    values = np.array([0.25, 0.8, 1.0, 10.0])
    figure = poll_figures.guess_histogram(values, question=KL, truth=truth)
    assert sum(figure.data[0].y) == 4
    low, high = figure.layout.xaxis.range
    assert low > high, "β falls from left to right, like the Playground's slider"
    assert any("β = 1" in annotation.text for annotation in figure.layout.annotations)
    text = poll_figures.describe(values, question=KL, truth=truth)
    assert text == (
        "4 answers: median guess β = 0.9, from β = 0.25 to β = 10. "
        "True quality peaks at β = 1. 50% of the guesses were within a factor 2 of it."
    )


def test_the_share_near_the_truth_counts_a_plateau_as_the_truth():
    """b = 0, σ = 1: best-of-n peaks at n = 212 and is back within 0.005 of it from n = 1,942 to
    10,000, so a guess of 10,000 is right (the reveal says so) and counts as near, not as a
    factor of 47 off; a guess of 20 is a factor 10.6 from 212 and is not."""
    truth = compute.best_of_n_curve(0.0, 1.0)
    text = poll_figures.describe(np.array([10_000.0, 5_000.0, 150.0, 20.0]), truth=truth)
    assert text.endswith(" 75% of the guesses were within a factor 2 of it.")


@pytest.mark.parametrize(
    ("question", "value", "text"),
    [("best_of_n", 10000.0, "10,000"), ("best_of_n", 49.4, "49"), ("kl", 0.8, "0.8")]
    + [("kl", 0.25, "0.25"), ("kl", 10.0, "10"), ("kl", 0.3333, "0.33")],
)
def test_a_guess_is_written_as_the_screen_writes_numbers(question, value, text):
    """Question.shown is common.format's count (n) or slider form (β): one way to write a number."""
    assert QUESTIONS[question].shown(value) == text


POLL_PROBE = """
import json, sys
import poll_data.guesses, poll_data.store, poll_data.devices
tops = {"ui", "streamlit", "common"}
print(json.dumps(sorted(name for name in sys.modules if name.split(".")[0] in tops)))
"""


def test_the_poll_takes_the_number_formats_and_nothing_of_ui():
    """poll_data/ sits below ui/: it writes numbers with the pure common.format and words with
    the pure common.i18n, loads no ui (nor Streamlit)."""
    run = run_python("-c", POLL_PROBE)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == ["common", "common.format", "common.i18n"]
