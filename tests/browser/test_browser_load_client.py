"""The load benchmarks' client (tests.support.load_client.Visitor) talks to a real server as a
browser: all four settings move on the stage, and a settle report is a fragment rerun with the
stage's JSON state.

No Chromium here, but the same real `streamlit run` as the browser tests.
"""

import pytest

from tests.support.event_loop import run_to_end
from tests.support.load_client import Visitor
from ui.settings import SETTINGS
from ui.url_values import url_form

pytestmark = pytest.mark.browser

WORLD_BYTES = 50_000  # a world is ~66 KB; a settle, even of b or σ, must not send one


async def settle_on(url: str, key: str, stop: str) -> tuple[Visitor, object]:
    """Open the page, move the stage's `key` to `stop`, and report it settled."""
    visitor = Visitor(url)
    await visitor.connect()
    try:
        await visitor.run()
        index = visitor.stage.stops[key].index(stop)  # a ValueError if the stage lacks the stop
        # The first settle after a full run sends the stage's element without its world once
        # (its script, ~100 KB, then cached by the client): the second is the one measured.
        visitor.set_position(key, 1 if index != 1 else 2)
        await visitor.run(visitor.fragment_of(key))
        visitor.set_position(key, index)
        result = await visitor.run(visitor.fragment_of(key))
        assert visitor.stage.worlds_received == 1, "a settle's rerun sent the world again"
        await visitor.run()  # a full run (Back, a page switch) may mount a fresh stage
        assert visitor.stage.worlds_received == 2, "a full run sent no world"
    finally:
        await visitor.close()
    return visitor, result


@pytest.mark.parametrize("key", ["beta", "n", "b", "sigma"])
def test_a_settle_report_reruns_the_stage_fragment_and_sets_the_address(app_server, key):
    stops = [url_form(stop) for stop in SETTINGS[key].stops]
    wanted = stops[-1] if stops[-1] != url_form(SETTINGS[key].default) else stops[0]
    visitor, result = run_to_end(settle_on(app_server.websocket_url, key, wanted))
    stage = visitor.stage
    assert stage.widget_id.endswith("-stage")
    assert stage.fragment_id, "the stage is drawn in a fragment, so a settle reruns only it"
    assert stage.stops[key] == stops
    assert visitor.url_query.get(key) == [wanted], visitor.url_query
    assert result.bytes_received < WORLD_BYTES, "a settle sent a world (b and σ fetch theirs)"
    assert not {"beta", "n", "b", "sigma"} & set(visitor.sliders), "no Streamlit slider left"


def test_a_tampered_settle_report_gets_the_nearest_stop(app_server):
    async def tamper() -> dict:
        visitor = Visitor(app_server.websocket_url)
        await visitor.connect()
        try:
            await visitor.run()
            visitor.stage.set_position("beta", 0)
            visitor.stage.stops["beta"][0] = "0.61"  # not a stop: the server snaps it to 0.6
            await visitor.run(visitor.fragment_of("beta"))
        finally:
            await visitor.close()
        return visitor.url_query

    assert run_to_end(tamper()).get("beta") == ["0.6"]
