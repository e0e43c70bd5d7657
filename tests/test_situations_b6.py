"""Situations from corpus batch 6 that no rule knew, or knew only by one wording: a compiled extension
built against another torch, and the open kernel module refusing a GPU. Each is recognised in the
corpus reports and in a second real wording or from facts alone."""

from __future__ import annotations

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as findings


def test_extension_built_against_another_torch():
    # mmcv's _ext, flash-attn's module, and an ImportError that does not name the file
    mmcv = first(corpus("459-"))
    assert mmcv.slug == "framework-plugin-mismatch" and mmcv.evidence["extension"] == "mmcv._ext"
    flash = first(corpus("465-"))
    assert flash.slug == "framework-plugin-mismatch" and flash.evidence["extension"] == "flash_attn_2_cuda"
    assert first(corpus("476-")).slug == "framework-plugin-mismatch"
    # torchaudio's own library built for another torch (batch 2)
    assert first(corpus("136-")).evidence["extension"] == "libtorchaudio"
    # torch's own libraries missing a c10 symbol are not an extension built elsewhere
    own = findings("OSError: /usr/lib/python3/dist-packages/torch/lib/libtorch_cuda.so: undefined symbol: "
                   "_ZN3c104cuda9SetDeviceEi")
    assert not any(f.slug == "framework-plugin-mismatch" and f.evidence.get("extension") for f in own)
    # a cuDNN symbol is a library shadowing torch's own, not this
    assert first("libcudnn_cnn_infer.so.8: undefined symbol: _ZN5cudnn3cnn34layerNormFwd_execute").slug != \
        "framework-plugin-mismatch"


def test_open_kernel_module_refuses_a_gpu_without_gsp():
    finding = first(corpus("424-"))
    assert finding.slug == "open-kernel-module-unsupported-gpu"
    assert finding.evidence["gpus"] == ["NVIDIA GeForce GTX 1070 Ti"]  # named by the PCI ID in the log
    assert "nvidia-driver-560" in " ".join(finding.fix) and "-open" not in " ".join(finding.fix)
    assert first(corpus("154-")).slug == "open-kernel-module-unsupported-gpu"
    # an early open release refusing a GeForce GPU: the module parameter is the fix
    early = first(corpus("425-"))
    assert early.slug == "open-kernel-module-unsupported-gpu" and "OpenRmEnableUnsupportedGpus=1" in " ".join(early.fix)


def test_open_kernel_module_with_a_pre_turing_gpu_from_facts():
    open_module = ("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  560.35.03  Release Build  "
                   "(dvs-builder@U16-I3-B03-4-3)  Fri Aug 16 21:42:42 UTC 2024\n")
    pascal = "GPU 0: NVIDIA GeForce GTX 1080 (UUID: GPU-6f6b3c47-3d8a-4c4e-9a8f-1b2c3d4e5f60)\n"
    assert "open-kernel-module-unsupported-gpu" in [f.slug for f in findings(open_module + pascal)]
    turing = "GPU 0: NVIDIA GeForce RTX 2060 (UUID: GPU-6f6b3c47-3d8a-4c4e-9a8f-1b2c3d4e5f60)\n"
    assert "open-kernel-module-unsupported-gpu" not in [f.slug for f in findings(open_module + turing)]
    proprietary = open_module.replace("Open Kernel Module", "Kernel Module")
    assert "open-kernel-module-unsupported-gpu" not in [f.slug for f in findings(proprietary + pascal)]


def test_cuinit_803_and_804_by_what_surrounds_them():
    # 803 in its message's words: a half-upgraded driver, unless a forward-compatibility libcuda is in play
    plain = "ggml_cuda_init: failed to initialize CUDA: system has unsupported display driver / cuda driver combination"
    assert first(plain).slug == "driver-library-mismatch"
    assert first(corpus("470-")).slug == "cuda-init-failed"  # cuda-compat-12.9 on the library path, GeForce GPUs
    assert "compat" in " ".join(first(corpus("470-")).fix)
    # 804 in a container started from an image: the host driver is older than the image's CUDA
    in_container = first(corpus("467-"))
    assert in_container.slug == "driver-too-old" and "804" in in_container.message
    # 804 with no image started and no versions to compare (gpustack/gpustack#1540's line): the compat libraries
    # themselves; batch 1's report (corpus 066) names a CUDA beyond its driver's own, so it is the driver's now
    assert first("ERROR 03-26 05:25:01 engine.py:389] Unexpected error from cudaGetDeviceCount(). Did you run some "
                 "cuda functions before calling NumCudaDevices() that might have already set an error? Error 804: "
                 "forward compatibility was attempted on non supported HW").slug == "cuda-init-failed"


def test_cuda_home_misread_in_other_wordings():
    # a PATH-like CUDA_HOME quoted in Python's FileNotFoundError (apex), not only in distutils' words
    assert first(corpus("444-")).slug == "cuda-home-misconfigured"
    windows = "FileNotFoundError: [Errno 2] No such file or directory: 'C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.8/bin/nvcc.exe'"
    assert "cuda-home-misconfigured" not in [f.slug for f in findings(windows)]
    # "CUDA_HOME is not set" in a user's words and in torch's
    assert first(corpus("475-")).slug == "cuda-toolkit-missing"
    assert first("OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.").slug == \
        "cuda-toolkit-missing"


def test_wsl_without_a_gpu_path_from_its_kernel_release():
    # WSL 1 named by its pseudo-kernel in a DKMS message (441) and in uname -r
    wsl1 = first(corpus("441-"))
    assert wsl1.slug == "wsl-gpu-not-supported" and wsl1.evidence["system.wsl"] == 1
    facts = from_text("$ uname -r\n4.4.0-18362-Microsoft\n", "paste.txt")
    assert facts.system.wsl == 1 and facts.system.windows_build == "18362"
    # WSL 2 with a kernel older than CUDA on WSL needs (472), and one new enough
    old = first(corpus("472-"))
    assert old.slug == "wsl-gpu-not-supported" and old.evidence["system.kernel"].startswith("5.10.16.3")
    new = "Linux version 5.15.153.1-microsoft-standard-WSL2 (root@941d701f84f1) (gcc (GCC) 12.2.0)\n"
    assert from_text(new, "paste.txt").system.wsl == 2
    assert "wsl-gpu-not-supported" not in [f.slug for f in findings(new)]
    # no /dev/dxg inside the distribution, in a user's words and in ls's
    assert first(corpus("421-")).slug == "wsl-gpu-not-supported"
    assert first("ls: cannot access '/dev/dxg': No such file or directory").slug == "wsl-gpu-not-supported"


def test_gpus_outside_what_other_software_supports():
    # TensorRT 8.6 dropped Kepler: a GT 730, whose name leaves 3.0 or 3.5 open, is Kepler either way
    kepler = first(corpus("452-"))
    assert kepler.slug == "gpu-arch-unsupported" and kepler.evidence["supported"] == ">=6.0"
    # TensorRT 7.x has no row: its CUDA (10.2, 11.0) cannot target an RTX A6000 or an RTX 4070
    assert first(corpus("451-")).slug == "gpu-arch-not-in-build"
    # ... but code for 8.0 runs on 8.6 and 8.9: the RTX 3080 453's user built engines on is not judged, nor the 4070
    assert not any(f.slug == "gpu-arch-not-in-build" and f.confidence != "possible" for f in findings(corpus("453-")))
    # the Triton Inference Server is not the Triton compiler
    assert not any(f.slug == "gpu-arch-unsupported" for f in findings("tritonserver on a Tesla P100\n"
                                                                       "Triton Inference Server 2.40 fails"))
    # Ollama named only by its log lines: every release with a stated minimum needs 5.0, a K80 is 3.7
    k80 = first(corpus("480-"))
    assert k80.slug == "gpu-arch-unsupported" and k80.evidence["ollama"] == "unknown"
    # a stated release outside the rows, or a GPU some release supports, is not judged
    assert not any(f.slug == "gpu-arch-unsupported" for f in findings("ollama version is 0.1.32\nGPU 0: NVIDIA GeForce GTX 1080"))
    assert not any(f.slug.startswith("gpu-arch") for f in findings("flash-attn fails on my Tesla T4"))
    assert any(f.slug == "gpu-arch-unsupported" for f in findings("flash-attn: 2.5.7\nGPU 0: Tesla T4"))


def test_a_number_format_the_gpu_has_no_hardware_for():
    # TransformerEngine's FP8 check on an RTX 3090 (450), and vLLM's quantization gate in its own words
    fp8 = first(corpus("450-"))
    assert fp8.slug == "quantization-unsupported-gpu" and fp8.evidence["needs"] == "8.9"
    awq = first("ValueError: The quantization method awq is not supported for the current GPU. Minimum capability: 75. "
                "Current capability: 70.")
    assert awq.slug == "quantization-unsupported-gpu" and awq.evidence == {"format": "awq", "needs": "7.5",
                                                                         "compute_capability": "7.0",
                                                                         "observed": awq.evidence["observed"]}
    # TransformerEngine before 0.7 asked for Hopper
    assert first("AssertionError: Device compute capability 9.x required for FP8 execution.").evidence["needs"] == "9.0"


def test_no_kernel_image_after_nvcc_could_not_target_the_gpu():
    # nvcc refused compute_86, the user built for 7.5 instead, then "no kernel image": nvcc is the cause (423)
    found = findings(corpus("423-"))
    assert found[0].slug == "nvcc-too-old-for-gpu-arch"
    assert "gpu-arch-not-in-build" in [f.slug for f in found]


def test_slurm_built_without_nvml():
    # slurmd's message (src/interfaces/gpu.c), bare and as slurmd logs it with the drain reason after it
    bare = "We were configured to autodetect nvml functionality, but we weren't able to find that lib when Slurm was configured."
    assert first(bare).slug == "slurm-built-without-nvml"
    logged = ("[2024-03-01T10:00:00.123] slurmd: " + bare + "\n"
              "Reason=gres/gpu count reported lower than configured (0 < 4)")
    assert first(logged).slug == "slurm-built-without-nvml"
    # the other NVML message (a Slurm with NVML on a node without the library) is not this
    assert "slurm-built-without-nvml" not in [f.slug for f in findings(
        "We were configured with nvml functionality, but that lib wasn't found on the system.")]


def test_driver_container_blocked_by_a_driver_in_use():
    # the driver container's install script with a driver on the host (440)
    host = first(corpus("440-"))
    assert host.slug == "driver-in-use-blocks-driver-container" and host.evidence["host_driver_named"]
    # k8s-driver-manager during an upgrade, GPU pods holding nvidia_uvm: the same message, no host driver named
    upgrade = first("Failed to unload kernel module nvidia_uvm: resource temporarily unavailable\n"
                    "Could not unload NVIDIA driver kernel modules, driver is in use\n"
                    "Auto eviction of GPU pods on node gpu-7 is disabled by the upgrade policy")
    assert upgrade.slug == "driver-in-use-blocks-driver-container" and not upgrade.evidence["host_driver_named"]
