"""The files a host deploys with: Kubernetes manifests (validated offline against the API's
schemas), HAProxy's configurations (checked by HAProxy itself), docker-compose and the
Dockerfile (read for what docs/design.md §10 asks of them). No container engine runs here."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import kubernetes_validate
import pytest
import yaml

from harness.processes import run_python
from scripts.haproxy_config import check_config, compose_config, render_config, server_line
from tests.cluster.conftest import require_haproxy

pytestmark = pytest.mark.cluster

REPO_ROOT = Path(__file__).resolve().parents[2]
K8S = REPO_ROOT / "deploy" / "k8s"
# The oldest Kubernetes still in wide use with autoscaling/v2 and policy/v1, and the newest
# schemas the pinned kubernetes-validate ships.
KUBERNETES_VERSIONS = ("1.30.0", kubernetes_validate.latest_version())
HEALTH = "/_stcore/health"


def manifests() -> dict[str, dict]:
    """Every Kubernetes resource in deploy/k8s by file name (kustomization.yaml aside)."""
    found = {}
    for path in sorted(K8S.glob("*.yaml")):
        if path.name != "kustomization.yaml":
            found[path.name] = yaml.safe_load(path.read_text())
    return found


def by_kind(kind: str) -> dict:
    return next(resource for resource in manifests().values() if resource["kind"] == kind)


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("name", sorted(manifests()))
def test_every_manifest_validates_offline(name, version):
    kubernetes_validate.validate(manifests()[name], version, strict=True)


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
    assert sorted(listed) == sorted(set(manifests()) - {"secret.example.yaml"})


def test_deployment_probes_secrets_and_user():
    deployment = by_kind("Deployment")
    assert deployment["spec"]["replicas"] >= 2
    pod = deployment["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    (container,) = pod["containers"]
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == HEALTH, probe
    port = container["ports"][0]["containerPort"]
    assert f"EXPOSE {port}" in (REPO_ROOT / "Dockerfile").read_text()
    secrets = {
        item["name"]: item["valueFrom"]["secretKeyRef"]
        for item in container["env"]
        if "secretKeyRef" in item.get("valueFrom", {})
    }
    assert set(secrets) == {"STREAMLIT_SERVER_COOKIE_SECRET", "DATABASE_URL"}
    example = by_kind("Secret")
    for reference in secrets.values():
        assert reference["name"] == example["metadata"]["name"]
        assert reference["key"] in example["stringData"]


def test_ingress_keeps_a_browser_on_one_pod_and_websockets_open():
    ingress = by_kind("Ingress")
    notes = ingress["metadata"]["annotations"]
    assert notes["nginx.ingress.kubernetes.io/affinity"] == "cookie"
    assert notes["nginx.ingress.kubernetes.io/session-cookie-change-on-failure"] == "true"
    for timeout in ("proxy-read-timeout", "proxy-send-timeout"):
        assert int(notes[f"nginx.ingress.kubernetes.io/{timeout}"]) >= 3600
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == by_kind("Service")["metadata"]["name"]


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
    broken = tmp_path / "broken.cfg"
    broken.write_text(loopback.replace("balance leastconn", "balance fastest"))
    with pytest.raises(ValueError, match="haproxy rejects"):
        check_config(haproxy, broken)


def test_compose_haproxy_configuration_is_made_from_the_template():
    made = run_python("scripts/cluster.py", "--print-compose-config")
    assert made.returncode == 0, made.stderr
    assert made.stdout == (REPO_ROOT / "deploy" / "compose" / "haproxy.cfg").read_text()


def test_compose_runs_replicas_behind_haproxy():
    compose = yaml.safe_load((REPO_ROOT / "docker-compose.yml").read_text())["services"]
    assert compose["app"]["deploy"]["replicas"] >= 2
    assert "STREAMLIT_SERVER_COOKIE_SECRET" in compose["app"]["environment"]
    mounts = [volume.split(":") for volume in compose["lb"]["volumes"]]
    assert any((REPO_ROOT / source).resolve().is_file() for source, *_ in mounts)
    assert compose["db"]["profiles"] == ["poll"]  # declared for the class poll, not yet needed


def test_dockerfile_runs_as_a_user_with_a_health_check_and_the_warm_up():
    dockerfile = (REPO_ROOT / "Dockerfile").read_text()
    users = re.findall(r"^USER\s+(\S+)", dockerfile, flags=re.MULTILINE)
    assert users and users[-1] not in {"root", "0"}
    assert re.search(r"^FROM python:3\.11[\w.-]*-slim", dockerfile, flags=re.MULTILINE)
    assert "HEALTHCHECK" in dockerfile and HEALTH in dockerfile
    assert "scripts/warm_up.py" in dockerfile
    requirements = (REPO_ROOT / "requirements.txt").read_text().splitlines()
    pinned = [line for line in requirements if line and not line.startswith("#")]
    assert pinned and all(re.fullmatch(r"[\w.\[\]-]+==[\w.]+", line) for line in pinned)
