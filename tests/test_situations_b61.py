"""Situations met in session 74, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


# jax-ml/jax#4452: JAX 0.2's XLA warnings, one line per searched directory
JAX_2020_LIBDEVICE = (
    "W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:70] Can't find libdevice "
    "directory ${CUDA_DIR}/nvvm/libdevice. This may result in compilation or runtime failures, if the program we try "
    "to run uses routines from libdevice.\n"
    "W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:71] Searched for CUDA in the "
    "following directories:\n"
    "W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:74]   ./cuda_sdk_lib\n"
    "W external/org_tensorflow/tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:74]   /usr/local/cuda-10.1\n")


@pytest.mark.parametrize("text", [corpus("6891-"), corpus("4002-"), JAX_2020_LIBDEVICE])
def test_xla_finding_no_libdevice_asks_for_the_cuda_compiler_component(text):
    found = first(text)
    assert found.code == "TK018"
    assert any("nvidia-cuda-nvcc" in line for line in found.fix)
    assert any("--xla_gpu_cuda_data_dir=" in line for line in found.fix)


@pytest.mark.parametrize("text", [corpus("5718-"), corpus("9381-")])
def test_xla_searching_a_conda_build_prefix_is_the_package_not_the_environment(text):
    found = first(text)
    assert found.code == "TK018" and found.confidence == "confirmed"
    assert "build_artifacts" in found.evidence["searched"]
    assert any("xla_gpu_cuda_data_dir=$CONDA_PREFIX" in line for line in found.fix)


@pytest.mark.parametrize("text", [
    corpus("9382-"),
    # j-towns/vdvae-jax#1: JAX from an Anaconda environment
    '  File "/home/kayhan/anaconda3/envs/jax/lib/python3.8/site-packages/jax/interpreters/xla.py", line 355, in '
    "backend_compile\n    return backend.compile(built_c, compile_options=options)\n"
    "RuntimeError: Internal: libdevice not found at ./libdevice.10.bc",
])
def test_xla_finding_no_libdevice_in_a_conda_environment_installs_conda_nvcc(text):
    found = first(text)
    assert found.code == "TK018" and "conda install" in found.fix[0]


@pytest.mark.parametrize("text", [
    # jax-ml/jax#6323: the title, and what the reporter had tried
    "RuntimeError: Internal: libdevice not found at ./libdevice.10.bc\n"
    "> I have tried this: sudo ln -s /usr/lib/cuda /usr/local/cuda-10.1",
    # a project's setup notes: the warning on a machine with Ubuntu's toolkit (its fix line left out)
    "W tensorflow/compiler/xla/service/gpu/nvptx_helper.cc:56 Can't find libdevice directory "
    "${CUDA_DIR}/nvvm/libdevice. This may result in compilation or runtime failures, if the program we try to run "
    "uses routines from libdevice.\nSearched for CUDA in the following directories:\n  ./cuda_sdk_lib\n"
    "  /usr/local/cuda-11.2\n  /usr/local/cuda\n  .\n$ whereis -b cuda\ncuda: /usr/lib/cuda",
])
def test_xla_missing_a_distribution_toolkit_in_usr_lib_cuda_points_xla_there(text):
    found = first(text)
    assert found.code == "TK018"
    assert found.fix[-1].startswith("export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/lib/cuda ")


@pytest.mark.parametrize("text", [
    # Triton's own libdevice, not XLA's (corpus: a torch wheel without Triton's bundled files)
    corpus("6992-"),
    # Numba's variable naming a libdevice directory, no error
    corpus("812-"),
])
def test_other_libdevice_lookups_are_not_xlas(text):
    assert "xla-libdevice-missing" not in paste_slugs(text)


@pytest.mark.parametrize("text, needed, newer", [
    (corpus("5750-"), "GLIBCXX_3.4.29", '"libstdcxx-ng>=11"'),
    # ztxz16/fastllm#301, its title
    ("OSError: /home/suser/.conda/envs/llm/bin/../lib/libstdc++.so.6: version `GLIBCXX_3.4.30' not found",
     "GLIBCXX_3.4.30", '"libstdcxx-ng>=12"'),
    # pybind/cmake_example#8: miniconda's base environment, a module built with Ubuntu 17.04's g++ 6.3
    ("ImportError: /home/ian/miniconda3/lib/python3.6/site-packages/matplotlib/../../../libstdc++.so.6: version "
     "`GLIBCXX_3.4.22' not found (required by /home/ian/miniconda3/lib/python3.6/site-packages/"
     "NISTfit.cpython-36m-x86_64-linux-gnu.so)", "GLIBCXX_3.4.22", '"libstdcxx-ng>=6"'),
    # ContinuumIO/anaconda-issues#5191
    ("OSError: /opt/anaconda3/bin/../lib/libstdc++.so.6: version `CXXABI_1.3.9' not found (required by "
     "/opt/anaconda3/lib/python3.6/site-packages/porechop/cpp_functions.so)", "CXXABI_1.3.9", '"libstdcxx-ng>=5"'),
])
def test_a_conda_libstdcxx_missing_a_symbol_version_names_the_gcc_that_has_it(text, needed, newer):
    found = first(text)
    assert found.code == "LIB022" and found.confidence == "confirmed"
    assert found.evidence["needed"] == needed
    assert newer in found.fix[1]


@pytest.mark.parametrize("text", [
    corpus("9111-"),
    # HIT-SCIR/pyltp#58: the first error, before the loader named the library
    "I intall pyltp by pip in anaconda 4.2.0  Ubuntu16.04 LTS envirnment, I get a problem when I run `import pyltp`:\n"
    "... undefined symbol: _ZTVNSt7__cxx1119basic_istringstreamIcSt11char_traitsIcESaIcEEE",
])
def test_a_std_symbol_undefined_in_a_conda_environment_is_its_older_libstdcxx(text):
    found = first(text)
    assert found.code == "LIB022" and found.confidence == "likely"


@pytest.mark.parametrize("text", [
    # BGI-Qingdao/TGS-GapCloser#88: the system's libstdc++ is the old one, the conda package the newer
    "/public/home/sunzhg/miniconda3/envs/tgsgapcloser/bin/tgsgapcloserbin/tgsseqsplit: /lib64/libstdc++.so.6: version "
    "`GLIBCXX_3.4.20' not found (required by /public/home/sunzhg/miniconda3/envs/tgsgapcloser/bin/tgsgapcloserbin/"
    "tgsseqsplit)",
    # a torch extension's own undefined symbol (c10), with conda in the paste: not the C++ runtime
    "ImportError: /home/u/miniconda3/envs/t/lib/python3.8/site-packages/torch_scatter/_scatter.so: undefined symbol: "
    "_ZN3c106detail19maybe_wrap_dim_slowEllb",  # constructed
])
def test_an_old_system_libstdcxx_or_a_framework_symbol_is_not_the_conda_runtime(text):
    assert "conda-env-libstdcxx-too-old-for-extension" not in paste_slugs(text)


@pytest.mark.parametrize("text, needs", [
    (corpus("9682-"), "8.0"),  # CuPy with CUDA 7.5's NVRTC on a TITAN X (Pascal)
    (corpus("5398-"), "12.8"),  # hashcat's NVRTC on an RTX 5080, its CUDA unnamed
])
def test_nvrtc_refusing_the_gpu_is_its_own_rule_naming_the_cuda_that_knows_it(text, needs):
    found = first(text)
    assert found.code == "TK019" and found.evidence["needs_cuda"].startswith(needs)


def test_nvcc_refusing_an_architecture_stays_nvccs():
    # the GPU's own architecture refused by nvcc, not NVRTC (test_situations_b20's wording)
    text = "GPU 0: NVIDIA GeForce RTX 4090\nnvcc fatal   : Unsupported gpu architecture 'compute_89'"
    assert first(text).slug == "nvcc-too-old-for-gpu-arch"
    assert "nvrtc-toolkit-too-old" not in paste_slugs(text)


def test_nvrtc_refusing_a_gpu_does_not_name_one_its_cuda_knows():
    # hashcat's NVRTC of CUDA 11.0, reported with the GPU it works on (a 2080 Ti), not the one refused
    found = first(corpus("7373-"))
    assert found.code == "TK019" and "2080" not in found.message and "this GPU's architecture" in found.message


def test_a_cudnn_wrappers_arch_mismatch_class_is_cudnns_refusal_of_an_old_gpu():
    # a Python wrapper (libcudnn.py) raising the status as its class, on a Fermi GeForce 635M
    found = first(corpus("9407-"))
    assert found.code == "FW003" and "CUDNN_STATUS_ARCH_MISMATCH" in found.message


@pytest.mark.parametrize("text, torch_cmake", [
    (corpus("9643-"), True),
    (corpus("9412-"), True),
    # a Jetson source build whose CMake copies the same lookup (JetPack 4.4's cuDNN 8)
    ("    -- Found CUDNN: /usr/include\n    -- Found cuDNN: v?  (include: /usr/include, library: "
     "/usr/lib/aarch64-linux-gnu/libcudnn.so)\n    -- Configurable variable CUDNN_VERSION set to ?\n", False),
])
def test_a_build_reading_no_cudnn_version_predates_cudnn_version_h(text, torch_cmake):
    found = first(text)
    assert found.code == "LIB023" and found.evidence["cudnn_include"] == "/usr/include"
    assert ("cuda.cmake" in found.fix[2]) is torch_cmake


def test_a_cudnn_version_read_is_not_an_unread_one():
    text = ("-- Found cuDNN: v7.6.5  (include: /usr/include, library: /usr/lib/x86_64-linux-gnu/libcudnn.so)\n"
            "-- Autodetected CUDA architecture(s):  7.5")  # constructed: Caffe2's line with the version read
    assert "cudnn-newer-than-code-supports" not in paste_slugs(text)


@pytest.mark.parametrize("text, wanted, installed", [
    (corpus("9742-"), "10.0", "10.1"),
    (corpus("9743-"), "11.3", None),
])
def test_a_vs_project_importing_an_uninstalled_cudas_build_rules_names_both_releases(text, wanted, installed):
    found = first(text)
    assert found.code == "TK020" and found.evidence["project_cuda"] == wanted
    assert found.evidence.get("installed_cuda") == installed
    assert f"CUDA {wanted}.props" in found.fix[0]


def test_nvcc_failing_inside_the_build_rules_is_not_a_missing_import():
    # CNTK built in Visual Studio 2022: the build rules load and nvcc fails in them
    text = ("1>C:\\Program Files\\Microsoft Visual Studio\\2022\\Preview\\MSBuild\\Microsoft\\VC\\v170\\"
            "BuildCustomizations\\CUDA 11.8.targets(785,9): error MSB3721: The command \"\"C:\\Program Files\\"
            "NVIDIA GPU Computing Toolkit\\CUDA\\v11.8\\bin\\nvcc.exe\" -gencode=arch=compute_61,code=\\\"sm_61,"
            "compute_61\\\"")
    assert "vs-project-pins-uninstalled-cuda-version" not in paste_slugs(text)


@pytest.mark.parametrize("text, cc", [
    (corpus("9661-"), "1.2"),  # vetter/shoc's default flags
    # a note on building OpenCV 2.4.10 on Ubuntu 14.04
    ("编译 oepncv2.4.10 库是，报道了一个错误，nvcc fatal : Unsupported gpu architecture 'compute_11'", "1.1"),
    # nixpkgs' list of R packages left out, with the reason
    ('"iFes": "nvcc  Unsupported gpu architecture \'compute_10\'",', "1.0"),
])
def test_nvcc_refusing_a_tesla_era_architecture_is_one_every_recorded_cuda_dropped(text, cc):
    found = first(text)
    assert found.code == "TK008" and found.evidence["compute_capability"] == cc
    assert found.evidence["last_cuda"].startswith("before 7.0")


def test_a_three_digit_architecture_is_not_a_tesla_era_one():
    # an ALT Linux spec: CUDA 13's compute_110 refused by an older nvcc
    text = "# nvcc fatal : Unsupported gpu architecture 'compute_110'"
    assert first(text).code != "TK008"
