"""Situations met in session 69, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("7455-"),  # Wan2GP on Windows with CUDA 13 only: ONNX Runtime's CUDA provider wants cublasLt64_12.dll
    # the same loader message as troubleshooting notes stored on GitHub quote it
    'FAIL : Error loading "onnxruntime_providers_cuda.dll" which depends on "cublasLt64_12.dll" which is missing.',
    'Error loading "...onnxruntime_providers_cuda.dll" which depends on "cublas64_12.dll" which is missing.',
])
def test_onnx_runtimes_provider_depending_on_a_missing_cuda_dll_is_the_cuda_libraries_missing(text):
    found = first(text)
    assert found.slug == "cuda-libraries-missing" and "CUDA 12" in found.message


@pytest.mark.parametrize("text", [
    # ONNX Runtime's loader for cuDNN 9, as troubleshooting notes stored on GitHub quote it
    'Error loading "onnxruntime_providers_cuda.dll" which depends on "cudnn64_9.dll" which is missing.',
    'Error loading "onnxruntime_providers_tensorrt.dll" which depends on "cudnn64_9.dll" which is missing.\n'
    "Falling back to ['CPUExecutionProvider'] and retrying.",
])
def test_onnx_runtimes_provider_depending_on_a_missing_cudnn_dll_is_cudnn_missing(text):
    found = first(text)
    assert found.slug == "cudnn-missing" and found.evidence.get("wanted_major") == "9"
    # the provider that failed to load is the GPU package's own: the CPU fallback after it is no CPU-only package
    assert "cpu-only-build" not in paste_slugs(text)
