"""A family of readers scores the written answers: each agrees with true quality on pairs that
true quality tells apart, not only the reader the writer was tuned on (docs/design.md §15)."""

import numpy as np
import pytest

import core
from core import answer_readers
from core.answer_readers import READERS, reader_agreement, reader_scores, window_points
from core.answer_text import QUESTIONS, answer_sentences

# Agreement targets on the 600 answers' pairs 1.5 or more apart in true quality.
AGREE, REVERSED, OWN = 0.85, 0.05, 0.95


@pytest.fixture(scope="module")
def on_the_600():
    scored = core.answers()
    return reader_agreement(length=scored.length, substance=scored.substance)


@pytest.fixture(scope="module")
def on_the_window():
    length, substance = window_points()
    return reader_agreement(length=length, substance=substance)


def test_the_family_holds_the_issues_readers():
    # (tip, why, wrong claim, padding) for each reader.
    assert READERS["half_padding"] == (1, 1, -1, -0.5)
    assert READERS["full_padding"] == (1, 1, -1, -1)
    assert READERS["why_half"][:2] == (1, 0.5)
    assert READERS["tips_only"] == (1, 0, -1, 0)
    assert READERS["myth_double"][2] == 2 * READERS["half_padding"][2]
    assert set(answer_readers.READER_NAMES) == set(READERS)


def test_scores_count_what_the_text_shows():
    # Independently of the counts: read the kinds off the written text and weigh them.
    rng = np.random.default_rng(11)
    length, substance = rng.uniform(-4, 6, (2, 60)).round(2)
    scores = reader_scores(length=length, substance=substance)
    for k, (x, y) in enumerate(zip(length, substance, strict=True)):
        kinds = [s.kind for s in answer_sentences(QUESTIONS[k % 3], x, y, seed=k)]
        counts = [kinds.count(kind) for kind in ("content", "why", "wrong", "padding")]
        for name, weights in READERS.items():
            assert scores[name][k] == pytest.approx(np.dot(weights, counts)), (name, x, y)


def test_agreement_is_counted_over_pairs_apart():
    # Three answers: (0, 0) true quality 1.0, (0.5, 2) 3.25, (3, 0) -5.0, all pairs >= 1.5
    # apart: each reader's shares are its verdicts on the three pairs, checked one by one.
    length, substance = np.array([0.0, 0.5, 3.0]), np.array([0.0, 2.0, 0.0])
    scores = reader_scores(length=length, substance=substance)
    gold = core.gold(length, substance)
    figures = reader_agreement(length=length, substance=substance)
    for name in READERS:
        pairs = [(i, j) for i in range(3) for j in range(i + 1, 3)]
        right = np.mean(
            [
                np.sign(scores[name][i] - scores[name][j]) == np.sign(gold[i] - gold[j])
                for i, j in pairs
            ]
        )
        wrong = np.mean(
            [
                np.sign(scores[name][i] - scores[name][j]) == -np.sign(gold[i] - gold[j])
                for i, j in pairs
            ]
        )
        assert figures[name] == pytest.approx((right, wrong))
    # No pair far enough apart: nothing to agree on.
    assert reader_agreement(length=[0.0, 0.01], substance=[0.0, 0.0])["careful"] == (0.0, 0.0)


@pytest.mark.parametrize("name", list(READERS))
def test_every_reader_ranks_the_600_as_true_quality_does(on_the_600, name):
    # Measured (docs/design.md §15): careful 96.7% / 2.0% reversed, good - wrong - 0.5·padding
    # 95.9 / 2.3, -1·padding 96.8 / 1.4, a why worth half a tip 96.9 / 1.6, tips only 91.2 / 2.8,
    # a myth counts double 95.4 / 2.5. The writer before: 99.4 (its own reader), 91, 83, 88, 70.
    agree, reversed_ = on_the_600[name]
    assert agree >= AGREE and reversed_ <= REVERSED, (name, agree, reversed_)


def test_the_projects_reader_agrees_on_95_percent_of_the_600(on_the_600):
    agree, reversed_ = on_the_600["careful"]
    assert agree >= OWN and reversed_ <= REVERSED


def test_over_the_planes_window_readers_of_padding_mostly_agree(on_the_window):
    # Uniform points over the plane's axes (-4..6 both): the careful reader 85.9% / 11.3%
    # reversed. Two limits of any text, not of one reader: a one-sentence answer at l <= -2
    # cannot show true quality down to -19, and padding stops at 30 sentences from l = 4.4; a
    # reader blind to padding (tips only, 59%) cannot see the penalty past l = 0.5 at all.
    for name, (agree, reversed_) in on_the_window.items():
        if READERS[name][3] < 0:
            assert agree >= 0.8 and reversed_ <= 0.16, (name, agree, reversed_)
    assert on_the_window["careful"][0] >= AGREE


def test_where_the_text_can_show_true_quality_the_projects_reader_agrees():
    # The window's part where a short answer still has something to lose and padding is
    # below its cap (-2 <= l <= 4.4): the careful reader 95.6% / 3.5%, -1·padding 97.2 / 1.5.
    length, substance = window_points(2000)
    shown = (length >= -2) & (length <= 4.4)
    figures = reader_agreement(length=length[shown], substance=substance[shown])
    assert figures["careful"][0] >= OWN and figures["careful"][1] <= REVERSED
    assert figures["full_padding"][0] >= OWN and figures["why_half"][0] >= 0.9


def test_the_window_is_drawn_to_the_hundredth_within_its_bounds():
    length, substance = window_points()
    low, high = answer_readers.WINDOW
    assert length.shape == substance.shape == (answer_readers.WINDOW_POINTS,)
    assert length.min() >= low and substance.max() <= high
    assert np.array_equal(length, np.round(length, 2))
