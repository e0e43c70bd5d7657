"""Situations batch 8 showed that no rule knew: an old ptxas first on PATH, toolkit libraries the linker
cannot find, ldconfig missing from a program's PATH, WSL's harmless libcuda warning, two frameworks'
cuDNN in one process, cuDNN 8's zlib on Windows, a bitsandbytes release without the binary for the
detected CUDA, a package installed without its CUDA extension, a container asking for a GPU the host
lacks. Each rule is checked on the corpus report and on another real wording of the same situation."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as findings


def slugs(text: str) -> list:
    return [f.slug for f in findings(text)]


def test_old_ptxas_on_path():
    # XLA's check of the ptxas on PATH (546) and ptxas itself refusing newer PTX under Triton (594)
    xla = first(corpus("546-"))
    assert xla.slug == "old-ptxas-on-path" and xla.evidence["ptxas_version"] == "12.1.66"
    triton = first(corpus("594-"))
    assert triton.slug == "old-ptxas-on-path"
    assert (triton.evidence["ptx_given"], triton.evidence["ptxas_knows"]) == ("7.3", "7.2")
    # tinygrad's wording of the same refusal, and an old jaxlib's
    tinygrad = first("ptxas /tmp/tinycuda_03fe.ptx, line 9; fatal   : Unsupported .version 8.5; current version is '7.5'\n"
                     "ptxas fatal   : Ptx assembly aborted due to errors")
    assert tinygrad.slug == "old-ptxas-on-path" and tinygrad.evidence["ptx_given"] == "8.5"
    jaxlib = first("E external/org_tensorflow/tensorflow/stream_executor/gpu/asm_compiler.cc:93] You are using ptxas 8.x, "
                   "but TF requires ptxas 9.x (and strongly prefers >= 9.2.88).")
    assert jaxlib.slug == "old-ptxas-on-path"


def test_toolkit_library_not_on_the_linker_path():
    found = first(corpus("554-"))
    assert found.slug == "cuda-dev-libs-not-on-linker-path" and found.evidence["missing"] == ["curand"]
    other = findings("/usr/bin/ld: cannot find -lcudart: No such file or directory\n"
                     "collect2: error: ld returned 1 exit status")
    assert other[0].slug == "cuda-dev-libs-not-on-linker-path" and other[0].evidence["missing"] == ["cudart"]
    # the driver's -lcuda stays LIB007's
    assert first("/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status").slug == \
        "cuda-libs-not-on-library-path"


def test_ldconfig_not_on_the_programs_path():
    assert first(corpus("578-")).slug == "ldconfig-not-in-path"
    # SGLang through Triton on a system without /sbin/ldconfig
    assert first("  File \"/usr/local/lib/python3.10/dist-packages/triton/common/build.py\", line 21, in libcuda_dirs\n"
                 "    libs = subprocess.check_output([\"/sbin/ldconfig\", \"-p\"]).decode()\n"
                 "FileNotFoundError: [Errno 2] No such file or directory: '/sbin/ldconfig'").slug == "ldconfig-not-in-path"


def test_wsl_ldconfig_warning_is_named_as_harmless():
    found = first(corpus("581-"))
    assert found.slug == "wsl-libcuda-not-symlink" and found.severity == "warning"
    # with a real failure to load libcuda the failure comes first
    both = slugs("ldconfig: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link\n"
                 "Could not load library libcuda.so. Error: libcuda.so: cannot open shared object file: No such file or directory")
    assert both[0] == "wsl-libcuda" and "wsl-libcuda-not-symlink" in both


def test_cudnn_loaded_first_by_another_framework():
    for case in ("503-", "555-"):
        found = first(corpus(case))
        assert found.slug == "cudnn-preloaded-by-other-library"
        assert found.evidence["complains"] == "jax" and found.evidence["also_in_process"] == ["torch"]
    assert first(corpus("503-")).evidence["loaded"] == "8.5.0"
    # TensorFlow's wording with torch imported first
    tf = first("import torch\nimport tensorflow as tf\nE tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:417] "
               "Loaded runtime CuDNN library: 8.5.0 but source was compiled with: 8.6.0.  CuDNN library needs to have "
               "matching major version and equal or higher minor version.")
    assert tf.slug == "cudnn-preloaded-by-other-library" and tf.evidence["complains"] == "tensorflow"
    # the same JAX message without a second framework is an old cuDNN installed: LIB002
    alone = first("CUDA backend failed to initialize: Found cuDNN version 8500, but JAX was built against version 8600, "
                  "which is newer.")
    assert alone.slug == "cudnn-version-mismatch" and "loaded 8.5.0; the build needs 8.6.0" in alone.message


def test_cudnn_zlib_on_windows():
    assert first(corpus("557-")).slug == "cudnn-zlib-dependency-missing"
    darknet = first("CUDA-version: 11070 (11070), cuDNN: 8.4.1, GPU count: 1\n"
                    "Could not locate zlibwapi.dll. Please make sure it is in your library path!")
    assert darknet.slug == "cudnn-zlib-dependency-missing"
    wrong_bits = first("Could not load library zlibwapi.dll. Error code 193. Please verify that the library is built "
                       "correctly for your processor architecture (32-bit, 64-bit)")
    assert wrong_bits.slug == "cudnn-zlib-dependency-missing" and "64-bit" in wrong_bits.message


def test_bitsandbytes_without_a_binary_for_the_detected_cuda():
    old = first(corpus("580-"))
    assert old.slug == "library-no-binary-for-cuda-version"
    assert old.evidence["wanted_binary"] == "libbitsandbytes_cuda113_nocublaslt.so"
    assert first(corpus("199-")).evidence["detected_cuda"] == "12.2"
    # bitsandbytes 0.42 and later say it another way
    newer = first("Could not find the bitsandbytes CUDA binary at PosixPath('/usr/local/lib/python3.12/dist-packages/"
                  "bitsandbytes/libbitsandbytes_cuda129.so')\nThe installed version of bitsandbytes was compiled without "
                  "GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization are unavailable.")
    assert newer.slug == "library-no-binary-for-cuda-version" and newer.evidence["detected_cuda"] == "12.9"


def test_a_package_installed_without_its_cuda_extension():
    apex = first(corpus("552-"))
    assert apex.slug == "cuda-extension-not-built" and apex.evidence["package"] == "apex"
    amp = first("    import amp_C\nModuleNotFoundError: No module named 'amp_C'")
    assert amp.slug == "cuda-extension-not-built" and amp.evidence["missing_module"] == "amp_C"
    mmcv = first("    ext = importlib.import_module('mmcv.' + name)\nModuleNotFoundError: No module named 'mmcv._ext'")
    assert mmcv.slug == "cuda-extension-not-built" and mmcv.evidence["package"] == "mmcv"
    assert "mmcv-full" in " ".join(mmcv.fix)
    # a module that is simply not installed is not this situation
    assert "cuda-extension-not-built" not in slugs("ModuleNotFoundError: No module named 'apex'")


def test_container_asks_for_a_gpu_the_host_lacks():
    found = first(corpus("560-"))
    assert found.slug == "gpus-requested-exceed-available" and found.evidence["requested_device"] == "1"
    uuid = first("docker: Error response from daemon: failed to create task for container: ... error running hook #0: "
                 "error running hook: exit status 1, stdout: , stderr: nvidia-container-cli: device error: "
                 "GPU-6f1e7c4a-8f7e-4a3b-9a1c-2b3c4d5e6f70: unknown device: unknown.")
    assert uuid.slug == "gpus-requested-exceed-available"
    assert uuid.evidence["requested_device"].startswith("GPU-6f1e")


def test_driver_too_old_for_what_a_plain_install_gets():
    # torch 2.3.0 from PyPI on Linux is its cu121 build (torch.toml default_variant): driver 470 cannot run it
    plain = first("| NVIDIA-SMI 470.57.02    Driver Version: 470.57.02    CUDA Version: 11.4     |\n"
                  "$ pip install torch==2.3.0\n>>> torch.cuda.is_available()\nFalse")
    assert plain.slug == "driver-too-old" and plain.evidence["torch.cuda"] == "12.1"
    # the same driver with a torch that is CUDA 11.8 is not judged by the default
    assert "driver-too-old" not in slugs("Driver Version: 470.57.02\ntorch==2.3.0+cu118")
    # jax[cuda12] needs a CUDA 12 driver; JAX's generic "CUDA backend failed to initialize" does not outrank that
    jax = findings("Driver Version: 470.57.02\npip install -U \"jax[cuda12]\"\nCUDA backend failed to initialize: "
                   "Unable to load CUDA. Is it installed? (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)")
    assert jax[0].slug == "driver-too-old" and jax[0].evidence["jax.cuda"] == "12.0"
    plugin = next(f for f in jax if f.slug == "framework-plugin-mismatch")
    assert plugin.confidence == "likely"
    # the plugin package's name says the same
    assert first("Driver Version: 470.57.02\njax-cuda12-plugin 0.4.30").evidence["jax.cuda"] == "12.0"


def test_a_cuda_build_that_sees_no_gpu_is_not_called_cpu_only():
    found = findings("I have an RTX 3060 with driver 470 and installed torch 2.4.0+cu124 but torch.cuda.is_available() "
                     "returns False")
    assert found[0].slug == "driver-too-old"
    assert "cpu-only-build" not in [f.slug for f in found]
    # with a CPU build it is
    assert first("torch 2.4.0+cpu\ntorch.cuda.is_available() returns False on my RTX 3060").slug == "cpu-only-build"
