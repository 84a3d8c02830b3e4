"""The Playground's pin in AppTest: ?pin=b_σ_β_n read, corrected or refused with a note, sent
to the stage as a picture cut from its world, kept in the address and the share link; and the
numbers behind the stage's CSV download, against core directly."""

import json

import numpy as np
import pytest
from app_pages import PAGE_FILES, assert_clean, open_page, stage_data, warnings_text

import core
from ui import link_box
from ui.pin_url import parse_pin
from ui.playground import pin, worlds
from ui.settings import SETTINGS

pytestmark = (
    pytest.mark.slow
)  # make test-fast leaves it out: the pin's trips run the app in AppTest

NOT_FOUR = "is not four numbers b, σ, β and n (e.g. pin=0.2_0.5_0.3_49), so nothing is pinned."


@pytest.mark.parametrize(
    ("raw", "values", "note"),
    [
        (["0.2_0.5_0.3_49"], {"b": 0.2, "sigma": 0.5, "beta": 0.3, "n": 49}, None),
        (["0_0_4_1"], {"b": 0.0, "sigma": 0.0, "beta": 4.0, "n": 1}, None),
        (["0.2,0.5,0.3,49"], {"b": 0.2, "sigma": 0.5, "beta": 0.3, "n": 49}, None),  # typed
        (["abc"], None, f"The link's pin, “abc”, {NOT_FOUR}"),
        (["1,2,3"], None, f"The link's pin, “1,2,3”, {NOT_FOUR}"),
        (["0.2,0.5,0.3,49,7"], None, f"The link's pin, “0.2,0.5,0.3,49,7”, {NOT_FOUR}"),
        (["nan,0,1,1"], None, f"The link's pin, “nan,0,1,1”, {NOT_FOUR}"),
        ([""], None, f"The link's pin, nothing readable, {NOT_FOUR}"),
        (["<b>x</b>,1,1,1"], None, f"The link's pin, “bxb,1,1,1”, {NOT_FOUR}"),
        (
            ["0.21_0.5_0.3_50"],
            {"b": 0.2, "sigma": 0.5, "beta": 0.3, "n": 49},
            "The link's pin is off the sliders' stops, so it is pinned at the nearest ones: "
            "b “0.21” to 0.2, n “50” to 49.",
        ),
        (
            ["inf,-1,0,1e99"],
            {"b": 1.0, "sigma": 0.0, "beta": 0.25, "n": 10000},
            "The link's pin is off the sliders' stops, so it is pinned at the nearest ones: "
            "b “inf” to 1, σ “-1” to 0, β “0” to 0.25, n “1e99” to 10000.",
        ),
        (
            ["abc", "0.2_0_0.3_590"],
            {"b": 0.2, "sigma": 0.0, "beta": 0.3, "n": 590},
            "The link pins 2 pictures; the last one counts.",
        ),
    ],
)
def test_a_pin_from_the_address_is_four_stops_or_nothing_with_a_note(raw, values, note):
    pinned, said = parse_pin(raw)
    assert (pinned.values if pinned else None) == values
    assert said == note


def test_a_pin_far_too_long_is_not_read():
    pinned, said = parse_pin(["0," * 40 + "1"])
    assert pinned is None
    assert said.startswith("The link's pin, “0,0,0,0,0,0,0,0,…”, is not four numbers")


def test_a_pinned_link_sends_the_stage_that_picture_cut_from_its_world():
    app = open_page("playground", {"pin": "0.2_0.5_0.3_49", "b": "0.6"})
    assert_clean(app)
    assert warnings_text(app) == ""
    sent = stage_data(app)["pin"]
    assert sent["text"] == "0.2_0.5_0.3_49"
    world = json.loads(worlds.world_json(0.2, 0.5))
    picture = sent["snapshot"]
    assert (picture["b"], picture["sigma"]) == (0.2, 0.5)
    for key, stop in (("beta", "0.3"), ("n", "49")):
        index = world[key]["stops"].index(stop)
        assert picture[key]["stop"] == stop
        assert picture[key]["curve"] == world[key]["curve"]
        assert picture[key]["cloud"] == world[key]["cloud"][index]
        assert picture[key]["mark"] == {
            "proxy_gain": world[key]["marks"]["proxy_gain"][index],
            "gold_gain": world[key]["marks"]["gold_gain"][index],
        }
    # The pinned world is not the current one (b = 0.6): its KL optimum's gain at β = 0.3.
    assert picture["beta"]["mark"]["gold_gain"] == pytest.approx(2.266, abs=1e-3)
    assert app.query_params["pin"] == "0.2_0.5_0.3_49"
    links = [link_box.link_in(html.proto.body) for html in app.get("html")]
    assert [link for link in links if link] == ["?b=0.6&pin=0.2_0.5_0.3_49"]


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ("abc", f"The link's pin, “abc”, {NOT_FOUR}"),
        ("1,2,3", f"The link's pin, “1,2,3”, {NOT_FOUR}"),
        ("<script>alert(1)</script>", f"The link's pin, “scriptalert1scri…”, {NOT_FOUR}"),
        ("nan,nan,nan,nan", f"The link's pin, “nan,nan,nan,nan”, {NOT_FOUR}"),
    ],
)
def test_a_bad_pin_leaves_a_note_no_pin_and_an_address_without_it(raw, says):
    app = open_page("playground", {"pin": raw, "beta": "0.6"})
    assert_clean(app)
    assert says in warnings_text(app)
    assert stage_data(app)["pin"] == {"id": 1, "text": None, "snapshot": None}
    assert "pin" not in app.query_params
    assert app.query_params["beta"] == "0.6", "the rest of the link still counts"


def test_a_pin_off_the_stops_is_pinned_at_the_nearest_and_the_address_corrected():
    app = open_page("playground", {"pin": "0.21_0.5_0.3_50"})
    assert_clean(app)
    assert "b “0.21” to 0.2, n “50” to 49." in warnings_text(app)
    assert stage_data(app)["pin"]["text"] == "0.2_0.5_0.3_49"
    assert app.query_params["pin"] == "0.2_0.5_0.3_49"


def test_the_address_decides_the_pin_after_back_and_the_stage_is_asked_again():
    app = open_page("playground", {"pin": "0_0_0.3_590"})
    first = stage_data(app)["pin"]
    assert first["text"] == "0_0_0.3_590"
    app.run()  # a rerun of the same address keeps the pin and does not ask the stage again
    assert stage_data(app)["pin"] == first
    del app.query_params["pin"]  # Back, to the address before the pin
    app.run()
    assert_clean(app)
    assert stage_data(app)["pin"] == {"id": first["id"] + 1, "text": None, "snapshot": None}


def test_presenter_mode_keeps_the_pin():
    app = open_page("playground", {"present": "1", "pin": "0.2_0_0.3_590", "b": "0.2"})
    assert_clean(app)
    assert stage_data(app)["pin"]["text"] == "0.2_0_0.3_590"
    assert app.query_params["pin"] == "0.2_0_0.3_590"


@pytest.mark.parametrize(
    ("report", "wanted"),
    [
        ({"pin": "0.2_0.5_0.3_49", "beta": "4"}, (True, "0.2_0.5_0.3_49")),
        ({"pin": ""}, (True, None)),
        ({"pin": None}, (True, None)),
        ({"pin": "0.2_0.5_0.3_50"}, (False, None)),  # not a stop: the stage never sends it
        ({"pin": "junk"}, (False, None)),
        ({"pin": ["0.2", "0.5"]}, (False, None)),
        ({"beta": "0.6"}, (False, None)),  # no pin in the report: unchanged
        ("not a report", (False, None)),
    ],
)
def test_a_pin_from_the_browser_is_taken_only_when_it_is_four_stops(report, wanted):
    reported, pinned = pin.from_browser(report)
    assert (reported, pinned.url_form() if pinned else None) == wanted


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.2, 0.5), (1.0, 2.0)])
def test_the_csv_numbers_in_the_world_equal_core_at_every_stop(b, sigma):
    world = json.loads(worlds.world_json(b, sigma))
    betas = np.array(SETTINGS["beta"].stops)
    counts = np.array(SETTINGS["n"].stops)
    for key, result in (
        ("beta", core.kl_optimum(betas, b=b, sigma=sigma, exact=True)),
        ("n", core.best_of_n(counts, b=b, sigma=sigma)),
    ):
        table = world[key]["table"]
        for field in ("proxy_gain", "gold_gain", "kl"):
            np.testing.assert_allclose(table[field], getattr(result, field), rtol=0, atol=5e-7)


def test_the_csv_numbers_at_the_lessons_beta_are_the_lessons_table():
    world = json.loads(worlds.world_json(0.0, 0.0))
    index = world["beta"]["stops"].index("0.3")
    assert round(world["beta"]["table"]["proxy_gain"][index], 2) == 6.65
    assert round(world["beta"]["table"]["gold_gain"][index], 2) == -4.37
    assert round(world["beta"]["table"]["kl"][index], 1) == 11.0


def trip(app, page: str):
    """Go to ``page`` by the navigation, as the browser does: its address keeps no parameter
    of the page before (the page writes its own settings back)."""
    app.query_params.clear()
    return app.switch_page(PAGE_FILES[page]).run()


def test_a_pin_follows_a_trip_to_another_page_and_back_and_the_address_says_it_again():
    app = open_page("playground", {"pin": "0.2_0.5_0.3_49", "n": "49"})
    first = stage_data(app)["pin"]
    assert first["text"] == "0.2_0.5_0.3_49"
    trip(app, "best_of_n")
    assert_clean(app)
    assert "pin" not in app.query_params, "a pin means nothing on Best-of-n"
    assert app.query_params["n"] == "49"
    # Through the Lesson: AppTest, unlike the browser, keeps Best-of-n's n slider bound to ?n=
    # on the next page, and the Playground's own write of n then raises.
    trip(app, "lesson")
    trip(app, "playground")
    assert_clean(app)
    sent = stage_data(app)["pin"]
    assert (sent["text"], sent["snapshot"]["b"], sent["snapshot"]["sigma"]) == (
        "0.2_0.5_0.3_49",
        0.2,
        0.5,
    )
    assert sent["id"] > first["id"], "the new stage is asked to draw it"
    assert app.query_params["pin"] == "0.2_0.5_0.3_49"
    assert app.query_params["n"] == "49"
    assert warnings_text(app) == ""
    links = [link_box.link_in(html.proto.body) for html in app.get("html")]
    assert [link for link in links if link] == ["?n=49&pin=0.2_0.5_0.3_49"]


def test_a_pin_dropped_by_back_stays_dropped_after_a_trip():
    app = open_page("playground", {"pin": "0_0_0.3_590"})
    del app.query_params["pin"]  # Back, to the address before the pin (or Clear)
    app.run()
    trip(app, "lesson")
    trip(app, "playground")
    assert_clean(app)
    assert stage_data(app)["pin"]["text"] is None
    assert "pin" not in app.query_params


def test_a_link_with_another_pin_wins_over_the_sessions_on_arrival():
    app = open_page("playground", {"pin": "0_0_0.3_590"})
    trip(app, "lesson")
    app.query_params["pin"] = "0.2_0_1_49"
    app.switch_page(PAGE_FILES["playground"]).run()
    assert_clean(app)
    assert stage_data(app)["pin"]["text"] == "0.2_0_1_49"
    assert app.query_params["pin"] == "0.2_0_1_49"
