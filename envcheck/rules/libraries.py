"""Library rules (LIB): cuDNN present, at the version the framework expects, and not shadowed
by another copy on the library path."""

from __future__ import annotations

import re
from typing import Iterable, List, Optional, Tuple

from envcheck.importers.reports import library_version
from envcheck.libcuda import version_string
from envcheck.matrix import QueryError, version
from packaging.version import InvalidVersion

from envcheck.rules import Context, Hit, first_match, older_than, rule
from envcheck.rules.frameworks import (BITSANDBYTES_SEEKS_SO, JAX_LIBRARY_UNLOADABLE, ORT_PROVIDER_DLL_UNLOADED,
                                       ORT_PROVIDER_FAILED, _software_release, torch_variant, unreleased_build)
from envcheck.rules.container import in_container, l4t_mismatch
from envcheck.rules.system import CUDNN_SUBLIBRARY_UNREAD, EXECSTACK_SAID, on_native_windows, under_wsl
from envcheck.rules.toolkit import (CONDA_ENVIRONMENT, NVVM_MISSING, UNKNOWN_NAME_COMPILING, UNKNOWN_NAME_LINKING,
                                   api_verdicts)


# Paddle's words for a CUDA library it could not load ("The third-party dynamic library (cudnn64_7.dll) that Paddle
# depends on is not configured correctly"), and its builds per CUDA: the plain paddlepaddle-gpu is one CUDA's build.
PADDLE_DEPENDS = r"that Paddle depends on"
PADDLE_POST_BUILD = ("python -m pip install paddlepaddle-gpu==<release>.post<your CUDA, e.g. 117 for 11.7>  # from "
                     "Paddle's install page for your CUDA; the plain package is built for one CUDA only")

# Where pip puts wheels: site-packages, or dist-packages for Debian/Ubuntu's system Python (and
# NGC images built on it). A library from there is the framework's own.
WHEEL_DIR = re.compile(r"/(site|dist)-packages/")


# A build's link step finds no libcudnn.so, the unversioned development name: "/usr/bin/ld: cannot find -lcudnn"
# (darknet, Caffe, Theano's cuDNN test compile; AlexeyAB/darknet#4445 was settled by installing cuDNN, Theano/Theano
# #5330 and corpus 4323 by installing its library beside the header), in French "ld : ne peut trouver -lcudnn"
# (rwth-i6/returnn#20).
LINKER_NO_CUDNN = r"(?:cannot find|ne peut trouver) -lcudnn\b"
TF_SELF_CHECK_CUDNN = re.compile(r"^\W*Could not find cuDNN(?:\s+(\d+)(?:\.\d+)?)?\.?\s*$")
CUDNN_MISSING = (r"libcudnn\S*\.so(\.\d+)*: cannot open shared object file", r"Could not load dynamic library 'libcudnn",
                 r"Could not load library libcudnn\S*\. Error: libcudnn\S*: cannot open", CUDNN_SUBLIBRARY_UNREAD,
                 r"Unable to load any of "
                 r"\{?libcudnn", r"Could not locate cudnn", r"cuDNN (library )?(is )?not found",
                 # Paddle: "Cannot load cudnn shared library. Cannot invoke method cudnnGetVersion", older
                 # "Can not find library: libcudnn.so"
                 r"Cannot load cudnn shared library", r"Can ?not find library:? libcudnn",
                 # Paddle 2.x: "The third-party dynamic library (cudnn64_7.dll) that Paddle depends on is not
                 # configured correctly. (error code is 126)"
                 r"third-party dynamic library \((?:lib)?cudnn[\w.]*\) that Paddle depends on is not configured",
                 # cuDNN 8's own loader on Windows (CTranslate2, ONNX Runtime, TensorRT): "Could not load library
                 # cudnn_ops_infer64_8.dll. Error code 126" is ERROR_MOD_NOT_FOUND, the DLL or one it needs missing
                 r"Could not load library cudnn_\w+64_\d+\.dll\. Error code 126",
                 # TensorFlow's Windows self-check (tensorflow_self_check.py): "- Could not find cuDNN 6.", "- Could not
                 # find cuDNN 5.1.", "- Could not find cuDNN." (the line alone: CMake's "Could NOT find CUDNN (missing:
                 # ...)" is a build's configure step)
                 TF_SELF_CHECK_CUDNN.pattern,
                 # Lua Torch's cudnn.torch (neural-style, fast-neural-style): "'libcudnn (R5) not found in library
                 # path. ... make sure files named as libcudnn.so.5 ... are placed in your library load path"
                 r"libcudnn \(R\d+\) not found in library path",
                 # a cuDNN file said missing in a report's words: 'an error message indicating the missing
                 # "cudnn64_7.dll" file', "cudnn64_8.dll not found", "can't find libcudnn.so.8", "in the absence
                 # cublas64_80.dll and cudnn64_7.dll"; .NET's DllNotFoundException: "Unable to load DLL
                 # 'cudnn64_6.dll': The specified module could not be found" (cbovar/ConvNetSharp#60)
                 r"(?:missing|absen(?:ce|t)(?: of)?|can ?not find|can't find|could not find|unable to find|"
                 r"unable to load (?:DLL|shared library))\W{1,3}(?:the\s+)?\W?"
                 r"(?:lib)?cudnn\w*(?:64_\d+\.dll|\.so\.\d+)",
                 # (ONNX Runtime's loader: 'which depends on "cudnn64_9.dll" which is missing.')
                 r"\b(?:lib)?cudnn\w*(?:64_\d+\.dll|\.so\.\d+)\W{0,3}(?:file\s+)?(?:which\s+)?(?:is\s+|was\s+)?"
                 r"(?:missing|not found)",
                 # the same in Chinese, before or after the name (no word boundary between Han characters and the
                 # name): "缺少cudnn64_7.dll" (missing, a Paddle note), "没有包含cudnn_ops_infer64_8.dll" (does not
                 # contain, RVC-Boss/GPT-SoVITS#2083), "cudnn_ops_infer64_8.dll缺失" (RVC-Boss/GPT-SoVITS#2376)
                 r"(?:缺少|缺失|找不到|没有包含)\s?(?:lib)?cudnn\w*?(?:64_\d+\.dll|\.so\.\d+)",
                 r"(?:lib)?cudnn\w*?(?:64_\d+\.dll|\.so\.\d+)\s?(?:文件)?(?:缺失|不存在)",
                 LINKER_NO_CUDNN)
LUA_TORCH_CUDNN = re.compile(r"libcudnn \(R(\d+)\) not found")

# A cuDNN library file with its major: libcudnn_ops_infer.so.8, libcudnn.so.9.1.0, cudnn_ops_infer64_8.dll,
# cudnn64_7.dll.
CUDNN_FILE_MAJOR = re.compile(r"\blib(?:cudnn\w*)\.so\.(\d+)|\b(?:cudnn\w*?)64_(\d+)\.dll", re.I)
CUDNN_WHEEL = re.compile(r"nvidia-cudnn-cu\d+")


# cuDNN 9's own statuses when its main library loaded but a sub-library did not (LOADING_FAILED) or came from another
# cuDNN (VERSION_MISMATCH): "cudnn_status: CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH" (pytorch/pytorch#187824, a cu130
# wheel without libcudnn_engines_tensor_ir beside a distro cuDNN; arrayfire/arrayfire#3700, a release shipping part of
# cuDNN's DLLs beside an installed toolkit), "Error: CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED; Reason: xDesc.finalize()"
# (JuliaGPU/CUDA.jl#3205).
CUDNN_SUBLIBRARY_STATUS = r"CUDNN_STATUS_SUBLIBRARY_(?:LOADING_FAILED|VERSION_MISMATCH)"
CUDNN_SUBLIBRARY_STATUS_RE = re.compile(CUDNN_SUBLIBRARY_STATUS)
# The sub-libraries later cuDNN 9 releases added, libcudnn_engines_tensor_ir and libcudnn_ext, which cudnn_graph loads
# at run time by bare name (JuliaPackaging/Yggdrasil#14741: added in 9.24 to CUDA.jl's package): a package assembled
# from the older file list leaves them out, in the loader's words or in the reporter's.
LATE_SUBLIBRARY = r"cudnn_(?:engines_tensor_ir|ext)"
LATE_SUBLIBRARY_UNFOUND = (r"Could not locate " + LATE_SUBLIBRARY + r"64_\d+\.dll",
                           r"Unable to load any of \{lib" + LATE_SUBLIBRARY + r"\.so",
                           r"\blib" + LATE_SUBLIBRARY + r"\.so\.\d+`? is not in\b")
# Where the dynamic loader took each of cuDNN's libraries from (LD_DEBUG=libs "calling init: <dir>/libcudnn_x.so.9",
# strace's openat of one): two directories mean two cuDNNs answer one process.
@rule("LIB001", "cudnn-missing", "error", "cuDNN cannot be found",
      signatures=CUDNN_MISSING, priority=20,
      references=("https://docs.nvidia.com/deeplearning/cudnn/installation/latest/",))
def cudnn_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open
    shared object file: No such file or directory"; TensorFlow: "Could not load dynamic library
    'libcudnn.so.8'". TensorFlow 2.19 in an image whose `dpkg -l` lists only libcudnn8 (its tested
    configuration names cuDNN 9). TensorFlow's Windows self-check: "- Could not find cuDNN.", or with the
    major it wants. A build's link step: "/usr/bin/ld: cannot find -lcudnn".

    Why:
    The framework needs cuDNN of one major version and the loader cannot find it: the pip wheel
    (nvidia-cudnn-cu12) is missing, or the program expects a system cuDNN that was never installed.

    Fix:
    Install the cuDNN the framework expects: `pip install nvidia-cudnn-cu12` (or -cu11 for CUDA 11
    builds), or the libcudnn package of your distribution / NVIDIA's repository.

    When to ignore:
    Programs that never use cuDNN (no convolutions, RNNs or attention through cuDNN).
    """
    f = ctx.facts
    has_cudnn = any(lib.name == "cudnn" for lib in f.libraries.found)
    if seen and ctx.shared("cudnn_other_major", _cudnn_other_major)[1]:
        return  # a cuDNN of another major is there: LIB002 names that
    if seen and all(re.search(CUDNN8_SUBLIBRARY_126, line, re.I) for line in seen) and ctx.observed(CUDNN_SAID_PRESENT):
        return  # the DLL is there and still does not load: a DLL it depends on is missing (LIB009)
    if seen and all(re.search(CUDNN_SUBLIBRARY_UNREAD, line, re.I) for line in seen) and under_wsl(ctx):
        return  # under WSL the sub-library's reason is WSL's libcuda (SYS003)
    if seen and all(any(re.search(p, line) for p in LATE_SUBLIBRARY_UNFOUND) for line in seen):
        return  # cuDNN itself loaded; its package lacks a sub-library a later release added (LIB032)
    tf = ctx.framework("tensorflow")
    without = _tensorflow_without_its_cudnn(ctx)
    if tf is not None and tf.accelerator == "cuda" and f.libraries.status == "ok" and not has_cudnn:
        yield Hit(f"TensorFlow {tf.version} (CUDA {tf.build_cuda}, cuDNN {tf.build_cudnn}) finds no cuDNN",
                  evidence={"frameworks.tensorflow.build_cudnn": tf.build_cudnn, "libraries.cudnn": []},
                  fix=[f"pip install 'tensorflow[and-cuda]=={tf.version}'  # brings the matching cuDNN"])
    elif without:
        tf, wanted, present = without
        yield Hit(f"TensorFlow {tf.version} was built and tested with cuDNN {wanted} and loads libcudnn.so.{wanted}, "
                  f"but only cuDNN {', '.join(sorted({lib.version for lib in present}))} is installed here",
                  evidence={"frameworks.tensorflow.version": tf.version, "tested_cudnn": wanted,
                            "libraries.cudnn": [f"{lib.version} ({lib.source})" for lib in present]},
                  fix=[f"pip install 'nvidia-cudnn-cu12=={wanted}.*'  # or: pip install 'tensorflow[and-cuda]=="
                       f"{tf.version}', which brings the CUDA libraries it was built with",
                       f"in an image: install cuDNN {wanted} from NVIDIA's CUDA repository (apt-get install "
                       f"cudnn{wanted}-cuda-12) and remove the other one" if wanted.isdigit() and int(wanted) >= 9 else
                       f"in an image: install libcudnn{wanted} from NVIDIA's CUDA repository"])
    elif seen and all(re.search(LINKER_NO_CUDNN, line) for line in seen):
        yield Hit("the linker finds no libcudnn.so: cuDNN's library (beside its header) is not where the build links "
                  "from", evidence={"observed": seen[0].strip()[:200]},
                  fix=["ls -l /usr/local/cuda/lib64/libcudnn.so* /usr/lib/x86_64-linux-gnu/libcudnn.so*  # -lcudnn "
                       "needs the unversioned libcudnn.so",
                       "install cuDNN's library and header together: the lib and include folders of NVIDIA's archive "
                       "for your CUDA (https://developer.nvidia.com/rdp/cudnn-archive), or the libcudnnN-dev package",
                       "export LIBRARY_PATH=<the directory holding libcudnn.so>:$LIBRARY_PATH  # the linker's search "
                       "path (LD_LIBRARY_PATH is the loader's)"])
    elif seen:
        major = _wanted_cudnn_major(seen)
        # TensorFlow's self-check runs on Windows only
        on_windows = any(".dll" in line.lower() or TF_SELF_CHECK_CUDNN.search(line) for line in seen)
        yield Hit(f"cuDNN {major} is not on the library path" if major else "cuDNN is not on the library path",
                  evidence={"wanted_major": major or "not named"},
                  fix=[_cudnn_install(major, on_windows) if major else
                       "install the cuDNN major your framework build names (its install page), e.g. "
                       "pip install nvidia-cudnn-cu12",
                       "or, where cuDNN is installed outside the loader's search path: " +
                       ("set PATH=<the directory holding the cudnn*.dll files>;%PATH%" if on_windows else
                        "export LD_LIBRARY_PATH=<the directory holding libcudnn.so>:$LD_LIBRARY_PATH"),
                       "where cudnn*.dll  # which directories on PATH hold cuDNN" if on_windows else
                       "python -c 'import torch; print(torch.backends.cudnn.version())'"])


TOOL_LISTED = ("system-package", "shared-object", "wheel", "reported")


def _tensorflow_without_its_cudnn(ctx: Context):
    """(tensorflow, the cuDNN major its tested configuration names, the cuDNN found) when TensorFlow is not a CPU
    build, its release is in the matrix, and every cuDNN a tool's output shows (dpkg -l, pip, the loader, a
    program's own report) is of another major; None otherwise. A cuDNN a person names, or a two-word line that reads
    like a conda row ("cuDNN 7.6.5"), is too loose a fact to contradict the table."""
    tf = ctx.framework("tensorflow")
    present = [lib for lib in ctx.facts.libraries.found if lib.name == "cudnn" and lib.version and lib.kind in TOOL_LISTED]
    if tf is None or tf.accelerator == "cpu" or not tf.version or not present:
        return None
    try:
        tested = str(ctx.matrix.tensorflow_release(tf.version).get("cudnn", ""))
    except QueryError:
        return None
    wanted = tested.split(".")[0]
    if not wanted or any(lib.version.split(".")[0] == wanted for lib in present):
        return None
    return tf, wanted, present


def _wanted_cudnn_major(seen: List[str]) -> str:
    """The cuDNN major the loader was asked for, from the first library file an error names."""
    for line in seen:
        found = CUDNN_FILE_MAJOR.search(line)
        if found:
            return found.group(1) or found.group(2)
        stated = TF_SELF_CHECK_CUDNN.search(line) or LUA_TORCH_CUDNN.search(line)
        if stated and stated.group(1):
            return stated.group(1)
    return ""


def _cudnn_install(major: str, on_windows: bool = False) -> str:
    """How to add one cuDNN major beside what is there. pip's nvidia-cudnn-cu12 carries cuDNN 8.9 and 9
    (torch 2.1's cu121 wheels required nvidia-cudnn-cu12==8.9.2.26); -cu11 is the same for a CUDA 11
    build. cuDNN 7 and older never had a pip wheel. A Windows program that loads cudnn*64_8.dll from PATH
    takes NVIDIA's Windows archive, whose bin directory goes on PATH."""
    if major.isdigit() and int(major) < 8:
        return f"install cuDNN {major} for your CUDA from https://developer.nvidia.com/rdp/cudnn-archive"
    if on_windows:
        return (f"install cuDNN {major} for Windows (the archive for your CUDA major from "
                "https://developer.nvidia.com/rdp/cudnn-archive) and put its bin directory on PATH")
    return f"pip install 'nvidia-cudnn-cu12=={major}.*'  # -cu11 for a CUDA 11 build"


# A library named as what something asks for is not one that is there: "TensorFlow 1.2.1 or earlier requires cuDNN 5.1.
# ('cudnn64_5.dll')", the linker's "libcudnn.so.8, needed by libtorch_cuda.so, not found".
ASKED_FOR = re.compile(r"\b(?:requires?|required|needs?|needed|expects?|depends on)\b", re.I)


def _cudnn_other_major(ctx: Context) -> Tuple[str, str, str]:
    """(wanted major, the other major present, where read) when the program asks for one cuDNN major and
    the report shows another one installed: cuDNN 9 from NVIDIA's packages while CTranslate2 wants
    libcudnn_ops_infer.so.8, or torch's bundled cudnn_ops_infer64_9.dll next to a missing _8.dll.
    LIB001 (which steps aside) and LIB002 (which names it) share it through Context.shared."""
    seen = ctx.observed(CUDNN_MISSING)
    wanted = _wanted_cudnn_major(seen)
    if not wanted:
        return "", "", ""
    present = [(lib.version.split(".")[0], lib.source or lib.location)
               for lib in ctx.facts.libraries.found if lib.name == "cudnn" and lib.version]
    present += [(d.version.split(".")[0], f"pip: {d.name} {d.version}") for d in ctx.facts.python.distributions
                if CUDNN_WHEEL.fullmatch(d.name.lower()) and d.version]
    errors = set(seen)
    for line in ctx.observations:
        if line in errors or ASKED_FOR.search(line):
            continue
        for found in CUDNN_FILE_MAJOR.finditer(line):
            present.append((found.group(1) or found.group(2), line.strip()[:120]))
    present += _torch_wheels_cudnn(ctx)
    for major, where in present:
        if major and major != wanted and cudnn_major_exists(ctx, major):
            return wanted, major, where
    return wanted, "", ""


def _torch_wheels_cudnn(ctx: Context) -> List[Tuple[str, str]]:
    """The cuDNN major the installed torch release's CUDA wheels bring into the environment (nvidia-cudnn-cu12 as
    their dependency), from the cited torch table: a program beside it that wants another major finds none. Not for a
    torch built from source (a local tag that is no wheel variant), whose cuDNN is whatever it was built with."""
    torch = ctx.framework("torch")
    if torch is None or not torch.version or unreleased_build(torch.version):
        return []
    variant = torch_variant(torch) or ""
    if variant and not variant.startswith("cu"):
        return []  # a CPU or ROCm build brings no cuDNN
    try:
        major = ctx.matrix.torch_cudnn_major(torch.version.split("+", 1)[0], variant)
    except QueryError:
        return []
    return [(major, f"torch {torch.version}: its CUDA wheels bring cuDNN {major}")] if major else []


# The frameworks' own words for a cuDNN at run time that is not the one they were built with (TensorFlow's
# may be cut after "compiled").
# TensorRT's logger at engine load: "TensorRT was linked against cuDNN 8.9.0 but loaded cuDNN 8.8.0" (a warning;
# TensorRT-LLM and ONNX Runtime's TensorRT provider pass it on with their own prefixes).
TENSORRT_CUDNN = re.compile(r"TensorRT was linked against cuDNN (\d+)\.(\d+)[\d.]* but loaded cuDNN (\d+)\.(\d+)")
# Theano compiles its cuDNN code against the cudnn.h it finds and loads whatever libcudnn the loader finds:
# "RuntimeError: Mixed dnn version. The header is version 5005 while the library is version 5110." (Theano 0.9's
# libgpuarray back-end), "cuDNN not available ... Mixed dnn version. The header is from one version, but we link with
# a different version (5010, 5005)" (the older CUDA back-end).
THEANO_MIXED_CUDNN = r"Mixed dnn version\. The header is"
# Other frameworks' start-up checks of the same: MegEngine's "cudnn version mismatch: compiled with 8101; detected 8204
# at runtime" (dnn/src/cuda/handle.cpp; corpus 4319, whose wheel bundles its own cuDNN), Caffe2's "cuDNN compiled (7102)
# and runtime (7005) versions mismatch" (common_cudnn.h; facebookresearch/Detectron#574 and #139). MXNet's "cuDNN lib
# mismatch: linked-against version 8101 != compiled-against version 8100" is left out: a warning on any difference,
# a patch level included (apache/mxnet#20346, where it was not the fault).
OTHER_CUDNN_CHECKS = (r"cudnn version mismatch: compiled with \d+; detected \d+",
                      r"cuDNN compiled \(\d+\) and runtime \(\d+\) versions mismatch")
# Windows refusing a cuDNN DLL that lacks a function another cuDNN library calls: two cuDNN builds are mixed on the DLL
# search path. A TensorRT installer's pip nvidia-cudnn-cu11 in an SD web UI venv beside torch's own cuDNN: "The
# procedure entry point ?destroyTensorDescriptorEx@ops@cudnn@@YA?AW4cudnnStatus_t@@PEAPEAUcudnnTensorStruct@@@Z could
# not be located in the dynamic link library ...\venv\lib\site-packages\nvidia\cudnn\bin\cudnn_adv_infer64_8.dll"
# (NVIDIA/Stable-Diffusion-WebUI-TensorRT#143, cumulo-autumn/StreamDiffusion users, corpus 2136).
CUDNN_DLL_ENTRY_POINT = re.compile(r"\bentry point\b.{0,200}?could not be located in the dynamic link library\s+"
                                   r"(\S*?cudnn\w*\.dll)", re.I)
# Lua Torch's cuDNN bindings (cudnn.torch), one git branch per cuDNN major (R5, R6, R7): "These bindings are for CUDNN
# 5.x (5005 <= cudnn.version > 6000) , while the loaded CuDNN is version: 6020" (soumith/cudnn.torch#359, settled by
# the R6 branch), "... version: 7004" (torch/torch7#1106).
LUA_CUDNN_BINDINGS = re.compile(r"These bindings are for CUDNN (\d+)\.x\b.{0,60}?while the loaded CuDNN is version:?\s*"
                                r"(\d)(\d{3})", re.I)
CUDNN_MISMATCH = (r"Loaded runtime CuDNN library: .{0,60}but source was compiled",
                  # TensorFlow's check before 1.3: "Loaded cudnn library: 4007 but source was compiled against 5004"
                  # (tensorflow/tensorflow#1987)
                  r"Loaded cudnn library: \d+ but source was compiled against", LUA_CUDNN_BINDINGS.pattern,
                  r"cuDNN version (?:incompatibility|mismatch)\s*:\s*PyTorch was compiled against",
                  r"Outdated cuDNN installation found",
                  r"Found cuDNN version \d+, but JAX was built against version \d+",
                  r"compiled with CUDNN \d[\d.]*, but CUDNN version in your machine is",
                  THEANO_MIXED_CUDNN, TENSORRT_CUDNN.pattern, *OTHER_CUDNN_CHECKS, CUDNN_DLL_ENTRY_POINT.pattern)


# A report naming its cuDNN by NVIDIA's download, which names the CUDA it is built for: "cuda 9.0 and cuDNN v6.0 for
# cuda 8.0 are installed" (matterport/Mask_RCNN#258), "cudnn: cudnn7.1 for cuda9.0" (tensorflow/tensorflow#22056), the
# download page's "cuDNN v7.0 Library for CUDA 8.0" (a tutorial stored on GitHub) and "cuDNN v8.9.7 (December 5th,
# 2023), for CUDA 12.x" (NVIDIA/TensorRT-LLM#1073).
CUDNN_FOR_CUDA = re.compile(r"\bcuDNN\s*v?(\d+(?:\.\d+){0,3})(?:\s+Library)?(?:\s*\([^)]{0,40}\))?,?\s+for\s+CUDA\s*v?"
                            r"(\d+(?:\.\d+)?)", re.I)
# cuDNN failing in any framework's words: TensorFlow's "could not create cudnn handle", a status name.
CUDNN_FAILED = r"\bCUDNN_STATUS_[A-Z_]+|could not create cudnn handle"


def _cudnn_for_other_cuda(ctx: Context) -> Optional[Hit]:
    """cuDNN failing where the report says its cuDNN is the build for another CUDA major than the one installed: each
    cuDNN download is built for one CUDA major (one minor, before cuDNN 8), and links that CUDA's libraries."""
    if not ctx.observed([CUDNN_FAILED]):
        return None
    stated = first_match(CUDNN_FOR_CUDA, ctx.observations)
    cuda = ctx.toolkit_cuda()
    if stated is None or not cuda or stated.group(2).split(".")[0] == cuda.split(".")[0]:
        return None
    version, built_for = stated.group(1), stated.group(2)
    return Hit(f"cuDNN {version} here is the build for CUDA {built_for}, and the CUDA installed is {cuda}: a cuDNN "
               "build works only with the CUDA major it was made for", confirmed=True,
               evidence={"stated": stated.group(0), "cuda": cuda},
               fix=[f"install the cuDNN build for CUDA {cuda.split('.')[0]}.x that your framework release was built "
                    "with (its tested configurations name the cuDNN version): "
                    "https://developer.nvidia.com/rdp/cudnn-archive",
                    f"and remove the build for CUDA {built_for} from the CUDA directories and LD_LIBRARY_PATH"])


@rule("LIB002", "cudnn-version-mismatch", "error", "The cuDNN loaded is not the one the framework was built with",
      signatures=CUDNN_MISMATCH, priority=15)
def cudnn_version_mismatch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    TensorFlow: "Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0. CuDNN
    library needs to have matching major version and equal or higher minor version."; PyTorch:
    "cuDNN version incompatibility: PyTorch was compiled against (8, 5, 0) but found runtime version
    (8, 3, 3)" (older releases: "cuDNN version mismatch: PyTorch was compiled against 7102 but link
    against 7301"); a program asking for libcudnn_ops_infer.so.8 (or cudnn_ops_infer64_8.dll) where
    cuDNN 9 is installed; JAX: "Outdated cuDNN installation found. Version JAX was built against: 8907,
    Minimum supported: 9100, Installed version: 8907"; Paddle: "The installed Paddle is compiled with
    CUDNN 7.6, but CUDNN version in your machine is 7.3"; TensorRT: "TensorRT was linked against cuDNN 8.9.0
    but loaded cuDNN 8.8.0"; Theano: "Mixed dnn version. The header is version 5005 while the library is
    version 5110." Torch7's cudnn.torch: "These bindings are for CUDNN 5.x (5005 <= cudnn.version >
    6000) , while the loaded CuDNN is version: 6020". MegEngine: "cudnn version mismatch: compiled with 8101; detected 8204 at runtime"; Caffe2:
    "cuDNN compiled (7102) and runtime (7005) versions mismatch". Windows: "The procedure entry point
    ?destroyTensorDescriptorEx@ops@cudnn@... could not be located in the dynamic link library
    ...\\site-packages\\nvidia\\cudnn\\bin\\cudnn_adv_infer64_8.dll". A report whose cuDNN is the download
    for another CUDA, with cuDNN failing: "cuda 9.0 and cuDNN v6.0 for cuda 8.0 are installed" and
    "could not create cudnn handle: CUDNN_STATUS_NOT_INITIALIZED".

    Why:
    A framework is built against one cuDNN; at run time it needs the same major and an equal or
    newer minor. An older system cuDNN (or a conda cudnn package) found first breaks that, and so
    does a cuDNN of another major: cuDNN 9 renamed and merged the libraries of 8, so a program
    built for 8 cannot use 9 at all.

    Fix:
    Install the cuDNN the build expects (the framework's pip extras do this) and remove the older
    copy from LD_LIBRARY_PATH.

    When to ignore:
    Never: cuDNN calls fail or give wrong results.
    """
    for framework in ctx.facts.frameworks.installed:
        deep = framework.deep
        if deep is None or not deep.loaded_libraries:
            continue
        loaded = [lib for lib in deep.loaded_libraries if lib.name == "cudnn" and lib.version]
        expected = _expected_cudnn(ctx, framework)
        if loaded and expected and loaded[0].version.split(".")[0] != expected.split(".")[0]:
            yield Hit(f"{framework.name} loaded cuDNN {loaded[0].version} from {loaded[0].path}; it was built with "
                      f"{expected}", evidence={"loaded": loaded[0].path, "expected": expected},
                      fix=[f"unset LD_LIBRARY_PATH  # or remove {loaded[0].path.rsplit('/', 1)[0]} from it",
                           f"pip install --force-reinstall {framework.name}=={framework.version}"])
            return
    _cuda, ort_cudnn, why = onnxruntime_needs(ctx)
    have, where = host_cudnn(ctx)
    if ort_cudnn and have and have.split(".")[0] != ort_cudnn:
        yield Hit(f"ONNX Runtime's CUDA provider needs cuDNN {ort_cudnn}; this machine has cuDNN {have}",
                  evidence={"needs": why, "cudnn": have, "cudnn_source": where}, confirmed=True,
                  fix=["pip install 'onnxruntime-gpu>=1.19'  # cuDNN 9 builds" if have.startswith("9") else
                       "pip install 'onnxruntime-gpu==1.18.0'  # the last cuDNN 8 build for CUDA 12",
                       f"or install cuDNN {ort_cudnn}: pip install 'nvidia-cudnn-cu12=={ort_cudnn}.*'"])
        return
    wanted, other, where = ctx.shared("cudnn_other_major", _cudnn_other_major)
    if other:
        fix = [_cudnn_install(wanted), f"or install the program's build for cuDNN {other}",
               "python -c 'import torch; print(torch.backends.cudnn.version())'"]
        if ctx.observed([PADDLE_DEPENDS]):
            # Paddle's plain package is its build for one CUDA and cuDNN; the others are .postNNN releases
            fix = [PADDLE_POST_BUILD, f"or install cuDNN {wanted} for the CUDA that build wants: "
                                      "https://developer.nvidia.com/rdp/cudnn-archive"]
        yield Hit(f"The program needs cuDNN {wanted}, but the cuDNN here is major {other}",
                  evidence={"wanted_major": wanted, "present_major": other, "present": where}, fix=fix)
        return
    other_cuda = _cudnn_for_other_cuda(ctx)
    if other_cuda is not None:
        yield other_cuda
        return
    dll = first_match(CUDNN_DLL_ENTRY_POINT, seen)
    if dll is not None:
        yield _cudnn_dll_mixed(dll.group(1))
        return
    lua = first_match(LUA_CUDNN_BINDINGS, seen)
    if lua is not None:
        bound, loaded = lua.group(1), lua.group(2)
        yield Hit(f"Torch7's cudnn.torch bindings installed are for cuDNN {bound}.x, and the cuDNN loaded is "
                  f"{loaded}.x: each branch of the bindings binds one cuDNN major", confirmed=True,
                  evidence={"bindings_for": f"{bound}.x", "loaded": lua.group(2) + lua.group(3)},
                  fix=[f"git clone -b R{loaded} https://github.com/soumith/cudnn.torch && cd cudnn.torch && luarocks "
                       "make cudnn-scm-1.rockspec  # the bindings' branch for the cuDNN installed, where one exists "
                       "(the project's branches stop at the cuDNN majors of Torch7's time)",
                       f"or put cuDNN {bound} first on LD_LIBRARY_PATH (CUDNN_PATH names the file the bindings load)"])
        return
    tensorrt = first_match(TENSORRT_CUDNN, seen)
    if tensorrt is not None and all(TENSORRT_CUDNN.search(line) for line in seen):
        yield _tensorrt_cudnn_warning(tensorrt)
        return
    if seen:
        loaded, built = _cudnn_versions(" ".join(ctx.observations))
        if any(re.search(THEANO_MIXED_CUDNN, line) for line in seen):
            yield Hit("Theano compiles against one cuDNN's header and loads another cuDNN's library"
                      + (f" (header {built}, library {loaded})" if loaded and built else ""),
                      fix=["ls /usr/local/cuda*/include/cudnn*.h /usr/include/cudnn*.h  # the headers Theano may "
                           "compile against",
                           "ldconfig -p | grep libcudnn; echo $LD_LIBRARY_PATH  # the libraries it may load",
                           "keep one cuDNN release, or point Theano's dnn.include_path and dnn.library_path at the "
                           "same one, then clear Theano's compile cache (theano-cache purge)"])
            return
        yield Hit("The cuDNN found at run time does not match the one the framework was built with"
                  + (f" (loaded {loaded}; the build needs {built})" if loaded and built else ""),
                  fix=[_own_cudnn(" ".join(seen), built),
                       "echo $LD_LIBRARY_PATH  # (PATH on Windows) a cuDNN listed here is found before the framework's "
                       "own",
                       "ldconfig -p | grep libcudnn  # the cuDNN copies the loader may pick"])


def _own_cudnn(said: str, built: str) -> str:
    """How to get the cuDNN the framework whose check spoke was built with: pip's CUDA wheels bring it for PyTorch,
    TensorFlow and JAX; a framework whose wheel bundles its own (MegEngine's) needs only the other copy off the path."""
    if "PyTorch" in said:
        return "pip install --force-reinstall torch  # its CUDA wheels bring the cuDNN it was built with"
    if "JAX" in said:
        return 'pip install -U "jax[cuda12]"  # brings the cuDNN JAX was built with'
    if "Loaded runtime CuDNN" in said:
        return "pip install 'tensorflow[and-cuda]'  # brings the cuDNN TensorFlow was built with"
    which = f"cuDNN {built} (the one the build names)" if built else "the cuDNN the build names"
    return (f"install {which} and put it first on the library path, or drop the other cuDNN from the path where the "
            "package bundles its own")


def _cudnn_dll_mixed(dll: str) -> Hit:
    """A cuDNN DLL without a function the other cuDNN libraries call: they come from different cuDNN builds. A pip
    nvidia-cudnn wheel in a venv is the usual second copy (a TensorRT installer adds one beside torch's own)."""
    wheel = re.search(r"site-packages[\\/]+nvidia[\\/]+cudnn\b", dll, re.I) is not None
    return Hit(f"Windows found {dll} without a function the other cuDNN libraries call: the cuDNN DLLs loaded come "
               "from two different cuDNN builds", evidence={"dll": dll}, confirmed=True,
               fix=(["pip uninstall nvidia-cudnn-cu11 nvidia-cudnn-cu12  # the pip cuDNN that holds this DLL, when "
                     "torch brings its own cuDNN (torch\\lib\\cudnn*.dll)",
                     "or install the nvidia-cudnn release your torch was built with: python -c \"import torch; "
                     "print(torch.backends.cudnn.version())\""] if wheel else []) +
                   ["where cudnn*.dll  # every cuDNN copy on PATH; keep one cuDNN release first on the DLL search "
                    "path"])


def _tensorrt_cudnn_warning(found: "re.Match[str]") -> Hit:
    """TensorRT's own warning. Within one cuDNN major an older minor loads and mostly works, so the finding ranks after
    any error in the same report; across majors TensorRT's cuDNN tactics fail."""
    linked, loaded = f"{found.group(1)}.{found.group(2)}", f"{found.group(3)}.{found.group(4)}"
    same_major = found.group(1) == found.group(3)
    return Hit(f"TensorRT was built against cuDNN {linked} and loaded cuDNN {loaded}"
               + (": the same major, so it runs, with the older cuDNN's kernels and bugs" if same_major else
                  ": another major, which TensorRT's cuDNN tactics cannot use"),
               evidence={"linked_cudnn": linked, "loaded_cudnn": loaded}, priority=60 if same_major else None,
               fix=[f"install cuDNN {linked} (the one your TensorRT release's support matrix names) and put it first on "
                    "the library path",
                    "python -c 'import torch; print(torch.backends.cudnn.version())'  # a torch in the same process "
                    "loads its own cuDNN first"])


# The versions each framework's message states (the one found at run time, the one the build needs), and whether
# it names the one found first.
CUDNN_VERSIONS = (
    (re.compile(r"Loaded runtime CuDNN library: (\S+?)\.? .*?compiled with:? (\S+?)\.?\s"), True),
    (re.compile(r"compiled against (\([\d, ]+\)|\d+) but (?:found runtime version|link(?:ed)? against) (\([\d, ]+\)|\d+)"),
     False),
    # JAX's "Version JAX was built against: 8907 Minimum supported: 9100 Installed version: 8907": the minimum counts
    (re.compile(r"Minimum supported: (\d+).*?Installed version: (\d+)"), False),
    (re.compile(r"Found cuDNN version (\d+), but JAX was built against version (\d+)"), True),
    (re.compile(r"compiled with CUDNN (\d[\d.]*?),? but CUDNN version in your machine is (\d[\d.]*\d)"), False),
    (re.compile(r"The header is version (\d+) while the library is version (\d+)"), False),
    (re.compile(r"cudnn version mismatch: compiled with (\d+); detected (\d+)"), False),
    (re.compile(r"cuDNN compiled \((\d+)\) and runtime \((\d+)\) versions mismatch"), False),
)


def _cudnn_versions(text: str) -> Tuple[str, str]:
    """(found at run time, needed by the build) from the first framework message that states both."""
    for pattern, found_first in CUDNN_VERSIONS:
        found = pattern.search(text + " ")
        if found:
            first, second = (_dotted(g) for g in found.groups())
            return (first, second) if found_first else (second, first)
    return "", ""


def _dotted(version: str) -> str:
    """cuDNN versions as frameworks print them, "(8, 5, 0)", "7102", "8907", "90100", as "8.5.0", "7.1.2", "8.9.7",
    "9.1.0"."""
    if version.startswith("("):
        return ".".join(p.strip() for p in version.strip("()").split(","))
    if version.isdigit() and len(version) in (4, 5):
        return library_version(int(version))
    return version


def _expected_cudnn(ctx: Context, framework) -> str:
    if framework.build_cudnn:
        return framework.build_cudnn
    if framework.name == "torch" and framework.version:
        try:
            variant = torch_variant(framework) if "+" in framework.version else \
                ctx.matrix.torch_default_variant(framework.version)
            return ctx.matrix.torch_cudnn(framework.version, variant or "")
        except (QueryError, InvalidVersion):
            return ""
    return ""


# The loader's own trace (LD_DEBUG=libs): "file=libnvJitLink.so.12 [0];  needed by .../site-packages/nvidia/cusparse/
# lib/libcusparse.so.12 [0]", then one "trying file=..." line per directory it tries; the last one tried before the next
# "file=" line is where the library was found.
LD_DEBUG_NEEDED = re.compile(r"\bfile=((?:lib)?(?:cu|nv|nccl)\w*\.so[\d.]*) \[\d+\];\s+needed by (\S+)", re.I)
LD_DEBUG_TRYING = re.compile(r"\btrying file=(\S+)")


# glibc when a CUDA library loaded beside another of a different release lacks a versioned symbol the first needs:
# ".../torch/lib/../../nvidia/cublas/lib/libcublas.so.11: symbol cublasLtGetStatusString version libcublasLt.so.11
# not defined in file libcublasLt.so.11 with link time reference" (skypilot-org/skypilot#1327); cuML's
# "libcublas.so.11: symbol cublasLtHSHMatmulAlgoInit, version libcublasLt.so.11 not defined in file ..."
CUDA_SYMBOL_VERSION_MISSING = re.compile(
    r"(\S*lib(?:cublas|cudnn\w*|cusparse|cusolver|cufft)\.so\.\d+): symbol (\w+),? version "
    r"(lib(?:cublasLt|cublas|cudnn\w*|nvJitLink|cusparse)\.so\.\d+) not defined in file lib\w+\.so")


@rule("LIB003", "cuda-library-shadowed", "error", "A system CUDA library shadows the framework's own",
      signatures=(r"libcudnn\S*: undefined symbol", r"undefined symbol: \S*(cudnn|nccl|cublas|cusparse|nvJitLink)\S*",
                  r"version `libcublasLt\.so\.\d+' not found", r"libcusparse\.so\.\d+: undefined symbol",
                  r"undefined symbol: __nvJitLink", LD_DEBUG_NEEDED.pattern, CUDA_SYMBOL_VERSION_MISSING.pattern),
      priority=10)
def cuda_library_shadowed(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "Could not load library libcudnn_cnn_train.so.8. Error: /usr/local/cuda-12.3/lib64/
    libcudnn_cnn_train.so.8: undefined symbol: ..."; "libcusparse.so.12: undefined symbol:
    __nvJitLinkAddData_12_1"; "undefined symbol: ncclCommRegister"; the loader's trace (LD_DEBUG=libs)
    showing a library that a pip CUDA wheel needs taken from an LD_LIBRARY_PATH directory; glibc's
    "libcublas.so.11: symbol cublasLtGetStatusString version libcublasLt.so.11 not defined in file
    libcublasLt.so.11 with link time reference" (a libcublasLt of another release loaded first).

    Why:
    pip wheels of PyTorch and TensorFlow bring their own CUDA libraries (nvidia-*-cu12). A
    directory in LD_LIBRARY_PATH (a system CUDA or cuDNN, a conda env) is searched first, so an
    older copy of one library is loaded next to the wheel's others and symbols are missing.

    Fix:
    Remove the system CUDA/cuDNN directories from LD_LIBRARY_PATH for this environment (or unset
    it), so the framework loads the libraries it was installed with.

    When to ignore:
    When you deliberately run the framework against a system CUDA you built it for.
    """
    f = ctx.facts
    for framework in f.frameworks.installed:
        deep = framework.deep
        if deep is None:
            continue
        wheel_libs = [d for d in f.python.distributions if d.name.startswith(("nvidia-cudnn", "nvidia-nccl",
                                                                               "nvidia-cublas"))]
        outside = [lib for lib in deep.loaded_libraries
                   if not WHEEL_DIR.search(lib.path) and lib.name in ("cudnn", "nccl", "cublas", "cublasLt")]
        if wheel_libs and outside:
            yield Hit(f"{framework.name} loaded {', '.join(f'{lib.name} from {lib.path}' for lib in outside)} although "
                      f"its wheels bring their own", evidence={"loaded": [lib.path for lib in outside],
                                                                "wheels": [f"{d.name} {d.version}" for d in wheel_libs],
                                                                "env.LD_LIBRARY_PATH": f.env.variables.get("LD_LIBRARY_PATH")},
                      fix=["unset LD_LIBRARY_PATH  # or drop the CUDA/cuDNN directories from it",
                           "ldconfig -p | grep -E 'libcudnn|libnccl|libcublas'  # system copies the loader may pick"])
            return
    traced = _wheel_dependency_found_outside(ctx)
    if traced:
        library, needed_by, found_at = traced
        directory = found_at.rsplit("/", 1)[0]
        yield Hit(f"{library}, which the pip wheel's {needed_by.rsplit('/', 1)[-1]} needs, was loaded from {directory}, "
                  "found first on the library path, instead of the copy the CUDA wheels installed",
                  evidence={"needed_by": needed_by, "loaded": found_at}, confirmed=True,
                  fix=[f"export LD_LIBRARY_PATH=$(echo \"$LD_LIBRARY_PATH\" | tr ':' '\\n' | grep -vx '{directory}' | "
                       "paste -sd:)  # drop that directory for this environment",
                       f"or list {needed_by.rsplit('/', 1)[0]} (the wheels' libraries) before it"])
        return
    mixed = first_match(CUDA_SYMBOL_VERSION_MISSING, seen)
    if mixed is not None:
        needer, symbol, provider = mixed.group(1).rsplit("/", 1)[-1], mixed.group(2), mixed.group(3)
        base = provider.split(".so")[0]
        yield Hit(f"{needer} needs {symbol} from {provider}, and the {provider} that was loaded lacks it: another "
                  f"release's copy, found first on the library path (a system CUDA, another environment's), not the "
                  f"one installed with {needer}",
                  evidence={"observed": mixed.group(0)[:200], "needed_by": mixed.group(1), "library": provider,
                            "env.LD_LIBRARY_PATH": f.env.variables.get("LD_LIBRARY_PATH")}, confirmed=True,
                  fix=[f"find / -name '{base}.so*' -not -path '/proc/*' 2>/dev/null  # every copy; only the one "
                       f"beside {needer} belongs on the path",
                       "unset LD_LIBRARY_PATH  # or drop the other CUDA's directories from it",
                       f"ldconfig -p | grep {base}  # a system copy the loader finds through its cache"])
        return
    path = f.env.variables.get("LD_LIBRARY_PATH", "")
    # A cuDNN mismatch with a CUDA or cuDNN directory on LD_LIBRARY_PATH (or the framework's own directories
    # appended after what was there): the path is the cause.
    through_path = bool(path and re.search(r"cud(a|nn)", path, re.I) and ctx.observed(CUDNN_MISMATCH))
    seen = [line for line in seen if not LD_DEBUG_NEEDED.search(line)]  # a trace alone shows no fault
    if seen and ctx.shared("nvjitlink_too_old", _nvjitlink_too_old):
        return  # the environment's own nvJitLink is older than its library: cuda-lib-newer-than-nvjitlink
    if seen or through_path:
        appended = re.match(r"\$\{?LD_LIBRARY_PATH\}?:(.+)", path)
        yield Hit("A CUDA library from the library path was loaded instead of the framework's own copy" +
                  (f": {appended.group(1)} is appended after the existing LD_LIBRARY_PATH, so a CUDA or cuDNN "
                   "already listed there is found first" if appended else ""),
                  evidence={"env.LD_LIBRARY_PATH": path}, confirmed=through_path,
                  fix=[f"export LD_LIBRARY_PATH={appended.group(1)}:$LD_LIBRARY_PATH  # the framework's own first"
                       if appended else "unset LD_LIBRARY_PATH  # or drop the CUDA/cuDNN directories from it",
                       "ldconfig -p | grep -E 'libcudnn|libcublas'  # system copies the loader may pick"])


def _wheel_dependency_found_outside(ctx: Context) -> Optional[Tuple[str, str, str]]:
    """(library, needed by, loaded from) when the loader's trace shows a pip CUDA wheel's library getting a
    dependency from outside the wheels: the order of an LD_LIBRARY_PATH that lists a system CUDA first."""
    lines = ctx.observed([LD_DEBUG_NEEDED.pattern, LD_DEBUG_TRYING.pattern])
    for at, line in enumerate(lines):
        needed = LD_DEBUG_NEEDED.search(line)
        if not needed or not WHEEL_DIR.search(needed.group(2)):
            continue
        tried = []
        for later in lines[at + 1:]:
            if LD_DEBUG_NEEDED.search(later):
                break
            trying = LD_DEBUG_TRYING.search(later)
            if trying and trying.group(1).endswith("/" + needed.group(1)):
                tried.append(trying.group(1))
        if tried and not WHEEL_DIR.search(tried[-1]):
            return needed.group(1), needed.group(2), tried[-1]
    return None


# CUDA runtime libraries a program failed to load, with the major it wanted, in the loaders' words:
# glibc ("libcublas.so.11: cannot open shared object file"), TensorFlow ("Could not load dynamic
# library 'libcudart.so.11.0'", "... 'cudart64_110.dll'"), Windows ("cublas64_12.dll was not found").
# NPP (nppc, nppig, nppicc, ...; CUDA 7.5's single libnppi) and nvJPEG are the toolkit's too, numbered with its major:
# FFmpeg built with scale_npp fails as "ffmpeg: error while loading shared libraries: libnppig.so.11".
# NVRTC loads its builtins at run time, of its own exact release: "nvrtc: error: failed to open
# libnvrtc-builtins.so.11.1. Make sure that libnvrtc-builtins.so.11.1 is installed correctly."
# glibc's words for a library the loader did not find, after its name (quoted or not)
CANNOT_OPEN = r"[`'\"]?: cannot open shared (?:object )?file"
CUDA_LIBS = r"(?:cudart|cublasLt|cublas|cufft|curand|cusolver|cusparse|nvrtc(?:-builtins)?|nvJitLink|cupti|npp[a-z]{0,5}|nvjpeg)"
# CUDA libraries whose soname number is their own, not the CUDA major, and that live apart from lib64: the toolkit's
# NVVM ("libnvvm.so.4: cannot open shared object file" from a Rust-CUDA build script; NVIDIA's installers put it in
# nvvm/lib64, which the loader path seldom names) and cuQuantum's cuStateVec (qiskit-aer-gpu: "ImportError:
# libcustatevec.so.1: cannot open shared object file"; the custatevec-cu12 wheel puts it in cuquantum/lib).
# NVTX 2, the NVIDIA Tools Extension library (libnvToolsExt.so.1), is in a toolkit's lib64 up to CUDA 12.8; CUDA 12.9
# and later ship NVTX 3 only, header-only, their cuda-nvtx package holding libnvtx3interop instead (rpm -ql of
# cuda-nvtx-12-8 and cuda-nvtx-12-9 in ankane/torch.rb#65; CUDA 13.0's /usr/local/cuda here has no libnvToolsExt).
# Binaries built against it: "libnvToolsExt.so.1: cannot open shared object file" (gnina/gnina#326 under CUDA 12.9,
# darglein/ADOP#39 with the toolkit's lib64 off the loader path).
# NCCL (libnccl.so.2, numbered by NCCL's own major) is never part of a toolkit: NVIDIA's libnccl2 package, the
# nvidia-nccl-cu12 wheel or a conda package brings it, and programs built with NCCL support stop or fall back without
# it: "ImportError (libnccl.so.2: cannot open shared object file" (CuPy under alpa-projects/alpa#330), "This caffe2
# python run does not have GPU support ... libnccl.so.2: cannot open shared object file"
# (facebookresearch/Detectron#370).
SEPARATE_CUDA_LIB = re.compile(r"\b(lib(nvvm|custatevec|nvToolsExt|nccl)\.so(?:\.\d+)*)" + CANNOT_OPEN)
SEPARATE_CUDA_HOMES = {
    "nvvm": ("the CUDA toolkit's NVVM library, in the toolkit's nvvm/lib64 directory",
             ["export LD_LIBRARY_PATH=$CUDA_HOME/nvvm/lib64:$LD_LIBRARY_PATH  # CUDA_HOME: the toolkit, e.g. "
              "/usr/local/cuda", "find / -name 'libnvvm.so*' 2>/dev/null  # where this machine has it"]),
    "custatevec": ("cuQuantum's cuStateVec, which comes in its own packages (pip: custatevec-cu12, or cuquantum-cu12; "
                   "conda-forge: cuquantum)",
                   ["pip install custatevec-cu12  # or custatevec-cu11 for a CUDA 11 build",
                    "export LD_LIBRARY_PATH=$(python -c 'import cuquantum, os; "
                    "print(os.path.join(os.path.dirname(cuquantum.__file__), \"lib\"))'):$LD_LIBRARY_PATH"]),
    "nvToolsExt": ("NVTX 2 (the NVIDIA Tools Extension library), which CUDA toolkits keep in lib64 up to 12.8; "
                   "CUDA 12.9 and later no longer ship it",
                   ["export LD_LIBRARY_PATH=$CUDA_HOME/lib64:$LD_LIBRARY_PATH  # a toolkit of 12.8 or older has it",
                    "with CUDA 12.9 or newer: install 12.8's NVTX beside it (apt: cuda-nvtx-12-8) and add "
                    "/usr/local/cuda-12.8/lib64 to LD_LIBRARY_PATH after your CUDA's",
                    "or use a build of the program made against NVTX 3 (header-only: nvtx3/nvToolsExt.h)"]),
    "nccl": ("NCCL, NVIDIA's collective communications library, which comes apart from the CUDA toolkit",
             ["pip install nvidia-nccl-cu12  # or -cu11 for a CUDA 11 build; or NVIDIA's libnccl2 package (apt/dnf), or "
              "conda install nccl in a conda environment",
              "export LD_LIBRARY_PATH=<the directory holding libnccl.so.2>:$LD_LIBRARY_PATH  # where it is installed "
              "outside the loader's search path",
              "ldconfig -p | grep libnccl  # which copies the loader knows"]),
}
MISSING_CUDA_LIB = (
    # glibc's line, also as people retell it without "object" ("`libcublas.so.11`: cannot open shared file")
    rf"lib{CUDA_LIBS}\.so\.\d+(?:\.\d+)*{CANNOT_OPEN}",
    # the same with the errno's words in place of the loader's, as people retell it ("ImportError libcudart.so.9.0: No
    # such file or directory", corpus 13150) and as R's torch prints it ("libcudart.so.11.0: Unable to open shared
    # object file: there is no file or directory available", corpus 2641); Java's UnsatisfiedLinkError names the
    # library a JNI library needs after its own path ("UnsatisfiedLinkError: /tmp/javacpp*/libjnicaffe.so:
    # libcudart.so.7.5", corpus 7152)
    rf"\blib{CUDA_LIBS}\.so\.\d+(?:\.\d+)*[`'\"]?:\s*(?:Unable to open shared (?:object )?file|No such file or "
    r"directory)",
    rf"\bUnsatisfiedLinkError: \S+\.so: lib{CUDA_LIBS}\.so\.\d+",
    # glibc's symbol-version check: a file of the soname's name is there but is another release's library, copied or
    # linked to the name ("/lib64/libcublas.so.9.0: version `libcublas.so.9.0' not found", corpus 15350, 9320)
    rf"\blib{CUDA_LIBS}\.so\.\d+(?:\.\d+)*: version `lib{CUDA_LIBS}\.so\.\d+(?:\.\d+)*' not found",
    # the unversioned name, which programs that dlopen by it ask for (CuPy's docs: "ImportError: libcudart.so: cannot
    # open shared object file"; Paddle: "error code is libcublas.so: cannot open shared object file")
    rf"\blib{CUDA_LIBS}\.so{CANNOT_OPEN}",
    rf"Could not load dynamic library '(?:lib)?{CUDA_LIBS}(?:\.so\.|64_)\d+",
    # ldd's and MSYS2 ntldd's listing of what a library needs: "libcudart.so.10.0 => not found",
    # "cublas64_13.dll => not found"
    rf"\b(?:lib)?{CUDA_LIBS}(?:64_\d+(?:_\d+)?\.dll|\.so\.\d+(?:\.\d+)*)\s+=>\s+not found",
    # ONNX Runtime's provider loader on Windows names the DLL its provider needed: 'Error loading
    # "...onnxruntime_providers_cuda.dll" which depends on "cublasLt64_12.dll" which is missing.'
    rf"\b{CUDA_LIBS}64_\d+\.dll['\"]?,? (?:which )?(?:not found|was not found|is missing|cannot)",
    # CTranslate2 (faster-whisper, whisperX): "Library cublas64_12.dll is not found or cannot be loaded",
    # "Library libcublas.so.12 is not found or cannot be loaded"
    rf"\bLibrary (?:lib)?{CUDA_LIBS}(?:64_\d+\.dll|\.so\.\d+(?:\.\d+)*) is not found",
    # older CTranslate2 on Windows, the same words as for cuDNN (LIB001): "Could not locate
    # cublasLt64_12.dll. Please make sure it is in your library path!"
    rf"Could not locate\s+{CUDA_LIBS}64_\d+\.dll",
    # TensorFlow's Windows self-check, "Could not find 'cudart64_90.dll'. TensorFlow requires that this DLL be
    # installed ...", and people retelling it: "it said that 'cannot find cudart64_90.dll'"; .NET's
    # DllNotFoundException names the file after its kind: "Unable to load DLL 'cudart64_101.dll'", on Linux "Unable to
    # load shared library 'libcublas.so.10'"
    rf"(?:cannot|can't|could not|couldn't|unable to|failed to) (?:find|load|locate|open)\W{{0,3}}"
    rf"(?:(?:DLL|shared library)\W{{1,3}})?(?:lib)?{CUDA_LIBS}(?:64_\d+(?:_\d+)?\.dll|\.so\.\d+)",
    # a search's finding retold: "Process Monitor ... showed that the problem in the absence cublas64_80.dll"
    # (davisking/dlib#792), "in the absence of libcudart.so.10.0"
    rf"\babsen(?:ce|t)\W{{1,3}}(?:of\s+)?(?:the\s+)?\W?(?:lib)?{CUDA_LIBS}(?:64_\d+(?:_\d+)?\.dll|\.so\.\d+)",
    # a program's search for one release's library, retold: "the program looks for libcudart.so.11.7, whereas I'm on
    # cuda 12" (janhq/jan#1946), "looking for libcudart.so.10 when libcudart.so.11 installed"
    rf"\b(?:looks|looking|searches|searching) for\W{{0,3}}(?:lib)?{CUDA_LIBS}(?:64_\d+(?:_\d+)?\.dll|\.so\.\d+)"
    r"(?![\w.]*\W{0,3}(?:found|ok)\b)",  # a search log's success line is not it
    # the same retold with a noun or the name first: OpenMM's users, "CUDA platform can not be registered due to
    # failure of loading 'libcuda.so.1' and 'libnvrtc.so.10.1'" and "'libnvrtc.so.10.1' can not be loaded";
    # "failed loading cudart64_101.dll"; NVRTC 11.2 and later name their DLL nvrtc64_112_0.dll
    rf"(?:failure (?:of|in)|failed|error|problem)(?: while)? (?:loading|opening)\W{{0,3}}(?:lib)?{CUDA_LIBS}"
    rf"(?:64_\d+(?:_\d+)?\.dll|\.so\.\d+)",
    rf"\b(?:lib)?{CUDA_LIBS}(?:64_\d+(?:_\d+)?\.dll|\.so\.\d+(?:\.\d+)*)\W{{0,3}}"
    rf"(?:(?:can ?not|can't|could not|couldn't) be (?:found|loaded|opened)|(?:is|was) (?:not found|missing))",
    # what a program needs, retold: "it state that it needed cublas64_12.dll or what not...whereas CUDA 11.8 uses
    # cublas64_11.dll" (whisper_s2t, corpus 9744); dumpbin's finding, "reveals a depency on nvrtc64_90.dll"
    # (ClojureCUDA's JCuda, 9921)
    rf"\b(?:needs|needed|requires|required|depen\w*\s+on)\W{{0,3}}(?:lib)?{CUDA_LIBS}"
    rf"(?:64_\d+(?:_\d+)?\.dll|\.so\.\d+)",
    # said in Chinese, before or after the name (no word boundary between Han characters and the name): "缺少
    # cudart64_100.dll" (missing, a TensorFlow install note), "cublas64_11.dll缺失" (RVC-Boss/GPT-SoVITS#2376)
    rf"(?:缺少|缺失|找不到)\s?(?:lib)?{CUDA_LIBS}(?:64_\d+(?:_\d+)?\.dll|\.so\.\d+)",
    rf"(?:lib)?{CUDA_LIBS}(?:64_\d+(?:_\d+)?\.dll|\.so\.\d+(?:\.\d+)*)\s?(?:文件)?(?:缺失|不存在)",
    # Paddle 2.x: "The third-party dynamic library (cublas64_112.dll;cublas64_11.dll) that Paddle depends on is not
    # configured correctly. (error code is 126)"
    rf"third-party dynamic library \((?:lib)?{CUDA_LIBS}[\w.;]*\) that Paddle depends on",
    # Python's ImportError for the library, cut before the loader's reason as people quote it in titles and notes:
    # "ImportError: libcusolver.so.8.0" (MaybeShewill-CV/CRNN_Tensorflow#182), "'ImportError: libcublas.so.9.0'"
    # (magenta's notes), "'ImportError: libcudart.so.13'" (a launcher script's comment)
    rf"\bImportError: lib{CUDA_LIBS}\.so\.\d+(?:\.\d+)*\b",
    # the linker building against a prebuilt library (TensorRT's libnvinfer) that was linked with another CUDA
    # release's library: "undefined reference to `nvrtcDestroyProgram@libnvrtc.so.11.1'" names the exact soname
    rf"undefined reference to [`'\"]?\w+@lib{CUDA_LIBS}\.so\.\d",
)
# TensorFlow's Windows self-check (self_check.py, preload_check) failing to load the CUDA runtime its build names, as
# the traceback shows it before TensorFlow's own message: "ctypes.WinDLL(build_info.cudart_dll_name)", then "OSError:
# [WinError 126] The specified module could not be found" (tflearn/tflearn#985, and in Korean and English notes stored
# on GitHub). The DLL's name, with the CUDA release in it, is in the installed tensorflow/python/platform/build_info.py.
TF_SELF_CHECK_CUDART = re.compile(r"WinDLL\(build_info\.cudart_dll_name\)")
# Windows ending a process whose DLL dependencies the loader could not find, STATUS_DLL_NOT_FOUND (0xC0000135, printed
# signed as -1073741515 or unsigned as 3221225781): "llama runner process has terminated: exit status 0xc0000135"
# (AnythingLLM's bundled Ollama, Mintplex-Labs/anything-llm#1795), "llama-server <embedding> exited with status code
# -1073741515" (Tabby's cuda117 build for Windows, TabbyML/tabby#4117).
DLL_NOT_FOUND_EXIT = re.compile(r"\b(?:exit(?:ed)?(?: with)? (?:status|code)|status code)\s*:?\s*"
                                r"(?:0xc0000135|-1073741515|3221225781)\b", re.I)
# A CUDA build named by its release in a path or a package name: "cuda117", "win-cuda-12-0", "cuda_v12", "cu121".
BUILD_CUDA_NAMED = re.compile(r"(?<![a-z])cuda[-_]?v?(\d{2})(?:[-_.]?(\d))?(?![\d.])|(?<![a-z])cu(\d{2})(\d)(?!\d)",
                              re.I)
# NVRTC compiles at run time with a builtins library of its own exact release, which it dlopens by name, so the
# loader path decides (nlesc-recruit/cudawrappers#354). Before CUDA 11 it did not name the file: "nvrtc: error: failed
# to load builtins" (CuPy, cupy/cupy#1660 and ucbdrive/hd3#3; OpenMM, openmm/openmm#1485, "a library path issue"; TVM
# on a Jetson, dmlc/nnvm#408), "failed to load builtins for compute_75." (torch's fuser, aim-uofa/AdelaiDet#345);
# programs report its status, NVRTC_ERROR_BUILTIN_OPERATION_FAILURE (numba-cuda#196, flashlight/flashlight#124).
# Later releases name the file, "failed to open libnvrtc-builtins.so.11.1." (read with its major by MISSING_CUDA_LIB),
# or a build's unversioned soname: "nvrtc: error: failed to open libnvrtc-builtins.so." (LuxCore's bundled NVRTC).
NVRTC_BUILTINS_UNLOADED = re.compile(r"nvrtc: error: failed to (?:load builtins|open libnvrtc-builtins)|"
                                     r"NVRTC_ERROR_BUILTIN_OPERATION_FAILURE")
NVRTC_NAMED = re.compile(r"\blibnvrtc\.so\.(\d+\.\d+)")
# bitsandbytes' search for the runtime, and (0.35 to 0.38) its own verdict: "WARNING: No libcudart.so found! Install CUDA
# or the cudatoolkit package (anaconda)!"
BITSANDBYTES_SEEKS_RUNTIME = BITSANDBYTES_SEEKS_SO + r"|\bNo libcudart\.so found\b"
# bitsandbytes' CUDA setup (before 0.43) going on after it found no libcudart.so by name: it found the runtime in its
# backup paths ("CUDA SETUP: CUDA runtime path found: /usr/local/cuda/lib64/libcudart.so"), or took the CUDA release
# from PyTorch ("CUDA SETUP: PyTorch settings found: CUDA_VERSION=126", 0.41 and later, whose binary then loads the
# runtime PyTorch brings), or found no binary for that release (FW010's "Required library version not found").
# Then the runtime is not what is missing.
BITSANDBYTES_WENT_ON = (r"CUDA[_ ]SETUP: CUDA runtime path found", r"CUDA[_ ]SETUP: PyTorch settings found",
                        r"CUDA[_ ]SETUP: Required library version not found")
LINKED_SONAME = re.compile(rf"(?:(\S+\.so(?:\.[\d.]+)?): )?undefined reference to [`'\"]?\w+@(lib({CUDA_LIBS})\.so\.(\d+(?:\.\d+)?))")
UNVERSIONED_CUDA_LIB = re.compile(rf"\b(lib{CUDA_LIBS}\.so)(?![.\w])")
MISSING_MAJOR = re.compile(rf"(lib{CUDA_LIBS}\.so\.(\d+)|{CUDA_LIBS}64_(\d+)(?:_\d+)?\.dll)", re.I)
# JCuda's native libraries, named for the JCuda release, which is the CUDA release it binds: "When you have CUDA
# X.Y.(Z), then you should use JCuda X.Y.Z" (its maintainer, jcuda/jcuda#34); before 10.0 the release was 0.X.Y for
# CUDA X.Y (mavenized-jcuda: "0.5.0 for Cuda 5.0"). The loader's words: 'UnsatisfiedLinkError: Error while loading native
# library "JCurand-10.2.0-windows-x86_64"' (jcuda/jcuda-samples#9, beside CUDA 11).
JCUDA_NATIVE = re.compile(r"Error while loading native library \"?((J\w+)-(?:0\.)?(\d+)\.(\d+)\.\w+-"
                          r"(?:windows|linux|apple)-(?!aarch64)\w+)")
# ONNX Runtime's Python binding, on Windows, when its CUDA provider did not load and CUDA_PATH is set: "CUDA_PATH is
# set but CUDA wasn't able to be loaded. Please install the correct version of CUDA and cuDNN as mentioned in the GPU
# requirements page" (the apostrophe lost in copies: "wasnt"). Like "LoadLibrary failed with error 126" for
# onnxruntime_providers_cuda.dll, it says a DLL the provider links against (CUDA's or cuDNN's, of the majors the build
# was made for) is not on PATH, without saying which.
ORT_CUDA_NOT_LOADED = r"CUDA_PATH is set but CUDA wasn.?t able to be loaded"
ORT_PROVIDER_UNLOADED = (ORT_CUDA_NOT_LOADED, ORT_PROVIDER_DLL_UNLOADED)
# ONNX Runtime states the build's needs when its CUDA provider does not load:
# "Failed to create CUDAExecutionProvider. Require cuDNN 9.* and CUDA 12.*".
ORT_REQUIRES = re.compile(r"Require cuDNN (\d+)\.\* and CUDA (\d+)\.\*", re.I)


# NVIDIA's pip wheel holding each library, named for the CUDA major with -cu11, -cu12 (PyPI), for the libraries whose
# soname carries the CUDA major. cuFFT, cuRAND and cuSOLVER number theirs on their own (PyPI's nvidia-cufft-cu11 is
# cuFFT 10.9, libcufft.so.10): no wheel is named from their soname.
LIBRARY_WHEELS = {"cudart": "nvidia-cuda-runtime", "cublas": "nvidia-cublas", "cublasLt": "nvidia-cublas",
                  "cusparse": "nvidia-cusparse", "nvrtc": "nvidia-cuda-nvrtc", "nvJitLink": "nvidia-nvjitlink",
                  "nvrtc-builtins": "nvidia-cuda-nvrtc",
                  "cupti": "nvidia-cuda-cupti", "npp": "nvidia-npp", "nvjpeg": "nvidia-nvjpeg"}


def _wheels_holding(missing: str, major: str) -> str:
    """The runtime and cuBLAS wheels every CUDA program loads, and the one holding the missing library."""
    name = re.match(rf"(?:lib)?({CUDA_LIBS})(?:64_|\.so)", missing)
    library = name.group(1) if name else ""
    wheels = ["nvidia-cuda-runtime", "nvidia-cublas",
              LIBRARY_WHEELS.get("npp" if library.startswith("npp") else library, "nvidia-cuda-runtime")]
    return " ".join(f"{wheel}-cu{major}" for wheel in dict.fromkeys(wheels))


def _dll_major(digits: str) -> str:
    """cudart64_110.dll is CUDA 11.0, cudart64_90.dll CUDA 9.0, cublas64_12.dll CUDA 12."""
    if len(digits) == 3:
        return digits[:2]
    if len(digits) == 2 and int(digits) >= 20:
        return digits[0]
    return digits


def host_cuda(ctx: Context) -> Tuple[List[str], str]:
    """The CUDA releases this machine has (as precise as the facts say: "12.4", or "12" from a
    soname), and where they were read: toolkits, nvcc, libcudart on the loader path, package lists,
    `ldconfig -p`, or (only when none of those) what the report says in words."""
    f = ctx.facts
    found = [(t.version, f"cuda.toolkits: {t.path}") for t in f.cuda.toolkits if t.version]
    if f.cuda.nvcc_on_path_version:
        found.append((f.cuda.nvcc_on_path_version, "nvcc --version"))
    found += [(lib.version, lib.path) for lib in f.cuda.cudart if lib.version]
    found += [(lib.version, lib.source) for lib in f.libraries.found if lib.name == "cudart" and lib.version]
    if not found and f.cuda.stated_version:
        found.append((f.cuda.stated_version, f.cuda.stated_source))
    versions = sorted({".".join(v.split(".")[:2]) for v, _ in found})
    return versions, "; ".join(sorted({where for _, where in found}))


def host_cudnn(ctx: Context) -> Tuple[str, str]:
    """The cuDNN this machine has (version, where read), when the facts say."""
    for lib in ctx.facts.libraries.found:
        if lib.name == "cudnn" and lib.version and cudnn_major_exists(ctx, lib.version):
            return lib.version, lib.source or lib.location
    return "", ""


def cudnn_major_exists(ctx: Context, cudnn: str) -> bool:
    """Whether a cuDNN version read from a report has a major some cuDNN release had: a person's or a tool's
    number may be something else (CUDA.jl printed cuDNN 9.24 as "92.40.0", corpus 6830)."""
    major = cudnn.split(".")[0]
    return major.isdigit() and 0 < int(major) <= ctx.matrix.newest_cudnn_major()


def onnxruntime_needs(ctx: Context) -> Tuple[str, str, str]:
    """(CUDA major, cuDNN major, why) the installed ONNX Runtime's CUDA provider needs: what its own
    error message says, else the build's row in matrices/onnxruntime.toml (PyPI's default build
    unless the facts name the CUDA it was built for)."""
    said = ORT_REQUIRES.search(" ".join(ctx.observations))
    if said:
        return said.group(2), said.group(1), f"ONNX Runtime: {said.group(0)}"
    ort = ctx.framework("onnxruntime")
    if ort is None or not ort.version or (ort.accelerator != "cuda" and not ctx.observed(ORT_PROVIDER_FAILED)):
        return "", "", ""
    try:
        rows = ctx.matrix.onnxruntime_builds(ort.version)
    except (QueryError, InvalidVersion):
        return "", "", ""
    if ort.build_cuda:
        rows = [r for r in rows if _major(r["cuda"]) == ort.build_cuda.split(".")[0]]
    if not rows:
        return "", "", ""
    row = rows[0]
    cudnn = re.match(r">=(\d+)", row.get("cudnn", ""))
    return (_major(row["cuda"]), cudnn.group(1) if cudnn else "",
            f"matrices/onnxruntime.toml: onnxruntime-gpu {row['onnxruntime_gpu']} built with CUDA {row['cuda']}, "
            f"cuDNN {row.get('cudnn', '?')}")


# TensorFlow saying it sees no GPU, without saying why: a device list with the CPU alone, the tutorial's count, the GPU
# list empty ("list_physical_devices('GPU')" then "[]"), or a person saying so of that list ("I get an empty list  [ ]",
# tensorflow/tensorflow#63362; "returns an empty list"), or TensorFlow's own "Cannot dlopen some GPU libraries" and
# "Skipping registering GPU devices...", which 2.16 prints with no library named above them (#63362 again).
TF_SEES_NO_GPU = (r"^\W*\[PhysicalDevice\(name='/physical_device:CPU:0', device_type='CPU'\)\]\W*$",
                  r"Num GPUs Available:?\s*0\b", r"is_gpu_available\(\)\W{0,6}(?:->|=|is|returns)?\W{0,6}False",
                  r"list_physical_devices\(\W*GPU\W*\)\W{0,4}\[\s*\]",
                  r"\b(?:I\s+(?:get|got)|(?:it\s+)?(?:returns?|returned|gives?|gave))\s+(?:an?\s+)?empty\s+list\b",
                  r"\bSkipping registering GPU devices\b")
# TensorFlow 2.16 loads the CUDA 12 libraries of its [and-cuda] extra from the nvidia-* wheels in site-packages, and
# does not find them there by itself: the GPU list comes back empty until each nvidia/*/lib directory is put on
# LD_LIBRARY_PATH (tensorflow/tensorflow#63362, "TF 2.16.1 Fails to work with GPUs", labelled TF 2.16, where 2.15.1
# works on the same machine and the LD_LIBRARY_PATH script of the thread makes the GPU recognisable; #65842 asks how to
# set that path after pip install tensorflow[and-cuda] with 2.16.1). The releases it is known for: 2.16 alone.
TF_MISSES_ITS_WHEELS = ("2.16", "2.17")  # from, before


def tensorflow_needs(ctx: Context) -> Tuple[str, str]:
    """(CUDA, why) the installed TensorFlow loads from the system when it sees no GPU: its tested configuration's
    CUDA in matrices/tensorflow.toml, the exact release before CUDA 11 (libcudart.so.10.1, cudart64_101.dll), the
    major from 11 on. Only releases before 2.14, which had no pip-installed CUDA of their own."""
    tensorflow = ctx.framework("tensorflow")
    if tensorflow is None or not tensorflow.version or not ctx.observed(TF_SEES_NO_GPU) \
            or older_than(tensorflow.version, "2.14") is not True:
        return "", ""
    try:
        row = ctx.matrix.tensorflow_release(tensorflow.version)
    except (QueryError, InvalidVersion):
        return "", ""
    cuda = row.get("cuda", "")
    if not re.fullmatch(r"\d+\.\d+", cuda):
        return "", ""
    needed = cuda if int(cuda.split(".")[0]) <= 10 else cuda.split(".")[0]
    return needed, f"TensorFlow {tensorflow.version} (built and tested with CUDA {cuda}, matrices/tensorflow.toml)"


def _tensorflow_misses_its_wheels(ctx: Context) -> Optional[Hit]:
    """TensorFlow 2.16 on Linux seeing no GPU, no library named: the release that does not find the CUDA libraries of
    its own [and-cuda] extra. Native Windows has no GPU build of it at all (FW006)."""
    tensorflow = ctx.framework("tensorflow")
    start, end = TF_MISSES_ITS_WHEELS
    if tensorflow is None or not tensorflow.version or on_native_windows(ctx):
        return None
    if older_than(tensorflow.version, start) is not False or older_than(tensorflow.version, end) is not True:
        return None
    no_gpu = ctx.observed(TF_SEES_NO_GPU)
    if not no_gpu:
        return None
    extra = ctx.observed([r"tensorflow\[and[- ]cuda\]"])
    return Hit(f"TensorFlow {tensorflow.version} loads its CUDA 12 libraries from the nvidia-* wheels its [and-cuda] "
               "extra installs, and 2.16 does not find them in site-packages by itself, so it lists no GPU" +
               ("" if extra else "; without that extra they are not installed at all"),
               evidence={"tensorflow": tensorflow.version, "observed": no_gpu[0].strip()[:200],
                         **({"installed_with": extra[0].strip()[:200]} if extra else {})},
               references=["https://github.com/tensorflow/tensorflow/issues/63362"],
               fix=([] if extra else [f"pip install 'tensorflow[and-cuda]=={tensorflow.version}'"]) +
                   ["export LD_LIBRARY_PATH=$(python -c \"import glob, os, nvidia; print(':'.join(sorted(glob.glob("
                    "os.path.join(nvidia.__path__[0], '*', 'lib')))))\"):$LD_LIBRARY_PATH  # in the environment's "
                    "activate script, so every shell gets it",
                    "# or pip install 'tensorflow[and-cuda]==2.15.1', which finds them itself"])


def _major(cuda: str) -> str:
    """The CUDA major of a version or a specifier (">=12.0,<13" -> "12")."""
    found = re.search(r"\d+", cuda)
    return found.group(0) if found else ""


# torch 2.0 and 2.1 (Linux CUDA wheels) preload the libraries of the nvidia-* wheels they depend on, looking for them in
# each sys.path entry's nvidia/ folder, and name the file pattern they did not find: "ValueError: libcublas.so.*[0-9]
# not found in the system path [...]" (finic-ai/rag-stack#44, zai-org/ChatGLM3#317), "ValueError:
# libnvrtc.so.*[0-9].*[0-9] not found in the system path" (pytorch/pytorch#100974, Garden-AI/garden#213).
TORCH_PRELOAD_MISSING = re.compile(r"\b(lib\w+)\.so(?:\.\*\[0-9\])+ not found in the system path")


def _torch_wheels_missing(ctx: Context, library: str) -> Hit:
    """torch's CUDA build came without the nvidia-* wheels it depends on: an installer left its dependencies out."""
    torch = ctx.framework("torch")
    release = torch.version.split("+")[0] if torch is not None and torch.version else ""
    return Hit(f"torch's CUDA build looks for {library} in the nvidia-* wheels it depends on, and they are not "
               "installed beside it: the installer left torch's dependencies out (pip --no-deps; Poetry did so for "
               "torch 2.0.1 and 2.1.0, whose published metadata it read without them)", evidence={"library": library},
               confirmed=True, references=["https://github.com/pytorch/pytorch/issues/100974",
                                           "https://github.com/python-poetry/poetry/issues/8580"],
               fix=[f"pip install --force-reinstall torch{'==' + release if release else ''}  # with its dependencies: "
                    "the nvidia-* wheels that hold its CUDA libraries",
                    "pip show torch  # Requires: lists the nvidia-* wheels it needs",
                    "Poetry: exclude torch 2.0.1 and 2.1.0 in the project's requirement (!=2.0.1,!=2.1.0) and lock "
                    "again"])


@rule("LIB004", "cuda-libraries-missing", "error", "The loader does not find the CUDA libraries a package was built for",
      signatures=MISSING_CUDA_LIB + (SEPARATE_CUDA_LIB.pattern, JAX_LIBRARY_UNLOADABLE, BITSANDBYTES_SEEKS_RUNTIME,
                                     TORCH_PRELOAD_MISSING.pattern, NVRTC_BUILTINS_UNLOADED.pattern,
                                     DLL_NOT_FOUND_EXIT.pattern, TF_SELF_CHECK_CUDART.pattern, JCUDA_NATIVE.pattern,
                                     *ORT_PROVIDER_UNLOADED),
      priority=18,
      references=("https://docs.nvidia.com/deploy/cuda-compatibility/",
                  "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements"))
def cuda_libraries_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open
    shared object file"; "libcublas.so.11: cannot open shared object file"; on Windows
    "cublas64_12.dll not found"; ONNX Runtime: "Failed to create CUDAExecutionProvider. Require
    cuDNN 9.* and CUDA 12.*" or "LoadLibrary failed with error 126 ... onnxruntime_providers_cuda.dll",
    its Python binding on Windows "CUDA_PATH is set but CUDA wasn't able to be loaded";
    JAX: "RuntimeError: Unable to load cuSPARSE. Is it installed?", then "a CUDA-enabled jaxlib is
    not installed. Falling back to cpu". bitsandbytes before 0.43 on Linux: "CUDA_SETUP: WARNING!
    libcudart.so not found in any environmental path. Searching in backup paths...", no runtime
    found in those either, then "Loading binary .../libbitsandbytes_cpu.so". Libraries kept apart
    from the others: "libnvvm.so.4: cannot open shared object file" (the toolkit's nvvm/lib64),
    "libcustatevec.so.1: cannot open shared object file" (cuQuantum's own packages), "libnvToolsExt.so.1:
    cannot open shared object file" (NVTX 2, gone from CUDA 12.9 on), "libnccl.so.2: cannot open
    shared object file" (NCCL, never part of a toolkit). torch 2.0 and 2.1 on
    import: "ValueError: libcublas.so.*[0-9] not found in the system path". NVRTC before CUDA 11:
    "nvrtc: error: failed to load builtins", status NVRTC_ERROR_BUILTIN_OPERATION_FAILURE. TensorFlow's
    Windows self-check: "ctypes.WinDLL(build_info.cudart_dll_name)" failing with "OSError: [WinError 126]".
    JCuda, whose native libraries bind one CUDA release, beside CUDA 11:
    `Error while loading native library "JCurand-10.2.0-windows-x86_64"`. Retold with the errno's words:
    "ImportError libcudart.so.9.0: No such file or directory"; Java: "java.lang.UnsatisfiedLinkError:
    /tmp/javacpp123/libjnicaffe.so: libcudart.so.7.5"; a library of another release put in its place:
    "/lib64/libcublas.so.9.0: version `libcublas.so.9.0' not found".

    Why:
    A package that does not bring its own CUDA (ONNX Runtime, TensorFlow before 2.14, CuPy,
    bitsandbytes, most C++ programs) loads the CUDA runtime libraries of the major it was built
    for: libcudart.so.11.0 for a CUDA 11 build, libcublas.so.12 for CUDA 12. Minor-version
    compatibility covers 12.x for a 12.x build, never another major: a CUDA 11 build on a machine
    with only CUDA 12 (or the other way round) finds nothing to load. JAX's CUDA plugin loads each
    library from its pip wheel (nvidia-cusparse-cu12, ...) and checks it at start-up; a wheel that
    is missing, of another release than the plugin wants, or half replaced by an upgrade fails
    that check, and JAX carries on on the CPU. NVRTC, which compiles kernels at run time, opens a
    builtins library (libnvrtc-builtins) of its own exact release by name, through the loader path.

    Fix:
    Install the package's build for the CUDA major you have (onnxruntime-gpu >= 1.19 is CUDA 12 on
    PyPI; earlier CUDA 12 builds come from ONNX Runtime's own index), or add the libraries of the
    major it wants next to yours (`pip install nvidia-cuda-runtime-cu11 nvidia-cublas-cu11`, or the
    distribution's cuda-libraries-11-8), and put their directory on the loader path. For JAX:
    uninstall jax, jaxlib and the jax-cuda plugin packages, and install jax[cuda12] again in one
    command, which brings the CUDA wheels its plugin was built with. For NVVM and cuStateVec, whose
    file numbers are their own, add the directory that holds them to the loader path. For NVTX 2 under CUDA
    12.9 or newer, add 12.8's NVTX beside it, or use a build made against the header-only NVTX 3.

    When to ignore:
    Never while you want that package on the GPU; it falls back to the CPU or stops.
    """
    if ctx.shared("l4t_mismatch", l4t_mismatch):
        return  # a Jetson container's CUDA comes with its L4T release: CTR010 names the mismatch
    if not seen:
        wheels_unfound = _tensorflow_misses_its_wheels(ctx)
        if wheels_unfound:
            yield wheels_unfound
            return
    if seen and all(DLL_NOT_FOUND_EXIT.search(line) for line in seen):
        yield _windows_dll_not_found(ctx, seen)
        return
    # a library of the CUDA release numbering (libcublas.so.11, cudart64_110.dll) named as missing: the readings of a
    # library apart (NVVM, NVTX) or of NVRTC's builtins step aside for it
    release_library_named = any(re.search(pattern, line) for line in seen for pattern in MISSING_CUDA_LIB)
    apart = first_match(SEPARATE_CUDA_LIB, seen)
    # (Numba's "libNVVM cannot be found" asks for a whole toolkit: TK002 explains it)
    if apart and not ctx.observed((NVVM_MISSING,)) and not release_library_named:
        what, fix = SEPARATE_CUDA_HOMES[apart.group(2)]
        yield Hit(f"the loader does not find {apart.group(1)}, {what}: it is not installed, or its directory is not "
                  "on the loader path", evidence={"library": apart.group(1)}, fix=fix)
        return
    jax_library = first_match(JAX_LIBRARY_NAMED, seen)
    if jax_library:
        hit = _jax_library_unloadable(ctx, jax_library.group(1))
        if hit:
            yield hit
        return
    builtins = first_match(NVRTC_BUILTINS_UNLOADED, seen)
    if builtins and not release_library_named:
        yield _nvrtc_builtins_unloaded(ctx)
        return
    preload = first_match(TORCH_PRELOAD_MISSING, seen)
    if preload:
        yield _torch_wheels_missing(ctx, preload.group(1))
        return
    versions, host_where = host_cuda(ctx)
    majors = sorted({v.split(".")[0] for v in versions})
    linked = first_match(LINKED_SONAME, seen)
    if linked:
        needer, soname, library, release = linked.groups()
        who = f"{needer.rsplit('/', 1)[-1]} was linked against" if needer else "The build links against"
        yield Hit(f"{who} {soname} (the {library} of CUDA {release}), which the linker does not find" + (f"; this machine has CUDA {', '.join(versions)}" if versions else ""),
                  evidence={"needs": soname, "asked_by": needer or "", "host_cuda": versions, "host_cuda_source": host_where},
                  confirmed=bool(versions), fix=[
                      f"install CUDA {release}'s {library} library beside your toolkit (the CUDA {release} toolkit or "
                      f"its {library} component; the package's release notes name this runtime requirement)",
                      f"add the directory holding {soname} to the linker and loader path (-L and LD_LIBRARY_PATH, or "
                      "/etc/ld.so.conf.d and sudo ldconfig)", f"ldconfig -p | grep lib{library}"])
        return
    # bitsandbytes' search names the files it tried ("did not contain ['libcudart.so', 'libcudart.so.11.0', ...]"):
    # none of them is a library a build needs, and the search may yet succeed
    searched = [line for line in seen if re.search(BITSANDBYTES_SEEKS_RUNTIME, line)
                and not any(re.search(pattern, line) for pattern in MISSING_CUDA_LIB)]
    seen = [line for line in seen if line not in searched]
    wanted = []  # (major, what asked for it)
    for text in seen:
        found = MISSING_MAJOR.search(text)
        if found:
            major = found.group(2) or _dll_major(found.group(3))
            minor = re.search(rf"{re.escape(found.group(1))}\.(\d+)", text)
            if found.group(3) and int(major) <= 10:
                minor = re.match(major + r"(\d)$", found.group(3))  # cudart64_101.dll is 10.1, cudart64_90.dll 9.0
            # before CUDA 11 the soname named the minor too (libcudart.so.10.1): that exact release is needed
            soname = found.group(1) + (f".{minor.group(1)}" if minor and not found.group(3) else "")
            wanted.append((f"{major}.{minor.group(1)}" if minor and int(major) <= 10 else major, soname))
    jcuda = first_match(JCUDA_NATIVE, seen)
    if jcuda and not wanted:
        release = f"{jcuda.group(3)}.{jcuda.group(4)}"
        wanted.append((release, f"JCuda's native library {jcuda.group(1)} (JCuda {release} binds CUDA {release})"))
    ort_cuda, _cudnn, why = onnxruntime_needs(ctx)
    if ort_cuda:
        wanted.append((ort_cuda, why))
    tf_cuda, why = tensorflow_needs(ctx)
    if tf_cuda and not wanted:
        wanted.append((tf_cuda, why))
    # ONNX Runtime's provider failing names no library: with the CUDA its build needs present here, cuDNN (LIB002) or
    # PATH may be the cause, so that alone does not say the CUDA libraries are unfound
    named = [line for line in seen if not any(re.search(p, line, re.I) for p in ORT_PROVIDER_UNLOADED)]
    for major, what in wanted:
        on_windows = ".dll" in what or "-windows-" in what or ctx.facts.system.os == "windows"
        present = major in majors or ("." in major and major in versions)
        if present and not named:
            continue
        ort = ctx.framework("onnxruntime")
        fix = [f"pip install {_wheels_holding(what, major)}  # the CUDA {major} libraries, "
               "then add their lib directories to LD_LIBRARY_PATH (PATH on Windows)" if "." not in major else
               f"install the CUDA {major} runtime libraries (cuda-libraries-{major.replace('.', '-')}, or the CUDA {major} "
               "toolkit) and add their lib64 to LD_LIBRARY_PATH"]
        if ctx.observed([PADDLE_DEPENDS]):
            fix.insert(0, PADDLE_POST_BUILD)
        if ort is not None or "onnxruntime" in what.lower() or "ONNX" in what:
            have = majors[-1] if majors else ""
            fix.insert(0, "pip install 'onnxruntime-gpu>=1.19'  # built for CUDA 12 and cuDNN 9" if have == "12" else
                       "pip install 'onnxruntime-gpu<1.19'  # the CUDA 11.8 build" if have == "11" else
                       "pip install the onnxruntime-gpu build for your CUDA major (see the requirements table)")
        if present:
            release = next((v for v in versions if v.split(".")[0] == major.split(".")[0] and "." in v), major)
            # the CUDA installer sets CUDA_PATH_V11_2 for each release it installs, and CUDA_PATH for the last one
            windows_cuda = f"%CUDA_PATH_V{'_'.join(release.split('.')[:2])}%" if "." in release else "%CUDA_PATH%"
            yield Hit(f"{what} needs the CUDA {major} libraries: this machine has CUDA {major}, but the loader does not "
                      "find them", evidence={"wanted_cuda": major, "host_cuda_source": host_where, "asked_by": what},
                      fix=[f"set PATH={windows_cuda}\\bin;%PATH%  # CUDA {release}'s bin directory, "
                           "where its DLLs are; then restart the program (an IDE or shell started before the change "
                           "keeps the old PATH)", "where cublas64_*.dll  # which directories on PATH hold them"]
                      if on_windows else
                      [f"export LD_LIBRARY_PATH=/usr/local/cuda-{major}/lib64:$LD_LIBRARY_PATH  # where CUDA {major} "
                       "is installed; or sudo ldconfig after adding it to /etc/ld.so.conf.d",
                       "ldconfig -p | grep libcudart"])
        elif majors:
            have = versions if "." in major else majors
            # a program linked against another major's library runs again once rebuilt for the CUDA installed (a
            # distribution's FFmpeg after a CUDA upgrade): the other way out when the old libraries are not wanted
            rebuild = [] if "onnxruntime-gpu" in fix[0] else [
                f"# or use a build of the program that loads {what} made for CUDA {have[-1]}: rebuild it, or, for a "
                "distribution's package, update it or ask its packager to rebuild it for this CUDA"]
            yield Hit(f"{what} needs the CUDA {major} libraries; this machine has CUDA {', '.join(have)}",
                      evidence={"wanted_cuda_major": major, "host_cuda": majors, "host_cuda_source": host_where,
                                "asked_by": what}, fix=fix + rebuild, confirmed=True)
        elif named and on_windows:
            # Windows loads a DLL from PATH only: CUDA_PATH, which the installer sets, is not searched
            release = "_".join(major.split(".")[:2]) if "." in major else ""
            yield Hit(f"{what} needs the CUDA {major} libraries and the loader does not find them: CUDA {major} is "
                      "not installed, or its bin directory is not on PATH",
                      evidence={"wanted_cuda_major": major, "asked_by": what}, fix=fix[:-1] + [
                          f"where {what if what.endswith('.dll') else 'cudart64_*.dll'}  # no answer: the directory "
                          "that holds it is not on PATH",
                          f"set PATH=%CUDA_PATH_V{release}%\\bin;%PATH%  # when CUDA {major} is installed; restart "
                          "the program (a shell or IDE started before the change keeps the old PATH)" if release else
                          f"add the bin directory of your CUDA {major} installation to PATH (its installer sets "
                          f"CUDA_PATH_V{major}_<minor>); restart the program afterwards",
                          f"otherwise install them: pip install nvidia-cuda-runtime-cu{major} nvidia-cublas-cu{major}, and "
                          "put the wheels' bin directories on PATH; or the package's build for the CUDA you have"
                          if not release else f"otherwise install the CUDA {major} toolkit (or the package's build for "
                          "the CUDA you have)"])
        elif named:
            yield Hit(f"{what} needs the CUDA {major} libraries and the loader does not find them: they are not "
                      "installed, or their directory is not on the loader path",
                      evidence={"wanted_cuda_major": major, "asked_by": what}, fix=fix + [
                          "ldconfig -p | grep -E 'libcudart|libcublas'  # which CUDA majors the loader has"])
        else:
            continue
        return
    if seen and not named:
        yield _onnxruntime_provider_unloaded(ctx, seen)
        return
    bitsandbytes = None if wanted else _bitsandbytes_found_no_runtime(ctx, searched)
    if bitsandbytes:
        yield bitsandbytes
        return
    unversioned = None if wanted else first_match(UNVERSIONED_CUDA_LIB, seen)
    if unversioned:
        yield _unversioned_library_missing(ctx, unversioned.group(1), versions, host_where)
    elif not wanted and (self_check := first_match(TF_SELF_CHECK_CUDART, seen)):
        yield Hit("TensorFlow's self-check could not load the CUDA runtime DLL its build was made for: that CUDA "
                  "release is not installed, or its bin directory is not on PATH" +
                  (f"; this machine has CUDA {', '.join(versions)}" if versions else ""),
                  evidence={"observed": self_check.group(0),
                            **({"host_cuda": versions, "host_cuda_source": host_where} if versions else {})},
                  fix=["type <python>\\Lib\\site-packages\\tensorflow\\python\\platform\\build_info.py  # its "
                       "cudart_dll_name and cuda_version_number: the CUDA release this build loads",
                       "install that CUDA release (or only its runtime) and put its bin directory on PATH; restart "
                       "the shell or IDE afterwards",
                       "or install the TensorFlow release built for the CUDA you have (TensorFlow's tested build "
                       "configurations: https://www.tensorflow.org/install/source_windows#gpu)"])


def _onnxruntime_provider_unloaded(ctx: Context, seen: List[str]) -> Hit:
    """ONNX Runtime's CUDA provider DLL did not load, and neither its words nor the facts say which library or which
    build: a CUDA or cuDNN DLL of the majors the build needs is not on PATH (most often the CUDA one in the corpus; its
    requirements table says which majors each release needs)."""
    versions, host_where = host_cuda(ctx)
    return Hit("ONNX Runtime's CUDA provider did not load: a CUDA or cuDNN library of the majors this onnxruntime-gpu "
               "build needs is not on PATH" + (f" (this machine has CUDA {', '.join(versions)})" if versions else ""),
               generic=True, evidence={"observed": seen[0].strip()[:200],
                                       **({"host_cuda": versions, "host_cuda_source": host_where} if versions else {})},
               references=["https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements"],
               fix=["pip show onnxruntime-gpu  # its version: the requirements table names the CUDA and cuDNN majors "
                    "of each release (1.19 and later on PyPI: CUDA 12 and cuDNN 9)",
                    "where cudart64_*.dll cublas64_*.dll cudnn64_*.dll  # which CUDA and cuDNN majors PATH holds",
                    "install the CUDA and cuDNN of those majors and put their bin directories on PATH, or the "
                    "onnxruntime-gpu build for the CUDA you have; restart the shell or IDE afterwards"])


def _windows_dll_not_found(ctx: Context, exited: List[str]) -> Hit:
    """Windows stopped the program before it ran: a DLL it links against is nowhere on the DLL search path. For a CUDA
    build that is, most often, its CUDA release's runtime DLLs (a build for CUDA 11 on a machine with CUDA 12 only);
    otherwise the Visual C++ runtime. A build named by its CUDA release in the command or path says which."""
    named = next((m for line in exited + ctx.observed([BUILD_CUDA_NAMED.pattern]) for m in [BUILD_CUDA_NAMED.search(line)]
                  if m), None)
    major = (named.group(1) or named.group(3)) if named else ""
    versions, _where = host_cuda(ctx)
    return Hit("The program exited with STATUS_DLL_NOT_FOUND (0xC0000135): Windows found no copy of a DLL it needs"
               + (f"; it is a CUDA {major} build, so most likely the CUDA {major} runtime DLLs (cudart64_*, cublas64_"
                  f"{major}) are not on PATH" if major else ": for a CUDA build, most likely its CUDA release's runtime "
                  "DLLs; otherwise the Visual C++ runtime")
               + (f"; this machine has CUDA {', '.join(versions)}" if versions else ""),
               evidence={"observed": exited[0].strip()[:200], **({"build_cuda_major": major} if major else {})},
               fix=[f"install the CUDA {major} runtime DLLs: the CUDA {major} toolkit, or pip install "
                    f"nvidia-cuda-runtime-cu{major} nvidia-cublas-cu{major} with their bin directories added to PATH; "
                    "or use the program's build for the CUDA you have" if major else
                    "install the CUDA runtime of the program's build (its release notes name it) and add its bin "
                    "directory to PATH, or use the program's build for the CUDA you have",
                    "install the Microsoft Visual C++ Redistributable (x64), the other runtime such programs load",
                    "where cudart64_*.dll cublas64_*.dll  # which CUDA runtime DLLs PATH reaches"])


def _nvrtc_builtins_unloaded(ctx: Context) -> Hit:
    """NVRTC did not load its builtins: the file is absent, of another release, or off the loader path. A libnvrtc
    named anywhere in the report (a listing, ldd) gives the release the builtins must have."""
    named = first_match(NVRTC_NAMED, ctx.observations)
    wanted = f"libnvrtc-builtins.so.{named.group(1)}" if named else "libnvrtc-builtins.so of the libnvrtc in use"
    return Hit(f"NVRTC could not load its builtins library ({wanted}), which it opens by name at run time: the file "
               "is missing, comes from another CUDA release than libnvrtc, or its directory is not on the loader path",
               evidence={"library": wanted}, references=["https://docs.nvidia.com/cuda/nvrtc/index.html"],
               fix=["find / -name 'libnvrtc*' 2>/dev/null  # libnvrtc and libnvrtc-builtins must be of one release",
                    "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH  # the directory holding both "
                    "(on Windows: add the toolkit's bin directory to PATH)",
                    "or install the NVRTC of the program's CUDA release whole (the toolkit's cuda-nvrtc package, or "
                    "pip install nvidia-cuda-nvrtc-cu12 for a CUDA 12 build)"])


def _bitsandbytes_found_no_runtime(ctx: Context, said: List[str]) -> Optional[Hit]:
    """bitsandbytes (before 0.43) looked for the CUDA runtime on the loader path, in the environment's lib and in its
    backup paths, and found none: it loads its CPU library, and 8-bit and 4-bit work fails. On native Windows the
    same search is the sign of a Linux-only release (FW008 names that)."""
    if not said or on_native_windows(ctx, named=False) or ctx.observed(BITSANDBYTES_WENT_ON):
        return None
    prefix = re.search(r"(\S*?)/lib/python3[\d.]*/(?:site|dist)-packages/bitsandbytes\b", " ".join(ctx.observations))
    conda = bool(prefix and re.search(r"/(?:ana|mini)conda\d?/|/envs/|/mambaforge/|/miniforge\d?/", prefix.group(1)))
    # bitsandbytes looks for the file names libcudart.so, libcudart.so.11.0 and libcudart.so.12.0: CUDA 12's
    # runtime package has only libcudart.so.12, its -dev package the bare link
    where = [f"conda install -p {prefix.group(1)} -c nvidia cuda-cudart-dev  # libcudart.so in this conda environment, "
             "which bitsandbytes searches first (for CUDA 11: cudatoolkit)"] if conda else []
    said_at = re.search(BITSANDBYTES_SEEKS_RUNTIME, said[-1])
    return Hit("bitsandbytes found no CUDA runtime library (libcudart.so) on the loader path, in its environment or "
               "in its backup paths, so it loaded its CPU-only library",
               evidence={"observed": said[-1][said_at.start():said_at.end() + 60].strip(), "asked_by": "bitsandbytes"},
               fix=where + ["find / -name 'libcudart.so*' 2>/dev/null  # where a CUDA runtime is installed, if any",
                            "export LD_LIBRARY_PATH=<that directory>:$LD_LIBRARY_PATH  # then run again; or install the "
                            "CUDA toolkit (its lib64 holds libcudart.so)",
                            "pip install -U 'bitsandbytes>=0.43.0'  # later releases find the runtime PyTorch brings"])


def _unversioned_library_missing(ctx: Context, name: str, versions: List[str], host_where: str) -> Hit:
    """A program that loads a CUDA library by its bare name (libcublas.so) found none: that name is the link a
    toolkit's development files put beside the versioned library, so no toolkit's lib64 is on the loader path (or
    only the runtime packages, without the links, are installed). Which CUDA the program wants is not in the
    message."""
    have = f"; this machine has CUDA {', '.join(versions)}" if versions else ""
    fix = [f"ldconfig -p | grep {name}  # the copies the loader knows; none with the bare name means no toolkit's "
           "lib64 is on its path",
           "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH  # the CUDA toolkit the program was built "
           "for, where it is installed (or sudo ldconfig after adding it to /etc/ld.so.conf.d)",
           "otherwise install that CUDA toolkit release, whose development files bring the unversioned links"]
    if ctx.observed([PADDLE_DEPENDS]):
        fix.insert(0, PADDLE_POST_BUILD)
    return Hit(f"{name} does not load: the program asks for the CUDA library by its bare name, which only a CUDA "
               f"toolkit's lib64 provides, and the loader finds none{have}",
               evidence={"asked_by": name, "host_cuda": versions, "host_cuda_source": host_where}, fix=fix)


# The pip wheel that holds each library JAX's CUDA plugin checks at start-up (the plugin's extra, jax[cuda12], depends
# on these; the names are the wheels' on PyPI, cu12 shown, cu13 likewise).
JAX_LIBRARY_WHEELS = {"CUDA": "nvidia-cuda-runtime", "cuDNN": "nvidia-cudnn", "cuFFT": "nvidia-cufft",
                      "cuSOLVER": "nvidia-cusolver", "cuPTI": "nvidia-cuda-cupti", "cuBLAS": "nvidia-cublas",
                      "cuSPARSE": "nvidia-cusparse", "NCCL": "nvidia-nccl"}
JAX_LIBRARY_NAMED = re.compile(JAX_LIBRARY_UNLOADABLE)
JAX_PLUGIN_MAJOR = re.compile(r"jax[_\[-]?(?:plugins[/\\.]xla_)?cuda(\d+)", re.I)


def _jax_library_unloadable(ctx: Context, library: str) -> Optional[Hit]:
    """JAX's CUDA plugin could not load one of its libraries: its wheel is missing, or not the plugin's release. None
    when the driver is too old for the plugin's CUDA major: the libraries do not load on it (DRV005 names that)."""
    found = first_match(JAX_PLUGIN_MAJOR, ctx.observations)
    major = found.group(1) if found else "12"
    driver = ctx.driver_version()
    newest = ctx.matrix.newest_cuda_for_driver(driver) if driver else None
    if newest and int(newest.split(".")[0]) < int(major):
        return None
    wheel = f"{JAX_LIBRARY_WHEELS.get(library, 'nvidia-cuda-runtime')}-cu{major}"
    path = ctx.facts.env.variables.get("LD_LIBRARY_PATH", "")
    return Hit(f"JAX's CUDA {major} plugin could not load {library} (pip's {wheel}), so JAX runs on the CPU",
               evidence={"library": library, "wheel": wheel, "env.LD_LIBRARY_PATH": path},
               fix=[f"pip show {wheel}  # is the wheel there, and which release",
                    f"pip uninstall -y jax jaxlib jax-cuda{major}-plugin jax-cuda{major}-pjrt",
                    f"pip install -U 'jax[cuda{major}]'  # the plugin with the CUDA wheels it was built with",
                    "unset LD_LIBRARY_PATH  # if it names another CUDA, whose libraries are found first" if path else
                    "echo $LD_LIBRARY_PATH  # another CUDA listed here is found before the wheels"])


# TensorRT refusing a serialized engine, in its releases' words: 7-8.0 "expecting library version 8.0.0
# got 8.0.1"; 6-7 and 8.2+ "Version tag does not match. Note: Current Version: 96, Serialized Engine Version: 87".
# TensorRT 8.x and 10.x put the failed check first, and the numbers may be cut off or left out: "Serialization assertion
# stdVersionRead == kSERIALIZATION_VERSION failed.Version tag does not match", "Current: 240, Serialized Engine: 239".
TRT5_PLAN_TEXT = r"engine plan file is incompatible with this version of TensorRT"
TRT5_VERSIONS = re.compile(r"incompatible with this version of TensorRT, expecting (\d+(?:\.\d+)+?)\s*got "
                           r"(-?[\d.]+?)[,.]?\s")
TRT_VERSION_TEXT = (r"engine plan file is not compatible with this version of TensorRT",
                    r"Version tag does not match\.?\s*Note: Current Version: \d+, Serialized Engine Version: \d+",
                    r"stdVersionRead == kSERIALIZATION_VERSION failed",
                    # TensorRT 6 and 7 (JetPack 4.3) without the numbers: "coreReadArchive.cpp (38) - Serialization
                    # Error in verifyHeader: 0 (Version tag does not match)"
                    r"Serialization Error in verifyHeader: \d+ \(Version tag does not match\)",
                    # TensorRT 5 (JetPack 4.2), this runtime's release first, the engine's run into it: "The engine plan
                    # file is incompatible with this version of TensorRT, expecting 5.0.4.3got 5.0.2.6, please rebuild."
                    TRT5_PLAN_TEXT)
TRT_VERSIONS = re.compile(r"expecting library version (\S+?),? got (\S+?)[,.]?\s|"
                          r"Current(?: Version)?: (\d+), Serialized Engine(?: Version)?: (\d+)")
TRT_DEVICE_TEXT = r"engine plan file is generated on an incompatible device,? expecting compute (\d+\.\d+) got compute (\d+\.\d+)"
TRT_DEVELOPER_GUIDE = "https://docs.nvidia.com/deeplearning/tensorrt/latest/inference-library/advanced.html"


@rule("LIB005", "tensorrt-engine-version-mismatch", "error", "A TensorRT engine built by another TensorRT release",
      signatures=TRT_VERSION_TEXT, priority=20, references=(TRT_DEVELOPER_GUIDE,))
def tensorrt_engine_version_mismatch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "The engine plan file is not compatible with this version of TensorRT, expecting library version
    8.0.0 got 8.0.1, please rebuild."; TensorRT 5: "The engine plan file is incompatible with this
    version of TensorRT, expecting 5.0.4.3got 5.0.2.6, please rebuild.";
    "Serialization Error in verifyHeader: 0 (Version tag does not
    match. Note: Current Version: 96, Serialized Engine Version: 87)"; then "Engine deserialization
    failed". TensorRT 8.x/10.x: "Serialization assertion stdVersionRead == kSERIALIZATION_VERSION failed.Version
    tag does not match"; Triton serving an engine built in another container release says the same.
    TensorRT 6 and 7 without numbers: "Serialization Error in verifyHeader: 0 (Version tag does not match)".

    Why:
    A serialized TensorRT engine (.plan, .engine, .trt) can only be loaded by the TensorRT release
    that built it (unless it was built version-compatible, TensorRT 8.6+). A pip or apt upgrade of
    TensorRT, or an engine copied from another machine or container, leaves an engine the runtime
    refuses.

    Fix:
    Rebuild the engine with the TensorRT that runs it (trtexec --onnx=model.onnx
    --saveEngine=model.plan, or the framework's export), or pin the TensorRT release that built it.

    When to ignore:
    Never: the engine does not load.
    """
    if seen:
        text = " ".join(seen) + " "
        found, old_form = TRT_VERSIONS.search(text), TRT5_VERSIONS.search(text)
        numbers = [g for g in found.groups() if g] if found else []
        if found and len(numbers) == 2:
            runtime, engine = (numbers[1], numbers[0]) if found.group(1) else (numbers[0], numbers[1])
        elif old_form:  # a negative "version" is a file this release cannot read as an engine header at all
            runtime, engine = old_form.group(1), old_form.group(2) if not old_form.group(2).startswith("-") else ""
            numbers = [runtime] + ([engine] if engine else [])
        else:
            runtime = engine = ""
        yield Hit("The TensorRT engine was serialized by another TensorRT release" +
                  (f" (this runtime: {runtime}" + (f", the engine: {engine})" if engine else ")") if runtime else ""),
                  evidence={"versions": numbers},
                  fix=["trtexec --onnx=model.onnx --saveEngine=model.plan  # rebuild with the TensorRT that runs it",
                       "python -c 'import tensorrt; print(tensorrt.__version__)'"])


@rule("LIB006", "tensorrt-engine-built-for-other-gpu", "error", "A TensorRT engine built on another GPU architecture",
      signatures=(TRT_DEVICE_TEXT,), priority=20, references=(TRT_DEVELOPER_GUIDE,))
def tensorrt_engine_built_for_other_gpu(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "INVALID_CONFIG: The engine plan file is generated on an incompatible device, expecting compute 6.1
    got compute 7.5, please rebuild."

    Why:
    TensorRT compiles an engine for the GPU it was built on: its kernels are chosen and tuned for
    that compute capability. An engine from another architecture (built on a server, run on a laptop
    or a Jetson) is refused unless it was built hardware-compatible (TensorRT 8.6+, Ampere and newer).

    Fix:
    Build the engine on (a GPU of the same compute capability as) the machine that runs it; keep the
    ONNX model as the portable artefact and build engines per GPU type.

    When to ignore:
    Never: the engine does not load on this GPU.
    """
    if seen:
        found = re.search(TRT_DEVICE_TEXT, " ".join(seen), re.I)
        yield Hit("The TensorRT engine was built for compute capability " + (f"{found.group(2)}; this GPU is "
                  f"{found.group(1)}" if found else "another GPU"),
                  evidence={"this_gpu": found.group(1) if found else "", "engine": found.group(2) if found else ""},
                  fix=["trtexec --onnx=model.onnx --saveEngine=model.plan  # on this machine",
                       "nvidia-smi --query-gpu=name,compute_cap --format=csv"])


# libcuda.so (unversioned) not found where a link step or Triton looks for it: ld's "cannot find
# -lcuda" (newer Triton links its launcher with the file name: "cannot find -l:libcuda.so.1"); Triton's
# "libcuda.so cannot found!" (its launcher links with -lcuda, and it searches the ldconfig cache); "Failed to find
# libcuda.so" in later Triton releases. Taichi (and Genesis, which runs on it) dlopens the unversioned "libcuda.so"
# on Linux (taichi/rhi/cuda/cuda_driver.cpp) and says "[cuda_driver.cpp:load_lib@36] libcuda.so lib not found."
# before falling back to the CPU.
# ld in Chinese (binutils' zh_CN catalogue) says "cannot find" as "找不到": "/usr/bin/ld: 找不到 -lcuda".
# ld passing over a libcuda.so of another word size while it looks for -lcuda: "/usr/bin/ld: skipping incompatible
# /lib/i386-linux-gnu/libcuda.so when searching for -lcuda" (torch.compile notes stored on GitHub), "...
# /usr/lib/libcuda.so ..." (a cluster's training script), and in Chinese
# "当搜索用于 /lib/i386-linux-gnu/libcuda.so 时跳过不兼容的 -lcuda" (fishaudio/fish-speech#1063): the driver's 32-bit
# library, there for 32-bit programs, is the only libcuda.so it found.
LIBCUDA_INCOMPATIBLE = re.compile(r"skipping incompatible (\S*libcuda\.so)\S* when searching for -lcuda\b|"
                                  r"当搜索用于 (\S*libcuda\.so)\S* 时跳过不兼容的 -lcuda\b", re.I)
LIBCUDA_NOT_LINKABLE = (r"(?:cannot find|找不到) -l(?:cuda\b|:libcuda\.so)", LIBCUDA_INCOMPATIBLE.pattern,
                        r"libcuda\.so cannot found",
                        r"Failed to find libcuda\.so",
                        r"libcuda\.so(?:\.1)? not found in (?:the )?(?:ld(?:config)? cache|LD_LIBRARY_PATH)",
                        r"\blibcuda\.so lib not found")


@rule("LIB007", "cuda-libs-not-on-library-path", "error", "The linker, Triton or Taichi cannot find libcuda.so",
      signatures=LIBCUDA_NOT_LINKABLE, priority=17,
      references=("https://docs.nvidia.com/cuda/cuda-installation-guide-linux/",))
def cuda_libs_not_on_library_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "/usr/bin/ld: cannot find -lcuda" while building an extension, or when Triton (torch.compile,
    mamba, vLLM kernels) compiles its launcher; Triton: "AssertionError: libcuda.so cannot found!";
    Taichi (Genesis): "libcuda.so lib not found", then "Arch=[<Arch.cuda: 3>] is not supported,
    falling back to CPU"; `ldconfig -p | grep libcuda` prints nothing though the driver works.
    ld finding only a 32-bit copy: "/usr/bin/ld: skipping incompatible /lib/i386-linux-gnu/libcuda.so
    when searching for -lcuda"; in Chinese, "/usr/bin/ld: 找不到 -lcuda" and "当搜索用于
    /lib/i386-linux-gnu/libcuda.so 时跳过不兼容的 -lcuda".

    Why:
    Linking against the driver API needs the unversioned libcuda.so, found through LIBRARY_PATH or
    the linker's default directories; Triton looks for it in the ldconfig cache, Taichi dlopens it
    by that name. The driver installs
    libcuda.so.1 (what running programs load), and the unversioned name only where a development
    symlink was made. Containers, conda environments and hosts whose driver sits outside the cache
    (a /usr/lib64/nvidia directory, WSL's /usr/lib/wsl/lib) have libcuda.so.1 but no libcuda.so
    where these tools look. The toolkit's lib64/stubs/libcuda.so is for linking only.

    Fix:
    Make the driver's directory known to the cache (`sudo ldconfig`, or a file in
    /etc/ld.so.conf.d naming it), or for linking alone `export LIBRARY_PATH=/usr/local/cuda/lib64/stubs`;
    Triton also takes TRITON_LIBCUDA_PATH=<directory with libcuda.so>.

    When to ignore:
    Never while you build CUDA code or use torch.compile.
    """
    if not seen:
        return
    libcuda = [lib.path for lib in ctx.facts.driver.userspace_libraries if lib.name.startswith("libcuda")]
    where = libcuda[0].rsplit("/", 1)[0] if libcuda else "/usr/lib/x86_64-linux-gnu"
    symlink = f"sudo ln -s libcuda.so.1 {where}/libcuda.so && sudo ldconfig  # if only libcuda.so.1 is there"
    triton = f"export TRITON_LIBCUDA_PATH={where}  # Triton"
    skipped = first_match(LIBCUDA_INCOMPATIBLE, seen)
    if skipped is not None:
        other = next(g for g in skipped.groups() if g)
        yield Hit(f"The linker looked for -lcuda and found only {other}, which it cannot use (a libcuda.so for another "
                  "word size or architecture, such as the 32-bit driver library): the 64-bit one is not where it looks",
                  confirmed=True,
                  evidence={"skipped": other, "driver.userspace_libraries": libcuda},
                  fix=[f"ls -l {where}/libcuda.so*  # the 64-bit driver library", symlink,
                       f"export LIBRARY_PATH={where}:$LIBRARY_PATH  # so the linker looks there first", triton])
        return
    yield Hit("libcuda.so (the driver API, unversioned) is not where the linker, Triton or Taichi looks",
              evidence={"driver.userspace_libraries": libcuda},
              fix=["ldconfig -p | grep libcuda  # what the cache knows", f"ls -l {where}/libcuda.so*", symlink,
                   "export LIBRARY_PATH=/usr/local/cuda/lib64/stubs:$LIBRARY_PATH  # to link only", triton])


# Which framework a cuDNN mismatch message comes from, and the lines that show another framework in the same
# program ("import torch", ">>> import jax", "torch.backends.cudnn.version()").
MISMATCH_SPEAKER = (("jax", re.compile(r"JAX was built against", re.I)),
                    ("tensorflow", re.compile(r"Loaded runtime CuDNN library", re.I)),
                    ("torch", re.compile(r"PyTorch was compiled against", re.I)))
IMPORTED = re.compile(r"^(?:>>>\s*)?(?:import|from) (torch|jax|jaxlib|tensorflow|paddle)\b|"
                      r"\b(torch)\.backends\.cudnn\.version\(\)|\b(tf|tensorflow)\.config\.list_physical_devices")


def _cudnn_other_framework(ctx: Context, seen: List[str]) -> Tuple[str, List[str]]:
    """(the framework that complained, the other frameworks the paste shows in the same program)."""
    text = " ".join(seen)
    speaker = next((name for name, pattern in MISMATCH_SPEAKER if pattern.search(text)), "")
    if not speaker:
        return "", []
    others = []
    for line in ctx.observations:
        found = IMPORTED.search(line)
        if found:
            name = next(g for g in found.groups() if g)
            name = {"jaxlib": "jax", "tf": "tensorflow"}.get(name, name)
            if name != speaker and name not in others:
                others.append(name)
    return speaker, others


@rule("LIB008", "cudnn-preloaded-by-other-library", "error",
      "Another framework in the same process loaded its own cuDNN first",
      signatures=CUDNN_MISMATCH, priority=14)
def cudnn_preloaded_by_other_library(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A program that imports two frameworks, PyTorch and JAX (or TensorFlow): "CUDA backend failed to
    initialize: Found cuDNN version 8500, but JAX was built against version 8600, which is newer",
    and JAX falls back to the CPU; TensorFlow: "Loaded runtime CuDNN library: 8.5.0 but source was
    compiled with: 8.6.0". The same code works when the other framework is imported later, or alone.

    Why:
    Each framework brings its own cuDNN (torch's nvidia-cudnn-cu12 pin, jax[cuda12]'s, a conda
    package). A process holds one copy of libcudnn: the first framework to initialise CUDA loads
    its copy and the second gets that one. When the first one's cuDNN is older than what the
    second was built with, the second refuses it.

    Fix:
    Initialise the framework that needs the newer cuDNN first (for JAX: create an array or call
    jax.devices() before importing torch), or install versions of both that want the same cuDNN
    (upgrade the one with the older pin, or pin nvidia-cudnn-cu12 to the newer of the two), or run
    them in separate processes.

    When to ignore:
    When the program uses only one of the two frameworks on the GPU.
    """
    if not seen:
        return
    speaker, others = _cudnn_other_framework(ctx, seen)
    if not others:
        return
    loaded, built = _cudnn_versions(" ".join(ctx.observations))
    found = f" (it found cuDNN {loaded}; its build needs {built})" if loaded and built else ""
    yield Hit(f"{speaker} shares its process with {' and '.join(others)}, whose cuDNN was loaded first{found}",
              evidence={"complains": speaker, "also_in_process": others, "loaded": loaded or "not named",
                        "built_with": built or "not named"},
              fix=[f"initialise {speaker} before importing {others[0]}"
                   + (" (e.g. call jax.devices() first)" if speaker == "jax" else ""),
                   f"or install versions of {speaker} and {others[0]} that want the same cuDNN: "
                   "pip list | grep -i -E 'cudnn|torch|jax|tensorflow'",
                   "or run them in separate processes"])


# cuDNN 8.3 to 8.9 on Windows load zlib from zlibwapi.dll, which neither CUDA nor cuDNN ships.
ZLIB_MISSING = (r"Could not (?:locate|load library) zlibwapi\.dll",)
# zlibwapi.dll named in a report written in any language ("提示zlibwapi.dll找不到"), beside cuDNN 8 for Windows (its DLL
# or its archive's name): people name that DLL when it is the one missing.
ZLIB_NAMED = r"zlibwapi\.dll"
CUDNN8_WINDOWS = r"\bcudnn\w*64_8\.dll\b|\bcudnn-windows-x86_64-8\."
# cuDNN 8's loader failing on one of its own sub-libraries with Windows' ERROR_MOD_NOT_FOUND (126): the DLL or a
# DLL it depends on is missing. Where the sub-library itself is on PATH, its dependency is what is missing.
CUDNN8_SUBLIBRARY_126 = r"Could not load library cudnn_\w+64_8\.dll\. Error code 126"
# The reporter saying the cuDNN DLLs are there: the directory is on PATH, the files are in place, cuDNN is installed.
CUDNN_SAID_PRESENT = (r"\b(?:directory|folder|path|dll|files?)\s+(?:is|are)\s+(?:already\s+)?(?:there|present|"
                      r"(?:in|on)\s+(?:my\s+|the\s+)?(?:system\s+)?(?:PATH|environment))",
                      r"\bcudnn\b.{0,40}\b(?:is|are)\s+(?:already\s+|properly\s+|correctly\s+)?installed",
                      r"\b(?:I|we)\s+(?:have\s+)?(?:already\s+)?(?:installed|copied|added)\b.{0,40}\bcudnn")


@rule("LIB009", "cudnn-zlib-dependency-missing", "error", "cuDNN on Windows cannot load zlibwapi.dll",
      signatures=(*ZLIB_MISSING, CUDNN8_SUBLIBRARY_126), priority=19,
      references=("https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-890/install-guide/index.html#install-zlib-windows",))
def cudnn_zlib_dependency_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On Windows, when a model first runs a convolution on the GPU (ONNX Runtime, Paddle, darknet,
    TensorRT, CTranslate2): "Could not locate zlibwapi.dll. Please make sure it is in your library
    path!", and the program stops; with a 32-bit copy: "Could not load library zlibwapi.dll. Error
    code 193". Or only cuDNN's own loader: "Could not load library cudnn_cnn_infer64_8.dll. Error
    code 126" while that DLL's directory is on PATH (126: a DLL it depends on is missing).

    Why:
    cuDNN 8.3 to 8.9 for Windows link against zlib's zlibwapi.dll, which is part of neither CUDA
    nor cuDNN; NVIDIA's Windows install guide for those releases has a separate step to install
    it. cuDNN 9 does not need it.

    Fix:
    Install the 64-bit ZLIB DLL as the cuDNN 8 install guide says (zlibwapi.dll into a directory
    on PATH, for example the CUDA bin directory), or move to cuDNN 9 with a build of the program
    made for it.

    When to ignore:
    Never: the cuDNN operations that need it fail.
    """
    if not seen:
        named = ctx.observed([ZLIB_NAMED])
        if named and ctx.observed([CUDNN8_WINDOWS]):
            yield Hit("the report names zlibwapi.dll beside cuDNN 8 for Windows: cuDNN 8.3-8.9 load zlib from that "
                      "DLL, which neither CUDA nor cuDNN installs", evidence={"observed": named[:1]},
                      fix=["where zlibwapi.dll  # nothing found: install it",
                           "install the 64-bit zlibwapi.dll from the cuDNN 8 Windows install guide's zlib step into a "
                           "directory on PATH", "or use cuDNN 9 (no zlib dependency) with a build of the program for it"])
        return
    if all(re.search(CUDNN8_SUBLIBRARY_126, line, re.I) for line in seen):
        # A dependency is inferred, never seen: likely at best. Without the reporter saying the DLL is there, the DLL
        # itself missing is as likely, and LIB001 answers first; with it, LIB001 steps aside.
        present = ctx.observed(CUDNN_SAID_PRESENT)
        yield Hit("a cuDNN 8 library could not be loaded with Windows error 126 (a DLL it depends on is missing); for "
                  "cuDNN 8.3-8.9 that dependency is zlibwapi.dll, which neither CUDA nor cuDNN installs",
                  generic=True, evidence={"observed_error": seen[0][:160], "said_present": present[:1]},
                  fix=["where zlibwapi.dll  # nothing found: install it",
                       "install the 64-bit zlibwapi.dll from the cuDNN 8 Windows install guide's zlib step into a "
                       "directory on PATH", "or use cuDNN 9 (no zlib dependency) with a build of the program for it"])
        return
    wrong_bits = any("193" in line for line in seen)
    yield Hit("cuDNN 8 needs zlibwapi.dll, " + ("and the copy found is not a 64-bit DLL" if wrong_bits else
                                               "which is not on PATH"),
              evidence={"observed_error": seen[0][:160]},
              fix=["where zlibwapi.dll  # which copies PATH finds",
                   "install the 64-bit zlibwapi.dll from the cuDNN 8 Windows install guide's zlib step into a directory "
                   "on PATH (e.g. C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.8\\bin)",
                   "or use cuDNN 9 (no zlib dependency) with a build of the program for it"])


# TensorRT's libraries not found by the loader: Python's import of the bindings, the dlopen inside
# TensorRT (its builder resource library, its plugins), a program linked against it, ONNX Runtime's
# TensorRT provider, and Windows' DLL names (nvinfer.dll, nvinfer_10.dll).
TENSORRT_LIB = r"(?:lib)?nvinfer(?:_\w+?)?(?:\.so(?:\.[\d.]+)?|(?:_\d+)?\.dll)"
TENSORRT_MISSING = (r"libnvinfer\w*\.so(?:\.[\d.]+)?: cannot open shared object file",
                    rf"Unable to (?:load|open) library: {TENSORRT_LIB}",
                    r"error while loading shared libraries: libnvinfer",
                    rf"Could not (?:find|load|locate):? (?:library )?{TENSORRT_LIB}",
                    rf"{TENSORRT_LIB}\W{{0,3}} (?:was )?not found")
# TensorFlow probes for TensorRT at import and says so as a warning; TensorFlow works without it.
TF_TENSORRT_PROBE = re.compile(r"Could not load dynamic library 'libnvinfer|TF-TRT Warning|Cannot dlopen some TensorRT",
                               re.I)
TENSORRT_MAJOR = re.compile(r"libnvinfer\w*?\.so\.(\d+)|nvinfer(?:_\w+?)?_(\d+)\.dll", re.I)
TENSORRT_INSTALL = "https://docs.nvidia.com/deeplearning/tensorrt/latest/installing-tensorrt/installing.html"


@rule("LIB010", "tensorrt-libs-not-on-library-path", "error", "TensorRT's libraries are not where the loader looks",
      signatures=TENSORRT_MISSING, priority=21, references=(TENSORRT_INSTALL,))
def tensorrt_libs_not_on_library_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `import tensorrt` (or a converter that imports it: mmdeploy, torch2trt, ultralytics export)
    fails with "ImportError: libnvinfer.so.8: cannot open shared object file"; TensorRT itself says
    "Unable to load library: libnvinfer_builder_resource.so.8.4.2" when it builds an engine;
    trtexec or a program linked against TensorRT stops with "error while loading shared libraries:
    libnvinfer.so.10"; ONNX Runtime's TensorRT provider cannot load libnvinfer.

    Why:
    TensorRT installed from NVIDIA's tar or zip archive puts its libraries in the archive's own lib
    directory, which the loader does not search until it is named in LD_LIBRARY_PATH (PATH on
    Windows) or in the ldconfig cache. The Python bindings installed from the archive's wheel do not
    carry the libraries. With two TensorRT releases installed, the loader can find the older
    libnvinfer, whose companion libraries have other version numbers.

    Fix:
    Put the lib directory of the TensorRT release you use first on the loader path
    (`export LD_LIBRARY_PATH=/path/to/TensorRT-X/lib:$LD_LIBRARY_PATH`, in the environment the
    program really runs in), or register it with ldconfig; or install TensorRT from pip
    (`pip install tensorrt`), whose wheels bring the libraries. Remove other TensorRT
    releases from the path.

    When to ignore:
    TensorFlow's import-time "Could not load dynamic library 'libnvinfer.so.N'" warning alone: that
    is TensorFlow looking for optional TensorRT support, not this.
    """
    # a library found and then refused for its executable stack is SYS027's, not one missing from the path
    fatal = [line for line in seen if not TF_TENSORRT_PROBE.search(line) and not re.search(EXECSTACK_SAID, line)]
    if not fatal or ctx.shared("jetson_without_tensorrt", _jetson_without_tensorrt):
        return
    found = first_match(TENSORRT_MAJOR, fatal)
    major = (found.group(1) or found.group(2)) if found else ""
    name = f"TensorRT {major}" if major else "TensorRT"
    pip = (f"pip install 'tensorrt=={major}.*'" if major else "pip install tensorrt") + \
        "  # brings its libraries as wheels"
    windows = any(".dll" in line.lower() for line in fatal)
    where = (["where nvinfer*.dll  # which copies PATH finds",
              "set PATH=C:\\path\\to\\TensorRT\\lib;%PATH%  # the release you use, first"] if windows else
             ["find / -name 'libnvinfer.so*' 2>/dev/null  # where TensorRT's libraries are",
              "export LD_LIBRARY_PATH=/path/to/TensorRT/lib:$LD_LIBRARY_PATH  # the release you use, first",
              "or: echo /path/to/TensorRT/lib | sudo tee /etc/ld.so.conf.d/tensorrt.conf && sudo ldconfig"])
    yield Hit(f"{name}'s libraries (nvinfer) are not on the loader path" + (" (PATH on Windows)" if windows else ""),
              evidence={"observed_error": fatal[0][:160], "wanted_major": major or "not named"},
              fix=[*where, f"or: {pip}", "python -c 'import tensorrt; print(tensorrt.__version__)'"])


JETPACK_SETUP = "https://docs.nvidia.com/jetson/agx-orin-devkit/user-guide/setup_jetpack.html"


def _jetson_without_tensorrt(ctx: Context) -> bool:
    """On a Jetson itself (not in a container), TensorRT comes as JetPack's Debian packages in the system's library
    folder, which the loader always searches: libnvinfer missing there means the TensorRT component is not
    installed (an OS-only flash, or SDK components deselected in SDK Manager). In a container the libraries come
    from the host or the image, and the question is another."""
    return bool(ctx.jetson()) and not in_container(ctx)


# Python finds no tensorrt module: "ModuleNotFoundError: No module named 'tensorrt'" (torch2trt, YOLOX's and
# tensorrtx's export scripts, ComfyUI's TensorRT nodes); Python 2's "ImportError: No module named tensorrt". Not
# tensorrt_llm or tensorrt_bindings, which are other packages.
TENSORRT_MODULE_MISSING = r"No module named '?tensorrt'?(?![\w.])"


@rule("LIB015", "tensorrt-not-installed", "error", "TensorRT is not installed",
      signatures=(*TENSORRT_MISSING, TENSORRT_MODULE_MISSING), priority=20,
      references=(JETPACK_SETUP, TENSORRT_INSTALL))
def tensorrt_not_installed(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On a Jetson: Triton, trtexec, a DeepStream or jetson-inference program stops with "error while
    loading shared libraries: libnvinfer.so.7: cannot open shared object file", or `import tensorrt`
    fails, on a board flashed with JetPack. Anywhere: a converter or an export script (torch2trt,
    YOLOX's tools/trt.py) stops at `import tensorrt` with "ModuleNotFoundError: No module named 'tensorrt'".

    Why:
    JetPack installs TensorRT as Debian packages into the system's library folder (nvidia-jetpack
    pulls CUDA, cuDNN and TensorRT). A board flashed with the OS only, or with SDK components left out
    in SDK Manager, has the L4T driver and no TensorRT, and nothing the loader searches has libnvinfer.

    Fix:
    Install JetPack's components on the board (`sudo apt update && sudo apt install nvidia-jetpack`,
    or the TensorRT packages alone), the release that matches the board's L4T; or flash again with
    the SDK components selected.

    Off a Jetson, TensorRT's Python bindings are a package of their own: pip's tensorrt, the wheel
    inside NVIDIA's tar and zip archives, or the python3-libnvinfer Debian package, which serves only
    the system's Python. A program run from a virtual environment or conda, or by another Python, does
    not see a TensorRT installed for a different one.

    When to ignore:
    Inside a container, where the libraries come from the host's mounts or the image.
    """
    module = [line for line in seen if re.search(TENSORRT_MODULE_MISSING, line)]
    if module and not ctx.shared("jetson_without_tensorrt", _jetson_without_tensorrt):
        yield Hit("Python finds no tensorrt module: TensorRT's Python bindings are not installed for the Python "
                  "that runs this program", evidence={"observed_error": module[0].strip()[:160]},
                  fix=["python -c 'import sys; print(sys.executable)'  # the Python that must have it",
                       "python -m pip install tensorrt  # NVIDIA's wheels, libraries included",
                       "or, from NVIDIA's tar or zip archive: python -m pip install <archive>/python/"
                       "tensorrt-*-cp<your Python>-*.whl",
                       "python -c 'import tensorrt; print(tensorrt.__version__)'"])
        return
    fatal = [line for line in seen if not TF_TENSORRT_PROBE.search(line)]
    if not fatal or not ctx.shared("jetson_without_tensorrt", _jetson_without_tensorrt):
        return
    found = first_match(TENSORRT_MAJOR, fatal)
    major = (found.group(1) or found.group(2)) if found else ""
    yield Hit(f"this Jetson has no TensorRT{' ' + major if major else ''}: JetPack puts libnvinfer "
              "in the system's library folder, so its absence means the TensorRT component was not installed",
              evidence={"jetson": ctx.jetson(), "observed_error": fatal[0][:160], "wanted_major": major or "not named"},
              fix=["cat /etc/nv_tegra_release; dpkg -l | grep -E 'nvinfer|tensorrt'  # the L4T release; TensorRT "
                   "packages (none: not installed)",
                   "sudo apt update && sudo apt install nvidia-jetpack  # JetPack's CUDA, cuDNN and TensorRT for "
                   "this L4T",
                   "or flash the board again with SDK Manager, Jetson SDK Components selected"])


# TensorRT's builder looks the Jetson module up in a table of the modules it knows (to cap its memory use); a module
# that came after the TensorRT release stops every engine build: "Error Code 2: Internal Error (Assertion upperBound
# != 0 failed. Unknown embedded device detected. Please update the table with the entry: {{1794, 6, 16}, 12660},)"
# (TensorRT 8.2 of JetPack 4.6 on a Xavier NX 16GB, NVIDIA/TensorRT#1866 and #2098; on an AGX Orin,
# shouxieai/tensorRT_Pro#137: {{2055, 16, 32}, 24498}). Later releases only warn and go on ("[TRT] [W] Unknown embedded
# device detected. Using 59656MiB as the allocation cap for memory on embedded devices."): harmless, not this.
JETSON_MODULE_UNKNOWN = r"Unknown embedded device detected\.? Please update the table"
# The entry is the module's {SM version, SM count, memory in GB}: the SM version is the compute capability as
# major * 256 + minor (1794 = 0x702 is 7.2, the Xavier modules'; 2055 = 0x807 is 8.7, Orin's, as both reports show).
JETSON_TABLE_ENTRY = re.compile(r"\{\{\s*(\d+),\s*(\d+),\s*(\d+)\s*\}")
TENSORRT_NX16_PATCH = "https://github.com/NVIDIA/TensorRT/issues/1866"


@rule("LIB017", "tensorrt-too-old-for-jetson-module", "error", "The TensorRT on this Jetson predates its module",
      signatures=(JETSON_MODULE_UNKNOWN,), priority=20, references=(JETPACK_SETUP, TENSORRT_NX16_PATCH))
def tensorrt_too_old_for_jetson_module(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On a Jetson, trtexec or any program building a TensorRT engine stops with "Error Code 2: Internal
    Error (Assertion upperBound != 0 failed. Unknown embedded device detected. Please update the
    table with the entry: {{1794, 6, 16}, 12660},)", then "engine != nullptr" or a failed build.

    Why:
    TensorRT's builder caps its memory on a Jetson from a table of the modules its release knows. A
    module released after that TensorRT (the Xavier NX 16GB under JetPack 4.6's TensorRT 8.2; an AGX
    Orin under an early TensorRT) is not in the table, and TensorRT 8.2 stops instead of guessing.
    On a Jetson, TensorRT comes with JetPack and is not upgraded on its own.

    Fix:
    Flash the JetPack release that supports the module (its TensorRT knows it). For the Xavier NX
    16GB on JetPack 4.6, NVIDIA published a patched TensorRT 8.2.1.9 (linked from NVIDIA/TensorRT#1866).

    When to ignore:
    The warning form of later releases ("Unknown embedded device detected. Using ...MiB as the
    allocation cap"): TensorRT goes on.
    """
    if not seen:
        return
    entry = first_match(JETSON_TABLE_ENTRY, seen)
    cc, sms, memory = "", "", ""
    if entry:
        code = int(entry.group(1))
        cc, sms, memory = f"{code // 256}.{code % 256}", entry.group(2), entry.group(3)
    module = ctx.jetson() or ""
    what = (f"this Jetson module (compute capability {cc}, {sms} SMs, {memory} GB)" if entry else "this Jetson module")
    fix = ["cat /etc/nv_tegra_release; dpkg -l | grep -E 'nvinfer|tensorrt'  # the L4T release and its TensorRT",
           f"flash the JetPack release that supports the module ({JETPACK_SETUP}); TensorRT on a Jetson comes "
           "with JetPack"]
    if cc == "7.2" and memory == "16":
        fix.insert(1, "on JetPack 4.6: install NVIDIA's TensorRT 8.2.1.9 patch for the Xavier NX 16GB (linked from "
                      f"{TENSORRT_NX16_PATCH}), or move to JetPack 5")
    yield Hit(f"The TensorRT installed here does not know {what}: its release predates the module, so it cannot "
              "build engines on it", evidence={"jetson": module, "compute_capability": cc, "sm_count": sms,
                                               "memory_gb": memory}, fix=fix)


# The stub's own answer (CUDA_ERROR_STUB_LIBRARY, 34, whose cuGetErrorString is "CUDA driver is a stub library"),
# and a stub seen in the place of the driver: ldd resolving libcuda to a stubs/ folder ("libcuda.so.1 =>
# /usr/local/cuda/lib64/stubs/libcuda.so.1"), or a loader error naming a stubs/ libcuda. A stubs/ folder given to
# the linker (-L.../stubs, LIBRARY_PATH) is its purpose, not this.
LIBCUDA_STUB = (r"CUDA driver is a stub library", r"CUDA_ERROR_STUB_LIBRARY", r"cudaErrorStubLibrary",
                r"libcuda\.so[\d.]*\s*=>\s*\S*/stubs/libcuda\.so", r"/stubs/libcuda\.so[\d.]*: \w",
                # the code alone: Numba's "numba.cuda.cudadrv.driver.CudaAPIError: [34]", cuInit's "cuInit failed: 34",
                # a program's own report of cuInit's result, "cuInit failed with error:  34" (CP2K's offload library,
                # cp2k/cp2k#3369), "cuInit failed with error code %d" (many probes' format)
                r"CudaAPIError:?\s*\[34\]",
                r"cuInit\W{0,3}(?:failed|returned|error|err)(?: with error(?: code)?)?\W{0,12}34\b",
                # the number after the words "CUDA error": 34 is the stub's code in the driver API and the runtime API
                # alike (cudaErrorStubLibrary = 34); Warp: "Failed to get driver entry point 'cuInit' (CUDA error 34)"
                r"\bCUDA error\s*(?:code)?\s*[:=(]?\s*34\b(?![.:])")
STUBS_ENTRY = re.compile(r"[^:=\s'\"]*/stubs/?(?=[:\s'\"]|$)")
# Folders that hold the driver's own libcuda: the container toolkit's mount, WSL's, NixOS's, the distributions' library
# folders. One listed before the stubs entry answers first, so the stub is never reached.
DRIVER_LIBRARY_FOLDER = re.compile(r"/usr/local/nvidia/lib(?:64)?|/usr/lib/wsl/lib|/run/opengl-driver/lib|"
                                   r"/usr/lib(?:64|/x86_64-linux-gnu|/aarch64-linux-gnu)?|"
                                   r"/lib(?:64|/x86_64-linux-gnu)?")


@rule("LIB011", "libcuda-stub-on-library-path", "error", "A program loads the CUDA toolkit's stub libcuda instead of the driver",
      signatures=LIBCUDA_STUB, priority=16,
      references=("https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html",))
def libcuda_stub_on_library_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "CUDA driver is a stub library" (CUDA_ERROR_STUB_LIBRARY, error 34) from every CUDA call; older
    toolkits' stubs answer cuInit with an unknown error instead ("failed call to cuInit: CUresult(-1)",
    Numba's CudaAPIError from cuInit), and the clue is where libcuda came from: `ldd` shows
    "libcuda.so.1 => /usr/local/cuda/lib64/stubs/libcuda.so.1", or a loader message names
    ".../lib64/stubs/libcuda.so". Before anything fails, LD_LIBRARY_PATH lists a stubs folder ahead of
    the driver's (a warning).

    Why:
    The CUDA toolkit ships a stub libcuda.so in lib64/stubs so that programs can be linked on machines
    without a driver. It has the driver API's symbols and none of its work. When that folder is on
    LD_LIBRARY_PATH or in the loader's cache (an image that ran ldconfig on it, a symlink to the stub
    made to satisfy a build), programs load it in place of the driver's libcuda and nothing CUDA
    initialises, though nvidia-smi works.

    Fix:
    Take the stubs folder off LD_LIBRARY_PATH and out of /etc/ld.so.conf.d (then `sudo ldconfig`), and
    remove symlinks to the stub; link against it only at build time (LIBRARY_PATH or -L).

    When to ignore:
    Build steps that only link (no GPU, no CUDA calls), and a shell used only for such builds.
    """
    api = ctx.facts.cuda.driver_api
    path = ctx.facts.env.variables.get("LD_LIBRARY_PATH", "")
    entries = [e for e in path.split(":") if STUBS_ENTRY.fullmatch(e)]
    loaded = api.library if "/stubs/" in (api.library or "") else ""
    stubs = _stubs_before_the_driver(path)
    if api.cuinit_code == 34 or loaded:
        yield Hit(f"cuInit ran against the toolkit's stub libcuda{f' ({loaded})' if loaded else ''}, not the driver's",
                  evidence={"cuda.driver_api.cuinit_code": api.cuinit_code, "cuda.driver_api.library": api.library,
                            "env.LD_LIBRARY_PATH": path}, fix=_stub_fix(entries))
    elif seen:
        stub = next((m.group(0) for line in seen for m in [re.search(r"\S*/stubs/libcuda\.so[\d.]*", line)] if m), "")
        yield Hit("The CUDA toolkit's stub libcuda was loaded in place of the driver's" + (f": {stub}" if stub else ""),
                  evidence={"observed": seen[:2], "env.LD_LIBRARY_PATH": path}, fix=_stub_fix(entries))
    elif stubs:
        # The loader searches LD_LIBRARY_PATH before the system's folders, so a program that opens "libcuda.so" by
        # that name (Numba, Warp, TensorPipe do) gets the stub; one linked against libcuda.so.1 gets it where an
        # image or a user made that link in the stubs folder. Nothing failed in the paste yet: a warning.
        yield Hit(f"LD_LIBRARY_PATH lists the CUDA toolkit's stubs folder ({stubs}) ahead of the driver's "
                  "libraries: programs that open libcuda from it get the stub and find no GPU",
                  evidence={"env.LD_LIBRARY_PATH": path}, fix=_stub_fix([stubs]), severity="warning")


def _stubs_before_the_driver(path: str) -> str:
    """The first stubs entry on the runtime loader's path with no driver folder listed before it, or ""."""
    for entry in path.replace(";", ":").split(":"):
        entry = entry.strip().rstrip("/")
        if STUBS_ENTRY.fullmatch(entry):
            return entry
        if DRIVER_LIBRARY_FOLDER.fullmatch(entry):
            return ""
    return ""


def _stub_fix(entries: List[str], library: str = "libcuda") -> List[str]:
    """Taking the toolkit's stubs folder off the runtime loader's path, for the stub of `library` (libcuda,
    libnvidia-ml)."""
    return ([f"remove {e} from LD_LIBRARY_PATH" for e in entries] or
            ["echo $LD_LIBRARY_PATH  # remove any .../stubs entry"]) + \
        ["grep -rn stubs /etc/ld.so.conf /etc/ld.so.conf.d/ && sudo ldconfig  # take stubs out of the loader's cache",
         f"ldconfig -p | grep {library}  # the driver's {library}.so.1 must be the one listed",
         "export LIBRARY_PATH=/usr/local/cuda/lib64/stubs  # where the stub belongs: linking only"]


# Numba's words when the library it loaded as the driver lacks the driver API: "CudaDriverError: driver missing
# function: cuInit." (numba -s: "CUDA device intialisation problem. driver missing function: cuInit.").
DRIVER_LACKS_CUINIT = r"driver missing function: cuInit"
DRIVER_VARIABLES = ("NUMBA_CUDA_DRIVER", "NUMBAPRO_CUDA_DRIVER")


@rule("LIB012", "cuda-driver-env-points-to-runtime-lib", "error",
      "A variable names another library than libcuda as the CUDA driver", signatures=(DRIVER_LACKS_CUINIT,), priority=14,
      references=("https://numba.readthedocs.io/en/stable/reference/envvars.html",))
def cuda_driver_env_points_to_runtime_lib(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Numba: "CudaDriverError: driver missing function: cuInit."; `numba -s` says "CUDA device
    intialisation problem. driver missing function: cuInit." with NUMBA_CUDA_DRIVER (or the older
    NUMBAPRO_CUDA_DRIVER) set, typically to ".../lib64/libcudart.so".

    Why:
    NUMBA_CUDA_DRIVER names the file Numba loads as the CUDA driver. The driver API (cuInit and the
    rest) lives in the driver's libcuda.so.1; the toolkit's libcudart is the runtime, built on top of
    it, and has none of those functions. Old guides set the variable to the runtime, or to a copy of
    libcuda that is not the installed driver's.

    Fix:
    Unset the variable (Numba finds the driver's libcuda itself), or point it at the driver's
    libcuda.so.1 (`ldconfig -p | grep libcuda`).

    When to ignore:
    Never while Numba should use the GPU.
    """
    variables = ctx.facts.env.variables
    named = {name: variables[name] for name in DRIVER_VARIABLES if variables.get(name)}
    wrong = {name: value for name, value in named.items() if not re.search(r"libcuda\.so|nvcuda\.dll", value)}
    if not wrong and not seen:
        return
    fix = [f"unset {name}" for name in (wrong or named)] or ["env | grep CUDA_DRIVER  # the variable that names it"]
    fix += ["ldconfig -p | grep libcuda  # the driver's libcuda.so.1, if the variable is needed at all"]
    if wrong:
        name, value = next(iter(wrong.items()))
        yield Hit(f"{name} names {value}, which is not the driver's libcuda: the CUDA driver API (cuInit) is not in it",
                  confirmed=True, evidence={f"env.{name}": value, "observed": seen[:1]}, fix=fix)
    else:
        yield Hit("The library loaded as the CUDA driver has no cuInit: it is not the driver's libcuda"
                  + (f" ({', '.join(f'{k}={v}' for k, v in named.items())})" if named else ""),
                  evidence={"observed": seen[:1]}, fix=fix)


# cuda-python 13 removed its old top-level modules cuda.cuda, cuda.cudart and cuda.nvrtc (cuda-bindings 13.0.0 release
# notes, Breaking changes); `cuda` is then a namespace package without them, and Python says "(unknown location)".
OLD_CUDA_PYTHON_MODULE = (r"cannot import name '(?:cuda|cudart|nvrtc|ccuda|ccudart|cnvrtc)' from 'cuda' \(unknown location\)",
                          r"No module named '?cuda\.(?:cuda|cudart|nvrtc|ccuda|ccudart|cnvrtc)'?(?![\w.])")
CUDA_BINDINGS_13 = "https://nvidia.github.io/cuda-python/cuda-bindings/latest/release/13.0.0-notes.html"
# Where cuda-python 12.6.1 moved each old module (its release notes, "CUDA namespace cleanup").
MOVED_TO_BINDINGS = {"cuda": "driver", "cudart": "runtime", "nvrtc": "nvrtc", "ccuda": "cydriver", "ccudart": "cyruntime",
                     "cnvrtc": "cynvrtc"}
CUDA_PYTHON_RELEASE = re.compile(r"\bcuda[-_](?:python|bindings)\s*(?:==|=|:|\s)\s*v?(\d+)\.\d+", re.I)


@rule("LIB013", "cuda-python-major-too-new", "error",
      "Code written for cuda-python 12 imports modules that cuda-python 13 removed",
      signatures=OLD_CUDA_PYTHON_MODULE, priority=14, references=(CUDA_BINDINGS_13,))
def cuda_python_major_too_new(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `from cuda import cudart` (DeepStream's Python samples, TensorRT's, many others) fails with
    "ImportError: cannot import name 'cudart' from 'cuda' (unknown location)", or `import
    cuda.cudart` with "No module named 'cuda.cudart'", after a fresh `pip install cuda-python`.

    Why:
    cuda-python 13.0 removed the trampoline modules cuda.cuda, cuda.cudart and cuda.nvrtc (deprecated
    since 12.6.1); their contents live in cuda.bindings.driver, cuda.bindings.runtime and
    cuda.bindings.nvrtc. An unpinned install now brings 13, and code written for 12 finds only the
    namespace.

    Fix:
    Pin the release the code was written for, `pip install "cuda-python<13"`, or change the imports
    to `from cuda.bindings import runtime as cudart`.

    When to ignore:
    Never for that code: the import fails.
    """
    if not seen:
        return
    stated = CUDA_PYTHON_RELEASE.search(" ".join(ctx.observations))
    if stated and int(stated.group(1)) < 13:
        return  # a cuda-python 12 without the modules is a broken install, not the removal
    module = re.search(r"name '(\w+)' from 'cuda'|\bcuda\.(\w+)", seen[0])
    name = (module.group(1) or module.group(2)) if module else "cudart"
    new = MOVED_TO_BINDINGS.get(name, "runtime")
    yield Hit(f"the code imports cuda.{name}, which cuda-python 13 removed (it is cuda.bindings.{new} now): the "
              "cuda-python installed is newer than the code", evidence={"observed": seen[0].strip()[:200]},
              confirmed=True,
              fix=['pip install "cuda-python<13"  # the release line the code was written for',
                   f"or in the code: from cuda.bindings import {new} as {name}"])


# A CUDA math library asking nvJitLink for a symbol of a later release than the nvJitLink loaded: "libcusparse.so.12:
# undefined symbol: __nvJitLinkComplete_12_4, version libnvJitLink.so.12". Each libcusparse (and cuFFT, cuSOLVER)
# needs the nvJitLink of its own CUDA release or later: conda-forge's libcusparse 12.3.1.170 depends on "libnvjitlink
# >=12.4.127" (conda-forge-repodata-patches-feedstock#1048), and RAPIDS added nvjitlink to its pip extras because "pip
# may resolve an older nvidia-nvjitlink-cu12 than what nvidia-cusparse-cu12 requires" (NVIDIA/cuml#7794).
NVJITLINK_SYMBOL = re.compile(r"(\S*lib(?:cusparse|cufft|cusolver|cublasLt|cublas)\w*\.so[\d.]*)?:? ?undefined symbol: "
                              r"_{1,2}nvJitLink\w*?_(\d+)_(\d+)\b")
# The library that failed lives in a conda environment's own lib/ folder (not a pip wheel's site-packages):
# "/opt/conda/bin/../lib/libcusparse.so.12", ".../envs/rapids/lib/libcusparse.so.12".
CONDA_LIB = re.compile(r"(?:conda|mamba|miniforge|envs)[^\s:]*/lib/lib\w+\.so")
NVJITLINK_WHEEL = re.compile(r"nvidia-nvjitlink-cu(\d+)")


def _nvjitlink_too_old(ctx: Context) -> Optional[Tuple[str, str, str]]:
    """(the library that failed, the nvJitLink release it needs, where the older nvJitLink is) when the paste shows
    an environment whose own nvJitLink predates the library: a conda environment's lib/, or a pip list with an older
    nvidia-nvjitlink wheel. None when an older nvJitLink comes from elsewhere on the path (LIB003's case)."""
    found = first_match(NVJITLINK_SYMBOL, ctx.observations)
    if found is None:
        return None
    library, needed = found.group(1) or "a CUDA library", f"{found.group(2)}.{found.group(3)}"
    wheel = next((d for d in ctx.facts.python.distributions if NVJITLINK_WHEEL.fullmatch(d.name)), None)
    if wheel is not None and older_than(wheel.version, needed):
        return library, needed, f"{wheel.name} {wheel.version}"
    if CONDA_LIB.search(library) and not WHEEL_DIR.search(library) and \
            "LD_LIBRARY_PATH" not in ctx.facts.env.variables and not ctx.observed([r"LD_LIBRARY_PATH"]):
        return library, needed, f"the conda environment ({library.rsplit('/lib/', 1)[0]}/lib)"
    return None


@rule("LIB014", "cuda-lib-newer-than-nvjitlink", "error",
      "A CUDA library needs a newer nvJitLink than the one installed beside it",
      signatures=(NVJITLINK_SYMBOL.pattern,), priority=9,
      references=("https://github.com/conda-forge/conda-forge-repodata-patches-feedstock/pull/1048",
                  "https://github.com/NVIDIA/cuml/pull/7794"))
def cuda_lib_newer_than_nvjitlink(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Importing cuML, CuPy or PyTorch: "ImportError: /opt/conda/lib/libcusparse.so.12: undefined symbol:
    __nvJitLinkComplete_12_4, version libnvJitLink.so.12", in a conda environment that shows no
    LD_LIBRARY_PATH, or with a pip list whose nvidia-nvjitlink-cu12 is older than the release the symbol
    names (12.4 here).

    Why:
    cuSPARSE, cuFFT and cuSOLVER hand code to nvJitLink at run time and are linked against the
    nvJitLink of their own CUDA release, whose symbols carry that release ("_12_4"). An nvJitLink of
    an earlier release lacks them. Package managers keep the two together only when told to: an
    environment that mixes channels (a libcusparse from the nvidia channel beside conda-forge's
    libnvjitlink) or a pip install that pinned one wheel and not the other ends up with a library
    newer than its nvJitLink.

    Fix:
    Bring nvJitLink up to the library's release in the same environment (conda: one channel for all
    CUDA libraries, `libnvjitlink>=12.4`; pip: `nvidia-nvjitlink-cu12>=12.4`), or install the
    library at the release of the nvJitLink there.

    When to ignore:
    Never: every import of the library fails.
    """
    found = ctx.shared("nvjitlink_too_old", _nvjitlink_too_old) if seen else None
    if found is None:
        return
    library, needed, older = found
    major = needed.split(".")[0]
    yield Hit(f"{library.rsplit('/', 1)[-1]} needs nvJitLink {needed} or newer (its symbol names {needed}), and the "
              f"nvJitLink in {older} is older", evidence={"library": library, "needs_nvjitlink": needed,
                                                           "older_nvjitlink_in": older},
              fix=[f"conda install -c conda-forge 'libnvjitlink>={needed}'  # with every CUDA library from one channel"
                   if older.startswith("the conda") else
                   f"pip install -U 'nvidia-nvjitlink-cu{major}>={needed}'",
                   "python -c 'import ctypes; ctypes.CDLL(\"libnvJitLink.so.%s\")'  # loads from the environment"
                   % major])


# cuFile (GPUDirect Storage) failing under KvikIO, the I/O layer of cuDF, cuCIM and RAPIDS readers: "RuntimeError:
# cuFile error at: .../kvikio/file_handle.hpp:176: internal error" (rapidsai/cudf#13949, settled by KVIKIO_COMPAT_MODE=1);
# "kvikio::CUfileException ... cuFile error at: ... internal error" in a container (rapidsai/kvikio#33). KvikIO's
# runtime settings: compatibility mode "doesn't load libcufile.so. Instead, reads and writes are done using POSIX",
# and AUTO falls back to it "when /run/udev isn't readable, which typically happens when running inside a docker
# image not launched with --volume /run/udev:/run/udev:ro".
CUFILE_ERROR = r"cuFile error at:?\s*\S*(?:kvikio|file_handle)|CUfileException"
KVIKIO_SETTINGS = "https://docs.rapids.ai/api/kvikio/stable/runtime_settings/"


@rule("LIB016", "cufile-gds-unusable-needs-compat-mode", "error",
      "cuFile (GPUDirect Storage) does not work here, and KvikIO was not told to do without it",
      signatures=(CUFILE_ERROR,), priority=18, references=(KVIKIO_SETTINGS,))
def cufile_gds_unusable_needs_compat_mode(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    cuDF's readers (read_csv, read_parquet) or KvikIO itself fail with "RuntimeError: cuFile error
    at: .../kvikio/file_handle.hpp:176: internal error", or abort with "kvikio::CUfileException";
    often after "warn: error opening log file: Permission denied" (cuFile's own log).

    Why:
    KvikIO reads files straight into GPU memory through cuFile (GPUDirect Storage) when it finds
    libcufile. cuFile needs the nvidia-fs driver, a supported file system and, in a container, the
    host's /run/udev; without them it can fail instead of falling back. KvikIO's compatibility
    mode reads with plain POSIX I/O and does not load cuFile at all.

    Fix:
    Set KVIKIO_COMPAT_MODE=ON (1 in older releases) for the program; in a container, or mount
    /run/udev (`--volume /run/udev:/run/udev:ro`) when GDS is wanted; or set GDS up on the host.

    When to ignore:
    Never while the reads fail; with GDS set up properly the error has another cause.
    """
    if not seen:
        return
    container = in_container(ctx)
    yield Hit("cuFile (GPUDirect Storage) failed under KvikIO" + (" inside a container" if container else "")
              + ": GDS is not usable here, and KvikIO used it instead of plain POSIX reads",
              evidence={"observed": seen[:1], **({"container": True} if container else {})},
              fix=["export KVIKIO_COMPAT_MODE=ON  # POSIX reads, no cuFile (releases before 24.12: =1)"] +
              (["or start the container with --volume /run/udev:/run/udev:ro, which cuFile needs"] if container else
               []) + ["/usr/local/cuda/gds/tools/gdscheck -p  # what GDS support the host has, if you want GDS"])


# cuFFT failing as a whole: "RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR" (torch.stft, torch.fft), the same code
# from CuPy and JAX ("CUFFT_INTERNAL_ERROR", cufftResult 5).
CUFFT_INTERNAL = r"\bCUFFT_INTERNAL_ERROR\b"
CUFFT_ON_NEW_GPU = "https://github.com/pytorch/pytorch/issues/88038"


@rule("LIB018", "cufft-too-old-for-gpu-arch", "error", "The cuFFT in use predates this GPU's architecture",
      signatures=(CUFFT_INTERNAL,), priority=20, references=(CUFFT_ON_NEW_GPU,))
def cufft_too_old_for_gpu_arch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Every FFT fails on a GPU newer than the CUDA the program's libraries come from: "RuntimeError:
    cuFFT error: CUFFT_INTERNAL_ERROR" from torch.stft or torch.fft with a PyTorch built for CUDA
    11.7 on an RTX 4090 or an RTX 6000 Ada, while the rest of PyTorch runs.

    Why:
    PyTorch's wheels bring cuFFT from the CUDA they were built with. The cuFFT of a CUDA release that
    predates an architecture (CUDA 11.7 for Ada and Hopper, which came with 11.8) has no plans for
    it and fails at plan creation, although PyTorch's own kernels reach the GPU through PTX. Builds
    for the first CUDA that knows the architecture work (pytorch/pytorch#88038: cu118 builds on the
    RTX 4090).

    Fix:
    Install the framework built for a CUDA that knows the GPU (for an Ada or Hopper GPU, CUDA 11.8
    or newer: PyTorch's cu118 or later index); a project pinned to an older torch needs that pin
    raised.

    When to ignore:
    When the build's CUDA already knows the GPU: then CUFFT_INTERNAL_ERROR has another cause (the GPU
    memory nearly full, pytorch/pytorch#119420).
    """
    if not seen:
        return
    cuda = ctx.program_cuda()
    known = bool(re.fullmatch(r"\d+\.\d+(?:\.\d+)?", cuda or ""))
    for gpu in ctx.gpu_models():
        needs = ctx.matrix.oldest_cuda_for_cc(gpu["cc"]) if gpu["cc"] else None
        needs = ".".join(needs.split(".")[:2]) if needs else None
        if needs and not known and version(needs) >= version("11.0"):
            # the build's CUDA not in the report: the usual cause on a GPU newer than CUDA 11.0 (Ampere, Ada, Hopper,
            # Blackwell), whose builds for older CUDA releases are still installed; to be checked
            yield Hit(f"cuFFT failing on the {gpu['name']} (compute capability {gpu['cc']}) is what a cuFFT from a CUDA "
                      f"older than {needs} does on it; the report does not say which CUDA the program's libraries come "
                      "from", generic=True,
                      evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "needs_cuda": needs},
                      fix=["python -c 'import torch; print(torch.__version__, torch.version.cuda)'  # older than "
                           f"{needs}: install a torch built for CUDA {needs} or newer"])
            return
        if needs and known and version(cuda) < version(needs):
            torch = ctx.framework("torch")
            yield Hit(f"cuFFT fails on the {gpu['name']} (compute capability {gpu['cc']}): the program's CUDA {cuda} "
                      f"predates the architecture, which came with CUDA {needs}",
                      evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "program_cuda": cuda,
                                "needs_cuda": needs},
                      fix=["pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/cu"
                           + "".join(needs.split(".")[:2]) + f"  # a torch built with CUDA {needs} or newer"
                           if torch is not None or not ctx.facts.frameworks.installed else
                           f"install the program's build for CUDA {needs} or newer",
                           "python -c 'import torch; print(torch.version.cuda, torch.cuda.get_device_name())'"])
            return


# The linker missing the CUDA driver API's functions (cuInit, cuCtxCreate_v2, cuMemFree_v2: "cu" and a capital letter;
# the runtime's are cuda*, the libraries' cublas*, cufft*, cudnn*), which only libcuda exports: "../../lib/libMVS.so:
# undefined reference to `cuMemFree_v2'" (cdcseacave/openMVS#147, fixed by adding -lcuda), OpenCV's driver_api_multi
# sample ("undefined reference to `cuInit'"), a Vulkan renderer sharing memory with CUDA ("libvsgRenderer.so: undefined
# reference to `cuSignalExternalSemaphoresAsync'"); MSVC's "unresolved external symbol cuInit" (cuda.lib not linked,
# as a Rust build script's comment says). A reference naming a versioned soname (`cuInit@libcuda.so.1`) is a linked
# library's dependency, not this.
DRIVER_API_UNDEFINED = re.compile(r"undefined reference to [`'\"](cu[A-Z]\w*)[`'\"]|"
                                  r"unresolved external symbol _?(cu[A-Z]\w*)\b")
DRIVER_API_LINKING = "https://docs.nvidia.com/cuda/cuda-driver-api/index.html"


@rule("LIB019", "cuda-library-not-linked-against-libcuda", "error",
      "A build calls the CUDA driver API without linking libcuda", signatures=(DRIVER_API_UNDEFINED.pattern,),
      priority=20, references=(DRIVER_API_LINKING,), scope="build")
def cuda_library_not_linked_against_libcuda(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Linking fails on the CUDA driver API's functions: "libMVS.so: undefined reference to
    `cuMemFree_v2'", "undefined reference to `cuInit'", "undefined reference to `cuCtxCreate_v2'";
    with MSVC, "error LNK2019: unresolved external symbol cuInit".

    Why:
    The driver API (the cu* functions without "da": cuInit, cuCtxCreate, cuMemAlloc) lives in
    libcuda, the driver's library, not in the CUDA runtime (libcudart) that nvcc and CMake's CUDA
    language link by default. Code that calls it directly, or a library of the project that does,
    must name libcuda itself: CMake's find_package(CUDA) and enable_language(CUDA) do not add it.

    Fix:
    Link libcuda: CMake's CUDA::cuda_driver target (find_package(CUDAToolkit)), or -lcuda after the
    library that needs it, with the toolkit's lib64/stubs folder on the link path where no driver
    is installed (build machines, images); on Windows, cuda.lib.

    When to ignore:
    Never for that build: it does not link.
    """
    found = first_match(DRIVER_API_UNDEFINED, seen)  # case matters here: cuda*, cublas* are other libraries'
    if found is None:
        return
    names = sorted({n for line in seen for m in DRIVER_API_UNDEFINED.finditer(line) for n in m.groups() if n})
    needer = re.match(r"\s*(?:/\S*ld: )?(\S+\.(?:so|a|o)(?:\.[\d.]+)?):", found.string)
    yield Hit((f"{needer.group(1)} calls" if needer else "The build calls") + " the CUDA driver API (" +
              ", ".join(names[:4]) + (", ..." if len(names) > 4 else "") + ") but libcuda, which alone exports it, "
              "is not linked", evidence={"undefined": names[:8], "observed": found.string.strip()[:200]},
              confirmed=True,
              fix=["CMake: find_package(CUDAToolkit) and target_link_libraries(<target> PRIVATE CUDA::cuda_driver)",
                   "or add -lcuda after the library that needs it (-L/usr/local/cuda/lib64/stubs where no driver is "
                   "installed, as on a build machine)", "on Windows, link cuda.lib (the toolkit's lib\\x64)"])



# JAX checks each CUDA library it loads against the version it was built with, and refuses one that is older:
# "CUDA backend failed to initialize: Found cuBLAS version 120103, but JAX was built against version 120205, which is
# newer. The copy of cuBLAS that is installed must be at least as new as the version against which JAX was built."
# (jax/_src/xla_bridge.py, _check_cuda_versions: CUDA, cuDNN, cuFFT, cuSOLVER, cuPTI, cuBLAS, cuSPARSE). Seen for the
# runtime ("Found CUDA version 12010 ... 12020", a ColabFold notebook with DGL, corpus 3628; "Found CUDA version 11060
# ... 11080", a jaxlib cuda11 wheel in an image of CUDA 11.6, in notes stored on GitHub), cuBLAS (jax without its
# cuda12 extra beside a system CUDA, corpus 684) and cuSOLVER ("Found cuSOLVER version 11405 ... 11502", a Keras
# example's output). cuDNN's own mismatch is LIB002's. The runtime's number is CUDART_VERSION, major * 1000 + minor * 10
# (cuda_runtime_api.h); the libraries' encodings differ by library and release, so they are shown as JAX prints them.
JAX_LIBRARY_OLDER = re.compile(r"Found (CUDA|cuBLAS|cuFFT|cuSOLVER|cuSPARSE|cuPTI) version (\d+), but JAX was built "
                               r"against version (\d+)")
JAX_CUDA_WHEELS = ("https://docs.jax.dev/en/latest/installation.html"
                   "#pip-installation-nvidia-gpu-cuda-installed-via-pip-easier")


# A module built against one CUDA runtime of a major release and loaded (or linked) with an older one of the same
# major: the function it needs is missing under the runtime's versioned name, in the loader's words ("libtorch_cuda.so:
# undefined symbol: cudaGraphInstantiateWithFlags, version libcudart.so.11.0", stanford-futuredata/ColBERT#183 with
# torch 2.0 in a conda env of an older cudatoolkit; "... cudaGraphDebugDotPrint, version libcudart.so.11.0",
# openai/CLIP#358), glibc's ("symbol cudaGraphRetainUserObject version libcudart.so.11.0 not defined in file",
# bitsandbytes-foundation/bitsandbytes#83) or the linker's ("libtorch_cuda.so: undefined reference to
# `cudaLaunchKernelExC@libcudart.so.11.0'", LibTorch built with CUDA 11.8 linked with 11.7, pytorch/pytorch#125300).
# One soname serves every minor release of a major (libcudart.so.11.0 for all of CUDA 11), so only the symbol says
# which release the module wanted; matrices/cuda_api.toml has the release that added it.
CUDART_SONAME = r"(libcudart\.so\.[\d.]*\d)"
CUDART_SYMBOL_MISSING = re.compile(rf"undefined symbol: (cuda[A-Z]\w*),? version {CUDART_SONAME}|"
                                   rf"undefined reference to [`'‘](cuda[A-Z]\w*)@{CUDART_SONAME}|"
                                   rf"(?i:symbol) (cuda[A-Z]\w*),? version {CUDART_SONAME} not defined in file")


@rule("LIB020", "cuda-library-older-than-build", "error",
      "A CUDA library loaded is older than the one the framework was built against",
      signatures=(JAX_LIBRARY_OLDER.pattern, CUDART_SYMBOL_MISSING.pattern), priority=12,
      references=(JAX_CUDA_WHEELS,))
def cuda_library_older_than_build(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    JAX falls back to the CPU with "CUDA backend failed to initialize: Found cuBLAS version 120103,
    but JAX was built against version 120205, which is newer." The same for the CUDA runtime
    ("Found CUDA version 12010 ... 12020"), cuFFT, cuSOLVER, cuSPARSE and cuPTI. Any module against
    the CUDA runtime: "libtorch_cuda.so: undefined symbol: cudaGraphInstantiateWithFlags, version
    libcudart.so.11.0", glibc's "symbol cudaGraphRetainUserObject version libcudart.so.11.0 not
    defined in file", the linker's "undefined reference to `cudaLaunchKernelExC@libcudart.so.11.0'".

    Why:
    A module is built against one release of each CUDA library and runs with any release at least
    as new; all minor releases of a CUDA major share one soname, so an older one loads and then
    lacks the functions added since. The loader takes whichever copy it finds first: the
    nvidia-*-cu12 wheels that `jax[cuda12]` pins, an older wheel that another package (torch, DGL)
    pinned in the same environment, a conda environment's older cudatoolkit, or a system CUDA named
    on LD_LIBRARY_PATH. jaxlib's CUDA plugin checks the versions itself and refuses an older one at
    start; other modules fail on the first function the older copy lacks.

    Fix:
    Install the wheels JAX asks for (`pip install -U "jax[cuda12]"`), then see that nothing older
    comes first: `pip check` for a package pinning an older nvidia-* wheel, and LD_LIBRARY_PATH
    for a system CUDA. For another module, find the older runtime the same way (and `conda list`
    for an environment's cudatoolkit) and upgrade it to the CUDA the module was built with.

    When to ignore:
    Never while the module is meant to run on the GPU.
    """
    runtime = _cudart_older_than_module(ctx, seen)
    if runtime is not None:
        yield runtime
        return
    found = first_match(JAX_LIBRARY_OLDER, seen)
    if found is None:
        return
    library, have, built = found.groups()
    if library == "CUDA":
        have, built = (f"{number} (CUDA {version_string(int(number))})" for number in (have, built))
    path = ctx.facts.env.variables.get("LD_LIBRARY_PATH", "")
    yield Hit(f"JAX found {library} version {have}, older than the {built} it was built against, and refused to start "
              "its CUDA backend: the copy the loader found first is not the one JAX's CUDA wheels bring",
              evidence={"library": library, "found": have, "built_against": built, "observed": found.group(0),
                        **({"env.LD_LIBRARY_PATH": path} if path else {})}, confirmed=True,
              fix=['pip install -U "jax[cuda12]"  # jax with the nvidia-*-cu12 wheels at the versions it needs '
                   "(jax[cuda13] for CUDA 13)",
                   "pip check; pip list | grep -i nvidia-  # another package pinning an older nvidia-* wheel in the "
                   "same environment (torch, DGL): upgrade it, or give JAX an environment of its own",
                   "unset LD_LIBRARY_PATH  # or drop a system CUDA's lib64 from it, so the wheels' copies load first"])


def _cudart_older_than_module(ctx: Context, seen: List[str]) -> Optional[Hit]:
    """A module that needs a CUDA runtime function which a later minor release of the runtime's major added: the
    runtime found first is older than the one the module was built against. None where no such function is named: a
    runtime not found at all leaves every function undefined, the oldest too (cudaFree), and a function a release
    removed makes the module the older one."""
    for line in seen:
        for found in CUDART_SYMBOL_MISSING.finditer(line):
            symbol, soname = [group for group in found.groups() if group][:2]
            major = re.search(r"\.so\.(\d+)", soname).group(1)
            added = [row["version"] for row in ctx.matrix.api_changes(symbol)
                     if row["versioned_by"] == "cuda" and row["change"] == "added"
                     and row["version"].split(".")[0] == major and not row["version"].endswith(".0")]
            if added:
                return _cudart_older_hit(ctx, found, symbol, soname, added[0])
    return None


def _cudart_older_hit(ctx: Context, found: "re.Match[str]", symbol: str, soname: str, added: str) -> Hit:
    module = re.search(r"([\w.+-]+\.so(?:\.[\d.]+)?)\s*:\s*(?:undefined|symbol)", found.string)
    needer = module.group(1) if module else "a module"
    return Hit(f"{needer} needs {symbol}, which CUDA {added} added, from {soname}, and "
               f"the {soname} found first lacks it: an older CUDA runtime of that major than the one {needer} was "
               "built against (a conda environment's older cudatoolkit, a system CUDA on the library path)",
               evidence={"observed": found.string.strip()[:200], "symbol": symbol, "library": soname,
                         "added_in_cuda": added,
                         **({"env.LD_LIBRARY_PATH": ctx.facts.env.variables["LD_LIBRARY_PATH"]}
                            if ctx.facts.env.variables.get("LD_LIBRARY_PATH") else {})}, confirmed=True,
               fix=["python -c 'import ctypes.util; print(ctypes.util.find_library(\"cudart\"))'; ldconfig -p | grep "
                    "libcudart  # the copies the loader may take",
                    "conda list | grep -E 'cudatoolkit|cuda-cudart|cuda-runtime'  # an older runtime in the "
                    "environment: upgrade it to the CUDA the framework was built with, or make a fresh environment",
                    "unset LD_LIBRARY_PATH  # or drop an older CUDA's lib64 from it"])


# The toolkit's stub libnvidia-ml.so (lib64/stubs, for linking NVML programs on machines without a driver) announces
# itself when it is loaded: "WARNING: You should always run with libnvidia-ml.so that is installed with your NVIDIA
# Display Driver. ... libnvidia-ml.so in GDK package is a stub library that is attached only for build purposes"
# (nvidia-smi run with the CUDA 13.0 toolkit's stub first on LD_LIBRARY_PATH, on an H100, session 72; the same banner
# kept in a public Dockerfile's comments); then nvidia-smi "couldn't communicate with the NVIDIA driver".
NVML_STUB = (r"libnvidia-ml\.so in GDK package is a stub library",
             r"You should always run with libnvidia-ml\.so that is installed with your\s+NVIDIA Display Driver")


@rule("LIB021", "nvml-stub-on-library-path", "error",
      "A program loads the CUDA toolkit's stub NVML library instead of the driver's",
      signatures=NVML_STUB, priority=2)
def nvml_stub_on_library_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    nvidia-smi (or a program using NVML: pynvml, nvitop, DCGM) prints a banner of exclamation marks:
    "WARNING: You should always run with libnvidia-ml.so that is installed with your NVIDIA Display
    Driver. By default it's installed in /usr/lib and /usr/lib64. libnvidia-ml.so in GDK package is a
    stub library that is attached only for build purposes", then "NVIDIA-SMI has failed because it
    couldn't communicate with the NVIDIA driver", on a machine whose driver works.

    Why:
    The CUDA toolkit ships stub libraries in lib64/stubs (libcuda.so, libnvidia-ml.so) so that programs
    can be linked where no driver is installed. The stub has NVML's symbols and none of its work. When
    that folder is on LD_LIBRARY_PATH, or in the loader's cache, or a copy of the stub sits beside the
    program, it is loaded in place of the driver's libnvidia-ml.so.1, and every NVML call fails as if
    there were no driver. The driver itself may be fine (LIB011 is the same mistake with libcuda).

    Fix:
    Take the stubs folder off LD_LIBRARY_PATH and out of /etc/ld.so.conf.d (then `sudo ldconfig`),
    remove links or copies of the stub named libnvidia-ml.so.1, and link against the stub only at
    build time (LIBRARY_PATH or -L).

    When to ignore:
    Never while the banner shows: the program is not talking to the driver.
    """
    if seen:
        path = ctx.facts.env.variables.get("LD_LIBRARY_PATH", "")
        entries = [e for e in path.split(":") if STUBS_ENTRY.fullmatch(e)]
        yield Hit("the CUDA toolkit's stub libnvidia-ml.so was loaded in place of the driver's: NVML calls fail though "
                  "the driver may be working", evidence={"observed": seen[:1], "env.LD_LIBRARY_PATH": path},
                  confirmed=True, fix=_stub_fix(entries, "libnvidia-ml"))



# The C++ runtime a process loaded is older than the one a module was built against. The dynamic loader names the
# symbol version it missed and the library it looked in: "OSError: /home/suser/.conda/envs/llm/bin/../lib/
# libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by ...)" (ztxz16/fastllm#301, kvcache-ai/ktransformers
# #524, isl-org/Open3D#5531), "version `CXXABI_1.3.9' not found" (ContinuumIO/anaconda-issues#5191, #7284). A module
# built with a newer g++ and loaded against an older libstdc++ may instead miss a std:: symbol by name: "undefined
# symbol: _ZNSt15__exception_ptr13exception_ptr9_M_addrefEv" (facebookresearch/detectron2 in an Anaconda env),
# "undefined symbol: _ZTVNSt7__cxx1119basic_istringstream..." (HIT-SCIR/pyltp#58, anaconda2).
LIBSTDCXX_VERSION_MISSING = re.compile(r"(?P<loaded>[^\s'\"`(]*libstdc\+\+\.so(?:\.6)?)?[\s:]*version [`'‘]?"
                                       r"(?P<label>GLIBCXX|CXXABI)_(?P<version>\d+(?:\.\d+)+)[`'’]? not found")
STD_SYMBOL_UNDEFINED = re.compile(r"undefined symbol: _Z(?:T[VIS])?N?St\w+")
# A conda environment's own libstdc++: in its prefix, or reached through its python's $ORIGIN/../lib run path; or a
# report that runs in a conda environment by its own words ("Conda env: wiki-grx-gym", "conda activate ...") while it
# leaves the library's path out ("…/libstdc++.so.6", FFTAI/Wiki-GRx-Gym#6).
CONDA_LIBSTDCXX = CONDA_ENVIRONMENT + r"|/bin/\.\./lib/libstdc|\bconda (?:env|environment|activate)\b"
# The GCC release that first shipped each libstdc++ symbol version, from libstdc++'s ABI policy manual
# (libstdc++-v3/doc/xml/manual/abi.xml, "abi.versioning.history", up to GCC 12.1) and the GCC 14.1 update to it
# (gcc.gnu.org/pipermail/libstdc++/2024-April/058588.html, GCC 13.1 to 14.1).
FIRST_GCC_WITH = {
    "GLIBCXX_3.4.19": "4.8.3", "GLIBCXX_3.4.20": "4.9.0", "GLIBCXX_3.4.21": "5.1.0", "GLIBCXX_3.4.22": "6.1.0",
    "GLIBCXX_3.4.23": "7.1.0", "GLIBCXX_3.4.24": "7.2.0", "GLIBCXX_3.4.25": "8.1.0", "GLIBCXX_3.4.26": "9.1.0",
    "GLIBCXX_3.4.27": "9.2.0", "GLIBCXX_3.4.28": "9.3.0", "GLIBCXX_3.4.29": "11.1.0", "GLIBCXX_3.4.30": "12.1.0",
    "GLIBCXX_3.4.31": "13.1.0", "GLIBCXX_3.4.32": "13.2.0", "GLIBCXX_3.4.33": "14.1.0",
    "CXXABI_1.3.8": "4.9.0", "CXXABI_1.3.9": "5.1.0", "CXXABI_1.3.10": "6.1.0", "CXXABI_1.3.11": "7.1.0",
    "CXXABI_1.3.12": "9.1.0", "CXXABI_1.3.13": "11.1.0", "CXXABI_1.3.14": "13.1.0", "CXXABI_1.3.15": "14.1.0",
}


@rule("LIB022", "conda-env-libstdcxx-too-old-for-extension", "error",
      "A conda environment's libstdc++ is older than the one a module was built against",
      signatures=(LIBSTDCXX_VERSION_MISSING.pattern, STD_SYMBOL_UNDEFINED.pattern), priority=20,
      references=("https://gcc.gnu.org/onlinedocs/libstdc++/manual/abi.html",))
def conda_env_libstdcxx_too_old_for_extension(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Importing a compiled module from a conda environment fails:
    "OSError: /home/suser/.conda/envs/llm/bin/../lib/libstdc++.so.6: version `GLIBCXX_3.4.30' not found",
    or "version `CXXABI_1.3.9' not found", or the module misses a C++ standard library symbol:
    "undefined symbol: _ZNSt15__exception_ptr13exception_ptr9_M_addrefEv".

    Why:
    A conda environment carries its own libstdc++ (libstdcxx-ng) and its python loads it first,
    through its $ORIGIN/../lib run path. A module compiled on this machine with the system's newer
    g++ (a CUDA extension built from source, a JIT-built torch extension, a library in /usr/local),
    or a package built with a newer toolchain, needs symbol versions that the environment's older
    copy lacks, so the loader refuses it even though the system's libstdc++ has them.

    Fix:
    Install a libstdc++ into the environment at least as new as the compiler that built the module:
    conda install -c conda-forge "libstdcxx-ng>=12" for GLIBCXX_3.4.30 (each symbol version names
    the GCC release that introduced it). Or build the module with the environment's own compiler
    (conda's gxx), so it needs nothing newer.

    When to ignore:
    Never: the module does not load.
    """
    if not seen:
        return
    found = first_match(LIBSTDCXX_VERSION_MISSING, ctx.observed([LIBSTDCXX_VERSION_MISSING.pattern]))
    loaded = (found.group("loaded") or "") if found else ""
    path_shown = "/" in loaded and not loaded.startswith(("…", "..."))  # not "…/libstdc++.so.6", a path left out
    if path_shown and not re.search(CONDA_LIBSTDCXX, loaded):
        return  # the system's libstdc++ is the old one: another situation
    if not ctx.observed([CONDA_LIBSTDCXX]):  # the undefined-symbol form names no library: conda must show
        return
    if found:
        needed = f"{found.group('label')}_{found.group('version')}"
        gcc = FIRST_GCC_WITH.get(needed, "")
        loaded = found.group("loaded") or "the environment's libstdc++.so.6"
        message = f"the conda environment's libstdc++ lacks {needed}"
        message += f" (GCC {gcc} and newer have it)" if gcc else ""
        evidence = {"needed": needed, "loaded": loaded}
        check = f"strings {loaded} | grep -E '^{found.group('label')}_' | tail -3  # the newest it has"
    else:  # the loader named no library: a likely reading, not a confirmed one
        gcc, symbol = "", first_match(STD_SYMBOL_UNDEFINED, seen)
        message = "a module needs a C++ standard library symbol the conda environment's older libstdc++ lacks"
        evidence = {"undefined": symbol.group(0) if symbol else seen[0]}
        check = "strings \"$CONDA_PREFIX/lib/libstdc++.so.6\" | grep -E '^GLIBCXX_' | tail -3  # the newest it has"
    newer = f'"libstdcxx-ng>={gcc.split(".")[0]}"' if gcc else "libstdcxx-ng"
    yield Hit(message + ": the module was built with a newer g++ than the environment's C++ runtime",
              evidence={**evidence, "observed": seen[:1]}, generic=not found, priority=20,
              fix=[check, f"conda install -c conda-forge {newer}  # a C++ runtime as new as the module's compiler",
                   "or rebuild the module with the environment's compiler: conda install -c conda-forge gxx"])

# MATLAB on Linux loads the libstdc++ it ships (matlabroot/sys/os/glnxa64) before the system's, so a MEX file built
# with a newer g++ than that copy fails to load. MATLAB's own words: "Invalid MEX-file ... Missing symbol
# '_ZNSt7__cxx1112basic_stringIwSt11char_traitsIwESaIwEE12_M_constructEmw' required by '.../caffe_.mexa64'"
# (Liusifei/Face_Parsing_2016#13, a matcaffe built with gcc 5.4 under R2017b); the loader's, retold: "CXXABI_1.3.9 not
# included in libstdc++.so.6 / Matlab GPU mex" (TomographicImaging/CCPi-Regularisation-Toolkit#81).
# (MATLAB breaks the message over lines: "Missing symbol", the symbol, "required by", the file.)
MATLAB_MISSING_SYMBOL = r"\bMissing symbol\s*(?:'_Z\w+'\s*required by|$)"
MANGLED_STD_SYMBOL = r"'_Z\w*St\w+'"
CXX_RUNTIME_VERSION_MISSING = re.compile(r"\b((?:GLIBCXX|CXXABI)_\d+(?:\.\d+)+)['`’]?\s+(?:not found|not included)")
MATLAB_CONTEXT = (r"\.mex(?:a64|glx)\b", r"\bmatlab\b", r"/sys/os/glnxa64/libstdc")


@rule("LIB030", "matlab-bundled-libstdcxx-too-old-for-mex", "error",
      "MATLAB's own libstdc++ is older than the one a MEX file was built against",
      signatures=(MATLAB_MISSING_SYMBOL, CXX_RUNTIME_VERSION_MISSING.pattern), priority=20,
      references=("https://gcc.gnu.org/onlinedocs/libstdc++/manual/abi.html",))
def matlab_bundled_libstdcxx_too_old_for_mex(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Calling a compiled MEX file (matcaffe, a CUDA toolbox's GPU functions) from MATLAB on Linux fails:
    "Missing symbol '_ZNSt7__cxx1112basic_stringIwSt11char_traitsIwESaIwEE12_M_constructEmw' required
    by '.../caffe_.mexa64'", or "version `CXXABI_1.3.9' not found" for MATLAB's
    sys/os/glnxa64/libstdc++.so.6, while the same library loads outside MATLAB.

    Why:
    MATLAB ships a libstdc++ of the g++ its release supports and loads it before the system's. A MEX
    file, or a library it links (Boost, Caffe, a CUDA toolbox), built with the system's newer g++
    needs symbols (the C++11 std::__cxx11 strings of GCC 5, a newer GLIBCXX_ or CXXABI_ version) that
    the older copy lacks.

    Fix:
    Start MATLAB with the system's libstdc++ first (LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libstdc++.so.6
    matlab), or move MATLAB's copy aside so the system's is used, or build the MEX file and the
    libraries it links with the g++ release MATLAB supports.

    When to ignore:
    Never: the MEX file does not load.
    """
    if not seen or not ctx.observed(MATLAB_CONTEXT):
        return
    version_line = first_match(CXX_RUNTIME_VERSION_MISSING, seen)
    needs = version_line.group(1) if version_line else ""
    gcc = FIRST_GCC_WITH.get(needs, "")
    if not needs and not ctx.observed((MANGLED_STD_SYMBOL,)):
        return  # a missing symbol of the MEX file's own libraries, not the C++ runtime's
    yield Hit("MATLAB loads its own libstdc++ (matlabroot/sys/os/glnxa64), older than the g++ that built the MEX file "
              "or a library it links" + (f": it needs {needs}" + (f", first in GCC {gcc}" if gcc else "") if needs else
                                          ": it needs C++ standard library symbols that copy lacks"),
              evidence={"observed": seen[0].strip()[:200], **({"needs": needs} if needs else {})}, confirmed=True,
              fix=["LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libstdc++.so.6 matlab  # the system's libstdc++ first",
                   "strings \"$(dirname $(readlink -f $(which matlab)))/../sys/os/glnxa64/libstdc++.so.6\" | grep -E "
                   "'^(GLIBCXX|CXXABI)_' | tail -3  # the newest MATLAB's copy has",
                   "or build the MEX file and its libraries with the g++ release MATLAB supports"])



# A build's cuDNN lookup reading the version from cudnn.h, where cuDNN 7 and older kept it; cuDNN 8 moved the version
# macros to cudnn_version.h, so the lookup finds the library and no version. PyTorch's and libtorch's Caffe2
# cuda.cmake: "Found cuDNN: v?  (include: /usr/include, library: ...libcudnn.so)" then "PyTorch requires cuDNN 7 and
# above" (pytorch/pytorch#41593, #40965); Jetson builds with the same CMake: "Configurable variable CUDNN_VERSION set
# to ?". A write-up of the libtorch error names the cause and edits cuda.cmake to read cudnn_version.h.
# CMake's own FindPackage words for the same, from a lookup that parses cudnn.h (ArrayFire 3.7 on cuDNN 8, settled by
# its maintainer: "we were reading version info from the header", arrayfire/arrayfire#2935): 'Could NOT find cuDNN:
# Found unsuitable version ".", but required is at least "4.0"'.
CUDNN_VERSION_UNREAD = (r"Found cuDNN: v\?", r"\bCUDNN_VERSION set to \?",
                        r"Could NOT find cuDNN: Found unsuitable version \"\.?\"")
CUDNN_LOOKUP_INCLUDE = re.compile(r"\(include: ([^,\s]+), library: [^)\s]+\)")
# Code written against an older cuDNN API, compiled against a newer cuDNN. Each major release changed calls the
# frameworks of its day made: v2 renamed the 4d tensor descriptors (cudnnTensor4dDescriptor_t, BVLC/caffe#1792); v5 gave
# cudnnSetPooling2dDescriptor a cudnnNanPropagation_t argument (rbgirshick/py-faster-rcnn#308, caffe-segnet#81); v6 gave
# cudnnSetConvolution2dDescriptor a compute type (CEA-LIST/N2D2#1, tbennun/cudnn-training#22's "too few arguments in
# function call"); v8 removed cudnnGetConvolution*Algorithm and its preference enums, *_PREFER_FASTEST,
# *_SPECIFY_WORKSPACE_LIMIT and *_NO_WORKSPACE, leaving the _v7 forms (AlexeyAB/darknet#6202,
# mdegans/nano_build_opencv#35, lightvector/KataGo#282 and #244). gcc's words, nvcc's (for a file of the cuDNN wrapper),
# clang's.
CUDNN_API_GONE = (
    r"too few arguments to function\W{1,3}(?:cudnnStatus_t\s+(?:CUDNNWINAPI\s+)?)?cudnn\w+",
    r"cudnn[\w/.-]*\(\d+\): error: too few arguments in function call",
    r"argument of type \"[^\"]+\" is incompatible with parameter of type \"(?:const\s+)?cudnn\w+",
    r"argument of type \"cudnn\w+\" is incompatible with parameter of type",
    r"\bCUDNN_CONVOLUTION_(?:FWD|BWD_DATA|BWD_FILTER)_(?:PREFER_FASTEST|SPECIFY_WORKSPACE_LIMIT|NO_WORKSPACE)\b\W{1,3}"
    r"(?:was not declared|undeclared|is undefined)",
    r"(?:implicit declaration of function|identifier)\W{1,3}cudnnGetConvolution(?:Forward|BackwardData|BackwardFilter)"
    r"Algorithm\b\W",
    r"unknown type name\W{1,3}cudnnTensor4dDescriptor_t\b",
    r"undeclared identifier\W{1,3}cudnnCreateTensor4dDescriptor\b",
)
# The cuDNN name a compiler line is about: its API's (cudnnSetPooling2dDescriptor,
# CUDNN_CONVOLUTION_FWD_PREFER_FASTEST), not a file of the code's own (cudnn_conv_layer.cu).
CUDNN_API_NAME = re.compile(r"\b(?:cudnn[A-Z]\w*|CUDNN_[A-Z0-9_]+)\b")


@rule("LIB023", "cudnn-newer-than-code-supports", "error",
      "The code or its build scripts predate the cuDNN it is built against",
      signatures=CUDNN_VERSION_UNREAD + CUDNN_API_GONE + UNKNOWN_NAME_COMPILING + UNKNOWN_NAME_LINKING, priority=22,
      scope="build")
def cudnn_newer_than_code_supports(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    CMake configuring a PyTorch extension, a libtorch program or a source build finds the library
    and no version: "-- Found cuDNN: v?  (include: /usr/include, library: /usr/lib/x86_64-linux-gnu/
    libcudnn.so)", then "CMake Error at .../Caffe2/public/cuda.cmake:170 (message): PyTorch requires
    cuDNN 7 and above", although cuDNN 8 or newer is installed. Or the compiler refuses the code's
    cuDNN calls: "error: too few arguments to function 'cudnnStatus_t cudnnSetPooling2dDescriptor(...)'"
    (a Caffe fork on cuDNN 5), "'CUDNN_CONVOLUTION_FWD_PREFER_FASTEST' was not declared in this scope"
    (darknet, OpenCV 4.3 or KataGo on cuDNN 8).

    Why:
    cuDNN's major releases change its API: v5 and v6 added arguments to the pooling and convolution
    descriptor calls, v8 removed the cudnnGetConvolution*Algorithm calls and their preference enums.
    Code written for an older release (and the many Caffe forks frozen at one) does not compile
    against a newer one. Likewise cuDNN 7 and older defined CUDNN_MAJOR, CUDNN_MINOR and
    CUDNN_PATCHLEVEL in cudnn.h, and cuDNN 8 moved them to cudnn_version.h: build scripts written
    before that read cudnn.h, find no version, and refuse a cuDNN newer than any they know.

    Fix:
    Build against the cuDNN release the code was written for, or use a release of the project (or
    of its upstream) that supports this cuDNN; where cuDNN is optional, build without it. For the
    version lookup, use a release whose CMake reads cudnn_version.h, or make the old lookup read it.

    When to ignore:
    Never while you build with that project.
    """
    if not seen:
        return
    unread = [line for line in seen if any(re.search(p, line, re.I) for p in CUDNN_VERSION_UNREAD)]
    if not unread:
        gone = [line for line in seen if any(re.search(p, line, re.I) for p in CUDNN_API_GONE)]
        removed = [verdict for verdict in api_verdicts(ctx, "cudnn", host_cudnn(ctx)[0]) if verdict[0] == "too new"]
        if gone or removed:
            yield _cudnn_api_gone(ctx, gone or [removed[0][4]], removed[0][2] if removed and not gone else "")
        return
    lookup = first_match(CUDNN_LOOKUP_INCLUDE, ctx.observed([CUDNN_LOOKUP_INCLUDE.pattern]))
    include = lookup.group(1) if lookup else ""
    torch_cmake = bool(ctx.observed([r"Caffe2/public/cuda\.cmake", r"PyTorch requires cuDNN"]))
    lookup_name = "Caffe2 cuda.cmake (PyTorch's CMake files)" if torch_cmake else "cuDNN lookup"
    yield Hit("the build read no version from cudnn.h: this cuDNN (8 or newer) keeps its version in cudnn_version.h, "
              f"which the project's {lookup_name} predates",
              evidence={"observed": unread[:1], **({"cudnn_include": include} if include else {})},
              confirmed=True,
              fix=[f"ls {include or '/usr/include'}/cudnn_version.h  # where cuDNN 8 and newer keep their version",
                   "use a release of the project whose CMake reads cudnn_version.h"
                   + (" (a newer libtorch or PyTorch, for its share/cmake files)" if torch_cmake else ""),
                   "or make the old lookup read cudnn_version.h where it reads cudnn.h"
                   + (" (share/cmake/Caffe2/public/cuda.cmake)" if torch_cmake else "")])


def _cudnn_api_gone(ctx: Context, seen: List[str], removed_in: str = "") -> Hit:
    """The code's cuDNN calls refused by the compiler: it was written for an older cuDNN API than the one installed.
    `removed_in`: the cuDNN release that removed the name, where matrices/cuda_api.toml says."""
    line = seen[0].strip()
    names = [name for name in CUDNN_API_NAME.findall(line) if name != "cudnnStatus_t"]
    cudnn, where = host_cudnn(ctx)
    have = f"cuDNN {cudnn}" if cudnn else "the installed cuDNN"
    changed = f"cuDNN {removed_in} removed it" if removed_in else f"{have} changed or removed it"
    return Hit(f"the code calls the cuDNN API{f' ({names[0]})' if names else ''} as an older cuDNN had it: {changed}, "
               "so the code predates the cuDNN it is compiled against",
               evidence={"observed": line[:200], **({"cudnn": cudnn, "cudnn_source": where} if cudnn else {}),
                         **({"removed_in_cudnn": removed_in} if removed_in else {})},
               confirmed=True,
               fix=["cat /usr/include/cudnn_version.h /usr/include/cudnn.h 2>/dev/null | grep -m3 -E "
                    "'define CUDNN_(MAJOR|MINOR|PATCHLEVEL)'  # the cuDNN the build compiles against",
                    "build against the cuDNN release the project was written for (its README or build files name "
                    "it), or use a release of the project (or its upstream) that supports this cuDNN",
                    "where cuDNN is optional, build without it (Caffe: USE_CUDNN := 0; darknet: CUDNN=0)"])


@rule("LIB029", "cuda-library-too-old-for-source-build", "error",
      "The cuDNN a build compiles against is older than the code needs",
      signatures=UNKNOWN_NAME_COMPILING, priority=22, scope="build")
def cuda_library_too_old_for_source_build(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A source build stops at a name of the cuDNN API the code uses: 'error: identifier
    "CUDNN_POOLING_MAX_DETERMINISTIC" is undefined' (Caffe2 on cuDNN 5.1), "'cudnnActivationDescriptor_t'
    was not declared in this scope", "unknown type name 'cudnnBackendDescriptor_t'".

    Why:
    Each cuDNN release adds to its API (activation descriptors came with 4.0, deterministic max
    pooling with 6.0, the backend API with 8.0): code written for a newer cuDNN does not compile
    against an older one's header. matrices/cuda_api.toml has the release that added each name.

    Fix:
    Install the cuDNN release the project names (at least the one that added the name) for the CUDA
    you build with, and make the build find its header first (CUDNN_INCLUDE_DIR, CUDNN_ROOT); or build
    the project without cuDNN where that is an option.

    When to ignore:
    Never while you build that code.
    """
    if not seen:
        return
    cudnn, where = host_cudnn(ctx)
    too_old = [verdict for verdict in api_verdicts(ctx, "cudnn", cudnn) if verdict[0] == "too old"]
    if not too_old:
        return
    _, name, added, _, line = too_old[0]
    yield Hit(f"the code uses {name}, which came with cuDNN {added}: "
              f"{f'cuDNN {cudnn}' if cudnn else 'the cuDNN the build compiles against'} is older",
              evidence={"observed": line[:200], "name": name, "needs_cudnn": added,
                        "cudnn": cudnn or "not in the input", **({"cudnn_source": where} if where else {})},
              confirmed=True,
              fix=["cat /usr/include/cudnn_version.h /usr/include/cudnn.h 2>/dev/null | grep -m3 -E "
                   "'define CUDNN_(MAJOR|MINOR|PATCHLEVEL)'  # the cuDNN the build compiles against",
                   f"install cuDNN {added} or newer (the release the project names) for your CUDA, and point the "
                   "build at its header (CUDNN_INCLUDE_DIR / CUDNN_ROOT)",
                   "or build without cuDNN where the project allows it (Caffe: USE_CUDNN := 0)"])


# A TensorRT class without a member the code uses, in each compiler's and Python's words, as (class, member): gcc's
# "'class nvinfer1::ICudaEngine' has no member named 'getNbBindings'" (the quotes typographic in its output, also
# after an alias: "{aka 'class nvinfer1::ICudaEngine'} has no member named"), VS Code's IntelliSense 'class
# "nvinfer1::ICudaEngine" has no member "getNbBindings"'; for an enumerator, gcc's "'kBF16' is not a member of
# 'nvinfer1::BuilderFlag'"; MSVC's C2039 "'executeAsyncV2': is not a member of 'nvinfer1::IExecutionContext'", which a
# Chinese MSVC user retold as "getBindingDimensions 不是 nvinfer1::IExecutionContext成员"; Python's
# "'tensorrt_bindings.tensorrt.Builder' object has no attribute 'build_engine'"; and TensorRT 3's Python API without the
# parser TensorRT 4 added ("cannot import name onnxparser").
TRT_MEMBER_MISSING = (
    re.compile(r"nvinfer1::(?P<cls>\w+)['’\"]?\}? has no member (?:named )?['‘`\"]?(?P<member>\w+)"),
    re.compile(r"['‘`\"]?(?P<member>\w+)['’\"]?:? is not a member of ['‘`\"]?nvinfer1::(?P<cls>\w+)"),
    re.compile(r"(?P<member>\w+)\W{0,3}\s*不是\s*\W{0,3}nvinfer1::(?P<cls>\w+)\W{0,3}(?:的)?成员"),
    re.compile(r"tensorrt\w*\.tensorrt\.(?P<cls>\w+)'? object has no attribute '(?P<member>\w+)'"),
    re.compile(r"cannot import name \W?(?P<member>onnxparser)\b(?P<cls>)"),
)
# Deleting a TensorRT object, which 8.0 allowed by making the destructors public (NvInferRuntime.h at tag 8.0.1:
# "virtual ~ICudaEngine() noexcept = default", destroy() deprecated; protected at release/7.2): gcc's "'virtual
# nvinfer1::IExecutionContext::~IExecutionContext()' is protected within this context"
# (NVIDIA-AI-IOT/CUDA-PointPillars#33, wang-xinyu/tensorrtx#1175 on TensorRT 7), MSVC's C2248 in Chinese
# ("nvinfer1::ICudaEngine::~ICudaEngine": 无法访问 protected 成员, FeiYull/TensorRT-Alpha#39) or in English.
TRT_DESTRUCTOR_PROTECTED = (
    re.compile(r"nvinfer1::(?P<cls>\w+)::~\w+\(\)[\W_]{0,3}\s*is protected within this context"),
    re.compile(r"nvinfer1::(?P<cls>\w+)::~\w+\W{0,3}\s*(?::\s*)?(?:无法访问 protected 成员|cannot access protected member)"),
)
# The same as signatures, whose patterns the rules engine joins into one: named groups may appear only once there.
TRT_API_SIGNATURES = tuple(re.sub(r"\(\?P<\w+>", "(", p.pattern) for p in TRT_MEMBER_MISSING)
TRT_DESTRUCTOR_SIGNATURES = tuple(re.sub(r"\(\?P<\w+>", "(", p.pattern) for p in TRT_DESTRUCTOR_PROTECTED)
# The release that removed each API, keyed by (class, member), or (None, member) where every class lost it:
# 8.0 removed IBuilder's own engine building and settings, which 7.x had deprecated ("API will be removed in TensorRT
# 8.0, use IBuilder::buildEngineWithConfig instead", NvInfer.h on release/7.2; gone from class IBuilder at tag 8.0.1;
# the 8.0.1 "Removed C++ APIs" table), and the Python Builder's (in the 6.0.1 Python docs, not in pyCore.cpp at 8.0.1,
# where max_workspace_size is IBuilderConfig's). 10.0 removed what 8.x deprecated: buildEngineWithConfig ("API will be
# removed in TensorRT 10.0, use IBuilder::buildSerializedNetwork instead", 8.2), IBuilderConfig's setMaxWorkspaceSize
# (8.3: setMemoryPoolLimit(kWORKSPACE)), setMaxBatchSize (8.4) and the binding-index API ("TensorRT 10.x replaces the
# binding-based API with a name-based tensor API", the 8.x-to-10.x migration guide), in Python build_engine,
# max_workspace_size, max_batch_size, num_bindings, get_binding_*, binding_is_input.
TRT_REMOVED = {
    **{("IBuilder", member): "8.0" for member in ("buildCudaEngine", "createNetwork", "setMaxWorkspaceSize",
                                                  "getMaxWorkspaceSize", "setFp16Mode", "setInt8Mode")},
    **{("Builder", member): "8.0" for member in ("build_cuda_engine", "max_workspace_size", "fp16_mode", "int8_mode")},
    **{(None, member): "10.0" for member in ("getNbBindings", "bindingIsInput", "buildEngineWithConfig",
                                            "setMaxWorkspaceSize", "getMaxWorkspaceSize", "setMaxBatchSize",
                                            "getMaxBatchSize", "build_engine", "max_workspace_size", "max_batch_size",
                                            "num_bindings", "binding_is_input")},
}
TRT_REMOVED_PREFIXES = {"getBinding": "10.0", "get_binding_": "10.0"}  # getBindingDimensions, get_binding_shape, ...
# The release that added each API code written for a newer TensorRT calls (read in NVIDIA/TensorRT's headers and
# bindings per release): buildSerializedNetwork and Python's build_serialized_network at 8.0.1 (in no branch 5.1-7.2);
# the name-based tensor API at 8.5.1 (absent at 8.4.3); setOutputTensorAddress at v10.0.0 (absent up to 9.3); BF16 at
# the 9.0 EA headers (8.6's DataType ends at kFP8); deleting objects (the destructor, "~") at 8.0.1; the Python ONNX
# parser with TensorRT 4.0 ("TensorRT can now parse the network definitions in ONNX format", 4.0.1 release notes).
TRT_ADDED = {"buildSerializedNetwork": "8.0", "build_serialized_network": "8.0", "enqueueV3": "8.5",
             "setTensorAddress": "8.5", "setInputTensorAddress": "8.5", "setInputShape": "8.5", "getNbIOTensors": "8.5",
             "getIOTensorName": "8.5", "getTensorShape": "8.5", "setOutputTensorAddress": "10.0", "kBF16": "9.0",
             "~": "8.0", "onnxparser": "4.0"}
# The last release before each removal (7.2 the last 7.x, 8.6 the last 8.x), and the first release on PyPI
# ("Starting with TensorRT 8.5, Python wheels will instead be published to upstream PyPI", the 8.5.2 release
# notes): pip has no older one.
TRT_LAST_BEFORE = {"8.0": "7.2", "10.0": "8.6"}
TRT_ON_PYPI = "8.5"
# Added APIs a later release took away again: TensorRT 5.0's new Python API "removes the infer, parsers, utils, and lite
# submodules" (the Python migration guide), so tensorrt.parsers.onnxparser exists in 4.x only.
TRT_ADDED_UNTIL = {"onnxparser": "5.0"}
TRT_MIGRATION_GUIDE = "https://docs.nvidia.com/deeplearning/tensorrt/latest/api/migration-guide.html"
TRT_API_CHANGES_8 = "https://docs.nvidia.com/deeplearning/tensorrt/archives/tensorrt-801/api/index.html"


def _trt_missing_members(seen: List[str]) -> List[Tuple[str, str, str]]:
    """(class, member, the words) for each TensorRT member the failure lines say is missing; "~" for a destructor the
    code may not call."""
    found = []
    for line in seen:
        for pattern in TRT_MEMBER_MISSING:
            for match in pattern.finditer(line):
                found.append((match.group("cls"), match.group("member"), match.group(0)))
        for pattern in TRT_DESTRUCTOR_PROTECTED:
            match = pattern.search(line)
            if match:
                found.append((match.group("cls"), "~", match.group(0)))
    return found


def trt_removed_in(cls: str, member: str) -> Optional[str]:
    """The TensorRT release that removed this member of this class, None when none did."""
    removed = TRT_REMOVED.get((cls, member)) or TRT_REMOVED.get((None, member))
    return removed or next((release for prefix, release in TRT_REMOVED_PREFIXES.items() if member.startswith(prefix)),
                           None)


@rule("LIB024", "tensorrt-too-new-for-project", "error",
      "The project calls TensorRT APIs that the installed TensorRT removed",
      signatures=TRT_API_SIGNATURES, priority=22,
      references=(TRT_MIGRATION_GUIDE, TRT_API_CHANGES_8,
                  "https://docs.nvidia.com/deeplearning/tensorrt/archives/tensorrt-824/api/c_api/deprecated.html"))
def tensorrt_too_new_for_project(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    An exporter or a program built on TensorRT fails right where it builds or runs an engine:
    "AttributeError: 'tensorrt_bindings.tensorrt.Builder' object has no attribute 'build_engine'",
    "'tensorrt_bindings.tensorrt.IBuilderConfig' object has no attribute 'max_workspace_size'"; in C++,
    "error: 'class nvinfer1::ICudaEngine' has no member named 'getNbBindings'" (the quotes typographic in
    gcc's output, "‘class nvinfer1::ICudaEngine’ has no member named ‘getNbBindings’"), MSVC's "error C2039:
    'getBindingDimensions': is not a member of 'nvinfer1::IExecutionContext'". Older code on TensorRT 8:
    "'tensorrt.tensorrt.Builder' object has no attribute 'build_cuda_engine'".

    Why:
    TensorRT removes APIs one major release after deprecating them. TensorRT 10 removed building an
    engine object directly (build_engine, buildEngineWithConfig; build_serialized_network is what
    remains), the workspace and batch-size settings (max_workspace_size gave way to
    set_memory_pool_limit), and the binding-index API (num_bindings, get_binding_shape, getNbBindings),
    replaced by tensors named by their names (num_io_tensors, get_tensor_name, get_tensor_shape).
    TensorRT 8 removed the builder's own settings of TensorRT 5-7 (build_cuda_engine, fp16_mode,
    max_workspace_size on the builder; buildCudaEngine, createNetwork), which moved to the builder
    config. Code written for the older release stops at the first of them. pip installs the newest
    TensorRT by default, so an older exporter meets it after any fresh install.

    Fix:
    Install the last TensorRT release before the removal for the project (`pip install "tensorrt<10"`
    gives 8.6), or move to the project's release that supports the installed TensorRT, or port the calls
    with NVIDIA's migration guide.

    When to ignore:
    Never: the calls do not exist in this TensorRT.
    """
    removed = [(cls, member, words, trt_removed_in(cls, member)) for cls, member, words in _trt_missing_members(seen)
               if member != "~" and trt_removed_in(cls, member)]
    if not removed:
        return
    cls, api, words, release = removed[0]
    stated = _software_release(ctx, "tensorrt") or ""
    have = f"TensorRT {stated}" if older_than(stated, release) is False else f"TensorRT {release} or newer"
    last = TRT_LAST_BEFORE[release]
    python = "object has no attribute" in words
    yield Hit(f"The code calls {cls}.{api}, which {have} no longer has: TensorRT {release} removed it, so the code was "
              f"written for TensorRT {last.split('.')[0]} or older",
              evidence={"observed": words[:200], "removed_api": f"{cls}.{api}", "removed_in": release,
                        **({"tensorrt": stated} if stated else {})}, confirmed=True,
              fix=[f'pip install "tensorrt<{release.split(".")[0]}"  # TensorRT {last}, the last release with these '
                   "calls (with a CUDA it supports)" if python and older_than(last, TRT_ON_PYPI) is False else
                   f"install TensorRT {last}, the last release with these calls (its tar or deb packages, with the "
                   "Python wheel in the tar), and build or run against it",
                   "or update the project to its release that supports the installed TensorRT",
                   "or port the calls: " + (TRT_MIGRATION_GUIDE if release == "10.0" else TRT_API_CHANGES_8)])


@rule("LIB025", "tensorrt-too-old-for-project", "error",
      "The project calls TensorRT APIs that the installed TensorRT does not have yet",
      signatures=TRT_API_SIGNATURES + TRT_DESTRUCTOR_SIGNATURES, priority=22,
      references=(TRT_API_CHANGES_8, TRT_MIGRATION_GUIDE))
def tensorrt_too_old_for_project(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A project written for a newer TensorRT does not compile or import: "error: 'class nvinfer1::IBuilder'
    has no member named 'buildSerializedNetwork'" (TensorRT 7), "'class nvinfer1::IExecutionContext' has
    no member named 'setOutputTensorAddress'" or "'kBF16' is not a member of 'nvinfer1::BuilderFlag'"
    (TensorRT 8.6), "'virtual nvinfer1::INetworkDefinition::~INetworkDefinition()' is protected within
    this context" where the code deletes a TensorRT object (TensorRT 7); TensorRT 3's Python API: "cannot
    import name onnxparser".

    Why:
    Each TensorRT release adds API the code of its time uses at once: 8.0 added building a serialized
    engine (buildSerializedNetwork) and deleting objects with `delete`; 8.5 the name-based tensor API
    (enqueueV3, setTensorAddress, setInputShape, getIOTensorName); 9.0 BF16; 10.0
    setOutputTensorAddress. Headers and bindings of an older release do not have them. On a Jetson the
    TensorRT is the one JetPack brought.

    Fix:
    Install the TensorRT release the project names (at least the one that added the API), and build
    against it; on a Jetson, flash a JetPack release whose TensorRT is that new. Or use the project's
    older release, written for the TensorRT you have.

    When to ignore:
    Never: the calls do not exist in this TensorRT.
    """
    added = [(cls, member, words) for cls, member, words in _trt_missing_members(seen)
             if member in TRT_ADDED and not trt_removed_in(cls, member)]
    if not added:
        return
    release = max((TRT_ADDED[member] for _, member, _ in added), key=version)
    cls, member, words = next(item for item in added if TRT_ADDED[item[1]] == release)
    stated = _software_release(ctx, "tensorrt") or ""
    if stated and older_than(stated, release) is False:
        return  # the report names a TensorRT that has it: the build finds another, older one (or another cause)
    api = f"delete on nvinfer1::{cls} objects" if member == "~" else f"{cls}.{member}"
    until = TRT_ADDED_UNTIL.get(member)
    fix = ([f"install TensorRT {release} (its tar or deb packages): {member} is in its Python API until TensorRT "
            f"{until} replaced that API"] if until else
           [f"a JetPack release whose TensorRT is {release} or newer (its release notes list the TensorRT): TensorRT "
            "on a Jetson comes with JetPack"] if ctx.jetson() else
           [f'pip install "tensorrt>={max(release, TRT_ON_PYPI, key=version)}"  # with a CUDA it supports'
            if "no attribute" in words else
            f"install TensorRT {release} or newer (its tar or deb packages) and build against it: point the "
            "project's TensorRT path (TENSORRT_DIR, -DTensorRT_ROOT, include and lib) at it"])
    yield Hit(f"The code uses {api}, which TensorRT {release} added: the TensorRT it was built against"
              + (f" ({stated})" if stated else "") + " is older", confirmed=True,
              evidence={"observed": words[:200], "api": api, "added_in": release,
                        **({"tensorrt": stated} if stated else {})},
              references=[TRT_API_CHANGES_8],
              fix=fix + ["or use the project's older release, written for the TensorRT you have",
                         "python -c 'import tensorrt; print(tensorrt.__version__)'  # or: dpkg -l | grep nvinfer"])

# A compiled extension that does its CPU-side math through CBLAS (MinkowskiEngine, and others built the same way) and
# a system without the BLAS it needs. Building: "fatal error: cblas.h: No such file or directory" from nvcc or gcc
# (vLAR-group/LogoSP#2), retold as "No such file <cblas.h>" (JonasSchult/Mask3D#115). Loading: "ImportError:
# libopenblas.so.0: cannot open shared object file" (NVIDIA/MinkowskiEngine#494, the OpenBLAS it was built with gone).
BLAS_HEADER_MISSING = r"\bcblas\.h\W{0,3}:? No such file|No such file\W{0,3}<cblas\.h>"
BLAS_LIBRARY_MISSING = r"\blibopenblas\w*\.so(?:\.\d+)*: cannot open shared object"
BLAS_DEV_PACKAGE = {"ubuntu": "sudo apt-get install -y libopenblas-dev",
                    "debian": "sudo apt-get install -y libopenblas-dev", "rhel": "sudo dnf install -y openblas-devel",
                    "fedora": "sudo dnf install -y openblas-devel"}


@rule("LIB026", "extension-blas-library-missing", "error",
      "A compiled extension needs a BLAS library (OpenBLAS, CBLAS headers) that is not installed",
      signatures=(BLAS_HEADER_MISSING, BLAS_LIBRARY_MISSING), priority=22)
def extension_blas_library_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Building a CUDA extension (MinkowskiEngine's, for one) stops at "fatal error: cblas.h: No such
    file or directory"; importing one that was built stops at "ImportError: libopenblas.so.0: cannot
    open shared object file: No such file or directory".

    Why:
    Some extensions do their CPU-side linear algebra through a system BLAS (OpenBLAS, ATLAS, MKL)
    instead of the framework's. The framework's wheel brings its own BLAS inside, so nothing installs
    one for the extension: the build needs the BLAS development headers, and the built extension
    needs the same library at run time, found by the loader.

    Fix:
    Install the BLAS development package (libopenblas-dev on Debian and Ubuntu, openblas-devel on
    RHEL and Fedora) and build again; for a built extension, install the BLAS it was built with, or
    rebuild it against the one installed.

    When to ignore:
    Never while that extension is built or used.
    """
    if not seen:
        return
    building = bool(first_match(re.compile(BLAS_HEADER_MISSING, re.I), seen))
    install = BLAS_DEV_PACKAGE.get(ctx.distro, "sudo apt-get install -y libopenblas-dev  # Debian, Ubuntu; RHEL, "
                                               "Fedora: sudo dnf install -y openblas-devel")
    yield Hit("the extension " + ("is compiled against the CBLAS interface and no BLAS development headers (cblas.h) "
                                  "are installed" if building else
                                  "was built against OpenBLAS, and the loader finds no OpenBLAS library here"),
              evidence={"observed": seen[0].strip()[:200]}, confirmed=True,
              fix=[install] + (["then build the extension again (for MinkowskiEngine: python setup.py install "
                                "--blas=openblas)"] if building else
                               ["ldconfig -p | grep openblas  # what the loader finds",
                                "in a conda environment: conda install -c conda-forge openblas, then check that torch "
                                "was not replaced (conda list torch)",
                                "or rebuild the extension against the BLAS that is installed"]))


# A native program linked against libtorch (a C++ application, a Rust binary built with tch-rs) that the dynamic
# loader cannot start: "target/debug/tch_test: error while loading shared libraries: libtorch_cuda.so: cannot open
# shared object file" (LaurentMazare/tch-rs#767, LD_LIBRARY_PATH naming libtorch's root instead of its lib folder;
# tch-rs#824). "error while loading shared libraries" is ld.so's own wording for an executable; a Python extension
# that misses libtorch says "ImportError"/"OSError" instead, and is another case (an extension built for another torch).
LIBTORCH_NOT_LOADED = r"error while loading shared libraries: (?:libtorch\w*|libc10\w*)\.so(?:\.\d+)*: cannot open"
LIBTORCH_NAMED = re.compile(r"\b(libtorch\w*|libc10\w*)\.so", re.I)


@rule("LIB027", "libtorch-libs-not-on-library-path", "error",
      "A program linked against libtorch starts without libtorch's lib folder on the loader's path",
      signatures=(LIBTORCH_NOT_LOADED,), priority=20)
def libtorch_libs_not_on_library_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A C++ program or a Rust binary built with tch-rs builds, then will not start: "error while
    loading shared libraries: libtorch_cuda.so: cannot open shared object file: No such file or
    directory".

    Why:
    Linking against libtorch records only the library's name, not where it is. At start-up the
    loader looks in the system's library folders, the program's rpath and LD_LIBRARY_PATH; a
    libtorch unpacked elsewhere (or pip's torch/lib) is in none of them unless one is set to its lib
    folder, not to libtorch's root.

    Fix:
    Put libtorch's lib folder on LD_LIBRARY_PATH before starting the program, or link with an rpath
    to it (CMake does this for builds made with find_package(Torch)).

    When to ignore:
    Never while the program must run.
    """
    if not seen:
        return
    named = LIBTORCH_NAMED.search(seen[0])
    library = named.group(1) + ".so" if named else "libtorch"
    path = ctx.facts.env.variables.get("LD_LIBRARY_PATH") or ""
    yield Hit(f"the program was linked against libtorch, and the loader finds no {library}: libtorch's lib folder is "
              "not on its search path" + (f" (LD_LIBRARY_PATH is {path})" if path else ""),
              evidence={"observed": seen[0].strip()[:200], **({"env.LD_LIBRARY_PATH": path} if path else {})},
              confirmed=True,
              fix=["export LD_LIBRARY_PATH=/path/to/libtorch/lib:$LD_LIBRARY_PATH  # the lib folder, not libtorch's "
                   "root; for tch-rs the folder under $LIBTORCH, or torch/lib of the pip torch it uses",
                   "or link with an rpath to that folder (-Wl,-rpath,/path/to/libtorch/lib; a tch-rs build.rs can "
                   "emit it with cargo:rustc-link-arg)",
                   "ldd <the program> | grep 'not found'  # every library still missing"])


# Python 3.8 on Windows stopped resolving an extension module's DLL dependencies through PATH: only the module's own
# folder, the system folders and folders given to os.add_dll_directory are searched (python/cpython#80266, bpo-36085;
# the os.add_dll_directory docs). A module built against the CUDA toolkit's DLLs (curand64_10.dll, cublas64_*.dll in
# CUDA_PATH\bin) that worked under 3.7 then fails to import: "ImportError: DLL load failed: The specified module could
# not be found." for pycuda._driver (corpus 6753), "DLL load failed while importing dlib" (davisking/dlib#2079 and
# #2039), and Caffe2's GPU module caught into "This caffe2 python run does not have GPU support"
# (pytorch/pytorch#31939).
# PyTorch, TensorFlow and the wheels that bundle CUDA add their own folders, so the change does not reach them.
DLL_LOAD_FAILED = re.compile(r"DLL load failed(?: while importing ([\w.]+))?\s*:")
CAFFE2_GPU_NOT_LOADED = r"This caffe2 python run does not have GPU support"
# Modules people build against the toolkit's DLLs and load through PATH (dlib and OpenCV built with CUDA, PyCUDA,
# Caffe2's GPU module): a failure of theirs under Python 3.8+ is that change before anything else.
PATH_LINKED_MODULE = re.compile(r"^\.?(?:dlib|_?dlib_pybind11|pycuda|cv2|caffe2)\b")
# the statement that failed, at a prompt or in python -c "import pycuda._driver"
IMPORT_STATEMENT = re.compile(r"(?:^|[\s\"';])(?:import|from)\s+(\.?[A-Za-z_][\w.]*)")
# The person's word that CUDA is on PATH, or that an older Python loads the same module.
CUDA_ON_PATH_SAID = (r"\bPATH\b[^.\n]{0,30}\b(?:configured|set|includes?|contains?|has)\b|"
                     r"\b(?:added|add|in|on)\s+(?:to\s+)?(?:the\s+|my\s+|system\s+)?PATH\b")
OLDER_PYTHON_WORKS = (r"\bpython ?(?:2\.?7|3\.[0-7])(?:\.\d+)?(?![\d.])[^\n]{0,60}?"
                      r"\b(?:works?|worked|fine|ok|success\w*)\b|"
                      r"\b(?:works?|worked|success\w*)\b[^\n]{0,60}?\bpython ?(?:2\.?7|3\.[0-7])(?:\.\d+)?(?![\d.])")


@rule("LIB028", "windows-python38-dll-search-excludes-path", "error",
      "Python 3.8+ on Windows no longer looks on PATH for the CUDA DLLs an extension module needs",
      signatures=(DLL_LOAD_FAILED.pattern, CAFFE2_GPU_NOT_LOADED), priority=18,
      references=("https://docs.python.org/3/library/os.html#os.add_dll_directory",
                  "https://github.com/python/cpython/issues/80266"))
def windows_python38_dll_search_excludes_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On Windows with Python 3.8 or later, a module built against the CUDA toolkit will not import,
    though CUDA's bin folder is on PATH and the same build loads under Python 3.7: "ImportError:
    DLL load failed while importing dlib: The specified module could not be found.", "DLL load
    failed: The specified module could not be found." for pycuda._driver; Caffe2 built with CUDA
    warns "This caffe2 python run does not have GPU support. Will run in CPU only mode".

    Why:
    Since Python 3.8 the DLLs an extension module depends on are looked for only in the module's
    own folder, the system folders and the folders a program gave to os.add_dll_directory; PATH
    and the current folder no longer count. A module linked against cublas64_*.dll or
    curand64_*.dll in the toolkit's bin folder finds them no more.

    Fix:
    Before the import, add the toolkit's bin folder (and cuDNN's, where it is installed apart):
    os.add_dll_directory(os.path.join(os.environ["CUDA_PATH"], "bin")); or copy the DLLs the
    module needs next to it.

    When to ignore:
    Python 3.7 and older, which still searched PATH, and packages that bring or add their own DLL
    folders (PyTorch, TensorFlow, pip's nvidia-* wheels).
    """
    python = ctx.facts.python.version
    if not seen or older_than(python, "3.8") is not False or not ctx.observed([r"cuda|cudnn|cublas|curand"]):
        return
    failed = first_match(DLL_LOAD_FAILED, seen)
    modules = [failed.group(1)] if failed and failed.group(1) else \
        [m.group(1) for m in map(IMPORT_STATEMENT.search, ctx.observations) if m]
    linked = failed is not None and any(PATH_LINKED_MODULE.search(module) for module in modules)
    said = ctx.observed([CUDA_ON_PATH_SAID, OLDER_PYTHON_WORKS])
    if not (linked or said) or (failed is None and not on_native_windows(ctx)):
        return
    if failed is None:
        module = "caffe2"  # its warning, which stands for its GPU module's failed import
    else:
        module = next((m for m in modules if PATH_LINKED_MODULE.search(m)), failed.group(1) or "the module").lstrip(".")
    yield Hit(f"Python {python} on Windows looks for the DLLs {module} depends on only in its own folder, the system "
              "folders and those given to os.add_dll_directory, no longer on PATH: the CUDA DLLs it was built "
              "against are not found", generic=not said,
              evidence={"python.version": python, "observed": seen[0].strip()[:200],
                        **({"said": said[0].strip()[:200]} if said else {})},
              fix=["import os; os.add_dll_directory(os.path.join(os.environ['CUDA_PATH'], 'bin'))  # before importing "
                   f"{module.split('.')[0]}; add cuDNN's bin folder too where it is installed apart",
                   f"or copy the DLLs {module.split('.')[0]} needs next to its .pyd (dumpbin /dependents <the .pyd> "
                   "lists them)"])


# CUDA 13 on Windows installs the toolkit's DLLs (cudart64_13.dll, cublas64_13.dll, nvrtc64_130_0.dll, nvJitLink,
# nvvm) in %CUDA_PATH%\bin\x64 and nvvm\bin\x64, where CUDA 12 and older had them in bin\ and nvvm\bin\ (an NVIDIA
# developer in shader-slang/slang-rhi#564: "Since CUDA 13.0, cuda dll have been moved to %CUDA_PATH%\bin\x64";
# cuda-pathfinder, NVIDIA's library finder, searches bin\x64 or bin\arm64 by the interpreter's architecture for CUDA 13
# layouts). A program that builds the path CUDA_PATH\bin\<dll> itself, or adds only CUDA_PATH\bin to its DLL
# directories, finds nothing, and says so in its own words: slang-rhi's "Cannot find CUDA nvrtc", cuda-pathfinder's
# 'Failure finding "nvJitLink*.dll"', numba's "failed to open nvrtc: Could not find module 'nvrtc.dll'", ctypes'
# "Could not find module 'D:\cuda\v13.0\bin\cudart64_13.dll'".
TOOLKIT_DLL = r"(?:cudart|cublas(?:Lt)?|nvrtc(?:-builtins)?|nvJitLink|nvvm|cufft|curand|cusparse|cusolver|npp\w{1,8})"
CUDA13_DLL_UNFOUND = (r"\bCannot find CUDA (?:nvrtc|nvJitLink|nvvm|cudart|cublas)\b",
                      r"\bFailure finding \"" + TOOLKIT_DLL + r"[\w*]*\.dll\"",
                      r"\bCould not find module '[^'\n]*?\b" + TOOLKIT_DLL + r"[\w.]*\.dll'",
                      r"\bfailed to open (?:nvvm|nvrtc)\b",
                      r"\b" + TOOLKIT_DLL + r"\w*\.dll\b[^\n]{0,40}?\b(?:not found|could not be found|is missing|"
                                            r"was not found|cannot be found)")
# Where the paste shows the CUDA installed is 13 on Windows: its folder, conda's cuda-version pin, or the bin\x64
# folder itself.
CUDA13_WINDOWS_INSTALL = re.compile(r"CUDA[\\/]+v(1[3-9])\.\d|\bcuda-version\s*[=:]?=?\s*\"?(1[3-9])\b|"
                                    r"\\bin\\x64\b", re.I)
# A path the program looked in that already ends in the new folder: then the layout is not what it missed.
LOOKED_IN_X64 = re.compile(r"\\bin\\x64\\\w+\.dll", re.I)


@rule("LIB033", "cuda13-windows-dlls-moved-to-bin-x64", "error",
      "CUDA 13 on Windows keeps its DLLs in bin\\x64, and the program looks for them in bin",
      signatures=CUDA13_DLL_UNFOUND, priority=15,
      references=("https://github.com/shader-slang/slang-rhi/pull/564",
                  "https://nvidia.github.io/cuda-python/cuda-pathfinder/latest/release/1.6.1-notes.html"))
def cuda13_windows_dlls_moved_to_bin_x64(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On Windows with CUDA 13 installed and CUDA_PATH set, a program says the toolkit's libraries are
    not there: "Cannot find CUDA nvrtc. Please ensure that the CUDA Toolkit is installed.",
    'DynamicLibNotFoundError: Failure finding "nvJitLink*.dll"', "Could not find module
    'D:\\cuda\\v13.0\\bin\\cudart64_13.dll'"; the same program works with CUDA 12.

    Why:
    CUDA 13's Windows installer puts the DLLs in %CUDA_PATH%\\bin\\x64 (and NVVM's in
    nvvm\\bin\\x64), where every earlier release had them in bin. A program that looks only in
    CUDA_PATH\\bin, or adds only that folder to its DLL search, finds nothing there.

    Fix:
    Put %CUDA_PATH%\\bin\\x64 on PATH (or give it to os.add_dll_directory) before starting the
    program; better, update the program to a release that knows the CUDA 13 layout, or install a
    CUDA 12 toolkit beside 13 and point CUDA_PATH at it.

    When to ignore:
    The program already looks in bin\\x64 (the path in its error ends there), or CUDA 12 or older is
    what is installed: then the DLL is missing for another reason.
    """
    if not seen or first_match(LOOKED_IN_X64, seen):
        return
    toolkit = ctx.toolkit_cuda()
    said = first_match(CUDA13_WINDOWS_INSTALL, ctx.observations)
    major = toolkit.split(".")[0] if toolkit else (next((g for g in said.groups() if g), "13") if said else "")
    if not major.isdigit() or int(major) < 13:
        return
    if not (on_native_windows(ctx) or any(".dll" in line.lower() for line in seen)):
        return
    release = toolkit or f"{major}.x"
    yield Hit(f"CUDA {release} on Windows keeps its DLLs in %CUDA_PATH%\\bin\\x64, not in bin as CUDA 12 did, and the "
              "program looks for them where they no longer are",
              evidence={"cuda": release, "observed": seen[0].strip()[:200],
                        **({"said": said.group(0)} if said else {})},
              fix=["set PATH=%CUDA_PATH%\\bin\\x64;%PATH%  # cmd; in PowerShell: "
                   "$env:PATH = \"$env:CUDA_PATH\\bin\\x64;$env:PATH\"; from Python, "
                   "os.add_dll_directory(os.path.join(os.environ['CUDA_PATH'], 'bin', 'x64'))",
                   "or update the program to a release that searches bin\\x64 (the CUDA 13 layout)",
                   "or install a CUDA 12 toolkit beside 13 and set CUDA_PATH to it for this program"])


# torch's Linux CUDA wheels load the libraries of the nvidia-* wheels they depend on from where pip puts those wheels
# beside torch; the frame in torch/__init__.py that does it (_load_global_deps, _preload_cuda_deps).
TORCH_PRELOADING = r"\b_load_global_deps\b|\b_preload_cuda_deps\b|site-packages/torch/__init__\.py"
# The CUDA library of an nvidia-* wheel that the loader did not find.
WHEEL_LIBRARY_UNFOUND = re.compile(r"\b(lib(?:cublas|cublasLt|cudart|cudnn\w*|nvJitLink|cusparse\w*|cufft|curand|"
                                   r"cusolver|nccl|nvrtc|nvToolsExt|cupti)\.so\.\d+): cannot open shared object file")
# Where the wheels are not beside torch: Bazel (rules_python) unpacks every wheel into a directory of its own
# ("bazel installs the cudnn and cublas dependencies in different folders", pytorch/pytorch#92096; ".runfiles/
# pip-core_torch/site-packages/torch" with libcudart.so.12 elsewhere, pytorch/pytorch#131284), and Python on Amazon
# Linux, RHEL and Fedora puts platform wheels (torch) under lib64/ and pure ones (the nvidia-*-cu11 wheels then)
# under lib/ ("/usr/local/lib64/python3.7/site-packages/torch/__init__.py", pytorch/pytorch#88869). torch's loader
# looked beside itself only until pytorch/pytorch#90411 and #92122 made it search every sys.path entry.
BAZEL_PATHS = r"\bbazel\b|/_bazel_|\.runfiles/"
TORCH_IN_LIB64 = r"/lib64/python3\.\d+/site-packages/torch/"


@rule("LIB031", "nvidia-wheels-not-beside-framework", "error",
      "torch's CUDA libraries from the nvidia-* wheels are installed where torch does not look for them",
      signatures=(WHEEL_LIBRARY_UNFOUND.pattern,), priority=16,
      references=("https://github.com/pytorch/pytorch/pull/90411",))
def nvidia_wheels_not_beside_framework(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `import torch` fails in torch/__init__.py's _load_global_deps with "OSError: libcublas.so.11:
    cannot open shared object file: No such file or directory" (or libcudart.so.12,
    libnvJitLink.so.12), although pip installed the nvidia-* wheels: under Bazel, or on Amazon
    Linux, where torch before 1.13.1 sits in /usr/local/lib64/python3.x/site-packages.

    Why:
    torch's Linux CUDA wheels do not carry the CUDA libraries; they depend on the nvidia-* wheels
    and load their libraries at import from where pip puts them, beside torch. Bazel's rules_python
    unpacks every wheel into a directory of its own, and Python on Amazon Linux, RHEL and Fedora
    puts platform wheels (torch) under lib64/ and pure ones under lib/: the libraries are installed,
    elsewhere. Releases whose loader looks only beside torch, or whose list of libraries to load
    first leaves one out (nvJitLink, which cuSPARSE 12 needs), then fail.

    Fix:
    Put the wheels' library folders on LD_LIBRARY_PATH before starting Python, or install torch
    and the nvidia-* wheels into one site-packages (a virtual environment), or a torch release
    whose loader searches every sys.path entry.

    When to ignore:
    When the nvidia-* wheels are not installed at all: then a package manager left torch's
    dependencies out (cuda-libraries-missing).
    """
    if not seen or not ctx.observed([TORCH_PRELOADING]):
        return
    bazel = ctx.observed([BAZEL_PATHS])
    torch = ctx.framework("torch")
    # lib64/ and lib/ apart matter only to a loader that looked beside torch alone: releases before 1.13.1
    before_search = torch is not None and older_than(torch.version, "1.13.1") is True
    where = bazel or (ctx.observed([TORCH_IN_LIB64]) if before_search else [])
    if not where:
        return
    library = first_match(WHEEL_LIBRARY_UNFOUND, seen).group(1)
    yield Hit(f"torch could not load {library} from the nvidia-* wheels: " +
              ("Bazel unpacks each wheel into a directory of its own, and torch looks for them beside itself"
               if bazel else "torch is installed under lib64/ and the nvidia-* wheels under lib/, and torch looks "
                             "for them beside itself"),
              evidence={"library": library, "observed": where[0].strip()[:200]}, confirmed=True,
              fix=["export LD_LIBRARY_PATH=$(python -c \"import glob, sys; print(':'.join(d for p in sys.path for d in "
                   "glob.glob(p + '/nvidia/*/lib')))\")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}  # before starting "
                   "Python" + (" (under Bazel: in the target's env)" if bazel else ""),
                   "or install torch and its nvidia-* wheels into one virtual environment (python -m venv), where "
                   "pip puts them side by side",
                   "or upgrade torch to a release whose loader searches every sys.path entry (pytorch/pytorch#90411, "
                   "#92122)"])


CUDNN_LIBRARY_PATH = re.compile(r"(/[^\s\"']+)/libcudnn\w*\.so\.\d+")


def _cudnn_directories(ctx: Context) -> List[str]:
    """The directories a report shows cuDNN's libraries loaded from, in order of first appearance."""
    found: List[str] = []
    for line in ctx.observed([r"calling init: \S*/libcudnn", r"openat\(.*/libcudnn\w*\.so"]):
        for path in CUDNN_LIBRARY_PATH.finditer(line):
            if path.group(1) not in found:
                found.append(path.group(1))
    return found


@rule("LIB032", "cudnn-sublibrary-not-loadable-from-package", "error",
      "cuDNN loaded, but one of its sub-libraries is missing from the package it came from",
      signatures=(CUDNN_SUBLIBRARY_STATUS, *LATE_SUBLIBRARY_UNFOUND), priority=17,
      references=("https://github.com/JuliaPackaging/Yggdrasil/pull/14741",
                  "https://github.com/pytorch/pytorch/issues/187824"))
def cudnn_sublibrary_not_loadable_from_package(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A convolution fails with "cudnn_status: CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH" or
    "Error: CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED; Reason: xDesc.finalize()", often after cuDNN's
    own "Could not locate cudnn_engines_tensor_ir64_9.dll. Please make sure it is in your library path!"
    or "Unable to load any of {libcudnn_engines_tensor_ir.so.9.21.1, libcudnn_engines_tensor_ir.so.9}".

    Why:
    cuDNN 9 is one small library that loads its engines, graph and heuristics from sub-libraries
    at run time, by bare name. A package that bundles cuDNN (a pip wheel, a Maven artifact, a Julia
    artifact, an application's release) but leaves a sub-library out, typically one a later cuDNN 9
    release added (engines_tensor_ir, ext), makes the loader fail, or take that one file from another
    cuDNN on the machine, whose version does not match.

    Fix:
    Use a build of the package that ships every sub-library (a newer nvidia-cudnn wheel or artifact
    release), or remove the other cuDNN the loader falls back to; `LD_DEBUG=libs` shows which
    directory each libcudnn_*.so came from.

    When to ignore:
    Never: every operation that goes through cuDNN's graph API fails.
    """
    if not seen:
        return
    status = first_match(CUDNN_SUBLIBRARY_STATUS_RE, seen)
    late = ctx.observed(LATE_SUBLIBRARY_UNFOUND)
    named = re.search(LATE_SUBLIBRARY, late[0]) if late else None
    places = _cudnn_directories(ctx)
    if (status and status.group(0).endswith("VERSION_MISMATCH")) or len(places) > 1:
        where = f" (loaded from {' and '.join(places[:2])})" if len(places) > 1 else ""
        message = ("cuDNN's sub-libraries come from two cuDNN installs" + where + ": the package cuDNN loads from "
                   "lacks " + (f"lib{named.group(0)}" if named else "one of them") + ", and the loader took it from "
                   "another cuDNN of a different version")
    else:
        message = ("cuDNN loaded, but its sub-library " + (f"lib{named.group(0)}" if named else "") +
                   " is not where it looks: the package that provides cuDNN does not ship it").replace("  ", " ")
    yield Hit(message, evidence={"observed": (status.group(0) if status else seen[0].strip()[:200]),
                                 "cudnn_directories": places},
              confirmed=bool(status or late),
              fix=["LD_DEBUG=libs python your_program.py 2>&1 | grep -E 'calling init: .*libcudnn'  # which directory "
                   "each cuDNN library came from",
                   "pip install -U nvidia-cudnn-cu12  # (or -cu13, or the package's newer release): a cuDNN build "
                   "that ships every sub-library, engines_tensor_ir and ext included",
                   "or remove the other cuDNN the loader falls back to (sudo apt-get remove 'libcudnn9*', or take its "
                   "directory off PATH / LD_LIBRARY_PATH)"])


RULES = (cudnn_missing, cudnn_version_mismatch, cuda_library_shadowed, cuda_libraries_missing,
         tensorrt_engine_version_mismatch, tensorrt_engine_built_for_other_gpu, cuda_libs_not_on_library_path,
         cudnn_preloaded_by_other_library, cudnn_zlib_dependency_missing,
         tensorrt_libs_not_on_library_path, tensorrt_not_installed, tensorrt_too_old_for_jetson_module,
         libcuda_stub_on_library_path, nvml_stub_on_library_path,
         cuda_driver_env_points_to_runtime_lib,
         cuda_python_major_too_new, cuda_lib_newer_than_nvjitlink, cufile_gds_unusable_needs_compat_mode,
         cufft_too_old_for_gpu_arch, cuda_library_not_linked_against_libcuda, cuda_library_older_than_build,
         conda_env_libstdcxx_too_old_for_extension, cudnn_newer_than_code_supports, tensorrt_too_new_for_project,
         tensorrt_too_old_for_project,
         extension_blas_library_missing, libtorch_libs_not_on_library_path, windows_python38_dll_search_excludes_path,
         cuda_library_too_old_for_source_build, matlab_bundled_libstdcxx_too_old_for_mex,
         nvidia_wheels_not_beside_framework, cudnn_sublibrary_not_loadable_from_package,
         cuda13_windows_dlls_moved_to_bin_x64)
