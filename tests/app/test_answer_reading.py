"""Answers you can read, in AppTest: the Best-of-n page writes out what it keeps at n, and the
story's first three steps quote best-of-n's answer at their n."""

import numpy as np
import pytest

import core
from core import answer_counts, answer_text
from tests.app.app_pages import open_page
from ui import compute
from ui.playground import answer_panel
from ui.story_steps import PRESETS


def assert_clean(app) -> None:
    assert not app.exception, [e.value for e in app.exception]


def page_text(app) -> str:
    return "\n".join(markdown.value for markdown in app.markdown)


@pytest.mark.parametrize(
    ("n", "says"),
    [
        # The lesson's set at b = σ = 0: the median pick at n = 49 is rank 592, a good answer;
        # by n = 590 it is the reward model's favourite, 11 of its 16 sentences padding and
        # one of its tips taken back. Its scores are its own ("this answer"), not gains.
        ("49", "median pick at n = 49**: rank 592 of 600, kept 4.1% of the time at n = 49"),
        (
            "49",
            "this answer: reward model +3.11, true quality +2.16 · 9 sentences: 5 good points, "
            "0 wrong, 4 padding",
        ),
        ("590", "and the reward model's favourite**: rank 600 of 600, kept 62.6% of the time"),
        ("590", "true quality -1.03 · 16 sentences: 4 good points, 1 wrong, 11 padding"),
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
    for n, rank, chance, gold, sentences, good, padding in [
        (49, 592, 0.041, 2.16, 9, 5, 4),
        (590, 600, 0.626, -1.03, 16, 4, 11),
    ]:
        index = ranked.order[rank - 1]
        assert core.win_probabilities(n)[index] == pytest.approx(chance, abs=5e-4)
        assert scored.gold[index] == pytest.approx(gold, abs=5e-3)
        length, substance = scored.length[index], scored.substance[index]
        counts = core.sentence_counts(length=length, substance=substance)
        assert (int(counts.sentences), int(counts.padding)) == (sentences, padding)
        assert int(counts.good) == good


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
        (0, "best-of-n at n = 1 keeps an answer that reads “Go to bed and get up at the same"),
        (0, "(4 sentences: 4 good points, 0 wrong, 0 padding; the panel just above has it"),
        (1, "(10 sentences: 5 good points, 0 wrong, 5 padding; the panel just above has it"),
        (2, "best-of-n at n = 590 keeps an answer that reads “You asked: “How can I sleep"),
        (2, "(14 sentences: 4 good points, 1 wrong, 9 padding; the panel just above has it"),
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
    assert (int(counts.sentences), int(counts.padding)) == (14, 9)


def test_presenter_mode_leaves_the_quote_to_the_stages_panel():
    # Two more lines pushed the stage's charts off a 1280x720 projector.
    app = open_page("playground", {"present": "1", "n": "590", "beta": "0.3"})
    assert_clean(app)
    (line,) = [info.value for info in app.info if "Step 3 of" in info.value]
    assert PRESETS[2].headline in line
    assert not [caption for caption in app.caption if "keeps an answer" in caption.value]


def story_answers() -> list[tuple[int, str, float, tuple[int, int, int]]]:
    """Every story step's two answers as the stage's panel writes them: (step, method, true
    quality, (net good points, wrong claims, padding) read off each question's text, the same
    for all three)."""
    answers = []
    for index, preset in enumerate(PRESETS):
        values = preset.values
        for key, clouds, stops in (
            ("n", compute.best_of_n_clouds_at_stops, compute.STOP_COUNTS),
            ("beta", compute.kl_clouds_at_stops, compute.STOP_BETAS),
        ):
            stop = stops.tolist().index(values[key])
            length, substance = answer_panel.panel_point(clouds(values["b"], values["sigma"]), stop)
            readings = {
                answer_counts.read_counts(answer_text.answer_sentences(question, length, substance))
                for question in answer_text.QUESTIONS
            }
            assert len(readings) == 1, readings  # the same counts whichever question is asked
            good, wrong, padding = readings.pop()
            gold = float(core.gold(length, substance))
            answers.append((index, key, gold, (good - wrong, wrong, padding)))
    return answers


def test_the_storys_answers_read_in_true_qualitys_order():
    answers = story_answers()
    by_step = {(step, key): (gold, read) for step, key, gold, read in answers}
    peak = [by_step[(1, key)] for key in ("n", "beta")]  # n = 49, β = 1
    # The peak's answers read better than the default's and the overoptimized ones: more net
    # good points (5 against 4, 4 and 1)...
    for step in (0, 2):
        for key in ("n", "beta"):
            gold, (net, wrong, padding) = by_step[(step, key)]
            for peak_gold, (peak_net, _, peak_padding) in peak:
                assert peak_gold > gold and peak_net > net, (step, key)
                if step == 2:  # ... and n = 590, β = 0.3 also pad more (9 and 17 against 5, 2)
                    assert padding > peak_padding and wrong > 0
    # Every pair of the story's 14 answers more than 0.3 apart in true quality reads in its
    # order (b = 0.2's at step 4, +3.24 and +3.54, read better than the peak: they are).
    for _, _, gold, read in answers:
        for _, _, other_gold, other_read in answers:
            if gold > other_gold + 0.3:
                assert read[0] > other_read[0] or (
                    read[0] == other_read[0]
                    and (-read[1], -read[2]) > (-other_read[1], -other_read[2])
                ), (gold, read, other_gold, other_read)
    assert by_step[(2, "beta")][1] == (1, 2, 17)  # β = 0.3: 3 good, 2 taken back, 17 padding
