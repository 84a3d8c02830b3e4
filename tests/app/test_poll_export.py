"""The class poll's histogram to take away: its counts as CSV and its picture as SVG, as the
lecturer's screen offers them (the files themselves are opened in test_browser_poll.py)."""

import xml.etree.ElementTree as ElementTree

import numpy as np

from poll_data.guesses import QUESTIONS
from ui import compute
from ui.class_poll import export

SVG_NS = "{http://www.w3.org/2000/svg}"


def test_the_counts_csv_has_one_row_per_bar_with_its_range():
    text = export.counts_csv(np.array([1, 49, 50, 10_000]), QUESTIONS["best_of_n"])
    lines = text.splitlines()
    assert lines[0] == "n_from,n_to,guesses"
    assert lines[1] == "1,1.4678,1"
    assert "46.4159,68.1292,2" in lines
    assert lines[-1] == "6812.92,10000,1"
    assert len(lines) == 25 and text.endswith("\n")


def test_beta_guesses_get_a_beta_header_and_the_kl_bins():
    lines = export.counts_csv(np.array([0.25, 1.0, 10.0]), QUESTIONS["kl"]).splitlines()
    assert lines[0] == "beta_from,beta_to,guesses"
    assert lines[1] == "0.25,0.314825,1" and lines[-1].endswith(",10,1")
    assert len(lines) == 17


def test_the_svg_draws_every_bar_and_after_the_reveal_the_true_peak():
    guesses = np.array([20, 49, 60, 150, 1000])
    before = ElementTree.fromstring(export.histogram_svg(guesses, QUESTIONS["best_of_n"]))
    rects = before.iter(f"{SVG_NS}rect")
    bars = [int(node.get("data-bar")) for node in rects if node.get("data-bar")]
    assert len(bars) == 24 and sum(bars) == 5
    texts = [node.text for node in before.iter(f"{SVG_NS}text")]
    assert "Class poll: where does true quality peak? 5 guesses of n" in texts
    assert "true peak: n = 49" not in texts
    truth = compute.best_of_n_curve(0.0, 0.0)
    after = ElementTree.fromstring(export.histogram_svg(guesses, QUESTIONS["best_of_n"], truth))
    assert "true peak: n = 49" in [node.text for node in after.iter(f"{SVG_NS}text")]


def test_the_svg_escapes_its_text():
    svg = export.histogram_svg(np.array([]), QUESTIONS["kl"])
    ElementTree.fromstring(svg)  # parses: "&" or "<" in a title would not
    assert "0 guesses of β" in svg
