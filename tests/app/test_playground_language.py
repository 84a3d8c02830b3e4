"""The Playground in the reader's language: ``?lang=de`` writes it in German, page
titles, buttons, the stage's words and its world's sentences included; an unknown language
reads in English with a note; the menu changes it. The address's rules (a page switch keeps
the language) are tests/app/test_resolve.py's."""

import json

from app_pages import PAGE_FILES, assert_clean, open_page, stage_data, warnings_text

from common import i18n
from ui import link_box
from ui.pages_table import PAGE_TABLE, menu_title
from ui.playground import stage_words, world_files, worlds
from ui.slack_text import READOUT_CHARACTERS
from ui.story_steps import PRESETS


def _texts(app) -> str:
    """Every Markdown, caption, title and button label of the page, joined."""
    parts = [
        element.value for kind in ("markdown", "caption", "title") for element in app.get(kind)
    ]
    parts += [button.label for button in app.button]
    return "\n".join(str(part) for part in parts)


def test_lang_de_writes_the_playground_in_german():
    app = open_page("playground", {"lang": "de"})
    assert_clean(app)
    texts = _texts(app)
    for german in ("Belohnungsmodell", "Präsentationsmodus (größere Schrift, weniger Text)"):
        assert german in texts
    for english in ("Each dot is an answer", "Presenter mode (larger type, fewer words)"):
        assert english not in texts
    assert app.query_params["lang"] == "de", "the address keeps the language"
    shared = [link_box.link_in(html.proto.body) for html in app.get("html")]
    assert [link for link in shared if link] and all(
        "lang=de" in link for link in shared if link
    ), "the share link carries the language"
    assert 'data-copy="Kopieren"' in "".join(html.proto.body for html in app.get("html"))
    data = stage_data(app)
    # The stage's JavaScript gets its words, and a world of German sentences at German addresses.
    assert data["language"] == "de" and data["words"]["Reveal the truth"] == "Wahrheit aufdecken"
    assert data["worlds"]["address"] == world_files.worlds_folder("de")
    assert data["world"]["beta"]["label"] == "β · Stärke der KL-Strafe"
    assert "Spielraum" in data["world"]["n"]["slack_more"]
    assert "Slack:" not in json.dumps(data["world"], ensure_ascii=False)


def test_an_unknown_language_reads_in_english_with_a_note():
    app = open_page("playground", {"lang": "xx"})
    assert_clean(app)
    texts = _texts(app)
    assert "Presenter mode (larger type, fewer words)" in texts
    assert "Belohnungsmodell" not in texts
    assert "a language this app does not have: it reads in English" in warnings_text(app)
    assert "lang" not in app.query_params, "the address dropped what it could not use"
    data = stage_data(app)
    assert data["words"] == {} and data["worlds"]["address"] == world_files.worlds_folder("en")


def test_the_menu_changes_the_language_and_the_address_says_so():
    app = open_page("playground", {"lang": "de"})
    app.selectbox(key="language-menu").set_value("en").run()
    assert_clean(app)
    assert app.query_params["lang"] == "en", "asked for, English stays in the address"
    assert "Presenter mode (larger type, fewer words)" in _texts(app)
    assert stage_data(app)["language"] == "en"


def test_the_story_steps_and_page_titles_read_in_the_current_language():
    """PRESETS is built once per language: the same values, the words of the reader's."""
    with i18n.using("de"):
        german = list(PRESETS)
        titles = [menu_title(page) for page in PAGE_TABLE]
    english = list(PRESETS)
    assert [step.values for step in german] == [step.values for step in english]
    assert (german[1].name, english[1].name) == ("Der Gipfel", "The peak")
    assert german[0].points_at[0][2] == "noch wenig Druck"
    assert titles[0] == "Spielwiese" and menu_title(PAGE_TABLE[0]) == "Playground"


def test_the_stage_gets_only_its_own_words():
    german = stage_words.words("de")
    assert set(german) == stage_words.script_strings(), "every t() string has its entry"
    assert stage_words.words("en") == {}
    assert "Der Gipfel" not in german.values(), "no Python-side entry rides along"


def test_the_lessons_cached_pack_keys_on_the_language():
    """A cache of words serves each language its own (the pack caches its steps' entries)."""
    from ui.lesson import pack

    with i18n.using("de"):
        german = pack.entries()
    english = pack.entries()
    assert (german[1].preset.name, english[1].preset.name) == ("Der Gipfel", "The peak")


# A fixed sample of reward models: the story's, σ swamping b (0, 1), an edge-capped one (1, 0).
SAMPLE = ((0.0, 0.0), (0.2, 0.0), (0.0, 0.5), (0.2, 1.0), (0.0, 1.0), (1.0, 0.0))
ENGLISH_WORDS = ("true quality", "reward model", "Capped", "Slack", "Beats", "Push on", "Back off")


def test_a_german_world_has_no_english_sentence_and_its_lines_fit():
    """Every sentence a world carries is built in German (none slips through in English), and
    each stop's slack line still fits its column (ui.slack_text.READOUT_CHARACTERS)."""
    for b, sigma in SAMPLE:
        with i18n.using("de"):
            world = json.loads(worlds.build_world_json(b, sigma))
        text = json.dumps(world, ensure_ascii=False)
        assert [word for word in ENGLISH_WORDS if word in text] == [], (b, sigma)
        for key in ("beta", "n"):  # where σ swamps b, its line stands in (as long in English)
            lines = [line for line in world[key]["slack"] if "überdeckt" not in line]
            assert [line for line in lines if len(line) > READOUT_CHARACTERS] == [], (b, sigma)


def test_a_page_switch_keeps_the_language_in_the_session_and_the_address():
    app = open_page("playground", {"lang": "de"})
    app.query_params.clear()  # as a served page switch drops every parameter no slider owns
    app.switch_page(PAGE_FILES["best_of_n"]).run()
    assert_clean(app)
    assert app.session_state["_language"] == "de"
    assert app.query_params.get("lang") == "de", "written back: Streamlit dropped it"
