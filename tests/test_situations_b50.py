"""Situations met in session 63, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, paste_findings


@pytest.mark.parametrize("text", [
    corpus("5599-"),  # docling-project/docling: "CUDA is not available in the system. Fall back to 'CPU'"
    # the same fallback with the device quoted, from programs' logs found by find_string
    "Requested device 'cuda' is not available. Falling back to 'cpu'.",
    "[ASR] Falling back to 'cpu' with 'int8' compute...",
    # llama.cpp's (and llamafile's) warning, in a CI log and in a user's report (corpus 4545)
    "warning: no usable GPU found, --gpu-layers option will be ignored",
    corpus("4545-"),
])
def test_a_fallback_to_a_quoted_cpu_or_no_usable_gpu_is_no_silence(text):
    found = paste_findings(text)
    assert found and found[0].confidence == "possible"
    assert found[0].evidence["error_class"] == "gpu-not-usable-by-framework"
