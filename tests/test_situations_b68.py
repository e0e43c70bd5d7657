"""Situations met in session 81, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, confidence", [
    # a DXR sample on a GTX 1080 (NVIDIAGameWorks/Falcor#289, corpus 12650)
    (corpus("12650-"), "confirmed"),
    # a Vulkan path tracer's device refused for a missing extension on an MX330 (SaschaWillems/VulkanPathTracer#7,
    # corpus 12653): which extension is not said, so the reading is a likely one
    (corpus("12653-"), "likely"),
    # constructed: the extension named, on a Maxwell card
    ("vkCreateDevice: required extension VK_KHR_ray_query not supported\nGPU: NVIDIA GeForce GTX 970", "confirmed"),
])
def test_hardware_ray_tracing_asked_of_a_gpu_without_rt_cores(text, confidence):
    finding = first(text)
    assert (finding.slug, finding.confidence) == ("gpu-lacks-rt-cores-for-rtx-renderer", confidence)


@pytest.mark.parametrize("text", [
    # an RTX card has RT cores: its "Failed to find RTX capable GPU" is a driver's (ChameleonRT#5, corpus 12652)
    corpus("12652-"),
    "Failed to find RTX capable GPU\nGPU: NVIDIA GeForce RTX 3090",  # constructed
    # a GPU without RT cores in a report that asks for no ray tracing (constructed)
    "RuntimeError: CUDA error: out of memory\nGPU: NVIDIA GeForce GTX 1080",
])
def test_no_rt_core_reading_without_both_an_old_gpu_and_ray_tracing(text):
    assert "gpu-lacks-rt-cores-for-rtx-renderer" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("written, name", [
    ("Nvidia Geforce MX330.", "MX330"),  # SaschaWillems/VulkanPathTracer#7
    ("GPU: NVIDIA GeForce MX150", "NVIDIA GeForce MX150"),  # constructed, as a form writes it
])
def test_a_geforce_mx_laptop_gpu_is_read_from_prose(written, name):
    devices = from_text(written, "paste.txt").gpus.devices
    assert [d.name for d in devices] == [name]


def test_mx_words_that_are_not_a_gpu_are_not_read():
    assert from_text("Running on MX Linux 21 with an old kernel", "paste.txt").gpus.devices == []


def test_a_version_in_inline_code_is_read_like_one_without_it():
    # OpenNMT/OpenNMT-tf#638 (corpus 12853)
    facts = from_text(corpus("12853-"), "paste.txt")
    assert [(f.name, f.version) for f in facts.frameworks.installed] == [("tensorflow", "2.1.0")]
    assert facts.cuda.stated_version == "10.2"
    # an issue form's answer in backticks (constructed)
    assert from_text("CUDA/cuDNN version: `11.8` / `8.6`", "paste.txt").cuda.stated_version == "11.8"


@pytest.mark.parametrize("text, slug", [
    # a container started with --gpus all alone: OptiX finds no library (rnd-team-dev/plotoptix#46, corpus 12655)
    (corpus("12655-"), "container-driver-capabilities-lack-graphics"),
    # a Linux driver install without OptiX's part: 7804 (owl-project/NVISII#107, corpus 7212), Dr.Jit's own words
    # (rgl-epfl/differentiable-sdf-rendering#8, corpus 7934)
    (corpus("7212-"), "optix-runtime-library-missing-from-driver-install"),
    (corpus("7934-"), "optix-runtime-library-missing-from-driver-install"),
    # a Flatpak whose NVIDIA extension lacks OptiX's files (flathub/org.freedesktop.Platform.GL.nvidia#184, 12656)
    (corpus("12656-"), "flatpak-nvidia-extension-lacks-optix"),
    # WSL 2 (PlantSimulationLab/Helios#37, corpus 7213); the SDK's own error name under WSL (constructed)
    (corpus("7213-"), "wsl-optix-library-missing"),
    ("Running under WSL2 on Windows 11\noptixInit() failed: OPTIX_ERROR_LIBRARY_NOT_FOUND",
     "wsl-optix-library-missing"),
])
def test_optix_without_its_library_is_read_by_where_it_ran(text, slug):
    assert first(text).slug == slug


def test_optix_failures_that_are_not_a_missing_library_are_left_to_others():
    # a Windows driver (591.44) failing a legacy OptiX program (DeclanRussell/NvidiaAIDenoiser#34, corpus 7211): the
    # Linux packaging reading does not apply
    assert "optix-runtime-library-missing-from-driver-install" not in paste_slugs(corpus("7211-"))
    # the driver refusing the program's OptiX ABI in a container is DRV022's, not the container's (constructed)
    text = ("docker run --gpus all -e NVIDIA_DRIVER_CAPABILITIES=all blender-render\n"
            "OptiX initialization failed because the installed NVIDIA driver is too old. Please update to the latest "
            "driver first!")
    assert first(text).slug == "driver-too-old-for-optix"
    # OptiX failing with no word of a library, outside a container, Flatpak or WSL: no reading of where (constructed)
    slugs = set(paste_slugs("Ubuntu 22.04\nOptiX initialization failed.", diagnosed_only=True))
    assert not slugs & {"optix-runtime-library-missing-from-driver-install", "flatpak-nvidia-extension-lacks-optix",
                        "wsl-optix-library-missing", "container-driver-capabilities-lack-graphics"}


@pytest.mark.parametrize("text", [
    corpus("13202-"),  # gcc: a Caffe fork's pooling call on cuDNN 5 (rbgirshick/py-faster-rcnn#308)
    corpus("13411-"),  # gcc: the convolution descriptor's new argument on cuDNN 6 (CEA-LIST/N2D2#1)
    corpus("13401-"),  # nvcc, in the fork's cudnn.hpp (alexgkendall/caffe-segnet#81)
    corpus("13203-"),  # nvcc: a type the code passes where cuDNN 4 wants another (caffe-segnet#36)
    corpus("13410-"),  # gcc: an enum cuDNN 8 removed (AlexeyAB/darknet#6202)
    corpus("10251-"),  # gcc: the same in KataGo (lightvector/KataGo#282)
    corpus("9962-"),  # gcc: the algorithm call cuDNN 8 removed, by its implicit declaration (pjreddie/darknet#2257)
    corpus("13407-"),  # clang: cuDNN v2's renamed tensor descriptor (BVLC/caffe#1792)
    corpus("9922-"),  # CMake's FindPackage reading no version from cuDNN 8's cudnn.h (arrayfire/arrayfire#2935)
])
def test_code_older_than_the_cudnn_it_is_compiled_against(text):
    assert first(text).slug == "cudnn-newer-than-code-supports"


@pytest.mark.parametrize("text", [
    # code newer than the cuDNN: the _v7 call exists only from cuDNN 7 on (constructed)
    "src/conv.cu:12:5: error: 'cudnnGetConvolutionForwardAlgorithm_v7' was not declared in this scope",
    # too few arguments to a function of the code's own (constructed)
    "src/layer.c:40:5: error: too few arguments to function 'make_layer'",
])
def test_compiler_errors_that_do_not_say_the_code_predates_cudnn(text):
    assert "cudnn-newer-than-code-supports" not in paste_slugs(text, diagnosed_only=True)


def test_a_makefile_switch_is_not_a_cudnn_version():
    # darknet's Makefile (AlexeyAB/darknet#6202): GPU=1 CUDNN=1 switch the build, they name no release
    assert from_text("GPU=1\nCUDNN=1\nCUDNN_HALF=0", "paste.txt").libraries.found == []
    assert [lib.version for lib in from_text("cuDNN=7.6.5", "paste.txt").libraries.found] == ["7.6.5"]


@pytest.mark.parametrize("text", [
    corpus("13703-"),  # an image's .theanorc with cnmem=0.95 (floydhub/dl-docker#8)
    corpus("13704-"),  # cnmem=1 beside a display on the same GPU, the device forced (alexjc/neural-enhance#19)
    corpus("13705-"),  # a project's recommended cnmem=1 (imatge-upc/activitynet-2016-cvprw#26)
])
def test_theano_cnmem_pool_larger_than_the_free_memory(text):
    assert first(text).slug == "theano-cnmem-preallocation-exceeds-free-gpu-memory"


def test_the_cnmem_setting_is_named_when_the_report_gives_it():
    text = ("[lib]\ncnmem = 0.95\nERROR (theano.sandbox.cuda): ERROR: Not using GPU. Initialisation of device gpu "
            "failed:\ninitCnmem: cnmemInit call failed! Reason=CNMEM_STATUS_OUT_OF_MEMORY. numdev=1")  # constructed
    assert "lib.cnmem=0.95" in first(text).message
    # Triton's memory manager uses CNMeM too; its other statuses are not this (corpus 2276)
    assert "theano-cnmem-preallocation-exceeds-free-gpu-memory" not in paste_slugs(corpus("2276-"))


@pytest.mark.parametrize("text, confidence", [
    # Theano under sudo, with `which nvcc` finding it for the user (dnouri/kfkd-tutorial#15, corpus 4979)
    (corpus("4979-"), "confirmed"),
    # setup.py install under sudo (cudamat/cudamat#98, corpus 13700): nothing says the user's shell finds nvcc
    (corpus("13700-"), "likely"),
])
def test_a_build_under_sudo_that_loses_nvcc(text, confidence):
    finding = first(text)
    assert (finding.slug, finding.confidence) == ("sudo-resets-path-cuda-toolkit-not-found", confidence)


@pytest.mark.parametrize("text", [
    # sudo that keeps the environment (constructed)
    "$ sudo -E python setup.py install\nunable to execute 'nvcc': No such file or directory",
    # sudo only to install packages; the build itself ran as the user (constructed)
    "$ sudo apt-get install build-essential\n$ python setup.py install\nnvcc: not found",
])
def test_nvcc_not_found_without_a_sudo_that_reset_the_path(text):
    assert "sudo-resets-path-cuda-toolkit-not-found" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [corpus("6499-"), corpus("13752-")])  # cupy/cupy#4696, chainer/chainer#8582
def test_chainer_beside_a_cupy_release_it_does_not_support(text):
    assert first(text).slug == "framework-plugin-mismatch"


def test_chainer_without_cupy_at_all_is_still_a_cpu_only_build():
    text = ("RuntimeError: CUDA environment is not correctly set up\n"
            "(see https://github.com/chainer/chainer#installation).No module named 'cupy'")  # constructed
    assert first(text).slug == "cpu-only-build"


def test_a_cuda_release_said_to_have_removed_something_is_not_the_one_installed():
    # quangnhat185/darknet_for_colab#2 (corpus 13554): the nvcc that refused compute_30 is a newer one
    text = corpus("13554-")
    assert from_text(text, "paste.txt").cuda.stated_version == ""
    assert first(text).slug == "gpu-arch-dropped-by-nvcc"
