"""The settings table and its URL form: pure functions, fed anything a URL can hold."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as strategies

from ui import state
from ui.state import BETA_EDGE, PRESETS, SETTINGS, nearest_stop, parse_seed, parse_setting

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


@pytest.mark.parametrize("key", list(SETTINGS))
def test_stops_round_trip_through_the_url(key):
    setting = SETTINGS[key]
    assert setting.default in setting.stops
    forms = [state.url_form(stop) for stop in setting.stops]
    assert len(set(forms)) == len(forms), "two stops print the same"
    for stop, form in zip(setting.stops, forms, strict=True):
        assert parse_setting(setting, [form]) == (stop, None)


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
        assert set(preset.values) == set(SETTINGS)
        for key, value in preset.values.items():
            assert value in SETTINGS[key].stops, (preset.name, key)
    assert dict(PRESETS[0].values) == state.DEFAULTS
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
    for setting in SETTINGS.values():
        value, note = parse_setting(setting, raw_values)
        assert value in setting.stops
        if note is not None:
            for character in "<>()[]*`_:\\":
                assert character not in note
            assert len(note) < 400


@given(strategies.floats(allow_nan=True, allow_infinity=True))
def test_nearest_stop_is_a_stop_for_any_float(number):
    for setting in SETTINGS.values():
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
        (["3", "4"], 4, False),
    ],
)
def test_seed_from_the_url(raw, expected, noted):
    seed, note = parse_seed(raw)
    assert seed == expected
    assert (note is not None) == noted


def test_query_leaves_defaults_out_and_full_query_keeps_them():
    values = {"beta": 0.3, "n": 1, "b": 0.2, "sigma": 0.0}
    assert state.query_for(values) == {"beta": "0.3", "b": "0.2"}
    assert state.query_string(values) == "?beta=0.3&b=0.2"
    assert state.query_string(state.DEFAULTS) == ""
    assert state.full_query(values) == {"beta": "0.3", "n": "1", "b": "0.2", "sigma": "0"}
    assert state.query_string(values, seed=3) == "?beta=0.3&b=0.2&seed=3"


def test_a_url_value_of_exactly_64_characters_is_still_read():
    """MAX_URL_VALUE is the longest value read: 64 characters pass, 65 are turned away."""
    assert parse_setting(SETTINGS["beta"], ["1." + "0" * 62]) == (1.0, None)
    assert parse_setting(SETTINGS["beta"], ["1." + "0" * 63]) == (
        4.0,
        "The link sets β to a value 65 characters long, too long to be a setting, so β starts "
        "at its default, 4.",
    )
