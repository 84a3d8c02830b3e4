"""A page's main chart drawn as plain SVG and HTML, shown until plotly's own drawing arrives.

On a first visit plotly's code is Streamlit's largest bundle (1.4 MB gzipped): at a lecture
hall's 1.5 Mbit/s it is asked for only once the page's first run arrives (~8 s) and the chart
waited until ~20 s. The sketch comes in that first run (a few KB), is drawn at once by the
browser (no script), and hides itself when plotly's drawing of the same chart appears (CSS in
ui/page_css.py). It draws what the figure holds: its title, the plot areas of every axis pair,
axis lines, ticks and titles, grid lines, line and marker traces, bars, heatmaps and filled
contours (as a coarse image), and line shapes; no legend, no annotations, no hover.

Pure: a go.Figure in, HTML out; positions across are fractions of the width (CSS ``calc``).
"""

from __future__ import annotations

import base64
import html
import logging
import math
import re
import struct
import zlib
from urllib.parse import quote

import numpy as np
import plotly.graph_objects as go

VIEW = 1000  # a plot area's own coordinates: 0-1000 across and down, stretched to its box
IMAGE_CELLS = 96  # a heatmap's image at most this many cells a side (a sketch, ~5-15 KB)
DEFAULT_MARGIN = {"l": 80, "r": 80, "t": 100, "b": 80}  # plotly's own
DEFAULT_HEIGHT = 450  # plotly's own
DEFAULT_COLOURS = ("#636EFA", "#EF553B", "#00CC96", "#AB63FA", "#FFA15A")  # plotly's colorway
DASHES = {"dot": "2 4", "dash": "8 6", "longdash": "14 6", "dashdot": "8 4 2 4"}
SVG_SAFE = " =/:;,.-_()'"  # left as they are in an SVG's data address: shorter, still valid
TICK_TARGET = 6  # about as many ticks as plotly's autoticks give a chart this size
log = logging.getLogger(__name__)


def as_array(values) -> np.ndarray:
    """A trace's values as floats: a list, an array, or plotly's typed-array form (a dict of
    ``dtype``, base64 ``bdata`` and ``shape``, what a figure rebuilt from JSON holds)."""
    if isinstance(values, dict) and "bdata" in values:
        flat = np.frombuffer(base64.b64decode(values["bdata"]), dtype=np.dtype(values["dtype"]))
        shape = values.get("shape")
        if isinstance(shape, str):
            shape = tuple(int(part) for part in shape.split(","))
        return (flat.reshape(shape) if shape else flat).astype(float)
    return np.asarray(values, dtype=float)


def _text(value) -> str:
    """Plotly's text without its tags (<b>, <br>), escaped for HTML."""
    return html.escape(re.sub(r"\s+", " ", re.sub(r"<br\s*/?>|<[^>]+>", " ", str(value or ""))))


def nice_ticks(low: float, high: float, count: int = TICK_TARGET) -> list[float]:
    """Round values (1, 2 or 5 times a power of ten apart) from ``low`` to ``high``."""
    if not (math.isfinite(low) and math.isfinite(high)) or high <= low:
        return [low] if math.isfinite(low) else []
    raw = (high - low) / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(factor * power for factor in (1, 2, 2.5, 5, 10) if factor * power >= raw)
    first = math.ceil(low / step - 1e-9) * step
    return [round(first + index * step, 12) for index in range(int((high - first) / step) + 1)]


def tick_label(value: float) -> str:
    return f"{value:g}".replace("-", "−")


class Axis:
    """One axis: its scale (linear or log), its range, in plot-area units (0-VIEW)."""

    def __init__(self, layout_axis: dict, values: list[np.ndarray], *, across: bool) -> None:
        self.spec = layout_axis
        self.log = layout_axis.get("type") == "log"
        self.across = across
        given = layout_axis.get("range")
        if given is not None and None not in given:
            low, high = (float(bound) for bound in as_array(given).ravel()[:2])
        else:
            found = [self._scaled(v) for v in values if v.size]
            found = [v[np.isfinite(v)] for v in found]
            found = [v for v in found if v.size]
            low = min((float(v.min()) for v in found), default=0.0)
            high = max((float(v.max()) for v in found), default=1.0)
            if high <= low:
                low, high = low - 1, high + 1
            elif not across:  # plotly pads a value axis a little: the lines clear the frame
                pad = 0.05 * (high - low)
                low, high = low - pad, high + pad
        self.low, self.high = low, high
        self.domain = tuple(layout_axis.get("domain") or (0.0, 1.0))

    def _scaled(self, values) -> np.ndarray:
        values = as_array(values).ravel()
        if self.log:
            with np.errstate(divide="ignore", invalid="ignore"):
                return np.log10(values)
        return values

    def position(self, values) -> np.ndarray:
        """Where values sit in the plot area, 0-VIEW (down is up for a y axis)."""
        fraction = (self._scaled(values) - self.low) / (self.high - self.low)
        return VIEW * (fraction if self.across else 1 - fraction)

    def ticks(self) -> list[tuple[float, str]]:
        """(position 0-VIEW, label) of each tick inside the range."""
        if self.spec.get("tickvals") is not None:
            # as_array: a figure refitted through its JSON holds numpy tickvals as {dtype,
            # bdata} (the poll's histogram: no sketch, and a warning on every refit).
            values = [float(v) for v in as_array(self.spec["tickvals"]).ravel()]
            labels = [str(t) for t in (self.spec.get("ticktext") or map(tick_label, values))]
        elif self.log:
            values = [10.0**p for p in range(math.ceil(self.low), math.floor(self.high) + 1)]
            labels = [tick_label(v) for v in values]
        else:
            values = nice_ticks(self.low, self.high)
            labels = [tick_label(v) for v in values]
        spots = self.position(values)
        return [
            (float(spot), label)
            for spot, label in zip(spots, labels, strict=False)
            if math.isfinite(spot) and -0.5 <= spot <= VIEW + 0.5
        ]


def _png(rgb: np.ndarray) -> bytes:
    """An RGB image (h, w, 3) of uint8 as PNG bytes (no filter; zlib from the standard library)."""
    height, width, _ = rgb.shape
    rows = b"".join(b"\0" + rgb[row].tobytes() for row in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 6))
        + chunk(b"IEND", b"")
    )


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.strip()
    if colour.startswith("#") and len(colour) == 7:
        return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    numbers = [float(part) for part in re.findall(r"[\d.]+", colour)[:3]]
    return tuple(int(n) for n in numbers) if len(numbers) == 3 else (128, 128, 128)


def _colour_image(trace, x_axis: Axis, y_axis: Axis) -> str:
    """A heatmap's or filled contour's z as a coarse image over its x and y extent."""
    z = as_array(trace.z)
    if z.ndim != 2 or not z.size:
        return ""
    step_y, step_x = (max(1, -(-size // IMAGE_CELLS)) for size in z.shape)
    z = z[::-step_y, ::step_x]  # the image's first row is the top: the largest y
    finite = z[np.isfinite(z)]
    low = trace.zmin if trace.zmin is not None else float(finite.min(initial=0))
    high = trace.zmax if trace.zmax is not None else float(finite.max(initial=1))
    scale = trace.colorscale or ((0, "#FFFFFF"), (1, "#000000"))
    stops = np.array([float(stop) for stop, _ in scale])
    colours = np.array([_rgb(colour) for _, colour in scale], dtype=float)
    fraction = np.clip((np.nan_to_num(z, nan=low) - low) / ((high - low) or 1), 0, 1)
    rgb = np.stack([np.interp(fraction, stops, colours[:, c]) for c in range(3)], axis=-1)
    xs = as_array(trace.x if trace.x is not None else np.arange(z.shape[1]))
    ys = as_array(trace.y if trace.y is not None else np.arange(z.shape[0]))
    left, right = x_axis.position([xs.min(), xs.max()])
    top, bottom = y_axis.position([ys.max(), ys.min()])
    data = base64.b64encode(_png(rgb.round().astype(np.uint8))).decode()
    return (
        f'<image href="data:image/png;base64,{data}" x="{left:.1f}" y="{top:.1f}" '
        f'width="{right - left:.1f}" height="{bottom - top:.1f}" preserveAspectRatio="none"/>'
    )


def _stroke(line, colour: str, *, width: float = 2) -> str:
    dash = DASHES.get((line.dash if line is not None else None) or "", "")
    width = (line.width if line is not None and line.width is not None else width) or width
    return (
        f'fill="none" stroke="{html.escape(colour)}" stroke-width="{width:g}" '
        f'vector-effect="non-scaling-stroke" stroke-linejoin="round"'
        + (f' stroke-dasharray="{dash}"' if dash else "")
    )


def _path(xs: np.ndarray, ys: np.ndarray) -> str:
    """An SVG path through the points, broken where a value is missing."""
    parts, pen_down = [], False
    for x, y in zip(xs, ys, strict=False):
        if not (math.isfinite(x) and math.isfinite(y)):
            pen_down = False
            continue
        parts.append(f"{'L' if pen_down else 'M'}{x:.1f} {y:.1f}")
        pen_down = True
    return "".join(parts)


def _trace_marks(trace, index: int, x_axis: Axis, y_axis: Axis) -> str:
    kind = trace.type
    if kind in ("heatmap", "contour"):
        if kind == "contour" and (trace.contours.coloring or "fill") in ("lines", "none"):
            return ""
        return _colour_image(trace, x_axis, y_axis)
    if trace.x is None or trace.y is None:
        return ""
    colour_default = DEFAULT_COLOURS[index % len(DEFAULT_COLOURS)]
    xs, ys = x_axis.position(trace.x), y_axis.position(trace.y)
    if kind == "bar":
        colour = trace.marker.color if isinstance(trace.marker.color, str) else colour_default
        spacing = np.diff(np.sort(xs))
        half = 0.4 * (float(spacing[spacing > 0].min()) if (spacing > 0).any() else VIEW / 2)
        base = float(y_axis.position([0])[0])
        rects = "".join(
            f"M{x - half:.1f} {base:.1f}V{y:.1f}H{x + half:.1f}V{base:.1f}Z"
            for x, y in zip(xs, ys, strict=False)
            if math.isfinite(x) and math.isfinite(y)
        )
        return f'<path d="{rects}" fill="{html.escape(colour)}"/>'
    if kind != "scatter":
        return ""
    mode = trace.mode or "lines"
    marks = []
    if "lines" in mode:
        colour = trace.line.color or colour_default
        marks.append(f'<path d="{_path(xs, ys)}" {_stroke(trace.line, colour)}/>')
    if "markers" in mode:
        colours = trace.marker.color
        colours = [colours] * len(xs) if colours is None or isinstance(colours, str) else colours
        size = trace.marker.size if isinstance(trace.marker.size, int | float) else 6
        for x, y, colour in zip(xs, ys, colours, strict=False):
            if math.isfinite(x) and math.isfinite(y) and isinstance(colour, str | None):
                marks.append(
                    f'<path d="M{x:.1f} {y:.1f}h0" stroke="{html.escape(colour or colour_default)}"'
                    f' stroke-width="{size:g}" stroke-linecap="round" '
                    'vector-effect="non-scaling-stroke"/>'
                )
    return "".join(marks)


def _shape_marks(shapes, x_axis: Axis, y_axis: Axis, x_name: str, y_name: str) -> str:
    """Line shapes on this pair of axes (data or domain coordinates)."""
    marks = []
    for shape in shapes:
        if shape.get("type") != "line":
            continue
        x_ref, y_ref = shape.get("xref", "x"), shape.get("yref", "y")
        if x_ref.split()[0] != x_name or y_ref.split()[0] != y_name:
            continue
        xs = [shape.get("x0", 0), shape.get("x1", 0)]
        ys = [shape.get("y0", 0), shape.get("y1", 0)]
        xs = VIEW * np.array(xs, float) if "domain" in x_ref else x_axis.position(xs)
        ys = VIEW * (1 - np.array(ys, float)) if "domain" in y_ref else y_axis.position(ys)
        line = go.layout.shape.Line(shape.get("line") or {})
        marks.append(f'<path d="{_path(xs, ys)}" {_stroke(line, line.color or "#444", width=1)}/>')
    return "".join(marks)


def _axis_labels(axis: Axis, font_size: float) -> str:
    """The tick labels and the title of one axis, placed in HTML around its plot area."""
    spans = []
    size = f"font-size:{font_size:g}px"
    for spot, label in axis.ticks():
        percent = 100 * spot / VIEW
        if axis.across:
            place = f"left:{percent:.2f}%;top:calc(100% + 6px);transform:translateX(-50%)"
        else:
            place = f"top:{percent:.2f}%;right:calc(100% + 6px);transform:translateY(-50%)"
        spans.append(f'<span style="{place};{size}">{html.escape(label)}</span>')
    title = (axis.spec.get("title") or {}).get("text")
    if title:
        title_size = ((axis.spec.get("title") or {}).get("font") or {}).get("size", font_size)
        if axis.across:
            place = "left:50%;top:calc(100% + 1.9em);transform:translateX(-50%)"
        else:
            place = "top:50%;right:calc(100% + 3.2em);transform:translate(50%,-50%) rotate(-90deg)"
        spans.append(f'<span style="{place};font-size:{title_size:g}px">{_text(title)}</span>')
    return "".join(spans)


def _grid(axis: Axis) -> str:
    colour = axis.spec.get("gridcolor") or "#EEEEEE"
    if axis.spec.get("showgrid") is False:
        return ""
    lines = []
    for spot, _ in axis.ticks():
        d = f"M{spot:.1f} 0V{VIEW}" if axis.across else f"M0 {spot:.1f}H{VIEW}"
        lines.append(f'<path d="{d}" {_stroke(None, colour, width=1)}/>')
    return "".join(lines)


def sketch(figure: go.Figure) -> str:
    """The figure as HTML (an SVG per plot area, text in HTML), ``height`` px tall."""
    layout = figure.layout.to_plotly_json()
    height = float(layout.get("height") or DEFAULT_HEIGHT)
    margin = {**DEFAULT_MARGIN, **(layout.get("margin") or {})}
    font_size = float((layout.get("font") or {}).get("size") or 12)
    family = (layout.get("font") or {}).get("family") or "sans-serif"
    plot_height = height - margin["t"] - margin["b"]
    pairs = {}  # (x axis name, y axis name) -> traces
    for trace in figure.data:
        x_name = (getattr(trace, "xaxis", None) or "x").replace("xaxis", "x")
        y_name = (getattr(trace, "yaxis", None) or "y").replace("yaxis", "y")
        pairs.setdefault((x_name, y_name), []).append(trace)
    areas = []
    for (x_name, y_name), traces in pairs.items():
        x_spec = layout.get(x_name.replace("x", "xaxis", 1)) or {}
        y_spec = layout.get(y_name.replace("y", "yaxis", 1)) or {}
        x_axis = Axis(x_spec, [_values(t, "x") for t in traces], across=True)
        y_axis = Axis(y_spec, [_values(t, "y") for t in traces], across=False)
        (x0, x1), (y0, y1) = x_axis.domain, y_axis.domain
        inner = f"(100% - {margin['l'] + margin['r']}px)"
        top = margin["t"] + plot_height * (1 - y1)
        box = (
            f"left:calc({margin['l']}px + {inner} * {x0:g});width:calc({inner} * {x1 - x0:g});"
            f"top:{top:.0f}px;height:{plot_height * (y1 - y0):.0f}px"
        )
        marks = "".join(_trace_marks(t, i, x_axis, y_axis) for i, t in enumerate(traces))
        frame = ""
        if x_spec.get("showline"):
            frame += f'<path d="M0 {VIEW}H{VIEW}" {_stroke(None, "#1A1A1A", width=1)}/>'
        if y_spec.get("showline"):
            frame += f'<path d="M0 0V{VIEW}" {_stroke(None, "#1A1A1A", width=1)}/>'
        shapes = _shape_marks(layout.get("shapes") or [], x_axis, y_axis, x_name, y_name)
        areas.append(
            f'<div class="rh-sketch-area" style="{box}">'
            f"{_svg_image(_grid(x_axis) + _grid(y_axis) + marks + shapes + frame)}"
            f"{_axis_labels(x_axis, font_size)}{_axis_labels(y_axis, font_size)}</div>"
        )
    title = layout.get("title") or {}
    title_html = ""
    if title.get("text"):
        title_size = (title.get("font") or {}).get("size", font_size * 1.2)
        title_html = (
            f'<div class="rh-sketch-title" style="left:{margin["l"]}px;font-size:{title_size:g}px">'
            f"{_allowed_tags(title['text'])}</div>"
        )
    return (
        f'<div class="rh-sketch" aria-hidden="true" style="height:{height:.0f}px;'
        f'font-family:{html.escape(family, quote=True)}">'
        f"{title_html}{''.join(areas)}</div>"
    )


def _svg_image(content: str) -> str:
    """A plot area's marks as an image of SVG (st.html's sanitizer keeps an <img> with a data
    address, and drops inline <svg>): stretched to the area, its lines keep their width."""
    document = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW} {VIEW}" '
        f'preserveAspectRatio="none">{content}</svg>'
    )
    return f'<img alt="" src="data:image/svg+xml,{quote(document, safe=SVG_SAFE)}">'


def sketch_or_nothing(figure: go.Figure) -> str:
    """:func:`sketch`, or "" (logged) for a figure it cannot draw: the page then waits for
    plotly as before, and never shows a traceback for a sketch."""
    try:
        return sketch(figure)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
        log.warning("chart sketch: none for this figure (%s: %s)", type(error).__name__, error)
        return ""


def _allowed_tags(text: str) -> str:
    """Title text escaped, keeping only plotly's <b> and <br> (as HTML's)."""
    escaped = html.escape(str(text))
    return re.sub(r"&lt;(/?b|br\s*/?)&gt;", lambda match: f"<{match.group(1)}>", escaped)


def _values(trace, name: str) -> np.ndarray:
    values = getattr(trace, name, None)
    if values is None:
        return np.array([])
    try:
        return as_array(values).ravel()
    except (TypeError, ValueError):  # category names: not sketched
        return np.array([])


# In the page's CSS (ui/page_css.py), before any chart: the sketch lies over its chart's room out
# of the flow from its first frame (no room, no gap: its box's other children are out of the
# flow too), and is hidden once plotly has drawn the chart there (the sketch's wrapper the
# subject: "a box with plotly's SVG: its sketch" restyled the box's subtree at each plotly step).
SKETCH_CSS = """
[class*="st-key-described-"]:has([class*="st-key-sketch-"]) { position: relative; }
[class*="st-key-described-"] > :is([class*="st-key-sketch-"], :has([class*="st-key-sketch-"])) {
  position: absolute !important; top: 0; left: 0; right: 0; height: 0; z-index: 1; }
[class*="st-key-described-"] > :is([class*="st-key-sketch-"], :has([class*="st-key-sketch-"])):has(
  ~ * .main-svg) { display: none; }
.rh-sketch { position: absolute; left: 0; right: 0; top: 0; z-index: 1; overflow: hidden;
  background: white; color: #1A1A1A; line-height: 1.15; pointer-events: none; }
.rh-sketch-area { position: absolute; }
.rh-sketch-area img { position: absolute; inset: 0; width: 100%; height: 100%; }
.rh-sketch-area span { position: absolute; white-space: nowrap; }
.rh-sketch-title { position: absolute; top: 20px; }
"""
