"""The CUDA driver API path, end to end, against a stand-in libcuda.so.1 at the real C ABI.

The stand-in (tests/standins/libcuda) is compiled against NVIDIA's cuda.h and loaded by
envcheck's own ctypes code through LD_LIBRARY_PATH, so these tests exercise what runs on a GPU
host: the child process, /proc/self/maps, cuGetErrorName, the timeout, the JSON, the facts, the
rules and the smoke payload. Each scenario is a driver state real hosts report.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from envcheck import libcuda, smoke
from envcheck.host import NATIVE_INIT_TIMEOUT, LiveHost
from envcheck.probes import cuda
from tests import standin_cuda
from tests.conftest import envcheck

libcuda_standin = standin_cuda.libcuda_standin

# scenario -> (cuinit_code, cuinit_name, driver CUDA version, device_count) as the driver reports them
EXPECTED = {
    "healthy-8gpu": (0, "CUDA_SUCCESS", "12.4", 8),
    "no-device": (100, "CUDA_ERROR_NO_DEVICE", "12.4", None),
    "system-not-ready": (802, "CUDA_ERROR_SYSTEM_NOT_READY", "12.4", None),
    "driver-mismatch": (803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", "12.2", None),
    "compat-not-supported": (804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", "12.8", None),
    "unknown-error": (999, "CUDA_ERROR_UNKNOWN", "12.4", None),
    # NVIDIA's stub answers every call with 34 and names nothing, its version included.
    "stub": (34, "", "", None),
}
SENTENCES = {
    100: "no CUDA-capable device is detected",
    802: "system not yet initialized",
    803: "system has unsupported display driver / cuda driver combination",
    804: "forward compatibility was attempted on non supported HW",
    999: "unknown error",
}
HANG_BUDGET = "1.5"  # seconds, through ENVCHECK_NATIVE_TIMEOUT


def _run(argv, env, timeout=60) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env=env)


def _processes_with_env(text: str) -> list:
    """Live processes whose environment mentions `text` (a stand-in folder): none may survive a timeout."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if text.encode() in Path(f"/proc/{pid}/environ").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return [pid for pid in found if int(pid) != os.getpid()]


# --- the module itself --------------------------------------------------------------------

def test_version_string_decodes_cuda_integer_versions():
    assert libcuda.version_string(12040) == "12.4"
    assert libcuda.version_string(13000) == "13.0"
    assert libcuda.version_string(11080) == "11.8"
    assert libcuda.version_string(12090) == "12.9"
    for nothing in (0, -1, None, "12040", True):
        assert libcuda.version_string(nothing) == ""


def _ask(library: Path, code: str) -> dict:
    """Evaluate `code` (with `lib`, the loaded `library`) in a child: a library loaded into the test
    process would stay there and answer every later dlopen("libcuda.so.1") of the session."""
    script = f"import json\nfrom envcheck import libcuda\nlib = libcuda.load({str(library)!r})\nprint(json.dumps({code}))"
    out = _run([sys.executable, "-c", script], dict(os.environ))
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_names_and_version_answer_before_cuinit(libcuda_standin):
    """cuGetErrorName and cuDriverGetVersion need no cuInit on a real driver, so the probe can name
    a failed cuInit and still report the version."""
    answer = _ask(libcuda_standin.library("unknown-error"),
                  "[libcuda.error_name(lib, 802), libcuda.error_string(lib, 999), libcuda.error_name(lib, 123456), "
                  "libcuda.driver_version(lib)]")
    # 123456 is no CUresult: the driver names nothing
    assert answer == ["CUDA_ERROR_SYSTEM_NOT_READY", "unknown error", "", "12.4"]


def test_the_stub_names_nothing_and_nothing_crashes(libcuda_standin):
    answer = _ask(libcuda_standin.library("stub"),
                  "[libcuda.error_name(lib, 34), libcuda.error_string(lib, 34), libcuda.driver_version(lib)]")
    assert answer == ["", "", ""]


def test_a_missing_library_is_a_load_error(tmp_path):
    answer = libcuda.check(name=str(tmp_path / "libcuda.so.1"))
    assert list(answer) == ["load_error"] and "libcuda.so.1" in answer["load_error"]


def test_module_entry_point_prints_one_json_object(libcuda_standin):
    out = _run([sys.executable, "-m", "envcheck.libcuda", "--contexts"], libcuda_standin.env("busy-gpu"))
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["cuinit_code"] == 0 and answer["device_count"] == 2
    assert answer["library"] == str(libcuda_standin.library("busy-gpu"))
    assert answer["contexts"] == [{"index": 0, "code": 0, "name": "CUDA_SUCCESS"},
                                  {"index": 1, "code": 46, "name": "CUDA_ERROR_DEVICE_UNAVAILABLE"}]


# --- the probe ----------------------------------------------------------------------------

def test_the_child_runs_this_envcheck_isolated():
    """Not `-m envcheck.libcuda` under -I: that imports whatever envcheck site-packages holds."""
    argv = cuda.driver_api_argv()
    assert argv[:3] == [sys.executable, "-I", "-S"]
    assert Path(argv[3]) == Path(libcuda.__file__) and Path(argv[3]).parent == Path(cuda.__file__).parent.parent


def test_native_budget():
    assert LiveHost(env={}, timeout=5).native_timeout() == NATIVE_INIT_TIMEOUT
    assert LiveHost(env={}, timeout=90).native_timeout() == 90
    assert LiveHost(env={"ENVCHECK_NATIVE_TIMEOUT": "2"}, timeout=5).native_timeout() == 2
    assert LiveHost(env={"ENVCHECK_NATIVE_TIMEOUT": "120"}, timeout=5).native_timeout() == 120
    for ignored in ("", "0", "-3", "soon"):
        assert LiveHost(env={"ENVCHECK_NATIVE_TIMEOUT": ignored}, timeout=5).native_timeout() == 30


@pytest.mark.parametrize("scenario", sorted(EXPECTED))
def test_live_probe_reports_what_the_driver_says(libcuda_standin, scenario):
    code, name, version, count = EXPECTED[scenario]
    facts = cuda.probe(LiveHost(env=libcuda_standin.env(scenario)))
    api = facts.driver_api
    assert (api.cuinit_code, api.cuinit_name, api.driver_version, api.device_count) == (code, name, version, count)
    assert api.library == str(libcuda_standin.library(scenario))  # the file mapped, links resolved
    assert 0 < api.seconds < 5
    if code == 0:
        assert api.status == "ok" and api.reason == ""
    else:
        assert api.status == "error"
        assert api.reason == f"cuInit failed: {code} {name or '(the library has no name for it)'}" + \
            (f": {SENTENCES[code]}" if code in SENTENCES else "")


def test_a_hanging_cuinit_is_reported_within_the_budget(libcuda_standin):
    env = libcuda_standin.env("hang", ENVCHECK_NATIVE_TIMEOUT=HANG_BUDGET)
    started = time.monotonic()
    api = cuda.probe(LiveHost(env=env)).driver_api
    elapsed = time.monotonic() - started
    assert elapsed < float(HANG_BUDGET) + 3, f"the probe waited {elapsed:.1f} s"
    assert api.status == "error" and api.cuinit_code is None
    assert api.reason.startswith(f"cuInit did not answer in {HANG_BUDGET} s")
    assert api.library.endswith("/libcuda.so.1")
    assert not _processes_with_env(str(libcuda_standin.directory("hang")))


def test_a_crashing_cuinit_costs_the_child_only(libcuda_standin):
    api = cuda.probe(LiveHost(env=libcuda_standin.env("crash"))).driver_api
    assert api.status == "error" and api.cuinit_code is None
    assert api.reason == "loading libcuda or cuInit killed the child with SIGSEGV"


def test_without_libcuda_the_driver_api_is_absent(tmp_path):
    env = dict(os.environ, LD_LIBRARY_PATH=str(tmp_path))
    if cuda._loader.find_name(LiveHost(env=env), "libcuda.so.1", cuda._loader.loader_dirs(LiveHost(env=env))):
        pytest.skip("this machine has a libcuda.so.1 of its own")
    assert cuda.probe(LiveHost(env=env)).driver_api.status == "absent"


# --- the CLI ------------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", sorted(EXPECTED))
def test_inspect_json_reports_the_driver_api(libcuda_standin, scenario):
    code, name, version, count = EXPECTED[scenario]
    out = envcheck("inspect", "--json", env=libcuda_standin.env(scenario))
    assert out.returncode == 0, out.stderr
    api = json.loads(out.stdout)["cuda"]["driver_api"]
    assert (api["cuinit_code"], api["cuinit_name"], api["driver_version"], api["device_count"]) == \
        (code, name, version, count)
    assert api["status"] == ("ok" if code == 0 else "error")


def test_inspect_reports_a_hang_as_a_timeout_fact(libcuda_standin):
    env = libcuda_standin.env("hang", ENVCHECK_NATIVE_TIMEOUT=HANG_BUDGET)
    started = time.monotonic()
    out = envcheck("inspect", "--json", "--timeout", "1", env=env)
    elapsed = time.monotonic() - started
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    assert "cuInit did not answer in 1.5 s" in facts["cuda"]["driver_api"]["reason"]
    assert any(e["probe"] == "cuda" and "did not answer" in e["reason"] for e in facts["probe_errors"])
    assert elapsed < 15, f"inspect took {elapsed:.1f} s with a {HANG_BUDGET} s native budget"
    assert not _processes_with_env(str(libcuda_standin.directory("hang")))


def test_a_bundle_replays_the_driver_api_answer(libcuda_standin, tmp_path):
    """inspect --bundle records the child's answer under cuda-driver-api; --root replays it."""
    bundle = tmp_path / "bundle"
    live = envcheck("inspect", "--json", "--bundle", str(bundle), env=libcuda_standin.env("compat-not-supported"))
    assert live.returncode == 0, live.stderr
    replay = envcheck("inspect", "--json", "--root", str(bundle))
    assert replay.returncode == 0, replay.stderr
    recorded = json.loads((bundle / ".envcheck" / "commands.json").read_text())[cuda.DRIVER_API_LABEL]
    assert json.loads(recorded["stdout"])["cuinit_code"] == 804
    before, after = (json.loads(out.stdout)["cuda"]["driver_api"] for out in (live, replay))
    assert after == before and after["cuinit_name"] == "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"


@pytest.mark.parametrize("scenario", ["unknown-error", "compat-not-supported", "no-device"])
def test_doctor_names_cuda_init_failed(libcuda_standin, scenario):
    code = EXPECTED[scenario][0]
    out = envcheck("doctor", "--json", env=libcuda_standin.env(scenario))
    assert out.returncode == 1, out.stderr
    findings = {f["code"]: f for f in json.loads(out.stdout)["findings"]}
    assert "DRV010" in findings, sorted(findings)
    assert findings["DRV010"]["slug"] == "cuda-init-failed"
    assert findings["DRV010"]["evidence"]["cuda.driver_api.cuinit_code"] == code


def test_doctor_names_a_stub_libcuda_from_its_cuinit_answer(libcuda_standin):
    """cuInit answering 34 (CUDA_ERROR_STUB_LIBRARY) is the stub's own word: libcuda-stub-on-library-path names it,
    and cuda-init-failed steps aside."""
    out = envcheck("doctor", "--json", env=libcuda_standin.env("stub"))
    assert out.returncode == 1, out.stderr
    findings = {f["code"]: f for f in json.loads(out.stdout)["findings"]}
    assert "LIB011" in findings and "DRV010" not in findings, sorted(findings)
    assert findings["LIB011"]["evidence"]["cuda.driver_api.cuinit_code"] == EXPECTED["stub"][0] == 34


@pytest.mark.parametrize("scenario, code", [("system-not-ready", "DRV008"), ("driver-mismatch", "DRV004")])
def test_doctor_explains_802_and_803_by_their_cause(libcuda_standin, scenario, code):
    """802 is fabric manager's, 803 the module/library mismatch's: DRV010 leaves both to those rules."""
    out = envcheck("doctor", "--json", env=libcuda_standin.env(scenario))
    codes = {f["code"] for f in json.loads(out.stdout)["findings"]}
    assert code in codes and "DRV010" not in codes, sorted(codes)


def test_doctor_is_quiet_about_cuinit_when_it_succeeds(libcuda_standin):
    out = envcheck("doctor", "--json", env=libcuda_standin.env("healthy-8gpu"))
    codes = {f["code"] for f in json.loads(out.stdout)["findings"]}
    assert "DRV010" not in codes


# --- the smoke payload --------------------------------------------------------------------

def _payload(env) -> dict:
    out = _run([sys.executable, "-m", "envcheck.smoke.payloads.driver", "--device", "cuda"], env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_driver_payload_passes_with_a_context_on_every_gpu(libcuda_standin):
    result = _payload(libcuda_standin.env("healthy-8gpu"))
    assert result["status"] == "pass", result
    metrics = result["metrics"]
    assert (metrics["cuinit_code"], metrics["device_count"], metrics["contexts_created"]) == (0, 8, 8)
    assert metrics["driver_cuda_version"] == "12.4"
    assert metrics["library"] == str(libcuda_standin.library("healthy-8gpu"))


def test_driver_payload_names_the_gpu_that_refuses_a_context(libcuda_standin):
    result = _payload(libcuda_standin.env("busy-gpu"))
    assert result["status"] == "fail"
    assert result["message"] == "GPU 1: 46 CUDA_ERROR_DEVICE_UNAVAILABLE"
    assert (result["metrics"]["device_count"], result["metrics"]["contexts_created"]) == (2, 1)


@pytest.mark.parametrize("scenario", ["system-not-ready", "driver-mismatch", "compat-not-supported", "unknown-error",
                                      "no-device", "stub"])
def test_driver_payload_fails_with_the_cuda_error_name(libcuda_standin, scenario):
    code, name = EXPECTED[scenario][:2]
    result = _payload(libcuda_standin.env(scenario))
    assert result["status"] == "fail"
    assert result["message"].startswith(f"cuInit failed: {code} {name or '(the library has no name for it)'}")
    assert (result["metrics"]["cuinit_code"], result["metrics"]["cuinit_name"]) == (code, name)


def test_driver_payload_without_libcuda(tmp_path):
    env = dict(os.environ, LD_LIBRARY_PATH=str(tmp_path))
    if cuda._loader.find_name(LiveHost(env=env), "libcuda.so.1", cuda._loader.loader_dirs(LiveHost(env=env))):
        pytest.skip("this machine has a libcuda.so.1 of its own")
    result = _payload(env)
    assert result["status"] == "fail" and result["message"].startswith("libcuda.so.1 cannot be loaded")


def test_the_smoke_harness_runs_the_driver_payload(libcuda_standin):
    """Through smoke.run_one, as certify runs it: the child process, its timeout, the result."""
    test = smoke.choose(["driver"], "quick")[0]
    result = smoke.run_one(test, "cuda", "quick", {}, {}, env=libcuda_standin.env("healthy-8gpu"))
    assert result.status == "pass", result
    assert result.metrics["contexts_created"] == 8
