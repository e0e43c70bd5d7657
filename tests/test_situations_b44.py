"""Situations met in session 57 (batch 43's leftovers and batch 44), each read in general and tried on at least two
real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("4324-"),  # an MXNet 1.x wheel: "src/ndarray/ndarray.cc:1285: GPU is not enable"
    # apache/mxnet#1694 (a source build without USE_CUDA, Ubuntu 14.04, "--gpu 0")
    "[12:31:43] /home/piggy/mxnet/dmlc-core/include/dmlc/logging.h:241: [12:31:43] src/resource.cc:70: GPU is not "
    "enabled",
    # dmlc/gluon-cv#641 was settled the same way ("please install gpu version mxnet"); Windows' wheel, from
    # apache/mxnet#16721: "[15:02:22] C:\Jenkins\workspace\mxnet\mxnet\src\ndarray\ndarray.cc:1295: GPU is not enabled"
    "Exception has occurred: MXNetError\n"
    "[15:02:22] C:\\Jenkins\\workspace\\mxnet\\mxnet\\src\\ndarray\\ndarray.cc:1295: GPU is not enabled",
    # MXNet 1.6's storage.cc, from a project's notes on the 1.6.0b20191122 nightly
    "terminate called after throwing an instance of 'dmlc::Error'\n"
    "     what():  [22:03:01] src/storage/storage.cc:119: Compile with USE_CUDA=1 to enable GPU usage",
])
def test_mxnet_without_cuda_asked_for_the_gpu_is_a_cpu_only_build(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and "MXNet" in found.message
    assert any("mxnet-cu" in step for step in found.fix)


@pytest.mark.parametrize("text", [
    # apache/mxnet#4243: a MacBook Pro without an NVIDIA GPU; the answer was to run on the CPU
    "I follow the rcnn tutorial and run \"python demo.py --prefix final --epoch 0 --image myimage.jpg --gpu 0\" "
    "command on my mac bookPro. Then i encountered GPU not enabled error.\n"
    "[15:53:17] /Users/universe/Program/mxnet/dmlc-core/include/dmlc/logging.h:235: [15:53:17] "
    "src/ndarray/ndarray.cc:287: GPU is not enabled",
    # a web page's own words and a script's print carry no C++ file
    "WebGPU is not enabled in your current browser.",
    "GPU is not enabled",
])
def test_mxnet_reading_needs_a_gpu_machine_and_the_cpp_file(text):
    assert "cpu-only-build" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    # apache/mxnet#4243's log line alone: its home folder, /Users/universe/, is macOS's
    "[15:53:17] /Users/universe/Program/mxnet/dmlc-core/include/dmlc/logging.h:235: [15:53:17] "
    "src/ndarray/ndarray.cc:287: GPU is not enabled",
    # the same report's traceback, its file names in quotes, with the refusal cut to its C++ file
    "  File \"/Users/universe/Program/mxnet/example/rcnn/utils/load_model.py\", line 92, in load_param\n"
    "    arg_params = convert_context(arg_params, ctx)\n"
    "src/ndarray/ndarray.cc:287: GPU is not enabled",
])
def test_a_macos_home_folder_names_a_mac(text):
    assert "cpu-only-build" not in paste_slugs(text)


def test_a_windows_path_under_users_is_not_a_mac():
    # bitsandbytes on Windows prints its search path as WindowsPath('/Users/...') (corpus 934); C:\Users likewise
    text = ("{WindowsPath('/Users/aruns/miniconda3/envs/llava_med/lib'), WindowsPath('C')}\n"
            "mxnet.base.MXNetError: [16:50:21] src/ndarray/ndarray.cc:1285: GPU is not enable")
    assert first(text).slug == "cpu-only-build"


@pytest.mark.parametrize("text", [
    corpus("4323-"),  # Theano/Theano: cudnn.h copied into /usr/local/cuda/include without the library
    # AlexeyAB/darknet#4445, settled by installing cuDNN ("It did work")
    "/usr/bin/ld: cannot find -lcudnn\ncollect2: error: ld returned 1 exit status\n"
    "Makefile:143: recipe for target 'darknet' failed\nmake: *** [darknet] Error 1",
    # rwth-i6/returnn#20: Theano's compile log in French, as its repr shows it
    "ectures are deprecated, and may be removed in a future release (Use -Wno-deprecated-gpu-targets to suppress "
    "warning).\\n/usr/bin/ld\\xc2\\xa0: ne peut trouver -lcudnn\\ncollect2: error: ld returned 1 exit status\\n\")",
])
def test_the_linker_finding_no_libcudnn_is_cudnn_missing_for_the_build(text):
    found = first(text)
    assert found.slug == "cudnn-missing" and "libcudnn.so" in found.message
    assert any("LIBRARY_PATH" in step for step in found.fix)


def test_the_linker_finding_no_libcuda_stays_the_driver_library():
    # apache/mxnet#2656: -lcuda is the driver's library, not cuDNN
    text = "/usr/bin/ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status\nmake: *** [lib/libmxnet.so] Error 1"
    assert "cudnn-missing" not in paste_slugs(text)


@pytest.mark.parametrize("text, loaded, built", [
    (corpus("4319-"), "8.2.4", "8.1.1"),  # MegEngine's wheel (cuDNN 8.1.1) beside a cuDNN 8.2.4 on the path
    # facebookresearch/Detectron#574 (Caffe2)
    ("RuntimeError: [enforce fail at common_cudnn.h:108] version_match || backwards_compatible_7 || patch_compatible. "
     "cuDNN compiled (7102) and runtime (7005) versions mismatch", "7.0.5", "7.1.2"),
    # facebookresearch/Detectron#139 (Caffe2, CUDA 8, cuDNN 6 named in the template)
    ("RuntimeError: [enforce fail at common_cudnn.h:118] version_match. cuDNN compiled (7005) and runtime (7003) "
     "versions mismatch ", "7.0.3", "7.0.5"),
])
def test_other_frameworks_cudnn_checks_read_both_versions(text, loaded, built):
    found = first(text)
    assert found.slug == "cudnn-version-mismatch"
    assert f"loaded {loaded}; the build needs {built}" in found.message
    assert not any("tensorflow" in step or "torch" in step for step in found.fix)  # neither framework spoke


def test_mxnets_warning_on_a_patch_level_is_not_a_mismatch():
    # apache/mxnet#20346: MXNet warns on any difference; 8.1.1 loaded for a build with 8.1.0 is compatible
    text = ("[15:05:53] ../src/base.cc:80: cuDNN lib mismatch: linked-against version 8101 != compiled-against version "
            "8100.  Set MXNET_CUDNN_LIB_CHECKING=0 to quiet this warning.")
    assert "cudnn-version-mismatch" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("4264-"),  # NVIDIA-AI-IOT/torch2trt#152, settled by installing TensorRT for that Python
    # Megvii-BaseDetection/YOLOX#1302 (Colab), settled by installing NVIDIA's tensorrt wheel
    "Traceback (most recent call last):\n  File \"tools/trt.py\", line 10, in <module>\n    import tensorrt as trt\n"
    "ModuleNotFoundError: No module named 'tensorrt'",
    # Qengineering/Jetson-Nano-Ubuntu-20-image#75 (Python 2.7's form)
    "import tensorrt as trt\nprint(\"TensorRT Version:\", trt.__version__)\n\nand I got:\nNo module named tensorrt",
])
def test_python_without_the_tensorrt_module_is_tensorrt_not_installed(text):
    found = first(text)
    assert found.slug == "tensorrt-not-installed" and "Python" in found.message
    assert any("pip install tensorrt" in step for step in found.fix)


def test_other_tensorrt_packages_are_not_tensorrt():
    # comfyanonymous/ComfyUI_TensorRT#18's title: tensorrt_bindings is a package of its own
    assert "tensorrt-not-installed" not in paste_slugs("ModuleNotFoundError: No module named 'tensorrt_bindings'")


@pytest.mark.parametrize("text, cc", [
    (corpus("4227-"), "5.2"),  # ollama/ollama#1992: a GTX 970 under Ollama 0.1.20
    # ollama/ollama#1834, the check's own pull request, on a GTX 765M
    ("2024/01/06 21:52:17 gpu.go:56: Nvidia GPU detected\n"
     "2024/01/06 21:52:17 gpu.go:89: CUDA GPU is too old. Falling back to CPU mode. Compute Capability detected: 3.0\n"
     "2024/01/06 21:52:17 routes.go:953: no GPU detected", "3.0"),
])
def test_ollamas_own_capability_check_is_gpu_arch_unsupported(text, cc):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and f"compute capability {cc}" in found.message


def test_ollamas_misread_capability_is_not_the_gpus():
    # corpus 1152: a PhysX cudart answered "1.0" for a GTX 970; no GPU of capability 1.x runs a current driver
    assert "gpu-arch-unsupported" not in paste_slugs(corpus("1152-"), diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("4349-"),  # chainer/chainer#740: CuPy's cuDNN on a Fermi Tesla C2050, settled by turning cuDNN off
    # cuDNN 6's own sample on a GPU of capability 2.1 (a tutorial's log)
    "device 0 : sms 2 Capabilities 2.1, SmClock 950.0 Mhz, MemSize (Mb) 1985, MemClock 900.0 Mhz, Ecc=0, "
    "boardGroupID=0\nUsing device 0\nTesting single precision\nCUDNN failure\nError: CUDNN_STATUS_ARCH_MISMATCH\n"
    "mnistCUDNN.cpp:394\nAborting...",
    # apache/mxnet#9517's title line: a GTX 680 under mxnet-cu90 1.0.0
    "## GTX680, mxnet-cu90==1.0.0, Check failed: err == CUDNN_STATUS_SUCCESS (6 vs. 0) CUDNN_STATUS_ARCH_MISMATCH",
])
def test_cudnn_refusing_the_gpus_architecture_is_gpu_arch_unsupported(text):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and "CUDNN_STATUS_ARCH_MISMATCH" in found.message


def test_whisper_on_the_cpu_beside_an_nvidia_gpu_is_a_cpu_only_build():
    # corpus 620 (monkeyplug): "Whisper defaults to CPU instead of utilizing Nvidia GPU" above Whisper's warning
    found = first(corpus("620-"))
    assert found.slug == "cpu-only-build" and found.confidence != "possible"


@pytest.mark.parametrize("text", [
    # shirayu/whispering#76: the CPU asked for
    "transcriber._set_dtype:35 WARNING -> FP16 is not supported on CPU; using FP32 instead\n\nwhen running :\n"
    "whispering --language fr --model tiny --device cpu",
    # octimot/StoryToolkitAI#3: a Mac Pro with an AMD GPU
    "UserWarning: FP16 is not supported on CPU; using FP32 instead\n"
    "  warnings.warn(\"FP16 is not supported on CPU; using FP32 instead\")\nSystem specs: \nMac Pro 2019\n"
    "3.2GHz 16-core Intel Xeon W\n192GB RAM\nAMD Radeon W6800X Duo 32GB",
    # AlizerUncaged/desktop-waifu#179: the warning alone, no GPU in sight
    "UserWarning: FP16 is not supported on CPU; using FP32 instead warnings.warn(\"FP16 is not supported on CPU; "
    "using FP32 instead\")\npls help its not working at all",
])
def test_whisper_on_the_cpu_without_an_nvidia_gpu_in_sight_is_no_cpu_build_finding(text):
    assert "cpu-only-build" not in paste_slugs(text, diagnosed_only=True)


def test_ptxas_not_knowing_sm_103a_needs_the_release_that_added_it():
    # axolotl-ai-cloud/axolotl#3630: CUDA 12.8's ptxas on a B300; its message came out of a terminal UI's quote bar,
    # "is not\n  ▎ defined for option 'gpu-name'". CUDA 12.8's range reaches 12.0, but 10.3 came with 12.9 (the CUDA
    # Features Archive for 12.9, the row's source).
    found = first(corpus("4530-"))
    assert found.slug == "nvcc-too-old-for-gpu-arch" and "needs CUDA 12.9.0" in found.message


def test_a_terminal_uis_quote_bar_is_taken_off_like_markdowns():
    from envcheck.importers.paste import clean_lines
    # lines as found pasted: a quote (a bar and a space at the line's start) and a progress bar (a bar mid-line)
    lines = clean_lines("  ▎ \"First 8 bytes = a timestamp. Then 4 bytes = how long the next \n"
                        "Python:   45.2s  ▎                    (2% of C)")
    assert lines[0].startswith("\"First 8 bytes") and "▎" in lines[1]


def test_the_first_cuda_for_an_architecture_follows_what_a_release_added():
    from envcheck.matrix import default
    matrix = default()
    assert matrix.oldest_cuda_for_cc("10.3") == "12.9.0"  # added by 12.9, inside 12.8's range
    assert matrix.oldest_cuda_for_cc("12.0") == "12.8.0"  # the range alone
    assert matrix.cuda_targets_cc("12.8", "10.3")[0] is False and matrix.cuda_targets_cc("12.9", "10.3")[0] is True
    assert matrix.cuda_targets_cc("12.8", "12.0")[0] is True
