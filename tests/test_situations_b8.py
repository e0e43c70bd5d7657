"""Situations from corpus batch 8 that known rules missed in new wordings: the kernel refusing an
unsigned module as EPERM under Secure Boot, nvidia-uvm's other device node, a CPU-only torchvision
beside a CUDA torch, bitsandbytes without a Windows build, a CPU torch in Ultralytics' banner."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as findings


def test_secure_boot_refusal_in_eperm_words():
    # the .run installer inside the GPU Operator's driver container (582)
    assert first(corpus("582-")).slug == "secure-boot-blocks-module"
    modprobe = first("modprobe: ERROR: could not insert 'nvidia': Operation not permitted\nSecureBoot enabled")
    assert modprobe.slug == "secure-boot-blocks-module"
    # EPERM without Secure Boot in the report is not claimed as a signing problem
    assert "secure-boot-blocks-module" not in [f.slug for f in findings(
        "modprobe: ERROR: could not insert 'nvidia': Operation not permitted")]


def test_nvidia_uvm_tools_node_missing():
    found = first(corpus("567-"))
    assert found.slug == "nvidia-uvm-not-loaded"
    assert first("docker: Error response from daemon: error gathering device information while adding custom device "
                 "\"/dev/nvidia-uvm\": no such file or directory.").slug == "nvidia-uvm-not-loaded"


def test_a_cpu_only_torchvision_beside_a_cuda_torch():
    found = first(corpus("595-"))
    assert found.slug == "framework-plugin-mismatch" and found.evidence["operator"] == "nms"
    assert "CPU-only torchvision" in found.message
    other = first("NotImplementedError: Could not run 'torchvision::roi_align' with arguments from the 'CUDA' backend.")
    assert other.slug == "framework-plugin-mismatch" and other.evidence["operator"] == "roi_align"


def test_bitsandbytes_without_a_windows_gpu_build():
    found = first(corpus("600-"))
    assert found.slug == "no-cuda-build-for-platform" and "0.43.0" in " ".join(found.fix)
    # a release from 0.43.0 on has Windows builds: the same warning there is something else
    newer = findings("bitsandbytes 0.45.0\nC:\\Users\\me\\venv\\Lib\\site-packages\\bitsandbytes\\cextension.py:34: "
                     "UserWarning: The installed version of bitsandbytes was compiled without GPU support.")
    assert "no-cuda-build-for-platform" not in [f.slug for f in newer]


def test_a_cpu_torch_in_a_report_about_the_gpu():
    # Ultralytics' banner "torch-2.2.1+cpu CPU (...)" under "YOLOv8 using my cpu instead of gpu" (573)
    found = first(corpus("573-"))
    assert found.slug == "cpu-only-build" and found.evidence["frameworks.torch.version"] == "2.2.1+cpu"
    # a CPU torch in a report that wants no GPU (a Mac's collect_env) is not a problem
    mac = ("PyTorch version: 2.2.1\nIs debug build: False\nOS: macOS 14.2 (arm64)\nGPU models and configuration: "
           "Could not collect\n[pip3] torch==2.2.1+cpu")
    assert "cpu-only-build" not in [f.slug for f in findings(mac)]
