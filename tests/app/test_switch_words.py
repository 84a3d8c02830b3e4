"""Every switch (a Choice row, ui/sliders.switch) says words on its buttons and keeps its short
names in the address: Checkers' axis switch read "beta" and "kl" (Streamlit's URL binding
writes what a button shows into the URL, so the buttons showed the URL's names)."""

import pytest
from app_pages import open_page
from streamlit.testing.v1 import AppTest

from ui.rows import Choice
from ui.settings import SETTINGS

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens a page in AppTest

SWITCHES = {key: row for key, row in SETTINGS.items() if isinstance(row, Choice)}
PAGE_OF = {"against": "checker", "monitor": "checker", "tails": "compare", "agg": "defenses"}


def shown(app: AppTest, key: str) -> list[str]:
    """The words on switch ``key``'s buttons, as the reader sees them."""
    (group,) = [group for group in app.get("button_group") if group.key == key]
    return [option.content for option in group.proto.options]


def test_every_switch_is_checked_here():
    assert set(PAGE_OF) == set(SWITCHES)


@pytest.mark.parametrize("key", sorted(PAGE_OF))
def test_a_switch_says_words_and_its_address_keeps_the_short_name(key):
    row = SWITCHES[key]
    other = next(option for option in row.options if option != row.default)
    app = open_page(PAGE_OF[key], {key: other})  # an old link, written with the short name
    words = shown(app, key)
    assert len(words) == len(row.options)
    names = {option.casefold() for option in row.options}
    for text in words:
        assert text.casefold() not in names, f"{key}: a button says its URL name, {text!r}"
    (group,) = [group for group in app.get("button_group") if group.key == key]
    assert group.value == other, "the old link still reads"
    assert app.query_params.get(key) in (other, [other])
    group.set_value(row.default).run()  # the reader picks the default: out of the address
    assert key not in app.query_params or not app.query_params[key]
    (group,) = [group for group in app.get("button_group") if group.key == key]
    group.set_value(other).run()  # and back: the short name, not the button's words
    assert app.query_params.get(key) in (other, [other])
