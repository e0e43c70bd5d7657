"""The NVIDIA kernel module's own messages (NVRM lines of dmesg, journalctl, a pasted kernel log), read into
values. Kept apart from the probes, the paste importers and the rules because all three read them."""

from __future__ import annotations

import re
from typing import List

# The module names its own release when it refuses a GPU. A GPU only a legacy branch drives: "The 595.58.03 NVIDIA
# driver will ignore this GPU". A GPU this release does not know: "is not supported by the NVIDIA 515.57 driver
# release"; before 375, "is not supported by the 370.28 NVIDIA Linux driver release" (2011's 280.13: "... NVIDIA
# Linux graphics driver release").
NVRM_REFUSING_RELEASE = re.compile(r"\bThe (\d{2,3}\.\d+(?:\.\d+)?) NVIDIA driver will ignore\b|"
                                   r"\bnot supported by the (?:NVIDIA )?(\d{2,3}\.\d+(?:\.\d+)?) (?:NVIDIA )?(?:Linux )?"
                                   r"(?:graphics )?driver release\b")
# "NVRM: The NVIDIA GPU 0000:02:00.0 (PCI ID: 10de:1b82)": the GPU a refusal (by this release, or by the open module)
# is about.
NVRM_REFUSED_GPU = re.compile(r"PCI ID:\s*10de:([0-9a-f]{4})", re.I)
# "is supported through the NVIDIA 580.xx Legacy drivers" (a doubled "the NVIDIA the NVIDIA 340.xx" in some releases),
# and as users quote it from memory: "is supported by NVIDIA 580.xx Legacy drivers" (a NixOS 26.05 user, corpus 21752).
NVRM_LEGACY_BRANCH = re.compile(r"supported (?:through|by) (?:the )?(?:NVIDIA )?(?:the NVIDIA )?([\d.]+\.xx) Legacy "
                                r"drivers", re.I)


def nvrm_text(lines: List[str]) -> str:
    """The kernel module's messages as one text. NVRM splits a message over lines, each with its own
    prefix ("...is not supported by the" / "NVRM: NVIDIA 515.57 driver release."), so a message
    reads whole only once the prefixes, timestamps and line breaks between its parts are gone."""
    parts = [line.split("NVRM:", 1)[1] for line in lines if "NVRM:" in line]
    return re.sub(r"\s+", " ", " ".join(parts)).strip()


def refusing_release(lines: List[str]) -> str:
    """The driver release that says, in the kernel log, it will not drive a GPU ("" when none does)."""
    return release_refusing_in(nvrm_text(lines))


def release_refusing_in(text: str) -> str:
    """The release a refusal names in joined text (the kernel log's, or the message quoted in a sentence)."""
    found = NVRM_REFUSING_RELEASE.search(text)
    return (found.group(1) or found.group(2)) if found else ""


def refused_pci_ids(lines: List[str]) -> List[str]:
    """The PCI device ids ("1b82") the kernel module's messages name, each once, in their order."""
    return list(dict.fromkeys(m.group(1).lower() for m in map(NVRM_REFUSED_GPU.search, lines) if m))
