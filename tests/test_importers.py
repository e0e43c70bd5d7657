"""Importers on recorded text: each shape people paste becomes the facts it states.

Where a corpus case holds a real paste of that shape, the test reads it from tests/corpus/."""

from __future__ import annotations

from envcheck.importers import from_text
from tests.conftest import REPO, corpus_paste as paste

DATA = REPO / "tests" / "data"


def test_collect_env():
    facts = from_text(paste("065-"), "collect_env.txt")
    torch = facts.frameworks.installed[0]
    assert (torch.name, torch.version, torch.accelerator, torch.build_cuda) == ("torch", "1.13.0+cu117", "cuda", "11.7")
    assert facts.system.distro_id == "debian" and facts.system.glibc == "2.31"
    assert facts.frameworks.status == "ok" and facts.docker.status == "unknown"


def test_collect_env_without_torch_reports_nothing_for_torch():
    facts = from_text(paste("074-"), "collect_env.txt")
    assert facts.frameworks.installed == [] and facts.python.version.startswith("3.10")
    assert facts.system.distro_name.startswith("Fedora")


def test_nvidia_smi_table():
    facts = from_text(paste("067-"), "smi.txt")
    assert facts.gpus.driver_version == "450.51.05" and facts.gpus.cuda_driver_version == "11.0"
    gpu = facts.gpus.devices[0]
    assert gpu.name == "Tesla V100S-PCI..." and gpu.pci_bus_id == "00000000:00:07.0"
    assert gpu.ecc_errors_volatile_uncorrected == 0 and gpu.memory_total_bytes == 32510 * 1024 * 1024


def test_nvidia_smi_old_table_without_cuda_column():
    facts = from_text(paste("027-"), "smi.txt")
    assert facts.gpus.driver_version == "375.39" and facts.gpus.devices[0].name == "TITAN X (Pascal)"


def test_nvidia_smi_xml_inside_a_paste():
    xml = (REPO / "tests" / "data" / "nvidia-smi-q-x-l4.xml").read_text()
    facts = from_text("$ nvidia-smi -q -x\n" + xml + "\n$ echo done\n", "paste.txt")
    assert facts.gpus.devices[0].name == "NVIDIA L4" and facts.gpus.driver_version == "555.42.06"


def test_nvidia_smi_query_text():
    text = ("==============NVSMI LOG==============\nDriver Version                            : 535.104.05\n"
            "CUDA Version                              : 12.2\nAttached GPUs : 1\nGPU 00000000:07:00.0\n"
            "    Product Name                          : NVIDIA A100-SXM4-80GB\n    Remapped Rows\n"
            "        Correctable Error                 : 0\n        Uncorrectable Error               : 1\n"
            "        Pending                           : Yes\n        Remapping Failure Occurred        : No\n")
    facts = from_text(text)
    gpu = facts.gpus.devices[0]
    assert facts.gpus.driver_version == "535.104.05" and gpu.name == "NVIDIA A100-SXM4-80GB"
    assert gpu.remapped_rows_pending is True and gpu.remapped_rows_failure is False


def test_package_lists():
    freeze = from_text("numpy==1.26.4\ntorch==2.1.0+cu121\nnvidia-cudnn-cu12==8.9.2.26\nrequests==2.31.0\n")
    assert {d.name for d in freeze.python.distributions} == {"numpy", "torch", "nvidia-cudnn-cu12"}
    torch = freeze.frameworks.installed[0]
    assert (torch.version, torch.accelerator, torch.build_cuda) == ("2.1.0+cu121", "cuda", "12.1")
    columns = from_text("Package    Version\n---------- -------\njax        0.4.26\njaxlib     0.4.26+cuda12.cudnn89\n")
    jax = columns.frameworks.installed[0]
    assert jax.version == "0.4.26" and jax.build_info["jaxlib"] == "0.4.26+cuda12.cudnn89" and jax.build_cuda == "12"
    conda = from_text("# Name Version Build Channel\npytorch 2.1.0 py3.10_cuda12.1_cudnn8.9.2_0 pytorch\n"
                      "cudnn 8.9.2.26 cuda12_0 nvidia\n")
    assert conda.frameworks.installed[0].build_cuda == "12.1"
    assert conda.libraries.found[0].name == "cudnn" and conda.libraries.found[0].kind == "conda"
    cpu = from_text("[pip3] torch==2.2.0+cpu\n")
    assert cpu.frameworks.installed[0].accelerator == "cpu"


def test_nvcc_and_ds_report():
    nvcc = from_text("nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 12.4, V12.4.131\n")
    assert nvcc.cuda.nvcc_on_path_version == "12.4"
    ds = from_text("torch install path ............... ['/opt/conda/lib/python3.10/site-packages/torch']\n"
                   "torch version .................... 2.0.1+cu118\ndeepspeed info ................... 0.10.0\n"
                   "torch cuda version ............... 11.8\nnvcc version ..................... 12.1\n")
    torch = ds.frameworks.installed[0]
    assert (torch.version, torch.build_cuda, ds.cuda.nvcc_on_path_version) == ("2.0.1+cu118", "11.8", "12.1")


def test_tensorflow_issue_template():
    facts = from_text(paste("077-"), "template.md")
    assert facts.frameworks.installed[0].version == "2.12.0"
    assert facts.system.os == "windows" and facts.python.version == "3.10.10"
    short = from_text("### TensorFlow version\n2.12.0\n### CUDA/cuDNN version\n11.8/8.6\n", "template.md")
    assert short.frameworks.installed[0].version == "2.12.0"
    # the form's CUDA/cuDNN answer is what the reporter says they have, not a toolkit that was found
    assert short.cuda.stated_version == "11.8" and not short.cuda.toolkits
    assert [(lib.name, lib.version, lib.kind) for lib in short.libraries.found] == [("cudnn", "8.6", "stated")]


def test_kernel_log_lspci_and_proc_version():
    facts = from_text(paste("060-"), "lspci.txt")
    assert facts.pci.devices[0].driver == "nouveau" and facts.pci.devices[0].kind == "gpu"
    facts = from_text(paste("001-"), "paste.txt")
    assert facts.driver.kernel_module_version == "520.56.06" and facts.driver.kernel_module_flavor == "proprietary"
    xid = from_text("[  812.3] NVRM: Xid (PCI:0000:3b:00): 79, pid=0, GPU has fallen off the bus.\n")
    assert xid.driver.kernel_log and xid.driver.status == "ok"
    api = from_text("NVRM: API mismatch: the NVIDIA kernel module has version 535.104.05,\n")
    assert api.driver.kernel_module_version == ""  # the sentence continues on the next line; not guessed


def test_docker_info_and_environment_assignments():
    facts = from_text(paste("039-"), "docker.txt")
    assert facts.docker.runtimes and not facts.docker.nvidia_runtime and facts.docker.default_runtime == "runc"
    env = from_text("(py35) ~/mnist$ CUDA_VISIBLE_DEVICES=2 python main.py\nexport NCCL_P2P_DISABLE=1\n"
                    "os.environ['CUDA_VISIBLE_DEVICES'] = '1'\n")
    assert env.env.variables == {"CUDA_VISIBLE_DEVICES": "2", "NCCL_P2P_DISABLE": "1"}


def test_every_line_is_kept_as_an_observation_once():
    facts = from_text("RuntimeError: boom\nRuntimeError: boom\n\n  x\nsecond line here\n")
    assert [o.text for o in facts.observations] == ["RuntimeError: boom", "second line here"]


# A real 8-GPU `nvidia-smi -q` (nvidia-smi -a) dump; its source is named in the file's header.
A100X8 = (REPO / "tests" / "data" / "nvidia-smi-q-a100x8.txt").read_text()


def test_nvidia_smi_query_text_of_eight_identical_gpus_gives_eight_gpus():
    facts = from_text(A100X8, "smi-q.txt")
    gpus = facts.gpus.devices
    assert len(gpus) == 8 and {g.name for g in gpus} == {"NVIDIA A100-SXM4-40GB"}
    assert facts.gpus.driver_version == "535.129.03" and facts.gpus.cuda_driver_version == "12.2"
    assert [g.pci_bus_id for g in gpus] == ["00000000:2F:00.0", "00000000:35:00.0", "00000000:62:00.0",
                                            "00000000:67:00.0", "00000000:9F:00.0", "00000000:A5:00.0",
                                            "00000000:C8:00.0", "00000000:CD:00.0"]
    assert gpus[0].uuid == "GPU-faae5314-b87e-87c0-400b-b7cfb9e7b310" and len({g.uuid for g in gpus}) == 8
    assert all(g.ecc_errors_volatile_uncorrected == 0 and g.remapped_rows_pending is False for g in gpus)
    assert all(g.persistence_mode == "disabled" and g.retired_pages_pending is None for g in gpus)


def test_a_pending_remap_on_gpu_5_of_a_pasted_dump_is_kept():
    blocks = A100X8.split("\nGPU 00000000:")
    assert blocks[6].startswith("A5:00.0")  # GPU 5
    blocks[6] = blocks[6].replace("        Pending                           : No",
                                  "        Pending                           : Yes")
    blocks[6] = blocks[6].replace("            DRAM Uncorrectable            : 0",
                                  "            DRAM Uncorrectable            : 2", 1)
    facts = from_text("\nGPU 00000000:".join(blocks), "smi-q.txt")
    pending = [g.index for g in facts.gpus.devices if g.remapped_rows_pending]
    assert pending == [5] and facts.gpus.devices[5].ecc_errors_volatile_uncorrected == 2
    from envcheck import matrix, rules

    found = {f.slug: f.message for f in rules.run(facts, matrix.load())}
    assert "GPU 5" in found["row-remap-pending"] and "GPU 5" in found["ecc-errors"]


def test_the_same_gpus_pasted_twice_are_not_counted_twice():
    table = ("| NVIDIA-SMI 535.129.03   Driver Version: 535.129.03   CUDA Version: 12.2     |\n"
             "|   0  NVIDIA A100-SXM...  Off  | 00000000:2F:00.0 Off |                    0 |\n"
             "| N/A   22C    P0    52W / 400W |      4MiB / 40960MiB |      0%      Default |\n")
    facts = from_text(table + A100X8 + "\n" + A100X8, "smi.txt")
    assert len(facts.gpus.devices) == 8 and facts.gpus.devices[0].uuid.startswith("GPU-faae5314")
    assert facts.gpus.devices[0].name == "NVIDIA A100-SXM4-40GB"  # the table's truncated name is completed


def test_collect_env_with_eight_identical_gpus_gives_eight_gpus():
    # The shape of `python -m torch.utils.collect_env` on an 8x A100 host, as pasted in issue reports.
    text = ("PyTorch version: 2.3.0+cu121\nIs debug build: False\nCUDA used to build PyTorch: 12.1\n"
            "ROCM used to build PyTorch: N/A\n\nOS: Rocky Linux 8.8 (Green Obsidian) (x86_64)\n"
            "Is CUDA available: True\nCUDA runtime version: 12.3.107\nCUDA_MODULE_LOADING set to: LAZY\n"
            "GPU models and configuration: \n"
            + "".join(f"GPU {i}: NVIDIA A100-SXM4-80GB\n" for i in range(8))
            + "\nNvidia driver version: 545.23.08\ncuDNN version: Could not collect\n")
    facts = from_text(text, "collect_env.txt")
    assert [g.index for g in facts.gpus.devices] == list(range(8))
    assert {g.name for g in facts.gpus.devices} == {"NVIDIA A100-SXM4-80GB"}


def test_nvidia_smi_query_gpu_csv_with_header_units_and_any_column_order():
    from envcheck.importers import from_text

    paste = ("$ nvidia-smi --query-gpu=index,name,pci.bus_id,driver_version,memory.total,compute_cap --format=csv\n"
             "index, name, pci.bus_id, driver_version, memory.total [MiB], compute_cap\n"
             "0, NVIDIA A100-SXM4-80GB, 00000000:07:00.0, 535.104.05, 81920 MiB, 8.0\n"
             "1, NVIDIA A100-SXM4-80GB, 00000000:0F:00.0, 535.104.05, 81920 MiB, 8.0\n")
    facts = from_text(paste, "paste.txt")
    assert facts.gpus.driver_version == "535.104.05"
    assert [(g.name, g.pci_bus_id, g.compute_capability, g.memory_total_bytes) for g in facts.gpus.devices] == [
        ("NVIDIA A100-SXM4-80GB", "00000000:07:00.0", "8.0", 81920 << 20),
        ("NVIDIA A100-SXM4-80GB", "00000000:0F:00.0", "8.0", 81920 << 20)]


def test_nvidia_smi_query_gpu_csv_without_header_takes_columns_from_the_command():
    from envcheck.importers import from_text

    paste = ("nvidia-smi --query-gpu=driver_version,name,memory.total --format=csv,noheader,nounits\n"
             "550.54.15, NVIDIA H100 80GB HBM3, 81559\n"
             "550.54.15, NVIDIA H100 80GB HBM3, 81559\n"
             "550.54.15, NVIDIA H100 80GB HBM3, 81559\n")
    facts = from_text(paste, "paste.txt")
    assert facts.gpus.driver_version == "550.54.15"
    assert [g.name for g in facts.gpus.devices] == ["NVIDIA H100 80GB HBM3"] * 3
    assert facts.gpus.devices[2].memory_total_bytes == 81559 << 20


def test_the_windows_nvidia_smi_table_with_driver_models_and_cut_names():
    from envcheck import matrix
    from envcheck.importers import from_text

    paste = (
        "+-----------------------------------------------------------------------------+\n"
        "| NVIDIA-SMI 546.33                 Driver Version: 546.33       CUDA Version: 12.3     |\n"
        "|-----------------------------------------+----------------------+----------------------+\n"
        "| GPU  Name                     TCC/WDDM  | Bus-Id        Disp.A | Volatile Uncorr. ECC |\n"
        "|=========================================+======================+======================|\n"
        "|   0  NVIDIA GeForce RTX 4090 L...  WDDM  | 00000000:01:00.0  On |                  N/A |\n"
        "| N/A   45C    P8              5W /  150W |    512MiB / 16376MiB |      3%      Default |\n"
        "|   1  NVIDIA RTX A6000             TCC   | 00000000:65:00.0 Off |                  Off |\n"
        "| 30%   40C    P8             22W /  300W |      0MiB / 49140MiB |      0%      Default |\n")
    facts = from_text(paste, "paste.txt")
    assert facts.gpus.driver_version == "546.33"
    first, second = facts.gpus.devices
    assert (first.name, first.persistence_mode, first.memory_total_bytes) == ("NVIDIA GeForce RTX 4090 L...", None,
                                                                             16376 << 20)
    assert second.name == "NVIDIA RTX A6000" and second.pci_bus_id == "00000000:65:00.0"
    table = matrix.load()
    assert table.gpu(first.name)["name"] == "NVIDIA GeForce RTX 4090 Laptop GPU"
    assert table.gpu_by_model("NVIDIA GeForce RTX 30...") is None  # 3060, 3070, 3080, 3090: not one GPU


def test_ldconfig_p_gives_the_cuda_libraries_the_loader_finds():
    """Recorded on this project's machine (CUDA 13.0 toolkit), and the lines of corpus case 072."""
    from envcheck.importers import from_text

    here = from_text((DATA / "ldconfig-p-cuda13.txt").read_text(), "ldconfig.txt")
    assert [(lib.name, lib.version, lib.location) for lib in here.libraries.found] == [
        ("cudart", "13", "/usr/local/cuda-13.0/lib/libcudart.so.13")]
    pasted = (REPO / "tests" / "corpus" / "072-wsl-libcuda-so-not-in-ldcache" / "paste.txt").read_text()
    cudart = [lib for lib in from_text(pasted, "paste.txt").libraries.found if lib.name == "cudart"]
    assert [(lib.version, lib.location) for lib in cudart] == [
        ("11.0", "/usr/local/cuda/targets/x86_64-linux/lib/libcudart.so.11.0")]


def test_container_cli_version_from_a_pasted_answer():
    # the pre-1.9 answer ("version:") under the command, and the template's backticked command with the newer one
    facts = from_text("$ nvidia-container-cli -V\nversion: 1.3.3\nbuild date: 2021-04-09T17:24+00:00\n")
    assert [(t.name, t.version) for t in facts.docker.toolkit] == [("nvidia-container-cli", "1.3.3")]
    facts = from_text(" - [x] NVIDIA container library version from `nvidia-container-cli -V`\n"
                      "cli-version: 1.17.8\nlib-version: 1.17.8\n")
    assert [t.version for t in facts.docker.toolkit] == ["1.17.8"]
    # the command without its answer says nothing about what is installed
    assert from_text("nvidia-container-cli -V\nbash: nvidia-container-cli: command not found\n").docker.toolkit == []


def test_numba_device_list_and_the_driver_library_it_loaded():
    """R-06 is `numba -s` on the lent H100 (Numba 0.68); the second text is Numba 0.53's cuda.detect() as numba/numba
    #6809 printed it, with the device names as Python bytes."""
    h100 = from_text((DATA / "env-reports" / "R-06-numba-sysinfo-h100-cuda13.txt").read_text(), "numba.txt")
    assert [(g.name, g.compute_capability) for g in h100.gpus.devices] == [("NVIDIA H100 80GB HBM3", "9.0")]
    assert h100.driver.userspace_version == "580.159.04" and h100.gpus.cuda_driver_version == "13.0"
    old = ("__CUDA Information__\nFound 2 CUDA devices\n"
           "id 0    b'NVIDIA Quadro RTX 8000'                              [SUPPORTED]\n"
           "                      Compute Capability: 7.5\n                           PCI Device ID: 0\n"
           "id 1    b'NVIDIA Quadro RTX 8000'                              [SUPPORTED]\n"
           "                      Compute Capability: 7.5\n"
           "Summary:\n\t2/2 devices are supported\n")
    facts = from_text(old, "numba.txt")
    assert [(g.index, g.name, g.compute_capability) for g in facts.gpus.devices] == [
        (0, "NVIDIA Quadro RTX 8000", "7.5"), (1, "NVIDIA Quadro RTX 8000", "7.5")]
    # without numba's section heading the same lines are someone else's words
    elsewhere = from_text(old.replace("__CUDA Information__\n", ""), "x.txt")
    assert elsewhere.gpus.devices and not any("numba" in g.source for g in elsewhere.gpus.devices)


def test_cupy_show_config_versions_as_cuda_writes_them():
    """CuPy 9's show_config() in corpus case 13751 (cuDNN as 8200, one device), CuPy 14's on the lent H100 (R-07)."""
    facts = from_text(paste("13751-"), "paste.txt")
    cupy = next(f for f in facts.frameworks.installed if f.name == "cupy")
    assert (cupy.version, cupy.build_cuda, cupy.accelerator) == ("9.0.0", "11.3", "cuda")
    assert facts.gpus.cuda_driver_version == "11.3"
    assert [(lib.name, lib.version) for lib in facts.libraries.found if lib.kind == "reported"] == [
        ("cudart", "11.3"), ("cudnn", "8.2.0")]
    assert [(g.name, g.compute_capability) for g in facts.gpus.devices] == [("NVIDIA Quadro RTX 6000", "7.5")]
    h100 = from_text((DATA / "env-reports" / "R-07-cupy-show-config-h100-cuda13.2.txt").read_text(), "cupy.txt")
    cupy = next(f for f in h100.frameworks.installed if f.name == "cupy")
    assert (cupy.version, cupy.build_cuda) == ("14.2.0", "13.2")
    assert [(lib.name, lib.version) for lib in h100.libraries.found if lib.kind == "reported"] == [
        ("cudart", "13.2"), ("nccl", "2.28.9")]
    twice = (DATA / "env-reports" / "R-07-cupy-show-config-h100-cuda13.2.txt").read_text() * 2
    assert [lib.name for lib in from_text(twice, "cupy.txt").libraries.found if lib.kind == "reported"] == [
        "cudart", "nccl"]
