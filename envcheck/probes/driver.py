"""Driver probe: the NVIDIA kernel module, its user-space libraries, and fabric manager.

Kernel side and user side are read separately on purpose: when they disagree (an upgrade
without a reboot), NVML fails with "Driver/library version mismatch", and the rule needs both
versions to say so.
"""

from __future__ import annotations

import posixpath
import re
from typing import List, Optional

from envcheck.host import Host
from envcheck.kernel_messages import refusing_release
from envcheck.model import ABSENT, DriverFacts, FabricManager
from envcheck.probes import _loader, container, pci

NAME = "driver"
MODULES = ("nvidia", "nvidia_uvm", "nvidia_drm", "nvidia_modeset", "nvidia_peermem", "nouveau")
PROC_VERSION = "/proc/driver/nvidia/version"
KERNEL_LOG_LINES = 200


def probe(host: Host, deep: bool = False) -> DriverFacts:
    facts = DriverFacts(sources=["/sys/module/nvidia/version", PROC_VERSION, "/proc/modules", "/dev"])
    facts.kernel_module_version = (host.read("/sys/module/nvidia/version") or "").strip()
    if facts.kernel_module_version:
        facts.kernel_module_source = "/sys/module/nvidia/version"
    proc = host.read(PROC_VERSION) or ""
    facts.proc_version = proc.splitlines()[0].strip() if proc.strip() else ""
    parsed_version, flavor = parse_proc_version(proc)
    if not facts.kernel_module_version and parsed_version:
        facts.kernel_module_version = parsed_version
        facts.kernel_module_source = PROC_VERSION
    facts.kernel_module_flavor = flavor or _flavor_from_license(host)
    loaded = parse_proc_modules(host.read("/proc/modules") or "")
    facts.loaded_modules = {name: name in loaded for name in MODULES}
    facts.device_nodes = [posixpath.join("/dev", n) for n in host.listdir("/dev") if n.startswith("nvidia")]
    dirs = _loader.loader_dirs(host) + [_loader.WSL_LIB]
    facts.userspace_libraries = (_loader.find_shared_objects(host, "libnvidia-ml", dirs)
                                 + _loader.find_shared_objects(host, "libcuda", dirs))
    facts.userspace_version = userspace_version(facts.userspace_libraries)
    kernel = (host.read("/proc/sys/kernel/osrelease") or "").strip()
    facts.modules_for_running_kernel = modules_for_kernel(host, kernel)
    facts.nouveau_blacklisted = nouveau_blacklisted(host)
    facts.fabric_manager = fabric_manager(host)
    facts.kernel_log = kernel_log(host)
    refusing = "" if facts.kernel_module_version else refusing_release(facts.kernel_log)
    if refusing:  # the module refused every GPU and did not stay loaded: its refusal names the release installed
        facts.kernel_module_version, facts.kernel_module_source = refusing, "dmesg"
    nvidia_loaded = any(on for name, on in facts.loaded_modules.items() if name != "nouveau")
    if not (facts.kernel_module_version or facts.userspace_libraries or nvidia_loaded):
        facts.status = ABSENT
        facts.reason = "no NVIDIA kernel module loaded and no NVIDIA driver library (libcuda, libnvidia-ml) found"
    return facts


def parse_proc_version(text: str):
    """First line of /proc/driver/nvidia/version -> (version, "open" | "proprietary" | None).

    Proprietary: 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar ...'
    Open:        'NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  550.54.15  Release Build ...'
    """
    first = text.strip().splitlines()[0] if text.strip() else ""
    match = re.search(r"Kernel Module(?: for \S+)?\s+(\d+\.\d+(?:\.\d+)?)", first)
    version = match.group(1) if match else ""
    flavor: Optional[str] = None
    if "Open Kernel Module" in first:
        flavor = "open"
    elif "Kernel Module" in first:
        flavor = "proprietary"
    return version, flavor


def _flavor_from_license(host: Host) -> Optional[str]:
    # The open modules are dual MIT/GPL; the proprietary ones say "NVIDIA" (modinfo -F license).
    text = host.read("/sys/module/nvidia/license")
    if text is None:
        return None
    return "open" if "GPL" in text else "proprietary"


def parse_proc_modules(text: str) -> List[str]:
    return [line.split()[0] for line in text.splitlines() if line.strip()]


def userspace_version(libraries) -> str:
    """The driver version from libnvidia-ml.so.550.54.15 (or libcuda.so.550.54.15)."""
    for lib in libraries:
        # Driver versions start with the branch (535, 550, ...); WSL's libcuda.so.1.1 is not one.
        major = lib.version.split(".", 1)[0]
        if lib.version.count(".") >= 1 and major.isdigit() and int(major) >= 100:
            return lib.version
    return ""


def modules_for_kernel(host: Host, kernel: str) -> List[str]:
    """nvidia*.ko files that depmod knows for the running kernel (modules.dep)."""
    if not kernel:
        return []
    text = host.read(f"/lib/modules/{kernel}/modules.dep", limit=16 * 1024 * 1024)
    if text is None:
        return []
    found = []
    for line in text.splitlines():
        path = line.split(":", 1)[0]
        if re.search(r"(^|/)(nvidia[\w-]*)\.ko(\.\w+)?$", path):
            found.append(path)
    return found


def nouveau_blacklisted(host: Host) -> Optional[bool]:
    cmdline = host.read("/proc/cmdline") or ""
    if re.search(r"(modprobe\.blacklist|rd\.driver\.blacklist)=\S*nouveau|nouveau\.modeset=0", cmdline):
        return True
    for folder in ("/etc/modprobe.d", "/usr/lib/modprobe.d", "/lib/modprobe.d"):
        for name in host.listdir(folder):
            if not name.endswith(".conf"):
                continue
            text = host.read(posixpath.join(folder, name)) or ""
            if re.search(r"^\s*blacklist\s+nouveau\b", text, re.M):
                return True
    return False


# The kernel keeps 15 characters of a process name in /proc/PID/comm (TASK_COMM_LEN is 16 with
# the NUL), so the daemon nv-fabricmanager shows there as "nv-fabricmanage".
FM_BINARY = "nv-fabricmanager"
COMM_LENGTH = 15


def fabric_manager(host: Host) -> FabricManager:
    """Only NVSwitch systems need fabric manager; elsewhere the answer stays unknown.

    Whether it runs is a hint from the process table; cuInit's answer (802 or 0) is the ground
    truth the rules prefer. Inside a container the host's processes are not visible, so there
    `running` stays unknown rather than false.
    """
    if not any(d.kind == "nvswitch" for d in pci.nvidia_devices(host)):
        return FabricManager()
    fm = FabricManager(source="nv-fabricmanager on PATH, /usr/bin; /proc/*/comm, cmdline, exe")
    binary = host.which(FM_BINARY) or (f"/usr/bin/{FM_BINARY}" if host.exists(f"/usr/bin/{FM_BINARY}") else None)
    fm.installed = binary is not None
    if container.probe(host).inside:
        fm.source += "; process scan skipped inside a container (the host's processes are not visible)"
    else:
        fm.running = any(is_fabric_manager(host, pid) for pid in host.listdir("/proc") if pid.isdigit())
    if binary:
        result = host.run([binary, "--version"], timeout=3)
        match = re.search(r"(\d+\.\d+\.\d+)", result.stdout)
        fm.version = match.group(1) if match else ""
    return fm


def is_fabric_manager(host: Host, pid: str) -> bool:
    """The process is nv-fabricmanager: by its (truncated) comm, else argv[0] or the exe link."""
    comm = (host.read(f"/proc/{pid}/comm", limit=64) or "").strip()
    if comm == FM_BINARY[:COMM_LENGTH]:
        return True
    argv0 = (host.read(f"/proc/{pid}/cmdline", limit=4096) or "").split("\0", 1)[0]
    exe = host.readlink(f"/proc/{pid}/exe") or ""
    return FM_BINARY in (posixpath.basename(argv0), posixpath.basename(exe))


def kernel_log(host: Host) -> List[str]:
    """NVRM and Xid lines from the kernel ring buffer (dmesg needs root; failure is fine)."""
    result = host.run(["dmesg"], timeout=3)
    if not result.ok:
        return []
    lines = [line for line in result.stdout.splitlines() if "NVRM" in line or "nvidia" in line.lower()]
    return lines[-KERNEL_LOG_LINES:]
