"""Situations met in session 42, from batch 29 (and the batch-4 report the first of them also explains): a report whose
only GPU is Intel's or AMD's, CUDA_VISIBLE_DEVICES=0 tried without effect, a data-centre GPU written in lower case,
a person stating FlashAttention's Ampere floor, an extension build that ran CUDA_HOME's nvcc on Windows and found none,
and a program naming the CMake option it was built without. Each reading is tried on at least two real wordings, and
on texts it must leave alone."""

from __future__ import annotations

from envcheck.importers import from_text
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as findings, paste_slugs

ERROR_35 = ("onnxruntime::CudaCall CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version ; "
            "GPU=-1231511160 ; hostname=DESKTOP ; expr=cudaSetDevice(info_.device_id);")


def slugs(text: str) -> list:
    return paste_slugs(text, diagnosed_only=True)


def test_a_report_whose_only_gpu_is_another_vendors_has_no_nvidia_gpu():
    # FastChat#2105 ("I have Intel iRIS Graphics GPU"), roop-unleashed#586 ("I have an Intel(R) HD graphics 530",
    # error 35), lora-scripts (batch 4, "Intel Iris Xe")
    for case in ("1663-", "1682-", "311-"):
        assert first(corpus(case)).slug == "no-nvidia-gpu", case
    assert first("my laptop has an AMD Radeon RX 6600M\n" + ERROR_35).slug == "no-nvidia-gpu"


def test_another_vendors_gpu_beside_a_geforce_is_no_such_statement():
    text = "I have Intel UHD graphics and a GeForce GTX 1650\n" + ERROR_35
    assert "no-nvidia-gpu" not in slugs(text)
    # a CPU of AMD's is not a GPU
    assert "no-nvidia-gpu" not in slugs("I have an AMD Ryzen 7 5800H with an RTX 3060\n" + ERROR_35)


def test_cuda_visible_devices_zero_hides_no_gpu():
    # ChatGLM-6B#343: "set CUDA_VISIBLE_DEVICES=0" tried without effect, and torch says it has no CUDA
    assert first(corpus("1661-")).slug == "cpu-only-build"
    assert "cuda-visible-devices-invalid" not in slugs("export CUDA_VISIBLE_DEVICES=0,1\n"
                                                       "torch.cuda.is_available(): False")
    # an index that may not exist still does
    assert "cuda-visible-devices-invalid" in slugs("export CUDA_VISIBLE_DEVICES=1\ntorch.cuda.is_available(): False")


def test_a_data_centre_gpu_in_lower_case_is_read_beside_the_word_gpu():
    for text, name in [("I have p40 GPUs and cannot figure out where to do this", "P40"),
                       ("training on a v100 gpu", "V100")]:
        assert [g.name for g in from_text(text, "paste.txt").gpus.devices] == [name], text
    assert from_text("see page a10 of the manual", "paste.txt").gpus.devices == []


def test_flash_attentions_ampere_floor_stated_by_a_person():
    # axolotl#1359: "Flash attention doesn't support any GPU lower than ampere" and "I have p40 GPUs"
    found = first(corpus("1665-"))
    assert found.slug == "gpu-arch-unsupported" and found.evidence["compute_capability"] == "6.1"
    assert any("attn_implementation" in line for line in found.fix)
    assert not any("older flash-attn release" in line for line in found.fix)  # none supports 6.1
    text = "FlashAttention 2 only supports Ampere and newer GPUs, and I am on a Tesla V100"
    assert first(text).slug == "gpu-arch-unsupported"
    # flash-attn's own message needs no GPU named (flash-attention#762)
    assert first(corpus("624-")).slug == "gpu-arch-unsupported"
    # beside an Ampere GPU the statement explains nothing
    assert "gpu-arch-unsupported" not in slugs("FlashAttention 2 only supports Ampere and newer, I have an RTX 3090")


def test_an_extension_build_that_finds_no_nvcc_at_cuda_home_on_windows():
    # NVIDIA/apex#1549: get_cuda_bare_metal_version runs CUDA_HOME/bin/nvcc; Windows answers error 2 in Chinese
    found = first(corpus("1690-"))
    assert found.slug == "cuda-toolkit-missing"
    assert any("%CUDA_PATH%" in line for line in found.fix) and not any("export" in line for line in found.fix)
    # the same traceback failing for another reason is not this
    text = ('    raw_output = subprocess.check_output([cuda_dir + "/bin/nvcc", "-V"], universal_newlines=True)\n'
            "ModuleNotFoundError: No module named 'packaging'\n")
    assert "cuda-toolkit-missing" not in slugs(text)


def test_a_program_naming_the_cuda_option_it_was_built_without():
    # sherpa-onnx#1299 (Go) and #1620 (C#, the line inside Chinese prose)
    for case in ("1651-", "1652-"):
        found = first(corpus(case))
        assert found.slug == "program-built-without-cuda", case
        assert found.evidence["program"] == "sherpa-onnx" and found.evidence["option"] == "SHERPA_ONNX_ENABLE_GPU"
    found = first("This executable was built without CUDA support.\nRebuild with -DBUILD_CUDA=ON to enable CUDA.")
    assert found.slug == "program-built-without-cuda" and found.evidence["option"] == "BUILD_CUDA"
    # a guide's advice is not a program's refusal
    assert slugs("you can compile llama_ros with --cmake-args -DGGML_CUDA=ON to enable CUDA support") == []


def test_a_tensorflow_op_library_built_against_another_tensorflow():
    # tensorflow/addons#470: Addons 0.5.0 (built against 2.0.0rc0) beside tensorflow-gpu 2.0.0-beta1
    found = first(corpus("1673-"))
    assert found.slug == "framework-plugin-mismatch" and found.evidence["package"] == "tensorflow_addons"
    # Horovod's TensorFlow op library, from a site-packages path
    found = first("NotFoundError: /home/u/envs/tf/lib/python3.6/site-packages/horovod/tensorflow/mpi_lib.cpython-36m-"
                  "x86_64-linux-gnu.so: undefined symbol: _ZN10tensorflow14kernel_factory17OpKernelRegistrar12Init"
                  "InternalEPKNS_9KernelDefEN4absl11string_viewEPFPNS_8OpKernelEPNS_20OpKernelConstructionEE")
    assert found.slug == "framework-plugin-mismatch" and found.evidence["package"] == "horovod"
    # TensorFlow's own library missing its own symbol is a broken TensorFlow, not a companion package
    own = ("ImportError: /home/u/lib/python3.12/site-packages/tensorflow/python/platform/../_pywrap_tensorflow_internal"
           ".so: undefined symbol: _ZN10tensorflow35ConvertSavedModelToTFLiteFlatBufferERKN4toco10ModelFlags")
    assert not any("was built against another TensorFlow" in f.message for f in findings(own))
