"""The class poll's phone screens in German (``?lang=de``), in AppTest on a real SQLite file:
the room-code entry, a vote in each kind of poll, the rating count, a closed poll. Each test
finds the German words and not the English ones (English is tested in test_poll_*page.py)."""

from __future__ import annotations

import poll_app
import pytest
from poll_app import assert_no_exception, open_poll, started, texts
from streamlit.testing.v1 import AppTest

from common import i18n
from ui import step_questions
from ui.class_poll import step_text
from ui.story_steps import PRESETS

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens the poll in AppTest

poll_data_dir = poll_app.poll_data_dir  # autouse: a fresh SQLite file per test
GERMAN = {"lang": "de"}


def phone(room: str) -> AppTest:
    """A student's phone that reads German, open on ``room``."""
    app = open_poll({"room": room, **GERMAN})
    assert_no_exception(app)
    return app


def everything(app: AppTest) -> str:
    """Every text the page shows: Markdown, captions, notes, labels of buttons and inputs."""
    parts = [app.markdown, app.caption, app.success, app.info, app.warning, app.header]
    labels = [button.label for button in app.button] + [box.label for box in app.text_input]
    return "\n".join([*(texts(part) for part in parts), *labels])


def test_the_room_code_entry_in_german():
    app = open_poll(GERMAN)
    assert_no_exception(app)
    assert app.text_input(key="poll_room").label == "Raumcode"
    assert app.text_input(key="poll_room").placeholder == "z. B. K7QM2X"
    assert "Studierende: einer Umfrage beitreten" in texts(app.header)
    assert app.button(key="poll_join_button").label == "Beitreten"
    # The lecturers' half of the same screen (a phone shows it under the room-code box).
    assert app.title[0].value == "Umfrage im Hörsaal"
    assert "Lehrende: eine Umfrage starten" in texts(app.header)
    assert app.radio(key="poll_kind").label == "Art der Umfrage"
    assert app.button(key="poll_start").label == "Umfrage starten"
    assert "Start a poll" not in everything(app) and "Students:" not in everything(app)
    # AppTest reads a radio's value back through its format_func in this thread, where no
    # session says German: the test reads in German too, as the page's own run does.
    with i18n.using("de"):
        app.text_input(key="poll_room").set_value("0O1").run()
        app.button(key="poll_join_button").click().run()
    said = texts(app.warning)
    assert "Das ist kein Raumcode: Ein Raumcode hat 6 Buchstaben und Ziffern." in said
    assert "That is not a room code" not in said


def test_an_unknown_room_in_german():
    app = phone("ABCDEF")
    said = texts(app.warning)
    assert "Keine offene Umfrage hat den Raumcode ABCDEF." in said
    assert "No open poll" not in said
    assert app.button(key="poll_back").label == "Andere Umfrage starten oder ihr beitreten"


def test_a_guess_in_german():
    lecturer = open_poll()
    lecturer.button(key="poll_start").click().run()
    _, _, room = started(lecturer)
    student = phone(room)
    shown = everything(student)
    assert f"**Raum {room}.** Best-of-n: Wo erreicht die **wahre Qualität**" in shown
    assert "Geben Sie eine ganze Zahl von 1 bis 10\u202f000 ein." in shown
    assert student.text_input(key="poll_guess").label == "Ihr Tipp: n ="
    assert "Your guess" not in shown and "True quality is what" not in shown
    student.text_input(key="poll_guess").set_value("49.5")
    student.button(key="poll_send").click().run()
    assert_no_exception(student)
    said = texts(student.success)
    assert "Ihr Tipp n = 50 ist angekommen (49.5 gerundet auf eine ganze Zahl)." in said
    assert "Ihr Tipp: **n = 50**" in texts(student.markdown)
    lecturer.button(key="poll_reveal").click().run()
    lecturer.button(key="poll_close").click().run()
    student.run()
    shown = everything(student)
    assert "Diese Umfrage ist geschlossen: Sie nimmt keine Antworten mehr an." in shown
    assert "Die Auflösung: die wahre Qualität erreicht ihren Gipfel bei **n = 49**." in shown
    assert "The truth" not in shown and "This poll is closed" not in shown


def choice_button(app: AppTest, choice: int):
    (button,) = [b for b in app.button if b.key.startswith(f"rating_choice_{choice}_")]
    return button


def test_a_rating_and_its_count_in_german():
    lecturer = open_poll()
    lecturer.radio(key="poll_kind").set_value("rate").run()
    lecturer.selectbox(key="rating_seconds").set_value(6)
    lecturer.button(key="rating_start").click().run()
    _, _, room = started(lecturer)
    student = phone(room)
    shown = everything(student)
    labels = [b.label for b in student.button if b.key.startswith("rating_choice")]
    assert labels == ["Antwort A ist besser", "Antwort B ist besser", "Kann ich nicht sagen"]
    assert f"**Raum {room}.** Welche Antwort ist besser?" in shown
    assert "nur auf Englisch" in shown, "the sample answers are English, and it says so"
    assert "Sie haben 0 Paare bewertet. Schnellmodus: 6 Sekunden pro Paar." in shown
    choice_button(student, 0).click().run()
    assert_no_exception(student)
    assert "Gespeichert: die erste Antwort. Hier ist das nächste Paar." in texts(student.success)
    assert "Sie haben 1 Paar bewertet." in texts(student.caption)
    choice_button(student, 2).click().run()
    assert "Gespeichert: kann ich nicht sagen." in texts(student.success)
    assert "Sie haben 2 Paare bewertet." in texts(student.caption)
    lecturer.button(key="poll_close").click().run()
    student.run()
    shown = everything(student)
    assert "Diese Umfrage ist geschlossen: Sie nimmt keine Bewertungen mehr an." in shown
    for english in (
        "Answer A is better",
        "You have rated",
        "Stored:",
        "Quick mode",
        "Which answer",
    ):
        assert english not in shown


def test_a_step_question_in_german():
    lecturer = open_poll()
    lecturer.radio(key="poll_kind").set_value("step").run()
    lecturer.selectbox(key="step_pick").set_value(3).run()
    lecturer.button(key="step_start").click().run()
    _, _, room = started(lecturer)
    with i18n.using("de"):
        question = step_questions.question(3, PRESETS[3].values)
    student = phone(room)
    assert question.prompt.startswith("Das Belohnungsmodell hat b = 0.2")
    assert question.prompt in texts(student.markdown)
    assert f"Raum {room} · Schritt 4 von 7" in texts(student.caption)
    labels = [student.button(key=f"step_choice_{index}").label for index in range(3)]
    assert labels == [step_text.choice_label(i, text) for i, text in enumerate(question.choices)]
    assert labels[0] == "A · Sie steigt weiter oder flacht ab"
    student.button(key="step_choice_0").click().run()
    assert_no_exception(student)
    said = texts(student.success)
    assert "Ihre Antwort A ist angekommen." in said and "Ihre Antwort: A · Sie steigt" in said
    lecturer.button(key="poll_reveal").click().run()
    student.run()
    said = texts(student.success)
    assert "Die richtige Antwort: A · Sie steigt weiter oder flacht ab. Sie lagen richtig." in said
    assert question.why in said and question.why.startswith("Die wahre Qualität von Best-of-n")
    shown = everything(student)
    for english in ("Your answer", "The right answer", "It keeps rising", "Room ", "Step 4"):
        assert english not in shown
