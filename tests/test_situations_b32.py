"""Situations met in session 45. A CUDA library that a program failed to load, retold with a noun or with the
library's name first ("failure of loading 'libnvrtc.so.10.1'", "'libnvrtc.so.10.1' can not be loaded"), and NVRTC's
builtins library of its own release. Each reading is tried on at least two real wordings, and on texts it must
leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_a_cuda_library_that_failed_to_load_retold_in_other_words():
    # openmm/openmm#2760: the plugin's load failures as the reporter retold them, on a compute node without CUDA
    found = first(corpus("1825-"))
    # (its reporter's "the `nvcc` is 10.1" says which CUDA the machine has, in words: the finding names it)
    assert found.slug == "cuda-libraries-missing" and "needs the CUDA 10.1 libraries" in found.message
    # a code comment's wording (a TensorFlow quick-start script): "failed loading cudart64_101.dll"
    found = first("windows10: tensorflow 2.2.0. failed loading cudart64_101.dll, running on the CPU")
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == "10.1"
    # NVRTC 11.2 and later name their DLL with the release and a build number: nvrtc64_112_0.dll
    found = first("RuntimeError: Could not load nvrtc64_112_0.dll. The specified module could not be found.")
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == "11"
    assert first("libcublas.so.11 could not be found, CUDA kernels disabled").slug == "cuda-libraries-missing"


def test_nvrtc_builtins_of_its_own_release_missing():
    # WisconsinAIVision/yolact_edge#186, and numba-cuda's NVRTC error (NVIDIA/numba-cuda#196) for 12.8
    for release, major in (("11.1", "11"), ("12.8", "12")):
        found = first(f"RuntimeError: nvrtc: error: failed to open libnvrtc-builtins.so.{release}.\n"
                      f"  Make sure that libnvrtc-builtins.so.{release} is installed correctly.\nnvrtc compilation failed:")
        assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == major
        assert any(f"nvidia-cuda-nvrtc-cu{major}" in line for line in found.fix)


def test_library_names_in_healthy_or_unrelated_text_are_left_alone():
    # a loader that succeeded, a library that is there, and a failure that names no CUDA library
    assert "cuda-libraries-missing" not in slugs("Successfully opened dynamic library libcudart.so.11.0\n"
                                                 "libcublas.so.11 was found in /usr/local/cuda/lib64")
    assert "cuda-libraries-missing" not in slugs("failure of loading the model: checkpoint is corrupt")


def test_tensorrt_that_predates_the_jetson_module():
    # NVIDIA/TensorRT#1866 (jetson-inference#1508's reporter): JetPack 4.6.2's TensorRT 8.2 on a Xavier NX 16GB
    found = first(corpus("1933-"))
    assert found.slug == "tensorrt-too-old-for-jetson-module"
    assert (found.evidence["compute_capability"], found.evidence["sm_count"], found.evidence["memory_gb"]) == ("7.2", "6", "16")
    assert any("8.2.1.9" in line for line in found.fix)
    # NVIDIA/TensorRT#2098: tensorrtx's yolov5 build, the same module
    assert first(corpus("1934-")).slug == "tensorrt-too-old-for-jetson-module"
    # shouxieai/tensorRT_Pro#137: an AGX Orin (SM 8.7, 16 SMs, 32 GB) under an early TensorRT; no NX patch for it
    found = first("NVInfer: 2: [utils.cpp::checkMemLimit::380] Error Code 2: Internal Error (Assertion upperBound != 0 "
                  "failed. Unknown embedded device detected. Please update the table with the entry: {{2055, 16, 32}, "
                  "24498},)")
    assert found.slug == "tensorrt-too-old-for-jetson-module" and found.evidence["compute_capability"] == "8.7"
    assert not any("8.2.1.9" in line for line in found.fix)


def test_the_warning_of_later_tensorrt_releases_is_left_alone():
    # later releases go on with a memory cap of their own: "harmless" in NVIDIA's forum answer
    assert "tensorrt-too-old-for-jetson-module" not in slugs(
        "[TRT] [W] Unknown embedded device detected. Using 59656MiB as the allocation cap for memory on embedded devices.")


def test_a_compiled_module_imported_by_another_python():
    # awslabs/aws-streamer#6: DeepStream 5.1's pyds (built for JetPack 4.4's Python 3.6) under Python 3.7, on a Jetson
    found = first(corpus("1935-"))
    assert found.slug == "python-unsupported"
    assert (found.evidence["module_python"], found.evidence["python.version"]) == ("3.6", "3.7")
    assert any("Python 3.6" in line for line in found.fix)
    # pybind11's words as Tracy's docs quote them, with a patch release
    found = first("ImportError: Python version mismatch: module was compiled for Python 3.12, but the interpreter "
                  "version is incompatible: 3.10.12")
    assert found.slug == "python-unsupported" and found.evidence["python.version"] == "3.10"
    # older pybind11: "module was compiled for version 3.5, while the interpreter is running version 3.6."
    found = first("ImportError: Python version mismatch: module was compiled for version 3.5, while the interpreter "
                  "is running version 3.6.")
    assert found.slug == "python-unsupported" and found.evidence["module_python"] == "3.5"
    # an import that worked says nothing of the kind
    assert "python-unsupported" not in slugs("Python 3.7.5\n>>> import pyds\n>>> pyds.__file__\n'/opt/nvidia/pyds.so'")


def test_a_cpu_build_told_with_the_verb_first():
    # pyTranscriber's thread: "The openai-whisper package installed Torch without the CUDA version"
    found = first(corpus("1937-"))
    assert found.slug == "cpu-only-build" and found.confidence == "likely"
    assert "installed Torch without the CUDA version" in " ".join(found.evidence["stated_in_prose"])
    # a person's log: "I was running on CPU like an idiot because I installed torch without CUDA"
    found = first("GPU 1: RTX 5070 Ti, Driver 595.79\nI was running on CPU because I installed torch without CUDA")
    assert found.slug == "cpu-only-build"
    # a hedge is not a report of this host
    assert "cpu-only-build" not in slugs("GPU: RTX 3090\nIf you installed torch without CUDA, reinstall it")


def test_a_program_floor_in_deepfacelabs_words_and_a_geforce_named_without_gtx():
    # iperov/DeepFaceLab#264: the reporter's retelling, with the GPU named "GeForce 780M" and its capability
    found = first(corpus("1958-"))
    assert found.slug == "gpu-arch-unsupported"
    assert (found.evidence["needs"], found.evidence["compute_capability"]) == ("3.5", "3.0")
    # DeepFaceLab's own message (nnlib's device check), the GPU from the gpus table
    found = first("GPU: GeForce 940MX\nNo CUDA devices found with minimum required compute capability: 5.2. Falling "
                  "back to OpenCL mode.")
    assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == "5.0"
    # a GPU that meets the floor: something else stopped the program
    assert "gpu-arch-unsupported" not in slugs("GPU: GeForce GTX 1080\nNo CUDA devices found with minimum required "
                                               "compute capability: 3.5. Falling back to OpenCL mode.")


def test_geforce_models_without_a_line_word_are_read_as_gpus():
    from envcheck.importers import from_text

    def names(text):
        return [gpu.name for gpu in from_text(text, "paste.txt").gpus.devices]

    assert names("My graphic card is dual GeForce 780M with a compute capability 3.0.") == ["GeForce 780M"]
    assert names("laptop with NVIDIA GeForce 930M, 2 GB") == ["NVIDIA GeForce 930M"]
    # another vendor's integrated GPU of a similar number is not NVIDIA's
    assert names("AMD Radeon 780M graphics") == []
