"""Env probe: the environment variables that change how CUDA, NCCL and frameworks behave."""

from __future__ import annotations

from envcheck.host import Host
from envcheck.model import EnvFacts

NAME = "env"

EXACT = (
    "CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES", "NVIDIA_REQUIRE_CUDA",
    "NVIDIA_DISABLE_REQUIRE", "LD_LIBRARY_PATH", "LD_PRELOAD", "PATH", "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT",
    "CUDNN_PATH", "CUDA_MODULE_LOADING", "CUDA_LAUNCH_BLOCKING", "CUDA_DEVICE_ORDER", "CUDA_DEVICE_MAX_CONNECTIONS",
    "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_NVML_BASED_CUDA_CHECK", "TORCH_CUDA_ARCH_LIST", "TORCH_USE_CUDA_DSA",
    "TF_FORCE_GPU_ALLOW_GROWTH", "TF_CPP_MIN_LOG_LEVEL", "XLA_FLAGS", "XLA_PYTHON_CLIENT_PREALLOCATE",
    "XLA_PYTHON_CLIENT_MEM_FRACTION", "JAX_PLATFORMS", "OMP_NUM_THREADS", "CONDA_PREFIX", "VIRTUAL_ENV",
    "PYTHONPATH", "KUBERNETES_SERVICE_HOST", "WSL_DISTRO_NAME", "DOCKER_HOST", "NUMBA_CUDA_DRIVER", "NUMBAPRO_CUDA_DRIVER",
)
PREFIXES = ("NCCL_", "CUDA_", "CUBLAS_", "CUDNN_", "TORCH_NCCL_", "NVIDIA_", "HOROVOD_", "UCX_")


def probe(host: Host, deep: bool = False) -> EnvFacts:
    facts = EnvFacts(sources=["environment"])
    # Each value read by name, so a snapshot keeps these and no other variable (host.LookedUpEnvironment).
    facts.variables = {key: host.env[key] for key in sorted(host.env) if relevant(key)}
    return facts


def relevant(key: str) -> bool:
    return key in EXACT or key.startswith(PREFIXES)
