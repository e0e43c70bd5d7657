"""The shared vocabulary: the facts a probe reports about a host.

Facts are plain dataclasses so that a whole host can travel as one JSON document: a user can
send it, a maintainer can diagnose it offline, and every rule can be tested without a GPU.
Every section says whether it was collected (`status`), why not (`reason`) and what it read
(`sources`); single facts that a rule may quote also carry their own `source`.

The JSON Schema published by `envcheck schema facts` is derived from these classes, so the
classes are the one definition of the format.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Union

# Bump only together with a migration note in MIGRATIONS below.
SCHEMA_VERSION = "4"

# Every version this envcheck still reads. Each later version only adds fields, so an older
# document reads with the new fields at their defaults.
MIGRATIONS: Dict[str, str] = {
    "1": "First published schema.",
    "2": "Adds the smoke section (smoke results as facts), per-device coverage in smoke results, "
         "and the scope of each finding.",
    "3": "Adds cuda.stated_version (the CUDA a pasted report names in words, not a toolkit found) and "
         "frameworks of name onnxruntime; libraries may be of kind \"stated\"; system.windows_build.",
    "4": "Adds docker.config_path and docker.config_error (daemon.json that the engine cannot read).",
}

OK = "ok"
ABSENT = "absent"
ERROR = "error"
UNKNOWN = "unknown"  # not collected: an imported paste said nothing about this section

# NVML and nvidia-smi answer "not supported" for many queries on many boards; that is a
# normal value, distinct from "not collected" (None).
NOT_SUPPORTED = "not-supported"

Scalar = Union[bool, int, float, str, None]

# In a fact's source, what marks it as read from words a person wrote ("GPU: 1080ti") rather than
# from a tool's output: "paste.txt: prose: 'GPU: 1080ti'". Findings that rest on it say so.
PROSE_SOURCE = ": prose: "


@dataclass
class Section:
    """What every section shares: whether it was collected and from where."""

    status: str = OK
    reason: str = ""
    sources: List[str] = field(default_factory=list)


# --- system ---------------------------------------------------------------------------------


@dataclass
class Shm:
    path: str = "/dev/shm"
    mounted: Optional[bool] = None
    size_bytes: Optional[int] = None
    free_bytes: Optional[int] = None
    writable: Optional[bool] = None
    source: str = ""


@dataclass
class SystemFacts(Section):
    os: str = ""
    distro_id: str = ""
    distro_version: str = ""
    distro_name: str = ""
    distro_like: str = ""
    kernel: str = ""
    arch: str = ""
    glibc: str = ""
    cpu_model: str = ""
    cpu_cores: Optional[int] = None
    ram_bytes: Optional[int] = None
    shm: Shm = field(default_factory=Shm)
    wsl: Optional[int] = None  # 1 or 2 when running under WSL, else None
    windows_build: str = ""  # Windows' build number ("17763") when the input names it
    secure_boot: Optional[str] = None  # "enabled" / "disabled" / None (unknown)
    secure_boot_source: str = ""
    iommu: Optional[str] = None  # "on" / "off" / None (unknown)
    iommu_source: str = ""
    kernel_cmdline: str = ""
    # Jetson: the L4T (Linux for Tegra) release the board was flashed with, "32.6.1", from
    # /etc/nv_tegra_release; a container built for one L4T release needs a host of its family (matrices/jetpack.toml).
    l4t_release: str = ""
    l4t_release_source: str = ""
    # The JetPack release a paste names ("JetPack 4.5.1", the nvidia-jetpack package); it flashes one L4T release.
    jetpack_release: str = ""
    jetpack_release_source: str = ""


# --- pci ------------------------------------------------------------------------------------


@dataclass
class PciDevice:
    address: str = ""
    vendor_id: str = ""
    device_id: str = ""
    subsystem_vendor_id: str = ""
    subsystem_device_id: str = ""
    class_code: str = ""
    kind: str = ""  # gpu / nvswitch / audio / usb / bridge / other
    driver: Optional[str] = None  # bound kernel driver: nvidia, nouveau, vfio-pci; None: none; "unknown": not said
    current_link_speed: str = ""
    max_link_speed: str = ""
    current_link_width: Optional[int] = None
    max_link_width: Optional[int] = None
    numa_node: Optional[int] = None
    source: str = ""


@dataclass
class PciFacts(Section):
    devices: List[PciDevice] = field(default_factory=list)


# --- driver ---------------------------------------------------------------------------------


@dataclass
class LibraryFile:
    """One shared object as the loader would find it."""

    name: str = ""  # the name asked for, e.g. libcuda.so.1
    path: str = ""  # where it was found
    real_path: str = ""  # after following symlinks
    version: str = ""  # from the real file name, when it carries one
    source: str = ""


@dataclass
class FabricManager:
    installed: Optional[bool] = None
    running: Optional[bool] = None
    version: str = ""
    source: str = ""


@dataclass
class DriverFacts(Section):
    kernel_module_version: str = ""
    kernel_module_source: str = ""
    proc_version: str = ""  # the raw first line of /proc/driver/nvidia/version
    kernel_module_flavor: Optional[str] = None  # "open" / "proprietary"
    loaded_modules: Dict[str, bool] = field(default_factory=dict)
    device_nodes: List[str] = field(default_factory=list)
    userspace_libraries: List[LibraryFile] = field(default_factory=list)
    userspace_version: str = ""  # from libnvidia-ml.so.<version> / libcuda.so.<version>
    modules_for_running_kernel: List[str] = field(default_factory=list)
    nouveau_blacklisted: Optional[bool] = None
    fabric_manager: FabricManager = field(default_factory=FabricManager)
    kernel_log: List[str] = field(default_factory=list)  # NVRM / Xid lines


# --- gpus -----------------------------------------------------------------------------------


@dataclass
class NvLink:
    link: int = 0
    active: Optional[bool] = None
    version: str = ""  # NVLink generation as NVML names it: "4.0" on Hopper
    remote_pci_bus_id: str = ""


@dataclass
class Gpu:
    index: int = 0
    name: str = ""
    uuid: str = ""
    pci_bus_id: str = ""
    serial: str = ""
    compute_capability: str = ""
    architecture: str = ""
    memory_total_bytes: Optional[int] = None
    memory_used_bytes: Optional[int] = None
    persistence_mode: Scalar = None  # "enabled" / "disabled" / not-supported
    mig_mode_current: Scalar = None
    mig_mode_pending: Scalar = None
    ecc_mode_current: Scalar = None
    ecc_errors_volatile_corrected: Scalar = None
    ecc_errors_volatile_uncorrected: Scalar = None
    ecc_errors_aggregate_corrected: Scalar = None
    ecc_errors_aggregate_uncorrected: Scalar = None
    retired_pages_pending: Scalar = None
    retired_pages_count: Scalar = None
    remapped_rows_correctable: Scalar = None
    remapped_rows_uncorrectable: Scalar = None
    remapped_rows_pending: Scalar = None
    remapped_rows_failure: Scalar = None
    clocks_graphics_mhz: Scalar = None
    clocks_sm_mhz: Scalar = None
    clocks_memory_mhz: Scalar = None
    clocks_max_graphics_mhz: Scalar = None
    clocks_max_memory_mhz: Scalar = None
    throttle_reasons: List[str] = field(default_factory=list)
    power_limit_w: Scalar = None
    power_draw_w: Scalar = None
    temperature_c: Scalar = None
    pcie_gen_current: Scalar = None
    pcie_gen_max: Scalar = None
    pcie_width_current: Scalar = None
    pcie_width_max: Scalar = None
    nvlinks: List[NvLink] = field(default_factory=list)
    source: str = ""
    error: str = ""  # NVML's error for this device, e.g. NVML_ERROR_GPU_IS_LOST


@dataclass
class TopologyLink:
    gpu_a: int = 0
    gpu_b: int = 0
    level: str = ""  # NVML topology level: internal, single, multiple, hostbridge, node, system
    p2p_read: str = ""  # NVML P2P read status: ok, chipset-not-supported, disabled-by-regkey, ...


@dataclass
class GpuFacts(Section):
    backend: str = ""  # "nvml" or "nvidia-smi"
    nvml_error: str = ""
    driver_version: str = ""
    cuda_driver_version: str = ""  # the CUDA version the driver supports, e.g. "12.4"
    nvml_version: str = ""
    devices: List[Gpu] = field(default_factory=list)
    topology: List[TopologyLink] = field(default_factory=list)


# --- cuda -----------------------------------------------------------------------------------


@dataclass
class Toolkit:
    path: str = ""
    real_path: str = ""
    version: str = ""
    version_source: str = ""
    nvcc: str = ""


@dataclass
class DriverApi:
    status: str = ABSENT
    reason: str = ""
    library: str = ""
    cuinit_code: Optional[int] = None
    cuinit_name: str = ""
    driver_version: str = ""  # cuDriverGetVersion as "12.4"
    device_count: Optional[int] = None
    seconds: Optional[float] = None


@dataclass
class CudaFacts(Section):
    toolkits: List[Toolkit] = field(default_factory=list)
    nvcc_on_path: str = ""  # the nvcc that `nvcc` runs
    nvcc_on_path_version: str = ""
    cuda_home: str = ""  # CUDA_HOME or CUDA_PATH as set
    cudart: List[LibraryFile] = field(default_factory=list)
    driver_api: DriverApi = field(default_factory=DriverApi)
    # The C compiler Triton would build its launcher with ($CC, else gcc, else clang on PATH): "" when the
    # host has none, None when nobody looked (a paste).
    c_compiler: Optional[str] = None
    # The CUDA a pasted report names in words or a form field ("CUDA 11.7", "CUDA12.1"): which CUDA
    # libraries the person has, as they understand it; never taken for a toolkit that was found.
    stated_version: str = ""
    stated_source: str = ""


# --- libraries ------------------------------------------------------------------------------


@dataclass
class Library:
    name: str = ""  # cudnn / nccl / cublas / tensorrt / cudart
    version: str = ""
    kind: str = ""  # header / shared-object / wheel / conda / system-package (dpkg -l) / stated (named in words in a
    # paste) / reported (in use, as a program's own report says: numba -s)
    location: str = ""
    source: str = ""


@dataclass
class LibrariesFacts(Section):
    found: List[Library] = field(default_factory=list)


# --- python ---------------------------------------------------------------------------------


@dataclass
class Distribution:
    name: str = ""
    version: str = ""
    location: str = ""
    source: str = ""


@dataclass
class PythonFacts(Section):
    executable: str = ""
    version: str = ""
    implementation: str = ""
    prefix: str = ""
    virtualenv: str = ""
    conda_env: str = ""
    site_packages: List[str] = field(default_factory=list)
    distributions: List[Distribution] = field(default_factory=list)


# --- frameworks -----------------------------------------------------------------------------


@dataclass
class LoadedLibrary:
    name: str = ""  # cudart / cudnn / nccl / cublas
    path: str = ""
    version: str = ""


@dataclass
class FrameworkDeep:
    status: str = ABSENT  # ok / error (import failed, crashed, timed out)
    reason: str = ""
    seconds: Optional[float] = None
    cuda_available: Optional[bool] = None
    device_count: Optional[int] = None
    arch_list: List[str] = field(default_factory=list)
    cuda_version: str = ""
    cudnn_version: str = ""
    nccl_version: str = ""
    devices: List[str] = field(default_factory=list)
    loaded_libraries: List[LoadedLibrary] = field(default_factory=list)
    stderr_tail: str = ""


@dataclass
class Framework:
    name: str = ""  # torch / tensorflow / jax
    version: str = ""
    location: str = ""
    accelerator: str = ""  # what the build targets: "cuda", "rocm", "cpu"; "" when not known
    build_cuda: str = ""  # the CUDA the build was compiled for ("12.1"), "" for CPU builds or unknown
    build_cudnn: str = ""
    build_info: Dict[str, str] = field(default_factory=dict)
    source: str = ""
    deep: Optional[FrameworkDeep] = None


@dataclass
class FrameworksFacts(Section):
    installed: List[Framework] = field(default_factory=list)


# --- env, container, docker -----------------------------------------------------------------


@dataclass
class EnvFacts(Section):
    variables: Dict[str, str] = field(default_factory=dict)


@dataclass
class ContainerFacts(Section):
    inside: bool = False
    runtime: str = ""  # docker / podman / kubernetes / lxc / containerd / ""
    evidence: List[str] = field(default_factory=list)
    # From a pasted Kubernetes pod spec: each container's nvidia.com/gpu limit (its request where it sets no
    # limit). GPUs are given per container, so the pod needs their sum on one node.
    pod_gpu_limits: List[int] = field(default_factory=list)
    # From a pasted `kubectl describe node`: the nvidia.com/gpu it offers (Allocatable, else Capacity).
    node_gpus: Optional[int] = None
    # A pasted pod spec (or `kubectl describe pod`) sets limits or requests and no nvidia.com/gpu: the device
    # plugin gives GPUs only to containers that request them.
    pod_spec_without_gpu: bool = False


@dataclass
class ContainerToolkitTool:
    name: str = ""
    path: str = ""
    version: str = ""


@dataclass
class DockerFacts(Section):
    endpoint: str = ""
    server_version: str = ""
    api_version: str = ""
    runtimes: List[str] = field(default_factory=list)
    default_runtime: str = ""
    nvidia_runtime: bool = False
    cdi_spec_dirs: Dict[str, List[str]] = field(default_factory=dict)
    toolkit: List[ContainerToolkitTool] = field(default_factory=list)
    config_path: str = ""  # the daemon.json read, when one was
    config_error: str = ""  # why that file is not valid JSON ("" when it is, or was not read)


# --- the whole host -------------------------------------------------------------------------


@dataclass
class Observation:
    """A line of text a user's paste or log showed (an error message, a warning), kept verbatim
    so that rules can match the error signatures they know."""

    text: str = ""
    source: str = ""  # which part of which input: "paste.txt: python traceback"


@dataclass
class ProbeError:
    probe: str = ""
    reason: str = ""
    seconds: float = 0.0


@dataclass
class SmokeResult:
    """One smoke test's outcome: what it measured, against which thresholds, with which libraries."""

    name: str = ""
    status: str = ""  # pass / warn (passed, with a note) / fail / skip / timeout / error
    device: str = ""  # cuda / cpu
    metrics: Dict[str, Any] = field(default_factory=dict)
    thresholds: Dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    overhead_seconds: float = 0.0  # process start and framework import, not the test itself
    message: str = ""
    versions: Dict[str, str] = field(default_factory=dict)
    stderr_tail: str = ""
    # The devices the payload ran on, as CUDA numbered them: {"label": "gpu0", "uuid": "GPU-...",
    # "pci_bus_id": "00000000:18:00.0", "name": ..., "mig": bool}. Measurements are keyed by label;
    # the uuid ties a label to the GPU NVML reports, whatever CUDA_VISIBLE_DEVICES did to the order.
    devices: List[Dict[str, Any]] = field(default_factory=list)
    # Metrics that were measured but could not be judged (no peak known for that GPU, a MIG slice),
    # each as "gpu0.fp16_tflops: no peak figure for NVIDIA A10G in matrices/gpus.toml".
    not_judged: List[str] = field(default_factory=list)


@dataclass
class SmokeFacts(Section):
    """Smoke test results, once a certification run has them: facts the rules judge again."""

    status: str = UNKNOWN  # not run until certify runs the smoke tests
    device: str = ""
    profile: str = ""
    results: List[SmokeResult] = field(default_factory=list)


@dataclass
class HostFacts:
    schema_version: str = SCHEMA_VERSION
    envcheck_version: str = ""
    collected_at: str = ""
    root: str = "/"
    system: SystemFacts = field(default_factory=SystemFacts)
    pci: PciFacts = field(default_factory=PciFacts)
    driver: DriverFacts = field(default_factory=DriverFacts)
    gpus: GpuFacts = field(default_factory=GpuFacts)
    cuda: CudaFacts = field(default_factory=CudaFacts)
    libraries: LibrariesFacts = field(default_factory=LibrariesFacts)
    python: PythonFacts = field(default_factory=PythonFacts)
    frameworks: FrameworksFacts = field(default_factory=FrameworksFacts)
    env: EnvFacts = field(default_factory=EnvFacts)
    container: ContainerFacts = field(default_factory=ContainerFacts)
    docker: DockerFacts = field(default_factory=DockerFacts)
    smoke: SmokeFacts = field(default_factory=SmokeFacts)
    probe_errors: List[ProbeError] = field(default_factory=list)
    observations: List[Observation] = field(default_factory=list)
    inputs: List[str] = field(default_factory=list)  # what these facts were read from, when imported

    def to_dict(self) -> Dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "HostFacts":
        """Build facts from JSON, refusing documents of another schema version."""
        if not isinstance(data, dict):
            raise FactsFormatError("facts must be a JSON object")
        version = str(data.get("schema_version", ""))
        if version not in MIGRATIONS:
            raise FactsFormatError(
                f"facts schema_version {version!r} is not supported (this envcheck reads "
                f"{', '.join(repr(v) for v in MIGRATIONS)})"
            )
        facts = from_dict(cls, data, "facts")
        facts.schema_version = SCHEMA_VERSION
        return facts


# --- findings -------------------------------------------------------------------------------

ERROR_SEVERITY = "error"
WARNING = "warning"
INFO = "info"
SEVERITY_ORDER = {ERROR_SEVERITY: 0, WARNING: 1, INFO: 2}


@dataclass
class Finding:
    """What a rule says about a host: one problem, the facts it rests on, and how to fix it."""

    code: str = ""
    slug: str = ""
    severity: str = ""
    title: str = ""
    message: str = ""
    evidence: Dict[str, Any] = field(default_factory=dict)
    fix: List[str] = field(default_factory=list)
    references: List[str] = field(default_factory=list)
    # What the problem stops: "runtime" (running CUDA programs here), "build" (compiling CUDA
    # code), or "containers" (GPU containers). A certificate for a training host gates on runtime.
    scope: str = "runtime"
    # How sure: "confirmed" (tool output or an error message that names the cause), "likely" (rests
    # on facts a person stated in words, or on a message that many causes print), "possible" (a cause
    # to suspect for an error nothing else explains, with the command that settles it).
    confidence: str = "confirmed"


SECTIONS = ("system", "pci", "driver", "gpus", "cuda", "libraries", "python", "frameworks", "env",
            "container", "docker")


class FactsFormatError(ValueError):
    """A facts document that does not have the published shape."""


def from_dict(cls: Any, data: Any, where: str) -> Any:
    """Rebuild a dataclass tree from plain JSON values, naming the first bad key."""
    if not isinstance(data, dict):
        raise FactsFormatError(f"{where}: expected an object, got {type(data).__name__}")
    hints = typing.get_type_hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    kwargs = {}
    for key, value in data.items():
        if key not in known:
            continue  # newer envcheck versions may add keys; ignoring them keeps old readers working
        kwargs[key] = _convert(hints[key], value, f"{where}.{key}")
    return cls(**kwargs)


def _convert(hint: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Union:
        if value is None and type(None) in args:
            return None
        non_none = [a for a in args if a is not type(None)]
        if len(non_none) == 1:
            return _convert(non_none[0], value, where)
        return value  # a scalar union: JSON already has the right type
    if dataclasses.is_dataclass(hint):
        return from_dict(hint, value, where)
    if origin in (list, List):
        if not isinstance(value, list):
            raise FactsFormatError(f"{where}: expected a list")
        return [_convert(args[0], item, f"{where}[{i}]") for i, item in enumerate(value)]
    if origin in (dict, Dict):
        if not isinstance(value, dict):
            raise FactsFormatError(f"{where}: expected an object")
        return {str(k): _convert(args[1], v, f"{where}.{k}") for k, v in value.items()}
    if hint is bool and not isinstance(value, bool):
        raise FactsFormatError(f"{where}: expected true or false")
    if hint is str and not isinstance(value, str):
        raise FactsFormatError(f"{where}: expected a string")
    if hint in (int, float) and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise FactsFormatError(f"{where}: expected a number")
    return value


def json_schema() -> Dict[str, Any]:
    """The JSON Schema (draft 2020-12) of HostFacts, derived from the dataclasses above."""
    definitions: Dict[str, Any] = {}
    root = _schema_for(HostFacts, definitions)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://envcheck.dev/schema/facts/{SCHEMA_VERSION}.json",
        "title": "envcheck host facts",
        "description": f"schema_version {SCHEMA_VERSION}: {MIGRATIONS[SCHEMA_VERSION]}",
        **definitions[root["$ref"].rsplit("/", 1)[1]],
        "$defs": {k: v for k, v in definitions.items() if k != "HostFacts"},
    }


def _schema_for(hint: Any, definitions: Dict[str, Any]) -> Dict[str, Any]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if dataclasses.is_dataclass(hint):
        name = hint.__name__
        if name not in definitions:
            definitions[name] = {}  # placeholder against recursion
            hints = typing.get_type_hints(hint)
            props = {f.name: _schema_for(hints[f.name], definitions) for f in dataclasses.fields(hint)}
            body: Dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": True}
            if hint.__doc__ and not hint.__doc__.startswith(name + "("):
                body["description"] = " ".join(hint.__doc__.split())
            definitions[name] = body
        return {"$ref": f"#/$defs/{name}"}
    if origin is Union:
        return {"anyOf": [_schema_for(a, definitions) for a in args]}
    if origin in (list, List):
        return {"type": "array", "items": _schema_for(args[0], definitions)}
    if origin in (dict, Dict):
        return {"type": "object", "additionalProperties": _schema_for(args[1], definitions)}
    simple = {str: "string", int: "integer", float: "number", bool: "boolean", type(None): "null"}
    if hint in simple:
        return {"type": simple[hint]}
    return {}
