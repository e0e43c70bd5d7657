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


@pytest.mark.parametrize("text", [
    corpus("6180-"),  # xmrig/xmrig#3504: xmrig-cuda built with CUDA 12.5 on a driver that runs 12.4
    corpus("6186-"),  # xbbricker/ccminer-cryptonight-mac#4: ccminer's check for the CUDA 5.5 API on macOS
])
def test_a_miner_saying_the_driver_lacks_its_cuda_api_is_the_driver_too_old(text):
    assert first(text).slug == "driver-too-old"


def test_a_miner_saying_the_driver_lacks_its_cuda_api_names_both_cudas():
    found = first(corpus("6180-"))
    assert found.evidence["program_cuda"] == "12.5" and found.evidence["driver_cuda"] == "12.4"


@pytest.mark.parametrize("text, driver_cuda, runtime", [
    (corpus("6180-"), "12.4", "12.5"),
    # the CUDA 10.1 samples' deviceQuery on a 1080 Ti under a CUDA 11.2 driver (found by find_string)
    ('Device 0: "GeForce GTX 1080 Ti"\n  CUDA Driver Version / Runtime Version          11.2 / 10.1\n'
     "  CUDA Capability Major/Minor version number:    6.1", "11.2", "10.1"),
    # deviceQuery's closing line alone, as 6180's paste ends
    ("deviceQuery, CUDA Driver = CUDART, CUDA Driver Version = 12.4, CUDA Runtime Version = 12.5, NumDevs = 1, "
     "Device0 = NVIDIA GeForce RTX 3050 Laptop GPU", "12.4", "12.5"),
])
def test_device_query_gives_the_drivers_cuda_and_its_runtime(text, driver_cuda, runtime):
    from envcheck.importers import from_text
    facts = from_text(text, "paste.txt")
    assert facts.gpus.cuda_driver_version == driver_cuda
    assert [lib.version for lib in facts.libraries.found if lib.name == "cudart"] == [runtime]


def test_device_query_with_a_newer_runtime_of_the_drivers_major_is_not_a_driver_too_old():
    # a cloud provider's Kubernetes example output (found by find_string): CUDA 11.7 samples on an 11.4 driver ran,
    # under minor-version compatibility
    text = ('Device 0: "Tesla P100-PCIE-16GB"\n  CUDA Driver Version / Runtime Version          11.4 / 11.7\n'
            "  CUDA Capability Major/Minor version number:    6.0\n"
            "  Total amount of global memory:                 16281 MBytes (17071734784 bytes)")
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, runs, needed", [
    (corpus("6347-"), "10.2", "11.6"),  # MPI-Dortmund/tomotwin-cryoet#3: mamba create with cudatoolkit 11.6
    # RAPIDS' install notes (found by find_string): cuda-version 12.0 on a driver that runs 11.8
    ("LibMambaUnsatisfiableError: Encountered problems while solving:\n"
     " - package cuda-version-12.0-hffde075_0 has constraint __cuda >=12 conflicting with __cuda-11.8-0", "11.8", "12"),
    # a project's error notes (found by find_string): cudatoolkit 11.3 under a driver whose CUDA is 8.0
    ("LibMambaUnsatisfiableError: Encountered problems while solving: package cudatoolkit-11.3.1-h280eb24_10 has "
     "constraint __cuda >=11 conflicting with __cuda-8.0-0", "8.0", "11"),
])
def test_conda_refusing_a_package_that_needs_more_cuda_than_the_driver_runs_is_the_driver_too_old(text, runs, needed):
    found = first(text)
    assert found.slug == "driver-too-old"
    assert found.evidence["driver_cuda"] == runs and found.evidence["program_cuda"] == needed


def test_classic_condas_cuda_driver_listing_alone_is_not_read_as_the_driver_too_old():
    # a forum post (found by find_string): conda lists the __cuda virtual package beside an unrelated Python conflict
    text = ("The following specifications were found to be incompatible with your CUDA driver:\n\n"
            "  - feature:/win-64::__cuda==10.2=0\n  - feature:|@/win-64::__cuda==10.2=0\n\n"
            "Your installed CUDA driver is: 10.2")
    assert "driver-too-old" not in paste_slugs(text, diagnosed_only=True)
