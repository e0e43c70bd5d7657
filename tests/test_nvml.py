"""envcheck/nvml.py without a driver: the conversion of pynvml's answers, and the child's
behaviour on a machine with no libnvidia-ml. Everything that needs NVML to answer runs against
the C stand-in in tests/test_nvml_standin.py.
"""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys

import pynvml
import pytest

from envcheck import nvml
from tests.conftest import DATA, REPO


def test_plain_reads_pynvml_structures():
    assert nvml._plain(pynvml.c_nvmlMemory_t(total=24, free=20, used=4)) == {"total": 24, "free": 20, "used": 4}
    memory = pynvml.c_nvmlMemory_v2_t(version=pynvml.nvmlMemory_v2, total=24, reserved=1, free=19, used=4)
    assert nvml._plain(memory) == {"version": pynvml.nvmlMemory_v2, "total": 24, "reserved": 1, "free": 19,
                                   "used": 4}
    pci = nvml._plain(pynvml.nvmlPciInfo_t(busId=b"00000000:01:00.0", bus=1, pciDeviceId=0x27B810DE))
    assert (pci["busId"], pci["bus"], pci["pciDeviceId"], pci["busIdLegacy"]) == ("00000000:01:00.0", 1,
                                                                                   0x27B810DE, "")


def test_plain_reads_bytes_sequences_arrays_and_scalars():
    assert nvml._plain(b"NVIDIA L4") == "NVIDIA L4"
    assert nvml._plain((8, 9)) == [8, 9]
    assert nvml._plain([b"a", (1, 2)]) == ["a", [1, 2]]
    assert nvml._plain((ctypes.c_ulonglong * 3)(1, 2, 3)) == [1, 2, 3]
    assert nvml._plain(ctypes.c_uint(7)) == 7
    assert nvml._plain(3) == 3 and nvml._plain(None) is None


@pytest.mark.parametrize("value", [pynvml.c_nvmlDevice_t(), ctypes.pointer(pynvml.c_nvmlMemory_t()), object()])
def test_plain_refuses_handles_and_unknown_objects(value):
    """A device handle once became {} here and every later call failed silently (review A1)."""
    with pytest.raises(TypeError):
        nvml._plain(value)


def test_ask_turns_a_refused_answer_into_that_calls_error():
    answer = nvml._ask(pynvml, lambda: pynvml.c_nvmlDevice_t())
    assert answer["error"] == "TypeError" and "pointer" in answer["message"]


def test_the_recorded_l4_record_has_the_record_format():
    record = json.loads((DATA / "nvml-record-l4.json").read_text())
    keys = list(record["devices"][0])
    expected = [nvml.call_key(f, a) for f, a in nvml.DEVICE_QUERIES] + ["nvmlDeviceGetNvLinkState:0"]
    assert keys == expected


def test_real_nvml_child_without_a_driver_reports_and_exits_cleanly():
    env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
    out = subprocess.run([sys.executable, "-m", "envcheck.nvml"], capture_output=True, text=True, timeout=30,
                         env=env, cwd=REPO)
    record = json.loads(out.stdout)
    if record["init"].get("ok"):
        pytest.skip("this machine has an NVIDIA driver: nothing to assert about its absence")
    assert record["init"]["error"] in ("NVML_ERROR_LIBRARY_NOT_FOUND", "NVML_ERROR_DRIVER_NOT_LOADED")
    assert out.returncode == 0


def test_sample_without_a_driver_prints_an_error_line():
    env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
    out = subprocess.run([sys.executable, "-m", "envcheck.nvml", "sample", "--duration", "1"], capture_output=True,
                         text=True, timeout=30, env=env, cwd=REPO)
    line = json.loads(out.stdout.splitlines()[0])  # with a driver it prints one line per sample
    if "error" not in line:
        pytest.skip("this machine has an NVIDIA driver")
    assert out.returncode == 1 and line["error"] in ("NVML_ERROR_LIBRARY_NOT_FOUND", "NVML_ERROR_DRIVER_NOT_LOADED")



def test_nvidia_smi_reason_names_are_nvmls():
    """Both sources must name a clock event reason the same way, or rules see two vocabularies."""
    from envcheck.probes import gpus

    names = {name for _, name in nvml.THROTTLE_REASONS}
    for recording in ("nvidia-smi-q-x-l4.xml", "nvidia-smi-q-x-8xv100s.xml"):
        text = (DATA / recording).read_text()
        every = gpus.parse_nvidia_smi_xml(text.replace("Not Active<", "Active<"))
        assert set(every.devices[0].throttle_reasons) == names, recording
