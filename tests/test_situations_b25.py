"""Situations batch 25 showed: GroundingDINO and spconv installed without their CUDA code, a program saying it was
built without CUDA, Kokkos' older architecture message, a program refusing a GPU below its oldest architecture, the
container toolkit's own --version output as proof it is installed, and a person saying torch came without GPU
support. Each signature is tried on at least two real wordings where two exist, and each new reading on a text it must
leave alone."""

from __future__ import annotations

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs
from envcheck.importers import from_text


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_groundingdino_without_its_compiled_ops():
    found = first(corpus("1465-"))
    assert found.slug == "cuda-extension-not-built" and found.evidence["package"] == "groundingdino"
    assert any("CUDA_HOME" in step for step in found.fix)
    # Grounded-Segment-Anything on Windows, the warning alone
    found = first(r"C:\dev\Grounded-Segment-Anything\GroundingDINO\groundingdino\models\GroundingDINO\ms_deform_attn.py"
                  ":31: UserWarning: Failed to load custom C++ ops. Running on CPU mode Only!\n"
                  '  warnings.warn("Failed to load custom C++ ops. Running on CPU mode Only!")')
    assert found.slug == "cuda-extension-not-built" and found.evidence["package"] == "groundingdino"
    # the NameError alone counts where GroundingDINO is named (Cradle's install guide quotes it so)
    assert first("after installing GroundingDino the code produces:\nNameError: name '_C' is not defined"
                 ).slug == "cuda-extension-not-built"
    # PyTorch's own NameError (torch imported from its source tree) is not GroundingDINO's
    assert "cuda-extension-not-built" not in slugs("  File \"torch/__init__.py\", line 465\n"
                                                   "NameError: name '_C' is not defined")


def test_spconv_cpu_only_package():
    found = first(corpus("1466-"))
    assert found.slug == "cuda-extension-not-built" and found.evidence["package"] == "spconv"
    assert any("spconv-cu" in step for step in found.fix)
    # the same error in a torch 2.1 +cu118 environment: the package for that CUDA is named
    found = first("torch 2.1.0+cu118\nRuntimeError: /io/build/temp.linux-x86_64-cpython-311/spconv/build/core_cc/src/"
                  "csrc/sparse/all/SpconvOps/SpconvOps_get_indice_pairs.cc(65) not implemented for CPU ONLY build.")
    assert found.slug == "cuda-extension-not-built" and "pip install spconv-cu118" in " ".join(found.fix)
    # another program's CPU-only build (JAMS' CUDA_ONLY_IMPLEMENTATION) is told without spconv's fix
    found = first("terminate called after throwing an instance of 'std::runtime_error'\n"
                  "  what():  vector_field_indexed_scale_and_reduce_cuda not implemented for CPU only build")
    assert found.slug == "cuda-extension-not-built" and "package" not in found.evidence


def test_a_program_saying_it_was_built_without_cuda():
    found = first(corpus("1481-"))
    assert found.slug == "program-built-without-cuda" and found.evidence["program"] == "hoomd"
    # a program's own message (evo2c)
    found = first("error: this evo2c binary was built without CUDA support; rebuild with -DEVO2C_CUDA=ON")
    assert found.slug == "program-built-without-cuda" and found.evidence["program"] == "evo2c"
    # OpenCV named this way gets OpenCV's fix
    assert "WITH_CUDA=ON" in " ".join(first("OpenCV was built without CUDA support.").fix)
    # llama.cpp's hedge and bitsandbytes' warning belong to other rules
    assert "program-built-without-cuda" not in slugs(
        "warning: no usable GPU found, --gpu-layers option will be ignored\n"
        "warning: one possible reason is that llama.cpp was compiled without GPU support")
    assert first(corpus("458-")).slug == "no-cuda-build-for-platform"


def test_kokkos_older_wording_and_a_probe_that_read_zero():
    found = first(corpus("1484-"))  # kokkos/kokkos#1944: a Volta70 build on a Maxwell laptop
    assert found.slug == "gpu-arch-not-in-build"
    assert found.evidence["built_for"] == "" and found.evidence["compute_capability"] == "5.0"
    assert "0.0" in found.message
    # arborx/ArborX#109
    found = first("Kokkos::Cuda::initialize ERROR: running kernels compiled for compute capability 0.0 (< 5.0) on "
                  "device with compute capability 6.1 (>=5.0), this would give incorrect results!\nAborted")
    assert found.slug == "gpu-arch-not-in-build" and found.evidence["compute_capability"] == "6.1"
    # kokkos/kokkos#602: kernels of an older architecture of the family run, only slower
    assert "gpu-arch-not-in-build" not in slugs(
        "Kokkos::Cuda::initialize WARNING: running kernels compiled for compute capability 3.5 on device with "
        "compute capability 3.7 , this will likely reduce potential performance.")


def test_a_program_refusing_a_gpu_below_its_oldest_architecture():
    found = first(corpus("1485-"))  # glotzerlab/hoomd-blue#1169, 3.0-beta's "computed capability"
    assert found.slug == "gpu-arch-unsupported"
    assert (found.evidence["gpu"], found.evidence["compute_capability"]) == ("Tesla K80", "3.7")
    assert not any("pip install torch" in step for step in found.fix)
    # hoomd/ExecutionConfiguration.cc's format ("compute capability"), here for a Maxwell card
    found = first("RuntimeError: No supported GPUs are present on this system.\n"
                  "The device Quadro M1000M with compute capability 5.0 does not support HOOMD-blue.")
    assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == "5.0"
    # a format's own words ("does not support HOOMD-blue v3.x") name no GPU
    assert "gpu-arch-unsupported" not in slugs('RuntimeError("This method does not support HOOMD-blue v3.x.")')


def test_the_container_toolkit_answering_version_proves_it_installed():
    found = first(corpus("1477-"))
    assert found.slug == "container-runtime-not-configured"
    assert found.evidence["installed"] == "NVIDIA Container Toolkit CLI version 1.13.5"
    found = first('docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].\n'
                  "$ nvidia-container-runtime --version\nNVIDIA Container Runtime version 1.17.6")
    assert found.slug == "container-runtime-not-configured"
    # without any sign of the toolkit, it is the toolkit that is missing
    assert first('docker: Error response from daemon: could not select device driver "" with capabilities: '
                 "[[gpu]].").slug == "container-toolkit-missing"


def test_a_person_saying_torch_came_without_gpu_support():
    assert first(corpus("1471-")).slug == "cpu-only-build"
    facts = from_text("pytorch was installed without CUDA support and I have an RTX 3090", "p.txt")
    assert [(f.name, f.accelerator) for f in facts.frameworks.installed] == [("torch", "cpu")]
    # a script's list of possible causes says nothing of this host
    facts = from_text("Possible causes:\n- PyTorch installed without CUDA support\n- driver too old", "p.txt")
    assert all(f.accelerator != "cpu" for f in facts.frameworks.installed)


def test_one_profiling_metric_the_gpu_lacks():
    found = first(corpus("1496-"))  # NVIDIA/dcgm-exporter#82: tensor IMMA/HMMA metrics on V100 nodes
    assert found.slug == "dcgm-profiling-unsupported-gpu"
    assert "DCGM_FI_PROF_PIPE_TENSOR_IMMA_ACTIVE" in found.evidence["fields"]
    assert first(corpus("1497-")).slug == "dcgm-profiling-unsupported-gpu"  # NVIDIA/go-dcgm#15, an A10
    # guilbaults/slurm-job-exporter#45: nv-hostengine's log on an L40S
    found = first("Detected gpu NVIDIA L40S with ID 0\n2025-08-28 16:12:23.443 ERROR [42943:306444] [[Profiling]] "
                  "FieldId {1011} is not supported for GPU 0 [/builds/dcgm/dcgm/dcgm_private/modules/profiling/"
                  "DcgmModuleProfiling.cpp:2719]")
    assert found.slug == "dcgm-profiling-unsupported-gpu" and found.evidence["field_id"] == "1011"
    assert found.evidence["gpu"] == "NVIDIA L40S"  # the date, the field ID and the line number are not GPU models
    # the module not loaded, in dcgm-exporter's words (NVIDIA/gpu-monitoring-tools#141), on a GPU without any counters
    found = first('time="2020-12-15T11:28:40Z" level=fatal msg="Error watching fields: This request is serviced by '
                  'a module of DCGM that is not currently loaded"\nNVIDIA GeForce RTX 2080 Ti, DCGM_FI_PROF_SM_ACTIVE')
    assert found.slug == "dcgm-profiling-unsupported-gpu" and "field_id" not in found.evidence \
        and "fields" not in found.evidence


def test_a_gpu_build_on_a_cluster_its_owner_says_has_no_gpu():
    found = first(corpus("1498-"))  # kubeflow/examples: TensorFlow Serving's GPU build, no GPU in the cluster
    assert found.slug == "no-nvidia-gpu" and "said" in found.evidence
    # the same library missing in a container started without GPUs, where nobody says the machine has none
    assert first(corpus("698-")).slug == "container-no-gpu"
    assert first(corpus("1160-")).slug == "container-no-gpu"


def test_an_extension_built_against_another_torch_in_the_projects_own_tree():
    found = first(corpus("1464-"))  # SAM 2's sam2/_C.so built in the checkout
    assert found.slug == "framework-plugin-mismatch"
    assert found.fix[0].startswith("python setup.py clean --all")
    found = first(corpus("1476-"))  # Megatron's fused kernels, compiled at run time into fused_kernels/build
    assert found.fix[0].startswith("rm -rf .../megatron/fused_kernels/build")
    # a wheel's extension in site-packages keeps the advice to install the build for the installed torch
    found = first("ImportError: /usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-"
                  "gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi")
    assert found.slug == "framework-plugin-mismatch" and found.fix[0].startswith("Install the build")


def test_triton_older_than_the_cuda_it_compiles_with():
    found = first(corpus("1489-"))  # ComfyUI-WanVideoWrapper, an RTX 5060 Ti, the message retyped
    assert found.slug == "triton-too-old-for-cuda-version" and found.evidence["cuda"] == "12.8"
    # triton-lang/triton#5737, Triton 3.2.x's own words
    found = first("E       RuntimeError: Triton only support CUDA 10.0 or higher, but got CUDA version: 12.8")
    assert found.slug == "triton-too-old-for-cuda-version" and found.fix[0].startswith("pip install -U triton ")
    # welltop-cn/ComfyUI-TeaCache#129, on Windows: the community build is named
    found = first(r'  File "F:\ComfyUI-aki-v1.6\python\Lib\site-packages\triton\backends\nvidia\compiler.py", line 58, '
                  "in ptx_get_version\ntorch._inductor.exc.InductorError: RuntimeError: Triton only support CUDA 10.0 "
                  "or higher, but got CUDA version: 12.8")
    assert found.slug == "triton-too-old-for-cuda-version" and "triton-windows" in found.fix[0]
    # Triton refusing an old GPU is the GPU's age, not Triton's
    assert "triton-too-old-for-cuda-version" not in slugs(
        "RuntimeError: Found NVIDIA GeForce GTX 1080 Ti which is too old to be supported by the triton GPU compiler, "
        "which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of "
        "CUDA capability 6.1")


def test_torch_compile_without_a_working_triton():
    found = first(corpus("1490-"))
    assert found.slug == "triton-not-installed-for-torch-compile" and "windows" not in found.evidence
    found = first("## Issue 17 - torch.compile crashes: Triton not available on Windows\n"
                  "torch._inductor.exc.TritonMissing: Cannot find a working triton installation.\n"
                  "Either the package is not installed or it is too old.")
    assert found.slug == "triton-not-installed-for-torch-compile" and "triton-windows" in found.fix[0]
    # inside WSL the Linux Triton is the one to install, though Windows is named
    found = first("Windows 11, Ubuntu 22.04 under WSL2\n"
                  "torch._inductor.exc.TritonMissing: Cannot find a working triton installation.")
    assert found.slug == "triton-not-installed-for-torch-compile" and "windows" not in found.evidence
    # a profiler's note that Triton is absent is not torch.compile failing
    assert "triton-not-installed-for-torch-compile" not in slugs(
        "triton not found; flop counting will not work for triton kernels")


def test_vulkan_without_a_driver_on_another_vendors_gpu():
    found = first(corpus("1501-"))  # k4yt3x/video2x#531
    assert found.slug == "gpu-no-vulkan-support" and found.evidence["gpu"] == "Intel(R) HD Graphics 5500"
    assert found.confidence == "confirmed"  # the reporter says the GPU has no Vulkan
    # upscayl/upscayl#988: the GPU only in the app's log
    found = first("🎒 BACKEND REPORTED:  ❌  vkCreateInstance failed -9\nvkCreateInstance failed -9\n"
                  "🚨 Error: Invalid GPU Device\n⚙️ Getting gpuId from localStorage:  Intel(R) HD Graphics 4400")
    assert found.slug == "gpu-no-vulkan-support" and found.evidence["gpu"] == "Intel(R) HD Graphics 4400"
    # upscayl/upscayl#917: an NVIDIA GPU is the one in use, so it is NVIDIA's Vulkan driver that is missing
    found = first('🚧 UPSCAYL_PROGRESS:  vkCreateInstance failed -9\n🚨 Error: Invalid GPU Device\n'
                  '"gpuId":"NVIDIA Geforce RTX 4060 Ti","saveImageAs":"png"')
    assert found.slug == "nvidia-vulkan-driver-not-installed"


def test_a_cuda_extension_built_in_pips_isolated_environment():
    found = first(corpus("1463-"))  # SAM 2 on Windows: PyPI's CPU torch in pip-build-env
    assert found.slug == "pip-build-isolation-cpu-torch"
    assert any("--no-build-isolation" in step for step in found.fix)
    # vLLM on Windows (vllm-project/vllm, "Install fails due to missing torch.version.cuda, even though it is set")
    found = first(">>> print(torch.__version__)\n2.0.1+cu118\n>>> print(torch.cuda.is_available())\nTrue\n"
                  r'  File "C:\Users\A\AppData\Local\Temp\pip-build-env-5lg7tzgg\overlay\Lib\site-packages\torch\utils'
                  r'\cpp_extension.py", line 383, in _check_cuda_version' "\n"
                  "    torch_cuda_version = packaging.version.parse(torch.version.cuda)")
    assert found.slug == "pip-build-isolation-cpu-torch"
    # on Linux the build environment gets PyPI's CUDA torch: a missing CUDA_HOME is the toolkit missing
    found = first('  File "/tmp/pip-build-env-4xnh4rb6/overlay/lib/python3.10/site-packages/torch/utils/'
                  'cpp_extension.py", line 1076, in CUDAExtension\n'
                  "OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.")
    assert found.slug == "cuda-toolkit-missing"


def test_headless_egl_rendering_without_a_gpu_driver():
    found = first(corpus("1457-"))  # Gymnasium on a cluster's compute nodes without GPUs
    assert found.slug == "egl-device-rendering-without-gpu-driver" and "MUJOCO_GL=osmesa" in found.fix[0]
    assert first(corpus("1458-")).slug == "egl-device-rendering-without-gpu-driver"  # robosuite
    # with an NVIDIA GPU in sight, its driver's EGL part comes first
    found = first("GPU: NVIDIA GeForce RTX 3090\nImportError: Cannot initialize a EGL device display. This likely "
                  "means that your EGL driver does not support the PLATFORM_DEVICE extension, which is required for "
                  "creating a headless rendering context.")
    assert found.slug == "egl-device-rendering-without-gpu-driver" and "libnvidia-gl" in found.fix[0]
    # Mesa's EGL chosen on an NVIDIA machine is the vendor choice (SYS025), not a missing EGL device
    assert "egl-device-rendering-without-gpu-driver" not in slugs(
        "Platform::WindowlessEglApplication::tryCreateContext(): unable to find CUDA device 0 among 6 EGL devices in "
        "total")


def test_kernels_in_torch_extensions_cache_are_rebuilt_by_deleting_their_folder():
    # the cache's layout, as IsaacGym's gymtorch shows it (<root>/py38_cu124/gymtorch/gymtorch.so)
    found = first("ImportError: /home/lujust/.cache/torch_extensions/py38_cu124/gymtorch/gymtorch.so: undefined "
                  "symbol: _ZN3c106detail19maybe_wrap_dim_slowEllb")
    assert found.slug == "framework-plugin-mismatch"
    assert found.fix[0].startswith("rm -rf /home/lujust/.cache/torch_extensions/py38_cu124/gymtorch ")
