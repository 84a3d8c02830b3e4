"""Every page of the app in one table: its file, menu title, icon, address and ui package. Pure.

app.py builds its ``st.Page`` list from these rows (the first is also the app's root),
``ui.settings`` takes the pages' names from their addresses (``PAGES``; each setting's row says
which of them draw it, and ``ui.settings.PAGE_KEYS`` reads that back per page), and the tests
open pages by them (tests/app/app_pages.py). tests/app/test_layers.py reads ``package`` for what
a page package is: a folder of ui/ that no row names (``ui/screen_assets/``,
``ui/shared_assets/``) is shared, below every page.
"""

from __future__ import annotations

from dataclasses import dataclass

from common.i18n import tr


@dataclass(frozen=True)
class Page:
    """One page: the file ``pages/<name>.py``, shown as ``title`` with Material icon ``icon``
    in the menu, at ``/<address>``, its helpers in ``ui/<package>/`` (None: none)."""

    name: str
    title: str
    icon: str  # a Material Symbols name: "tune" is drawn as :material/tune:
    address: str  # st.Page's url_path; "best-of-n" is /best-of-n
    package: str | None

    @property
    def file(self) -> str:
        """Its script, from the repository's root: "pages/best_of_n.py"."""
        return f"pages/{self.name}.py"

    @property
    def material_icon(self) -> str:
        """The icon as st.Page takes it: ":material/tune:"."""
        return f":material/{self.icon}:"


# In menu order; the first is the app's root as well as /playground. A page's address is its
# file's name with "-" for "_", but the class poll keeps /poll, the address every room link and
# every doc already gives.
PAGE_TABLE: tuple[Page, ...] = (
    Page("playground", "Playground", "tune", "playground", "playground"),
    Page("best_of_n", "Best-of-n", "emoji_events", "best-of-n", "best_of_n"),
    Page("kl_penalty", "KL penalty", "balance", "kl-penalty", "kl_penalty"),
    Page("lesson", "Lesson", "menu_book", "lesson", "lesson"),
    Page("reward_model", "Reward model", "groups", "reward-model", "reward_model"),
    Page("compare", "Compare", "compare", "compare", "compare"),
    Page("class_poll", "Class poll", "how_to_vote", "poll", "class_poll"),
    Page("defenses", "Defenses", "shield", "defenses", "defenses"),
    Page("checker", "Checkers", "fact_check", "checker", "checker"),
)
ADDRESSES: tuple[str, ...] = tuple(page.address for page in PAGE_TABLE)  # ui.settings.PAGES
# The ui/ folders that are a page's own (each with a map in its __init__.py), in menu order.
PAGE_PACKAGES: tuple[str, ...] = tuple(page.package for page in PAGE_TABLE if page.package)


def menu_title(page: Page) -> str:
    """``page``'s title in the reader's language (common.i18n), as the menu shows it."""
    titles = {
        "playground": tr("Playground"),
        "best_of_n": tr("Best-of-n"),
        "kl_penalty": tr("KL penalty"),
        "lesson": tr("Lesson"),
        "reward_model": tr("Reward model"),
        "compare": tr("Compare"),
        "class_poll": tr("Class poll"),
        "defenses": tr("Defenses"),
        "checker": tr("Checkers"),
    }
    return titles.get(page.name, page.title)
