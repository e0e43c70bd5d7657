"""`envcheck snapshot` then `--root`: a maintainer sees what the probes saw, without secrets."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from envcheck.host import DirectoryHost, LiveHost
from envcheck.probes import collect
from envcheck.snapshot import REDACTED_HOST, REDACTED_SERIAL, SnapshotTargetError, take

SKIP_KEYS = {"collected_at", "root"}
DATA = Path(__file__).parent / "data"


def _comparable(facts):
    data = facts.to_dict()
    for key in SKIP_KEYS:
        data.pop(key)
    data["docker"].pop("reason")  # the daemon may come and go between two runs
    return data


def test_snapshot_replays_to_the_same_facts(tmp_path):
    live = collect(LiveHost())
    target = tmp_path / "snap"
    recorded = take(LiveHost(), str(target))
    replayed = collect(DirectoryHost(str(target)))
    assert _comparable(replayed) == _comparable(recorded)
    # And the live facts agree on everything the snapshot does not redact or time.
    assert replayed.cuda.toolkits == live.cuda.toolkits
    assert replayed.system.distro_id == live.system.distro_id and replayed.system.kernel == live.system.kernel
    assert replayed.python.distributions == live.python.distributions


def _host_with_secrets(root):
    """A small recorded host whose hostname and GPU serial appear in files and command output."""
    (root / "proc/sys/kernel").mkdir(parents=True)
    (root / "proc/sys/kernel/hostname").write_text("gpu-node-017.example.internal\n")
    (root / "etc").mkdir()
    (root / "etc/hostname").write_text("gpu-node-017.example.internal\n")
    lib = root / "usr/lib/x86_64-linux-gnu"
    lib.mkdir(parents=True)
    (lib / "libnvidia-ml.so.555.42.06").write_bytes(b"")
    os.symlink("libnvidia-ml.so.555.42.06", lib / "libnvidia-ml.so.1")
    record = json.loads((DATA / "nvml-record-l4.json").read_text())
    (root / ".envcheck").mkdir()
    (root / ".envcheck/manifest.json").write_text(json.dumps({"format": 1, "env": {"PATH": "/usr/bin"}}))
    (root / ".envcheck/commands.json").write_text(json.dumps({
        "nvml": {"argv": ["python3", "-m", "envcheck.nvml"], "returncode": 0, "stdout": json.dumps(record)},
        "dmesg": {"argv": ["dmesg"], "returncode": 0,
                  # The Xid lines as an H100's driver 580.159.04 wrote them after a device-side assert (session 72).
                  "stdout": "[ 12.0] NVRM: loading NVIDIA UNIX x86_64 Kernel Module on gpu-node-017.example.internal\n"
                            "[  150.588210] NVRM: GPU Board Serial Number: 1654523003308\n"
                            "[  150.588211] NVRM: Xid (PCI:0000:00:06): 43, pid=1214, name=python3, "
                            "channel 0x0000000a\n"},
    }))
    return DirectoryHost(str(root))


def test_hostname_and_serials_never_reach_the_snapshot(tmp_path):
    host = _host_with_secrets(tmp_path / "host")
    target = tmp_path / "snap"
    facts = take(host, str(target))
    assert facts.gpus.devices[0].serial == REDACTED_SERIAL
    seen = []
    for folder, _, names in os.walk(target):
        for name in names:
            path = os.path.join(folder, name)
            if os.path.islink(path):
                continue
            text = open(path, encoding="utf-8", errors="replace").read()
            assert "gpu-node-017" not in text, path
            assert "1654523003308" not in text, path
            seen.append(text)
    assert any(REDACTED_HOST in text for text in seen) and any(REDACTED_SERIAL in text for text in seen)
    replayed = collect(DirectoryHost(str(target)))
    assert replayed.gpus.devices[0].name == "NVIDIA L4" and replayed.gpus.devices[0].serial == REDACTED_SERIAL
    assert any("redacted-hostname" in line for line in replayed.driver.kernel_log)
    # What take() returns is what the snapshot replays to: the serial is gone from the kernel log there too.
    assert "1654523003308" not in json.dumps(facts.to_dict())
    assert facts.driver.kernel_log == replayed.driver.kernel_log


def test_existing_target_is_refused_and_left_alone(tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    with pytest.raises(SnapshotTargetError):
        take(LiveHost(), str(tmp_path))
    assert (tmp_path / "keep.txt").read_text() == "mine"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_only_the_variables_the_probes_read_reach_the_snapshot(tmp_path):
    """A snapshot is attached to public issues: a token in the user's shell must not travel with it,
    while every variable a probe reads must, or the replay would differ from what the probes saw."""
    env = dict(os.environ, HF_TOKEN="hf_abcdefSECRET", AWS_SECRET_ACCESS_KEY="wJalrSECRET",
               CUDA_VISIBLE_DEVICES="1,0", NCCL_DEBUG="INFO", CONDA_PREFIX="/opt/conda/envs/train")
    target = tmp_path / "snap"
    recorded = take(LiveHost(env=env), str(target))
    manifest = json.loads((target / ".envcheck/manifest.json").read_text())
    assert "HF_TOKEN" not in manifest["env"] and "AWS_SECRET_ACCESS_KEY" not in manifest["env"]
    assert "SECRET" not in (target / ".envcheck/manifest.json").read_text()
    assert manifest["env"]["CUDA_VISIBLE_DEVICES"] == "1,0" and manifest["env"]["NCCL_DEBUG"] == "INFO"
    assert manifest["env"]["CONDA_PREFIX"] == "/opt/conda/envs/train"  # read by name by the python probe
    replayed = collect(DirectoryHost(str(target)))
    assert _comparable(replayed) == _comparable(recorded)
