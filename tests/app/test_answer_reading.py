"""Answers you can read, in AppTest: the Best-of-n page writes out what it keeps at n, and the
story's first three steps quote best-of-n's answer at their n."""

import numpy as np
import pytest

import core
from core import answer_text
from tests.app.app_pages import open_page
from ui.story_steps import PRESETS


def assert_clean(app) -> None:
    assert not app.exception, [e.value for e in app.exception]


def page_text(app) -> str:
    return "\n".join(markdown.value for markdown in app.markdown)


@pytest.mark.parametrize(
    ("n", "says"),
    [
        # The lesson's set at b = σ = 0: the median pick at n = 49 is rank 592, a good answer;
        # by n = 590 it is the reward model's favourite, 8 of its 11 sentences padding.
        ("49", "median pick at n = 49**: rank 592 of 600, kept 4.1% of the time at n = 49"),
        ("49", "true quality +2.16 · 7 sentences, 4 of them padding"),
        ("590", "and the reward model's favourite**: rank 600 of 600, kept 62.6% of the time"),
        ("590", "true quality -1.03 · 11 sentences, 8 of them padding"),
        ("1", "The base model's typical answer, and best-of-n's median pick at n = 1"),
    ],
)
def test_best_of_n_writes_out_what_it_keeps_with_the_models_numbers(n, says):
    app = open_page("best_of_n", {"n": n})
    assert_clean(app)
    assert says in page_text(app)
    assert "illustration of what an answer at its point might read like" in "".join(
        caption.value for caption in app.caption
    )


def test_the_best_of_n_numbers_are_cores():
    # The literal strings above, from core: rank, chance and scores of the median pick.
    assert (core.median_kept_rank(49), core.median_kept_rank(590)) == (592, 600)
    ranked = core.ranked_answers()
    scored = core.answers()
    for n, rank, chance, gold, sentences, padding in [
        (49, 592, 0.041, 2.16, 7, 4),
        (590, 600, 0.626, -1.03, 11, 8),
    ]:
        index = ranked.order[rank - 1]
        assert core.win_probabilities(n)[index] == pytest.approx(chance, abs=5e-4)
        assert scored.gold[index] == pytest.approx(gold, abs=5e-3)
        length, substance = scored.length[index], scored.substance[index]
        counts = core.sentence_counts(length=length, substance=substance)
        assert (int(counts.sentences), int(counts.padding)) == (sentences, padding)


def test_best_of_n_answers_another_question_when_asked():
    app = open_page("best_of_n", {"n": "49"})
    sleep, plants = answer_text.QUESTION_BANKS[0], answer_text.QUESTION_BANKS[1]
    assert sleep.content[0] in page_text(app)
    assert f"*{sleep.text}*" in page_text(app)  # the question, above its answers
    app.button(key="answer_question-plants").click().run()
    assert_clean(app)
    assert plants.content[0] in page_text(app) and sleep.content[0] not in page_text(app)
    # Padding is marked grey, the way the stage's panel marks it.
    assert ":gray[" in page_text(app)


def quote_line(app, step) -> str:
    """The step's line above the stage and, under it, the step's quote (if any), as one text."""
    (line,) = [info.value for info in app.info if step.story in info.value]
    quotes = [caption.value for caption in app.caption if "keeps an answer" in caption.value]
    return " ".join([line, *quotes])


@pytest.fixture(scope="module")
def playground():
    app = open_page("playground")
    assert_clean(app)
    return app


@pytest.mark.parametrize(
    ("index", "says"),
    [
        (0, "best-of-n at n = 1 keeps an answer that reads “Many people wonder about"),
        (1, "(8 sentences, 5 of them padding; the panel just above has it whole)"),
        (2, "best-of-n at n = 590 keeps an answer that reads “You asked: “How can I sleep"),
        (2, "(10 sentences, 7 of them padding; the panel just above has it whole)"),
    ],
)
def test_the_first_three_story_steps_quote_the_answer_on_screen(playground, index, says):
    playground.button(key=f"step-{index}").click().run()
    assert_clean(playground)
    assert says in quote_line(playground, PRESETS[index])


def test_later_steps_quote_nothing_and_the_quote_is_the_clouds_typical_answer(playground):
    playground.button(key="step-4").click().run()
    assert "keeps an answer that reads" not in quote_line(playground, PRESETS[4])
    # Step 3's quote, from core: best-of-n's cloud at n = 590, the point nearest its mean.
    cloud = core.best_of_n_cloud(590)
    nearest = np.argmin(
        np.hypot(cloud.length - cloud.length.mean(), cloud.substance - cloud.substance.mean())
    )
    counts = core.sentence_counts(length=cloud.length[nearest], substance=cloud.substance[nearest])
    assert (int(counts.sentences), int(counts.padding)) == (10, 7)


def test_presenter_mode_leaves_the_quote_to_the_stages_panel():
    # Two more lines pushed the stage's charts off a 1280x720 projector.
    app = open_page("playground", {"present": "1", "n": "590", "beta": "0.3"})
    assert_clean(app)
    (line,) = [info.value for info in app.info if "Step 3 of" in info.value]
    assert PRESETS[2].headline in line
    assert not [caption for caption in app.caption if "keeps an answer" in caption.value]
