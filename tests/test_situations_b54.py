"""Situations met in session 67, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs

ERROR_35 = "CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version"


@pytest.mark.parametrize("text", [
    corpus("7452-"),  # C0untFloyd/roop-unleashed#363: "Are you using a GPU?" with "- [ +] AMD" ticked
    corpus("1683-"),  # C0untFloyd/roop-unleashed#457: the same form with "- [+] Intel" ticked
    # a plain task list ticked with x
    f"{ERROR_35}\n\nWhich GPU do you have?\n- [ ] NVIDIA\n- [x] AMD Radeon\n",
])
def test_a_ticked_box_answering_the_gpu_question_with_another_vendor_means_no_nvidia_gpu(text):
    assert first(text).slug == "no-nvidia-gpu"


@pytest.mark.parametrize("text", [
    # the box ticked answers a question about the CPU, not the GPU
    f"{ERROR_35}\n\nWhich CPU do you have?\n- [ ] AMD\n- [x] Intel\n",
    # NVIDIA ticked too: a machine with both
    f"{ERROR_35}\n\nAre you using a GPU?\n- [x] NVIDIA\n- [x] Intel\n",
])
def test_a_ticked_vendor_box_outside_a_gpu_question_or_beside_nvidia_is_not_read_as_no_gpu(text):
    assert "no-nvidia-gpu" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("7416-"),  # facebookresearch/faiss#2235: "GPU: gfx1030 AMD Radeon RX 6900 XT", a CUDA faiss build
    corpus("7375-"),  # JeanLucPons/Kangaroo#84: "I run kangaroo in window 10 with AMD radeon rx 580 Graphic Card"
    # ROCm's ISA name alone before the marketing name, as a notes file wrote it
    f"{ERROR_35}\nGPU: gfx1100 (AMD Radeon Graphics, single GPU)",
])
def test_an_amd_gpu_named_by_its_isa_or_run_with_a_radeon_card_means_no_nvidia_gpu(text):
    assert first(text).slug == "no-nvidia-gpu"


def test_a_radeon_card_beside_a_named_nvidia_gpu_is_not_read_as_no_nvidia_gpu():
    text = f"{ERROR_35}\nI run it on Windows 10 with AMD Radeon RX 580 for the display and an RTX 3060 for CUDA"
    assert "no-nvidia-gpu" not in paste_slugs(text)
