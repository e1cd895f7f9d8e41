"""The docs' generated blocks: fresh against the committed snapshots, stale when a
snapshot changes, every view renders, and pages state each measured number once."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from textsim.pages.__main__ import main
from textsim.pages.blocks import BLOCK, blocks, fill, stale_pages
from textsim.pages.snapshots import Snapshot, SnapshotError, record, record_bench
from textsim.pages.views import VIEWS, public_command, render

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SNAPSHOTS = DOCS / "snapshots"


def test_every_generated_block_is_fresh() -> None:
    """The committed pages hold exactly what their snapshots give (else: python -m
    textsim.pages sync)."""
    assert stale_pages(DOCS, SNAPSHOTS) == []
    assert main(["sync", "--check"]) == 0


def test_pages_use_generated_blocks() -> None:
    """Every view but Table II fills a block of some page (the leaderboards: the demo
    with configs/minilm.yaml, docs/leaderboards.md)."""
    used = {b.view for page in DOCS.rglob("*.md") for b in blocks(page.read_text())}
    assert set(VIEWS) - {"table-ii"} <= used


#: pages whose tables of measured numbers are still written by hand, and why; every
#: other table of numbers on the docs is a generated block (a new hand-made one fails)
HAND_MADE = {
    "performance.md": "whole commands timed (install, demo, CI, cluster, embedding, long texts)",
}

_REFERENCES = re.compile(r"`[^`]*`|(?:Tables?|Figures?|§)\s*[A-Z]?[\d.,–A-Z ]*")


def _hand_made_rows(text: str) -> list[str]:
    """Table rows with a decimal number outside generated blocks, code and the papers'
    table, figure and section numbers."""
    text = re.sub(r"<!-- snapshot .*?<!-- end snapshot -->", "", text, flags=re.S)
    return [
        line
        for line in text.splitlines()
        if line.startswith("|") and re.search(r"\d\.\d", _REFERENCES.sub("", line))
    ]


def test_tables_of_numbers_are_generated_except_where_said() -> None:
    hand = {
        p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md") if _hand_made_rows(p.read_text())
    }
    assert hand == set(HAND_MADE)  # a page made generated leaves the list
    assert _hand_made_rows("| Table 3.1 analog | `x 1.5` |\n| mean | 8.50 |\n") == [
        "| mean | 8.50 |"
    ]


#: pages that speak of the demo, the tiny run and the test suite and link to
#: performance.md for their measured times, stating none of their own
POINTING = ("README.md", "docs/index.md", "docs/getting-started.md", "docs/development.md")


def test_run_times_are_stated_once_on_the_performance_page() -> None:
    table = (DOCS / "performance.md").read_text()
    for row in (
        "| demo (`config.yaml`)",
        "| CI: `bash .ci/run`",
        "| the quick test subset",
        "| the tiny run on the SLURM test cluster",
    ):
        assert row in table, row
    duration = re.compile(r"\b\d+(?:\.\d+)? ?(?:min|s|h)\b")
    for name in POINTING:
        assert duration.findall((ROOT / name).read_text()) == [], name
    assert duration.findall("took 28 min 37 s, then 118 s") == ["28 min", "37 s", "118 s"]


def test_a_changed_snapshot_makes_its_page_stale(tmp_path: Path) -> None:
    snaps = tmp_path / "snapshots"
    shutil.copytree(SNAPSHOTS / "demo", snaps / "demo")
    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "page.md"
    page.write_text("# x\n\n<!-- snapshot demo: table-i unit -->\n<!-- end snapshot -->\n")
    page.write_text(fill(page.read_text(), snaps))
    assert stale_pages(docs, snaps) == []
    table = snaps / "demo" / "icdmw-table-1.csv"
    frame = pd.read_csv(table)
    frame.loc[0, "split_error_pct"] += 1.0
    frame.to_csv(table, index=False)
    assert stale_pages(docs, snaps) == [page]


def test_every_view_renders_from_the_demo_snapshot() -> None:
    demo = [Snapshot(SNAPSHOTS / "demo")]
    args = {
        "table-i": ["unit"],
        "verdicts": ["icdmw", "prl", "gem", "schafer"],
        "comparisons": ["prl-learned-beats-every-baseline", "3"],
        "schafer": ["100"],
    }
    studies = {"scaling-claims", "scaling-costs", "scaling-sizes", "usage", "schafer-selected"}
    studies |= {"variants", "variant-remainder", "variant-scales", "bench", "seed-spread"}
    studies |= {"leaderboard"}  # test_a_run_with_an_extra_method_records_its_leaderboards
    for view in set(VIEWS) - studies:  # below
        text = render(view, demo, args.get(view, []))
        assert text.count("\n|") >= 2, view


def test_a_run_records_its_use_against_its_requests(tmp_path: Path) -> None:
    """The recorder keeps what each rule's jobs used against what they asked (from the
    run folder's log and benchmark files); the view shows the peak as a share."""
    tables = tmp_path / "results/paper/tables"
    tables.mkdir(parents=True)
    pd.DataFrame({"claim": ["x"]}).to_csv(tables / "verdicts.csv", index=False)
    (tmp_path / ".snakemake/log").mkdir(parents=True)
    (tmp_path / ".snakemake/log/2026-11-28T040000.1.snakemake.log").write_text(
        "rule train_word2vec:\n    benchmark: benchmarks/w2v.tsv\n    threads: 2\n"
        "    resources: tmpdir=/tmp, runtime=96, mem_mb=2000, mem=2 GB\n\n"
    )
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "benchmarks/w2v.tsv").write_text("s\th:m:s\tmax_rss\n2797.0\t0:46:37\t500\n")
    snap = Snapshot(
        record(tmp_path / "results", tmp_path / "run", command="c", config="c", backend="jax")
    )
    assert "usage.csv" in snap.meta["files"]
    text = render("usage", [snap], [])
    assert "| `train_word2vec` | 1 | 2,797 | 2,797 | 500 | 2 | 2,000 | 25% | 96 |" in text
    with pytest.raises(SnapshotError, match="no rule select_kappa"):
        render("usage", [snap], ["select_kappa"])
    with pytest.raises(SnapshotError, match=r"no usage\.csv"):
        render("usage", [Snapshot(SNAPSHOTS / "thesis")], [])  # recorded without one


def test_a_bench_run_is_kept_and_shown_as_the_command_printed_it(tmp_path: Path) -> None:
    """``textsim bench --csv`` rows become a snapshot whose view is the command's own
    table (one formatter), filtered by the start of the benchmarks' names."""
    from textsim.report.ratios import BenchRow, format_report, write_rows

    rows = [
        BenchRow("cleaning (1 file)", "lines", 1.0, 4.0, 100, 100, 3.0, "identical tokens"),
        BenchRow("GEM, STS-B", "texts", skipped="no sts-dev.csv"),
    ]
    write_rows(rows, tmp_path / "bench.csv")
    try:  # the command records under docs/snapshots
        assert main(["record-bench", str(tmp_path / "bench.csv"), "x", "--command", "c"]) == 0
    finally:
        shutil.rmtree(SNAPSHOTS / "x", ignore_errors=True)
    snap = Snapshot(record_bench(tmp_path / "bench.csv", tmp_path / "bench", command="c b"))
    assert snap.meta["files"] == ["bench.csv"] and snap.meta["command"] == "c b"
    assert render("bench", [snap], []) == format_report(rows)
    assert render("bench", [snap], ["GEM"]) == format_report(rows[1:])
    assert "| **4.0x** | ≥ 3x |" in render("bench", [snap], [])
    with pytest.raises(SnapshotError, match="no benchmark scoring"):
        render("bench", [snap], ["scoring"])
    (tmp_path / "other.csv").write_text("a,b\n1,2\n")
    with pytest.raises(SnapshotError, match="not a bench table"):
        record_bench(tmp_path / "other.csv", tmp_path / "o", command="c")
    with pytest.raises(SnapshotError, match=r"no bench\.csv"):
        render("bench", [Snapshot(SNAPSHOTS / "demo")], [])


def test_the_cost_curve_renders_from_the_scaling_snapshot() -> None:
    text = render("scaling-costs", [Snapshot(SNAPSHOTS / "scaling")], [])
    assert text.count("\n|") >= 4
    assert "| word2vec |" in text


def test_a_schafer_only_run_records_its_selection_table(tmp_path: Path) -> None:
    tables = tmp_path / "results/paper/tables"
    tables.mkdir(parents=True)
    frame = pd.DataFrame(
        {"Dataset": ["news10"], "Model": ["rae-mean"], "Eq. 3.1 (%)": ["41.2 ± 0.3"]}
    )
    frame.to_csv(tables / "schafer-selected.csv", index=False)
    snap = record(tmp_path / "results", tmp_path / "thesis", command="c", config="c", backend="jax")
    assert Snapshot(snap).table("schafer-selected")["Model"].tolist() == ["rae-mean"]
    text = render("schafer-selected", [Snapshot(snap)], [])
    assert "| Dataset | Model | Eq. 3.1 (%) |" in text
    assert "| news10 | rae-mean | 41.2 ± 0.3 |" in text


def test_a_run_with_an_extra_method_records_its_leaderboards(tmp_path: Path) -> None:
    tables = tmp_path / "results/paper/tables"
    tables.mkdir(parents=True)
    pd.DataFrame({"verdict": ["holds"]}).to_csv(tables / "verdicts.csv", index=False)
    pd.DataFrame(
        {"Set": ["20", "20"], "Rank": [1, 2], "Method": ["Mine, cosine", "Tf-idf"],
         "Test error % [95% CI]": ["6.53 [5.26, 8.33]", "18.33 [16.20, 20.29]"]}
    ).to_csv(tables / "leaderboard-deboom.csv", index=False)  # fmt: skip
    pd.DataFrame({"Set": ["20"], "Method": ["Mine"], "Outcome": ["beats"]}).to_csv(
        tables / "leaderboard-deboom-comparisons.csv", index=False
    )
    snap = Snapshot(
        record(tmp_path / "results", tmp_path / "s", command="c", config="c", backend="jax")
    )
    text = render("leaderboard", [snap], ["deboom"])
    assert "| 20 | 1 | Mine, cosine | 6.53 [5.26, 8.33] |" in text
    assert "Tf-idf" in text and "Tf-idf" not in render("leaderboard", [snap], ["deboom", "1"])
    assert "| 20 | Mine | beats |" in render("leaderboard", [snap], ["deboom", "comparisons"])
    with pytest.raises(SnapshotError, match="leaderboard-sts"):
        render("leaderboard", [snap], ["sts"])  # no STS in that run
    with pytest.raises(SnapshotError, match="expected deboom"):
        render("leaderboard", [snap], ["glue"])
    pd.DataFrame(
        {"Split": ["test"] * 3, "Rank": [1, 2, 3], "Method": ["GEM", "SIF", "Mine"]}
    ).to_csv(tables / "leaderboard-sts.csv", index=False)
    pd.DataFrame({"Split": ["test"], "Method": ["Mine"], "Outcome": ["ties"]}).to_csv(
        tables / "leaderboard-sts-comparisons.csv", index=False
    )
    snap = Snapshot(
        record(tmp_path / "results", tmp_path / "s", command="c", config="c", backend="jax")
    )
    top = render("leaderboard", [snap], ["sts", "1"])  # the first and every extra method
    assert "| test | 1 | GEM |" in top and "| test | 3 | Mine |" in top and "SIF" not in top


def test_a_corpus_size_study_records_its_claims_by_size(tmp_path: Path) -> None:
    """A scaling-only run is recorded by its claims table, and the view shows each
    size's verdict with its comparisons' counts (two-word verdicts included)."""
    from textsim.scaling.results import claims_by_size

    per_size = {}
    for size, verdict in (("1M", "within noise"), ("all", "fails")):
        per_size[size] = pd.DataFrame(
            {
                "claim": ["icdmw-minmax-beats-max", "icdmw-min-almost-max"],
                "published holds": ["yes", None],
                "verdict": [verdict, "untestable"],
                "comparisons": ["2 holds, 1 fails", None],
            }
        )
    tables = tmp_path / "results/paper/tables"
    tables.mkdir(parents=True)
    claims_by_size(per_size).to_csv(tables / "scaling-claims.csv", index=False)
    for size, tokens in (("all", 58_335_506), ("1M", 1_002_284)):
        (tmp_path / f"results/scaling/{size}").mkdir(parents=True)
        stats = {"requested": None, "articles": 305, "lines": 18106, "tokens": tokens}
        (tmp_path / f"results/scaling/{size}/corpus.json").write_text(json.dumps(stats))
    (tmp_path / "results/scaling/pairs/var").mkdir(parents=True)
    (tmp_path / "results/scaling/pairs/var/summary.csv").write_text(
        "split,related,couples\ntrain,False,10\ntrain,True,10\ntest,False,7\ntest,True,8\n"
    )
    snap = record(tmp_path / "results", tmp_path / "study", command="c", config="c", backend="jax")
    sizes = render("scaling-sizes", [Snapshot(snap)], [])
    assert sizes.index("| 1M | 305 | 18,106 | 1,002,284 |") < sizes.index("| all |")  # by tokens
    assert "| set | train | test |\n|---|---|---|\n| variable length | 20 | 15 |" in sizes
    text = render("scaling-claims", [Snapshot(snap)], [])
    assert "| `icdmw-minmax-beats-max` | §IV-A, Table I | yes |" in text
    assert "**within noise** (2 holds, 1 fails) | **fails** (2 holds, 1 fails) |" in text
    assert "icdmw-min-almost-max" not in text  # untestable at every size


def test_a_variant_study_records_each_question_and_shows_the_points_explained(
    tmp_path: Path,
) -> None:
    """A variant-study run is recorded by its long tables (results/variants/<q>.csv);
    the view gives each variant's error beside the paper's and the reference's, the
    points of the gap it explains with their interval, and the verdict."""
    from textsim.variants.compare import comparison

    metrics = tmp_path / "metrics"
    metrics.mkdir()
    runs = []
    for variant, errors in (("default", 150), ("one-epoch", 200)):
        path = metrics / f"{variant}.csv"
        pd.DataFrame(
            [
                {
                    "method": "mean",
                    "test_error": errors / 1000,
                    "test_errors": errors,
                    "n_test": 1000,
                    "js_robust": 0.3,
                }
            ]
        ).to_csv(path, index=False)
        runs.append({"variant": variant, "length": "20", "vectors": "unit", "metrics": path})
    study = tmp_path / "results/variants"
    study.mkdir(parents=True)
    comparison("passes", runs, ["mean"]).to_csv(study / "passes.csv", index=False)
    snap = record(tmp_path / "results", tmp_path / "study", command="c", config="c", backend="jax")
    assert json.loads((snap / "run.json").read_text())["files"] == ["variants.passes.csv"]
    text = render("variants", [Snapshot(snap)], ["passes"])
    row = next(line for line in text.splitlines() if "`one-epoch`" in line)
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:7] == ["20", "Mean", "`one-epoch`", "21.05", "15.00", "**20.00**", "-6.05"]
    assert cells[7].startswith("+5.00 [+1.6") and cells[8] == "toward (+5.00)"
    with pytest.raises(SnapshotError, match="name the question"):
        render("variants", [Snapshot(snap)], [])


def test_the_variant_summaries_name_what_each_cause_explains_and_what_remains(
    tmp_path: Path,
) -> None:
    """Over every question of a study: per variant the cells it moves toward the paper
    and its largest move; per method and length the default's gap after its best
    single variant, the largest remainder first and in bold."""
    from textsim.variants.compare import comparison

    # errors per mille of 2,000 test couples; published: mean 21.05 / 30.67 at 20 / 10,
    # tf-idf 20.09 / 36.15
    errors = {
        "default": {("20", "mean"): 150, ("20", "tfidf"): 260, ("10", "mean"): 200},
        "one-epoch": {("20", "mean"): 200, ("20", "tfidf"): 255, ("10", "mean"): 150},
        "cbow": {("20", "mean"): 120, ("20", "tfidf"): 200, ("10", "mean"): 210},
    }
    metrics = tmp_path / "metrics"
    metrics.mkdir()
    runs = []
    for variant, cells in errors.items():
        for length in ("20", "10"):
            path = metrics / f"{variant}-{length}.csv"
            rows = [
                {
                    "method": method,
                    "test_error": e / 1000,
                    "test_errors": 2 * e,
                    "n_test": 2000,
                    "js_robust": 0.3,
                }
                for (ln, method), e in cells.items()
                if ln == length
            ]
            if length == "10":
                rows.append(
                    {**rows[0], "method": "tfidf", "test_error": 0.3615, "test_errors": 723}
                )
            pd.DataFrame(rows).to_csv(path, index=False)
            runs.append({"variant": variant, "length": length, "vectors": "unit", "metrics": path})
    study = tmp_path / "results/variants"
    study.mkdir(parents=True)
    for question, variant in (("passes", "one-epoch"), ("architecture", "cbow")):
        chosen = [r for r in runs if r["variant"] in ("default", variant)]
        comparison(question, chosen, ["mean", "tfidf"]).to_csv(
            study / f"{question}.csv", index=False
        )
    snap = [
        Snapshot(
            record(tmp_path / "results", tmp_path / "s", command="c", config="c", backend="jax")
        )
    ]

    remainder = render("variant-remainder", snap, [])
    lines = [line for line in remainder.splitlines() if line.startswith("| ")][1:]
    first = [c.strip() for c in lines[0].strip("|").split("|")]
    # mean at 10 words: gap -10.67, no variant moves it toward the paper: all of it left
    assert first == [
        "**Mean**",
        "**10**",
        "**30.67**",
        "**20.00**",
        "**-10.67**",
        "**—**",
        "**10.67**",
    ]
    mean20 = next(line for line in lines if line.startswith("| Mean | 20 |"))
    # -6.05 at 20 words: one-epoch explains 5.00 of it (cbow moves away), 1.05 left
    assert "`one-epoch` +5.00 | 1.05 |" in mean20
    tfidf20 = next(
        line for line in lines if line.startswith("| Tf-idf | 20 |") or "| 20 | 20.09 |" in line
    )
    # +5.91: cbow's 6 points toward the paper overshoot it by 0.09: it closes 5.82 of
    # the gap, 0.09 is left (on the other side)
    assert "`cbow` +5.82 (overshoot) | 0.09 |" in tfidf20
    assert len(render("variant-remainder", snap, ["2"]).splitlines()) == 6

    # two studies side by side (say two corpus sizes): the second lacks `architecture`
    (study / "architecture.csv").unlink()
    other = Snapshot(
        record(tmp_path / "results", tmp_path / "t", command="c", config="c", backend="jax")
    )
    scales = render("variant-scales", [snap[0], other], [])
    rows = {line.split("|")[2].strip(): line for line in scales.splitlines()[4:]}
    assert set(rows) == {"`one-epoch`", "`cbow`"}
    epoch = [c.strip() for c in rows["`one-epoch`"].strip("|").split("|")]
    # toward the paper at mean/20 (15 -> 20, paper 21.05); away at mean/10 (20 -> 15,
    # paper 30.67); tf-idf/20 moves 0.5 points of 2,000 couples: within noise; tf-idf/10
    # equals the paper in both: no gap to explain, still a cell
    assert epoch[2] == epoch[4] == "1 / 0 / 1 / 2" and epoch[3] == epoch[5]
    assert epoch[3].startswith("+5.00 of 6.05 (moved +5.00 [") and epoch[3].endswith("Mean, 20)")
    assert [c.strip() for c in rows["`cbow`"].strip("|").split("|")][4:] == ["—", "—"]
    with pytest.raises(SnapshotError, match="two or more snapshots"):
        render("variant-scales", snap, [])


def test_errors_name_the_view_and_snapshot(tmp_path: Path) -> None:
    with pytest.raises(SnapshotError, match="unknown view 'nope'"):
        render("nope", [Snapshot(SNAPSHOTS / "demo")], [])
    with pytest.raises(SnapshotError, match="no snapshot missing"):
        fill("<!-- snapshot missing: corpus -->\n<!-- end snapshot -->", SNAPSHOTS, "p.md")
    with pytest.raises(SnapshotError, match=r"no paper/tables/verdicts.csv or .*variants/\*.csv"):
        record(tmp_path, tmp_path / "out", command="c", config="c", backend="jax")


def _outside_blocks(text: str) -> str:
    """The page's prose: without generated blocks, code and the papers' quoted words."""
    text = BLOCK.sub("", text)
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return re.sub(r'"[^"\n]*"|“[^”]*”', "", text)


#: pages whose measured numbers come from snapshots
GENERATED_PAGES = ("papers/deboom.md", "papers/gem.md", "verdicts.md", "scales.md")


@pytest.mark.parametrize("page", GENERATED_PAGES)
def test_prose_states_no_measured_split_error_or_r(page: str) -> None:
    """Outside the generated blocks a page states no two-decimal percentage that is
    neither a published value nor in a snapshot's tables: prose interprets, the
    numbers come from the runs."""
    from textsim.deboom import published as deboom
    from textsim.gem import published as gem

    allowed: set[str] = set()
    for module in (deboom, gem):
        allowed |= set(re.findall(r"\d+\.\d+", Path(module.__file__).read_text()))
    for folder in SNAPSHOTS.iterdir():
        for csv in folder.glob("*.csv"):
            frame = pd.read_csv(csv)
            for value in frame.select_dtypes("number").to_numpy().ravel():
                allowed |= {f"{value:.2f}", f"{value:.1f}"}
    text = _outside_blocks((DOCS / page).read_text())
    stated = set(re.findall(r"(?<![\d.])(\d{1,2}\.\d{1,2})%", text))
    assert stated <= allowed, sorted(stated - allowed)


def test_a_recorded_command_shows_the_readers_mirror_folder() -> None:
    recorded = "TEXTSIM_MIRROR=../shared/datasets snakemake --cores 2"
    assert public_command(recorded) == "TEXTSIM_MIRROR=/path/to/mirror snakemake --cores 2"
    assert public_command("snakemake --cores 2") == "snakemake --cores 2"


def test_a_verdict_snapshot_made_by_older_verdict_code_is_stale(tmp_path: Path) -> None:
    """Verdict tables carry the fingerprint of the code that made them: a snapshot
    without it or with another is stale, and a page shows its verdicts only under a
    line that says so; the demo's snapshot is made by the current code (re-record it
    after changing the registry, the verdict code or the published values)."""
    from textsim.verdicts.fingerprint import COLUMN, fingerprint, stale

    assert stale(fingerprint()) is None
    assert "before verdict tables carried" in (stale(None) or "")
    assert "0123456789ab" in (stale("0123456789ab") or "")
    demo = Snapshot(SNAPSHOTS / "demo")
    for table in ("verdict-claims", "verdicts"):
        assert stale(str(demo.table(table)[COLUMN].iloc[0])) is None, table
    assert "**Stale:**" not in render("verdicts", [demo], ["icdmw", "prl"])
    # the same snapshot with an older registry's fingerprint: flagged
    old = tmp_path / "old"
    shutil.copytree(SNAPSHOTS / "demo", old)
    for table in ("verdict-claims", "verdicts"):
        frame = pd.read_csv(old / f"{table}.csv")
        frame[COLUMN] = "0123456789ab"
        frame.to_csv(old / f"{table}.csv", index=False)
    shown = render("verdicts", [demo, Snapshot(old)], ["icdmw", "prl"])
    assert shown.startswith("**Stale:** the old verdicts were made by other verdict code")
    assert "0123456789ab" in shown
    claim = "prl-learned-beats-every-baseline"
    assert render("comparisons", [Snapshot(old)], [claim, "2"]).startswith("**Stale:**")


def test_the_seed_spread_view_sets_one_word2vec_run_beside_three() -> None:
    """The demo (one word2vec run) beside its word-vector seeds study (three): a line
    per De Boom claim the study judges, its intervals' median widening and the most one
    comparison moved between the runs; the study's comparisons drew three runs."""
    from textsim.pages.claims import _width

    demo, seeds = Snapshot(SNAPSHOTS / "demo"), Snapshot(SNAPSHOTS / "word2vec-seeds")
    table = seeds.table("verdicts")
    compared = table[table["worse"].notna()]  # the weight shapes compare no two methods
    wiki = compared[compared["set"].astype(str).isin(["10", "20", "30", "var"])]
    assert wiki["seeds"].str.fullmatch(r"3×\d/3×\d").all()
    transfer = compared[compared["set"] == "transfer"]  # its own vectors: not seeded
    assert len(transfer) and not transfer["seeds"].str.contains("×").any()
    text = render("seed-spread", [demo, seeds], ["icdmw", "prl"])
    rows = [line.split(" | ") for line in text.splitlines()[2:]]
    assert len(rows) >= 15 and all(row[4].endswith("×") for row in rows)
    assert not any("gem-" in row[0] for row in rows)
    with pytest.raises(SnapshotError, match="two runs"):
        render("seed-spread", [demo], ["icdmw"])
    assert _width("[-0.25, 1.00]") == 1.25 and np.isnan(_width(float("nan")))
