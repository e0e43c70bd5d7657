"""Driver rules (DRV): the NVIDIA kernel module, its user-space half, and what cuInit says."""

from __future__ import annotations

import re
from typing import Iterable, List, Optional, Tuple

from packaging.version import InvalidVersion

from envcheck.matrix import QueryError, variant_cuda, version
from envcheck.rules import Context, Hit, first_match, older_than, rule
from envcheck.rules.container import (CUDA_SEES_NO_GPU, DRIVER_LIBRARY_NOT_FOUND, FLATPAK, GL_FELL_BACK_TO_MESA,
                                      NO_LIBCUDA_RUNTIME_SAYS, OPTIX_FAILED_TO_START, OPTIX_LIBRARY_NOT_FOUND,
                                      VIDEO_LIBS_MISSING, WSL_WORD, image_driver_libs_mismatch,
                                      in_container, named_symbol_at_init_in_container, runs_without_gpus)
from envcheck.rules.frameworks import APPLE_SILICON, JAX_CUDA_ASKED
from envcheck.rules.gpu import on_a_mac, said_no_gpu
from envcheck.rules.libraries import NVML_STUB
from envcheck.rules.system import (NATIVE_WINDOWS, VULKAN_ICD_SKIPPED, WSL_GUIDE, driver_libs_outside_ldcache,
                                   on_native_windows, under_wsl)
from envcheck.rules.toolkit import DRIVER_JIT_PTX, PTX_VERSIONS
from envcheck import distro as _distro
from envcheck.images import REQUIRED_CUDA
from envcheck.importers.nvidia_smi import HEADER as SMI_HEADER
from envcheck.importers.reports import WARP_SOURCE
from envcheck.libcuda import version_string
from envcheck.kernel_messages import NVRM_LEGACY_BRANCH, nvrm_text, refused_pci_ids, release_refusing_in
from envcheck.model import PROSE_SOURCE

MODULE_DOCS = "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/index.html"
TOOLKIT_PREREQUISITES = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"
# TensorFlow's diagnosis after a failed cuInit: it reads /proc/driver/nvidia/version, a file only a loaded nvidia
# module provides ("kernel driver does not appear to be running on this host (name): /proc/driver/nvidia/version
# does not exist"). A container started without the GPU has no such file either, and WSL never has one.
MODULE_NOT_RUNNING = r"kernel driver does not appear to be running on this host"
# NVML's NVML_ERROR_DRIVER_NOT_LOADED in its users' words: the container toolkit's CLI, which runs on the host before
# the container starts ("nvidia-container-cli: initialization error: nvml error: driver not loaded"), pynvml's
# exception class, nvitop's "NVML ERROR: Driver Not Loaded".
NVML_DRIVER_NOT_LOADED = r"nvml error:\s*driver not loaded|NVMLError_DriverNotLoaded|NVML ERROR:\s*Driver Not Loaded"
HOST_NVML_DRIVER_NOT_LOADED = r"nvidia-container-cli:\s*initiali[sz]ation error:\s*nvml error:\s*driver not loaded"

# CUresult codes of the CUDA driver API (cuda.h) that envcheck explains.
CUDA_ERRORS = {
    3: ("CUDA_ERROR_NOT_INITIALIZED", "the driver API was not initialised; usually a symptom of another failure"),
    34: ("CUDA_ERROR_STUB_LIBRARY", "a stub libcuda (from the toolkit's stubs/ folder) was loaded instead of the "
                                    "driver's; remove the stubs folder from LD_LIBRARY_PATH"),
    46: ("CUDA_ERROR_DEVICES_UNAVAILABLE", "every GPU is busy or unavailable (exclusive-process compute mode, "
                                          "or a MIG/vGPU configuration without an instance for you)"),
    100: ("CUDA_ERROR_NO_DEVICE", "the driver sees no GPU (none present, or CUDA_VISIBLE_DEVICES hides them)"),
    101: ("CUDA_ERROR_INVALID_DEVICE", "a device ordinal that does not exist was asked for"),
    802: ("CUDA_ERROR_SYSTEM_NOT_READY", "the system is not ready: on NVSwitch systems, fabric manager is not "
                                         "running or not at the driver's version"),
    803: ("CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", "the kernel module and the user-space driver library differ"),
    804: ("CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", "a CUDA forward-compatibility package is in use on a GPU "
                                                      "that does not support it (forward compatibility is for "
                                                      "datacenter GPUs); remove the cuda-compat libraries from "
                                                      "the library path"),
    999: ("CUDA_ERROR_UNKNOWN", "an unexpected driver failure: most often nvidia-uvm, lost after suspend/resume "
                                "(reload it or reboot) or absent (not loaded on the host, or /dev/nvidia-uvm not "
                                "passed into the container)"),
}


@rule("DRV001", "driver-not-loaded", "error", "An NVIDIA GPU is present but no NVIDIA driver is loaded",
      signatures=(r"Found no NVIDIA driver on your system", MODULE_NOT_RUNNING, NVML_DRIVER_NOT_LOADED), priority=20,
      references=(MODULE_DOCS,))
def driver_not_loaded(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `nvidia-smi` is missing or says "NVIDIA-SMI has failed because it couldn't communicate with the
    NVIDIA driver"; PyTorch says "Found no NVIDIA driver on your system"; TensorFlow says "kernel
    driver does not appear to be running on this host (name): /proc/driver/nvidia/version does not
    exist"; NVML says "Driver Not Loaded", and every GPU container fails to start with
    "nvidia-container-cli: initialization error: nvml error: driver not loaded", often after a
    kernel update the module was not built or installed for.

    Why:
    The GPU is on the PCI bus but no NVIDIA kernel module is bound to it: the driver was never
    installed, or it is installed and was not loaded (modprobe refuses a module that no longer fits
    the kernel: "Unknown symbol in module"). Inside a container started without the GPU, or under
    WSL, that file is missing for other reasons, named by other rules.

    Fix:
    Install the driver for your distribution (or load it with `sudo modprobe nvidia`) and reboot.

    When to ignore:
    The GPU is passed through to a virtual machine (bound to vfio-pci) on purpose.
    """
    f = ctx.facts
    unbound = [d for d in f.pci.devices if d.kind == "gpu" and d.driver in (None, "")]
    loaded = f.driver.loaded_modules.get("nvidia")
    if unbound and not loaded and not f.driver.loaded_modules.get("nouveau"):
        installed = bool(f.driver.userspace_libraries or f.driver.modules_for_running_kernel)
        fix = (["sudo modprobe nvidia", "nvidia-smi"] if installed
               else _distro.install_driver(ctx.distro))
        yield Hit(f"{len(unbound)} NVIDIA GPU(s) on the PCI bus ({', '.join(d.address for d in unbound)}) have no "
                  f"driver bound" + (": the driver is installed but its module is not loaded" if installed
                                     else ": no NVIDIA driver is installed"),
                  evidence={"pci.devices": [f"{d.address} {d.device_id} driver={d.driver}" for d in unbound],
                            "driver.loaded_modules.nvidia": loaded,
                            "driver.userspace_libraries": [lib.path for lib in f.driver.userspace_libraries]},
                  fix=fix)
    elif ctx.observed([HOST_NVML_DRIVER_NOT_LOADED]) or (ctx.observed([NVML_DRIVER_NOT_LOADED])
                                                         and not in_container(ctx)):
        # the toolkit's CLI asks NVML on the host, before the container exists: the host's module is not loaded
        yield Hit("NVML says the NVIDIA kernel driver is not loaded"
                  + (" on the host: the container toolkit could not start a GPU container"
                     if ctx.observed([HOST_NVML_DRIVER_NOT_LOADED]) else ""),
                  evidence={"observed": ctx.observed([NVML_DRIVER_NOT_LOADED])[0].strip()[:200]},
                  fix=["nvidia-smi  # on the host: it fails the same way",
                       "lsmod | grep nvidia; sudo modprobe nvidia  # its error says why it does not load",
                       "after a kernel update: install the driver's module for the running kernel "
                       "(Ubuntu: linux-modules-nvidia-<branch>-$(uname -r); DKMS: sudo dkms autoinstall) and reboot"])
    elif seen and ctx.has_nvidia_gpu() and not (f.driver.proc_version and in_container(ctx)):
        # in a container whose /proc shows the host's module the driver is loaded: the runtime did not mount it (CTR003)
        yield Hit("The framework found no NVIDIA driver although a GPU is present", fix=_distro.install_driver(ctx.distro))
    elif ctx.observed([MODULE_NOT_RUNNING]) and not in_container(ctx) and not f.system.wsl \
            and not ctx.observed([WSL_WORD]):
        yield Hit("No NVIDIA kernel module is running on this host: /proc/driver/nvidia/version, which the loaded module "
                  "provides, does not exist", evidence={"observed": ctx.observed([MODULE_NOT_RUNNING])[:1]},
                  fix=["lsmod | grep nvidia  # nothing listed: the module is not loaded",
                       "sudo modprobe nvidia  # its error says why it does not load; dmesg says more",
                       "reinstall the driver (or rebuild its module with DKMS) when modprobe says 'Unknown symbol' "
                       "or 'not found': the module no longer fits the running kernel"])


@rule("DRV002", "nouveau-bound", "error", "The open-source nouveau driver holds the GPU",
      signatures=(r"Kernel driver in use: nouveau", r"Nouveau kernel driver is currently in use",
                  r"nouveau.*(is loaded|in use)"), priority=10)
def nouveau_bound(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The NVIDIA installer stops with "ERROR: The Nouveau kernel driver is currently in use by your
    system"; `lspci -k` shows "Kernel driver in use: nouveau"; CUDA finds no device.

    Why:
    nouveau (the reverse-engineered open-source driver) and NVIDIA's driver cannot both own the
    GPU. CUDA only works with NVIDIA's driver.

    Fix:
    Blacklist nouveau, rebuild the initramfs, install NVIDIA's driver, reboot.

    When to ignore:
    The machine is a desktop that does not need CUDA on this GPU.
    """
    f = ctx.facts
    held = [d for d in f.pci.devices if d.kind == "gpu" and d.driver == "nouveau"]
    if held or f.driver.loaded_modules.get("nouveau") or seen:
        yield Hit("nouveau is bound to the NVIDIA GPU" + (f" ({', '.join(d.address for d in held)})" if held else ""),
                  evidence={"pci.devices": [f"{d.address} driver={d.driver}" for d in held],
                            "driver.loaded_modules.nouveau": f.driver.loaded_modules.get("nouveau"),
                            "driver.nouveau_blacklisted": f.driver.nouveau_blacklisted},
                  fix=_distro.blacklist_nouveau(ctx.distro) + _distro.install_driver(ctx.distro)[:-1])


MODULE_REFUSED = (r"Key was rejected by service", r"Required key not available")
# The kernel refusing a module in the plainer words of EPERM: the .run installer's "Kernel module load
# error: Operation not permitted", modprobe's "could not insert 'nvidia': Operation not permitted". With
# Secure Boot stated on in the same report (the installer says "This system also has UEFI Secure Boot
# enabled"), that is the unsigned module refused.
MODULE_EPERM = r"(?:Kernel module load error|could not insert 'nvidia\w*'):? Operation not permitted"
SECURE_BOOT_ON = r"UEFI Secure Boot enabled|SecureBoot enabled|Secure ?Boot(?: state)?:? enabled"


@rule("DRV003", "secure-boot-blocks-module", "error", "Secure Boot refuses the unsigned NVIDIA module",
      signatures=(r"Key was rejected by service", r"Required key not available",
                  r"SecureBoot enabled", MODULE_EPERM), priority=12)
def secure_boot_blocks_module(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `sudo modprobe nvidia` fails with "modprobe: ERROR: could not insert 'nvidia': Key was rejected
    by service"; nvidia-smi "couldn't communicate with the NVIDIA driver"; the .run installer (and
    the GPU Operator's driver container, which runs it) "Kernel module load error: Operation not
    permitted" after it said "This system also has UEFI Secure Boot enabled".

    Why:
    With UEFI Secure Boot on, the kernel loads only modules signed by a key it trusts. A DKMS-built
    NVIDIA module is signed with a machine owner key (MOK) that must be enrolled first.

    Fix:
    Enroll the MOK the driver package created (`sudo mokutil --import /var/lib/shim-signed/mok/MOK.der`,
    then confirm in the blue MOK manager at the next boot), or disable Secure Boot in the firmware.

    When to ignore:
    Never while the module fails to load; it is harmless once the key is enrolled.
    """
    f = ctx.facts
    installed = bool(f.driver.userspace_libraries or f.driver.modules_for_running_kernel)
    not_loaded = f.driver.loaded_modules.get("nvidia") is False
    # The kernel refused the module: only these say so. "module verification failed: signature
    # and/or required key missing - tainting kernel" is the opposite: the module loaded (unsigned,
    # with Secure Boot off); it and "SecureBoot enabled" are context, not a refusal.
    refused = ctx.observed(MODULE_REFUSED) or (ctx.observed([MODULE_EPERM]) and ctx.observed([SECURE_BOOT_ON]))
    # With the module's state unknown (a paste), a driver that does not answer on a machine with Secure
    # Boot on points here first: DRV007, which the same words would otherwise name, steps aside for it.
    down = f.system.secure_boot == "enabled" and not f.driver.loaded_modules.get("nvidia") and \
        ctx.observed((r"couldn't communicate with the NVIDIA driver", r"Module nvidia not found|could not insert 'nvidia'"))
    if (f.system.secure_boot == "enabled" and installed and not_loaded) or refused or down:
        yield Hit("Secure Boot is on and the NVIDIA module is not loaded: its signing key is not trusted",
                  evidence={"system.secure_boot": f.system.secure_boot, "driver.loaded_modules.nvidia":
                            f.driver.loaded_modules.get("nvidia"), "secure_boot_source": f.system.secure_boot_source},
                  fix=["mokutil --sb-state",
                       "sudo mokutil --import /var/lib/shim-signed/mok/MOK.der  # Ubuntu/Debian DKMS key",
                       "sudo reboot  # enroll the key in the MOK manager, then: sudo modprobe nvidia"])


# cuInit's 803 (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH) in its message's words.
SYSTEM_DRIVER_MISMATCH_TEXT = r"unsupported display driver\s*/\s*cuda driver combination"
# NVIDIA's forward-compatibility libcuda (the cuda-compat package, /usr/local/cuda/compat) in use.
COMPAT_LIBRARIES = (r"\bcuda-compat\b", r"/cuda(?:-[\d.]+)?/compat\b", r"forward compatibility was attempted",
                    r"\bError 804\b", r"CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE")


# TensorFlow's and XLA's CUDA diagnostics (cuda_diagnostics.cc), which read both versions: "kernel version 515.48.7
# does not match DSO version 510.73.5 -- cannot find working devices in this configuration".
KERNEL_DSO_MISMATCH = re.compile(r"kernel version (\d+\.\d+(?:\.\d+)?) does not match DSO version (\d+\.\d+(?:\.\d+)?)")


# NVML's return code by its name, as bindings print it: NVML_ERROR_LIB_RM_VERSION_MISMATCH (18, nvml.h: "RM detects a
# driver/library version mismatch"; tensorpack's NvmlException, tensorpack/tensorpack#1244) and pynvml's exception
# class NVMLError_LibRmVersionMismatch.
NVML_MISMATCH = (r"Driver/library version mismatch|NVML/RM version mismatch|NVML_ERROR_LIB_RM_VERSION_MISMATCH|"
                 r"NVMLError_LibRmVersionMismatch")
# nvidia-smi's header (the importer's HEADER) gives its own version and the driver's (from NVML); one install makes
# them equal. Two that
# differ in the same form mean the tools came from another install than the driver (Paddle#18602: "NVIDIA-SMI
# 410.48  Driver Version: 410.104", settled by reinstalling 410.104). On WSL the driver is the Windows one, in its own
# numbering and branch ("NVIDIA-SMI 525.60.12  Driver Version: 528.24", "NVIDIA-SMI 530.47  Driver Version: 531.68"):
# not a mismatch.
# nvidia-smi's own warning when the NVML it loaded is not its release (Bruce-Lee-LY/cuda_hook#15).
SMI_NVML_MISMATCH = r"Mismatch in versions between nvidia-smi and NVML"


# The open kernel module checking the GSP firmware file against its own release at start: "NVRM: GPU0
# _kgspFwContainerVerifyVersion: GSP firmware image version mismatch: got version 595.71.05, expected version 595.58.03"
# (Nobara's dkms-nvidia package building a module from older sources than its firmware, Nobara-Project/rpm-sources#526;
# the same check in notes on GSP start-up stored on GitHub). The module is the "expected" release. The kernel log
# often wraps the line after "mismatch:", so the versions are read from the lines that follow it.
GSP_FIRMWARE_MISMATCH = re.compile(r"GSP firmware image version mismatch:")
GSP_FIRMWARE_VERSIONS = re.compile(r"got version (\d+\.\d+(?:\.\d+)?), expected version (\d+\.\d+(?:\.\d+)?)")


@rule("DRV004", "driver-library-mismatch", "error", "Kernel module and user-space driver are different versions",
      signatures=(NVML_MISMATCH,
                  r"API mismatch: the (?:NVIDIA kernel module|client) has (?:the )?version",
                  # the kernel's line cut short, as people quote it: "Dmesg will show `NVRM: Api mismatch`"
                  r"\bNVRM: (?i:API) mismatch\b", GSP_FIRMWARE_MISMATCH.pattern,
                  r"CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", SYSTEM_DRIVER_MISMATCH_TEXT, KERNEL_DSO_MISMATCH.pattern,
                  SMI_NVML_MISMATCH),
      priority=5)
def driver_library_mismatch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "Failed to initialize NVML: Driver/library version mismatch" from nvidia-smi; "NVRM: API
    mismatch: the NVIDIA kernel module has version X, but this NVIDIA driver component has version Y"
    in dmesg; cuInit returns 803; nvidia-smi's header with two versions ("NVIDIA-SMI 410.48  Driver
    Version: 410.104") or its "Mismatch in versions between nvidia-smi and NVML"; NVML's code by name
    from a binding ("NvmlException: NVML_ERROR_LIB_RM_VERSION_MISMATCH"). The open module
    refusing the GSP firmware of another release: "GSP firmware image version mismatch: got version
    595.71.05, expected version 595.58.03".

    Why:
    The driver packages were upgraded (often by unattended-upgrades) while the old kernel module
    stayed loaded. User-space libraries and kernel module must be the same version.

    Fix:
    Reboot, or unload and reload the NVIDIA modules when no process uses the GPU.

    When to ignore:
    Never: nothing that uses the GPU starts until they match.
    """
    f = ctx.facts
    kernel, user = f.driver.kernel_module_version, f.driver.userspace_version
    nvml_said = [line for line in seen if re.search(NVML_MISMATCH, line, re.I)]
    smi_said = any(re.search(SMI_NVML_MISMATCH, line, re.I) for line in seen)
    if seen and not (kernel and user) and ctx.observed(COMPAT_LIBRARIES) and not nvml_said:
        # a forward-compatibility libcuda, not a half-upgraded driver: cuda-init-failed explains it. (A libcuda newer
        # than the loaded module also reads as a forward-compatibility attempt, error 804; NVML, which no cuda-compat
        # package replaces, then says "Driver/library version mismatch" too, and that settles it.)
        return
    if seen and not (kernel and user) and ctx.shared("image_driver_libs_mismatch", image_driver_libs_mismatch):
        return  # the host's driver agrees with itself: the image's own libraries disagree with it (CTR006)
    if seen and not (kernel and user) and ctx.shared("image_libcuda_newer", _image_libcuda_newer_than_host):
        return  # the host's driver agrees with itself: an image's newer forward-compatibility libcuda (DRV005)
    if first_match(GSP_FIRMWARE_MISMATCH, seen):
        firmware = first_match(GSP_FIRMWARE_VERSIONS, ctx.observed([GSP_FIRMWARE_VERSIONS.pattern]))
        got, expected = firmware.groups() if firmware else ("", "")
        yield Hit((f"The GSP firmware file is release {got} and the kernel module {expected}" if firmware else
                   "The GSP firmware file is of another release than the kernel module") +
                  ": the module refuses it, so the GPU does not start; the two came from different driver releases",
                  evidence={"gsp_firmware": got, "kernel_module": expected}, confirmed=True,
                  fix=["modinfo -F version nvidia; ls /lib/firmware/nvidia/  # the module's release, and the "
                       "firmware releases installed",
                       "install the kernel module and the firmware of one driver release (with DKMS or akmods, "
                       "rebuild the module from the sources of the installed release), then reboot"])
        return
    said = first_match(KERNEL_DSO_MISMATCH, seen)
    if said and not (kernel and user):
        kernel, user = said.group(1), said.group(2)
    nvml_says = "VERSION_MISMATCH" in f.gpus.nvml_error or "version mismatch" in f.gpus.nvml_error.lower()
    tools = _smi_header_mismatch(ctx)
    if tools and not (kernel and user and kernel != user) and not nvml_says and not said:
        yield Hit(f"nvidia-smi is release {tools[0]} but the driver is {tools[1]}: the driver's tools come from "
                  "another install than the driver itself", evidence={"nvidia_smi": tools[0], "driver": tools[1],
                                                             "observed": tools[2]},
                  priority=70, fix=[f"Reinstall driver {tools[1]} whole (the same .run installer or the same "
                                       "packages), removing the other release's files",
                                       "nvidia-smi  # the header's two versions agree"])
        return
    if (kernel and user and kernel != user) or nvml_says or f.cuda.driver_api.cuinit_code == 803 or seen:
        if kernel and user and kernel != user:
            message = f"the loaded kernel module is {kernel} but the user-space driver is {user}"
        elif smi_said and not (nvml_said or nvml_says):
            message = ("nvidia-smi loaded an NVML (libnvidia-ml) of another release than its own: the driver's files "
                       "come from two installs")
        else:
            message = "NVML reports a driver/library version mismatch"
        evidence = ({"kernel_version (CUDA diagnostics)": kernel, "dso_version (CUDA diagnostics)": user} if said and
                    not (f.driver.kernel_module_version and f.driver.userspace_version) else
                    {"driver.kernel_module_version": kernel, "driver.userspace_version": user})
        yield Hit(message, evidence={**evidence, "gpus.nvml_error": f.gpus.nvml_error},
                  fix=_distro.reboot_or_reload())


# The entrypoint of NVIDIA's NGC images (PyTorch, TensorFlow, Triton, TensorRT-LLM) compares the host driver with the
# one the image's CUDA needs and, when the image's forward-compatibility libraries cannot stand in, says: "ERROR: This
# container was built for NVIDIA Driver Release 535.86 or later, but version 510.85.02 was detected and compatibility
# mode is UNAVAILABLE." The version is empty when the container sees no driver at all (started without the GPUs).
# Images of 2018-2019 name a branch alone ("Release 410 or later"); a paste that lost the line break keeps
# "butversion" (LlamaFactory#5962).
NGC_DRIVER_CHECK = re.compile(r"This container was built for NVIDIA Driver Release (\d+(?:\.\d+)?)\S* or later,?\s*but"
                              r"(?:\s*version\s+(\d+\.\d+(?:\.\d+)?)?\s*was detected)?")
NGC_COMPATIBILITY = "https://docs.nvidia.com/deploy/cuda-compatibility/"
# An NGC framework image named with its monthly release: nvcr.io/nvidia/tritonserver:21.10-py3-sdk,
# nvcr.io/nvidia/pytorch:24.01-py3. Its release notes (matrices/ngc.toml) state the driver it needs.
NGC_RELEASE_IMAGE = re.compile(r"\bnvcr\.io/nvidia/((?:[\w.-]+/)*[\w.-]+):(\d{2}\.\d{2})((?:\.\d+)?(?:-[\w.-]+)?)")


# cudaErrorInsufficientDriver as ethminer and its forks print it, with the driver's own CUDA version from
# cudaDriverGetVersion: "Error: Insufficient CUDA driver: 9010" (the driver runs CUDA 9.1).
INSUFFICIENT_DRIVER_CUDA = re.compile(r"Insufficient CUDA driver: (\d{4,5})\b", re.I)
# The same error by its number alone, as deviceQuery and ggml print a runtime call's result: "cudaGetDeviceCount
# returned 35" (cudaErrorInsufficientDriver is 35 in every CUDA release's driver_types.h).
# Paddle names it by the number too, before the runtime's words: "(External) Cuda error(35), CUDA driver version is
# insufficient for CUDA runtime version." (Paddle's own test of the message); a report retyping the words keeps the
# number. Paddle 1.x put the number after the call that failed: "cudaGetDeviceCount failed in
# paddle::platform::GetCUDADeviceCountImpl, error code : 35" (the same line says "error code : 3" for an initialization
# error, PaddlePaddle/Paddle#22467).
# xmr-stak's NVIDIA backend and the miners built from it name it in their own words: "WARNING: NVIDIA Insufficient
# driver!" (its cuda_get_devicecount prints this for cudaErrorInsufficientDriver, beside "NVIDIA no CUDA device found!"
# for cudaErrorNoDevice).
INSUFFICIENT_DRIVER_CODE = (r"\bcuda[A-Z]\w*(?:\(\))? returned 35\b|\bCUDA error\s?\(35\)|"
                            r"\bcuda[A-Z]\w* failed in [\w:]+, error code\s?:\s?35\b|\bNVIDIA Insufficient driver!")
# A newer version of a driver API entry point (cuDevicePrimaryCtxSetFlags_v2, cuCtxCreate_v3) missing from libcuda:
# the program was linked against, or looks up, the API of a newer CUDA than the driver's. An unversioned name missing
# from a module ("undefined symbol: cuTensorMapEncodeTiled") is read so only where the CUDA API table says a release
# after the driver's brought it (_driver_api_newer_than_driver): a name every driver has, or one the driver's CUDA
# already had, missing means a module built without linking libcuda.
# A driver API function by its versioned name (cuCtxCreate_v2), or by any name where a program's own loader says it
# found no such function in libcuda (Taichi's DynamicLoader: "Function cuDeviceGetDefaultMemPool not found", a CUDA 11.2
# function; "Function cuImportExternalMemory not found", CUDA 10.0's).
DRIVER_ENTRY_POINT = re.compile(r"\bcu[A-Z]\w*_v\d+\b|(?<=Function )(?-i:cu[A-Z])\w*(?= not found)|"
                                r"(?<=undefined symbol: )(?-i:cu[A-Z][a-z])\w*")
# A driver API name by itself, unresolved when a module loads: Triton's launcher "cuda_utils.so: undefined symbol:
# cuTensorMapEncodeTiled" (CUDA 12.0, triton-lang/triton#2062, corpus 15051), TensorRT-LLM's "libtensorrt_llm.so:
# undefined symbol: cuKernelGetName" (CUDA 12.3, corpus 8370).
DRIVER_API_UNRESOLVED = re.compile(r"undefined symbol: ((?-i:cu[A-Z][a-z])\w*)")
# MATLAB's Parallel Computing Toolbox (gpuArray, gpuDevice) with both CUDA versions: "The CUDA driver was found, but
# it is too old. The CUDA driver on your system supports CUDA version 5.5. The required CUDA version is 7.5 or greater."
MATLAB_DRIVER_TOO_OLD = re.compile(r"The CUDA driver was found, but it is too old")
MATLAB_DRIVER_CUDA = re.compile(r"driver on your system supports CUDA version (?P<runs>\d+\.\d+)\.?\s*The required CUDA "
                                r"version\s+is:?\s*(?P<needed>\d+(?:\.\d+)?)", re.I)
# CUDA.jl choosing a toolkit for the driver and finding none it supports: "CUDA driver 8.0.0 is not compatible with any
# supported CUDA toolkit (11.4.4, 11.5.2, ... or 12.3.1)" (CUDA.jl's @error): the driver's CUDA, then the oldest toolkit
# the package takes. CUDAnative before it: "CUDA 10.0 is not supported by your driver (which supports up to 9.0)".
CUDAJL_DRIVER_CUDA = re.compile(r"CUDA driver (?P<runs>\d+\.\d+)(?:\.\d+)? is not compatible with any supported CUDA "
                                r"toolkit \((?P<needed>\d+\.\d+)")
CUDANATIVE_DRIVER_CUDA = re.compile(r"\bCUDA (?P<needed>\d+\.\d+) is not supported by your driver \(which supports up "
                                    r"to (?P<runs>\d+\.\d+)\)")
# CUDA.jl 2.x's warning before it gives up: "This version of CUDA.jl only supports NVIDIA drivers for CUDA 10.1 or
# higher (yours is for CUDA 10.0.0)" (corpus 10900).
CUDAJL_DRIVER_FLOOR = re.compile(r"only supports NVIDIA drivers for CUDA (?P<needed>\d+\.\d+) or higher \(yours is for "
                                 r"CUDA (?P<runs>\d+\.\d+)")
# Blitzar's backend (cbindings/backend.cc) comparing cudaDriverGetVersion with the CUDA it was built with: "panic:
# Update GPU drivers. The maximum supported version is 12040 but blitzar requires 12060" (corpus 9765).
BLITZAR_DRIVER_CUDA = re.compile(r"Update GPU drivers\. The maximum supported version is (?P<runs>\d{4,5}) but "
                                 r"[\w-]+ requires (?P<needed>\d{4,5})\b")
# Both versions said at once: what the driver runs, and the least the program takes. The signature is the words alone:
# signatures are joined into one expression, where a group name may stand only once.
# A program's own floor for the driver, with the number: Modular's MAX and Mojo "MAX requires a minimum driver version
# of 580 and CUDA version 13.0. Your driver version is 570.211.01" (modular/modular#6519), V-Ray GPU "CUDA 12 requires
# minimum driver version: 525.60" (lshqqytiger/ZLUDA#119), NiceHash QuickMiner "Invalid NVIDIA driver version. Minimum
# is 458.00" (nicehash/NiceHashQuickMiner#211). Not a sentence without the number ("each CUDA version requires a
# minimum driver version"), which says nothing of this host.
# Renderers say it as the least release with the one they found: Arnold GPU "[gpu] newer NVIDIA driver required:
# detected version 396.54, at least 418.43 needed" (corpus 6817), Redshift "Please make sure you have NVIDIA driver
# 551.78 or later installed." (corpus 6816).
PROGRAM_DRIVER_FLOOR = re.compile(r"\brequires? (?:a )?minimum (?:NVIDIA )?driver version(?: of|:)?\s*"
                                  r"(\d{3}(?:\.\d{1,3}){0,2})\b|"
                                  r"\bInvalid NVIDIA driver version\. Minimum is (\d{3}(?:\.\d{1,3}){0,2})\b|"
                                  r"\bnewer NVIDIA driver required\b(?:[^.\n]|(?<=\d)\.(?=\d)){0,60}?\bat least "
                                  r"(\d{3}(?:\.\d{1,3}){0,2}) needed\b|"
                                  r"\bmake sure you have (?:the )?NVIDIA driver (?:version )?"
                                  r"(\d{3}(?:\.\d{1,3}){0,2}) or (?:later|newer) installed\b", re.I)
# An installer's or a launcher's own check of the driver against the CUDA build of a framework it was to install, named
# by PyTorch's index tag: "NVIDIA driver 528.49 too old for cu121 (needs >= 530), will use CPU instead" (a QGIS
# plugin's installer, corpus 5324), "ERROR: CUDA tensor op failed. Driver too old for cu121 wheels." (a setup
# script's smoke test). A version after "driver", or the words opening a sentence: not a guide's hint that "an NVIDIA
# driver too old for cu128 is the usual cause".
DRIVER_TOO_OLD_FOR_BUILD = re.compile(r"\bNVIDIA driver (\d{3}(?:\.\d{1,3}){1,2}) (?:is )?too old for (cu\d{2,3})\b"
                                      r"(?: \(needs >= ?(\d{3}(?:\.\d{1,3}){0,2})\))?|"
                                      r"(?:^|[.:!]\s+)Driver too old for (cu\d{2,3})\b", re.I | re.M)
DRIVER_CUDA_SAID_BELOW = (r"is not compatible with any supported CUDA toolkit|"
                          r"is not supported by your driver \(which supports up to|"
                          r"only supports NVIDIA drivers for CUDA \d+\.\d+ or higher|"
                          r"Update GPU drivers\. The maximum supported version is \d{4,5} but|"
                          r"CUDA driver version is \d{4,5}, expected at least \d{4,5}\b|"
                          r"minimum required CUDA driver version is \d+\.\d+, but the installed")
# conda's libmamba solver, a package asking for more CUDA than the __cuda virtual package (the newest CUDA the driver
# runs) offers: "package cudatoolkit-11.6.0-habf752d_9 has constraint __cuda >=11.6.0 conflicting with __cuda-10.2-0"
# (MPI-Dortmund/tomotwin-cryoet#3), "package cuda-version-12.0-hffde075_0 has constraint __cuda >=12 conflicting with
# __cuda-11.8-0" (RAPIDS' install notes). Not classic conda's "incompatible with your CUDA driver" listing, which it
# prints beside unrelated conflicts.
CONDA_CUDA_CONFLICT = re.compile(r"has constraint __cuda >=\s*(?P<needed>\d+(?:\.\d+)?)(?:\.\d+)* conflicting with "
                                 r"__cuda-(?P<runs>\d+\.\d+)")
# Simulators checking the driver's CUDA against their floor at start, both numbers given: Isaac Gym's "CUDA driver
# version is 11020, expected at least 11040." (cuDriverGetVersion's integers, 4DVLab/DexGrasp-Anything#5) and NVIDIA
# Warp's "The minimum required CUDA driver version is 12.0, but the installed CUDA driver version is 11.8." (Warp's
# installation notes, after "Insufficient CUDA driver version.").
PHYSX_DRIVER_CUDA = re.compile(r"CUDA driver version is (?P<runs>\d{4,5}), expected at least (?P<needed>\d{4,5})\b")
WARP_DRIVER_CUDA = re.compile(r"minimum required CUDA driver version is (?P<needed>\d+\.\d+), but the installed CUDA "
                              r"driver version is (?P<runs>\d+\.\d+)")
DRIVER_CUDA_BELOW_NEEDED = (MATLAB_DRIVER_CUDA, CUDAJL_DRIVER_CUDA, CUDANATIVE_DRIVER_CUDA, CONDA_CUDA_CONFLICT,
                            PHYSX_DRIVER_CUDA, WARP_DRIVER_CUDA, CUDAJL_DRIVER_FLOOR, BLITZAR_DRIVER_CUDA)
# CUDA miners (xmrig-cuda, ccminer and their forks) compare the driver's CUDA (cudaDriverGetVersion) with the runtime
# they were built with and stop when it is lower: "Driver does not support CUDA 12.5 API! Update your nVidia driver!"
# (xmrig-cuda 12.5 on a 12.4 driver, xmrig/xmrig#3504; ccminer's "CUDA 5.5 API" on macOS).
DRIVER_BELOW_BUILD_API = re.compile(r"Driver does not support CUDA (\d+\.\d+) API\b")
# People saying in their own words that the driver falls short of a CUDA: "my graphics card driver version is old and
# can only support up to CUDA9.1" (MIC-DKFZ/nnUNet, corpus 8114), "my driver seems to only supporting cuda9.0 or lower"
# (allenai/allennlp, 5550), "the NVIDIA driver (450.36), which does not support CUDA toolkit >= 11.1" (6651), "This
# version of nvidia drivers does not support CUDA 11.8" (4379). The driver must be what falls short, not a framework
# named after it: "the latest 450.x drivers for Nvidia on Linux, it seems that Torch does not support Cuda 11.x".
DRIVER_SAID_SHORT_OF_CUDA = re.compile(
    r"\bdrivers?\b(?:(?!\b(?:it|torch|pytorch|tensorflow|but|so)\b)(?:[^.;!?]|(?<=\d)\.(?=\d))){0,60}?"
    r"(?:\b(?:does not|doesn't|do not|don't|cannot|can't|can ?not) support CUDA(?: toolkit)?(?: version)?\s*"
    r"(?:>=?\s*)?(?P<refused>\d+(?:\.\d+)?)|\bonly support(?:s|ing)? (?:up to )?CUDA\s*(?P<ceiling>\d+(?:\.\d+)?))",
    re.I)
REQUIRE_ALTERNATIVE_FAILED = (r"--require=cuda>=\d[^\]]*\].{0,200}?requirement error: unsatisfied condition: "
                              r"(?:brand|driver)\b")
DRIVER_ENTRY_POINT_MISSING = (r"undefined symbol: cu[A-Z]\w*_v\d+\b",
                              r"symbol lookup for cu[A-Z]\w*_v\d+ failed",
                              r"entry point cu[A-Z]\w*_v\d+ could not be located",
                              r"\bFunction (?-i:cu[A-Z])\w* not found\b",  # case kept: cudnnX is cuDNN's
                              DRIVER_API_UNRESOLVED.pattern)


def _dotted_cuda(number: str) -> str:
    """A CUDA release as cuDriverGetVersion gives it (11020) in the dotted form (11.2); a dotted one as it is."""
    return version_string(int(number)) if number.isdigit() and len(number) >= 4 else number


@rule("DRV005", "driver-too-old", "error", "The driver is older than the CUDA the software was built for",
      signatures=(r"driver version is insufficient for CUDA runtime version", r"NVIDIA driver on your system is too old",
                  # newer PyTorch builds (2.12.0+cu130 on CUDA 12.x drivers, in notes stored on GitHub): "RuntimeError:
                  # NVIDIA driver too old (found version 12080)"
                  r"RuntimeError: NVIDIA driver too old|NVIDIA driver too old \(found version \d+\)",
                  r"cudaErrorInsufficientDriver", r"CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
                  r"cudaErrorUnsupportedPtxVersion",
                  r"PTX was compiled with an unsupported toolchain",
                  # the driver's JIT log for the same refusal (Numba's LinkerError, CuPy, PyCUDA)
                  DRIVER_JIT_PTX,
                  # (pasted from its condition on: "unsatisfied condition: cuda>=12.8, please update your driver to a
                  # newer version, or use an earlier cuda container", NeptuneHub/AudioMuse-AI, corpus 8573)
                  r"unsatisfied condition: cuda\s*>=\s*\d",
                  # an image's NVIDIA_REQUIRE_CUDA holds alternatives, "cuda>=10.0 brand=tesla,driver>=384,driver<385":
                  # the CUDA floor or one of the listed datacenter drivers. nvidia-container-cli names the condition it
                  # checked last, a brand or driver clause, when the driver runs neither (Determined's docs read
                  # "unsatisfied condition: brand = tesla" as a driver too old for the image's CUDA)
                  REQUIRE_ALTERNATIVE_FAILED,
                  # TensorFlow's cuDNN handle failing, with its own suspicion: "possibly insufficient driver version: 384.69.0"
                  r"possibly insufficient driver version",
                  # a library's own check, in its words: Isaac ROS's cuVSLAM "[ERROR] Your NVIDIA driver is too old.
                  # Please update the driver to the most recent version.", the ZED SDK's NVIDIA_DRIVER_OUT_OF_DATE "Your
                  # NVIDIA driver is too old and not compatible with your current CUDA version" (not Ollama's "too old
                  # or missing", which it prints for the runtime's error 35 and which by its own words may be no driver)
                  # T-Rex: "Can't start miner, video driver is too old Please update the video driver" (not Blackmagic's
                  # "Desktop Video driver", a capture card's)
                  r"\b(?:Your NVIDIA|(?<!Desktop )video) driver is too old\b(?! or missing)",
                  PROGRAM_DRIVER_FLOOR.pattern,
                  DRIVER_TOO_OLD_FOR_BUILD.pattern,
                  # nvidia-docker 1.0: "Error: unsupported CUDA version: driver 7.5 < image 8.0"; its betas printed
                  # the image's label first and the driver's CUDA second, "unsupported CUDA version: 7.5 < 6.5"
                  # (NVIDIA/nvidia-docker, src/nvidia-docker/utils.go: fmt.Errorf("... %s < %s", label, version))
                  r"unsupported CUDA version: (?:driver )?\d+\.\d+ < (?:image )?\d+\.\d+",
                  NGC_DRIVER_CHECK.pattern,
                  # cudaErrorCallRequiresNewerDriver (36): a program of a newer CUDA minor, running on an older driver
                  # of its major through minor-version compatibility, called an API that needs the newer driver
                  # (CUDA runtime API, error types)
                  r"API call is not supported in the installed CUDA driver|cudaErrorCallRequiresNewerDriver|"
                  r"CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER",
                  INSUFFICIENT_DRIVER_CUDA.pattern, INSUFFICIENT_DRIVER_CODE, MATLAB_DRIVER_TOO_OLD.pattern,
                  DRIVER_CUDA_SAID_BELOW, DRIVER_BELOW_BUILD_API.pattern, CONDA_CUDA_CONFLICT.pattern,
                  DRIVER_SAID_SHORT_OF_CUDA.pattern, *DRIVER_ENTRY_POINT_MISSING),
      priority=30, references=("https://docs.nvidia.com/deploy/cuda-compatibility/",))
def driver_too_old(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "CUDA driver version is insufficient for CUDA runtime version"; PyTorch: "The NVIDIA driver on
    your system is too old (found version 11040)", later "RuntimeError: NVIDIA driver too old (found version
    12080)"; "the provided PTX was compiled with an
    unsupported toolchain" (the runtime's code 222, cudaErrorUnsupportedPtxVersion); Numba after a toolkit upgrade: "ptxas application ptx input, line 9;
    fatal : Unsupported .version 8.1; current version is '8.0'" (the driver's JIT, not a ptxas binary);
    an NGC image's entrypoint: "ERROR: This container was built for NVIDIA Driver Release 535.86 or later,
    but version 510.85.02 was detected and compatibility mode is UNAVAILABLE."; "CUDA runtime error: API
    call is not supported in the installed CUDA driver" (error 36) from a program built with CUDA 11.2
    on driver 450 (CUDA 11.0); ethminer: "Error: Insufficient CUDA driver: 9010"; a program built for a
    newer CUDA starting on an old driver: "symbol lookup error: ./t-rex: undefined symbol:
    cuDevicePrimaryCtxSetFlags_v2"; MATLAB's gpuArray: "The CUDA driver was found, but it is too
    old. The CUDA driver on your system supports CUDA version 5.5. The required CUDA version is 7.5
    or greater."; Isaac ROS's cuVSLAM: "Your NVIDIA driver is too old. Please update the driver to
    the most recent version."; T-Rex: "Can't start miner, video driver is too old"; xmr-stak: "WARNING: NVIDIA
    Insufficient driver!". XLA in an image whose forward-compatibility libcuda is of a newer branch than the host's
    driver, which nvidia-smi reports: "kernel version 535.183.6 does not match DSO version 560.28.3". A program's
    own floor: "MAX requires a minimum driver version of 550 and CUDA version 12.4"; an installer's:
    "NVIDIA driver 528.49 too old for cu121 (needs >= 530), will use CPU instead"; V-Ray: "CUDA
    12 requires minimum driver version: 525.60"; NiceHash: "Invalid NVIDIA driver version. Minimum
    is 458.00"; Arnold GPU: "newer NVIDIA driver required: detected version 396.54, at least 418.43 needed";
    Redshift: "Please make sure you have NVIDIA driver 551.78 or later installed"; CUDA.jl: "This version of CUDA.jl
    only supports NVIDIA drivers for CUDA 10.1 or higher (yours is for CUDA 10.0.0)"; Blitzar: "Update GPU drivers.
    The maximum supported version is 12040 but blitzar requires 12060"; xmrig-cuda and ccminer: "Driver does not
    support CUDA 12.5 API! Update your nVidia driver!"; conda's solver: "package cudatoolkit-11.6.0-habf752d_9
    has constraint __cuda >=11.6.0 conflicting with __cuda-10.2-0". In people's words: "my graphics card driver
    version is old and can only support up to CUDA9.1", "the NVIDIA driver (450.36), which does not support CUDA
    toolkit >= 11.1".

    Why:
    Every CUDA release needs a minimum driver. Within one CUDA major, minor-version compatibility
    lets an older driver of the same major family run newer minors (without PTX JIT, and without
    the APIs the newer minor added: calling one returns cudaErrorCallRequiresNewerDriver); across
    majors it does not.

    Fix:
    Upgrade the driver to at least the minimum for that CUDA, or install a framework build for an
    older CUDA (for PyTorch, a wheel from an older cuXXX index).

    When to ignore:
    On datacenter GPUs using NVIDIA's forward-compatibility package (cuda-compat) on purpose.
    """
    driver = ctx.driver_version()
    # the wrapped first line alone matches too; the joined line that holds the version is the one to read
    ngc = max((m for m in map(NGC_DRIVER_CHECK.search, seen) if m), key=lambda m: bool(m.group(2)), default=None)
    if ngc is not None:
        if ngc.group(2) or driver:
            yield _ngc_image_on_old_driver(ctx, ngc.group(1), ngc.group(2) or driver)
        return  # no driver version at all: the container sees no driver (CTR001)
    ngc_release = _ngc_release_on_old_driver(ctx, driver) if driver else None
    if ngc_release is not None:
        yield ngc_release
        return
    reported = False
    for name, release, need_cuda, basis in _cuda_wanted(ctx):
        built = f"{name} {release}".strip() + (f" was built for CUDA {need_cuda}" if basis == "built" else
                                               f" is CUDA {need_cuda} ({basis})")
        key = f"frameworks.{name}.build_cuda" if basis == "built" else f"{name}.cuda"
        if driver:
            judged = _driver_runs(ctx, driver, need_cuda)
            if judged is None:
                continue
            runs, how = judged
            if not runs:
                reported = True
                need = ctx.matrix.min_driver(need_cuda) or "?"
                yield Hit(f"{built}; driver {driver} is too old ({how})",
                          evidence={"driver": driver, key: need_cuda, "minimum_driver": need},
                          fix=_distro.install_driver(ctx.distro, _distro.branch_of(need)) +
                          [f"# or install {name} built for the CUDA this driver runs: "
                           f"envcheck matrix compat --driver {driver}"])
        elif ctx.facts.gpus.cuda_driver_version:
            have = ctx.facts.gpus.cuda_driver_version
            if int(need_cuda.split(".")[0]) > int(have.split(".")[0]):
                reported = True
                yield Hit(f"{built}; the driver supports CUDA {have} at most",
                          evidence={"gpus.cuda_driver_version": have, key: need_cuda},
                          fix=_distro.install_driver(ctx.distro))
    where = ctx.shared("compat_on_old_driver", _compat_on_an_old_driver) if not reported else ""
    newer = ctx.shared("image_libcuda_newer", _image_libcuda_newer_than_host) if not reported and not where else None
    if newer:
        kernel, library = newer
        yield Hit(f"the program loaded libcuda {library}, a forward-compatibility library of a newer driver branch "
                  f"than the host's {driver} (kernel module {kernel}), which it brought for its newer CUDA: it "
                  "does not run on this driver, so no GPU is found", confirmed=True,
                  evidence={"driver": driver, "kernel_version (CUDA diagnostics)": kernel,
                            "dso_version (CUDA diagnostics)": library},
                  fix=_distro.install_driver(ctx.distro, library.split(".")[0]) +
                  ["# or use an image built for a CUDA the host driver runs: envcheck matrix compat --driver "
                   f"{driver}"])
        return
    if where == "container":
        yield Hit("cuInit failed with 804 in a container: the image's CUDA forward-compatibility libraries stood in "
                  "for a host driver older than the image's CUDA, and this GPU does not support them "
                  "(forward compatibility is for datacenter GPUs)", confirmed=True,
                  evidence={"driver": driver, "observed": ctx.observed(COMPAT_LIBRARIES)[:2]},
                  fix=_distro.install_driver(ctx.distro) +
                  ["# or use an image built for a CUDA the host driver runs: envcheck matrix compat --driver <version>"])
        return
    if where == "host":
        cuda = ctx.program_cuda()
        need = ctx.matrix.min_driver(cuda) if re.fullmatch(r"\d+\.\d+(?:\.\d+)?", cuda) else None
        model = ctx.gpu_models()[0]
        gpu, open_only = model["name"], model["architecture"] in ("Blackwell", "Rubin")  # DRV006: open modules only
        yield Hit(f"cuInit failed with 804 on the {gpu}: the program's CUDA {cuda} is newer than the driver's own, "
                  "so CUDA tried forward compatibility, which this GPU does not support (it is for datacenter GPUs)"
                  + (f"; CUDA {cuda} needs driver {need} or newer" if need else ""), confirmed=True,
                  evidence={"driver": driver or "not in the input", "cuda": cuda, "gpu": gpu,
                            "minimum_driver": need or ""},
                  fix=_distro.install_driver(ctx.distro, _distro.branch_of(need) if need else None, open_only) +
                  ["nvidia-smi  # the driver's version and the newest CUDA it runs, after the install and a reboot"])
        return
    stated = (_stated_cuda_beyond_driver(ctx, driver) or _nvcc_beyond_driver(ctx, driver)
              or _runtime_beyond_driver(ctx)) if not reported else None
    if stated:
        yield stated
        return
    if seen and not reported and not driver and runs_without_gpus(ctx.observations) \
            and all(re.search(NO_LIBCUDA_RUNTIME_SAYS + "|" + INSUFFICIENT_DRIVER_CODE, line) for line in seen):
        return  # a container started without GPUs has no libcuda: container-no-gpu explains the runtime's words
    if seen and not reported:
        seen, api_cuda = _driver_api_newer_than_driver(ctx, seen, driver)
        if not seen:
            return
        jit = PTX_VERSIONS.search(" ".join(seen))
        runs = first_match(INSUFFICIENT_DRIVER_CUDA, seen)
        runs_cuda = _dotted_cuda(runs.group(1)) if runs else ""
        both = next((m for pattern in DRIVER_CUDA_BELOW_NEEDED for m in [first_match(pattern, seen)] if m), None)
        if both:
            runs_cuda = _dotted_cuda(both.group("runs"))
        needed = _dotted_cuda(both.group("needed")) if both else ""
        required = first_match(REQUIRED_CUDA, seen) if not both else None
        if required:
            needed = required.group(1)
        needed = needed or api_cuda
        api = first_match(DRIVER_BELOW_BUILD_API, seen) if not needed else None
        if api:
            needed, runs_cuda = api.group(1), runs_cuda or ctx.facts.gpus.cuda_driver_version or ""
        said = first_match(DRIVER_SAID_SHORT_OF_CUDA, seen) if not needed and not runs_cuda else None
        if said:
            needed, runs_cuda = said.group("refused") or "", said.group("ceiling") or ""
        floor = first_match(PROGRAM_DRIVER_FLOOR, seen)
        stated_floor = next((g for g in floor.groups() if g), "") if floor else ""
        if stated_floor and driver and all(PROGRAM_DRIVER_FLOOR.search(line) for line in seen) \
                and older_than(driver, stated_floor) is False:
            return  # the floor quoted, and a driver that meets it: a requirement read out, not this host's failure
        for_build = first_match(DRIVER_TOO_OLD_FOR_BUILD, seen)
        if for_build is not None and not needed:
            needed = variant_cuda((for_build.group(2) or for_build.group(4)).lower()) or ""
            stated_floor = stated_floor or for_build.group(3) or ""
        try:
            minimum = ctx.matrix.min_driver(needed, "windows" if ctx.facts.system.os == "windows" else "linux") \
                if needed else None
        except QueryError:
            minimum = None
        minimum = minimum or stated_floor or None
        entry = first_match(DRIVER_ENTRY_POINT, seen)
        ended = _drivers_ended_before(ctx, minimum)
        if ended:
            gpu, branch, cuda = ended
            yield Hit(f"The program needs CUDA {needed} (driver {minimum} or newer)"
                      + (f" and the driver runs CUDA {runs_cuda} at most" if runs_cuda else "")
                      + f"; the {gpu}'s drivers ended with the {branch} legacy branch, whose newest CUDA is "
                      f"{cuda or 'older'}: no driver for this GPU runs CUDA {needed}",
                      evidence={"driver": driver, "gpu": gpu, "legacy_branch": branch, "program_cuda": needed,
                                "minimum_driver": minimum, **({"driver_cuda": runs_cuda} if runs_cuda else {})},
                      fix=[f"use a release of the program built for CUDA {cuda} or older, on the {branch} driver"
                           if cuda else f"use a release of the program for a CUDA the {branch} driver runs",
                           "or run it on a GPU that current drivers support"])
            return
        yield Hit("The CUDA runtime in use needs a newer driver than the one installed"
                  + (f" ({driver})" if driver else "")
                  + (f": the driver's JIT knows PTX ISA up to {jit.group(2)} and was given PTX {jit.group(1)}, from a "
                     "newer CUDA toolkit" if jit else "")
                  + (f": the driver runs CUDA {runs_cuda} at most" if runs_cuda else "")
                  + (f": the image requires CUDA {needed} (its NVIDIA_REQUIRE_CUDA), which nvidia-container-cli "
                     "checked against the host driver" + (f", and CUDA {needed} needs driver {minimum} or newer"
                                                          if minimum else "") if required else
                     f" and the program needs CUDA {needed}" if needed else "")
                  + (f": the program requires driver {stated_floor} or newer" if stated_floor else "")
                  + (f": its libcuda lacks {entry.group(0)}, an entry point of a newer CUDA" if entry else ""),
                  evidence={"driver": driver, **({"ptx_given": jit.group(1), "driver_jit_knows": jit.group(2)}
                                                 if jit else {}), **({"driver_cuda": runs_cuda} if runs_cuda else {}),
                            **({"program_cuda": needed} if needed else {}),
                            **({"program_minimum_driver": stated_floor} if stated_floor else {})},
                  fix=_distro.install_driver(ctx.distro, _distro.branch_of(minimum) if minimum else None) +
                  (["# or run an image built for a CUDA the host driver runs: envcheck matrix compat --driver "
                    "<version from nvidia-smi>"] if required else []) +
                  ([f"# or keep the environment at CUDA {runs_cuda} or older, the driver's: pin cudatoolkit (or "
                    "cuda-version) to such a release in the conda spec"] if both and both.re is CONDA_CUDA_CONFLICT
                   else []))


def _driver_api_newer_than_driver(ctx: Context, seen: List[str], driver: str) -> Tuple[List[str], str]:
    """The lines left to read, and the CUDA that brought a driver API name a module could not resolve. An unresolved
    unversioned name speaks of the driver only when CUDA's API table says a release brought it that is newer than the
    driver's (its version, the CUDA nvidia-smi gives for it, or the CUDA the person says they have): then the libcuda
    in use is older than the program's CUDA. Otherwise the module was built without linking it: not this rule's."""
    unresolved = [line for line in seen if DRIVER_API_UNRESOLVED.search(line) and not re.search(r"_v\d+\b", line)]
    if not unresolved:
        return seen, ""
    others = [line for line in seen if line not in unresolved]
    name = DRIVER_API_UNRESOLVED.search(unresolved[0]).group(1)
    added = next((row["version"] for row in ctx.matrix.api_changes(name)
                  if row["change"] == "added" and row["library"] == "CUDA Driver API"), "")
    if not added:
        return others, ""
    judged = _driver_runs(ctx, driver, added)
    if judged is not None:
        # minor-version compatibility runs a newer minor's programs, not the entry points it added: "exact" has them
        below = judged != (True, "exact")
    else:
        # with nothing to say the driver is older, a missing name says the module was built without linking libcuda
        # (tile-ai/tilelang#182: "libtilelang_module.so: undefined symbol: cuTensorMapEncodeIm2col")
        below = any(level and older_than(level, added)
                    for level in (ctx.facts.gpus.cuda_driver_version, ctx.facts.cuda.stated_version))
    return (seen, added) if below else (others, "")


def _drivers_ended_before(ctx: Context, minimum: Optional[str]) -> Optional[Tuple[str, str, str]]:
    """(GPU, legacy branch, newest CUDA of that branch) for a GPU whose drivers ended at a legacy branch older than
    the driver the program needs: then no driver upgrade helps, and the way out is a release of the program for an
    older CUDA, or another GPU. Branch numbers compared as Linux numbers them."""
    if not minimum or not re.match(r"\d+", minimum):
        return None
    for device in ctx.facts.gpus.devices:
        branch = ctx.matrix.legacy_branch(name=device.name) if device.name else None
        if branch and int(branch.split(".")[0]) < int(minimum.split(".")[0]):
            row = ctx.matrix.gpu_by_model(device.name)
            cuda = ctx.matrix.newest_cuda_for_branch(branch) or ""
            return (row["name"] if row else device.name), branch.split(".")[0], ".".join(cuda.split(".")[:2])
    return None


def _ngc_release_on_old_driver(ctx: Context, driver: str) -> Optional[Hit]:
    """An NGC framework image of a monthly release whose release notes ask for a newer driver than the host's. The
    notes also allow some data-center driver branches (R418, R440, ... through the CUDA forward-compatibility
    package): on a data-center GPU with such a branch this is no finding, and with the GPU unknown the finding says
    so."""
    image = first_match(NGC_RELEASE_IMAGE, ctx.observations)
    row = ctx.matrix.ngc_release(image.group(2)) if image else None
    try:
        if row is None or not row.get("min_driver") or version(driver) >= version(row["min_driver"]):
            return None
    except QueryError:
        return None
    branches = row.get("datacenter_drivers") or []
    same_branch = [b for b in branches if b.split(".")[0] == driver.split(".")[0] and re.fullmatch(r"[\d.]+", b)
                   and version(driver) >= version(b)]
    segments = {g["segment"] for g in ctx.gpu_models() if g["segment"]}
    if same_branch and "datacenter" in segments:
        return None
    name, release, suffix = image.group(1), image.group(2), image.group(3)
    older = ctx.matrix.newest_ngc_release_for_driver(driver)
    caveat = (f"; on a data-center GPU the notes also allow driver branches {', '.join(branches)}" if same_branch and
              not segments else "")
    return Hit(f"nvcr.io/nvidia/{name}:{release}{suffix} is NGC release {release}, built on CUDA {row['cuda']}, which "
               f"needs NVIDIA driver {row['driver']} or later; the host driver is {driver}{caveat}",
               evidence={"image": image.group(0), "release_needs_driver": row["min_driver"], "driver": driver,
                         "release_notes": row["source"]}, references=[row["source"]],
               fix=_distro.install_driver(ctx.distro, _distro.branch_of(row["min_driver"])) +
               ([f"# or use an NGC release this driver meets: {older['release']} or older "
                 f"(nvcr.io/nvidia/{name}:{older['release']}-..., which needs driver {older['driver']})"] if older else []))


def _smi_header_mismatch(ctx: Context) -> Optional[Tuple[str, str, str]]:
    """(nvidia-smi's release, the driver's, the line) from a header where they differ within one branch and one
    numbering. The tools still work, so the finding ranks after any error the paste shows."""
    if ctx.facts.system.wsl:
        return None
    for line in ctx.observed((SMI_HEADER.pattern,)):
        found = SMI_HEADER.search(line)
        tool, driver = found.group(1), found.group(2)
        if tool != driver and tool.count(".") == driver.count(".") and tool.split(".")[0] == driver.split(".")[0]:
            return tool, driver, line.strip()[:200]
    return None


def _ngc_image_on_old_driver(ctx: Context, wanted: str, driver: str) -> Hit:
    """An NGC image's own driver check failed. Within one CUDA major, minor-version compatibility still runs most
    programs on the older driver (only code that needs the newer driver's PTX JIT fails), so within one major the
    finding ranks after any error of the same report."""
    # old images name a branch alone ("Release 410 or later"): any driver of the branch, so its newest CUDA
    wanted_cuda = (ctx.matrix.newest_cuda_for_driver(wanted) if "." in wanted else
                   ctx.matrix.newest_cuda_for_branch(wanted)) or ""
    host_cuda = ctx.matrix.newest_cuda_for_driver(driver) or ""
    other_major = bool(wanted_cuda and host_cuda) and wanted_cuda.split(".")[0] != host_cuda.split(".")[0]
    return Hit(f"The container's image needs driver {wanted} or later"
               + (f" (a driver for CUDA {wanted_cuda})" if wanted_cuda else "")
               + f"; the host driver is {driver}" + (f" (CUDA {host_cuda} at most)" if host_cuda else "")
               + ", and the image's forward-compatibility mode is unavailable here"
               + ("" if other_major or not host_cuda else
                  ": within one CUDA major most programs still run, but code that needs the newer driver fails"),
               evidence={"driver": driver, "image_needs_driver": wanted,
                         **({"cuda_of_needed_driver": wanted_cuda} if wanted_cuda else {})},
               priority=None if other_major or not host_cuda else 60, references=[NGC_COMPATIBILITY],
               fix=_distro.install_driver(ctx.distro, _distro.branch_of(wanted)) +
               [f"# or use an older release of the image, built for a CUDA this driver runs: "
                f"envcheck matrix compat --driver {driver}"])


def _driver_runs(ctx: Context, driver: str, cuda: str) -> Optional[Tuple[bool, str]]:
    """The matrix's (runs, how) for a CUDA release on this driver; None when either is not known as a version.

    A driver known only by its branch ("CUDA Driver Version: 550." cut short, "on driver 570") cannot be judged
    against a minimum inside that branch: 550.54.14 needs a release the branch may or may not be at."""
    if not driver or not re.fullmatch(r"\d+\.\d+(?:\.\d+)?", cuda or ""):
        return None
    try:
        runs, how = ctx.matrix.driver_runs_cuda(driver, cuda)
    except QueryError:
        return None
    if how != "exact" and "." not in driver.strip():
        needs = [ctx.matrix.min_driver(cuda), ctx.matrix.min_driver(cuda, minor_compat=True)]
        if any(need and need.split(".")[0] == driver.strip() for need in needs):
            return None
    return runs, how


# PTX compiled at run time by the driver: the report names PTX, or uses Numba, whose kernels always go that way, or
# compiles a kernel with nvcc and no real architecture ("nvcc hello.cu -o hello", googlecolab/colabtools#5416): nvcc's
# default target is the oldest architecture it supports, with its PTX, which a newer GPU runs only by JIT.
PTX_IN_PLAY = (r"\bPTX\b", r"\bnumba\b",
               r"\bnvcc\s+(?![^\n]*(?:\barch[= ]sm_|\bcode=sm_|-arch[= ]native\b))[^\n]*\.cu\b")


def _stated_cuda_beyond_driver(ctx: Context, driver: str):
    """The CUDA a person says they installed ("CUDA: 9.0", "Install CUDA 9.2") needs a newer driver than the one
    the report shows: programs built with it fail on this driver. Within the driver's major release they run through
    minor-version compatibility, except PTX the driver has to JIT: that needs the newer driver."""
    cuda = ctx.facts.cuda.stated_version
    judged = _driver_runs(ctx, driver, cuda)
    if judged is None:
        return None
    runs, how = judged
    if how.startswith("no minimum") or (runs and (how == "exact" or not ctx.observed(PTX_IN_PLAY))):
        return None
    if runs and not ctx.matrix.min_driver(cuda):
        return None  # a release newer than the matrix: its own minimum, which PTX would need, is not known
    need = ctx.matrix.min_driver(cuda) or "?"
    why = (f"it runs code from it only through minor-version compatibility, which does not JIT PTX (CUDA {cuda} needs "
           f"driver >= {need})" if runs else how)
    return Hit(f"CUDA {cuda} needs a newer driver than {driver} ({why})",
               evidence={"driver": driver, "cuda.stated_version": cuda, "cuda.stated_source": ctx.facts.cuda.stated_source,
                         "minimum_driver": need},
               fix=_distro.install_driver(ctx.distro, _distro.branch_of(need)) +
               [f"# or use software built for a CUDA this driver runs: envcheck matrix compat --driver {driver}"])


def _nvcc_beyond_driver(ctx: Context, driver: str):
    """The nvcc on PATH is a newer CUDA than the driver's own: what it compiles (a package's CUDA extension, a
    kernel's PTX) runs at best through minor-version compatibility, which does not cover PTX JIT ("the provided
    PTX was compiled with an unsupported toolchain"), and across majors not at all."""
    nvcc = ctx.facts.cuda.nvcc_on_path_version
    judged = _driver_runs(ctx, driver, nvcc)
    if judged is None:
        return None
    runs, how = judged
    if (runs and how == "exact") or how.startswith("no minimum"):
        return None
    if runs and not ctx.matrix.min_driver(nvcc):
        return None  # a release newer than the matrix: its own minimum, which PTX would need, is not known
    need = ctx.matrix.min_driver(nvcc) or "?"
    why = (f"it runs code from it only through minor-version compatibility, which does not JIT PTX (nvcc {nvcc} needs "
           f"driver >= {need})" if runs else how)
    return Hit(f"nvcc {nvcc} compiles for a newer CUDA than driver {driver}: {why}",
               evidence={"driver": driver, "cuda.nvcc_on_path_version": nvcc, "minimum_driver": need},
               fix=_distro.install_driver(ctx.distro, _distro.branch_of(need)) +
               [f"# or compile with the nvcc of a CUDA this driver runs: envcheck matrix compat --driver {driver}"])


# Numba's own verdict in `numba -s`: "CUDA Minor Version Compatibility Needed : True" with "... Available : False".
MVC_NEEDED = r"Minor Version Compatibility Needed\s*:\s*True"
MVC_MISSING = r"Minor Version Compatibility Available\s*:\s*False"


def _runtime_beyond_driver(ctx: Context):
    """A program reports using a CUDA runtime newer than the CUDA the driver supports. Across majors nothing runs;
    within one, only through minor-version compatibility, which JIT-compiled PTX (Numba's kernels) needs extra
    packages for, and the program says when it is missing."""
    have = ctx.facts.gpus.cuda_driver_version
    runtime = ctx.reported_runtime()
    if not have or runtime is None or older_than(runtime.version, have) is not False or runtime.version == have:
        return None
    same_major = runtime.version.split(".")[0] == have.split(".")[0]
    # NVIDIA Warp's banner ("CUDA Toolkit 12.8, Driver 12.4", corpus 2878, 6012: a crash and a failed graph capture,
    # both cured by a newer driver)
    compiles_at_run_time = runtime.source.endswith(f": {WARP_SOURCE}")
    if same_major and not compiles_at_run_time and not (ctx.observed([MVC_NEEDED]) and ctx.observed([MVC_MISSING])):
        return None
    why = ("Warp compiles its kernels at run time with the NVRTC of its own CUDA, and minor-version compatibility does "
           "not cover code from a newer compiler than the driver's" if same_major and compiles_at_run_time else
           "minor-version compatibility is needed and not available" if same_major else "another major release")
    need = ctx.matrix.min_driver(runtime.version) if re.fullmatch(r"\d+\.\d+", runtime.version) else None
    return Hit(f"the CUDA runtime in use is {runtime.version} and the driver supports CUDA {have} at most ({why})",
               evidence={"gpus.cuda_driver_version": have, "cudart": runtime.version, "source": runtime.source,
                         "minimum_driver": need or "not recorded"},
               fix=_distro.install_driver(ctx.distro, _distro.branch_of(need) if need else None) +
               [f"# or use a CUDA runtime no newer than {have} (the cudatoolkit or nvidia-cuda-runtime package of "
                "that release)"])


def _cuda_wanted(ctx: Context) -> List[Tuple[str, str, str, str]]:
    """(name, release, CUDA, basis) for each piece of software whose CUDA the facts give: a build that says
    which CUDA it was built for ("built"); a plain torch release on Linux, which PyPI serves as the release's
    default CUDA build (torch.toml default_variant); JAX's CUDA extra, whose wheels are built for that major
    and need at least what its first release needs ("12.0")."""
    wanted = []
    for framework in ctx.facts.frameworks.installed:
        if framework.accelerator == "cuda" and framework.build_cuda and "." in framework.build_cuda:
            wanted.append((framework.name, framework.version, framework.build_cuda, "built"))
        elif framework.name == "torch" and not framework.accelerator and framework.version and \
                "+" not in framework.version and not _not_linux(ctx):
            try:
                variant = ctx.matrix.torch_default_variant(framework.version)
            except (QueryError, InvalidVersion):
                continue
            found = re.fullmatch(r"cu(\d+)(\d)", variant or "")
            if found:
                wanted.append(("torch", framework.version, f"{found.group(1)}.{found.group(2)}",
                               f"plain pip install on Linux gets its {variant} build"))
        elif framework.name == "tensorflow" and not framework.accelerator and framework.version:
            tested = _tensorflow_pip_cuda(ctx, framework.version)
            if tested:
                wanted.append(("tensorflow", framework.version, tested,
                               "its pip GPU build, per TensorFlow's tested build configurations"))
    if not any(name == "jax" for name, *_ in wanted):
        asked = next((m for m in map(JAX_CUDA_ASKED.search, ctx.observations) if m and (m.group(1) or m.group(2))), None)
        if asked:
            major = asked.group(1) or asked.group(2)
            wanted.append(("jax", "", f"{major}.0", f"{asked.group(0)} installs CUDA {major} wheels"))
    return wanted


# TensorFlow's pip packages with GPU support: tensorflow-gpu, and from 2.1 the plain tensorflow package too ("The
# tensorflow pip package now includes GPU support by default (same as tensorflow-gpu) for both Linux and Windows",
# github.com/tensorflow/tensorflow/releases/tag/v2.1.0). A conda build may be linked against another CUDA.
TENSORFLOW_GPU_PACKAGE = r"\btensorflow-gpu\b"
CONDA_TENSORFLOW = r"\bconda (?:install|create)\b.*\btensorflow"


def _tensorflow_pip_cuda(ctx: Context, release: str) -> str:
    """The CUDA TensorFlow's pip GPU build of this release was built with (tensorflow.toml), "" when the report
    does not show a pip GPU build on Linux, or the table gives only a CUDA major."""
    if _not_linux(ctx) or ctx.observed([CONDA_TENSORFLOW]):
        return ""
    try:
        gpu_by_default = version(release) >= version("2.1")
        cuda = ctx.matrix.tensorflow_release(release).get("cuda", "")
    except (QueryError, InvalidVersion):
        return ""
    if not (gpu_by_default or ctx.observed([TENSORFLOW_GPU_PACKAGE])):
        return ""
    return cuda if re.fullmatch(r"\d+\.\d+", cuda or "") else ""


# Windows and macOS as pastes show them: frameworks' patterns, plus any macOS wheel tag and uname's Darwin.
NOT_LINUX = (NATIVE_WINDOWS.pattern, APPLE_SILICON.pattern, r"\bmacosx_\d+", r"\bDarwin\b")


def _not_linux(ctx: Context) -> bool:
    """Windows or macOS, where a plain `pip install torch` is the CPU build."""
    return ctx.facts.system.os in ("windows", "darwin") or bool(ctx.observed(NOT_LINUX))


def _image_libcuda_newer_than_host(ctx: Context) -> Optional[Tuple[str, str]]:
    """(kernel module, libcuda) where TensorFlow's or XLA's diagnostics read a libcuda of a newer driver branch than
    the loaded kernel module while the host's own nvidia-smi reports the kernel module's version: the host's driver
    agrees with itself, so the newer libcuda is not the host's but a forward-compatibility one (cuda-compat) that the
    image brought for its newer CUDA, and it does not run on this driver. AlphaFold 3's CUDA 12.6 image on driver 535:
    "kernel version 535.183.6 does not match DSO version 560.28.3" beside nvidia-smi's "Driver Version: 535.183.06"
    (google-deepmind/alphafold3#352). A half-upgraded host reads otherwise: its nvidia-smi fails or shows the new
    release."""
    said = first_match(KERNEL_DSO_MISMATCH, ctx.observations)
    driver = ctx.driver_version()
    if said is None or not driver or ctx.observed([NVML_MISMATCH]):
        return None
    kernel, library = said.groups()
    try:
        agrees, newer_branch = version(kernel) == version(driver), version(library).major > version(kernel).major
    except QueryError:
        return None
    return (kernel, library) if agrees and newer_branch else None


def _compat_on_an_old_driver(ctx: Context) -> str:
    """Where cuInit's 804 came from a driver older than the program's CUDA, with no forward-compatibility library the
    user put on the path themselves and no half-upgraded driver (NVML's version mismatch): "container" in a container
    (a `docker run`, or "in the docker environment" in the user's words), whose image carries cuda-compat for a CUDA
    newer than the host driver (NVIDIA's images use it only then); "host" when the report names a GeForce or workstation
    GPU and the CUDA the program is built for (LAMMPS built with CUDA 12.9 on an RTX 5080): a libcuda newer than the
    kernel driver tried forward compatibility, which only datacenter GPUs have. "" otherwise."""
    if not ctx.observed((CUINIT_TEXT[0][1],)) or ctx.observed((r"\bcuda-compat\b", r"LD_LIBRARY_PATH\S*compat",
                                                                NVML_MISMATCH)):
        return ""
    if in_container(ctx) or ctx.observed((NGC_DRIVER_CHECK.pattern,)):
        return "container"  # an NGC image's entrypoint checked the driver: the program runs in that image
    segments = {gpu["segment"] for gpu in ctx.gpu_models() if gpu["segment"]}
    cuda = ctx.program_cuda()
    if not (segments and "datacenter" not in segments and cuda) or cuda == ctx.facts.gpus.cuda_driver_version:
        return ""  # (nvidia-smi's "CUDA Version" is the driver's own, not the program's)
    driver = ctx.driver_version()
    judged = _driver_runs(ctx, driver, cuda) if driver else None
    # Forward compatibility was tried, so a libcuda newer than the kernel driver was loaded: that happens for a CUDA
    # beyond the driver's own release even where minor-version compatibility would have run the program (driver 470
    # with CUDA 11.7, 535 with a CUDA 12.4 build), because whatever shipped the newer libcuda keys on the exact minimum
    return "" if judged and judged[1] == "exact" else "host"


# Words and messages that say the NVIDIA driver did not come up (not why): the desktop or nvidia-smi.
DRIVER_DOWN_WORDS = (r"No devices were found", r"couldn't communicate with the NVIDIA driver", r"black screen",
                     r"\bnvidia-open\b", r"-open\b.{0,40}\bdriver|driver.{0,40}\bopen (?:kernel )?modules?")


@rule("DRV006", "open-kernel-module-required", "error", "This GPU needs NVIDIA's open kernel modules",
      signatures=(r"requires use of the NVIDIA open kernel modules", r"open kernel modules? (being|is|are) required",
                  # in people's words: "the g7 family's GPU (Blackwell) is only supported by the open kernel modules"
                  r"(?:only supported by|supported only by|requires?|needs?) the open (?:NVIDIA )?(?:GPU )?kernel modules?"),
      priority=8, references=("https://github.com/NVIDIA/open-gpu-kernel-modules",))
def open_kernel_module_required(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    dmesg: "NVRM: The NVIDIA GPU ... installed in this system requires use of the NVIDIA open kernel
    modules."; nvidia-smi finds no devices; the desktop hangs at boot.

    Why:
    Blackwell GPUs (GeForce RTX 50 series, B200, GB200, RTX PRO Blackwell) and newer are supported
    only by NVIDIA's open GPU kernel modules; the proprietary kernel module refuses them.

    Fix:
    Install the "-open" flavour of the driver (nvidia-driver-<branch>-open, nvidia-open,
    nvidia-driver:<branch>-open) and reboot.

    When to ignore:
    Never on Blackwell or newer.
    """
    f = ctx.facts
    newer = [g for g in ctx.gpu_models() if g["architecture"] in ("Blackwell", "Rubin")]
    if (newer and f.driver.kernel_module_flavor == "proprietary") or seen:
        logged = any(re.search(r"requires use of the NVIDIA open kernel modules", text, re.I) for text in seen)
        yield Hit("A Blackwell-generation GPU with the proprietary kernel module" if newer else
                  "The kernel log says this GPU needs NVIDIA's open kernel modules" if logged else
                  "The report says this GPU is supported only by NVIDIA's open kernel modules",
                  evidence={"gpus": [g["name"] for g in newer], "driver.kernel_module_flavor": f.driver.kernel_module_flavor},
                  fix=_distro.install_driver(ctx.distro, _distro.branch_of(ctx.driver_version()), open_modules=True))
    elif newer and not f.driver.kernel_module_flavor and ctx.observed(DRIVER_DOWN_WORDS):
        # The flavour is unknown, the driver is not up on a GPU only the open modules drive: the first suspect.
        yield Hit(f"The {newer[0]['name']} works only with NVIDIA's open kernel modules, and the driver is not up; "
                  "check which flavour is installed", priority=30,
                  evidence={"gpus": [g["name"] for g in newer], "driver.kernel_module_flavor": "unknown"},
                  fix=["modinfo nvidia | grep -i license  # 'Dual MIT/GPL' is the open flavour, 'NVIDIA' the proprietary",
                       *_distro.install_driver(ctx.distro, _distro.branch_of(ctx.driver_version()), open_modules=True)])


# DKMS stops on a tree it still lists for a driver version whose files were removed: it then builds
# nothing at the next kernel update, for any module.
STALE_DKMS_TREE = r"Could not locate dkms\.conf file"
# modprobe finds no file for an NVIDIA module (nvidia, nvidia_uvm, nvidia_drm ...) under the running kernel's tree:
# the driver's modules were never built for it, which is a different fault from a module not loaded.
MODULE_NOT_BUILT = r"Module nvidia(?:[-_][a-z]+)? not found in directory /lib/modules"
STALE_DKMS_PATH = re.compile(r"/var/lib/dkms/([\w.-]+)/([\w.-]+)/source/dkms\.conf")
# The kernel's module loader refusing an nvidia module built for another kernel: "nvidia: version magic
# '5.4.18-100.fc30.x86_64 SMP mod_unload ' should be '5.4.18-200.fc31.x86_64 SMP mod_unload '" (a Fedora 30 module
# left in weak-updates after the upgrade to 31, negativo17/nvidia-driver#97; modprobe then says "Exec format error"),
# "nvidia: disagrees about version of symbol module_layout" (a SLES 16.0 module on a 16.1 kernel, Manjaro's packaged
# module under a custom kernel).
MODULE_FOR_OTHER_KERNEL = re.compile(r"\bnvidia(?:[-_][a-z]+)?: (?:version magic '([^']*)'\s*should be '([^']*)'|"
                                     r"disagrees about version of symbol (\w+))")


# NVIDIA's precompiled kmod streams for RHEL and its rebuilds ship the module built per kernel; their dnf plugin
# "prevents upgrading to a kernel for which no precompiled driver exists yet" (NVIDIA/yum-packaging-nvidia-driver,
# docs/guide-rhel8.md) and says so: "NOTE: Skipping kernel installation since no kernel module package
# kmod-nvidia-470.57.02-4.18.0-305.19.1 for kernel version 4.18.0-305.19.1.el8_4 and NVIDIA driver 470.57.02 could be
# found" (NVIDIA/yum-packaging-precompiled-kmod#27, #28, #35, #50).
PRECOMPILED_KMOD_MISSING = re.compile(r"no kernel module package (kmod-nvidia-\S+) for kernel version (\S+) and NVIDIA "
                                      r"driver (\S+) could be found")
# NVIDIA's driver installation guide: switching a RHEL 8/9 system's driver stream.
DRIVER_INSTALL_GUIDE = "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/advanced-options.html"


@rule("DRV007", "driver-not-built-for-kernel", "error", "No NVIDIA module was built for the running kernel",
      signatures=(r"couldn't communicate with the NVIDIA driver", MODULE_NOT_BUILT, PRECOMPILED_KMOD_MISSING.pattern,
                  r"Bad return status for module build on kernel", r"kernel headers for kernel .* cannot be found",
                  r"linux-headers-\S+ is not supported", r"dkms.*(build|install).*(fail|error)", STALE_DKMS_TREE,
                  MODULE_FOR_OTHER_KERNEL.pattern),
      priority=25)
def driver_not_built_for_kernel(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that
    the latest NVIDIA driver is installed and running." after a kernel update; "modprobe: FATAL:
    Module nvidia not found in directory /lib/modules/<kernel>"; `dkms status` says "Error! Could
    not locate dkms.conf file. File: /var/lib/dkms/nvidia/390.48/source/dkms.conf does not exist."
    and the module has to be installed by hand after every kernel update. The kernel refusing a module built for
    another kernel: "nvidia: version magic '5.4.18-100.fc30.x86_64 SMP mod_unload ' should be '5.4.18-200.fc31.x86_64
    SMP mod_unload '", "nvidia: disagrees about version of symbol module_layout" (modprobe: "Exec format error").
    NVIDIA's precompiled RHEL streams: "no kernel module package kmod-nvidia-470.57.02-4.18.0-305.19.1 for
    kernel version 4.18.0-305.19.1.el8_4 and NVIDIA driver 470.57.02 could be found".

    Why:
    The NVIDIA kernel module is built per kernel (by DKMS or akmods). After a kernel upgrade
    without the matching headers, or when the build failed, the new kernel has no nvidia.ko. A
    tree DKMS still lists for a driver whose files were removed stops it before it builds anything.

    Fix:
    Install the headers of the running kernel and rebuild the module; or boot the previous kernel.
    With precompiled modules, wait for the new kernel's package or switch to a DKMS stream.
    If Secure Boot is on, also see secure-boot-blocks-module.

    When to ignore:
    Never while you need the GPU on this kernel.
    """
    f = ctx.facts
    if ctx.observed(NVML_STUB):
        return  # nvidia-smi talked to the toolkit's stub NVML, not to the module (LIB021)
    installed = bool(f.driver.userspace_libraries)
    if installed and f.driver.status == "ok" and not f.driver.modules_for_running_kernel and \
            f.driver.loaded_modules.get("nvidia") is False and not f.container.inside and not f.system.wsl:
        yield Hit(f"the NVIDIA driver {f.driver.userspace_version} is installed but no nvidia module exists for kernel "
                  f"{f.system.kernel}", evidence={"system.kernel": f.system.kernel,
                                                  "driver.modules_for_running_kernel": [],
                                                  "driver.userspace_version": f.driver.userspace_version},
                  fix=_distro.kernel_headers_and_rebuild(ctx.distro))
    elif ctx.observed([STALE_DKMS_TREE]):
        stale = first_match(STALE_DKMS_PATH, ctx.observations)
        tree = f"/var/lib/dkms/{stale.group(1)}/{stale.group(2)}" if stale else "/var/lib/dkms/nvidia/<old version>"
        yield Hit(f"DKMS stops at {tree}, a tree left from a removed driver (it has no dkms.conf), so it builds no "
                  "module for new kernels", evidence={"stale_dkms_tree": tree},
                  fix=["dkms status  # every tree it lists must be an installed driver",
                       f"sudo rm -rf {tree}",
                       "sudo dkms autoinstall  # builds the installed driver for the running kernel"])
    elif (said := first_match(MODULE_FOR_OTHER_KERNEL, seen)) is not None:
        built, running = (" ".join(said.group(1).split()), " ".join(said.group(2).split())) if said.group(1) else ("", "")
        yield Hit("The kernel refuses the installed nvidia module: it was built for another kernel" +
                  (f" ('{built}', the running kernel is '{running}')" if built else
                   f" (its symbol versions, {said.group(3)} first, are not this kernel's)"),
                  evidence={"observed": said.group(0)[:200]}, confirmed=True,
                  fix=["modinfo -F vermagic nvidia; uname -r  # the kernel the module was built for, and the running one",
                       "ls /lib/modules/$(uname -r)/{extra,updates,weak-updates} 2>/dev/null | grep -i nvidia  "
                       "# a module copied from another kernel (weak-updates) shadows a build for this one",
                       *_distro.kernel_headers_and_rebuild(ctx.distro)])
    elif (kmod := first_match(PRECOMPILED_KMOD_MISSING, seen)) is not None:
        package, kernel, driver = kmod.groups()
        yield Hit(f"NVIDIA's precompiled repository has no {package} yet, the module of driver {driver} built for "
                  f"kernel {kernel}: its dnf plugin holds the kernel back (or the new kernel boots without a module) "
                  "until NVIDIA publishes it", evidence={"observed": kmod.group(0)[:200], "kernel": kernel,
                                                         "driver": driver}, confirmed=True,
                  references=[DRIVER_INSTALL_GUIDE],
                  fix=[f"stay on the current kernel until {package} is published: dnf list 'kmod-nvidia-*'  # the "
                       "kernels each driver has a module for",
                       "or move to a driver the new kernel has a module for, or to a DKMS stream, which builds the "
                       "module on the host: sudo dnf -y module switch-to nvidia-driver:latest-dkms --allowerasing"])
    elif seen and f.system.secure_boot != "enabled" and not ctx.observed(TOO_OLD_FOR_KERNEL) \
            and not ctx.shared("release_candidate_kernel_build", release_candidate_kernel_build):
        # (a build that stopped in the driver's own source is the release's age, DRV032: headers do not help)
        yield Hit("The NVIDIA kernel module is not running; the usual cause is a kernel update without a rebuilt "
                  "module (DKMS)", fix=_distro.kernel_headers_and_rebuild(ctx.distro))


# A driver release older than the kernel it is built for: the kernel changed an interface the module's source uses, and
# the build of the module stops in the driver's own source. The linker's words when symbols the module needs became
# GPL-only (kernel 5.15.0-1067-gcp and 470/495 modules, NVIDIA/cudf-spark#11675 and
# mesosphere/konvoy-image-builder#1200; __rcu_read_lock in early-2024 stable kernels and 525 to 545 modules,
# xanmod/linux#411, GoogleCloudPlatform/compute-gpu-installation#33), and the compiler's when a kernel function the
# source calls is gone or changed ("implicit declaration of function 'dma_is_direct'" in 390.157 on kernel 6.6.89,
# void-linux/void-packages#55238). A missing header ("fatal error: ...: No such file or directory") is the headers'
# fault, not the release's (DRV007).
GPL_ONLY_SYMBOL = r"GPL-incompatible module nvidia(?:[-_][a-z]+)?\.ko uses GPL-only symbol"
NVIDIA_SOURCE_ERROR = (r"/(?:dkms/nvidia/[\d.]+/build|NVIDIA-Linux-[\w.-]+/kernel|src/nvidia-[\d.]+)/"
                       r"\S+\.[ch]:\d+(?::\d+)?: error: (?:implicit declaration of function|"
                       r"too (?:few|many) arguments to function|unknown type name|'\w+' undeclared|"
                       r"\W?struct \w+\W? has no member named|conflicting types for|passing argument \d+ of)")
TOO_OLD_FOR_KERNEL = (GPL_ONLY_SYMBOL, NVIDIA_SOURCE_ERROR)
MODULE_SOURCE_VERSION = re.compile(r"(?:dkms/nvidia/|NVIDIA-Linux-[a-z0-9_]+-|src/nvidia-)(\d{3}\.\d+(?:\.\d+)?)", re.I)
BUILT_FOR_KERNEL = re.compile(r"(?:/lib/modules/|/usr/src/(?:linux|kernel)-headers-|-k\s+)"
                              r"(\d+\.\d+[\w.+~-]*?)(?:[/'\s]|$)")


# A module build that failed for a release-candidate kernel: DKMS's "Error! Bad return status for module build on
# kernel: 5.6.0-rc1-1-tkg-bmq (x86_64)" (corpus 18151), a package hook's "WARNING: `dkms install --no-depmod
# nvidia/530.30.02 -k 6.3.0-rc1' exited 10" (corpus 18152). An -rc kernel is mainline before its release; NVIDIA's
# releases add support for kernels once they are out, so no release the person has builds for it yet.
RC_KERNEL_BUILD_FAILED = (r"Bad return status for module build on kernel:?\s*\d+\.\d+[\w.]*-rc\d",
                          r"\bdkms\b[^\n]*\s-k\s*'?\d+\.\d+[\w.]*-rc\d[^\n]*\b(?:exited|fail\w*|error)")
RC_KERNEL = re.compile(r"\b(\d+\.\d+(?:\.\d+)?-rc\d+)")
# The person's own words that a driver release does not build for a kernel: "nv 530.41.03 will not build with kernel
# 6.4" (corpus 18155), "470.182.03 fails to compile against linux 6.5".
RELEASE_WONT_BUILD_SAID = re.compile(r"\b(\d{3}\.\d+(?:\.\d+)?)\s+(?:will not|won't|does not|doesn't|fails? to|can't|"
                                     r"cannot|no longer)\s+(?:build|compile)\s+(?:with|on|for|against)\s+"
                                     r"(?:the\s+)?(?:linux\s+)?(?:kernel\s+)?(\d+\.\d+)", re.I)


def release_candidate_kernel_build(ctx: Context) -> List[str]:
    """The lines where the nvidia module's build failed for a release-candidate kernel, or where the person says a
    driver release does not build for a kernel: the release is older than the kernel, whatever the headers."""
    return ctx.observed(RC_KERNEL_BUILD_FAILED) or ctx.observed([RELEASE_WONT_BUILD_SAID.pattern])


@rule("DRV032", "driver-release-too-old-for-kernel", "error",
      "The installed driver release does not build for this newer kernel",
      signatures=TOO_OLD_FOR_KERNEL, priority=22)
def driver_release_too_old_for_kernel(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    After a kernel update the NVIDIA module no longer builds (DKMS, akmods, the .run installer),
    and the build stops in the driver's own source: "ERROR: modpost: GPL-incompatible module
    nvidia.ko uses GPL-only symbol '__rcu_read_lock'", or the compiler's "error: implicit
    declaration of function 'dma_is_direct'" in /var/lib/dkms/nvidia/<version>/build/.

    Why:
    The module's source is written against the kernel interfaces of its time. When a newer kernel
    removes or changes a function the source calls, or makes a symbol it links to GPL-only, that
    driver release cannot build for it at all: reinstalling headers or rebuilding does not help.
    NVIDIA fixes this in later releases of each supported branch; legacy branches stop receiving
    such fixes at some kernel.

    Fix:
    Install a driver release that supports the kernel (a newer release of the same branch, or a
    newer branch), or boot a kernel the installed release builds for (an LTS kernel for a legacy
    branch) and hold it until a fixed release comes.

    A build for a release-candidate kernel (5.6.0-rc1, 6.3.0-rc1) that fails: no driver release
    supports a kernel before it is out. The person's word that a release "will not build with
    kernel 6.4".

    When to ignore:
    When the error is in another out-of-tree module, not NVIDIA's.
    """
    told = [] if seen else ctx.shared("release_candidate_kernel_build", release_candidate_kernel_build)
    if told:
        yield _release_older_than_kernel_told(ctx, told)
        return
    if not seen:
        return
    version = first_match(MODULE_SOURCE_VERSION, ctx.observations)
    kernel = first_match(BUILT_FOR_KERNEL, ctx.observations)
    driver = version.group(1) if version else ctx.driver_version()
    built_for = kernel.group(1) if kernel else ctx.facts.system.kernel
    branch = _distro.branch_of(driver)
    yield Hit(f"NVIDIA driver {driver or 'the installed release'}'s kernel module does not build for "
              f"{'kernel ' + built_for if built_for else 'this kernel'}: the kernel changed an interface the "
              "module's source uses, so this release cannot be built for it however often it is rebuilt",
              evidence={"observed": seen[0].strip()[:200], **({"driver": driver} if driver else {}),
                        **({"kernel": built_for} if built_for else {})}, confirmed=True,
              fix=[f"install a newer release{f' of the {branch} branch' if branch else ''}, or a newer branch, "
                   "whose release notes support this kernel; then rebuild: sudo dkms autoinstall",
                   "or boot the previous (or an LTS) kernel and hold it until a fixed release comes: a legacy branch "
                   "(390, 470) may never get one",
                   "dkms status; uname -r  # the module versions DKMS has, and the running kernel"])


def _release_older_than_kernel_told(ctx: Context, told: List[str]) -> Hit:
    """The module's build failed for a release-candidate kernel, or the person says the release does not build for the
    kernel: DRV032's finding without a compiler error to read."""
    said = first_match(RELEASE_WONT_BUILD_SAID, told)
    candidate = first_match(RC_KERNEL, told)
    if said:
        driver, kernel = said.group(1), said.group(2)
    else:
        # DKMS names the module it built ("nvidia/530.30.02"); else the source path, else the report's driver
        named = re.search(r"nvidia/(\d{3}\.\d+(?:\.\d+)?)", " ".join(told)) or \
            first_match(MODULE_SOURCE_VERSION, ctx.observations)
        driver = named.group(1) if named else ctx.driver_version()
        kernel = candidate.group(1) if candidate else ""
    branch = _distro.branch_of(driver)
    why = ("a release candidate, mainline before its release: NVIDIA's releases add support for a kernel once it "
           "is out" if candidate and not said else
           "the person reporting says so, and headers or rebuilds do not change it")
    return Hit(f"NVIDIA driver {driver or 'the installed release'}'s kernel module does not build for kernel "
               f"{kernel or 'in use'}: {why}",
               evidence={"observed": told[0].strip()[:200], **({"driver": driver} if driver else {}),
                         **({"kernel": kernel} if kernel else {})}, confirmed=bool(candidate and not said),
               fix=["boot a released kernel (the distribution's, or an LTS) until a driver release supports this "
                    "one: dkms status; uname -r",
                    f"then install a newer release{f' of the {branch} branch' if branch else ''} whose release notes "
                    "support the kernel, and rebuild: sudo dkms autoinstall"])


# NCCL's NVLink SHARP (NVLS) collectives failing to bind multicast memory through the NVSwitches, with NCCL's own
# next line blaming the fabric: "Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error 401
# 'the operation cannot be performed in the present state'. This is usually caused by a system or configuration error
# in the Fabric Manager or NVSwitches." (src/transport/nvls.cc; H100 CI nodes whose fabric manager was not running,
# pytorch/ci-infra#541); also with CUDA error 1 'invalid argument' and 2 'out of memory'.
NVLS_BIND_FAILED = r"Failed to bind NVLink SHARP \(NVLS\) Multicast memory"


@rule("DRV008", "fabric-manager-not-running", "error", "NVSwitch system without a running fabric manager",
      signatures=(NVLS_BIND_FAILED, r"system not yet initialized", r"CUDA_ERROR_SYSTEM_NOT_READY",
                  r"cudaErrorSystemNotReady",
                  # the code alone: Ollama's "cuInit err: 802" / "cuda driver library init failure: 802",
                  # "cuda runtime error (802)"
                  r"(?:cuInit err(?:or)?|init failure|CUDA error|cuda runtime error|error code)\W{0,3}802\b",
                  # and in words: "CUDA initialization fails with 802 system error", "CUDA initialisation fails with
                  # error 802", "Without it `cuInit()` fails with error 802"
                  r"\b(?:CUDA|cuInit)\b.{0,30}\bfail(?:s|ed)? with (?:error )?802\b"),
      priority=15, references=("https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/",))
def fabric_manager_not_running(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "cuda runtime error (802) : system not yet initialized"; "CUDA initialization fails with 802 system
    error"; cuInit returns 802 (CUDA_ERROR_SYSTEM_NOT_READY) on an HGX/DGX machine. Or CUDA runs and
    NCCL's first collective fails: "Failed to bind NVLink SHARP (NVLS) Multicast memory of size
    2097152 : CUDA error 401", "usually caused by a system or configuration error in the Fabric
    Manager or NVSwitches".

    Why:
    On NVSwitch systems (HGX A100/H100/H200/B200), GPUs cannot run CUDA until the fabric manager
    service has configured the NVLink fabric. cuInit is the ground truth: 802 means the fabric is
    not ready, whatever the process table shows; success means it is up. Without a cuInit answer,
    envcheck falls back on whether an nv-fabricmanager process runs (on the host, not in a
    container, which cannot see the host's processes). In a pasted report: systemd saying the
    fabric manager unit is absent or down, or CUDA finding no GPU on a machine named as an NVSwitch
    system (an HGX or DGX of the A100 generation on, an AWS p4d).

    NVLink SHARP multicast, which NCCL uses on Hopper and later NVSwitch systems, is set up through
    the fabric manager as well: a fabric manager that is down, or that lost track of the GPUs in its
    partition, fails the bind while everything else seems to work.

    Fix:
    Install nvidia-fabricmanager of exactly the driver's version and start it. Where it runs and
    NVLS still fails, restart it with the GPUs reset and idle; NCCL_NVLS_ENABLE=0 runs without NVLS
    meanwhile.

    When to ignore:
    Machines without NVSwitches never need fabric manager.
    """
    f = ctx.facts
    switches = [d for d in f.pci.devices if d.kind == "nvswitch"]
    fm = f.driver.fabric_manager
    code = f.cuda.driver_api.cuinit_code
    mismatch = fm.version and ctx.driver_version() and fm.version != ctx.driver_version()
    if mismatch or ctx.observed(FM_MISMATCH_SIGNATURES):
        return  # fabric-manager-version-mismatch names the cause
    fix = _distro.fabric_manager(ctx.distro, _distro.branch_of(ctx.driver_version()))
    nvls = ctx.observed([NVLS_BIND_FAILED])
    if nvls and len(nvls) == len(seen) and code != 802:
        yield Hit("NCCL could not bind NVLink SHARP (NVLS) multicast memory through the NVSwitches: the fabric manager "
                  "is not running, or its partition no longer holds these GPUs",
                  evidence={"observed": nvls[0].strip()[:200], "nvswitches": len(switches),
                            "driver.fabric_manager.running": fm.running},
                  fix=["systemctl status nvidia-fabricmanager  # on the host: it must be active, of the driver's "
                       "version"] + fix +
                  ["if it was running: with no GPU process left, sudo systemctl stop nvidia-fabricmanager; sudo "
                   "nvidia-smi -r; sudo systemctl start nvidia-fabricmanager",
                   "meanwhile, to run without NVLS collectives: export NCCL_NVLS_ENABLE=0 (NCCL's own advice)"])
        return
    if code == 802 or seen:
        yield Hit("CUDA reports 802 (system not yet initialized): on NVSwitch systems fabric manager must be running"
                  + (f" ({len(switches)} NVSwitch(es) on the bus)" if switches else ""),
                  evidence={"cuda.driver_api.cuinit_code": code, "nvswitches": len(switches),
                            "driver.fabric_manager.running": fm.running}, fix=fix)
    elif switches and code != 0 and fm.running is False and not f.container.inside:
        yield Hit(f"{len(switches)} NVSwitch(es) but fabric manager is " + ("not installed" if not fm.installed
                                                                            else "not running"),
                  evidence={"nvswitches": len(switches), "driver.fabric_manager.installed": fm.installed,
                            "driver.fabric_manager.running": fm.running, "cuda.driver_api.cuinit_code": code},
                  fix=fix)
    elif code is None and not switches:
        system = ctx.observed([NVSWITCH_SYSTEM])
        absent = ctx.observed([FM_SERVICE_ABSENT])
        down = ctx.observed([FM_SERVICE_DOWN]) if ctx.observed([FM_SERVICE_UNIT]) else []
        service = (absent or down) if system or ctx.observed(CUDA_SEES_NO_GPU) else []
        no_device = ctx.observed(list(CUDA_SEES_NO_GPU) + [CUDA_FINDS_NO_DEVICE]) if system and not service else []
        if service or no_device:
            yield Hit(("fabric manager is not " + ("installed" if absent else "running")
                       if service else "CUDA finds no usable GPU")
                      + (" on an NVSwitch system" if system else " while CUDA finds no GPU")
                      + ": until fabric manager has set up the NVLink fabric, CUDA cannot use these GPUs",
                      evidence={"observed": (service or no_device)[0].strip()[:200],
                                **({"system": system[0].strip()[:200]} if system else {})},
                      generic=not service, fix=fix)


# Machines whose GPUs sit on NVSwitches and so need fabric manager: NVIDIA's HGX 8-GPU baseboards and DGX systems of
# the A100 generation on (the Fabric Manager user guide is for "NVSwitch-based single-node HGX and DGX systems"; the
# vGPU guide lists HGX A100, H100, H800, H200, B200 and B300 8-GPU baseboards), and AWS's p4d/p4de (8 A100 SXM4 on
# such a baseboard: hashcat/hashcat#3008, corpus 14750, where installing cuda-drivers-fabricmanager made CUDA work),
# as people name them: "HGX A100", "A100 HGX", "DGX-H100", "p4d.24xlarge".
NVSWITCH_SYSTEM = (r"\b(?:HGX|DGX)\W{0,2}(?:A100|H100|H800|H200|B200|B300)\b|"
                   r"\b(?:A100|H100|H800|H200|B200|B300)\W{0,2}(?:HGX|DGX)\b|\bp4de?\.24x(?:l|large)\b|\bNVSwitch")
# systemd on fabric manager: the unit absent ("Unit nvidia-fabricmanager.service could not be found.", corpus 743), or
# its status block saying it is down ("Active: inactive (dead)", "Active: failed (Result: exit-code)").
FM_SERVICE_ABSENT = r"\bUnit nvidia-fabricmanager(?:\.service)? (?:could not be found|not found)"
FM_SERVICE_UNIT = r"\bnvidia-fabricmanager\.service\b"
FM_SERVICE_DOWN = r"^\W{0,3}Active: (?:inactive|failed)\b"
# A program's words for a machine where CUDA finds no GPU at all: hashcat's "cannot find any CUDA-compatible platforms"
# (as its reporter retells it), the CUDA samples' "no CUDA-capable device is detected".
CUDA_FINDS_NO_DEVICE = r"\b(?:cannot|can't|could not|unable to) find any CUDA[- ]compatible (?:platforms?|devices?)\b"
FM_MISMATCH_SIGNATURES = (r"fabric manager NVIDIA GPU driver interface version",
                          r"fabric ?manager.*(version mismatch|don't match|does not match)")


@rule("DRV009", "fabric-manager-version-mismatch", "error", "Fabric manager and driver are different versions",
      signatures=FM_MISMATCH_SIGNATURES, priority=14,
      references=("https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/",))
def fabric_manager_version_mismatch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    journalctl -u nvidia-fabricmanager: "fabric manager NVIDIA GPU driver interface version X don't
    match with driver version Y. Please update with matching NVIDIA driver package."; CUDA then
    fails with 802 "system not yet initialized".

    Why:
    Fabric manager must be exactly the driver's version; driver upgrades that skip the
    nvidia-fabricmanager package leave it behind and it refuses to start.

    Fix:
    Install the fabric manager package of the running driver version (or hold both packages at
    one version) and restart the service.

    When to ignore:
    Never on NVSwitch systems.
    """
    fm = ctx.facts.driver.fabric_manager
    driver = ctx.driver_version()
    if (fm.version and driver and fm.version != driver) or seen:
        found = re.search(r"version ([\d.]+) (?:don't|do not) match with driver version ([\d.]+)", " ".join(seen))
        have, need = (found.group(1), found.group(2)) if found else (fm.version, driver)
        yield Hit(f"fabric manager {have or '?'} does not match driver {need or '?'}",
                  evidence={"driver.fabric_manager.version": have, "driver": need},
                  fix=_distro.fabric_manager(ctx.distro, _distro.branch_of(need or "")) +
                  ["# the package version must equal the driver version exactly (apt-mark hold both)"])


# The CUDA runtime's unknown error before CUDA 10.1 numbered it 30 (cudaErrorUnknown; 999 since): PyTorch's and Lua
# Torch's THC print "cuda runtime error (30) : unknown error at .../THCGeneral.cpp"; the CUDA samples' deviceQuery
# prints "cudaGetDeviceCount returned 30" and, on the next line, "-> unknown error".
OLD_RUNTIME_UNKNOWN = r"cuda runtime error \(30\)|cudaGetDeviceCount returned 30\b"


@rule("DRV010", "cuda-init-failed", "error", "The CUDA driver API fails to initialise",
      signatures=(r"CUDA unknown error", r"CUDA_ERROR_UNKNOWN", OLD_RUNTIME_UNKNOWN,
                  r"forward compatibility was attempted on non supported HW",
                  r"CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", r"Error 804", r"Unexpected error from cudaGetDeviceCount",
                  r"cuInit\(\S*\) (failed|returned)", r"CUDA_ERROR_STUB_LIBRARY", SYSTEM_DRIVER_MISMATCH_TEXT),
      priority=40)
def cuda_init_failed(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up environment";
    "Error 804: forward compatibility was attempted on non supported HW"; "Unexpected error from
    cudaGetDeviceCount()"; torch.cuda.is_available() is False although nvidia-smi works.

    Why:
    cuInit, the first call of every CUDA program, returned an error. The code names the cause:
    999 unknown (often after suspend/resume: nvidia_uvm lost its state), 804 a forward-compatibility
    libcuda on a GPU that does not support it (forward compatibility is for datacenter GPUs), 803
    ("unsupported display driver / cuda driver combination") with a forward-compatibility libcuda on
    the library path: one that does not fit the installed driver, 34 a stub libcuda, 100 no device
    visible.

    Fix:
    Follow the explanation of the code; for 999 reload nvidia_uvm (`sudo rmmod nvidia_uvm && sudo
    modprobe nvidia_uvm`) or reboot; for 804 remove cuda-compat from the library path.

    When to ignore:
    Never: no CUDA program runs until cuInit succeeds.
    """
    api = ctx.facts.cuda.driver_api
    code = api.cuinit_code
    if code in (802, 803, 34):
        return  # fabric manager, version mismatch and libcuda-stub-on-library-path explain these
    if code not in (None, 0):
        name, meaning = CUDA_ERRORS.get(code, (api.cuinit_name or "unknown", "see the CUDA driver API error codes"))
        yield Hit(f"cuInit returned {code} ({name}): {meaning}",
                  evidence={"cuda.driver_api.cuinit_code": code, "cuda.driver_api.cuinit_name": api.cuinit_name,
                            "cuda.driver_api.library": api.library}, fix=_cuinit_fix(code))
    elif seen:
        if named_symbol_at_init_in_container(ctx):
            return  # wsl-container-toolkit-too-old-for-driver explains it
        text = " ".join(seen)
        code = next((c for c, pattern in CUINIT_TEXT if re.search(pattern, text, re.I)), None)
        returned = re.search(r"cuInit\(\S*\) (?:failed|returned)\D{0,20}(\d{1,4})\b", text)
        if code is None and returned:
            code = int(returned.group(1))  # NGC's entrypoint: "[[CUDA Driver UNAVAILABLE (cuInit(0) returned 804)]]"
        if code == 803 and not ctx.observed(COMPAT_LIBRARIES):
            return  # a half-upgraded driver: driver-library-mismatch explains it
        if code == 34:
            return  # libcuda-stub-on-library-path explains it
        if code == 804 and ctx.shared("compat_on_old_driver", _compat_on_an_old_driver):
            return  # driver-too-old explains it
        name, meaning = CUDA_ERRORS.get(code, ("", "the driver API failed to initialise"))
        shown = "30 (cudaErrorUnknown, 999 since CUDA 10.1)" if code == 999 and re.search(OLD_RUNTIME_UNKNOWN, text, re.I) \
            else f"{code} ({name})"
        yield Hit(f"CUDA initialisation failed{f' with {shown}' if code else ''}: {meaning}",
                  fix=_cuinit_fix(code))


# The cuInit code an error message names, first match wins (the messages of DRV010's signatures).
CUINIT_TEXT = ((804, r"\bError 804\b|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE|forward compatibility was attempted|"
                     r"cuInit\(\S*\) returned 804\b"),
               (803, SYSTEM_DRIVER_MISMATCH_TEXT),
               (34, r"CUDA_ERROR_STUB_LIBRARY"),
               (999, OLD_RUNTIME_UNKNOWN + r"|CUDA unknown error|CUDA_ERROR_UNKNOWN"))


def _cuinit_fix(code) -> List[str]:
    if code == 999:
        return ["sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm  # after suspend/resume", "or: sudo reboot"]
    if code in (803, 804):
        return ["ls /usr/local/cuda/compat  # forward-compatibility libraries",
                "remove the compat folder from LD_LIBRARY_PATH / ld.so.conf, or run on a datacenter GPU",
                "in containers: use an image whose CUDA the host driver supports"]
    if code == 34:
        return ["echo $LD_LIBRARY_PATH  # remove any .../lib64/stubs entry"]
    if code == 100:
        return ["nvidia-smi -L", "echo $CUDA_VISIBLE_DEVICES"]
    return ["nvidia-smi", "dmesg | grep -i -E 'nvrm|xid'", "sudo reboot"]


@rule("DRV011", "persistence-mode-off", "info", "Persistence mode is off on a datacenter GPU", priority=90,
      references=("https://docs.nvidia.com/deploy/driver-persistence/",))
def persistence_mode_off(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Every CUDA program starts seconds slower; nvidia-smi shows "Persistence-M: Off".

    Why:
    Without persistence the driver tears the GPU state down when the last client exits and builds
    it again for the next one. NVIDIA recommends the persistence daemon on datacenter GPUs.

    Fix:
    `sudo systemctl enable --now nvidia-persistenced` (or `sudo nvidia-smi -pm 1`).

    When to ignore:
    Workstations and laptops, where power saving matters more than start-up time.
    """
    off = [g for g in ctx.facts.gpus.devices if g.persistence_mode == "disabled" and g.source.startswith("nvml")]
    datacenter = [g for g in off if (ctx._gpu_row(name=g.name) or {}).get("segment") == "datacenter"]
    if datacenter:
        yield Hit(f"persistence mode is off on {len(datacenter)} datacenter GPU(s)",
                  evidence={"gpus": [f"[{g.index}] {g.name}" for g in datacenter]},
                  fix=["sudo systemctl enable --now nvidia-persistenced", "nvidia-smi -q | grep -i persistence"])


def _slow_init_reasons(ctx: Context) -> List[str]:
    """Why we think driver initialisation was slow: the NVML or cuInit child ran out of time."""
    f = ctx.facts
    reasons = []
    if "did not answer" in f.gpus.nvml_error:
        reasons.append(f.gpus.nvml_error)
    if "did not answer" in f.cuda.driver_api.reason:
        reasons.append(f.cuda.driver_api.reason)
    for error in f.probe_errors:
        if error.probe in ("gpus", "cuda") and "did not" in error.reason and error.reason not in reasons:
            reasons.append(error.reason)
    return reasons


@rule("DRV012", "driver-init-slow", "warning", "Driver initialisation did not finish in time", priority=45,
      signatures=(r"nvidia-container-cli: initialization error: driver (?:rpc )?error: timed out",),
      references=("https://docs.nvidia.com/deploy/driver-persistence/",))
def driver_init_slow(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `envcheck inspect` says "NVML: ... did not answer in 30 s" or "CUDA driver API check: ... did not
    answer"; nvidia-smi and the first CUDA call of every program take many seconds; a GPU container
    fails to start with "nvidia-container-cli: initialization error: driver error: timed out".

    Why:
    Without persistence mode the driver tears GPU state down when the last client exits and
    initialises every GPU again for the next one; on hosts with many GPUs that takes long enough
    that a bounded check gives up. The GPU facts are then incomplete, and a smoke test that
    depends on them may pick the CPU.

    Fix:
    Keep the driver initialised: `sudo systemctl enable --now nvidia-persistenced` (or
    `sudo nvidia-smi -pm 1`), then run the check again. If persistence is already on, look at the
    kernel log for the GPU that is slow to answer (`sudo dmesg -T | grep -i -E 'nvrm|xid'`).

    When to ignore:
    A one-off on a host that was busy initialising its GPUs for another job at the same moment.
    """
    reasons = _slow_init_reasons(ctx) + [line[-160:] for line in seen[:1]]
    if not reasons:
        return
    devices = ctx.facts.gpus.devices
    off = [g for g in devices if g.persistence_mode == "disabled"]
    on = devices and all(g.persistence_mode == "enabled" for g in devices)
    fix = ["sudo systemctl enable --now nvidia-persistenced", "nvidia-smi -q | grep -i persistence"]
    if on:
        fix = ["sudo dmesg -T | grep -i -E 'nvrm|xid'  # persistence is on: find the GPU that is slow to answer",
               "nvidia-smi  # how long does it take?"]
    yield Hit("driver initialisation did not finish in time (" + "; ".join(reasons) + ")"
              + (f"; persistence mode is off on {len(off)} GPU(s)" if off else
                 "; persistence mode is on" if on else "; persistence mode is probably off (see persistence-mode-off)"),
              evidence={"timeouts": reasons, "gpus.persistence_mode": [f"[{g.index}] {g.persistence_mode}"
                                                                     for g in devices]},
              fix=fix)


# The unified-memory module missing, in the words of the tools that need it: enroot/pyxis and
# nvidia-container-cli ("open failed: /dev/nvidia-uvm: no such file or directory"), nvidia-modprobe,
# modprobe (Ubuntu's old packages named it per branch: "could not insert 'nvidia_331_uvm'"), and
# people's own ("the nvidia-uvm module is not loaded").
UVM_MISSING = (r"/dev/nvidia-uvm(?:-tools)?[\"']?:? (?:No such file|no such file)", r"(?:failed to|cannot|could not) open /dev/nvidia-uvm",
               r"nvidia[-_]uvm (?:kernel )?(?:module )?(?:is |was )?not (?:being )?loaded", r"modprobe: (?:FATAL|ERROR):.{0,80}nvidia(?:[-_]\d{3})?[-_]uvm",
               r"load kernel module nvidia[-_]uvm")


# In people's words: GPUs work in containers (or jobs) only once a program has used the GPU on the host: "CUDA doesn't
# work in containers until after I've run a process on the host OS", "if I execute `nvidia-smi` on the host machine,
# I get to execute `nvidia-smi` from the container again". That first host program created the nodes and loaded
# nvidia-uvm through nvidia-modprobe.
WORKS_AFTER_HOST_RUN = (r"\b(?:until|unless|only after|(?:if|once|after) (?:I|we|you) (?:first )?(?:run|execute))\b"
                        r"[^.\n]{0,80}?\bon the host\b")
# "For each system boot/reboot ... I must run nvidia-smi", "for each reboot i need to run allways before starting
# the 1st container: nvidia-smi": the same situation, where the person runs nvidia-smi by hand after every boot.
MUST_RUN_SMI = r"\b(?:must|need to|have to|had to)\s+(?:always\s+|allways\s+|first\s+)?run\b[^.\n]{0,60}?\bnvidia-smi\b"
EVERY_BOOT = r"\b(?:each|every|after(?: a| the| each| every)?) (?:system )?(?:re)?boots?\b"


@rule("DRV013", "nvidia-uvm-not-loaded", "error", "The NVIDIA unified-memory module (nvidia-uvm) is not loaded",
      signatures=(*UVM_MISSING, WORKS_AFTER_HOST_RUN, MUST_RUN_SMI), priority=22, references=(MODULE_DOCS,))
def nvidia_uvm_not_loaded(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    nvidia-smi works, but CUDA programs fail ("CUDA unknown error", cuInit 999, "no CUDA-capable
    device"); containers started by enroot/pyxis or Kubernetes fail with "open failed:
    /dev/nvidia-uvm: no such file or directory"; it worked until a reboot, or until someone ran a
    GPU container by hand ("CUDA doesn't work in containers until after I've run a process on the
    host"), or someone runs nvidia-smi by hand after every boot ("for each reboot i need to run
    nvidia-smi").

    Why:
    CUDA needs the nvidia-uvm kernel module and its /dev/nvidia-uvm node; nvidia-smi does not. The
    module is loaded on demand by nvidia-modprobe when a privileged process (root, or the Docker
    runtime hook) first uses CUDA. Unprivileged runtimes (enroot, rootless containers, Slurm jobs)
    cannot load it, so after a reboot nothing does. After suspend/resume a loaded nvidia-uvm can be
    left unusable in the same way (CUDA unknown error until it is reloaded).

    Fix:
    Load it at boot: `echo nvidia-uvm | sudo tee /etc/modules-load.d/nvidia-uvm.conf`, and create the
    nodes (`sudo nvidia-modprobe -u -c=0`, or enable nvidia-persistenced); now: `sudo modprobe nvidia-uvm`.
    After suspend: `sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`.

    When to ignore:
    Machines that only display graphics and never run CUDA.
    """
    modules = ctx.facts.driver.loaded_modules
    if modules.get("nvidia") and modules.get("nvidia_uvm") is False:
        yield Hit("the nvidia module is loaded but nvidia_uvm is not: CUDA programs cannot start",
                  evidence={"driver.loaded_modules.nvidia": True, "driver.loaded_modules.nvidia_uvm": False},
                  fix=UVM_FIX)
    elif seen and all(re.search(MUST_RUN_SMI, line, re.I) for line in seen) and not ctx.observed([EVERY_BOOT]):
        return  # "I have to run nvidia-smi" alone says nothing about nvidia-uvm
    elif seen and all(re.search(f"{WORKS_AFTER_HOST_RUN}|{MUST_RUN_SMI}", line, re.I) for line in seen):
        yield Hit("the GPU device nodes and nvidia-uvm appear only once a program has used the GPU on the host: CUDA "
                  "creates them through the setuid nvidia-modprobe, which a container or an unprivileged job cannot "
                  "run, so until then they find no GPU", evidence={"observed": seen[0].strip()[:200]},
                  fix=["sudo nvidia-modprobe -u -c=0  # now: load nvidia-uvm and create /dev/nvidia-uvm and /dev/nvidia0",
                       "echo nvidia-uvm | sudo tee /etc/modules-load.d/nvidia-uvm.conf  # at every boot",
                       "ls -l /dev/nvidia*  # after a reboot, before any GPU program: nvidia0, nvidiactl, nvidia-uvm"])
    elif seen and not ctx.observed([MODULE_NOT_BUILT]):
        # "Module nvidia_uvm not found in directory /lib/modules/<kernel>": there is nothing to load, the
        # driver was never built for this kernel (driver-not-built-for-kernel)
        yield Hit("nvidia-uvm (the module CUDA needs, and /dev/nvidia-uvm) is not loaded", fix=UVM_FIX)


UVM_FIX = ["sudo modprobe nvidia-uvm && sudo nvidia-modprobe -u -c=0  # now",
           "echo nvidia-uvm | sudo tee /etc/modules-load.d/nvidia-uvm.conf  # at every boot",
           "lsmod | grep nvidia_uvm; ls -l /dev/nvidia-uvm*"]

# A driver container (GPU Operator, nvidia-driver daemonset) that cannot install the headers of the
# node's kernel, in the package managers' words.
HEADERS_UNAVAILABLE = (r"Unable to find a match: kernel-(?:devel|headers)-\S+", r"Could not resolve Linux kernel version",
                       r"Unable to locate package linux-(?:headers|objects|signatures|image)-\S+",
                       r"Could not find (?:kernel headers|kernel-devel) for",
                       # in people's words: "the kernel-header 5.14.14 does not exists", "kernel version 5.14.14
                       # wich does not have an equivalent kernel-header version"
                       r"kernel[- ](?:headers?|devel)\s+(?:version\s+)?\d+\.\d+\S*\s+(?:does not|doesn't|do not|don't) exist",
                       r"(?:does not|doesn't) have an? (?:equivalent |matching )?kernel[- ](?:headers?|devel)\b")
DRIVER_CONTAINER_WORDS = (r"Installing Linux kernel headers", r"nvidia-driver-daemonset", r"gpu-operator", r"nvidia-driver-ctr",
                          r"driver container", r"ClusterPolicy", r"OpenShift|\bOCP\b", r"Resolving Linux kernel version")


@rule("DRV014", "driver-container-kernel-headers-unavailable", "error",
      "The driver container cannot get the headers of the node's kernel", signatures=HEADERS_UNAVAILABLE, priority=20,
      references=("https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/troubleshooting.html",))
def driver_container_kernel_headers_unavailable(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The GPU Operator's nvidia-driver-daemonset pod restarts forever; its log ends with "Installing
    Linux kernel headers..." and "Error: Unable to find a match: kernel-devel-4.18.0-240.22.1.el8_3"
    (dnf) or "E: Unable to locate package linux-headers-5.15.0-1045-aws" (apt).

    Why:
    The driver container compiles the NVIDIA module on the node, for the node's exact kernel, with
    headers from the distribution's repositories. When the node runs a kernel those repositories do
    not carry (a newer or extended-support kernel, a cluster upgraded while the daemonset kept the old
    OS release it was created for, a RHEL node without entitlement), there is nothing to install.

    Fix:
    Use a precompiled driver image or one for the node's OS release (recreate the ClusterPolicy after a
    cluster upgrade), give the pod the repositories that carry the kernel (entitlement, a repo
    ConfigMap), or run a kernel the repositories carry.

    When to ignore:
    Never on a GPU node.
    """
    if seen and ctx.observed(DRIVER_CONTAINER_WORDS):
        kernel = re.search(r"kernel-(?:devel|headers)-(\S+)|linux-headers-(\S+)|kernel[- ]headers?\s+(\d+\.\d+\S*)",
                           " ".join(seen))
        release = re.sub(r"(?:\.x86_64|\.aarch64)?\W*$", "", next(g for g in kernel.groups() if g)) if kernel else ""
        yield Hit("The driver container found no kernel headers for the node's kernel" +
                  (f" {release}" if release else ""), evidence={"kernel": release},
                  fix=["kubectl logs -n gpu-operator ds/nvidia-driver-daemonset  # the OS release it searched",
                       "recreate the ClusterPolicy (or the driver daemonset) after a cluster upgrade, so that it "
                       "targets the node's current OS release",
                       "use a precompiled driver image for this kernel, or give the pod repositories that carry "
                       "its headers"])


# The kernel log of an open nvidia.ko refusing a GPU: one without a GPU System Processor (the message
# names its PCI ID), or a GeForce/workstation GPU while the open flavour was for data-centre GPUs only.
OPEN_MODULE_NO_GSP = (r"not supported by open\s*(?:nvidia\.ko)?\s*$", r"not supported by open nvidia\.ko",
                      r"does not include the required GPU\s*(?:System Processor)?")
OPEN_MODULE_DATACENTER_ONLY = (r"Open nvidia\.ko is only ready for use on Data Center GPUs",
                               r"see the\W+OpenRmEnableUnsupportedGpus")
PRE_GSP_ARCHITECTURES = ("Fermi", "Kepler", "Maxwell", "Pascal", "Volta")


@rule("DRV015", "open-kernel-module-unsupported-gpu", "error", "The open kernel module refuses this GPU",
      signatures=OPEN_MODULE_NO_GSP + OPEN_MODULE_DATACENTER_ONLY, priority=8,
      references=("https://download.nvidia.com/XFree86/Linux-x86_64/525.78.01/README/kernel_open.html",))
def open_kernel_module_unsupported_gpu(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A GPU is missing from nvidia-smi (or nvidia-smi finds none); dmesg: "NVRM: The NVIDIA GPU
    0000:02:00.0 (PCI ID: 10de:1b82) installed in this system is not supported by open nvidia.ko
    because it does not include the required GPU System Processor (GSP)", or "NVRM: Open nvidia.ko is
    only ready for use on Data Center GPUs", then "RmInitAdapter failed".

    Why:
    NVIDIA's open kernel modules drive only GPUs with a GSP: Turing and newer. Maxwell, Pascal and
    Volta need the proprietary flavour, which newer driver packages no longer install by default. The
    first open releases (515 to 525 at least) also refused GeForce and workstation GPUs unless the
    NVreg_OpenRmEnableUnsupportedGpus=1 module parameter was set (the driver README's "Open Linux
    Kernel Modules" chapter).

    Fix:
    For a GPU older than Turing, install the proprietary kernel module of a branch that still
    supports it. For a GeForce or workstation GPU on an early open release, set
    `options nvidia NVreg_OpenRmEnableUnsupportedGpus=1` in /etc/modprobe.d, or use a later driver.

    When to ignore:
    Never while the refused GPU is one you want to use.
    """
    f = ctx.facts
    branch = _distro.branch_of(ctx.driver_version())
    if seen and ctx.observed(OPEN_MODULE_DATACENTER_ONLY):
        yield Hit("The open kernel module of this driver drives only data-centre GPUs unless told otherwise",
                  fix=["echo 'options nvidia NVreg_OpenRmEnableUnsupportedGpus=1' | "
                       "sudo tee /etc/modprobe.d/nvidia-open.conf",
                       "sudo update-initramfs -u  # or: sudo dracut -f", "sudo reboot"])
        return
    models = [_gpu_by_pci(ctx, pci) for pci in refused_pci_ids(f.driver.kernel_log)]
    models = [m for m in models if m] or [g for g in ctx.gpu_models() if g["architecture"] in PRE_GSP_ARCHITECTURES]
    old = [g for g in models if g["architecture"] in PRE_GSP_ARCHITECTURES]
    if not seen and not (old and f.driver.kernel_module_flavor == "open"):
        return
    named = ", ".join(f"{g['name']} ({g['architecture']})" for g in old) or "a GPU without a GSP"
    yield Hit(f"The open kernel module cannot drive {named}: it needs a GPU with a GSP, Turing or newer",
              evidence={"gpus": [g["name"] for g in old], "driver.kernel_module_flavor": f.driver.kernel_module_flavor},
              fix=_distro.install_driver(ctx.distro, branch, open_modules=False))


def _gpu_by_pci(ctx: Context, device_id: str):
    row = ctx._gpu_row(pci=device_id)
    return {"name": row["name"], "architecture": row.get("architecture", "")} if row else None


# modprobe told to load nothing for the NVIDIA module: "alias nvidia off" in a modprobe.d file (nvidia-prime's intel
# profile writes one), and modprobe's answer when asked for it anyway, "could not insert 'off'".
MODULE_ALIASED_OFF = (r"could not insert 'off'", r"^\W*alias nvidia off\b")
PRIME_INTEL = r"prime-select\W+intel\b"


@rule("DRV016", "prime-profile-disables-nvidia-driver", "error",
      "The NVIDIA module is switched off in modprobe's configuration (PRIME's intel profile)",
      signatures=(*MODULE_ALIASED_OFF, PRIME_INTEL), priority=12,
      references=("https://github.com/canonical/nvidia-prime/issues/20",))
def prime_profile_disables_nvidia_driver(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On an Ubuntu machine (often a laptop with Intel graphics, or a server set up for compute only)
    nvidia-smi says it "couldn't communicate with the NVIDIA driver", and `sudo modprobe nvidia`
    answers "modprobe: ERROR: could not insert 'off'"; someone ran `prime-select intel`.

    Why:
    nvidia-prime's intel profile turns the NVIDIA GPU off on purpose: it writes a modprobe.d file
    that blacklists the NVIDIA modules and aliases them to "off", so nothing loads them and a manual
    modprobe resolves "nvidia" to a module called "off". The profile is for running on the Intel GPU
    alone, not for using the NVIDIA GPU for compute (nvidia-prime's maintainer, canonical/nvidia-prime#20).

    Fix:
    Select a profile that keeps the driver: `sudo prime-select on-demand` (the NVIDIA GPU for
    compute and offload, Intel for the display) or `sudo prime-select nvidia`, then reboot; where
    the alias was written by hand, remove it from /etc/modprobe.d and /lib/modprobe.d.

    When to ignore:
    When the NVIDIA GPU is meant to stay off (battery life) and nothing needs CUDA.
    """
    if not seen:
        return
    aliased = ctx.observed(MODULE_ALIASED_OFF)
    prime = ctx.observed([PRIME_INTEL])
    if not aliased and not ctx.observed(DRIVER_DOWN_WORDS):
        return  # "prime-select intel" named without the driver failing: nothing to explain
    yield Hit(("the intel PRIME profile (prime-select intel) " if prime else "a modprobe.d alias ") +
              "switches the NVIDIA module off (\"alias nvidia off\"), so the driver never loads",
              evidence={"observed": (aliased or prime)[0].strip()[:160]}, confirmed=bool(aliased),
              fix=["prime-select query  # the PRIME profile in use",
                   "grep -rn 'alias nvidia' /etc/modprobe.d /lib/modprobe.d  # where the module is switched off",
                   "sudo prime-select on-demand && sudo reboot  # NVIDIA for compute, Intel for the display; "
                   "or: sudo prime-select nvidia"])


# A report that ties the failure to a suspend or hibernation: "After resuming from suspension, NVIDIA GPU
# functionality inside rootless Docker containers stops working", "after gentoo linux sleep, ollama only use cpu",
# "This already happened to me when linux comes back from hibernation", "after a suspend/resume cycle", "I recently
# woke up the computer and resumed the process" (lightvector/KataGo#237).
AFTER_SUSPEND = (r"\b(?:after|since|when|whenever|upon|on|each time|every time|if|once)\s+(?:(?:i|we)\s+)?(?:(?:a|the|my|each)\s+)?"
                 r"(?:(?:\w+\s+){0,2}(?:resum\w*|wak\w*|com\w*\s+back|return\w*)\s+(?:up\s+)?(?:from\s+)?)?"
                 r"(?:(?:the\s+)?(?:system|machine|host|laptop|pc|computer|os)\s+|(?:\w+\s+)?linux\s+)?"
                 r"(?:suspen\w+|sleep|hibernat\w+|standby)\b",
                 # the machine woken, the sleep left unsaid: "I recently woke up the computer and resumed the process"
                 r"\b(?:woke|wake|waking|woken)\s+(?:up\s+)?(?:the|my)\s+(?:system|machine|host|laptop|pc|computer)\b")
# The resume told apart from the sleep, in two sentences: "relying in most cases to OS suspension", then "after
# resuming I typically get the following error" (corpus 18154). "After resuming" alone is as often a training run
# resumed from a checkpoint, so it counts only beside the machine's own sleep named.
AFTER_RESUMING = (r"\b(?:after|when|since|on|upon)\s+(?:a\s+|the\s+)?resum(?:e|ing)\b"
                  r"(?![^.\n]{0,20}\b(?:training|checkpoint|run)\b)")
MACHINE_SLEEPS = (r"\b(?:OS|system|machine|laptop|computer|PC|host)\s+(?:suspen\w+|sleep|hibernat\w+|standby)\b|"
                  r"\b(?:suspend|hibernate|sleep)\s+(?:the\s+|my\s+)?(?:OS|system|machine|laptop|computer|PC|host)\b")
# What the person saw after it: CUDA's unknown error, cuInit or cudart's 999, a program that falls back to the CPU.
GPU_LOST = (r"CUDA unknown error|CUDA_ERROR_UNKNOWN|" + OLD_RUNTIME_UNKNOWN,
            r"\b(?:init failure|err(?:or)?|returned|code)\W{0,3}999\b",
            r"\b(?:only|just)\s+(?:uses?|using|runs?\s+on)\s+(?:the\s+)?cpu\b", r"\b100\s?% cpu\b",
            r"fall(?:s|ing)?\s*back to (?:the\s+)?CPU", r"no (?:actual )?GPU (?:usage|utili[sz]ation)",
            *CUDA_SEES_NO_GPU, r"(?:GPU|cuda)\w*\s+(?:functionality\s+)?(?:stops?|stopped)\s+working",
            # a kernel launch the broken driver state fails ("CUDA error: unspecified launch failure"), and people
            # tying the error to the sleep in one sentence ("the error happen if i suspend my device")
            r"unspecified launch failure", r"\berror\w*\b[^.]{0,40}\b(?:suspend|hibernat)")
OLLAMA_SUSPEND = "https://docs.ollama.com/gpu"
NVIDIA_POWER_MANAGEMENT = "https://download.nvidia.com/XFree86/Linux-x86_64/460.56/README/powermanagement.html"


@rule("DRV017", "gpu-unusable-after-suspend-resume", "error", "CUDA stops working after the machine suspends and resumes",
      signatures=AFTER_SUSPEND, priority=9, references=(OLLAMA_SUSPEND, NVIDIA_POWER_MANAGEMENT))
def gpu_unusable_after_suspend_resume(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    After a suspend or hibernation, CUDA programs fail or fall back to the CPU while nvidia-smi
    still lists the GPU: "cudaSetDevice err: 999", "CUDA unknown error", "CUDA error: unspecified
    launch failure" ("the error happen if i suspend my device"), Ollama running on the CPU ("after gentoo linux sleep, ollama only use cpu"); a reboot makes it work again.

    Why:
    Without the driver's power-management support enabled, the GPU state that CUDA's unified-memory
    module (nvidia_uvm) holds is not saved across the sleep, and the driver comes back with that
    module unusable. Ollama documents it as a driver bug with this workaround; NVIDIA's driver
    README describes saving video memory across suspend.

    Fix:
    Now, with no CUDA program running: `sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm` (or reboot).
    To keep it from coming back, enable the driver's suspend support: `options nvidia
    NVreg_PreserveVideoMemoryAllocations=1` in /etc/modprobe.d, and the nvidia-suspend,
    nvidia-hibernate and nvidia-resume services.

    When to ignore:
    When the failure also happens after a fresh boot that never slept: then it is another cause.
    """
    lost = ctx.observed(GPU_LOST)
    if not seen and ctx.observed([AFTER_RESUMING]):
        seen = ctx.observed([MACHINE_SLEEPS])  # the resume and the machine's sleep, told in two sentences
    if not seen or not lost:
        return
    yield Hit("CUDA stopped working after the machine slept: after a suspend or hibernation the driver can come back "
              "with its unified-memory module (nvidia_uvm) unusable, so programs get error 999 or fall back to the CPU "
              "while nvidia-smi still lists the GPU", evidence={"observed": seen[0].strip()[:200],
                                                                "failure": lost[0].strip()[:200]},
              confirmed=True,
              fix=["sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm  # with no CUDA program running; or reboot",
                   "to keep it from coming back: echo 'options nvidia NVreg_PreserveVideoMemoryAllocations=1' | "
                   "sudo tee /etc/modprobe.d/nvidia-power-management.conf",
                   "sudo systemctl enable nvidia-suspend.service nvidia-hibernate.service nvidia-resume.service",
                   "then rebuild the initramfs (update-initramfs -u or dracut -f) and reboot"])


# A GPU tool calling an NVML function the driver's libnvidia-ml does not have: libnvidia-container's "detection error:
# nvml error: function not found" (NVML_ERROR_FUNCTION_NOT_FOUND), and a tool linked against a newer NVML entry point
# failing to load: "undefined symbol: nvmlDeviceGetPciInfo_v3" (the NVIDIA device plugin on a 375 driver).
NVML_FUNCTION_MISSING = (r"nvml error: function not found", r"undefined symbol: nvml\w+", r"NVML_ERROR_FUNCTION_NOT_FOUND")
NVML_SYMBOL = re.compile(r"undefined symbol: (nvml\w+)")


@rule("DRV018", "driver-nvml-too-old-for-tool", "error", "The driver's NVML is older than a GPU tool needs",
      signatures=NVML_FUNCTION_MISSING, priority=14, references=(TOOLKIT_PREREQUISITES,))
def driver_nvml_too_old_for_tool(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `docker run --gpus all ...`: "nvidia-container-cli: detection error: nvml error: function not
    found"; the Kubernetes device plugin pod crashes with "undefined symbol: nvmlDeviceGetPciInfo_v3";
    nvidia-smi itself works.

    Why:
    NVML (libnvidia-ml) comes with the driver, and each driver branch adds functions and new
    versions of old ones (the _v2, _v3 entry points). The container toolkit, the device plugin and
    DCGM are built against a recent NVML and call functions an old driver does not have; the
    toolkit's install guide names the oldest driver it supports.

    Fix:
    Upgrade the driver to a branch the tool supports; where the GPU has no newer driver, use a tool
    release from that driver's time.

    When to ignore:
    Never while the tool is needed.
    """
    if not seen:
        return
    driver = ctx.driver_version()
    symbol = first_match(NVML_SYMBOL, seen)
    yield Hit((f"The driver {driver}" if driver else "This driver") + "'s NVML (libnvidia-ml) lacks "
              + (f"{symbol.group(1)}, " if symbol else "a function ") + "which the GPU tool calls: the tool was built "
              "for a newer driver", evidence={"driver": driver or "not in the input", "observed": seen[0].strip()[:200]},
              confirmed=bool(driver), fix=["upgrade the driver to a current branch the tool supports (the container "
                                           "toolkit's install guide names its minimum)",
                                           "where this GPU has no newer driver: use a release of the tool from the "
                                           "driver's time"])


# FFmpeg's NVENC wrapper (libavcodec/nvenc.c), in HandBrake, OBS, Jellyfin, Tdarr and every FFmpeg build: the driver's
# encode library provides an older NVENC API than the Video Codec SDK headers (nv-codec-headers) FFmpeg was built with.
# It follows with the driver that provides that API, "The minimum required Nvidia driver for nvenc is 551.76 or newer"
# People retell it without the punctuation ("driver does not support required nvenc api. required 12.2 found 12.1").
# The minimum-driver line also follows a failure to load the encode library at all ("Cannot load nvEncodeAPI64.dll",
# "Cannot load libnvidia-encode.so.1": no driver, or a container without its video libraries): alone, without such
# a line, it is FFmpeg's account of an API gap whose first line the report left out (OBS logs only the second).
NVENC_API_GAP = re.compile(r"Driver does not support (?:the )?required nvenc API(?: version)?\.?\s*Required:? "
                           r"(\d+\.\d+),?\s*Found:? (\d+\.\d+)", re.I)
# FFmpeg prints "(unknown)" for an API newer than its own table of minimum drivers: "The minimum required Nvidia driver
# for nvenc is (unknown) or newer" (a PyAV wheel's FFmpeg built with Video Codec SDK 13, nagadomi/nunif#351).
NVENC_MIN_DRIVER = re.compile(r"minimum required Nvidia driver for nvenc is (\d+(?:\.\d+)+|\(unknown\)) or newer", re.I)
# NVIDIA's Video Codec SDK sample encoder (NvEncoder.cpp), which programs copy (ALVR, Sunshine-like streamers, game
# capture plugins), compares the NVENC API it was built with against NvEncodeAPIGetMaxSupportedVersion and throws
# NV_ENC_ERR_INVALID_VERSION: "Current Driver Version does not support this NvEncodeAPI version, please upgrade driver".
# It names neither version.
NVENC_SDK_REFUSED = re.compile(r"Current Driver Version does not support this NvEncodeAPI version", re.I)
NVENC_LIBRARY_NOT_LOADED = (*VIDEO_LIBS_MISSING,
                            r"(?:Cannot|Could not|Failed to|Unable to) load (?:library )?\W?nvEncodeAPI(?:64)?\.dll")
NVENC_FFMPEG = "https://github.com/FFmpeg/FFmpeg/blob/master/libavcodec/nvenc.c"
# What follows the driver install in every NVENC fix.
NVENC_OTHER_WAYS = ["# Windows: the driver alone (custom install, without the NVIDIA app) is enough",
                    "or use a build of the application made against an older Video Codec SDK (nv-codec-headers)"]
# The same floor in a report's own words, in one sentence with NVENC: "FFmpeg builds compiled against NVENC API 13,
# which requires NVIDIA driver ≥ 570", "requires NVENC API 13.1 / NVIDIA driver 610 or newer", "needs NVENC API 13.1
# (driver 610+)", "need NVIDIA driver 610+ (NVENC API 13.1)". Judged only against a driver the report gives apart.
NVENC_SAID = re.compile(r"\bnvenc", re.I)
NEED_SAID = re.compile(r"\b(?:requires?|required|needs?|minimum)\b", re.I)
DRIVER_FLOOR_SAID = re.compile(r"\bdriver\s*(?:version\s*)?(?:is\s+|of\s+)?(?:≥|>=)?\s*(\d{3}(?:\.\d+)*)\b", re.I)


def _nvenc_driver_floor_said(lines: Iterable[str]) -> str:
    """The least driver a sentence of the report says NVENC (or the encoder built for its API) needs, or ""."""
    for line in lines:
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z])", line):
            if NVENC_SAID.search(sentence) and NEED_SAID.search(sentence) \
                    and (floor := DRIVER_FLOOR_SAID.search(sentence)):
                return floor.group(1)
    return ""


@rule("DRV019", "driver-too-old-for-nvenc-api", "error",
      "The driver provides an older NVENC API than the encoder was built for",
      signatures=(NVENC_API_GAP.pattern, NVENC_MIN_DRIVER.pattern, NVENC_SDK_REFUSED.pattern), priority=18,
      references=(NVENC_FFMPEG, "https://github.com/HandBrake/HandBrake/issues/6506"))
def driver_too_old_for_nvenc_api(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Hardware encoding fails as the encoder opens (HandBrake, OBS, Jellyfin, an FFmpeg build):
    "[hevc_nvenc] Driver does not support the required nvenc API version. Required: 12.2 Found: 12.1",
    then "The minimum required Nvidia driver for nvenc is 551.76 or newer" (OBS logs only this second
    line: "error: The minimum required Nvidia driver for nvenc is 471.41 or newer"). Programs built on the
    Video Codec SDK's sample encoder: "Current Driver Version does not support this NvEncodeAPI version,
    please upgrade driver". Reports often say it
    in their own words ("FFmpeg builds compiled against NVENC API 13, which requires NVIDIA driver ≥ 570")
    next to the driver they have.

    Why:
    NVENC is reached through the driver's own encode library (nvEncodeAPI64.dll, libnvidia-encode),
    and each driver branch provides one NVENC API version. Applications are built against NVIDIA's
    Video Codec SDK headers of their time and ask for that API: a build newer than the driver's
    refuses to open the encoder, although CUDA work on the same driver runs fine. In a container the
    encode library is the host driver's.

    Fix:
    Install a driver at least as new as the minimum the message names (on Windows the driver alone
    can be installed, without the NVIDIA app), or use a build of the application made against an
    older Video Codec SDK.

    When to ignore:
    When you do not encode on the GPU (a software encoder works on any driver).
    """
    gap = first_match(NVENC_API_GAP, seen)
    minimum = first_match(NVENC_MIN_DRIVER, seen)
    refused = first_match(NVENC_SDK_REFUSED, seen) if gap is None and minimum is None else None
    if refused:
        driver = ctx.driver_version()
        yield Hit(f"The encoder was built with a newer Video Codec SDK (NVENC API) than the driver"
                  f"{f' {driver}' if driver else ''} provides: the SDK's own check refused it",
                  confirmed=True, evidence={"observed": refused.string.strip()[:200],
                                            "driver": driver or "not in the input"},
                  fix=_distro.install_driver(ctx.distro) + [
                      "the program's release notes name the Video Codec SDK it was built with; NVIDIA's Video Codec "
                      "SDK page gives the least driver for each SDK release"] + NVENC_OTHER_WAYS)
        return
    if gap is None and minimum is None:
        yield from _nvenc_floor_said_above_driver(ctx)
        return
    if gap is None and ctx.observed(NVENC_LIBRARY_NOT_LOADED):
        return
    needs = minimum.group(1) if minimum and minimum.group(1)[0].isdigit() else ""
    driver = ctx.driver_version()
    if gap is None and driver and older_than(driver, needs) is False:
        return  # the driver meets the minimum: the line followed some other failure
    wanted, provided = (gap.group(1), gap.group(2)) if gap else ("", "")
    built = (f"The encoder was built for NVENC API {wanted}; the driver{f' {driver}' if driver else ''} provides "
             f"{provided}" + (f": NVENC API {wanted} needs driver {needs} or newer" if needs else "")) if gap else \
        (f"The encoder was built for a newer NVENC API than the driver{f' {driver}' if driver else ''} provides: "
         + (f"it needs driver {needs} or newer" if needs else
            "FFmpeg's table names no minimum driver for that API (a Video Codec SDK newer than the table), so it "
            "needs a current driver branch"))
    yield Hit(built, confirmed=True,
              evidence={"nvenc_api_required": wanted or "not in the input",
                        "nvenc_api_found": provided or "not in the input", "minimum_driver": needs,
                        "driver": driver or "not in the input"},
              fix=(_distro.install_driver(ctx.distro, _distro.branch_of(needs)) if needs else
                   _distro.install_driver(ctx.distro)) +
              NVENC_OTHER_WAYS)


def _nvenc_floor_said_above_driver(ctx: Context) -> Iterable[Hit]:
    """The report says in its own words which driver its encoder needs, and gives a driver below it."""
    driver, nvenc_lines = ctx.driver_version(), ctx.observed((NVENC_SAID.pattern,))
    if not driver or not nvenc_lines:
        return
    needs = _nvenc_driver_floor_said(nvenc_lines)
    if not needs or not older_than(driver, needs):
        return
    yield Hit(f"The report says its encoder needs driver {needs} or newer for NVENC, and the driver here is {driver}: "
              "the encoder was built for a newer NVENC API than this driver provides",
              evidence={"minimum_driver (stated in prose)": needs, "driver": driver},
              fix=_distro.install_driver(ctx.distro, _distro.branch_of(needs)) +
              NVENC_OTHER_WAYS)


# The Vulkan loader found no driver (ICD) to create an instance with: vkCreateInstance returns VK_ERROR_INCOMPATIBLE_DRIVER
# (-9), which LunarG's samples print as "cannot find a compatible Vulkan ICD"; ncnn's Vulkan programs (realsr-, waifu2x-,
# realesrgan-ncnn-vulkan) print "vkCreateInstance failed -9"; the loader's own log says "vkCreateInstance: Found no
# drivers!". NVIDIA's ICD is the driver's GL/Vulkan part (nvidia_icd.json pointing at libGLX_nvidia.so.0), packaged apart
# from its CUDA part on Ubuntu (libnvidia-gl-<branch>) and mounted into containers only with the graphics capability.
# The loader naming the library NVIDIA's manifest points at, when that library is not there: "ERROR: [Loader Message]
# Code 0 : libGLX_nvidia.so.0: cannot open shared object file" (vulkaninfo under SAPIEN, mani-skill/ManiSkill#159), the
# same from an L40S container started without the graphics capability, and "loader_icd_scan: Failed loading library
# associated with ICD JSON libGLX_nvidia.so.0" beside it (a dev shell that hides the host's driver libraries).
# Programs' own words for VK_ERROR_INCOMPATIBLE_DRIVER: Unreal Engine's "Cannot find a compatible Vulkan driver (ICD)."
# (its VulkanRHI, and engines copied from it), vulkaninfo's "Cannot create Vulkan instance." (vulkan-tools before 1.2).
# Unreal Engine 5's VulkanRHI when an instance exists but no device can be picked, in a box titled "No Vulkan driver
# found!": "Vulkan failed to select physical device after passing profile checks." (CARLA 0.10's container started with
# --gpus all alone, carla-simulator/carla#8566, settled by NVIDIA_DRIVER_CAPABILITIES=all).
VULKAN_NO_DRIVER = (r"vkCreateInstance failed -9\b", r"\bVK_ERROR_INCOMPATIBLE_DRIVER\b", r"\bErrorIncompatibleDriver\b",
                    r"vkCreateInstance: Found no drivers", r"cannot find a compatible Vulkan ICD",
                    r"\blibGLX_nvidia\.so\.0: cannot open shared object",
                    r"Cannot find a compatible Vulkan driver \(ICD\)", r"Cannot create Vulkan instance\b",
                    r"Vulkan failed to select physical device after passing profile checks")
VULKAN_LOADER_DRIVERS = "https://github.com/KhronosGroup/Vulkan-Loader/blob/main/docs/LoaderDriverInterface.md"
# A GPU of another vendor named as the one in use ("I'm using Intel(R) HD Graphics 5500", "AMD Radeon RX 580"): then the
# driver the Vulkan loader misses is that vendor's, not NVIDIA's.
OTHER_VENDOR_GPU = re.compile(r"\bIntel(?:\(R\))?\s*(?:U?HD|Iris(?:\(R\))?(?:\s+(?:Xe|Plus|Pro))?|Arc)(?:\(TM\))?\s+Graphics"
                              r"(?:\s+\d{3,4})?|\b(?:AMD\s+)?Radeon(?:\(TM\))?\s+(?:RX\s*|R[579]\s+|HD\s+|Pro\s+|Vega\s*)?"
                              r"\w*\d\w*", re.I)
# The report saying the GPU has no Vulkan at all: "it does not have Vulkan API", "doesn't support Vulkan".
SAID_NO_VULKAN = (r"(?:does\s*n[o']?t|do\s*n[o']?t|not)\s+(?:have|has|support)\s+(?:the\s+|any\s+)?Vulkan\b",
                  r"\bno\s+Vulkan\s+(?:support|driver|API)\b")


# The driver capabilities a container asks NVIDIA's runtime for, set in a Dockerfile, a compose file or a docker run:
# "ENV NVIDIA_DRIVER_CAPABILITIES compute,utility", "-e NVIDIA_DRIVER_CAPABILITIES=all". Only a container has them.
CAPABILITIES_SET = re.compile(r"NVIDIA_DRIVER_CAPABILITIES(?:\s*[=:]\s*|\s+)['\"]?([\w,]+)")


def vulkan_in_container(ctx: Context) -> bool:
    """The Vulkan program ran in a container: the report says so, or sets the container's driver capabilities."""
    return in_container(ctx) or bool(ctx.observed([CAPABILITIES_SET.pattern]))


def other_vendor_gpu_only(ctx: Context) -> str:
    """The non-NVIDIA GPU the report names as the one in use, when it names no NVIDIA GPU and none is known; else ""."""
    if ctx.has_nvidia_gpu() or ctx.gpu_models():
        return ""
    named = ctx.observed([OTHER_VENDOR_GPU.pattern])
    return OTHER_VENDOR_GPU.search(named[0]).group(0) if named else ""


@rule("DRV020", "nvidia-vulkan-driver-not-installed", "error",
      "The NVIDIA driver is installed without its Vulkan driver", signatures=VULKAN_NO_DRIVER, priority=25,
      references=(VULKAN_LOADER_DRIVERS,))
def nvidia_vulkan_driver_not_installed(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A Vulkan program finds no GPU on a machine where CUDA works: ncnn's upscalers print
    "vkCreateInstance failed -9" and "invalid gpu device"; vulkaninfo fails with
    VK_ERROR_INCOMPATIBLE_DRIVER; the loader's log says "vkCreateInstance: Found no drivers!", or names
    the library NVIDIA's manifest points at: "libGLX_nvidia.so.0: cannot open shared object file".

    Why:
    The Vulkan loader creates an instance only through an installed Vulkan driver (an ICD, found
    by its JSON manifest in /usr/share/vulkan/icd.d or /etc/vulkan/icd.d). NVIDIA's ICD belongs to
    the driver's GL/Vulkan libraries, which a compute-only install leaves out: Ubuntu packages them
    apart (libnvidia-gl-<branch>), headless and cloud images often skip them, and a container gets
    them only with the graphics driver capability. With no ICD at all, vkCreateInstance returns
    VK_ERROR_INCOMPATIBLE_DRIVER (-9).

    Fix:
    Install the GL/Vulkan part of the same driver branch (Ubuntu: libnvidia-gl-<branch>) and the
    Vulkan loader (libvulkan1); in a container, start it with NVIDIA_DRIVER_CAPABILITIES=all (or
    including graphics).

    When to ignore:
    When the failing program is not meant to use the NVIDIA GPU, or the machine has no NVIDIA GPU.
    """
    if not seen or ctx.observed([VULKAN_ICD_SKIPPED]) or ctx.has_nvidia_gpu() is False or on_a_mac(ctx) \
            or other_vendor_gpu_only(ctx) or vulkan_in_container(ctx):
        return  # a driver was found and could not load (SYS024); no NVIDIA GPU to drive (a Mac: MoltenVK's own -9;
        # another vendor's GPU: DRV024); a container, whose runtime decides what of the driver it gets (DRV031)
    driver = ctx.driver_version()
    branch = _distro.branch_of(driver) or "<branch>"
    yield Hit("The Vulkan loader found no driver (ICD) to create an instance with" +
              (f": NVIDIA driver {driver} is installed for CUDA, but not its GL/Vulkan part" if driver else
               ": NVIDIA's Vulkan driver, part of the driver's GL/Vulkan libraries, is not installed"),
              evidence={"observed": seen[0].strip()[:200], **({"driver": driver} if driver else {})},
              confirmed=bool(driver),
              fix=[f"sudo apt-get install -y libnvidia-gl-{branch} libvulkan1  # Ubuntu: the Vulkan/GL part of "
                   "the same driver branch, and the loader",
                   "in a container: docker run -e NVIDIA_DRIVER_CAPABILITIES=all ...  # graphics mounts the driver's "
                   "Vulkan libraries",
                   "ls /usr/share/vulkan/icd.d /etc/vulkan/icd.d  # nvidia_icd.json is there once installed",
                   "vulkaninfo --summary  # lists the NVIDIA GPU"])


# A Flatpak app uses no host libraries: NVIDIA's GL libraries reach its sandbox only as the runtime extension
# org.freedesktop.Platform.GL.nvidia-<driver version, dots as dashes>, which must match the host's kernel module exactly
# (Flathub's maintainer, https://blog.tingping.se/2018/08/26/flatpak-host-extensions.html). `flatpak update` downloads
# the one for the active driver when Flathub has it; a driver it does not package (betas) gets none. Without it, libGL
# inside the sandbox falls back to Mesa, which cannot drive NVIDIA's X server.
FLATPAK_GL_EXTENSIONS = "https://blog.tingping.se/2018/08/26/flatpak-host-extensions.html"
# The extension itself reported missing, by an app that checks for it (Nuvola: "Graphics driver 'nvidia-390-48' for
# Flatpak has not been found on your system") or by flatpak when Flathub has not published it for a new driver yet
# ("error: No remote refs found similar to 'org.freedesktop.Platform.GL.nvidia-515-43-04'", "Can't find ref ...").
FLATPAK_EXTENSION_MISSING = (r"Graphics driver '?nvidia-\d+-\d+(?:-\d+)?'? for Flatpak has not been found",
                             r"(?:No remote refs found (?:similar to|for)|Can't find ref|Nothing matches)\W{0,3}"
                             r"org\.freedesktop\.Platform\.GL(?:32)?\.nvidia-\d+")
EXTENSION_MISSING = re.compile("|".join(FLATPAK_EXTENSION_MISSING))
EXTENSION_DRIVER = re.compile(r"nvidia-(\d{3})-(\d{2,3})(?:-(\d{2,3}))?\b")


@rule("DRV021", "flatpak-nvidia-runtime-missing-for-driver", "error",
      "A Flatpak app has no NVIDIA GL extension for the host's driver",
      signatures=GL_FELL_BACK_TO_MESA + FLATPAK_EXTENSION_MISSING, priority=20,
      references=(FLATPAK_GL_EXTENSIONS,))
def flatpak_nvidia_runtime_missing_for_driver(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    An app from Flatpak fails to start on an NVIDIA machine while its distribution package or
    AppImage works: "libGL error: No matching fbConfigs or visuals found", "libGL error: failed to
    load driver: swrast", "Could not initialize GLX". Or the extension named as missing: Nuvola's
    "Graphics driver 'nvidia-390-48' for Flatpak has not been found on your system", flatpak's
    "No remote refs found similar to 'org.freedesktop.Platform.GL.nvidia-515-43-04'" for a driver
    Flathub has not published yet.

    Why:
    Flatpak apps do not use the host's libraries. NVIDIA's user-space GL libraries must be the
    kernel module's exact version, so Flathub packages each driver release as its own runtime
    extension, org.freedesktop.Platform.GL.nvidia-<version> (dots as dashes), and Flatpak downloads
    the one matching the active driver. When none is installed for this driver (the driver changed
    since the last `flatpak update`, or Flathub does not package it, as with beta drivers), libGL
    in the sandbox falls back to Mesa's software driver, which cannot use NVIDIA's X server visuals.

    Fix:
    `flatpak update` (it installs the extension for the active driver), or install it by name; if
    Flathub has none for this driver, wait for its build (new releases follow within days) or move
    to a driver release it packages.

    When to ignore:
    Apps that are not run from Flatpak: the same libGL errors there mean another GL problem.
    """
    if not seen or not ctx.observed([FLATPAK]) or ctx.has_nvidia_gpu() is False:
        return
    missing = first_match(EXTENSION_MISSING, seen)
    named = EXTENSION_DRIVER.search(missing.string, missing.start()) if missing else None
    driver = ctx.driver_version() or (".".join(part for part in named.groups() if part) if named else "")
    if not driver and not ctx.observed([r"\bnvidia\b"]):
        return  # nothing says the host's GL driver is NVIDIA's
    extension = "org.freedesktop.Platform.GL.nvidia-" + (driver.replace(".", "-") if driver else "<version>")
    yield Hit(f"The app runs in a Flatpak sandbox, whose only NVIDIA GL libraries come from the {extension} extension "
              f"matching the host driver{f' {driver}' if driver else ''} exactly; "
              + ("it is not installed: `flatpak update` installs it once Flathub has published it for this driver"
                 if missing else "without it libGL falls back to Mesa, which cannot draw on NVIDIA's X server"),
              evidence={"observed": seen[0].strip()[:200], "flatpak": ctx.observed([FLATPAK])[0].strip()[:200],
                        **({"driver": driver} if driver else {})}, confirmed=bool(driver),
              fix=["flatpak update  # installs the NVIDIA GL extension of the active driver, when Flathub has one",
                   f"flatpak install flathub {extension} {extension.replace('.GL.', '.GL32.')}",
                   "flatpak list --runtime | grep -i nvidia  # must show the host driver's version",
                   "if Flathub has no extension for this driver (beta drivers are not packaged), install a driver "
                   "release it packages"])


# OptiX has no library of its own to install: optixInit() finds its implementation in the display driver, which accepts
# the ABI versions of the OptiX SDKs released before it. A program built with a newer SDK than the driver knows gets
# OPTIX_ERROR_UNSUPPORTED_ABI_VERSION (7801); Blender's Cycles logs it as "OptiX initialization failed because the
# installed NVIDIA driver is too old" (intern/cycles/device/optix/device.cpp), its forks as "... the installed driver
# does not support ABI version".
# A driver from before OptiX 7 lacks that API's one entry point: "The NVIDIA OptiX driver library exports the symbol
# optixQueryFunctionTable" (the OptiX 7 programming guide, listing 3.2), which Mitsuba 2 and Dr.Jit look up by name,
# "optix_initialize(): could not find symbol optixQueryFunctionTable" (mitsuba2 on Colab's driver 418.67). Under WSL 2
# the same words mean /usr/lib/wsl/lib's libnvoptix.so.1, a loader stub without the runtime: not a driver's age.
OPTIX7_ENTRY_MISSING = r"could not find symbol optixQueryFunctionTable"
OPTIX_ABI_REFUSED = (r"\bOPTIX_ERROR_UNSUPPORTED_ABI_VERSION\b",
                     r"OptiX initiali[sz]ation failed because the installed (?:NVIDIA )?driver (?:is too old|does not "
                     r"support ABI version)")


@rule("DRV022", "driver-too-old-for-optix", "error", "The driver is older than the OptiX SDK the program was built with",
      signatures=OPTIX_ABI_REFUSED + (OPTIX7_ENTRY_MISSING,), priority=20)
def driver_too_old_for_optix(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A renderer's OptiX device fails to start: "optixInit() OPTIX_ERROR_UNSUPPORTED_ABI_VERSION
    (7801)"; Blender: "OptiX initialization failed because the installed NVIDIA driver is too old.
    Please update to the latest driver first!", and only CUDA is offered; Mitsuba 2 on a driver from
    before OptiX 7: "optix_initialize(): could not find symbol optixQueryFunctionTable".

    Why:
    OptiX is implemented in the display driver; a program carries only the SDK's headers, which
    ask the driver for one ABI version. Each OptiX SDK release needs a driver at least as new as
    its release notes name, and an older driver refuses the newer ABI.

    Fix:
    Update the NVIDIA driver (the newest for the GPU meets every released SDK), or use a build of
    the program made with an older OptiX SDK.

    When to ignore:
    Never while you want OptiX rendering or denoising on this GPU.
    """
    if not seen:
        return
    driver = ctx.driver_version()
    if all(re.search(OPTIX7_ENTRY_MISSING, line) for line in seen):
        if under_wsl(ctx):
            return  # WSL 2's libnvoptix.so.1 is a loader stub: the driver's age is not what the symbol's absence says
        yield Hit("The driver's OptiX library" + (f" ({driver})" if driver else "") + " lacks optixQueryFunctionTable, "
                  "the entry point of the OptiX 7 API the program was built with: the driver predates OptiX 7",
                  confirmed=bool(driver), evidence={"observed": seen[0].strip()[:200],
                                                    **({"driver": driver} if driver else {})},
                  fix=_distro.install_driver(ctx.distro) +
                  ["# or a build of the program made for OptiX 6"])
        return
    yield Hit("The driver" + (f" ({driver})" if driver else "") + " refuses the OptiX ABI the program was built with: "
              "the program's OptiX SDK is newer than the driver", confirmed=True,
              evidence={"observed": seen[0].strip()[:200], **({"driver": driver} if driver else {})},
              fix=_distro.install_driver(ctx.distro) +
              ["# or a build of the program made with an older OptiX SDK (its release notes name the driver each needs)"])


def _optix_unloadable(ctx: Context, seen: List[str]) -> Tuple[str, bool]:
    """(the line, whether it says the library is missing) for OptiX failing to start, outside a container (CTR030's);
    ("", False) for none. A line of DRV022's, the driver refusing the program's OptiX ABI, is another cause."""
    if not seen or ctx.observed(OPTIX_ABI_REFUSED) or in_container(ctx) or ctx.has_nvidia_gpu() is False:
        return "", False
    unfound = [line for line in seen if any(re.search(p, line, re.I) for p in OPTIX_LIBRARY_NOT_FOUND)]
    return (unfound or seen)[0].strip()[:200], bool(unfound)


# Ubuntu and Debian split the driver's user-space parts into packages: OptiX (libnvoptix.so.1) comes with the GL part,
# libnvidia-gl-<branch>, which compute-only and headless installs leave out ("Running 'sudo apt install
# libnvidia-gl-535' worked for me. The driver itself did not ship with optix for me",
# rgl-epfl/differentiable-sdf-rendering#8; "The OptiX library comes with the system driver ... check to see if you have
# libnvoptix.so in /usr/lib/x86_64-linux-gnu/", owl-project/NVISII#107).
OPTIX_FROM_DRIVER = "https://github.com/rgl-epfl/differentiable-sdf-rendering/issues/8"


@rule("DRV033", "optix-runtime-library-missing-from-driver-install", "error",
      "The driver is installed without its OptiX library (libnvoptix)",
      signatures=OPTIX_LIBRARY_NOT_FOUND, priority=21, references=(OPTIX_FROM_DRIVER,))
def optix_runtime_library_missing_from_driver_install(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On a Linux machine where CUDA works, a renderer's OptiX mode fails to start: "Optix call
    (optixInit()) failed with code 7804" (OPTIX_ERROR_LIBRARY_NOT_FOUND), Dr.Jit's
    "jit_optix_init(): libnvoptix.so.1 could not be loaded", "OptiX Error: Failed to load OptiX library".

    Why:
    A program built with the OptiX SDK carries only its headers; optixInit() loads the
    implementation, libnvoptix.so.1, from the display driver. Distributions package the driver in
    parts, and OptiX comes with the GL part (Ubuntu and Debian: libnvidia-gl-<branch>), which
    compute-only, headless and server installs leave out.

    Fix:
    Install the GL part of the installed driver's branch (Ubuntu: libnvidia-gl-<branch>), or the
    full desktop driver package, and check that libnvoptix.so.1 is in the linker cache.

    When to ignore:
    In a container (CTR030), a Flatpak (DRV034) or WSL (DRV035), where the library is missing for
    other reasons.
    """
    line, unfound = _optix_unloadable(ctx, seen)
    if not unfound or ctx.observed([FLATPAK, WSL_WORD]) or ctx.facts.system.wsl or on_native_windows(ctx) \
            or on_a_mac(ctx):
        return
    if not (ctx.facts.system.distro_id or ctx.facts.system.os == "linux" or ".so" in line):
        return  # the split packaging is Linux's; a Windows driver is installed whole
    driver = ctx.driver_version()
    branch = _distro.branch_of(driver) or "<branch>"
    yield Hit("OptiX could not load its implementation, libnvoptix.so.1, which comes with the display driver's GL "
              "part: "
              + (f"driver {driver} is installed" if driver else "the driver is installed") + " without it",
              evidence={"observed": line, **({"driver": driver} if driver else {})}, confirmed=True,
              fix=["ldconfig -p | grep -E 'libnvoptix|libnvidia-rtcore'  # empty when OptiX's part is not installed",
                   f"sudo apt-get install -y libnvidia-gl-{branch}  # Ubuntu/Debian: the GL part of the same branch, "
                   "which holds OptiX (other distributions: the driver's full package rather than its compute-only "
                   "one)"])


# Flathub's NVIDIA GL extension (DRV021) is a repackaged driver: its builds for older releases lacked OptiX's files.
# libnvoptix was added by flathub/org.freedesktop.Platform.GL.nvidia#45 (after #44: Blender 2.90 offered no OptiX in the
# Flatpak), and nvoptix.bin, which OptiX needs from driver 535 on, by #333 (after #184: "OptiX denoiser creation has
# failed" on 535.54.03).
FLATPAK_GL_NVIDIA_OPTIX = "https://github.com/flathub/org.freedesktop.Platform.GL.nvidia/issues/184"


@rule("DRV034", "flatpak-nvidia-extension-lacks-optix", "error",
      "The Flatpak's NVIDIA GL extension lacks OptiX's files",
      signatures=OPTIX_LIBRARY_NOT_FOUND + OPTIX_FAILED_TO_START,
      priority=21, references=(FLATPAK_GL_NVIDIA_OPTIX, FLATPAK_GL_EXTENSIONS))
def flatpak_nvidia_extension_lacks_optix(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A renderer installed from Flatpak (Blender) cannot use OptiX while its other builds can:
    "OptiX denoiser creation has failed" on the terminal, no OptiX device or denoiser offered.

    Why:
    A Flatpak app sees the NVIDIA driver only through Flathub's GL extension
    (org.freedesktop.Platform.GL.nvidia-<version>), a repackaging of the driver's user-space files.
    Its builds have not always carried OptiX's: libnvoptix was added to it after Blender 2.90's
    OptiX support, and nvoptix.bin, which OptiX needs from driver 535 on, only after 535.54.03.

    Fix:
    `flatpak update` to get the current build of the extension for this driver; until one carries
    OptiX's files, use the program's non-Flatpak build.

    When to ignore:
    Programs not run from Flatpak.
    """
    line, unfound = _optix_unloadable(ctx, seen)
    if not line or not ctx.observed([FLATPAK]):
        return
    driver = ctx.driver_version()
    extension = "org.freedesktop.Platform.GL.nvidia-" + (driver.replace(".", "-") if driver else "<version>")
    yield Hit(f"OptiX fails inside a Flatpak, where the driver's files come from the {extension} extension: its build "
              "lacks OptiX's files (libnvoptix.so.1, and nvoptix.bin from driver 535 on)",
              evidence={"observed": line, "flatpak": ctx.observed([FLATPAK])[0].strip()[:200],
                        **({"driver": driver} if driver else {})}, confirmed=unfound, generic=not unfound,
              fix=["flatpak update  # the extension's current build for this driver",
                   f"flatpak list --runtime | grep -i nvidia  # {extension} must be listed",
                   "until its build carries OptiX, use the program's build from its own site or the distribution"])


# WSL 2 gives Linux the Windows driver's libraries (/usr/lib/wsl/lib), and OptiX's were not among them: "OptiX is
# usually shipped with your driver, but for _reasons_ that is not happening with WSL" (Mitsuba's maintainer,
# mitsuba-renderer/mitsuba3#1221); "WSL drivers are not packaged with OpTiX by default, so you have to install OpTiX
# separately" (PlantSimulationLab/Helios#37, which points to NVIDIA's forum thread for the steps).
WSL_OPTIX = "https://forums.developer.nvidia.com/t/problem-running-optix-7-6-in-wsl/239355"


@rule("DRV035", "wsl-optix-library-missing", "error", "WSL's driver libraries do not include OptiX",
      signatures=OPTIX_LIBRARY_NOT_FOUND, priority=21, references=(WSL_OPTIX,))
def wsl_optix_library_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Under WSL 2, CUDA works but an OptiX renderer or simulator does not: "OptiX Error: Failed to
    load OptiX library", OPTIX_ERROR_LIBRARY_NOT_FOUND (7804).

    Why:
    WSL 2 has no Linux driver of its own: it gives Linux the Windows driver's user-space libraries
    in /usr/lib/wsl/lib, and OptiX's (libnvoptix.so.1 with what it needs) are not among those the
    Windows driver provides there.

    Fix:
    Run the OptiX program on Windows itself or on native Linux; or supply the OptiX libraries of the
    same driver release in WSL by hand, as NVIDIA's forum thread on OptiX in WSL describes.

    When to ignore:
    Not under WSL.
    """
    line, unfound = _optix_unloadable(ctx, seen)
    if not unfound or not (ctx.facts.system.wsl or ctx.observed([WSL_WORD])):
        return
    yield Hit("OptiX could not load its implementation under WSL 2: the Windows driver's libraries that WSL gives "
              "Linux (/usr/lib/wsl/lib) do not include OptiX's libnvoptix.so.1", evidence={"observed": line},
              confirmed=True,
              fix=["ls /usr/lib/wsl/lib | grep -i optix  # nothing: WSL has no OptiX library",
                   "run the program on Windows itself or on native Linux",
                   f"or supply the OptiX libraries of the same driver release in WSL by hand: {WSL_OPTIX}"])


# A vGPU guest driver from another vGPU release than the host's vGPU Manager: the guest's RM refuses to start the vGPU
# and logs Xid 78 (VGPU_START_ERROR) with "Guest driver is incompatible with host driver" (open-gpu-kernel-modules,
# src/nvidia/src/kernel/gpu/gpu.c, on NV_ERR_LIB_RM_VERSION_MISMATCH; NVIDIA's Xid catalog, Xid 78).
VGPU_GUEST_REFUSED = (r"Guest driver is incompatible with host driver",)
VGPU_DOCS = "https://docs.nvidia.com/grid/latest/grid-vgpu-user-guide/"


@rule("DRV023", "vgpu-guest-host-driver-mismatch", "error",
      "The vGPU guest driver is from another vGPU release than the host's",
      signatures=VGPU_GUEST_REFUSED, priority=5,
      references=("https://docs.nvidia.com/deploy/xid-errors/index.html", VGPU_DOCS))
def vgpu_guest_host_driver_mismatch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    In a VM with a vGPU (a cloud vGPU instance such as Azure's NVadsA10_v5, or a GRID / NVIDIA AI
    Enterprise VM): the kernel log has "Xid 78: Guest driver is incompatible with host driver",
    nvidia-smi sees no GPU, and containers time out talking to the driver.

    Why:
    A vGPU guest driver works only with the vGPU Manager release on the host it was made for: the
    guest and host drivers exchange state over an RPC interface of their release. When the host is
    updated to a newer vGPU release (cloud providers move hosts on their own schedule) a guest
    image with the older guest driver is refused at start.

    Fix:
    Install the guest driver of the host's vGPU release (on a cloud VM, the provider's current
    GRID driver for that instance type) and reboot the VM.

    When to ignore:
    Never: the VM has no usable GPU.
    """
    if not seen:
        return
    driver = ctx.driver_version()
    yield Hit("The vGPU host refused this VM's guest driver" + (f" ({driver})" if driver else "") +
              ": it is from another vGPU release than the host's vGPU Manager", confirmed=True,
              evidence={"observed": seen[0].strip()[:200], **({"driver": driver} if driver else {})},
              fix=["install the guest driver of the vGPU release the host runs (a cloud VM: the provider's current "
                   f"GRID driver for this instance type; NVIDIA's vGPU release notes pair guest and host drivers: {VGPU_DOCS})",
                   "sudo reboot  # then: nvidia-smi -q | grep -i -E 'driver version|vgpu'"])


@rule("DRV024", "gpu-no-vulkan-support", "error", "The GPU in use has no Vulkan driver", signatures=VULKAN_NO_DRIVER,
      priority=25, references=(VULKAN_LOADER_DRIVERS,))
def gpu_no_vulkan_support(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A Vulkan program (ncnn's upscalers in Video2X, Real-ESRGAN, waifu2x) stops at once on a machine
    whose GPU is not NVIDIA's: "vkCreateInstance failed -9" and "invalid gpu device", with "I'm
    using Intel(R) HD Graphics 5500" beside it.

    Why:
    The Vulkan loader creates an instance only through a Vulkan driver (ICD) of the GPU's vendor;
    with none it returns VK_ERROR_INCOMPATIBLE_DRIVER (-9). On a machine whose only GPU is an
    Intel or AMD one, that is its vendor's Vulkan driver: not installed, or, for older GPUs, not
    made at all, in which case no driver update brings Vulkan to it.

    Fix:
    Install the GPU vendor's current driver, which carries its Vulkan driver where the GPU has one,
    and check with vulkaninfo; if the GPU has no Vulkan, run the program on a GPU that has it, or
    use a backend that needs no Vulkan (a CPU mode, an OpenCL or CUDA build of the tool).

    When to ignore:
    When an NVIDIA GPU is the one meant to run the program (DRV020).
    """
    gpu = other_vendor_gpu_only(ctx) if seen else ""
    if not gpu or on_a_mac(ctx):
        return
    said = ctx.observed(SAID_NO_VULKAN)
    yield Hit(f"The Vulkan loader found no driver for this machine's GPU, {gpu}, which is not an NVIDIA GPU: "
              + ("the report says it has no Vulkan support, so Vulkan programs cannot use it" if said else
                 "its vendor's Vulkan driver is not installed, or this GPU has none"),
              evidence={"gpu": gpu, "observed": seen[0].strip()[:200], **({"said": said[0].strip()[:200]} if said else {})},
              confirmed=bool(said),
              fix=["vulkaninfo --summary  # the GPUs that have a Vulkan driver here (Vulkan SDK or the distribution's "
                   "vulkan-tools)",
                   f"install the current driver from the vendor of the {gpu}; it brings the Vulkan driver where the "
                   "GPU has one",
                   "if the GPU has no Vulkan: run the program on a GPU that has it, or use its CPU (or OpenCL/CUDA) "
                   "backend instead of the Vulkan one"])


# MuJoCo's (and dm_control's) EGL backend, asked for headless rendering (MUJOCO_GL=egl), finding no EGL display it can
# make without a windowing system: "ImportError: Cannot initialize a EGL device display. This likely means that your EGL
# driver does not support the PLATFORM_DEVICE extension, which is required for creating a headless rendering context."
# Headless hardware rendering needs EXT_platform_device in the EGL driver, which a GPU driver's EGL (NVIDIA's
# libEGL_nvidia) gives and a machine without a GPU or its driver cannot; OSMesa renders in software anywhere
# (dm_control's README, Rendering).
EGL_NO_DEVICE_DISPLAY = r"Cannot initialize a EGL device display"
DM_CONTROL_RENDERING = "https://github.com/google-deepmind/dm_control#rendering"


@rule("DRV025", "egl-device-rendering-without-gpu-driver", "error",
      "Headless EGL rendering was asked for where no GPU driver offers an EGL device",
      signatures=(EGL_NO_DEVICE_DISPLAY,), priority=22, references=(DM_CONTROL_RENDERING,))
def egl_device_rendering_without_gpu_driver(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A MuJoCo environment (Gymnasium, robosuite, dm_control) fails at import with MUJOCO_GL=egl:
    "ImportError: Cannot initialize a EGL device display. This likely means that your EGL driver
    does not support the PLATFORM_DEVICE extension, which is required for creating a headless
    rendering context." Often it works on a login node and fails on the compute nodes, or the
    reverse.

    Why:
    EGL renders without a windowing system only through an EGL device, which the GPU driver's EGL
    library provides (for NVIDIA, libEGL_nvidia from the driver's GL part). A node without a GPU,
    a driver installed without its GL libraries, or a container started without the graphics
    capability offers no EGL device, so MuJoCo's EGL backend cannot start.

    Fix:
    Where there is no GPU, render in software: MUJOCO_GL=osmesa (and PYOPENGL_PLATFORM=osmesa,
    with libosmesa6 installed). Where an NVIDIA GPU should render, install the driver's GL
    libraries (Ubuntu: libnvidia-gl-<branch>) or start the container with
    NVIDIA_DRIVER_CAPABILITIES including graphics. With a display, MUJOCO_GL=glfw.

    When to ignore:
    Never while the program renders through EGL.
    """
    said = next((line for line in seen if re.search(EGL_NO_DEVICE_DISPLAY, line, re.I)), None)
    if said is None:
        return
    no_gpu = said_no_gpu(ctx)
    nvidia = bool(ctx.gpu_models()) or ctx.has_nvidia_gpu()
    where = ("the report says this machine has no GPU, so no driver offers one" if no_gpu else
             "this machine's NVIDIA driver offers none: its EGL library (the driver's GL part) is missing here"
             if nvidia else "no GPU driver here offers one (no GPU, a driver without its GL libraries, or a container "
             "without the graphics capability)")
    software = ["export MUJOCO_GL=osmesa PYOPENGL_PLATFORM=osmesa  # software rendering, no GPU needed "
                "(sudo apt-get install -y libosmesa6)"]
    hardware = ["sudo apt-get install -y libnvidia-gl-<branch>  # Ubuntu: the driver's EGL/GL part, of the installed "
                "driver's branch", "in a container: -e NVIDIA_DRIVER_CAPABILITIES=all (graphics mounts the driver's EGL)",
                "ls /usr/share/glvnd/egl_vendor.d/  # 10_nvidia.json is there once NVIDIA's EGL is installed"]
    yield Hit(f"MuJoCo's EGL backend (MUJOCO_GL=egl) needs an EGL device for headless rendering, and {where}",
              evidence={"observed": said.strip()[:200], **({"said": no_gpu[0].strip()[:200]} if no_gpu else {})},
              confirmed=bool(no_gpu or nvidia),
              fix=(software + ["or run the job on a GPU node whose driver has its GL libraries"] if no_gpu else
                   hardware + software if nvidia else software + hardware))


@rule("DRV026", "driver-libs-not-in-ldcache", "error",
      "The driver's libraries are installed but the dynamic loader's cache does not list them",
      signatures=(*DRIVER_LIBRARY_NOT_FOUND, r"NVML Shared Library Not Found"), priority=9,
      references=("https://github.com/NVIDIA/nvidia-docker/issues/74",
                  "https://man7.org/linux/man-pages/man8/ldconfig.8.html"))
def driver_libs_not_in_ldcache(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On the host, a program that loads the driver's libraries by name fails although nvidia-smi
    works: nvidia-docker's plugin or nvidia-container-cli "could not load NVML library", pynvml
    "NVML Shared Library Not Found", "libcuda.so.1: cannot open shared object file"; and
    `ldconfig -p | grep nvidia-ml` prints nothing. Often after `prime-select intel`, or with the
    driver's libraries in a directory of their own (/usr/lib/nvidia-<branch>, /usr/lib64/nvidia)
    that only an LD_LIBRARY_PATH in a login profile names.

    Why:
    Programs find libnvidia-ml.so.1 and libcuda.so.1 through the loader's cache
    (/etc/ld.so.cache), built by ldconfig from the directories in /etc/ld.so.conf.d. Driver
    packages that install into a directory of their own register it there; when that entry is
    missing (a package left out, a PRIME switch that swapped it away), nvidia-smi may still run,
    but anything started without that LD_LIBRARY_PATH (sudo, services, the Docker daemon) cannot
    load the driver.

    Fix:
    Name the driver's library directory in a file under /etc/ld.so.conf.d and run `sudo ldconfig`;
    check with `ldconfig -p | grep nvidia-ml`.

    When to ignore:
    Inside a container: there the runtime mounts the driver's libraries (CTR003).
    """
    outside = ctx.shared("driver_libs_outside_ldcache", driver_libs_outside_ldcache) if seen else {}
    if not outside:
        return
    empty, library_path = outside.get("empty", []), outside.get("library_path", [])
    directories = library_path + outside.get("own_directory", [])
    directory = directories[0] if directories else "<the directory holding libnvidia-ml.so.1>"
    evidence = {"observed": seen[0].strip()[:200], **({"ldconfig": empty[0]} if empty else {}),
                **({"driver_directory": directory} if directories else {})}
    where = (f"; it sits in {directory}, which only LD_LIBRARY_PATH names, and programs started without that variable "
             "(sudo, services, the Docker daemon) cannot load it" if library_path else
             f"; it sits in {directory}, a directory of its own that no /etc/ld.so.conf.d entry names" if directories
             else "")
    yield Hit("the driver's NVML/libcuda is not in the dynamic loader's cache" +
              (" (`ldconfig -p` lists none)" if empty else "") + where,
              evidence=evidence, confirmed=bool(empty), generic=not empty,
              fix=[f"echo {directory} | sudo tee /etc/ld.so.conf.d/nvidia.conf && sudo ldconfig",
                   "ldconfig -p | grep -E 'libnvidia-ml|libcuda'  # both are listed once the cache knows them"])



# The module refusing a GPU, in each of the kernel log's wordings (probes.driver reads the release and branch
# from them once their lines are joined): a GPU only a legacy branch drives, and one this release does not know.
DRIVER_IGNORES_LEGACY_GPU = (r"supported (?:through|by) (?:the )?(?:NVIDIA )?(?:the NVIDIA )?[\d.]+\.xx\s+Legacy drivers",
                             r"\bNVIDIA driver will ignore\b")
RELEASE_DOES_NOT_KNOW_GPU = (r"in this system is not supported by the\b(?! open)",)
NVRM_NAMED_GPU = re.compile(r"The NVIDIA (?:NVIDIA )?(.+?) GPU installed in this system")
# The same message cut after its first line, as pasted logs often are ("NVRM: The NVIDIA Tesla K80 GPU installed in this
# system is"): only the refusals begin so, and a GPU with a legacy branch can only be refused for that.
NVRM_REFUSAL_CUT = re.compile(r"NVRM: The NVIDIA (?:NVIDIA )?(.{2,60}?) GPU installed in this system is\s*$")


@rule("DRV027", "driver-does-not-support-gpu", "error", "The installed driver release does not drive this GPU",
      signatures=DRIVER_IGNORES_LEGACY_GPU + RELEASE_DOES_NOT_KNOW_GPU + (NVRM_REFUSAL_CUT.pattern,), priority=6,
      references=("https://www.nvidia.com/object/unix.html",
                  "https://github.com/NVIDIA/nvidia-installer/blob/main/nvGpus.h"))
def driver_does_not_support_gpu(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    nvidia-smi "couldn't communicate with the NVIDIA driver" or "No devices were found" right after
    a driver upgrade or a fresh install, and the kernel log says why: "NVRM: The NVIDIA GeForce GTX
    1050 GPU installed in this system is supported through the NVIDIA 580.xx Legacy drivers ... The
    595.58.03 NVIDIA driver will ignore this GPU", or "NVRM: The NVIDIA GPU 0000:00:1e.0 (PCI ID:
    10de:2237) installed in this system is not supported by the NVIDIA 515.57 driver release",
    then "No NVIDIA GPU found" / "None of the NVIDIA devices were initialized".

    Why:
    Each driver release drives a fixed list of GPUs (its README's Appendix A). NVIDIA moves older
    generations to a legacy branch that keeps receiving fixes but no new GPUs: Kepler's last branch
    is 470.xx, Maxwell, Pascal and Volta's is 580.xx. A newer release ignores those GPUs; distribution
    updates that follow the newest branch drop them silently. In the other direction, a release
    older than a GPU does not know its PCI device id. envcheck reads the legacy branch of each PCI
    device id from nvidia-installer's own table (matrices/legacy_gpus.toml).

    Fix:
    For a legacy GPU, install that legacy branch (the newest release of it) and hold the driver
    packages there, so that updates do not move to a newer branch again. For a GPU the release does
    not know, install a newer release whose Appendix A lists the GPU's PCI device id.

    When to ignore:
    The ignored GPU is a display card you do not use for compute, and the other GPUs work.
    """
    text = nvrm_text(ctx.facts.driver.kernel_log) if seen else ""
    if seen and not NVRM_LEGACY_BRANCH.search(text):
        text += " " + " ".join(seen)  # the message quoted in a sentence, without the kernel log's NVRM prefix
    driver = ctx.driver_version() or release_refusing_in(text)
    said_branch = NVRM_LEGACY_BRANCH.search(text)
    if said_branch:
        named = NVRM_NAMED_GPU.search(text)
        devices = ctx.facts.gpus.devices
        gpu_name = named.group(1).strip() if named else devices[0].name if devices else "this GPU"
        yield _needs_legacy_branch(ctx, gpu_name, said_branch.group(1), driver)
        return
    cut = first_match(NVRM_REFUSAL_CUT, seen)
    cut_branch = ctx.matrix.legacy_branch(name=cut.group(1)) if cut else None
    if cut_branch and not ctx.observed(RELEASE_DOES_NOT_KNOW_GPU) and \
            (not driver or int(_distro.branch_of(driver) or 0) > int(cut_branch.split(".")[0])):
        yield _needs_legacy_branch(ctx, cut.group(1), cut_branch, driver)
        return
    if seen and ctx.observed(RELEASE_DOES_NOT_KNOW_GPU):
        for device_id in refused_pci_ids(ctx.facts.driver.kernel_log) or [""]:
            branch = ctx.matrix.legacy_branch(pci_device_id=device_id) if device_id else None
            row = ctx._gpu_row(pci=device_id) if device_id else None
            gpu_name = row["name"] if row else f"PCI ID 10de:{device_id}" if device_id else "this GPU"
            if branch:
                yield _needs_legacy_branch(ctx, gpu_name, branch, driver)
            else:
                yield Hit(f"The NVIDIA {driver or 'driver'} release does not know {gpu_name}: install a newer release "
                          "that lists it",
                          evidence={"gpu": gpu_name, "driver": driver, "pci_device_id": device_id},
                          fix=_distro.install_driver(ctx.distro))
        return
    if not driver or any(PROSE_SOURCE not in device.source for device in ctx.facts.gpus.devices):
        return  # GPUs that NVML or nvidia-smi listed are driven; without a driver version there is nothing to judge
    # the GPUs as named in the input, else as the PCI bus lists them (by id: the legacy table knows ids the gpus
    # table does not)
    named = [(device.name, ctx.matrix.legacy_branch(name=device.name)) for device in ctx.facts.gpus.devices]
    on_bus = [((ctx._gpu_row(pci=d.device_id) or {}).get("name", f"PCI ID 10de:{d.device_id}"),
               ctx.matrix.legacy_branch(pci_device_id=d.device_id))
              for d in ctx.facts.pci.devices if d.kind == "gpu" and d.device_id]
    major = int(_distro.branch_of(driver) or 0)
    for gpu_name, branch in named or on_bus:
        if branch and major > int(branch.split(".")[0]):
            yield _needs_legacy_branch(ctx, gpu_name, branch, driver)
            return


def _needs_legacy_branch(ctx: Context, gpu_name: str, branch: str, driver: str) -> Hit:
    major = branch.split(".")[0]
    by_package = ctx.distro in ("ubuntu", "debian", "rhel")
    fix = _distro.install_driver(ctx.distro, major) if by_package else [
        f"Install the NVIDIA {branch} legacy driver from your distribution (NixOS: hardware.nvidia.package = "
        f"config.boot.kernelPackages.nvidiaPackages.legacy_{major}) or https://www.nvidia.com/object/unix.html, "
        "then reboot"]
    older = _distro.branch_of(driver) and int(_distro.branch_of(driver)) < int(major)
    return Hit(f"{gpu_name} is driven only by the NVIDIA {branch} legacy drivers; the {driver or 'installed'} driver "
               + ("predates it" if older else "ignores it"),
               evidence={"gpu": gpu_name, "legacy_branch": branch, "driver": driver},
               fix=fix + [f"Hold the driver packages at the {branch} branch so that updates do not replace it"])


# XLA (JAX, TensorFlow) compiles its kernels with ptxas, from the nvidia-cuda-nvcc wheel JAX installs or a toolkit on
# PATH, and checks it against the driver since 2023 (jax-ml/jax#18577: "If ptxas is newer than the driver, the driver
# won't be able to load the CUBINs it produces"): "The NVIDIA driver's CUDA version is 12.2 which is older than the
# ptxas CUDA version (12.3.107). Because the driver is older than the ptxas version, XLA is disabling parallel
# compilation"; newer XLA says "PTX compiler version (12.6.85)", and its current nvptx_compiler.cc prints the version
# bare: "older than the PTX compiler version 12.6.77."
XLA_PTXAS_NEWER = re.compile(r"The NVIDIA driver's CUDA version is (\d+\.\d+) which is older than the (?:ptxas CUDA|"
                             r"PTX compiler) version \(?(\d+\.\d+)(?:\.\d+)?\)?")
JAX_PTXAS_CHECK = "https://github.com/jax-ml/jax/issues/18577"


@rule("DRV028", "ptxas-newer-than-driver", "warning",
      "XLA compiles with a ptxas newer than the driver, so it compiles one kernel at a time",
      signatures=(XLA_PTXAS_NEWER.pattern,), priority=60, references=(JAX_PTXAS_CHECK,))
def ptxas_newer_than_driver(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    JAX (or TensorFlow) works but warns at its first compilation: "W external/xla/xla/service/gpu/
    nvptx_compiler.cc:744] The NVIDIA driver's CUDA version is 12.2 which is older than the ptxas
    CUDA version (12.3.107). Because the driver is older than the ptxas version, XLA is disabling
    parallel compilation, which may slow down compilation." (newer XLA: "older than the PTX compiler
    version (12.6.85)", or "version 12.6.77." without brackets). Compilation, and so the first steps of
    every program, is slower.

    Why:
    XLA turns its kernels into GPU code with ptxas, and the driver must load what ptxas made: code
    from a ptxas of a newer CUDA than the driver runs can fail to load. JAX's CUDA wheels bring
    their own ptxas (nvidia-cuda-nvcc-cu12, whatever its newest release is at install time), so an
    install on a driver a few months old meets this. XLA then compiles in a way that can fall back
    to the driver, one module at a time. XLA releases before the check (2022) failed outright
    with "no kernel image is available for execution on the device".

    Fix:
    Upgrade the driver to one that runs the ptxas's CUDA, or install the ptxas of the driver's
    CUDA (`pip install "nvidia-cuda-nvcc-cu12==12.2.*"` for a driver that runs CUDA 12.2). In an
    image that has its own CUDA toolkit, install JAX's local-CUDA variant (`jax[cuda12_local]`)
    so that the image's ptxas is used.

    When to ignore:
    When compilation time does not matter: results are the same.
    """
    said = first_match(XLA_PTXAS_NEWER, seen)
    if said is None:
        return
    runs, ptxas = said.group(1), said.group(2)
    need, driver, major = ctx.matrix.min_driver(ptxas), ctx.driver_version(), runs.split(".")[0]
    yield Hit(f"XLA's ptxas is CUDA {ptxas} but the driver{f' {driver}' if driver else ''} "
              f"runs CUDA {runs}: XLA compiles one module at a time", confirmed=True,
              evidence={"driver_cuda": runs, "ptxas_cuda": ptxas, "minimum_driver": need or "not in the matrix"},
              fix=(_distro.install_driver(ctx.distro, _distro.branch_of(need)) if need else
                   _distro.install_driver(ctx.distro)) +
              [f'or use the ptxas of the driver\'s CUDA: pip install "nvidia-cuda-nvcc-cu{major}=={runs}.*"',
               f"in an image with its own CUDA toolkit: install jax[cuda{major}_local] so that XLA uses the image's "
               "ptxas"])


# The Vulkan loader itself missing, so a Vulkan program cannot start at all, before any driver is looked for: "error
# while loading shared libraries: libvulkan.so.1: cannot open shared object file" (Real-ESRGAN's ncnn binary on an
# Ubuntu VM, xinntao/Real-ESRGAN#741; SAPIEN under ManiSkill, "ImportError: libvulkan.so.1: ..."; GE-Proton, a WebGPU
# exporter, in notes stored on GitHub), Windows' "The code execution cannot proceed because vulkan-1.dll was not found."
# The loader is a package of its own (Debian/Ubuntu libvulkan1, Fedora vulkan-loader, Arch vulkan-icd-loader), which
# minimal systems and images lack; NVIDIA's driver brings the driver (ICD), not the loader.
VULKAN_LOADER_MISSING = (r"\blibvulkan\.so(?:\.1)?[`'\"]?: cannot open shared object file",
                         r"\bvulkan-1\.dll\W{0,3}(?:was not found|not found|is missing|could not be (?:found|loaded))")


@rule("DRV029", "vulkan-loader-not-installed", "error", "The Vulkan loader (libvulkan) is not installed",
      signatures=VULKAN_LOADER_MISSING, priority=20, references=(VULKAN_LOADER_DRIVERS,))
def vulkan_loader_not_installed(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A Vulkan program (ncnn's upscalers, SAPIEN and ManiSkill, game runtimes) stops before it starts:
    "error while loading shared libraries: libvulkan.so.1: cannot open shared object file: No such
    file or directory"; on Windows "The code execution cannot proceed because vulkan-1.dll was not
    found."

    Why:
    Vulkan programs link against the Vulkan loader (libvulkan.so.1, vulkan-1.dll), which then finds
    the GPU vendor's driver. The loader is a package of its own: the NVIDIA driver installs the
    driver part (its ICD) but not the loader, and minimal systems, cloud VMs and container images
    often have none. Without it nothing Vulkan loads, whatever GPU and driver are there.

    Fix:
    Install the loader: `sudo apt-get install -y libvulkan1` (Debian, Ubuntu; in an image, in its
    Dockerfile), `sudo dnf install vulkan-loader` (Fedora), `sudo pacman -S vulkan-icd-loader`
    (Arch); on Windows, the GPU driver's installer or the Vulkan Runtime from LunarG. Then
    `vulkaninfo --summary` lists the GPUs.

    When to ignore:
    Never for a program that uses Vulkan.
    """
    if not seen:
        return
    windows = any("vulkan-1.dll" in line.lower() for line in seen)
    yield Hit("The Vulkan loader (" + ("vulkan-1.dll" if windows else "libvulkan.so.1") + ") is not installed, so no "
              "Vulkan program can start, whatever the GPU and its driver",
              evidence={"observed": seen[0].strip()[:200]}, confirmed=True,
              fix=["install the GPU driver (its installer brings vulkan-1.dll) or the Vulkan Runtime from LunarG, "
                   "then start the program again"] if windows else
                  ["sudo apt-get install -y libvulkan1  # Debian, Ubuntu (in an image: in its Dockerfile); Fedora: "
                   "sudo dnf install vulkan-loader; Arch: sudo pacman -S vulkan-icd-loader",
                   "vulkaninfo --summary  # (vulkan-tools) the GPUs Vulkan finds; for an NVIDIA GPU the driver's "
                   "Vulkan part must be installed too"])



# The OpenCL ICD loader (libOpenCL.so.1, ocl-icd) holds no OpenCL itself: it loads the vendor drivers named by the .icd
# files in /etc/OpenCL/vendors (libOpenCL(7), ocl-icd's manual), and with none it answers clGetPlatformIDs with
# CL_PLATFORM_NOT_FOUND_KHR, -1001 (cl_ext.h). Wordings: KataGo's "error CL_PLATFORM_NOT_FOUND_KHR"
# (lightvector/KataGo#89), pyopencl's "clGetPlatformIDs failed: PLATFORM_NOT_FOUND_KHR" (inducer/pyopencl#329),
# Halide's "CL: clGetPlatformIDs failed: <Unknown error> -1001" (halide/Halide#3748), vanitygen's
# "clGetPlatformIDs(0): Unknown code -1001" (samr7/vanitygen#73), silentarmy's "Cannot get OpenCL platforms! (-1001)",
# LuxCore's "OpenCL driver API error (code: -1001", NOOOCL's "OpenCL Error Code: -1001" (unbornchikken/NOOOCL#19),
# caldgemm's "OpenCL Error -1001" (ROCm/ROCm-OpenCL-Runtime#14), eminer's "cl: error -1001", and old clinfo's
# "number of platforms : error -1001" (Oblomov/clinfo#11; today's clinfo prints "Number of platforms 0" instead).
# Where the drivers come from: Debian packages NVIDIA's as nvidia-opencl-icd (packages.debian.org), registering
# nvidia.icd with libnvidia-opencl.so.1 in it (CMake's FindOpenCL merge request 1585 lists Debian's .icd files); images
# write that file themselves, as NVIDIA's nvidia/opencl images did (Dockerfiles stored on GitHub copy its line); Mesa's
# is mesa-opencl-icd, Intel's intel-opencl-icd (intel/compute-runtime#350), and pocl-opencl-icd runs OpenCL on the CPU
# (KhronosGroup/OpenCL-Guide#33).
OPENCL_NO_PLATFORM = (r"\b(?:CL_)?PLATFORM_NOT_FOUND_KHR\b", r"\bclGetPlatformIDs\b[^\n]{0,60}?-1001\b",
                      r"\bOpenCL\b[^\n]{0,60}?(?:error|code|platforms?)\W{0,12}(?:code\W{0,4})?-1001\b",
                      r"\bcl: error -1001\b", r"\bnumber of platforms\s*:\s*error\s+-1001\b",
                      # today's clinfo, with a program that failed beside it (glinscott/leela-chess#284 on Colab)
                      r"\bNumber of platforms\s+0\s*$")
# On Android (Termux), the vendor's OpenCL library lives in /vendor/lib64 and ocl-icd's loader has no .icd for it: the
# same zero platforms, another cause and another fix.
ANDROID_SAID = r"\btermux\b|\bandroid\b|/system/vendor/|/vendor/lib64\b"
OPENCL_ICD_LOADER = "https://manpages.debian.org/bookworm/ocl-icd-libopencl1/libOpenCL.7.en.html"


@rule("DRV030", "opencl-icd-loader-without-platform", "error",
      "The OpenCL loader finds no OpenCL driver (platform) to load", signatures=OPENCL_NO_PLATFORM, priority=20,
      references=(OPENCL_ICD_LOADER,))
def opencl_loader_without_platform(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    An OpenCL program stops before it sees any device: "error CL_PLATFORM_NOT_FOUND_KHR",
    "clGetPlatformIDs failed: PLATFORM_NOT_FOUND_KHR", "clGetPlatformIDs(0): Unknown code -1001",
    "Cannot get OpenCL platforms! (-1001)", "OpenCL driver API error (code: -1001"; clinfo printing
    "Number of platforms                               0".

    Why:
    libOpenCL.so.1 is only the ICD loader: it loads the OpenCL drivers (ICDs) that the .icd files
    in /etc/OpenCL/vendors name, one per vendor, and with none it returns CL_PLATFORM_NOT_FOUND_KHR
    (-1001). Installing the loader or the headers (ocl-icd-libopencl1, ocl-icd-opencl-dev) brings no
    driver. NVIDIA's comes with its driver (nvidia.icd naming libnvidia-opencl.so.1), AMD's and
    Intel's with their OpenCL runtimes, Mesa's as mesa-opencl-icd; a container image needs the .icd
    file itself, since the NVIDIA container toolkit mounts the driver's library but not the file.

    Fix:
    See what is registered (`ls /etc/OpenCL/vendors`, `clinfo -l`), then install the OpenCL driver
    of the GPU's vendor; in an NVIDIA container, write the file:
    `echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd`. For a CPU-only machine, pocl
    (pocl-opencl-icd) gives an OpenCL platform on the CPU.

    When to ignore:
    Never for a program that needs OpenCL.
    """
    if not seen or ctx.observed([ANDROID_SAID]):
        return
    other = other_vendor_gpu_only(ctx)
    nvidia = not other and (ctx.has_nvidia_gpu() or bool(ctx.driver_version()))
    if nvidia:
        driver_fix = ["ls /etc/OpenCL/vendors; cat /etc/OpenCL/vendors/nvidia.icd  # NVIDIA's driver registers "
                      "nvidia.icd, naming libnvidia-opencl.so.1",
                      "install the NVIDIA driver's OpenCL part (it comes with the full driver; Debian: "
                      "nvidia-opencl-icd), or in a container image: mkdir -p /etc/OpenCL/vendors && "
                      "echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd"]
        whose = "NVIDIA's OpenCL driver is not registered"
    else:
        driver_fix = ["ls /etc/OpenCL/vendors  # each .icd file names one vendor's OpenCL driver; none here",
                      "install the OpenCL driver of the GPU's vendor: NVIDIA's comes with its driver "
                      "(nvidia.icd), Intel's is intel-opencl-icd, AMD's comes with ROCm or AMDGPU-Pro, Mesa's "
                      "is mesa-opencl-icd; on a machine without a GPU, pocl-opencl-icd runs OpenCL on the CPU"]
        whose = f"no OpenCL driver for the {other} is installed" if other else "no vendor's OpenCL driver is installed"
    yield Hit("The OpenCL loader found no OpenCL platform: " + whose + ", and the loader alone (libOpenCL.so.1) "
              "holds no driver",
              evidence={"observed": seen[0].strip()[:200], **({"gpu": other} if other else {})}, confirmed=True,
              fix=driver_fix + ["clinfo -l  # lists a platform and its devices once a driver is registered"])


# A container gets the driver's Vulkan part only when its runtime puts it there: NVIDIA's container toolkit mounts
# libGLX_nvidia and the ICD manifest (nvidia_icd.json) for the graphics driver capability ("required for running
# OpenGL and Vulkan applications", NVIDIA_DRIVER_CAPABILITIES in the toolkit's docs), which `--gpus all` alone does not
# ask for (Docker's default is compute and utility, as containerd/nerdctl#1024 copied it; unset, the runtime's is
# utility only); older
# nvidia-container-cli releases and some CDI specs leave the manifest out even then (an lxc hook, NixOS's generated
# spec, a serverless platform's runtime). The report saying the manifest is not there: "missing the
# `/etc/vulkan/icd.d/nvidia_icd.json` file", "/usr/share/vulkan/icd.d/nvidia_icd.json is missing in the container".
NVIDIA_ICD_ABSENT = (r"(?:missing|\bno|without|lacks?)\W{1,4}(?:the\s+)?\S*nvidia_icd\.json",
                     r"nvidia_icd\.json\S*\W{0,3}\s(?:is|was)\s+(?:missing|not\s+(?:present|found|there))")
DRIVER_CAPABILITIES = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"


@rule("DRV031", "container-lacks-nvidia-vulkan-icd", "error",
      "The container has no NVIDIA Vulkan driver (ICD)", signatures=VULKAN_NO_DRIVER + NVIDIA_ICD_ABSENT, priority=22,
      references=(DRIVER_CAPABILITIES, VULKAN_LOADER_DRIVERS))
def container_lacks_nvidia_vulkan_icd(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    In a container where CUDA and nvidia-smi work, Vulkan finds no NVIDIA GPU: vulkaninfo says
    "Cannot create Vulkan instance." (VK_ERROR_INCOMPATIBLE_DRIVER) or lists only llvmpipe; Unreal
    Engine (CARLA, AirSim) stops with "Cannot find a compatible Vulkan driver (ICD)"; the report
    finds no /etc/vulkan/icd.d/nvidia_icd.json inside.

    Why:
    The Vulkan loader finds NVIDIA's driver through its ICD manifest, nvidia_icd.json, which names
    libGLX_nvidia.so.0. A container has neither unless its runtime mounts them from the host: the
    NVIDIA container toolkit does so for the `graphics` driver capability, and `docker run --gpus all`
    asks only for compute and utility. Older nvidia-container-cli releases, hand-made CDI specs and
    some hosted platforms leave the manifest out even with graphics asked for.

    Fix:
    Start the container with the graphics capability (`-e NVIDIA_DRIVER_CAPABILITIES=all`, or
    `compute,utility,graphics`); if nvidia_icd.json is still absent inside, mount the host's
    (`-v /usr/share/vulkan/icd.d/nvidia_icd.json:/etc/vulkan/icd.d/nvidia_icd.json:ro`) or write it
    in the image, and keep the image's Vulkan loader (libvulkan1) installed.

    When to ignore:
    When the program runs outside a container, or is not meant to use the NVIDIA GPU.
    """
    if not seen or not vulkan_in_container(ctx) or ctx.has_nvidia_gpu() is False or on_a_mac(ctx) \
            or other_vendor_gpu_only(ctx):
        return
    capabilities = first_match(CAPABILITIES_SET, ctx.observations)
    without_graphics = capabilities is not None and not re.search(r"\b(?:all|graphics)\b", capabilities.group(1))
    yield Hit("Vulkan inside the container found no NVIDIA driver: the container has no NVIDIA Vulkan ICD "
              "(nvidia_icd.json and libGLX_nvidia.so.0), which the runtime mounts only for the graphics capability"
              + (f", and the container asks for {capabilities.group(1)}" if without_graphics else ""),
              evidence={"observed": seen[0].strip()[:200],
                        **({"driver_capabilities": capabilities.group(1)} if capabilities else {})},
              confirmed=without_graphics,
              fix=["docker run --gpus all -e NVIDIA_DRIVER_CAPABILITIES=all ...  # graphics mounts the driver's "
                   "Vulkan/GL part (Kubernetes, compose: the same variable in the container's environment)",
                   "ls /etc/vulkan/icd.d /usr/share/vulkan/icd.d  # inside: nvidia_icd.json must be there",
                   "if it is not (older toolkits, some CDI specs and platforms): -v /usr/share/vulkan/icd.d/"
                   "nvidia_icd.json:/etc/vulkan/icd.d/nvidia_icd.json:ro, or write the host's file into the image",
                   "vulkaninfo --summary  # inside: lists the NVIDIA GPU, not only llvmpipe"])


# NVML refusing a query under WSL 2, in each caller's words: pynvml's "NVMLError_NotSupported: Not Supported" and
# "NVMLError_Unknown: Unknown Error" (dask's NVML monitor on nvmlDeviceGetUtilizationRates and
# nvmlDeviceGetComputeRunningProcesses, dask/distributed#5342 and #5567, rapidsai/dask-cuda#761), DALI's "nvml error
# (999): A nvml internal driver error occurred" (NVIDIA/DALI#3878), the C API's NVML_ERROR_NOT_SUPPORTED.
DALI_NVML_ERROR = (r"nvml error \(999\)", r"\bA nvml internal driver error occurred")
NVML_QUERY_REFUSED = (r"\bNVMLError_(?:NotSupported|Unknown)\b", r"\bNVML_ERROR_NOT_SUPPORTED\b") + DALI_NVML_ERROR
WSL_NVML_PATH = r"/usr/lib/wsl/lib/libnvidia-ml"


@rule("DRV036", "wsl-nvml-queries-unsupported", "error", "Under WSL 2, NVML does not answer a query the program makes",
      signatures=NVML_QUERY_REFUSED, priority=30, references=(WSL_GUIDE,))
def wsl_nvml_queries_unsupported(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Under WSL 2, CUDA works but a program that monitors the GPU through NVML stops: dask's
    LocalCUDACluster or scheduler with "pynvml.nvml.NVMLError_NotSupported: Not Supported" or
    "NVMLError_Unknown: Unknown Error" from nvmlDeviceGetUtilizationRates or
    nvmlDeviceGetComputeRunningProcesses; DALI's decoder with "nvml error (999): A nvml internal
    driver error occurred".

    Why:
    In WSL 2, NVML is the Windows driver's library (/usr/lib/wsl/lib/libnvidia-ml.so.1), and it
    implements only part of the API: the first CUDA-on-WSL drivers had none ("NVIDIA Management
    Library (NVML) APIs are not supported", NVIDIA's CUDA on WSL user guide of the time, quoted in
    rapidsai/jupyterlab-nvdashboard#74), later ones still refuse the utilization and process queries
    that monitors make. The program treats the refusal as fatal.

    Fix:
    Turn the program's NVML use off (dask: DASK_DISTRIBUTED__DIAGNOSTICS__NVML=False; DALI:
    DALI_DISABLE_NVML=1), or update it to a release that tolerates the refusal (dask/distributed
    turns its NVML monitor off under WSL, PR #5568); a newer Windows driver answers more queries.

    When to ignore:
    Outside WSL: there the same error is another cause's (a GPU without the feature).
    """
    if not seen or not (ctx.facts.system.wsl or ctx.observed((WSL_WORD, WSL_NVML_PATH))):
        return
    dali = bool(ctx.observed(DALI_NVML_ERROR))
    yield Hit("NVML under WSL 2 is the Windows driver's, and it refuses some queries (GPU utilization, running "
              "processes) that native Linux drivers answer: the program's NVML call failed although CUDA works",
              evidence={"observed": seen[0].strip()[:200]}, confirmed=True,
              fix=(["export DALI_DISABLE_NVML=1  # DALI then decodes without asking NVML"] if dali else
                   ["export DASK_DISTRIBUTED__DIAGNOSTICS__NVML=False  # dask: no NVML monitor (or update "
                    "dask/distributed, which turns it off under WSL)"]) +
              ["python -c 'import pynvml as n; n.nvmlInit(); h=n.nvmlDeviceGetHandleByIndex(0); "
               "print(n.nvmlDeviceGetUtilizationRates(h))'  # the query the Windows driver's NVML refuses",
               "update the Windows NVIDIA driver: newer ones implement more of NVML under WSL"])


# The driver's answer to a profiler reading GPU performance counters as a user it does not allow: nvprof's "Warning:
# ERR_NVGPUCTRPERM - The user does not have permission to profile on the target device" (corpus 17500), Nsight
# Compute's "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on
# the target device 0", CUPTI's CUPTI_ERROR_INSUFFICIENT_PRIVILEGES from a program's own tracer (PaddlePaddle/Paddle
# #35857, geoffxy/habitat#5). Drivers since the fix for CVE-2018-6260 (early 2019) restrict the counters to admin users
# by default; NVIDIA's pages for both codes give the module option and the CAP_SYS_ADMIN alternative.
PROFILING_REFUSED = (r"\bERR_NVGPUCTRPERM\b", r"\bCUPTI_ERROR_INSUFFICIENT_PRIVILEGES\b",
                     r"does not have permission to (?:profile on the target device|access NVIDIA GPU Performance "
                     r"Counters)")
PROFILING_PERMISSION = "https://developer.nvidia.com/ERR_NVGPUCTRPERM"


@rule("DRV037", "gpu-profiling-restricted-to-admin", "error",
      "The driver lets only admin users read the GPU's performance counters, and a profiler runs as another user",
      signatures=PROFILING_REFUSED, priority=20,
      references=(PROFILING_PERMISSION, "https://developer.nvidia.com/CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"))
def gpu_profiling_restricted_to_admin(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    nvprof, Nsight Compute (ncu) or a framework's profiler stops or collects nothing: "Warning:
    ERR_NVGPUCTRPERM - The user does not have permission to profile on the target device",
    "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance
    Counters on the target device 0", "failed with error CUPTI_ERROR_INSUFFICIENT_PRIVILEGES".

    Why:
    Since the driver fix for CVE-2018-6260 (early 2019), the NVIDIA driver gives the GPU's
    performance counters to admin users only (/proc/driver/nvidia/params: RmProfilingAdminOnly: 1).
    Tracing (timelines) still works; metrics and counters do not. In a container, root is not
    enough without the CAP_SYS_ADMIN capability.

    Fix:
    Have an administrator lift the restriction on the host: the nvidia module option
    NVreg_RestrictProfilingToAdminUsers=0 in /etc/modprobe.d, then a reboot (or a reload of the
    module). Or run the profiler as root (by its full path, sudo resets PATH), or in a container
    with --cap-add=SYS_ADMIN.

    When to ignore:
    On a shared machine whose administrators keep the counters restricted on purpose: ask them to
    run the profile.
    """
    if not seen:
        return
    container = in_container(ctx)
    yield Hit("the driver lets only admin users read the GPU's performance counters, and the profiler ran as another "
              "user" + (" (in a container, root also needs CAP_SYS_ADMIN)" if container else ""),
              evidence={"observed": seen[0].strip()[:200]}, confirmed=True,
              fix=["cat /proc/driver/nvidia/params | grep RmProfilingAdminOnly  # 1: counters restricted to admins",
                   "echo 'options nvidia NVreg_RestrictProfilingToAdminUsers=0' | sudo tee /etc/modprobe.d/"
                   "nvidia-profiling.conf; sudo update-initramfs -u; sudo reboot  # every user may profile "
                   "(dracut -f on Fedora and RHEL)",
                   "or run the profiler as root by its full path: sudo $(which ncu) ... (containers: docker run "
                   "--cap-add=SYS_ADMIN ...)"])


# A GPU that shares the system's memory with the CPU has no memory of its own for NVML to report: on the DGX Spark's
# GB10 "nvmlDeviceGetMemoryInfo(handle) returns NVML_ERROR_NOT_SUPPORTED on Spark while it works fine on Hopper/Ada"
# (NVIDIA/cosmos#180, fixed by cosmos-framework PR #22's fallback), nvidia-smi's Memory-Usage column says "Not
# Supported" and a CSV query gives "[N/A]" (NordicHPC/sonar#460). Programs that take the answer as fatal fail in their
# own words: the device plugin's "error getting device memory: Not Supported" (NVIDIA/gpu-operator#1794: device plugin
# v0.17.4 and later, in GPU Operator v25.10.0, ignore it), HAMi's and the DRA driver's "GetMemoryInfo returns Not
# Supported", xinference's "Fail to get GPU info: Not Supported", pynvml's NVMLError_NotSupported (codecarbon#1037).
# Jetson modules' integrated GPUs share host memory the same way ("Integrated GPU sharing Host Memory: Yes").
# nvidia-smi's table row with "Not Supported" in the Memory-Usage column, and a CSV query's header for memory (its
# values say whether the query answered)
SMI_MEMORY_NOT_SUPPORTED = r"^\|[^|\n]*\d+W\s*/\s*(?:N/A|\d+W)\s*\|\s*Not Supported\s*\|"
SMI_MEMORY_CSV = r"\bmemory\.(?:used|total|free) \[MiB\]"
MEMORY_QUERY_REFUSED = (r"\bGetMemoryInfo\b[^\n]{0,80}?\bNot[ _]?Supported\b",
                        r"\berror getting device memory: Not Supported",
                        r"\bFail(?:ed)? to get GPU info: Not Supported", SMI_MEMORY_NOT_SUPPORTED, SMI_MEMORY_CSV)
UNIFIED_MEMORY_GPU = (r"\bGB10\b", r"\bDGX Spark\b", r"\bunified[- ]memory\b", r"\bIntegrated GPU sharing Host "
                      r"Memory: Yes")


@rule("DRV038", "nvml-memory-info-unsupported-on-unified-memory-gpu", "warning",
      "NVML reports no memory figures for a GPU that shares the system's memory, and a program depends on them",
      signatures=MEMORY_QUERY_REFUSED + NVML_QUERY_REFUSED, priority=29,
      references=("https://github.com/NVIDIA/gpu-operator/issues/1794", "https://github.com/NVIDIA/cosmos/issues/180"))
def nvml_memory_info_unsupported_on_unified_memory_gpu(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On a DGX Spark (GB10) or a Jetson, nvidia-smi's Memory-Usage column says "Not Supported" and
    `nvidia-smi --query-gpu=memory.used --format=csv` prints "[N/A]"; a program that asks NVML for the GPU's memory
    stops: the Kubernetes device plugin's "error getting device memory: Not Supported", "pynvml.NVMLError_NotSupported:
    Not Supported" from a startup that sizes its work by GPU memory, "Fail to get GPU info: Not Supported"; monitors
    show nothing.

    Why:
    These GPUs have no memory of their own: CPU and GPU share one pool (128 GB on the DGX Spark). NVML's memory query
    (nvmlDeviceGetMemoryInfo) answers NVML_ERROR_NOT_SUPPORTED for them, by design, and tools written for GPUs with
    their own memory took that answer as fatal. The GPU and driver are fine.

    Fix:
    Update the program to a release that tolerates the answer (NVIDIA's device plugin from v0.17.4, in GPU Operator
    v25.10.0; codecarbon, HAMi and others fixed it likewise); where you call NVML yourself, catch NVMLError_NotSupported
    and take the size from CUDA (torch.cuda.mem_get_info()) or from the system's memory (/proc/meminfo).

    When to ignore:
    nvidia-smi's "Not Supported" for memory on these GPUs is expected and harmless by itself.
    """
    if not seen:
        return
    named, jetson = ctx.observed(UNIFIED_MEMORY_GPU), ctx.jetson()
    if not named and not (jetson and ctx.observed([r"\bmem(?:ory)?\b", r"GetMemoryInfo"])):
        return  # a GPU with memory of its own; a Jetson's NVML refuses other queries too: only one about memory is this
    csv = [line for line in seen if re.search(SMI_MEMORY_CSV, line)]
    if csv and len(seen) == len(csv) and not ctx.observed([r"\[N/A\]"]):
        return  # a memory query that answered with figures
    failing = [line for line in seen if not re.search(SMI_MEMORY_NOT_SUPPORTED, line) and line not in csv]
    gpu = "the GB10" if any(re.search(r"\bGB10\b|\bDGX Spark\b", line) for line in named) else \
        "this Jetson's integrated GPU" if jetson else "this GPU"
    yield Hit(f"{gpu} shares the system's memory with the CPU, and its NVML answers the memory query with Not "
              "Supported" + (": the program that asked took that as fatal" if failing else
                             " (nvidia-smi shows no memory figures); a tool that needs them shows nothing or fails"),
              evidence={"observed": (failing or seen)[0].strip()[:200], "unified_memory": named[0].strip()[:120]
                        if named else jetson}, confirmed=bool(failing), generic=not failing,
              fix=["update the program to a release that tolerates NVML's Not Supported for memory (NVIDIA's "
                   "k8s-device-plugin v0.17.4 or later, in GPU Operator v25.10.0; HAMi, codecarbon and others have "
                   "fixes)",
                   "in your own code: catch pynvml.NVMLError_NotSupported around nvmlDeviceGetMemoryInfo and take "
                   "torch.cuda.mem_get_info() or /proc/meminfo's MemAvailable instead",
                   "free -g  # the memory CPU and GPU share"])


RULES = (driver_not_loaded, nouveau_bound, secure_boot_blocks_module, driver_library_mismatch, driver_too_old,
         open_kernel_module_required, driver_not_built_for_kernel, driver_release_too_old_for_kernel,
         fabric_manager_not_running,
         fabric_manager_version_mismatch, cuda_init_failed, persistence_mode_off, driver_init_slow,
         nvidia_uvm_not_loaded, driver_container_kernel_headers_unavailable, open_kernel_module_unsupported_gpu,
         prime_profile_disables_nvidia_driver, gpu_unusable_after_suspend_resume, driver_nvml_too_old_for_tool,
         driver_too_old_for_nvenc_api, nvidia_vulkan_driver_not_installed, flatpak_nvidia_runtime_missing_for_driver,
         driver_too_old_for_optix, vgpu_guest_host_driver_mismatch, gpu_no_vulkan_support,
         egl_device_rendering_without_gpu_driver, driver_libs_not_in_ldcache, driver_does_not_support_gpu,
         ptxas_newer_than_driver, vulkan_loader_not_installed, opencl_loader_without_platform,
         container_lacks_nvidia_vulkan_icd, optix_runtime_library_missing_from_driver_install,
         nvml_memory_info_unsupported_on_unified_memory_gpu,
         flatpak_nvidia_extension_lacks_optix, wsl_optix_library_missing,
         wsl_nvml_queries_unsupported, gpu_profiling_restricted_to_admin)
