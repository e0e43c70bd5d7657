"""Facts that people state in words rather than paste as tool output.

"GPU: GTX 1080 Ti (Pascal)", "RTX 5090 on driver 570", "nvidia-smi says 410.48", "Ubuntu1804,
python37", "torch 2.1.0+cu121", TensorFlow's ('v1.3.0-rc2-20-g0787eee', '1.3.0') tuple, and the
wheel file names of install logs ("Downloading torch-1.7.1-cp38-cp38-win_amd64.whl").

This importer runs after the ones that read tool output, and sets only what they left empty: a
tool's own output is worth more than a sentence about it. Every fact it sets names the line it
came from in its source ("paste.txt: prose: 'RTX 5090 on driver 570'"), so a finding that rests
on it shows that it rests on words. GPU names are kept as written; the matrix resolves the
common short forms ("1080ti", "A100 80G") when the rules look them up, and a name it cannot
resolve stays unknown.
"""

from __future__ import annotations

import re
from typing import List, Optional

from envcheck.anchors import anchors_of_any, fold, may_hold
from envcheck.importers._facts import built_with_cuda, framework, mark, set_once
from envcheck.model import PROSE_SOURCE as PROSE
from envcheck.importers.paste import form_answers, package_records, table_pairs
from envcheck.model import Distribution, Gpu, HostFacts, Library

# A GPU as people write it: a product line word and a model ("RTX 3090", "GTX 1080 Ti", "Tesla
# T4", "Quadro RTX 8000"), or a datacenter model on its own ("A100 80GB", "H100", "L40S"), with the memory kind that
# NVML's name carries after the size ("NVIDIA H100 80GB HBM3" in `accelerate env` and `transformers env`). ASCII word
# boundaries, so that a model written against Chinese or Japanese text ("旧显卡如M40出现") is still a word of its own.
GPU_MENTION = re.compile(
    r"\b(?:NVIDIA\s+)?(?:GeForce\s+)?(?:(?i:RTX|GTX|GTS|GT|Quadro|Tesla|TITAN)\s*(?:RTX\s*)?(?i:[A-Z])?\d{2,4}[A-Z]?"
    r"(?:-[A-Za-z0-9]+)*"
    r"(?:\s*(?i:Ti|SUPER))?(?:\s*Laptop(?:\s+GPU)?)?|TITAN\s+[VXP]\w*(?:\s*\(Pascal\))?|"
    # the TITANs one name tells apart, however written ("GPU NVIDIA TITAN RTX", "Titan V"); "Titan X" was Maxwell's
    # and Pascal's both
    r"(?i:TITAN\s+(?:RTX|V|Xp))(?![\w(])|"
    # GeForce with a model number and no line word: the laptop and entry parts named so ("GeForce 940MX", "GeForce
    # 930M"), and people dropping GTX ("dual GeForce 780M"); before the 200 series the line word came after the number
    # ("GeForce 9500 GT", "GeForce 8800 GTX", "GeForce 9800 GTX+", "GeForce 8600M GT", "GeForce 8400 GS")
    r"(?:NVIDIA\s+)?GeForce\s+\d{2,4}(?:MX|M)?(?:\s*(?i:Ti|SUPER)|\s*(?:GTX|GTS|GT|GSO|GS|SE)\+?(?![\w+]))?|"
    # the laptop MX line, whose word comes first and is often written alone: "Nvidia Geforce MX330", "MX150"
    r"(?:NVIDIA\s+)?(?:GeForce\s+)?MX\s?[1-5][1-7]0|"
    r"(?:[AHLBVPKM]\d{2,3}(?:S|m|c|Xm?)?|T4|L4|A2|P4|G[BH]\d{3})(?:-[A-Za-z0-9]+)*"
    r"(?:\s*\d{2,3}\s*GB?(?:\s+HBM\d[eE]?)?)?)(?!\w|\.\w)", re.ASCII)
# Another vendor's name just before a model that reads like an NVIDIA data-centre one: AMD's "Radeon R9 M295X" and
# "Radeon Pro V340", Intel's "Arc A770".
OTHER_VENDOR_BEFORE = re.compile(r"\b(?:AMD|Radeon|Intel|Apple)(?:\s*\(R\))?(?:\s+(?:Radeon|Pro|R\d|RX|Arc|Iris|Xe|HD|"
                                 r"Graphics|Instinct|Mobility)(?:\s*\(\w+\))?)*\s+$|\b(?:Radeon|Arc|Instinct)\s+$", re.I)
# A data-centre model written in lower case is a GPU where the word GPU or card follows it ("I have p40 GPUs",
# "on a v100 gpu"); alone, "p40" or "a10" may be anything.
LOWER_CASE_MODEL = re.compile(r"(?<![\w.-])([ahlbvpkm]\d{2,3}|t4|l4)\s+(?:gpus?|cards?)\b", re.I)
# The model number before its line word: "Ubuntu 22.04, 1050gtx ti" (nanoporetech/dorado#59), "2080rtx", written back
# in NVIDIA's order ("GTX 1050 Ti").
LINE_AFTER_NUMBER = re.compile(r"(?<![\w.])(\d{3,4})\s*(gtx|rtx)(?:\s*(ti|super))?(?!\w)", re.I)
# Words on the same line that make a bare model number a GPU ("my 3090", "4090 laptop"; Chinese 显卡, a graphics card).
GPU_LABEL = re.compile(r"\b(gpus?|graphics|cards?|vga)\b\s*[:=]?|显卡", re.I)
# GeForce's four-digit models all end in 0 (1080, 3090, 4060): a date, a field ID or a line number beside the word GPU
# ("2025-08-28 ... FieldId {1011} is not supported for GPU 0 [...cpp:2719]") is not one.
# Nor is another vendor's model ("Intel(R) HD Graphics 5500", "Radeon RX 5700"), nor a device's number or bus ID in hex
# (NCCL's "Duplicate GPU detected : rank 0 and rank 1 both on CUDA device 1000"). ASCII word boundaries, as in
# GPU_MENTION: "两张1080ti的显卡" (two 1080 Ti cards, ComfyUI-nunchaku#92) is a model written against Chinese text.
BARE_MODEL = re.compile(r"(?<![\w.:{/-])(?<!Graphics )(?<!Radeon )(?<!RX )(?<!HD )(?<!device )(\d{3}0)\s*"
                        r"(ti|super|laptop)?"
                        r"(?![\w:}/-]|\.\w)", re.I | re.ASCII)
# A GeForce series named as a whole, where no model is: "我是40系的显卡" (a 40-series card, deepmind-research#464), "RTX
# 50-series", "an RTX 40 series GPU", "30系显卡". The line word, or a word for a card after it, says it is a GPU
# ("Ubuntu 20 series" is not).
GEFORCE_SERIES_MENTION = re.compile(r"(?<![A-Za-z0-9_.])(?:(RTX|GTX)\s?)?(10|16|20|30|40|50)\s?-?\s?(?:系列?|series)"
                                    r"(?![A-Za-z])", re.I)
CARD_WORD_AFTER = re.compile(r".{0,8}?(?:显卡|卡|GPU|card|graphics)", re.I)
# What makes "RTX 40" the start of a series' name rather than a model.
SERIES_AFTER = re.compile(r"\s?-?\s?(?:系|series\b)", re.I)
# GeForce's numbers that take a Ti or SUPER: 750-980, and x050-x090 of the 10 to 50 series.
GEFORCE_NUMBER = re.compile(r"[1-5]0[5-9]0|[7-9][5-9]0")
# A GeForce number a person says they own is their GPU without the word: "I have a 3060 and a core i9", "on my 3090",
# "I have a 4090 with Ollama running".
OWNED_BEFORE = re.compile(r"(?:\bmy|\b(?:have|has|got|own|bought)\s+(?:an?|two|\d))\s+$", re.I)
# A driver version after the word driver (or nvidia-smi, or Chinese 驱动版本): "driver 570", "Driver Version: 470.82",
# "nvidia-smi says 410.48", "nvidia-driver-535", "Nvidia driver (396.24.10)", and the answer under the issue form heading
# of NVIDIA's open kernel modules ("NVIDIA Open GPU Kernel Modules Version: 590.48.01-2").
DRIVER = re.compile(r"(?:\bdriver(?:\s+version)?|\bGPU Kernel Modules Version|nvidia-smi(?:\s+(?:says|shows|reports))?|驱动(?:程序)?(?:版本)?)\s*"
                    r"(?:is|of|:|：|=|-|v|\()?\s*(?:version\s+)?"
                    r"(\d{3}(?:\.\d{1,3}){0,2})\b|"
                    # the version before the word, after NVIDIA's name: "the Nvidia 510.54 driver package"
                    r"\bnvidia\s+(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\s+drivers?\b", re.I)
# The driver's version as Windows shows it (Device Manager, dxdiag, pnputil, WMI): "Driver Version: 31.0.15.5161",
# "main driver is 31.0.15.1694", "版本：23.21.13.9135". NVIDIA's own release is the last digit of the third part and the
# whole fourth: 31.0.15.5161 is 551.61, 23.21.13.9135 is 391.35. Read only where the line speaks of a driver or a
# version and an NVIDIA GPU is named there or before it: Intel's drivers take the same form.
WINDOWS_DRIVER = re.compile(r"(?:\bdriver|\bversion|版本|驱动)\D{0,40}?\b\d{1,2}\.\d{1,2}\.1(\d)\.(\d{2})(\d{2})\b", re.I)
NVIDIA_WORD = re.compile(r"\b(?:nvidia|geforce|quadro|tesla)\b|\bnvld\w*\.dll\b", re.I)
OTHER_VENDOR_WORD = re.compile(r"\b(?:Intel|AMD|Radeon)\b", re.I)
# A capability stated beside the GPU: "(compute capability 6.1)", "CC 8.6", "sm_61", "sm 86".
CAPABILITY = re.compile(r"\b(?:(?:cuda\s+|compute\s+)capability|cc)\s*:?\s*(\d{1,2})\.(\d)\b|\bsm[_ ]?(\d{1,2})(\d)\b", re.I)
# A version named as a requirement, not as the one installed: "Sdk 12.2 requires nvidia driver 550+", "needs driver
# 471.41 or newer"; a capability as well ("need at least compute capability 7.0+", "minimum compute capability 3.7").
WANTED_BEFORE = re.compile(r"\b(?:requires?|required|needs?|needed|minimum|at least)\b[\w\s]{0,20}$", re.I)
UBUNTU = re.compile(r"\bUbuntu\s*-?(\d{2})\.?(04|10)\b", re.I)
PYTHON = re.compile(r"(?<![.\w/\\])py(?:thon)?\s*(?:version)?\s*[-:=]?\s*3\.?(\d{1,2})\b", re.I)
# "torch 2.1.0+cu121", "pytorch:1.10", "torch==2.0.1", "torch.__version__ = 2.2.0+cu118", "my pytorch version is
# 2.2.0+cu118": the local tag, when given, says the build, and so does a form answer's note in brackets, "PyTorch
# version: 1.5.0 (CPU toolkit)".
# A version that bounds a range is not the one installed: "TensorFlow 1.2.1 or earlier requires cuDNN 5.1" (TensorFlow's
# self-check lists what each release needs), "requires torch 2.1 or later", "needs driver 471.41 or newer".
RANGE_BOUND = r"\s*(?:or|and)\s+(?:earlier|later|newer|older|above|below|higher|lower|up)\b"
RANGE_BOUND_AFTER = f"(?!{RANGE_BOUND})"
# A pre-release with a commit for its local version is a build of its own: NGC containers' "2.4.0a0+07cecf4168",
# "2.5.0a0+e000cf0ad9.nv24.10", a source build's "2.1.0a0+git32f93b1"; kept whole, it is no released wheel. The major
# is one digit: NGC's image tag "nvcr.io/nvidia/pytorch:24.05-py3" is a year and month, not torch's version. A name
# inside a URL or path is not read here: a wheel index named for a torch ("-f https://data.pyg.org/whl/torch-2.4.0+cu124
# .html") says what its wheels are for, and a wheel's own address is the wheel reader's.
TORCH = re.compile(r"(?<!/)\b(?:py)?torch(?:\.__version__)?\s*(?:==|:|=|-|version\s*(?:is\s*)?[:=]?|v)?\s*['\"]?"
                   r"(\d\.\d+(?:\.\d+)?(?:(?:a|b|rc)\d+|\.dev\d+)?)(?![\d.])"
                   r"\s*(\+\s*(?:cu\d{2,3}|cpu|rocm[\d.]+|git[0-9a-f]{7,}|[0-9a-f]{7,}(?:\.nv\d+\.\d+)?))?"
                   r"(\s*\(\s*CPU\b[^)]*\))?" + RANGE_BOUND_AFTER, re.I)
# tf.version.GIT_VERSION, tf.version.VERSION as printed: "('v1.3.0-rc2-20-g0787eee', '1.3.0')", Python 3's
# bytes form "b'v1.12.0-rc2-3-ga6d8ffae09' 1.12.0", and print()'s "v2.17.0-rc1-2-gad6d8cc177d 2.17.0".
TF_TUPLE = re.compile(r"\('v?\d+\.\d+[^']*',\s*'(\d+\.\d+(?:\.\d+)?)'\)|\bb?'?v\d+\.\d+\.\d+(?:-rc\d+)?-\d+-g[0-9a-f]{6,}'?\s+(\d+\.\d+\.\d+)\b")
# A wheel file name: name-version[+local]-pythontag-abitag-platform.whl (PEP 427); %2B is a URL's "+".
# The operating system, said in words or shown by its paths: "Windows 11", "win10", "OS: Windows",
# a drive path, a wheel's platform tag; "macOS"; WSL ("WSL2", "WSL 1").
WINDOWS = re.compile(r"\b(?:Windows|Win)\s*-?\s*(?:7|8(?:\.1)?|10|11|Server\s*\d{4})\b|"
                     r"\b(?:OS|platform|system)\b[^:\n]{0,30}[:=]?\s*(?:Microsoft\s+)?Windows\b|"
                     r"\b[A-Z]:\\(?:Users|Program Files|ProgramData|Windows|Python\d*|ComfyUI\w*)\\|"
                     r"\bwin_amd64\b|\bnvcuda\.dll\b", re.I)
MACOS = re.compile(r"\bmacOS\b|\bMac\s?OS\s?X\b|\bmacosx_\d+|\bDarwin\b", re.I)
# Not an issue form's field left unanswered: "- WSL version (if applicable):".
WSL = re.compile(r"\bWSL\s*([12])?\b(?![^:]*:\s*$)", re.I)
# Windows' build: `ver` prints "Microsoft Windows [Version 10.0.17763.292]"; winver "OS Build 19045.3693".
# `wsl -l -v`: "* Ubuntu-22.04    Running         1" (name, state, WSL version)
WSL_LIST_ROW = re.compile(r"^\*?\s*[\w.-]+\s+(?:Running|Stopped|Installing|Converting)\s+([12])$")
# Secure Boot in words: "secure boot is ON", "with Secure Boot enabled"; a machine owner key (MOK) to enroll
# exists only for Secure Boot. "disable secure boot" is advice, not a state, and is not read.
SECURE_BOOT_ON = re.compile(r"\bsecure\s*boot\s+(?:is\s+|was\s+)?(?:still\s+)?(?:on|enabled|turned on|active)\b|"
                            r"\benrol?l(?:ment|ing|ed)?\s+(?:of\s+)?(?:the\s+)?(?:new\s+)?MOK\b|\bMOK\s+enrol", re.I)
SECURE_BOOT_OFF = re.compile(r"\bsecure\s*boot\s+(?:is\s+|was\s+)?(?:already\s+)?(?:off|disabled|turned off)\b", re.I)
# Jetson's L4T release in words: "L4T R32.6.1", "L4T 35.3.1", "JetPack 4.6 (L4T R32.6.1)", or a bare "r32.6"
# that is not an image tag (":r34.1.0") and not next to the words container / image.
L4T_STATED = re.compile(r"\bL4T[\s_-]*(?:version\s*:?\s*)?R?(\d{2})\.(\d+)(?:\.(\d+))?\b", re.I)
L4T_BARE = re.compile(r"(?<![:\w.-])(?<!container )(?<!image )r(3\d)\.(\d+)(?:\.(\d+))?\b(?!-py|\s+(?:container|image|docker))",
                      re.I)
# The JetPack release in words or as its apt package: "Jetpack 4.5.1", "JetPack version: 5.1.2", "JetPack 6.2",
# "nvidia-jetpack 5.0.1-b118" (dpkg -l, or an apt show record). JetPack flashes one L4T release (matrices/jetpack.toml).
JETPACK_STATED = re.compile(r"\bJet[Pp]ack[\s_-]*(?:version\s*:?\s*|v)?(\d\.\d+(?:\.\d+)?)\b(?![.-]\d)|"
                            r"\bnvidia-jetpack\s+(?:\(=\s*)?(\d\.\d+(?:\.\d+)?)-b\d+", re.I)
# Windows's build: `ver`'s "Windows [Version 10.0.19045.3693]", winver's "OS Build 19045", and the build.revision
# people copy beside the edition ("Windows 10 Pro, 20H2, 19042.928", "Windows 11, build 22000.613", "Win10 Home 22H2
# 19045.5371").
WINDOWS_BUILD = re.compile(r"\bWindows \[Version 10\.0\.(\d{5})|\bOS Build (\d{5})\b|"
                           r"\bWin(?:dows)?\s?1[01]\b[^|\n]{0,40}?(?<![\d.])(1[5-9]\d{3}|2\d{4})\.\d{2,5}\b(?!\.\d)",
                           re.I)
# The CUDA a person says they have: "CUDA 11.7", "CUDA12.1", "cuda version: 12.1", "CUDA/cuDNN
# version: CUDA 8.0". Not nvidia-smi's "CUDA Version" beside "Driver Version" (the driver's CUDA),
# nor the CUDA a framework was built with.
# (After a Chinese word too, with no space: "torch方法查看CUDA版本： 9.2.148".)
CUDA_STATED = re.compile(r"(?<![A-Za-z0-9_])CUDA(?:\s*(?:/\s*cuDNN)?\s*(?:toolkit|version|runtime|ver\.?|版本))?"
                         r"\s*(?:==|is|:|：|=|-|v|\()?\s*(?:version\s+)?(?:CUDA\s*)?(\d{1,2}\.\d)(?:\.\d+)?(?!\.?\d)|"
                         # NVIDIA's installer names: cuda_11.0.2_451.48_win10.exe, cuda_12.1.0_530.30.02_linux.run
                         r"\bcuda_(\d{1,2}\.\d)\.\d+_\d{3}\.\d{2}|"
                         # a cluster's environment module ("module load cuda/12.4.1"), a Spack spec ("^cuda@11.8.0%gcc")
                         r"\b(?:module\s+(?:load|add)|ml)\s+(?:\S+\s+)*?cuda(?:toolkit)?/(\d{1,2}\.\d)(?![\d])|"
                         r"(?<![\w+~-])\^?cuda@=?(\d{1,2}\.\d)(?!\d)", re.I)
# nvcc's release told in words, not its banner: "nvcc version is 9.1", "nvcc --version returns 10.1", "`nvcc -V` gives
# me `cuda 10.1`", "NVCC: 11.7". The toolkit a build compiles with, whatever else the line says of nvidia-smi's CUDA.
NVCC_TOLD = re.compile(r"\bnvcc(?:\s*-V|\s*--version)?[`)]{0,2}(?:\s+version)?\s*"
                       r"(?:is|says|shows?|gives(?: me)?|reports|returns|:|=)\s*[`'\"]?(?:cuda\s*)?v?"
                       r"(\d{1,2}\.\d)(?!\.?\d)", re.I)
# (Not a project's requirement: "this build requires nvcc >= 11.7".)
NVCC_REQUIRED = re.compile(r"\b(?:requires?|needs?|at least)\b|>=", re.I)
# The release run together without its dot, as build names write it and people copy them: "torch1.10.0+cuda111",
# "cuda102", "CUDA92". Three digits from CUDA 10 on, two before (cuda12 is CUDA 12, not 1.2, and is not read here);
# not inside a file or package name ("-cuda117", "/cuda111/"), which names a build, not this machine.
CUDA_RUN_TOGETHER = re.compile(r"(?<![\w/.-])cuda(1[0-3]|[5-9])(\d)(?![\w.])", re.I)
# ("support for CUDA 11", "only works for CUDA 10.2": what a package or a page offers, not the host's; nor is a release
# said to have removed something: "Support for 'compute_30' is removed from CUDA version 10.2",
# quangnhat185/darknet_for_colab#2.) nvidia-smi writes
# its header "Driver Version" capitalised; a person's "My driver version is 470.141.03 with CUDA 11.7" names their CUDA.
NOT_HOST_CUDA = re.compile(r"(?-i:Driver Version)|\brequires?\b|\bneeds?\b|NVIDIA-SMI|used to build|"
                           r"built (?:with|for|against)|compiled (?:with|for|against)|\+cu\d|torch\.version\.cuda|"
                           r"requires? CUDA|support(?:s|ing)? CUDA|"
                           r"support for CUDA|works? (?:only )?(?:for|with) CUDA|CUDA capability|compute capability|"
                           r"\b(?:removed|dropped|deprecated)\s+(?:from|in|since|with|by)\s+CUDA\b", re.I)
# Where one sentence of a line ends and the next begins: a full stop after a word or a version, then a capital
# ("... CUDA Toolkit 12.4. However, ...").
SENTENCE_END = re.compile(r"(?<=[a-z0-9)])\.\s+(?=[A-Z])")
# cuDNN as people name it: "cuDNN 8.9", "cudnn9", "cudnn version is 8.9.6.50_cuda12", NVIDIA's
# archive names "cudnn-windows-x86_64-8.8.1.3_cuda12-archive". Not library file names (cudnn64_8.dll), nor a Makefile's
# switch ("GPU=1 CUDNN=1 CUDNN_HALF=0", darknet's).
CUDNN_STATED = re.compile(# NVIDIA's older archive names put the CUDA first: cudnn-11.2-windows-x64-v8.1.0.77
                          r"\bcudnn-\d+\.\d+-(?:windows|linux)[\w-]*?-v(\d+\.\d+\.\d+)|"
                          r"(?<![/\w])cuDNN(?:\s*version)?\s*(?:==|is|:|=|-|v)?\s*(?!(?<==)[01](?![\w.]))"
                          r"(\d{1,2}(?:\.\d+){0,3})(?![\w])|"
                          r"\bcudnn-(?:windows|linux)-[\w]+-(\d+\.\d+\.\d+)", re.I)
# TensorFlow's form asks for both at once: "CUDA/cuDNN version: 11.8/8.6", "CUDA 8.0, cuDNN 5.1".
CUDA_CUDNN_PAIR = re.compile(r"\bCUDA\s*/\s*cuDNN[^:]*:\s*(?:CUDA\s*)?\d+\.\d[\d.]*\s*(?:/|,|and)\s*(?:cuDNN\s*)?"
                             r"(\d{1,2}(?:\.\d+){0,3})(?!\.?\d)", re.I)
TENSORFLOW = re.compile(r"\b(?:tensorflow(?:-gpu)?|TF)\s*(?:version)?\s*(?:==|:|is|v)?\s*(?:tf\s*)?"
                        r"([12]\.\d{1,2}(?:\.\d+)?)(?!\.?\d)" + RANGE_BOUND_AFTER, re.I)
# ONNX Runtime: "onnxruntime-gpu==1.19.0", "ONNX Runtime Version or Commit ID: 1.16.2", and its
# release archives "onnxruntime-win-x64-cuda12-1.17.1", "onnxruntime-linux-x64-gpu-1.16.3".
ONNXRUNTIME = re.compile(r"\bonnx\s*runtime(-gpu|-directml)?\b[^:=\n]{0,25}(?:==|:|=)?\s*\D{0,15}?"
                         r"(?<![\d.])(\d+\.\d+(?:\.\d+)?)(?!\.?\d)", re.I)
ORT_ARCHIVE = re.compile(r"\bonnxruntime-(?:win|linux|osx)-[a-z0-9_]+-(gpu[-_])?(?:cuda(\d+)-)?(\d+\.\d+\.\d+)", re.I)
# Paddle's issue form, as people fill it in: "paddle version: 2.3.0", "paddle with cuda: 10.2"; pip's names for it.
PADDLE = re.compile(r"\bpaddle(?:paddle)?(?:-gpu)?\s*(?:version)?\s*(?:==|:|=|is|v)?\s*(\d+\.\d+(?:\.\d+)?)(?![\d.])", re.I)
PADDLE_CUDA = re.compile(r"\bpaddle(?:paddle)?(?:-gpu)?\s+(?:with|for|built with)\s+cuda\s*(?:version)?\s*[:=]?\s*"
                         r"(\d+\.\d+)(?![\d.])", re.I)
WHEEL = re.compile(r"\b(torch|torchvision|torchaudio|tensorflow|jaxlib)-(\d+\.\d+(?:\.\d+)?)(?:(?:\+|%2B)([\w.]+))?"
                   r"-cp(\d)(\d{1,2})-[\w]+-([\w.]+?)\.whl\b", re.I)


# A version printed at the Python prompt: ">>> torch.__version__" and, on the next line, "'1.8.1'".
REPL_VERSION = re.compile(r"^(?:print\()?(torch|tensorflow|tf|jax|jaxlib)\.__version__\)?$")
REPL_NAMES = {"tf": "tensorflow", "jaxlib": "jax"}
# torch.version.cuda asked alone, at the prompt (">>> print(torch.version.cuda)", then "13.1") or in a one-line
# command ('python -c "import torch; print(torch.version.cuda)"', then "10.2"): the CUDA torch was built with.
REPL_TORCH_CUDA = re.compile(r"^(?:(?:>>>|\$)\s*)?(?:\S*python3?(?:\.exe)?\s+-c\s+['\"]import torch;\s*)?(?:print\()?"
                             r"torch\.version\.cuda\)?['\"]?$")
# TensorFlow asked whether its build has CUDA, at the prompt (">>> tf.test.is_built_with_cuda()", then "False") or in
# a one-line command: the build's own answer, which outranks what its package name promises (conda-forge's
# tensorflow 2.15.0 cuda120py311 builds answered False, conda-forge/tensorflow-feedstock#367).
REPL_TF_CUDA = re.compile(r"^(?:(?:>>>|\$)\s*)?(?:\S*python3?(?:\.exe)?\s+-c\s+['\"]import tensorflow as tf;\s*)?"
                          r"(?:print\()?tf\.test\.is_built_with_cuda\(\)\)?['\"]?$")


def _repl_versions(lines: List[str], facts: HostFacts, source: str) -> None:
    for line, following in zip(lines, lines[1:]):
        asked = REPL_VERSION.match(line.strip())
        answer = re.fullmatch(r"'?(\d+\.\d+(?:\.\d+)?)(?:\+([\w.]+))?'?", following.strip())
        if asked and answer:
            entry = framework(facts, REPL_NAMES.get(asked.group(1), asked.group(1)), f"{source}: python prompt")
            if asked.group(1) != "jaxlib":
                _build(entry, answer.group(1), answer.group(2))
        cuda = re.fullmatch(r"(?:>>>\s*)?'?(?:(\d+\.\d+)(?:\.\d+)?|(None))'?", following.strip())
        if cuda and REPL_TORCH_CUDA.match(line.strip()):
            built_with_cuda(framework(facts, "torch", f"{source}: python prompt"), cuda.group(1) or cuda.group(2))
        built = re.fullmatch(r"\W*(True|False)\W*", following) if "is_built_with_cuda" in line else None
        if built and REPL_TF_CUDA.match(line.strip(" `")):
            set_once(framework(facts, "tensorflow", f"{source}: python prompt"), "accelerator",
                     "cuda" if built.group(1) == "True" else "cpu")


# An issue template's example, "OS Platform and Distribution (e.g., Linux Ubuntu 16.04)", is the form's
# words, not the reporter's: it is dropped before facts are read from the line.
# So is a field's hint before its colon: "TensorFlow version (use command below): 2.1.0"; a parenthesis with a
# number in it ("GPUs (RTX 3090 and A100):") is the reporter's.
TEMPLATE_EXAMPLE = re.compile(r"\((?:e\.\s?g\.?|eg\.|for example|such as)[^()]*\)|\((?=[^()]*[a-z])[^()\d]{0,40}\)(?=\s*:)", re.I)
# Markdown's inline code around one token: "tf version is `2.1.0` and cuda version is `10.2`" (OpenNMT/OpenNMT-tf#638)
# says the same as without the backticks. A span with spaces in it (a command) is left as written.
INLINE_CODE = re.compile(r"`([^`\s]{1,60})`")


# xFormers states the torch and Python it was built for next to the ones it found:
# "PyTorch 2.0.1+cu118 with CUDA 1108 (you have 2.1.0+cu121)" / "Python  3.9.18 (you have 3.9.18)".
# What it found is the installed torch; the version before "with CUDA" is not.
# Groups: torch built for, its local tag, CUDA, torch found, its local tag (FW005 reads the same line).
XFORMERS_TORCH = re.compile(r"\bPyTorch (\d+\.\d+(?:\.\d+)?)(\+\w+)? with CUDA (\d+|None) \(you have (\d+\.\d+(?:\.\d+)?)"
                            r"(?:\+([\w.]+))?\)")
XFORMERS_PYTHON = re.compile(r"^\s*Python\s+\d+\.\d+\.\d+\s+\(you have (3\.\d+)\.\d+\)")


# Ultralytics prints which torch ran and on what device at the start of every run: "Ultralytics YOLOv8.0.54
# Python-3.10.6 torch-2.0.0+cpu CPU", "YOLOv5 🚀 2022-4-22 torch 1.11.0+cpu CPU", "... torch-1.8.1+cu111 CUDA:0
# (NVIDIA GeForce RTX 3070, 8192MiB)". A log is chronological, so the last banner is the run reported on.
RUN_BANNER = re.compile(r"\b(?:Ultralytics\s+)?YOLOv\d\S*\s.*?\btorch[- ](\d+\.\d+(?:\.\d+)?)(?:\+([\w.]+))?\s+(?:CPU|CUDA:\d)")


def _companion_reports(lines: List[str], facts: HostFacts, source: str) -> None:
    banners = [line for line in lines if "YOLOv" in line and RUN_BANNER.search(line)]
    if banners:
        banner = RUN_BANNER.search(banners[-1])
        _build(framework(facts, "torch", f"{source}: ultralytics: '{banners[-1].strip()[:100]}'"), banner.group(1),
               banner.group(2))
    for line in lines:
        torch = XFORMERS_TORCH.search(line)
        if torch:
            _build(framework(facts, "torch", f"{source}: xformers: '{line.strip()[:100]}'"), torch.group(4),
                   torch.group(5))
        python = XFORMERS_PYTHON.search(line)
        if python and not facts.python.version:
            mark(facts.python, f"{source}: xformers")
            facts.python.version = python.group(1)


def read(lines: List[str], facts: HostFacts, source: str) -> None:
    _companion_reports(lines, facts, source)
    _repl_versions(lines, facts, source)
    # An issue form's answer means something only with its heading: "OS Version" + "win10".
    form = [f"{heading}: {answer}" for heading, answer in form_answers(lines)]
    for line in form + table_pairs(lines) + package_records(lines) + lines:
        text = " ".join(INLINE_CODE.sub(r"\1", TEMPLATE_EXAMPLE.sub(" ", line)).split())
        if not text:
            continue
        where = f"{source}{PROSE}'{text[:100]}'"
        _gpus(text, facts, where)
        _driver(text, facts, where)
        _platform(text, facts, where)
        folded = fold(text)
        if may_hold(folded, CUDA_WORDS):
            _cuda(text, facts, where)
        _frameworks(text, folded, facts, where)
        if may_hold(folded, SOFTWARE_WORDS):
            _software(text, facts, where)


def _geforce_without_the_word(model: re.Match, text: str) -> bool:
    """A bare GeForce number is a GPU with a Ti or SUPER after it ("2080ti does not support bf16"), or where the person
    says it is theirs ("I have a 3060")."""
    if not GEFORCE_NUMBER.fullmatch(model.group(1)):
        return False
    suffix = (model.group(2) or "").lower()
    return suffix in ("ti", "super") or bool(OWNED_BEFORE.search(text[max(0, model.start() - 20):model.start()]))


def _gpus(text: str, facts: HostFacts, where: str) -> None:
    if any(PROSE not in g.source for g in facts.gpus.devices):
        return  # a tool listed the GPUs: words do not add to them
    names = [m.group(0).strip() for m in GPU_MENTION.finditer(text)
             if not OTHER_VENDOR_BEFORE.search(text[max(0, m.start() - 30):m.start()])
             and not SERIES_AFTER.match(text, m.end()) and not m.group(0).lower().endswith("-series")]
    if not names:
        names = [f"{m.group(2).upper()} {m.group(1)}" + _suffix(m.group(3)) for m in LINE_AFTER_NUMBER.finditer(text)]
    if not names:
        names = [m.group(1).upper() for m in LOWER_CASE_MODEL.finditer(text)]
    if not names:
        labelled = bool(GPU_LABEL.search(text))
        names = [" ".join(p for p in m.groups() if p) for m in BARE_MODEL.finditer(text)
                 if labelled or _geforce_without_the_word(m, text)]
    if not names and not facts.gpus.devices:
        names = [f"GeForce {(m.group(1) or '').upper()} {m.group(2)} series".replace("  ", " ")
                 for m in GEFORCE_SERIES_MENTION.finditer(text)
                 if m.group(1) or CARD_WORD_AFTER.match(text, m.end())][:1]
    capability = next((m for m in CAPABILITY.finditer(text) if not WANTED_BEFORE.search(text[:m.start()])),
                      None)
    cc = ".".join(g for g in capability.groups() if g is not None) if capability else ""
    for name in names:
        if _mentioned(facts, name):
            continue
        mark(facts.gpus, where)
        facts.gpus.devices.append(Gpu(index=len(facts.gpus.devices), name=name, source=where,
                                      compute_capability=cc if len(names) == 1 else ""))


def _suffix(word: str) -> str:
    """A model's suffix as NVIDIA writes it: " Ti", " SUPER", or "" for none."""
    return "" if not word else " Ti" if word.lower() == "ti" else " SUPER"


def _mentioned(facts: HostFacts, name: str) -> bool:
    wanted = re.sub(r"\W", "", name.lower())
    return any(re.sub(r"\W", "", g.name.lower()) == wanted for g in facts.gpus.devices)


# A driver version that what follows marks as a requirement: "550+", "471.41 or newer".
# A plus joined to a word is a list's separator, not a bound: "driver version460.32.03+TeslaV100".
DRIVER_WANTED_AFTER = re.compile(r"\+(?![A-Za-z])|" + RANGE_BOUND, re.I)


def _driver(text: str, facts: HostFacts, where: str) -> None:
    if facts.gpus.driver_version:
        return  # the first version stated stands; a long paste has hundreds of lines after it
    match = next((m for m in DRIVER.finditer(text) if not WANTED_BEFORE.search(text[:m.start()])
                  and not DRIVER_WANTED_AFTER.match(text, m.end())), None)
    if match:
        mark(facts.gpus, where)
        facts.gpus.driver_version = match.group(1) or match.group(2)
        return
    windows = WINDOWS_DRIVER.search(text)
    if windows and (facts.gpus.devices or NVIDIA_WORD.search(text)) \
            and not OTHER_VENDOR_WORD.search(text):
        mark(facts.gpus, where)
        facts.gpus.driver_version = f"{windows.group(1)}{windows.group(2)}.{windows.group(3)}"


def _platform(text: str, facts: HostFacts, where: str) -> None:
    """A fact is looked for only while it is unknown, as the first line that states it stands (a WSL listing's rows
    excepted): a long paste has hundreds of lines after it."""
    build = None if facts.system.windows_build else WINDOWS_BUILD.search(text)
    if build:
        mark(facts.system, where)
        facts.system.windows_build = next(group for group in build.groups() if group)
    row = WSL_LIST_ROW.match(text)
    if row:
        mark(facts.system, where)
        facts.system.wsl = min(facts.system.wsl or 2, int(row.group(1)))  # a WSL 1 distribution is the suspect
        return
    wsl = None if facts.system.wsl else WSL.search(text)
    if wsl:
        mark(facts.system, where)
        facts.system.wsl = int(wsl.group(1) or 2)
    elif not facts.system.os and not facts.system.wsl:
        system = "windows" if WINDOWS.search(text) else "darwin" if MACOS.search(text) else ""
        if system:
            mark(facts.system, where)
            facts.system.os = system
    ubuntu = None if facts.system.distro_id else UBUNTU.search(text)
    if ubuntu:
        mark(facts.system, where)
        facts.system.distro_id, facts.system.distro_version = "ubuntu", f"{ubuntu.group(1)}.{ubuntu.group(2)}"
    if facts.system.secure_boot is None and (SECURE_BOOT_ON.search(text) or SECURE_BOOT_OFF.search(text)):
        mark(facts.system, where)
        facts.system.secure_boot = "enabled" if SECURE_BOOT_ON.search(text) else "disabled"
        facts.system.secure_boot_source = where
    l4t = None if facts.system.l4t_release else L4T_STATED.search(text) or L4T_BARE.search(text)
    if l4t:
        mark(facts.system, where)
        facts.system.l4t_release = ".".join(g for g in l4t.groups() if g)
        facts.system.l4t_release_source = where
    jetpack = None if facts.system.jetpack_release else JETPACK_STATED.search(text)
    if jetpack:
        mark(facts.system, where)
        facts.system.jetpack_release = jetpack.group(1) or jetpack.group(2)
        facts.system.jetpack_release_source = where
    python = None if facts.python.version else PYTHON.search(text)
    if python:
        mark(facts.python, where)
        facts.python.version = f"3.{python.group(1)}"


# Words of which a line must hold one for the CUDA and cuDNN patterns to match it (envcheck.anchors): most lines of a
# long paste hold none, and reading each with every pattern is most of what the prose reader costs.
CUDA_WORDS = anchors_of_any((CUDA_STATED, CUDNN_STATED, CUDA_CUDNN_PAIR, CUDA_RUN_TOGETHER, NVCC_TOLD))


def _cuda(text: str, facts: HostFacts, where: str) -> None:
    nvcc = NVCC_TOLD.search(text)
    if nvcc and not facts.cuda.stated_version and not NVCC_REQUIRED.search(text):
        mark(facts.cuda, where)
        facts.cuda.stated_version, facts.cuda.stated_source = nvcc.group(1), where
    other_cuda = NOT_HOST_CUDA.search(text)
    if not other_cuda:
        cuda = CUDA_STATED.search(text)
    else:
        # the driver's CUDA, a build's or a requirement is not what this machine has; judged per sentence, as one
        # line of prose can say both ("CUDA driver ... supporting CUDA Toolkit 12.4. However, the installed CUDA
        # Toolkit is version 12.5", googlecolab/colabtools#5416)
        cuda = next((m for sentence in SENTENCE_END.split(text) if not NOT_HOST_CUDA.search(sentence)
                     for m in [CUDA_STATED.search(sentence)] if m), None)
    if cuda and not facts.cuda.stated_version:
        mark(facts.cuda, where)
        facts.cuda.stated_version, facts.cuda.stated_source = next(g for g in cuda.groups() if g), where
    if other_cuda:
        return  # nothing else is read from a line that speaks of another CUDA than the host's
    run_together = CUDA_RUN_TOGETHER.search(text)
    if run_together and not facts.cuda.stated_version:
        mark(facts.cuda, where)
        facts.cuda.stated_version, facts.cuda.stated_source = ".".join(run_together.groups()), where
    cudnn = CUDA_CUDNN_PAIR.search(text) or CUDNN_STATED.search(text)
    if cudnn and not any(lib.name == "cudnn" for lib in facts.libraries.found):
        mark(facts.libraries, where)
        facts.libraries.found.append(Library(name="cudnn", version=next(g for g in cudnn.groups() if g), kind="stated",
                                             source=where))


# Software whose GPU support matrices/software_gpu.toml states, with the version a person or the program
# gives: "TensorRT Version: 8.6.1.6", "ollama version is 0.1.32", "flash-attn: 2.5.7", "vllm 0.5.1"; run together
# or in brackets as people write it ("cuda12.2,tensorrt8.6", "tensorrt(3.0 for cuda9.0"), TensorRT also as
# "Trt=10.3.0.26". Emgu CV by its package names too: "EmguCv.cuda : 4.4.0.4077", "emgucv-windesktop_x64-cuda
# 3.3.0.2826", "Emgu.CV.runtime.windows.cuda 4.4.0.4099".
SOFTWARE_STATED = re.compile(r"(?<![\w/.-])(TensorRT|TRT|ollama|vllm|flash[-_]attn|triton|bitsandbytes|"
                             r"transformer[-_]engine|Emgu\.?\s?CV(?:[.\w-]{0,30}?cuda)?)"
                             r"(?:\s*version)?(?:\s*(?:==|is|:|=)\s*|\s+|-|\s*\(\s*|)"
                             r"v?(\d+\.\d+(?:\.\d+){0,2})(?!\w|\.\w)", re.I)
SOFTWARE_ALIASES = {"trt": "tensorrt"}
EMGU_PACKAGE = re.compile(r"emgu\.?\s?cv", re.I)


SOFTWARE_WORDS = anchors_of_any((SOFTWARE_STATED,))


def _software(text: str, facts: HostFacts, where: str) -> None:
    for found in SOFTWARE_STATED.finditer(text):
        name = found.group(1).lower().replace("_", "-")
        name = "emgucv" if EMGU_PACKAGE.match(name) else SOFTWARE_ALIASES.get(name, name)
        if not any(d.name.lower().replace("_", "-") == name for d in facts.python.distributions):
            mark(facts.python, where)
            facts.python.distributions.append(Distribution(name=name, version=found.group(2), source=where))


# A person saying which build they got: "pip install torch resulted in the CPU version of torch", "it installs the
# cpu-only build of pytorch", "conda gave me the CPU version of tensorflow". A verb of getting comes first, so
# "requirements.txt are configured for the cpu only versions of torch" (a plan, not a state) is not read.
CPU_BUILD_STATED = re.compile(r"\b(?:resulted in|results in|install(?:s|ed)?|got|get|gets|getting|gave(?: me)?|gives(?: me)?|"
                              r"pull(?:s|ed)?|download(?:s|ed)?|ended up with|end up with)\s+(?:the\s+|a\s+|only\s+)?"
                              r"CPU(?:[- ]only)?\s+(?:version|build|variant|wheel)s?\s+of\s+(?:py)?(torch|tensorflow|jax)\b",
                              re.I)


# An alternative the person tried or weighs, not the build in use: "If I install the cpu version of tensorflow in
# r-tensorflow, it seems to work. It is just the gpu version that cannot find keras."
HYPOTHETICAL_BEFORE = re.compile(r"\b(?:if|unless|whether)\b[^.;]{0,20}$", re.I)


# The same said the other way round: "`dgl` with ONLY CPU version is installed", "torch with the CPU-only build got
# installed".
CPU_BUILD_INSTALLED = re.compile(r"\b(?:py)?(torch|tensorflow|jax|dgl)\W{0,2}\s+with\s+(?:only\s+)?(?:the\s+|a\s+)?"
                                 r"CPU(?:[- ]only)?\s+(?:version|build|variant|wheel)\s+(?:is|was|got|gets|being)\s+"
                                 r"installed", re.I)


# A swap told as it happened: "when installing cellpose, it downgrades pytorch to CPU support only" (corpus 5202), "This
# command replaced the CUDA-enabled pytorch with CPU-enabled-only pytroch" (1866), "conda would downgrade the pytorch to
# cpu version" (9902): the package manager put a CPU build in the CUDA build's place.
CPU_BUILD_SWAPPED = re.compile(r"\b(?:downgrad|replac|switch|chang|revert)(?:e|es|ed|ing|s)?\s+(?:my\s+|the\s+|our\s+)?"
                               r"(?:CUDA[- ]\w+\s+|GPU\s+)?(?:py)?(torch|tensorflow|jax)\s+(?:to|with|into)\s+"
                               r"(?:a\s+|the\s+|an\s+)?CPU\b", re.I)


# The build told by what it lacks: "When installed with 'pip install chatterbox-tts' torch installed w/o gpu
# support", "pytorch was installed without CUDA support"; with the verb first, "The openai-whisper package installed Torch
# without the CUDA version", "I installed torch without CUDA". Not a hedge or a checklist ("Possible causes: 1. PyTorch
# installed without CUDA support", "ensure torch was installed without GPU support"): those say nothing of this host.
CPU_BUILD_LACKS = re.compile(r"^(?!.*\b(?:possible|possibly|cause[sd]?|reasons?|if|ensure|make sure|whether|may|might|"
                             r"could|check)\b)(?!\s*(?:\d+[.)]|[-*•]))"
                             r".*?\b(?:(?:py)?(torch|tensorflow|jax)\s+(?:was\s+|is\s+|got\s+|gets\s+|get\s+)?installed|"
                             r"install(?:s|ed)\s+(?:py)?(torch|tensorflow|jax))\s+"
                             r"(?:without|w/o)\s+(?:any\s+|the\s+)?(?:GPU|CUDA)\b", re.I)


# The same in Chinese, as reports on Chinese projects give it: "PyTorch安装的是CPU版本" (the PyTorch installed is the
# CPU version), "当前虚拟环境里的pytorch是cpu版本", "安装的是CPU版本的PyTorch". Not a hedge, a condition or a checklist
# ("可能安装的是CPU版本的PyTorch" may be, "如果您安装的是cpu版本" if you installed, "1. PyTorch安装的是CPU版本" under
# "可能的原因", "验证pytorch是cpu版本还是gpu版本" whether ... or): those say nothing of this host.
CPU_BUILD_STATED_ZH = re.compile(r"^(?!.*(?:可能|如果|若|原因|确保|是否|还是|检查|验证|默认))(?!\s*(?:\d+[.)、]|[-*•]))"
                                 r".*?(?:(?<![A-Za-z])(?:py)?(torch|tensorflow|jax)[^。，,.;；:：\s]{0,8}?是\s*CPU\s*版|"
                                 r"(?:安装|装|下载)(?:的|了)是?\s*CPU\s*版(?:本)?的\s*(?:py)?(torch|tensorflow|jax))",
                                 re.I)


# A version with PyTorch's local tag and no package name, alone on a line as issue forms get it ("- 2.8.0+cu128") or
# opening a quotation or a value ('System Info says "2.0.0+cpu Autocast half"'): the +cuNNN / +cpu / +rocm tags are
# PyTorch's wheel variants, and of its packages only torch (and torchaudio, which carries torch's number) has a major
# above 0.
BARE_TORCH_BUILD = re.compile(r"(?:^|[\"'`(]|:\s)[-*•\s]*([1-9]\.\d+\.\d+)\+(cu\d{2,3}|cpu|rocm\d[\d.]*)(?![\w.])")


# torch.version.cuda under a label of its own, as environment scripts print it: fastai's show_install "torch cuda ver  :
# 9.0.176", a project's check "PyTorch CUDA Ver  : 12.1", a one-line summary "torch=2.14.0+cu130 | torch_cuda=13.0", a
# report's 'torch.version.cuda == "12.8"', the header of a repro script torch's minifier writes ("# torch cuda version:
# None"). "None" is a build without CUDA. The label starts the line or a field, so
# "the torch cuda version: 12.1 wheel I want" in a sentence is not read.
TORCH_CUDA_FIELD = re.compile(r"(?:^|[|,;]\s*)[-*•`#\s]*(?:py)?torch(?:[ _]|\.version\.)cuda(?:[ _]ver(?:sion)?)?`?\s*"
                              r"(?::|==?)\s*['\"`]?(?:(\d+\.\d+)(?:\.\d+)*|(None))\b", re.I)


CPU_BUILD_WORDS = anchors_of_any((CPU_BUILD_STATED, CPU_BUILD_INSTALLED, CPU_BUILD_LACKS, CPU_BUILD_STATED_ZH,
                                  CPU_BUILD_SWAPPED))


# The words of which a line must hold one for a group of the framework patterns to match it (envcheck.anchors), so
# that a line without them skips the group, as _cuda's lines do.
ONNXRUNTIME_WORDS = anchors_of_any((ORT_ARCHIVE, ONNXRUNTIME))
TORCH_WORDS = anchors_of_any((TORCH, TORCH_CUDA_FIELD))
PADDLE_WORDS = anchors_of_any((PADDLE, PADDLE_CUDA))
WHEEL_WORDS = anchors_of_any((WHEEL,))


def _frameworks(text: str, folded: str, facts: HostFacts, where: str) -> None:
    tensorflow = TENSORFLOW.search(text)
    if tensorflow and "/" not in text[tensorflow.start():tensorflow.end()]:
        set_once(framework(facts, "tensorflow", where), "version", tensorflow.group(1))
    onnx = may_hold(folded, ONNXRUNTIME_WORDS)
    archive = onnx and ORT_ARCHIVE.search(text)
    runtime = onnx and ONNXRUNTIME.search(text)
    if archive:
        entry = framework(facts, "onnxruntime", where)
        set_once(entry, "version", archive.group(3))
        if archive.group(1) or archive.group(2):
            set_once(entry, "accelerator", "cuda")
        set_once(entry, "build_cuda", archive.group(2) or "")
    elif runtime:
        entry = framework(facts, "onnxruntime", where)
        set_once(entry, "version", runtime.group(2))
        if runtime.group(1) and runtime.group(1).lower() == "-gpu":
            set_once(entry, "accelerator", "cuda")
    named_torch = may_hold(folded, TORCH_WORDS)
    torch = named_torch and _torch_now(text)
    if torch and not XFORMERS_TORCH.search(text):
        local = (torch.group(2) or "").lstrip("+ ")
        _build(framework(facts, "torch", where), torch.group(1), local)
        if torch.group(3) and not local:
            set_once(framework(facts, "torch", where), "accelerator", "cpu")
    named_paddle = may_hold(folded, PADDLE_WORDS)
    paddle_cuda = named_paddle and PADDLE_CUDA.search(text)
    paddle = PADDLE.search(text) if named_paddle and not paddle_cuda else None
    if paddle:
        set_once(framework(facts, "paddlepaddle", where), "version", paddle.group(1))
    if paddle_cuda:
        entry = framework(facts, "paddlepaddle", where)
        set_once(entry, "build_cuda", paddle_cuda.group(1))
        set_once(entry, "accelerator", "cuda")
    field = named_torch and TORCH_CUDA_FIELD.search(text)
    if field:
        built_with_cuda(framework(facts, "torch", where), field.group(1) or field.group(2))
    bare = BARE_TORCH_BUILD.search(text)
    if bare:
        _build(framework(facts, "torch", where), bare.group(1), bare.group(2))
    stated_cpu = may_hold(folded, CPU_BUILD_WORDS) and (
        CPU_BUILD_STATED.search(text) or CPU_BUILD_INSTALLED.search(text) or CPU_BUILD_LACKS.search(text)
        or CPU_BUILD_STATED_ZH.search(text) or CPU_BUILD_SWAPPED.search(text))
    if stated_cpu and not HYPOTHETICAL_BEFORE.search(text[max(0, stated_cpu.start() - 24):stated_cpu.start()]):
        name = next(group for group in stated_cpu.groups() if group)
        set_once(framework(facts, name.lower(), where), "accelerator", "cpu")
    tf = TF_TUPLE.search(text)
    if tf:
        set_once(framework(facts, "tensorflow", where), "version", tf.group(1) or tf.group(2))
    for wheel in WHEEL.finditer(text) if may_hold(folded, WHEEL_WORDS) else ():
        name, version, local, major, minor, _platform_tag = wheel.groups()
        _build(framework(facts, name.lower(), where), version, local)
        if not facts.python.version:
            mark(facts.python, where)
            facts.python.version = f"{major}.{minor}"


# A change told in one breath, the build before and the build after: "it changes Torch2.0.1+CU118 to Torch2.1.0+CPU"
# (corpus 5646), "torch 2.0.1+cu118 -> 2.1.0+cpu", "replaced torch 1.13.0+cu117 with torch 2.5.1". What is installed
# now is the second.
CHANGED_TO = re.compile(r"\s*(?:to|->|→|=>|into|with)\s*(?:the\s+)?", re.I)


def _torch_now(text: str) -> Optional["re.Match[str]"]:
    """The torch a line names, the later one where it tells a change from one build to another."""
    first = TORCH.search(text)
    if first is None:
        return None
    second = TORCH.search(text, first.end())
    if second is not None and CHANGED_TO.fullmatch(text, first.end(), second.start()):
        return second
    return first


def _build(entry, version: str, local: Optional[str]) -> None:
    if local and entry.version and "+" not in entry.version and entry.version != version:
        # a version with its build tag, as the framework prints it ("Pytorch version: 2.6.0+cpu"), is the build
        # installed; a bare version told earlier ("I installed pytorch 2.7.1 (cuda 118)") was what the person meant to
        # have, so what it implied about the build goes with it
        entry.version, entry.accelerator, entry.build_cuda = "", "", ""
    set_once(entry, "version", f"{version}+{local}" if local else version)
    if not local:
        return
    local = local.lower()
    if local == "cpu":
        set_once(entry, "accelerator", "cpu")
    elif re.fullmatch(r"cu\d{2,3}", local):
        set_once(entry, "accelerator", "cuda")
        set_once(entry, "build_cuda", f"{local[2:-1]}.{local[-1]}")
