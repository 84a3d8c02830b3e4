"""The stage's ES modules joined into one script (ui/js_modules.py).

The modules themselves are tested by node --test (tests/js/); here: the joined script is one
valid ES module whose default export is the stage's mount function, and modules outside the
joiner's forms fail with a message that names the file and line.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from ui import js_modules
from ui.playground import stage

pytestmark = pytest.mark.slow  # make test-fast leaves it out: runs node on the joined modules


def write(folder, files: dict[str, str]):
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def node_or_skip() -> str:
    node = shutil.which("node")
    if node:
        return node
    if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}:
        pytest.fail("CI=true but node is missing (apt-get install nodejs)", pytrace=False)
    pytest.skip("node is missing (apt-get install nodejs): the joined stage is not run")


def default_export(script_text: str, folder) -> str:
    """What node says a joined script's default export is: "function mountStage"."""
    node = node_or_skip()
    script = folder / "joined.mjs"
    script.write_text(script_text, encoding="utf-8")
    shown = subprocess.run(
        [node, "--input-type=module", "-e",
         f"const m = await import({str(script)!r}); console.log(typeof m.default, m.default.name)"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    return shown.stdout.strip() or shown.stderr


def test_the_joined_stage_is_one_es_module_whose_default_mounts_the_stage(tmp_path):
    assert default_export(js_modules.joined(stage.ASSETS), tmp_path) == "function mountStage"


def test_each_module_comes_after_the_modules_it_imports():
    text = js_modules.joined(stage.ASSETS)
    order = [line.split()[2] for line in text.splitlines() if line.startswith("// --- ")]
    assert order[-1] == "stage.js"
    assert order.index("format.js") < order.index("scales.js") < order.index("curves.js")
    assert order.index("field.js") < order.index("plane.js")
    assert text.rstrip().endswith("export default module_stage_js.default;")
    # Whole-line comments stay in the modules: 8 KB of the 55 a browser would otherwise get.
    comments = [line for line in text.splitlines() if line.lstrip().startswith("//")]
    assert comments == [line for line in comments if line.startswith("// --- ")]
    # 48,000 until format.js became common/format.py's twin (Python's rounding, a small gain's sign,
    # counts and ticks): +1.6 KB, 48.8 KB joined; then pin.js and export.js (Pin and compare, the
    # SVG/PNG/CSV downloads): 62.8 KB joined, ~15 KB gzipped, sent once per page load; then
    # worlds.js (b and σ on the stage, their sliders, the shelf, fetching ahead):
    # +10.4 KB; then a b/σ swap in place (profile.js, the plane's and the curves' world parts
    # apart from their frames, contours cell by cell): +3.8 KB, 77.0 KB joined; then answers
    # you can read (answer_writer.js, the twin of core/answer_text.py, and answers.js, the
    # panel and a dot's answer): +10.9 KB, 87.7 KB joined; then the story's labels on the curves
    # and the capped stretch drawn (annotations.js) and a phone's swipe that scrolls (touch.js):
    # +10.3 KB, 98.0 KB joined (~25 KB gzipped, once per page load); then answers that follow
    # true quality (whys and tips taken back, the cards' "this answer"): +1.6 KB; hover and tap
    # cards that flip to stay on the screen (sizes.js) and the curves' y titles: +1.2 KB; then
    # stage.js, curves.js and pin.js split by job and formatted by prettier (its wrapped lines,
    # each new module's scope, the Stage's methods that hand it on): 95.9 -> 99.6 KB joined;
    # then n's win-rate line, the plateau in the reveal and touch.js taking the page shell's
    # finger rule (finger_intent.js, one rule for both): 102.1 KB joined; then every visible
    # word through t() in the reader's language (words.js; sentences as templates with
    # placeholders, constants as functions read at use): +2.4 KB, 104.5 KB joined.
    assert len(text.encode()) < 105_000


def test_every_stage_module_is_imported_by_a_node_test():
    """Each module has tests of its own in tests/js/: of 12 hand mutations of the stage, the 6
    that survived were all in modules no node test imported."""
    tests = stage.ASSETS.parents[2] / "tests" / "js"
    imported = {
        module
        for test_file in tests.glob("*.test.mjs")
        for module in re.findall(
            r'from "\.\./\.\./ui/playground/stage_assets/([\w-]+\.js)"',
            test_file.read_text("utf-8"),
        )
    }
    assert sorted(path.name for path in stage.ASSETS.glob("*.js")) == sorted(imported)


def test_names_are_imported_by_destructuring_the_exporting_module(tmp_path):
    write(
        tmp_path,
        {
            "main.js": 'import { twice as double } from "./maths.js";\n'
            "export default function main(x) {\n  return double(x);\n}\n",
            "maths.js": "export const twice = (x) => 2 * x;\nconst hidden = 1;\n",
        },
    )
    text = js_modules.joined(tmp_path, "main.js")
    assert "const { twice: double } = module_maths_js;" in text
    assert "return { twice: twice };" in text  # hidden stays inside its module
    assert "return { default: main };" in text


def test_an_import_the_formatter_wrapped_is_read_as_one(tmp_path):
    """prettier writes an import past 100 columns a name a line; the joiner reads it whole,
    and a line number after it still names its line."""
    write(
        tmp_path,
        {
            "main.js": 'import {\n  twice as double,\n  half,\n} from "./maths.js";\n'
            "export default function main(x) {\n  return double(half(x));\n}\n",
            "maths.js": "export const twice = (x) => 2 * x;\nexport const half = (x) => x / 2;\n",
        },
    )
    assert "const { twice: double, half } = module_maths_js;" in js_modules.joined(
        tmp_path, "main.js"
    )
    write(tmp_path, {"main.js": 'import {\n  a,\n} from "./maths.js";\nexport { a };\n'})
    with pytest.raises(js_modules.ModuleError, match=r"main\.js:4: write imports"):
        js_modules.joined(tmp_path, "main.js")


def test_a_module_in_another_folder_is_joined_once_by_its_path(tmp_path):
    """The class poll's downloads.js and the stage's export.js take the shared save_file.js:
    "../folder/x.js" imports."""
    (tmp_path / "stage").mkdir()
    (tmp_path / "poll").mkdir()
    write(tmp_path / "stage", {"maths.js": "export const twice = (x) => 2 * x;\n"})
    write(
        tmp_path / "poll",
        {
            "main.js": 'import { twice } from "../stage/maths.js";\n'
            'import { four } from "./four.js";\n'
            "export default function main() {\n  return four + twice(1);\n}\n",
            "four.js": 'import { twice } from "../stage/maths.js";\n'
            "export const four = twice(2);\n",
        },
    )
    text = js_modules.joined(tmp_path / "poll", "main.js")
    order = [line.split()[2] for line in text.splitlines() if line.startswith("// --- ")]
    assert order == ["../stage/maths.js", "four.js", "main.js"]  # maths.js once, first
    assert "const module_stage_maths_js = (() => {" in text
    assert text.count("const { twice } = module_stage_maths_js;") == 2


def test_the_polls_downloads_are_joined_with_the_shared_saving_module(tmp_path):
    """The poll's downloads.js takes save and svgToPng from ui/shared_assets/save_file.js, the
    module the stage's export.js takes them from too (it once imported the stage's export.js)."""
    from ui.class_poll import export

    text = js_modules.joined(export.DOWNLOADS_JS.parent, export.DOWNLOADS_JS.name)
    order = [line.split()[2] for line in text.splitlines() if line.startswith("// --- ")]
    assert order == ["../shared_assets/save_file.js", "downloads.js"]
    assert "const { save, svgToPng } = module_shared_assets_save_file_js;" in text
    assert default_export(text, tmp_path) == "function mountDownloads"


def test_the_page_shells_script_is_joined_from_its_modules(tmp_path):
    """The page shell's menu.js imports sliders.js, which imports finger_intent.js: joined, not
    concatenated (sliders.js once went ahead of menu.js as raw text, its function a global)."""
    from ui import page_css

    order = [line.split()[2] for line in page_css._SHELL_JS.splitlines() if line[:7] == "// --- "]
    assert order == ["finger_intent.js", "sliders.js", "menu.js"]
    assert default_export(page_css._SHELL_JS, tmp_path) == "function pageShell"


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"main.js": 'import * as all from "./x.js";\n'}, r"main\.js:1: write imports"),
        ({"main.js": "export { a };\n"}, r"main\.js:1: write imports"),
        (
            {"main.js": 'import { a } from "./gone.js";\n'},
            r"main\.js imports gone\.js, which is not there",
        ),
        (
            {
                "main.js": 'import { a } from "./b.js";\n',
                "b.js": 'import { m } from "./main.js";\n',
            },
            r"import cycle: main\.js -> b\.js -> main\.js",
        ),
        (
            {"main.js": 'import { nope } from "./b.js";\n', "b.js": "export const a = 1;\n"},
            r"main\.js imports \['nope'\] from b\.js",
        ),
        ({"main.js": "export function main() {}\n"}, r"main\.js has no default export"),
        ({"main.js": 'import { a-b } from "./b.js";\n'}, r"cannot read the imported name"),
        ({"main.js": "const text = `one\n// two`;\n"}, r"main\.js:1: a template string across"),
    ],
)
def test_a_module_outside_the_joiners_forms_is_refused_by_file_and_line(tmp_path, files, message):
    write(tmp_path, files)
    with pytest.raises(js_modules.ModuleError, match=message):
        js_modules.joined(tmp_path, "main.js")
