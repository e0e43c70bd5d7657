"""The compatibility matrix: it loads clean, broken copies are caught with file and row named,
well-known facts are what their sources say, and the queries answer correctly."""

from __future__ import annotations

import shutil

import pytest

from envcheck import matrix
from envcheck.resources import matrices_dir
from tests.conftest import envcheck, shipped_matrix

CUDA_NOTES = "https://docs.nvidia.com/cuda/archive/13.1.0/cuda-toolkit-release-notes/index.html"
MINOR_COMPAT = "https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html"
OPEN_GPU_README = "github:NVIDIA/open-gpu-kernel-modules:README.md (Compatible GPUs)"
CUDA_GPUS = "https://developer.nvidia.com/cuda-gpus"
TF_TESTED = "github:tensorflow/docs:site/en/install/source.md (Tested build configurations, GPU)"
TORCH_RELEASE = "github:pytorch/pytorch:RELEASE.md (release compatibility matrix)"
BUILDER = "github:pytorch/builder:manywheel/build_cuda.sh (TORCH_CUDA_ARCH_LIST)"


@pytest.fixture(scope="module")
def m():
    return matrix.load(cache=False)


def test_every_shipped_file_passes_check():
    assert matrix.check() == []
    out = envcheck("matrix", "check")
    assert out.returncode == 0 and out.stdout.startswith("matrix OK: 19 tables"), out.stdout + out.stderr


def test_every_row_names_its_source(m):
    for name, table in m.tables.items():
        for row in table.rows:
            assert row.get("source"), (name, row)
        assert table.reviewed, name


# (what, question, expected answer, source the figure comes from)
SPOT_CHECKS = [
    ("CUDA 10.2.89 Linux driver", lambda m: m.cuda_release("10.2.89")["min_driver_linux"], "440.33", CUDA_NOTES),
    ("CUDA 11.0.3 Linux driver", lambda m: m.cuda_release("11.0.3")["min_driver_linux"], "450.51.06", CUDA_NOTES),
    ("CUDA 11.8.0 Linux driver", lambda m: m.cuda_release("11.8.0")["min_driver_linux"], "520.61.05", CUDA_NOTES),
    ("CUDA 11.8.0 Windows driver", lambda m: m.cuda_release("11.8.0")["min_driver_windows"], "520.06", CUDA_NOTES),
    ("CUDA 12.0.0 Linux driver", lambda m: m.cuda_release("12.0.0")["min_driver_linux"], "525.60.13", CUDA_NOTES),
    ("CUDA 12.1.1 Linux driver", lambda m: m.cuda_release("12.1.1")["min_driver_linux"], "530.30.02", CUDA_NOTES),
    ("CUDA 12.4.0 Linux driver", lambda m: m.cuda_release("12.4.0")["min_driver_linux"], "550.54.14", CUDA_NOTES),
    ("CUDA 12.4.1 Linux driver", lambda m: m.cuda_release("12.4.1")["min_driver_linux"], "550.54.15", CUDA_NOTES),
    ("CUDA 12.6.3 Linux driver", lambda m: m.cuda_release("12.6.3")["min_driver_linux"], "560.35.05", CUDA_NOTES),
    ("CUDA 12.8.1 Linux driver", lambda m: m.cuda_release("12.8.1")["min_driver_linux"], "570.124.06", CUDA_NOTES),
    ("CUDA 13.0.0 Linux driver", lambda m: m.cuda_release("13.0.0")["min_driver_linux"], "580.65.06", CUDA_NOTES),
    ("11.x minor-version floor", lambda m: m.min_driver("11.8", minor_compat=True), "450.80.02", MINOR_COMPAT),
    ("12.x minor-version floor (branch)", lambda m: m.min_driver("12.4", minor_compat=True), "525", MINOR_COMPAT),
    ("13.x minor-version floor (branch)", lambda m: m.min_driver("13.0", minor_compat=True), "580", MINOR_COMPAT),
    ("CUDA 13.0 drops pre-Turing targets", lambda m: m.cuda_release("13.0.0")["sm_min"], "7.5", CUDA_NOTES),
    ("H100 SXM NVML name by PCI id", lambda m: m.gpu(pci_device_id="0x2330")["name"], "NVIDIA H100 80GB HBM3",
     OPEN_GPU_README),
    ("RTX 5090 PCI id", lambda m: m.gpu("NVIDIA GeForce RTX 5090")["pci_device_ids"], ["0x2b85"], OPEN_GPU_README),
    ("RTX 4090 PCI id", lambda m: m.gpu("NVIDIA GeForce RTX 4090")["pci_device_ids"], ["0x2684"], OPEN_GPU_README),
    ("A100 SXM4 80GB PCI id", lambda m: m.gpu("NVIDIA A100-SXM4-80GB")["pci_device_ids"], ["0x20b2"],
     OPEN_GPU_README),
    ("T4 PCI id", lambda m: m.gpu("Tesla T4")["pci_device_ids"], ["0x1eb8"], OPEN_GPU_README),
    ("A100 compute capability", lambda m: m.gpu("NVIDIA A100-SXM4-80GB")["compute_capability"], "8.0", CUDA_GPUS),
    ("H100 compute capability", lambda m: m.gpu("NVIDIA H100 80GB HBM3")["compute_capability"], "9.0", CUDA_GPUS),
    ("RTX 5090 compute capability", lambda m: m.gpu("NVIDIA GeForce RTX 5090")["compute_capability"], "12.0",
     CUDA_GPUS),
    ("L4 compute capability", lambda m: m.gpu("NVIDIA L4")["compute_capability"], "8.9", CUDA_GPUS),
    ("GTX 1080 Ti compute capability", lambda m: m.gpu("NVIDIA GeForce GTX 1080 Ti")["compute_capability"], "6.1",
     "https://developer.nvidia.com/cuda-legacy-gpus"),
    ("V100 SXM2 memory bandwidth", lambda m: m.gpu("Tesla V100-SXM2-32GB")["memory_bandwidth_gbs"], 900,
     "NVIDIA A100 Tensor Core GPU Architecture whitepaper, table 1"),
    ("A100 SXM4 80GB bandwidth", lambda m: m.gpu("NVIDIA A100-SXM4-80GB")["memory_bandwidth_gbs"], 2039,
     "NVIDIA A100 80GB datasheet"),
    ("TensorFlow 2.15.0 CUDA", lambda m: m.tensorflow_release("2.15.0")["cuda"], "12.2", TF_TESTED),
    ("TensorFlow 2.16.1 cuDNN", lambda m: m.tensorflow_release("2.16.1")["cudnn"], "8.9", TF_TESTED),
    ("torch 2.5.1 default wheel", lambda m: m.torch_release("2.5.1")["default_variant"], "cu124",
     "github:pytorch/builder:release/pypi/promote_pypi_to_staging.sh"),
    ("torch 2.5.1 torchvision", lambda m: m.torch_release("2.5.1")["torchvision"], "0.20.1",
     "github:pytorch/test-infra:release/generate_release_matrix.py"),
    ("torch 2.5.1 Python range", lambda m: m.torch_release("2.5.1")["python"], ">=3.9,<3.13", TORCH_RELEASE),
    ("torch 2.5.1 cuDNN", lambda m: m.torch_release("2.5.1")["cudnn"]["cu124"], "9.1.0.70", TORCH_RELEASE),
    ("torch 2.0.0 cu118 has sm_90", lambda m: "sm_90" in m.torch_arch_list("2.0.0", "cu118"), True, BUILDER),
    ("torch 1.12.0 cu102 has no sm_80", lambda m: "sm_80" in m.torch_arch_list("1.12.0", "cu102"), False, BUILDER),
    ("torch 1.3.0 cu101 still has sm_35", lambda m: m.torch_arch_list("1.3.0", "cu101")[0], "sm_35",
     "github:pytorch/builder:manywheel/build.sh@81306b42"),
    ("torch 1.3.1 cu101 starts at sm_37", lambda m: m.torch_arch_list("1.3.1", "cu101")[0], "sm_37",
     "github:pytorch/builder:manywheel/build.sh@67091f73"),
    ("torch 1.8.0 cu111 has no sm_61", lambda m: "sm_61" in m.torch_arch_list("1.8.0", "cu111"), False,
     "github:pytorch/builder:manywheel/build.sh@8c82f759"),
    ("torch '1.8' cu111: patches disagree", lambda m: m.torch_arch_list("1.8", "cu111"), None,
     "1.8.0 and 1.8.1 cu111 arch lists differ (builder 8c82f759 / af6f9896)"),
    ("ollama 0.1.32 minimum capability", lambda m: m.software_gpu_rows("ollama")[-1]["min_cc"], "5.0",
     "github:ollama/ollama:docs/gpu.md"),
    ("TensorRT 8.6 refuses Kepler", lambda m: m.software_gpu_support("tensorrt", "8.6.1", "3.5")["min_cc"], "6.0",
     "https://github.com/NVIDIA/TensorRT/issues/3589"),
    ("FlashAttention-2 needs Ampere", lambda m: m.software_gpu_support("flash-attn", "2.5.7", "7.5")["min_cc"], "8.0",
     "github:Dao-AILab/flash-attention:README.md"),
]


@pytest.mark.parametrize("what,question,expected,source", SPOT_CHECKS, ids=[c[0] for c in SPOT_CHECKS])
def test_spot_check(m, what, question, expected, source):
    assert question(m) == expected, f"{what}: expected {expected!r} per {source}"


def test_there_are_enough_spot_checks():
    assert len(SPOT_CHECKS) >= 30


# --- broken copies ----------------------------------------------------------------------


@pytest.fixture
def broken(tmp_path):
    copy = tmp_path / "matrices"
    shutil.copytree(matrices_dir(), copy)
    return copy


def _append(path, text):
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(text)


def test_duplicate_row_is_named(broken):
    _append(broken / "tensorflow.toml", '\n[[tensorflow]]\ntensorflow = "2.21.0"\npython = ">=3.10"\ncuda = "12.5"\n'
                                        'cudnn = "9.3"\ncompiler = "x"\nbazel = "7"\n')
    problems = matrix.check(broken)
    assert any(p.startswith("tensorflow.toml row ") and "duplicate of row" in p and "tensorflow=2.21.0" in p
               for p in problems), problems


def test_unknown_cuda_reference_is_named(broken):
    _append(broken / "tensorflow.toml", '\n[[tensorflow]]\ntensorflow = "2.99.0"\npython = ">=3.10"\ncuda = "12.99"\n'
                                        'cudnn = "9.3"\ncompiler = "x"\nbazel = "7"\n')
    problems = matrix.check(broken)
    assert any("tensorflow.toml row" in p and "tensorflow=2.99.0" in p and "'12.99' is not a CUDA release" in p
               for p in problems), problems


def test_malformed_version_is_named(broken):
    text = (broken / "cuda.toml").read_text().replace('min_driver_linux = "550.54.15"', 'min_driver_linux = "550.x"', 1)
    (broken / "cuda.toml").write_text(text)
    problems = matrix.check(broken)
    assert any(p.startswith("cuda.toml row") and "cuda=12.4.1" in p and "is not a valid version" in p
               for p in problems), problems


def test_every_problem_is_collected_at_once(broken):
    _append(broken / "gpus.toml", '\n[[gpu]]\nname = "Fake GPU"\narchitecture = "Lovelace"\nsegment = "x"\nfoo = 1\n')
    text = (broken / "torch.toml").read_text().replace('default_variant = "cu124"', 'default_variant = "cu999"', 1)
    (broken / "torch.toml").write_text(text)
    problems = matrix.check(broken)
    assert any("gpus.toml" in p and "unknown key 'foo'" in p for p in problems)
    assert any("gpus.toml" in p and "architecture must be one of" in p for p in problems)
    assert any("torch.toml" in p and "cu999" in p for p in problems)
    with pytest.raises(matrix.MatrixError) as raised:
        matrix.load(broken, cache=False)
    assert len(raised.value.problems) == len(problems)


def test_unsorted_rows_are_named(broken):
    _append(broken / "nccl.toml", '\n[[nccl]]\nnccl = "2.0.1"\nsource = "x"\n')
    assert any("nccl.toml" in p and "sorted" in p for p in matrix.check(broken))


def test_cli_check_lists_problems_and_exits_1(broken, monkeypatch):
    _append(broken / "nccl.toml", '\n[[nccl]]\nnccl = "9.9.9"\ncuda = ["99.1"]\nsource = "x"\n')
    code = ("import sys, envcheck.resources as r, pathlib; r.matrices_dir = lambda: pathlib.Path(sys.argv[1]); "
            "import envcheck.matrix as m; m.matrices_dir = r.matrices_dir; from envcheck.cli import app; "
            "app(['matrix', 'check'])")
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code, str(broken)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "nccl.toml row" in out.stdout and "99.1" in out.stdout


# --- queries ------------------------------------------------------------------------------


def test_minor_version_compatibility(m):
    assert m.driver_runs_cuda("550.54.15", "12.4") == (True, "exact")
    runs, how = m.driver_runs_cuda("535.104.05", "12.4")
    assert runs and how == "minor-compat"
    runs, how = m.driver_runs_cuda("470.82.01", "12.1")
    assert not runs and "needs driver >= 530.30.02" in how
    assert m.newest_cuda_for_driver("535.104.05") .startswith("12.2")
    assert m.newest_cuda_for_driver("535.104.05", minor_compat=True).startswith("12.")
    assert m.newest_cuda_for_driver("400.1") == "9.2.148"  # rows before 10.0 carry driver minimums only
    assert m.newest_cuda_for_driver("340.1") is None
    assert m.driver_runs_cuda("384.69", "9.0") == (False, "CUDA 9.0 needs driver >= 384.81")


def test_arch_coverage_sass_and_ptx_forward_only():
    assert matrix.coverage(["sm_80", "sm_90"], "8.6") == "sass"  # same major, newer minor
    assert matrix.coverage(["sm_86"], "8.0") is None  # SASS never runs backwards
    assert matrix.coverage(["sm_80", "compute_80"], "9.0") == "ptx"  # PTX JIT forward
    assert matrix.coverage(["sm_90", "compute_90"], "8.9") is None  # PTX never runs backwards
    assert matrix.coverage(["sm_90a"], "9.0") == "sass" and matrix.coverage(["sm_90a"], "9.1") is None
    assert matrix.coverage(["sm_50", "sm_60", "sm_70", "sm_75", "sm_80", "sm_86", "sm_90"], "12.0") is None


def test_variant_names():
    assert matrix.variant_cuda("cu124") == "12.4"
    assert matrix.variant_cuda("cu102") == "10.2"
    assert matrix.variant_cuda("cu130") == "13.0"
    assert matrix.variant_cuda("cpu") is None


def test_gpu_lookup_by_name_alias_and_id(m):
    assert m.gpu(pci_device_id="20B2")["name"] == "NVIDIA A100-SXM4-80GB"
    assert m.gpu("nvidia a100-sxm4-80gb")["name"] == "NVIDIA A100-SXM4-80GB"
    with pytest.raises(matrix.QueryError):
        m.gpu("NVIDIA Imaginary 9000")


def test_compat_rtx5090_old_torch_has_no_kernels(m):
    answer = m.compat("570.124.06", "NVIDIA GeForce RTX 5090", "3.11")
    row = next(t for t in answer["torch"] if t["version"] == "2.4.1")
    assert not row["usable"] and "no kernels for compute capability 12.0" in " ".join(row["excluded"].values())


def test_compat_old_driver_excludes_new_cuda(m):
    answer = m.compat("470.82.01", None, None)
    newest = next(t for t in answer["torch"] if t["version"] == "2.5.1")
    assert newest["variant"] == "cu118" and newest["usable"]
    assert "needs driver" in newest["excluded"]["cu124"]
    assert answer["newest_cuda"].startswith("11.4")


def test_compat_python_excludes(m):
    answer = m.compat("550.54.15", None, "3.7")
    assert not any(t["usable"] for t in answer["torch"] if t["version"].startswith("2.5"))


def test_bad_input_gets_one_line_and_exit_2():
    for args, text in ((["matrix", "show", "nope"], "unknown table"),
                       (["matrix", "compat", "--driver", "5x5"], "not a version"),
                       (["matrix", "compat", "--driver", "535.104.05", "--gpu", "Imaginary"], "unknown GPU"),
                       (["matrix", "show", "torch", "--filter", "torch"], "KEY=VALUE")):
        out = envcheck(*args)
        assert out.returncode == 2 and text in out.stderr and "Traceback" not in out.stderr, (args, out.stderr)


def test_show_json_field_names():
    import json

    torch = json.loads(envcheck("matrix", "show", "torch", "--json", "--filter", "torch=2.5.1").stdout)
    assert len(torch) == 1 and torch[0]["variants"] == ["cpu", "cu118", "cu121", "cu124"]
    for key in ("torch", "python", "variants", "default_variant", "arch_list", "torchvision", "torchaudio"):
        assert key in torch[0]
    cuda = json.loads(envcheck("matrix", "show", "cuda", "--json").stdout)
    assert {"cuda", "min_driver_linux", "min_driver_windows", "minor_compat_min_driver_linux"} <= set(cuda[-20])
    gpus = json.loads(envcheck("matrix", "show", "gpus", "--json", "--filter", "architecture=Hopper").stdout)
    assert gpus and all(g["architecture"] == "Hopper" for g in gpus)
    tf = json.loads(envcheck("matrix", "show", "tensorflow", "--json").stdout)
    assert {"tensorflow", "python", "cuda", "cudnn"} <= set(tf[0])
    cudnn = json.loads(envcheck("matrix", "show", "cudnn", "--json").stdout)
    assert {"cudnn", "cuda"} <= set(cudnn[-1])


def test_compat_cli_json():
    import json

    out = envcheck("matrix", "compat", "--driver", "535.104.05", "--gpu", "NVIDIA A100-SXM4-80GB", "--python", "3.11",
                   "--json")
    answer = json.loads(out.stdout)
    assert answer["compute_capability"] == "8.0" and answer["newest_cuda"].startswith("12.2")
    assert any(t["usable"] for t in answer["torch"])


def test_validated_matrix_is_cached_and_an_edit_misses_the_cache(broken, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    first = matrix.load(broken)
    cached = list((tmp_path / "cache" / "envcheck").glob("matrix-*.json"))
    assert len(cached) == 1
    assert matrix.load(broken).rows("cuda") == first.rows("cuda")
    _append(broken / "nccl.toml", '\n[[nccl]]\nnccl = "9.9.9"\ncuda = ["99.1"]\nsource = "x"\n')
    with pytest.raises(matrix.MatrixError):
        matrix.load(broken)  # the stale cache is not used for the edited files


def test_jetpack_releases_and_container_families_as_jetson_containers_states_them():
    m = shipped_matrix()
    assert m.l4t_for_jetpack("4.5.1") == ["32.5.1", "32.5.2"]  # two L4T releases shipped as JetPack 4.5.1
    assert m.l4t_for_jetpack("5.0.2") == ["35.1.0"] and m.l4t_for_jetpack("6.2") == ["36.4.3"]
    assert m.l4t_for_jetpack("3.3") == []  # the releases before JetPack 4 are left out
    assert m.l4t_container_family("32.7.1") == m.l4t_container_family("32.7.5") == "r32.7"
    assert m.l4t_container_family("32.6.1") == "r32.6.1"  # before 32.7 only its own release
    assert m.l4t_container_family("36.3") != m.l4t_container_family("36.4.0")
    assert m.l4t_container_family("not-a-version") is None


def test_ngc_releases_carry_their_figures_in_the_quoted_sentence():
    """Each NGC release's CUDA and driver minimum are read from the release notes' own sentence, kept in `quote`."""
    rows = shipped_matrix().rows("ngc")
    assert len(rows) > 60 and rows[0]["release"] == "19.01"
    for row in rows:
        assert row["cuda"] in row["quote"], row["release"]
        if row.get("min_driver"):
            assert row["min_driver"] in row["quote"] and row["driver"].startswith(row["min_driver"]), row["release"]
    assert shipped_matrix().ngc_release("21.10")["min_driver"] == "470"
    assert shipped_matrix().newest_ngc_release_for_driver("455.45.01")["release"] == "20.12"
