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


def _gpu_models(text):
    return [(m["name"], m["cc"]) for m in Context(from_text(text, "paste.txt"), matrix.default()).gpu_models()]


@pytest.mark.parametrize("text, cc", [
    # a Chinese reply in deepmind-research#464 (corpus 15751): "I have a 40-series card"
    ("我也遇到了类似的问题。\n我是40系的显卡。只能用cpu进行训练。", "8.9"),
    # a question in corpus 11650
    ("Is there any way to build for architecture 'compute_86' of 30 series GPUs?", "8.6"),
    # an issue title's parenthesis (constructed around the words of the RTX 50 reports)
    ("Fails on Windows (RTX 50-series) with a CUDA kernel image error", "12.0"),
])
def test_a_geforce_series_named_as_a_whole_has_its_cards_compute_capability(text, cc):
    assert [found[1] for found in _gpu_models(text)] == [cc]


@pytest.mark.parametrize("text", [
    "Ubuntu 20 series kernels are fine",  # constructed: no line word, no card
    "It worked on my RTX 20 series card",  # constructed: the RTX 2050 is an Ampere part, the rest Turing
])
def test_a_series_that_is_no_gpu_or_not_one_architecture_stays_unknown(text):
    assert all(cc == "" for _, cc in _gpu_models(text))


def test_a_series_beside_a_model_gives_way_to_the_model():
    # corpus words: "I just got 50 series (RTX 5080)"
    assert _gpu_models("I just got 50 series (RTX 5080) and I can't run this") == [("RTX 5080", "12.0")]


@pytest.mark.parametrize("text, runtime", [
    # TF 1.15 on Linux (corpus 15751)
    (corpus("15751-"), "10.0"),
    # TF 2.3 on Windows (corpus 343)
    (corpus("343-"), "10.1"),
    # the soname every CUDA 11 release shares (constructed line in TensorFlow's words)
    ("I tensorflow/stream_executor/platform/default/dso_loader.cc:53] Successfully opened dynamic library "
     "libcudart.so.11.0", "11"),
])
def test_tensorflows_loader_names_the_cuda_runtime_in_use(text, runtime):
    facts = from_text(text, "paste.txt")
    assert [lib.version for lib in facts.libraries.found if lib.name == "cudart" and lib.kind == "reported"] == [
        runtime]


def test_a_40_series_card_under_tensorflow_built_with_cuda_10():
    finding = first(corpus("15751-"))
    assert (finding.slug, finding.evidence["program_cuda"], finding.evidence["compute_capability"]) == (
        "gpu-arch-not-in-build", "10.0", "8.9")


@pytest.mark.parametrize("text, gcc, cuda", [
    # k2 with GCC 12.1, its CUDA not in the paste (corpus 15702)
    (corpus("15702-"), "12", None),
    # CUDA 12.3's nvcc with GCC 14's headers (Xpra-org/xpra#4281)
    ("$ CC=clang /opt/cuda-12.3.2/bin/nvcc -fatbin -std=c++17 -arch=all --allow-unsupported-compiler -c "
     "fs/share/xpra/cuda/RGBA_to_RGBAP.cu -o fs/share/xpra/cuda/RGBA_to_RGBAP.fatbin\n"
     "/usr/include/c++/14/x86_64-redhat-linux/bits/c++config.h(2668): error: user-defined literal operator not found\n"
     "/usr/include/c++/14/type_traits(529): error: type name is not allowed", "14", "12.3"),
])
def test_nvcc_failing_in_the_headers_of_a_newer_gcc(text, gcc, cuda):
    finding = first(text)
    assert (finding.slug, finding.evidence["gcc"], finding.evidence.get("cuda")) == (
        "host-compiler-unsupported", gcc, cuda)


def test_nvcc_failing_in_an_old_gccs_headers_is_no_host_compiler_finding():
    # OpenKinect/libfreenect2#818: CUDA 8 and GCC 4.8, C++11 asked of the host compiler only
    text = ("I have problems with compiling libfreenect2 using\n- Ubuntu 14.04\n- gcc 4.8.4.\n- CUDA 8.0\n"
            '/usr/lib/gcc/x86_64-linux-gnu/4.8/include/stddef.h(432): error: identifier "nullptr" is undefined\n'
            '/usr/include/c++/4.8/exception(63): error: expected a ";"')
    assert "host-compiler-unsupported" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("case", [
    "15801-",  # mesh-fusion's libfusiongpu/fusion.cu on a Titan V
    "16201-",  # HashDAG's dag_tracer.cu on a compute capability 5.0 GPU
    "16202-",  # ElasticFusion's convenience.cuh on a GTX 1080, in CUDA 8's words
])
def test_no_kernel_reported_from_the_programs_own_cuda_source(case):
    assert first(corpus(case)).slug == "extension-built-for-other-gpu-arch"


def test_no_kernel_in_a_shipped_engines_source_is_not_read_as_a_build_here():
    # corpus 3157: ggml-cuda.cu of a prebuilt llama.cpp on a Maxwell GPU
    assert first(corpus("3157-")).slug != "extension-built-for-other-gpu-arch"


@pytest.mark.parametrize("case, build_cuda", [
    ("15700-", "7.5"),  # PyTorch's CMake "got cuda version 7.5" beside nvcc 8.0 (pytorch/pytorch#2651)
    ("6112-", "10.1"),  # make asking for /usr/local/cuda-10.1's libcublas beside nvcc 7.5 (a ZED wrapper)
])
def test_a_build_that_took_another_installed_toolkit_than_nvcc_on_path(case, build_cuda):
    finding = first(corpus(case))
    assert (finding.slug, finding.evidence["build_cuda"]) == ("multiple-cuda-toolkits-wrong-one-used", build_cuda)


def test_the_distributions_toolkit_shadowing_nvidias():
    # NVIDIA/cuda-samples#356 (corpus 15701): CMake's /usr/bin/nvcc, nvcc's own folder, /usr/local/cuda on PATH too
    finding = first(corpus("15701-"))
    assert (finding.slug, finding.evidence["nvidia_toolkit"]) == ("multiple-cuda-toolkits-wrong-one-used",
                                                                  "/usr/local/cuda/")


def test_a_build_finding_the_cuda_nvcc_is_is_no_toolkit_mix():
    # constructed: FindCUDA's words and nvcc's agree
    text = ('-- Found CUDA: /usr/local/cuda-11.8 (found version "11.8")\n'
            "Cuda compilation tools, release 11.8, V11.8.89\nmake: *** [all] Error 2")
    assert "multiple-cuda-toolkits-wrong-one-used" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("15750-"),  # DALI's CUDA wheel asked for on a Mac (PhysicsNeMo)
    # magic-research/magic-animate#64: NVIDIA's cuBLAS wheel asked for on an Apple M2
    "ERROR: Could not find a version that satisfies the requirement nvidia-cublas-cu11==11.10.3.66 (from versions: "
    "0.0.1.dev5, 0.0.1)\nERROR: No matching distribution found for nvidia-cublas-cu11==11.10.3.66\nMy computer has "
    "an Apple M2 chip",
    corpus("16053-"),  # a +cu113 torch pin on a host named MacM2Pro (SadTalker)
])
def test_a_cuda_build_or_nvidias_cuda_wheels_asked_for_on_a_mac(text):
    assert first(text).slug == "no-cuda-build-for-platform"
