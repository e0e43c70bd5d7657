"""Situations met in session 59 (batch 46), each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck import anchors
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, floor", [
    (corpus("4997-"), "550"),  # MAX on Cloud Run: "MAX requires a minimum driver version of 550 and CUDA version 12.4"
    # modular/modular#6519: the same check from Mojo, with the driver it found
    ("Exception: At oss/modular/mojo/stdlib/std/gpu/host/device_context.mojo:3316:17: MAX doesn't support your current "
     "NVIDIA GPU driver. MAX requires a minimum driver version of 580 and CUDA version 13.0. Your driver version is "
     "570.211.01", "580"),
    # lshqqytiger/ZLUDA#119: V-Ray GPU's log
    ("[10:14:42.144] Error : 5004: CUDA 12 requires minimum driver version: 525.60. For more information visit: "
     "https://support.chaos.com/hc/en-us/articles/17134147987345", "525.60"),
    # nicehash/NiceHashQuickMiner#211
    ('an error appears that says "Invalid NVIDIA driver version. Minimum is 458.00 / Please, install latest NVIDIA '
     'drivers!"', "458.00"),
])
def test_a_programs_own_driver_floor_is_a_driver_too_old(text, floor):
    found = first(text)
    assert found.slug == "driver-too-old"
    assert found.evidence["program_minimum_driver"] == floor
    assert f"requires driver {floor} or newer" in found.message


def test_a_sentence_about_driver_floors_without_a_number_is_not_a_finding():
    # documentation prose stored on GitHub: it says nothing of this host
    text = ("The CUDA toolkit requires a minimum driver version. Mismatches cause runtime errors.\n"
            "Each CUDA toolkit version requires a minimum driver version")
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("5009-"),  # T-Rex: "Can't start miner, video driver is too old Please update the video driver"
    # Isaac ROS's cuVSLAM, the wording the rule already read
    "[ERROR] Your NVIDIA driver is too old. Please update the driver to the most recent version.",
])
def test_a_program_saying_the_video_driver_is_too_old_is_a_driver_too_old(text):
    assert first(text).slug == "driver-too-old"


def test_blackmagics_desktop_video_driver_is_not_the_gpu_driver():
    # a capture card's driver, in a diagnostics tool's description stored on GitHub
    text = "The DeckLink device couldn't open: not connected, off, or the Desktop Video driver is too old."
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, skipped", [
    # fish-speech: ld in Chinese, "当搜索用于 /lib/i386-linux-gnu/libcuda.so 时跳过不兼容的 -lcuda"
    (corpus("4948-"), "/lib/i386-linux-gnu/libcuda.so"),
    # torch.compile notes stored on GitHub, in English
    ("/usr/bin/ld: skipping incompatible /lib/i386-linux-gnu/libcuda.so when searching for -lcuda\n"
     "/usr/bin/ld: skipping incompatible /lib/i386-linux-gnu/libcuda.so when searching for -lcuda\n"
     "/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status", "/lib/i386-linux-gnu/libcuda.so"),
    # a cluster's training script's comment
    ("# make sure not to have copy/deepcopy -> throws /bin/ld: skipping incompatible /usr/lib/libcuda.so when "
     "searching for -lcuda", "/usr/lib/libcuda.so"),
])
def test_ld_skipping_a_libcuda_of_another_word_size_is_named(text, skipped):
    found = first(text)
    assert found.slug == "cuda-libs-not-on-library-path"
    assert found.evidence["skipped"] == skipped


def test_ld_not_finding_lcuda_in_chinese_is_the_libcuda_link_failure():
    # binutils' zh_CN catalogue says "cannot find" as "找不到" (its "找不到 -lgcc" lines are stored on GitHub)
    assert first("/usr/bin/ld: 找不到 -lcuda\ncollect2: error: ld returned 1 exit status").slug == \
        "cuda-libs-not-on-library-path"


def test_ld_skipping_an_incompatible_library_that_is_not_libcuda_is_not_this_rule():
    # a Raspberry Pi build stored on GitHub: another library of the wrong architecture
    text = "/usr/bin/ld: 当搜索用于 /usr/lib/../lib/libwiringPi.so 时跳过不兼容的 -lwiringPi"
    assert "cuda-libs-not-on-library-path" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("4983-"),  # "it fails with some build errors, noting that I have an unsupported GNU version"
    "/usr/local/cuda/include/crt/host_config.h:119:2: error: #error -- unsupported GNU version! gcc versions later "
    "than 6 are not supported!",
])
def test_an_unsupported_gnu_version_in_nvccs_words_or_retold_is_the_host_compiler(text):
    assert first(text).slug == "host-compiler-unsupported"


@pytest.mark.parametrize("text", [
    corpus("4873-"),  # R torch on Windows: "PyTorch is not linked with support for cuda devices"
    # Ruby's torch.rb: the message its tests expect from a CPU LibTorch
    'assert_equal "PyTorch is not linked with support for cuda devices", error.message',
])
def test_libtorch_without_a_cuda_backend_is_a_cpu_only_build(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and found.evidence["library"] == "LibTorch"


@pytest.mark.parametrize("text", [
    corpus("4858-"),  # an EasyBuild gompic Open MPI on a node without GPUs
    # John the Ripper's MPI build, in a write-up stored on GitHub
    "sudo john zip.hash\nCreated directory: /root/.john\n"
    "--------------------------------------------------------------------------\n"
    "The library attempted to open the following supporting CUDA libraries,\n"
    "but each of them failed.  CUDA-aware support is disabled.\n"
    "libcuda.so.1: cannot open shared object file: No such file or directory\n"
    "libcuda.dylib: cannot open shared object file: No such file or directory\n"
    "/usr/lib64/libcuda.so.1: cannot open shared object file: No such file or directory\n"
    "If you are not interested in CUDA-aware support, then run with\n"
    "--mca opal_warn_on_missing_libcuda 0 to suppress this message.",
])
def test_a_cuda_built_open_mpi_without_libcuda_is_mpi_gpu_support_on_a_cpu_node(text):
    found = first(text)
    assert found.slug == "mpi-gpu-support-on-cpu-only-node" and "Open MPI" in found.message


def test_open_mpi_finding_a_32_bit_libcuda_is_not_a_node_without_the_driver():
    # an Open MPI users' list thread stored on GitHub: the driver is there, its 32-bit library was found first
    text = ("The library attempted to open the following supporting CUDA libraries, but\n"
            "each of them failed.  CUDA-aware support is disabled.\n"
            "/usr/lib/libcuda.so.1: wrong ELF class: ELFCLASS32\n"
            "/usr/lib/libcuda.so.1: wrong ELF class: ELFCLASS32 If you are not interested in\n"
            "CUDA-aware support, then run with --mca mpi_cuda_support 0 to suppress")
    assert "mpi-gpu-support-on-cpu-only-node" not in paste_slugs(text)


def test_a_cudnn_built_for_another_cuda_major_is_a_cudnn_mismatch():
    # corpus 4828: "cuda 9.0 and cuDNN v6.0 for cuda 8.0 are installed", then CUDNN_STATUS_NOT_INITIALIZED
    found = first(corpus("4828-"))
    assert found.slug == "cudnn-version-mismatch"
    assert "build for CUDA 8.0" in found.message and found.evidence["cuda"] == "9.0"


@pytest.mark.parametrize("text, cudnn, cuda", [
    ("cuda 9.0 and cuDNN v6.0 for cuda 8.0 are installed.", "6.0", "8.0"),  # matterport/Mask_RCNN#258
    ("cudnn: cudnn7.1 for cuda9.0", "7.1", "9.0"),  # tensorflow/tensorflow#22056
    ("We can download the **cuDNN v7.0 Library for CUDA 8.0 for Linux**", "7.0", "8.0"),  # a tutorial on GitHub
    ("Works with archive version zip file: cuDNN v8.9.7 (December 5th, 2023), for CUDA 12.x", "8.9.7", "12"),
])
def test_nvidias_names_for_a_cudnn_download_say_the_cuda_it_is_built_for(text, cudnn, cuda):
    from envcheck.rules.libraries import CUDNN_FOR_CUDA

    assert CUDNN_FOR_CUDA.search(text).groups() == (cudnn, cuda)


def test_a_cudnn_for_another_cuda_without_a_cudnn_failure_is_not_a_finding():
    # Sergio0694/NeuralNetwork.NET#86: a maintainer's guess, with nothing failing
    text = ("I had been using the cuDNN 5.0 for CUDA 8.0 lib, with CUDA 9.0 instead. You might try that (get the "
            "`cudnn64_5.dll` from the cuDNN 5.0 for CUDA 8.0 package) and combine it with CUDA 9.0")
    assert "cudnn-version-mismatch" not in paste_slugs(text)


def test_a_cudnn_built_for_the_cuda_installed_is_not_blamed():
    # tensorflow/tensorflow#22056 itself: the pair matches, the cause lies elsewhere
    text = ("TensorFlow: 1.10.1\ncuda: 9.0\ncudnn: cudnn7.1 for cuda9.0\n"
            "Could not create cudnn handle: CUDNN_STATUS_NOT_INITIALIZED")
    assert "cudnn-version-mismatch" not in paste_slugs(text, diagnosed_only=True)


def test_anchors_of_a_group_of_patterns_keep_only_what_a_line_must_hold():
    import re

    cuda = re.compile(r"\bCUDA\s*(\d+\.\d)|\bcuda_(\d+\.\d)")
    cudnn = re.compile(r"cuDNN\s*(\d+)", re.I)
    # "cuda_" holds "cuda": a line with "cuda_" is found by "cuda" alone
    assert anchors.anchors_of_any((cuda, cudnn)) == ("cuda", "cudnn")
    # one pattern with no anchor (a bare version) makes every line a candidate
    assert anchors.anchors_of_any((cuda, re.compile(r"\d+\.\d+"))) is None
    assert anchors.may_hold(anchors.fold("Built with CUDA 12.1"), ("cuda",))
    assert not anchors.may_hold(anchors.fold("no such words"), ("cuda", "cudnn"))
    assert anchors.may_hold("anything", None)


@pytest.mark.parametrize("text, cc", [
    # umautobots/LONER#6: "Could not find compatible tinycudann extension for compute capability 61."
    (corpus("4891-"), "6.1"),
    (corpus("3839-"), "7.0"),  # built on an sm_86 workstation, run on a cluster's V100s
])
def test_tinycudann_without_an_extension_for_the_gpu_is_an_extension_built_for_another_arch(text, cc):
    found = first(text)
    assert found.slug == "extension-built-for-other-gpu-arch" and found.evidence["compute_capability"] == cc
    assert any(f"TCNN_CUDA_ARCHITECTURES={cc.replace('.', '')}" in line for line in found.fix)
