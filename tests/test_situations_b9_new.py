"""Situations from corpus batch 9 that no rule knew: TensorRT's libraries off the loader path, an L4T
container on a Jetson of another L4T release, a stale DKMS tree, Secure Boot stated in words."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as findings


def test_tensorrt_libraries_off_the_loader_path():
    for prefix in ("603-", "551-", "374-"):
        assert first(corpus(prefix)).slug == "tensorrt-libs-not-on-library-path", prefix
    found = first(corpus("603-"))
    assert found.evidence["wanted_major"] == "8" and any("tensorrt==8" in step for step in found.fix)
    trtexec = first("./trtexec: error while loading shared libraries: libnvinfer.so.10: cannot open shared "
                    "object file: No such file or directory")
    assert trtexec.slug == "tensorrt-libs-not-on-library-path" and trtexec.evidence["wanted_major"] == "10"
    windows = first("FileNotFoundError: Could not find: nvinfer_10.dll. Is it on your PATH?")
    assert windows.slug == "tensorrt-libs-not-on-library-path" and windows.evidence["wanted_major"] == "10"


def test_tensorflow_looking_for_optional_tensorrt_is_not_this():
    warning = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
               "'libnvinfer.so.7'; dlerror: libnvinfer.so.7: cannot open shared object file: No such file or directory\n"
               "W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Cannot dlopen some TensorRT "
               "libraries. If you would like to use Nvidia GPU with TensorRT, please make sure the missing "
               "libraries mentioned above are installed properly.")
    assert "tensorrt-libs-not-on-library-path" not in [f.slug for f in findings(warning)]


def test_a_stale_dkms_tree_stops_the_rebuild():
    found = first(corpus("642-"))
    assert found.slug == "driver-not-built-for-kernel" and found.evidence["stale_dkms_tree"] == "/var/lib/dkms/nvidia/390.48"
    other = first("$ sudo dkms autoinstall\nError! Could not locate dkms.conf file.\n"
                  "File: /var/lib/dkms/nvidia-current/460.32.03/source/dkms.conf does not exist.")
    assert other.slug == "driver-not-built-for-kernel"
    assert any("rm -rf /var/lib/dkms/nvidia-current/460.32.03" in step for step in other.fix)


# /etc/nv_tegra_release as a Jetson Xavier NX prints it (quoted in a public gist by ggoretkin-bdai).
NV_TEGRA_R32_7_2 = ("# R32 (release), REVISION: 7.2, GCID: 30192233, BOARD: t186ref, EABI: aarch64, "
                    "DATE: Sun Apr 17 09:53:50 UTC 2022")


def test_the_l4t_release_of_a_jetson():
    from envcheck.probes.system import parse_nv_tegra_release

    assert parse_nv_tegra_release(NV_TEGRA_R32_7_2) == "32.7.2"
    assert parse_nv_tegra_release("PRETTY_NAME=\"Ubuntu 20.04\"") == ""


def test_a_jetson_container_for_another_l4t_release():
    found = first(corpus("608-"))
    assert found.slug == "l4t-container-host-mismatch"
    assert (found.evidence["system.l4t_release"], found.evidence["container_l4t_release"]) == ("32.6", "34.1")
    pasted = f"$ cat /etc/nv_tegra_release\n{NV_TEGRA_R32_7_2}\n$ sudo docker run --runtime nvidia -it --rm " \
             "dustynv/l4t-pytorch:r35.2.1\n>>> torch.cuda.is_available()\nFalse"
    other = first(pasted)
    assert other.slug == "l4t-container-host-mismatch" and other.evidence["system.l4t_release"] == "32.7.2"
    same_major = pasted.replace("l4t-pytorch:r35.2.1", "l4t-pytorch:r32.7.1")
    assert "l4t-container-host-mismatch" not in [f.slug for f in findings(same_major)]


def test_secure_boot_stated_in_words_with_a_driver_that_does_not_answer():
    found = first(corpus("635-"))
    assert found.slug == "secure-boot-blocks-module" and found.confidence == "likely"
    other = first("Ubuntu 22.04 with Secure Boot enabled. After installing nvidia-driver-535 and rebooting:\n"
                  "$ nvidia-smi\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make "
                  "sure that the latest NVIDIA driver is installed and running.")
    assert other.slug == "secure-boot-blocks-module"
    off = first("Secure boot is disabled in the BIOS.\n$ nvidia-smi\nNVIDIA-SMI has failed because it couldn't "
                "communicate with the NVIDIA driver.")
    assert off.slug == "driver-not-built-for-kernel"


def test_transformers_and_vllm_guards_for_quantized_models():
    found = first(corpus("647-"))
    assert found.slug == "quantization-unsupported-gpu" and found.evidence["needs"] == "9.0"
    # Transformers' wording, with the GPU's capability in it
    other = first("ValueError: FP8 quantized models is only supported on GPUs with compute capability >= 8.9 "
                  "(e.g 4090/H100), actual = `6.1`")
    assert other.slug == "quantization-unsupported-gpu"
    assert (other.evidence["needs"], other.evidence["compute_capability"]) == ("8.9", "6.1")
    awq = first("ValueError: LLM-AWQ backend is only supported on GPUs with compute capability >= 8.0")
    assert awq.slug == "quantization-unsupported-gpu" and awq.evidence["format"] == "LLM-AWQ"
    # bfloat16's guard in the same words is bf16-unsupported-gpu's
    bf16 = first("ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your "
                 "Tesla T4 GPU has compute capability 7.5.")
    assert bf16.slug == "bf16-unsupported-gpu"


def test_a_program_under_wsl_that_loads_libcuda_itself_and_finds_none():
    found = first(corpus("633-"))
    assert found.slug == "wsl-libcuda" and found.confidence == "likely"
    numba = ("Ubuntu 22.04 on WSL2\nnumba.cuda.cudadrv.error.CudaSupportError: Error at driver init: \n"
             "CUDA driver library cannot be found.")
    assert first(numba).slug == "wsl-libcuda"
    # the same words outside WSL say nothing about WSL
    assert "wsl-libcuda" not in [f.slug for f in findings(numba.replace("Ubuntu 22.04 on WSL2", "Ubuntu 22.04"))]


def test_slurmd_refusing_the_gpu_records_of_gres_conf():
    found = first(corpus("652-"))
    assert found.slug == "slurm-gres-conf-invalid" and found.confidence == "confirmed"
    dropped = first("warning: Ignoring file-less GPU gpu:(null) from final GRES list\n"
                    "State=IDLE+DRAIN+INVALID_REG\nReason=gres/gpu count reported lower than configured (0 < 2)")
    assert dropped.slug == "slurm-gres-conf-invalid" and "file-less" in dropped.message
    # the controller's words alone: a suspect, ranked after causes the facts show
    alone = first("Reason=gres/gpu count reported lower than configured (0 < 8) [slurm@2024-05-02T10:11:12]")
    assert alone.slug == "slurm-gres-conf-invalid" and alone.confidence == "likely"
    no_nvml = first("slurmd: error: We were configured to autodetect nvml functionality, but we weren't able to find "
                    "that lib when Slurm was configured.\nReason=gres/gpu count reported lower than configured (0 < 4)")
    assert no_nvml.slug == "slurm-built-without-nvml"


def test_a_build_asking_nvcc_for_an_architecture_it_dropped():
    found = first(corpus("610-"))
    assert found.slug == "gpu-arch-dropped-by-nvcc"
    assert (found.evidence["compute_capability"], found.evidence["last_cuda"]) == ("3.0", "10.2.89")
    assert any("compute_86" in step for step in found.fix)  # the RTX 3090 the report names
    cuda12 = ("$ nvcc --version\nCuda compilation tools, release 12.1, V12.1.105\n"
              "nvcc fatal   : Unsupported gpu architecture 'compute_35'\nmake: *** [Makefile:12: all] Error 1")
    other = first(cuda12)
    assert other.slug == "gpu-arch-dropped-by-nvcc" and other.evidence["last_cuda"] == "11.8.0"
    # an architecture newer than the nvcc: still nvcc-too-old-for-gpu-arch
    newer = cuda12.replace("release 12.1, V12.1.105", "release 11.0, V11.0.221").replace("compute_35", "compute_86")
    assert first(newer).slug == "nvcc-too-old-for-gpu-arch"


def test_cdi_device_names_the_runtime_cannot_resolve():
    found = first(corpus("561-"))
    assert found.slug == "cdi-devices-unresolvable" and "does not read that spec" in found.message
    docker = first("docker: Error response from daemon: could not apply required modification to OCI specification: "
                   "error modifying OCI spec: failed to inject CDI devices: unresolvable CDI devices nvidia.com/gpu=all")
    assert docker.slug == "cdi-devices-unresolvable" and "never generated" in docker.message
    assert any("nvidia-ctk cdi generate" in step for step in docker.fix)
