"""Score `envcheck doctor --from` on the corpus of real reports, one batch at a time.

Batch 1 is the set the rules were written from; later batches were collected from threads the
rules had never seen, and their first-run score (recorded in tests/corpus/SCORES.md before any
rule changed for them) is the honest measure of how well the diagnosis generalises.

Two numbers per batch:
- right first: the expected root cause is the first finding, over the cases whose paste holds
  enough evidence for an expert (case.toml `evidence = "sufficient"`; batch 1 has no such key and
  counts every case);
- silent on an error: pastes that hold an error message (`has_error = true`) that got no
  finding at all, the answer a user must never get.

Run: python -m tests.corpus_score [--batch N] [--misses]

`--suspects` writes matrices/suspects.toml: for each class of error message below, how often each
cause was the root cause among the corpus reports that showed such an error. doctor offers those
causes, marked "possible", when nothing else explains an error in a paste.
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

from envcheck.rules import GPU_UNUSED

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CORPUS = Path(__file__).resolve().parent / "corpus"


@dataclass
class Case:
    name: str
    data: Dict
    paste: str

    @property
    def batch(self) -> int:
        return int(self.data.get("batch", 1))

    @property
    def sufficient(self) -> bool:
        return self.data.get("evidence", "sufficient") == "sufficient"


@dataclass
class Score:
    batch: Optional[int]
    cases: int = 0
    judged: int = 0  # cases with sufficient evidence
    right: int = 0
    with_error: int = 0
    silent: int = 0
    misses: List[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.right / self.judged if self.judged else 0.0

    def line(self) -> str:
        return (f"batch {self.batch if self.batch is not None else 'all'}: {self.cases} cases; right first "
                f"{self.right}/{self.judged} ({100 * self.rate:.1f}%) of those with enough evidence; "
                f"silent on an error: {self.silent}/{self.with_error}")


def cases(batch: Optional[int] = None) -> List[Case]:
    found = []
    for folder in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        case = Case(folder.name, tomllib.loads((folder / "case.toml").read_text()),
                    (folder / "paste.txt").read_text(errors="replace"))
        if batch is None or case.batch == batch:
            found.append(case)
    return found


def score(selected: List[Case], batch: Optional[int] = None) -> Score:
    from envcheck import matrix, rules
    from envcheck.importers import from_text

    table = matrix.default()
    result = Score(batch=batch, cases=len(selected))
    for case in selected:
        findings = rules.run(from_text(case.paste, "paste.txt"), table)
        # A "possible" cause (suspected from the corpus's own counts) never counts as naming it.
        named = [f for f in findings if f.confidence != "possible"]
        first = named[0].slug if named else None
        if case.data.get("has_error", False):
            result.with_error += 1
            if not findings:
                result.silent += 1
        if not case.sufficient:
            continue
        result.judged += 1
        if first == case.data["slug"]:
            result.right += 1
        else:
            result.misses.append(f"{case.name}: expected {case.data['slug']}, got {[f.slug for f in named[:3]]}")
    return result


# Error messages by what users see, most specific first; the last one catches any error line. A program's warning
# that it runs without the GPU (GPU_UNUSED) is the first class's complaint in other words.
ERROR_CLASSES = (
    ("gpu-not-usable-by-framework", r"torch\.cuda\.is_available\(\)|CUDA is not available|Torch not compiled with "
                                    r"CUDA|No CUDA GPUs are available|no CUDA-capable device|CUDA backend failed|"
                                    r"Could not find cuda drivers|GPU will not be used|No CUDA runtime is found|"
                                    r"Failed to create CUDAExecutionProvider|" + GPU_UNUSED.pattern),
    # NVML's errors, not the "NVML Version" line of a healthy `nvidia-smi -q`
    ("nvidia-smi-or-nvml", r"NVIDIA-SMI has failed|Failed to initialize NVML|nvidia-smi: command not found|"
                           r"(?-i:NVMLError|NVML_ERROR|NVML: )|Unable to (?:load|determine)\b.{0,40}NVML"),
    ("container-start", r"nvidia-container-cli|OCI runtime|could not select device driver|docker: Error"),
    ("library-load", r"cannot open shared object file|Could not load dynamic library|undefined symbol|"
                     r"Could not load library|DLL load failed"),
    # a build that failed, not a report's "NVCC architecture flags" or ds_report's "JIT compiled ops requires ninja"
    ("extension-build", r"\bnvcc(?:\.exe)?(?: fatal|: fatal| error|: error|: not found|: command not found)|"
                        r"CUDA_HOME\b.{0,40}(?:not set|None|does not exist)|error: command .* failed|"
                        r"ninja: build stopped|Ninja is required|Failed building wheel|subprocess-exited-with-error|"
                        r"setup\.py.{0,60}(?:error|did not run successfully)|Building wheel.{0,60}error"),
    ("nccl", r"\bNCCL (?:error|WARN)\b|nccl\w*Error|NCCL_ERROR|NCCL failure|unhandled (?:system|cuda) error"),
    ("cuda-error", r"CUDA error|cuda runtime error|CUDA_ERROR_\w+|cudaError\w+|"
                    r"CUDA driver (?:version is insufficient|initialization failed|error)"),
    # Python's exception names (AssertionError, RuntimeError) and the plain words programs use for a
    # failure ("is not supported", "Can not find library", "not compatible"); not a compiler flag's
    # "-Wno-error=".
    ("any-error", r"(?-i:\b[A-Z]\w*(?:Error|Exception)\b)|(?<![-=\w])error\b(?!=)|\bTraceback\b|\bErrno\b|"
                  r"core dumped|Segmentation fault|"
                  r"\bfail(?:ed|ure)?\b|"
                  r"(?<!query )\b(?:is|are|was) not supported\b|\bnot (?:compatible|found)\b|\bcan ?not (?:find|load|open|locate)\b|"
                  r"\bcould not (?!collect)|"
                  r"\bunable to\b|\bdoes not exist\b|No such file or directory|(?<![-=\w])missing\b|"
                  r"\bnot installed(?:[.!]|$)|"
                  r"\bneeds? at least\b|\bdo(?:es)?(?:n't| not) match\b|\b(?:was|were)(?:n't| not) able to\b|"
                  r"\bis too old\b|No space left on device|\bnot a recognized\b|\bdo(?:es)?(?:n't| not) work\b|"
                  # a worker process dying under Python's process pool (concurrent.futures' BrokenProcessPool)
                  r"\bterminated abruptly\b"),
)
# The command whose output confirms or rules out each cause.
CHECKS = {
    "cuda-libraries-missing": "ldconfig -p | grep -E 'libcudart|libcublas'  # the CUDA majors the loader has",
    "cpu-only-build": "python -c 'import torch; print(torch.__version__, torch.version.cuda)'",
    "driver-too-old": "nvidia-smi  # the driver version and the highest CUDA it runs",
    "driver-library-mismatch": "cat /proc/driver/nvidia/version; nvidia-smi",
    "driver-not-built-for-kernel": "uname -r; dkms status; ls /lib/modules/$(uname -r)/updates/dkms",
    "driver-not-loaded": "lsmod | grep nvidia; nvidia-smi",
    "gpu-arch-not-in-build": "python -c 'import torch; print(torch.cuda.get_arch_list(), "
                             "torch.cuda.get_device_capability())'",
    "gpu-arch-unsupported": "nvidia-smi --query-gpu=name,compute_cap --format=csv",
    "cudnn-version-mismatch": "python -c 'import torch; print(torch.backends.cudnn.version())'; echo $LD_LIBRARY_PATH",
    "cudnn-missing": "ldconfig -p | grep -i cudnn; pip list 2>/dev/null | grep -i cudnn",
    "cuda-library-shadowed": "echo $LD_LIBRARY_PATH; ldconfig -p | grep -E 'libcu(blas|dnn|sparse)'",
    "framework-plugin-mismatch": "pip list 2>/dev/null | grep -i -E '^(torch|jax|tensorflow)'",
    "framework-end-of-life": "python -c 'import platform, sys; print(platform.platform(), sys.version)'; pip list",
    "container-no-gpu": "docker run --rm --gpus all ubuntu nvidia-smi",
    "container-toolkit-missing": "nvidia-ctk --version; dpkg -l | grep nvidia-container",
    "container-runtime-not-configured": "docker info | grep -i runtime",
    "container-cgroup-device-access-lost": "nvidia-smi  # on the host, then inside the container",
    "shm-too-small": "df -h /dev/shm",
    "shm-not-writable": "ls -ld /dev/shm; touch /dev/shm/x && rm /dev/shm/x",
    "nvcc-framework-cuda-mismatch": "nvcc --version; python -c 'import torch; print(torch.version.cuda)'",
    "cuda-toolkit-missing": "which nvcc; echo $CUDA_HOME",
    "host-compiler-unsupported": "gcc --version; nvcc --version",
    "python-unsupported": "python --version",
    "p2p-blocked": "nvidia-smi topo -m; NCCL_DEBUG=INFO python your_script.py",
    "wsl-libcuda": "ls -l /usr/lib/wsl/lib/libcuda*; ldconfig -p | grep libcuda",
    "secure-boot-blocks-module": "mokutil --sb-state; dmesg | grep -i -E 'nvidia|lockdown'",
    "nouveau-bound": "lspci -k | grep -A3 -i nvidia",
    "no-nvidia-gpu": "lspci -nn | grep -i nvidia",
    "cuda-init-failed": "python -c 'import torch; torch.cuda.init()'",
    "fabric-manager-not-running": "systemctl status nvidia-fabricmanager",
    "fabric-manager-version-mismatch": "nv-fabricmanager --version; nvidia-smi",
    "cuda-visible-devices-invalid": "echo $CUDA_VISIBLE_DEVICES; nvidia-smi -L",
    "ecc-errors": "nvidia-smi -q -d ECC,ROW_REMAPPER",
    "xid-errors": "sudo dmesg -T | grep -i xid",
    "open-kernel-module-required": "cat /proc/driver/nvidia/version",
    "bf16-unsupported-gpu": "nvidia-smi --query-gpu=name,compute_cap --format=csv",
    "nvcc-too-old-for-gpu-arch": "nvcc --version; nvidia-smi --query-gpu=name,compute_cap --format=csv",
}
SUSPECTS_PER_CLASS = 4


def suspects_toml(selected: List[Case]) -> str:
    """matrices/suspects.toml from the corpus: per error class, the causes its reports had."""
    from envcheck import rules
    from envcheck.importers import from_text

    known = {r.slug for r in rules.RULES}
    counts: Dict[str, Dict[str, int]] = {name: {} for name, _ in ERROR_CLASSES}
    totals = {name: 0 for name, _ in ERROR_CLASSES}
    for case in selected:
        lines = [o.text for o in from_text(case.paste, "paste.txt").observations]
        for name, pattern in ERROR_CLASSES:
            compiled = re.compile(pattern, re.I)
            if any(compiled.search(line) for line in lines):
                totals[name] += 1
                slug = case.data["slug"]
                if slug in known and slug in CHECKS:
                    counts[name][slug] = counts[name].get(slug, 0) + 1
                break  # a report counts for its most specific class only
    out = ["# Causes to suspect for an error message no rule explains, per class of message: how often each",
           "# was the root cause among the corpus reports that showed such an error. Generated by",
           "# `python -m tests.corpus_score --suspects` from tests/corpus; edit ERROR_CLASSES and CHECKS there.",
           f'reviewed = "{datetime.date.today().isoformat()}"',
           f'source = "envcheck tests/corpus, {len(selected)} real reports (links in each case.toml)"', ""]
    for name, pattern in ERROR_CLASSES:
        ranked = sorted(counts[name].items(), key=lambda item: (-item[1], item[0]))[:SUSPECTS_PER_CLASS]
        for slug, cases in ranked:
            out += ["[[suspect]]", f'error_class = "{name}"', f"pattern = {_toml_string(pattern)}",
                    f'slug = "{slug}"', f"cases = {cases}", f"class_cases = {totals[name]}",
                    f"check = {_toml_string(CHECKS[slug])}", ""]
    return "\n".join(out)


def _toml_string(text: str) -> str:
    return "'" + text + "'" if "'" not in text else '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main() -> int:
    parser = argparse.ArgumentParser(description="Score envcheck doctor on the corpus of real reports.")
    parser.add_argument("--batch", type=int, default=None)
    parser.add_argument("--misses", action="store_true", help="list every case not named right first")
    parser.add_argument("--suspects", action="store_true", help="print matrices/suspects.toml from the corpus")
    args = parser.parse_args()
    if args.suspects:
        print(suspects_toml(cases()))
        return 0
    result = score(cases(args.batch), args.batch)
    print(result.line())
    if args.misses:
        print("\n".join(result.misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
