"""Situations met in session 72, each read in general and tried on at least two real wordings. Several of the
wordings were recorded on a real H100 (tests/data/h100-errors, where each file's README row says how it was made)."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, h100_recording as recorded, paste_slugs


@pytest.mark.parametrize("name, slug", [
    ("nccl-dup.txt", "nccl-ranks-share-a-gpu"),
    ("stub-nvml-smi.txt", "nvml-stub-on-library-path"),
    ("stub-torch.txt", "libcuda-stub-on-library-path"),
    ("stub-jax.txt", "libcuda-stub-on-library-path"),
    ("stub-cupy.txt", "libcuda-stub-on-library-path"),
    ("oom.txt", "gpu-memory-too-small-for-model"),
    ("jax-oom.txt", "gpu-memory-too-small-for-model"),
    ("ordinal.txt", "cuda-visible-devices-invalid"),
    ("nokernel.txt", "gpu-arch-not-in-build"),
])
def test_what_a_real_h100_printed_is_read_as_the_cause_it_was_made_with(name, slug):
    assert first(recorded(name)).slug == slug


@pytest.mark.parametrize("text", [
    recorded("nccl-dup.txt"),
    # NCCL's own example one_device_per_thread run with --nranks 2 on one GPU (a public note on NCCL 2.22.3)
    "ubuntu1583:1585 [0] init.cc:738 NCCL WARN Duplicate GPU detected : rank 0 and rank 1 both on CUDA device 1000\n"
    "Failed, NCCL error one_device_per_thread.cu:17 'invalid usage (run with NCCL_DEBUG=WARN for details)'",
    # nccl-tests' all_reduce_perf_mpi, two ranks on one host with one GPU each given the same device
    "NCCL WARN Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 2000\n"
    "Test NCCL failure common.cu:210 'invalid usage'",
    # a two-rank DeepSpeed repro, quoted in a public report: the device is a bus ID in hex
    "Two-rank probe failed before the bug path with NCCL duplicate-device invalid usage: `Duplicate GPU detected : "
    "rank 0 and rank 1 both on CUDA device ac000` and `DistBackendError` during `deepspeed.initialize()`.",
])
def test_two_ranks_on_one_gpu_are_named(text):
    found = first(text)
    assert found.slug == "nccl-ranks-share-a-gpu" and found.confidence == "confirmed"
    assert "set_device" in found.fix[0]


def test_more_ranks_than_gpus_is_said_when_the_launcher_and_the_gpus_show_it():
    text = ("$ torchrun --nproc_per_node=4 train.py\n"
            "|   0  NVIDIA GeForce RTX 3090        Off |   00000000:01:00.0 Off |                  N/A |\n"
            "|   1  NVIDIA GeForce RTX 3090        Off |   00000000:02:00.0 Off |                  N/A |\n"
            "NCCL WARN Duplicate GPU detected : rank 2 and rank 0 both on CUDA device 1000\n")
    found = first(text)
    assert found.slug == "nccl-ranks-share-a-gpu" and "4 processes per machine were started on 2 GPU(s)" in \
        found.message


def test_nccl_invalid_usage_without_the_duplicate_gpu_line_is_not_read_as_ranks_sharing_a_gpu():
    text = ("torch.distributed.DistBackendError: NCCL error in: NCCLUtils.cpp:93, invalid usage (run with "
            "NCCL_DEBUG=WARN for details), NCCL version 2.28.9\nncclInvalidUsage: This usually reflects invalid usage "
            "of NCCL library.")
    assert "nccl-ranks-share-a-gpu" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    recorded("stub-nvml-smi.txt"),
    # the same banner kept, commented out, in a public Dockerfile that copies the toolkit's stubs
    "#WARNING:\n\n#You should always run with libnvidia-ml.so that is installed with your\n"
    "#NVIDIA Display Driver. By default it's installed in /usr/lib and /usr/lib64.\n"
    "#libnvidia-ml.so in GDK package is a stub library that is attached only for\n"
    "#build purposes (e.g. machine that you build your application doesn't have\n#to have Display Driver installed).",
])
def test_the_toolkits_stub_nvml_is_named_not_a_missing_module(text):
    slugs = paste_slugs(text, diagnosed_only=True)
    assert slugs[0] == "nvml-stub-on-library-path" and "driver-not-built-for-kernel" not in slugs


def test_nvidia_smi_failing_without_the_stub_banner_is_still_read_as_the_module():
    text = ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest "
            "NVIDIA driver is installed and running.")
    assert "nvml-stub-on-library-path" not in paste_slugs(text)


@pytest.mark.parametrize("text, said", [
    # torch 2.11 on the H100: one allocation larger than the whole GPU
    (recorded("oom.txt"), "one allocation of 200.00 GiB is larger than the GPU's whole memory (79.18 GiB)"),
    # the same wording wrapped over lines by its reporter (a public note on a whole-slide image normaliser)
    ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 25.61 GiB. GPU 0 has a total capacity of 23.64 "
     "GiB of which 22.98 GiB is free.", "one allocation of 25.61 GiB is larger than the GPU's whole memory"),
    # torch 1.x's wording (corpus 5188, an RTX 3060 laptop GPU of 6 GB; corpus 8113, an RTX 2070)
    (corpus("5188-"), "out of memory on a GPU of 6.00 GiB (1.03 GiB free when the program asked for 0.23 GiB more)"),
    (corpus("8113-"), "out of memory on a GPU of 7.78 GiB"),
    # torch 2.x wrapped by its reporter, the cache holding 2.22 GiB reserved but unused (a public training log)
    ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 520.00 MiB. GPU 0 has a total capacity of 15.47 "
     "GiB of which 191.62 MiB is free. Including non-PyTorch memory, this process has 14.68 GiB memory in use. Of the "
     "allocated memory 12.12 GiB is allocated by PyTorch, and 2.22 GiB is reserved by PyTorch but unallocated.",
     "PyTorch holds 2.22 GiB reserved but unused, more than the 0.51 GiB it asked for"),
    # JAX 0.11.2 on the H100, and XLA's wording in bytes (a public note on an octree interpolator)
    (recorded("jax-oom.txt"), "the framework ran out of GPU memory"),
    ("RESOURCE_EXHAUSTED: Out of memory while trying to allocate 33762398024 bytes.",
     "the framework ran out of GPU memory"),
    # TensorFlow's BFC allocator (a public Keras issue's traceback)
    ("ResourceExhaustedError: OOM when allocating tensor with shape[200,75,75,64] and type float on "
     "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc", "the framework ran out of GPU memory"),
])
def test_an_out_of_memory_error_is_read_from_its_numbers(text, said):
    found = first(text)
    assert found.slug == "gpu-memory-too-small-for-model" and said in found.message


@pytest.mark.parametrize("text, said", [
    # a public report: a vLLM server on the same GPU held 40 GiB
    ("Error running analysis: CUDA out of memory. Tried to allocate 892.00 MiB. GPU 0 has a total capacity of 44.39 "
     "GiB of which 36.38 MiB is free. Process 1189488 has 1.42 GiB memory in use. Process 1251415 has 40.11 GiB "
     "memory in use. ...", "other processes hold 41.53 GiB of the GPU's 44.39 GiB"),
    # a public report: 2.07 GiB held by another process on a 16 GB GPU
    ("Error: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 15.78 GiB of which 13.71 "
     "GiB is free. Process 12345 has 2.07 GiB memory in use.", "other processes hold 2.07 GiB"),
    # corpus 6895: TensorFlow could not make a CUDA context on a GPU other users filled
    (corpus("6895-"), "no memory left for even a CUDA context"),
])
def test_memory_held_by_other_processes_is_named(text, said):
    found = first(text)
    assert found.slug == "gpu-memory-held-by-other-processes" and said in found.message


def test_a_process_that_holds_its_own_memory_is_not_blamed_on_others():
    # the H100 run: this process alone (518 MiB, its context), nothing listed by PID
    assert "gpu-memory-held-by-other-processes" not in paste_slugs(recorded("oom.txt"))


def test_host_memory_errors_are_not_read_as_gpu_memory():
    for text in ("MemoryError: Unable to allocate 12.0 GiB for an array with shape (40000, 40000) and data type "
                 "float64", "Killed\nout of memory: Killed process 1234 (python)"):
        slugs = paste_slugs(text)
        assert "gpu-memory-too-small-for-model" not in slugs and "gpu-memory-held-by-other-processes" not in slugs


@pytest.mark.parametrize("text", [
    corpus("9272-"),  # cupy built under Python 2.7, whose distutils hands nvcc Visual C++ 2008's compiler
    # notes stored on GitHub: nvcc 11.8 given MinGW's g++ on Windows
    "nvcc 11.8 + MinGW g++ 16.1.0 host (`Failed to preprocess host compiler properties` / `Host compiler targets "
    "unsupported OS`)",
    # candle's CUDA build on Windows against VS 17.13 and CUDA 12.6
    "Crates.io 0.7/0.9 hit `cudafe++ Host compiler targets unsupported OS` against the local CUDA 12.6 + VS 17.13 "
    "combo on C:\\Users\\me\\candle",
])
def test_nvcc_refusing_the_host_compiler_it_found_is_read(text):
    found = first(text)
    assert found.slug == "host-compiler-unsupported" and "cannot use the host compiler it found" in found.message


def test_host_compiler_os_refusal_after_the_compiler_crashed_is_not_blamed_on_the_compiler_choice():
    # notes stored on GitHub: gcc died on an illegal instruction, then nvcc's fatal line
    text = ("nvcc error   : 'gcc' died due to signal 4 (Illegal Instruction)\nnvcc error   : 'gcc' core dumped\n"
            "nvcc fatal   : Host compiler targets unsupported OS.")
    assert "host-compiler-unsupported" not in paste_slugs(text, diagnosed_only=True)


def test_torchs_gpu_warning_cut_before_its_last_word_still_names_the_gpu():
    # corpus 9071: "... RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch"
    found = first(corpus("9071-"))
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["compute_capability"] == "12.0"


def test_a_plain_lspci_listing_says_nothing_of_the_driver():
    plain = "lspci | grep VGA\n01:00.0 VGA compatible controller: NVIDIA Corporation GK104 [GeForce GTX 760] (rev a1)"
    assert "driver-not-loaded" not in paste_slugs(plain)
    # with -k, a device without "Kernel driver in use" has none bound (corpus 9290 lists its GT 230M without -k)
    listed = ("01:00.0 VGA compatible controller: NVIDIA Corporation GK104 [GeForce GTX 760] (rev a1)\n"
              "\tSubsystem: ASUSTeK Computer Inc. GK104 [GeForce GTX 760]\n\tKernel modules: nvidiafb, nouveau")
    assert "driver-not-loaded" in paste_slugs(listed)
    assert "driver-not-loaded" not in paste_slugs(corpus("9290-"))


@pytest.mark.parametrize("text, version", [
    (corpus("4652-"), "510.54"),  # "the Nvidia 510.54 driver package", a GTX 760 (Kepler: the 470 legacy branch)
    (corpus("8590-"), "396.54"),  # "(Ubuntu 16.04, nvidia 396.54 driver, GTX 1060)"
    (corpus("4395-"), "535.104.05"),  # "After updating arch to Linux 6.5 and Nvidia 535.104.05 drivers"
])
def test_a_driver_version_said_before_the_word_driver_is_read(text, version):
    from envcheck.importers import from_text

    assert from_text(text, "paste.txt").gpus.driver_version == version


def test_a_release_that_dropped_the_gpu_is_named_from_the_words():
    found = first(corpus("4652-"))
    assert found.slug == "driver-does-not-support-gpu" and "470.xx legacy" in found.message
