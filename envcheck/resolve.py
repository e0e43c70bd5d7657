"""Resolve a working stack: targets + pins + host -> the framework builds, CUDA, Python and
driver action that satisfy every constraint in the matrix, or the clash explained.

Constraints, all from matrices/: the driver runs each build's CUDA (minor-version
compatibility counts), every GPU's compute capability is covered by each build (SASS, or PTX
forward), the Python is supported, co-installed frameworks agree on the CUDA major, pins hold.
Among stacks that satisfy them: newest frameworks first, then no driver change.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from envcheck.matrix import Matrix, QueryError, cc_tuple, coverage, gpu_models, variant_cuda
from envcheck.model import HostFacts

FRAMEWORKS = ("torch", "tensorflow", "jax")
TORCH_INDEX = "https://download.pytorch.org/whl/{variant}"
# Python minors envcheck will choose among when the host does not fix one.
PYTHONS = ("3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.14")


class ResolveError(ValueError):
    """Malformed targets or host description (a usage error, not a conflict)."""


@dataclass
class Host:
    """What the resolver needs to know about the machine."""

    driver: Optional[str] = None  # None: no NVIDIA driver installed
    gpus: List[str] = field(default_factory=list)  # NVML names
    compute_capabilities: List[str] = field(default_factory=list)
    python: Optional[str] = None  # the host's Python, when the plan must use it
    distro: str = ""  # "ubuntu-22.04"
    nvswitch: bool = False


def host_from_facts(facts: HostFacts, matrix: Matrix, with_platform: bool = True) -> Host:
    """The machine as the resolver sees it, from inspected or imported facts.

    with_platform=False keeps only the driver and GPUs: an image runs on another host's
    Python and distribution, only the driver and GPUs come from the host."""
    models = gpu_models(matrix, facts)
    host = Host(driver=facts.gpus.driver_version or facts.driver.userspace_version or None,
                gpus=[m["name"] for m in models], compute_capabilities=[m["cc"] for m in models if m["cc"]])
    if with_platform:
        host.python = facts.python.version or None
        host.distro = f"{facts.system.distro_id}-{facts.system.distro_version}".strip("-") or "ubuntu-22.04"
        host.nvswitch = any(d.kind == "nvswitch" for d in facts.pci.devices)
    return host


@dataclass
class Build:
    """One installable build of a framework: a release and its CUDA variant."""

    name: str
    version: str
    variant: str  # cu124 / cpu / cuda12 / tested
    cuda: Optional[str]  # "12.4", or the CUDA major for jax ("12"), None for CPU builds
    python: str  # specifier
    row: Dict
    cudnn: str = ""

    @property
    def label(self) -> str:
        return f"{self.name} {self.version} ({self.variant})"


@dataclass
class Choice:
    name: str
    version: str
    variant: str
    index_url: Optional[str]
    packages: List[str]
    companions: Dict[str, str]
    cuda: Optional[str]
    notes: List[str] = field(default_factory=list)


@dataclass
class Stack:
    python: str
    cuda: Optional[str]
    driver: Dict[str, Optional[str]]
    frameworks: List[Choice]
    cudnn: Optional[str] = None
    nccl: Optional[str] = None
    notes: List[str] = field(default_factory=list)


@dataclass
class Conflict:
    message: str
    constraints: List[str]
    alternatives: List[str]


def parse_targets(targets: Sequence[str]) -> List[Requirement]:
    parsed = []
    for text in targets:
        try:
            requirement = Requirement(text)
        except InvalidRequirement as exc:
            raise ResolveError(f"--framework {text!r} is not a requirement like torch>=2.4 ({exc})") from None
        if requirement.name not in FRAMEWORKS:
            raise ResolveError(f"--framework {requirement.name!r}: envcheck resolves {', '.join(FRAMEWORKS)}")
        parsed.append(requirement)
    if not parsed:
        raise ResolveError("give at least one --framework (torch, tensorflow or jax)")
    return parsed


def builds(matrix: Matrix, requirement: Requirement, gpu: bool) -> List[Build]:
    """Every build of the requirement, in preference order: newest release, then newest CUDA."""
    out: List[Build] = []
    if requirement.name == "torch":
        for row in reversed(matrix.rows("torch")):
            if not requirement.specifier.contains(row["torch"], prereleases=True):
                continue
            variants = sorted(row["variants"], key=lambda v: Version(variant_cuda(v) or "0"), reverse=True)
            for variant in variants:
                if gpu == (variant == "cpu"):
                    continue
                out.append(Build("torch", row["torch"], variant, variant_cuda(variant), row["python"], row,
                                 row.get("cudnn", {}).get(variant, "")))
    elif requirement.name == "tensorflow":
        for row in reversed(matrix.rows("tensorflow")):
            if requirement.specifier.contains(row["tensorflow"], prereleases=True):
                out.append(Build("tensorflow", row["tensorflow"], "and-cuda" if row.get("and_cuda") else "tested",
                                 row["cuda"] if gpu else None, row["python"], row, row.get("cudnn", "")))
    elif requirement.name == "jax":
        for row in sorted(matrix.rows("jax"), key=lambda r: (Version(r["jaxlib"]), int(r["cuda_major"])),
                          reverse=True):
            if requirement.specifier.contains(row["jaxlib"], prereleases=True):
                out.append(Build("jax", row["jaxlib"], f"cuda{row['cuda_major']}" if gpu else "cpu",
                                 row["cuda_major"] if gpu else None, row["python"], row, row.get("min_cudnn", "")))
        if not gpu:  # CPU jax is one wheel per release: keep one entry per version
            seen, unique = set(), []
            for build in out:
                if build.version not in seen:
                    seen.add(build.version)
                    unique.append(build)
            out = unique
    return out


def check_build(matrix: Matrix, build: Build, host: Host, cuda_pin: Optional[str],
                cudnn_pin: Optional[str]) -> Tuple[List[str], Optional[str]]:
    """(reasons the build cannot be used, the driver it needs if the current one is too old)."""
    reasons: List[str] = []
    needs_driver: Optional[str] = None
    if build.cuda is None:
        return reasons, None
    if cuda_pin and not _cuda_matches(build.cuda, cuda_pin):
        reasons.append(f"{build.label} uses CUDA {build.cuda}, not the pinned {cuda_pin}")
    if cudnn_pin and build.cudnn and build.cudnn.split(".")[0] != cudnn_pin.split(".")[0]:
        reasons.append(f"{build.label} bundles cuDNN {build.cudnn}, not the pinned {cudnn_pin}")
    minimum = _min_driver(matrix, build)
    if host.driver is None:
        needs_driver = minimum
    elif minimum:
        runs = _driver_runs(matrix, host.driver, build)
        if not runs:
            needs_driver = minimum
    for cc in host.compute_capabilities:
        problem = _arch_problem(matrix, build, cc)
        if problem:
            reasons.append(problem)
    return reasons, needs_driver


def _cuda_matches(cuda: str, pin: str) -> bool:
    return cuda == pin or cuda.startswith(pin + ".") or pin.startswith(cuda + ".") or \
        Version(cuda).release[:len(Version(pin).release)] == Version(pin).release


def _min_driver(matrix: Matrix, build: Build) -> Optional[str]:
    if build.name == "jax":
        return build.row.get("min_driver_linux")
    try:
        return matrix.min_driver(build.cuda) or matrix.min_driver(build.cuda, minor_compat=True)
    except QueryError:
        return None


def _driver_runs(matrix: Matrix, driver: str, build: Build) -> bool:
    if build.name == "jax":
        return Version(driver) >= Version(build.row["min_driver_linux"])
    try:
        return matrix.driver_runs_cuda(driver, build.cuda)[0]
    except QueryError:
        return False


def _arch_problem(matrix: Matrix, build: Build, cc: str) -> Optional[str]:
    sm = f"sm_{cc.replace('.', '')}"
    if build.name == "torch":
        arches = build.row.get("arch_list", {}).get(build.variant)
        if arches is not None:
            return None if coverage(arches, cc) else f"{build.label} has no kernels for {sm} (has {' '.join(arches)})"
    try:
        row = matrix.cuda_release(build.cuda) if "." in build.cuda else None
    except QueryError:
        row = None
    if row and row.get("sm_max") and cc_tuple(cc) > cc_tuple(row["sm_max"]):
        return f"{build.label} is built with CUDA {build.cuda}, which cannot target {sm}"
    if row and row.get("sm_min") and cc_tuple(cc) < cc_tuple(row["sm_min"]):
        return f"{build.label} is built with CUDA {build.cuda}, which no longer targets {sm}"
    return None


@functools.lru_cache(maxsize=None)
def _spec(text: str) -> SpecifierSet:
    return SpecifierSet(text)


@functools.lru_cache(maxsize=None)
def _version(text: str) -> Version:
    return Version(text)


def choose_python(specs: Sequence[str], host_python: Optional[str]) -> Optional[str]:
    if host_python:
        minor = ".".join(host_python.split(".")[:2])
        return minor if all(_version(minor) in _spec(s) for s in specs) else None
    fits = [p for p in PYTHONS if all(_version(p) in _spec(s) for s in specs)]
    return fits[-1] if fits else None


def resolve(matrix: Matrix, targets: Sequence[str], host: Host, cuda: Optional[str] = None,
            python: Optional[str] = None, cudnn: Optional[str] = None, companions: bool = True):
    """A Stack, or a Conflict saying which constraints clash and what to relax.

    companions: also install torchvision and torchaudio at the versions built with the torch."""
    requirements = parse_targets(targets)
    gpu = bool(host.gpus or host.compute_capabilities)
    host = Host(host.driver, host.gpus, sorted(set(host.compute_capabilities)), host.python, host.distro,
                host.nvswitch)  # eight identical GPUs are one constraint
    host_python = python or host.python
    per_target: List[List[Tuple[Build, Optional[str]]]] = []
    for requirement in requirements:
        usable, rejected = [], []
        for build in builds(matrix, requirement, gpu):
            reasons, needs_driver = check_build(matrix, build, host, cuda, cudnn)
            if host_python and Version(".".join(host_python.split(".")[:2])) not in SpecifierSet(build.python):
                reasons.append(f"{build.label} supports Python {build.python}, not {host_python}")
            if reasons:
                rejected.append((build, reasons))
            else:
                usable.append((build, needs_driver))
        if not usable:
            return explain(matrix, requirement, host, rejected, cuda, python, cudnn)
        per_target.append(usable)
    best = None
    # Each list is newest first, so the product yields release tuples in non-increasing order:
    # once they fall below the best valid one, nothing later can win.
    for combo in itertools.islice(itertools.product(*per_target), 200000):
        releases = tuple(_version(b.version) for b, _ in combo)
        if best is not None and releases < best[0][0]:
            break
        cudas = {b.cuda.split(".")[0] for b, _ in combo if b.cuda}
        cudnns = {b.cudnn.split(".")[0] for b, _ in combo if b.cuda and b.cudnn}
        if len(cudas) > 1 or len(cudnns) > 1:
            continue  # one set of CUDA and cuDNN libraries serves every framework in the environment
        chosen_python = choose_python([b.python for b, _ in combo], host_python)
        if chosen_python is None:
            continue
        upgrade = max((d for _, d in combo if d), key=Version, default=None)
        # Newest framework releases first (target by target); then no driver change, else the
        # smallest driver upgrade; then the newest CUDA variant.
        key = (releases, upgrade is None,
               tuple(-part for part in Version(upgrade).release) if upgrade is not None else (),
               tuple(_rank(b)[1] for b, _ in combo))
        if best is None or key > best[0]:
            best = (key, combo, chosen_python, upgrade)
    if best is None:
        labels = [f"{r}" for r in requirements]
        return Conflict(f"no combination of {' and '.join(labels)} agrees on one CUDA major and one Python",
                        ["co-installed frameworks must use the same CUDA major (one set of CUDA wheels)",
                         "one Python must satisfy every framework"],
                        ["install the frameworks in separate virtual environments",
                         "relax the version of one framework"])
    _, combo, chosen_python, upgrade = best
    stack = _stack(matrix, combo, chosen_python, host, upgrade)
    if not companions:
        for choice in stack.frameworks:
            choice.packages = choice.packages[:1]
            choice.companions = {}
    return stack


def _rank(build: Build) -> Tuple:
    return (Version(build.version), Version(build.cuda) if build.cuda and "." in build.cuda else
            Version(build.cuda or "0"))


def _stack(matrix: Matrix, combo, python: str, host: Host, upgrade: Optional[str]) -> Stack:
    choices = []
    cuda_versions = []
    for build, _ in combo:
        choices.append(_choice(build))
        if build.cuda:
            cuda_versions.append(build.cuda)
    if not cuda_versions:
        action = "none"
    elif host.driver is None:
        action = "install"
    elif upgrade is not None:
        action = "upgrade"
    else:
        action = "keep"
    minimum = upgrade if upgrade is not None else (
        max((_min_driver(matrix, b) for b, _ in combo if b.cuda and _min_driver(matrix, b)), key=Version,
            default=None))
    compatibility = None
    if action == "keep" and minimum and Version(host.driver) < Version(minimum):
        compatibility = "minor-version"  # runs below the exact minimum through CUDA minor-version compatibility
        floors = [matrix.min_driver(b.cuda, minor_compat=True) for b, _ in combo if b.cuda and "." in b.cuda]
        minimum = max((f for f in floors if f), key=Version, default=minimum)
        stack_note = ("the driver runs this CUDA through minor-version compatibility: PTX JIT of newer code "
                      "needs the exact minimum driver")
    elif cuda_versions:
        compatibility = "exact"
        stack_note = ""
    else:
        stack_note = ""
    stack = Stack(python=python, cuda=max(cuda_versions, key=lambda v: Version(v)) if cuda_versions else None,
                  driver={"version": host.driver, "action": action, "min": minimum, "compatibility": compatibility},
                  frameworks=choices)
    if stack_note:
        stack.notes.append(stack_note)
    torch = next((b for b, _ in combo if b.name == "torch"), None)
    if torch is not None:
        stack.cudnn = torch.cudnn or None
        stack.nccl = torch.row.get("nccl", {}).get(torch.variant)
    elif any(b.name == "tensorflow" for b, _ in combo):
        tf = next(b for b, _ in combo if b.name == "tensorflow")
        stack.cudnn = tf.cudnn or None
    if not cuda_versions:
        stack.notes.append("no NVIDIA GPU: CPU builds, no driver or CUDA needed")
    return stack


def _choice(build: Build) -> Choice:
    if build.name == "torch":
        local = "" if build.variant == "pypi" else f"+{build.variant}"
        companions = {k: build.row[k] for k in ("torchvision", "torchaudio") if build.row.get(k)}
        packages = [f"torch=={build.version}{local}"] + [f"{k}=={v}{local}" for k, v in companions.items()]
        notes = [] if build.row.get("arch_list", {}).get(build.variant) else \
            [f"the arch list of torch {build.version} {build.variant} is not recorded; GPU coverage inferred from CUDA"]
        return Choice("torch", build.version, build.variant, TORCH_INDEX.format(variant=build.variant), packages,
                      companions, build.cuda, notes)
    if build.name == "tensorflow":
        extra = "[and-cuda]" if build.variant == "and-cuda" and build.cuda else ""
        notes = [] if extra or not build.cuda else [f"TensorFlow {build.version} needs CUDA {build.cuda} and cuDNN "
                                                    f"{build.cudnn} installed on the system"]
        return Choice("tensorflow", build.version, build.variant if build.cuda else "cpu", None,
                      [f"tensorflow{extra}=={build.version}"], {}, build.cuda, notes)
    extra = f"[{build.variant}]" if build.cuda else ""
    return Choice("jax", build.version, build.variant, None, [f"jax{extra}=={build.version}"], {}, build.cuda)


def _category(reason: str) -> str:
    if "kernels for" in reason or "cannot target" in reason or "no longer targets" in reason:
        return "gpu"
    if "supports Python" in reason:
        return "python"
    if "pinned" in reason:
        return "pin"
    return "other"


def explain(matrix: Matrix, requirement: Requirement, host: Host, rejected: List[Tuple[Build, List[str]]],
            cuda: Optional[str], python: Optional[str], cudnn: Optional[str]) -> Conflict:
    """The smallest clash for one target, and the nearest ways out.

    The smallest clash is the one constraint that alone blocks the newest build (drop it and that
    build works); when every build fails on several, the newest build's reasons together."""
    constraints: List[str] = []
    for build, reasons in rejected:  # newest first
        categories = {_category(r) for r in reasons}
        if len(categories) == 1:
            kind = categories.pop()
            constraints = _per_release([r for b, rs in rejected for r in rs if _category(r) == kind])[:3]
            break
    if not constraints and rejected:
        constraints = rejected[0][1][:3]
    if not rejected:
        constraints = [f"no {requirement.name} release in the matrix matches {requirement.specifier or 'any version'}"]
    alternatives = []
    relaxed = Requirement(requirement.name)
    if str(relaxed) != str(requirement):
        other = resolve(matrix, [str(relaxed)], host, cuda, python, cudnn)
        if isinstance(other, Stack):
            choice = other.frameworks[0]
            upgrade = (f", with a driver upgrade to >= {other.driver['min']}" if other.driver["action"] == "upgrade"
                       else "")
            alternatives.append(f"relax the version: {choice.name}=={choice.version} ({choice.variant}) works here"
                                f"{upgrade}")
    if python or host.python:
        other = resolve(matrix, [str(requirement)], Host(host.driver, host.gpus, host.compute_capabilities, None,
                                                         host.distro, host.nvswitch), cuda, None, cudnn)
        if isinstance(other, Stack):
            alternatives.append(f"use Python {other.python} (uv venv --python {other.python})")
    if cuda or cudnn:
        alternatives.append("drop the --cuda/--cudnn pin")
    alternatives.append("use a container image built for this stack (envcheck dockerfile)")
    gpu_text = f" on {', '.join(host.gpus)}" if host.gpus else ""
    message = f"no build of {requirement} fits{gpu_text}: " + "; ".join(constraints)
    if any(_category(c) == "gpu" for c in constraints):
        first = oldest_covering(matrix, requirement.name, host)
        if first is not None:
            message += f". {', '.join(host.gpus) or 'This GPU'} needs {first.name} >= {first.version} " \
                       f"with {first.variant}"
    return Conflict(message, constraints, alternatives)


def _per_release(reasons: List[str]) -> List[str]:
    """One line per release: 'torch 2.4.1 (cu124) has no kernels...' x3 -> the first of each release."""
    seen, out = set(), []
    for reason in reasons:
        release = " ".join(reason.split(" ")[:2])
        if release not in seen:
            seen.add(release)
            out.append(reason)
    return out


def oldest_covering(matrix: Matrix, name: str, host: Host) -> Optional[Build]:
    """The oldest release (and its variant) with kernels for every GPU of the host. A torch build counts only
    with native code (SASS) for each GPU: the PTX of an old build (1.0's compute_50) would be JIT-compiled for
    any newer GPU, but a release from before the GPU is no advice to give for it."""
    candidates = builds(matrix, Requirement(name), gpu=True)
    for build in sorted(candidates, key=lambda b: (Version(b.version), _rank(b)[1])):
        if all(_arch_problem(matrix, build, cc) is None for cc in host.compute_capabilities):
            arches = build.row.get("arch_list", {}).get(build.variant)
            if build.name != "torch" or (arches and all(coverage(arches, cc) == "sass"
                                                        for cc in host.compute_capabilities)):
                return build
    return None
