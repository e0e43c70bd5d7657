"""Kernel and system text: /proc/driver/nvidia/version, dmesg NVRM/Xid lines, API-mismatch
messages, mokutil, docker info, Jetson's /etc/nv_tegra_release, df's line for /dev/shm, and
environment assignments such as `CUDA_VISIBLE_DEVICES=1 python train.py`."""

from __future__ import annotations

import re
from typing import List

from envcheck.importers._facts import mark, set_once
from envcheck.kernel_messages import refusing_release
from envcheck.model import ContainerToolkitTool, HostFacts, PciDevice
from envcheck.probes.docker import parse_tool_version
from envcheck.probes.driver import parse_proc_version
from envcheck.probes.system import parse_nv_tegra_release

API_MISMATCH = re.compile(r"API mismatch: the NVIDIA kernel module has version ([\d.]+),?\s*but\s*(?:this NVIDIA driver "
                          r"component has version|.*?version) ([\d.]+)", re.I)
ENV_ASSIGN = re.compile(r"(?:^|[\s;`'\"(])(?:export\s+)?(CUDA_VISIBLE_DEVICES|NVIDIA_VISIBLE_DEVICES|LD_LIBRARY_PATH|CUDA_HOME|CUDA_PATH|"
                        r"NCCL_P2P_DISABLE|NCCL_SHM_DISABLE|NCCL_IB_DISABLE|NUMBA_CUDA_DRIVER|NUMBAPRO_CUDA_DRIVER)="
                        r"(\"[^\"]*\"|'[^']*'|[^\s;`]*)")
# "NVRM: The NVIDIA GPU 0000:02:00.0 (PCI ID: 10de:1b82)": the kernel module saw this GPU on the bus,
# whatever it says next (refused by the open module, dropped by this branch, needs the open module).
NVRM_GPU = re.compile(r"NVRM: The NVIDIA GPU (?:[0-9a-f]{4}:)?([0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f])\s*\(PCI ID:\s*10de:([0-9a-f]{4})\)",
                      re.I)
# df's row for /dev/shm: "shm  64M  64M  0 100% /dev/shm" (-h: binary suffixes) or "tmpfs 65536 0 65536 0% /dev/shm"
# (1K blocks, df's default). A container's /dev/shm is the 64 MiB Docker and the kubelet give unless told otherwise.
DF_SHM = re.compile(r"^\S+\s+(\d+(?:\.\d+)?[KMGT]?)\s+(\d+(?:\.\d+)?[KMGT]?)\s+(\d+(?:\.\d+)?[KMGT]?)\s+\d+%\s+/dev/shm\s*$")
DF_UNITS = {"": 1024, "K": 1024, "M": 1024 ** 2, "G": 1024 ** 3, "T": 1024 ** 4}
PY_ENV = re.compile(r"os\.environ\[['\"](CUDA_VISIBLE_DEVICES)['\"]\]\s*=\s*['\"]([^'\"]*)['\"]")
# A variable a shell printed: "echo $TORCH_CUDA_ARCH_LIST" with its value on the next line ("5.2 6.0 6.1 7.0 7.5 8.0 8.6
# 9.0+PTX", in a report of torch's "Unknown CUDA arch (9.0+PTX)"), "echo $LD_LIBRARY_PATH" likewise.
ECHO_VARIABLE = re.compile(r"echo \$\{?(LD_LIBRARY_PATH|CUDA_HOME|CUDA_PATH|CUDA_VISIBLE_DEVICES|"
                           r"TORCH_CUDA_ARCH_LIST)\}?\s*$")
# What each one's value looks like. The importers get lines with their prompts already taken off (paste.clean_lines),
# so the next command ("$ nvidia-smi" under an unset variable's empty line) reads like a value: the shape tells them
# apart.
_PATH_VALUE = r"(?:/|[A-Za-z]:\\).*"
_DEVICE = r"(?:-?\d+|(?:GPU|MIG)-[\w/-]+)"
_ARCH = r"(?:\d+\.\d+[a-z]?|[A-Z][a-z]+)(?:\+PTX)?"
ECHOED_VALUE = {"LD_LIBRARY_PATH": _PATH_VALUE, "CUDA_HOME": _PATH_VALUE, "CUDA_PATH": _PATH_VALUE,
                "CUDA_VISIBLE_DEVICES": rf"{_DEVICE}(?:\s*,\s*{_DEVICE})*",
                "TORCH_CUDA_ARCH_LIST": rf"{_ARCH}(?:[\s;,]+{_ARCH})*"}


# A line without any of these cannot match below: skipping it keeps a 200 KB paste cheap.
KEYWORDS = ("NVRM", "Xid", "mismatch", "Secure", "Runtime", "_VISIBLE_DEVICES",
            "LD_LIBRARY_PATH", "CUDA_HOME", "CUDA_PATH", "NCCL_", "WSL", "icrosoft", "(release)", "CUDA_DRIVER",
            "nvidia-container-cli", "/dev/shm", "echo $")
# Kernel releases of WSL (uname -r, /proc/version, DKMS messages; microsoft/WSL#4555): WSL 1 has no Linux
# kernel and reports "4.4.0-<Windows build>-Microsoft"; WSL 2's own kernel is "5.10.16.3-microsoft-standard-WSL2"
# (older: "4.19.104-microsoft-standard").
WSL1_RELEASE = re.compile(r"\b4\.4\.0-(\d{5})-Microsoft\b")
WSL2_RELEASE = re.compile(r"\b(\d+\.\d+\.\d+(?:\.\d+)?-microsoft-standard(?:-WSL2)?)\b", re.I)


def read(lines: List[str], facts: HostFacts, source: str) -> None:
    for index, line in enumerate(lines):
        if not any(keyword in line for keyword in KEYWORDS):
            continue
        stripped = line.strip().strip("`")
        if "NVRM version:" in stripped:
            version, flavor = parse_proc_version(stripped[stripped.index("NVRM version:"):])
            if version:
                mark(facts.driver, f"{source}: /proc/driver/nvidia/version")
                set_once(facts.driver, "kernel_module_version", version)
                set_once(facts.driver, "kernel_module_flavor", flavor)
                set_once(facts.driver, "proc_version", stripped[stripped.index("NVRM version:"):])
        if "NVRM" in stripped or re.search(r"\bXid\b", stripped):
            mark(facts.driver, f"{source}: kernel log")
            if stripped not in facts.driver.kernel_log:
                facts.driver.kernel_log.append(stripped)
            seen_gpu = NVRM_GPU.search(stripped)
            if seen_gpu:
                _add_pci_gpu(facts, seen_gpu.group(1), seen_gpu.group(2).lower(), f"{source}: kernel log")
        mismatch = API_MISMATCH.search(stripped)
        if mismatch:
            mark(facts.driver, f"{source}: kernel log")
            set_once(facts.driver, "kernel_module_version", mismatch.group(1))
            set_once(facts.driver, "userspace_version", mismatch.group(2))
        if re.search(r"SecureBoot enabled|Secure Boot:?\s*enabled", stripped, re.I):
            mark(facts.system, f"{source}: mokutil")
            set_once(facts.system, "secure_boot", "enabled")
        l4t = parse_nv_tegra_release(stripped)
        if l4t:
            mark(facts.system, f"{source}: /etc/nv_tegra_release")
            set_once(facts.system, "l4t_release", l4t)
            set_once(facts.system, "l4t_release_source", f"{source}: /etc/nv_tegra_release")
        runtimes = re.match(r"Runtimes:\s*(.+)$", stripped)
        if runtimes:
            mark(facts.docker, f"{source}: docker info")
            facts.docker.runtimes = sorted(set(facts.docker.runtimes) | set(runtimes.group(1).split()))
            facts.docker.nvidia_runtime = "nvidia" in facts.docker.runtimes
        if re.search(r"\bnvidia-container-cli\s+(?:-V|--version)\W*$", stripped):
            # its answer on the next line: "version: 1.3.3" (before 1.9), "cli-version: 1.17.8" after
            found = parse_tool_version("\n".join(lines[index + 1:index + 2]))
            if found and not any(t.name == "nvidia-container-cli" for t in facts.docker.toolkit):
                mark(facts.docker, f"{source}: nvidia-container-cli -V")
                facts.docker.toolkit.append(ContainerToolkitTool(name="nvidia-container-cli", version=found))
        default = re.match(r"Default Runtime:\s*(\S+)", stripped)
        if default:
            mark(facts.docker, f"{source}: docker info")
            set_once(facts.docker, "default_runtime", default.group(1))
        for match in list(ENV_ASSIGN.finditer(line)) + list(PY_ENV.finditer(line)):
            mark(facts.env, f"{source}: text")
            facts.env.variables.setdefault(match.group(1), match.group(2).strip("\"'"))
        echoed = ECHO_VARIABLE.search(stripped) if "echo $" in stripped else None
        if echoed and index + 1 < len(lines):
            value = _echoed_value(echoed.group(1), lines[index + 1].strip())
            if value:
                mark(facts.env, f"{source}: text")
                facts.env.variables.setdefault(echoed.group(1), value)
        df = DF_SHM.match(stripped)
        if df and facts.system.shm.size_bytes is None:
            mark(facts.system, f"{source}: df")
            facts.system.shm.mounted = True
            facts.system.shm.size_bytes, facts.system.shm.free_bytes = _df_bytes(df.group(1)), _df_bytes(df.group(3))
            facts.system.shm.source = f"{source}: df"
        wsl1, wsl2 = WSL1_RELEASE.search(stripped), WSL2_RELEASE.search(stripped)
        if wsl1 or wsl2:
            mark(facts.system, f"{source}: kernel release")
            set_once(facts.system, "kernel", (wsl1 or wsl2).group(0))
            facts.system.wsl = facts.system.wsl or (1 if wsl1 else 2)
            if wsl1:
                set_once(facts.system, "windows_build", wsl1.group(1))
        if "WSL" in stripped and re.search(r"microsoft-standard-WSL2|\bWSL2\b", stripped):
            mark(facts.system, f"{source}: text")
            facts.system.wsl = facts.system.wsl or 2
    refusing = refusing_release(facts.driver.kernel_log)
    if refusing:  # the module that refused a GPU is the one installed, whether or not it stayed loaded
        set_once(facts.driver, "kernel_module_version", refusing)


def _echoed_value(name: str, value: str) -> str:
    """The value a shell printed for `echo $NAME` on the next line, when it has that variable's shape; "" otherwise
    (an unset variable prints an empty line, and the line after it is the next command or its output)."""
    return value if re.fullmatch(ECHOED_VALUE[name], value) else ""


def _df_bytes(size: str) -> int:
    """A size as df prints it, in bytes: "64M" with -h, a count of 1K blocks without."""
    return int(float(size.rstrip("KMGT")) * DF_UNITS[size[-1] if size[-1] in "KMGT" else ""])


def _add_pci_gpu(facts: HostFacts, address: str, device_id: str, source: str) -> None:
    """A GPU the kernel log names by bus address and PCI ID, unless the PCI facts already list it."""
    if any(d.address.endswith(address) for d in facts.pci.devices):
        return
    mark(facts.pci, source)
    facts.pci.devices.append(PciDevice(address=address, vendor_id="10de", device_id=device_id, kind="gpu",
                                       source=source))
