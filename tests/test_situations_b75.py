"""Situations met in session 88, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("case", ["6531", "14501", "7416"])
def test_a_cuda_build_on_a_rocm_machine_points_at_the_rocm_build(case):
    """A rocm7 ComfyUI image rebuilt with a +cu130 torch ("Found no NVIDIA driver"), a Windows bundle's CUDA torch
    asked for a hip device, conda-forge's CUDA faiss-gpu in a rocm/pytorch container (error 35)."""
    found = first(corpus(case))
    assert found.slug == "cuda-only-package-on-amd-rocm-system"
    assert any("torch.version.hip" in step for step in found.fix) and any("rocm" in step for step in found.fix)


def test_an_amd_gpu_without_rocm_in_sight_is_no_nvidia_gpu():
    """faster-whisper (CTranslate2) on a Radeon RX 580 with no ROCm named: the machine has no NVIDIA GPU, and
    nothing says a ROCm stack is there to switch to."""
    assert first(corpus("3390")).slug == "no-nvidia-gpu"


def test_a_rocm_build_on_an_nvidia_gpu_is_not_read_as_an_amd_machine():
    """Constructed: ROCm named, and an NVIDIA GPU with it: the CUDA build is meant for the GeForce."""
    text = ("GPU: NVIDIA GeForce RTX 3090\npip install torch --index-url https://download.pytorch.org/whl/rocm6.2\n"
            "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and "
            "installed a driver")
    assert "cuda-only-package-on-amd-rocm-system" not in paste_slugs(text)


def test_an_amd_isa_name_says_rocm_is_there():
    """Constructed after a notes file: "GPU: gfx1100" is how ROCm's tools name the GPU."""
    text = ("CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version\n"
            "GPU: gfx1100 (AMD Radeon Graphics, single GPU)")
    assert first(text).slug == "cuda-only-package-on-amd-rocm-system"
