# Helper functions shared by the rules (no rules here).
from pathlib import Path

from textsim.corpus import split_evenly
from textsim.resources import get_resource

SRC = Path(workflow.basedir) / "src" / "textsim"
SHARDS = [f"{i:03d}" for i in range(config["corpus"]["n_shards"])]
LENGTHS = [str(x) for x in config["pairs"]["lengths"]]
VECTORS = list(config["evaluation"]["vectors"])
TABLE_I_LENGTHS = [x for x in ("10", "20", "30") if x in LENGTHS]
TABLE_I_METHODS = ["tfidf", "mean", "max", "min", "minmax", "mean_top", "max_top", "minmax_top", "mean_idf"]
TABLE_II_METHODS = ["mean_cosine", "mean_euclidean", "mean_l3", "mean_l4", "mean_braycurtis"]
EUCLIDEAN_METHODS = [
    "max_euclidean",
    "min_euclidean",
    "minmax_euclidean",
    "mean_top_euclidean",
    "max_top_euclidean",
    "minmax_top_euclidean",
    "mean_idf_euclidean",
]
BASELINE_METHODS = TABLE_I_METHODS + TABLE_II_METHODS + EUCLIDEAN_METHODS
WEIGHT_LENGTHS = [x for x in config["weights"]["lengths"] if x in LENGTHS]
PROCEDURES = list(config["weights"]["procedures"])


wildcard_constraints:
    shard=r"\d{3}",
    length=r"\d+|var",
    vectors=r"unit|raw",


def src(*modules):
    """The library modules a rule imports, declared as inputs so code edits rerun it."""
    return [str(SRC / f"{m}.py") for m in ("__init__", "io", *modules)]


def w2v_workers():
    return 1 if config.get("deterministic", False) else config["word2vec"]["workers"]


def get_extracted_files():
    spec = config["corpus"]["extracted"]
    resource = get_resource(spec["resource"])
    return resource.name, resource.file_names(spec.get("max_files"))


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
        if not spec.get("date"):
            raise ValueError("config key corpus.dump.date is required for corpus.dump.resource: enwiki-dump")
        return f"resources/enwiki-dump/{spec['date']}/pages-articles.xml.bz2"
    return f"resources/package/{spec['resource']}"


def metrics_params():
    js = config["evaluation"]["js"]
    return {
        "n_thresholds": config["evaluation"]["n_thresholds"],
        "js_bins": js["bins"],
        "js_low": js["low"],
        "js_high": js["high"],
        "js_pseudocount": js["pseudocount"],
        "js_robust_bins": js["robust_bins"],
    }


def learned_runs():
    """(length, procedure) pairs to train: ICDMW importance factors only for fixed lengths."""
    return [(L, p) for L in WEIGHT_LENGTHS for p in PROCEDURES if not (p == "icdmw" and L == "var")]


def learned_metrics(length, procedures=None):
    return [
        f"results/learned/{L}/{p}.csv"
        for L, p in learned_runs()
        if L == length and (procedures is None or p in procedures)
    ]


def get_paper_targets():
    targets = [
        "results/word2vec/quality.csv",
        "results/corpus/statistics.csv",
        *expand("results/pairs/{length}/summary.csv", length=LENGTHS),
        *expand("results/metrics/{length}/{vectors}.csv", length=LENGTHS, vectors=VECTORS),
    ]
    if TABLE_I_LENGTHS:
        targets += expand("results/paper/tables/icdmw-table-1.{ext}", ext=["csv", "md", "tex", "html"])
    if "20" in LENGTHS:
        targets += expand("results/paper/tables/icdmw-table-2.{ext}", ext=["csv", "md", "tex", "html"])
    if config["figures"]["length"] in LENGTHS:
        targets += expand("results/paper/figures/icdmw-figure-{n}.{ext}", n=[1, 2], ext=["pdf", "png"])
    runs = learned_runs()
    targets += [f"results/learned/{L}/{p}.csv" for L, p in runs]
    if ("20", "icdmw") in runs:
        targets += expand("results/paper/tables/icdmw-table-3.{ext}", ext=["csv", "md", "tex", "html"])
        targets += expand("results/paper/figures/icdmw-figure-{n}.{ext}", n=[4, 5], ext=["pdf", "png"])
    if ("20", "contrastive") in runs and ("20", "median") in runs:
        targets += expand("results/paper/tables/prl-table-1.{ext}", ext=["csv", "md", "tex", "html"])
        targets += expand("results/paper/figures/prl-figure-3.{ext}", ext=["pdf", "png"])
    return targets


def corpus_description():
    c = config["corpus"]
    if c["source"] == "extracted":
        n = c["extracted"].get("max_files")
        return f"the first {n} WikiExtractor shards of the 2015 English Wikipedia" if n else "all WikiExtractor shards of the 2015 English Wikipedia"
    if c["dump"]["resource"] == "enwiki-dump":
        return f"the English Wikipedia dump of {c['dump'].get('date')}"
    return "the 206-page Wikipedia dump shard shipped with gensim"


def table_note():
    js = config["evaluation"]["js"]
    mode = "deterministic (one word2vec thread)" if config.get("deterministic") else "multi-threaded word2vec (not bit-reproducible)"
    return (
        f"Ours: {corpus_description()}, {config['word2vec']['vector_size']}-d skip-gram, seed {config['seed']}, {mode}; "
        f"idf variant '{config['docfreq']['idf_variant']}'; n_test couples per row in the CSV. "
        "Paper: full March 2015 Wikipedia, about 1.5M test couples. "
        f"JS uses the paper's estimator ({js['bins']} bins on [{js['low']}, {js['high']}], +{js['pseudocount']} per bin), "
        "which shrinks with fewer couples; 'JS robust' "
        f"({js['robust_bins']} bins over the observed range, no smoothing) is comparable across sample sizes. "
        "Split error: threshold chosen on validation, error on test."
    )
