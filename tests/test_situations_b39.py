"""Situations met in session 52, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import re

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("2798-"),  # awslabs/aws-virtual-gpu-device-plugin: the MPS plugin (--require=arch>=7.0) on a Tesla K80
    # the same refusal as libnvidia-container writes it since its predicate is echoed unspaced (src/cli/dsl.c,
    # "unsatisfied condition: %s" with the first clause of NVIDIA_REQUIRE_*), beside a GPU the gpus table knows
    "nvidia-container-cli: requirement error: unsatisfied condition: arch>=7.0: unknown\nGPU 0: Tesla K80",
])
def test_the_container_toolkit_refusing_a_gpu_below_the_images_architecture(text):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and found.evidence["requirement"] == "arch>=7.0"
    assert "driver" not in " ".join(found.fix)


def test_a_cuda_requirement_refusal_stays_a_driver_finding():
    text = ("nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.6, please update your driver to "
            "a newer version, or use an earlier cuda container: unknown.")  # ggml-org/llama.cpp#9665
    assert "gpu-arch-unsupported" not in paste_slugs(text, diagnosed_only=True)
    assert first(text).slug == "driver-too-old"


@pytest.mark.parametrize("text", [
    corpus("2880-"),  # isaac-sim/IsaacSim: the form's "GPU Name" answered "Intel XE Graphics card", under WSL2
    # a specification list's GPU field (a LangChain user's post: "GPU: Intel(R) Iris(R) Xe Graphics"), beside the
    # error CUDA code gives on such a machine
    "OS: Windows 11 Home\nCPU: 11th Gen Intel(R) Core(TM) i5-11300H @ 3.10GHz\nGPU: Intel(R) Iris(R) Xe Graphics\n"
    "AssertionError: Torch not compiled with CUDA enabled",
    corpus("3390-"),  # myshell-ai/OpenVoice#234: "GPU: Radeon RX 580 Series" beside CTranslate2's CUDA error
    # a ROCm user's report's field, without the vendor's name (found by find_string), beside the same torch error
    "GPU: Radeon RX 570 4GB\nOS: Ubuntu 18.04.3 (Kernel 5.0.0-25)\n"
    "AssertionError: Torch not compiled with CUDA enabled",
])
def test_a_gpu_field_naming_another_vendors_gpu(text):
    found = first(text)
    assert found.slug == "no-nvidia-gpu" and re.search(r"Intel|Radeon", found.evidence["said"][0])


def test_another_vendors_gpu_beside_an_nvidia_one_is_not_a_machine_without_one():
    text = ("GPU: Intel(R) UHD Graphics 630\nGPU 0: NVIDIA GeForce RTX 3060 (UUID: GPU-5c0e6a21)\n"
            "AssertionError: Torch not compiled with CUDA enabled")
    assert "no-nvidia-gpu" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, gpu", [
    (corpus("3388-"), "GTX 1070 Ti"),  # rishikanthc/Scriberr#273: torch 2.7's range warning, then its sm_ list
    # a faster-whisper server's log (found by find_string): the range on a line of its own
    ("/usr/local/lib/python3.10/site-packages/torch/cuda/__init__.py:283: UserWarning:\n"
     "    Found GPU0 NVIDIA GeForce MX350 which is of cuda capability 6.1.\n"
     "    Minimum and Maximum cuda capability supported by this version of PyTorch is\n"
     "    (7.0) - (12.0)\n\n  warnings.warn(", "MX350"),
    # WanGP on a Tesla P4 with torch 2.7.0+cu128 (found by find_string): the list alone, before 2.8's wording
    ("Tesla P4 with CUDA capability sm_61 is not compatible with the current PyTorch installation.\n"
     "The current PyTorch install supports CUDA capabilities sm_75 sm_80 sm_86 sm_90 sm_100 sm_120 compute_120.",
     "Tesla P4"),
    # the same words wrapped by a terminal (torch 2.8.0+cu128 on a GTX 1060, found by find_string)
    ("NVIDIA GeForce GTX 1060 3GB with CUDA capability sm_61 is not compatible with the current\n"
     "PyTorch installation. The current PyTorch install supports CUDA capabilities\n"
     "sm_70 sm_75 sm_80 sm_86 sm_90 sm_100 sm_120.", "GTX 1060"),
])
def test_pytorchs_warning_for_a_gpu_older_than_its_build(text, gpu):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and gpu in found.evidence["gpu"]
    assert found.evidence["compute_capability"] == "6.1"


def test_pytorchs_range_warning_for_a_newer_gpu_of_the_same_major_is_no_finding():
    # NVIDIA's DGX Spark (GB10, 12.1) under torch 2.9's cu130 build: its 12.0 kernels run there (found by find_string)
    text = ("/home/user/.venv/lib/python3.12/site-packages/torch/cuda/__init__.py:283: UserWarning: Found GPU0 NVIDIA "
            "GB10 which is of cuda capability 12.1. Minimum and Maximum cuda capability supported by this version of "
            "PyTorch is (8.0) - (12.0) warnings.warn(")
    slugs = paste_slugs(text, diagnosed_only=True)
    assert "gpu-arch-unsupported" not in slugs and "gpu-arch-not-in-build" not in slugs


@pytest.mark.parametrize("text", [
    corpus("3402-"),  # hacksider/Deep-Live-Cam#1136: the choices ONNX Runtime offered were azure and cpu
    # a pipeline built on the same code, where get_available_providers() gave Azure and CPU only (a start script's
    # note, found by find_string)
    "pipeline.py: error: argument --execution-provider: invalid choice: 'cuda'",
])
def test_a_program_offering_onnx_runtimes_providers_without_cuda(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and "ONNX Runtime" in found.message


def test_a_provider_choice_that_was_offered_is_not_a_cpu_build():
    # the same refusal for a provider name the program never offers: a typo, not the package
    text = "run.py: error: argument --execution-provider: invalid choice: 'cuda12' (choose from 'cpu', 'cuda')"
    assert "cpu-only-build" not in paste_slugs(text, diagnosed_only=True)


def test_colmaps_check_for_cuda_devices_on_a_mac():
    found = first(corpus("3257-"))  # colmap/colmap#840: "num_cuda_devices > 0 (0 vs. 0)" on macOS Mojave
    assert found.slug == "no-nvidia-gpu" and "Mac" in found.message


def test_colmaps_check_for_cuda_devices_elsewhere_is_not_a_machine_without_a_gpu():
    # colmap/colmap#974: the same check on Ubuntu with CUDA 10.1, settled by the library path
    text = ("F0909 17:59:05.800850   743 extraction.cc:132] Check failed: num_cuda_devices > 0 (0 vs. 0)\n"
            "Here are my setting:\nUbuntu16.04, CUDA10.1")
    assert "no-nvidia-gpu" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("3404-"),  # iperov/DeepFaceLab#906: "It works just by using cpu." and nothing else
    corpus("2758-"),  # lmstudio-ai/lmstudio-bug-tracker: "LM Studio can't detect GPU"
])
def test_a_users_word_that_the_gpu_goes_unused_is_never_no_problems(text):
    found = first(text)
    assert found is not None and found.confidence == "possible"
    assert found.evidence["error_class"] == "gpu-not-usable-by-framework"
