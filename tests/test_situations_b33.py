"""Situations met in session 46, each read in general and tried on at least two real wordings: PyTorch's capability
warning of 2.8 and later, the CUDA runtime's unknown error under its pre-10.1 number, nvidia-uvm under the per-branch
module names of Ubuntu's old packages, a package's compiled `_C` module that was never built, and a C++ standard
nvcc does not know yet."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def test_pytorch_says_the_gpu_is_newer_than_its_build():
    # NotYuSheng/MeetMemo#179: the list is cut short in the thread after its first line
    found = first(corpus("1985-"))
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["compute_capability"] == "12.0"
    # an RTX 5090 Laptop GPU under a build for 5.0-9.0 (a training log stored on GitHub), the full list
    found = first("UserWarning: Found GPU0 NVIDIA GeForce RTX 5090 Laptop GPU which is of compute capability (CC) 12.0.\n"
                  "The following list shows the CCs this version of PyTorch was built for and the hardware CCs it "
                  "supports:\n- 5.0 which supports hardware CC >=5.0,<6.0 except {5.3}\n"
                  "- 8.6 which supports hardware CC >=8.6,<9.0 except {8.7}\n"
                  "- 9.0 which supports hardware CC >=9.0,<10.0\n"
                  "Please follow the instructions at https://pytorch.org/get-started/locally/ to install a PyTorch "
                  "release that supports one of these CUDA versions: 12.8, 13.0")
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["arch_list"] == ["5.0", "8.6", "9.0"]


def test_pytorch_says_the_gpu_is_older_than_its_build():
    # the short form, for a V100 under torch 2.11+cu130 (a CERN condor node's notes stored on GitHub)
    found = first("Found GPU0 Tesla V100-PCIE-32GB which is of compute capability (CC) 7.0.\n"
                  "This version of PyTorch was built for: 7.5, 8.0, 8.6, 9.0")
    assert found.slug == "gpu-arch-unsupported" and found.evidence["arch_list"] == ["7.5", "8.0", "8.6", "9.0"]


def test_a_gpu_inside_the_builds_range_is_left_to_the_error_it_meets():
    # Orin's 8.7, excepted from sm_80: people run on it; only a "no kernel image" error says a program cannot
    text = ("UserWarning: Found GPU0 Orin which is of compute capability (CC) 8.7.\n"
            "The following list shows the CCs this version of PyTorch was built for and the hardware CCs it supports:\n"
            "- 8.0 which supports hardware CC >=8.0,<9.0 except {8.7}\n- 9.0 which supports hardware CC >=9.0,<10.0\n"
            "No published PyTorch CUDA builds for release 2.13.0+cu130 support this GPU.")
    assert not {"gpu-arch-not-in-build", "gpu-arch-unsupported"} & set(paste_slugs(text, diagnosed_only=True))


def test_the_cuda_runtimes_unknown_error_under_its_old_number():
    # facebookresearch/maskrcnn-benchmark#238: PyTorch's THC, error 30 (cudaErrorUnknown before CUDA 10.1)
    found = first(corpus("2015-"))
    assert found.slug == "cuda-init-failed" and "30 (cudaErrorUnknown" in found.message
    # the same in a pip-built torch (a lab's container notes stored on GitHub)
    assert first("RuntimeError: cuda runtime error (30) : unknown error at "
                 "/tmp/pip-req-build-58y_cjjl/aten/src/THC/THCGeneral.cpp:50").slug == "cuda-init-failed"


def test_nvidia_uvm_under_a_branch_numbered_module_name():
    # nagadomi/waifu2x#22: Ubuntu 14.04's nvidia-331 package left behind under a 352 driver, then Lua Torch's error 30
    assert first(corpus("2037-")).slug == "nvidia-uvm-not-loaded"
    # CUDA 8.0 RC's packaged 361 driver (an install guide stored on GitHub)
    assert first("modprobe: ERROR: could not insert 'nvidia_361_uvm': Invalid argument").slug == "nvidia-uvm-not-loaded"


def test_a_packages_compiled_c_module_never_built():
    # facebookresearch/sam2#25
    found = first(corpus("2049-"))
    assert found.slug == "cuda-extension-not-built" and found.evidence["missing_module"] == "sam2._C"
    # detectron2 used from a source tree without its build; pytorch3d's module by its dotted name
    found = first("ImportError: cannot import name '_C' from 'detectron2' (unknown location)")
    assert found.slug == "cuda-extension-not-built" and found.evidence["missing_module"] == "detectron2._C"
    found = first("ModuleNotFoundError: No module named 'pytorch3d._C'")
    assert found.slug == "cuda-extension-not-built" and found.evidence["missing_module"] == "pytorch3d._C"
    # torch's own _C is a broken or shadowed torch, not an extension build; a circular import is neither
    assert "cuda-extension-not-built" not in paste_slugs("ImportError: cannot import name '_C' from 'torch' "
                                                         "(/home/me/pytorch/torch/__init__.py)")
    assert "cuda-extension-not-built" not in paste_slugs("ImportError: cannot import name '_C' from partially "
                                                         "initialized module 'mypkg' (most likely due to a circular "
                                                         "import)")


def test_a_cpp_standard_nvcc_does_not_know():
    # deepspeedai/DeepSpeedExamples#594: DeepSpeed's JIT build of fused_adam under CUDA 10.0's nvcc
    found = first(corpus("2064-"))
    assert found.slug == "nvcc-too-old-for-project" and found.evidence["needs_cuda"] == "11.0"
    # heavyai/heavydb#664: the same refusal, with nvcc 10.1 shown
    found = first("nvcc fatal   : Value 'c++17' is not defined for option 'std'\n"
                  "$ nvcc --version\nnvcc: NVIDIA (R) Cuda compiler driver\n"
                  "Cuda compilation tools, release 10.1, V10.1.243")
    assert found.slug == "nvcc-too-old-for-project" and found.evidence["cuda.nvcc_on_path_version"] == "10.1"
    # lbin/DCNv2#17: C++14, which nvcc took from CUDA 9.0
    found = first("nvcc fatal   : Value 'c++14' is not defined for option 'std'")
    assert found.slug == "nvcc-too-old-for-project" and found.evidence["needs_cuda"] == "9.0"
