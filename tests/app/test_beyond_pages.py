"""The Reward model and Compare pages in AppTest: they render, every slider moves at both ends,
hostile URLs are safe, and every number they state equals core's."""

import json
from urllib.parse import parse_qsl

import numpy as np
import pytest
from app_pages import assert_clean, open_page, readouts, warnings_text
from streamlit.testing.v1 import AppTest

import core
from common import format as fmt
from ui import page_css
from ui.compare.compute import ERROR_SEEDS, GAO_BETA_LOW, TAILS_N
from ui.compute import BETA_CURVE, N_CURVE
from ui.reward_model.compute import COMPARISON_SEED
from ui.settings import SETTINGS
from ui.url_values import nearest_stop, url_form

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens a page in AppTest

REWARD_MODEL = "pages/reward_model.py"
COMPARE = "pages/compare.py"
REWARD_KEYS = ("pairs", "spread", "noise", "prior")


def slider_values(app: AppTest) -> dict:
    return {slider.key: slider.value for slider in app.select_slider}


def fitted(pairs, spread, noise, prior) -> core.BradleyTerryFit:
    choices = core.comparisons(pairs, length_spread=spread, rater_noise=noise, seed=COMPARISON_SEED)
    return core.fit_bradley_terry(choices, prior=prior)


def fitted_optimum(fit: core.BradleyTerryFit) -> core.RoomOptimum:
    """Both optimizers on the fit's own score (core.room_optimum, as the rating room's)."""
    return core.room_optimum(
        fit, betas=BETA_CURVE, counts=N_CURVE, lowest_peak_beta=SETTINGS["beta"].low
    )


def expected_reward_readouts(pairs, spread, noise, prior) -> list[str]:
    """What the Reward model page must show, computed from core alone: the fit, what the
    comparisons carry of b, and where true quality peaks when the fitted model is optimized."""
    fit = fitted(pairs, spread, noise, prior)
    if not core.substance_is_clear(fit):
        return ["not defined"] * 6
    low, high = fit.b_interval
    optimum = fitted_optimum(fit)
    every_n = np.arange(1, 10_001)
    bon = optimum.best_of_n
    answers = core.answers()
    proxy = fit.scaled_reward(answers.length, answers.substance)
    bon_gold = core.best_of_n_over(
        every_n, proxy=proxy, gold=answers.gold, length=answers.length, substance=answers.substance
    ).gold_gain
    bon_peak = int(every_n[np.argmax(bon_gold)])
    clear = np.flatnonzero(optimum.kl.edge_mass < core.EDGE_CAPPED_MASS)
    if clear.size == 0:  # every point capped by the grid's edge: read them all, as core does
        clear = np.arange(BETA_CURVE.size)
    kl_peak = float(BETA_CURVE[clear[np.argmax(optimum.kl.gold_gain[clear])]])
    share = core.data_share(fit)
    return [
        fmt.number(fit.b),
        f"{fmt.number(low)} to {fmt.number(high)}",
        fmt.number(fit.length_ratio),
        "100%" if share == 1 else fmt.share_percent(share),
        "n ≥ 10,000" if bon_peak == 10_000 and bon.peak_pressure == 10_000 else f"n = {bon_peak:,}",
        f"β ≤ {BETA_CURVE[clear[-1]]:.3g}"
        if kl_peak == BETA_CURVE[clear[-1]]
        else f"β = {kl_peak:.3g}",
    ]


# Each chart's room before plotly's code arrives (ui/charts.py), at the figure's own height.
REWARD_ROOMS = [
    "<style>.st-key-fitted-plane { min-height: 460px; }</style>",
    "<style>.st-key-rm-bon { min-height: 400px; }</style>",
    "<style>.st-key-rm-kl { min-height: 400px; }</style>",
]
COMPARE_ROOMS = [
    "<style>.st-key-gao-chart { min-height: 560px; }</style>",
    "<style>.st-key-tails-chart { min-height: 400px; }</style>",
]


@pytest.mark.parametrize(
    ("page", "keys", "rooms"),
    [(REWARD_MODEL, REWARD_KEYS, REWARD_ROOMS), (COMPARE, ("b", "sigma"), COMPARE_ROOMS)],
)
def test_pages_render_without_exception(page, keys, rooms):
    app = open_page(page)
    assert_clean(app)
    assert app.title
    assert tuple(slider_values(app)) == keys
    bodies = [html.proto.body for html in app.get("html")]
    # The main chart's sketch, drawn before plotly arrives (ui/chart_sketch.py): one, no script.
    sketches = [body for body in bodies if body.startswith('<div class="rh-sketch')]
    assert len(sketches) == 1 and "<script" not in sketches[0].lower()
    assert [body for body in bodies if body not in sketches] == [page_css.CSS.strip(), *rooms]


def test_reward_model_defaults_match_core():
    app = open_page(REWARD_MODEL)
    defaults = [SETTINGS[key].default for key in REWARD_KEYS]
    assert readouts(app) == expected_reward_readouts(*defaults)
    assert any("DPO" in info.value and "π_ref·exp(r/β)" in info.value for info in app.info)
    fit = fitted(*defaults)
    b_stop = url_form(nearest_stop(SETTINGS["b"], fit.b))
    assert app.get("page_link")[0].proto.label == f"Open the Playground at b = {b_stop}"
    assert any(
        caption.value.startswith(f"b = {b_stop} is the b step nearest this fit's")
        for caption in app.caption
    )
    # What the page is for, at its defaults: 10,000 narrow comparisons with no prior learn that
    # length is good (0.94) and leave b open (0.02, interval -1.94 to 1.98); the fitted model's
    # own KL optimum peaks and then falls (3.87), as the words say; its best-of-n does not fall
    # on these 600 answers, and the words say that too.
    assert readouts(app)[:4] == ["0.02", "-1.94 to 1.98", "0.94", "100%"]
    optimum = fitted_optimum(fit)
    assert optimum.kl.peak_gold_gain - optimum.kl.gold_gain[-1] > 3.8
    text = " ".join(markdown.value for markdown in app.markdown)
    assert "true quality peaks at β = 0.789 (+1.19), then falls by 3.87 to -2.69" in text
    assert "Best-of-n over the 600 answers, on the fitted model: true quality rises all" in text
    assert "Narrow comparisons teach that length is good" in text
    assert "The curves are drawn at" not in text  # no other model's curves


@pytest.mark.parametrize("key", REWARD_KEYS)
def test_each_reward_model_slider_at_both_ends_matches_core(key):
    app = open_page(REWARD_MODEL)
    stops = SETTINGS[key].stops
    seen = []
    for value in (stops[-1], stops[0]):
        app.select_slider(key=key).set_value(value).run()
        assert_clean(app)
        values = slider_values(app)
        assert values[key] == value
        assert readouts(app) == expected_reward_readouts(*(values[k] for k in REWARD_KEYS))
        seen.append(readouts(app))
    assert seen[0] != seen[1], f"{key} at both ends shows the same readouts"


def test_few_typical_comparisons_and_a_prior_leave_b_near_zero_and_link_there():
    query = {"pairs": "50", "spread": "0.3", "prior": "10"}
    app = open_page(REWARD_MODEL, query)
    assert_clean(app)
    fit = fitted(50, 0.3, 1.0, 10.0)
    assert abs(fit.b) < 0.2, "the story the page tells must hold for this link"
    assert readouts(app)[0] == f"{fit.b:.2f}"
    link = app.get("page_link")[0]
    b_stop = nearest_stop(SETTINGS["b"], fit.b)
    assert dict(parse_qsl(link.proto.query_string)) == {"b": url_form(b_stop)}
    playground = next(
        page_hash
        for page_hash, page in app._registered_pages.items()  # noqa: SLF001 - AppTest's record
        if page["script_path"].endswith("pages/playground.py")
    )
    assert link.proto.page_script_hash == playground


def test_many_varied_comparisons_learn_the_whole_penalty_and_link_to_b_one():
    app = open_page(REWARD_MODEL, {"pairs": "200000", "spread": "1", "prior": "0"})
    fit = fitted(200_000, 1.0, 1.0, 0.0)
    assert abs(fit.b - 1.0) < 0.03 and readouts(app)[0] == f"{fit.b:.2f}"
    assert dict(parse_qsl(app.get("page_link")[0].proto.query_string)) == {"b": "1"}


def test_separable_choices_get_a_plain_warning_not_a_traceback():
    app = open_page(REWARD_MODEL, {"pairs": "10", "noise": "0.05", "spread": "1", "prior": "0"})
    assert_clean(app)
    fit = fitted(10, 1.0, 0.05, 0.0)
    assert not fit.converged
    assert fit.message in warnings_text(app)
    assert "Newton" not in warnings_text(app)  # no numbers from the last step are shown
    assert readouts(app) == ["not defined"] * 6


def test_a_substance_weight_not_clearly_positive_says_b_is_not_defined():
    # Here the substance weight is -0.02 (90%: -0.19 to 0.14); "learned b 0.00" and
    # the last Newton step's numbers were placeholders.
    app = open_page(REWARD_MODEL, {"pairs": "200", "spread": "0.5", "noise": "5", "prior": "1"})
    assert_clean(app)
    assert readouts(app) == ["not defined"] * 6
    (info,) = [info.value for info in app.info if "not clearly above 0" in info.value]
    assert "The fit's substance weight is -0.02, with 90% interval -0.19 to 0.14" in info
    charts = " ".join(block.value for block in app.markdown)
    assert "Chart: The learned model against the truth" in charts
    assert "on the fitted model" not in charts  # no curves: no model to optimize


REWARD_HOSTILE = [
    {"pairs": "abc", "spread": "0", "noise": "-1", "prior": "nan"},
    {"pairs": "1e99", "spread": "inf", "noise": "1e-400", "prior": "-inf"},
    {"pairs": ["10", "20"], "spread": "9" * 400},
    {"pairs": "<script>alert(1)</script>", "prior": "[x](javascript:alert(1))"},
    {"spread": "0.4", "noise": "0.6", "prior": "5", "pairs": "333"},
    {"pairs": "", "noise": "**1**", "unknown": "<i>x</i>"},
]
COMPARE_HOSTILE = [
    {"tails": "<script>alert(1)</script>"},
    {"tails": ["heavy", "light"], "b": "abc"},
    {"tails": "x" * 400, "sigma": "-3"},
    {"tails": "", "b": "[x](javascript:alert(1))"},
]


@pytest.mark.parametrize(
    ("page", "query"),
    [(REWARD_MODEL, query) for query in REWARD_HOSTILE]
    + [(COMPARE, query) for query in COMPARE_HOSTILE],
    ids=lambda value: "&".join(value) if isinstance(value, dict) else value.split("/")[-1],
)
def test_hostile_urls_give_valid_settings_and_plain_notes(page, query):
    app = open_page(page, query)
    assert_clean(app)
    for key, value in slider_values(app).items():
        stops = SETTINGS[key].stops
        assert value in stops, (key, value)
    if page == COMPARE:
        assert app.button_group(key="tails").value in ("light", "heavy")
    assert warnings_text(app), "a bad link gets a note"
    for text in (warnings_text(app), *readouts(app)):
        for character in "<>[]()`*_:\\":
            assert character not in text, text
    for key in REWARD_KEYS:
        if key in app.query_params:
            assert SETTINGS[key].parse([app.query_params[key]])[1] is None


@pytest.mark.parametrize(
    ("query", "key", "value", "says"),
    [
        ({"pairs": "abc"}, "pairs", 10_000, "not a number"),
        ({"pairs": "1e99"}, "pairs", 200_000, "outside"),
        ({"spread": "0.4"}, "spread", 0.5, "between"),
        ({"noise": "0"}, "noise", 0.05, "outside"),
        ({"prior": "-5"}, "prior", 0.0, "outside"),
        ({"prior": ["1", "3"]}, "prior", 3.0, "2 times"),
    ],
)
def test_a_bad_value_gets_the_nearest_stop_and_a_note(query, key, value, says):
    app = open_page(REWARD_MODEL, query)
    assert_clean(app)
    assert app.select_slider(key=key).value == value
    assert says in warnings_text(app)
    if value != SETTINGS[key].default:
        assert app.query_params[key] == url_form(value), "the address holds the fix"
    else:
        assert key not in app.query_params


def test_the_url_restores_every_reward_model_setting():
    query = {"pairs": "500", "spread": "0.5", "noise": "2", "prior": "0.3"}
    app = open_page(REWARD_MODEL, query)
    assert_clean(app)
    assert not app.warning
    assert slider_values(app) == {"pairs": 500, "spread": 0.5, "noise": 2.0, "prior": 0.3}
    assert readouts(app) == expected_reward_readouts(500, 0.5, 2.0, 0.3)


def gao_rows(b: float, sigma: float) -> list[tuple]:
    """The Compare page's table, from core: (α, β, R²) for each (method, form); the peak's
    words are walked in test_compare_claims.py."""
    kl_side = core.kl_optimum(BETA_CURVE, b=b, sigma=sigma)
    fitted_part = BETA_CURVE >= GAO_BETA_LOW
    bon_side = core.best_of_n(N_CURVE, b=b, sigma=sigma)
    rows = []
    for form in core.GAO_FORMS:
        for kl, gold in (
            (kl_side.kl[fitted_part], kl_side.gold_gain[fitted_part]),
            (bon_side.kl, bon_side.gold_gain),
        ):
            fit = core.fit_gao(kl, gold, form=form)
            rows.append((fit.alpha, fit.beta, fit.r_squared))
    return rows


def shown_rows(app: AppTest) -> list[tuple]:
    frame = app.dataframe[0].value
    columns = ["α", "β", "R²"]
    return [tuple(row) for row in frame[columns].to_numpy()]


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (1.0, 0.0), (0.0, 2.0), (0.2, 0.5)])
def test_gao_table_matches_core(b, sigma):
    query = {key: url_form(value) for key, value in (("b", b), ("sigma", sigma)) if value}
    app = open_page(COMPARE, query)
    assert_clean(app)
    np.testing.assert_allclose(shown_rows(app), gao_rows(b, sigma), rtol=1e-9, atol=1e-12)


def test_gao_fact_on_screen_at_b_sigma_zero():
    app = open_page(COMPARE)
    text = " ".join(markdown.value for markdown in app.markdown)
    assert "exactly **gold = 2d − d²**" in text and "α = 2, β = 1" in text
    frame = app.dataframe[0].value
    kl_row = frame[(frame["method"] == "KL optimum") & (frame["law"] == "d(α − βd)")]
    # Least squares on R weighs β = 0.5 most, where the grid moves gold 7e-4 off 2d - d².
    assert float(kl_row["α"].iloc[0]) == pytest.approx(2.0, abs=3e-4)
    assert float(kl_row["β"].iloc[0]) == pytest.approx(1.0, abs=3e-4)


@pytest.mark.parametrize("key", ["b", "sigma"])
def test_compare_sliders_at_both_ends_change_the_table(key):
    app = open_page(COMPARE)
    tables = []
    for value in (SETTINGS[key].stops[-1], SETTINGS[key].stops[0]):
        app.select_slider(key=key).set_value(value).run()
        assert_clean(app)
        values = slider_values(app)
        np.testing.assert_allclose(shown_rows(app), gao_rows(values["b"], values["sigma"]))
        tables.append(shown_rows(app))
    assert tables[0] != tables[1]


def averaged_from_core(errors: str) -> tuple[np.ndarray, np.ndarray]:
    runs = [
        core.best_of_n(TAILS_N, b=1.0, sigma=1.0, errors=errors, error_seed=seed)
        for seed in ERROR_SEEDS
    ]
    return np.mean([r.gold_gain for r in runs], axis=0), np.mean([r.proxy_gain for r in runs], 0)


def test_tails_switch_shows_the_averaged_result_from_core():
    app = open_page(COMPARE)
    assert app.button_group(key="tails").value == "light"
    light_gold, light_proxy = averaged_from_core("light")
    heavy_gold, heavy_proxy = averaged_from_core("heavy")
    assert readouts(app)[:3] == [  # best-of-n's; the KL optimum's follow
        f"{light_gold[-1]:+.2f}",
        f"{light_gold[-1] / light_gold.max():.0%}",
        f"{light_proxy[-1]:+.2f}",
    ]
    assert light_gold[-1] >= 0.95 * light_gold.max()
    sentence = " ".join(markdown.value for markdown in app.markdown)
    assert (
        f"{light_gold[-1]:+.2f} at n = 10,000, {light_gold[-1] / light_gold.max():.0%} of its peak"
        in sentence
    )
    app.button_group(key="tails").set_value("heavy").run()
    assert_clean(app)
    assert readouts(app)[:3] == [
        f"{heavy_gold[-1]:+.2f}",
        f"{heavy_gold[-1] / heavy_gold.max():.0%}",
        f"{heavy_proxy[-1]:+.2f}",
    ]
    assert heavy_gold[-1] <= 0.25 * heavy_gold.max()
    sentence = " ".join(markdown.value for markdown in app.markdown)
    peak_n = TAILS_N[np.argmax(heavy_gold)]
    assert f"about n = {peak_n:,.0f}, {heavy_gold.max():+.2f}" in sentence
    assert f"far past light tails' {light_proxy[-1]:+.2f}" in sentence


def test_a_tails_link_opens_heavy():
    app = open_page(COMPARE, {"tails": "heavy"})
    assert_clean(app)
    assert not app.warning
    assert app.button_group(key="tails").value == "heavy"
    assert app.query_params["tails"] == "heavy"


def test_gao_chart_draws_the_better_law_of_each_method_with_its_coefficients():
    app = open_page(COMPARE)
    names = [
        trace.get("name", "") for trace in json.loads(app.get("plotly_chart")[0].proto.spec)["data"]
    ]
    figure = "\n".join(names)
    rows = gao_rows(0.0, 0.0)  # order: (kl, bon) for best_of_n form, then for rl form
    kl_best = max((rows[0], rows[2]), key=lambda row: row[2])
    bon_best = max((rows[1], rows[3]), key=lambda row: row[2])
    assert kl_best is rows[0], "at b = σ = 0 the KL optimum follows d(α − βd) exactly"
    assert f"KL optimum, Gao fit<br>d({kl_best[0]:.2f} − {kl_best[1]:.2f}d)" in figure
    assert f"R² = {kl_best[2]:.3f}" in figure and f"R² = {bon_best[2]:.3f}" in figure


# --- the Reward model page's claims, as printed --------------------------------------------


def test_the_reward_model_page_draws_its_fit_and_says_what_the_prior_carries():
    # The old default: the prior makes b (0.01): the comparisons carry 0.16% of it, and the
    # fitted model (length weight 0.03) never declines: drawn as itself, not at b = 0.
    app = open_page(REWARD_MODEL, {"pairs": "2000", "prior": "100"})
    assert_clean(app)
    assert readouts(app) == expected_reward_readouts(2000, 0.1, 1.0, 100.0)
    assert readouts(app)[3] == "0.16%"
    text = " ".join(block.value for block in app.markdown)
    assert "The comparisons carry 0.16% of what the fit knows about b" in text
    assert "the comparisons' Fisher information is 0.16 against the prior's precision 100" in text
    assert "true quality rises all the way to β = 0.25 (+4.15)" in text


def test_the_reward_model_page_says_on_request_how_often_its_draw_holds():
    app = open_page(REWARD_MODEL)
    assert "other draws of 10,000 comparisons" not in " ".join(m.value for m in app.markdown)
    app.session_state["open-fresh-comparisons"] = True  # what a click on the expander sends
    app.run()
    assert_clean(app)
    text = " ".join(markdown.value for markdown in app.markdown)
    assert "On 30 other draws of 10,000 comparisons at these settings" in text
    assert "On this page's draw the KL optimum falls: so do 6 of the 30." in text


def test_the_reward_model_pages_dpo_box_and_dotted_lines_say_what_they_are():
    app = open_page("pages/reward_model.py")
    (dpo,) = [info.value for info in app.info if info.value.startswith("DPO")]
    assert "π ∝ π_ref·exp(r/β)" in dpo and "r̂" not in dpo
    captions = " ".join(caption.value for caption in app.caption)
    assert "The dotted lines enclose 95% of the lengths the raters saw" in captions
    # Lengths are normal with the spread as their sd; the lines are at ±2 spreads: 95.4%.
    from math import erf, sqrt

    from ui.fitted_model_figures import LENGTH_BAND

    assert f"{100 * erf(LENGTH_BAND / sqrt(2)):.0f}%" == "95%"
