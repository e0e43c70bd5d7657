"""Situations met in session 55 (batch 42), each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("3993-"),  # sasha0552/pascal-pkgs-ci#46: Triton 3.4's loads with cache hints on a Pascal GPU
    # a project's notes on Triton's atomics on P100s (found by find_string), and mamba_ssm's on a GTX 1080
    "Boot 11 of Flash-Next on the four P100s captured CUDA graphs and then the last PP rank died in ptxas: "
    "\"Feature '.acq_rel' requires .target sm_70 or higher\"",
    "Pascal GPUs (sm_61, e.g. GTX 1080 / P100) crash at first backward pass:\n"
    "    ptxas error: Feature '.acq_rel' requires .target sm_70 or higher",
])
def test_ptxas_refusing_generated_code_for_an_older_gpu(text):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and "7.0" in found.message


def test_the_refusal_names_the_gpu_when_the_report_does():
    text = "GPU: NVIDIA Tesla P100-PCIE-16GB\nptxas error: Feature '.acq_rel' requires .target sm_70 or higher"
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and "P100" in found.message and "is 6.0" in found.message


def test_a_gpu_that_has_the_architecture_is_not_blamed_for_the_refusal():
    text = "GPU: NVIDIA A100-SXM4-80GB\nptxas error: Feature '.acq_rel' requires .target sm_70 or higher"
    assert not any(f.slug == "gpu-arch-unsupported" and "ptxas" in f.message for f in paste_findings(text))


def test_bfloat16_forms_stay_with_the_bfloat16_rule():
    # corpus 3644: "Feature '.bf16' requires .target sm_80 or higher" on an RTX 2080 Ti
    assert first(corpus("3644-")).slug == "bf16-unsupported-gpu"


@pytest.mark.parametrize("text", [
    corpus("3994-"),  # tloen/alpaca-lora#218: five ranks in a Kubernetes pod
    # OpenRLHF's docs on the same failure in a Slurm job ("the size of shared memory is not enough")
    "finetune.py FAILED\nRoot Cause (first observed failure):\n[0]:\n  rank      : 4 (local_rank: 4)\n"
    "  exitcode  : -7 (pid: 10)\n  error_file: <N/A>\n  traceback : Signal 7 (SIGBUS) received by PID 10",
])
def test_a_torchrun_rank_killed_by_sigbus_points_at_shared_memory(text):
    found = first(text)
    assert found.slug == "shm-too-small" and "SIGBUS" in found.message


def test_a_sigbus_where_the_command_gave_shared_memory_room_is_not_blamed_on_it():
    text = ("docker run --gpus all --ipc=host trainer torchrun --nproc_per_node 4 train.py\n"
            "  traceback : Signal 7 (SIGBUS) received by PID 10")
    assert "shm-too-small" not in paste_slugs(text, diagnosed_only=False)


@pytest.mark.parametrize("text, needs", [
    (corpus("3929-"), "12.2"),  # NVIDIA-ISAAC-ROS/isaac_ros_common#126: Isaac ROS 3 on JetPack 5.1.2
    # dusty-nv/jetson-containers#1459: an SGLang image on an Orin
    ("Build on Jetson Orin AGX (SM 87)\nThere was this error from docker runtime:\nfailed to create task for container: "
     "failed to create shim task: OCI runtime create failed: failed to create NVIDIA Container Runtime: failed to "
     "construct OCI spec modifier: requirements not met: unsatisfied condition: cuda>=12.9 (cuda=12.6): unknown",
     "12.9"),
])
def test_a_jetson_image_needing_a_newer_cuda_than_the_jetpack_installed(text, needs):
    found = first(text)
    assert found.slug == "l4t-container-host-mismatch" and f"CUDA {needs}" in found.message


def test_the_same_requirement_off_a_jetson_is_the_drivers():
    # corpus 463: vLLM's image needs CUDA 12.4 on a PC whose driver runs 12.2
    assert first(corpus("463-")).slug == "driver-too-old"


def test_a_cuda_the_report_tried_is_not_taken_for_the_jetsons():
    # 3929's sentences with nvidia-container-cli's older wording of the requirement (gpu-jupyter#24's), which does not
    # give the host's CUDA: the CUDA 12.2 the reporter tried to install is not what the Jetson has
    text = ("I have Jetpack 5.1.2 installed.\nnvidia-container-cli: requirement error: unsatisfied condition: "
            "cuda>=12.2, please update your driver to a newer version, or use an earlier cuda container\n"
            "I get the same error even after trying to upgrade my Jetson to CUDA12.2.")
    found = first(text)
    assert found.slug == "l4t-container-host-mismatch" and "this Jetson has an older CUDA" in found.message
