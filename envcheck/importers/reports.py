"""Other environment reports people paste: nvcc --version, DeepSpeed's ds_report, TensorFlow's
issue template and tf_env_collect output, `jax.print_environment_info()`, `numba -s`, `cupy.show_config()`, the CUDA
samples' deviceQuery, Julia's CUDA.versioninfo(), and plain "Python 3.12" / "Python version: 3.13" mentions."""

from __future__ import annotations

import re
from typing import List

from envcheck.importers._facts import built_with_cuda, framework, mark, set_once
from envcheck.importers.paste import form_answers
from envcheck.libcuda import version_string
from envcheck.model import Gpu, HostFacts, Library
from envcheck.probes.cuda import parse_nvcc_version

# ds_report: "torch version .................... 2.0.1+cu118"
DOTTED = re.compile(r"^\s*([a-z][a-z ]+?)\s*\.{3,}\s*(.+?)\s*$")


def read(lines: List[str], facts: HostFacts, source: str) -> None:
    text = "\n".join(lines)
    nvcc = parse_nvcc_version(text)
    if nvcc and "Cuda compilation tools" in text:
        mark(facts.cuda, f"{source}: nvcc --version")
        set_once(facts.cuda, "nvcc_on_path_version", nvcc)
        set_once(facts.cuda, "nvcc_on_path", "nvcc")
    _ds_report(lines, facts, source)
    _tf_env(lines, facts, source)
    _template(lines, facts, source)
    _python_mentions(lines, facts, source)
    _jax_info(lines, facts, source)
    _torch_config(lines, facts, source)
    _tf_build_info(text, facts, source)
    _numba_sysinfo(lines, facts, source)
    if "CuPy Version" in text:
        _cupy_config(lines, facts, source)
    if "Runtime Version" in text:
        _device_query(lines, facts, source)
    if "artifact installation" in text or "local installation" in text:
        _cudajl_versioninfo(lines, facts, source)
    if "initialized:" in text:
        _warp_banner(lines, facts, source)
    if "Successfully opened dynamic library" in text:
        _tensorflow_loaded_runtime(lines, facts, source)


def _ds_report(lines: List[str], facts: HostFacts, source: str) -> None:
    values = {}
    for line in lines:
        match = DOTTED.match(line)
        if match:
            values[match.group(1)] = match.group(2)
    if "torch version" not in values:
        return
    where = f"{source}: ds_report"
    torch = framework(facts, "torch", where)
    set_once(torch, "version", values["torch version"])
    cuda = values.get("torch cuda version", "")
    if re.fullmatch(r"\d+\.\d+", cuda) or cuda.lower() == "none":
        built_with_cuda(torch, cuda)
    nvcc = values.get("nvcc version", "")
    if re.fullmatch(r"\d+\.\d+", nvcc):
        mark(facts.cuda, where)
        set_once(facts.cuda, "nvcc_on_path_version", nvcc)
        set_once(facts.cuda, "nvcc_on_path", "nvcc")


def _tf_env(lines: List[str], facts: HostFacts, source: str) -> None:
    """TensorFlow's tools/tf_env_collect.sh: 'tf.version.VERSION = 2.15.0', 'Sys.version_info(...)'."""
    for line in lines:
        match = re.match(r"^\s*tf\.(?:version\.VERSION|__version__)\s*=\s*(\S+)", line)
        if match:
            set_once(framework(facts, "tensorflow", f"{source}: tf_env_collect"), "version", match.group(1))
        match = re.match(r"^\s*Sys\.version_info\(major=(\d+), minor=(\d+), micro=(\d+)", line)
        if match:
            mark(facts.python, f"{source}: tf_env_collect")
            set_once(facts.python, "version", ".".join(match.groups()))


def _template(lines: List[str], facts: HostFacts, source: str) -> None:
    """TensorFlow's issue form: its version, Python and platform fields. Facts stated in other
    forms' fields are read by the prose importer, which sees each answer with its heading."""
    answers: dict = {}
    for heading, answer in form_answers(lines):
        answers.setdefault(heading.lower(), answer)
    where = f"{source}: issue template"
    version = answers.get("tensorflow version", "")
    found = re.findall(r"(?<![\d.])(\d+\.\d+(?:\.\d+)?)(?![\d.])", version)
    if found:
        set_once(framework(facts, "tensorflow", where), "version", found[-1])
    python = re.match(r"(?:python\s*)?(\d+\.\d+(?:\.\d+)?)", answers.get("python version", ""), re.I)
    if python:
        mark(facts.python, where)
        set_once(facts.python, "version", python.group(1))
    platform = answers.get("os platform and distribution", "")
    if platform:
        mark(facts.system, where)
        set_once(facts.system, "distro_name", platform)


def _python_mentions(lines: List[str], facts: HostFacts, source: str) -> None:
    for line in lines:
        match = re.search(r"\bPython(?: version)?:?\s+(3\.\d{1,2}(?:\.\d+)?)\b", line)
        if match and "site-packages" not in line:
            mark(facts.python, f"{source}: text")
            set_once(facts.python, "version", match.group(1))
            return
        match = re.search(r"/lib/python(3\.\d{1,2})/site-packages", line)
        if match:
            mark(facts.python, f"{source}: paths")
            set_once(facts.python, "version", match.group(1))
            return


# jax.print_environment_info(): "jax.devices (8 total, 8 local): [cuda(id=0) ... cuda(id=7)]" (also
# CudaDevice(id=0), gpu(id=0)), or in 0.5 "device info: NVIDIA A100 80GB PCIe-2, 2 local devices".
JAX_DEVICES = re.compile(r"^\s*jax\.devices \((\d+) total, (\d+) local\):\s*\[(\w+)\(id=")
JAX_DEVICE_INFO = re.compile(r"^\s*device info:\s*(.+?)-\d+,\s*(\d+) local devices")


def _jax_info(lines: List[str], facts: HostFacts, source: str) -> None:
    where = f"{source}: jax environment info"
    for line in lines:
        match = re.match(r"^\s*(jax|jaxlib):\s+(\d[\w.+]*|\.\.\.)\s*$", line)  # "..." where a user elided it
        if match:
            entry = framework(facts, "jax", where)
            if match.group(2) == "...":
                continue
            if match.group(1) == "jax":
                set_once(entry, "version", match.group(2))
            else:
                entry.build_info.setdefault("jaxlib", match.group(2))
            continue
        match = re.match(r"^\s*python:\s+(3\.\d+\.\d+)\b", line)
        if match and any(e.name == "jax" for e in facts.frameworks.installed):
            mark(facts.python, where)
            set_once(facts.python, "version", match.group(1))
            continue
        devices = JAX_DEVICES.match(line)
        info = JAX_DEVICE_INFO.match(line)
        if devices and devices.group(3).lower() in ("cuda", "cudadevice", "gpu", "gpudevice"):
            _gpu_count(facts, int(devices.group(2)), "", where)
        elif info and "cpu" not in info.group(1).lower():
            _gpu_count(facts, int(info.group(2)), info.group(1).strip(), where)


def _gpu_count(facts: HostFacts, count: int, name: str, where: str) -> None:
    """JAX says how many GPUs it sees (and, in newer releases, their kind): GPUs a truncated
    nvidia-smi table did not list are added, named when JAX names them."""
    mark(facts.gpus, where)
    for index in range(len(facts.gpus.devices), count):
        known = facts.gpus.devices[0].name if facts.gpus.devices else ""
        facts.gpus.devices.append(Gpu(index=index, name=name or known, source=where))


# torch.__config__.show(): "PyTorch built with:", "  - CUDA Runtime 12.1", "  - CuDNN 8.9.2", the NVCC
# architecture flags, and "Build settings: ..., CUDA_VERSION=12.1, CUDNN_VERSION=8.9.2, TORCH_VERSION=2.3.1".
GENCODE = re.compile(r"arch=compute_(\d+),code=(sm|compute)_(\d+)")


def _torch_config(lines: List[str], facts: HostFacts, source: str) -> None:
    if not any(line.strip() == "PyTorch built with:" for line in lines):
        return
    where = f"{source}: torch.__config__.show()"
    torch = framework(facts, "torch", where)
    text = "\n".join(lines)
    settings = dict(re.findall(r"\b(CUDA_VERSION|CUDNN_VERSION|TORCH_VERSION)=([\w.+]+)", text))
    runtime = re.search(r"^\s*-\s*CUDA Runtime (\d+\.\d+)", text, re.M)
    cudnn = re.search(r"^\s*-\s*CuDNN (\d+\.\d+(?:\.\d+)?)", text, re.M | re.I)
    cuda = settings.get("CUDA_VERSION") or (runtime.group(1) if runtime else "")
    set_once(torch, "version", settings.get("TORCH_VERSION", ""))
    set_once(torch, "accelerator", "cuda" if cuda else "cpu" if "USE_CUDA=OFF" in text or "USE_CUDA=0" in text else "")
    set_once(torch, "build_cuda", ".".join(cuda.split(".")[:2]))
    set_once(torch, "build_cudnn", settings.get("CUDNN_VERSION") or (cudnn.group(1) if cudnn else ""))
    arches = sorted({f"{kind}_{number}" for _, kind, number in GENCODE.findall(text)},
                    key=lambda a: (int(a.split("_")[1]), a))
    if arches:
        torch.build_info.setdefault("nvcc_arch_flags", " ".join(arches))


# tf.sysconfig.get_build_info(), printed as a dict or pprint's OrderedDict over several lines.
TF_BUILD_KEY = re.compile(r"'(cuda_version|cudnn_version|is_cuda_build)'\s*[,:]\s*'?([\w.]+)'?")


def _tf_build_info(text: str, facts: HostFacts, source: str) -> None:
    values = dict(TF_BUILD_KEY.findall(text))
    if "is_cuda_build" not in values and "cuda_version" not in values:
        return
    where = f"{source}: tf.sysconfig.get_build_info()"
    tf = framework(facts, "tensorflow", where)
    cuda = values.get("cuda_version", "")
    set_once(tf, "accelerator", "cuda" if values.get("is_cuda_build") == "True" or re.match(r"\d", cuda) else
             "cpu" if values.get("is_cuda_build") == "False" else "")
    if re.match(r"\d+\.\d+", cuda):
        set_once(tf, "build_cuda", cuda)
    if re.match(r"\d", values.get("cudnn_version", "")):
        set_once(tf, "build_cudnn", values["cudnn_version"])


# `numba -s`, its "__CUDA Information__" section: "CUDA Driver Version : 11.5" is the CUDA release the driver
# supports (cuDriverGetVersion), "CUDA Runtime Version : 11.8" the CUDA runtime Numba uses.
NUMBA_CUDA_VERSION = re.compile(r"^\s*CUDA (Driver|Runtime) Version\s*:\s*(\d+\.\d+)\s*$")


# Its device list (numba.cuda.detect()): "id 0    NVIDIA H100 80GB HBM3    [SUPPORTED]", then "Compute Capability: 9.0"
# on a line of its own; Numba 0.53 printed the name as Python bytes ("id 0    b'NVIDIA Quadro RTX 8000'", numba/numba
# #6809), and a device it refuses as "[NOT SUPPORTED: CC < 3.0]" (numba/numba#7755). "Mapped libcuda.so paths:" then
# names the driver library it loaded, whose file name carries the driver's version
# ("/usr/local/nvidia/lib64/libcuda.so.580.159.04").
NUMBA_DEVICE = re.compile(r"^\s*id (\d+)\s+(?:b'(.+?)'|(\S.*?))\s+\[(?:NOT |UN)?SUPPORTED[^\]]*\]\s*$")
NUMBA_CAPABILITY = re.compile(r"^\s*compute capability:\s*(\d+\.\d+)\s*$", re.I)
DRIVER_LIBRARY_FILE = re.compile(r"/libcuda\.so\.(\d{3}\.\d+(?:\.\d+)?)\s*$")


def _numba_sysinfo(lines: List[str], facts: HostFacts, source: str) -> None:
    if not any(line.strip() == "__CUDA Information__" for line in lines):
        return
    where = f"{source}: numba -s"
    for index, line in enumerate(lines):
        match = NUMBA_CUDA_VERSION.match(line)
        if match and match.group(1) == "Driver":
            mark(facts.gpus, where)
            set_once(facts.gpus, "cuda_driver_version", match.group(2))
        elif match:
            _reported_runtime(facts, match.group(2), where)
        device = NUMBA_DEVICE.match(line)
        if device and int(device.group(1)) == len(facts.gpus.devices):
            capability = next((m.group(1) for m in map(NUMBA_CAPABILITY.match, lines[index + 1:index + 2]) if m), "")
            mark(facts.gpus, where)
            facts.gpus.devices.append(Gpu(index=len(facts.gpus.devices), name=device.group(2) or device.group(3),
                                          compute_capability=capability, source=where))
        library = DRIVER_LIBRARY_FILE.search(line)
        if library and line.startswith(("\t", " ")):
            mark(facts.driver, where)
            set_once(facts.driver, "userspace_version", library.group(1))


# CuPy's `cupy.show_config()` (and `python -c "import cupy; cupy.show_config()"` in its issue template): versions as
# CUDA's integers. "CUDA Build Version : 13020" is the CUDA CuPy was built with (major * 1000 + minor * 10), "CUDA
# Driver Version : 13000" the CUDA the driver supports, "CUDA Runtime Version : 13020 (linked to CuPy) / 13000 (locally
# installed)" the runtime it runs with (the plain number before CuPy 13). cuDNN's integer is major * 1000 + minor * 100
# + patch before cuDNN 9 ("8200") and major * 10000 + minor * 100 + patch since ("90100"); NCCL's likewise switched at
# 2.9 ("2708" is 2.7.8, "22809" is 2.28.9). Each device is "Device 0 Name : NVIDIA Quadro RTX 6000" and "Device 0
# Compute Capability : 75".
CUPY_FIELD = re.compile(r"^\s*[-+]?(CuPy Version|CUDA Build Version|CUDA Driver Version|CUDA Runtime Version|"
                        r"cuDNN Version|NCCL Runtime Version|Device (\d+) Name|Device (\d+) Compute Capability)"
                        r"\s*:\s*(\S.*?)\s*$")


def _cupy_config(lines: List[str], facts: HostFacts, source: str) -> None:
    fields = [m for m in map(CUPY_FIELD.match, lines) if m]
    if not any(m.group(1) == "CuPy Version" for m in fields):
        return
    where = f"{source}: cupy.show_config()"
    for match in fields:
        key, value = match.group(1), match.group(4)
        number = re.match(r"\d+(?=\s|$)", value)
        if key == "CuPy Version" and re.fullmatch(r"\d+\.\d+\.\d+\w*", value):
            set_once(framework(facts, "cupy", where), "version", value)
        elif key == "CUDA Build Version" and number:
            built_with_cuda(framework(facts, "cupy", where), version_string(int(number.group(0))))
        elif key == "CUDA Driver Version" and number and number.group(0) != "0":
            mark(facts.gpus, where)
            set_once(facts.gpus, "cuda_driver_version", version_string(int(number.group(0))))
        elif key == "CUDA Runtime Version" and number:
            _reported_runtime(facts, version_string(int(number.group(0))), where)
        elif key in ("cuDNN Version", "NCCL Runtime Version") and number:
            name, release = "cudnn" if key.startswith("cuDNN") else "nccl", library_version(int(number.group(0)))
            if any((lib.name, lib.version, lib.kind) == (name, release, "reported") for lib in facts.libraries.found):
                continue  # the same report pasted twice
            mark(facts.libraries, where)
            facts.libraries.found.append(Library(name=name, version=release, kind="reported", source=where))
        elif match.group(2) and int(match.group(2)) == len(facts.gpus.devices):
            mark(facts.gpus, where)
            facts.gpus.devices.append(Gpu(index=len(facts.gpus.devices), name=value, source=where))
        elif match.group(3) and int(match.group(3)) < len(facts.gpus.devices) and value.isdigit():
            facts.gpus.devices[int(match.group(3))].compute_capability = f"{value[:-1]}.{value[-1]}"


def library_version(number: int) -> str:
    """cuDNN's and NCCL's version integers as releases: 8200 is 8.2.0, 90100 is 9.1.0, 22809 is 2.28.9 (and JAX's
    four-digit form of cuDNN 9, 9100, is 9.1.0)."""
    if number >= 10000:
        return f"{number // 10000}.{number % 10000 // 100}.{number % 100}"
    return f"{number // 1000}.{number % 1000 // 100}.{number % 100}"


def _reported_runtime(facts: HostFacts, version: str, where: str) -> None:
    """The CUDA runtime a tool says it uses, kept once: the first report of it is the one the rules weigh."""
    if any(lib.name == "cudart" and lib.kind == "reported" for lib in facts.libraries.found):
        return
    mark(facts.libraries, where)
    facts.libraries.found.append(Library(name="cudart", version=version, kind="reported", source=where))


# The CUDA samples' deviceQuery: "  CUDA Driver Version / Runtime Version          12.4 / 12.5" per device, and its
# closing line "deviceQuery, CUDA Driver = CUDART, CUDA Driver Version = 12.4, CUDA Runtime Version = 12.5, NumDevs =
# 1". The first number is the CUDA release the driver supports (cudaDriverGetVersion), the second the runtime the
# sample was built with (cudaRuntimeGetVersion).
DEVICE_QUERY_VERSIONS = re.compile(r"CUDA Driver Version / Runtime Version\s+(\d+\.\d+)\s*/\s*(\d+\.\d+)|"
                                   r"CUDA Driver Version = (\d+\.\d+), CUDA Runtime Version = (\d+\.\d+)")


def _device_query(lines: List[str], facts: HostFacts, source: str) -> None:
    where = f"{source}: deviceQuery"
    for line in lines:
        match = DEVICE_QUERY_VERSIONS.search(line)
        if match is None:
            continue
        driver_cuda, runtime = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        mark(facts.gpus, where)
        set_once(facts.gpus, "cuda_driver_version", driver_cuda)
        _reported_runtime(facts, runtime, where)
        return


# NVIDIA Warp's banner at wp.init(): "Warp 1.10.0 initialized:" then "   CUDA Toolkit 12.8, Driver 12.4", the CUDA
# Warp was built with (its runtime and the NVRTC it compiles kernels with) and the CUDA the driver supports
# (cuDriverGetVersion); a machine without a usable driver says "CUDA Toolkit 12.8, Driver (not found)".
WARP_BANNER = re.compile(r"^Warp \S+ initialized:\s*$")
WARP_SOURCE = "Warp banner"  # the source its facts carry: driver.py reads a runtime from it as Warp's
WARP_VERSIONS = re.compile(r"^\s*CUDA Toolkit (\d+\.\d+), Driver (\d+\.\d+)\s*$")


def _warp_banner(lines: List[str], facts: HostFacts, source: str) -> None:
    for index, line in enumerate(lines):
        if not WARP_BANNER.match(line.strip()):
            continue
        found = next((m for m in map(WARP_VERSIONS.match, lines[index + 1:index + 3]) if m), None)
        if found is None:
            continue
        where = f"{source}: {WARP_SOURCE}"
        mark(facts.gpus, where)
        set_once(facts.gpus, "cuda_driver_version", found.group(2))
        _reported_runtime(facts, found.group(1), where)
        return


# TensorFlow's loader naming each CUDA library it opened (TF 1.14 to 2.x, stream_executor's dso_loader.cc):
# "Successfully opened dynamic library libcudart.so.10.0", on Windows "cudart64_101.dll". The runtime's file name is the
# CUDA the build runs with: major and minor before CUDA 11 (libcudart.so.10.1, cudart64_92.dll), the major alone since,
# whose minor releases share one name (libcudart.so.11.0 and cudart64_110.dll for every 11.x, libcudart.so.12).
TF_OPENED_RUNTIME = re.compile(r"Successfully opened dynamic library (?:libcudart\.so\.(\d+)(?:\.(\d+))?|"
                               r"cudart64_(\d)(\d)(\d)?\.dll)")


def _tensorflow_loaded_runtime(lines: List[str], facts: HostFacts, source: str) -> None:
    found = next((m for m in map(TF_OPENED_RUNTIME.search, lines) if m), None)
    if found is None:
        return
    linux_major, linux_minor, first, second, third = found.groups()
    if linux_major:
        major, minor = linux_major, linux_minor or ""
    elif third is not None:  # cudart64_101.dll: 10.1
        major, minor = first + second, third
    elif int(first + second) >= 11:  # cudart64_12.dll
        major, minor = first + second, ""
    else:  # cudart64_92.dll: 9.2
        major, minor = first, second
    release = f"{major}.{minor}" if int(major) < 11 and minor else major
    _reported_runtime(facts, release, f"{source}: TensorFlow's library loader")


# Julia's CUDA.versioninfo() names the toolchain CUDA.jl uses. Since CUDA.jl 5.6: "CUDA toolchain:", "- runtime 13.0,
# artifact installation", "- driver 535.161.7 for 13.0" (the NVIDIA driver, and the CUDA of the libcuda in use, which
# may be CUDA_Driver_jll's forward-compatible one) and "- compiler 13.0" (the ptxas it compiles with; JuliaGPU/CUDA.jl
# #2844, #3205). Before: "CUDA runtime 12.2, artifact installation", "CUDA driver 12.6", "NVIDIA driver 560.35.3"
# (JuliaGPU/CUDA.jl#2530). Its "Julia packages:" list then names the CUDA.jl package itself ("- CUDA: 5.8.3"), which is
# not a CUDA release: the toolchain's numbers are kept first.
CUDAJL_RUNTIME = re.compile(r"^\s*(?:-\s*runtime|CUDA runtime)\s+(\d+\.\d+)(?:\.\d+)*,\s*(?:artifact|local) installation")
CUDAJL_COMPILER = re.compile(r"^\s*-\s*compiler\s+(\d+\.\d+)(?:\.\d+)*(?:,|\s*$)")
CUDAJL_DRIVER = re.compile(r"^\s*-\s*driver\s+(\d{3}\.\d+(?:\.\d+)?) for (\d+\.\d+)|"
                           r"^\s*NVIDIA driver\s+(\d{3}\.\d+(?:\.\d+)?)\s*$|^\s*CUDA driver\s+(\d+\.\d+)(?:\.\d+)?\s*$")


def _cudajl_versioninfo(lines: List[str], facts: HostFacts, source: str) -> None:
    where = f"{source}: CUDA.versioninfo()"
    runtime = next((m.group(1) for m in map(CUDAJL_RUNTIME.match, lines) if m), "")
    if not runtime:
        return
    compiler = next((m.group(1) for m in map(CUDAJL_COMPILER.match, lines) if m), "")
    _reported_runtime(facts, runtime, where)
    mark(facts.cuda, where)
    if not facts.cuda.stated_version:
        facts.cuda.stated_version, facts.cuda.stated_source = compiler or runtime, where
    for match in filter(None, map(CUDAJL_DRIVER.match, lines)):
        driver, driver_cuda = match.group(1) or match.group(3), match.group(2) or match.group(4)
        mark(facts.gpus, where)
        set_once(facts.gpus, "driver_version", driver)
        set_once(facts.gpus, "cuda_driver_version", driver_cuda)

