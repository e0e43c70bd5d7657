"""Smoke rules (SMK): smoke test results are facts too. A failed test whose message another rule
recognises is diagnosed by that rule (a matmul with "no kernel image is available" is
gpu-arch-not-in-build); the rest are reported here, so `envcheck doctor` on the facts of a
certification run shows every failure."""

from __future__ import annotations

import re
from typing import Iterable, List

from envcheck.rules import Context, Hit, rule

FAILED = ("fail", "error", "timeout")
OUT_OF_MEMORY = re.compile(r"out of memory|OutOfMemoryError|CUDA_ERROR_OUT_OF_MEMORY", re.I)


# The out-of-memory rules read a pasted message's numbers, not a smoke result: a smoke test sizes its work to the memory
# it finds free, so its out of memory is reported here, pointing at other processes.
NOT_EXPLAINING = ("SMK001", "GPU019", "GPU020", "GPU022")


def _explained_by(text: str) -> List[str]:
    """Codes of the other rules whose error signatures recognise a line of this text."""
    from envcheck.rules import RULES

    lines = [line for line in text.splitlines() if line.strip()]
    return [r.code for r in RULES if r.code not in NOT_EXPLAINING and r.signatures and
            any(r.matches(line) for line in lines)]


@rule("SMK001", "smoke-test-failed", "error", "A smoke test failed and no other rule explains why", priority=90)
def smoke_test_failed(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `envcheck certify` says "not certified" with a smoke test marked fail, error or timeout, for
    example "matmul fp16: 41.2 TFLOP/s, below 30% of the H100's peak" or "memory did not finish in
    120 s".

    Why:
    The smoke tests run real work on each GPU: a result below its threshold, a wrong answer, a
    crash or a hang is a fact about this host even when nothing in the static checks predicted it.
    Failures whose message another rule recognises (no kernel image, ECC, driver mismatch) are
    reported by that rule instead.

    Fix:
    Read the test's message and stderr tail in the certificate (`envcheck certify --json -`); for
    out-of-memory look for other processes on the GPU (`nvidia-smi`); for a timeout or a slow
    result look at clocks, throttling and other load (`nvidia-smi -q -d PERFORMANCE,CLOCK`), then
    run the certification again.

    When to ignore:
    A result you reproduced as fine on a second run, after something else was using the GPU.
    """
    for result in ctx.facts.smoke.results:
        if result.status not in FAILED:
            continue
        text = f"{result.message}\n{result.stderr_tail}"
        if _explained_by(text):
            continue
        fix = ["envcheck certify --json -  # the full message and stderr tail of each test"]
        if OUT_OF_MEMORY.search(text):
            fix.insert(0, "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv  "
                          "# another process holding GPU memory")
        elif result.status == "timeout":
            fix.insert(0, "nvidia-smi  # another job on the GPU, or a GPU that stopped answering")
        else:
            fix.insert(0, "nvidia-smi -q -d PERFORMANCE,CLOCK  # throttling or low clocks under load")
        tail = result.stderr_tail.strip().splitlines()[-3:]
        yield Hit(f"smoke test {result.name} {result.status}"
                  + (f" on {result.device}" if result.device else "") + (f": {result.message}" if result.message else ""),
                  evidence={"smoke.name": result.name, "smoke.status": result.status, "smoke.metrics": result.metrics,
                            "smoke.devices": [d.get("label", "") for d in result.devices], "stderr_tail": tail},
                  fix=fix)


RULES = (smoke_test_failed,)
