"""Situations batch 19 showed: cuInit's 804 in a container named only in words, cuBLAS refusing a bfloat16 GEMM on a
GPU before Ampere (named against Chinese text), error 46 under an exclusive compute mode stated in words, SIGILL in a
virtual machine, a toolkit newer than the driver where PTX is JIT-compiled, RAPIDS on native Windows, FORCE_CUDA set
but not passed to the build, the toolkit hook's error cut short on a cgroup v2 host, and a pod asking containerd for an
nvidia runtime it does not have. Each signature is tried on at least two real wordings where two exist, and each new
reading on a text it must leave alone."""

from __future__ import annotations

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


ERROR_804 = ('RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling '
             'NumCudaDevices() that might have already set an error? Error 804: forward compatibility was attempted on '
             'non supported HW')


def test_error_804_in_a_container_named_in_words_is_the_host_driver():
    assert first(corpus("1172-")).slug == "driver-too-old"
    # without any container, 804 is a forward-compatibility library on the host's path: not the driver's age
    assert first(ERROR_804 + "\nI use the RTX3090 whose driver is 525").slug == "cuda-init-failed"


CUBLAS_BF16 = ("RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmStridedBatchedEx(handle, "
               "opa, opb, (int)m, (int)n, (int)k, (void*)&falpha, a, CUDA_R_16BF, (int)lda, stridea, b, CUDA_R_16BF, "
               "(int)ldb, strideb, (void*)&fbeta, c, CUDA_R_16BF, (int)ldc, stridec, (int)num_batches, compute_type, "
               "CUBLAS_GEMM_DEFAULT_TENSOR_OP)`")


def test_cublas_refusing_bfloat16_on_a_gpu_before_ampere():
    found = first(corpus("1173-"))
    assert found.slug == "bf16-unsupported-gpu" and "M40" in found.message
    # numz/ComfyUI-SeedVR2_VideoUpscaler#543 (a GTX Titan X), the GPU misspelled in the title
    assert first("Error during DIT upscale on GTX Titon X.\n" + CUBLAS_BF16).slug == "bf16-unsupported-gpu"
    # on an Ampere or newer GPU the same status is some other unsupported combination
    assert "bf16-unsupported-gpu" not in slugs("GPU: NVIDIA GeForce RTX 4090\n" + CUBLAS_BF16)
    # and a half-precision GEMM refused is not about bfloat16
    assert "bf16-unsupported-gpu" not in slugs(CUBLAS_BF16.replace("CUDA_R_16BF", "CUDA_R_16F"))


def test_a_gpu_named_against_chinese_text_is_still_read():
    names = [gpu.name for gpu in from_text("旧显卡如M40出现错误\n我的显卡是RTX3090，驱动").gpus.devices]
    assert names == ["M40", "RTX3090"]
    assert from_text("the GM107 chip").gpus.devices == []


def test_error_46_under_an_exclusive_mode_stated_in_words():
    assert first(corpus("1174-")).slug == "gpu-held-by-stale-process"
    # stardist/stardist#102, TensorFlow's wording on an LSF cluster
    found = first("I want to test StarDist2D on a cluster that runs GPUs in Exclusive Process mode. When, for example, "
                  "running notebook 2, I am thrown this error:\n"
                  "tensorflow.python.framework.errors_impl.InternalError: CUDA runtime implicit initialization on GPU:0 "
                  "failed. Status: all CUDA-capable devices are busy or unavailable")
    assert found.slug == "gpu-held-by-stale-process"
    # without a compute mode in sight, 46 has other causes
    assert "gpu-held-by-stale-process" not in slugs("RuntimeError: CUDA error: all CUDA-capable devices are busy or "
                                                     "unavailable")


def test_an_illegal_instruction_in_a_virtual_machine():
    assert first(corpus("1179-")).slug == "cpu-missing-avx"
    # t0mer/Find-my-kids#1: a container dying of SIGILL in a Proxmox VM
    text = ("root@my-server:~# docker run --rm -it techblog/find-my-kids:latest bash\nIllegal instruction (core dumped)\n"
            "Ubuntu 22.04 VM, runs on proxmox.\nwith 16 GB of ram, and 8 vCPUs.")
    assert first(text).slug == "cpu-missing-avx"
    # the same signal on bare metal, with nothing else said, is not known to be AVX
    assert "cpu-missing-avx" not in slugs("Shard process was signaled to shutdown with signal 4 rank=0\n"
                                          "Error: ShardCannotStart")


def test_a_toolkit_newer_than_the_driver_where_ptx_is_jit_compiled():
    found = first(corpus("1187-"))
    assert found.slug == "driver-too-old" and "minor-version compatibility" in found.message
    # the same two versions with nothing compiled at run time run through minor-version compatibility
    text = "Driver Version: 550.120\nCuda Toolkit: 12.8\nRuntimeError: CUDA error: out of memory"
    assert "driver-too-old" not in slugs(text)


def test_rapids_on_native_windows():
    assert first(corpus("1192-")).slug == "no-cuda-build-for-platform"
    # NVIDIA/cudf#15711: pip's stub on Windows finds no wheel
    text = ("(env) PS F:\\Harshit\\harshit_k9> pip install cudf-cu12  --extra-index-url=https://pypi.nvidia.com/\n"
            "Collecting cudf-cu12\n  Using cached cudf_cu12-24.4.1.tar.gz (2.6 kB)\n"
            "  Preparing metadata (pyproject.toml) ... error\n"
            '    File "C:\\Users\\RT Lab\\AppData\\Local\\Temp\\pip-build-env-4qjfae_n\\overlay\\Lib\\site-packages\\'
            'nvidia_stub\\wheel.py", line 114, in download_manual\n'
            '      raise RuntimeError(f"Didn\'t find wheel for {distribution} {version}")')
    assert first(text).slug == "no-cuda-build-for-platform"
    # NVIDIA/cudf#2883: conda's Windows channels
    text = ("PackagesNotFoundError: The following packages are not available from current channels:\n  - cudf=0.8\n"
            "Current channels:\n  - https://conda.anaconda.org/rapidsai/win-64\n  - https://conda.anaconda.org/rapidsai/noarch")
    assert first(text).slug == "no-cuda-build-for-platform"
    # on Linux the same conda failure is not about the platform
    assert "no-cuda-build-for-platform" not in slugs(text.replace("win-64", "linux-64"))


def test_force_cuda_set_but_not_passed_to_the_build():
    found = first(corpus("1193-"))
    assert found.slug == "cuda-extension-not-built" and "shell variable" in found.message
    # detectron2's own words, built without FORCE_CUDA at all
    found = first("RuntimeError: Not compiled with GPU support (ROIAlign_forward at "
                  "/detectron2/layers/csrc/ROIAlign/ROIAlign.h:73)")
    assert found.slug == "cuda-extension-not-built" and "shell variable" not in found.message


HOOK_CUT = ('Error: failed to start container "nvidia-device-plugin-ctr": Error response from daemon: OCI runtime create '
            "failed: container_linux.go:367: starting container process caused: process_linux.go:495: container init "
            "caused: Running hook #0:: error running hook: exit status 1, stdout: , stderr: nvidia-container-cli: "
            "container error:")


def test_the_toolkit_hook_cut_short_on_a_cgroup_v2_host():
    assert first(corpus("1207-")).slug == "container-toolkit-no-cgroup-v2"
    assert first("I switched the host to cgroupv2 (stat -fc %T /sys/fs/cgroup prints cgroup2fs)\n" + HOOK_CUT).slug == \
        "container-toolkit-no-cgroup-v2"
    # the same cut error with no word of cgroup v2 is not known to be it
    assert "container-toolkit-no-cgroup-v2" not in slugs(HOOK_CUT)


SANDBOX = ('Warning  FailedCreatePodSandBox  12s (x10 over 2m11s)  kubelet  Failed to create pod sandbox: rpc error: code '
           '= Unknown desc = failed to get sandbox runtime: no runtime for "nvidia" is configured')


def test_a_pod_asks_containerd_for_an_nvidia_runtime_it_lacks():
    found = first(corpus("1206-"))
    assert found.slug == "container-runtime-not-configured" and "microk8s enable gpu" in " ".join(found.fix)
    # NVIDIA/gpu-operator#432 on RKE2
    found = first("I am currently having this issue with RHEL 8.8 OS, rke2, containerd 1.6.24.\n" + SANDBOX)
    assert found.slug == "container-runtime-not-configured" and "rke2-server" in " ".join(found.fix)
    # NVIDIA/gpu-operator#730 on kops: plain containerd
    found = first("* Container Runtime Type/Version(e.g. Containerd, CRI-O, Docker): containerd\n" + SANDBOX)
    assert "--runtime=containerd" in " ".join(found.fix)


def test_dcgm_profiling_metrics_on_a_gpu_without_them():
    assert first(corpus("1210-")).slug == "dcgm-profiling-unsupported-gpu"
    assert first(corpus("1057-")).slug == "dcgm-profiling-unsupported-gpu"
    not_loaded = ("Error setting watches. Result: -33: This request is serviced by a module of DCGM that is not "
                  "currently loaded")
    # a module not loaded, with no profiling field in sight, is not known to be the profiling module
    assert "dcgm-profiling-unsupported-gpu" not in slugs(not_loaded)
    # on datacenter GPUs that have the counters, the cause lies elsewhere
    fatal = 'level=fatal msg="Error watching fields: Profiling is not supported for this group of GPUs or GPU"'
    assert "dcgm-profiling-unsupported-gpu" not in slugs("GPU 0: Tesla V100-SXM2-32GB (UUID: GPU-1)\n" + fatal)
    # and the maintainer named Quadro RTX among them (NVIDIA/dcgm-exporter#5)
    assert "dcgm-profiling-unsupported-gpu" not in slugs("GPU 0: Quadro RTX 6000 (UUID: GPU-1)\n" + fatal)
    assert first("GPU 0: Tesla P100-PCIE-16GB (UUID: GPU-1)\n" + fatal).slug == "dcgm-profiling-unsupported-gpu"


def test_torch_distributed_without_libuv_on_windows():
    assert first(corpus("1171-")).slug == "windows-torch-distributed-without-libuv"
    # pytorch/pytorch#139990, on a Windows CI runner
    text = ('  File "C:\\hostedtoolcache\\windows\\Python\\3.12.7\\x64\\Lib\\site-packages\\torch\\distributed\\'
            'rendezvous.py", line 189, in _create_c10d_store\n    return TCPStore(\n'
            "RuntimeError: use_libuv was requested but PyTorch was build without libuv support")
    found = first(text)
    assert found.slug == "windows-torch-distributed-without-libuv" and "USE_LIBUV=0" in " ".join(found.fix)


def test_a_prebuilt_binary_needing_a_newer_glibc():
    found = first(corpus("1195-"))
    assert found.slug == "glibc-too-old-for-binary" and "torch_sparse" in found.message and "2.29" in found.message
    # pyg-team/pyg-lib#548 on Ubuntu 20.04, and pytorch/pytorch#14274 with the system's glibc in the paste
    text = ("OSError: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.33' not found (required by "
            "/home/ee615/anaconda3/envs/qcnet/lib/python3.10/site-packages/libpyg.so)")
    assert first(text).slug == "glibc-too-old-for-binary"
    text = ("ImportError: /lib64/libc.so.6: version 'GLIBC_2.14' not found (required by "
            "/home/qwe123/data/conda_packages/lib/python3.6/site-packages/torch/lib/libshm.so)")
    found = first(text)
    assert found.slug == "glibc-too-old-for-binary" and found.message.startswith("torch was built against glibc 2.14")
    # host libraries that Apptainer binds into an older container are CTR019's
    text = ("glxgears: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.34' not found (required by "
            "/.singularity.d/libs/libGLdispatch.so.0)")
    assert slugs(text)[0] == "host-gl-libs-newer-glibc-than-container" and "glibc-too-old-for-binary" not in slugs(text)


def test_code_for_cuda_python_12_under_cuda_python_13():
    found = first(corpus("1191-"))
    assert found.slug == "cuda-python-major-too-new" and "cuda.bindings.runtime" in found.message
    # TensorRT-LLM's own import, from a deployment's notes
    text = ('File "/usr/local/lib/python3.10/dist-packages/tensorrt_llm/_ipc_utils.py", line 20\n'
            "    from cuda import cudart\nImportError: cannot import name 'cudart' from 'cuda' (unknown location)")
    assert first(text).slug == "cuda-python-major-too-new"
    # with cuda-python 12 stated, the modules are there to be found: not the removal
    assert "cuda-python-major-too-new" not in slugs("pip install cuda-python==12.6\n"
                                                    "ImportError: cannot import name 'cudart' from 'cuda' (unknown location)")


CAPACITY_WITHOUT_GPU = ("Capacity:\n  cpu:                48\n  ephemeral-storage:  574137520Ki\n  hugepages-1Gi:      0\n"
                        "  hugepages-2Mi:      0\n  memory:             263603720Ki\n  pods:               110\n"
                        "Allocatable:\n  cpu:                48\n  ephemeral-storage:  529125137556\n"
                        "  memory:             263501320Ki\n  pods:               110\n")


def test_a_node_without_a_device_plugin_advertises_no_gpu():
    assert first(corpus("1205-")).slug == "k8s-device-plugin-not-deployed"
    # MicrosoftDocs/azure-docs#17730, in words
    assert first("Follow each cli command in the AKS GPU guide up to kubectl describe node <NAME>, where Capacity and "
                 "Allocatable do not list nvidia.com/gpu.").slug == "k8s-device-plugin-not-deployed"
    # NVIDIA/k8s-device-plugin#834: describe node's own output, the driver working on the node
    assert from_text(CAPACITY_WITHOUT_GPU).container.node_gpus == 0
    text = "when i describe node, there is no gpu resource, why?\n" + CAPACITY_WITHOUT_GPU + "1. I have installed nvidia driver"
    assert first(text).slug == "k8s-device-plugin-not-deployed"
    # NVIDIA/k8s-device-plugin#285: the plugin runs and the node still lists no GPU: not a plugin never deployed
    text = "nvidia-device-plugin is starting but still no gpu-device in node description\n" + CAPACITY_WITHOUT_GPU
    assert "k8s-device-plugin-not-deployed" not in slugs(text)


def test_nvidia_smi_on_a_node_whose_driver_the_gpu_operator_runs():
    found = first(corpus("1209-"))
    assert found.slug == "operator-driver-not-on-host-path" and "chroot /run/nvidia/driver nvidia-smi" in found.fix[0]
    # installed with driver.enabled=false, the operator expects the host's own driver: then it is missing
    text = ("helm install gpu-operator nvidia/gpu-operator --set driver.enabled=false\n"
            "root@node1:~# nvidia-smi\nnvidia-smi: command not found")
    assert "operator-driver-not-on-host-path" not in slugs(text)
