"""Answers you can read, in AppTest: the Best-of-n page writes out what it keeps at n, and the
story's first three steps quote best-of-n's answer at their n."""

import numpy as np
import pytest

import core
from core import answer_readers, answer_text
from tests.app.app_pages import open_page
from ui import compute, style
from ui.playground import answer_panel
from ui.story_steps import PRESETS

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens a page in AppTest


def assert_clean(app) -> None:
    assert not app.exception, [e.value for e in app.exception]


def page_text(app) -> str:
    return "\n".join(markdown.value for markdown in app.markdown)


@pytest.mark.parametrize(
    ("n", "says"),
    [
        # The lesson's set at b = σ = 0: the median pick at n = 49 is rank 592, a good answer
        # (five tips, four with their whys, one padding sentence); by n = 590 it is the reward
        # model's favourite, the same good points drowned in 6 sentences of padding. Its scores
        # are its own ("this answer"), not gains.
        ("49", "median pick at n = 49**: rank 592 of 600, kept 4.1% of the time at n = 49"),
        (
            "49",
            "this answer: reward model +3.11, true quality +2.16 · 10 sentences: 9 good points, "
            "0 wrong, 1 padding",
        ),
        ("590", "and the reward model's favourite**: rank 600 of 600, kept 62.6% of the time"),
        ("590", "true quality -1.03 · 14 sentences: 8 good points, 0 wrong, 6 padding"),
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
        (49, 592, 0.041, 2.16, 10, 9, 1),
        (590, 600, 0.626, -1.03, 14, 8, 6),
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
        (0, "best-of-n at n = 1 keeps an answer that reads “Keep the bedroom dark, quiet and"),
        (0, "(6 sentences: 6 good points, 0 wrong, 0 padding; the panel just above has it"),
        (1, "(10 sentences: 8 good points, 0 wrong, 2 padding; the panel just above has it"),
        (2, "best-of-n at n = 590 keeps an answer that reads “Everyone has to start somewhere."),
        (2, "(13 sentences: 8 good points, 0 wrong, 5 padding; the panel just above has it"),
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
    assert (int(counts.sentences), int(counts.padding)) == (13, 5)


def test_presenter_mode_leaves_the_quote_to_the_stages_panel():
    # Two more lines pushed the stage's charts off a 1280x720 projector.
    app = open_page("playground", {"present": "1", "n": "590", "beta": "0.3"})
    assert_clean(app)
    (line,) = [info.value for info in app.info if "Step 3 of" in info.value]
    assert PRESETS[2].headline in line
    assert not [caption for caption in app.caption if "keeps an answer" in caption.value]


def story_answers() -> list[tuple[int, str, float, dict[str, float]]]:
    """Every story step's two answers as the stage's panel writes them: (step, method, true
    quality, each reader's score of the counts read off each question's text, the same for
    all three)."""
    answers = []
    for index, preset in enumerate(PRESETS):
        values = preset.values
        for key, clouds, stops in (
            ("n", compute.best_of_n_clouds_at_stops, compute.STOP_COUNTS),
            ("beta", compute.kl_clouds_at_stops, compute.STOP_BETAS),
        ):
            stop = stops.tolist().index(values[key])
            length, substance = answer_panel.panel_point(clouds(values["b"], values["sigma"]), stop)
            answers.append(
                (index, key, float(core.gold(length, substance)), read(length, substance))
            )
    return answers


def read(length: float, substance: float) -> dict[str, float]:
    """Each reader's score (core.answer_readers.READERS) of the kinds written at a point,
    counted off the text of every question (asserted the same)."""
    readings = set()
    for question in answer_text.QUESTIONS:
        kinds = [s.kind for s in answer_text.answer_sentences(question, length, substance)]
        readings.add(tuple(kinds.count(kind) for kind in ("content", "why", "wrong", "padding")))
    assert len(readings) == 1, readings  # the same counts whichever question is asked
    (counts,) = readings
    return {
        name: float(np.dot(weights, counts)) for name, weights in answer_readers.READERS.items()
    }


def test_the_storys_answers_read_in_true_qualitys_order():
    answers = story_answers()
    by_step = {(step, key): (gold, scores) for step, key, gold, scores in answers}
    # Step 2's peak answer (n = 49, true quality +1.51) reads better than n = 1's (step 1,
    # +1.18) to the project's reader, and no reader prefers n = 1's or n = 2's (+1.51 too).
    peak = by_step[(1, "n")][1]
    cloud = compute.best_of_n_clouds_at_stops(0.0, 0.0)
    n_two = read(*answer_panel.panel_point(cloud, compute.STOP_COUNTS.tolist().index(2)))
    assert peak["careful"] > by_step[(0, "n")][1]["careful"] and peak["careful"] > n_two["careful"]
    for name in answer_readers.READERS:
        assert peak[name] >= by_step[(0, "n")][1][name] and peak[name] >= n_two[name], name
    # The KL peak (β = 1, +1.82) reads better than β = 4's (+1.32) to every reader; both peaks
    # read better than the overoptimized step's (n = 590, β = 0.3) to every reader that reads
    # padding, and the overoptimized answers are mostly padding (5 and 16 sentences).
    for name in answer_readers.READERS:
        assert by_step[(1, "beta")][1][name] > by_step[(0, "beta")][1][name], name
        if answer_readers.READERS[name][3] < 0:
            for key in ("n", "beta"):
                assert by_step[(1, key)][1][name] > by_step[(2, key)][1][name], (name, key)
    # Every pair of the story's 14 answers more than 0.5 apart in true quality reads in its
    # order to the project's reader, and no reader that reads padding reverses one (tips only
    # does: it cannot see the padding that sinks n = 590 and β = 0.3). At 0.3 apart, n = 49
    # (+1.51) reads 6.5 against β = 0.6's 6.75 (+1.16): a step of the counts.
    for _, _, gold, scores in answers:
        for _, _, other_gold, other_scores in answers:
            if gold > other_gold + 0.5:
                assert scores["careful"] > other_scores["careful"], (gold, other_gold)
                for name, weights in answer_readers.READERS.items():
                    if weights[3] < 0:
                        assert scores[name] >= other_scores[name], (name, gold, other_gold)


def test_the_readers_window_is_the_planes():
    assert answer_readers.WINDOW == style.PLANE_RANGE
