"""Situations met in session 80, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck import matrix
from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, slug", [
    # .NET's DllNotFoundException names the file it could not load (cbovar/ConvNetSharp#60, corpus 11779)
    (corpus("11779-"), "cudnn-missing"),
    ("System.DllNotFoundException: Unable to load DLL 'cudart64_101.dll': The specified module could not be found. "
     "(Exception from HRESULT: 0x8007007E)", "cuda-libraries-missing"),  # constructed: the same message, CUDA runtime
    # .NET on Linux says "shared library" (constructed in its wording)
    ("Unable to load shared library 'libcudnn.so.7' or one of its dependencies.", "cudnn-missing"),
    # a search's finding retold: Process Monitor showed the wheel's CUDA DLLs absent (davisking/dlib#792, corpus 12053)
    (corpus("12053-"), "cuda-libraries-missing"),
    ("The program fails in the absence of libcudart.so.10.0 on this machine.", "cuda-libraries-missing"),  # constructed
])
def test_a_cuda_library_a_loader_could_not_find_named_in_other_words(text, slug):
    assert first(text).slug == slug


def test_a_dll_of_a_program_itself_not_loading_is_not_read_as_a_cuda_library():
    # Alturos.Yolo's own DLL (AlturosDestinations/Alturos.Yolo#95): which CUDA it needs is not in the line
    text = "System.DllNotFoundException - Unable to load DLL 'x64\\yolo_cpp_dll_gpu.dll': The specified module could not be found."
    assert not {"cuda-libraries-missing", "cudnn-missing"} & set(paste_slugs(text, diagnosed_only=True))
    # nor is the absence of something else
    assert "cuda-libraries-missing" not in paste_slugs("In the absence of a GPU it runs on the CPU.",
                                                       diagnosed_only=True)


@pytest.mark.parametrize("written, cuda", [
    ("I'm working with python3.8+torch1.10.0+cuda111+ cuda driver version460.32.03+TeslaV100", "11.1"),  # bevfusion#12
    ("env: cuda102, cudnn 7.6.5, pytorch 1.6", "10.2"),  # constructed in the same run-together form
    ("ubuntu 16.04 cuda92 gcc 5.4", "9.2"),  # constructed
])
def test_a_cuda_release_run_together_without_its_dot(written, cuda):
    assert from_text(written, "paste.txt").cuda.stated_version == cuda


@pytest.mark.parametrize("written", [
    "cuda12 and torch 2.1",  # a major alone: no minor to read
    "downloaded llama-b1234-bin-win-cuda117-x64.zip",  # a build's name, not this machine's CUDA
    "see /opt/cuda111/lib64",
])
def test_a_cuda_name_that_is_not_a_release_run_together_is_not_read(written):
    assert from_text(written, "paste.txt").cuda.stated_version == ""


def test_a_plus_joined_to_the_next_word_does_not_make_a_driver_a_requirement():
    facts = from_text("cuda driver version460.32.03+TeslaV100", "paste.txt")
    assert facts.gpus.driver_version == "460.32.03"
    # a plus that bounds a range still does
    assert from_text("you need driver 550+ for this", "paste.txt").gpus.driver_version == ""


def test_a_v100_under_a_cuda_11_torch_failing_in_an_extension_is_the_extensions_arch_list():
    # mit-han-lab/bevfusion#12 (corpus 11926): torch 1.10 of CUDA 11.1 has V100 kernels; the project's op had none
    assert first(corpus("11926-")).slug == "extension-built-for-other-gpu-arch"


@pytest.mark.parametrize("text", [
    corpus("11775-"),  # emgucv/emgucv#376: Emgu CV 4.4 (compute 6.0 and higher) on a GTX 950
    corpus("11776-"),  # emgucv/emgucv#349: Emgu CV 4.3.0 on a GTX 970M, "No kernel image is available"
    corpus("11778-"),  # emgucv/emgucv#4: Emgu CV 3.3 (CUDA 9.0) on a Fermi GTX 570
])
def test_an_emgu_cv_release_below_its_stated_minimum_capability(text):
    assert first(text).slug == "gpu-arch-unsupported"


def test_an_emgu_cv_release_judged_against_its_cited_rows():
    table = matrix.default()
    assert table.software_gpu_support("emgucv", "4.4.0.4077", "5.2")["min_cc"] == "6.0"
    assert table.software_gpu_support("emgucv", "4.4.0.4077", "6.1") is None  # a Pascal card is inside the list
    assert table.software_gpu_support("emgucv", "4.5.1.4349", "5.2") is None  # no stated minimum for 4.5
    # a Pascal card with Emgu CV 4.4 named: nothing about its age
    text = "Video Card : GTX 1060\nEmguCv.cuda : 4.4.0.4077\nOpenCV: invalid device symbol"
    assert "gpu-arch-unsupported" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("11851-"),  # ComfyUI's embeddable Python: triton-windows' bundled compiler finds no Python.h
    # woct0rdho/triton-windows#113, a FramePack embedded Python
    "C:/Users/steven/AppData/Local/Temp/tmptw09ntof/cuda_utils.c:14: error: include file 'Python.h' not found",
    # woct0rdho/triton-windows#96: the include folder copied in without pyconfig.h
    "In file included from C:/Users/santh/AppData/Local/Temp/tmpcf9ftjcn/cuda_utils.c:13:\n"
    "E:/Comfy_UI/ComfyUI_windows_portable/python_embeded/Include/Python.h:12: error: include file 'pyconfig.h' not "
    "found",
])
def test_tccs_words_for_missing_python_headers(text):
    finding = first(text)
    assert finding.slug == "python-headers-missing"
    assert "Triton" in finding.message  # the file is Triton's launcher in a temporary folder


def test_another_missing_include_is_not_the_python_headers():
    assert "python-headers-missing" not in paste_slugs("main.c:3: error: include file 'cuda.h' not found",
                                                       diagnosed_only=True)


def test_a_retyped_triton_common_module_name():
    # woct0rdho/triton-windows#89 (corpus 11853): torch 2.3 beside Triton 3.1, typed with a space after the dot
    assert first(corpus("11853-")).slug == "framework-plugin-mismatch"


def test_lightgbms_misspelt_cuda_option_in_its_message_is_still_its_cpu_build():
    # lightgbm-org/LightGBM#6205's typo, "-DUSE_CUDAP=1", and the same message spelt right (corpus 3829)
    for text in ('[Fatal] CUDA Tree Learner was not enabled in this build.\n"Please recompile with CMake option '
                 '-DUSE_CUDAP=1"', corpus("3829-")):
        assert "cpu-only-build" in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("11780-"),  # shimat/opencvsharp: "GetCudaEnabledDeviceCount(); ... it always returns 0"
    corpus("6469-"),  # OpenCvSharp3: "`int count = Cv2.GetCudaEnabledDeviceCount();` is still 0."
    "cv2.cuda.getCudaEnabledDeviceCount() returns 0 on my RTX 3060",  # constructed: the call and result in one line
])
def test_opencv_counting_no_cuda_device_is_a_build_without_cuda(text):
    assert first(text).slug == "program-built-without-cuda"


@pytest.mark.parametrize("text", [
    "print(cv2.cuda.getCudaEnabledDeviceCount())\n1",  # a CUDA build seeing its GPU
    "cv2.cuda.getCudaEnabledDeviceCount() returns -1",  # OpenCV's answer for a missing or old driver
    "cv2.cuda.getCudaEnabledDeviceCount() returns 0.5 seconds later",  # not a count
])
def test_other_opencv_device_counts_are_not_a_build_without_cuda(text):
    assert "program-built-without-cuda" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text", [
    corpus("12750-"),  # facebookresearch/Detectron#370: caffe2's CUDA build falls back to the CPU without NCCL
    corpus("5685-"),  # CuPy's NCCL import in alpa
])
def test_nccl_not_found_by_the_loader(text):
    finding = first(text)
    assert finding.slug == "cuda-libraries-missing"
    assert "NCCL" in finding.message


@pytest.mark.parametrize("text", [
    corpus("12400-"),  # Acly/krita-ai-diffusion#1042: "CUDA wasnt able to be loaded", the apostrophe lost
    corpus("4617-"),  # CosyVoice: the same message with it
])
def test_onnx_runtimes_provider_not_loading_names_the_libraries_generically(text):
    finding = first(text)
    assert finding.slug == "cuda-libraries-missing" and finding.confidence == "likely"


def test_onnx_runtimes_provider_failing_with_its_cuda_present_is_not_claimed_as_cuda_missing():
    # corpus 3706: onnxruntime-gpu 1.19 (CUDA 12, cuDNN 9) beside CUDA 12.1; the cause was its cuDNN 8
    finding = first(corpus("3706-"))
    assert finding is None or finding.confidence != "confirmed"


@pytest.mark.parametrize("text, loaded", [
    (corpus("12359-"), "6.x"),  # soumith/cudnn.torch#359
    # torch/torch7#1106
    ("cudnn/ffi.lua:1618: These bindings are for CUDNN 5.x (5005 <= cudnn.version > 6000) , while the loaded CuDNN is "
     "version: 7004", "7.x"),
])
def test_lua_torchs_cudnn_bindings_for_another_major(text, loaded):
    finding = first(text)
    assert finding.slug == "cudnn-version-mismatch"
    assert loaded in finding.message


def test_tensorflows_first_cudnn_check():
    # tensorflow/tensorflow#1987's example of the check it added
    text = ("E tensorflow/stream_executor/cuda/cuda_dnn.cc:298] Loaded cudnn library: 4007 but source was compiled "
            "against 5004.  If using a binary install, upgrade your cudnn library to match.")
    assert first(text).slug == "cudnn-version-mismatch"


@pytest.mark.parametrize("version, removed", [("1.0.1", False), ("2.10.1", False), ("2.12.0", True)])
def test_only_the_tensorflow_gpu_stub_is_its_removal(version, removed):
    text = f"tensorflow-gpu=={version}\ntensorflow==2.10.0"
    assert ("framework-end-of-life" in paste_slugs(text)) is removed


@pytest.mark.parametrize("text, gpu", [
    (corpus("12700-"), "Quadro K4200"),  # heterodb/pg-strom#241
    # heterodb/pg-strom#262
    ("LOG:  GPU0 Quadro K600 (1 SMs, 875MHz), L2 256KB, RAM 980MB (128bits, 891MHz), capability 3.0, NOT SUPPORTED\n"
     "FATAL:  No supported CUDA devices, PG-Strom was disabled", "Quadro K600"),
    # heterodb/pg-strom#366
    ("LOG:  PG-Strom: GPU0 Tesla K80 - CC 3.7 is not supported\nFATAL:  PG-Strom: no supported GPU devices found",
     "Tesla K80"),
])
def test_pg_strom_refusing_a_gpu_below_its_minimum(text, gpu):
    finding = first(text)
    assert finding.slug == "gpu-arch-unsupported" and gpu in finding.message


def test_pg_strom_listing_a_gpu_it_supports_is_not_a_refusal():
    text = ("LOG:  GPU0 Tesla V100-PCIE-16GB (80 SMs, 1380MHz), L2 6144KB, RAM 16130MB (4096bits, 877MHz), "
            "capability 7.0")
    assert "gpu-arch-unsupported" not in paste_slugs(text, diagnosed_only=True)
