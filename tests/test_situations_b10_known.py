"""Known causes that batch 10 showed in shapes the rules had not met: a build named in words, torch's companions
from another variant, a Jetson asking PyPI, TensorFlow's AVX crash, a container or a `docker build` without the
driver's libraries, a runtime's "device kernel image is invalid", a CPU twin installed last, xFormers' operator
refusing an older GPU, and a pod asking for more GPUs than its node has."""

from __future__ import annotations

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs



def test_a_cpu_build_stated_in_words():
    assert first(corpus("666-")).slug == "cpu-only-build"
    conda = first("I have an RTX 3060. conda install pytorch gave me the CPU version of pytorch, so training uses my cpu.")
    assert conda.slug == "cpu-only-build"
    # a plan is not a state: what a requirements file is "configured for" says nothing about what is installed
    facts = from_text("I saw that requirements.txt are configured for the cpu only versions of torch, so I installed "
                      "torch==2.9.0+cu130")
    assert [f.accelerator for f in facts.frameworks.installed if f.name == "torch"] == ["cuda"]


def test_torchvision_built_for_another_cuda_than_torch():
    found = first(corpus("679-"))
    assert found.slug == "framework-plugin-mismatch"
    assert (found.evidence["torch.cuda"], found.evidence["torchvision.cuda"]) == ("11.7", "11.8")
    assert any("whl/cu117" in step for step in found.fix)
    major = first("RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA major versions. "
                  "PyTorch has CUDA Version=12.1 and torchvision has CUDA Version=11.8. Please reinstall the "
                  "torchvision that matches your PyTorch install.")
    assert major.slug == "framework-plugin-mismatch" and major.evidence["torchvision.cuda"] == "11.8"


def test_companions_from_another_wheel_variant_in_a_package_list():
    nightly = first(corpus("713-"))
    assert nightly.slug == "framework-plugin-mismatch"
    assert nightly.evidence["torchaudio"] == "0.10.0.dev20210901+rocm4.1"
    assert any("whl/nightly/cu111" in step and "--pre" in step for step in nightly.fix)
    freeze = first("torch==2.1.0+cu121\ntorchvision==0.16.0+cpu\ntorchaudio==2.1.0+cu121\n"
                   "NotImplementedError: Could not run 'torchvision::nms' with arguments from the 'CUDA' backend.")
    assert freeze.slug == "framework-plugin-mismatch" and freeze.evidence["torchvision"] == "0.16.0+cpu"
    same = "torch==2.1.0+cu121\ntorchvision==0.16.0+cu121\ntorchaudio==2.1.0+cu121\nRuntimeError: CUDA out of memory."
    assert "framework-plugin-mismatch" not in paste_slugs(same)


def test_a_jetson_asking_pypi_for_a_gpu_framework():
    found = first(corpus("678-"))
    assert found.slug == "no-cuda-build-for-platform"
    assert "python-unsupported" not in paste_slugs(corpus("678-"))
    nano = first("Jetson Nano 4GB, JetPack 4.6\n$ pip3 install torch==1.10.0\n"
                 "ERROR: Could not find a version that satisfies the requirement torch==1.10.0 (from versions: none)\n"
                 "ERROR: No matching distribution found for torch==1.10.0")
    assert nano.slug == "no-cuda-build-for-platform" and "pytorch-jetson" in nano.references[0]
    # the same pip answer on an ordinary machine is about its Python
    x86 = first("Python 3.13\nERROR: Could not find a version that satisfies the requirement torch==1.10.0 "
                "(from versions: none)")
    assert x86.slug == "python-unsupported"


def test_tensorflow_crashing_with_illegal_instruction_on_import():
    found = first(corpus("683-"))
    assert found.slug == "cpu-missing-avx"
    shell = first("$ python3 -c 'import tensorflow as tf'\nIllegal instruction (core dumped)\n"
                  "The machine is an old Xeon E5420 server with a GTX 1060.")
    assert shell.slug == "cpu-missing-avx"
    # on a Jetson the same crash at import is OpenBLAS's CPU detection, not AVX
    jetson = "Jetson Nano\n>>> import tensorflow\nIllegal instruction (core dumped)"
    assert "cpu-missing-avx" not in paste_slugs(jetson)
    # a crash that is not at TensorFlow's import is not read as missing AVX
    assert "cpu-missing-avx" not in paste_slugs("$ ./my_solver --gpu\nIllegal instruction (core dumped)")


def test_a_container_without_the_drivers_libcuda():
    found = first(corpus("698-"))
    assert found.slug == "container-no-gpu"
    tf = first("docker run -it my-tf-image python train.py\n"
               "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
               "'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file: No such file or directory")
    assert tf.slug == "container-no-gpu" and tf.evidence["commands"] == ["docker run -it my-tf-image python train.py"]
    # WSL's libcuda is another story (wsl-libcuda): not diagnosed as a container's, though the corpus's suspects for
    # the bare error may still list it among the possible causes
    wsl = "Ubuntu under WSL2\npython: error while loading shared libraries: libcuda.so.1: cannot open shared object file"
    assert "container-no-gpu" not in paste_slugs(wsl, diagnosed_only=True)


def test_a_docker_build_step_without_the_nvidia_runtime():
    found = first(corpus("701-"))
    assert found.slug == "container-runtime-not-configured" and found.evidence["jetson"]
    buildkit = first("#9 [5/7] RUN python -c \"import ctypes; ctypes.CDLL('libcuda.so.1')\"\n"
                     "#9 0.412 OSError: libcuda.so.1: cannot open shared object file: No such file or directory\n"
                     "ERROR: failed to solve: process \"/bin/sh -c python -c ...\" did not complete successfully: exit code: 1")
    assert buildkit.slug == "container-runtime-not-configured"
    # off a Jetson, a CUDA toolkit library missing in a build is the image's, not the runtime's
    x86 = ("Step 6/9 : RUN python -c 'import torch'\n"
           "OSError: libcurand.so.10: cannot open shared object file: No such file or directory\n"
           "The command '/bin/sh -c python -c 'import torch'' returned a non-zero code: 1")
    assert "container-runtime-not-configured" not in paste_slugs(x86)


def test_device_kernel_image_is_invalid_on_a_newer_gpu():
    found = first(corpus("686-"))
    assert found.slug == "gpu-arch-not-in-build"
    assert any("tensorflow>=" in step for step in found.fix)
    other = first("GPU: RTX 4090, CUDA 11.0, cuDNN 8.0\n"
                  "tensorflow.python.framework.errors_impl.InternalError: CUDA runtime implicit initialization on "
                  "GPU:0 failed. Status: device kernel image is invalid")
    assert other.slug == "gpu-arch-not-in-build" and other.evidence["compute_capability"] == "8.9"


def test_the_cpu_twin_installed_after_the_gpu_package():
    found = first(corpus("687-"))
    assert found.slug == "cpu-only-build" and found.evidence["command"] == "pip install tensorflow-gpu tensorflow"
    ort = first("On my RTX 3090:\n$ pip install onnxruntime-gpu==1.16.3 insightface onnxruntime")
    assert ort.slug == "cpu-only-build" and "onnxruntime-gpu" in ort.fix[-1]
    # the GPU package last wins; and from TensorFlow 2.1 the tensorflow package itself has GPU support
    assert "cpu-only-build" not in paste_slugs("My GPU is a GTX 1080.\npip install tensorflow tensorflow-gpu")
    assert "cpu-only-build" not in paste_slugs("My GPU is a GTX 1080. tensorflow 2.4.0\npip install tensorflow-gpu tensorflow")


def test_an_operator_that_needs_a_newer_gpu():
    found = first(corpus("717-"))
    assert found.slug == "gpu-arch-unsupported"
    assert found.evidence == {"compute_capability": "7.0", "needs": "> 7.5", "observed": found.evidence["observed"]}
    later = first("NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n"
                  "`fa3F@0.0.0` is not supported because:\n"
                  "    requires device with capability > (8, 0) but your GPU has capability (7, 5) (too old)")
    assert later.slug == "gpu-arch-unsupported" and later.evidence["compute_capability"] == "7.5"


def test_a_pod_asking_for_more_gpus_than_its_node_has():
    found = first(corpus("704-"))
    assert found.slug == "gpus-requested-exceed-available"
    assert (found.evidence["pod_gpus"], found.evidence["node_gpus"]) == (2, 1)
    one = first("Warning  FailedScheduling  default-scheduler  0/1 nodes are available: 1 Insufficient nvidia.com/gpu.\n"
                "    resources:\n      limits:\n        nvidia.com/gpu: 4\n"
                "$ kubectl describe node gpu-1\nCapacity:\n  cpu: 32\n  nvidia.com/gpu: 2\n"
                "Allocatable:\n  cpu: 32\n  nvidia.com/gpu: 2\n")
    assert one.slug == "gpus-requested-exceed-available" and one.evidence["node_gpus"] == 2
    # a pod that asks for no more than the node has points elsewhere (the node advertises no GPUs)
    fits = ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu.\nresources:\n  limits:\n    nvidia.com/gpu: 1\n"
            "Capacity:\n  nvidia.com/gpu: 1\n")
    assert "gpus-requested-exceed-available" not in paste_slugs(fits)


def test_reading_gpu_counts_from_a_pod_spec_and_a_node():
    facts = from_text("containers:\n- name: a\n  resources:\n    requests:\n      nvidia.com/gpu: 1\n"
                      "    limits:\n      nvidia.com/gpu: 1\n- name: b\n  resources:\n    requests:\n"
                      "      nvidia.com/gpu: '2'\n"
                      "tolerations:\n- key: nvidia.com/gpu\n  operator: Exists\n"
                      "Capacity:\n  nvidia.com/gpu: 8\nAllocatable:\n  nvidia.com/gpu: 7\n")
    # each container's limit where it sets one, else its request
    assert facts.container.pod_gpu_limits == [1, 2]
    assert facts.container.node_gpus == 7


def test_gpus_options_that_the_select_plugin_refuses():
    found = first(corpus("712-"))
    assert found.slug == "slurm-gpus-option-unsupported-by-select-plugin" and found.evidence["options"] == ["--gpus=4"]
    srun = first("$ srun --gpus-per-task=1 --cpus-per-gpu=8 -n 2 python train.py\n"
                 "srun: error: Unable to allocate resources: Requested GRES option unsupported by configured SelectType "
                 "plugin")
    assert srun.slug == "slurm-gpus-option-unsupported-by-select-plugin"
    assert srun.evidence["options"][:2] == ["--gpus-per-task=1", "--cpus-per-gpu=8"]


def test_a_container_given_the_driver_without_compute():
    found = first(corpus("662-"))
    assert found.slug == "container-driver-capabilities-lack-compute"
    stated = first("services:\n  app:\n    environment:\n      - NVIDIA_VISIBLE_DEVICES=all\n"
                   "      - NVIDIA_DRIVER_CAPABILITIES=graphics,utility\n"
                   "RuntimeError: No CUDA GPUs are available\n>>> torch.cuda.is_available()\nFalse")
    assert stated.slug == "container-driver-capabilities-lack-compute"
    assert stated.evidence["NVIDIA_DRIVER_CAPABILITIES"] == "graphics,utility"
    # compute given, or one of NVIDIA's images (which set it), or Docker's --gpus: another cause
    for other in ("NVIDIA_DRIVER_CAPABILITIES=compute,utility\nFound no NVIDIA driver on your system",
                  "docker run --runtime=nvidia -e NVIDIA_VISIBLE_DEVICES=all nvidia/cuda:12.4.1-base-ubuntu22.04 "
                  "python -c 'import torch'\nDriver Version: 550.54\nFound no NVIDIA driver on your system",
                  "docker run --gpus all -e NVIDIA_VISIBLE_DEVICES=all myimage\nDriver Version: 550.54\n"
                  "Found no NVIDIA driver on your system"):
        assert "container-driver-capabilities-lack-compute" not in paste_slugs(other)


def test_illegal_instruction_with_a_cpu_flags_list_without_avx():
    assert first(corpus("742-")).slug == "cpu-missing-avx"
    flags = ("flags : fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 "
             "ht syscall nx lm constant_tsc pni ssse3 cx16 sse4_1 sse4_2 popcnt")
    assert first("$ python -c 'import jax'\nIllegal instruction (core dumped)\n" + flags).slug == "cpu-missing-avx"
    # with avx in the list, the crash is something else
    assert "cpu-missing-avx" not in paste_slugs("$ python -c 'import tensorflow'\nIllegal instruction (core dumped)\n"
                                          + flags + " avx avx2 fma")


def test_a_kernels_own_architecture_check():
    found = first(corpus("728-"))
    assert found.slug == "gpu-arch-unsupported" and found.evidence["needs"] == "7.5"
    named = first("GPU: Tesla P100 (compute capability 6.0)\n"
                  "RuntimeError: Expected is_sm8x || is_sm90 to be true, but got false.")
    assert named.slug == "gpu-arch-unsupported"
    assert (named.evidence["compute_capability"], named.evidence["needs"]) == ("6.0", "8.0")


def test_a_cudnn8_library_failing_with_error_126():
    found = first(corpus("753-"))
    assert found.slug == "cudnn-zlib-dependency-missing" and found.confidence == "likely"
    # Error 126 alone is the DLL or one it needs missing: without the report saying the DLL is there, cuDNN missing
    # comes first and its zlib dependency second (1420, whisper-writer, had no cuDNN 8 at all)
    ops = paste_slugs("Could not load library cudnn_ops_infer64_8.dll. Error code 126\n"
                      "Please make sure cudnn_ops_infer64_8.dll is in your library path!", diagnosed_only=True)
    assert ops[:2] == ["cudnn-missing", "cudnn-zlib-dependency-missing"]
