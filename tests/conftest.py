"""Shared test helpers.

`corpus_paste(prefix)`: a real report from tests/corpus, by its number.

`paste_findings(text)` / `first_finding(text)`: what doctor finds in a pasted text (all, or the first),
judged against the shipped matrices.

`need(condition, reason)`: a test that needs a component skips with the reason on a
contributor's machine, and fails in CI (CI=true), where every component must be present.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
HOSTS = REPO / "tests" / "hosts"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CORPUS = REPO / "tests" / "corpus"


def corpus_paste(prefix: str) -> str:
    """The paste of the corpus case whose directory starts with this prefix ("243-")."""
    return next(CORPUS.glob(f"{prefix}*/paste.txt")).read_text()


def h100_recording(name: str) -> str:
    """What a situation made on purpose printed on a lent H100 (tests/data/h100-errors; its README says how)."""
    return (REPO / "tests" / "data" / "h100-errors" / name).read_text()


@functools.lru_cache(maxsize=1)
def shipped_matrix():
    from envcheck import matrix

    return matrix.load()


def paste_findings(text: str) -> list:
    """Every finding for this pasted text, most important first."""
    from envcheck import rules
    from envcheck.importers import from_text

    return rules.run(from_text(text, "paste.txt"), shipped_matrix())


def paste_slugs(text: str, diagnosed_only: bool = False) -> list:
    """The slugs of every finding for this pasted text; diagnosed_only leaves out the "possible" causes doctor
    lists from its corpus priors alone."""
    return [f.slug for f in paste_findings(text) if not (diagnosed_only and f.confidence == "possible")]


def first_finding(text: str):
    found = paste_findings(text)
    return found[0] if found else None


def need(condition: bool, reason: str) -> None:
    if condition:
        return
    if IN_CI:
        pytest.fail(f"CI must provide this: {reason}")
    pytest.skip(reason)


def envcheck(*args, env=None, timeout=60, cwd=None) -> subprocess.CompletedProcess:
    """Run the installed CLI the way a user does (python -m keeps it on this interpreter)."""
    return subprocess.run([sys.executable, "-m", "envcheck", *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=cwd)


def processes_matching(text: str) -> list:
    """Command lines of live processes that mention `text` (to prove nothing was left behind)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if text in cmdline:
            found.append(cmdline)
    return found


def has_tool(name: str) -> bool:
    return shutil.which(name) is not None


DOCKER_SOCKET = "/var/run/docker.sock"


def _engine_answers() -> bool:
    if not shutil.which("docker"):
        return False
    try:
        out = subprocess.run(["docker", "version", "--format", "{{.Server.Version}}"], capture_output=True,
                             text=True, timeout=10)
    except subprocess.TimeoutExpired:
        return False
    return out.returncode == 0 and bool(out.stdout.strip())


@pytest.fixture(scope="session")
def docker_engine():
    """A running Docker engine: the one already up, or `dockerd --bridge=none --iptables=false`
    started for this session and stopped after it (no bridge network is ever created)."""
    if _engine_answers():
        yield DOCKER_SOCKET
        return
    need(shutil.which("dockerd") is not None, "dockerd is not installed (apt-get install docker.io)")
    import tempfile
    import time

    log = tempfile.NamedTemporaryFile(prefix="dockerd-", suffix=".log", delete=False)
    proc = subprocess.Popen(["dockerd", "--bridge=none", "--iptables=false"], stdout=log, stderr=log,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not _engine_answers():
        if proc.poll() is not None:
            break
        time.sleep(0.5)
    if not _engine_answers():
        proc.terminate()
        tail = open(log.name, errors="replace").read()[-2000:]
        need(False, f"dockerd did not start: {tail}")
    yield DOCKER_SOCKET
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()


# --- the NVML stand-in (tests/standins/) ------------------------------------------------------

STANDINS = REPO / "tests" / "standins"
DATA = REPO / "tests" / "data"


class NvmlStandins:
    """Builds stand-in libnvidia-ml.so.1 libraries from recorded nvidia-smi -q -x files, one
    folder per (recording, overrides), and gives the environment that makes pynvml load one."""

    def __init__(self, root: Path):
        self.root = root
        self.built: dict = {}

    def build(self, recording: str, *overrides: str) -> Path:
        key = (recording, overrides)
        if key not in self.built:
            folder = self.root / f"nvml-{len(self.built)}"
            folder.mkdir()
            subprocess.run([sys.executable, str(STANDINS / "generate_nvml.py"), str(DATA / recording),
                            str(folder / "nvml_data.h"), *overrides], check=True, timeout=60)
            subprocess.run(["gcc", "-shared", "-fPIC", "-O0", "-Wall", "-Wextra", "-Werror", f"-I{folder}",
                            "-o", str(folder / "libnvidia-ml.so.1"), str(STANDINS / "nvml_standin.c")],
                           check=True, timeout=60)
            self.built[key] = folder
        return self.built[key]

    def env(self, folder: Path, **extra: str) -> dict:
        env = dict(os.environ, LD_LIBRARY_PATH=str(folder), PYTHONPATH=str(REPO), **extra)
        return env


@pytest.fixture(scope="session")
def nvml_standins(tmp_path_factory):
    """The stand-in NVML builder; needs gcc (a skip on a contributor's machine, a failure in CI)."""
    need(shutil.which("gcc") is not None, "gcc is not installed: the NVML stand-in is compiled from C")
    return NvmlStandins(tmp_path_factory.mktemp("nvml-standins"))
