"""The lecturer's pack (ui/lesson/pack.py): docs/teaching.md holds what scripts/teaching_pack.py
writes, every step is in it with its right answer, and the Lesson page shows it with its two
downloads."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs

from scripts import teaching_pack
from tests.app.app_pages import open_page
from ui.class_poll.ask_url import Ask, read_ask
from ui.lesson import pack
from ui.playground.story_bar import ask_query
from ui.story_steps import PRESETS

TEACHING = Path(__file__).resolve().parents[2] / "docs" / "teaching.md"


def test_docs_teaching_holds_the_pack_as_it_is():
    text = TEACHING.read_text(encoding="utf-8")
    assert teaching_pack.written(text) == text, "stale: run python -m scripts.teaching_pack"


def test_a_changed_answer_makes_the_docs_stale():
    """Step 2's right mark ('Between n = 10 and 99') taken out of docs/teaching.md: the check
    sees it and writes it back."""
    text = TEACHING.read_text(encoding="utf-8")
    wrong = text.replace("- B. Between n = 10 and 99 **(right)**", "- B. Between n = 10 and 99")
    assert wrong != text and teaching_pack.written(wrong) == text


def test_every_step_is_in_the_pack_with_its_link_right_answer_and_common_wrong_one():
    written = pack.markdown()
    steps = re.findall(r"^### Step (\d): (.+)$", written, flags=re.MULTILINE)
    assert steps == [(str(i), preset.name) for i, preset in enumerate(PRESETS, start=1)]
    for section, preset in zip(written.split("### Step ")[1:], PRESETS, strict=True):
        query = "&".join(f"{key}={value:g}" for key, value in preset.values.items())
        assert f"`/?{query}`" in section  # the Playground's address at the step's values
        assert section.count("**(right)**") == 1
        right = re.search(r"- (\w)\. .* \*\*\(right\)\*\*", section).group(1)
        assert f"**Right:** {right}. " in section
        wrong = re.search(r"\*\*Students often say:\*\* (\w)\.", section).group(1)
        assert wrong != right


def test_every_step_links_to_its_question_asked_as_a_class_poll():
    """The "Ask the room" link reads back, through the class poll's own reader, as its step at
    the preset's values with nothing corrected, and is the link the Playground's story bar
    gives at that step; in the app it is a link, on paper too."""
    sections = pack.markdown().split("### Step ")[1:]
    linked = pack.markdown(link_base="./").split("### Step ")[1:]
    page = pack.printable_html(app_address="https://example.org/")
    for step, preset in enumerate(PRESETS):
        said = re.search(r"\*\*Ask the room:\*\* `/poll\?([^`]+)`", sections[step]).group(1)
        query = parse_qs(said)
        assert read_ask(query) == Ask(step, dict(preset.values), ())
        assert query == {key: [value] for key, value in ask_query(step, preset.values).items()}
        assert f"[ask it as a class poll](./poll?{said})" in linked[step]
        href = f"https://example.org/poll?{said}".replace("&", "&amp;")
        assert f'Ask the room: <a href="{href}">' in page
    assert "`/poll?ask=2&beta=1&n=49&b=0&sigma=0`" in sections[1]


def test_the_printable_page_has_every_step_and_no_markup_from_the_words():
    page = pack.printable_html(app_address="https://example.org/")
    assert page.count("<section>") == len(PRESETS)
    assert "break-inside: avoid" in page and "@page" in page
    assert 'href="https://example.org/?beta=1&amp;n=49&amp;b=0&amp;sigma=0"' in page
    assert "Can&#x27;t tell" in page  # the choices are escaped, not pasted in


def test_the_lesson_page_shows_the_pack_and_its_two_downloads():
    app = open_page("lesson")
    assert not app.exception
    # Drawn on request: closed, the pack is not sent; opened (its key), it is.
    assert not any(
        b.proto.label.startswith("Download the pack") for b in app.get("download_button")
    )
    app.session_state["open-lecturers-pack"] = True
    app.run()
    expander = next(e for e in app.expander if e.label == pack.TITLE)
    shown = "".join(markdown.value for markdown in expander.markdown)
    for preset in PRESETS:
        assert preset.name in shown
    assert "](./?beta=4&n=1&b=0&sigma=0)" in shown or "/?beta=4&n=1&b=0&sigma=0)" in shown
    labels = [button.proto.label for button in app.get("download_button")]
    assert "Download the pack (Markdown)" in labels and "A page to print (HTML)" in labels
