"""System probe: distro, kernel, CPU, memory, /dev/shm, WSL, secure boot, IOMMU and Jetson's L4T release."""

from __future__ import annotations

import re
from typing import Dict, Optional

from envcheck.host import Host
from envcheck.model import Shm, SystemFacts

NAME = "system"

# UEFI global variable GUID (UEFI specification, section 3.3 "Globally Defined Variables").
SECURE_BOOT_VAR = "/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"


def probe(host: Host, deep: bool = False) -> SystemFacts:
    facts = SystemFacts(os=host.platform)
    _distro(host, facts)
    facts.kernel = (host.read("/proc/sys/kernel/osrelease") or "").strip()
    facts.sources.append("/proc/sys/kernel/osrelease")
    facts.arch = _arch(host)
    facts.glibc = _glibc(host)
    cpuinfo = host.read("/proc/cpuinfo") or ""
    facts.cpu_model, facts.cpu_cores = parse_cpuinfo(cpuinfo)
    facts.ram_bytes = parse_meminfo(host.read("/proc/meminfo") or "").get("MemTotal")
    facts.sources += ["/proc/cpuinfo", "/proc/meminfo"]
    facts.shm = _shm(host)
    facts.wsl = detect_wsl(facts.kernel, host.read("/proc/version") or "")
    facts.secure_boot, facts.secure_boot_source = _secure_boot(host)
    facts.kernel_cmdline = (host.read("/proc/cmdline") or "").strip()
    facts.iommu, facts.iommu_source = _iommu(host, facts.kernel_cmdline)
    facts.l4t_release = parse_nv_tegra_release(host.read(NV_TEGRA_RELEASE, limit=4096) or "")
    facts.l4t_release_source = NV_TEGRA_RELEASE if facts.l4t_release else ""
    return facts


# Jetson's board support package writes its release here: "# R32 (release), REVISION: 6.1, GCID: ...".
NV_TEGRA_RELEASE = "/etc/nv_tegra_release"
NV_TEGRA_LINE = re.compile(r"#\s*R(\d+)\s*\(release\),\s*REVISION:\s*(\d+(?:\.\d+)?)")


def parse_nv_tegra_release(text: str) -> str:
    """The L4T release as "32.6.1" from /etc/nv_tegra_release's first line; "" when it is not that file."""
    found = NV_TEGRA_LINE.search(text)
    return f"{found.group(1)}.{found.group(2)}" if found else ""


def _distro(host: Host, facts: SystemFacts) -> None:
    import distro

    # Read through the host first, so a snapshot records the files distro is about to read:
    # os-release(5), and the distribution's own release files (/etc/debian_version, ...).
    for path in ("/etc/os-release", "/usr/lib/os-release"):
        if host.read(path) is not None:
            facts.sources.append(path)
            break
    for name in host.listdir("/etc"):
        if name.endswith(("-release", "_version")) and name not in ("os-release", "lsb-release"):
            host.read(f"/etc/{name}", limit=4096)
    info = distro.LinuxDistribution(include_lsb=False, include_uname=False, include_oslevel=False,
                                    root_dir=host.root if host.root != "/" else None)
    facts.distro_id = info.id()
    facts.distro_version = info.version(best=True)
    facts.distro_name = info.name(pretty=True)
    facts.distro_like = info.like()


def _arch(host: Host) -> str:
    arch = (host.read("/proc/sys/kernel/arch") or "").strip()
    if arch:
        return arch
    result = host.run(["uname", "-m"], timeout=2)
    return result.stdout.strip() if result.ok else ""


def _glibc(host: Host) -> str:
    result = host.run(["getconf", "GNU_LIBC_VERSION"], timeout=2)
    if result.ok:
        return parse_glibc(result.stdout)
    result = host.run(["ldd", "--version"], timeout=2)
    return parse_glibc(result.stdout) if result.ok else ""


def parse_glibc(text: str) -> str:
    """'glibc 2.36' (getconf) or 'ldd (Debian GLIBC 2.36-9) 2.36' (ldd) -> '2.36'."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    match = re.search(r"(\d+\.\d+(?:\.\d+)?)\s*$", first)
    return match.group(1) if match else ""


def parse_cpuinfo(text: str):
    model = ""
    cores = 0
    for line in text.splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key == "processor":
            cores += 1
        elif key in ("model name", "Model", "cpu model") and not model:
            model = value.strip()
    return model, (cores or None)


def parse_meminfo(text: str) -> Dict[str, int]:
    """/proc/meminfo as bytes ('MemTotal: 16384 kB' -> {'MemTotal': 16777216})."""
    values: Dict[str, int] = {}
    for line in text.splitlines():
        match = re.match(r"(\w+):\s+(\d+)(?:\s+kB)?", line)
        if match:
            factor = 1024 if line.rstrip().endswith("kB") else 1
            values[match.group(1)] = int(match.group(2)) * factor
    return values


def _shm(host: Host) -> Shm:
    shm = Shm(source="/proc/self/mountinfo")
    shm.mounted = any(m["mount_point"] == "/dev/shm" for m in parse_mountinfo(host.read("/proc/self/mountinfo") or ""))
    if not shm.mounted and not host.is_dir("/dev/shm"):
        shm.writable = False
        return shm
    stat = host.statvfs("/dev/shm")
    if stat:
        shm.size_bytes = stat["size"]
        shm.free_bytes = stat["free"]
    shm.writable = host.can_write("/dev/shm")
    return shm


def parse_mountinfo(text: str):
    """Rows of /proc/self/mountinfo (proc(5)): mount point, filesystem type, source, options."""
    rows = []
    for line in text.splitlines():
        left, sep, right = line.partition(" - ")
        if not sep:
            continue
        fields = left.split()
        tail = right.split()
        if len(fields) < 6 or len(tail) < 2:
            continue
        rows.append({"root": fields[3], "mount_point": fields[4].replace("\\040", " "), "options": fields[5],
                     "fstype": tail[0], "source": tail[1], "super_options": tail[2] if len(tail) > 2 else ""})
    return rows


def detect_wsl(osrelease: str, proc_version: str) -> Optional[int]:
    """WSL2 kernels say 'microsoft-standard-WSL2'; WSL1 reports a 'Microsoft' kernel string."""
    text = f"{osrelease} {proc_version}"
    if "microsoft" not in text.lower():
        return None
    return 2 if ("WSL2" in text or "microsoft-standard" in text) else 1


def _secure_boot(host: Host):
    data = host.read_bytes(SECURE_BOOT_VAR, limit=16)
    if data is not None and len(data) >= 5:
        # efivarfs files start with 4 bytes of attributes, then the variable's value.
        return ("enabled" if data[4] == 1 else "disabled"), SECURE_BOOT_VAR
    if not host.listdir("/sys/firmware"):
        return None, ""  # masked (containers) or absent (WSL): the host's firmware is not visible
    if not host.is_dir("/sys/firmware/efi"):
        return "disabled", "no /sys/firmware/efi: booted without UEFI, so no secure boot"
    result = host.run(["mokutil", "--sb-state"], timeout=3)
    if result.ok or result.stdout:
        text = (result.stdout + result.stderr).lower()
        if "secureboot enabled" in text:
            return "enabled", "mokutil --sb-state"
        if "secureboot disabled" in text:
            return "disabled", "mokutil --sb-state"
    return None, ""


def _iommu(host: Host, cmdline: str):
    if host.listdir("/sys/class/iommu"):
        return "on", "/sys/class/iommu"
    if host.listdir("/sys/kernel/iommu_groups"):
        return "on", "/sys/kernel/iommu_groups"
    if re.search(r"\b(intel_iommu|amd_iommu)=on\b", cmdline):
        return "on", "/proc/cmdline"
    if host.is_dir("/sys/class/iommu"):
        return "off", "/sys/class/iommu is empty"
    return None, ""
