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
