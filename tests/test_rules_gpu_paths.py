"""Rules and probes on the GPU paths the review (shared/reviews/gpu-paths-review.md) found wrong
on real hardware: each test starts from a recorded host or the kernel's own file formats and
changes the one fact that real machines show."""

from __future__ import annotations

import os

import pytest

from envcheck import rules
from envcheck.host import DirectoryHost
from envcheck.probes import driver as driver_probe
from tests.test_rules import M, host



def found(facts, slug):
    return [f for f in rules.run(facts, M) if f.slug == slug]


# --- A3: fabric manager ---------------------------------------------------------------------


def _nvswitch_host(tmp_path, processes, container=False):
    """A tree with one NVSwitch on the bus and the given /proc/PID entries
    ({pid: {"comm": ..., "cmdline": ..., "exe": link target}})."""
    device = tmp_path / "sys/bus/pci/devices/0000:05:00.0"
    device.mkdir(parents=True)
    (device / "vendor").write_text("0x10de\n")
    (device / "device").write_text("0x22a3\n")
    (device / "class").write_text("0x068000\n")
    for pid, entry in processes.items():
        folder = tmp_path / "proc" / str(pid)
        folder.mkdir(parents=True)
        if "comm" in entry:
            (folder / "comm").write_text(entry["comm"] + "\n")
        if "cmdline" in entry:
            (folder / "cmdline").write_bytes(entry["cmdline"].encode())
        if "exe" in entry:
            os.symlink(entry["exe"], folder / "exe")
    if container:
        (tmp_path / ".dockerenv").write_text("")
    return DirectoryHost(str(tmp_path))


def test_fabric_manager_is_found_by_its_truncated_comm(tmp_path):
    fm = driver_probe.fabric_manager(_nvswitch_host(tmp_path, {2143: {"comm": "nv-fabricmanage"}}))
    assert fm.running is True


def test_fabric_manager_is_found_by_argv0_or_exe_when_comm_was_renamed(tmp_path):
    by_argv = driver_probe.fabric_manager(_nvswitch_host(tmp_path / "a", {7: {
        "comm": "fm-main", "cmdline": "/usr/bin/nv-fabricmanager\0-c\0/usr/share/nvidia/nvswitch/fabricmanager.cfg\0"}}))
    by_exe = driver_probe.fabric_manager(_nvswitch_host(tmp_path / "b", {7: {
        "comm": "fm-main", "exe": "/usr/bin/nv-fabricmanager"}}))
    other = driver_probe.fabric_manager(_nvswitch_host(tmp_path / "c", {7: {
        "comm": "nvidia-persiste", "cmdline": "/usr/bin/nvidia-persistenced\0"}}))
    assert (by_argv.running, by_exe.running, other.running) == (True, True, False)


def test_fabric_manager_process_scan_is_skipped_inside_a_container(tmp_path):
    fm = driver_probe.fabric_manager(_nvswitch_host(tmp_path, {1: {"comm": "bash"}}, container=True))
    assert fm.running is None and "container" in fm.source


def test_cuinit_802_means_fabric_manager_not_ready_whatever_the_process_scan_says():
    f = host("dgx-h100-8gpu")
    assert f.driver.fabric_manager.running is True
    f.cuda.driver_api.cuinit_code = 802
    assert found(f, "fabric-manager-not-running")


def test_cuinit_success_means_the_fabric_is_up_even_without_a_process():
    f = host("dgx-h100-8gpu")
    f.driver.fabric_manager.running = False
    assert f.cuda.driver_api.cuinit_code == 0
    assert not found(f, "fabric-manager-not-running")


def test_without_cuinit_a_missing_process_on_the_host_is_reported():
    f = host("dgx-h100-8gpu")
    f.driver.fabric_manager.running = False
    f.cuda.driver_api.cuinit_code = None
    assert found(f, "fabric-manager-not-running")


def test_fabric_manager_rule_is_quiet_inside_a_container_on_an_nvswitch_host():
    f = host("dgx-h100-8gpu")
    f.cuda.driver_api.cuinit_code = None
    f.driver.fabric_manager.running = False
    f.container.inside, f.container.runtime = True, "docker"
    assert not found(f, "fabric-manager-not-running")


# --- A8: ECC --------------------------------------------------------------------------------


def test_a_lifetime_ecc_count_alone_is_info_not_an_error():
    f = host("dgx-h100-8gpu")
    f.gpus.devices[2].ecc_errors_aggregate_uncorrected = 3
    assert not found(f, "ecc-errors")
    lifetime = found(f, "ecc-errors-lifetime")
    assert [x.severity for x in lifetime] == ["info"] and "GPU 2" in lifetime[0].message


@pytest.mark.parametrize("field,value,slug", [
    ("ecc_errors_volatile_uncorrected", 1, "ecc-errors"),
    ("retired_pages_pending", True, "ecc-errors"),
    ("remapped_rows_pending", True, "row-remap-pending"),
    ("remapped_rows_failure", True, "row-remap-pending"),
])
def test_dcgm_failure_conditions_are_errors(field, value, slug):
    f = host("dgx-h100-8gpu")
    f.gpus.devices[5].ecc_errors_aggregate_uncorrected = 4
    setattr(f.gpus.devices[5], field, value)
    hits = found(f, slug)
    assert [x.severity for x in hits] == ["error"] and "GPU 5" in hits[0].message
    assert not found(f, "ecc-errors-lifetime")  # the current problem says it; no second finding


# --- A14: what a finding stops (scope), and rules that failed healthy hosts --------------------


def test_every_rule_has_a_known_scope_and_findings_carry_it():
    assert {r.scope for r in rules.RULES} == set(rules.SCOPES)
    scopes = {r.code: r.scope for r in rules.RULES}
    assert (scopes["TK001"], scopes["CTR002"], scopes["CTR003"], scopes["DRV004"]) == (
        "build", "containers", "containers", "runtime")
    f = host("dgx-h100-8gpu")
    f.frameworks.installed[0].build_cuda = "11.8"
    f.frameworks.installed[0].version = "2.5.1+cu118"
    f.docker.status, f.docker.runtimes, f.docker.toolkit = "ok", ["runc"], []
    by_code = {x.code: x.scope for x in rules.run(f, M)}
    assert by_code["TK001"] == "build" and by_code["CTR002"] == "containers"


def test_an_unknown_scope_is_refused():
    with pytest.raises(ValueError):
        rules.rule("XX001", "x", "info", "x", scope="everything")


def _docker_with_hook(version):
    from envcheck.model import ContainerToolkitTool

    f = host("dgx-h100-8gpu")
    f.docker.status, f.docker.runtimes, f.docker.server_version = "ok", ["runc"], version
    f.docker.toolkit = [ContainerToolkitTool(name="nvidia-container-runtime-hook",
                                             path="/usr/bin/nvidia-container-runtime-hook", version="1.14.6")]
    return f


def test_the_prestart_hook_is_a_gpu_path_on_docker_before_25():
    assert not found(_docker_with_hook("24.0.7"), "container-runtime-not-configured")
    assert found(_docker_with_hook("26.1.3"), "container-runtime-not-configured")


def _torch_with_vision(torch_version, vision_version):
    from envcheck.model import Distribution, Framework

    f = host("dgx-h100-8gpu")
    f.frameworks.installed = [Framework(name="torch", version=torch_version, accelerator="cuda", build_cuda="12.4")]
    f.python.distributions = [d for d in f.python.distributions if d.name != "torchvision"]
    f.python.distributions.append(Distribution(name="torchvision", version=vision_version))
    return f


def test_ngc_torch_from_git_with_its_prerelease_torchvision_is_not_a_mismatch():
    assert not found(_torch_with_vision("2.5.0a0+e000cf0ad9.nv24.10", "0.20.0a0"), "framework-plugin-mismatch")
    assert not found(_torch_with_vision("2.5.0a0+git1234abc", "0.20.0a0"), "framework-plugin-mismatch")
    assert not found(_torch_with_vision("2.5.1+cu124", "0.20.1a0"), "framework-plugin-mismatch")
    assert found(_torch_with_vision("2.5.1+cu124", "0.19.1"), "framework-plugin-mismatch")


def test_libraries_from_dist_packages_are_the_frameworks_own():
    from envcheck.model import Distribution, FrameworkDeep, LoadedLibrary

    def loaded_from(path):
        f = _torch_with_vision("2.5.1+cu124", "0.20.1")
        f.python.distributions.append(Distribution(name="nvidia-cudnn-cu12", version="9.1.0.70"))
        f.frameworks.installed[0].deep = FrameworkDeep(status="ok", loaded_libraries=[
            LoadedLibrary(name="cudnn", path=path, version="9.1.0")])
        return found(f, "cuda-library-shadowed")

    assert not loaded_from("/usr/local/lib/python3.10/dist-packages/nvidia/cudnn/lib/libcudnn.so.9")
    assert loaded_from("/usr/lib/x86_64-linux-gnu/libcudnn.so.9")


# --- A15: slow driver initialisation ----------------------------------------------------------


def test_a_cuinit_child_that_did_not_answer_suggests_the_persistence_daemon():
    from envcheck.model import ProbeError

    f = host("dgx-h100-8gpu")
    reason = "CUDA driver API check: /usr/bin/python3 did not answer in 30 s"
    f.cuda.driver_api.status, f.cuda.driver_api.reason = "error", reason
    f.cuda.driver_api.cuinit_code = f.cuda.driver_api.device_count = None
    f.probe_errors.append(ProbeError(probe="cuda", reason=reason, seconds=30.0))
    for gpu in f.gpus.devices:
        gpu.persistence_mode = "disabled"
    slow = found(f, "driver-init-slow")
    assert len(slow) == 1 and "did not answer" in slow[0].message and "persistence mode is off on 8" in slow[0].message
    assert "sudo systemctl enable --now nvidia-persistenced" in slow[0].fix


def test_an_nvml_timeout_with_persistence_on_points_at_the_kernel_log():
    f = host("dgx-h100-8gpu")
    f.gpus.nvml_error = "NVML: /usr/bin/python3 did not answer in 30 s"
    slow = found(f, "driver-init-slow")
    assert len(slow) == 1 and "persistence mode is on" in slow[0].message and "dmesg" in slow[0].fix[0]


# --- A16: every GPU on the bus is usable and covered ------------------------------------------


def test_a_gpu_on_the_bus_that_nvml_does_not_list_is_an_error():
    f = host("dgx-h100-8gpu")
    del f.gpus.devices[5]  # 0000:ab:00.0 fell off: still on the bus, NVML no longer lists it
    f.cuda.driver_api.device_count = 7
    hits = found(f, "gpu-coverage-mismatch")
    assert len(hits) == 1 and hits[0].severity == "error"
    assert "8 GPUs bound to nvidia on the PCI bus, NVML lists 7" in hits[0].message and "0000:ab:00.0" in hits[0].message


def test_an_nvml_device_error_such_as_gpu_is_lost_is_an_error():
    f = host("dgx-h100-8gpu")
    f.gpus.devices[3].error = "GPU_IS_LOST"  # the field another change adds to Gpu
    f.cuda.driver_api.device_count = 7
    hits = found(f, "gpu-coverage-mismatch")
    assert len(hits) == 1 and "GPU 3" in hits[0].message and "GPU_IS_LOST" in hits[0].message


def test_cuinit_counting_fewer_gpus_than_nvml_is_an_error_without_cuda_visible_devices():
    f = host("dgx-h100-8gpu")
    f.cuda.driver_api.device_count = 6
    assert "cuInit sees 6 GPU(s), NVML 8" in found(f, "gpu-coverage-mismatch")[0].message
    assert not found(f, "gpus-restricted-by-cuda-visible-devices")


def test_cuda_visible_devices_turns_a_cuda_gap_into_a_warning_that_names_it():
    f = host("dgx-h100-8gpu")
    f.env.variables["CUDA_VISIBLE_DEVICES"] = "0"
    f.cuda.driver_api.device_count = 1
    assert not found(f, "gpu-coverage-mismatch")
    hits = found(f, "gpus-restricted-by-cuda-visible-devices")
    assert [h.severity for h in hits] == ["warning"] and "CUDA_VISIBLE_DEVICES='0'" in hits[0].message


def _smoke_on(f, gpus, name="matmul"):
    from envcheck.model import SmokeResult

    devices = [{"label": f"gpu{i}", "uuid": g.uuid[4:], "pci_bus_id": g.pci_bus_id, "name": g.name, "mig": False}
               for i, g in enumerate(gpus)]
    f.smoke.status, f.smoke.device = "ok", "cuda"
    f.smoke.results.append(SmokeResult(name=name, status="pass", device="cuda", devices=devices))
    return f


def test_smoke_tests_that_ran_on_fewer_gpus_than_nvml_lists_are_a_coverage_gap():
    f = host("dgx-h100-8gpu")
    _smoke_on(f, f.gpus.devices[:4])
    _smoke_on(f, f.gpus.devices[:4], name="memory")
    hits = found(f, "gpu-coverage-mismatch")
    assert len(hits) == 1 and "ran on 4 GPU(s)" in hits[0].message and f.gpus.devices[7].uuid in hits[0].message


def test_smoke_tests_on_every_gpu_cover_the_host():
    f = host("dgx-h100-8gpu")
    _smoke_on(f, f.gpus.devices[:4])
    _smoke_on(f, f.gpus.devices[4:], name="memory")
    assert not found(f, "gpu-coverage-mismatch")


def test_a_container_given_some_gpus_is_not_a_coverage_gap():
    f = host("dgx-h100-8gpu")
    f.container.inside = True
    del f.gpus.devices[4:]
    f.cuda.driver_api.device_count = 4
    assert not found(f, "gpu-coverage-mismatch")


# --- B1: smoke results are facts the rules judge ----------------------------------------------

NO_KERNEL = ("Traceback (most recent call last):\n  File \"matmul.py\", line 61, in run\n"
             "torch.AcceleratorError: CUDA error: no kernel image is available for execution on the device\n")


def _failed_matmul(f, with_observations):
    from envcheck.model import Observation, SmokeResult

    gpu = f.gpus.devices[0]
    result = SmokeResult(name="matmul", status="error", device="cuda", stderr_tail=NO_KERNEL,
                         message="matmul exited with code 1 without a result",
                         devices=[{"label": "gpu0", "uuid": gpu.uuid, "pci_bus_id": gpu.pci_bus_id,
                                   "name": gpu.name, "mig": False}])
    f.smoke.status, f.smoke.device, f.smoke.results = "ok", "cuda", [result]
    if with_observations:  # what certify adds: each failing result's stderr lines
        f.observations += [Observation(text=line, source="smoke:matmul") for line in NO_KERNEL.splitlines()]
    return f


@pytest.mark.parametrize("with_observations", [True, False])
def test_a_failed_matmul_with_no_kernel_image_names_the_missing_architecture(with_observations):
    f = host("workstation-rtx5090")
    f.frameworks.installed = []  # nothing in the static facts predicts it: the smoke test is the evidence
    _failed_matmul(f, with_observations)
    first = rules.run(f, M)[0]
    assert first.slug == "gpu-arch-not-in-build", [x.slug for x in rules.run(f, M)]
    assert "RTX 5090" in first.message and "sm_120" in first.message
    assert "smoke-test-failed" not in [x.slug for x in rules.run(f, M)]  # explained, not a bare failure


def test_a_smoke_failure_no_rule_explains_is_reported_with_its_message():
    from envcheck.model import SmokeResult

    f = host("dgx-h100-8gpu")
    f.smoke.status = "ok"
    f.smoke.results = [
        SmokeResult(name="matmul", status="fail", device="cuda", message="gpu3 fp16: 41.2 TFLOP/s, below 30% of peak"),
        SmokeResult(name="memory", status="error", device="cuda", message="memory exited with code 1",
                    stderr_tail="torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 70.00 GiB"),
        SmokeResult(name="driver", status="pass", device="cuda")]
    hits = found(f, "smoke-test-failed")
    assert [h.severity for h in hits] == ["error", "error"]
    assert "41.2 TFLOP/s" in hits[0].message and "nvidia-smi --query-compute-apps" in hits[1].fix[0]
    assert "smoke-test-failed" not in [x.slug for x in rules.run(host("dgx-h100-8gpu"), M)]


# --- GPU007: peer-to-peer on GeForce pairs ----------------------------------------------------


def _two_gpus(name):
    from envcheck.model import TopologyLink

    f = host("dgx-h100-8gpu")
    f.gpus.devices = f.gpus.devices[:2]
    for gpu in f.gpus.devices:
        gpu.name, gpu.nvlinks = name, []
    f.gpus.topology = [TopologyLink(gpu_a=0, gpu_b=1, level="hostbridge", p2p_read="chipset-not-supported")]
    f.system.iommu = "on"
    return f


def test_p2p_missing_between_geforce_cards_is_by_design_not_an_acs_fix():
    f = _two_gpus("NVIDIA GeForce RTX 4090")
    assert not found(f, "p2p-blocked")
    hits = found(f, "p2p-unavailable-by-design")
    assert [h.severity for h in hits] == ["info"] and "by design" in hits[0].message
    assert not any("iommu" in step or "ACS" in step or "acs" in step for step in hits[0].fix)


def test_p2p_missing_between_datacenter_cards_keeps_the_acs_advice():
    f = _two_gpus("NVIDIA L40S")
    hits = found(f, "p2p-blocked")
    assert [h.severity for h in hits] == ["warning"] and any("iommu=pt" in step for step in hits[0].fix)
    assert not found(f, "p2p-unavailable-by-design")


# --- B4/B6/B7: rules ask the matrix by name; no dead exports --------------------------------


def test_rules_never_walk_raw_matrix_rows():
    from pathlib import Path

    for path in Path(rules.__file__).parent.glob("*.py"):
        text = path.read_text()
        assert ".rows(" not in text and 'get("arch_list"' not in text and "__all__" not in text, path.name


def test_newest_torch_for_a_compute_capability_respects_the_driver():
    version, variant = M.newest_torch_for_cc("12.0")
    assert variant.startswith("cu") and int(variant[2:]) >= 128  # Blackwell needs CUDA 12.8 builds
    assert M.newest_torch_for_cc("12.0", "470.82.01") is None  # a 470 driver runs CUDA 11 builds only
    older = M.newest_torch_for_cc("8.0", "470.82.01")
    assert older is not None and older[1].startswith("cu11")
    assert "2.5.1" in M.torch_releases_for_python("3.12") and M.torch_cudnn("2.5.1", "cu124")


# --- C3: situations, not the corpus's own words -----------------------------------------------


def paste_slugs(text):
    """The causes doctor names for a paste (not the "possible" ones it suggests checking)."""
    from envcheck.importers import from_text

    return [f.slug for f in rules.run(from_text(text, "paste.txt"), M) if f.confidence != "possible"]


def test_an_unsigned_module_that_loaded_is_not_secure_boot_refusing_it():
    tainted = "[    4.2] nvidia: module verification failed: signature and/or required key missing - tainting kernel"
    assert "secure-boot-blocks-module" not in paste_slugs(tainted)
    assert "secure-boot-blocks-module" in paste_slugs("modprobe: ERROR: could not insert 'nvidia': Key was rejected "
                                                      "by service")


def test_cuda_visible_devices_needs_a_program_that_sees_no_gpu_not_a_phrase():
    assert "cuda-visible-devices-invalid" not in paste_slugs("export CUDA_VISIBLE_DEVICES=1\nthe demo returns false")
    assert "cuda-visible-devices-invalid" not in paste_slugs("export CUDA_VISIBLE_DEVICES=1\n"
                                                             "torch.cuda.is_available() -> True")
    collect_env = ("PyTorch version: 2.3.0+cu121\nCUDA used to build PyTorch: 12.1\nIs CUDA available: False\n"
                   "export CUDA_VISIBLE_DEVICES=1\n")
    assert paste_slugs(collect_env)[0] == "cuda-visible-devices-invalid"


def test_a_gpu_the_framework_named_means_there_is_a_gpu_any_other_capability_word_does_not():
    assert "no-nvidia-gpu" in paste_slugs("RuntimeError: No CUDA GPUs are available\n"
                                          "the spec sheet says compute capability 8.6")
    assert "no-nvidia-gpu" not in paste_slugs("RuntimeError: No CUDA GPUs are available\n"
                                              "Found GPU0 GeForce GTX 680 which is of cuda capability 3.0.")


def test_a_generic_docker_daemon_message_is_not_evidence_of_a_gpu_less_container():
    text = ('docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].\n'
            "ERRO[0000] error waiting for container: context canceled\n")
    assert paste_slugs(text)[0] == "container-toolkit-missing"
    assert paste_slugs(text + "Docker Desktop 4.30 on Windows 11 (WSL2 backend)\n")[0] == "container-no-gpu"


def test_cuinit_code_comes_from_the_error_name_not_any_digits_in_the_line():
    from envcheck.importers import from_text

    def message(text):
        return next(f.message for f in rules.run(from_text(text), M) if f.slug == "cuda-init-failed")

    assert "804" not in message("[pid 28045] RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run "
                                "some cuda functions before calling NumCudaDevices()?")
    assert "804" in message("Error 804: forward compatibility was attempted on non supported HW")


def test_each_frameworks_cudnn_mismatch_message_names_both_versions():
    """The same situation in five real wordings: TensorFlow, PyTorch now and before, JAX's two."""
    from envcheck.importers import from_text

    wordings = {
        "Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0.  CuDNN library needs to have "
        "matching major version and equal or higher minor version.": ("8.0.4", "8.1.0"),
        "RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 5, 0) but found runtime "
        "version (8, 3, 3).": ("8.3.3", "8.5.0"),
        "cuDNN version mismatch:Pytorch was compiled against 7102 but link against 7301": ("7.3.1", "7.1.2"),
        "Outdated cuDNN installation found.\nVersion JAX was built against: 8907\nMinimum supported: 9100\n"
        "Installed version: 8907": ("8.9.7", "9.1.0"),
        "CUDA backend failed to initialize: Found cuDNN version 8500, but JAX was built against version 8600, which is "
        "newer.": ("8.5.0", "8.6.0"),
    }
    for text, (loaded, built) in wordings.items():
        finding = rules.run(from_text(text, "paste.txt"), M)[0]
        assert finding.slug == "cudnn-version-mismatch", text
        assert f"loaded {loaded}; the build needs {built}" in finding.message, (text, finding.message)


def test_a_gpu_below_a_tools_minimum_is_named_with_its_capability_in_each_tools_words():
    from envcheck.importers import from_text

    wordings = {
        "RuntimeError: Found NVIDIA GeForce GTX 1080 Ti which is too old to be supported by the triton GPU compiler, "
        "which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of "
        "CUDA capability 6.1": "6.1",
        "Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla P100-PCIE-16GB GPU "
        "has compute capability 6.0.\nRuntimeError: GPUs with compute capability below 7.0 are not supported.": "6.0",
        "Found GPU0 GeForce GTX 680 which is of cuda capability 3.0.\n    PyTorch no longer supports this GPU because "
        "it is too old.\n    The minimum cuda capability supported by this library is 3.7.": "3.0",
    }
    for text, cc in wordings.items():
        finding = rules.run(from_text(text, "paste.txt"), M)[0]
        assert finding.slug == "gpu-arch-unsupported", text
        assert finding.evidence["compute_capability"] == cc, text


def test_no_kernel_image_on_a_gpu_older_than_the_build_is_the_old_gpu_rule():
    """"no kernel image" says the build lacks the GPU's arch, not whether the GPU is too new or too old."""
    from envcheck.importers import from_text

    paste = ("- GPU: NVIDIA GeForce GTX 1050 (compute capability 6.1)\n- PyTorch: 2.8.0+cu128\n"
             "torch.AcceleratorError: CUDA error: no kernel image is available for execution on the device\n")
    found = rules.run(from_text(paste, "paste.txt"), M)
    assert found[0].slug == "gpu-arch-unsupported" and "gpu-arch-not-in-build" not in [f.slug for f in found]


def test_an_nvidia_image_that_finds_no_driver_was_started_without_gpus():
    """Both wordings NVIDIA's images have printed, and the command that started the container."""
    from envcheck.importers import from_text

    for banner in ("WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.\n"
                   "   Use 'nvidia-docker run' to start this container; see\n",
                   "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.\n"
                   "   Use the NVIDIA Container Toolkit to start this container with GPU support; see\n"):
        finding = rules.run(from_text("$ docker run -it --rm my/image:latest\n" + banner, "paste.txt"), M)[0]
        assert finding.slug == "container-no-gpu", banner
        assert finding.evidence["commands"] == ["docker run -it --rm my/image:latest"]


def test_a_docker_run_that_asks_for_gpus_is_not_blamed():
    from envcheck.rules.container import runs_without_gpus

    asked = ["docker run --gpus all img", "docker run --runtime=nvidia img", "podman run --device nvidia.com/gpu=all img",
             "sudo docker run -e NVIDIA_VISIBLE_DEVICES=0 --runtime nvidia img", "nvidia-docker run img"]
    assert runs_without_gpus(asked) == []
    assert runs_without_gpus(["sudo docker run -it img bash"]) == ["sudo docker run -it img bash"]


def test_a_container_that_lost_its_gpu_devices_is_told_apart_from_a_broken_host():
    from envcheck.importers import from_text

    in_pod = ("After setting cpu-manager-policy=static, the pod with gpu running nvidia-smi reports an error\n"
              "$ kubectl exec -it gpu-pod -- nvidia-smi\nFailed to initialize NVML: Unknown Error\n")
    strace = ('docker exec -it trainer strace nvidia-smi\nopen("/dev/nvidiactl", O_RDWR) = -1 EPERM '
              '(Operation not permitted)\n')
    for paste in (in_pod, strace):
        assert rules.run(from_text(paste, "paste.txt"), M)[0].slug == "container-cgroup-device-access-lost", paste
    on_host = "$ nvidia-smi\nFailed to initialize NVML: Unknown Error\n"
    named = [f.slug for f in rules.run(from_text(on_host, "p"), M) if f.confidence != "possible"]
    assert "container-cgroup-device-access-lost" not in named


def test_driver_messages_in_their_other_real_wordings():
    from envcheck.importers import from_text

    long_prefix = ("docker: Error response from daemon: OCI runtime create failed: container_linux.go:348: starting "
                   "container process caused \"process_linux.go:402: container init caused \\\"process_linux.go:385: "
                   "running prestart hook 1 caused \\\\\\\"error running hook: exit status 1, stdout: , stderr: "
                   "exec command: [/usr/bin/nvidia-container-cli --load-kmods configure --ldconfig=@/sbin/ldconfig."
                   "real --device=all --compute --utility --require=cuda>=9.2 --pid=1234 /var/lib/docker/overlay2/"
                   + "a" * 200 + "/merged]\\\\\\\\nnvidia-container-cli: ")
    cases = {
        "NVRM: API mismatch: the client has the version 367.44, but\n"
        "NVRM: this kernel module has the version 367.35.  Please\n": "driver-library-mismatch",
        "NVRM: API mismatch: the NVIDIA kernel module has version 535.104.05,\n"
        "but this NVIDIA driver component has version 535.129.03.": "driver-library-mismatch",
        "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=11.0, please update your driver "
        "to a newer version, or use an earlier cuda container: unknown.": "driver-too-old",
        long_prefix + "requirement error: unsatisfied condition: cuda >= 9.2\\\\\\\\n\\\\\\\"\\\"\": unknown.":
            "driver-too-old",
        "RuntimeWarning: JAX plugin jax_cuda12_plugin version 0.9.2 is installed,\n"
        "but it is not compatible with the installed jaxlib version 0.9.0.1": "framework-plugin-mismatch",
    }
    for text, slug in cases.items():
        assert rules.run(from_text(text, "paste.txt"), M)[0].slug == slug, text[-120:]


def test_bfloat16_on_a_gpu_without_it_in_each_tools_words():
    from envcheck.importers import from_text

    wordings = [
        "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla "
        "V100-SXM2-32GB GPU has compute capability 7.0. You can use float16 instead by explicitly setting the"
        "`dtype` flag in CLI, for example: --dtype=half.",
        "ValueError: Your setup doesn't support bf16/gpu. You need torch>=1.10, using Ampere GPU with cuda>=11.0",
        "RuntimeError: Current CUDA Device does not support bfloat16. Please switch dtype to float16.",
    ]
    for text in wordings:
        finding = rules.run(from_text("GPU: Tesla T4\n" + text, "paste.txt"), M)[0]
        assert finding.slug == "bf16-unsupported-gpu", text
    vllm = rules.run(from_text(wordings[0], "paste.txt"), M)[0]
    assert "Tesla V100-SXM2-32GB (compute capability 7.0)" in vllm.message


def test_nvcc_asked_for_an_architecture_newer_than_itself_in_both_wordings():
    from envcheck.importers import from_text

    for text, cc in (("nvcc fatal   : Unsupported gpu architecture 'compute_86'", "8.6"),
                     ("nvcc fatal   : Value 'sm_90' is not defined for option 'gpu-architecture'", "9.0")):
        finding = rules.run(from_text(text, "paste.txt"), M)[0]
        assert (finding.slug, finding.scope, finding.evidence["compute_capability"]) == (
            "nvcc-too-old-for-gpu-arch", "build", cc)
        assert finding.evidence["needs_cuda"] == M.oldest_cuda_for_cc(cc) and finding.evidence["needs_cuda"]


def test_shared_memory_said_small_in_nccls_and_rays_words():
    from envcheck.importers import from_text

    for text in ("NCCL WARN Error: failed to extend /dev/shm/nccl-3Hbt0V to 9637892 bytes",
                 "WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm has only 67108864 "
                 "bytes available. This will harm performance!"):
        assert rules.run(from_text(text, "paste.txt"), M)[0].slug == "shm-too-small", text


def test_a_plain_docker_run_and_a_program_that_sees_no_gpu():
    from envcheck.importers import from_text

    paste = ("$ sudo docker run  -t -i floydhub/pytorch:latest-gpu-py3 ipython\nIn [1]: import torch\n"
             "In [2]: torch.cuda.is_available()\nOut[2]: False\n")
    finding = rules.run(from_text(paste, "paste.txt"), M)[0]
    assert finding.slug == "container-no-gpu"
    assert finding.evidence["commands"] == ["sudo docker run -t -i floydhub/pytorch:latest-gpu-py3 ipython"]


def test_a_container_without_the_driver_libraries_was_not_started_by_the_nvidia_runtime():
    from envcheck.importers import from_text

    for text in ("kubectl describe pods nvidia-device-plugin\nLoading NVML\n"
                 "Failed to start nvml with error:  could not load NVML library",
                 "$ docker exec -it train nvidia-smi\nNVIDIA-SMI couldn't find libnvidia-ml.so library in your system. "
                 "Please make sure that the NVIDIA Display Driver is properly installed and present in your system."):
        assert rules.run(from_text(text, "paste.txt"), M)[0].slug == "container-runtime-not-configured", text
