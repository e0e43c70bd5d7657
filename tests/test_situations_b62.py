"""Situations met in session 75, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


@pytest.mark.parametrize("text, dll", [
    (corpus("9745-"), "caffe2_detectron_ops_gpu.dll"),
    (corpus("5475-"), "caffe2_detectron_ops_gpu.dll"),  # a localised Windows, its words garbled in the paste
    # cszn/KAIR#127
    ('OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading '
     '"D:\\Anaconda\\envs\\swin-train\\lib\\site-packages\\torch\\lib\\shm.dll" or one of its dependencies.',
     "shm.dll"),
    # yassouali/pytorch-segmentation#118: a Chinese Windows
    ('OSError: [WinError 1455] 页面文件太小，无法完成操作。 Error loading "F:\\anaconda3\\envs\\pytorch\\lib\\site-packages'
     '\\torch\\lib\\caffe2_detectron_ops_gpu.dll" or one of its dependencies.', "caffe2_detectron_ops_gpu.dll"),
])
def test_windows_commit_limit_while_loading_torch_dlls_names_the_page_file(text, dll):
    found = first(text)
    assert found.code == "SYS029" and found.confidence != "possible"
    assert dll in found.message
    assert any("Virtual memory" in line for line in found.fix)


def test_windows_commit_limit_in_spawned_dataloader_workers_says_each_worker_loads_torch_again():
    # ultralytics/yolov3#1643: the traceback runs through the worker's spawn.py
    text = ('  File "C:\\ProgramData\\Anaconda3\\lib\\multiprocessing\\spawn.py", line 125, in _main\n'
            "    prepare(preparation_data)\n"
            '[WinError 1455] The paging file is too small for this operation to complete. Error loading '
            '"C:\\ProgramData\\Anaconda3\\lib\\site-packages\\torch\\lib\\caffe2_detectron_ops_gpu.dll" or one of '
            "its dependencies.")
    found = first(text)
    assert found.code == "SYS029" and "worker processes" in found.message
    assert "spawn.py" in found.evidence["workers"]


@pytest.mark.parametrize("text", [
    # constructed: a DLL that Windows could not find is another matter (error 126)
    'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\venv\\lib\\site-packages'
    '\\torch\\lib\\c10.dll" or one of its dependencies.',
    # constructed: the host running out of memory on Linux
    "RuntimeError: DataLoader worker (pid 1234) is killed by signal: Killed.",
])
def test_other_load_and_memory_failures_are_not_the_windows_commit_limit(text):
    assert "windows-pagefile-too-small-for-cuda-dlls" not in paste_slugs(text)


@pytest.mark.parametrize("text, python", [
    (corpus("9724-"), ""),  # a Colab whose Python had moved on: no Python in the paste, a Linux x86-64 wheel
    (corpus("1928-"), "3.11"),
    # a Chinese DeepSpeed setup note: the script's pip belonged to another Python than the conda environment's 3.7
    ("报错原因在于，脚本中执行的pip使用了本地.local中的pip，而其版本和conda环境deepspeed下的python3.7不同，导致报错：`ERROR: "
     "apex-0.1-cp37-cp37m-linux_x86_64.whl is not a supported wheel on this platform`", ""),
])
def test_pip_refusing_a_wheel_for_another_cpython_names_the_wheels_python(text, python):
    found = first(text)
    assert found.slug == "python-unsupported" and found.confidence == ("confirmed" if python else "likely")
    assert found.evidence["wheel_python"] in found.message
    assert found.evidence.get("python.version", "").startswith(python)


@pytest.mark.parametrize("text", [
    corpus("8175-"),  # a ppc64le wheel for the Python 3.6 in use, on an x86 Ubuntu: the platform refused it
    # MindSpore's Docker build line, with what follows constructed: the wheel's Python is the one in use, or the
    # machine is another architecture than the wheel's
    "Python 3.7.5\n#13 0.506 ERROR: mindspore-1.9.0-cp37-cp37m-linux_x86_64.whl is not a supported wheel on this "
    "platform.",
    "#13 0.506 ERROR: mindspore-1.9.0-cp37-cp37m-linux_x86_64.whl is not a supported wheel on this platform.\n"
    "$ uname -m\naarch64",
])
def test_a_wheel_refused_for_its_platform_is_not_called_a_python_mismatch(text):
    assert "python-unsupported" not in paste_slugs(text)


def test_an_x86_wheel_refused_on_a_jetson_stays_the_platforms_finding():
    assert first(corpus("678-")).slug == "no-cuda-build-for-platform"


@pytest.mark.parametrize("text, wanted", [
    (corpus("9990-"), "old"),  # an op built with -D_GLIBCXX_USE_CXX11_ABI=0 beside a conda TensorFlow
    (corpus("9994-"), "new"),  # an op built against conda's TensorFlow, loaded by pip's
    (corpus("9992-"), "new"),
    (corpus("6486-"), "old"),  # tensorflow-addons' wheel beside a TensorFlow built from source
])
def test_an_op_library_missing_a_string_symbol_of_the_other_abi_names_the_abi_flag(text, wanted):
    found = first(text)
    assert found.code == "FW023" and found.evidence["op_string_abi"] == wanted
    assert any("get_compile_flags" in line for line in found.fix)


def test_an_op_library_of_the_new_abi_beside_a_pip_tensorflow_before_2_9_is_confirmed():
    # tensorflow#1569's symbol (its zero_out op built with gcc 5) with the TensorFlow release stated (constructed)
    text = ("tensorflow 2.4.1\n"
            "tensorflow.python.framework.errors_impl.NotFoundError: ./zero_out.so: undefined symbol: "
            "_ZN10tensorflow8internal21CheckOpMessageBuilder9NewStringB5cxx11Ev")
    found = first(text)
    assert found.code == "FW023" and found.confidence == "confirmed"
    assert found.evidence["tensorflow_string_abi"] == "old"


@pytest.mark.parametrize("text", [
    corpus("8431-"),  # a TSL symbol that takes no string: tensorflow-io built for another TensorFlow release
    # the same zero_out symbol of the new ABI beside a TensorFlow whose pip build uses it (constructed)
    "tensorflow 2.12.0\n./zero_out.so: undefined symbol: "
    "_ZN10tensorflow8internal21CheckOpMessageBuilder9NewStringB5cxx11Ev",
])
def test_an_op_library_missing_a_symbol_the_abi_does_not_explain_stays_a_release_mismatch(text):
    slugs = paste_slugs(text)
    assert "extension-cxx11-abi-mismatch" not in slugs
    assert slugs[0] == "framework-plugin-mismatch"


@pytest.mark.parametrize("text, wanted, asked_by", [
    (corpus("9744-"), "12", "cublas64_12.dll"),  # retold: "it needed cublas64_12.dll", beside CUDA 11.8
    (corpus("9921-"), "9.0", "nvrtc64_90.dll"),  # dumpbin's finding retold: "a depency on nvrtc64_90.dll"
    (corpus("9764-"), "10.2", "JCurand-10.2.0-windows-x86_64"),  # JCuda's natives bind their own CUDA release
    (corpus("9920-"), "11.2", "JNvrtc-11.2.0-windows-x86_64"),
])
def test_a_library_built_for_one_cuda_release_named_as_needed_is_that_releases_libraries(text, wanted, asked_by):
    found = first(text)
    assert found.code == "LIB004" and found.confidence != "possible"
    assert found.evidence.get("wanted_cuda_major") == wanted and asked_by in found.evidence["asked_by"]


def test_jcuda_natives_on_a_jetson_are_not_a_cuda_release_apart():
    # jcuda/jcuda#46: Maven's JCuda has no aarch64 natives at all
    named = [f.slug for f in paste_findings(corpus("9763-")) if f.confidence != "possible"]
    assert "cuda-libraries-missing" not in named


def test_a_cuda_library_found_is_not_one_needed():
    # constructed: a loader's success, worded with the library first
    assert "cuda-libraries-missing" not in paste_slugs("Loaded cublas64_12.dll from C:\\CUDA\\v12.4\\bin: OK")


@pytest.mark.parametrize("text", [corpus("5639-"), corpus("9884-"), corpus("9883-")])
def test_lightgbm_asking_to_recompile_with_its_gpu_option_is_a_cpu_only_build(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and "LightGBM" in found.message


@pytest.mark.parametrize("text", [
    corpus("9882-"),  # the attribute retold without its closing quote
    # facebookresearch/faiss's users, the whole line
    "AttributeError: module 'faiss' has no attribute 'StandardGpuResources'",
])
def test_faiss_without_its_gpu_classes_is_a_cpu_only_build(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and "Faiss" in found.message


def test_a_lightgbm_build_command_with_the_gpu_option_is_not_the_complaint():
    # 9884's build command alone (LightGBM#715)
    text = ('sudo cmake -DUSE_GPU=1 -DOpenCL_LIBRARY=/usr/local/cuda-8.0/lib64/libOpenCL.so '
            '-DOpenCL_INCLUDE_DIR=/usr/local/cuda-8.0/include/ ..')
    assert "cpu-only-build" not in paste_slugs(text)


@pytest.mark.parametrize("text, api", [
    (corpus("3614-"), "IBuilderConfig.max_workspace_size"),  # an old Ultralytics exporter
    (corpus("9954-"), "Builder.build_engine"),
    (corpus("9953-"), "ICudaEngine.getNbBindings"),
    # NVIDIA/trt-samples-for-hackathon-cn#104, on TensorRT 10.0.6
    ("AttributeError: 'tensorrt.tensorrt.ICudaEngine' object has no attribute 'get_binding_shape'",
     "ICudaEngine.get_binding_shape"),
    # hellovuong/stella_vslam#2: gcc naming the class through an alias
    ("buffers.h:253:38: error: ‘using element_type = class nvinfer1::ICudaEngine’ {aka ‘class nvinfer1::ICudaEngine’} "
     "has no member named ‘getNbBindings’", "ICudaEngine.getNbBindings"),
    # NVIDIA/TensorRT#4133: VS Code's IntelliSense on TensorRT 10.4
    ('class "nvinfer1::ICudaEngine" has no member "getNbBindings"C/C++(135)', "ICudaEngine.getNbBindings"),
])
def test_code_for_tensorrt_8_calling_what_tensorrt_10_removed_names_the_call(text, api):
    found = first(text)
    assert found.code == "LIB024" and found.evidence["removed_api"] == api


@pytest.mark.parametrize("text", [
    # constructed: a member that TensorRT 10 still has, misspelt in a project's code
    "error: ‘class nvinfer1::ICudaEngine’ has no member named ‘getNbIOTensorz’",
    # constructed: another library's object with an attribute of the same name
    "AttributeError: 'Booster' object has no attribute 'num_bindings'",
])
def test_other_missing_members_are_not_tensorrt_10s_removals(text):
    assert "tensorrt-too-new-for-project" not in paste_slugs(text)
