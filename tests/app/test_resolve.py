"""ui.address.resolve on plain dicts, without Streamlit: any address anyone types, arrivals,
presenter mode carried, Back and Forward under the stage, predict-then-reveal and the poll."""

import json
import re
from pathlib import Path

import pytest

from scripts.processes import run_python
from ui import address
from ui.address import (
    ARRIVAL,
    FIXED,
    LAST,
    PAGE,
    PIN,
    PIN_WRITTEN,
    PRESENT,
    REQUEST,
    WRITTEN,
    changes,
    poll_identity,
    prediction,
    resolve,
)
from ui.language_url import choose_language
from ui.pin_url import parse_pin
from ui.settings import SETTINGS, STAGE_KEYS
from ui.url_values import parse_setting

REPO_ROOT = Path(__file__).resolve().parents[2]
ON_PAGE = {PAGE: "best-of-n"}  # a session already on Best-of-n (no arrival)


def test_resolve_loads_no_ui_library():
    probe = (
        "import json, sys; from ui import address; "
        "address.resolve('playground', {'beta': ['abc']}, {}, stage_keys=('beta',)); "
        "print(json.dumps(sorted({name.split('.')[0] for name in sys.modules})))"
    )
    run = run_python("-c", probe)
    assert run.returncode == 0, run.stderr
    loaded = set(json.loads(run.stdout))
    assert "ui" in loaded
    assert loaded.isdisjoint({"streamlit", "plotly", "pandas"})


@pytest.mark.parametrize(
    ("page", "query", "key", "value", "url", "note"),
    [
        ("kl-penalty", {"beta": ["abc"]}, "beta", 4.0, None, "not a number"),
        ("best-of-n", {"n": ["1e99"]}, "n", 10_000, ["10000"], "outside"),
        ("best-of-n", {"n": ["50"]}, "n", 49, ["49"], "between"),
        ("kl-penalty", {"sigma": ["nan"]}, "sigma", 0.0, None, "not a number"),
        ("kl-penalty", {"beta": ["0.6", "0.3"]}, "beta", 0.3, ["0.3"], "2 times"),
        ("best-of-n", {"seed": ["¹"]}, "seed", None, None, "not a whole number"),
        ("best-of-n", {"seed": ["7"]}, "seed", 7, ["7"], None),
        ("kl-penalty", {"beta": ["4"]}, "beta", 4.0, ["4"], None),  # a default kept as typed
        ("compare", {"tails": ["Heavy"]}, "tails", "heavy", ["heavy"], "heavy"),
        ("defenses", {"agg": ["max"]}, "agg", "mean", None, "neither"),
    ],
)
def test_hostile_values_get_the_nearest_valid_one_and_a_note(page, query, key, value, url, note):
    resolution = resolve(page, query, {PAGE: page})
    assert resolution.values[key] == value
    assert resolution.address.get(key) == url
    if note is None:
        assert resolution.notes == ()
    elif note == "heavy":  # forgiven letter case: no note, the address rewritten
        assert resolution.notes == ()
        assert changes(query, resolution.address) == {"tails": "heavy"}
    else:
        assert len(resolution.notes) == 1 and note in resolution.notes[0]


# Every address a visitor could type at the lesson's three pages (they were 45 AppTest runs;
# tests/app/test_pages.py keeps one per page, as a page).
HOSTILE_QUERIES = [
    {"beta": "abc"},
    {"n": "1e99"},
    {"sigma": "nan"},
    {"b": "-5"},
    {"beta": ["1", "2"], "n": ["3", "49", "590"]},
    {"n": "9" * 400},
    {"beta": "<script>alert(1)</script>", "sigma": "<b>bold</b>"},
    {"sigma": "inf", "b": "-inf"},
    {"beta": "", "n": ""},
    {"b": "0.123", "n": "49.5"},
    {"beta": "0x10", "n": "1_000"},
    {"beta": "[x](javascript:alert(1))", "n": "**49**", "b": "`0.2`"},
    {"sigma": "1e-400", "beta": "-0", "unknown": "<i>ignored</i>"},
    {"seed": "abc"},
    {"seed": "-3", "n": "%00"},
]

SLIDERS = {
    "playground": ("beta", "n", "b", "sigma"),
    "best-of-n": ("n", "b", "sigma"),
    "kl-penalty": ("beta", "b", "sigma"),
}


@pytest.mark.parametrize("page", list(SLIDERS))
@pytest.mark.parametrize("query", HOSTILE_QUERIES, ids=lambda query: "&".join(query))
def test_any_hostile_address_resolves_to_stops_and_plain_notes(page, query):
    lists = {key: value if isinstance(value, list) else [value] for key, value in query.items()}
    stage_keys = STAGE_KEYS if page == "playground" else ()
    resolution = resolve(page, lists, {PAGE: page}, stage_keys=stage_keys)
    for key in SLIDERS[page]:
        assert resolution.values[key] in SETTINGS[key].stops, (key, resolution.values[key])
    seed = resolution.values.get("seed")
    assert seed is None or (isinstance(seed, int) and 0 <= seed < 2**32)
    # Notes repeat at most letters, digits, '.', '+' and '-' of a bad value: no markup.
    for note in resolution.notes:
        assert not set("<>[]()`*_:\\") & set(note), note
    # The address holds only usable values: one each, read back with no note.
    for key in SLIDERS[page]:
        if key in resolution.address:
            assert len(resolution.address[key]) == 1, resolution.address[key]
            assert parse_setting(SETTINGS[key], resolution.address[key])[1] is None


# The Defenses page's own settings (they were 15 AppTest runs of the page).
DEFENSES_HOSTILE = [
    ({"k": "abc"}, "k", 4, "not a number"),
    ({"k": "0"}, "k", 1, "nearest end"),
    ({"k": "5"}, "k", 6, "nearest step"),  # by ratio: 6/5 < 5/4
    ({"rho": "nan"}, "rho", 0.5, "not a number"),
    ({"rho": "7"}, "rho", 1.0, "nearest end"),
    ({"lam": "-5"}, "lam", 0.0, "nearest end"),
    ({"lam": "<script>alert(1)</script>"}, "lam", 0.5, "not a number"),
    ({"m": "1e99"}, "m", 10000, "nearest end"),
    ({"m": ["3", "30"]}, "m", 30, "2 times"),
    ({"m": "9" * 400}, "m", 10, "too long"),
    ({"k": "[x](javascript:alert(1))", "m": "**49**"}, "m", 10, "not a number"),
    ({"agg": "max"}, "agg", "mean", "neither"),
    ({"agg": "<b>x</b>"}, "agg", "mean", "neither"),
    ({"agg": ""}, "agg", "mean", "neither"),
    ({"agg": "MEAN2"}, "agg", "mean", "neither"),
]


@pytest.mark.parametrize(("query", "key", "value", "says"), DEFENSES_HOSTILE, ids=str)
def test_the_defenses_settings_get_the_nearest_stop_and_a_plain_note(query, key, value, says):
    lists = {name: raw if isinstance(raw, list) else [raw] for name, raw in query.items()}
    resolution = resolve("defenses", lists, {PAGE: "defenses"})
    assert resolution.values[key] == value
    assert any(says in note for note in resolution.notes), resolution.notes
    assert not set("<>[]()`*_:\\") & set(" ".join(resolution.notes))
    assert key not in resolution.address or len(resolution.address[key]) == 1


def test_html_in_a_value_is_never_repeated_and_unknown_keys_are_kept():
    query = {"beta": ["<script>alert(1)</script>"], "utm_source": ["<b>x</b>"]}
    resolution = resolve("kl-penalty", query, {PAGE: "kl-penalty"})
    assert resolution.values["beta"] == 4.0
    assert not re.search(r"[<>]", " ".join(resolution.notes))
    assert resolution.address == {"utm_source": ["<b>x</b>"]}  # not the app's: left alone
    assert changes(query, resolution.address) == {"beta": None}


def test_a_usable_address_is_left_as_it_is():
    query = {"beta": ["0.6"], "b": ["0.2"], "sigma": ["0.5"]}
    resolution = resolve("kl-penalty", query, {PAGE: "kl-penalty"})
    assert changes(query, resolution.address) == {}
    assert resolution.widgets == ()
    assert (resolution.values["beta"], resolution.values["b"]) == (0.6, 0.2)


def test_a_corrected_address_is_not_corrected_again():
    first = resolve("best-of-n", {"n": ["1e99"]}, ON_PAGE)
    assert first.widgets == ("n",)
    again = resolve("best-of-n", {"n": ["1e99"]}, {**ON_PAGE, FIXED: first.attempt})
    assert again.notes == () and again.address == {"n": ["1e99"]}


def test_arriving_the_session_and_the_page_decide_what_the_address_leaves_out():
    session = {PAGE: "kl-penalty", LAST: {"b": 0.2, "beta": 0.6}}
    arrival = resolve("best-of-n", {}, session)
    assert arrival.address == {"b": ["0.2"]}  # carried; β is not Best-of-n's
    assert arrival.session["b"] == 0.2  # the widget takes it, not another page's leftover
    assert arrival.session[ARRIVAL] is None
    # The page's opening: both methods decline there.
    assert resolve("defenses", {}, session).address["sigma"] == ["0.5"]
    staying = resolve("best-of-n", {}, {**session, PAGE: "best-of-n"})
    assert staying.address == {} and staying.values["b"] == 0.0  # Back to a bare address


@pytest.mark.parametrize(
    ("previous", "query", "how"),
    [("lesson", {}, "lesson"), ("compare", {"n": ["49"]}, "link"), (None, {"x": ["1"]}, None)],
)
def test_arrival_says_how_the_page_was_reached(previous, query, how):
    assert resolve("best-of-n", query, {PAGE: previous}).session[ARRIVAL] == how


def test_presenter_mode_follows_the_lecturer_to_the_next_page_only():
    carried = resolve("best-of-n", {}, {PAGE: "playground", PRESENT: True})
    assert carried.address == {"present": ["1"]} and carried.values["present"] is True
    left = resolve("best-of-n", {}, {PAGE: "best-of-n", PRESENT: True})  # Back, same page
    assert left.values["present"] is False and left.session[PRESENT] is False
    for word, on in (("YES", True), (" on ", True), ("0", False), ("<b>1</b>", False)):
        assert resolve("poll", {"present": [word]}, {}, keys=()).values["present"] is on


def test_back_under_the_stage_asks_the_stage_to_follow():
    written = {"beta": "0.6", "n": None, "b": None, "sigma": None}
    session = {PAGE: "playground", WRITTEN: written, REQUEST: {"id": 3}, LAST: {"beta": 0.6}}
    same = resolve("playground", {"beta": ["0.6"]}, session, stage_keys=STAGE_KEYS)
    assert REQUEST not in same.session  # the address is the page's own
    back = resolve("playground", {"beta": ["0.3"]}, session, stage_keys=STAGE_KEYS)
    assert back.session[REQUEST] == {"id": 4, "beta": "0.3", "n": "1", "b": "0", "sigma": "0"}
    assert back.session[LAST]["beta"] == 0.3


def test_back_after_reveal_asks_the_stage_for_the_unrevealed_picture():
    guesses = {"predict": "1", "guess_beta": "1", "guess_n": "100"}
    session = {PAGE: "playground", WRITTEN: {**guesses, "revealed": "1"}, REQUEST: {"id": 8}}
    back = {key: [text] for key, text in guesses.items()}
    resolution = resolve("playground", back, session, stage_keys=STAGE_KEYS)
    assert resolution.session[REQUEST]["id"] == 9
    assert prediction(back) == {"on": True, "guess_beta": "1", "guess_n": "100"}
    revealed = resolve("playground", back | {"revealed": ["1"]}, session, stage_keys=STAGE_KEYS)
    assert REQUEST not in revealed.session


def test_the_pin_is_carried_like_a_setting_and_the_address_decides_it_after_back():
    pin, _ = parse_pin(["0.2_0.5_0.3_49"])
    kept = {PAGE: "lesson", PIN: {"id": 2, "pin": pin}}
    arrival = resolve("playground", {}, kept, stage_keys=STAGE_KEYS)
    assert arrival.address["pin"] == ["0.2_0.5_0.3_49"]
    assert arrival.session[PIN] == {"id": 3, "pin": pin}
    assert resolve("best-of-n", {}, kept).address == {}  # only the Playground has a pin
    on_page = {**kept, PAGE: "playground", PIN_WRITTEN: ["0.2_0.5_0.3_49"]}
    same = resolve("playground", {"pin": ["0.2_0.5_0.3_49"]}, on_page, stage_keys=STAGE_KEYS)
    assert PIN not in same.session and same.notes == ()
    back = resolve("playground", {}, on_page, stage_keys=STAGE_KEYS)  # Back to before pinning
    assert back.session[PIN] == {"id": 3, "pin": None} and "pin" not in back.address
    broken = resolve("playground", {"pin": ["1_<i>"]}, on_page, stage_keys=STAGE_KEYS)
    assert broken.session[PIN]["pin"] is None
    assert len(broken.notes) == 1 and "nothing is pinned" in broken.notes[0]


@pytest.mark.parametrize(
    ("query", "asked"),
    [
        ({}, {"on": False}),
        ({"predict": ["0"]}, {"on": False}),
        ({"predict": ["1", "0"]}, {"on": False}),  # repeated: the last value counts
        ({"predict": ["0", "1"]}, {"on": True}),
        # 65 characters that read as 49: longer than any value the app writes (64), so ignored
        ({"predict": ["1"], "guess_n": ["0" * 63 + "49"]}, {"on": True}),
        ({"predict": ["1"], "guess_n": ["0" * 62 + "49"]}, {"on": True, "guess_n": "49"}),
        ({"predict": ["1"], "revealed": ["1"]}, {"on": True}),  # nothing guessed to reveal
        ({"predict": ["1"], "guess_n": ["1e99"]}, {"on": True, "guess_n": "10000"}),
        ({"predict": ["1"], "guess_beta": ["abc"], "guess_n": ["nan"]}, {"on": True}),
        (
            {"predict": ["1"], "guess_beta": ["0.9", "1.1"], "revealed": ["1"]},
            {"on": True, "guess_beta": "1", "revealed": "1"},
        ),
    ],
)
def test_prediction_reads_guesses_at_their_nearest_stops(query, asked):
    assert prediction(query) == asked


def test_poll_identity_is_the_last_value_of_each():
    assert poll_identity({"lecturer": ["a", "b"], "room": ["K7QM2X"]}) == ("b", "K7QM2X")
    assert poll_identity({"beta": ["1"]}) == (None, None)


def test_the_lecturer_token_leaves_the_polls_address_for_the_session():
    """A projector shows the address to the room: the token goes to the session's memory (or,
    in a new session, comes from the device's cookie), never back into the address; a room in
    the address (a student's link) is a student, whatever the session keeps."""
    arrived = resolve("poll", {"lecturer": ["T0KEN"], "present": ["1"]}, {}, keys=())
    assert arrived.address == {"present": ["1"]}
    assert arrived.session[address.LECTURER] == "T0KEN"
    assert changes({"lecturer": ["T0KEN"], "present": ["1"]}, arrived.address) == {"lecturer": None}
    session = {PAGE: "poll", address.LECTURER: "T0KEN"}
    again = resolve("poll", {}, session, keys=(), lecturer_cookie="OTHER")
    assert address.LECTURER not in again.session and again.address == {}
    assert poll_identity({}, session) == ("T0KEN", None)
    assert poll_identity({"room": ["K7QM2X"]}, session) == (None, "K7QM2X")
    assert poll_identity({"lecturer": ["NEW"]}, session) == ("NEW", None)
    # A new session (a reload, another replica): the device's cookie stands in for the token.
    reopened = resolve("poll", {}, {}, keys=(), lecturer_cookie="T0KEN")
    assert reopened.session[address.LECTURER] == "T0KEN" and reopened.address == {}
    # Forgotten (New poll: ""), the cookie no longer opens anything; no cookie, no lecturer.
    forgotten = {address.LECTURER: ""}
    assert address.LECTURER not in resolve("poll", {}, forgotten, lecturer_cookie="T0KEN").session
    assert poll_identity({}, forgotten) == (None, None)
    assert address.LECTURER not in resolve("poll", {}, {}, keys=()).session
    # Other pages leave the parameter alone: it is the poll's.
    elsewhere = resolve("lesson", {"lecturer": ["T0KEN"]}, {}, lecturer_cookie="T0KEN")
    assert elsewhere.address["lecturer"] == ["T0KEN"]
    assert address.LECTURER not in elsewhere.session


def test_every_parameter_is_a_row_and_only_ui_state_touches_the_address():
    assert len(address.PARAMETERS) == len(set(address.PARAMETERS))  # no key in both tables
    assert set(address.PARAMETER_ROWS).isdisjoint(SETTINGS)
    readers = {
        str(path.relative_to(REPO_ROOT))
        for folder in ("ui", "pages")
        for path in (REPO_ROOT / folder).rglob("*.py")
        if "st.query_params" in path.read_text(encoding="utf-8")
    }
    assert readers == {"ui/state.py"}


# --- the language: ?lang=, carried by the session from page to page ---------------------------


def test_the_language_survives_a_page_switch_and_is_written_back():
    lang, language = address.LANG_KEY, address.LANGUAGE
    # ?lang=de on the Playground: German, kept as it is.
    code = choose_language(["de"], None, "en-US")
    assert code == "de"
    here = resolve("playground", {lang: ["de"]}, {language: code})
    assert here.address == {lang: ["de"]} and here.notes == ()
    # A page switch drops ?lang=: the session's language decides, and the address says it.
    code = choose_language([], code, "en-US")
    assert code == "de"
    there = resolve("best-of-n", {}, {PAGE: "playground", language: code})
    assert there.address == {lang: ["de"]}
    # English is left out unless asked for; the browser's locale decides a fresh session.
    assert resolve("best-of-n", {}, {language: "en"}).address == {}
    assert resolve("best-of-n", {lang: ["en"]}, {language: "en"}).address == {lang: ["en"]}
    assert choose_language([], None, "de-AT") == "de"
    assert choose_language([], None, None) == "en"
    assert choose_language(["de-CH"], "en", None) == "de"


def test_an_unknown_language_reads_in_the_nearest_with_a_note():
    lang, language = address.LANG_KEY, address.LANGUAGE
    code = choose_language(["xx"], None, None)
    assert code == "en"
    resolution = resolve("playground", {lang: ["xx"]}, {language: code})
    assert resolution.address == {} and len(resolution.notes) == 1
    assert "English" in resolution.notes[0]
    # In a German session, an unknown value is corrected to German (the session's).
    code = choose_language(["<b>xx</b>", "zz"], "de", None)
    assert code == "de"
    resolution = resolve("playground", {lang: ["zz"]}, {language: code})
    assert resolution.address == {lang: ["de"]} and "Deutsch" in resolution.notes[0]
    assert choose_language(["de" * 40], None, None) == "en"  # too long: not read
