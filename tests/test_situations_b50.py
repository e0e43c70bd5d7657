"""Situations met in session 63, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


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


@pytest.mark.parametrize("text, runs, ptxas", [
    (corpus("5763-"), "12.2", "12.6"),  # google-deepmind/alphafold3#272, the warning wrapped over three lines
    # the same warning from current XLA in two logs found by find_string (a flax nnx benchmark, a model's run)
    ("2024-09-21 13:54:00.039647: W external/xla/xla/service/gpu/nvptx_compiler.cc:893] The NVIDIA driver's CUDA "
     "version is 12.3 which is older than the PTX compiler version 12.5.82. Because the driver is older than the PTX "
     "compiler version, XLA is disabling parallel compilation, which may slow down compilation.", "12.3", "12.5"),
    ("2025-03-04 12:55:32.285132: W external/xla/xla/service/gpu/nvptx_compiler.cc:930] The NVIDIA driver's CUDA "
     "version is 12.4 which is older than the PTX compiler version 12.6.77. Because the driver is older than the PTX "
     "compiler version, XLA is disabling parallel compilation, which may slow down compilation.", "12.4", "12.6"),
])
def test_xla_ptx_compiler_version_without_brackets_is_drv028(text, runs, ptxas):
    found = first(text)
    assert found.slug == "ptxas-newer-than-driver"
    assert (found.evidence["driver_cuda"], found.evidence["ptxas_cuda"]) == (runs, ptxas)


@pytest.mark.parametrize("text", [
    corpus("5753-"),  # nerfstudio-project/nerfacc#89: the toolkit installed, but not on the PATH of that shell
    # gsplat's loader prints the same words (gsplat/cuda/_backend.py, its rich markup rendered)
    "gsplat: No CUDA toolkit found. gsplat will be disabled.",
])
def test_a_package_that_builds_at_first_use_and_finds_no_toolkit_is_tk002(text):
    assert first(text).slug == "cuda-toolkit-missing"


def test_an_installer_note_that_no_toolkit_was_found_is_not_tk002():
    # a TRELLIS installer's note (found by find_string): nothing failed
    text = ("Note: no CUDA Toolkit found. Mesh generation still works. For baked textures later, install CUDA "
            "Toolkit 12.4 (matches torch cu124)")
    assert "cuda-toolkit-missing" not in paste_slugs(text, diagnosed_only=True)


def test_paddle_naming_error_35_after_the_failed_call_is_the_driver_too_old():
    # PaddlePaddle/Paddle#22576: paddlepaddle-gpu post107 (CUDA 10.0) on a CUDA 9.2 machine
    assert first(corpus("5787-")).slug == "driver-too-old"


def test_paddle_naming_another_error_code_is_not_the_driver_too_old():
    # PaddlePaddle/Paddle#22467: the same line for an initialization error (3) on a V100
    text = ("PaddleCheckError: cudaGetDeviceCount failed in paddle::platform::GetCUDADeviceCountImpl, error code : 3, "
            "Please see detail in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"
            "#group__CUDART__TYPES_1g3f51e3575c2178246db0a94a430e0038: initialization error at "
            "[/paddle/paddle/fluid/platform/gpu_info.cc:67]")
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


def test_torch_capability_list_copied_from_a_rendered_page_is_read():
    # LykosAI/StabilityMatrix#1648: torch prints "- 7.5 which supports hardware CC ..." (torch/cuda/__init__.py);
    # the reporter copied the list from the rendered issue page, where each "- " is a bullet
    found = first(corpus("5811-"))
    assert found.slug == "gpu-arch-unsupported"
    assert found.evidence["compute_capability"] == "6.1"
    assert found.evidence["arch_list"] == ["7.5", "8.0"]
    # the dashed form from a terminal (corpus 1985, an RTX 5090 under a build without 12.0) is read as before
    assert first(corpus("1985-")).slug == "gpu-arch-not-in-build"


@pytest.mark.parametrize("case", ["5816-", "2136-"])
def test_a_cudnn_dll_without_an_entry_point_is_two_cudnn_builds_mixed(case):
    # NVIDIA/Stable-Diffusion-WebUI-TensorRT#143 and a StreamDiffusion report: a TensorRT installer's pip
    # nvidia-cudnn beside torch's own cuDNN in the web UI's venv
    found = first(corpus(case))
    assert found.slug == "cudnn-version-mismatch"
    assert found.evidence["dll"].endswith("cudnn_adv_infer64_8.dll")
    assert found.fix[0].startswith("pip uninstall nvidia-cudnn-cu11")


def test_a_driver_dll_without_an_entry_point_is_still_the_driver_too_old():
    # trexminer/T-Rex (corpus 5010): nvcuda.dll of an old driver lacks a _v2 function
    assert first(corpus("5010-")).slug == "driver-too-old"


def test_torch_scaled_mm_refusing_the_gpu_is_fw009():
    # kijai/ComfyUI-HunyuanVideoWrapper#381: the fp8 "fast" mode on an RTX 3090
    found = first(corpus("5822-"))
    assert found.slug == "quantization-unsupported-gpu"
    assert (found.evidence["needs"], found.evidence["compute_capability"]) == ("8.9", "8.6")
    # the same refusal in a vLLM user's notes on four 3090s (found by find_string), without a GPU listing
    found = first("# --quantization fp8 does not work\n# RuntimeError: torch._scaled_mm is only supported on CUDA "
                  "devices with compute capability >= 9.0 or 8.9, or ROCm MI300+")
    assert found.slug == "quantization-unsupported-gpu" and found.evidence["needs"] == "8.9"


@pytest.mark.parametrize("text, library", [
    # TNTwise/REAL-Video-Enhancer#85: TensorRT 10.7's builder resource on CachyOS (glibc 2.41)
    (corpus("5728-"), "libnvinfer_builder_resource.so.10.7.0"),
    # OpenNMT/CTranslate2#1849 on Arch, and conda-forge/pytorch-cpu-feedstock#350's title
    ("ImportError: libctranslate2-bc15bf3f.so.4.5.0: cannot enable executable stack as shared object requires: "
     "Invalid argument", "libctranslate2-bc15bf3f.so.4.5.0"),
    ("ImportError: libtorch_cpu.so: cannot enable executable stack as shared object requires: Invalid argument",
     "libtorch_cpu.so"),
])
def test_a_library_refused_for_its_executable_stack_is_sys027(text, library):
    found = first(text)
    assert found.slug == "library-needs-executable-stack" and found.evidence["library"] == library
    assert "tensorrt-libs-not-on-library-path" not in paste_slugs(text)  # found, then refused: not missing


def test_an_executable_stack_refused_by_a_hardened_policy_is_not_sys027():
    # a NixOS service with systemd's MemoryDenyWriteExecute (found by find_string): the policy, not glibc 2.41
    text = ("onnxruntime/capi/onnxruntime_pybind11_state.so: cannot enable executable stack as shared object "
            "requires: Permission Denied")
    assert "library-needs-executable-stack" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("5775-"),  # mani-skill/ManiSkill#159: vulkaninfo on Ubuntu 22.04 with driver 535
    # the loader's line in a report from an L40S container (found by find_string)
    "ERROR: [Loader Message] Code 0 : libGLX_nvidia.so.0: cannot open shared object file: No such file or directory",
])
def test_the_vulkan_loader_missing_nvidia_s_icd_library_is_drv020(text):
    assert first(text).slug == "nvidia-vulkan-driver-not-installed"


def test_the_executable_stack_refusal_without_the_library_name_is_still_sys027():
    # Debian's glibc 2.41-7 changelog quotes the loader's words alone (wootguy/SevenKewp#66 pasted it)
    found = first("Attempting to do so will result in the following error:\n\n    cannot enable executable stack as "
                  "shared object requires: Invalid argument")
    assert found.slug == "library-needs-executable-stack" and found.evidence["library"] == "not in the line"
