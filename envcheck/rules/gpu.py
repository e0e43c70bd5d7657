"""GPU rules (GPU): is there a GPU at all, and is it healthy (Xid, ECC, row remapping, PCIe
link, throttling, peer-to-peer)."""

from __future__ import annotations

import re
from typing import Dict, Iterable, List

from envcheck.importers.paste import form_answers
from envcheck.matrix import cc_tuple
from envcheck.model import ERROR_SEVERITY
from envcheck.rules import Context, Hit, first_match, rule
from envcheck.rules.system import TORCH_SEES_GPU, sbatch_request

XID_DOCS = "https://docs.nvidia.com/deploy/xid-errors/index.html"

# Xid codes with what NVIDIA's Xid catalog says they mean, and whether they point at hardware.
XID_MEANINGS = {
    13: ("graphics engine exception", False),
    31: ("GPU memory page fault", False),
    43: ("GPU stopped processing", False),
    45: ("preemptive cleanup after earlier errors", False),
    48: ("double-bit ECC error", True),
    61: ("internal micro-controller breakpoint/warning", True),
    62: ("internal micro-controller halt", True),
    63: ("ECC page retirement or row remapping recorded", True),
    64: ("ECC page retirement or row remapper recording failure", True),
    74: ("NVLink error", True),
    78: ("vGPU start error: the guest driver is incompatible with the host's, or the vGPU type is not supported", False),
    79: ("GPU has fallen off the bus", True),
    92: ("high single-bit ECC error rate", True),
    94: ("contained ECC error", True),
    95: ("uncontained ECC error", True),
    119: ("GSP RPC timeout", True),
    120: ("GSP error", True),
}


# The NVIDIA kernel module's own probe of the PCI bus, finding no NVIDIA device at all: "NVRM: No NVIDIA graphics
# adapter found!", then "NVRM: NVIDIA init module failed!" and modprobe's "could not insert 'nvidia': No such device"
# (an EC2 instance type without a GPU: wrboyce/ec2hashcat#3; an AMD 290X under SteamOS: ValveSoftware/SteamOS#209; AMD
# RX 580s under ethOS: todxx/tdxminer#29). Another driver holding the GPU reads otherwise: "No NVIDIA graphics adapter
# probed!" and "The NVIDIA probe routine was not called for 3 device(s)" (nouveau-bound).
KERNEL_FOUND_NO_ADAPTER = re.compile(r"NVRM: No NVIDIA graphics adapter found")
PROBE_NOT_CALLED = r"probe routine was not called"


@rule("GPU001", "no-nvidia-gpu", "error", "No NVIDIA GPU is visible on this machine",
      signatures=(r"Found no NVIDIA driver on your system", r"no CUDA-capable device is detected",
                  # the same error by its names, as bindings print them ("CUDA error (code 100, CUDA_ERROR_NO_DEVICE)")
                  r"\bCUDA_ERROR_NO_DEVICE\b", r"\bcudaErrorNoDevice\b",
                  r"No CUDA GPUs are available", r"No devices were found", KERNEL_FOUND_NO_ADAPTER.pattern),
      priority=1)
def no_nvidia_gpu(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    PyTorch: "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and
    installed a driver"; "no CUDA-capable device is detected" (by its names: CUDA.jl's "CUDA error
    (code 100, CUDA_ERROR_NO_DEVICE)", cudaErrorNoDevice); `lspci | grep -i nvidia` prints nothing.
    A notebook written for a GPU runtime, opened on Colab's TPU runtime, fails at its first
    `nvidia-smi` call. The kernel module's own probe: "NVRM: No NVIDIA graphics adapter found!".
    "AssertionError: Trying to use CUDA, but CUDA is not available", and the
    reporter says the computer has no graphics card, or that its GPU is Intel's or AMD's ("GPU: gfx1030 AMD Radeon RX
    6900 XT", "I run kangaroo in window 10 with AMD radeon rx 580", an issue form's "Are you using a GPU?" with
    "- [x] AMD" ticked). `docker run --gpus all` on a Mac, or on a
    machine said to have no GPU: "could not select device driver "" with capabilities: [[gpu]]". In a
    VirtualBox, VMware Workstation or Parallels guest: "cuInit(0) (CUDA_ERROR_UNKNOWN (code 999)", SAPIEN's
    "failed to find a rendering device", TensorFlow's "Registered devices: [CPU, XLA_CPU]".

    Why:
    There is no NVIDIA GPU on the PCI bus: the machine has none (an Intel/AMD-only laptop, a
    CPU-only cloud instance, a TPU runtime or VM, a Mac), or the hypervisor did not pass one
    through (desktop hypervisors never do). On a Mac, CUDA code
    fails with "Torch not compiled with CUDA enabled": PyTorch has no CUDA build for macOS (FW008).

    Fix:
    Use a machine or instance type with an NVIDIA GPU, or run on the CPU (the CPU wheels of the
    frameworks need no driver).

    When to ignore:
    CPU-only machines that are not meant to run GPU work.
    """
    f = ctx.facts
    mac = on_a_mac(ctx)
    no_adapter = first_match(KERNEL_FOUND_NO_ADAPTER, seen)
    container_asks = ctx.observed(CONTAINER_ASKS_FOR_GPU) if mac else []
    if mac and (seen or ctx.observed(CUDA_ASKED_FOR) or container_asks) and not ctx.has_nvidia_gpu():
        what = "a container given GPUs (--gpus) finds none" if container_asks and not seen else \
            "the CUDA code path fails whatever is installed"
        yield Hit(f"this is a Mac: it has no NVIDIA GPU that CUDA can use, so {what}",
                  evidence={"system.os": f.system.os or "darwin (from the report's words)",
                            **({"observed": container_asks[0].strip()[:200]} if container_asks else {})},
                  confirmed=True,
                  fix=(["run the container without --gpus (the program's CPU mode)"] if container_asks else []) +
                      ["run it on the CPU, or on Apple's GPU where the program supports it (PyTorch: device='mps')",
                       "# or run it on a Linux or Windows machine with an NVIDIA GPU"])
    elif on_a_tpu_runtime(ctx) and ctx.observed(GPU_ASKED_FOR) and not ctx.has_nvidia_gpu() and \
            not ctx.gpu_models():
        yield Hit("this runs on a TPU runtime, which has no NVIDIA GPU: nvidia-smi and CUDA are not there, so code "
                  "written for a GPU runtime fails", evidence={"observed": ctx.observed([TPU_RUNTIME.pattern])[:1]},
                  fix=["choose a GPU runtime (Colab: Runtime > Change runtime type > a GPU) for code that needs CUDA",
                       "# or run the TPU build of the framework (JAX: pip install 'jax[tpu]') on the TPU"])
    elif said_no_gpu(ctx) and ctx.observed(GPU_ASKED_FOR + CONTAINER_ASKS_FOR_GPU):
        container = ctx.observed(CONTAINER_ASKS_FOR_GPU)
        yield Hit("the report says this machine has no NVIDIA GPU, and " +
                  ("a container is started with GPUs (--gpus): Docker finds none to give it" if container else
                   "the program asks for CUDA: it needs a GPU machine, or its CPU mode"),
                  evidence={"said": said_no_gpu(ctx)[:1], **({"observed": container[0].strip()[:200]} if container
                                                              else {})}, confirmed=True,
                  fix=(["start the container without --gpus (a CPU image needs none)"] if container else []) +
                      (["the GPU named is AMD's or Intel's: use the program's build for it (DirectML, ROCm, Vulkan or "
                        "OpenVINO) instead of its CUDA build, where it has one"]
                       if not ctx.observed([SAID_NO_GPU.pattern]) else []) +
                      ["run it on the CPU if the program has a CPU mode (drop its --cuda / --gpu option, or set "
                       "device='cpu')", "# or run it on a machine or cloud instance with an NVIDIA GPU",
                       "lspci -nn | grep -i nvidia  # on Linux: an NVIDIA device is listed where there is one"])
    elif ctx.has_nvidia_gpu() is not True and ctx.observed([DESKTOP_VM.pattern]) and \
            (seen or ctx.observed(GPU_ASKED_FOR + GPU_REACHED_FOR)):
        guest = ctx.observed([DESKTOP_VM.pattern])[0]  # the same pattern set as the test above: kept for the run
        yield Hit("this runs in a guest of a desktop hypervisor (VirtualBox, VMware Workstation or Fusion, Parallels): "
                  "it gives the guest an emulated display adapter, never the host's NVIDIA GPU, so CUDA (and Vulkan or "
                  "EGL on the GPU) in the guest finds none", evidence={"observed": guest.strip()[:200]}, confirmed=True,
                  fix=["run it on the host itself (natively, or in a dual-boot Linux), beside the GPU and its driver",
                       "on a Windows host: WSL 2 reaches the GPU through the Windows driver (no driver inside WSL)",
                       "or a hypervisor that passes a whole GPU through to one VM (KVM/Proxmox with VFIO, ESXi), with "
                       "the NVIDIA driver installed in that VM"])
    elif ctx.has_nvidia_gpu() is False and not gpu_container(ctx):
        # with no NVIDIA GPU at all, every GPU error that follows is explained: this outranks them
        yield Hit("no NVIDIA device on the PCI bus and no GPU reported by the driver", confirmed=True,
                  evidence={"pci.devices": len(f.pci.devices), "pci.sources": f.pci.sources[:2],
                            "gpus.reason": f.gpus.reason},
                  fix=["lspci -nn | grep -i nvidia", "# on a cloud VM: choose a GPU instance type; or run on the CPU"])
    elif ctx.has_nvidia_gpu() is None and no_adapter and \
            not ctx.observed([PROBE_NOT_CALLED]):
        yield Hit("the NVIDIA kernel module probed the PCI bus and found no NVIDIA GPU (NVRM: No NVIDIA graphics "
                  "adapter found): this machine has none, such as a cloud instance type without one or a computer "
                  "with AMD or Intel graphics only", confirmed=True,
                  evidence={"observed": no_adapter.string.strip()[:200]},
                  fix=["lspci -nn | grep -i nvidia  # an NVIDIA device is listed where there is one",
                       "# on a cloud VM: choose a GPU instance type; or run the program on the CPU"])
    elif seen and ctx.has_nvidia_gpu() is None and not _visible_devices_hidden(ctx) and \
            not ctx.observed(GPU_NAMED + (TORCH_SEES_GPU,)):
        yield Hit("The software found no NVIDIA GPU (or no driver for one)", priority=80, generic=True,
                  fix=["lspci -nn | grep -i nvidia", "nvidia-smi", "# no NVIDIA GPU: use the CPU build or a GPU machine"])


# Framework messages that name a GPU they found ("NVIDIA GeForce RTX 5090 with CUDA capability
# sm_120 ...", "Found GPU0 GeForce GTX 680 which is of cuda capability 3.0"): a GPU is there.
GPU_NAMED = (r"with CUDA capability sm_\d+", r"Found GPU\d+ .+ which is of cuda capability \d+\.\d+")


# A Mac named in the report: macOS, a Mac model, Apple silicon, a macOS wheel tag or target triple (case kept:
# "MAC address" is not a Mac). A Mac named with its chip, as host names are ("appleid@MacM2Pro SadTalker %").
# A home folder under /Users/ with forward slashes is macOS's (Windows' is C:\Users, WSL's /mnt/c/Users, Python's
# WindowsPath('/Users/...') in bitsandbytes' path listing, Git Bash's /c/Users): apache/mxnet
# #4243's "/Users/universe/Program/mxnet/dmlc-core/...", beside its "my mac bookPro", and its traceback's
# 'File "/Users/universe/...'.
MAC_NAMED = re.compile(r"\b(?:Mac(?:Book(?:\s?(?:Pro|Air))?|OS|\s?mini|\s+Studio|\s+Pro|-?M\d(?:Pro|Max|Ultra)?)?|"
                       r"macOS|OS X|Apple M\d)\b|"
                       r"\bmacosx_\d+_\d+_(?:arm64|x86_64)\b|\barm64-apple-darwin|(?i:\bmac\s?book)|"
                       r"(?:^|[\s(\"])/Users/[\w.-]+/")
# The program asked for CUDA: a CPU-only build's refusal, "CUDA is not available", or a tool's own words for the same
# (Cellpose: "TORCH CUDA version not installed/working").
# COLMAP's own check and message for the same ("Check failed: num_cuda_devices > 0 (0 vs. 0)", "Dense stereo
# reconstruction requires CUDA, which is not available on your system").
CUDA_ASKED_FOR = (r"not compiled with CUDA", r"\bCUDA (?:is )?(?:not |un)available",
                  r"\bCUDA(?: \w+)? not (?:installed|working|found|detected)", r"\bnum_cuda_devices > 0 \(0 vs\. 0\)",
                  r"\brequires CUDA, which is not available\b")
# A TPU runtime or VM (Colab's, Kaggle's, a Cloud TPU VM), which has no NVIDIA GPU: code written for a GPU runtime,
# which calls nvidia-smi or asks for CUDA, fails there.
TPU_RUNTIME = re.compile(r"\bTPU (?:runtime|VM|instance|v\d)\b|\bTPU (?:is |was )?selected\b|"
                         r"\b(?:select(?:ed)?|chose|picked) (?:the |a )?TPU\b|"
                         r"\b(?:Colab|Kaggle)\b.{0,60}\bTPU\b|\bTPU\b.{0,60}\b(?:Colab|Kaggle)\b", re.I)
# TensorFlow placing an op whose kernels exist for the GPU only, in a session with no GPU device: "No OpKernel was
# registered to support Op 'CudnnRNN' with these attrs.  Registered devices: [CPU], Registered kernels: device='GPU'"
# (a CuDNNGRU layer, tensorflow-gpu not working); "Registered devices: [CPU, XLA_CPU]" for Magenta's cuDNN LSTM in a
# Parallels VM. The list holds the devices the session made (the placer's DeviceSet), so no GPU there is TensorFlow
# seeing none, for whatever reason.
TF_NO_GPU_DEVICE = r"Registered devices: \[(?:XLA_)?CPU(?:, (?:XLA_)?CPU)*\]"
# A guest of a desktop hypervisor (VirtualBox, VMware Workstation, Fusion or Player, Parallels): these give the guest
# an emulated display adapter, never the host's NVIDIA GPU ("You cannot do direct GPU access on workstation",
# team-phoenix/Phoenix#133; of VirtualBox, a Theano maintainer in ironchief/pylearn2_vagrant#2: "Last time I checked,
# it wasn't in a released virtualbox version"), so CUDA in the guest finds none: cuInit failing in an openMVS run
# ("Linux 4.15.0-22-generic (x86_64) in VirtualBox"), SAPIEN's "failed to find a rendering device" ("ubuntu20.04 run
# on vmware workstation pro17"), TensorFlow with no GPU device ("Linux Ubuntu 18.04 installed through Parallels").
# Servers' hypervisors (ESXi, KVM, Hyper-V with DDA) can pass a GPU through: not these words.
DESKTOP_VM = re.compile(r"\b(?:in|on|under|through|inside|using|via|with)\s+(?:an?\s+|the\s+|my\s+)?(?:\w+\s+){0,2}?"
                        r"(?:Oracle\s+VM\s+)?(?:VirtualBox|VMware\s+(?:Workstation|Fusion|Player)|Parallels)\b|"
                        r"@[\w-]*-VirtualBox:", re.I)
# What a program in such a guest says when it reaches for the GPU.
GPU_REACHED_FOR = (r"\bcuInit\b", r"\bCUDA error\b", r"\bCUDA_ERROR_\w+", r"failed to find a rendering device",
                   TF_NO_GPU_DEVICE)
# A container given the GPUs: docker's --gpus, the nvidia runtime, CDI's device name, the toolkit's variable,
# distrobox's --nvidia, Singularity's and Apptainer's --nv (and --nvccli).
GPU_REQUEST = re.compile(r"--gpus\b|--runtime[= ]nvidia\b|--device[= ]\S*nvidia\.com/gpu|NVIDIA_VISIBLE_DEVICES=(?!void)|"
                         r"\s--nvidia\b|\s--nv(?:ccli)?\b")
# A container asked for the GPUs, or the NVIDIA container runtime failing to find the driver's NVML for it.
CONTAINER_ASKS_FOR_GPU = (GPU_REQUEST.pattern, r"load library failed: libnvidia-ml\.so\.1",
                          r"could not select device driver .{0,20}with capabilities: \[\[[\w ,]*\]\]")
# A GPU build failing to load the driver's library asks for the GPU too ("tensorflow_model_server: error while loading
# shared libraries: libcuda.so.1: cannot open shared object file").
# The CUDA runtime's error 35 asks for it as well: with no NVIDIA driver at all, the runtime reports the driver as
# "insufficient" (onnxruntime's "CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version" on a
# machine with Intel graphics only; a container started without --gpus, NVIDIA/nvidia-docker#400).
# A program's CUDA build, named by the archive it came in, asks for it as well: "vcclient_win_cuda_2.0.77-beta.zip",
# "MMVCServerSIO_win_onnxgpu-cuda_v.1.5.3.7.zip" (voice-changer's builds for NVIDIA cards, beside its DirectML ones).
CUDA_BUILD_ARCHIVE = r"\b[\w.-]*[_-]cuda(?:\d+(?:\.\d+)?)?[_-][\w.-]*\.(?:zip|7z|exe|tar\.gz)\b"
GPU_ASKED_FOR = CUDA_ASKED_FOR + (r"\bnvidia-smi\b", r"libcuda\.so\.1: cannot open shared object file",
                                  r"CUDA driver version is insufficient", CUDA_BUILD_ARCHIVE)
# The reporter saying the machine has no GPU ("I didn't have a graphic card on my work computer", "my laptop which does
# not contain nvidia-graphics card", "I have no GPU"), not that a GPU is short of something ("a GPU with enough memory",
# "any GPU to select", "no GPU problems").
NO_GPU_SUBJECT = (r"(?:\b(?:I|we|it|which|that)|\b(?:my|our|this|the)\s+(?:work\s+)?"
                  r"(?:computer|laptop|machine|pc|notebook|server|system|vm|instance|workstation|desktop))")
NO_GPU_NEGATION = (r"(?:(?:do|does|did)\s*(?:n[o']?t|not)\s+(?:have|has|own|contain)|(?:have|has)\s*(?:n[o']?t|not)\s+got|"
                   r"(?:have|has|had)\s+no)")
NO_GPU_OBJECT = (r"(?:(?:an?|any)\s+)?(?:(?:NVIDIA|dedicated|discrete|CUDA[- ]capable|physical)[- ]+)*"
                 r"(?:GPU|graphics?[- ]card|video[- ]card|(?<=NVIDIA[- ])card)s?\b(?!\s+(?:with|that|which|of|to|big|large|powerful|strong|"
                 r"good|free|available|here|for|problems?|issues?|errors?|support|in\s+(?:the|this)\s+"
                 r"(?:VM|container|docker))\b)")
# ... or that it is a machine without one ("this is a machine without gpu card"), also after what it does have ("old HP
# rack mounted server with plenty of CPU and ram but no GPU really to speak of", SparkAudio/Spark-TTS).
MACHINE_WITHOUT = (r"\b(?:machine|computer|laptop|pc|server|host|node|instance|vm)s?\s+(?:without|with\s+no|"
                   r"with\s+[^.;:!?]{1,60}?\s+(?:but|and)\s+no)\s+")
SAID_NO_GPU = re.compile(NO_GPU_SUBJECT + r"\s+" + NO_GPU_NEGATION + r"\s+" + NO_GPU_OBJECT + "|" + MACHINE_WITHOUT +
                         NO_GPU_OBJECT, re.I)
# ... or that its GPU is another vendor's ("I have Intel iRIS Graphics GPU", "I have an Intel(R) HD graphics 530", "my
# laptop has an AMD Radeon RX 6600M", "My PC is Intel R lris Xe Graphics"), counted only where no NVIDIA GPU is named
# too (said_no_gpu). A report's "GPU:" field says the same ("GPU: Intel(R) Iris(R) Xe Graphics" in specification lists).
# The field that names it, in a report's "GPU:" line or an issue form's "### GPU Name" heading.
GPU_FIELD = r"GPU(?:\s+(?:Name|model|type))?"
# An AMD GPU may be named by its ISA target first, as ROCm prints it ("GPU: gfx1030 AMD Radeon RX 6900 XT",
# "GPU: gfx1100 (AMD Radeon Graphics, single GPU)"): gfx names are AMD's alone.
# Radeon cards are named by their RX model with the vendor's name misspelt or left out, and by that model with an XT
# suffix, which no NVIDIA card has, even where the reporter slips an RTX in: "i have AMD redeon rx 6600" (voice-changer
# #1498), a form's GPU field answered "rtx5700xt" for a Radeon RX 5700 XT (voice-changer#393).
OTHER_VENDOR_GPU_NAME = (r"(?:an?\s+)?(?:integrated\s+)?(?:gfx\d{3,4}[a-z]?\b\W*)?"
                         r"(?:(?:Intel|AMD)(?:\(R\))?[\s-]+(?:[\w+-]+(?:\(R\))?\s+){0,3}?"
                         r"(?:graphics|GPU|iGPU|Radeon|RX\s*\d{3,4})\b|Radeon(?:\(TM\))?\s+(?:RX|Pro|Vega|R\d)\b|"
                         r"\b(?:RX|RTX)\s*\d{4}\s*XTX?\b)")
# A discrete Radeon card the program runs "with" ("I run kangaroo in window 10 with AMD radeon rx 580 Graphic Card";
# "Tested on Windows 11 with AMD Radeon RX 6950 XT" in READMEs of AMD ports): a card, not a laptop's integrated Radeon.
RUNS_WITH_RADEON = r"\bwith\s+(?:an?\s+)?(?:AMD\s+)?Radeon(?:\(TM\))?\s+(?:RX|R[579]|Pro\s+W)\s*\d"
# Chinese reports name the vendor of the card by its letter, "A卡" (an AMD card) beside "N卡" (an NVIDIA one), or say
# "AMD的独显" (AMD's discrete card): "A卡 amd是不是用不了啊", "我是AMD的独显". A line naming both letters ("N卡，A卡都一样")
# compares them and says nothing of this machine.
CHINESE_AMD_CARD = r"^(?!.*N卡).*?(?<![A-Za-z])A卡|\bAMD\s*的\s*(?:独显|显卡|独立显卡)"
SAID_OTHER_VENDOR_GPU = re.compile(
    r"(?:\bI\s+(?:only\s+)?(?:have|got|use|am\s+using)|\bI'm\s+using|\b(?:my|this|the)\s+(?:computer|laptop|machine|pc|"
    r"notebook|desktop)(?:'s\s+GPU)?\s+(?:only\s+)?(?:has|uses|is)|^\W*" + GPU_FIELD + r"\s*:)"
    r"\s+(?:only\s+)?" + OTHER_VENDOR_GPU_NAME + "|" + RUNS_WITH_RADEON + "|" + CHINESE_AMD_CARD, re.I)
# An issue form's GPU heading ("### GPU Name"): its answer is the next line.
FORM_GPU_HEADING = r"^#{2,4}\s*" + GPU_FIELD + r"\s*$"


def on_a_mac(ctx: Context) -> bool:
    """The report comes from a Mac: the facts say macOS, or the words name one. NVIDIA's last CUDA for
    macOS was 10.2, and Macs since have no NVIDIA GPU, so CUDA errors there are the platform, not the install."""
    system = ctx.facts.system
    if system.os == "darwin":
        return True
    if system.os or system.distro_id or system.wsl:
        return False  # a Linux or Windows machine, reached from a Mac perhaps
    # (a line on DYLD_LIBRARY_PATH names macOS as where that variable applies: Paddle's loader advice, printed on Linux,
    # "set environment variable LD_LIBRARY_PATH on Linux or DYLD_LIBRARY_PATH on Mac OS", corpus 372)
    return any(MAC_NAMED.search(line) and "DYLD_LIBRARY_PATH" not in line for line in ctx.observations)


def said_no_gpu(ctx: Context) -> List[str]:
    """The report's lines that say the machine has no (NVIDIA) GPU, or only another vendor's: a person's word, weaker
    than lspci. None where an NVIDIA GPU is named or found: then the words are about another machine or another GPU
    (a laptop's Intel graphics beside its GeForce)."""
    if ctx.has_nvidia_gpu() or ctx.gpu_models():
        return []
    return ctx.observed([SAID_NO_GPU.pattern, SAID_OTHER_VENDOR_GPU.pattern]) + _form_gpu_of_other_vendor(ctx) + \
        ctx.shared("ticked_gpu_of_other_vendor", lambda c: _ticked_gpu_of_other_vendor(c.observations))


def _form_gpu_of_other_vendor(ctx: Context) -> List[str]:
    """An issue form's GPU field answered with another vendor's GPU: the answer stands on the line under its
    heading ("### GPU Name", then "Intel XE Graphics card"), and means a GPU only beside it."""
    if not ctx.observed([FORM_GPU_HEADING]):
        return []
    for heading, answer in form_answers(ctx.observations):
        if re.fullmatch(GPU_FIELD, heading, re.I) and re.match(OTHER_VENDOR_GPU_NAME, answer, re.I):
            return [f"{heading}: {answer}"]
    return []


# A Markdown task-list item ticked, as issue templates ask for the GPU with check boxes ("Are you using a GPU?" then
# "- [ ] NVIDIA", "- [x] AMD"; reporters tick with x, X or +, sometimes beside a space: "- [ +] AMD").
TICKED_BOX = re.compile(r"^\s*(?:[-*]\s*)?\[\s*[xX+✓✔]\s*\]\s*(.+)$")
UNTICKED_BOX = re.compile(r"^\s*(?:[-*]\s*)?\[\s*\]")
GPU_QUESTION = re.compile(r"\b(?:GPU|graphics|video card)\b", re.I)


def _ticked_gpu_of_other_vendor(lines: List[str]) -> List[str]:
    """The ticked box of a check-box question about the GPU, where the box ticked is AMD's or Intel's and NVIDIA's is
    not: the reporter's answer that the GPU is another vendor's. The question is the line above the boxes (a CPU
    question's "[x] Intel" is about the CPU)."""
    question, ticked = "", []
    for line in lines + [""]:
        box = TICKED_BOX.match(line)
        if box or UNTICKED_BOX.match(line):
            if box:
                ticked.append(box.group(1).strip())
            continue
        if GPU_QUESTION.search(question) and ticked and not any(re.match(r"NVIDIA|GeForce|RTX|GTX", t, re.I)
                                                                 for t in ticked):
            other = [t for t in ticked if re.match(r"(?:AMD|Intel|Radeon)\b", t, re.I)]
            if other:
                return [f"{question.strip()} {other[0]}"]
        if line.strip():
            question, ticked = line, []
    return []


def on_a_tpu_runtime(ctx: Context) -> bool:
    """The report says it runs on a TPU runtime or VM (Colab's, Kaggle's, a Cloud TPU VM)."""
    return bool(ctx.observed([TPU_RUNTIME.pattern]))


def gpu_container(ctx: Context) -> bool:
    """A container made to use GPUs (an nvidia/cuda image sets NVIDIA_VISIBLE_DEVICES): a missing
    GPU there is the container's start-up, not the machine."""
    env = ctx.facts.env.variables
    return ctx.facts.container.inside and bool(env.get("NVIDIA_VISIBLE_DEVICES") or env.get("NVIDIA_REQUIRE_CUDA"))


def _visible_devices_hidden(ctx: Context) -> bool:
    return "CUDA_VISIBLE_DEVICES" in ctx.facts.env.variables or bool(ctx.observed([r"CUDA_VISIBLE_DEVICES"]))


@rule("GPU002", "xid-errors", "warning", "The kernel log has NVIDIA Xid errors",
      signatures=(r"NVRM: Xid", r"fallen off the bus", r"falls? off the bus"), priority=20,
      references=(XID_DOCS,))
def xid_errors(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    dmesg: "NVRM: Xid (PCI:0000:3b:00): 79, pid=..., GPU has fallen off the bus."; jobs die with
    "unspecified launch failure" or the GPU disappears from nvidia-smi.

    Why:
    Xid messages are the driver's error reports. Some point at the application (13, 31, 43), others
    at hardware, power or cooling (48, 63, 64, 74, 79, 92, 94, 95, 119).

    Fix:
    Read the codes below; for hardware Xids drain the node, check power, cooling and seating,
    reset the GPU (`nvidia-smi -r`) and run a diagnostic (`dcgmi diag -r 3`); repeated hardware
    Xids mean an RMA.

    When to ignore:
    Application Xids (13, 31, 43) right after a crashing job you already know about.
    """
    lines = [line for line in ctx.facts.driver.kernel_log if re.search(r"\bXid\b", line)]
    codes = sorted({int(m.group(1)) for line in lines for m in [re.search(r"Xid \([^)]*\):\s*(\d+)", line)] if m})
    if lines or seen:
        if not codes and any("off the bus" in s for s in seen):
            codes = [79]
        described = [f"{c} ({XID_MEANINGS[c][0]})" if c in XID_MEANINGS else str(c) for c in codes]
        hardware = [c for c in codes if XID_MEANINGS.get(c, ("", False))[1]]
        yield Hit(f"Xid error(s) {', '.join(described) or 'in the kernel log'}"
                  + ("; these point at hardware" if hardware else ""),
                  evidence={"driver.kernel_log": lines[-5:], "xid_codes": codes},
                  fix=["sudo dmesg -T | grep -i xid", "nvidia-smi -q | grep -i -A3 -E 'retired|remapped|ecc'",
                       "sudo nvidia-smi -r -i <gpu>  # reset, with no process on it",
                       "dcgmi diag -r 3  # NVIDIA DCGM diagnostic"])


def _count(value) -> int:
    """An ECC counter as a number: None, "not-supported" and booleans count as 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@rule("GPU003", "ecc-errors", "error", "The GPU reports uncorrectable ECC errors",
      signatures=(r"uncorrectable ECC error", r"CUDA_ERROR_ECC_UNCORRECTABLE", r"cudaErrorECCUncorrectable",
                  r"double-bit ECC", r"\bXid 48\b"), priority=10, references=(XID_DOCS,))
def ecc_errors(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "CUDA error: uncorrectable ECC error encountered"; nvidia-smi "Volatile Uncorr. ECC" above 0;
    Xid 48 or 94/95 in dmesg; `nvidia-smi -q -d PAGE_RETIREMENT` shows "Pending Page Blacklist : Yes".

    Why:
    The GPU memory returned data it could not correct since the driver last loaded (the volatile
    counter), or a page retirement is waiting for a reset. These are the conditions DCGM fails a
    GPU on; the pending and failed row remaps DCGM also fails on are row-remap-pending (GPU004).
    The lifetime (aggregate) counter alone is not an error: it keeps events that retirement or
    row remapping already repaired (ecc-errors-lifetime, GPU008).

    Fix:
    Stop jobs on that GPU, reset it (or reboot) so pending retirements apply, and watch the
    counters; if uncorrectable errors return, the board needs replacing.

    When to ignore:
    Never for uncorrectable errors since the last driver load.
    """
    bad = []
    for gpu in ctx.facts.gpus.devices:
        count = _count(gpu.ecc_errors_volatile_uncorrected)
        if count > 0 or gpu.retired_pages_pending is True:
            bad.append((gpu, count))
    for gpu, count in bad:
        what = [f"{count} uncorrectable ECC error(s) since the driver loaded"] if count else []
        if gpu.retired_pages_pending is True:
            what.append("a page retirement is pending until the GPU is reset")
        yield Hit(f"GPU {gpu.index} ({gpu.name}): " + "; ".join(what),
                  evidence={f"gpus.devices.{gpu.index}.ecc_errors_volatile_uncorrected": gpu.ecc_errors_volatile_uncorrected,
                            f"gpus.devices.{gpu.index}.retired_pages_pending": gpu.retired_pages_pending},
                  fix=[f"sudo nvidia-smi -r -i {gpu.index}  # with no process on it, or reboot",
                       f"nvidia-smi -q -d ECC,ROW_REMAPPER,PAGE_RETIREMENT -i {gpu.index}"])
    if seen and not bad:
        yield Hit("The software hit an uncorrectable ECC error on the GPU",
                  fix=["nvidia-smi -q -d ECC,ROW_REMAPPER,PAGE_RETIREMENT", "sudo nvidia-smi -r -i <gpu>",
                       "repeated uncorrectable errors: replace the GPU"])


@rule("GPU004", "row-remap-pending", "error", "A memory row remap is waiting for a GPU reset",
      signatures=(r"row remapp?ing (is )?pending", r"Remapping Failure Occurred\s*:\s*Yes",
                  r"reset gpu to activate"), priority=15,
      references=("https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html",))
def row_remap_pending(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `nvidia-smi -q -d ROW_REMAPPER` shows "Pending : Yes" under Remapped Rows, or "Remapping Failure
    Occurred : Yes"; dmesg Xid 63 "Row Remapper: New row marked for remapping, reset gpu to activate".

    Why:
    A100 and newer replace failing memory rows with spares, but the remap only takes effect after
    the GPU is reset. A remapping failure means the spares ran out. DCGM fails a GPU on both, so
    envcheck reports them as errors.

    Fix:
    Drain the GPU and reset it (or reboot). A remapping failure means the GPU needs replacing.

    When to ignore:
    Never: until the reset, the bad row is still in use.
    """
    for gpu in ctx.facts.gpus.devices:
        if gpu.remapped_rows_pending is True or gpu.remapped_rows_failure is True:
            failed = gpu.remapped_rows_failure is True
            yield Hit(f"GPU {gpu.index} ({gpu.name}): " + ("row remapping FAILED (no spare rows left)" if failed
                                                          else "a row remap is pending until the GPU is reset"),
                      evidence={f"gpus.devices.{gpu.index}.remapped_rows_pending": gpu.remapped_rows_pending,
                                f"gpus.devices.{gpu.index}.remapped_rows_failure": gpu.remapped_rows_failure,
                                f"gpus.devices.{gpu.index}.remapped_rows_uncorrectable": gpu.remapped_rows_uncorrectable},
                      fix=[f"sudo nvidia-smi -r -i {gpu.index}  # after draining it" if not failed
                           else "open an RMA with the vendor: the row remapper is exhausted"])
    if seen and not any(g.remapped_rows_pending is True or g.remapped_rows_failure is True
                        for g in ctx.facts.gpus.devices):
        yield Hit("A row remap is pending on a GPU (or remapping failed)",
                  fix=["nvidia-smi -q -d ROW_REMAPPER", "sudo nvidia-smi -r -i <gpu>  # after draining it"])


@rule("GPU005", "pcie-link-degraded", "warning", "A GPU's PCIe link runs narrower than it can", priority=40)
def pcie_link_degraded(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Host-to-device copies far below what the slot should give; `nvidia-smi -q` shows "Link Width
    Current: 4x" against "Max: 16x".

    Why:
    A link that trained at fewer lanes (a badly seated card, a riser, a slot wired x8/x4, a damaged
    connector) caps every transfer. A lower link *generation* at idle is normal power saving; a
    narrower *width* is not.

    Fix:
    Reseat the card or move it to a full x16 slot; check riser cables; compare with the board manual.

    When to ignore:
    Slots that are wired narrower by design, when that was the plan.
    """
    for gpu in ctx.facts.gpus.devices:
        cur, top = gpu.pcie_width_current, gpu.pcie_width_max
        if isinstance(cur, int) and isinstance(top, int) and not isinstance(cur, bool) and 0 < cur < top:
            yield Hit(f"GPU {gpu.index} ({gpu.name}) runs PCIe x{cur} of x{top}",
                      evidence={f"gpus.devices.{gpu.index}.pcie_width_current": cur,
                                f"gpus.devices.{gpu.index}.pcie_width_max": top},
                      fix=["nvidia-smi -q -d PCIE", "reseat the GPU or move it to an x16 slot"])
            return
    for device in ctx.facts.pci.devices:
        if device.kind == "gpu" and device.current_link_width and device.max_link_width and \
                device.current_link_width < device.max_link_width:
            yield Hit(f"GPU at {device.address} runs PCIe x{device.current_link_width} of x{device.max_link_width}",
                      evidence={"pci.current_link_width": device.current_link_width,
                                "pci.max_link_width": device.max_link_width},
                      fix=[f"sudo lspci -vv -s {device.address} | grep -i lnk", "reseat the GPU or move it to an x16 slot"])


@rule("GPU006", "gpu-throttled", "warning", "A GPU is slowed down by thermal or power protection", priority=45)
def gpu_throttled(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Training runs slower than it should; `nvidia-smi -q -d PERFORMANCE` shows "HW Slowdown: Active",
    "HW Thermal Slowdown: Active" or "SW Thermal Slowdown: Active".

    Why:
    The GPU lowers its clocks to protect itself: too hot (airflow, fans, dust), or the power supply
    signalled a brake. Power-cap throttling under full load is normal; these are not.

    Fix:
    Check temperatures and airflow (`nvidia-smi -q -d TEMPERATURE`), fans, PSU cabling and the
    power brake signal; on servers, the BMC's thermal logs.

    When to ignore:
    A short burst during a stress test in a hot room that you are already fixing.
    """
    serious = {"hw_slowdown", "hw_thermal_slowdown", "sw_thermal_slowdown", "hw_power_brake_slowdown"}
    for gpu in ctx.facts.gpus.devices:
        active = sorted(serious & set(gpu.throttle_reasons))
        if active:
            yield Hit(f"GPU {gpu.index} ({gpu.name}) is throttled: {', '.join(active)}"
                      + (f" at {gpu.temperature_c} C" if isinstance(gpu.temperature_c, (int, float)) else ""),
                      evidence={f"gpus.devices.{gpu.index}.throttle_reasons": gpu.throttle_reasons,
                                f"gpus.devices.{gpu.index}.temperature_c": gpu.temperature_c},
                      fix=["nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER", "check airflow, fans and power cabling"])


@rule("GPU007", "p2p-blocked", "warning", "Peer-to-peer between GPUs is blocked or broken",
      signatures=(r"NCCL_P2P_DISABLE", r"CANNOT Access Peer", r"all_?reduce\S*.*(hang|hanging|deadlock|stuck|spin)",
                  r"(hang|hanging|deadlock|stuck).*all_?reduce", r"P2P.*(hang|deadlock|fail)"),
      priority=35, references=("https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html",))
def p2p_blocked(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    NCCL all-reduce hangs or is very slow on one machine; setting NCCL_P2P_DISABLE=1 makes it work;
    p2pBandwidthLatencyTest shows "Device=0 CANNOT Access Peer Device=1" or garbage results.

    Why:
    GPU peer-to-peer over PCIe goes through switches and the root complex. With the IOMMU on
    (VT-d/AMD-Vi) and PCIe ACS enabled, peer traffic is redirected through the root complex or
    blocked, and NCCL's P2P transport hangs.

    Fix:
    Disable ACS on the PCIe switches or boot with `iommu=pt` (or IOMMU off in the BIOS when no
    VM needs it); check with `nvidia-smi topo -p2p r`. NCCL_P2P_DISABLE=1 is a slow workaround.

    GeForce cards are different: P2P is disabled on them by design, and no host setting changes
    that (p2p-unavailable-by-design, GPU011).

    When to ignore:
    Single-GPU machines, and NVLink-connected GPUs (P2P goes over NVLink).
    """
    f = ctx.facts
    # Accelerate's refusal on GeForce cards names NCCL_P2P_DISABLE too; it is GPU011's, not a blocked path
    seen = [line for line in seen if not re.search(ACCELERATE_CONSUMER_P2P, line)]
    broken = [t for t in f.gpus.topology if t.p2p_read and t.p2p_read != "ok" and not _consumer_pair(ctx, t)]
    nvlink = any(link.active for g in f.gpus.devices for link in g.nvlinks)
    consumer = bool(f.gpus.devices) and all(_consumer(ctx, g) for g in f.gpus.devices)
    if broken:
        yield Hit(f"P2P reads are not available between {len(broken)} GPU pair(s): "
                  + ", ".join(f"{t.gpu_a}-{t.gpu_b} ({t.p2p_read})" for t in broken[:4]),
                  evidence={"gpus.topology": [f"{t.gpu_a}-{t.gpu_b} {t.level} p2p={t.p2p_read}" for t in broken]},
                  fix=_p2p_fix())
    elif len(f.gpus.devices) >= 2 and f.system.iommu == "on" and not nvlink and not consumer and \
            "iommu=pt" not in f.system.kernel_cmdline:
        yield Hit(f"{len(f.gpus.devices)} GPUs without NVLink and the IOMMU is on: PCIe ACS can block P2P and "
                  "hang NCCL", evidence={"system.iommu": f.system.iommu, "gpus": len(f.gpus.devices)},
                  fix=_p2p_fix())
    elif seen and consumer:
        yield Hit("NCCL/P2P hangs or fails between GeForce GPUs: P2P is not supported on them; NCCL must use "
                  "its shared-memory/host path", fix=_consumer_p2p_fix(hang=True))
    elif seen:
        yield Hit("NCCL/P2P hangs or fails between GPUs: the IOMMU/ACS is the usual cause", fix=_p2p_fix())


def _consumer(ctx: Context, gpu) -> bool:
    """A GeForce (or TITAN) card: NVIDIA does not support P2P between them."""
    row = ctx._gpu_row(name=gpu.name) if gpu.name else None
    if row is not None:
        return row.get("segment") == "consumer"
    return "geforce" in gpu.name.lower() or "titan" in gpu.name.lower()


def _consumer_pair(ctx: Context, link) -> bool:
    by_index = {g.index: g for g in ctx.facts.gpus.devices}
    pair = [by_index.get(link.gpu_a), by_index.get(link.gpu_b)]
    return all(g is not None and _consumer(ctx, g) for g in pair)


def _consumer_p2p_fix(hang: bool = False) -> List[str]:
    steps = ["nvidia-smi topo -p2p r  # NS between GeForce cards is expected",
             "NCCL_DEBUG=INFO torchrun ...  # shows the SHM (shared memory) transport NCCL picked"]
    if hang:
        steps += ["update the driver (older drivers claimed P2P on GeForce and NCCL hung)",
                  "workaround meanwhile: export NCCL_P2P_DISABLE=1"]
    return steps


# The CUDA runtime's words for cudaErrorPeerAccessUnsupported, as a program that asked for peer access reports
# them (SGLang's and vLLM's custom all-reduce, cudaDeviceEnablePeerAccess in user code).
PEER_ACCESS_UNSUPPORTED = (r"peer access is not supported between these two devices", r"cudaErrorPeerAccessUnsupported")
# Accelerate (0.27 and later) refuses to start NCCL on GeForce RTX 40 cards (and, in some releases, the 3090) unless
# NCCL_P2P_DISABLE and NCCL_IB_DISABLE are set: "NotImplementedError: Using RTX 4000 series doesn't support faster
# communication broadband via P2P or IB. Please set `NCCL_P2P_DISABLE="1"` ..." ("Using RTX 3090 or 4000 series ...").
# The message names the GPUs itself, so it needs no GPU listing beside it.
ACCELERATE_CONSUMER_P2P = r"Using RTX [\w ]{0,20}series doesn't support faster communication"


@rule("GPU011", "p2p-unavailable-by-design", "info", "GeForce GPUs do not support peer-to-peer", priority=70,
      signatures=PEER_ACCESS_UNSUPPORTED + (ACCELERATE_CONSUMER_P2P,),
      references=("https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html",))
def p2p_unavailable_by_design(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `nvidia-smi topo -p2p r` shows NS (not supported) between two GeForce cards;
    torch.cuda.can_device_access_peer(0, 1) is False on an RTX 4090 or 5090 pair; a program that needs
    peer access between GeForce cards stops with
    "CUDART error: peer access is not supported between these two devices"
    (SGLang's custom all-reduce with --tensor-parallel-size=2 on RTX 4090s); Accelerate refusing to start:
    "NotImplementedError: Using RTX 4000 series doesn't support faster communication broadband via P2P or IB".

    Why:
    NVIDIA disables GPU peer-to-peer on GeForce cards by design. Nothing on the host can turn it
    on (ACS and IOMMU settings do not matter). NCCL detects this and moves data through shared host
    memory (its SHM transport), which is correct and, for two or four cards, usually fast enough.

    Fix:
    Nothing to fix. Expect multi-GPU all-reduce bandwidth to be PCIe-to-host speed. Datacenter and
    workstation GPUs (or NVLink) are needed for peer-to-peer. A program that insists on it must be told
    not to: SGLang and vLLM take --disable-custom-all-reduce and all-reduce through NCCL instead; Accelerate
    wants NCCL_P2P_DISABLE=1 and NCCL_IB_DISABLE=1 set (`accelerate launch` sets them).

    When to ignore:
    Always, unless you need peer-to-peer bandwidth; then this machine cannot provide it.
    """
    pairs = [t for t in ctx.facts.gpus.topology if t.p2p_read and t.p2p_read != "ok" and _consumer_pair(ctx, t)]
    if pairs:
        names = sorted({g.name for g in ctx.facts.gpus.devices if _consumer(ctx, g)})
        yield Hit(f"P2P is not available between {len(pairs)} GeForce GPU pair(s) ({', '.join(names)}): NVIDIA "
                  "disables it on consumer cards by design; NCCL uses its shared-memory/host path instead",
                  evidence={"gpus.topology": [f"{t.gpu_a}-{t.gpu_b} {t.level} p2p={t.p2p_read}" for t in pairs]},
                  fix=_consumer_p2p_fix())
        return
    accelerate = [line for line in seen if re.search(ACCELERATE_CONSUMER_P2P, line)]
    if accelerate:
        yield Hit("Accelerate stops on GeForce RTX cards unless NCCL is told not to use peer-to-peer or InfiniBand: "
                  "NVIDIA disables peer-to-peer on consumer cards by design",
                  evidence={"observed": accelerate[:1]}, confirmed=True, severity=ERROR_SEVERITY,
                  fix=["export NCCL_P2P_DISABLE=1 NCCL_IB_DISABLE=1  # then start the training again",
                       "or start it with accelerate launch, which sets both"])
        return
    gpus = ctx.facts.gpus.devices
    if seen and gpus and all(_consumer(ctx, g) for g in gpus):
        names = sorted({g.name for g in gpus})
        yield Hit(f"peer access was asked of GeForce GPUs ({', '.join(names)}): NVIDIA disables peer-to-peer on "
                  "consumer cards by design, so the program must all-reduce without it",
                  evidence={"observed": seen[:1], "gpus": names}, severity=ERROR_SEVERITY,
                  fix=["start the server with --disable-custom-all-reduce  # SGLang, vLLM: all-reduce through NCCL"]
                  + _consumer_p2p_fix())


def _p2p_fix() -> List[str]:
    return ["nvidia-smi topo -m && nvidia-smi topo -p2p r",
            "sudo lspci -vvv | grep -i acsctl  # ACS on PCIe switches",
            "add iommu=pt to the kernel command line (or disable VT-d/IOMMU in the BIOS), then reboot",
            "workaround meanwhile: export NCCL_P2P_DISABLE=1"]


@rule("GPU008", "ecc-errors-lifetime", "info", "The GPU recorded uncorrectable ECC errors in its lifetime",
      priority=60, references=("https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html",))
def ecc_errors_lifetime(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `nvidia-smi -q -d ECC` shows "Aggregate" uncorrectable (double-bit) errors above 0 while the
    "Volatile" counters are 0 and nothing is pending.

    Why:
    The aggregate counters persist for the board's lifetime. On A100, H100 and newer an event that
    row remapping repaired keeps its count after the reset; older boards retire the page. With no
    volatile error, no pending retirement or remap and no remap failure, the memory is in service
    as repaired. This is history worth recording, not a fault: only a count that keeps growing is.

    Fix:
    Record the count and compare it at the next check: `nvidia-smi -q -d ECC,ROW_REMAPPER,
    PAGE_RETIREMENT -i <gpu>`. A growing count, or any volatile error, means the board is failing.

    When to ignore:
    When the count is the same as at the last check.
    """
    for gpu in ctx.facts.gpus.devices:
        lifetime = _count(gpu.ecc_errors_aggregate_uncorrected)
        current = _count(gpu.ecc_errors_volatile_uncorrected) > 0 or gpu.retired_pages_pending is True or \
            gpu.remapped_rows_pending is True or gpu.remapped_rows_failure is True
        if lifetime > 0 and not current:
            yield Hit(f"GPU {gpu.index} ({gpu.name}) has recorded {lifetime} uncorrectable ECC error(s) in its lifetime; "
                      "none since the driver loaded and nothing is pending",
                      evidence={f"gpus.devices.{gpu.index}.ecc_errors_aggregate_uncorrected": lifetime,
                                f"gpus.devices.{gpu.index}.ecc_errors_volatile_uncorrected":
                                    gpu.ecc_errors_volatile_uncorrected,
                                f"gpus.devices.{gpu.index}.remapped_rows_uncorrectable": gpu.remapped_rows_uncorrectable},
                      fix=[f"nvidia-smi -q -d ECC,ROW_REMAPPER,PAGE_RETIREMENT -i {gpu.index}  # compare at the next check"])


# Smoke tests that run on every visible GPU: their devices are the GPUs a certificate covers.
PER_GPU_SMOKE_TESTS = ("matmul", "memory")


def _uuid(text: str) -> str:
    """NVML says GPU-5aed8c1c-...; torch's device properties print the bare UUID."""
    text = (text or "").strip().lower()
    return text[4:] if text.startswith("gpu-") else text


def coverage_gaps(ctx: Context) -> Dict[str, List[str]]:
    """Where the GPU counts disagree, as {"bus": [...], "cuda": [...]}: "bus" gaps (GPUs on the
    PCI bus NVML does not answer for, NVML devices with an error) no environment variable explains;
    "cuda" gaps (cuInit counts fewer GPUs than NVML, the smoke tests ran on fewer) can be
    CUDA_VISIBLE_DEVICES doing its job."""
    f = ctx.facts
    gaps: Dict[str, List[str]] = {"bus": [], "cuda": []}
    nvml = f.gpus.devices if f.gpus.status == "ok" else []
    broken = [g for g in nvml if getattr(g, "error", "")]
    for gpu in broken:
        where = f" ({gpu.pci_bus_id})" if gpu.pci_bus_id else ""
        gaps["bus"].append(f"GPU {gpu.index}{where} answers NVML with {gpu.error}")
    on_bus = [d for d in f.pci.devices if d.kind == "gpu" and d.driver == "nvidia"]
    # A container sees the host's whole PCI bus but only the GPUs it was given.
    if nvml and f.pci.status == "ok" and not f.container.inside and len(on_bus) > len(nvml):
        known = {g.pci_bus_id.lower()[-12:] for g in nvml if g.pci_bus_id}
        missing = [d.address for d in on_bus if d.address.lower()[-12:] not in known] if known else []
        gaps["bus"].append(f"{len(on_bus)} GPUs bound to nvidia on the PCI bus, NVML lists {len(nvml)}"
                           + (f" (missing: {', '.join(missing)})" if missing else ""))
    mig = any(g.mig_mode_current == "enabled" for g in nvml)
    healthy = len(nvml) - len(broken)
    api = f.cuda.driver_api
    if healthy and not mig and api.cuinit_code == 0 and isinstance(api.device_count, int) and api.device_count < healthy:
        gaps["cuda"].append(f"cuInit sees {api.device_count} GPU(s), NVML {healthy}")
    ran = [r for r in f.smoke.results if r.name in PER_GPU_SMOKE_TESTS and r.devices]
    if healthy and ran and not mig and not any(d.get("mig") for r in ran for d in r.devices):
        tested = {_uuid(d.get("uuid", "")) for r in ran for d in r.devices} - {""}
        untested = [g for g in nvml if not getattr(g, "error", "") and g.uuid and _uuid(g.uuid) not in tested]
        if tested and untested:
            gaps["cuda"].append(f"the smoke tests ({', '.join(sorted({r.name for r in ran}))}) ran on {len(tested)} "
                                f"GPU(s); not on " + ", ".join(f"GPU {g.index} {g.uuid}" for g in untested))
    return gaps


@rule("GPU009", "gpu-coverage-mismatch", "error", "Not every GPU on this host is usable or was tested",
      signatures=(r"GPU is lost", r"NVML_ERROR_GPU_IS_LOST", r"Unable to determine the device handle for GPU"),
      priority=8)
def gpu_coverage_mismatch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    nvidia-smi says "Unable to determine the device handle for GPU 0000:3B:00.0: GPU is lost";
    lspci lists 8 GPUs but nvidia-smi 7; a job on 8 GPUs sees fewer; a certified host fails its
    first 8-GPU job.

    Why:
    The PCI bus, NVML and CUDA should agree on the GPUs: a GPU on the bus that NVML does not
    answer for (or answers with an error) has fallen off the bus or failed to initialise; cuInit
    counting fewer GPUs than NVML, or smoke tests that ran on fewer, leave GPUs unjudged, and a
    certificate that lists all of them would claim what nobody tested.

    Fix:
    For a lost GPU: read the kernel log (`sudo dmesg -T | grep -i -E 'xid|nvrm'`), drain the node,
    reset the GPU or reboot; a GPU that is lost again needs service. For a CUDA count below NVML's
    with no CUDA_VISIBLE_DEVICES: check the GPU's compute mode and MIG state (`nvidia-smi -q -d
    COMPUTE`), and run the checks again on all GPUs.

    When to ignore:
    GPUs deliberately passed to virtual machines (bound to vfio-pci are not counted) or reserved
    for another purpose by a mechanism envcheck does not see.
    """
    gaps = coverage_gaps(ctx)
    restricted = "CUDA_VISIBLE_DEVICES" in ctx.facts.env.variables
    problems = gaps["bus"] + ([] if restricted else gaps["cuda"])
    if problems:
        yield Hit("; ".join(problems), evidence={"gaps": problems, "pci_gpus": len([d for d in ctx.facts.pci.devices
                                                                                   if d.kind == "gpu"]),
                                                 "nvml_gpus": len(ctx.facts.gpus.devices),
                                                 "cuda.driver_api.device_count": ctx.facts.cuda.driver_api.device_count},
                  fix=["nvidia-smi -L && lspci -d 10de: -nn | grep -i -E '3d|vga'",
                       "sudo dmesg -T | grep -i -E 'xid|nvrm'  # a GPU that fell off the bus",
                       "sudo nvidia-smi -r -i <gpu>  # or reboot; a GPU lost again needs service"])
    elif seen:
        yield Hit("A GPU is lost: NVML cannot reach it", fix=["sudo dmesg -T | grep -i -E 'xid|nvrm'",
                                                               "sudo reboot  # a GPU lost again needs service"])


@rule("GPU010", "gpus-restricted-by-cuda-visible-devices", "warning",
      "CUDA_VISIBLE_DEVICES restricts the checks to some of the GPUs", priority=30)
def gpus_restricted(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    envcheck inspect lists 8 GPUs but cuInit (or torch.cuda.device_count()) counts fewer; the smoke
    tests ran on fewer GPUs than the host has.

    Why:
    CUDA_VISIBLE_DEVICES hides GPUs from CUDA (NVML ignores it). A value left in a shell profile, a
    job script or a container image makes a multi-GPU host look smaller, and a certificate then
    covers only the GPUs it lists.

    Fix:
    `unset CUDA_VISIBLE_DEVICES` and run the check again to cover every GPU, or keep it when
    testing only those GPUs was the intent.

    When to ignore:
    When you restricted the GPUs on purpose (a shared node, a slice assigned by the scheduler).
    """
    value = ctx.facts.env.variables.get("CUDA_VISIBLE_DEVICES")
    gaps = coverage_gaps(ctx)["cuda"]
    if value is not None and gaps:
        yield Hit(f"CUDA_VISIBLE_DEVICES={value!r}: " + "; ".join(gaps),
                  evidence={"env.CUDA_VISIBLE_DEVICES": value, "gaps": gaps},
                  fix=["unset CUDA_VISIBLE_DEVICES  # then run the check again on every GPU"])


# How many processes a launcher starts per machine: torchrun / torch.distributed.launch, accelerate,
# DeepSpeed, mpirun.
PROCS_PER_NODE = re.compile(r"--nproc[_-]per[_-]node[= ](\d+)|--num[_-]processes[= ](\d+)|--num[_-]gpus[= ](\d+)|"
                            r"\bmpirun\b.*?\s-np?\s+(\d+)")


def processes_per_node(ctx: Context) -> int:
    """How many processes the report's launcher starts per machine, or 0 where no launcher line says."""
    launcher = PROCS_PER_NODE.search(" ".join(ctx.observations))
    return int(next(g for g in launcher.groups() if g)) if launcher else 0


# Slurm's --gpus-per-task gives each task its own GPUs and, unless --gpu-bind says otherwise, binds the task to them:
# every task sees its GPUs numbered from 0, so a program that picks cuda:LOCAL_RANK asks ranks 1.. for devices that
# do not exist in their process (ACEsuit/mace#435, settled by the reporter: --gpus-per-node instead).
SLURM_GPUS_PER_TASK = re.compile(r"--gpus-per-task[= ](\d+)")
SLURM_GPU_BIND = r"--gpu-bind[= ]"


@rule("GPU012", "more-ranks-than-visible-gpus", "error", "More processes per machine than GPUs they can see",
      signatures=(r"invalid device ordinal",), priority=4,
      references=("https://pytorch.org/docs/stable/elastic/run.html",))
def more_ranks_than_visible_gpus(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The processes with the higher local ranks fail: "CUDA_VISIBLE_DEVICES=1,2 torchrun --nproc_per_node=4
    train.py ... RuntimeError: CUDA error: invalid device ordinal". Under Slurm with
    "#SBATCH --gpus-per-task=1" and 8 tasks, every rank but local rank 0 fails the same way.

    Why:
    Each process of a launcher takes the GPU of its local rank (cuda:LOCAL_RANK). CUDA numbers the
    visible GPUs from 0: with two GPUs visible, ranks 2 and 3 ask for devices that do not exist in
    their process.

    Fix:
    Start as many processes per machine as GPUs are visible (--nproc_per_node equal to the number of
    ids in CUDA_VISIBLE_DEVICES, or to `nvidia-smi -L | wc -l`), or make more GPUs visible. Under
    Slurm, request the GPUs per node (--gpus-per-node) when each rank picks its GPU by local rank.

    When to ignore:
    Never: the extra ranks fail.
    """
    procs = processes_per_node(ctx)
    if not procs:
        yield from _slurm_task_sees_own_gpus(ctx, seen)
        return
    visible = ctx.facts.env.variables.get("CUDA_VISIBLE_DEVICES")
    if visible is not None and visible.strip():
        count, where = len([v for v in visible.split(",") if v.strip()]), f"CUDA_VISIBLE_DEVICES={visible}"
    elif ctx.facts.gpus.devices and seen:
        count, where = len(ctx.facts.gpus.devices), "GPUs listed"
    else:
        return
    if procs > count:
        yield Hit(f"{procs} processes per machine, {count} GPU(s) visible to them ({where})", confirmed=True,
                  evidence={"processes_per_node": procs, "visible_gpus": count, "visible_from": where},
                  fix=[f"--nproc_per_node={count}  # one process per visible GPU",
                       "or make more GPUs visible: CUDA_VISIBLE_DEVICES=0,1,2,3"])


def _slurm_task_sees_own_gpus(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """Slurm's per-task GPUs under several tasks: each rank sees only its own GPUs, numbered from 0."""
    per_task = first_match(SLURM_GPUS_PER_TASK, ctx.observed([SLURM_GPUS_PER_TASK.pattern])) if seen else None
    asked = sbatch_request(ctx) if per_task else {}
    count = asked.get("ntasks-per-node") or -(-asked.get("ntasks", 0) // asked.get("nodes", 1))  # tasks on a node
    if count < 2 or ctx.observed([SLURM_GPU_BIND]):
        return
    yield Hit(f"Slurm gives each of the {count} tasks on a node its own {per_task.group(1)} GPU(s) "
              f"({per_task.group(0)}) and binds the task to them: every rank sees its GPUs as device 0.., so a rank "
              "that selects cuda:LOCAL_RANK asks for a device its process does not have", confirmed=True,
              evidence={"gpus_per_task": per_task.group(0), "tasks_per_node": count},
              references=["https://slurm.schedmd.com/sbatch.html#OPT_gpus-per-task"],
              fix=[f"#SBATCH --gpus-per-node={count * int(per_task.group(1))}  # instead of --gpus-per-task: every "
                   "rank sees all of the node's GPUs and takes the one of its local rank",
                   "or keep --gpus-per-task and have each rank use cuda:0 (its own GPU)"])

# NCCL's check at communicator setup (src/init.cc): two ranks on one host (the same host hash) whose GPUs have the same
# PCI bus ID. The device is printed as the bus ID in hex: "Duplicate GPU detected : rank 0 and rank 1 both on CUDA
# device 60" (an H100, session 72), "... CUDA device 1000" (nccl-tests), "... CUDA device ac000" (a DeepSpeed run).
DUPLICATE_GPU = re.compile(r"Duplicate GPU detected\s*:\s*rank (\d+) and rank (\d+) both on CUDA device ([0-9a-fA-F]+)")
NCCL_INIT = "https://github.com/NVIDIA/nccl/blob/master/src/init.cc"


@rule("GPU018", "nccl-ranks-share-a-gpu", "error", "Two ranks of one NCCL job run on the same GPU",
      signatures=(DUPLICATE_GPU.pattern,), priority=5, references=(NCCL_INIT,))
def nccl_ranks_share_a_gpu(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The first collective (or init_process_group, deepspeed.initialize, a barrier) fails with
    "NCCL WARN Duplicate GPU detected : rank 0 and rank 1 both on CUDA device 60" and
    "ncclInvalidUsage: This usually reflects invalid usage of NCCL library", torch's
    "DistBackendError: NCCL error in: ... invalid usage".

    Why:
    NCCL wants one GPU per rank. When it sets a communicator up it compares every rank's host and the
    PCI bus ID of its current GPU, and refuses two ranks on one machine with the same GPU. Ranks land on
    one GPU when the program never picks a device per rank (every process stays on cuda:0: no
    `torch.cuda.set_device(local_rank)` before the first CUDA call), when more ranks are started on a
    machine than it has GPUs, or when each process is given the same single GPU (CUDA_VISIBLE_DEVICES
    set alike for all of them).

    Fix:
    Pin each rank to its own GPU before NCCL starts: `torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))`
    (or `device_id=` in init_process_group), start no more processes per machine than GPUs
    (--nproc_per_node, mpirun -np, Slurm tasks per node), and give each process a different GPU.

    When to ignore:
    Never: NCCL refuses to run this way.
    """
    match = first_match(DUPLICATE_GPU, seen)
    if match is None:
        return
    first, second, bus = match.groups()
    procs, gpus = processes_per_node(ctx), ctx.listed_gpu_count()
    why = (f"{procs} processes per machine were started on {gpus} GPU(s)" if procs and gpus and procs > gpus else
           "the ranks were not each given their own GPU")
    yield Hit(f"ranks {first} and {second} are both on the GPU at PCI bus ID {bus}: {why}", confirmed=True,
              evidence={"observed": match.group(0), **({"processes_per_node": procs} if procs else {}),
                        **({"gpus": gpus} if gpus else {})},
              fix=["torch.cuda.set_device(int(os.environ['LOCAL_RANK']))  # in each process, before any CUDA call "
                   "and before init_process_group",
                   "start one process per GPU: --nproc_per_node=$(nvidia-smi -L | wc -l)",
                   "echo $CUDA_VISIBLE_DEVICES  # in each process: it must not give every rank the same GPU"])


# PyTorch's internal assert when it counted more MIG devices (through NVML) than CUDA enumerates.
MIG_COUNT_ASSERT = (r"device >= 0 && device < num_gpus INTERNAL ASSERT FAILED",)
MIG_WORDS = (r"\bMIG[- ]\dg\.\d+gb\b", r"\bMIG-[0-9a-f]{8}", r"\bMIG (?:slices?|instances?|devices?)\b")


@rule("GPU013", "multiple-mig-devices-in-one-process", "error", "One process was given several MIG devices",
      signatures=MIG_COUNT_ASSERT, priority=12,
      references=("https://docs.nvidia.com/datacenter/tesla/mig-user-guide/",))
def multiple_mig_devices_in_one_process(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A job given two MIG slices ("A100-SXM4-80GB-MIG-3g.40gb", 2 GPUs) fails as CUDA starts:
    "device >= 0 && device < num_gpus INTERNAL ASSERT FAILED", or sees only one device where it
    expected two.

    Why:
    CUDA enumerates at most one MIG device per process, whatever CUDA_VISIBLE_DEVICES lists (MIG
    User Guide, "CUDA Device Enumeration"). Software that counts devices through NVML, or launchers
    that map two MIG UUIDs to two ranks in one process, disagree with CUDA about how many exist.

    Fix:
    Give each process one MIG device (one rank per slice, each with its own
    CUDA_VISIBLE_DEVICES=MIG-...), or use a whole GPU (MIG off) when one process needs more.

    When to ignore:
    Never while a process is meant to use more than one slice.
    """
    value = ctx.facts.env.variables.get("CUDA_VISIBLE_DEVICES", "")
    migs = [e.strip() for e in value.split(",") if e.strip().startswith("MIG-")]
    in_mig = [g.index for g in ctx.facts.gpus.devices if g.mig_mode_current == "enabled"]
    if len(migs) > 1:
        yield Hit(f"CUDA_VISIBLE_DEVICES lists {len(migs)} MIG devices for one process; CUDA uses only the first",
                  evidence={"env.CUDA_VISIBLE_DEVICES": value}, fix=MIG_FIX)
    elif seen and not value and in_mig:
        # a GPU in MIG mode and no device chosen: the process is shown every MIG device (and whole GPU) there is
        yield Hit("GPU " + ", ".join(map(str, in_mig)) + " is in MIG mode and no single MIG device was chosen for the "
                  "process (CUDA_VISIBLE_DEVICES=MIG-...), so it is shown more devices than CUDA enumerates (one MIG "
                  "device per process)", fix=MIG_FIX,
                  evidence={"gpus_in_mig_mode": in_mig, "env.CUDA_VISIBLE_DEVICES": "not in the input"})
    elif seen and ctx.observed(MIG_WORDS):
        yield Hit("A process was given several MIG devices; CUDA enumerates one per process", fix=MIG_FIX)


MIG_FIX = ["nvidia-smi -L  # the MIG devices and their UUIDs",
           "export CUDA_VISIBLE_DEVICES=MIG-<uuid>  # one per process; one rank per slice for more",
           "or disable MIG (sudo nvidia-smi -i 0 -mig 0) when one process needs the whole GPU"]


# `nvidia-smi -q` in a vGPU guest: "vGPU Software Licensed Product", then "License Status : Unlicensed" (newer drivers
# add the state: "Unlicensed (Restricted)").
VGPU_UNLICENSED = r"License Status\s*:\s*Unlicensed\b"
VGPU_COMPUTE_LICENSING = "https://docs.nvidia.com/ai-enterprise/release-8/latest/infra-software/vgpu/licensing.html"


@rule("GPU014", "vgpu-unlicensed", "error", "This vGPU has no license, and NVIDIA's software restricts it",
      signatures=(VGPU_UNLICENSED,), priority=14,
      references=(VGPU_COMPUTE_LICENSING, "https://docs.nvidia.com/grid/15.0/grid-licensing-user-guide/index.html"))
def vgpu_unlicensed(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    In a virtual machine with an NVIDIA vGPU (VMware, cloud GRID instances, the GPU Operator's
    vGPU driver): the first minutes run normally, then GPU work crawls or CUDA fails ("all
    CUDA-capable devices are busy or unavailable") while nvidia-smi still lists the GPU; `nvidia-smi
    -q` shows "License Status : Unlicensed" under "vGPU Software Licensed Product".

    Why:
    NVIDIA enforces vGPU licensing in the guest driver: an unlicensed vGPU for Compute starts at full
    capability and after a 20-minute grace period is held at an idle level of performance until
    it obtains a license (NVIDIA AI Enterprise, "NVIDIA vGPU for Compute Licensing"). The guest
    gets its license through the nvidia-gridd service from a license server; a missing
    configuration or client token, an unreachable server, or an image without the service leaves
    it unlicensed.

    Fix:
    Configure licensing as the vGPU Client Licensing User Guide says for Linux guests, restart the
    licensing service, and check that `nvidia-smi -q` then shows the license with its expiry.

    When to ignore:
    Never on a vGPU guest: the restrictions stay until a license is acquired.
    """
    if not seen:
        return
    yield Hit("the vGPU is unlicensed: after the grace period NVIDIA's guest driver holds it at an idle level of "
              "performance", evidence={"observed": seen[:1]}, confirmed=True,
              fix=["nvidia-smi -q | grep -i -A2 'license'  # the vGPU's license status",
                   "journalctl -u nvidia-gridd  # the licensing service: why no license was acquired",
                   "configure the license server as the vGPU Client Licensing User Guide says, then "
                   "sudo systemctl restart nvidia-gridd"])


# cudaErrorDevicesUnavailable (46) in its words and names: "all CUDA-capable devices are busy or unavailable" in older
# releases, "CUDA-capable device(s) is/are busy or unavailable" in newer ones (the string in CUDA 13.0's libcudart).
DEVICES_UNAVAILABLE = (r"all CUDA-capable devices are busy or unavailable",
                       r"CUDA-capable device\(s\) is/are busy or unavailable", r"cudaErrorDevicesUnavailable",
                       r"CUDA_ERROR_DEVICES_UNAVAILABLE")
# Kaldi's GPU selection (src/cudamatrix/cu-device.cc) is written for GPUs in an exclusive compute mode: it tries each
# GPU for a context, and when every one refuses says "Failed to create CUDA context, no more unused GPUs?" (older
# releases: "No more unused GPUs in compute exclusive mode?"); its source says a context cannot be created "in the case
# with no free GPUs ... (compute-exclusive mode)". Every GPU answering 46 with this line is that mode, each GPU taken.
KALDI_NO_FREE_GPU = (r"Failed to create CUDA context(?: on a GPU)?[.,]?\s*no more unused (?:CUDA )?GPUs",)
KALDI_CU_DEVICE = "https://github.com/kaldi-asr/kaldi/blob/master/src/cudamatrix/cu-device.cc"
# nvidia-smi's table showing a GPU in the shared (Default) compute mode: then the refusals have another cause.
DEFAULT_MODE_ROW = (r"\|\s+(?:\d+%|N/A)\s+Default\s+\|",)
# A compute mode that lets one process (or none) have the GPU: nvidia-smi's table ("E. Process", "E. Thread" on old
# drivers, "Prohibited") and `nvidia-smi -q` ("Compute Mode : Exclusive_Process").
# People say it too: "my gpu is in exclusive mode in nvidia-smi", "compute mode is set to exclusive process".
EXCLUSIVE_MODE = re.compile(r"\|\s+\d+%\s+(E\. Process|E\. Thread|Prohibited)\s+\||"
                            r"Compute Mode\s*:\s*(Exclusive_Process|Exclusive_Thread|Prohibited)\b|"
                            r"(?i:\b(exclusive(?:[_ -](?:process|thread))?)(?:\s+compute)?\s+mode\b|"
                            r"\bcompute[- ]mode\s+(?:is\s+)?(?:set\s+to\s+)?[\"']?(exclusive(?:[_ -](?:process|thread))?))")
RUNTIME_ERROR_TYPES = "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"


@rule("GPU015", "gpu-held-by-stale-process", "error",
      "The GPUs are in exclusive compute mode and another process already holds them",
      signatures=DEVICES_UNAVAILABLE, priority=16, references=(RUNTIME_ERROR_TYPES,))
def gpu_held_by_stale_process(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "all CUDA-capable devices are busy or unavailable" (cudaErrorDevicesUnavailable, 46; newer CUDA releases
    say "CUDA-capable device(s) is/are busy or unavailable") for some jobs and not others, on a cluster
    node whose nvidia-smi shows the compute mode "E. Process" and memory in use on a GPU that the job
    was given for itself. Kaldi, which expects that mode, tries every GPU and stops: "Device 0: all
    CUDA-capable devices are busy or unavailable. ... Failed to create CUDA context, no more unused GPUs?"

    Why:
    In the Exclusive_Process compute mode a GPU takes one CUDA context at a time (Prohibited takes
    none); the runtime's documentation names these modes as the usual reason for error 46. Schedulers
    set it so that jobs cannot share a GPU by mistake, so any process still holding the GPU (a job's
    process that outlived it, a container not reaped when the job was killed, a notebook left
    running) makes the GPU unusable for the next job it is given to.

    Fix:
    Find and end the process holding the GPU (`nvidia-smi --query-compute-apps=pid,process_name,
    used_memory --format=csv`, `sudo fuser -v /dev/nvidia*`); on a cluster, tell the site: the node's
    cleanup after a job (Slurm's epilog) has to kill what the job left. Where sharing is meant,
    `nvidia-smi -c DEFAULT` returns the GPU to shared mode.

    When to ignore:
    When the other process is meant to have the GPU: wait for it, or ask for another GPU.
    """
    if not seen:
        return
    mode = first_match(EXCLUSIVE_MODE, ctx.observations)
    if mode is None and ctx.observed(KALDI_NO_FREE_GPU) and not ctx.observed(DEFAULT_MODE_ROW):
        yield Hit("every GPU refused Kaldi a CUDA context: Kaldi runs its GPUs in an exclusive compute mode, one "
                  "context per GPU, and each was already held by another process (another job of the recipe, or one "
                  "left from an earlier run)", evidence={"observed": [*seen[:1], *ctx.observed(KALDI_NO_FREE_GPU)[:1]]},
                  references=[KALDI_CU_DEVICE],
                  fix=["nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv  # who holds "
                       "each GPU",
                       "pass --use-gpu=wait to the training script (steps/nnet3/chain/train.py, steps/nnet3/"
                       "train_dnn.py) so that a job waits for a free GPU instead of failing",
                       "or start no more GPU jobs at once than there are GPUs"])
        return
    if mode is None:
        return  # without an exclusive or prohibited mode in sight, 46 has other causes (vGPU licence, WSL builds)
    shown = mode.group(1) or mode.group(2) or mode.group(3) or mode.group(4)
    if shown == "Prohibited":
        yield Hit("a GPU is in the Prohibited compute mode, which allows no CUDA context at all",
                  evidence={"observed": seen[:1], "compute_mode": shown},
                  fix=["nvidia-smi --query-gpu=index,compute_mode --format=csv",
                       "sudo nvidia-smi -i <index> -c DEFAULT  # or ask the administrator who set it"])
        return
    yield Hit(f"the GPUs are in the {shown} compute mode, in which a GPU takes one CUDA context at a time, and CUDA "
              "found every GPU busy: another process (often one left from an earlier job) holds them",
              evidence={"observed": seen[:1], "compute_mode": shown},
              fix=["nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv  # who holds each GPU",
                   "sudo fuser -v /dev/nvidia*  # processes with the GPU open, containers included",
                   "kill the stale process; on a cluster, ask the site to clean up GPU processes after each job"])


# DCGM's profiling (DCP) metrics, field IDs 1001 and up (DCGM_FI_PROF_*), exist on datacenter GPUs of the Volta
# generation and newer, Titan RTX and Quadro RTX included (a DCGM maintainer in NVIDIA/dcgm-exporter#5); Pascal has
# none (NVIDIA/DCGM#47). Elsewhere the exporter's watch fails at start, or DCGM's profiling module never loads.
PROFILING_NOT_SUPPORTED = r"Profiling is not supported for this group of GPUs or GPU"
# (dcgmi prefixes the code, "-33: This request ..."; dcgm-exporter does not: 'msg="Error watching fields: This request is
# serviced by a module of DCGM that is not currently loaded"', NVIDIA/gpu-monitoring-tools#141)
DCGM_MODULE_NOT_LOADED = r"This request is serviced by a module of DCGM that is not currently loaded"
# What makes the module the profiling one: its fields named, by name or by ID (1001 and up), or the word itself.
PROFILING_FIELDS = (r"\bDCGM_FI_PROF_\w+", r"\bDCP\b", r"\bprofiling\b",
                    r"\b(?:fields?|features?|metrics?|ids?)\b\W{0,3}(?:\w+\W{1,3}){0,4}10(?:0[1-9]|[1-9]\d)\b")
DCP_SUPPORT = "https://github.com/NVIDIA/dcgm-exporter/issues/5"
# One profiling metric the GPU lacks, while it has others: the exporter's watch of the whole counters file fails
# ('level=fatal msg="Error watching fields: Feature not supported"'), and nv-hostengine's log names the field
# ("[[Profiling]] FieldId {1011} is not supported for GPU 0"). Each architecture has its own set: the tensor IMMA/HMMA
# pipes (1013, 1014) need an Ampere GA100 (NVIDIA/DCGM#47, NVIDIA/dcgm-exporter#82), the A10 has no FP64 pipe metric
# (1006, NVIDIA/go-dcgm#15). dcgm-exporter since NVIDIA/dcgm-exporter#86 (July 2022) skips the metrics a GPU lacks.
PROFILING_FIELD_ID = re.compile(r"FieldId \{?(\d{4})\}? is not supported for GPU")
METRIC_NOT_SUPPORTED = (r"Error watching fields: Feature not supported", PROFILING_FIELD_ID.pattern)
PROFILING_FIELD_NAME = re.compile(r"\bDCGM_FI_PROF_\w+")
SKIPS_UNSUPPORTED = "https://github.com/NVIDIA/dcgm-exporter/pull/86"


def _has_profiling_counters(model) -> bool:
    """A GPU of the kinds the DCGM maintainer named: datacenter and professional (Quadro RTX, RTX A6000) GPUs of
    compute capability 7.0 or newer, and the Titan RTX; never a GeForce card or anything before Volta."""
    newer = bool(model["cc"]) and cc_tuple(model["cc"]) >= (7, 0)
    return newer and (model["segment"] in ("datacenter", "workstation") or "TITAN RTX" in model["name"].upper())


@rule("GPU016", "dcgm-profiling-unsupported-gpu", "error",
      "DCGM's profiling metrics were asked of a GPU that has none",
      signatures=(PROFILING_NOT_SUPPORTED, DCGM_MODULE_NOT_LOADED, *METRIC_NOT_SUPPORTED), priority=14,
      references=(DCP_SUPPORT, SKIPS_UNSUPPORTED))
def dcgm_profiling_unsupported_gpu(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    dcgm-exporter stops at start ('level=fatal msg="Error watching fields: Profiling is not
    supported for this group of GPUs or GPU"') and its pod crash-loops; dcgmi or a DCGM client gets
    "Error setting watches. Result: -33: This request is serviced by a module of DCGM that is not
    currently loaded" for profiling fields (DCGM_FI_PROF_*, IDs 1001 and up) while the other fields work.
    One metric the GPU lacks among those it has: 'level=fatal msg="Error watching fields: Feature not
    supported"' from dcgm-exporter, "[[Profiling]] FieldId {1011} is not supported for GPU 0" in
    nv-hostengine's log.

    Why:
    The profiling metrics (DCP: SM activity, tensor pipe activity, NVLink and PCIe bytes) come from
    hardware counters that DCGM supports on datacenter GPUs of the Volta generation and newer, Titan
    RTX and Quadro RTX included, not on GeForce cards or Pascal and older. The GPU Operator and many
    Helm charts configure dcgm-exporter with a counters file that includes them
    (dcp-metrics-included.csv). GPUs that have the counters do not all have every metric: the tensor
    IMMA and HMMA pipe metrics need an Ampere GA100, the A10 has no FP64 pipe metric, and one field
    the GPU lacks fails the exporter's whole watch.

    Fix:
    Give dcgm-exporter a counters file without DCGM_FI_PROF_ fields
    (`-f /etc/dcgm-exporter/default-counters.csv`, or drop those lines from the custom CSV;
    the GPU Operator takes it from a ConfigMap). `dcgmi profile --list` shows which profiling
    metric groups a GPU has.

    When to ignore:
    On a supported datacenter GPU the same messages have other causes (another profiler such as
    Nsight holding the counters, a DCGM older than the GPU).
    """
    lacking = [line for line in seen if any(re.search(p, line) for p in METRIC_NOT_SUPPORTED)]
    if lacking:
        yield _profiling_metric_unsupported(ctx, lacking[0])
        return
    named = [line for line in seen if re.search(PROFILING_NOT_SUPPORTED, line, re.I)]
    if not named and not (seen and ctx.observed(PROFILING_FIELDS)):
        return  # a module not loaded, with no profiling field in sight: not known to be the profiling module
    models = ctx.gpu_models()
    if models and all(_has_profiling_counters(m) for m in models):
        return  # every GPU has the counters: something else holds or refuses them
    where = ", ".join(sorted({m["name"] for m in models})) or "this GPU"
    yield Hit(f"DCGM's profiling metrics (DCGM_FI_PROF_*, field IDs 1001 and up) were asked of {where}: they exist "
              "only on datacenter GPUs of the Volta generation and newer (Titan RTX and Quadro RTX included), so "
              "watching them fails", evidence={"observed": seen[0].strip()[:200], "gpu": where},
              fix=["dcgm-exporter -f /etc/dcgm-exporter/default-counters.csv  # a counters file without DCGM_FI_PROF_ "
                   "fields (GPU Operator: dcgmExporter.config, a ConfigMap with that CSV)",
                   "dcgmi profile --list  # the profiling metric groups this GPU has, if any"])


def _profiling_metric_unsupported(ctx: Context, said: str) -> Hit:
    """A profiling metric this GPU model does not have, asked for with others it has: the set differs per
    architecture, so one counters file for every node fails on some of them."""
    field = PROFILING_FIELD_ID.search(said)
    names = sorted({m.group(0) for line in ctx.observations for m in PROFILING_FIELD_NAME.finditer(line)})
    models = sorted({m["name"] for m in ctx.gpu_models()})
    where = ", ".join(models) or "this GPU"
    asked = f"field {field.group(1)}" if field else (", ".join(names[:4]) if names else "a profiling metric")
    return Hit(f"DCGM refused {asked} on {'one of ' if len(models) > 1 else ''}{where}: profiling metrics differ per GPU architecture (the tensor IMMA/HMMA "
               "pipe metrics need an Ampere GA100; the A10 has no FP64 pipe metric), and a metric the GPU lacks "
               "fails the watch of the whole counters file",
               evidence={"observed": said.strip()[:200], "gpu": where, **({"fields": names} if names else {}),
                         **({"field_id": field.group(1)} if field else {})}, confirmed=True,
               references=[SKIPS_UNSUPPORTED],
               fix=["dcgmi profile --list -i 0  # the profiling metrics (field IDs) this GPU has",
                    "drop the other DCGM_FI_PROF_ lines from the counters CSV used on these nodes (GPU Operator: "
                    "the dcgmExporter.config ConfigMap), or give these nodes a CSV of their own",
                    "or update dcgm-exporter to a release after July 2022 (NVIDIA/dcgm-exporter#86), which skips the "
                    "metrics a GPU lacks instead of failing"])


# DCGM (dcgmi, nv-hostengine) and what is built on it (dcgm-exporter) on a Jetson: "The Jetson GPUs are not supported
# by DCGM at this moment" (DCGM's maintainer, NVIDIA/dcgm-exporter#101). Jetson's own monitors are tegrastats and, from
# the community, jtop.
DCGM_NAMED = r"\bdcgm(?:-exporter|i)?\b|\bnv-hostengine\b"


@rule("GPU017", "dcgm-unsupported-on-jetson", "error", "DCGM does not support Jetson's integrated GPU",
      priority=15, references=("https://github.com/NVIDIA/dcgm-exporter/issues/101",))
def dcgm_unsupported_on_jetson(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On a Jetson, dcgm-exporter's container exits at once (with --runtime=nvidia), or `docker run
    --gpus all` of it is refused ("invoking the NVIDIA Container Runtime Hook directly (e.g.
    specifying the docker --gpus flag) is not supported"); dcgmi finds no GPU.

    Why:
    DCGM manages discrete data-center GPUs through NVML. Jetson's integrated GPU (Tegra) is not among
    the GPUs it supports, so nothing built on DCGM can watch it, whatever the container options.

    Fix:
    Monitor a Jetson with its own tools (tegrastats; jtop from jetson-stats) and export their
    readings, instead of DCGM.

    When to ignore:
    When the DCGM in question runs on a discrete GPU machine and only the report mentions a Jetson.
    """
    jetson = ctx.jetson()
    dcgm = ctx.observed([DCGM_NAMED]) if jetson else []
    if dcgm:
        yield Hit("DCGM (and dcgm-exporter, which is built on it) does not support Jetson's integrated GPU",
                  evidence={"jetson": jetson.strip()[:160], "dcgm": dcgm[0].strip()[:160]}, confirmed=True,
                  fix=["tegrastats  # Jetson's own GPU and memory readings",
                       "sudo pip3 install jetson-stats && jtop  # a community monitor; export its readings instead of DCGM's"])

# Sizes as the frameworks print them: "892.00 MiB", "0 bytes", "200.02GiB", "33762398024 bytes".
SIZE = r"(\d+(?:\.\d+)?)\s*(bytes|[KMGT]iB)\b"
SIZE_UNITS = {"bytes": 1, "KiB": 2 ** 10, "MiB": 2 ** 20, "GiB": 2 ** 30, "TiB": 2 ** 40}
# PyTorch's caching allocator when cudaMalloc fails, in its two wordings (read on an H100 in session 72, and in the
# corpus, 5188 and 8113). torch 2.x: "CUDA out of memory. Tried to allocate 200.00 GiB. GPU 0 has a total capacity of
# 79.18 GiB of which 78.66 GiB is free. [Process 1251415 has 40.11 GiB memory in use.] Including non-PyTorch memory,
# this process has 518.00 MiB memory in use. Of the allocated memory 0 bytes is allocated by PyTorch, and 0 bytes is
# reserved by PyTorch but unallocated." torch 1.x: "CUDA out of memory. Tried to allocate 240.00 MiB (GPU 0; 6.00 GiB
# total capacity; 2.03 GiB already allocated; 1.03 GiB free; 2.47 GiB reserved in total by PyTorch)".
# torch 2.1 spelt it "total capacty" ("GPU 0 has a total capacty of 4.00 GiB of which 41.56 MiB is free",
# Synthintel0/MyGirlGPT#11; FoundationVision/GenerateU#10).
TORCH_OOM = re.compile(r"CUDA out of memory\. Tried to allocate " + SIZE)
TORCH_CAPACITY = re.compile(r"total capaci?ty of " + SIZE + r" of which " + SIZE + r" is free")
TORCH_OLD_CAPACITY = re.compile(SIZE + r" total capacity; " + SIZE + r" already allocated; " + SIZE + r" free; " +
                                SIZE + r" reserved in total by PyTorch")
TORCH_THIS_PROCESS = re.compile(r"this process has " + SIZE + r" memory in use")
# The other processes on the GPU, each by its PID (torch prints its own process as "this process" instead: on an H100
# alone it printed no "Process" entry at all).
TORCH_OTHER_PROCESS = re.compile(r"\bProcess \d+ has " + SIZE + r" memory in use")
TORCH_UNALLOCATED = re.compile(SIZE + r" is reserved by PyTorch but unallocated")
TORCH_ALLOCATED = re.compile(r"Of the allocated memory " + SIZE + r" is allocated by PyTorch")
# XLA's allocator (JAX; TensorFlow's is the same BFC allocator): "RESOURCE_EXHAUSTED: Out of memory while trying to
# allocate 200.02GiB with allocator GPU_0_bfc" (JAX 0.11 on an H100, session 72), "... allocate 33762398024 bytes.";
# TensorFlow's "ResourceExhaustedError: OOM when allocating tensor with shape[32,1024,64,64] and type float on
# /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc".
XLA_OOM = re.compile(r"Out of memory while trying to allocate " + SIZE)
TF_OOM = r"OOM when allocating tensor with shape"
FRAMEWORK_OOM = (TORCH_OOM.pattern, XLA_OOM.pattern, TF_OOM)
# A CUDA context that cannot even be made for lack of memory: the GPU is full before the program has put anything on
# it. TensorFlow: "failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY: out of memory; total memory
# reported: 11523260416" (corpus 6895, a shared server).
CONTEXT_OOM = r"(?:cuDevicePrimaryCtxRetain|cuCtxCreate\w*)\W+CUDA_ERROR_OUT_OF_MEMORY"
# Another process's share counts when it is a real part of the GPU: at least 1 GiB and a tenth of the memory (a CUDA
# context alone takes a few hundred MiB, and a desktop's display a little more).
OTHERS_FLOOR = 2 ** 30
# The page torch's own message points to ("See documentation for Memory Management").
TORCH_MEMORY_NOTES = ("https://docs.pytorch.org/docs/stable/notes/cuda.html"
                      "#optimizing-memory-usage-with-pytorch-cuda-alloc-conf")


def _bytes(number: str, unit: str) -> int:
    return int(float(number) * SIZE_UNITS[unit])


def _gib(size: int) -> str:
    return f"{size / 2 ** 30:.2f} GiB"


def out_of_memory(ctx: Context) -> Dict:
    """What the framework's out-of-memory message says, in bytes: the request, the GPU's total and free memory, this
    process's share, PyTorch's reserved-but-unused cache; {} when the paste holds none. A message wrapped over lines is
    read with the three lines after it."""
    return ctx.shared("out_of_memory", _out_of_memory)


def _out_of_memory(ctx: Context) -> Dict:
    lines = ctx.observed(FRAMEWORK_OOM)
    if not lines:
        return {}
    at = ctx.observations.index(lines[0])
    text = " ".join(ctx.observations[at:at + 4])
    asked = TORCH_OOM.search(text) or XLA_OOM.search(text)
    report: Dict = {"observed": lines[0].strip()[:300], "framework": "torch" if TORCH_OOM.search(text) else "xla"}
    if asked:
        report["requested"] = _bytes(*asked.groups()[:2])
    new, old = TORCH_CAPACITY.search(text), TORCH_OLD_CAPACITY.search(text)
    if new:
        report["total"], report["free"] = _bytes(*new.groups()[:2]), _bytes(*new.groups()[2:4])
        this = TORCH_THIS_PROCESS.search(text)
        if this:
            report["this_process"] = _bytes(*this.groups())
        others = [_bytes(*m.groups()) for m in TORCH_OTHER_PROCESS.finditer(text)]
        if others:
            report["other_processes"] = sum(others)
        unallocated = TORCH_UNALLOCATED.search(text)
        if unallocated:
            report["unallocated"] = _bytes(*unallocated.groups())
        allocated = TORCH_ALLOCATED.search(text)
        if allocated:
            report["pytorch"] = _bytes(*allocated.groups()) + report.get("unallocated", 0)
        if allocated and others and "this_process" not in report:
            _own_entry_by_pid(report, others)
    elif old:
        sizes = [_bytes(old.group(i), old.group(i + 1)) for i in (1, 3, 5, 7)]
        report["total"], allocated, report["free"], reserved = sizes
        report["unallocated"] = max(reserved - allocated, 0)
    return report


def _own_entry_by_pid(report: Dict, entries: List[int]) -> None:
    """In a container torch cannot tell its own process among NVML's and lists it by PID like the others ("Process 20398
    has 14.52 GiB memory in use. Of the allocated memory 14.06 GiB is allocated by PyTorch", FoundationVision/GenerateU
    #10; "Process 76883 has 53.16 GiB ... 11.97 GiB is allocated by PyTorch, and 40.69 GiB is reserved",
    Tianhao-Qi/Mask2DiT#4). The entry that holds what PyTorch holds and at most a context more is this process."""
    own = next((entry for entry in entries if report["pytorch"] <= entry <= report["pytorch"] + OTHERS_FLOOR), None)
    if own is None or report["pytorch"] == 0:
        return
    rest = list(entries)
    rest.remove(own)
    report["this_process"] = own
    if rest:
        report["other_processes"] = sum(rest)
    else:
        del report["other_processes"]


def _held_outside_pytorch(report: Dict) -> int:
    """Bytes this process holds beyond what PyTorch allocated and cached: another library's pool in the same process
    (JAX preallocates 75% of the GPU at its first use, TensorFlow nearly all of it, CuPy keeps its own); 0 when that is
    no more than a CUDA context and libraries' workspaces."""
    if "this_process" not in report or "pytorch" not in report:
        return 0
    outside = report["this_process"] - report["pytorch"]
    return outside if outside >= max(OTHERS_FLOOR, report["total"] // 10) else 0


def _held_by_others(report: Dict) -> int:
    """Bytes of the GPU that other processes hold, where torch 2.x's message says: the processes it lists by PID, else
    what neither this process nor the free pool has; 0 when that is no real part of the GPU."""
    if "other_processes" in report:
        others = report["other_processes"]
    elif "this_process" in report:
        others = report["total"] - report["free"] - report["this_process"]
    else:
        return 0
    return others if others >= max(OTHERS_FLOOR, report["total"] // 10) else 0


@rule("GPU019", "gpu-memory-too-small-for-model", "error", "The work needs more GPU memory than this GPU has",
      signatures=FRAMEWORK_OOM, priority=60,
      references=(TORCH_MEMORY_NOTES,))
def gpu_memory_too_small_for_model(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 25.61 GiB. GPU 0 has a total capacity
    of 23.64 GiB of which 22.98 GiB is free" (older PyTorch: "Tried to allocate 240.00 MiB (GPU 0; 6.00
    GiB total capacity; 2.03 GiB already allocated; 1.03 GiB free; 2.47 GiB reserved in total by
    PyTorch)"); JAX: "RESOURCE_EXHAUSTED: Out of memory while trying to allocate 200.02GiB";
    TensorFlow: "ResourceExhaustedError: OOM when allocating tensor with shape[32,1024,64,64]".

    Why:
    The model's weights, activations, optimizer state and the batch do not fit in the GPU's memory. An
    allocation larger than the whole GPU can never succeed; otherwise the program's own tensors have
    filled what there is. A GPU cannot borrow system memory for this (the "shared GPU memory" Windows
    shows is not used by CUDA allocations). When the numbers show memory held by other processes,
    GPU020 says so; when PyTorch's cache holds much reserved but unused memory, the cause is
    fragmentation, and PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True is the remedy.

    Fix:
    Make the work smaller: a smaller batch (with gradient accumulation to keep the effective batch),
    lower resolution or sequence length, half precision (bf16/fp16), gradient checkpointing, a smaller or
    quantised model, inference under torch.no_grad(); or spread it over several GPUs, or use a GPU with
    more memory.

    When to ignore:
    Never for the run that failed; it says nothing about the installation.
    """
    report = out_of_memory(ctx)
    if not report or _held_by_others(report) or _held_outside_pytorch(report):
        return
    requested, total = report.get("requested"), report.get("total")
    evidence = {"observed": report["observed"], **{key: _gib(report[key]) for key in
                                                   ("requested", "total", "free", "this_process", "unallocated")
                                                   if key in report}}
    fix = ["reduce the batch size (keep the effective batch with gradient accumulation), the resolution or the "
           "sequence length",
           "use bf16/fp16 (autocast), gradient checkpointing, or a smaller or quantised model",
           "nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv  # what the GPU has and what is taken"]
    if requested and total and requested > total:
        yield Hit(f"one allocation of {_gib(requested)} is larger than the GPU's whole memory ({_gib(total)}): this "
                  "work cannot fit on this GPU as it is", evidence=evidence, confirmed=True, fix=fix)
    elif report.get("unallocated") and requested and report["unallocated"] >= requested and \
            report["unallocated"] >= (total or 0) // 10:
        yield Hit(f"PyTorch holds {_gib(report['unallocated'])} reserved but unused, more than the "
                  f"{_gib(requested)} it asked for: its cache is fragmented", evidence=evidence, confirmed=True,
                  fix=["export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True  # before the program starts"] + fix)
    elif total:
        free = f"{_gib(report['free'])} free" if "free" in report else "little free"
        asked = _gib(requested) if requested else "more"
        yield Hit(f"out of memory on a GPU of {_gib(total)} ({free} when the program asked for {asked} more): the "
                  "work needs more memory than this GPU has", evidence=evidence, confirmed=True, fix=fix)
    else:
        yield Hit("the framework ran out of GPU memory: the work needs more than this GPU has free",
                  evidence=evidence, priority=70, fix=fix)


@rule("GPU020", "gpu-memory-held-by-other-processes", "error", "Other processes hold the GPU's memory",
      signatures=FRAMEWORK_OOM + (CONTEXT_OOM,), priority=14)
def gpu_memory_held_by_other_processes(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "CUDA out of memory. Tried to allocate 892.00 MiB. GPU 0 has a total capacity of 44.39 GiB of which
    36.38 MiB is free. Process 1189488 has 1.42 GiB memory in use. Process 1251415 has 40.11 GiB memory
    in use", where this process itself has little; or a CUDA context that cannot be made at all:
    "failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY: out of memory".

    Why:
    A GPU's memory is shared by every process on it. Another user's job, a server (vLLM preallocates
    most of the GPU), a notebook kernel still running, or a process left from an earlier run holds it,
    and this program gets what remains. A context fails to be made only when the GPU is already full.

    Fix:
    See who holds it (`nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv`), end
    what is stale or wait for it, pick a free GPU (CUDA_VISIBLE_DEVICES), or cap the other framework's
    share (JAX: XLA_PYTHON_CLIENT_MEM_FRACTION, TensorFlow: memory growth, vLLM: --gpu-memory-utilization).

    When to ignore:
    When the other processes are meant to have that memory: this work then needs another GPU.
    """
    report = out_of_memory(ctx)
    others = _held_by_others(report) if report else 0
    context = ctx.observed([CONTEXT_OOM])
    fix = ["nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv  # who holds the memory",
           "end the stale process, or choose a free GPU: CUDA_VISIBLE_DEVICES=<index>"]
    if others:
        this = f"this process has {_gib(report['this_process'])} and" if "this_process" in report else "the program"
        yield Hit(f"other processes hold {_gib(others)} of the GPU's {_gib(report['total'])}; {this} asked for "
                  f"{_gib(report.get('requested', 0))} more",
                  evidence={"observed": report["observed"], "held_by_others": _gib(others)}, confirmed=True, fix=fix)
    elif context:
        yield Hit("the GPU has no memory left for even a CUDA context: other processes already fill it",
                  evidence={"observed": context[0].strip()[:300]}, confirmed=True, fix=fix)


@rule("GPU022", "gpu-memory-held-by-another-library-in-process", "error",
      "Another library in the same process holds the GPU's memory",
      signatures=(TORCH_OOM.pattern,), priority=14,
      references=("https://docs.jax.dev/en/latest/gpu_memory_allocation.html",
                  "https://www.tensorflow.org/guide/gpu#limiting_gpu_memory_growth"))
def gpu_memory_held_by_another_library_in_process(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    PyTorch runs out of memory with little of its own: "CUDA out of memory. Tried to allocate 40.00
    GiB. GPU 0 has a total capacity of 79.18 GiB of which 19.25 GiB is free. Including non-PyTorch
    memory, this process has 59.92 GiB memory in use. Of the allocated memory 0 bytes is allocated by
    PyTorch" (JAX used first in the same process, on an H100; with CuPy's pool holding 60 GiB the
    same message says 61.60 GiB in use and 1024.00 MiB allocated by PyTorch).

    Why:
    Other GPU libraries in the process keep pools of their own that PyTorch cannot use: JAX (XLA)
    preallocates 75% of the GPU at its first computation, TensorFlow maps nearly all of it when it
    starts, CuPy keeps what it freed in its pool. Importing such a library for one step (a data
    pipeline in TensorFlow, a JAX helper) leaves PyTorch what is left over.

    Fix:
    Before the other library starts: XLA_PYTHON_CLIENT_PREALLOCATE=false (or
    XLA_PYTHON_CLIENT_MEM_FRACTION=0.3) for JAX; tf.config.experimental.set_memory_growth(gpu, True) or
    TF_FORCE_GPU_ALLOW_GROWTH=true for TensorFlow, or CPU-only TensorFlow for data loading;
    cupy.get_default_memory_pool().free_all_blocks() for CuPy.

    When to ignore:
    When the other library's arrays are meant to fill the GPU: the work then needs more memory.
    """
    report = out_of_memory(ctx)
    outside = _held_outside_pytorch(report) if report and not _held_by_others(report) else 0
    if outside:
        yield Hit(f"this process holds {_gib(outside)} of the GPU's {_gib(report['total'])} outside PyTorch (PyTorch "
                  f"itself holds {_gib(report['pytorch'])}): another library in it, such as JAX, TensorFlow or CuPy, "
                  "keeps that memory", evidence={"observed": report["observed"], "outside_pytorch": _gib(outside)},
                  confirmed=True,
                  fix=["export XLA_PYTHON_CLIENT_PREALLOCATE=false  # JAX: allocate on demand; set before it starts",
                       "export TF_FORCE_GPU_ALLOW_GROWTH=true  # TensorFlow: grow instead of mapping the whole GPU",
                       "cupy.get_default_memory_pool().free_all_blocks()  # CuPy: give back what its pool keeps"])


# Hardware ray tracing asked of a GPU without RT cores. The RT cores came with Turing (GeForce RTX 20): renderers
# built on DXR or on Vulkan's ray tracing extensions refuse what came before. "We don't support pre RTX cards"
# (Falcor's maintainer on a GTX 1080, NVIDIAGameWorks/Falcor#289, where the driver's DXR 1.0 emulation on GTX 10 cards
# of 6 GB or more was too slow and too partial for it); "This needs RTX 2000 series or AMD RX 6000 series GPU as a
# minimum. It also uses VK_KHR_ray_query which your GPU doesn't seem to support" (diharaw/hybrid-rendering#8, a GTX
# 1060); "it simply does not support the hardware ray tracing extensions" (SaschaWillems/VulkanPathTracer#7, an MX330,
# whose Vulkan device creation failed with ERROR_EXTENSION_NOT_PRESENT).
RAY_TRACING_ASKED = (r"\bVK_(?:KHR|NV)_ray_(?:tracing|query)", r"\bVK_KHR_acceleration_structure\b",
                     r"\bRTX[- ]capable\b", r"\bDXR\b", r"\bDirectX Raytracing\b", r"\bRT cores?\b",
                     r"\bhardware ray ?tracing\b")
# A Vulkan device refused for an extension the GPU lacks, which one unnamed: on a GPU without RT cores, most often the
# ray tracing ones.
EXTENSION_NOT_PRESENT = r"\bERROR_EXTENSION_NOT_PRESENT\b"
BEFORE_RT_CORES = ("Fermi", "Kepler", "Maxwell", "Pascal", "Volta")


@rule("GPU021", "gpu-lacks-rt-cores-for-rtx-renderer", "error",
      "Hardware ray tracing was asked of a GPU without RT cores",
      signatures=RAY_TRACING_ASKED + (EXTENSION_NOT_PRESENT,), priority=20,
      references=("https://github.com/NVIDIAGameWorks/Falcor/issues/289",
                  "https://github.com/diharaw/hybrid-rendering/issues/8"))
def gpu_lacks_rt_cores_for_rtx_renderer(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A ray-traced renderer stops at start on a GTX, Quadro or Tesla card of before 2018: a Vulkan path
    tracer's "Could not create Vulkan device: ERROR_EXTENSION_NOT_PRESENT", "Failed to find RTX
    capable GPU", a DXR sample's "Error! The parameter is incorrect" while the non-DXR samples run.

    Why:
    Hardware ray tracing (DirectX Raytracing, Vulkan's VK_KHR_ray_tracing_pipeline and
    VK_KHR_ray_query) runs on RT cores, which NVIDIA GPUs have from Turing (the RTX 20 series) on.
    Older GPUs lack them; the driver emulates DXR 1.0 and the ray tracing pipeline on GTX 10 cards of
    6 GB or more, slowly, and ray queries not at all, so most such renderers refuse those GPUs.

    Fix:
    Run the renderer on an RTX GPU (GeForce RTX 20 series or newer, Quadro RTX, RTX A-series and
    later), or use the program's mode without hardware ray tracing if it has one.

    When to ignore:
    When the program accepts the driver's emulation and runs, slowly, on a GTX 10 card.
    """
    if not seen:
        return
    models = ctx.gpu_models()
    older = [m for m in models if m["architecture"] in BEFORE_RT_CORES]
    if not older or len(older) < len(models):
        return  # a GPU with RT cores is here too, or none known
    named = ctx.observed(RAY_TRACING_ASKED)
    gpus = ", ".join(sorted({f"{m['name']} ({m['architecture']})" for m in older}))
    asked = "hardware ray tracing (DXR or Vulkan's ray tracing extensions)" if named else \
        "a Vulkan device extension this GPU lacks, most likely hardware ray tracing"
    yield Hit(f"The program asks for {asked}, and the {gpus} has no RT cores: NVIDIA GPUs have them from Turing (the "
              "RTX 20 series) on", confirmed=bool(named), generic=not named,
              evidence={"observed": seen[0].strip()[:200], "gpus": [m["name"] for m in older]},
              fix=["vulkaninfo | grep -i -E 'ray_(tracing|query)|acceleration_structure'  # the ray tracing "
                   "extensions this GPU's driver offers (none on a GPU without RT cores, or emulated ones on a GTX 10 "
                   "card of 6 GB or more)",
                   "run the renderer on an RTX GPU (GeForce RTX 20 series or newer, Quadro RTX, RTX A-series and "
                   "later), or use its mode without hardware ray tracing if it has one"])


# A machine that runs AMD's ROCm stack: ROCm named as what is installed or run (a rocm image or index, "rocm-5.0.1",
# a +rocm torch, rocminfo's listing), the GPU named by its AMD ISA target ("gfx1030", "gfx1150"), or a HIP device asked
# for ("PyTorch is not linked with support for hip devices", a CUDA build of torch asked for device 'hip').
ROCM_IN_USE = (r"\brocm[-_ ]?\d", r"\brocm/\w", r"/whl/rocm", r"\+rocm\d", r"\brocminfo\b", r"\btorch\.version\.hip\b",
               r"\bsupport for hip devices\b", r"\bgfx\d{3,4}[a-z]?\b", r"\bAMD \(ROCm\)",
               r"\b(?:on|with|using|have|has) (?:an? )?AMD (?:Radeon )?GPUs?\b")
# What a CUDA-only build says where there is no NVIDIA driver or GPU: PyTorch's CUDA build finding no driver, the CUDA
# runtime's error 35 (what it returns with no NVIDIA driver at all), no CUDA device, a CUDA build of torch asked for a
# HIP device. On a ROCm machine these come from a CUDA build of the package in use (faiss-gpu's conda build on a
# Radeon RX 6900 XT, facebookresearch/faiss#2235; a rocm7 ComfyUI image rebuilt with the default +cu130 torch).
# The loader not finding a CUDA library a package was built against is the same on such a machine: ROCm has no
# libcudart or libnvrtc (tilelang's CUDA-only PyPI wheel loading libnvrtc.so.12 "on amd gpu", tile-ai/tilelang;
# PaddleOCR's paddlepaddle-gpu asking for libcudart.so.12 beside ROCm 5.7).
CUDA_BUILD_WITHOUT_NVIDIA = (r"Found no NVIDIA driver on your system", r"CUDA driver version is insufficient",
                             r"no CUDA-capable device is detected", r"not linked with support for hip devices",
                             r"\blib(?:cudart|nvrtc|cublas(?:Lt)?|cudnn\w*|cufft|curand|cusparse|cusolver|nvJitLink)"
                             r"\.so[.\d]*: cannot open shared object file")


@rule("GPU023", "cuda-only-package-on-amd-rocm-system", "error",
      "A CUDA build is run on a machine whose GPU is AMD's, with ROCm",
      signatures=CUDA_BUILD_WITHOUT_NVIDIA, priority=0,
      references=("https://pytorch.org/get-started/locally/", "https://github.com/facebookresearch/faiss/issues/2235"))
def cuda_only_package_on_amd_rocm_system(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On an AMD GPU set up with ROCm (a rocm/pytorch image, torch from the rocm index, rocminfo listing
    "gfx1030"), one package fails as if no GPU were there: "RuntimeError: Found no NVIDIA driver on
    your system", "CUDA driver version is insufficient for CUDA runtime version" (error 35), "PyTorch
    is not linked with support for hip devices"; torch.version.hip prints None beside a +cu130 torch;
    the loader finds no CUDA library: "OSError: libcudart.so.12: cannot open shared object file".

    Why:
    CUDA builds run only on NVIDIA GPUs through NVIDIA's driver. ROCm's PyTorch answers to the
    device name 'cuda', so code written for CUDA runs on it, but a package built for CUDA (a +cuXXX
    torch that pip or an image picked instead of the ROCm one, faiss-gpu, CTranslate2, flash-attn's
    CUDA wheels) finds no NVIDIA driver on an AMD machine and fails.

    Fix:
    Install the package's ROCm build where it has one (PyTorch: the command for ROCm on
    pytorch.org's get-started page, from the rocm index), check it with
    `python -c "import torch; print(torch.__version__, torch.version.hip)"`; run a package that has
    no ROCm build on the CPU.

    When to ignore:
    When the machine has an NVIDIA GPU too, and the CUDA build is meant for it.
    """
    if not seen or ctx.has_nvidia_gpu() or ctx.gpu_models():
        return
    rocm = ctx.observed(ROCM_IN_USE)
    if not rocm:
        return
    yield Hit("this machine's GPU is AMD's and runs ROCm, and the failing package is a CUDA build: CUDA builds need an "
              "NVIDIA GPU and driver, which this machine does not have",
              evidence={"observed": seen[0].strip()[:200], "rocm": rocm[0].strip()[:200]}, confirmed=True,
              fix=["python -c \"import torch; print(torch.__version__, torch.version.hip)\"  # a ROCm build names its "
                   "HIP release; a CUDA build prints +cuXXX and None",
                   "pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/rocmX.Y  # the "
                   "ROCm build: take the exact command for your ROCm release from https://pytorch.org/get-started/"
                   "locally/",
                   "# a package with no ROCm build (a CUDA-only library) runs on the CPU on this machine"])


RULES = (cuda_only_package_on_amd_rocm_system, no_nvidia_gpu, xid_errors, ecc_errors, row_remap_pending,
         pcie_link_degraded, gpu_throttled, p2p_blocked,
         ecc_errors_lifetime, gpu_coverage_mismatch, gpus_restricted, p2p_unavailable_by_design,
         more_ranks_than_visible_gpus, nccl_ranks_share_a_gpu, multiple_mig_devices_in_one_process, vgpu_unlicensed,
         gpu_held_by_stale_process, dcgm_profiling_unsupported_gpu, dcgm_unsupported_on_jetson,
         gpu_memory_too_small_for_model, gpu_memory_held_by_other_processes,
         gpu_memory_held_by_another_library_in_process, gpu_lacks_rt_cores_for_rtx_renderer)
