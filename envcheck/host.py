"""The single I/O seam of the probes: files under a root, commands with timeouts, environment.

Probes never touch `open`, `os` or `subprocess` themselves. They ask a Host, so the same probe
reads this machine (`LiveHost`), a directory tree such as a recorded test scenario or a
snapshot a user sent (`DirectoryHost`), and can be recorded into a snapshot while it runs
(`RecordingHost`).

Paths given to a Host are always the host's own absolute paths ("/proc/driver/nvidia/version");
a host with another root maps them, and resolves symbolic links as a chroot would, so an
absolute link inside a snapshot never escapes it.

A snapshot directory is a root tree plus a `.envcheck/` folder:
  manifest.json   {"format": 1, "env": {...}, "platform": "linux", "redacted": [...]}
  commands.json   {label: {"argv", "returncode", "stdout", "stderr", "seconds", "timed_out", "error"}}
  listings.json   {dir: [names]} for directories whose full listing was not copied
"""

from __future__ import annotations

import json
import os
import posixpath
import signal
import subprocess
import sys
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Set

DEFAULT_TIMEOUT = 5.0
# Children that initialise the driver (NVML, cuInit) on a multi-GPU host without persistence
# mode spend seconds bringing every GPU up before they answer; they get this budget at least.
NATIVE_INIT_TIMEOUT = 30.0
# Set in the inspected host's environment to a positive number of seconds, it replaces that
# budget, longer or shorter (a site with very slow GPU bring-up; tests that prove a hang is cut).
NATIVE_TIMEOUT_ENV = "ENVCHECK_NATIVE_TIMEOUT"
MAX_READ = 4 * 1024 * 1024
READ_CHUNK = 64 * 1024
META_DIR = ".envcheck"
SNAPSHOT_FORMAT = 1


@dataclass
class CommandResult:
    """What running one command gave. A missing program or a timeout is a result, not an exception."""

    argv: List[str]
    returncode: Optional[int] = None
    stdout: str = ""
    stderr: str = ""
    seconds: float = 0.0
    timed_out: bool = False
    error: str = ""  # could not start: "not found", "permission denied", "not recorded"

    @property
    def ok(self) -> bool:
        return not self.error and not self.timed_out and self.returncode == 0

    def describe_failure(self) -> str:
        """One line a person can read: why this command gave no usable answer."""
        name = self.argv[0] if self.argv else "command"
        if self.error:
            return f"{name}: {self.error}"
        if self.timed_out:
            return f"{name} did not answer in {self.seconds:.0f} s"
        tail = (self.stderr or self.stdout).strip().splitlines()
        detail = f": {tail[-1]}" if tail else ""
        return f"{name} exited with code {self.returncode}{detail}"


def command_label(argv: Sequence[str], label: Optional[str]) -> str:
    """The key a recorded command is stored under: the label, else the argv."""
    return label or " ".join(argv)


class Host(ABC):
    """The interface every probe uses. Subclasses say where files and commands come from."""

    platform: str = "linux"
    root: str = "/"

    def __init__(self, env: Optional[Mapping[str, str]] = None, timeout: float = DEFAULT_TIMEOUT):
        self.env: Dict[str, str] = dict(os.environ if env is None else env)
        self.timeout = timeout
        self._cache: Dict[str, object] = {}
        self._lock = threading.Lock()

    # Files -------------------------------------------------------------------------------
    def read(self, path: str, limit: int = MAX_READ) -> Optional[str]:
        """The text of a file, or None when it is missing or unreadable."""
        data = self.read_bytes(path, limit)
        return None if data is None else data.decode("utf-8", "replace")

    @abstractmethod
    def read_bytes(self, path: str, limit: int = MAX_READ) -> Optional[bytes]:
        """Defined by each concrete host."""

    @abstractmethod
    def listdir(self, path: str) -> List[str]:
        """Defined by each concrete host."""

    @abstractmethod
    def readlink(self, path: str) -> Optional[str]:
        """Defined by each concrete host."""

    @abstractmethod
    def is_dir(self, path: str) -> bool:
        """Defined by each concrete host."""

    @abstractmethod
    def exists(self, path: str) -> bool:
        """Defined by each concrete host."""

    @abstractmethod
    def is_executable(self, path: str) -> bool:
        """Defined by each concrete host."""

    @abstractmethod
    def statvfs(self, path: str) -> Optional[Dict[str, int]]:
        """Defined by each concrete host."""

    @abstractmethod
    def can_write(self, path: str) -> Optional[bool]:
        """Defined by each concrete host."""

    def realpath(self, path: str) -> str:
        """Follow symbolic links inside this host's root, as the host itself would."""
        parts = [p for p in posixpath.normpath(path).split("/") if p]
        resolved = "/"
        hops = 0
        while parts:
            part = parts.pop(0)
            candidate = posixpath.join(resolved, part)
            target = self.readlink(candidate)
            if target is None:
                resolved = candidate
                continue
            hops += 1
            if hops > 40:
                return candidate  # a link loop; stop where we are
            base = "/" if target.startswith("/") else resolved
            parts = [p for p in posixpath.normpath(posixpath.join(base, target)).split("/") if p] + parts
            resolved = "/"
        return resolved

    def which(self, name: str) -> Optional[str]:
        """Where `name` would be found on this host's PATH."""
        for directory in self.env.get("PATH", "").split(":"):
            if directory:
                candidate = posixpath.join(directory, name)
                if self.is_executable(candidate):
                    return candidate
        return None

    # Commands ----------------------------------------------------------------------------
    @abstractmethod
    def run(self, argv: Sequence[str], timeout: Optional[float] = None, label: Optional[str] = None,
            stdin: Optional[str] = None) -> CommandResult:
        """Defined by each concrete host."""

    def python(self) -> str:
        """The interpreter that in-child probes run with."""
        return sys.executable

    def native_timeout(self) -> float:
        """Seconds a driver-initialising child (NVML, cuInit) may take: ENVCHECK_NATIVE_TIMEOUT
        when this host's environment sets it to a positive number, else max(timeout, 30 s)."""
        try:
            seconds = float(self.env.get(NATIVE_TIMEOUT_ENV, ""))
        except ValueError:
            seconds = 0.0
        if seconds > 0:
            return seconds
        return max(self.timeout, NATIVE_INIT_TIMEOUT)

    @abstractmethod
    def query(self, label: str, function: Callable[[], Dict]) -> Dict:
        """An in-process question to a service (the Docker engine API), answered as a JSON
        object; the function bounds its own time (a client timeout). Recorded under `label`."""

    # Memo shared by probes that need the same expensive answer (loader directories, ...).
    def memo(self, key: str, compute):
        with self._lock:
            if key in self._cache:
                return self._cache[key]
        value = compute()
        with self._lock:
            self._cache.setdefault(key, value)
            return self._cache[key]


class LiveHost(Host):
    """This machine."""

    def __init__(self, env: Optional[Mapping[str, str]] = None, timeout: float = DEFAULT_TIMEOUT,
                 python: Optional[str] = None):
        super().__init__(env, timeout)
        self.platform = sys.platform
        self._python = python  # another interpreter to inspect (a venv's), instead of envcheck's own

    def python(self) -> str:
        return self._python or sys.executable

    def read_bytes(self, path: str, limit: int = MAX_READ) -> Optional[bytes]:
        return read_limited(path, limit)

    def listdir(self, path: str) -> List[str]:
        try:
            return sorted(os.listdir(path))
        except OSError:
            return []

    def readlink(self, path: str) -> Optional[str]:
        try:
            return os.readlink(path)
        except OSError:
            return None

    def realpath(self, path: str) -> str:
        return os.path.realpath(path)

    def is_dir(self, path: str) -> bool:
        return os.path.isdir(path)

    def exists(self, path: str) -> bool:
        return os.path.exists(path)

    def is_executable(self, path: str) -> bool:
        return os.path.isfile(path) and os.access(path, os.X_OK)

    def statvfs(self, path: str) -> Optional[Dict[str, int]]:
        try:
            st = os.statvfs(path)
        except OSError:
            return None
        return {"size": st.f_frsize * st.f_blocks, "free": st.f_frsize * st.f_bavail}

    def can_write(self, path: str) -> Optional[bool]:
        """Try it: permissions alone do not show a read-only mount or a full tmpfs."""
        probe = os.path.join(path, f".envcheck-{os.getpid()}-{threading.get_ident()}")
        try:
            fd = os.open(probe, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except OSError:
            return False if os.path.isdir(path) else None
        try:
            os.write(fd, b"x")
            return True
        except OSError:
            return False
        finally:
            os.close(fd)
            try:
                os.unlink(probe)
            except OSError:
                pass

    def run(self, argv: Sequence[str], timeout: Optional[float] = None, label: Optional[str] = None,
            stdin: Optional[str] = None) -> CommandResult:
        return run_command(argv, self.timeout if timeout is None else timeout, self.env, stdin)

    def query(self, label: str, function: Callable[[], Dict]) -> Dict:
        try:
            return function()
        except Exception as exc:  # a client library raises many types; the answer says which
            lines = str(exc).strip().splitlines()
            return {"error": f"{type(exc).__name__}: {lines[0][:300] if lines else ''}".rstrip(": ")}


def run_command(argv: Sequence[str], timeout: float, env: Optional[Mapping[str, str]] = None,
                stdin: Optional[str] = None) -> CommandResult:
    """Run a command in its own process group; at the timeout kill the whole group.

    A child that forks (nvidia-smi talking to a wedged driver, a framework import spawning
    helpers) must not outlive the timeout, so the group is killed, not just the child.
    """
    argv = [str(a) for a in argv]
    started = time.monotonic()
    try:
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(env) if env is not None else None,
            start_new_session=True,
        )
    except FileNotFoundError:
        return CommandResult(argv, error="not found")
    except PermissionError:
        return CommandResult(argv, error="permission denied")
    except OSError as exc:
        return CommandResult(argv, error=f"could not start: {exc.strerror or exc}")
    try:
        out, err = proc.communicate(stdin.encode() if stdin is not None else None, timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        try:
            out, err = proc.communicate(timeout=1.0)
        except subprocess.TimeoutExpired:
            out, err = b"", b""
        return CommandResult(argv, returncode=proc.returncode, stdout=out.decode("utf-8", "replace"),
                             stderr=err.decode("utf-8", "replace"), seconds=timeout, timed_out=True)
    _kill_group(proc)  # leave no grandchildren behind, even after a clean exit
    return CommandResult(argv, returncode=proc.returncode, stdout=out.decode("utf-8", "replace"),
                         stderr=err.decode("utf-8", "replace"),
                         seconds=round(time.monotonic() - started, 3))


def run_logged(argv: Sequence[str], timeout: float, log_path: str, echo=None) -> CommandResult:
    """Run a long command (an install plan) with its output streamed to `echo` and appended to a
    log file; the whole process group is killed at the timeout."""
    started = time.monotonic()
    with open(log_path, "a", encoding="utf-8") as log:
        proc = subprocess.Popen([str(a) for a in argv], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True, text=True, bufsize=1)
        timer = threading.Timer(timeout, _kill_group, args=(proc,))
        timer.start()
        try:
            assert proc.stdout is not None
            for line in proc.stdout:
                log.write(line)
                log.flush()
                if echo is not None:
                    echo(line.rstrip("\n"))
            proc.wait()
        finally:
            timer.cancel()
    seconds = round(time.monotonic() - started, 3)
    timed_out = seconds >= timeout
    return CommandResult([str(a) for a in argv], returncode=proc.returncode, seconds=seconds, timed_out=timed_out)


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        pass


class DirectoryHost(Host):
    """A host read from a directory: a recorded scenario, a user's snapshot, or a mounted root.

    Commands come from `.envcheck/commands.json` when the directory is a snapshot; a plain
    root tree has none, and every command answers "not recorded".
    """

    def __init__(self, directory: str, env: Optional[Mapping[str, str]] = None,
                 timeout: float = DEFAULT_TIMEOUT):
        self.directory = os.path.abspath(directory)
        meta = os.path.join(self.directory, META_DIR)
        self.manifest = _load_json(os.path.join(meta, "manifest.json"), {})
        self.commands = _load_json(os.path.join(meta, "commands.json"), {})
        self.listings = _load_json(os.path.join(meta, "listings.json"), {})
        recorded_env = self.manifest.get("env", {})
        super().__init__(recorded_env if env is None else env, timeout)
        self.platform = self.manifest.get("platform", "linux")
        self.root = self.directory

    @property
    def is_snapshot(self) -> bool:
        return bool(self.manifest)

    def _local(self, path: str) -> str:
        return os.path.join(self.directory, posixpath.normpath(path).lstrip("/"))

    def _resolved(self, path: str) -> str:
        return self._local(self.realpath(path))

    def read_bytes(self, path: str, limit: int = MAX_READ) -> Optional[bytes]:
        return read_limited(self._resolved(path), limit)

    def listdir(self, path: str) -> List[str]:
        key = posixpath.normpath(path)
        if key in self.listings:
            return sorted(self.listings[key])
        try:
            return sorted(n for n in os.listdir(self._resolved(path)) if not (key == "/" and n == META_DIR))
        except OSError:
            return []

    def readlink(self, path: str) -> Optional[str]:
        try:
            return os.readlink(self._local(path))
        except OSError:
            return None

    def is_dir(self, path: str) -> bool:
        key = posixpath.normpath(path)
        return key in self.listings or os.path.isdir(self._resolved(path))

    def exists(self, path: str) -> bool:
        return self.is_dir(path) or os.path.lexists(self._resolved(path))

    def is_executable(self, path: str) -> bool:
        local = self._resolved(path)
        return os.path.isfile(local) and os.access(local, os.X_OK)

    def statvfs(self, path: str) -> Optional[Dict[str, int]]:
        recorded = self.manifest.get("statvfs", {}).get(posixpath.normpath(path))
        return dict(recorded) if recorded else None

    def can_write(self, path: str) -> Optional[bool]:
        return self.manifest.get("writable", {}).get(posixpath.normpath(path))

    def run(self, argv: Sequence[str], timeout: Optional[float] = None, label: Optional[str] = None,
            stdin: Optional[str] = None) -> CommandResult:
        key = command_label(argv, label)
        record = self.commands.get(key)
        if record is None:
            return CommandResult(list(argv), error="not recorded in this snapshot")
        result = CommandResult(list(record.get("argv", argv)), record.get("returncode"),
                               record.get("stdout", ""), record.get("stderr", ""),
                               float(record.get("seconds", 0.0)), bool(record.get("timed_out", False)),
                               record.get("error", ""))
        limit = self.timeout if timeout is None else timeout
        if result.timed_out:
            result.seconds = limit  # the recorded hang, replayed against this run's timeout
        return result

    def python(self) -> str:
        return self.manifest.get("python", "python3")

    def query(self, label: str, function: Callable[[], Dict]) -> Dict:
        record = self.commands.get(label)
        if record is None:
            return {"error": "not recorded in this snapshot"}
        try:
            return json.loads(record.get("stdout", ""))
        except ValueError:
            return {"error": f"recorded answer to {label} is not JSON"}


def read_limited(path: str, limit: int) -> Optional[bytes]:
    """Read at most `limit` bytes in small chunks: procfs sysctl files refuse one huge read (ENOMEM)."""
    chunks = []
    size = 0
    try:
        with open(path, "rb") as handle:
            while size < limit:
                chunk = handle.read(min(READ_CHUNK, limit - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
    except OSError:
        return None
    return b"".join(chunks)


def _load_json(path: str, default):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        return default
    except (OSError, ValueError) as exc:
        raise SnapshotError(f"{path} is not readable JSON: {exc}") from None


class SnapshotError(ValueError):
    """A snapshot directory that cannot be read."""


class LookedUpEnvironment(dict):
    """The environment as probes see it through a RecordingHost, remembering every name looked up.

    A snapshot is archived and attached to public issues, and a shell's environment holds
    tokens and keys (HF_TOKEN, AWS_SECRET_ACCESS_KEY, a CI's GITHUB_TOKEN): the manifest keeps only
    the variables a probe asked for by name, which are all a replay needs. Listing the names
    (iterating, keys()) marks nothing, so a probe reads each value it keeps with get() or [].
    """

    def __init__(self, env: Mapping[str, str]):
        super().__init__(env)
        self.looked_up: Set[str] = set()

    def get(self, key, default=None):
        self.looked_up.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.looked_up.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        self.looked_up.add(key)
        return super().__contains__(key)

    def read(self) -> Dict[str, str]:
        """The variables that were looked up and are set."""
        return {key: value for key, value in self.items() if key in self.looked_up}


class RecordingHost(Host):
    """Wraps a host and writes everything the probes read into a snapshot directory.

    The snapshot replays with `DirectoryHost`, so a maintainer sees exactly what the probes
    saw. Hostnames and serial numbers are redacted on the way in (see `redact`); of the
    environment only what the probes looked up is kept (see `LookedUpEnvironment`).
    """

    def __init__(self, inner: Host, directory: str, redactions: Optional[Dict[str, str]] = None):
        super().__init__(inner.env, inner.timeout)
        self.env = LookedUpEnvironment(inner.env)
        self.inner = inner
        self.platform = inner.platform
        self.directory = os.path.abspath(directory)
        self.redactions = dict(redactions or {})
        self.commands: Dict[str, dict] = {}
        self.listings: Dict[str, List[str]] = {}
        self.statvfs_seen: Dict[str, Dict[str, int]] = {}
        self.writable_seen: Dict[str, Optional[bool]] = {}
        self.files_written = 0

    def _local(self, path: str) -> str:
        return os.path.join(self.directory, posixpath.normpath(path).lstrip("/"))

    def redact(self, text: str) -> str:
        for secret, replacement in self.redactions.items():
            if secret:
                text = text.replace(secret, replacement)
        return text

    def read_bytes(self, path: str, limit: int = MAX_READ) -> Optional[bytes]:
        data = self.inner.read_bytes(path, limit)
        if data is None:
            return None
        real = self.inner.realpath(path)
        self._record_links(path)
        local = self._local(real)
        stored = data if _looks_binary(data) else self.redact(data.decode("utf-8", "replace")).encode("utf-8")
        with self._lock:
            # Keep the longest read: an earlier read may have been shorter (a limit) or only an
            # existence check that left an empty placeholder.
            if not os.path.exists(local) or os.path.getsize(local) < len(stored):
                os.makedirs(os.path.dirname(local), exist_ok=True)
                with open(local, "wb") as handle:
                    handle.write(stored)
                self.files_written += 1
        return data

    def _record_links(self, path: str) -> None:
        """Copy every symbolic link on the way to `path`, so realpath replays the same."""
        parts = [p for p in posixpath.normpath(path).split("/") if p]
        current = "/"
        for part in parts:
            current = posixpath.join(current, part)
            target = self.inner.readlink(current)
            if target is not None:
                if self._store_link(current, target):  # each hop of a chain (gcc -> gcc-12 -> x86_64-linux-gnu-gcc-12)
                    self._record_links(posixpath.join(posixpath.dirname(current), target))
                current = self.inner.realpath(current)

    def _store_link(self, path: str, target: str) -> bool:
        """Copy one link; False when it was copied before (which also ends a loop of links)."""
        local = self._local(path)
        with self._lock:
            if os.path.lexists(local):
                return False
            os.makedirs(os.path.dirname(local), exist_ok=True)
            os.symlink(target, local)
            return True

    def listdir(self, path: str) -> List[str]:
        names = self.inner.listdir(path)
        with self._lock:
            self.listings[posixpath.normpath(self.inner.realpath(path))] = names
        self._record_links(path)
        return names

    def readlink(self, path: str) -> Optional[str]:
        target = self.inner.readlink(path)
        if target is not None:
            parent = posixpath.dirname(posixpath.normpath(path))
            self._record_links(parent)
            self._store_link(posixpath.join(self.inner.realpath(parent), posixpath.basename(path)), target)
        return target

    def realpath(self, path: str) -> str:
        self._record_links(path)
        return self.inner.realpath(path)

    def is_dir(self, path: str) -> bool:
        answer = self.inner.is_dir(path)
        if answer:
            self._record_links(path)
            os.makedirs(self._local(self.inner.realpath(path)), exist_ok=True)
        return answer

    def exists(self, path: str) -> bool:
        answer = self.inner.exists(path)
        if answer and not self.inner.is_dir(path):
            self._record_links(path)
            local = self._local(self.inner.realpath(path))
            with self._lock:
                if not os.path.lexists(local):
                    os.makedirs(os.path.dirname(local), exist_ok=True)
                    open(local, "wb").close()  # existence recorded, content not needed
        elif answer:
            self.is_dir(path)
        return answer

    def is_executable(self, path: str) -> bool:
        answer = self.inner.is_executable(path)
        if answer:
            self._record_links(path)
            local = self._local(self.inner.realpath(path))
            with self._lock:
                if not os.path.lexists(local):
                    os.makedirs(os.path.dirname(local), exist_ok=True)
                    open(local, "wb").close()
                os.chmod(local, 0o755)
        return answer

    def statvfs(self, path: str) -> Optional[Dict[str, int]]:
        answer = self.inner.statvfs(path)
        if answer is not None:
            with self._lock:
                self.statvfs_seen[posixpath.normpath(path)] = answer
        return answer

    def can_write(self, path: str) -> Optional[bool]:
        answer = self.inner.can_write(path)
        with self._lock:
            self.writable_seen[posixpath.normpath(path)] = answer
        return answer

    def run(self, argv: Sequence[str], timeout: Optional[float] = None, label: Optional[str] = None,
            stdin: Optional[str] = None) -> CommandResult:
        result = self.inner.run(argv, timeout, label, stdin)
        record = asdict(result)
        record["stdout"] = self.redact(record["stdout"])
        record["stderr"] = self.redact(record["stderr"])
        with self._lock:
            self.commands[command_label(argv, label)] = record
        return result

    def python(self) -> str:
        return self.inner.python()

    def query(self, label: str, function: Callable[[], Dict]) -> Dict:
        answer = self.inner.query(label, function)
        with self._lock:
            self.commands[label] = {"argv": [label], "returncode": 0, "stdout": json.dumps(answer), "stderr": "",
                                    "seconds": 0.0, "timed_out": False, "error": ""}
        return answer

    def finish(self) -> None:
        """Write the manifest (with the environment the probes looked up) and the recorded commands
        and listings."""
        meta = os.path.join(self.directory, META_DIR)
        os.makedirs(meta, exist_ok=True)
        manifest = {
            "format": SNAPSHOT_FORMAT,
            "platform": self.platform,
            "python": self.inner.python(),
            "env": {k: self.redact(v) for k, v in sorted(self.env.read().items())},
            "statvfs": self.statvfs_seen,
            "writable": self.writable_seen,
            "redacted": sorted(set(self.redactions.values())),
        }
        for record in self.commands.values():  # redactions learnt after a command ran apply too
            record["stdout"] = self.redact(record["stdout"])
            record["stderr"] = self.redact(record["stderr"])
        for name, payload in (("manifest.json", manifest), ("commands.json", self.commands),
                              ("listings.json", self.listings)):
            with open(os.path.join(meta, name), "w", encoding="utf-8") as handle:
                json.dump(payload, handle, indent=1, sort_keys=True)
                handle.write("\n")


def _looks_binary(data: bytes) -> bool:
    return b"\0" in data[:4096]


def is_snapshot_dir(path: str) -> bool:
    return Path(path, META_DIR, "manifest.json").is_file()
