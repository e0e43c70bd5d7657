"""Situations batch 24 showed: Taichi not finding the unversioned libcuda.so, JAX's CUDA plugin unable to load one of
its CUDA wheels, k2's check of nvcc against torch's CUDA, a cuDNN 8 DLL failing with error 126 when nobody said it is
there, a reporter saying the machine has no GPU, a build whose architecture list (OpenCV's summary or options) leaves
the GPU out, running ldconfig in the container as the mend, and a vGPU guest driver refused by the host. Each
signature is tried on at least two real wordings where two exist, and each new reading on a text it must leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_taichi_not_finding_the_unversioned_libcuda():
    assert first(corpus("1409-")).slug == "cuda-libs-not-on-library-path"  # Genesis on Taichi
    # taichi-dev/taichi-nerfs#94
    assert first("[W 03/03/24 17:05:31.950 2179169] [cuda_driver.cpp:load_lib@36] libcuda.so lib not found.\n"
                 "[W 03/03/24 17:05:31.950 2179169] [misc.py:adaptive_arch_select@758] Arch=[<Arch.cuda: 3>] is not "
                 "supported, falling back to CPU").slug == "cuda-libs-not-on-library-path"
    # a Vulkan library missing is not libcuda
    assert "cuda-libs-not-on-library-path" not in slugs("[vulkan_loader.cpp:init@42] libvulkan.so lib not found.")


def test_jax_plugin_unable_to_load_a_cuda_library():
    found = first(corpus("1410-"))  # MuJoCo Playground: cuSPARSE, then the CPU fallback
    assert found.slug == "cuda-libraries-missing"
    assert found.evidence["library"] == "cuSPARSE" and found.evidence["wheel"] == "nvidia-cusparse-cu12"
    # jax-ml/jax#18027, JAX 0.4.18's wording
    found = first(">>> jax.numpy.array(1)\nCUDA backend failed to initialize: Unable to load cuSOLVER. "
                  "(Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)")
    assert found.slug == "cuda-libraries-missing" and found.evidence["wheel"] == "nvidia-cusolver-cu12"
    # conda-forge/jaxlib-feedstock#285
    assert first("RuntimeError: Unable to use CUDA because of the following issues with CUDA components:\n"
                 "Unable to load cuFFT. Is it installed?").slug == "cuda-libraries-missing"
    # the library shadowed by LD_LIBRARY_PATH stays the shadowing (LD_DEBUG shows where it came from)
    assert first(corpus("993-")).slug == "cuda-library-shadowed"
    # another program's "Unable to load" is not JAX's check, nor is a driver library named without JAX's words
    assert "cuda-libraries-missing" not in slugs("Unable to load configuration file /etc/app.conf. Is it installed?")
    assert "cuda-libraries-missing" not in slugs("Warning: Unable to load CUDA driver library, falling back to CPU")


def test_k2_compares_nvcc_with_the_cuda_torch_was_built_with():
    found = first(corpus("1418-"))
    assert found.slug == "nvcc-framework-cuda-mismatch"
    assert (found.evidence["nvcc"], found.evidence["torch_cuda"]) == ("10.2", "11.7")
    # k2-fsa/k2#1189: a minor apart is refused too
    found = first("AssertionError: PyTorch is built with CUDA version: 11.3.\n"
                  "The current running CUDA version is: 11.4.120")
    assert found.slug == "nvcc-framework-cuda-mismatch" and found.evidence["nvcc"] == "11.4"
    assert "nvcc-framework-cuda-mismatch" not in slugs("PyTorch built with CUDA Version 11.7")


def test_cudnn_dll_error_126_is_the_dll_missing_unless_it_is_said_to_be_there():
    found = first(corpus("1420-"))  # whisper-writer: no cuDNN 8 installed
    assert found.slug == "cudnn-missing" and found.evidence["wanted_major"] == "8"
    assert any("PATH" in step for step in found.fix)
    assert first(corpus("753-")).slug == "cudnn-zlib-dependency-missing"  # "the directory is there"
    said = ("Could not load library cudnn_cnn_infer64_8.dll. Error code 126\n"
            "Please make sure cudnn_cnn_infer64_8.dll is in your library path!\n"
            "I have already installed cuDNN 8.9 and copied the files into the CUDA bin folder.")
    assert first(said).slug == "cudnn-zlib-dependency-missing"


def test_a_reporter_saying_the_machine_has_no_gpu():
    found = first(corpus("1423-"))  # CellBender run with --cuda on a computer without a graphics card
    assert found.slug == "no-nvidia-gpu" and "graphic card" in found.evidence["said"][0]
    # karpathy/llm.c#88
    assert first("AssertionError: Torch not compiled with CUDA enabled\nI am running the code in my laptop which does "
                 "not contain nvidia-graphics card").slug == "no-nvidia-gpu"
    # ebagdasa/federated_adaptation#3
    assert first("AssertionError: Torch not compiled with CUDA enabled\nI have changed some methods but it doesn't "
                 "work, I have no GPU, so I should run it with CPU").slug == "no-nvidia-gpu"
    # a GPU short of something, or a menu without one, is not a machine without a GPU
    assert "no-nvidia-gpu" not in slugs("RuntimeError: CUDA is not available\nI don't have a GPU with enough memory")
    assert "no-nvidia-gpu" not in slugs("AssertionError: Torch not compiled with CUDA enabled\n"
                                        "I don't have any GPU to select in the digits server")


def test_a_build_whose_architecture_list_leaves_the_gpu_out():
    found = first(corpus("1451-"))  # OpenCV built for Pascal (60 61), run on an RTX 2060
    assert found.slug == "gpu-arch-not-in-build"
    assert found.evidence["compute_capability"] == "7.5" and found.evidence["arch_list"] == ["sm_60", "sm_61"]
    # opencv/opencv#20706: CUDA_ARCH_BIN=7.5 on a GTX 745 (5.0), older than every entry
    found = first("- GPU ==> NVIDIA GeForce GTX 745 (compute capability: 5.0)\n"
                  "error: (-216:No CUDA support) OpenCV was not built to work with the selected device. Please check "
                  "CUDA_ARCH_PTX or CUDA_ARCH_BIN in your build configuration. in function 'initCUDABackend'\n"
                  "> -DWITH_CUDA=ON ^\n> -DCUDA_ARCH_BIN=7.5 ^\n")
    assert found.slug == "gpu-arch-unsupported" and found.evidence["arch_list"] == ["sm_75"]
    # the GPU inside the list: the list is not the cause (no finding from it)
    found = first("NVIDIA GeForce RTX 2060\nerror: (-216:No CUDA support) OpenCV was not built to work with the "
                  "selected device.\n  NVIDIA GPU arch:     61 75\n")
    assert "arch_list" not in found.evidence
    # an ONNX Runtime failure gets ONNX Runtime's way out, not a torch wheel
    found = first(corpus("1446-"))
    assert any("onnxruntime" in step.lower() for step in found.fix)
    assert not any("torch" in step for step in found.fix)


def test_running_ldconfig_in_the_container_is_the_mend():
    assert first(corpus("1428-")).slug == "container-toolkit-ldconfig-path-wrong"  # Jellyfin after a Debian upgrade
    # NVIDIA/nvidia-docker#1399
    assert first("On Debian 10 and Debian unstable, nvidia-docker fails to run programs that use CUDA inside of "
                 "containers UNLESS `ldconfig` is run first in the container to rebuild the the `ldconfig` cache."
                 ).slug == "container-toolkit-ldconfig-path-wrong"
    # NVIDIA/nvidia-docker#893
    assert first("docker run --runtime=nvidia --rm nvidia/cuda:9.0-base bash\ninside container write: ldconfig\n"
                 "then for check that is all ok write nvidia-smi").slug == "container-toolkit-ldconfig-path-wrong"
    # ldconfig in a Dockerfile step says nothing about the toolkit
    assert "container-toolkit-ldconfig-path-wrong" not in slugs("RUN ldconfig /usr/local/cuda/lib64")


def test_a_vgpu_guest_driver_refused_by_the_host():
    found = first(corpus("1440-"))  # Azure A10 vGPU image with the R535 GRID driver on R570 hosts
    assert found.slug == "vgpu-guest-host-driver-mismatch"
    # the same words in the kernel log's Xid line (the Xid catalog gives them as Xid 78's string)
    assert first("NVRM: Xid (PCI:0002:00:00): 78, Guest driver is incompatible "
                 "with host driver").slug == "vgpu-guest-host-driver-mismatch"
    # another Xid is not this one
    assert "vgpu-guest-host-driver-mismatch" not in slugs("NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.")
