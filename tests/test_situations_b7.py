"""Situations from corpus batch 7 that known rules missed in new wordings: TensorFlow ignoring a GPU
below its build's minimum capability, JAX's CUDA build asked for on native Windows."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as findings


def test_tensorflow_ignores_a_gpu_below_its_minimum():
    for case in ("487-", "488-"):
        found = first(corpus(case))
        assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == "3.0", case
        assert "TF_CUDA_COMPUTE_CAPABILITIES=3.0" in " ".join(found.fix)
    # TensorFlow 1.x's wording ("Ignoring gpu device", no "visible")
    old = first("Ignoring gpu device (device: 0, name: GeForce GT 650M, pci bus id: 0000:01:00.0) with Cuda compute "
                "capability 3.0. The minimum required Cuda capability is 3.5.")
    assert old.slug == "gpu-arch-unsupported" and old.evidence["compute_capability"] == "3.0"


def test_jax_cuda_asked_for_on_native_windows():
    found = first(corpus("496-"))
    assert found.slug == "no-cuda-build-for-platform" and "Windows" in found.message
    # the same request inside WSL 2 is JAX's experimental WSL path, not this
    wsl = ("Linux version 5.15.153.1-microsoft-standard-WSL2\n"
           'pip install -U "jax[cuda12]"\nNo GPU/TPU found, falling back to CPU')
    assert "no-cuda-build-for-platform" not in [f.slug for f in findings(wsl)]


def test_tensorrt_names_the_sm_it_refuses():
    # "Unsupported SM: 0x601" is 6.1: below TensorRT 10.0's stated minimum (530)
    old = first(corpus("530-"))
    assert old.slug == "gpu-arch-unsupported" and old.evidence["compute_capability"] == "6.1"
    # "0x809" is 8.9: a GPU TensorRT 8.4 has no kernels for (516)
    new = first(corpus("516-"))
    assert new.slug == "gpu-arch-not-in-build" and new.evidence["compute_capability"] == "8.9"
    # Blackwell's 12.0 is 0xc00, named without a release
    blackwell = first("[TRT] [E] 1: Unsupported SM: 0xc00")
    assert blackwell.slug == "gpu-arch-not-in-build" and blackwell.evidence["compute_capability"] == "12.0"
