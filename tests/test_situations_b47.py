"""Situations met in session 60 (batch 47), each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck import matrix
from tests.conftest import corpus_paste as corpus, first_finding as first


@pytest.mark.parametrize("text, branch", [
    # OpenCV: "Gpu API call (invalid device function )" on a "GTX 260 (CUDA ver 1.3)"
    (corpus("1455-"), "340.xx"),
    # darknet: "no kernel image is available for execution on the device", "( GeForce GT 625M )"
    (corpus("4977-"), "390.xx"),
    # 3D Slicer's torch on a GT 730: the name of Fermi boards (390.xx) and Kepler ones (470.xx)
    (corpus("2206-"), "390.xx or 470.xx"),
])
def test_no_kernels_on_a_gpu_whose_drivers_ended_long_ago_is_a_gpu_too_old(text, branch):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported"
    assert found.evidence["legacy_branch"] == branch


def test_no_kernels_on_a_gpu_current_drivers_support_is_not_read_as_too_old():
    # TorchSharp's libtorch on an "RTX 5080 Super": a name the tables do not know, on no legacy branch
    assert first(corpus("2645-")).slug == "gpu-arch-not-in-build"


def test_legacy_branches_name_every_branch_a_name_ends_on():
    table = matrix.default()
    assert table.legacy_branches("GT 730") == {"390.xx", "470.xx"}  # Fermi and Kepler boards share the name
    assert table.legacy_branch(name="GT 730") is None  # one branch only where the name says which
    assert table.legacy_branches("Quadro 7000") == {"390.xx"}
    assert table.legacy_branches("NVIDIA GeForce RTX 4090") == set()
    # the 580.xx branch runs CUDA 13, so its GPUs (Maxwell to Volta) are not old by their drivers alone
    assert not table.newest_cuda_for_branch("580.xx").startswith(("9.", "10.", "11."))
