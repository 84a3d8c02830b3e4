"""The answer writer: the text an answer at (length, substance) might have, from fixed banks."""

import numpy as np
import pytest

import core
from core import answer_counts, answer_readers, answer_text
from core.answer_counts import sentence_counts
from core.answer_text import PADDING, QUESTIONS, answer_sentences, write_answer


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
        assert len(question.why) == len(question.content)  # why each tip works
        # Every wrong claim is a clear myth against one of the question's tips.
        assert len(question.against) == len(question.wrong)
        assert all(
            tips and set(tips) <= set(range(len(question.content))) for tips in question.against
        )
    every_content = [text for q in banks for text in q.content + q.why + q.wrong]
    assert len(set(every_content)) == len(every_content)  # no sentence shared by two banks


def test_padding_never_retracts_and_no_two_templates_open_alike():
    # The old "Then again, ..." hedges took tips back; padding restates, hedges, flatters.
    templates = [
        *PADDING["opening"],
        *PADDING["middle"],
        *(text for kind in answer_text.CLOSING_KINDS for text in PADDING["closing"][kind]),
    ]
    openers = [" ".join(text.split()[:2]).rstrip(",") for text in templates]
    assert len(set(openers)) == len(openers), sorted(openers)
    assert not [t for t in templates if t.startswith(("Then again", "That said", "But ", "Still"))]
    # One answer's pool: two openings, every middle one, a closing of each kind.
    pool = PADDING["most_openings"] + len(PADDING["middle"]) + len(answer_text.CLOSING_KINDS)
    assert pool >= answer_counts.MOST_PADDING


def test_the_same_point_always_reads_the_same_and_seeds_differ():
    first = write_answer(QUESTIONS[1], 2.4, 0.7, seed=3)
    assert write_answer(QUESTIONS[1], 2.4, 0.7, seed=3) == first
    assert write_answer("plants", 2.4, 0.7, seed=3) == first  # the id names the same question
    assert write_answer(QUESTIONS[1], 2.4, 0.7, seed=4) != first
    assert write_answer(QUESTIONS[1], 2.404, 0.696, seed=3) == first  # read to the hundredth
    assert write_answer(QUESTIONS[2], 2.4, 0.7, seed=3) != first


def test_the_base_models_typical_answer_makes_three_tips_two_with_their_whys():
    counts = sentence_counts(length=0.0, substance=0.0)
    assert (int(counts.content), int(counts.why), int(counts.wrong)) == (3, 2, 0)
    assert int(counts.padding) == 0
    sleep = answer_text.QUESTION_BANKS[0]
    sentences = answer_sentences(QUESTIONS[0], 0.0, 0.0)
    assert [s.kind for s in sentences] == ["content", "why", "content", "why", "content"]
    # Each why follows its own tip; the tips are drawn from the question's first five.
    tips = [sleep.content.index(s.text) for s in sentences if s.kind == "content"]
    assert max(tips) < 5
    for tip, why in zip(sentences[0:4:2], sentences[1:4:2], strict=True):
        assert sleep.why.index(why.text) == sleep.content.index(tip.text)


def test_counts_render_substance_as_content_and_length_as_words():
    # Independent of the module: tips floor(3.5 + s - deficit), deficit (l - 0.5)² below 0.5;
    # whys floor(2.5 + 3·min(l, 0.5)); padding floor(2·(l - 0.5)²) past 0.5, at most 30.
    rng = np.random.default_rng(4)
    length, substance = rng.uniform(-5, 7, (2, 5000)).round(2)
    counts = sentence_counts(length=length, substance=substance)
    deficit = np.where(length < 0.5, (length - 0.5) ** 2, 0)
    said = np.floor(3.5 + substance - deficit + 1e-9)
    lone_tip = (said <= 0) & (substance >= 0.5)
    assert np.array_equal(counts.content, np.maximum(np.clip(said, 0, 9), lone_tip))
    whys = np.clip(np.floor(2.5 + 3 * np.minimum(length, 0.5) + 1e-9), 0, None)
    assert np.array_equal(counts.why, np.minimum(np.clip(said, 0, 9), whys))
    padding = np.where(length > 0.5, np.minimum(np.floor(2 * (length - 0.5) ** 2 + 1e-9), 30), 0)
    assert np.array_equal(counts.padding, padding)
    myths = np.maximum(np.floor(0.5 - substance + 1e-9), 0) + ((said <= 0) & (substance < 0.5))
    assert np.array_equal(counts.wrong, np.minimum(myths, 8))
    assert counts.sentences.min() >= 1  # no answer is empty


def test_more_substance_never_says_less_and_a_shorter_answer_never_says_more():
    grid = np.arange(-600, 601, 5) / 100
    length, substance = np.meshgrid(grid, grid)  # rows: substance
    counts = sentence_counts(length=length, substance=substance)
    net = counts.good - counts.wrong
    assert np.all(np.diff(net, axis=0) >= 0)  # more substance: never fewer net good points
    assert np.all(np.diff(counts.content, axis=0) >= 0)
    assert np.all(np.diff(counts.sentences, axis=1) >= 0)  # longer: never fewer sentences
    best = grid <= 0.5
    assert np.all(np.diff(counts.good[:, best], axis=1) >= 0)  # up to 0.5: elaboration
    assert np.all(counts.padding[:, best] == 0)
    assert np.all(np.diff(counts.good[:, ~best], axis=1) == 0)  # past it: the same content ...
    assert np.all(np.diff(counts.padding[:, ~best], axis=1) >= 0)  # ... and padding around it
    # A tip wherever substance is 0.5 or more (the old writer: (6, 6) had none).
    assert np.all(counts.content[substance >= 0.5] >= 1)


def test_the_issues_cases_read_as_substance_and_length_say():
    # (6, 6): all nine tips with four whys, drowned in 30 sentences of padding.
    longest = sentence_counts(length=6.0, substance=6.0)
    assert (int(longest.content), int(longest.why), int(longest.padding)) == (9, 4, 30)
    # (0, 3) and (0, 12) read differently: 6 tips and 9.
    assert write_answer(QUESTIONS[0], 0.0, 3.0) != write_answer(QUESTIONS[0], 0.0, 12.0)
    assert int(sentence_counts(length=0.0, substance=3.0).content) == 6
    # The β = 0.3 cloud (mean substance +3.3) shows more tips than the base answers, and more
    # padding than content.
    base = sentence_counts(length=core.answers().length, substance=core.answers().substance)
    cloud = core.kl_cloud(0.3)
    favoured = sentence_counts(length=cloud.length, substance=cloud.substance)
    assert favoured.content.mean() >= base.content.mean() + 3  # 6.4 against 2.3
    assert favoured.padding.mean() > favoured.good.mean()  # 16.4 against 10.4


def test_length_sets_words_over_the_600(written):
    question, answers = written
    scored = core.answers()
    words = [sum(len(s.text.split()) for s in answer) for answer in answers]
    assert spearman(scored.length, words) >= 0.8  # 0.84-0.86; substance adds tips too


def window_sample():
    return answer_readers.window_points()


def test_no_answer_states_a_myth_against_its_own_tip(written):
    question, answers = written
    bank = answer_text.QUESTION_BANKS[QUESTIONS.index(question)]
    length, substance = window_sample()
    answers = list(answers) + [
        answer_sentences(question, x, y, seed=k % 4)
        for k, (x, y) in enumerate(zip(length, substance, strict=True))
    ]
    for answer in answers:
        tips = {bank.content.index(s.text) for s in answer if s.kind == "content"}
        for sentence in answer:
            if sentence.kind == "wrong":
                assert not tips & set(bank.against[bank.wrong.index(sentence.text)]), answer
        # The counts say what the text holds (a myth never dropped for want of a compatible one).
        kinds = [s.kind for s in answer]
        assert len(kinds) >= 1


def test_the_text_holds_what_the_counts_say(written):
    question, answers = written
    scored = core.answers()
    counts = sentence_counts(length=scored.length, substance=scored.substance)
    for k, answer in enumerate(answers):
        kinds = [s.kind for s in answer]
        expected = [int(getattr(counts, kind)[k]) for kind in answer_counts.KINDS]
        assert [kinds.count(kind) for kind in answer_counts.KINDS] == expected


def test_phrasing_varies_and_no_closer_comes_twice(written):
    question, answers = written
    bank = answer_text.QUESTION_BANKS[QUESTIONS.index(question)]
    length, substance = window_sample()
    answers = list(answers) + [
        answer_sentences(question, x, y) for x, y in zip(length, substance, strict=True)
    ]
    used = {kind: set() for kind in answer_counts.KINDS}
    openers = []
    closing = {kind: set(PADDING["closing"][kind]) for kind in answer_text.CLOSING_KINDS}
    for answer in answers:
        texts = [s.text for s in answer]
        assert len(set(texts)) == len(texts), texts  # no sentence twice in an answer
        for sentence in answer:
            used[sentence.kind].add(sentence.text)
        for templates in closing.values():  # never two summaries (or farewells...)
            filled = {t.replace("{topic}", bank.topic) for t in templates}
            assert len(filled & set(texts)) <= 1, texts
        openers.append(answer[0].text)
    assert used["content"] == set(bank.content)
    assert used["why"] == set(bank.why)
    assert used["wrong"] == set(bank.wrong)
    templates = [*PADDING["opening"], *PADDING["middle"]]
    templates += [t for kind in answer_text.CLOSING_KINDS for t in PADDING["closing"][kind]]
    assert len(used["padding"]) == len(templates)  # every padding template turns up
    assert all("{" not in text for text in used["padding"])  # every template filled
    # The 600 answers alone use 7 of the 9 tips (the old writer: the first 4), and no one
    # sentence opens more than a third of them.
    tips_600 = {s.text for answer in answers[:600] for s in answer if s.kind == "content"}
    assert len(tips_600) >= 7
    assert max(openers[:600].count(text) for text in set(openers[:600])) <= 200


def padding_counts(cloud):
    counts = sentence_counts(length=cloud.length, substance=cloud.substance)
    return counts.padding, counts.sentences


def test_the_reward_models_favourites_read_as_padded():
    base_padding, _ = padding_counts(core.answers())
    for favourites in (core.kl_cloud(0.3), core.best_of_n_cloud(590)):
        padding, sentences = padding_counts(favourites)
        assert (padding / sentences).mean() >= 0.3  # 56% and 35% of what they say
        assert padding.mean() >= 10 * base_padding.mean()  # 16.4 and 4.8 against the base's 0.35
    kl_text = write_answer(QUESTIONS[0], 3.32, 3.32)
    summaries = [t.replace("{topic}", "sleeping better") for t in PADDING["closing"]["summary"]]
    assert sum(text in kl_text for text in summaries) <= 1


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


def test_the_browsers_tables_hold_the_banks_and_the_counts_integers():
    tables = answer_text.writer_tables()
    assert [q["question"] for q in tables["questions"]] == list(QUESTIONS)
    numbers = tables["counts"]
    assert all(isinstance(value, int) for value in numbers.values())
    assert numbers["best_length"] == 50 and numbers["most_padding"] == answer_counts.MOST_PADDING
    assert set(tables["closing_kinds"]) == set(tables["padding"]["closing"])


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
        # A good point +1, a wrong claim -1.5, a padding sentence -0.75; equal scores a tie.
        reading = [m[0] - 1.5 * m[1] - 0.75 * m[2] for m in (mine, theirs)]
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


# The writer's text, pinned word for word (a change to the banks, the counts or the generator's
# draws shows here, not only in the browser's fixtures): short (one bare tip), low substance at
# the best length (myths, none against a tip it makes), long (tips with whys amid padding), a
# very short low-substance answer (myths), and tips beside a myth against neither.
PINNED = [
    ("plants", -1.2, 0.4, 0, ["content"], (
        "Water only when the top two centimetres of soil feel dry."
    )),
    ("plants", 0.3, -2.5, 0, ["wrong"] * 4, (
        "Put a small plant straight into the biggest pot you have, so it never needs repotting. "
        "Water left standing in the saucer keeps the roots nicely moist. Spider mites and other "
        "pests are harmless, so leave them be. Feed every week right through the winter to keep "
        "a plant strong."
    )),
    ("running", 2.2, 0.3, 0, ["padding", "content", "why", "padding", "content", "why"]
     + ["padding"] * 2 + ["content", "why", "padding"], (
        "Balance is important in all things. Run three times a week, with a rest day between "
        "runs. Your body gets stronger on the rest days, when it repairs the small damage each "
        "run does. Small things can add up over time. Go slowly enough that you could still hold "
        "a conversation. An easy pace builds endurance, the base everything else rests on, "
        "without wearing you out. It can take some trial and error to see what works. It is worth "
        "keeping in mind that there is no one-size-fits-all answer. Add no more than about a "
        "tenth to your weekly running time each week. Muscles get fit faster than tendons and "
        "bones, and most beginners' injuries come from doing too much too soon. Of course, "
        "everyone is different, so results may vary."
    )),
    ("sleep", -2.5, -1.0, 0, ["wrong"] * 2, (
        "If you cannot sleep, stay in bed and keep trying: getting up only wakes you more. "
        "Scrolling on your phone in bed is a good way to wind down."
    )),
    ("running", 0.5, -0.6, 2, ["content", "why", "content", "why", "wrong"], (
        "Run three times a week, with a rest day between runs. Your body gets stronger on the "
        "rest days, when it repairs the small damage each run does. Add no more than about a "
        "tenth to your weekly running time each week. Muscles get fit faster than tendons and "
        "bones, and most beginners' injuries come from doing too much too soon. Run as fast as "
        "you can every time to get fit quickly."
    )),
]  # fmt: skip


@pytest.mark.parametrize(("question", "length", "substance", "seed", "kinds", "text"), PINNED)
def test_the_writers_text_is_pinned(question, length, substance, seed, kinds, text):
    assert write_answer(question, length, substance, seed=seed) == text
    assert [s.kind for s in answer_sentences(question, length, substance, seed=seed)] == kinds
