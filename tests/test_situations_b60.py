"""Situations met in session 73, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text", [
    corpus("777-"),
    corpus("780-"),
])
def test_torch_finding_a_gpu_in_a_shell_and_none_in_the_program_is_a_hidden_device(text):
    found = first(text)
    assert found.slug == "cuda-visible-devices-invalid" and found.confidence == "likely"
    assert "CUDA_VISIBLE_DEVICES" in found.fix[0]
    assert "no-nvidia-gpu" not in paste_slugs(text)


@pytest.mark.parametrize("text", [
    corpus("5682-"),
    # ray-project/ray#3265: its title, and the reporter's question
    "no CUDA-capable device is detected\n"
    "Any idea what could cause `torch.cuda.is_available()` to return `True` at the beginning of the script, before "
    "`ray.__init__`, but to return `False` inside the init method for the Trainer class?",
])
def test_torch_finding_a_gpu_where_ray_starts_and_none_in_its_tasks_is_a_task_without_num_gpus(text):
    found = first(text)
    assert found.slug == "gpu-not-requested-from-scheduler" and "num_gpus" in found.fix[0]


@pytest.mark.parametrize("text", [
    # torch never said it sees a GPU: nothing shows that one exists
    "RuntimeError: No CUDA GPUs are available\ntorch.cuda.is_available() returns False",
    # "should" is what was expected, not what torch said
    "RuntimeError: No CUDA GPUs are available\ntorch.cuda.is_available() should be True on this machine",
    # a container started without GPUs: the container's rules read that
    "torch.cuda.is_available() returns True on the host\n$ docker run -it myimage python train.py\n"
    "RuntimeError: No CUDA GPUs are available",
])
def test_no_gpu_without_torch_seeing_one_elsewhere_is_not_read_as_a_hidden_device(text):
    assert "cuda-visible-devices-invalid" not in paste_slugs(text, diagnosed_only=True)
