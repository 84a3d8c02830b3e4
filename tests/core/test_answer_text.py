"""The answer writer: the text an answer at (length, substance) might have, from fixed banks."""

import numpy as np
import pytest

import core
from core import answer_counts, answer_text
from core.answer_counts import sentence_counts
from core.answer_text import QUESTIONS, answer_sentences, write_answer


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
        assert len(question.content) >= 9 and len(question.wrong) >= 8
        # One why and one hedge taking it back for every tip.
        assert len(question.why) == len(question.undo) == len(question.content)
    every_content = [
        text
        for question in banks
        for text in question.content + question.why + question.undo + question.wrong
    ]
    assert len(set(every_content)) == len(every_content)  # no sentence shared by two banks


def test_the_same_point_always_reads_the_same_and_seeds_differ():
    first = write_answer(QUESTIONS[1], 2.4, 0.7, seed=3)
    assert write_answer(QUESTIONS[1], 2.4, 0.7, seed=3) == first
    assert write_answer("plants", 2.4, 0.7, seed=3) == first  # the id names the same question
    assert write_answer(QUESTIONS[1], 2.4, 0.7, seed=4) != first
    assert write_answer(QUESTIONS[1], 2.404, 0.696, seed=3) == first  # read to the hundredth
    assert write_answer(QUESTIONS[2], 2.4, 0.7, seed=3) != first


def test_the_base_models_typical_answer_makes_two_tips_each_with_its_why():
    counts = sentence_counts(length=0.0, substance=0.0)
    assert (int(counts.sentences), int(counts.content), int(counts.why)) == (4, 2, 2)
    assert int(counts.mistaken) == int(counts.padding) == 0
    sentences = answer_sentences(QUESTIONS[0], 0.0, 0.0)
    sleep = answer_text.QUESTION_BANKS[0]
    # Most important first, each tip followed by why it works.
    expected = [sleep.content[0], sleep.why[0], sleep.content[1], sleep.why[1]]
    assert [s.text for s in sentences] == expected


def test_padding_only_past_the_best_length_and_whys_only_from_l_minus_half():
    length = np.linspace(-6, 6, 1201)
    for substance in (-3.0, 0.0, 3.0):
        counts = sentence_counts(length=length, substance=np.full_like(length, substance))
        assert counts.sentences.shape == (1201,)
        assert np.all(counts.padding[length <= 0.5] == 0)  # true quality rewards length there
        assert np.all(np.diff(counts.padding) >= 0) and counts.padding.max() >= 15
        assert np.all(counts.why[length < -0.5] == 0)  # a short answer skips the why
        assert counts.sentences.min() == 1 and counts.sentences.max() == answer_counts.MAX_SENTENCES
        # Tips are taken back only past the best length, and only tips the answer made.
        assert np.all(counts.undo[length <= 0.5] == 0)
        assert np.all(counts.undo <= counts.content)
    grid = sentence_counts(length=np.ones((3, 4)), substance=np.ones((3, 4)))
    assert grid.padding.shape == (3, 4)


def net_good(counts) -> np.ndarray:
    return counts.good - counts.mistaken


def test_substance_shows_at_every_length_and_the_net_follows_true_quality():
    substance = np.linspace(-6, 6, 1201)
    for length in (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.0):
        counts = sentence_counts(length=np.full_like(substance, length), substance=substance)
        net = net_good(counts)
        assert np.all(np.diff(net) >= 0)  # more substance: never fewer net good points
        # ... and from s = -1 to s = 1.5 at least one more at every length (2.5 of true quality).
        at = {value: net[np.argmin(np.abs(substance - value))] for value in (-1.0, 1.5)}
        assert at[1.5] > at[-1.0], (length, at)
    # One net good point per 1.5 of true quality (4 at +1.18, n = 1), as many as the answer
    # holds: 5.5·e^(0.5·l) sentences, rounded, 7 at most (l = 0.5's).
    scored = core.answers()
    length, substance = np.round(scored.length, 2), np.round(scored.substance, 2)
    net = net_good(sentence_counts(length=length, substance=substance))
    room = np.minimum(np.floor(5.5 * np.exp(0.5 * length) + 0.5), 7)
    expected = np.clip(5 + np.floor((core.gold(length, substance) - 1.4) / 1.5), -room, room)
    assert np.mean(net == expected) >= 0.99  # float rounding on a step's edge aside
    assert net_good(sentence_counts(length=0.21, substance=0.01)) == 4


def test_length_sets_words_and_true_quality_the_net_good_points_over_the_600(written):
    question, answers = written
    scored = core.answers()
    words = [sum(len(s.text.split()) for s in answer) for answer in answers]
    read = np.array([answer_counts.read_counts(answer) for answer in answers])
    assert spearman(scored.length, words) >= 0.9
    assert spearman(scored.gold, read[:, 0] - read[:, 1]) >= 0.93  # steps of 1.5: ties


def reader_on_pairs(read: np.ndarray, gold: np.ndarray) -> tuple[float, float]:
    """Over every pair whose true quality differs by >= 1.5: the share a careful reader gets
    right (more net good points, then fewer wrong claims, then less padding), and the share
    where the worse answer dominates (as many net good points or more, no more padding).
    ``read`` is (answers, 3): good points, wrong claims, padding, counted from the text."""
    first, second = np.triu_indices(len(gold), 1)
    apart = np.abs(gold[first] - gold[second]) >= 1.5
    first, second = first[apart], second[apart]
    better = np.where(gold[first] > gold[second], first, second)
    worse = np.where(gold[first] > gold[second], second, first)
    net, wrong, padding = read[:, 0] - read[:, 1], read[:, 1], read[:, 2]
    verdict = np.zeros(len(better), dtype=int)
    for criterion in (net, -wrong, -padding):
        step = np.sign(criterion[better] - criterion[worse])
        verdict = np.where(verdict == 0, step, verdict)
    dominated = (net[worse] >= net[better]) & (padding[worse] <= padding[better])
    return float(np.mean(verdict == 1)), float(np.mean(dominated))


def test_reader_helper_scores_a_known_set():
    # Three answers, true quality 0, 2, 4: the third reads worst, the first two in order.
    read = np.array([[1, 0, 0], [2, 0, 3], [0, 1, 0]])
    right, dominated = reader_on_pairs(read, np.array([0.0, 2.0, 4.0]))
    # Right on (0, 1); on (0, 2) the worse has more net points and no more padding: dominated.
    assert right == pytest.approx(1 / 3) and dominated == pytest.approx(1 / 3)


def test_a_careful_reader_ranks_the_600_answers_as_true_quality_does(written):
    # Targets (docs/design.md §15): >= 90% right, <= 2% dominated (the writer before: 74.8%, 24.2%).
    question, answers = written
    read = np.array([answer_counts.read_counts(answer) for answer in answers])
    right, dominated = reader_on_pairs(read, core.answers().gold)
    assert right >= 0.9 and dominated <= 0.02, (right, dominated)


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_careful_reader_ranks_a_sample_of_the_plane_as_true_quality_does(question):
    # 400 random points of the plane where the answers and the optimizers' clouds lie (the 600
    # reach |l|, |s| <= 3.05; β = 0.3's cloud l = 3.4): 98.3% right, 1.8% dominated. Over the
    # whole grid (±6) 80% and 20%: a one-sentence answer at l = -6 cannot show true quality -35.
    rng = np.random.default_rng(27)
    length, substance = rng.uniform(-3.0, 3.5, (2, 400)).round(2)
    read = np.array(
        [
            answer_counts.read_counts(answer_sentences(question, x, y))
            for x, y in zip(length, substance, strict=True)
        ]
    )
    right, dominated = reader_on_pairs(read, core.gold(length, substance))
    assert right >= 0.9 and dominated <= 0.02, (right, dominated)


def test_no_sentence_twice_in_an_answer_and_every_bank_used(written):
    question, answers = written
    bank = answer_text.QUESTION_BANKS[QUESTIONS.index(question)]
    used = {kind: set() for kind in answer_counts.KINDS}
    for answer in answers:
        texts = [s.text for s in answer]
        assert len(set(texts)) == len(texts), texts
        for sentence in answer:
            used[sentence.kind].add(sentence.text)
    # The 600 reach s = 2.9: their best answers make the first 4 tips of the 9, explain 3.
    assert used["content"] == set(bank.content[:4]) and used["why"] == set(bank.why[:3])
    assert used["undo"] == set(bank.undo[:2])  # the longest take back their first two tips
    assert used["wrong"] == set(bank.wrong)  # every wrong claim turns up somewhere
    templates = [t for place in answer_text.PADDING_PLACES for t in answer_text.PADDING[place]]
    assert len(used["padding"]) == len(templates)  # every padding template too
    assert all("{" not in text for text in used["padding"])  # every template filled


def test_extreme_points_fill_an_answer_with_padding_and_wrong_claims():
    longest = answer_sentences(QUESTIONS[0], 6.0, 6.0)
    assert len(longest) == answer_counts.MAX_SENTENCES
    assert sum(s.kind == "padding" for s in longest) == answer_counts.MAX_SENTENCES - 7
    assert not [s for s in longest if s.kind in answer_counts.GOOD_KINDS]  # true quality -23.75
    shortest = answer_sentences(QUESTIONS[0], -6.0, 6.0)
    assert [s.kind for s in shortest] == ["wrong"]  # one sentence, true quality -35


def padding_counts(cloud):
    counts = sentence_counts(length=cloud.length, substance=cloud.substance)
    return counts.padding, counts.sentences


def test_the_reward_models_favourites_read_as_padded():
    base_padding, _ = padding_counts(core.answers())
    for favourites in (core.kl_cloud(0.3), core.best_of_n_cloud(590)):
        padding, sentences = padding_counts(favourites)
        assert (padding / sentences).mean() >= 0.6  # most of what they say is padding
        assert padding.mean() >= 8 * base_padding.mean()  # 15 and 9 against the base's 1.1
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
    assert len(steps) == answer_counts.MAX_SENTENCES - 1
    assert 0 in steps  # 5.5 sentences at l = 0 round up to 6


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
        mine = answer_counts.read_counts(
            answer_sentences(QUESTIONS[k % 3], scored.length[k], scored.substance[k])
        )
        theirs = answer_counts.read_counts(
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


# The writer's text, pinned: a change to the banks or the rules fails here, not only in the
# browser's fixtures. Short: bare tips, no why; best length: tips with their whys (and a wrong
# claim at low substance); far past it: padding around the tips and a tip taken back.
PINNED = [
    ("plants", -1.2, 0.4, ["content"] * 3, (
        "Water only when the top two centimetres of soil feel dry. Use pots with drainage holes, "
        "so the roots never sit in water. Give each plant the light it likes: most want bright "
        "light that is not direct sun."
    )),
    ("plants", 0.3, -2.5, ["content", "why", "content", "why", "wrong"], (
        "Water only when the top two centimetres of soil feel dry. Roots need air as well as "
        "water, and soil that never dries out suffocates and rots them. Use pots with drainage "
        "holes, so the roots never sit in water. Water that cannot drain collects at the bottom, "
        "where the roots rot first. Ice cubes are the best way to water every plant."
    )),
    ("running", 2.2, 0.3, ["padding"] * 3 + ["content", "why"] * 2 + ["padding", "undo"]
     + ["padding"] * 6, (
        "What a great question about starting to run! You asked: “How should I start running?” "
        "Many people wonder about starting to run, and it is smart of you to ask. Start with "
        "intervals: one minute of running, then two of walking, repeated. Short runs let your "
        "heart, muscles and tendons adapt before you ask more of them. Go slowly enough that you "
        "could still hold a conversation. An easy pace builds endurance, the base everything "
        "else rests on, without wearing you out. There are many factors involved here, and they "
        "all interact. Then again, walk breaks are for quitters, so try to run the whole way "
        "from day one. It is worth keeping in mind that there is no one-size-fits-all answer. "
        "In many ways, starting to run is as much an art as a science. Of course, everyone is "
        "different, so results may vary. Feel free to ask if you have any other questions about "
        "starting to run. To sum up, the key is to find a balance that works for you. I hope "
        "this helps you on your journey with starting to run!"
    )),
]  # fmt: skip


@pytest.mark.parametrize(("question", "length", "substance", "kinds", "text"), PINNED)
def test_the_writers_text_is_pinned(question, length, substance, kinds, text):
    assert write_answer(question, length, substance) == text
    assert [s.kind for s in answer_sentences(question, length, substance)] == kinds


# The writer's text, pinned word for word (a change to the banks, the counts or the generator's
# draws shows here, not only in tests/app's fixtures): a padded answer that takes a tip back
# and a short one with a wrong claim, both with their whys.
PINNED = [
    (
        (1, 1.2, 0.5, 3),
        "You asked: “How do I keep my houseplants alive?” Water only when the top two "
        "centimetres of soil feel dry. Roots need air as well as water, and soil that never dries "
        "out suffocates and rots them. Use pots with drainage holes, so the roots never sit in "
        "water. Water that cannot drain collects at the bottom, where the roots rot first. Of "
        "course, everyone is different, so results may vary. Give each plant the light it likes: "
        "most want bright light that is not direct sun. Then again, there is no harm in watering "
        "on a fixed day, whether the soil is dry or not. I hope this helps you on your journey "
        "with keeping houseplants alive!",
    ),
    (
        (2, 0.3, -2.0, 1),
        "Start with intervals: one minute of running, then two of walking, repeated. Short runs "
        "let your heart, muscles and tendons adapt before you ask more of them. Go slowly enough "
        "that you could still hold a conversation. An easy pace builds endurance, the base "
        "everything else rests on, without wearing you out. Running is bad for your knees, so "
        "keep every run as short as you can.",
    ),
]


@pytest.mark.parametrize(("where", "text"), PINNED, ids=["padded-undo", "short-wrong"])
def test_the_writers_text_is_pinned_word_for_word(where, text):
    question, length, substance, seed = where
    assert write_answer(QUESTIONS[question], length, substance, seed=seed) == text
