"""The address bar, resolved in one pure function: every parameter the app reads, and what a
page makes of an address, its session's memory and the page it is on.

The settings table (``ui.settings``) has a row for every setting; this module has a row for
every other parameter (presenter mode, predict-then-reveal and its guesses, the pin, the class
poll's lecturer token and room code), so ``PARAMETERS`` names every key the app reads from an
address. :func:`resolve` takes (page, query, session) as plain dicts and gives the page's
usable values, the notes for the reader, the address as it should read and the session's new
memory; ``ui.state`` reads the address bar and the session state, calls it and writes
back. No Streamlit here, so tests feed it any address (``?beta=abc``, ``?n=1e99``, a repeated
key, HTML).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from common import i18n
from common.i18n import tr
from ui.language_url import LANG_KEY, LanguageRow
from ui.pin_url import PIN_KEY, Pin, parse_pin
from ui.rows import Seed
from ui.settings import KEYS, PAGE_OPENINGS, PAGES, PRESENT_KEY, SETTINGS, STAGE_KEYS, keys_for
from ui.url_values import MAX_URL_VALUE, nearest_stop

# --- the rows: every parameter that is not a setting ------------------------------------


@dataclass(frozen=True)
class Flag:
    """A parameter that is on or off: ``?present=1``. Only the words in ``on`` turn it on."""

    key: str  # the URL parameter
    meaning: str  # what it turns on
    pages: tuple[str, ...]  # the pages that read it
    on: tuple[str, ...] = ("1",)  # what the address may say (spaces and letter case forgiven)

    def parse(self, raw_values: Sequence[str]) -> bool:
        """Whether the address turns it on (the last of repeated values counts)."""
        return bool(raw_values) and raw_values[-1].strip().lower() in self.on

    def url_text(self, on: bool) -> str | None:
        """How the address writes it: "1", or None (left out) when off."""
        return "1" if on else None


@dataclass(frozen=True)
class Guess:
    """A guess of where a method peaks (predict-then-reveal): a stop of setting ``setting``."""

    key: str  # the URL parameter: guess_beta, guess_n
    setting: str  # the settings-table row whose stops it takes
    pages: tuple[str, ...]

    def parse(self, raw_values: Sequence[str]) -> float | None:
        """The nearest stop to the guess, or None when there is no number (no note: a guess
        is the reader's own, and the panel shows it)."""
        if not raw_values or len(raw_values[-1]) > MAX_URL_VALUE:
            return None
        try:
            number = float(raw_values[-1])
        except ValueError:
            return None
        return None if math.isnan(number) else nearest_stop(SETTINGS[self.setting], number)

    def url_text(self, value: float) -> str:
        return SETTINGS[self.setting].url_text(value)


@dataclass(frozen=True)
class Token:
    """Text another module checks (the class poll's lecturer token, a room code)."""

    key: str
    meaning: str
    pages: tuple[str, ...]

    def parse(self, raw_values: Sequence[str]) -> str | None:
        """The last value the address gives (None: none); the poll checks it, shows none of it."""
        return raw_values[-1] if raw_values else None


@dataclass(frozen=True)
class PinRow:
    """The stage's pin, ``?pin=b_σ_β_n`` (its URL form in ``ui.pin_url``)."""

    key: str
    pages: tuple[str, ...]

    def parse(self, raw_values: Sequence[str]) -> tuple[Pin | None, str | None]:
        """The pin asked for (None: nothing pinned) and a plain note if it was not usable."""
        return parse_pin(list(raw_values))


PREDICT_KEY = "predict"  # ?predict=1 hides true quality until a guess is revealed
REVEALED_KEY = "revealed"  # ?revealed=1: the guesses were revealed
GUESS_KEYS = ("beta", "n")  # predict-then-reveal: a guess of where each method peaks
LECTURER_KEY = "lecturer"  # the class poll's lecturer link: ?lecturer=TOKEN
ROOM_KEY = "room"  # a student's join link: ?room=CODE
OLD_STUDENT_KEY = "student"  # a student's id in old poll links: dropped, never trusted
ASK_KEY = "ask"  # the Playground's "Ask the room": ?ask=STEP (and beta, n, b, sigma)
PRESENT_ON = ("1", "true", "yes", "on")  # what ?present= may say to turn presenter mode on
ROWS: tuple[Flag | Guess | Token | PinRow | LanguageRow, ...] = (
    LanguageRow(LANG_KEY, pages=PAGES),
    Flag(PRESENT_KEY, "presenter mode: large type, fewer words", pages=PAGES, on=PRESENT_ON),
    Flag(PREDICT_KEY, "predict-then-reveal: true quality hidden", pages=("playground",)),
    *(Guess(f"guess_{key}", key, pages=("playground",)) for key in GUESS_KEYS),
    Flag(REVEALED_KEY, "the guesses revealed", pages=("playground",)),
    PinRow(PIN_KEY, pages=("playground",)),
    Token(LECTURER_KEY, "the lecturer's own link to a poll", pages=("poll",)),
    Token(ROOM_KEY, "a student's link into a poll", pages=("poll",)),
    Token(OLD_STUDENT_KEY, "dropped: the device cookie says who a student is", pages=("poll",)),
    Token(ASK_KEY, "a story step's question to ask (ui.class_poll.ask_url)", pages=("poll",)),
)
PARAMETER_ROWS = {row.key: row for row in ROWS}  # rows by key
PARAMETERS = (*SETTINGS, *PARAMETER_ROWS)  # every key the app reads from an address
PREDICTION_KEYS = (PREDICT_KEY, *(f"guess_{key}" for key in GUESS_KEYS), REVEALED_KEY)


def ask_query(step: int, values: Mapping[str, float]) -> dict[str, str]:
    """The class poll's parameters that ask the room story step ``step``'s question (0-based,
    as ui.story_steps.PRESETS counts) at ``values``: ?ask=4&beta=0.3&n=590&b=0.2&sigma=0, as
    ui.class_poll.ask_url reads it. Every stage setting is written, so the question is asked
    at the step's picture whatever the reader's session holds."""
    return {ASK_KEY: str(step + 1)} | {
        key: SETTINGS[key].url_text(values[key]) for key in STAGE_KEYS
    }


# --- the session's memory, as resolve reads and writes it (``st.session_state`` keys) --------

PAGE = "_page"  # the page that last settled the address (to notice arrivals)
ARRIVAL = "_arrival"  # how the session came to this page ("lesson", "link" or None)
LAST = "_last_settings"  # the latest value of each setting, carried across pages
WRITTEN = "_stage_url"  # the stage's parameters as the page last wrote them
FIXED = "_url_fixed"  # the address this session last corrected (stops loops)
REQUEST = "_stage_request"  # where Python last asked the stage to move
PRESENT = "_present"  # presenter mode is on (carried from page to page)
PIN = "_pin"  # the stage's pin: {"id": times the address set it, "pin": Pin | None}
PIN_WRITTEN = "_pin_written"  # the pin's URL values as the page last wrote them
# The class poll's lecturer token, out of the address (which a projector shows the room):
# "" once forgotten (New poll), so the device's cookie no longer stands in for it.
LECTURER = "_lecturer"
# The language this session reads in: ui.language.settle writes it first on every run (from
# choose_language), resolve reads it back into the address; the only place it is kept.
LANGUAGE = "_language"
MEMORY = (
    LANGUAGE,
    PAGE,
    ARRIVAL,
    LAST,
    WRITTEN,
    FIXED,
    REQUEST,
    PRESENT,
    PIN,
    PIN_WRITTEN,
    LECTURER,
)

Query = Mapping[str, Sequence[str]]  # every value of every key, as the address has them


@dataclass(frozen=True)
class Resolution:
    """What a page makes of an address.

    ``values``: each setting of the page at its usable value, and ``present`` (bool).
    ``notes``: plain sentences for the reader about values that were not usable.
    ``address``: the query as it should read (every value of every key; others kept as they
    were). ``session``: the session's memory to update (``MEMORY`` keys, and widget keys whose
    value the address decides). ``widgets``: settings whose widget takes the value if the
    address cannot be written (a slider already owns it). ``attempt``: the address as given,
    remembered under ``FIXED`` once corrected, so the same address is never corrected twice.
    """

    values: dict[str, object]
    notes: tuple[str, ...]
    address: dict[str, list[str]]
    session: dict[str, object] = field(default_factory=dict)
    widgets: tuple[str, ...] = ()
    attempt: tuple = ()


def resolve(
    page: str,
    query: Query,
    session: Mapping[str, object],
    *,
    keys: Iterable[str] | None = None,
    stage_keys: Iterable[str] = (),
    lecturer_cookie: str | None = None,
) -> Resolution:
    """Resolve ``page``'s address: the usable value of each setting, notes, the corrected
    address and the session's new memory.

    ``keys``: the page's settings (default: the table's rows that list ``page``);
    ``stage_keys``: settings moved without a Streamlit slider (the Playground's stage), which
    the address sets on arrival and after Back or Forward (then the stage is asked to move:
    a new ``REQUEST``). A value that is not a stop or an option (``?n=1e99``, ``?agg=max``, a
    repeated key, a seed out of range) becomes the nearest valid one, or the default, with a
    note. Arriving on a page, a setting the address leaves out takes the session's latest
    value, or the page's opening value while that is the default (``_lecturer``: the token).
    """
    keys, stage_keys = keys_for(page) if keys is None else tuple(keys), tuple(stage_keys)
    address = {key: list(values) for key, values in query.items() if values}
    entering = session.get(PAGE) != page
    memory = _arrive(page, address, session, lecturer_cookie)
    attempt = tuple((key, tuple(address.get(key, ()))) for key in keys)
    last = dict(session.get(LAST) or {})
    values: dict[str, object] = {"present": memory[PRESENT]}
    pin_notes = _language(address, session) + _pin(page, address, session, memory)
    if session.get(FIXED) == attempt:  # this very address was corrected on the last run
        values |= {key: last.get(key, SETTINGS[key].default) for key in keys}
        return Resolution(values, tuple(pin_notes), address, memory, attempt=attempt)
    notes: list[str] = []
    written = session.get(WRITTEN) or {}
    moved_by_address = False
    widgets = []
    for key in keys:
        row = SETTINGS[key]
        raw_values = list(address.get(key, ()))
        value, note, text = _setting(row, raw_values, page, last if entering else None)
        notes += [note] if note else []
        address[key] = [] if text is None else [text]  # [] : left out
        if address[key] != raw_values:
            widgets.append(key)  # if a slider owns the parameter, the slider takes the value
        values[key] = value
        if key in stage_keys:
            # Arriving, or the address changed under the page (Back, Forward): the address
            # decides, and the stage is asked to follow.
            if entering or (key in written and written[key] != _last_value(address, key)):
                last[key] = value
                moved_by_address = True
        elif entering and not isinstance(row, Seed):  # no widget holds a seed
            # Arriving, the address (or the session's last value) decides, never what another
            # page's widget left under the same key.
            memory[key] = value
    memory[LAST] = last
    notes += pin_notes
    if stage_keys and (entering or moved_by_address or _prediction_moved(written, address)):
        memory[REQUEST] = stage_move(session.get(REQUEST), last)
    address = {key: texts for key, texts in address.items() if texts}
    return Resolution(values, tuple(notes), address, memory, tuple(widgets), attempt)


def _arrive(
    page: str, address: dict[str, list[str]], session: Mapping, lecturer_cookie: str | None
) -> dict[str, object]:
    """The session's memory of the page, how it was reached, presenter mode and the lecturer
    token; ``address`` gets ``present=1`` when presenter mode carries over."""
    previous_page = session.get(PAGE)
    memory: dict[str, object] = {PAGE: page}
    if previous_page != page:
        linked = any(key in address for key in KEYS)
        memory[ARRIVAL] = "lesson" if previous_page == "lesson" else "link" if linked else None
        # Presenter mode follows the lecturer like a setting: arriving on a page whose
        # address leaves it out, it stays on (and the address says so).
        if PRESENT_KEY not in address and session.get(PRESENT):
            address[PRESENT_KEY] = ["1"]
    memory[PRESENT] = PARAMETER_ROWS[PRESENT_KEY].parse(address.get(PRESENT_KEY, ()))
    _lecturer(page, address, session, memory, lecturer_cookie)
    return memory


def _language(address: dict[str, list[str]], session: Mapping) -> list[str]:
    """Write the session's language (``LANGUAGE``, chosen this run) into ``address``: left out
    when English unless the address asked for it ("en"), so a page switch, which drops it,
    gets it back; a value that names no offered language gets a note."""
    code = session.get(LANGUAGE) or i18n.ENGLISH
    raw_values = address.get(LANG_KEY, [])
    if raw_values == [code]:
        return []
    address.pop(LANG_KEY, None)
    if code != i18n.ENGLISH:
        address[LANG_KEY] = [code]
    if not raw_values or PARAMETER_ROWS[LANG_KEY].parse(raw_values) is not None:
        return []
    return [
        tr(
            "The address asks for a language this app does not have: it reads in {language}.",
            language=i18n.LANGUAGES[code],
        )
    ]


def _lecturer(
    page: str, address: dict[str, list[str]], session: Mapping, memory: dict, cookie: str | None
) -> None:
    """Take a lecturer token out of ``address`` into ``memory[LECTURER]`` on the class poll
    (a projector shows its address to the room); without one, a session that never had one
    takes the device's ``cookie``. The poll checks the token before it opens anything."""
    row = PARAMETER_ROWS[LECTURER_KEY]
    if page not in row.pages:
        return
    given = row.parse(address.pop(LECTURER_KEY, ()))
    if given is not None:
        memory[LECTURER] = given
    elif LECTURER not in session and cookie:
        memory[LECTURER] = cookie


def _pin(page: str, address: dict[str, list[str]], session: Mapping, memory: dict) -> list[str]:
    """The pin, like a setting's value: arriving on ``page`` whose address has none, the
    session's pin goes back into ``address``; an address pin that is not what the page last
    wrote (a link, Back, Forward) decides, and an unusable one pins nothing, with a note. A
    pin the address sets gets a new ``id`` in ``memory[PIN]``, so the stage draws it."""
    if page not in PARAMETER_ROWS[PIN_KEY].pages:
        return []
    asked = session.get(PIN) or {"id": 0, "pin": None}
    kept, written = asked["pin"], session.get(PIN_WRITTEN, ())
    if kept is not None and PIN_KEY not in address and session.get(PAGE) != page:
        address[PIN_KEY] = memory[PIN_WRITTEN] = [kept.url_form()]
        memory[PIN] = {"id": asked["id"] + 1, "pin": kept}
        return []
    raw_values = address.get(PIN_KEY, [])
    if written != () and raw_values == list(written):
        return []
    pin, note = PARAMETER_ROWS[PIN_KEY].parse(raw_values)
    memory[PIN] = {"id": asked["id"] + 1, "pin": pin}
    return [note] if note else []


def _prediction_moved(written: Mapping, address: Mapping[str, list[str]]) -> bool:
    """Whether the address's prediction differs from what the page wrote: Back or Forward
    (after Reveal, to the unrevealed one), so the stage is asked again and takes it."""
    prediction_written = {key: written[key] for key in PREDICTION_KEYS if key in written}
    return any(_last_value(address, key) != text for key, text in prediction_written.items())


def _last_value(address: Mapping[str, list[str]], key: str) -> str | None:
    return (address.get(key) or [None])[-1]


def _setting(row, raw_values: list[str], page: str, carried: Mapping | None):
    """One setting's usable value, a note if the address's was not usable, and its URL text
    in the corrected address (None: left out). ``carried``: the session's latest values
    when arriving on ``page`` (a setting the address leaves out takes them)."""
    if not raw_values:
        value = row.default
        if carried is not None:
            value = carried.get(row.key, row.default)
            if value == row.default:
                value = PAGE_OPENINGS.get(page, {}).get(row.key, row.default)
        return value, None, None if value == row.default else row.url_text(value)
    value, note = row.parse(raw_values)
    if value is not None and raw_values == [row.url_text(value)]:  # None: no seed
        return value, note, raw_values[0]
    return value, note, None if value == row.default else row.url_text(value)


def stage_move(previous: Mapping | None, last: Mapping[str, object]) -> dict:
    """A new request for the stage: the next ``id`` and the stage's four settings as URL
    text, at the session's latest values ``last`` (defaults for the others)."""
    request = {"id": (previous or {}).get("id", 0) + 1}
    for key in STAGE_KEYS:
        request[key] = SETTINGS[key].url_text(last.get(key, SETTINGS[key].default))
    return request


def changes(query: Query, address: Mapping[str, Sequence[str]]) -> dict[str, str | None]:
    """The parameters to write so that ``query`` reads as ``address``: the last value of each
    that differs, None for each to drop."""
    wanted = {key: list(values)[-1] for key, values in address.items() if values}
    dropped = {key: None for key in query if query[key] and key not in wanted}
    return {
        key: text for key, text in wanted.items() if list(query.get(key, ())) != [text]
    } | dropped


def prediction(query: Query) -> dict:
    """Predict-then-reveal as the address asks for it: {"on": False}, or {"on": True} with
    each guess (URL text of its stop) and "revealed": "1" when there is a guess to reveal."""
    if not PARAMETER_ROWS[PREDICT_KEY].parse(query.get(PREDICT_KEY, ())):
        return {"on": False}
    asked: dict = {"on": True}
    for key in GUESS_KEYS:
        row = PARAMETER_ROWS[f"guess_{key}"]
        guess = row.parse(query.get(row.key, ()))
        if guess is not None:
            asked[row.key] = row.url_text(guess)
    if len(asked) > 1 and PARAMETER_ROWS[REVEALED_KEY].parse(query.get(REVEALED_KEY, ())):
        asked[REVEALED_KEY] = "1"
    return asked


def poll_identity(
    query: Query, session: Mapping[str, object] | None = None
) -> tuple[str | None, str | None]:
    """Who is here on the class poll: (lecturer token, room code), None each when absent
    (the poll checks them; nothing of them is shown). The address's token first, then, unless
    the address names a room (a student's link), the one the session keeps (``LECTURER``)."""
    token = PARAMETER_ROWS[LECTURER_KEY].parse(query.get(LECTURER_KEY, ()))
    room = PARAMETER_ROWS[ROOM_KEY].parse(query.get(ROOM_KEY, ()))
    if token is None and room is None:
        token = (session or {}).get(LECTURER) or None
    return token, room
