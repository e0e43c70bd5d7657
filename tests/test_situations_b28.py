"""Situations met in session 41: CUDA initialisation failing with "named symbol not found" inside containers on WSL2,
where the container toolkit predates the Windows driver (batches 18 and 24: 841, 1167, 1393; NVIDIA/nvidia-container-
toolkit#520). Each reading is tried on at least two real wordings, and on texts it must leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs

WSL_TOOLKIT = "wsl-container-toolkit-too-old-for-driver"


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_cuinit_not_found_in_a_docker_desktop_container():
    # TensorFlow's wording, in the reporter's prose (tensorflow#68711)
    found = first(corpus("841-"))
    assert found.slug == WSL_TOOLKIT and found.confidence == "confirmed"
    # PyTorch's wording, Windows named in an issue form (Whisper-WebUI#279)
    found = first(corpus("1167-"))
    assert found.slug == WSL_TOOLKIT and found.confidence == "confirmed"
    # llama.cpp's wording beside PyTorch's, container named in Chinese prose, Windows not said (xinference)
    found = first(corpus("1393-"))
    assert found.slug == WSL_TOOLKIT and found.confidence != "confirmed"


def test_docker_desktop_version_is_read():
    text = ("Docker Desktop 4.30.0 on Windows 11, RTX 4090, driver 555.99\n"
            "$ docker run --gpus all -it ghcr.io/ggerganov/llama.cpp:server-cuda -m /models/q4.gguf\n"
            "ggml_cuda_init: failed to initialize CUDA: named symbol not found\n")
    found = first(text)
    assert found.slug == WSL_TOOLKIT and found.evidence["docker_desktop"] == "4.30.0"
    assert found.fix[0].startswith("Docker Desktop: update to 4.31.0")


def test_what_the_wsl_toolkit_reading_leaves_alone():
    error = "ggml_cuda_init: failed to initialize CUDA: named symbol not found\n"
    # Docker Desktop already maps the library
    assert WSL_TOOLKIT not in slugs("Docker Desktop 4.31.1 on Windows 11\n$ docker run --gpus all image\n" + error)
    # the same words from a kernel lookup, not from initialisation: a missing kernel
    assert WSL_TOOLKIT not in slugs("Docker Desktop on Windows 11, WSL2\n$ docker run --gpus all image\n"
                                    "RuntimeError: CUDA error: named symbol not found\n"
                                    "Error named symbol not found at line 74 in file /src/csrc/ops.cu\n")
    # no container: CUDA in WSL itself
    assert WSL_TOOLKIT not in slugs("Windows 11, WSL2 Ubuntu 22.04\n" + error)
    # a native Linux host: uname says so
    assert WSL_TOOLKIT not in slugs("$ uname -a\nLinux gpu01 5.15.0-91-generic #101-Ubuntu SMP Tue Nov 14 13:30:08 UTC "
                                    "2023 x86_64 x86_64 x86_64 GNU/Linux\n$ docker run --gpus all image\n" + error)
