"""Situations met in session 60 (batch 47), each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck import matrix
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, branch", [
    # OpenCV: "Gpu API call (invalid device function )" on a "GTX 260 (CUDA ver 1.3)"
    (corpus("1455-"), "340.xx"),
    # darknet: "no kernel image is available for execution on the device", "( GeForce GT 625M )"
    (corpus("4977-"), "390.xx"),
    # 3D Slicer's torch on a GT 730: the name of Fermi boards (390.xx) and Kepler ones (470.xx)
    (corpus("2206-"), "390.xx or 470.xx"),
])
def test_no_kernels_on_a_gpu_whose_drivers_ended_long_ago_is_a_gpu_too_old(text, branch):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported"
    assert found.evidence["legacy_branch"] == branch


def test_no_kernels_on_a_gpu_current_drivers_support_is_not_read_as_too_old():
    # TorchSharp's libtorch on an "RTX 5080 Super": a name the tables do not know, on no legacy branch
    assert first(corpus("2645-")).slug == "gpu-arch-not-in-build"


def test_legacy_branches_name_every_branch_a_name_ends_on():
    table = matrix.default()
    assert table.legacy_branches("GT 730") == {"390.xx", "470.xx"}  # Fermi and Kepler boards share the name
    assert table.legacy_branch(name="GT 730") is None  # one branch only where the name says which
    assert table.legacy_branches("Quadro 7000") == {"390.xx"}
    assert table.legacy_branches("NVIDIA GeForce RTX 4090") == set()
    # the 580.xx branch runs CUDA 13, so its GPUs (Maxwell to Volta) are not old by their drivers alone
    assert not table.newest_cuda_for_branch("580.xx").startswith(("9.", "10.", "11."))


@pytest.mark.parametrize("text, package, built", [
    (corpus("4047-"), "torch_scatter", "10.2"),  # a pinned torch-scatter from the cu101 index built for CUDA 10.2
    (corpus("5131-"), "torch_sparse", "11.0"),  # pip's cached cu110 wheel beside a cu101 torch
    # a blog post stored on GitHub, quoting the error it fixes
    ("RuntimeError: Detected that PyTorch and torch_sparse were compiled with different CUDA versions. PyTorch has "
     "CUDA version 10.1 and torch_sparse has CUDA version 10.0. Please reinstall the torch_sparse that matches your "
     "PyTorch install.", "torch_sparse", "10.0"),
])
def test_a_pyg_extension_built_for_another_cuda_is_a_companion_mismatch(text, package, built):
    found = first(text)
    assert found.slug == "framework-plugin-mismatch"
    assert found.evidence[f"{package}.cuda"] == built
    assert any("--no-cache-dir" in step and "data.pyg.org/whl/torch-" in step for step in found.fix)


def test_a_pyg_extension_reporting_cuda_0_0_was_built_without_cuda():
    # torch_sparse built on a host without a GPU: its cuda_version() is -1, printed as 0.0
    found = first(corpus("4056-"))
    assert found.slug == "cuda-extension-not-built"
    assert "without its CUDA ops" in found.message
    assert any("data.pyg.org/whl/torch-" in step and "+cu101.html" in step for step in found.fix)
    assert any("FORCE_CUDA=1" in step for step in found.fix)


@pytest.mark.parametrize("text, symbol", [
    (corpus("5144-"), "cublasLtGetStatusString"),  # SkyPilot's smoke test: torch 1.13's cuBLAS beside an older one
    (corpus("3831-"), "cublasLtHSHMatmulAlgoInit"),  # cuML in a conda env holding two cuBLAS releases
])
def test_a_cuda_library_missing_a_versioned_symbol_of_its_sibling_is_a_shadowed_copy(text, symbol):
    found = first(text)
    assert found.slug == "cuda-library-shadowed"
    assert symbol in found.message and "libcublasLt.so.11" in found.message


def test_a_versioned_symbol_missing_from_a_non_cuda_library_is_not_a_cuda_finding():
    # the same glibc message for coreutils' libacl, printed in corpus case 3831 before the cuML one
    text = ("ls: relocation error: /lib64/libacl.so.1: symbol getxattr, version ATTR_1.0 not defined in file "
            "libattr.so.1 with link time reference")
    assert "cuda-library-shadowed" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("5234-"),  # instant-ngp's compose file on Windows 11 WSL2: "Unknown runtime specified nvidia"
    # soulteary/docker-stable-diffusion-taiyi#2, settled by Compose's GPU device reservation
    "windows11 wsl2 docker环境下docker-compose失败\nhome:~/data/taiyi$ docker-compose up -d\n[+] Running 0/0\n"
    "Error response from daemon: Unknown runtime specified nvidia",
    # Leon-Sander/Local-Multimodal-AI-Chat#31, a dockerd inside WSL, settled by restarting it after daemon.json
    "Error response from daemon: unknown or invalid runtime name: nvidia\n*So i am using WSL2 Ubuntu to run the latest "
    "Repository( Ollama integrated) and tried everyhting to resolve this runtime error but no luck*",
])
def test_no_runtime_named_nvidia_under_wsl_is_the_engines_configuration(text):
    found = first(text)
    assert found.slug == "container-runtime-not-configured"
    assert any("--gpus all" in step for step in found.fix)
    assert any("nvidia-ctk runtime configure" in step for step in found.fix)


def test_no_runtime_named_nvidia_on_a_plain_linux_host_stays_the_toolkit_missing():
    # faster-lio#8, settled by installing nvidia-docker2 on the host
    text = "docker compose  up error:Error response from daemon: Unknown runtime specified nvidia"
    assert first(text).slug == "container-toolkit-missing"


@pytest.mark.parametrize("text", [
    corpus("5203-"),  # nnUNetv2 on an AWS instance with a two-year-old driver: "RuntimeError: NVIDIA driver too old"
    # notes stored on GitHub: torch 2.12.0+cu130 on driver 535 (CUDA 12.2)
    "`/usr/bin/python3` | `2.12.0+cu130` | NO — `RuntimeError: NVIDIA driver too old (found 12020)`. Driver is "
    "535.309.01 (CUDA 12.2 max); cu130 needs newer.",
    "RuntimeError: NVIDIA driver too old (found version 12080) on l40 compute nodes",
])
def test_torchs_short_driver_too_old_is_a_driver_too_old(text):
    assert first(text).slug == "driver-too-old"


@pytest.mark.parametrize("text", [
    corpus("5294-"),  # llama.cpp: "The nvcc compiler does not recognize the -arch=native flag"
    "nvcc does not recognize gpu_architecture option `native`",  # chelsea0x3b/dfdx#553's title
])
def test_nvcc_not_knowing_arch_native_retold_is_an_nvcc_too_old_for_the_project(text):
    found = first(text)
    assert found.slug == "nvcc-too-old-for-project"
    assert found.evidence["flag"] == "-arch=native"


def test_nvcc_refusing_gccs_march_native_is_not_the_arch_shorthand():
    # mmp/pbrt-v4#87: a host compiler flag passed to nvcc, "nvcc fatal : 'arch=native': expected a number"
    assert "nvcc-too-old-for-project" not in paste_slugs("nvcc fatal   : 'arch=native': expected a number",
                                                         diagnosed_only=True)


@pytest.mark.parametrize("text, cuda", [
    (corpus("5024-"), "10.1"),  # torch 1.5.1+cu101 on an RTX 3080 Ti: "cuDNN error: CUDNN_STATUS_EXECUTION_FAILED"
    # yulunzhang/RCAN#143: torch 0.4.1 of CUDA 9.2 on an RTX 3090
    ("torch.cuda.is_available()： True\ntorch方法查看CUDA版本： 9.2.148\n查看torch版本： 0.4.1\n"
     "GPU名称： NVIDIA GeForce RTX 3090\n查看cudnn版本 7104\ncuDNNerror:CUDNN_STATUS_EXECUTION_FAILED", "9.2"),
])
def test_cudnn_failing_under_a_cuda_older_than_the_gpu_is_a_build_without_the_gpu(text, cuda):
    found = first(text)
    assert found.slug == "gpu-arch-not-in-build"
    assert found.evidence["program_cuda"].startswith(cuda)


def test_cudnn_failing_under_a_cuda_that_knows_the_gpu_is_not_read_as_a_build_too_old():
    # uci-cbcl/UFold#20's first post: CUDA 11.7 knows the RTX 3090; the failure is elsewhere
    text = ("RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED\nMy version information is as below:\n"
            "cuDNN:8.5.0\ncuda：11.7\npytorch=1.4.0\npython=3.6.6\nUbuntu 20.04.4\nGPU: RTX 3090")
    assert "gpu-arch-not-in-build" not in paste_slugs(text, diagnosed_only=True)
