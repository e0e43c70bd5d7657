"""Situations met in session 75, each read in general and tried on at least two real wordings."""

from __future__ import annotations

import pytest

from tests.conftest import corpus_paste as corpus, first_finding as first, paste_slugs


@pytest.mark.parametrize("text, dll", [
    (corpus("9745-"), "caffe2_detectron_ops_gpu.dll"),
    (corpus("5475-"), "caffe2_detectron_ops_gpu.dll"),  # a localised Windows, its words garbled in the paste
    # cszn/KAIR#127
    ('OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading '
     '"D:\\Anaconda\\envs\\swin-train\\lib\\site-packages\\torch\\lib\\shm.dll" or one of its dependencies.',
     "shm.dll"),
    # yassouali/pytorch-segmentation#118: a Chinese Windows
    ('OSError: [WinError 1455] 页面文件太小，无法完成操作。 Error loading "F:\\anaconda3\\envs\\pytorch\\lib\\site-packages'
     '\\torch\\lib\\caffe2_detectron_ops_gpu.dll" or one of its dependencies.', "caffe2_detectron_ops_gpu.dll"),
])
def test_windows_commit_limit_while_loading_torch_dlls_names_the_page_file(text, dll):
    found = first(text)
    assert found.code == "SYS029" and found.confidence != "possible"
    assert dll in found.message
    assert any("Virtual memory" in line for line in found.fix)


def test_windows_commit_limit_in_spawned_dataloader_workers_says_each_worker_loads_torch_again():
    # ultralytics/yolov3#1643: the traceback runs through the worker's spawn.py
    text = ('  File "C:\\ProgramData\\Anaconda3\\lib\\multiprocessing\\spawn.py", line 125, in _main\n'
            "    prepare(preparation_data)\n"
            '[WinError 1455] The paging file is too small for this operation to complete. Error loading '
            '"C:\\ProgramData\\Anaconda3\\lib\\site-packages\\torch\\lib\\caffe2_detectron_ops_gpu.dll" or one of '
            "its dependencies.")
    found = first(text)
    assert found.code == "SYS029" and "worker processes" in found.message
    assert "spawn.py" in found.evidence["workers"]


@pytest.mark.parametrize("text", [
    # constructed: a DLL that Windows could not find is another matter (error 126)
    'OSError: [WinError 126] The specified module could not be found. Error loading "C:\\venv\\lib\\site-packages'
    '\\torch\\lib\\c10.dll" or one of its dependencies.',
    # constructed: the host running out of memory on Linux
    "RuntimeError: DataLoader worker (pid 1234) is killed by signal: Killed.",
])
def test_other_load_and_memory_failures_are_not_the_windows_commit_limit(text):
    assert "windows-pagefile-too-small-for-cuda-dlls" not in paste_slugs(text)
