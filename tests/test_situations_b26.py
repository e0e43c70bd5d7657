"""Situations met this session: the host's driver libraries outside the dynamic loader's cache (batch 25's 1494 and
batch 17's 1089, NVIDIA/nvidia-docker#470 and #74). Each reading is tried on at least two real wordings, and on texts
it must leave alone: advice that only says what an empty result would mean, a cache that lists the library, and a
query run inside a container."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_driver_libraries_known_only_to_a_login_shell():
    found = first(corpus("1494-"))
    assert found.slug == "driver-libs-not-in-ldcache" and found.confidence == "confirmed"
    assert found.evidence["driver_directory"] == "/usr/lib/nvidia-375"
    assert found.fix[0] == "echo /usr/lib/nvidia-375 | sudo tee /etc/ld.so.conf.d/nvidia.conf && sudo ldconfig"


def test_driver_libraries_in_a_directory_of_their_own():
    # nvidia-docker#74: the opening post names the library; its reply shows the empty cache
    text = ("Both, `nvidia-docker` as well as `nvidia-docker-plugin` abort with\n\n  Error: Could not load NVML library\n\n"
            "(I do have /usr/lib64/nvidia/libnvidia-ml.so which is part of the "
            "xorg-x11-drv-nvidia-cuda-358.16-2.fc23.x86_64 package)\n")
    found = first(text)
    assert found.slug == "driver-libs-not-in-ldcache" and found.confidence == "likely"
    assert found.evidence["driver_directory"] == "/usr/lib64/nvidia"
    found = first(text + "\n$ ldconfig -p | grep nvidia-ml\nThe output is strictly empty.\n")
    assert found.slug == "driver-libs-not-in-ldcache" and found.confidence == "confirmed"
    # pynvml's own wording, with the query's result said on its line
    found = first("pynvml.NVMLError_LibraryNotFound: NVML Shared Library Not Found\n"
                  "ldconfig -p | grep nvidia-ml returns nothing, though nvidia-smi works")
    assert found.slug == "driver-libs-not-in-ldcache" and "ldconfig" in found.evidence


def test_what_the_loader_cache_reading_leaves_alone():
    # advice about what an empty result would mean is not a result (Syllo/nvtop#122's maintainer)
    assert "driver-libs-not-in-ldcache" not in slugs(
        "Error: could not load NVML library\nYou can check with ldconfig -p | grep libnvidia-ml\n"
        "If the output is empty this means that you need to add the directory to /etc/ld.so.conf")
    # the cache lists the library: something else is wrong
    assert "driver-libs-not-in-ldcache" not in slugs(
        "Error: could not load NVML library\n$ ldconfig -p | grep nvidia-ml\n"
        "\tlibnvidia-ml.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1\n(nothing else)")
    # queried inside a container: the runtime, not the host's cache, gives it the driver (CTR003)
    text = ("$ docker run --rm nvidia/cuda:12.2.0-base-ubuntu22.04 nvidia-smi\n"
            "NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the NVIDIA Display "
            "Driver is properly installed and present in your system.\n"
            "$ docker exec -it gpu ldconfig -p | grep nvidia-ml\n(empty)")
    assert "driver-libs-not-in-ldcache" not in slugs(text)
