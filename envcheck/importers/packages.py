"""Package lists as pasted: pip list, pip freeze, conda list, collect_env's [pip3]/[conda] lines, and dpkg -l rows of
NVIDIA's libraries."""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

from envcheck.importers._facts import framework, mark, set_once
from envcheck.model import Distribution, HostFacts, Library
from envcheck.probes.python import matters, normalize

FREEZE = re.compile(r"^(?:\[(?:pip3?|conda)\]\s+)?([A-Za-z0-9][A-Za-z0-9_.-]*)\s*==\s*([0-9][\w.+!-]*)\s*$")
EXPORT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_.-]*)=([0-9][\w.+!]*)=(\S+)$")  # conda list --export
# A package map printed as JSON (or a Python dict): InvokeAI's "Python dependencies" form field, in one
# release '"torch"       : "2.6.0+cu124" ,' and in another '"bitsandbytes"             : "0.49.2",'.
MAPPING = re.compile(r"""^\s*["']([A-Za-z0-9][\w.-]*)["']\s*:\s*["']([0-9][\w.+!-]*)["']\s*,?\s*$""")
COLUMNS = re.compile(r"^(?:\[(?:pip3?|conda)\]\s+)?(_?[A-Za-z0-9][A-Za-z0-9_.-]*)\s+([0-9][\w.+!-]*)(?:\s+(\S+))?(?:\s+(\S+))?\s*$")
# A row of `dpkg -l`: state flags, the package (":arch" optional), its version (epoch and Debian revision set apart),
# architecture, description: "ii  libcudnn8  8.9.6.50-1+cuda12.2  amd64  cuDNN runtime libraries".
DPKG = re.compile(r"^[uihrp][ncUFHWti]\s+([a-z0-9][\w.+-]*?)(?::[a-z0-9]+)?\s+(?:\d+:)?(\d[\w.~+]*?)(?:-[\w.~+]+)?\s+"
                  r"(?:amd64|arm64|i386|ppc64el|armhf|all)\s")
# The Debian/Ubuntu packages of NVIDIA's libraries whose version is the library's: libcudnn8, libcudnn9-cuda-12,
# libnccl2 (NVIDIA's CUDA repository).
DPKG_LIBRARIES = ((re.compile(r"libcudnn\d+(?:-cuda-\d+)?"), "cudnn"), (re.compile(r"libnccl\d"), "nccl"))
# conda's transaction plan, the package it will end up with: "pytorch  pytorch::pytorch-1.7.1-py3.8_cuda10.2~ -->
# pkgs/main::pytorch-1.7.1-cpu_py38h6a09485_0" (UPDATED, DOWNGRADED, SUPERSEDED; the old build cut with "~"), and
# "pytorch  pkgs/main/linux-64::pytorch-1.7.1-cpu_py38h6a09485_0" among the NEW packages.
# `pip show NAME`: "Name: tensorflow-gpu" and, on the next line, "Version: 1.15.4".
PIP_SHOW_NAME = re.compile(r"^Name:\s*([A-Za-z0-9][\w.-]*)$")
PIP_SHOW_VERSION = re.compile(r"^Version:\s*([0-9][\w.+!-]*)$")
CONDA_PLANNED = re.compile(r"^([A-Za-z0-9_][\w.-]*)\s+(?:\S+\s+-->\s+)?(?:[\w./-]+::)([A-Za-z0-9_][\w.-]*?)-(\d[^-\s]*)-([^-\s~]+)$")
# conda names that differ from the pip name of the same thing
# (the pytorch channel's nightlies were "pytorch-nightly" until 2019:
# "pytorch-nightly-1.2.0.dev20190805+cpu-py3.7_cpu_0")
CONDA_NAMES = {"pytorch": "torch", "pytorch-nightly": "torch", "pytorch-cuda": "pytorch-cuda",
               "cudatoolkit": "cudatoolkit"}
# The variant selectors that pick pytorch's CPU build: Anaconda's "_pytorch_select 0.1 cpu_0", the pytorch channel's
# "pytorch-mutex 1.0 cpu" (its conda plan: "pytorch/noarch::pytorch-mutex-1.0-cpu").
CPU_SELECTORS = ("pytorch-select", "pytorch-cpu", "pytorch-mutex")


# Packages that put a CUDA runtime (libcudart) into an environment: conda's cudatoolkit (CUDA <= 11)
# and cuda-cudart / cuda-runtime (CUDA 12+), pip's nvidia-cuda-runtime-cuNN.
CUDA_RUNTIME_PACKAGES = {"cudatoolkit": "cudart", "cuda-cudart": "cudart", "cuda-runtime": "cudart",
                         "nvidia-cuda-runtime-cu11": "cudart", "nvidia-cuda-runtime-cu12": "cudart",
                         "nvidia-cuda-runtime-cu13": "cudart"}


def parse_line(line: str) -> Optional[Tuple[str, str, str]]:
    """(name, version, build) from one pip/conda list line, or None."""
    text = line.strip()
    match = FREEZE.match(text)
    if match:
        return normalize(match.group(1)), match.group(2), ""
    match = EXPORT.match(text) or MAPPING.match(text)
    if match and match.re is MAPPING:
        return normalize(match.group(1)), match.group(2), ""
    if match:
        return normalize(CONDA_NAMES.get(match.group(1).lower(), match.group(1))), match.group(2), match.group(3)
    match = COLUMNS.match(text)
    if match and match.group(1).lower() not in ("package", "name", "python", "version"):
        return normalize(CONDA_NAMES.get(match.group(1).lower(), match.group(1))), match.group(2), match.group(3) or ""
    return None


def read(lines: List[str], facts: HostFacts, source: str) -> None:
    shown = ""  # the package a `pip show` named on the line before
    for line in lines:
        shown_version = PIP_SHOW_VERSION.match(line.strip()) if shown else None
        named = PIP_SHOW_NAME.match(line.strip())
        previous, shown = shown, named.group(1) if named else ""
        if shown_version:
            parsed: Optional[Tuple[str, str, str]] = (normalize(previous), shown_version.group(1), "")
        else:
            row = DPKG.match(line.strip())
            library = next((name for pattern, name in DPKG_LIBRARIES if row and pattern.fullmatch(row.group(1))), "")
            if library:
                mark(facts.libraries, f"{source}: dpkg -l")
                facts.libraries.found.append(Library(name=library, version=row.group(2), kind="system-package",
                                                     source=f"{source}: dpkg -l: {row.group(1)}"))
                continue
            planned = CONDA_PLANNED.match(line.strip())
            if planned and planned.group(1) == planned.group(2):
                name = normalize(CONDA_NAMES.get(planned.group(2).lower(), planned.group(2)))
                if _selects_cpu(name, planned.group(4)):
                    set_once(framework(facts, "torch", f"{source}: conda transaction"), "accelerator", "cpu")
                elif matters(name):
                    _framework(name, planned.group(3), planned.group(4), facts, f"{source}: conda transaction")
                continue
            parsed = parse_line(line)
        if parsed is None:
            continue
        name, version, build = parsed
        if name in ("cuda-toolkit", "pytorch-cuda"):
            continue  # metapackages: the framework's build and the runtime package say the same
        library = CUDA_RUNTIME_PACKAGES.get(name) or ("cudnn" if name in ("cudnn", "nvidia-cudnn-cu11", "nvidia-cudnn-cu12")
                                                      else "nccl" if name == "nccl" else "")
        if library:
            # the environment's own CUDA runtime and cuDNN: what ONNX Runtime, TensorFlow < 2.14 and
            # other packages without bundled CUDA load
            mark(facts.libraries, f"{source}: package list")
            kind = "wheel" if name.startswith("nvidia-") else "conda"
            facts.libraries.found.append(Library(name=library, version=version, kind=kind, source=source))
            if kind == "conda":
                continue
        if _selects_cpu(name, build):
            set_once(framework(facts, "torch", f"{source}: package list"), "accelerator", "cpu")
            continue
        if not matters(name):
            continue
        where = f"{source}: package list"
        mark(facts.python, where)
        if not any(d.name == name for d in facts.python.distributions):
            facts.python.distributions.append(Distribution(name=name, version=version, source=where))
        _framework(name, version, build, facts, where)


def _selects_cpu(name: str, build: str) -> bool:
    return name.lstrip("_-") in CPU_SELECTORS and (build.startswith("cpu") or name.endswith("cpu"))


def _framework(name: str, version: str, build: str, facts: HostFacts, where: str) -> None:
    family = {"torch": "torch", "tensorflow": "tensorflow", "tensorflow-gpu": "tensorflow", "tensorflow-cpu": "tensorflow",
              "jax": "jax", "jaxlib": "jax", "paddlepaddle-gpu": "paddlepaddle", "paddlepaddle": "paddlepaddle"}.get(name)
    if family is None:
        if name.startswith("jax-cuda"):
            entry = framework(facts, "jax", where)
            entry.build_info[name] = version
            set_once(entry, "build_cuda", re.match(r"jax-cuda(\d+)", name).group(1))
            set_once(entry, "accelerator", "cuda")
        return
    entry = framework(facts, family, where)
    if name in ("torch", "tensorflow", "jax", "paddlepaddle-gpu", "paddlepaddle", "tensorflow-gpu", "tensorflow-cpu"):
        set_once(entry, "version", version)
    if name == "jaxlib":
        entry.build_info["jaxlib"] = version
    local = version.split("+", 1)[1] if "+" in version else ""
    cuda = re.fullmatch(r"cu(\d+)(\d)", local) or re.search(r"cuda(\d+)\.(\d)", build)  # +cu121 / conda build
    if cuda:
        set_once(entry, "accelerator", "cuda")
        set_once(entry, "build_cuda", f"{cuda.group(1)}.{cuda.group(2)}")
    elif local == "cpu" or build.startswith("cpu") or "_cpu_" in build or name == "tensorflow-cpu":
        set_once(entry, "accelerator", "cpu")
    elif local.startswith("rocm"):
        set_once(entry, "accelerator", "rocm")
    elif re.match(r"cuda(\d+)", local):  # old jaxlib: 0.4.26+cuda12.cudnn89
        set_once(entry, "accelerator", "cuda")
        set_once(entry, "build_cuda", re.match(r"cuda(\d+)", local).group(1))
