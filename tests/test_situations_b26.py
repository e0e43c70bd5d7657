"""Situations met this session: the host's driver libraries outside the dynamic loader's cache (batch 25's 1494 and
batch 17's 1089, NVIDIA/nvidia-docker#470 and #74); from batches 26 and 27, a container given GPUs on a Mac, another
vendor's GPU model in words, a program's own compute-capability floor, TensorFlow's CPU image, the CUDA runtime's name
for a driver refusing newer PTX, driver and CUDA versions labelled in Chinese, and TensorFlow beside a cuDNN of another
major in `dpkg -l`. Each reading is tried on at least two real wordings where two exist, and on texts it must leave
alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs
from envcheck.importers import from_text


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_driver_libraries_known_only_to_a_login_shell():
    found = first(corpus("1494-"))
    assert found.slug == "driver-libs-not-in-ldcache" and found.confidence == "confirmed"
    assert found.evidence["driver_directory"] == "/usr/lib/nvidia-375"
    assert found.fix[0] == "echo /usr/lib/nvidia-375 | sudo tee /etc/ld.so.conf.d/nvidia.conf && sudo ldconfig"


def test_driver_libraries_in_a_directory_of_their_own():
    # nvidia-docker#74: the opening post names the library; its reply shows the empty cache
    text = ("Both, `nvidia-docker` as well as `nvidia-docker-plugin` abort with\n\n  Error: Could not load NVML library\n\n"
            "(I do have /usr/lib64/nvidia/libnvidia-ml.so which is part of the "
            "xorg-x11-drv-nvidia-cuda-358.16-2.fc23.x86_64 package)\n")
    found = first(text)
    assert found.slug == "driver-libs-not-in-ldcache" and found.confidence == "likely"
    assert found.evidence["driver_directory"] == "/usr/lib64/nvidia"
    found = first(text + "\n$ ldconfig -p | grep nvidia-ml\nThe output is strictly empty.\n")
    assert found.slug == "driver-libs-not-in-ldcache" and found.confidence == "confirmed"
    # pynvml's own wording, with the query's result said on its line
    found = first("pynvml.NVMLError_LibraryNotFound: NVML Shared Library Not Found\n"
                  "ldconfig -p | grep nvidia-ml returns nothing, though nvidia-smi works")
    assert found.slug == "driver-libs-not-in-ldcache" and "ldconfig" in found.evidence


def test_what_the_loader_cache_reading_leaves_alone():
    # advice about what an empty result would mean is not a result (Syllo/nvtop#122's maintainer)
    assert "driver-libs-not-in-ldcache" not in slugs(
        "Error: could not load NVML library\nYou can check with ldconfig -p | grep libnvidia-ml\n"
        "If the output is empty this means that you need to add the directory to /etc/ld.so.conf")
    # the cache lists the library: something else is wrong
    assert "driver-libs-not-in-ldcache" not in slugs(
        "Error: could not load NVML library\n$ ldconfig -p | grep nvidia-ml\n"
        "\tlibnvidia-ml.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1\n(nothing else)")
    # queried inside a container: the runtime, not the host's cache, gives it the driver (CTR003)
    text = ("$ docker run --rm nvidia/cuda:12.2.0-base-ubuntu22.04 nvidia-smi\n"
            "NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the NVIDIA Display "
            "Driver is properly installed and present in your system.\n"
            "$ docker exec -it gpu ldconfig -p | grep nvidia-ml\n(empty)")
    assert "driver-libs-not-in-ldcache" not in slugs(text)


def test_a_container_given_gpus_on_a_mac():
    found = first(corpus("1506-"))
    assert found.slug == "no-nvidia-gpu" and "--gpus" in found.message
    assert found.fix[0].startswith("run the container without --gpus")
    found = first("MacBook Pro M1, Docker Desktop 4.12\n$ docker run --rm --gpus all ubuntu nvidia-smi\n"
                  "docker: Error response from daemon: could not select device driver \"\" with capabilities: [[gpu]].")
    assert found.slug == "no-nvidia-gpu"
    # the same error on a Linux host is the toolkit's (CTR002), not a missing GPU
    assert "no-nvidia-gpu" not in paste_slugs(
        "Ubuntu 22.04, RTX 3090\n$ docker run --rm --gpus all ubuntu nvidia-smi\n"
        "docker: Error response from daemon: could not select device driver \"\" with capabilities: [[gpu]].",
        diagnosed_only=True)


def test_another_vendors_gpu_in_words_is_not_an_nvidia_one():
    assert [g.name for g in from_text("Graphics:  AMD Radeon R9 M295X 4 GB").gpus.devices] == []
    assert [g.name for g in from_text("GPU: Intel(R) Arc(TM) A770 Graphics").gpus.devices] == []
    # a CPU vendor's name before an NVIDIA GPU does not hide it, nor does another GPU named earlier
    assert [g.name for g in from_text("AMD EPYC 7742 with 8x A100").gpus.devices] == ["A100"]
    assert [g.name for g in from_text("AMD Radeon Pro W6800 and NVIDIA RTX A6000").gpus.devices] == ["NVIDIA RTX A6000"]


def test_a_program_stating_its_oldest_architecture():
    found = first(corpus("1525-"))
    assert found.slug == "gpu-arch-unsupported"
    assert (found.evidence["needs"], found.evidence["compute_capability"]) == ("7.0", "6.1")
    assert not any("pip install" in step for step in found.fix)  # not a torch wheel: the program's own build
    found = first("GPU: GeForce GTX 680\nERROR: Need at least compute capability 3.5.")
    assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == "3.0"
    # the GPU meets the floor: the floor is not why the program stopped
    assert "gpu-arch-unsupported" not in paste_slugs("GPU: GeForce GTX 1080\nNeed at least compute capability 3.0",
                                                     diagnosed_only=True)
    # a required capability beside the GPU's name is not the GPU's own
    gpus = from_text("my RTX 2060 gives: requires compute capability >= 8.0").gpus.devices
    assert gpus and gpus[0].compute_capability == ""


def test_tensorflows_cpu_image_given_gpus():
    found = first(corpus("1559-"))
    assert found.slug == "cpu-only-build" and found.fix[0].startswith("use tensorflow/tensorflow:latest-gpu")
    found = first("$ docker run -it --rm --gpus all tensorflow/tensorflow:2.15.0 python -c \"import tensorflow as tf; "
                  "print(tf.config.list_physical_devices('GPU'))\"\n[]")
    assert found.slug == "cpu-only-build" and "tensorflow/tensorflow:2.15.0-gpu" in found.fix[0]
    # the Jupyter variant's GPU tag puts -gpu before -jupyter
    found = first("docker run --gpus all -it -p 8888:8888 tensorflow/tensorflow:2.15.0-jupyter\nGPU not detected")
    assert found.slug == "cpu-only-build" and "tensorflow/tensorflow:2.15.0-gpu-jupyter " in found.fix[0]
    # the -gpu tags and the project's own address are not the CPU image
    assert "cpu-only-build" not in paste_slugs("$ docker run --gpus all -it tensorflow/tensorflow:latest-gpu-jupyter\n"
                                               "GPU not detected", diagnosed_only=True)
    assert "cpu-only-build" not in paste_slugs("see https://github.com/tensorflow/tensorflow and docker run --gpus all "
                                               "nvidia/cuda:12.2.0-base-ubuntu22.04 nvidia-smi", diagnosed_only=True)


def test_the_driver_refusing_newer_ptx_in_the_runtimes_words():
    found = first(corpus("1565-"))
    assert found.slug == "driver-too-old" and found.evidence["driver"] == "450.102.04"
    facts = from_text("CUDA版本：11.1\n驱动程序版本：418.67")
    assert (facts.gpus.driver_version, facts.cuda.stated_version) == ("418.67", "11.1")
    found = first("CUDA error: code=222(cudaErrorUnsupportedPtxVersion) \"cudaMalloc(&d, n)\"\n"
                  "Driver Version: 455.23.05    CUDA 11.4 toolkit")
    assert found.slug == "driver-too-old"


def test_tensorflow_beside_a_cudnn_of_another_major():
    found = first(corpus("1563-"))
    assert found.slug == "cudnn-missing" and found.evidence["tested_cudnn"] == "9"
    libraries = from_text("ii  libcudnn9-cuda-12  9.1.0.70-1  amd64  cuDNN runtime libraries for CUDA 12.4\n"
                          "ii  libnccl2  2.18.5-1+cuda12.2  amd64  NVIDIA Collective Communication Library (NCCL) "
                          "Runtime").libraries.found
    assert [(lib.name, lib.version, lib.kind) for lib in libraries] == [
        ("cudnn", "9.1.0.70", "system-package"), ("nccl", "2.18.5", "system-package")]
    # the major TensorFlow wants is there
    assert "cudnn-missing" not in paste_slugs("TensorFlow 2.19.0\nii  libcudnn9-cuda-12  9.1.0.70-1  amd64  cuDNN "
                                              "runtime libraries\nii  libcudnn8  8.9.6.50-1+cuda12.2  amd64  cuDNN "
                                              "runtime libraries", diagnosed_only=True)
    # a cuDNN named in words (an archive name) does not contradict the table; it is read for its own version
    assert [lib.version for lib in from_text("CUDA/cuDNN version: CUDA v11.2, cudnn-11.2-windows-x64-v8.1.0.77"
                                             ).libraries.found] == ["8.1.0"]
    assert "cudnn-missing" not in paste_slugs("TensorFlow version: 2.14.0\ncuDNN 7.6.5", diagnosed_only=True)


def test_a_container_given_gpus_on_a_machine_said_to_have_none():
    found = first(corpus("1586-"))
    assert found.slug == "no-nvidia-gpu" and found.fix[0].startswith("start the container without --gpus")
    found = first("I run it on a server with no GPU:\n$ docker run --rm --gpus all -p 8080:8080 localai/localai:latest-cpu\n"
                  "docker: Error response from daemon: could not select device driver \"\" with capabilities: [[gpu]].")
    assert found.slug == "no-nvidia-gpu"
    # a machine without a GPU of some kind is not a machine without a GPU
    assert "no-nvidia-gpu" not in paste_slugs(
        "on a machine without a GPU with enough memory the model falls back\n$ docker run --gpus all -it vllm/vllm-openai\n"
        "docker: Error response from daemon: could not select device driver \"\" with capabilities: [[gpu]].",
        diagnosed_only=True)
