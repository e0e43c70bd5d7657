"""Container rules (CTR): GPUs inside containers need the NVIDIA Container Toolkit on the host,
and a runtime configured to use it."""

from __future__ import annotations

import re

from typing import Iterable, List, Optional, Tuple

from envcheck.matrix import version
from envcheck.rules import Context, Hit, first_match, rule
from envcheck import distro as _distro
from envcheck.rules.gpu import GPU_REQUEST, gpu_container, said_no_gpu
from envcheck.rules.system import NVML_PERMISSIONS, SELINUX_SIGNS, driver_libs_outside_ldcache

TOOLKIT_GUIDE = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"
# Docker names the capabilities the request listed, whatever they are: "[[gpu]]" for --gpus, "[[compute utility]]" for
# a compose reservation listing those (AbdBarho/stable-diffusion-webui-docker#743), "[[]]" for one listing none
# (bmaltais/kohya_ss#1647). Any of them means no device driver named nvidia is registered with the daemon.
SELECT_DRIVER = r'could not select device driver (?:"(?:nvidia)?" )?with capabilities: \[\[[\w ,]*\]\]'
# The toolkit's package installed, in apt's words ("Setting up nvidia-container-toolkit (1.10.0-1) ...",
# "nvidia-container-toolkit is already the newest version") or the person's ("I did run `apt-get install
# nvidia-container-toolkit`", "I have already installed `nvidia-container-toolkit`"). Installing it does not
# register the runtime with Docker.
# The toolkit's own CLIs answering --version ("NVIDIA Container Toolkit CLI version 1.13.5" from nvidia-ctk,
# "NVIDIA Container Runtime version 1.17.6" from nvidia-container-runtime) prove it installed as well as apt does.
TOOLKIT_INSTALLED = (r"NVIDIA Container (?:Toolkit CLI|Runtime) version \d", r"Setting up nvidia-container-toolkit\b",
                     r"nvidia-container-toolkit is already the newest version",
                     r"\bI(?:'ve| have| had)?\s+(?:already\s+)?(?:installed|(?:did\s+)?(?:run|ran)\s+\W?(?:sudo\s+)?"
                     r"(?:apt(?:-get)?|dnf|yum|zypper|pacman)\s+(?:-\S+\s+)*install)\b[^.\n]{0,40}?nvidia-container-toolkit")
# What nvidia/cuda and NGC images print at start when the container sees no driver.
# The same entrypoint's driver check with no driver to read a version from: "This container was built for NVIDIA
# Driver Release 515.48 or later, but version  was detected" (the version left empty).
NO_DRIVER_BANNER = (r"The NVIDIA Driver was not detected\.?\s+GPU functionality will not be available|"
                    r"NVIDIA Driver Release \d+\.\d+\S* or later,?\s*but\s+version\s+was detected")
# A pasted `docker run` (or podman run) and the ways it can ask for GPUs: at a line's start, after a prompt ("$ ",
# ">>>sudo docker run" as robosat's user typed it), or quoted in a sentence (`docker run ...`, "started new easynmt
# instance with "docker run -d ... easynmt/api:2.0-cuda11.1"").
# Singularity and Apptainer start every container anew with run, exec or shell, and give it the GPUs only with --nv
# (or --nvccli).
RUN_COMMAND = re.compile(r"(?:^|[`\"]|\$\s|^>>>\s*)(?:sudo\s+)?(?:(?:docker|podman)\s+(?:container\s+)?run|"
                         r"(?P<singularity>singularity|apptainer)\s+(?P<verb>run|exec|shell))\b(?P<args>[^`]*)")
# The program in the container says it sees no GPU (IPython's "Out[2]: False" after is_available()).
# The user's words count too: "torch.cuda.is_available() is False", "... and it returned False" (EasyNMT's user).
CUDA_SEES_NO_GPU = (r"is_ava\w{2,6}\(\)\W{0,4}(?:and it )?(?:->|returns?|returned|is|was|:|=)?\W{0,4}False",
                    r"^Out\[\d+\]:\s*False$", r"no CUDA-capable device is detected",
                    r"Found no NVIDIA driver on your system",
                    r"No CUDA GPUs are available")
SMI_NOT_FOUND = r"nvidia-smi\W{0,5}(?:but\s+)?(?:command\s+)?not found"
# Without the driver's libcuda in the container, the CUDA runtime's first call fails with cudaErrorInsufficientDriver:
# "CUDA driver version is insufficient for CUDA runtime version" (FasterTransformer's gpt_gemm in a container started
# without --gpus); only beside a pasted `docker run` that asks for no GPU is this the container, not the driver.
NO_LIBCUDA_RUNTIME_SAYS = r"CUDA driver version is insufficient for CUDA runtime version"
# A program's own words for finding no GPU ("❌ No GPUs detected", ChatTTS's "No GPU found, use CPU instead"): any
# cause's, so read only beside a container started without GPUs.
NO_GPU_FOUND_SAID = r"\bNo (?:NVIDIA |CUDA )?GPUs? (?:were )?(?:detected|found|available)\b"
PROGRAM_SEES_NO_GPU = (*CUDA_SEES_NO_GPU, SMI_NOT_FOUND, NO_GPU_FOUND_SAID)
# Bounded by ASCII word characters, not \b: in Chinese or Japanese prose ("docker部署时", "docker容器") the word
# touches characters that \b counts as part of it.
CONTAINER_WORDS = (r"(?<![A-Za-z0-9_])(docker|podman|containerd|kubernetes|kubectl|kubelet|k8s|pods?|containers?|"
                   r"singularity|apptainer)"
                   r"(?![A-Za-z0-9_])",)
# NVML's library itself is missing (not NVML failing): in a container, no runtime mounted the driver.
NO_NVML_LIBRARY = r"could not load NVML library|couldn't find libnvidia-ml\.so library in your system"
# The driver's libcuda is not in the container: the runtime that mounts it from the host was not asked to.
LIBCUDA_MISSING = (r"libcuda\.so\.1: cannot open shared object file|Could not load dynamic library 'libcuda\.so\.1'|"
                   # FFmpeg's and mpv's NVENC/NVDEC loaders (ffnvcodec's dynlink): "Cannot load libcuda.so.1"
                   r"unable to find libcuda\.so\.1|Cannot load libcuda\.so\.1")
# On JetPack 4 (L4T r32) the l4t images hold empty placeholders for CUDA, cuDNN and TensorRT; the NVIDIA runtime mounts
# the host's files over them, as the host's CSV lists in /etc/nvidia-container-runtime/host-files-for-container.d name.
# Unmounted, the loader reads an empty file: "libnvinfer.so.7: file too short".
L4T_PLACEHOLDER = r"error while loading shared libraries: \S*/usr/lib/aarch64-linux-gnu/([\w.+-]+?):? file too short"
L4T_MOUNT_PLUGINS = "https://github.com/NVIDIA/libnvidia-container/blob/jetson/design/mount_plugins.md"
# The driver's own libraries as empty files anywhere else: the NVIDIA runtime mounts the host's libcuda.so.1 and
# libnvidia-ml.so.1 at these paths, and an image built or committed while it ran (Docker's default runtime set to nvidia)
# keeps the empty mount points. Started without GPU access, the loader finds them: Milvus's GPU image
# (milvus-io/milvus#1094, "error while loading shared libraries: /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file too
# short"), TensorFlow in a pod ("dlerror: /usr/lib/x86_64-linux-gnu/libcuda.so.1: file too short"), an Argo job
# ("error while loading shared libraries: /usr/lib/x86_64-linux-gnu/libcuda.so.1: file too short").
DRIVER_PLACEHOLDER = r"(lib(?:cuda|nvidia-[a-z]+(?:-[a-z]+)*)\.so\.1):? file too short"
# WSL named by the user, not an issue form's field left unanswered ("- WSL version (if applicable):").
WSL_WORD = r"\bWSL2?\b(?![^:]*:\s*$)"


@rule("CTR001", "container-no-gpu", "error", "This container was started without GPU access",
      signatures=(SELECT_DRIVER, NO_DRIVER_BANNER, LIBCUDA_MISSING, L4T_PLACEHOLDER, DRIVER_PLACEHOLDER), priority=10,
      references=(TOOLKIT_GUIDE, L4T_MOUNT_PLUGINS))
def container_no_gpu(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Inside a container: nvidia-smi not found or "No devices were found", no /dev/nvidia* devices,
    torch.cuda.is_available() is False; NVIDIA's images at start: "WARNING: The NVIDIA Driver was not
    detected. GPU functionality will not be available."; a GPU program in the container: "error while
    loading shared libraries: libcuda.so.1: cannot open shared object file", or the driver's library
    found empty: "error while loading shared libraries: /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1:
    file too short"; Docker Desktop: `could
    not select device driver "" with capabilities: [[gpu]]`; a Jetson (JetPack 4) container: "error
    while loading shared libraries: /usr/lib/aarch64-linux-gnu/libnvinfer.so.7: file too short".

    Why:
    A container sees GPUs only when the runtime injects them: `docker run --gpus all` (or
    `--runtime=nvidia`, or a CDI device) with the NVIDIA Container Toolkit on the host; in
    Kubernetes, a `nvidia.com/gpu` resource request. On JetPack 4 the runtime also mounts the host's
    CUDA, cuDNN and TensorRT over empty placeholder files in the l4t images; without it the
    placeholders stay empty. An image built or committed while Docker's default runtime was nvidia
    keeps empty files where the runtime had mounted the driver's libcuda.so.1 and libnvidia-ml.so.1.

    Fix:
    Start the container with `--gpus all` (Docker), `--device nvidia.com/gpu=all` (Podman/CDI) or
    request `nvidia.com/gpu` in the pod spec; on Docker Desktop enable the WSL2 GPU support.

    When to ignore:
    Containers that are meant to run on the CPU.
    """
    f = ctx.facts
    placeholder = first_match(re.compile(L4T_PLACEHOLDER, re.I), seen)
    if placeholder and not ctx.observed([r"--runtime[= ]nvidia", r"\brun\.sh\b", r"default-runtime\W+nvidia"]):
        library = placeholder.group(1)
        yield Hit(f"{library} in the image is an empty placeholder: on JetPack 4 (L4T r32) the NVIDIA runtime mounts the "
                  "host's CUDA, cuDNN and TensorRT libraries over it, and this container was not started with it",
                  evidence={"observed": placeholder.group(0)}, fix=[
                      "docker run --runtime nvidia ...  # or \"default-runtime\": \"nvidia\" in /etc/docker/daemon.json, "
                      "which docker build needs too",
                      f"ls -l /usr/lib/aarch64-linux-gnu/{library}  # on the host: the file the runtime mounts must be "
                      "there (installed with JetPack)",
                      "ls /etc/nvidia-container-runtime/host-files-for-container.d/  # the lists of host files it mounts"])
        return
    empty_driver_library = first_match(re.compile(DRIVER_PLACEHOLDER, re.I), seen)
    if empty_driver_library and not ctx.jetson():
        yield _empty_driver_library(empty_driver_library, runs_with_gpus(ctx.observations))
        return
    libcuda_missing = [line for line in seen if re.search(LIBCUDA_MISSING, line, re.I)]
    seen = [line for line in seen if line not in libcuda_missing]  # the runtime's own words, for the branches below
    meant_for_gpu = ctx.has_nvidia_gpu() or gpu_container(ctx)
    if f.container.inside and meant_for_gpu and not f.driver.device_nodes and not f.gpus.devices:
        yield Hit(f"inside a {f.container.runtime or 'container'} with no /dev/nvidia* devices and no GPU visible",
                  evidence={"container.runtime": f.container.runtime, "driver.device_nodes": [],
                            "env.NVIDIA_VISIBLE_DEVICES": f.env.variables.get("NVIDIA_VISIBLE_DEVICES")},
                  fix=["docker run --gpus all ...  # Docker", "podman run --device nvidia.com/gpu=all ...  # CDI",
                       "resources: {limits: {nvidia.com/gpu: 1}}  # Kubernetes"])
    elif (seen and ctx.observed([NO_DRIVER_BANNER])) or (runs_without_gpus(ctx.observations)
                                                         and ctx.observed(PROGRAM_SEES_NO_GPU + (NO_LIBCUDA_RUNTIME_SAYS,))):
        bare = runs_without_gpus(ctx.observations)
        yield Hit("the container started without GPU access: the image found no NVIDIA driver inside it"
                  + (f"; the command asks for no GPU: {bare[0]}" if bare else ""),
                  evidence={"commands": bare[:3]} if bare else {},
                  fix=[_singularity_fix(bare) or "docker run --gpus all ...  # needs the NVIDIA Container Toolkit on the "
                       "host",
                       "nvidia-smi  # on the host first: the driver must work there"])
    elif _libcuda_missing_in_container(ctx, libcuda_missing):
        bare = runs_without_gpus(ctx.observations)
        yield Hit("the container has no libcuda.so.1: the driver's libraries are mounted from the host only into a "
                  "container started with GPU access" + (f"; the command asks for no GPU: {bare[0]}" if bare else ""),
                  evidence={"observed": libcuda_missing[:1],
                            **({"commands": bare[:3]} if bare else {})},
                  fix=[_singularity_fix(bare) or "docker run --gpus all ...  # or --runtime=nvidia; needs the NVIDIA "
                       "Container Toolkit on the host", "do not copy libcuda into the image: it must match the host's "
                       "driver"])
    elif seen and (f.docker.nvidia_runtime or any(t.name == "nvidia-ctk" for t in f.docker.toolkit)
                   or f.system.wsl or ctx.observed([r"Docker Desktop", WSL_WORD])):
        yield Hit("Docker could not hand a GPU to the container although the NVIDIA runtime is set up",
                  fix=["docker info | grep -i runtime", "Docker Desktop: Settings > Resources > WSL integration",
                       "nvidia-smi  # on the host: the driver must work first"])


def _empty_driver_library(found: "re.Match", asked_for_gpus: List[str]) -> Hit:
    """The driver's library read as an empty file. Asked for GPUs, the runtime mounted the host's copy elsewhere (a RHEL
    host's /usr/lib64, which an Ubuntu image does not search); else nothing was mounted over the empty file."""
    library = found.group(1)
    if asked_for_gpus:
        return Hit(f"{library} in the image is an empty file, and the loader found it before the host driver's copy that "
                   "the NVIDIA runtime mounted for this container elsewhere",
                   evidence={"observed": found.group(0), "commands": asked_for_gpus[:3]}, fix=[
                       f"ldconfig -p | grep {library}  # inside the container: every copy the loader knows",
                       "export LD_LIBRARY_PATH=/usr/lib64:$LD_LIBRARY_PATH  # where a RHEL host's runtime mounts it",
                       f"rebuild the image without the empty {library}: build with Docker's default runtime runc"])
    return Hit(f"{library} in the image is an empty file: the NVIDIA runtime mounts the host driver's library over it "
               "only in a container started with GPU access, and this one was started without it",
               evidence={"observed": found.group(0)}, fix=[
                   "docker run --gpus all ...  # or --runtime=nvidia; needs the NVIDIA Container Toolkit on the host",
                   "resources: {limits: {nvidia.com/gpu: 1}}  # Kubernetes",
                   f"rebuild the image without the empty {library}: an image built or committed with Docker's default "
                   "runtime set to nvidia keeps the runtime's mount points"])


def _singularity_fix(commands: List[str]) -> str:
    """The command again with --nv, when the one that asked for no GPU is Singularity's or Apptainer's."""
    found = next((m for m in (RUN_COMMAND.search(c) for c in commands) if m and m.group("singularity")), None)
    if not found:
        return ""
    return (f"{found.group('singularity')} {found.group('verb')} --nv ...  # binds the host's driver libraries and "
            "/dev/nvidia* into it")


# Docker names a container's host after the first 12 hex digits of its id, and programs report the host they ran on:
# ONNX Runtime's CUDA errors ("CUDA failure 804: ... ; GPU=22179 ; hostname=9407c20fa6b6 ;"), TensorFlow's CUDA
# diagnostics ("cuda_diagnostics.cc:165] hostname: 939b58c94187"). (A shell prompt's "root@2705d68d0852:/#" says the
# same, but prompts are taken off pasted lines before the rules read them.)
CONTAINER_HOSTNAME = (r"(?-i:\bhostname[=:]\s*(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{12}\b)",
                      # a Dockerfile's base image line: what failed ran in that image
                      r"(?-i:^\s*FROM\s+(?:--platform=\S+\s+)?[\w.-]+(?:/[\w.-]+)*(?::[\w.-]+)?(?:@sha256:\w+)?"
                      r"(?:\s+(?:AS|as)\s+[\w-]+)?\s*$)")


def in_container(ctx: Context) -> bool:
    """What ran, ran in a container: the facts say so, the paste speaks of one, or its host name is a container's."""
    return ctx.facts.container.inside or bool(ctx.observed(CONTAINER_WORDS + CONTAINER_HOSTNAME))


def _libcuda_missing_in_container(ctx, seen: List[str]) -> bool:
    """libcuda.so.1 missing where a container (not WSL, not a Jetson's own runtime setup) is the place it ran, and
    not only in a session the container's own SSH server started (CTR025)."""
    if not any(re.search(LIBCUDA_MISSING, line, re.I) for line in seen) \
            or ctx.shared("build_without_the_runtime", _build_without_the_runtime) \
            or ctx.shared("remote_session_in_container", _remote_session_in_container):
        return False
    if ctx.facts.system.wsl or ctx.jetson() or ctx.observed([WSL_WORD]):
        return False
    if said_no_gpu(ctx):
        return False  # the cluster has no GPU to give the container, as its owner says (GPU001)
    return in_container(ctx)


def runs_without_gpus(lines: List[str]) -> List[str]:
    """Pasted `docker run` / `podman run` commands that request no GPU (`nvidia-docker run` does)."""
    return _runs(lines, asking_for_gpus=False)


def runs_with_gpus(lines: List[str]) -> List[str]:
    """Pasted `docker run` / `podman run` commands that ask for GPUs."""
    return _runs(lines, asking_for_gpus=True)


# The engines RUN_COMMAND names, as plain words: a line without any of them is passed over without the regex, which
# tries its openings (a quote, a prompt, a line's start) at every position of every line of a long paste.
RUN_ENGINES = ("docker", "podman", "singularity", "apptainer")


def _runs(lines: List[str], asking_for_gpus: bool) -> List[str]:
    found = []
    for line in lines:
        if not any(engine in line for engine in RUN_ENGINES):
            continue
        match = RUN_COMMAND.search(line.strip())
        if match and bool(GPU_REQUEST.search(match.group("args"))) == asking_for_gpus:
            found.append(line.strip())
    return found


# Docker asked for a runtime named nvidia that its daemon does not have: "unknown or invalid runtime name: nvidia"
# (Docker 17.x and later), "Unknown runtime specified nvidia" (the daemon's words before that, still quoted by
# docker-compose 1 and SDKs that start containers: "Cannot create container for service ...: Unknown runtime specified
# nvidia").
UNKNOWN_RUNTIME = r"unknown or invalid runtime name: nvidia|Unknown runtime specified:? nvidia"
# Where the engine gives GPUs by device request alone (Docker Desktop; any Docker with the toolkit's hook or CDI).
GPUS_WITHOUT_RUNTIME_NAME = ("drop --runtime=nvidia (Compose: `runtime: nvidia`) and ask for GPUs with --gpus all "
                             "(Compose: deploy.resources.reservations.devices with driver: nvidia, "
                             "capabilities: [gpu])")
# Docker Desktop runs its own engine (a VM on Windows and macOS, also on Linux), configured in its Settings > Docker
# Engine, not by /etc/docker/daemon.json; it gives GPUs to `--gpus all` and Compose's device reservations without any
# nvidia runtime, so `--runtime=nvidia` or Compose's `runtime: nvidia` name a runtime it does not have.
DOCKER_DESKTOP = r"\bDocker[ -]Desktop\b"
DOCKER_DESKTOP_GPU = "https://docs.docker.com/desktop/features/gpu/"

# Docker starting a container with the runtime its daemon.json names "nvidia" when that runtime's program is not there
# (nvidia-docker 1.x never installed it; a toolkit removed or half installed): "fork/exec
# /usr/bin/nvidia-container-runtime: no such file or directory" (NVIDIA/nvidia-docker#686, #1121, osrf/subt#190), or
# 'exec: "nvidia-container-runtime": executable file not found in $PATH' (NVIDIA/nvidia-docker#1190).
RUNTIME_PROGRAM_MISSING = (r"fork/exec \S*nvidia-container-runtime: no such file or directory",
                           r"exec: \W?nvidia-container-runtime\W?: executable file not found")
# nvidia-docker 1.x named by its version: a plugin and wrapper that came before the nvidia runtime.
NVIDIA_DOCKER_1 = re.compile(r"nvidia[- ]docker\W{0,3}(?:version\W{0,3})?v?1\.\d+\.\d+", re.I)

# enroot's GPU hook (hooks.d/98-nvidia.sh, run by enroot and by Slurm's pyxis) when the node lacks the CLI of
# libnvidia-container: "[ERROR] Command not found: nvidia-container-cli, see https://github.com/NVIDIA/libnvidia-container".
ENROOT_NO_CLI = r"Command not found:\s*nvidia-container-cli"


@rule("CTR002", "container-toolkit-missing", "error", "The NVIDIA Container Toolkit is not installed",
      signatures=(SELECT_DRIVER, UNKNOWN_RUNTIME, r"nvidia-container-cli: not found",
                  # the CLI (libnvidia-container-tools) missing: the toolkit's hook panics "couldn't find binary
                  # nvidia-container-cli in /usr/local/sbin:...", nerdctl says 'exec: "nvidia-container-cli":
                  # executable file not found in $PATH', users "can't find nvidia-container-cli"
                  r"nvidia-container-cli\W{0,3}(?:the )?(?:executable |binary )?(?:file )?(?:is |does )?(?:not found|not exists?|missing)",
                  r"(?:can'?t|cannot|couldn'?t|could not|unable to) find (?:the )?(?:binary )?\W?nvidia-container-cli",
                  r"exec: \"nvidia-container-runtime-hook\": executable file not found",
                  ENROOT_NO_CLI, *RUNTIME_PROGRAM_MISSING),
      priority=12, references=(TOOLKIT_GUIDE,), scope="containers")
def container_toolkit_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `docker: Error response from daemon: could not select device driver "" with capabilities:
    [[gpu]]`; "unknown or invalid runtime name: nvidia"; enroot and pyxis on a Slurm node: "[ERROR]
    Command not found: nvidia-container-cli, see https://github.com/NVIDIA/libnvidia-container".
    The runtime registered in daemon.json but its program gone (nvidia-docker 1.x never had it):
    "fork/exec /usr/bin/nvidia-container-runtime: no such file or directory".

    Why:
    `--gpus` and `--runtime=nvidia` are served by the NVIDIA Container Toolkit on the host; without
    it Docker has no driver that can provide GPUs.

    Fix:
    Install nvidia-container-toolkit, register it with Docker (`nvidia-ctk runtime configure`),
    restart Docker.

    When to ignore:
    Hosts that never run GPU containers.
    """
    f = ctx.facts
    tools = [t.name for t in f.docker.toolkit]
    enroot = [line for line in seen if re.search(ENROOT_NO_CLI, line, re.I)]
    if enroot:
        yield Hit("enroot's NVIDIA hook (98-nvidia.sh) needs nvidia-container-cli, which is not installed on this node: "
                  "containers that ask for GPUs fail to start, and the others get no GPU",
                  evidence={"observed": enroot[0].strip()[:200]}, confirmed=True,
                  fix=_distro.install_container_toolkit(ctx.distro) +
                  ["# on every GPU node that runs enroot or pyxis (libnvidia-container-tools brings the CLI)",
                   "command -v nvidia-container-cli && nvidia-container-cli info"])
        return
    program = [line for line in seen if any(re.search(p, line, re.I) for p in RUNTIME_PROGRAM_MISSING)]
    if program:
        plugin = first_match(NVIDIA_DOCKER_1, ctx.observations)
        yield Hit("Docker's configuration names the nvidia runtime, but its program, nvidia-container-runtime, is not "
                  "installed" + (f" ({plugin.group(0)} is the plugin that came before it and has none)"
                                 if plugin else ""),
                  evidence={"observed": program[0].strip()[:200], **({"installed": plugin.group(0)} if plugin else {})},
                  confirmed=True,
                  fix=_distro.install_container_toolkit(ctx.distro) +
                  ["# it brings nvidia-container-runtime; nvidia-docker 1.x (a plugin) goes first: remove its package",
                   "grep -A3 runtimes /etc/docker/daemon.json  # the path named there must exist",
                   "sudo systemctl restart docker"])
        return
    if f.docker.status == "ok" and ctx.has_nvidia_gpu() and not tools and not f.docker.nvidia_runtime:
        yield Hit("Docker is running on a GPU host without the NVIDIA Container Toolkit",
                  evidence={"docker.runtimes": f.docker.runtimes, "docker.toolkit": tools},
                  fix=_distro.install_container_toolkit(ctx.distro))
    elif seen and not tools and not ctx.observed([r'"runtimes":|Runtimes:', *TOOLKIT_INSTALLED, DOCKER_DESKTOP]) \
            and not f.system.wsl:
        yield Hit("Docker has no NVIDIA runtime to give GPUs to containers: the toolkit is not installed",
                  fix=_distro.install_container_toolkit(ctx.distro))


# k3s and RKE2 register the nvidia runtime in their containerd only as an extra runtime (a RuntimeClass), not as the
# default (k3s-io/k3s#9702: the --default-runtime option changes that), so a pod that does not name it runs under runc.
K3S = r"\b(?:k3s|rke2|k3d|k0s|microk8s)\b"
K3S_DEFAULT_RUNTIME = "https://github.com/k3s-io/k3s/issues/9702"

# Kubernetes' device plugin, started by the node's default runtime: it says so ("If this is a GPU node,
# did you set the docker default runtime to `nvidia`?"), or its pod keeps crashing.
DEVICE_PLUGIN_WITHOUT_DRIVER = (r"did you set the (?:docker|container runtime'?s?) default runtime to",
                                r"nvidia-device-plugin\S*\s+0/1\s+(?:CrashLoopBackOff|Error)")


# The driver's user-space missing where a program looked for it: no nvidia-smi, PyTorch's "Found no NVIDIA driver".
USERSPACE_DRIVER_MISSING = (SMI_NOT_FOUND, r"Found no NVIDIA driver on your system")


# A pod (runtimeClassName: nvidia) asking containerd or CRI-O for a runtime handler the node's configuration lacks:
# "failed to get sandbox runtime: no runtime for "nvidia" is configured".
NO_RUNTIME_HANDLER = r"no runtime for \W?nvidia[\w-]*\W? is configured"
K3S_NVIDIA_RUNTIME = "https://docs.k3s.io/advanced#nvidia-container-runtime-support"
# Nomad's docker driver, for a task given NVIDIA devices, asks Docker for the runtime its nvidia_runtime option names
# (default "nvidia") and refuses when Docker's runtimes lack it (hashicorp/nomad drivers/docker/driver.go:
# 'requested docker runtime %q was not found'). A CDI-only toolkit setup registers no such runtime.
NOMAD_GPU_RUNTIME = re.compile(r"requested docker runtime \W?([\w-]+)\W? was not found")
NIXOS_CDI_ONLY = "https://github.com/NixOS/nixpkgs/issues/322400"
# Tools that check the engine's default runtime before they build or start GPU containers, and say it is not nvidia:
# Isaac ROS's run_dev.sh ("Default docker runtime is not nvidia!, please make sure the following line is present in
# /etc/docker/daemon.json"; NVIDIA-ISAAC-ROS/isaac_ros_common, a Jetson Orin Nano in its PR #64), preflight scripts
# stored on GitHub ("Docker default runtime is not nvidia", "containerd default runtime is not nvidia.").
DEFAULT_RUNTIME_NOT_NVIDIA = r"\bdefault (?:docker |containerd )?runtime is not \W?nvidia\b"


@rule("CTR003", "container-runtime-not-configured", "error",
      "The toolkit is installed but the container engine (Docker, containerd) does not use it",
      signatures=(UNKNOWN_RUNTIME, NO_RUNTIME_HANDLER, NO_NVML_LIBRARY, *DEVICE_PLUGIN_WITHOUT_DRIVER,
                  *USERSPACE_DRIVER_MISSING, SELECT_DRIVER, NOMAD_GPU_RUNTIME.pattern, DEFAULT_RUNTIME_NOT_NVIDIA),
      priority=11,
      references=(TOOLKIT_GUIDE,), scope="containers")
def container_runtime_not_configured(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "docker: Error response from daemon: unknown or invalid runtime name: nvidia" or `could not
    select device driver "" with capabilities: [[gpu]]` although nvidia-container-toolkit is
    installed ("nvidia-container-toolkit is already the newest version"); `docker info` lists only
    runc. A pod that asks for the nvidia RuntimeClass on a node whose containerd has no such handler:
    "Failed to create pod sandbox: ... no runtime for "nvidia" is configured". In a Kubernetes GPU pod
    (the device plugin) or a container: "Failed to start nvml with error: could not load NVML
    library", "NVIDIA-SMI couldn't find libnvidia-ml.so library in your system", or the device
    plugin's pod in CrashLoopBackOff ("did you set the docker default runtime to `nvidia`?"): the
    container was started by runc, not the nvidia runtime, so the driver libraries were never
    mounted. Kubernetes starts pods with the node's default runtime, so a `docker run
    --runtime=nvidia` that works by hand proves nothing for them. On k3s, RKE2, k0s or MicroK8s,
    whose containerd lists nvidia only as an extra runtime, a pod without `runtimeClassName:
    nvidia` finds no GPU ("torch.cuda.is_available() returns False", "nvidia-smi: command not
    found"). A pod whose /proc/driver/nvidia/version shows the host's kernel module ("NVRM
    version: NVIDIA UNIX x86_64 Kernel Module 535.129.03") while "nvidia-smi: command not found" is
    in the same state: /proc is the host's, the driver's user-space was never mounted. The same
    holds for `docker build`,
    which has no --runtime or --gpus option: a build step that loads libcuda (on a Jetson with
    JetPack 4, any CUDA library: "libcurand.so.10: cannot open shared object file", or the library
    as an empty file: "libcublas.so: file not recognized: File truncated") needs nvidia as the
    default runtime. Nomad's docker driver asks for the runtime by name for every GPU task:
    "requested docker runtime "nvidia" was not found" where the toolkit was set up for CDI only.
    Tools that check the default first: "Default docker runtime is not nvidia!, please make sure the
    following line is present in /etc/docker/daemon.json" (Isaac ROS's run_dev.sh).

    Why:
    Installing the toolkit does not change Docker's configuration: the nvidia runtime must be
    added to /etc/docker/daemon.json (`nvidia-ctk runtime configure`) and Docker restarted.
    Editing daemon.json without a restart has no effect either.

    Docker before 25 gives `--gpus` to containers through the toolkit's prestart hook
    (nvidia-container-runtime-hook on PATH) without any registered runtime, so there a missing
    nvidia runtime only matters for `--runtime=nvidia`.

    Fix:
    `sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker`; for
    containerd `--runtime=containerd` and restart containerd. k3s and RKE2 add the nvidia runtime
    themselves when they find the toolkit at start, so restart them after installing it; MicroK8s
    runs its own containerd, which its gpu addon configures.

    When to ignore:
    Setups that use CDI (`--device nvidia.com/gpu=all`) instead of the nvidia runtime, and Docker
    before 25 with the prestart hook installed when you start containers with `--gpus`.
    """
    if seen and ctx.shared("remote_session_in_container", _remote_session_in_container):
        return  # the container got the driver; a session its own SSH server started did not inherit where (CTR025)
    f = ctx.facts
    tools = [t.name for t in f.docker.toolkit]
    configured_in_file = bool(ctx.observed([r'"runtimes":', r'"nvidia-container-runtime"']))
    select_driver = [line for line in seen if re.search(SELECT_DRIVER, line, re.I)]
    if f.docker.status == "ok" and tools and not f.docker.nvidia_runtime and not f.docker.cdi_spec_dirs \
            and not _prestart_hook_serves_gpus(f.docker):
        yield Hit("nvidia-container-toolkit is installed but Docker has no nvidia runtime",
                  evidence={"docker.runtimes": f.docker.runtimes, "docker.toolkit": tools},
                  fix=_distro.configure_docker_runtime())
    elif ctx.shared("build_without_the_runtime", _build_without_the_runtime):
        missing = ctx.shared("build_without_the_runtime", _build_without_the_runtime)
        jetson = ctx.jetson()
        yield Hit("a `docker build` step could not load a library that the nvidia runtime mounts from the host: build "
                  "steps run with Docker's default runtime, which is not nvidia" + (" (on this Jetson the CUDA "
                                                                                      "libraries come from the host)" if jetson else ""),
                  evidence={"observed": missing[:2], **({"jetson": jetson} if jetson else {})}, confirmed=True,
                  references=[JETSON_DEFAULT_RUNTIME] if jetson else [],
                  fix=['set "default-runtime": "nvidia" in /etc/docker/daemon.json (beside its "runtimes" entry)',
                       "sudo systemctl restart docker && docker info | grep -i 'default runtime'",
                       "build again"])
    elif said_default := [line for line in seen if re.search(DEFAULT_RUNTIME_NOT_NVIDIA, line, re.I)]:
        engine = "containerd" if "containerd" in said_default[0].lower() else "docker"
        yield Hit(f"{engine.capitalize()}'s default runtime is not nvidia, and the tool checked for it: what it builds "
                  "or starts without naming a runtime runs under runc, without the GPU or the driver's libraries",
                  evidence={"observed": said_default[0].strip()[:200]}, confirmed=True,
                  references=[JETSON_DEFAULT_RUNTIME],
                  fix=[f"sudo nvidia-ctk runtime configure --runtime={engine} --set-as-default  # nvidia as the "
                       "default runtime" + (' ("default-runtime": "nvidia" in /etc/docker/daemon.json)'
                                            if engine == "docker" else ""),
                       f"sudo systemctl restart {engine}" + (" && docker info | grep -i 'default runtime'  # Default "
                                                             "Runtime: nvidia" if engine == "docker" else "")])
    elif _cluster_distribution(ctx)[0] and ctx.observed(PROGRAM_SEES_NO_GPU) \
            and not ctx.observed(DEVICE_PLUGIN_WITHOUT_DRIVER):
        named, line = _cluster_distribution(ctx)
        k3s = named.lower() in ("k3s", "k3d", "rke2")
        yield Hit(f"on {named} the nvidia runtime is an extra runtime of the cluster's own containerd, not its default: "
                  "a pod that does not ask for it by runtimeClassName starts under runc and gets no GPU",
                  evidence={"observed": line.strip()[:200],
                            "no_gpu": ctx.observed(PROGRAM_SEES_NO_GPU)[0].strip()[:200]},
                  references=[K3S_DEFAULT_RUNTIME],
                  fix=["runtimeClassName: nvidia  # in the pod spec (spec.runtimeClassName), or in the template of "
                       "whatever creates the pods",
                       "or make it every pod's default: start k3s with --default-runtime nvidia (server and agents), "
                       "or set default_runtime_name = \"nvidia\" in /var/lib/rancher/k3s/agent/etc/containerd/"
                       "config.toml.tmpl, then restart k3s" if k3s else
                       f"or make it every pod's default: default_runtime_name = \"nvidia\" in {named}'s containerd "
                       "configuration, then restart it"])
    elif handler_missing := [line for line in seen if re.search(NO_RUNTIME_HANDLER, line, re.I)]:
        yield _no_runtime_handler(ctx, handler_missing[0])
    elif nomad := first_match(NOMAD_GPU_RUNTIME, seen):
        yield _nomad_without_the_runtime(ctx, nomad)
    elif select_driver and (installed := ctx.observed(TOOLKIT_INSTALLED)) and not f.system.wsl \
            and not ctx.observed([WSL_WORD]):
        yield Hit("nvidia-container-toolkit is installed, but Docker still has no driver for --gpus: installing the "
                  "package does not register the nvidia runtime with Docker, nor restart it",
                  evidence={"observed": select_driver[0].strip()[:200], "installed": installed[0].strip()[:200]},
                  confirmed=True,
                  fix=_distro.configure_docker_runtime() + ["docker info | grep -i runtime  # nvidia is listed"])
    elif seen and (missing_userspace := _kernel_without_userspace(ctx, seen)):
        yield Hit(f"inside the container the host's NVIDIA kernel module is visible ({f.driver.kernel_module_version}, "
                  "in /proc/driver/nvidia/version) but the driver's user-space is not: the container was started by "
                  "runc, not the nvidia runtime, which mounts nvidia-smi and libcuda from the host",
                  evidence={"driver.kernel_module_version": f.driver.kernel_module_version,
                            "observed": missing_userspace[0].strip()[:200]},
                  fix=["Kubernetes: runtimeClassName: nvidia in the pod spec (or in the template of whatever creates "
                       "the pods), or nvidia as the node's default runtime: sudo nvidia-ctk runtime configure "
                       "--runtime=containerd --set-as-default && sudo systemctl restart containerd",
                       "Docker: docker run --gpus all ... (or --runtime=nvidia)",
                       "ls /usr/bin/nvidia-smi /usr/lib/x86_64-linux-gnu/libcuda.so.1  # inside: both appear once the "
                       "runtime mounts them"])
    elif (unknown := [line for line in seen if re.search(UNKNOWN_RUNTIME, line, re.I)]) \
            and (desktop := ctx.observed([DOCKER_DESKTOP])):
        yield Hit("Docker Desktop's engine has no runtime named nvidia: it runs its own daemon, which does not read "
                  "/etc/docker/daemon.json (inside WSL or on the host), and it gives GPUs without one",
                  evidence={"observed": unknown[0].strip()[:200], "engine": desktop[0].strip()[:200]},
                  confirmed=True, references=[DOCKER_DESKTOP_GPU],
                  fix=["docker run --rm --gpus all ubuntu nvidia-smi  # Docker Desktop (WSL 2 backend) hands GPUs over "
                       "without --runtime=nvidia",
                       GPUS_WITHOUT_RUNTIME_NAME,
                       "or register the runtime in Docker Desktop > Settings > Docker Engine: "
                       '"runtimes": {"nvidia": {"path": "nvidia-container-runtime", "runtimeArgs": []}}, then Apply & '
                       "restart"])
    elif unknown and (wsl := ctx.observed([WSL_WORD]) or (["WSL"] if f.system.wsl else [])):
        yield Hit("the Docker engine this WSL setup talks to has no runtime named nvidia: Docker Desktop's WSL 2 "
                  "backend gives GPUs without one (--gpus all), and a dockerd inside WSL knows it only once the "
                  "NVIDIA Container Toolkit is registered with it",
                  evidence={"observed": unknown[0].strip()[:200], "wsl": wsl[0].strip()[:200]}, confirmed=True,
                  references=[DOCKER_DESKTOP_GPU],
                  fix=["docker run --rm --gpus all ubuntu nvidia-smi  # GPUs without the runtime name",
                       GPUS_WITHOUT_RUNTIME_NAME,
                       "# or, for a dockerd installed inside WSL, register the toolkit with it:",
                       *_distro.configure_docker_runtime()])
    elif seen and _started_without_the_runtime(ctx):
        yield Hit("inside a container, the NVIDIA driver libraries are missing: it was started by runc, not the "
                  "nvidia runtime (Kubernetes: the node's default runtime)",
                  fix=["docker info | grep -i runtime  # on the node",
                       "sudo nvidia-ctk runtime configure --runtime=docker --set-as-default && "
                       "sudo systemctl restart docker  # or --runtime=containerd",
                       "Kubernetes: a RuntimeClass 'nvidia' in the pod spec, or nvidia as the default runtime"])
    elif seen and (tools or configured_in_file or (f.docker.runtimes and not f.docker.nvidia_runtime)):
        yield Hit("Docker does not know the nvidia runtime although it is configured or installed",
                  evidence={"docker.runtimes": f.docker.runtimes}, confirmed=True,
                  fix=_distro.configure_docker_runtime() + ["docker info | grep -i runtime"])


def _cluster_distribution(ctx: Context) -> Tuple[str, str]:
    """The small Kubernetes distribution a paste names (k3s, RKE2, k3d, k0s, MicroK8s), as written, and its line;
    ("", "") when none is named. They run containerd themselves, which decides where the nvidia runtime is set."""
    lines = ctx.observed([K3S])
    return (re.search(K3S, lines[0], re.I).group(0), lines[0]) if lines else ("", "")


def _nomad_without_the_runtime(ctx: Context, said: "re.Match[str]") -> Hit:
    """Nomad's docker driver needs a Docker runtime by name for GPU tasks: `docker run --gpus` or CDI devices working
    by hand do not give it one. On NixOS, daemon.json comes from the system configuration, and the container toolkit
    module alone generates only a CDI specification."""
    name = said.group(1)
    nixos = bool(ctx.observed([r"\bnix(?:os|pkgs)\b"]))
    fix = (["on NixOS: virtualisation.docker.enableNvidia = true; (registers the nvidia runtime with Docker; "
            "hardware.nvidia-container-toolkit.enable alone writes only a CDI spec), then nixos-rebuild switch"]
           if nixos else _distro.configure_docker_runtime())
    return Hit(f"Nomad's docker driver asks Docker for the runtime \"{name}\" for GPU tasks, and Docker has no runtime "
               "of that name: the NVIDIA Container Toolkit is not registered as a Docker runtime (a CDI-only setup, "
               "or daemon.json without it)", evidence={"observed": said.string.strip()[:200]}, confirmed=True,
               references=[NIXOS_CDI_ONLY] if nixos else [],
               fix=fix + ["docker info | grep -i runtimes  # the runtime appears here",
                          f'or name a runtime Docker has: plugin "docker" {{ config {{ nvidia_runtime = "<name>" }} }} '
                          f"in the Nomad client's configuration (default \"nvidia\"; it is \"{name}\" now)"])


def _no_runtime_handler(ctx: Context, said: str) -> Hit:
    """A pod asked for the nvidia runtime handler and the node's containerd has none: its configuration was never
    given the toolkit's runtime. Which configuration that is depends on who runs containerd."""
    named = _cluster_distribution(ctx)[0].lower()
    if named == "microk8s":
        fix = ["microk8s disable gpu && microk8s enable gpu  # the addon configures MicroK8s' own containerd",
               "grep -A3 nvidia /var/snap/microk8s/current/args/containerd-template.toml"]
    elif named in ("k3s", "rke2", "k3d"):
        fix = ["which nvidia-container-runtime  # k3s/RKE2 add the nvidia runtime only if they find it at start",
               f"sudo systemctl restart {'rke2-server' if named == 'rke2' else 'k3s'}  # (agents: k3s-agent / "
               "rke2-agent), after installing the toolkit",
               "grep -A3 nvidia /var/lib/rancher/*/agent/etc/containerd/config.toml"]
    else:
        fix = ["sudo nvidia-ctk runtime configure --runtime=containerd && sudo systemctl restart containerd",
               "grep -A3 nvidia /etc/containerd/config.toml  # the runtimes.nvidia entry"]
    return Hit(f"a pod asked for the nvidia runtime, and the containerd {f'that {named} runs' if named else 'of the node'} "
               "has no runtime of that name: the NVIDIA Container Toolkit was never registered in its configuration",
               evidence={"observed": said.strip()[:200], **({"engine": named} if named else {})}, confirmed=True,
               references=[K3S_NVIDIA_RUNTIME] if named in ("k3s", "rke2", "k3d") else [], fix=fix)


# A `docker build` at work: the legacy builder's "Step 3/9 : RUN ..." and "The command '/bin/sh -c ...' returned a
# non-zero code", BuildKit's "#8 [4/7] RUN ..." and "failed to solve: process "/bin/sh -c ...", or the command.
DOCKER_BUILD = (r"The command '/bin/sh -c .*' returned a non-zero code", r"^Step \d+/\d+ : ",
                r"^#\d+ \[[\w -]*\d+/\d+\] RUN\b", r"failed to solve: process \W?/bin/sh -c", r"\bdocker (?:buildx )?build\b",
                r"\bbuild(?:ing)? (?:my|an?|the|our) (?:own )?(?:docker )?image\b")
# A library the nvidia runtime mounts from the host, missing: the driver's everywhere; on a Jetson with JetPack 4 also
# CUDA's, cuDNN's and TensorRT's, which its containers take from the host.
DRIVER_LIBRARY_MISSING = r"\blib(?:cuda|nvidia-\w+)\.so[.\d]*: cannot open shared object file"
# There, a build step may also find the library as the runtime left it, an empty file: the linker's "libcublas.so: file
# not recognized: File truncated", `file`'s "libcublas.so.10.2.2.89: empty".
CUDA_LIBRARY_MISSING = (r"\blib(?:cu\w+|nv\w+|cudnn\w*)\.so[.\d]*(?:: cannot open shared object file|"
                        r":?\s+file not recognized: File truncated|: empty$)")
JETSON_DEFAULT_RUNTIME = "https://github.com/dusty-nv/jetson-containers#docker-default-runtime"


def _build_without_the_runtime(ctx: Context) -> List[str]:
    """The lines of a `docker build` step that could not load a library the nvidia runtime would have mounted: a
    build's RUN steps get Docker's default runtime, and `docker build` has no --runtime or --gpus option."""
    if not ctx.observed(DOCKER_BUILD):
        return []
    return ctx.observed([CUDA_LIBRARY_MISSING if ctx.jetson() else DRIVER_LIBRARY_MISSING])


def _requested_driver_capabilities(ctx: Context) -> List[str]:
    """The NVIDIA driver capabilities a Docker GPU request lists (its other words, "gpu" and "nvidia", are Docker's);
    empty when no request lists any, which leaves NVIDIA_DRIVER_CAPABILITIES as the image sets it."""
    for line in ctx.observed([DEVICE_REQUEST_CAPABILITIES.pattern]):
        words = [w.lower() for w in re.findall(r"\w+", DEVICE_REQUEST_CAPABILITIES.search(line).group(1))]
        listed = [w for w in words if w in NVIDIA_DRIVER_CAPABILITIES]
        if listed:
            return listed
    return []


def _kernel_without_userspace(ctx: Context, seen: List[str]) -> List[str]:
    """The lines that say the driver's user-space is missing in a container whose /proc shows the host's loaded kernel
    module: /proc is shared with the host, /usr/bin/nvidia-smi and libcuda come only from the nvidia runtime. A
    `docker run` pasted without --gpus is container-no-gpu's to name."""
    driver = ctx.facts.driver
    if not (driver.kernel_module_version and driver.proc_version) or driver.userspace_version:
        return []
    if not in_container(ctx) or runs_without_gpus(ctx.observations) or ctx.facts.system.wsl or ctx.observed([WSL_WORD]):
        return []
    return [line for line in seen if any(re.search(p, line, re.I) for p in USERSPACE_DRIVER_MISSING)]


def _started_without_the_runtime(ctx: Context) -> bool:
    """A container or the device plugin lacks the driver libraries the nvidia runtime would have mounted.
    Not under WSL, whose NVML says "Not Supported" for other reasons, nor when Docker names the runtime
    as unknown (then it is not registered at all), nor when the toolkit's log shows it mounted them and
    could not run ldconfig (CTR014), nor when the report shows the host's own driver libraries outside the loader's
    cache (a host tool such as nvidia-docker's plugin failing to load NVML: DRV026)."""
    if ctx.observed([WSL_WORD, r"NVML: Not Supported", UNKNOWN_RUNTIME,
                     LDCONFIG_NOT_STARTED.pattern]):
        return False
    return bool(ctx.observed(DEVICE_PLUGIN_WITHOUT_DRIVER)) or (bool(ctx.observed([NO_NVML_LIBRARY])) and in_container(ctx)
                                                                and not ctx.shared("driver_libs_outside_ldcache",
                                                                                   driver_libs_outside_ldcache))


def _prestart_hook_serves_gpus(docker) -> bool:
    """Docker before 25 hands GPUs to `--gpus` containers through nvidia-container-runtime-hook."""
    hook = any(t.name == "nvidia-container-runtime-hook" for t in docker.toolkit)
    major = docker.server_version.split(".", 1)[0]
    return hook and major.isdigit() and int(major) < 25


@rule("CTR004", "container-cgroup-device-access-lost", "error",
      "A running container lost its access to the GPU devices",
      signatures=(r"Failed to initialize NVML: Unknown Error", r"open\(\"/dev/nvidia\w*\".*EPERM",
                  r"/dev/nvidia\w*: Operation not permitted"),
      priority=12, references=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/48",))
def container_cgroup_device_access_lost(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Inside a GPU container that worked when it started: "Failed to initialize NVML: Unknown Error"
    from nvidia-smi and torch, often minutes or days later; `strace` shows open("/dev/nvidiactl")
    failing with EPERM; the container's devices.list no longer allows the NVIDIA devices (only
    "c 195:* m"). nvidia-smi on the host still works.

    Why:
    The NVIDIA runtime hook allows the GPU device nodes in the container's devices cgroup when it
    starts. When the cgroups are written again from the container's own configuration (systemd
    `daemon-reload` with the systemd cgroup driver, kubelet's static CPU manager updating cpusets
    through Docker), those entries are lost, and every open of /dev/nvidia* is refused.

    Fix:
    Restart the container (or pod) to get access back. To stop it recurring, let the runtime pass
    the devices as device specs (the device plugin's `--pass-device-specs`, or CDI), or use the
    cgroupfs driver; newer NVIDIA Container Toolkit releases document a fix for the systemd case.

    When to ignore:
    When the same error appears on the host itself: then the driver, not the container, is at fault.
    """
    if seen and in_container(ctx) and not ctx.observed([r"version mismatch", r"Driver/library version"]):
        yield Hit("inside a container, NVML cannot open the GPU devices although they were set up at start: the "
                  "devices cgroup was rewritten without them",
                  fix=["nvidia-smi  # on the host: it works there",
                       "cat /sys/fs/cgroup/devices/devices.list  # in the container (cgroup v1): only 'c 195:* m' left",
                       "restart the container or pod; then run the device plugin with --pass-device-specs, use CDI, "
                       "or the cgroupfs cgroup driver"])


# Compose before 1.28.0 validates against a schema without GPU device reservations, in two wordings
# (docker/compose#8142): "Additional properties are not allowed ('devices' was unexpected)" and
# "'devices' properties is not allowed"; "docker-compose version 1.17.1, build unknown".
# Compose v1 refusing a GPU file: the `devices` reservation (1.28.0 and later), or the older `runtime: nvidia` key,
# which only file formats 2.3 and 2.4 accept ("Unsupported config option for services.sirf: 'runtime'").
COMPOSE_REJECTS_DEVICES = (r"Additional properties are not allowed \('devices' was unexpected\)",
                           r"'devices' propert(?:y|ies) is not allowed",
                           r"reservations value 'devices' does not match any of the regexes",
                           r"Unsupported config option for services\.[\w.-]+: 'runtime'")
COMPOSE_RUNTIME_KEY = "https://github.com/docker/compose/issues/6239"
COMPOSE_VERSION = re.compile(r"docker-compose version v?(\d+)\.(\d+)\.(\d+)|Docker Compose version v?(\d+)\.(\d+)\.(\d+)",
                             re.I)
COMPOSE_GPU_RELEASE = "https://docs.docker.com/compose/releases/release-notes/#1280"


@rule("CTR005", "docker-compose-too-old-for-gpus", "error", "This Docker Compose predates GPU device reservations",
      signatures=COMPOSE_REJECTS_DEVICES, priority=12, scope="containers",
      references=("https://docs.docker.com/compose/how-tos/gpu-support/", COMPOSE_GPU_RELEASE))
def docker_compose_too_old_for_gpus(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `docker-compose up` rejects a file that asks for GPUs: "services.app.deploy.resources.reservations
    value Additional properties are not allowed ('devices' was unexpected)", or "'devices' properties
    is not allowed", or "reservations value 'devices' does not match any of the regexes: '^x-'";
    `docker-compose version` prints 1.27 or older (Ubuntu 18.04 and 20.04 packaged
    1.17 and 1.25). A file that uses the older `runtime: nvidia` key: "Unsupported config option for
    services.sirf: 'runtime'".

    Why:
    GPU access in Compose files (`deploy.resources.reservations.devices` with `capabilities: [gpu]`)
    arrived in docker-compose 1.28.0 (its release notes: "Added support for Nvidia GPUs via device
    requests"). Older releases validate the file against a schema without it and refuse it.

    The `runtime` key came before that and only file formats 2.3 and 2.4 accept it; Compose v1 with
    a version 3 file, or a release older than format 2.3, refuses it.

    Fix:
    Use Compose v2, the `docker compose` plugin (`sudo apt-get install docker-compose-plugin` from
    Docker's repository), or at least docker-compose 1.28.0, and ask for GPUs with a `devices`
    reservation.

    When to ignore:
    Never while the file asks for GPUs.
    """
    found = COMPOSE_VERSION.search(" ".join(ctx.observations))
    version = ".".join(g for g in found.groups() if g is not None) if found else ""
    old = bool(found) and tuple(int(g) for g in found.groups() if g is not None) < (1, 28, 0)
    runtime_key = any("'runtime'" in line for line in seen)
    if runtime_key:
        yield Hit("Docker Compose " + (f"{version} " if version else "") + "refuses the file's `runtime:` key (only "
                  "file formats 2.3 and 2.4 have it)", evidence={"docker_compose": version or "not stated"},
                  references=[COMPOSE_RUNTIME_KEY, COMPOSE_GPU_RELEASE],
                  fix=["docker compose version  # Compose v2, the plugin",
                       "replace `runtime: nvidia` with deploy.resources.reservations.devices "
                       "(driver: nvidia, count: all, capabilities: [gpu]) and run it with `docker compose up`",
                       "or, with Compose v1, set the file's version to '2.3' or '2.4'"])
    elif seen or (old and ctx.observed([r"reservations", r"capabilities:\s*\[?\s*gpu"])):
        yield Hit("Docker Compose " + (f"{version} " if version else "") + "does not know GPU device reservations "
                  "(they came in 1.28.0)", evidence={"docker_compose": version}, confirmed=old,
                  fix=["docker compose version  # Compose v2, the plugin, knows them",
                       "sudo apt-get install docker-compose-plugin  # from Docker's apt repository",
                       "docker compose up  # with a space: the plugin, not the old docker-compose"])


# The runtime cannot mount the host's driver library where the image already has a file of that name:
# the image carries NVIDIA driver libraries of its own (an apt package pulled in libnvidia-compute).
# The same for the driver's programs (nvidia-smi, nvidia-debugdump, nvidia-persistenced), which the runtime mounts too.
DRIVER_FILE = r"(\S*(?:lib(?:nvidia-\w+|cuda)\.so[.\d]*|/bin/nvidia-(?:smi|debugdump|persistenced|cuda-mps-\w+)))"
DRIVER_FILE_EXISTS = rf"mount error: file creation failed: {DRIVER_FILE}: file exists"
# apt installing a driver package inside a GPU container, over the files the runtime mounted there:
# "dpkg: error processing archive /var/cache/apt/archives/libnvidia-compute-435_435.21-0ubuntu7_amd64.deb (--unpack)"
DRIVER_PACKAGE_UNPACK = r"dpkg: error processing archive \S*/lib(?:nvidia-(?:compute|gl|common|extra|decode|encode)|cuda1)-\d+_"


@rule("CTR006", "driver-libs-in-image", "error", "The image carries NVIDIA driver libraries of its own",
      signatures=(DRIVER_FILE_EXISTS, DRIVER_PACKAGE_UNPACK), priority=14, scope="containers",
      references=(TOOLKIT_GUIDE,))
def driver_libs_in_image(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A GPU container does not start: "nvidia-container-cli: mount error: file creation failed:
    /var/lib/docker/overlay2/.../merged/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file exists"; or
    it starts and nvidia-smi inside says "Driver/library version mismatch" while the host's is fine
    (the host's nvidia-smi prints its table; another image runs).

    Why:
    The driver's user-space libraries must come from the host, injected by the NVIDIA Container
    Toolkit at start so that they match the host's kernel module. An image that installed its own
    (a driver package, or one that depends on libnvidia-compute such as nvidia-opencl-dev) has
    files at those paths: the mount fails, or the image's older copy is loaded.

    Fix:
    Remove the driver packages from the Dockerfile (`apt-get install --no-install-recommends`, and
    nothing that depends on libnvidia-compute-*); check with
    `docker run --rm IMAGE sh -c 'ls /usr/lib/x86_64-linux-gnu/libnvidia-ml.so* /usr/lib/x86_64-linux-gnu/libcuda.so*'`,
    which must list nothing for an image built to run with the toolkit.

    When to ignore:
    Never for images meant to run with `--gpus`.
    """
    inside = ctx.shared("image_driver_libs_mismatch", image_driver_libs_mismatch)
    installed = ctx.observed(DRIVER_INSTALLED_IN_IMAGE)
    if not seen and inside and installed:
        yield Hit("The image installs an NVIDIA driver of its own, and in the container its libraries disagree with "
                  "the host's kernel module (Driver/library version mismatch)",
                  evidence={"installed": installed[0].strip()[:200], "observed": inside[:1]},
                  fix=["remove the driver from the Dockerfile (driver packages, NVIDIA-Linux-*.run, cuda-drivers, and "
                       "the driver that CUDA's runfile or RPM meta-package brings): install only the toolkit "
                       "(cuda-toolkit-X-Y, or start FROM an nvidia/cuda image)",
                       "run it with --gpus all (NVIDIA Container Toolkit), which mounts the host's driver libraries"])
        return
    if not seen and inside:
        yield Hit("NVML in the container reports a driver/library version mismatch while the host's nvidia-smi works "
                  f"(driver {ctx.driver_version()}): the image carries driver libraries of its own, which take the place "
                  "of the host's", evidence={"observed": inside[:1], "host_driver": ctx.driver_version(),
                                             "command": runs_with_gpus(ctx.observations)[:1]},
                  fix=["docker run --rm --entrypoint sh IMAGE -c 'ls -l /usr/lib/x86_64-linux-gnu/libnvidia-ml.so*; "
                       "dpkg -S libnvidia-ml.so.1'  # the image's own NVML and the package that put it there",
                       "remove that package from the image (or use an image without it), then run it again"])
    if seen:
        path = re.search(rf"{DRIVER_FILE}: file exists", " ".join(seen))
        yield Hit("The image already has " + (path.group(1).rsplit("/", 1)[-1] if path else "a driver file")
                  + ", which the runtime must mount from the host", evidence={"file": path.group(1) if path else ""},
                  fix=["docker run --rm --entrypoint sh IMAGE -c 'dpkg -S libnvidia-ml.so.1 libcuda.so.1'  # which "
                       "package put it there", "remove that package (and what pulls it in) from the Dockerfile, "
                       "then rebuild"])


NVML_MISMATCH = r"Driver/library version mismatch"
# TensorFlow's CUDA diagnostics: "kernel version 384.90.0 does not match DSO version 384.81.0"
KERNEL_DSO_DIFFER = r"kernel version \S+ does not match DSO version"
# nvidia-smi's table header: it ran, so the driver it reports agrees with its own kernel module.
NVIDIA_SMI_RAN = r"NVIDIA-SMI \d+\.[\d.]+\s+Driver Version:\s*\d+"


# The driver installed into an image: a Dockerfile's RUN line with a driver package or NVIDIA's .run installer, or the
# report saying so ("In my Fedora25 Dockerfile, I first install NVidia graphic drivers 384.90").
DRIVER_INSTALLED_IN_IMAGE = (
    r"^\W*RUN\b.*(?:\bnvidia-driver-\d+|\bcuda-drivers\b|NVIDIA-Linux-\S+\.run|\bxorg-x11-drv-nvidia\b|"
    r"\bnvidia-utils-\d+|\blibnvidia-compute-\d+)",
    r"\b(?:Dockerfile|container|image)\b.{0,60}\binstall\w*\b.{0,40}\b(?:nvidia|graphics?|gpu)\b.{0,20}\bdrivers?\b")


def image_driver_libs_mismatch(ctx: Context) -> List[str]:
    """The mismatch lines, where NVML's "Driver/library version mismatch" comes from a container started with GPUs
    while the host's own nvidia-smi printed its driver: the host's kernel module and libraries agree, so the
    libraries that disagree are the image's. Or from a container whose image the report says got a driver
    installed: then the image's libraries are the ones that differ, whatever the host shows."""
    if ctx.observed(DRIVER_INSTALLED_IN_IMAGE):
        return ctx.observed([NVML_MISMATCH, KERNEL_DSO_DIFFER])
    if not ctx.driver_version() or not runs_with_gpus(ctx.observations) or not ctx.observed([NVIDIA_SMI_RAN]):
        return []
    # nvidia-container-cli runs on the host, as the runtime's hook: its "nvml error: driver/library version
    # mismatch" is the host's own NVML
    if ctx.observed([r"nvidia-container-cli: initialization error"]):
        return []
    return ctx.observed([NVML_MISMATCH])


# dockerd refusing its configuration file, in its words: "unable to configure the Docker daemon with file
# /etc/docker/daemon.json: invalid character '"' after object key:value pair".
DAEMON_JSON_REFUSED = (r"unable to configure the Docker daemon with file \S*daemon\.json",
                       r"daemon\.json: (?:invalid character|unexpected end of JSON input)")


@rule("CTR007", "docker-daemon-json-invalid", "error", "Docker's daemon.json is not valid JSON, so Docker does not start",
      signatures=DAEMON_JSON_REFUSED, priority=9, scope="containers", references=(TOOLKIT_GUIDE,))
def docker_daemon_json_invalid(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    After configuring the nvidia runtime, Docker does not come back: "Job for docker.service failed
    because the control process exited with error code"; dockerd logs "unable to configure the Docker
    daemon with file /etc/docker/daemon.json: invalid character '"' after object key:value pair".

    Why:
    dockerd reads /etc/docker/daemon.json at start and refuses to run when it is not valid JSON. Files
    edited by hand or by setup scripts (a comma missing after "default-runtime": "nvidia", a trailing
    comma, two objects pasted one after the other) stop every container, GPU or not.

    Fix:
    Validate the file (`python3 -m json.tool /etc/docker/daemon.json`), fix it, or let the toolkit
    write it (`sudo nvidia-ctk runtime configure --runtime=docker`), then
    `sudo systemctl restart docker`.

    When to ignore:
    Never: the engine will not start.
    """
    docker = ctx.facts.docker
    if docker.config_error:
        yield Hit(f"{docker.config_path} is not valid JSON: {docker.config_error}",
                  evidence={"docker.config_path": docker.config_path, "docker.config_error": docker.config_error},
                  fix=["python3 -m json.tool /etc/docker/daemon.json  # shows where the JSON breaks",
                       "sudo nvidia-ctk runtime configure --runtime=docker  # rewrites the runtime entry",
                       "sudo systemctl restart docker && docker info | grep -i runtime"], confirmed=True)
    elif seen:
        yield Hit("dockerd refuses /etc/docker/daemon.json", fix=[
            "python3 -m json.tool /etc/docker/daemon.json", "sudo systemctl restart docker"])


# The GPU Operator's driver container (its install script and k8s-driver-manager) when the NVIDIA modules
# it must replace are loaded and held.
DRIVER_IN_USE = r"Could not unload NVIDIA driver kernel modules, driver is in use"
# The driver's own installer, run by a driver container (GKE's nvidia-driver-installer, the GPU Operator's) on a node
# whose modules are loaded: "ERROR: An NVIDIA kernel module 'nvidia-uvm' appears to already be loaded in your kernel."
INSTALLER_FINDS_MODULE_LOADED = r"An NVIDIA kernel module '[\w-]+' appears to already be loaded"
# It found a driver already installed on the host ("pre-installed driver").
HOST_DRIVER_WORDS = (r"already (?:have |has )?(?:the )?nvidia drivers? (?:installed|loaded)",
                     r"(?:pre-?installed|host) (?:nvidia )?driver", r"NVIDIA driver is already (?:installed|running)",
                     r"An instance of the NVIDIA driver is already running")


@rule("CTR008", "driver-in-use-blocks-driver-container", "error",
      "The driver container cannot replace a driver that is loaded and in use",
      signatures=(DRIVER_IN_USE, INSTALLER_FINDS_MODULE_LOADED), priority=12,
      references=("https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/getting-started.html",))
def driver_in_use_blocks_driver_container(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The nvidia-driver-daemonset pod of the GPU Operator crash-loops; its log says "Unloading NVIDIA
    driver kernel modules... Could not unload NVIDIA driver kernel modules, driver is in use", then
    repeats. A driver installer pod (GKE's nvidia-driver-installer after its driver version was
    changed): "ERROR: An NVIDIA kernel module 'nvidia-uvm' appears to already be loaded in your
    kernel."

    Why:
    The driver container installs its own driver, and to do that it first unloads the NVIDIA kernel
    modules. When the node already runs a driver installed on the host, or GPU pods, nvidia-persistenced
    or a display server hold the modules during an upgrade, the modules cannot be unloaded and the
    container gives up.

    Fix:
    On nodes with a driver installed on the host, keep that driver and tell the operator not to deploy
    its own (`--set driver.enabled=false`), or remove the host driver and reboot. During an upgrade,
    let the operator evict GPU pods and drain the node (its upgrade policy), or drain it yourself.

    When to ignore:
    Never: the node has no working driver container until the modules are free.
    """
    if not seen:
        return
    if all(re.search(INSTALLER_FINDS_MODULE_LOADED, line, re.I) for line in seen) \
            and not (in_container(ctx) or ctx.observed([r"\bDaemonSet\b"])):
        return  # the installer run by hand on a host: not a driver container's problem
    host_driver = bool(ctx.observed(HOST_DRIVER_WORDS))
    yield Hit("The driver container could not unload the NVIDIA kernel modules: " +
              ("a driver installed on the host is loaded and in use" if host_driver else
               "something on the node (a driver installed on the host, GPU pods, nvidia-persistenced) holds them"),
              evidence={"host_driver_named": host_driver},
              fix=["lsmod | grep nvidia; dpkg -l 'nvidia-driver*' 2>/dev/null; rpm -qa 'nvidia-driver*'  # on the node",
                   "helm upgrade gpu-operator nvidia/gpu-operator -n gpu-operator --reuse-values "
                   "--set driver.enabled=false  # keep the host's driver",
                   "or: remove the host driver and reboot; during an upgrade: kubectl drain <node> --ignore-daemonsets"])


# nvidia-container-cli asked for a GPU the host does not have: "nvidia-container-cli: device error: 1: unknown
# device" (index 1 of a one-GPU host, from --gpus 2 or --gpus device=1), "device error: GPU-6f1e...: unknown
# device" (a UUID from another machine).
UNKNOWN_DEVICE = re.compile(r"device error: ([\w-]+): unknown device")


# The Kubernetes scheduler finding no node with enough GPUs: "0/1 nodes are available: 1 Insufficient nvidia.com/gpu."
INSUFFICIENT_GPU = r"Insufficient nvidia\.com/gpu"


@rule("CTR009", "gpus-requested-exceed-available", "error", "The container asks for a GPU the host does not have",
      signatures=(UNKNOWN_DEVICE.pattern, INSUFFICIENT_GPU), priority=12, scope="containers",
      references=("https://docs.docker.com/engine/containers/resource_constraints/#gpu",))
def gpus_requested_exceed_available(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `docker run --gpus 2 ...` (or --gpus device=1, or NVIDIA_VISIBLE_DEVICES=1) fails in the
    toolkit's hook with "nvidia-container-cli: device error: 1: unknown device"; with a UUID:
    "device error: GPU-6f1e7c4a: unknown device". Kubernetes: the pod stays Pending with "0/1 nodes
    are available: 1 Insufficient nvidia.com/gpu", and its spec asks for more GPUs than the node has.

    Why:
    `--gpus N` asks for N GPUs, which the toolkit turns into device indices 0 to N-1; `device=K` and
    NVIDIA_VISIBLE_DEVICES name indices or UUIDs. An index at or beyond the number of GPUs on the
    host, or a UUID of a GPU on another machine (a compose file or job script copied over), names
    no device, and the container is not created. Kubernetes gives GPUs to each container, never
    shared: a pod whose two containers each set `nvidia.com/gpu: 1` needs two GPUs on one node.

    Fix:
    Ask for GPUs that exist: `--gpus all`, `--gpus 1`, or `--gpus '"device=0"'`; list them with
    `nvidia-smi -L` on the host. In compose files, set `count` or `device_ids` to match. In a pod,
    set the GPU limit only on the container that uses the GPU.

    When to ignore:
    Never: the container does not start. "Insufficient nvidia.com/gpu" with a pod that asks for no
    more than the node has is another cause (the node advertises no GPUs: its device plugin).
    """
    found = first_match(UNKNOWN_DEVICE, seen)
    if found is None:
        yield from _pod_asks_too_many(ctx, seen)
        return
    device = found.group(1)
    count = len(ctx.facts.gpus.devices)
    have = f"; this host has {count} GPU{'s' if count != 1 else ''}" if count else ""
    what = f"GPU index {device}" if device.isdigit() else f"GPU {device}"
    yield Hit(f"the container asked for {what}, which this host does not have{have}",
              evidence={"requested_device": device, "gpus.count": count or "not known"},
              fix=["nvidia-smi -L  # the GPUs this host has, with their indices and UUIDs",
                   "docker run --gpus all ...  # or --gpus 1, or --gpus '\"device=0\"'",
                   "in compose files: count or device_ids under deploy.resources.reservations.devices"])


def _pod_asks_too_many(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """The scheduler's "Insufficient nvidia.com/gpu" where the pasted pod asks for more GPUs than the node has."""
    if not ctx.observed([INSUFFICIENT_GPU]):
        return
    limits = ctx.facts.container.pod_gpu_limits
    asked, containers = sum(limits), len(limits)
    have = ctx.facts.container.node_gpus or len(ctx.facts.gpus.devices)
    if not asked or not have or asked <= have:
        return  # nothing shows more asked than there is: the node may not advertise its GPUs at all
    yield Hit(f"the pod asks for {asked} GPUs in all ({containers} containers with a nvidia.com/gpu limit; GPUs are "
              f"given to each container, not shared), and the node has {have}",
              evidence={"pod_gpus": asked, "containers_asking": containers, "node_gpus": have}, confirmed=True,
              fix=["give the GPU limit to the one container that uses the GPU, or lower the counts to what the node has",
                   "kubectl describe node <node> | grep -A8 Allocatable  # the GPUs the node offers"])


# An image built for Jetson names its L4T release in its tag: nvcr.io/nvidia/l4t-ml:r34.1.0-py3,
# dustynv/onnx:r35.2.1, dustynv/ros:humble-pytorch-l4t-r35.1.0; people name it in words ("the r34.1 container").
L4T_IMAGE = re.compile(r"\b[\w./-]*l4t[\w.-]*:r(\d{2}\.\d+(?:\.\d+)?)|\b[\w./-]+:(?:[\w.-]*-)?(?:l4t-)?r(3\d\.\d+(?:\.\d+)?)\b|"
                       r"\br(3\d\.\d+(?:\.\d+)?)\s+(?:container|image|docker)", re.I)
JETSON_CONTAINERS = "https://github.com/dusty-nv/jetson-containers"


def _l4t_image(ctx: Context):
    """(L4T release, the line) of the first Jetson image a paste names, or ("", "")."""
    for line in ctx.observations:
        found = L4T_IMAGE.search(line)
        if found:
            return next(g for g in found.groups() if g), line.strip()[:160]
    return "", ""


# The container toolkit checking an image's NVIDIA_REQUIRE_CUDA against the host's CUDA: "requirements not met:
# unsatisfied condition: cuda>=12.2 (cuda=11.4)" (Isaac ROS 3 on JetPack 5.1.2; jetson-containers#1459, cuda>=12.9
# (cuda=12.6) on an Orin). On a Jetson the host's CUDA is the one its JetPack release installed ("CUDA 12.2 is not on
# JetPack 5", jetson-containers#600), so the image was built for a newer JetPack; elsewhere it is the driver's CUDA
# (DRV005).
JETSON_CUDA_REQUIREMENT = re.compile(r"unsatisfied condition: cuda\s*>=\s*(\d+\.\d+)(?:\s*\(cuda\s*=\s*(\d+\.\d+)\))?")


@rule("CTR010", "l4t-container-host-mismatch", "error", "A Jetson container built for another L4T release than the host's",
      signatures=(JETSON_CUDA_REQUIREMENT.pattern,), priority=16, references=(JETSON_CONTAINERS,))
def l4t_container_host_mismatch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On a Jetson, a container from NGC's l4t-* images or jetson-containers starts, but CUDA in it
    fails: deviceQuery "cudaGetDeviceCount returned 3 -> initialization error", torch sees no GPU,
    or libraries from the host do not match the container's; the same steps work with a container
    tagged for the host's release. An image built for a newer JetPack does not start: "requirements
    not met: unsatisfied condition: cuda>=12.2 (cuda=11.4)" on JetPack 5.1.2.

    Why:
    A Jetson's CUDA driver comes with its L4T release (the board support package flashed with
    JetPack), and containers for Jetson are built for one L4T release: jetson-containers states
    that L4T R32.7 containers run on other R32.7 versions and R35.x containers on other R35.x
    versions. A container for another major release (r34/r35 on an r32 host, r36 on r35) finds a
    driver it was not built for; JetPack 4 containers also mount CUDA from the host.
    matrices/jetpack.toml holds which releases run each other's containers and which L4T
    release each JetPack flashed, so a host named only by its JetPack ("Jetpack 4.5.1",
    the nvidia-jetpack package) is judged too. A Jetson's CUDA is the one its JetPack installed, so an
    image that requires a newer CUDA (NVIDIA_REQUIRE_CUDA) is refused by the container runtime.

    Fix:
    Use an image tagged for the host's L4T release (`cat /etc/nv_tegra_release` names it; the
    jetson-containers `autotag` tool picks one), or reflash the board with the JetPack whose L4T
    release the container needs.

    When to ignore:
    A container that does not use CUDA.
    """
    mismatch = ctx.shared("l4t_mismatch", l4t_mismatch)
    if not mismatch:
        required = first_match(JETSON_CUDA_REQUIREMENT, seen) if ctx.jetson() else None
        if required is not None:
            yield _image_needs_newer_jetpack(ctx, required)
        return
    system = ctx.facts.system
    hosts, image, line = mismatch
    host = hosts[0]
    newer = version(image) > version(host)
    named = f"L4T R{host}" if system.l4t_release else \
        f"JetPack {system.jetpack_release} (L4T R{' or R'.join(hosts)})"
    evidence = {"system.l4t_release": system.l4t_release, "host_source": system.l4t_release_source} \
        if system.l4t_release else {"system.jetpack_release": system.jetpack_release, "l4t_for_jetpack": hosts,
                                   "host_source": system.jetpack_release_source}
    yield Hit(f"the container is built for L4T R{image}, {'newer' if newer else 'older'} than this Jetson's {named}, "
              "and the two do not run each other's containers",
              evidence={**evidence, "container_l4t_release": image, "container": line},
              fix=["cat /etc/nv_tegra_release  # the host's L4T release",
                   f"use an image tagged for R{host} or its family (jetson-containers: autotag <package> picks one)",
                   f"or reflash the Jetson with the JetPack for L4T R{image}"])


def _image_needs_newer_jetpack(ctx: Context, required: "re.Match[str]") -> Hit:
    """A Jetson image asking for a CUDA newer than the one its host's JetPack installed."""
    system = ctx.facts.system
    stated = ctx.facts.cuda.stated_version or ""
    # a stated CUDA counts only below the requirement: a report also names the CUDA it tried to install
    host = required.group(2) or (stated if stated and version(stated) < version(required.group(1)) else "")
    named = f"JetPack {system.jetpack_release}" if system.jetpack_release else \
        f"L4T R{system.l4t_release}" if system.l4t_release else "its JetPack release"
    return Hit(f"the image requires CUDA {required.group(1)} or newer, and this Jetson has "
               f"{'CUDA ' + host if host else 'an older CUDA'}, the one {named} installed: on a Jetson, CUDA comes "
               "with the JetPack release flashed, so the image was built for a newer JetPack",
               evidence={"required_cuda": required.group(1), "host_cuda": host or "not in the input",
                         "observed": required.string.strip()[:200], "jetson": ctx.jetson()}, confirmed=True,
               fix=["cat /etc/nv_tegra_release  # the host's L4T release (and so its JetPack and CUDA)",
                    "use an image tagged for the host's L4T release (jetson-containers: autotag <package> picks one)",
                    f"or reflash the Jetson with a JetPack whose CUDA is {required.group(1)} or newer"])


def l4t_mismatch(ctx: Context) -> Optional[Tuple[List[str], str, str]]:
    """(the host's possible L4T releases, the image's, the line naming the image) when a Jetson runs an image
    built for an L4T release that none of the host's possible releases runs, else None. A host stated by its
    JetPack release may be on any L4T release that JetPack flashed (4.5.1: 32.5.1 or 32.5.2)."""
    system = ctx.facts.system
    image, line = _l4t_image(ctx)
    hosts = [system.l4t_release] if system.l4t_release else ctx.matrix.l4t_for_jetpack(system.jetpack_release) \
        if system.jetpack_release else []
    if not hosts or not image or any(_runs_containers_of(ctx, host, image) for host in hosts):
        return None
    return hosts, image, line


def _runs_containers_of(ctx: Context, host: str, image: str) -> bool:
    """Whether a Jetson on this L4T release runs containers built for that one: the same family in
    matrices/jetpack.toml, or, for a release the table lacks, the same major release."""
    families = ctx.matrix.l4t_container_family(host), ctx.matrix.l4t_container_family(image)
    if all(families):
        return families[0] == families[1]
    return host.split(".")[0] == image.split(".")[0]


# A runtime that was asked for CDI devices (--device nvidia.com/gpu=all) and found no spec naming them:
# podman's "setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=0", Docker's and containerd's
# "failed to inject CDI devices: unresolvable CDI devices ...".
CDI_UNRESOLVABLE = r"unresolvable CDI devices?"
# The CDI spec's own version unknown to the runtime's CDI library: "failed to unmarshal CDI Spec: error unmarshaling
# JSON: ... json: unknown field "additionalGids"" (toolkit 1.19's v0.7.0 spec read by podman 4.9).
CDI_SPEC_UNREADABLE = r"failed to (?:parse|unmarshal) CDI Spec.{0,120}unknown field"
# `nvidia-ctk cdi list`: "INFO[0000] Found 3 CDI devices" then one device name per line.
CDI_LISTED = re.compile(r"Found (\d+) CDI devices?")
CDI_GUIDE = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"


@rule("CTR011", "cdi-devices-unresolvable", "error", "The runtime finds no CDI spec for the GPU devices it was asked for",
      signatures=(CDI_UNRESOLVABLE, CDI_SPEC_UNREADABLE), priority=12, references=(CDI_GUIDE,), scope="containers")
def cdi_devices_unresolvable(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `podman run --device nvidia.com/gpu=all ...`: "Error: setting up CDI devices: unresolvable CDI
    devices nvidia.com/gpu=all"; Docker or containerd: "failed to inject CDI devices: unresolvable
    CDI devices nvidia.com/gpu=0"; it worked before a driver update, or on another machine; podman's
    debug output says why it skipped the spec: "failed to unmarshal CDI Spec: error unmarshaling JSON:
    ... json: unknown field "additionalGids"".

    Why:
    With CDI the runtime adds GPUs to a container from a spec file (/etc/cdi/nvidia.yaml,
    /var/run/cdi/) that lists each device and the driver files it needs. The names cannot be
    resolved when no spec was generated (the toolkit is missing, or `nvidia-ctk cdi generate` never
    ran), when the spec predates the driver or GPUs now in the machine (a driver update, a GPU moved),
    or when the runtime cannot read the spec: a spec of a newer CDI version than the runtime's own CDI
    library knows is skipped, though `nvidia-ctk cdi list` shows its devices.

    Fix:
    Generate the spec for the driver in use (`sudo nvidia-ctk cdi generate
    --output=/etc/cdi/nvidia.yaml`) and again after every driver update; check the names with
    `nvidia-ctk cdi list`. If they are listed
    and the runtime still refuses them, compare the spec's `cdiVersion` with what the runtime
    supports and upgrade the runtime (or use a toolkit release whose spec it reads).

    When to ignore:
    Never for a container that needs the GPU.
    """
    if not seen:
        return
    listed = first_match(CDI_LISTED, ctx.observations)
    unreadable = [line for line in seen if re.search(CDI_SPEC_UNREADABLE, line, re.I)]
    fix = ["nvidia-ctk cdi list  # the device names the spec provides",
           "sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml  # after every driver update too",
           "grep cdiVersion /etc/cdi/nvidia.yaml /var/run/cdi/*.yaml  # a version the runtime must support"]
    if unreadable:
        field = re.search(r'unknown field \W?(\w+)', unreadable[0])
        yield Hit("the runtime's CDI library cannot read the spec: it has a field"
                  + (f" ({field.group(1)})" if field else "") + " from a CDI version newer than the runtime knows, so the "
                  "spec is skipped and its devices do not exist for the runtime",
                  evidence={"runtime": unreadable[0].strip()[:200]}, confirmed=True,
                  fix=[fix[2], "upgrade the runtime to a release whose CDI library reads that cdiVersion (podman, "
                       "containerd, Docker)", "or generate the spec with the toolkit release the runtime reads "
                       "(the toolkit's release notes name the cdiVersion it writes)"])
    elif listed and int(listed.group(1)) > 0:
        yield Hit(f"nvidia-ctk lists {listed.group(1)} CDI device(s), but the runtime does not resolve them: it does not "
                  "read that spec (a CDI version newer than the runtime supports, or a directory it does not search)",
                  evidence={"nvidia-ctk": listed.group(0), "runtime": seen[0].strip()[:160]},
                  fix=[fix[2], "upgrade the runtime (podman, containerd, Docker) to one that reads this cdiVersion, "
                       "or use a toolkit release whose spec it reads", fix[0]])
    else:
        yield Hit("no CDI spec names the GPU devices the container asked for: it was never generated, or it predates "
                  "the driver or GPUs now in the machine", evidence={"runtime": seen[0].strip()[:160]}, fix=fix)


# A CDI spec naming host files that are gone: the CDI library itself ("failed to stat CDI host device "/dev/dri/card0":
# no such file or directory") and crun mounting a driver library the spec lists ("cannot stat
# `/usr/lib/libnvidia-egl-wayland.so.1.1.13`: No such file or directory"). A missing /dev/nvidia-uvm is the module not
# loaded (DRV013), not a stale spec.
CDI_HOST_DEVICE_GONE = r'failed to stat CDI host device \W?(/dev/(?!nvidia-uvm)[\w/-]+)\W{0,2}:? no such file or directory'
# runc's words for the same, a bind mount whose source is gone: "error during container init: failed to fulfil mount
# request: open /usr/lib/x86_64-linux-gnu/libEGL_nvidia.so.580.159.04: no such file or directory".
CDI_MOUNT_SOURCE_GONE = (r"(?:cannot stat|failed to fulfil mount request: open) \W?(/\S*/lib(?:nvidia|cuda|nvcuvid|"
                         r"nvoptix|GLX_nvidia|EGL_nvidia)[\w.-]*\.so[\d.]*)\W{0,2}:? No such file")
# The report says the driver was updated (the usual way a spec goes stale).
DRIVER_UPDATED = (r"\bdriver\b.{0,60}\b(?:updated?|upgraded?|updating|upgrading)\b",
                  r"\b(?:updated?|upgraded?|updating|upgrading)\b.{0,60}\bdriver\b")


@rule("CTR022", "cdi-spec-stale", "error", "The CDI spec names driver files that are no longer on the host",
      signatures=(CDI_HOST_DEVICE_GONE, CDI_MOUNT_SOURCE_GONE), priority=12, references=(CDI_GUIDE,), scope="containers")
def cdi_spec_stale(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A GPU container that started before a driver update now fails: podman/crun "cannot stat
    `/usr/lib/libnvidia-egl-wayland.so.1.1.13`: No such file or directory"; Docker or containerd
    "failed to inject CDI devices: failed to inject devices: failed to stat CDI host device
    "/dev/dri/card0": no such file or directory"; runc, after a driver update: "failed to fulfil mount
    request: open /usr/lib/x86_64-linux-gnu/libEGL_nvidia.so.580.159.04: no such file or directory".

    Why:
    A CDI spec (/etc/cdi/nvidia.yaml, /var/run/cdi/nvidia.yaml) is a snapshot: it lists, by full
    path and version, every device node and driver library of the driver installed when
    `nvidia-ctk cdi generate` ran. A driver update replaces those files (libraries carry the
    driver's version in their names) and a GPU or display change renumbers /dev/dri; the spec still
    names the old ones, and the runtime fails on the first that is gone. NVIDIA's CDI guide says to
    generate the spec again after any change of driver or device configuration.

    Fix:
    `sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml` (and for /var/run/cdi/nvidia.yaml
    when that copy exists, or restart nvidia-cdi-refresh.service where the toolkit installs it).

    When to ignore:
    Never: the container cannot start until the spec matches the host.
    """
    found = first_match(re.compile(f"{CDI_HOST_DEVICE_GONE}|{CDI_MOUNT_SOURCE_GONE}", re.I), seen)
    gone = found and (found.group(1) or found.group(2))
    if not gone:
        return
    cdi = gone.startswith("/dev/") or bool(ctx.observed([r"\bcdi\b", r"nvidia\.com/gpu", r"\bpodman\b", r"\bcrun\b"]))
    if not cdi and not _older_driver_file(ctx, gone):
        return  # a driver library that crun cannot stat is a spec's entry only where CDI is in play
    yield Hit(f"the CDI spec names {gone}, which is no longer on this host: the spec was generated for an earlier "
              "driver or device set and was not generated again" if cdi else
              f"the container's mounts name {gone}, a library of an earlier driver that is no longer on this host: "
              "the CDI spec the NVIDIA runtime uses (or a volume naming that file) was written for the old driver",
              evidence={"missing": gone},
              fix=["sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml  # again after every driver update",
                   "ls /var/run/cdi/  # a second copy there must be regenerated too (nvidia-cdi-refresh.service "
                   "does it at boot where installed)", "nvidia-ctk cdi list  # the devices the new spec provides"])


def _older_driver_file(ctx: Context, path: str) -> bool:
    """The missing file is a driver library named with a driver version that is not the host's (the host's is
    known and differs, or the report says the driver was updated): a list of mounts made for an earlier driver."""
    named = re.search(r"\.so\.(\d{3}\.\d+(?:\.\d+)?)$", path)
    if named is None:
        return False
    driver, version = ctx.driver_version(), named.group(1)
    if driver:  # a driver named shorter than the file ("580.178" for 580.178.04) is the same one
        return not (version.startswith(driver) or driver.startswith(version))
    return bool(ctx.observed(DRIVER_UPDATED))


# An engine that does not know CDI takes the device name for a path on the host: podman "Error: stat
# nvidia.com/gpu=0: no such file or directory"; Docker "error gathering device information while adding custom
# device \"nvidia.com/gpu=all\": no such file or directory".
CDI_NAME_AS_PATH = (r"stat nvidia\.com/gpu=\S*:? no such file or directory",
                    r"adding custom device \W?nvidia\.com/gpu=\S*\W{0,3}:? no such file or directory")
ENGINE_VERSION = re.compile(r"\b(podman|docker)(?: version|\s*-v|\s*--version)?\W{0,3}(?:is\s+)?v?(\d+\.\d+(?:\.\d+)?)\b", re.I)


@rule("CTR013", "container-engine-too-old-for-cdi", "error", "The container engine does not know CDI device names",
      signatures=CDI_NAME_AS_PATH, priority=11, references=(CDI_GUIDE,), scope="containers")
def container_engine_too_old_for_cdi(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `podman run --device nvidia.com/gpu=0 ...`: "Error: stat nvidia.com/gpu=0: no such file or
    directory"; `docker run --device nvidia.com/gpu=all ...`: "error gathering device information while
    adding custom device "nvidia.com/gpu=all": no such file or directory".

    Why:
    `--device nvidia.com/gpu=...` names a device from a CDI spec only for an engine that reads CDI.
    An engine release from before its CDI support, or one with its CDI support off, reads the argument
    as a device node path on the host, finds no such file, and refuses to start the container; no
    spec is consulted, so regenerating it changes nothing.

    Fix:
    Upgrade the engine to a release with CDI support (the toolkit's CDI guide lists the engines), or
    give this engine the GPUs its own way: the nvidia runtime (`--runtime nvidia` with
    NVIDIA_VISIBLE_DEVICES, or the runtime's cdi mode) or Docker's `--gpus all`.

    When to ignore:
    Never: the container does not start.
    """
    if not seen:
        return
    engine = first_match(ENGINE_VERSION, ctx.observations)
    named = f"{engine.group(1).lower()} {engine.group(2)}" if engine else "this engine"
    yield Hit(f"{named} read the CDI device name as a path on the host: it does not resolve CDI devices",
              evidence={"engine": named, "runtime": seen[0].strip()[:160]},
              fix=[f"{engine.group(1).lower() if engine else 'podman'} --version  # then upgrade to a release with CDI "
                   f"support ({CDI_GUIDE})",
                   "or, with this engine: --runtime nvidia -e NVIDIA_VISIBLE_DEVICES=all (the nvidia runtime), or "
                   "docker run --gpus all"])


# libnvidia-container failing to run the ldconfig its config names (src/nvc_ldcache.c: "could not start %s: %s");
# "executing %s from host at <rootfs>" before it says the path was the host's ("@" in config.toml).
# With "@" the host's program is opened first, and a path that does not exist stops the container instead:
# "nvidia-container-cli: ldcache error: open failed: /sbin/ldconfig.real: no such file or directory".
LDCONFIG_NOT_STARTED = re.compile(r"could not start (\S*ldconfig\S*?):? (?:process execution failed|.*no such file)|"
                                  r"ldcache error: open failed: (\S*ldconfig\S*?):? no such file", re.I)
NVC_LDCACHE = "https://github.com/NVIDIA/libnvidia-container/blob/0f8e13d6627d3ccb45f49cf5d4b9c4103b3a8d01/src/nvc_ldcache.c"
# The same situation told by its mend: running ldconfig in the container first makes nvidia-smi and CUDA work ("docker
# run ... bash -c 'ldconfig; nvidia-smi'", "fails UNLESS `ldconfig` is run first in the container", "I had to enter
# \"ldconfig\" inside jellyfin container", "inside container write: ldconfig").
LDCONFIG_MENDS = (r"\bldconfig\s*(?:;|&&)\s*nvidia-smi\b",
                  r"\bldconfig\b[`'\"]?\s+(?:is\s+|was\s+)?(?:run\s+|ran\s+|executed\s+|typed\s+|entered\s+)?(?:first\s+)?"
                  r"(?:inside|in)\s+(?:the\s+|my\s+|a\s+)?(?:\w+\s+)?container\b",
                  r"\b(?:inside|in)\s+(?:the\s+)?container,?\s+(?:write|type|run|enter|execute)\w*:?\s+[`'\"]?ldconfig\b")


@rule("CTR014", "container-toolkit-ldconfig-path-wrong", "error",
      "The container toolkit cannot run the ldconfig its configuration names",
      signatures=(LDCONFIG_NOT_STARTED.pattern, *LDCONFIG_MENDS), priority=12, references=(NVC_LDCACHE,),
      scope="containers")
def container_toolkit_ldconfig_path_wrong(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The container starts, but inside it nvidia-smi says "couldn't find libnvidia-ml.so library in
    your system" and CUDA finds no libcuda, although the host's driver works and running `ldconfig`
    in the container mends it until the next start; the toolkit's debug log has "could not start
    /sbin/ldconfig: process execution failed: no such file or directory".

    Why:
    After mounting the driver's libraries into the container, libnvidia-container runs the ldconfig
    named by `ldconfig` in /etc/nvidia-container-runtime/config.toml to add them to the container's
    loader cache; a path starting with "@" is the host's ldconfig. When that program cannot be
    started, the toolkit logs it and lets the container start anyway (src/nvc_ldcache.c exits the
    child successfully on "no such file"), so the libraries are there but the loader does not list them.

    Fix:
    Point `ldconfig` at an ldconfig that exists and runs on the host (`ls -l /sbin/ldconfig*`), or
    drop the "@" so the container's own ldconfig runs; then restart the container.

    When to ignore:
    Never while the container uses the GPU.
    """
    if not seen:
        return
    found = first_match(LDCONFIG_NOT_STARTED, seen)
    if not found:
        yield Hit("running ldconfig inside the container is what makes the driver libraries load: the ldconfig the "
                  "container toolkit runs at start did not add them to the container's loader cache",
                  evidence={"observed": seen[0].strip()[:160]},
                  fix=["grep ldconfig /etc/nvidia-container-runtime/config.toml  # the ldconfig the toolkit runs "
                       "(\"@\" = the host's)", "ls -l /sbin/ldconfig*  # on the host: which ldconfig programs exist",
                       "set ldconfig to one that exists and runs on this host, or drop the \"@\" so the container's "
                       "own runs; then restart the container",
                       "docker run --rm --gpus all <image> nvidia-smi  # works without running ldconfig first"])
        return
    program = found.group(1) or found.group(2)
    from_host = bool(found.group(2)) or bool(ctx.observed([rf"executing {re.escape(program)} from host"]))
    yield Hit(f"the container toolkit could not start {program}" + (" (the host's, '@' in config.toml)" if from_host else "")
              + ", so the container's loader cache does not list the driver libraries it mounted",
              evidence={"toolkit_log": seen[0].strip()[:160], "ldconfig": program, "host_ldconfig": from_host},
              fix=["grep ldconfig /etc/nvidia-container-runtime/config.toml  # the ldconfig the toolkit runs",
                   f"ls -l {program}*  # on the host: which ldconfig programs exist",
                   "set ldconfig to one that exists and runs (\"@\" + a host path), or without \"@\" to run the "
                   "container's own, then restart the container"])


# NVIDIA_DRIVER_CAPABILITIES as set in a command, a Dockerfile, a compose file or `env` output.
CAPABILITIES_SET = re.compile(r"NVIDIA_DRIVER_CAPABILITIES\W{0,3}[=:]\s*[\"']?([\w,]+)")
# A run command that hands over GPUs through the nvidia runtime's variables, not Docker's --gpus (which asks for
# the capabilities it needs itself).
RUNTIME_RUN = re.compile(r"--runtime[= ]nvidia\b|-e\s+NVIDIA_VISIBLE_DEVICES=|--env[= ]NVIDIA_VISIBLE_DEVICES=")
# CUDA in the container finding no driver: the words of PyTorch, TensorFlow, the runtime; or libcuda missing.
CUDA_FINDS_NO_DRIVER = (*CUDA_SEES_NO_GPU, r"CUDA driver version is insufficient", LIBCUDA_MISSING)
CAPABILITIES_DOC = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"
# Docker's own GPU request (`--gpus 'all,"capabilities=utility"'`, compose's `capabilities: [gpu, utility]`, `docker
# inspect`'s "Capabilities":[["gpu","utility"]]): Docker passes the NVIDIA driver capabilities among them to the runtime
# as NVIDIA_DRIVER_CAPABILITIES, exactly those; "gpu" is none of them, so [gpu] alone leaves the image's setting.
DEVICE_REQUEST_CAPABILITIES = re.compile(r"\bcapabilities[\"']?\s*[:=]\s*\[*\s*((?:[\"']?\w+[\"']?\s*,\s*)*[\"']?\w+)", re.I)
NVIDIA_DRIVER_CAPABILITIES = ("compute", "compat32", "graphics", "utility", "video", "display")
DOCKER_NVIDIA_CAPS = "https://github.com/moby/moby/blob/master/daemon/nvidia_linux.go"


def stated_driver_capabilities(ctx: Context) -> Optional[str]:
    """NVIDIA_DRIVER_CAPABILITIES as the report sets it (a command, a Dockerfile, compose, `env` output; not a line
    commented out), else as the facts' environment holds it; None when neither says."""
    stated = first_match(CAPABILITIES_SET, [line for line in ctx.observations if not line.lstrip().startswith("#")])
    return stated.group(1) if stated else ctx.facts.env.variables.get("NVIDIA_DRIVER_CAPABILITIES")


# nvidia-smi's header when it cannot load libcuda ("NVIDIA-SMI 440.33.01  Driver Version: 440.33.01  CUDA Version: N/A",
# or told: "nvidia-smi show cuda version is N/A"): NVML answers, the compute library is absent. In a container that is
# the driver mounted without its compute part (OCR-D/ocrd_anybaseocr#50, an image built FROM plain ubuntu;
# NVIDIA/nvidia-docker#1221, an image whose nvidia/cuda ENV `docker export` and `import` dropped).
CUDA_VERSION_NA = r"\bCUDA Version:?\s*(?:is\s+)?N/A\b"


@rule("CTR012", "container-driver-capabilities-lack-compute", "error",
      "The container was given the driver without its CUDA part (NVIDIA_DRIVER_CAPABILITIES)",
      signatures=(CUDA_VERSION_NA,), priority=9, references=(CAPABILITIES_DOC, DOCKER_NVIDIA_CAPS), scope="containers")
def container_driver_capabilities_lack_compute(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    In a container started with the nvidia runtime, nvidia-smi works and shows the GPU and the
    driver, but CUDA finds no driver: "Found no NVIDIA driver on your system", "no CUDA-capable
    device is detected", libcuda.so.1 not found; nvidia-smi's header says "CUDA Version: N/A". The
    image is not one of NVIDIA's CUDA images, or lost their settings (`docker export` and `import`
    keep the files and drop the image's ENV).

    Why:
    The NVIDIA container runtime mounts only the parts of the driver that NVIDIA_DRIVER_CAPABILITIES
    names: `utility` is nvidia-smi and NVML, `compute` is libcuda and what CUDA and OpenCL need.
    With the variable unset, the runtime's default is `utility` (nvidia-container-runtime's README),
    so an image that does not set it gets nvidia-smi but no CUDA. NVIDIA's CUDA images set
    `compute,utility`; other images usually do not. Docker's `--gpus` and compose's device
    reservation pass the driver capabilities they list (`capabilities: [gpu, utility]`, `docker
    inspect`: "Capabilities":[["gpu","utility"]]) as NVIDIA_DRIVER_CAPABILITIES, exactly those: a
    list with utility and without compute gives nvidia-smi and no libcuda.

    Fix:
    Start the container with `-e NVIDIA_DRIVER_CAPABILITIES=compute,utility` (or `all`), set it with
    ENV in the image, or use `--gpus all`.

    When to ignore:
    Containers that only need nvidia-smi or NVML (monitoring agents).
    """
    cuda_fails = ctx.observed(CUDA_FINDS_NO_DRIVER)
    smi_without_cuda = seen if seen and in_container(ctx) else []  # the signature is CUDA_VERSION_NA alone
    if not cuda_fails and not smi_without_cuda:
        return
    cuda_fails = cuda_fails or smi_without_cuda
    requested = _requested_driver_capabilities(ctx)
    if requested and not {"compute"} & set(requested):
        yield Hit(f"the GPU request lists the driver capabilities {', '.join(requested)} and not compute: Docker passes "
                  f"exactly those to the NVIDIA runtime (NVIDIA_DRIVER_CAPABILITIES={','.join(requested)}), which then "
                  "mounts nvidia-smi and NVML but not libcuda", confirmed=True,
                  evidence={"requested_capabilities": requested, "observed": cuda_fails[:1]},
                  fix=["capabilities: [gpu, compute, utility]  # compose's device reservation; docker run: --gpus "
                       "'all,\"capabilities=compute,utility\"', or --gpus all",
                       "docker inspect --format '{{json .HostConfig.DeviceRequests}}' CONTAINER  # Capabilities",
                       "ldconfig -p | grep libcuda  # inside the container: libcuda.so.1 is there once compute is given"])
        return
    value = stated_driver_capabilities(ctx)
    fix = ["docker inspect --format '{{.Config.Env}}' IMAGE | tr ' ' '\\n' | grep NVIDIA_  # what the image sets",
           "docker run ... -e NVIDIA_DRIVER_CAPABILITIES=compute,utility ...  # or ENV in the Dockerfile, or --gpus all",
           "ldconfig -p | grep libcuda  # inside the container: libcuda.so.1 is there once compute is given"]
    if value is not None:
        wanted = {part.strip().lower() for part in value.split(",")}
        if not wanted & {"compute", "all"}:
            yield Hit(f"NVIDIA_DRIVER_CAPABILITIES is '{value}': without 'compute' the runtime does not mount libcuda, "
                      "so CUDA in the container finds no driver", confirmed=True,
                      evidence={"NVIDIA_DRIVER_CAPABILITIES": value, "observed": cuda_fails[:1]}, fix=fix)
        return
    if smi_without_cuda and value is None:
        yield Hit("nvidia-smi in the container shows 'CUDA Version: N/A': it cannot load libcuda, which the NVIDIA "
                  "runtime mounts only for the compute driver capability, so the image asks for no compute (it is not "
                  "built on an nvidia/cuda image, or lost that image's ENV, as `docker export` and `import` lose it) "
                  "and CUDA in it finds no driver", confirmed=True,
                  evidence={"observed": smi_without_cuda[0].strip()[:200]},
                  fix=fix + ["FROM nvidia/cuda:<release>-base-<os>  # or keep the nvidia/cuda image's ENV: docker "
                             "commit and docker save/load keep it, docker export/import do not"])
        return
    # NVIDIA's own images (nvidia/cuda, nvcr.io/nvidia/...) set compute themselves
    runs = [line for line in ctx.observations if RUNTIME_RUN.search(line) and RUN_COMMAND.search(line.strip())
            and not re.search(r"--gpus\b|\bnvidia/cuda\b|\bnvcr\.io/nvidia/", line)]
    smi_works = bool(ctx.facts.gpus.devices or ctx.driver_version())
    if runs and smi_works:
        yield Hit("the container runs with the nvidia runtime and its command sets no NVIDIA_DRIVER_CAPABILITIES: "
                  "nvidia-smi works (the default capability is utility) but CUDA finds no driver, so the image most "
                  "likely does not set compute either (check with docker inspect)", confirmed=True,
                  evidence={"command": runs[0].strip()[:200], "observed": cuda_fails[:1],
                            "driver_seen_in_container": ctx.driver_version() or "nvidia-smi lists the GPU"}, fix=fix)


# runc refusing the seccomp profile it was handed: docker's "failed to create shim: OCI runtime create failed: ...
# error adding seccomp filter rule for syscall clone3: permission denied: unknown", nerdctl's quoted form.
SECCOMP_CLONE3 = r"error adding seccomp filter rule for syscall clone3"


@rule("CTR015", "docker-seccomp-clone3-unsupported", "error",
      "The container runtime is older than the seccomp profile it was given (clone3)",
      signatures=(SECCOMP_CLONE3,), priority=10, scope="containers",
      references=("https://github.com/containerd/containerd/issues/6203",
                  "https://github.com/NVIDIA/nvidia-container-runtime/issues/157"))
def docker_seccomp_clone3_unsupported(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Every container fails to start, with or without GPUs, right after an `apt-get upgrade` updated
    Docker or containerd: "docker: Error response from daemon: failed to create shim: OCI runtime
    create failed: container_linux.go:380: starting container process caused: error adding seccomp
    filter rule for syscall clone3: permission denied: unknown."

    Why:
    Newer Docker and containerd releases list the clone3 system call in their default seccomp
    profile. The runc that starts the container (directly, or through nvidia-container-runtime)
    must know that call; an older runc, or one built against a libseccomp that predates clone3,
    cannot add the rule and refuses to start the container. The packages came from different
    sources or were upgraded one without the other: Ubuntu's docker.io update against the NVIDIA
    runtime packages of the time, a Jetson's JetPack 4 system after `apt-get upgrade`.

    Fix:
    Upgrade the runtime packages together (runc, containerd, and the NVIDIA container runtime or
    toolkit, whose later releases work with the new profile), or put Docker and containerd back to
    the versions before the upgrade and hold them. Running the container privileged hides the
    error and is not a fix.

    When to ignore:
    Never: no container starts.
    """
    if not seen:
        return
    yield Hit("runc could not add the seccomp rule for clone3: the runtime that starts containers is older than the "
              "seccomp profile of the Docker/containerd that was upgraded", evidence={"observed": seen[:1]},
              confirmed=True,
              fix=["runc --version  # the runc in use and its libseccomp",
                   "sudo apt-get update && sudo apt-get install --only-upgrade runc containerd "
                   "nvidia-container-toolkit nvidia-container-runtime  # upgrade them together",
                   "or: apt-cache policy docker.io containerd  # reinstall the versions before the upgrade, then "
                   "sudo apt-mark hold docker.io containerd"])


# Docker's warning when it runs an image of another CPU architecture ("WARNING: The requested image's platform
# (linux/amd64) does not match the detected host platform (linux/arm64/v8) and no specific platform was requested"),
# and the kernel's refusal of the image's first program as runc reports it ('exec user process caused "exec format
# error"', later "exec /bin/bash: exec format error").
IMAGE_PLATFORM_MISMATCH = re.compile(r"requested image'?s platform \(([\w/]+)\) does not match the detected host "
                                     r"platform \(([\w/]+)\)", re.I)
EXEC_FORMAT_ERROR = r"exec(?: user process caused)?\W{0,3}(?:\S+: )?exec format error"
ARM_HOST = re.compile(r"\b(?:aarch64|arm64)\b", re.I)
# Hosts people name by their hardware whose CPUs are Arm: Ampere Computing's Altra servers (not NVIDIA's Ampere GPUs),
# AWS Graviton, NVIDIA's Grace superchips (GH200, GB200) and the GB10 of DGX Spark, Apple silicon Macs, Raspberry Pi
# ("Ampere Altra CPU, RTX A6000" and "running this on a dgx spark", remsky/Kokoro-FastAPI; NVIDIA's DGX Spark and
# Grace pages: https://www.nvidia.com/en-us/products/workstations/dgx-spark/,
# https://www.nvidia.com/en-us/data-center/grace-cpu/).
ARM_HARDWARE = (r"\bAmpere\s+Altra\b", r"\bGraviton\s?\d?\b", r"\bDGX\s+Spark\b", r"\bGB10\b", r"\bG[HB]200\b",
                r"\bGrace\s+(?:Hopper|Blackwell)\b", r"\bRaspberry\s+Pi\b", r"\bApple\s+(?:silicon|M[1-5])\b")


@rule("CTR016", "container-image-wrong-architecture", "error", "The image is built for another CPU architecture than the host",
      signatures=(IMAGE_PLATFORM_MISMATCH.pattern, EXEC_FORMAT_ERROR), priority=10, scope="containers",
      references=("https://docs.docker.com/build/building/multi-platform/",))
def container_image_wrong_architecture(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `docker run` on a Jetson or another arm64 host warns "The requested image's platform (linux/amd64)
    does not match the detected host platform (linux/arm64/v8)", then fails, with the NVIDIA hook's
    "nvidia-container-cli: initialization error: driver error: failed to process request" or with
    'exec user process caused "exec format error"'.

    Why:
    An image holds programs for one CPU architecture. Many CUDA images, and most images built on a
    workstation, are linux/amd64 only; an arm64 host cannot run their programs, and on a Jetson the
    NVIDIA runtime also cannot give an x86-64 image the board's (aarch64, L4T) driver. The reverse
    holds for an arm64 image on an x86-64 host.

    Fix:
    Use an image built for the host's platform: on a Jetson an L4T image for its release
    (nvcr.io/nvidia/l4t-base, l4t-cuda, l4t-jetpack), elsewhere the arm64 variant of a multi-arch image
    (`docker pull --platform linux/arm64 ...`), or build the image on or for that platform
    (`docker buildx build --platform linux/arm64`).

    When to ignore:
    "exec format error" from a script without a #! line, on a host and image of one architecture.
    """
    if not seen:
        return
    warned = next((m for line in seen for m in [IMAGE_PLATFORM_MISMATCH.search(line)] if m), None)
    if warned:
        image, host = warned.group(1), warned.group(2)
    elif (ctx.jetson() or ARM_HOST.search(ctx.facts.system.arch or "") or ctx.observed([ARM_HOST.pattern])
          or ctx.observed(ARM_HARDWARE)):
        image, host = "", "linux/arm64"
    else:
        return  # an exec format error on a host of unknown architecture: a script without #! is as likely
    jetson = ctx.jetson()
    fix = ["docker image inspect --format '{{.Os}}/{{.Architecture}}' <image>  # the image's platform",
           "uname -m  # the host's"]
    if jetson:
        fix.append("use an L4T image for this board's release: nvcr.io/nvidia/l4t-base (or l4t-cuda, l4t-jetpack) "
                   "with the tag of its L4T release (cat /etc/nv_tegra_release)")
    fix += [f"docker pull --platform {host.split('/v')[0]} <image>  # a multi-arch image's variant for this host",
            f"docker buildx build --platform {host.split('/v')[0]} ...  # or build it for this platform"]
    yield Hit((f"the image is {image}, the host {host}" if image else
               f"the image's programs are for another CPU architecture than this {host} host"
               + (" (a Jetson)" if jetson else "")) + ": the host cannot run them",
              confirmed=bool(warned), evidence={"observed": seen[:1], "jetson": jetson or "",
                                                "arm_hardware": ctx.observed(ARM_HARDWARE)[:1]}, fix=fix)


# The driver's video libraries (NVDEC's libnvcuvid, NVENC's libnvidia-encode) not found, in DALI's words ("Failed to
# load libnvcuvid.so, needed by the VideoReader operator"), FFmpeg's ("Cannot load libnvcuvid.so.1") and the loader's.
VIDEO_LIBS_MISSING = (r"(?:Failed to|Cannot|Could not|Unable to) load (?:library )?\W?(?:libnvcuvid|libnvidia-encode)\.so",
                      r"(?:libnvcuvid|libnvidia-encode)\.so(?:\.\d+)?: cannot open shared object file")


@rule("CTR017", "container-driver-capabilities-lack-video", "error",
      "The container was given the driver without its video codec libraries (NVIDIA_DRIVER_CAPABILITIES)",
      signatures=VIDEO_LIBS_MISSING, priority=11, references=(CAPABILITIES_DOC,), scope="containers")
def container_driver_capabilities_lack_video(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    In a GPU container CUDA works, but video decoding or encoding on the GPU fails: DALI's VideoReader
    "Failed to load libnvcuvid.so, needed by the VideoReader operator. If you are running in a Docker
    container, please refer to ..."; FFmpeg "Cannot load libnvcuvid.so.1" or "Cannot load
    libnvidia-encode.so.1".

    Why:
    NVDEC and NVENC are reached through libraries of the driver (libnvcuvid, libnvidia-encode). The
    NVIDIA container runtime mounts only the driver parts that NVIDIA_DRIVER_CAPABILITIES names, and
    `video` is in neither the runtime's default (utility) nor what NVIDIA's CUDA images set
    (compute,utility). So the container has CUDA but not the codec libraries.

    Fix:
    Start the container with the video capability: `-e NVIDIA_DRIVER_CAPABILITIES=compute,utility,video`
    (or `all`), `--gpus 'all,"capabilities=compute,utility,video"'`, or ENV in the image. A hosted
    notebook (Kaggle, Colab) decides this itself: decode on the CPU there.

    When to ignore:
    Outside containers, where a missing libnvcuvid means the driver was installed without its decode
    package.
    """
    if not seen or not in_container(ctx):
        return
    value = stated_driver_capabilities(ctx)
    if value is not None and {part.strip().lower() for part in value.split(",")} & {"video", "all"}:
        return  # video was given: the libraries are missing on the host, not held back by the runtime
    yield Hit("the container has the driver without its video capability, so the codec libraries (libnvcuvid, "
              "libnvidia-encode) were not mounted" + (f" (NVIDIA_DRIVER_CAPABILITIES is '{value}')" if value else ""),
              evidence={"observed": seen[:1], "NVIDIA_DRIVER_CAPABILITIES": value or "not in the input"},
              fix=["docker run -e NVIDIA_DRIVER_CAPABILITIES=compute,utility,video ...  # or all; ENV in the Dockerfile",
                   "docker run --gpus 'all,\"capabilities=compute,utility,video\"' ...",
                   "ls /usr/lib/x86_64-linux-gnu/libnvcuvid*  # inside the container, once video is given"])


# libGL in a process that cannot reach NVIDIA's GL libraries falls back to Mesa, whose visuals NVIDIA's X server does not
# offer (a Flatpak sandbox without its NVIDIA extension, DRV021; a container without the graphics capability). A program
# that asks for a visual itself says only that none came: Blender's "X11 glXChooseVisual() failed, verify working openGL
# system!" (a Flatpak without the extension, flathub/org.blender.Blender#97), Steam's "glXChooseVisual failed" (NVIDIA's
# 32-bit GL libraries missing, ValveSoftware/steam-for-linux#5886, NixOS/nixpkgs#213983).
# A Flatpak named, or its manifest's own key ("finish-args": [ "--socket=x11", ... ], flatpak/flatpak#138).
FLATPAK = r"\bflatpak\b|\bfinish-args\b"
GL_FELL_BACK_TO_MESA = (r"libGL error: No matching fbConfigs or visuals found", r"libGL error: failed to load driver: swrast",
                        r"Could not initialize GLX", r"\bglXChooseVisual(?:\(\))? failed\b")
# OptiX lives in the display driver (libnvoptix.so.1): optixInit() returns OPTIX_ERROR_LIBRARY_NOT_FOUND (7804) when it
# cannot load it, "OptiX error 7804 (OPTIX_ERROR_LIBRARY_NOT_FOUND)" in nvidia-docker#1545 (settled there: the toolkit
# mounts libnvoptix only for the graphics capability), "Optix Error: 'Library not found'" in NVIDIA/pyxis#103.
# Programs' own words for it: "OptiX Error: Failed to load OptiX library" (PlantSimulationLab/Helios#37), "Optix call
# (optixInit()) failed with code 7804" (owl-project/NVISII#107), Dr.Jit's "jit_optix_init(): libnvoptix.so.1 could not
# be loaded" (rgl-epfl/differentiable-sdf-rendering#8).
OPTIX_LIBRARY_NOT_FOUND = (r"\bOPTIX_ERROR_LIBRARY_NOT_FOUND\b", r"\bOptiX error 7804\b",
                           r"\bOptix Error\W{1,3}Library not found\b", r"\bFailed to load OptiX library\b",
                           r"\boptixInit\W{1,6}failed with code 7804\b",
                           r"\blibnvoptix\.so(?:\.1)?\W{0,3}(?:could not be loaded|cannot open shared object)")
# OptiX failing to start without saying why, which a missing library is one cause of: PlotOptiX's "OptiX initialization
# failed. Unknown OptixResult code: Compatible device(s) not found / OptiX not initialized." (rnd-team-dev/plotoptix#46,
# in a container without the graphics capability), Blender's "OptiX denoiser creation has failed" (in a Flatpak whose
# NVIDIA extension lacked OptiX's files, flathub/org.freedesktop.Platform.GL.nvidia#184). Blender's "OptiX
# initialization failed because the installed NVIDIA driver is too old" is DRV022's.
OPTIX_FAILED_TO_START = (r"\bOptiX initialization failed(?! because)", r"\bOptiX not initialized\b",
                         r"\bOptiX denoiser creation has failed\b")
# A container the NVIDIA runtime was asked to give GPUs: Docker's request, or nvidia-docker named as the way it ran.
NVIDIA_DOCKER = r"\bnvidia-docker2?\b"
# A driver-capability setting that gives the graphics part: "NVIDIA_DRIVER_CAPABILITIES=all", "=compute,utility,graphics",
# the ENV form that appends to what is set ("${NVIDIA_DRIVER_CAPABILITIES:+$NVIDIA_DRIVER_CAPABILITIES,}graphics"),
# Docker's "--gpus 'all,"capabilities=graphics,..."'" and compose's "capabilities: [gpu, graphics]".
GRAPHICS_GIVEN = (r"(?:NVIDIA_DRIVER_CAPABILITIES|capabilities)\W{1,4}[\w,\"' \[]*\b(?:graphics|all)\b|"
                  r"_CAPABILITIES,\}graphics\b")


@rule("CTR030", "container-driver-capabilities-lack-graphics", "error",
      "The container was given the driver without its graphics libraries (NVIDIA_DRIVER_CAPABILITIES)",
      signatures=GL_FELL_BACK_TO_MESA + OPTIX_LIBRARY_NOT_FOUND + OPTIX_FAILED_TO_START, priority=11,
      references=(CAPABILITIES_DOC,),
      scope="containers")
def container_driver_capabilities_lack_graphics(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    In a container given the GPU, CUDA works but OpenGL or OptiX does not: "libGL error: No matching
    fbConfigs or visuals found" and "libGL error: failed to load driver: swrast" (Gazebo, RViz and
    other GL programs under nvidia-docker2), or OptiX failing to start: "OptiX error 7804
    (OPTIX_ERROR_LIBRARY_NOT_FOUND)", "Optix Error: 'Library not found'" in a Slurm job's container,
    PlotOptiX's "OptiX initialization failed. ... OptiX not initialized." under `docker run --gpus all`.

    Why:
    The NVIDIA container runtime mounts only the driver parts that NVIDIA_DRIVER_CAPABILITIES names.
    NVIDIA's GL libraries (libGLX_nvidia, libEGL_nvidia) and OptiX's (libnvoptix, which is part of
    the driver, not of the OptiX SDK) belong to `graphics`, which is neither the runtime's default
    (utility) nor in what NVIDIA's CUDA images and `--gpus all` ask for (compute,utility). Without
    them libGL falls back to Mesa and OptiX finds no implementation. Vulkan's part is DRV031's.

    Fix:
    Start the container with the graphics capability: `-e NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics`
    (add `display` for an X11 window; or `all`), `--gpus 'all,"capabilities=compute,utility,graphics"'`,
    ENV in the image, or the variable in the environment of `srun --container-image` (pyxis/enroot).

    When to ignore:
    When the report shows graphics already given: then the libraries are missing for another reason
    (an old toolkit, a hand-written CDI spec).
    """
    if not seen or ctx.has_nvidia_gpu() is False or not ctx.observed([GPU_REQUEST.pattern, NVIDIA_DOCKER]):
        return
    if not in_container(ctx) or ctx.observed([FLATPAK]):
        return  # a Flatpak sandbox has GL libraries of its own to miss (DRV021)
    value = stated_driver_capabilities(ctx)
    if ctx.observed([GRAPHICS_GIVEN]) or (value and {part.strip().lower() for part in value.split(",")}
                                          & {"graphics", "all"}):
        return  # graphics was given: the libraries are missing for another reason
    unfound = any(re.search(p, line, re.I) for p in OPTIX_LIBRARY_NOT_FOUND for line in seen)
    optix = unfound or any(re.search(p, line, re.I) for p in OPTIX_FAILED_TO_START for line in seen)
    part = "OptiX's library (libnvoptix, part of the driver)" if optix else "NVIDIA's OpenGL libraries (libGLX_nvidia)"
    yield Hit(f"the container has the driver without its graphics capability, so {part} was not mounted"
              + (f" (NVIDIA_DRIVER_CAPABILITIES is '{value}')" if value else ""),
              evidence={"observed": seen[0].strip()[:200], "NVIDIA_DRIVER_CAPABILITIES": value or "not in the input"},
              confirmed=value is not None, generic=optix and not unfound and value is None,
              fix=["docker run --gpus all -e NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics ...  # add display "
                   "for an X11 window, or use all; ENV in the Dockerfile does the same",
                   "NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics srun --container-image=... # pyxis/enroot",
                   "ls /usr/lib/x86_64-linux-gnu/ | grep -E 'libnvoptix|libGLX_nvidia'  # inside, once graphics is "
                   "given"])


# nvidia-docker 1.x's plugin building its driver volume: "Error: link /usr/bin/nvidia-cuda-mps-control
# /var/lib/nvidia-docker/volumes/nvidia_driver/367.27/bin/nvidia-cuda-mps-control: invalid cross-device link"
VOLUME_CROSS_DEVICE = r"\blink /\S+ /\S*nvidia_driver\S*: invalid cross-device link"
NVIDIA_DOCKER_1_LIMITS = "https://github.com/NVIDIA/nvidia-docker/issues/47"


@rule("CTR018", "nvidia-docker-volume-cross-device", "error",
      "nvidia-docker 1.x cannot build its driver volume: the volume directory is on another filesystem than the driver",
      signatures=(VOLUME_CROSS_DEVICE,), priority=12, references=(NVIDIA_DOCKER_1_LIMITS,), scope="containers")
def nvidia_docker_volume_cross_device(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `nvidia-docker volume setup`, or the first `nvidia-docker run`, fails with "Error: link
    /usr/bin/nvidia-cuda-mps-control /var/lib/nvidia-docker/volumes/nvidia_driver/367.27/bin/nvidia-cuda-mps-control:
    invalid cross-device link"; Docker then says "VolumeDriver.Create: internal error".

    Why:
    nvidia-docker 1.x gives containers the driver through a volume that its plugin fills with hard
    links to the driver's files, so that no copy of them is made. A hard link cannot cross
    filesystems: when the plugin's volume directory (/var/lib/nvidia-docker by default, or Docker's
    root) is on another partition than the driver under /usr, the volume cannot be built. The
    maintainers list it as a known limitation (NVIDIA/nvidia-docker#47).

    Fix:
    Start nvidia-docker-plugin with `-d` pointing at a directory on the driver's filesystem, and make
    that lasting in its service file. nvidia-docker 1.x is long deprecated: the NVIDIA Container
    Toolkit (`docker run --gpus all`) mounts the driver's files and needs no volume.

    When to ignore:
    Never for nvidia-docker 1.x; the toolkit that replaced it has no such volume.
    """
    if not seen:
        return
    yield Hit("nvidia-docker's plugin builds its driver volume from hard links, and its volume directory is on "
              "another filesystem than the driver's files", evidence={"observed": seen[:1]},
              fix=["df /usr/bin/nvidia-smi /var/lib/nvidia-docker  # two different filesystems",
                   "nvidia-docker-plugin -d /usr/local/nvidia-driver  # a directory on the driver's filesystem; "
                   "put it in the service's ExecStart",
                   "# better: move to the NVIDIA Container Toolkit (docker run --gpus all), which needs no volume"])


# The loader in an Apptainer/Singularity container refusing a host library that --nv bound in: "libc.so.6: version
# `GLIBC_2.34' not found (required by /.singularity.d/libs/libGLdispatch.so.0)".
HOST_LIB_NEEDS_GLIBC = re.compile(r"GLIBC_(\d+\.\d+)'? not found \(required by /\.singularity\.d/libs/([^)\s]+)\)")
APPTAINER_GPU = "https://apptainer.org/docs/user/latest/gpu.html"


@rule("CTR019", "host-gl-libs-newer-glibc-than-container", "error",
      "Host libraries that --nv binds into the container need a newer glibc than the container has",
      signatures=(HOST_LIB_NEEDS_GLIBC.pattern,), priority=12, scope="containers",
      references=(APPTAINER_GPU, "https://github.com/apptainer/apptainer/blob/main/etc/nvliblist.conf",
                  "https://github.com/apptainer/apptainer/issues/945"))
def host_gl_libs_newer_glibc_than_container(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A program in an Apptainer or Singularity container started with `--nv` fails to load: "libc.so.6:
    version `GLIBC_2.34' not found (required by /.singularity.d/libs/libGLdispatch.so.0)"; the same
    image works without `--nv`, or with `--nv` on a host with an older distribution.

    Why:
    `--nv` binds the host libraries listed in nvliblist.conf into the container (under
    /.singularity.d/libs, ahead of the container's own). Besides the NVIDIA driver's libraries the
    list has the vendor-neutral GL dispatch libraries (libGLdispatch, libGLX, libOpenGL, libEGL) of
    the host's distribution, built against the host's glibc. A container of an older distribution
    has an older glibc, and those host copies do not load in it.

    Fix:
    Leave the vendor-neutral libraries out of nvliblist.conf, so the container uses its own copies
    (the NVIDIA driver's libGLX_nvidia and libEGL_nvidia stay), or use a container at least as new
    as the host's distribution.

    When to ignore:
    Never while the program needs those libraries.
    """
    found = first_match(HOST_LIB_NEEDS_GLIBC, seen)
    if found is None:
        return
    glibc, library = found.group(1), found.group(2)
    yield Hit(f"the host's {library}, bound in by --nv, needs glibc {glibc}, newer than the container's glibc",
              evidence={"observed": seen[0].strip()[:200], "host_library": library, "needs_glibc": glibc},
              fix=[f"grep -n '{library.split('.so')[0]}' /etc/apptainer/nvliblist.conf  # or the singularity "
                   "nvliblist.conf of your install",
                   "comment out the vendor-neutral GL libraries there (libGLdispatch, libGLX.so, libOpenGL, libEGL.so), "
                   "keeping the *_nvidia ones, then run with --nv again",
                   "or build the container on a base at least as new as the host's distribution"])


# SELinux's own record of a refusal on an NVIDIA device ("avc:  denied  { read write } for  pid=... name="nvidiactl"
# ... tcontext=system_u:object_r:xserver_misc_device_t:s0"); NVML's refusal and the signs of SELinux are system's.
SELINUX_DENIAL = r"avc:\s+denied\s+\{[^}]*\}.{0,300}(?:nvidia|xserver_misc_device_t)"


@rule("CTR020", "selinux-blocks-container-gpu-access", "error",
      "SELinux stops a container from using the NVIDIA devices it was given",
      signatures=(NVML_PERMISSIONS, SELINUX_DENIAL), priority=13, scope="containers",
      references=("https://github.com/NVIDIA/nvidia-docker/issues/676",
                  "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"))
def selinux_blocks_container_gpu_access(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On a RHEL, CentOS, Fedora or Rocky host, `nvidia-smi` in a GPU container says "Failed to initialize
    NVML: Insufficient Permissions" (CUDA finds no device), while the host's nvidia-smi works and the
    same container works with `--privileged`; the audit log has "avc:  denied" lines for nvidiactl or
    nvidia0.

    Why:
    With SELinux enforcing, a container process runs in a confined domain that may use only files
    and devices with the labels its policy allows. The NVIDIA device nodes and driver files that the
    toolkit puts into the container keep their host labels (xserver_misc_device_t for /dev/nvidia*),
    which the default container policy does not allow, so opening them is refused. `--privileged`
    turns the confinement off, which is why it hides the problem.

    Fix:
    Give the container the access without turning SELinux off: run it with `--security-opt
    label=disable` (Podman: `--security-opt=label=disable`, as NVIDIA's CDI examples do), relabel the
    driver files the toolkit mounts (`nvidia-container-cli -k list | restorecon -v -f -`, the
    maintainers' suggestion), or load a policy module that allows the NVIDIA labels in containers.

    When to ignore:
    Rootless containers on hosts without SELinux: the same NVML message there is the device group
    lost in the user namespace.
    """
    if not seen or not in_container(ctx):
        return
    denial = first_match(re.compile(SELINUX_DENIAL, re.I), seen)
    signs = ctx.observed(SELINUX_SIGNS)
    if denial is None and not signs:
        return  # NVML's refusal alone has other causes (a rootless container, device permissions)
    yield Hit("SELinux keeps the container's processes from the NVIDIA devices and driver files it was given"
              + ("" if denial else " (NVML's permission error in a container on an SELinux host)"),
              evidence={"observed": (denial.string if denial else seen[0]).strip()[:200],
                        "selinux": signs[0].strip()[:160] if signs else "an AVC denial"}, confirmed=bool(denial),
              generic=denial is None, priority=13,
              fix=["getenforce  # Enforcing: SELinux is confining the container",
                   "sudo ausearch -m avc -ts recent | grep -i nvidia  # the refusals, with the labels involved",
                   "docker run --security-opt label=disable --gpus all ...  # podman: --security-opt=label=disable",
                   "or: nvidia-container-cli -k list | sudo restorecon -v -f -  # relabel what the toolkit mounts"])


# libnvidia-container before 1.8 knew only the cgroup v1 devices controller: on a host booted with the unified
# cgroup v2 hierarchy (systemd's default on newer distributions) its prestart hook says "nvidia-container-cli:
# container error: cgroup subsystem devices not found". 1.8.0 added cgroup v2 ("Add new cgroup.c file based on
# nvcgo that supports both cgroupv1 and cgroupv2", its release notes); 1.8.1 fixed the version detection.
NO_DEVICES_CGROUP = r"cgroup subsystem devices not found"
# The hook's error cut short ("nvidia-container-cli: container error:" and nothing after), with the host's cgroup v2
# stated beside it: in words ("changes to use cgroups v2"), by the boot option, or by `stat -fc %T /sys/fs/cgroup`.
HOOK_CONTAINER_ERROR = r"nvidia-container-cli: container error"
CGROUP_V2 = r"\bcgroups?[\s-]*v2\b|\bcgroupv2\b|unified_cgroup_hierarchy=1\b|\bcgroup2fs\b"
LIBNVIDIA_CONTAINER_18 = "https://github.com/NVIDIA/libnvidia-container/releases/tag/v1.8.0"


@rule("CTR021", "container-toolkit-no-cgroup-v2", "error",
      "The container toolkit is older than the host's cgroup v2 hierarchy",
      signatures=(NO_DEVICES_CGROUP,), priority=12, references=(LIBNVIDIA_CONTAINER_18,), scope="containers")
def container_toolkit_no_cgroup_v2(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Every GPU container fails to start: "nvidia-container-cli: container error: cgroup subsystem
    devices not found: unknown.", after a distribution moved to cgroup v2 (systemd 248 on Arch,
    Debian testing in 2021, Ubuntu and Pop!_OS 21.10). A paste cut after "container error:" counts
    when the report says the host uses cgroups v2.

    Why:
    libnvidia-container (nvidia-container-cli, the toolkit's prestart hook) before 1.8.0 puts the
    GPU device nodes into the container's devices cgroup, which exists only in cgroup v1. A host
    booted with the unified cgroup v2 hierarchy has no /sys/fs/cgroup/devices, so the hook fails.

    Fix:
    Upgrade the NVIDIA Container Toolkit (libnvidia-container 1.8.1 or newer). Where that is not
    possible: boot with `systemd.unified_cgroup_hierarchy=0`.

    When to ignore:
    Never: no GPU container starts until one of the two changes.
    """
    installed = next((t.version for t in ctx.facts.docker.toolkit if t.name == "nvidia-container-cli"), "")
    if not seen:
        cut = ctx.observed([HOOK_CONTAINER_ERROR])
        stated = cut and ctx.observed([CGROUP_V2]) and not (installed and version(installed) >= version("1.8.0"))
        seen = cut if stated else []
        if not seen:
            return
    old = bool(installed) and version(installed) < version("1.8.0")
    yield Hit(("libnvidia-container " + installed + " predates cgroup v2 support (added in 1.8.0)" if old else
               "the container toolkit's hook found no cgroup v1 devices controller: libnvidia-container before 1.8 "
               "supports only cgroup v1" + (f" (this one is {installed})" if installed else ""))
              + ", and this host boots with the unified cgroup v2 hierarchy, so no GPU container can start",
              evidence={"observed": seen[0].strip()[:200], **({"nvidia_container_cli": installed} if installed else {})},
              confirmed=bool(ctx.observed([NO_DEVICES_CGROUP])),
              fix=_distro.install_container_toolkit(ctx.distro) +
              ["nvidia-container-cli -V  # 1.8.1 or newer handles cgroup v2",
               "or, where the toolkit cannot be upgraded: add systemd.unified_cgroup_hierarchy=0 to the kernel "
               "command line (GRUB_CMDLINE_LINUX), update-grub, reboot"])


# A node that advertises no GPU: describe node's Capacity/Allocatable without nvidia.com/gpu (read by the kubernetes
# importer as node_gpus 0), or people saying so ("`kubectl describe node` doesn't show the gpu", "Capacity and
# Allocatable do not list nvidia.com/gpu").
NODE_SHOWS_NO_GPU = (r"describe nodes?\b.{0,80}\b(?:doesn'?t|does not|don'?t|do not|not|never|no)\s+(?:show|list|have|contain"
                     r"|display|see)s?\b.{0,40}\bgpus?\b",
                     r"\b(?:Capacity|Allocatable)\b.{0,40}\b(?:doesn'?t|does not|don'?t|do not|not)\s+(?:show|list|have|contain)"
                     r"\w*\s+(?:any\s+)?nvidia\.com/gpu",
                     r"\bno\s+(?:nvidia\.com/)?gpu\s+resources?\b.{0,20}\b(?:on|in|for)\s+(?:the\s+|my\s+)?node")
# A device plugin (or what deploys one) in sight: then it is there and failing, which other rules read.
DEVICE_PLUGIN_SHOWN = (r"device[- ]plugin", r"\bgpu[- ]operator\b", r"\bmicrok8s enable gpu\b", r"\bnvdp\b")
DEVICE_PLUGIN_README = "https://github.com/NVIDIA/k8s-device-plugin#quick-start"


@rule("CTR023", "k8s-device-plugin-not-deployed", "error",
      "A Kubernetes node has GPUs but no device plugin to advertise them",
      priority=13, scope="containers", references=(DEVICE_PLUGIN_README,))
def k8s_device_plugin_not_deployed(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    GPU pods stay Pending ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu"), and `kubectl
    describe node` lists cpu, memory and pods under Capacity and Allocatable but no nvidia.com/gpu,
    although the node's driver works (nvidia-smi on the node) and containers started by hand with
    the NVIDIA runtime see the GPU.

    Why:
    Kubernetes knows of a node's GPUs only through a device plugin: NVIDIA's k8s-device-plugin,
    deployed as a DaemonSet (by hand, by Helm, or by the GPU Operator), registers them with the
    kubelet as the nvidia.com/gpu resource. Installing the driver and the container toolkit on the
    node, or k3s detecting the nvidia runtime, does not advertise anything.

    Fix:
    Deploy the device plugin (`helm install` of nvdp/nvidia-device-plugin, or the GPU Operator),
    with the nvidia runtime available to its pods, then check that `kubectl describe node` lists
    nvidia.com/gpu.

    When to ignore:
    When the device plugin is deployed and its pod runs: then it finds no GPU, a runtime problem.
    """
    said = ctx.observed(NODE_SHOWS_NO_GPU)
    if not (said or ctx.facts.container.node_gpus == 0) or ctx.observed(DEVICE_PLUGIN_SHOWN):
        return
    yield Hit("the node advertises no nvidia.com/gpu resource, and nothing in the report shows a device plugin: "
              "Kubernetes learns of GPUs only from NVIDIA's device plugin (or the GPU Operator, which deploys it), "
              "not from the driver or the container toolkit on the node",
              evidence={"observed": said[0].strip()[:200]} if said else {"container.node_gpus": 0},
              fix=["kubectl get pods -A | grep -i -E 'device-plugin|gpu-operator'  # nothing: no plugin runs",
                   "helm repo add nvdp https://nvidia.github.io/k8s-device-plugin && helm repo update",
                   "helm install --generate-name nvdp/nvidia-device-plugin  # or install the GPU Operator",
                   "kubectl describe node <node> | grep nvidia.com/gpu  # listed under Capacity and Allocatable"])


# The init container of NVIDIA's DRA kubelet plugin (kubernetes-sigs/dra-driver-nvidia-gpu, since PR #389) waits until
# nvidia-smi and libnvidia-ml.so.1 appear under the driver root the chart's nvidiaDriverRoot names, mounted at
# /driver-root, and says each time what it found: "/driver-root (/ on host): nvidia-smi: not found, libnvidia-ml.so.1:
# not found, current contents: [...]". With the GPU Operator's driver container the root is /run/nvidia/driver.
DRA_DRIVER_ROOT = re.compile(r"/driver-root \((\S+) on host\):[^\n]*?\bnot found")
OPERATOR_DRIVER_ROOT = "/run/nvidia/driver"
DRA_DRIVER_ROOT_ISSUE = "https://github.com/kubernetes-sigs/dra-driver-nvidia-gpu/issues/605"


@rule("CTR027", "nvidia-userspace-outside-driver-root", "error",
      "The DRA kubelet plugin finds no NVIDIA user-space under the driver root it is given",
      signatures=(DRA_DRIVER_ROOT.pattern,), priority=12, scope="containers",
      references=("https://github.com/kubernetes-sigs/dra-driver-nvidia-gpu/pull/389", DRA_DRIVER_ROOT_ISSUE))
def nvidia_userspace_outside_driver_root(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The kubelet plugin pod of NVIDIA's DRA driver stays in Init:0/1, its init container repeating
    "/driver-root (/ on host): nvidia-smi: not found, libnvidia-ml.so.1: not found, current
    contents: [...]".

    Why:
    The plugin reaches the driver through the host directory the chart's nvidiaDriverRoot names (/
    for a driver installed on the host, /run/nvidia/driver for the GPU Operator's driver
    container) and looks for nvidia-smi and libnvidia-ml.so.1 at the usual places under it. Until
    both are there it waits. A driver whose user-space lives elsewhere (a distribution with its
    own layout, such as Talos Linux's NVIDIA extensions before Talos 1.13), a node with only the
    kernel module, or a driver container that has not finished, leaves it waiting for ever.

    Fix:
    Find where nvidia-smi and libnvidia-ml.so.1 are on the node, and set nvidiaDriverRoot to the
    root they sit under (usr/bin, usr/lib*); install the driver's user-space where it is missing;
    with the GPU Operator's driver, look at its driver pod.

    When to ignore:
    The first minutes after a node starts while the operator's driver container is still building.
    """
    said = first_match(DRA_DRIVER_ROOT, seen)
    if said is None:
        return
    root = said.group(1)
    if root.rstrip("/") == OPERATOR_DRIVER_ROOT:
        yield Hit(f"the DRA kubelet plugin waits for the GPU Operator's driver container to put the driver under "
                  f"{OPERATOR_DRIVER_ROOT}, and it is not there: the driver container has not finished (or failed)",
                  evidence={"driver_root": root, "observed": said.string.strip()[:200]}, confirmed=True,
                  fix=["kubectl get pods -n gpu-operator -o wide | grep nvidia-driver  # Running and ready on this node",
                       "kubectl logs -n gpu-operator <nvidia-driver-daemonset pod on this node> --all-containers  # "
                       "why it has not finished"])
        return
    talos = ctx.observed([r"\btalos\b"])
    yield Hit(f"the DRA kubelet plugin looks for nvidia-smi and libnvidia-ml.so.1 under the driver root {root} "
              "(nvidiaDriverRoot) and finds neither: the driver's user-space is somewhere else on this node, or not "
              "installed (only the kernel module)", evidence={"driver_root": root, "observed": said.string.strip()[:200],
                                                             **({"os": talos[0].strip()[:120]} if talos else {})},
              confirmed=True, references=[DRA_DRIVER_ROOT_ISSUE] if talos else [],
              fix=["find / \\( -name nvidia-smi -o -name 'libnvidia-ml.so.1' \\) 2>/dev/null  # on the node",
                   "helm upgrade <release> <the DRA driver's chart> --reuse-values --set nvidiaDriverRoot=<the "
                   "directory they sit under, as usr/bin and usr/lib*>",
                   *(["on Talos Linux: 1.13 or newer, whose NVIDIA extensions put the user-space where the plugin "
                      "looks (before it, the files were under /usr/local)"] if talos else
                     ["install the driver's user-space (nvidia-smi, libnvidia-ml) on the node if find shows none"])])


# The GPU Operator's driver container installs the driver's user-space under /run/nvidia/driver on the host, not on
# its PATH (NVIDIA/gpu-operator#178: "chroot /run/nvidia/driver nvidia-smi"); with driver.enabled=false the operator
# expects a driver installed on the host.
OPERATOR_NAMED = r"\bgpu[- ]operator\b"
OPERATOR_HOST_DRIVER = r"driver\.enabled\s*=\s*false"


@rule("CTR024", "operator-driver-not-on-host-path", "warning",
      "nvidia-smi is not on the host's PATH where the GPU Operator runs the driver in a container",
      signatures=(SMI_NOT_FOUND,), priority=15, scope="containers",
      references=("https://github.com/NVIDIA/gpu-operator/issues/178",))
def operator_driver_not_on_host_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On a GPU node of a cluster whose GPU Operator installed the driver (its validation passes, GPU
    pods run), a shell on the node says "Command 'nvidia-smi' not found".

    Why:
    The GPU Operator's driver DaemonSet builds and loads the kernel module on the node but keeps the
    driver's user-space (nvidia-smi, libcuda) in its container, whose root it exposes on the host at
    /run/nvidia/driver. Nothing puts those files on the host's PATH; the operator's other components
    find them there.

    Fix:
    Nothing is broken: run `sudo chroot /run/nvidia/driver nvidia-smi` on the node, or nvidia-smi in
    the driver pod (`kubectl exec -n gpu-operator <nvidia-driver-daemonset pod> -- nvidia-smi`). Do
    not install a second driver on the host.

    When to ignore:
    Where the operator was installed with driver.enabled=false: then the host's own driver is missing.
    """
    operator = ctx.observed([OPERATOR_NAMED]) if seen else []
    if not operator or ctx.observed([OPERATOR_HOST_DRIVER, r"\bkubectl exec\b", DRA_DRIVER_ROOT.pattern]):
        return  # the DRA plugin's own check names the driver root it searched: CTR027 reads it
    yield Hit("nvidia-smi is not found on the node because the GPU Operator runs the driver in a container: its "
              "nvidia-smi and libraries are under /run/nvidia/driver on the host, not on the host's PATH",
              evidence={"observed": seen[0].strip()[:200], "operator": operator[0].strip()[:160]},
              fix=["sudo chroot /run/nvidia/driver nvidia-smi",
                   "or: kubectl exec -n gpu-operator <nvidia-driver-daemonset pod> -- nvidia-smi",
                   "do not install a second driver on the host"])


# A session that the container's own SSH or VNC server started (a remote terminal, a desktop, mpirun's ssh to the
# other containers): it gets a fresh environment, without the LD_LIBRARY_PATH and PATH the image and the runtime set,
# while `docker exec` in the same container works (NVIDIA/nvidia-docker, 1.x: "When starting a new SSH or VNC
# session this environment variable is wiped out. You can issue ldconfig in your CMD before starting your server";
# horovod/horovod#313: mpirun's ssh to a container's sshd, fixed with `mpirun -x LD_LIBRARY_PATH`).
REMOTE_SESSION = (r"\bsshd\b|\bSSH\b|\bssh (?:session|server|into|to)\b|\bVNC\b|remote (?:terminal|desktop|session)s?|"
                  r"plm_rsh_args",)
DRIVER_LIBRARY_NOT_FOUND = (NO_NVML_LIBRARY, LIBCUDA_MISSING, r"libnvidia-ml\.so[\d.]*: cannot open shared object file")


def _remote_session_in_container(ctx: Context) -> List[str]:
    """The lines that say a remote session ran inside a GPU container: SSH or VNC words beside a container that
    otherwise had the driver (nvidia-docker, --gpus, or a `docker exec` that worked)."""
    remote = ctx.observed(REMOTE_SESSION)
    if not remote:
        return []
    gpu_container = runs_with_gpus(ctx.observations) or ctx.observed([r"\bnvidia-docker\b", r"docker exec\b.*\bnvidia-smi"])
    return remote if gpu_container else []


@rule("CTR025", "ssh-session-drops-container-library-path", "error",
      "A session started by the container's own SSH server lacks the container's library path",
      signatures=DRIVER_LIBRARY_NOT_FOUND, priority=10, scope="containers",
      references=("https://github.com/horovod/horovod/issues/313",))
def ssh_session_drops_container_library_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    In a GPU container that runs its own sshd or VNC server, nvidia-smi over SSH says "NVIDIA-SMI
    couldn't find libnvidia-ml.so library in your system", or a framework started by mpirun over
    SSH fails with "libcuda.so.1: cannot open shared object file", while `docker exec <container>
    nvidia-smi` works.

    Why:
    The container's environment (LD_LIBRARY_PATH, PATH, the NVIDIA_* variables) is given to the
    processes Docker starts. A login through the container's SSH or VNC server starts from a fresh
    environment, so where the image or the runtime found the driver's libraries by LD_LIBRARY_PATH
    (nvidia-docker 1.x, images that set it), those sessions do not.

    Fix:
    Run `ldconfig` in the container's start command before the SSH/VNC server (the loader's cache
    then finds the libraries without the variable), or pass the variables on: `mpirun -x
    LD_LIBRARY_PATH -x PATH`, or set them in /etc/environment for sshd's sessions.

    When to ignore:
    When `docker exec` fails the same way: then the container has no driver at all.
    """
    remote = ctx.shared("remote_session_in_container", _remote_session_in_container) if seen else []
    if not remote:
        return
    yield Hit("the container has the driver, but a session started by its own SSH/VNC server (or mpirun over SSH) "
              "begins with a fresh environment, without the library path the container's processes get",
              evidence={"session": remote[0].strip()[:160], "observed": seen[:1]},
              fix=["in the container's start command, before the server: ldconfig && /usr/sbin/sshd -D",
                   "mpirun -x LD_LIBRARY_PATH -x PATH ...  # pass the variables to ranks started over SSH",
                   "or write them to /etc/environment, which sshd's sessions read"])


# A CDI spec's hook naming a binary the host does not have at that path: "error running createContainer hook #0:
# fork/exec /usr/bin/nvidia-ctk: no such file or directory" (Talos, whose extension puts it in /usr/local/bin while
# the device plugin writes /usr/bin: siderolabs/extensions#1019), "error running hook #0: fork/exec
# /usr/bin/nvidia-cdi-hook: no such file or directory" (a package without nvidia-cdi-hook: void-linux/void-packages
# #52507). The spec records the path given at generation (nvidia-ctk cdi generate --nvidia-cdi-hook-path).
CDI_HOOK_MISSING = re.compile(r"hook #\d+: fork/exec (\S*/nvidia-(?:ctk|cdi-hook)):? "
                              r"no such file or directory", re.I)


@rule("CTR026", "cdi-hook-path-missing-on-host", "error",
      "The CDI spec's hook names an NVIDIA binary that is not at that path on the host",
      signatures=(CDI_HOOK_MISSING.pattern,), priority=12, scope="containers",
      references=("https://github.com/NVIDIA/nvidia-container-toolkit/blob/main/cmd/nvidia-cdi-hook/README.md",))
def cdi_hook_path_missing_on_host(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A GPU container or pod does not start: "error running createContainer hook #0: fork/exec
    /usr/bin/nvidia-ctk: no such file or directory", or "error running hook #0: fork/exec
    /usr/bin/nvidia-cdi-hook: no such file or directory: OCI runtime attempted to invoke a command
    that was not found".

    Why:
    A CDI spec lists hooks (update-ldcache, create-symlinks) that the container runtime runs on the
    host, by the absolute path written into the spec when it was generated. A spec written with the
    default /usr/bin path on a host that installs the toolkit elsewhere (Talos' /usr/local/bin),
    or by a toolkit package without nvidia-cdi-hook, names a binary the runtime cannot execute.

    Fix:
    Install nvidia-cdi-hook (part of the toolkit packages since 1.16) or make the named path exist
    (a symlink to where it is), or regenerate the spec with the real path (`nvidia-ctk cdi generate
    --nvidia-cdi-hook-path=<path>`; for the GPU Operator's device plugin, NVIDIA_CDI_HOOK_PATH).

    When to ignore:
    Never: every container that gets the GPU through that spec fails.
    """
    found = first_match(CDI_HOOK_MISSING, seen)
    if found is None:
        return
    path = found.group(1)
    name = path.rsplit("/", 1)[-1]
    yield Hit(f"the CDI spec's hook runs {path}, which does not exist on the host", evidence={"hook": path},
              confirmed=True,
              fix=[f"command -v {name} || ls -l /usr/local/bin/{name}  # where the toolkit put it, if anywhere",
                   f"sudo ln -s \"$(command -v {name})\" {path}  # or install the toolkit package that brings it",
                   "or regenerate the spec with the real path: sudo nvidia-ctk cdi generate "
                   "--nvidia-cdi-hook-path=\"$(command -v nvidia-cdi-hook)\" --output=/etc/cdi/nvidia.yaml "
                   "(GPU Operator: set NVIDIA_CDI_HOOK_PATH)"])


# cuInit itself answering CUDA_ERROR_NOT_FOUND (500, "named symbol not found"): the wordings of TensorFlow ("failed call
# to cuInit: CUDA_ERROR_NOT_FOUND: named symbol not found"), PyTorch ("Unexpected error from cudaGetDeviceCount() ...
# Error 500: named symbol not found") and ggml ("ggml_cuda_init: failed to initialize CUDA: named symbol not found").
# The same words after a kernel lookup (cuModuleGetFunction) mean a missing kernel, not this, so the line must speak of
# initialisation.
INIT_NOT_FOUND = (r"(?:\bcuInit\b|cudaGetDeviceCount|initiali[sz]e\s+CUDA|CUDA\s+initiali[sz]ation|_cuda_init\b)"
                  r".{0,240}?(?:CUDA_ERROR_NOT_FOUND|\bError 500\b|named symbol not found)",)
# What says the container runs on Windows: WSL, Docker Desktop, Windows named as the OS.
ON_WINDOWS = (WSL_WORD, r"\bDocker Desktop\b", r"\bWindows\s*(?:1[01]|Server)\b", r"\bOS\W{0,4}Windows\b",
              r"/usr/lib/wsl/")
# A distribution's own kernel release (uname -r, uname -a): the host is native Linux, not WSL2.
NATIVE_KERNEL = (r"\b\d+\.\d+\.\d+-\d+(?:\.\d+)?-(?:generic|lowlatency|aws|azure|gcp|oracle|nvidia)\b",
                 r"\b\d+\.\d+\.\d+-[\d.]+\.el\d+\w*\.(?:x86_64|aarch64)\b")
DOCKER_DESKTOP_VERSION = re.compile(r"\bDocker Desktop\s+(?:version\s+)?v?(\d+\.\d+(?:\.\d+)?)", re.I)
WSL_DRIVER_LIBRARY = "https://github.com/NVIDIA/nvidia-container-toolkit/issues/520"


@rule("CTR028", "wsl-container-toolkit-too-old-for-driver", "error",
      "On WSL2, the container toolkit predates the Windows driver: CUDA in containers fails with 'named symbol not found'",
      signatures=INIT_NOT_FOUND, priority=9, references=(WSL_DRIVER_LIBRARY,), scope="containers")
def wsl_container_toolkit_too_old_for_driver(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Inside a Docker container on Windows (Docker Desktop's WSL2 backend, or Docker Engine inside a
    WSL2 distribution), every CUDA program fails at initialisation with error 500,
    CUDA_ERROR_NOT_FOUND, "named symbol not found": TensorFlow's "failed call to cuInit", PyTorch's
    "Unexpected error from cudaGetDeviceCount() ... Error 500", llama.cpp's "ggml_cuda_init: failed
    to initialize CUDA". It began with a Windows driver update; nvidia-smi may still work.

    Why:
    Windows drivers 555 and newer added a library (libnvdxgdmal.so.1) that libcuda needs under
    WSL2. The container toolkit maps the driver's WSL libraries into each container by a list;
    toolkits before 1.14.4 (and the one Docker Desktop bundled before 4.31.0) do not list it, so
    the container's libcuda cannot find a symbol it needs.

    Fix:
    Update Docker Desktop to 4.31.0 or newer; with Docker Engine inside WSL2, upgrade the NVIDIA
    Container Toolkit to 1.14.4 or newer (1.15.0 and later include it). Going back to a Windows
    driver older than 555 also works, until the next update.

    When to ignore:
    When the toolkit (or Docker Desktop) is already that new, or the Windows driver is older than
    555: then the error has another cause.
    """
    if not seen or not _on_windows_container(ctx):
        return
    driver = ctx.driver_version()
    if driver and version(driver) < version("555"):
        return
    toolkit = next((t.version for t in ctx.facts.docker.toolkit if t.version), "")
    if toolkit and version(toolkit) >= version("1.14.4"):
        return
    desktop = next((DOCKER_DESKTOP_VERSION.search(line).group(1)
                    for line in ctx.observed([DOCKER_DESKTOP_VERSION.pattern])), "")
    if desktop and version(desktop) >= version("4.31.0"):
        return
    said_windows = bool(ctx.facts.system.wsl or ctx.facts.system.os == "windows" or ctx.observed(ON_WINDOWS))
    yield Hit("CUDA initialisation fails with 'named symbol not found' (error 500) inside a container"
              + (" on Windows (WSL2)" if said_windows else ", the failure of containers on WSL2 with a Windows "
                 "driver 555 or newer")
              + ": the container toolkit"
              + (f" ({toolkit})" if toolkit else "") + (f" of Docker Desktop {desktop}" if desktop else "")
              + " does not map the driver's libnvdxgdmal.so.1 into the container",
              evidence={"observed": seen[0].strip()[:200],
                        **({"driver": driver} if driver else {}), **({"container_toolkit": toolkit} if toolkit else {}),
                        **({"docker_desktop": desktop} if desktop else {})},
              # without Windows in sight the error is this failure's but the place is not known: likely, not confirmed
              generic=not said_windows, priority=9,
              fix=["Docker Desktop: update to 4.31.0 or newer (Settings > Software updates)",
                   "Docker Engine inside WSL2: upgrade nvidia-container-toolkit to 1.14.4 or newer, then "
                   "sudo systemctl restart docker",
                   "or, until then: a Windows driver older than 555"])


def _on_windows_container(ctx: Context) -> bool:
    """A container that may run on WSL2: a container is named, and nothing says the host is native Linux."""
    if not in_container(ctx):
        return False
    system = ctx.facts.system
    if ctx.observed(ON_WINDOWS) or system.wsl:
        return True
    return not (system.os == "linux" or ctx.observed(NATIVE_KERNEL))


def named_symbol_at_init_in_container(ctx: Context) -> bool:
    """CTR028's situation, for DRV010 to leave to it."""
    return bool(ctx.observed(INIT_NOT_FOUND)) and _on_windows_container(ctx)


# The GPU Operator's toolkit container configures containerd and then signals it through the socket it mounts
# (at /runtime/sock-dir/ inside the container): "Error signaling containerd, attempt 5/6: unable to dial: dial unix
# /runtime/sock-dir/containerd.sock: connect: no such file or directory", then "unable to restart containerd: unable to
# signal containerd". nvidia-ctk's own "unable to dial" when run by hand reads the same.
CONTAINERD_UNREACHABLE = re.compile(r"(?:Error signal(?:l)?ing containerd|unable to (?:signal|restart) containerd)\b"
                                    r".{0,120}dial unix (\S*containerd\.sock)\S*: connect: no such file or directory")
# Kubernetes distributions that run a containerd of their own, where its socket and configuration are, and the
# source: k3s and RKE2 (RKE2 reuses k3s's socket directory) as the GPU Operator threads settled them
# (NVIDIA/gpu-operator#406, #522); MicroK8s as its own nvidia add-on configures the operator
# (canonical/microk8s-core-addons, addons/nvidia/enable: SNAP_COMMON/run/containerd.sock and
# SNAP_DATA/args/containerd-template.toml).
CONTAINERD_OF_DISTRIBUTION = (
    ("RKE2", r"\brke2\b", "/run/k3s/containerd/containerd.sock",
     "/var/lib/rancher/rke2/agent/etc/containerd/config.toml.tmpl", "https://github.com/NVIDIA/gpu-operator/issues/522"),
    ("k3s", r"\bk3[sd]\b", "/run/k3s/containerd/containerd.sock",
     "/var/lib/rancher/k3s/agent/etc/containerd/config.toml.tmpl", "https://github.com/NVIDIA/gpu-operator/issues/406"),
    ("MicroK8s", r"\bmicrok8s\b", "/var/snap/microk8s/common/run/containerd.sock",
     "/var/snap/microk8s/current/args/containerd-template.toml",
     "https://github.com/canonical/microk8s-core-addons/blob/main/addons/nvidia/enable"),
)


@rule("CTR029", "toolkit-containerd-paths-wrong", "error",
      "The GPU Operator's toolkit looks for containerd where this node's containerd is not",
      signatures=(CONTAINERD_UNREACHABLE.pattern,), priority=12,
      references=("https://github.com/NVIDIA/gpu-operator/issues/406", "https://github.com/NVIDIA/gpu-operator/issues/522"),
      scope="containers")
def toolkit_containerd_paths_wrong(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The nvidia-container-toolkit pod of the GPU Operator restarts over and over; its log ends in
    "Error signaling containerd, attempt 6/6: unable to dial: dial unix
    /runtime/sock-dir/containerd.sock: connect: no such file or directory", "unable to restart
    containerd", "error running nvidia-toolkit: unable to setup runtime". The validator and device
    plugin pods wait for it, and no node offers nvidia.com/gpu.

    Why:
    The toolkit container writes the nvidia runtime into containerd's configuration and signals
    containerd to reload it, through the configuration file and socket it mounts from the host.
    It mounts containerd's default paths (/etc/containerd/config.toml,
    /run/containerd/containerd.sock) unless told otherwise. Kubernetes distributions that bring a
    containerd of their own keep both elsewhere: k3s and RKE2 under /run/k3s/containerd and
    /var/lib/rancher/<k3s|rke2>/agent/etc/containerd, MicroK8s under /var/snap/microk8s. The
    toolkit then edits a file containerd never reads and dials a socket that is not there.

    Fix:
    Tell the toolkit where this node's containerd is: the toolkit's environment variables
    CONTAINERD_SOCKET and CONTAINERD_CONFIG (helm: --set toolkit.env[0].name=CONTAINERD_SOCKET
    ...), with the distribution's paths; for k3s and RKE2 edit the config.toml.tmpl template,
    which they regenerate config.toml from. MicroK8s' own add-on (microk8s enable nvidia) sets
    them.

    When to ignore:
    When containerd itself is not running on the node (then start it first).
    """
    found = first_match(CONTAINERD_UNREACHABLE, seen)
    if not found:
        return
    socket = found.group(1)
    text = " ".join(ctx.observations)
    named = next((row for row in CONTAINERD_OF_DISTRIBUTION if re.search(row[1], text, re.I)), None)
    if named:
        name, _, sock, config, source = named
        fix = [f"helm upgrade gpu-operator nvidia/gpu-operator -n gpu-operator --reuse-values "
               f"--set toolkit.env[0].name=CONTAINERD_SOCKET --set toolkit.env[0].value={sock} "
               f"--set toolkit.env[1].name=CONTAINERD_CONFIG --set toolkit.env[1].value={config}  # {name}'s containerd"]
        if name == "MicroK8s":
            fix.insert(0, "microk8s enable nvidia  # MicroK8s' add-on deploys the operator with these paths set")
        references = [source]
    else:
        fix = ["ps -o args= -C containerd; ls -l /run/containerd/containerd.sock  # the socket and --config this "
               "node's containerd runs with",
               "set the toolkit's CONTAINERD_SOCKET and CONTAINERD_CONFIG environment variables (ClusterPolicy "
               "spec.toolkit.env, or helm toolkit.env) to those paths"]
        references = []
    yield Hit(f"The GPU Operator's container toolkit cannot reach containerd: the socket it mounted ({socket}) does "
              "not exist, so containerd's paths on this node are not the defaults it was given" + (f": {named[0]} keeps them elsewhere" if named else ""),
              evidence={"observed": seen[0].strip()[:200], **({"distribution": named[0]} if named else {})},
              references=references, fix=fix)


# A build step's own words for finding no GPU, beside the runtime's (CUDA_SEES_NO_GPU, SMI_NOT_FOUND): a setup.py
# that gates its CUDA op on torch.cuda.is_available() ("raise NotImplementedError('Cuda is not available')",
# Deformable-DETR's and its copies, corpus 17353), torch's cpp_extension finding no GPU while CUDA_HOME is set ("No
# CUDA runtime is found, using CUDA_HOME='/usr/local/cuda'") and the setup.py that then builds without it ("Compiling
# bev_pool_ext without CUDA", corpus 7313), or the person's words ("no nvidia driver has been found", corpus 14104).
TORCH_EXTENSION_WITHOUT_GPU = (r"No CUDA runtime is found\b", r"\bCompiling \w+ without CUDA\b")
BUILD_STEP_SEES_NO_GPU = (*CUDA_SEES_NO_GPU, SMI_NOT_FOUND, r"\bCuda is not availab", *TORCH_EXTENSION_WITHOUT_GPU,
                          r"\bno nvidia driver (?:has been |was )?(?:found|detected)\b")
# An image being built, beyond DOCKER_BUILD's words: BuildKit's plain progress output ("#0 63.56     No CUDA runtime is
# found"), `docker compose build`, and a Dockerfile's RUN instruction as people paste it (upper case, which prose's
# "Run the script" is not).
IMAGE_BUILD = (*DOCKER_BUILD, r"^#\d+ \d+\.\d+ ", r"\bdocker[ -]compose build\b", r"(?-i:^RUN)\s+\S")
# The container was started (not built) where the program found no GPU: `docker compose up`, `docker exec`, a `docker
# run` chained after the build on one line (RUN_COMMAND reads those at a line's start).
CONTAINER_STARTED = (r"\bdocker[ -]compose (?:up|run)\b", r"\bdocker exec\b",
                     r"&&\s*(?:sudo\s+)?(?:docker|podman) run\b")
BUILD_TIME_GPU = "https://github.com/NVIDIA/nvidia-docker/issues/595"
BUILDKIT_IGNORES_DEFAULT_RUNTIME = "https://github.com/NVIDIA/nvidia-container-toolkit/issues/351"


@rule("CTR031", "gpu-unavailable-during-image-build", "error",
      "A step of an image build looks for a GPU, and image builds get none", priority=30,
      references=(BUILD_TIME_GPU, BUILDKIT_IGNORES_DEFAULT_RUNTIME))
def gpu_unavailable_during_image_build(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A `docker build` (or a Dockerfile's RUN step) fails, or builds a CUDA extension without CUDA,
    while the same commands work in a container started with `--gpus all` or `--runtime=nvidia`:
    "raise NotImplementedError('Cuda is not available')" from a setup.py, "No CUDA runtime is
    found, using CUDA_HOME='/usr/local/cuda'" then "Compiling bev_pool_ext without CUDA",
    "/bin/sh: 1: nvidia-smi: not found", "cuInit failed: no CUDA-capable device is detected".

    Why:
    `docker build` has no --gpus option: its RUN steps run without the GPU devices and without
    the driver's libraries, which only the NVIDIA runtime adds to a started container. The
    classic builder uses Docker's default runtime, so "default-runtime": "nvidia" in daemon.json
    gives it the GPU; BuildKit, Docker's default builder in current releases, does not use that
    setting.
    Compiling CUDA code needs no GPU, only nvcc and the list of architectures to build for: a
    build that asks the GPU which architecture it is, or checks torch.cuda.is_available(),
    fails or quietly leaves its CUDA part out.

    Fix:
    Tell the build which GPUs it is for instead of letting it look: `ENV
    TORCH_CUDA_ARCH_LIST="7.5;8.0;8.6;8.9;9.0"` (the GPUs the image will run on) and `ENV
    FORCE_CUDA=1`, which most extension setup.py files honour. A setup.py that checks only
    torch.cuda.is_available() has to be patched to check CUDA_HOME, or built in a container
    started with --gpus all and committed. Move nvidia-smi and GPU tests out of RUN steps into
    the entrypoint or a `docker run --gpus all` after the build.

    When to ignore:
    A build on Docker's classic builder whose daemon has nvidia as its default runtime: there the
    steps do see the GPU, and the cause is elsewhere.
    """
    no_gpu = ctx.observed(BUILD_STEP_SEES_NO_GPU)
    if not no_gpu or not ctx.observed(IMAGE_BUILD):
        return
    if runs_with_gpus(ctx.observations) or runs_without_gpus(ctx.observations) or ctx.observed(CONTAINER_STARTED):
        return  # a started container that finds no GPU is container-no-gpu's (CTR001)
    extension = bool(ctx.observed([r"\bsetup\.py\b", *TORCH_EXTENSION_WITHOUT_GPU, r"\bpip (?:install|wheel)\b"]))
    yield Hit("the GPU check failed inside an image build: `docker build` runs its steps without the GPU (it has no "
              "--gpus option), so a step that looks for one finds none"
              + ("; compiling the CUDA extension needs only nvcc and the architectures to build for" if extension
                 else ""),
              evidence={"observed": no_gpu[0].strip()[:200]},
              fix=['ENV TORCH_CUDA_ARCH_LIST="7.5;8.0;8.6;8.9;9.0"  # in the Dockerfile, before the build step: the '
                   "GPUs the image is for, so nothing asks the GPU",
                   "ENV FORCE_CUDA=1  # extension setup.py files that gate on torch.cuda.is_available() mostly honour "
                   "it; patch one that does not to check CUDA_HOME",
                   "move nvidia-smi and GPU tests from RUN steps to the entrypoint, or to docker run --gpus all "
                   "<image> after the build"])


RULES = (container_engine_too_old_for_cdi, container_toolkit_ldconfig_path_wrong, container_driver_capabilities_lack_compute, container_no_gpu, container_toolkit_missing, container_runtime_not_configured,
         container_cgroup_device_access_lost, docker_compose_too_old_for_gpus, driver_libs_in_image,
         docker_daemon_json_invalid, driver_in_use_blocks_driver_container, gpus_requested_exceed_available,
         l4t_container_host_mismatch, cdi_devices_unresolvable, docker_seccomp_clone3_unsupported,
         container_image_wrong_architecture, container_driver_capabilities_lack_video,
         container_driver_capabilities_lack_graphics,
         nvidia_docker_volume_cross_device, host_gl_libs_newer_glibc_than_container,
         selinux_blocks_container_gpu_access, container_toolkit_no_cgroup_v2, cdi_spec_stale,
         k8s_device_plugin_not_deployed, operator_driver_not_on_host_path,
         ssh_session_drops_container_library_path, cdi_hook_path_missing_on_host,
         nvidia_userspace_outside_driver_root, wsl_container_toolkit_too_old_for_driver,
         toolkit_containerd_paths_wrong, gpu_unavailable_during_image_build)
