"""Images through the Docker engine (docker SDK): build a generated Dockerfile, and verify an
image by running envcheck's own certification inside it on the GPUs.

Containers run with GPU device requests and the settings NCCL and PyTorch DataLoaders need:
the host's IPC namespace (shared memory for DataLoader workers and NCCL's intra-node transport),
unlimited locked memory (pinned buffers, RDMA registration) and a 64 MiB stack, as NVIDIA's
framework containers recommend. Verification runs with no network.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from typing import Callable, Dict, List, Optional

VERIFY_TIMEOUT = {"quick": 900, "standard": 1800, "long": 7200}
RUN_FLAGS = ["--ipc=host", "--ulimit", "memlock=-1", "--ulimit", "stack=67108864"]
TOOLKIT_GUIDE = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"


class EngineError(RuntimeError):
    """The Docker engine is not reachable, or refused what was asked; the message says how to fix it."""


def client(timeout: float = 60.0):
    try:
        import docker
    except ImportError:
        raise EngineError("the docker Python package is not installed (pip install docker)") from None
    try:
        engine = docker.from_env(timeout=timeout)
        engine.ping()
    except Exception as exc:  # the SDK raises several types for an absent daemon
        raise EngineError(f"no Docker daemon answers ({_first_line(exc)}); start it (sudo systemctl start docker) "
                          "or set DOCKER_HOST") from None
    return engine


def _first_line(exc: Exception) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0][:300] if lines else type(exc).__name__


def gpu_runtime(engine) -> Dict[str, object]:
    """How this daemon can hand GPUs to containers: the nvidia runtime, CDI, or not at all."""
    info = engine.info()
    runtimes = sorted((info.get("Runtimes") or {}).keys())
    cdi_dirs = [d for d in info.get("CDISpecDirs") or [] if os.path.isdir(d) and os.listdir(d)]
    return {"runtimes": runtimes, "nvidia": "nvidia" in runtimes, "cdi": bool(cdi_dirs),
            "default_runtime": info.get("DefaultRuntime", "")}


def no_runtime_message(runtimes: List[str]) -> str:
    return (f"the Docker daemon has no NVIDIA runtime (runtimes: {', '.join(runtimes) or 'none'}) and no CDI spec; "
            "GPU containers cannot start. Install nvidia-container-toolkit, then: "
            "sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker "
            f"(guide: {TOOLKIT_GUIDE})")


def build(dockerfile_text: str, tag: str, build_args: Dict[str, str], network: Optional[str] = None,
          ca_bundle: Optional[str] = None, envcheck_wheel: Optional[str] = None,
          progress: Optional[Callable[[str], None]] = None, timeout: float = 3600.0) -> str:
    """Build in a fresh context holding the Dockerfile (plus the CA bundle and an envcheck wheel
    when given), with the classic builder; returns the image id."""
    engine = client(timeout=timeout)
    context = tempfile.mkdtemp(prefix="envcheck-build-")
    try:
        with open(os.path.join(context, "Dockerfile"), "w", encoding="utf-8") as handle:
            handle.write(dockerfile_text)
        if ca_bundle:
            shutil.copyfile(ca_bundle, os.path.join(context, "ca-bundle.pem"))
        if envcheck_wheel:
            shutil.copyfile(envcheck_wheel, os.path.join(context, os.path.basename(envcheck_wheel)))
        image_id = ""
        try:
            for chunk in engine.api.build(path=context, tag=tag, buildargs=build_args, rm=True, forcerm=True,
                                          network_mode=network, decode=True):
                if "stream" in chunk and progress:
                    text = chunk["stream"].rstrip("\n")
                    if text:
                        progress(text)
                if "error" in chunk:
                    raise EngineError(f"docker build failed: {chunk['error'].strip()}")
                if "aux" in chunk and "ID" in chunk["aux"]:
                    image_id = chunk["aux"]["ID"]
        except EngineError:
            raise
        except Exception as exc:
            raise EngineError(f"docker build failed: {_first_line(exc)}") from None
        return image_id or engine.images.get(tag).id
    finally:
        shutil.rmtree(context, ignore_errors=True)


def run(image: str, command: List[str], gpus: bool, timeout: float,
        environment: Optional[Dict[str, str]] = None) -> Dict[str, object]:
    """Run a command in a throwaway container (no network); returns exit code and output."""
    import docker

    engine = client()
    requests = [docker.types.DeviceRequest(count=-1, capabilities=[["gpu"]])] if gpus else None
    # The NCCL settings matter on GPUs only; a host that cannot lift memlock (a sandbox without
    # CAP_SYS_RESOURCE) can still run CPU containers.
    ulimits = [docker.types.Ulimit(name="memlock", soft=-1, hard=-1),
               docker.types.Ulimit(name="stack", soft=67108864, hard=67108864)] if gpus else None
    try:
        container = engine.containers.run(image, command, detach=True, network_mode="none", ipc_mode="host",
                                          ulimits=ulimits, device_requests=requests, environment=environment)
    except docker.errors.ImageNotFound:
        raise EngineError(f"image {image} not found; build it first (envcheck build -t {image})") from None
    except docker.errors.APIError as exc:
        text = _first_line(exc)
        if "requirement error" in text or "unsatisfied condition" in text:
            raise EngineError(requirement_message(image, text)) from None
        if "could not select device driver" in text or "nvidia" in text.lower():
            raise EngineError(no_runtime_message(gpu_runtime(engine)["runtimes"])) from None
        raise EngineError(f"docker could not start {image}: {text}") from None
    try:
        try:
            status = container.wait(timeout=timeout)
        except Exception:
            container.kill()
            return {"exit_code": None, "stdout": "", "stderr": f"the container did not finish in {timeout:.0f} s",
                    "timed_out": True}
        stdout = container.logs(stdout=True, stderr=False).decode("utf-8", "replace")
        stderr = container.logs(stdout=False, stderr=True).decode("utf-8", "replace")
        return {"exit_code": status.get("StatusCode"), "stdout": stdout, "stderr": stderr, "timed_out": False}
    finally:
        try:
            container.remove(force=True)
        except Exception:  # already gone
            pass


# The CUDA an image requires, in nvidia-container-cli's refusal. It names the condition it checked last: the CUDA floor
# ("unsatisfied condition: cuda>=12.6"), or, where the image's NVIDIA_REQUIRE_CUDA lists datacenter-driver alternatives
# after the floor ("cuda>=10.0 brand=tesla,driver>=384,driver<385"), one of their clauses ("brand = tesla",
# "driver < 385"); the floor is then in the --require list of the command it ran. Rule DRV005 reads pastes with it.
REQUIRED_CUDA = re.compile(r"(?:unsatisfied condition: |--require=)cuda\s*>=\s*(\d+\.\d+)")
# An architecture floor (an image's NVIDIA_REQUIRE_ARCH, a device plugin's --require=arch>=7.0) is checked against the
# GPU's compute capability, so no driver meets it: "unsatisfied condition: arch >= 7.0". libnvidia-container's
# src/cli/dsl.c wrote the failed clause "%s %s %s" (spaced) in its early releases and the predicate as given
# ("arch>=7.0") since. Rule FW003 reads pastes with it.
REQUIRED_ARCH = re.compile(r"unsatisfied condition: arch\s*(>=?)\s*(\d+\.\d+)")


def requirement_message(image: str, text: str) -> str:
    """The container toolkit refused the image: the host driver's CUDA is older than the image's
    NVIDIA_REQUIRE_CUDA. That is a driver/image mismatch, not a missing runtime."""
    arch = REQUIRED_ARCH.search(text)
    if arch:
        return (f"this host's GPU is older than {image} requires (compute capability {arch.group(2)} or newer, its "
                f"NVIDIA_REQUIRE_ARCH): run it on a newer GPU, or build the image for this GPU's architecture")
    cuda = REQUIRED_CUDA.search(text)
    found = re.search(r"unsatisfied condition: ([^,:]+)", text)
    condition = (f"cuda>={cuda.group(1)}" if cuda else found.group(1).strip() if found
                 else "the image's NVIDIA_REQUIRE_CUDA")
    return (f"the host driver does not meet {image}'s requirement {condition}: upgrade the driver, or generate "
            f"the image for this host (envcheck dockerfile --for-hosts facts.json)")


def verify(image: str, profile: str) -> Dict[str, object]:
    """`envcheck certify` inside the image, on every GPU; the certificate, or why there is none."""
    engine = client()
    runtime = gpu_runtime(engine)
    # --gpus works through the nvidia runtime, a CDI spec, or the toolkit's prestart hook.
    if not runtime["nvidia"] and not runtime["cdi"] and not shutil.which("nvidia-container-runtime-hook"):
        raise EngineError(no_runtime_message(runtime["runtimes"]))
    outcome = run(image, ["envcheck", "certify", "--json", "-", "--profile", profile], True,
                  VERIFY_TIMEOUT[profile])
    try:
        certificate = json.loads(str(outcome["stdout"]))
    except ValueError:
        certificate = None
    return {"certificate": certificate, **outcome}


def run_flags(nvidia_runtime: bool, cdi: bool) -> List[str]:
    """The `docker run` flags a GPU image needs on this host."""
    gpu = ["--gpus", "all"] if nvidia_runtime else (["--device", "nvidia.com/gpu=all"] if cdi else ["--gpus", "all"])
    return gpu + RUN_FLAGS
