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
