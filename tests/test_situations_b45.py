"""Situations met in session 58 (batch 44's leftovers and batch 45), each read in general and tried on at least two
real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("4442-"),  # "on 3090 GPUs ... My driver version is 470.141.03 with CUDA 11.7", then Error 804
    # AIR-DISCOVER/ICRA2024-Sim2Real-AXS#5 (RTX3090, driver 525 and CUDA 12.1; "fixed by updating the driver"), its
    # words with the CUDA said on a line of its own and the GPU as people write it
    "I use the RTX3090 whose version of the driver is 525.60.11\n"
    "CUDA 12.1\n"
    "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling "
    "NumCudaDevices() that might have already set an error? Error 804: forward compatibility was attempted on non "
    "supported HW",
])
def test_error_804_with_a_cuda_beyond_the_drivers_own_is_a_driver_too_old(text):
    """Forward compatibility was tried, so a libcuda newer than the kernel driver was loaded: it is tried for a CUDA
    beyond the driver's own release even where minor-version compatibility would have run the program."""
    found = first(text)
    assert found.slug == "driver-too-old" and "forward compatibility" in found.message
    assert found.evidence["minimum_driver"]


def test_error_804_with_a_cuda_the_driver_runs_as_its_own_is_not_blamed_on_the_driver():
    # the same error where the driver's own CUDA covers the stated one: something else put a compat libcuda in the way
    text = ("I use the RTX3090 whose version of the driver is 535.104.05\n"
            "CUDA 12.1\n"
            "RuntimeError: Unexpected error from cudaGetDeviceCount(). Error 804: forward compatibility was attempted "
            "on non supported HW")
    assert first(text).slug == "cuda-init-failed"


@pytest.mark.parametrize("text, gpu", [
    # corpus 4442's own words
    ("Hello! I met this error when I was preparing the environment on 3090 GPUs, is this due to the low driver "
     "version of the GPUs?", "3090"),
    # a README: "The results for Figure 2(a) are meansured on four NVIDIA 4090 GPUs."
    ("Mochi 1 10B - Apache 2.0 license, optimized for 4090 GPUs, fast inference", "4090"),
])
def test_a_bare_model_number_before_gpus_in_the_plural_is_a_gpu(text, gpu):
    from envcheck.importers import from_text

    assert [g.name for g in from_text(text, "paste.txt").gpus.devices] == [gpu]


@pytest.mark.parametrize("text, cuda", [
    # corpus 4442: the driver's version in a person's words, then the CUDA they use
    ("My driver version is 470.141.03 with CUDA 11.7.", "11.7"),
    # a README's sentence (GeForce GTX 1080): the two side by side in prose
    ("The driver version is 470.182.03, and the CUDA version is 11.4.", "11.4"),
])
def test_a_cuda_named_beside_the_driver_in_prose_is_the_stated_cuda(text, cuda):
    from envcheck.importers import from_text

    assert from_text(text, "paste.txt").cuda.stated_version == cuda


def test_nvidia_smis_header_cuda_stays_the_drivers():
    from envcheck.importers import from_text

    text = "| NVIDIA-SMI 470.57.02    Driver Version: 470.57.02    CUDA Version: 11.4     |"
    assert from_text(text, "paste.txt").cuda.stated_version == ""


@pytest.mark.parametrize("text, gpu", [
    # corpus 4487
    ("So I have a 3060 and a core i9-12900kf and when im using decipher im getting the error", "3060"),
    # a README and a blog post: "I have a 4090 with Ollama running qwen2.5:7b", "it ran a bit slowly on my 3090"
    ("I have a 4090 with Ollama running qwen2.5:7b and qwen2.5:14b.", "4090"),
    ("olmOCR provided high-quality OCR, even if it ran a bit slowly on my 3090.", "3090"),
])
def test_a_geforce_number_a_person_says_they_own_is_their_gpu(text, gpu):
    from envcheck.importers import from_text

    assert [g.name for g in from_text(text, "paste.txt").gpus.devices] == [gpu]


@pytest.mark.parametrize("text", [
    "I have a 1080p monitor and the window is cut off",
    "my 2000 steps took an hour",
])
def test_numbers_that_are_not_a_geforce_owned_are_not_gpus(text):
    from envcheck.importers import from_text

    assert from_text(text, "paste.txt").gpus.devices == []


def test_a_conda_plan_that_picks_pytorchs_cpu_build_is_a_cpu_only_build():
    # corpus 4535: "pytorch-nightly    pytorch/linux-64::pytorch-nightly-1.2.0.dev20190805+cpu-py3.7_cpu_0", under
    # "conda install pytorch-nightly cudatoolkit=10.0 -c pytorch"
    assert first(corpus("4535-")).slug == "cpu-only-build"


def test_a_conda_plan_on_windows_reads_the_cpu_build():
    from envcheck.importers import from_text

    # the pytorch channel's plan for 2.5.1 on Windows: the CPU build and the pytorch-mutex that selects it
    text = ("The following NEW packages will be INSTALLED:\n"
            "    pytorch            pytorch/win-64::pytorch-2.5.1-py3.10_cpu_0\n"
            "    pytorch-mutex      pytorch/noarch::pytorch-mutex-1.0-cpu\n")
    [torch] = from_text(text, "paste.txt").frameworks.installed
    assert (torch.name, torch.version, torch.accelerator) == ("torch", "2.5.1", "cpu")


def test_the_pytorch_mutex_alone_selects_the_cpu_build():
    from envcheck.importers import from_text

    # a conda plan cut after the mutex (an issue about cpuonly and pytorch-mutex quotes these lines)
    text = ("  mkl                pkgs/main/linux-64::mkl-2022.0.1-h06a4308_117\n"
            "  pytorch-mutex      pytorch/noarch::pytorch-mutex-1.0-cpu\n")
    [torch] = from_text(text, "paste.txt").frameworks.installed
    assert (torch.name, torch.accelerator) == ("torch", "cpu")


@pytest.mark.parametrize("text, library, step", [
    # corpus 4604 (Rust-CUDA's build script); Rust-CUDA's README names the same error and the nvvm/lib64 fix
    (corpus("4604-"), "libnvvm.so.4", "nvvm/lib64"),
    ('If you get an error "libnvvm.so.4: cannot open shared object file", you will need to adjust LD_LIBRARY_PATH',
     "libnvvm.so.4", "nvvm/lib64"),
    # corpus 4737 (qiskit-aer-gpu 0.12.2); a quantum-computing guide's troubleshooting names the same import error
    (corpus("4737-"), "libcustatevec.so.1", "custatevec-cu12"),
    ("ImportError: libcustatevec.so.1: cannot open shared object file", "libcustatevec.so.1", "custatevec-cu12"),
])
def test_cuda_libraries_numbered_by_their_own_release_are_found_where_they_live(text, library, step):
    """libnvvm.so.4 and libcustatevec.so.1 carry their own numbers, not a CUDA major: asking for "the CUDA 4
    libraries" would send the user to wheels that do not exist."""
    found = first(text)
    assert found.slug == "cuda-libraries-missing" and found.evidence["library"] == library
    assert any(step in line for line in found.fix) and "CUDA 4" not in found.message


@pytest.mark.parametrize("text", [
    corpus("4632-"),  # Isaac ROS's cuVSLAM in a container on driver 470.161.03
    # the ZED SDK's NVIDIA_DRIVER_OUT_OF_DATE, in its own words
    "Your NVIDIA driver is too old and not compatible with your current CUDA version.",
])
def test_a_librarys_own_driver_too_old_message_is_driver_too_old(text):
    assert first(text).slug == "driver-too-old"


def test_ollamas_too_old_or_missing_is_not_read_as_too_old():
    # ollama's GPU discovery prints it for the CUDA runtime's error 35 and, in its own words, it may mean no driver at
    # all (a host's journal, "cudaSetDevice err: 35" before it); the error code alone is for other readings to judge
    text = ('level=DEBUG source=gpu.go:593 msg="Unable to load cudart library '
            '/usr/lib/ollama/cuda_v12/libcudart.so.12.8.90: your nvidia driver is too old or missing.  If you have a '
            'CUDA GPU please upgrade to run ollama"')
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("4572-"),  # "CUDA initialization fails with 802 system error" on an AMI without nvidia-fabricmanager
    # a deployment guide: "Without it, CUDA initialisation fails with error 802"; a bootstrap's notes: "Without fabric
    # manager running on the host, CUDA initialization fails with error 802."
    "Without it, CUDA initialisation fails with error 802",
    "Without fabric manager running on the host, CUDA initialization fails with error 802.",
])
def test_802_in_words_is_the_fabric_manager(text):
    assert first(text).slug == "fabric-manager-not-running"


def test_an_api_failing_with_802_outside_cuda_is_not_the_fabric_manager():
    # a note-taking plugin's API: "PluginFileAPI.createNote() fails with error 802"
    text = "PluginFileAPI.createNote() fails with error 802 when template path doesn't resolve to a file."
    assert "fabric-manager-not-running" not in paste_slugs(text)
