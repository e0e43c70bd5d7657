"""Situations batch 20 showed: NVRTC refusing the architecture of the GPU it runs on (too old or too new for its
CUDA), a project's own CUDA extension module never built, torchvision built from source without its operators, the
stub libcuda's code 34 after the words "CUDA error", a 32-bit Python asking for GPU packages, a driver installed into
an image, a TensorFlow pip build on a driver older than its CUDA, cuInit finding no device under WSL, a CUDA library
newer than the nvJitLink beside it, and TensorRT missing from a Jetson. Each signature is tried on at least two real
wordings where two exist, and each new reading on a text it must leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


NVRTC = "RuntimeError: nvrtc: error: invalid value for --gpu-architecture (-arch)"


def test_nvrtc_refusing_an_old_gpu_is_an_architecture_its_cuda_dropped():
    found = first(corpus("1221-"))
    assert found.slug == "gpu-arch-dropped-by-nvcc"
    assert found.evidence["compute_capability"] == "3.0" and found.evidence["last_cuda"].startswith("10.2")


def test_nvrtc_refusing_a_new_gpu_is_a_cuda_too_old_for_it():
    # Isaac Sim's torch 2.5.1+cu118 on an RTX 5070 (a write-up of cuRobo on Blackwell, NVRTC 11.8 and sm_120): the
    # NVRTC came with the framework build, so the build is what is older than the GPU (batch 21's reading)
    found = first("GPU: NVIDIA GeForce RTX 5070\ntorch 2.5.1+cu118\n" + NVRTC)
    assert found.slug == "gpu-arch-not-in-build"
    assert found.evidence["needs_cuda"].startswith("12.8") and found.evidence["nvrtc_cuda"] == "11.8"
    # the B300 named the way its owner wrote it ("on this B300 box"): torch +cu128's kernels for 10.0 run on its 10.3,
    # and only NVRTC 12.8, which compiles for the exact target, does not know it; 10.3 came with CUDA 12.9
    found = first("Root cause: a1x_rl vendors nvidia-cuda-nvrtc-cu12 12.8 on this B300 box\ntorch 2.9.0+cu128\n" + NVRTC)
    assert found.slug == "nvrtc-toolkit-too-old" and found.evidence["compute_capability"] == "10.3"
    assert found.evidence["needs_cuda"] == "12.9.0"
    # a Chinese note with no GPU and no CUDA named: still NVRTC that does not know the GPU
    assert first("训练的gui一闪而过之后`run time error nvrtc: invalid value for --gpu-architecture(-arch)`").slug == \
        "nvrtc-toolkit-too-old"


def test_a_projects_own_cuda_extension_module_missing():
    found = first(corpus("1222-"))
    assert found.slug == "cuda-extension-not-built" and "attn_core_inplace_cuda" in found.message
    # qinglew/PCN-PyTorch#12 and joslefaure/HIT#10
    assert first("ModuleNotFoundError: No module named 'emd_cuda'").slug == "cuda-extension-not-built"
    assert first("ModuleNotFoundError: No module named 'hit._custom_cuda_ext'").slug == "cuda-extension-not-built"
    # numba-cuda is a package of its own, not an extension
    assert "cuda-extension-not-built" not in slugs("ModuleNotFoundError: No module named 'numba_cuda'")


def test_torchvision_built_from_source_without_its_operators():
    assert first(corpus("1237-")).slug == "cuda-extension-not-built"
    # pytorch/vision#1405: a master clone installed with setup.py, the version a source build's
    assert first("torchvision 0.5.0a0+3b7d3e6\n>>> torch.ops.torchvision.nms\n"
                 "RuntimeError: No such operator torchvision::nms").slug == "cuda-extension-not-built"
    # a pip wheel with the same words is a wheel of another torch, not this
    assert "cuda-extension-not-built" not in slugs("torchvision 0.17.0+cu121\n"
                                                   "RuntimeError: operator torchvision::nms does not exist")


def test_cuda_error_34_is_the_stub_libcuda():
    assert first(corpus("1229-")).slug == "libcuda-stub-on-library-path"
    assert first("CUDA error: 34 while calling cudaGetDeviceCount").slug == "libcuda-stub-on-library-path"
    # a line number, and another code, are not
    assert "libcuda-stub-on-library-path" not in slugs("CUDA error at kernel.cu:34 invalid argument")
    assert "libcuda-stub-on-library-path" not in slugs("CUDA error 340")


def test_a_32_bit_python_asking_for_gpu_packages():
    found = first(corpus("1233-"))
    assert found.slug == "no-cuda-build-for-platform" and found.evidence["wanted"] == "cudf"
    # a 32-bit CPython on Windows (its banner) asking pip for torch
    found = first("Python 3.8.10 (tags/v3.8.10:3d8993a, May  3 2021, 11:34:34) [MSC v.1928 32 bit (Intel)] on win32\n"
                  "ERROR: Could not find a version that satisfies the requirement torch==1.8.1+cu111")
    assert found.slug == "no-cuda-build-for-platform" and "32-bit" in found.message
    # the same request from a 64-bit Python is not this
    assert "no-cuda-build-for-platform" not in slugs(
        "Python 3.8.10 [MSC v.1928 64 bit (AMD64)] on win32\n"
        "ERROR: Could not find a version that satisfies the requirement torch==1.8.1+cu111")


def test_a_driver_installed_into_the_image():
    found = first(corpus("1245-"))
    assert found.slug == "driver-libs-in-image" and "installed" in found.evidence
    dockerfile = ("RUN apt-get update && apt-get install -y nvidia-driver-535 cuda-toolkit-12-2\n"
                  "$ docker run --gpus all myimage nvidia-smi\n"
                  "Failed to initialize NVML: Driver/library version mismatch")
    assert first(dockerfile).slug == "driver-libs-in-image"
    # without a driver installed in the image, a mismatch on the host is the host's half-finished upgrade
    assert first("$ nvidia-smi\nFailed to initialize NVML: Driver/library version mismatch").slug == \
        "driver-library-mismatch"


def test_tensorflow_pip_build_on_a_driver_older_than_its_cuda():
    found = first(corpus("1256-"))
    assert found.slug == "driver-too-old" and found.evidence["tensorflow.cuda"] == "10.0"
    # TensorFlow 2.4 is CUDA 11.0; driver 440 runs CUDA 10.2 at most
    found = first("tensorflow 2.4.0\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  440.33.01  Wed Nov 13 00:00:22 "
                  "UTC 2019")
    assert found.slug == "driver-too-old" and found.evidence["tensorflow.cuda"] == "11.0"
    # TensorFlow 1.13's plain package was CPU-only: nothing to judge without tensorflow-gpu
    assert "driver-too-old" not in slugs("tensorflow 1.13.1\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  396.26  "
                                         "Mon Apr 30 18:01:39 PDT 2018")
    # a conda build may be linked against another CUDA
    assert "driver-too-old" not in slugs("conda install tensorflow-gpu=1.13.1\nNVRM version: NVIDIA UNIX x86_64 "
                                         "Kernel Module  396.26  Mon Apr 30 18:01:39 PDT 2018")


def test_cuinit_finding_no_device_under_wsl():
    assert first(corpus("1261-")).slug == "wsl-libcuda"
    # numba under WSL 2 in its own words
    found = first("Ubuntu 22.04 on WSL2\nnumba.cuda.cudadrv.driver.CudaAPIError: [100] Call to cuInit results in "
                  "CUDA_ERROR_NO_DEVICE")
    assert found.slug == "wsl-libcuda"
    # the same words on a plain Linux machine are no WSL finding
    assert "wsl-libcuda" not in slugs("Ubuntu 22.04\nCall to cuInit results in CUDA_ERROR_NO_DEVICE")


NVJITLINK = "undefined symbol: __nvJitLinkComplete_12_4, version libnvJitLink.so.12"


def test_a_cuda_library_newer_than_the_nvjitlink_beside_it():
    found = first(corpus("1230-"))
    assert found.slug == "cuda-lib-newer-than-nvjitlink" and found.evidence["needs_nvjitlink"] == "12.4"
    # a pip list with an nvJitLink wheel older than the symbol's release
    found = first("nvidia-cusparse-cu12      12.3.1.170\nnvidia-nvjitlink-cu12     12.1.105\n"
                  "ImportError: /venv/lib/python3.11/site-packages/nvidia/cusparse/lib/libcusparse.so.12: " + NVJITLINK)
    assert found.slug == "cuda-lib-newer-than-nvjitlink" and "12.1.105" in found.message
    # an older nvJitLink from LD_LIBRARY_PATH (pytorch/pytorch#134929) is the path's doing
    assert first(corpus("726-")).slug == "cuda-library-shadowed"
    assert first(corpus("999-")).slug == "cuda-library-shadowed"


def test_tensorrt_missing_on_a_jetson_is_not_installed():
    assert first(corpus("1238-")).slug == "tensorrt-not-installed"
    missing = "error while loading shared libraries: libnvinfer.so.8: cannot open shared object file: No such file"
    assert first("Jetson Orin Nano, JetPack 5.1.2\n$ /usr/src/tensorrt/bin/trtexec\n" + missing).slug == \
        "tensorrt-not-installed"
    # inside a container on the Jetson the libraries come from mounts or the image
    assert "tensorrt-not-installed" not in slugs("Jetson Orin Nano, JetPack 5.1.2\n$ docker run --runtime nvidia "
                                                 "myimage trtexec\n" + missing)
    # and on a PC, the libraries are somewhere the loader does not look
    assert first("Ubuntu 22.04\n" + missing).slug == "tensorrt-libs-not-on-library-path"


def test_xla_finding_no_ptxas():
    found = first(corpus("1218-"))
    assert found.slug == "xla-ptxas-not-found" and found.evidence["image"] == "nvidia/cuda:11.2.0-base"
    # jax-ml/jax#7239, outside any image
    found = first("2021-07-10 19:06:52.914859: W external/org_tensorflow/tensorflow/stream_executor/gpu/asm_compiler.cc:77]"
                  " Couldn't get ptxas version string: Internal: Couldn't invoke ptxas --version")
    assert found.slug == "xla-ptxas-not-found" and "image" not in found.evidence
    # newer XLA's words (NixOS/nixpkgs#375186)
    assert first("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: CustomCall failed: Couldn't find a suitable version "
                 "of ptxas. The following locations were considered: bin/ptxas").slug == "xla-ptxas-not-found"
    # a ptxas that ran, too old, is another situation
    assert "xla-ptxas-not-found" not in slugs("Invoking ptxas with version 12.1.66, which corresponds to a CUDA "
                                              "version <=12.6.2")


def test_libnuma_missing_for_ucx():
    assert first(corpus("1234-")).slug == "ucx-libnuma-missing"
    # rapidsai/dask-cuda#822 and openucx/ucx#5140 (JUCX)
    assert first("ImportError: libnuma.so.1: cannot open shared object file: No such file or directory\n"
                 "Unable to start CUDA Context").slug == "ucx-libnuma-missing"
    found = first("Ubuntu 22.04\nFailed to load libjucx.so: libnuma.so.1: cannot open shared object file")
    assert found.slug == "ucx-libnuma-missing" and found.fix == ["sudo apt-get install -y libnuma1"]


YAKSA = ("CUDA Error (yaksuri_cuda_init_hook:src/backend/cuda/hooks/yaksuri_cuda_init_hooks.c,173): no CUDA-capable "
         "device is detected")


def test_a_gpu_enabled_mpich_on_a_node_without_gpus():
    assert first(corpus("1241-")).slug == "mpi-gpu-support-on-cpu-only-node"
    # pmodels/mpich#6725: the same words from a build configured --with-cuda, run on a non-CUDA platform
    assert first("If MPICH installation is configured with `--with-cuda` flag, it will fail to launch application\n"
                 + YAKSA).slug == "mpi-gpu-support-on-cpu-only-node"
    # the same device error from anything else is not MPICH's
    assert "mpi-gpu-support-on-cpu-only-node" not in slugs("cudaGetDeviceCount: no CUDA-capable device is detected")


LIBCUDA_GONE = "ImportError: libcuda.so.1: cannot open shared object file: No such file or directory"


def test_a_session_the_containers_own_ssh_server_started():
    assert first(corpus("1244-")).slug == "ssh-session-drops-container-library-path"
    # horovod/horovod#313: mpirun over SSH into containers started with nvidia-docker
    found = first("nvidia-docker run -it --network=host horovod:latest\n/usr/sbin/sshd -p 12345; sleep infinity\n"
                  "mpirun -np 4 -H 192.168.0.131:2,192.168.0.132:2 -mca plm_rsh_args \"-p 12345\" python train.py\n"
                  + LIBCUDA_GONE)
    assert found.slug == "ssh-session-drops-container-library-path"
    # a container started without GPUs, with no SSH anywhere, is the run command's doing
    assert "ssh-session-drops-container-library-path" not in slugs("$ docker run --rm myimage python train.py\n"
                                                                   + LIBCUDA_GONE)


def test_a_cdi_hook_binary_missing_on_the_host():
    found = first(corpus("1255-"))
    assert found.slug == "cdi-hook-path-missing-on-host" and found.evidence["hook"] == "/usr/bin/nvidia-ctk"
    # void-linux/void-packages#52507: a toolkit package without nvidia-cdi-hook
    found = first("Error: unable to start container: runc: runc create failed: unable to start container process: "
                  "error during container init: error running hook #0: fork/exec /usr/bin/nvidia-cdi-hook: no such "
                  "file or directory: OCI runtime attempted to invoke a command that was not found")
    assert found.slug == "cdi-hook-path-missing-on-host" and found.evidence["hook"] == "/usr/bin/nvidia-cdi-hook"


def test_a_program_built_without_cuda():
    assert first(corpus("1259-")).slug == "program-built-without-cuda"
    assert first(corpus("1264-")).slug == "program-built-without-cuda"
    # opencv/opencv-python#398 and opencv/opencv#24137
    found = first("cv2.error: OpenCV(4.4.0) C:\\Users\\appveyor\\AppData\\Local\\Temp\\1\\pip-req-build-52oirelq\\opencv\\"
                  "modules\\core\\include\\opencv2/core/private.cuda.hpp:106: error: (-216:No CUDA support) The library "
                  "is compiled without CUDA support in function 'throw_no_cuda'")
    assert found.slug == "program-built-without-cuda" and found.evidence["program"] == "OpenCV"
    assert first("[ WARN:0@0.238] global net_impl.cpp:178 setUpNet DNN module was not built with CUDA backend; "
                 "switching to CPU").slug == "program-built-without-cuda"
    # OpenCV built with CUDA but not for this GPU's architecture is not this
    assert "program-built-without-cuda" not in slugs("error: (-216:No CUDA support) OpenCV was not built to work with "
                                                     "the selected device. Please check CUDA_ARCH_PTX or CUDA_ARCH_BIN")


def test_cufile_failing_under_kvikio():
    found = first(corpus("1232-"))
    assert found.slug == "cufile-gds-unusable-needs-compat-mode" and "container" not in found.evidence
    # rapidsai/kvikio#33, inside a container: the /run/udev mount is named
    found = first(corpus("1231-"))
    assert found.slug == "cufile-gds-unusable-needs-compat-mode" and any("/run/udev" in step for step in found.fix)


def test_dcgm_on_a_jetson():
    assert first(corpus("1253-")).slug == "dcgm-unsupported-on-jetson"
    assert first("Jetson AGX Orin, JetPack 6.0\n$ dcgmi discovery -l\n0 GPUs found.").slug == \
        "dcgm-unsupported-on-jetson"
    # DCGM on a discrete GPU is another matter
    assert "dcgm-unsupported-on-jetson" not in slugs("GPU: NVIDIA A100-SXM4-80GB\n$ dcgmi discovery -l\n0 GPUs found.")
