"""Situations batch 12 showed: Windows without NCCL, two CuPy wheels, an unlicensed vGPU, runc older than its
seccomp profile, SELinux confining a GPU container, PRIME's intel profile, and symptoms of known causes in wordings
the rules did not read yet."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)



def test_nccl_asked_for_on_windows_in_each_wording():
    for case in ("836-", "837-", "838-"):
        assert first(corpus(case)).slug == "nccl-unavailable-on-windows", case
    # PyTorch's own line on a Windows path
    found = first('  File "C:\\Users\\me\\miniconda3\\lib\\site-packages\\torch\\distributed\\distributed_c10d.py", '
                  "line 895, in _new_process_group_helper\n"
                  "RuntimeError: Distributed package doesn't have NCCL built in")
    assert found.slug == "nccl-unavailable-on-windows" and found.evidence["system.os"] == "windows"
    assert "gloo" in found.fix[0]
    # pip on Windows, asked for NCCL's wheel
    pip = first("PS C:\\work> pip install -r requirements.txt\n"
                "ERROR: Could not find a version that satisfies the requirement nvidia-nccl-cu12==2.21.5 "
                "(from versions: none)\nERROR: No matching distribution found for nvidia-nccl-cu12==2.21.5")
    assert pip.slug == "nccl-unavailable-on-windows"
    # on Linux the same message is a build without NCCL, not a Windows limit
    assert "nccl-unavailable-on-windows" not in paste_slugs("Ubuntu 22.04\nOS: Linux\n"
                                                      "RuntimeError: Distributed package doesn't have NCCL built in")
    # conda refusing another package on Windows is not about NCCL
    assert "nccl-unavailable-on-windows" not in paste_slugs("Windows 11\nResolvePackageNotFound:\n  - cudatoolkit-dev=11.3.1")


def test_two_cupy_wheels_from_the_warning_or_from_pip_list():
    found = first(corpus("817-"))
    assert found.slug == "multiple-cupy-variants-installed"
    assert found.evidence["cupy_packages"] == ["cupy-cuda12x", "cupy-cuda13x"]
    # Chainer's runtime report words it differently
    chainer = first("CuPy: cupy-cuda101 7.0.0\n*** ERROR: multiple CuPy packages are installed! You can only install "
                    "one of ['cupy', 'cupy-cuda101', 'cupy-cuda102']")
    assert chainer.slug == "multiple-cupy-variants-installed"
    # no warning pasted: pip list shows both
    listed = [f for f in paste_findings("Package        Version\n-------------- -------\ncupy-cuda11x   13.3.0\n"
                                        "cupy-cuda12x   13.3.0\nnumpy          1.26.4")
              if f.slug == "multiple-cupy-variants-installed"]
    assert listed and listed[0].evidence["cupy_packages"] == ["cupy-cuda11x", "cupy-cuda12x"]
    assert "multiple-cupy-variants-installed" not in paste_slugs("Package      Version\n------------ -------\n"
                                                           "cupy-cuda12x 13.3.0\nnumpy        1.26.4")


def test_an_unlicensed_vgpu_is_named_from_nvidia_smi_q():
    found = first(corpus("828-"))
    assert found.slug == "vgpu-unlicensed" and found.confidence == "confirmed"
    restricted = first("    vGPU Software Licensed Product\n        Product Name                      : NVIDIA Virtual "
                       "Compute Server\n        License Status                    : Unlicensed (Restricted)")
    assert restricted.slug == "vgpu-unlicensed"
    licensed = paste_slugs("        License Status                    : Licensed (Expiry: 2025-6-18 16:49:2 GMT)")
    assert "vgpu-unlicensed" not in licensed


def test_runc_older_than_the_seccomp_profile_in_each_wording():
    assert first(corpus("832-")).slug == "docker-seccomp-clone3-unsupported"
    nerdctl = first("FATA[0001] failed to create shim: OCI runtime create failed: container_linux.go:349: starting "
                    "container process caused \"error adding seccomp filter rule for syscall clone3: permission denied\": "
                    "unknown")
    assert nerdctl.slug == "docker-seccomp-clone3-unsupported"


def test_symptoms_of_known_causes_in_new_wordings():
    # a retold assertion, without "enabled"
    assert first(corpus("786-")).slug == "cpu-only-build"
    # Compose's older schema error for a devices reservation
    assert first(corpus("802-")).slug == "docker-compose-too-old-for-gpus"
    # compose's `driver: nvidia` names the driver Docker could not select
    assert first(corpus("804-")).slug == "container-toolkit-missing"
    # an empty CUDA library in a Jetson image built without the nvidia default runtime
    assert first(corpus("831-")).slug == "container-runtime-not-configured"
    # zlibwapi.dll named in a Chinese sentence beside cuDNN 8 for Windows
    assert first(corpus("840-")).slug == "cudnn-zlib-dependency-missing"
    assert "cudnn-zlib-dependency-missing" not in paste_slugs("I copied zlibwapi.dll next to my game and it runs")


def test_the_last_ultralytics_banner_is_the_run_reported():
    found = first(corpus("788-"))  # a cu111 banner from an older run, then the +cpu one of the run reported
    assert found.slug == "cpu-only-build" and found.evidence["frameworks.torch.version"] == "2.0.0+cpu"
    cuda_now = paste_slugs("YOLOv5 🚀 v6.1 torch 1.11.0+cpu CPU\nafter reinstalling:\n"
                     "YOLOv5 🚀 v6.1 torch 1.11.0+cu113 CUDA:0 (NVIDIA GeForce RTX 3060, 12288MiB)\nstill slow on my gpu")
    assert "cpu-only-build" not in cuda_now


def test_an_unanswered_wsl_field_of_an_issue_form_says_nothing():
    from envcheck.importers import from_text

    facts = from_text("**Hardware / Software**\n - OS: Arch Linux\n - WSL version (if applicable):\n"
                      " - Docker Version: 20.10.18\n", "paste.txt")
    assert not facts.system.wsl
    assert from_text(" - WSL version (if applicable): WSL2\n", "paste.txt").system.wsl == 2


def test_tensorflow_that_sees_no_gpu_beside_a_cuda_it_was_not_built_for():
    found = first(corpus("781-"))  # TF 2.1.0 (CUDA 10.1) on a machine with CUDA 10.2, only the CPU listed
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == "10.1"
    linux = first("tensorflow-gpu 1.14.0\nCUDA version: 10.1\n>>> print('Num GPUs Available: ', "
                  "len(tf.config.experimental.list_physical_devices('GPU')))\nNum GPUs Available:  0")
    assert linux.slug == "cuda-libraries-missing" and linux.evidence["wanted_cuda_major"] == "10.0"
    # the CUDA it was built with: no finding from this rule
    assert "cuda-libraries-missing" not in paste_slugs("tensorflow 2.1.0\nCUDA version: 10.1\nNum GPUs Available: 0")


def test_an_nvcc_newer_than_the_driver_compiles_what_the_driver_cannot_jit():
    found = first(corpus("825-"))  # nvcc 11.8, driver 460.91 (CUDA 11.2): minor-version compatibility only
    assert found.slug == "driver-too-old" and found.evidence["cuda.nvcc_on_path_version"] == "11.8"
    assert found.confidence == "likely"
    across = first("nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 12.4, V12.4.131\n"
                   "Driver Version: 470.223.02")
    assert across.slug == "driver-too-old" and "needs driver" in across.message
    assert "driver-too-old" not in paste_slugs("Cuda compilation tools, release 11.8, V11.8.89\nDriver Version: 535.104.05")


def test_a_mac_has_no_gpu_for_cuda():
    found = first(corpus("787-"))  # "Mac doesn't have cuda", then PyTorch's CPU-build assertion
    assert found.slug == "no-nvidia-gpu"
    macos = first("macOS 14.2 (Apple M2 Pro)\nRuntimeError: CUDA is not available")
    assert macos.slug == "no-nvidia-gpu"
    assert "cpu-only-build" not in paste_slugs("MacBook Pro\nAssertionError: Torch not compiled with CUDA enabled")
    # a MAC address is not a Mac
    assert first("MAC address 00:1b:21:aa:bb:cc\nAssertionError: Torch not compiled with CUDA enabled").slug == \
        "cpu-only-build"


def test_a_pod_spec_that_asks_for_cpu_and_memory_only():
    assert first(corpus("827-")).slug == "gpu-not-requested-from-scheduler"
    describe = first("Containers:\n  trainer:\n    Image: pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime\n    Limits:\n"
                     "      cpu:     4\n      memory:  16Gi\n    Requests:\n      cpu:     2\n      memory:  8Gi\n"
                     "RuntimeError: No CUDA GPUs are available")
    assert describe.slug == "gpu-not-requested-from-scheduler"
    asked = paste_slugs("resources:\n  limits:\n    memory: 1000Mi\n    nvidia.com/gpu: 1\nRuntimeError: No CUDA GPUs are available")
    assert "gpu-not-requested-from-scheduler" not in asked


def test_a_driver_installer_pod_finds_the_old_modules_loaded():
    assert first(corpus("834-")).slug == "driver-in-use-blocks-driver-container"
    operator = first("$ kubectl logs -n gpu-operator nvidia-driver-daemonset-8x7kq\n"
                     "ERROR: An NVIDIA kernel module 'nvidia' appears to already be loaded in your kernel.")
    assert operator.slug == "driver-in-use-blocks-driver-container"
    # the same installer run by hand on a workstation is not a driver container's problem
    assert "driver-in-use-blocks-driver-container" not in paste_slugs(
        "$ sudo sh NVIDIA-Linux-x86_64-535.154.05.run\n"
        "ERROR: An NVIDIA kernel module 'nvidia-drm' appears to already be loaded in your kernel.")


def test_a_mismatch_inside_one_image_while_the_host_driver_agrees_with_itself():
    found = first(corpus("797-"))
    assert found.slug == "driver-libs-in-image" and found.evidence["host_driver"] == "510.108.03"
    # the runtime's hook is the host's NVML: its mismatch is the host's half-upgraded driver
    assert first(corpus("446-")).slug == "driver-library-mismatch"
    host_table = corpus("797-").split("This is the output from the VM", 1)[1]
    podman = first("$ podman run --rm --device nvidia.com/gpu=all localhost/trainer:latest nvidia-smi\n"
                   "Failed to initialize NVML: Driver/library version mismatch\n" + host_table)
    assert podman.slug == "driver-libs-in-image"


def test_a_form_hint_is_dropped_but_the_reporters_parenthesis_is_kept():
    from envcheck.importers import from_text

    hinted = from_text("- TensorFlow version (use command below): 2.1.0\n", "paste.txt")
    assert hinted.frameworks.installed[0].version == "2.1.0"
    named = from_text("Tested on both GPUs (RTX 3090 and A100):\nRuntimeError: CUDA error\n", "paste.txt")
    assert [g.name for g in named.gpus.devices] == ["RTX 3090", "A100"]


def test_a_linux_box_reached_from_a_mac_is_not_a_mac():
    text = "I ssh from my MacBook into the server.\nUbuntu 22.04\nRuntimeError: CUDA is not available"
    assert not any("this is a Mac" in f.message for f in paste_findings(text))
    assert any("this is a Mac" in f.message for f in paste_findings(text.replace("Ubuntu 22.04\n", "")))


def test_selinux_keeps_the_container_from_the_nvidia_devices():
    found = first(corpus("801-"))
    assert found.slug == "selinux-blocks-container-gpu-access" and found.confidence == "likely"
    denial = first('type=AVC msg=audit(1617.5:221): avc:  denied  { read write } for  pid=4122 comm="nvidia-smi" '
                   'name="nvidiactl" dev="devtmpfs" ino=512 scontext=system_u:system_r:container_t:s0:c12,c55 '
                   'tcontext=system_u:object_r:xserver_misc_device_t:s0 tclass=chr_file permissive=0\n'
                   'docker run --gpus all nvidia/cuda:12.2.0-base-ubi8 nvidia-smi')
    assert denial.slug == "selinux-blocks-container-gpu-access" and denial.confidence == "confirmed"
    # NVML's refusal in a rootless container on a host without SELinux is another situation
    assert "selinux-blocks-container-gpu-access" not in slugs(corpus("643-"))


def test_open_modules_required_in_a_persons_words():
    found = first(corpus("821-"))
    assert found.slug == "open-kernel-module-required" and found.message.startswith("The report says")
    logged = first("NVRM: The NVIDIA GPU 0000:02:00.0 (PCI ID: 10de:2c58)\n"
                   "NVRM: installed in this system requires use of the NVIDIA open kernel modules.")
    # the kernel log's PCI ID names the GPU (the bus address beside it is not a model number)
    assert logged.slug == "open-kernel-module-required" and logged.message.startswith("A Blackwell-generation GPU")
    assert logged.evidence["gpus"] == ["NVIDIA GeForce RTX 5090 Laptop GPU"]


def test_prime_intel_profile_switches_the_module_off():
    found = first(corpus("807-"))
    assert found.slug == "prime-profile-disables-nvidia-driver" and "prime-select intel" in found.message
    modprobe = first("$ sudo modprobe nvidia\nmodprobe: ERROR: ../libkmod/libkmod-module.c:838 "
                     "kmod_module_insert_module() could not insert 'off': Unknown symbol in module, or unknown "
                     "parameter (see dmesg)")
    assert modprobe.slug == "prime-profile-disables-nvidia-driver" and modprobe.confidence == "confirmed"
    # the profile named while the driver works is not a fault
    assert "prime-profile-disables-nvidia-driver" not in slugs("I use prime-select intel on battery; nvidia-smi "
                                                               "is fine after prime-select nvidia")
