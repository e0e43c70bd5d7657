"""Score the text importers on recorded environment reports: collect_env, jax.print_environment_info(),
torch.__config__.show(), tf.sysconfig.get_build_info(), conda list and ds_report, as users pasted them.

Each sample is NAME.txt (the output, as pasted) and NAME.toml (`source` and the facts an expert reads
from the text; a key is absent when the text does not say). Every fact present is one check.

Run: python -m tests.report_score [DIRECTORY] [--misses]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Dict, List, Tuple

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from envcheck.importers import from_text
from envcheck.importers.packages import CUDA_RUNTIME_PACKAGES

SAMPLES = Path(__file__).resolve().parent / "data" / "env-reports"
# The checks the parser target counts: driver versions, GPU counts and GPU names.
PRIMARY = ("driver_version", "gpu_count", "gpu_names")


def observed(text: str, expected: Dict) -> Dict:
    """What envcheck read from the text, in the sample's vocabulary."""
    facts = from_text(text, "sample.txt")
    name = expected.get("framework", "")
    framework = next((f for f in facts.frameworks.installed if f.name == name), None) or \
        (facts.frameworks.installed[0] if facts.frameworks.installed else None)
    cudnn = {lib.version for lib in facts.libraries.found if lib.name == "cudnn"}
    if framework is not None and framework.build_cudnn:
        cudnn.add(framework.build_cudnn)
    distributions = {(d.name, d.version) for d in facts.python.distributions}
    distributions |= {(lib.name, lib.version) for lib in facts.libraries.found}
    return {
        "driver_version": (facts.gpus.driver_version or facts.driver.kernel_module_version
                           or facts.driver.userspace_version),
        "gpu_count": len(facts.gpus.devices),
        "gpu_names": [g.name for g in facts.gpus.devices],
        "framework": framework.name if framework else "",
        "framework_version": framework.version if framework else "",
        "cuda_version": framework.build_cuda if framework else "",
        "cudnn_version": cudnn,
        "python_version": facts.python.version,
        "cuda_available": framework.deep.cuda_available if framework and framework.deep else None,
        "packages": distributions,
    }


def agrees(key: str, want, got) -> bool:
    if key == "gpu_names":
        return [" ".join(n.split()) for n in want] == [" ".join(n.split()) for n in got]
    if key == "cudnn_version":
        return any(_same_version(str(want), v) for v in got)
    if key in ("framework_version", "python_version", "cuda_version"):
        return _same_version(str(want), str(got))
    if key == "packages":
        return all(_package(name, version) in got for name, version, *_ in want if _package(name, version))
    return want == got


def _package(name: str, version: str):
    """A conda/pip package as envcheck keeps it, or None for one it does not track (compilers, headers,
    the rest of the CUDA toolkit's packages): frameworks and their wheels are distributions, the CUDA
    runtime and cuDNN are libraries."""
    from envcheck.probes.python import matters, normalize

    name = {"pytorch": "torch"}.get(name, normalize(name))
    if name in CUDA_RUNTIME_PACKAGES:
        return ("cudart", version)
    if name in ("cudnn", "nccl"):
        return (name, version)
    return (name, version) if matters(name) else None


def _same_version(want: str, got: str) -> bool:
    """3.10.12 read as 3.10.12 or 3.10 (when that is all the text gives); 2.1.0+cu121 as written."""
    return bool(got) and (want == got or want.split("+")[0] == got.split("+")[0] or want.startswith(got + "."))


def score(directory: Path) -> Tuple[Dict[str, List[int]], List[str]]:
    """{check: [right, total]} and the misses, over every sample in the directory."""
    counts: Dict[str, List[int]] = {}
    misses = []
    for expected_path in sorted(directory.glob("*.toml")):
        expected = tomllib.loads(expected_path.read_text())
        got = observed(expected_path.with_suffix(".txt").read_text(), expected)
        for key, want in expected.items():
            if key in ("source", "os", "cuda_runtime"):
                continue
            right = agrees(key, want, got.get(key))
            counts.setdefault(key, [0, 0])
            counts[key][0] += right
            counts[key][1] += 1
            if not right:
                misses.append(f"{expected_path.stem}: {key} expected {want!r}, got {got.get(key)!r}")
    return counts, misses


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", default=str(SAMPLES))
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args(argv)
    counts, misses = score(Path(args.directory))
    primary = [sum(counts.get(k, [0, 0])[i] for k in PRIMARY) for i in (0, 1)]
    for key, (right, total) in sorted(counts.items()):
        print(f"{key:18} {right}/{total}")
    print(f"driver, GPU count and names: {primary[0]}/{primary[1]}")
    if args.misses:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
