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
