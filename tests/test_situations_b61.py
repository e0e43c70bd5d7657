"""Situations met in session 74, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


# jax-ml/jax#4452: JAX 0.2's XLA warnings, one line per searched directory
JAX_2020_LIBDEVICE = (
    "W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:70] Can't find libdevice "
    "directory ${CUDA_DIR}/nvvm/libdevice. This may result in compilation or runtime failures, if the program we try "
    "to run uses routines from libdevice.\n"
    "W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:71] Searched for CUDA in the "
    "following directories:\n"
    "W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:74]   ./cuda_sdk_lib\n"
    "W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:74]   /usr/local/cuda-10.1\n")


@pytest.mark.parametrize("text", [corpus("6891-"), corpus("4002-"), JAX_2020_LIBDEVICE])
def test_xla_finding_no_libdevice_asks_for_the_cuda_compiler_component(text):
    found = first(text)
    assert found.code == "TK018"
    assert any("nvidia-cuda-nvcc" in line for line in found.fix)
    assert any("--xla_gpu_cuda_data_dir=" in line for line in found.fix)


@pytest.mark.parametrize("text", [corpus("5718-"), corpus("9381-")])
def test_xla_searching_a_conda_build_prefix_is_the_package_not_the_environment(text):
    found = first(text)
    assert found.code == "TK018" and found.confidence == "confirmed"
    assert "build_artifacts" in found.evidence["searched"]
    assert any("xla_gpu_cuda_data_dir=$CONDA_PREFIX" in line for line in found.fix)


@pytest.mark.parametrize("text", [
    corpus("9382-"),
    # j-towns/vdvae-jax#1: JAX from an Anaconda environment
    '  File "/home/kayhan/anaconda3/envs/jax/lib/python3.8/site-packages/jax/interpreters/xla.py", line 355, in '
    "backend_compile\n    return backend.compile(built_c, compile_options=options)\n"
    "RuntimeError: Internal: libdevice not found at ./libdevice.10.bc",
])
def test_xla_finding_no_libdevice_in_a_conda_environment_installs_conda_nvcc(text):
    found = first(text)
    assert found.code == "TK018" and "conda install" in found.fix[0]


@pytest.mark.parametrize("text", [
    # jax-ml/jax#6323: the title, and what the reporter had tried
    "RuntimeError: Internal: libdevice not found at ./libdevice.10.bc\n"
    "> I have tried this: sudo ln -s /usr/lib/cuda /usr/local/cuda-10.1",
    # a project's setup notes: the warning on a machine with Ubuntu's toolkit (its fix line left out)
    "W tensorflow/compiler/xla/service/gpu/nvptx_helper.cc:56 Can't find libdevice directory "
    "${CUDA_DIR}/nvvm/libdevice. This may result in compilation or runtime failures, if the program we try to run "
    "uses routines from libdevice.\nSearched for CUDA in the following directories:\n  ./cuda_sdk_lib\n"
    "  /usr/local/cuda-11.2\n  /usr/local/cuda\n  .\n$ whereis -b cuda\ncuda: /usr/lib/cuda",
])
def test_xla_missing_a_distribution_toolkit_in_usr_lib_cuda_points_xla_there(text):
    found = first(text)
    assert found.code == "TK018"
    assert found.fix[-1].startswith("export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/lib/cuda ")


@pytest.mark.parametrize("text", [
    # Triton's own libdevice, not XLA's (corpus: a torch wheel without Triton's bundled files)
    corpus("6992-"),
    # Numba's variable naming a libdevice directory, no error
    corpus("812-"),
])
def test_other_libdevice_lookups_are_not_xlas(text):
    assert "xla-libdevice-missing" not in paste_slugs(text)
