"""Situations met in session 66, each read in general and tried on at least two real wordings."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def test_tensorflow_answering_it_was_not_built_with_cuda_is_a_cpu_only_build():
    # conda-forge/tensorflow-feedstock#367: a package named for CUDA 12.0 whose build answers False at the prompt
    found = first(corpus("6350-"))
    assert found.slug == "cpu-only-build" and found.evidence["frameworks.tensorflow.accelerator"] == "cpu"


def test_tensorflow_answering_true_is_not_read_as_a_cpu_only_build():
    text = corpus("6350-").replace("is_built_with_cuda()\nFalse", "is_built_with_cuda()\nTrue")
    assert "is_built_with_cuda()\nTrue" in text
    assert "cpu-only-build" not in paste_slugs(text)


def test_tensorflow_past_2_10_on_native_windows_answering_false_is_the_platform_not_the_install():
    # 969, tensorflow/tensorflow#62080: 2.14 on Windows 10 answers False twice; every build there is CPU-only
    assert first(corpus("969-")).slug == "framework-end-of-life"
    assert "cpu-only-build" not in paste_slugs(corpus("969-"))

