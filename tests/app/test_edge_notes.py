"""The grid's edge on every page that shows the KL optimum: a note where core's edge check caps
it (5% or more of it within 0.5 of the edge, or true quality moving by more than 0.1 on a grid
twice as wide), none where it passes."""

import json

import numpy as np
import pytest
from app_pages import assert_clean, open_page
from streamlit.testing.v1 import AppTest

import core
from ui import compute, edge_note, slack_text, style
from ui.playground import worlds
from ui.settings import BETA_STOPS, N_STOPS

pytestmark = pytest.mark.slow  # make test-fast leaves it out: most tests open a page in AppTest

NAMES_THE_EDGE = "Capped by the grid's edge"


def notes_text(app: AppTest) -> str:
    """Every info box on the page (the edge notes are info boxes, apart from URL warnings)."""
    return "\n".join(info.value for info in app.info)


def open_clean(page: str, query: dict) -> AppTest:
    """``page`` as a visitor opening a link with ``query`` sees it, with no error on it."""
    app = open_page(page, query)
    assert_clean(app)
    return app


def test_the_note_names_the_edge_and_says_how_much_sits_there():
    assert edge_note.edge_note(0.4626, "β = 0.25") == (
        "Capped by the grid's edge at β = 0.25: answers stop at length or substance 6, and 46% "
        "of this optimum sits within 0.5 of it, so its numbers describe the edge, not the "
        "trade-off."
    )
    assert edge_note.edge_hover(0.0829) == "capped by the grid's edge (8% within 0.5 of it)"
    # 5% is capped, just under is not; the lesson's own β = 0.3 row (2.1%) is not.
    assert edge_note.is_capped(0.05) and not edge_note.is_capped(0.0499)
    assert edge_note.edge_note(0.021) is None and edge_note.edge_hover(0.021) == ""


def test_the_edge_check_caps_what_the_five_percent_rule_passes():
    """β = 0.3, b = 0.05, σ = 2: 3.3% at the edge, +0.29 on the grid, +3.82 on a ±12 grid."""
    check = core.edge_check(0.3, b=0.05, sigma=2.0)
    assert edge_note.edge_note(check.edge_mass, "β = 0.3") is None  # the 5% rule alone
    assert edge_note.edge_note(check.edge_mass, "β = 0.3", check) == (
        "Capped by the grid's edge at β = 0.3: answers stop at length or substance 6, and on a "
        "grid twice as wide this optimum's true quality is +3.82, not +0.29, so its numbers "
        "describe the edge, not the trade-off."
    )
    assert edge_note.edge_hover(check.edge_mass, check) == (
        "capped by the grid's edge (true quality +3.82 on a grid twice as wide)"
    )
    # The lesson's own last row passes the check (2.1%, −4.37 against −4.44 with room).
    lesson = core.edge_check(0.3)
    assert not lesson.capped and edge_note.edge_note(lesson.edge_mass, "β = 0.3", lesson) is None
    # Where the mass is 5% or more, the mass's words, whatever the wider grid says.
    step = core.edge_check(0.3, b=0.2, sigma=1.0)
    assert "and 8% of this optimum sits" in edge_note.edge_note(step.edge_mass, "β = 0.3", step)


@pytest.mark.parametrize(
    "query, percent",
    [
        ({"beta": "0.25", "b": "0.2", "sigma": "1"}, "46%"),
        ({"beta": "0.3", "b": "0.2", "sigma": "1"}, "8%"),
        ({"beta": "0.25"}, "8%"),
        ({"beta": "0.3"}, None),  # the lesson's row: 2.1%
        ({"beta": "0.6", "sigma": "0.5"}, None),  # 0.01%
        ({"beta": "0.4", "sigma": "1"}, None),  # 0.098%
        # 3.3% at the edge, but +0.29 on the grid against +3.82 on a grid twice as wide
        ({"beta": "0.3", "b": "0.05", "sigma": "2"}, "+3.82, not +0.29"),
    ],
)
def test_the_kl_penalty_page_notes_a_capped_optimum_beside_its_readouts(query, percent):
    app = open_clean("pages/kl_penalty.py", query)
    text = notes_text(app)
    if percent is None:
        assert NAMES_THE_EDGE not in text
    elif percent.endswith("%"):
        assert f"{NAMES_THE_EDGE} at β = {query['beta']}:" in text
        assert f"and {percent} of this optimum sits within 0.5 of it" in text
    else:
        assert f"{NAMES_THE_EDGE} at β = {query['beta']}:" in text
        assert f"on a grid twice as wide this optimum's true quality is {percent}, so" in text
    # The lesson's table ends at β = 0.3: capped only where the reward model errs (8.3% here).
    table_capped = query.get("sigma") in ("1", "2") and query.get("b") in ("0.2", "0.05")
    assert (f"{NAMES_THE_EDGE} at β = 0.3, the table's last row:" in text) is table_capped


@pytest.mark.parametrize(
    "query, capped",
    [({"b": "0.2", "sigma": "1"}, True), ({"b": "0.2"}, False), ({"b": "1"}, False)],
)
def test_compare_notes_the_capped_stretch_of_the_kl_curve(query, capped):
    app = open_clean("pages/compare.py", query)
    text = notes_text(app)
    assert ("The KL curve is capped by the grid's edge from β ≈" in text) is capped
    if capped:  # the curve's end, β = 0.25, has 46% there
        assert "up to 46% of the optimum sits within 0.5 of it there" in text


def test_compares_hover_marks_the_capped_points_of_the_kl_curve_only():
    app = open_clean("pages/compare.py", {"b": "0.2", "sigma": "1"})
    figure = json.loads(app.get("plotly_chart")[0].proto.spec)
    kl_gold = next(t for t in figure["data"] if t["name"] == "KL optimum: true quality")
    assert kl_gold["hovertemplate"] == "%{customdata}"  # the gain as common/format.py writes it
    assert kl_gold["customdata"][0] == "+0.26"  # β = 10
    assert kl_gold["customdata"][-1] == "+3.69 · capped by the grid's edge (46% within 0.5 of it)"
    best_of_n = next(t for t in figure["data"] if t["name"] == "best-of-n: true quality")
    assert best_of_n["customdata"][-1] == "+1.54"  # no edge: nothing after the gain


@pytest.mark.parametrize(
    "query, capped",
    [
        ({"pairs": "5000", "spread": "0.1", "prior": "0"}, True),
        ({"pairs": "200000", "spread": "1", "prior": "0"}, False),
    ],
)
def test_the_reward_model_page_notes_its_capped_kl_curve(query, capped):
    # The fitted model's own curve: b = -1.40 (a padding bonus) runs to the edge from β ≈ 3.2
    # (100% there at β = 0.25); b ≈ 1: 4.3%.
    app = open_clean("pages/reward_model.py", query)
    text = notes_text(app)
    assert ("The KL curve is capped by the grid's edge" in text) is capped
    if capped:
        assert "from β ≈ 3.2 down" in text and "up to 100% of the optimum" in text


@pytest.mark.parametrize(
    "query, left_out",
    [
        ({"b": "0.2", "sigma": "1"}, "β = 0.3 and 0.25 are left out"),  # 8.3% and 46%
        ({"b": "0.2", "sigma": "0"}, ""),  # 4.3% at β = 0.25
        ({"b": "0.6", "sigma": "0"}, ""),
    ],
)
def test_the_defenses_page_reads_its_strongest_kl_stop_clear_of_the_edge(query, left_out):
    app = open_clean("pages/defenses.py", query)
    text = " ".join(block.value for block in app.markdown)
    strongest = "β = 0.35" if left_out else "β = 0.25"
    assert f"clear of the grid's edge (n = 10,000, {strongest}" in text
    assert ("left out: capped by the grid's edge)." in text) is bool(left_out)
    assert left_out in text
    # No readout stands on a capped stop, so no capped note is needed beside them.
    assert f"{NAMES_THE_EDGE} at β" not in notes_text(app)


def test_the_slack_sentence_at_the_defaults_states_core_numbers():
    slack = core.slack(beta_stops=BETA_STOPS, n_stops=N_STOPS)
    peak, strongest = core.best_of_n(49), core.best_of_n(10000)
    assert f"{peak.gold_gain - strongest.gold_gain:.2f}" == "2.40"
    assert (f"{peak.gold_gain:+.2f}", f"{strongest.gold_gain:+.2f}") == ("+1.31", "-1.08")
    assert worlds.slack_line("n", slack.best_of_n) == (
        "Stop at the peak, n = 49, instead of n = 10,000: end 2.40 higher in true quality "
        "(+1.31 against -1.08), for 14% of the reward model's score. Finding the peak takes an "
        "oracle for true quality; “slack” is the word of the essay this demo grew from, not the "
        "literature's."
    )
    # β = 0.25 (8.4% on the edge) is left out: the strongest stop compared is 0.3.
    assert worlds.slack_line("beta", slack.kl).endswith(
        "β = 0.25 is left out: capped by the grid's edge."
    )
    # The stage's one line speaks from the student's stop (β = 0.3: "Back off to β = 1: +5.37
    # true quality, -4.65 score"; β = 0.25, capped, names only the peak clear of the edge):
    # tests/app/test_slack_claims.py.
    # One home: the Defenses page says the same sentence, without whose word it is.
    assert slack_text.slack_sentence("β", slack.kl, stops=BETA_STOPS) == (
        "Stop at the peak, β = 1, instead of β = 0.3: end 5.37 higher in true quality "
        "(+1.00 against -4.37), for 70% of the reward model's score. "
        "β = 0.25 is left out: capped by the grid's edge."
    )


def test_no_slack_sentence_concludes_from_a_capped_stop():
    # b = 0.2, σ = 1: β = 0.25 rises to +3.69 only on the edge (46%); β = 0.35 holds 1.3% at
    # the edge but moves +1.33 -> +1.57 on a ±12 grid (the edge check caps it). Clear of them
    # the KL optimum peaks at β = 0.5 and falls to β = 0.4.
    slack = core.slack(beta_stops=BETA_STOPS, n_stops=N_STOPS, b=0.2, sigma=1.0)
    assert slack.kl.left_out == 3
    line = worlds.slack_line("beta", slack.kl)
    assert "no slack to take" not in line
    assert line.startswith("Stop at the peak, β = 0.5, instead of β = 0.4: end 0.06 higher ")
    assert line.endswith("β = 0.35, 0.3 and 0.25 are left out: capped by the grid's edge.")
    # By edge mass alone (the Defenses page's rule) β = 0.35 is the strongest read.
    by_mass = core.slack(beta_stops=BETA_STOPS, n_stops=N_STOPS, b=0.2, sigma=1.0, edge="mass")
    assert by_mass.kl.left_out == 2 and by_mass.kl.strongest_pressure == 0.35


def test_the_stage_world_carries_the_note_for_capped_stops_only():
    world = json.loads(worlds.build_world_json(0.2, 1.0))
    notes = dict(zip(world["beta"]["stops"], world["beta"]["edge"]["notes"], strict=True))
    # The stage's short note (two lines in the slack's place): at 0.25 and 0.3 by the edge mass
    # (46%, 8%); at 0.35, 1.3% at the edge, but on a ±12 grid its true quality is +1.57, not
    # +1.33 (core's edge check, as the KL penalty page's whole sentence says).
    short = "Capped by the grid's edge: these numbers describe the edge, not the trade-off."
    assert [notes[stop] for stop in ("0.35", "0.3", "0.25")] == [short] * 3
    assert all(notes[stop] == "" for stop in world["beta"]["stops"][:-3])
    hover = world["beta"]["edge"]["hover"]
    assert len(hover) == len(world["beta"]["curve"]["pressure"])
    assert hover[0] == "" and hover[-1] == "capped by the grid's edge (46% within 0.5 of it)"
    # The curve's capped stretch (drawn dotted, "edge"): the points the wider grid moves by
    # more than 0.1, or whose edge mass is >= 5%, decided here from a direct ±12 solve.
    from tests.core.wide_grid import passes

    curve = compute.kl_curve(0.2, 1.0)
    expected = [
        not passes(beta, 0.2, 1.0, gold, mass) if mass > 1e-6 else False
        for beta, gold, mass in zip(curve.pressure, curve.gold_gain, curve.edge_mass, strict=True)
    ]
    assert world["beta"]["edge"]["capped"] == expected
    assert sum(expected) == 22  # β from 0.37 down to 0.25 (13 by the edge mass alone)
    assert "edge" not in world["n"]
    lesson = json.loads(worlds.build_world_json(0.0, 0.0))["beta"]["edge"]["notes"]
    assert [note != "" for note in lesson] == [False] * 19 + [True]  # only β = 0.25: 8.4%


# --- every KL chart draws its capped stretch so it cannot be read as the trade-off ---------


def capped_figures():
    """Each page's KL chart at a setting whose strongest stretch is capped (σ = 1: 17% of the
    optimum at β = 0.25): (figure as plain JSON, the edge mass along its KL curve)."""
    from ui import compute, fitted_model_figures
    from ui.compare import compute as compare_compute
    from ui.compare import figures as compare_figures
    from ui.defenses import cached_figures
    from ui.defenses import compute as defense_compute
    from ui.kl_penalty import figures as kl_penalty_figures
    from ui.reward_model import compute as reward_model_compute

    past = compute.kl_curve(0.0, 1.0, past_edge=True)
    panel = compare_compute.gao_panel(0.0, 1.0)
    defended = defense_compute.summary(0.2, 1.0).kl
    fitted = reward_model_compute.fitted_model(
        reward_model_compute.reward_model_fit(5000, 0.1, 1.0, 0.0)
    )
    return {
        "kl_page": (kl_penalty_figures.grid_against_closed_form(0.5, 0.0, 1.0), past.edge_mass),
        # The Reward model page's fitted model at 5,000 pairs, spread 0.1: capped from β ≈ 3.2
        "reward_model": (
            fitted_model_figures.overoptimization(
                fitted.kl, best_of_n=False, b=fitted.fit.b, model="the fitted model"
            ),
            fitted.kl.edge_mass,
        ),
        "compare": (compare_figures.gao_chart(panel), panel.kl_edge_mass),
        # b = 0.2, σ = 1: the capped stretch begins at β = 0.3 (d = 2.66), inside Gao's d <= 3
        "compare_in_view": (
            compare_figures.gao_chart(compare_compute.gao_panel(0.2, 1.0)),
            compare_compute.gao_panel(0.2, 1.0).kl_edge_mass,
        ),
        # b′ = b: both curves share one edge (each is split by its own)
        "defenses": (cached_figures.padding_learned(0.2, 0.2, 1.0), defended.edge_mass),
    }


@pytest.mark.parametrize(
    "name", ["kl_page", "reward_model", "compare", "compare_in_view", "defenses"]
)
def test_every_kl_chart_draws_its_capped_stretch_dotted_faded_and_marked_edge(name):
    figure, edge_mass = capped_figures()[name]
    data = [trace.to_plotly_json() | {"x": trace.x, "y": trace.y} for trace in figure.data]
    capped = np.asarray(edge_mass) >= 0.05
    if name == "kl_page":  # drawn from core's edge check: checked here against core's
        past = compute.kl_curve(0.0, 1.0, past_edge=True)
        capped = np.asarray(core.edge_check(past.pressure, b=0.0, sigma=1.0).capped)
        assert (capped & (np.asarray(edge_mass) < 0.05)).any()  # more than the 5% rule
    if name.startswith("compare"):  # the grid's KL curve, by core's edge check too
        from ui.compare import compute as compare_compute

        b = 0.0 if name == "compare" else 0.2
        panel = compare_compute.gao_panel(b, 1.0)
        capped = np.asarray(core.edge_check(panel.kl_beta, b=b, sigma=1.0).capped)
    assert capped.any() and not capped.all()
    faded = [trace for trace in data if "at the grid's edge" in trace.get("name", "")]
    assert faded, "a dotted stretch for the capped points"
    for trace in faded:
        assert trace["line"]["dash"] == "dot" and trace["opacity"] < 0.5
        assert trace["showlegend"] is False

    # The word "edge", in a trace of its own (the faded line's opacity would fade it too), and
    # only where the capped stretch is in view: a chart with a fixed x range may end before it.
    def in_view(x, trace) -> bool:  # on the trace's own x axis (Defenses has two subplots)
        axis = figure.layout[trace.get("xaxis", "x").replace("x", "xaxis")]
        shown = np.log10(x) if axis.type == "log" else x  # a log axis's range is in log10
        return axis.range is None or min(axis.range) <= shown <= max(axis.range)

    labels = [trace for trace in data if trace.get("mode") == "text"]
    capped_in_view = any(
        in_view(x, trace)
        for trace in faded
        for x, y in zip(trace["x"], trace["y"], strict=True)
        if y is not None and not np.isnan(y)
    )
    assert bool(labels) == capped_in_view, len(labels)
    assert all(list(t["text"]) == ["edge"] and in_view(t["x"][0], t) for t in labels)
    assert all(style.contrast_ratio(trace["textfont"]["color"]) >= 4.5 for trace in labels)
    # The solid line of the same curve (just before it) draws nothing on a capped point, the
    # faded one nothing on a clear point but the one where they meet.
    for index, trace in enumerate(data):
        if trace not in faded:
            continue
        solid = data[index - 1]
        assert solid["line"]["color"] == trace["line"]["color"] and "opacity" not in solid
        assert np.array_equal(np.asarray(solid["x"], float), np.asarray(trace["x"], float))
        solid_y = np.asarray(solid["y"], dtype=float)
        faded_y = np.asarray(trace["y"], dtype=float)
        assert solid_y.size == capped.size
        assert np.isnan(solid_y[capped]).all() and not np.isnan(solid_y[~capped]).any()
        assert not np.isnan(faded_y[capped]).any()
        assert np.count_nonzero(~np.isnan(faded_y[~capped])) == 1


@pytest.mark.parametrize(
    ("b", "sigma", "stated"),
    [
        # docs/design.md §16: at σ = 0 / 0.5 / 1 β = 0.3 holds 2.1% / 1.3% / 1.2% and
        # β = 0.25 8.4% / 8.8% / 17.2%: the capped stretch starts between, inside the slider.
        (
            0.0,
            0.0,
            # β = 0.3 passes (2.1%, −4.37 against −4.44 with room); from 0.29 the
            # wider grid moves true quality by more than 0.1
            "at b = 0, σ = 0 from β ≈ 0.29 down, inside the slider's range (at its "
            "last stop, β = 0.25, 8% of the optimum sits there)",
        ),
        (
            0.0,
            0.5,
            "from β ≈ 0.26 down, inside the slider's range (at its last stop, β = 0.25, "
            "9% of the optimum sits there)",
        ),  # 8.8%, rounded (not cut to 8%)
        (
            0.2,
            1.0,
            # β = 0.35: 1.3% at the edge, +1.33 on the grid, +1.57 with room
            "from β ≈ 0.37 down, inside the slider's range (at its last stop, β = 0.25, "
            "46% of the optimum sits there)",
        ),
        (0.2, 0.0, "from β ≈ 0.24 down, beyond the slider (at its last stop, β = 0.25, 4% of "),
    ],
)
def test_the_kl_pages_edge_caption_names_where_the_capped_stretch_starts(b, sigma, stated):
    from ui.kl_penalty import text as kl_penalty_text
    from ui.kl_penalty.compute import edge_reading

    assert stated in kl_penalty_text.edge_caption(edge_reading(b, sigma))
    edge = core.kl_optimum(0.25, b=b, sigma=sigma).edge_mass
    assert f"{100 * edge:.0f}%" in stated
    # The start is the weakest β the edge check caps: the next β of the curve up is clear.
    betas = core.log_spaced_betas(high=10, low=0.1)
    start = betas[np.asarray(core.edge_check(betas, b=b, sigma=sigma).capped)].max()
    assert f"β ≈ {start:.2g} down" in stated


def test_the_kl_page_shows_the_edge_caption():
    app = open_clean("pages/kl_penalty.py", {"sigma": "0.5"})
    assert any("from β ≈ 0.26 down" in caption.value for caption in app.caption)
    assert not any("bites below" in caption.value for caption in app.caption)


def test_a_curve_capped_only_by_the_wider_grid_says_how_far_true_quality_moves():
    """b = 0.2, σ = 1 down to β = 0.35: only 0.35 is capped (1.3% at the edge, true quality
    +1.33 on the grid and +1.57 on a ±12 grid): the note says the move, not a mass."""
    betas = np.array([1.0, 0.5, 0.4, 0.35])
    check = core.edge_check(betas, b=0.2, sigma=1.0)
    assert list(check.capped) == [False, False, False, True]
    shift = np.asarray(check.wide_gold_gain) - np.asarray(check.gold_gain)
    moved = f"{abs(shift[-1]):.2f}"
    assert moved == "0.24"
    assert edge_note.curve_note(betas, check.edge_mass) is None  # the 5% rule alone: nothing
    assert edge_note.curve_note(betas, check.edge_mass, check.capped, shift) == (
        "The KL curve is capped by the grid's edge from β ≈ 0.35 down: answers stop at length "
        f"or substance 6, and on a grid twice as wide true quality there moves by up to {moved}, "
        "so that stretch describes the edge, not the trade-off."
    )
    suffixes = edge_note.hover_suffixes(check.edge_mass, edge_note.split_check(check))
    assert suffixes[:3] == ["", "", ""]
    assert (
        suffixes[3] == " · capped by the grid's edge (true quality +1.57 on a grid twice as wide)"
    )
    # A core.Curve carries its check: the same sentence from the curve itself.
    curve = core.kl_curve(betas, b=0.2, sigma=1.0)
    assert edge_note.curve_note_of(curve) == edge_note.curve_note(
        betas, check.edge_mass, check.capped, shift
    )
    assert edge_note.capped_from(betas, check.edge_mass, check.capped) == 0.35
