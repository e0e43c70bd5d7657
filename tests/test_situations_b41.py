"""Situations met in session 54, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from envcheck.importers import from_text

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("3537-"),  # tensorflow/tensorflow devel-gpu image: `echo $LD_LIBRARY_PATH` shows .../lib64/stubs
    # an image recipe's environment (a Nix-built image found by find_string), stubs before the container mount
    '"LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/lib64/stubs:/usr/local/nvidia/lib:/usr/local/nvidia/lib64"',
    # a cluster image build script (found by find_string), compat and stubs both ahead of the driver
    "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/compat:/usr/local/cuda/lib64/stubs:"
    "/usr/local/nvidia/lib64",
])
def test_a_stubs_folder_ahead_of_the_driver_on_the_loader_path_is_a_warning_before_anything_fails(text):
    found = first(text)
    assert found.slug == "libcuda-stub-on-library-path" and found.severity == "warning"
    assert "/stubs" in found.message and "remove" in found.fix[0]


@pytest.mark.parametrize("text", [
    # the stubs folder given to the linker only (a vLLM setup script found by find_string)
    "export LIBRARY_PATH=/usr/local/cuda/lib64/stubs:/usr/local/nvidia/lib64:/usr/local/cuda/lib64:$LIBRARY_PATH\n"
    "export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:/usr/local/cuda/lib64:$LD_LIBRARY_PATH",
    # the driver's folder answers first, so the stub behind it is never reached
    "export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:/usr/local/cuda/lib64/stubs:$LD_LIBRARY_PATH",
])
def test_stubs_the_loader_never_reaches_are_not_reported(text):
    assert "libcuda-stub-on-library-path" not in paste_slugs(text, diagnosed_only=False)


def test_the_stubs_warning_stands_behind_the_error_the_paste_shows():
    # corpus 852: MXNet asks for libcudart.so.7.5 on a CUDA 8 machine whose LD_LIBRARY_PATH starts with the stubs
    found = paste_findings(corpus("852-"))
    assert found[0].slug == "cuda-libraries-missing"
    assert any(f.slug == "libcuda-stub-on-library-path" and f.severity == "warning" for f in found)


@pytest.mark.parametrize("text, cuda", [
    ("module load cuda/12.4.1", "12.4"),  # corpus 432: a Slurm cluster's environment module
    ("module load cuda/10.1", "10.1"),  # corpus 1075
    # EasyBuild's capitalised module and an older site's name (job scripts found by find_string)
    ("module load CUDA/11.3.1", "11.3"), ("module load cudatoolkit/10.0", "10.0"),
    # Spack's concretizer output (corpus 1246 and 3539): the CUDA the stack is built with
    ("[+]      ^cuda@11.8.0%gcc@7.5.0~allow-unsupported-compilers~dev build_system=generic arch=linux-ubuntu18.04-skylake",
     "11.8"),
    ("==> Concretized cuda@11.8", "11.8"),
    # a Spack test script's specs (found by find_string): "+cuda@5.1.4" is GROMACS 5.1.4 with its CUDA variant
    ('"gromacs+mpi+cuda@5.1.4": ["^fftw+mpi+openmp@3.3.6-pl2 ^cuda@8.0.61"],', "8.0"),
])
def test_the_cuda_a_cluster_module_or_a_spack_spec_gives(text, cuda):
    assert from_text(text, "paste.txt").cuda.stated_version == cuda


# a job script's cuDNN module (found by find_string) and a module loaded at its default version
@pytest.mark.parametrize("text", ["module load cudnn/8.2.1_cuda11.x", "module load cuda"])
def test_modules_and_specs_that_name_no_cuda_version(text):
    assert from_text(text, "paste.txt").cuda.stated_version == ""


@pytest.mark.parametrize("text", [
    corpus("3567-"),  # jrottenberg/ffmpeg#233: a Dockerfile's FROM line, the image started by compose without a GPU
    # sam-dumont/immich-video-memory-generator#272, installed with Docker (fixed by giving the container the GPU)
    "ffmpeg failed: [h264_nvenc @ 0x590964d279c0] Cannot load libcuda.so.1 [vost#0:0/h264_nvenc @ 0x590964d2d040] "
    "Error while opening encoder - maybe incorrect parameters such as bit_rate, rate, width or height.\n"
    "### Installation method\n\nDocker",
])
def test_ffmpeg_finding_no_libcuda_in_a_container(text):
    assert first(text).slug == "container-no-gpu"


def test_ffmpeg_finding_no_libcuda_outside_a_container_is_not_blamed_on_one():
    # NixOS/nixpkgs#77834: ffmpeg from Nix on Ubuntu, where libcuda was outside the paths Nix's loader searches
    text = ("[h264_nvenc @ 0x5e28c0] Cannot load libcuda.so.1\nError initializing output stream 0:0 -- Error while "
            "opening encoder for output stream #0:0 - maybe incorrect parameters such as bit_rate, rate, width or "
            "height")
    assert "container-no-gpu" not in paste_slugs(text, diagnosed_only=False)


@pytest.mark.parametrize("text", [
    corpus("3678-"),  # llm-d/llm-d#1063: Triton's launcher linked by inductor on GKE, the driver in /usr/local/nvidia
    # a CI job's log on a Tegra worker (found by find_string), ld's newer wording with the errno
    "/usr/bin/ld: cannot find -l:libcuda.so.1: No such file or directory",
])
def test_the_linker_asked_for_libcuda_by_its_file_name(text):
    assert first(text).slug == "cuda-libs-not-on-library-path"


@pytest.mark.parametrize("case", [
    "3813-",  # arch4edu/arch4edu#24: ldd on MXNet's library after the CUDA package moved to 10.1
    "3828-",  # dougeeai/llama-cpp-python-wheels#3: MSYS2's ntldd on ggml-cuda.dll, built against CUDA 13
])
def test_ldd_listing_a_cuda_library_as_not_found(case):
    assert first(corpus(case)).slug == "cuda-libraries-missing"


def test_a_projects_own_check_of_the_nvcc_it_builds_with():
    # Dao-AILab/flash-attention#1477: FlashAttention-3's check, beside a torch built with a new enough CUDA
    found = first(corpus("3693-"))
    assert found.slug == "nvcc-too-old-for-project" and "12.3" in found.message
    assert "12.4" in found.fix[0]  # the toolkit torch was built with is the one to install
    # flash-attention's setup.py wording (found by find_string), with Ubuntu's packaged nvcc (corpus 3674's lines)
    found = first("RuntimeError: FlashAttention is only supported on CUDA 11.7 and above.  Note: make sure nvcc has a "
                  "supported version by running nvcc -V.\nCuda compilation tools, release 11.5, V11.5.119")
    assert found.slug == "nvcc-too-old-for-project" and "(11.5)" in found.message
    # corpus 983: nvcc 10.1 beside a torch built with CUDA 12.1 is the mismatch, not only an old nvcc
    assert first(corpus("983-")).slug == "nvcc-framework-cuda-mismatch"


def test_facts_in_two_cell_tables_markdown_or_box_drawn():
    # a training environment written as a Markdown table (found by find_string)
    facts = from_text("| 项目 | 配置 |\n| --- | --- |\n| 系统 | Ubuntu WSL2 |\n| Python | 3.10.20 |\n"
                      "| PyTorch | 2.0.0+cu117 |\n| GPU | NVIDIA GeForce RTX 4060 Laptop GPU |\n| CUDA | 11.7 |",
                      "paste.txt")
    torch = next(fw for fw in facts.frameworks.installed if fw.name == "torch")
    assert (torch.version, facts.cuda.stated_version) == ("2.0.0+cu117", "11.7")
    # a Grace Blackwell report's table (found by find_string): the driver beside its package name
    assert from_text("| Driver | 580.126.09 (`nvidia-driver-580-open`) |", "paste.txt").gpus.driver_version == \
        "580.126.09"
    # a rich-style panel (corpus 3705): the CPU wheel on a GPU machine
    assert first(corpus("3705-")).slug == "cpu-only-build"
    # a row of three cells is a table of something else (a README's stack, found by find_string)
    assert not from_text("| **Deep Learning** | PyTorch | 2.0+ |", "paste.txt").frameworks.installed


@pytest.mark.parametrize("text, package", [
    # rusty1s/pytorch_scatter#394: torch 2.0.1+cu117, the +cu117 index, still no CUDA ops in the extension
    ("I am getting the following error from the torch-scatter: \n\nRuntimeError: Not compiled with CUDA support\n\n"
     "I am currently running on torch= 2.0.1+cu117. \n"
     "- pip install --no-cache-dir torch-scatter==2.1.1 -f https://data.pyg.org/whl/torch-2.0.1+cu117.html",
     "torch-scatter"),
    # nv-tlabs/NKSR#21: the traceback ends in torch_scatter's own op
    ('  File "/home/vector4d/anaconda3/envs/nksr2/lib/python3.10/site-packages/torch_scatter/scatter.py", line 72, '
     "in scatter_max\n    return torch.ops.torch_scatter.scatter_max(src, index, dim, out, dim_size)\n"
     "RuntimeError: Not compiled with CUDA support\n\n"
     "My operating environment is python 3.10 torch2.0.0+cu118 (in conda)", "torch-scatter"),
])
def test_a_pyg_extension_without_its_cuda_ops(text, package):
    found = first(text)
    assert found.slug == "cuda-extension-not-built" and package in found.message
    assert any("data.pyg.org/whl/torch-" in step for step in found.fix)


def test_torchs_own_words_for_a_cpu_build_stay_with_the_framework():
    # torch's "Torch not compiled with CUDA enabled" is a CPU-only torch (corpus 114), not an extension's build
    assert first(corpus("114-")).slug == "cpu-only-build"


def test_a_pyg_wheel_index_for_a_cuda_that_torch_release_never_had():
    # corpus 3842: torch 2.0.0 was built for cu117 and cu118; there is no +cu114 index, so pip built from source
    found = first(corpus("3842-"))
    assert found.slug == "library-no-binary-for-cuda-version"
    assert found.evidence["asked_variant"] == "cu114" and "cu118" in found.evidence["published_variants"]


def test_a_pyg_wheel_index_of_a_published_variant_is_not_blamed():
    # the index of a variant torch 1.8.1 was built for (rusty1s/pytorch_scatter#312 installs from it)
    text = ("pip install torch-scatter -f https://data.pyg.org/whl/torch-1.8.1+cu111.html;\n"
            "RuntimeError: Not compiled with CUDA support")
    assert "library-no-binary-for-cuda-version" not in paste_slugs(text, diagnosed_only=False)


@pytest.mark.parametrize("text", [
    corpus("3720-"),  # traveller59/spconv#423: cumm and cumm-cu111 both installed
    # JIA-Lab-research/spconv-plus#5: the same words from tensorview under spconv-plus
    "ValueError: /io/include/tensorview/tensor.h(171) don't compiled with cuda\n"
    "here is my package info:\ncuda=11.3\ntorch=1.10.0\ntorch.version.cuda=11.3\npython examples.py",
])
def test_tensorviews_words_for_a_cpu_only_cumm(text):
    found = first(text)
    assert found.slug == "cuda-extension-not-built" and "cumm" in found.message


@pytest.mark.parametrize("name", ["3834-", "2883-"])
def test_device_querys_old_unknown_error_is_a_failed_cuda_initialisation(name):
    # canonical/lxd#5618 and corpus 2883: deviceQuery's "cudaGetDeviceCount returned 30" then "-> unknown error"
    found = [f for f in paste_findings(corpus(name)) if f.slug == "cuda-init-failed"]
    assert found and "30 (cudaErrorUnknown" in found[0].message and "nvidia-uvm" in found[0].message


def test_device_query_returning_another_code_is_not_the_unknown_error():
    # corpus 2259: "returned 35" is the driver too old for the runtime, not code 30
    assert "30 (cudaErrorUnknown" not in " ".join(f.message for f in paste_findings(corpus("2259-")))
