from __future__ import annotations

from pathlib import Path

import pytest

from textsim.sts import STSFormatError, read_sts, sts_correlations


def test_reader_takes_fields_by_position(tmp_path: Path) -> None:
    path = tmp_path / "sts-dev.csv"
    path.write_text(
        "main-captions\tMSRvid\t2012test\t0001\t5.000\tA man plays.\tA man is playing.\n"
        "main-forums\tx\t2015\t0002\t1.5\tOne\tTwo\textra\tfields\n"
    )
    frame = read_sts(path)
    assert frame["score"].tolist() == [5.0, 1.5]
    assert frame["sentence2"].tolist() == ["A man is playing.", "Two"]


@pytest.mark.parametrize(
    ("line", "message"),
    [("a\tb\tc\td\t3.0\tonly one", "at least 7"), ("a\tb\tc\td\tx\ts1\ts2", "not a number")],
)
def test_reader_names_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "sts.csv"
    path.write_text("g\tf\ty\t1\t2.0\ts\tt\n" + line + "\n")
    with pytest.raises(STSFormatError, match=rf"sts\.csv:2: .*{message}"):
        read_sts(path)


def test_real_sts_files_parse(mirror: Path) -> None:
    root = mirror / "stsbenchmark" / "stsbenchmark"
    sizes = {name: len(read_sts(root / f"sts-{name}.csv")) for name in ("train", "dev", "test")}
    assert sizes == {"train": 5749, "dev": 1500, "test": 1379}


def test_correlations() -> None:
    out = sts_correlations([1, 2, 3, 4], [2, 4, 6, 9])
    assert out["spearman"] == pytest.approx(100.0)
    assert 95 < out["pearson"] < 100
