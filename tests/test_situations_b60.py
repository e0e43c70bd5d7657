"""Situations met in session 73, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("777-"),
    corpus("780-"),
])
def test_torch_finding_a_gpu_in_a_shell_and_none_in_the_program_is_a_hidden_device(text):
    found = first(text)
    assert found.slug == "cuda-visible-devices-invalid" and found.confidence == "likely"
    assert "CUDA_VISIBLE_DEVICES" in found.fix[0]
    assert "no-nvidia-gpu" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("5682-"),
    # ray-project/ray#3265: its title, and the reporter's question
    "no CUDA-capable device is detected\n"
    "Any idea what could cause `torch.cuda.is_available()` to return `True` at the beginning of the script, before "
    "`ray.__init__`, but to return `False` inside the init method for the Trainer class?",
])
def test_torch_finding_a_gpu_where_ray_starts_and_none_in_its_tasks_is_a_task_without_num_gpus(text):
    found = first(text)
    assert found.slug == "gpu-not-requested-from-scheduler" and "num_gpus" in found.fix[0]


@pytest.mark.parametrize("text", [
    # torch never said it sees a GPU: nothing shows that one exists
    "RuntimeError: No CUDA GPUs are available\ntorch.cuda.is_available() returns False",
    # "should" is what was expected, not what torch said
    "RuntimeError: No CUDA GPUs are available\ntorch.cuda.is_available() should be True on this machine",
    # a container started without GPUs: the container's rules read that
    "torch.cuda.is_available() returns True on the host\n$ docker run -it myimage python train.py\n"
    "RuntimeError: No CUDA GPUs are available",
])
def test_no_gpu_without_torch_seeing_one_elsewhere_is_not_read_as_a_hidden_device(text):
    assert "cuda-visible-devices-invalid" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, compiler", [
    (corpus("9421-"), "Apple clang 9.0"),
    (corpus("9423-"), "Apple clang 6.1"),
    # a CUDA 9.1 install note on macOS with Xcode 10's clang
    ("nvcc fatal : The version ('100000') of the host compiler ('Apple clang') is not supported\n"
     "make: *** [vectorAdd.o] Error 1", "Apple clang 10.0"),
    # CUDA 10.2's nvcc prints the version dotted
    ("☁  ~  nvcc -v hoge.c\n"
     "nvcc fatal   : The version ('11.0') of the host compiler ('Apple clang') is not supported",
     "Apple clang 11.0"),
    # the same note, with Homebrew's gcc passed to nvcc
    ("☁  ~  nvcc -ccbin /usr/local/bin/gcc -v hoge.c\n"
     "nvcc fatal   : GNU C/C++ compiler is no longer supported as a host compiler on Mac OS X.", "gcc"),
])
def test_nvcc_refusing_the_macos_host_compiler_names_xcode_command_line_tools(text, compiler):
    found = first(text)
    assert found.slug == "host-compiler-unsupported" and compiler in found.message
    assert "xcode-select" in found.fix[0]


@pytest.mark.parametrize("text, top", [
    (corpus("9444-"), "7"),
    # JPaulMora/Pyrit#329: the title
    ("gcc 4.5 not supported by nvcc", ""),
])
def test_nvcc_refusing_gcc_retold_in_words_is_the_host_compiler(text, top):
    found = first(text)
    assert found.slug == "host-compiler-unsupported"
    assert (f"up to gcc {top}" in found.message) if top else "up to gcc" not in found.message


def test_a_note_that_nvcc_needs_an_older_gcc_is_no_error():
    # a setup script's comment (public), no build ran
    text = "# CUDA 12.1 nvcc requires gcc <= 12; Ubuntu 24.04 default is gcc-13.\nexport CC=gcc-12\nexport CXX=g++-12"
    assert "host-compiler-unsupported" not in paste_slugs(text)


@pytest.mark.parametrize("text", [corpus("9400-"), corpus("9401-"), corpus("9402-")])
def test_curand_failing_to_launch_on_a_named_gpu_is_an_older_cuda_build(text):
    found = first(text)
    assert found.slug == "gpu-arch-not-in-build" and found.confidence == "likely"
    assert "cuRAND" in found.message and "ldd" in found.fix[0]


def test_curand_failing_to_launch_under_a_cuda_that_predates_the_gpu_says_so():
    # BVLC/caffe#4324
    text = ("CURAND_STATUS_LAUNCH_FAILURE with GTX 1080\nRunning CUDA 7.5, CUDNN 5.\n"
            "F0616 13:17:34.736345 13420 math_functions.cu:408] Check failed: status == CURAND_STATUS_SUCCESS "
            "(201 vs. 0)  CURAND_STATUS_LAUNCH_FAILURE")
    found = first(text)
    assert found.slug == "gpu-arch-not-in-build" and "newer than CUDA 7.5" in found.message


def test_curand_failing_with_no_gpu_named_is_not_read_as_the_build():
    # BVLC/caffe#6331's error line alone (its GPU left out)
    text = "Check failed: status == CURAND_STATUS_SUCCESS (201 vs. 0) CURAND_STATUS_LAUNCH_FAILURE"
    assert "gpu-arch-not-in-build" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("9380-"),
    # matterport/Mask_RCNN#615
    "I spent quite some time to figure out that during the installation I executed `pip3 install -r requirements.txt` "
    "as recommended, which removed my previously installed `tensorflow-gpu` and installed `tensorflow` instead.",
    # aws/sagemaker-tensorflow-extensions#20
    "I am trying to install sagemaker_tensorflow to use pipemode however it uninstalls whatever tensorflow-gpu version "
    "I have and reinstalls the CPU version.",
    # openai/baselines#146
    "By installing of baselines, tensorflow-gpu is 100% replaced by normal tensorflow cpu version and baselines "
    "disables all GPUs",
])
def test_a_dependency_replacing_the_gpu_package_by_its_cpu_twin_is_a_cpu_build(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and found.confidence == "likely" and "tensorflow-gpu" in found.fix[1]


def test_replacing_tensorflow_gpu_from_2_1_on_is_no_cpu_build():
    # from 2.1 the tensorflow package has GPU support itself (RELEASE.md, Release 2.1.0)
    text = "tensorflow-gpu 2.4.1\nit uninstalls my tensorflow-gpu and installs tensorflow 2.4.1"
    assert "cpu-only-build" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, version", [
    (corpus("9383-"), "1.15.2"),
    # tensorflow/tensorflow#34485: its title and the template's install line
    ("Tensorflow 2.0 does not use GPU, while Tensorflow 1.15 does\n"
     "- TensorFlow installed from (source or binary):\nbinary (pip install tensorflow==2.0 vs pip install "
     "tensorflow==1.15", "2.0"),
])
def test_the_plain_tensorflow_package_of_a_release_without_gpu_support_is_a_cpu_build(text, version):
    found = first(text)
    assert found.slug == "cpu-only-build" and f"tensorflow {version} is a CPU-only build" in found.message
    assert found.fix[-1] == f"pip install tensorflow-gpu=={version}"


def test_the_plain_tensorflow_package_of_1_15_0_has_gpu_support():
    text = "pip install tensorflow==1.15.0\nTensorflow does not find my GPU"
    assert not any("is a CPU-only build" in f.message for f in paste_findings(text))


@pytest.mark.parametrize("text", [
    corpus("9424-"),
    # microsoft/onnxruntime#15732
    "Can't run onnxruntime-gpu for Jetpack 5.1.1 on Jetson orin nano developer kit.\n"
    "pip install onnxruntime-gpu on Jetson orin nano terminal\n"
    "ERROR: Could not find a version that satisfies the requirement onnxruntime-gpu (from versions: none)\n"
    "ERROR: No matching distribution found for onnxruntime-gpu",
    # microsoft/onnxruntime#25288
    "Hardware: NVIDIA Jetson Orin NX\nJetPack Version: JetPack 6.0\n"
    "pip install --no-cache-dir onnxruntime-gpu --no-deps\n"
    "ERROR: Could not find a version that satisfies the requirement onnxruntime-gpu (from versions: none)",
])
def test_no_onnxruntime_gpu_wheel_for_a_jetson_on_pypi_is_named(text):
    found = first(text)
    assert found.slug == "no-cuda-build-for-platform" and "onnxruntime-gpu" in found.message
    assert "Jetson_Zoo" in found.references[0]


def test_no_onnxruntime_gpu_wheel_off_a_jetson_is_not_read_as_the_platform():
    # constructed: pip's error line as in microsoft/onnxruntime#6124, on a machine that is no Jetson
    text = ("Python 3.6.9 on Ubuntu 18.04 x86_64\n"
            "ERROR: Could not find a version that satisfies the requirement onnxruntime-gpu==1.17.0")
    found = first(text)
    assert found is None or "Jetson" not in found.message


@pytest.mark.parametrize("text", [
    corpus("9252-"),
    # a Slurm job on a Jetson Orin, from a public write-up (its user lacked the video group inside the job)
    "**Surprise 2: CUDA works over ssh but not under Slurm.** `srun` on the Orin failed with:\n"
    "NvRmMemInitNvmap failed: error Permission denied\nRuntimeError: No CUDA GPUs are available",
    # a container setup note for Jetson (its text is Japanese; the error is quoted as printed)
    "cudaGetDeviceCount が NvRmMemInitNvmap failed with Permission denied を経て operation not supported で失敗します。",
])
def test_a_jetson_refusing_nvmap_is_the_user_outside_the_video_group(text):
    found = first(text)
    assert found.slug == "user-not-in-gpu-device-group" and found.confidence == "confirmed"
    assert "usermod -aG video" in found.fix[1]


@pytest.mark.parametrize("text", [
    corpus("9422-"),
    corpus("9425-"),
    corpus("9426-"),
])
def test_the_gpu_working_for_root_and_not_for_the_user_is_the_device_group(text):
    found = first(text)
    assert found.slug == "user-not-in-gpu-device-group" and found.confidence == "likely"


@pytest.mark.parametrize("text", [
    # the node missing, not refused (a public Jetson note)
    "NvRmMemInitNvmap failed with No such file or directory\nMemory Manager Not supported\n"
    "CUDA initialization: CUDA unknown error",
    # NVML refused in a container on an SELinux host (Fedora 36): CTR020's
    corpus("9427-"),
])
def test_other_device_failures_are_not_the_device_group(text):
    assert "user-not-in-gpu-device-group" not in paste_slugs(text)
