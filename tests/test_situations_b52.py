"""Situations met in session 65, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("5919-"),  # milvus-io/milvus#1094: the GPU image started with a plain `docker run`
    # TensorFlow in a Kubernetes pod given no GPU (found by find_string in a public log)
    "W tensorflow/stream_executor/platform/default/dso_loader.cc:55] Could not load dynamic library 'libcuda.so.1'; "
    "dlerror: /usr/lib/x86_64-linux-gnu/libcuda.so.1: file too short; LD_LIBRARY_PATH: /usr/local/nvidia/lib:"
    "/usr/local/nvidia/lib64",
    # an Argo job's log, a simulation binary run on a node without a GPU (found by find_string)
    "offboard/simulation/scenario_test_parallel: error while loading shared libraries: "
    "/usr/lib/x86_64-linux-gnu/libcuda.so.1: file too short",
])
def test_the_driver_library_read_as_an_empty_file_is_a_container_started_without_gpus(text):
    found = first(text)
    assert found.slug == "container-no-gpu"
    assert "empty file" in found.message and "started without" in found.message


def test_an_empty_driver_library_beside_a_command_asking_for_gpus_is_the_host_copy_mounted_elsewhere():
    # the situation a DeepStream entrypoint documents (found by find_string): a RHEL host's runtime mounts the driver's
    # libraries into /usr/lib64, and the Ubuntu image loads its own empty file first
    text = ("$ docker run --gpus all -it nvcr.io/nvidia/deepstream:7.1-triton-multiarch\n"
            "error while loading shared libraries: /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file too short")
    found = first(text)
    assert found.slug == "container-no-gpu" and "mounted for this container elsewhere" in found.message
    assert any("/usr/lib64" in step for step in found.fix)


def test_a_truncated_cudnn_library_is_not_read_as_the_container_runtime():
    # 4981 (CNTK): a copied libcudnn cut short is a broken file, not a runtime mount point
    assert "container-no-gpu" not in paste_slugs(corpus("4981-"))


@pytest.mark.parametrize("text, cc", [
    (corpus("6098-"), "3.0"),  # Esri/arcgis-python-api#544: the warning's first line quoted in a sentence
    # a project's troubleshooting notes quoting only the first line for a GTX 1070 (found by find_string)
    ("UserWarning: Found GPU0 NVIDIA GeForce GTX 1070 which is of cuda capability 6.1", "6.1"),
])
def test_pytorch_naming_the_gpu_capability_alone_is_a_gpu_older_than_the_build(text, cc):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == cc


def test_the_capability_line_alone_for_a_newer_gpu_is_not_read_as_too_old():
    # 2.6 and 2.7 give the same first line for a GPU newer than the build; without the range it could be either
    assert "gpu-arch-unsupported" not in paste_slugs(
        "UserWarning: Found GPU0 NVIDIA GeForce RTX 5090 which is of cuda capability 12.0")


def test_the_capability_line_alone_beside_a_build_that_has_the_gpu_is_not_read_as_too_old():
    # torch 1.5.0+cu101's arch list starts at sm_37 (matrices/torch.toml): a K80 has its kernels
    text = ("torch 1.5.0+cu101\n"
            "UserWarning: Found GPU0 Tesla K80 which is of cuda capability 3.7")
    assert "gpu-arch-unsupported" not in paste_slugs(text, diagnosed_only=True)
