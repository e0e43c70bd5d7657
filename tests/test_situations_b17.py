"""Situations batch 17 showed: TensorFlow saying no kernel module runs, apex's CUDA check, a prebuilt library linked
against another CUDA release's soname, CUDA lost after a suspend in plainer words, empty l4t placeholders in a JetPack 4
container, TF Serving's CPU-only apt build, JAX's plugin ahead of jaxlib, CUDA's asynchronous allocator on a GPU without
it, a Slurm batch script without srun, a CDI spec older than the driver or newer than the runtime, nvcc older than a
project's flags, and a driver whose NVML is older than a GPU tool. Each signature is tried on at least two real
wordings where two exist, and each new reading on a text it must leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_tensorflow_says_no_kernel_module_runs():
    found = first(corpus("1081-"))
    assert found.slug == "driver-not-loaded" and "/proc/driver/nvidia/version" in found.message
    # the same words from a container started without the GPU: the container, not the host's module
    assert "driver-not-loaded" not in slugs(
        "$ docker run -it tensorflow/tensorflow:latest-gpu python -c 'import tensorflow'\n"
        "I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:140] kernel driver does not appear to be running on this "
        "host (3f2a1b): /proc/driver/nvidia/version does not exist")


def test_apex_cuda_check():
    found = first(corpus("1093-"))
    assert found.slug == "nvcc-framework-cuda-mismatch" and "9.0" in found.message
    # apex's later RuntimeError (a Dockerfile's note of it)
    found = first("#   RuntimeError: Cuda extensions are being compiled with a version of Cuda that does not match the "
                  "version used to compile Pytorch binaries.  Pytorch binaries were compiled with Cuda 11.8.")
    assert found.slug == "nvcc-framework-cuda-mismatch" and "11.8" in found.message


def test_prebuilt_library_linked_against_another_cuda_soname():
    found = first(corpus("1102-"))
    assert found.slug == "cuda-libraries-missing" and "libnvrtc.so.11.1" in found.message
    assert found.evidence["host_cuda"] == ["11.2"]
    # OpenPose's link against CUDA 12 libraries it does not find
    found = first("undefined reference to `__cudaRegisterFatBinaryEnd@libcudart.so.12'\n"
                  "undefined reference to `cudaFree@libcudart.so.12'\n"
                  "undefined reference to `cublasCreate_v2@libcublas.so.12'")
    assert found.slug == "cuda-libraries-missing" and "libcudart.so.12" in found.message
    # a versioned symbol of a library that is not CUDA's: not this
    assert "cuda-libraries-missing" not in slugs("undefined reference to `memcpy@GLIBC_2.14'")


def test_gpu_lost_after_suspend_in_plainer_words():
    assert first(corpus("1116-")).slug == "gpu-unusable-after-suspend-resume"
    # the error CUDA gives, and the sleep it followed (JuliaGPU/CUDAdrv.jl#210)
    found = first("ERROR: CUDA error: unspecified launch failure (code 719, ERROR_LAUNCH_FAILED)\n"
                  "I often run into this when resuming from sleep.")
    assert found.slug == "gpu-unusable-after-suspend-resume"
    # the same error with no sleep in the report: another cause
    assert "gpu-unusable-after-suspend-resume" not in slugs(
        "RuntimeError: CUDA error: unspecified launch failure\nCUDA kernel errors might be asynchronously reported")


def test_empty_l4t_placeholder_in_a_jetpack_4_container():
    found = first(corpus("1118-"))
    assert found.slug == "container-no-gpu" and "libnvinfer.so.7" in found.message
    assert any("--runtime nvidia" in step for step in found.fix)
    # the runtime was used (docker/run.sh passes it): the placeholder reading does not blame the command
    assert "container-no-gpu" not in slugs(corpus("1117-"))


def test_tf_serving_apt_build_is_cpu_only():
    found = first(corpus("1084-"))
    assert found.slug == "cpu-only-build" and "TensorFlow Serving" in found.message
    # installing it, with no word of a GPU left unused: nothing to say
    assert "cpu-only-build" not in slugs("sudo apt-get update && sudo apt-get install tensorflow-model-server\n"
                                         "tensorflow_model_server --port=8500 --model_name=resnet")


def test_jax_plugin_ahead_of_jaxlib():
    found = first(corpus("1080-"))
    assert found.slug == "framework-plugin-mismatch" and "jax[cuda12]==0.4.35" in found.fix[0]
    # the same AttributeError where a CPU jaxlib probes its other backends is noise, not a plugin mismatch
    assert "framework-plugin-mismatch" not in slugs(
        "Unable to initialize backend 'rocm': module 'jaxlib.xla_extension' has no attribute 'GpuAllocatorConfig'\n"
        "Unable to initialize backend 'tpu': INTERNAL: Failed to open libtpu.so: libtpu.so: cannot open shared object "
        "file: No such file or directory")


def test_cuda_malloc_async_on_a_gpu_without_it():
    found = first(corpus("1113-"))
    assert found.slug == "cuda-malloc-async-unsupported" and "GTX 960M" in found.message
    # ComfyUI's start-up line names the allocator (comfyanonymous/ComfyUI#1150)
    found = first("Device: cuda:0 NVIDIA GeForce GTX 750 Ti : cudaMallocAsync\n"
                  "Error occurred when executing CLIPTextEncode:\n\nCUDA error: operation not supported")
    assert found.slug == "cuda-malloc-async-unsupported"
    # started with the allocator off: the error has another cause
    assert "cuda-malloc-async-unsupported" not in slugs(
        "python main.py --disable-cuda-malloc\nDevice: cuda:0 NVIDIA GeForce GTX 970 : native\n"
        "CUDA error: operation not supported")


def test_slurm_batch_script_without_srun():
    found = first(corpus("1075-"))
    assert found.slug == "slurm-job-not-launched-with-srun" and found.evidence["tasks_requested"] == 8
    assert found.fix[0].startswith("srun python test.py")
    # the same job started with srun: nothing to say
    assert "slurm-job-not-launched-with-srun" not in slugs(
        "#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\nsrun python test.py\n"
        "Multi-processing is handled by Slurm.\ninitializing ddp: GLOBAL_RANK: 0, MEMBER: 1/8\nit hangs")


def test_cdi_spec_older_than_the_driver():
    found = first(corpus("1085-"))
    assert found.slug == "cdi-spec-stale" and "libnvidia-egl-wayland.so.1.1.13" in found.message
    # Docker with a spec naming a DRM node that is gone
    found = first("docker: Error response from daemon: failed to create task for container: failed to create task: "
                  "OCI runtime create failed: could not apply required modification to OCI specification: error "
                  "modifying OCI spec: failed to inject CDI devices: failed to inject devices: failed to stat CDI host "
                  'device "/dev/dri/card0": no such file or directory')
    assert found.slug == "cdi-spec-stale" and "/dev/dri/card0" in found.message
    # /dev/nvidia-uvm missing is the module not loaded, not a stale spec
    assert "cdi-spec-stale" not in slugs('failed to stat CDI host device "/dev/nvidia-uvm": no such file or directory')


def test_cdi_spec_newer_than_the_runtime():
    found = first(corpus("1086-"))
    assert found.slug == "cdi-devices-unresolvable" and "additionalGids" in found.message


def test_nvcc_older_than_the_projects_flags():
    found = first(corpus("1105-"))
    assert found.slug == "nvcc-too-old-for-project" and "-arch=sm_61" in found.fix[1]
    # an architecture number nvcc no longer (or not yet) knows is another rule's
    assert "nvcc-too-old-for-project" not in slugs(
        "$ nvcc hello.cu -arch sm_35\nnvcc fatal   : Value 'sm_35' is not defined for option 'gpu-architecture'")


def test_driver_nvml_older_than_a_gpu_tool():
    found = first(corpus("1090-"))
    assert found.slug == "driver-nvml-too-old-for-tool" and "nvmlDeviceGetPciInfo_v3" in found.message
    found = first(corpus("282-"))
    assert found.slug == "driver-nvml-too-old-for-tool" and "367.134" in found.message
