"""Situations met in session 87, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("case", ["17353", "7313", "14104", "1184"])
def test_a_build_step_that_looks_for_the_gpu_is_told_that_image_builds_get_none(case):
    """Deformable-DETR's setup.py raising 'Cuda is not available' in a RUN step, torch's cpp_extension building
    without CUDA under BuildKit, an extension's arch probe under `pip wheel` in a Dockerfile, nvidia-smi in a RUN step
    of `nvidia-docker build`: four wordings of one situation."""
    found = first(corpus(case))
    assert found.slug == "gpu-unavailable-during-image-build"
    assert "docker build" in found.message and any("TORCH_CUDA_ARCH_LIST" in step for step in found.fix)


def test_a_started_container_that_finds_no_gpu_is_not_an_image_build():
    """Constructed: the Dockerfile is pasted, but the error came from `docker run` without --gpus (CTR001's)."""
    text = ("FROM pytorch/pytorch:2.1.0-cuda12.1-cudnn8-devel\nRUN pip install -r requirements.txt\n"
            "$ docker build -t app . && docker run --rm app python -c 'import torch; print(torch.cuda.is_available())'\n"
            "False\nRuntimeError: No CUDA GPUs are available")
    slugs = paste_slugs(text)
    assert "gpu-unavailable-during-image-build" not in slugs


def test_a_compose_service_that_finds_no_gpu_is_not_an_image_build():
    """Constructed: `docker compose up` started the service; the build only made its image."""
    text = ("docker compose build && docker compose up\n"
            "app-1  | RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU "
            "and installed a driver")
    assert "gpu-unavailable-during-image-build" not in paste_slugs(text)


def test_prose_that_says_run_is_not_a_dockerfile():
    """Constructed: "Run ..." in a sentence is not a RUN instruction, and no build is at work."""
    text = "Run the script again:\npython train.py\nRuntimeError: No CUDA GPUs are available"
    assert "gpu-unavailable-during-image-build" not in paste_slugs(text)


@pytest.mark.parametrize("case", ["1854", "3256", "16504", "15802"])
def test_a_missing_egl_header_names_the_development_package_and_nvdiffrasts_cuda_rasterizer(case):
    """nvdiffrast's OpenGL plugin, JIT-built at first use, stopping at glutil.h's #include <EGL/egl.h>: in a conda
    env, a ComfyUI image, a WSL2 Ubuntu."""
    found = first(corpus(case))
    assert found.slug == "egl-dev-headers-missing"
    assert any("libegl-dev" in step for step in found.fix) and any("RasterizeCudaContext" in step for step in found.fix)


def test_egl_failing_at_run_time_is_not_a_missing_header():
    """Constructed: the plugin built and EGL found no display; the headers are there."""
    text = "[F glutil.cpp:338] eglInitialize() failed\nAborted (core dumped)"
    assert "egl-dev-headers-missing" not in paste_slugs(text)


def test_the_header_missing_elsewhere_than_nvdiffrast_gets_the_package_alone():
    """Constructed: a renderer's own build, MSVC's wording."""
    text = "renderer.cpp(3): fatal error C1083: Cannot open include file: 'EGL/egl.h': No such file or directory"
    found = first(text)
    assert found.slug == "egl-dev-headers-missing"
    assert not any("RasterizeCudaContext" in step for step in found.fix)
