"""The answer writer: the text an answer at (length, substance) might have, from fixed banks."""

import numpy as np
import pytest

import core
from core import answer_text
from core.answer_text import QUESTIONS, answer_sentences, sentence_counts, write_answer


def ranks(values) -> np.ndarray:
    """Average ranks (ties share theirs), as Spearman's correlation takes them."""
    values = np.asarray(values, dtype=float)
    order = np.argsort(values, kind="stable")
    ranked = np.empty(len(values))
    ranked[order] = np.arange(1, len(values) + 1)
    for value in np.unique(values):
        tied = values == value
        ranked[tied] = ranked[tied].mean()
    return ranked


def spearman(x, y) -> float:
    return float(np.corrcoef(ranks(x), ranks(y))[0, 1])


def test_spearman_helper_reads_ranks_not_values():
    assert spearman([1, 2, 3, 4], [1, 8, 27, 1000]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 2, 2, 3], [1, 2, 2, 3]) == pytest.approx(1.0)


def sentences_over_answers(question):
    scored = core.answers()
    return [
        answer_sentences(question, x, y)
        for x, y in zip(scored.length, scored.substance, strict=True)
    ]


@pytest.fixture(scope="module", params=QUESTIONS)
def written(request):
    """Each question's 600 answers, as sentences with their kinds."""
    return request.param, sentences_over_answers(request.param)


def test_three_everyday_questions_each_with_their_own_banks():
    assert len(QUESTIONS) >= 3
    banks = answer_text.QUESTION_BANKS
    for question in banks:
        assert question.text.endswith("?")
        assert len(question.content) >= 9 and len(question.wrong) >= 5
    every_content = [text for question in banks for text in question.content + question.wrong]
    assert len(set(every_content)) == len(every_content)  # no sentence shared by two banks


def test_the_same_point_always_reads_the_same_and_seeds_differ():
    first = write_answer(QUESTIONS[1], 2.4, 0.7, seed=3)
    assert write_answer(QUESTIONS[1], 2.4, 0.7, seed=3) == first
    assert write_answer("plants", 2.4, 0.7, seed=3) == first  # the id names the same question
    assert write_answer(QUESTIONS[1], 2.4, 0.7, seed=4) != first
    assert write_answer(QUESTIONS[1], 2.404, 0.696, seed=3) == first  # read to the hundredth
    assert write_answer(QUESTIONS[2], 2.4, 0.7, seed=3) != first


def test_the_base_models_typical_answer_makes_two_points_and_one_aside():
    counts = sentence_counts(length=0.0, substance=0.0)
    assert (int(counts.sentences), int(counts.content), int(counts.wrong)) == (4, 2, 0)
    sentences = answer_sentences(QUESTIONS[0], 0.0, 0.0)
    content = [s.text for s in sentences if s.kind == "content"]
    assert content == list(answer_text.QUESTION_BANKS[0].content[:2])  # most important first


def test_counts_are_monotone_in_their_own_coordinate_and_vectorized():
    length = np.linspace(-6, 6, 1201)
    counts = sentence_counts(length=length, substance=np.zeros_like(length))
    assert counts.sentences.shape == (1201,)
    assert np.all(np.diff(counts.sentences) >= 0)
    assert counts.sentences.min() == 1 and counts.sentences.max() == answer_text.MAX_SENTENCES
    substance = np.linspace(-7, 7, 1401)
    scored = sentence_counts(length=np.full_like(substance, 6.0), substance=substance)
    net = scored.content - scored.wrong
    assert np.all(np.diff(net) >= 0)
    assert net.min() == -answer_text.MOST_WRONG and net.max() > 5
    assert np.all((scored.content == 0) | (scored.wrong == 0))  # never both at once
    grid = sentence_counts(length=np.ones((3, 4)), substance=np.ones((3, 4)))
    assert grid.padding.shape == (3, 4)


def test_length_sets_words_and_substance_sets_content_over_the_600(written):
    question, answers = written
    scored = core.answers()
    words = [sum(len(s.text.split()) for s in answer) for answer in answers]
    net = [sum((s.kind == "content") - (s.kind == "wrong") for s in answer) for answer in answers]
    assert spearman(scored.length, words) >= 0.9
    assert spearman(scored.substance, net) >= 0.9


def test_no_sentence_twice_in_an_answer_and_every_bank_used(written):
    question, answers = written
    bank = answer_text.QUESTION_BANKS[QUESTIONS.index(question)]
    used = {kind: set() for kind in answer_text.KINDS}
    for answer in answers:
        texts = [s.text for s in answer]
        assert len(set(texts)) == len(texts), texts
        for sentence in answer:
            used[sentence.kind].add(sentence.text)
    # The 600 reach s = 3.3: their best answers make the first 4 points of the 9.
    assert used["content"] == set(bank.content[:4])
    assert used["wrong"] == set(bank.wrong)  # every wrong claim turns up somewhere
    templates = [t for place in answer_text.PADDING_PLACES for t in answer_text.PADDING[place]]
    assert len(used["padding"]) == len(templates)  # every padding template too
    assert all("{" not in text for text in used["padding"])  # every template filled


def test_extreme_points_fill_an_answer_with_padding_or_wrong_claims():
    longest = answer_sentences(QUESTIONS[0], 6.0, -1.5)
    assert len(longest) == answer_text.MAX_SENTENCES
    assert all(s.kind == "padding" for s in longest)
    worst = answer_sentences(QUESTIONS[0], 6.0, -7.0)
    assert sum(s.kind == "wrong" for s in worst) == answer_text.MOST_WRONG
    assert write_answer(QUESTIONS[0], -6.0, 6.0) == answer_text.QUESTION_BANKS[0].content[0]


def padding_counts(cloud):
    counts = sentence_counts(length=cloud.length, substance=cloud.substance)
    return counts.padding, counts.sentences


def test_the_reward_models_favourites_read_as_padded():
    base_padding, _ = padding_counts(core.answers())
    for favourites in (core.kl_cloud(0.3), core.best_of_n_cloud(590)):
        padding, sentences = padding_counts(favourites)
        assert (padding / sentences).mean() >= 0.6  # most of what they say is padding
        assert padding.mean() >= 2.5 * base_padding.mean()  # ~10 and 7 against the base's 2.6
        assert np.median(padding) > np.median(sentences - padding)
    kl_text = write_answer(QUESTIONS[0], 3.32, 3.32)
    assert "I hope this helps" in kl_text or "In summary" in kl_text or "To sum up" in kl_text


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("How do I bake bread?", 0.0, 0.0), "question must be one of"),
        ((QUESTIONS[0], float("nan"), 0.0), "length must be"),
        ((QUESTIONS[0], 0.0, float("inf")), "substance must be"),
        ((QUESTIONS[0], "1", 0.0), "length must be"),
    ],
)
def test_bad_arguments_say_what_is_valid(arguments, message):
    with pytest.raises(ValueError, match=message):
        write_answer(*arguments)
    with pytest.raises(ValueError, match="seed must be"):
        write_answer(QUESTIONS[0], 0.0, 0.0, seed=-1)


def test_many_points_at_once_match_one_at_a_time():
    cloud = core.kl_cloud(0.6)
    texts = answer_text.write_answers(QUESTIONS[2], cloud.length, cloud.substance)
    assert len(texts) == core.CLOUD_SIZE
    assert texts[7] == write_answer(QUESTIONS[2], cloud.length[7], cloud.substance[7])


def test_the_browsers_tables_hold_the_banks_and_integer_steps():
    tables = answer_text.writer_tables()
    assert [q["question"] for q in tables["questions"]] == list(QUESTIONS)
    steps = tables["length_steps"]
    assert all(isinstance(step, int) for step in steps) and steps == sorted(steps)
    assert len(steps) == answer_text.MAX_SENTENCES - 1
    assert 0 in steps  # 3.5 sentences at l = 0 round up to 4


def test_the_point_nearest_a_clouds_mean_is_found_per_stop():
    length = np.array([[0.0, 1.0, 2.0, 9.0], [5.0, 5.0, 4.0, 6.0]])
    substance = np.array([[0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]])
    # Row 0's mean length is 3: the point at 2 is nearest. Row 1's mean is (5, 0.25).
    assert answer_text.nearest_to_mean(length=length, substance=substance).tolist() == [2, 1]


@pytest.mark.parametrize("n", [1, 2, 3, 49, 590, 10_000])
def test_the_median_kept_rank_is_kept_or_beaten_half_the_time(n):
    rank = core.median_kept_rank(n)
    count = core.ANSWER_COUNT
    assert (rank / count) ** n >= 0.5 > ((rank - 1) / count) ** n
    assert core.median_kept_rank(np.array([n, n])).tolist() == [rank, rank]


def test_the_careful_reader_counts_what_the_text_shows_and_ties_equal_answers():
    scored = core.answers()
    first, second = slice(0, 300), slice(300, 600)
    verdict = core.careful_reader_prefers(
        length=scored.length[first],
        substance=scored.substance[first],
        other_length=scored.length[second],
        other_substance=scored.substance[second],
    )
    assert verdict.shape == (300,) and set(verdict.tolist()) <= {-1, 0, 1}
    for k in range(300):
        mine = answer_text.read_counts(
            answer_sentences(QUESTIONS[k % 3], scored.length[k], scored.substance[k])
        )
        theirs = answer_text.read_counts(
            answer_sentences(QUESTIONS[k % 3], scored.length[300 + k], scored.substance[300 + k])
        )
        # More net good points, then fewer wrong claims, then less padding; else a tie.
        reading = [(m[0] - m[1], -m[1], -m[2]) for m in (mine, theirs)]
        expected = (reading[0] > reading[1]) - (reading[0] < reading[1])
        assert verdict[k] == expected, (k, mine, theirs)
    same = core.careful_reader_prefers(
        length=0.3, substance=0.2, other_length=0.3, other_substance=0.2
    )
    assert int(same) == 0
    swapped = core.careful_reader_prefers(
        length=scored.length[second],
        substance=scored.substance[second],
        other_length=scored.length[first],
        other_substance=scored.substance[first],
    )
    assert np.array_equal(swapped, -verdict)
