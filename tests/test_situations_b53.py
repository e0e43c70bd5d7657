"""Situations met in session 66, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


def test_tensorflow_answering_it_was_not_built_with_cuda_is_a_cpu_only_build():
    # conda-forge/tensorflow-feedstock#367: a package named for CUDA 12.0 whose build answers False at the prompt
    found = first(corpus("6350-"))
    assert found.slug == "cpu-only-build" and found.evidence["frameworks.tensorflow.accelerator"] == "cpu"


def test_tensorflow_answering_true_is_not_read_as_a_cpu_only_build():
    text = corpus("6350-").replace("is_built_with_cuda()\nFalse", "is_built_with_cuda()\nTrue")
    assert "is_built_with_cuda()\nTrue" in text
    assert "cpu-only-build" not in paste_slugs(text)


def test_tensorflow_past_2_10_on_native_windows_answering_false_is_the_platform_not_the_install():
    # 969, tensorflow/tensorflow#62080: 2.14 on Windows 10 answers False twice; every build there is CPU-only
    assert first(corpus("969-")).slug == "framework-end-of-life"
    assert "cpu-only-build" not in paste_slugs(corpus("969-"))


@pytest.mark.parametrize("text, major", [
    (corpus("4773-"), "11"),  # janhq/jan#1946: "the program looks for libcudart.so.11.7, whereas I'm on cuda 12"
    (corpus("542-"), "10"),  # "looking for libcudart.so.10 when libcudart.so.11 installed"
])
def test_a_program_retold_as_looking_for_one_releases_runtime_is_that_release_missing(text, major):
    found = first(text)
    assert found.slug == "cuda-libraries-missing"
    assert major in (found.evidence.get("wanted_cuda_major") or found.evidence.get("wanted_cuda"))


@pytest.mark.parametrize("text", [
    corpus("6121-"),  # Unity-Technologies/ml-agents: 'i have error like "cudart64_90.dll" not found'
    # the double-quoted form programs print for a DLL they looked for ('Library "sqlite.dll" not found.', a Delphi
    # SQLite unit found by find_string), with a CUDA 11 DLL
    'Library "cublas64_11.dll" not found.',
])
def test_a_cuda_dll_named_in_double_quotes_as_not_found_is_read(text):
    assert first(text).slug == "cuda-libraries-missing"


def test_a_search_for_a_library_that_found_it_is_not_read_as_missing():
    text = "Looking for CUDA runtime... searching for libcudart.so.12: found /usr/local/cuda/lib64/libcudart.so.12"
    assert "cuda-libraries-missing" not in paste_slugs(text)


def test_paddles_note_of_a_cuda_runtime_older_than_the_gpu_is_a_build_without_its_kernels():
    # PaddlePaddle/PaddleDetection#3418: a CUDA 10.2 build on an RTX 3050 laptop (8.6, first known to CUDA 11.1) hangs
    found = first(corpus("4111-"))
    assert found.slug == "gpu-arch-not-in-build"
    assert found.evidence["runtime_cuda"] == "10.2" and found.evidence["compute_capability"] == "8.6"


def test_paddles_note_ranks_after_an_error_the_report_shows():
    # PaddlePaddle/PaddleDetection#5795: the same note above cuDNN not found, which is what stopped the run
    assert first(corpus("1201-")).slug == "cudnn-missing"
    assert "gpu-arch-not-in-build" in paste_slugs(corpus("1201-"))


def test_paddles_note_of_a_runtime_that_knows_the_gpu_is_no_finding():
    # the note as Paddle 3 prints it (PaddlePaddle/PaddleX#3613's wording), with a CUDA 12.8 runtime on an RTX 5090
    text = ("W0314 08:10:05.641788    45 gpu_resources.cc:119] Please NOTE: device: 0, GPU Compute Capability: 12.0, "
            "Driver API Version: 12.8, Runtime API Version: 12.8")
    assert "gpu-arch-not-in-build" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("6652-"),  # RosettaCommons/RoseTTAFold#6: "Operator Range does not support cuda device."
    # install notes of a DGL pip wheel without CUDA (found by find_string)
    "Error: /opt/dgl/src/array/array.cc:862: Operator DisjointUnionCoo does not support cuda device.",
])
def test_a_dgl_operator_without_its_cuda_kernel_is_a_cpu_dgl(text):
    found = first(text)
    assert found.slug == "cpu-only-build" and "DGL" in found.message


def test_a_library_saying_it_does_not_support_cuda_devices_in_other_words_is_not_dgl():
    # a numpy backend's own warning (found by find_string): no DGL source path, no DGL
    text = "WARNING: numpy backend does not support cuda device. Switching to cpu device"
    assert not any("DGL" in finding.message for finding in paste_findings(text))


@pytest.mark.parametrize("text, cc", [
    (corpus("6774-"), "6.1"),  # omacom/omarchy#2039: two GTX 1080 Ti under Arch's ollama-cuda package
    # a build-notes page's error line for a Turing card (found by find_string)
    ("ERROR: ggml was not compiled with any CUDA arch <= 750", "7.5"),
])
def test_ggml_finding_no_architecture_at_or_below_the_gpu_is_a_gpu_older_than_the_build(text, cc):
    found = first(text)
    assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == cc


@pytest.mark.parametrize("text, runs, needs", [
    (corpus("6671-"), "11.2", "11.4"),  # 4DVLab/DexGrasp-Anything#5: Isaac Gym's check, cuDriverGetVersion's integers
    # NVIDIA Warp's warning as its installation notes give it
    ("Warp UserWarning:\n   Insufficient CUDA driver version.\n   The minimum required CUDA driver version is 12.0, but "
     "the installed CUDA driver version is 11.8.", "11.8", "12.0"),
])
def test_a_simulator_stating_the_drivers_cuda_below_its_floor_is_a_driver_too_old(text, runs, needs):
    found = first(text)
    assert found.slug == "driver-too-old"
    assert found.evidence["driver_cuda"] == runs and found.evidence["program_cuda"] == needs


@pytest.mark.parametrize("text, major", [
    (corpus("6913-"), "11"),  # TabbyML/tabby#4117: the cuda117 build's llama-server "exited with status code -1073741515"
    (corpus("6318-"), ""),  # Mintplex-Labs/anything-llm#1795: "llama runner process has terminated: exit status 0xc0000135"
])
def test_windows_stopping_a_program_for_a_missing_dll_is_read_with_the_builds_cuda(text, major):
    found = first(text)
    assert found.slug == "cuda-libraries-missing" and "0xC0000135" in found.message
    assert found.evidence.get("build_cuda_major", "") == major


def test_an_exit_code_that_is_not_the_missing_dll_status_is_not_read_so():
    # 0xc0000005 is an access violation: the program ran and crashed
    text = "llama runner process has terminated: exit status 0xc0000005"
    assert "cuda-libraries-missing" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("6750-"),  # facebookresearch/pytorch3d#1566: a Chinese MSVC, "无法打开包括文件: “corecrt.h”"
    # the English words the same error has
    "crtdefs.h(10): fatal error C1083: Cannot open include file: 'corecrt.h': No such file or directory",
])
def test_msvc_missing_a_c_runtime_header_in_any_language_is_the_windows_sdk(text):
    assert first(text).slug == "windows-sdk-missing-for-cuda-build"


def test_msvc_missing_a_projects_own_header_is_not_the_windows_sdk():
    # a header of the project's own, as Chinese build notes quote it (found by find_string)
    text = 'fatal error C1083: 无法打开包括文件: "alg/grpc/i_algorithm_processor.h"'
    assert "windows-sdk-missing-for-cuda-build" not in paste_slugs(text)


@pytest.mark.parametrize("text, missing", [
    (corpus("6756-"), ["cudart"]),  # cudpp/cudpp#72: CUDA 3.2 moved the import libraries under lib\x64
    # Rust CUDA crates' build notes for a machine without the toolkit's lib\x64 on the linker's path
    ("LINK : fatal error LNK1181: cannot open input file 'cuda.lib'", ["cuda"]),
])
def test_msvcs_linker_missing_a_cuda_import_library_is_the_toolkits_lib_directory(text, missing):
    found = first(text)
    assert found.slug == "cuda-dev-libs-not-on-linker-path" and found.evidence["missing"] == missing
    assert any("lib\\x64" in step for step in found.fix)


@pytest.mark.parametrize("text", [
    corpus("6771-"),  # negativo17/nvidia-driver#97: a Fedora 30 module kept in weak-updates after the upgrade to 31
    # a kernel log for a module built for 6.5 on a 6.8 kernel (found by find_string)
    "[  124.512014] nvidia: version magic '6.5.0-28-generic SMP preempt mod_unload modversions' should be "
    "'6.8.0-40-generic SMP preempt mod_unload modversions'",
    # a SLES 16.0 module on a 16.1 kernel (found by find_string)
    "nvidia: disagrees about version of symbol module_layout",
])
def test_the_kernel_refusing_a_module_built_for_another_kernel_is_a_module_not_built_for_this_one(text):
    found = first(text)
    assert found.slug == "driver-not-built-for-kernel" and "built for another kernel" in found.message


def test_another_modules_version_magic_is_not_the_nvidia_module():
    text = "vboxdrv: version magic '6.5.0-28-generic SMP mod_unload' should be '6.8.0-40-generic SMP mod_unload'"
    assert "driver-not-built-for-kernel" not in paste_slugs(text)


@pytest.mark.parametrize("text, firmware, module", [
    (corpus("6772-"), "595.71.05", "595.58.03"),  # Nobara-Project/rpm-sources#526, the line wrapped after "mismatch:"
    # notes on GSP start-up, the line whole (found by find_string)
    ("NVRM: GPU0 _kgspFwContainerVerifyVersion: GSP firmware image version mismatch: got version 570.172.08, "
     "expected version 570.190", "570.172.08", "570.190"),
])
def test_the_module_refusing_gsp_firmware_of_another_release_is_a_driver_of_two_releases(text, firmware, module):
    found = first(text)
    assert found.slug == "driver-library-mismatch"
    assert found.evidence["gsp_firmware"] == firmware and found.evidence["kernel_module"] == module


def test_the_kernels_api_mismatch_quoted_short_is_a_driver_of_two_releases():
    # openSUSE/sdbootutil#22: "Dmesg will show `NVRM: Api mismatch`" (an initrd kept the old module)
    assert first(corpus("6775-")).slug == "driver-library-mismatch"


def test_cuda_jl_versioninfo_gives_the_toolchain_not_the_packages_own_version():
    # JuliaGPU/CUDA.jl#2844: "- compiler 13.0" with "- CUDA: 5.8.3" (the package) further down; CUDA 13 dropped sm_70
    found = first(corpus("6832-"))
    assert found.slug == "gpu-arch-dropped-by-nvcc" and found.evidence["compute_capability"] == "7.0"


@pytest.mark.parametrize("case, runtime, driver, driver_cuda", [
    ("6832-", "13.0", "535.161.7", "13.0"),  # CUDA.jl 5.8's "CUDA toolchain:" block
    ("3782-", "12.2", "560.35.3", "12.6"),  # JuliaGPU/CUDA.jl#2530: the older "CUDA runtime 12.2, artifact installation"
])
def test_cuda_jl_versioninfo_is_read_in_both_of_its_layouts(case, runtime, driver, driver_cuda):
    from envcheck.importers import from_text

    facts = from_text(corpus(case), "paste.txt")
    assert facts.cuda.stated_version == runtime and "CUDA.versioninfo()" in facts.cuda.stated_source
    assert facts.gpus.driver_version == driver and facts.gpus.cuda_driver_version == driver_cuda
    assert [lib.version for lib in facts.libraries.found if lib.name == "cudart" and lib.kind == "reported"] == [runtime]


def test_a_cuda_release_newer_than_the_matrix_is_not_called_too_new_for_the_driver():
    # JuliaGPU/CUDA.jl#3205: CUDA 13.3 on driver 610.62, a release whose minimum driver matrices/cuda.toml does not know
    assert "driver-too-old" not in paste_slugs(corpus("6830-"))
