"""Situations met in session 53, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck.rules import GPU_UNUSED
from envcheck.rules.frameworks import NAMED_BUILD_WITHOUT_CUDA, NOT_A_PROGRAM
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("2678-"),  # PaddlePaddle/PaddleSpeech#3614: Paddle's fallback warning inside a container without --gpus
    # the same warning from PaddleOCR in a conda environment (a user's log found by find_string)
    "/opt/conda/envs/ocr_env/lib/python3.9/site-packages/paddle/base/framework.py:688: UserWarning: You are using GPU "
    "version Paddle, but your CUDA device is not set properly. CPU device will be used by default.",
    # a desktop transcriber's label (found by find_string), and a script's log line
    "NVIDIA GPU not detected. CPU will be used.",
    "WARNING: Could not find an available GPU on your system. Defaulting to CPU.",
])
def test_a_program_saying_the_cpu_will_be_used_is_no_silence(text):
    found = paste_findings(text)
    assert found and found[0].confidence == "possible"
    assert found[0].evidence["error_class"] == "gpu-not-usable-by-framework"


@pytest.mark.parametrize("text", [
    "WARN Max CPU resource not set for worker. Only 1 CPU will be used",  # a CPU count, not the GPU given up
    "CUDA SETUP: Defaulting to libbitsandbytes_cpu.so...",  # bitsandbytes' library choice: FW008 and others read it
])
def test_cpu_words_that_are_not_the_gpu_given_up(text):
    assert not GPU_UNUSED.search(text)


@pytest.mark.parametrize("text", [
    corpus("3300-"),  # jwohlwend/boltz: Boltz-2's Triton kernels in bf16 on a V100
    # OpenFold3's Triton triangle kernels on Turing (a deployment note found by find_string), beside the GPU
    "GPU 0: Tesla T4\nLLVM ERROR: Unsupported rounding mode for conversion.",
])
def test_a_failed_bf16_lowering_beside_a_gpu_before_ampere(text):
    found = first(text)
    assert found.slug == "bf16-unsupported-gpu"
    assert found.evidence["gpu"].endswith(("(compute capability 7.0)", "(compute capability 7.5)"))


def test_a_failed_bf16_lowering_on_blackwell_is_not_for_want_of_bf16():
    # the same two lines from jax 0.5.0's XLA on an RTX 6000D (compute capability 12.0), a GPU newer than that XLA
    text = ("GPU 0: NVIDIA RTX PRO 6000 Blackwell Workstation Edition\nUnsupported conversion from bf16 to f16\n"
            "LLVM ERROR: Unsupported rounding mode for conversion.")
    assert "bf16-unsupported-gpu" not in paste_slugs(text)
    # and with no GPU named, nothing says which of the two it is
    assert "bf16-unsupported-gpu" not in paste_slugs("LLVM ERROR: Unsupported rounding mode for conversion.")


@pytest.mark.parametrize("line, program", [
    # KeOps' runtime error and MegEngine's log line (found by find_string), beside the auxiliary-verb form
    ("RuntimeError: [KeOps] This KeOps shared object has been compiled without cuda support: try to set tagHostDevice "
     "to 0 or recompile the formula with a working version of cuda.", "KeOps"),
    ("err: megbrain compiled without cuda support!", "megbrain"),
    ("GPU execution requested, but this hoomd was built without CUDA support", "hoomd"),
])
def test_a_program_saying_it_was_compiled_without_cuda(line, program):
    found = first(line)
    assert found.slug == "program-built-without-cuda" and found.evidence["program"] == program


@pytest.mark.parametrize("line", [
    "XMRig can only say that `--cuda` is an unknown option, if it was compiled without CUDA support.",
    "I compiled without CUDA support first, then with it",
])
def test_a_person_or_a_pronoun_is_not_a_program_built_without_cuda(line):
    found = NAMED_BUILD_WITHOUT_CUDA.search(line)
    assert found is None or found.group(1).lower() in NOT_A_PROGRAM
