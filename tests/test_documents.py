from __future__ import annotations

import io
import tarfile
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from textsim.text.documents import DocumentFormatError, read_ohsumed, split_sentences


def _tar(path: Path, members: dict[str, bytes]) -> Path:
    with tarfile.open(path, "w:xz") as tf:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return path


def test_split_sentences() -> None:
    text = "Title of it.\n First one. Second (really) one! 3 more? yes, lower case stays.\n"
    assert split_sentences(text) == [
        "Title of it.",
        "First one.",
        "Second (really) one!",
        "3 more? yes, lower case stays.",
    ]


def test_reads_splits_labels_titles_and_sentences(tmp_path: Path) -> None:
    path = _tar(
        tmp_path / "o.tar.xz",
        {
            "ohsumed_single_23/training/C04/0000002": b"Breast cancer.\n Tumours grow. They do.\n",
            "ohsumed_single_23/training/C14/0000001": b"Heart.\n One sentence.\n",
            "ohsumed_single_23/test/C04/0000003": b"Another title\n Text here.\n",
        },
    )
    frame = read_ohsumed(path)
    assert frame["split"].tolist() == ["test", "train", "train"]
    assert frame["label"].tolist() == ["C04", "C04", "C14"]
    assert frame.loc[1, "title"] == "Breast cancer."
    assert frame.loc[1, "sentences"] == ["Breast cancer.", "Tumours grow.", "They do."]
    # the subset keeps the smallest ids of each split
    small = read_ohsumed(path, max_documents=1)
    assert small["doc_id"].tolist() == ["0000003", "0000001"]


@pytest.mark.parametrize(
    ("members", "message"),
    [
        ({"root/other/C01/1": b"x\n"}, r"member root/other/C01/1 is not"),
        ({"root/test/C01/1": b"caf\xe9\n"}, r"member root/test/C01/1: not UTF-8"),
        ({"root/test/C01/1": b"\n \n"}, r"member root/test/C01/1 is empty"),
    ],
)
def test_malformed_collections_name_file_and_member(
    tmp_path: Path, members: dict[str, bytes], message: str
) -> None:
    path = _tar(tmp_path / "bad.tar.xz", members)
    with pytest.raises(DocumentFormatError, match=rf"bad\.tar\.xz: {message}"):
        read_ohsumed(path)


def test_corrupt_archive_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.tar.xz"
    good = _tar(tmp_path / "good.tar.xz", {"r/test/C01/1": b"x\n" * 1000})
    path.write_bytes(good.read_bytes()[:100])
    with pytest.raises(DocumentFormatError, match=r"broken\.tar\.xz: unreadable archive"):
        read_ohsumed(path)


def test_real_ohsumed(mirror: Path) -> None:
    frame = read_ohsumed(mirror / "ohsumed" / "ohsumed_single_23.tar.xz")
    assert frame["split"].value_counts().to_dict() == {"test": 4043, "train": 3357}
    assert frame["label"].nunique() == 23
    assert isinstance(frame, pd.DataFrame) and np.all(frame["sentences"].map(len) >= 2)
