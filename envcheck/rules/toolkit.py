"""Toolkit rules (TK): building CUDA extensions needs an nvcc that matches the framework and a
host compiler nvcc accepts."""

from __future__ import annotations

import re
from typing import Any, Dict, Iterable, List, Optional, Tuple

from envcheck.importers.packages import parse_line
from envcheck.libcuda import version_string
from envcheck.matrix import QueryError, cc_tuple, dotted_cc, version
from envcheck.rules import Context, Hit, first_match, older_than, rule
from envcheck.rules.container import in_container
from envcheck.rules.system import on_native_windows

TOOLKIT_ARCHIVE = "https://developer.nvidia.com/cuda-toolkit-archive"


# Apex's setup.py (and the many extension builds that copied it) compares nvcc's release with torch.version.cuda,
# major and minor: "Cuda extensions are being compiled with a version of Cuda that does not match the version used
# to compile Pytorch binaries.  Pytorch binaries were compiled with Cuda 9.0.176."
APEX_CUDA_DIFFERS = r"Cuda extensions are being compiled with a version of Cuda that does not match the version used"
APEX_TORCH_CUDA = re.compile(r"Pytorch binaries were compiled with Cuda (\d+\.\d+)")
# The same setup.py prints what it is about to compare before it refuses: "torch.__version__  = 2.2.1+cu121", then
# "Compiling cuda extensions with" and `nvcc -V`'s lines. A paste cut before the refusal still shows both releases.
# Some copies compare the major only and warn, so the preamble counts where the build failed.
APEX_BUILD_PREAMBLE = r"^\W*Compiling cuda extensions with\W*$"
BUILD_FAILED = (r"Traceback \(most recent call last\)", r"\bRuntimeError\b", r"subprocess-exited-with-error",
                r"Failed (?:to )?build")
# k2's setup (get_version.py, copied by its sibling projects) asserts that torch.version.cuda is the release nvcc
# reports (torch.utils.collect_env's running CUDA version): "AssertionError: PyTorch is built with CUDA version: 11.7.
# The current running CUDA version is: 10.2.89"
K2_TORCH_CUDA = re.compile(r"PyTorch is built with CUDA version: (\d+\.\d+)")
K2_RUNNING_CUDA = re.compile(r"current running CUDA version is: (\d+\.\d+)")
# The code nvcc writes to launch a kernel calls the CUDA runtime by an interface that changed in CUDA 9.2: the older
# nvcc's cudaConfigureCall and cudaSetupArgument, the newer's __cudaPushCallConfiguration and
# __cudaPopCallConfiguration.
# An extension compiled with one nvcc and loaded against the other side's runtime (torch's, or a conda cudatoolkit's)
# stops on import: "undefined symbol: __cudaPopCallConfiguration" (rusty1s/pytorch_scatter#19, maskrcnn-benchmark's
# troubleshooting: "inconsistent version of NVCC compile and your conda CUDAToolKit package"), "undefined symbol:
# cudaSetupArgument" (an MSDA op built with CUDA 9.0 under a newer torch; softgym's notes on pyflex).
LAUNCH_STUB_UNDEFINED = re.compile(r"undefined symbol: (__cudaPopCallConfiguration|__cudaPushCallConfiguration|"
                                   r"cudaSetupArgument|cudaConfigureCall)\b")

# PyTorch 0.4.1 and older define in their THC headers an atomicAdd for half that CUDA 10's cuda_fp16.hpp declares too,
# with another return type, so nvcc 10 stops in torch's own header: "THCAtomics.cuh(100): error: cannot overload
# functions distinguished by return type alone" (pytorch/pytorch#12075, building 0.4.1 against CUDA 10, fixed for 1.0;
# an extension's build against torch 0.4.1's installed headers with nvcc 10.0, corpus 11471).
THC_HALF_ATOMIC_CLASH = re.compile(r"THCAtomics\.cuh\(\d+\): error: cannot overload functions distinguished by return "
                                   r"type alone")


@rule("TK001", "nvcc-framework-cuda-mismatch", "error", "nvcc's CUDA differs from the CUDA PyTorch was built with",
      signatures=(r"The detected CUDA version \(\S+\) mismatches the version that was used to compile",
                  r"Installed CUDA version \S+ does not match the version torch was compiled with",
                  APEX_CUDA_DIFFERS, K2_TORCH_CUDA.pattern, LAUNCH_STUB_UNDEFINED.pattern,
                  THC_HALF_ATOMIC_CLASH.pattern),
      priority=20, references=(TOOLKIT_ARCHIVE,), scope="build")
def nvcc_framework_cuda_mismatch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Building an extension (pip install of flash-attn, apex, torch-scatter, DeepSpeed ops, ...):
    "RuntimeError: The detected CUDA version (12.4) mismatches the version that was used to compile
    PyTorch (11.8). Please make sure to use the same CUDA versions."; DeepSpeed: "Installed CUDA version
    12.2 does not match the version torch was compiled with 11.7"; apex: "Cuda extensions are being
    compiled with a version of Cuda that does not match the version used to compile Pytorch binaries";
    k2: "PyTorch is built with CUDA version: 11.7. The current running CUDA version is: 10.2.89". Apex's
    check is on major and minor: its build log shows "torch.__version__  = 2.2.1+cu121" and "Compiling cuda
    extensions with" nvcc 12.2 before it stops. On import of an extension built with another CUDA's
    nvcc: "undefined symbol: __cudaPopCallConfiguration", or "undefined symbol: cudaSetupArgument". CUDA 10's nvcc
    on PyTorch 0.4's headers: "THCAtomics.cuh(100): error: cannot overload functions distinguished by return type
    alone".

    Why:
    torch.utils.cpp_extension compiles with the nvcc it finds (CUDA_HOME, else PATH) and refuses
    when its CUDA major differs from torch.version.cuda: objects from two CUDA majors do not link.

    Fix:
    Install the toolkit of torch's CUDA and point CUDA_HOME at it, or install the torch build for
    the CUDA you have (for example the cu124 wheel for nvcc 12.4).

    When to ignore:
    When you build no CUDA extensions.
    """
    torch = ctx.framework("torch")
    nvcc = ctx.facts.cuda.nvcc_on_path_version
    if torch is not None and torch.accelerator == "cuda" and torch.build_cuda and nvcc and \
            torch.build_cuda.split(".")[0] != nvcc.split(".")[0]:
        yield Hit(f"nvcc is CUDA {nvcc} but torch {torch.version} was built with CUDA {torch.build_cuda}",
                  evidence={"cuda.nvcc_on_path_version": nvcc, "frameworks.torch.build_cuda": torch.build_cuda},
                  fix=_fix(torch.build_cuda))
    elif seen and all(LAUNCH_STUB_UNDEFINED.search(line) for line in seen):
        stub = first_match(LAUNCH_STUB_UNDEFINED, seen)
        built_by = "before CUDA 9.2" if stub.group(1).startswith("cuda") else "of CUDA 9.2 or later"
        yield Hit(f"The extension was compiled by an nvcc {built_by}, whose kernel launches call the CUDA runtime's "
                  f"{stub.group(1)}; the runtime it was loaded with does not have it: nvcc's CUDA and the CUDA of the "
                  "framework (or conda's cudatoolkit) it runs with differ",
                  evidence={"observed": stub.string.strip()[:200]},
                  fix=["nvcc --version; python -c 'import torch; print(torch.version.cuda)'  # these should match"] +
                  _fix(torch.build_cuda if torch is not None else "")[:2] +
                  ["then rebuild the extension from a clean tree (delete its build directory and installed .so/.egg)"])
    elif seen and all(THC_HALF_ATOMIC_CLASH.search(line) for line in seen):
        yield Hit("PyTorch's own headers (THCAtomics.cuh of PyTorch 0.4.1 and older, built with CUDA 9) do not "
                  "compile with the nvcc of CUDA 10 or later, which declares their half-precision atomicAdd itself",
                  evidence={"observed": seen[0].strip()[:200]},
                  fix=["build with the nvcc of the CUDA this torch was built with (CUDA 9.x for 0.4.x: "
                       "python -c 'import torch; print(torch.version.cuda)')",
                       "or move to PyTorch 1.0 or later, whose headers compile with CUDA 10, and rebuild the "
                       "extension against it"])
    elif seen:
        found = re.search(r"detected CUDA version \((\S+)\) .* compile\s*PyTorch \((\S+)\)", " ".join(seen)) or \
            re.search(r"Installed CUDA version (\d+\.\d+) does not match the version torch was compiled with (\d+\.\d+)",
                      " ".join(seen))  # DeepSpeed's op builder
        torch_said = None if found else first_match(APEX_TORCH_CUDA, ctx.observations) or \
            first_match(K2_TORCH_CUDA, ctx.observations)
        built = found.group(2) if found else torch_said.group(1) if torch_said else ""
        running = first_match(K2_RUNNING_CUDA, ctx.observations)
        if torch_said and running:
            yield Hit(f"nvcc is CUDA {running.group(1)} but PyTorch was built with CUDA {built}",
                      evidence={"nvcc": running.group(1), "torch_cuda": built}, fix=_fix(built))
            return
        if not found and not torch_said:
            both = re.findall(r"\((\d+\.\d+)\)", " ".join(ctx.observations))
            built = both[1] if len(both) > 1 else ""
        yield Hit("nvcc and PyTorch use different CUDA versions" + (f" (PyTorch: {built})" if built else ""),
                  fix=_fix(built))
    elif torch is not None and torch.build_cuda and nvcc and ctx.observed([APEX_BUILD_PREAMBLE]) and \
            torch.build_cuda.split(".")[:2] != nvcc.split(".")[:2] and ctx.observed(BUILD_FAILED):
        yield Hit(f"this build's setup.py (apex's, or one copied from it) compares nvcc's release with torch's CUDA, "
                  f"major and minor, and stops when they differ: nvcc is CUDA {nvcc}, torch {torch.version} was built "
                  f"with CUDA {torch.build_cuda}",
                  evidence={"cuda.nvcc_on_path_version": nvcc, "frameworks.torch.build_cuda": torch.build_cuda},
                  fix=_fix(torch.build_cuda))


def _fix(cuda: str) -> List[str]:
    return [f"install CUDA toolkit {cuda or '<torch.version.cuda>'} from {TOOLKIT_ARCHIVE}",
            f"export CUDA_HOME=/usr/local/cuda-{cuda or 'X.Y'} PATH=/usr/local/cuda-{cuda or 'X.Y'}/bin:$PATH",
            "or install the torch wheel whose cuXXX matches `nvcc --version`"]


# A build that ran CUDA_HOME/bin/nvcc where there is none: "[Errno 2] No such file or directory:
# '.../site-packages/nvidia/bin/nvcc'" (CUDA_HOME set to the pip CUDA packages), "'/bin/nvcc'" (set empty).
# (The path is tried from the start of a word only: from every character of a long token it costs a scan each.)
NVCC_PATH_MISSING = re.compile(r"No such file or directory:?\s*'([^']*[/\\]bin[/\\]nvcc(?:\.exe)?)'|"
                               r"(?<![^\s'\"])([^\s']*[/\\]bin[/\\]nvcc(?:\.exe)?)'?:? No such file or directory")


# A setup.py that builds the path to nvcc from torch's CUDA_HOME, which is None where no toolkit was found: apex's
# get_cuda_bare_metal_version (copied into gpt-neox, kaolin, ktransformers and many others) runs
# `cuda_dir + "/bin/nvcc"`, others os.path.join(CUDA_HOME, ...). The code line shows in the traceback; the TypeError
# that follows says the value was None.
CUDA_HOME_JOINED = (r"\b(?:cuda_dir|cuda_home)\s*\+\s*[\"'][/\\]bin[/\\]nvcc",
                    r"os\.path\.join\(\s*(?:[\w.]+\.)?CUDA_HOME\s*,")
NONE_PATH_ERROR = (r"unsupported operand type\(s\) for \+: 'NoneType' and 'str'",
                   r"expected str, bytes or os\.PathLike object, not NoneType")
# ... or that ran the joined path and found no program there: on Windows CreateProcess's error 2 names no file
# ("FileNotFoundError: [WinError 2] The system cannot find the file specified", in the system's language).
NVCC_NOT_AT_JOINED_PATH = (r"FileNotFoundError: \[WinError 2\]",)


# Numba compiling a kernel (its own, or one of NeMo's, cuDF's, librosa users') needs the toolkit's NVVM compiler library:
# "NvvmSupportError: libNVVM cannot be found. Do `conda install cudatoolkit`: library nvvm not found".
NVVM_MISSING = r"libNVVM cannot be found"
NUMBA_CUDA_SETUP = "https://nvidia.github.io/numba-cuda/user/installation.html"
# A package that compiles its CUDA extension at first use (with torch.utils.cpp_extension.load) and turns itself off
# where no toolkit is found: NerfAcc's "NerfAcc: No CUDA toolkit found. NerfAcc will be disabled.", gsplat's "gsplat: No
# CUDA toolkit found. gsplat will be disabled." (nerfacc/cuda/_backend.py, gsplat/cuda/_backend.py).
JIT_BUILD_DISABLED = r"No CUDA toolkit found\. [\w-]+ will be disabled"


# nvcc not found by the shell or the build that ran it: "nvcc: not found", "nvcc: command not found". TK002 reads it
# where no toolkit is set up, TK023 where sudo hid it; TK023 also reads distutils' "unable to execute 'nvcc': No such
# file or directory" (cudamat/cudamat#98) and Theano's "nvcc compiler not found on $PATH" (dnouri/kfkd-tutorial#15).
NVCC_UNFOUND = (r"nvcc(?::| was| is)? (?:command )?not found", r"Could not find nvcc")
# Caffe's CMake (and its forks') words when FindCUDA finds no toolkit, before it builds for the CPU alone: "CMake
# Warning at cmake/Dependencies.cmake:63 (message): -- CUDA is not detected by cmake.  Building without it..."
# (NVIDIA/nvidia-docker#153, a build FROM a -runtime image; a Caffe build log on a host without the toolkit).
CMAKE_CUDA_UNDETECTED = r"CUDA is not detected by cmake\.\s+Building without it"
# CMake's own CUDA language support finding no nvcc (CMakeDetermineCUDACompiler.cmake): "No CMAKE_CUDA_COMPILER could
# be found. Tell CMake where to find the compiler by setting either the environment variable "CUDACXX" or the CMake
# cache entry CMAKE_CUDA_COMPILER" (NVIDIA/VideoProcessingFramework#16 with nvcc off PATH; dmlc/xgboost's Windows
# build in corpus 1908).
CMAKE_NO_CUDA_COMPILER = r"No CMAKE_CUDA_COMPILER could be found"
# NVIDIA's CUDA images without the toolkit: -base has the runtime alone, -runtime the libraries; only -devel has nvcc
# and the headers (the image tags' descriptions on Docker Hub, nvidia/cuda).
CUDA_IMAGE_WITHOUT_TOOLKIT = re.compile(r"\bnvidia/cuda:([\w.]+-(?:cudnn\d*-)?(?:runtime|base)\b[\w.-]*)")
NVCC_UNFOUND_UNDER_SUDO = NVCC_UNFOUND + (r"unable to execute\W{1,3}nvcc\W{1,3}No such file",
                                          r"nvcc compiler not found on \$PATH")


@rule("TK002", "cuda-toolkit-missing", "error", "A CUDA extension build finds no CUDA toolkit",
      # (not torch's "No CUDA runtime is found, using CUDA_HOME=...": that build found a toolkit, and torch sees no GPU)
      signatures=(r"CUDA_HOME\W{0,2} (?:environment variable )?is not set",
                  *NVCC_UNFOUND, NVCC_PATH_MISSING.pattern,
                  NVVM_MISSING, *CUDA_HOME_JOINED,
                  JIT_BUILD_DISABLED, CMAKE_CUDA_UNDETECTED, CMAKE_NO_CUDA_COMPILER), priority=25,
      references=(TOOLKIT_ARCHIVE, NUMBA_CUDA_SETUP), scope="build")
def cuda_toolkit_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.";
    a setup.py joining the path to nvcc: `cuda_dir + "/bin/nvcc"`, then "TypeError: unsupported
    operand type(s) for +: 'NoneType' and 'str'";
    "nvcc: not found" while pip builds a package with CUDA code; Numba compiling a kernel (NeMo's RNNT
    loss, cuDF UDFs): "NvvmSupportError: libNVVM cannot be found. Do `conda install cudatoolkit`";
    a package that builds its kernels at first use: "NerfAcc: No CUDA toolkit found. NerfAcc will be
    disabled.", and then fails where it calls them; Caffe's CMake: "CUDA is not detected by cmake.
    Building without it..."; CMake's CUDA language: "No CMAKE_CUDA_COMPILER could be found.". In a
    container, the image is often NVIDIA's -base or -runtime variant.

    Why:
    Framework wheels, and NVIDIA's -base and -runtime images, bring the CUDA runtime but not the
    compiler (only the -devel images have nvcc and the headers). Building extensions (DeepSpeed
    ops, apex, flash-attn from source, custom kernels, NerfAcc's and gsplat's at their first
    import) needs a full toolkit with nvcc, found on PATH or through CUDA_HOME; Numba needs
    the toolkit's NVVM library (libnvvm) to compile its kernels at run time.

    Fix:
    Install the CUDA toolkit matching the framework's CUDA (or `conda install -c nvidia
    cuda-toolkit=X.Y`), and set CUDA_HOME to it. For Numba, `pip install numba-cuda[cu12]` installs
    its CUDA 12 dependencies from PyPI, and conda's are cuda-nvcc and cuda-nvrtc (numba-cuda's and
    Numba's installation guides).

    When to ignore:
    When you only run prebuilt wheels.
    """
    if seen and all(re.search("|".join(CUDA_HOME_JOINED), text, re.I) for text in seen) and \
            not ctx.observed(NONE_PATH_ERROR + NVCC_NOT_AT_JOINED_PATH):
        return  # the code that joins CUDA_HOME, in a traceback that failed for another reason
    if seen and all(re.search(NVVM_MISSING, text, re.I) for text in seen):
        yield Hit("Numba compiles CUDA kernels with the toolkit's NVVM library, and no CUDA toolkit (libnvvm) is "
                  "installed where it looks" + (" (a pip-installed torch brings the CUDA runtime, not NVVM)"
                                                if ctx.framework("torch") is not None else ""),
                  evidence={"observed": seen[:1], "env.CUDA_HOME": ctx.facts.env.variables.get("CUDA_HOME")},
                  fix=["pip install 'numba-cuda[cu12]'  # Numba's CUDA target with its CUDA 12 dependencies from PyPI",
                       "or: conda install -c conda-forge cuda-nvcc cuda-nvrtc 'cuda-version>=12.0'  # into the conda env",
                       "or: export CUDA_HOME=/usr/local/cuda  # an installed toolkit, which has nvvm/lib64/libnvvm.so",
                       "python -m numba -s | grep -iA3 nvvm  # where Numba finds it"])
    elif seen and not ctx.facts.cuda.toolkits:
        torch = ctx.framework("torch")
        cuda = torch.build_cuda if torch is not None else ""
        missing = max((m.group(1) or m.group(2) for m in map(NVCC_PATH_MISSING.search, seen) if m), key=len, default="")
        home = ctx.facts.env.variables.get("CUDA_HOME") or ""
        pip_packages = "-packages/nvidia" in (missing + " " + home).replace("\\", "/")
        windows = on_native_windows(ctx, named=False)
        image = first_match(CUDA_IMAGE_WITHOUT_TOOLKIT, ctx.observed([CUDA_IMAGE_WITHOUT_TOOLKIT.pattern]))
        tag = image.group(1) if image else ""
        devel = re.sub(r"-(?:runtime|base)\b", "-devel", tag, count=1)
        yield Hit("A build needs nvcc and no CUDA toolkit is set up" + (f" (torch uses CUDA {cuda})" if cuda else "")
                  + (f": there is no {missing}" if missing else "")
                  + ("; the pip nvidia-* packages that CUDA_HOME points at hold the CUDA libraries, not the compiler"
                     if pip_packages else "")
                  + (f"; the image nvidia/cuda:{tag} has the CUDA libraries but no toolkit (nvcc, headers): only "
                     "the -devel images have one" if tag else ""),
                  evidence={"cuda.toolkits": [], "env.CUDA_HOME": ctx.facts.env.variables.get("CUDA_HOME"),
                            "missing": missing},
                  fix=([f"FROM nvidia/cuda:{devel}  # the same CUDA with the toolkit, in the Dockerfile that builds"]
                       if tag else []) +
                  [f"install CUDA toolkit {cuda or 'matching torch.version.cuda'} from {TOOLKIT_ARCHIVE}",
                   "set CUDA_HOME=%CUDA_PATH%  # the toolkit the installer registered; in a new shell, then "
                   "`where nvcc` to check" if windows else
                   f"export CUDA_HOME=/usr/local/cuda{('-' + cuda) if cuda else ''}"] +
                  (["export CUDACXX=/usr/local/cuda/bin/nvcc  # or cmake -DCMAKE_CUDA_COMPILER=<path to nvcc>: CMake "
                    "looks for nvcc on PATH and in CUDACXX only"]
                   if any(re.search(CMAKE_NO_CUDA_COMPILER, line) for line in seen) and not windows else []))


# A build or program run under sudo that cannot find nvcc, which the user's own shell finds: sudo resets the environment
# and, with Debian's and Ubuntu's default secure_path, PATH too, so the /usr/local/cuda/bin a shell profile adds is
# gone (and CUDA_HOME, LD_LIBRARY_PATH with it). "I see the error as title when I run sudo python kfkd.py fit ...
# nvcc compiler not found on $PATH" with `which nvcc` finding it (dnouri/kfkd-tutorial#15), "sudo python setup.py
# install ... unable to execute 'nvcc': No such file or directory" (cudamat/cudamat#98, settled with nvcc's full path).
SUDO_RAN = (r"(?:^|[\s$#>])sudo\s+(?:-[A-Za-z]+\s+)*(?:python[\d.]*|pip\d?|make|cmake|ninja|sh|bash|\./\S+)(?![\w-])",
            r"\[sudo\] password for")
SUDO_KEEPS_PATH = r"\bsudo\s+(?:-\w*E\w*\s|env\s+\S*PATH=|--preserve-env)"
NVCC_FOUND_BY_USER = (r"\bwhich nvcc\b", r"^\S*/bin/nvcc\s*$", r"\bnvcc\b.{0,40}\b(?:works|runs) (?:fine|normally)\b",
                      r"Cuda compilation tools, release")


@rule("TK023", "sudo-resets-path-cuda-toolkit-not-found", "error",
      "A build run with sudo loses the PATH that finds nvcc", signatures=NVCC_UNFOUND_UNDER_SUDO, priority=20,
      references=("https://github.com/cudamat/cudamat/issues/98",), scope="build")
def sudo_resets_path_cuda_toolkit_not_found(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `sudo python setup.py install` stops at "unable to execute 'nvcc': No such file or directory";
    `sudo python train.py` with Theano says "nvcc compiler not found on $PATH"; a build script under
    sudo prints "nvcc: not found", while `which nvcc` in the same shell finds /usr/local/cuda/bin/nvcc.

    Why:
    sudo starts the command with a reset environment, and on Debian and Ubuntu its secure_path
    replaces PATH. The CUDA toolkit's bin directory, which a shell profile (~/.bashrc) adds to PATH,
    is not in it, nor are CUDA_HOME and LD_LIBRARY_PATH; the user's own shell still finds nvcc.

    Fix:
    Build without sudo (into a virtual environment or with `pip install --user`), or pass the paths
    through: `sudo env "PATH=$PATH" CUDA_HOME=/usr/local/cuda python setup.py install`, or point the
    build at nvcc's full path.

    When to ignore:
    When nvcc is missing for the user too: then no toolkit is set up (TK002).
    """
    if not seen or not ctx.observed(SUDO_RAN) or ctx.observed([SUDO_KEEPS_PATH]):
        return
    found = ctx.facts.cuda.toolkits or ctx.facts.cuda.nvcc_on_path_version or ctx.observed(NVCC_FOUND_BY_USER)
    yield Hit("the command that needed nvcc ran under sudo, which resets PATH (secure_path) and drops CUDA_HOME: the "
              "CUDA toolkit's bin directory that your shell adds is not on it"
              + (", although your own shell finds nvcc" if found else ""),
              evidence={"observed": seen[0].strip()[:200], "sudo": ctx.observed(SUDO_RAN)[0].strip()[:200]},
              confirmed=bool(found), generic=not found,
              fix=["which nvcc; sudo sh -c 'which nvcc'  # found for you, not under sudo",
                   "run the build without sudo (a virtual environment, or pip install --user)",
                   "or pass the paths through: sudo env \"PATH=$PATH\" CUDA_HOME=${CUDA_HOME:-/usr/local/cuda} "
                   "python setup.py install"])


# The check in CUDA's crt/host_config.h, whose only #error lines refuse a host compiler (GNU, clang, MSVC, ICC, ...):
# gcc's "crt/host_config.h:138:2: error: #error -- unsupported GNU version!", MSVC's "crt/host_config.h(133): fatal
# error C1189: #error: -- unsupported Microsoft Visual Studio version!". A pasted log cut after "#error -" still says it.
HOST_CONFIG_ERROR = r"host_config\.h(?::\d+(?::\d+)?:|\(\d+\)\s*:)\s*(?:fatal\s+)?error(?:\s+C1189)?\s*:\s*#error"
# The CUDA whose host_config.h refused: its install path ("/usr/local/cuda-9.0/include/crt/host_config.h", "CUDA\v9.0\
# include"), else a Spack spec's ("^cuda@10.1.243%gcc@9.1.0").
HOST_CONFIG_CUDA = re.compile(r"cuda-(\d+\.\d+)/(?:bin/\.\./+)?include/|\\cuda\\v(\d+\.\d+)\\include|"
                              r"\bcuda@(\d+\.\d+(?:\.\d+)?)", re.I)
# The gcc in use: Spack's compiler in a spec ("%gcc@9.1.0"), or gcc's own banner ("gcc (Ubuntu 9.4.0-1ubuntu1~20.04) 9.4.0").
GCC_IN_USE = re.compile(r"%gcc@(\d+(?:\.\d+)*)|^gcc(?:-\d+)? \([^)]*\) (\d+(?:\.\d+)*)")


# nvcc of some CUDA 11 releases cannot parse GCC 11's <functional> (libstdc++'s std_function.h), although that gcc
# passes its version check: "/usr/include/c++/11/bits/std_function.h:435:145: error: parameter packs not expanded with
# '...'", in tiny-cuda-nn, llamafile, NCCL (NVIDIA/nccl#650) and other builds on Ubuntu 22.04. g++ itself compiles
# its own header, so the line comes from a CUDA compile.
STD_FUNCTION_PACKS = r"std_function\.h:\d+:\d+: error: parameter packs not expanded"
# nvcc's own front end (its "file(line): error:" form, not gcc's "file:line:col:") failing inside the host GCC's C++
# library headers: "/usr/include/c++/12.1.0/bits/random.h(104): error: expected a declaration" (k2 with CUDA 11.6 and
# GCC 12.1, k2-fsa/k2#972), "/usr/include/c++/14/x86_64-redhat-linux/bits/c++config.h(2668): error: user-defined
# literal operator not found" (CUDA 12.3 with GCC 14 and --allow-unsupported-compiler, Xpra-org/xpra#4281),
# "/usr/lib/gcc/x86_64-pc-linux-gnu/14.3.1/include/c++/type_traits(1610): error: ..." (-ccbin g++-14,
# signalkinetics/MITO_Codebase#3). Headers of a GCC newer than the nvcc use language its front end does not parse. The
# same form for an old GCC's headers ("/usr/include/c++/4.8/exception(63): error: expected a \";\"" with CUDA 8,
# OpenKinect/libfreenect2#818) is nvcc compiling them without the C++ standard they ask for: not this.
NVCC_IN_GCC_HEADERS = re.compile(r"/(?:include/c\+\+/(\d+)[\d.]*|gcc/[\w.-]+/(\d+)[\d.]*/include/c\+\+)/"
                                 r"\S*\(\d+\): error")
# GCC 11's headers are the first that CUDA 11 releases failed on (std_function.h, above): a GCC of 11 or newer failing
# so under an nvcc of unknown release is most likely the same mismatch; an older GCC's, more often the C++ standard
# missing from nvcc's flags.
GCC_HEADERS_NEWER_THAN_MOST_NVCC = 11
# nvcc's fatal when the host compiler it found is not one it can drive: on Windows it takes only MSVC's cl.exe for x64
# (MinGW's g++, Python 2.7's Visual C++ 2008 compiler, a cl without its vcvarsall.bat, or a Visual Studio newer than the
# CUDA release). "nvcc fatal   : Host compiler targets unsupported OS." (cupy/cupy#439, Python 2.7; notes stored on
# GitHub on MinGW g++ with nvcc 11.8, on candle's build against VS 17.13 with CUDA 12.6, on a portable VS 2019
# toolset without vcvarsall.bat). After "'gcc' died due to signal 4" it only follows the compiler's crash.
HOST_OS_UNSUPPORTED = r"Host compiler targets unsupported OS"
# nvcc's own check of the host compiler on macOS, made before host_config.h's: "nvcc fatal : The version ('90000') of
# the host compiler ('Apple clang') is not supported", the version as major*10000 + minor*100 + patch (90000 is 9.0.0,
# 100000 is 10.0.0; CUDA 10.2's nvcc prints "11.0"). There nvcc takes no gcc at all: "nvcc fatal : GNU C/C++ compiler
# is no longer supported as a host compiler on Mac OS X".
HOST_VERSION_REFUSED = re.compile(r"The version (?:\('([\w.]+)'\) )?of the host compiler \('([^']+)'\) "
                                  r"is not supported")
MAC_GCC_REFUSED = r"GNU C/C\+\+ compiler is no longer supported as a host compiler on Mac OS X"
# Debian's and Ubuntu's packaged nvcc (nvidia-cuda-toolkit) runs through a wrapper that looks for the gcc versions that
# CUDA release supports among those installed, and names a clang it would take instead: "ERROR: No supported gcc/g++
# host compiler found, but clang-4.0 is available. Use 'nvcc -ccbin clang-4.0' to use that instead." (waifu2x-converter-
# cpp on Linux Mint 19.3; candle's bindgen_cuda on Ubuntu 24.04 with clang-14).
PACKAGED_NVCC_NO_GCC = re.compile(r"No supported gcc/g\+\+ host compiler found(?:, but (clang[\w.-]*) is available)?")
# The refusal retold in a report's words: "nvcc complained that it could not find a version of gcc 7 or less"; an
# issue's title "gcc 4.5 not supported by nvcc".
GCC_REFUSAL_RETOLD = (r"\bnvcc\b.{0,60}\b(?:complain|refus|reject|error)\w*\b.{0,80}\bgcc\b.{0,40}?\b(\d+) or "
                      r"(?:less|lower|older|earlier)\b",
                      r"\bgcc \d+(?:\.\d+)* (?:is )?not supported by nvcc\b")
COMPILER_CRASHED = r"died due to signal \d+"


# torch.utils.cpp_extension's own check of the host compiler against the CUDA it builds with, before nvcc runs:
# "RuntimeError: The current installed version of g++ (10.2.1) is greater than the maximum required version by CUDA
# 11.3 (10.0.0). Please make sure to use an adequate version of g++ (>=5.0.0, <=10.0.0)." (JonasSchult/Mask3D#142);
# later torch releases give the bound as "(>=6.0.0, <14.0)", and a conda toolchain names its compiler by path
# (".../x86_64-conda-linux-gnu-c++ (14.3.0) is greater than the maximum required version by CUDA 12.8", notes stored
# on GitHub).
TORCH_COMPILER_ABOVE = re.compile(r"The current installed version of (\S+)\s+\((\d+(?:\.\d+)*)\) is greater than the "
                                  r"maximum required version by CUDA (\d+\.\d+)")
# The bound it states: "(>=6.0.0, <14.0)", "(>=5.0.0, <=10.0.0)" or, in the first sentence, "(10.0.0)". A bound at
# a major's first release (10.0.0, <14.0) leaves that major's later releases out: gcc 10.2.1 is above 10.0.0.
TORCH_COMPILER_BOUND = re.compile(r"\(>=[\d.]+, <=?(\d+(?:\.\d+)*)\)|by CUDA \d+\.\d+ \((\d+(?:\.\d+)*)\)")


def _newest_accepted_major(text: str) -> str:
    """The newest compiler major all of whose releases torch's check accepts: 13 for "<14.0", 9 for "<=10.0.0", 11
    for "<=11.5.0" (11.4 passes), from the bound its message printed."""
    bound = TORCH_COMPILER_BOUND.search(text)
    if bound is None:
        return ""
    parts = [int(p) for p in (bound.group(1) or bound.group(2)).split(".")]
    return str(parts[0] - 1) if not any(parts[1:]) else str(parts[0])


@rule("TK003", "host-compiler-unsupported", "error", "nvcc refuses the host C++ compiler version",
      # nvcc's words, or a report retelling them ("it fails with some build errors, noting that I have an unsupported
      # GNU version", torch/cutorch on Ubuntu 15.10 in jcjohnson/neural-style#141)
      signatures=(r"\bunsupported GNU version\b|gcc versions later than \d+ are not supported",
                  r"unsupported clang version!",
                  r"unsupported Microsoft Visual Studio version", HOST_CONFIG_ERROR, STD_FUNCTION_PACKS,
                  TORCH_COMPILER_ABOVE.pattern, HOST_OS_UNSUPPORTED, HOST_VERSION_REFUSED.pattern,
                  MAC_GCC_REFUSED, NVCC_IN_GCC_HEADERS.pattern, PACKAGED_NVCC_NO_GCC.pattern) + GCC_REFUSAL_RETOLD,
      priority=20,
      references=("https://docs.nvidia.com/cuda/cuda-installation-guide-linux/",), scope="build")
def host_compiler_unsupported(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "#error -- unsupported GNU version! gcc versions later than 13 are not supported! The nvcc flag
    '-allow-unsupported-compiler' can be used to override this version check", or a report's "it fails
    with some build errors, noting that I have an unsupported GNU version".

    Why:
    Each CUDA release supports host compilers up to a version (CUDA Installation Guide, "Supported
    Compilers"); a newer gcc from a distribution upgrade is refused.

    Fix:
    Install a supported gcc next to the system one and point nvcc at it (`-ccbin g++-12`, or
    CC/CXX/CUDAHOSTCXX), or upgrade the CUDA toolkit.

    nvcc of some CUDA 11 releases accepts GCC 11 and then cannot parse its headers:
    "/usr/include/c++/11/bits/std_function.h:435:145: error: parameter packs not expanded with
    '...'". Build with gcc 10 (CC=gcc-10 CXX=g++-10, or nvcc -ccbin g++-10), or with a newer CUDA.
    nvcc's front end failing in a newer GCC's headers in its own words reads the same: "/usr/include/
    c++/12.1.0/bits/random.h(104): error: expected a declaration" (GCC 12 under CUDA 11.6).

    On macOS, "nvcc fatal : The version ('90000') of the host compiler ('Apple clang') is not supported": nvcc
    takes only the Apple clang versions its release lists (and no gcc: "GNU C/C++ compiler is no longer supported as
    a host compiler on Mac OS X"), so an Xcode update breaks the build. Install and select (xcode-select --switch) the
    Command Line Tools version the CUDA release notes list, or a CUDA that supports the newer Xcode.

    Debian's and Ubuntu's packaged nvcc: "ERROR: No supported gcc/g++ host compiler found, but clang-14 is
    available. Use 'nvcc -ccbin clang-14' to use that instead." Its wrapper found none of the gcc versions that
    CUDA release supports; install one (the package's own dependencies name them) and pass it with -ccbin.

    On Windows, "nvcc fatal : Host compiler targets unsupported OS": nvcc found a compiler it cannot
    use as host. It takes only MSVC's cl.exe building for x64, from a Visual Studio the CUDA release
    supports; MinGW's g++, Python 2.7's Visual C++ 2008 compiler and an x86 cl are refused. Build
    from the "x64 Native Tools Command Prompt" of a supported Visual Studio (or pass its cl with
    -ccbin).

    When to ignore:
    Never while building; `-allow-unsupported-compiler` often compiles and then fails at link time.
    """
    if not seen:
        return
    if all(re.search(HOST_OS_UNSUPPORTED, line, re.I) for line in seen):
        if ctx.observed([COMPILER_CRASHED]):
            return  # the host compiler crashed; nvcc's fatal line only follows it
        cuda = _refusing_cuda(ctx)
        nvcc = _nvcc_of(cuda)
        evidence = {"observed": seen[0].strip()[:200], **({"cuda": cuda} if cuda else {})}
        if not on_native_windows(ctx):
            yield Hit(f"{nvcc} cannot use the host compiler it found: a compiler or version this CUDA does not "
                      "support", evidence=evidence, confirmed=True,
                      fix=["install a host compiler the CUDA release notes list for this CUDA and point nvcc at it "
                           "(-ccbin, or CC/CXX/CUDAHOSTCXX)", "or upgrade the CUDA toolkit"])
            return
        yield Hit(f"{nvcc} cannot use the host compiler it found: on Windows it takes only MSVC's cl.exe for x64 "
                  "from a Visual Studio this CUDA supports (not MinGW's g++, not Python 2.7's Visual C++ 2008 "
                  "compiler, not an x86 cl)", evidence=evidence, confirmed=True,
                  fix=["build from the 'x64 Native Tools Command Prompt' of a Visual Studio the CUDA release notes "
                       "list for this CUDA (or pass its cl.exe: nvcc -ccbin \"<VS>\\VC\\Tools\\MSVC\\<ver>\\bin\\"
                       "Hostx64\\x64\")",
                       "where cl  # the cl.exe on PATH must be the Hostx64\\x64 one",
                       "or upgrade the CUDA toolkit to a release that supports your Visual Studio"])
        return
    if all(re.search(STD_FUNCTION_PACKS, line) for line in seen):
        cuda = _refusing_cuda(ctx)
        yield Hit(_nvcc_of(cuda) + " cannot parse GCC 11's <functional> "
                  "(std_function.h): this nvcc and this host gcc do not work together",
                  evidence={"observed": seen[0].strip()[:200], **({"cuda": cuda} if cuda else {})}, confirmed=True,
                  fix=["sudo apt-get install -y gcc-10 g++-10",
                       "export CC=gcc-10 CXX=g++-10 CUDAHOSTCXX=g++-10  # or nvcc -ccbin g++-10; then rebuild from a "
                       "clean build directory",
                       "or build with a newer CUDA toolkit (export CUDA_HOME to it and put its bin first on PATH)"])
        return
    if all(NVCC_IN_GCC_HEADERS.search(line) for line in seen):
        hit = _nvcc_in_newer_gcc_headers(ctx, NVCC_IN_GCC_HEADERS.search(seen[0]))
        if hit:
            yield hit
        return
    packaged = first_match(PACKAGED_NVCC_NO_GCC, seen)
    if packaged is not None:
        clang = packaged.group(1)
        yield Hit("the distribution's packaged nvcc (nvidia-cuda-toolkit) found none of the gcc versions its CUDA "
                  "release supports installed" + (f"; it would take {clang} instead" if clang else ""),
                  evidence={"observed": packaged.group(0)}, confirmed=True,
                  fix=["apt-cache depends nvidia-cuda-toolkit | grep -i 'g++'  # the gcc versions the package was made "
                       "for; install one of them (sudo apt-get install -y g++-N) and pass it: nvcc -ccbin g++-N",
                       *([f"or build with the clang it names: nvcc -ccbin {clang} (CMake: "
                          f"-DCMAKE_CUDA_HOST_COMPILER={clang})"] if clang else []),
                       "or install NVIDIA's CUDA toolkit for a release that supports the distribution's gcc"])
        return
    mac_check = first_match(HOST_VERSION_REFUSED, seen)
    if mac_check is not None or any(re.search(MAC_GCC_REFUSED, line, re.I) for line in seen):
        yield _mac_host_compiler_refused(mac_check, _refusing_cuda(ctx), seen[0])
        return
    torch_check = first_match(TORCH_COMPILER_ABOVE, seen)
    if torch_check is not None:
        compiler, version, cuda = torch_check.groups()
        top = _newest_accepted_major(torch_check.string) or _gcc_max(ctx, cuda)
        conda = "conda" in compiler
        name = compiler.rsplit("/", 1)[-1]
        yield Hit(f"torch's extension builder refuses the host compiler {name} ({version}): it is newer than CUDA "
                  f"{cuda} accepts" + (f" (gcc {top} is the newest major it takes whole)" if top else ""),
                  evidence={"compiler": compiler, "version": version, "cuda": cuda,
                            **({"newest_major": top} if top else {})},
                  confirmed=True,
                  fix=([f"conda install -c conda-forge gcc_linux-64={top} gxx_linux-64={top}  # the environment's own "
                        "compiler, at a version this CUDA takes"] if conda and top else
                       [f"sudo apt-get install -y gcc-{top} g++-{top}",
                        f"export CC=gcc-{top} CXX=g++-{top} CUDAHOSTCXX=g++-{top}  # then rebuild from a clean build "
                        "directory"] if top else ["install a gcc this CUDA release supports and export CC/CXX to it"])
                  + ["or build with a newer CUDA toolkit (and a torch built for it)"])
        return
    said = re.search(r"later than (\d+)|\b(\d+) or (?:less|lower|older|earlier)\b", " ".join(seen))
    cuda = _refusing_cuda(ctx)
    top = (said.group(1) or said.group(2)) if said else _gcc_max(ctx, cuda)
    in_use = first_match(GCC_IN_USE, ctx.observations)
    gcc = (in_use.group(1) or in_use.group(2)) if in_use else ""
    other = "" if said else "Visual Studio" if any(re.search(r"C1189|Visual Studio", line) for line in seen) else \
        "clang" if any(re.search(r"unsupported clang version", line) for line in seen) else ""
    if other:
        yield Hit(f"nvcc refuses this {other} compiler" + (f" (CUDA {cuda})" if cuda else "") + ": it is newer "
                  "than the CUDA release supports", evidence={"cuda": cuda or ctx.facts.cuda.nvcc_on_path_version},
                  fix=[f"install a {other} version the CUDA release notes list for this CUDA (Visual Studio: its "
                       "build tools, then build from the x64 Native Tools prompt)" if other == "Visual Studio" else
                       "build with a clang version the CUDA release notes list for this CUDA, or with a supported gcc",
                       f"or upgrade the CUDA toolkit to a release that supports your {other}"])
        return
    yield Hit("the host gcc" + (f" ({gcc})" if gcc else "") + " is newer than " + (f"CUDA {cuda}" if cuda else
                                                                                    "this CUDA")
              + (f" accepts (up to gcc {top})" if top else " accepts"),
              evidence={"cuda.nvcc_on_path_version": ctx.facts.cuda.nvcc_on_path_version,
                        **({"refusing_cuda": cuda} if cuda else {}), **({"gcc": gcc} if gcc else {}),
                        **({"gcc_max": top} if top else {})},
              fix=[f"sudo apt-get install -y gcc-{top} g++-{top}" if top else "install a supported gcc",
                   f"export CC=gcc-{top} CXX=g++-{top} CUDAHOSTCXX=g++-{top}" if top else
                   "export CUDAHOSTCXX=<supported g++>",
                   "or upgrade the CUDA toolkit to a release that supports your gcc"])


def _nvcc_in_newer_gcc_headers(ctx: Context, found: "re.Match[str]") -> Optional[Hit]:
    """nvcc's front end failing in the host GCC's own headers, where that GCC is newer than the CUDA release takes, or,
    the release unknown, newer than most nvcc releases parse. An older GCC's headers failing so is a C++ standard
    missing from nvcc's flags, which this does not read."""
    gcc = found.group(1) or found.group(2)
    cuda = _refusing_cuda(ctx) or ctx.toolkit_cuda()
    top = _gcc_max(ctx, cuda)
    if top.isdigit() and int(gcc) <= int(top):
        return None
    if not top and int(gcc) < GCC_HEADERS_NEWER_THAN_MOST_NVCC:
        return None
    return Hit(f"nvcc{f' of CUDA {cuda}' if cuda else ''} cannot parse the C++ headers of GCC {gcc}, its host "
               "compiler: that GCC is newer than this CUDA supports" + (f" (up to gcc {top})" if top else ""),
               generic=not top, evidence={"observed": found.string.strip()[:200], "gcc": gcc,
                                          **({"cuda": cuda} if cuda else {}), **({"gcc_max": top} if top else {})},
               fix=[f"sudo apt-get install -y gcc-{top} g++-{top}" if top else
                    "install a gcc the CUDA release notes list for this CUDA (conda-forge's gxx, a gcc-toolset, or the "
                    "distribution's older gcc package)",
                    f"export CC=gcc-{top} CXX=g++-{top} CUDAHOSTCXX=g++-{top}  # or nvcc -ccbin g++-{top}; then "
                    "rebuild from a clean build directory" if top else
                    "export CUDAHOSTCXX=<that g++>  # or nvcc -ccbin <that g++>; then rebuild from a clean build "
                    "directory",
                    "or build with a newer CUDA toolkit, which supports this GCC"])


def _mac_host_compiler_refused(check, cuda: str, line: str) -> Hit:
    """nvcc's check of the host compiler on macOS: it takes only Apple clang, and of it only the versions its release
    lists, so an Xcode or Command Line Tools update past the CUDA release breaks every build."""
    version = check.group(1) if check else ""
    if version.isdigit():  # 90100 -> 9.1, 100000 -> 10.0
        version = f"{int(version) // 10000}.{int(version) // 100 % 100}"
    compiler = check.group(2) if check else "gcc"
    nvcc = _nvcc_of(cuda)
    what = f"{compiler} {version}".strip() if check else "gcc (on macOS it takes only Apple clang)"
    return Hit(f"{nvcc} refuses the host compiler {what}: it takes only the Apple clang versions its release lists, "
               "and Xcode's command line tools are newer than this CUDA", confirmed=True,
               evidence={"observed": line.strip()[:200], **({"cuda": cuda} if cuda else {})},
               fix=["install the Command Line Tools version the CUDA release notes list for this CUDA (Apple's "
                    "developer downloads) and select it: "
                    "sudo xcode-select --switch /Library/Developer/CommandLineTools",
                    "clang --version  # the version nvcc will see",
                    "or use a CUDA release that supports this Xcode"])


def _refusing_cuda(ctx: Context) -> str:
    """The CUDA release whose host_config.h refused the compiler: as its path or a build spec names it, else nvcc's."""
    found = first_match(HOST_CONFIG_CUDA, ctx.observations)
    if found:
        return next(group for group in found.groups() if group)
    return ctx.facts.cuda.nvcc_on_path_version or ""


def _nvcc_of(cuda: str) -> str:
    """nvcc as a message names it: with its CUDA release where the report shows it."""
    return "nvcc" + (f" of CUDA {cuda}" if cuda else "")


def _gcc_max(ctx: Context, cuda: str) -> str:
    """The newest gcc major the CUDA release takes, from matrices/cuda.toml (gcc_max, with its source), or ""."""
    if not re.fullmatch(r"\d+\.\d+(?:\.\d+)*", cuda or ""):
        return ""
    try:
        return ctx.matrix.cuda_release(cuda).get("gcc_max", "")
    except QueryError:
        return ""


# nvcc naming an architecture it does not know, in its two wordings (-gencode / -arch).
UNKNOWN_ARCH = re.compile(r"Unsupported gpu architecture '\s*(?:compute|sm)_(\d+)[a-z]?\s*'|"
                          r"Value '\s*(?:sm|compute)_(\d+)[a-z]?\s*' is not defined for option "
                          r"['\"]gpu-(?:architecture|name)", re.I)  # nvcc's option, and ptxas's (Triton's ptxas)


# torch.utils.cpp_extension refusing an architecture its own list does not have, before nvcc runs: "ValueError: Unknown
# CUDA arch (8.6) or GPU not supported" (facebookresearch/NSVF#45: an RTX 3090 under torch 1.7.1 with CUDA 11.0),
# "Unknown CUDA arch (9.0+PTX) or GPU not supported" (TORCH_CUDA_ARCH_LIST naming 9.0 for a torch built with CUDA
# 11.7). The list grows with the CUDA torch was built with; the architecture comes from TORCH_CUDA_ARCH_LIST, or,
# where it is unset, from the GPUs the build sees.
TORCH_UNKNOWN_ARCH = re.compile(r"Unknown CUDA arch \((\d+\.\d+)[a-z]?(?:\+PTX)?\) or GPU not supported", re.I)


def _listed_arch(ctx: Context, cc: str) -> str:
    """TORCH_CUDA_ARCH_LIST when the input shows it naming this architecture ("8.6", "8.6+PTX"), else ""."""
    listed = ctx.facts.env.variables.get("TORCH_CUDA_ARCH_LIST") or ""
    if not listed:
        said = first_match(ARCH_LIST, ctx.observed([r"TORCH_CUDA_ARCH_LIST\W{0,3}[=:]"]))
        listed = said.group(1).strip("\"'") if said else ""
    return listed if any(_names_arch(name, cc) for name in re.split(r"[\s;,]+", listed)) else ""


def _names_arch(name: str, cc: str) -> bool:
    """Whether one entry of TORCH_CUDA_ARCH_LIST ("9.0", "9.0a", "9.0+PTX") is this architecture."""
    return bool(re.fullmatch(rf"{re.escape(cc)}[a-z]?(?:\+PTX)?", name, re.I))


def _torch_builder_lacks_gpu_arch(ctx: Context, refused: "re.Match[str]") -> Hit:
    """torch's extension builder does not know the GPU's architecture (none was asked for by name): the torch and its
    CUDA predate the GPU, and a torch built with a CUDA that knows it is the way out."""
    cc = refused.group(1)
    needs = _major_minor(ctx.matrix.oldest_cuda_for_cc(cc) or "")
    return Hit(f"torch's extension builder does not know compute capability {cc}: this torch was built with a CUDA "
               "older than the GPU" + (f", and building for it needs a torch built with CUDA {needs} or newer (and "
                                       "a toolkit of that CUDA)" if needs else ""),
               evidence={"observed": refused.group(0), "compute_capability": cc, **({"needs_cuda": needs}
                                                                                     if needs else {})},
               confirmed=True,
               fix=[f"install a torch built with CUDA {needs} or newer, and a CUDA {needs}+ toolkit of the same major "
                    "for CUDA_HOME" if needs else "install a torch built with a newer CUDA, and its toolkit",
                    'or, to build with this torch, export TORCH_CUDA_ARCH_LIST="' + _older_ptx(cc) + '"  # an arch it '
                    "knows, plus PTX the driver compiles for this GPU"])


# NVRTC, the compiler a program carries to build kernels at run time (PyTorch's jiterator, CuPy, OpenMM, Isaac
# Gym's warp), refusing the architecture of the GPU it runs on. Its message names no architecture: the GPU does.
NVRTC_ARCH_REFUSED = r"nvrtc: (?:error: )?invalid value for --gpu-architecture"


# XLA (JAX, TensorFlow) compiling its kernels with a ptxas that does not know the GPU's architecture
# (stream_executor/gpu/asm_compiler.cc): "Falling back to the CUDA driver for PTX compilation; ptxas does not support
# CC 8.6", then "Used ptxas at <path>"; newer releases stop with "XlaRuntimeError: UNIMPLEMENTED: ... ptxas too old".
XLA_PTXAS_TOO_OLD = re.compile(r"ptxas does not support CC (\d+\.\d)|\bptxas too old\b", re.I)
XLA_PTXAS_USED = re.compile(r"Used ptxas at (\S+)")


@rule("TK004", "nvcc-too-old-for-gpu-arch", "error", "nvcc is older than the GPU it is asked to build for",
      signatures=(UNKNOWN_ARCH.pattern, XLA_PTXAS_TOO_OLD.pattern, TORCH_UNKNOWN_ARCH.pattern), priority=25,
      scope="build")
def nvcc_too_old_for_gpu_arch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Building a CUDA extension: "nvcc fatal : Unsupported gpu architecture 'compute_86'", or
    "nvcc fatal : Value 'sm_90' is not defined for option 'gpu-architecture'"; torch's extension
    builder, for the GPU it detected: "ValueError: Unknown CUDA arch (8.6) or GPU not supported".
    Before any build:
    a toolkit older than the machine's GPU (CUDA 11.3 with an RTX 4090, which needs 11.8).

    Why:
    Each CUDA toolkit's nvcc knows the architectures up to its release (matrices/cuda.toml records
    each release's newest, with its source). An extension build asks for the GPU's own architecture
    (TORCH_CUDA_ARCH_LIST, or what it detects), and an older toolkit on PATH or in CUDA_HOME
    refuses it.

    Fix:
    Install a toolkit new enough for the GPU (and matching the framework's CUDA major) and point
    CUDA_HOME at it, or build for an architecture the installed nvcc knows plus PTX
    (TORCH_CUDA_ARCH_LIST="8.0+PTX").

    XLA (JAX, TensorFlow) compiles its kernels with ptxas at run time: "ptxas does not support CC
    8.6" (then "Used ptxas at ptxas") means the ptxas it found predates the GPU; the driver's
    fallback compiler often fails after it ("named symbol not found", "ptxas too old").

    When to ignore:
    Never while you build for that GPU.
    """
    if not seen:
        yield from _toolkit_older_than_gpus(ctx)
        return
    if all(XLA_PTXAS_TOO_OLD.search(line) for line in seen):
        yield _xla_ptxas_too_old(ctx, seen)
        return
    torch_refused = first_match(TORCH_UNKNOWN_ARCH, seen)
    if torch_refused and not _refused_arch(seen):
        if not _listed_arch(ctx, torch_refused.group(1)):  # an architecture asked for by name is TK022's
            yield _torch_builder_lacks_gpu_arch(ctx, torch_refused)
        return
    cc = _refused_arch(seen)
    if ctx.shared("arch_dropped_by_nvcc", _arch_dropped_by_nvcc)[0]:
        return  # the arch is too old for this nvcc, not too new: gpu-arch-dropped-by-nvcc names it
    if ctx.shared("arch_beyond_gpus", _arch_beyond_gpus)[0]:
        return  # the project's list asks for more than the GPUs here need: nvcc-too-old-for-project names it
    needs = ctx.matrix.oldest_cuda_for_cc(cc) if cc else None
    nvcc = ctx.facts.cuda.nvcc_on_path_version
    yield Hit(f"nvcc{f' (CUDA {nvcc})' if nvcc else ''} does not know compute capability {cc or '?'}"
              + (f": building for it needs CUDA {needs} or newer" if needs else ""),
              evidence={"compute_capability": cc, "needs_cuda": needs or "", "nvcc": nvcc},
              fix=[f"install CUDA {needs} or newer (of the framework's CUDA major) and export CUDA_HOME to it"
                   if needs else "install a newer CUDA toolkit and export CUDA_HOME to it",
                   f'export TORCH_CUDA_ARCH_LIST="{_older_ptx(cc)}"  # or: build for an arch this nvcc knows, plus PTX'])


def _xla_ptxas_too_old(ctx: Context, seen: List[str]) -> Hit:
    """XLA's ptxas predates the GPU: the compute capability it names (or the GPU's), and the ptxas it used."""
    said = next((found.group(1) for found in map(XLA_PTXAS_TOO_OLD.search, seen) if found and found.group(1)), "")
    cc = said or next((g["cc"] for g in ctx.gpu_models() if g["cc"]), "")
    needs = ctx.matrix.oldest_cuda_for_cc(cc) if cc else None
    used = first_match(XLA_PTXAS_USED, ctx.observed([XLA_PTXAS_USED.pattern]))
    return Hit("XLA compiles with a ptxas" + (f" ({used.group(1)})" if used else "") + " older than the GPU"
               + (f" (compute capability {cc})" if cc else "") + (f": it needs the ptxas of CUDA {needs} or newer"
                                                                 if needs else ""),
               evidence={"observed": seen[0].strip()[:200], **({"compute_capability": cc} if cc else {}),
                         **({"needs_cuda": needs} if needs else {}), **({"ptxas": used.group(1)} if used else {})},
               confirmed=True,
               fix=[(f"install CUDA {needs} or newer and put its bin first on PATH" if needs else
                     "put the ptxas of a CUDA release that knows this GPU first on PATH")
                    + "  # XLA takes the first ptxas it finds ('Used ptxas at' names it)",
                    "or use a JAX / TensorFlow release (or image) built with a CUDA that knows this GPU",
                    "which ptxas && ptxas --version"])


# A paste that shows code being compiled: nvcc or a compiler invoked, a CMake or setup.py build, pip building a
# wheel from source, torch's extension builder, the install of a package that only installs by compiling.
BUILDING = (r"\bnvcc\b", r"\bcmake\b", r"setup\.py (?:build|install|develop|bdist)", r"Building wheels? for",
            r"Building (?:CUDA )?extension", r"\bninja\b", r"\bmake\[\d+\]", r"error: command .* failed",
            r"\b(?:compiling|build(?:ing)? from source)\b",
            r"\binstall\w* .{0,20}\b(?:tiny[-_]cuda[-_]nn|apex|pytorch3d|detectron2|flash[-_]attn|causal[-_]conv1d|"
            r"mamba[-_]ssm|diff[-_]gaussian[-_]rasterization|simple[-_]knn|gsplat)\b")


def _own_code_without_kernels(ctx: Context) -> str:
    """The error of a program built here that failed for want of a kernel, naming its own CUDA source ("Error: invalid
    texture reference: .../Core/src/Cuda/convenience.cuh:68"): the toolkit its owner names is the one that built it.
    "" when the report has none."""
    from envcheck.rules.frameworks import NO_KERNEL_IMAGE, OWN_SOURCE_NAMED  # frameworks imports this module

    return next((line.strip()[:200] for line in ctx.observed(NO_KERNEL_IMAGE) if OWN_SOURCE_NAMED.search(line)), "")


def _toolkit_older_than_gpus(ctx: Context) -> Iterable[Hit]:
    """The toolkit this machine builds with (nvcc on PATH, else the CUDA its owner names) predates a
    GPU in it: every build for that GPU's own architecture fails, before any error is printed."""
    cuda = ctx.facts.cuda
    nvcc, where = (cuda.nvcc_on_path_version, "nvcc --version") if cuda.nvcc_on_path_version else \
        (cuda.stated_version, cuda.stated_source)
    if not nvcc or not re.fullmatch(r"\d+\.\d+(?:\.\d+)*", nvcc):
        return
    failed = _own_code_without_kernels(ctx)
    if not cuda.nvcc_on_path_version and not ctx.observed(BUILDING) and not failed:
        return  # "CUDA 11.0" in words names the CUDA someone has or wants; only a build makes it the compiler
    for gpu in ctx.gpu_models():
        needs = ctx.matrix.oldest_cuda_for_cc(gpu["cc"]) if gpu["cc"] else None
        if needs and version(nvcc) < version(needs):
            yield Hit(f"CUDA {nvcc} cannot build for the {gpu['name']} (compute capability {gpu['cc']}): its "
                      f"architecture needs CUDA {needs} or newer", evidence={
                          "cuda_toolkit": nvcc, "cuda_toolkit_source": where, "gpu": gpu["name"],
                          "compute_capability": gpu["cc"], "needs_cuda": needs,
                          **({"observed": failed} if failed else {})},
                      fix=[f"install CUDA {needs} or newer (of the framework's CUDA major) from {TOOLKIT_ARCHIVE} and "
                           "export CUDA_HOME to it",
                           f'or export TORCH_CUDA_ARCH_LIST="{_older_ptx(gpu["cc"])}"  # an arch this nvcc knows, plus PTX'])
            return


def _only_nvrtc_refused(seen: List[str]) -> bool:
    """NVRTC refused an architecture and no nvcc line names one: the GPU in the report is the architecture."""
    return not _refused_arch(seen) and any(re.search(NVRTC_ARCH_REFUSED, line) for line in seen)


def nvrtc_of_framework(ctx: Context) -> str:
    """The framework build ("torch 1.10.0+cu113") whose CUDA the NVRTC in use comes from, "" when it is a toolkit's."""
    built = next((f for f in ctx.facts.frameworks.installed if f.build_cuda), None)
    return f"{built.name} {built.version}" if built else ""


def nvrtc_gap(ctx: Context) -> Tuple[str, Dict[str, Any], str, str]:
    """("dropped", "too new" or "target too new", the GPU, the CUDA its NVRTC comes from, the CUDA that would know the
    GPU) when NVRTC refused the GPU's architecture; ("", ...) when the paste does not show which way. "target too new":
    the CUDA builds for architectures on both sides of the GPU's, not for it (12.8 and a B300's 10.3). The CUDA is the
    framework build's (torch +cu128 carries NVRTC 12.8), else nvcc's, else the one the report names."""
    framework_cuda = next((f.build_cuda for f in ctx.facts.frameworks.installed if f.build_cuda), "")
    cuda = framework_cuda or ctx.toolkit_cuda()
    known = [gpu for gpu in ctx.gpu_models() if gpu["cc"]]
    for gpu in known:
        last = ctx.matrix.last_cuda_for_cc(gpu["cc"])
        if last and (not cuda or version(cuda) > version(last)):
            return ("dropped", gpu, cuda, last)
        needs = ctx.matrix.oldest_cuda_for_cc(gpu["cc"])
        if needs and cuda and version(cuda) < version(needs):
            return ("target too new" if _within_range(ctx, cuda, gpu["cc"]) else "too new", gpu, cuda, needs)
    return ("", known[0] if known else {}, cuda, "")


def _within_range(ctx: Context, cuda: str, cc: str) -> bool:
    """The CUDA's targets reach past the GPU's architecture without it (CUDA 12.8 builds for 10.0 and 12.0, not 10.3):
    a framework built with that CUDA runs on the GPU from its kernels of the same major, and only the NVRTC, which
    compiles for the exact target, refuses it."""
    newest = ctx.matrix.newest_target(cuda)
    return bool(newest) and cc_tuple(cc) <= cc_tuple(newest)


@rule("TK019", "nvrtc-toolkit-too-old", "error",
      "The NVRTC that compiles kernels at run time is older than the GPU",
      signatures=(NVRTC_ARCH_REFUSED,), priority=25)
def nvrtc_toolkit_too_old(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A program that compiles CUDA kernels while it runs (CuPy, PyTorch's JIT fusers, hashcat,
    pyvkfft) stops at its first kernel: "nvrtc: error: invalid value for --gpu-architecture
    (-arch)", with no nvcc anywhere in the build.

    Why:
    NVRTC, the CUDA runtime compiler library, compiles for the exact architecture of the GPU it
    runs on, and each release knows only the architectures up to its own (matrices/cuda.toml). The
    NVRTC loaded is the one the program ships with (a framework's CUDA build, a wheel, an image)
    or the toolkit's on the library path, often older than a new GPU (CUDA 11.0's on an RTX 4090,
    CUDA 7.5's on a Pascal card).

    Fix:
    Give the program an NVRTC that knows the GPU: its build for a newer CUDA (PyTorch's wheel from
    a newer cuXXX index, cupy-cudaXX of the newer toolkit), or, within one CUDA major, a newer NVRTC
    alone (pip install -U nvidia-cuda-nvrtc-cu12).

    When to ignore:
    Never: the kernel is not compiled.
    """
    if seen and _only_nvrtc_refused(seen):
        yield from _nvrtc_older_than_gpu(ctx)


def _nvrtc_older_than_gpu(ctx: Context) -> Iterable[Hit]:
    """NVRTC refused the GPU: the GPU is newer than the CUDA the program's NVRTC comes from."""
    gap, gpu, cuda, needs = ctx.shared("nvrtc_gap", nvrtc_gap)
    if gap == "dropped":
        return  # the GPU is older than this NVRTC builds for: gpu-arch-dropped-by-nvcc names it
    if gap == "too new" and nvrtc_of_framework(ctx):
        return  # the NVRTC came with a framework build older than the GPU: gpu-arch-not-in-build names it
    of_cuda = f" (CUDA {cuda})" if cuda and re.fullmatch(r"\d+\.\d+(?:\.\d+)*", cuda) else ""
    if not gap and of_cuda:
        gpu = {}  # this CUDA knows the GPU the report names ("works well in 2080TI"): another GPU was refused
    if gpu and not needs:
        needs = ctx.matrix.oldest_cuda_for_cc(gpu["cc"]) or ""  # the NVRTC's CUDA unnamed: what the GPU needs
    what = f"the {gpu['name']} (compute capability {gpu['cc']})" if gpu else "this GPU's architecture"
    yield Hit(f"the NVRTC{of_cuda} that compiles kernels at run time does not know {what}"
              + (f": it needs CUDA {needs} or newer" if needs else ""),
              evidence={"gpu": gpu.get("name", ""), "compute_capability": gpu.get("cc", ""), "nvrtc_cuda": cuda,
                        "needs_cuda": needs},
              fix=[f"install the framework's build for CUDA {needs} or newer (for PyTorch, the wheel from the "
                   "matching cuXXX index), which brings an NVRTC that knows the GPU" if needs else
                   "install the framework's build for the newest CUDA it offers, which brings a newer NVRTC",
                   "or upgrade only NVRTC within the same CUDA major (pip install -U nvidia-cuda-nvrtc-cu12: "
                   "the library keeps its soname)"])


def _refused_arch(seen: List[str]) -> str:
    """The compute capability ("3.0") in nvcc's refusal, "" when it names none."""
    found = UNKNOWN_ARCH.search(" ".join(seen))
    digits = next(g for g in found.groups() if g) if found else ""
    return dotted_cc(digits) if len(digits) >= 2 else ""


# A build's own list of architectures: TORCH_CUDA_ARCH_LIST="7.0;8.0;9.0", TF_CUDA_COMPUTE_CAPABILITIES=sm_52,...,
# CMAKE_CUDA_ARCHITECTURES=70;80;90, jax's build.py --cuda_compute_capabilities, -gencode flags.
ARCH_LIST = re.compile(r"(?:ARCH_LIST|COMPUTE_CAPABILITIES|CUDA_ARCHITECTURES|cuda_compute_capabilities|-gencode)"
                       r"[\w\s]{0,3}[=:\s]\s*(\"[^\"]{1,160}\"|'[^']{1,160}'|[^\s'\"]{1,160})")
ARCH_IN_LIST = re.compile(r"(?:sm_|compute_)(\d{2,3})[a-z]?\b|(?<![\w.])(\d{1,2}\.\d)(?![\w.])|(?<![\w.])(\d{2,3})(?![\w.])")


def _arch_beyond_gpus(ctx: Context) -> Tuple[str, str]:
    """(compute capability, why it is the project's) when the architecture nvcc refused is not one the machine needs:
    newer than every GPU the report names, or, no GPU named, one entry of a list of several the build passes (a
    project's default list). TK004 and TK011 share it."""
    cc = _refused_arch(ctx.observed((UNKNOWN_ARCH.pattern,)))
    if not cc:
        return ("", "")
    known = [gpu for gpu in ctx.gpu_models() if gpu["cc"]]
    if known:
        if all(version(gpu["cc"]) < version(cc) for gpu in known):
            return (cc, f"the {known[0]['name']} is compute capability {known[0]['cc']}")
        return ("", "")
    for line in ctx.observed((ARCH_LIST.pattern,)):
        listed = list(ARCH_LIST.finditer(line))  # one list, or one -gencode flag per architecture
        archs = {dotted_cc(next(g for g in m.groups() if g).replace(".", ""))
                 for each in listed for m in ARCH_IN_LIST.finditer(each.group(1))}
        if cc in archs and len(archs) >= 2:
            return (cc, f"it is one of the build's architectures ({listed[0].group(0).strip()[:120]})")
    return ("", "")


def _arch_dropped_by_nvcc(ctx: Context) -> Tuple[str, str]:
    """(compute capability, the last CUDA that builds for it) when nvcc refused an architecture that later
    CUDA releases dropped and the nvcc in use is (or, not named, may be) one of them; the last CUDA is "" when no
    release recorded builds for it (compute_12). TK004 and TK008 share it."""
    cc = _refused_arch(ctx.observed((UNKNOWN_ARCH.pattern,)))
    last = ctx.matrix.last_cuda_for_cc(cc) if cc else None
    # the nvcc that ran, else the CUDA the report says is installed ("an image that uses CUDA 7.5")
    nvcc = ctx.toolkit_cuda()
    named = nvcc if nvcc and re.fullmatch(r"\d+\.\d+(?:\.\d+)*", nvcc) else ""
    oldest = ctx.matrix.oldest_cuda_past(cc) if cc and not last else None
    if oldest and (not named or version(named) >= version(oldest)):
        return (cc, "")
    if not last or (named and version(named) <= version(last)):
        return ("", "")
    return (cc, last)


@rule("TK008", "gpu-arch-dropped-by-nvcc", "error", "nvcc is asked to build for an architecture it no longer supports",
      signatures=(UNKNOWN_ARCH.pattern, NVRTC_ARCH_REFUSED), priority=24, scope="build")
def gpu_arch_dropped_by_nvcc(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Building with a Makefile or CMake list written years ago: "nvcc fatal : Unsupported gpu
    architecture 'compute_30'" with CUDA 11, 'compute_35' with CUDA 12, 'sm_50' or 'compute_60'
    with CUDA 13; the GPU in the machine is new and the toolkit was installed for it.

    Why:
    Each CUDA release drops the oldest architectures from nvcc (matrices/cuda.toml records each
    release's oldest, with its source): Kepler's 3.0 after CUDA 10.2, 3.5 and 3.7 after 11.8,
    Maxwell, Pascal and Volta (5.x to 7.0) after 12.9. A build's architecture list (darknet's
    ARCH, CMAKE_CUDA_ARCHITECTURES, TORCH_CUDA_ARCH_LIST, -gencode flags) that still names one of
    them stops the whole build, although the GPU it is for is supported.

    Fix:
    Remove the dropped architectures from the build's list and keep the GPU's own (for an RTX 3090,
    compute_86 / sm_86); `nvcc --list-gpu-arch` prints what this nvcc builds for. To build for the
    old GPU itself, use the last CUDA release that still supports it.

    When to ignore:
    Never while you build with that list.
    """
    if not seen:
        return
    if _only_nvrtc_refused(seen):
        yield from _nvrtc_dropped_gpu(ctx)
        return
    cc, last = ctx.shared("arch_dropped_by_nvcc", _arch_dropped_by_nvcc)
    if not cc:
        return
    nvcc = ctx.facts.cuda.nvcc_on_path_version
    digits = cc.replace(".", "")
    own = [g for g in ctx.gpu_models() if g["cc"]]
    keep = f"compute_{own[0]['cc'].replace('.', '')} / sm_{own[0]['cc'].replace('.', '')} for the {own[0]['name']}" \
        if own else "the architecture of your GPU (nvidia-smi --query-gpu=name,compute_cap --format=csv)"
    oldest = ctx.matrix.oldest_cuda_past(cc) if not last else None
    history = f"CUDA {last} was the last release that did" if last else \
        f"no CUDA release recorded here (CUDA {oldest} and newer) builds for it"
    yield Hit(f"the build asks for compute capability {cc}, which nvcc{f' (CUDA {nvcc})' if nvcc else ''} no longer "
              f"builds for: {history}",
              evidence={"compute_capability": cc, "last_cuda": last or f"before {oldest}", "nvcc": nvcc or "not named"},
              fix=[f"remove compute_{digits} / sm_{digits} from the build's architecture list (ARCH, -gencode, "
                   f"CMAKE_CUDA_ARCHITECTURES, TORCH_CUDA_ARCH_LIST) and keep {keep}",
                   "nvcc --list-gpu-arch  # what this nvcc builds for",
                   f"or, to build for a compute capability {cc} GPU itself: CUDA {last}" if last else
                   f"a compute capability {cc} GPU itself predates every CUDA release recorded here"])


def _nvrtc_dropped_gpu(ctx: Context) -> Iterable[Hit]:
    """TK008's reading of NVRTC's refusal: the GPU is older than every architecture the program's NVRTC builds
    for (a Kepler card under CUDA 11), so run-time compilation fails although the CUDA library loads."""
    gap, gpu, cuda, last = ctx.shared("nvrtc_gap", nvrtc_gap)
    if gap != "dropped":
        return
    of_cuda = f"CUDA {cuda}'s NVRTC" if cuda else "the NVRTC in use"
    yield Hit(f"the {gpu['name']} has compute capability {gpu['cc']}, which {of_cuda} no longer compiles for: "
              f"CUDA {last} was the last release that did",
              evidence={"gpu": gpu["name"], "compute_capability": gpu["cc"], "nvrtc_cuda": cuda or "not named",
                        "last_cuda": last},
              fix=[f"install the program with CUDA {last} libraries (conda: cudatoolkit={_major_minor(last)}), which "
                   f"the driver for this GPU still runs",
                   "or run on a GPU that current CUDA releases support"])


def _major_minor(release: str) -> str:
    return ".".join(release.split(".")[:2])


def _older_ptx(cc: str) -> str:
    """A fallback arch list: the Ampere datacenter arch with PTX, which a newer GPU can JIT."""
    return "8.0+PTX" if cc and cc_tuple(cc) >= (8, 0) else "7.0+PTX"


# A compiler path built from a CUDA_HOME that is not one directory: "unable to execute
# '/usr/local/cuda-10.0:/usr/local/cuda-10.0:/bin/nvcc'", or one that points at bin/ already
# ("/usr/local/cuda/bin/bin/nvcc").
HOME_NOT_A_DIRECTORY = (r"'?/[^'\s]*:[^'\s]*/bin/nvcc(?:\.exe)?'?:? (?:No such file|failed with exit status|not found)",
                        r"unable to execute '/[^']*:[^']*/bin/nvcc'", r"/bin/bin/nvcc\b",
                        # the path quoted in a Python error: "No such file or directory: ':/usr/local/cuda:/usr/...
                        # /bin/nvcc'" (a Windows drive letter's colon is not a list)
                        r"'(?![A-Za-z]:[\\/])[^'\s]*:[^'\s]*/bin/nvcc(?:\.exe)?'")


@rule("TK005", "cuda-home-misconfigured", "error", "CUDA_HOME does not name one CUDA installation",
      signatures=HOME_NOT_A_DIRECTORY, priority=22, references=(TOOLKIT_ARCHIVE,), scope="build")
def cuda_home_misconfigured(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A CUDA extension build fails with "unable to execute '/usr/local/cuda-10.0:/usr/local/cuda-10.0:/bin/nvcc':
    No such file or directory", or looks for ".../cuda/bin/bin/nvcc".

    Why:
    Build tools (torch.utils.cpp_extension, setuptools, CMake's FindCUDA) take CUDA_HOME (CUDA_PATH on
    Windows) as the single root of one toolkit and append bin/nvcc to it. A value written like PATH
    (`export CUDA_HOME=/usr/local/cuda:$CUDA_HOME`, which grows with every new shell), or one that
    already ends in bin/, gives a compiler path that does not exist.

    Fix:
    Set it to the toolkit's root alone: `export CUDA_HOME=/usr/local/cuda-12.4` (no `:$CUDA_HOME`), in
    ~/.bashrc and in the current shell.

    When to ignore:
    Never while you build CUDA code.
    """
    env = ctx.facts.env.variables
    for name in ("CUDA_HOME", "CUDA_PATH"):
        value = env.get(name, "").strip("*`")
        if not value:
            continue
        listed = ";" in value if name == "CUDA_PATH" and re.match(r"[A-Za-z]:\\", value) else ":" in value
        if listed or re.search(r"[/\\]bin[/\\]?$", value):
            root = re.split(r"[:;]", value)[0] if listed else re.sub(r"[/\\]bin[/\\]?$", "", value)
            yield Hit(f"{name}={value} is " + ("a list of directories" if listed else "the bin directory") +
                      ", not the root of one CUDA installation", evidence={f"env.{name}": value},
                      fix=[f"export {name}={root}  # one toolkit root; remove ':${name}' from ~/.bashrc",
                           f"ls {root}/bin/nvcc"])
            return
    if seen:
        found = re.search(r"'?(/[^'\s]*?)/bin/nvcc", " ".join(seen))
        root = found.group(1) if found else ""
        first = re.split(r":", root)[0] if ":" in root else re.sub(r"/bin$", "", root)
        yield Hit("The build looked for nvcc under a CUDA_HOME that is not one directory" +
                  (f": {root}" if root else ""), evidence={"nvcc_path": f"{root}/bin/nvcc" if root else ""},
                  fix=[f"export CUDA_HOME={first or '/usr/local/cuda'}  # the toolkit's root alone",
                       "grep -n CUDA_HOME ~/.bashrc ~/.profile  # a line that appends to itself"])


# A ptxas older than the PTX handed to it, in each tool's words: ptxas itself ("Unsupported .version 7.3;
# current version is '7.2'"), XLA's check of the ptxas it found ("Invoking ptxas with version 12.1.66, which
# corresponds to a CUDA version <=12.6.2"; older: "You are using ptxas 8.x, but TF requires ptxas 9.x").
OLD_PTXAS = (r"Unsupported \.version \d+\.\d+; current version is '?\d+\.\d+",
             r"Invoking ptxas with version \S+, which corresponds to a CUDA version",
             r"You are using ptxas \S+, but \w+ requires ptxas")
# The same refusal from the driver's JIT (cuLinkAddData, cuModuleLoadData: Numba, CuPy, PyCUDA) rather than a
# ptxas binary: its log names "ptxas application ptx input" where the binary names its .ptx file. A pasted log may
# break the line after "fatal:", the version on the next line (hashcat 7 on driver 595, hashcat/hashcat#4728).
DRIVER_JIT_PTX = r"ptxas application ptx input, line \d+; fatal\s*:(?: Unsupported \.version|\s*$)"
PTX_VERSIONS = re.compile(r"Unsupported \.version (\d+\.\d+); current version is '?(\d+\.\d+)")
PTXAS_VERSION = re.compile(r"(?:Invoking ptxas with version|You are using ptxas) (\S+?),?\s")


@rule("TK006", "old-ptxas-on-path", "error", "An older ptxas on PATH compiles code generated for a newer one",
      signatures=OLD_PTXAS, priority=20,
      references=("https://docs.nvidia.com/cuda/parallel-thread-execution/index.html#release-notes",
                  "https://docs.jax.dev/en/latest/installation.html#nvidia-gpu"))
def old_ptxas_on_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "ptxas /tmp/..., line 5; fatal : Unsupported .version 7.3; current version is '7.2'" followed by
    "Ptx assembly aborted due to errors" (Triton, tinygrad, JAX, CuPy); XLA: "Invoking ptxas with
    version 12.1.66, which corresponds to a CUDA version <=12.6.2 ... Please upgrade to CUDA 12.6.3
    or newer"; older XLA: "You are using ptxas 8.x, but TF requires ptxas 9.x".

    Why:
    JIT compilers (XLA in JAX and TensorFlow, Triton, tinygrad) generate PTX for the PTX ISA of the
    CUDA they were built with and call a ptxas binary to assemble it. They look for ptxas on PATH
    (or in CUDA_HOME) before the copy their own wheels bring (nvidia-cuda-nvcc-cu12 for JAX,
    Triton's bundled ptxas), so an older CUDA toolkit's bin directory on PATH wins, and a ptxas
    only knows the PTX ISA versions up to its own CUDA release.

    Fix:
    Take the old toolkit's bin directory off PATH (or install a toolkit at least as new as the
    framework's CUDA), so the framework uses the ptxas it was installed with. Triton also takes
    TRITON_PTXAS_PATH; XLA takes --xla_gpu_cuda_data_dir in XLA_FLAGS.

    When to ignore:
    Never while that program compiles kernels: it fails, or in XLA's case may miscompile.
    """
    if not seen or ctx.observed((DRIVER_JIT_PTX,)):
        return  # the driver's own JIT refused the PTX: driver-too-old names that
    text = " ".join(seen) + " "
    given = PTX_VERSIONS.search(text)
    ptxas = PTXAS_VERSION.search(text)
    nvcc = ctx.facts.cuda.nvcc_on_path_version
    if given:
        message = f"ptxas knows PTX ISA up to {given.group(2)} but was given PTX {given.group(1)}: an older ptxas ran"
        evidence = {"ptx_given": given.group(1), "ptxas_knows": given.group(2)}
    else:
        message = "the ptxas found first on PATH is older than the framework's CUDA"
        evidence = {"ptxas_version": ptxas.group(1) if ptxas else "not named"}
    if nvcc:
        evidence["cuda.nvcc_on_path_version"] = nvcc
        message += f" (the toolkit on PATH is CUDA {nvcc})"
    yield Hit(message, evidence=evidence,
              fix=["which -a ptxas && ptxas --version  # the first one listed is the one that runs",
                   "export PATH=$(echo \"$PATH\" | tr ':' '\\n' | grep -v '/cuda[^/]*/bin' | paste -sd:)  "
                   "# drop old CUDA bin directories for this shell",
                   "or install a CUDA toolkit at least as new as the framework's, or point the framework at its own "
                   "ptxas: TRITON_PTXAS_PATH=<ptxas> (Triton), XLA_FLAGS=--xla_gpu_cuda_data_dir=<cuda dir> (JAX)"])


# XLA (JAX, TensorFlow) finding no ptxas binary to run: "Couldn't get ptxas version string: INTERNAL: Couldn't invoke
# ptxas --version", "ptxas returned an error during compilation of ptx to sass: 'INTERNAL: Failed to launch ptxas'",
# newer XLA: "Couldn't find a suitable version of ptxas. The following locations were considered: ...". JAX's
# maintainer: "JAX could not find `ptxas`, which is part of the CUDA toolkit" (jax-ml/jax#7239); nvidia/cuda's base
# and runtime images carry no ptxas, its devel images do (tensorflow/tensorflow#60737).
# XLA's first words for it (asm_compiler.cc), "Couldn't get ptxas version string: INTERNAL: Couldn't invoke ptxas
# --version", are enough when an issue title cuts the rest off. So is the error retold: "I get an error saying it
# cannot find ptxas" (iot-salzburg/gpu-jupyter#93), "JAX could not find `ptxas`" (jax-ml/jax#7239).
# Triton's own "RuntimeError: Cannot find ptxas" (torch.compile's Inductor, corpus 6992) is another program's.
PTXAS_RETOLD = r"\b(?:can ?not|can'?t|could ?n[o']?t) find `?ptxas\b"
PTXAS_NOT_FOUND = (r"Couldn'?t invoke ptxas", r"Failed to launch ptxas", r"Couldn'?t find a suitable version of ptxas",
                   r"Can'?t find ptxas binary", r"Couldn'?t get ptxas version string", PTXAS_RETOLD)
TRITON_NAMED = r"\btriton\b|torch\._dynamo|\binductor\b"
CUDA_IMAGE_WITHOUT_COMPILER = re.compile(r"\bnvidia/cuda:[\w.-]*?-(?:base|runtime)(?:-[\w.]*\w)?")


@rule("TK012", "xla-ptxas-not-found", "error", "XLA (JAX, TensorFlow) cannot find the ptxas binary it compiles with",
      signatures=PTXAS_NOT_FOUND, priority=21, references=("https://docs.jax.dev/en/latest/installation.html#nvidia-gpu",))
def xla_ptxas_not_found(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The first JAX (or TensorFlow XLA) computation on the GPU aborts: "Couldn't get ptxas version
    string: INTERNAL: Couldn't invoke ptxas --version", then "ptxas returned an error during
    compilation of ptx to sass: 'INTERNAL: Failed to launch ptxas'"; newer releases: "Couldn't find
    a suitable version of ptxas. The following locations were considered: ...".

    Why:
    XLA turns its kernels into PTX and runs the ptxas binary, a CUDA toolkit compiler tool, to
    assemble them. It looks on PATH and in the CUDA directories it knows. nvidia/cuda's base and
    runtime images, a cudatoolkit from conda's defaults, and a Jupyter kernel started with another
    PATH have no ptxas it can find. JAX's pip CUDA extra brings its own (nvidia-cuda-nvcc-cu12).

    Fix:
    Give XLA a ptxas of the framework's CUDA: `pip install -U "jax[cuda12]"` (its nvcc wheel), conda's
    cuda-nvcc, or a -devel CUDA image instead of -base/-runtime; or put the toolkit's bin on PATH
    where the program runs (the Jupyter kernel too).

    When to ignore:
    Never: XLA stops at its first GPU kernel.
    """
    if not seen:
        return
    if all(re.search(PTXAS_RETOLD, line, re.I) for line in seen) and ctx.observed([TRITON_NAMED]):
        return  # Triton's words, not XLA's
    named = first_match(CUDA_IMAGE_WITHOUT_COMPILER, ctx.observed([CUDA_IMAGE_WITHOUT_COMPILER.pattern]))
    image = named.group(0) if named else ""
    if image:
        devel = re.sub(r"-(?:base|runtime)", "-devel", image, count=1)
        yield Hit(f"XLA found no ptxas: the image is built from {image}, which has no CUDA compiler tools",
                  evidence={"image": image, "observed": seen[:2]}, confirmed=True,
                  fix=[f"FROM {devel}  # the -devel image has ptxas",
                       "or in the image: pip install -U \"jax[cuda12]\"  # JAX's CUDA wheels bring their ptxas"])
        return
    yield Hit("XLA found no ptxas binary to assemble its kernels: no CUDA compiler tools on PATH where the program runs",
              evidence={"observed": seen[:2]},
              fix=["which ptxas || echo 'no ptxas on PATH'",
                   "pip install -U \"jax[cuda12]\"  # JAX's CUDA wheels bring ptxas (nvidia-cuda-nvcc-cu12)",
                   "or: conda install -c nvidia cuda-nvcc  # conda's cudatoolkit has no ptxas",
                   "or: export PATH=/usr/local/cuda/bin:$PATH  # a toolkit of the framework's CUDA, also for the "
                   "Jupyter kernel"])



# XLA (TensorFlow, JAX) finding no libdevice, the CUDA bitcode library its GPU backend links kernels with, which ships
# in the toolkit's compiler component (nvvm/libdevice/libdevice.10.bc: apt's cuda-nvcc-X-Y, conda's cuda-nvcc,
# pip's nvidia-cuda-nvcc-cu12). XLA warns "Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice", lists the
# directories it searched and names the way out itself: "setting the environment variable
# XLA_FLAGS=--xla_gpu_cuda_data_dir=/path/to/cuda will work" (tensorflow/tensorflow#58681; the SageMaker images of
# aws/sagemaker-distribution#15, which lack cuda-nvcc). A kernel that needs it then fails: "INTERNAL: libdevice not
# found at ./libdevice.10.bc" (TensorFlow; JAX's XlaRuntimeError in conda-forge/jaxlib-feedstock#283), "libdevice is
# required by this HLO module but was not found at ./libdevice.10.bc". dpkg -S names the package that owns it:
# "cuda-nvcc-11-2: /usr/local/cuda-11.2/nvvm/libdevice/libdevice.10.bc" (jax-ml/jax#6323).
LIBDEVICE_NOT_FOUND = (r"Can'?t find libdevice directory", r"\blibdevice not found\b",
                       r"libdevice is required by this HLO module but was not found")
# conda-forge TensorFlow and jaxlib builds that searched their own build prefix, never the environment they were
# installed in (conda-forge/tensorflow-feedstock#369, fixed by its PR #370; jaxlib-feedstock#283, fixed by PR 288):
# the searched list, or an strace of the search, names the feedstock's path.
CONDA_BUILD_PREFIX = re.compile(r"/[^\s\"']*(?:/feedstock_root/build_artifacts/|/_build_env/)[^\s\"']*")
# Debian's and Ubuntu's nvidia-cuda-toolkit package puts the toolkit in /usr/lib/cuda, where XLA never looks
# (jax-ml/jax#989, #6323; "export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/lib/cuda" in users' setup notes).
DISTRO_CUDA_DIR = r"/usr/lib/cuda\b"
# A conda environment showing in a paste: its channel, $CONDA_PREFIX, an Anaconda or Miniconda install named (the word
# alone counts: "I intall pyltp by pip in anaconda 4.2.0", HIT-SCIR/pyltp#58), a Miniforge or Mambaforge path, a user's
# ~/.conda, or an environment's lib folder. TK018 and LIB022 both read it.
CONDA_ENVIRONMENT = (r"\bconda-forge\b|\$CONDA_PREFIX\b|\b(?:ana|mini)conda\d?\b|miniforge\d?/|mambaforge/|/\.conda/|"
                     r"/conda-envs/|/envs/[^/\s]+/lib/")


@rule("TK018", "xla-libdevice-missing", "error", "XLA (TensorFlow, JAX) cannot find CUDA's libdevice",
      signatures=LIBDEVICE_NOT_FOUND, priority=22,
      references=("https://github.com/tensorflow/tensorflow/issues/58681",))
def xla_libdevice_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    TensorFlow or JAX warns "Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. This may
    result in compilation or runtime failures", lists "Searched for CUDA in the following
    directories", and the first XLA-compiled step fails: "INTERNAL: libdevice not found at
    ./libdevice.10.bc" (JAX: "XlaRuntimeError: INTERNAL: libdevice not found at ./libdevice.10.bc").

    Why:
    XLA compiles its GPU kernels itself and links them with libdevice, a bitcode library of the
    CUDA toolkit's compiler component (nvvm/libdevice). It looks in a fixed list of directories:
    the CUDA path it was built with, /usr/local/cuda, pip's nvidia-cuda-nvcc wheel. An install with
    the CUDA runtime libraries but no compiler component (a -runtime image, cloud notebook images, a
    toolkit elsewhere on Windows), or a conda package that searched its own build prefix instead of
    the environment, leaves it nothing. TensorFlow 2.11's Keras optimizers compile their update step
    with XLA, so model.fit meets it where plain ops did not.

    Fix:
    Install the CUDA compiler component of the framework's CUDA (pip install nvidia-cuda-nvcc-cu12;
    conda install cuda-nvcc; apt install cuda-nvcc-X-Y) and point XLA at the directory that holds
    nvvm/libdevice: export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda (or $CONDA_PREFIX).
    For conda-forge builds that searched their build prefix, update the package: later builds find
    the environment.

    When to ignore:
    A warning alone, on a program that never fails with "libdevice not found", can be ignored
    until a kernel needs libdevice.
    """
    if not seen:
        return
    flag = "export XLA_FLAGS=--xla_gpu_cuda_data_dir={}  # the directory that holds nvvm/libdevice"
    build_prefix = first_match(CONDA_BUILD_PREFIX, ctx.observed([CONDA_BUILD_PREFIX.pattern]))
    if build_prefix:
        yield Hit("XLA found no libdevice: this conda package searches the prefix it was built in, not the environment "
                  "it is installed in", evidence={"searched": build_prefix.group(0), "observed": seen[:2]},
                  confirmed=True,
                  fix=["conda update tensorflow  # or jaxlib: later conda-forge builds search the environment",
                       "conda install -c conda-forge cuda-nvcc  # libdevice into the environment, if it lacks it",
                       "find \"$CONDA_PREFIX\" -name libdevice.10.bc", flag.format("$CONDA_PREFIX")])
        return
    if ctx.observed([CONDA_ENVIRONMENT]):
        yield Hit("XLA found no libdevice in this conda environment: it has no CUDA compiler component where XLA looks",
                  evidence={"observed": seen[:2]},
                  fix=["conda install -c conda-forge cuda-nvcc  # of the framework's CUDA version",
                       "find \"$CONDA_PREFIX\" -name libdevice.10.bc", flag.format("$CONDA_PREFIX")])
        return
    if ctx.observed([DISTRO_CUDA_DIR]):
        yield Hit("XLA found no libdevice: the toolkit is in /usr/lib/cuda (the distribution's package), where XLA "
                  "does not look", evidence={"observed": seen[:2]},
                  fix=["ls /usr/lib/cuda/nvvm/libdevice  # XLA looks for <dir>/nvvm/libdevice",
                       flag.format("/usr/lib/cuda")])
        return
    yield Hit("XLA found no libdevice (nvvm/libdevice, the CUDA compiler component) in the directories it searched",
              evidence={"observed": seen[:2]},
              fix=["pip install nvidia-cuda-nvcc-cu12  # CUDA 12 builds of TensorFlow and JAX search this wheel",
                   "or: apt install cuda-nvcc-X-Y  # of the framework's CUDA release",
                   "find / -name libdevice.10.bc 2>/dev/null  # XLA wants the directory above nvvm/",
                   flag.format("/usr/local/cuda")])


# The linker asked for a CUDA toolkit library (libcurand, libcudart, libcublas, ...) that is on no -L path:
# "/usr/bin/ld: cannot find -lcurand", "ld: cannot find -lcudart: No such file or directory". -lcuda (the
# driver) is LIB007's.
TOOLKIT_LIB_NOT_LINKABLE = r"cannot find -l(cudart|curand|cublas(?:Lt)?|cufft|cusparse|cusolver|nvrtc|nvToolsExt|nppc\w*|nvjpeg)\b"
# MSVC's linker the same on Windows, where the toolkit's import libraries (cuda.lib, the driver API's, among them) are
# in %CUDA_PATH%\lib\x64: "LINK : fatal error LNK1181: cannot open input file 'cudart.lib'" (cudpp/cudpp#72 after CUDA
# 3.2 moved them; build notes for a conda toolkit, which puts them in Library\lib), "... input file 'cuda.lib'" (Rust
# CUDA crates' build notes).
WINDOWS_TOOLKIT_LIB_NOT_LINKABLE = re.compile(r"cannot open input file '(cudart|cuda|curand|cublas(?:Lt)?|cufft|cusparse|"
                                              r"cusolver|nvrtc|nvToolsExt\w*|nppc\w*|nvjpeg|culibos)(?:_static)?\.lib'")


@rule("TK007", "cuda-dev-libs-not-on-linker-path", "error", "The linker cannot find a CUDA toolkit library",
      signatures=(TOOLKIT_LIB_NOT_LINKABLE, WINDOWS_TOOLKIT_LIB_NOT_LINKABLE.pattern), priority=23,
      references=(TOOLKIT_ARCHIVE,), scope="build")
def cuda_dev_libs_not_on_linker_path(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Building an extension (DeepSpeed's JIT ops, a torch cpp_extension, llama.cpp, a CMake project):
    "/usr/bin/ld: cannot find -lcurand", "cannot find -lcudart", "cannot find -lcublas". On Windows, MSVC's
    linker: "LINK : fatal error LNK1181: cannot open input file 'cudart.lib'".

    Why:
    Linking needs the unversioned development names (libcurand.so, libcudart.so) in a directory the
    linker searches. pip wheels of PyTorch and the nvidia-*-cu12 wheels carry only the versioned
    run-time files (libcurand.so.10), and a toolkit outside the default directories
    (/usr/local/cuda/lib64, a conda env) is not searched unless LIBRARY_PATH or -L names it.

    Fix:
    Install the CUDA toolkit (or its -dev library packages) of the framework's CUDA and point the
    linker at its lib64: `export LIBRARY_PATH=$CUDA_HOME/lib64:$LIBRARY_PATH`, or set CUDA_HOME so
    the build adds it.

    When to ignore:
    Never while you build that extension.
    """
    if not seen:
        return
    windows = sorted({m.group(1) for line in seen for m in WINDOWS_TOOLKIT_LIB_NOT_LINKABLE.finditer(line)})
    if windows:
        yield Hit(f"MSVC's linker finds no {', '.join(name + '.lib' for name in windows)} (CUDA toolkit import "
                  "libraries, in the toolkit's lib\\x64)", evidence={"missing": windows},
                  fix=['dir "%CUDA_PATH%\\lib\\x64\\cudart.lib"  # the toolkit\'s import libraries (a conda toolkit: '
                       '<env>\\Library\\lib)',
                       'set LIB=%CUDA_PATH%\\lib\\x64;%LIB%  # link.exe searches LIB; or add the directory to the '
                       "project's Additional Library Directories (CMake: find_package(CUDAToolkit) sets it)"])
        return
    libraries = sorted({m.group(1) for line in seen for m in re.finditer(TOOLKIT_LIB_NOT_LINKABLE, line)})
    home = ctx.facts.cuda.cuda_home or "/usr/local/cuda"
    yield Hit(f"the linker finds no lib{', lib'.join(libraries)} (CUDA toolkit development libraries)",
              evidence={"missing": libraries, "cuda.cuda_home": ctx.facts.cuda.cuda_home or "not set"},
              fix=[f"ls {home}/lib64/lib{libraries[0]}.so*  # the toolkit's development library",
                   f"export LIBRARY_PATH={home}/lib64:$LIBRARY_PATH  # and CUDA_HOME={home} for torch extensions",
                   f"or install the toolkit's development libraries for the framework's CUDA ({TOOLKIT_ARCHIVE})"])


TRITON_BUILD = "https://github.com/triton-lang/triton/blob/0419e8f04e1cb71dc228a0b3cd1cf1996b7e9456/python/triton/runtime/build.py"
# Triton's words when it finds no compiler: "Failed to find C compiler. Please specify via CC environment variable."
# (later releases add "or set triton.knobs.build.impl."); a shell saying the same of gcc in that image or host.
NO_C_COMPILER = (r"Failed to find C compiler\W{0,3}Please specify via CC",)
COMPILER_NOT_FOUND = (r"\b(?:gcc|cc|g\+\+|clang)(?::\s*(?:command )?not found\b|'?: No such file or directory)",)


@rule("TK009", "c-compiler-missing-for-triton", "error", "Triton finds no C compiler to build its launcher with",
      signatures=NO_C_COMPILER, priority=24, references=(TRITON_BUILD,), scope="build")
def c_compiler_missing_for_triton(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    The first torch.compile call, the first Triton kernel of a library (vLLM, Unsloth, Liger, a fused
    loss) or a speech model's decoder: "RuntimeError: Failed to find C compiler. Please specify via CC
    environment variable." (newer Triton adds "or set triton.knobs.build.impl."). PyTorch wraps it as
    "backend='inductor' raised: RuntimeError: Failed to find C compiler".

    Why:
    Triton compiles a small C module (its CUDA launcher and driver utilities) on the machine that runs
    the kernel, with $CC, else gcc, else clang from PATH (python/triton/runtime/build.py). A slim or
    runtime-only Docker image, a minimal cloud image or a bare conda environment has none of them,
    so every Triton kernel fails while the CUDA stack itself works.

    Fix:
    Install a C compiler where the kernels run (`apt-get install -y build-essential`, in the image's
    Dockerfile for a container), or point CC at one that exists off PATH (a conda env's gcc). Without
    a compiler, run with torch.compile off (TORCH_COMPILE_DISABLE=1), which leaves other Triton
    kernels failing.

    When to ignore:
    When nothing on the host uses Triton.
    """
    compiler = ctx.facts.cuda.c_compiler
    triton = next((d for d in ctx.facts.python.distributions if d.name in ("triton", "pytorch-triton")), None)
    if not seen and not (compiler == "" and triton is not None):
        return
    shell = ctx.observed(COMPILER_NOT_FOUND)
    evidence = {"cuda.c_compiler": "none: CC is not set and PATH has no gcc or clang"} if compiler == "" else {}
    if triton is not None:
        evidence["python.distributions.triton"] = triton.version
    if shell:
        evidence["shell"] = shell[0].strip()
    in_image = in_container(ctx)
    yield Hit("Triton needs a C compiler ($CC, gcc or clang) to build its launcher and finds none"
              + (f" (triton {triton.version} is installed)" if triton is not None else ""),
              evidence=evidence,
              fix=[("in the image's Dockerfile: RUN apt-get update && apt-get install -y --no-install-recommends "
                    "build-essential" if in_image else "sudo apt-get install -y build-essential  # or: sudo dnf "
                    "install -y gcc"),
                   "or export CC=<path to an existing gcc or clang>  # a conda env's gcc, for example",
                   "to run without it meanwhile: TORCH_COMPILE_DISABLE=1 (only torch.compile; other Triton "
                   "kernels still need the compiler)"])


# The compiler's words when a build includes Python.h and the Python it builds for has no headers: gcc and clang
# "fatal error: Python.h: No such file or directory", MSVC "fatal error C1083: Cannot open include file:
# 'Python.h': No such file or directory", and the Tiny C Compiler that triton-windows bundles "error: include file
# 'Python.h' not found" (woct0rdho/triton-windows#113, #156, lllyasviel/FramePack#197), or "include file 'pyconfig.h'
# not found" when an include folder was copied in without it (woct0rdho/triton-windows#96).
TCC_PYTHON_H = r"include file '(?:Python|pyconfig)\.h' not found"
PYTHON_H_MISSING = (r"\bPython\.h\W{0,2}:? No such file or directory", r"Cannot open include file: \W?Python\.h",
                    TCC_PYTHON_H)
# Triton's launcher source, written to a temporary folder: "/tmp/tmps1rkq3y3/main.c:5:10: fatal error: Python.h", on
# Windows "C:/Users/<user>/AppData/Local/Temp/tmpu82jlruc/cuda_utils.c:13".
TRITON_LAUNCHER = re.compile(r"[/\\]te?mp\w*[/\\]\w+[/\\](?:main|cuda_utils)\.c\b", re.I)


def _apt_install_step(ctx: Context, package: str, host_note: str) -> str:
    """The step that installs a development package: in the image's Dockerfile where the build ran in a container
    (installing it in the running container is lost with it), with apt on the host otherwise."""
    if in_container(ctx):
        return f"in the image's Dockerfile: RUN apt-get update && apt-get install -y --no-install-recommends {package}"
    return f"sudo apt-get install -y {package}  # {host_note}"


@rule("TK010", "python-headers-missing", "error", "A build needs the Python headers (Python.h) and this Python has none",
      signatures=PYTHON_H_MISSING, priority=24, references=(TRITON_BUILD,), scope="build")
def python_headers_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    "fatal error: Python.h: No such file or directory" (MSVC: "fatal error C1083: Cannot open include
    file: 'Python.h'"), from `pip install` of a package that compiles an extension, or from Triton at
    the first kernel it runs (torch.compile, a CUDA-graph capture in vLLM or SGLang), where the file
    being compiled is its launcher in a temporary folder (".../tmpXXXX/main.c"). triton-windows'
    bundled compiler: "cuda_utils.c:14: error: include file 'Python.h' not found".

    Why:
    A C extension includes Python.h from the interpreter's include folder. Distributions ship it in a
    separate package (python3-dev, python3.X-dev, python3-devel), which slim Docker images, minimal
    cloud images and Windows' embeddable Python (the ComfyUI portable build) leave out. Triton builds
    its launcher as such an extension on the machine that runs the kernel, so a serving image without
    the headers fails at start-up although the CUDA stack works.

    Fix:
    Install the headers of the Python that runs the program: `apt-get install -y python3-dev` (or
    python3.X-dev for a deadsnakes Python; `dnf install python3-devel`), in the image's Dockerfile for
    a container; in a conda environment the env's own python package carries them. For an embeddable
    Windows Python, use a full Python of the same version.

    When to ignore:
    Never while the build or the Triton kernel is needed.
    """
    if not seen:
        return
    version = re.match(r"(\d+\.\d+)", ctx.facts.python.version or "")
    package = f"python{version.group(1)}-dev" if version else "python3-dev"
    triton = any(TRITON_LAUNCHER.search(line) for line in ctx.observations)
    windows = any("C1083" in line or re.search(TCC_PYTHON_H, line, re.I) for line in seen)
    fix = (["use a full (not embeddable) Python of the same version, whose include\\ folder has Python.h",
            'python -c "import sysconfig; print(sysconfig.get_paths()[\'include\'])"  # where the headers must be']
           if windows else
           [_apt_install_step(ctx, package, "or: sudo dnf install -y python3-devel"),
            "python3 -c \"import sysconfig; print(sysconfig.get_paths()['include'])\"  # where Python.h must be"])
    yield Hit("The Python headers (Python.h) are missing" + (": Triton cannot build its launcher" if triton else
                                                             ": a C extension cannot be compiled"),
              evidence={"observed": seen[:1], "python.version": ctx.facts.python.version}, fix=fix)


# CMake's special CUDA_ARCHITECTURES values, each with the CMake release that first knew it (CMake's CUDA_ARCHITECTURES
# documentation: all and all-major "Added in version 3.23", native "Added in version 3.24"). An older CMake reads the
# word as an architecture number and hands nvcc "compute_native": "nvcc fatal : Unsupported gpu architecture
# 'compute_native'" (colmap/colmap#2232, corpus 18300; the same line in build notes of other projects, one of them
# naming the cause "CMake < 3.24").
CMAKE_SPECIAL_ARCH_SINCE = {"all": "3.23", "all-major": "3.23", "native": "3.24"}
CMAKE_SPECIAL_ARCH_PASSED = re.compile(r"Unsupported gpu architecture '(?:compute|sm)_(native|all-major|all)'")
CMAKE_CUDA_ARCHITECTURES_DOC = "https://cmake.org/cmake/help/latest/prop_tgt/CUDA_ARCHITECTURES.html"
CMAKE_VERSION_SAID = re.compile(r"\bcmake(?:\s+version)?\W{0,3}(\d+\.\d+(?:\.\d+)?)\b|/cmake-(\d+\.\d+)/", re.I)


@rule("TK028", "cmake-too-old-for-native-cuda-arch", "error",
      "CMake is older than the CUDA_ARCHITECTURES value the build gives it, and passes it to nvcc as a number",
      signatures=(CMAKE_SPECIAL_ARCH_PASSED.pattern,), priority=21, references=(CMAKE_CUDA_ARCHITECTURES_DOC,),
      scope="build")
def cmake_too_old_for_native_cuda_arch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A CMake build of CUDA code stops at its first .cu file: "nvcc fatal : Unsupported gpu
    architecture 'compute_native'" (or 'compute_all'), after CMAKE_CUDA_ARCHITECTURES=native was
    given on the command line or set by the project.

    Why:
    CMake learned the special values of CUDA_ARCHITECTURES late: all and all-major in 3.23, native
    in 3.24. An older CMake takes the word for an architecture number and builds the flag
    -gencode=arch=compute_native from it, which no nvcc knows. Distributions' CMake is often older:
    Ubuntu 22.04's is 3.22.

    Fix:
    Install CMake 3.24 or newer (`pip install -U cmake`, or Kitware's APT repository) and
    configure again in a fresh build folder; or give the architectures as numbers:
    -DCMAKE_CUDA_ARCHITECTURES=86 (nvidia-smi --query-gpu=compute_cap --format=csv, without the
    dot).

    When to ignore:
    Never: the build cannot start.
    """
    passed = first_match(CMAKE_SPECIAL_ARCH_PASSED, seen)
    if passed is None:
        return
    value = passed.group(1)
    since = CMAKE_SPECIAL_ARCH_SINCE[value]
    said = first_match(CMAKE_VERSION_SAID, ctx.observations)
    cmake = (said.group(1) or said.group(2)) if said else ""
    if older_than(cmake, since) is False:
        return  # this CMake knows the word: the project's own code pasted it into a -gencode flag
    yield Hit(f"CMAKE_CUDA_ARCHITECTURES={value} needs CMake {since} or newer"
              + (f", and this is CMake {cmake}" if cmake else "")
              + f": an older CMake reads '{value}' as an architecture number and passes nvcc compute_{value}",
              evidence={"observed": passed.group(0), "needs_cmake": since, **({"cmake": cmake} if cmake else {})},
              confirmed=True,
              fix=[f"pip install -U 'cmake>={since}'  # or Kitware's APT repository; then cmake --version, and "
                   "configure again in a fresh build folder",
                   "or give the architectures as numbers: -DCMAKE_CUDA_ARCHITECTURES=86  # nvidia-smi "
                   "--query-gpu=compute_cap --format=csv, without the dot"])


# The EGL headers missing where a CUDA extension with an OpenGL path is compiled: gcc's "fatal error: EGL/egl.h: No such
# file or directory" from nvdiffrast's glutil.h (its OpenGL rasterizer plugin, JIT-built at first use: corpus 1854,
# 3256, 16504, the WSL2 report 15802), MSVC's "Cannot open include file: 'EGL/egl.h'". On Debian 12 /usr/include/EGL/
# egl.h is in libegl-dev (glvnd's), which libegl1-mesa-dev depends on (both packages' file lists and Depends, as
# `apt-get download` fetched them from bookworm).
EGL_H_MISSING = (r"\bEGL/egl(?:ext|platform)?\.h\W{0,2}:? No such file or directory",
                 r"Cannot open include file: \W?EGL/egl(?:ext|platform)?\.h")
# nvdiffrast's maintainer: "Since version v0.3.0 nvdiffrast includes a Cuda-based rasterizer that doesn't require the
# graphics libraries or drivers" (NVlabs/nvdiffrast#92).
NVDIFFRAST_CUDA_RASTERIZER = "https://github.com/NVlabs/nvdiffrast/issues/92"


@rule("TK027", "egl-dev-headers-missing", "error",
      "A build needs the EGL development headers (EGL/egl.h) and the system has none",
      signatures=EGL_H_MISSING, priority=24, references=(NVDIFFRAST_CUDA_RASTERIZER,), scope="build")
def egl_dev_headers_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Compiling an extension that renders through OpenGL stops at its first include: "glutil.h:36:10:
    fatal error: EGL/egl.h: No such file or directory" (nvdiffrast's OpenGL rasterizer, which is
    compiled at its first use, so the error comes from a program's run, not from pip).

    Why:
    The EGL headers are in a development package of their own (libegl-dev on Debian and Ubuntu,
    which libegl1-mesa-dev pulls in), which slim images and minimal installs leave out. The GL
    runtime libraries being installed does not bring them; neither do the CUDA toolkit or the NVIDIA
    driver.

    Fix:
    Install the EGL development package (`apt-get install -y libegl-dev`; on other distributions the
    package that provides /usr/include/EGL/egl.h), in the Dockerfile for an image, then run the
    program again. nvdiffrast 0.3.0 and later also have a CUDA rasterizer (RasterizeCudaContext)
    that needs neither OpenGL nor EGL, the way to go on WSL2 and headless servers.

    When to ignore:
    Never while the OpenGL path is the one the program takes.
    """
    if not seen:
        return
    nvdiffrast = bool(ctx.observed([r"\bnvdiffrast\b", r"\bglutil\.h\b"]))
    fix = [_apt_install_step(ctx, "libegl-dev", "Debian, Ubuntu: /usr/include/EGL/egl.h"),
           "dnf provides '*/EGL/egl.h'  # Fedora, RHEL: the package that holds the header"]
    if nvdiffrast:
        fix.append("or use nvdiffrast's CUDA rasterizer: dr.RasterizeCudaContext() instead of dr.RasterizeGLContext() "
                   "(nvdiffrast 0.3.0 and later), which needs no OpenGL or EGL")
    what = "nvdiffrast cannot compile its OpenGL rasterizer" if nvdiffrast else "the OpenGL part cannot be compiled"
    yield Hit(f"The EGL development headers (EGL/egl.h) are missing: {what}",
              evidence={"observed": seen[:1]}, fix=fix)


# nvcc refusing one of the architecture shorthands newer nvcc releases accept: "-arch=all" and "all-major" came with
# CUDA 11.5, "-arch=native" (the GPUs of the build machine) with 11.5 update 1 by NVIDIA's features archive; projects
# (whisper.cpp, llama.cpp, CMake's CUDA_ARCHITECTURES=native) pass them by default.
# Retold: "The nvcc compiler does not recognize the -arch=native flag" (ggml-org/llama.cpp#1803), "nvcc does not
# recognize gpu_architecture option `native`" (chelsea0x3b/dfdx#553).
ARCH_SHORTHAND_UNKNOWN = re.compile(
    r"Value '(native|all|all-major)' is not defined for option 'gpu-architecture'|"
    r"\bnvcc\b[^.\n]{0,30}(?:does not|doesn't|do not|cannot|can't) (?:recogni[sz]e|support|accept|know)\w*\s+"
    r"(?:the\s+)?(?:gpu[_-]architecture option\s+)?[`'\"]?(?:-arch[= ])?(native|all-major|all)\b")
# A C++ standard nvcc does not know yet: "nvcc fatal : Value 'c++17' is not defined for option 'std'". nvcc took
# -std=c++14 from CUDA 9.0, c++17 from 11.0, c++20 from 12.0 (the device-side C++ standard table at
# https://gist.github.com/ax3l/9489132#device-side-c-standard-support, cited by tensorflow/tensorflow#54409).
STD_UNKNOWN = re.compile(r"Value '(c\+\+\d\d)' is not defined for option 'std'")
STD_FIRST_CUDA = {"c++14": "9.0", "c++17": "11.0", "c++20": "12.0"}
CUDA_FEATURES_ARCHIVE = "https://docs.nvidia.com/cuda/archive/11.6.2/pdf/CUDA_Features_Archive.pdf"
# A project's own check of the nvcc it builds with, in flash-attention's setup.py and the packages built from it
# (causal-conv1d, mamba, FlashAttention-3's hopper/ build): "FlashAttention is only supported on CUDA 11.7 and above.
# Note: make sure nvcc has a supported version by running nvcc -V."
PROJECT_NEEDS_NEWER_NVCC = re.compile(r"\b([A-Za-z][\w.-]*) is only supported on CUDA (\d+\.\d+) and above")
# The floor that check states, for a report that shows only pip's "Failed building wheel for flash-attn" beside the
# CUDA it has ("I have cuda 11.5", ayulockin/neurips-llm-efficiency-challenge#3): the build stopped at it.
PACKAGE_NVCC_FLOOR = {"flash-attn": ("FlashAttention", "11.7"), "flash_attn": ("FlashAttention", "11.7")}
WHEEL_BUILD_FAILED = re.compile(r"Failed (?:building wheel for|to build) ([\w.-]+)")


# A compiler that does not know a name the code uses, in each one's words, the name the only group: nvcc's front end
# ('identifier "cudaStreamCaptureModeGlobal" is undefined', llama.cpp's 'identifier "cudaHostRegisterReadOnly" is
# undefined'; for a class template a release removed, "texture is not a template"), gcc's ("'CUFFT_NOT_SUPPORTED' was
# not declared in this scope", "'x' undeclared", "'x' has not been declared", "'x' does not name a type"), gcc's and
# clang's "unknown type name 'x'", "implicit declaration of function 'x'", clang's "use of undeclared identifier 'x'",
# MSVC's C2065 "'x': undeclared identifier" and C3861 "'x': identifier not found".
UNKNOWN_NAME_COMPILING = (
    r'\bidentifier "(\w+)" is undefined',
    r"\berror:\s?[\"']?(\w+) is not a template\b",  # quoted as an issue's title quotes it too
    r"[‘'`](\w+)[’'] (?:was not declared|undeclared|has not been declared|does not name a type)",
    r"(?:use of undeclared identifier|unknown type name|implicit declaration of function) [‘'`](\w+)[’']",
    r"'(\w+)': (?:undeclared identifier|identifier not found)",
)
# A linker or loader that does not find a function the code calls: ld's "undefined reference to `cusparseScsrmv'",
# the dynamic loader's "undefined symbol: cudaSetupArgument" (pyflex built against CUDA 10.0 or older, loaded against
# a later runtime).
UNKNOWN_NAME_LINKING = (r"undefined reference to [`'‘](\w+)[’']", r"\bundefined symbol: (\w+)")
# One group in each pattern: the group that matched says which pattern did, and so whether a compiler's line.
UNKNOWN_NAME = re.compile("|".join(UNKNOWN_NAME_COMPILING + UNKNOWN_NAME_LINKING))
# A compiler that does not find a member of one of CUDA's structs, in each compiler's words, struct first or member
# first: nvcc's front end 'class "cudaDeviceProp" has no member "computeMode"' (PIConGPU on CUDA 13.0), GCC's
# "'struct cudaDeviceProp' has no member named 'clockRate'" (MAGMA 2.6.1 on CUDA 13), Clang's "no member named
# 'clockRate' in 'cudaDeviceProp'", MSVC's "'clockRate': is not a member of 'cudaDeviceProp'". matrices/cuda_api.toml
# names such members as STRUCT::MEMBER.
MEMBER_MISSING_STRUCT_FIRST = (r'\bclass "(\w+)" has no member "(\w+)"',
                               r"[‘'`](?:struct |class )?(\w+)[’'] has no member named [‘'`](\w+)[’']")
MEMBER_MISSING_MEMBER_FIRST = (r"\bno member named '(\w+)' in '(?:struct |class )?(\w+)'",
                               r"'(\w+)': is not a member of '(?:struct |class )?(\w+)'")
MEMBER_MISSING = MEMBER_MISSING_STRUCT_FIRST + MEMBER_MISSING_MEMBER_FIRST


def api_changes(ctx: Context) -> List[Tuple[str, str, bool, List[Any]]]:
    """(name, line, compiling, rows) for each name the report's compiler, linker or loader did not know that
    matrices/cuda_api.toml knows: the CUDA or cuDNN releases that added or removed it. `compiling` is False for a
    linker's or loader's line."""
    return ctx.shared("api_changes", _api_changes)


def _api_changes(ctx: Context) -> List[Tuple[str, str, bool, List[Any]]]:
    found: List[Tuple[str, str, bool, List[Any]]] = []
    names: set = set()
    for line in ctx.observed(UNKNOWN_NAME_COMPILING + UNKNOWN_NAME_LINKING):
        for match in UNKNOWN_NAME.finditer(line):
            name = match.group(match.lastindex)
            rows = ctx.matrix.api_changes(name) if name not in names else []
            names.add(name)
            if rows:
                found.append((name, line.strip(), match.lastindex <= len(UNKNOWN_NAME_COMPILING), rows))
    for line in ctx.observed(MEMBER_MISSING):
        for pattern in MEMBER_MISSING:
            match = re.search(pattern, line, re.I)
            if match is None:
                continue
            struct, member = match.groups() if pattern in MEMBER_MISSING_STRUCT_FIRST else match.groups()[::-1]
            name = f"{struct}::{member}"
            rows = ctx.matrix.api_changes(name) if name not in names else []
            names.add(name)
            if rows:
                found.append((name, line.strip(), True, rows))
    return found


def api_verdicts(ctx: Context, versioned_by: str, have: str) -> List[Tuple[str, str, str, str, str]]:
    """(verdict, name, release, library, line) for each unknown name of the report whose releases in
    matrices/cuda_api.toml explain it, given the release the build has (`have`, "" when the report does not say):
    "too old" where the name came with a later release (a compiler's line only: a linker's is two releases mixed),
    "too new" where a release up to `have` removed it. A name both added and removed says nothing without `have`,
    and nothing where `have` lies between: the build used another release than the one the report names."""
    verdicts = []
    for name, line, compiling, rows in api_changes(ctx):
        rows = [row for row in rows if row["versioned_by"] == versioned_by]
        added = [row for row in rows if row["change"] == "added"]
        removed = [row for row in rows if row["change"] == "removed"]
        if added and compiling and (older_than(have, added[0]["version"]) or (not have and not removed)):
            verdicts.append(("too old", name, added[0]["version"], added[0]["library"], line))
        elif removed and (older_than(have, removed[0]["version"]) is False or (not have and not added)):
            verdicts.append(("too new", name, removed[0]["version"], removed[0]["library"], line))
    return verdicts


# A compiler not finding a header of CUDA's C++ libraries (CUB, Thrust, libcu++): "fatal error: cub/cub.cuh: No such
# file or directory", MSVC's "Cannot open include file: 'thrust/device_vector.h'", clang's "'cub/cub.cuh' file not
# found". Which release of the toolkit the build uses says why:
# - CUB came into the toolkit with CUDA 11.0; before, a project brought its own copy (a git submodule that a plain
#   clone leaves empty: kaolin's third_party/cub) or needed one installed (sleeepyjack/warpcore#1, "Cub is included
#   in CUDA 11 and newer" with CUDA 10.0; bytedance/lightseq#79, "try cuda 11").
# - CUDA 13.0 moved them to include/cccl/ (cub, thrust, cuda): nvcc still finds them, a host compiler compiling a
#   .cpp that includes one does not (CCCL's 3.0 migration guide, nvidia.github.io/cccl/cccl/3.0_migration_guide.html;
#   /usr/local/cuda 13.0 here has include/cccl/cub and no include/cub; Cytnx-dev/Cytnx#754, "fatal error:
#   thrust/sort.h: No such file or directory" with CUDA 13).
# - CCCL removed headers of APIs CUDA had removed: cub/iterator/tex_ref_input_iterator.cuh, a texture-reference
#   iterator, is in CUDA 12.6.3 and gone from 12.8 (glotzerlab/hoomd-blue#2018, through a bundled hipCUB), and not in
#   13.0's include/cccl/cub/iterator here.
# MSVC in another language keeps the English system message after its own words, and a paste mangled by a code page
# puts a character or two after the quote ("'cuda/std/tuple'├í: No such file or directory", a French MSVC, corpus 21705).
# (Not a path that runs through a directory of that name: "/usr/local/cuda/include/cuda_runtime.h",
# ".../cuda/bin/nvcc".)
CCCL_HEADER = r"((cub|thrust|cuda)/(?:[\w/]+\.(?:cuh|h|hpp|inl)|std/[\w/]+))"
CCCL_HEADER_MISSING = re.compile(rf"(?<![/\w.-])[<'\"‘]?{CCCL_HEADER}\b[>'\"’]?[^\s:]{{0,3}}?\s*[:：]?\s*"
                                 r"(?i:No such file or directory|No file or directory|file not found)")
CUB_FIRST_CUDA = "11.0"
CCCL_MOVED_IN_CUDA = "13.0"
CCCL_REMOVED_HEADERS = {"cub/iterator/tex_ref_input_iterator.cuh": "12.8"}


def _cccl_header_missing(ctx: Context) -> Optional[Tuple[str, str, str]]:
    """(verdict, header, CUDA release) for a missing CUB/Thrust/libcu++ header the toolkit release explains: "too old"
    (CUB before CUDA 11.0), "moved" (CUDA 13's include/cccl/, which only nvcc searches), "removed"; None otherwise.
    TK011 reads the first verdict, TK024 the others (through ctx.shared)."""
    found = first_match(CCCL_HEADER_MISSING, ctx.observed([CCCL_HEADER_MISSING.pattern]))
    if found is None:
        return None
    header, library = found.group(1), found.group(2)
    release = ctx.toolkit_cuda()
    removed = CCCL_REMOVED_HEADERS.get(header)
    if removed and older_than(release, removed) is not True:
        return "removed", header, removed
    if library == "cub" and older_than(release, CUB_FIRST_CUDA):
        return "too old", header, release
    first_cuda = _libcudacxx_first_cuda(ctx, header) if library == "cuda" else ""
    if first_cuda and older_than(release, first_cuda) is True:
        return "too old", header, release
    if release and older_than(release, CCCL_MOVED_IN_CUDA) is False:
        return "moved", header, release
    return None


def _libcudacxx_first_cuda(ctx: Context, header: str) -> str:
    """The CUDA release that first shipped a libcu++ header ("cuda/std/tuple": 11.2), from matrices/cuda_api.toml's
    libcu++ rows; "" for a header they do not name."""
    added = [row for row in ctx.matrix.api_changes(header) if row["change"] == "added"]
    return added[0]["version"] if added else ""


# nvcc refusing an option by name: "nvcc fatal : Unknown option '-compress-mode=size'" (flash-attn 2.8.1's setup.py,
# Dao-AILab/flash-attention#1750), "Unknown option '-generate-dependencies-with-compile'" (torch 1.8's extension
# builder with CUDA 10.0's nvcc). Where a later nvcc knows the option (matrices/nvcc_options.toml), this nvcc is older
# than the build expects; a host compiler's flag passed without -Xcompiler ('-fPIC') is another mistake.
UNKNOWN_NVCC_OPTION = re.compile(r"nvcc fatal\s*:\s*Unknown option '-{1,2}([\w-]+)")


@rule("TK011", "nvcc-too-old-for-project", "error", "nvcc is older than the build flags the project passes it",
      signatures=(ARCH_SHORTHAND_UNKNOWN.pattern, UNKNOWN_ARCH.pattern, STD_UNKNOWN.pattern,
                  UNKNOWN_NVCC_OPTION.pattern, PROJECT_NEEDS_NEWER_NVCC.pattern,
                  CCCL_HEADER_MISSING.pattern) + UNKNOWN_NAME_COMPILING,
      priority=22,
      references=(CUDA_FEATURES_ARCHIVE, TOOLKIT_ARCHIVE),
      scope="build")
def nvcc_too_old_for_project(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `make` or `cmake --build` of a CUDA project stops at once with "nvcc fatal : Value 'native' is not
    defined for option 'gpu-architecture'" (or 'all', 'all-major'), retold as "The nvcc compiler does not
    recognize the -arch=native flag"; `nvcc --version` shows a
    distribution's older toolkit (Ubuntu 22.04's nvidia-cuda-toolkit is CUDA 11.5). Or "nvcc fatal :
    Unsupported gpu architecture 'compute_90'" from a default list of architectures
    (TF_CUDA_COMPUTE_CAPABILITIES=sm_52,...,compute_90) on a machine whose GPU is older than 9.0.
    Or "nvcc fatal : Value 'c++17' is not defined for option 'std'" from a PyTorch extension or a
    CMake project that compiles its CUDA code as C++17.
    Or the project's own check of nvcc: "FlashAttention is only supported on CUDA 11.7 and above",
    "FlashAttention-3 is only supported on CUDA 12.3 and above".
    Or the compiler does not know a name of the CUDA API the code uses: 'identifier
    "cudaStreamCaptureModeGlobal" is undefined' (darknet, Triton Inference Server on CUDA 10.0),
    "'CUFFT_NOT_SUPPORTED' was not declared in this scope" (a cuFFT enum value of CUDA 8.0, built
    with 7.5). Or "fatal error: cub/cub.cuh: No such file or directory" with CUDA 10: CUB came
    into the toolkit with CUDA 11.0, or "fatal error: cuda/std/tuple: No such file or directory" with CUDA 10.2: that
    libcu++ header came with CUDA 11.2. Or nvcc stops at an option a later release added: "nvcc fatal :
    Unknown option '-compress-mode=size'" (flash-attn 2.8.1's build). Or only pip's failed wheel build
    of flash-attn, beside a CUDA older than the 11.7 its setup.py requires.

    Why:
    Projects pass nvcc the architecture shorthands of recent releases: -arch=all and all-major
    (CUDA 11.5), -arch=native, which builds for the GPUs in the machine (from 11.5 update 1 in NVIDIA's
    notes; the 11.5 of distribution packages refuses it). An nvcc from before them stops on the flag,
    before compiling anything. Projects also build for a default list of architectures up to the
    newest of their release, so an older nvcc stops on an architecture the machine's GPU does not need.
    The C++ standard likewise: nvcc accepts -std=c++17 from CUDA 11.0 (c++14 from 9.0, c++20 from
    12.0), and current PyTorch extensions are compiled as C++17.
    And each release adds names to the CUDA APIs (cudaStreamCaptureModeGlobal came with 10.1,
    cudaMallocAsync with 11.2, __nv_bfloat16 with 11.0): code that uses one does not compile against
    the headers of an older toolkit. matrices/cuda_api.toml has the release of each name. Options
    too: matrices/nvcc_options.toml has those a recent nvcc knows.

    Fix:
    Install a current CUDA toolkit from NVIDIA's repository and put its bin/ first on PATH, or pass
    the architecture by number (-arch=sm_86; CMAKE_CUDA_ARCHITECTURES=86): only your GPU's.
    For a name the toolkit lacks, install a toolkit at least as new as the release that added it
    (or the release the project names) and make the build use it: CUDA_HOME, CUDACXX, PATH.

    When to ignore:
    Never: the build cannot start.
    """
    found = first_match(ARCH_SHORTHAND_UNKNOWN, seen)
    nvcc = ctx.facts.cuda.nvcc_on_path_version
    option = first_match(UNKNOWN_NVCC_OPTION, seen)
    knows = ctx.matrix.nvcc_release_with_option(option.group(1)) if option else None
    if knows and not found:
        yield Hit(f"nvcc {nvcc or '(version not in the input)'} does not know the option -{option.group(1)}, which "
                  f"the build passes: nvcc of CUDA {knows} has it, so this toolkit is older than the project expects",
                  evidence={"observed": option.string.strip()[:200], "option": option.group(1),
                            "known_to_cuda": knows, "cuda.nvcc_on_path_version": nvcc or "not in the input"},
                  confirmed=True,
                  fix=[f"install a newer CUDA toolkit from {TOOLKIT_ARCHIVE} (the release the project names, and the "
                       "CUDA torch was built with for a PyTorch extension) and make the build use it: CUDA_HOME, "
                       "CUDACXX, its bin/ first on PATH",
                       "nvcc --version; which -a nvcc  # the release the build uses, and any other on PATH",
                       "or use a release of the project that does not pass the option"])
        return
    standard = first_match(STD_UNKNOWN, seen)
    project = first_match(PROJECT_NEEDS_NEWER_NVCC, seen)
    if project and not found and not standard:
        yield from _project_needs_newer_nvcc(ctx, project.group(1), project.group(2), nvcc)
        return
    below_floor = _package_below_nvcc_floor(ctx) if not seen else None
    if below_floor:
        yield from _project_needs_newer_nvcc(ctx, *below_floor, nvcc or ctx.toolkit_cuda())
        return
    if standard and not found:
        needs = STD_FIRST_CUDA.get(standard.group(1))
        yield Hit(f"nvcc {nvcc or '(version not in the input)'} does not know -std={standard.group(1)}, which the build "
                  f"passes{f': that standard came with CUDA {needs}' if needs else ''}",
                  evidence={"cuda.nvcc_on_path_version": nvcc, "flag": f"-std={standard.group(1)}",
                            "needs_cuda": needs or ""}, confirmed=True,
                  fix=[f"install CUDA {needs} or newer (the CUDA your torch was built for) from {TOOLKIT_ARCHIVE} and put "
                       "its bin/ first on PATH (CUDA_HOME for PyTorch extensions)" if needs else
                       f"install a newer CUDA toolkit from {TOOLKIT_ARCHIVE} and put its bin/ first on PATH",
                       "nvcc --version  # the release the build will use"])
        return
    if seen and not found and not standard:
        release = ctx.toolkit_cuda()
        too_old = [verdict for verdict in api_verdicts(ctx, "cuda", release) if verdict[0] == "too old"]
        if too_old:
            yield _api_newer_than_toolkit(too_old[0], release)
            return
        cccl = ctx.shared("cccl_header_missing", _cccl_header_missing)
        first_cuda = _libcudacxx_first_cuda(ctx, cccl[1]) if cccl and cccl[0] == "too old" else ""
        if first_cuda:
            # only with the release known: a header missing beside no release is as often a project's own copy of
            # CCCL cloned without its submodules (test_situations_b73)
            yield Hit(f"the code includes <{cccl[1]}>, a libcu++ header that came with CUDA {first_cuda}: this build "
                      f"uses CUDA {release}", confirmed=True,
                      evidence={"header": cccl[1], "first_cuda": first_cuda, "cuda": release},
                      fix=[f"build with CUDA {first_cuda} or newer, from {TOOLKIT_ARCHIVE}, with CUDA_HOME and PATH "
                           "pointing at it (on a Jetson, a JetPack whose CUDA is that new)",
                           "or use an older release of the project, written for the CUDA you have"])
            return
        if cccl and cccl[0] == "too old":
            yield Hit(f"the code includes <{cccl[1]}>: CUB comes with the CUDA toolkit from {CUB_FIRST_CUDA}, and "
                      f"this build uses CUDA {release}", generic=True,
                      evidence={"header": cccl[1], "cuda": release},
                      fix=["git submodule update --init --recursive  # where the project brings its own CUB for "
                           "older toolkits, a clone without --recursive leaves it empty",
                           f"or build with CUDA {CUB_FIRST_CUDA} or newer, from {TOOLKIT_ARCHIVE}, with CUDA_HOME "
                           "and PATH pointing at it"])
            return
    if not found:
        cc, why = ctx.shared("arch_beyond_gpus", _arch_beyond_gpus)
        if cc and not ctx.shared("arch_dropped_by_nvcc", _arch_dropped_by_nvcc)[0]:
            needs = ctx.matrix.oldest_cuda_for_cc(cc)
            yield Hit(f"nvcc {nvcc or '(version not in the input)'} does not know compute capability {cc}, which the "
                      f"build asks for although no GPU here needs it: {why}",
                      evidence={"compute_capability": cc, "needs_cuda": needs or "", "cuda.nvcc_on_path_version": nvcc},
                      fix=["build only for the GPUs in this machine: remove the architecture from the list "
                           "(TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES, jax's build.py --cuda_compute_capabilities)",
                           "nvidia-smi --query-gpu=name,compute_cap --format=csv  # (on a Jetson: the module's, e.g. "
                           "Orin 8.7)",
                           f"or install CUDA {needs} or newer from {TOOLKIT_ARCHIVE} and put its bin/ first on PATH"
                           if needs else f"or install a newer CUDA toolkit from {TOOLKIT_ARCHIVE}"])
        return
    models = ctx.gpu_models()
    cc = models[0]["cc"] if models and models[0]["cc"] else ""
    number = cc.replace(".", "") if cc else "<compute capability without the dot, e.g. 86>"
    shorthand = found.group(1) or found.group(2)
    yield Hit(f"nvcc {nvcc or '(version not in the input)'} does not know -arch={shorthand}, which the build passes: "
              "that shorthand came with a later nvcc release",
              evidence={"cuda.nvcc_on_path_version": nvcc, "flag": f"-arch={shorthand}"}, confirmed=bool(nvcc),
              fix=[f"install a current CUDA toolkit from {TOOLKIT_ARCHIVE} and put its bin/ first on PATH",
                   f"or name the architecture: -arch=sm_{number} (CMake: -DCMAKE_CUDA_ARCHITECTURES={number})"])


def _api_newer_than_toolkit(verdict: Tuple[str, str, str, str, str], release: str) -> Hit:
    """The code uses a name of the CUDA API that a later release added: the headers it compiles against are older."""
    _, name, added, library, line = verdict
    have = f"CUDA {release}" if release else "the toolkit the build compiles with"
    return Hit(f"the code uses {name} ({library}), which came with CUDA {added}: {have} is older, so its headers "
               "do not have it",
               evidence={"observed": line[:200], "name": name, "needs_cuda": added,
                         "cuda": release or "not in the input"},
               confirmed=True,
               fix=[f"install CUDA {added} or newer (or the release the project names) from {TOOLKIT_ARCHIVE}, "
                    "and make the build use it: CUDA_HOME / CUDACXX, and its bin/ first on PATH",
                    "nvcc --version; which -a nvcc  # the release the build compiles with, and any other on PATH",
                    "or use a release of the project written for this CUDA"])


def _package_below_nvcc_floor(ctx: Context) -> Optional[Tuple[str, str]]:
    """(project, floor) for a package whose wheel build failed where the report's CUDA is below the nvcc release the
    package's build requires (PACKAGE_NVCC_FLOOR); None otherwise."""
    release = ctx.toolkit_cuda()
    if not release:
        return None
    for line in ctx.observed([WHEEL_BUILD_FAILED.pattern]):
        failed = WHEEL_BUILD_FAILED.search(line)
        floor = PACKAGE_NVCC_FLOOR.get(failed.group(1).lower()) if failed else None
        if floor and older_than(release, floor[1]):
            return floor
    return None


def _project_needs_newer_nvcc(ctx: Context, project: str, needs: str, nvcc: str) -> Iterable[Hit]:
    """The project checks the nvcc that CUDA_HOME (or PATH) gives, not torch's CUDA: a torch built with a new enough
    CUDA does not help while an older toolkit is the one found."""
    torch = ctx.framework("torch")
    built = torch.build_cuda if torch is not None and torch.accelerator == "cuda" else ""
    if built and nvcc and built.split(".")[0] != nvcc.split(".")[0]:
        return  # nvcc-framework-cuda-mismatch: the toolkit must be the one torch was built with, not only new enough
    target = built if built and version(built) >= version(needs) else needs
    # nvcc on PATH new enough: the build took another toolkit, the one CUDA_HOME names
    found = "another, older nvcc (the one CUDA_HOME names)" if nvcc and version(nvcc) >= version(needs) else \
        f"an older nvcc{f' ({nvcc})' if nvcc else ''}"
    yield Hit(f"{project} builds only with nvcc {needs} or newer, and this build found {found}"
              + (f"; torch was built with CUDA {built}" if built else ""),
              evidence={"needs_cuda": needs, "cuda.nvcc_on_path_version": nvcc or "not in the input",
                        "frameworks.torch.build_cuda": built or "not in the input"}, confirmed=True,
              fix=[f"install the CUDA {target} toolkit from {TOOLKIT_ARCHIVE}"
                   + (" (the CUDA torch was built with)" if target == built else ""),
                   f"export CUDA_HOME=/usr/local/cuda-{target} PATH=/usr/local/cuda-{target}/bin:$PATH  # the toolkit "
                   "the build must use",
                   "nvcc -V  # must now show that release"])


# Names of the CUDA runtime's launch interface from before CUDA 9.2 (cudaSetupArgument, cudaConfigureCall, cudaLaunch):
# an extension's "undefined symbol" for one of them says it was compiled by an older nvcc than the runtime it loads
# with, which TK001 reads for the first two; that is not a toolkit too new for the project's source.
LAUNCH_STUBS = ("cudaSetupArgument", "cudaConfigureCall", "cudaLaunch")


# nvcc finding no Thrust facility of that name: 'error: namespace "thrust" has no member "device"' (MinkowskiEngine
# 0.5.4 built with CUDA 12.0, corpus 14953; Open3D's hash map, isl-org/Open3D#5353), "counting_iterator" (xmipp3
# with CUDA 12.8, fixed by I2PC/xmipp3#1073 "Fix CUDA 12 Thrust missing include"), "device_malloc" (ashwin/gDel3D#10,
# Thrust 1.9). Each names what the code uses without including its header: the Thrust that came with an earlier CUDA
# brought it in through the headers the code did include, the Thrust of the toolkit in use no longer does.
THRUST_MEMBER_MISSING = re.compile(r"namespace \W?thrust\W? has no member \W?(\w+)")
# Thrust's execution policies live in one header; its iterators under thrust/iterator/; each algorithm and container
# in a header of its own name (thrust/sort.h, thrust/device_malloc.h).
THRUST_POLICIES = ("device", "host", "seq", "par")


def _thrust_header(member: str) -> str:
    """The header of Thrust's layout that declares the member."""
    if member in THRUST_POLICIES:
        return "thrust/execution_policy.h"
    return f"thrust/iterator/{member}.h" if member.endswith("_iterator") else f"thrust/{member}.h"


def _thrust_include_missing(ctx: Context, found: "re.Match[str]") -> Hit:
    """The code relies on a Thrust header that its other includes no longer bring in: the code was written against an
    older CUDA's Thrust. Generic, since code that never included the header fails the same way on any release."""
    member = found.group(1)
    release = ctx.toolkit_cuda()
    header = _thrust_header(member)
    return Hit(f"the code uses thrust::{member} without including <{header}>: the Thrust of "
               + (f"CUDA {release}" if release else "the CUDA the build uses")
               + " no longer brings that header in through the others, as the Thrust of the CUDA the code was "
               "written for did", generic=True,
               evidence={"observed": found.string.strip()[:200], "member": member,
                         "cuda": release or "not in the input"},
               fix=[f"add #include <{header}> to the file the error names (the project's newer releases often have "
                    "this change), then rebuild",
                    f"or build with the CUDA release the project names, from {TOOLKIT_ARCHIVE}, and point CUDA_HOME "
                    "and PATH at it"])


def _cccl_header_gone(cccl: Tuple[str, str, str], release: str) -> Hit:
    """A CUB/Thrust/libcu++ header the toolkit in use removed, or moved where only nvcc looks."""
    verdict, header, cuda = cccl
    if verdict == "removed":
        return Hit(f"the code includes <{header}>, which CUDA {cuda} removed"
                   + (f" (this build uses CUDA {release})" if release else ""), confirmed=True,
                   evidence={"header": header, "removed_in_cuda": cuda, "cuda": release or "not in the input"},
                   fix=["delete the #include if the code does not use that iterator (texture references left CUDA "
                        "in 12.0), or update the project or the library that includes it",
                        f"or build with a CUDA release older than {cuda}, from {TOOLKIT_ARCHIVE}"])
    library = header.split("/")[0]
    return Hit(f"CUDA {cuda} keeps {library}/ under include/cccl/, where nvcc looks and a host compiler does not: a "
               f".cpp file that includes <{header}> no longer finds it", confirmed=True,
               evidence={"header": header, "cuda": cuda},
               fix=["CMake: link the target to CCCL::CCCL (find_package(CCCL)), or add "
                    "${CUDAToolkit_INCLUDE_DIRS}/cccl to its include directories",
                    "other builds: add -I$CUDA_HOME/include/cccl for the host compiler (do not write <cccl/...> "
                    "in the #include)",
                    "or build with CUDA 12.x, which keeps the headers directly under include/"])


@rule("TK024", "cuda-toolkit-too-new-for-project", "error",
      "The code uses a CUDA API that the toolkit it builds with has removed",
      signatures=UNKNOWN_NAME_COMPILING + UNKNOWN_NAME_LINKING + MEMBER_MISSING + (THRUST_MEMBER_MISSING.pattern,
                                                                                  CCCL_HEADER_MISSING.pattern),
      priority=22, scope="build")
def cuda_toolkit_too_new_for_project(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Building older CUDA code with a current toolkit stops at names of the CUDA API it uses:
    'error: identifier "cusparseScsrmv" is undefined' (MinkowskiEngine 0.4 with CUDA 11), "error:
    texture is not a template" (GPUSPH with CUDA 12), "undefined reference to `cusparseScsrmm2'" at
    the link; or a module built before such a release fails to load against the newer runtime:
    "undefined symbol: cusparseDcsrmv". Thrust: 'error: namespace "thrust" has no member "device"'.
    A header of CUB or Thrust: "fatal error: cub/iterator/tex_ref_input_iterator.cuh: No such file
    or directory" with CUDA 12.8, or with CUDA 13 "fatal error: thrust/sort.h: No such file or
    directory" from a file the host compiler compiles.

    Why:
    Major CUDA releases remove what earlier ones deprecated: CUDA 11.0 removed cuSPARSE's legacy
    routines (csrmv, csrmm2, the *SolveAnalysisInfo calls), CUDA 12.0 removed texture and surface
    references (texture<...>, cudaBindTexture) and cudaProfilerInitialize. Code written before
    compiles only against a release that still has them. matrices/cuda_api.toml has the release
    that removed each name. Thrust, which each toolkit ships, includes less from one release to
    the next: code that used thrust::device having included only thrust/sort.h stops compiling.
    CUDA 12.8's CUB dropped the texture-reference iterator's header, and CUDA 13.0 moved CUB,
    Thrust and libcu++ under include/cccl/, which nvcc searches and g++ or MSVC alone do not.
    CUDA 13.0 removed eight members of cudaDeviceProp (clockRate, memoryClockRate, computeMode,
    kernelExecTimeoutEnabled and others; cudaDeviceGetAttribute reads them now): 'class
    "cudaDeviceProp" has no member "computeMode"', "'struct cudaDeviceProp' has no member named
    'clockRate'".

    Fix:
    Build with a CUDA release older than the one that removed the name (the project's README names
    the CUDA it was written for), or use a release of the project ported to the newer API.

    When to ignore:
    Never while you build that code.
    """
    if not seen:
        return
    thrust = first_match(THRUST_MEMBER_MISSING, seen)
    if thrust is not None:
        yield _thrust_include_missing(ctx, thrust)
        return
    release = ctx.toolkit_cuda()
    cccl = ctx.shared("cccl_header_missing", _cccl_header_missing)
    if cccl and cccl[0] != "too old":
        yield _cccl_header_gone(cccl, release)
        return
    too_new = [verdict for verdict in api_verdicts(ctx, "cuda", release)
               if verdict[0] == "too new" and verdict[1] not in LAUNCH_STUBS]
    if not too_new:
        return
    _, name, removed, library, line = too_new[0]
    others = sorted({verdict[1] for verdict in too_new} - {name})
    have = f"CUDA {release}" if release else "the CUDA the build uses"
    yield Hit(f"the code uses {name} ({library}), which CUDA {removed} removed: {have} no longer has it"
              + (f" (nor {', '.join(others[:3])})" if others else ""),
              evidence={"observed": line[:200], "name": name, "removed_in_cuda": removed,
                        "cuda": release or "not in the input"},
              confirmed=True,
              fix=[f"build with a CUDA release older than {removed} (the one the project names), from "
                   f"{TOOLKIT_ARCHIVE}, and point CUDA_HOME and PATH at it",
                   "or use a release of the project ported to the current CUDA API",
                   "nvcc --version  # the release the build compiles with"])


# PyTorch's C++ headers refuse an old host compiler (c10/util/C++17.h, c10/util/TypeIndex.h): "You're trying to build
# PyTorch with a too old version of GCC. We need GCC 9 or later." (GCC 5 in older releases; Clang likewise).
COMPILER_TOO_OLD = re.compile(r"You're (?:trying to build PyTorch with|running) a too old version of (GCC|Clang)\. "
                              r"We need (?:GCC|Clang) (\d+) or later")
# nvcc finding that its host compiler does not know the C++ standard the build asks for, and going on without it: "nvcc
# warning : The -std=c++14 flag is not supported with the configured host compiler. Flag will be ignored." (GCC 4.8 on
# CentOS 7, madgraph5/madgraph4gpu#92, corpus 15302; an MSVC toolset older than PyTorch's C++17 in lava-dl's build;
# gcc-8 asked for C++20 by CUTLASS). The errors that follow are the code's use of that standard.
NVCC_STD_UNSUPPORTED = re.compile(r"The -std=c\+\+(\d+) flag is not supported with the configured host compiler")
# The C++ library headers of the GCC in use, named by the paths in a compiler's messages ("/usr/include/c++/4.8.2/").
GCC_HEADERS = re.compile(r"/usr/include/c\+\+/(\d+(?:\.\d+){0,2})/")
# A person reporting the build's complaint in their own words: "system reported my gcc version is too low", "my gcc is
# too old". Advice is not a report: "if the gcc version is too low, please run ...".
SAID_GCC_TOO_OLD = (r"\b(?:gcc|g\+\+)\b[^.\n]{0,40}?\btoo\s+(?:low|old)\b", r"\btoo\s+(?:low|old)\s+(?:a\s+)?(?:gcc|g\+\+)\b")
ADVICE_CLAUSE = re.compile(r"\b(?:if|when|unless|whether|in case)\b[^.\n]{0,30}?\b(?:gcc|g\+\+)\b", re.I)
GCC_STATED = re.compile(r"\b(?:gcc|g\+\+)\b(?:\s+version)?\s*(?:is|:|=|of)?\s*\(?v?(\d+\.\d+(?:\.\d+)?)\b", re.I)
# torch.utils.cpp_extension's MINIMUM_GCC_VERSION (5.0.0; 4.9 before); the headers of current releases need GCC 9.
TORCH_EXTENSION_GCC_FLOOR = "9"


@rule("TK013", "host-compiler-too-old", "error", "The host C++ compiler is older than the framework's headers need",
      signatures=(COMPILER_TOO_OLD.pattern, NVCC_STD_UNSUPPORTED.pattern), priority=21, scope="build",
      references=("https://github.com/pytorch/pytorch/blob/main/c10/util/C%2B%2B17.h",))
def host_compiler_too_old(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Building a PyTorch C++/CUDA extension (flash-attn, DCNv3, ColossalAI's kernels) on an HPC login
    node or an old distribution: "#error "You're trying to build PyTorch with a too old version of
    GCC. We need GCC 9 or later."", then ninja's "Command '['ninja', '-v']' returned non-zero exit status 1".
    Or the person's own words: "system reported my gcc version is too low. My system gcc version is
    4.8.5". nvcc's own: "nvcc warning : The -std=c++14 flag is not supported with the configured host
    compiler. Flag will be ignored.", then errors from the code's use of that C++ standard.

    Why:
    PyTorch's headers use language features of recent compilers and stop any compiler older than
    their minimum (GCC 9 in current releases, GCC 5 in older ones; the message names it). Clusters
    and old distributions keep an old default gcc first on PATH; the extension build uses it for
    the C++ files and nvcc uses it as its host compiler.

    Fix:
    Put a newer GCC first on PATH (module load gcc/12, conda install -c conda-forge gxx=12, or the
    distribution's gcc-toolset / devtoolset) and name it for the build: CC, CXX and CUDAHOSTCXX.
    Keep it within the newest GCC that the CUDA toolkit's nvcc accepts.

    When to ignore:
    Never while you build that extension.
    """
    found = first_match(COMPILER_TOO_OLD, seen)
    standard = first_match(NVCC_STD_UNSUPPORTED, seen) if found is None else None
    if standard is not None:
        headers = first_match(GCC_HEADERS, ctx.observations)
        yield Hit(f"nvcc's host compiler does not support C++{standard.group(1)}, the standard this code is built "
                  "with" + (f" (the headers in use are GCC {headers.group(1)}'s)" if headers else "")
                  + ": the compiler is older than the code needs", confirmed=True,
                  evidence={"cxx_standard": standard.group(1), "observed": standard.group(0),
                            **({"gcc_headers": headers.group(1)} if headers else {})},
                  fix=["gcc --version; which gcc  # the compiler nvcc uses unless told otherwise",
                       f"put a compiler that supports C++{standard.group(1)} first on PATH (module load gcc, a "
                       "devtoolset / gcc-toolset, or conda-forge's gxx) and name it for nvcc: -ccbin $(which g++), "
                       "or CUDAHOSTCXX / CMAKE_CUDA_HOST_COMPILER; stay within the newest gcc your nvcc accepts"])
        return
    if found is None:
        yield from _said_gcc_too_old(ctx)
        return
    compiler, needs = found.group(1), found.group(2)
    gcc = compiler == "GCC"
    yield Hit(f"{compiler} older than {needs} compiled PyTorch's headers, which need {compiler} {needs} or later",
              evidence={"compiler": compiler, "needs_version": needs, "observed": found.group(0)},
              confirmed=True,
              fix=["gcc --version; which gcc  # the compiler the build picks up first",
                   f"module load gcc/{needs}  # or a newer one; or: conda install -c conda-forge 'gxx>={needs}'"
                   if gcc else f"install clang {needs} or newer",
                   ("export CC=$(which gcc) CXX=$(which g++) CUDAHOSTCXX=$(which g++)  # then rebuild; stay within "
                    "the newest gcc your nvcc accepts") if gcc else
                   "export CC=$(which clang) CXX=$(which clang++)  # then rebuild"])


def _said_gcc_too_old(ctx: Context) -> Iterable[Hit]:
    """The person says the build found gcc too old, with the version they name (the lowest, where they name the
    system's and an environment's). A version the headers of current PyTorch accept is not this."""
    said = [line for line in ctx.observed(SAID_GCC_TOO_OLD) if not ADVICE_CLAUSE.search(line)]
    if not said:
        return
    versions = sorted((m.group(1) for line in ctx.observed([GCC_STATED.pattern]) for m in GCC_STATED.finditer(line)),
                      key=version)
    stated = versions[0] if versions else ""
    if stated and version(stated) >= version(TORCH_EXTENSION_GCC_FLOOR):
        return
    yield Hit(f"gcc{' ' + stated if stated else ''} is too old for the build, as the report says: PyTorch's extension "
              f"builds need GCC 5 or later, and the headers of current releases GCC {TORCH_EXTENSION_GCC_FLOOR}",
              evidence={"compiler": "GCC", **({"gcc_version": stated} if stated else {}),
                        "observed": said[0].strip()[:200]},
              fix=["gcc --version; which gcc  # the compiler the build picks up first",
                   f"module load gcc/{TORCH_EXTENSION_GCC_FLOOR}  # or a newer one; or: conda install -c conda-forge "
                   f"'gxx>={TORCH_EXTENSION_GCC_FLOOR}'",
                   "export CC=$(which gcc) CXX=$(which g++) CUDAHOSTCXX=$(which g++)  # then rebuild; stay within "
                   "the newest gcc your nvcc accepts"])


# CMake's list of variables a project uses that stayed NOTFOUND, naming a CUDA toolkit library: PyTorch's Caffe2 CMake
# config looks for libnvToolsExt (LIBNVTOOLSEXT) and, through FindCUDA, the toolkit's libraries (CUDA_cublas_LIBRARY,
# CUDA_curand_LIBRARY, ...). The library is absent from the CUDA installation: a partial conda or apt install, or a
# toolkit that no longer ships it.
CMAKE_NOTFOUND = r"variables are used in this project, but they are set to NOTFOUND"
CUDA_COMPONENT_NOTFOUND = re.compile(r"(?:^|[\s:])(LIBNVTOOLSEXT|CUDA_(?:cublas|cublasLt|cufft|curand|cusparse|cusolver|"
                                     r"nvrtc|cupti|nvToolsExt|cudart|CUDA|nppc|nvjpeg)_LIBRARY)\b")


# A compiler not finding a CUDA header, in gcc's, clang's and MSVC's words: "fatal error: cuda_runtime.h: No such file
# or directory", "fatal error: 'cuda_runtime.h' file not found", "Cannot open include file: 'cublas_v2.h': No such file
# or directory" (and a translated "cuda_runtime.h:No file or directory", a full-width "cuda_runtime.h：No such file").
CUDA_HEADER_MISSING = re.compile(r"['\"]?\b(cuda_runtime(?:_api)?|cuda|cuda_fp16|cuda_bf16|cublas(?:_v2|Lt)?|"
                                 r"cusparse|curand(?:_kernel)?|cufft|cusolver\w*|nvrtc|nvToolsExt|cooperative_groups)"
                                 r"\.h['\"]?\s*[:：]?\s*"
                                 r"(?:No such file or directory|No file or directory|file not found)")
CONDA_NVCC = re.compile(r"((?:[^\s'\"]*/)?(?:ana|mini)conda\d?/envs/[^/\s]+|"
                        r"(?:[^\s'\"]*/)?(?:mini)?forge\d?/envs/[^/\s]+)/bin/nvcc\b")


@rule("TK014", "cuda-toolkit-component-missing", "error",
      "A build needs a CUDA toolkit library or header the installation lacks",
      signatures=(CMAKE_NOTFOUND, CUDA_HEADER_MISSING.pattern), priority=23, scope="build",
      references=(TOOLKIT_ARCHIVE,))
def cuda_toolkit_component_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A CMake build of a PyTorch or CUDA project stops at configure: "CMake Error: The following
    variables are used in this project, but they are set to NOTFOUND. Please set them or make sure
    they are set and tested correctly in the CMake files: LIBNVTOOLSEXT" (or CUDA_cublas_LIBRARY,
    CUDA_curand_LIBRARY). Or the compiler stops at a CUDA header: "fatal error: cuda_runtime.h: No
    such file or directory" (clang: "'cuda_runtime.h' file not found"; MSVC: "Cannot open include
    file: 'cublas_v2.h'").

    Why:
    CMake's config for PyTorch and FindCUDA look each toolkit library up in the CUDA installation
    and stop when one is missing. Partial installs lack some: a conda environment with a few
    cuda-* packages instead of the whole toolkit, or apt's cuda-*-dev packages installed one by one.
    The headers are a component of their own too: conda's cuda-nvcc package brings the compiler
    without cuda_runtime.h (cuda-cudart-dev has it), and a runtime-only install has none. Some
    components leave the toolkit: NVTX 2 (nvToolsExt.h, libnvToolsExt) is gone from CUDA 12.9 on,
    which has only the header-only NVTX 3 (nvtx3/nvToolsExt.h).

    Fix:
    Install the missing component into the same CUDA installation (conda: the cuda-nvtx or
    libcublas-dev package of the same CUDA version; apt: cuda-nvtx-X-Y, libcublas-dev-X-Y), or
    install the whole toolkit, and point CUDA_HOME (CUDA_TOOLKIT_ROOT_DIR) at it. For nvToolsExt.h
    under CUDA 12.9 or newer: a project release that includes nvtx3/nvToolsExt.h, or a 12.8 toolkit.

    When to ignore:
    Never while you build that project.
    """
    if not seen:
        return
    header = first_match(CUDA_HEADER_MISSING, seen)
    if header:
        yield _cuda_header_missing(ctx, header)
        return
    text = " ".join(ctx.observed([CUDA_COMPONENT_NOTFOUND.pattern]))
    missing = sorted({m.group(1) for m in CUDA_COMPONENT_NOTFOUND.finditer(text)})
    if not missing:
        return  # another library NOTFOUND: not the CUDA toolkit's
    nvtx = "LIBNVTOOLSEXT" in missing or "CUDA_nvToolsExt_LIBRARY" in missing
    yield Hit(f"CMake found no {', '.join(missing)} in the CUDA installation: that toolkit component is not installed",
              evidence={"notfound": missing, "cuda.cuda_home": ctx.facts.cuda.cuda_home or "not set"}, confirmed=True,
              fix=(["conda install -c nvidia cuda-nvtx  # of the same CUDA version as the rest (or apt: cuda-nvtx-X-Y)"]
                   if nvtx else ["install the toolkit's development library for it (conda: libcublas-dev, libcurand-dev "
                                 "...; apt: libcublas-dev-X-Y ...) of the same CUDA version"]) +
              [f"or install the whole CUDA toolkit ({TOOLKIT_ARCHIVE}) and export CUDA_HOME to it",
               "rm -rf build/  # CMake keeps NOTFOUND in its cache: configure again from a clean build directory"])


# NVTX 2's header (include/nvToolsExt.h) and library left the toolkit in CUDA 12.9, which ships NVTX 3 only, header-only
# under include/nvtx3/ (CUDA 13.0's /usr/local/cuda here has include/nvtx3/nvToolsExt.h and no include/nvToolsExt.h;
# rpm -ql of cuda-nvtx-12-8 and 12-9 in ankane/torch.rb#65). Builds that include the old path stop there
# (3dem/relion#1273, "fatal error: nvToolsExt.h: No such file or directory" with CUDA 12.9).
NVTX2_LAST_CUDA = "12.8"


def _cuda_header_missing(ctx: Context, header: "re.Match[str]") -> Hit:
    """The build's compiler found no CUDA header: a toolkit without its headers, or one not on the include path."""
    name = f"{header.group(1)}.h"
    toolkit = ctx.toolkit_cuda()
    if name == "nvToolsExt.h" and (not toolkit or version(toolkit) > version(NVTX2_LAST_CUDA)):
        return Hit("The build includes nvToolsExt.h, NVTX 2's header, which CUDA toolkits ship up to 12.8"
                   + (f"; this one is CUDA {toolkit}, which has only NVTX 3 (include/nvtx3/nvToolsExt.h)" if toolkit
                      else ": a toolkit of 12.9 or newer has only NVTX 3 (include/nvtx3/nvToolsExt.h)"),
                   evidence={"observed": header.group(0), "toolkit_cuda": toolkit or "not in the input"},
                   confirmed=bool(toolkit), fix=[
                       "use a release of the project that includes <nvtx3/nvToolsExt.h> (NVTX 3, header-only; CMake: "
                       "link CUDA::nvtx3 instead of CUDA::nvToolsExt), or change the include and drop -lnvToolsExt",
                       f"or build with a CUDA toolkit of {NVTX2_LAST_CUDA} or older (install it beside yours and "
                       "point CUDA_HOME at it)"])
    env = first_match(CONDA_NVCC, ctx.observations)
    # `conda list`'s row for the compiler package ("cuda-nvcc   11.3.58"), read as the package importer reads rows
    listed = next((row[1] for row in map(parse_line, ctx.observations) if row and row[0] == "cuda-nvcc"), "")
    cuda = ".".join((ctx.facts.cuda.nvcc_on_path_version or listed).split(".")[:2])
    home = ctx.facts.cuda.cuda_home or ""
    where = env.group(1) if env else home
    fix = ([f"conda install -p {env.group(1)} -c nvidia cuda-cudart-dev{'=' + cuda if cuda else ''} "
            "cuda-libraries-dev  # the headers of the CUDA its nvcc is (or the whole cuda-toolkit package)"]
           if env else
           [f"ls {home or '$CUDA_HOME'}/include/{name}  # the toolkit the build uses must have it",
            f"install the whole CUDA toolkit ({TOOLKIT_ARCHIVE}) and export CUDA_HOME to it, or put its include "
            "directory on the compiler's path: export CPATH=$CUDA_HOME/include:$CPATH"])
    return Hit(f"The compiler found no {name}: the CUDA installation the build uses has no headers"
               + (f" (nvcc from the conda environment {env.group(1)}, whose cuda-nvcc package brings none)" if env else
                  ", or its include directory is not on the compiler's path"),
               evidence={"observed": header.group(0), "cuda_installation": where or "not in the input",
                         **({"nvcc": cuda} if cuda else {})},
               confirmed=True, fix=fix + ["then build again from a clean build directory"])


# MSVC (the host compiler nvcc runs on Windows) not finding the headers of the Universal CRT or the Windows SDK:
# "crtdefs.h(10): fatal error C1083: Cannot open include file: 'corecrt.h': No such file or directory". They come
# with the Windows SDK component of Visual Studio, and reach cl.exe through the INCLUDE variable that the developer
# environment (vcvars64.bat) sets.
# A localized MSVC keeps the error code and the quoted header, its words and quotes in the user's language: "fatal
# error C1083: 无法打开包括文件: “corecrt.h”: No such file or directory" (facebookresearch/pytorch3d#1566; the same form
# for other headers in Chinese build logs, "C1083: 无法打开包括文件:“qedit.h”").
SDK_HEADERS = r"(?:corecrt\w*\.h|windows\.h|winapifamily\.h|stddef\.h|stdlib\.h|stdio\.h|string\.h|wchar\.h|ctype\.h)"
WINDOWS_SDK_HEADER_MISSING = (rf"Cannot open include file: '{SDK_HEADERS}'|"
                              rf"\bC1083: [^“'\"\n]{{1,60}}[“'\"]{SDK_HEADERS}[”'\"]")
VS_BUILD_TOOLS = "https://docs.nvidia.com/cuda/cuda-installation-guide-microsoft-windows/"


@rule("TK015", "windows-sdk-missing-for-cuda-build", "error",
      "The Windows SDK headers the host compiler needs are not installed or not set up",
      signatures=(WINDOWS_SDK_HEADER_MISSING,), priority=21, scope="build", references=(VS_BUILD_TOOLS,))
def windows_sdk_missing_for_cuda_build(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Building a CUDA extension on Windows (PyTorch3D, a torch cpp_extension, a CMake project) stops
    in MSVC: "crtdefs.h(10): fatal error C1083: Cannot open include file: 'corecrt.h': No such file
    or directory", then "error: command '...\\bin\\nvcc.exe' failed with exit code 2".

    Why:
    nvcc compiles the host half of every .cu file with MSVC's cl.exe, which takes the C runtime
    (Universal CRT) and Windows headers from the Windows SDK. The Visual Studio Build Tools can be
    installed without that SDK, and cl.exe finds the SDK only through the INCLUDE and LIB variables
    that the Visual Studio developer environment sets: a build started from a plain shell, or with
    the SDK left out of the install, sees MSVC's own headers but not corecrt.h.

    Fix:
    In the Visual Studio Installer, add the "Desktop development with C++" workload (or the
    individual Windows SDK and Universal CRT SDK components), then build from the "x64 Native Tools
    Command Prompt" (or after running vcvars64.bat), which sets INCLUDE and LIB.

    When to ignore:
    Never while you build CUDA code on Windows.
    """
    if not seen:
        return
    header = re.search(r"'([\w.]+)'", seen[0])
    yield Hit(f"MSVC, the host compiler nvcc uses, cannot find {header.group(1) if header else 'a C runtime header'}: "
              "the Windows SDK (Universal CRT) is not installed, or the build runs outside the Visual Studio "
              "developer environment that puts it on INCLUDE", confirmed=True,
              evidence={"observed": seen[0].strip()[:200], "env.INCLUDE": ctx.facts.env.variables.get("INCLUDE", "")},
              fix=["Visual Studio Installer > Modify > the 'Desktop development with C++' workload (or the Windows "
                   "SDK and Universal CRT SDK components)",
                   "build from the 'x64 Native Tools Command Prompt for VS' (or run vcvars64.bat first), which sets "
                   "INCLUDE and LIB",
                   "echo %INCLUDE%  # should list ...\\Windows Kits\\10\\Include\\<version>\\ucrt"])


# PyTorch's JIT extension builds (torch.utils.cpp_extension.load) take a lock file in the extension's build directory
# (torch/utils/file_baton.py) and every other process waits until it is gone. A build killed half-way (Ctrl+C, a
# closed window, an out-of-memory kill) leaves it behind, and every later run waits forever without a word; stopped
# with Ctrl+C, the traceback ends in the wait: 'baton.wait()', 'File ".../torch/utils/file_baton.py", line 42, in
# wait'. nvdiffrec says it outright: "Warning: Lock file exists in build directory: '...\\renderutils_plugin\\lock'".
BATON_WAIT = (r"\bbaton\.wait\(\)", r"file_baton\.py\W{0,3},? line \d+,? in\s*(?:wait\b|$)")
LOCK_FILE_EXISTS = re.compile(r"Lock file exists in build directory:?\s*'?([^'\n]+?)'?\s*$")
EXTENSIONS_ROOT = re.compile(r"Using (\S.*?) as PyTorch extensions root")
CPP_EXTENSION_DOCS = "https://pytorch.org/docs/stable/cpp_extension.html"


@rule("TK016", "torch-extension-build-lock-stale", "error",
      "A PyTorch extension build waits forever for the lock an interrupted build left",
      signatures=(*BATON_WAIT, LOCK_FILE_EXISTS.pattern), priority=20, scope="build", references=(CPP_EXTENSION_DOCS,))
def torch_extension_build_lock_stale(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A program that compiles a CUDA extension at first use (nvdiffrec, StyleGAN2's upfirdn2d and
    fused_bias_act, Megatron's fused kernels, tiny-cuda-nn and nerfstudio's encoders) hangs after
    "Using ~/.cache/torch_extensions/py310_cu118 as PyTorch extensions root..." with no error; after
    Ctrl+C the traceback ends in "baton.wait()" and "torch/utils/file_baton.py, line 42, in wait".
    nvdiffrec prints "Warning: Lock file exists in build directory: '.../renderutils_plugin/lock'".

    Why:
    torch.utils.cpp_extension.load builds each extension in a directory under the extensions root
    and holds a lock file there while it builds, so that parallel processes (one per GPU) build it
    once and wait for each other. A build that was killed (Ctrl+C, a closed window, the machine
    running out of memory) never removes its lock, and every later process waits for a build that
    no one is running.

    Fix:
    Delete the lock file, or the whole build directory of that extension, under the extensions root
    (TORCH_EXTENSIONS_DIR, else ~/.cache/torch_extensions on Linux and
    %LOCALAPPDATA%\\torch_extensions\\torch_extensions\\Cache on Windows), then run again.

    When to ignore:
    Another process is building the extension right now (the other ranks of a multi-GPU launch
    wait for the first): let it finish.
    """
    if not seen:
        return
    said = first_match(LOCK_FILE_EXISTS, seen)
    root = first_match(EXTENSIONS_ROOT, ctx.observed([EXTENSIONS_ROOT.pattern]))
    windows = on_native_windows(ctx) or bool(said and "\\" in said.group(1))
    if said:
        remove = f'del "{said.group(1)}"' if windows else f"rm '{said.group(1)}'"
    elif root:
        remove = (f'rmdir /s /q "{root.group(1)}\\<extension>"' if windows else
                  f"rm -rf '{root.group(1)}'/<extension>") \
            + "  # the folder of the extension the program was building, with its lock"
    else:
        remove = ("rmdir /s /q \"%LOCALAPPDATA%\\torch_extensions\\torch_extensions\\Cache\"" if windows else
                  "rm -rf \"${TORCH_EXTENSIONS_DIR:-$HOME/.cache/torch_extensions}\"") + \
            "  # every JIT-built extension and its lock; they are rebuilt at the next run"
    yield Hit("A PyTorch extension build is waiting for a lock file that an interrupted build left behind: no process "
              "is building it, so the wait never ends",
              evidence={"observed": seen[0].strip()[:200],
                        **({"lock_file": said.group(1)} if said else {}),
                        **({"extensions_root": root.group(1)} if root else {})},
              confirmed=True, fix=[remove, "then run the program again: it builds the extension once more"])


# torch.utils.cpp_extension runs `ninja --version` through PATH before it builds an extension, and stops at
# "RuntimeError: Ninja is required to load C++ extensions" when that fails (verify_ninja_availability).
NINJA_REQUIRED = r"Ninja is required to load C\+\+ extensions"
# The ninja binary installed and not found: the report says so, or runs the environment's Python by its path, or puts
# an environment's bin/ on PATH by hand ("export PATH=/.../envs/py38/bin:$PATH", DeepGraphLearning/torchdrug#97).
NINJA_INSTALLED = (r"Requirement already satisfied: ninja\b", r"\bninja (?:is|was) (?:already )?installed\b",
                   r"export PATH=\S*(?:envs|venv|\.venv)\S*/bin\b")


@rule("TK029", "ninja-missing-for-torch-extension-build", "error",
      "PyTorch cannot run ninja to build a C++/CUDA extension",
      signatures=(NINJA_REQUIRED,), priority=21, scope="build", references=(CPP_EXTENSION_DOCS,))
def ninja_missing_for_torch_extension_build(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A program that compiles an extension at first use (torch.utils.cpp_extension.load: Megatron's
    fused kernels, StyleGAN2's ops, a project's own .cu files) stops with "RuntimeError: Ninja is
    required to load C++ extensions".

    Why:
    PyTorch builds such extensions with ninja, and checks first that `ninja --version` runs from
    PATH. The ninja PyPI package puts its binary in the environment's bin/ (Scripts on Windows),
    which is on PATH only while the environment is activated: ninja is missing from the environment,
    or the environment's Python runs by its full path, from an IDE or a job script, without it.

    Fix:
    `pip install ninja` in the environment that runs the program, and activate it (or put its bin/
    first on PATH) before running.

    When to ignore:
    Never while the program builds the extension.
    """
    if not seen:
        return
    installed = ctx.observed(NINJA_INSTALLED)
    yield Hit("torch's extension builder could not run ninja from PATH: "
              + ("ninja is installed, but the environment's bin/ directory, where its binary is, is not on PATH (the "
                 "environment's Python runs without the environment being activated)" if installed else
                 "ninja is not installed in this environment, or its bin/ directory is not on PATH"),
              evidence={"observed": seen[0].strip()[:200],
                        **({"said": installed[0].strip()[:200]} if installed else {})},
              confirmed=True,
              fix=["python -m pip install ninja  # with the Python that runs the program",
                   "export PATH=\"$(dirname \"$(python -c 'import sys; print(sys.executable)')\")\":$PATH  # its bin/ "
                   "first on PATH; or activate the environment (conda activate ENV, source .venv/bin/activate)",
                   "ninja --version  # must print a version in the shell that runs the program"])


# CMake's Visual Studio generators compile CUDA through the CUDA MSBuild customization that the CUDA installer copies
# into Visual Studio (its "Visual Studio Integration" component); without it CMake stops at "No CUDA toolset found."
# (CMakeDetermineCompilerId.cmake), whatever CUDA_PATH or CMAKE_CUDA_COMPILER say. Seen building tiny-cuda-nn
# (NVlabs/tiny-cuda-nn#164), instant-ngp (NVlabs/instant-ngp#18), tensorrtx (wang-xinyu/tensorrtx#768) and
# llama-cpp-python (abetlen/llama-cpp-python#247), each fixed by copying the integration files or reinstalling CUDA
# with that component.
NO_CUDA_TOOLSET = r"No CUDA toolset found"
VS_YEAR = re.compile(r"Visual Studio(?: Community| Professional| Enterprise| Build Tools)? (20(?:17|19|22))\b|"
                     r"Microsoft Visual Studio[/\\](20(?:17|19|22))\b")
# Visual Studio's toolset folder under MSBuild\Microsoft\VC for each release.
VS_TOOLSET_FOLDER = {"2017": "v150", "2019": "v160", "2022": "v170"}


@rule("TK017", "cuda-visual-studio-integration-missing", "error",
      "Visual Studio has no CUDA build customization, so CMake finds no CUDA toolset",
      signatures=(NO_CUDA_TOOLSET,), priority=21, scope="build", references=(VS_BUILD_TOOLS,))
def cuda_visual_studio_integration_missing(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Configuring a CUDA project with CMake on Windows (llama-cpp-python, tiny-cuda-nn, instant-ngp,
    TensorRT samples) stops with "CMake Error at .../CMakeDetermineCompilerId.cmake:491 (message):
    No CUDA toolset found.", although nvcc works and CUDA_PATH is set.

    Why:
    CMake's Visual Studio generators do not call nvcc themselves: they write MSBuild projects that
    build .cu files through the CUDA build customization (CUDA X.Y.props, .targets, .xml and
    Nvda.Build.CudaTasks.dll) in Visual Studio's BuildCustomizations folder. The CUDA installer
    puts those files there only with its "Visual Studio Integration" component and only into the
    Visual Studio releases installed before it: Visual Studio (or its Build Tools) installed or
    updated after CUDA, or a CUDA installed without that component, leaves the folder without them.

    Fix:
    Copy the four files from CUDA's extras\\visual_studio_integration\\MSBuildExtensions folder into
    Visual Studio's MSBuild\\Microsoft\\VC\\<v170 for 2022, v160 for 2019>\\BuildCustomizations
    folder, or run the CUDA installer again with Visual Studio Integration selected; or configure
    with the Ninja generator from a Visual Studio developer prompt, which calls nvcc directly.
    Delete the build folder (CMakeCache.txt) before configuring again.

    When to ignore:
    Never while that CMake project is configured for CUDA with a Visual Studio generator.
    """
    if not seen:
        return
    cuda = ctx.facts.cuda.stated_version or ctx.facts.cuda.nvcc_on_path_version or "<version>"
    year = first_match(VS_YEAR, ctx.observations)
    release = (year.group(1) or year.group(2)) if year else ""
    toolset = VS_TOOLSET_FOLDER.get(release, "v170")
    cuda_folder = f"v{'.'.join(cuda.split('.')[:2])}" if cuda != "<version>" else "v<version>"
    visual_studio = (f"C:\\Program Files (x86)\\Microsoft Visual Studio\\{release}" if release in ("2017", "2019")
                     else f"C:\\Program Files\\Microsoft Visual Studio\\{release or '2022'}")
    yield Hit("CMake's Visual Studio generator finds no CUDA toolset: the CUDA build customization files are not in "
              f"Visual Studio{' ' + release if release else ''}'s BuildCustomizations folder (CUDA was installed "
              "before Visual Studio, or without its Visual Studio Integration)", confirmed=True,
              evidence={"observed": seen[0].strip()[:200], **({"visual_studio": release} if release else {}),
                        **({"cuda": cuda} if cuda != "<version>" else {})},
              fix=[f'copy "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\{cuda_folder}\\extras\\'
                   f'visual_studio_integration\\MSBuildExtensions\\*" "{visual_studio}\\<edition>\\MSBuild\\'
                   f'Microsoft\\VC\\{toolset}\\BuildCustomizations\\"  # from an administrator prompt',
                   "or run the CUDA installer again (Custom) with 'Visual Studio Integration' selected",
                   "or configure with Ninja from the 'x64 Native Tools Command Prompt': cmake -G Ninja ...",
                   "delete the build folder (its CMakeCache.txt) before configuring again"])



# A Visual Studio project (.vcxproj) imports the build customization of one CUDA release by name,
# <Import Project="$(VCTargetsPath)\BuildCustomizations\CUDA 11.2.props" />, and MSBuild cannot load the project on a
# machine without that release's Visual Studio integration: "error MSB4019: The imported project "C:\Program Files
# (x86)\Microsoft Visual Studio\2017\...\BuildCustomizations\CUDA 10.0.props" was not found" (AlexeyAB/darknet#4233,
# with CUDA 10.1 installed), the same for "CUDA 11.3.props" in Visual Studio 2019 (DarioSamo's RT64). Projects' READMEs
# tell users to edit the two Import lines to the CUDA they have.
PINNED_CUDA_PROPS = re.compile(r"imported project [\"']?[^\"'\n]*BuildCustomizations[\\/]+CUDA (\d+\.\d+)\."
                               r"(?:props|targets)[\"']? was not found")
CUDA_PROPS_NAMED = re.compile(r"\bCUDA[ _](\d+\.\d+)\.props\b")


@rule("TK020", "vs-project-pins-uninstalled-cuda-version", "error",
      "A Visual Studio project imports the build rules of a CUDA release that is not installed",
      signatures=(PINNED_CUDA_PROPS.pattern,), priority=21, scope="build")
def vs_project_pins_uninstalled_cuda_version(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Opening or building a CUDA project's Visual Studio solution fails:
    "error MSB4019: The imported project '...\\BuildCustomizations\\CUDA 10.0.props' was not found"
    (MSBuild writes the full path, in double quotes), or the project does not load.

    Why:
    A .vcxproj names one CUDA release in its two Import lines (BuildCustomizations\\CUDA X.Y.props
    and .targets). Each CUDA installer puts only its own release's files there, with its Visual
    Studio Integration component, so a machine with another CUDA release cannot load the project.

    Fix:
    Edit the project's two Import lines (and CudaToolkitDir, if set) to the CUDA release installed,
    or install the release the project names, with Visual Studio Integration selected.

    When to ignore:
    Never while you build that project in Visual Studio.
    """
    if not seen:
        return
    pinned = first_match(PINNED_CUDA_PROPS, seen)
    if not pinned:
        return
    wanted = pinned.group(1)
    named = [m.group(1) for line in ctx.observed([CUDA_PROPS_NAMED.pattern]) for m in CUDA_PROPS_NAMED.finditer(line)]
    installed = next((v for v in [*named, _major_minor(ctx.toolkit_cuda())] if v and v != wanted), "")
    message = f"the project imports the Visual Studio build rules of CUDA {wanted}, which is not installed"
    yield Hit(message + (f" (this machine has CUDA {installed})" if installed else ""),
              evidence={"project_cuda": wanted, **({"installed_cuda": installed} if installed else {})},
              confirmed=True,
              fix=[f'in the .vcxproj, change both <Import Project="$(VCTargetsPath)\\BuildCustomizations\\CUDA {wanted}'
                   f'.props" /> and its .targets line to CUDA {installed or "<the installed release>"}',
                   f"or install CUDA {wanted} with its Visual Studio Integration component"])


# A program that finds the CUDA toolkit on Windows through CUDA_PATH, the variable the CUDA installer sets, in a
# process where it is not set: PyCUDA's "Unable to discover CUDA installation directory while attempting to add it to
# Python's DLL path. Either set the 'CUDA_PATH' environment variable or ensure that 'nvcc.exe' is on the path."
# (inducer/pycuda#237), TIGRE's "`CUDA_PATH` is not set." (TomographicImaging/CIL#1596, a conda environment holding
# cudatoolkit) and the KeyError from its os.environ['CUDA_PATH'] in a bundled .exe on a machine without a toolkit
# ("KeyError: 'CUDA_PATH'", WebxCT/WebCT#98). onnxruntime's "CUDA_PATH is set but CUDA wasn't able to be loaded" is
# the opposite case.
CUDA_PATH_UNSET = (r"Either set the 'CUDA_PATH' environment variable", r"\bCUDA_PATH\W{0,2} (?:environment variable )?"
                   r"(?:is )?not set\b", r"KeyError: ['\"]CUDA_PATH['\"]")
# ... and a conda environment as a Windows report shows it: the word, an environment file (environment.yml, which
# only conda reads), an environment's folder (...\envs\<name>\), besides CONDA_ENVIRONMENT's forms.
CONDA_ON_WINDOWS = CONDA_ENVIRONMENT + r"|\bconda\b|\benvironment\.ya?ml\b|\\envs\\[^\\\s]+\\"


@rule("TK021", "cuda-path-not-set-windows", "error",
      "A program looks for the CUDA toolkit through CUDA_PATH, which is not set where it runs",
      signatures=CUDA_PATH_UNSET, priority=24)
def cuda_path_not_set_windows(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    On Windows, importing a package that loads CUDA's DLLs itself fails or warns: PyCUDA's
    "Either set the 'CUDA_PATH' environment variable or ensure that 'nvcc.exe' is on the path.";
    TIGRE's "`CUDA_PATH` is not set."; a bundled program's "KeyError: 'CUDA_PATH'".

    Why:
    The CUDA installer for Windows sets CUDA_PATH (and CUDA_PATH_V<major>_<minor>) to the toolkit it
    installs, and some packages find CUDA's DLLs only through it. A process without it has no
    toolkit installed, runs from a shell started before the installer set it, or gets its CUDA from
    a conda environment (cudatoolkit puts the DLLs under %CONDA_PREFIX%\\Library\\bin), which the
    installer never registered.

    Fix:
    Install the CUDA Toolkit where there is none; otherwise point CUDA_PATH at the toolkit the
    program should use (the installed one, or %CONDA_PREFIX%\\Library in a conda environment) and
    start a new shell.

    When to ignore:
    When the program runs on the CPU on purpose.
    """
    if not seen:
        return
    conda = bool(ctx.observed([CONDA_ON_WINDOWS]))
    toolkit = ctx.toolkit_cuda()
    folder = f"v{_major_minor(toolkit)}" if toolkit else "v<major>.<minor>"
    yield Hit("the program finds CUDA through the CUDA_PATH environment variable, and it is not set in the process "
              "that ran it" + (" (its CUDA comes from the conda environment, which the CUDA installer never "
                               "registered)" if conda else ""),
              evidence={"observed": seen[0].strip()[:200], **({"toolkit_cuda": toolkit} if toolkit else {})},
              confirmed=True,
              fix=([r"conda env config vars set CUDA_PATH=%CONDA_PREFIX%\Library  # then conda deactivate and "
                    "activate again: cudatoolkit's DLLs are in Library\\bin"] if conda else [])
              + ["echo %CUDA_PATH% & where nvcc  # in the shell that runs the program",
                 f'setx CUDA_PATH "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\{folder}"  # the '
                 "installed toolkit; then open a new shell",
                 "or install the CUDA Toolkit (its installer sets CUDA_PATH), the release the program was built for"])


@rule("TK022", "torch-cuda-arch-list-names-unknown-arch", "error",
      "TORCH_CUDA_ARCH_LIST names an architecture the installed torch cannot build for",
      signatures=(TORCH_UNKNOWN_ARCH.pattern,), priority=24, scope="build")
def torch_cuda_arch_list_names_unknown_arch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Building a PyTorch CUDA extension stops before nvcc runs: "ValueError: Unknown CUDA arch
    (9.0+PTX) or GPU not supported", with TORCH_CUDA_ARCH_LIST set to a list that names it.

    Why:
    torch.utils.cpp_extension accepts only the architectures the CUDA torch was built with knows
    (9.0 from CUDA 11.8, 12.0 from 12.8). A list copied from a newer setup, a Dockerfile or a
    project's README names an architecture this torch cannot build for, whatever GPU is present.

    Fix:
    Drop the architectures this torch does not know from TORCH_CUDA_ARCH_LIST (or unset it to build
    for the GPUs present), or install a torch built with a CUDA that knows them.

    When to ignore:
    Never while you build that extension.
    """
    if not seen:
        return
    refused = first_match(TORCH_UNKNOWN_ARCH, seen)
    listed = _listed_arch(ctx, refused.group(1)) if refused else ""
    if not listed:
        return  # no list named it: the GPU's own architecture, TK004's
    cc = refused.group(1)
    needs = _major_minor(ctx.matrix.oldest_cuda_for_cc(cc) or "")
    kept = " ".join(name for name in re.split(r"[\s;,]+", listed)
                    if name and not _names_arch(name, cc))
    yield Hit(f"TORCH_CUDA_ARCH_LIST ({listed}) names compute capability {cc}, which this torch's extension builder "
              "does not know" + (f": it needs a torch built with CUDA {needs} or newer" if needs else ""),
              evidence={"TORCH_CUDA_ARCH_LIST": listed, "compute_capability": cc,
                        **({"needs_cuda": needs} if needs else {})},
              confirmed=True,
              fix=[f'export TORCH_CUDA_ARCH_LIST="{kept}"  # without {cc}; or unset it to build for the GPUs present'
                   if kept else "unset TORCH_CUDA_ARCH_LIST  # to build for the GPUs present",
                   f"or install a torch built with CUDA {needs} or newer (and its toolkit) to build for {cc}"
                   if needs else "or install a torch built with a newer CUDA (and its toolkit)"])


# The CUDA a build found, in the build system's words: PyTorch's CMake before 1.0 ("-- got cuda version 7.5", corpus
# 15700), FindCUDA's ('-- Found CUDA: /usr/local/cuda-10.1 (found version "10.1")'), CMake's CUDA language ("-- The
# CUDA compiler identification is NVIDIA 11.5.119").
BUILD_FOUND_CUDA = re.compile(r"got cuda version (\d+\.\d+)|Found CUDA: \S+ \(found (?:suitable )?(?:exact )?version "
                              r"\"?(\d+\.\d+)|The CUDA compiler identification is NVIDIA (\d+\.\d+)")
# Debian's and Ubuntu's own toolkit package, nvidia-cuda-toolkit, puts nvcc at /usr/bin/nvcc and the rest under
# /usr/lib/nvidia-cuda-toolkit; nvcc's verbose output names that folder ("_HERE_=/usr/lib/nvidia-cuda-toolkit/bin",
# NVIDIA/cuda-samples#356).
DISTRO_TOOLKIT_DIR = re.compile(r"/usr/lib/nvidia-cuda-toolkit\b")
# NVIDIA's own toolkit named beside it: its install folder.
NVIDIA_TOOLKIT_DIR = re.compile(r"/usr/local/cuda(?:-\d+(?:\.\d+)?)?/")
# A Makefile asking for a library file of one release's folder ("No rule to make target
# '/usr/local/cuda-10.1/lib64/libcublas.so'", stereolabs' zed-ros-wrapper, corpus 6112).
MAKE_WANTS_TOOLKIT_FILE = re.compile(r"No rule to make target\W+/usr/local/cuda-(\d+\.\d+)/")


@rule("TK025", "multiple-cuda-toolkits-wrong-one-used", "error",
      "The build uses another of the installed CUDA toolkits than the one meant",
      signatures=(BUILD_FOUND_CUDA.pattern, DISTRO_TOOLKIT_DIR.pattern, MAKE_WANTS_TOOLKIT_FILE.pattern), priority=21,
      references=(TOOLKIT_ARCHIVE,), scope="build")
def multiple_cuda_toolkits_wrong_one_used(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A source build that fails although the CUDA meant for it is installed, its own log naming another:
    PyTorch's CMake "-- got cuda version 7.5" while `nvcc --version` says "release 8.0", and nvcc then
    refuses compute_61; CMake's "Compiler: /usr/bin/nvcc" with nvcc's "_HERE_=/usr/lib/nvidia-cuda-toolkit/bin"
    after NVIDIA's CUDA 12.8 was installed in /usr/local/cuda; make's "No rule to make target
    '/usr/local/cuda-10.1/lib64/libcublas.so'" on a machine whose nvcc is 7.5.

    Why:
    CUDA releases install side by side (/usr/local/cuda-X.Y), and the distribution's own toolkit package
    (nvidia-cuda-toolkit) puts another nvcc in /usr/bin, which comes before /usr/local/cuda/bin on PATH. A
    build system takes the first it finds: FindCUDA and CMake's CUDA language look at CUDA_HOME /
    CUDA_TOOLKIT_ROOT_DIR, then the nvcc on PATH, then /usr/local/cuda; a cached CMake build keeps the
    toolkit of its first configure. The build then compiles and links with a release other than the one
    the project and the GPU need.

    Fix:
    Remove the toolkit that is not meant (sudo apt-get remove nvidia-cuda-toolkit for the distribution's;
    an old /usr/local/cuda-X.Y), or point the build at the right one: export CUDA_HOME=/usr/local/cuda-X.Y,
    PATH=$CUDA_HOME/bin:$PATH, and for CMake -DCMAKE_CUDA_COMPILER=$CUDA_HOME/bin/nvcc
    (-DCUDA_TOOLKIT_ROOT_DIR for FindCUDA), then configure again from an empty build directory.

    When to ignore:
    Never while that build is meant to use the other toolkit.
    """
    nvcc = ctx.facts.cuda.nvcc_on_path_version
    found = first_match(BUILD_FOUND_CUDA, seen)
    if found is not None:
        used = next(group for group in found.groups() if group)
        if nvcc and _major_minor(nvcc) != used:
            yield Hit(f"the build found CUDA {used}, while the nvcc on PATH is CUDA {_major_minor(nvcc)}: two "
                      "toolkits are installed, and the build took the other one", confirmed=True,
                      evidence={"observed": found.string.strip()[:200], "build_cuda": used,
                                "cuda.nvcc_on_path_version": nvcc},
                      fix=[f"export CUDA_HOME=/usr/local/cuda-{_major_minor(nvcc)} PATH=/usr/local/cuda-"
                           f"{_major_minor(nvcc)}/bin:$PATH  # the toolkit meant; or remove CUDA {used}",
                           "rm -rf build && configure again (CMake: -DCMAKE_CUDA_COMPILER=$CUDA_HOME/bin/nvcc, or "
                           "-DCUDA_TOOLKIT_ROOT_DIR=$CUDA_HOME for FindCUDA)"])
        return
    distro = first_match(DISTRO_TOOLKIT_DIR, seen)
    if distro is not None:
        nvidia = first_match(NVIDIA_TOOLKIT_DIR, ctx.observations)
        yield Hit("the build uses the distribution's CUDA toolkit (nvidia-cuda-toolkit: /usr/bin/nvcc, "
                  "/usr/lib/nvidia-cuda-toolkit)" + (", not NVIDIA's toolkit in /usr/local/cuda, which is installed "
                                                     "too" if nvidia else ", which is often older than the CUDA "
                                                     "the project needs"),
                  generic=nvidia is None,
                  evidence={"observed": distro.string.strip()[:200],
                            **({"nvidia_toolkit": nvidia.group(0)} if nvidia else {})},
                  fix=["sudo apt-get remove nvidia-cuda-toolkit  # the distribution's toolkit, whose nvcc is "
                       "/usr/bin/nvcc",
                       "export PATH=/usr/local/cuda/bin:$PATH; which nvcc  # must now be /usr/local/cuda/bin/nvcc",
                       "rm -rf build && cmake -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc .."])
        return
    wanted = first_match(MAKE_WANTS_TOOLKIT_FILE, seen)
    if wanted is not None and nvcc and _major_minor(nvcc) != wanted.group(1):
        yield Hit(f"the build asks for a file of CUDA {wanted.group(1)}'s folder, while the nvcc on PATH is CUDA "
                  f"{_major_minor(nvcc)}: it was configured with one of the installed toolkits and builds with "
                  "another", confirmed=True,
                  evidence={"observed": wanted.string.strip()[:200], "build_cuda": wanted.group(1),
                            "cuda.nvcc_on_path_version": nvcc},
                  fix=["ls -d /usr/local/cuda*  # the toolkits installed; keep the one the project needs",
                       "export CUDA_HOME=/usr/local/cuda-<that release> PATH=$CUDA_HOME/bin:$PATH",
                       "remove the build directory (catkin: build/ and devel/) and build again"])


# nvprof and the Visual Profiler refusing a GPU newer than they profile: "Warning: nvprof is not supported on devices
# with compute capability 8.0 and higher" (brucefan1983/CUDA-Programming#37, PaddleJitLab/CUDATutorial#5, on RTX 30
# cards), "This version of nvprof doesn't support the underlying device, GPU profiling skipped"
# (puttsk/cuda-tutorial#11) and, for its metrics and events, "Skipping profiling on device 0 since profiling is not
# supported on devices with compute capability 7.5 and higher" (undertherain/benchmarker#168, which then measured 0
# FLOPS). Each names its successors: Nsight Systems for tracing, Nsight Compute for metrics.
NVPROF_REFUSES_GPU = (r"\bnvprof is not supported on devices with compute capability \d+\.\d and higher",
                      r"This version of nvprof doesn't support the underlying device",
                      r"profiling is not supported on devices with compute capability \d+\.\d and higher")
NSIGHT_TOOLS = "https://developer.nvidia.com/tools-overview"


@rule("TK026", "profiler-does-not-support-gpu-arch", "error",
      "nvprof (or the Visual Profiler) does not profile a GPU this new", signatures=NVPROF_REFUSES_GPU, priority=25,
      references=(NSIGHT_TOOLS,))
def profiler_does_not_support_gpu_arch(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `nvprof ./app` prints "Warning: nvprof is not supported on devices with compute capability 8.0
    and higher" or "This version of nvprof doesn't support the underlying device, GPU profiling
    skipped", and shows no kernels; asked for metrics on a Turing card, "Skipping profiling on device
    0 since profiling is not supported on devices with compute capability 7.5 and higher", and a
    benchmark built on it reads 0.

    Why:
    nvprof and the Visual Profiler stopped at Volta: their metrics and events do not cover compute
    capability 7.5, and their tracing does not cover 8.0 and later (Ampere, Ada, Hopper, Blackwell).
    NVIDIA's Nsight Systems (tracing) and Nsight Compute (metrics) replace them.

    Fix:
    Profile with Nsight Systems (`nsys profile ./app`, or `nsys nvprof ./app`, which takes nvprof's
    options) and Nsight Compute (`ncu ./app`) for per-kernel metrics.

    When to ignore:
    Never on that GPU: nvprof will not profile it.
    """
    if seen:
        yield Hit("nvprof does not profile this GPU: its tracing stops before compute capability 8.0 and its metrics "
                  "before 7.5; Nsight Systems and Nsight Compute replace it",
                  evidence={"observed": seen[0].strip()[:200]}, confirmed=True,
                  fix=["nsys nvprof ./app  # Nsight Systems with nvprof's options (or nsys profile --stats=true ./app)",
                       "ncu ./app  # Nsight Compute: per-kernel metrics, in place of nvprof --metrics"])


# nvcc's front end failing in headers the system brought, not the compiler nvcc was pointed at: glibc's (a distribution
# or glibc update) or the intrinsic headers of a gcc whose version check passed, or the STL of an MSVC toolset update.
# The version check is no help here, and -ccbin with another gcc often is no help either (glibc's headers are the same
# for every gcc on the machine):
# - glibc 2.41 and later declare the C23 functions cospi, sinpi, rsqrt (and their float forms) with noexcept, CUDA's
#   crt/math_functions.h without: "/usr/include/x86_64-linux-gnu/bits/mathcalls.h(206): error: exception specification
#   is incompatible with that of previous function "rsqrtf" (declared at line 653 of
#   /usr/local/cuda/include/crt/math_functions.h)" (LostRuins/koboldcpp#1825 on Ubuntu 25.10, opencv/opencv#27111 with
#   gcc 7 to 14 alike, ggml-org/llama.cpp#17615 with CUDA 13.0);
GLIBC_MATH_CLASH = re.compile(r"mathcalls\.h\(\d+\): error: exception\s+specification is incompatible with that of "
                              r"previous function \"(\w+)\"|error: exception specification is incompatible with that "
                              r"of previous function \"(\w+)\" \(declared at line \d+ of \S*math_functions\.h")
# - glibc 2.26's bits/floatn.h, whose __float128 CUDA 8's front end does not know: "/usr/include/bits/floatn.h(61):
#   error: invalid argument to attribute "__mode__"", "floatn.h(73): error: identifier "__float128" is undefined"
#   (facebookarchive/caffe2#1194);
GLIBC_FLOATN = r"floatn\.h\(\d+\): error: (?:identifier \"__float128\" is undefined|invalid argument to attribute)"
# - glibc 2.23's string.h (Ubuntu 16.04) and CUDA 7.5: its always-inline __mempcpy_inline calls memcpy, which nvcc's
#   front end does not see declared: "/usr/include/string.h: In function 'void* __mempcpy_inline(void*, const void*,
#   size_t)': /usr/include/string.h:652:42: error: 'memcpy' was not declared in this scope" (BVLC/caffe#4046,
#   opencv/opencv#6500, Theano/Theano#4425). glibc defines it only without _FORCE_INLINES; CUDA 8 compiles it;
MEMPCPY_INLINE = r"string\.h: In function .{0,30}__mempcpy_inline\b"
MEMCPY_UNDECLARED = r"string\.h:\d+:\d+: error: .memcpy. was not declared in this scope"
# - gcc's x86 intrinsic headers, with builtins nvcc's front end does not know: "/usr/lib/gcc/x86_64-linux-gnu/9/include/
#   avx512fintrin.h(9146): error: identifier "__builtin_ia32_rndscaless_round" is undefined" (CUDA 11.4, Paddle),
#   ".../5/include/mwaitxintrin.h(42): error: identifier "__builtin_ia32_mwaitx" is undefined" (CUDA 7.5,
#   apache/mxnet#3298), ".../5/include/avx512vlintrin.h(10919): error: argument of type ..." (CUDA 9.2, NVIDIA/apex);
GCC_INTRINSICS = re.compile(r"/gcc/[\w.-]+/(\d+)[\d.]*/include/(\w+intrin)\.h\(\d+\): error")
# - MSVC's STL after a toolset update, in nvcc's front end: "...\MSVC\14.29.30037\include\xutility(1309): error :
#   expected a "("" (CUDA 11.2 on a GitHub runner image, actions/runner-images#3485; microsoft/STL#2020).
MSVC_STL = re.compile(r"\\MSVC\\(\d+\.\d+\.\d+)\\include\\\w+\(\d+\): error")
HOST_HEADER_FAILURES = (GLIBC_MATH_CLASH.pattern, GLIBC_FLOATN, MEMPCPY_INLINE, MEMCPY_UNDECLARED,
                        GCC_INTRINSICS.pattern, MSVC_STL.pattern)


@rule("TK030", "host-compiler-headers-incompatible-with-nvcc", "error",
      "nvcc cannot compile this system's C library, intrinsic or STL headers",
      signatures=HOST_HEADER_FAILURES, priority=19,
      references=("https://docs.nvidia.com/cuda/cuda-installation-guide-linux/#system-requirements",))
def host_compiler_headers_incompatible_with_nvcc(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    Every .cu compile fails inside a system header, in nvcc's own error form: glibc 2.41's
    "bits/mathcalls.h(206): error: exception specification is incompatible with that of previous function "rsqrtf""
    (declared in CUDA's crt/math_functions.h); glibc 2.23's "/usr/include/string.h:652:42: error: 'memcpy' was not
    declared in this scope" under CUDA 7.5; glibc 2.26's "floatn.h(73): error: identifier "__float128" is undefined";
    gcc's "avx512fintrin.h(9146): error: identifier "__builtin_ia32_rndscaless_round" is undefined"; an updated
    MSVC's "\\MSVC\\14.29.30037\\include\\xutility(1309): error : expected a "("".

    Why:
    nvcc parses the host's headers with its own front end. A distribution upgrade that brings a newer glibc, a gcc's
    intrinsic headers, or a Visual Studio toolset update can hold declarations that front end rejects, although the
    compiler passed nvcc's version check: glibc 2.41 declares the C23 cospi/sinpi/rsqrt with noexcept where CUDA's
    math_functions.h does not, and no choice of gcc changes glibc's headers.

    Fix:
    Use a CUDA release that compiles these headers, or build where the headers are older (a container of the
    distribution release the CUDA supports, an older MSVC toolset); for glibc's math clash, the common stopgap is
    adding noexcept(true) to the named declarations in CUDA's crt/math_functions.h; for glibc 2.23's string.h,
    -D_FORCE_INLINES in nvcc's flags.

    When to ignore:
    Never while building.
    """
    if not seen:
        return
    cuda = _refusing_cuda(ctx)
    nvcc = _nvcc_of(cuda)
    evidence = {"observed": seen[0].strip()[:200], **({"cuda": cuda} if cuda else {})}
    math = first_match(GLIBC_MATH_CLASH, seen)
    if math is not None:
        functions = sorted({m.group(1) or m.group(2) for line in seen for m in [GLIBC_MATH_CLASH.search(line)] if m})
        yield Hit(f"{nvcc} cannot compile this system's glibc math headers: glibc 2.41 and later declare "
                  f"{', '.join(functions)} with noexcept, and CUDA's crt/math_functions.h declares them without",
                  evidence={**evidence, "functions": functions}, confirmed=True,
                  fix=["ldd --version  # the glibc; 2.41 or later clashes with this CUDA's math_functions.h",
                       "or build in a container of an older distribution release (its glibc before 2.41)",
                       "or add noexcept(true) to the declarations of " + ", ".join(functions) + " in "
                       "$CUDA_HOME/targets/*/include/crt/math_functions.h (a local patch; keep a copy)",
                       "or install a newer CUDA toolkit release, whose math_functions.h may declare them as glibc "
                       "does (check its crt/math_functions.h)"])
        return
    if any(re.search(MEMPCPY_INLINE, line) or re.search(MEMCPY_UNDECLARED, line) for line in seen):
        yield Hit(f"{nvcc} cannot compile glibc 2.23's <string.h> (Ubuntu 16.04): its inline __mempcpy_inline calls "
                  "memcpy, which nvcc before CUDA 8 does not see declared", evidence=evidence, confirmed=True,
                  fix=["add -D_FORCE_INLINES to nvcc's flags: NVCCFLAGS += -D_FORCE_INLINES (Makefile), "
                       "-DCUDA_NVCC_FLAGS=\"-D_FORCE_INLINES\" (CMake), or nvcc.flags=-D_FORCE_INLINES in .theanorc",
                       "or build with CUDA 8 or newer, which compiles these headers"])
        return
    if any(re.search(GLIBC_FLOATN, line) for line in seen):
        yield Hit(f"{nvcc} cannot compile glibc 2.26's <bits/floatn.h>: its __float128 is a type this nvcc's front "
                  "end does not know", evidence=evidence, confirmed=True,
                  fix=["ldd --version  # the glibc",
                       "install a CUDA release newer than this glibc (or the distribution's patched CUDA package), or "
                       "build in a container of an older distribution release"])
        return
    intrinsics = first_match(GCC_INTRINSICS, seen)
    if intrinsics is not None:
        gcc = intrinsics.group(1)
        yield Hit(f"{nvcc} cannot compile gcc {gcc}'s {intrinsics.group(2)}.h: it uses builtins and types this "
                  "nvcc's front end does not handle", evidence={**evidence, "gcc": gcc}, confirmed=True,
                  fix=[f"build with another gcc the CUDA release supports: nvcc -ccbin g++-N (CMake: "
                       f"-DCMAKE_CUDA_HOST_COMPILER=g++-N; torch extensions: CC=gcc-N CXX=g++-N), not gcc {gcc}",
                       "or install a newer CUDA toolkit"])
        return
    stl = first_match(MSVC_STL, seen)
    if stl is not None:
        toolset = stl.group(1)
        yield Hit(f"{nvcc} cannot compile the STL of MSVC toolset {toolset}: a Visual Studio update brought headers "
                  "this CUDA's front end does not parse", evidence={**evidence, "msvc_toolset": toolset},
                  confirmed=True,
                  fix=["build with the previous toolset: vcvarsall.bat x64 -vcvars_ver=14.NN, or CMake -T "
                       "version=14.NN (install it from the Visual Studio Installer's individual components)",
                       "or install a CUDA release that supports this toolset"])


# CCCL (CUDA's C++ core libraries: Thrust, CUB, libcu++) refuses MSVC's traditional preprocessor, in its own #error
# ("fatal error C1189: #error: MSVC/cl.exe with traditional preprocessor is used. This may lead to unexpected
# compilation errors. Please switch to the standard conforming preprocessor by passing /Zc:preprocessor to cl.exe.",
# CUDA 13.2: woct0rdho/SageAttention#91, huggingface/candle#3686, pytorch/pytorch#197574) or in a report's words ("CUDA
# 13.2's CCCL headers reject the MSVC traditional preprocessor mode", koharu-rs/koharu#680).
CCCL_TRADITIONAL_PREPROCESSOR = (r"MSVC/cl\.exe with traditional preprocessor is used",
                                 r"\b(?:MSVC|cl\.exe)(?:'s)?\s+traditional preprocessor")


@rule("TK031", "cccl-requires-msvc-conforming-preprocessor", "error",
      "CUDA's CCCL headers need MSVC's standard-conforming preprocessor, which the build does not ask for",
      signatures=CCCL_TRADITIONAL_PREPROCESSOR, priority=19,
      references=("https://learn.microsoft.com/en-us/cpp/build/reference/zc-preprocessor",
                  "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/#nvcc-environment-variables"))
def cccl_requires_msvc_conforming_preprocessor(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    A CUDA build on Windows stops in CCCL's preprocessor.h: "fatal error C1189: #error: MSVC/cl.exe with
    traditional preprocessor is used. This may lead to unexpected compilation errors. Please switch to the standard
    conforming preprocessor by passing /Zc:preprocessor to cl.exe." (torch extensions, candle's build.rs,
    flash-attn, SageAttention under CUDA 13.2).

    Why:
    cl.exe still defaults to its traditional preprocessor; CCCL's headers (Thrust, CUB, libcu++) rely on the
    standard-conforming one and newer CUDA releases refuse to go on without it. nvcc hands the host side of every
    .cu file to cl.exe with only the flags the build passes, and build scripts written before the check pass none.

    Fix:
    Pass /Zc:preprocessor to cl.exe through nvcc: `-Xcompiler /Zc:preprocessor` in the build's nvcc flags, or for
    any build at once the NVCC_APPEND_FLAGS environment variable nvcc reads; or a release of the project that adds it.

    When to ignore:
    Never while building: every .cu file that includes CCCL fails.
    """
    if not seen:
        return
    cuda = _refusing_cuda(ctx)
    yield Hit("CCCL's headers" + (f" in CUDA {cuda}" if cuda else "") + " refuse MSVC's traditional preprocessor, and "
              "this build does not pass /Zc:preprocessor to cl.exe", evidence={"observed": seen[0].strip()[:200],
                                                                              **({"cuda": cuda} if cuda else {})},
              confirmed=True,
              fix=["set NVCC_APPEND_FLAGS=-Xcompiler=/Zc:preprocessor  # cmd (PowerShell: $env:NVCC_APPEND_FLAGS="
                   "'-Xcompiler=/Zc:preprocessor'); nvcc adds it to every compile, then rebuild",
                   "or in the build itself: CMake -DCMAKE_CUDA_FLAGS=\"-Xcompiler=/Zc:preprocessor\"; a torch "
                   "extension's extra_compile_args={'nvcc': ['-Xcompiler', '/Zc:preprocessor']}",
                   "or a release of the project whose build passes /Zc:preprocessor"])


# cudarc (the Rust crate candle, mistral.rs, burn's CubeCL and others reach CUDA through) generates its bindings per
# CUDA release and its build script asks nvcc which toolkit is installed; a release it has no bindings for stops the
# build: "thread 'main' panicked at .../cudarc-0.11.8/build.rs:82:14: Unsupported cuda toolkit version: `12.6`. Please
# raise a github issue." (candle#2410, corpus 22650; `12050` in the older form of 0.11.1, 4602; `13.1` for 0.17.8,
# 7074; `13.3` for 0.16.6, 22900), or retold as "Error: unsupported CUDA toolkit 11.5" (cudarc#245). cudarc's README:
# "-F cuda-version-from-build-system: At build time will get the cuda toolkit version using nvcc ... -F cuda-<major>0
# <minor>0 to build for a specific version of cuda"; its current release covers 11.4-11.8, 12.0-12.9 and 13.0-13.3.
CUDARC_UNSUPPORTED_TOOLKIT = re.compile(r"(?i:unsupported cuda toolkit(?: version)?):? `?(\d{5}|\d+\.\d+)`?")
CUDARC_RELEASE = re.compile(r"\bcudarc[- ](?:v|: ?v?)?(\d+\.\d+\.\d+)")
CUDARC_README = "https://github.com/chelsea0x3b/cudarc#configuring-cuda-version"


@rule("TK032", "cudarc-too-old-for-cuda-toolkit", "error",
      "The cudarc crate in the build has no bindings for the installed CUDA toolkit's release",
      signatures=(CUDARC_UNSUPPORTED_TOOLKIT.pattern,), priority=21, scope="build", references=(CUDARC_README,))
def cudarc_too_old_for_cuda_toolkit(ctx: Context, seen: List[str]) -> Iterable[Hit]:
    """
    Symptom:
    `cargo build` of a Rust program with CUDA (candle, mistral.rs, screenpipe) stops in a build script:
    "error: failed to run custom build command for `cudarc v0.11.8`", then "thread 'main' panicked at
    .../cudarc-0.11.8/build.rs:82:14: Unsupported cuda toolkit version: `12.6`. Please raise a github issue."

    Why:
    cudarc carries bindings generated for each CUDA release it supports and, by default, picks them by asking nvcc
    which toolkit is installed. A toolkit newer than the cudarc release the project's Cargo.lock pins (or one it never
    had bindings for) has no bindings, and the build script stops. The toolkit is fine; the crate is too old for it.

    Fix:
    Update cudarc in the project (cargo update -p cudarc, or a release of the program that moved to a newer cudarc),
    or build with a toolkit the pinned cudarc knows (point PATH and CUDA_HOME at it); or choose the bindings
    explicitly with the crate's cuda-<major>0<minor>0 feature, for a release the toolkit's driver API still matches.

    When to ignore:
    Never while building: nothing is built until cudarc knows the toolkit.
    """
    said = first_match(CUDARC_UNSUPPORTED_TOOLKIT, seen)
    if said is None:
        return
    raw = said.group(1)
    cuda = raw if "." in raw else version_string(int(raw))  # CUDA_VERSION's encoding: 12050 is 12.5
    crate = first_match(CUDARC_RELEASE, ctx.observations)
    which = f"cudarc {crate.group(1)}" if crate else "the cudarc release the build uses"
    named = crate or ctx.observed([r"\bcudarc\b", r"\bbuild\.rs\b"])
    yield Hit(f"{which} has no bindings for CUDA {cuda}, the toolkit its build script found with nvcc: the crate is "
              "older than the toolkit (or never supported that release)", confirmed=bool(named), generic=not named,
              evidence={"cuda": cuda, "observed": said.string.strip()[:200],
                        **({"cudarc": crate.group(1)} if crate else {})},
              fix=["cargo update -p cudarc  # or the program's newer release, whose Cargo.lock pins a cudarc that "
                   f"lists CUDA {cuda} ({CUDARC_README})",
                   "nvcc --version; which -a nvcc  # the toolkit the build script asks; or point PATH and CUDA_HOME "
                   "at a toolkit the pinned cudarc knows",
                   f"or pick the bindings with the crate's feature, e.g. cudarc = {{ features = "
                   f"[\"cuda-{cuda.split('.')[0]}0{cuda.split('.')[1]}0\"] }} for a release the crate has"])


RULES = (nvcc_framework_cuda_mismatch, cuda_toolkit_missing, host_compiler_unsupported, nvcc_too_old_for_gpu_arch,
         cuda_home_misconfigured, old_ptxas_on_path, cuda_dev_libs_not_on_linker_path, gpu_arch_dropped_by_nvcc,
         c_compiler_missing_for_triton, python_headers_missing, nvcc_too_old_for_project, xla_ptxas_not_found,
         nvrtc_toolkit_too_old, xla_libdevice_missing, host_compiler_too_old, cuda_toolkit_component_missing,
         windows_sdk_missing_for_cuda_build, torch_extension_build_lock_stale, cuda_visual_studio_integration_missing,
         vs_project_pins_uninstalled_cuda_version, cuda_path_not_set_windows,
         torch_cuda_arch_list_names_unknown_arch, sudo_resets_path_cuda_toolkit_not_found,
         cuda_toolkit_too_new_for_project, multiple_cuda_toolkits_wrong_one_used, profiler_does_not_support_gpu_arch,
         egl_dev_headers_missing, cmake_too_old_for_native_cuda_arch, ninja_missing_for_torch_extension_build,
         host_compiler_headers_incompatible_with_nvcc, cccl_requires_msvc_conforming_preprocessor,
         cudarc_too_old_for_cuda_toolkit)

