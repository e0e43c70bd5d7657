"""Pasted text without what terminals, issue forms and mail added: tested on the shapes people
paste, and on the promise that listings keep their lines."""

from __future__ import annotations

import json
import subprocess
import sys

from envcheck import matrix, rules
from envcheck.importers import from_text
from envcheck.importers.paste import clean_lines, unwrapped


def test_colour_codes_fences_quotes_and_prompts_come_off():
    text = ("```shell\n"
            "(base) user@gpu-box:~/work$ nvidia-smi\n"
            "\x1b[31mRuntimeError\x1b[0m: CUDA error: out of memory\r\n"
            "> >>> import torch\n"
            "PS C:\\Users\\me> python -c \"import torch\"\n"
            "In [3]: torch.cuda.is_available()\n"
            "```")
    assert clean_lines(text) == ["", "nvidia-smi", "RuntimeError: CUDA error: out of memory", "import torch",
                                 'python -c "import torch"', "torch.cuda.is_available()", ""]


def test_compose_log_prefixes_come_off_so_wrapped_messages_join():
    text = ("fauxpilot-triton-1         | ERROR: This container was built for NVIDIA Driver Release 515.48 or later, but\n"
            "fauxpilot-triton-1         |        version  was detected and compatibility mode is UNAVAILABLE.\n"
            "web_1  | RuntimeError: No CUDA GPUs are available")
    lines = clean_lines(text)
    assert lines[0].startswith("ERROR: This container") and lines[2] == "RuntimeError: No CUDA GPUs are available"
    assert any("or later, but version was detected" in line for line in unwrapped(lines))
    # a table row and a listing with a bar keep theirs
    assert clean_lines("| 0  Tesla T4  Off |\ntorch  | 2.1.0") == ["| 0  Tesla T4  Off |", "torch  | 2.1.0"]


def test_a_message_broken_over_lines_is_joined_again():
    lines = clean_lines("RuntimeError: CUDA error: no kernel image is available for\n"
                        "execution on the device\n"
                        "CUDA kernel errors might be asynchronously reported at some other API call, so the\n"
                        "stacktrace below might be incorrect.\n")
    assert unwrapped(lines) == [
        "RuntimeError: CUDA error: no kernel image is available for execution on the device",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
        "might be incorrect."]


def test_listings_and_tables_never_join():
    listing = ["torch                    2.1.0+cu121", "torchvision              0.16.0+cu121",
               "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2     |",
               "|   0  NVIDIA A100-SXM4-80GB          On  | 00000000:07:00.0 Off |                    0 |",
               "Driver Version: 535.104.05", "CUDA Version: 12.2", "GPU 0: NVIDIA A100-SXM4-80GB"]
    assert unwrapped(listing) == []
    assert clean_lines("\n".join(listing)) == listing


def test_a_wrapped_arch_error_is_diagnosed():
    paste = ("I get this when running on my new card:\n\n"
             "> RuntimeError: CUDA error: no kernel image is available for\n"
             "> execution on the device\n")
    findings = rules.run(from_text(paste, "paste.txt"), matrix.default())
    assert findings and findings[0].slug == "gpu-arch-not-in-build"


def test_doctor_reads_a_paste_from_standard_input():
    paste = "RuntimeError: CUDA error: no kernel image is available for\nexecution on the device\n"
    out = subprocess.run([sys.executable, "-m", "envcheck", "doctor", "--json", "--from", "-"], input=paste,
                         capture_output=True, text=True, timeout=60)
    document = json.loads(out.stdout)
    assert out.returncode == 1 and document["findings"][0]["slug"] == "gpu-arch-not-in-build"
    assert document["facts"]["inputs"] == ["stdin"]
    empty = subprocess.run([sys.executable, "-m", "envcheck", "doctor", "--from", "-"], input="", capture_output=True,
                           text=True, timeout=60)
    assert empty.returncode == 2 and "standard input was empty" in empty.stderr and "Traceback" not in empty.stderr


def test_typographic_quotes_and_spaces_become_what_the_tool_printed():
    assert clean_lines("Nvcc fatal : Value \u2018sm_75\u2019 is not defined for option \u2018gpu-architecture\u2019\u00a0") == [
        "Nvcc fatal : Value 'sm_75' is not defined for option 'gpu-architecture'"]
    found = rules.run(from_text("it said \u201c[CU] a.onvcc fatal : Value ' sm_86' is not defined for option "
                                "'gpu-architecture\u201d.", "paste.txt"), matrix.default())
    assert found[0].slug == "nvcc-too-old-for-gpu-arch" and found[0].evidence["compute_capability"] == "8.6"
