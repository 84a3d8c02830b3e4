"""Every page arrives top to bottom, as a phone stacks it: no element the reader can see is
drawn above one already shown.

A browser draws a run's elements as they arrive. One that lands above what is already on the
screen pushes it down: a layout shift. Defenses drew section 1 before the chart at the top and
the words under it, and on a phone's first visit at 1.5 Mbit/s the chart and those words pushed
section 1 below the screen (CLS 0.13, over web.dev's 0.1; bench.cold_load).

The order is read from the run's own messages (each delta's path in the page: lexicographic
order is the page's order, columns stacked as on a phone), recorded as AppTest queues them.
What does not count, as the browser draws it:
- what takes no room: a style or script (``<style``), an empty slot, the screen's reporter
  (keyed ``screen-*``, hidden by ui/page_css.py);
- what follows the main chart and arrives before the chart is complete: ui/page_css.py keeps it
  unseen (in its place) until the chart is drawn, so the chart's own elements and anything
  above may arrive after it. Only once the chart's container holds something (an empty slot
  will do): Streamlit draws no empty container, so the rule had nothing to hold, and what came
  before the chart's first element was seen in its place (Checkers' task sliders at y 303 on a
  phone, dropped to 447 when the chart came: CLS 0.109).
The browser's side, measured: tests/browser/test_browser_first_visit.py and bench.cold_load.

Two pages are left out, each for a reason of its own: the Playground draws its story's steps
(in the title's row) after the stage, which decides them, in the same burst of messages; the
poll's start screen is reordered on a phone by CSS (server/serving.py: the students' box first).
"""

import re

import pytest
from streamlit.runtime.forward_msg_queue import ForwardMsgQueue
from streamlit.testing.v1 import AppTest

from tests.app.app_pages import APP, PAGE_FILES, PAGES
from tests.support.app_test import TIMEOUT_SECONDS
from ui import page_css

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens a page in AppTest

MAIN = 0  # the delta paths' root for the page's main area (1 is the sidebar, 2 the bottom)
# The pages with a main chart (st.container(key="main-chart"), which ui/page_css.py waits for),
# and those without one, whose every element is seen as it comes.
FITTED_PAGES = ("best_of_n", "kl_penalty", "reward_model", "compare", "defenses", "checker")
PAGES_IN_ORDER = (*FITTED_PAGES, "lesson")


def takes_room(delta) -> bool:
    """Whether a new element is drawn with a size: not a style, an empty slot or a reporter."""
    element = delta.new_element
    kind = element.WhichOneof("type")
    if kind == "empty":
        return False
    if kind == "html":
        return not element.html.body.lstrip().startswith("<style")
    if kind == "bidi_component":
        return "screen-" not in element.bidi_component.id
    return True


def first_run_deltas(page: str, monkeypatch) -> tuple[list, tuple, int]:
    """``page``'s first run as a visitor's, in the order its deltas were queued: the new
    elements' paths and a description each, the main chart's path, and how many of those
    elements came before the chart's container held anything (Streamlit draws it from then)."""
    # Reached as tests/app/app_pages.open_page reaches a page (through the Lesson), and the
    # page's own run alone recorded: open_page runs it before the queue could be read apart.
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_SECONDS)
    app.run().switch_page(PAGES["lesson"]).run()
    app.switch_page(PAGE_FILES[page])
    queued: list = []
    enqueue = ForwardMsgQueue.enqueue

    def recording(queue, message):
        queued.append(message)
        return enqueue(queue, message)

    monkeypatch.setattr(ForwardMsgQueue, "enqueue", recording)
    app.run()
    monkeypatch.undo()
    assert not app.exception, app.exception
    chart = None
    elements = []
    opened = None
    for message in queued:
        if not message.HasField("delta"):
            continue
        path = tuple(message.metadata.delta_path)
        delta = message.delta
        kind = delta.WhichOneof("type")
        if kind == "add_block" and "main-chart" in delta.add_block.id:
            chart = path
        elif opened is None and chart is not None and path[: len(chart)] == chart:
            opened = len(elements)  # its first element, of any kind: the container is drawn
        if kind == "new_element" and path[0] == MAIN and takes_room(delta):
            element = delta.new_element
            element_kind = element.WhichOneof("type")
            body = getattr(getattr(element, element_kind), "body", "")
            elements.append((path, f"{element_kind} {str(body)[:50]!r}"))
    return elements, chart, len(elements) if opened is None else opened


def pushed_down(elements: list, chart: tuple | None, opened: int = 0) -> list[str]:
    """Each element drawn above one already shown (seen), in the order drawn; ``chart`` the
    main chart's path (None: the page has none, and all is seen as it comes); ``opened``: how
    many elements came before the chart's container held anything (what follows the chart is
    seen until then, in the chart's place)."""
    if chart is None:
        chart, chart_done = (MAIN,), -1  # nothing is "after the chart and before it is done"
    else:
        inside = [index for index, (path, _) in enumerate(elements) if path[: len(chart)] == chart]
        chart_done = inside[-1] if inside else len(elements)  # from here on, all is seen
    pushed = [
        f"{what} at {path} drawn before the main chart's container held anything"
        for path, what in elements[:opened]
        if path > chart and path[: len(chart)] != chart
    ]
    for later, (path, what) in enumerate(elements):
        for index, (shown, shown_what) in enumerate(elements[:later]):
            follows = shown > chart and shown[: len(chart)] != chart
            unseen = follows and index >= opened and later <= chart_done
            if path < shown and not unseen:
                pushed.append(f"{what} at {path} drawn above {shown_what} at {shown}")
                break
    return pushed


@pytest.mark.parametrize("page", PAGES_IN_ORDER)
def test_nothing_seen_is_drawn_above_what_is_already_shown(page, monkeypatch):
    elements, chart, opened = first_run_deltas(page, monkeypatch)
    assert (chart is not None) is (page in FITTED_PAGES), f"{page}: main chart {chart}"
    if chart is not None:
        inside = [path for path, _ in elements if path[: len(chart)] == chart]
        assert inside, f"{page}: an empty main chart"
    pushed = pushed_down(elements, chart, opened)
    assert not pushed, f"{page}: " + "; ".join(pushed[:3])


CHART = (0, 3)  # a page's main chart, as the pages put it: title, sliders' row, chart
TITLE, SLIDER, REPORTER_SLOT, FIGURE = (0, 1), (0, 2, 0, 0), (0, 3, 0), (0, 3, 1)
WORDS, SECTION = (0, 4, 0), (0, 5)  # the words under the chart, then section 1's header


@pytest.mark.parametrize(
    ("order", "caught"),
    [
        ((TITLE, SLIDER, FIGURE, WORDS, SECTION), False),  # top to bottom
        ((TITLE, SLIDER, SECTION, REPORTER_SLOT, FIGURE, WORDS), True),  # Defenses as it was
        ((TITLE, SECTION, FIGURE, SLIDER), True),  # a slider after all: above what is seen
        ((TITLE, SLIDER, SECTION, WORDS, FIGURE), False),  # both unseen until the chart
        ((TITLE, SLIDER, FIGURE, SECTION, REPORTER_SLOT), True),  # the chart's, once seen
    ],
)
def test_the_rule_catches_what_lands_above_what_is_shown(order, caught):
    elements = [(path, str(path)) for path in order]
    assert bool(pushed_down(elements, CHART)) is caught


def test_without_a_main_chart_everything_is_seen_as_it_comes():
    top_down = [((0, 1), "title"), ((0, 2), "words"), ((0, 3, 0), "chart")]
    assert not pushed_down(top_down, None)
    assert pushed_down([top_down[0], top_down[2], top_down[1]], None)


def test_what_follows_an_empty_main_chart_is_seen_in_its_place():
    """Streamlit draws no empty container: what came before the chart's first element was on
    the screen where the chart would be (Checkers' task sliders, then pushed down by it)."""
    order = [(path, str(path)) for path in (TITLE, SLIDER, SECTION, WORDS, FIGURE)]
    assert pushed_down(order, CHART, opened=3)  # the section drawn while the chart was empty
    assert not pushed_down(order, CHART, opened=2)  # the chart's slot held before the section


def test_the_page_css_holds_nothing_a_sanitizer_reads_as_markup():
    """st.html passes the page's CSS through DOMPurify, which drops a <style> whose text holds
    "<" and a letter (mXSS): a comment quoting "<address>" took every rule of the page with it
    (Streamlit's slider thumbs fell back to 12 px on a phone)."""
    assert not re.search(r"<[/\w]", page_css.CSS.removeprefix("<style>").replace("</style>", ""))
