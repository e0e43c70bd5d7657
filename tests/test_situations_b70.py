"""Situations met in session 83, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, floor", [
    # Arnold GPU, the driver it found and the one it needs (corpus 6817)
    (corpus("6817-"), "418.43"),
    # Redshift, the least driver in a request (corpus 6816)
    (corpus("6816-"), "551.78"),
])
def test_a_renderers_own_driver_floor(text, floor):
    finding = first(text)
    assert (finding.slug, finding.evidence["program_minimum_driver"]) == ("driver-too-old", floor)


def test_a_driver_floor_the_host_meets_is_no_finding():
    # constructed: the requirement read out, and nvidia-smi's driver above it
    text = ("Redshift Error: Please make sure you have NVIDIA driver 551.78 or later installed.\n"
            "| NVIDIA-SMI 560.35.03              Driver Version: 560.35.03      CUDA Version: 12.6     |")
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, runs, needs", [
    # CUDA.jl 2.x's warning (corpus 10900)
    (corpus("10900-"), "10.0", "10.1"),
    # Blitzar's panic in cudaDriverGetVersion's integers (corpus 9765)
    (corpus("9765-"), "12.4", "12.6"),
])
def test_a_program_naming_the_drivers_cuda_and_its_own(text, runs, needs):
    finding = first(text)
    assert (finding.slug, finding.evidence["driver_cuda"], finding.evidence["program_cuda"]) == (
        "driver-too-old", runs, needs)


@pytest.mark.parametrize("text, driver_cuda", [
    # a crash after the banner (corpus 2878)
    (corpus("2878-"), "12.4"),
    # a graph capture that fails (corpus 6012)
    (corpus("6012-"), "12.2"),
])
def test_warps_banner_with_a_driver_older_than_its_toolkit(text, driver_cuda):
    finding = first(text)
    assert (finding.slug, finding.evidence["gpus.cuda_driver_version"], finding.evidence["cudart"]) == (
        "driver-too-old", driver_cuda, "12.8")


def test_warps_banner_is_read_as_the_drivers_cuda_and_warps_runtime():
    facts = from_text("Warp 1.9.1 initialized:\n   CUDA Toolkit 12.8, Driver 13.0\n   Devices:\n", "paste.txt")
    runtime = [lib.version for lib in facts.libraries.found if lib.name == "cudart"]
    assert (facts.gpus.cuda_driver_version, runtime) == ("13.0", ["12.8"])


@pytest.mark.parametrize("driver", ["12.8", "12.9"])
def test_warps_banner_with_the_toolkits_driver_or_newer_is_no_driver_finding(driver):
    # constructed from corpus 2878's banner: the same crash under a driver that runs Warp's CUDA
    text = corpus("2878-").replace("CUDA Toolkit 12.8, Driver 12.4", f"CUDA Toolkit 12.8, Driver {driver}")
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    # "it downgrades pytorch to CPU support only" (corpus 5202)
    corpus("5202-"),
    # "This command replaced the CUDA-enabled pytorch with CPU-enabled-only pytroch" (corpus 1866)
    corpus("1866-"),
    # "conda would downgrade the pytorch to cpu version" (corpus 9902)
    corpus("9902-"),
    # the change told by the two builds, the later one current (corpus 5646)
    corpus("5646-"),
])
def test_a_cuda_framework_swapped_for_a_cpu_build_in_words(text):
    assert first(text).slug == "cpu-only-build"


@pytest.mark.parametrize("text", [
    # constructed: a condition, not what happened
    "My RTX 3090 is not used. If I downgrade pytorch to CPU version it runs, but slowly.",
    # constructed: the change the other way round, to the CUDA build
    "torch.cuda.is_available() is False on my RTX 3090, so I changed torch 2.1.0+cpu to torch 2.1.0+cu121 and it works",
])
def test_no_cpu_build_where_the_words_do_not_say_one_is_installed(text):
    assert "cpu-only-build" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    # the errno's words after the library, retold (corpus 13150)
    corpus("13150-"),
    # R's torch, its own words for the loader's failure (corpus 2641)
    corpus("2641-"),
    # Java's UnsatisfiedLinkError naming what a JNI library needs (corpus 7152)
    corpus("7152-"),
])
def test_a_cuda_library_missing_in_other_words(text):
    assert first(text).slug == "cuda-libraries-missing"


def test_the_driver_library_missing_is_not_a_toolkit_library_missing():
    # constructed: libcuda is the driver's (driver-not-loaded and its kin), not a CUDA runtime library
    text = "OSError: libcuda.so.1: No such file or directory\nI have an RTX 3090"
    assert "cuda-libraries-missing" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, needs", [
    # Triton's launcher, a CUDA 12.0 name (triton-lang/triton#2062, corpus 15051)
    (corpus("15051-"), "12.0"),
    # constructed from TensorRT-LLM's line (corpus 8370), a CUDA 12.3 name, with nvidia-smi's driver of CUDA 12.2
    ("ImportError: /usr/local/lib/python3.10/dist-packages/tensorrt_llm/libs/libtensorrt_llm.so: undefined symbol: "
     "cuKernelGetName\n| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |",
     "12.3"),
])
def test_a_driver_api_name_newer_than_the_driver_unresolved(text, needs):
    finding = first(text)
    assert (finding.slug, finding.evidence["program_cuda"]) == ("driver-too-old", needs)


@pytest.mark.parametrize("text", [
    # a name every driver has, missing from a libcuda that is not NVIDIA's (corpus 9170)
    corpus("9170-"),
    # constructed: a name the driver's CUDA (12.4) already has: the module was built without linking libcuda
    "ImportError: /root/.triton/cache/ab/cuda_utils.so: undefined symbol: cuTensorMapEncodeTiled\n"
    "| NVIDIA-SMI 550.54.14              Driver Version: 550.54.14      CUDA Version: 12.4     |",
])
def test_no_driver_reading_for_a_driver_api_name_the_driver_has(text):
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    # TensorFlow 1.13 (CUDA 10.0) on an RTX 3090, wrong results and no error (DeepLabCut#1142, corpus 15400)
    corpus("15400-"),
    # the same release and GPU, another project (corpus 9972)
    corpus("9972-"),
])
def test_tensorflow_built_with_a_cuda_major_before_the_gpu(text):
    assert first(text).slug == "gpu-arch-not-in-build"


def test_tensorflow_of_the_gpus_cuda_major_is_no_arch_finding():
    # constructed: TensorFlow 2.4 (CUDA 11.0) on an RTX 3090 (CUDA 11.1 on): one major, its PTX serves the GPU
    text = "GPU: RTX 3090\nTensorflow 2.4.1\nTraining loss does not go down."
    assert "gpu-arch-not-in-build" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, release", [
    # a torch release none of whose builds has sm_90 (mosaicml/llm-foundry#212, corpus 15005)
    (corpus("15005-"), "1.13.1"),
    # constructed: the same said of torch 1.12.1
    ("Our H100 cannot run the training: the pinned torch 1.12.1 fails with no kernel image is available", "1.12.1"),
])
def test_a_torch_release_none_of_whose_builds_covers_the_gpu(text, release):
    finding = first(text)
    assert (finding.slug, finding.evidence["torch"]) == ("gpu-arch-not-in-build", release)


def test_a_torch_release_with_a_build_for_the_gpu_is_no_certain_arch_finding():
    # constructed: torch 2.0.1's cu118 build has sm_90; which build is installed is not said
    text = "Our H100 cannot run the training with torch 2.0.1: loss is nan after the first step"
    assert "gpu-arch-not-in-build" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    # another release's library in the soname's place (corpus 15350)
    corpus("15350-"),
    # the same in a conda environment (corpus 9320)
    corpus("9320-"),
])
def test_a_cuda_library_of_another_release_in_its_place(text):
    assert first(text).slug == "cuda-libraries-missing"


@pytest.mark.parametrize("text, confidence", [
    # an AWS p4d where CUDA finds no platform (hashcat/hashcat#3008, corpus 14750)
    (corpus("14750-"), "likely"),
    # systemd has no fabric manager unit on an HGX A100 (corpus 743)
    (corpus("743-"), "confirmed"),
])
def test_fabric_manager_missing_on_an_nvswitch_system(text, confidence):
    finding = first(text)
    assert (finding.slug, finding.confidence) == ("fabric-manager-not-running", confidence)


@pytest.mark.parametrize("text", [
    # constructed: an HGX named, CUDA working
    "On our HGX A100 nodes training runs fine, nvidia-smi shows 8 GPUs; only the loss is nan with bf16.",
    # constructed: CUDA finds no GPU on a workstation, no NVSwitch system in sight
    "RTX 3090, driver 535\ntorch.cuda.is_available() returns False",
])
def test_no_fabric_manager_reading_without_its_system_and_failure(text):
    assert "fabric-manager-not-running" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, python", [
    # torch 2.1's check, in a traceback (jianchang512/ChatTTS-ui#36, corpus 15053)
    (corpus("15053-"), "3.12"),
    # torch 2.5's, as torch/__init__.py raises it
    ('  File "/venv/lib/python3.13/site-packages/torch/__init__.py", line 2424, in compile\n'
     '    raise RuntimeError("Dynamo is not supported on Python 3.13+")\n'
     "RuntimeError: Dynamo is not supported on Python 3.13+", "3.13"),
])
def test_torch_compile_refusing_the_python(text, python):
    finding = first(text)
    assert (finding.slug, finding.evidence["refuses_python_from"]) == ("python-unsupported", python)


@pytest.mark.parametrize("text, standard", [
    # GCC 4.8 on CentOS 7 (madgraph5/madgraph4gpu#92, corpus 15302)
    (corpus("15302-"), "14"),
    # an MSVC toolset on Windows (a lava-dl build log stored on GitHub: its first two lines verbatim, the third cut
    # where the stored copy ends)
    ("nvcc warning : The -std=c++14 flag is not supported with the configured host compiler. Flag will be ignored.\n"
     "leaky_integrator.cu\n"
     "C:/Users/.../.conda/envs/clip/lib/site-packages/torch/include\\c10/util/C++17.h(24): fatal error C1189: #er",
     "14"),
])
def test_nvcc_says_the_host_compiler_lacks_the_cxx_standard(text, standard):
    finding = first(text)
    assert (finding.slug, finding.evidence["cxx_standard"]) == ("host-compiler-too-old", standard)
