"""Situations met in session 79, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck import matrix
from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def gpu_names(text):
    return [gpu.name for gpu in from_text(text, "paste.txt").gpus.devices]


@pytest.mark.parametrize("written, name", [
    # before the 200 series GeForce put the line word after the number (NVIDIA's legacy GPU list)
    ("My GPU is Palit nVidia GeForce 9500GT 1GB.", "GeForce 9500GT"),  # fireice-uk/xmr-stak#840
    ("My GPU is GeForce 9500 GT", "GeForce 9500 GT"),
    ("an old GeForce 9800 GTX+ card", "GeForce 9800 GTX+"),
    ("laptop: GeForce 8600M GT, Vista", "GeForce 8600M GT"),
    ("GeForce 8400 GS", "GeForce 8400 GS"),
    # the GTS line, the word before the number
    ("NVIDIA GeForce GTS 450", "NVIDIA GeForce GTS 450"),
    # today's names are read as before
    ("GeForce 940MX", "GeForce 940MX"),
    ("GeForce GTX 1080 Ti", "GeForce GTX 1080 Ti"),
])
def test_old_geforce_names_with_the_line_word_after_the_number(written, name):
    assert gpu_names(written) == [name]
    # and the name resolves to its last driver branch, which places its generation
    assert matrix.default().legacy_branches(name) or matrix.default().gpu_by_model(name)


def test_a_tesla_generation_geforce_named_in_words_is_too_old_for_a_cuda_program():
    # fireice-uk/xmr-stak#840: a GeForce 9500 GT (340 legacy branch) under a CUDA miner's "insufficient driver"
    assert first(corpus("8678-")).slug == "gpu-arch-unsupported"
    # the same card with nothing wrong said: no finding about its age
    assert "gpu-arch-unsupported" not in paste_slugs("My GPU is GeForce 9500 GT, it renders my desktop fine.",
                                                     diagnosed_only=True)


def test_a_whole_line_in_markdown_italics_is_read_without_its_markers():
    from envcheck.importers.paste import clean_lines

    # Detectron.pytorch's reporter set the error and the system in italics (corpus 11470)
    assert first(corpus("11470-")).slug == "nvcc-framework-cuda-mismatch"
    assert clean_lines("_I used CUDA 9.2 and PyTorch 0.4 for using CUDA in Python 3.6 with Ubuntu 16.04._") == [
        "I used CUDA 9.2 and PyTorch 0.4 for using CUDA in Python 3.6 with Ubuntu 16.04."]
    # constructed: the same loader line of 9996's extension in asterisk italics
    assert clean_lines("*ImportError: _roi_pooling.so: undefined symbol: __cudaPopCallConfiguration*") == [
        "ImportError: _roi_pooling.so: undefined symbol: __cudaPopCallConfiguration"]
    # identifiers and list bullets keep their underscores and stars
    assert clean_lines("__init__\n__init__ and __main__\n* item one\nx _y z_") == [
        "__init__", "__init__ and __main__", "* item one", "x _y z_"]


@pytest.mark.parametrize("text", [
    corpus("11471-"),  # an extension's build against torch 0.4.1's installed headers with nvcc 10.0
    # pytorch/pytorch#12075: building PyTorch 0.4.1 itself against CUDA 10
    "/build/python-pytorch/src/pytorch-0.4.1-py2-cuda/aten/src/THC/THCAtomics.cuh(100): error: cannot overload "
    "functions distinguished by return type alone\n\n/build/python-pytorch/src/pytorch-0.4.1-py2-cuda/aten/src/THC/"
    "THCAtomics.cuh(123): error: return value type does not match the function type",
])
def test_cuda_10s_nvcc_on_pytorch_0_4s_headers(text):
    found = first(text)
    assert found.slug == "nvcc-framework-cuda-mismatch" and "THCAtomics.cuh" in found.message


def test_the_same_compiler_error_in_cudas_own_header_is_not_torchs():
    # sampepose/flownet2-tf#55: the clash in cuda_fp16.h itself, under TensorFlow's build: not PyTorch's headers
    text = ("/usr/local/cuda/../cuda/include/cuda_fp16.h(2016): error: cannot overload functions distinguished by "
            "return type alone")
    assert "nvcc-framework-cuda-mismatch" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("11776-"),  # emgucv/emgucv#349: Emgu CV 4.3's CUDA 10.2 runtime, a GTX 970M (Maxwell, 5.2)
    corpus("2646-"),  # TensorFlow.NET's redist of TF 2.3 on a compute capability 5.0 GPU
    corpus("8752-"),  # CTranslate2 4 (CUDA 12 builds started at Pascal) on a GTX 970
])
def test_no_kernel_image_on_a_gpu_generations_older_than_its_builds_cuda_is_the_old_end_cut(text):
    assert first(text).slug == "gpu-arch-unsupported"


def test_no_kernel_image_within_a_generation_of_the_builds_newest_stays_a_missing_kernel():
    # Homebrew/homebrew-science#5902: opencv3's formula (CUDA 8.0) built for Kepler only; a GTX 980 Ti (5.2) is above it
    assert first(corpus("12050-")).slug == "gpu-arch-not-in-build"


@pytest.mark.parametrize("text, confidence", [
    (corpus("6753-"), "confirmed"),  # pycuda._driver on Python 3.8.0b2, "Python 3.7.4 works OK"
    (corpus("12052-"), "confirmed"),  # davisking/dlib#2079: dlib built with CUDA, "PATH is configured correctly"
    (corpus("11903-"), "confirmed"),  # pytorch#31939: Caffe2's GPU module under python38, fine under python27
    (corpus("6754-"), "likely"),  # davisking/dlib#2039: the failed import of a CUDA dlib on Python 3.8 alone
])
def test_python_38_on_windows_no_longer_finds_cuda_dlls_on_path(text, confidence):
    found = first(text)
    assert (found.slug, found.confidence) == ("windows-python38-dll-search-excludes-path", confidence)
    assert "os.add_dll_directory" in found.fix[0]


@pytest.mark.parametrize("text", [
    corpus("12053-"),  # davisking/dlib#792: the same import failure under Python 3.6, which still searched PATH
    # constructed: torch adds its own DLL folder, so its failure on 3.10 is something else
    "Python 3.10 on Windows 11, CUDA 12.1\n>>> import torch\nOSError: ... ImportError: DLL load failed while importing "
    "_C: The specified module could not be found.",
    # constructed: Caffe2's warning on Linux with nothing said of PATH or an older Python
    "Python 3.8.5, CUDA 10.1\nWARNING:root:This caffe2 python run does not have GPU support. Will run in CPU only mode",
])
def test_a_dll_failure_the_python_38_change_cannot_explain_is_not_it(text):
    assert "windows-python38-dll-search-excludes-path" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, cc, built", [
    (corpus("11979-"), "7.0", "8.0"),  # YoungXIAO13/PoseFromShape#13: a project's CUDA 8 torch on a Tesla V100
    # pytorch/pytorch#3601: the warning as it was added, a CUDA 7.5 build on a Quadro GP100
    ("/scratch/soumith/pytorch/torch/cuda/__init__.py:87: UserWarning: Found GPU0 Quadro GP100 which requires "
     "CUDA_VERSION >= 8000 for\n     optimal performance and fast startup time, but your PyTorch was "
     "compiled\n     with CUDA_VERSION 7500. Please install the correct PyTorch binary\n     using instructions "
     "from http://pytorch.org",
     "6.0", "7.5"),
    # pytorch/pytorch#4175: 0.3's misprint, both numbers 8000, on V100s: the architecture still decides
    ("UserWarning:\n    Found GPU7 Tesla V100-SXM2-16GB which requires CUDA_VERSION >= 8000 for\n     optimal "
     "performance and fast startup time, but your PyTorch was compiled\n     with CUDA_VERSION 8000. Please "
     "install the correct PyTorch binary", "7.0", "8.0"),
])
def test_torchs_own_check_of_the_gpu_against_its_builds_cuda(text, cc, built):
    found = first(text)
    assert found.slug == "gpu-arch-not-in-build"
    assert (found.evidence["compute_capability"], found.evidence["build_cuda"]) == (cc, built)


def test_torchs_misprinted_check_on_a_gpu_its_build_covers_is_not_a_missing_kernel():
    # constructed from pytorch#4175's misprint: a GTX 1080 (6.1) is within CUDA 8's architectures (up to 6.2)
    text = ("Found GPU0 GeForce GTX 1080 which requires CUDA_VERSION >= 8000 for\n optimal performance and fast "
            "startup time, but your PyTorch was compiled\n with CUDA_VERSION 8000. Please install the correct PyTorch "
            "binary")
    assert "gpu-arch-not-in-build" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("written, cc", [
    ("TeslaV100", "7.0"),  # mit-han-lab/bevfusion#12: "...+cuda111+ cuda driver version460.32.03+TeslaV100"
    ("QuadroP4000", "6.1"),
    ("gtx1080ti", "6.1"),
    ("RTX3060TI", "8.6"),  # Alturos.Yolo#162's "It does not work on the RTX3060TI"
    ("GTS450", "2.1"),  # the GTS line keeps its word in the key, glued or not
])
def test_a_line_word_glued_to_the_model_still_names_it(written, cc):
    assert matrix.default().gpu_by_model(written)["compute_capability"] == cc


def test_a_no_kernel_image_message_cut_before_on_the_device_is_still_read():
    # mit-han-lab/bevfusion#12 retold the message as "CUDA_ERROR: no kernel image is available for execution."
    assert "extension-built-for-other-gpu-arch" in paste_slugs(corpus("11926-"), diagnosed_only=True)
