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


def test_a_program_says_both_cuda_versions_the_driver_and_it_need():
    # JuliaGPU/julia-ngc#7: CUDAnative in a CUDA 10.0 image on driver 384, the line wrapped in the paste
    found = first("Precompiling CUDAnative\nERROR: LoadError: CUDA 10.0 is not supported by\n"
                  "your driver (which supports up to 9.0)")
    assert found.slug == "driver-too-old"
    assert (found.evidence["driver_cuda"], found.evidence["program_cuda"]) == ("9.0", "10.0")
    # CUDA.jl 5 with an RTX 3090 on an old driver: the driver upgrade is the fix
    found = first("GPU: NVIDIA GeForce RTX 3090\nError: CUDA driver 11.2.0 is not compatible with any supported CUDA "
                  "toolkit (11.4.4, 11.5.2, 11.6.2, 11.7.1, 11.8.0, 12.0.1, 12.1.1, 12.2.2 or 12.3.1)")
    assert found.slug == "driver-too-old" and found.evidence["program_cuda"] == "11.4"
    assert "legacy_branch" not in found.evidence and any("driver 470" in step for step in found.fix)


def test_no_driver_for_this_gpu_runs_the_cuda_a_program_needs():
    # JuliaGPU/CUDA.jl#2231 (corpus 2067): a Fermi Quadro 600, whose drivers ended with the 390 legacy branch
    found = first(corpus("2067-"))
    assert found.slug == "driver-too-old" and found.evidence["legacy_branch"] == "390"
    assert "no driver for this GPU runs CUDA 11.4" in found.message and "Quadro 600" in found.message
    assert found.fix[0].startswith("use a release of the program built for CUDA 9.1 or older")
    # MATLAB's words on a Kepler GeForce GTX 780 (470 legacy branch, CUDA 11.4 at most) asked for CUDA 12.2
    found = first("GPU: NVIDIA GeForce GTX 780\nThe CUDA driver was found, but it is too old. The CUDA driver on "
                  "your system supports CUDA version 11.4. The required CUDA version is 12.2 or greater.")
    assert found.slug == "driver-too-old" and found.evidence.get("legacy_branch") == "470"
    assert "newest CUDA is 11.4" in found.message
    # a GT 640 was made as Fermi and as Kepler boards: its branch is not known, and the driver upgrade stays the fix
    found = first("GPU: NVIDIA GeForce GT 640\nThe CUDA driver was found, but it is too old. The CUDA driver on "
                  "your system supports CUDA version 9.1. The required CUDA version is 10.0 or greater.")
    assert found.slug == "driver-too-old" and "legacy_branch" not in found.evidence


def test_zsh_prompts_come_off_pasted_commands():
    from envcheck.importers.paste import clean_lines

    # starship's and powerlevel's arrows, and oh-my-zsh's default theme, as pasted in READMEs and blog posts on GitHub
    assert clean_lines("❯ nvidia-smi -q -d CLOCK") == ["nvidia-smi -q -d CLOCK"]
    assert clean_lines("~ via 🅒 ml ❯ nvidia-smi") == ["nvidia-smi"]
    assert clean_lines("  Administrator@yuluo-laptop ~ ❯❯❯ nvidia-smi") == ["nvidia-smi"]
    assert clean_lines("➜  ~ docker run -d --name my-redis redis") == ["docker run -d --name my-redis redis"]
    assert clean_lines("(base) ➜  ~ docker run -m 100MB openjdk:8u131-alpine java") == [
        "docker run -m 100MB openjdk:8u131-alpine java"]
    assert clean_lines("➜  envcheck git:(main) ✗ python train.py") == ["python train.py"]
    assert clean_lines("→ not a prompt, an arrow in prose") == ["→ not a prompt, an arrow in prose"]


def test_a_container_started_without_gpus_whose_program_says_it_found_none():
    # stevezau/media_preview_generator (corpus 2092): `❯ docker run` without --gpus, the program's "No GPUs detected"
    found = first(corpus("2092-"))
    assert found.slug == "container-no-gpu" and "docker run --rm stevezzau/" in found.message
    # the same words with --gpus asked for are not this
    assert "container-no-gpu" not in paste_slugs("$ docker run --rm --gpus all stevezzau/plex_generate_vid_previews "
                                                 "--list-gpus\n2025/12/23 15:39:05 | ❌ No GPUs detected")


def test_a_machine_said_to_be_another_vendors_graphics():
    # Rudrabha/Wav2Lip#502 (corpus 2137): "My PC is Intel R lris Xe Graphics" under a CPU build's assertion
    found = first(corpus("2137-"))
    assert found.slug == "no-nvidia-gpu"
    # a forum post's words ("My laptop is Intel integrated graphics") under the same assertion
    assert first("AssertionError: Torch not compiled with CUDA enabled\n"
                 "My laptop is Intel integrated graphics").slug == "no-nvidia-gpu"
    # a CPU named so is not a GPU, and an NVIDIA GPU named beside it wins
    assert "no-nvidia-gpu" not in paste_slugs("AssertionError: Torch not compiled with CUDA enabled\n"
                                              "my laptop is Intel centrino duo")
    assert "no-nvidia-gpu" not in paste_slugs("AssertionError: Torch not compiled with CUDA enabled\n"
                                              "My PC is Intel UHD Graphics and an NVIDIA GeForce RTX 3060 Laptop GPU")


def test_cudas_host_config_check_read_whatever_its_message_keeps():
    # spack/spack (corpus 2146): the #error cut after "#error -"; Spack's spec names CUDA 10.1.243 and gcc 9.1.0
    found = first(corpus("2146-"))
    assert found.slug == "host-compiler-unsupported"
    assert (found.evidence["refusing_cuda"], found.evidence["gcc"], found.evidence["gcc_max"]) == ("10.1.243", "9.1.0", "8")
    # the whole message: its own limit, and the CUDA from the header's path (corpus 034, FCOS)
    found = first(corpus("034-"))
    assert found.slug == "host-compiler-unsupported" and found.evidence["gcc_max"] == "6"
    assert found.evidence["refusing_cuda"] == "9.0"
    # MSVC's form of the same check (corpus 235, dlib): the compiler named for what it is
    found = first(corpus("235-"))
    assert found.slug == "host-compiler-unsupported" and "Visual Studio" in found.message
    # a host_config.h named in an include chain, without an #error, is not the refusal
    assert "host-compiler-unsupported" not in paste_slugs(
        "In file included from /usr/local/cuda/include/crt/host_config.h:50:0,\n"
        "error: identifier \"__builtin_ia32_sqrtsd_round\" is undefined")


def test_a_cpu_build_said_in_chinese():
    # chatchat-space/Langchain-Chatchat (corpus 2149): "PyTorch安装的是CPU版本", with an A10 on Windows Server
    found = first(corpus("2149-"))
    assert found.slug == "cpu-only-build" and found.evidence["frameworks.torch.accelerator"] == "cpu"
    # a blog post's words stored on GitHub: the PyTorch in the current virtual environment is the CPU build
    from envcheck.importers import from_text

    said = from_text("想用gpu跑，但是当前虚拟环境里的pytorch是cpu版本，只能删了重下。", "paste").frameworks.installed
    assert [(f.name, f.accelerator) for f in said] == [("torch", "cpu")]
    # hedges, conditions and a checklist of causes are not a statement about this host

    for hedge in ("可能安装的是CPU版本的PyTorch", "如果您安装的是cpu版本，请将配置文件中的 use_gpu 字段修改为false",
                  "1. PyTorch安装的是CPU版本", "#验证pytorch是cpu版本还是gpu版本"):
        assert not [f for f in from_text(hedge, "paste").frameworks.installed if f.accelerator == "cpu"], hedge


def test_cufft_from_a_cuda_older_than_the_gpu():
    # microsoft/NOTSOFAR1-Challenge#40 (corpus 2082): torch for CUDA 11.7 on an RTX 4090
    found = first(corpus("2082-"))
    assert found.slug == "cufft-too-old-for-gpu-arch" and found.evidence["needs_cuda"] == "11.8"
    assert "whl/cu118" in found.fix[0]
    # pytorch/pytorch#88038: collect_env's lines on WSL 2
    found = first("RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR\nPyTorch version: 2.1.0.dev20230314\n"
                  "CUDA used to build PyTorch: 11.7\nGPU models and configuration: GPU 0: NVIDIA GeForce RTX 4090\n"
                  "Nvidia driver version: 531.18")
    assert found.slug == "cufft-too-old-for-gpu-arch" and found.confidence == "confirmed"
    # the build's CUDA not said: named as the usual cause on this GPU, to be checked, not confirmed
    found = first("GPU: NVIDIA GeForce RTX 4090\nRuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR")
    assert found.slug == "cufft-too-old-for-gpu-arch" and found.confidence == "likely"
    # a build whose CUDA knows the GPU: the error has another cause (pytorch/pytorch#119420, memory nearly full)
    assert "cufft-too-old-for-gpu-arch" not in paste_slugs(
        "RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR\nPyTorch version: 2.2.0+cu121\n"
        "CUDA used to build PyTorch: 12.1\nGPU models and configuration: GPU 0: NVIDIA A10")


def test_xformers_kernels_built_for_another_gpu():
    # Linaqruf/kohya-trainer#34 (corpus 2141): a notebook's xformers wheel built on Colab's T4, run on an A100
    found = first(corpus("2141-"))
    assert found.slug == "extension-built-for-other-gpu-arch" and found.confidence == "confirmed"
    assert (found.evidence["built_for"], found.evidence["kernels_for"]) == ("7.5", "sm_80")
    # d8ahazard/sd_dreambooth_extension#74 (corpus 2140): xformers not named, the GPU an RTX 4090: likely, with the
    # check of which package is there
    found = first(corpus("2140-"))
    assert found.slug == "extension-built-for-other-gpu-arch" and found.confidence == "likely"
    assert found.evidence["compute_capability"] == "8.9" and found.fix[0].startswith("pip list")
    # the backward kernels' wording of the same check (xformers' and PyTorch's sources print both)
    found = first("xformers 0.0.16\nFATAL: this function is for sm80, but was built with __CUDA_ARCH__=750")
    assert found.slug == "extension-built-for-other-gpu-arch" and found.evidence["built_for"] == "7.5"
    # PyTorch 2's own kernels saying it, with no xformers around: the torch build, not an extension
    assert "extension-built-for-other-gpu-arch" not in paste_slugs(
        "torch 2.5.1+cu124\nFATAL: this function is for sm80, but was built for sm370")


def test_conda_or_pixi_sees_no_cuda_virtual_package():
    # fieldsoftheworld/ftw-baselines (corpus 2150): pixi on a CI runner without a GPU
    found = first(corpus("2150-"))
    assert found.slug == "conda-cuda-virtual-package-missing" and "CONDA_OVERRIDE_CUDA" in found.fix[-2]
    # micromamba's info without __cuda while the CUDA build of pytorch is asked for (corpus 1867, batch 31)
    found = first(corpus("1867-"))
    assert found.slug == "conda-cuda-virtual-package-missing" and "__archspec" in found.evidence["observed"]
    # libmamba's words for it, as a README stored on GitHub quotes them (deepmd-kit with TensorFlow's CUDA build)
    found = first("LibMambaUnsatisfiableError: Encountered problems while solving:\n"
                  " - nothing provides __cuda needed by libdeepmd-2.2.10-0_cuda10.2_gpu\n"
                  " - nothing provides __cuda needed by tensorflow-2.9.0-cuda102py310h7cc18f4_0")
    assert found.slug == "conda-cuda-virtual-package-missing"
    # __cuda listed: the solver saw the driver, so this is not the failure
    assert "conda-cuda-virtual-package-missing" not in paste_slugs(
        "       virtual packages : __cuda=12.2=0\n                          __linux=5.15.0=0\n"
        "                          __glibc=2.35=0\ninfo     libmamba Parsing MatchSpec pytorch::pytorch=2.1.*=*cuda*")


def test_cufft_on_an_older_gpu_is_not_blamed_on_its_architecture():
    # a GTX 1080's Pascal came with CUDA 8.0: no build in use today predates it
    assert "cufft-too-old-for-gpu-arch" not in paste_slugs(
        "GPU: NVIDIA GeForce GTX 1080\nRuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR", diagnosed_only=True)
