"""Situations met in session 62 (batch 49), each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, built, cc", [
    # an app image's llama-cpp-python built for 5.2 alone, on an RTX A4500 (nextcloud/llm2#52)
    (corpus("5505-"), "5.2", "8.6"),
    # a Nix build left at sm_60, on an RTX 2070 Super (corpus 1781)
    (corpus("1781-"), "6.0", "7.5"),
    # an RTX 2080 Ti (7.5) running the 7.0 code of a four-architecture build (a comment in llamafile's ggml-cuda.cu,
    # quoting the one-line message over three comment lines);
    # the device line is ggml_cuda_init's own (ggml-org/llama.cpp#15589)
    ("  Device 0: NVIDIA GeForce RTX 2080 Ti, compute capability 7.5, VMM: yes\nggml-cuda.cu:11460: ERROR: CUDA kernel "
     "mul_mat_q has no device code compatible with CUDA arch 700. ggml-cuda.cu was compiled for: 600,700,800,900",
     "6.0, 7.0, 8.0, 9.0", "7.5"),
])
def test_ggml_built_without_the_gpus_architecture_names_the_list_and_the_gpu(text, built, cc):
    found = first(text)
    assert found.slug == "extension-built-for-other-gpu-arch"
    assert found.evidence["built_for"] == built and found.evidence["compute_capability"] == cc
    digits = cc.replace(".", "")
    assert any(f"-DCMAKE_CUDA_ARCHITECTURES={digits}" in step for step in found.fix)


def test_ggml_with_the_gpus_own_architecture_built_is_not_an_architecture_left_out():
    # flash attention trapping on a V100 whose 7.0 code was built (a write-up of that Volta branch; the device line is
    # ggml_cuda_init's, ggml-org/llama.cpp#15589): the kernel was left out by the build's choice
    text = ("  Device 0: Tesla V100-PCIE-16GB, compute capability 7.0, VMM: yes\n"
            ".../fattn-mma-f16.cuh:1740: ERROR: CUDA kernel flash_attn_ext_f16\n  has no device code compatible with "
            "CUDA arch 700. ggml-cuda.cu was compiled for: 700\nCUDA error: unspecified launch failure")
    assert "extension-built-for-other-gpu-arch" not in paste_slugs(text)
    # the list unexpanded (a koboldcpp release, corpus 5442) says nothing of the architectures either
    assert "extension-built-for-other-gpu-arch" not in paste_slugs(corpus("5442-"))


def test_ggml_start_up_list_without_the_gpu_beside_no_kernel_image():
    # whisper.cpp inside a desktop app, built for 8.6 alone, on a GTX 1080 (opria123/octave#3)
    found = first(corpus("5655-"))
    assert found.slug == "extension-built-for-other-gpu-arch" and found.evidence["built_for"] == "8.6"
    # llama.cpp's start-up line from a CI log of a 7.0 build, with no error, beside a V100 in ggml_cuda_init's format
    text = ("  Device 0: Tesla V100-SXM2-16GB, compute capability 7.0, VMM: yes\n"
            "0.00.378.221 I system_info: n_threads = 6 (n_threads_batch = 6) / 6 | CUDA : ARCHS = 700 |")
    assert "extension-built-for-other-gpu-arch" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    # koboldcpp 1.55's Windows release on Pascal cards (LostRuins/koboldcpp#610)
    corpus("4231-"),
    # LocalAI's whisper.cpp backend (mudler/LocalAI#1513, its title)
    "whisper.cpp ggml-cuda was compiled without support for the current GPU architecture",
])
def test_older_ggml_saying_it_was_built_without_the_gpus_architecture(text):
    found = first(text)
    assert found.slug == "extension-built-for-other-gpu-arch" and "ggml" in found.message


@pytest.mark.parametrize("text", [
    # CP2K's offload library reporting cuInit's result (cp2k/cp2k#3369)
    corpus("5593-"),
    # a probe's format, "cuInit failed with error {result} (no usable NVIDIA GPU?)", with the stub's code
    "cuInit failed with error 34 (no usable NVIDIA GPU?)",
])
def test_cuinit_reported_as_failing_with_the_stubs_code_is_the_stub_libcuda(text):
    assert first(text).slug == "libcuda-stub-on-library-path"


@pytest.mark.parametrize("text", [
    # an EC2 instance type without a GPU (wrboyce/ec2hashcat#3)
    corpus("5670-"),
    # an AMD 290X under SteamOS (ValveSoftware/SteamOS#209)
    "I'm running a AMD 290X video card but after 120 update I've getting this Nvidia errors:\n"
    "[  441.170986] NVRM: No NVIDIA graphics adapter found!\n[  441.171021] NVRM: NVIDIA init module failed!",
])
def test_the_kernel_modules_probe_finding_no_nvidia_adapter_is_no_nvidia_gpu(text):
    found = first(text)
    assert found.slug == "no-nvidia-gpu" and "NVRM" in found.message


def test_a_gpu_held_by_another_driver_is_not_read_as_no_gpu():
    # "No NVIDIA graphics adapter probed!" with "The NVIDIA probe routine was not called" (mattshma/bigdata#133)
    assert "no-nvidia-gpu" not in paste_slugs(corpus("778-"))


@pytest.mark.parametrize("text, floor", [
    # a QGIS plugin's installer (corpus 5324)
    (corpus("5324-"), "530"),
    # a setup script's smoke test
    ("  ERROR: CUDA tensor op failed. Driver too old for cu121 wheels.", ""),
])
def test_an_installers_word_that_the_driver_is_too_old_for_a_cuda_build(text, floor):
    found = first(text)
    assert found.slug == "driver-too-old" and found.evidence["program_cuda"] == "12.1"
    assert found.evidence.get("program_minimum_driver", "") == floor


def test_a_guides_hint_about_old_drivers_is_not_a_finding():
    # a script's own advice, not a check's result
    text = '      echo "[transcribe]   (an NVIDIA driver too old for cu128 is the usual cause; update it first)." >&2'
    assert "driver-too-old" not in paste_slugs(text)
