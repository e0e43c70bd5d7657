"""Situations batch 23 showed: the runtime's pre-CUDA-9 words for a build without the GPU's architecture, a CUDA
library's loader error retold, MATLAB's driver check, ONNX Runtime's CPU library loaded from .NET, Nomad asking
Docker for a runtime a CDI-only setup never registered, a Vulkan loader with no driver to use, a Flatpak sandbox
without the NVIDIA GL extension of the host's driver, NVIDIA's DRA plugin finding no user-space under its driver
root, and OptiX refusing a driver older than its SDK. Each signature is tried on at least two real wordings where two
exist, and each new reading on a text it must leave alone."""

from __future__ import annotations

from envcheck.importers.paste import unwrapped
from envcheck.importers.prose import _driver
from envcheck.model import HostFacts
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_invalid_device_function_is_a_build_without_the_gpus_architecture():
    found = first(corpus("1371-"))  # GOMC on a GTX 1060, its CMake list without sm_61
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["compute_capability"] == "6.1"
    # caffe's check, in the runtime's numbered form (BVLC/caffe#869)
    assert "gpu-arch-not-in-build" in slugs(
        "F0806 12:02:26.552108 4388 im2col.cu:54] Check failed: error == cudaSuccess (8 vs. 0) invalid device function")
    # another "invalid device ..." error is not this one
    assert "gpu-arch-not-in-build" not in slugs(
        "Unexpected error CUDA error in func set_constants at line 104 invalid device symbol on CUDA device 0")


def test_a_cuda_library_retold_without_object_is_still_missing():
    found = first(corpus("1380-"))  # ONNX Runtime Java built for CUDA 11 on a CUDA 12 machine
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == "11"
    assert first("error while loading shared libraries: libcudart.so.10.1: cannot open shared file: No such file "
                 "or directory").slug == "cuda-libraries-missing"
    # another library's retold line is not a CUDA library missing
    assert "cuda-libraries-missing" not in slugs(
        "libf77blas.so.3: cannot open shared file: no such file or directory")


def test_matlab_names_both_cuda_versions_of_a_driver_too_old():
    found = first(corpus("1381-"))  # Kilosort's gpuArray
    assert found.slug == "driver-too-old"
    assert found.evidence["driver_cuda"] == "5.5" and found.evidence["program_cuda"] == "7.5"
    found = first("Error using gpuDevice\nThe CUDA driver was found, but it is too old. The CUDA driver on your system "
                  "supports CUDA version 10.1. The required CUDA version is 11.2 or greater.")
    assert found.slug == "driver-too-old" and found.evidence["program_cuda"] == "11.2"


def test_onnx_runtime_from_dotnet_without_the_cuda_entry_point_is_the_cpu_library():
    found = first(corpus("1383-"))  # ML.NET's OnnxTransformer 1.4 pulling in the CPU package
    assert found.slug == "cpu-only-build" and found.evidence["library"] == "ONNX Runtime"
    assert first("System.EntryPointNotFoundException : Unable to find an entry point named "
                 "'OrtSessionOptionsAppendExecutionProvider_CUDA' in shared library 'onnxruntime'").slug == "cpu-only-build"
    # the DirectML provider's entry point missing says nothing about CUDA
    assert "cpu-only-build" not in slugs("Unable to find an entry point named "
                                         "'OrtSessionOptionsAppendExecutionProvider_DML' in DLL 'onnxruntime'")


def test_nomad_asks_docker_for_a_runtime_by_name():
    found = first(corpus("1388-"))  # NixOS with a CDI-only toolkit module
    assert found.slug == "container-runtime-not-configured" and "enableNvidia" in found.fix[0]
    found = first('Driver Failure: Failed to create container configuration for image "nvidia/cuda:12.2.0-base" '
                  '("sha256:0f2"): requested docker runtime "nvidia" was not found')
    assert found.slug == "container-runtime-not-configured" and found.fix[0].startswith("sudo nvidia-ctk runtime configure")


def test_a_quoted_word_continues_a_wrapped_sentence():
    assert 'requested docker runtime "nvidia" was not found' in " ".join(
        unwrapped(["Driver Failure: failed to create container: requested docker runtime", '"nvidia" was not found']))
    # a quoted heading after a closed sentence starts something new
    assert unwrapped(["The runtime was not found.", '"nvidia" is the name it asked for']) == []


def test_a_vulkan_loader_without_nvidias_driver():
    found = first(corpus("1398-"))  # Colab: driver 525 for CUDA, no libnvidia-gl-525
    assert found.slug == "nvidia-vulkan-driver-not-installed" and "libnvidia-gl-525" in found.fix[0]
    found = first("Driver Version: 580.65.06\nERROR: [Loader Message] Code 0 : vkCreateInstance: Found no drivers!\n"
                  "Cannot create Vulkan instance.")
    assert found.slug == "nvidia-vulkan-driver-not-installed" and found.evidence["driver"] == "580.65.06"
    # a Mac's MoltenVK without portability enumeration returns the same -9
    assert "nvidia-vulkan-driver-not-installed" not in slugs("MacBook Pro M2: vkCreateInstance failed -9")
    # a driver found and skipped for a library it lacks is SYS024's
    skipped = ("libXext.so.6: cannot open shared object file: No such file or directory\n"
               "terminator_CreateInstance: Failed to CreateInstance in ICD 0. Skipping ICD.\n"
               "vkCreateInstance: Found no drivers!")
    assert first(skipped).slug == "nvidia-vulkan-icd-dependency-missing"


def test_a_flatpak_app_without_the_gl_extension_of_the_hosts_driver():
    found = first(corpus("1376-"))  # a beta driver Flathub does not package
    assert found.slug == "flatpak-nvidia-runtime-missing-for-driver"
    assert "org.freedesktop.Platform.GL.nvidia-396-24-10" in found.fix[1]
    found = first("$ flatpak run com.obsproject.Studio\nNVIDIA driver 550.54.14\nlibGL error: failed to load driver: "
                  "swrast\nCould not initialize GLX")
    assert found.slug == "flatpak-nvidia-runtime-missing-for-driver" and found.evidence["driver"] == "550.54.14"
    # the same libGL errors outside Flatpak are another GL problem
    assert "flatpak-nvidia-runtime-missing-for-driver" not in slugs(
        "NVIDIA driver 550.54.14\nlibGL error: No matching fbConfigs or visuals found\nlibGL error: failed to load "
        "driver: swrast")


def test_a_driver_in_brackets_after_its_name():
    facts = HostFacts()
    _driver("I have Arch Linux with Nvidia driver (396.24.10) installed", facts, "paste")
    assert facts.gpus.driver_version == "396.24.10"


def test_the_dra_plugin_finds_no_user_space_under_its_driver_root():
    found = first(corpus("1389-"))  # Talos' extensions before 1.13
    assert found.slug == "nvidia-userspace-outside-driver-root" and found.evidence["driver_root"] == "/"
    assert "operator-driver-not-on-host-path" not in slugs(corpus("1389-"))
    # the GPU Operator's driver container not (yet) there (kubernetes-sigs/dra-driver-nvidia-gpu#389)
    found = first("2025-06-08T13:42:18Z  /driver-root (/run/nvidia/driver on host): nvidia-smi: not found, "
                  "libnvidia-ml.so.1: not found, current contents: [lib].")
    assert found.slug == "nvidia-userspace-outside-driver-root" and "gpu-operator" in found.fix[0]


def test_optix_refuses_a_driver_older_than_its_sdk():
    assert first(corpus("1365-")).slug == "driver-too-old-for-optix"  # Lighthouse 2, OptiX 7 on an older driver
    assert first("W0312 10:02:11.812 device.cpp:43] OptiX initialization failed because the installed NVIDIA driver is "
                 "too old. Please update to the latest driver first!").slug == "driver-too-old-for-optix"
    # another OptiX failure is not this one
    assert "driver-too-old-for-optix" not in slugs("OptiX initialization failed with error code 7001")
