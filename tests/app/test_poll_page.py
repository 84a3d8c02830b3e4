"""The Class poll page in AppTest, on a real SQLite file: the lecturer's and students' flows,
bad input from visitors, and a database that cannot be opened."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import poll_app
import pytest
import sqlalchemy as sa
from app_pages import APP
from poll_app import POLL_PAGE, assert_no_exception, open_poll, started, texts
from streamlit.testing.v1 import AppTest

from poll_data import location
from poll_data import store as poll_store
from ui import link_box
from ui.class_poll import identity as poll_identity

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens the poll in AppTest

poll_data_dir = poll_app.poll_data_dir  # autouse: a fresh SQLite file per test


def start_poll(*, b: float = 0.0, question: str = "best_of_n") -> tuple[AppTest, str, str]:
    """A lecturer starts a poll: (their AppTest, lecturer token, room code)."""
    lecturer = open_poll()
    if b:
        lecturer.select_slider(key="poll_b").set_value(b).run()
    lecturer.radio(key="poll_question").set_value(question).run()
    lecturer.button(key="poll_start").click().run()
    return started(lecturer)


def answer(room: str, guess: str, student: AppTest | None = None) -> AppTest:
    """A student (new, or the one given) sends a guess to the room."""
    student = student or open_poll({"room": room})
    student.text_input(key="poll_guess").set_value(guess)
    student.button(key="poll_send").click().run()
    assert_no_exception(student)
    return student


def shown_links(app: AppTest) -> list[str]:
    """The links the page offers to copy (ui/link_box.py)."""
    found = (link_box.link_in(element.proto.body) for element in app.get("html"))
    return [link for link in found if link is not None]


def histogram_total(app: AppTest) -> int:
    """The sum of the histogram's bars, read from the chart's plotly JSON."""
    spec = json.loads(app.get("plotly_chart")[0].proto.spec)
    bars = spec["data"][0]["y"]
    if isinstance(bars, dict):  # plotly 6 sends numpy arrays as typed base64
        bars = np.frombuffer(base64.b64decode(bars["bdata"]), dtype=bars["dtype"])
    return int(np.sum(bars))


def test_the_start_screen_offers_to_start_or_join(poll_data_dir):
    app = open_poll()
    assert_no_exception(app)
    assert app.title[0].value == "Class poll"
    assert app.button(key="poll_start").label == "Start a poll"
    assert app.text_input(key="poll_room").label == "Room code"
    assert (poll_data_dir / location.SQLITE_FILE).exists(), "made on first use"


def test_a_whole_poll_lecturer_and_students(poll_data_dir):
    lecturer, token, room = start_poll()
    assert lecturer.get("image"), "the QR code of the join link"
    assert f"?room={room}" in shown_links(lecturer)[0]
    assert lecturer.metric[0].value == "0"
    for guess in ("20", "49", "100"):
        answer(room, guess)
    changer = answer(room, "3")
    answer(room, "30", student=changer)  # a changed mind replaces the guess
    assert "replaced your earlier one" in texts(changer.success)
    lecturer.run()
    assert lecturer.metric[0].value == "4"
    assert histogram_total(lecturer) == 4
    assert "4 answers: median guess n = 40" in texts(lecturer.caption)
    lecturer.button(key="poll_reveal").click().run()
    assert "True quality peaks at n = 49" in texts(lecturer.markdown)
    spec = json.loads(lecturer.get("plotly_chart")[0].proto.spec)
    assert [trace.get("name") for trace in spec["data"]] == [
        "guesses",
        "true quality",
        "reward model",
    ]
    late = open_poll({"room": room})  # drawn while the poll is open, sent once it is closed
    late.text_input(key="poll_guess").set_value("60")
    lecturer.button(key="poll_close").click().run()
    assert lecturer.metric[0].label == "Answers (poll closed)"
    late.button(key="poll_send").click().run()
    assert_no_exception(late)
    # Said once (the status line), not again as a refusal; the form stays, disabled.
    assert texts(late.info).count("This poll is closed: it takes no more answers.") == 1
    assert "closed" not in texts(late.warning)
    assert late.text_input(key="poll_guess").disabled
    assert late.button(key="poll_send").disabled
    changer.run()
    assert "true quality peaks at **n = 49**" in texts(changer.success)
    assert "off by a factor of 1.6" in texts(changer.success)
    lecturer.run()
    assert lecturer.metric[0].value == "4"


def query_value(app: AppTest, key: str) -> str | None:
    value = app.query_params.get(key)
    return value[0] if isinstance(value, list) else value


def test_a_copied_student_link_does_not_vote_as_the_student_who_sent_it(poll_data_dir):
    # The id the poll trusts comes from the device's signed cookie (tests/browser) or, with
    # no cookie, from the session: never from the address, which anyone can copy.
    lecturer, _, room = start_poll()
    first_tab = answer(room, "20")
    ident = first_tab.session_state[poll_identity.STUDENT_KEY]
    assert query_value(first_tab, "student") is None, "no id in the address to copy"
    copied = answer(room, "35", student=open_poll({"room": room, "student": ident}))
    assert "Your guess n = 35 is in." in texts(copied.success)
    assert query_value(copied, "student") is None, "an old link's id is dropped"
    lecturer.run()
    assert lecturer.metric[0].value == "2"
    assert "2 answers: median guess n = 28, from n = 20 to n = 35" in texts(lecturer.caption)


@pytest.mark.parametrize("forged", ["x", "<script>alert(1)</script>", "y" * 200, ""])
def test_a_forged_student_id_in_the_address_is_ignored(forged):
    lecturer, _, room = start_poll()
    student = answer(room, "20", student=open_poll({"room": room, "student": forged}))
    assert "Your guess n = 20 is in." in texts(student.success)
    assert query_value(student, "student") is None
    lecturer.run()
    assert lecturer.metric[0].value == "1"


@pytest.mark.parametrize(
    ("question", "typed", "said"),
    [
        ("best_of_n", "49.5", "Your guess n = 50 is in (49.5 rounded to a whole number)."),
        ("best_of_n", "1,000.2", "Your guess n = 1,000 is in (1,000.2 rounded to a whole number)."),
        ("kl", "0.333", "Your guess β = 0.33 is in (0.333 rounded to 2 decimals)."),
        ("best_of_n", "50", "Your guess n = 50 is in."),
    ],
)
def test_a_rounded_guess_says_so_in_one_sentence(question, typed, said):
    _lecturer, _token, room = start_poll(question=question)
    student = answer(room, typed)
    assert texts(student.success) == said


def test_a_beta_poll_asks_for_beta_and_reveals_beta_one():
    lecturer, _token, room = start_poll(question="kl")
    student = open_poll({"room": room})
    assert student.text_input(key="poll_guess").label == "Your guess: β ="
    assert "weaker leash" in texts(student.caption)
    answer(room, "0.5", student=student)
    assert "Your guess β = 0.5 is in." in texts(student.success)
    lecturer.run()
    lecturer.button(key="poll_reveal").click().run()
    assert "True quality peaks at β = 1." in texts(lecturer.markdown)
    student.run()
    assert "off by a factor of 2.0" in texts(student.success)


@pytest.mark.parametrize(
    ("guess", "message"),
    [
        ("fifty", "not a number"),
        ("nan", "not a finite number"),
        ("0", "from 1 to 10,000"),
        ("<b>50</b>", "not a number"),
        # The text box keeps its first 32 characters (max_chars): still not a number.
        ("x" * 10_240, "not a number"),
    ],
    ids=lambda value: str(value)[:12],
)
def test_a_bad_guess_gets_a_plain_message_and_is_not_counted(guess, message):
    lecturer, _token, room = start_poll()
    student = answer(room, guess)
    assert message in texts(student.warning)
    assert not student.get("html") or all("<b>50" not in h.proto.body for h in student.get("html"))
    lecturer.run()
    assert lecturer.metric[0].value == "0"


@pytest.mark.parametrize(
    "room", ["ZZZZZZ", "<script>alert(1)</script>", "x" * 10_240, ""], ids=lambda v: v[:12]
)
def test_an_unknown_or_malformed_room_gets_a_plain_message(room):
    start_poll()
    student = open_poll({"room": room})
    assert_no_exception(student)
    shown = texts(student.warning)
    assert "No open poll has the room code ZZZZZZ" in shown or "not a room code" in shown
    assert not student.get("text_input") or student.text_input[0].key != "poll_guess"


@pytest.mark.parametrize("make_link", [lambda token, room: room, lambda token, room: token[:-2]])
def test_only_the_lecturers_own_token_opens_the_controls(make_link):
    _lecturer, token, room = start_poll()
    visitor = open_poll({"lecturer": make_link(token, room)})
    assert_no_exception(visitor)
    assert "belongs to no poll" in texts(visitor.warning) or "not valid" in texts(visitor.warning)
    keys = {button.key for button in visitor.button}
    assert not keys & {"poll_reveal", "poll_close"}


def test_the_lecturer_link_opens_the_controls_once_and_leaves_the_address():
    """The lecturer's link, opened on their own device: the controls, with the token gone
    from the address (a projector shows it to the room) and kept by the session across reruns
    and a trip to another page; New poll forgets it. A student's tab never gets the controls,
    with or without a room code."""
    _lecturer, token, room = start_poll()
    device = open_poll({"lecturer": token, "present": "1"})
    assert_no_exception(device)
    controls = {"poll_reveal", "poll_close", "poll_new"}
    assert controls <= {button.key for button in device.button}
    assert dict(device.query_params) in ({"present": "1"}, {"present": ["1"]})
    device.run()
    device.switch_page("pages/lesson.py").run()
    device.switch_page(POLL_PAGE).run()
    assert_no_exception(device)
    assert "lecturer" not in device.query_params
    assert controls <= {button.key for button in device.button}
    assert f"Room code: `{room}`" in texts(device.markdown)
    device.button(key="poll_new").click().run()
    assert_no_exception(device)
    assert not controls & {button.key for button in device.button}
    device.run()
    assert device.button(key="poll_start").label == "Start a poll"
    for student in (open_poll({"room": room}), open_poll()):
        assert_no_exception(student)
        assert not controls & {button.key for button in student.button}


def test_joining_by_typing_the_room_code_opens_the_question():
    _lecturer, _token, room = start_poll()
    student = open_poll()
    student.text_input(key="poll_room").set_value(room.lower())
    student.button(key="poll_join_button").click().run()
    assert_no_exception(student)
    assert student.query_params["room"] in (room, [room])
    assert f"Room {room}." in texts(student.markdown)


def test_a_database_that_cannot_be_opened_gives_a_plain_message_and_the_app_works(
    monkeypatch, tmp_path
):
    monkeypatch.setenv(
        location.DATABASE_URL_ENV, f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}"
    )
    app = open_poll()
    assert_no_exception(app)
    assert "cannot be reached right now" in texts(app.warning)
    app.switch_page("pages/lesson.py").run()
    assert_no_exception(app)
    assert app.title[0].value == "The lesson in plain words"


def test_the_start_screens_b_and_sigma_are_the_tables_rows_outside_the_address():
    """Built by sliders.slider from the b and σ rows (label, stops as the URL writes them, the
    hint under each), under the poll's own keys; moving them writes nothing in the address,
    which a started poll replaces with its lecturer token."""
    lecturer = open_poll()
    assert_no_exception(lecturer)
    b_slider = lecturer.select_slider(key="poll_b")
    assert b_slider.label == "b · padding penalty learned"
    assert b_slider.options[:3] == ["0", "0.05", "0.1"]  # as every slider writes its stops
    assert lecturer.select_slider(key="poll_sigma").label == "σ · other reward-model errors"
    hints = texts(lecturer.caption)
    assert "Share of the padding penalty the reward model learned: 0 none, 1 all." in hints
    assert "Size of the reward model's other, unmapped errors: 0 none." in hints
    lecturer.select_slider(key="poll_sigma").set_value(0.5).run()
    lecturer.select_slider(key="poll_b").set_value(0.2).run()
    assert dict(lecturer.query_params) == {}
    lecturer.button(key="poll_start").click().run()
    assert_no_exception(lecturer)
    assert list(lecturer.query_params) == []  # the token is the session's (poll_app.started)
    assert "(b = 0.2, σ = 0.5)" in texts(lecturer.markdown)


# Opens the poll page as a test does, then keeps Streamlit's resource cache and its connection
# module alive past the interpreter's last garbage collection, as a long pytest run (2,700 tests)
# does: their globals are then torn down one module at a time, and a connection still cached
# would call into a torn-down module from BaseConnection.__del__.
OPEN_THE_POLL_AND_EXIT = f"""
import sys
from streamlit.testing.v1 import AppTest
app = AppTest.from_file({APP!r}, default_timeout=60).run().switch_page({POLL_PAGE!r}).run()
assert not app.exception and app.button(key="poll_start")
import streamlit.connections.base_connection
sys.kept_to_the_end = [sys.modules["streamlit.runtime.caching.cache_resource_api"],
                       sys.modules["streamlit.connections.base_connection"]]
"""


def test_a_process_that_opened_the_poll_exits_without_a_stack_trace(poll_data_dir):
    """A passing `make test` ended with "Exception ignored in BaseConnection.__del__ ...
    'NoneType' object has no attribute 'file_change_listener'": the poll's connection outlived
    Streamlit's modules. The poll now drops it at exit (ui/class_poll/db.py)."""
    done = subprocess.run(
        [sys.executable, "-c", OPEN_THE_POLL_AND_EXIT],
        cwd=Path(APP).parent,
        env=dict(os.environ, **{location.DATA_DIR_ENV: str(poll_data_dir)}),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert (poll_data_dir / location.SQLITE_FILE).is_file()  # it did open the database
    assert "Exception ignored" not in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_past_the_sites_cap_on_rooms_a_minute_start_says_to_wait_and_opens_nothing(poll_data_dir):
    app = open_poll()  # makes the database
    engine = sa.create_engine(f"sqlite:///{poll_data_dir / location.SQLITE_FILE}")
    for i in range(poll_store.ROOMS_PER_MINUTE):
        poll_store.start_poll(engine, b=0.0, sigma=0.0, opener=f"device-{i:016d}")
    app.button(key="poll_start").click().run()
    assert_no_exception(app)
    assert "rooms were opened on this site in the last minute" in texts(app.warning)
    assert "lecturer" not in app.query_params, "no room was opened, so no lecturer's link"
    with engine.connect() as connection:
        rooms = connection.execute(sa.select(sa.func.count()).select_from(poll_store.polls))
        assert rooms.scalar_one() == poll_store.ROOMS_PER_MINUTE
