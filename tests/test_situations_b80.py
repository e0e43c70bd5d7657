"""Situations met in session 93, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs

UV_NO_WHEEL = ("error: Distribution `{0} @ registry+https://pypi.org/simple` can't be installed because it doesn't "
               "have a source distribution or wheel for the current platform")


@pytest.mark.parametrize("text, python", [
    (corpus("21901"), "3.14"),
    # OpenRag's README quotes uv's refusal of ray 2.43.0 under CPython 3.13 (the singular "ABI tag")
    (UV_NO_WHEEL.format("ray==2.43.0") + "\n\nhint: You're using CPython 3.13 (`cp313`), but `ray` (v2.43.0) only "
     "has wheels with the following Python ABI tag: `cp312`", "3.13"),
    # a blog post's uv sync of LLMs-from-scratch: tensorflow 2.18.1 under CPython 3.13 from a mirror index
    ("Using CPython 3.13.0\nerror: Distribution `tensorflow==2.18.1 @ registry+https://pypi.mirrors.ustc.edu.cn/"
     "simple/` can't be installed because it doesn't have a source distribution or wheel for the current platform\n\n"
     "hint: You're using CPython 3.13 (`cp313`), but `tensorflow` (v2.18.1) only has wheels with the following "
     "Python ABI tags: `cp310`, `cp311`, `cp312`", "3.13"),
])
def test_uv_names_the_python_a_release_has_no_wheel_for(text, python):
    found = first(text)
    assert found.slug == "python-unsupported" and found.evidence["python.version"] == python
    assert any("uv venv --python" in step for step in found.fix)


def test_uv_without_its_hint_reads_the_python_the_report_names():
    """Corpus 21900: the package name lost to Markdown, Python 3.13 on Windows said in words, `uv add torch`."""
    found = first(corpus("21900"))
    assert found.slug == "python-unsupported" and found.confidence == "likely"
    assert "torch" in found.message and "3.13" in found.message


@pytest.mark.parametrize("text", [
    # constructed: an Intel Mac, where torch 2.3 and later have no wheel at all: the platform refuses it
    "macOS 14 on an Intel MacBook Pro, Python 3.12\n$ uv add torch==2.5.1\n" + UV_NO_WHEEL.format("torch==2.5.1"),
    # constructed: Windows on ARM (Snapdragon), where the wheel's platform is missing, not its Python
    "Windows 11 on a Snapdragon X Elite laptop, Python 3.12\n" + UV_NO_WHEEL.format("torch==2.5.1"),
])
def test_uv_refusing_the_platform_is_not_the_python(text):
    assert "python-unsupported" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, gpu, branch, driver", [
    (corpus("21752"), "GTX 980", "580.xx", "595.71.05"),
    # constructed: the same message quoted in a sentence, with "the" and a Kepler GPU
    ('after the update dmesg says "The NVIDIA Tesla K80 GPU installed in this system is supported by the NVIDIA '
     '470.xx Legacy drivers. The 535.54.03 NVIDIA driver will ignore this GPU."', "Tesla K80", "470.xx", "535.54.03"),
])
def test_a_legacy_refusal_quoted_outside_the_kernel_log(text, gpu, branch, driver):
    """The kernel module's refusal quoted from memory, without its NVRM prefix: the branch and the refusing release
    come from the words themselves."""
    found = first(text)
    assert found.slug == "driver-does-not-support-gpu"
    assert (found.evidence["gpu"], found.evidence["legacy_branch"], found.evidence["driver"]) == (gpu, branch, driver)


@pytest.mark.parametrize("case", ["22404", "22406"])
def test_a_cuda_library_missing_on_an_amd_machine_is_a_cuda_build_there(case):
    """tilelang's CUDA-only wheel asking for libnvrtc.so.12 "on amd gpu"; paddlepaddle-gpu asking for libcudart.so.12
    beside ROCm 5.7."""
    assert first(corpus(case)).slug == "cuda-only-package-on-amd-rocm-system"


@pytest.mark.parametrize("text", [
    # constructed: an AMD CPU beside an NVIDIA GPU, the CUDA runtime not on the loader's path
    "AMD Ryzen 9 7950X, RTX 4090, driver 550.54\nOSError: libcudart.so.12: cannot open shared object file: No such "
    "file or directory",
    # constructed: an AMD GPU named beside an NVIDIA one that nvidia-smi lists
    "I have an AMD GPU for the display and an RTX 3090 for compute\n| NVIDIA-SMI 550.54.14   Driver Version: 550.54.14 "
    "  CUDA Version: 12.4 |\nOSError: libcublas.so.12: cannot open shared object file: No such file or directory",
])
def test_a_cuda_library_missing_beside_an_nvidia_gpu_is_not_an_amd_machine(text):
    assert "cuda-only-package-on-amd-rocm-system" not in paste_slugs(text)


@pytest.mark.parametrize("case", ["21705", "22102"])
def test_a_libcudacxx_header_missing_under_an_older_cuda(case):
    """OpenCV 4.10's cudev includes <cuda/std/tuple>, which libcu++ brought with CUDA 11.2: a French MSVC on Windows 7
    with CUDA 10.2, a Jetson Nano with JetPack 4's CUDA 10.2."""
    found = first(corpus(case))
    assert found.slug == "nvcc-too-old-for-project"
    assert found.evidence["header"] == "cuda/std/tuple" and found.evidence["first_cuda"] == "11.2"


def test_a_libcudacxx_header_missing_under_cuda_13_is_the_move_to_cccl():
    """Constructed: CUDA 13 keeps libcu++ under include/cccl/, which a host compiler alone does not search."""
    text = ("Cuda compilation tools, release 13.0, V13.0.88\n"
            "src/host.cpp:3:10: fatal error: cuda/std/tuple: No such file or directory")
    assert first(text).slug == "cuda-toolkit-too-new-for-project"


@pytest.mark.parametrize("case, cuda, crate", [
    ("22650", "12.6", "0.11.8"),   # candle on Windows, the backquoted form of cudarc 0.11.x
    ("4602", "12.5", "0.11.1"),    # the older form, the version as CUDA_VERSION's number (12050)
    ("22900", "13.3", "0.16.6"),   # cudarc 0.16.6 and CUDA 13.3
    ("22651", "11.5", "0.11.4"),   # retold in the first line, then the panic
])
def test_cudarc_without_bindings_for_the_toolkit(case, cuda, crate):
    found = first(corpus(case))
    assert found.slug == "cudarc-too-old-for-cuda-toolkit"
    assert found.evidence["cuda"] == cuda and found.evidence.get("cudarc") == crate
    assert any("cargo update -p cudarc" in step for step in found.fix)


def test_an_unsupported_toolkit_without_cudarc_in_sight_is_only_likely():
    """Constructed: the words alone, from a build that does not name its crate."""
    found = first("error: Unsupported cuda toolkit version: `13.2`")
    assert found.slug == "cudarc-too-old-for-cuda-toolkit" and found.confidence == "likely"


@pytest.mark.parametrize("case, confidence", [
    ("22603", "confirmed"),   # pynvml's NVMLError_NotSupported from a startup sizing its work on a DGX Spark
    ("23200", "confirmed"),   # the device plugin's "error getting device memory: Not Supported" on a GB10
    ("23202", "confirmed"),   # xinference's "Fail to get GPU info: Not Supported" beside the nvidia-smi table
    ("22604", "likely"),      # nvidia-smi's table alone: Memory-Usage "Not Supported" on the GB10
    ("22605", "likely"),      # a CSV query's "[N/A]" for memory.used on a DGX Spark
])
def test_nvml_has_no_memory_figures_for_a_unified_memory_gpu(case, confidence):
    found = first(corpus(case))
    assert found.slug == "nvml-memory-info-unsupported-on-unified-memory-gpu" and found.confidence == confidence


@pytest.mark.parametrize("text", [
    # constructed: NVML's refusal under WSL on a GPU with its own memory is WSL's NVML
    "Ubuntu 22.04 on WSL2, RTX 3090\npynvml.nvml.NVMLError_NotSupported: Not Supported",
    # constructed: a GB10 whose memory query answered with figures
    "NVIDIA GB10\ntimestamp, memory.used [MiB], memory.total [MiB]\n2025/11/24 14:08:55.751, 2048 MiB, 122570 MiB",
])
def test_no_unified_memory_finding_where_nvml_answers_or_the_gpu_has_its_own(text):
    assert "nvml-memory-info-unsupported-on-unified-memory-gpu" not in paste_slugs(text)


@pytest.mark.parametrize("case, cc", [("23102", "6.1"), ("23300", "9.0"), ("23302", "9.0")])
def test_int4_models_on_a_gpu_without_4bit_tensor_cores(case, cc):
    """Nunchaku's refusal of its INT4 models on a GTX 1080 Ti (Pascal) and on Hopper's H20 and H100."""
    found = first(corpus(case))
    assert found.slug == "quantization-unsupported-gpu" and found.evidence["compute_capability"] == cc
    assert found.confidence == "confirmed"
