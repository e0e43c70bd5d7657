"""Situations met in session 71, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("1362-"),  # LuxCore in Blender: "OpenCL driver API error (code: -1001, file: ..."
    corpus("8391-"),  # KataGo on an AMD APU: "error CL_PLATFORM_NOT_FOUND_KHR"
    corpus("8392-"),  # btcrecover through pyopencl: "clGetPlatformIDs failed: PLATFORM_NOT_FOUND_KHR"
    corpus("8393-"),  # an old clinfo: "main:670: number of platforms : error -1001"
    corpus("8673-"),  # silentarmy with only ocl-icd installed: "Cannot get OpenCL platforms! (-1001)"
    # halide/Halide#3748, lesson 12 on the GPU
    "Testing GPU correctness:\nError: CL: clGetPlatformIDs failed: <Unknown error> -1001",
    # samr7/vanitygen#73, oclvanitygen built from source on Ubuntu 14.10
    "./oclvanitygen 1testDifficulty: 264104224\nclGetPlatformIDs(0): Unknown code -1001\nAvailable OpenCL platforms:",
    # unbornchikken/NOOOCL#19, getPlatforms() from node
    "CLError: OpenCL Error Code: -1001 Type: UNKNOWN",
    # ROCm/ROCm-OpenCL-Runtime#14, caldgemm on ROCm 1.6
    'get error "Error getting OpenCL Platform Count: OpenCL Error -1001: (caldgemm_opencl.cpp: 498)"',
    # KhronosGroup/OpenCL-Guide#33, a toy program in an ubuntu:22.04 container started with --gpus all
    "I compiled with gcc main.c -o ./main -lOpenCL, output: clGetPlatformIDs(-1001)",
])
def test_an_opencl_loader_that_finds_no_platform_lacks_a_vendor_driver(text):
    found = first(text)
    assert found.slug == "opencl-icd-loader-without-platform" and found.confidence == "confirmed"


def test_the_fix_names_the_driver_of_the_gpu_the_report_names():
    # corpus 8391: an AMD APU's Radeon R7, so no NVIDIA ICD to register
    amd = first(corpus("8391-"))
    assert amd.evidence["gpu"] == "Radeon R7" and "nvidia.icd" not in amd.fix[0]
    # exploitagency/vanitygen-plus#209, with an NVIDIA GPU named: the driver's own OpenCL part and its .icd file
    nvidia = first("clGetPlatformIDs(0): Unknown code -1001\n"
                   "Using Windows Subsystem for Linux, Ubuntu 18.04, Nvidia Geforce GTX 1080.")
    assert "NVIDIA" in nvidia.title + nvidia.message and any("libnvidia-opencl.so.1" in step for step in nvidia.fix)


@pytest.mark.parametrize("text", [
    # clinfo on a machine whose loader found Mesa's platform (gist LinArcX/965797aca42d62187f2166875cb91531)
    "Number of platforms                               1\n  Platform Name                                   Clover",
    # an OpenCL error other than the loader's: a kernel build failing on an RTX 3070 (a notebook stored on GitHub)
    "RuntimeError: clBuildProgram failed: BUILD_PROGRAM_FAILURE - clBuildProgram failed: "
    "BUILD_PROGRAM_FAILURE - clBuildProgram failed: BUILD_PROGRAM_FAILURE",
])
def test_an_opencl_platform_found_or_another_opencl_error_is_not_a_missing_driver(text):
    assert "opencl-icd-loader-without-platform" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("8674-"),  # ethminer built here, run on Tesla M2075s (compute 2.0): "invalid device symbol."
    corpus("8677-"),  # a ccminer fork on a GTX 760 (compute 3.0): "aes_cpu_init invalid device symbol"
    # ethereum-mining/ethminer#432, a GTX 560M with CUDA 9
    " cu  17:44:35|CUDA0     Using device: GeForce GTX 560M  (Compute 2.1)\n"
    "Cuda error in func 'set_constants' at line 168 : invalid device symbol.",
])
def test_invalid_device_symbol_on_a_gpu_cuda_11_had_already_dropped_is_a_gpu_too_old(text):
    assert first(text).slug == "gpu-arch-unsupported"


def test_invalid_device_symbol_on_a_new_gpu_is_a_build_without_its_kernels_not_a_gpu_too_old():
    # iceland2k14/AltCrack#2: a binary built with CUDA 10.1, run on an RTX 3090
    text = ("[2021-02-12.19:49:03] [Info] Initializing GeForce RTX 3090\n"
            "[2021-02-12.19:49:04] [Info] Error: invalid device symbol\n"
            "Cuda compilation tools, release 10.1, V10.1.243")
    slugs = paste_slugs(text, diagnosed_only=True)
    assert slugs and "gpu-arch-unsupported" not in slugs


@pytest.mark.parametrize("text, library", [
    (corpus("684-"), "cuBLAS"),  # jax 0.4.23 installed without its cuda12 extra, beside a system CUDA's cuBLAS 12.1
    (corpus("3628-"), "CUDA"),  # a ColabFold notebook whose DGL brought an older CUDA runtime than JAX's
    # a Keras example's output, stored on GitHub
    ("CUDA backend failed to initialize: Found cuSOLVER version 11405, but JAX was built against version 11502, which "
     "is newer. The copy of cuSOLVER that is installed must be at least as new as the version against which JAX was "
     "built. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)", "cuSOLVER"),
    # notes stored on GitHub: a jaxlib cuda11 wheel in an image whose CUDA runtime is 11.6
    ("`jaxlib==0.4.25+cuda11.cudnn86` failed with `CUDA backend failed to initialize: Found CUDA version\n"
     "11060, but JAX was built against version 11080, which is newer.`", "CUDA"),
])
def test_jax_refusing_an_older_cuda_library_than_its_build_is_that_library_not_a_plugin_mismatch(text, library):
    found = first(text)
    assert found.slug == "cuda-library-older-than-build" and found.evidence["library"] == library


def test_the_cuda_runtime_number_is_read_as_its_release():
    found = first("CUDA backend failed to initialize: Found CUDA version 12000, but JAX was built against version "
                  "12020, which is newer.")  # a nixpkgs overlay's comment, stored on GitHub
    assert found.evidence["found"] == "12000 (CUDA 12.0)" and found.evidence["built_against"] == "12020 (CUDA 12.2)"


def test_jax_refusing_an_older_cudnn_stays_a_cudnn_version_mismatch():
    # a kohya-trainer notebook on Colab, in a write-up stored on GitHub
    text = ("CUDA backend failed to initialize: Found cuDNN version 8700, but JAX was built against version 8904, "
            "which is newer. The copy of cuDNN that is installed must be at least as new as the version against which "
            "JAX was built. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)")
    assert first(text).slug == "cudnn-version-mismatch"


@pytest.mark.parametrize("text", [
    corpus("4964-"),  # AirSim's Docker image: Unreal's "Cannot find a compatible Vulkan driver (ICD)"
    corpus("5733-"),  # NixOS's CDI spec: "docker images ... are missing the `/etc/vulkan/icd.d/nvidia_icd.json` file"
    corpus("7454-"),  # an lxc hook calling nvidia-container-cli: vulkaninfo's "Cannot create Vulkan instance."
    corpus("2381-"),  # a serverless platform's runtime that injects compute libraries only
])
def test_vulkan_finding_no_nvidia_driver_in_a_container_is_the_container_lacking_the_icd(text):
    assert first(text).slug == "container-lacks-nvidia-vulkan-icd"


def test_a_container_asking_for_no_graphics_capability_is_named_as_the_cause():
    # the line NVIDIA's CUDA base images set (their Dockerfiles), with vulkaninfo's failure from corpus 7454
    found = first("ENV NVIDIA_DRIVER_CAPABILITIES compute,utility\n"
                  "$ vulkaninfo\nCannot create Vulkan instance.\n"
                  "/build/vulkan-tools-_xrZWD/vulkan-tools-1.1.101.0+dfsg1/vulkaninfo/vulkaninfo.c:884: failed with "
                  "VK_ERROR_INCOMPATIBLE_DRIVER")
    assert found.slug == "container-lacks-nvidia-vulkan-icd"
    assert found.evidence["driver_capabilities"] == "compute,utility" and "compute,utility" in found.message


def test_vulkan_finding_no_driver_outside_a_container_stays_the_hosts_missing_vulkan_driver():
    # corpus 5676: Colab's VM, whose driver came without libnvidia-gl (vulkaninfo's older wording)
    assert first(corpus("5676-")).slug == "nvidia-vulkan-driver-not-installed"


@pytest.mark.parametrize("text", [
    corpus("8776-"),  # cutorch's build on Tesla C1060s (compute 1.3): "Formal parameter space overflowed"
    corpus("8777-"),  # warp-ctc's GPU test on a GTX 580 (compute 2.0): "stat = execution failed"
    corpus("3331-"),  # CUDAnative on a Tesla M2090 (sm_20)
    corpus("7413-"),  # PG-Strom on a GT 440 (compute 2.1), whose query then failed
])
def test_an_unexplained_failure_on_a_fermi_or_older_gpu_is_likely_the_gpu_too_old(text):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and found.confidence == "likely"


def test_a_fermi_gpu_beside_a_failure_that_names_its_own_cause_keeps_that_cause():
    # corpus 8810: CUDA 9's nvcc refusing Fedora 27's GCC 7, on a machine whose GPU is a GTX 550 Ti
    assert first(corpus("8810-")).slug == "host-compiler-unsupported"


def test_a_fermi_gpu_named_without_any_failure_is_no_finding():
    assert "gpu-arch-unsupported" not in paste_slugs("I have GeForce GTX 580.")


@pytest.mark.parametrize("text, newest", [
    (corpus("8731-"), "9"),  # MinkowskiEngine under torch with CUDA 11.3: g++ 10.2.1 above "(>=5.0.0, <=10.0.0)"
    # notes stored on GitHub: a conda toolchain's g++ 14 under CUDA 12.8
    ("RuntimeError: The current installed version of /home/xxx/.conda/envs/torch2110/bin/x86_64-conda-linux-gnu-c++ "
     "(14.3.0) is greater than the maximum required version by CUDA 12.8. Please make sure to use an adequate version "
     "of /home/xxx/.conda/envs/torch2110/bin/x86_64-conda-linux-gnu-c++ (>=6.0.0, <14.0).", "13"),
])
def test_torchs_extension_builder_refusing_the_compiler_is_the_host_compiler_unsupported(text, newest):
    found = first(text)
    assert found.slug == "host-compiler-unsupported" and found.evidence["newest_major"] == newest
    assert ("conda install" in found.fix[0]) == ("conda" in found.evidence["compiler"])
