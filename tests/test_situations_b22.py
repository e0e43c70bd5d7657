"""Situations batch 22 showed: an NVENC API gap known only by FFmpeg's minimum-driver line, a setup.py joining a None
CUDA_HOME to nvcc's path, a GPU older than every architecture the program's CUDA builds for, a driver too old by
ethminer's words or by a missing versioned driver entry point, libraries published as CPU-only builds (Faiss),
installers without a build for the detected CUDA (DJL, R torch), a Mac or a TPU runtime asked for CUDA, a quoted
token cut by a line break, a CLI built without its CUDA feature, a stale mount list after a driver update, a
Windows SDK missing for MSVC, a server image compiled for another GPU architecture, a Spark executor holding several
GPUs, and a CPU without an instruction set the build names. Each signature is tried on at least two real wordings
where two exist, and each new reading on a text it must leave alone."""

from __future__ import annotations

from envcheck.importers.paste import unwrapped
from envcheck.importers.prose import _driver
from envcheck.model import HostFacts
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_nvenc_known_by_its_minimum_driver_line():
    found = first(corpus("1328-"))  # OBS logs only the second line
    assert found.slug == "driver-too-old-for-nvenc-api" and found.evidence["minimum_driver"] == "471.41"
    found = first(corpus("1326-"))  # the reporter's retelling, lower case, without colons
    assert found.slug == "driver-too-old-for-nvenc-api" and found.evidence["nvenc_api_required"] == "12.2"
    # flathub/com.obsproject.Studio#172: FFmpeg's own two lines, the minimum unknown to that build
    found = first("[h264_nvenc @ 0x559ac46d6a40] Driver does not support the required nvenc API version. "
                  "Required: 11.1 Found: 11.0\n"
                  "[h264_nvenc @ 0x559ac46d6a40] The minimum required Nvidia driver for nvenc is (unknown) or newer")
    assert found.slug == "driver-too-old-for-nvenc-api" and found.evidence["nvenc_api_found"] == "11.0"
    # the same line after a failure to load the encode library is not an API gap (a container without its video
    # libraries, 1279)
    assert "driver-too-old-for-nvenc-api" not in slugs(corpus("1279-"))
    # nor when the driver meets the minimum it names
    assert "driver-too-old-for-nvenc-api" not in slugs(
        "Driver Version: 560.35.03\n"
        "[hevc_nvenc @ 0x55] The minimum required Nvidia driver for nvenc is 550.54.14 or newer")


def test_a_driver_named_as_a_requirement_is_not_the_installed_one():
    for text in ("Sdk 12.2 requires nvidia driver 550+ but I am on debian 12", "it needs driver 471.41 or newer"):
        facts = HostFacts()
        _driver(text, facts, "input")
        assert facts.gpus.driver_version == "", text
    facts = HostFacts()
    _driver("nvidia-smi says 410.48", facts, "input")
    assert facts.gpus.driver_version == "410.48"


def test_a_setup_py_joining_a_none_cuda_home():
    found = first(corpus("1318-"))
    assert found.slug == "cuda-toolkit-missing"
    # NVIDIA/apex#990: the same function copied into apex, read without the reporter's words
    assert first('  File "setup.py", line 14, in get_cuda_bare_metal_version\n'
                 '    raw_output = subprocess.check_output([cuda_dir + "/bin/nvcc", "-V"], universal_newlines=True)\n'
                 "TypeError: unsupported operand type(s) for +: 'NoneType' and 'str'").slug == "cuda-toolkit-missing"
    # pytorch/pytorch#28365: os.path.join(CUDA_HOME, ...) with CUDA_HOME None
    assert first('  File "setup.py", line 639, in configure_extension_build\n'
                 "    cuda_lib_path = os.path.join(CUDA_HOME, lib_dir)\n"
                 "TypeError: expected str, bytes or os.PathLike object, not NoneType").slug == "cuda-toolkit-missing"
    # the same code line in a traceback that failed for another reason
    assert "cuda-toolkit-missing" not in slugs(
        '    raw_output = subprocess.check_output([cuda_dir + "/bin/nvcc", "-V"], universal_newlines=True)\n'
        "subprocess.CalledProcessError: Command '['/usr/local/cuda/bin/nvcc', '-V']' returned non-zero exit status 1.")


NO_KERNEL = 'thread #0 failed with error <hash>:37 "no kernel image is available for execution on the device"'


def test_a_gpu_older_than_every_architecture_of_the_programs_cuda():
    found = first(corpus("1333-"))
    assert found.slug == "gpu-arch-unsupported" and found.evidence["cuda_builds_from"] == "3.0"
    assert found.evidence["last_cuda_for_gpu"].startswith("8.0")
    # a Fermi card under CUDA 10.0 in other words
    found = first("GPU: GeForce GTX 580\nCUDA 10.0\nCUDA error: no kernel image is available for execution on the device")
    assert found.slug == "gpu-arch-unsupported" and found.evidence["program_cuda"] == "10.0"
    # a GPU that CUDA 9.1 builds for: not this reading
    found = first("Nvidia GTX 1080\nCUDA 9.1\n" + NO_KERNEL)
    assert found is None or "cuda_builds_from" not in found.evidence


def test_a_driver_too_old_by_the_programs_own_words():
    found = first(corpus("1334-"))
    assert found.slug == "driver-too-old" and found.evidence["driver_cuda"] == "9.1"
    # ethminer's FAQ wording, the driver's CUDA 7.5
    found = first("CUDA error: Insufficient CUDA driver: 7050")
    assert found.slug == "driver-too-old" and found.evidence["driver_cuda"] == "7.5"
    found = first(corpus("1336-"))
    assert found.slug == "driver-too-old" and "cuDevicePrimaryCtxSetFlags_v2" in found.message
    # ollama/ollama#6626: its own lookup of a versioned entry point
    assert first("unable to load cuda driver library . symbol lookup for cuCtxCreate_v3 failed").slug == "driver-too-old"
    # an unversioned entry point missing from an extension: an extension not linked with libcuda (tile-ai/tilelang#182)
    assert "driver-too-old" not in slugs(
        "OSError: /data1/self/code/tilelang/build/libtilelang_module.so: undefined symbol: cuTensorMapEncodeIm2col")


def test_faiss_without_its_gpu_part():
    found = first(corpus("1338-"))
    assert found.slug == "cpu-only-build" and found.evidence["library"] == "Faiss"
    found = first("    index = faiss.index_cpu_to_gpu(res, 0, index)\n"
                  "AttributeError: module 'faiss' has no attribute 'index_cpu_to_gpu'")
    assert found.slug == "cpu-only-build"
    assert "cpu-only-build" not in slugs("AttributeError: module 'faiss' has no attribute 'IndexFlatIP2'")


def test_installers_without_a_build_for_the_detected_cuda():
    found = first(corpus("1343-"))
    assert found.slug == "library-no-binary-for-cuda-version" and found.evidence["detected_cuda"] == "11.2"
    # DJL's MXNet engine, in a training log
    found = first("13:09:57.304 [main] WARN ai.djl.mxnet.jna.LibUtils -- No matching cuda flavor for win found: "
                  "cu065mkl/sm_75.")
    assert found.slug == "library-no-binary-for-cuda-version" and found.evidence["detected_cuda"] == "6.5"
    found = first(corpus("1348-"))
    assert found.slug == "library-no-binary-for-cuda-version" and found.evidence["detected_cuda"] == "10.0"
    # mlverse/torch#1137
    found = first('Caused by error in `check_supported_version()`:\nx Unsupported CUDA version "12.3"\n'
                  'i Currently supported versions are: "11.7" and "11.8".')
    assert found.slug == "library-no-binary-for-cuda-version" and found.evidence["detected_cuda"] == "12.3"
    # nvidia-docker 1.0's comparison is a driver too old, not an installer
    assert "library-no-binary-for-cuda-version" not in slugs("Error: unsupported CUDA version: driver 7.5 < image 8.0")


def test_a_mac_or_a_tpu_runtime_asked_for_cuda():
    assert first(corpus("1323-")).slug == "no-nvidia-gpu"
    assert first(corpus("1357-")).slug == "no-nvidia-gpu"
    # googlecolab/colabtools#688
    assert first("Bug report for Colab: http://colab.research.google.com/.\n"
                 "When TPU is selected, not only CuDNNLSTM of Keras doesn't work, but also nvidia-smi can't find any "
                 "graphical processing unit(GPU).").slug == "no-nvidia-gpu"
    # a TPU report that asks nothing of CUDA or nvidia-smi
    assert "no-nvidia-gpu" not in slugs("On a Colab TPU runtime, jax.devices() lists 8 TPU cores but pmap hangs")


def test_a_quoted_token_cut_by_a_line_break():
    lines = ["java.lang.UnsatisfiedLinkError: /tmp/libJCublas2-11.5.2-linux-x86_64.so: /lib/x86_64-linux-gnu/libc.so.6: "
             "version `GLIBC_2.3", "4' not found (required by /tmp/libJCublas2-11.5.2-linux-x86_64.so)"]
    assert any("`GLIBC_2.34' not found" in line for line in unwrapped(lines))
    assert first(corpus("1347-")).slug == "glibc-too-old-for-binary"
    # a quote closed on its own line leaves the next line alone
    assert not any("'ok'next" in line for line in unwrapped(["it printed 'ok'", "next' line"]))


def test_a_cli_built_without_its_cuda_feature():
    assert first(corpus("1350-")).slug == "program-built-without-cuda"
    assert first("error: invalid value 'gpu' for '--device <DEVICE>'\n  [possible values: cpu]").slug == \
        "program-built-without-cuda"
    # a device the build has, written wrongly, is a usage error
    assert "program-built-without-cuda" not in slugs("error: invalid value 'cuda:9' for '--device <DEVICE>'\n"
                                                     "  [possible values: cpu, cuda]")


def test_mounts_of_a_library_of_an_earlier_driver():
    found = first(corpus("1325-"))
    assert found.slug == "cdi-spec-stale" and found.evidence["missing"].endswith("580.159.04")
    # the host's driver known and different
    assert first("Driver Version: 570.133.20\nError response from daemon: failed to create task for container: "
                 "runc create failed: unable to start container process: error during container init: failed to "
                 "fulfil mount request: open /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.570.124.06: no such file or "
                 "directory").slug == "cdi-spec-stale"
    # the driver's own version, and no update: not a stale list
    assert "cdi-spec-stale" not in slugs(
        "Driver Version: 570.124.06\nerror during container init: failed to fulfil mount request: open "
        "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.570.124.06: no such file or directory")


def test_the_windows_sdk_missing_for_msvc():
    found = first(corpus("1313-"))
    assert found.slug == "windows-sdk-missing-for-cuda-build" and "corecrt.h" in found.message
    # a Theano-era build from a MINGW shell, INCLUDE not set
    assert first("c:\\program files (x86)\\microsoft visual studio 14.0\\vc\\include\\crtdefs.h(10): fatal error "
                 "C1083: Cannot open include file: 'corecrt.h': No such file or directory").slug == \
        "windows-sdk-missing-for-cuda-build"
    assert "windows-sdk-missing-for-cuda-build" not in slugs(
        "fatal error C1083: Cannot open include file: 'cuda_runtime.h': No such file or directory")


def test_an_image_compiled_for_another_gpu_architecture():
    found = first(corpus("1349-"))
    assert found.slug == "image-variant-built-for-other-gpu-arch"
    assert "text-embeddings-inference:turing-0.2.2" in found.fix[0]
    # an RTX 5090 on the Ampere 80 image: no variant in the table read
    found = first("Runtime compute cap 120 is not compatible with compile time compute cap 80")
    assert found.slug == "image-variant-built-for-other-gpu-arch" and "names no image" in found.fix[0]
    # the same capability refused is a check that failed on its own (huggingface/text-embeddings-inference#652)
    assert "image-variant-built-for-other-gpu-arch" not in slugs(
        "Runtime compute cap 120 is not compatible with compile time compute cap 120")


def test_a_spark_executor_holding_several_gpus():
    found = first(corpus("1341-"))
    assert found.slug == "executor-gpus-not-isolated"
    found = first("--conf spark.executor.resource.gpu.amount=2\njava.lang.IllegalArgumentException: Spark GPU Plugin "
                  "only supports 1 gpu per executor")
    assert found.slug == "executor-gpus-not-isolated" and found.evidence["spark.executor.resource.gpu.amount"] == 2


def test_a_cpu_without_an_instruction_set_the_build_names():
    found = first(corpus("1352-"))
    assert found.slug == "cpu-missing-avx" and found.evidence["instructions"] == "FMA"
    found = first("F tensorflow/core/platform/cpu_feature_guard.cc:36] The TensorFlow library was compiled to use "
                  "AVX instructions, but these aren't available on your machine.")
    assert found.slug == "cpu-missing-avx" and found.evidence["instructions"] == "AVX"
    # TensorFlow's advice that the build could use more is no missing instruction set
    assert "cpu-missing-avx" not in slugs("I tensorflow/core/platform/cpu_feature_guard.cc:141] Your CPU supports "
                                          "instructions that this TensorFlow binary was not compiled to use: AVX2 FMA")
