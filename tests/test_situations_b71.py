"""Situations met in session 84, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck import matrix
from envcheck.importers import from_text
from envcheck.rules import Context
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    # a person naming the dtype as torch spells it (corpus 15001, an RTX 2060)
    corpus("15001-"),
    # the plain word, beside the model number (corpus 1717, ComfyUI-CogVideoXWrapper#325)
    corpus("1717-"),
])
def test_a_person_saying_their_gpu_lacks_bfloat16(text):
    assert first(text).slug == "bf16-unsupported-gpu"


def test_a_library_said_to_lack_bfloat16_on_no_named_gpu_is_no_finding():
    # constructed: the same words of a library, with no GPU in the report
    text = "bitsandbytes does not support dtype=torch.bfloat16 for this op\nRuntimeError: unsupported dtype"
    assert "bf16-unsupported-gpu" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, gpu", [
    # torch 1.0.1 of CUDA 9.0 on an RTX 2080 Ti (corpus 15401, pytorch/pytorch#18620)
    (corpus("15401-"), "RTX 2080 Ti"),
    # torch 1.1.0 of CUDA 9.0 on a TITAN RTX (RenYurui/StructureFlow#12)
    ("RuntimeError: cublas runtime error : the GPU program failed to execute at /opt/conda/conda-bld/"
     "pytorch_1556653183467/work/aten/src/THC/THCBlas.cu:450\n\nUbuntu 16.04\nGPU NVIDIA TITAN RTX\n"
     "CUDA 9.0 pytorch 1.1.0 python 3.6.9\n", "NVIDIA TITAN RTX"),
])
def test_old_torchs_cublas_failure_in_words_under_a_cuda_older_than_the_gpu(text, gpu):
    finding = first(text)
    assert (finding.slug, finding.evidence["gpu"], finding.evidence["program_cuda"]) == (
        "gpu-arch-not-in-build", gpu, "9.0")


def test_old_torchs_cublas_failure_under_a_cuda_that_knows_the_gpu_is_no_arch_finding():
    # constructed from vchoutas/expose#54's words, with an RTX 2060 that CUDA 11.0 knows
    text = ('I get the error "cublas runtime error: the GPU program failed to execute at /pytorch/aten/src/THC/'
            'THCBlas.cu:334". My environment uses CUDA 11.0, pytorch 1.7.0, an RTX 2060.')
    assert "gpu-arch-not-in-build" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, member, header", [
    # MinkowskiEngine 0.5.4 with CUDA 12.0 (corpus 14953)
    (corpus("14953-"), "device", "thrust/execution_policy.h"),
    # gaussian-splatting's simple-knn with CUDA 12.0 (corpus 2937)
    (corpus("2937-"), "sequence", "thrust/sequence.h"),
    # xmipp3 with CUDA 12.8 (I2PC/xmipp3#1073)
    ('"cuda": "12.8.93",\n/opt/scipion3/software/em/xmipp3-v5/src/xmipp/libraries/reconstruction_cuda/'
     'cuda_volume_restoration_kernels.cpp(193): error: namespace "thrust" has no member "counting_iterator"',
     "counting_iterator", "thrust/iterator/counting_iterator.h"),
])
def test_code_relying_on_a_thrust_header_a_newer_cuda_no_longer_includes(text, member, header):
    finding = first(text)
    assert (finding.slug, finding.evidence["member"]) == ("cuda-toolkit-too-new-for-project", member)
    assert header in finding.fix[0]


def test_another_namespace_without_the_member_is_no_thrust_finding():
    # constructed: the compiler's words for the standard library
    text = 'src/a.cu(12): error: namespace "std" has no member "optional"'
    assert "cuda-toolkit-too-new-for-project" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    # SPECFEM3D's title quoting nvcc (corpus 15554)
    corpus("15554-"),
    # nvcc's own line (GPUSPH with CUDA 12, as TK024's docstring quotes it), under a constructed version line
    "nvcc 12.0\nsrc/cuda/forces.cu(41): error: texture is not a template",
])
def test_a_removed_texture_reference_quoted_or_not(text):
    finding = first(text)
    assert (finding.slug, finding.evidence["name"]) == ("cuda-toolkit-too-new-for-project", "texture")


def _said_no_gpu(text):
    from envcheck.rules.gpu import said_no_gpu
    return said_no_gpu(Context(from_text(text, "paste.txt"), matrix.default()))


@pytest.mark.parametrize("text", [
    # faster-whisper's front end on an AMD card (corpus 15250)
    corpus("15250-"),
    # BallonsTranslator on an AMD discrete card (corpus 14501)
    corpus("14501-"),
])
def test_a_chinese_report_naming_an_amd_card(text):
    assert _said_no_gpu(text)


def test_a_chinese_line_comparing_both_vendors_says_nothing_of_the_machine():
    # a line of corpus 1926
    assert not _said_no_gpu("N卡，A卡都一样，系统win11")


@pytest.mark.parametrize("text, name, cc", [
    ("GPU NVIDIA TITAN RTX\nRuntimeError: x", "NVIDIA TITAN RTX", "7.5"),  # StructureFlow#12's field
    ("GPU: Titan V\nRuntimeError: x", "Titan V", "7.0"),  # constructed
])
def test_titans_one_name_tells_apart_are_read_from_prose(text, name, cc):
    models = Context(from_text(text, "paste.txt"), matrix.default()).gpu_models()
    assert [(m["name"], m["cc"]) for m in models] == [(name, cc)]


def test_a_bare_titan_x_is_left_unnamed():
    # corpus 2070's words: Maxwell's GTX TITAN X and Pascal's TITAN X both went by it
    models = Context(from_text("the gpu card is nvidia Titan X.\nRuntimeError: x", "paste.txt"),
                     matrix.default()).gpu_models()
    assert models == []
