"""A driver release that does not drive the GPU in the machine (DRV027): a GPU only a legacy branch drives, and a
GPU newer than the release. Read from the kernel's own messages in each of their wordings (2011's, 2017's and
today's, wrapped by dmesg, dmesg -T, journalctl and Talos), and from a GPU and a driver version stated anywhere in
a paste, judged against nvidia-installer's legacy table (matrices/legacy_gpus.toml)."""

from __future__ import annotations

from envcheck import matrix
from envcheck.importers import from_text
from envcheck.kernel_messages import refusing_release
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs

SLUG = "driver-does-not-support-gpu"


def test_the_legacy_table_knows_each_generation_by_pci_id_and_by_name():
    table = matrix.default()
    assert table.legacy_branch(pci_device_id="0x1b81") == "580.xx"  # GTX 1070 (Pascal)
    assert table.legacy_branch(pci_device_id="0x102d") == "470.xx"  # Tesla K80 (Kepler)
    assert table.legacy_branch(pci_device_id="0x05e1") == "340.xx"  # GTX 280, older than the gpus table reaches
    assert table.legacy_branch(name="NVIDIA GeForce GTX 1050") == table.legacy_branch(name="GTX 1070") == "580.xx"
    assert table.legacy_branch(name="Tesla V100-SXM2-16GB") == "580.xx"
    # current GPUs have no legacy branch, and a name that stands for boards on two branches gets no guess
    assert table.legacy_branch(name="NVIDIA GeForce RTX 3090") is None
    assert table.legacy_branch(pci_device_id="0x2237") is None  # A10G
    assert table.legacy_branch(name="GeForce GT 730") is None  # Fermi GF108 (390.xx) and Kepler GK208 (470.xx) boards


def test_a_gpu_only_a_legacy_branch_drives_in_the_kernel_log():
    # NixOS/nixos-hardware#1828: journalctl cuts the first line ("...installed in this system>")
    found = first(corpus("1822-"))
    assert found.slug == SLUG and found.evidence["legacy_branch"] == "580.xx"
    assert found.evidence["driver"] == "595.58.03"
    assert any("legacy_580" in line for line in found.fix)
    # siderolabs/talos#8764: Talos's kernel log, a Kepler GT 710 under 535
    found = first("kern:     err: [2024-05-20T02:46:53.856596762Z]: NVRM: The NVIDIA GeForce GT 710 GPU installed in "
                  "this system is\n NVRM:  supported through the NVIDIA 470.xx Legacy drivers. Please\n"
                  " NVRM:  visit http://www.nvidia.com/object/unix.html for more\n"
                  " NVRM:  information.  The 535.129.03 NVIDIA driver will ignore\n NVRM:  this GPU.  Continuing probe...\n"
                  " kern: warning: [2024-05-20T02:46:53.859954762Z]: NVRM: No NVIDIA GPU found.")
    assert found.slug == SLUG and found.evidence["legacy_branch"] == "470.xx"
    assert found.evidence["driver"] == "535.129.03" and found.evidence["gpu"] == "GeForce GT 710"
    # NixOS/nixos-hardware#1880: dmesg -T, the same message for 595.71.05
    found = first("[Sun May 17 15:55:50 2026] NVRM: The NVIDIA NVIDIA GeForce GTX 1050 GPU installed in this system is\n"
                  "                           NVRM:  supported through the NVIDIA 580.xx Legacy drivers. Please\n"
                  "                           NVRM:  visit http://www.nvidia.com/object/unix.html for more\n"
                  "                           NVRM:  information.  The 595.71.05 NVIDIA driver will ignore\n"
                  "                           NVRM:  this GPU.  Continuing probe...\n"
                  "[Sun May 17 15:55:50 2026] NVRM: No NVIDIA GPU found.")
    assert found.slug == SLUG and found.evidence["driver"] == "595.71.05"


def test_a_gpu_the_release_does_not_know():
    # pytorch/pytorch#88363: an A10G (10de:2237) under 515.57, today's wording split over three lines
    found = first(corpus("824-"))
    assert found.slug == SLUG and found.evidence["gpu"] == "NVIDIA A10G" and found.evidence["driver"] == "515.57"
    assert "legacy_branch" not in found.evidence
    # MrMEEE/bumblebee-Old-and-abbandoned#583: 2011's wording ("... the 280.13 NVIDIA Linux graphics driver release")
    text = ("[  652.483304] NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:1050) installed\n"
            "[  652.483305] NVRM: in this system is not supported by the 280.13 NVIDIA Linux\n"
            "[  652.483306] NVRM: graphics driver release.  Please see 'Appendix A -\n"
            "[  652.483347] NVRM: The NVIDIA probe routine failed for 1 device(s).")
    assert refusing_release(text.splitlines()) == "280.13"
    assert first(text).slug == SLUG


def test_a_release_older_than_a_gpu_that_is_legacy_today():
    # MrMEEE/bumblebee-Old-and-abbandoned#583 again: the GT 520M (10de:1050) was new in 2011; today only 390.xx drives it
    found = first("[  652.483304] NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:1050) installed\n"
                  "[  652.483305] NVRM: in this system is not supported by the 280.13 NVIDIA Linux\n"
                  "[  652.483306] NVRM: graphics driver release.  Please see 'Appendix A -")
    assert found.slug == SLUG and found.evidence["legacy_branch"] == "390.xx" and found.evidence["driver"] == "280.13"
    assert "predates" in found.message


def test_a_legacy_gpu_and_a_newer_driver_stated_in_words():
    # NVIDIA/open-gpu-kernel-modules: the issue form's version answer and the reporter's "the 1070 card"
    found = first(corpus("696-"))
    assert found.slug == SLUG and found.confidence == "likely"
    assert found.evidence["driver"] == "590.48.01" and found.evidence["legacy_branch"] == "580.xx"


def test_gpus_the_driver_drives_are_left_alone():
    # the open module's refusal of a GPU without a GSP is DRV015's, not a release that lacks the GPU
    assert SLUG not in paste_slugs("NVRM: The NVIDIA GPU 0000:af:00.0 (PCI ID: 10de:1db5)\n"
                                   "NVRM: installed in this system is not supported by open\n"
                                   "NVRM: nvidia.ko because it does not include the required GPU\n"
                                   "NVRM: System Processor (GSP).")
    # a Pascal GPU on the 580 branch that still drives it, and one nvidia-smi lists as driven
    assert SLUG not in paste_slugs("GPU: GTX 1080 Ti\nDriver Version: 580.95.05")
    facts = from_text("| NVIDIA-SMI 535.54.03   Driver Version: 535.54.03   CUDA Version: 12.2 |\n"
                      "|   0  NVIDIA GeForce RTX 3090  Off  | 00000000:01:00.0 Off |  N/A |")
    assert facts.driver.kernel_module_version == ""
    assert SLUG not in paste_slugs("driver 590.48.01, RTX 4090, CUDA 13.0")
