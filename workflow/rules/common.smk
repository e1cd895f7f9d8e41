# Helpers shared by every paper's rules (no rules here). Each paper's own helpers
# live in its own <paper>_common.smk (deboom_common.smk, gem_common.smk,
# schafer_common.smk; Snakemake's linter keeps functions and rules in separate files). Defaults of config keys are
# in workflow/schemas/config.schema.yaml only: validate() in the Snakefile fills them,
# so the rules read config[...] directly.
import os
import sys
import warnings
from pathlib import Path

from snakemake.io import report as _report

from textsim.project.imports import module_closure
from textsim.deboom.tweets import COUPLE_SETS as TWITTER_COUPLE_SETS
from textsim.sources.official import LOCK
from textsim.sources.provision import exists_all, from_official, pooled, provision
from textsim.sources.resources import ResourceError, get_resource
from textsim.scaling.costs import word2vec_runtime_minutes
from textsim.methods.settings import CONFIGURED as CONFIGURED_METHODS, fold_deprecated
from textsim.text.wikipedia import split_evenly

SRC = TEXTSIM_ROOT / "src" / "textsim"
SCRIPTS = TEXTSIM_ROOT / "workflow" / "scripts"

# Paths of the artifacts several stages share, written once.
CORPUS_SHARD = "results/corpus/clean/{shard}.tsv"
VECTORS_KV = "results/word2vec/vectors.npz"
DOCFREQ = "results/docfreq/docfreq.tsv"
TABLES = "results/paper/tables"
FIGURES = "results/paper/figures"
TABLE_EXTS = ["csv", "md", "tex", "html"]
FIGURE_EXTS = ["pdf", "png"]

#: the software environments (envs/), one per kind of job: each rule's conda: names one
ENV_NLP = "../../envs/nlp.yaml"
ENV_PLOT = "../../envs/plot.yaml"
ENV_KERAS = "../../envs/keras.yaml"
#: the resources of a kind of job that several rules are, each kind's budget written once
#: (one of a kind states its own). A small job is a table or a summary (its inputs a few
#: MB); then a figure; one resource fetched and verified; one corpus shard or slice cleaned
SMALL_JOB = {"mem_mb": 500, "runtime": 5}
FIGURE_JOB = {"mem_mb": 1000, "runtime": 10}
FETCH_JOB = {"mem_mb": 500, "runtime": 30}
CLEAN_JOB = {"mem_mb": 1000, "runtime": 120}

SHARDS = [f"{i:03d}" for i in range(config["corpus"]["n_shards"])]
STS = config["sts"]
# config methods.<name>: each zero-training method's settings, which every rule that
# applies the method hands to its estimator as they are (textsim.methods.settings: the
# deprecated sts.params read into it, for one release)
_deprecation = fold_deprecated(config)
if _deprecation:
    print(f"textsim: {_deprecation}", file=sys.stderr)
PARAGRAPHS = config["paragraphs"]
#: each test document's outcome per paragraph technique (the verdicts' evidence)
PARAGRAPH_PREDICTIONS = "results/paragraphs/predictions.parquet"
SCH = config["schafer"]
KERAS_BACKEND = config["keras"]["backend"]
# What a Keras job adds to its resources on a cluster: one GPU on the partition named by
# cluster.gpu_partition, or nothing (the default partition, no GPU) when that is null.
GPU_PARTITION = config["cluster"]["gpu_partition"]
KERAS_GPU = {"gpu": 1, "slurm_partition": GPU_PARTITION} if GPU_PARTITION else {}
TWITTER = config["twitter"]
TWITTER_SETS = [TWITTER_COUPLE_SETS[v] for v in TWITTER["variants"]]
TRANSFER = config["transfer"]


#: a run's seed in its file names: empty for the run's own seed (the tables' files),
#: "-seed<N>" for the verdicts' further seeds; "-untrained" marks an untrained control
SEEDED = r"(-seed\d+)?"
UNTRAINED = r"(-untrained)?"


wildcard_constraints:
    shard=r"\d{3}",
    seeded=SEEDED,
    untrained=UNTRAINED,


# `snakemake --report` evaluates resources inside its own event loop, where Snakemake
# drops input.size_mb's coroutine unawaited (it catches NestedCoroutineError and
# leaves the value undetermined); Python then warns "coroutine ... was never awaited"
# for each such rule. Harmless (a report schedules nothing): silence exactly that one.
warnings.filterwarnings(
    "ignore", message="coroutine 'InputFiles._predicated_size_files", category=RuntimeWarning
)


def mem_mb(base, per_input_mb):
    """A rule's mem_mb that grows with its inputs: base + per_input_mb × their size (MB).
    For the rules whose memory follows the data they load (vectors, couples, candidates,
    corpus shards), so the tiny run asks for little and the paper run for enough; the
    base is about twice the tiny run's peak (sacct MaxRSS), the slope an estimate of the
    data's size in memory per MB on disk (README "Running on a cluster")."""
    return lambda wildcards, input: int(base + per_input_mb * input.size_mb)


#: the resources of a De Boom weight training (train_weights, select_kappa): Keras, on a
#: GPU where the cluster names a partition for one
KERAS_TRAINING_JOB = {"mem_mb": mem_mb(2500, 4), "runtime": 600, "accelerator": 1, **KERAS_GPU}


def w2v_runtime(wildcards, input, threads, attempt):
    """train_word2vec's runtime from the measured cost law (textsim.scaling.costs)."""
    return word2vec_runtime_minutes(input.size_mb, threads, attempt)


def word2vec_options(seed):
    """Keywords of textsim.stages.word2vec.train_word2vec: the config's word2vec
    settings (those gensim reads) and the training seed."""
    settings = {k: v for k, v in config["word2vec"].items() if k not in ("workers", "exclude_couples")}
    return {"settings": settings, "seed": seed}


def seed_of(wildcards):
    """The training seed a ``{seeded}`` wildcard names, or None for the run's own."""
    return int(wildcards.seeded.removeprefix("-seed")) if wildcards.seeded else None


def code(rule_name):
    """The rule's code inputs: every textsim module its script (named as the rule)
    imports, transitively, derived from the import graph (textsim.project.imports). Relative to
    the working directory, so that a copied or moved project (results and metadata
    with it) does not see every rule's set of inputs changed."""
    return [os.path.relpath(p) for p in module_closure(SCRIPTS / f"{rule_name}.py", SRC)]


class NotConfigured(Exception):
    """A requested target whose inputs the configuration does not provide."""


def _unconfigured(key, example):
    return f"config {key} is empty, so this target has nothing to tabulate; set it (as {example} does)"


def refuse_unconfigured(artifact, key, value, example):
    """Stop before planning, in one sentence naming config ``key``, when the command
    line asks for ``artifact`` (a file name part) and ``key`` is empty."""
    if not value and any(artifact in arg for arg in sys.argv[1:]):
        raise SystemExit(_unconfigured(key, example))


def configured(key, value, example):
    """``value`` of config ``key``; when a target reached otherwise (not named on the
    command line) needs it and it is empty, the job's input function stops naming it."""
    if not value:
        raise NotConfigured(_unconfigured(key, example))
    return value


def table_files(name):
    """The four files of a paper table (CSV, Markdown, LaTeX, HTML)."""
    return [f"{TABLES}/{name}.{ext}" for ext in TABLE_EXTS]


def figure_files(name):
    return [f"{FIGURES}/{name}.{ext}" for ext in FIGURE_EXTS]


def table_outputs(name, caption, category, label):
    """Named outputs csv/md/tex/html of a paper table; the HTML goes into the report."""
    out = dict(zip(TABLE_EXTS, table_files(name)))
    out["html"] = _report(
        out["html"], caption=f"../report/{caption}.rst", category=category, labels={"artifact": label}
    )
    return out


def figure_outputs(name, caption, category, label):
    """Named outputs pdf/png of a paper figure; the PNG goes into the report."""
    pdf, png = figure_files(name)
    return dict(
        pdf=pdf,
        png=_report(png, caption=f"../report/{caption}.rst", category=category, labels={"artifact": label}),
    )


def w2v_workers():
    return 1 if config["deterministic"] else config["word2vec"]["workers"]


def get_extracted_files():
    spec = config["corpus"]["extracted"]
    resource = get_resource(spec["resource"])
    return resource.name, resource.file_names(spec["max_files"])


_ANNOUNCED = set()
#: resource -> the planning lines of the pool members it stands in for (tweet_sources),
#: said with its own line, among the other inputs' lines before the first job
_STAND_INS = {}


def available(resource, outputs, files=None, date=None, mirror=True):
    """The input function of each fetch job, adding no input. Before the first job it says
    once where ``resource`` will come from (textsim.sources.provision), or stops planning in a
    few lines naming it and the ways to provide it. Each argument may be a function of
    the job's wildcards."""

    def value(x, wildcards):
        return x(wildcards) if callable(x) else x

    def check(wildcards):
        name = value(resource, wildcards)
        outs = value(outputs, wildcards)
        try:
            found = provision(
                name,
                mirror=config["resources"]["mirror"] if mirror else None,
                files=value(files, wildcards),
                date=value(date, wildcards),
                present=exists_all(outs),
            )
        except ResourceError as err:
            raise SystemExit(str(err)) from None
        if found.source == "none":
            raise SystemExit(found.line())
        if name not in _ANNOUNCED:
            _ANNOUNCED.add(name)
            print(found.line(), file=sys.stderr)
            for line in _STAND_INS.pop(name, []):  # the pool members it stands in for
                print(line, file=sys.stderr)
        return []

    return check


def resource_files(resource):
    """The local paths of every file of a declared ``files`` resource."""
    return [f"resources/{resource}/{f}" for f in get_resource(resource).file_names()]


def fetched_files(resource):
    """The files of a declared ``files`` resource this config fetches: of the corpus'
    WikiExtractor resource its first corpus.extracted.max_files and the transfer
    slice's, of any other all of them."""
    name, files = get_extracted_files()
    if resource == name:
        return files + get_transfer_files()
    return get_resource(resource).file_names()


def fetched_paths(resource):
    """The local paths of :func:`fetched_files`."""
    return [f"resources/{resource}/{f}" for f in fetched_files(resource)]


def tweet_sources():
    """twitter.sources as the Twitter pool reads them: each one without a source here
    replaced by its declared stand-in, said once before the first job (with the
    stand-in's own planning line: available)."""
    try:
        used, replaced = pooled(
            TWITTER["sources"],
            mirror=config["resources"]["mirror"],
            present=lambda r: exists_all(resource_files(r)),
        )
    except ResourceError as err:
        raise SystemExit(str(err)) from None
    for found in replaced:
        _STAND_INS.setdefault(get_resource(found.resource).stand_in, []).append(found.line())
    return used


TWEET_SOURCES = tweet_sources() if TWITTER_SETS else []


def get_transfer_files():
    """WikiExtractor files of the transfer slice: the slice_files after corpus.extracted.max_files."""
    if TRANSFER["source"] != "slice":
        return []
    if config["corpus"]["source"] != "extracted":
        raise ValueError("config key transfer.source: slice needs corpus.source: extracted")
    spec = config["corpus"]["extracted"]
    names = get_resource(spec["resource"]).file_names()
    start = spec["max_files"] or len(names)
    files = names[start : start + TRANSFER["slice_files"]]
    if not files:
        raise ValueError(
            f"config key transfer.slice_files: no WikiExtractor files left after the first {start}"
        )
    return files


def get_raw_shards():
    """The corpus input files of every cleaned shard (a list per shard)."""
    if config["corpus"]["source"] == "extracted":
        name, files = get_extracted_files()
        paths = [f"resources/{name}/{f}" for f in files]
        return split_evenly(paths, len(SHARDS))
    return [[f"results/corpus/extracted/{s}.txt"] for s in SHARDS]


def get_raw_shard(wildcards):
    return get_raw_shards()[int(wildcards.shard)]


def get_dump_path():
    spec = config["corpus"]["dump"]
    if spec["resource"] == "enwiki-dump":
        if not spec["date"]:
            raise ValueError("config key corpus.dump.date is required for corpus.dump.resource: enwiki-dump")
        return f"resources/enwiki-dump/{spec['date']}/pages-articles.xml.bz2"
    return f"resources/package/{spec['resource']}"


def files_resources():
    """The declared 'files' resources (other than the corpus) this config fetches."""
    names = list(TWEET_SOURCES)
    names += ["stsbenchmark"] if STS["enabled"] or (config["scaling"]["enabled"] and config["scaling"]["sts"]) else []
    names += ["ohsumed-single-23"] if PARAGRAPHS["enabled"] else []
    if SCH["enabled"]:
        names += [d["resource"] for d in SCH["datasets"].values()]
    return list(dict.fromkeys(names))


def word2vec_description(settings=None):
    """``400-d skip-gram`` (or CBOW): the word2vec the captions name, from the settings
    the training used (default: config word2vec)."""
    w = settings or config["word2vec"]
    return f"{w['vector_size']}-d {'skip-gram' if w['sg'] else 'CBOW'}"


def corpus_description():
    c = config["corpus"]
    if c["source"] == "extracted":
        n = c["extracted"]["max_files"]
        shards = f"the first {n} WikiExtractor shards" if n else "all WikiExtractor shards"
        name, files = get_extracted_files()
        try:
            later = from_official(name, mirror=config["resources"]["mirror"], files=files, lock=Path(LOCK))
        except ResourceError as err:
            raise SystemExit(str(err)) from None
        if later:  # without the mirror (textsim.sources.provision)
            return f"{shards} of the latest English Wikipedia dump's first part, not the 2015 text of the documented runs"
        return f"{shards} of the 2015 English Wikipedia"
    if c["dump"]["resource"] == "enwiki-dump":
        return f"the English Wikipedia dump of {c['dump']['date']}"
    return "the 206-page Wikipedia dump shard shipped with gensim"
