"""Situations batch 21 showed: an installer with no build for the CUDA it detected (R's torch), nvcc refusing an
architecture that only the project's default list asks for, NVRTC that came with a framework build older than the
GPU, libraries published as CPU-only builds (LightGBM, XGBoost, torchcodec), a Kokkos build for another architecture,
cuInit's 804 on a GeForce card whose driver is older than the program's CUDA, Slurm binding each task to its own GPU,
and a program calling an API its older driver does not have (error 36). Each signature is tried on at least two real
wordings where two exist, and each new reading on a text it must leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_an_installer_without_a_build_for_the_detected_cuda():
    found = first(corpus("1265-"))
    assert found.slug == "library-no-binary-for-cuda-version" and found.evidence["detected_cuda"] == "11.4"
    found = first(corpus("1269-"))
    assert found.slug == "library-no-binary-for-cuda-version" and found.evidence["detected_cuda"] == "10.1"
    # pip's words for a wheel URL that answers 404
    found = first("ERROR: HTTP error 404 while getting "
                  "https://download.pytorch.org/whl/cu101/torch-1.8.0%2Bcu101-cp38-cp38-linux_x86_64.whl")
    assert found.slug == "library-no-binary-for-cuda-version" and found.evidence["detected_cuda"] == "10.1"
    # a CUDA folder that answers 404 is no binary that is missing (llama-cpp-python's cu125 index)
    assert "library-no-binary-for-cuda-version" not in slugs(
        "$ curl -I https://abetlen.github.io/llama-cpp-python/whl/cu125/\nHTTP/2 404")


def test_nvcc_refusing_an_architecture_only_the_projects_list_asks_for():
    found = first(corpus("1270-"))
    assert found.slug == "nvcc-too-old-for-project" and found.evidence["compute_capability"] == "9.0"
    found = first('TORCH_CUDA_ARCH_LIST="7.0;8.0;9.0" python setup.py install\n'
                  "nvcc fatal   : Unsupported gpu architecture 'compute_90'")
    assert found.slug == "nvcc-too-old-for-project"
    # a GPU older than the refused architecture says the same without a list
    assert first("GPU 0: NVIDIA GeForce RTX 3090\nnvcc fatal   : Unsupported gpu architecture 'compute_90'").slug == \
        "nvcc-too-old-for-project"
    # the GPU's own architecture refused is the GPU newer than nvcc
    assert first("GPU 0: NVIDIA GeForce RTX 4090\nnvcc fatal   : Unsupported gpu architecture 'compute_89'").slug == \
        "nvcc-too-old-for-gpu-arch"


NVRTC = "RuntimeError: nvrtc: error: invalid value for --gpu-architecture (-arch)"


def test_nvrtc_of_a_framework_build_older_than_the_gpu():
    found = first(corpus("1292-"))
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["nvrtc_cuda"] == "11.3"
    # the same build and GPU without NVRTC's words: its precompiled kernels, not NVRTC
    found = first("GPU 0: NVIDIA GeForce RTX 4090\ntorch 1.10.0+cu113\n"
                  "RuntimeError: CUDA error: no kernel image is available for execution on the device")
    assert found.slug == "gpu-arch-not-in-build" and "NVRTC" not in found.message
    # the NVRTC of a toolkit (no framework build named) is the toolkit's
    found = first("GPU 0: NVIDIA GeForce RTX 5070\nCuda compilation tools, release 11.8, V11.8.89\n" + NVRTC)
    assert found.slug == "nvrtc-toolkit-too-old"


def test_libraries_published_as_cpu_only_builds():
    assert "LightGBM" in first(corpus("1274-")).message
    assert "torchcodec" in first(corpus("1282-")).message
    # LightGBM's CUDA learner and XGBoost's CPU build (a conda install on Windows)
    found = first("[LightGBM] [Fatal] CUDA Tree Learner was not enabled in this build.\n"
                  "Please recompile with CMake option -DUSE_CUDA=1")
    assert found.slug == "cpu-only-build" and found.evidence["library"] == "LightGBM"
    found = first("xgboost.core.XGBoostError: [09:12:50] c:\\windows\\temp\\abs_557yfx631l\\croots\\recipe\\"
                  "xgboost-split_1659548953302\\work\\src\\common\\common.h:157: XGBoost version not compiled with GPU "
                  "support.")
    assert found.slug == "cpu-only-build" and found.evidence["library"] == "XGBoost"
    # the same words from another program are not torchcodec's
    assert all("torchcodec" not in f.message for f in paste_findings("RuntimeError: Unsupported device: cuda"))


def test_a_kokkos_build_for_another_architecture():
    found = first(corpus("1283-"))
    assert found.slug == "gpu-arch-not-in-build"
    assert found.evidence["built_for"] == "7.2" and found.evidence["compute_capability"] == "7.0"
    assert "Kokkos_ARCH_VOLTA70" in found.fix[0]
    found = first("Kokkos::Cuda::initialize ERROR: running kernels compiled for compute capability 8.0 on device with "
                  "compute capability 7.0 is not supported by CUDA!")
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["built_for"] == "8.0"


def test_error_804_on_a_geforce_card_whose_driver_is_older_than_the_programs_cuda():
    found = first(corpus("1284-"))
    assert found.slug == "driver-too-old" and found.evidence["cuda"] == "12.9"
    # nvidia-smi's own CUDA version is the driver's, not the program's: 804 stays a failed cuInit
    # (SYSTRAN/faster-whisper#653, a 2080ti whose nvidia-smi named the CUDA 12.1 of the compat libcuda it loaded)
    assert first("RuntimeError: CUDA failed with error forward compatibility was attempted on non supported HW\n\n"
                 "NVIDIA-SMI 470.57.02    Driver Version: 470.57.02    CUDA Version: 12.1\n"
                 "2080ti\n").slug == "cuda-init-failed"
    # a half-upgraded driver says so through NVML
    assert first(corpus("972-")).slug == "driver-library-mismatch"


def test_slurm_binds_each_task_to_its_own_gpu():
    found = first(corpus("1288-"))
    assert found.slug == "more-ranks-than-visible-gpus" and "8 tasks" in found.message
    script = ("#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-task=1\n{bind}srun python train.py\n"
              "RuntimeError: CUDA error: invalid device ordinal")
    assert first(script.format(bind="")).slug == "more-ranks-than-visible-gpus"
    # an explicit binding decides what each task sees
    assert "more-ranks-than-visible-gpus" not in slugs(script.format(bind="#SBATCH --gpu-bind=none\n"))


def test_an_api_the_older_driver_does_not_have():
    found = first(corpus("1295-"))
    assert found.slug == "driver-too-old" and found.evidence["driver"] == "450.102.04"
    assert first("CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions "
                 "before calling NumCudaDevices() that might have already set an error? Error 36: API call is not "
                 "supported in the installed CUDA driver").slug == "driver-too-old"


def test_an_encoder_built_for_a_newer_nvenc_api_than_the_driver():
    found = first(corpus("1277-"))
    assert found.slug == "driver-too-old-for-nvenc-api" and found.evidence["minimum_driver"] == "551.76"
    # an FFmpeg 8 build on a 591 driver (a project's notes of the same refusal)
    found = first("[h264_nvenc] Driver does not support the required nvenc API version. Required: 13.1 Found: 13.0\n"
                  "[h264_nvenc] The minimum required Nvidia driver for nvenc is 610.00 or newer")
    assert found.slug == "driver-too-old-for-nvenc-api" and found.evidence["nvenc_api_required"] == "13.1"
    # no encode library at all prints the minimum too: that is not an API gap
    assert "driver-too-old-for-nvenc-api" not in slugs(
        "[h264_nvenc @ 0000023ef7e6d940] Cannot load nvEncodeAPI64.dll\n"
        "[h264_nvenc @ 0000023ef7e6d940] The minimum required Nvidia driver for nvenc is 610.00 or newer")


def test_pytorch_headers_refusing_an_old_host_compiler():
    found = first(corpus("1312-"))
    assert found.slug == "host-compiler-too-old" and found.evidence["needs_version"] == "5"
    found = first('error: #error "You\'re trying to build PyTorch with a too old version of GCC. We need GCC 9 or '
                  'later."')
    assert found.slug == "host-compiler-too-old" and found.evidence["needs_version"] == "9"
    # nvcc refusing a compiler that is too new is another rule's
    assert "host-compiler-too-old" not in slugs(
        "#error -- unsupported GNU version! gcc versions later than 11 are not supported!")


def test_a_cuda_toolkit_component_the_install_lacks():
    found = first(corpus("1299-"))
    assert found.slug == "cuda-toolkit-component-missing" and found.evidence["notfound"] == ["LIBNVTOOLSEXT"]
    found = first("CMake Error: The following variables are used in this project, but they are set to NOTFOUND.\n"
                  "Please set them or make sure they are set and tested correctly in the CMake files:\n"
                  "CUDA_cublas_LIBRARY (ADVANCED)\n    linked by target \"caffe2_gpu\" in directory /src/caffe2")
    assert found.slug == "cuda-toolkit-component-missing" and found.evidence["notfound"] == ["CUDA_cublas_LIBRARY"]
    # another library NOTFOUND is not the CUDA toolkit's
    assert "cuda-toolkit-component-missing" not in slugs(
        "CMake Error: The following variables are used in this project, but they are set to NOTFOUND.\n"
        "Please set them or make sure they are set and tested correctly in the CMake files:\nFFTW_LIB (ADVANCED)")


VULKAN_SKIP = "WARNING: terminator_CreateInstance: Failed to CreateInstance in ICD 0. Skipping ICD."


def test_nvidias_vulkan_driver_missing_a_library_it_links():
    found = first(corpus("1293-"))
    assert found.slug == "nvidia-vulkan-icd-dependency-missing" and "libxext6" in found.fix[0]
    found = first("ERROR: libX11.so.6: cannot open shared object file: No such file or directory\n" + VULKAN_SKIP)
    assert found.slug == "nvidia-vulkan-icd-dependency-missing" and "libx11-6" in found.fix[0]
    # the driver's own library missing in a container is the graphics capability
    found = first("ERROR: libGLX_nvidia.so.0: cannot open shared object file: No such file or directory\n" + VULKAN_SKIP)
    assert "NVIDIA_DRIVER_CAPABILITIES" in found.fix[0]
    # a missing library with no ICD skipped is not Vulkan's
    assert "nvidia-vulkan-icd-dependency-missing" not in slugs(
        "ImportError: libXext.so.6: cannot open shared object file: No such file or directory")


def test_egl_dispatched_to_mesa_on_an_nvidia_machine():
    found = first(corpus("1290-"))
    assert found.slug == "egl-vendor-not-nvidia"
    assert first("Driver Version: 535.104.05\nOpenGL renderer string: llvmpipe (LLVM 15.0.7, 256 bits)\n"
                 "pyrender: failed to create an EGL context on the GPU").slug == "egl-vendor-not-nvidia"
    # llvmpipe with no NVIDIA driver in sight is the only renderer there is
    assert "egl-vendor-not-nvidia" not in slugs("OpenGL renderer string: llvmpipe (LLVM 15.0.7, 256 bits)")
