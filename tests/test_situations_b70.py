"""Situations met in session 83, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, floor", [
    # Arnold GPU, the driver it found and the one it needs (corpus 6817)
    (corpus("6817-"), "418.43"),
    # Redshift, the least driver in a request (corpus 6816)
    (corpus("6816-"), "551.78"),
])
def test_a_renderers_own_driver_floor(text, floor):
    finding = first(text)
    assert (finding.slug, finding.evidence["program_minimum_driver"]) == ("driver-too-old", floor)


def test_a_driver_floor_the_host_meets_is_no_finding():
    # constructed: the requirement read out, and nvidia-smi's driver above it
    text = ("Redshift Error: Please make sure you have NVIDIA driver 551.78 or later installed.\n"
            "| NVIDIA-SMI 560.35.03              Driver Version: 560.35.03      CUDA Version: 12.6     |")
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, runs, needs", [
    # CUDA.jl 2.x's warning (corpus 10900)
    (corpus("10900-"), "10.0", "10.1"),
    # Blitzar's panic in cudaDriverGetVersion's integers (corpus 9765)
    (corpus("9765-"), "12.4", "12.6"),
])
def test_a_program_naming_the_drivers_cuda_and_its_own(text, runs, needs):
    finding = first(text)
    assert (finding.slug, finding.evidence["driver_cuda"], finding.evidence["program_cuda"]) == (
        "driver-too-old", runs, needs)


@pytest.mark.parametrize("text, driver_cuda", [
    # a crash after the banner (corpus 2878)
    (corpus("2878-"), "12.4"),
    # a graph capture that fails (corpus 6012)
    (corpus("6012-"), "12.2"),
])
def test_warps_banner_with_a_driver_older_than_its_toolkit(text, driver_cuda):
    finding = first(text)
    assert (finding.slug, finding.evidence["gpus.cuda_driver_version"], finding.evidence["cudart"]) == (
        "driver-too-old", driver_cuda, "12.8")


def test_warps_banner_is_read_as_the_drivers_cuda_and_warps_runtime():
    facts = from_text("Warp 1.9.1 initialized:\n   CUDA Toolkit 12.8, Driver 13.0\n   Devices:\n", "paste.txt")
    runtime = [lib.version for lib in facts.libraries.found if lib.name == "cudart"]
    assert (facts.gpus.cuda_driver_version, runtime) == ("13.0", ["12.8"])


@pytest.mark.parametrize("driver", ["12.8", "12.9"])
def test_warps_banner_with_the_toolkits_driver_or_newer_is_no_driver_finding(driver):
    # constructed from corpus 2878's banner: the same crash under a driver that runs Warp's CUDA
    text = corpus("2878-").replace("CUDA Toolkit 12.8, Driver 12.4", f"CUDA Toolkit 12.8, Driver {driver}")
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    # "it downgrades pytorch to CPU support only" (corpus 5202)
    corpus("5202-"),
    # "This command replaced the CUDA-enabled pytorch with CPU-enabled-only pytroch" (corpus 1866)
    corpus("1866-"),
    # "conda would downgrade the pytorch to cpu version" (corpus 9902)
    corpus("9902-"),
    # the change told by the two builds, the later one current (corpus 5646)
    corpus("5646-"),
])
def test_a_cuda_framework_swapped_for_a_cpu_build_in_words(text):
    assert first(text).slug == "cpu-only-build"


@pytest.mark.parametrize("text", [
    # constructed: a condition, not what happened
    "My RTX 3090 is not used. If I downgrade pytorch to CPU version it runs, but slowly.",
    # constructed: the change the other way round, to the CUDA build
    "torch.cuda.is_available() is False on my RTX 3090, so I changed torch 2.1.0+cpu to torch 2.1.0+cu121 and it works",
])
def test_no_cpu_build_where_the_words_do_not_say_one_is_installed(text):
    assert "cpu-only-build" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    # the errno's words after the library, retold (corpus 13150)
    corpus("13150-"),
    # R's torch, its own words for the loader's failure (corpus 2641)
    corpus("2641-"),
    # Java's UnsatisfiedLinkError naming what a JNI library needs (corpus 7152)
    corpus("7152-"),
])
def test_a_cuda_library_missing_in_other_words(text):
    assert first(text).slug == "cuda-libraries-missing"


def test_the_driver_library_missing_is_not_a_toolkit_library_missing():
    # constructed: libcuda is the driver's (driver-not-loaded and its kin), not a CUDA runtime library
    text = "OSError: libcuda.so.1: No such file or directory\nI have an RTX 3090"
    assert "cuda-libraries-missing" not in paste_slugs(text, diagnosed_only=True)
