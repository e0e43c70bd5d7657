"""Rewrite matrices/cuda_api.toml from ROCm/HIPIFY's API tables.

    python -m tests.hipify_api GIT_DIR [COMMIT]

GIT_DIR is a clone (or bare mirror) of https://github.com/ROCm/HIPIFY; COMMIT defaults to its HEAD.
HIPIFY's docs/tables/*_supported_by_HIP.md list the names of the CUDA and cuDNN APIs that HIPIFY
translates, each with the release that added (A), deprecated (D), changed (C) and removed (R) it. envcheck keeps only A and R: those are the releases in which code that uses the
name stops compiling against an older (A) or a newer (R) toolkit. A name HIPIFY lists without an
A column was there before the oldest release it tracks, so it says nothing about a toolkit's age;
cuDNN names at 1.0.0, the oldest cuDNN it tracks, are dropped for the same reason. Struct members HIPIFY does not
list (HEADER_ROWS) are added after its rows, each with the headers it was read from.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path
from typing import Dict, List, Tuple

# HIPIFY table file -> (library as envcheck names it, what numbers its versions)
TABLES = (
    ("CUDA_Runtime_API_functions_supported_by_HIP.md", "CUDA Runtime API", "cuda"),
    ("CUDA_Driver_API_functions_supported_by_HIP.md", "CUDA Driver API", "cuda"),
    ("CUDA_Device_API_supported_by_HIP.md", "CUDA Device API", "cuda"),
    ("CUDA_RTC_API_supported_by_HIP.md", "NVRTC", "cuda"),
    ("CUBLAS_API_supported_by_HIP.md", "cuBLAS", "cuda"),
    ("CUSPARSE_API_supported_by_HIP.md", "cuSPARSE", "cuda"),
    ("CUFFT_API_supported_by_HIP.md", "cuFFT", "cuda"),
    ("CURAND_API_supported_by_HIP.md", "cuRAND", "cuda"),
    ("CUSOLVER_API_supported_by_HIP.md", "cuSOLVER", "cuda"),
    ("CUDNN_API_supported_by_HIP.md", "cuDNN", "cudnn"),
)
BASELINE = {"cudnn": "1.0.0"}
# libcu++'s headers (cuda/std/tuple ...) with the CUDA release that first shipped each, from libcu++'s own table of
# releases ("Included In" and the summary of what each adds; the summary's 1.1.0 "barriers, latches, semaphores" are
# these headers; 1.4.0, in no CUDA release, and the 2.2.0 C headers that older headers already included are left out).
# Members of the runtime's structs that a release removed, which HIPIFY's tables do not list: read from the headers
# themselves, struct cudaDeviceProp in driver_types.h of CUDA 12.9 (the nvidia-cuda-runtime-cu12 12.9.79 wheel) against
# CUDA 13.0's (the 13.0.88 toolkit, CUDART_VERSION 13000). Written as STRUCT::MEMBER; (library, versioned_by, change,
# version, names, source).
HEADER_ROWS = (
    ("CUDA Runtime API", "cuda", "removed", "13.0",
     ("cudaDeviceProp::clockRate", "cudaDeviceProp::computeMode", "cudaDeviceProp::cooperativeMultiDeviceLaunch",
      "cudaDeviceProp::deviceOverlap", "cudaDeviceProp::kernelExecTimeoutEnabled", "cudaDeviceProp::maxTexture1DLinear",
      "cudaDeviceProp::memoryClockRate", "cudaDeviceProp::singleToDoublePrecisionPerfRatio"),
     "include/driver_types.h of CUDA 12.9.79 (pypi:nvidia-cuda-runtime-cu12==12.9.79) and of CUDA 13.0.88: struct "
     "cudaDeviceProp members in the first and not the second"),
    ("libcu++", "cuda", "added", "10.2", ("cuda/std/atomic", "cuda/std/type_traits"),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 1.0.0, included in CUDA 10.2, adds the header"),
    ("libcu++", "cuda", "added", "11.0", ("cuda/std/barrier", "cuda/std/latch", "cuda/std/semaphore"),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 1.1.0, included in CUDA 11.0, adds the header"),
    ("libcu++", "cuda", "added", "11.1", ("cuda/pipeline",),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 1.2.0, included in CUDA 11.1, adds the header"),
    ("libcu++", "cuda", "added", "11.2", ("cuda/std/tuple", "cuda/std/utility"),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 1.3.0, included in CUDA 11.2, adds the header"),
    ("libcu++", "cuda", "added", "11.4", ("nv/target",),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 1.5.0, included in CUDA 11.4, adds the header"),
    ("libcu++", "cuda", "added", "11.5", ("cuda/annotated_ptr",),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 1.6.0, included in CUDA 11.5, adds the header"),
    ("libcu++", "cuda", "added", "11.7", ("cuda/std/array", "cuda/std/bit"),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 1.8.0, included in CUDA 11.7, adds the header"),
    ("libcu++", "cuda", "added", "12.2", ("cuda/std/concepts", "cuda/std/mdspan", "cuda/std/span"),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 2.1.0, included in CUDA 12.2, adds the header"),
    ("libcu++", "cuda", "added", "12.3", ("cuda/memory_resource", "cuda/stream_ref"),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 2.2.0, included in CUDA 12.3, adds the header"),
    ("libcu++", "cuda", "added", "12.4", ("cuda/ptx", "cuda/std/expected", "cuda/std/optional", "cuda/std/variant"),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 2.3.0, included in CUDA 12.4, adds the header"),
    ("libcu++", "cuda", "added", "12.5", ("cuda/std/ranges",),
     "https://nvidia.github.io/cccl/libcudacxx/releases.html: libcu++ 2.4.0, included in CUDA 12.5, adds the header"),
)
ROW = re.compile(r"^\|`([^`]+)`\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|")
OUT = Path(__file__).resolve().parent.parent / "matrices" / "cuda_api.toml"


def _version_key(text: str) -> Tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def changes(table_text: str, versioned_by: str) -> Dict[Tuple[str, str], List[str]]:
    """(change, version) -> names, for one HIPIFY table's rows (a name listed twice counts once)."""
    found: Dict[Tuple[str, str], List[str]] = defaultdict(list)
    seen = set()
    for line in table_text.splitlines():
        match = ROW.match(line)
        if not match or match.group(1) in seen:
            continue
        name, added, _deprecated, _changed, removed = (part.strip() for part in match.groups())
        seen.add(name)
        if added and added != BASELINE.get(versioned_by):
            found[("added", added)].append(name)
        if removed:
            found[("removed", removed)].append(name)
    return found


def render(git_dir: str, commit: str) -> str:
    lines = [
        "# Names of the CUDA toolkit's and cuDNN's C APIs, with the release that added or removed them. Code that uses",
        "# a name fails to compile against an older release than its `added` (\"identifier ... is undefined\"), or against",
        "# its `removed` release and later; a binary built before the removal fails to load (\"undefined symbol\").",
        "# Generated by `python -m tests.hipify_api` from ROCm/HIPIFY's docs/tables at one commit, whose A (added) and R",
        "# (removed) columns give each name's releases (HIPIFY translates CUDA code to HIP by these names). `versioned_by`",
        "# says whether `version` is a CUDA toolkit release or a cuDNN release. A name absent here was present before the",
        "# oldest release HIPIFY tracks and is still present, or is one HIPIFY does not list: this table does not say which.",
        f'reviewed = "{date.today().isoformat()}"',
        f'source = "github:ROCm/HIPIFY:docs/tables@{commit}"',
        "",
    ]
    for filename, library, versioned_by in TABLES:
        text = subprocess.run(["git", "-C", git_dir, "show", f"{commit}:docs/tables/{filename}"], check=True,
                              capture_output=True, text=True, timeout=60).stdout
        for (change, release), names in sorted(changes(text, versioned_by).items(),
                                               key=lambda item: (item[0][0], _version_key(item[0][1]))):
            lines += ["[[api]]", f'library = "{library}"', f'versioned_by = "{versioned_by}"',
                      f'change = "{change}"', f'version = "{release}"', "names = ["]
            lines += [f'  "{name}",' for name in sorted(names)]
            lines += ["]", f'source = "github:ROCm/HIPIFY:docs/tables/{filename}@{commit}"', ""]
    return "\n".join(lines + header_rows())


def header_rows() -> List[str]:
    lines = []
    for library, versioned_by, change, release, names, source in HEADER_ROWS:
        lines += ["[[api]]", f'library = "{library}"', f'versioned_by = "{versioned_by}"', f'change = "{change}"',
                  f'version = "{release}"', "names = ["]
        lines += [f'  "{name}",' for name in names]
        lines += ["]", f'source = "{source}"', ""]
    return lines


def main(argv: List[str]) -> int:
    if not argv or len(argv) > 2:
        print("usage: python -m tests.hipify_api GIT_DIR [COMMIT]", file=sys.stderr)
        return 2
    git_dir = argv[0]
    commit = argv[1] if len(argv) > 1 else subprocess.run(
        ["git", "-C", git_dir, "rev-parse", "HEAD"], check=True, capture_output=True, text=True, timeout=60).stdout.strip()
    OUT.write_text(render(git_dir, commit), encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
