"""The one settings table (every page's rows) and its URL form: pure, fed anything a URL can hold.

Expected values are written out literally: a stop, a default, a URL or a note that changes in
the table fails here."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as strategies

from ui.rows import Choice, Seed, Setting
from ui.settings import (
    BETA_EDGE,
    DEFAULTS,
    KEYS,
    PAGE_OPENINGS,
    PAGES,
    PRESENT_KEY,
    ROWS,
    SEED_KEY,
    SETTINGS,
    full_query,
    keys_for,
    query_for,
    query_string,
)
from ui.story_steps import PRESETS
from ui.url_values import nearest_stop, parse_choice, parse_seed, parse_setting

SLIDERS = {key: row for key, row in SETTINGS.items() if isinstance(row, Setting)}
CHOICES = {key: row for key, row in SETTINGS.items() if isinstance(row, Choice)}
SEEDS = {key: row for key, row in SETTINGS.items() if isinstance(row, Seed)}


def holds(row, value) -> bool:
    """Whether ``row`` can hold ``value``: a stop, an option, or no seed or a seed in range."""
    if isinstance(row, Seed):
        return value is None or (type(value) is int and 0 <= value < 2**32)
    return value in row.valid


LESSON_STOPS = {"beta": (4.0, 2.0, 1.0, 0.6, 0.4, 0.3), "n": (1, 49, 590)}


@pytest.mark.parametrize(("key", "values"), LESSON_STOPS.items())
def test_every_value_the_lesson_names_is_a_stop(key, values):
    for value in values:
        assert value in SETTINGS[key].stops


def test_beta_stays_where_the_grid_is_exact():
    assert SETTINGS["beta"].low == 0.25
    assert SETTINGS["beta"].low > BETA_EDGE
    assert SETTINGS["beta"].high == 10.0


def test_n_reaches_ten_thousand():
    assert SETTINGS["n"].stops[0] == 1
    assert SETTINGS["n"].stops[-1] == 10_000
    assert all(isinstance(stop, int) for stop in SETTINGS["n"].stops)


@pytest.mark.parametrize("key", ["beta", "n"])
def test_log_like_steps_grow_by_at_most_half(key):
    ordered = sorted(SETTINGS[key].stops)
    ratios = [high / low for low, high in zip(ordered, ordered[1:], strict=False)]
    assert max(ratios) <= 2.0
    assert min(ratios) > 1.0


def test_every_row_is_a_slider_a_switch_or_a_seed():
    assert len(SLIDERS) + len(CHOICES) + len(SEEDS) == len(SETTINGS)
    assert list(SEEDS) == ["seed"]


@pytest.mark.parametrize("key", list(SLIDERS | CHOICES))
def test_stops_round_trip_through_the_url(key):
    row = SETTINGS[key]
    assert row.default in row.valid
    forms = [row.url_text(value) for value in row.valid]
    assert len(set(forms)) == len(forms), "two stops print the same"
    for value, form in zip(row.valid, forms, strict=True):
        assert row.parse([form]) == (value, None)


def test_presets_sit_on_stops_and_tell_the_story():
    names = [preset.name for preset in PRESETS]
    assert names == [
        "Lesson default",
        "The peak",
        "Overoptimized",
        "Fix: b = 0.2",
        "Noisy reward model",
        "The fix, with other errors left",
        "Best-of-n runs out of answers",
    ]
    for preset in PRESETS:
        assert set(preset.values) == set(KEYS)
        for key, value in preset.values.items():
            assert value in SETTINGS[key].stops, (preset.name, key)
    assert dict(PRESETS[0].values) == {"beta": 4.0, "n": 1, "b": 0.0, "sigma": 0.0}
    assert PRESETS[3].values["b"] == 0.2
    assert PRESETS[4].values["sigma"] > 0


@pytest.mark.parametrize(
    ("key", "raw", "expected", "says"),
    [
        ("beta", ["abc"], 4.0, "not a number"),
        ("beta", [""], 4.0, "not a number"),
        ("beta", ["0x10"], 4.0, "not a number"),
        ("sigma", ["nan"], 0.0, "not a number"),
        ("n", ["1e99"], 10_000, "outside"),
        ("n", ["inf"], 10_000, "outside"),
        ("n", ["-inf"], 1, "outside"),
        ("n", ["0"], 1, "outside"),
        ("b", ["-5"], 0.0, "outside"),
        ("b", ["1_0"], 1.0, "outside"),
        ("beta", ["0.1"], 0.25, "outside"),
        ("beta", ["0.33"], 0.35, "between"),
        ("n", ["49.5"], 49, "between"),
        ("n", ["45"], 49, "between"),
        ("b", ["0.123"], 0.1, "between"),
        ("beta", ["1", "2"], 2.0, "2 times"),
        ("beta", ["9" * 400], 4.0, "too long"),
        ("beta", ["<script>alert(1)</script>"], 4.0, "not a number"),
    ],
)
def test_unusable_url_values_fall_back_with_a_note(key, raw, expected, says):
    value, note = parse_setting(SETTINGS[key], raw)
    assert value == expected
    assert value in SETTINGS[key].stops
    assert note is not None and says in note


@pytest.mark.parametrize(("raw", "expected"), [(["49.0"], 49), ([" 49 "], 49), (["4.000"], 4.0)])
def test_exact_stops_written_differently_are_taken_without_a_note(raw, expected):
    key = "n" if expected == 49 else "beta"
    assert parse_setting(SETTINGS[key], raw) == (expected, None)


def test_a_note_never_repeats_markup_from_the_url():
    _, note = parse_setting(
        SETTINGS["beta"], ['<img src=x onerror="alert(1)">**[a](javascript:x)**']
    )
    assert "“imgsrcxonerroral…”" in note
    for character in "<>()[]*`_:\"'=":
        assert character not in note


@given(strategies.lists(strategies.text(max_size=500), max_size=4))
def test_any_url_values_give_a_stop_of_every_setting(raw_values):
    for row in ROWS:
        value, note = row.parse(raw_values)
        assert holds(row, value), (row.key, value)
        if note is not None:
            for character in "<>()[]*`_:\\":
                assert character not in note
            assert len(note) < 400


@given(strategies.floats(allow_nan=True, allow_infinity=True))
def test_nearest_stop_is_a_stop_for_any_float(number):
    for setting in SLIDERS.values():
        if math.isnan(number):
            continue
        assert nearest_stop(setting, number) in setting.stops


@pytest.mark.parametrize(
    ("raw", "expected", "noted"),
    [
        ([], None, False),
        (["7"], 7, False),
        (["0"], 0, False),
        (["abc"], None, True),
        (["-1"], None, True),
        (["1.5"], None, True),
        (["99999999999"], None, True),
        (["3", "4"], 4, True),  # a repeated key is noted, as for every row
        ([" 12 "], 12, False),
        (["¹"], None, True),  # a digit to str.isdigit, not to int(): was a traceback
        (["٣"], None, True),  # an Arabic 3: int() reads it, the URL would not say it
    ],
)
def test_seed_from_the_url(raw, expected, noted):
    seed, note = parse_seed(SETTINGS[SEED_KEY], raw)
    assert seed == expected
    assert (note is not None) == noted


@pytest.mark.parametrize(
    ("raw", "note"),
    [
        (
            ["abc"],
            "The link asks for answer set “abc”, which is not a whole number from 0 to "
            "4294967295, so the page shows the lesson's fixed 600 answers.",
        ),
        (["3", "4"], "The link sets the answer set 2 times; the last one counts."),
        (
            ["9" * 65],
            "The link asks for an answer set 65 characters long, too long to be one, so the "
            "page shows the lesson's fixed 600 answers.",
        ),
    ],
)
def test_a_seeds_notes_read_like_every_rows(raw, note):
    assert SETTINGS[SEED_KEY].parse(raw)[1] == note


def test_a_seed_is_written_as_a_whole_number_in_its_range():
    seed = SETTINGS[SEED_KEY]
    assert (seed.url_text(7), seed.url_text(2**32 + 5), seed.default) == ("7", "5", None)
    assert seed.pages == ("best-of-n",)
    assert seed.parse(["4294967295"]) == (4294967295, None)  # the largest


def test_query_leaves_defaults_out_and_full_query_keeps_them():
    values = {"beta": 0.3, "n": 1, "b": 0.2, "sigma": 0.0}
    assert query_for(values) == {"beta": "0.3", "b": "0.2"}
    assert query_string(values) == "?beta=0.3&b=0.2"
    assert query_string(DEFAULTS) == ""  # every page's rows at their defaults
    assert full_query(values) == {"beta": "0.3", "n": "1", "b": "0.2", "sigma": "0"}
    assert query_string(values | {"seed": 3}) == "?beta=0.3&b=0.2&seed=3"
    assert query_string(values | {"seed": None}) == "?beta=0.3&b=0.2"  # no seed: none written
    assert full_query({"n": 49, "seed": None}) == {"n": "49"}


def test_a_url_value_of_exactly_64_characters_is_still_read():
    """MAX_URL_VALUE is the longest value read: 64 characters pass, 65 are turned away."""
    assert parse_setting(SETTINGS["beta"], ["1." + "0" * 62]) == (1.0, None)
    assert parse_setting(SETTINGS["beta"], ["1." + "0" * 63]) == (
        4.0,
        "The link sets β to a value 65 characters long, too long to be a setting, so β starts "
        "at its default, 4.",
    )


# --- every page's rows, in one table ---------------------------------------------------------

# Every row's values as the URL writes them, left to right (the sliders' stops, the options).
URL_FORMS = {
    "beta": "10 8 6 5 4 3 2.5 2 1.6 1.3 1 0.8 0.7 0.6 0.5 0.45 0.4 0.35 0.3 0.25",
    "n": "1 2 3 4 6 8 12 16 24 32 40 49 60 80 100 150 200 300 400 590 800 1000 1500 2000 3000 "
    "5000 7000 10000",
    "b": "0 0.05 0.1 0.15 0.2 0.25 0.3 0.35 0.4 0.45 0.5 0.55 0.6 0.65 0.7 0.75 0.8 0.85 0.9 "
    "0.95 1",
    "sigma": "0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1 1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 1.9 2",
    "pairs": "10 20 50 100 200 500 1000 2000 5000 10000 20000 50000 100000 200000",
    "spread": "0.1 0.2 0.3 0.5 0.7 1 1.5 2",
    "noise": "0.05 0.1 0.2 0.3 0.5 0.7 1 1.5 2 3 5",
    "prior": "0 0.1 0.3 1 3 10 30 100 300 1000",
    "tails": "light heavy",
    "fix": "0 0.05 0.1 0.15 0.2 0.25 0.3 0.35 0.4 0.45 0.5 0.55 0.6 0.65 0.7 0.75 0.8 0.85 0.9 "
    "0.95 1",
    "k": "1 2 3 4 6 8 12 16",
    "rho": "0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1",
    "agg": "mean min",
    "lam": "0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1 1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 1.9 2",
    "m": "1 2 3 5 10 20 30 50 100 200 300 500 1000 2000 5000 10000",
    "check_beta": "3 2 1.5 1 0.7 0.5 0.3 0.2 0.15 0.1 0.07 0.05 0.03 0.02",
    "pass1": "0.005 0.01 0.015 0.02 0.03 0.05 0.1 0.15 0.25 0.35 0.5 0.75",
    "pass1_other": "0.005 0.01 0.015 0.02 0.03 0.05 0.1 0.15 0.25 0.35 0.5 0.75",
    "h": "0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1",
    "q": "0.001 0.002 0.005 0.01 0.02 0.05 0.1",
    "against": "beta kl",
    "monitor": "watch penalize",
}
# Where every row starts, as its URL writes it (a row at its default is left out of links).
DEFAULT_FORMS = {
    "beta": "4",
    "n": "1",
    "b": "0",
    "sigma": "0",
    "pairs": "10000",
    "spread": "0.1",
    "noise": "1",
    "prior": "0",
    "tails": "light",
    "fix": "0.2",
    "k": "4",
    "rho": "0.5",
    "agg": "mean",
    "lam": "0.5",
    "m": "10",
    "check_beta": "0.1",
    "pass1": "0.015",
    "pass1_other": "0.25",
    "h": "0.9",
    "q": "0.01",
    "against": "beta",
    "monitor": "watch",
}
PAGE_KEYS = {
    "playground": ("beta", "n", "b", "sigma"),
    "best-of-n": ("n", "b", "sigma", "seed"),
    "kl-penalty": ("beta", "b", "sigma"),
    "lesson": (),
    "reward-model": ("pairs", "spread", "noise", "prior"),
    "compare": ("b", "sigma", "tails"),
    "defenses": ("b", "sigma", "fix", "k", "rho", "agg", "lam", "m"),
    "poll": ("b", "sigma"),  # its start screen's sliders (poll_b, poll_sigma), not its address
    "checker": ("check_beta", "pass1", "pass1_other", "h", "q", "against", "monitor"),
}


def test_the_table_holds_every_pages_rows_and_nothing_twice():
    assert [row.key for row in ROWS] == [*URL_FORMS, SEED_KEY]
    assert len(SETTINGS) == len(ROWS), "one URL key, one meaning"
    assert {PRESENT_KEY, "predict", "pin", "lecturer", "room"}.isdisjoint(SETTINGS)
    assert {page: keys_for(page) for page in PAGES} == PAGE_KEYS
    for row in ROWS:
        assert set(row.pages) <= set(PAGES), row.key


@pytest.mark.parametrize("key", list(URL_FORMS))
def test_every_rows_values_as_the_url_writes_them(key):
    row = SETTINGS[key]
    assert " ".join(row.url_text(value) for value in row.valid) == URL_FORMS[key]
    assert row.url_text(row.default) == DEFAULT_FORMS[key]
    assert row.url_text(DEFAULTS[key]) == DEFAULT_FORMS[key]


def test_the_defenses_page_opens_at_sigma_half_and_nothing_else_has_an_opening():
    # σ = 0.5: best-of-n falls to -1.08 at n = 10,000 and β = 0.3 is clear of the grid's edge.
    assert PAGE_OPENINGS == {"defenses": {"sigma": 0.5}}


def test_the_url_a_setting_writes():
    values = {"beta": 0.3, "n": 590, "b": 0.2, "sigma": 0.0, "tails": "heavy", "k": 8}
    values |= {"agg": "min", "rho": 0.5, "m": 10000}
    assert query_string(values) == "?beta=0.3&n=590&b=0.2&tails=heavy&k=8&agg=min&m=10000"
    assert query_for({"agg": "mean", "tails": "light", "fix": 0.2, "pairs": 200000}) == {
        "pairs": "200000"
    }
    assert full_query({"agg": "mean", "lam": 1.0, "spread": 0.5}) == {
        "agg": "mean",
        "lam": "1",
        "spread": "0.5",
    }


@pytest.mark.parametrize(
    ("key", "number", "expected"),
    [
        ("beta", 0.33, 0.35),  # by ratio: 0.35/0.33 < 0.33/0.3
        ("beta", 100.0, 10.0),
        ("n", 45, 49),
        ("n", 2500, 3000),  # by ratio: 3000/2500 < 2500/2000
        ("b", 0.123, 0.1),
        ("sigma", 2.4, 2.0),
        ("pairs", 140, 100),
        ("pairs", 160, 200),
        ("spread", 0.4, 0.5),  # by ratio: 0.5/0.4 < 0.4/0.3
        ("noise", 0.01, 0.05),
        ("prior", 5, 3.0),  # by difference: prior 0 is a stop, so no ratios
        ("fix", 0.98, 1.0),
        ("k", 5, 6),  # by ratio: 6/5 < 5/4
        ("k", 100, 16),
        ("rho", 0.26, 0.3),
        ("lam", -1, 0.0),
        ("m", 7, 5),  # by ratio: 7/5 < 10/7
        ("m", 4, 5),  # by ratio: 5/4 < 4/3
    ],
)
def test_the_nearest_valid_stop(key, number, expected):
    assert nearest_stop(SETTINGS[key], number) == expected


@pytest.mark.parametrize(
    ("key", "raw", "expected", "note"),
    [
        (
            "beta",
            ["abc"],
            4.0,
            "The link sets β to “abc”, which is not a number, so β starts at its default, 4.",
        ),
        (
            "n",
            ["45"],
            49,
            "The link sets n to “45”, between the slider's steps, so n starts at the nearest "
            "step, 49.",
        ),
        (
            "k",
            ["0"],
            1,
            "The link sets k to “0”, outside the slider's range of 1 to 16, so k starts at the "
            "nearest end, 1.",
        ),
        (
            "noise",
            ["2", "90"],
            5.0,
            "The link sets the rater noise 2 times; the last one counts. The link sets the "
            "rater noise to “90”, outside the slider's range of 0.05 to 5, so the rater noise "
            "starts at the nearest end, 5.",
        ),
        (
            "agg",
            ["max"],
            "mean",
            "The link sets the ensemble's combination to “max”, which is neither “mean” nor "
            "“min”, so the ensemble's combination starts at its default, mean.",
        ),
        (
            "tails",
            ["heavy", "light"],
            "light",
            "The link sets the error tails 2 times; the last one counts.",
        ),
        ("tails", [" Heavy "], "heavy", None),
        ("agg", ["MIN"], "min", None),
        ("m", ["10"], 10, None),
        ("m", [], 10, None),
        ("agg", [], "mean", None),
    ],
)
def test_the_note_a_bad_value_gets(key, raw, expected, note):
    assert SETTINGS[key].parse(raw) == (expected, note)


def test_a_choice_value_of_exactly_64_characters_is_still_read():
    """The same limit for options: 64 characters are read (spaces around are forgiven), 65
    are turned away whatever they hold."""
    assert parse_choice(SETTINGS["tails"], ["heavy".ljust(64)]) == ("heavy", None)
    assert parse_choice(SETTINGS["tails"], ["heavy".ljust(65)]) == (
        "light",
        "The link sets the error tails to a value 65 characters long, too long to be a "
        "setting, so the error tails starts at its default, light.",
    )


def test_a_slider_value_of_exactly_64_characters_on_another_pages_row():
    assert parse_setting(SETTINGS["m"], ["3" + " " * 63]) == (3, None)
    assert parse_setting(SETTINGS["m"], ["3" + " " * 64]) == (
        10,
        "The link sets m to a value 65 characters long, too long to be a setting, so m starts "
        "at its default, 10.",
    )


@given(strategies.lists(strategies.text(max_size=80), max_size=3))
def test_any_url_value_gives_every_row_a_valid_value_and_a_plain_note(raw_values):
    for row in ROWS:
        value, note = row.parse(raw_values)
        assert holds(row, value), (row.key, value)
        for character in "<>[]()`*_:\\":
            assert note is None or character not in note
