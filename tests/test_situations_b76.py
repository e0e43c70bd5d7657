"""Situations met in session 89, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings


@pytest.mark.parametrize("case, cuda", [("17552", "10.0"), ("13651", "8.0")])
def test_a_library_call_failing_under_a_cuda_older_than_the_gpu_is_that_cuda_lacking_it(case, cuda):
    """Faiss' cuBLAS assertion from a CUDA 10.0 build on an A100; MXNet's "Failed to find any forward convolution
    algorithm" from cu80/cu90/cu92 builds on an RTX 2080. Neither says which status the library returned."""
    found = first(corpus(case))
    assert found.slug == "gpu-arch-not-in-build"
    assert found.evidence["program_cuda"] == cuda


def test_a_convolution_algorithm_failure_under_a_cuda_that_knows_the_gpu_is_not_read_as_the_arch():
    """Constructed: TensorFlow's usual memory-bound failure, on a GPU its CUDA 11.2 build knows."""
    text = ("GPU: NVIDIA GeForce RTX 3080\nCUDA 11.2, cuDNN 8.1, tensorflow-gpu 2.5.0\n"
            "tensorflow.python.framework.errors_impl.UnknownError: Failed to get convolution algorithm. This is "
            "probably because cuDNN failed to initialize, so try looking to see if a warning log message was printed "
            "above.")
    named = [f.slug for f in paste_findings(text) if f.confidence != "possible"]
    assert "gpu-arch-not-in-build" not in named
