"""Situations met in session 77, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, conda", [
    (corpus("7655-"), False),  # inducer/pycuda#237: PyCUDA's warning, the toolkit on PATH but CUDA_PATH unset
    (corpus("10403-"), True),  # TomographicImaging/CIL#1596: TIGRE in a conda environment
    (corpus("10404-"), False),  # WebxCT/WebCT#98: a bundled .exe on a machine without a toolkit
])
def test_cuda_path_unset_names_the_variable_and_how_to_set_it(text, conda):
    found = first(text)
    assert found.code == "TK021" and found.confidence == "confirmed"
    assert any(line.startswith("setx CUDA_PATH") for line in found.fix)
    assert any("%CONDA_PREFIX%\\Library" in line for line in found.fix) == conda


@pytest.mark.parametrize("text", [
    corpus("1401-"),  # onnxruntime: "CUDA_PATH is set but CUDA wasn't able to be loaded"
    # constructed: the variable printed, and CUDA_PATH_V12_4 missing from a KeyError (another program's lookup)
    "CUDA_PATH=C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4\nKeyError: 'CUDA_PATH_V12_4'",
])
def test_cuda_path_that_is_set_is_not_read_as_unset(text):
    assert "cuda-path-not-set-windows" not in paste_slugs(text)


@pytest.mark.parametrize("text, building", [
    (corpus("10103-"), True),  # vLAR-group/LogoSP#2: nvcc's "fatal error: cblas.h: No such file or directory"
    (corpus("10104-"), True),  # JonasSchult/Mask3D#115: the same, retold in the title
    (corpus("3719-"), False),  # NVIDIA/MinkowskiEngine#494: the built extension, its OpenBLAS gone
])
def test_extension_without_its_blas_names_the_blas_package(text, building):
    found = first(text)
    assert found.code == "LIB026" and found.confidence == "confirmed"
    assert ("cblas.h" in found.message) == building
    assert "libopenblas-dev" in found.fix[0]


@pytest.mark.parametrize("text", [
    # constructed: a BLAS header that exists, and a CUDA BLAS library (cuBLAS is cuda-libraries-missing's)
    "#include <cblas.h> found in /usr/include/x86_64-linux-gnu\nbuild finished",
    "ImportError: libcublas.so.11: cannot open shared object file: No such file or directory",
])
def test_other_libraries_are_not_read_as_a_missing_blas(text):
    assert "extension-blas-library-missing" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("7072-"),  # LaurentMazare/tch-rs#767: LD_LIBRARY_PATH naming libtorch's root
    corpus("10350-"),  # LaurentMazare/tch-rs#824: nothing set
    # constructed: a C++ program built with CMake against an unpacked libtorch
    "./example-app: error while loading shared libraries: libc10.so: cannot open shared object file: No such file",
])
def test_native_program_without_libtorch_on_the_loader_path_names_its_lib_folder(text):
    found = first(text)
    assert found.code == "LIB027" and found.confidence == "confirmed"
    assert "libtorch/lib" in found.fix[0]


@pytest.mark.parametrize("text", [
    corpus("135-"),  # a Python extension (torchaudio) missing libtorch_cuda_cpp.so: another torch build, not the path
    # constructed: a Python import that misses libc10.so (torch not imported first, or another torch)
    "ImportError: libc10.so: cannot open shared object file: No such file or directory",
])
def test_python_extension_missing_libtorch_is_not_read_as_a_loader_path_problem(text):
    assert "libtorch-libs-not-on-library-path" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("10552-"),  # lightvector/KataGo#237: "I recently woke up the computer and resumed the process"
    # constructed: the same words about a laptop, with a failed kernel launch
    "RuntimeError: CUDA error: unspecified launch failure\nIt only happens after I wake my laptop; a reboot fixes it",
])
def test_a_failure_after_the_machine_was_woken_is_read_as_suspend(text):
    found = first(text)
    assert found.code == "DRV017" and found.confidence != "possible"


def test_waking_the_machine_without_a_gpu_failure_is_not_suspend():
    # constructed: Wake-on-LAN, and a build error that has nothing to do with the GPU's state
    text = "I wake the machine with wake-on-lan each morning\nerror: command 'gcc' failed with exit status 1"
    assert "gpu-unusable-after-suspend-resume" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("10553-"),  # glinscott/leela-chess#284: clinfo's zero platforms beside lczero's cl::Error
    # constructed: clinfo in an NVIDIA container with OpenCL
    "$ clinfo\nNumber of platforms                               0\nhashcat: clGetPlatformIDs(): CL_PLATFORM_NOT_FOUND",
])
def test_clinfo_with_zero_platforms_names_the_missing_opencl_driver(text):
    assert first(text).code == "DRV030"


def test_clinfo_with_zero_platforms_on_android_is_another_cause():
    assert "opencl-icd-loader-without-platform" not in paste_slugs(corpus("8394-"))  # Termux: vendor OpenCL elsewhere


def test_torch_not_knowing_the_gpus_arch_asks_for_a_torch_built_with_a_newer_cuda():
    found = first(corpus("10656-"))  # facebookresearch/NSVF#45: an RTX 3090, torch 1.7.1 with CUDA 11.0
    assert found.code == "TK004" and found.confidence != "possible"
    assert "CUDA 11.1 or newer" in found.fix[0]


@pytest.mark.parametrize("text, kept", [
    (corpus("3627-"), "5.2 6.0 6.1 7.0 7.5 8.0 8.6"),  # `echo $TORCH_CUDA_ARCH_LIST` with its value on the next line
    # constructed: the list set in the command that failed
    ('TORCH_CUDA_ARCH_LIST="8.0;9.0" pip install .\nValueError: Unknown CUDA arch (9.0) or GPU not supported', "8.0"),
])
def test_an_arch_list_naming_an_arch_torch_does_not_know_is_put_on_the_list(text, kept):
    found = first(text)
    assert found.code == "TK022" and found.confidence == "confirmed"
    assert found.fix[0].startswith(f'export TORCH_CUDA_ARCH_LIST="{kept}"')
    assert "nvcc-too-old-for-gpu-arch" not in paste_slugs(text)


@pytest.mark.parametrize("text, wanted", [
    (corpus("10750-"), "-gpu=cc70,cc80,cc89"),  # NVIDIA/TorchFort#8: nvfortran OpenACC built for cc70, cc80 on an RTX 4080
    # a README stored on GitHub: OpenMP offload built for cc80 on a cc75 GPU
    ("Accelerator Fatal Error: Failed to find device function 'nvkernel_main_F1L189_8'! File was compiled with: "
     "-gpu=cc80\nRebuild this file with -gpu=cc75 to use NVIDIA Tesla GPU 0", "-gpu=cc80,cc75"),
])
def test_nvhpc_code_without_the_gpus_arch_names_the_list_to_rebuild_with(text, wanted):
    found = first(text)
    assert found.code == "FW002" and found.confidence == "confirmed"
    assert found.fix[0].startswith(f"rebuild with {wanted}")


@pytest.mark.parametrize("text", [
    # notes stored on GitHub: the runtime's same lines where the file has the GPU's architecture, or names none
    "Accelerator Fatal Error: This file was compiled: -acc=gpu -gpu=cc90\nRebuild this file with -gpu=cc90 to use "
    "NVIDIA Tesla GPU 0",
    "Accelerator Fatal Error: Failed to find device function 'nvkernel_..._F1L1413_2'!\nFile was compiled without "
    "-gpu\nRebuild this file with -gpu=cc80 to use NVIDIA Tesla GPU 0",
])
def test_nvhpc_message_naming_no_missing_arch_is_not_read_as_one(text):
    assert "gpu-arch-not-in-build" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, name", [
    (corpus("10700-"), "GTX 1050 Ti"),  # nanoporetech/dorado#59: "Ubuntu 22.04, 1050gtx ti"
    ("no kernel image is available for execution on the device\non my 2080rtx super", "RTX 2080 SUPER"),  # constructed
])
def test_a_model_number_written_before_its_line_word_is_read_as_the_gpu(text, name):
    from envcheck.importers import from_text

    assert [g.name for g in from_text(text, "paste.txt").gpus.devices] == [name]


def test_a_cpu_torch_with_a_chinese_complaint_that_the_gpu_is_unused_is_the_cpu_build():
    found = first(corpus("11100-"))  # Plachtaa/VALL-E-X#60: "完全没有用到GPU", then "False" and "2.0.1+cpu"
    assert found.code == "FW001" and found.confidence != "possible"


def test_a_cpu_torch_used_on_purpose_in_chinese_is_not_a_complaint():
    # constructed: "runs fine on the CPU; I am not using the GPU" beside a CPU torch
    text = "在CPU上运行正常\n2.0.1+cpu"
    assert "cpu-only-build" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, variables", [
    (corpus("3627-"), {"TORCH_CUDA_ARCH_LIST": "5.2 6.0 6.1 7.0 7.5 8.0 8.6 9.0+PTX"}),
    # constructed: a set variable, and an unset one whose empty line is followed by the next prompted command (the
    # prompt is taken off before the importers read the line, so only the value's shape tells them apart)
    ("$ echo $CUDA_VISIBLE_DEVICES\n0,1", {"CUDA_VISIBLE_DEVICES": "0,1"}),
    ("$ echo $CUDA_VISIBLE_DEVICES\n$ nvidia-smi\nNo devices were found", {}),
    ("$ echo $CUDA_HOME\n$ which nvcc", {}),
])
def test_an_echoed_variable_is_read_only_when_the_next_line_has_its_shape(text, variables):
    from envcheck.importers import from_text

    assert from_text(text, "paste.txt").env.variables == variables
