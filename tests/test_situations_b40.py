"""Situations met in session 53, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import re

import pytest

from envcheck.rules import GPU_UNUSED
from envcheck.rules.frameworks import COLMAP_BANNER_WITHOUT_CUDA, NAMED_BUILD_WITHOUT_CUDA, NOT_A_PROGRAM
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs, shipped_matrix


@pytest.mark.parametrize("text", [
    corpus("2678-"),  # PaddlePaddle/PaddleSpeech#3614: Paddle's fallback warning inside a container without --gpus
    # the same warning from PaddleOCR in a conda environment (a user's log found by find_string)
    "/opt/conda/envs/ocr_env/lib/python3.9/site-packages/paddle/base/framework.py:688: UserWarning: You are using GPU "
    "version Paddle, but your CUDA device is not set properly. CPU device will be used by default.",
    # a desktop transcriber's label (found by find_string), and a script's log line
    "NVIDIA GPU not detected. CPU will be used.",
    "WARNING: Could not find an available GPU on your system. Defaulting to CPU.",
])
def test_a_program_saying_the_cpu_will_be_used_is_no_silence(text):
    found = paste_findings(text)
    assert found and found[0].confidence == "possible"
    assert found[0].evidence["error_class"] == "gpu-not-usable-by-framework"


@pytest.mark.parametrize("text", [
    "WARN Max CPU resource not set for worker. Only 1 CPU will be used",  # a CPU count, not the GPU given up
    "CUDA SETUP: Defaulting to libbitsandbytes_cpu.so...",  # bitsandbytes' library choice: FW008 and others read it
])
def test_cpu_words_that_are_not_the_gpu_given_up(text):
    assert not GPU_UNUSED.search(text)


@pytest.mark.parametrize("text", [
    corpus("3300-"),  # jwohlwend/boltz: Boltz-2's Triton kernels in bf16 on a V100
    # OpenFold3's Triton triangle kernels on Turing (a deployment note found by find_string), beside the GPU
    "GPU 0: Tesla T4\nLLVM ERROR: Unsupported rounding mode for conversion.",
])
def test_a_failed_bf16_lowering_beside_a_gpu_before_ampere(text):
    found = first(text)
    assert found.slug == "bf16-unsupported-gpu"
    assert found.evidence["gpu"].endswith(("(compute capability 7.0)", "(compute capability 7.5)"))


def test_a_failed_bf16_lowering_on_blackwell_is_not_for_want_of_bf16():
    # the same two lines from jax 0.5.0's XLA on an RTX 6000D (compute capability 12.0), a GPU newer than that XLA
    text = ("GPU 0: NVIDIA RTX PRO 6000 Blackwell Workstation Edition\nUnsupported conversion from bf16 to f16\n"
            "LLVM ERROR: Unsupported rounding mode for conversion.")
    assert "bf16-unsupported-gpu" not in paste_slugs(text)
    # and with no GPU named, nothing says which of the two it is
    assert "bf16-unsupported-gpu" not in paste_slugs("LLVM ERROR: Unsupported rounding mode for conversion.")


@pytest.mark.parametrize("line, program", [
    # KeOps' runtime error and MegEngine's log line (found by find_string), beside the auxiliary-verb form
    ("RuntimeError: [KeOps] This KeOps shared object has been compiled without cuda support: try to set tagHostDevice "
     "to 0 or recompile the formula with a working version of cuda.", "KeOps"),
    ("err: megbrain compiled without cuda support!", "megbrain"),
    ("GPU execution requested, but this hoomd was built without CUDA support", "hoomd"),
])
def test_a_program_saying_it_was_compiled_without_cuda(line, program):
    found = first(line)
    assert found.slug == "program-built-without-cuda" and found.evidence["program"] == program


@pytest.mark.parametrize("line", [
    "XMRig can only say that `--cuda` is an unknown option, if it was compiled without CUDA support.",
    "I compiled without CUDA support first, then with it",
])
def test_a_person_or_a_pronoun_is_not_a_program_built_without_cuda(line):
    found = NAMED_BUILD_WITHOUT_CUDA.search(line)
    assert found is None or found.group(1).lower() in NOT_A_PROGRAM


@pytest.mark.parametrize("text, launcher", [
    (corpus("3208-"), "ms_deformable_im2col_cuda"),  # IDEA-Research/Grounded-SAM-2#114: GroundingDINO's op on a 5090
    # the same op built on a cluster's M40 and run on a P40 (a Deformable-DETR user's report found by find_string)
    ("我这里编译完之后，在集群上的M40 GPU上是可以正常训练的，但是切换到P40之后，运行就一直刷错误\n"
     "error in ms_deformable_im2col_cuda: no kernel image is available for execution on the device\n"
     "torch               1.7.0+cu101", "ms_deformable_im2col_cuda"),
])
def test_an_extension_launcher_naming_itself_before_no_kernel_image(text, launcher):
    found = first(text)
    assert found.slug == "extension-built-for-other-gpu-arch" and found.evidence["kernel_source"] == launcher


@pytest.mark.parametrize("prefix", [
    "3464-",  # ingowald/cudaKDTree#18: `cmake ..` then thrust's parallel_for without a kernel for the RTX 4090
    "3466-",  # googlecolab/colabtools#2377: `nvcc file.cu` on Colab's K80, nvcc 11's default architecture
    "3361-",  # laugh12321/TensorRT-YOLO#74: set(CMAKE_CUDA_ARCHITECTURES 89), then "invalid device function"
])
def test_cuda_code_built_in_the_report_without_the_gpus_architecture(prefix):
    found = first(corpus(prefix))
    assert found.slug == "extension-built-for-other-gpu-arch" and "built here" in found.message
    assert "gpu-arch-not-in-build" not in paste_slugs(corpus(prefix))
    assert any("CMAKE_CUDA_ARCHITECTURES" in step for step in found.fix)


def test_the_build_of_a_gpu_the_toolkit_cannot_target_is_not_a_choice_of_architectures():
    # a Fermi card (2.0) under CUDA 11's nvcc, which builds for 3.5 and newer: no architecture list helps
    text = ("Cuda compilation tools, release 11.4, V11.4.48\n$ nvcc vector_add.cu -o vector_add\n"
            "GPU 0: GeForce GTX 480\nCUDA error: no kernel image is available for execution on the device")
    assert "extension-built-for-other-gpu-arch" not in paste_slugs(text)


def test_a_framework_named_beside_the_build_keeps_its_own_reading():
    # 2040 (restormer): a basicsr build beside torch 1.x+cu102 on an RTX A6000: torch's build has no sm_86
    assert first(corpus("2040-")).slug == "gpu-arch-not-in-build"


def test_no_kernel_image_beside_a_torch_that_has_kernels_for_every_gpu_named():
    # nerfstudio-project/gsplat#741: fused-ssim packaged on a 4090D machine, run on an RTX 3050 Ti; torch 2.4.0
    found = first(corpus("3629-"))
    assert found.slug == "extension-built-for-other-gpu-arch" and found.evidence["torch"] == "2.4.0"
    assert "RTX 3050 Ti (8.6)" in found.evidence["gpus"]


def test_a_torch_without_the_gpus_kernels_stays_the_framework_build():
    # 013: a stable torch on an RTX 5090, before the cu128 wheels
    assert first(corpus("013-")).slug == "gpu-arch-not-in-build"


@pytest.mark.parametrize("name, cc", [
    ("RTX 3050 Ti", "8.6"),  # made only as a laptop part (gsplat#741 names it so)
    ("GeForce MX450", "7.5"),
])
def test_a_laptop_only_model_named_without_the_word_laptop(name, cc):
    assert shipped_matrix().gpu_by_model(name)["compute_capability"] == cc


def test_a_desktop_model_is_never_its_laptop_namesake():
    assert shipped_matrix().gpu_by_model("RTX 4090")["name"] == "NVIDIA GeForce RTX 4090"
    assert shipped_matrix().gpu_by_model("RTX 4090 laptop")["name"] == "NVIDIA GeForce RTX 4090 Laptop GPU"


@pytest.mark.parametrize("text, cc, needs", [
    (corpus("3449-"), "8.6", "11.1.0"),  # google-deepmind/alphafold#55: the CUDA 11.0 image on an A10
    # TensorFlow's XLA on an Ada GPU (a user's log found by find_string)
    ("2023-11-16 16:39:03.216477: W tensorflow/compiler/xla/stream_executor/gpu/asm_compiler.cc:231] Falling back to "
     "the CUDA driver for PTX compilation; ptxas does not support CC 8.9\n2023-11-16 16:39:03.216486: W "
     "tensorflow/compiler/xla/stream_executor/gpu/asm_compiler.cc:234] Used ptxas at ptxas", "8.9", "11.8"),
])
def test_xla_compiling_with_a_ptxas_older_than_the_gpu(text, cc, needs):
    found = first(text)
    assert found.slug == "nvcc-too-old-for-gpu-arch"
    assert found.evidence["compute_capability"] == cc and found.evidence["needs_cuda"].startswith(needs)
    assert found.evidence["ptxas"] == "ptxas"


@pytest.mark.parametrize("text", [
    corpus("3432-"),  # threestudio-project/threestudio#420: tiny-cuda-nn with CUDA 11 on Ubuntu 22.04's gcc 11
    # an MX250 user's nvcc from Ubuntu's nvidia-cuda-toolkit package (a blog post found by find_string)
    "/usr/include/c++/11/bits/std_function.h:435:145: error: parameter packs not expanded with \u2018...\u2019:\n"
    "  435 |         function(_Functor&& __f)",
])
def test_nvcc_that_cannot_parse_gcc_11s_functional_header(text):
    found = first(text)
    assert found.slug == "host-compiler-unsupported" and "std_function.h" in found.message
    assert any("gcc-10" in step for step in found.fix)


def test_parameter_packs_in_the_users_own_code_are_not_the_header_clash():
    text = "src/ops.cu(42): error: parameter packs not expanded with '...':"
    assert "host-compiler-unsupported" not in paste_slugs(text)


@pytest.mark.parametrize("banner", [
    "(Commit e9903641 on 2024-01-08 without CUDA)",  # colmap/colmap#2597, the AUR package
    "Commit Unknown on Unknown without CUDA",  # Ubuntu's colmap 3.9.1 package (a setup note found by find_string)
])
def test_colmaps_banner_of_a_build_without_cuda(banner):
    assert re.search(COLMAP_BANNER_WITHOUT_CUDA, banner)
    assert not re.search(COLMAP_BANNER_WITHOUT_CUDA, banner.replace("without", "with"))


def test_colmaps_banner_counts_when_cuda_work_was_asked_of_it():
    found = first(corpus("3552-"))  # colmap/colmap#2597: dense reconstruction, nvcc 12.5 installed
    assert found.slug == "program-built-without-cuda" and found.evidence["program"] == "COLMAP"
    # the same banner alone is a fact of a CPU build, nothing to fix
    assert paste_slugs("COLMAP 3.9.1 -- Structure-from-Motion and Multi-View Stereo\n"
                       "Commit Unknown on Unknown without CUDA") == []


def test_which_torch_builds_have_kernels_for_a_gpu():
    matrix = shipped_matrix()
    assert matrix.torch_has_kernels_for("2.4.0", None, ["8.6", "8.9"])  # every CUDA build of 2.4.0
    # 1.10.0+cu113's sm_86 code would run on an RTX 4090 (8.9), but CUDA 11.3 predates Ada: not counted
    assert not matrix.torch_has_kernels_for("1.10.0", "cu113", ["8.9"])
    assert not matrix.torch_has_kernels_for("2.4.0", "cpu", ["8.6"])
