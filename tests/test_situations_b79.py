"""Situations met in session 92, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("case", ["22050", "22200", "22206"])
def test_a_display_watchdog_on_linux_stops_a_long_kernel(case):
    """alpaka's cudaErrorLaunchTimeout, numba's launch timeout on a GTX 980 that drives the display, bitcracker's
    "Kernel execition timeout: Enabled" on Ubuntu."""
    found = first(corpus(case))
    assert found.slug == "display-watchdog-kills-long-kernel"
    assert any("Interactive" in step for step in found.fix)


@pytest.mark.parametrize("case", ["5086", "22203", "22205"])
def test_windows_tdr_stops_a_long_kernel(case):
    """faster-whisper-xxl's launch timeout under C:\\ paths, a ray tracer's error 999 as the screen went black,
    COLMAP's "force videodriver to restart" on Windows 7."""
    found = first(corpus(case))
    assert found.slug == "windows-tdr-kernel-timeout"
    assert any("TdrDelay" in step for step in found.fix)


def test_a_launch_timeout_under_wsl_is_windows_tdr():
    """Constructed: WSL's GPU is Windows', and so is its watchdog."""
    text = ("Ubuntu 22.04 on WSL2\nRuntimeError: CUDA error: the launch timed out and was terminated\n"
            "CUDA kernel errors might be asynchronously reported at some other API call")
    assert first(text).slug == "windows-tdr-kernel-timeout"


@pytest.mark.parametrize("text", [
    # constructed: deviceQuery's property with nothing failing
    "Device 0: \"NVIDIA GeForce GTX 1080\"\n  Run time limit on kernels:                     Yes\nResult = PASS",
    # constructed: a black screen on Linux without a CUDA error is not a kernel stopped by a watchdog
    "Ubuntu 22.04, the screen goes black after login with driver 550",
])
def test_no_watchdog_without_a_stopped_kernel(text):
    slugs = paste_slugs(text)
    assert "display-watchdog-kills-long-kernel" not in slugs and "windows-tdr-kernel-timeout" not in slugs
