"""The compatibility matrix: load matrices/*.toml once, validate it, answer named queries.

Rules, the resolver and the CLI never walk raw rows; they ask a question here ("minimum
driver for CUDA 12.4", "is sm_120 covered by this arch list"). Every row keeps its `source`,
so every answer can say where it came from.

Loading collects every problem (unknown key, bad version, duplicate, unsorted rows, a CUDA
version that cuda.toml does not have) into one MatrixError that names file and row.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from envcheck.model import PROSE_SOURCE
from envcheck.resources import matrices_dir

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

Row = Dict[str, Any]

# Field kinds: how a value is checked.
TEXT, VERSION, SPEC, CUDA, CUDA_LIST, CUDA_SPEC, CUDA_MAJOR, CC, CC_LIST, NUMBER, BOOL, TEXT_LIST, VARIANT_MAP, \
    DATE = ("text", "version", "specifier", "cuda", "cuda-list", "cuda-specifier", "cuda-major", "cc", "cc-list",
            "number", "bool", "text-list", "variant-map", "date")

COMMON = {"source": TEXT, "note": TEXT, "status": TEXT, "released": DATE}


@dataclass(frozen=True)
class TableSpec:
    """What one matrices/*.toml file holds: its row array, unique key, and typed fields."""

    file: str
    array: str
    key: Tuple[str, ...]
    fields: Dict[str, str]
    required: Tuple[str, ...] = ()
    sort_key: Optional[str] = None  # the version field rows are sorted by, oldest first


TABLES: Dict[str, TableSpec] = {spec.file: spec for spec in (
    TableSpec("cuda", "cuda", ("cuda",), {
        "cuda": VERSION, "min_driver_linux": VERSION, "min_driver_windows": VERSION,
        "minor_compat_min_driver_linux": VERSION, "minor_compat_min_driver_windows": VERSION,
        "sm_min": CC, "sm_max": CC, "sm_added": CC_LIST, "sm_deprecated": CC_LIST, "gcc_max": VERSION,
        "gcc_source": TEXT, "arch_source": TEXT}, ("cuda",), "cuda"),
    TableSpec("cudnn", "cudnn", ("cudnn", "cuda_build"), {
        "cudnn": VERSION, "cuda_build": TEXT, "cuda": CUDA_SPEC, "min_driver_linux": VERSION,
        "compute_capabilities": CC_LIST}, ("cudnn", "cuda_build"), "cudnn"),
    TableSpec("nccl", "nccl", ("nccl",), {"nccl": VERSION, "cuda": CUDA_LIST}, ("nccl",), "nccl"),
    TableSpec("tensorrt", "tensorrt", ("tensorrt",), {
        "tensorrt": VERSION, "cuda": CUDA_LIST, "cudnn": SPEC, "compute_capabilities": CC_LIST},
        ("tensorrt",), "tensorrt"),
    TableSpec("torch", "torch", ("torch",), {
        "torch": VERSION, "python": SPEC, "variants": TEXT_LIST, "default_variant": TEXT,
        "torchvision": VERSION, "torchaudio": VERSION, "cudnn": VARIANT_MAP, "nccl": VARIANT_MAP,
        "arch_list": VARIANT_MAP, "cudnn_source": TEXT, "arch_source": TEXT}, ("torch", "python", "variants"), "torch"),
    TableSpec("tensorflow", "tensorflow", ("tensorflow",), {
        "tensorflow": VERSION, "python": SPEC, "cuda": CUDA, "cudnn": VERSION, "compiler": TEXT, "bazel": TEXT,
        "and_cuda": BOOL}, ("tensorflow",), "tensorflow"),
    TableSpec("jax", "jax", ("jaxlib", "cuda_major"), {
        "jaxlib": VERSION, "cuda_major": CUDA_MAJOR, "plugin": TEXT, "min_cudnn": VERSION,
        "min_driver_linux": VERSION, "python": SPEC}, ("jaxlib", "cuda_major"), "jaxlib"),
    TableSpec("paddle", "paddle", ("paddlepaddle_gpu", "cuda"), {
        "paddlepaddle_gpu": VERSION, "package": TEXT, "cuda": CUDA, "cudnn": SPEC, "python": SPEC},
        ("paddlepaddle_gpu", "cuda"), "paddlepaddle_gpu"),
    TableSpec("onnxruntime", "onnxruntime", ("onnxruntime_gpu", "cuda"), {
        "onnxruntime_gpu": VERSION, "package": TEXT, "cuda": CUDA, "cudnn": SPEC, "python": SPEC,
        "pypi_default": BOOL},
        ("onnxruntime_gpu", "cuda"), "onnxruntime_gpu"),
    TableSpec("cupy", "cupy", ("cupy", "package"), {
        "cupy": VERSION, "package": TEXT, "cuda": CUDA_SPEC, "cudnn": SPEC, "python": SPEC},
        ("cupy", "package"), "cupy"),
    TableSpec("gpus", "gpu", ("name",), {
        "name": TEXT, "aliases": TEXT_LIST, "pci_device_ids": TEXT_LIST, "compute_capability": CC,
        "architecture": TEXT, "segment": TEXT, "memory_gb": NUMBER, "memory_type": TEXT,
        "memory_bandwidth_gbs": NUMBER, "fp32_tflops": NUMBER, "fp16_tensor_tflops": NUMBER,
        "bf16_tensor_tflops": NUMBER, "int8_tensor_tops": NUMBER, "nvlink": TEXT, "tdp_w": NUMBER,
        "spec_source": TEXT}, ("name", "architecture")),
    # GPUs current drivers dropped, by PCI device id, with the legacy branch that still drives them
    # (nvidia-installer's own table, which prints "supported through the NVIDIA 580.xx Legacy drivers").
    TableSpec("legacy_gpus", "legacy_gpu", ("pci_device_id",), {
        "pci_device_id": TEXT, "branch": TEXT, "names": TEXT_LIST}, ("pci_device_id", "branch", "names")),
    # Causes to suspect for an error message nothing else explains, with how often each was the
    # cause among the corpus reports that showed such an error (tests/corpus, counted by
    # `python -m tests.corpus_score --suspects`), and the command whose output settles it.
    TableSpec("suspects", "suspect", ("error_class", "slug"), {
        "error_class": TEXT, "pattern": TEXT, "slug": TEXT, "cases": NUMBER, "class_cases": NUMBER, "check": TEXT},
        ("error_class", "pattern", "slug", "cases", "class_cases", "check")),
    TableSpec("software_gpu", "software_gpu", ("software", "versions", "feature"), {
        "software": TEXT, "versions": SPEC, "feature": TEXT, "min_cc": CC, "max_cc": CC, "quote": TEXT},
        ("software", "versions", "min_cc", "source", "quote")),
    TableSpec("jetpack", "jetpack", ("l4t",), {
        "l4t": VERSION, "jetpack": VERSION, "stage": TEXT, "container_family": TEXT},
        ("l4t", "jetpack", "container_family"), "l4t"),
    TableSpec("ngc", "ngc_release", ("release",), {
        "release": TEXT, "cuda": TEXT, "driver": TEXT, "min_driver": VERSION, "datacenter_drivers": TEXT_LIST,
        "quote": TEXT}, ("release", "cuda", "source", "quote"), "release"),
    # Names of the CUDA and cuDNN APIs with the release that added or removed them (generated from ROCm/HIPIFY's
    # tables by tests/hipify_api.py): whether a compiler's "identifier ... is undefined" means an older or a newer
    # toolkit than the code's.
    TableSpec("cuda_api", "api", ("library", "change", "version"), {
        "library": TEXT, "versioned_by": TEXT, "change": TEXT, "version": VERSION, "names": TEXT_LIST},
        ("library", "versioned_by", "change", "version", "names", "source")),
    # The options an nvcc release knows (generated from its own --help by tests/nvcc_options.py): whether an nvcc's
    # "Unknown option" is an option of a later release, which says the toolkit is older than the project expects.
    TableSpec("nvcc_options", "release", ("cuda",), {"cuda": CUDA, "nvcc": VERSION, "names": TEXT_LIST},
              ("cuda", "names", "source"), "cuda"),
    TableSpec("images", "image", ("tag",), {
        "tag": TEXT, "cuda": CUDA, "flavor": TEXT, "cudnn": TEXT, "os": TEXT, "cudnn_source": TEXT},
        ("tag", "cuda", "flavor", "os", "status"), "cuda"),
)}

ARCHITECTURES = ("Fermi", "Kepler", "Maxwell", "Pascal", "Volta", "Turing", "Ampere", "Ada Lovelace", "Hopper", "Blackwell")
IMAGE_STATUS = ("available", "eol", "removed")


class MatrixError(ValueError):
    """Every problem found while loading matrices/, one per line, each naming file and row."""

    def __init__(self, problems: Sequence[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class QueryError(ValueError):
    """A question the matrix cannot answer because its input is malformed or unknown."""


def version(text: Any) -> Version:
    """A version from user input or a matrix value; QueryError names what was wrong."""
    try:
        return Version(str(text))
    except InvalidVersion:
        raise QueryError(f"{text!r} is not a version number (expected something like 535.104.05 or 12.4)") from None


def variant_cuda(variant: str) -> Optional[str]:
    """PyTorch wheel variant -> CUDA version: 'cu124' -> '12.4', 'cu102' -> '10.2', 'cpu' -> None."""
    match = re.fullmatch(r"cu(\d+)(\d)", variant)
    return f"{match.group(1)}.{match.group(2)}" if match else None


def dotted_cc(digits: str) -> str:
    """A compute capability written as its tools write it in arch names ("89" of sm_89, "120" of sm_120) in
    the matrix's form ("8.9", "12.0"); a single digit has no minor to split off and is returned as it is."""
    return f"{digits[:-1]}.{digits[-1]}" if len(digits) >= 2 else digits


def cc_tuple(cc: str) -> Tuple[int, int]:
    major, _, minor = str(cc).partition(".")
    return int(major), int(minor or 0)


def arch_covers(arch: str, cc: str) -> Optional[str]:
    """Whether one arch-list entry runs on a GPU of compute capability `cc`.

    CUDA's binary compatibility (CUDA C Programming Guide, "Binary Compatibility"): SASS for
    sm_XY runs on devices X.Z with Z >= Y; "a" (arch-specific) variants run only on exactly
    X.Y; "f" (family) variants on X.Z with Z >= Y. PTX (compute_XY) is JIT-compiled by the
    driver for any device of compute capability >= X.Y. Returns "sass", "ptx" or None.
    """
    match = re.fullmatch(r"(sm|compute)_(\d+)(\d)([af]?)", arch.strip())
    if not match:
        return None
    kind, major, minor, suffix = match.group(1), int(match.group(2)), int(match.group(3)), match.group(4)
    device = cc_tuple(cc)
    if kind == "compute":
        if suffix == "a":
            return "ptx" if device == (major, minor) else None
        return "ptx" if device >= (major, minor) else None
    if suffix == "a":
        return "sass" if device == (major, minor) else None
    return "sass" if device[0] == major and device[1] >= minor else None


def coverage(arch_list: Iterable[str], cc: str) -> Optional[str]:
    """'sass' when a binary for this GPU is in the list, 'ptx' when only JIT covers it, else None."""
    kinds = {arch_covers(a, cc) for a in arch_list}
    if "sass" in kinds:
        return "sass"
    return "ptx" if "ptx" in kinds else None


@dataclass
class Table:
    spec: TableSpec
    path: Path
    reviewed: str
    source: str
    rows: List[Row] = field(default_factory=list)


class Matrix:
    """All tables, validated; the named queries the rest of envcheck asks."""

    def __init__(self, tables: Dict[str, Table]):
        self.tables = tables
        self._cuda_versions = [version(r["cuda"]) for r in tables["cuda"].rows] if "cuda" in tables else []
        self._api_index: Optional[Dict[str, List[Row]]] = None

    # --- raw access for `envcheck matrix show` -------------------------------------------
    def rows(self, table: str) -> List[Row]:
        if table not in self.tables:
            raise QueryError(f"unknown table {table!r}; choose one of: {', '.join(sorted(self.tables))}")
        return self.tables[table].rows

    # --- CUDA and drivers ----------------------------------------------------------------
    @functools.lru_cache(maxsize=1024)
    def cuda_release(self, cuda: str) -> Row:
        """The cuda.toml row for '12.4.1', or the newest update of '12.4'."""
        wanted = version(cuda)
        matches = [r for r in self.tables["cuda"].rows if _same_release(version(r["cuda"]), wanted)]
        if not matches:
            raise QueryError(f"CUDA {cuda} is not a CUDA release envcheck knows (newest known: "
                             f"{self.tables['cuda'].rows[-1]['cuda']})")
        return matches[-1]

    def newest_target(self, cuda: str) -> Optional[str]:
        """The newest compute capability nvcc of this CUDA release builds for (its sm_max), or None when the release
        or its range is not recorded."""
        if not cuda:
            return None
        try:
            return self.cuda_release(cuda).get("sm_max") or None
        except QueryError:
            return None

    def cuda_releases(self, cuda: str) -> List[Row]:
        """Every update of a minor release ('12.4' -> 12.4.0, 12.4.1) or the one exact release."""
        wanted = version(cuda)
        return [r for r in self.tables["cuda"].rows if _same_release(version(r["cuda"]), wanted)]

    @functools.lru_cache(maxsize=4096)
    def min_driver(self, cuda: str, os: str = "linux", minor_compat: bool = False) -> Optional[str]:
        """The minimum driver for a CUDA release: the toolkit's own (exact), or with minor-version
        compatibility the floor of its major. For a minor release ('12.4') the GA release counts."""
        rows = self.cuda_releases(cuda) or [self.cuda_release(cuda)]
        key = f"minor_compat_min_driver_{os}" if minor_compat else f"min_driver_{os}"
        values = [r[key] for r in rows if key in r]
        if not values:
            return None
        return min(values, key=version)

    @functools.lru_cache(maxsize=4096)
    def driver_runs_cuda(self, driver: str, cuda: str, os: str = "linux") -> Tuple[bool, str]:
        """(runs, how): how is 'exact' (driver >= the toolkit's own minimum), 'minor-compat'
        (only through minor-version compatibility: PTX JIT and some APIs need the exact
        minimum), or a sentence saying what is missing."""
        have = version(driver)
        exact = self.min_driver(cuda, os)
        if exact and have >= version(exact):
            return True, "exact"
        floor = self.min_driver(cuda, os, minor_compat=True)
        if floor and have >= version(floor):
            return True, "minor-compat"
        need = exact or floor
        if need is None:
            return False, f"no minimum driver is recorded for CUDA {cuda}"
        return False, f"CUDA {cuda} needs driver >= {need}" + (f" (>= {floor} with minor-version compatibility)"
                                                                if floor and floor != need else "")

    def newest_cuda_for_driver(self, driver: str, os: str = "linux", minor_compat: bool = False) -> Optional[str]:
        """The newest CUDA release this driver runs (exactly, or with minor-version compatibility)."""
        have = version(driver)
        best = None
        for row in self.tables["cuda"].rows:
            key = f"minor_compat_min_driver_{os}" if minor_compat else f"min_driver_{os}"
            need = row.get(key) or (row.get(f"min_driver_{os}") if minor_compat else None)
            if need and have >= version(need):
                best = row["cuda"]
        return best

    def newest_cuda_for_branch(self, branch: str, os: str = "linux") -> Optional[str]:
        """The newest CUDA release some driver of this branch ("390", "390.xx") runs: the last one whose minimum
        driver belongs to the branch or an older one. For a GPU whose drivers ended at a legacy branch, the CUDA
        it can ever run: what the branch's highest possible release would run."""
        return self.newest_cuda_for_driver(f"{int(branch.split('.')[0])}.9999.9999", os)

    # --- GPUs and architectures ------------------------------------------------------------
    def gpu(self, name: Optional[str] = None, pci_device_id: Optional[str] = None) -> Row:
        """The gpus.toml row for an NVML name (or alias), or a PCI device id ('0x2330')."""
        for row in self.tables["gpus"].rows:
            if name is not None and (name == row["name"] or name in row.get("aliases", [])):
                return row
            if pci_device_id is not None and _pci(pci_device_id) in {_pci(i) for i in row.get("pci_device_ids", [])}:
                return row
        if name is not None:
            loose = [r for r in self.tables["gpus"].rows if r["name"].lower() == name.strip().lower()]
            if loose:
                return loose[0]
            spoken = self.gpu_by_model(name)
            if spoken is not None:
                return spoken
            raise QueryError(f"unknown GPU {name!r}; envcheck matrix show gpus lists the names NVML reports")
        raise QueryError(f"unknown PCI device id {pci_device_id!r}")

    def _geforce_series(self, number: str) -> Optional[Row]:
        """A GeForce series named as a whole ("RTX 40 series"): its desktop cards in the table are of one architecture
        and compute capability, which the series then has. Laptop parts do not count: a few carry a later chip under
        the series' name (the RTX 2050 is an Ampere part, the RTX 3050 A an Ada one), and a person naming a series
        means its cards. Only those facts: a series has no one memory size or device id. None where the desktop cards
        disagree or the table has none."""
        rows = [r for r in self.tables["gpus"].rows if re.search(rf"\bGeForce (?:RTX|GTX) {number}\d0\b", r["name"])
                and not re.search(r"Laptop|Max-Q|Mobile", r["name"])]
        ccs = {r["compute_capability"] for r in rows if r.get("compute_capability")}
        if len(ccs) != 1 or len({r.get("architecture") for r in rows}) != 1:
            return None
        return {"name": f"GeForce {number} series", "compute_capability": ccs.pop(),
                "architecture": rows[0].get("architecture", ""), "segment": rows[0].get("segment", "")}

    def legacy_branch(self, pci_device_id: Optional[str] = None, name: Optional[str] = None) -> Optional[str]:
        """The legacy driver branch ("580.xx") that is the last to drive this GPU, or None when current
        drivers still support it or the table does not know it. A name is looked up through the gpus
        table's device ids, else against the legacy table's own names; a name that stands for models
        on different branches (GT 730: Fermi and Kepler boards) answers None, never a guess."""
        rows = self.tables["legacy_gpus"].rows
        if pci_device_id:
            return next((row["branch"] for row in rows if _pci(row["pci_device_id"]) == _pci(pci_device_id)), None)
        branches = self.legacy_branches(name) if name else set()
        return branches.pop() if len(branches) == 1 else None

    def legacy_branches(self, name: str) -> set:
        """Every legacy driver branch that is the last for some board of this name (GT 730: 390.xx for its
        Fermi boards, 470.xx for its Kepler ones); empty when current drivers support it or the table does
        not know it."""
        try:
            ids = {_pci(i) for i in self.gpu(name=name).get("pci_device_ids", [])}
        except QueryError:
            ids = set()
        key = _full_key(name)
        return {row["branch"] for row in self.tables["legacy_gpus"].rows
                if _pci(row["pci_device_id"]) in ids or key in {_full_key(n) for n in row["names"]}}

    def gpu_by_model(self, text: str) -> Optional[Row]:
        """The row for a GPU named the way people write it ("1080ti", "RTX 3090", "A100 80G",
        "4090 laptop"): the model key of the text against the model keys of the table's names.
        Several rows for one model (A100 PCIe and SXM4) answer only when they agree on the compute
        capability, which is what the rules need; otherwise the name stays unknown, never guessed."""
        series = GEFORCE_SERIES.fullmatch(text.strip())
        if series:
            return self._geforce_series(series.group(1))
        key = model_key(text)
        if not key:
            return None
        # A name written in full is that model ("Quadro RTX 4000" is not the Fermi "Quadro 4000",
        # "TITAN RTX" is not "GTX TITAN"), before any looser matching.
        exact = [r for r in self.tables["gpus"].rows
                 if _full_key(text) in {_full_key(n) for n in [r["name"], *r.get("aliases", [])]}]
        if len(exact) == 1:
            return exact[0]
        cut = text.rstrip().endswith(("...", "\u2026"))  # nvidia-smi cuts long names in its table
        rows = [r for r in self.tables["gpus"].rows
                if key in {model_key(n) for n in [r["name"], *r.get("aliases", [])]}]
        if not rows and key.endswith("laptop"):
            return None  # a laptop part is not its desktop namesake
        if not rows:
            rows = [r for r in self.tables["gpus"].rows
                    if any(model_key(n).startswith(key) and (cut or _memory_variant(model_key(n), key))
                           for n in [r["name"], *r.get("aliases", [])])]
        if not rows:
            # a model made only as a laptop part ("RTX 3050 Ti", "MX450"), named without the word: the table, which
            # lists every GPU the driver supports, has no desktop namesake for it to be confused with
            rows = [r for r in self.tables["gpus"].rows
                    if key + "laptop" in {model_key(n) for n in [r["name"], *r.get("aliases", [])]}]
        if len(rows) == 1 or (rows and len({r.get("compute_capability") for r in rows}) == 1):
            return rows[0]
        return None

    def suspects(self, lines: Sequence[str]) -> Tuple[str, str, List[Row]]:
        """For the first error class (in table order, most specific first) that one of these lines
        shows: (the class, the line, its suspect rows, most frequent cause first)."""
        classes: Dict[str, List[Row]] = {}
        for row in self.tables["suspects"].rows:
            classes.setdefault(row["error_class"], []).append(row)
        for name, rows in classes.items():
            pattern = re.compile(rows[0]["pattern"], re.I)
            line = next((text for text in lines if pattern.search(text)), None)
            if line is not None:
                return name, line, sorted(rows, key=lambda r: -r["cases"])
        return "", "", []

    def cuda_targets_cc(self, cuda: str, cc: str) -> Tuple[Optional[bool], str]:
        """Whether nvcc of a CUDA release can build for a compute capability (None: not recorded)."""
        row = self.cuda_release(cuda)
        low, high = row.get("sm_min"), row.get("sm_max")
        if low is None and high is None:
            return None, f"the oldest and newest architectures of CUDA {row['cuda']} are not recorded"
        if low is not None and cc_tuple(cc) < cc_tuple(low):
            return False, f"CUDA {row['cuda']} builds for compute capability {low} and newer, not {cc}"
        if high is not None and cc_tuple(cc) > cc_tuple(high):
            return False, f"CUDA {row['cuda']} builds for compute capability up to {high}, not {cc}"
        first = self._first_to_add(cc)
        if first is not None and version(row["cuda"]) < version(first["cuda"]):
            return False, (f"CUDA {row['cuda']} does not build for compute capability {cc}, which CUDA "
                           f"{first['cuda']} added")
        return True, f"CUDA {row['cuda']} targets compute capability {cc}"

    def _first_to_add(self, cc: str) -> Optional[Row]:
        """The oldest release whose sources say it added this compute capability inside its range (sm_added): the
        architectures are not contiguous, so CUDA 12.8 builds for 12.0 but not 10.3, which came with 12.9."""
        return next((row for row in self.tables["cuda"].rows
                     if any(cc_tuple(new) == cc_tuple(cc) for new in row.get("sm_added") or ())), None)

    def oldest_cuda_for_cc(self, cc: str) -> Optional[str]:
        """The first CUDA release whose nvcc builds for this compute capability (None: none recorded). An
        architecture the table's oldest release already builds for may be older than the table, so its
        first release is not known (the table starts at CUDA 10.0, and a Maxwell GPU dates from CUDA 6.5).
        A release's sm_added, where its sources list the targets it added, outranks the range."""
        rows = [row for row in self.tables["cuda"].rows if row.get("sm_max") and row.get("sm_min")]  # oldest first
        added = self._first_to_add(cc)
        if added is not None:
            return added["cuda"]
        for number, row in enumerate(rows):
            if cc_tuple(row["sm_min"]) <= cc_tuple(cc) <= cc_tuple(row["sm_max"]):
                return row["cuda"] if number > 0 else None
        return None

    def last_cuda_for_cc(self, cc: str) -> Optional[str]:
        """The last CUDA release whose nvcc still builds for this compute capability, when later releases
        dropped it (None: the newest release recorded still builds for it, or no release ever did)."""
        rows = [row for row in self.tables["cuda"].rows if row.get("sm_min")]  # oldest first
        last = None
        for row in rows:
            if cc_tuple(row["sm_min"]) <= cc_tuple(cc) and (not row.get("sm_max") or cc_tuple(cc) <= cc_tuple(row["sm_max"])):
                last = row
        if last is None or last is rows[-1]:
            return None
        return last["cuda"]

    def oldest_cuda_past(self, cc: str) -> Optional[str]:
        """The oldest CUDA release recorded when even its nvcc no longer builds for this compute capability (1.x
        before CUDA 7.0's 2.0), None when some release recorded builds for it or none records its range."""
        rows = [row for row in self.tables["cuda"].rows if row.get("sm_min")]  # oldest first
        if rows and cc_tuple(cc) < cc_tuple(rows[0]["sm_min"]):
            return rows[0]["cuda"]
        return None

    # --- PyTorch ---------------------------------------------------------------------------
    def torch_release(self, torch: str) -> Row:
        wanted = version(torch)
        base = Version(wanted.base_version)
        for row in self.tables["torch"].rows:
            if version(row["torch"]) == base:
                return row
        raise QueryError(f"torch {torch} is not in the matrix (known: {self.tables['torch'].rows[0]['torch']} .. "
                         f"{self.tables['torch'].rows[-1]['torch']})")

    def torch_arch_list(self, torch: str, variant: str) -> Optional[List[str]]:
        """The arch list of one build. A release named without its patch ("1.8") stands for every patch release
        of it, so it has an arch list only where they all agree (1.8.0+cu111 lacks sm_60 and sm_61, 1.8.1 not)."""
        row = self.torch_release(torch)
        if len(version(torch).release) < 3:
            wanted = version(torch)
            lists = {tuple(r.get("arch_list", {}).get(variant) or ()) for r in self.tables["torch"].rows
                     if _same_release(version(r["torch"]), wanted)}
            if len(lists) > 1:
                return None
        return row.get("arch_list", {}).get(variant)

    def torch_has_kernels_for(self, torch: str, variant: Optional[str], ccs: Sequence[str]) -> bool:
        """Whether every CUDA build of a torch release (only the named variant's, when known) has kernels for each
        compute capability and was made with a CUDA that knows it: a build older than the architecture (1.10+cu113
        on an RTX 4090) may run its own SASS through binary compatibility, but its CUDA libraries predate the GPU.
        False when no arch list of those builds is recorded."""
        row = self.torch_release(torch)
        builds = [(name, arches) for name, arches in row.get("arch_list", {}).items()
                  if (name == variant if variant else variant_cuda(name) is not None)]
        if not builds:
            return False
        firsts = {cc: self.oldest_cuda_for_cc(cc) for cc in ccs}
        for name, arches in builds:
            cuda = variant_cuda(name)
            for cc, first in firsts.items():
                if not coverage(arches, cc) or cuda is None or (first and version(cuda) < version(first)):
                    return False
        return True

    def torch_some_build_covers(self, torch: str, cc: str) -> bool:
        """Whether any CUDA build of a torch release has code for this compute capability; a build whose arch list is
        not recorded counts as having it, so that False means no build of the release can run on the GPU."""
        lists = [self.torch_arch_list(torch, variant) for variant in self.torch_release(torch).get("variants", [])
                 if variant_cuda(variant) is not None]
        return not lists or any(arches is None or coverage(arches, cc) for arches in lists)

    def torch_variants_for_driver(self, torch: str, driver: Optional[str]) -> List[Tuple[str, bool, str]]:
        """[(variant, usable, why)] for one torch release on a host with this driver."""
        row = self.torch_release(torch)
        out = []
        for variant in row["variants"]:
            cuda = variant_cuda(variant)
            if cuda is None:
                out.append((variant, True, "CPU build"))
            elif driver is None:
                out.append((variant, False, "no NVIDIA driver"))
            else:
                runs, how = self.driver_runs_cuda(driver, cuda)
                out.append((variant, runs, f"CUDA {cuda}: {how}"))
        return out

    # --- other frameworks --------------------------------------------------------------------
    def tensorflow_release(self, tensorflow: str) -> Row:
        wanted = version(tensorflow)
        rows = [r for r in self.tables["tensorflow"].rows if _same_release(version(r["tensorflow"]), wanted)]
        if not rows:
            raise QueryError(f"tensorflow {tensorflow} is not in the matrix")
        return rows[-1]

    def ngc_release(self, release: str) -> Optional[Row]:
        """The ngc.toml row of an NGC framework container release ("21.10"), or None when not recorded."""
        return next((r for r in self.tables["ngc"].rows if r["release"] == release), None)

    def newest_ngc_release_for_driver(self, driver: str) -> Optional[Row]:
        """The newest NGC release recorded whose stated driver minimum this driver meets."""
        have = version(driver)
        fits = [r for r in self.tables["ngc"].rows if r.get("min_driver") and version(r["min_driver"]) <= have]
        return fits[-1] if fits else None

    def first_tensorflow_with_cuda(self, cuda: str) -> Optional[Row]:
        """The oldest TensorFlow release built with this CUDA or a newer one (None: none recorded)."""
        wanted = version(cuda)
        return next((r for r in self.tables["tensorflow"].rows if r.get("cuda") and version(r["cuda"]) >= wanted), None)

    def newest_tensorflow_cuda_before(self, tensorflow: str) -> Optional[str]:
        """The newest CUDA any TensorFlow release older than this one was built with (None: none recorded)."""
        below = version(tensorflow)
        built = [version(r["cuda"]) for r in self.tables["tensorflow"].rows
                 if r.get("cuda") and version(r["tensorflow"]) < below]
        return str(max(built)) if built else None

    def jax_rows(self, jaxlib: str) -> List[Row]:
        wanted = Version(version(jaxlib).base_version)
        return [r for r in self.tables["jax"].rows if version(r["jaxlib"]) == wanted]

    def onnxruntime_builds(self, onnxruntime: str) -> List[Row]:
        """The onnxruntime-gpu builds of a release, PyPI's default first. A row of "1.17" stands for
        every 1.17.x; a row of "1.18.1" only for itself."""
        wanted = version(onnxruntime).release
        rows = [r for r in self.tables["onnxruntime"].rows
                if wanted[:len(version(r["onnxruntime_gpu"]).release)] == version(r["onnxruntime_gpu"]).release]
        return sorted(rows, key=lambda r: not r.get("pypi_default"))

    def architecture_cc_range(self, architecture: str) -> Optional[Tuple[str, str]]:
        """(oldest, newest) compute capability of the gpus table's rows of one architecture: what a GPU of
        that architecture can be when its own row leaves the capability open (one name, several chips)."""
        ccs = sorted({r["compute_capability"] for r in self.rows("gpus")
                      if r.get("architecture") == architecture and r.get("compute_capability")}, key=cc_tuple)
        return (ccs[0], ccs[-1]) if ccs else None

    def tensorrt_newest_cuda(self, tensorrt: str) -> Optional[str]:
        """The newest CUDA a TensorRT release (matched by major.minor) was built for, or None."""
        try:
            wanted = Version(tensorrt).release[:2]
        except InvalidVersion:
            return None
        row = next((r for r in self.rows("tensorrt") if Version(r["tensorrt"]).release[:2] == wanted), None)
        return max(row["cuda"], key=Version) if row and row.get("cuda") else None

    def software_gpu_rows(self, software: str, feature: str = "") -> List[Row]:
        """The rows of software_gpu.toml for one package (and feature: "" is the package as a whole)."""
        return [r for r in self.rows("software_gpu") if r["software"] == software and r.get("feature", "") == feature]

    def software_gpu_support(self, software: str, release: str, cc: str, feature: str = "") -> Optional[Row]:
        """The row that says this GPU is outside what a release supports, or None (supported, or not known).

        An unknown release ("") is judged only when every row of the package excludes the GPU."""
        rows = self.software_gpu_rows(software, feature)
        if not rows or not cc:
            return None
        if release:
            try:
                wanted = Version(release)
            except InvalidVersion:
                return None
            rows = [r for r in rows if SpecifierSet(r["versions"]).contains(wanted, prereleases=True)]
            if not rows:
                return None
        outside = [r for r in rows if cc_tuple(cc) < cc_tuple(r["min_cc"])
                   or ("max_cc" in r and cc_tuple(cc) > cc_tuple(r["max_cc"]))]
        if not outside or len(outside) != len(rows):
            return None
        return min(outside, key=lambda r: cc_tuple(r["min_cc"]))  # the most lenient statement that still excludes it

    def l4t_for_jetpack(self, jetpack: str) -> List[str]:
        """The L4T releases a JetPack release (or series: "6" or "5.1") flashes, oldest first."""
        return [row["l4t"] for row in self.rows("jetpack")
                if row["jetpack"] == jetpack or row["jetpack"].startswith(jetpack + ".")]

    def l4t_container_family(self, l4t: str) -> Optional[str]:
        """Which L4T releases run one another's containers: those of one family (jetson-containers' rule)."""
        try:
            wanted = version(l4t)
        except QueryError:
            return None
        row = next((row for row in self.rows("jetpack") if version(row["l4t"]) == wanted), None)
        return row["container_family"] if row else None

    @functools.lru_cache(maxsize=1)
    def newest_cudnn_major(self) -> int:
        """The highest cuDNN major the cudnn table lists: a "cuDNN 92.40.0" (Julia's printout of 9.24) or a Maven
        artifact's CUDA part ("cudnn:13.3-9.25") read as a cuDNN version is no release, and must not be judged."""
        return max(version(row["cudnn"]).major for row in self.tables["cudnn"].rows)

    def cudnn_builds(self, cudnn: str) -> List[Row]:
        wanted = version(cudnn)
        return [r for r in self.tables["cudnn"].rows if _same_release(version(r["cudnn"]), wanted)]

    def api_changes(self, name: str) -> List[Row]:
        """The cuda_api.toml rows that name a CUDA or cuDNN API name ("cudaMallocAsync"): the releases that added or
        removed it. Empty for a name the table does not know."""
        index = self._api_index
        if index is None:
            index = {}
            for row in self.rows("cuda_api"):
                for api_name in row["names"]:
                    index.setdefault(api_name, []).append(row)
            self._api_index = index
        return index.get(name, [])

    def nvcc_release_with_option(self, name: str) -> Optional[str]:
        """The newest nvcc release in nvcc_options.toml that knows an option ("compress-mode", "MD"), or None: an
        option no recorded nvcc knows may be a host compiler's flag given to nvcc by mistake, not a newer nvcc's."""
        rows = [row for row in self.rows("nvcc_options") if name in row["names"]]
        return rows[-1]["cuda"] if rows else None

    def images(self, cuda: Optional[str] = None, flavor: Optional[str] = None, os: Optional[str] = None,
               status: str = "available") -> List[Row]:
        rows = self.tables["images"].rows
        return [r for r in rows
                if (cuda is None or _same_release(version(r["cuda"]), version(cuda)))
                and (flavor is None or r["flavor"] == flavor) and (os is None or r["os"] == os)
                and (status is None or r["status"] == status)]


    # --- what a host can run ----------------------------------------------------------------
    def compat(self, driver: Optional[str], gpu: Optional[str] = None, python: Optional[str] = None) -> Dict[str, Any]:
        """What a driver (and GPU, and Python) can run: newest CUDA, and for every torch,
        tensorflow and jax release the build to use or why none fits."""
        gpu_row = self.gpu(gpu) if gpu else None
        cc = gpu_row.get("compute_capability") if gpu_row else None
        py = version(python) if python else None
        result: Dict[str, Any] = {
            "driver": driver, "gpu": gpu_row["name"] if gpu_row else None, "compute_capability": cc,
            "python": python,
            "newest_cuda": self.newest_cuda_for_driver(driver) if driver else None,
            "newest_cuda_minor_compat": self.newest_cuda_for_driver(driver, minor_compat=True) if driver else None,
            "torch": [], "tensorflow": [], "jax": [],
        }
        for row in self.tables["torch"].rows:
            result["torch"].append(self._torch_choice(row, driver, cc, py))
        for row in self.tables["tensorflow"].rows:
            reasons = []
            if py is not None and py not in SpecifierSet(row["python"]):
                reasons.append(f"Python {python} not in {row['python']}")
            if driver is None:
                reasons.append("needs an NVIDIA driver for its GPU build")
            else:
                runs, how = self.driver_runs_cuda(driver, row["cuda"])
                if not runs:
                    reasons.append(how)
            result["tensorflow"].append({"version": row["tensorflow"], "cuda": row["cuda"], "cudnn": row["cudnn"],
                                         "usable": not reasons, "why": "; ".join(reasons) or f"CUDA {row['cuda']}"})
        for row in self.tables["jax"].rows:
            reasons = []
            if py is not None and py not in SpecifierSet(row["python"]):
                reasons.append(f"Python {python} not in {row['python']}")
            if driver is None:
                reasons.append("needs an NVIDIA driver")
            elif version(driver) < version(row["min_driver_linux"]):
                reasons.append(f"needs driver >= {row['min_driver_linux']}")
            result["jax"].append({"version": row["jaxlib"], "cuda_major": row["cuda_major"], "plugin": row["plugin"],
                                  "usable": not reasons, "why": "; ".join(reasons) or f"CUDA {row['cuda_major']}"})
        return result

    def _torch_choice(self, row: Row, driver: Optional[str], cc: Optional[str], py: Optional[Version]) -> Dict[str, Any]:
        if py is not None and py not in SpecifierSet(row["python"]):
            return {"version": row["torch"], "variant": None, "usable": False,
                    "why": f"Python {py} not in {row['python']}", "excluded": {}}
        excluded: Dict[str, str] = {}
        chosen = None
        cuda_variants = [v for v in row["variants"] if variant_cuda(v)]
        # Newest CUDA first: the newest build this host runs is the one to recommend.
        for variant in sorted(cuda_variants, key=lambda v: version(variant_cuda(v)), reverse=True):
            if driver is None:
                excluded[variant] = "no NVIDIA driver"
                continue
            runs, how = self.driver_runs_cuda(driver, variant_cuda(variant))
            if not runs:
                excluded[variant] = how
                continue
            if cc is not None:
                arches = row.get("arch_list", {}).get(variant)
                if arches is None:  # unknown is not "no": recommend it, and say coverage is unverified
                    chosen = (variant, f"{how}; arch list of this build is not recorded, GPU coverage unverified")
                    break
                kind = coverage(arches, cc)
                if kind is None:
                    excluded[variant] = f"no kernels for compute capability {cc} (has {', '.join(arches)})"
                    continue
                how = f"{how}; {'native code' if kind == 'sass' else 'PTX JIT only'} for sm_{cc.replace('.', '')}"
            chosen = (variant, how)
            break
        if chosen:
            return {"version": row["torch"], "variant": chosen[0], "usable": True, "why": chosen[1],
                    "excluded": excluded}
        cpu = "cpu" in row["variants"]
        return {"version": row["torch"], "variant": "cpu" if cpu else None, "usable": False,
                "why": "no CUDA build fits" + (" (the CPU build installs, without GPU)" if cpu else ""),
                "excluded": excluded}

    # --- queries the rules ask ---------------------------------------------------------------
    def newest_torch_for_cc(self, cc: str, driver: Optional[str] = None) -> Optional[Tuple[str, str]]:
        """(version, variant) of the newest torch build with native code (SASS) for this compute
        capability; given a driver, the newest whose CUDA that driver runs."""
        for row in reversed(self.tables["torch"].rows):
            for variant, arches in sorted(row.get("arch_list", {}).items(), reverse=True):
                if coverage(arches, cc) != "sass":
                    continue
                cuda = variant_cuda(variant)
                if driver and cuda:
                    try:
                        if not self.driver_runs_cuda(driver, cuda)[0]:
                            continue
                    except (QueryError, InvalidVersion):
                        continue
                return row["torch"], variant
        return None

    def torch_default_variant(self, torch: str) -> str:
        """The variant plain `pip install torch==X` gets from PyPI (cu124, ...)."""
        return self.torch_release(torch).get("default_variant", "")

    def torch_cudnn(self, torch: str, variant: str) -> str:
        """The cuDNN a torch build (release + variant) ships with; "" when not recorded."""
        return self.torch_release(torch).get("cudnn", {}).get(variant, "")

    def torch_cudnn_major(self, torch: str, variant: str = "") -> str:
        """The cuDNN major a torch release's CUDA wheels bring: that of the variant when named, else the one all its
        CUDA variants share; "" when not recorded or when they differ."""
        shipped = self.torch_release(torch).get("cudnn", {})
        if variant:
            chosen = [shipped[variant]] if variant in shipped else []
        else:
            chosen = list(shipped.values())
        majors = {value.split(".")[0] for value in chosen}
        return majors.pop() if len(majors) == 1 else ""

    def torch_releases_for_python(self, python: str) -> List[str]:
        """Torch releases, oldest first, that publish wheels for this Python ('3.12' or '3.12.1')."""
        wanted = version(".".join(python.split(".")[:2]))
        return [r["torch"] for r in self.tables["torch"].rows if wanted in SpecifierSet(r["python"])]

    def newest_torch(self) -> Row:
        """The newest torch release in the matrix."""
        return self.tables["torch"].rows[-1]

    def torch_floor(self) -> Optional[Tuple[str, str]]:
        """(release, compute capability) of the oldest architecture any torch build in the matrix has native code
        for, with the oldest release whose arch lists are recorded: GPUs below it have no build at all."""
        for row in self.tables["torch"].rows:
            arches = [m.group(1) for arches in row.get("arch_list", {}).values() for a in arches
                      for m in [re.fullmatch(r"sm_(\d+)", a)] if m]  # sm_90a-style variants name no older GPU
            if arches:
                lowest = min(arches, key=lambda a: (int(a[:-1]), int(a[-1])))
                return row["torch"], f"{lowest[:-1]}.{lowest[-1]}"
        return None


def gpu_models(matrix: "Matrix", facts: Any) -> List[Dict[str, Any]]:
    """Every GPU of these facts (HostFacts) with its name, compute capability, architecture and segment:
    from NVML (or nvidia-smi), else from the PCI bus, completed from the gpus table.

    The one GPU-to-row lookup that rules, plans and images share."""
    models = []
    for device in facts.gpus.devices:
        row = _gpu_row(matrix, name=device.name)
        # a capability a person wrote beside the name gives way to the table's for a GPU the table knows
        stated = device.compute_capability if not (PROSE_SOURCE in device.source and row.get("compute_capability")) \
            else ""
        models.append({"index": device.index, "name": device.name,
                       "cc": stated or row.get("compute_capability", ""),
                       "architecture": device.architecture or row.get("architecture", ""),
                       "segment": row.get("segment", ""), "source": device.source})
    if models:
        return models
    for device in facts.pci.devices:
        if device.kind != "gpu":
            continue
        row = _gpu_row(matrix, pci=device.device_id) if device.device_id else {}
        models.append({"index": len(models), "name": row.get("name", f"PCI {device.device_id}"),
                       "cc": row.get("compute_capability", ""), "architecture": row.get("architecture", ""),
                       "segment": row.get("segment", ""), "source": device.source})
    return models


def _gpu_row(matrix: "Matrix", name: Optional[str] = None, pci: Optional[str] = None) -> Row:
    try:
        return matrix.gpu(name=name) if name else matrix.gpu(pci_device_id=pci)
    except QueryError:
        return {}


# A GeForce series as the prose importer names it ("GeForce RTX 40 series", "GeForce GTX 16 series").
GEFORCE_SERIES = re.compile(r"GeForce (?:RTX |GTX )?(10|16|20|30|40|50) series")


# Words in GPU names that say nothing about the model: the vendor, the product line, the form
# factor and memory type. What remains is the model key ("geforce rtx 3090 ti" -> "3090ti").
# The words vendors add, as words or glued to the model the way people type it ("TeslaV100", "QuadroP4000", "gtx1080ti")
_GPU_NOISE = re.compile(r"\b(?:nvidia|geforce|tesla|quadro|rtx|gtx|gt|graphics|card|gpu|pcie|sxm\d?|hbm\d?e?|"
                        r"generation|edition|workstation|nvl)\b|\b(?:tesla|quadro|rtx|gtx|gt)(?=[a-z]?\d)|[-_(),]")


def model_key(name: str) -> str:
    """"NVIDIA GeForce RTX 4090 Laptop GPU" -> "4090laptop"; "A100 80G" -> "a10080gb"."""
    text = name.lower().replace("(nvgpu)", "").replace("\u2026", "").rstrip(". ")
    text = re.sub(r"(\d+)\s*g(?:b)?\b", r"\1gb", text)  # "80G", "80 GB" -> "80gb"
    return re.sub(r"\s+", "", _GPU_NOISE.sub(" ", text))


def _full_key(name: str) -> str:
    """The whole name without the words vendors add or drop ("NVIDIA", "GeForce") and spacing."""
    return re.sub(r"[\s-]+", "", re.sub(r"\b(?:nvidia|geforce)\b", " ", name.lower()))


def _memory_variant(full: str, key: str) -> bool:
    """'a100' names every A100; 'a10' must not name an A100: the rest of the key is a memory size."""
    rest = full[len(key):]
    return rest == "" or bool(re.fullmatch(r"\d+gb", rest))


def _same_release(candidate: Version, wanted: Version) -> bool:
    """'12.4.1' matches '12.4' and '12.4.1'; '12.4' matches only '12.4' (and '12.4.0')."""
    depth = len(wanted.release)
    return candidate.release[:depth] == wanted.release[:depth] + (0,) * max(0, depth - len(candidate.release))


def _pci(text: str) -> str:
    return str(text).lower().replace("0x", "").rjust(4, "0")


# --- loading and validation --------------------------------------------------------------------


def load(directory: Optional[Path] = None, cache: bool = True) -> Matrix:
    """Load and validate every table; raise one MatrixError listing every problem.

    Parsing TOML is the slow part (images.toml alone has a thousand rows), so a validated
    matrix is kept as JSON in the user's cache directory, keyed by a hash of the files' bytes
    and of this module: any edit to a table, or to the rules that validate it, misses the cache.
    """
    directory = Path(directory) if directory is not None else matrices_dir()
    digest = _digest(directory)
    cached = _read_cache(digest) if cache else None
    if cached is not None:
        return cached
    matrix = _load_toml(directory)
    if cache:
        _write_cache(digest, matrix)
    return matrix


def _digest(directory: Path) -> str:
    hasher = hashlib.sha256(Path(__file__).read_bytes())
    for path in sorted(directory.glob("*.toml")):
        hasher.update(path.name.encode())
        hasher.update(path.read_bytes())
    return hasher.hexdigest()[:32]


def _cache_path(digest: str) -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base, "envcheck", f"matrix-{digest}.json")


def _read_cache(digest: str) -> Optional[Matrix]:
    try:
        with open(_cache_path(digest), encoding="utf-8") as handle:
            data = json.load(handle)
        tables = {name: Table(TABLES[name], Path(t["path"]), t["reviewed"], t["source"], t["rows"])
                  for name, t in data.items()}
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return Matrix(tables)


def _write_cache(digest: str, matrix: Matrix) -> None:
    path = _cache_path(digest)
    data = {name: {"path": str(t.path), "reviewed": t.reviewed, "source": t.source, "rows": t.rows}
            for name, t in matrix.tables.items()}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home only costs speed


def _load_toml(directory: Path) -> Matrix:
    problems: List[str] = []
    tables: Dict[str, Table] = {}
    for name, spec in TABLES.items():
        path = directory / f"{name}.toml"
        if not path.is_file():
            problems.append(f"{path}: missing (every table in envcheck.matrix.TABLES must exist)")
            continue
        try:
            with open(path, "rb") as handle:
                data = tomllib.load(handle)
        except (tomllib.TOMLDecodeError, OSError) as exc:
            problems.append(f"{path}: not valid TOML: {exc}")
            continue
        tables[name] = _table(spec, path, data, problems)
    for extra in sorted(directory.glob("*.toml")):
        if extra.stem not in TABLES:
            problems.append(f"{extra}: unknown table (known: {', '.join(TABLES)})")
    if "cuda" in tables:
        _check_cuda_references(tables, problems)
    if problems:
        raise MatrixError(problems)
    return Matrix(tables)


_CACHE: Dict[str, Matrix] = {}


def default() -> Matrix:
    """The shipped matrix, loaded once per process."""
    if "default" not in _CACHE:
        _CACHE["default"] = load()
    return _CACHE["default"]


def _table(spec: TableSpec, path: Path, data: Dict[str, Any], problems: List[str]) -> Table:
    where = path.name
    for key in data:
        if key not in ("reviewed", "source", spec.array):
            problems.append(f"{where}: unknown top-level key {key!r}")
    reviewed = data.get("reviewed")
    if not isinstance(reviewed, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", reviewed):
        problems.append(f"{where}: top-level 'reviewed' must be a date string YYYY-MM-DD")
    file_source = data.get("source", "")
    rows = data.get(spec.array, [])
    if not isinstance(rows, list) or not rows:
        problems.append(f"{where}: no [[{spec.array}]] rows")
        rows = []
    table = Table(spec, path, str(reviewed), str(file_source))
    seen: Dict[Tuple[Any, ...], int] = {}
    previous: Optional[Version] = None
    for index, raw in enumerate(rows, start=1):
        label = _row_label(spec, raw, index)
        row_where = f"{where} row {index} ({label})"
        if not isinstance(raw, dict):
            problems.append(f"{row_where}: not a table")
            continue
        row = dict(raw)
        if not row.get("source") and not file_source:
            problems.append(f"{row_where}: no source (give the row or the file a 'source')")
        row.setdefault("source", file_source)
        for key in spec.required:
            if key not in row:
                problems.append(f"{row_where}: missing required key {key!r}")
        for key, value in row.items():
            kind = spec.fields.get(key) or COMMON.get(key)
            if kind is None:
                problems.append(f"{row_where}: unknown key {key!r}")
                continue
            message = _check_value(kind, value)
            if message:
                problems.append(f"{row_where}: {key} = {value!r}: {message}")
        key = tuple(_freeze(row.get(k)) for k in spec.key)
        if key in seen:
            problems.append(f"{row_where}: duplicate of row {seen[key]} ({', '.join(spec.key)} must be unique)")
        else:
            seen[key] = index
        if spec.sort_key and isinstance(row.get(spec.sort_key), str):
            try:
                current = Version(row[spec.sort_key])
            except InvalidVersion:
                current = None
            if current is not None and previous is not None and current < previous:
                problems.append(f"{row_where}: rows must be sorted by {spec.sort_key}, oldest first")
            previous = current if current is not None else previous
        if spec.file == "gpus" and row.get("architecture") not in ARCHITECTURES:
            problems.append(f"{row_where}: architecture must be one of {', '.join(ARCHITECTURES)}")
        if spec.file == "images" and row.get("status") not in IMAGE_STATUS:
            problems.append(f"{row_where}: status must be one of {', '.join(IMAGE_STATUS)}")
        if spec.file == "torch":
            _check_torch_row(row, row_where, problems)
        table.rows.append(row)
    return table


def _check_torch_row(row: Row, where: str, problems: List[str]) -> None:
    variants = row.get("variants", [])
    for name in ("cudnn", "nccl", "arch_list"):
        for variant in row.get(name, {}):
            if variant not in variants:
                problems.append(f"{where}: {name} names variant {variant!r}, which is not in variants")
    default_variant = row.get("default_variant")
    if default_variant and default_variant not in variants:
        problems.append(f"{where}: default_variant {default_variant!r} is not in variants")
    for variant, arches in row.get("arch_list", {}).items():
        for arch in arches:
            if not re.fullmatch(r"(sm|compute)_\d+[af]?", arch):
                problems.append(f"{where}: arch_list.{variant} entry {arch!r} is not sm_XY or compute_XY")


def _row_label(spec: TableSpec, raw: Any, index: int) -> str:
    if isinstance(raw, dict):
        parts = [f"{k}={raw[k]}" for k in spec.key if k in raw and not isinstance(raw[k], (list, dict))]
        if parts:
            return ", ".join(parts)
    return f"#{index}"


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _check_value(kind: str, value: Any) -> str:
    """'' when the value fits its kind, else what is wrong."""
    if kind == TEXT:
        return "" if isinstance(value, str) and value.strip() else "must be a non-empty string"
    if kind == DATE:
        return "" if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value) else "must be YYYY-MM-DD"
    if kind == BOOL:
        return "" if isinstance(value, bool) else "must be true or false"
    if kind == NUMBER:
        return "" if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else \
            "must be a positive number"
    if kind == CUDA and isinstance(value, str) and value[:1] in "<>=!~":
        return _check_value(SPEC, value)  # a range of CUDA releases
    if kind in (VERSION, CUDA):
        return _version_problem(value)
    if kind == CUDA_MAJOR:
        return "" if isinstance(value, str) and value.isdigit() else "must be a major version like \"12\""
    if kind in (SPEC, CUDA_SPEC):
        if not isinstance(value, str):
            return "must be a PEP 440 specifier string"
        try:
            SpecifierSet(value)
        except InvalidSpecifier:
            return "is not a PEP 440 specifier (like \">=3.9,<3.13\")"
        return ""
    if kind == CC:
        return "" if isinstance(value, str) and re.fullmatch(r"\d+\.\d+", value) else "must be a compute capability like \"8.0\""
    if kind == CC_LIST:
        if not isinstance(value, list) or not all(isinstance(v, str) and re.fullmatch(r"\d+\.\d+", v) for v in value):
            return "must be a list of compute capabilities like [\"8.0\", \"9.0\"]"
        return ""
    if kind in (TEXT_LIST, CUDA_LIST):
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            return "must be a list of strings"
        if kind == CUDA_LIST:
            return next((_version_problem(v) for v in value if _version_problem(v)), "")
        return ""
    if kind == VARIANT_MAP:
        return "" if isinstance(value, dict) else "must be an inline table keyed by variant (cu124 = ...)"
    return f"unknown field kind {kind}"


def _version_problem(value: Any) -> str:
    if not isinstance(value, str):
        return "must be a version string"
    try:
        Version(value)
    except InvalidVersion:
        return "is not a valid version"
    return ""


def _check_cuda_references(tables: Dict[str, Table], problems: List[str]) -> None:
    """Every CUDA version a row names must be a release in cuda.toml."""
    known = []
    for row in tables["cuda"].rows:
        try:
            known.append(Version(row["cuda"]))
        except (InvalidVersion, KeyError):
            continue
    majors = {str(v.major) for v in known}

    def exists(text: str) -> bool:
        try:
            wanted = Version(text)
        except InvalidVersion:
            return True  # reported by the value check already
        return any(_same_release(v, wanted) for v in known)

    for name, table in tables.items():
        for index, row in enumerate(table.rows, start=1):
            where = f"{table.path.name} row {index} ({_row_label(table.spec, row, index)})"
            for key, kind in table.spec.fields.items():
                value = row.get(key)
                if value is None:
                    continue
                if kind == CUDA and isinstance(value, str) and value[:1] in "<>=!~":
                    kind = CUDA_SPEC
                if kind == CUDA and isinstance(value, str) and not exists(value):
                    problems.append(f"{where}: {key} = {value!r} is not a CUDA release in cuda.toml")
                elif kind == CUDA_LIST and isinstance(value, list):
                    for item in value:
                        if not exists(item):
                            problems.append(f"{where}: {key} names CUDA {item!r}, which is not in cuda.toml")
                elif kind == CUDA_SPEC and isinstance(value, str):
                    try:
                        spec = SpecifierSet(value)
                    except InvalidSpecifier:
                        continue
                    if not any(v in spec for v in known):
                        problems.append(f"{where}: {key} = {value!r} matches no CUDA release in cuda.toml")
                elif kind == CUDA_MAJOR and value not in majors:
                    problems.append(f"{where}: {key} = {value!r} is not a CUDA major in cuda.toml")
            if name == "torch":
                for variant in row.get("variants", []):
                    cuda = variant_cuda(variant)
                    if cuda and not exists(cuda):
                        problems.append(f"{where}: variant {variant} means CUDA {cuda}, which is not in cuda.toml")


def check(directory: Optional[Path] = None) -> List[str]:
    """Every problem in the matrix files (empty when they are clean); never uses the cache."""
    try:
        load(directory, cache=False)
    except MatrixError as exc:
        return exc.problems
    return []


def select(rows: Iterable[Row], filters: Sequence[str]) -> List[Row]:
    """Rows matching every KEY=VALUE filter (VALUE compared as text; lists match any item)."""
    parsed: List[Tuple[str, str]] = []
    for item in filters:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise QueryError(f"--filter {item!r} must look like KEY=VALUE (for example torch=2.5.1)")
        parsed.append((key.strip(), value.strip()))
    out = []
    for row in rows:
        if all(_matches(row.get(k), v) for k, v in parsed):
            out.append(row)
    return out


def _matches(value: Any, wanted: str) -> bool:
    if isinstance(value, list):
        return any(str(v) == wanted for v in value)
    if isinstance(value, dict):
        return wanted in value
    if isinstance(value, bool):
        return str(value).lower() == wanted.lower()
    return value is not None and str(value) == wanted



