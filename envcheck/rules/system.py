"""System rules (SYS): shared memory, WSL's libcuda, and CUDA_VISIBLE_DEVICES."""

from __future__ import annotations

import re
from typing import Dict, Iterable, List

from envcheck.rules import Context, Hit, first_match, older_than, rule

# Docker's default /dev/shm is 64 MiB; PyTorch DataLoader workers and NCCL's shared-memory
# transport need far more. 1 GiB is the floor below which envcheck warns.
SHM_FLOOR = 1024 ** 3


# Native Windows, as pip, Python's Windows-only errors ("[WinError 2]"), paths (a script run from any drive: "python C:\cudf\setup.py") and conda's channel
# subdirectories show it (not WSL, whose Python is Linux's).
NATIVE_WINDOWS = re.compile(r"\bwin_amd64\b|\[WinError \d+\]|\b[A-Z]:\\(?:Users|Program Files|Python|Windows)|\bWindowsPath\(|"
                            r"(?:^|\s)[A-Z]:\\[\w.-]+\\[\w.-]+\.py\b|/win-64\b|"
                            r"\b[A-Z]:\\(?:[^\\\s\"]+\\)*?(?:site|dist)-packages\\", re.I)
# Any folder on a drive, as a program's traceback or command line gives it ("C:\Whisper\faster-whisper-xxl.exe",
# "File \"D:\whisper-fast-XXL\__main__.py\""). Kept apart from NATIVE_WINDOWS because it has no literal anchor
# (envcheck.anchors): alone it is a cheap pass over a paste; inside NATIVE_WINDOWS it would make every line of a paste
# run all of that pattern.
DRIVE_PATH = r"(?<![\w/])[A-Z]:\\\w"
# Windows named anywhere, in any language's sentence ("windows平台", "on Windows 11").
WINDOWS_WORD = r"(?<![a-z])windows(?![a-z])"


def on_native_windows(ctx: Context, named: bool = True) -> bool:
    """The report comes from native Windows, not WSL: the facts say so, a Windows path or wheel tag shows it, or
    (where named counts) the word itself names it. WSL runs Linux's builds, so it never counts."""
    system = ctx.facts.system
    if system.wsl:
        return False
    return system.os == "windows" or bool(ctx.observed([NATIVE_WINDOWS.pattern, DRIVE_PATH,
                                                        *([WINDOWS_WORD] if named else [])]))


def under_wsl(ctx: Context) -> bool:
    """The report comes from WSL: the facts say so, or the paste names WSL or its driver folder /usr/lib/wsl/lib."""
    return bool(ctx.facts.system.wsl or ctx.observed([r"/usr/lib/wsl/lib", r"\bWSL2?\b"]))


@rule("SYS001", "shm-too-small", "error", "/dev/shm is too small for DataLoader workers and NCCL",
      signatures=(r"Error while creating shared memory segment", r"insufficient shared memory \(shm\)",
                  r"DataLoader worker \(pid \d+\) is killed by signal: Bus error", r"unable to write to file </torch_",
                  r"posix_fallocate failed.*No space left on device", r"/dev/shm.*No space left on device",
                  r"failed to extend /dev/shm/\S+ to \d+ bytes", r"/dev/shm has only \d+ bytes available",
                  # Triton's Python backend, whose models exchange tensors through /dev/shm regions
                  r"Failed to increase the shared memory pool size"),
      priority=10)
def shm_too_small(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A bare "Bus error (core dumped)" in a container started without --ipc=host or --shm-size;
    "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared
    memory (shm)."; NCCL: "Error while creating shared memory segment /dev/shm/nccl-..."; "DataLoader
    worker (pid 123) is killed by signal: Bus error"; Triton's Python backend: "Failed to increase
    the shared memory pool size for key 'triton_python_backend_shm_region_2' to 67108864 bytes";
    `df -h` showing /dev/shm at 64M.

    Why:
    DataLoader workers pass batches, and NCCL passes data between local ranks, through /dev/shm.
    Triton's Python backend gives each model instance its own region there. Containers get 64 MiB
    of it by default (Docker, and Kubernetes pods); the size is the container runtime's to set,
    not the program's.

    Fix:
    Run containers with `--ipc=host` or `--shm-size=16g` (Kubernetes: an emptyDir with medium
    Memory at /dev/shm); on a host, enlarge the tmpfs (`mount -o remount,size=16G /dev/shm`).

    When to ignore:
    Single-process jobs with num_workers=0 and one GPU.
    """
    shm = ctx.facts.system.shm
    if isinstance(shm.size_bytes, int) and shm.size_bytes < SHM_FLOOR:
        full = " and full" if shm.free_bytes == 0 else ""
        yield Hit(f"/dev/shm is {shm.size_bytes // 1024 ** 2} MiB{full}",
                  evidence={"system.shm.size_bytes": shm.size_bytes, "system.shm.free_bytes": shm.free_bytes,
                            "system.shm.source": shm.source}, fix=SHM_FIX)
    elif seen:
        yield Hit("shared memory (/dev/shm) ran out", fix=SHM_FIX + ["df -h /dev/shm"])
    elif ctx.observed(BUS_ERROR) and not ctx.observed(SHM_GIVEN) and _in_container(ctx):
        yield Hit("a process died of a bus error (SIGBUS) in a container: the usual cause is the container's 64 MiB "
                  "/dev/shm filling up under DataLoader workers or NCCL", generic=True,
                  evidence={"observed": ctx.observed(BUS_ERROR)[0].strip()[:200]},
                  fix=SHM_FIX + ["df -h /dev/shm  # inside the container"])
    elif (elastic := ctx.observed([ELASTIC_SIGBUS])) and not ctx.observed(SHM_GIVEN):
        yield Hit("a rank of a torchrun job died of a bus error (SIGBUS): the usual cause is /dev/shm filling up under "
                  "NCCL's and the DataLoader's shared memory, at a container's or pod's 64 MiB default or a job's "
                  "memory limit", generic=True,
                  evidence={"observed": elastic[0].strip()[:200]},
                  fix=SHM_FIX + ["df -h /dev/shm  # where the job runs",
                                 "Slurm: ask for the node's memory (--mem=0) so /dev/shm has room"])


# A bare SIGBUS ("Bus error (core dumped)", Megatron's "Bus error: nonexistent physical address with signal 7"): a
# write to a tmpfs page that does not exist, which in a container is /dev/shm at its 64 MiB default far more often
# than anything else (7 of the corpus's 8 reports with a bus error). Not where the command gives /dev/shm room.
BUS_ERROR = (r"\bBus error\b", r"\bSIGBUS\b")
# torch.distributed.elastic's failure report for a rank killed by SIGBUS ("traceback : Signal 7 (SIGBUS) received by
# PID 10"): ranks on one machine exchange data through /dev/shm (NCCL's shared-memory transport, DataLoader workers),
# so in a pod (alpaca-lora's on Kubernetes), a job with a memory limit (OpenRLHF's docs: "the size of shared memory is
# not enough", fixed with #SBATCH --mem=0) or a container it is /dev/shm that ran out.
ELASTIC_SIGBUS = r"Signal 7 \(SIGBUS\) received by PID"
SHM_GIVEN = (r"--ipc[= ]host\b", r"--shm-size\b", r"\bshm_size\s*:", r"\bipc\s*:\s*host\b")


def _in_container(ctx: Context) -> bool:
    # imported here: the container rules import this module
    from envcheck.rules.container import in_container
    return in_container(ctx)


SHM_FIX = ["docker run --ipc=host ...  # or --shm-size=16g; compose: shm_size: 16gb",
           "Kubernetes: an emptyDir volume with medium: Memory (and a sizeLimit) mounted at /dev/shm",
           "sudo mount -o remount,size=16G /dev/shm  # on a host"]


@rule("SYS002", "shm-not-writable", "error", "/dev/shm cannot be written",
      signatures=(r"/dev/shm.*(Read-only file system|Permission denied)", r"lack of access to /dev/shm",
                  r"shm_open.*(Permission denied|Read-only)"), priority=9)
def shm_not_writable(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "Unable to use multiprocessing, this is normally caused by lack of access to /dev/shm: [Errno 30]
    Read-only file system"; shm_open: Permission denied.

    Why:
    Python multiprocessing, DataLoader workers and NCCL create files in /dev/shm. A read-only or
    missing /dev/shm (hardened containers, some sandboxes) breaks them all.

    Fix:
    Mount a writable tmpfs at /dev/shm (`--tmpfs /dev/shm:rw,size=8g` or `--ipc=host` for
    containers).

    When to ignore:
    Single-process workloads.
    """
    shm = ctx.facts.system.shm
    if shm.writable is False:
        yield Hit("/dev/shm is not writable" if shm.mounted else "/dev/shm is missing",
                  evidence={"system.shm.writable": False, "system.shm.mounted": shm.mounted},
                  fix=["docker run --tmpfs /dev/shm:rw,size=8g ...  # or --ipc=host",
                       "sudo mount -t tmpfs -o rw,size=8G tmpfs /dev/shm"])
    elif seen:
        yield Hit("/dev/shm is read-only or not accessible", fix=["mount | grep /dev/shm",
                                                                   "docker run --tmpfs /dev/shm:rw,size=8g ..."])


# cuDNN 8's loader of its sub-libraries with its reason cut off, the line ending at the library: "Error: Could not load
# library libcudnn_cnn_infer.so.8" (corpus 15851, under torch 2.0; 2020, under WSL). Elsewhere it is cuDNN's files
# missing (LIB001); under WSL the reason, where people paste it, is WSL's libcuda: "Could not load library
# libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open shared object file" (three corpus pastes), since
# libcudnn_cnn_infer dlopens the unversioned libcuda.so, which only /usr/lib/wsl/lib holds.
CUDNN_SUBLIBRARY_UNREAD = r"Could not load library libcudnn\w*\.so\.\d+\.?\s*$"
# A Linux NVIDIA driver inside WSL, as a paste shows it: its packages in a dpkg or apt listing
# ("libnvidia-compute-510:amd64  install"), or a libcuda loaded from the distribution's library folder instead of
# /usr/lib/wsl/lib ("AttributeError: /lib/x86_64-linux-gnu/libcuda.so: undefined symbol: undef").
LINUX_DRIVER_INSIDE = (r"\b(?:libnvidia-compute|nvidia-driver|nvidia-utils|libnvidia-gl)-\d{3}\b",
                       r"(?<![\w/])/(?:usr/)?lib(?:64)?/(?:x86_64-linux-gnu/)?libcuda\.so[\d.]*:")


@rule("SYS003", "wsl-libcuda", "error", "WSL cannot load the Windows driver's libcuda",
      signatures=(r"Failed to dlopen libcuda\.so(?!\.)",
                  r"libcuda\.so: cannot open shared object file"), priority=15,
      references=("https://docs.nvidia.com/cuda/wsl-user-guide/index.html",))
def wsl_libcuda(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Under WSL2: "Failed to dlopen libcuda.so"; "libcuda.so: cannot open shared object file"; a program
    that loads libcuda itself (Numba) gets CUDA_ERROR_NO_DEVICE while PyTorch works, and `dpkg` lists a
    Linux driver package inside WSL (libnvidia-compute-510).

    Why:
    In WSL2 the GPU driver lives on Windows; its libcuda is mounted at /usr/lib/wsl/lib. A Linux
    NVIDIA driver installed inside WSL, or a loader path without /usr/lib/wsl/lib, hides it; some
    programs dlopen "libcuda.so", which only the loader cache resolves.

    Fix:
    Never install a Linux NVIDIA driver inside WSL; make sure /usr/lib/wsl/lib is on the loader path
    (`sudo ldconfig`, or LD_LIBRARY_PATH=/usr/lib/wsl/lib).

    When to ignore:
    Outside WSL.
    """
    f = ctx.facts
    # The unversioned libcuda.so missing is WSL's signature (the Windows driver mounts it at
    # /usr/lib/wsl/lib, outside the loader cache); elsewhere a missing libcuda means no driver.
    wsl = under_wsl(ctx)
    if not wsl and not seen:
        return
    inside = [lib for lib in f.driver.userspace_libraries if lib.name.startswith("libcuda")
              and not lib.path.startswith("/usr/lib/wsl/")]
    pasted = ctx.observed(LINUX_DRIVER_INSIDE) if wsl else []
    if inside or pasted:
        yield Hit("a Linux libcuda is installed inside WSL and shadows the Windows driver's",
                  evidence={"driver.userspace_libraries": [lib.path for lib in inside]} if inside else
                  {"observed": [line.strip()[:160] for line in pasted[:2]]},
                  fix=["sudo apt-get remove --purge '^nvidia-.*' '^libnvidia-.*'  # no Linux driver inside WSL",
                       "export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH", "sudo ldconfig"])
    elif seen:
        yield Hit("WSL's libcuda (/usr/lib/wsl/lib) is not found by the loader",
                  fix=["ls -l /usr/lib/wsl/lib/libcuda*", "export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH",
                       "sudo ldconfig"])
    elif wsl and ctx.observed([CUDNN_SUBLIBRARY_UNREAD]):
        line = ctx.observed([CUDNN_SUBLIBRARY_UNREAD])[0]
        library = re.search(r"libcudnn\w*\.so\.\d+", line).group(0)
        yield Hit(f"under WSL cuDNN's {library} could not be loaded: cuDNN opens the unversioned libcuda.so, which "
                  "only /usr/lib/wsl/lib holds, outside the loader's path", generic=True,
                  evidence={"observed": line.strip()[:200]},
                  fix=["export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH  # then run the program again",
                       "ls -l /usr/lib/wsl/lib/libcuda*  # the Windows driver's libcuda"])
    elif f.system.wsl and ctx.observed(WSL_NO_CUDA):
        # Programs that load libcuda themselves (Taichi, Numba, CuPy, ONNX Runtime) and only say "no CUDA":
        # on WSL the usual reason is that their loader does not look in /usr/lib/wsl/lib. Many causes print
        # these words, so the hit ranks after any that the facts show; under WSL it still comes before "no GPU"
        # (GPU001's guess from the same words), since WSL's GPU is the Windows host's.
        yield Hit("under WSL the program found no usable CUDA; programs that load libcuda themselves look for it "
                  "outside /usr/lib/wsl/lib", generic=True, priority=70, evidence={"system.wsl": f.system.wsl},
                  fix=["ls -l /usr/lib/wsl/lib/libcuda*  # the Windows driver's libcuda",
                       "export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH  # then run the program again",
                       "nvidia-smi  # the driver answers through WSL"])


# What a program that loads the CUDA driver library itself prints when it could not: Taichi's fallback
# ("Arch=[<Arch.cuda: 5>] is not supported, falling back to CPU"), Numba's CudaSupportError ("Error at driver
# init: CUDA driver library cannot be found"), and "CUDA driver not found" in people's and tools' words.
WSL_NO_CUDA = (r"Arch=\[?<Arch\.cuda\b.{0,20}is not supported, falling back to CPU",
               r"CUDA driver library cannot be found", r"CudaSupportError", r"cuda driver (?:library )?(?:is )?not found",
               # the driver API's own answer to cuInit, printed by a program that calls it (Taichi's cuda_driver.h:
               # "CUDA Error CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected while calling init (cuInit)")
               r"CUDA_ERROR_NO_DEVICE.{0,80}\b(?:cuInit|init)\b|\bcuInit\b.{0,80}CUDA_ERROR_NO_DEVICE")


# torch's error when the driver loaded but listed no device to this process (cudaErrorNoDevice); with no driver at all
# it says "Found no NVIDIA driver on your system" instead.
TORCH_NO_DEVICE = r"No CUDA GPUs are available"
# torch saying, elsewhere in the same report, that it does see a GPU: in a shell, a notebook, another project ("When I
# run `torch.cuda.is_available()` it shows `true`"; "torch.cuda.is_available() is Ture"; "despite
# torch.cuda.is_available() being True in the notebook itself").
TORCH_SEES_GPU = r"is_ava\w{2,6}\(\)\W{0,4}(?:it\s+|to\s+)?" \
                 r"(?:is|returns?|returned|shows?|being|gives|prints?|->|=|:)?\W{0,4}(?:True|Ture)\b"
# Where a program's devices are given by something other than its own environment: a container, or a scheduler's job;
# their rules read those.
GIVEN_DEVICES_BY_RUNNER = (r"\b(?:docker|podman|kubectl|kubernetes|srun|sbatch|salloc)\b",)
# CUDA finding no device, in the runtime's, torch's and the driver API's words.
CUDA_FINDS_NO_DEVICE = (r"no CUDA-capable device is detected", TORCH_NO_DEVICE, r"CUDA_ERROR_NO_DEVICE",
                        r"cudaErrorNoDevice")
NO_DEVICE_SEEN = CUDA_FINDS_NO_DEVICE + (r"invalid device ordinal", r"is_available\(\)(?!.*\bTrue\b)")


@rule("SYS004", "cuda-visible-devices-invalid", "error", "CUDA_VISIBLE_DEVICES hides every GPU",
      signatures=(r"invalid device ordinal",), priority=5)
def cuda_visible_devices_invalid(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    torch.cuda.is_available() is False or "no CUDA-capable device is detected" although nvidia-smi
    shows GPUs; "CUDA error: invalid device ordinal". A project's script fails with "RuntimeError: No CUDA
    GPUs are available" while torch.cuda.is_available() is True in a plain shell.

    Why:
    CUDA_VISIBLE_DEVICES lists the GPUs a process may use, by index or UUID. An index that does not
    exist (CUDA_VISIBLE_DEVICES=1 on a one-GPU machine), an empty value, or a malformed entry hides
    every GPU from that entry on.

    Fix:
    Unset it, or list indexes that exist (nvidia-smi -L shows them).

    When to ignore:
    When hiding the GPUs is intended (CUDA_VISIBLE_DEVICES="" to force the CPU).
    """
    value = ctx.facts.env.variables.get("CUDA_VISIBLE_DEVICES")
    count = ctx.listed_gpu_count()
    if value is None:
        if seen:
            yield Hit("a device index that does not exist was used", fix=["nvidia-smi -L", "echo $CUDA_VISIBLE_DEVICES"])
        elif ctx.observed([TORCH_NO_DEVICE]) and ctx.observed([TORCH_SEES_GPU]) and \
                not ctx.observed((RAY_NAMED,) + GIVEN_DEVICES_BY_RUNNER):
            # The same torch finds a GPU in one place and none in the failing program: the driver and the GPU are
            # there, so what differs is the program's environment, most often a CUDA_VISIBLE_DEVICES its script or
            # code sets (a launcher's "export CUDA_VISIBLE_DEVICES=2", an os.environ line from a --gpu option).
            yield Hit("torch sees a GPU outside this program but none inside it: the program or its launcher hides "
                      "them, most often by setting CUDA_VISIBLE_DEVICES to an index this machine does not have",
                      evidence={"observed": ctx.observed([TORCH_NO_DEVICE])[0].strip()[:160],
                                "elsewhere": ctx.observed([TORCH_SEES_GPU])[0].strip()[:160]},
                      generic=True, priority=5,
                      fix=["grep -rn CUDA_VISIBLE_DEVICES .  # in the project's scripts and code; and its --gpu option",
                           "nvidia-smi -L  # the indexes that exist", "unset CUDA_VISIBLE_DEVICES"])
        return
    entries = [e.strip() for e in value.split(",")]
    problem = ""
    if value.strip() == "":
        problem = "is empty, which hides every GPU"
    elif any(e == "-1" for e in entries):
        problem = "contains -1, which hides the GPUs from there on"
    elif count and any(e.isdigit() and int(e) >= count for e in entries):
        problem = f"names index {max(int(e) for e in entries if e.isdigit())} but there are {count} GPU(s)"
    elif any(not (e.isdigit() or re.match(r"(GPU|MIG)-", e)) for e in entries):
        problem = "has an entry that is neither an index nor a GPU/MIG UUID"
    # The program sees no GPU: its own error, or an is_available() that does not say True; or the
    # facts say so (collect_env's "Is CUDA available: False", cuInit's 100 "no device").
    unavailable = ctx.observed(NO_DEVICE_SEEN) or [
        f"{fw.name}: cuda_available=False" for fw in ctx.facts.frameworks.installed
        if fw.deep is not None and fw.deep.cuda_available is False] or (
        ["cuInit: 100 CUDA_ERROR_NO_DEVICE"] if ctx.facts.cuda.driver_api.cuinit_code == 100 else [])
    # Index 0 exists wherever a GPU does, and CUDA keeps the entries before the first bad one: a value that starts with
    # 0 hides no GPU, so it is not why the program sees none ("I tried set CUDA_VISIBLE_DEVICES=0, no effect").
    if problem or (unavailable and not count and entries[0] != "0"):
        yield Hit(f"CUDA_VISIBLE_DEVICES={value!r} " + (problem or "is set while the program sees no GPU"),
                  evidence={"env.CUDA_VISIBLE_DEVICES": value, "gpus": count}, confirmed=bool(unavailable),
                  fix=["unset CUDA_VISIBLE_DEVICES", "nvidia-smi -L  # the indexes that exist"])


# The first Windows 10 build with WSL 2 (version 2004): Microsoft's WSL install guide.
WSL2_FIRST_BUILD = 19041
# The first Windows 10 whose WSL 2 reaches the GPU: Microsoft's "Enable NVIDIA CUDA on WSL" page (WSL_CUDA_PAGE):
# "Windows 11 and Windows 10, version 21H2 support running existing ML tools ... that use NVIDIA CUDA ... inside a WSL 2
# instance"; 21H2 is "Version 21H2 (OS build 19044)" in Microsoft's Windows 10 release information. Versions 2004 to
# 21H1 (builds 19041 to 19043) have WSL 2 without a GPU (AbdBarho/stable-diffusion-webui-docker#129, on 20H2's 19042).
WSL_GPU_FIRST_BUILD = 19044
# Microsoft's "Enable NVIDIA CUDA on WSL" page: "you need a kernel version of 5.10.43.3 or higher".
WSL_GPU_KERNEL = (5, 10, 43, 3)
WSL_CUDA_PAGE = "https://learn.microsoft.com/en-us/windows/ai/directml/gpu-cuda-in-wsl"
# The GPU paravirtualisation device is missing inside WSL 2.
NO_DXG = r"/dev/dxg\b.{0,60}\b(?:not (?:available|found|present|exist)|missing|No such file|does not exist)"
WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"


@rule("SYS005", "wsl-gpu-not-supported", "error", "This WSL cannot reach the GPU at all",
      signatures=(r"WSL environment detected but no adapters were found", NO_DXG), priority=8,
      references=(WSL_GUIDE, "https://learn.microsoft.com/en-us/windows/wsl/install-manual", WSL_CUDA_PAGE))
def wsl_gpu_not_supported(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    In WSL, nvidia-smi says "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA
    driver" and CUDA finds no device, whatever driver is installed on Windows or in Linux; `wsl -l -v`
    shows VERSION 1, or `ver` prints a Windows 10 build below 19044; a GPU container:
    "nvidia-container-cli: initialization error: WSL environment detected but no adapters were found".

    Why:
    GPU access in WSL is GPU paravirtualisation, a WSL 2 feature (NVIDIA's CUDA on WSL guide is
    "specifically for WSL 2"): the Windows driver's libcuda appears in /usr/lib/wsl/lib and the GPU
    as /dev/dxg. WSL 1 translates Linux system calls and has no GPU path at all, Windows 10
    builds before 19041 (version 2004) have no WSL 2, and Microsoft supports CUDA in WSL 2 from
    Windows 10 version 21H2 (build 19044) and Windows 11. WSL 2's own Linux kernel must be 5.10.43.3 or
    newer for CUDA (Microsoft's CUDA on WSL page); an older one, kept by a WSL that is not updated,
    has no usable GPU either. Without /dev/dxg inside the distribution nothing reaches the GPU.

    Fix:
    Update Windows (Windows 11, or a current Windows 10) and WSL (`wsl --update`), convert the distribution with
    `wsl --set-version <distro> 2` (and `wsl --set-default-version 2`), install only the Windows
    NVIDIA driver, and run nvidia-smi in WSL again. No Linux driver goes inside WSL.

    When to ignore:
    Never, if you want the GPU inside WSL.
    """
    system = ctx.facts.system
    kernel = _wsl2_kernel(system.kernel) if system.wsl == 2 else None
    if kernel and kernel < WSL_GPU_KERNEL:
        yield Hit(f"The WSL 2 kernel {system.kernel} is older than 5.10.43.3, the first that CUDA on WSL supports",
                  evidence={"system.kernel": system.kernel}, references=[WSL_CUDA_PAGE],
                  fix=["wsl --update  # in PowerShell, then: wsl --shutdown", "wsl cat /proc/version  # 5.10.43.3 or newer"])
        return
    build = int(system.windows_build) if system.windows_build.isdigit() else None
    old_build = build is not None and build < WSL_GPU_FIRST_BUILD
    in_wsl = system.wsl or ctx.observed([r"\bWSL\b", r"/usr/lib/wsl/", r"microsoft-standard"])
    if seen and not (system.wsl == 1 or old_build):
        yield Hit("WSL offers no GPU adapter: it is WSL 1, the Windows build predates GPU support, or the Windows "
                  "NVIDIA driver is missing", fix=["wsl -l -v  # in PowerShell: VERSION must be 2",
                                                  "winver; nvidia-smi  # in Windows: a current driver"])
        return
    if system.wsl == 1 or (old_build and in_wsl):
        if system.wsl == 1:
            why = "WSL 1 has no GPU access"
        elif build < WSL2_FIRST_BUILD:
            why = f"Windows build {build} predates WSL 2 (build {WSL2_FIRST_BUILD}), and with it GPU access"
        else:
            why = (f"Windows 10 build {build} predates version 21H2 (build {WSL_GPU_FIRST_BUILD}), the first "
                   "Windows 10 whose WSL 2 reaches the GPU")
        # the driver "not found" symptoms in such a WSL are this, not a driver problem
        symptom = ctx.observed([r"NVIDIA-SMI has failed", r"no CUDA-capable device", r"Found no NVIDIA driver",
                                r"couldn't communicate with the NVIDIA driver"])
        yield Hit(why, evidence={"system.wsl": system.wsl, "system.windows_build": system.windows_build},
                  confirmed=bool(symptom),
                  fix=["wsl -l -v  # in PowerShell: VERSION must be 2",
                       "wsl --set-version <distro> 2",
                       "winver  # Windows 11, or Windows 10 version 21H2 (build 19044) or newer: update Windows"])


def _wsl2_kernel(release: str):
    """"5.10.16.3-microsoft-standard-WSL2" -> (5, 10, 16, 3); None for anything else."""
    found = re.match(r"(\d+)\.(\d+)\.(\d+)(?:\.(\d+))?-microsoft-standard", release, re.I)
    return tuple(int(part or 0) for part in found.groups()) if found else None


# NCCL finds no network interface for its bootstrap socket, in its own words (bootstrap.cc, socket.cc of
# NCCL 2.x): no interface at all, none matching NCCL_SOCKET_IFNAME, or none in the peer's subnet.
NCCL_NO_INTERFACE = (r"Bootstrap : no socket interface found", r"NET/Socket : No usable listening interface found",
                     r"No interface found in the same subnet as remote address",
                     r"Socket creation failed : Address family not supported by protocol")
IFNAME_SET = re.compile(r"NCCL_SOCKET_IFNAME set (?:by environment )?to (\S+)")


@rule("SYS006", "nccl-no-usable-network-interface", "error", "NCCL finds no network interface to bootstrap on",
      signatures=NCCL_NO_INTERFACE, priority=22,
      references=("https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-socket-ifname",))
def nccl_no_usable_network_interface(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "NCCL WARN Bootstrap : no socket interface found", "NET/Socket : No usable listening interface
    found" or "Socket creation failed : Address family not supported by protocol", then
    "ncclInternalError" / "unhandled system error" from ncclGetUniqueId or init_process_group.

    Why:
    Even on one machine NCCL opens a TCP socket to exchange its unique id. It picks an interface by
    NCCL_SOCKET_IFNAME, else the first that is up, not loopback and not docker*. A name in
    NCCL_SOCKET_IFNAME that this host (or container) does not have, a container with no network or
    only IPv6 disabled, or a peer address in no local subnet leaves it none.

    Fix:
    Set NCCL_SOCKET_IFNAME to an interface that exists and carries the traffic (`ip -br addr`;
    `lo` for a single machine), or run the container with `--network host`; across nodes, use the
    interface on the nodes' shared subnet.

    When to ignore:
    Never: the collective cannot start.
    """
    if not seen:
        return
    text = " ".join(ctx.observations)
    named = IFNAME_SET.search(text)
    ifname = named.group(1) if named else ctx.facts.env.variables.get("NCCL_SOCKET_IFNAME", "")
    yield Hit("NCCL found no usable network interface" + (f" (NCCL_SOCKET_IFNAME={ifname})" if ifname else ""),
              evidence={"NCCL_SOCKET_IFNAME": ifname},
              fix=["ip -br addr  # the interfaces this host or container has",
                   "export NCCL_SOCKET_IFNAME=lo  # one machine; across nodes: the interface on their shared subnet",
                   "docker run --network host ...  # in a container without a usable network"])


# CUDA_VISIBLE_DEVICES holding UUIDs, as set by hand or by a scheduler (Slurm's gres with
# AutoDetect, some cloud batch systems): "GPU-8932f937-...", "MIG-...", or said in words.
UUID_VISIBLE = (r"CUDA_VISIBLE_DEVICES\W{0,3}(?:=|is set to|set to)\W{0,3}(?:GPU|MIG)-[0-9a-f]",
                r"CUDA_VISIBLE_DEVICES\b.{0,60}\bUUIDs?\b|\bUUIDs?\b.{0,60}CUDA_VISIBLE_DEVICES")
DEVICE_COUNT_ZERO = (*NO_DEVICE_SEEN, r"device_count\(\) (?:is|returns?|==) 0", r"found 0 (?:CUDA )?devices?")


@rule("SYS007", "cuda-visible-devices-uuid-unsupported", "error",
      "The program does not understand GPU UUIDs in CUDA_VISIBLE_DEVICES", priority=12,
      references=("https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars",))
def cuda_visible_devices_uuid_unsupported(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Under a scheduler that sets CUDA_VISIBLE_DEVICES=GPU-8932f937-... the program finds no GPU
    ("torch.cuda.device_count() is 0", "Attempting to deserialize object on CUDA device 0"), and
    the same job works with CUDA_VISIBLE_DEVICES=0.

    Why:
    CUDA itself accepts GPU and MIG UUIDs in CUDA_VISIBLE_DEVICES, but software that parses the
    variable itself to count or pick devices (older PyTorch device counting through NVML,
    frameworks' and launchers' own parsers, int() in user code) reads only integer indexes and
    ends up with no device.

    Fix:
    Translate the UUIDs to indexes before the program starts (`nvidia-smi -L` lists both; inside a
    cgroup-restricted job the visible GPUs are numbered from 0), or upgrade the software that
    parses it.

    When to ignore:
    When the program does see its GPUs.
    """
    value = ctx.facts.env.variables.get("CUDA_VISIBLE_DEVICES", "")
    uuids = [e for e in value.split(",") if re.match(r"\s*(?:GPU|MIG)-", e)]
    said = ctx.observed(UUID_VISIBLE)
    if (uuids or said) and ctx.observed(DEVICE_COUNT_ZERO):
        yield Hit("CUDA_VISIBLE_DEVICES holds GPU UUIDs and the program sees no GPU: it reads only indexes",
                  evidence={"env.CUDA_VISIBLE_DEVICES": value} if value else {"observed": said[:1]},
                  fix=["nvidia-smi -L  # each GPU's index beside its UUID",
                       "export CUDA_VISIBLE_DEVICES=0  # the index (in a cgroup-limited job, visible GPUs count from 0)"])


# Tools whose GPU code needs AVX on the host CPU, in their words: Ollama ("CPU does not have minimum
# vector extensions, GPU inference disabled"; earlier "CPU does not have AVX or AVX2, disabling GPU
# support"), TensorFlow ("compiled to use AVX instructions, but these aren't available on your machine").
COMPILED_FOR_MISSING = re.compile(r"was compiled to use ([\w.,\s]{2,40}?) instructions, but these aren'?t available",
                                  re.I)
NO_AVX = (r"CPU does not have minimum vector extensions", r"CPU does not have AVX or AVX2",
          # TensorFlow's cpu_feature_guard names every instruction set its build uses and the CPU lacks ("compiled
          # to use FMA instructions", "AVX AVX2"); its "wasn't compiled to use ..., but these are available" is advice
          COMPILED_FOR_MISSING.pattern,
          r"(?:don'?t|do not|doesn'?t|does not) have (?:the )?AVX\b", r"\bAVX\b.{0,30}(?:not enabled|disabled|not exposed)",
          r"(?:without|lacks?|no) AVX (?:support|instructions)")


# The crash itself: the CPU met an AVX instruction it does not have. Read as missing AVX only where TensorFlow is
# being imported, and not on a Jetson, where "Illegal instruction" at import comes from OpenBLAS's CPU detection.
ILLEGAL_INSTRUCTION = r"\bIllegal instruction\b"
# The same crash as a supervisor or the kernel reports it: signal 4 is SIGILL ("Shard process was signaled to shutdown
# with signal 4", "code=-4, signal=4", "killed by SIGILL", the kernel's "trap invalid opcode").
SIGILL = r"\bwith signal 4\b|\bsignal\s*[=:]\s*4\b|\bSIGILL\b|\btrap invalid opcode\b"
# A virtual machine, in the user's words or by its hypervisor: QEMU's and Proxmox's default CPU models hide AVX.
IN_A_VM = (r"\b(?:in|inside|on|within)\s+(?:a|an|the|my|our|this)\s+(?:\w+\s+)?VMs?\b", r"\bvirtual machines?\b",
           r"\b(?:Proxmox|QEMU|ESXi|VMware|kvm64|qemu64)\b")
TENSORFLOW_IMPORT = r"\bimport tensorflow\b|\bwith tensorflow\b|\btensorflow\s*\(v"
# /proc/cpuinfo's flags line, pasted: the crash is missing AVX when the CPU's own list has no avx in it.
CPU_FLAGS = re.compile(r"^flags\s*:\s*(.*\bsse2\b.*)$")


@rule("SYS008", "cpu-missing-avx", "error",
      "The CPU (or the VM's virtual CPU) lacks AVX or another instruction set the build needs",
      signatures=(*NO_AVX, ILLEGAL_INSTRUCTION, SIGILL), priority=14)
def cpu_missing_avx(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Ollama finds the GPU and still runs every model on the CPU ("CPU does not have minimum vector
    extensions, GPU inference disabled"); TensorFlow dies on import with "Illegal instruction" or
    says it was "compiled to use AVX instructions, but these aren't available on your machine" (or
    FMA, in a VirtualBox guest whose virtual CPU has AVX2 without FMA); in a
    VM, a server's worker dies at start: "Shard process was signaled to shutdown with signal 4".

    Why:
    Prebuilt GPU runners and wheels are compiled for x86-64 CPUs with AVX (Ollama's CUDA runners,
    TensorFlow since 1.6). Old CPUs, and virtual machines whose CPU model hides AVX (QEMU's default
    qemu64/kvm64, some cloud and Proxmox settings), lack it, and the tool refuses the GPU path or
    crashes.

    Fix:
    Give the VM the host's CPU model (`-cpu host`, Proxmox "CPU type: host", libvirt
    `<cpu mode='host-passthrough'/>`), check with `grep -o -m1 avx /proc/cpuinfo`, or build the tool
    from source without AVX.

    When to ignore:
    Never while you want the GPU path of such a tool.
    """
    if not seen:
        return
    crash_only = all(re.search(ILLEGAL_INSTRUCTION + "|" + SIGILL, line, re.I) for line in seen)
    listed = first_match(CPU_FLAGS, ctx.observations)
    flags = listed.group(1).split() if listed else None
    if crash_only and flags is not None and "avx" not in flags:
        yield Hit("the program crashed with 'Illegal instruction', and this CPU's flags list no AVX: many prebuilt wheels "
                  "(TensorFlow's since 1.6 among them) are compiled for CPUs with AVX",
                  evidence={"observed": seen[:1], "cpu_flags_avx": "absent"}, confirmed=True,
                  fix=["run on a CPU with AVX (or give the VM the host CPU model: -cpu host)",
                       "or build the package from source for this CPU"])
        return
    in_a_vm = ctx.observed(IN_A_VM) if crash_only and flags is None else []
    if in_a_vm and not ctx.jetson():
        yield Hit("a process died of an illegal instruction (SIGILL, signal 4) in a virtual machine: VM CPU models "
                  "such as QEMU's and Proxmox's defaults hide AVX, which prebuilt CUDA builds and wheels are compiled "
                  "to use", evidence={"observed": seen[:1], "virtual_machine": in_a_vm[:1]},
                  fix=["grep -o -w -m1 -E 'avx2?' /proc/cpuinfo  # in the VM; nothing printed: no AVX",
                       "give the VM the host CPU model (-cpu host; Proxmox CPU type 'host'; libvirt host-passthrough)"])
        return
    if crash_only and (not ctx.observed([TENSORFLOW_IMPORT]) or ctx.jetson() or _tensorflow_before_avx(ctx)
                       or (flags is not None and "avx" in flags)):
        return
    if crash_only:
        cpu = ctx.facts.system.cpu_model
        yield Hit("TensorFlow crashed with 'Illegal instruction' on import: its release builds (1.6 and later) use AVX, "
                  "and this CPU" + (f" ({cpu})" if cpu else "") + " appears to lack it",
                  evidence={"observed": seen[:2], **({"system.cpu_model": cpu} if cpu else {})},
                  fix=["grep -o -w -m1 -E 'avx2?' /proc/cpuinfo  # nothing printed: no AVX",
                       "VM: give it the host CPU model (-cpu host; Proxmox CPU type 'host'; libvirt host-passthrough)",
                       "or build TensorFlow from source for this CPU, or run on a CPU with AVX"])
        return
    named = first_match(COMPILED_FOR_MISSING, seen)
    wanted = " ".join(named.group(1).replace(",", " ").split()) if named else "AVX"
    flag = wanted.split()[0].lower()
    yield Hit(f"The CPU does not offer {wanted}, which the build was compiled to use, so the GPU runner or wheel "
              "cannot be used", evidence={"instructions": wanted},
              fix=[f"grep -o -w -m1 {flag} /proc/cpuinfo  # nothing printed: the CPU (or the VM's CPU model) lacks it",
                   "VM: give it the host CPU model (-cpu host; Proxmox CPU type 'host'; libvirt host-passthrough)",
                   "or use a build made without it (the project's basic or non-AVX2 build, or a source build)"])


def _tensorflow_before_avx(ctx: Context) -> bool:
    """A TensorFlow older than 1.6, whose release builds did not use AVX yet."""
    tensorflow = ctx.framework("tensorflow")
    return tensorflow is not None and older_than(tensorflow.version, "1.6") is True


# A scheduler that hands out GPUs only when they are asked for, and a job that did not ask: Ray
# ("ray.get_gpu_ids() prints []", RLlib's "devices ['/cpu:0']"), Kubernetes ("NVIDIA_VISIBLE_DEVICES=void").
NOT_REQUESTED = (r"ray\.get_gpu_ids\(\)\)?\s*(?:#\s*)?(?:prints|returns|->|=>|gives|is)?\s*\[\]",
                 r"MultiGPUOptimizer devices \['/cpu:0'\]", r"NVIDIA_VISIBLE_DEVICES=void",
                 # a site's Slurm submit filter refusing a GPU-partition job that asks for none: "sbatch: error: No gpu
                 # count given, specify --gres=gpu"; "... must request at least one GPU"
                 r"(?:sbatch|srun|salloc): error:.{0,80}(?:no gpu count given|must (?:request|specify|ask for) "
                 r"(?:at least one |a |some )?(?:gpus?\b|--gres|--gpus))")


# Ray in the report: its start-up line or its API (ray.init, @ray.remote, ray.get).
RAY_NAMED = r"\bRay initialized\b|\bray\.(?:_{0,2}init_{0,2}|remote|get)\b|@ray\b"
# A Ray task declared without a GPU request (a bare "@ray.remote" over its def), and a GPU asked of Ray somewhere.
RAY_BARE_TASK = r"^\s*@ray\.remote\s*$"
RAY_ASKS_GPUS = r"@ray\.remote\(.*num_gpus|\.options\(.*num_gpus|num_gpus_per_worker"
# What torch says in a task that was given no GPU.
TASK_SEES_NO_GPU = (r"No CUDA GPUs are available", r"no CUDA-capable device is detected")
# The program in the pod meant to use a GPU: it names CUDA or a GPU.
WANTS_A_GPU = (r"\bcuda\b", r"\bGPUs?\b")
# A job step started with srun, and a Slurm request for GPUs anywhere in the report (srun's or sbatch's options, an
# #SBATCH line): --gres=gpu:1, --gpus=1, --gpus-per-node, -G 1.
SRUN_STEP = re.compile(r"^\W{0,4}srun\s")
SLURM_ASKS_GPUS = r"--gres[= ]\S*gpu|--gpus\b|--gpus-per-\w+|--gpu-bind\b|(?:^|\s)-G\s*\d"
# torch's answer printed on its own line under the command ("# False", "True").
ANSWER = re.compile(r"^\W{0,4}(True|False)\b")
CUDA_CHECK = re.compile(r"is_available\(\)")


def _slurm_step_sees_no_gpu(ctx: Context) -> str:
    """The srun line whose CUDA check found no GPU, where the same check outside the step found one and nothing in
    the report asks Slurm for GPUs; "" otherwise. torch's answer is on the check's line or just under it."""
    if not ctx.observed([SRUN_STEP.pattern]) or ctx.observed([SLURM_ASKS_GPUS]):
        return ""
    lines = ctx.observations
    inside, outside = "", bool(ctx.observed([TORCH_SEES_GPU]))
    for index, line in enumerate(lines):
        if not CUDA_CHECK.search(line):
            continue
        answer = next((found.group(1) for found in map(ANSWER.match, lines[index + 1:index + 3]) if found), "")
        in_step = bool(SRUN_STEP.match(line))
        if in_step and answer == "False":
            inside = inside or line.strip()
        elif not in_step and answer == "True":
            outside = True
    return inside if outside else ""


@rule("SYS009", "gpu-not-requested-from-scheduler", "error", "The job did not ask its scheduler for GPUs",
      signatures=NOT_REQUESTED, priority=13, references=("https://docs.ray.io/en/latest/ray-core/scheduling/accelerators.html",))
def gpu_not_requested_from_scheduler(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The machine has GPUs (nvidia-smi, TensorFlow outside the job see them), but inside the job there
    are none: Ray's "ray.get_gpu_ids() prints []" and RLlib's "LocalMultiGPUOptimizer devices
    ['/cpu:0']", or a task under a bare `@ray.remote` failing with "No CUDA GPUs are available" (while
    torch.cuda.is_available() is True where Ray is started); in
    Kubernetes the container has "NVIDIA_VISIBLE_DEVICES=void", or the pod spec's resources set only
    cpu and memory (it worked once on nodes whose runtime gave every container all GPUs, and stops
    where only allocated devices are injected); under Slurm CUDA_VISIBLE_DEVICES is empty or unset
    in the step, torch.cuda.is_available() is True on the node and False under srun (a batch script
    that picks GPU nodes by --constraint or partition and asks for no GPU), or a site's submit
    filter refuses a GPU partition job that asks for none ("sbatch: error: No gpu count given,
    specify --gres=gpu").

    Why:
    Cluster schedulers give each task only the GPUs it requested and hide the rest: Ray sets
    CUDA_VISIBLE_DEVICES per task from `num_gpus` (and `ray.init(num_gpus=2)` only declares what the
    node has), Slurm from `--gres=gpu:N` / `--gpus`, Kubernetes from the `nvidia.com/gpu` limit.

    Fix:
    Request them: Ray `@ray.remote(num_gpus=1)` or the trainer's `num_gpus` / `num_gpus_per_worker`;
    Slurm `--gres=gpu:1`; Kubernetes `resources.limits: {nvidia.com/gpu: 1}`.

    When to ignore:
    Tasks meant to run on the CPU.
    """
    if seen and ctx.observed([r"(?:sbatch|srun|salloc): error:"]):
        yield Hit("Slurm refused the job: the partition takes only jobs that ask for GPUs, and this one asked for none",
                  evidence={"slurm": seen[0].strip()[:160]},
                  fix=["#SBATCH --gres=gpu:1  # or the count and type the site's message names",
                       "sinfo -o '%P %G'  # the GPUs (gres) each partition offers"])
    elif ctx.facts.container.pod_spec_without_gpu and ctx.observed(WANTS_A_GPU):
        yield Hit("the pod spec sets resource limits or requests but no nvidia.com/gpu: the device plugin gives GPUs "
                  "only to containers that request them", evidence={"container.pod_spec_without_gpu": True},
                  fix=["resources: {limits: {nvidia.com/gpu: 1}}  # in each container that uses the GPU",
                       "to share one GPU between pods: the device plugin's time-slicing, each pod requesting "
                       "nvidia.com/gpu: 1"])
    elif ctx.observed([RAY_BARE_TASK]) and not ctx.observed([RAY_ASKS_GPUS]) and ctx.observed(TASK_SEES_NO_GPU):
        task = ctx.observed([RAY_BARE_TASK])[0].strip()
        yield Hit("The Ray task is declared with a bare @ray.remote, so it requests no GPU: Ray starts its worker "
                  "with CUDA_VISIBLE_DEVICES empty, and CUDA in the task sees no device",
                  evidence={"task": task, "observed": ctx.observed(TASK_SEES_NO_GPU)[0].strip()[:200]}, confirmed=True,
                  fix=["@ray.remote(num_gpus=1)  # or f.options(num_gpus=1).remote(...); fractions share a GPU",
                       "ray.init(num_gpus=N) only declares the node's GPUs; each task must still ask for them"])
    elif ctx.observed([RAY_NAMED]) and not ctx.observed([RAY_ASKS_GPUS]) and ctx.observed(TASK_SEES_NO_GPU) and \
            ctx.observed([TORCH_SEES_GPU]):
        # torch finds the GPU in the process that starts Ray, and none in the tasks Ray runs
        yield Hit("torch sees the GPU where Ray is started but none inside Ray's tasks: a Ray task or actor is given "
                  "GPUs only when it asks for them (num_gpus), otherwise Ray empties its CUDA_VISIBLE_DEVICES",
                  evidence={"observed": ctx.observed(TASK_SEES_NO_GPU)[0].strip()[:160],
                            "elsewhere": ctx.observed([TORCH_SEES_GPU])[0].strip()[:160]},
                  generic=True, priority=13,
                  fix=["@ray.remote(num_gpus=1)  # or f.options(num_gpus=1); fractions share a GPU",
                       "a library that runs its workers on Ray takes the request in its own resource option "
                       "(Flower's start_simulation: client_resources={'num_gpus': 1})"])
    elif ctx.shared("slurm_step_sees_no_gpu", _slurm_step_sees_no_gpu):
        step = ctx.shared("slurm_step_sees_no_gpu", _slurm_step_sees_no_gpu)
        yield Hit("torch sees the GPU outside the Slurm job step and none inside it, and the job asks Slurm for no GPU: "
                  "Slurm gives a step only the GPUs the job requested (--gpus, --gres=gpu), whatever the node has",
                  evidence={"step": step[:200], "outside_the_step": "torch.cuda.is_available() True"},
                  confirmed=True,
                  fix=["#SBATCH --gpus-per-node=1  # or --gres=gpu:1, or srun --gpus=1 ...; the count the job uses",
                       "srun --gpus=1 nvidia-smi -L  # the GPUs a step is given",
                       "a partition or --constraint that picks GPU nodes allocates none of their GPUs by itself"])
    elif seen:
        yield Hit("GPUs exist, but the task did not request any from its scheduler, so it was given none",
                  fix=["Ray: @ray.remote(num_gpus=1), or num_gpus in the trainer's config",
                       "Slurm: srun --gres=gpu:1 ...", "Kubernetes: resources: {limits: {nvidia.com/gpu: 1}}"])


# slurmd's own words (src/interfaces/gpu.c) when gres.conf asks for AutoDetect=nvml from a Slurm built
# without the NVML headers.
SLURM_WITHOUT_NVML = r"configured to autodetect nvml functionality, but we weren't able to find that lib when Slurm was configured"


@rule("SYS010", "slurm-built-without-nvml", "error", "Slurm was built without NVML and cannot detect the GPUs",
      signatures=(SLURM_WITHOUT_NVML,), priority=12,
      references=("https://slurm.schedmd.com/gres.conf.html", "https://slurm.schedmd.com/quickstart_admin.html"))
def slurm_built_without_nvml(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    slurmd: "We were configured to autodetect nvml functionality, but we weren't able to find that lib
    when Slurm was configured."; nodes drain with "gres/gpu count reported lower than configured (0 <
    4)"; the Slurm plugin directory has gpu_generic.so but no gpu_nvml.so.

    Why:
    `AutoDetect=nvml` in gres.conf needs a Slurm compiled against NVML's headers (libnvidia-ml-dev or
    the CUDA toolkit's nvml.h at configure time). Distribution and some OpenHPC packages are built
    without them, so no gpu_nvml plugin exists and slurmd finds no GPU at all; copying the plugin file
    in does not help, the detection is compiled into slurmd.

    Fix:
    Build Slurm with NVML (configure finds nvml.h; SchedMD's packaging builds gpu_nvml.so when it is
    there), or set `AutoDetect=off` and list the devices in gres.conf (`Name=gpu File=/dev/nvidia[0-3]`).

    When to ignore:
    Clusters that list their GPUs in gres.conf by hand and never use AutoDetect=nvml.
    """
    if seen:
        yield Hit("Slurm was built without NVML: it has no gpu_nvml plugin, so AutoDetect=nvml finds no GPU",
                  fix=["ls /usr/lib64/slurm/gpu_nvml.so /usr/lib/x86_64-linux-gnu/slurm*/gpu_nvml.so  # absent",
                       "rebuild Slurm with NVML's headers present (nvml.h from the CUDA toolkit or libnvidia-ml-dev)",
                       "or in gres.conf: AutoDetect=off and Name=gpu File=/dev/nvidia[0-N]"])

# slurmd's refusals of a gres.conf (src/common/gres.c, src/interfaces/gres.c), and its silent drop of a
# GPU record without File= ("Ignoring file-less GPU gpu:l4 from final GRES list").
GRES_CONF_REFUSED = (r"gres\.conf duplicate records for", r"gres\.conf for \S+, some records have \W?(?:File|Type)=?\W? "
                     r"specification while others do not", r"Invalid GRES record for", r"Ignoring file-less GPU \S+ from final GRES list")
# What the controller then says about the node: many causes (no NVML, a driver down, this) lead there.
GRES_COUNT_LOW = r"gres/gpu count reported lower than configured \(\d+ < \d+\)"


@rule("SYS013", "slurm-gres-conf-invalid", "error", "slurmd refuses or drops the GPU records of gres.conf",
      signatures=GRES_CONF_REFUSED + (GRES_COUNT_LOW,), priority=13,
      references=("https://slurm.schedmd.com/gres.conf.html",))
def slurm_gres_conf_invalid(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    slurmd exits at start with "fatal: gres.conf duplicate records for gpu", "gres.conf for gpu,
    some records have File specification while others do not", "Invalid GRES record for gpu"; or
    starts, logs "warning: Ignoring file-less GPU gpu:(null) from final GRES list", and the node is
    drained INVALID_REG with "gres/gpu count reported lower than configured (0 < 2)".

    Why:
    slurmd reads gres.conf record by record: several records for one GRES that name neither a
    File nor a Type cannot be told apart; File= and Type= must be given on all records or on none;
    and a gpu record must name its device file, so one with only a count is dropped. The node then
    registers fewer GPUs than slurm.conf's Gres= says, and the controller drains it.

    Fix:
    Either `AutoDetect=nvml` alone (a Slurm built with NVML finds the GPUs, their files and types),
    or one record per GPU type with its files: `Name=gpu Type=a100 File=/dev/nvidia[0-3]`. `slurmd
    -G` prints what slurmd makes of the file; restart slurmd, then `scontrol update nodename=<node>
    state=resume`.

    When to ignore:
    Never on a GPU node: jobs asking for --gres=gpu cannot be placed on it.
    """
    if not seen:
        return
    refused = ctx.observed(GRES_CONF_REFUSED)
    fix = ["slurmd -G  # the GRES slurmd makes of gres.conf on this node",
           "gres.conf: AutoDetect=nvml alone, or per GPU type: Name=gpu Type=<type> File=/dev/nvidia[0-N]",
           "sudo systemctl restart slurmd && scontrol update nodename=$(hostname -s) state=resume"]
    if refused:
        said = re.search("|".join(GRES_CONF_REFUSED), refused[0], re.I)  # from slurmd's words on, without the log prefix
        yield Hit("slurmd refuses or drops the GPU records of gres.conf: " + refused[0][said.start():].strip()[:120],
                  evidence={"slurmd": refused[0].strip()[:160]}, fix=fix)
    elif not ctx.observed((SLURM_WITHOUT_NVML,)):  # slurm-built-without-nvml names that cause
        yield Hit("the node registered fewer GPUs than slurm.conf configures; gres.conf or GPU detection on the node "
                  "is the first suspect", generic=True, evidence={"slurmctld": seen[0].strip()[:160]},
                  fix=fix + ["nvidia-smi -L  # the GPUs the driver sees on the node"])


# slurmctld's ESLURM_UNSUPPORTED_GRES, as sbatch/srun print it.
GRES_OPTION_UNSUPPORTED = r"Requested GRES option unsupported by configured SelectType plugin"
# The options that reach slurmctld as tres_per_job / _socket / _task, cpus_per_tres and mem_per_tres: --gpus (-G),
# --gpus-per-socket, --gpus-per-task, --cpus-per-gpu, --mem-per-gpu, in a command or an #SBATCH line (-G, --gpus' short
# form, is left out: other tools' -G flags would read as it).
CONS_TRES_OPTION = re.compile(r"(?:^|\s)(--gpus(?:-per-(?:socket|task))?|--cpus-per-gpu|--mem-per-gpu)(?:[=\s]\s*(\S+))")
SLURM_GRES_GUIDE = "https://slurm.schedmd.com/gres.html"


@rule("SYS014", "slurm-gpus-option-unsupported-by-select-plugin", "error",
      "The cluster's Slurm select plugin does not take --gpus-style options",
      signatures=(GRES_OPTION_UNSUPPORTED,), priority=12, references=(SLURM_GRES_GUIDE,))
def slurm_gpus_option_unsupported(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `sbatch: error: Batch job submission failed: Requested GRES option unsupported by configured
    SelectType plugin` (or `srun: error: Unable to allocate resources: ...`) for a job that asks for
    GPUs with `--gpus=4`, `--gpus-per-task`, `--cpus-per-gpu` or `--mem-per-gpu`; the same job with
    `--gres=gpu:4` is accepted.

    Why:
    Those options are counted per job, per socket or per task, which only the select/cons_tres
    plugin can place. slurmctld running another select plugin (select/linear, or the older
    select/cons_res) rejects a job that uses them (SchedMD/slurm src/interfaces/gres.c at 284c3b95:
    without cons_tres, tres_per_job, tres_per_socket, tres_per_task, cpus_per_tres and mem_per_tres
    are refused with ESLURM_UNSUPPORTED_GRES). A GPU count per node, `--gres=gpu:N` or `--gpus-per-node=N`, is not.

    Fix:
    Ask for GPUs per node: `#SBATCH --gres=gpu:4` (with --nodes), and CPUs and memory without the
    per-GPU forms. Cluster admins who want the per-task forms set `SelectType=select/cons_tres` in
    slurm.conf and restart slurmctld.

    When to ignore:
    Never: the job is not queued.
    """
    if not seen:
        return
    options = [f"{found.group(1)}={found.group(2)}" if found.group(2) else found.group(1)
               for line in ctx.observations for found in CONS_TRES_OPTION.finditer(line)]
    yield Hit("the job asks for GPUs with an option that only Slurm's select/cons_tres plugin supports, and this "
              "cluster runs another select plugin" + (f" ({', '.join(options[:3])})" if options else ""),
              evidence={"options": options[:5]} if options else {}, confirmed=True,
              fix=["#SBATCH --gres=gpu:<N per node>  # instead of --gpus / --gpus-per-task; no --cpus-per-gpu or "
                   "--mem-per-gpu", "scontrol show config | grep -i SelectType  # the select plugin the cluster runs"])


WSL_NOT_A_SYMLINK = r"/usr/lib/wsl/lib/libcuda\.so(?:\.1)* is not a symbolic link"
# The same warning quoted without its directory ("libcuda.so.1 is not a symbolic link"): WSL's only when the
# report is from WSL; elsewhere a driver installed by copying files can print it too.
NOT_A_SYMLINK_BARE = r"(?<![/\w])libcuda\.so(?:\.1)* is not a symbolic link"


@rule("SYS011", "wsl-libcuda-not-symlink", "warning", "ldconfig warns about the Windows driver's libcuda copies in WSL",
      signatures=(WSL_NOT_A_SYMLINK, NOT_A_SYMLINK_BARE), priority=40,
      references=("https://docs.nvidia.com/cuda/wsl-user-guide/index.html",))
def wsl_libcuda_not_symlink(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Under WSL2, every apt install or ldconfig run prints "ldconfig: /usr/lib/wsl/lib/libcuda.so.1 is
    not a symbolic link", while CUDA programs work.

    Why:
    The Windows driver puts libcuda.so, libcuda.so.1 and libcuda.so.1.1 into
    C:\\Windows\\System32\\lxss\\lib as three copies of one file, and WSL mounts that directory
    read-only at /usr/lib/wsl/lib. ldconfig expects the versioned names to be symbolic links and
    says so; it cannot change them there. The loader still finds libcuda.so.1.

    Fix:
    Nothing is broken by the warning itself. To silence it, point ldconfig at a directory of your
    own that holds the links (copy the files to one, link libcuda.so.1 and libcuda.so to
    libcuda.so.1.1, list it in /etc/ld.so.conf.d/ instead of /usr/lib/wsl/lib), or wait for a
    Windows driver that ships links.

    When to ignore:
    Always, unless a CUDA program also fails: then look at that error, not this warning.
    """
    if seen and (ctx.observed((WSL_NOT_A_SYMLINK,)) or ctx.facts.system.wsl):
        yield Hit("ldconfig's warning about /usr/lib/wsl/lib/libcuda.so.1 comes from how the Windows driver ships "
                  "libcuda (copies, not links) and breaks nothing by itself",
                  fix=["ls -l /usr/lib/wsl/lib/libcuda*  # three copies of one file",
                       "python -c 'import ctypes; ctypes.CDLL(\"libcuda.so.1\").cuInit(0)'  # 0: the driver loads",
                       "to silence it: copy /usr/lib/wsl/lib to a directory of your own, make libcuda.so.1 and libcuda.so "
                       "links to libcuda.so.1.1 there, and list that directory in /etc/ld.so.conf.d/ instead"])


# A host program that loads the driver's libraries by name (nvidia-docker's plugin, nvidia-container-cli, nvtop, pynvml,
# libcuda's users) fails while the driver works, because the directory holding them is not in the dynamic loader's
# cache: `ldconfig -p | grep nvidia-ml` prints nothing. Driver packages that install into their own directory
# (/usr/lib/nvidia-375 with Ubuntu's old per-branch packages, /usr/lib64/nvidia with RPM Fusion's) register it with a
# file in /etc/ld.so.conf.d; when that file is missing, or a PRIME switch took it away, only an LD_LIBRARY_PATH set in a
# login shell finds them, and sudo drops it (NVIDIA/nvidia-docker#470 and #74, Syllo/nvtop#122).
LDCONFIG_QUERY = re.compile(r"ldconfig\s+-p\s*\|\s*grep\s+(?:-\w+\s+)*['\"]?(?:lib)?(nvidia-ml|cuda|nvidia)", re.I)
SAID_EMPTY = re.compile(r"\b(?:show|print|return|give|output|display)(?:s|ed)? nothing\b|\bno output\b|"
                        r"\bnothing (?:is |was )?(?:shown|printed|returned|listed)\b|\b(?:is|was) (?:strictly |"
                        r"completely |totally )?empty\b|^\s*\(?(?:empty|nothing)\)?\s*[.!]?\s*$", re.I)
# Advice, not a result: "If the output is empty, add the directory to /etc/ld.so.conf.d".
ADVICE = re.compile(r"\b(?:if|when|whether)\b[^.]*\b(?:empty|nothing|no output)\b", re.I)
LDCONFIG_LISTING = re.compile(r"\blib(?:nvidia-ml|cuda)\.so[\d.]*\s+\(libc6", re.I)
DRIVER_DIRECTORY = r"/usr/lib(?:64|32)?/nvidia(?:-\d+)?(?=[/:\s'\"]|$)"
DRIVER_LIBRARY_IN_OWN_DIRECTORY = re.compile("(" + DRIVER_DIRECTORY + r")/lib(?:nvidia-ml|cuda)\.so", re.I)
LIBRARY_PATH_TO_DRIVER = re.compile(r"LD_LIBRARY_PATH=\S*?(" + DRIVER_DIRECTORY + ")", re.I)


def _ldconfig_said_empty(lines: List[str]) -> List[str]:
    """The `ldconfig -p | grep <driver library>` lines whose output the report shows, or says, to be empty: the words
    on the same line or the next, and no line of the cache's own listing for that library anywhere. Not a query run
    inside a container (docker/kubectl exec), where the runtime, not the host's cache, provides the driver."""
    if any(LDCONFIG_LISTING.search(line) for line in lines):
        return []
    found = []
    for index, line in enumerate(lines):
        query = LDCONFIG_QUERY.search(line)
        if not query or re.search(r"\b(?:docker|podman|kubectl) exec\b", line):
            continue
        following = lines[index + 1] if index + 1 < len(lines) else ""
        following = "" if LDCONFIG_QUERY.search(following) or ADVICE.search(following) else following
        if SAID_EMPTY.search(line[query.end():]) and not ADVICE.search(line) or SAID_EMPTY.search(following):
            found.append(line.strip()[:200])
    return found


def driver_libs_outside_ldcache(ctx: Context) -> Dict[str, List[str]]:
    """What shows the host's driver libraries to be outside the loader's cache: `ldconfig -p` queries said to print
    nothing ("empty"), driver directories that only LD_LIBRARY_PATH names ("library_path"), and the driver's
    libraries named in a directory of their own ("own_directory"). Empty when none."""
    lines = ctx.observations
    found = {"empty": _ldconfig_said_empty(lines),
             "library_path": [m.group(1) for m in map(LIBRARY_PATH_TO_DRIVER.search, lines) if m],
             "own_directory": [m.group(1) for m in map(DRIVER_LIBRARY_IN_OWN_DIRECTORY.search, lines) if m]}
    return {key: value for key, value in found.items() if value}


# A program that runs `ldconfig -p` to find libcuda (Triton, and projects built on it: torch.compile,
# mamba, vLLM, SGLang) in a process whose PATH has no /sbin, or on a system without /sbin/ldconfig
# (NixOS): "FileNotFoundError: [Errno 2] No such file or directory: 'ldconfig'" (or '/sbin/ldconfig').
LDCONFIG_NOT_FOUND = r"No such file or directory:? '(?:/s?bin/|/usr/sbin/)?ldconfig'|ldconfig: (?:command )?not found"


@rule("SYS012", "ldconfig-not-in-path", "error", "A program cannot run ldconfig to find libcuda",
      signatures=(LDCONFIG_NOT_FOUND,), priority=16,
      references=("https://github.com/triton-lang/triton/blob/main/third_party/nvidia/backend/driver.py",))
def ldconfig_not_in_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Triton (torch.compile, mamba, vLLM, SGLang kernels): "FileNotFoundError: [Errno 2] No such file
    or directory: 'ldconfig'" or "... '/sbin/ldconfig'"; a shell script: "ldconfig: command not
    found".

    Why:
    Triton finds the driver's libcuda by running `ldconfig -p` and reading the loader cache.
    ldconfig lives in /sbin (or /usr/sbin), which a normal user's PATH may lack: an IDE or a
    service started with a minimal environment, a container, a conda shell. Some systems have no
    /sbin/ldconfig at all (NixOS, some minimal images).

    Fix:
    Put /usr/sbin and /sbin on the PATH of the process (restart the IDE or service after changing
    it), or tell Triton where libcuda is with TRITON_LIBCUDA_PATH=<directory with libcuda.so.1>,
    which skips the ldconfig call in Triton releases that read it.

    When to ignore:
    Never while you use Triton kernels.
    """
    if seen:
        yield Hit("ldconfig (in /sbin or /usr/sbin) is not on the program's PATH, so it cannot find libcuda",
                  evidence={"observed_error": seen[0][:160]},
                  fix=["export PATH=$PATH:/usr/sbin:/sbin  # then restart the program (or the IDE that starts it)",
                       "export TRITON_LIBCUDA_PATH=$(dirname $(/sbin/ldconfig -p | grep -m1 'libcuda.so.1 ' | "
                       "awk '{print $NF}'))  # Triton, skips the ldconfig call",
                       "ls -l /sbin/ldconfig /usr/sbin/ldconfig"])


# A site's submit filter wanting the GPU type in every request: PSC Bridges "sbatch: error: Gres format wrong, specify
# --gres=gpu:TYPE:NUM"; others "you must specify a GPU type".
GRES_TYPE_REQUIRED = (r"(?:sbatch|srun|salloc): error:.{0,80}specify --gres=gpu:TYPE:",
                      r"(?:must|need to|have to|make sure (?:you|to)) (?:specify|include|give) (?:a |the )?(?:gpu|gres) type",
                      # a site's job_submit filter: "Invalid GPU specification. Use --gres=gpu:<type>:<count>."
                      r"(?:sbatch|srun|salloc): error:.{0,80}--gres=gpu:<type>:<(?:count|number|n)\b")
UNTYPED_GPU_REQUEST = re.compile(r"--gres[= ]gpu:(\d+)\b")


@rule("SYS016", "slurm-gres-type-required", "error", "The cluster takes GPU requests only with the GPU type named",
      signatures=GRES_TYPE_REQUIRED, priority=12, references=(SLURM_GRES_GUIDE,))
def slurm_gres_type_required(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `sbatch: error: Gres format wrong, specify --gres=gpu:TYPE:NUM` then "Batch job submission failed:
    Invalid generic resource (gres) specification", for a job script with `#SBATCH --gres=gpu:4`.

    Why:
    Slurm itself takes an untyped `--gres=gpu:4`, but a site whose partitions hold several GPU
    models can make its job submit filter refuse a request that does not say which one, so that a
    job lands on the GPUs it was written for. The site's message names the form it wants.

    Fix:
    Name the type: `#SBATCH --gres=gpu:<type>:4`, with a type the partition has (`sinfo -o '%P %G'`
    lists each partition's gres, e.g. gpu:p100:2), as the site's user guide spells it.

    When to ignore:
    Never: the job is not queued.
    """
    if not seen:
        return
    untyped = first_match(UNTYPED_GPU_REQUEST, ctx.observed([UNTYPED_GPU_REQUEST.pattern]))
    count = untyped.group(1) if untyped else "N"
    yield Hit("the cluster refuses GPU requests that do not name the GPU type"
              + (f" (the job asks --gres=gpu:{count})" if untyped else ""),
              evidence={"slurm": seen[0].strip()[:160], "request": untyped.group(0) if untyped else "not shown"},
              fix=["sinfo -o '%P %G'  # the GPU types (gres) each partition offers",
                   f"#SBATCH --gres=gpu:<type>:{count}  # a type from that list, as the site's guide spells it"])


NCCL_SOCKET = "https://github.com/NVIDIA/nccl/blob/761454383f0e6cd77e72805cb53517867d3f97f1/src/misc/socket.cc"
# The interfaces NCCL took, as NCCL_DEBUG=INFO lists them: "NET/Socket : Using [0]bond0:192.168.1.161<0>
# [1]br-05ab815fa14e:172.19.0.1<0> ..." (one line, or wrapped one per line) and "Bootstrap : Using eth0:10.0.0.2<0>".
NCCL_INTERFACE = re.compile(r"(?:\[\d+\]|(?:Bootstrap|NET/Socket|NET/IB) : Using\s+)([A-Za-z][\w.@-]*):[0-9a-fA-F.:%\w-]*<\d+")
NCCL_INTERFACE_LINES = (r"\[\d+\][A-Za-z][\w.@-]*:[0-9a-fA-F.:%\w-]*<\d+", r"(?:Bootstrap|NET/Socket) : Using \S+:\S*<\d+")
# Interfaces that exist on one host only: bridges of container engines and hypervisors, the host ends of veth
# pairs, container-network overlays and VPN tunnels. NCCL leaves out only docker* and lo by itself.
HOST_LOCAL_INTERFACE = re.compile(r"^(?:br-|veth|virbr|cni|flannel|cali|vxlan|weave|kube-|lxcbr|lxdbr|docker_gwbridge|"
                                  r"tailscale|wg|tun|tap|zt)", re.I)
# NCCL failing between processes: its error names, or a connection that did not happen.
NCCL_CONNECTION_FAILED = (r"\bncclSystemError\b", r"\bncclRemoteError\b", r"unhandled system error",
                          r"remote process exited or there was a network error", r"socketStartConnect|socketPollConnect",
                          r"Call to connect returned (?:Connection refused|Connection timed out)",
                          r"NCCL (?:WARN|error).{0,80}(?:Connect(?:ion)? (?:to|refused|timed out)|No route to host)")


@rule("SYS015", "nccl-wrong-socket-interface", "error", "NCCL talks to other nodes over an interface that exists only on this host",
      priority=24, references=(NCCL_SOCKET, "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-socket-ifname"))
def nccl_wrong_socket_interface(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A job across nodes (torchrun --nnodes 2, DeepSpeed, Horovod) fails at its first collective with
    "NCCL error ... unhandled system error" / "ncclSystemError" or "remote process exited or there was a
    network error", or hangs, while one node alone works; NCCL_DEBUG=INFO shows "NET/Socket : Using
    [0]bond0:192.168.1.161<0> [1]br-05ab815fa14e:172.19.0.1<0> ... [12]veth6163fba:..." or "Bootstrap :
    Using virbr0:192.168.122.1<0>".

    Why:
    Without NCCL_SOCKET_IFNAME, NCCL takes InfiniBand's ib* interfaces, else every interface that is up
    except docker* and lo (ncclFindInterfaces in src/misc/socket.cc). On a host with container bridges
    (br-*), veth pairs, a libvirt bridge, a Kubernetes overlay or a VPN, that list includes addresses
    only this host can reach, and the other node's connections to them fail or wait.

    Fix:
    Name the interface the nodes share: `export NCCL_SOCKET_IFNAME=bond0` (the one with the address
    the other node reaches; `ip -br addr`), or exclude the host-local ones:
    `NCCL_SOCKET_IFNAME=^docker,lo,br-,veth,virbr`. Set it the same on every node.

    When to ignore:
    A job on one node, or when the listed interface is the one the nodes share.
    """
    lines = ctx.observed(NCCL_INTERFACE_LINES)
    names = list(dict.fromkeys(m.group(1) for line in lines for m in NCCL_INTERFACE.finditer(line)))
    local = [name for name in names if HOST_LOCAL_INTERFACE.match(name)]
    failed = ctx.observed(NCCL_CONNECTION_FAILED)
    if not local or not failed or ctx.facts.env.variables.get("NCCL_SOCKET_IFNAME"):
        return
    shared = [name for name in names if name not in local]
    yield Hit(f"NCCL uses {', '.join(shared[:1] + ['also'] if shared else [])}{' ' if shared else ''}"
              f"{', '.join(local[:4])}{' ...' if len(local) > 4 else ''}, which exist only on this host, for traffic "
              "between processes",
              evidence={"nccl_interfaces": names, "host_local": local, "failure": failed[0].strip()[:160]},
              confirmed=True,
              fix=[f"export NCCL_SOCKET_IFNAME={shared[0] if shared else '<the interface the nodes share>'}  "
                   "# on every node; `ip -br addr` shows which carries the nodes' network",
                   "or exclude host-local interfaces: export NCCL_SOCKET_IFNAME=^docker,lo,br-,veth,virbr",
                   "NCCL_DEBUG=INFO shows the interfaces NCCL chose ('NET/Socket : Using ...')"])


# Slurm refusing the job's account for the partition asked for (slurm_errno.c, ESLURM_INVALID_ACCOUNT):
# "sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified".
ACCOUNT_PARTITION_REFUSED = r"Invalid account or account/partition combination specified"
# A job that asks for GPUs: a gres or --gpus option, or a partition named for them.
GPU_JOB_REQUEST = (r"--gres[= ]gpu\b", r"--gpus(?:-per-\w+)?[= ]\d", r"--partition[= ]\S*gpu", r"-p\s+\S*gpu\b")
PARTITION_OPTION = re.compile(r"--partition[= ](\S+)|(?:^|\s)-p\s+(\S+)")
SACCTMGR = "https://slurm.schedmd.com/sacctmgr.html"


@rule("SYS017", "slurm-gpu-partition-account-required", "error",
      "The GPU partition takes jobs only from accounts allowed on it",
      signatures=(ACCOUNT_PARTITION_REFUSED,), priority=12, references=(SACCTMGR,))
def slurm_gpu_partition_account_required(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A job script with `#SBATCH --partition=gpu` and `--gres=gpu:1` is refused at once: "sbatch: error:
    Batch job submission failed: Invalid account or account/partition combination specified", while
    the same user's CPU jobs run.

    Why:
    Slurm charges every job to an account, by default the user's default account, and a partition
    can be limited to some accounts (its AllowAccounts, or the associations the accounting database
    holds for it). Sites often keep GPU partitions for accounts of their own, so the default account
    is not allowed there and Slurm refuses the combination before the job is queued.

    Fix:
    List the accounts you may use on that partition (`sacctmgr show associations user=$USER
    format=account,partition`) and submit with one of them (`#SBATCH --account=<account>`); if none
    is listed, the site has to add you to a GPU account.

    When to ignore:
    When the job does not ask for GPUs: then the account itself is unknown to Slurm, which is a
    question for the site, not about GPUs.
    """
    if not seen or not ctx.observed(GPU_JOB_REQUEST):
        return
    partition = first_match(PARTITION_OPTION, ctx.observed(GPU_JOB_REQUEST))
    name = (partition.group(1) or partition.group(2)) if partition else "<gpu partition>"
    yield Hit(f"the job asks for GPUs on partition {name}, and Slurm refuses the account it is charged to there",
              evidence={"slurm": seen[0].strip()[:160], "partition": name},
              fix=["sacctmgr show associations user=$USER format=account,partition  # the accounts you may use, "
                   "per partition",
                   f"scontrol show partition {name} | grep -i accounts  # the partition's own limits",
                   "#SBATCH --account=<an account allowed there>  # or ask the site for access to a GPU account"])



# The Microsoft Visual C++ runtime missing on Windows, in the words of PyTorch's import check ("Microsoft Visual C++
# Redistributable is not installed, this may lead to the DLL load failure.") and of the Windows loader ("The code
# execution cannot proceed because VCRUNTIME140_1.dll was not found.", "The program can't start because
# MSVCP140.dll is missing from your computer.").
MSVC_DLL = r"\b(?:MSVCP\d{3}(?:_\w+)?|VCRUNTIME\d{3}(?:_\d)?|VCOMP\d{3}|CONCRT\d{3}|MSVCR\d{3})\.dll\b"
VC_REDIST_WARNING = r"Microsoft Visual C\+\+ Redistributable is not installed"
MSVC_DLL_MISSING = MSVC_DLL + r"[^\n]{0,40}?\b(?:was not found|is missing|not found|missing from)"
# A DLL that failed to load "or one of its dependencies" (ctypes, PyTorch, Windows error 126): with a runtime DLL
# named in the same report (a dependency walker's result, a person's "everything but MSVCP140_CODECVT_IDS.dll"),
# the runtime is the dependency.
DLL_DEPENDENCY_FAILED = (r"or one of its dependencies", r"DLL load failed", r"\[WinError 126\]", r"error code is 126")
VC_REDIST = "https://learn.microsoft.com/en-us/cpp/windows/latest-supported-vc-redist"
# PyTorch's fbgemm.dll (Windows, from 2.4.0) loads libomp140.x86_64.dll, LLVM's OpenMP runtime that Visual Studio's C++
# tools install; the 2.4.0 wheels did not ship it, and torch fails at import: "Error loading
# "...\torch\lib\fbgemm.dll" or one of its dependencies" (pytorch/pytorch#131662, a regression fixed in 2.4.1 by
# pytorch/pytorch#130697; kohya-ss/sd-scripts#1597 and openvinotoolkit/openvino.genai#813 name the DLL).
FBGEMM_DEPENDENCY = r"fbgemm\.dll\W{0,3}\s*or one of its dependencies"
TORCH_LIBOMP_REGRESSION = "https://github.com/pytorch/pytorch/issues/131662"


@rule("SYS018", "msvc-runtime-missing", "error", "The Microsoft Visual C++ runtime is not installed on this Windows",
      signatures=(VC_REDIST_WARNING, MSVC_DLL_MISSING, *DLL_DEPENDENCY_FAILED), priority=12,
      references=(VC_REDIST, TORCH_LIBOMP_REGRESSION))
def msvc_runtime_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On Windows, at import or start: "Microsoft Visual C++ Redistributable is not installed, this may
    lead to the DLL load failure." (PyTorch); "The code execution cannot proceed because
    VCRUNTIME140_1.dll was not found."; a CUDA backend DLL that does not load "or one of its
    dependencies" (koboldcpp_cublas.dll, torch's c10.dll) where a tool or the person names
    MSVCP140.dll or MSVCP140_CODECVT_IDS.dll as the one missing; PyTorch at import: `[WinError 126]
    ... Error loading "...\\torch\\lib\\fbgemm.dll" or one of its dependencies`.

    Why:
    Programs built with Microsoft's compiler (PyTorch's DLLs, llama.cpp builds, CUDA backends) load
    its C++ runtime (vcruntime140.dll, msvcp140.dll and their companions) from the system. A fresh
    Windows, a cloud image or a stripped VM may not have it, and Windows then reports the DLL that
    needs it as not found, not the runtime itself. PyTorch's fbgemm.dll (from 2.4) also needs
    libomp140.x86_64.dll, LLVM's OpenMP runtime from Visual Studio's C++ tools, which the 2.4.0
    wheels for Windows did not bring along.

    Fix:
    Install the latest supported Visual C++ Redistributable for x64 (vc_redist.x64.exe, from
    Microsoft's page in the reference) and start the program again. For fbgemm.dll: torch 2.4.1 or
    newer, or Visual Studio's "MSVC v143 C++ x64/x86 build tools", which install
    libomp140.x86_64.dll.

    When to ignore:
    When the named runtime DLL is present and another dependency is the one missing.
    """
    named = [line for line in seen if re.search(VC_REDIST_WARNING, line, re.I) or re.search(MSVC_DLL_MISSING, line, re.I)]
    failed = [line for line in seen if line not in named]
    runtime = ctx.observed([MSVC_DLL]) if failed and not named else []
    # the lines that matched already hold the failing DLL's name: no second pass over the report
    fbgemm = [line for line in failed if re.search(FBGEMM_DEPENDENCY, line, re.I)] if not named and not runtime else []
    if fbgemm:
        yield Hit("torch's fbgemm.dll could not load a DLL it depends on: libomp140.x86_64.dll, LLVM's OpenMP runtime "
                  "that Visual Studio's C++ tools install, which torch 2.4.0's Windows wheels did not ship",
                  evidence={"observed": fbgemm[0].strip()[:200]}, references=[TORCH_LIBOMP_REGRESSION],
                  fix=["pip install --upgrade \"torch>=2.4.1\"  # from the index torch came from (its +cu build's)",
                       "or install Visual Studio's \"MSVC v143 - VS 2022 C++ x64/x86 build tools\", which put "
                       "libomp140.x86_64.dll in C:\\Windows\\System32",
                       "where libomp140.x86_64.dll  # found: the DLL is there, and another dependency is missing"])
        return
    if not named and not runtime:
        return
    dll = re.search(MSVC_DLL, " ".join(named or runtime), re.I)
    yield Hit("The Microsoft Visual C++ runtime is missing"
              + (f" ({dll.group(0)})" if dll else "") + ": DLLs built with Microsoft's compiler cannot load without it"
              + (", and a DLL failed to load for want of a dependency" if failed else ""),
              evidence={"observed": (named or runtime)[0].strip()[:200], **({"failed": failed[0].strip()[:200]}
                                                                           if failed else {})},
              fix=["install the latest Visual C++ Redistributable for x64: https://aka.ms/vs/17/release/vc_redist.x64.exe",
                   "then start the program again (a new terminal or IDE)"])


# A batch script's own resource request (#SBATCH --nodes=2, --ntasks-per-node=4, -n 8) and what ran the program.
SBATCH_COUNT = re.compile(r"^#SBATCH\b.*?(?:--(nodes|ntasks-per-node|ntasks)[= ]\s*|-([Nn])\s*)(\d+)")
BARE_PYTHON = re.compile(r"^(?:python3?(?:\.\d+)?|python\.exe)\s+(?:-u\s+)?\S+\.py\b")
PROCESS_LAUNCHERS = (r"\bsrun\b", r"\bmpirun\b", r"\bmpiexec\b", r"\btorchrun\b", r"torch\.distributed\.(?:launch|run)\b",
                     r"\baccelerate\s+launch\b", r"\bdeepspeed\s+\S+\.py", r"\bhorovodrun\b")
# Lightning, on seeing a Slurm job with several tasks, leaves process creation to Slurm (it starts none of its own)
# and waits for every rank: "Multi-processing is handled by Slurm.", "initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/8".
SLURM_STARTS_PROCESSES = r"Multi-processing is handled by Slurm"
DDP_MEMBER = re.compile(r"MEMBER: (\d+)/(\d+)")
HANG_WORDS = r"\b(?:hangs?|hanging|hung|freez\w*|froze|stuck|waits? forever)\b"
SBATCH_PAGE = "https://slurm.schedmd.com/sbatch.html"
LIGHTNING_SLURM = "https://lightning.ai/docs/pytorch/stable/clouds/cluster_advanced.html"


def sbatch_request(ctx: Context) -> Dict[str, int]:
    """The counts the batch script's #SBATCH lines ask for, by option: nodes, ntasks, ntasks-per-node."""
    asked = {}
    for line in ctx.observed([SBATCH_COUNT.pattern]):
        for found in SBATCH_COUNT.finditer(line):
            name = found.group(1) or {"N": "nodes", "n": "ntasks"}[found.group(2)]
            asked[name] = int(found.group(3))
    return asked


def _sbatch_tasks(ctx: Context) -> int:
    """How many tasks the batch script asks for: --ntasks, else nodes times --ntasks-per-node (0: none stated)."""
    asked = sbatch_request(ctx)
    if "ntasks" in asked:
        return asked["ntasks"]
    return asked.get("nodes", 1) * asked.get("ntasks-per-node", 1) if asked else 0


@rule("SYS019", "slurm-job-not-launched-with-srun", "error",
      "A Slurm batch script asks for several tasks and starts the program once, without srun",
      signatures=(SLURM_STARTS_PROCESSES,), priority=15, references=(SBATCH_PAGE, LIGHTNING_SLURM))
def slurm_job_not_launched_with_srun(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A multi-node (or multi-task) Slurm job hangs while distributed training starts: Lightning says
    "Multi-processing is handled by Slurm." and only some ranks appear ("initializing ddp:
    GLOBAL_RANK: 0, MEMBER: 1/8"); the batch script ends in a bare `python train.py`.

    Why:
    Slurm runs the batch script once, on the first node of the allocation; `--ntasks-per-node` and
    `--nodes` only reserve room for tasks. One task per GPU on every node exists only when `srun`
    starts them. Lightning (and other Slurm-aware launchers) see a job of 8 tasks in the environment,
    start no processes of their own, and wait for ranks nobody started.

    Fix:
    Start the program with srun inside the batch script: `srun python train.py`.

    When to ignore:
    Programs that start their own processes per GPU (torchrun, mpirun inside the script), or jobs
    that ask for one task.
    """
    tasks = _sbatch_tasks(ctx)
    if tasks < 2:
        return  # most reports hold no batch script: nothing more to read
    bare = next((line.strip() for line in ctx.observations if BARE_PYTHON.match(line.strip())), "")
    if not bare or ctx.observed(PROCESS_LAUNCHERS):
        return
    members = [found for found in map(DDP_MEMBER.search, ctx.observations) if found]
    missing = bool(members) and len({m.group(1) for m in members}) < int(members[0].group(2))
    if not (seen or missing or ctx.observed([HANG_WORDS])):
        return
    yield Hit(f"The batch script asks Slurm for {tasks} tasks but starts the program once, with `{bare}`: Slurm runs "
              "the script on the first node only, and no srun starts the other tasks, so distributed start-up waits for "
              "ranks that never come", evidence={"tasks_requested": tasks, "command": bare,
                                                 **({"ranks_seen": len({m.group(1) for m in members})} if members else {})},
              confirmed=bool(seen or missing), fix=[f"srun {bare}  # in the batch script: one task per --ntasks-per-node "
                                                    "on every node", "echo $SLURM_NTASKS $SLURM_NTASKS_PER_NODE  # what the "
                                                                     "job was given"])


# RDMA verbs failing with ENOMEM while registering or creating their resources: NCCL's "NCCL WARN Call to
# ibv_reg_mr_iova2 failed with error Cannot allocate memory" (also ibv_reg_mr, ibv_create_qp, ibv_create_cq), perftest's
# "Couldn't allocate MR". The memory an HCA uses must be pinned, and pinning counts against RLIMIT_MEMLOCK.
MEMLOCK_EXHAUSTED = (r"\bibv_(?:reg_mr\w*|reg_dmabuf_mr|create_qp|create_cq)\b.{0,40}failed with error Cannot allocate memory",
                     r"\bCouldn'?t allocate MR\b")
# `ulimit -a`'s row and `ulimit -l`'s answer after the command: "max locked memory (kbytes, -l) 8192".
MEMLOCK_ROW = re.compile(r"max locked memory\s+\(kbytes, -l\)\s+(\d+|unlimited)")
NCCL_MEMORY_ISSUES = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting/runtime_and_mpi_issues.html"
RDMA_MEMLOCK = ("https://docs.redhat.com/en/documentation/red_hat_enterprise_linux/7/html/networking_guide/"
                "sec-relaxing_memlock_restrictions_for_users")


@rule("SYS020", "memlock-limit-too-low", "error", "The locked-memory limit is too low for RDMA (InfiniBand, RoCE)",
      signatures=MEMLOCK_EXHAUSTED, priority=12, references=(NCCL_MEMORY_ISSUES, RDMA_MEMLOCK))
def memlock_limit_too_low(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    NCCL over InfiniBand or RoCE fails at init or at its first connection with "NCCL WARN Call to
    ibv_reg_mr_iova2 failed with error Cannot allocate memory" (or ibv_reg_mr, ibv_create_qp,
    ibv_create_cq); perftest's ib_write_bw says "Couldn't allocate MR"; the machine has plenty of
    free memory.

    Why:
    Memory an RDMA adapter reads and writes must be pinned, and every page pinned counts against the
    process's locked-memory limit (RLIMIT_MEMLOCK, `ulimit -l`). Distributions default it to 64 KiB
    or 8 MiB; NCCL needs far more per connection. limits.conf applies only to new login sessions,
    not to daemons that started jobs before the change (sshd, slurmd, the Docker daemon), and
    Docker containers get Docker's default unless --ulimit memlock=-1 is given.

    Fix:
    `* soft memlock unlimited` and `* hard memlock unlimited` in /etc/security/limits.d/, then log in
    again (and restart slurmd or sshd, LimitMEMLOCK=infinity in their systemd units); containers:
    `docker run --ulimit memlock=-1`. Check `ulimit -l` where the job runs, under mpirun or srun.

    When to ignore:
    Never on a machine that runs NCCL over InfiniBand or RoCE.
    """
    if not seen:
        return
    stated = first_match(MEMLOCK_ROW, ctx.observations)
    if stated and stated.group(1) == "unlimited":
        return  # the limit is not it: a registration fails for other reasons (a GPU buffer without peer memory)
    limit = f" (ulimit -l: {stated.group(1)} KiB)" if stated else ""
    yield Hit(f"RDMA could not pin the memory it registers{limit}: the locked-memory limit of the processes is too low",
              evidence={"observed": seen[0].strip()[:200], **({"ulimit_l_kib": stated.group(1)} if stated else {})},
              fix=["ulimit -l  # where the job runs (inside mpirun, srun or the container): 'unlimited' is wanted",
                   "printf '* soft memlock unlimited\\n* hard memlock unlimited\\n' | sudo tee "
                   "/etc/security/limits.d/rdma.conf  # then log in again",
                   "systemd services that start jobs (slurmd, sshd): LimitMEMLOCK=infinity in their unit, then restart "
                   "them: limits.conf does not reach daemons",
                   "docker run --ulimit memlock=-1 ...  # containers"])


# The dynamic loader refusing a prebuilt binary linked against a newer glibc than the system's: "/lib64/libm.so.6:
# version `GLIBC_2.29' not found (required by .../site-packages/torch_sparse/_metis_cuda.so)". Host libraries that
# Apptainer's --nv binds into an older container are CTR019's.
GLIBC_TOO_OLD = re.compile(r"version [`'\u2018]?GLIBC_(\d+\.\d+(?:\.\d+)?)['\u2019]? not found"
                           r"(?! \(required by /\.singularity\.d/)(?: \(required by ([^)\s]+)\))?")
SITE_PACKAGE = re.compile(r"[/\\](?:site|dist)-packages[/\\]([A-Za-z0-9_.-]+?)(?:[/\\]|\.libs[/\\]|$)")


@rule("SYS021", "glibc-too-old-for-binary", "error", "A prebuilt binary needs a newer glibc than this system has",
      signatures=(GLIBC_TOO_OLD.pattern,), priority=13,
      references=("https://peps.python.org/pep-0600/",))
def glibc_too_old_for_binary(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Importing a framework or one of its extensions fails: "ImportError: /lib64/libc.so.6: version
    `GLIBC_2.27' not found (required by .../site-packages/torch/lib/../../../../libcurand.so.10)";
    "OSError: /lib64/libm.so.6: version `GLIBC_2.29' not found (required by
    .../site-packages/torch_sparse/_metis_cuda.so)". Seen on CentOS and RHEL 7 and older, Ubuntu
    18.04, and in containers built from old base images.

    Why:
    A shared library runs only with a glibc at least as new as the one it was linked against. Wheels
    say which they need in their platform tag (manylinux_2_28 needs glibc 2.28), but conda packages,
    binaries downloaded by hand, and wheels tagged for an older glibc than their build machine had
    install anyway, and then fail to load.

    Fix:
    Install a build made for this glibc (an older release of the package, a wheel whose manylinux
    tag this glibc meets, or a build from source on this system), or run on a system or in a
    container whose glibc is at least the version asked for.

    When to ignore:
    Never for that package: it does not load here.
    """
    if not seen:
        return
    found = first_match(GLIBC_TOO_OLD, seen)
    if found is None:
        return
    needs, binary = found.group(1), found.group(2) or ""
    package = SITE_PACKAGE.search(binary)
    name = package.group(1) if package else (binary.rsplit("/", 1)[-1] if binary else "a prebuilt binary")
    have = ctx.facts.system.glibc
    yield Hit(f"{name} was built against glibc {needs}, newer than this system's glibc"
              + (f" ({have})" if have else "") + ", so the loader refuses it",
              evidence={"observed": seen[0].strip()[:200], "needs_glibc": needs,
                        **({"system.glibc": have} if have else {}), **({"binary": binary} if binary else {})},
              confirmed=True,
              fix=["ldd --version  # this system's glibc",
                   f"install a build of {name} made for this glibc: an older release, a wheel whose manylinux tag "
                   "this glibc meets (pip debug --verbose lists the tags pip accepts), or build it from source here",
                   f"or run on a system, or in a container image, whose glibc is {needs} or newer"])


# UCX (UCX-Py's ucp, dask-cuda's "ucx" protocol, RAPIDS' comms, Open MPI's UCX layer, JUCX) linked against the
# system's libnuma, which neither the conda nor the pip packages of those releases bring: "ImportError: libnuma.so.1:
# cannot open shared object file" (rapidsai/ucx-py#257, rapidsai/dask-cuda#822, rapidsai/cugraph#2113), "Failed to
# load libjucx.so: libnuma.so.1: cannot open shared object file" (openucx/ucx#5140). Dask first reports the
# consequence: "unknown address scheme 'ucx'".
LIBNUMA_MISSING = r"libnuma\.so(?:\.\d+)?: cannot open shared"  # a pasted copy may end there
NUMA_PACKAGE = {"ubuntu": "sudo apt-get install -y libnuma1", "debian": "sudo apt-get install -y libnuma1",
                "rhel": "sudo dnf install -y numactl-libs", "fedora": "sudo dnf install -y numactl-libs",
                "suse": "sudo zypper install -y libnuma1"}


@rule("SYS022", "ucx-libnuma-missing", "error", "libnuma, which UCX loads, is not installed",
      signatures=(LIBNUMA_MISSING,), priority=18, references=("https://github.com/rapidsai/ucx-py/issues/257",))
def ucx_libnuma_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `import ucp`, dask-cuda's LocalCUDACluster(protocol='ucx') or importing cuGraph fails with
    "ImportError: libnuma.so.1: cannot open shared object file: No such file or directory";
    Dask may only say "unknown address scheme 'ucx'".

    Why:
    UCX, the transport RAPIDS, Dask and MPI use between GPUs, is linked against the operating
    system's NUMA library. Conda and pip packages of UCX leave it to the system, and minimal
    container images and cloud notebook machines do not have it.

    Fix:
    Install the system's libnuma package: libnuma1 (Debian, Ubuntu, SUSE), numactl-libs (RHEL,
    Fedora), in the image or on every node that runs UCX.

    When to ignore:
    Never while UCX is used.
    """
    if not seen:
        return
    install = NUMA_PACKAGE.get(ctx.distro)
    yield Hit("libnuma.so.1 is missing: UCX (and what loads it: UCX-Py, dask-cuda, RAPIDS comms, MPI) needs the "
              "system's NUMA library", evidence={"observed": seen[:1], "distribution": ctx.distro or "not named"},
              fix=[install] if install else ["sudo apt-get install -y libnuma1  # Debian, Ubuntu",
                                             "sudo dnf install -y numactl-libs  # RHEL, Rocky, Fedora"])


# MPICH built with CUDA support (its yaksa datatype engine's CUDA backend) initialising CUDA in MPI_Init on a node
# with no GPU: "CUDA Error (yaksuri_cuda_init_hook:src/backend/cuda/hooks/yaksuri_cuda_init_hooks.c,173): no
# CUDA-capable device is detected" (pmodels/mpich#6686, #6725). The maintainer's answer: MPIR_CVAR_ENABLE_GPU=0
# "should prevent any CUDA initialization from happening at runtime"; MPICH's pull request #7407 (2025) stops
# treating a GPU build without devices as an error.
YAKSA_CUDA_INIT = r"yaksuri_cuda_init_hook\b.{0,120}(?:no CUDA-capable device|CUDA_ERROR_NO_DEVICE|cudaErrorNoDevice)"
# Open MPI built with CUDA support (--with-cuda: EasyBuild's gompic, a site's GPU module, a distribution's package)
# looks for libcuda at start-up and warns on a machine without the NVIDIA driver: "The library attempted to open the
# following supporting CUDA libraries, but each of them failed.  CUDA-aware support is disabled." with "libcuda.so.1:
# cannot open shared object file" per place it looked, then runs on (easybuilders/easybuild-easyconfigs#11295 on a node
# without GPUs, a cluster's "a-on_cpu_nodes.out", John the Ripper's MPI build on a laptop, PETSc's tests). Not when
# what it found was a 32-bit libcuda.so.1 ("wrong ELF class: ELFCLASS32"): then the driver is there.
OPEN_MPI_NO_LIBCUDA = r"but each of them failed\.\s+CUDA-aware support is disabled"


@rule("SYS023", "mpi-gpu-support-on-cpu-only-node", "error", "A GPU-enabled MPI initialises CUDA on a node without GPUs",
      signatures=(YAKSA_CUDA_INIT, OPEN_MPI_NO_LIBCUDA), priority=12,
      references=("https://github.com/pmodels/mpich/issues/6686",
                                                              "https://github.com/pmodels/mpich/pull/7407"))
def mpi_gpu_support_on_cpu_only_node(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Every rank stops in MPI_Init on CPU-only nodes: "CUDA Error (yaksuri_cuda_init_hook:src/backend/
    cuda/hooks/yaksuri_cuda_init_hooks.c,173): no CUDA-capable device is detected", from a program
    that does not use the GPU at all. Open MPI built with CUDA warns and runs on: "The library
    attempted to open the following supporting CUDA libraries, but each of them failed.  CUDA-aware
    support is disabled." with "libcuda.so.1: cannot open shared object file" for each place it
    looked.

    Why:
    An MPICH configured --with-cuda (a site module built for the GPU partition, a package built
    once for both) sets up its CUDA datatype engine (yaksa) in MPI_Init and treats the missing GPU as
    fatal; releases before MPICH's fix in 2025 do so on any node without one.

    Fix:
    Run with MPIR_CVAR_ENABLE_GPU=0 on CPU-only nodes, or use the site's CPU build of MPICH (or a
    release with the fix). Open MPI: `--mca opal_warn_on_missing_libcuda 0` (older releases: `--mca
    mpi_cuda_support 0`) silences the warning where no GPU is meant to be used.

    When to ignore:
    On GPU nodes the same words mean the GPU is hidden or missing: look at CUDA_VISIBLE_DEVICES and
    the job's GPU request instead.
    """
    open_mpi = [line for line in seen if re.search(OPEN_MPI_NO_LIBCUDA, line)]
    if open_mpi:
        if ctx.observed([r"libcuda\.so(?:\.1)?: wrong ELF class"]):
            return  # a 32-bit libcuda.so.1 was found: the driver is installed, its 64-bit library is elsewhere
        gpu = ctx.has_nvidia_gpu()
        yield Hit("Open MPI is built with CUDA support and found no libcuda (the NVIDIA driver's library) on this "
                  + ("machine, although it has an NVIDIA GPU: the driver's library is not where the loader looks"
                     if gpu else "node, one without the NVIDIA driver: CUDA-aware MPI is off there and MPI itself "
                     "runs on, so on a CPU-only node this is only a warning"),
                  evidence={"observed": open_mpi[:1]}, confirmed=True,
                  fix=["ldconfig -p | grep libcuda.so.1  # where the driver's library is, on a GPU node"] if gpu else
                  ["mpirun --mca opal_warn_on_missing_libcuda 0 ...  # on CPU-only nodes (older Open MPI: --mca "
                   "mpi_cuda_support 0)", "or load the site's Open MPI built without CUDA for CPU-only nodes"])
        return
    if seen:
        yield Hit("MPICH is built with GPU (CUDA) support and initialises CUDA in MPI_Init, and this node has no GPU",
                  evidence={"observed": seen[:1]}, confirmed=True,
                  fix=["export MPIR_CVAR_ENABLE_GPU=0  # MPICH skips CUDA initialisation; in the job script, for "
                       "every rank",
                       "or load the site's MPICH built without CUDA for CPU-only nodes"])


# The Vulkan loader skipping an ICD it could not start ("terminator_CreateInstance: Failed to CreateInstance in ICD 0.
# Skipping ICD."), after the dynamic loader's reason: a library the ICD links against is missing. NVIDIA's ICD is the
# driver's libGLX_nvidia.so.0, which links X11 client libraries (libXext, libX11) that slim images lack; without it
# Vulkan sees only llvmpipe (ManiSkill/SAPIEN: "Failed to find a supported physical device "cuda:0"").
VULKAN_ICD_SKIPPED = r"Failed to CreateInstance in ICD \d+\.?\s*Skipping ICD"
MISSING_SHARED_LIBRARY = re.compile(r"\b(lib[\w+-]+?)\.so\.(\d+)\S*?: cannot open shared object file")


def _debian_package_of(library: str, soversion: str) -> str:
    """The Debian package name a shared library gets by policy: libXext.so.6 -> libxext6, libX11.so.6 -> libx11-6."""
    base = library.lower()
    return f"{base}{'-' if base[-1].isdigit() else ''}{soversion}"


@rule("SYS024", "nvidia-vulkan-icd-dependency-missing", "error",
      "NVIDIA's Vulkan driver cannot load: a library it needs is missing",
      signatures=(VULKAN_ICD_SKIPPED,), priority=20,
      references=("https://github.com/KhronosGroup/Vulkan-Loader/blob/main/docs/LoaderDebugging.md",
                  "https://www.debian.org/doc/debian-policy/ch-sharedlibs.html"))
def nvidia_vulkan_icd_dependency_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A simulator or renderer (SAPIEN/ManiSkill, Isaac, a game engine) finds no Vulkan GPU although CUDA
    works: "RuntimeError: Failed to find a supported physical device "cuda:0"";
    `VK_LOADER_DEBUG=warn vulkaninfo --summary` shows "libXext.so.6: cannot open shared object file"
    and "terminator_CreateInstance: Failed to CreateInstance in ICD 0. Skipping ICD.", and lists only
    llvmpipe.

    Why:
    The Vulkan loader loads each installed driver (ICD) as a shared library. NVIDIA's is part of the
    display driver (libGLX_nvidia.so.0), and it links X11 client libraries even on a headless
    server. A container image or minimal install without them cannot load it, so the loader skips
    NVIDIA and offers only Mesa's CPU renderer.

    Fix:
    Install the library the loader names (Debian/Ubuntu: libXext.so.6 is in libxext6), in the
    image's Dockerfile for a container, and run vulkaninfo again. If the ICD itself (libGLX_nvidia)
    is missing in a container, start it with the graphics capability (NVIDIA_DRIVER_CAPABILITIES
    including graphics, or all).

    When to ignore:
    When nothing you run uses Vulkan.
    """
    if not seen:
        return
    missing = [m for line in ctx.observed([MISSING_SHARED_LIBRARY.pattern]) for m in MISSING_SHARED_LIBRARY.finditer(line)]
    if not missing:
        return
    library, soversion = missing[0].group(1), missing[0].group(2)
    driver_own = library.startswith(("libGLX_nvidia", "libnvidia", "libEGL_nvidia"))
    if driver_own:
        yield Hit(f"The Vulkan loader skipped NVIDIA's driver: {library}.so.{soversion}, the driver's own library, is "
                  "not there", evidence={"missing": f"{library}.so.{soversion}", "observed": seen[0].strip()[:200]},
                  confirmed=True,
                  fix=["docker run ... -e NVIDIA_DRIVER_CAPABILITIES=all  # graphics brings the driver's GL/Vulkan "
                       "libraries into the container",
                       "on a host: install the driver's GL/Vulkan package (Ubuntu: libnvidia-gl-<branch>)"])
        return
    package = _debian_package_of(library, soversion)
    yield Hit(f"The Vulkan loader skipped an ICD because {library}.so.{soversion}, a library it links, is missing: "
              "NVIDIA's Vulkan driver (libGLX_nvidia) needs it even without a display, and Vulkan falls back to the CPU "
              "renderer", evidence={"missing": f"{library}.so.{soversion}", "observed": seen[0].strip()[:200]},
              confirmed=True,
              fix=[f"apt-get install -y {package}  # Debian/Ubuntu's package for {library}.so.{soversion}; in a "
                   "container, in the image's Dockerfile",
                   "VK_LOADER_DEBUG=warn vulkaninfo --summary  # the NVIDIA GPU is listed once nothing is missing"])


# libglvnd chose Mesa for EGL/GLX on a machine with NVIDIA's driver: Magnum (habitat-sim) "unable to find CUDA device 0
# among 6 EGL devices in total", and Mesa's renderer in the report ("Renderer: llvmpipe ...", "OpenGL renderer string:
# llvmpipe"). libglvnd picks vendor libraries from the JSON files in egl_vendor.d, and from __EGL_VENDOR_LIBRARY_FILENAMES
# and __GLX_VENDOR_LIBRARY_NAME when they are set (libglvnd's EGL and GLX documentation).
EGL_NO_CUDA_DEVICE = r"unable to find CUDA device \d+ among \d+ EGL devices"
MESA_RENDERER = r"(?:OpenGL renderer string|Renderer):\s*llvmpipe\b"
GLVND_EGL = "https://github.com/NVIDIA/libglvnd/blob/master/src/EGL/icd_enumeration.md"


@rule("SYS025", "egl-vendor-not-nvidia", "error", "OpenGL/EGL runs on Mesa's software renderer, not NVIDIA's driver",
      signatures=(EGL_NO_CUDA_DEVICE, MESA_RENDERER), priority=22, references=(GLVND_EGL,))
def egl_vendor_not_nvidia(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A headless renderer (habitat-sim, nvdiffrast, MuJoCo with EGL, pyrender) cannot create a context
    on the GPU: "WindowlessEglApplication::tryCreateContext(): unable to find CUDA device 0 among 6
    EGL devices in total"; its log says "Renderer: llvmpipe (LLVM 15.0.7, 256 bits)" and "OpenGL
    version: 4.5 (Core Profile) Mesa 25.1.5" on a machine whose nvidia-smi works.

    Why:
    libglvnd dispatches OpenGL and EGL to a vendor library chosen from the JSON files in
    /usr/share/glvnd/egl_vendor.d (and GLX's vendor name). When NVIDIA's file is missing (the
    driver's GL package not installed, a container without the graphics capability), or Mesa's is
    chosen first, every context is Mesa's: software rendering, and no EGL device backed by the CUDA GPU.

    Fix:
    Check that /usr/share/glvnd/egl_vendor.d/10_nvidia.json exists (install the driver's GL package,
    or in a container set NVIDIA_DRIVER_CAPABILITIES to include graphics) and point libglvnd at it:
    export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/share/glvnd/egl_vendor.d/10_nvidia.json and
    __GLX_VENDOR_LIBRARY_NAME=nvidia.

    When to ignore:
    When software rendering is what you want.
    """
    if not seen:
        return
    told = [line for line in seen if re.search(EGL_NO_CUDA_DEVICE, line)]
    if not told and not ctx.has_nvidia_gpu() and not ctx.driver_version():
        return  # llvmpipe on a machine with no NVIDIA driver in sight is the only renderer there is
    yield Hit("OpenGL/EGL is dispatched to Mesa (llvmpipe, software rendering) instead of NVIDIA's driver, so no EGL "
              "device is backed by the CUDA GPU", evidence={"observed": seen[0].strip()[:200],
                                                            "driver": ctx.driver_version() or "not in the input"},
              confirmed=bool(told),
              fix=["ls /usr/share/glvnd/egl_vendor.d/  # NVIDIA's is 10_nvidia.json; missing: install the driver's GL "
                   "package (Ubuntu: libnvidia-gl-<branch>), or in a container set NVIDIA_DRIVER_CAPABILITIES=all",
                   "export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/share/glvnd/egl_vendor.d/10_nvidia.json",
                   "export __GLX_VENDOR_LIBRARY_NAME=nvidia"])


# The RAPIDS Accelerator for Apache Spark refusing an executor that holds more than one GPU address
# (GpuDeviceManager.getGPUAddrFromResources): "java.lang.IllegalArgumentException: Spark GPU Plugin only supports 1 gpu
# per executor".
SPARK_RAPIDS_ONE_GPU = r"(?:Spark GPU )?Plugin only supports 1 gpu per executor"
SPARK_GPU_AMOUNT = re.compile(r"spark\.executor\.resource\.gpu\.amount\s*[=:]?\s*(\d+)", re.I)
SPARK_RAPIDS_GPU_ISSUE = "https://github.com/NVIDIA/spark-rapids/issues/1890"


@rule("SYS026", "executor-gpus-not-isolated", "error",
      "A Spark executor was given more GPUs than the one the RAPIDS plugin can use",
      signatures=(SPARK_RAPIDS_ONE_GPU,), priority=22, references=(SPARK_RAPIDS_GPU_ISSUE,))
def executor_gpus_not_isolated(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A Spark job with the RAPIDS Accelerator (spark.plugins=com.nvidia.spark.SQLPlugin) fails as its
    executors start: "java.lang.IllegalArgumentException: Spark GPU Plugin only supports 1 gpu per
    executor", at GpuDeviceManager.getGPUAddrFromResources; often with YARN or standalone workers in
    containers on one host.

    Why:
    The plugin binds each executor to exactly one GPU. Spark gives the executor the GPU addresses
    its discovery script reports (getGpusResources.sh lists every GPU nvidia-smi shows), so an
    executor that asked for more than one, or whose discovery sees all of the host's GPUs because
    nothing isolates them (YARN without GPU isolation, workers in containers that all see every
    GPU), holds several addresses and is refused.

    Fix:
    Ask for one GPU per executor (spark.executor.resource.gpu.amount=1), and let each executor see
    only its own: GPU isolation in the resource manager (YARN's GPU isolation with cgroups,
    Kubernetes device plugin), one GPU per worker container, or a discovery script that returns the
    executor's GPU alone. Without isolation, the RAPIDS maintainers suggest putting the GPUs in
    process-exclusive mode and using the plugin's ExclusiveModeGpuDiscoveryPlugin.

    When to ignore:
    Never: the executors do not start.
    """
    if not seen:
        return
    amount = first_match(SPARK_GPU_AMOUNT, ctx.observed([SPARK_GPU_AMOUNT.pattern]))
    asked = int(amount.group(1)) if amount else None
    why = (f"each executor asks for {asked} GPUs (spark.executor.resource.gpu.amount={asked}) and the RAPIDS plugin "
           "uses exactly one" if asked and asked > 1 else
           "an executor holds more GPU addresses than the one it asked for: its GPU discovery reports every GPU it "
           "can see, and nothing isolates the executors' GPUs from each other")
    yield Hit(why, evidence={"spark.executor.resource.gpu.amount": asked if asked is not None else "not in the input",
                             "observed": seen[0].strip()[:200]}, confirmed=True,
              fix=["--conf spark.executor.resource.gpu.amount=1  # one GPU per executor",
                   "give each executor only its GPU: GPU isolation in YARN (cgroups) or Kubernetes, one GPU per worker "
                   "container, or a discovery script that prints only that GPU's address",
                   "without isolation: sudo nvidia-smi -c EXCLUSIVE_PROCESS (each GPU, on every node), then "
                   "--conf spark.resources.discoveryPlugin=com.nvidia.spark.ExclusiveModeGpuDiscoveryPlugin  # the "
                   "plugin's own docstring"])


# glibc 2.41 and later refuse to dlopen a shared library marked as needing an executable stack (its GNU_STACK header
# RWE, or missing), where older releases made the stack executable for it: "ImportError:
# libctranslate2-bc15bf3f.so.4.5.0: cannot enable executable stack as shared object requires: Invalid argument"
# (OpenNMT/CTranslate2#1849), "libtorch_cpu.so: cannot enable executable stack ..."
# (conda-forge/pytorch-cpu-feedstock#350), TensorRT's builder resource ("Unable to load library:
# libnvinfer_builder_resource.so.10.7.0: ... cannot enable executable stack", NVIDIA's forum thread "TensorRT 10.8.0.43
# and older incompatible with new glibc 2.41", cited in anduril/jetpack-nixos#538). "Permission denied" in its place is
# a hardened policy (PaX, SELinux, systemd's MemoryDenyWriteExecute), not this.
# The signature is the loader's words alone (the library's name, matched from every position of a long paste, costs a
# scan each); the name is read from the lines it matched.
EXECSTACK_SAID = r"cannot enable executable stack as shared object requires: Invalid argument"
EXECSTACK_REFUSED = re.compile(r"([^\s:'\"`]+\.so(?:\.[\w.]+)?): " + EXECSTACK_SAID)
GLIBC_241_NEWS = "https://lists.gnu.org/archive/html/info-gnu/2025-01/msg00014.html"


@rule("SYS027", "library-needs-executable-stack", "error",
      "glibc refuses to load a library that asks for an executable stack",
      signatures=(EXECSTACK_SAID,), priority=14,
      references=(GLIBC_241_NEWS, "https://github.com/OpenNMT/CTranslate2/issues/1849",
                  "https://github.com/anduril/jetpack-nixos/pull/538"))
def library_needs_executable_stack(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    An import or a library load fails on a rolling or new distribution (Arch, CachyOS, Debian 13):
    "ImportError: libctranslate2-bc15bf3f.so.4.5.0: cannot enable executable stack as
    shared object requires: Invalid argument"; the same for conda-forge's libtorch_cpu.so, ONNX
    Runtime's onnxruntime_pybind11_state.so, or TensorRT building an engine ("Unable to load
    library: libnvinfer_builder_resource.so.10.7.0: ... cannot enable executable stack").

    Why:
    glibc 2.41 changed dlopen: a shared library marked as needing an executable stack (GNU_STACK RWE,
    or no GNU_STACK header at all) no longer gets one; loading it fails instead (glibc 2.41's release
    notes). Most such libraries never needed it: one object file linked in without the
    .note.GNU-stack section marks the whole library. The library is the package's, not the system's.

    Fix:
    Upgrade the package that ships the library to a release linked with -z noexecstack, where its
    project has made one, or clear the flag on the file:
    `patchelf --clear-execstack <library>` (or `execstack -c`), checked with
    `readelf -lW <library> | grep GNU_STACK` (RW, not RWE).

    When to ignore:
    Never: the library does not load.
    """
    if not seen:
        return
    found = first_match(EXECSTACK_REFUSED, seen)
    library = found.group(1) if found else ""  # a line wrapped before the words may have lost the library's name
    name = library.rsplit("/", 1)[-1] or "the library named before these words"
    package = SITE_PACKAGE.search(library)
    where = f" (from the {package.group(1)} package)" if package else ""
    glibc = ctx.facts.system.glibc
    yield Hit(f"{name}{where} is marked as needing an executable stack, which glibc 2.41 and later refuse to give a "
              "library loaded with dlopen" + (f" (this system's glibc is {glibc})" if glibc else ""),
              evidence={"library": library or "not in the line", "observed": seen[0].strip()[:200],
                        **({"system.glibc": glibc} if glibc else {})}, confirmed=True,
              fix=["upgrade the package that ships this library: releases linked with -z noexecstack load on new glibc",
                   f"or clear the flag: patchelf --clear-execstack <path to {name}>  # or execstack -c; readelf -lW "
                   "<that path> | grep GNU_STACK should then print RW, not RWE"])


# NVML refusing to start for want of access to the device nodes, and what says SELinux is in play: the word, a
# distribution that enforces it by default, or the fix people found (CTR020 reads those).
NVML_PERMISSIONS = r"Failed to initialize NVML: Insufficient Permissions"
SELINUX_SIGNS = (r"\bSE ?Linux\b", r"\bsetenforce\b", r"\b(?:RHEL|Red Hat Enterprise Linux|CentOS|Fedora|Rocky Linux|"
                 r"AlmaLinux|Oracle Linux)\b", r"\bel[789]\b|\.el[789]\.", r"works? with (?:the )?[`'\"]?--privileged")
# A Jetson's GPU memory manager refusing the process: "NvRmMemInitNvmap failed: Permission denied" (/dev/nvmap is
# root:video, mode 0440 or 0660); "with No such file or directory" is the node missing, another matter.
NVMAP_DENIED = r"NvRmMemInitNvmap failed(?::|\s+with)?\s*(?:error\s+)?Permission denied"
# The same GPU working for root and not for the user: "sudo nvidia-smi" works, "Works perfectly fine with the root
# user", "GPU access in a container on Jetson as a non-root user".
ROOT_WORKS = (r"\bsudo\s+nvidia-smi\b", r"\b(?:works?|working|fine|runs?)\b.{0,40}\b(?:as|with|for|under)\s+(?:the\s+)?"
              r"root(?:\s+user)?\b", r"\bas\s+(?:a\s+)?non-?root\s+user\b")
# What the user failed at: NVML's refusal, or CUDA finding no device.
DEVICE_REFUSED = (NVML_PERMISSIONS, r"cudaGetDeviceCount returned 100\b") + CUDA_FINDS_NO_DEVICE


@rule("SYS028", "user-not-in-gpu-device-group", "error", "The user may not open the GPU's device files",
      signatures=(NVMAP_DENIED,), priority=8,
      references=("https://raw.githubusercontent.com/NVIDIA/open-gpu-kernel-modules/main/kernel-open/nvidia/nv-reg.h",))
def user_not_in_gpu_device_group(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On a Jetson, CUDA fails with "NvRmMemInitNvmap failed: Permission denied" and cuInit's 100
    (CUDA_ERROR_NO_DEVICE): in a container run as a non-root user, in a Slurm job, under a service
    account. Elsewhere "Failed to initialize NVML: Insufficient Permissions" for a user while
    `sudo nvidia-smi` works, or a container that works as root and not as its USER.

    Why:
    The GPU's device files belong to a group: on a Jetson /dev/nvmap and /dev/nvhost-* are root:video;
    on other machines /dev/nvidia* are world-usable unless the driver's NVreg_DeviceFileGID and
    NVreg_DeviceFileMode options (nv-reg.h) restrict them: openSUSE's driver packages load it with the
    video group and mode 0660, VirtualGL's vglserver_config gives them to its vglusers group. A process
    whose user is not in that group cannot open them, and CUDA and NVML report the refusal as no
    device or insufficient permissions. In a container the groups are the container's: a USER there is
    in the host's device group only when its group id matches, or when it is added with --group-add.

    Fix:
    `ls -l /dev/nvmap /dev/nvidia*` shows the group; add the user to it (`sudo usermod -aG video
    $USER`, then log in again), or start the container with `--group-add <that group's id>`.

    When to ignore:
    Where the user is meant to have no GPU.
    """
    refused = ctx.observed(DEVICE_REFUSED)
    root_works = ctx.observed(ROOT_WORKS)
    if (not seen and not (refused and root_works)) or ctx.observed(SELINUX_SIGNS):
        return  # nothing refused by the device files, or SELinux doing the refusing (CTR020)
    jetson = bool(seen) or bool(ctx.jetson())
    group = "video" if jetson else "<the group of /dev/nvidia0>"
    nodes = "/dev/nvmap and /dev/nvhost-*" if jetson else "/dev/nvidia*"
    yield Hit(f"the process's user may not open the GPU's device files ({nodes}): it is not in their group"
              + (" (video on a Jetson)" if jetson else "") + ", so CUDA and NVML see no usable GPU, while root can",
              evidence={"observed": (seen or refused)[0].strip()[:200],
                        **({"root_works": root_works[0].strip()[:160]} if root_works else {})},
              confirmed=bool(seen), generic=not seen, priority=8,
              fix=[f"ls -l {nodes.split(' and ')[0]}*  # the group that owns the device files",
                   f"sudo usermod -aG {group} $USER  # then log in again; a service: its account",
                   "in a container: docker run --group-add $(stat -c %g " + ("/dev/nvmap" if jetson else "/dev/nvidia0")
                   + ") ...; in a Slurm job: the groups of the job's user"])



# Windows's ERROR_COMMITMENT_LIMIT (1455, windows-sys's Win32::Foundation constants), in English "The paging file is
# too small for this operation to complete"; localised systems print their own words after the same code (pytorch-
# segmentation#118: "[WinError 1455] 页面文件太小，无法完成操作"), and Rust's std::io prints "(os error 1455)".
COMMIT_LIMIT = (r"\[WinError 1455\]", r"paging file is too small for this operation to complete", r"\(os error 1455\)")
# the DLL the loader was mapping: torch's "Error loading "...\torch\lib\caffe2_detectron_ops_gpu.dll" or one of its
# dependencies."
DLL_BEING_LOADED = re.compile(r"Error loading [\"'“]?([^\"'”]*?([\w.-]+\.dll))[\"'”]?\s+or one of its dependencies",
                              re.I)
# worker processes started by spawn (Windows's only start method) each import torch again: the traceback runs through
# multiprocessing's spawn.py, or the report names its DataLoader workers
SPAWNED_WORKERS = (r"multiprocessing[\\/]+spawn\.py", r"\bnum_workers\s*=\s*[1-9]", r"\bDataLoader worker\b",
                   r"\bworkers?\s*=\s*[1-9]")
PYTORCH_PAGEFILE_ISSUE = "https://github.com/pytorch/pytorch/issues/35803"
COMMIT_LIMIT_CODE = ("https://docs.rs/windows-sys/0.34.0/windows_sys/Win32/Foundation/"
                     "constant.ERROR_COMMITMENT_LIMIT.html")


@rule("SYS029", "windows-pagefile-too-small-for-cuda-dlls", "error",
      "Windows ran out of commit (RAM plus page file) while loading the CUDA libraries",
      signatures=COMMIT_LIMIT, priority=12,
      references=(COMMIT_LIMIT_CODE, PYTORCH_PAGEFILE_ISSUE))
def windows_pagefile_too_small_for_cuda_dlls(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On Windows, importing PyTorch fails: "OSError: [WinError 1455] The paging file is too small for
    this operation to complete. Error loading "...\\torch\\lib\\caffe2_detectron_ops_gpu.dll" or one
    of its dependencies." (or shm.dll, cudnn_cnn_infer64_8.dll), often from DataLoader workers started
    by multiprocessing's spawn.py, sometimes only once training starts; on a localised Windows the same
    code with its own words, "[WinError 1455] 页面文件太小，无法完成操作". A program that hides the
    error may then say PyTorch is not installed.

    Why:
    1455 is ERROR_COMMITMENT_LIMIT: the process asked Windows to commit memory and the system's commit
    limit, physical memory plus the page file, is used up. The CUDA libraries a CUDA build of PyTorch
    loads are several gigabytes together, and Windows charges each process that maps them commit for
    their writable sections. Windows starts DataLoader workers by spawn, so each worker imports torch and
    is charged again: four workers can need more commit than the machine has, while one process runs.
    It is the host's memory, not the GPU's, and not a broken install.

    Fix:
    Let Windows manage the page file, or raise its maximum on a drive with free space (System Properties,
    Advanced, Performance Settings, Advanced, Virtual memory), and restart; lower the DataLoader's
    num_workers (0 to 2); close programs holding memory. Task Manager's Performance, Memory page shows
    the committed memory against its limit.

    When to ignore:
    Never: the library did not load.
    """
    if not seen:
        return
    loading = first_match(DLL_BEING_LOADED, ctx.observed([DLL_BEING_LOADED.pattern]) or seen)
    dll = loading.group(2) if loading else ""
    workers = ctx.observed(SPAWNED_WORKERS)
    what = f"loading {dll}" if dll else "this load"
    yield Hit(f"Windows refused {what} with error 1455: the system's commit limit (RAM plus page file) is used up"
              + (", and the worker processes started by spawn each load the CUDA libraries again" if workers else ""),
              evidence={"observed": seen[0].strip()[:200], **({"dll": loading.group(1)} if loading else {}),
                        **({"workers": workers[0].strip()[:160]} if workers else {})}, confirmed=True,
              fix=["System Properties > Advanced > Performance Settings > Advanced > Virtual memory: 'Automatically "
                   "manage paging file size', or a larger maximum on a drive with free space; then restart",
                   "DataLoader(..., num_workers=0)  # or 1-2: on Windows each worker imports torch and its CUDA "
                   "libraries again",
                   "close programs that hold memory; Task Manager > Performance > Memory shows Committed against "
                   "its limit"])

# The same program working from a terminal and failing when something else starts it: "it succeeds when using the
# command line" (NerfAcc run from PyCharm, nerfacc#208), "it works when I use ArrayFire.jl in terminal. However in Atom"
# (ArrayFire.jl#28); the other order, "from the terminal it works".
WORKS_FROM_TERMINAL = re.compile(
    r"\b(?:works?|worked|working|succeeds?|succeeded|runs?|ran|fine|ok(?:ay)?)\b[^\n]{0,50}?\b(?:from|in|on|using|with|"
    r"through|via)\s+(?:the\s+|a\s+|my\s+)?(?:terminal|command[- ]?line|shell|console)\b|"
    r"\b(?:from|in)\s+(?:the\s+|a\s+)?(?:terminal|command[- ]?line|shell|console)\b[^\n]{0,30}?\b(?:works?|worked|"
    r"succeeds?|succeeded|runs?\s+fine|is\s+fine)\b", re.I)
# What starts a program without the login shell's profile: an IDE or editor launched from the desktop (Atom the
# editor, not Intel's CPU), MATLAB from its launcher, cron, a systemd unit. Jupyter is left out: its kernel is often
# another interpreter, a cause of its own.
STARTED_OUTSIDE_SHELL = re.compile(
    r"\b(?:PyCharm|(?<!Intel )(?<!Intel\(R\) )Atom|VS\s?Code|Visual\s+Studio\s+Code|Spyder|Eclipse|CLion|IntelliJ|"
    r"RStudio|Qt\s?Creator|MATLAB|cron(?:tab)?|systemd\s+(?:service|unit)|"
    r"desktop\s+(?:launcher|icon|shortcut|entry))\b", re.I)


@rule("SYS030", "gui-app-lacks-shell-environment", "error",
      "A program started outside the login shell lacks what the shell profile exports",
      signatures=(WORKS_FROM_TERMINAL.pattern,), priority=8)
def gui_app_lacks_shell_environment(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The same program works from a terminal and fails when an IDE, an editor, a desktop launcher, cron
    or a systemd unit starts it: "When I run the code using pycharm, I get the following error
    message: NerfAcc: No CUDA toolkit found ... but it succeeds when using the command line"; "it works
    when I use ArrayFire.jl in terminal. However in Atom, I got the following errors"; the usual
    failure is a CUDA library or nvcc not found.

    Why:
    PATH and LD_LIBRARY_PATH entries for CUDA are usually exported in ~/.bashrc or ~/.bash_profile,
    which only a shell reads. A program inherits its environment from whatever started it: an IDE
    launched from the desktop menu, MATLAB from its icon, cron and systemd never ran that shell, so
    the child lacks CUDA's bin directory (no nvcc, "no CUDA toolkit") or its lib64 (the loader does
    not find libcudart). The install is fine; the environment differs.

    Fix:
    Start the program from a terminal where the variables are set (`pycharm.sh &`, `code .`, `matlab`),
    or give it the variables itself: PyCharm's run configuration's Environment variables, VS Code's
    "env" in launch.json, the crontab's own lines, a unit's Environment=. For libraries, a file in
    /etc/ld.so.conf.d naming CUDA's lib64 and `sudo ldconfig` reach every process however started.

    When to ignore:
    When the program differs too (another interpreter or virtual environment): then that is the cause.
    """
    app = ctx.observed([STARTED_OUTSIDE_SHELL.pattern])
    if not seen or not app:
        return
    named = STARTED_OUTSIDE_SHELL.search(app[0]).group(0)
    yield Hit(f"the program works from a terminal and fails when {named} starts it: {named} was not started from "
              "your shell, so it lacks what your shell profile exports (CUDA's bin on PATH, its lib64 on "
              "LD_LIBRARY_PATH)", evidence={"observed": seen[0].strip()[:200], "started_by": app[0].strip()[:200]},
              confirmed=True,
              fix=[f"start {named} from a terminal where the variables are set, so it inherits them",
                   f"or set them in {named}'s own environment settings (PyCharm: Run > Edit Configurations > "
                   "Environment variables; VS Code: \"env\" in launch.json; cron: lines at the top of the crontab; "
                   "systemd: Environment= in the unit)",
                   "for libraries: echo /usr/local/cuda/lib64 | sudo tee /etc/ld.so.conf.d/cuda.conf && sudo ldconfig"
                   "  # every process finds them, however started"])

# A kernel stopped by the watchdog of a GPU that also drives a display. CUDA reports it as cudaErrorLaunchTimeout
# (702), which "can only occur if timeouts are enabled - see the device property kernelExecTimeoutEnabled" (the CUDA
# runtime API's error list); the driver API calls it CUDA_ERROR_LAUNCH_TIMEOUT, and both print "the launch timed out and
# was terminated". On Windows the watchdog is the OS's Timeout Detection and Recovery, which resets the display
# driver after TdrDelay seconds (2 by default, Microsoft's TDR registry keys): the screen blanks, Windows says the
# display driver "stopped responding and has recovered", and the program may get only "unknown error" (999). On Linux
# it is the NVIDIA X driver's, on a GPU an X screen runs on (the driver README's X config Option "Interactive":
# "GPU compute applications ... often have long-running GPU programs ... try turning this option off").
LAUNCH_TIMEOUT = (r"\bthe launch timed out\b", r"\bCUDA_ERROR_LAUNCH_TIMEOUT\b",
                  r"\bcudaErrorLaunchTimeout\b")
# deviceQuery's "Run time limit on kernels: Yes", and programs printing kernelExecTimeoutEnabled in their own words
# ("Kernel execition timeout: Enabled", bitcracker).
TIMEOUT_ENABLED = r"\bRun time limit on kernels:\s*Yes\b|\bKernel exec\w{0,4}tion timeout:\s*(?:Enabled|Yes)\b"
# Windows resetting the display driver, told as people see it: "Display driver nvlddmkm stopped responding and has
# successfully recovered", "force videodriver to restart with a crash", "my screen goes black for a second".
DISPLAY_RESET = (r"\bdisplay driver\b[^\n]{0,40}\bstopped responding\b|"
                 r"\bnvlddmkm\b[^\n]{0,40}\b(?:stopped|recovered)\b|"
                 r"\bvideo ?driver\b[^\n]{0,30}\b(?:restart|reset|recover)\w*|"
                 r"\bscreen (?:goes|went|turns|turned|going) black\b")
# An error of CUDA's that a driver reset leaves a program with: "CUDA error = 999", "unknown error", "unspecified
# launch failure".
CUDA_FAILED = (r"\bCUDA error\b|\bunknown error\b|\bunspecified launch failure\b|\bcudaErrorUnknown\b|"
               r"\berror\W{0,3}999\b")
TDR_REFERENCE = "https://learn.microsoft.com/en-us/windows-hardware/drivers/display/tdr-registry-keys"
LAUNCH_TIMEOUT_REFERENCE = "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"


def _display_watchdog(ctx: Context, seen: List[str]) -> Dict[str, str]:
    """What shows that a display watchdog stopped a kernel: the launch-timeout error, the device property that says
    the watchdog is on together with a failure, or (Windows) the display driver reset beside a CUDA error."""
    reset = ctx.observed([DISPLAY_RESET])
    told = {"display_reset": reset[0].strip()[:200]} if reset else {}
    timeout = ctx.observed(list(LAUNCH_TIMEOUT))
    if timeout:
        return {"observed": timeout[0].strip()[:200], **told}
    enabled = ctx.observed([TIMEOUT_ENABLED])
    if enabled and ctx.observed([r"\berror\b|\bfail\w*"]):
        return {"observed": enabled[0].strip()[:200], **told}
    return told


def _windows_watchdog(ctx: Context, evidence: Dict[str, str]) -> bool:
    """Windows' TDR, not X's watchdog: the report is from Windows or WSL (whose GPU is Windows'), or it tells of the
    display driver reset only Windows does."""
    if on_native_windows(ctx) or under_wsl(ctx):
        return True
    if ctx.observed([r"\b(?:ubuntu|fedora|debian|centos|linux|lightdm|gdm3?|xorg)\b"]):
        return False  # a Linux desktop named, and no Windows: X's watchdog
    return bool(evidence.get("display_reset"))


@rule("SYS031", "windows-tdr-kernel-timeout", "error",
      "Windows reset the display driver because a CUDA kernel ran longer than its timeout (TDR)",
      signatures=(*LAUNCH_TIMEOUT, DISPLAY_RESET), priority=20,
      references=(TDR_REFERENCE, LAUNCH_TIMEOUT_REFERENCE))
def windows_tdr_kernel_timeout(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On Windows (or WSL), a long computation fails with "CUDA error: the launch timed out and was
    terminated" or CUDA_ERROR_LAUNCH_TIMEOUT, or with "unknown error" (999) while the screen blanks
    and Windows reports "Display driver nvlddmkm stopped responding and has successfully
    recovered"; small inputs work, large ones fail.

    Why:
    A GPU in WDDM mode is also the display's, and Windows' Timeout Detection and Recovery resets
    its driver when one piece of GPU work runs longer than TdrDelay (2 seconds by default). The
    reset kills the kernel and the program's CUDA context with it.

    Fix:
    Raise TdrDelay (a DWORD of seconds in HKLM\\SYSTEM\\CurrentControlSet\\Control\\GraphicsDrivers,
    then restart), or split the work into shorter kernels (smaller batches, tiles); on a data-centre
    or workstation GPU that drives no display, switch it to TCC mode (nvidia-smi -g 0 -dm 1).

    When to ignore:
    Linux without WSL: there the watchdog is the X driver's (SYS032).
    """
    evidence = _display_watchdog(ctx, seen)
    if not evidence or not _windows_watchdog(ctx, evidence):
        return
    stopped = "observed" in evidence
    if not stopped and not ctx.observed([CUDA_FAILED]) and not on_native_windows(ctx):
        return
    yield Hit("a CUDA kernel ran longer than Windows' display timeout (TDR, 2 s by default), and Windows reset the "
              "display driver, ending the kernel", evidence=evidence, confirmed=stopped,
              fix=["reg add \"HKLM\\SYSTEM\\CurrentControlSet\\Control\\GraphicsDrivers\" /v TdrDelay /t REG_DWORD "
                   "/d 60 /f  # seconds; restart Windows afterwards",
                   "or split the work into shorter kernels (smaller batches, images or tiles)",
                   "or, on a GPU that drives no display (data-centre, workstation), switch it to TCC mode: "
                   "nvidia-smi -g 0 -dm 1"])


@rule("SYS032", "display-watchdog-kills-long-kernel", "error",
      "The GPU also runs the display, and its watchdog stopped a long CUDA kernel",
      signatures=(*LAUNCH_TIMEOUT, TIMEOUT_ENABLED), priority=20,
      references=(LAUNCH_TIMEOUT_REFERENCE,))
def display_watchdog_kills_long_kernel(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On Linux, a long kernel fails with "the launch timed out and was terminated"
    (cudaErrorLaunchTimeout, CUDA_ERROR_LAUNCH_TIMEOUT) on a GPU that also drives the desktop: the
    display freezes while it runs, and deviceQuery says "Run time limit on kernels: Yes".

    Why:
    On a GPU that an X screen runs on, the NVIDIA X driver's watchdog stops GPU work that runs too
    long, so that the display stays usable; CUDA reports the kill as a launch timeout, an error that
    can occur only where kernel timeouts are enabled (kernelExecTimeoutEnabled).

    Fix:
    Run the computation on a GPU that drives no display, or without X on this GPU (stop the display
    manager, or start X on another GPU); or set Option "Interactive" "False" in the Device section
    of xorg.conf and restart X; or make the kernels shorter.

    When to ignore:
    Windows and WSL, where the watchdog is Windows' TDR (SYS031).
    """
    evidence = _display_watchdog(ctx, seen)
    if "observed" not in evidence or _windows_watchdog(ctx, evidence):
        return
    yield Hit("a CUDA kernel ran longer than the display watchdog allows on a GPU that also drives the display, and "
              "the driver stopped it", evidence=evidence,
              fix=["run it on a GPU that drives no display: CUDA_VISIBLE_DEVICES=<that GPU's index> <the program>",
                   "or free this GPU from X: sudo systemctl stop display-manager (or start X on another GPU)",
                   "or turn the watchdog off: Option \"Interactive\" \"False\" in the Device section of "
                   "/etc/X11/xorg.conf, then restart X",
                   "or make the kernels shorter (smaller batches or tiles)"])



# A compiler killed by the kernel, as each part of a build reports it: gcc's driver ("c++: fatal error: Killed signal
# terminated program cc1plus", older gcc "c++: internal compiler error: Killed (program cc1plus)"), nvcc's ("nvcc error
# : 'cicc' died due to signal 9 (Kill signal)", also for ptxas and cudafe++), and make's exit status 128 + SIGKILL for
# a target ("gmake[2]: *** [...cu.o] Error 137"). Each says by itself that a compile was killed.
COMPILER_KILLED = (r"Killed signal terminated program \w+", r"internal compiler error: Killed \(program \w+\)",
                   r"died due to signal 9\b", r"\] Error 137\b")
# What says a kill only beside a build: the shell's "Killed" line for its child, exit status 137 in other words
# ("failing ... with `Error 137` (SIGKILL/OOM)", BuildKit's "did not complete successfully: exit code: 137"), and
# Python's subprocess ("died with <Signals.SIGKILL: 9>"). A training process killed by the OOM killer prints the same.
KILLED_BESIDE_BUILD = (r"^\W{0,3}Killed\W{0,3}$", r"\bError 137\b|\bexit (?:code|status):? 137\b",
                       r"died with <Signals\.SIGKILL: 9>")
# A build under way: CMake's progress lines, nvcc and its object files, gcc's cc1plus, ninja, make's recursion, a
# Python extension or wheel being built, the parallelism knobs, compiling in words (not torch.compile).
BUILD_UNDER_WAY = (r"Building (?:CUDA|CXX|C) object|\.cu\.o\b|\bnvcc\b|\bcc1plus\b|\bninja\b|\bg?make\[\d+\]|"
                   r"building '[\w.]+' extension|Building wheel for|bdist_wheel|setup\.py (?:install|build|develop)|"
                   r"\bMAX_JOBS\b|(?<![.\w])compil(?:e|es|ed|ing|ation)\b(?!\(\))")
# The build's memory in words, when no kill line was pasted: "imposible compile it (a lot RAM)" (flash-attention#1581),
# "ran out of RAM", "the OOM killer".
BUILD_RAM_IN_WORDS = r"\b(?:a lot|lots|too much|all)(?: of)?(?: my| the)? RAM\b|\bran out of (?:RAM|host memory)\b|" \
                     r"\bOOM[- ]kill"


@rule("SYS033", "build-killed-out-of-host-memory", "error",
      "A build's compiler was killed for lack of host memory: too many parallel compile jobs for the RAM",
      signatures=COMPILER_KILLED + KILLED_BESIDE_BUILD, priority=12, scope="build",
      references=("https://github.com/Dao-AILab/flash-attention#installation-and-features",))
def build_killed_out_of_host_memory(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Building a CUDA extension or library from source (flash-attention, onnxruntime's CUDA provider,
    PyTorch, a pip install --no-build-isolation) stops after a while with "c++: fatal error: Killed
    signal terminated program cc1plus", "nvcc error   : 'cicc' died due to signal 9 (Kill signal)",
    a lone "Killed" after a "Building CUDA object" line, or "gmake[2]: *** [...] Error 137"; the same
    build may pass on a machine with more memory or fewer cores.

    Why:
    The kernel's OOM killer ended a compiler process (signal 9; 137 is 128 + 9): the host ran out of
    RAM and swap, not the GPU. Build tools start one compile job per CPU core, and one nvcc job on a
    heavily templated kernel (flash-attention, CUTLASS) can take several gigabytes, times nvcc's own
    --threads; flash-attention's README warns that with less than 96 GB of RAM and many cores ninja
    may exhaust memory. Jetson boards, WSL (half the host's memory by default), CI runners and Docker
    Desktop's VM hit it first.

    Fix:
    Limit the parallel jobs and retry: MAX_JOBS for PyTorch extensions and pip builds (MAX_JOBS=4
    pip install flash-attn --no-build-isolation), CMAKE_BUILD_PARALLEL_LEVEL or -j for CMake, make
    and ninja, NVCC_THREADS=1 where the project's setup.py reads it; add swap; on WSL raise memory in
    .wslconfig; dmesg shows "Out of memory: Killed process ... (cc1plus)".

    When to ignore:
    A kill the user sent (Ctrl-C, a CI step's timeout); a process killed while running, not compiling.
    """
    compiler = ctx.observed(COMPILER_KILLED)
    building = ctx.observed([BUILD_UNDER_WAY])
    if not compiler and not building:
        return
    if seen:
        killed = compiler or seen
    else:
        killed = ctx.observed([BUILD_RAM_IN_WORDS])
        if not killed:
            return
    fix = ["limit the parallel compile jobs and build again: MAX_JOBS=4 for PyTorch extensions and pip builds "
           "(MAX_JOBS=4 pip install <package> --no-build-isolation), CMAKE_BUILD_PARALLEL_LEVEL=4 or -j4 for CMake, "
           "make and ninja; fewer still with little RAM",
           "where the project's setup.py passes nvcc --threads (flash-attention and its kin read NVCC_THREADS): "
           "NVCC_THREADS=1",
           "or give the build more memory: add swap (sudo fallocate -l 16G /swapfile && sudo chmod 600 /swapfile && "
           "sudo mkswap /swapfile && sudo swapon /swapfile)"]
    if under_wsl(ctx):
        fix.append("under WSL: raise memory= (and swap=) in %UserProfile%\\.wslconfig, then wsl --shutdown")
    if ctx.jetson():
        fix.append("on a Jetson: replace zram with a swap file on NVMe, as jetson-containers' setup guide does (sudo "
                   "systemctl disable nvzramconfig, then the swap file above), and build with the desktop stopped")
    fix.append("sudo dmesg | grep -i 'killed process' shows the OOM killer's choice")
    yield Hit("a compiler process was killed during the build (signal 9): the host ran out of memory for the "
              "parallel compile jobs", evidence={"observed": killed[0].strip()[:200],
                                                 **({"building": building[0].strip()[:160]} if building else {})},
              confirmed=bool(seen), generic=not seen, fix=fix)

RULES = (shm_too_small, shm_not_writable, wsl_libcuda, cuda_visible_devices_invalid, wsl_gpu_not_supported,
         nccl_no_usable_network_interface, cuda_visible_devices_uuid_unsupported, cpu_missing_avx,
         gpu_not_requested_from_scheduler, slurm_built_without_nvml, wsl_libcuda_not_symlink,
         ldconfig_not_in_path, slurm_gres_conf_invalid, slurm_gpus_option_unsupported, nccl_wrong_socket_interface,
         slurm_gres_type_required, slurm_gpu_partition_account_required, msvc_runtime_missing,
         slurm_job_not_launched_with_srun, memlock_limit_too_low, glibc_too_old_for_binary, ucx_libnuma_missing,
         mpi_gpu_support_on_cpu_only_node, nvidia_vulkan_icd_dependency_missing, egl_vendor_not_nvidia,
         executor_gpus_not_isolated, library_needs_executable_stack, user_not_in_gpu_device_group,
         windows_pagefile_too_small_for_cuda_dlls, gui_app_lacks_shell_environment, windows_tdr_kernel_timeout,
         display_watchdog_kills_long_kernel, build_killed_out_of_host_memory)
