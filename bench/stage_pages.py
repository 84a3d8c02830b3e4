"""How bench.stage_latency reads each Playground in the page: the live stage, and the release's.

The current Playground draws β, n and everything they move in the stage (a custom component
in a shadow root); the release it replaces (b32791d) drew them as plotly layers redrawn by a
Streamlit fragment rerun. Each page gets a `PageKind`: the JavaScript that says it is fully
drawn, and a probe that reads, for β or n, the slider's stop, the readouts and the cloud.
All times are performance.now() in the page (ms since navigation start).
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.support import app_page
from tests.support.stage_root_js import STAGE_ROOT_JS
from ui.settings import SETTINGS

# The stage is drawn: its run is over, no skeleton is left, and the stage has drawn its charts.
STAGE_READY_JS = f"""
([finished, drawing]) => {{
  if (!document.querySelector(finished) || document.querySelector(drawing)) return false;
  const root = ({STAGE_ROOT_JS})();
  if (!root || root.querySelector('.loading') || !root.dataset.redraws) return false;
  return performance.now();
}}
"""
# The release is drawn: its run is over and every plotly chart has its SVG.
PLOTLY_READY_JS = """
([finished, drawing]) => !!document.querySelector(finished) && !document.querySelector(drawing)
  && performance.now()
"""

# probe(key) -> {value, readouts, cloud}: the slider's stop, the readouts' text, and a token
# that changes whenever the cloud is redrawn.
STAGE_PROBE_JS = f"""
window.__probe = (key) => {{
  const root = ({STAGE_ROOT_JS})();
  if (!root) return {{ value: null, readouts: '', cloud: '' }};
  const readouts = [...root.querySelectorAll(`[data-readout^="${{key}}-"]`)]
    .map((cell) => cell.textContent).join('|');
  const cloud = root.querySelector(`[data-cloud="${{key}}"]`);
  return {{
    value: root.dataset[key] ?? null,
    readouts,
    cloud: cloud ? cloud.dataset.shown ?? '' : '',
    world: root.dataset.world ?? '',
  }};
}};
window.__stageRoot = {STAGE_ROOT_JS};
"""
# The release: the Streamlit slider's value, the st.metric readouts, and how many mutations
# the plotly charts have had (the cloud is a plotly layer; any redraw counts).
RELEASE_PROBE_JS = """
window.__probe = (key) => {
  const input = document.querySelector(`.st-key-${key} input[type="range"]`);
  const readouts = [...document.querySelectorAll('[data-testid="stMetricValue"]')]
    .map((cell) => cell.innerText.trim()).join('|');
  return {
    value: input ? input.value : null,
    readouts,
    cloud: String(window.__bench ? window.__bench.chartMutations : 0),
    world: '',
  };
};
window.__stageRoot = () => null;
"""

# Every animation frame from now on: its time and the probe's reading for `key`; pointer moves
# and the pointer's release are timed too, so each step of a drag can be matched with frames.
DRAG_SAMPLER_JS = """
(key) => {
  const frames = window.__dragFrames = [];
  const moves = window.__dragMoves = [];
  window.__dragRelease = null;
  window.__dragSampling = true;
  const onMove = () => moves.push(performance.now());
  const onUp = () => { window.__dragRelease = performance.now(); };
  window.addEventListener('pointermove', onMove, true);
  window.addEventListener('pointerup', onUp, true);
  window.__dragStop = () => {
    window.__dragSampling = false;
    window.removeEventListener('pointermove', onMove, true);
    window.removeEventListener('pointerup', onUp, true);
    const root = window.__stageRoot();
    return { frames, moves, release: window.__dragRelease,
             redraws: root ? Number(root.dataset.redraws || 0) : null };
  };
  const root = window.__stageRoot();
  window.__dragRedrawsBefore = root ? Number(root.dataset.redraws || 0) : null;
  const tick = (now) => {
    if (!window.__dragSampling) return;
    frames.push({ t: performance.now(), ...window.__probe(key) });
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return window.__dragRedrawsBefore;
}
"""

# Arm before a key press on the stage's β or n: resolves (into window.__keyProbe.drawnAt) at
# the first animation frame after both the readouts and the cloud have changed. The change is
# caught by a MutationObserver on the stage's shadow root, so it is timed to the mutation.
STAGE_KEY_PROBE_JS = """
(key) => {
  const root = window.__stageRoot();
  const before = window.__probe(key);
  const record = window.__keyProbe = { changedAt: null, drawnAt: null };
  const observer = new MutationObserver(() => {
    const now = window.__probe(key);
    if (record.changedAt !== null) return;
    if (now.readouts !== before.readouts && now.cloud !== before.cloud) {
      record.changedAt = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => { record.drawnAt = performance.now(); });
    }
  });
  observer.observe(root.getRootNode(), {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
}
"""
# Arm before a b or σ key press on the stage's page: resolves (window.__worldProbe.drawnAt) at
# the first animation frame after the stage's data-world has changed (the new world is drawn
# in the same task that sets it).
WORLD_PROBE_JS = """
() => {
  const before = window.__probe('beta').world;
  const record = window.__worldProbe = { changedAt: null, drawnAt: null };
  const tick = () => {
    if (record.drawnAt !== null) return;
    const world = window.__probe('beta').world;
    if (record.changedAt === null && world !== before) {
      record.changedAt = performance.now();
    } else if (record.changedAt !== null) {
      record.drawnAt = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
"""


@dataclass(frozen=True)
class PageKind:
    """One of the two Playgrounds: how to tell it is drawn and how to read its moving parts."""

    name: str
    is_stage: bool
    ready_js: str
    probe_js: str

    def install_probe(self, page) -> None:
        page.evaluate(f"() => {{ {self.probe_js} }}")

    def wait_drawn(self, page, *, timeout_ms: float = app_page.LOAD_TIMEOUT_MS) -> float:
        """Wait until fully drawn; returns the page's time of it (ms since navigation)."""
        handle = page.wait_for_function(
            self.ready_js,
            arg=[app_page.RUN_FINISHED, app_page.STILL_DRAWING],
            timeout=timeout_ms,
        )
        return float(handle.json_value())

    def probe(self, page, key: str) -> dict:
        return page.evaluate("(key) => window.__probe(key)", key)


STAGE_PAGE = PageKind("stage", True, STAGE_READY_JS, STAGE_PROBE_JS)
RELEASE_PAGE = PageKind("release", False, PLOTLY_READY_JS, RELEASE_PROBE_JS)


def stage_slider(page, key: str):
    """The stage's `<input type=range>` for β or n (its role and accessible name)."""
    return page.get_by_role("slider", name=SETTINGS[key].label, exact=True)


def drag_slider_box(page, kind: PageKind, key: str) -> dict:
    """The box a mouse drag runs along: the stage's range input, or the Streamlit slider's."""
    if kind.is_stage:
        return stage_slider(page, key).bounding_box()
    return app_page.slider_thumb(page, key).bounding_box()
