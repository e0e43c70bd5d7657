"""Situations met in session 49, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings


@pytest.mark.parametrize("text", [
    corpus("2317-"),  # modelscope/ms-swift#3299: GRPO on RTX 4090s, Accelerate 1.x's words
    # Accelerate 0.27's words, as a fine-tuning FAQ quotes them
    "NotImplementedError: Using RTX 3090 or 4000 series doesn't support faster communication broadband via P2P or IB. "
    "Please set `NCCL_P2P_DISABLE=\"1\"` and `NCCL_IB_DISABLE=\"1\" or use `accelerate launch` which will do this "
    "automatically.",
])
def test_accelerate_refusing_peer_to_peer_on_geforce_cards(text):
    found = first(text)
    assert found.slug == "p2p-unavailable-by-design" and found.severity == "error"
    assert any("NCCL_P2P_DISABLE=1 NCCL_IB_DISABLE=1" in step for step in found.fix)
    # the line names NCCL_P2P_DISABLE, but nothing says the PCIe path is blocked
    assert "p2p-blocked" not in [f.slug for f in paste_findings(text)]


def test_a_gpu_named_in_a_sentence_does_not_count_the_gpus():
    # ms-swift#3299 again: "用4090进行grpo训练" names the model; CUDA_VISIBLE_DEVICES=0,1,2,3,4 is no bad index
    slugs = [f.slug for f in paste_findings(corpus("2317-"))]
    assert "cuda-visible-devices-invalid" not in slugs
    # a listing does count them: one GPU in nvidia-smi -L, index 1 asked for
    listing = "GPU 0: NVIDIA GeForce RTX 4090 (UUID: GPU-5a3c1d2e-0000-4000-8000-000000000000)\n" \
              "$ CUDA_VISIBLE_DEVICES=1 python train.py\nRuntimeError: No CUDA GPUs are available"
    assert first(listing).slug == "cuda-visible-devices-invalid"


@pytest.mark.parametrize("text", [
    corpus("2288-"),  # microsoft/onnxruntime-genai#1191: C#, the CPU NuGet package
    # ONNX Runtime's C API without the TensorRT provider, as a .NET program shows it
    "Microsoft.ML.OnnxRuntime.OnnxRuntimeException: [ErrorCode:Fail] TensorRT execution provider is not enabled in "
    "this build.",
])
def test_onnx_runtime_without_the_provider_asked_for_is_a_cpu_build(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and found.evidence["library"] == "ONNX Runtime"


@pytest.mark.parametrize("text", [
    corpus("2448-"),  # apple2373/chainer-simple-fast-rnn#3: Chainer 1, "'module' object has no attribute 'cupy'"
    # chainer.backends.cuda's check, the reason on a line of its own after the link
    "  File \"/usr/local/lib/python2.7/dist-packages/chainer/backends/cuda.py\", line 138, in check_cuda_available\n"
    "    raise RuntimeError(msg)\n"
    "RuntimeError: CUDA environment is not correctly set up\n"
    "(see https://github.com/chainer/chainer#installation).No module named cupy",
])
def test_chainer_without_cupy_is_a_cpu_build(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and found.evidence["library"] == "Chainer"


def test_cupy_missing_for_another_program_is_not_chainers():
    found = paste_findings("ModuleNotFoundError: No module named 'cupy'")
    assert all(f.evidence.get("library") != "Chainer" for f in found)


@pytest.mark.parametrize("text, versions", [
    (corpus("2447-"), ("5.0.5", "5.1.10")),  # Theano/Theano#5581: libgpuarray back-end, both versions
    # the older CUDA back-end's words, as Theano's Windows install notes quote them: no order said
    ("WARNING (theano.sandbox.cuda): Using gpu device 0: GeForce GTX 1080 (CNMeM is disabled, cuDNN not available)\n"
     "cuDNN not available: Mixed dnn version. The header is from one version, but we link with a different version "
     "(5010, 5005)", None),
])
def test_theano_header_and_library_of_two_cudnn_releases(text, versions):
    found = first(text)
    assert found.slug == "cudnn-version-mismatch"
    assert "header" in found.message
    if versions:
        assert f"header {versions[0]}, library {versions[1]}" in found.message
    assert any("theano-cache purge" in step for step in found.fix)


def test_onnx_runtime_load_error_quoted_in_markdown():
    # dme-compunet/YoloSharp#74: "`LoadLibrary failed with error 126` when trying to use
    # `onnxruntime_providers_cuda.dll`", ONNX Runtime 1.19.1 with cuDNN 8.9.7
    found = first(corpus("2205-"))
    assert found.slug == "cudnn-version-mismatch" and found.evidence["cudnn"] == "8.9.7"
    assert "cuDNN 9" in found.message


@pytest.mark.parametrize("text, wanted, present", [
    (corpus("2306-"), "7", "8"),  # opendatalab/PDF-Extract-Kit#228: 'the missing "cudnn64_7.dll" file', cuDNN 8.6.5
    # TensorFlow's Windows loader, with cuDNN 9 said beside it
    ("Could not load dynamic library 'cudnn64_8.dll'; dlerror: cudnn64_8.dll not found\n"
     "I have cuDNN 9.1 installed", "8", "9"),
])
def test_a_cudnn_file_said_missing_beside_another_cudnn_major(text, wanted, present):
    found = first(text)
    assert found.slug == "cudnn-version-mismatch"
    assert (found.evidence["wanted_major"], found.evidence["present_major"]) == (wanted, present)


def test_a_cudnn_file_said_found_is_no_complaint():
    assert "cudnn-missing" not in [f.slug for f in paste_findings("Found cudnn64_8.dll in C:\\tools\\cuda\\bin")]


APEX_PREAMBLE = ("  torch.__version__  = 2.2.1+cu121\n\n"
                 "  Compiling cuda extensions with\n"
                 "  nvcc: NVIDIA (R) Cuda compiler driver\n"
                 "  Cuda compilation tools, release {release}, V{release}.140\n"
                 "  from /usr/local/cuda/bin\n\n")


def test_apex_build_log_cut_before_its_refusal():
    # hpcaitech/Open-Sora#249: nvcc 12.2 against torch 2.2.1+cu121, the log cut inside the traceback
    found = first(corpus("2433-"))
    assert found.slug == "nvcc-framework-cuda-mismatch"
    assert "CUDA 12.2" in found.message and "CUDA 12.1" in found.message


@pytest.mark.parametrize("release, tail", [
    ("12.1", "  Traceback (most recent call last):\n"),  # the same release: the failure is something else
    ("12.2", "  running build_ext\n"),  # a copy that only warns, and the build goes on
])
def test_apex_preamble_alone_is_no_mismatch(release, tail):
    text = APEX_PREAMBLE.format(release=release) + tail
    assert "nvcc-framework-cuda-mismatch" not in [f.slug for f in paste_findings(text)]
