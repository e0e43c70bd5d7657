"""Situations found in corpus batch 5 that no rule knew, each recognised in the corpus report and in a
second real wording (the tool's own source or another thread) where one exists: a CUDA_HOME written
like PATH, daemon.json that dockerd refuses, libcuda.so missing for the linker or Triton, nvidia-uvm not
loaded, a driver container without kernel headers, GPU UUIDs a program cannot read, a CPU without
AVX, a job that asked its scheduler for no GPU, several MIG slices in one process."""

from __future__ import annotations


from envcheck import matrix, rules
from envcheck.probes import collect
from envcheck.host import DirectoryHost
from envcheck.importers.paste import clean_lines, unwrapped
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as findings

M = matrix.load()


def slugs(text):
    return [f.slug for f in findings(text)]


def test_lines_cut_at_the_terminal_width_are_joined_without_a_space():
    joined = " ".join(unwrapped(clean_lines(corpus("416-"))))
    assert "nvidia-container-cli: mount error: file creation failed:" in joined
    assert first(corpus("416-")).slug == "driver-libs-in-image"
    # two lines of one width and a shorter tail are one line; lines of a table are not joined
    cut = ["x" * 60 + "abc", "defg" + "y" * 59, "tail"]
    assert unwrapped(cut)[-1] == "".join(cut)
    assert not unwrapped(["| 0  Tesla T4   Off |", "| 1  Tesla T4   Off |"])


def test_cuda_home_written_like_path():
    finding = first(corpus("368-"))
    assert finding.slug == "cuda-home-misconfigured" and finding.evidence["env.CUDA_HOME"].startswith("/usr/local/cuda-10.0:")
    # the build's own words alone, and CUDA_HOME pointing at bin/
    assert first("error: command '/usr/local/cuda:/usr/local/cuda-11.8/bin/nvcc' failed with exit status 1").slug == \
        "cuda-home-misconfigured"
    assert first("export CUDA_HOME=/usr/local/cuda-12.1/bin\nNo such file or directory: "
                 "'/usr/local/cuda-12.1/bin/bin/nvcc'").slug == "cuda-home-misconfigured"
    assert "cuda-home-misconfigured" not in slugs("export CUDA_HOME=/usr/local/cuda-12.1")


def test_daemon_json_that_dockerd_refuses(tmp_path):
    finding = first(corpus("384-"))
    assert finding.slug == "docker-daemon-json-invalid" and "delimiter" in finding.evidence["docker.config_error"]
    # dockerd's own message (Docker's logging documentation)
    assert first("unable to configure the Docker daemon with file /etc/docker/daemon.json: invalid character "
                 "'\\n' in string literal").slug == "docker-daemon-json-invalid"
    # a valid file pasted is not this
    assert "docker-daemon-json-invalid" not in slugs('{\n  "default-runtime": "nvidia",\n  "runtimes": {}\n}')
    # the probe reads the host's file
    (tmp_path / "etc" / "docker").mkdir(parents=True)
    (tmp_path / "etc" / "docker" / "daemon.json").write_text('{"runtimes": {"nvidia": {"path": "x"}},}\n')
    facts = collect(DirectoryHost(str(tmp_path)))
    assert facts.docker.config_path == "/etc/docker/daemon.json" and facts.docker.config_error
    assert "docker-daemon-json-invalid" in [f.slug for f in rules.run(facts, M)]


def test_libcuda_missing_for_the_linker_or_triton():
    for case in ("301-", "418-"):  # ld inside Triton's launcher build; an extension's link step
        assert first(corpus(case)).slug == "cuda-libs-not-on-library-path", case
    # Triton's own assertion (python/triton/common/build.py)
    assert first("AssertionError: libcuda.so cannot found!").slug == "cuda-libs-not-on-library-path"


def test_nvidia_uvm_not_loaded():
    assert first(corpus("403-")).slug == "nvidia-uvm-not-loaded"
    # Kubernetes' CDI spec generation and a container runtime after a cold boot
    for text in ("failed to generate spec: lstat /dev/nvidia-uvm: no such file or directory",
                 "Error response from daemon: error gathering device information while adding custom device "
                 '"/dev/nvidia-uvm": no such file or directory'):
        assert "nvidia-uvm-not-loaded" in slugs(text), text


def test_driver_container_without_kernel_headers():
    finding = first(corpus("364-"))
    assert finding.slug == "driver-container-kernel-headers-unavailable" and "4.18.0-240.22.1.el8_3" in finding.message
    apt = ("kubectl logs -n gpu-operator nvidia-driver-daemonset-9xk2p\nInstalling Linux kernel headers...\n"
           "E: Unable to locate package linux-headers-5.15.0-1045-aws")
    assert first(apt).slug == "driver-container-kernel-headers-unavailable"
    # on a plain host, the same apt line is not a driver container's problem
    assert "driver-container-kernel-headers-unavailable" not in slugs(
        "E: Unable to locate package linux-headers-5.15.0-1045-aws")


def test_gpu_uuids_the_program_cannot_read():
    assert first(corpus("389-")).slug == "cuda-visible-devices-uuid-unsupported"
    text = ("export CUDA_VISIBLE_DEVICES=GPU-8932f937-d72c-4106-c12f-20bd9faed9f6\n"
            "RuntimeError: No CUDA GPUs are available")
    assert "cuda-visible-devices-uuid-unsupported" in slugs(text)
    # UUIDs with GPUs found are fine
    assert "cuda-visible-devices-uuid-unsupported" not in slugs(
        "export CUDA_VISIBLE_DEVICES=GPU-8932f937-d72c-4106-c12f-20bd9faed9f6\nprint(torch.cuda.device_count())\n1")


def test_cpu_without_avx():
    assert first(corpus("397-")).slug == "cpu-missing-avx"
    # Ollama's log line (discover/gpu.go) and TensorFlow's cpu_feature_guard
    for text in ('level=WARN source=gpu.go:226 msg="CPU does not have minimum vector extensions, GPU inference '
                 'disabled" required=avx detected="no vector extensions"',
                 "The TensorFlow library was compiled to use AVX instructions, but these aren't available on your "
                 "machine.\nAborted (core dumped)"):
        assert first(text).slug == "cpu-missing-avx", text


def test_gpus_not_requested_from_the_scheduler():
    assert first(corpus("373-")).slug == "gpu-not-requested-from-scheduler"
    assert first("$ kubectl exec gpu-job -- env | grep NVIDIA\nNVIDIA_VISIBLE_DEVICES=void").slug == \
        "gpu-not-requested-from-scheduler"


def test_several_mig_slices_in_one_process():
    assert first(corpus("413-")).slug == "multiple-mig-devices-in-one-process"
    finding = first("export CUDA_VISIBLE_DEVICES=MIG-5c89852c-d268-c3f3-1b07-005d5ae1dc3f,"
                    "MIG-92d5b6f3-0a51-5e6e-9d37-0a2ed2b5fb3e\npython train.py")
    assert finding.slug == "multiple-mig-devices-in-one-process" and "2 MIG devices" in finding.message


def test_device_plugin_started_without_the_nvidia_runtime():
    assert first(corpus("404-")).slug == "container-runtime-not-configured"
    # the device plugin's own log (k8s-device-plugin main.go)
    log = ("2024/01/04 06:08:15 Loading NVML\n2024/01/04 06:08:15 Failed to initialize NVML: could not load NVML "
           "library.\n2024/01/04 06:08:15 If this is a GPU node, did you set the docker default runtime to `nvidia`?")
    assert first(log).slug == "container-runtime-not-configured"


def test_known_situations_in_new_wordings():
    # CTranslate2's missing cuBLAS (corpus 362) on Windows and Linux
    assert first(corpus("362-")).slug == "cuda-libraries-missing"
    assert first("RuntimeError: Library libcublas.so.12 is not found or cannot be loaded").slug == \
        "cuda-libraries-missing"
    # ONNX Runtime's warning with the providers quoted as one string (corpus 369)
    assert first(corpus("369-")).slug == "cpu-only-build"
    # llama.cpp without a GPU backend: corpus 408's system_info, and its warning
    assert first(corpus("408-")).slug == "cpu-only-build"
    assert first("warning: not compiled with GPU offload support, --n-gpu-layers option will be ignored").slug == \
        "cpu-only-build"
    # conda's CPU variant selector with Lightning's "machine only has: []" (corpus 417)
    finding = first(corpus("417-"))
    assert finding.slug == "cpu-only-build" and finding.message.startswith("torch is a CPU-only build")
    # a toolkit older than the GPU named in words (corpus 361), and not for a GPU it knows
    finding = first(corpus("361-"))
    assert finding.slug == "nvcc-too-old-for-gpu-arch" and finding.evidence["needs_cuda"].startswith("11.8")
    assert "nvcc-too-old-for-gpu-arch" not in slugs("Graphics card: rtx3090\nCUDA Version: 11.3")
    # a CUDA named in words is the compiler only where the report shows a build: TensorRT on an RTX 4070
    # (corpus 453) and a TensorFlow import (443) build nothing
    for case in ("453-", "443-"):
        assert "nvcc-too-old-for-gpu-arch" not in slugs(corpus(case))
    assert "nvcc-too-old-for-gpu-arch" in slugs("GPU Type: RTX4070\nCUDA Version: 11.0\n$ cmake -B build -DGGML_CUDA=ON")
    # the cuda table starts at 10.0: a Maxwell GPU's first CUDA is older than the table and not claimed
    assert "nvcc-too-old-for-gpu-arch" not in slugs("GPU: GeForce GTX 970\nCUDA 8.0\n$ nvcc -o a a.cu")
    # a Blackwell GPU whose driver does not come up, flavour unknown (corpus 410)
    assert first(corpus("410-")).slug == "open-kernel-module-required"


def test_batch_6_wordings_of_known_situations():
    # RAPIDS' minimum GPU (corpus 469), ptxas refusing bfloat16 before sm_80 (471), nvidia-docker 1's
    # driver check (428), apt unpacking driver packages inside a GPU container (442), a CPU jaxlib (438)
    expected = {"469-": "gpu-arch-unsupported", "471-": "bf16-unsupported-gpu", "428-": "driver-too-old",
                "442-": "driver-libs-in-image", "438-": "cpu-only-build"}
    for case, slug in expected.items():
        assert first(corpus(case)).slug == slug, case
    assert first("UserWarning: A GPU with NVIDIA Volta (Compute Capability 7.0) or newer architecture is "
                 "required.").slug == "gpu-arch-unsupported"
    assert first("RuntimeError: Unable to initialize backend 'cuda': NOT_FOUND: Could not find registered platform "
                 "with name: \"cuda\". Available platform names are: CPU").slug == "cpu-only-build"
