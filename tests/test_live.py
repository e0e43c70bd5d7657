"""This machine, for real: a CUDA 13.0 toolkit under /usr/local/cuda, no GPU and no driver."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest

from tests.conftest import envcheck, processes_matching

TOOLKIT = Path("/usr/local/cuda")


def test_inspect_reports_the_toolkit_and_no_gpu_with_a_reason():
    if not (TOOLKIT / "bin" / "nvcc").exists():
        pytest.skip("no CUDA toolkit at /usr/local/cuda on this machine")
    out = envcheck("inspect", "--json")
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    real = str(TOOLKIT.resolve())
    kits = {t["real_path"]: t for t in facts["cuda"]["toolkits"]}
    assert real in kits and kits[real]["version"].startswith("13.0")
    assert any(lib["name"] == "cudart" and lib["version"].startswith("13") for lib in facts["libraries"]["found"])
    if facts["driver"]["status"] == "absent":
        assert facts["gpus"]["devices"] == []
        assert facts["gpus"]["status"] == "absent"
        assert "libnvidia-ml" in facts["gpus"]["reason"]
        assert facts["cuda"]["driver_api"]["status"] == "absent"


def test_a_hanging_nvidia_smi_is_recorded_not_waited_for(tmp_path):
    fake = tmp_path / "nvidia-smi"
    fake.write_text("#!/bin/sh\nsleep 300\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = dict(os.environ, PATH=f"{tmp_path}:{os.environ['PATH']}")
    started = time.monotonic()
    out = envcheck("inspect", "--json", "--timeout", "1", env=env, timeout=60)
    elapsed = time.monotonic() - started
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    if facts["gpus"]["backend"] == "nvml":
        pytest.skip("NVML answers on this machine, so nvidia-smi is never asked")
    assert elapsed < 8, f"inspect took {elapsed:.1f} s with a 1 s timeout"
    assert "nvidia-smi did not answer in 1 s" in facts["gpus"]["reason"]
    assert any(e["probe"] == "gpus" and "did not answer" in e["reason"] for e in facts["probe_errors"])
    assert not processes_matching(str(tmp_path))


def _torch_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("torch") is not None


def test_deep_probe_imports_torch_in_a_child():
    from tests.conftest import need

    need(_torch_installed(), "torch is not installed (pip install torch==2.13.0)")
    out = envcheck("inspect", "--json", "--deep", timeout=180)
    assert out.returncode == 0, out.stderr
    torch = next(f for f in json.loads(out.stdout)["frameworks"]["installed"] if f["name"] == "torch")
    assert torch["deep"]["status"] == "ok", torch["deep"]
    import torch as local_torch

    # The version is the distribution's: PyPI's CUDA wheels say 2.11.0 there and 2.11.0+cu130 in
    # torch.__version__ (seen on an H100, session 72); download.pytorch.org's say +cpu in both.
    assert torch["version"] in (local_torch.__version__, local_torch.__version__.split("+")[0])
    assert torch["deep"]["cuda_available"] is local_torch.cuda.is_available()
    assert torch["build_cuda"] == (local_torch.version.cuda or "")


def test_a_framework_that_crashes_on_import_is_a_fact(tmp_path):
    from tests.conftest import need

    need(_torch_installed(), "torch is not installed (pip install torch==2.13.0)")
    (tmp_path / "torch").mkdir()
    (tmp_path / "torch" / "__init__.py").write_text("import os\nos.abort()\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    out = envcheck("inspect", "--json", "--deep", env=env, timeout=180)
    assert out.returncode == 0, out.stderr
    torch = next(f for f in json.loads(out.stdout)["frameworks"]["installed"] if f["name"] == "torch")
    assert torch["deep"]["status"] == "error"
    assert torch["deep"]["reason"] == "importing torch crashed with signal 6"
