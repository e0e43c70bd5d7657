"""How fast is `envcheck doctor`? (issue 4 targets: under 1 s on this host without --deep, and
under 1 s for --from on a 200 KB paste).

The 200 KB paste is built from the real reports in tests/corpus/, repeated until it is 200 KB,
so it has the mixture of shapes (collect_env, nvidia-smi, tracebacks, logs) users paste.

The package's bytecode is brought up to date first, as `pip install` leaves it: with
PYTHONDONTWRITEBYTECODE set (as on our CI machines), a module changed since its .pyc was written
is compiled again on every run, which adds about 0.1 s to each timing and measures the checkout,
not the tool.

    python benchmarks/doctor_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import compileall
import sys
import tempfile
from pathlib import Path

from _timing import median_seconds  # benchmarks/ is on sys.path when run as a script

REPO = Path(__file__).resolve().parent.parent


def paste_of(size: int) -> str:
    parts = [p.read_text() for p in sorted((REPO / "tests" / "corpus").glob("*/paste.txt"))]
    text = ""
    index = 0
    while len(text.encode()) < size:
        text += f"\n--- report {index} ---\n" + parts[index % len(parts)]
        index += 1
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    envcheck = [sys.executable, "-m", "envcheck"]
    compileall.compile_dir(str(REPO / "envcheck"), quiet=1)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write(paste_of(200 * 1024))
        paste = handle.name
    results = {
        "envcheck doctor (this host)": median_seconds(envcheck + ["doctor"], args.runs, (0, 1)),
        "envcheck doctor --json (this host)": median_seconds(envcheck + ["doctor", "--json"], args.runs, (0, 1)),
        f"envcheck doctor --from <{Path(paste).stat().st_size // 1024} KB paste>": median_seconds(
            envcheck + ["doctor", "--from", paste], args.runs, (0, 1)),
    }
    for name, seconds in results.items():
        print(f"{name:45s} {seconds:7.3f} s  (median of {args.runs}; goal: under 1 s)")
    Path(paste).unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
