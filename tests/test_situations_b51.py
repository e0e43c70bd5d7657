"""Situations met in session 64, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("5826-"),  # xmrig/xmrig-nvidia#247: "Program compile log: nvrtc: error: failed to load builtins"
    # NVRTC before CUDA 11 in other programs' reports (issues corpus): CuPy (cupy/cupy#1660), OpenMM
    # (openmm/openmm#1485, settled as "a library path issue"), torch's fuser (aim-uofa/AdelaiDet#345)
    "It throws \"CompileException: nvrtc: error: failed to load builtins\".",
    "Exception: Error compiling program: nvrtc: error: failed to load builtins",
    "RuntimeError: nvrtc: error: failed to load builtins for compute_75.\nnvrtc compilation failed:",
    # numba-cuda#196 quoting numba's error before it showed NVRTC's log
    "numba.cuda.cudadrv.error.NvrtcError:\n  Failed to call nvrtcCompileProgram: NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
])
def test_nvrtc_unable_to_load_its_builtins_is_a_cuda_library_missing(text):
    found = first(text)
    assert found.slug == "cuda-libraries-missing"
    assert "builtins" in found.evidence["library"]


def test_nvrtc_naming_the_builtins_file_keeps_its_cuda_major():
    # flashlight/flashlight#124: NVRTC 11 names the file, whose major the fix names
    text = ("NVRTC Error(7): NVRTC_ERROR_BUILTIN_OPERATION_FAILURE\nLog: \nnvrtc: error: failed to open "
            "libnvrtc-builtins.so.11.1.\n  Make sure that libnvrtc-builtins.so.11.1 is installed correctly.")
    found = first(text)
    assert found.slug == "cuda-libraries-missing" and found.evidence["wanted_cuda_major"] == "11"


def test_nvrtc_refusing_an_architecture_is_tk019_not_its_builtins_missing():
    # pytorch/pytorch#87595's wording, quoted in notes found by find_string: an NVRTC too old for the GPU
    assert first("RuntimeError: nvrtc: error: invalid value for --gpu-architecture (-arch)").slug == \
        "nvrtc-toolkit-too-old"


@pytest.mark.parametrize("text", [
    corpus("5988-"),  # LuxCoreRender/BlendLuxCore#535: "nvrtc: error: failed to open libnvrtc-builtins.so."
])
def test_nvrtc_unable_to_open_an_unversioned_builtins_library_is_a_cuda_library_missing(text):
    found = first(text)
    assert found.slug == "cuda-libraries-missing" and "builtins" in found.evidence["library"]


@pytest.mark.parametrize("text", [
    corpus("6025-"),  # bmaltais/kohya_ss#1647, a compose file listing no capabilities: "with capabilities: [[]]"
    # AbdBarho/stable-diffusion-webui-docker#743's title, a reservation listing compute and utility
    'Error response from daemon: could not select device driver "nvidia" with capabilities: [[compute utility]]',
])
def test_docker_unable_to_select_the_nvidia_driver_for_any_capabilities_is_the_toolkit_missing(text):
    assert first(text).slug == "container-toolkit-missing"


@pytest.mark.parametrize("text", [
    corpus("6053-"),  # seanavery/yolov5-tensorrt#7, TensorRT 6 on JetPack
    # a TX2 on JetPack 4.3 loading a RetinaNet engine (found by find_string)
    "../rtSafe/coreReadArchive.cpp (38) - Serialization Error in verifyHeader: 0 (Version tag does not match)\n"
    "INVALID_STATE: std::exception\nINVALID_CONFIG: Deserialize the cuda engine failed.",
])
def test_tensorrt_version_tag_without_numbers_is_an_engine_from_another_release(text):
    assert first(text).slug == "tensorrt-engine-version-mismatch"


def test_the_drivers_jit_refusing_ptx_on_a_wrapped_line_is_the_driver_not_a_ptxas_on_path():
    # hashcat/hashcat#4728: "ptxas application ptx input, line 9; fatal:" with the version on the next line
    assert paste_slugs(corpus("6020-"))[:1] == ["driver-too-old"]
    # the same words on one line, corpus 1331 (hashcat on driver 460)
    assert paste_slugs(corpus("1331-"))[:1] == ["driver-too-old"]


def test_a_ptxas_binary_refusing_ptx_stays_an_old_ptxas_on_path():
    # the ptxas binary names its file, not "application ptx input" (Triton's words in the rule's docstring)
    text = "ptxas /tmp/tmpab12cd.ptx, line 5; fatal   : Unsupported .version 7.3; current version is '7.2'"
    assert first(text).slug == "old-ptxas-on-path"


@pytest.mark.parametrize("text, header", [
    (corpus("6000-"), "THC/THC.h"),  # horovod/horovod#3425, Horovod 0.23 against torch 1.11.0-rc4
    # MVIG-SJTU/AlphAction#84 and PJLab-ADG/DetZero#19 (gcc in Chinese), both from the issues corpus
    ("I tried to install the repo with pytorch 1.11.0+cu115 and I got the following error.\n"
     "AlphAction/alphaction/csrc/cuda/ROIPool3d_cuda.cu:4:10: fatal error: THC/THC.h: No such file or directory",
     "THC/THC.h"),
    ("fatal error: THC/THC.h: 没有那个文件或目录\n好像是pytorch版本太高了，我的版本是2.0.1", "THC/THC.h"),
    # open-mmlab/mmcv#1582's title
    ("fatal error: THC/THCDeviceUtils.cuh: No such file or directory #include <THC/THCDeviceUtils.cuh>",
     "THC/THCDeviceUtils.cuh"),
])
def test_an_extension_including_thc_headers_predates_its_torch(text, header):
    found = first(text)
    assert found.slug == "framework-plugin-mismatch" and found.evidence["header"] == header


def test_thc_missing_under_a_torch_that_still_has_it_is_not_called_too_new():
    # corpus 4484: ESPnet's build under torch 1.4, which still ships THC; the cause is another
    assert "framework-plugin-mismatch" not in paste_slugs(corpus("4484-"))


def test_docker_run_quoted_or_after_a_python_prompt_is_read_as_a_command():
    from envcheck.rules.container import runs_without_gpus, runs_with_gpus
    # EasyNMT's user (corpus 5934) and robosat's (corpus 6054)
    assert runs_without_gpus(['- started new easynmt instance with "docker run -d --name easynmt --restart always '
                              '-v /easynmt_cache:/cache -p 24080:80 easynmt/api:2.0-cuda11.1"'])
    assert runs_without_gpus([">>>sudo docker run -it --rm -v $PWD:/data --ipc=host --network=host "
                              "mapbox/robosat:latest-cpu predict --tile_size 256"])
    # corpus 1320: a quoted command that asks for the GPUs
    assert runs_with_gpus(['I ran this command "docker run --rm --gpus all alphafold3 python -c "import jax"" and got'])


def test_a_container_run_without_gpus_where_torch_sees_none_is_ctr001():
    assert first(corpus("5934-")).slug == "container-no-gpu"  # UKPLab/EasyNMT#32
