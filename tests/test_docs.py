"""The documentation: the site builds with warnings as errors (broken links and anchors
included) showing a run's figures, and every link of the README resolves."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading."""
    text = re.sub(r"[`*_]", "", heading.strip().lstrip("#").strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return {_slug(h) for h in re.findall(r"^#{1,6} .+$", text, re.M)}


def test_readme_is_short_and_its_links_resolve() -> None:
    text = README.read_text()
    assert len(text.splitlines()) <= 250
    links = LINK.findall(re.sub(r"```.*?```", "", text, flags=re.S))
    assert links
    for link in links:
        if re.match(r"https?://", link):
            continue  # no network here: external addresses are not fetched
        target, _, anchor = link.partition("#")
        path = (README.parent / target) if target else README
        assert path.exists(), f"README links to missing {target}"
        if anchor and path.suffix == ".md":
            assert anchor in _anchors(path), f"README links to missing anchor {link}"


def test_no_doc_names_a_folder_only_our_machines_have() -> None:
    """Users have no ../shared: a command names the mirror as /path/to/mirror, in the
    pages and in every file a user reads (configs, workflow, sources, notebooks)."""
    read = [
        ROOT / "README.md",
        ROOT / "Snakefile",
        *sorted((ROOT / "docs").rglob("*.md")),
        *sorted(ROOT.glob("*.yaml")),
        *sorted((ROOT / "configs").rglob("*.yaml")),
        *sorted((ROOT / "profiles").rglob("*.yaml")),
        *sorted((ROOT / "workflow").rglob("*.*")),
        *sorted((ROOT / "src").rglob("*.py")),
        *sorted((ROOT / "notebooks").glob("*.ipynb")),
    ]
    assert len(read) > 100
    for path in read:
        assert "../shared" not in path.read_text(errors="replace"), path


def test_readme_anchor_slugs() -> None:
    assert _slug("## Running offline: the dataset mirror") == "running-offline-the-dataset-mirror"
    assert _slug("### `textsim embed` of 100,000 tweets") == "textsim-embed-of-100000-tweets"


@pytest.mark.workflow
def test_site_builds_strict_with_the_runs_figures(tiny_project: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    res = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env={**os.environ, "TEXTSIM_DOCS_RESULTS": str(tiny_project / "results")},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert res.returncode == 0, res.stderr[-3000:]
    assert (site / "figures/icdmw-figure-1.png").stat().st_size > 1000
    deboom = (site / "papers/deboom/index.html").read_text()
    assert 'src="../../figures/icdmw-figure-1.png"' in deboom
    assert "ICDMW Table I" in deboom
    config = (site / "reference/configuration/index.html").read_text()
    assert "word2vec.window" in config and "keras.backend" in config
    cli = (site / "reference/cli/index.html").read_text()
    assert "textsim similarity" in cli and "--allow-other-vectors" in cli
    api = (site / "reference/api/index.html").read_text()
    assert "WeightedEmbedding" in api and "transform" in api
    # the API page: parameters as tables under the public names, no raw Sphinx roles
    assert 'id="textsim.fit"' in api and 'id="textsim.GEM"' in api
    assert "textsim.api.fitting.fit" not in api
    assert re.search(r"<th[^>]*>\s*Name\s*</th>", api)
    assert not re.search(r":(func|data|mod|class|meth|attr):", api)
    # no page points at a file outside the repository
    for page in site.rglob("*.html"):
        text = re.sub(r"<[^>]+>", "", page.read_text())
        assert not re.search(r"\.\./shared/|paper-fidelity\.md|conventions\.md", text), page


REPRODUCE_COMMAND = re.compile(r"`snakemake --cores \d+ (?P<options>[^`]*?)-- (?P<targets>[^`]+)`")


@pytest.mark.parametrize("page", ["deboom", "gem", "schafer"])
def test_each_reproduce_command_plans_its_artifact(page: str, tmp_path: Path) -> None:
    """Each paper page opens with "Reproduce": every command there is a dry run that
    resolves in an empty folder and plans the rule writing each named file."""
    text = (ROOT / "docs/papers" / f"{page}.md").read_text()
    assert text.split("\n## ")[1].startswith("Reproduce\n")
    section = text.split("\n## ")[1]
    commands = [m.groupdict() for m in REPRODUCE_COMMAND.finditer(section)]
    assert len(commands) >= 3
    by_options: dict[str, list[str]] = {}
    for c in commands:
        by_options.setdefault(c["options"].strip(), []).extend(c["targets"].split())
    for options, targets in by_options.items():
        command = [sys.executable, "-m", "snakemake", "-n", "--quiet", "rules"]
        res = subprocess.run(
            [*command, *shlex.split(options), "--directory", str(tmp_path), "--", *targets],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert res.returncode == 0, f"{page}: {options} -- {targets}\n{res.stderr[-2000:]}"


# -- every code block of the README and the docs: run, planned, or skipped for a reason --

#: the comment on the line before a fenced block with a language:
#: ``run`` executes it verbatim (bash from the tiny project's root, python in ``in DIR``),
#: ``plan`` dry-runs each snakemake command of it, ``skip: why`` says why it is not run
MARK = re.compile(r"^<!-- snippet: (run(?: in (?P<dir>\S+))?|plan|skip: (?P<why>.+?)) -->$")
FENCE = re.compile(r"^```(\w+)$")
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]


def _snippets(page: Path) -> list[tuple[int, str, str | None, str, str]]:
    """(line, kind, folder or reason, language, body) of each fenced block with a
    language; kind ``""`` where no mark precedes it."""
    lines = page.read_text().split("\n")
    out = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if fence:
            end = lines.index("```", i + 1)
            mark = MARK.match(lines[i - 1]) if i else None
            kind = mark.group(1).split(":")[0].split(" ")[0] if mark else ""
            extra = (mark.group("dir") or mark.group("why")) if mark else None
            out.append((i + 1, kind, extra, fence.group(1), "\n".join(lines[i + 1 : end])))
            i = end
        i += 1
    return out


def test_every_code_block_is_run_planned_or_skipped_for_a_reason() -> None:
    unmarked = [
        f"{page.relative_to(ROOT)}:{line}"
        for page in PAGES
        for line, kind, _, _, _ in _snippets(page)
        if not kind
    ]
    assert not unmarked, unmarked
    kinds = [s[1] for page in PAGES for s in _snippets(page)]
    assert kinds.count("run") >= 5 and kinds.count("plan") >= 8


def test_the_runnable_blocks_run_verbatim(tiny_project: Path, tmp_path: Path) -> None:
    """In order, page by page, each page in a folder of its own holding the tiny run
    (``runs/tiny``), as a reader who has made it."""
    import shutil

    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    ran = 0
    for n, page in enumerate(PAGES):
        home = tmp_path / f"page{n}"
        for line, kind, folder, lang, body in _snippets(page):
            if kind != "run":
                continue
            if not home.exists():  # the suite's tiny run keeps its results at the root
                shutil.copytree(tiny_project / "results", home / "runs/tiny/results")
            where = home / (folder or ".")
            command = ["bash", "-e", "-c", body]  # as a script: stops at a failing command
            if lang == "python":
                command = [sys.executable, "-c", body]
            res = subprocess.run(
                command, cwd=where, env=env, capture_output=True, text=True, timeout=900
            )
            assert res.returncode == 0, f"{page.relative_to(ROOT)}:{line}\n{res.stderr[-3000:]}"
            ran += 1
    assert ran >= 5


def _snakemake_commands(body: str) -> list[tuple[dict[str, str], list[str]]]:
    """The snakemake commands of a shell block: (environment assignments, arguments)."""
    out = []
    for part in re.split(r"&&|\n(?!\s)", body.replace("\\\n", " ")):
        words = shlex.split(part, comments=True)
        env = {}
        while words and re.match(r"^[A-Z_]+=", words[0]):
            key, _, value = words.pop(0).partition("=")
            env[key] = value
        if words and words[0] == "snakemake" and "--report" not in words:
            out.append((env, words[1:]))
    return out


def test_the_planned_commands_plan(tmp_path: Path) -> None:
    """Each snakemake command of a ``plan`` block, as a dry run in an empty folder; a
    mirror the command names is the test's (the real one or the planning stub). One
    plan per distinct command: the pages repeat some (the README's and the getting
    started page's), and the targets of commands with the same options and environment
    are planned together (each must still resolve)."""
    Key = tuple[tuple[tuple[str, str], ...], tuple[str, ...], bool]
    plans: dict[Key, list[str]] = {}
    where: dict[Key, list[str]] = {}
    for page in PAGES:
        for line, kind, _, _, body in _snippets(page):
            if kind != "plan":
                continue
            commands = _snakemake_commands(body)
            assert commands, f"{page.relative_to(ROOT)}:{line}: no snakemake command"
            for env, args in commands:
                if "TEXTSIM_MIRROR" in env:
                    env["TEXTSIM_MIRROR"] = os.environ["TEXTSIM_MIRROR"]
                options, targets = args, []  # targets after "--" stay last
                if "--" in args:
                    cut = args.index("--")
                    options, targets = args[:cut], args[cut + 1 :]
                # the workflow's default target and named targets are two plans
                key = (tuple(sorted(env.items())), tuple(options), bool(targets))
                plans.setdefault(key, [])
                plans[key] += [t for t in targets if t not in plans[key]]
                where.setdefault(key, []).append(
                    f"{page.relative_to(ROOT)}:{line}: snakemake {' '.join(args)}"
                )
    assert sum(map(len, where.values())) >= 8
    configs: set[str] = set()
    for n, (key, targets) in enumerate(plans.items()):
        env, options, _ = key
        res = subprocess.run(
            [sys.executable, "-m", "snakemake", *options, "-n",
             "--directory", str(tmp_path / f"plan{n}"), *(["--", *targets] if targets else [])],
            cwd=ROOT, env={**os.environ, **dict(env)}, capture_output=True, text=True,
            timeout=600,
        )  # fmt: skip
        commands = "\n".join(where[key])
        assert res.returncode == 0, f"{commands}\n{res.stderr[-2000:]}"
        valued = {"--cores", "-j", "--configfile", "--workflow-profile", "--config"}
        bare = [w for i, w in enumerate(options) if w[0] != "-" and options[i - 1] not in valued]
        if not key[2] and not bare:  # the default target: every paper's tables and figures
            planned = set(re.findall(r"^(\w+)\s+\d+$", res.stdout + res.stderr, flags=re.M))
            assert {"table_icdmw_1", "plot_icdmw_figure_2"} <= planned, commands
            configs.update([o for o in options if o.startswith("configs/")] or ["config.yaml"])
    # each experiment config is planned whole by a documented command: the demo's
    # (config.yaml, the default), the tiny, full-offline and paper ones
    whole = {"config.yaml", "configs/tiny.yaml", "configs/full-offline.yaml", "configs/paper.yaml"}
    assert whole <= configs, configs
