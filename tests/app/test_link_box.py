"""The box of a link to copy: the link and label escaped, nothing else variable."""

from ui import link_box


def test_a_hostile_link_is_escaped_and_read_back_as_it_was():
    link = 'http://x/?b=0.2&q="><script>alert(1)</script>'
    body = link_box.markup(link, label="Link to this setting")
    assert body == (
        '<div class="rh-link"><input type="text" readonly '
        'value="http://x/?b=0.2&amp;q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" '
        'aria-label="Link to this setting" spellcheck="false">'
        '<button type="button">Copy</button></div>'
    )
    assert link_box.link_in(body) == link
    assert link_box.link_in("<style>h1 {}</style>") is None
