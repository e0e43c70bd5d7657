"""Situations met in session 41: CUDA initialisation failing with "named symbol not found" inside containers on WSL2,
where the container toolkit predates the Windows driver (batches 18 and 24: 841, 1167, 1393; NVIDIA/nvidia-container-
toolkit#520); and from batch 28, NVML's "driver not loaded" from the container toolkit's CLI, torch's warning kept only
as its source line, NGC containers' start-up GPU check, gcc said to be too old for an extension build, a torch build
quoted without its name, and TensorFlow's Windows self-check. Each reading is tried on at least two real wordings, and
on texts it must leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs
from envcheck.importers import from_text

WSL_TOOLKIT = "wsl-container-toolkit-too-old-for-driver"


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_cuinit_not_found_in_a_docker_desktop_container():
    # TensorFlow's wording, in the reporter's prose (tensorflow#68711)
    found = first(corpus("841-"))
    assert found.slug == WSL_TOOLKIT and found.confidence == "confirmed"
    # PyTorch's wording, Windows named in an issue form (Whisper-WebUI#279)
    found = first(corpus("1167-"))
    assert found.slug == WSL_TOOLKIT and found.confidence == "confirmed"
    # llama.cpp's wording beside PyTorch's, container named in Chinese prose, Windows not said (xinference)
    found = first(corpus("1393-"))
    assert found.slug == WSL_TOOLKIT and found.confidence != "confirmed"


def test_docker_desktop_version_is_read():
    text = ("Docker Desktop 4.30.0 on Windows 11, RTX 4090, driver 555.99\n"
            "$ docker run --gpus all -it ghcr.io/ggerganov/llama.cpp:server-cuda -m /models/q4.gguf\n"
            "ggml_cuda_init: failed to initialize CUDA: named symbol not found\n")
    found = first(text)
    assert found.slug == WSL_TOOLKIT and found.evidence["docker_desktop"] == "4.30.0"
    assert found.fix[0].startswith("Docker Desktop: update to 4.31.0")


def test_what_the_wsl_toolkit_reading_leaves_alone():
    error = "ggml_cuda_init: failed to initialize CUDA: named symbol not found\n"
    # Docker Desktop already maps the library
    assert WSL_TOOLKIT not in slugs("Docker Desktop 4.31.1 on Windows 11\n$ docker run --gpus all image\n" + error)
    # the same words from a kernel lookup, not from initialisation: a missing kernel
    assert WSL_TOOLKIT not in slugs("Docker Desktop on Windows 11, WSL2\n$ docker run --gpus all image\n"
                                    "RuntimeError: CUDA error: named symbol not found\n"
                                    "Error named symbol not found at line 74 in file /src/csrc/ops.cu\n")
    # no container: CUDA in WSL itself
    assert WSL_TOOLKIT not in slugs("Windows 11, WSL2 Ubuntu 22.04\n" + error)
    # a native Linux host: uname says so
    assert WSL_TOOLKIT not in slugs("$ uname -a\nLinux gpu01 5.15.0-91-generic #101-Ubuntu SMP Tue Nov 14 13:30:08 UTC "
                                    "2023 x86_64 x86_64 x86_64 GNU/Linux\n$ docker run --gpus all image\n" + error)


# Batch 28's readings of existing rules.

def test_nvml_says_the_driver_is_not_loaded():
    # the container toolkit's CLI asks NVML on the host (coiled/feedback#338)
    found = first(corpus("1626-"))
    assert found.slug == "driver-not-loaded" and "on the host" in found.message
    # pynvml's exception class, on the host
    text = ("Traceback (most recent call last):\n  File \"gpu_stats.py\", line 12, in <module>\n    pynvml.nvmlInit()\n"
            "pynvml.NVMLError_DriverNotLoaded: Driver Not Loaded\n")
    assert first(text).slug == "driver-not-loaded"


def test_nvml_driver_not_loaded_inside_a_container_is_left_to_container_rules():
    text = ("$ docker run --rm -it pytorch/pytorch:latest python gpu_stats.py\n"
            "pynvml.NVMLError_DriverNotLoaded: Driver Not Loaded\n")
    assert "driver-not-loaded" not in slugs(text)


def test_torch_warning_kept_only_as_its_source_line():
    # RVC-WebUI#2507: the warning's text is cut, Python's echo of its source line and the GPU remain
    found = first(corpus("1618-"))
    assert found.slug == "gpu-arch-not-in-build" and "sm_120" in found.message
    assert found.message.count("RTX 5080") == 1  # one GPU named in prose and by the program is one GPU
    # another report's lines after the same warning
    text = ("  warnings.warn(incompatible_device_warn.format(device_name, capability, \" \".join(arch_list), "
            "device_name))\nDevice set to : NVIDIA GeForce RTX 4090\n")
    found = first(text)
    assert found.slug == "gpu-arch-not-in-build" and "sm_89" in found.message


def test_ngc_container_start_up_check():
    # Frigate's TensorRT image on an RTX 4060 Ti that its driver could not name (frigate#6666)
    found = first(corpus("1601-"))
    assert found.slug == "gpu-arch-not-in-build" and "NGC container release predates" in found.message
    # a TensorRT container on an RTX 4090, as docker compose prefixes it
    found = first("bytetrack  | WARNING: Detected NVIDIA NVIDIA GeForce RTX 4090 GPU, which is not yet supported in "
                  "this version of the container\nbytetrack  | ERROR: No supported GPU(s) detected to run this container\n")
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["gpu"] == "NVIDIA GeForce RTX 4090"
    # the other side of the same check: a GPU older than the release's oldest
    found = first("ERROR: Detected Quadro M1200 GPU, which is not supported by this container\n"
                  "ERROR: No supported GPU(s) detected to run this container\n")
    assert found.slug == "gpu-arch-unsupported" and "no longer supports this GPU (Quadro M1200)" in found.message


def test_gcc_said_too_old_for_an_extension_build():
    found = first(corpus("1642-"))
    assert found.slug == "host-compiler-too-old" and found.evidence["gcc_version"] == "4.8.5"
    found = first("building the CUDA ops with python setup.py develop fails\n"
                  "Your GCC is too old. Please run following command to add DTS to your environment:\n"
                  "scl enable devtoolset-8 bash\n")
    assert found.slug == "host-compiler-too-old"
    # advice is not a report, and a gcc the headers accept is not too old for them
    assert "host-compiler-too-old" not in slugs("# if the gcc version is too low, please run the following code\n"
                                                "# conda install -c omgarcia gcc-6\nImportError: cannot import name "
                                                "'deform_conv_ext'\n")
    assert "host-compiler-too-old" not in slugs("the build says gcc is too old, but gcc --version says gcc 11.4.0\n"
                                                "error: command '/usr/bin/nvcc' failed with exit code 1\n")


def test_a_torch_build_quoted_without_its_name():
    # SD.Next's System Info shows torch's version alone (sdnext#409)
    found = first(corpus("1607-"))
    assert found.slug == "cpu-only-build" and found.evidence["frameworks.torch.version"] == "2.0.0+cpu"
    found = first('RTX 3060 here. The About page says "2.1.2+cpu" for the torch version and generation is slow\n')
    assert found.slug == "cpu-only-build"
    # another package's +cpu build is not torch's
    facts = from_text("intel_extension_for_pytorch 2.0.100+cpu\n")
    assert not any(f.name == "torch" for f in facts.frameworks.installed)


def test_tensorflow_self_check_names_the_missing_cudnn():
    # R keras over TensorFlow 1.3 on Windows (rstudio/keras#102): the self-check's list of what each release
    # needs is not what is installed, and "if I install the cpu version" is not the build in use
    found = first(corpus("1637-"))
    assert found.slug == "cudnn-missing" and found.evidence["wanted_major"] == "6"
    assert "%PATH%" in found.fix[1]
    found = first("ERROR: Failed to import the TensorFlow module.\n\n- Could not find cuDNN.\n")
    assert found.slug == "cudnn-missing"
    # CMake's configure step saying it found no cuDNN is a build's, not this line
    assert "cudnn-missing" not in slugs("-- Could NOT find CUDNN (missing: CUDNN_LIBRARY CUDNN_INCLUDE_DIR)\n")
    facts = from_text("* TensorFlow 1.2.1 or earlier requires cuDNN 5.1. ('cudnn64_5.dll')\n"
                      "If I install the cpu version of tensorflow in r-tensorflow, it seems to work.\n")
    assert not any(f.name == "tensorflow" and (f.version == "1.2.1" or f.accelerator == "cpu")
                   for f in facts.frameworks.installed)


def test_an_extension_wheel_beside_a_torch_of_its_own_build():
    # torch-scatter's wheel for torch 2.4 in NGC's PyTorch 24.05 container (pytorch_scatter#462)
    found = first(corpus("1620-"))
    assert found.slug == "framework-plugin-mismatch" and "2.4.0a0+07cecf4168 is a build of its own" in found.message
    assert found.fix[0].startswith("pip install --no-build-isolation --no-binary :all:")
    # a released torch keeps the advice to install the extension's build for it
    text = ("torch 2.4.0+cu124\nOSError: /usr/local/lib/python3.10/dist-packages/torch_scatter/_version_cuda.so: "
            "undefined symbol: _ZN5torch3jit17parseSchemaOrNameERKSsb\n")
    found = first(text)
    assert found.slug == "framework-plugin-mismatch" and "build of its own" not in found.message


def test_torch_versions_read_from_prose():
    def torch(text):
        return next((f.version for f in from_text(text).frameworks.installed if f.name == "torch"), None)
    assert torch("the version torch==2.4.0a0+07cecf4168,cuda==12.4, how can I solve this?") == "2.4.0a0+07cecf4168"
    assert torch("torch.__version__: '2.1.0a0+4136153'") == "2.1.0a0+4136153"
    # an NGC image tag is a year and month; a wheel index or a wheel's address names what it serves
    assert torch("I'm on nvcr.io/nvidia/pytorch:24.05-py3") is None
    assert torch("pip install torch-scatter -f https://data.pyg.org/whl/torch-2.4.0+cu124.html") is None
    # a bound of a range is a requirement, not the version installed
    assert torch("this repo requires torch 2.1 or later") is None
