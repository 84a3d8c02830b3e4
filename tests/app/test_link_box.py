"""The box of a link to copy: the link and label escaped, nothing else variable."""

from common import i18n
from ui import link_box


def test_a_hostile_link_is_escaped_and_read_back_as_it_was():
    link = 'http://x/?b=0.2&q="><script>alert(1)</script>'
    body = link_box.markup(link, label="Link to this setting")
    assert body == (
        '<div class="rh-link"><input type="text" readonly '
        'value="http://x/?b=0.2&amp;q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" '
        'aria-label="Link to this setting" spellcheck="false">'
        '<button type="button" data-copy="Copy" data-copied="Copied">Copy</button></div>'
    )
    assert link_box.link_in(body) == link
    assert link_box.link_in("<style>h1 {}</style>") is None


def test_the_copy_button_speaks_the_readers_language():
    with i18n.using("de"):
        body = link_box.markup("http://x/", label="Link")
    assert (
        '<button type="button" data-copy="Kopieren" data-copied="Kopiert">Kopieren</button>' in body
    )
    assert "button.dataset.copied" in link_box.COPY_SCRIPT  # the script swaps the words it is given
