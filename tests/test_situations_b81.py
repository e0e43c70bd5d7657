"""Situations met in session 94, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("23205"),  # a lone "Killed" and make's Error 137 on a Jetson Orin Nano building onnxruntime
    corpus("23207"),  # "Error 137 (SIGKILL/OOM) while compiling onnxruntime_providers_cuda"
    # PyTorch built from source, as a build guide quotes nvcc's own words
    "nvcc error   : 'cicc' died due to signal 9 (Kill signal)\n[6443/7088] Building CUDA object "
    "caffe2/CMakeFiles/torch_cuda.dir/__/aten/src/ATen/native/transformers/cuda/flash_attn/kernels/flash_fwd.cu.o",
    # an R package's check log: gcc's newer wording, make's Error 1 after it
    "g++: fatal error: Killed signal terminated program cc1plus\ncompilation terminated.\n"
    "make: *** [/usr/local/lib/R/etc/Makeconf:199: gllvm.o] Error 1\nERROR: compilation failed for package 'gllvm'",
    # cpp-ethereum's CMake build: gcc 7's older wording
    "[ 64%] Building CXX object libethereum/CMakeFiles/ethereum.dir/BlockChain.cpp.o\n"
    "c++: internal compiler error: Killed (program cc1plus)\nPlease submit a full bug report,",
])
def test_a_compiler_killed_during_a_build_is_host_memory(text):
    found = first(text)
    assert found.slug == "build-killed-out-of-host-memory" and found.confidence == "confirmed"
    assert any("MAX_JOBS" in step for step in found.fix)


def test_a_jetson_build_is_told_to_swap_on_nvme():
    assert any("nvzramconfig" in step for step in first(corpus("23205")).fix)


def test_the_build_memory_in_words_is_likely():
    """Corpus 23206: flash-attention's build "uses a lot of RAM", no kill line pasted."""
    found = first(corpus("23206"))
    assert found.slug == "build-killed-out-of-host-memory" and found.confidence == "likely"


@pytest.mark.parametrize("text", [
    corpus("18254"),  # a quantisation script killed under WSL: a process killed while running, not compiling
    # constructed: a training container killed for its memory limit, no build in sight
    "$ docker run --gpus all --memory 8g trainer python train.py\nEpoch 1/10\nKilled\n"
    "The container exited with exit code: 137",
])
def test_a_process_killed_while_running_is_not_a_build(text):
    assert "build-killed-out-of-host-memory" not in paste_slugs(text)
