"""Situations from corpus batch 7 that known rules missed in new wordings: TensorFlow ignoring a GPU
below its build's minimum capability, JAX's CUDA build asked for on native Windows, a cuDNN of the
wrong major, xFormers built for another torch."""

from __future__ import annotations

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as findings


def test_tensorflow_ignores_a_gpu_below_its_minimum():
    for case in ("487-", "488-"):
        found = first(corpus(case))
        assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == "3.0", case
        assert "TF_CUDA_COMPUTE_CAPABILITIES=3.0" in " ".join(found.fix)
    # TensorFlow 1.x's wording ("Ignoring gpu device", no "visible")
    old = first("Ignoring gpu device (device: 0, name: GeForce GT 650M, pci bus id: 0000:01:00.0) with Cuda compute "
                "capability 3.0. The minimum required Cuda capability is 3.5.")
    assert old.slug == "gpu-arch-unsupported" and old.evidence["compute_capability"] == "3.0"


def test_jax_cuda_asked_for_on_native_windows():
    found = first(corpus("496-"))
    assert found.slug == "no-cuda-build-for-platform" and "Windows" in found.message
    # the same request inside WSL 2 is JAX's experimental WSL path, not this
    wsl = ("Linux version 5.15.153.1-microsoft-standard-WSL2\n"
           'pip install -U "jax[cuda12]"\nNo GPU/TPU found, falling back to CPU')
    assert "no-cuda-build-for-platform" not in [f.slug for f in findings(wsl)]


def test_tensorrt_names_the_sm_it_refuses():
    # "Unsupported SM: 0x601" is 6.1: below TensorRT 10.0's stated minimum (530)
    old = first(corpus("530-"))
    assert old.slug == "gpu-arch-unsupported" and old.evidence["compute_capability"] == "6.1"
    # "0x809" is 8.9: a GPU TensorRT 8.4 has no kernels for (516)
    new = first(corpus("516-"))
    assert new.slug == "gpu-arch-not-in-build" and new.evidence["compute_capability"] == "8.9"
    # Blackwell's 12.0 is 0xc00, named without a release
    blackwell = first("[TRT] [E] 1: Unsupported SM: 0xc00")
    assert blackwell.slug == "gpu-arch-not-in-build" and blackwell.evidence["compute_capability"] == "12.0"


def test_a_program_asking_for_one_cudnn_major_where_another_is_installed():
    # CTranslate2 built for cuDNN 8, NVIDIA's cuDNN 9.2 installed (481); torch's bundled _9.dll beside the
    # missing _8.dll on Windows (484)
    for case, present in (("481-", "9"), ("484-", "9")):
        found = findings(corpus(case))
        assert found[0].slug == "cudnn-version-mismatch", case
        assert (found[0].evidence["wanted_major"], found[0].evidence["present_major"]) == ("8", present)
        assert "cudnn-missing" not in [f.slug for f in found]
    # pip's nvidia-cudnn-cu12 9.x listed next to a program asking for libcudnn.so.8
    listed = first("Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open "
                   "shared object file: No such file or directory\nnvidia-cudnn-cu12        9.1.0.70")
    assert listed.slug == "cudnn-version-mismatch" and listed.evidence["present_major"] == "9"
    # the same error with nothing else installed stays cuDNN missing
    alone = first("Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open "
                  "shared object file: No such file or directory")
    assert alone.slug == "cudnn-missing"
    # cuDNN 8 has CUDA 12 wheels (torch 2.1's cu121 needed nvidia-cudnn-cu12==8.9.2.26); cuDNN 7 has none
    assert "nvidia-cudnn-cu12==8.*" in " ".join(alone.fix) and "nvidia-cudnn-cu12==8.*" in " ".join(
        first(corpus("481-")).fix)
    old = first("ImportError: libcudnn.so.7: cannot open shared object file: No such file or directory")
    assert old.slug == "cudnn-missing" and "cudnn-archive" in " ".join(old.fix)


XFORMERS = ("WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n"
            "    PyTorch {built} with CUDA 1201 (you have {have})\n    Python  3.10.11 (you have 3.10.11)\n"
            "  Please reinstall xformers (see https://github.com/facebookresearch/xformers#installing-xformers)")


def test_xformers_built_for_another_torch():
    # 534: built for 2.0.1, torch 1.13.0+cu117 installed; the version xFormers was built for is not the host's torch
    found = first(corpus("534-"))
    assert found.slug == "framework-plugin-mismatch"
    assert (found.evidence["xformers_built_for"], found.evidence["torch"]) == ("2.0.1", "1.13.0+cu117")
    # InvokeAI's wording, with the logger's prefix (invoke-ai/InvokeAI#6590)
    other = first("WARNING:xformers:" + XFORMERS.format(built="2.1.2+cu121", have="2.0.1+cu118"))
    assert other.slug == "framework-plugin-mismatch" and other.evidence["torch"] == "2.0.1+cu118"
    # the same warning where the torch found is a CPU build: that is the cause (facebookresearch/xformers#982)
    cpu = findings(XFORMERS.format(built="2.2.0+cu121", have="2.2.0+cpu"))
    assert cpu[0].slug == "cpu-only-build" and "framework-plugin-mismatch" not in [f.slug for f in cpu]
    torch = next(f for f in from_text(XFORMERS.format(built="2.2.0+cu121", have="2.2.0+cpu"), "paste.txt")
                 .frameworks.installed if f.name == "torch")
    assert torch.version == "2.2.0+cpu"


def test_ctranslate2_cannot_locate_a_cuda_12_library_on_windows():
    found = first(corpus("510-"))
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == "12"
    # the same words for cuBLAS 11
    old = first("Could not locate cublas64_11.dll. Please make sure it is in your library path!")
    assert old.slug == "cuda-libraries-missing" and old.evidence["wanted_cuda_major"] == "11"


PADDLE_PASCAL = ("W0726 14:31:17.682821 212581 gpu_resources.cc:96] The GPU architecture in your current machine is "
                 "Pascal, which is not compatible with Paddle installation with arch: 70 75 80 86 , it is recommended "
                 "to install the corresponding wheel package according to the installation information on the "
                 "official Paddle website.\nW0726 14:31:17.682865 212581 gpu_resources.cc:119] Please NOTE: device: 0, "
                 "GPU Compute Capability: 6.1, Driver API Version: 12.2, Runtime API Version: 11.7")
PADDLE_BLACKWELL = ("E0628 11:38:05.609311 27896 gpu_resources.cc:98] Mismatched GPU Architecture: The installed "
                    "PaddlePaddle package was compiled for 75 80 86 89 ,but your current GPU is 120 Solution: Install "
                    "the correct wheel package built for your GPU from the official PaddlePaddle website")


def test_paddle_states_its_builds_architectures():
    # an Ampere GPU named only by its architecture, a build for 5.2-7.5 (522): no kernels for it
    ampere = findings(corpus("522-"))
    assert [f.slug for f in ampere].count("gpu-arch-not-in-build") == 1
    assert ampere[0].evidence["arch_list"] == ["5.2", "6.0", "6.1", "7.0", "7.5"]
    # Pascal 6.1 under a build for 7.0+ (PaddlePaddle/Paddle#55715's words): older than the build
    old = first(PADDLE_PASCAL)
    assert old.slug == "gpu-arch-unsupported" and old.evidence["compute_capability"] == "6.1"
    # Paddle 3's wording, capability as "120" (PaddlePaddle/Paddle#73687)
    new = first(PADDLE_BLACKWELL)
    assert new.slug == "gpu-arch-not-in-build" and new.evidence["compute_capability"] == "12.0"


def test_kernels_that_need_ampere():
    # text-generation-inference on a V100 (523), flash-attn 2 on a T4
    tgi = first(corpus("523-"))
    assert tgi.slug == "gpu-arch-unsupported" and tgi.evidence["compute_capability"] == "7.0"
    flash = first("RuntimeError: FlashAttention only supports Ampere GPUs or newer.\nGPU: Tesla T4")
    assert flash.slug == "gpu-arch-unsupported" and flash.evidence["compute_capability"] == "7.5"
    assert "sdpa" in " ".join(flash.fix)


def test_paddle_cannot_load_cudnn():
    assert first(corpus("537-")).slug == "cudnn-missing"
    found = first("RuntimeError: (PreconditionNotMet) Cannot load cudnn shared library. Cannot invoke method "
                  "cudnnGetVersion.\n  [Hint: cudnn_dso_handle should not be null.] (at "
                  "/paddle/paddle/fluid/platform/dynload/cudnn.cc:76)")
    assert found.slug == "cudnn-missing" and "LD_LIBRARY_PATH" in " ".join(found.fix)
    assert found.evidence["wanted_major"] == "not named"  # no soname: no major guessed


def test_a_torch_build_alone_on_a_form_line_is_judged_against_the_gpu():
    # "- 2.8.0+cu128" under the GPU's name (518): the build has no Pascal kernels, the GPU is too old for it
    found = first(corpus("518-"))
    assert found.slug == "gpu-arch-unsupported" and found.evidence["torch"] == "2.8.0+cu128"


def test_cudf_missing_ptx_for_the_gpus_capability():
    found = first(corpus("499-"))
    assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == "5.0"
    pascal = first("RuntimeError: This cuDF installation is missing the necessary PTX files that are <=61.")
    assert pascal.slug == "gpu-arch-unsupported" and pascal.evidence["compute_capability"] == "6.1"


def test_cuinit_802_in_its_numeric_forms():
    assert first(corpus("529-")).slug == "fabric-manager-not-running"
    for paste in ("calling cuInit\ncuInit err: 802",
                  "RuntimeError: cuda runtime error (802) : system not yet initialized at /pytorch/c10/cuda/CUDAFunctions.cpp:100"):
        assert first(paste).slug == "fabric-manager-not-running", paste
    assert "fabric-manager-not-running" not in [f.slug for f in findings("cuInit err: 8020")]


def test_a_linux_library_loaded_on_windows():
    # bitsandbytes before 0.43.0 on Windows (514), and the same in an Anaconda env (Vision-CAIR/MiniGPT-4#28)
    found = first(corpus("514-"))
    assert found.slug == "no-cuda-build-for-platform" and found.evidence["package"] == "bitsandbytes"
    assert "bitsandbytes>=0.43.0" in " ".join(found.fix)
    conda = first("CUDA SETUP: Loading binary C:\\ProgramData\\Anaconda3\\envs\\minigpt4\\lib\\site-packages\\bitsandbytes"
                  "\\libbitsandbytes_cuda116.so...\nargument of type 'WindowsPath' is not iterable")
    assert conda.slug == "no-cuda-build-for-platform" and conda.evidence["library"] == "libbitsandbytes_cuda116.so"
    # the same library on a Linux path is not this
    linux = findings("CUDA SETUP: Loading binary /home/me/venv/lib/python3.10/site-packages/bitsandbytes/"
                     "libbitsandbytes_cpu.so...")
    assert "no-cuda-build-for-platform" not in [f.slug for f in linux]


def test_a_build_runs_an_nvcc_that_is_not_there():
    # CUDA_HOME set to torch's pip CUDA packages (495): they hold libraries, not nvcc
    found = first(corpus("495-"))
    assert found.slug == "cuda-toolkit-missing" and found.evidence["missing"].endswith("site-packages/nvidia/bin/nvcc")
    assert "pip nvidia-* packages" in found.message
    # a default CUDA_HOME with no toolkit there, in subprocess's words
    plain = first("error: [Errno 2] No such file or directory: '/usr/local/cuda/bin/nvcc'")
    assert plain.slug == "cuda-toolkit-missing" and "pip nvidia" not in plain.message
