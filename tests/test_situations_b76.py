"""Situations met in session 89, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings


@pytest.mark.parametrize("case, cuda", [("17552", "10.0"), ("13651", "8.0")])
def test_a_library_call_failing_under_a_cuda_older_than_the_gpu_is_that_cuda_lacking_it(case, cuda):
    """Faiss' cuBLAS assertion from a CUDA 10.0 build on an A100; MXNet's "Failed to find any forward convolution
    algorithm" from cu80/cu90/cu92 builds on an RTX 2080. Neither says which status the library returned."""
    found = first(corpus(case))
    assert found.slug == "gpu-arch-not-in-build"
    assert found.evidence["program_cuda"] == cuda


def test_a_convolution_algorithm_failure_under_a_cuda_that_knows_the_gpu_is_not_read_as_the_arch():
    """Constructed: TensorFlow's usual memory-bound failure, on a GPU its CUDA 11.2 build knows."""
    text = ("GPU: NVIDIA GeForce RTX 3080\nCUDA 11.2, cuDNN 8.1, tensorflow-gpu 2.5.0\n"
            "tensorflow.python.framework.errors_impl.UnknownError: Failed to get convolution algorithm. This is "
            "probably because cuDNN failed to initialize, so try looking to see if a warning log message was printed "
            "above.")
    named = [f.slug for f in paste_findings(text) if f.confidence != "possible"]
    assert "gpu-arch-not-in-build" not in named


@pytest.mark.parametrize("case, hypervisor", [("19301", "Parallels"), ("5100", "VirtualBox"), ("5430", "vmware")])
def test_a_desktop_hypervisor_guest_has_no_nvidia_gpu(case, hypervisor):
    """TensorFlow with only CPU devices in a Parallels guest on a Mac, cuInit failing in a VirtualBox guest, SAPIEN
    finding no rendering device under VMware Workstation."""
    found = first(corpus(case))
    assert found.slug == "no-nvidia-gpu"
    assert hypervisor.lower() in found.evidence["observed"].lower()
    assert any("WSL 2" in step for step in found.fix)


def test_a_server_hypervisor_that_passes_the_gpu_through_is_not_a_desktop_guest():
    """Constructed: ESXi passes a whole GPU to the VM; its CUDA failure has another cause."""
    text = ("Ubuntu 22.04 VM on VMware ESXi 8 with the A100 passed through\n"
            "RuntimeError: CUDA error: an illegal memory access was encountered")
    assert all("desktop hypervisor" not in f.message for f in paste_findings(text))


@pytest.mark.parametrize("case", ["12603", "12604"])
def test_tensorflow_without_a_gpu_device_for_a_gpu_only_op_reads_as_no_gpu_build(case):
    """A CuDNNGRU layer placed where TensorFlow registered only its CPU device ("Registered devices: [CPU]"), with
    tensorflow-gpu not working, and with the CPU package installed beside it."""
    found = first(corpus(case))
    assert found.slug == "cpu-only-build"
    assert any("Registered devices: [CPU" in line for line in found.evidence["observed"])


@pytest.mark.parametrize("text", [
    # NVIDIA/VideoProcessingFramework#16 (corpus 19550)
    "-- The CUDA compiler identification is unknown\nCMake Error at PyNvCodec/TC/CMakeLists.txt:20 (enable_language):\n"
    "  No CMAKE_CUDA_COMPILER could be found.\n",
    # the same CMake words from another project's configure step (dmlc/xgboost's, corpus 1908, on Linux here)
    "CMake Error at CMakeLists.txt:2 (project):\n  No CMAKE_CUDA_COMPILER could be found.\n\n  Tell CMake where to "
    "find the compiler by setting either the environment\n  variable \"CUDACXX\" or the CMake cache entry "
    "CMAKE_CUDA_COMPILER",
])
def test_cmake_finding_no_cuda_compiler_is_the_toolkit_not_set_up(text):
    found = first(text)
    assert found.slug == "cuda-toolkit-missing"
    assert any("CUDACXX" in step for step in found.fix)


@pytest.mark.parametrize("text, gpu_cc", [
    # RVC-Boss/GPT-SoVITS#538 (corpus 19454)
    ("RuntimeError: cuFFT doesn't support signals of half type with compute capability less than SM_53, but the device "
     "containing input half tensor only has SM_52", "5.2"),
    # a VITS training README's note for a K80
    ("    return _VF.stft(input, n_fft, hop_length, win_length, window, normalized, onesided)\nRuntimeError: cuFFT "
     "doesn't support signals of half type with compute capability less than SM_53, but the device containing input "
     "half tensor only has SM_37", "3.7"),
])
def test_a_half_precision_fft_below_sm53_is_a_format_the_gpu_lacks(text, gpu_cc):
    found = first(text)
    assert found.slug == "quantization-unsupported-gpu"
    assert found.evidence["needs"] == "5.3" and found.evidence["compute_capability"] == gpu_cc
    assert "float32" in found.fix[0]


def test_openmvs_stating_its_floor_reads_the_floor_only():
    """openMVS prints the figures after "available" in the wrong order (device id first): only its floor is read."""
    found = first(corpus("19504"))
    assert found.slug == "gpu-arch-unsupported"
    assert found.evidence["needs"] == "3.2" and "compute_capability" not in found.evidence


@pytest.mark.parametrize("case, library", [("19702", "libcublas.so.11"), ("19902", "libcudart.so.12")])
def test_torch_under_bazel_missing_a_wheel_library_is_the_wheels_apart(case, library):
    """Bazel unpacks torch and each nvidia-* wheel into directories of their own (pytorch#92096, pytorch#131284)."""
    found = first(corpus(case))
    assert found.slug == "nvidia-wheels-not-beside-framework"
    assert found.evidence["library"] == library
    assert any("LD_LIBRARY_PATH" in step and "nvidia/*/lib" in step for step in found.fix)


LIB64_TORCH = ("  File \"/usr/local/lib64/python3.7/site-packages/torch/__init__.py\", line 191, in <module>\n"
               "    _load_global_deps()\n"
               "OSError: libcublas.so.11: cannot open shared object file: No such file or directory\n")


def test_torch_in_lib64_before_its_loader_searched_sys_path_is_the_wheels_apart():
    """pytorch#88869's traceback (Amazon Linux 2), with the release named as in its report."""
    found = first("pip install torch==1.13.0\n" + LIB64_TORCH)
    assert found.slug == "nvidia-wheels-not-beside-framework"
    assert "lib64" in found.message


def test_torch_in_lib64_from_a_release_that_searches_sys_path_is_not_read_as_apart():
    """Constructed: the same lines from torch 2.4, whose loader looks in every sys.path entry (corpus 818's image)."""
    assert first("pip install torch==2.4.0\n" + LIB64_TORCH).slug != "nvidia-wheels-not-beside-framework"
