"""Situations met in session 68, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("7790-"),  # ggml-org/whisper.cpp#2833: Arch's whisper.cpp-cuda package, "compiled for: 520"
    corpus("7794-"),  # leejet/stable-diffusion.cpp#541: a release binary, the same list
    # llama.cpp's build notes of a release build, as stored on GitHub
    "mmv.cu:51: ERROR: CUDA kernel mul_mat_vec has no device code compatible with CUDA arch 520. ggml-cuda.cu was "
    "compiled for: 520",
])
def test_a_ggml_build_for_nvccs_default_sm52_alone_lacks_the_gpus_architecture_even_with_no_gpu_named(text):
    found = first(text)
    assert found.slug == "extension-built-for-other-gpu-arch" and "nvcc's default" in found.message


@pytest.mark.parametrize("text", [
    # the GPU's own architecture in the list: a kernel left out by choice, as on an RTX 2080 Ti in a notes file
    "ERROR: CUDA kernel flash_attn_ext_f16 has no device code compatible with CUDA arch 750. ggml-cuda.cu was "
    "compiled for: 750",
    # a wider list with no GPU named says nothing about which GPU ran it
    "ERROR: CUDA kernel mul_mat_q has no device code compatible with CUDA arch 520. ggml-cuda.cu was compiled for: "
    "520,610",
    # a GTX 970 is compute capability 5.2 itself: its own architecture was built
    "ERROR: CUDA kernel mul_mat_q has no device code compatible with CUDA arch 520. ggml-cuda.cu was compiled for: "
    "520\nGPU: NVIDIA GeForce GTX 970",
])
def test_a_ggml_kernel_missing_for_a_built_architecture_is_not_read_as_the_build_lacking_the_gpu(text):
    assert "extension-built-for-other-gpu-arch" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("7895-"),  # tensorpack/tensorpack#1244: "NvmlException: NVML_ERROR_LIB_RM_VERSION_MISMATCH"
    # pynvml's exception class with its message, as an application's tests record a real host's failure
    "pynvml.NVMLError_LibRmVersionMismatch: RM has detected an NVML/RM version mismatch.",
    # the class name alone, as a health check logs it
    "GPU sensors unavailable: NVMLError_LibRmVersionMismatch",
])
def test_nvmls_version_mismatch_code_by_name_is_a_driver_library_mismatch(text):
    assert first(text).slug == "driver-library-mismatch"


@pytest.mark.parametrize("text", [
    corpus("7896-"),  # Theano/Theano#4553: CUDA 7.5 and gcc 5.3 on Ubuntu 16.04
    # OpenCV's CUDA build, as a build write-up stored on GitHub quotes it
    "[  5%] Building NVCC (Device) object modules/core/CMakeFiles/cuda_compile.dir/src/cuda/"
    "cuda_compile_generated_gpu_mat.cu.o\n"
    "/usr/include/string.h: In function ‘void* __mempcpy_inline(void*, const void*, size_t)’:\n"
    "/usr/include/string.h:652:42: error: ‘memcpy’ was not declared in this scope\n"
    "   return (char *) memcpy (__dest, __src, __n) + __n;",
])
def test_glibc_223s_mempcpy_inline_under_old_nvcc_is_the_host_compiler_pairing(text):
    """Read by TK030 since session 91: the header is glibc's, the same under every gcc on the machine."""
    found = first(text)
    assert found.slug == "host-compiler-headers-incompatible-with-nvcc" and "_FORCE_INLINES" in " ".join(found.fix)


def test_memcpy_undeclared_in_ones_own_code_is_not_read_as_the_nvcc_glibc_pairing():
    text = "src/main.cpp:12:5: error: 'memcpy' was not declared in this scope\n    memcpy(dst, src, n);"
    slugs = paste_slugs(text)
    assert "host-compiler-unsupported" not in slugs and "host-compiler-headers-incompatible-with-nvcc" not in slugs


@pytest.mark.parametrize("text, wanted", [
    # MaybeShewill-CV/CRNN_Tensorflow#182: the ImportError cut before the loader's reason, CUDA 9.0 installed
    (corpus("7652-"), "8.0"),
    # magenta's notes: "If you get an error along the lines of 'ImportError: libcublas.so.9.0', ..."
    ("If you get an error along the lines of 'ImportError: libcublas.so.9.0', follow the commands below", "9.0"),
])
def test_a_cuda_librarys_importerror_cut_before_its_reason_names_the_release_wanted(text, wanted):
    found = first(text)
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == wanted


@pytest.mark.parametrize("text", [
    corpus("7894-"),  # tflearn/tflearn#985: TensorFlow's self-check traceback, WinError 126
    # the same traceback in a Jupyter notebook, as a Korean blog post stored on GitHub shows it
    "C:\\ProgramData\\Anaconda3\\envs\\ywkeras\\lib\\site-packages\\tensorflow\\python\\platform\\self_check.py in "
    "preload_check()\n---> 75           ctypes.WinDLL(build_info.cudart_dll_name)\n"
    "OSError: [WinError 126] 지정된 모듈을 찾을 수 없습니다",
])
def test_tensorflows_windows_self_check_failing_on_its_cudart_is_a_cuda_runtime_missing(text):
    found = first(text)
    assert found.slug == "cuda-libraries-missing" and "build_info.py" in found.fix[0]


@pytest.mark.parametrize("text, current", [
    (corpus("7778-"), "8.6"),  # 1038lab/ComfyUI-QwenVL#28 on an RTX 30 series card
    # the same guard's other wording, as another node's source writes it
    ("ValueError: FP8 models require a GPU with compute capability 8.9 or higher (e.g., RTX 4090).Your GPU compute "
     "capability is 7.5. Please choose a non-FP8 model.", "7.5"),
])
def test_a_node_refusing_fp8_below_compute_89_is_the_number_format_not_the_gpus_age(text, current):
    found = first(text)
    assert found.slug == "quantization-unsupported-gpu"
    assert (found.evidence["format"], found.evidence["needs"], found.evidence["compute_capability"]) == \
        ("FP8", "8.9", current)


@pytest.mark.parametrize("text, engine", [
    (corpus("7570-"), "docker"),  # NVIDIA-ISAAC-ROS/isaac_ros_common#64: run_dev.sh on a Jetson Orin Nano
    ("[FAIL] Docker default runtime is not nvidia (runc)", "docker"),  # a preflight script's warning
    ("ERROR: containerd default runtime is not nvidia.", "containerd"),  # a cluster set-up script's check
])
def test_a_tool_saying_the_engines_default_runtime_is_not_nvidia_is_the_runtime_not_configured(text, engine):
    found = first(text)
    assert found.slug == "container-runtime-not-configured" and f"--runtime={engine} --set-as-default" in found.fix[0]


def test_a_default_runtime_that_is_nvidia_is_not_read_as_missing():
    assert "container-runtime-not-configured" not in paste_slugs("[ OK ] Docker default runtime is nvidia")


@pytest.mark.parametrize("text, built, in_use", [
    (corpus("7534-"), "CUDA 10.1", "CUDA 10.2"),  # k2-fsa/k2#963: Colab's torch moved to a CUDA 10.2 build
    # the message on one line, as a setup log stored on GitHub quotes it
    ("ImportError: k2 was built using CUDA 12.9 But you are using CUDA 12.8", "CUDA 12.9", "CUDA 12.8"),
    # k2's check of the torch release, from its __init__.py
    ("ImportError: k2 was built using PyTorch 1.7.1\nBut you are using PyTorch 1.8.0 to run it",
     "PyTorch 1.7.1", "PyTorch 1.8.0"),
])
def test_a_package_built_against_another_torch_or_cuda_than_the_one_running_is_a_companion_mismatch(
        text, built, in_use):
    found = first(text)
    assert found.slug == "framework-plugin-mismatch"
    assert (found.evidence["built_with"], found.evidence["in_use"]) == (built, in_use)


@pytest.mark.parametrize("text", [
    corpus("7813-"),  # cdcseacave/openMVS#147: libMVS.so calls the driver API, linked without -lcuda
    # OpenCV's driver_api_multi sample, as a build log stored on GitHub shows it
    "driver_api_multi.cpp:91: undefined reference to `cuInit'\n"
    "driver_api_multi.cpp:96: undefined reference to `cuCtxCreate_v2'",
    # MSVC's wording, as a Rust build script's comment gives it
    "error LNK2019: unresolved external symbol cuInit referenced in function main",
])
def test_the_driver_apis_functions_undefined_at_link_time_mean_libcuda_is_not_linked(text):
    assert first(text).slug == "cuda-library-not-linked-against-libcuda"


@pytest.mark.parametrize("text", [
    # the runtime API (cudart) and a library's function are not the driver's
    "main.o: undefined reference to `cudaMalloc'",
    "model.o: undefined reference to `cublasCreate_v2'",
    # a symbol of a versioned soname: a linked library's own dependency
    "libnvinfer.so: undefined reference to `cuInit@libcuda.so.1'",
])
def test_other_undefined_cuda_symbols_are_not_read_as_libcuda_unlinked(text):
    assert "cuda-library-not-linked-against-libcuda" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("7716-"),  # xinntao/Real-ESRGAN#741: realesrgan-ncnn-vulkan on an Ubuntu VM
    corpus("5432-"),  # ManiSkill: SAPIEN's import
    # Windows' loader, as a Vulkan build guide stored on GitHub quotes it
    "The code execution cannot proceed because vulkan-1.dll was not found. Reinstalling the program may fix this "
    "problem.",
])
def test_the_vulkan_loader_itself_missing_is_named_before_any_driver(text):
    assert first(text).slug == "vulkan-loader-not-installed"
