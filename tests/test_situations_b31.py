"""Situations met in session 44. From earlier batches' misses: a "no kernel image" from a build whose architecture list
the report does not show, on a GPU of an architecture the newest CUDA no longer compiles for (the build most likely
dropped it, rather than predating it), and detectron2's collect_env lines that state what its ops were compiled for.
From batch 31: an NGC image refusing an old driver, CUDA libraries asked for by their bare name, a program's stated
capability floor, Rust's NoBinaryForGpu, the CUDA runtime in a container started without GPUs (Docker, Singularity,
Apptainer), Lua Torch's cuDNN loader, XLA's ptxas check cut short, and conda planning a CPU build over a CUDA one.
Each reading is tried on at least two real wordings, and on texts it must leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_no_kernel_image_on_a_gpu_the_newest_cuda_dropped_is_the_gpu_too_old():
    # faster-whisper#806: CTranslate2 4 on a GeForce GTX 950 (Maxwell)
    found = first(corpus("1590-"))
    assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == "5.2"
    assert found.evidence["last_cuda"].startswith("12.")
    assert any("older release" in line for line in found.fix)
    # Hunyuan3D-2-WinPortable: ONNX Runtime's CUDA 12 build on a Tesla V100 (Volta)
    found = first(corpus("1446-"))
    assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == "7.0"
    # a torch of unknown version: PyTorch's newest build that still carries the GPU is the way out for it
    found = first("GPU: NVIDIA GeForce GTX 1080\nRuntimeError: CUDA error: no kernel image is available for execution on "
                  "the device")
    assert found.slug == "gpu-arch-unsupported" and any("download.pytorch.org/whl/cu126" in line for line in found.fix)
    # the same error on a current GPU is still a build older than the GPU
    found = first("GPU: NVIDIA GeForce RTX 5090\nRuntimeError: parallel_for failed: cudaErrorNoKernelImageForDevice: "
                  "no kernel image is available for execution on the device")
    assert found.slug == "gpu-arch-not-in-build"


def test_a_build_made_here_or_of_an_older_cuda_is_not_taken_for_a_dropped_gpu():
    # pytorch/pytorch#3865: "pytorch was built from source" and then a V100 without kernels
    assert first(corpus("483-")).slug == "gpu-arch-not-in-build"
    # detectron2#233: "I have installed and compiled detectron2 on K80 GPU", then a P100
    assert first(corpus("691-")).slug == "gpu-arch-not-in-build"
    # the runtime wording of CUDA before 9 ("invalid device function") dates the build: GOMC on a GTX 1060
    assert first(corpus("1371-")).slug == "gpu-arch-not-in-build"
    # a CUDA 10 toolkit in the report: its builds still carried Pascal
    found = first("GPU: GeForce GTX 1080\nnvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 10.2, "
                  "V10.2.89\nRuntimeError: CUDA error: no kernel image is available for execution on the device")
    assert found.slug == "gpu-arch-not-in-build"


def test_detectron2_collect_env_states_the_architectures_its_ops_carry():
    # detectron2#1621: ops compiled for sm_37 only, run on a V100
    found = first(corpus("758-"))
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["arch_list"] == ["sm_37"]
    # detectron2#1048: a CUDA 10.0 build for the RTX 2080 beside a GTX 1070: a list chosen too narrowly, not a GPU
    # too old for the build's CUDA
    found = first(corpus("1039-"))
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["gpu"] == "GeForce GTX 1070"
    # the dotted form of newer collect_env output, with the nvcc that built it
    found = first("detectron2              0.5 @/content/detectron2/detectron2\nCompiler                GCC 7.5\n"
                  "CUDA compiler           CUDA 11.0\ndetectron2 arch flags   3.7\nGPU 0                   Tesla T4\n"
                  "RuntimeError: CUDA error: no kernel image is available for execution on the device")
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["arch_list"] == ["sm_37"]


def test_an_ngc_image_refusing_an_old_driver_is_the_driver_not_cuinit():
    # yolov5#231 (driver 440.100, image for 450.36) and yolov5#1232 (450.66, image for 455.23)
    for prefix in ("1787-", "1788-"):
        found = paste_findings(corpus(prefix))
        assert found[0].slug == "driver-too-old", prefix
        assert "cuda-init-failed" not in [f.slug for f in found], prefix
    # TensorRT's 20.03 container on driver 418.67
    found = first("ERROR: This container was built for NVIDIA Driver Release 440.33 or later, but\n       version 418.67 "
                  "was detected and compatibility mode is UNAVAILABLE.\n\n       [[CUDA Driver UNAVAILABLE (cuInit(0) "
                  "returned 804)]]")
    assert found.slug == "driver-too-old" and found.evidence["image_needs_driver"] == "440.33"


def test_a_cuda_library_asked_for_by_its_bare_name():
    # PaddleEdu/OCR-models-PaddlePaddle#3: Paddle dlopens libcublas.so
    found = first(corpus("1789-"))
    assert found.slug == "cuda-libraries-missing" and found.evidence["asked_by"] == "libcublas.so"
    assert any("paddlepaddle-gpu" in line for line in found.fix)
    # CuPy's documented failure
    found = first("ImportError: libcudart.so: cannot open shared object file: No such file or directory")
    assert found.slug == "cuda-libraries-missing" and found.evidence["asked_by"] == "libcudart.so"
    assert any("LD_LIBRARY_PATH" in line for line in found.fix)
    # a listing of the link is no failure
    assert "cuda-libraries-missing" not in slugs("lrwxrwxrwx 1 root root 15 libcudart.so -> libcudart.so.12")


def test_a_program_stating_the_capability_it_needs():
    # spacemeshos/gpu-post#15 on a Tesla K80
    found = first(corpus("1799-"))
    assert found.slug == "gpu-arch-unsupported" and found.evidence["needs"] == "5.0"
    # llama.cpp's assert
    found = first("GPU: NVIDIA GeForce GTX 980\nGGML_ASSERT: q4k fused flash attention requires compute capability 6.0+")
    assert found.slug == "gpu-arch-unsupported" and found.evidence["needs"] == "6.0"
    # a GPU that meets the floor: something else stopped the program
    assert "gpu-arch-unsupported" not in slugs("GPU: NVIDIA GeForce RTX 3090\nGGML_ASSERT: q4k fused flash attention "
                                               "requires compute capability 6.0+")


def test_rust_bindings_naming_no_binary_for_the_gpu():
    # filecoin-project/rust-gpu-tools#79: a Tesla K80 and a fatbin from compute_52 up
    assert first(corpus("1801-")).slug == "gpu-arch-unsupported"
    # HIP's error of the same name is AMD's
    assert not {"gpu-arch-unsupported", "gpu-arch-not-in-build"} & set(slugs(
        '"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"\nAborted (core dumped)'))


def test_the_cuda_runtime_in_a_container_started_without_gpus():
    # fastertransformer_backend#111: the guide's docker run asks for no GPU
    assert first(corpus("1846-")).slug == "container-no-gpu"
    # deviceQuery's words in an image run without --gpus
    text = ("$ docker run --rm my-cuda-image ./deviceQuery\ncudaGetDeviceCount returned 35\n-> CUDA driver version is "
            "insufficient for CUDA runtime version\nResult = FAIL")
    assert first(text).slug == "container-no-gpu"
    # with the GPUs asked for, the words are the driver's again
    assert first(text.replace("docker run --rm", "docker run --rm --gpus all")).slug == "driver-too-old"


def test_singularity_and_apptainer_need_nv_for_the_gpu():
    # apptainer/singularity#5935: a SIF from an NGC image run without --nv
    found = first(corpus("1811-"))
    assert found.slug == "container-no-gpu" and any("singularity run --nv" in line for line in found.fix)
    found = first("$ apptainer exec pytorch.sif python train.py\nImportError: libcuda.so.1: cannot open shared object "
                  "file: No such file or directory")
    assert found.slug == "container-no-gpu" and any("apptainer exec --nv" in line for line in found.fix)
    found = first("$ apptainer exec --nv pytorch.sif python train.py\nImportError: libcuda.so.1: cannot open shared "
                  "object file: No such file or directory")
    assert found is None or "asks for no GPU" not in found.message


def test_lua_torch_cudnn_bindings_not_finding_cudnn():
    # jcjohnson/neural-style#154: cudnn.torch asking for R4, and another report for R5
    found = first(corpus("1868-"))
    assert found.slug == "cudnn-missing" and found.evidence["wanted_major"] == "4"
    found = first("/root/torch/install/bin/luajit: /root/torch/install/share/lua/5.1/cudnn/ffi.lua:1603: 'libcudnn (R5) "
                  "not found in library path.\nPlease install CuDNN from https://developer.nvidia.com/cuDNN")
    assert found.slug == "cudnn-missing" and found.evidence["wanted_major"] == "5"


def test_xla_not_finding_ptxas_from_its_first_words():
    # ColabFold#384: the title cut the message after "Couldn't invok"
    assert first(corpus("1827-")).slug == "xla-ptxas-not-found"
    assert first("W tensorflow/stream_executor/gpu/asm_compiler.cc:80] Couldn't get ptxas version string: INTERNAL: "
                 "Couldn't invoke ptxas --version").slug == "xla-ptxas-not-found"


def test_conda_planning_a_cpu_build_over_the_cuda_one():
    # ContinuumIO/anaconda-issues#12302: conda update --all supersedes the pytorch channel's CUDA build with defaults' CPU build
    found = first(corpus("1869-"))
    assert found.slug == "cpu-only-build" and found.evidence["frameworks.torch.version"] == "1.7.1"
    assert any("conda install -c pytorch" in line for line in found.fix)
    # superseded by another CUDA build: no CPU build in the plan
    text = ("The following packages will be SUPERSEDED by a higher-priority channel:\n\n     pytorch            "
            "pytorch::pytorch-1.0.1-py3.7_cuda10.0~ --> pkgs/main::pytorch-1.0.1-cuda100py37he554f03_0\n")
    assert "cpu-only-build" not in slugs(text)
