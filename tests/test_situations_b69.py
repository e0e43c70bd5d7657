"""Situations met in session 82, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck import matrix
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs

API_RULES = ("nvcc-too-old-for-project", "cuda-toolkit-too-new-for-project", "cuda-library-too-old-for-source-build",
             "cudnn-newer-than-code-supports")


def test_the_api_table_knows_when_names_came_and_went():
    table = matrix.load()
    releases = {(row["change"], row["version"]) for row in table.api_changes("cudaStreamCaptureModeGlobal")}
    assert releases == {("added", "10.1")}
    assert {(row["change"], row["version"]) for row in table.api_changes("cusparseScsrmv")} == {("removed", "11.0")}
    assert [row["versioned_by"] for row in table.api_changes("CUDNN_POOLING_MAX_DETERMINISTIC")] == ["cudnn"]
    assert table.api_changes("cudaMalloc") == []  # there from the first release HIPIFY tracks: says nothing


@pytest.mark.parametrize("text, needs, confidence", [
    # nvcc's words, the toolkit from its banner (AlexeyAB/darknet#7452, corpus 9783)
    (corpus("9783-"), "10.1", "confirmed"),
    # the same name, the toolkit stated in prose (pjreddie/darknet#2435, corpus 13552)
    (corpus("13552-"), "10.1", "likely"),
    # gcc's words for a cuFFT enum value (I2PC/xmipp3#67, corpus 10951)
    (corpus("10951-"), "8.0", "likely"),
    # constructed: MSVC's words
    ("kernels.cu(88): error C2065: 'cudaMallocAsync': undeclared identifier\n"
     "Cuda compilation tools, release 11.0, V11.0.221", "11.2", "confirmed"),
])
def test_a_cuda_api_name_newer_than_the_toolkit(text, needs, confidence):
    finding = first(text)
    assert (finding.slug, finding.confidence, finding.evidence["needs_cuda"]) == (
        "nvcc-too-old-for-project", confidence, needs)


@pytest.mark.parametrize("text", [
    # the nvcc checked (11.8) has the name (11.1): the build took another toolkit (ggml-org/llama.cpp#6255, corpus 1106)
    corpus("1106-"),
    # constructed: a name of the project's own
    'foo.cu(3): error: identifier "myHelperKernel" is undefined\nCuda compilation tools, release 10.0, V10.0.130',
    # constructed: a linker missing a name a later release added mixes two releases; it is not a too-old toolkit
    "/usr/bin/ld: graph.o: undefined reference to `cudaMallocAsync'\nCuda compilation tools, release 11.0, V11.0.221",
])
def test_no_api_reading_where_the_release_does_not_explain_the_name(text):
    assert not set(API_RULES) & set(paste_slugs(text, diagnosed_only=True))


@pytest.mark.parametrize("text, removed", [
    # cuSPARSE's legacy routines, nvcc's words (NVIDIA/MinkowskiEngine#177, corpus 9904)
    (corpus("9904-"), "11.0"),
    # texture references, a class template CUDA 12 removed (GPUSPH, corpus 2761)
    (corpus("2761-"), "12.0"),
    # constructed: the linker's words
    ("/usr/bin/ld: sparse.o: undefined reference to `cusparseScsrmv'\nCuda compilation tools, release 11.2, V11.2.152",
     "11.0"),
])
def test_a_cuda_api_name_the_toolkit_removed(text, removed):
    finding = first(text)
    assert (finding.slug, finding.evidence["removed_in_cuda"]) == ("cuda-toolkit-too-new-for-project", removed)


@pytest.mark.parametrize("text", [
    # constructed: the toolkit predates the removal, so the name is there and something else went wrong
    "/usr/bin/ld: sparse.o: undefined reference to `cusparseScsrmv'\nCuda compilation tools, release 10.2, V10.2.89",
    # an extension built by an older nvcc than the runtime it loads with: TK001's reading (corpus 8150)
    corpus("8150-"),
])
def test_no_removed_api_reading_where_the_toolkit_still_has_it(text):
    assert "cuda-toolkit-too-new-for-project" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, needs", [
    # nvcc's words (facebookarchive/caffe2#1302, corpus 13404)
    (corpus("13404-"), "6.0.0"),
    # constructed: gcc's words, cuDNN 3 on the loader path
    ("cudnn.hpp:12:3: error: \u2018cudnnActivationDescriptor_t\u2019 was not declared in this scope\n"
     "\tlibcudnn.so.3 (libc6,x86-64) => /usr/local/cuda/lib64/libcudnn.so.3", "4.0.0"),
])
def test_a_cudnn_name_newer_than_the_cudnn_built_against(text, needs):
    finding = first(text)
    assert (finding.slug, finding.evidence["needs_cudnn"]) == ("cuda-library-too-old-for-source-build", needs)


def test_no_old_cudnn_reading_where_the_cudnn_has_the_name():
    text = ('pool_op_cudnn.cu(386): error: identifier "CUDNN_POOLING_MAX_DETERMINISTIC" is undefined\n'
            "\tlibcudnn.so.7 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcudnn.so.7")  # constructed
    assert "cuda-library-too-old-for-source-build" not in paste_slugs(text, diagnosed_only=True)


def test_a_cudnn_name_a_release_removed_is_read_from_the_table():
    # constructed: a type cuDNN 9 removed, which LIB023's own list of compiler words does not name
    finding = first("rnn.cpp:40:5: error: \u2018cudnnAlgorithm_t\u2019 does not name a type\n"
                    "ii  libcudnn9-cuda-12  9.1.0.70-1  amd64  cuDNN runtime libraries")
    assert (finding.slug, finding.evidence["removed_in_cudnn"]) == ("cudnn-newer-than-code-supports", "9.0.0")


@pytest.mark.parametrize("text, runtime, engine", [
    # TensorRT 5's words, the engine's "version" not one (a cache file from elsewhere; MobileNet-SSD-TensorRT#36,
    # corpus 14300)
    (corpus("14300-"), "5.0.6.3", None),
    # the same words with both releases, as a write-up quotes TensorRT 5.0 (2018)
    ("[2018-12-17 06:48:13 ERROR] The engine plan file is incompatible with this version of TensorRT, expecting "
     "5.0.4.3got 5.0.2.6, please rebuild.", "5.0.4.3", "5.0.2.6"),
])
def test_tensorrt_5_refusing_an_engine_from_another_release(text, runtime, engine):
    finding = first(text)
    assert finding.slug == "tensorrt-engine-version-mismatch"
    assert finding.evidence["versions"] == [runtime] + ([engine] if engine else [])


@pytest.mark.parametrize("text", [
    # Caffe's CMake in an image built FROM a -runtime image (NVIDIA/nvidia-docker#153, corpus 14101)
    corpus("14101-"),
    # nvcc missing in a -runtime container (NVIDIA/nvidia-docker#1160, corpus 14253)
    corpus("14253-"),
])
def test_a_build_in_a_cuda_image_without_the_toolkit(text):
    finding = first(text)
    assert finding.slug == "cuda-toolkit-missing" and "-devel" in finding.message
    assert any(step.startswith("FROM nvidia/cuda:") and "-devel" in step for step in finding.fix)


def test_a_cmake_build_that_found_no_cuda_on_a_host_names_no_image():
    # constructed: Caffe's words on a host, no container in sight
    finding = first("CMake Warning at cmake/Dependencies.cmake:90 (message):\n"
                    "  -- CUDA is not detected by cmake.  Building without it...")
    assert finding.slug == "cuda-toolkit-missing" and "image" not in finding.message


@pytest.mark.parametrize("text", [
    # a GPU-flavoured image with a CPU torch inside (ray-project/ray#15470, corpus 14251)
    corpus("14251-"),
    # `docker run --gpus all` and tf.test.is_gpu_available() in a venv where tensorflow replaced tensorflow-gpu
    # (OCR-D/ocrd_all#220, corpus 14503), read from `pip show`
    corpus("14503-"),
])
def test_a_cpu_build_where_the_report_asks_for_the_gpu(text):
    assert first(text).slug == "cpu-only-build"


@pytest.mark.parametrize("text", [
    "$ pip freeze | grep ^torch\ntorch==2.2.0+cpu",  # constructed: a CPU build and nothing asking for a GPU
    "docker run -it python:3.11-slim\n$ pip show torch\nName: torch\nVersion: 2.2.0+cpu",  # constructed
])
def test_a_cpu_build_alone_is_not_a_problem(text):
    assert "cpu-only-build" not in paste_slugs(text, diagnosed_only=True)


def test_pip_show_gives_name_and_version():
    from envcheck.importers import from_text
    facts = from_text("$ pip show torch\nName: torch\nVersion: 2.3.1+cu121\nSummary: Tensors and Dynamic neural "
                      "networks\nName: not-a-package-line\nLocation: /usr/lib", "paste.txt")
    installed = [(f.name, f.version, f.accelerator) for f in facts.frameworks.installed]
    assert installed == [("torch", "2.3.1+cu121", "cuda")]


@pytest.mark.parametrize("case", ["12455-", "7352-", "14554-"])
def test_xformers_refusing_bfloat16_on_a_gpu_before_ampere(case):
    # DeepSeek-VL2 on a T4, PuLID-FLUX and EasyAnimate on Turing cards: every operator says "bf16 is only supported
    # on A100+ GPUs", beside "requires device with capability > (8, 0)"
    finding = first(corpus(case))
    assert finding.slug == "bf16-unsupported-gpu" and "7.5" in finding.message


def test_xformers_operator_needing_a_newer_gpu_without_bfloat16_stays_an_architecture_reading():
    text = ("NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n"
            "     query       : shape=(1, 4096, 8, 40) (torch.float16)\n"
            "`flshattF@v2.3.6` is not supported because:\n"
            "    requires device with capability > (8, 0) but your GPU has capability (7, 5) (too old)")  # constructed
    assert first(text).slug == "gpu-arch-unsupported"


@pytest.mark.parametrize("text", [
    # "src/storage/storage.cc:44: Please compile with CUDA enabled" (dmlc/MXNet.jl#100, corpus 13905)
    corpus("13905-"),
    # the same from the Python package (apache/mxnet#260's words; constructed around them)
    ">>> a = mx.nd.ones((2, 3), mx.gpu())\n[16:20:57] src/storage/storage.cc:44: Please compile with CUDA enabled",
])
def test_mxnet_0x_storage_says_it_was_built_without_cuda(text):
    assert first(text).slug == "cpu-only-build"


@pytest.mark.parametrize("case", ["14153-", "2539-", "7779-"])
def test_nvml_refusing_a_query_under_wsl(case):
    # dask's NVML monitor (dask/distributed#5342, rapidsai/dask-cuda#761) and DALI's decoder (NVIDIA/DALI#3878)
    assert first(corpus(case)).slug == "wsl-nvml-queries-unsupported"


def test_nvml_refusing_a_query_outside_wsl_is_not_read_as_wsl():
    text = ("pynvml.nvml.NVMLError_NotSupported: Not Supported\n"
            "Linux gpu-node 5.15.0-91-generic #101-Ubuntu SMP x86_64 GNU/Linux")  # constructed
    assert "wsl-nvml-queries-unsupported" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("case, needs", [
    # MATLAB's words, over several lines (Liusifei/Face_Parsing_2016#13, corpus 14204)
    ("14204-", None),
    # the loader's, retold in a title (TomographicImaging/CCPi-Regularisation-Toolkit#81, corpus 14205)
    ("14205-", "CXXABI_1.3.9"),
])
def test_matlab_loads_its_own_older_libstdcxx(case, needs):
    finding = first(corpus(case))
    assert finding.slug == "matlab-bundled-libstdcxx-too-old-for-mex" and finding.evidence.get("needs") == needs


@pytest.mark.parametrize("text", [
    # constructed: a conda environment's libstdc++, no MATLAB in sight (LIB022's)
    "ImportError: /opt/conda/envs/x/bin/../lib/libstdc++.so.6: version `GLIBCXX_3.4.30' not found",
    # constructed: a MEX file missing a symbol of its own library, not the C++ runtime's
    "Invalid MEX-file '/home/u/gpu/mex_conv.mexa64':\nMissing symbol\n'cudnnCreate'\nrequired by\n"
    "'/home/u/gpu/mex_conv.mexa64'",
])
def test_no_matlab_libstdcxx_reading_without_matlab_and_a_runtime_symbol(text):
    assert "matlab-bundled-libstdcxx-too-old-for-mex" not in paste_slugs(text, diagnosed_only=True)
