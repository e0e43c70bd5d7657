"""Situations met in session 43, from batch 30: a program linked against NPP of another CUDA major, an image refused by
nvidia-container-cli on a clause of its NVIDIA_REQUIRE_CUDA alternatives, and a Flatpak NVIDIA GL extension reported
missing by name, and a person saying their GPU older than Ampere has no bfloat16. Each reading is tried on at least two real wordings, and on texts it must leave alone."""

from __future__ import annotations

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_a_program_linked_against_npp_of_another_cuda_major():
    # mpv#3618: FFmpeg built against CUDA 7.5's libnppi, after an upgrade to CUDA 8.0
    found = first(corpus("1735-"))
    assert found.slug == "cuda-libraries-missing" and found.evidence["asked_by"] == "libnppi.so.7.5"
    assert found.evidence["wanted_cuda_major"] == "7.5"
    assert any("rebuild it" in line for line in found.fix)
    # sickbeard_mp4_automator#1477: FFmpeg copied from a CUDA 11 image into another one
    found = first("root@/# ffmpeg\nffmpeg: error while loading shared libraries: libnppig.so.11: cannot open shared "
                  "object file: No such file or directory")
    assert found.slug == "cuda-libraries-missing"
    assert any("nvidia-npp-cu11" in line for line in found.fix)
    # OvenMediaEngine#1508: a CUDA 11 build on a host with CUDA 12.3
    found = first("- CUDA version: 12.3\n/opt/ovenmediaengine/bin/OvenMediaEngine: error while loading shared "
                  "libraries: libnppig.so.11: cannot open shared object file: No such file or directory")
    assert found.slug == "cuda-libraries-missing" and found.evidence["host_cuda"] == ["12"]


def test_npp_named_without_a_failure_is_no_finding():
    text = "ldconfig -p | grep npp\n\tlibnppig.so.12 (libc6,x86-64) => /usr/local/cuda/lib64/libnppig.so.12"
    assert "cuda-libraries-missing" not in slugs(text)


REFUSED = ('exec command: [/usr/bin/nvidia-container-cli --load-kmods configure --ldconfig=@/sbin/ldconfig.real '
           '--device=all --compute --utility --require=cuda>=10.0 brand=tesla,driver>=384,driver<385 --pid=8170 '
           '/var/lib/docker/overlay2/47e9/merged]\\\\nnvidia-container-cli: requirement error: unsatisfied condition: '
           '{clause}\\\\n\\"": unknown.')


def test_an_image_refused_on_a_clause_of_its_cuda_alternatives():
    # amazon-ecs-agent#1959 ("driver < 385"); blog and docs posts quoting "brand = tesla" (Determined's docs read
    # it as a driver too old for the image's CUDA 10)
    found = first(corpus("1741-"))
    assert found.slug == "driver-too-old" and "requires CUDA 10.0" in found.message
    for clause in ("brand = tesla", "driver < 385"):
        found = first(REFUSED.format(clause=clause))
        assert found.slug == "driver-too-old" and "CUDA 10.0" in found.message, clause
        assert any("matrix compat" in line for line in found.fix)
    # the CUDA floor itself refused reads the same way
    found = first("nvidia-container-cli: requirement error: unsatisfied condition: cuda>=11.6, please update your "
                  "driver to a newer version, or use an earlier cuda container: unknown.")
    assert found.slug == "driver-too-old" and "CUDA 11.6" in found.message


def test_a_refused_clause_without_a_cuda_floor_is_not_the_driver():
    # an architecture requirement (NVIDIA_REQUIRE_ARCH) is no CUDA floor
    text = ("nvidia-container-cli --load-kmods configure --require=arch>=7.0 --pid=1 /merged]\n"
            "nvidia-container-cli: requirement error: unsatisfied condition: arch >= 7.0")
    assert "driver-too-old" not in slugs(text)


def test_a_flatpak_gl_extension_reported_missing_by_name():
    # flatpak#1663 (Nuvola's dialog), flatpak#1702 (the same for 390.59), GL.nvidia#107 (flatpak's own words)
    found = first(corpus("1758-"))
    assert found.slug == "flatpak-nvidia-runtime-missing-for-driver" and found.evidence["driver"] == "390.48"
    assert any("org.freedesktop.Platform.GL.nvidia-390-48" in line for line in found.fix)
    found = first("Runner: [WARNING Nuvola] StartupWindow.vala:205: opengl-driver-message: Graphics driver "
                  "'nvidia-390-59' for Flatpak has not been found on your system.")
    assert found.slug == "flatpak-nvidia-runtime-missing-for-driver" and found.evidence["driver"] == "390.59"
    found = first("flatpak install org.freedesktop.Platform.GL.nvidia-515-43-04\nLooking for matches…\n"
                  "error: No remote refs found similar to ‘org.freedesktop.Platform.GL.nvidia-515-43-04’")
    assert found.slug == "flatpak-nvidia-runtime-missing-for-driver" and found.evidence["driver"] == "515.43.04"


def test_an_installed_flatpak_gl_extension_is_no_finding():
    text = ("$ flatpak list --runtime\norg.freedesktop.Platform.GL.nvidia-470-86\tflathub\n"
            "error: No remote refs found for ‘org.freedesktop.Platform.GL.nvidia’")
    assert "flatpak-nvidia-runtime-missing-for-driver" not in slugs(text)


def test_a_person_saying_their_gpu_older_than_ampere_has_no_bfloat16():
    # ComfyUI-CogVideoXWrapper#325 ("2080ti does not support bf16, so I want to try fp16")
    found = first(corpus("1717-"))
    assert found.slug == "bf16-unsupported-gpu" and "7.5" in found.evidence["gpu"]
    # RWKV's README ("Since V100 doesn't support bf16"), a training script's note ("1080 Ti doesn't support bf16")
    for text in ("test bf16 training (Since V100 doesn't support bf16, your sponsorship of A100 would be appreciated)",
                 "# Precision: 16-mixed (1080 Ti doesn't support bf16)"):
        assert first(text).slug == "bf16-unsupported-gpu", text
    # transformers' own refusal, before Accelerate's wording
    assert first("ValueError: Your setup doesn't support bf16. You need Ampere GPU, torch>=1.10, cuda>=11.0").slug \
        == "bf16-unsupported-gpu"


def test_bfloat16_denied_of_a_library_a_cpu_or_a_newer_gpu_is_no_finding():
    for text in ("spconv does not support bf16, cast to fp32 (Tesla V100-SXM2-32GB)",
                 "CPU doesn't support bf16, device_map=cpu",
                 "my RTX 3090 does not support bf16? it should"):
        assert "bf16-unsupported-gpu" not in slugs(text), text


def test_a_bare_geforce_model_with_ti_or_super_is_a_gpu():
    for text, name in [("I also use 2080ti", "2080 ti"), ("on my 1080 Ti at home", "1080 Ti"),
                       ("a 4070 SUPER here", "4070 SUPER")]:
        assert [g.name for g in from_text(text, "paste.txt").gpus.devices] == [name], text
    for text in ("fixed in the 2020 super release", "port 8080 ti", "in 2080 the model"):
        assert from_text(text, "paste.txt").gpus.devices == [], text
