"""Situations met in session 78, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, slug", [
    # fireice-uk/xmr-stak#258: a GT 705, a Fermi whose 2.1 no CUDA 9 build of the miner carries
    (corpus("8894-"), "gpu-arch-unsupported"),
    # fireice-uk/xmr-stak#298: a GTX 680; the same warning, its arch 30 also dropped by every CUDA after 10.2
    (corpus("5401-"), "gpu-arch-unsupported"),
])
def test_a_program_saying_it_was_not_compiled_for_the_gpu_architecture_is_a_missing_kernel(text, slug):
    assert first(text).slug == slug


def test_a_program_not_compiled_for_something_else_is_not_a_missing_kernel():
    # constructed: the same words about a module and a CPU feature
    assert first("WARNING: module foo not compiled for the gpu backend\nnot compiled for the GPU architecture") is None


@pytest.mark.parametrize("case, line", [
    ("8902-", " * CUDA         disabled (no devices)"),  # xmrig/xmrig-cuda#21: a GT 540M, a Fermi
    ("3796-", 'But the CUDA plugin doesn\'t work, returning "CUDA disabled (no device)"'),  # xmrig/xmrig-cuda#79
])
def test_xmrig_cuda_disabled_counts_as_the_gpu_going_unused(case, line):
    from envcheck.rules import GPU_UNUSED

    assert line in corpus(case) and GPU_UNUSED.search(line)


def test_a_fermi_gpu_whose_miner_found_no_cuda_device_is_too_old_for_the_plugin():
    found = first(corpus("8902-"))
    assert found.slug == "gpu-arch-unsupported" and "Fermi" in found.message


@pytest.mark.parametrize("case, driver, kernel", [
    ("11250-", "390.157", "6.6.89_1"),  # void-linux/void-packages#55238: "implicit declaration of function 'dma_is_direct'"
    ("2358-", "470.199.02", "5.15.0-1070-aws"),  # konvoy-image-builder#1200: GPL-only 'rcu_read_unlock_strict'
    ("6408-", "495.29.05", ""),  # NVIDIA/cudf-spark#11675: the same symbol, from DKMS
    ("7693-", "545.29.06", "6.6.15-x64v3-xanmod1"),  # xanmod/linux#411: GPL-only '__rcu_read_lock'
])
def test_a_module_build_stopping_in_the_drivers_own_source_is_a_release_too_old_for_the_kernel(case, driver, kernel):
    found = first(corpus(case))
    assert found.code == "DRV032" and found.evidence["driver"] == driver
    assert found.evidence.get("kernel", "") == kernel
    assert "driver-not-built-for-kernel" not in paste_slugs(corpus(case))  # headers would not help


def test_a_missing_header_in_the_module_build_is_not_the_releases_age():
    # constructed: DKMS's build of the module stopping at a header the kernel tree lacks
    text = ("/var/lib/dkms/nvidia/535.54.03/build/nvidia/nv.c:12:10: fatal error: linux/module.h: No such file or "
            "directory\nError! Bad return status for module build on kernel: 6.2.0-26-generic (x86_64)")
    assert "driver-release-too-old-for-kernel" not in paste_slugs(text)
    assert first(text).slug == "driver-not-built-for-kernel"


def test_a_program_that_got_no_gl_visual_in_a_flatpak_lacks_the_nvidia_extension():
    # flathub/org.blender.Blender#97: Blender's "X11 glXChooseVisual() failed" from Flatpak on driver 510.54
    assert first(corpus("11001-")).slug == "flatpak-nvidia-runtime-missing-for-driver"
    # ValveSoftware/steam-for-linux#5886: Steam's "glXChooseVisual failed", no Flatpak: another GL problem
    assert "flatpak-nvidia-runtime-missing-for-driver" not in paste_slugs(corpus("1759-"))


@pytest.mark.parametrize("line, build", [
    ("Windows 10 Pro, 20H2, 19042.928", "19042"),  # AbdBarho/stable-diffusion-webui-docker#129
    ("Windows 10, v 21H1, build 19043.1348", "19043"),
    ("Win10 Home 22H2 19045.5371", "19045"),
    ("Windows 11, build 22000.613", "22000"),
    ("Windows 10 with driver 10.0.19041.1", ""),  # constructed: a dotted version, not a build
])
def test_the_windows_build_people_copy_beside_the_edition_is_read(line, build):
    from envcheck.importers import from_text

    assert from_text(line, "p").system.windows_build == build


def test_wsl_on_a_windows_10_before_21h2_has_no_gpu():
    found = first(corpus("11452-"))  # 20H2 (19042): WSL 2, but no GPU until 21H2 (19044)
    assert found.slug == "wsl-gpu-not-supported" and "19044" in found.message
    # constructed: the same failure on 21H2 is not the Windows build's fault
    later = corpus("11452-").replace("20H2, 19042.928", "21H2, 19044.1288")
    assert "wsl-gpu-not-supported" not in paste_slugs(later, diagnosed_only=True)


def test_a_flatpak_manifest_marks_the_sandbox_without_the_word_flatpak():
    # flatpak/flatpak#138: a manifest's "finish-args" and libGL falling back to Mesa on driver 367.27
    assert first(corpus("11601-")).slug == "flatpak-nvidia-runtime-missing-for-driver"
    # constructed: the same libGL lines with no sign of a sandbox
    assert "flatpak-nvidia-runtime-missing-for-driver" not in paste_slugs(
        "Driver version: 367.27\nlibGL error: No matching fbConfigs or visuals found\n"
        "libGL error: failed to load driver: swrast")


@pytest.mark.parametrize("text, package", [
    (corpus("11605-"), "kmod-nvidia-555.42.02-4.18.0-553"),  # NVIDIA/yum-packaging-precompiled-kmod#50
    # NVIDIA/yum-packaging-precompiled-kmod#28, as its reporter pasted dnf's note
    ("NOTE: Skipping kernel installation since no kernel module package kmod-nvidia-470.57.02-4.18.0-305.19.1 for "
     "kernel version 4.18.0-305.19.1.el8_4 and NVIDIA driver 470.57.02 could be found",
     "kmod-nvidia-470.57.02-4.18.0-305.19.1"),
])
def test_no_precompiled_module_for_the_new_kernel_names_the_package_and_the_dkms_stream(text, package):
    found = first(text)
    assert found.code == "DRV007" and package in found.message
    assert any("latest-dkms" in line for line in found.fix)
