"""Situations met in session 90, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


@pytest.mark.parametrize("case, named", [("20050", "redeon rx 6600"), ("20051", "rtx5700xt")])
def test_a_radeon_named_loosely_beside_a_cuda_build_is_no_nvidia_gpu(case, named):
    """voice-changer's CUDA build run on a Radeon RX 6600 ("AMD redeon rx 6600") and on an RX 5700 XT written
    "rtx5700xt" in the form's GPU field: the XT suffix is AMD's alone."""
    found = first(corpus(case))
    assert found.slug == "no-nvidia-gpu"
    assert named in found.evidence["said"][0].lower()
    assert any("DirectML" in step for step in found.fix)


@pytest.mark.parametrize("gpu", ["RTX 4090", "RTX 3070 Ti", "GeForce GTX 1080"])
def test_an_nvidia_card_beside_a_cuda_build_is_not_another_vendors(gpu):
    """Constructed: the same complaint from an NVIDIA card's owner has another cause."""
    text = (f"### vc client version number\n\nvcclient_win_cuda_2.0.77-beta.zip\n\n### GPU\n\n{gpu}\n\n"
            "### Situation\n\nmy gpu is not showing up")
    assert "no-nvidia-gpu" not in paste_slugs(text, diagnosed_only=True)


@pytest.mark.parametrize("case, app", [("19551", "pycharm"), ("13901", "Atom")])
def test_a_program_that_works_from_the_terminal_only_lacks_the_shell_environment(case, app):
    """NerfAcc finding no CUDA toolkit when PyCharm runs it, "but it succeeds when using the command line";
    ArrayFire.jl working "in terminal. However in Atom" it fails."""
    found = first(corpus(case))
    assert found.slug == "gui-app-lacks-shell-environment"
    assert app in found.message
    assert any("ld.so.conf.d" in step for step in found.fix)


@pytest.mark.parametrize("text", [
    "Running on an Intel Atom N270 netbook; the example works fine on the command line but the CUDA one fails.",
    "import torch works from the terminal, but in a Jupyter notebook torch.cuda.is_available() is False",
])
def test_an_atom_cpu_or_a_python_shell_is_not_a_program_started_outside_the_shell(text):
    """Constructed: Intel's Atom is a CPU, not the editor; a Jupyter kernel is often another interpreter, a cause of
    its own."""
    assert "gui-app-lacks-shell-environment" not in paste_slugs(text)


# A comment in tensorflow/tensorflow#63362 (a WSL2 image, pip install tensorflow[and cuda]): TensorFlow's own lines,
# with no library named above "Cannot dlopen some GPU libraries". The release line is added: the thread is 2.16.1's.
TF_216_LOG = """`pip install tensorflow[and cuda]`
>>> tf.__version__
'{version}'
2024-03-11 02:00:00.709325: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not find \
TensorRT
2024-03-11 02:00:01.180445: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2251] Cannot dlopen some GPU libraries. \
Please make sure the missing libraries mentioned above are installed properly if you would like to use GPU. Follow the \
guide at https://www.tensorflow.org/install/gpu for how to download and setup the required libraries for your platform.
Skipping registering GPU devices...
"""


@pytest.mark.parametrize("text", [corpus("19704"), TF_216_LOG.format(version="2.16.1")])
def test_tensorflow_216_seeing_no_gpu_misses_the_libraries_of_its_own_extra(text):
    """TensorFlow 2.16.1 listing no GPU ("I get an empty list  [ ]"), or skipping the GPU with no library named."""
    found = first(text)
    assert found.slug == "cuda-libraries-missing"
    assert "[and-cuda]" in found.message and "2.16" in found.message
    assert any("LD_LIBRARY_PATH" in step for step in found.fix)


def test_tensorflow_215_seeing_no_gpu_is_not_read_as_216s_loader():
    """Constructed: the same lines from 2.15.1, which finds its extra's libraries itself."""
    found = [f for f in paste_findings(TF_216_LOG.format(version="2.15.1")) if f.slug == "cuda-libraries-missing"]
    assert not any("2.16 does not find" in f.message for f in found)
