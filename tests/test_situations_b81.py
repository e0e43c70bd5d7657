"""Situations met in session 94, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("23205"),  # a lone "Killed" and make's Error 137 on a Jetson Orin Nano building onnxruntime
    corpus("23207"),  # "Error 137 (SIGKILL/OOM) while compiling onnxruntime_providers_cuda"
    # PyTorch built from source, as a build guide quotes nvcc's own words
    "nvcc error   : 'cicc' died due to signal 9 (Kill signal)\n[6443/7088] Building CUDA object "
    "caffe2/CMakeFiles/torch_cuda.dir/__/aten/src/ATen/native/transformers/cuda/flash_attn/kernels/flash_fwd.cu.o",
    # an R package's check log: gcc's newer wording, make's Error 1 after it
    "g++: fatal error: Killed signal terminated program cc1plus\ncompilation terminated.\n"
    "make: *** [/usr/local/lib/R/etc/Makeconf:199: gllvm.o] Error 1\nERROR: compilation failed for package 'gllvm'",
    # cpp-ethereum's CMake build: gcc 7's older wording
    "[ 64%] Building CXX object libethereum/CMakeFiles/ethereum.dir/BlockChain.cpp.o\n"
    "c++: internal compiler error: Killed (program cc1plus)\nPlease submit a full bug report,",
])
def test_a_compiler_killed_during_a_build_is_host_memory(text):
    found = first(text)
    assert found.slug == "build-killed-out-of-host-memory" and found.confidence == "confirmed"
    assert any("MAX_JOBS" in step for step in found.fix)


def test_a_jetson_build_is_told_to_swap_on_nvme():
    assert any("nvzramconfig" in step for step in first(corpus("23205")).fix)


def test_the_build_memory_in_words_is_likely():
    """Corpus 23206: flash-attention's build "uses a lot of RAM", no kill line pasted."""
    found = first(corpus("23206"))
    assert found.slug == "build-killed-out-of-host-memory" and found.confidence == "likely"


@pytest.mark.parametrize("text", [
    corpus("18254"),  # a quantisation script killed under WSL: a process killed while running, not compiling
    # constructed: a training container killed for its memory limit, no build in sight
    "$ docker run --gpus all --memory 8g trainer python train.py\nEpoch 1/10\nKilled\n"
    "The container exited with exit code: 137",
])
def test_a_process_killed_while_running_is_not_a_build(text):
    assert "build-killed-out-of-host-memory" not in paste_slugs(text)


@pytest.mark.parametrize("text, cc", [
    (corpus("23100"), "9.0"),  # Nunchaku's AWQ GEMV kernel on an H800: Hopper has no INT4 tensor-core path
    (corpus("23101"), "6.1"),  # its misc kernels on two GTX 1080 Ti, the cards named against Chinese text
])
def test_nunchaku_without_an_image_on_a_gpu_without_4bit_tensor_cores(text, cc):
    found = first(text)
    assert found.slug == "quantization-unsupported-gpu" and found.evidence["compute_capability"] == cc
    assert "extension-built-for-other-gpu-arch" not in paste_slugs(text)


def test_nunchaku_without_an_image_on_a_gpu_it_builds_for_is_a_build_left_short():
    """Constructed: an RTX 3090 (8.6) has 4-bit tensor cores, so a missing image there is the build's, not the GPU's."""
    text = ("CUDA error: no kernel image is available for execution on the device (at /nunchaku/src/kernels/awq/"
            "gemv_awq.cu:318)\nGPU: RTX 3090")
    assert "quantization-unsupported-gpu" not in paste_slugs(text)


@pytest.mark.parametrize("text, name", [
    ("作者您好，我有两张1080ti的显卡，一直在用。", "1080 ti"),  # ComfyUI-nunchaku#92
    ("我的显卡是3090，驱动版本 535", "3090"),  # constructed: "my graphics card is a 3090"
])
def test_a_bare_model_against_chinese_text_is_a_gpu(text, name):
    from envcheck.importers import from_text

    assert [g.name.lower() for g in from_text(text, "paste.txt").gpus.devices] == [name]


@pytest.mark.parametrize("text, driver", [
    ("The currently installed CUDA driver is version 550.54.15 supporting CUDA Toolkit 12.4.", "550.54.15"),  # 22804
    # corpus 968: a TensorRT-LLM image on a cloud cluster
    ("but my image runs in a cloud cluster, and the cluster GPU driver is version 470.82. When compiling", "470.82"),
])
def test_a_driver_said_to_be_a_version(text, driver):
    from envcheck.importers import from_text

    assert from_text(text, "paste.txt").gpus.driver_version == driver


@pytest.mark.parametrize("text, cuda", [
    # googlecolab/colabtools#5416: the driver's CUDA, then the toolkit installed, in one line
    ("The currently installed CUDA driver is version 550.54.15 supporting CUDA Toolkit 12.4. However, the installed "
     "CUDA Toolkit is version 12.5 which is incompatible with the driver.", "12.5"),
    # constructed: the requirement first, then what the machine has
    ("This wheel requires CUDA 12.1. I have CUDA 11.8 installed.", "11.8"),
    # constructed: only the requirement, nothing stated of the host
    ("This wheel requires CUDA 12.1. Please help.", ""),
])
def test_the_hosts_cuda_is_read_from_the_sentence_that_states_it(text, cuda):
    from envcheck.importers import from_text

    assert from_text(text, "paste.txt").cuda.stated_version == cuda


def test_a_kernel_compiled_by_a_toolkit_newer_than_the_driver_needs_ptx_jit():
    """Corpus 22804: nvcc 12.5 on Colab's driver 550 (CUDA 12.4), "nvcc hello.cu -o hello" with no architecture."""
    found = first(corpus("22804"))
    assert found.slug == "driver-too-old" and "12.5" in found.message


def test_a_kernel_compiled_for_the_gpus_own_architecture_runs_through_minor_version_compatibility():
    """Constructed: the same toolkit and driver, the kernel compiled with -arch=sm_75 for the T4."""
    text = ("The currently installed CUDA driver is version 550.54.15 supporting CUDA Toolkit 12.4. However, the "
            "installed CUDA Toolkit is version 12.5.\n$ nvcc -arch=sm_75 hello.cu -o hello")
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("23701"),  # H100 CI nodes with the fabric manager down: CUDA error 401
    # a PyTorch bug report on RHEL 10 with NCCL 2.29.7: CUDA error 2
    "ncclUnhandledCudaError: Call to CUDA function failed.\nFailed to bind NVLink SHARP (NVLS) Multicast memory of "
    "size 2097152 : CUDA error 2 'out of memory'.\nThis is usually caused by a system or configuration error in the "
    "Fabric Manager or NVSwitches.\nDisable NVLS (NCCL_NVLS_ENABLE=0) if you wish to avoid this error in the future.",
    # a training setup's notes on 8 H100s: CUDA error 1
    "Failed to bind NVLink SHARP (NVLS) Multicast memory: CUDA error 1 'invalid argument'",
])
def test_nccl_failing_to_bind_nvls_multicast_is_the_fabric_manager(text):
    found = first(text)
    assert found.slug == "fabric-manager-not-running" and "NVLS" in found.message
    assert any("NCCL_NVLS_ENABLE=0" in step for step in found.fix)


@pytest.mark.parametrize("text", [
    corpus("23554"),  # TalkTrack's issue quoting CTranslate2 in short on a GTX 1080
    # a README's troubleshooting entry, cut after the format
    "**Requested float16 compute type, but the target device does not support efficient float16**",
])
def test_ctranslate2_refusing_float16_in_short(text):
    found = first(text)
    assert found.slug == "quantization-unsupported-gpu" and "float16" in found.message


def test_ctranslate2_converting_an_inferred_type_is_not_a_refusal():
    """Corpus 1590: CTranslate2's warning that it converted a float16 model, before a GTX 950's missing kernels."""
    assert "quantization-unsupported-gpu" not in paste_slugs(corpus("1590"), diagnosed_only=True)


@pytest.mark.parametrize("text, cc", [
    (corpus("23406"), ""),  # koharu on a compute capability 7.5 GPU
    # constructed: the same words with the GPU named
    ("GPU: GTX 1080\nGPU compute capability 6.1 is below the minimum required 8.0; falling back to CPU.", "6.1"),
])
def test_a_program_saying_the_gpu_is_below_its_floor(text, cc):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and found.evidence["needs"] == "8.0"
    assert found.evidence.get("compute_capability", "") == cc


@pytest.mark.parametrize("text", [
    corpus("23500"),  # a PyAV wheel's FFmpeg on drivers 551-561
    # an ASR service's notes: FFmpeg with its first line, NVENC API 11.1 against 11.0
    "[h264_nvenc @ 000001c6a13a7f80] Driver does not support the required nvenc API version. Required: 11.1 Found: "
    "11.0\n[h264_nvenc @ 000001c6a13a7f80] The minimum required Nvidia driver for nvenc is (unknown) or newer",
])
def test_ffmpeg_not_knowing_the_minimum_driver(text):
    found = first(text)
    assert found.slug == "driver-too-old-for-nvenc-api" and "(unknown)" not in found.message


def test_ffmpeg_unknown_minimum_after_a_library_that_did_not_load_is_not_the_api():
    """A test fixture of a video tool: the encode library missing (no driver in the container), then the same line."""
    text = ("[h264_nvenc @ 0x5da0f1695840] Cannot load libnvidia-encode.so.1\n[h264_nvenc @ 0x5da0f1695840] The "
            "minimum required Nvidia driver for nvenc is (unknown) or newer")
    assert "driver-too-old-for-nvenc-api" not in paste_slugs(text)


@pytest.mark.parametrize("text", [corpus("24052"), corpus("24053")])
def test_a_notebook_asserting_an_older_torch_than_the_runtime_has(text):
    found = first(text)
    assert found.slug == "framework-plugin-mismatch" and "asserts torch" in found.message


def test_a_notebook_asserting_the_torch_the_runtime_has_is_no_finding():
    """Constructed: the assert holds (torch 1.5.1 installed, no AssertionError)."""
    text = ('import torch\nassert torch.__version__.startswith("1.5")\ntorch==1.5.1\n'
            "!pip install detectron2==0.2 -f "
            "https://dl.fbaipublicfiles.com/detectron2/wheels/cu101/torch1.5/index.html")
    assert "framework-plugin-mismatch" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("23950"),  # pixi and a CUDA jaxlib, with no cuda in [system-requirements]
    # a cluster's notes: pixi and an XGBoost GPU build
    "py-xgboost-gpu >=2.1.4,<4 cannot be installed because there are no viable options:\npy-xgboost-gpu 2.1.4 would "
    "require __cuda *, for which no candidates were found.",
])
def test_a_rattler_solver_finding_no_cuda_virtual_package(text):
    assert first(text).slug == "conda-cuda-virtual-package-missing"


@pytest.mark.parametrize("text", [
    corpus("23953"),  # Isaac Gym's gymtorch built by Ubuntu 24.04's gcc, the library's path left out as "…/"
    # constructed: the path left out entirely, the environment named by its activation
    "$ conda activate sim\nImportError: libstdc++.so.6: version `GLIBCXX_3.4.32' not found (required by "
    "/home/me/.cache/torch_extensions/py38_cu121/gymtorch/gymtorch.so)",
])
def test_a_conda_environments_libstdcxx_with_its_path_left_out(text):
    assert first(text).slug == "conda-env-libstdcxx-too-old-for-extension"


def test_the_systems_libstdcxx_named_by_its_path_is_not_the_environments():
    """Constructed: the loader names the system's copy, in a conda environment: the system's is the old one."""
    text = ("$ conda activate sim\nImportError: /usr/lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.32' not "
            "found (required by /opt/app/libfoo.so)")
    assert "conda-env-libstdcxx-too-old-for-extension" not in paste_slugs(text)
