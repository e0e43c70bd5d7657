"""Situations batch 11 showed that no rule knew: Triton without a C compiler, ..."""

from __future__ import annotations

import shutil

from envcheck.host import DirectoryHost, LiveHost
from envcheck.probes import cuda as cuda_probe
from envcheck.probes import collect
from tests.conftest import HOSTS, corpus_paste as corpus, first_finding as first, need, paste_slugs, shipped_matrix
from envcheck import rules



def test_triton_without_a_c_compiler_in_each_wording():
    for case in ("731-", "733-", "746-"):
        assert first(corpus(case)).slug == "c-compiler-missing-for-triton", case
    wrapped = first("  File \"/opt/venv/lib/python3.11/site-packages/triton/runtime/build.py\", line 32, in _build\n"
                    "    raise RuntimeError(\nRuntimeError: Failed to find C compiler. Please specify via CC\n"
                    "environment variable or set triton.knobs.build.impl.")
    assert wrapped.slug == "c-compiler-missing-for-triton"
    inductor = first("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
                     "RuntimeError: Failed to find C compiler. Please specify via CC environment variable.\n"
                     "$ docker run --gpus all myimage which gcc\n/bin/sh: 1: gcc: not found")
    assert inductor.evidence["shell"].endswith("gcc: not found")
    assert "Dockerfile" in inductor.fix[0]  # a container's compiler belongs in its image
    # a compiler that is there but fails is another matter
    assert "c-compiler-missing-for-triton" not in paste_slugs("error: command 'gcc' failed with exit code 1")


def test_the_probe_finds_the_compiler_triton_would_use(tmp_path):
    need(shutil.which("gcc") is not None, "gcc is not installed (the README's test command installs it)")
    assert cuda_probe.c_compiler(LiveHost(env={"PATH": "/usr/bin"})) == "/usr/bin/gcc"
    assert cuda_probe.c_compiler(LiveHost(env={"PATH": str(tmp_path)})) == ""
    assert cuda_probe.c_compiler(LiveHost(env={"PATH": str(tmp_path), "CC": "/opt/conda/bin/gcc"})) == "/opt/conda/bin/gcc"


def test_a_host_with_triton_and_no_compiler_is_told_before_the_first_kernel():
    facts = collect(DirectoryHost(str(HOSTS / "workstation-rtx5090")))  # triton 3.2.0, no gcc or clang
    assert facts.cuda.c_compiler == ""
    found = {f.slug: f for f in rules.run(facts, shipped_matrix())}
    assert found["c-compiler-missing-for-triton"].evidence["python.distributions.triton"] == "3.2.0"
    facts.cuda.c_compiler = "/usr/bin/gcc"
    assert "c-compiler-missing-for-triton" not in {f.slug for f in rules.run(facts, shipped_matrix())}


def test_a_jetson_named_by_its_jetpack_release_runs_an_image_of_another_l4t_release():
    for case in ("759-", "760-"):
        found = first(corpus(case))
        assert found.slug == "l4t-container-host-mismatch", case
    assert first(corpus("760-")).evidence["l4t_for_jetpack"] == ["34.1.1"]  # read from the apt show record
    jp6 = first("Jetson Orin Nano, JetPack 6.2\n$ docker run --runtime nvidia dustynv/l4t-pytorch:r35.4.1\n"
                "RuntimeError: No CUDA GPUs are available")
    assert jp6.slug == "l4t-container-host-mismatch" and jp6.evidence["container_l4t_release"] == "35.4.1"
    # one major release, two families: a 32.6.1 host runs only its own release's containers
    older = first("L4T R32.6.1 on a Jetson Nano\ndocker run --runtime nvidia nvcr.io/nvidia/l4t-ml:r32.7.1-py3\n"
                  "cudaGetDeviceCount returned 3 -> initialization error")
    assert older.slug == "l4t-container-host-mismatch"
    # 32.7.x run each other's containers, and JetPack 4.6.1 flashes 32.7.1
    same = "Jetson Nano with JetPack 4.6.1\ndocker run --runtime nvidia nvcr.io/nvidia/l4t-ml:r32.7.3-py3\n" \
           "RuntimeError: CUDA out of memory."
    assert "l4t-container-host-mismatch" not in paste_slugs(same)


def test_an_apt_record_names_its_package_version():
    from envcheck.importers.paste import package_records
    lines = ["Package: nvidia-jetpack", "Version: 5.1.2-b104", "Architecture: arm64", "",
             "Package: cuda-toolkit-12-2", "Status: install ok installed", "Version: 12.2.12-1"]
    assert package_records(lines) == ["nvidia-jetpack 5.1.2-b104", "cuda-toolkit-12-2 12.2.12-1"]
    assert package_records(["Package: x", "", "Version: 1"]) == []  # a blank line ends the record


def test_nccl_left_to_choose_takes_interfaces_only_this_host_has():
    found = first(corpus("751-"))  # the list wrapped one interface per line
    assert found.slug == "nccl-wrong-socket-interface"
    assert found.evidence["host_local"][0] == "br-05ab815fa14e" and "NCCL_SOCKET_IFNAME=bond0" in found.fix[0]
    one_line = ("node1:2212:2212 [0] NCCL INFO NET/Socket : Using [0]eth0:10.1.1.2<0> [1]virbr0:192.168.122.1<0>\n"
                "node1:2212:2290 [0] misc/socket.cc:480 NCCL WARN socketStartConnect: Connect to 192.168.122.1<43513> "
                "failed : No route to host\n"
                "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1691, remote process exited or "
                "there was a network error, NCCL version 2.19.3")
    assert first(one_line).slug == "nccl-wrong-socket-interface"
    bootstrap = first("NCCL INFO Bootstrap : Using tailscale0:100.64.0.3<0>\nncclRemoteError: A call failed possibly "
                      "due to a network error or a remote process exiting prematurely.")
    assert bootstrap.slug == "nccl-wrong-socket-interface" and bootstrap.evidence["nccl_interfaces"] == ["tailscale0"]
    # the nodes' own network alone, or a working job, is not this cause
    assert "nccl-wrong-socket-interface" not in paste_slugs(one_line.replace("[1]virbr0:192.168.122.1<0>", ""))
    assert "nccl-wrong-socket-interface" not in paste_slugs(
        "NCCL INFO NET/Socket : Using [0]eth0:10.1.1.2<0> [1]br-1a2b3c:172.18.0.1<0>\nNCCL INFO comm 0x5 rank 0 nranks 2 - Init COMPLETE")


def test_a_site_refusing_a_gpu_request_says_what_it_wants():
    typed = first(corpus("769-"))
    assert typed.slug == "slurm-gres-type-required" and typed.evidence["request"] == "--gres=gpu:4"
    other = first("#SBATCH --gres=gpu:2\nsbatch: error: You must specify a GPU type, e.g. --gres=gpu:a100:2\n"
                  "sbatch: error: Batch job submission failed: Invalid generic resource (gres) specification")
    assert other.slug == "slurm-gres-type-required" and other.fix[1].startswith("#SBATCH --gres=gpu:<type>:2")
    for text in (corpus("770-"), "sbatch: error: Jobs in partition gpu must request at least one GPU (--gres=gpu:N)\n"
                                 "sbatch: error: Batch job submission failed: Unspecified error"):
        found = first(text)
        assert found.slug == "gpu-not-requested-from-scheduler" and "--gres=gpu:1" in found.fix[0]


def test_an_engine_without_cdi_reads_the_device_name_as_a_path():
    podman = first(corpus("744-"))
    assert podman.slug == "container-engine-too-old-for-cdi" and podman.evidence["engine"] == "podman 3.0.1"
    docker = first('$ docker run --rm --device nvidia.com/gpu=all ubuntu nvidia-smi\ndocker: Error response from daemon: '
                   'error gathering device information while adding custom device "nvidia.com/gpu=all": no such file or '
                   'directory.')
    assert docker.slug == "container-engine-too-old-for-cdi"
    # an engine that reads CDI and finds no spec says so in other words
    assert first("Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all").slug == \
        "cdi-devices-unresolvable"


def test_the_toolkit_cannot_run_the_ldconfig_its_config_names():
    found = first(corpus("721-"))
    assert found.slug == "container-toolkit-ldconfig-path-wrong"
    assert (found.evidence["ldconfig"], found.evidence["host_ldconfig"]) == ("/sbin/ldconfig", True)
    refused = first("docker: Error response from daemon: failed to create shim task: OCI runtime create failed: "
                    "runc create failed: unable to start container process: error during container init: error running "
                    "hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\n"
                    "nvidia-container-cli: ldcache error: open failed: /sbin/ldconfig.real: no such file or directory: "
                    "unknown.")
    assert refused.slug == "container-toolkit-ldconfig-path-wrong" and refused.evidence["ldconfig"] == "/sbin/ldconfig.real"
