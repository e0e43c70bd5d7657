"""Situations met in session 56 (batch 42's leftovers and batch 43), each read in general and tried on at least two
real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("3871-"),  # kaldi-asr/kaldi#2624: nnet3-chain-train 5.4, two GPUs, settled by --use-gpu=wait
    # lifeiteng/FasterDNN#1: nnet-forward of Kaldi 5.5, four GPUs
    "LOG (nnet-forward[5.5.1056~1-f6f4c]:SelectGpuId():cu-device.cc:206) num-gpus=4. Device 0: all CUDA-capable "
    "devices are busy or unavailable.  Device 1: all CUDA-capable devices are busy or unavailable.  Device 2: all "
    "CUDA-capable devices are busy or unavailable.  Device 3: all CUDA-capable devices are busy or unavailable.\n"
    "ERROR (nnet-forward[5.5.1056~1-f6f4c]:SelectGpuId():cu-device.cc:207) Failed to create CUDA context, no more "
    "unused GPUs?",
])
def test_kaldi_finding_every_gpu_taken_reads_as_exclusive_mode(text):
    found = first(text)
    assert found.slug == "gpu-held-by-stale-process" and "Kaldi" in found.message
    assert any("--use-gpu=wait" in step for step in found.fix)


def test_kaldi_line_after_gpus_shown_in_default_mode_is_not_exclusive_mode():
    # the table rows of kaldi-asr/kaldi#3479 (two K20Xm in Default mode) with Kaldi's refusal lines
    text = ("|   0  Tesla K20Xm         On   | 00000000:02:00.0 Off |                    0 |\n"
            "| N/A   25C    P8    29W / 235W |      0MiB /  5700MiB |      0%      Default |\n"
            "LOG (nnet3-chain-train[5.4]:SelectGpuId():cu-device.cc:159) num-gpus=2. Device 0: all CUDA-capable "
            "devices are busy or unavailable.\n"
            "ERROR (nnet3-chain-train[5.4]:SelectGpuId():cu-device.cc:160) Failed to create CUDA context, no more "
            "unused GPUs?")
    assert "gpu-held-by-stale-process" not in paste_slugs(text)


def test_kaldi_line_alone_is_not_read_as_exclusive_mode():
    # Kaldi's refusal also follows other failures of context creation (its log then names another error for each
    # device): the line of kaldi-asr/kaldi#2624 without error 46 leaves the mode unread
    text = ("ERROR (nnet3-chain-train[5.4]:SelectGpuId():cu-device.cc:160) Failed to create CUDA context, no more "
            "unused GPUs?")
    assert "gpu-held-by-stale-process" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    # the string of cudaErrorDevicesUnavailable in newer CUDA releases (CUDA 13.0's libcudart), with the compute mode:
    # warpem/warp#495 (corpus 3857) and the GPU rows of jade-hpc-gpu/jade-hpc-gpu.github.io#73
    corpus("3857-").split("...")[0] +
    "\n| N/A   66C    P0   253W / 300W |   9000MiB / 16152MiB |     98%   E. Process |",
    "RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable\n"  # AILab-CVC/YOLO-World#385 title
    "| N/A   66C    P0   202W / 300W |  13968MiB / 16152MiB |    100%   E. Process |",
])
def test_the_newer_wording_of_error_46_is_read(text):
    assert first(text).slug == "gpu-held-by-stale-process"


@pytest.mark.parametrize("text", [
    # jvdillon/netv#42: "compiled against NVENC API 13, which requires NVIDIA driver ≥ 570", with driver 550
    corpus("3914-"),
    # a project's notes on its FFmpeg builds (found by find_string): "Master and 9.0 need NVIDIA driver 610+ (NVENC API
    # 13.1) ... driver 591.86"
    "- **FFmpeg is the oldest BtbN release branch, never master.** Master and 9.0 need NVIDIA driver 610+ (NVENC API "
    "13.1); 8.1 works on 591-era drivers. Checked on an RTX 2070 SUPER, driver 591.86.",
])
def test_an_nvenc_driver_floor_in_prose_is_judged_against_the_driver(text):
    found = first(text)
    assert found.slug == "driver-too-old-for-nvenc-api" and "stated in prose" in str(found.evidence)


def test_an_nvenc_driver_floor_the_driver_meets_is_not_a_finding():
    # the sentence of jvdillon/netv#42 with a driver 575 header from the corpus
    text = ("| NVIDIA-SMI 575.64.03              Driver Version: 575.64.03      CUDA Version: 12.9   |\n"
            "Recent neTV images appear to ship FFmpeg builds compiled against NVENC API 13, which requires NVIDIA "
            "driver ≥ 570.")
    assert "driver-too-old-for-nvenc-api" not in paste_slugs(text)



@pytest.mark.parametrize("text, ptxas", [
    # jax-ml/jax#19821: jaxlib 0.4.24 on driver 535.154.05
    ("2024-02-15 14:18:20.201828: W external/xla/xla/service/gpu/nvptx_compiler.cc:744] The NVIDIA driver's CUDA "
     "version is 12.2 which is older than the ptxas CUDA version (12.3.107). Because the driver is older than the "
     "ptxas version, XLA is disabling parallel compilation, which may slow down compilation. You should update your "
     "NVIDIA driver or use the NVIDIA-provided CUDA forward compatibility packages.\n"
     "| NVIDIA-SMI 535.154.05             Driver Version: 535.154.05   CUDA Version: 12.2     |", "12.3"),
    # jax-ml/jax#20133: newer XLA's wording, on driver 550.78
    ("The NVIDIA driver's CUDA version is 12.4 which is older than the PTX compiler version (12.6.20). Because the "
     "driver is older than the PTX compiler version, XLA is disabling parallel compilation, which may slow down "
     "compilation. You should update your NVIDIA driver or use the NVIDIA-provided CUDA forward compatibility "
     "packages.\nNVIDIA-SMI 550.78                 Driver Version: 550.78         CUDA Version: 12.4", "12.6"),
])
def test_xla_ptxas_newer_than_the_driver_is_a_warning_with_the_driver_it_needs(text, ptxas):
    found = first(text)
    assert found.slug == "ptxas-newer-than-driver" and found.severity == "warning"
    assert found.evidence["ptxas_cuda"] == ptxas and found.evidence["minimum_driver"] != "not in the matrix"


def test_xla_warning_of_a_ptxas_too_old_is_not_this_finding():
    # jax-ml/jax#10083: the opposite warning, a ptxas older than XLA wants
    text = ("W external/org_tensorflow/tensorflow/stream_executor/gpu/asm_compiler.cc:111] *** WARNING *** You are "
            "using ptxas 9.2.148, which is older than 11.1. ptxas before 11.1 is known to miscompile XLA code, leading "
            "to incorrect results or invalid-address errors.")
    assert "ptxas-newer-than-driver" not in paste_slugs(text)


def test_paddles_cuda_error_35_is_an_insufficient_driver_whatever_words_follow():
    # PaddlePaddle/PaddleX#164 (corpus 4108): the runtime's words retyped ("CUD runtime"), the number kept, and the
    # driver in Windows' form (391.35)
    found = first(corpus("4108-"))
    assert found.slug == "driver-too-old" and found.evidence["driver"] == "391.35"


def test_paddles_cuda_error_35_in_its_own_words():
    # a deployment note (found by find_string): Paddle's message whole
    text = "OSError: (External)  Cuda error(35), CUDA driver version is insufficient for CUDA runtime version."
    assert first(text).slug == "driver-too-old"


def test_cuda_error_no_device_by_its_name_on_a_machine_said_to_have_no_gpu():
    # JuliaGPU/CUDA.jl#1952 (corpus 4094): "CUDA error (code 100, CUDA_ERROR_NO_DEVICE)" on "a AArch64 instance with
    # no GPU"
    assert first(corpus("4094-")).slug == "no-nvidia-gpu"


def test_cuda_error_no_device_with_the_gpus_hidden_is_the_hiding():
    # numba/numba#5793: the reporter's script set CUDA_VISIBLE_DEVICES to -1, then Numba's cuInit failed
    text = ('os.environ["CUDA_VISIBLE_DEVICES"]="-1"\nnumba.cuda.cudadrv.error.CudaSupportError: Error at driver init: '
            '\n[100] Call to cuInit results in CUDA_ERROR_NO_DEVICE:')
    assert first(text).slug == "cuda-visible-devices-invalid"
