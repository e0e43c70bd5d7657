"""Situations met in session 51, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("3118-"),  # open-mmlab/mmdetection#4291: mmcv-full's _ext built for another torch (a type's typeinfo)
    # a C++ extension loaded without its torch symbols, as a build note quotes the loader (found by find_string)
    "ImportError: /opt/ext/espresso_core.so: undefined symbol: _ZTIN3c105ErrorE",
])
def test_an_extension_missing_torchs_type_information(text):
    assert first(text).slug == "framework-plugin-mismatch"


def test_torchs_own_library_missing_a_symbol_is_not_an_extensions_mismatch():
    text = "OSError: /usr/lib/python3/dist-packages/torch/lib/libtorch_cuda.so: undefined symbol: _ZTIN3c105ErrorE"
    assert "framework-plugin-mismatch" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, gpu, needs", [
    (corpus("3060-"), "A100", "8.9"),  # NVIDIA/TensorRT-LLM#1428: an FP8 engine built on an A100
    # NVIDIA/Model-Optimizer#70: trtexec building an FP8 Q/DQ network on an RTX A6000 (Ampere)
    ("[09/11/2024-21:49:27] [E] Error[9]: IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Networks "
     "with FP8 Q/DQ layers require hardware with FP8 support.)\nGPU: NVIDIA RTX A6000", "RTX A6000", "8.9"),
    # NVIDIA/TensorRT#3157: an INT8 Q/DQ network on a P100; the message names no floor, so none is claimed
    ("[standardEngineBuilder.cpp::buildEngine::2072] Error Code 9: Internal Error (Networks with "
     "QuantizeLayer/DequantizeLayer layers require hardware with Int8 support.)\nmy GPU: Tesla P100", "P100", ""),
])
def test_tensorrt_refusing_a_precision_the_gpu_lacks(text, gpu, needs):
    found = first(text)
    assert found.slug == "quantization-unsupported-gpu" and gpu in found.message
    assert found.evidence["needs"] == needs


def test_paddles_check_for_a_capability_past_its_table():
    # PaddlePaddle/PaddleX#3613: an RTX 5090D with a Paddle build for CUDA 12.3
    found = first(corpus("2839-"))
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["compute_capability"] == "12.0"
    assert found.evidence["oldest_cuda_for_gpu"].startswith("12.8")


def test_paddles_check_below_its_tables_newest_names_no_cuda_to_move_to():
    # the same words for a capability inside the table's range but not named in it (a Jetson's 7.2) say the build
    # lacks it, not that a newer CUDA would have it
    text = ("W0101 gpu_resources.cc:106] The GPU compute capability in your current machine is 72, which is not "
            "supported by Paddle, it is recommended to install the corresponding wheel package")
    assert "oldest_cuda_for_gpu" not in first(text).evidence


def test_a_containers_host_name_places_error_804_in_a_container():
    # microsoft/onnxruntime#21435: ONNX Runtime names the host it ran on, hostname=9407c20fa6b6 (Docker's container id)
    found = first(corpus("3141-"))
    assert found.slug == "driver-too-old" and "in a container" in found.message


def _in_container(text):
    from envcheck.importers import from_text
    from envcheck.rules import Context
    from envcheck.rules.container import in_container
    from tests.conftest import shipped_matrix

    return in_container(Context(from_text(text, "p"), shipped_matrix()))


@pytest.mark.parametrize("text", [
    # ONNX Runtime's error line (corpus 1147, in NVIDIA's TensorRT image)
    "CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version ; GPU=0 ; hostname=8f2a5528ea84 ; "
    "expr=cudaSetDevice(device_id_);",
    # TensorFlow's CUDA diagnostics (corpus 862, in the tensorflow:1.4.0-devel-gpu image)
    "2017-11-03 17:57:11.181677: I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:165] hostname: 939b58c94187",
])
def test_docker_host_names_say_a_container(text):
    assert _in_container(text)


@pytest.mark.parametrize("text", [
    "cuda_diagnostics.cc:165] hostname: gpu-node-017", "hostname=workstation01",
    "hostname: deadbeefcafe",  # no digit: a word, not an id
    "hostname=0123456789abcdef",  # longer than Docker's 12 digits
])
def test_other_host_names_say_nothing_of_a_container(text):
    assert not _in_container(text)


@pytest.mark.parametrize("text, year, folder", [
    (corpus("3160-"), "", "v170"),  # abetlen/llama-cpp-python#247: the error alone
    # NVlabs/tiny-cuda-nn#164: CMake's full message, Visual Studio 2019 named
    ("-- Selecting Windows SDK version 10.0.19041.0 to target Windows 10.0.19044.\n-- The CXX compiler identification "
     "is MSVC 19.29.30139.0\nCMake Error at C:/Program Files/CMake/share/cmake-3.24/Modules/"
     "CMakeDetermineCompilerId.cmake:491 (message):\n  No CUDA toolset found.\nCall Stack (most recent call first):\n"
     "Visual Studio 2019, CUDA 11.6",
     "2019", "v160"),
])
def test_visual_studio_without_the_cuda_build_customization(text, year, folder):
    found = first(text)
    assert found.slug == "cuda-visual-studio-integration-missing"
    assert found.evidence.get("visual_studio", "") == year
    assert f"\\VC\\{folder}\\BuildCustomizations" in found.fix[0]
    assert any("Ninja" in step for step in found.fix)


@pytest.mark.parametrize("text", [
    corpus("2837-"),  # modelscope/ms-swift#2089: Qwen's model code on flash-attn without its rotary kernel
    # Baichuan2 under vLLM's benchmark (vllm-project/vllm issue): both optional kernels missing
    "Warning: import flash_attn rotary fail, please install FlashAttention rotary to get higher efficiency "
    "https://github.com/Dao-AILab/flash-attention/tree/main/csrc/rotary\nWarning: import flash_attn rms_norm fail, "
    "please install FlashAttention layer_norm to get higher efficiency "
    "https://github.com/Dao-AILab/flash-attention/tree/main/csrc/layer_norm",
])
def test_flash_attn_without_its_optional_kernels_is_a_warning(text):
    found = first(text)
    assert found.slug == "cuda-extension-not-built" and found.severity == "warning"
    assert any("csrc/rotary" in step for step in found.fix)


def test_an_error_outranks_the_optional_kernels_warning():
    text = ("Warning: import flash_attn rotary fail, please install FlashAttention rotary to get higher efficiency\n"
            "RuntimeError: CUDA error: no kernel image is available for execution on the device\nGPU: Tesla K80")
    assert first(text).slug != "cuda-extension-not-built"
