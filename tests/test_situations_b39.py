"""Situations met in session 52, each read in general and tried on at least two real wordings."""

from __future__ import annotations

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
])
def test_a_gpu_field_naming_another_vendors_gpu(text):
    found = first(text)
    assert found.slug == "no-nvidia-gpu" and "Intel" in found.evidence["said"][0]


def test_another_vendors_gpu_beside_an_nvidia_one_is_not_a_machine_without_one():
    text = ("GPU: Intel(R) UHD Graphics 630\nGPU 0: NVIDIA GeForce RTX 3060 (UUID: GPU-5c0e6a21)\n"
            "AssertionError: Torch not compiled with CUDA enabled")
    assert "no-nvidia-gpu" not in paste_slugs(text, diagnosed_only=True)
