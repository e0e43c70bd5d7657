"""Situations met in session 64, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first


@pytest.mark.parametrize("text", [
    corpus("5826-"),  # xmrig/xmrig-nvidia#247: "Program compile log: nvrtc: error: failed to load builtins"
    # NVRTC before CUDA 11 in other programs' reports (issues corpus): CuPy (cupy/cupy#1660), OpenMM
    # (openmm/openmm#1485, settled as "a library path issue"), torch's fuser (aim-uofa/AdelaiDet#345)
    "It throws \"CompileException: nvrtc: error: failed to load builtins\".",
    "Exception: Error compiling program: nvrtc: error: failed to load builtins",
    "RuntimeError: nvrtc: error: failed to load builtins for compute_75.\nnvrtc compilation failed:",
    # numba-cuda#196 quoting numba's error before it showed NVRTC's log
    "numba.cuda.cudadrv.error.NvrtcError:\n  Failed to call nvrtcCompileProgram: NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
])
def test_nvrtc_unable_to_load_its_builtins_is_a_cuda_library_missing(text):
    found = first(text)
    assert found.slug == "cuda-libraries-missing"
    assert "builtins" in found.evidence["library"]


def test_nvrtc_naming_the_builtins_file_keeps_its_cuda_major():
    # flashlight/flashlight#124: NVRTC 11 names the file, whose major the fix names
    text = ("NVRTC Error(7): NVRTC_ERROR_BUILTIN_OPERATION_FAILURE\nLog: \nnvrtc: error: failed to open "
            "libnvrtc-builtins.so.11.1.\n  Make sure that libnvrtc-builtins.so.11.1 is installed correctly.")
    found = first(text)
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == "11"


def test_nvrtc_refusing_an_architecture_is_tk004_not_its_builtins_missing():
    # pytorch/pytorch#87595's wording, quoted in notes found by find_string: an NVRTC too old for the GPU
    assert first("RuntimeError: nvrtc: error: invalid value for --gpu-architecture (-arch)").slug == \
        "nvcc-too-old-for-gpu-arch"
