"""Situations batch 15 showed: NGC images' own driver check, mmcv without its CUDA ops, TensorRT warning about the
cuDNN it loaded, TensorFlow on native Windows with no release named, Paddle's words for a missing CUDA library,
enroot's GPU hook without nvidia-container-cli, the loader's trace of a wheel's library taken from LD_LIBRARY_PATH,
a generic torch on a Jetson, a Ray task that asks for no GPU, and a driver upgraded without a reboot that CUDA
reports as a forward-compatibility attempt. Each signature is tried on at least two real wordings, and each new
reading on a text it must leave alone."""

from __future__ import annotations

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_ngc_image_driver_check_names_the_driver_too_old():
    found = first(corpus("962-"))
    assert found.slug == "driver-too-old" and found.confidence == "confirmed"
    assert found.evidence["image_needs_driver"] == "535.86" and found.evidence["driver"] == "510.85.02"
    # wrapped after "or later," and another major: certain (a note on CUDA 11.2 images on driver 430.26)
    found = first("ERROR: This container was built for NVIDIA Driver Release 460.32 or later, but\n"
                  "       version 430.26 was detected and compatibility mode is UNAVAILABLE.")
    assert found.slug == "driver-too-old" and found.confidence == "confirmed"
    # the same CUDA major (images for 13.1 on DGX Spark's 580 driver): minor-version compatibility runs most programs
    found = first("ERROR: This container was built for NVIDIA Driver Release 595.58 or later,\n"
                  "       but version 580.126.09 was detected and compatibility mode is UNAVAILABLE.")
    assert found.slug == "driver-too-old" and "most programs" in found.message
    # no version at all: the container sees no driver, from a compose log that prefixes each line
    found = first("fauxpilot-triton-1         | ERROR: This container was built for NVIDIA Driver Release 515.48 or "
                  "later, but\nfauxpilot-triton-1         |        version  was detected and compatibility mode is "
                  "UNAVAILABLE.")
    assert found.slug == "container-no-gpu"


def test_mmcv_op_without_a_cuda_kernel():
    assert first(corpus("1000-")).slug == "cuda-extension-not-built"
    for message in ("RuntimeError: ms_deform_attn_impl_forward: implementation for device cuda:0 not found.",
                    "RuntimeError: sigmoid_focal_loss_forward_impl: implementation for device cuda:0 not found."):
        found = first(message)
        assert found.slug == "cuda-extension-not-built" and "mmcv" in found.message, message
    # the same registry for a CPU tensor is not a missing CUDA build
    assert "cuda-extension-not-built" not in slugs("RuntimeError: nms_impl: implementation for device cpu not found.")


def test_tensorrt_warning_about_the_cudnn_it_loaded():
    found = first(corpus("967-"))
    assert found.slug == "cudnn-version-mismatch" and found.evidence["loaded_cudnn"] == "8.8"
    found = first("[05/21/2024-14:00:34] [TRT] [W] TensorRT was linked against cuDNN 8.9.6 but loaded cuDNN 8.9.2")
    assert found.slug == "cudnn-version-mismatch" and "same major" in found.message
    # a warning of the same major ranks after an error in the same report
    assert first("[TensorRT] WARNING: TensorRT was linked against cuDNN 8.2.1 but loaded cuDNN 8.0.5\n"
                 "RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version"
                 ).slug == "driver-too-old"


def test_tensorflow_on_native_windows_with_no_release_named():
    found = first(corpus("963-"))
    assert found.slug == "framework-end-of-life" and "CUDA 12.1" in found.message
    # Windows known only from the page being read (TensorFlow's source_windows guide)
    found = first(corpus("598-"))
    assert found.slug == "framework-end-of-life" and "install_page" in found.evidence
    # the same words on Linux are not the Windows end of GPU builds
    assert "framework-end-of-life" not in slugs("Ubuntu 22.04: I can't get Tensorflow to detect my gpu, CUDA 12.1")


def test_paddle_names_the_cuda_library_it_could_not_load():
    found = first(corpus("996-"))
    assert found.slug == "cuda-libraries-missing" and "11.7" in found.message and "paddlepaddle-gpu" in found.fix[0]
    found = first(corpus("997-"))
    assert found.slug == "cuda-libraries-missing" and "CUDA_PATH_V11_2" in found.fix[0]
    # cuDNN in the same words stays cuDNN's
    assert first("The third-party dynamic library (cudnn64_7.dll) that Paddle depends on is not configured "
                 "correctly. (error code is 126)").slug == "cudnn-missing"


def test_a_page_or_package_supporting_a_cuda_is_not_the_hosts_cuda():
    facts = from_text("Screenshot shows support for CUDA 11, but the pip install command only works for CUDA 10.2.\n"
                      "This command works for my system which has CUDA 11.7.", "paste.txt")
    assert facts.cuda.stated_version == "11.7"


def test_enroot_hook_without_nvidia_container_cli():
    found = first(corpus("987-"))
    assert found.slug == "container-toolkit-missing" and found.confidence == "confirmed" and "enroot" in found.message
    assert first("[ERROR] Command not found: nvidia-container-cli, see https://github.com/NVIDIA/libnvidia-container"
                 ).slug == "container-toolkit-missing"


def test_loader_trace_shows_a_wheel_library_taken_from_ld_library_path():
    found = first(corpus("993-"))
    assert found.slug == "cuda-library-shadowed" and "hpc_sdk" in found.evidence["loaded"]
    assert "cpu-only-build" not in slugs(corpus("993-"))  # JAX's fallback warning follows its plugin's failure
    # the dependency found inside the wheels is how it should be
    trace = ("  4709: file=libnvJitLink.so.12 [0];  needed by /venv/lib/python3.11/site-packages/nvidia/cusparse/lib/"
             "libcusparse.so.12 [0]\n  4709: trying file=/venv/lib/python3.11/site-packages/nvidia/nvjitlink/lib/"
             "libnvJitLink.so.12\n  4709: file=libnvJitLink.so.12 [0];  generating link map")
    assert "cuda-library-shadowed" not in slugs(trace)
    # JAX's fallback warning alone is still a CPU-only jaxlib
    assert first("An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed. "
                 "Falling back to cpu.").slug == "cpu-only-build"


def test_generic_torch_on_a_jetson():
    for case in ("979-", "988-"):
        assert first(corpus(case)).slug == "no-cuda-build-for-platform", case
    # NVIDIA's Jetson build that sees no GPU is another matter
    assert "no-cuda-build-for-platform" not in slugs(
        "Jetson AGX Orin, torch 2.1.0a0+41361538.nv23.06\n>>> torch.cuda.is_available()\nFalse")


def test_ray_task_that_asks_for_no_gpu():
    assert first(corpus("985-")).slug == "gpu-not-requested-from-scheduler"
    asked = ("import ray, torch\n@ray.remote(num_gpus=1)\ndef f():\n    torch.zeros(1).cuda()\n"
             "RuntimeError: No CUDA GPUs are available")
    assert "gpu-not-requested-from-scheduler" not in slugs(asked)


def test_driver_upgraded_without_reboot_reads_as_forward_compatibility():
    assert first(corpus("972-")).slug == "driver-library-mismatch"
    # error 804 alone, in a container with the compat libraries, stays cuda-init-failed
    assert "driver-library-mismatch" not in slugs(
        "ggml_cuda_init: failed to initialize CUDA: forward compatibility was attempted on non supported HW\n"
        "LD_LIBRARY_PATH=/usr/local/cuda/compat/lib.real:/usr/local/nvidia/lib64")


def test_prose_torch_version_and_cpu_build_said_afterwards():
    facts = from_text("My environment is torch.__version__ = 2.3.1+cu121", "paste.txt")
    assert [(f.name, f.version, f.build_cuda) for f in facts.frameworks.installed] == [("torch", "2.3.1+cu121", "12.1")]
    facts = from_text("But my pytorch version is 2.2.0+cu118, why?", "paste.txt")
    assert facts.frameworks.installed[0].version == "2.2.0+cu118"
    assert first(corpus("983-")).slug == "nvcc-framework-cuda-mismatch"
    assert first(corpus("1006-")).slug == "cpu-only-build"
    facts = from_text("After that, torch with the CPU-only build got installed.", "paste.txt")
    assert facts.frameworks.installed[0].accelerator == "cpu"


def test_ggml_build_that_found_no_cuda_toolkit():
    found = first(corpus("1016-"))
    assert found.slug == "cuda-extension-not-built" and found.evidence["cmake_missing"] == "CUDA_CUDART"
    assert "CUDAToolkit_ROOT=/usr/local/cuda-12.3" in " ".join(found.fix)
    # whisper.cpp's build says the same words
    log = "CMake Warning at CMakeLists.txt:231 (message):\n  cuBLAS not found\n-- CMAKE_SYSTEM_PROCESSOR: x86_64"
    assert first(log).slug == "cuda-extension-not-built"
    # cuBLAS named in other words is not the build's warning
    assert "cuda-extension-not-built" not in slugs("I checked that cuBLAS not found errors are gone after the update")


def test_visual_cpp_runtime_missing_on_windows():
    found = first(corpus("990-"))
    assert found.slug == "msvc-runtime-missing" and "MSVCP140_CODECVT_IDS.dll" in found.message
    for message in ("Microsoft Visual C++ Redistributable is not installed, this may lead to the DLL load failure.\n"
                    "                 It can be downloaded at https://aka.ms/vs/16/release/vc_redist.x64.exe",
                    "The code execution cannot proceed because VCRUNTIME140_1.dll was not found. Reinstalling the "
                    "program may fix this problem."):
        assert first(message).slug == "msvc-runtime-missing", message
    # a DLL that failed for want of a dependency, with no runtime DLL named, is not known to be the runtime
    assert "msvc-runtime-missing" not in slugs(
        'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\Python310\\lib\\'
        'site-packages\\torch\\lib\\c10.dll" or one of its dependencies.')
