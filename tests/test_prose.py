"""Facts stated in words (issue forms, prose, install logs) become facts marked as such, below
what a tool printed."""

from __future__ import annotations

import pytest

from envcheck import matrix, rules
from envcheck.importers import from_text

M = matrix.load()


def facts_of(text):
    return from_text(text, "paste.txt")


def test_gpu_names_as_people_write_them_resolve_through_the_gpu_table():
    for written, model, cc in [("GPU: GTX 1080 Ti (Pascal)", "NVIDIA GeForce GTX 1080 Ti", "6.1"),
                               ("RTX 5090 on driver 570", "NVIDIA GeForce RTX 5090", "12.0"),
                               ("Graphics card: 3090", "NVIDIA GeForce RTX 3090", "8.6"),
                               ("we run on an A100 80G node", "NVIDIA A100 80GB PCIe", "8.0"),
                               ("Tesla T4 on Colab", "Tesla T4", "7.5")]:
        gpu = facts_of(written).gpus.devices[0]
        assert ": prose: " in gpu.source and written[:20] in gpu.source
        row = M.gpu(gpu.name)
        assert (row["name"], row["compute_capability"]) == (model, cc), written


def test_a_name_the_table_cannot_resolve_stays_unknown():
    # the GTX 860M was made with Kepler and with Maxwell chips: its name alone does not say which
    gpu = facts_of("GPU: GTX 860M").gpus.devices[0]
    assert gpu.name == "GTX 860M" and M.gpu_by_model(gpu.name) is None


def test_driver_platform_and_framework_versions_in_words():
    facts = facts_of("nvidia-smi says 410.48\nUbuntu1804, python37\nI installed torch 2.1.0+cu121 yesterday\n"
                     "tf.GIT_VERSION, tf.VERSION = ('v1.3.0-rc2-20-g0787eee', '1.3.0')")
    assert facts.gpus.driver_version == "410.48"
    assert (facts.system.distro_id, facts.system.distro_version, facts.python.version) == ("ubuntu", "18.04", "3.7")
    torch = next(f for f in facts.frameworks.installed if f.name == "torch")
    assert (torch.version, torch.accelerator, torch.build_cuda) == ("2.1.0+cu121", "cuda", "12.1")
    assert next(f for f in facts.frameworks.installed if f.name == "tensorflow").version == "1.3.0"
    assert all(": prose: " in s for s in facts.system.sources + facts.python.sources)


def test_an_install_logs_wheel_name_says_version_build_and_python():
    facts = facts_of("Collecting torch\n  Downloading torch-1.7.1-cp38-cp38-win_amd64.whl (184.0 MB)\n"
                     "  Downloading https://download.pytorch.org/whl/cpu/torchvision-0.20.1%2Bcpu-cp312-cp312-"
                     "linux_x86_64.whl (1.8 MB)")
    versions = {f.name: (f.version, f.accelerator) for f in facts.frameworks.installed}
    assert versions == {"torch": ("1.7.1", ""), "torchvision": ("0.20.1+cpu", "cpu")}
    assert facts.python.version == "3.8"


def test_a_tools_output_outranks_words():
    smi = ("| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |\n"
           "|   0  NVIDIA A100-SXM4-80GB          On  | 00000000:07:00.0 Off |                    0 |\n")
    facts = facts_of(smi + "my colleague says the box has an RTX 3090 on driver 470\n")
    assert facts.gpus.driver_version == "535.104.05"
    assert [g.name for g in facts.gpus.devices] == ["NVIDIA A100-SXM4-80GB"]


def test_a_gpu_named_in_words_lets_the_arch_rule_judge_the_build():
    paste = "Running on RTX 5090, torch 2.6.0+cu124, it crashes with a CUDA error.\n"
    found = rules.run(facts_of(paste), M)
    assert found and found[0].slug == "gpu-arch-not-in-build"


def test_a_finding_that_rests_on_words_says_so():
    paste = "Running on RTX 5090, torch 2.6.0+cu124, it crashes with a CUDA error.\n"
    finding = rules.run(facts_of(paste), M)[0]
    assert finding.evidence["stated_in_prose"] == [paste.strip()]
    smi = facts_of("| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |\n")
    assert all("stated_in_prose" not in f.evidence for f in rules.run(smi, M))


def test_a_capability_stated_beside_the_gpu_is_kept():
    gpu = facts_of("GPU: NVIDIA GeForce GTX 1050 (compute capability 6.1)").gpus.devices[0]
    assert (gpu.name, gpu.compute_capability) == ("NVIDIA GeForce GTX 1050", "6.1")
    assert facts_of("my RTX 3090 (sm_86) crashes").gpus.devices[0].compute_capability == "8.6"


def test_a_torch_build_written_with_spaces_around_the_plus():
    torch = facts_of("**Versions:** PyTorch 2.8.0 + cu129").frameworks.installed[0]
    assert (torch.version, torch.build_cuda) == ("2.8.0+cu129", "12.9")


def test_issue_form_answers_are_read_with_their_headings():
    # ONNX Runtime's and TensorFlow's issue forms (corpus 243, 184): the answer alone means nothing.
    facts = facts_of("### OS Version\n\nubuntu 22.04\n\n### ONNX Runtime Version or Commit ID\n\nonnxrumtime 1.16.2\n\n"
                     "### Execution Provider Library Version\n\nCUDA12.1\n\n### Urgency\n\n_No response_\n")
    ort = next(f for f in facts.frameworks.installed if f.name == "onnxruntime")
    assert ort.version == "1.16.2" and facts.cuda.stated_version == "12.1"
    assert "Execution Provider Library Version: CUDA12.1" in facts.cuda.stated_source
    facts = facts_of("### TensorFlow version\n\ntf 2.16\n\n### OS platform and distribution\n\nwin10\n\n"
                     "### CUDA/cuDNN version\n\n12.3\n")
    assert facts.frameworks.installed[0].version == "2.16" and facts.system.os == "windows"
    assert facts.cuda.stated_version == "12.3" and not facts.libraries.found  # one number: the CUDA


def test_operating_system_from_words_paths_and_wheel_tags():
    for text, system in [("My system is Windows 11.", "windows"), ("OS: Microsoft Windows 10 Pro", "windows"),
                         (r"File C:\Users\sunny\anaconda3\envs\pytorch\lib\site-packages\x.py", "windows"),
                         ("Downloading torch-1.7.1-cp38-cp38-win_amd64.whl (184.0 MB)", "windows"),
                         ("macOS 14.2 on an M2", "darwin")]:
        assert facts_of(text).system.os == system, text
    wsl = facts_of("Windows 11 with WSL2 (Ubuntu 22.04)").system
    assert (wsl.wsl, wsl.os) == (2, "")  # WSL is Linux on a Windows driver, not native Windows


def test_cuda_and_cudnn_as_people_state_them():
    for text, cuda in [("it can load onnx and work in CUDA（11.7）.", "11.7"), ("My NVIDIA CUDA version is 12.1.", "12.1"),
                       ("cuda 12.6, cudnn 9.3, jetpack 6.1", "12.6"), ("apply yolov8n.onnx with cuda12.4 cudnn9", "12.4")]:
        assert facts_of(text).cuda.stated_version == cuda, text
    # nvidia-smi's header names the driver's CUDA; a framework's build CUDA is not the host's
    for text in ["| NVIDIA-SMI 535.54.03   Driver Version: 535.54.03   CUDA Version: 12.2 |",
                 "CUDA used to build PyTorch: 12.1", "torch 2.1.0+cu121 requires CUDA 12.1"]:
        assert facts_of(text).cuda.stated_version == "", text
    for text, cudnn in [("cudnn version is 8.9.6.50_cuda12", "8.9.6"), ("In my env cuDNN==8.9；", "8.9"),
                        ("I used cudnn-windows-x86_64-8.8.1.3_cuda12-archive.", "8.8.1"),
                        ("CUDA/cuDNN version: CUDA 8.0, cuDNN 5.1", "5.1")]:
        found = facts_of(text).libraries.found
        assert [(lib.name, lib.version, lib.kind) for lib in found] == [("cudnn", cudnn, "stated")], text
    # a library file name or a requirement is not the cuDNN the machine has
    assert not facts_of("Could not locate cudnn64_8.dll").libraries.found
    assert not facts_of("Failed to create CUDAExecutionProvider. Require cuDNN 9.* and CUDA 12.*").libraries.found


def test_onnxruntime_versions_and_release_archives():
    ort = facts_of("onnxruntime-win-x64-cuda12-1.17.1").frameworks.installed[0]
    assert (ort.name, ort.version, ort.accelerator, ort.build_cuda) == ("onnxruntime", "1.17.1", "cuda", "12")
    ort = facts_of("pip install onnxruntime-gpu==1.19.0").frameworks.installed[0]
    assert (ort.version, ort.accelerator) == ("1.19.0", "cuda")


def test_an_issue_templates_examples_are_not_the_reporters_facts():
    # TensorFlow's form: the example "(e.g., Linux Ubuntu 16.04)" sits before the answer, on one line or two
    one_line = facts_of("- **OS Platform and Distribution (e.g., Linux Ubuntu 16.04)**: Ubuntu 17.04").system
    assert (one_line.distro_id, one_line.distro_version) == ("ubuntu", "17.04")
    two_lines = facts_of("- **OS Platform and Distribution (e.g., Linux Ubuntu 16.04)**:\nUbuntu 17.04").system
    assert two_lines.distro_version == "17.04"
    # an unanswered field says nothing
    assert facts_of("- OS Platform and Distribution (e.g., Linux Ubuntu 16.04):").system.distro_version in ("", None)


def test_a_torch_build_alone_on_a_line():
    torch = next(f for f in facts_of("- NVIDIA GeForce GTX 1080 Ti\n- Windows 10\n- 2.8.0+cu128").frameworks.installed
                 if f.name == "torch")
    assert (torch.version, torch.build_cuda) == ("2.8.0+cu128", "12.8")
    # a companion's 0.x number, or a version inside a sentence, is not read as torch
    assert facts_of("- 0.23.0+cu128").frameworks.installed == []
    assert "torch" not in [f.name for f in facts_of("I have 2.1.0+cu121 and 0.16.0+cu121").frameworks.installed]


@pytest.mark.parametrize("text, driver", [
    # PaddlePaddle/PaddleX#164 (corpus 4108): the driver's properties in a Chinese Windows, under a GTX 1050 Ti
    ("电脑环境：windows10，1050ti，未安装CUDA\n主驱动程序：nvldumdx.dll, nvldumdx.dll\n版本：23.21.13.9135", "391.35"),
    # SYSTRAN/faster-whisper, corpus 680: "main driver is 31.0.15.1694"
    ("I have GTX1050 Ti and main driver is 31.0.15.1694. How can I fix this error and run on my GPU card?", "516.94"),
    # a Windows system-check tool's report (found by find_string)
    ("Graphics Card NVIDIA GeForce RTX 3060 : OK\n  -> GPU is working properly:\n     - Current Load: 15%\n"
     "     - Dedicated Memory: 6 GB\n     - Driver Version: 31.0.15.3598", "535.98"),
])
def test_the_driver_version_windows_shows_is_nvidias_release(text, driver):
    assert facts_of(text).gpus.driver_version == driver


def test_another_vendors_windows_driver_version_is_not_nvidias():
    # an Intel adapter line of a renderer's log (found by find_string), after a GeForce is named
    facts = facts_of("GPU: GeForce GTX 1050 Ti\n[Console] Adapter 0: integrated / D3D12 | Intel(R) HD Graphics 5500 "
                     "(D3D12 driver version 20.19.15.4703) vendor=intel")
    assert facts.gpus.driver_version == ""


@pytest.mark.parametrize("text, accelerator, build_cuda", [
    # fastai's show_install (corpus 5052)
    ("=== Software ===\npython version  : 3.7.0\nfastai version  : 1.0.36\ntorch version   : 1.0.0\n"
     "torch cuda ver  : 9.0.176\ntorch cuda is   : available", "cuda", "9.0"),
    # a one-line check printed by a project's script (corpus 2152)
    ("torch=2.14.0+cu130 | torch_cuda=13.0 | cuda_available=False", "cuda", "13.0"),
    # the header of a repro file torch's minifier writes (found by find_string)
    ("# torch version: 2.11.0+cpu\n# torch cuda version: None\n# torch git version: "
     "70d99e998b4955e0049d13a98d77ae1b14db1f45", "cpu", ""),
    # torch.version.cuda asked at the prompt (corpus 2560) and in a one-line command (corpus 3078)
    (">>> import torch\n>>> print(torch.version.cuda)\n13.1", "cuda", "13.1"),
    ('$ python -c "import torch; print(torch.version.cuda)"\n>>> 10.2', "cuda", "10.2"),
])
def test_the_cuda_torch_was_built_with_under_a_label_or_at_the_prompt(text, accelerator, build_cuda):
    torch = next(f for f in facts_of(text).frameworks.installed if f.name == "torch")
    assert (torch.accelerator, torch.build_cuda) == (accelerator, build_cuda)


def test_torch_version_cuda_in_code_or_a_sentence_is_not_the_build():
    # the f-string of a diagnostic script, and torch's own source line in a traceback (corpus 029)
    for text in ('print(f"torch cuda ver  : {torch.version.cuda}")',
                 "raise RuntimeError(CUDA_MISMATCH_MESSAGE.format(cuda_str_version, torch.version.cuda))\n"
                 "RuntimeError:"):
        assert [f.build_cuda for f in facts_of(text).frameworks.installed if f.name == "torch"] in ([], [""])
