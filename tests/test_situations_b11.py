"""Situations batch 11 showed that no rule knew: Triton without a C compiler, ..."""

from __future__ import annotations

import shutil

from envcheck.host import DirectoryHost, LiveHost
from envcheck.probes import cuda as cuda_probe
from envcheck.probes import collect
from tests.conftest import HOSTS, corpus_paste as corpus, first_finding as first, need, paste_findings, shipped_matrix
from envcheck import rules


def slugs(text: str) -> list:
    return [f.slug for f in paste_findings(text)]


def test_triton_without_a_c_compiler_in_each_wording():
    for case in ("731-", "733-", "746-"):
        assert first(corpus(case)).slug == "c-compiler-missing-for-triton", case
    wrapped = first("  File \"/opt/venv/lib/python3.11/site-packages/triton/runtime/build.py\", line 32, in _build\n"
                    "    raise RuntimeError(\nRuntimeError: Failed to find C compiler. Please specify via CC\n"
                    "environment variable or set triton.knobs.build.impl.")
    assert wrapped.slug == "c-compiler-missing-for-triton"
    inductor = first("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
                     "RuntimeError: Failed to find C compiler. Please specify via CC environment variable.\n"
                     "$ docker run --gpus all myimage which gcc\n/bin/sh: 1: gcc: not found")
    assert inductor.evidence["shell"].endswith("gcc: not found")
    assert "Dockerfile" in inductor.fix[0]  # a container's compiler belongs in its image
    # a compiler that is there but fails is another matter
    assert "c-compiler-missing-for-triton" not in slugs("error: command 'gcc' failed with exit code 1")


def test_the_probe_finds_the_compiler_triton_would_use(tmp_path):
    need(shutil.which("gcc") is not None, "gcc is not installed (the README's test command installs it)")
    assert cuda_probe.c_compiler(LiveHost(env={"PATH": "/usr/bin"})) == "/usr/bin/gcc"
    assert cuda_probe.c_compiler(LiveHost(env={"PATH": str(tmp_path)})) == ""
    assert cuda_probe.c_compiler(LiveHost(env={"PATH": str(tmp_path), "CC": "/opt/conda/bin/gcc"})) == "/opt/conda/bin/gcc"


def test_a_host_with_triton_and_no_compiler_is_told_before_the_first_kernel():
    facts = collect(DirectoryHost(str(HOSTS / "workstation-rtx5090")))  # triton 3.2.0, no gcc or clang
    assert facts.cuda.c_compiler == ""
    found = {f.slug: f for f in rules.run(facts, shipped_matrix())}
    assert found["c-compiler-missing-for-triton"].evidence["python.distributions.triton"] == "3.2.0"
    facts.cuda.c_compiler = "/usr/bin/gcc"
    assert "c-compiler-missing-for-triton" not in {f.slug for f in rules.run(facts, shipped_matrix())}
