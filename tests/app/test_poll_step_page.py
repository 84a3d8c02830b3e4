"""A story step's question as a class poll, in AppTest on a real SQLite file: the lecturer's
start (on the start screen, and from the Playground's "Ask the room" link), the phones' buttons,
the projector's bars and Reveal, and bad ``?ask=`` addresses."""

from __future__ import annotations

from urllib.parse import parse_qsl

import poll_app
import pytest
from app_pages import open_page
from poll_app import assert_no_exception, open_poll, started, texts
from streamlit.testing.v1 import AppTest

from poll_data import step_polls
from poll_data import store as poll_store
from ui import step_questions
from ui.address import LECTURER
from ui.class_poll import ask_url, db, step_text, step_views
from ui.playground import story_bar
from ui.story_steps import PRESETS

poll_data_dir = poll_app.poll_data_dir  # autouse: a fresh SQLite file per test


def start_step_poll(step: int = 3, query: dict | None = None) -> tuple[AppTest, str, str]:
    """A lecturer asks the room step ``step``'s question: (their AppTest, token, room code)."""
    lecturer = open_poll(query)
    if query is None:
        lecturer.radio(key="poll_kind").set_value("step").run()
        lecturer.selectbox(key="step_pick").set_value(step).run()
    lecturer.button(key="step_start").click().run()
    return started(lecturer)


def tap(room: str, choice: int, phone: AppTest | None = None) -> AppTest:
    phone = phone or open_poll({"room": room})
    phone.button(key=f"step_choice_{choice}").click().run()
    assert_no_exception(phone)
    return phone


def stored_room(token: str) -> step_polls.StepRoom:
    engine = db.poll_engine()
    return step_polls.step_room(engine, poll_store.poll_for_lecturer(engine, token))


def bars(app: AppTest) -> str:
    """The projector's bars (their HTML)."""
    return "\n".join(
        element.proto.body for element in app.get("html") if "step-bars" in element.proto.body
    )


def test_a_whole_step_poll_lecturer_and_phones():
    lecturer, token, room = start_step_poll(3)
    question = step_questions.question(3, PRESETS[3].values)
    assert stored_room(token).values == dict(PRESETS[3].values)
    assert question.prompt in texts(lecturer.markdown)
    assert lecturer.metric[0].value == "0"
    phone = open_poll({"room": room})
    assert_no_exception(phone)
    labels = [phone.button(key=f"step_choice_{index}").label for index in range(3)]
    assert labels == [step_text.choice_label(i, text) for i, text in enumerate(question.choices)]
    tap(room, 0, phone)
    assert "Your answer A is in." in texts(phone.success)
    assert phone.button(key="step_choice_0").proto.type == "primary", "this phone's answer shown"
    tap(room, 2, phone)  # a changed mind replaces the vote
    assert "Your answer C replaced A." in texts(phone.success)
    for choice in (2, 1, question.right):
        tap(room, choice)
    lecturer.run()
    assert lecturer.metric[0].value == "4"
    counts = [0, 0, 0]
    for choice in (2, 2, 1, question.right):
        counts[choice] += 1
    for count in counts:
        assert f"{step_text.count_text(count, 4)}</div>" in bars(lecturer)
    assert "✓ right" not in bars(lecturer), "nothing marked before Reveal"
    lecturer.button(key="poll_reveal").click().run()
    assert_no_exception(lecturer)
    assert step_text.right_sentence(question) in texts(lecturer.success)
    assert question.why in texts(lecturer.markdown)
    assert "✓ right" in bars(lecturer)
    link = lecturer.get("page_link")[0].proto
    assert link.label == "See step 4 on the Playground"
    assert dict(parse_qsl(link.query_string)) == ask_url.playground_query(PRESETS[3].values)
    lecturer.button(key="poll_close").click().run()
    assert lecturer.metric[0].label == "Answers (poll closed)"
    phone.run()
    assert phone.button(key="step_choice_1").disabled
    assert "This poll is closed: it takes no more answers." in texts(phone.info)
    assert step_text.phone_reveal(question, 2) in texts(phone.success)
    lecturer.run()
    assert lecturer.metric[0].value == "4"


def test_a_late_tap_on_a_closed_poll_changes_nothing():
    lecturer, _, room = start_step_poll(1)
    phone = open_poll({"room": room})  # drawn while open, tapped once closed
    lecturer.button(key="poll_close").click().run()
    phone.button(key="step_choice_1").click().run()
    assert_no_exception(phone)
    assert texts(phone.info).count("This poll is closed: it takes no more answers.") == 1
    lecturer.run()
    assert lecturer.metric[0].value == "0"


def place_of(app: AppTest, words: str) -> tuple[int, ...]:
    """Where in the page's tree the element saying ``words`` is drawn: its indices, block by
    block (Streamlit replaces an element by its place; a line that changes places is drawn
    anew there while the old one still shows)."""

    def walk(node, path):
        for index, child in getattr(node, "children", {}).items():
            said = str(getattr(child, "value", "") or getattr(child, "body", "") or "")
            if words in said:
                yield (*path, index)
            yield from walk(child, (*path, index))

    (found,) = walk(app.main, ())
    return found


def test_the_phones_stored_line_keeps_its_place_after_a_refused_taps_note():
    """A tap's note came and went before what is stored: the stored line moved up a place on
    the next refresh, and for a moment both showed (as the rating phone's count did)."""
    _, _, room = start_step_poll(1)
    phone = tap(room, 0)
    stored = "Your answer: A"
    phone.session_state[step_views.VOTE_KEY] = (False, "That tap did not count.")
    phone.run()
    assert "That tap did not count." in texts(phone.warning)
    with_note = place_of(phone, stored)
    phone.run()  # the next refresh: the note is gone
    assert "That tap did not count." not in texts(phone.warning)
    assert place_of(phone, stored) == with_note


def test_the_playground_link_opens_the_start_screen_on_its_step_and_setting():
    values = {"beta": 0.3, "n": 590, "b": 0.35, "sigma": 0.0}
    lecturer = open_poll(story_bar.ask_query(3, values))
    assert_no_exception(lecturer)
    assert lecturer.radio(key="poll_kind").value == "step"
    assert lecturer.selectbox(key="step_pick").value == 3
    assert "Asked at the Playground's setting: β = 0.3, n = 590, b = 0.35, σ = 0" in texts(
        lecturer.caption
    )
    assert not lecturer.warning
    lecturer.button(key="step_start").click().run()
    _, token, _ = started(lecturer)
    assert stored_room(token).values == values
    assert "ask" not in lecturer.query_params, "the address names no question once started"


def test_asking_from_the_playground_starts_a_new_poll_for_a_lecturer_who_leads_one():
    lecturer, token, _ = start_step_poll(1)
    lecturer.query_params.update(story_bar.ask_query(5, PRESETS[5].values))
    lecturer.run()
    assert_no_exception(lecturer)
    assert lecturer.selectbox(key="step_pick").value == 5, "the start screen, not the old poll"
    lecturer.button(key="step_start").click().run()
    assert lecturer.session_state[LECTURER] != token
    assert stored_room(lecturer.session_state[LECTURER]).step == 5


@pytest.mark.parametrize(
    ("query", "step", "values", "said"),
    [
        ({"ask": "abc"}, 0, PRESETS[0].values, "“abc”, which is not a step number"),
        ({"ask": "99"}, 6, PRESETS[6].values, "the story's steps are 1 to 7"),
        ({"ask": "-1e999"}, 0, PRESETS[0].values, "so the poll offers step 1"),
        ({"ask": "2.6"}, 2, PRESETS[2].values, "so the poll offers step 3"),
        (
            {"ask": "2", "beta": "<script>alert(1)</script>", "n": "1e99"},
            1,
            {**PRESETS[1].values, "n": 10_000},
            "step 2's own β = 1",
        ),
        ({"ask": "x" * 500, "sigma": "0.33"}, 0, {**PRESETS[0].values, "sigma": 0.3}, "“xxxx"),
    ],
)
def test_a_bad_ask_address_is_the_nearest_valid_question_with_a_sentence(query, step, values, said):
    lecturer = open_poll(query)
    assert_no_exception(lecturer)
    assert said in texts(lecturer.warning)
    assert "<script>" not in texts(lecturer.warning)
    assert lecturer.selectbox(key="step_pick").value == step
    lecturer.button(key="step_start").click().run()
    _, token, _ = started(lecturer)
    assert stored_room(token).values == {key: float(value) for key, value in values.items()}


def test_the_playground_offers_to_ask_the_room_the_current_step():
    playground = open_page("playground")
    playground.button(key="step-4").click().run()
    assert_no_exception(playground)
    playground.run()  # a whole run: AppTest's fragment runs know no pages (ui/playground/story_bar)
    [link] = [link.proto for link in playground.get("page_link") if link.label == "Ask the room"]
    asked = dict(parse_qsl(link.query_string))
    assert asked == story_bar.ask_query(4, PRESETS[4].values)
    read = ask_url.read_ask({key: [text] for key, text in asked.items()})
    assert (read.step, read.values, read.notes) == (4, dict(PRESETS[4].values), ())
    # Off the step (b moved after choosing it): the step last chosen, at the stage's setting.
    playground.query_params["b"] = "0.35"
    playground.run()
    [link] = [link.proto for link in playground.get("page_link") if link.label == "Ask the room"]
    assert dict(parse_qsl(link.query_string)) == story_bar.ask_query(
        4, {**PRESETS[4].values, "b": 0.35}
    )


def ask_links(app: AppTest) -> list[dict[str, str]]:
    return [
        dict(parse_qsl(link.proto.query_string))
        for link in app.get("page_link")
        if link.proto.label == "Ask the room"
    ]


def test_in_presenter_mode_the_link_stands_beside_the_steps_line_once_on_or_off_the_step():
    playground = open_page("playground", {"present": "1"})
    playground.button(key="step-2").click().run()
    playground.run()
    assert_no_exception(playground)
    # One link, beside the line, not in the title's row (where it wrapped the steps at 1280).
    assert ask_links(playground) == [story_bar.ask_query(2, PRESETS[2].values)]
    assert playground.get("alert") or playground.info, "the step's line is drawn with it"
    playground.query_params["sigma"] = "0.5"  # off the step: the link alone, at the setting
    playground.run()
    assert ask_links(playground) == [story_bar.ask_query(2, {**PRESETS[2].values, "sigma": 0.5})]


def test_a_visitor_who_chose_no_step_and_left_the_first_gets_no_link():
    playground = open_page("playground", {"beta": "2", "n": "9"})
    assert_no_exception(playground)
    assert ask_links(playground) == []


def test_a_poll_whose_question_lost_answers_under_it_still_draws():
    """Votes name answers by index: a newer app with fewer answers draws its own, no traceback."""
    engine = db.poll_engine()
    poll, _ = step_polls.start_step_poll(engine, step=3, values=PRESETS[3].values, choices=5)
    step_polls.submit_vote(
        engine, room_code=poll.room_code, student_id="student-aaaaaaaaaaaaaaaa", choice=4
    )
    lecturer = open_poll({"lecturer": poll.lecturer_token})
    assert_no_exception(lecturer)
    answers = len(step_questions.question(3, PRESETS[3].values).choices)
    assert bars(lecturer).count('role="listitem"') == answers == 3
    assert open_poll({"room": poll.room_code}).button(key="step_choice_2")
