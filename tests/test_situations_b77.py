"""Situations met in session 90, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


@pytest.mark.parametrize("case, named", [("20050", "redeon rx 6600"), ("20051", "rtx5700xt")])
def test_a_radeon_named_loosely_beside_a_cuda_build_is_no_nvidia_gpu(case, named):
    """voice-changer's CUDA build run on a Radeon RX 6600 ("AMD redeon rx 6600") and on an RX 5700 XT written
    "rtx5700xt" in the form's GPU field: the XT suffix is AMD's alone."""
    found = first(corpus(case))
    assert found.slug == "no-nvidia-gpu"
    assert named in found.evidence["said"][0].lower()
    assert any("DirectML" in step for step in found.fix)


@pytest.mark.parametrize("gpu", ["RTX 4090", "RTX 3070 Ti", "GeForce GTX 1080"])
def test_an_nvidia_card_beside_a_cuda_build_is_not_another_vendors(gpu):
    """Constructed: the same complaint from an NVIDIA card's owner has another cause."""
    text = (f"### vc client version number\n\nvcclient_win_cuda_2.0.77-beta.zip\n\n### GPU\n\n{gpu}\n\n"
            "### Situation\n\nmy gpu is not showing up")
    assert "no-nvidia-gpu" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("case, app", [("19551", "pycharm"), ("13901", "Atom")])
def test_a_program_that_works_from_the_terminal_only_lacks_the_shell_environment(case, app):
    """NerfAcc finding no CUDA toolkit when PyCharm runs it, "but it succeeds when using the command line";
    ArrayFire.jl working "in terminal. However in Atom" it fails."""
    found = first(corpus(case))
    assert found.slug == "gui-app-lacks-shell-environment"
    assert app in found.message
    assert any("ld.so.conf.d" in step for step in found.fix)


@pytest.mark.parametrize("text", [
    "Running on an Intel Atom N270 netbook; the example works fine on the command line but the CUDA one fails.",
    "import torch works from the terminal, but in a Jupyter notebook torch.cuda.is_available() is False",
])
def test_an_atom_cpu_or_a_python_shell_is_not_a_program_started_outside_the_shell(text):
    """Constructed: Intel's Atom is a CPU, not the editor; a Jupyter kernel is often another interpreter, a cause of
    its own."""
    assert "gui-app-lacks-shell-environment" not in paste_slugs(text)


# A comment in tensorflow/tensorflow#63362 (a WSL2 image, pip install tensorflow[and cuda]): TensorFlow's own lines,
# with no library named above "Cannot dlopen some GPU libraries". The release line is added: the thread is 2.16.1's.
TF_216_LOG = """`pip install tensorflow[and cuda]`
>>> tf.__version__
'{version}'
2024-03-11 02:00:00.709325: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not find \
TensorRT
2024-03-11 02:00:01.180445: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2251] Cannot dlopen some GPU libraries. \
Please make sure the missing libraries mentioned above are installed properly if you would like to use GPU. Follow the \
guide at https://www.tensorflow.org/install/gpu for how to download and setup the required libraries for your platform.
Skipping registering GPU devices...
"""


@pytest.mark.parametrize("text", [corpus("19704"), TF_216_LOG.format(version="2.16.1")])
def test_tensorflow_216_seeing_no_gpu_misses_the_libraries_of_its_own_extra(text):
    """TensorFlow 2.16.1 listing no GPU ("I get an empty list  [ ]"), or skipping the GPU with no library named."""
    found = first(text)
    assert found.slug == "cuda-libraries-missing"
    assert "[and-cuda]" in found.message and "2.16" in found.message
    assert any("LD_LIBRARY_PATH" in step for step in found.fix)


def test_tensorflow_215_seeing_no_gpu_is_not_read_as_216s_loader():
    """Constructed: the same lines from 2.15.1, which finds its extra's libraries itself."""
    found = [f for f in paste_findings(TF_216_LOG.format(version="2.15.1")) if f.slug == "cuda-libraries-missing"]
    assert not any("2.16 does not find" in f.message for f in found)


def test_nunchakus_fp4_trap_is_the_gpu_lacking_fp4():
    """Nunchaku's NVFP4 kernels on an RTX 4090: "FP4 is not available on this device", then the trap's launch
    failure. Its kernels have FP4 from compute capability 12.0 (FP4_AVAILABLE in gemm_w4a4.cuh)."""
    found = first(corpus("20753"))
    assert found.slug == "quantization-unsupported-gpu"
    assert found.evidence["needs"] == "12.0"


@pytest.mark.parametrize("case, clang", [("20407", "clang-4.0"), ("7071", "clang-14")])
def test_the_packaged_nvcc_finding_no_supported_gcc_is_the_host_compiler(case, clang):
    """Debian's and Ubuntu's nvcc wrapper: "No supported gcc/g++ host compiler found, but clang-4.0 is available"
    (Linux Mint 19.3), "... but clang-14 is available" (Ubuntu 24.04, candle's build)."""
    found = first(corpus(case))
    assert found.slug == "host-compiler-unsupported"
    assert clang in found.message
    assert any(f"-ccbin {clang}" in step for step in found.fix)


@pytest.mark.parametrize("case", ["20200", "20203"])
def test_ptx_whose_target_is_above_the_gpu_is_the_gpu_too_old_for_the_program(case):
    """ptxas's "SM version specified by .target is higher than default SM version assumed": Enoki's PTX on a GeForce
    940M, Optiminer 2.0's sm_61 PTX on older cards."""
    found = first(corpus(case))
    assert found.slug == "gpu-arch-unsupported"
    assert ".target" in found.message


def test_an_optix_library_without_optix7s_entry_point_is_a_driver_before_optix7():
    """Mitsuba 2 on Colab's driver 418.67: "could not find symbol optixQueryFunctionTable"."""
    found = first(corpus("20202"))
    assert found.slug == "driver-too-old-for-optix"
    assert found.evidence["driver"] == "418.67"


def test_the_missing_optix_entry_point_under_wsl_is_not_the_drivers_age():
    """Constructed: under WSL 2 the same words come from /usr/lib/wsl/lib's libnvoptix.so.1, a loader stub."""
    text = ("WSL2 Ubuntu 22.04, mitsuba 3.5, driver 566.36\n"
            "jit_optix_api_init(): could not find symbol optixQueryFunctionTable")
    assert "driver-too-old-for-optix" not in paste_slugs(text)


def test_a_linux_wheel_given_to_pip_on_windows_is_no_build_for_the_platform():
    """A nunchaku linux_x86_64 wheel installed from a ComfyUI portable Python on Windows."""
    found = first(corpus("20754"))
    assert found.slug == "no-cuda-build-for-platform"
    assert found.evidence["wheel"].startswith("nunchaku-0.1.3")


def test_a_linux_wheel_refused_on_linux_is_not_the_windows_reading():
    """Constructed: on Linux the same refusal of a cp310 wheel under Python 3.11 is the Python tag's."""
    text = ("Python 3.11.4 on Ubuntu 22.04\n"
            "ERROR: tinycudann-1.7-cp310-cp310-linux_x86_64.whl is not a supported wheel on this platform.")
    assert "no-cuda-build-for-platform" not in paste_slugs(text)
