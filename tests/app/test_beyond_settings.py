"""The beyond-the-lesson settings table and its URL form: pure functions, fed anything."""

import pytest
from hypothesis import given
from hypothesis import strategies as strategies

from ui.beyond import settings as beyond_settings
from ui.beyond.settings import SETTINGS, Choice, parse, parse_choice

TAILS = SETTINGS["tails"]


def test_every_default_is_a_stop_or_option():
    for setting in SETTINGS.values():
        valid = setting.options if isinstance(setting, Choice) else setting.stops
        assert setting.default in valid


def test_reward_model_reaches_the_two_hundred_thousand_comparisons_of_the_spec():
    assert SETTINGS["pairs"].high == 200_000 and SETTINGS["pairs"].low >= 2
    assert SETTINGS["noise"].low > 0 and SETTINGS["spread"].low > 0
    assert SETTINGS["prior"].low == 0


@pytest.mark.parametrize(
    ("raw", "value", "noted"),
    [
        (["heavy"], "heavy", False),
        ([" Heavy "], "heavy", False),
        (["light"], "light", False),
        (["t2"], "light", True),
        (["heavy", "light"], "light", True),
        (["h" * 100], "light", True),
        ([], "light", False),
    ],
)
def test_parse_choice(raw, value, noted):
    got, note = parse_choice(TAILS, raw)
    assert got == value and (note is not None) == noted


@given(strategies.lists(strategies.text(max_size=80), max_size=3))
def test_any_url_value_gives_a_valid_setting_and_a_plain_note(raw_values):
    for key, setting in SETTINGS.items():
        value, note = parse(key, raw_values)
        valid = setting.options if isinstance(setting, Choice) else setting.stops
        assert value in valid
        for character in "<>[]()`*_:\\":
            assert note is None or character not in note


def test_nearest_stop_by_ratio_for_log_settings():
    assert beyond_settings.nearest("pairs", 140) == 100
    assert beyond_settings.nearest("pairs", 160) == 200
    assert beyond_settings.nearest("prior", 5) == 3.0
