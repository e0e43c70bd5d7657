"""Situations met in session 86, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("case", ["17003", "2643"])
def test_libtorchs_cpu_stub_refusing_cuda_is_a_libtorch_without_its_cuda_part(case):
    """tch-rs printed "Cannot initialize CUDA ..." and "Cannot query cuDNN version without ATen_cuda library": both come
    from LibTorch's CPU hooks, whichever CUDA call came first."""
    found = first(corpus(case))
    assert found.slug == "cpu-only-build" and "LibTorch" in found.message


def test_the_stub_on_a_mac_is_not_blamed_on_the_build():
    """Constructed: a program that asks a Mac's PyTorch for a CUDA generator meets the same stub; there is no CUDA
    build to install (GPU001 tells the Mac)."""
    text = ("macOS 14.5, Apple M2 Max, torch 2.3.0\n"
            "RuntimeError: Cannot get CUDA generator without ATen_cuda library. PyTorch splits its backend into two "
            "shared libraries")
    assert "cpu-only-build" not in paste_slugs(text)


# nvcc 13.0's banner as /usr/local/cuda/bin/nvcc --version printed it on this project's machine.
NVCC_13_0 = ("nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2025 NVIDIA Corporation\n"
             "Cuda compilation tools, release 13.0, V13.0.88\nBuild cuda_13.0.r13.0/compiler.36424714_0\n")
# Cytnx-dev/Cytnx#754, built with CUDA 13.
CYTNX_754 = ("Cytnx/src/backend/algo_internal_gpu/cuSort_internal.cuh:5:10: fatal error: thrust/sort.h: No such file "
             "or directory")
# NVIDIA/thrust#1807's header chain ended the same way for libcu++.
THRUST_1807 = ("/home/wajih/codes/thrust/thrust/detail/type_traits.h:27:10: fatal error: cuda/std/type_traits: No such "
               "file or directory")


def test_a_header_ccl_removed_is_named_with_the_release_that_removed_it():
    found = first(corpus("17051"))
    assert found.slug == "cuda-toolkit-too-new-for-project" and "CUDA 12.8 removed" in found.message


def test_a_cccl_header_a_host_compiler_misses_under_cuda_13_is_the_move_to_include_cccl():
    found = first(NVCC_13_0 + CYTNX_754)
    assert found.slug == "cuda-toolkit-too-new-for-project" and "include/cccl/" in found.message


def test_the_same_header_missing_under_cuda_12_judges_no_release():
    """Constructed: CUDA 12.4 keeps thrust/ under include/, so a missing thrust/sort.h is the include path's."""
    assert "cuda-toolkit-too-new-for-project" not in paste_slugs("nvcc --version is 12.4\n" + CYTNX_754)


@pytest.mark.parametrize("case", ["4892"])
def test_cub_missing_under_a_toolkit_before_cuda_11_is_the_toolkit_or_the_projects_own_copy(case):
    """kaolin with nvcc 10.1 ("`nvcc -V` gives me `cuda 10.1`"): CUB came into the toolkit with 11.0."""
    found = first(corpus(case))
    assert found.slug == "nvcc-too-old-for-project" and "11.0" in found.message
    assert any("submodule" in step for step in found.fix)


def test_cub_missing_under_cuda_10_told_in_other_words():
    """sleeepyjack/warpcore#1's error with its reporter's "My CUDA version is 10.0"."""
    text = "fatal error: cub/cub.cuh: No such file or directory\nMy CUDA version is 10.0, I'll try to download cub"
    assert first(text).slug == "nvcc-too-old-for-project"


def test_libcu_plus_plus_missing_with_no_release_known_judges_nothing():
    """libcu++'s headers have no extension: matched, and with no release in the paste, no verdict."""
    assert "cuda-toolkit-too-new-for-project" not in paste_slugs(THRUST_1807)
    assert "nvcc-too-old-for-project" not in paste_slugs(THRUST_1807)


@pytest.mark.parametrize("line, release", [
    ("nvcc version is 9.1", "9.1"),  # corpus 1711
    ("running command `nvcc -V` gives me `cuda 10.1`, but `nvidia-smi` shows `cuda 11.2`.", "10.1"),  # 4892
    ("nvcc --version returns 10.1", "10.1"),  # 444
    ("NVCC: 11.7", "11.7"),  # 5748
])
def test_nvccs_release_told_in_words_is_the_toolkits(line, release):
    from envcheck.importers import from_text
    assert from_text(line, "paste.txt").cuda.stated_version == release


def test_a_required_nvcc_is_not_the_machines():
    """Constructed: a project's requirement names a release the machine need not have."""
    from envcheck.importers import from_text
    assert from_text("this build requires nvcc >= 11.7", "paste.txt").cuda.stated_version == ""


def test_libcu_plus_plus_missing_under_cuda_13_is_the_move():
    assert first(NVCC_13_0 + THRUST_1807).slug == "cuda-toolkit-too-new-for-project"


@pytest.mark.parametrize("line", [
    "fatal error: /usr/local/cuda/include/cuda_runtime.h: No such file or directory",
    "/usr/local/cuda/bin/nvcc: No such file or directory",
])
def test_a_path_through_a_cuda_directory_is_no_cccl_header(line):
    """Constructed: the toolkit's own directory is named cuda/; neither line is a CCCL header."""
    assert "cuda-toolkit-too-new-for-project" not in paste_slugs(NVCC_13_0 + line)


@pytest.mark.parametrize("text, symbol", [
    # openai/CLIP#358
    (".../python3.10/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: cudaGraphDebugDotPrint, version "
     "libcudart.so.11.0", "cudaGraphDebugDotPrint"),
    # bitsandbytes-foundation/bitsandbytes#83, glibc's words
    ("ImportError: Symbol cudaGraphRetainUserObject version libcudart.so.11.0 not defined in file", None),
    # pytorch/pytorch#125300, the linker's words
    ("/usr/bin/ld: libtorch/lib/libtorch_cuda.so: undefined reference to `cudaLaunchKernelExC@libcudart.so.11.0'",
     "cudaLaunchKernelExC"),
])
def test_a_cuda_runtime_function_missing_under_its_versioned_name_is_an_older_runtime(text, symbol):
    found = first(text)
    assert found.slug == "cuda-library-older-than-build"
    if symbol:
        assert found.evidence["symbol"] == symbol


def test_the_colbert_environment_names_the_release_that_added_the_function():
    found = first(corpus("17551"))
    assert found.slug == "cuda-library-older-than-build" and "CUDA 11.4 added" in found.message


@pytest.mark.parametrize("text", [
    # corpus 5313: no versioned name, so no telling which side is older
    "cupy_backends/cuda/api/runtime.cpython-38-x86_64-linux-gnu.so: undefined symbol: cudaMallocAsync",
    # constructed: a function CUDA 10.1 removed, missing under its versioned name: the module is the older one
    "_C.cpython-37m-x86_64-linux-gnu.so: undefined symbol: cudaSetupArgument, version libcudart.so.10.1",
])
def test_no_runtime_older_than_the_module_without_a_versioned_name_of_a_function_added_since(text):
    assert "cuda-library-older-than-build" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("17500"),  # nvprof's warning
    corpus("7290"),  # Paddle's CUPTI tracer
    # Nsight Compute's words, as a user's notes stored on GitHub quote them
    "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on the "
    "target device 0. For instructions",
    # geoffxy/habitat#5, in a container
    "cupti_tracer.cpp:120: error: function cuptiActivityRegisterCallbacks(cuptiBufferRequested, cuptiBufferCompleted) "
    "failed with error CUPTI_ERROR_INSUFFICIENT_PRIVILEGES.",
])
def test_a_profiler_refused_the_performance_counters_is_the_drivers_admin_only_setting(text):
    found = first(text)
    assert found.slug == "gpu-profiling-restricted-to-admin"
    assert any("NVreg_RestrictProfilingToAdminUsers=0" in step for step in found.fix)


def test_a_profile_that_ran_is_not_a_permission_fault():
    """Constructed: nvprof's own summary after a run that had the counters."""
    text = "==12345== Profiling application: python doublify.py\n==12345== Profiling result:\n"
    assert "gpu-profiling-restricted-to-admin" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("17505"),
    # puttsk/cuda-tutorial#11
    "======== Warning: This version of nvprof doesn't support the underlying device, GPU profiling skipped",
    # undertherain/benchmarker#168, an RTX 3070 asked for metrics
    "Warning: Skipping profiling on device 0 since profiling is not supported on devices with compute capability 7.5 "
    "and higher.",
])
def test_nvprof_refusing_a_newer_gpu_is_the_profiler_not_the_setup(text):
    found = first(text)
    assert found.slug == "profiler-does-not-support-gpu-arch" and any("nsys" in step for step in found.fix)


def test_a_cub_header_missing_in_lowercase_words_is_read_the_same():
    """bytedance/lightseq#79's title spells the compiler's message in lowercase; the release line beside it is
    constructed (its thread says "on cuda 10")."""
    text = ("[training] JIT build fatal error on cuda 10, fatal error: cub/cub.cuh: no such file or directory\n"
            "nvcc --version is 10.2")
    assert first(text).slug == "nvcc-too-old-for-project"
