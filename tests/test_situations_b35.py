"""Situations met in session 48, each read in general and tried on at least two real wordings."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import corpus_paste as corpus, paste_findings

# Programs' own words for running without the GPU, printed as warnings; each from a real report. (JAX's "No GPU/TPU
# found, falling back to CPU" was one; since session 85 it reads as a CPU-only jaxlib, tests/test_situations_b72.py.)
GPU_UNUSED_WORDINGS = (
    "No GPU being used. Careful, inference might be very slow!",  # suno-ai/bark (corpus 1649, 1941)
    "/usr/lib/python3/site-packages/whisper/transcribe.py:114: UserWarning: FP16 is not supported on CPU; "
    "using FP32 instead",  # openai-whisper (corpus 620)
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


def test_ngc_image_naming_a_driver_branch_alone():
    # Triton Inference Server 19.02 (corpus 2171): "Release 410 or later", wrapped before the host's version
    found = paste_findings(corpus("2171-"))[0]
    assert found.slug == "driver-too-old"
    assert found.evidence["image_needs_driver"] == "410" and found.evidence["driver"] == "396.26"
    assert found.evidence["cuda_of_needed_driver"].startswith("10.0")  # branch 410 is CUDA 10.0's, not 9.2's


def test_ngc_driver_check_with_the_line_break_lost():
    # hiyouga/LlamaFactory#5962: the wrap between "but" and "version" lost with its space
    found = paste_findings("This container was built for NVIDIA Driver Release 545.23 or later, butversion 535.104.05 "
                           "was detected and compatibility mode is UNAVAILABLE")[0]
    assert found.slug == "driver-too-old" and found.evidence["driver"] == "535.104.05"
    assert found.evidence["image_needs_driver"] == "545.23"


def test_nvidia_smi_header_with_two_releases_of_one_branch():
    # PaddlePaddle/Paddle#18602 (corpus 2197): settled by reinstalling 410.104 whole
    found = paste_findings(corpus("2197-"))[0]
    assert found.slug == "driver-library-mismatch"
    assert (found.evidence["nvidia_smi"], found.evidence["driver"]) == ("410.48", "410.104")
    # nvidia-smi's own words for it (Bruce-Lee-LY/cuda_hook#15)
    found = paste_findings("Mismatch in versions between nvidia-smi and NVML.\n"
                           "Are you sure you are using nvidia-smi provided with the driver?")[0]
    assert found.slug == "driver-library-mismatch" and "another release than its own" in found.message


def test_a_mismatched_header_ranks_after_the_error_of_the_report():
    # faster-whisper on driver 470 (corpus 1469): the header's two releases are real, the CUDA 12 libraries on a CUDA
    # 11 driver come first
    slugs = [f.slug for f in paste_findings(corpus("1469-"))]
    assert slugs[0] != "driver-library-mismatch" and "driver-library-mismatch" in slugs


@pytest.mark.parametrize("sample", ("20-wsl-rtx3070-smi530-drv531.txt", "68-wsl-545-cuda-err-rtx3060-truncated.txt"))
def test_wsl_headers_name_the_windows_driver_and_are_no_mismatch(sample):
    text = (Path(__file__).parent / "data" / "nvidia-smi-samples" / sample).read_text()
    assert "driver-library-mismatch" not in [f.slug for f in paste_findings(text)]


def test_insufficient_driver_by_its_number():
    # OE4T/meta-tegra (corpus 2259): a TX2 image with CUDA 9.0 libraries over the BSP's CUDA 8 libcuda
    assert paste_findings(corpus("2259-"))[0].slug == "driver-too-old"
    # ggml's wording of the same result
    found = paste_findings("ggml_cuda_init: cudaGetDeviceCount returned 35")[0]
    assert found.slug == "driver-too-old"
    # another code is not this error
    assert "driver-too-old" not in [f.slug for f in paste_findings("ggml_cuda_init: cudaGetDeviceCount returned 350")]


def test_legacy_refusal_cut_after_its_first_line():
    # charmed-kubernetes docs#646 (corpus 2243): a Tesla K80 on a 510 driver, the NVRM message cut
    found = paste_findings(corpus("2243-"))[0]
    assert found.slug == "driver-does-not-support-gpu" and found.evidence["legacy_branch"] == "470.xx"
    found = paste_findings("[  12.1] NVRM: The NVIDIA GeForce GTX 680 GPU installed in this system is\n"
                           "nvidia-smi: NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA "
                           "driver.")[0]
    assert found.slug == "driver-does-not-support-gpu" and found.evidence["gpu"] == "GeForce GTX 680"
    # a GPU with no legacy branch is refused for another reason (open modules only): not read as legacy
    slugs = [f.slug for f in paste_findings("NVRM: The NVIDIA GeForce RTX 5090 GPU installed in this system is")]
    assert "driver-does-not-support-gpu" not in slugs


BATON_TRACEBACK = '''Using /root/.cache/torch_extensions/py38_cu117 as PyTorch extensions root...
^CTraceback (most recent call last):
  File "/root/miniconda3/envs/nsr/lib/python3.8/site-packages/torch/utils/cpp_extension.py", line 1523, in _jit_compile
    baton.wait()
  File "/root/miniconda3/envs/nsr/lib/python3.8/site-packages/torch/utils/file_baton.py", line 42, in wait
    time.sleep(self.wait_seconds)
KeyboardInterrupt'''


def test_extension_build_waiting_on_a_stale_lock():
    # NVlabs/nvdiffrec#39 (corpus 2187): nvdiffrec names the lock on Windows
    found = paste_findings(corpus("2187-"))[0]
    assert found.slug == "torch-extension-build-lock-stale"
    assert found.fix[0].startswith('del "C:\\Users\\AppData\\Local\\torch_extensions')
    assert found.fix[0].endswith('lock"')
    # a hashgrid encoder's JIT build stopped with Ctrl+C (a user's notes on GitHub): the wait in the traceback
    found = paste_findings(BATON_TRACEBACK)[0]
    assert found.slug == "torch-extension-build-lock-stale"
    assert found.evidence["extensions_root"] == "/root/.cache/torch_extensions/py38_cu117"
    assert found.fix[0].startswith("rm -rf '/root/.cache/torch_extensions/py38_cu117'/<extension>")
    # nerfstudio's log, the frame wrapped after "in"
    wrapped = ('  File "/home/h/anaconda3/envs/ns/lib/python3.8/site-packages/torch/utils/file_baton.py", '
               'line 42, in \n'
               'wait\n    time.sleep(self.wait_seconds)\nKeyboardInterrupt')
    assert paste_findings(wrapped)[0].slug == "torch-extension-build-lock-stale"


def test_a_lock_that_could_not_be_created_is_not_a_stale_one():
    # AITER's tuned-config lock in a root-owned directory: the baton failed to take it, nothing waits
    text = ('  File "/app/aiter/jit/utils/file_baton.py", line 51, in try_acquire\n'
            '    self.fd = os.open(self.lock_file_path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)\n'
            "PermissionError: [Errno 13] Permission denied: '/tmp/aiter_configs/bf16_tuned_gemm.csv.lock'")
    assert "torch-extension-build-lock-stale" not in [f.slug for f in paste_findings(text)]


def test_a_compiler_missing_a_cuda_header():
    # NVIDIA/apex#1591 (corpus 2185): conda's cuda-nvcc without cuda-cudart-dev
    found = paste_findings(corpus("2185-"))[0]
    assert found.slug == "cuda-toolkit-component-missing"
    assert found.evidence["cuda_installation"] == "/home/wpp/anaconda3/envs/RK-Net"
    assert found.fix[0].startswith("conda install -p /home/wpp/anaconda3/envs/RK-Net -c nvidia cuda-cudart-dev=11.3")
    # vlfeat/matconvnet#1107: the full-width colons of a Chinese locale
    found = paste_findings("cc1plus: Fatal error： cuda_runtime.h：No such file or directory\nCompile interrupt.")[0]
    assert found.slug == "cuda-toolkit-component-missing" and found.evidence["observed"].startswith("cuda_runtime.h")
    # NVIDIA/MinkowskiEngine#223: torch's header includes cuda_runtime_api.h; conda's cudatoolkit has no headers
    found = paste_findings("/home/n/anaconda3/envs/3DMR/lib/python3.6/site-packages/torch/include/ATen/cuda/"
                           "CUDAContext.h:5:10: fatal error: cuda_runtime_api.h: No such file or directory")[0]
    assert found.slug == "cuda-toolkit-component-missing"
    assert any("CPATH" in step for step in found.fix)  # no conda nvcc in the paste: the include path to check


def test_a_missing_header_of_another_library_is_not_cudas():
    text = "fatal error: cudnn.h: No such file or directory\ncompilation terminated."
    assert "cuda-toolkit-component-missing" not in [f.slug for f in paste_findings(text)]


def test_a_bare_bus_error_in_a_container_is_likely_shm():
    # NVIDIA/Megatron-LM#316 (corpus 2192): the NGC PyTorch image, settled by a larger --shm-size
    found = paste_findings(corpus("2192-"))[0]
    assert found.slug == "shm-too-small" and found.confidence == "likely"
    text = ("$ docker run --gpus all -it -v $PWD:/ws nvcr.io/nvidia/pytorch:23.10-py3 python train.py\n"
            "Epoch 0:   3%|▎         | 12/400\nBus error (core dumped)")
    assert paste_findings(text)[0].slug == "shm-too-small"
    # the container was given room: something else
    roomy = text.replace("--gpus all", "--gpus all --shm-size=16g")
    assert "shm-too-small" not in [f.slug for f in paste_findings(roomy)]
    # a bus error on a host names no container
    assert "shm-too-small" not in [f.slug for f in paste_findings("$ python train.py\nBus error (core dumped)")]


def test_an_extensions_own_kernel_without_code_for_the_gpu():
    # NVIDIAGameWorks/kaolin#94 (corpus 2239): built on one GPU type, run on others
    found = paste_findings(corpus("2239-"))[0]
    assert found.slug == "extension-built-for-other-gpu-arch"
    assert found.evidence["kernel_source"] == "kaolin/cuda/furthest_point_sampling_cuda.cu"
    # pointnet2_ops built with TORCH_CUDA_ARCH_LIST=9.0 and run on an sm_86 GPU (a user's migration notes on GitHub)
    found = paste_findings("E  RuntimeError: CUDA kernel failed : no kernel image is available for execution on the "
                           "device\nE  void furthest_point_sampling_kernel_wrapper(...) at L:228 in "
                           ".../sampling_gpu.cu\n"
                           "GPU 0: NVIDIA GeForce RTX 3080 (UUID: GPU-5b8e5e7c-2c4a-8a9e-1f7d-3a1e0c9b7d21)")[0]
    assert found.slug == "extension-built-for-other-gpu-arch" and found.evidence["compute_capability"] == "8.6"
    assert 'TORCH_CUDA_ARCH_LIST="8.6"' in found.fix[1]


def test_pytorchs_own_kernel_without_code_is_not_an_extensions():
    text = ("RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
            "GPU 0: NVIDIA GeForce RTX 5090")
    assert "extension-built-for-other-gpu-arch" not in [f.slug for f in paste_findings(text)]
