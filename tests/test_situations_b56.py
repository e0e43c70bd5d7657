"""Situations met in session 69, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("7455-"),  # Wan2GP on Windows with CUDA 13 only: ONNX Runtime's CUDA provider wants cublasLt64_12.dll
    # the same loader message as troubleshooting notes stored on GitHub quote it
    'FAIL : Error loading "onnxruntime_providers_cuda.dll" which depends on "cublasLt64_12.dll" which is missing.',
    'Error loading "...onnxruntime_providers_cuda.dll" which depends on "cublas64_12.dll" which is missing.',
])
def test_onnx_runtimes_provider_depending_on_a_missing_cuda_dll_is_the_cuda_libraries_missing(text):
    found = first(text)
    assert found.slug == "cuda-libraries-missing" and "CUDA 12" in found.message


@pytest.mark.parametrize("text", [
    # ONNX Runtime's loader for cuDNN 9, as troubleshooting notes stored on GitHub quote it
    'Error loading "onnxruntime_providers_cuda.dll" which depends on "cudnn64_9.dll" which is missing.',
    'Error loading "onnxruntime_providers_tensorrt.dll" which depends on "cudnn64_9.dll" which is missing.\n'
    "Falling back to ['CPUExecutionProvider'] and retrying.",
])
def test_onnx_runtimes_provider_depending_on_a_missing_cudnn_dll_is_cudnn_missing(text):
    found = first(text)
    assert found.slug == "cudnn-missing" and found.evidence.get("wanted_major") == "9"
    # the provider that failed to load is the GPU package's own: the CPU fallback after it is no CPU-only package
    assert "cpu-only-build" not in paste_slugs(text)


def test_a_framework_printed_version_with_its_build_tag_replaces_a_version_told_before_it():
    # Project-MONAI/MONAILabel#1844: "with pytorch 2.7.1 (cuda 118 and cuda 126)" in the report's first sentence,
    # then MONAI's print_config: "Pytorch version: 2.6.0+cpu" (the install had replaced torch)
    found = first(corpus("8112-"))
    assert found.slug == "cpu-only-build" and found.evidence["frameworks.torch.version"] == "2.6.0+cpu"


@pytest.mark.parametrize("text, wanted", [
    # the CPU build printed, and the report saying the program failed to see the GPU it wanted
    ("Pytorch version: 2.6.0+cpu\nIn fact, after install monailabel, pytorch also could not recognize GPU.", True),
    # the CPU build alone, with nothing said of a GPU: a CPU machine may have it on purpose
    ("Pytorch version: 2.6.0+cpu", False),
])
def test_a_cpu_build_counts_where_the_report_says_the_gpu_was_not_recognised(text, wanted):
    assert ("cpu-only-build" in paste_slugs(text)) is wanted


@pytest.mark.parametrize("text", [
    corpus("8091-"),  # polygraphene/ALVR#448: "NvEncoder::LoadNvEncApi : Current Driver Version does not support ..."
    # the same check in programs built on the Video Codec SDK's sample encoder, as their sources print it
    "[nvenc] Error: Current Driver Version does not support this NvEncodeAPI version, please upgrade driver",
    "[NVENC ERROR] Current Driver Version does not support this NvEncodeAPI version.",
])
def test_the_video_codec_sdks_own_version_check_is_a_driver_too_old_for_the_nvenc_api(text):
    found = first(text)
    assert found.slug == "driver-too-old-for-nvenc-api" and "Video Codec SDK" in found.message


@pytest.mark.parametrize("text, before_92", [
    (corpus("8150-"), True),  # fundamentalvision/Deformable-DETR#3: MSDA built with CUDA 9.0, "cudaSetupArgument"
    # rusty1s/pytorch_scatter's README: "undefined symbol: __cudaPopCallConfiguration: Ensure that your PyTorch
    # CUDA version and system CUDA version match"; maskrcnn-benchmark's troubleshooting gives the same line
    ("ImportError: Undefined symbol: __cudaPopCallConfiguration error when import _C", False),
])
def test_an_extension_missing_the_runtimes_kernel_launch_symbols_was_built_by_another_cudas_nvcc(text, before_92):
    found = first(text)
    assert found.slug == "nvcc-framework-cuda-mismatch"
    assert ("before CUDA 9.2" in found.message) is before_92


@pytest.mark.parametrize("text", [
    corpus("8014-"),  # jantic/DeOldify#362 on an RTX 3080: "no kernal image is available for excution on the device"
    # mmcv's build notes stored on GitHub
    "error in ms_deformable_im2col_cuda: no kernal image is available for execution on the device",
])
def test_no_kernel_image_retyped_with_the_usual_misspellings_is_still_read(text):
    assert first(text).slug in ("gpu-arch-not-in-build", "extension-built-for-other-gpu-arch")


@pytest.mark.parametrize("text, slug", [
    (corpus("7993-"), "cudnn-missing"),  # RVC-Boss/GPT-SoVITS#2083: "没有包含cudnn_ops_infer64_8.dll" (not included)
    # a Paddle note stored on GitHub: "缺少cudnn64_7.dll，需要手动下载" (missing cudnn64_7.dll, download it by hand)
    ("缺少cudnn64_7.dll，需要手动下载丢进`C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v10.2\\bin`",
     "cudnn-missing"),
    (corpus("7992-"), "cuda-libraries-missing"),  # RVC-Boss/GPT-SoVITS#2376: "后是cublas64_11.dll缺失" on CUDA 12.6
    # a TensorFlow install note: "如果报错缺少cudart64_100.dll" (if it reports cudart64_100.dll missing)
    ("如果报错缺少cudart64_100.dll，cudart64_101.dll或者cublas64_100.dll，是CUDA版本的原因", "cuda-libraries-missing"),
])
def test_a_cuda_or_cudnn_dll_said_missing_in_chinese_is_read_like_the_english(text, slug):
    assert first(text).slug == slug
