"""`lspci` as pasted (`lspci | grep -i vga`, `lspci -nn`, `lspci -k`): the display controllers on
the PCI bus, and which kernel driver holds each.

"01:00.0 VGA compatible controller [0300]: NVIDIA Corporation GA102 [GeForce RTX 3090] [10de:2204] (rev a1)"
then, with -k, "	Kernel driver in use: nouveau". A listing of display controllers with no NVIDIA
one among them is evidence that the machine has no NVIDIA GPU; the Ubuntu "About" panel's
"Graphics  Mesa Intel® Xe Graphics (TGL GT2)" says the same in words.
"""

from __future__ import annotations

import re
from typing import List

from envcheck.importers._facts import mark
from envcheck.model import HostFacts, PciDevice

DEVICE = re.compile(r"^\s*((?:[0-9a-f]{4}:)?[0-9a-f]{2}:[0-9a-f]{2}\.[0-7])\s+"
                    r"(VGA compatible controller|3D controller|Display controller|Bridge)(?:\s*\[(0[36][0-9a-f]{2})\])?:"
                    r"\s*(.+)$",
                    re.I)
IDS = re.compile(r"\[([0-9a-f]{4}):([0-9a-f]{4})\]")
DRIVER_IN_USE = re.compile(r"^\s*Kernel driver in use:\s*(\S+)")
CLASS_CODES = {"vga compatible controller": "0x030000", "3d controller": "0x030200", "display controller": "0x038000",
               "bridge": "0x068000"}
# The desktop's "About" panel: only non-NVIDIA graphics named.
OTHER_GRAPHICS = re.compile(r"^\s*Graphics\s*[:=]?\s+(?:Mesa\s+)?(?:Intel|AMD|Radeon|llvmpipe)\b", re.I)


# `lspci -k` prints these under each device; a listing without any of them (plain `lspci`, `lspci -nn`) says nothing
# of which driver holds a device, so its devices' driver is unknown, not none.
DRIVER_LINES = re.compile(r"^\s*Kernel (?:driver in use|modules):", re.M)
UNKNOWN_DRIVER = "unknown"


def read(lines: List[str], facts: HostFacts, source: str) -> None:
    where = f"{source}: lspci"
    says_drivers = any(DRIVER_LINES.match(line) for line in lines)
    current = None
    for line in lines:
        match = DEVICE.match(line)
        if match:
            address, kind, _code, description = match.groups()
            current = None
            if "nvidia" not in description.lower():
                if kind.lower() != "bridge":
                    mark(facts.pci, where)  # a display controller of another vendor: seen, not an NVIDIA GPU
                continue
            mark(facts.pci, where)
            ids = IDS.findall(description)
            device_id = f"0x{ids[-1][1]}" if ids and ids[-1][0].lower() == "10de" else ""
            current = PciDevice(address=address, vendor_id="0x10de", device_id=device_id,
                                class_code=CLASS_CODES[kind.lower()],
                                kind="nvswitch" if kind.lower() == "bridge" else "gpu", source=where,
                                driver=None if says_drivers else UNKNOWN_DRIVER)
            if not any(d.address == current.address for d in facts.pci.devices):
                facts.pci.devices.append(current)
            continue
        driver = DRIVER_IN_USE.match(line)
        if driver and current is not None:
            current.driver = driver.group(1)
        elif line.strip() and not line.startswith(("\t", " ")):
            current = None
        if OTHER_GRAPHICS.match(line):
            mark(facts.pci, f"{source}: graphics named in words")
