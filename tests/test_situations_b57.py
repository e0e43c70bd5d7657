"""Situations met in session 70, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, refused, ceiling", [
    # MIC-DKFZ/nnUNet: the reporter's own account of a server they cannot update
    (corpus("8114-"), "", "9.1"),
    # allenai/allennlp: "my driver seems to **only supporting cuda9.0 or lower**"
    (corpus("5550-"), "", "9.0"),
    # "the NVIDIA driver (450.36), which does not support CUDA toolkit >= 11.1"
    (corpus("6651-"), "11.1", ""),
    # an Azure image's driver: "This version of nvidia drivers does not support CUDA 11.8."
    (corpus("4379-"), "11.8", ""),
])
def test_a_driver_said_in_words_to_fall_short_of_a_cuda_is_the_driver_too_old(text, refused, ceiling):
    found = first(text)
    assert found.slug == "driver-too-old"
    assert found.evidence.get("program_cuda", "") == refused and found.evidence.get("driver_cuda", "") == ceiling


@pytest.mark.parametrize("text", [
    # the sentence blames the framework, not the driver (corpus 2642, an R torch build with no CUDA 11 binary)
    "As mentioned, using the latest 450.x drivers for Nvidia on Linux, it seems that Torch does not support Cuda 11.x.",
    # a driver's ceiling stated as a fact, with nothing said to fall short of it (corpus 2236)
    "Do this on a machine with a 3080 (ubuntu server, nvidia driver support up to cuda 12.3)",
])
def test_a_driver_named_beside_a_cuda_it_is_not_said_to_refuse_is_no_driver_too_old(text):
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, library", [
    (corpus("135-"), "libtorch_cuda_cpp.so"),  # torchaudio after a package reinstalled torch under it
    (corpus("5683-"), "libtorch_cuda_cu.so"),  # flash-attn's layer-norm extension, built before torch 2
    (corpus("8212-"), "libtorch_cuda.so"),  # a GPU image whose torch lacked the CUDA library torchaudio links
    # as notes stored on GitHub quote it: detectron2's _C beside torch 2.x, and torchvision's image extension
    ('  File "/venv/lib/python3.9/site-packages/detectron2/layers/deform_conv.py", line 11, in <module>\n'
     "    from detectron2 import _C\n"
     "ImportError: libtorch_cuda_cu.so: cannot open shared object file: No such file or directory", "libtorch_cuda_cu.so"),
    ("/home/clive/miniconda3/envs/scv2/lib/python3.9/site-packages/torchvision/io/image.py:13: UserWarning: Failed to "
     "load image Python extension: libtorch_cuda_cu.so: cannot open shared object file: No such file or directory",
     "libtorch_cuda_cu.so"),
])
def test_an_extension_asking_for_a_torch_library_the_installed_torch_lacks_belongs_to_another_torch(text, library):
    found = first(text)
    assert found.slug == "framework-plugin-mismatch" and found.evidence["missing"] == library


def test_a_cpp_program_not_finding_libtorch_at_start_is_the_loader_path_not_another_torch():
    # corpus 7072: a Rust binary linked against LibTorch, started with LD_LIBRARY_PATH at the libtorch root
    text = corpus("7072-")
    assert "error while loading shared libraries: libtorch_cuda.so" in text
    assert "framework-plugin-mismatch" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("5487-"),  # hypre on an A100: "I did ./configure --with-cuda to build hypre", then no kernel image
    corpus("8233-"),  # hypre on a GTX 1070: "/configure --prefix=$HOME/opt/hypre --with-cuda", invalid device function
])
def test_cuda_code_configured_with_cuda_in_the_report_is_a_build_for_other_gpus(text):
    found = first(text)
    assert found.slug == "extension-built-for-other-gpu-arch" and "--with-cuda" in found.evidence["build"]


@pytest.mark.parametrize("text, library", [
    (corpus("8430-"), "libdali_tf"),  # DALI's TF plugin built for 1.8 beside 1.9: a StreamExecutor symbol missing
    (corpus("8431-"), "libtensorflow_io_plugins"),  # tensorflow-io 0.37.1 beside TF 2.20: a TSL symbol missing
    # the same from a notebook stored on GitHub, another TSL symbol
    ("caused by: ['/usr/local/lib/python3.11/dist-packages/tensorflow_io/python/ops/libtensorflow_io.so: undefined "
     "symbol: _ZN3tsl8str_util9LowercaseB5cxx11ESt17basic_string_viewIcSt11char_traitsIcEE']", "libtensorflow_io"),
])
def test_an_op_library_missing_a_symbol_of_tensorflows_other_namespaces_was_built_for_another_tensorflow(text,
                                                                                                       library):
    found = first(text)
    assert found.slug == "framework-plugin-mismatch" and found.evidence["extension"] == library


def test_tensorflows_own_library_missing_a_tsl_symbol_is_not_an_op_library_of_another_release():
    # TensorFlow's own framework library: a broken TensorFlow install, not a custom-op library
    text = ("ImportError: /venv/lib/python3.11/site-packages/tensorflow/libtensorflow_framework.so.2: undefined "
            "symbol: _ZN3tsl5mutex6unlockEv")
    assert "framework-plugin-mismatch" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, framework, wanted", [
    (corpus("8290-"), "TensorFlow", "2.4.*"),  # isl-org/Open3D-ML: TensorFlow 2.5.2 installed
    (corpus("4207-"), "PyTorch", "1.7.*"),  # Open3D-ML with torch 1.8.2
])
def test_open3ds_check_of_the_framework_its_ops_were_built_for_is_a_companion_mismatch(text, framework, wanted):
    found = first(text)
    assert found.slug == "framework-plugin-mismatch" and found.evidence["built_for"] == wanted
    assert framework in found.message


@pytest.mark.parametrize("text, built", [
    (corpus("8534-"), "7.5"),  # xformers built on 2080s, run on 3090s
    (corpus("8535-"), "5.0"),  # xformers built from source on an H100 machine without an architecture list
])
def test_xformers_naming_the_kernel_and_its_architecture_range_is_a_build_for_another_gpu(text, built):
    found = first(text)
    assert found.slug == "extension-built-for-other-gpu-arch" and found.evidence["built_for"] == built


def test_torchs_no_cuda_runtime_during_a_build_is_not_a_missing_toolkit():
    # ParlAI's dev machine: the build found CUDA_HOME; torch found no usable driver (it names the driver too old)
    found = first(corpus("8594-"))
    assert found.slug == "driver-too-old"
    # a Docker build without the NVIDIA runtime: nothing names the cause, and the corpus's suspects are offered
    text = corpus("7313-")
    assert "cuda-toolkit-missing" not in paste_slugs(text) and paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("8573-"),  # the condition pasted without nvidia-container-cli's "requirement error:" before it
    # the whole message, as a DeepSeek-OCR run's notes stored on GitHub give it
    "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.8, please update your driver to a newer "
    "version, or use an earlier cuda container: unknown",
])
def test_the_container_toolkits_cuda_condition_is_a_driver_too_old_however_much_of_it_is_pasted(text):
    found = first(text)
    assert found.slug == "driver-too-old" and found.evidence["program_cuda"] == "12.8"
