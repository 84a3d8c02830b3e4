"""The dark theme's colours: each colour of ui/style.py's palette and its counterpart on a dark
page, for the stage's CSS (``light-dark()``, which follows Streamlit's theme: the app's view
sets ``color-scheme`` to its theme's) and for plotly's figures (recoloured when
``st.context.theme.type`` is "dark"; ui/charts.py). Pure: no Streamlit, no plotly.

Dark text colours are >= 4.5:1 on Streamlit's dark background (#0E1117) and on its secondary
one (#262730); lines and marks >= 3:1 (WCAG 1.4.11), as tests/app/test_themes.py checks.
"""

from __future__ import annotations

import re

DARK_BACKGROUND = "#0E1117"  # Streamlit's dark theme's background
# Light colour (as ui/style.py writes it, upper case) -> its dark counterpart.
DARK = {
    "#FFFFFF": DARK_BACKGROUND,  # the paper
    "#1A1A1A": "#FAFAFA",  # INK: 18.1:1 on the dark background
    "#4D4D4D": "#B8B8B8",  # MUTED: 9.5:1
    "#444444": "#BBBBBB",  # BOUND
    "#0072B2": "#3D9DDB",  # PROXY (3.6:1 as it was): 6.3:1
    "#946300": "#E69F00",  # GOLD_TEXT: 8.4:1
    "#007A5A": "#2BC49A",  # KL_METHOD_TEXT: 8.5:1
    "#A8507F": "#D98FB8",  # BEST_OF_N_TEXT: 7.7:1
    "#DDDDDD": "#33363F",  # RULE: faint grid lines
    "#ECECEC": "#2A2D35",  # STAGE_GRID
    "#EEEEEE": "#2A2D35",  # the chart sketch's grid
    "#F3F3F3": "#262730",  # BUTTON: Streamlit's dark secondary background
    "#E6E6E6": "#3A3C47",  # BUTTON_PRESSED
    "#BDBDBD": "#5A5D66",  # TRACK
    "#B35C00": "#E08A2E",  # EDGE_NOTE_RULE: 7.1:1
    "#FFFBF2": "#15171D",  # true quality's palest band (the worst) and the KL policy's
    "#F8DFA8": "#6B5016",
    "#CDEDE3": "#12473A",
}
NAMED = {"white": "#FFFFFF"}  # colour names the figures and CSS use
_HEX = re.compile(r"#[0-9A-Fa-f]{6}\b")
_RGBA_WHITE = re.compile(r"rgba\(255,\s*255,\s*255,\s*(?P<alpha>[0-9.]+)\)")


def dark(colour: str) -> str:
    """A colour's dark counterpart (itself where the palette has none: GOLD, KL_METHOD, ...)."""
    key = NAMED.get(colour.strip().lower(), colour.strip()).upper()
    return DARK.get(key, colour)


def dark_text(text: str) -> str:
    """Every palette colour in ``text`` (CSS, SVG) replaced by its dark counterpart."""
    text = _HEX.sub(lambda match: dark(match.group()), text)
    text = re.sub(r"(?<![\w-])white(?![\w-])", DARK_BACKGROUND, text)
    return _RGBA_WHITE.sub(lambda match: f"rgba(14, 17, 23, {match['alpha']})", text)


def dark_figure_json(value):
    """A figure's JSON (``figure.to_plotly_json()``) with every colour string darkened: its
    fonts, backgrounds, axes, traces and colour scales. Lists of numbers are left as they are."""
    if isinstance(value, dict):
        return {key: dark_figure_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        if value and isinstance(value[0], int | float) and not isinstance(value[0], bool):
            return value  # coordinates: no colour among them
        return [dark_figure_json(item) for item in value]
    if isinstance(value, str) and (value.startswith("#") or value.lower() in NAMED):
        return dark(value)
    if isinstance(value, str) and value.startswith("rgba(255"):
        return dark_text(value)
    return value


def css_pair(light: str) -> str:
    """``light-dark(light, dark)`` for a palette colour (the light one alone if it has none)."""
    counterpart = dark(light)
    return light if counterpart == light else f"light-dark({light}, {counterpart})"


def palette_css(selector: str, colours: dict[str, str]) -> str:
    """The palette as CSS custom properties on ``selector`` ("--ink: #1A1A1A; ..."), then as
    ``light-dark()`` pairs where the browser has it, and the SVG marks the stage draws in the
    palette's ink or white (attributes from the world's palette) following them."""
    light = " ".join(f"--{name}: {colour};" for name, colour in colours.items())
    both = " ".join(f"--{name}: {css_pair(colour)};" for name, colour in colours.items())
    ink, paper = colours.get("ink", "#1A1A1A"), colours.get("paper", "#FFFFFF")
    scopes = [f"{part.strip()} svg" for part in selector.split(",")]

    def rule(attribute: str, values: tuple[str, ...]) -> str:
        selectors = ", ".join(
            f'{scope} [{attribute}="{value}" i]' for scope in scopes for value in values
        )
        return f"{selectors} {{ {attribute}: var(--{'ink' if values[0] == ink else 'paper'}); }}"

    marks = " ".join((rule("stroke", (ink,)), rule("fill", (ink,)), rule("fill", (paper, "white"))))
    return (
        f"{selector} {{ {light} }}\n"
        f"@supports (color: light-dark(white, black)) {{ {selector} {{ {both} }} }}\n{marks}\n"
    )
