"""Situations batch 14 showed: nvidia-docker 1.x's driver volume across filesystems, host GL libraries that need a
newer glibc than the container, GPUs in exclusive mode held by another process, a GPU partition closed to the
job's account, extensions compiled without CUDA, Numba without NVVM, and symptoms of known causes in wordings the
rules did not read yet. Each signature is tried on at least two real wordings, and each new reading on a text it
must leave alone."""

from __future__ import annotations

from envcheck.importers import from_text
from envcheck.importers.paste import unwrapped
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_nvidia_docker_1_volume_on_another_filesystem():
    for case in ("906-", "907-", "908-"):
        assert first(corpus(case)).slug == "nvidia-docker-volume-cross-device", case
    # the same refusal for a driver under its own directory (NVIDIA/nvidia-docker#475)
    found = first("/usr/bin/nvidia-docker-plugin | 2017/09/22 00:29:01 Error: link /usr/lib/nvidia-375/bin/"
                  "nvidia-cuda-mps-control /var/lib/nvidia-docker/volumes/nvidia_driver/375.66/bin/"
                  "nvidia-cuda-mps-control: invalid cross-device link")
    assert found.slug == "nvidia-docker-volume-cross-device" and "-d " in " ".join(found.fix)
    # a hard link across filesystems that is not the driver volume is something else
    assert "nvidia-docker-volume-cross-device" not in slugs(
        "mv: cannot move 'a' to 'b': Error: link /tmp/a /home/b: invalid cross-device link")


def test_nvidia_docker_1_cuda_check_in_both_orders():
    assert first(corpus("902-")).slug == "driver-too-old"
    assert first("nvidia-docker | 2016/05/20 Error: unsupported CUDA version: driver 7.5 < image 8.0").slug \
        == "driver-too-old"


def test_modprobe_finds_no_module_file_for_the_kernel():
    found = slugs(corpus("904-"))
    assert found[0] == "driver-not-built-for-kernel" and "nvidia-uvm-not-loaded" not in found
    # a module that exists and is only not loaded stays nvidia-uvm-not-loaded
    assert slugs("modprobe: ERROR: could not insert 'nvidia_uvm': Operation not permitted")[0] == \
        "nvidia-uvm-not-loaded"
    assert slugs("modprobe: FATAL: Module nvidia not found in directory /lib/modules/5.15.0-91-generic")[0] == \
        "driver-not-built-for-kernel"


def test_windows_cuda_runtime_dll_retold_and_its_exact_release():
    found = first(corpus("909-"))
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda"] == "9.0"
    # TensorFlow's own self-check: cudart64_101.dll is CUDA 10.1 exactly, and 10.2 does not stand in for it
    found = first("ImportError: Could not find 'cudart64_101.dll'. TensorFlow requires that this DLL be installed "
                  "in a directory that is named in your %PATH% environment variable.\n"
                  "Cuda compilation tools, release 10.2, V10.2.89")
    assert found.slug == "cuda-libraries-missing" and "10.1" in found.message and "10.2" in found.message


def test_host_gl_libraries_that_need_a_newer_glibc_than_the_container():
    found = first(corpus("912-"))
    assert found.slug == "host-gl-libs-newer-glibc-than-container"
    assert found.evidence["needs_glibc"] == "2.34" and found.evidence["host_library"] == "libGLdispatch.so.0"
    other = first("python3: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.38' not found (required by "
                  "/.singularity.d/libs/libGLX.so.0)")
    assert other.slug == "host-gl-libs-newer-glibc-than-container" and other.evidence["needs_glibc"] == "2.38"
    # the container's own library wanting a newer glibc is an image problem, not --nv
    assert "host-gl-libs-newer-glibc-than-container" not in slugs(
        "/lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.34' not found (required by /usr/lib/libfoo.so)")


def test_extension_ops_compiled_without_cuda():
    found = first(corpus("916-"))
    assert found.slug == "cuda-extension-not-built" and "ROIAlign_forward of detectron2" in found.message
    assert any("FORCE_CUDA=1" in line for line in found.fix)
    mmcv = first("RuntimeError: DeformConv is not compiled with GPU support\nmmcv-full 1.7.0")
    assert mmcv.slug == "cuda-extension-not-built" and mmcv.message.startswith("DeformConv of mmcv")
    # a person's "it is not compiled ..." names no op
    assert first("RuntimeError: it is not compiled with GPU support\ndetectron2").message.startswith("an op of detectron2")
    # XGBoost's CPU build says the same words about itself
    assert "cuda-extension-not-built" not in slugs("XGBoostError: XGBoost version is not compiled with GPU support")


def test_tensorrt_serialization_assertion():
    assert first(corpus("917-")).slug == "tensorrt-engine-version-mismatch"
    found = first("[TRT] [E] IRuntime::deserializeCudaEngine: Error Code 1: Serialization (Serialization assertion "
                  "stdVersionRead == kSERIALIZATION_VERSION failed.Version tag does not match. Current: 240, "
                  "Serialized Engine: 239)")
    assert found.slug == "tensorrt-engine-version-mismatch" and found.evidence["versions"] == ["240", "239"]


def test_an_inline_code_span_broken_over_lines_is_read_whole():
    lines = ["`docker: Error response from daemon: error adding seccomp filter rule for syscall", "",
             "clone3: permission denied: unknown.`"]
    assert any("syscall clone3: permission denied" in line for line in unwrapped(lines))
    assert first(corpus("921-")).slug == "docker-seccomp-clone3-unsupported"
    # balanced spans on their own lines are left alone
    assert not any("`a` `b`" in line for line in unwrapped(["`a`", "", "`b`"]))


def test_numba_without_nvvm():
    found = first(corpus("927-"))
    assert found.slug == "cuda-toolkit-missing" and "NVVM" in found.message
    found = first("numba.cuda.cudadrv.error.NvvmSupportError: libNVVM cannot be found. Do `conda install "
                  "cudatoolkit`:\nlibnvvm.so: cannot open shared object file: No such file or directory")
    assert found.slug == "cuda-toolkit-missing" and "numba-cuda[cu12]" in found.fix[0]


def test_tensorrt_10_refuses_an_sm_it_dropped():
    found = first(corpus("929-"))
    assert found.slug == "gpu-arch-unsupported" and "10.5.0.18" in found.message
    # a GPU newer than the release is the other direction
    newer = slugs("[TRT] [E] IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error (Target GPU SM 120 is "
                  "not supported by this TensorRT release.)\nTensorRT 10.5.0")
    assert newer[0] == "gpu-arch-not-in-build"


def test_tensorflow_reads_both_driver_versions():
    found = first(corpus("932-"))
    assert found.slug == "driver-library-mismatch" and "515.48.7" in found.message and "510.73.5" in found.message
    other = first("E tensorflow/compiler/xla/stream_executor/cuda/cuda_diagnostics.cc:312] kernel version 470.182.3 "
                  "does not match DSO version 470.223.2 -- cannot find working devices in this configuration")
    assert other.slug == "driver-library-mismatch" and "470.223.2" in other.message


def test_two_cupy_packages_said_in_words():
    found = first(corpus("936-"))
    assert found.slug == "multiple-cupy-variants-installed" and found.evidence["cupy_packages"] == ["cupy",
                                                                                                    "cupy-cudaxxx"]
    assert "multiple-cupy-variants-installed" not in slugs("I have both cupy and numpy installed, and "
                                                           "cp.zeros(3) raises CUDARuntimeError")


def test_the_cpu_package_of_a_pair_shadows_the_cuda_one():
    found = first(corpus("938-"))
    assert found.slug == "cpu-only-build" and "dgl-cu111" in found.message
    plain = first("dgl._ffi.base.DGLError: [11:02:57] /opt/dgl/src/runtime/c_runtime_api.cc:88: Check failed: "
                  "allow_missing: Device API gpu is not enabled. Please install the cuda version of dgl")
    assert plain.slug == "cpu-only-build" and "plain dgl wheel" in plain.message
    assert first(corpus("950-")).slug == "cpu-only-build"


def test_a_gpu_older_than_every_pytorch_build():
    found = first(corpus("943-"))
    assert found.slug == "gpu-arch-unsupported" and "3.0" in found.message
    # a GPU every recorded build carries is not this
    assert "gpu-arch-unsupported" not in slugs("I have a GeForce GTX 1080 Ti\ntorch.cuda.is_available() returns False")


def test_nvidia_placeholder_package_on_windows():
    assert first(corpus("947-")).slug == "no-cuda-build-for-platform"
    linux = ("The installation of nvidia-dali-cuda120 for version 1.44.0 failed.\nThis is a special placeholder "
             "package which downloads a real wheel package from https://pypi.nvidia.com/.\n"
             "Operating System: Linux CPU Architecture: x86_64")
    assert "no-cuda-build-for-platform" not in slugs(linux)


def test_paddle_built_with_a_cuda_older_than_the_gpu():
    facts = from_text("paddle version: 2.3.0\npaddle with cuda: 10.2\n")
    paddle = next(f for f in facts.frameworks.installed if f.name == "paddlepaddle")
    assert (paddle.version, paddle.build_cuda, paddle.accelerator) == ("2.3.0", "10.2", "cuda")
    found = first(corpus("949-"))
    assert found.slug == "gpu-arch-not-in-build" and "8.6" in found.message and "10.2" in found.message


def test_gpu_partition_closed_to_the_jobs_account():
    found = first(corpus("952-"))
    assert found.slug == "slurm-gpu-partition-account-required" and found.evidence["partition"] == "gpu"
    cpu_job = ("#SBATCH --partition=short\nsbatch: error: Batch job submission failed: Invalid account or "
               "account/partition combination specified")
    assert "slurm-gpu-partition-account-required" not in slugs(cpu_job)


def test_exclusive_mode_gpus_held_by_another_process():
    found = first(corpus("953-"))
    assert found.slug == "gpu-held-by-stale-process" and found.evidence["compute_mode"] == "E. Process"
    query = first("RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable\n"
                  "    Compute Mode                          : Exclusive_Process")
    assert query.slug == "gpu-held-by-stale-process"
    # without an exclusive mode in sight error 46 has other causes (vGPU licences, WSL builds)
    assert "gpu-held-by-stale-process" not in slugs("all CUDA-capable devices are busy or unavailable")


def test_numba_error_34_is_the_stub():
    found = first(corpus("955-"))
    assert found.slug == "libcuda-stub-on-library-path"
    assert first("cuInit failed: 34").slug == "libcuda-stub-on-library-path"


def test_mig_mode_read_from_the_nvidia_smi_table():
    facts = from_text(corpus("958-"))
    assert facts.gpus.devices[0].mig_mode_current == "enabled"
    found = first(corpus("958-"))
    assert found.slug == "multiple-mig-devices-in-one-process" and found.evidence["gpus_in_mig_mode"] == [0]


def test_a_site_that_wants_the_gpu_type():
    assert first(corpus("960-")).slug == "slurm-gres-type-required"
    assert first("srun: error: Invalid GPU request. Use --gres=gpu:<type>:<count>").slug == \
        "slurm-gres-type-required"
