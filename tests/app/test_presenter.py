"""Presenter mode in AppTest: ?present=1 follows the lecturer from page to page like a setting
(a page switch drops every parameter no slider of the new page owns, so the page writes it back),
each page folds its longer explanations into closed expanders and shows no link box, and
Leave presenter mode leaves it on every page."""

import pytest
from app_pages import PAGE_FILES, assert_clean, open_page

from poll_data import location

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens a page in AppTest

# Each page's folded explanations in presenter mode (the expanders' labels, in page order).
FOLDED = {
    "best_of_n": [
        "How best-of-n is computed, exactly",
        "Two more ways to choose, on the same 600 answers",
        "What σ alone would do: regression to the mean",
        "What the peak's spread shows",
        "Sources",
    ],
    "kl_penalty": ["The KL penalty, in words and formulas", "Why the grid bends away", "Sources"],
    "lesson": ["The story in plain words", "Sources"],
    "reward_model": [
        "How to read the lines",  # under the plane, which is above the words
        "How the reward model is fitted",
        "What the curves show, and why b is hard to learn",
        "DPO learns the same b",
        "Sources",
    ],
    "compare": [
        "Gao et al.'s two laws",
        "Why the KL optimum follows the best-of-n law",
        "Best-of-Poisson and soft best-of-n, on the same 600",
        "What equal KL says",
        "Light and heavy tails",
        "Kwa, Thomas & Garriga-Alonso's theorem",
        "Sources",
    ],
    "defenses": [
        "The four defenses, and the words",
        "A better reward model, in words",
        "How the ensemble combines",
        "What a length penalty does",
        "How the spot checks stop",
        "What no defense removes",
        "Sources",
    ],
    "checker": [
        "Which mix of the two tasks to train on",
        "The price of skill and of a hack",
        "The model",
        "The monitor's rules",
        "What Baker et al. found",
        "Assumptions, the essay's claim, the research",
        "Sources",
    ],
}
LEAVE = "Leave presenter mode"
ENTER = "Presenter mode (larger type, fewer words)"


def trip(app, page: str):
    """Go to ``page`` by the navigation, as the browser does: its address keeps no parameter
    of the page before. Through the Lesson: AppTest, unlike the browser, keeps a slider of
    the page before bound to its parameter on the next page."""
    for step in ("lesson", page) if page != "lesson" else ("lesson",):
        app.query_params.clear()
        app.switch_page(PAGE_FILES[step]).run()
    return app


def folded(app) -> list[str]:
    """The labels of the page's explanation expanders (the Compare page's own KL tails one
    is a chart, not words; the Reward model page's other draws are a computation on request;
    the Lesson's lecturer's pack a document on request)."""
    return [
        box.label
        for box in app.expander
        if not box.label.startswith(("The KL optimum", "Chart:", "Other draws", "Lecturer's pack"))
    ]


def switch_label(app) -> str:
    return app.button(key="presenter-switch").label


@pytest.mark.parametrize("page", list(FOLDED))
def test_presenter_mode_follows_from_the_playground_and_folds_the_pages_words(page):
    app = open_page("playground", {"present": "1"})
    trip(app, page)
    assert_clean(app)
    assert app.query_params["present"] == "1", "the address says presenter mode"
    assert folded(app) == FOLDED[page]
    assert switch_label(app) == LEAVE
    assert not [html for html in app.get("html") if "rh-link" in html.proto.body], "no link box"


@pytest.mark.parametrize("page", list(FOLDED))
def test_normal_mode_shows_the_words_on_the_page(page):
    app = open_page(page)
    assert_clean(app)
    assert folded(app) == []
    assert switch_label(app) == ENTER
    assert "present" not in app.query_params


def test_leave_presenter_mode_on_another_page_leaves_it_on_every_page():
    app = open_page("playground", {"present": "1"})
    trip(app, "compare")
    app.button(key="presenter-switch").click().run()
    assert_clean(app)
    assert "present" not in app.query_params
    assert folded(app) == []
    trip(app, "playground")
    assert "present" not in app.query_params
    assert switch_label(app) == ENTER
    assert any("Answers differ in **length**" in text.value for text in app.markdown)
    trip(app, "defenses")
    assert "present" not in app.query_params and folded(app) == []


def test_presenter_mode_turned_on_elsewhere_follows_to_the_playground():
    app = open_page("best_of_n")
    app.button(key="presenter-switch").click().run()
    assert app.query_params["present"] == "1"
    assert folded(app) == FOLDED["best_of_n"]
    trip(app, "playground")
    assert_clean(app)
    assert app.query_params["present"] == "1"
    assert switch_label(app) == LEAVE
    assert not any("Answers differ in **length**" in text.value for text in app.markdown)


def test_back_to_an_address_without_it_on_the_same_page_turns_it_off():
    app = open_page("kl_penalty", {"present": "1"})
    assert folded(app) == FOLDED["kl_penalty"]
    del app.query_params["present"]  # the browser's Back, to before presenter mode
    app.run()
    assert_clean(app)
    assert folded(app) == [] and switch_label(app) == ENTER
    trip(app, "lesson")
    assert "present" not in app.query_params


def test_the_class_poll_carries_presenter_mode_both_ways(tmp_path, monkeypatch):
    monkeypatch.delenv(location.DATABASE_URL_ENV, raising=False)
    monkeypatch.setenv(location.DATA_DIR_ENV, str(tmp_path / "data"))  # not the checkout's
    app = open_page("playground", {"present": "1"})
    trip(app, "poll")
    assert_clean(app)
    assert app.query_params["present"] == "1"
    assert switch_label(app) == LEAVE
    app.query_params.clear()  # straight from the poll (no slider there) to the Playground
    app.switch_page(PAGE_FILES["playground"]).run()
    assert_clean(app)
    assert app.query_params["present"] == "1"
    assert switch_label(app) == LEAVE
