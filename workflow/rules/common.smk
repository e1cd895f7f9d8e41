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
TWITTER = config.get("twitter", {})
TWITTER_SETS = [{"paper": "twitter", "slot": "twitter-slot"}[v] for v in TWITTER.get("variants", [])]
TRANSFER = config.get("transfer", {})
TRANSFER_ON = TRANSFER.get("source", "none") != "none" and "var" in WEIGHT_LENGTHS
KAPPA = config["weights"]["kappa"]
KAPPA_SEARCH = config["weights"].get("kappa_search", {})
STS = config.get("sts", {"enabled": False})
PARAGRAPHS = config.get("paragraphs", {"enabled": False})
SCH = config.get("schafer", {"enabled": False})
STS_SPLITS = {s: f"resources/stsbenchmark/stsbenchmark/sts-{s}.csv" for s in ("train", "dev", "test")}
OHSUMED = "resources/ohsumed-single-23/ohsumed_single_23.tar.xz"


wildcard_constraints:
    shard=r"\d{3}",
    length=r"\d+|var|transfer|twitter|twitter-slot",
    vectors=r"unit|raw",


# A couple set ("length" wildcard): 10/20/30/var Wikipedia couples, the Twitter sets,
# or "transfer" = the variable-length couples embedded with another word2vec model.
def couples_for(wildcards):
    length = "var" if wildcards.length == "transfer" else wildcards.length
    return f"results/pairs/{length}/couples.parquet"


TRANSFER_VECTORS = (
    "results/word2vec-google/vectors.kv"
    if TRANSFER.get("source") == "google-news"
    else "results/word2vec-transfer/vectors.kv"
)


def vectors_for(wildcards):
    return TRANSFER_VECTORS if wildcards.length == "transfer" else "results/word2vec/vectors.kv"


def weights_for(wildcards):
    length = "var" if wildcards.length == "transfer" else wildcards.length
    return f"results/weights/{length}/{wildcards.procedure}.json"


def n_max_for(length):
    if length.isdigit():
        return int(length)
    if length.startswith("twitter"):
        return TWITTER["n_max"]
    return config["weights"]["n_max_variable"]


def kappa_input(wildcards):
    """The kappa search result, when kappa is auto and the procedure uses it."""
    return ["results/weights/kappa.json"] if KAPPA == "auto" and wildcards.procedure == "median" else []


def src(*modules):
    """The library modules a rule imports, declared as inputs so code edits rerun it."""
    return [str(SRC / f"{m}.py") for m in ("__init__", "io", *modules)]


def w2v_workers():
    return 1 if config.get("deterministic", False) else config["word2vec"]["workers"]


def get_extracted_files():
    spec = config["corpus"]["extracted"]
    resource = get_resource(spec["resource"])
    return resource.name, resource.file_names(spec.get("max_files"))


def resource_files(resource):
    """The local paths of every file of a declared ``files`` resource."""
    return [f"resources/{resource}/{f}" for f in get_resource(resource).file_names()]


def get_transfer_files():
    """WikiExtractor files of the transfer slice: the slice_files after corpus.extracted.max_files."""
    if TRANSFER.get("source") != "slice":
        return []
    if config["corpus"]["source"] != "extracted":
        raise ValueError("config key transfer.source: slice needs corpus.source: extracted")
    spec = config["corpus"]["extracted"]
    names = get_resource(spec["resource"]).file_names()
    start = spec.get("max_files") or len(names)
    files = names[start : start + TRANSFER["slice_files"]]
    if not files:
        raise ValueError(
            f"config key transfer.slice_files: no WikiExtractor files left after the first {start}"
        )
    return files


def get_transfer_corpus():
    if TRANSFER.get("source") == "slice":
        return ["results/transfer/corpus.tsv"]
    return expand("results/corpus/clean/{shard}.tsv", shard=SHARDS)


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
    """(couple set, procedure) pairs to train: ICDMW importance factors only for fixed lengths."""
    sets = WEIGHT_LENGTHS + TWITTER_SETS
    return [(L, p) for L in sets for p in PROCEDURES if not (p == "icdmw" and not L.isdigit())]


def scored_runs():
    """(couple set, procedure) pairs to evaluate: the trained ones plus the transfer block."""
    runs = learned_runs()
    if TRANSFER_ON:
        runs += [("transfer", p) for L, p in learned_runs() if L == "var"]
    return runs


def learned_metrics(length, procedures=None):
    return [
        f"results/learned/{L}/{p}.csv"
        for L, p in scored_runs()
        if L == length and (procedures is None or p in procedures)
    ]


def prl_table_1_blocks():
    return WEIGHT_LENGTHS + (["transfer"] if TRANSFER_ON else [])


def files_resources():
    """The declared 'files' resources (other than the corpus) this config fetches."""
    names = list(TWITTER.get("sources", [])) if TWITTER_SETS else []
    names += ["stsbenchmark"] if STS.get("enabled") else []
    names += ["ohsumed-single-23"] if PARAGRAPHS.get("enabled") else []
    if SCH.get("enabled"):
        names += [d["resource"] for d in SCH["datasets"].values()]
    return list(dict.fromkeys(names))


def sts_learned():
    """Learned weight files applied to STS sentences: name -> path (only trained ones)."""
    runs = learned_runs()
    out = {}
    for key in STS.get("learned", []):
        length, procedure = key.split("/")
        if (length, procedure) not in runs:
            raise ValueError(
                f"config key sts.learned: {key} is not trained (weights.lengths x weights.procedures)"
            )
        out[f"learned, {procedure} ({length})"] = f"results/weights/{length}/{procedure}.json"
    return out


def gem_targets():
    targets = []
    if STS.get("enabled"):
        targets += expand("results/paper/tables/gem-sts.{ext}", ext=["csv", "md", "tex", "html"])
        if STS.get("ngrams"):
            targets += expand(
                "results/paper/figures/gem-ngrams-{kind}.{ext}", kind=["performance", "speed"], ext=["pdf", "png"]
            )
    if PARAGRAPHS.get("enabled"):
        targets += expand("results/paper/tables/gem-paragraphs.{ext}", ext=["csv", "md", "tex", "html"])
    return targets


def sts_note():
    return (
        f"Ours: {config['word2vec']['vector_size']}-d skip-gram word2vec trained on {corpus_description()}; "
        "raw (not normalised) word vectors for mean, SIF, uSIF and GEM; word probabilities from the "
        "word2vec vocabulary counts; sentences lowercased, numbers as 0, punctuation removed, "
        "out-of-vocabulary words dropped; cosine similarity; r = Pearson, ρ = Spearman, x 100. "
        "Fit 'evaluated split' = the original scripts' transductive mode (components from the "
        "sentences being scored); 'train split' = components fitted once on STS train and stored. "
        "sentences/s: embedding dev + test from cleaned text, fit on train excluded, measured in this "
        "workflow run (2 threads). The published numbers use other, much larger word vectors "
        "(LexVec, GloVe: billions of tokens); they are shown for orientation, not as a like-for-like comparison."
    )


def paragraph_note():
    n = PARAGRAPHS.get("max_documents")
    subset = f"the {n} lowest ids of each split of " if n else ""
    return (
        f"Ours: {subset}OHSUMED single-label abstracts (23 MeSH disease categories; train/test as "
        "distributed), title + abstract as the paragraph, one sentence per line; "
        f"word vectors as in the STS table. Multinomial logistic regression on standardised vectors, "
        "C chosen on a held-out fifth of the training documents from "
        f"{PARAGRAPHS.get('c_grid')}, then refitted on all of them; components (GEM directions, "
        "SIF/uSIF) fitted on the training documents only. documents/s: embedding all documents, fits "
        "included. The slides' column is IMDb sentiment accuracy (2,000 training reviews), "
        "another task, shown for the ranking of the three techniques only."
    )


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
    targets += [f"results/learned/{L}/{p}.csv" for L, p in scored_runs()]
    targets += expand("results/pairs/{length}/summary.csv", length=TWITTER_SETS)
    targets += expand("results/metrics/{length}/{vectors}.csv", length=TWITTER_SETS, vectors=VECTORS)
    if TRANSFER_ON:
        targets += expand("results/metrics/transfer/{vectors}.csv", vectors=VECTORS)
    if KAPPA == "auto" and any(p == "median" for _, p in runs):
        targets += ["results/weights/kappa.json"]
    if TWITTER_SETS and all((L, p) in runs for L in TWITTER_SETS for p in ("contrastive", "median")):
        targets += expand("results/paper/tables/prl-table-2.{ext}", ext=["csv", "md", "tex", "html"])
    if "twitter" in TWITTER_SETS:
        targets += expand("results/paper/figures/prl-figure-2.{ext}", ext=["pdf", "png"])
    if ("20", "icdmw") in runs:
        targets += expand("results/paper/tables/icdmw-table-3.{ext}", ext=["csv", "md", "tex", "html"])
        targets += expand("results/paper/figures/icdmw-figure-{n}.{ext}", n=[4, 5], ext=["pdf", "png"])
    if ("20", "contrastive") in runs and ("20", "median") in runs:
        targets += expand("results/paper/tables/prl-table-1.{ext}", ext=["csv", "md", "tex", "html"])
        targets += expand("results/paper/figures/prl-figure-3.{ext}", ext=["pdf", "png"])
    return targets + gem_targets() + sch_targets()


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


def transfer_note():
    if not TRANSFER_ON:
        return ""
    src_ = TRANSFER.get("source")
    if src_ == "google-news":
        other = "the Google News 300-d vectors (as in the paper)"
    else:
        w = TRANSFER.get("word2vec", {})
        algo = "skip-gram" if w.get("sg", 1) else "CBOW"
        where = (
            f"{TRANSFER.get('slice_files')} other WikiExtractor files"
            if src_ == "slice"
            else "our own corpus"
        )
        other = f"{w.get('vector_size', 400)}-d {algo} word2vec trained on {where} (offline stand-in for Google News)"
    return (
        f" Transfer block: the variable-length weights applied unchanged to {other}; "
        "document frequencies from our Wikipedia corpus, missing words df = 1."
    )


def twitter_note():
    sources = ", ".join(TWITTER.get("sources", []))
    return (
        f"Ours: tweets of {sources} (the paper: 341,949 tweets of 100 news agencies, August 2015); "
        f"word2vec and document frequencies from {corpus_description()}, as in the paper; "
        f"{TWITTER.get('n_max')} learned weights. 'Twitter': related tweets at most "
        f"{TWITTER.get('window_minutes')} minutes apart, non-related at any time (the paper's rules); "
        "'same-slot non-pairs': both in the same aligned time slot (the authors' code). "
        "The paper reports one Twitter block; its values are shown beside both. "
        "Split error: threshold on validation, error on test; n_test per row in the CSV."
    )


# Schäfer (2018) framework (workflow/rules/schafer.smk)
SCH_DIR = "results/schafer"
SCH_CODE = ("docsets", "docmetrics", "docmodels", "docsearch", "pso", "classify", "documents", "embeddings", "stages/schafer")


def sch_runs(dataset):
    """Run names of a dataset: every model's grid (search dataset) or its searched
    configuration (other datasets), then the zero-training baselines."""
    ws = SCH["word_size"]
    runs = []
    for m in SCH["models"]:
        if dataset == SCH["search_dataset"]:
            names = [f"{m}-{w}wv-psodv" for w in SCH["word_sizes"]]
            names += [f"{m}-{ws}wv-{d}dv" for d in SCH["doc_sizes"]]
        else:
            names = [f"{m}-{ws}wv-psodv"]
        runs += list(dict.fromkeys(names))
    return runs + list(SCH["baselines"])


def sch_evaluations(dataset, model, generation=None):
    gens = range(SCH["search"]["generations"]) if generation is None else [generation]
    return [
        f"{SCH_DIR}/{dataset}/search/{model}/g{g}-p{p}.json"
        for g in gens
        for p in range(SCH["search"]["particles"])
    ]


def sch_note():
    t = SCH["training"]
    return (
        f"Word vectors: our {config['word2vec']['vector_size']}-d word2vec projected on its first principal "
        f"components (the run name's 'wv'); models see the first {t['max_words']} words (thesis: 400), at most "
        f"{t['max_epochs']} epochs (thesis: 50), early stopping min delta {t['min_delta']}, patience {t['patience']}. "
        "Hyperparameters from the particle swarm on the validation split; 'psodv' = the swarm's document size. "
        "Scores on the test split; ranks and triplets from WISDM reference distances (RV coefficient of the "
        f"top-{SCH['wisdm']['top_words']} tf-idf words' vectors). Baselines (mean, idf, sif, gem) use the full "
        "word vectors and no training. Times: this run, two jobs sharing two CPU cores."
    )


def sch_targets():
    if not SCH.get("enabled"):
        return []
    tables = ["schafer-a1", "schafer-datasets", "schafer-lda"]
    tables += ["schafer-a2"] if len(SCH["datasets"]) > 1 else []
    figures = ["epochs", "curves", "parameters", "scores", "size-topic", "size-triplets", "size-ranks", "tsne"]
    return expand("results/paper/tables/{t}.{ext}", t=tables, ext=["csv", "md", "tex", "html"]) + expand(
        "results/paper/figures/schafer-{f}.{ext}", f=figures, ext=["pdf", "png"]
    )


def sch_other_dataset():
    others = [d for d in SCH["datasets"] if d != SCH["search_dataset"]]
    return others[0] if others else SCH["search_dataset"]


from snakemake.io import report as sch_report


def sch_table_outputs(name, caption, label):
    return dict(
        csv=f"results/paper/tables/{name}.csv",
        md=f"results/paper/tables/{name}.md",
        tex=f"results/paper/tables/{name}.tex",
        html=sch_report(
            f"results/paper/tables/{name}.html",
            caption=f"../report/{caption}.rst",
            category="5. Schäfer 2018",
            labels={"artifact": label},
        ),
    )


def sch_figure(name, caption, label):
    return [
        f"results/paper/figures/schafer-{name}.pdf",
        sch_report(
            f"results/paper/figures/schafer-{name}.png",
            caption=f"../report/{caption}.rst",
            category="5. Schäfer 2018",
            labels={"artifact": label},
        ),
    ]
