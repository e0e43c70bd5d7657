"""Situations met in session 50, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("2498-"),  # aws/amazon-sagemaker-examples#1340: SageMaker local mode through docker-compose 1
    # the daemon's older words, as a setup guide quotes them (found by find_string)
    "docker: Error response from daemon: Unknown runtime specified nvidia.",
])
def test_dockers_older_words_for_an_unknown_nvidia_runtime(text):
    assert first(text).slug == "container-toolkit-missing"


@pytest.mark.parametrize("text", [
    corpus("2557-"),  # NVIDIA/nvidia-container-toolkit#665: WSL 2 with Docker Desktop
    # matatonic/openedai-speech#1: Compose's `runtime: nvidia` on Docker Desktop
    "docker compose up\n[+] Running 0/0\n - Container openedai-speech-server-1  Creating  0.0s\n"
    "Error response from daemon: unknown or invalid runtime name: nvidia\nI'm trying to run this on docker desktop",
])
def test_docker_desktop_has_no_nvidia_runtime_and_needs_none(text):
    found = first(text)
    assert found.slug == "container-runtime-not-configured" and "Docker Desktop" in found.message
    assert any("--gpus all" in step for step in found.fix)
    assert "container-toolkit-missing" not in paste_slugs(text)


def test_an_unknown_runtime_without_docker_desktop_stays_the_toolkits():
    # AirSLAM's Ubuntu 20.04 host (sair-lab/AirSLAM#113): no Docker Desktop named, the toolkit was not installed
    text = ("sudo docker run -it --runtime nvidia --gpus all xukuanhit/air_slam:v1 /bin/bash\n"
            "docker: Error response from daemon: unknown or invalid runtime name: nvidia.")
    found = first(text)
    assert found.slug == "container-toolkit-missing" and "Docker Desktop" not in found.message


@pytest.mark.parametrize("text", [
    corpus("2679-"),  # PaddlePaddle/PARL#929: the C++ core's words (pybind.cc)
    # PaddlePaddle/PaddleClas#268: PaddleClas' own check
    "2020-09-08 09:14:59 ERROR: You are using paddlepaddle cpu version! Please try to install paddlepaddle-gpu to run "
    "model on GPU.",
])
def test_paddles_cpu_package_asked_for_a_gpu(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and found.evidence["library"] == "PaddlePaddle"
    assert any("paddlepaddle-gpu" in step for step in found.fix)


@pytest.mark.parametrize("text", [
    corpus("2698-"),  # facebookresearch/faiss#591: Faiss 1.5's helper reaching a GPU class by bare name
    # the usual wording, as Faiss' own troubleshooting page gives it
    "AttributeError: module 'faiss' has no attribute 'StandardGpuResources'",
])
def test_faiss_without_its_gpu_part(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and found.evidence["library"] == "Faiss"


def test_another_name_not_defined_is_not_faiss():
    assert "cpu-only-build" not in paste_slugs("NameError: name 'GpuBuffer' is not defined", diagnosed_only=True)


@pytest.mark.parametrize("text, cc", [
    (corpus("2639-"), "7.0"),  # JuliaGPU/CUDA.jl#3079: a V100 after driver 580
    # NumericalEarth/NumericalEarth.jl#234: a TITAN V on a CI runner
    ("┌ Error: Your NVIDIA TITAN V GPU (compute capability 7.0) is not supported on CUDA 13+.\n"
     "│ Please use a device with at least capability 7.5, or downgrade your NVIDIA driver to below v580.", "7.0"),
    # JuliaGPU/CuArrays.jl#248: CUDAnative's toolchain has nothing for a GTX 460
    ("Device capability v2.1.0 not supported by available toolchain\n\nStacktrace:\n [1] error(::String) at "
     "./error.jl:33", "2.1"),
])
def test_julias_cuda_packages_refusing_an_old_gpu(text, cc):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == cc


@pytest.mark.parametrize("text, function", [
    (corpus("2657-"), "cuDeviceGetDefaultMemPool"),  # taichi-dev/taichi#7826: an RTX 2060's Windows driver
    # taichi-dev/taichi#3195: a CUDA 10.0 function on an older driver
    ("[E 09/29/21 23:23:27.328 20012] [dynamic_loader.cpp:taichi::DynamicLoader::load_function@32] Function "
     "cuImportExternalMemory not found", "cuImportExternalMemory"),
])
def test_a_driver_function_the_program_cannot_find_means_an_older_driver(text, function):
    found = first(text)
    assert found.slug == "driver-too-old" and function in found.message


def test_a_missing_function_of_another_library_is_not_the_drivers():
    # (a suspect from the corpus priors may still be listed as possible: diagnosed ones only)
    assert "driver-too-old" not in paste_slugs("RuntimeError: Function cudnnGetVersion not found", diagnosed_only=True)


@pytest.mark.parametrize("text, cuda", [
    (corpus("2642-"), "11.0"),  # mlverse/torch#285: R torch 0.1 falling back to the CPU LibTorch
    # the same installer's later words (mlverse/torch#1049)
    ("> torch::install_torch()\nError in `check_supported_version()`:\n✖ Unsupported CUDA version \"10.0\"\n"
     "ℹ Currently supported versions are: \"11.7\" and \"11.6\".", "10.0"),
])
def test_r_torch_without_a_build_for_the_cuda_it_found(text, cuda):
    found = first(text)
    assert found.slug == "library-no-binary-for-cuda-version" and found.evidence["detected_cuda"] == cuda


@pytest.mark.parametrize("text, package", [
    (corpus("2578-"), "torchvision"),  # isaac-sim/IsaacLab#2141: a torch nightly under Isaac Lab's torchvision
    # an xFormers wheel left behind by a torch upgrade, as a benchmark's notes record pip's warning
    ("xformers 0.0.23 requires torch==2.1.1, but you have torch 2.1.0+cu121 which is incompatible.", "xformers"),
])
def test_pip_replacing_torch_under_a_companion_built_for_another(text, package):
    found = first(text)
    assert found.slug == "framework-plugin-mismatch" and package in found.message


def test_the_resolvers_warning_alone_is_a_warning_and_with_the_failure_an_error():
    warned = "torchvision 0.17.0 requires torch==2.2.0, but you have torch 2.4.0 which is incompatible."
    assert first(warned).severity == "warning"
    assert first(corpus("2578-")).severity == "error"  # Isaac Lab then failed on "operator torchvision::"
    # a package that pins torch for itself is no compiled companion
    assert "framework-plugin-mismatch" not in paste_slugs(
        "llava 1.2.2.post1 requires torch==2.1.2, but you have torch 2.5.1+cu124 which is incompatible.")


@pytest.mark.parametrize("text", [
    corpus("2703-"),  # rapidsai/cuml#2167 (NVIDIA/cuml in the corpus): RAPIDS 0.13 on Tesla M60s
    # a Maxwell card under a current cuDF: no RAPIDS release supports compute capability 5.x
    "GPU 0: Quadro M4000 (UUID: GPU-1f2e3d4c-0000-4000-8000-000000000000)\n>>> import cudf\n"
    "RuntimeError: CUDA error: no kernel image is available for execution on the device",
])
def test_rapids_on_a_gpu_older_than_any_release_supports(text):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and "rapids" in found.message
    assert "gpu-arch-not-in-build" not in paste_slugs(text)


def test_a_pascal_gpu_is_not_judged_without_the_rapids_release():
    # RAPIDS up to 23.12 supported Pascal: with no release in the paste, a GTX 1080 is not too old
    text = "GPU 0: NVIDIA GeForce GTX 1080 (UUID: GPU-1f2e3d4c-0000-4000-8000-000000000001)\n>>> import cudf\nok"
    assert "gpu-arch-unsupported" not in paste_slugs(text)
