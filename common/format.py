"""Every number the screen writes, and every "name = value", in one place (pure, no Streamlit).

Pages, sentences, figure labels and the stage's world all take their text from here, so a
gain reads the same in a readout, a sentence and a hover: +0.52, -1.24, never -0.00. The
stage's JavaScript twin (``format.js``) is checked against this module on the same cases
(``scripts/js_fixtures.py`` writes them to ``tests/js/fixtures/format_cases.json``).

Negative numbers carry the ASCII hyphen-minus "-", as every readout, sentence and the
lesson's own table have printed them since the first release (plotly's axes draw their own
"−", and formulas keep "−" as an operator: "log n − (n−1)/n"). Rounding is Python's: correct,
exact binary ties to even (0.125 -> "0.12"); format.js reproduces it.
"""

from __future__ import annotations

from common.i18n import tr

MINUS = "-"  # ASCII, as the screen has always printed it (see above)
GAIN_DECIMALS = 2  # gains, KL and fitted values: 0.01 reward units, the lesson's precision
EXTRA_DECIMALS = 2  # a gain that rounds to 0.00 gets up to 2 more to show its sign
COUNTED = frozenset({"n", "k", "m"})  # symbols of whole numbers: written 10,000, not 10000
SMALLEST_SHARE = 1e-4  # below 0.01% a share is written "less than 0.01%" (no exponent form)
SHORT_FROM = 10_000  # axis ticks from here on are written "10k" (as the stage's and plotly's)


def signed(value: float, *, decimals: int = GAIN_DECIMALS) -> str:
    """A gain, always with its sign: "+0.52", "-1.24"; never "-0.00".

    A value that rounds to zero at ``decimals`` but is not zero gets the decimals that show
    its sign, up to two more (best-of-n's true quality at n = 590 is -0.0014: "-0.001", below
    the base model, as the story says); anything smaller is float noise and prints "+0.00".
    """
    for places in range(decimals, decimals + EXTRA_DECIMALS + 1):
        text = f"{value:+.{places}f}"
        if float(text) != 0:
            return text
    return f"{0:+.{decimals}f}"


def number(value: float, *, decimals: int = GAIN_DECIMALS) -> str:
    """A value at fixed decimals, with no plus sign: "0.06", "1.00"; never "-0.00"."""
    text = f"{value:.{decimals}f}"
    return text[1:] if float(text) == 0 and text.startswith(MINUS) else text


def kl(value: float) -> str:
    """A KL divergence in nats, as the readouts print it: "11.02", "0.06"."""
    return number(value)


def percent(share: float, *, decimals: int = 0) -> str:
    """A share of 1 as a percent: 0.14 → "14%"."""
    return f"{100 * share:.{decimals}f}%"


def share_percent(share: float) -> str:
    """A share of 1 as a percent that never rounds a share away: "65%", but "0.33%" (not
    "0%": best-of-n's single best answer at n = 2), "less than 0.01%", and "more than 99%"
    (not "100%") for a share short of 1."""
    if 0 < share < SMALLEST_SHARE:
        return tr("less than {share}", share=f"{SMALLEST_SHARE:.2%}")
    if share > 0 and round(100 * share) == 0:
        return f"{100 * share:.2g}%"
    if share < 1 and round(100 * share) >= 100:
        return tr("more than {share}", share="99%")
    return percent(share)


def stop(value: float) -> str:
    """A setting's value as its slider and URL write it: "0.6", "49", "10000" (never "4.0")."""
    return f"{value:g}"


def significant(value: float, *, digits: int) -> str:
    """A measured value to ``digits`` significant digits: 0.3664 → "0.366" (3), 1.5 (2)."""
    return f"{value:.{digits}g}"


def rounded(value: float, *, digits: int = 3) -> str:
    """A measured value to ``digits`` significant digits, never in exponent form: "0.315",
    "14.7", "1,470", "10,000" (a histogram bar's ends; "%{x:.3g}" wrote "1.47e+3")."""
    text = significant(value, digits=digits)
    return count(float(text)) if "e+" in text else text


def typed(value: float) -> str:
    """A number someone typed, said back to them: up to 6 significant digits, thousands
    separated: "49.5", "1,000.2", "0.333" (the poll's "… rounded to a whole number")."""
    return _grouped(f"{value:,.6g}")


def count(value: float) -> str:
    """A whole number with thousands separators: "590", "10,000"."""
    return _grouped(f"{value:,.0f}")


def _grouped(text: str) -> str:
    """``text``'s thousands separators in the reader's language: a comma in English; in German
    a narrow no-break space ("10 000", as DIN 1333 and the SI write it): there "10,000" reads
    as ten, the comma being the decimal sign. Decimals keep their point in every language,
    as the sliders and formulas write them."""
    separator = tr(",")  # the catalogue's entry for the thousands separator
    return text if separator == "," else text.replace(",", separator)


def tick(value: float, *, short_from: float = SHORT_FROM) -> str:
    """An axis tick: "0.25", "1,000", and from ``short_from`` on "10k"."""
    if value >= short_from:
        return f"{stop(value / 1000)}k"
    return count(value) if float(value).is_integer() else stop(value)


def named(
    symbol: str, value: float, *, decimals: int | None = None, digits: int | None = None
) -> str:
    """A setting by its symbol: "β = 0.3", "n = 10,000", "σ = 1"; "b = 0.99" with decimals,
    "β = 0.366" with 3 significant digits (a β between the slider's stops).

    Whole-number settings (n, k, m) get thousands separators; the others their slider form.
    """
    if decimals is not None:
        text = number(value, decimals=decimals)
    elif digits is not None:
        text = significant(value, digits=digits)
    else:
        text = setting_value(symbol, value)
    return f"{symbol} = {text}"


def setting_value(symbol: str, value: float) -> str:
    """The value part of :func:`named`: "10,000" for n, "0.3" for β."""
    return count(value) if symbol in COUNTED else stop(value)
