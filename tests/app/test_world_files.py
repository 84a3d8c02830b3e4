"""server/world_files.py driven as ASGI (ui/playground/world_files.py's addresses): the worlds at
/worlds/<fingerprint>/<b>_<sigma>.json, cached forever, the same bytes as the store, built when
missing, and a plain 404 for anything else under /worlds/ (other code's fingerprint, off-stop
or non-canonical values, traversal)."""

from __future__ import annotations

import gzip
import json

import pytest
import zstandard

from server import world_files as world_http
from tests.support.asgi import header, request
from ui import disk_store
from ui.playground import world_files, world_store, worlds

REPO_FILE = "app.py"  # what a traversal would like to read


class Streamlit:
    """Stands in for everything behind the route; records what reached it."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def __call__(self, scope, receive, send) -> None:
        self.asked.append(scope["path"])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"streamlit"})


@pytest.fixture
def store(tmp_path, monkeypatch):
    """An empty store of this test's own, and no world kept in memory from before."""
    monkeypatch.setenv(disk_store.STORE_ENV, str(tmp_path / "worlds"))
    worlds.world_json.clear()
    yield disk_store.store_folder()
    worlds.world_json.clear()


def test_a_world_is_served_with_the_stores_bytes_and_cached_forever(store):
    built = worlds.world_json(0.2, 1.0)  # built, and kept in the store
    path = f"/worlds/{disk_store.fingerprint()}/0.2_1.json"
    assert world_files.world_address(0.2, 1.0) == path
    status, headers, body = request(world_http.WorldFiles(Streamlit()), path)
    assert status == 200
    assert body == world_store.world_path(0.2, 1.0).read_bytes() == built.encode()
    assert header(headers, "cache-control") == ["public, max-age=31536000, immutable"]
    assert header(headers, "content-type") == ["application/json"]
    assert header(headers, "content-length") == [str(len(body))]
    assert header(headers, "content-encoding") == []


def test_gzip_when_asked_and_the_same_bytes_every_time(store):
    app = world_http.WorldFiles(Streamlit())
    path = "/worlds/" + disk_store.fingerprint() + "/0_0.json"
    first = request(app, path, accept_encoding="gzip, br")
    second = request(app, path, accept_encoding="gzip")
    status, headers, body = first
    assert status == 200 and header(headers, "content-encoding") == ["gzip"]
    assert header(headers, "vary") == ["Accept-Encoding"]
    assert gzip.decompress(body) == world_store.world_path(0, 0).read_bytes()
    assert second[2] == body
    # No timestamp in the gzip header (bytes 4-7): every replica, any second, the same bytes.
    assert body[4:8] == b"\0\0\0\0"
    assert len(body) < 0.5 * len(gzip.decompress(body))


CHROMIUM_SECURE = "gzip, deflate, br, zstd"  # what Chromium asks of HTTPS or localhost


def test_zstd_once_compressed_beside_the_gzip_never_while_a_browser_waits(store):
    app = world_http.WorldFiles(Streamlit())
    path = f"/worlds/{disk_store.fingerprint()}/0.3_0.5.json"
    plain = world_files.world_bytes(0.3, 0.5)
    _, headers, first = request(app, path, accept_encoding=CHROMIUM_SECURE)
    assert header(headers, "content-encoding") == ["gzip"], "not compressed yet: the gzip"
    assert gzip.decompress(first) == plain
    app.to_compress.join()  # the world's zstd, compressed in a thread of its own
    _, headers, second = request(app, path, accept_encoding=CHROMIUM_SECURE)
    assert header(headers, "content-encoding") == ["zstd"]
    assert header(headers, "vary") == ["Accept-Encoding"]
    assert header(headers, "content-length") == [str(len(second))]
    assert zstandard.ZstdDecompressor().decompress(second) == plain
    assert len(second) < 0.9 * len(first)
    stored = world_http.zstd_path(0.3, 0.5)
    assert stored.parent == world_store.world_path(0.3, 0.5).parent
    assert stored.read_bytes() == second
    # Another process sends the store's zstd on its first ask, and gzip where zstd is refused.
    other = world_http.WorldFiles(Streamlit())
    _, headers, third = request(other, path, accept_encoding=CHROMIUM_SECURE)
    assert third == second and header(headers, "content-encoding") == ["zstd"]
    _, headers, _ = request(other, path, accept_encoding="zstd;q=0, gzip")
    assert header(headers, "content-encoding") == ["gzip"]
    _, headers, body = request(other, path, accept_encoding="zstd;q=0, gzip;q=0")
    assert header(headers, "content-encoding") == [] and body == plain
    assert other.to_compress.unfinished_tasks == 0, "nothing compressed again"


def test_the_gzipped_world_is_stored_beside_it_and_served_from_the_store(store):
    path = f"/worlds/{disk_store.fingerprint()}/0.4_0.9.json"
    _, _, first = request(world_http.WorldFiles(Streamlit()), path, accept_encoding="gzip")
    stored = world_files.gzip_path(0.4, 0.9)
    assert stored.parent == world_store.world_path(0.4, 0.9).parent
    assert stored.read_bytes() == first
    assert gzip.decompress(first) == world_store.world_path(0.4, 0.9).read_bytes()
    # Another process (a fresh WorldFiles, nothing in memory) sends what the store holds as
    # it is, not a compression of its own: a level-1 gzip of the world, other bytes than its
    # own level 9, comes back byte for byte.
    other = gzip.compress(gzip.decompress(first), 1, mtime=0)
    assert other != first
    stored.write_bytes(other)
    _, headers, second = request(world_http.WorldFiles(Streamlit()), path, accept_encoding="gzip")
    assert second == other and header(headers, "content-encoding") == ["gzip"]


def test_a_damaged_stored_gzip_is_replaced_not_served(store):
    worlds.world_json(0.1, 0.3)
    world_files.gzip_path(0.1, 0.3).write_bytes(b"not gzip at all")
    path = f"/worlds/{disk_store.fingerprint()}/0.1_0.3.json"
    _, _, body = request(world_http.WorldFiles(Streamlit()), path, accept_encoding="gzip")
    assert gzip.decompress(body) == world_store.world_path(0.1, 0.3).read_bytes()
    assert world_files.gzip_path(0.1, 0.3).read_bytes() == body


def test_a_world_not_built_yet_is_built_on_request_and_stored(store):
    assert not world_store.world_path(0.35, 0.7).exists()
    path = f"/worlds/{disk_store.fingerprint()}/0.35_0.7.json"
    status, _, body = request(world_http.WorldFiles(Streamlit()), path)
    assert status == 200
    assert json.loads(body)["b"] == 0.35 and json.loads(body)["sigma"] == 0.7
    assert world_store.world_path(0.35, 0.7).read_bytes() == body


def test_head_answers_the_headers_without_the_body(store):
    path = f"/worlds/{disk_store.fingerprint()}/1_2.json"
    status, headers, body = request(world_http.WorldFiles(Streamlit()), path, method="HEAD")
    assert status == 200 and body == b""
    assert int(header(headers, "content-length")[0]) > 50_000


@pytest.mark.parametrize(
    "tail",
    [
        "0.2_1.5.json.bak",  # not a world's name
        "0.20_1.json",  # b = 0.2, but not as its stop is written: one address per world
        "0.2_1.0.json",
        "0.21_1.json",  # off the stops
        "0.2_2.1.json",  # σ beyond its range
        "1.05_0.json",
        "-0.05_0.json",
        "nan_0.json",
        "0.2_1",
        "",
        "../../app.py",
        "..%2F..%2Fapp.py",
        "0.2_1.json/../../../app.py",
    ],
)
def test_anything_but_a_worlds_address_is_a_plain_404(store, tail):
    streamlit = Streamlit()
    path = f"/worlds/{disk_store.fingerprint()}/{tail}"
    status, headers, body = request(world_http.WorldFiles(streamlit), path)
    assert status == 404
    assert header(headers, "content-type") == ["text/plain; charset=utf-8"]
    assert body.startswith(b"No such world")
    assert b"Traceback" not in body and b"import" not in body
    assert streamlit.asked == [], "nothing under /worlds/ reaches Streamlit"
    assert not list(store.glob("*.json")), "a bad address builds nothing"


@pytest.mark.parametrize(
    "path",
    [
        "/worlds/0123456789abcdef/0.2_1.json",  # another code's fingerprint
        "/worlds/../app.py",
        "/worlds/" + "../" * 6 + "etc/passwd",
        "/worlds//0.2_1.json",
        "/worlds/" + "a" * 5_000,
    ],
)
def test_other_fingerprints_and_traversals_are_404(store, path):
    status, _, body = request(world_http.WorldFiles(Streamlit()), path)
    assert status == 404 and body.startswith(b"No such world")


def test_posting_to_a_world_is_404_and_other_paths_go_to_streamlit(store):
    streamlit = Streamlit()
    app = world_http.WorldFiles(streamlit)
    path = f"/worlds/{disk_store.fingerprint()}/0_0.json"
    assert request(app, path, method="POST")[0] == 404
    assert request(app, "/worldsx/0_0.json")[2] == b"streamlit"
    assert request(app, "/best-of-n")[2] == b"streamlit"
    assert streamlit.asked == ["/worldsx/0_0.json", "/best-of-n"]


def test_the_app_serves_worlds_before_anything_else_sees_the_path():
    from server import serving

    assert serving.middleware()[0].cls is world_http.WorldFiles


def test_the_answer_writers_banks_are_served_once_beside_the_worlds(store):
    from core import answer_text

    app = world_http.WorldFiles(Streamlit())
    path = world_files.answers_address()
    assert path == f"/worlds/{disk_store.fingerprint()}/answers.json"
    assert world_files.stage_controls()["answers"] == path
    status, headers, body = request(app, path)
    assert status == 200 and header(headers, "content-encoding") == []
    assert json.loads(body) == json.loads(json.dumps(answer_text.writer_tables()))
    assert header(headers, "cache-control") == ["public, max-age=31536000, immutable"]
    status, headers, packed = request(app, path, accept_encoding="gzip")
    assert header(headers, "content-encoding") == ["gzip"] and gzip.decompress(packed) == body
    # Fetched once per visit, cached for a year: 9.6 KB (4.2 gzipped) with a why and a hedge
    # taking it back for every tip, 4.5 KB before.
    assert len(body) < 11_000 and len(packed) < 5_000
    other_code = path.replace(disk_store.fingerprint(), "0" * 16)
    assert request(app, other_code)[0] == 404


def test_the_stages_script_is_a_file_beside_the_worlds_and_the_component_only_loads_it(store):
    """The stage's 102 KB of joined modules went inline with every first page's websocket
    message, deflated per visitor; now a file, gzipped once, cached for a year, named by its
    bytes, and the component's own script imports it."""
    from ui import js_modules
    from ui.playground import stage

    address, text = world_files.stage_script()
    assert text == js_modules.joined(world_files.STAGE_ASSETS).encode()
    assert address.startswith(f"/worlds/{disk_store.fingerprint()}/stage-")
    assert address.endswith(".js")
    app = world_http.WorldFiles(Streamlit())
    status, headers, body = request(app, address)
    assert status == 200 and body == text
    assert header(headers, "content-type") == ["text/javascript; charset=utf-8"]
    assert header(headers, "cache-control") == ["public, max-age=31536000, immutable"]
    _status, headers, packed = request(app, address, accept_encoding="gzip")
    assert header(headers, "content-encoding") == ["gzip"] and gzip.decompress(packed) == text
    assert request(app, address, accept_encoding="gzip")[2] == packed
    assert request(app, address.replace("stage-", "stage-0"))[0] == 404
    # What the Playground's first run sends: the component's script names the file and holds
    # nothing of the stage's own code (tests/app/app_pages.py opens the page in AppTest).
    from app_pages import open_page

    (component,) = [
        element
        for element in open_page("playground").get("bidi_component")
        if element.proto.component_name == "reward_hacking_stage"
    ]
    script = component.proto.js_content
    assert f"const ADDRESS = {json.dumps(address)};" in script
    assert len(script) < 1_000 and "mountStage(" not in script and "class Stage" not in script
    assert stage.LOADER_JS % json.dumps(address) == script


def test_under_a_base_path_the_stages_script_is_named_and_served_there(store, monkeypatch):
    from streamlit import config

    address = world_files.stage_script()[0]
    assert world_files.stage_script_url() == address
    real = config.get_option
    monkeypatch.setattr(
        config, "get_option", lambda name: "lesson/" if name == "server.baseUrlPath" else real(name)
    )
    assert world_files.stage_script_url() == "/lesson" + address
    app = world_http.WorldFiles(Streamlit())
    status, _headers, body = request(app, "/lesson" + address)
    assert status == 200 and body == world_files.stage_script()[1]


def test_each_language_has_its_own_worlds_cached_stored_and_addressed(store):
    """A world holds sentences: German's is built in German, kept apart from English's in
    memory and on disk, and served at its own address (the cache keys on the language)."""
    english = worlds.world_json(0.2, 1.0)
    german = worlds.world_json(0.2, 1.0, "de")
    assert german != english and worlds.world_json(0.2, 1.0) == english  # not served across
    assert json.loads(german)["beta"]["label"] == "β · Stärke der KL-Strafe"
    assert json.loads(english)["beta"]["label"] == "β · KL penalty strength"
    assert world_store.world_path(0.2, 1.0, "de").read_text() == german
    path = f"/worlds/{disk_store.fingerprint()}/de/0.2_1.json"
    assert world_files.world_address(0.2, 1.0, "de") == path
    status, _, body = request(world_http.WorldFiles(Streamlit()), path)
    assert status == 200 and body == german.encode()
    for other in ("en", "xx"):  # English has no folder of its own; no other language is offered
        wrong = f"/worlds/{disk_store.fingerprint()}/{other}/0.2_1.json"
        assert request(world_http.WorldFiles(Streamlit()), wrong)[0] == 404
