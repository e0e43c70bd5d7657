"""Situations met in session 76, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, part", [
    (corpus("1742-"), "OptiX"),  # NVIDIA/pyxis#103: a Slurm job's container
    (corpus("6673-"), "OpenGL"),  # nvidia-docker2 and Gazebo
    # NVIDIA/nvidia-docker#1545, on a cloud notebook built from nvidia/cuda (its docker command as the thread's answer
    # gave it, before the capability was added)
    ("docker run --gpus all -it nvidia/cuda:11.1.1-devel-ubuntu18.04\n"
     "Trying to run my application on the cloud I get OptiX error 7804 (OPTIX_ERROR_LIBRARY_NOT_FOUND)", "OptiX"),
])
def test_graphics_failure_in_a_gpu_container_names_the_missing_graphics_capability(text, part):
    found = first(text)
    assert found.code == "CTR030" and found.confidence != "possible"
    assert part in found.message
    assert any("NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics" in line for line in found.fix)


def test_graphics_capability_set_without_graphics_is_confirmed_and_quoted():
    # constructed: the pyxis report with the capabilities its job set
    text = ("NVIDIA_DRIVER_CAPABILITIES=compute,utility srun -p gpu --container-image=nvcr.io#nvidia/cuda --gpus=1 "
            "./rtxcuda\nrtx_functions.h:47 Optix Error: 'Library not found'")
    found = first(text)
    assert found.code == "CTR030" and found.confidence == "confirmed"
    assert "'compute,utility'" in found.message


@pytest.mark.parametrize("text", [
    # constructed: graphics given, in each of the ways it is written
    "docker run --gpus all -e NVIDIA_DRIVER_CAPABILITIES=all image\nOptiX error 7804 (OPTIX_ERROR_LIBRARY_NOT_FOUND)",
    "docker run --gpus 'all,\"capabilities=compute,utility,graphics\"' image\n"
    "libGL error: failed to load driver: swrast",
    "ENV NVIDIA_DRIVER_CAPABILITIES ${NVIDIA_DRIVER_CAPABILITIES:+$NVIDIA_DRIVER_CAPABILITIES,}graphics\n"
    "docker run --gpus all image\nlibGL error: No matching fbConfigs or visuals found",
    # 78ij/NU-NeRF#2: OptiX outside any container (a driver without OptiX, not a container's capabilities)
    "RuntimeError: OPTIX_ERROR_LIBRARY_NOT_FOUND: Library not found\nException ignored in: 'optix.common.optix_init'",
    # constructed: a Flatpak app (DRV021's), compared with a container that works
    "It works in docker run --gpus all, but flatpak run org.gazebo.Gazebo fails:\n"
    "libGL error: failed to load driver: swrast",
])
def test_graphics_failure_is_not_put_on_the_capabilities_where_graphics_was_given_or_no_container_ran(text):
    assert "container-driver-capabilities-lack-graphics" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("4288-"),  # carla-simulator/carla#8566: CARLA 0.10 (Unreal Engine 5) started with --gpus all alone
    # constructed from Unreal Engine 5's VulkanRHI message, in an AirSim container
    "docker run --gpus all airsim:ue5\nVulkan failed to select physical device after passing profile checks.",
])
def test_unreal_engine_5_finding_no_vulkan_device_in_a_container_names_the_missing_icd(text):
    found = first(text)
    assert found.code == "DRV031" and found.confidence != "possible"


@pytest.mark.parametrize("text, plugin", [
    (corpus("10303-"), "NVIDIA Docker: 1.0.1"),  # cedricxie/apollo_perception_ros#8
    # NVIDIA/nvidia-docker#686
    ("sudo docker run --runtime=nvidia --rm nvidia/cuda nvidia-smi\n"
     "docker: Error response from daemon: OCI runtime create failed: unable to retrieve OCI runtime error (open "
     "/run/docker/containerd/daemon/io.containerd.runtime.v1.linux/moby/97b8b155759b/log.json: no such file or "
     "directory): fork/exec /usr/bin/nvidia-container-runtime: no such file or directory: unknown.", ""),
    # NVIDIA/nvidia-docker#1190
    ('Docker: Error response from daemon: OCI runtime create failed: unable to retrieve OCI runtime error exec: '
     '"nvidia-container-runtime": executable file not found in $PATH: : unknown.', ""),
])
def test_runtime_registered_without_its_program_names_the_missing_nvidia_container_runtime(text, plugin):
    found = first(text)
    assert found.code == "CTR002" and found.confidence == "confirmed"
    assert "nvidia-container-runtime, is not installed" in found.message
    assert (plugin in found.message) if plugin else "plugin" not in found.message


def test_another_runtime_program_missing_is_not_put_on_the_nvidia_toolkit():
    # constructed: runc itself missing
    text = "docker: Error response from daemon: fork/exec /usr/bin/runc: no such file or directory: unknown."
    assert "container-toolkit-missing" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, api, release", [
    (corpus("10160-"), "IBuilder.buildSerializedNetwork", "8.0"),  # TensorRT 7.2.3.4
    (corpus("10154-"), "IExecutionContext.setOutputTensorAddress", "10.0"),  # TensorRT 8.6, kBF16 missing too
    (corpus("10157-"), ".onnxparser", "4.0"),  # TensorRT 3.0's Python API
    # NVIDIA-AI-IOT/CUDA-PointPillars#33 (settled: an earlier TensorRT, use destroy())
    ("error: ‘virtual nvinfer1::IExecutionContext::~IExecutionContext()’ is protected within this context",
     "delete on nvinfer1::IExecutionContext objects", "8.0"),
    # wang-xinyu/tensorrtx#1175 on TensorRT 7, the quotes turned to underscores by Markdown
    ("real-esrgan.cpp:120:12: error: _virtual nvinfer1::INetworkDefinition::~INetworkDefinition()_ is protected within "
     "this context", "delete on nvinfer1::INetworkDefinition objects", "8.0"),
    # FeiYull/TensorRT-Alpha#39: a Chinese MSVC
    ("errorC2248 “nvinfer1::ICudaEngine::~ICudaEngine”: 无法访问 protected 成员(在“nvinfer1::ICudaEngine”类中声明) "
     "(编译源文件 yolov8.cpp)", "delete on nvinfer1::ICudaEngine objects", "8.0"),
])
def test_code_calling_an_api_a_later_tensorrt_added_names_the_release_it_needs(text, api, release):
    found = first(text)
    assert found.code == "LIB025" and found.confidence != "possible"
    assert found.evidence["api"] == api and found.evidence["added_in"] == release


def test_tensorrt_too_old_on_a_jetson_sends_the_user_to_a_newer_jetpack():
    found = first(corpus("9951-"))  # tensorrtx on JetPack 4.4 (TensorRT 7.1.3)
    assert found.code == "LIB025" and found.evidence["tensorrt"] == "7.1.3"
    assert "JetPack" in found.fix[0]


@pytest.mark.parametrize("text", [
    # constructed: the report names a TensorRT that has the call, so the build found another one
    "TensorRT 8.6.1.6\nerror: 'class nvinfer1::IBuilder' has no member named 'buildSerializedNetwork'",
    # constructed: a member no TensorRT release added
    "error: 'class nvinfer1::IBuilder' has no member named 'buildMyEngine'",
])
def test_missing_tensorrt_member_is_not_put_on_an_old_tensorrt_without_cause(text):
    assert "tensorrt-too-old-for-project" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("text, api, removed", [
    (corpus("10150-"), "IExecutionContext.getBindingDimensions", "10.0"),  # a Chinese MSVC, TensorRT 10.0
    (corpus("10153-"), "Builder.build_cuda_engine", "8.0"),  # TensorRT 5 code on 8.4
    (corpus("10159-"), "IBuilder.buildEngineWithConfig", "10.0"),  # DeepStream 7.1's TensorRT 10.3
])
def test_code_calling_an_api_tensorrt_removed_names_the_release_that_removed_it(text, api, removed):
    found = first(text)
    assert found.code == "LIB024" and found.evidence["removed_api"] == api
    assert found.evidence["removed_in"] == removed


def test_builder_workspace_setting_is_told_apart_from_the_builder_configs():
    # constructed from the two classes' histories: IBuilder's went in 8.0, IBuilderConfig's in 10.0
    old = first("error: 'class nvinfer1::IBuilder' has no member named 'setMaxWorkspaceSize'")
    new = first("error: 'class nvinfer1::IBuilderConfig' has no member named 'setMaxWorkspaceSize'")
    assert old.evidence["removed_in"] == "8.0" and new.evidence["removed_in"] == "10.0"
    assert "TensorRT 7 or older" in old.message and "TensorRT 8 or older" in new.message


def test_fixes_for_tensorrt_releases_pip_never_had_name_the_packages():
    # 10153: TensorRT 5 code on 8.4, whose calls end with 7.2, which was never on PyPI
    assert "install TensorRT 7.2" in first(corpus("10153-")).fix[0]
    # 10157: TensorRT 3's Python API lacking the parser only 4.x had (5.0 replaced that API)
    assert "until TensorRT 5.0" in first(corpus("10157-")).fix[0]
    # constructed: Python code for TensorRT 8 on TensorRT 10, whose last release before is on PyPI
    found = first("AttributeError: 'tensorrt_bindings.tensorrt.Builder' object has no attribute 'build_engine'")
    assert found.fix[0].startswith('pip install "tensorrt<10"')
