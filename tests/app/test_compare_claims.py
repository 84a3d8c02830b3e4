"""Every number the Compare page's prose states, as literal strings, and each tied to core.

The page is opened in AppTest; core is called directly (never through ui) for the ties, so a
change in the math or in the page's formatting fails here.

Walked over the b and σ sliders through the pure sentence builders (ui.compare.text): which of
Gao's laws fits the exact KL optimum, the equal-KL sentence and its edge note. Each stop costs a
200-β KL curve (~0.2 s), so a fixed random sample of 40 of the 441 (b, σ) and the corners.
"""

import random

import numpy as np
import pytest
from app_pages import assert_clean, readouts
from test_beyond_pages import COMPARE, open_page

import core
from common import format as fmt
from ui import compute
from ui.compare import compute as compare_compute
from ui.compare import text as compare_text
from ui.settings import B_STOPS, SIGMA_STOPS

BETA_CURVE = core.log_spaced_betas(high=10.0, low=0.25)  # the KL optimum's curve on the page
KL_TAIL_BETAS = np.geomspace(1000.0, 0.4, 36)  # the heavy-tail experiment's β
KL_TAIL_SEEDS = range(20)


def prose(app) -> str:
    return " ".join(markdown.value for markdown in app.markdown)


def with_kl_tails_open(app):
    """What a click on the KL tails expander sends: its key set, and a rerun."""
    app.session_state["open-kl-tails"] = True
    app.run()
    assert_clean(app)
    return app


# --- Gao's laws on the exact optimum ----------------------------------


def test_the_exact_optimum_follows_the_best_of_n_law_at_b_sigma_0():
    text = prose(open_page(COMPARE))
    assert (
        "Here the exact KL optimum follows Gao's *best-of-n* law (R² = 1.00) better than the "
        "RL law (R² = 0.37)." in text
    )
    assert "PPO does not reach the exact optimum of its objective" in text
    fitted = BETA_CURVE >= 0.5
    curve = core.kl_optimum(BETA_CURVE[fitted])
    assert round(core.fit_gao(curve.kl, curve.gold_gain, form="best_of_n").r_squared, 2) == 1.0
    assert round(core.fit_gao(curve.kl, curve.gold_gain, form="rl").r_squared, 2) == 0.37


def test_where_the_rl_law_fits_as_well_the_page_says_so():
    text = prose(open_page(COMPARE, {"b": "0.2"}))
    assert "Gao's RL law fits the exact KL optimum (R² = 1.00) at least as well" in text
    assert "follows Gao's *best-of-n* law" not in text


# --- both methods at equal KL ----------------------------------------------


@pytest.mark.parametrize(
    ("query", "sentence"),
    [
        (
            {},
            "At KL = 2.91 nats (best-of-n at n = 49) best-of-n gets more true quality: +1.31 "
            "for best-of-n against +0.50 for the KL optimum, whose reward model score is +3.41 "
            "against +2.99.",
        ),
        (
            {"b": "0.2"},
            "At KL = 2.91 nats (best-of-n at n = 49) the KL optimum gets more true quality: "
            "+2.28 for best-of-n against +2.39 for the KL optimum, whose reward model score is "
            "+3.06 against +2.77.",
        ),
    ],
)
def test_equal_kl_sentence_names_the_method_ahead(query, sentence):
    app = open_page(COMPARE, query)
    assert_clean(app)
    assert sentence in prose(app)


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.2, 0.0), (1.0, 2.0), (0.0, 2.0)])
def test_equal_kl_table_is_core_at_matching_kl(b, sigma):
    query = {key: str(value) for key, value in (("b", b), ("sigma", sigma)) if value}
    app = open_page(COMPARE, query)
    assert_clean(app)
    table = app.dataframe[1].value
    assert table["best-of-n: n"].tolist() == [4, 49, 590]
    bon = core.best_of_n(np.array([4.0, 49.0, 590.0]), b=b, sigma=sigma)
    kl = core.kl_optimum(table["KL optimum: β"].to_numpy(), b=b, sigma=sigma, exact=True)
    np.testing.assert_allclose(table["best-of-n: KL (nats)"], bon.kl, rtol=1e-12)
    np.testing.assert_allclose(table["true quality: best-of-n"], bon.gold_gain, rtol=1e-12)
    np.testing.assert_allclose(table["true quality: KL optimum"], kl.gold_gain, rtol=1e-12)
    np.testing.assert_allclose(table["reward model: KL optimum"], kl.proxy_gain, rtol=1e-12)
    # The β was chosen so the two KLs agree (secant steps: to ~1e-10 nats).
    np.testing.assert_allclose(table["KL optimum: KL (nats)"], bon.kl, rtol=0, atol=1e-8)


def test_at_b_sigma_0_best_of_n_beats_the_kl_optimum_at_equal_kl_from_core():
    bon = core.best_of_n(49)
    betas = np.geomspace(2.0, 0.3, 4000)
    curve = core.kl_optimum(betas)
    at = int(np.argmin(np.abs(curve.kl - bon.kl)))
    assert f"{bon.kl:.2f}" == "2.91"
    assert f"{bon.gold_gain:+.2f}" == "+1.31" and f"{curve.gold_gain[at]:+.2f}" == "+0.50"
    assert f"{curve.proxy_gain[at]:+.2f}" == "+3.41"


# --- heavy tails under the KL optimum ---------------------------------


def kl_tails_from_core(kind):
    runs = [
        core.kl_optimum(KL_TAIL_BETAS, b=1.0, sigma=1.0, errors=kind, error_seed=seed)
        for seed in KL_TAIL_SEEDS
    ]
    return {
        name: np.array([getattr(run, name) for run in runs])
        for name in ("kl", "proxy_gain", "gold_gain")
    }


def test_heavy_tails_under_the_kl_optimum_as_the_page_states_them():
    app = with_kl_tails_open(open_page(COMPARE, {"tails": "heavy"}))
    text = prose(app)
    assert (
        "at β = 43.7 the KL optimum has moved only KL = 0.61 nats, its reward model score is up "
        "+32.5, and true quality is -0.12 (-3.97 to +0.60 over the draws; light tails at that "
        "KL: +1.43)" in text
    )
    assert "barely rises first (at most +0.04): the tallest of 58,081 errors is about ten" in text
    assert (
        "reward model +284, true quality -6.86 on average (-33.4 to +5.9; 16 of 20 draws "
        "below the base model)" in text
    )
    assert readouts(app)[3:] == ["0.61", "+32.47", "-0.12", "-6.86"]
    heavy = kl_tails_from_core("heavy")
    at = 14  # β = 43.7, the step whose mean KL is nearest 1 nat (in log KL)
    assert f"{KL_TAIL_BETAS[at]:.3g}" == "43.7"
    assert f"{heavy['kl'][:, at].mean():.2f}" == "0.61"
    assert f"{heavy['proxy_gain'][:, at].mean():+.1f}" == "+32.5"
    assert f"{heavy['gold_gain'][:, at].mean():+.2f}" == "-0.12"
    assert f"{heavy['gold_gain'].mean(axis=0).max():+.2f}" == "+0.04"
    assert f"{heavy['gold_gain'][:, -1].mean():+.2f}" == "-6.86"
    assert f"{heavy['proxy_gain'][:, -1].mean():+.0f}" == "+284"
    assert int((heavy["gold_gain"][:, -1] < 0).sum()) == 16


def band_mass(kind, beta):
    """Per draw, the KL optimum's mass within 0.5 of the grid's edge (the outer 10 points of
    241 on each side), summed directly over the policy."""
    outer = np.zeros(241, dtype=bool)
    outer[:10] = outer[-10:] = True
    band = outer[:, None] | outer[None, :]
    masses = []
    for seed in KL_TAIL_SEEDS:
        proxy = core.proxy_field(b=1.0) + core.cell_errors(kind, seed)
        log_weight = core.world.base_log_weight() + proxy / beta
        policy = np.exp(log_weight - log_weight.max())
        masses.append(policy[band].sum() / policy.sum())
    return np.array(masses), band.mean()


def test_the_heavy_readouts_say_where_the_grids_edge_holds_their_optimum():
    app = with_kl_tails_open(open_page(COMPARE, {"tails": "heavy"}))
    notes = [info.value for info in app.info]
    assert any(
        note.startswith("Near the grid's edge: in 2 of the 20 heavy draws the tallest spike")
        and "from β ≈ 7.3 down 10% of the averaged optimum" in note
        and "That band holds 16% of the grid's cells" in note
        for note in notes
    ), notes
    heavy, share = band_mass("heavy", 0.4)  # the curve's end
    assert int((heavy >= 0.05).sum()) == 2 and round(heavy.mean(), 2) == 0.10
    assert round(share, 2) == 0.16
    assert band_mass("heavy", KL_TAIL_BETAS[22])[0].mean() >= 0.05  # β = 7.31, the first
    assert band_mass("heavy", KL_TAIL_BETAS[21])[0].mean() < 0.05  # β = 9.15
    assert f"{KL_TAIL_BETAS[22]:.2g}" == "7.3"
    assert band_mass("heavy", 43.7)[0].mean() < 0.001  # the probe: clear of the edge
    light, _ = band_mass("light", 0.4)
    assert light.max() < 0.01  # 0.5% at most: light tails' end is clear of the edge
    light_app = with_kl_tails_open(open_page(COMPARE))
    assert not [info.value for info in light_app.info if "Near the grid's edge" in info.value]


def test_light_tails_under_the_kl_optimum_as_the_page_states_them():
    app = with_kl_tails_open(open_page(COMPARE))
    assert (
        "With light tails the KL optimum's true quality keeps rising as β falls: +1.65 at "
        "KL = 0.90 nats, +3.51 at β = 0.4 (KL = 6.5)" in prose(app)
    )
    assert readouts(app)[3:] == ["0.90", "+2.49", "+1.65", "+3.51"]
    light = kl_tails_from_core("light")
    mean_gold = light["gold_gain"].mean(axis=0)
    assert np.all(np.diff(mean_gold) > 0)
    assert f"{mean_gold[-1]:+.2f}" == "+3.51" and f"{light['kl'][:, -1].mean():.1f}" == "6.5"


def test_the_kl_tails_open_on_request_and_follow_the_switch():
    app = open_page(COMPARE)
    assert [expander.label for expander in app.expander] == [
        "The KL optimum with these tails in every grid cell: its numbers and chart"
    ]
    assert len(readouts(app)) == 3  # best-of-n's only: the 40 KL problems are not computed
    assert "The switch above picks the tails" not in prose(app)
    with_kl_tails_open(app)
    assert readouts(app)[3:] == ["0.90", "+2.49", "+1.65", "+3.51"]
    app.button_group(key="tails").set_value("heavy").run()
    assert_clean(app)
    assert readouts(app)[3:] == ["0.61", "+32.47", "-0.12", "-6.86"]  # still open


def test_the_page_cites_both_heavy_tail_sources_and_their_light_tailed_finding():
    text = prose(open_page(COMPARE))
    assert "Thomas & Kwa (2023) showed it for selection" in text
    assert "Kwa, Thomas & Garriga-Alonso (2024) proved it for the KL-penalized objective" in text
    assert "found them consistent with *light* tails" in text


def test_gao_findings_on_the_kl_penalty_and_reward_model_size_are_on_the_page():
    text = prose(open_page(COMPARE))
    assert "it acted like stopping the run early" in text
    assert "reward models from 3M to 3B parameters" in text


def test_the_grids_cell_count_and_the_tallest_error_ratio_as_stated():
    app = with_kl_tails_open(open_page(COMPARE, {"tails": "heavy"}))
    text = prose(app)
    assert "every one of its 58,081 cells gets its own independent error" in text
    assert "about ten times the tallest of 600 (√(58,081/600) ≈ 9.8)" in text
    assert core.GRID_POINTS**2 == 58_081 and core.ANSWER_COUNT == 600
    assert f"{np.sqrt(58_081 / 600):.1f}" == "9.8"


def test_the_equal_kl_table_notes_a_capped_kl_optimum_and_only_then():
    capped = open_page(COMPARE, {"b": "1", "sigma": "1"})
    assert_clean(capped)
    notes = [info.value for info in capped.info]
    assert (
        "Capped by the grid's edge at β = 0.306 (best-of-n's n = 590): answers stop at length "
        "or substance 6, and 16% of this optimum sits within 0.5 of it" in " ".join(notes)
    ), notes
    table = capped.dataframe[1].value
    masses = table["KL optimum: mass near the edge"].to_numpy()
    kl = core.kl_optimum(table["KL optimum: β"].to_numpy(), b=1.0, sigma=1.0, exact=True)
    np.testing.assert_allclose(masses, kl.edge_mass, rtol=1e-12)
    assert round(float(masses[2]), 2) == 0.16 and masses[1] < 0.05  # the sentence's n = 49
    plain = open_page(COMPARE)
    assert not [info.value for info in plain.info if "best-of-n's n =" in info.value]
    assert plain.dataframe[1].value["KL optimum: mass near the edge"].max() < 0.002


WALKED = [(b, sigma) for b in B_STOPS for sigma in SIGMA_STOPS]
SAMPLE = sorted(random.Random(28).sample(WALKED, 40))
SAMPLE += [(0.0, 0.0), (0.0, 2.0), (1.0, 0.0), (1.0, 2.0), (0.2, 1.0)]


@pytest.mark.parametrize(("b", "sigma"), SAMPLE)
def test_which_law_fits_the_exact_optimum_is_cores_fit(b, sigma):
    betas = compute.BETA_CURVE[compute.BETA_CURVE >= compare_compute.GAO_BETA_LOW]
    result = core.kl_optimum(betas, b=b, sigma=sigma)
    r_squared = {
        form: core.fit_gao(result.kl, result.gold_gain, form=form).r_squared
        for form in ("best_of_n", "rl")
    }
    words = compare_text.why_best_of_n_law(compare_compute.gao_panel(b, sigma))
    bon, rl = (fmt.number(round(r_squared[form], 2)) for form in ("best_of_n", "rl"))
    if round(r_squared["best_of_n"], 2) > round(r_squared["rl"], 2):
        assert words.startswith(
            f"Here the exact KL optimum follows Gao's *best-of-n* law (R² = {bon}) better than "
            f"the RL law (R² = {rl})."
        ), words
    else:
        assert words.startswith(
            f"Here Gao's RL law fits the exact KL optimum (R² = {rl}) at least as well as the "
            f"best-of-n law (R² = {bon})"
        ), words


@pytest.mark.parametrize(("b", "sigma"), SAMPLE)
def test_the_equal_kl_sentence_is_cores_at_the_same_kl(b, sigma):
    equal = compare_compute.equal_kl(b, sigma)
    words = compare_text.equal_kl_sentence(equal)
    n = compare_compute.EQUAL_KL_N[1]
    bon = core.best_of_n(float(n), b=b, sigma=sigma)
    beta = float(equal.beta[1])
    optimum = core.kl_optimum(beta, b=b, sigma=sigma, exact=True)
    assert float(optimum.kl) == pytest.approx(float(bon.kl), rel=1e-6)  # the same KL
    # Stated at an optimum clear of the grid's edge, so the comparison is the trade-off's.
    assert float(optimum.edge_mass) < core.EDGE_CAPPED_MASS
    bon_gold, opt_gold = fmt.signed(float(bon.gold_gain)), fmt.signed(float(optimum.gold_gain))
    assert words.startswith(f"At KL = {fmt.number(float(bon.kl))} nats (best-of-n at n = {n}) ")
    assert f": {bon_gold} for best-of-n against {opt_gold} for the KL optimum, " in words
    assert words.endswith(
        f"whose reward model score is {fmt.signed(float(optimum.proxy_gain))} against "
        f"{fmt.signed(float(bon.proxy_gain))}."
    )
    ahead = round(float(bon.gold_gain), 2) - round(float(optimum.gold_gain), 2)
    if ahead > 0:
        assert "best-of-n gets more true quality" in words
    elif ahead < 0:
        assert "the KL optimum gets more true quality" in words
    else:
        assert "both get the same true quality" in words
    # The table's edge note: there exactly where one of its optima is capped.
    masses = [
        float(core.kl_optimum(float(x), b=b, sigma=sigma, exact=True).edge_mass) for x in equal.beta
    ]
    note = compare_text.equal_kl_edge_note(equal)
    assert (note is not None) == (max(masses) >= core.EDGE_CAPPED_MASS)
    if note:
        assert f"{round(100 * max(masses))}% of this optimum" in note
    assert np.all(np.diff(equal.beta) < 0)  # more n, more KL, smaller β
