"""Situations batch 16 showed: TensorFlow on a GPU newer than the CUDA its release was built with, a pod on a
Kubernetes distribution whose containerd has nvidia only as an extra runtime, nvcc refusing gcc in a person's words,
bitsandbytes' slow int8 warning, GPU device nodes made only by a first program on the host, CUDA lost after a
suspend, and both ONNX Runtime packages named in prose. Each signature
is tried on at least two real wordings, and each new reading on a text it must leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as rules_run, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_tensorflow_built_before_the_gpu():
    found = first(corpus("1024-"))
    assert found.slug == "gpu-arch-not-in-build"
    assert found.evidence["compute_capability"] == "12.0" and found.evidence["tensorflow_build_cuda"] == "12.5"
    # TensorFlow's own warning, and the GPU from the issue template (tensorflow/tensorflow#97387)
    found = first("### TensorFlow version\n\ntf-nightly-2.21.0.dev20250722\n\n### GPU model and memory\n\nRTX5080 16gb\n\n"
                  "W0000 00:00:1753232013.685876   24341 gpu_device.cc:2431] TensorFlow was not built with CUDA kernel "
                  "binaries compatible with compute capability 12.0. CUDA kernels will be jit-compiled from PTX, which "
                  "could take 30 minutes or longer.\n\nCUDA_ERROR_INVALID_HANDLE")
    assert found.slug == "gpu-arch-not-in-build" and "12.0" in found.message
    # invalid PTX on a GPU TensorFlow's CUDA already knows: not this (a driver older than the PTX gives it too)
    assert "gpu-arch-not-in-build" not in slugs(
        "### TensorFlow version\n\n2.20.0\n\n### GPU model and memory\n\nRTX 3090 24GB\n\n"
        "W tensorflow/compiler/mlir/tools/kernel_gen/tf_gpu_runtime_wrappers.cc:40] 'cuModuleLoadData(&module, data)' "
        "failed with 'CUDA_ERROR_INVALID_PTX'")


def test_pod_on_a_bundled_containerd_without_the_runtime_class():
    found = first(corpus("1042-"))
    assert found.slug == "container-runtime-not-configured" and "runtimeClassName" in found.message
    assert "--default-runtime" in " ".join(found.fix)
    # k0s, the GPU missing in the pod as the image's entrypoint says it (mudler/LocalAI#2117)
    found = first("**Environment, CPU architecture, OS, and Version:**\nkubernetes k0s 1.29.4 on ubuntu 22.04\n"
                  "/aio/entrypoint.sh: line 52: nvidia-smi: command not found\n"
                  "NVIDIA GPU detected, but nvidia-smi is not installed. GPU acceleration will not be available.")
    assert found.slug == "container-runtime-not-configured" and "k0s" in found.message
    # k3s named, but the pod sees its GPU: nothing to say
    assert "container-runtime-not-configured" not in slugs(
        "I run k3s on my node\n>>> torch.cuda.is_available()\nTrue")


def test_gcc_refusal_in_a_persons_words():
    found = first(corpus("1060-"))
    assert found.slug == "host-compiler-unsupported" and "gcc 13" in found.message
    assert first("/usr/local/cuda/include/crt/host_config.h:132:2: error: #error -- unsupported GNU version! gcc "
                 "versions later than 12 are not supported!").slug == "host-compiler-unsupported"
    assert "host-compiler-unsupported" not in slugs("gcc versions later than 13 work fine here")


def test_bitsandbytes_int8_on_a_gpu_before_turing():
    found = first(corpus("1051-"))
    assert found.slug == "quantization-unsupported-gpu" and found.evidence["needs"] == "7.5"
    # bitsandbytes 0.41's wording, wrapped with its indentation, beside the error that stopped the program: the
    # warning is printed on every such GPU, so it ranks after the error (here: no binary for this CUDA)
    text = ("bitsandbytes/cuda_setup/main.py:167: UserWarning: WARNING: Compute capability < 7.5 detected! Only slow "
            "8-bit matmul is supported for your GPU!                     If you run into issues with 8-bit matmul, you "
            "can try 4-bit quantization: https://huggingface.co/blog/4bit-transformers-bitsandbytes\n  warn(msg)\n"
            "CUDA SETUP: Required library version not found: libbitsandbytes_cuda114.so. Maybe you need to compile it "
            "from source?\nCUDA SETUP: Defaulting to libbitsandbytes_cpu.so...\n")
    found = slugs(text)
    assert found[0] != "quantization-unsupported-gpu" and "quantization-unsupported-gpu" in found


def test_gpu_in_containers_only_after_a_program_used_it_on_the_host():
    found = first(corpus("1056-"))
    assert found.slug == "nvidia-uvm-not-loaded" and "nvidia-modprobe" in found.message
    # containerd after a reboot (NVIDIA/nvidia-container-toolkit#32)
    found = first("# ctr run -t --rm --gpus 0 nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda10.2 sample nvidia-smi\n"
                  "No devices were found\nThen if I execute `nvidia-smi` on the host machine, I get to execute "
                  "`nvidia-smi` from the container again for some reason:")
    assert found.slug == "nvidia-uvm-not-loaded"
    assert "nvidia-uvm-not-loaded" not in slugs("nvidia-smi works on the host and in the container.")


def test_cuda_lost_after_suspend_or_hibernation():
    for case in ("974-", "1026-"):
        assert first(corpus(case)).slug == "gpu-unusable-after-suspend-resume", case
    # PyTorch's words for cuInit's 999, after a laptop woke up (a third wording of the trigger)
    found = first("UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up "
                  "environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start.\n"
                  "It works after a reboot, but every time my laptop wakes up from sleep I get this.")
    assert found.slug == "gpu-unusable-after-suspend-resume" and "rmmod nvidia_uvm" in found.fix[0]
    # sleep without a failure, and the failure without any sleep: not this
    assert "gpu-unusable-after-suspend-resume" not in slugs("After resuming from suspend, everything works fine.")
    assert "gpu-unusable-after-suspend-resume" not in slugs(
        "UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up environment")


def test_both_onnxruntime_packages_in_a_persons_words():
    found = first(corpus("1052-"))
    assert found.slug == "cpu-only-build" and "both installed" in found.message
    found = first("onnxruntime and onnxruntime-gpu are both installed in my venv.\n"
                  "Available providers: 'CPUExecutionProvider'")
    assert found.slug == "cpu-only-build" and "both installed" in found.message
    # the CUDA provider there: nothing is shadowed
    assert "cpu-only-build" not in slugs("onnxruntime and onnxruntime-gpu are both installed.\n"
                                         "['CUDAExecutionProvider', 'CPUExecutionProvider']")


def test_ngc_release_on_a_driver_older_than_its_release_notes_ask():
    found = first(corpus("1041-"))
    assert found.slug == "driver-too-old" and found.evidence["release_needs_driver"] == "470"
    assert "rel_21-10" in found.evidence["release_notes"]
    # another image and release (23.10 needs 535): with the GPU unknown, the data-center branches are named
    text = ("docker run --gpus all -it nvcr.io/nvidia/pytorch:23.10-py3\nDriver Version: 470.82.01\n"
            "RuntimeError: The NVIDIA driver on your system is too old (found version 11040).")
    found = first(text)
    assert found.slug == "driver-too-old" and "535" in found.message and "data-center" in found.message
    # on an A100, 470.82 is one of the branches those notes allow: not this finding
    assert not any("NGC release" in f.message for f in rules_run(text + "\nGPU 0: NVIDIA A100-SXM4-80GB"))
    # a driver new enough: nothing about the release
    assert not any("NGC release" in f.message for f in rules_run(
        "docker run --gpus all nvcr.io/nvidia/pytorch:23.10-py3\nDriver Version: 545.23.08"))


def test_container_toolkit_older_than_cgroup_v2():
    for case, cli in (("1022-", "1.3.3"), ("1023-", "1.3.2")):
        found = first(corpus(case))
        assert found.slug == "container-toolkit-no-cgroup-v2" and found.evidence["nvidia_container_cli"] == cli
    # podman's wording of the same hook failure, no version pasted (NVIDIA/nvidia-docker#1447's later reports)
    found = first("Error: OCI runtime error: error executing hook `/usr/bin/nvidia-container-toolkit` (exit code: 1): "
                  "nvidia-container-cli: container error: cgroup subsystem devices not found")
    assert found.slug == "container-toolkit-no-cgroup-v2" and "before 1.8" in found.message
    assert "container-toolkit-no-cgroup-v2" not in slugs("nvidia-container-cli: initialization error: nvml error: "
                                                         "driver not loaded")
