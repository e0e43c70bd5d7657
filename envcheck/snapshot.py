"""Capture what the probes read on this host into a directory that `--root DIR` replays.

A user runs `envcheck snapshot DIR`, archives DIR and attaches it to an issue; a maintainer
runs `envcheck inspect --root DIR` (or doctor) and sees exactly what the probes saw. Hostnames
and serial numbers are replaced before anything reaches the disk of the snapshot.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import tempfile
from typing import Callable, Dict, Iterable

from envcheck.host import Host, RecordingHost
from envcheck.model import HostFacts
from envcheck.probes import collect

HOSTNAME_FILES = ("/proc/sys/kernel/hostname", "/etc/hostname")
REDACTED_HOST = "redacted-hostname"
REDACTED_SERIAL = "redacted-serial"


class SnapshotTargetError(ValueError):
    """The snapshot directory cannot be written where the user asked."""


def take(host: Host, target: str, deep: bool = False, redact: bool = True) -> HostFacts:
    """Record one collection run into `target`; `target` appears whole or not at all."""
    target = os.path.abspath(target)
    if os.path.exists(target) and (not os.path.isdir(target) or os.listdir(target)):
        raise SnapshotTargetError(f"{target} already exists and is not an empty directory; name a new one")
    parent = os.path.dirname(target)
    if not os.path.isdir(parent):
        raise SnapshotTargetError(f"{parent} does not exist; create it first or name another place")
    redactions = hostname_redactions(host) if redact else {}
    work = tempfile.mkdtemp(prefix=".envcheck-snapshot-", dir=parent)
    try:
        recorder = RecordingHost(host, work, redactions)
        facts = collect(recorder, deep=deep)
        if redact:
            serials = serial_redactions(facts)
            recorder.redactions.update(serials)
            rewrite_files(work, serials)
            facts = redact_facts(facts, recorder.redact)
        recorder.finish()
        if os.path.isdir(target):
            os.rmdir(target)
        os.rename(work, target)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return facts


def hostname_redactions(host: Host) -> Dict[str, str]:
    names: Dict[str, str] = {}
    for path in HOSTNAME_FILES:
        name = (host.read(path) or "").strip()
        if len(name) >= 3:  # replacing a one- or two-letter name would mangle unrelated text
            names[name] = REDACTED_HOST
    return names


def serial_redactions(facts: HostFacts) -> Dict[str, str]:
    return {gpu.serial: REDACTED_SERIAL for gpu in facts.gpus.devices
            if gpu.serial and gpu.serial not in ("N/A", "not-supported") and len(gpu.serial) >= 4}


def redact_facts(facts: HostFacts, redact: Callable[[str], str]) -> HostFacts:
    """The facts with every string passed through the recorder's `redact`, so that what `take` returns is what the
    snapshot replays to: the recorder redacts only what it writes, and a serial is found only after collection, by
    when it is also in the kernel log's NVRM lines."""
    def redacted(value):
        if isinstance(value, str):
            return redact(value)
        if isinstance(value, (list, tuple)):
            return type(value)(redacted(item) for item in value)
        if isinstance(value, dict):
            return {redacted(key): redacted(item) for key, item in value.items()}
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return dataclasses.replace(value, **{f.name: redacted(getattr(value, f.name))
                                                 for f in dataclasses.fields(value) if f.init})
        return value

    return redacted(facts)


def rewrite_files(directory: str, redactions: Dict[str, str]) -> None:
    if not redactions:
        return
    for path in _files(directory):
        with open(path, "rb") as handle:
            data = handle.read()
        if b"\0" in data[:4096]:
            continue
        text = data.decode("utf-8", "replace")
        changed = text
        for secret, replacement in redactions.items():
            changed = changed.replace(secret, replacement)
        if changed != text:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(changed)


def _files(directory: str) -> Iterable[str]:
    for folder, _, names in os.walk(directory):
        for name in names:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                yield path
