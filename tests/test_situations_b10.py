"""Situations from corpus batch 10 that known rules missed in new wordings: a toolkit named in words that is
older than the GPU's architecture, the driver's own JIT refusing newer PTX, CTranslate2 refusing float16."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first


def test_an_arch_refused_by_a_toolkit_named_in_words_as_older():
    # CUDA 7.5 in words and sm_61 refused: nvcc predates the GPU, it did not drop the arch
    assert first(corpus("665-")).slug == "nvcc-too-old-for-gpu-arch"
    other = first("My toolkit is CUDA 10.0 on an RTX 3080.\n"
                  "nvcc fatal   : Unsupported gpu architecture 'compute_86'")
    assert other.slug == "nvcc-too-old-for-gpu-arch"


def test_the_drivers_jit_refusing_ptx_from_a_newer_toolkit():
    found = first(corpus("709-"))
    assert found.slug == "driver-too-old"
    assert (found.evidence["ptx_given"], found.evidence["driver_jit_knows"]) == ("8.1", "8.0")
    cupy = first("cupy.cuda.driver.CUDADriverError: CUDA_ERROR_INVALID_PTX\n"
                 "ptxas application ptx input, line 5; fatal   : Unsupported .version 7.8; current version is '7.4'")
    assert cupy.slug == "driver-too-old"
    # a ptxas binary that is older than the PTX it was handed is still old-ptxas-on-path
    binary = first("ptxas /tmp/tmpa1b2c3/kernel.ptx, line 5; fatal   : Unsupported .version 8.4; current version is '8.2'\n"
                   "ptxas fatal   : Ptx assembly aborted due to errors")
    assert binary.slug == "old-ptxas-on-path"


def test_ctranslate2_refusing_a_compute_type():
    found = first(corpus("680-"))
    assert found.slug == "quantization-unsupported-gpu" and found.evidence["format"] == "float16"
    cpu = first('model = WhisperModel("large-v2", device="cpu", compute_type="float16")\n'
                "ValueError: Requested float16 compute type, but the target device or backend do not support "
                "efficient float16 computation.")
    assert cpu.slug == "quantization-unsupported-gpu" and cpu.evidence["device"] == "cpu"
    assert any('compute_type="int8"' in step for step in cpu.fix)


def test_wsl_ldconfig_warning_quoted_without_its_directory():
    assert first(corpus("710-")).slug == "wsl-libcuda-not-symlink"
    # outside WSL the bare warning is not WSL's
    from tests.conftest import paste_findings

    plain = "Ubuntu 22.04\n/sbin/ldconfig.real: libcuda.so.1 is not a symbolic link"
    assert "wsl-libcuda-not-symlink" not in [f.slug for f in paste_findings(plain)]
    wsl = first("Ubuntu 22.04 under WSL2\n/sbin/ldconfig.real: libcuda.so.1 is not a symbolic link")
    assert wsl.slug == "wsl-libcuda-not-symlink"
