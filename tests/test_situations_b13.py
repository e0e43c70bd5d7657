"""Situations batch 13 showed: a stub libcuda, Python without its headers, an image of another CPU architecture,
a container without the video capability, a variable naming the runtime as the driver, and symptoms of known
causes in wordings the rules did not read yet. Each signature is tried on at least two real wordings."""

from __future__ import annotations

from envcheck.importers import from_text, packages
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_a_stub_libcuda_loaded_in_place_of_the_driver():
    for case in ("811-", "862-"):
        assert first(corpus(case)).slug == "libcuda-stub-on-library-path", case
    # ONNX Runtime's words for CUDA_ERROR_STUB_LIBRARY; cuda-init-failed steps aside for code 34
    found = slugs("CUDA failure 34: CUDA driver is a stub library ; GPU=0 ; hostname=localhost ; "
                  "expr=cudaSetDevice(info_.device_id);")
    assert found[0] == "libcuda-stub-on-library-path" and "cuda-init-failed" not in found
    # the stubs folder given to the linker is what it is for
    assert "libcuda-stub-on-library-path" not in slugs(
        "g++ -o app main.o -L/usr/local/cuda/lib64/stubs -lcuda\n/usr/bin/ld: cannot find -lcudart")


def test_python_headers_missing_for_triton_or_an_extension():
    found = first(corpus("863-"))
    assert found.slug == "python-headers-missing" and "Triton" in found.message
    assert "python3.10-dev" in found.fix[0]
    msvc = first("fatal error C1083: Cannot open include file: 'Python.h': No such file or directory")
    assert msvc.slug == "python-headers-missing" and "embeddable" in msvc.fix[0]


def test_an_image_of_another_cpu_architecture():
    for case in ("868-", "869-"):
        assert first(corpus(case)).slug == "container-image-wrong-architecture", case
    # the same warning the other way round, on an x86-64 host
    found = first("WARNING: The requested image's platform (linux/arm64) does not match the detected host platform "
                  "(linux/amd64/v3) and no specific platform was requested\nexec /bin/sh: exec format error")
    assert found.slug == "container-image-wrong-architecture" and "linux/arm64" in found.message
    # an exec format error on a host of unknown architecture is as likely a script without #!
    assert "container-image-wrong-architecture" not in slugs(
        "docker run myimage\nstandard_init_linux.go:228: exec user process caused: exec format error")


def test_a_container_without_the_video_capability():
    for case in ("887-", "898-"):
        assert first(corpus(case)).slug == "container-driver-capabilities-lack-video", case
    ffmpeg = "docker run --gpus all jrottenberg/ffmpeg -hwaccel cuda -i in.mp4 out.mp4\n[h264_nvenc @ 0x5581] " \
             "Cannot load libnvidia-encode.so.1"
    assert first(ffmpeg).slug == "container-driver-capabilities-lack-video"
    # video was given: the runtime did not hold the libraries back
    assert "container-driver-capabilities-lack-video" not in slugs(
        "docker run -e NVIDIA_DRIVER_CAPABILITIES=all --gpus all img\n" + ffmpeg.splitlines()[1])


def test_a_variable_naming_the_runtime_as_the_driver():
    for case in ("812-", "899-"):
        found = first(corpus(case))
        assert found.slug == "cuda-driver-env-points-to-runtime-lib", case
        assert found.fix[0] == "unset NUMBAPRO_CUDA_DRIVER"
    # the message alone: the library loaded has no cuInit
    assert first("numba.cuda.cudadrv.error.CudaDriverError: driver missing function: cuInit.").slug == \
        "cuda-driver-env-points-to-runtime-lib"


def test_peer_access_asked_of_geforce_cards():
    found = first(corpus("861-"))
    assert found.slug == "p2p-unavailable-by-design" and "--disable-custom-all-reduce" in found.fix[0]
    smi = "|   0  NVIDIA GeForce RTX 3090        On  | 00000000:01:00.0 Off |                  N/A |\n" \
          "|   1  NVIDIA GeForce RTX 3090        On  | 00000000:02:00.0 Off |                  N/A |\n"
    assert first(smi + "RuntimeError: cudaErrorPeerAccessUnsupported").slug == "p2p-unavailable-by-design"
    # datacenter cards without peer access are another story (the topology, not the product line)
    assert "p2p-unavailable-by-design" not in slugs(
        smi.replace("GeForce RTX 3090       ", "A100-PCIE-40GB         ")
        + "RuntimeError: CUDART error: peer access is not supported between these two devices")


def test_a_driver_known_only_by_its_branch_is_not_judged_inside_it():
    # sglang's report cut the driver to "550.": nvcc 12.4 needs 550.54.14, a release of that branch
    assert "driver-too-old" not in slugs(corpus("861-"))
    report = "CUDA_HOME: /usr/local/cuda-12.4\nNVCC: Cuda compilation tools, release 12.4, V12.4.99\n"
    assert "driver-too-old" in slugs(report + "CUDA Driver Version: 535.\n")  # an older branch is still older


def test_numba_reports_a_runtime_newer_than_its_driver():
    found = first(corpus("895-"))
    assert found.slug == "driver-too-old" and "11.8" in found.message and "11.5" in found.message
    facts = from_text(corpus("895-"), "paste.txt")
    assert facts.gpus.cuda_driver_version == "11.5"
    # the same report with a driver new enough says nothing of the driver
    newer = corpus("895-").replace("CUDA Driver Version                           : 11.5",
                                   "CUDA Driver Version                           : 12.2")
    assert "driver-too-old" not in slugs(newer)


def test_linux_only_packages_on_native_windows():
    for case in ("885-", "900-", "892-"):
        assert first(corpus(case)).slug == "no-cuda-build-for-platform", case
    # on Linux a missing triton module is an install to make, not a platform without builds
    assert "no-cuda-build-for-platform" not in slugs(
        "  File \"/home/me/venv/lib/python3.11/site-packages/unsloth/__init__.py\", line 80\n"
        "ModuleNotFoundError: No module named 'triton'")


def test_a_gpu_whose_architecture_todays_builds_dropped():
    found = first(corpus("891-"))
    assert found.slug == "gpu-arch-unsupported" and "3.5" in found.message
    # a new GPU with the same words is still a build without its kernels
    assert first("GPU 0: NVIDIA GeForce RTX 5090\nRuntimeError: CUDA error: no kernel image is available for "
                 "execution on the device").slug == "gpu-arch-not-in-build"


def test_known_causes_in_new_wordings():
    cases = {"844-": "cpu-only-build", "846-": "container-toolkit-missing", "848-": "driver-init-slow",
             "850-": "tensorrt-libs-not-on-library-path", "858-": "gpu-arch-not-in-build", "871-": "wsl-libcuda",
             "873-": "cpu-only-build", "880-": "cpu-only-build", "884-": "cuda-toolkit-missing",
             "886-": "driver-container-kernel-headers-unavailable", "893-": "cudnn-missing"}
    for case, slug in cases.items():
        assert first(corpus(case)).slug == slug, case
    # the toolkit's hook and nerdctl, when libnvidia-container-tools is missing
    assert first("couldn't find binary nvidia-container-cli in /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:"
                 "/sbin:/bin : exec: \"nvidia-container-cli\": executable file not found in $PATH").slug == \
        "container-toolkit-missing"
    assert first('FATA[0000] exec: "nvidia-container-cli": executable file not found in $PATH').slug == \
        "container-toolkit-missing"
    # Paddle on Linux, the same words as on Windows
    assert first("W0623 12:29:30.035391 62732 dynamic_loader.cc:305] The third-party dynamic library (libcudnn.so) "
                 "that Paddle depends on is not configured correctly. (error code is /usr/local/cuda/lib64/libcudnn.so: "
                 "cannot open shared object file: No such file or directory)").slug == "cudnn-missing"
    # DGL's message alone, and its fix is DGL's, not torch's
    dgl = first("dgl._ffi.base.DGLError: Check failed: allow_missing: Device API cuda is not enabled. "
                "Please install the cuda version of dgl.")
    assert dgl.slug == "cpu-only-build" and "dgl" in dgl.fix[0]


def test_a_package_map_printed_as_json():
    facts = from_text(corpus("858-"), "paste.txt")
    torch = next(f for f in facts.frameworks.installed if f.name == "torch")
    assert (torch.version, torch.accelerator, torch.build_cuda) == ("2.6.0+cu124", "cuda", "12.4")
    # a later release aligns the names differently and drops the space before the comma
    assert packages.parse_line('        "bitsandbytes"             : "0.49.2",') == ("bitsandbytes", "0.49.2", "")
    assert packages.parse_line('    "version": "6.13.5.rc1",') == ("version", "6.13.5.rc1", "")  # read, then not kept
    assert not [d for d in from_text('    "version": "6.13.5.rc1",', "paste.txt").python.distributions]
