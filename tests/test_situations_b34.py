"""Situations met in session 47, each read in general and tried on at least two real wordings: bitsandbytes (before
0.43) on Linux finding no CUDA runtime at all and loading its CPU library."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def test_bitsandbytes_finds_no_cuda_runtime_on_linux():
    # artidoro/qlora (corpus 2061): a fresh conda environment with no libcudart, the log flattened onto one line
    found = first(corpus("2061-"))
    assert found.slug == "cuda-libraries-missing" and "bitsandbytes found no CUDA runtime" in found.message
    assert any("conda install -p /home/server/anaconda3/envs/qlora" in step for step in found.fix)
    # bitsandbytes 0.35's own verdict, from a stable-diffusion-webui venv (a blog post's log stored on GitHub)
    found = first("CUDA_SETUP: WARNING! libcudart.so not found in any environmental path. Searching /usr/local/cuda/lib64...\n"
                  "WARNING: No libcudart.so found! Install CUDA or the cudatoolkit package (anaconda)!\n"
                  "CUDA SETUP: Loading binary /home/keisuke/projects/stable-diffusion-webui/venv/lib/python3.8/"
                  "site-packages/bitsandbytes/libbitsandbytes_cpu.so...")
    assert found.slug == "cuda-libraries-missing" and "No libcudart.so found" in found.evidence["observed"]
    assert not any(step.startswith("conda install") for step in found.fix)  # a venv, not a conda environment


def test_bitsandbytes_search_that_went_on_is_not_a_missing_runtime():
    # a Linux log where 0.41 took the CUDA release from PyTorch and had no binary for it (FW010's situation)
    text = ("CUDA_SETUP: WARNING! libcudart.so not found in any environmental path. Searching in backup paths...\n"
            "The following directories listed in your path were found to be non-existent: "
            "{PosixPath('/usr/local/cuda/lib64')}\nDEBUG: Possible options found for libcudart.so: set()\n"
            "CUDA SETUP: PyTorch settings found: CUDA_VERSION=126, Highest Compute Capability: 8.6.\n"
            "CUDA SETUP: Required library version not found: libbitsandbytes_cuda126.so. Maybe you need to compile it "
            "from source?\nCUDA SETUP: Defaulting to libbitsandbytes_cpu.so...")
    assert first(text).slug == "library-no-binary-for-cuda-version"
    assert "cuda-libraries-missing" not in paste_slugs(text)
    # the runtime found in the backup paths (corpus 199)
    assert "cuda-libraries-missing" not in paste_slugs(corpus("199-"))
    # a missing library of another name is what the loader lacks (an accelerate + DeepSpeed run in Docker)
    found = first("CUDA_SETUP: WARNING! libcudart.so not found in any environmental path. Searching in backup paths...\n"
                  "DEBUG: Possible options found for libcudart.so: set()\n"
                  "CUDA SETUP: PyTorch settings found: CUDA_VERSION=121, Highest Compute Capability: 8.0.\n"
                  "CUDA SETUP: Loading binary /usr/local/lib/python3.11/dist-packages/bitsandbytes/"
                  "libbitsandbytes_cuda121.so...\n"
                  "libcusparse.so.12: cannot open shared object file: No such file or directory")
    assert found.slug == "cuda-libraries-missing" and found.evidence.get("wanted_cuda_major") == "12"
    # on native Windows the same search means a release without a Windows build (corpus 934)
    assert first(corpus("934-")).slug == "no-cuda-build-for-platform"


def test_the_operators_toolkit_dials_a_containerd_socket_that_is_not_there():
    # NVIDIA/gpu-operator#406 and #522 (corpus 995, 1919): RKE2, whose containerd socket is under /run/k3s
    for prefix in ("995-", "1919-"):
        found = first(corpus(prefix))
        assert found.slug == "toolkit-containerd-paths-wrong" and found.evidence["distribution"] == "RKE2"
        assert any("CONTAINERD_SOCKET --set toolkit.env[0].value=/run/k3s/containerd/containerd.sock" in step
                   for step in found.fix)
    # the toolkit's last words on a MicroK8s node, the form nvidia-container-toolkit's installer logs them
    found = first('time="2021-06-10T09:12:01Z" level=fatal msg="error running nvidia-toolkit: unable to restart '
                  'containerd: unable to signal containerd: unable to dial: dial unix /runtime/sock-dir/containerd.sock: '
                  'connect: no such file or directory"\nmicrok8s kubectl get pods -n gpu-operator-resources')
    assert found.slug == "toolkit-containerd-paths-wrong" and found.evidence["distribution"] == "MicroK8s"
    # no distribution named: the check of where this node's containerd is, not a guess at it
    found = first('level=warning msg="Error signaling containerd, attempt 1/6: unable to dial: dial unix '
                  '/runtime/sock-dir/containerd.sock: connect: no such file or directory"')
    assert found.slug == "toolkit-containerd-paths-wrong" and "distribution" not in found.evidence
    assert found.fix[0].startswith("ps -o args= -C containerd")
    # containerd there but down is another matter
    assert "toolkit-containerd-paths-wrong" not in paste_slugs(
        'level=warning msg="Error signaling containerd, attempt 1/6: unable to dial: dial unix '
        '/runtime/sock-dir/containerd.sock: connect: connection refused"')
