"""The browser tests' own tools: which Chromium they pick, and the tabs `new_tab` opens."""

from types import SimpleNamespace

import pytest

from tests.support import app_page, chromium

# From Streamlit's index.html: without it a phone lays a page out 980 px wide.
STREAMLIT_VIEWPORT_META = (
    '<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">'
)
SCREEN_JS = """
() => ({
  width: window.innerWidth,
  height: window.innerHeight,
  scale: window.devicePixelRatio,
  touch: navigator.maxTouchPoints > 0,
})
"""


@pytest.fixture
def no_chosen_chromium(monkeypatch):
    """No environment variable names a Chromium and PATH finds none."""
    for variable in chromium.EXECUTABLE_ENV_VARS:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("PATH", "")


def test_chromium_path_wins_over_everything_else(no_chosen_chromium, monkeypatch, tmp_path):
    chosen, other = tmp_path / "my-chromium", tmp_path / "other-chromium"
    chosen.touch()
    other.touch()
    monkeypatch.setenv("CHROMIUM_PATH", str(chosen))
    monkeypatch.setenv("PLAYWRIGHT_CHROMIUM_EXECUTABLE", str(other))
    choice = chromium.choose_chromium(str(other))
    assert choice.executable == str(chosen)
    assert "CHROMIUM_PATH" in choice.reason


def test_a_named_chromium_that_is_missing_is_an_error(no_chosen_chromium, monkeypatch, tmp_path):
    monkeypatch.setenv("PLAYWRIGHT_CHROMIUM_EXECUTABLE", str(tmp_path / "missing"))
    with pytest.raises(chromium.BrowserNotFound, match="PLAYWRIGHT_CHROMIUM_EXECUTABLE"):
        chromium.choose_chromium()


def test_playwrights_own_build_comes_before_a_system_chromium(
    no_chosen_chromium, monkeypatch, tmp_path
):
    own = tmp_path / "playwright-chromium"
    own.touch()
    system = tmp_path / "bin" / "chromium"
    system.parent.mkdir()
    system.touch(mode=0o755)
    monkeypatch.setenv("PATH", str(system.parent))
    assert chromium.choose_chromium(str(own)).executable is None  # None: Playwright's own
    fallback = chromium.choose_chromium(str(tmp_path / "not-installed"))
    assert fallback.executable == str(system)


def test_no_chromium_at_all_says_how_to_get_one(no_chosen_chromium):
    with pytest.raises(chromium.BrowserNotFound, match="CHROMIUM_PATH"):
        chromium.choose_chromium(None)


def test_launch_options_carry_the_projects_flags(no_chosen_chromium, monkeypatch, tmp_path):
    executable = tmp_path / "chromium"
    executable.touch()
    monkeypatch.setenv("CHROMIUM_PATH", str(executable))

    # Stands in for a Playwright instance without its own build: only that path is read.
    playwright = SimpleNamespace(chromium=SimpleNamespace(executable_path=str(tmp_path / "none")))
    options, _choice = chromium.launch_options(playwright)
    assert options["executable_path"] == str(executable)
    assert options["headless"] is True
    assert set(chromium.CHROMIUM_ARGS) <= set(options["args"])
    assert {"--no-sandbox", "--disable-background-networking"} <= set(options["args"])


@pytest.mark.browser
@pytest.mark.parametrize("name", sorted(app_page.VIEWPORTS))
def test_new_tab_gives_each_screen_its_size(new_tab, name):
    page = new_tab(name).page
    page.set_content(STREAMLIT_VIEWPORT_META)
    screen = page.evaluate(SCREEN_JS)
    size = app_page.VIEWPORTS[name]
    assert (screen["width"], screen["height"]) == (size["width"], size["height"])
    is_phone = name == "phone"
    assert screen["touch"] is is_phone
    assert screen["scale"] == (app_page.PHONE_OPTIONS["device_scale_factor"] if is_phone else 1)


@pytest.mark.browser
def test_new_tab_refuses_an_unknown_screen(new_tab):
    with pytest.raises(ValueError, match="projector"):
        new_tab("projecter")
