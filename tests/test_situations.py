"""Situations outside the frameworks, each recognised in at least two real wordings where two exist:
Compose without GPU reservations, driver libraries baked into an image, a WSL with no GPU path,
NCCL with no interface to bootstrap on, a driver slow to initialise for the container runtime."""

from __future__ import annotations

from envcheck import matrix, rules
from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first

M = matrix.load()



def test_compose_without_gpu_reservations_in_both_wordings():
    # corpus 270 (docker-compose 1.17.1) and docker/compose#8142's title wording
    finding = first(corpus("270-"))
    assert finding.slug == "docker-compose-too-old-for-gpus" and finding.evidence["docker_compose"] == "1.17.1"
    assert finding.confidence == "confirmed"
    finding = first("ERROR: The Compose file './docker-compose.yml' is invalid because:\n"
                    "services.app.deploy.resources.reservations 'devices' properties is not allowed")
    assert finding.slug == "docker-compose-too-old-for-gpus"


def test_driver_library_already_in_the_image():
    assert first(corpus("271-")).slug == "driver-libs-in-image"
    finding = first("nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/"
                    "3a2b/merged/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file exists: unknown.")
    assert finding.slug == "driver-libs-in-image" and finding.evidence["file"].endswith("libnvidia-ml.so.1")


def test_wsl_without_a_gpu_path():
    # Windows 10 build 17763 has no WSL 2 (corpus 266); `wsl -l -v` showing a WSL 1 distribution
    finding = first(corpus("266-"))
    assert finding.slug == "wsl-gpu-not-supported" and "17763" in finding.message
    finding = first("PS C:\\> wsl -l -v\n  NAME            STATE           VERSION\n* Ubuntu-20.04    Running         1\n"
                    "$ nvidia-smi\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.")
    assert finding.slug == "wsl-gpu-not-supported" and "WSL 1" in finding.message
    # a current WSL 2 is not this
    quiet = "wsl -l -v\n* Ubuntu    Running         2\nMicrosoft Windows [Version 10.0.22631.4460]"
    assert "wsl-gpu-not-supported" not in [f.slug for f in rules.run(from_text(quiet, "p"), M)]


def test_nccl_without_a_bootstrap_interface():
    # corpus 277 (a container: "Socket creation failed : Address family not supported by protocol") and
    # a torchrun log with NCCL_SOCKET_IFNAME naming an interface the host lacks
    assert first(corpus("277-")).slug == "nccl-no-usable-network-interface"
    finding = first("node-0:223645:223645 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0\n"
                    "node-0:223645:223645 [0] bootstrap.cc:45 NCCL WARN Bootstrap : no socket interface found\n"
                    "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, internal error")
    assert finding.slug == "nccl-no-usable-network-interface" and finding.evidence["NCCL_SOCKET_IFNAME"] == "eth0"


def test_container_runtime_timing_out_on_driver_initialisation():
    finding = first(corpus("278-"))
    assert finding.slug == "driver-init-slow" and "timed out" in finding.message


def test_lspci_listings_say_which_gpus_and_drivers_are_there():
    from envcheck.importers import from_text as read

    # lspci -nnk: an NVIDIA GPU held by nouveau
    facts = read("01:00.0 VGA compatible controller [0300]: NVIDIA Corporation GA102 [GeForce RTX 3090] [10de:2204] "
                 "(rev a1)\n\tSubsystem: ASUSTeK Computer Inc. Device [1043:87b3]\n\tKernel driver in use: nouveau\n"
                 "\tKernel modules: nvidiafb, nouveau\n", "lspci.txt")
    (device,) = facts.pci.devices
    assert (device.device_id, device.kind, device.driver) == ("0x2204", "gpu", "nouveau")
    assert first("01:00.0 3D controller: NVIDIA Corporation GP107M [GeForce GTX 1050 Ti Mobile] (rev a1)\n"
                 "\tKernel driver in use: nouveau\n").slug == "nouveau-bound"
    # only an Intel controller listed, or named on the desktop's About panel (corpus 260): no NVIDIA GPU
    assert first("00:02.0 VGA compatible controller: Intel Corporation UHD Graphics 620 (rev 07)\n"
                 "RuntimeError: Found no NVIDIA driver on your system.").slug == "no-nvidia-gpu"
    assert first(corpus("260-")).slug == "no-nvidia-gpu"


def test_second_wordings_of_known_situations():
    # ptxas (Triton's bundled one) refusing an arch, as nvcc does (corpus 300)
    assert first(corpus("300-")).slug == "nvcc-too-old-for-gpu-arch"
    # DeepSpeed's op builder on nvcc vs torch's CUDA (corpus 308), with both numbers
    finding = first(corpus("308-"))
    assert finding.slug == "nvcc-framework-cuda-mismatch" and "11.7" in finding.message
    # Paddle's cuDNN warning (corpus 347)
    finding = first(corpus("347-"))
    assert finding.slug == "cudnn-version-mismatch" and "7.3" in finding.message and "7.6" in finding.message
    # the container toolkit in a WSL with no GPU adapter (corpus 309: "I'm using Windows with WSL1")
    finding = first(corpus("309-"))
    assert finding.slug == "wsl-gpu-not-supported" and "WSL 1" in finding.message
    # a `docker run` without --gpus written in prose, then nvidia-smi missing inside (corpus 303)
    assert first(corpus("303-")).slug == "container-no-gpu"


def test_cuda_10_sonames_name_the_exact_release():
    # libcudart.so.10.1 wanted, CUDA 10.0 stated (corpus 334); 10.2 wanted and stated: the loader path (336)
    finding = first(corpus("334-"))
    assert finding.slug == "cuda-libraries-missing" and "CUDA 10.1" in finding.message and "10.0" in finding.message
    finding = first(corpus("336-"))
    assert finding.slug == "cuda-libraries-missing" and "does not find them" in finding.message
    assert any("LD_LIBRARY_PATH" in step for step in finding.fix)


def test_tensorrt_engines_from_another_release_or_gpu():
    finding = first(corpus("337-"))
    assert finding.slug == "tensorrt-engine-version-mismatch" and "8.0.1" in finding.message
    finding = first("ERROR: coreReadArchive.cpp (41) - Serialization Error in verifyHeader: 0 (Version tag does not "
                    "match. Note: Current Version: 96, Serialized Engine Version: 87)")
    assert finding.slug == "tensorrt-engine-version-mismatch" and "the engine: 87" in finding.message
    finding = first(corpus("338-"))
    assert finding.slug == "tensorrt-engine-built-for-other-gpu" and "7.5; this GPU is 6.1" in finding.message


def test_more_processes_than_visible_gpus():
    assert first(corpus("320-")).slug == "more-ranks-than-visible-gpus"
    finding = first("CUDA_VISIBLE_DEVICES=0,1 torchrun --nproc-per-node=4 train.py\n"
                    "RuntimeError: CUDA error: invalid device ordinal")
    assert finding.slug == "more-ranks-than-visible-gpus" and finding.evidence["visible_gpus"] == 2
    quiet = "CUDA_VISIBLE_DEVICES=0,1,2,3 torchrun --nproc-per-node=4 train.py"
    assert "more-ranks-than-visible-gpus" not in [f.slug for f in rules.run(from_text(quiet, "p"), M)]


def test_cuda_builds_asked_for_on_a_mac():
    assert first(corpus("341-")).slug == "no-cuda-build-for-platform"
    finding = first("macOS 14.4 (arm64)\n$ pip install torch --index-url https://download.pytorch.org/whl/cu121\n"
                    "ERROR: Could not find a version that satisfies the requirement torch (from versions: none)")
    assert finding.slug == "no-cuda-build-for-platform"


def test_a_torchvision_operator_missing_whatever_its_name():
    # "operator torchvision::nms does not exist", and the same with another operator's name (122)
    for paste in ("RuntimeError: operator torchvision::nms does not exist",
                  "RuntimeError: operator torchvision::roi_align does not exist"):
        assert first(paste).slug == "framework-plugin-mismatch"
    assert first(corpus("122-")).slug == "framework-plugin-mismatch"
