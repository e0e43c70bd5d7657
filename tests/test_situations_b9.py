"""Situations from corpus batch 9 that known rules missed in new wordings: TensorFlow's own suspicion of
an old driver, a CUDA release named in words that the driver is too old for (with the driver minimums of
CUDA 7.0 to 9.2 from NVIDIA's table), and Compose v1 refusing the `runtime: nvidia` key."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as findings


def test_tensorflow_suspecting_the_driver():
    found = first(corpus("605-"))
    assert found.slug == "driver-too-old" and found.evidence["minimum_driver"] == "384.81"
    other = first("E tensorflow/stream_executor/cuda/cuda_dnn.cc:393] possibly insufficient driver version: 375.26.0")
    assert other.slug == "driver-too-old"


def test_a_cuda_named_in_words_that_the_driver_is_too_old_for():
    found = first(corpus("629-"))
    assert found.slug == "driver-too-old"
    assert (found.evidence["cuda.stated_version"], found.evidence["minimum_driver"]) == ("9.2", "396.26")
    # the same words with a driver new enough say nothing about the driver
    assert "driver-too-old" not in [f.slug for f in findings("Driver Version: 410.48\nI installed CUDA 9.2")]


def test_compose_v1_refusing_the_runtime_key():
    found = first(corpus("660-"))
    assert found.slug == "docker-compose-too-old-for-gpus" and "runtime" in found.message
    other = first("ERROR: The Compose file './docker-compose.yml' is invalid because:\n"
                  "Unsupported config option for services.web: 'runtime'")
    assert other.slug == "docker-compose-too-old-for-gpus"
    assert any("devices" in step for step in other.fix)


def test_triton_fp8_on_a_gpu_before_ada():
    found = first(corpus("648-"))
    assert found.slug == "quantization-unsupported-gpu" and found.evidence["needs"] == "8.9"
    other = first("[rank0]: AssertionError: fp8e4nv data type is not supported on CUDA arch < 89")
    assert other.slug == "quantization-unsupported-gpu" and other.evidence["needs"] == "8.9"
