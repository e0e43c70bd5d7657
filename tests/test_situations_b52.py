"""Situations met in session 65, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


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


@pytest.mark.parametrize("text", [
    corpus("6024-"),  # kohya-ss/sd-scripts#1597: the path wrapped onto the next line of kohya's log
    # pytorch/pytorch#129568's title
    'OSError: [WinError 126] The specified module could not be found. Error loading '
    '"\\.venv\\Lib\\site-packages\\torch\\lib\\fbgemm.dll" or one of its dependencies.',
    # ostris/ai-toolkit#91, a Chinese Windows
    'Error running job: [WinError 126] 找不到指定的模块。 Error loading "C:\\Users\\daizh\\Documents\\LORA Traning\\'
    'ai-toolkit\\venv\\Lib\\site-packages\\torch\\lib\\fbgemm.dll" or one of its dependencies.',
])
def test_torch_fbgemm_dll_failing_to_load_is_the_openmp_runtime_it_needs(text):
    found = first(text)
    assert found.slug == "msvc-runtime-missing" and "libomp140.x86_64.dll" in found.message
    assert any("torch>=2.4.1" in step for step in found.fix)


def test_another_torch_dll_failing_to_load_is_not_read_as_fbgemm():
    # a project's troubleshooting notes (found by find_string): c10.dll, which the OpenMP runtime is not the answer for
    text = ('OSError: [WinError 1114] A dynamic link library (DLL) initialization routine failed.\n'
            'Error loading "path\\to\\.venv\\Lib\\site-packages\\torch\\lib\\c10.dll" or one of its dependencies.')
    assert not any("libomp140" in found.message for found in paste_findings(text))
