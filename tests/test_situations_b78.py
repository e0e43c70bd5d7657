"""Situations met in session 91, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("case, places", [("20350", 2), ("19900", 0), ("6830", 0), ("8911", 0)])
def test_a_cudnn_package_without_one_of_its_sub_libraries(case, places):
    """A cu130 torch wheel's cuDNN without libcudnn_engines_tensor_ir (LD_DEBUG shows it taken from the distro's
    cuDNN; in another thread the reporter says so), CUDA.jl's artifact and JavaCPP's redist jar without it."""
    found = first(corpus(case))
    assert found.slug == "cudnn-sublibrary-not-loadable-from-package"
    assert len(found.evidence["cudnn_directories"]) == places
    assert any("LD_DEBUG=libs" in step for step in found.fix)


def test_two_directories_of_cudnn_name_both_in_the_message():
    found = first(corpus("20350"))
    assert "/lib/x86_64-linux-gnu" in found.message and "site-packages/nvidia/cudnn/lib" in found.message


@pytest.mark.parametrize("text", [
    "Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared object file: "
    "No such file or directory",
    "Could not locate cudnn_ops64_9.dll. Please make sure it is in your library path!",
])
def test_cudnn_absent_altogether_is_not_a_package_missing_a_sub_library(text):
    """Constructed: cuDNN 8's split library and cuDNN 9's ops library are cuDNN itself missing (LIB001)."""
    slugs = paste_slugs(text)
    assert "cudnn-sublibrary-not-loadable-from-package" not in slugs
    assert "cudnn-missing" in slugs


def test_a_cudnn_version_no_release_had_is_not_judged():
    """CUDA.jl printed cuDNN 9.24 as "cuDNN: 92.40.0" (corpus 6830): no cuDNN major 92 exists to mismatch with."""
    assert "cudnn-version-mismatch" not in paste_slugs(corpus("6830"))


def test_a_real_other_cudnn_major_is_still_named():
    """Constructed: the same form naming cuDNN 8.9.7 where the program asks for cuDNN 9."""
    text = "- cuDNN: 8.9.7\nCould not load library libcudnn_ops.so.9. Error: libcudnn_ops.so.9: cannot open shared object file"
    assert first(text).slug == "cudnn-version-mismatch"


def test_an_arm_server_named_by_its_hardware_makes_exec_format_error_an_image_of_another_architecture():
    """Kokoro-FastAPI's amd64-only GPU image on "Ampere Altra CPU, RTX A6000", and on "a dgx spark"."""
    found = first(corpus("20601"))
    assert found.slug == "container-image-wrong-architecture"
    assert "Ampere Altra" in found.evidence["arm_hardware"][0]


@pytest.mark.parametrize("host", ["GH200 node", "AWS Graviton3 instance", "Raspberry Pi 5", "DGX Spark"])
def test_each_arm_hardware_name_counts(host):
    """Constructed: the same docker log on other Arm hosts people name by their hardware."""
    text = f"Running on a {host}.\n$ docker run --gpus all myimage\nexec /bin/bash: exec format error"
    assert first(text).slug == "container-image-wrong-architecture"


@pytest.mark.parametrize("host", ["an RTX A6000 (Ampere)", "an Ampere A100 server with Intel Xeon CPUs"])
def test_nvidias_ampere_gpus_are_no_arm_host(host):
    """Constructed: Ampere is also NVIDIA's GPU architecture; an exec format error there may be a script without #!."""
    text = f"Running on {host}.\n$ docker run --gpus all myimage\nexec /entrypoint.sh: exec format error"
    assert "container-image-wrong-architecture" not in paste_slugs(text)


@pytest.mark.parametrize("said", [
    "Trying to run on old HP rack mounted server with plenty of CPU and ram but no GPU really to speak of, Help?!?",
    "my pc with 32GB RAM and no dedicated GPU",
])
def test_a_machine_described_by_what_it_has_but_no_gpu(said):
    """Spark-TTS's webui asking a CPU-only torch for CUDA on a server "with plenty of CPU and ram but no GPU" (corpus
    20602); the second wording is constructed."""
    found = first("AssertionError: Torch not compiled with CUDA enabled\n\n" + said)
    assert found.slug == "no-nvidia-gpu"


@pytest.mark.parametrize("said", ["I run it on a laptop with an RTX 3060 and no CUDA toolkit installed",
                                  "a server with 8 A100 and no GPU problems so far"])
def test_a_machine_with_a_gpu_and_no_something_else_is_not_gpu_less(said):
    """Constructed: what the machine lacks is not a GPU, or the GPU has no problems."""
    assert first("AssertionError: Torch not compiled with CUDA enabled\n" + said).slug == "cpu-only-build"


@pytest.mark.parametrize("case, said", [
    ("21602", "rsqrtf"), ("21604", "cospi"), ("21400", "rsqrtf"),  # glibc 2.41+ against CUDA's math_functions.h
    ("21600", "memcpy"), ("20905", "memcpy"),  # glibc 2.23's string.h under CUDA 7.5
    ("21605", "__float128"),  # glibc 2.26's floatn.h under CUDA 8
    ("17853", "avx512fintrin"), ("20904", "mwaitxintrin"),  # gcc's intrinsic headers
    ("21452", "14.29.30037"),  # an MSVC toolset update's STL
])
def test_nvcc_failing_in_the_systems_headers(case, said):
    """nvcc's front end failing in headers the system brought (glibc, gcc's intrinsics, MSVC's STL), after the
    compiler's version check passed: koboldcpp on Ubuntu 25.10, OpenCV with gcc 7 to 14 alike, llama.cpp's wrapped
    error line, Caffe and OpenCV on Ubuntu 16.04, Caffe2 on glibc 2.26, Paddle with gcc 9, MXNet with gcc 5, a
    GitHub runner image."""
    found = first(corpus(case))
    assert found.slug == "host-compiler-headers-incompatible-with-nvcc"
    assert said in found.message + str(found.evidence)


def test_the_glibc_math_clash_names_its_functions_and_the_patch():
    found = first(corpus("21601"))
    assert found.evidence["functions"] == ["rsqrt", "sinpi"]
    assert any("noexcept(true)" in step for step in found.fix)


@pytest.mark.parametrize("text", [
    # a newer GCC's C++ library headers are that GCC being newer than the CUDA supports (TK003)
    "/usr/include/c++/12.1.0/bits/random.h(104): error: expected a declaration",
    "#error -- unsupported GNU version! gcc versions later than 12 are not supported!",
])
def test_a_gcc_newer_than_cuda_supports_is_still_the_compiler(text):
    """Constructed from k2-fsa/k2#972's and nvcc's own wording."""
    assert first(text).slug == "host-compiler-unsupported"


def test_an_exception_specification_clash_in_the_projects_own_code_is_not_glibcs():
    """Constructed: the same compiler words about a function of the project's own."""
    text = 'src/kernel.cu(12): error: exception specification is incompatible with that of previous function "foo"'
    assert "host-compiler-headers-incompatible-with-nvcc" not in paste_slugs(text)


@pytest.mark.parametrize("case", ["21504", "21550", "21551", "21552", "21553"])
def test_cccl_refusing_msvcs_traditional_preprocessor(case):
    """SageAttention, candle-kernels, a torch JIT extension, flash-attn and koharu on Windows with CUDA 13.2: CCCL's
    own #error, wrapped or not, and the reports' words for it."""
    found = first(corpus(case))
    assert found.slug == "cccl-requires-msvc-conforming-preprocessor"
    assert any("NVCC_APPEND_FLAGS" in step for step in found.fix)


def test_msvcs_preprocessor_named_without_ccclss_refusal_is_not_that():
    """Constructed: a report that uses /Zc:preprocessor already and fails elsewhere."""
    text = ("I already pass /Zc:preprocessor to cl.exe.\n"
            "LINK : fatal error LNK1181: cannot open input file 'cudart.lib'")
    assert "cccl-requires-msvc-conforming-preprocessor" not in paste_slugs(text)


# Session 92: batch 78's CUDA 13 Windows layout cases, tried on their pastes and on real wordings from other threads.

@pytest.mark.parametrize("case", ["21556", "21557"])
def test_cuda13_on_windows_with_a_program_looking_in_bin(case):
    """slangpy's "Cannot find CUDA nvrtc" with CUDA 13.0 and CUDA_PATH set; numba-cuda's 'Failure finding
    "nvJitLink*.dll"' with conda's cuda-version=13."""
    found = first(corpus(case))
    assert found.slug == "cuda13-windows-dlls-moved-to-bin-x64"
    assert found.evidence["cuda"].startswith("13")
    assert any("bin\\x64" in step for step in found.fix)


@pytest.mark.parametrize("text", [
    # SystemPanic/flashinfer-windows#4: ctypes names the path it tried, bin without x64
    "  File \"D:\\Python311\\Lib\\ctypes\\__init__.py\", line 376, in __init__\n"
    "FileNotFoundError: Could not find module 'D:\\cuda\\v13.0\\bin\\cudart64_13.dll' (or one of its dependencies). "
    "Try using the full path with constructor syntax.",
    # NVIDIA/numba-cuda#397: numba's library test under CUDA 13.0
    "Finding nvrtc from CUDA_HOME\n        Located at nvrtc.dll\n        Trying to open library...       ERROR: failed "
    "to open nvrtc:\nCould not find module 'nvrtc.dll' (or one of its dependencies). Try using the full path with "
    "constructor syntax.\nFinding cudadevrt from CUDA_HOME\n        Located at C:\\Program Files\\NVIDIA GPU Computing "
    "Toolkit\\CUDA\\v13.0\\lib\\x64\\cudadevrt.lib",
])
def test_cuda13_layout_read_from_other_programs_words(text):
    found = first(text)
    assert found.slug == "cuda13-windows-dlls-moved-to-bin-x64"


@pytest.mark.parametrize("text", [
    # constructed: CUDA 12's layout, where a missing DLL is something else
    "FileNotFoundError: Could not find module 'C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4\\bin\\"
    "cudart64_12.dll' (or one of its dependencies).",
    # constructed: the program already looked in bin\x64
    "FileNotFoundError: Could not find module 'D:\\cuda\\v13.0\\bin\\x64\\cudart64_13.dll' (or one of its "
    "dependencies).",
    # constructed: Linux, CUDA 13
    "CUDA Toolkit 13.0\nOSError: libnvrtc.so.13: cannot open shared object file: No such file or directory",
])
def test_no_cuda13_windows_layout_where_the_paste_shows_otherwise(text):
    assert "cuda13-windows-dlls-moved-to-bin-x64" not in paste_slugs(text)
