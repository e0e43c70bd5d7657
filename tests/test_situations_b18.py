"""Situations batch 18 showed: GPU containers that work only after someone ran a GPU program (or nvidia-smi) on the
host after each boot, a pod whose /proc shows the host's kernel module while the driver's user-space is missing, Docker
without a driver for --gpus although the toolkit's package is installed, a 64 MiB /dev/shm seen through df or Triton,
torchaudio and xFormers built for another torch or without CUDA, a GPU request without the compute capability, a cuDNN
major other than the one the torch wheels bring, and RDMA under a low locked-memory limit. Each signature is tried on at
least two real wordings where two exist, and each new reading on a text it must leave alone."""

from __future__ import annotations

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_gpu_works_in_containers_only_after_a_host_run_each_boot():
    for case in ("1134-", "1138-"):
        assert first(corpus(case)).slug == "nvidia-uvm-not-loaded", case
    # NVIDIA/nvidia-container-runtime#85, the same reporter's earlier words
    found = first("I've been using containers with acess to GPUs, however i've been noted that for each reboot i need to "
                  "run allways before starting the 1st container: nvidia-smi\n"
                  "otherwise i get the error:\n"
                  "Error: error executing hook `/usr/bin/nvidia-container-toolkit` (exit code: 1): OCI runtime error")
    assert found.slug == "nvidia-uvm-not-loaded"
    # having to run nvidia-smi, with no boot in sight, is not this
    assert "nvidia-uvm-not-loaded" not in slugs("I need to run nvidia-smi to see which process holds the memory.\n"
                                                "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB")


def test_pod_sees_the_host_module_but_not_the_driver_user_space():
    found = first(corpus("1136-"))
    assert found.slug == "container-runtime-not-configured" and "535.129.03" in found.message
    # the same in a docker container started without --gpus: the command is the cause
    text = ("$ docker run -it --rm pytorch/pytorch:2.1.0-cuda12.1-cudnn8-runtime bash\n"
            "root@3f2a:/workspace# nvidia-smi\nbash: nvidia-smi: command not found\n"
            "root@3f2a:/workspace# cat /proc/driver/nvidia/version\n"
            "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023\n")
    assert "container-runtime-not-configured" not in slugs(text)
    # on the host itself, no container: the module is there and nvidia-smi is simply not installed
    assert "container-runtime-not-configured" not in slugs(
        "$ nvidia-smi\nnvidia-smi: command not found\n$ cat /proc/driver/nvidia/version\n"
        "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023\n")


def test_toolkit_installed_but_docker_not_configured():
    found = first(corpus("1151-"))
    assert found.slug == "container-runtime-not-configured"
    assert "sudo nvidia-ctk runtime configure --runtime=docker" in found.fix
    # apt's own words for an installed package, then the same error with its quotes
    found = first("$ sudo apt-get install -y nvidia-container-toolkit\nReading package lists... Done\n"
                  "nvidia-container-toolkit is already the newest version (1.17.6-1).\n"
                  "$ docker run --rm --gpus all ubuntu nvidia-smi\n"
                  'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].')
    assert found.slug == "container-runtime-not-configured"
    # the error alone: the toolkit is missing
    assert first('docker: Error response from daemon: could not select device driver "" with capabilities: '
                 '[[gpu]].').slug == "container-toolkit-missing"


def test_shared_memory_for_triton_and_from_df():
    found = first(corpus("1148-"))
    assert found.slug == "shm-too-small"
    assert any("emptyDir" in line for line in found.fix)
    # the Python backend's older wording (triton-inference-server/python_backend's shm manager)
    assert first("E0306 10:02:11.512 pb_stub.cc:402] Failed to increase the shared memory pool size to 67108864 bytes. "
                 "If you are running Triton inside docker, use '--shm-size' flag to control the shared memory region "
                 "size.").slug == "shm-too-small"
    found = first(corpus("1149-"))
    assert found.slug == "shm-too-small" and found.message == "/dev/shm is 64 MiB and full"
    # df without -h counts 1K blocks
    facts = from_text("Filesystem     1K-blocks  Used Available Use% Mounted on\n"
                      "tmpfs              65536     0     65536   0% /dev/shm\n")
    assert facts.system.shm.size_bytes == 64 * 1024 ** 2 and facts.system.shm.free_bytes == 64 * 1024 ** 2
    # a host's large /dev/shm is no finding
    assert "shm-too-small" not in slugs("Filesystem      Size  Used Avail Use% Mounted on\n"
                                        "tmpfs            32G  1.2G   31G   4% /dev/shm\n")


def test_torchaudio_built_for_another_cuda_than_torch():
    found = first(corpus("1124-"))
    assert found.slug == "framework-plugin-mismatch"
    assert (found.evidence["torch.cuda"], found.evidence["torchaudio.cuda"]) == ("11.6", "11.7")
    assert any("/whl/cu116" in line for line in found.fix)
    # in an SGLang log line, and wrapped in a README's code block
    found = first("[2026-02-04 11:27:44] Ignore import error when loading sglang.srt.models.midashenglm: Detected that "
                  "PyTorch and TorchAudio were compiled with different CUDA versions. PyTorch has CUDA version 12.8 "
                  "whereas TorchAudio has CUDA version 12.9. Please install the TorchAudio version that matches your "
                  "PyTorch version.")
    assert found.slug == "framework-plugin-mismatch" and found.evidence["torchaudio.cuda"] == "12.9"
    found = first("```text\nRuntimeError: Detected that PyTorch and TorchAudio were compiled with different CUDA\n"
                  "versions. PyTorch has CUDA version 13.0 whereas TorchAudio has CUDA version 12.8.\n```")
    assert found.slug == "framework-plugin-mismatch" and found.evidence["torch.cuda"] == "13.0"


def test_xformers_without_cuda():
    found = first(corpus("1126-"))
    assert found.slug == "cuda-extension-not-built" and "xFormers" in found.message
    # fa3's capability reason beside it is not the cause: every operator lacks CUDA (case 247's log)
    assert first(corpus("247-")).slug == "cuda-extension-not-built"
    # with xFormers' own warning of the torch it was built for, the mismatch is named instead
    assert first(corpus("984-")).slug == "framework-plugin-mismatch"


def test_gpu_request_without_the_compute_capability():
    found = first(corpus("1155-"))
    assert found.slug == "container-driver-capabilities-lack-compute"
    assert found.evidence["requested_capabilities"] == ["utility"]
    # docker run's own form of the request
    found = first("$ docker run --rm --gpus 'all,\"capabilities=utility\"' pytorch-app python -c 'import torch; "
                  "torch.zeros(1).cuda()'\nRuntimeError: Found no NVIDIA driver on your system. Please check that you "
                  "have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx")
    assert found.slug == "container-driver-capabilities-lack-compute"
    # compose's usual [gpu] names no driver capability: the image's own setting stands, nothing to say about it
    text = ("    deploy:\n      resources:\n        reservations:\n          devices:\n            - driver: nvidia\n"
            "              count: all\n              capabilities: [gpu]\n"
            "ImportError: libcuda.so.1: cannot open shared object file: No such file or directory")
    assert "container-driver-capabilities-lack-compute" not in slugs(text)


def test_locked_memory_limit_too_low_for_rdma():
    found = first(corpus("1139-"))
    assert found.slug == "memlock-limit-too-low"
    # NCCL's queue-pair creation, with `ulimit -a` beside it: the limit is named
    found = first("NCCL WARN Call to ibv_create_qp failed with error Cannot allocate memory\n"
                  "$ ulimit -a\nmax locked memory           (kbytes, -l) 64\n")
    assert found.slug == "memlock-limit-too-low" and found.evidence["ulimit_l_kib"] == "64"
    # perftest's words
    assert first("Couldn't allocate MR\n Couldn't create IB resources").slug == "memlock-limit-too-low"
    # with the limit already unlimited the registration fails for another reason
    assert "memlock-limit-too-low" not in slugs(
        "NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory\n"
        "max locked memory           (kbytes, -l) unlimited")
    # an allocation failing without RDMA is not this
    assert "memlock-limit-too-low" not in slugs("OSError: [Errno 12] Cannot allocate memory")


def test_program_wants_the_cudnn_major_the_torch_wheels_do_not_bring():
    found = first(corpus("795-"))
    assert found.slug == "cudnn-version-mismatch"
    assert (found.evidence["wanted_major"], found.evidence["present_major"]) == ("8", "9")
    found = first(corpus("464-"))  # the mirror: ctranslate2 4.5 wants cuDNN 9 beside torch 2.0.0+cu118's cuDNN 8
    assert (found.evidence["wanted_major"], found.evidence["present_major"]) == ("9", "8")
    # a torch built from source carries no wheel's cuDNN: nothing to compare with
    text = ("torch 2.5.0a0+git32f93b1\nCould not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: "
            "cannot open shared object file: No such file or directory")
    assert "cudnn-version-mismatch" not in slugs(text)
