"""A package built for one CUDA (or cuDNN) major on a machine with another: the numbers come from the
package's own words or from matrices/onnxruntime.toml, the machine's from whatever the input says."""

from __future__ import annotations

from envcheck import matrix
from tests.conftest import corpus_paste as corpus, first_finding as first, paste_findings as findings

M = matrix.load()



def test_missing_runtime_library_names_the_major_it_wanted():
    # TensorFlow on Linux (corpus 202) and on Windows, and glibc's own wording
    for text, major in [(corpus("202-"), "11"),
                        ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
                         "'cudart64_110.dll'; dlerror: cudart64_110.dll not found", "11"),
                        ("ImportError: libcublas.so.12: cannot open shared object file: No such file or directory", "12")]:
        finding = first(text)
        assert finding.slug == "cuda-libraries-missing", text
        assert finding.evidence["wanted_cuda_major"] == major and "does not find" in finding.message


def test_the_machines_other_major_is_named_when_known():
    text = ("Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared "
            "object file: No such file or directory\nnvcc: NVIDIA (R) Cuda compiler driver\n"
            "Cuda compilation tools, release 12.2, V12.2.140\n")
    finding = first(text)
    assert finding.slug == "cuda-libraries-missing" and finding.evidence["host_cuda"] == ["12"]
    assert "this machine has CUDA 12" in finding.message


def test_onnxruntime_build_against_the_machines_cuda():
    # 1.16.2 from PyPI is the CUDA 11.8 build; the form says CUDA 12.1 (corpus 243)
    finding = first(corpus("243-"))
    assert (finding.slug, finding.confidence) == ("cuda-libraries-missing", "likely")  # the CUDA is stated in words
    assert finding.evidence["wanted_cuda_major"] == "11" and "matrices/onnxruntime.toml" in finding.evidence["asked_by"]
    # its own message says CUDA 12 and cuDNN 9; the reporter's CUDA is 11.7 (corpus 194)
    finding = first(corpus("194-"))
    assert finding.slug == "cuda-libraries-missing" and "Require cuDNN 9.* and CUDA 12.*" in finding.evidence["asked_by"]
    # with the CUDA it needs, no finding
    quiet = "### ONNX Runtime Version or Commit ID\n\n1.16.2\n\n### Execution Provider Library Version\n\nCUDA 11.8\n"
    assert "cuda-libraries-missing" not in [f.slug for f in findings(quiet)]


def test_onnxruntime_cudnn_major_against_the_machines():
    # PyPI's 1.19.2 needs cuDNN 9, the env has 8.9 (corpus 195); a Jetson wheel says it needs cuDNN 8,
    # JetPack 6.1 has 9.3 (corpus 196): the package's own words beat the table's default build
    for prefix, needs, has in [("195-", "9", "8.9"), ("196-", "8", "9.3")]:
        finding = first(corpus(prefix))
        assert finding.slug == "cudnn-version-mismatch", prefix
        assert f"needs cuDNN {needs}" in finding.message and f"has cuDNN {has}" in finding.message


def test_matrix_knows_which_onnxruntime_build_pypi_serves():
    assert [r["cuda"] for r in M.onnxruntime_builds("1.17.1")][0] == "11.8"
    assert M.onnxruntime_builds("1.19.2")[0]["cuda"] == ">=12.0,<13"
    assert M.onnxruntime_builds("1.1")[0]["onnxruntime_gpu"] == "1.1"  # not 1.10


def test_a_windows_dll_not_found_points_at_path_not_at_ld_library_path():
    # Windows searches PATH only; CUDA_PATH being set does not help (corpus 1166: nvrtc64_70.dll, CUDA's bin not on PATH)
    finding = first(corpus("1166-"))
    assert finding.slug == "cuda-libraries-missing" and "not on PATH" in finding.message
    assert finding.fix[0] == "where nvrtc64_70.dll  # no answer: the directory that holds it is not on PATH"
    assert "%CUDA_PATH_V7_0%\\bin" in finding.fix[1] and not any("LD_LIBRARY_PATH" in line for line in finding.fix)
    # without a minor in the name, the pip wheels of that major are the other way to get them (corpus 1212)
    whisper = first(corpus("1212-"))
    assert whisper.slug == "cuda-libraries-missing" and "nvidia-cublas-cu11" in whisper.fix[-1]
    assert not any("LD_LIBRARY_PATH" in line for line in whisper.fix)
