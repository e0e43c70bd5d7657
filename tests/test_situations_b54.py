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
    corpus("7375-"),  # JeanLucPons/Kangaroo#84: "I run kangaroo in window 10 with AMD radeon rx 580 Graphic Card"
    # ROCm's ISA name alone before the marketing name, as a notes file wrote it: since session 88 the ISA name also
    # says ROCm is there, and GPU023 (a CUDA build on a ROCm machine) comes first
    f"{ERROR_35}\nGPU: gfx1100 (AMD Radeon Graphics, single GPU)",
])
def test_an_amd_gpu_named_by_its_isa_or_run_with_a_radeon_card_means_no_nvidia_gpu(text):
    assert "no-nvidia-gpu" in paste_slugs(text)


def test_a_radeon_card_beside_a_named_nvidia_gpu_is_not_read_as_no_nvidia_gpu():
    text = f"{ERROR_35}\nI run it on Windows 10 with AMD Radeon RX 580 for the display and an RTX 3060 for CUDA"
    assert "no-nvidia-gpu" not in paste_slugs(text)


@pytest.mark.parametrize("text, needs", [
    # nicehash/nheqminer#319: the reporter retelling the solver's check, beside a Tesla K40c (3.5)
    (corpus("7094-"), "5.0"),
    # the message as nheqminer's djezo and tromp solvers throw it, beside a GTX 680 (3.0)
    ("terminate called after throwing an instance of 'std::runtime_error'\n"
     "  what():  Only CUDA devices with SM 5.0 and higher are supported.\nGPU: GeForce GTX 680", "5.0"),
])
def test_a_miner_accepting_only_devices_from_one_sm_up_is_a_gpu_below_its_floor(text, needs):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and found.evidence["needs"] == needs


def test_a_gpu_at_the_miners_floor_is_not_read_as_below_it():
    text = "Only CUDA devices with SM 5.0 and higher are supported.\nGPU: GeForce GTX 1080"
    assert "gpu-arch-unsupported" not in paste_slugs(text)


@pytest.mark.parametrize("text, sm", [
    (corpus("7355-"), "sm75"),  # kijai/ComfyUI-WanVideoWrapper#717: SageAttention on an RTX 2080
    # the dispatcher's ValueError on a Tesla T4, as a pre-Ampere patch note quotes it
    ("ValueError: Unsupported CUDA architecture: sm75\nGPU: Tesla T4", "sm75"),
])
def test_a_kernel_dispatcher_refusing_a_pre_ampere_architecture_is_a_gpu_too_old(text, sm):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and found.evidence["architecture"] == sm


def test_a_dispatcher_refusing_a_newer_architecture_is_not_read_as_a_gpu_too_old():
    # SageAttention 2.2 on a B200 and on GB10: "Unsupported CUDA architecture: sm100" / "sm121"
    for sm in ("sm100", "sm121"):
        text = f"ValueError: Unsupported CUDA architecture: {sm}"
        assert "gpu-arch-unsupported" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("7092-"),  # fireice-uk/xmr-stak#1413: driver 350.12 under a CUDA build
    "[2018-01-05 10:02:11] : Mining coin: monero7\nWARNING: NVIDIA Insufficient driver!\nWARNING: backend NVIDIA disabled.",
])
def test_xmr_stak_naming_the_insufficient_driver_error_is_a_driver_too_old(text):
    assert first(text).slug == "driver-too-old"


def test_an_images_newer_forward_compatibility_libcuda_on_a_coherent_host_is_a_driver_too_old():
    # google-deepmind/alphafold3#352: XLA reads libcuda 560.28.3 under kernel module 535.183.6, nvidia-smi says 535
    found = first(corpus("7391-"))
    assert found.slug == "driver-too-old"
    assert found.evidence["dso_version (CUDA diagnostics)"] == "560.28.3"
    assert "driver-library-mismatch" not in paste_slugs(corpus("7391-"))


def test_a_newer_libcuda_without_the_hosts_own_version_is_still_a_half_upgraded_driver():
    # no nvidia-smi: the host's own driver may be the half-upgraded one
    text = "kernel version 535.183.6 does not match DSO version 560.28.3 -- cannot find working devices"
    assert first(text).slug == "driver-library-mismatch"


def test_an_older_libcuda_than_the_hosts_driver_is_not_read_as_a_forward_compatibility_library():
    # jax-ml/jax#11133 (corpus 932): kernel 515.48.7, libcuda 510.73.5
    assert first(corpus("932-")).slug == "driver-library-mismatch"


def test_triton_without_triton_common_under_an_older_torchs_inductor_is_a_triton_newer_than_torch():
    # fishaudio/fish-speech#541: torch 2.3's Inductor imports triton.common, which Triton 3 removed
    found = first(corpus("7196-"))
    assert found.slug == "framework-plugin-mismatch" and "triton.common" in found.message


def test_triton_missing_altogether_is_not_read_as_a_triton_too_new():
    # unslothai/unsloth (corpus 942): Windows with no Triton at all prints both
    assert "framework-plugin-mismatch" not in paste_slugs(corpus("942-"))
