"""The files a host deploys with: Kubernetes manifests (validated offline against the API's
schemas), HAProxy's, Caddy's and nginx's configurations (checked by the servers themselves;
their limits are run in test_proxy_limits.py, the systemd units and backups in test_host_box.py),
docker-compose's file (checked by docker-compose) and deploy/Dockerfile (read for what
docs/design.md §10 asks of them, its context the repository's root); and that every one passes
the class poll's database under the one name the app reads. No container engine runs here (see
docs/hosting.md)."""

from __future__ import annotations

import copy
import os
import re
import shutil
import subprocess
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from poll_data.location import DATABASE_URL_ENV
from scripts.haproxy_config import check_config, compose_config, render_config, server_line
from scripts.processes import run_python
from tests.cluster.conftest import require_haproxy

pytestmark = pytest.mark.cluster

REPO_ROOT = Path(__file__).resolve().parents[2]
K8S = REPO_ROOT / "deploy" / "k8s"
COMPOSE = REPO_ROOT / "deploy" / "compose" / "compose.yaml"
CADDYFILE = REPO_ROOT / "deploy" / "caddy" / "Caddyfile"
NGINX_SITE = REPO_ROOT / "deploy" / "nginx" / "reward-hacking.conf"
# Built from the repository's root (the context, where .dockerignore is read):
# docker build -f deploy/Dockerfile .
DOCKERFILE = REPO_ROOT / "deploy" / "Dockerfile"
# The oldest Kubernetes still in wide use with autoscaling/v2 and policy/v1, and the newest
# schemas the pinned kubernetes-validate ships.
KUBERNETES_VERSIONS = ("1.30.0", kubernetes_validate.latest_version())
HEALTH = "/_stcore/health"


def manifest_files() -> dict[str, list[dict]]:
    """Every Kubernetes resource in deploy/k8s, by file name (kustomization.yaml aside)."""
    found = {}
    for path in sorted(K8S.glob("*.yaml")):
        if path.name != "kustomization.yaml":
            found[path.name] = [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    return found


def resources() -> list[dict]:
    return [resource for file in manifest_files().values() for resource in file]


def by_kind(kind: str, name: str | None = None) -> dict:
    return next(
        resource
        for resource in resources()
        if resource["kind"] == kind and name in (None, resource["metadata"]["name"])
    )


def required_tool(name: str) -> str:
    """A server's own checker, installed by .ci/run: skipped without it, except in CI."""
    path = shutil.which(name) or (f"/usr/sbin/{name}" if Path(f"/usr/sbin/{name}").exists() else "")
    if not path:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} is missing: .ci/run installs it (Debian: see .ci/run)")
        pytest.skip(f"{name} is not installed (Debian: apt-get install {name})")
    return path


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("name", sorted(manifest_files()))
def test_every_manifest_validates_offline(name, version):
    for resource in manifest_files()[name]:
        kubernetes_validate.validate(resource, version, strict=True)


def test_a_broken_manifest_is_rejected():
    """The validation can fail: a mistyped field and a wrong type are both caught."""
    deployment = copy.deepcopy(by_kind("Deployment"))
    deployment["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSIONS[0], strict=True)
    deployment = copy.deepcopy(by_kind("Deployment"))
    deployment["spec"]["template"]["spec"]["containers"][0]["readinesProbe"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSIONS[0], strict=True)


def test_kustomization_applies_every_manifest_but_the_example_secret():
    listed = yaml.safe_load((K8S / "kustomization.yaml").read_text())["resources"]
    assert sorted(listed) == sorted(set(manifest_files()) - {"secret.example.yaml"})


def test_deployment_probes_secrets_and_user():
    deployment = by_kind("Deployment")
    assert deployment["spec"]["replicas"] >= 2
    pod = deployment["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    (container,) = pod["containers"]
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == HEALTH, probe
    port = container["ports"][0]["containerPort"]
    assert f"EXPOSE {port}" in DOCKERFILE.read_text()
    secrets = {
        item["name"]: item["valueFrom"]["secretKeyRef"]
        for item in container["env"]
        if "secretKeyRef" in item.get("valueFrom", {})
    }
    assert set(secrets) == {"STREAMLIT_SERVER_COOKIE_SECRET", DATABASE_URL_ENV}
    assert not secrets[DATABASE_URL_ENV].get("optional"), "without it each pod polls alone"
    example = by_kind("Secret")
    for reference in secrets.values():
        assert reference["name"] == example["metadata"]["name"]
        assert reference["key"] in example["stringData"]


def test_kubernetes_pods_share_the_polls_postgresql_under_the_apps_name():
    """The app's URL names the poll-db Service, its user, database and the password the
    StatefulSet is given, all from one Secret; the data sits on a claim, not in the pod."""
    (container,) = by_kind("Deployment")["spec"]["template"]["spec"]["containers"]
    reference = next(e for e in container["env"] if e["name"] == DATABASE_URL_ENV)
    example = by_kind("Secret")["stringData"]
    url = sa_url(example[reference["valueFrom"]["secretKeyRef"]["key"]])
    database = by_kind("StatefulSet", "poll-db")
    (postgres,) = database["spec"]["template"]["spec"]["containers"]
    env = {item["name"]: item for item in postgres["env"]}
    service = by_kind("Service", "poll-db")
    assert url.host == service["metadata"]["name"] == database["spec"]["serviceName"]
    assert url.port == service["spec"]["ports"][0]["port"] == 5432
    assert (url.username, url.database) == (
        env["POSTGRES_USER"]["value"],
        env["POSTGRES_DB"]["value"],
    )
    password_key = env["POSTGRES_PASSWORD"]["valueFrom"]["secretKeyRef"]["key"]
    assert url.password == example[password_key], "the example's two keys agree"
    claims = [claim["metadata"]["name"] for claim in database["spec"]["volumeClaimTemplates"]]
    mounts = [mount["name"] for mount in postgres["volumeMounts"]]
    assert claims == mounts


def sa_url(text: str):
    import sqlalchemy as sa

    return sa.engine.make_url(text)


def test_ingress_keeps_a_browser_on_one_pod_and_websockets_open():
    ingress = by_kind("Ingress")
    notes = ingress["metadata"]["annotations"]
    assert notes["nginx.ingress.kubernetes.io/affinity"] == "cookie"
    assert notes["nginx.ingress.kubernetes.io/session-cookie-change-on-failure"] == "true"
    for timeout in ("proxy-read-timeout", "proxy-send-timeout"):
        assert int(notes[f"nginx.ingress.kubernetes.io/{timeout}"]) >= 3600
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == by_kind("Service", "reward-hacking")["metadata"]["name"]


def test_autoscaler_scales_the_deployment():
    autoscaler = by_kind("HorizontalPodAutoscaler")
    assert autoscaler["spec"]["scaleTargetRef"]["name"] == by_kind("Deployment")["metadata"]["name"]
    assert 2 <= autoscaler["spec"]["minReplicas"] < autoscaler["spec"]["maxReplicas"]


def test_haproxy_accepts_the_cluster_and_compose_configurations(tmp_path):
    haproxy = require_haproxy()
    loopback = render_config(lb_port=8501, servers=[server_line(1, 9001), server_line(2, 9002)])
    compose = compose_config()
    for name, text in (("loopback.cfg", loopback), ("compose.cfg", compose)):
        (tmp_path / name).write_text(text)
        check_config(haproxy, tmp_path / name)
    for text in (loopback, compose):
        assert "cookie REPLICA insert" in text and "option redispatch" in text
        assert f"option httpchk GET {HEALTH}" in text and "timeout tunnel 1h" in text
        # The connection cap and each client's limits (run in test_proxy_limits.py).
        assert "    maxconn 4000" in text and "sc1_http_req_rate gt 2000" in text
    broken = tmp_path / "broken.cfg"
    broken.write_text(loopback.replace("balance leastconn", "balance fastest"))
    with pytest.raises(ValueError, match="haproxy rejects"):
        check_config(haproxy, broken)


def test_compose_haproxy_configuration_is_made_from_the_template():
    made = run_python("scripts/cluster.py", "--print-compose-config")
    assert made.returncode == 0, made.stderr
    assert made.stdout == (REPO_ROOT / "deploy" / "compose" / "haproxy.cfg").read_text()


COMPOSE_ENV = {"COOKIE_SECRET": "c" * 64, "POSTGRES_PASSWORD": "p" * 32}


def compose_read(environment: dict[str, str]) -> subprocess.CompletedProcess:
    """docker-compose's own reading of the file, with only ``environment`` set."""
    tool = required_tool("docker-compose")
    return subprocess.run(
        [tool, "--file", str(COMPOSE), "config"],
        capture_output=True,
        text=True,
        env={"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"), **environment},
        timeout=60,
        check=False,
    )


def test_compose_runs_replicas_behind_haproxy_sharing_one_poll_database():
    made = compose_read(COMPOSE_ENV)
    assert made.returncode == 0, made.stderr
    services = yaml.safe_load(made.stdout)["services"]
    app, database = services["app"], services["db"]
    assert app["deploy"]["replicas"] >= 2
    assert app["environment"]["STREAMLIT_SERVER_COOKIE_SECRET"] == COMPOSE_ENV["COOKIE_SECRET"]
    # The poll's database reaches every replica under the name the app reads, and names the
    # db service, its user, database and password; the db starts with a plain `up`.
    url = sa_url(app["environment"][DATABASE_URL_ENV])
    assert (url.host, url.port) == ("db", 5432)
    db_env = database["environment"]
    assert (url.username, url.database) == (db_env["POSTGRES_USER"], db_env["POSTGRES_DB"])
    assert url.password == db_env["POSTGRES_PASSWORD"] == COMPOSE_ENV["POSTGRES_PASSWORD"]
    assert "profiles" not in database
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    assert any(volume.endswith(":/var/lib/postgresql/data:rw") for volume in database["volumes"])
    mounts = [volume.split(":")[0] for volume in services["lb"]["volumes"]]
    assert (COMPOSE.parent / "haproxy.cfg").resolve() in [Path(m).resolve() for m in mounts]
    assert Path(app["build"]["context"]).resolve() == REPO_ROOT
    assert (REPO_ROOT / app["build"]["dockerfile"]).resolve() == DOCKERFILE


@pytest.mark.parametrize("missing", sorted(COMPOSE_ENV))
def test_compose_refuses_to_start_without_its_secrets(missing):
    environment = {key: value for key, value in COMPOSE_ENV.items() if key != missing}
    made = compose_read(environment)
    assert made.returncode != 0
    assert f"set {missing}" in made.stderr


def test_every_deploy_file_names_the_polls_database_as_the_app_reads_it():
    """One name: every variable named like the poll's URL in a deploy file, script, doc or test
    (this file aside: it holds the pattern) is the one the app reads."""
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    names = {}
    for name in set(tracked) - {str(Path(__file__).relative_to(REPO_ROOT))}:
        path = REPO_ROOT / name
        if path.suffix in {".py", ".md", ".yaml", ".yml", ".cfg", ".toml", ".template", ""}:
            text = path.read_text(errors="replace") if path.is_file() else ""
            for found in re.findall(r"\b[A-Z_]*DATABASE_URL\b", text):
                names.setdefault(found, []).append(name)
    assert set(names) == {DATABASE_URL_ENV}, names
    assert "deploy/compose/compose.yaml" in names[DATABASE_URL_ENV]
    assert "deploy/k8s/deployment.yaml" in names[DATABASE_URL_ENV]


def test_caddy_accepts_the_guides_caddyfile():
    caddy = required_tool("caddy")
    checked = subprocess.run(
        [caddy, "validate", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        env={**os.environ, "SITE_ADDRESS": "demo.example.org", "HOME": "/tmp"},
        timeout=60,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    assert "Valid configuration" in checked.stdout + checked.stderr
    text = CADDYFILE.read_text()
    assert "reverse_proxy {$UPSTREAM:127.0.0.1:8501}" in text
    assert "health_uri " + HEALTH in text
    assert "max_conns_per_host 4000" in text  # the site's cap, as nginx's and HAProxy's


def nginx_check(tmp_path: Path, site: str) -> subprocess.CompletedProcess:
    """``nginx -t`` on the guide's site inside a minimal nginx.conf, its certificate paths
    pointed at a throwaway self-signed pair (the guide's come from certbot)."""
    nginx = required_tool("nginx")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", "/CN=demo.example.org", "-keyout", str(tmp_path / "privkey.pem")]
        + ["-out", str(tmp_path / "fullchain.pem")],
        capture_output=True,
        check=True,
    )
    (tmp_path / "site.conf").write_text(
        site.replace("/etc/letsencrypt/live/demo.example.org", str(tmp_path))
    )
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n  access_log off;\n  include {tmp_path}/site.conf;\n}}\n"
    )
    return subprocess.run(
        [nginx, "-t", "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_nginx_accepts_the_guides_site_and_passes_websockets_for_a_lecture(tmp_path):
    site = NGINX_SITE.read_text()
    checked = nginx_check(tmp_path, site)
    assert checked.returncode == 0, checked.stderr
    assert "proxy_set_header Upgrade $http_upgrade;" in site
    assert "proxy_set_header Connection $connection_upgrade;" in site
    timeouts = re.findall(r"proxy_read_timeout (\d+)s;", site)
    assert timeouts and int(timeouts[0]) >= 3600
    # The limits (run in tests/cluster/test_proxy_limits.py), and certbot's renewals on port 80.
    assert "limit_conn rh_site 4000;" in site and "limit_conn rh_per_address 3000;" in site
    assert "limit_req zone=rh_sessions burst=1000 nodelay;" in site
    assert "location /.well-known/acme-challenge/" in site
    broken = nginx_check(tmp_path, site.replace("proxy_read_timeout", "proxy_read_timeut"))
    assert broken.returncode != 0, "the check can fail"


def test_dockerfile_runs_as_a_user_with_a_health_check_and_the_warm_up():
    dockerfile = DOCKERFILE.read_text()
    users = re.findall(r"^USER\s+(\S+)", dockerfile, flags=re.MULTILINE)
    assert users and users[-1] not in {"root", "0"}
    assert re.search(r"^FROM python:3\.11[\w.-]*-slim", dockerfile, flags=re.MULTILINE)
    assert "HEALTHCHECK" in dockerfile and HEALTH in dockerfile
    assert "scripts/warm_up.py" in dockerfile
    requirements = (REPO_ROOT / "requirements.txt").read_text().splitlines()
    pinned = [line for line in requirements if line and not line.startswith("#")]
    assert pinned and all(re.fullmatch(r"[\w.\[\]-]+==[\w.]+", line) for line in pinned)


def test_dockerfile_copies_from_the_root_context_what_dockerignore_lets_through():
    """Every COPY source is a path from the repository's root (the build context, not deploy/)
    and none is one .dockerignore leaves out; the tests and the benchmarks stay out."""
    ignored = {
        line.strip().rstrip("/")
        for line in (REPO_ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert {"tests", "bench", "deploy", ".git"} <= ignored
    sources = [
        source
        for line in DOCKERFILE.read_text().splitlines()
        if line.startswith("COPY ") and "--from" not in line
        for source in line.split()[1:-1]
    ]
    assert "app.py" in sources and "core" in sources
    for source in sources:
        assert (REPO_ROOT / source).exists(), source
        assert source.split("/")[0] not in ignored, source
