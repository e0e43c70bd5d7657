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


@pytest.mark.parametrize("case, package", [("18450", "rembg[gpu]"), ("18451", "onnxruntime-gpu")])
def test_a_gpu_only_package_asked_for_on_a_mac_is_the_platform(case, package):
    """rembg's gpu extra (it pulls onnxruntime-gpu) on an M1, onnxruntime_gpu pinned on an M2: PyPI has Linux and
    Windows wheels of them and none for macOS."""
    found = first(corpus(case))
    assert found.slug == "no-cuda-build-for-platform" and package in found.message


def test_the_same_package_refused_on_linux_is_not_the_mac_reading():
    """Constructed: onnxruntime-gpu pinned on Linux x86_64; nothing names a Mac."""
    text = ("Ubuntu 22.04, x86_64, Python 3.13\n"
            "ERROR: Could not find a version that satisfies the requirement onnxruntime_gpu==1.15.1 (from versions: "
            "none)\nERROR: No matching distribution found for onnxruntime_gpu==1.15.1")
    assert "no-cuda-build-for-platform" not in paste_slugs(text)


@pytest.mark.parametrize("case, package", [("18252", "pytorch-directml"), ("18251", "torch-directml")])
def test_a_framework_named_package_pip_finds_no_wheel_of_is_the_python(case, package):
    """pytorch-directml (built for Python 3.8 only) asked for under 3.9; torch-directml under 3.11."""
    found = first(corpus(case))
    assert found.slug == "python-unsupported"
    if case == "18252":
        assert package in found.message


def test_a_resume_told_apart_from_the_machines_sleep_is_the_suspend():
    """jaxsim#50 names 'OS suspension' in one sentence and 'after resuming' in the next (corpus 18154)."""
    assert first(corpus("18154")).slug == "gpu-unusable-after-suspend-resume"


def test_resuming_a_training_run_is_not_the_machine_waking():
    """Constructed: a run resumed from its checkpoint, and the machine's sleep never named."""
    text = ("After resuming training from the checkpoint I get:\n"
            "RuntimeError: CUDA error: unspecified launch failure")
    assert "gpu-unusable-after-suspend-resume" not in paste_slugs(text)


@pytest.mark.parametrize("case, kernel", [("18151", "5.6.0-rc1"), ("18152", "6.3.0-rc1"), ("18155", "6.4")])
def test_a_module_build_for_a_release_candidate_kernel_is_the_release_being_older(case, kernel):
    """DKMS's 'Bad return status' for 5.6.0-rc1, a pacman hook's `dkms install ... -k 6.3.0-rc1' exited 10`, and the
    person's "530.41.03 will not build with kernel 6.4"."""
    found = first(corpus(case))
    assert found.slug == "driver-release-too-old-for-kernel" and f"kernel {kernel}" in found.message


def test_a_failed_build_for_a_released_kernel_stays_the_headers_reading():
    """Constructed: the same DKMS failure for a released kernel is DRV007's (headers, a rebuild)."""
    text = ("Error! Bad return status for module build on kernel: 6.5.0-14-generic (x86_64)\n"
            "Consult /var/lib/dkms/nvidia/535.129.03/build/make.log for more information.")
    assert first(text).slug == "driver-not-built-for-kernel"


# Build notes in public repositories that met the same line (a flashicp build on an AGX Orin; a Chinese FAQ).
COMPUTE_NATIVE_NOTES = "Error 2 — unsupported CUDA arch:\nnvcc fatal : Unsupported gpu architecture 'compute_native'"


@pytest.mark.parametrize("text", [corpus("18300"), COMPUTE_NATIVE_NOTES])
def test_compute_native_is_a_cmake_older_than_the_native_value(text):
    found = first(text)
    assert found.slug == "cmake-too-old-for-native-cuda-arch" and "CMake 3.24" in found.message


def test_compute_native_under_a_cmake_that_knows_native_is_not_blamed_on_cmake():
    """Constructed: CMake 3.28 knows native, so the word reached nvcc through the project's own -gencode code."""
    text = "cmake version 3.28.3\nnvcc fatal   : Unsupported gpu architecture 'compute_native'"
    assert "cmake-too-old-for-native-cuda-arch" not in paste_slugs(text)
