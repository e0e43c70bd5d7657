"""CUDA probe: installed toolkits, which nvcc wins on PATH, the runtime the loader sees, and
what the driver API itself says (cuInit in a child process, bounded in time).
"""

from __future__ import annotations

import json
import posixpath
import re
import signal
import sys
from typing import List, Optional, Tuple

from envcheck import libcuda
from envcheck.host import NATIVE_TIMEOUT_ENV, Host
from envcheck.model import ABSENT, ERROR, OK, CudaFacts, DriverApi, Toolkit
from envcheck.probes import _loader

NAME = "cuda"
DRIVER_API_LABEL = "cuda-driver-api"
# The cuInit child's budget is host.native_timeout(): a multi-GPU host without persistence mode
# spends seconds bringing every GPU up, so at least NATIVE_INIT_TIMEOUT, or what the host's
# ENVCHECK_NATIVE_TIMEOUT says.


def probe(host: Host, deep: bool = False) -> CudaFacts:
    facts = CudaFacts(sources=["/usr/local", "CUDA_HOME", "CUDA_PATH", "PATH"])
    facts.cuda_home = host.env.get("CUDA_HOME") or host.env.get("CUDA_PATH") or ""
    nvcc = host.which("nvcc")
    if nvcc:
        facts.nvcc_on_path = nvcc
    for path in toolkit_candidates(host, nvcc):
        toolkit = read_toolkit(host, path)
        if toolkit and all(t.real_path != toolkit.real_path for t in facts.toolkits):
            facts.toolkits.append(toolkit)
    if nvcc:
        home = posixpath.dirname(posixpath.dirname(host.realpath(nvcc)))
        match = next((t for t in facts.toolkits if t.real_path == home), None)
        if match:
            facts.nvcc_on_path_version = match.version
        else:  # a wrapper script or a distro's /usr/bin/nvcc: ask it
            facts.nvcc_on_path_version = parse_nvcc_version(host.run([nvcc, "--version"], timeout=5).stdout)
    facts.cudart = _loader.find_shared_objects(host, "libcudart", _loader.loader_dirs(host))
    facts.driver_api = driver_api(host)
    facts.c_compiler = c_compiler(host)
    if not facts.toolkits and not facts.cudart:
        facts.status = ABSENT
        facts.reason = "no CUDA toolkit found (/usr/local/cuda*, CUDA_HOME, nvcc on PATH) and no libcudart on the loader path"
    return facts


def c_compiler(host: Host) -> str:
    """The compiler Triton's runtime build (python/triton/runtime/build.py) would pick: CC as set, else gcc,
    else clang on PATH. Triton compiles a small C module at its first kernel launch, so a host (or image)
    with Triton and none of these fails there, whatever the GPU stack."""
    if host.env.get("CC"):
        return host.env["CC"]  # used as set, found or not
    return host.which("gcc") or host.which("clang") or ""


def toolkit_candidates(host: Host, nvcc: Optional[str]) -> List[str]:
    paths = []
    for key in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"):
        if host.env.get(key):
            paths.append(host.env[key])
    if nvcc:
        paths.append(posixpath.dirname(posixpath.dirname(host.realpath(nvcc))))
    for name in host.listdir("/usr/local"):
        if name == "cuda" or name.startswith("cuda-"):
            paths.append(posixpath.join("/usr/local", name))
    paths += ["/opt/cuda", "/usr/lib/cuda"]
    return paths


def read_toolkit(host: Host, path: str) -> Optional[Toolkit]:
    if not host.is_dir(path):
        return None
    real = host.realpath(path)
    nvcc = posixpath.join(real, "bin", "nvcc")
    has_nvcc = host.is_executable(nvcc)
    has_headers = host.exists(posixpath.join(real, "include", "cuda.h"))
    if not (has_nvcc and (has_headers or host.exists(posixpath.join(real, "version.json")))):
        return None  # a prefix like /usr/local with a wrapper script in bin/ is not a toolkit
    version, source = toolkit_version(host, real, nvcc)
    return Toolkit(path=path, real_path=real, version=version, version_source=source,
                   nvcc=nvcc if has_nvcc else "")


def toolkit_version(host: Host, root: str, nvcc: Optional[str]) -> Tuple[str, str]:
    """Cheapest first: version.json (11.1+), version.txt (older), cuda.h, then nvcc --version."""
    path = posixpath.join(root, "version.json")
    text = host.read(path)
    if text:
        try:
            return json.loads(text)["cuda"]["version"], path
        except (ValueError, KeyError, TypeError):
            pass
    path = posixpath.join(root, "version.txt")
    text = host.read(path)
    if text:
        match = re.search(r"CUDA Version\s+([\d.]+)", text)
        if match:
            return match.group(1), path
    path = posixpath.join(root, "include", "cuda.h")
    text = host.read(path, limit=64 * 1024)
    if text:
        match = re.search(r"#define\s+CUDA_VERSION\s+(\d+)", text)
        if match:
            return libcuda.version_string(int(match.group(1))), path
    if nvcc:
        result = host.run([nvcc, "--version"], timeout=5)
        version = parse_nvcc_version(result.stdout)
        if version:
            return version, f"{nvcc} --version"
    return "", ""


def parse_nvcc_version(text: str) -> str:
    """'Cuda compilation tools, release 12.4, V12.4.131' -> '12.4'."""
    match = re.search(r"release (\d+\.\d+)", text)
    return match.group(1) if match else ""


def driver_api_argv() -> List[str]:
    """envcheck's own interpreter running envcheck/libcuda.py as a script, isolated (-I -S).

    Not host.python(): that may be a venv being certified, and cuInit does not depend on it.
    Not `-m envcheck.libcuda`: under -I that would import whichever envcheck site-packages holds
    (an editable install of another checkout) instead of this one, and without -I a folder named
    envcheck in the current directory would win. The file needs only the standard library.
    """
    return [sys.executable, "-I", "-S", libcuda.__file__]


def driver_api(host: Host) -> DriverApi:
    dirs = _loader.loader_dirs(host) + [_loader.WSL_LIB]
    library = _loader.find_name(host, libcuda.LIBRARY, dirs)
    if library is None:
        return DriverApi(status=ABSENT, reason="libcuda.so.1 not found on the loader path (no NVIDIA driver)")
    budget = host.native_timeout()
    result = host.run(driver_api_argv(), timeout=budget, label=DRIVER_API_LABEL)
    if result.timed_out:
        return DriverApi(status=ERROR, library=library, seconds=result.seconds,
                         reason=f"cuInit did not answer in {result.seconds:g} s (a hung driver, or GPUs still "
                                f"initialising: {NATIVE_TIMEOUT_ENV} sets a longer wait)")
    if result.returncode is not None and result.returncode < 0:
        return DriverApi(status=ERROR, library=library, seconds=result.seconds,
                         reason=f"loading libcuda or cuInit killed the child with {_signal_name(-result.returncode)}")
    if not result.ok:
        return DriverApi(status=ERROR, library=library, seconds=result.seconds,
                         reason=f"CUDA driver API check: {result.describe_failure()}")
    return parse_driver_api(result.stdout, library, result.seconds)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def parse_driver_api(text: str, library: str, seconds: float) -> DriverApi:
    """The child's JSON object (envcheck.libcuda.check) as facts. A recorded host stores the same
    object under the label cuda-driver-api, so snapshots replay through here too."""
    try:
        out = json.loads(text.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return DriverApi(status=ERROR, library=library, seconds=seconds,
                         reason=f"CUDA driver API check printed no JSON: {text[-200:]!r}")
    if not isinstance(out, dict):
        return DriverApi(status=ERROR, library=library, seconds=seconds,
                         reason=f"CUDA driver API check printed {type(out).__name__}, not an object")
    if "load_error" in out:
        return DriverApi(status=ERROR, library=out.get("library", library), seconds=seconds,
                         reason=f"dlopen: {out['load_error']}")
    api = DriverApi(status=OK, library=out.get("library", library), seconds=seconds,
                    cuinit_code=out.get("cuinit_code"), cuinit_name=out.get("cuinit_name", ""),
                    driver_version=libcuda.version_string(out.get("driver_version")),
                    device_count=out.get("device_count"))
    if api.cuinit_code not in (0, None):
        api.status = ERROR
        name = api.cuinit_name or "(the library has no name for it)"
        meaning = out.get("cuinit_string", "")
        api.reason = f"cuInit failed: {api.cuinit_code} {name}" + (f": {meaning}" if meaning else "")
    elif "device_count_code" in out:
        api.status = ERROR
        api.reason = f"cuInit succeeded but cuDeviceGetCount failed: {out['device_count_code']}"
    return api
