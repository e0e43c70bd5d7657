"""Situations met in session 48, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, paste_findings

# Programs' own words for running without the GPU, printed as warnings; each from a real report.
GPU_UNUSED_WORDINGS = (
    "No GPU being used. Careful, inference might be very slow!",  # suno-ai/bark (corpus 1649, 1941)
    "/usr/lib/python3/site-packages/whisper/transcribe.py:114: UserWarning: FP16 is not supported on CPU; "
    "using FP32 instead",  # openai-whisper (corpus 620)
    "WARNING:absl:No GPU/TPU found, falling back to CPU. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)",
    "WARNING:ChatTTS.utils.gpu_utils:No GPU found, use CPU instead",  # 2noise/ChatTTS (corpus 1419)
    "Warning: no GPU has been detected.\nFalling back to CPU mode.",  # text-generation-webui (corpus 923)
    "warnings.warn('Running on CPU now! Make sure your PyTorch version matches your CUDA.'",  # corpus 1074
    "DEEPMD INFO    Count of visible GPU: 0",  # deepmd-kit (corpus 1286)
    "08:22:15:WARNING:FS01:No CUDA or OpenCL 1.2+ support detected for GPU slot 01: gpu:43:0 GP106GL "
    "[Quadro P2000]. Disabling.",  # Folding@home (corpus 1375)
    "RuntimeError: Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS variable to disable "
    "this check",  # stable-diffusion-webui (corpus 980)
)


@pytest.mark.parametrize("text", GPU_UNUSED_WORDINGS)
def test_a_warning_that_the_gpu_is_unused_is_never_answered_with_silence(text):
    found = paste_findings(text)
    assert found, "no finding for a program saying it runs without the GPU"
    # nothing else in these lines explains it: the corpus's causes for a GPU the framework cannot use, as suspects
    possible = [f for f in found if f.confidence == "possible"]
    assert possible and possible[0].evidence["error_class"] == "gpu-not-usable-by-framework"
    assert "cpu-only-build" in [f.slug for f in possible]


def test_a_corpus_paste_whose_only_error_is_the_cpu_fallback_gets_suspects():
    found = paste_findings(corpus("1649-"))  # bark on a 2080 Ti: "No GPU being used", nothing else
    assert found and found[0].confidence == "possible"


@pytest.mark.parametrize("text", (
    "Using CPU for tokenization, GPU for the model",
    "INFO: using the CPU offload for the optimizer states",
    "Tried on CPU and on GPU, both run fine",
))
def test_cpu_words_that_are_no_complaint_give_no_suspects(text):
    assert paste_findings(text) == []
