# De Boom et al. (ICDMW 2015, PRL 2016): helpers of the pairs, scoring, twitter,
# transfer, learned-weights and paper rules (no rules here).
from textsim.deboom.published import ICDMW_TABLE_I_LENGTHS
from textsim.deboom.baselines import BASELINES
from textsim.methods.learned.procedures import PRL_PROCEDURES
from textsim.methods.learned.procedures import PROCEDURES as PROCEDURE_NAMES
from textsim.vectors.word2vec_settings import PAPER_WORD2VEC

LENGTHS = [str(x) for x in config["pairs"]["lengths"]]
VECTORS = list(config["evaluation"]["vectors"])
# the primary word vectors' preparation ("unit" or "raw"): what the learned weights,
# the figures and the PRL tables use
PRIMARY_VECTORS = VECTORS[0]
NORMALIZE = PRIMARY_VECTORS == "unit"
TABLE_I_LENGTHS = [x for x in ICDMW_TABLE_I_LENGTHS if x in LENGTHS]
BASELINE_METHODS = list(BASELINES)
WEIGHT_LENGTHS = [x for x in config["weights"]["lengths"] if x in LENGTHS]
PROCEDURES = list(config["weights"]["procedures"])
TRANSFER_ON = TRANSFER["source"] != "none" and "var" in WEIGHT_LENGTHS
KAPPA = config["weights"]["kappa"]
KAPPA_SEARCH = config["weights"]["kappa_search"]
COUPLES = "results/pairs/{length}/couples.parquet"


def candidate_options(cfg, lengths, shard):
    """Rule extract_pair_candidates' one mapping of settings
    (textsim.stages.deboom.pairs.CandidateOptions) for corpus shard ``shard`` and the
    couple sets ``lengths``, from a config (the run's, or a variant's)."""
    pairs = cfg["pairs"]
    return {
        "shard_index": int(shard),
        "lengths": list(lengths),
        "variable_range": pairs["variable_range"],
        "seed": config["seed"],
        "min_tokens_factor": pairs["min_tokens_factor"],
        "skip": pairs["skip"],
    }


def curation_options(cfg):
    """Rule curate_pairs' one mapping of settings (textsim.deboom.curation.CurationOptions)
    from a config (the run's, or a variant's); the couple set comes from the wildcard."""
    pairs = cfg["pairs"]
    return {
        "seed": config["seed"],
        "proportions": pairs["proportions"],
        "nonpair_source": pairs["nonpair_source"],
        "max_couples": pairs["max_couples"],
        "construction": pairs["construction"],
        "article_range": pairs["article_tokens"],
        "selection": pairs["selection"],
    }


TRANSFER_VECTORS = (
    "results/word2vec-google/vectors.npz"
    if TRANSFER["source"] == "google-news"
    else "results/word2vec-transfer/vectors.npz"
)
#: other vector spaces: their word vectors and the couple set they embed (PRL Table 1's
#: transfer block: the variable-length couples, with weights learned on the primary space)
SPACES = {"transfer": {"vectors": TRANSFER_VECTORS, "length": "var"}}


# Wildcards: {length} is a scored couple set: pairs.lengths (10/20/30/var Wikipedia
# couples) and the Twitter sets, embedded with the primary word vectors (VECTORS_KV), or
# another word-vector space (SPACES), which embeds one couple set of its own with its
# own vectors; {vectors} is how the word vectors are prepared (unit-normalised or raw).
wildcard_constraints:
    length=r"\d+|var|" + "|".join([*TWITTER_COUPLE_SETS.values(), *SPACES]),
    vectors=r"unit|raw",


def _embedded(wildcards):
    """The couple set a scored set {length} embeds: its own, or a space's (SPACES)."""
    return SPACES[wildcards.length]["length"] if wildcards.length in SPACES else wildcards.length


def couples_of(wildcards):
    return COUPLES.format(length=_embedded(wildcards))


def vectors_of(wildcards):
    return SPACES[wildcards.length]["vectors"] if wildcards.length in SPACES else VECTORS_KV


def weights_of(wildcards):
    """The learned weights a scored set uses: its own couple set's (a space: the set it
    embeds, learned on the primary vectors), of the seed in ``{seeded}``."""
    return f"results/weights/{_embedded(wildcards)}/{wildcards.procedure}{wildcards.seeded}.json"


#: the histogram figures (their rules named plot_<figure>): the scores, the method whose similarities
#: they plot, its x-axis label, the figure's report category and label
HISTOGRAMS = {
    "icdmw_figure_1": {
        "scores": f"results/scores/{config['figures']['length']}/{PRIMARY_VECTORS}.parquet",
        "method": "tfidf",
        "xlabel": "tf-idf cosine similarity",
        "artifact": ("2. ICDMW 2015", "Figure 1"),
    },
    "icdmw_figure_2": {
        "scores": f"results/scores/{config['figures']['length']}/{PRIMARY_VECTORS}.parquet",
        "method": "mean",
        "xlabel": "cosine similarity of mean embeddings",
        "artifact": ("2. ICDMW 2015", "Figure 2"),
    },
    "prl_figure_2": {
        "scores": f"results/scores/twitter/{PRIMARY_VECTORS}.parquet",
        "method": "mean_euclidean",
        "xlabel": "1 − Euclidean distance of mean embeddings",
        "artifact": ("3. PRL 2016", "Figure 2"),
    },
}


#: the learned-weights figures (their rules named plot_<figure>): each curve's label and weights
#: file, the y-axis label, the figure's report category and label
WEIGHT_FIGURES = {
    "icdmw_figure_4": {
        "weights": {"importance factors": "results/weights/20/icdmw.json"},
        "ylabel": "importance factor",
        "artifact": ("2. ICDMW 2015", "Figure 4"),
    },
    "prl_figure_3": {
        "weights": {
            "contrastive": "results/weights/20/contrastive.json",
            "median": "results/weights/20/median.json",
        },
        "ylabel": "learned weight",
        "artifact": ("3. PRL 2016", "Figure 3"),
    },
}


def n_max_for(length, cfg=config):
    """How many weights a couple set's texts get (cfg: the run's config or a variant's)."""
    if length.isdigit():
        return int(length)
    if length.startswith("twitter"):
        return TWITTER["n_max"]
    return cfg["weights"]["n_max_variable"]


def scoring_options(cfg, methods, vectors):
    """Rule score_baselines' one mapping of settings
    (textsim.stages.deboom.scoring.ScoringOptions) from a config (the run's, or a
    variant's) for ``methods`` and the vector variant ``vectors`` (unit or raw)."""
    norm = cfg["evaluation"]["tfidf_norm"]
    return {
        "methods": list(methods),
        "normalize": vectors == "unit",
        "top_fraction": cfg["evaluation"]["top_fraction"],
        "idf_variant": cfg["docfreq"]["idf_variant"],
        "n_documents": cfg["docfreq"]["n_documents"],
        # only when not the default, so that runs made before the option do not rescore
        **({"tfidf_norm": norm} if norm != "types" else {}),
    }


def training_options(cfg, length, *, kappa, normalize, seed=None):
    """Rule train_weights' one mapping of settings
    (textsim.stages.deboom.training.TrainingOptions) for couple set ``length``, from a
    config (the run's, or a variant's); ``kappa``: a number or "auto" (the search's);
    ``seed``: the training seed (default: the run's)."""
    return {
        "n_max": n_max_for(length, cfg),
        "kappa": kappa,
        "stopping": cfg["weights"]["stopping"],
        "seed": config["seed"] if seed is None else int(seed),
        "deterministic": config["deterministic"],
        "normalize": normalize,
        "backend": KERAS_BACKEND,
    }


def get_transfer_corpus():
    if TRANSFER["source"] == "slice":
        return ["results/transfer/corpus.tsv"]
    return expand(CORPUS_SHARD, shard=SHARDS)


#: the κ grid search's choice (rule select_kappa)
KAPPA_FILE = "results/weights/kappa.json"


def kappa_file(kappa, procedure="median"):
    """The κ search's file when κ is auto and the procedure uses κ (the median loss): the
    one place where "auto" turns into a file to read (textsim.stages.deboom.training)."""
    return [KAPPA_FILE] if kappa == "auto" and procedure == "median" else []


def kappa_input(wildcards):
    return kappa_file(KAPPA, wildcards.procedure)


def metrics_params(cfg=config):
    """The split-error and JS settings of a config (a variant's merged one, or the main)."""
    js = cfg["evaluation"]["js"]
    return {
        "n_thresholds": cfg["evaluation"]["n_thresholds"],
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


def table_note():
    js = config["evaluation"]["js"]
    mode = "deterministic (one word2vec thread)" if config["deterministic"] else "multi-threaded word2vec (not bit-reproducible)"
    return (
        f"Ours: {corpus_description()}, {word2vec_description()}, seed {config['seed']}, {mode}; "
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
    src_ = TRANSFER["source"]
    if src_ == "google-news":
        other = "the Google News 300-d vectors (as in the paper)"
    else:
        w = {**PAPER_WORD2VEC, **TRANSFER["word2vec"]}  # what train_word2vec_transfer uses
        where = (
            f"{TRANSFER['slice_files']} other WikiExtractor files"
            if src_ == "slice"
            else "our own corpus"
        )
        other = f"{word2vec_description(w)} word2vec trained on {where} (offline stand-in for Google News)"
    return (
        f" Transfer block: the variable-length weights applied unchanged to {other}; "
        "document frequencies from our Wikipedia corpus, missing words df = 1."
    )


def twitter_note():
    sources = ", ".join(TWEET_SOURCES)
    return (
        f"Ours: tweets of {sources} (the paper: 341,949 tweets of 100 news agencies, August 2015); "
        f"word2vec and document frequencies from {corpus_description()}, as in the paper; "
        f"{TWITTER['n_max']} learned weights. 'Twitter': related tweets at most "
        f"{TWITTER['window_minutes']} minutes apart, non-related at any time (the paper's rules); "
        "'same-slot non-pairs': both in the same aligned time slot (the authors' code). "
        "The paper reports one Twitter block; its values are shown beside both. "
        "Split error: threshold on validation, error on test; n_test per row in the CSV."
    )


def deboom_targets():
    targets = [
        "results/word2vec/quality.csv",
        "results/corpus/statistics.csv",
        *expand("results/pairs/{length}/summary.csv", length=LENGTHS),
        *expand("results/metrics/{length}/{vectors}.csv", length=LENGTHS, vectors=VECTORS),
    ]
    if TABLE_I_LENGTHS:
        targets += table_files("icdmw-table-1")
    if "20" in LENGTHS:
        targets += table_files("icdmw-table-2")
    if config["figures"]["length"] in LENGTHS:
        targets += figure_files("icdmw-figure-1") + figure_files("icdmw-figure-2")
    runs = learned_runs()
    # the weight files are artifacts of their own (textsim fit learned --weights ...): a
    # run killed while training must make them again even where their scores exist
    targets += [f"results/weights/{L}/{p}.json" for L, p in runs]
    targets += [f"results/learned/{L}/{p}.csv" for L, p in scored_runs()]
    targets += expand("results/pairs/{length}/summary.csv", length=TWITTER_SETS)
    targets += expand("results/metrics/{length}/{vectors}.csv", length=TWITTER_SETS, vectors=VECTORS)
    if TRANSFER_ON:
        targets += expand("results/metrics/transfer/{vectors}.csv", vectors=VECTORS)
    if KAPPA == "auto" and any(p == "median" for _, p in runs):
        targets += [KAPPA_FILE]
    if TWITTER_SETS and all((L, p) in runs for L in TWITTER_SETS for p in PRL_PROCEDURES):
        targets += table_files("prl-table-2")
    if "twitter" in TWITTER_SETS:
        targets += figure_files("prl-figure-2")
    if ("20", "icdmw") in runs:
        targets += table_files("icdmw-table-3")
        targets += figure_files("icdmw-figure-4") + figure_files("icdmw-figure-5")
    if all(("20", p) in runs for p in PRL_PROCEDURES):
        targets += table_files("prl-table-1")
        targets += figure_files("prl-figure-3")
    return targets
