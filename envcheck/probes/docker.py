"""Docker probe: the engine (through the docker SDK), its runtimes, CDI specs, and the
NVIDIA Container Toolkit tools on this host.

The SDK is imported only when a daemon socket exists, so machines without Docker pay nothing.
"""

from __future__ import annotations

import json
import posixpath
import re
from typing import List

from envcheck.host import Host
from envcheck.model import ABSENT, ERROR, ContainerToolkitTool, DockerFacts

NAME = "docker"
DEFAULT_SOCKET = "/var/run/docker.sock"
# Where the NVIDIA Container Toolkit writes CDI specs (nvidia-ctk cdi generate) and where
# container engines look for them (CDI specification, "spec directories").
CDI_DIRS = ("/etc/cdi", "/var/run/cdi")
# dockerd's configuration file: an invalid one stops the engine from starting at all.
DAEMON_JSON = "/etc/docker/daemon.json"
TOOLKIT_TOOLS = (("nvidia-ctk", "--version"), ("nvidia-container-cli", "--version"),
                 ("nvidia-container-runtime", "--version"), ("nvidia-container-runtime-hook", "--version"))


def probe(host: Host, deep: bool = False) -> DockerFacts:
    facts = DockerFacts(sources=["docker engine API", *CDI_DIRS, "PATH"])
    facts.cdi_spec_dirs = {d: host.listdir(d) for d in CDI_DIRS if host.is_dir(d)}
    facts.toolkit = toolkit_tools(host)
    text = host.read(DAEMON_JSON)
    if text is not None:
        facts.config_path = DAEMON_JSON
        facts.config_error = config_error(text)
    endpoint = host.env.get("DOCKER_HOST", "")
    if not endpoint:
        if not host.exists(DEFAULT_SOCKET):
            facts.status = ABSENT
            facts.reason = f"no Docker daemon socket at {DEFAULT_SOCKET} and DOCKER_HOST is not set"
            return facts
        endpoint = f"unix://{DEFAULT_SOCKET}"
    facts.endpoint = endpoint
    info = engine_info(host, endpoint)
    if "error" in info:
        facts.status = ERROR
        facts.reason = info["error"]
        return facts
    apply_engine_info(facts, info.get("version", {}), info.get("info", {}))
    return facts


def config_error(text: str) -> str:
    """Why dockerd would refuse this daemon.json ("" when it parses as a JSON object)."""
    try:
        value = json.loads(text)
    except ValueError as error:
        return str(error)
    return "" if isinstance(value, dict) else "the file is JSON but not an object"


ENGINE_LABEL = "docker-engine"


def engine_info(host: Host, endpoint: str) -> dict:
    """The engine's /version and /info through the docker SDK, bounded by the client timeout."""

    def ask() -> dict:
        try:
            import docker
        except ImportError:
            return {"error": "the docker Python package is not installed (pip install docker)"}
        client = docker.DockerClient(base_url=endpoint, timeout=host.timeout)
        try:
            return {"version": client.version(), "info": client.info()}
        finally:
            client.close()

    answer = host.query(ENGINE_LABEL, ask)
    if "error" in answer:
        return {"error": f"Docker daemon at {endpoint} did not answer: {answer['error']}"}
    return answer


def apply_engine_info(facts: DockerFacts, version: dict, info: dict) -> None:
    facts.server_version = str(version.get("Version", ""))
    facts.api_version = str(version.get("ApiVersion", ""))
    facts.runtimes = sorted((info.get("Runtimes") or {}).keys())
    facts.default_runtime = str(info.get("DefaultRuntime", ""))
    facts.nvidia_runtime = "nvidia" in facts.runtimes
    cdi = info.get("CDISpecDirs")
    if isinstance(cdi, list):
        for directory in cdi:
            facts.cdi_spec_dirs.setdefault(directory, [])


def toolkit_tools(host: Host) -> List[ContainerToolkitTool]:
    tools = []
    for name, flag in TOOLKIT_TOOLS:
        path = host.which(name) or next((p for p in (posixpath.join("/usr/bin", name),) if host.exists(p)), None)
        if not path:
            continue
        result = host.run([path, flag], timeout=3)
        tools.append(ContainerToolkitTool(name=name, path=path, version=parse_tool_version(result.stdout)))
    return tools


def parse_tool_version(text: str) -> str:
    """'NVIDIA Container Toolkit CLI version 1.14.3' / 'cli-version: 1.14.3' -> '1.14.3'."""
    match = re.search(r"version:?\s*v?(\d+\.\d+\.\d+)", text, re.I)
    return match.group(1) if match else ""
