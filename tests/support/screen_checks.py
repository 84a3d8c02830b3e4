"""What a screen shows, measured in the browser: text boxes, their font sizes, touch targets.

For the projector and phone tests (tests/browser/test_browser_projector.py, _phone.py): boxes
are read from the page itself (light DOM and the stage's shadow root), not from screenshots.
"""

from __future__ import annotations

# Every piece of text a reader can see: one box per line of an HTML text node (a Range's client
# rects) and one per SVG <text> (plotly's and the stage's). Hidden, clipped-away (the charts'
# screen-reader text, 1 px with clip-path) and zero-sized text is left out. Each box says
# whether a scrolling ancestor (a code block, a wide table) holds it: such text may run past
# the screen, as it scrolls inside its widget.
TEXT_BOXES_JS = """
() => {
  const boxes = [];
  const hiddenByStyle = (element) => {
    for (let node = element; node && node.nodeType === 1;
         node = node.parentElement || (node.getRootNode() && node.getRootNode().host)) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') {
        return true;
      }
      const box = node.getBoundingClientRect();
      const clipped = style.clipPath && style.clipPath.startsWith('inset(50%')
        || style.clip && style.clip.startsWith('rect(0');
      const speck = style.overflow === 'hidden' && box.width <= 1 && box.height <= 1;
      if (clipped || speck) return true;
    }
    return false;
  };
  const scroller = (element) => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (['auto', 'scroll'].includes(style.overflowX) && node.scrollWidth > node.clientWidth + 1
          && node.tagName !== 'HTML' && node.getAttribute('data-testid') !== 'stMain') {
        return true;
      }
    }
    return false;
  };
  const name = (element) => {
    const keyed = element.closest('[class*="st-key-"]');
    const key = keyed && [...keyed.classList].find((c) => c.startsWith('st-key-'));
    const tested = element.closest('[data-testid]');
    return (key || (tested && tested.getAttribute('data-testid')) || element.tagName).slice(0, 60);
  };
  let node = 0;
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (!text.textContent.trim()) continue;
      node += 1;
      const element = text.parentElement;
      if (!element || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE'].includes(element.tagName)) continue;
      const inSvg = Boolean(element.closest('svg'));
      if (inSvg && element.tagName !== 'text' && element.tagName !== 'tspan') continue;
      if (hiddenByStyle(element)) continue;
      const px = parseFloat(getComputedStyle(element).fontSize);
      const rects = inSvg
        ? [element.getBoundingClientRect()]
        : (() => { const range = document.createRange(); range.selectNodeContents(text);
                   return [...range.getClientRects()]; })();
      for (const rect of rects) {
        if (rect.width < 1 || rect.height < 1) continue;
        boxes.push({
          text: text.textContent.trim().slice(0, 40), px, where: name(element),
          left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom,
          scrolls: scroller(element), svg: inSvg, node,
          // A Material icon is a glyph drawn from a word (arrow_back), not words to read.
          icon: Boolean(element.closest('[data-testid="stIconMaterial"], '
            + '[data-testid="stAlertDynamicIcon"]')),
          // An SVG clips what runs past its box (plotly's titles on a phone).
          frame: inSvg ? (() => { const f = element.closest('svg').getBoundingClientRect();
            return [f.left, f.right, f.top, f.bottom]; })() : null,
          // A contour line's own label: plotly places these along the lines, clear of each
          // other but not with the gap asked of ticks and titles.
          contour: Boolean(element.closest('.contourlabels')),
          // Typeset maths (KaTeX): its scripts are 0.7 of its size, its struts overlap.
          math: element.closest('.katex') ? [...document.querySelectorAll('.katex')]
            .indexOf(element.closest('.katex')) : null,
        });
      }
    }
    for (const host of root.querySelectorAll('*')) if (host.shadowRoot) visit(host.shadowRoot);
  };
  visit(document.body);
  return boxes;
}
"""

# Every control a finger can hit, with its box: links, buttons, form fields, summaries, ARIA
# widgets (react-aria's slider thumbs are role=slider), and the stage's range inputs (whose
# thumbs are drawn 28 px; the input box is what the finger hits).
TARGETS_JS = """
() => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[role=button], [role=slider], [role=link], [role=checkbox], [role=radio], [role=tab], '
    + '[role=switch], [role=option]';
  const targets = [];
  const visit = (root) => {
    for (const element of root.querySelectorAll(selector)) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (element.closest('[aria-hidden=true]') || element.disabled) continue;
      // An input hidden for screen readers only stands for what is drawn: Streamlit's slider
      // thumb (the input's grandparent) or the label a radio button or checkbox sits in.
      let drawn = element;
      const wrapper = element.parentElement;
      if (element.tagName === 'INPUT' && wrapper
          && getComputedStyle(wrapper).clipPath.startsWith('inset(50%')) {
        drawn = element.closest('[data-testid="stSlider"]') ? wrapper.parentElement
          : element.closest('label');
        if (!drawn) continue;
      }
      const rect = drawn.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) continue;
      if (style.opacity === '0' && element.tagName === 'INPUT' && drawn === element) continue;
      const keyed = element.closest('[class*="st-key-"]');
      const key = keyed && [...keyed.classList].find((c) => c.startsWith('st-key-'));
      // A link inside a sentence is exempt (WCAG 2.5.8's "inline" exception).
      const sentence = element.closest('p, li');
      const inline = element.tagName === 'A' && sentence !== null
        && sentence.textContent.trim().length > element.textContent.trim().length + 10;
      targets.push({
        what: `${element.tagName.toLowerCase()} ${(element.getAttribute('aria-label')
          || element.textContent || element.getAttribute('role') || '').trim().slice(0, 30)}`,
        where: key || '',
        left: rect.left, top: rect.top + scrollY, width: rect.width, height: rect.height, inline,
        thumb: drawn !== element && drawn === wrapper.parentElement,
      });
    }
    for (const host of root.querySelectorAll('*')) if (host.shadowRoot) visit(host.shadowRoot);
  };
  visit(document.body);
  return targets;
}
"""

# Text cut short by its own box: an element that clips what overflows it (overflow hidden or
# clip, an ellipsis or not) and holds more text than it shows, across or down, in the page and
# its shadow roots (the stage's win-rate line read "Beats a random answer: 99%+ by the sc…" in
# presenter mode at 1280x720). A box 1 px or less is a screen reader's text, not cut.
CUT_TEXT_JS = """
(root) => {
  const cut = [];
  const visit = (node) => {
    for (const element of node.querySelectorAll('*')) {
      if (element.shadowRoot) visit(element.shadowRoot);
      if (!element.textContent.trim() || element.closest('svg')) continue;
      const style = getComputedStyle(element);
      const clips = (value) => value === 'hidden' || value === 'clip';
      if (!clips(style.overflowX) && !clips(style.overflowY)) continue;
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (element.clientWidth <= 1 || element.clientHeight <= 1) continue;
      const across = clips(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const down = clips(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if (across || down) {
        cut.push({ text: element.textContent.trim().slice(0, 80), across, down,
          shown: element.clientWidth, needed: element.scrollWidth,
          where: element.className ? String(element.className).slice(0, 40) : element.tagName });
      }
    }
  };
  visit(root || document);
  return cut;
}
"""

MIN_TARGET_PX = 24  # WCAG 2.2 2.5.8 (AA): a target, or a 24 px circle around it


def undersized_targets(targets: list[dict]) -> list[dict]:
    """Targets under 24 x 24 px without WCAG 2.5.8's spacing exception: a 24 px circle on the
    target's centre that meets another target (or another undersized target's circle)."""
    radius = MIN_TARGET_PX / 2

    def centre(target):
        return target["left"] + target["width"] / 2, target["top"] + target["height"] / 2

    def small(target):
        return target["width"] < MIN_TARGET_PX - 0.5 or target["height"] < MIN_TARGET_PX - 0.5

    def circle_meets_box(x, y, box):
        nearest_x = min(max(x, box["left"]), box["left"] + box["width"])
        nearest_y = min(max(y, box["top"]), box["top"] + box["height"])
        return (nearest_x - x) ** 2 + (nearest_y - y) ** 2 < radius**2

    failing = []
    for target in targets:
        if not small(target) or target["inline"]:
            continue
        x, y = centre(target)
        for other in targets:
            if other is target:
                continue
            ox, oy = centre(other)
            if (ox, oy) == (x, y) and other["width"] >= target["width"]:
                continue  # the same control's larger box (a thumb inside its track's input)
            crowded = circle_meets_box(x, y, other) or (
                small(other) and (ox - x) ** 2 + (oy - y) ** 2 < (2 * radius) ** 2
            )
            if crowded:
                failing.append({**target, "near": other["what"]})
                break
    return failing


INK_INSET = 0.15  # of a text box's height, off its top and bottom: the line's room, not ink
SVG_GAP_EM = 0.2  # the least gap between two chart labels, in em ("200590" had none)


def overlapping(boxes: list[dict], *, tolerance: float = 1.5) -> list[tuple[str, str]]:
    """Pairs of text boxes (two different pieces of text) whose ink overlaps by more than
    ``tolerance`` px both ways; a box's ink is its box less INK_INSET at top and bottom."""
    pairs = []
    inked = [
        {
            **box,
            "top": box["top"] + INK_INSET * (box["bottom"] - box["top"]),
            "bottom": box["bottom"] - INK_INSET * (box["bottom"] - box["top"]),
            # Chart labels need a gap: "200" and "590" touching read as "200590".
            "left": box["left"] - (SVG_GAP_EM / 2 * box["px"] if box["svg"] else 0),
            "right": box["right"] + (SVG_GAP_EM / 2 * box["px"] if box["svg"] else 0),
        }
        for box in boxes
    ]
    ordered = sorted(inked, key=lambda box: box["top"])
    for index, box in enumerate(ordered):
        for other in ordered[index + 1 :]:
            if other["top"] >= box["bottom"] - tolerance:
                break
            across = min(box["right"], other["right"]) - max(box["left"], other["left"])
            down = min(box["bottom"], other["bottom"]) - max(box["top"], other["top"])
            if across > tolerance and down > tolerance:
                if box["node"] == other["node"]:
                    continue  # two lines of one text (a wrapped heading)
                if box["math"] is not None and box["math"] == other["math"]:
                    continue  # one formula, laid out by KaTeX
                pairs.append((_named(box), _named(other)))
    return pairs


def _named(box: dict) -> str:
    return f"{box['text']!r} ({box['where']})"


def cut_by_the_screen(boxes: list[dict], width: float) -> list[dict]:
    """Text boxes that run past the screen's left or right edge (and do not scroll inside a
    widget), or past the edge of the chart (SVG) that holds them."""

    def cut(box: dict) -> bool:
        if box["scrolls"]:
            return False
        left, right, top, bottom = box["frame"] or (0, width, box["top"], box["bottom"])
        left, right = max(left, 0), min(right, width)
        return (
            box["left"] < left - 0.5
            or box["right"] > right + 0.5
            or box["top"] < top - 0.5
            or box["bottom"] > bottom + 0.5
        )

    return [box for box in boxes if cut(box)]


# Every plotly chart's legend against each of its plot areas (the rectangle inside the axes),
# in screen px: a legend that wraps to more lines than its margin holds grows over the plot
# (KL penalty's curves at 390 px); one placed inside on purpose (0 < x, y < 1 of the plot,
# with its own background) is not counted. Plot areas from plotly's own layout (each subplot's axes'
# _offset and _length), since a still chart (staticPlot) has no drag rectangles to measure.
LEGENDS_OVER_PLOTS_JS = """
() => [...document.querySelectorAll('.js-plotly-plot')].flatMap((chart) => {
  const legend = chart.querySelector('g.legend');
  const plots = chart._fullLayout && chart._fullLayout._plots;
  if (!legend || !plots) return [];
  // A legend placed inside the plot on purpose (an inset, as the KL heat map's) is exempt.
  const spec = chart._fullLayout.legend || {};
  const inside = (value) => value > 0 && value < 1;
  if (spec.xref !== 'container' && spec.yref !== 'container' && inside(spec.x) && inside(spec.y)) {
    return [];
  }
  const box = legend.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return [];
  const frame = chart.getBoundingClientRect();
  const keyed = chart.closest('[class*="st-key-"]');
  const key = keyed ? [...keyed.classList].find((c) => c.startsWith('st-key-')) : '';
  return Object.entries(plots).flatMap(([name, plot]) => {
    const left = frame.left + plot.xaxis._offset, right = left + plot.xaxis._length;
    const top = frame.top + plot.yaxis._offset, bottom = top + plot.yaxis._length;
    const across = Math.min(box.right, right) - Math.max(box.left, left);
    const down = Math.min(box.bottom, bottom) - Math.max(box.top, top);
    return across > 1 && down > 1
      ? [{ chart: key, plot: name, across: Math.round(across), down: Math.round(down) }] : [];
  });
})
"""
