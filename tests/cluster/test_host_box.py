"""One box as docs/hosting.md sets it up: the systemd units (checked by `systemd-analyze verify`,
their variables the ones the app reads), the poll's backup script run on a SQLite file and on a
throwaway PostgreSQL (what it dumped restores; Kubernetes' CronJob line dumps it too), compose's
hourly backup service, and the guide's steps in an order that runs (a certificate before the
site that names it)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
import sqlalchemy as sa

from poll_data.location import DATA_DIR_ENV, DATABASE_URL_ENV
from tests.cluster.test_deploy_files import COMPOSE_ENV, compose_read
from ui import disk_store
from ui.playground import worlds

pytestmark = pytest.mark.cluster

REPO_ROOT = Path(__file__).resolve().parents[2]
SYSTEMD = REPO_ROOT / "deploy" / "systemd"
UNITS = ("reward-hacking.service", "reward-hacking-backup.service", "reward-hacking-backup.timer")
BACKUP = REPO_ROOT / "deploy" / "backup-poll.sh"
HOSTING = REPO_ROOT / "docs" / "hosting.md"
CHECKOUT = "/srv/reward-hacking"  # where the guide clones the app


def unit_settings(name: str) -> dict[str, list[str]]:
    """Each ``Key=value`` of a unit file, every value of a repeated key in order."""
    found: dict[str, list[str]] = {}
    for line in (SYSTEMD / name).read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def verify(folder: Path, *names: str) -> subprocess.CompletedProcess:
    """``systemd-analyze verify`` on units in ``folder`` (skipped where systemd is missing,
    failed under CI=true: .ci/run installs it)."""
    tool = shutil.which("systemd-analyze")
    if tool is None:
        reason = "systemd-analyze is not installed (Debian: apt-get install systemd)"
        if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}:
            pytest.fail(f"CI=true but the unit checks cannot run: {reason}", pytrace=False)
        pytest.skip(reason)
    return subprocess.run(
        [tool, "verify", *(str(folder / name) for name in names)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_systemd_accepts_the_units_and_warns_of_a_mistake(tmp_path):
    """The checkout's executables stand in a folder of the test's (verify wants them there);
    a warning counts as a failure, since systemd ignores what it cannot read and goes on."""
    root = tmp_path / "checkout"
    for program in ("streamlit", "python"):
        path = root / ".venv" / "bin" / program
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("#!/bin/sh\n")
        path.chmod(0o755)
    units = tmp_path / "units"
    units.mkdir()
    for name in UNITS:
        (units / name).write_text((SYSTEMD / name).read_text().replace(CHECKOUT, str(root)))
    checked = verify(units, *UNITS)
    assert (checked.returncode, checked.stderr) == (0, "")
    service = (units / UNITS[0]).read_text()
    (units / "broken.service").write_text(service.replace("Restart=on-failure", "Restart=onfail"))
    assert "onfail" in verify(units, "broken.service").stderr, "the check can fail"


def test_the_service_restarts_on_failure_reads_its_secret_from_a_file_and_serves_loopback():
    service = unit_settings("reward-hacking.service")
    assert service["Restart"] == ["on-failure"]
    assert service["EnvironmentFile"] == ["/etc/reward-hacking/env"]
    (start,) = service["ExecStart"]
    assert start.startswith(f"{CHECKOUT}/.venv/bin/streamlit run app.py")
    assert "--server.address 127.0.0.1 --server.port 8501" in start
    assert service["ExecStartPost"] == [f"-{CHECKOUT}/.venv/bin/python scripts/warm_up.py 8501"]
    assert service["WorkingDirectory"] == [CHECKOUT]
    assert service["WantedBy"] == ["multi-user.target"]
    # Its variables are the ones the app reads, and what it writes is under its StateDirectory.
    environment = dict(item.split("=", 1) for item in service["Environment"])
    state = "/var/lib/" + service["StateDirectory"][0]
    assert environment[DATA_DIR_ENV].startswith(state + "/")
    assert environment[disk_store.STORE_ENV].startswith(state + "/")
    assert environment[worlds.PREWARM_ENV] == "1"
    backup = unit_settings("reward-hacking-backup.service")
    assert backup["EnvironmentFile"] == service["EnvironmentFile"]
    assert backup["Environment"][0] == f"{DATA_DIR_ENV}={environment[DATA_DIR_ENV]}"
    assert backup["ExecStart"] == [f"/bin/sh {CHECKOUT}/deploy/backup-poll.sh {state}/backups"]
    assert unit_settings("reward-hacking-backup.timer")["OnCalendar"] == ["hourly"]


def backup(destination: Path, **environment: str) -> subprocess.CompletedProcess:
    """deploy/backup-poll.sh into ``destination``, with only ``environment`` and PATH set."""
    return subprocess.run(
        ["sh", str(BACKUP), str(destination)],
        capture_output=True,
        text=True,
        env={"PATH": os.environ["PATH"], **environment},
        timeout=120,
        check=False,
    )


def test_the_backup_copies_the_sqlite_poll_and_keeps_the_newest(tmp_path):
    data = tmp_path / "poll"
    data.mkdir()
    with sqlite3.connect(data / "poll.sqlite3") as connection:
        connection.execute("CREATE TABLE guesses (n INTEGER)")
        connection.execute("INSERT INTO guesses VALUES (49)")
    destination = tmp_path / "backups"
    destination.mkdir()
    for stamp in ("20250101T000000Z", "20250101T010000Z", "20250101T020000Z"):
        (destination / f"poll-{stamp}.sqlite3").write_text("older")
    (destination / "notes.txt").write_text("not a backup: left alone")
    made = backup(destination, **{DATA_DIR_ENV: str(data), "KEEP_BACKUPS": "2"})
    assert made.returncode == 0, made.stderr
    kept = sorted(path.name for path in destination.iterdir())
    assert kept[0] == "notes.txt" and kept[1] == "poll-20250101T020000Z.sqlite3"
    assert len(kept) == 3 and kept[2].startswith("poll-2") and kept[2].endswith(".sqlite3")
    with sqlite3.connect(destination / kept[2]) as copy:
        assert copy.execute("SELECT n FROM guesses").fetchall() == [(49,)]
    # No poll opened yet: nothing to copy, and no failure (the timer runs from the first hour).
    empty = backup(tmp_path / "none", **{DATA_DIR_ENV: str(tmp_path / "nothing")})
    assert empty.returncode == 0 and "no poll database" in empty.stderr


def test_the_backup_dumps_the_polls_postgresql_and_the_dump_restores(tmp_path):
    from tests.poll.poll_databases import start_postgres

    server = start_postgres()
    try:
        engine = sa.create_engine(server.url)
        with engine.begin() as connection:
            connection.execute(sa.text("CREATE TABLE guesses (n integer)"))
            connection.execute(sa.text("INSERT INTO guesses VALUES (49), (60)"))
        made = backup(tmp_path, **{DATABASE_URL_ENV: server.url})  # SQLAlchemy's +psycopg URL
        assert made.returncode == 0, made.stderr
        (dump,) = tmp_path.glob("poll-*.dump")
        with engine.begin() as connection:
            connection.execute(sa.text("DROP TABLE guesses"))
        plain = server.url.replace("postgresql+psycopg://", "postgresql://")
        restored = subprocess.run(
            [shutil.which("pg_restore") or "pg_restore", "-d", plain, str(dump)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert restored.returncode == 0, restored.stderr
        with engine.connect() as connection:
            rows = connection.execute(sa.text("SELECT n FROM guesses ORDER BY n")).all()
        assert [row.n for row in rows] == [49, 60]
        engine.dispose()
        # Kubernetes' CronJob runs its own line (no script in the image): it dumps too.
        kubernetes = tmp_path / "kubernetes"
        kubernetes.mkdir()
        made = subprocess.run(
            ["sh", "-c", cronjob_command().replace("/backups", str(kubernetes))],
            capture_output=True,
            text=True,
            env={
                "PATH": os.environ["PATH"],
                **{"PGHOST": "127.0.0.1", "PGPORT": str(server.port)},
                **{"PGUSER": "postgres", "PGDATABASE": "postgres"},
            },
            timeout=120,
            check=False,
        )
        assert made.returncode == 0, made.stderr
        assert len(list(kubernetes.glob("poll-*.dump"))) == 1
    finally:
        server.remove()


def cronjob_command() -> str:
    """The shell line deploy/k8s/poll-backup.yaml's CronJob runs, and checks of its schedule."""
    import yaml

    job = next(yaml.safe_load_all((REPO_ROOT / "deploy/k8s/poll-backup.yaml").read_text()))
    assert job["kind"] == "CronJob" and job["spec"]["schedule"] == "7 * * * *"  # hourly
    (container,) = job["spec"]["jobTemplate"]["spec"]["template"]["spec"]["containers"]
    assert container["command"][:2] == ["sh", "-c"]
    return container["command"][2]


def test_compose_dumps_the_poll_every_hour_into_a_volume_of_its_own():
    import yaml

    made = compose_read(COMPOSE_ENV)
    assert made.returncode == 0, made.stderr
    services = yaml.safe_load(made.stdout)["services"]
    job = services["backup"]
    assert job["image"] == services["db"]["image"], "pg_dump of the server's own version"
    assert job["environment"][DATABASE_URL_ENV] == services["app"]["environment"][DATABASE_URL_ENV]
    mounts = {volume.split(":")[1]: volume.split(":")[0] for volume in job["volumes"]}
    assert Path(mounts["/usr/local/bin/backup-poll.sh"]).resolve() == BACKUP
    assert mounts["/backups"] == "poll-backups"
    assert "backup-poll.sh /backups; sleep 3600" in " ".join(job["entrypoint"])


def test_the_guide_gets_the_certificate_before_the_site_and_runs_the_app_under_systemd():
    guide = HOSTING.read_text()
    assert guide.index("certbot certonly") < guide.index("sites-enabled/")
    assert "certbot --nginx" not in guide  # it cannot load a site naming missing certificates
    assert "streamlit run" not in guide.split("## Several replicas")[0], "systemd runs it"
    assert "deploy/systemd/reward-hacking.service" in guide
    assert "/etc/reward-hacking/env" in guide and "Debian 12" in guide
    assert "Ubuntu 22.04+" not in guide  # 22.04's python3 is 3.10; the app needs 3.11
    for name in UNITS:
        assert name in guide, name
