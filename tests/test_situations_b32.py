"""Situations met in session 45. A CUDA library that a program failed to load, retold with a noun or with the
library's name first ("failure of loading 'libnvrtc.so.10.1'", "'libnvrtc.so.10.1' can not be loaded"), and NVRTC's
builtins library of its own release. Each reading is tried on at least two real wordings, and on texts it must
leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_a_cuda_library_that_failed_to_load_retold_in_other_words():
    # openmm/openmm#2760: the plugin's load failures as the reporter retold them, on a compute node without CUDA
    found = first(corpus("1825-"))
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == "10.1"
    # a code comment's wording (a TensorFlow quick-start script): "failed loading cudart64_101.dll"
    found = first("windows10: tensorflow 2.2.0. failed loading cudart64_101.dll, running on the CPU")
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == "10.1"
    # NVRTC 11.2 and later name their DLL with the release and a build number: nvrtc64_112_0.dll
    found = first("RuntimeError: Could not load nvrtc64_112_0.dll. The specified module could not be found.")
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == "11"
    assert first("libcublas.so.11 could not be found, CUDA kernels disabled").slug == "cuda-libraries-missing"


def test_nvrtc_builtins_of_its_own_release_missing():
    # WisconsinAIVision/yolact_edge#186, and numba-cuda's NVRTC error (NVIDIA/numba-cuda#196) for 12.8
    for release, major in (("11.1", "11"), ("12.8", "12")):
        found = first(f"RuntimeError: nvrtc: error: failed to open libnvrtc-builtins.so.{release}.\n"
                      f"  Make sure that libnvrtc-builtins.so.{release} is installed correctly.\nnvrtc compilation failed:")
        assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == major
        assert any(f"nvidia-cuda-nvrtc-cu{major}" in line for line in found.fix)


def test_library_names_in_healthy_or_unrelated_text_are_left_alone():
    # a loader that succeeded, a library that is there, and a failure that names no CUDA library
    assert "cuda-libraries-missing" not in slugs("Successfully opened dynamic library libcudart.so.11.0\n"
                                                 "libcublas.so.11 was found in /usr/local/cuda/lib64")
    assert "cuda-libraries-missing" not in slugs("failure of loading the model: checkpoint is corrupt")
