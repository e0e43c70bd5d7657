"""Situations met in session 85, each read in general and tried on at least two real wordings. The H100 recordings
are in tests/data/h100-errors (its README says how each was made)."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, h100_recording as recorded, paste_slugs


@pytest.mark.parametrize("name, slug", [
    ("jax-then-torch-oom.txt", "gpu-memory-held-by-another-library-in-process"),
    ("cupy-then-torch-oom.txt", "gpu-memory-held-by-another-library-in-process"),
    ("other-process-oom.txt", "gpu-memory-held-by-other-processes"),
    ("pidns-torch-oom.txt", "gpu-memory-too-small-for-model"),
    ("nccl-no-interface.txt", "nccl-no-usable-network-interface"),
    ("nvcc-sm35.txt", "gpu-arch-dropped-by-nvcc"),
    ("ptx-newer-arch.txt", "gpu-arch-not-in-build"),
])
def test_what_a_real_h100_printed_in_session_85_is_read_as_the_cause_it_was_made_with(name, slug):
    assert first(recorded(name)).slug == slug


def test_memory_outside_pytorch_is_measured_from_the_message():
    found = first(recorded("cupy-then-torch-oom.txt"))
    assert "60.60 GiB" in found.message and "1.00 GiB" in found.message


# torch 2.1 spelt "total capacty" and, in a container, listed its own process by PID.
GENERATEU_10 = ("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 496.00 MiB. GPU 0 has a total "
                "capacty of 14.75 GiB of which 235.06 MiB is free. Process 20398 has 14.52 GiB memory in use. Of the "
                "allocated memory 14.06 GiB is allocated by PyTorch, and 330.42 MiB is reserved by PyTorch but "
                "unallocated. If reserved but unallocated memory is large try setting max_split_size_mb to avoid "
                "fragmentation.")
MASK2DIT_4 = ("CUDA out of memory. Tried to allocate 35.60 GiB. GPU 0 has a total capacity of 79.33 GiB of which 26.16 "
              "GiB is free. Process 76883 has 53.16 GiB memory in use. Of the allocated memory 11.97 GiB is allocated "
              "by PyTorch, and 40.69 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is "
              "large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.")
MYGIRLGPT_11 = ("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 32.00 MiB. GPU 0 has a total "
                "capacty of 4.00 GiB of which 41.56 MiB is free. Including non-PyTorch memory, this process has 3.44 "
                "GiB memory in use. Of the allocated memory 2.58 GiB is allocated by PyTorch, and 1.90 MiB is reserved "
                "by PyTorch but unallocated.")


@pytest.mark.parametrize("text, said", [
    (GENERATEU_10, "out of memory on a GPU of 14.75 GiB (0.23 GiB free"),
    (MASK2DIT_4, "PyTorch holds 40.69 GiB reserved but unused"),
    (MYGIRLGPT_11, "out of memory on a GPU of 4.00 GiB"),
    (recorded("pidns-torch-oom.txt"), "out of memory on a GPU of 79.18 GiB"),
])
def test_a_process_listed_by_pid_that_holds_pytorchs_memory_is_this_one(text, said):
    """The entry that holds what PyTorch holds is the program's own process seen from a container; a context's few
    hundred MiB outside PyTorch is no other library's pool."""
    found = first(text)
    assert found.slug == "gpu-memory-too-small-for-model" and said in found.message
    slugs = paste_slugs(text)
    assert "gpu-memory-held-by-other-processes" not in slugs
    assert "gpu-memory-held-by-another-library-in-process" not in slugs


# --- CUDA 13.0's removed cudaDeviceProp members (TK024) ---------------------------------------------------------------


@pytest.mark.parametrize("text, member", [
    (corpus("17050-"), "cudaDeviceProp::computeMode"),  # nvcc's front end, PIConGPU with CUDA 13.0
    (corpus("17052-"), "cudaDeviceProp::clockRate"),  # GCC, MAGMA 2.6.1 with CUDA 13
    # constructed: Clang's and MSVC's wordings of the same error
    ("nvcc --version\nCuda compilation tools, release 13.0, V13.0.88\n"
     "src/info.cpp:12:22: error: no member named 'memoryClockRate' in 'cudaDeviceProp'",
     "cudaDeviceProp::memoryClockRate"),
    ("CUDA 13.0\ninfo.cpp(12): error C2039: 'kernelExecTimeoutEnabled': is not a member of 'cudaDeviceProp'",
     "cudaDeviceProp::kernelExecTimeoutEnabled"),
])
def test_a_cuda_struct_member_that_cuda_13_removed_is_named(text, member):
    found = first(text)
    assert found.slug == "cuda-toolkit-too-new-for-project" and member in found.message and "13.0" in found.message


@pytest.mark.parametrize("text", [
    # constructed: a member missing from the program's own struct
    "src/app.cpp:44:22: error: 'struct Options' has no member named 'clockRate'",
    # constructed: the member present in the CUDA the build names, so something else is wrong
    "Cuda compilation tools, release 12.4, V12.4.131\n"
    "interface.cpp:444:22: error: 'struct cudaDeviceProp' has no member named 'clockRate'",
])
def test_a_missing_member_is_not_blamed_on_cuda_13_where_it_cannot_be(text):
    assert "cuda-toolkit-too-new-for-project" not in paste_slugs(text, diagnosed_only=True)


# --- "invalid texture reference" as a missing kernel image (FW021, TK004) ---------------------------------------------


@pytest.mark.parametrize("prefix", ["8772-", "16203-", "16503-"])
def test_an_invalid_texture_reference_from_code_built_here_is_its_architectures(prefix):
    """Co-Fusion's cudaSafeCall and ElasticFusion's own check on an RTX 2070 built for "30 35 50 52 61"."""
    assert first(corpus(prefix)).slug == "extension-built-for-other-gpu-arch"


def test_a_toolkit_older_than_the_gpu_is_named_beside_code_built_here_without_kernels():
    """ElasticFusion built with CUDA 7.5 on a GTX 1080 (mp3guy/ElasticFusion#52): the toolkit cannot build for 6.1."""
    slugs = paste_slugs(corpus("16502-"), diagnosed_only=True)
    assert "nvcc-too-old-for-gpu-arch" in slugs and "extension-built-for-other-gpu-arch" in slugs


def test_an_invalid_texture_reference_alone_judges_no_architecture():
    # constructed: the message with nothing else, which a wrongly bound texture gives too
    slugs = paste_slugs("cudaSafeCall() failed at Base.cu:81 : invalid texture reference", diagnosed_only=True)
    assert "gpu-arch-not-in-build" not in slugs and "nvcc-too-old-for-gpu-arch" not in slugs


# --- TensorFlow from conda has the new C++ string ABI (FW023) ---------------------------------------------------------


def test_an_old_abi_op_beside_conda_tensorflow_is_the_string_abi():
    """horovod/horovod#656: pip built Horovod with CentOS 7's GCC 4.8 against conda's tensorflow-gpu 1.13.1."""
    found = first(corpus("17200-"))
    assert found.slug == "extension-cxx11-abi-mismatch" and "from conda" in found.message


def test_the_same_symbol_beside_pip_tensorflow_of_that_release_is_not_the_abi():
    # constructed: pip's TensorFlow 1.13 was built with the old ABI, so an old-ABI symbol missing is no ABI mismatch
    text = ("$ pip install tensorflow-gpu==1.13.1 horovod\ntensorflow-gpu 1.13.1\n"
            "mpi_lib.cpython-36m-x86_64-linux-gnu.so: undefined symbol: _ZN10tensorflow12OpDefBuilder4AttrESs")
    assert "extension-cxx11-abi-mismatch" not in paste_slugs(text, diagnosed_only=True)


# --- a missing compiled extension retold, and XLA's missing ptxas retold (FW011, TK012) -----------------------------


@pytest.mark.parametrize("text, package", [
    (corpus("16602-"), "apex"),  # NVIDIA/apex#421: "amp_C fused kernels unavailable, no module named 'amp_C'"
    ("ModuleNotFoundError: No module named 'mmcv._ext'", "mmcv"),  # Python's own words (as in corpus 699, 5688)
    ("modulenotfounderror: no module named 'MMCV._ext'", "mmcv"),  # constructed: the same retold in other case
])
def test_a_package_without_its_compiled_extension_is_named_in_any_case(text, package):
    found = first(text)
    assert found.slug == "cuda-extension-not-built" and found.evidence["package"] == package


@pytest.mark.parametrize("text", [
    corpus("16701-"),  # iot-salzburg/gpu-jupyter#93: "I get an error saying it cannot find ptxas"
    "JAX could not find `ptxas`, which is part of the CUDA toolkit",  # jax-ml/jax#7239, a maintainer
])
def test_xla_finding_no_ptxas_retold_is_read(text):
    assert first(text).slug == "xla-ptxas-not-found"


def test_finding_ptxas_is_not_read_as_its_absence():
    # constructed: ptxas found, and a person who could find it
    slugs = paste_slugs("Used ptxas at /usr/local/cuda/bin/ptxas\nI can find ptxas in /usr/local/cuda/bin", True)
    assert "xla-ptxas-not-found" not in slugs


def test_tritons_own_missing_ptxas_is_not_xlas():
    """Corpus 6992: torch.compile's Inductor with a Triton wheel that lacks its bundled ptxas."""
    assert "xla-ptxas-not-found" not in paste_slugs(corpus("6992-"), diagnosed_only=True)


# --- JAX's CPU fallback of before its CUDA plugins (FW001, FW008) -----------------------------------------------------


@pytest.mark.parametrize("prefix", ["16500-", "2055-", "3645-"])
def test_jaxs_old_cpu_fallback_is_a_cpu_only_jaxlib(prefix):
    """whisper-jax on WSL 2 beside a working PyTorch, lra with jax>=0.2.4, min-dalle's absl warning."""
    found = first(corpus(prefix))
    assert found.slug == "cpu-only-build" and found.confidence == "likely" and "jaxlib" in found.message


def test_jaxs_cpu_fallback_on_native_windows_is_the_platform():
    """Corpus 6016: Windows 11 and 10 machines; JAX publishes no CUDA build for native Windows."""
    assert first(corpus("6016-")).slug == "no-cuda-build-for-platform"


def test_jaxs_old_fallback_after_a_cuda_failure_is_not_blamed_on_the_build():
    # constructed: the CUDA plugin failed first and said why; the fallback follows every such failure
    text = ("Jax plugin configuration error: Exception when calling jax_plugins.xla_cuda12.initialize()\n"
            "RuntimeError: Unable to load cuSPARSE. Is it installed?\n"
            "WARNING:absl:No GPU/TPU found, falling back to CPU. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)")
    assert first(text).slug != "cpu-only-build"


# --- cuDNN 8's sub-library loader with its reason cut off (LIB001, SYS003) -------------------------------------------


def test_a_cudnn_sub_library_that_could_not_be_loaded_is_cudnn_missing():
    """Corpus 15851: 'Error: Could not load library libcudnn_cnn_infer.so.8', nothing after it, torch 2.0 on Linux."""
    assert first(corpus("15851-")).slug == "cudnn-missing"


def test_the_same_under_wsl_is_wsls_libcuda():
    """Corpus 2020, on WSL Ubuntu 22.04; where people paste the reason under WSL it is 'Error: libcuda.so: cannot open
    shared object file' (corpus 1617), which SYS003 reads already."""
    found = first(corpus("2020-"))
    assert found.slug == "wsl-libcuda" and "libcudnn_cnn_infer.so.8" in found.message


def test_a_sub_library_whose_reason_is_shown_is_read_by_that_reason():
    # constructed on the corpus's form: the reason names cuBLAS, not cuDNN
    text = ("Could not load library libcudnn_ops_infer.so.8. Error: libcublas.so.11: cannot open shared object file: "
            "No such file or directory")
    found = first(text)
    assert found.slug == "cuda-libraries-missing" and "libcublas.so.11" in found.message


def test_cudnn_integers_of_both_encodings_read_as_releases():
    """cuDNN 9 encodes its version as major * 10000: torch.backends.cudnn.version() gave 91900 for cuDNN 9.19.0 on the
    lent H100 (session 85's certificate); cuDNN 8 and older as major * 1000 ("8907"), and JAX prints cuDNN 9 so too
    ("Minimum supported: 9100")."""
    from envcheck.rules.libraries import _dotted

    assert [_dotted(v) for v in ("91900", "90100", "9100", "8907", "7102", "(8, 5, 0)")] == [
        "9.19.0", "9.1.0", "9.1.0", "8.9.7", "7.1.2", "8.5.0"]
