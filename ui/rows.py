"""The kinds of row in the settings table (``ui.settings``): a slider, a switch, a seed (pure).

Each kind says how its values are written in the URL (``url_text``) and read back from it
(``parse``, through ``ui.url_values``: the nearest valid value and a plain note).
"""

from __future__ import annotations

from dataclasses import dataclass

from ui.url_values import parse_choice, parse_seed, parse_setting, url_form


@dataclass(frozen=True)
class Setting:
    """A slider row: what it means, where it can stop, how it reads from a URL, its pages."""

    key: str  # the widget key and the URL parameter name
    symbol: str  # how text and notes write it: "β", "the rater noise"
    label: str  # the slider's label (Markdown)
    help: str  # the slider's tooltip: what the setting is, which way is more pressure
    stops: tuple[float, ...]  # every value the slider can take, left to right
    default: float
    log_scale: bool  # nearest stop by ratio (β, n) rather than by difference (b, σ)
    pages: tuple[str, ...]  # the pages that draw it (see PAGES)
    hint: str = ""  # one visible line under a slider (a projector shows no tooltips)

    @property
    def low(self) -> float:
        return min(self.stops)

    @property
    def high(self) -> float:
        return max(self.stops)

    @property
    def valid(self) -> tuple[float, ...]:
        """Every value the setting can hold."""
        return self.stops

    def url_text(self, value: float) -> str:
        """How a stop is written in the URL: 0.6, 49 (never 4.0)."""
        return url_form(value)

    def parse(self, raw_values: list[str]) -> tuple[float, str | None]:
        """The stop a URL's values ask for and a plain note if they were not usable."""
        return parse_setting(self, raw_values)


@dataclass(frozen=True)
class Choice:
    """An option row: a switch between named options, bound to the URL by the option's name."""

    key: str  # the widget key and the URL parameter name
    symbol: str  # how a note names it: "the error tails"
    label: str  # the switch's label
    help: str  # its tooltip: what each option does
    options: tuple[str, ...]  # the options' names, as the URL writes them (?against=kl)
    default: str
    pages: tuple[str, ...]  # the pages that draw it (see PAGES)
    words: tuple[str, ...] = ()  # what the buttons say, one per option (the URL's name if none)

    @property
    def valid(self) -> tuple[str, ...]:
        """Every value the setting can hold."""
        return self.options

    def button_text(self, option: str) -> str:
        """What the option's button says: words ("KL from the base model"), not the URL's
        short name ("kl"), which a reader would not know."""
        if not self.words:
            return option
        return dict(zip(self.options, self.words, strict=True)).get(option, option)

    def url_text(self, value: str) -> str:
        """The option's own name: ?tails=heavy is what a lecturer would type."""
        return str(value)

    def parse(self, raw_values: list[str]) -> tuple[str, str | None]:
        """The option a URL's values ask for and a plain note if they were not usable."""
        return parse_choice(self, raw_values)


@dataclass(frozen=True)
class Seed:
    """A seed row: a whole number in [0, limit) that buttons set, not a slider's stop.

    Its default, None, is no seed (the lesson's fixed answers); a URL value it cannot use is
    dropped with a note, since the nearest number to "abc" would mean nothing.
    """

    key: str  # the URL parameter name (no widget holds it)
    symbol: str  # how a note names it: "answer set"
    limit: int  # seeds are whole numbers from 0 to limit - 1
    pages: tuple[str, ...]  # the pages that read it (see PAGES)
    default: None = None  # no seed: the lesson's fixed answers

    def url_text(self, value: int) -> str:
        """How a seed is written in the URL: "7" (a larger number wraps into the range)."""
        return str(int(value) % self.limit)

    def parse(self, raw_values: list[str]) -> tuple[int | None, str | None]:
        """The seed a URL's values ask for (None: none) and a plain note if unusable."""
        return parse_seed(self, raw_values)
