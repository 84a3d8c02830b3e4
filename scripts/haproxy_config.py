"""HAProxy's configuration for the replicas, from deploy/haproxy.cfg.template (docs/design.md §10).

One template for both places HAProxy runs: scripts/cluster.py (loopback replicas, one
``server`` line each) and docker-compose (deploy/compose/haproxy.cfg, made by
``python scripts/cluster.py --print-compose-config``; a test checks it is up to date).
"""

from __future__ import annotations

import string
import subprocess
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent.parent / "deploy" / "haproxy.cfg.template"
LOOPBACK = "127.0.0.1"
COMPOSE_MAX_REPLICAS = 8  # server slots HAProxy keeps for docker-compose's replicas
COMPOSE_APP_PORT = 8501  # the Dockerfile's port, inside compose's network


def render_config(
    *,
    lb_port: int,
    servers: list[str],
    bind_address: str = LOOPBACK,
    admin_socket: str = "",
    resolvers: str = "",
    dynamic_cookies: bool = False,
) -> str:
    """HAProxy's configuration from the template.

    ``servers`` are backend lines (``server ...`` or ``server-template ...``); ``admin_socket``
    a path for the runtime API (empty: none); ``resolvers`` a resolvers section; with
    ``dynamic_cookies`` HAProxy names the servers' cookies itself (server-template).
    """
    stats = f"    stats socket {admin_socket} mode 600 level admin" if admin_socket else ""
    # The key only salts the cookie values HAProxy derives from each server's address.
    dynamic = " dynamic\n    dynamic-cookie-key reward-hacking-live" if dynamic_cookies else ""
    return string.Template(TEMPLATE.read_text()).substitute(
        lb_port=lb_port,
        bind_address=bind_address,
        admin_socket=stats,
        resolvers=resolvers,
        dynamic_cookies=dynamic,
        servers="\n".join(f"    {line}" for line in servers),
    )


def compose_config() -> str:
    """deploy/compose/haproxy.cfg: the same template over docker-compose's replicas of `app`.

    The engine's DNS answers `app` with every replica's address; HAProxy fills up to
    COMPOSE_MAX_REPLICAS server slots from it and follows it as replicas come and go. Its
    address is read from the container's /etc/resolv.conf: Docker's is 127.0.0.11, Podman's
    its network's gateway, so one file serves both.
    """
    resolvers = "\n".join(
        [
            "resolvers docker",
            "    parse-resolv-conf             # the engine's DNS, whichever engine runs it",
            "    hold valid 5s                 # a replacement container is found within ~5 s",
        ]
    )
    template = (
        f"server-template app 1-{COMPOSE_MAX_REPLICAS} app:{COMPOSE_APP_PORT} resolvers docker "
        "init-addr none"
    )
    generated = (
        "# Made by `python scripts/cluster.py --print-compose-config` from\n"
        "# deploy/haproxy.cfg.template: edit the template, then make this again.\n"
    )
    return generated + render_config(
        lb_port=COMPOSE_APP_PORT,
        servers=[template],
        bind_address="*",
        resolvers=resolvers,
        dynamic_cookies=True,
    )


def server_line(index: int, port: int) -> str:
    """One loopback replica as HAProxy names it (its cookie value is its name)."""
    return f"server replica{index} {LOOPBACK}:{port} cookie replica{index}"


def check_config(haproxy: str, path: Path) -> None:
    """Raise ValueError with HAProxy's own words if it rejects the configuration."""
    checked = subprocess.run(
        [haproxy, "-c", "-f", str(path)], capture_output=True, text=True, check=False
    )
    if checked.returncode != 0:
        raise ValueError(f"haproxy rejects {path}:\n{checked.stdout}{checked.stderr}")
