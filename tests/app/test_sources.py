"""The sources table: every entry has a place to read it, and the list renders as Markdown."""

import re

import pytest

from ui import sources
from ui.sources import SOURCES

# The papers the pages cite, by arXiv id, written out here (not read from the
# table) so a mistyped id in the table fails.
REQUIRED_ARXIV = {
    "gao2022": "2210.10760",
    "stiennon2020": "2009.01325",
    "beirami2024": "2401.01879",
    "kwa2024": "2407.14503",
    "coste2023": "2310.02743",
    "eisenstein2023": "2312.09244",
    "azar2023": "2310.12036",
    "singhal2023": "2310.03716",
    "manheim2018": "1803.04585",
    "rafailov2023": "2305.18290",
    "gui2024": "2406.00832",
    "khalaf2025": "2506.19248",
    "verdun2025": "2505.03156",
    "zhu2023": "2301.11270",
}


@pytest.mark.parametrize(("key", "arxiv"), REQUIRED_ARXIV.items())
def test_each_required_paper_is_in_the_table_with_its_arxiv_address(key, arxiv):
    assert SOURCES[key].arxiv == arxiv
    assert SOURCES[key].url == f"https://arxiv.org/abs/{arxiv}"


def test_the_catastrophic_goodhart_post_links_to_the_alignment_forum():
    post = SOURCES["thomas2023"]
    assert (post.authors, post.year, post.arxiv) == ("Thomas & Kwa", 2023, None)
    assert post.url.startswith("https://www.alignmentforum.org/posts/fuSaKr6t6Zuh6GKaQ/")


def test_every_entry_has_a_well_formed_address_and_distinct_id():
    ids = [source.arxiv for source in SOURCES.values() if source.arxiv]
    assert len(ids) == len(set(ids))
    for source in SOURCES.values():
        assert re.fullmatch(r"https://\S+", source.url), source
        if source.arxiv:
            assert re.fullmatch(r"\d{4}\.\d{5}", source.arxiv), source


def test_the_surname_is_the_first_authors():
    assert SOURCES["gao2022"].surname == "Gao"
    assert SOURCES["manheim2018"].surname == "Manheim"
    assert SOURCES["kwa2024"].surname == "Kwa"
    assert SOURCES["beirami2024"].surname == "Beirami"


def test_the_list_is_a_heading_and_one_linked_bullet_per_source():
    text = sources.markdown("gao2022", "thomas2023")
    lines = text.splitlines()
    assert lines[0] == "**Sources**"
    assert lines[2].startswith("- Gao, Schulman & Hilton (2022), *Scaling laws for reward model")
    assert "[arXiv:2210.10760](https://arxiv.org/abs/2210.10760)" in lines[2]
    assert lines[3].startswith("- Thomas & Kwa (2023), *When is Goodhart catastrophic?*, [link](")
    assert len(lines) == 4


def test_an_unknown_source_is_refused():
    with pytest.raises(KeyError):
        sources.markdown("nobody1999")
