"""``textsim bench``: one report of every ratio; rows without inputs say why (the
benchmarks themselves are commands, not timed tests)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from textsim.bench.report import bench_cleaning, run_all
from textsim.cli import main
from textsim.report.ratios import BenchRow, format_report, read_rows


def test_report_rows_ratio_target_and_skips() -> None:
    rows = [
        BenchRow("x", "lines", 1.0, 4.0, 100, 50, 3.0, "identical tokens"),
        BenchRow("y", "texts", skipped="no vectors"),
    ]
    assert rows[0].ratio == 8.0  # 100/s against 12.5/s
    text = format_report(rows)
    assert "| x | 100 lines | 12 lines | **8.0x** | ≥ 3x | identical tokens |" in text
    assert "| y | — | — | — | — | skipped: no vectors |" in text


def test_cleaning_row_checks_identical_tokens(tmp_path: Path) -> None:
    wiki = tmp_path / "wiki_00"
    wiki.write_text(
        '<doc id="1" url="u" title="T">\nT\nIn 1,000.5 BC, -3 and +4 the Zoë–İ 5.,6.\n</doc>\n'
    )
    row = bench_cleaning([wiki])
    assert row.agreement == "identical tokens" and row.n_ours == 2 and row.ours_s > 0


def test_missing_inputs_are_reported_not_dropped(tmp_path: Path) -> None:
    rows = run_all(
        results=tmp_path, resources=tmp_path, skip=["scoring", "training"], progress=lambda m: None
    )
    assert [r.skipped != "" for r in rows] == [True] * 5
    assert "no corpus files" in rows[0].skipped and "run the workflow first" in rows[1].skipped
    assert "questions-words" in rows[2].skipped
    assert "run the Schäfer stages first" in rows[3].skipped  # Topic-LSTM, then the RAE


def test_analogy_row_compares_with_gensim(tmp_path: Path) -> None:
    from gensim.models import KeyedVectors

    from textsim.bench.report import bench_analogies

    rng = np.random.default_rng(0)
    kv = KeyedVectors(8)
    kv.add_vectors([f"w{i}" for i in range(50)], rng.normal(size=(50, 8)).astype(np.float32))
    kv.save(str(tmp_path / "v.kv"))
    questions = tmp_path / "q.txt"
    rows = [" ".join(f"w{i}" for i in rng.choice(50, 4)) for _ in range(30)]
    questions.write_text(": s\n" + "\n".join(rows) + "\n")
    row = bench_analogies(tmp_path / "v.kv", questions)
    assert row.agreement.startswith("identical answers") and row.n_ours == 30


def test_command_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "bench.md"
    code = main(
        [
            "bench",
            "--results",
            str(tmp_path),
            "--resources",
            str(tmp_path),
            "--couples",
            "300",
            "--reference-couples",
            "50",
            "--skip",
            "gem",
            "analogies",
            "training",
            "recurrent",
            "-o",
            str(out),
            "--csv",
            str(tmp_path / "bench.csv"),
        ]
    )
    assert code == 0
    text = out.read_text()
    assert "scoring (21 baselines" in text and "skipped: no corpus files" in text
    # the CSV keeps what the table is made of: read back, it gives the same table
    rows = read_rows(tmp_path / "bench.csv")
    assert [r.skipped != "" for r in rows] == [True, False]
    assert format_report(rows) + "\n" == text


def test_rows_round_trip_through_their_csv(tmp_path: Path) -> None:
    from textsim.report.ratios import write_rows

    rows = [
        BenchRow("a, with comma", "lines", 0.5, 2.0, 10, 5, None, "max |diff| 1e-07"),
        BenchRow("b", "texts", skipped="no vectors"),
        BenchRow("c", "texts", 1.0, 1.0, 1, 1, 20.0, ""),
    ]
    write_rows(rows, tmp_path / "rows.csv")
    back = read_rows(tmp_path / "rows.csv")
    assert back[0] == rows[0] and back[2] == rows[2]
    assert back[1].skipped == "no vectors" and back[1].target is None
    (tmp_path / "other.csv").write_text("benchmark,ratio\nx,2\n")
    with pytest.raises(ValueError, match=r"other\.csv: not a bench table"):
        read_rows(tmp_path / "other.csv")


def test_recurrent_rows_time_both_paths_and_check_the_fast_path() -> None:
    """Both recurrent models, fast and padded paths, on documents of the given lengths,
    the fast path twice (cold and warm compilation cache); the fast path gives the
    vectors of Keras' LSTM on the same batches padded to max_words."""
    from textsim.bench.recurrent import MODELS, run_recurrent_benchmark, training_flops
    from textsim.runtime.backend import available_backends

    backend = "jax" if "jax" in available_backends() else "tensorflow"
    lengths = np.array([3, 5, 8, 12, 20, 30, 30, 30])
    res = run_recurrent_benchmark(lengths, backend=backend, max_words=30, n_docs=40)
    for model in MODELS:
        run = res[model]
        assert len(run["fast"]) == len(run["padded"]) == len(run["warm"]) == 3
        assert run["documents"] == 36 and 36 * 3 <= run["tokens"] <= 36 * 30
        assert run["max_abs_diff"] < 1e-5
    assert training_flops("rae", 10, 4, dim=2) > training_flops("topic_lstm", 10, 4, dim=2)
    assert training_flops("topic_lstm", 10, 4, dim=2) == 3 * 8 * (2 + 4) * 4 * 10
