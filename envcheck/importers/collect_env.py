"""`python -m torch.utils.collect_env` output (PyTorch's issue-template environment report)."""

from __future__ import annotations

import re
from typing import List

from envcheck.importers._facts import framework, mark, set_once
from envcheck.model import Framework, FrameworkDeep, Gpu, HostFacts, Library
from envcheck.probes.system import detect_wsl

KEY = re.compile(r"^([A-Za-z][A-Za-z0-9 ./_-]{1,60}?):\s*(.*?)\s*$")
NOT_COLLECTED = ("could not collect", "n/a", "none", "")


# Fields that a copy from some terminals (WSL's, when a line exactly fills the width) glues to the end
# of the line before: "GPU 0: NVIDIA GeForce RTX 3090Nvidia driver version: 528.49".
GLUED = re.compile(r"(?<=\S)(?=(?:Nvidia driver version|cuDNN version|HIP runtime version|MIOpen runtime version|"
                   r"Is XNNPACK available):)")


def _unglued(lines: List[str]) -> List[str]:
    out: List[str] = []
    for line in lines:
        out.extend(GLUED.split(line) if ":" in line else [line])
    return out


def read(lines: List[str], facts: HostFacts, source: str) -> None:
    values = {}
    gpu_lines: List[str] = []
    cudnn_lines: List[str] = []
    current = None
    for line in _unglued(lines):
        match = KEY.match(line.strip())
        if match and match.group(1) in FIELDS:
            current = match.group(1)
            values[current] = match.group(2)
            if current == "GPU models and configuration" and match.group(2):
                gpu_lines.append(match.group(2))
            if current == "cuDNN version" and match.group(2):
                cudnn_lines.append(match.group(2))
            continue
        if current == "GPU models and configuration" and re.match(r"GPU \d+:", line.strip()):
            gpu_lines.append(line.strip())
        elif current == "cuDNN version" and "libcudnn" in line:
            cudnn_lines.append(line.strip())
        elif line.strip() == "" or match:
            current = None
    if "PyTorch version" not in values and "Is CUDA available" not in values:
        # `python -m torch.utils.collect_env` that started and then failed: torch is importable
        ran = any(re.search(r"-m torch\.utils\.collect_env\b", line) for line in lines)
        if ran and "Collecting environment information..." in (line.strip() for line in lines) and \
                not any("No module named 'torch'" in line for line in lines):
            framework(facts, "torch", f"{source}: collect_env")
        return
    where = f"{source}: collect_env"
    _torch(values, facts, where)
    _system(values, facts, where)
    _gpus(values, gpu_lines, facts, where)
    _cudnn(cudnn_lines, facts, where)


FIELDS = {"PyTorch version", "Is debug build", "CUDA used to build PyTorch", "ROCM used to build PyTorch", "OS",
          "GCC version", "Libc version", "Python version", "Python platform", "Is CUDA available",
          "CUDA runtime version", "GPU models and configuration", "Nvidia driver version", "cuDNN version"}


def _known(value: str) -> bool:
    return value.strip().lower() not in NOT_COLLECTED


def _torch(values, facts: HostFacts, where: str) -> None:
    version = values.get("PyTorch version", "")
    if not _known(version):
        return
    built = values.get("CUDA used to build PyTorch", "")
    rocm = values.get("ROCM used to build PyTorch", "")
    accelerator = "cuda" if _known(built) else ("rocm" if _known(rocm) else "cpu")
    framework = next((f for f in facts.frameworks.installed if f.name == "torch"), None)
    if framework is None:
        framework = Framework(name="torch", source=where)
        facts.frameworks.installed.append(framework)
    set_once(framework, "version", version)
    set_once(framework, "accelerator", accelerator)
    set_once(framework, "build_cuda", built if _known(built) else "")
    available = values.get("Is CUDA available", "")
    if available in ("True", "False", "Yes", "No"):  # PyTorch 1.0-1.4 printed Yes / No
        framework.deep = framework.deep or FrameworkDeep(status="ok", reason="as collect_env reported it")
        framework.deep.cuda_available = available in ("True", "Yes")
    mark(facts.frameworks, where)


def _system(values, facts: HostFacts, where: str) -> None:
    os_text = values.get("OS", "")
    if _known(os_text):
        mark(facts.system, where)
        set_once(facts.system, "distro_name", re.sub(r"\s*\((x86_64|aarch64|arm64)\)\s*$", "", os_text))
        set_once(facts.system, "distro_id", os_text.split()[0].lower())
        version = re.search(r"(\d+(?:\.\d+)*)", os_text)
        set_once(facts.system, "distro_version", version.group(1) if version else "")
        arch = re.search(r"\((x86_64|aarch64|arm64)\)", os_text)
        set_once(facts.system, "arch", arch.group(1) if arch else "")
    libc = re.search(r"glibc-([\d.]+)", values.get("Libc version", ""))
    if libc:
        set_once(facts.system, "glibc", libc.group(1))
    platform = values.get("Python platform", "")
    kernel = re.match(r"Linux-(.+?)-(x86_64|aarch64)", platform)
    if kernel:
        mark(facts.system, where)
        set_once(facts.system, "kernel", kernel.group(1))
        set_once(facts.system, "os", "linux")
        facts.system.wsl = facts.system.wsl or detect_wsl(kernel.group(1), "")
    elif platform.startswith(("Windows", "macOS", "Darwin")):
        set_once(facts.system, "os", "windows" if platform.startswith("Windows") else "darwin")
    python = re.match(r"(\d+\.\d+(?:\.\d+)?)", values.get("Python version", ""))
    if python:
        mark(facts.python, where)
        set_once(facts.python, "version", python.group(1))
    runtime = re.match(r"(\d+\.\d+)", values.get("CUDA runtime version", ""))
    if runtime:
        # collect_env asks `nvcc --version` for this line: it is the toolkit on PATH, not torch's runtime.
        mark(facts.cuda, where)
        set_once(facts.cuda, "nvcc_on_path_version", runtime.group(1))
        set_once(facts.cuda, "nvcc_on_path", "nvcc")


def _gpus(values, gpu_lines: List[str], facts: HostFacts, where: str) -> None:
    driver = values.get("Nvidia driver version", "")
    if re.fullmatch(r"[\d.]+", driver):
        mark(facts.gpus, where)
        set_once(facts.gpus, "driver_version", driver)
    for position, line in enumerate(gpu_lines):
        match = re.match(r"GPU (\d+):\s*(.+)", line)
        name = (match.group(2) if match else line).strip()
        index = int(match.group(1)) if match else position
        # Eight identical GPUs are eight GPUs; one index said twice (by nvidia-smi in the same
        # paste, say) is one.
        if not _known(name) or any(g.index == index for g in facts.gpus.devices):
            continue
        mark(facts.gpus, where)
        facts.gpus.devices.append(Gpu(index=index, name=name, source=where))


def _cudnn(lines: List[str], facts: HostFacts, where: str) -> None:
    for line in lines:
        match = re.search(r"(/\S*libcudnn\S*\.so\.([\d.]+))", line)
        if match:
            mark(facts.libraries, where)
            facts.libraries.found.append(Library(name="cudnn", version=match.group(2), kind="shared-object",
                                                 location=match.group(1), source=where))
        else:
            number = re.fullmatch(r"(\d)(\d{1,2})(\d{2})", line.strip())  # old collect_env: "7605"
            if number:
                mark(facts.libraries, where)
                version = f"{number.group(1)}.{int(number.group(2))}.{int(number.group(3))}"
                facts.libraries.found.append(Library(name="cudnn", version=version, kind="reported", source=where))
