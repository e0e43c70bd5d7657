"""Situations met in session 88, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


@pytest.mark.parametrize("case", ["6531", "14501", "7416"])
def test_a_cuda_build_on_a_rocm_machine_points_at_the_rocm_build(case):
    """A rocm7 ComfyUI image rebuilt with a +cu130 torch ("Found no NVIDIA driver"), a Windows bundle's CUDA torch
    asked for a hip device, conda-forge's CUDA faiss-gpu in a rocm/pytorch container (error 35)."""
    found = first(corpus(case))
    assert found.slug == "cuda-only-package-on-amd-rocm-system"
    assert any("torch.version.hip" in step for step in found.fix) and any("rocm" in step for step in found.fix)


def test_an_amd_gpu_without_rocm_in_sight_is_no_nvidia_gpu():
    """faster-whisper (CTranslate2) on a Radeon RX 580 with no ROCm named: the machine has no NVIDIA GPU, and
    nothing says a ROCm stack is there to switch to."""
    assert first(corpus("3390")).slug == "no-nvidia-gpu"


def test_a_rocm_build_on_an_nvidia_gpu_is_not_read_as_an_amd_machine():
    """Constructed: ROCm named, and an NVIDIA GPU with it: the CUDA build is meant for the GeForce."""
    text = ("GPU: NVIDIA GeForce RTX 3090\npip install torch --index-url https://download.pytorch.org/whl/rocm6.2\n"
            "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and "
            "installed a driver")
    assert "cuda-only-package-on-amd-rocm-system" not in paste_slugs(text)


def test_an_amd_isa_name_says_rocm_is_there():
    """Constructed after a notes file: "GPU: gfx1100" is how ROCm's tools name the GPU."""
    text = ("CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version\n"
            "GPU: gfx1100 (AMD Radeon Graphics, single GPU)")
    assert first(text).slug == "cuda-only-package-on-amd-rocm-system"


@pytest.mark.parametrize("case", ["19000", "19252", "19253", "18700"])
def test_a_package_without_its_compiled_part_is_named_with_its_own_build(case):
    """apex's FusedAdam without amp_C in gpt-neox's image, warp-ctc's binding built where CUDA_HOME was unset (two
    bindings, two reporters), Transformer Engine installed without its PyTorch extra."""
    found = first(corpus(case))
    assert found.slug == "cuda-extension-not-built"
    package = found.evidence.get("package")
    assert package in ("apex", "warp-ctc", "transformer_engine")
    if package == "warp-ctc":
        assert any("CUDA_HOME" in step for step in found.fix)
    if package == "transformer_engine":
        assert any("transformer_engine[pytorch]" in step for step in found.fix)


@pytest.mark.parametrize("text, package", [
    # apex's other optimizers say the same (apex/optimizers/fused_lamb.py)
    ("RuntimeError: apex.optimizers.FusedLAMB requires cuda extensions", "apex"),
    # warp-ctc's setup.py at build time (SeanNaren/warp-ctc's pytorch_binding)
    ("CUDA_HOME not found in the environment so building without GPU support. To build with GPU support please "
     "define the CUDA_HOME environment variable. This should be a path which contains include/cuda.h", "warp-ctc"),
    # Transformer Engine's own warning in later releases (transformer_engine/__init__.py)
    ("RuntimeWarning: Detected a PyTorch installation but could not find the shared object file for the Transformer "
     "Engine PyTorch extension library. If this is not intentional, please reinstall Transformer Engine with `pip "
     "install transformer_engine[pytorch]`", "transformer_engine"),
])
def test_the_packages_own_words_for_a_missing_compiled_part(text, package):
    found = first(text)
    assert found.slug == "cuda-extension-not-built" and found.evidence["package"] == package


@pytest.mark.parametrize("case", ["19100", "11520"])
def test_an_option_a_later_nvcc_knows_says_the_toolkit_is_too_old(case):
    """flash-attn 2.8.1 passing -compress-mode=size to a CUDA 11/12 nvcc; torch 1.8 passing
    -generate-dependencies-with-compile to CUDA 10.0's."""
    found = first(corpus(case))
    assert found.slug == "nvcc-too-old-for-project"
    assert found.evidence["known_to_cuda"] == "13.0"


def test_a_host_compiler_flag_given_to_nvcc_is_not_an_old_nvcc():
    """Constructed: '-fPIC' without -Xcompiler is a build-system mistake; no nvcc release knows it."""
    text = "nvcc fatal   : Unknown option '-fPIC'\nmake: *** [Makefile:12: kernel.o] Error 1"
    assert "nvcc-too-old-for-project" not in paste_slugs(text)


def test_nvcc_option_names_are_read_from_its_help():
    """Lines as CUDA 13.0's `nvcc --help` prints them: the long name, arguments, the short name in brackets."""
    from tests.nvcc_options import option_names
    text = ("--compress-mode [default,size,speed,balance,none]   (-compress-mode)\n"
            "        Specify compression mode for fatbinary.\n"
            "--generate-dependencies-with-compile                (-MD)\n"
            "--threads <number>                                  (-t)\n")
    assert option_names(text) == ["MD", "compress-mode", "generate-dependencies-with-compile", "t", "threads"]


@pytest.mark.parametrize("case", ["19251", "19352"])
def test_nvidia_smi_without_a_cuda_version_in_a_container_means_no_compute_capability(case):
    """OCR-D's image built FROM plain ubuntu (nvidia-smi's table), an image flattened by docker export and import
    (told in prose): the runtime mounted NVML and not libcuda."""
    found = first(corpus(case))
    assert found.slug == "container-driver-capabilities-lack-compute"
    assert any("NVIDIA_DRIVER_CAPABILITIES=compute,utility" in step for step in found.fix)


def test_nvidia_smi_without_a_cuda_version_on_a_host_is_not_a_container_setting():
    """Constructed after a host report (corpus 4423): no container anywhere, so the driver's libcuda is what is
    missing, which CTR012 does not say."""
    text = ("+-----------------------------------------------------------------------------+\n"
            "| NVIDIA-SMI 460.91.03    Driver Version: 460.91.03    CUDA Version: N/A      |\n"
            "Could not load dynamic library 'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file")
    assert "container-driver-capabilities-lack-compute" not in paste_slugs(text)


def test_a_slurm_step_that_sees_no_gpu_where_the_node_does_names_the_missing_request():
    """BLAST-AI-ML/synapse#199: True on the node, False under srun, a batch script that picks GPU nodes by
    --constraint and asks for no GPU. The one real wording the corpus has."""
    found = first(corpus("19350"))
    assert found.slug == "gpu-not-requested-from-scheduler"
    assert any("--gpus-per-node" in step for step in found.fix)


def test_a_slurm_step_given_gpus_is_not_told_to_ask_for_them():
    """Constructed: the step asks for a GPU and still sees none; something else is wrong."""
    text = ("$ python -c 'import torch; print(torch.cuda.is_available())'\nTrue\n"
            "$ srun --gpus=1 python -c 'import torch; print(torch.cuda.is_available())'\nFalse\n")
    assert "gpu-not-requested-from-scheduler" not in paste_slugs(text)


def test_a_slurm_step_without_a_gpu_answer_outside_it_is_not_read():
    """Constructed: only the step's False is there; nothing says the node has a GPU torch can see."""
    text = "$ srun -p debug python -c 'import torch; print(torch.cuda.is_available())'\nFalse\n"
    assert "gpu-not-requested-from-scheduler" not in paste_slugs(text)


def test_a_failed_flash_attn_build_below_its_nvcc_floor_is_an_old_toolkit():
    """ayulockin/neurips-llm-efficiency-challenge#3: "I have cuda 11.5", then pip's failed wheel build."""
    found = first(corpus("18702"))
    assert found.slug == "nvcc-too-old-for-project" and found.evidence["needs_cuda"] == "11.7"


def test_a_failed_flash_attn_build_on_a_new_enough_toolkit_is_not_read_as_old():
    """Constructed: CUDA 12.1 meets the floor; the failure is something else."""
    text = ("nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 12.1, V12.1.105\n"
            "  ERROR: Failed building wheel for flash-attn\nFailed to build flash-attn")
    assert "nvcc-too-old-for-project" not in paste_slugs(text)


@pytest.mark.parametrize("case, installed", [("19152", False), ("19153", True)])
def test_torch_that_cannot_run_ninja_says_whether_it_is_missing_or_off_path(case, installed):
    """FlashOCC's JIT-built op with no ninja; torchdrug's, run from another person's conda env whose bin/ the reporter
    had to put on PATH by hand (labelled by that cause in the corpus)."""
    found = next(f for f in paste_findings(corpus(case)) if f.slug == "ninja-missing-for-torch-extension-build")
    assert ("ninja is installed" in found.message) is installed
    assert any("pip install ninja" in step for step in found.fix)


def test_ninja_said_installed_points_at_path():
    """Constructed after pip's own words: the package is there, its binary is not on PATH."""
    text = ("$ /opt/envs/train/bin/python -m pip install ninja\nRequirement already satisfied: ninja in "
            "/opt/envs/train/lib/python3.10/site-packages (1.11.1)\n$ /opt/envs/train/bin/python train.py\n"
            "RuntimeError: Ninja is required to load C++ extensions")
    found = first(text)
    assert found.slug == "ninja-missing-for-torch-extension-build" and "ninja is installed" in found.message
