# The corpus-size study (configs/scaling.yaml): helpers of the rules in scaling.smk (no
# rules here). Slices of the cleaned corpus grow; the evaluation data stay fixed: the
# Wikipedia couples come from the last `scaling.evaluation_shards` corpus shards, which
# no slice trains on, and are cut with the largest slice's vocabulary.
from textsim.methods.learned.procedures import PAPER_KAPPA
from textsim.scaling.sizes import parse_sizes

SCALING = config["scaling"]
SCALE_DIR = "results/scaling"
SCALE_SIZES = parse_sizes(SCALING["sizes"])
SCALE_LABELS = [s.label for s in SCALE_SIZES]
SCALE_TOKENS = {s.label: s.tokens for s in SCALE_SIZES}
SCALE_LENGTHS = [str(x) for x in SCALING["lengths"]]
SCALE_VECTORS = f"{SCALE_DIR}/{{size}}/vectors.npz"
SCALE_DOCFREQ = f"{SCALE_DIR}/{{size}}/docfreq.tsv"
SCALE_COUPLES = f"{SCALE_DIR}/pairs/{{length}}/couples.parquet"
# the couples are cut with the vocabulary of the largest slice (the paper: in-vocabulary
# tokens only), so that every size is evaluated on the same couples
SCALE_VOCABULARY = SCALE_VECTORS.format(size=SCALE_LABELS[-1])
SCALE_STS_MODE = STS["modes"][0]
# κ of the median loss at every size: scaling.kappa, or the PRL paper's value
SCALE_KAPPA = SCALING["kappa"] or PAPER_KAPPA


wildcard_constraints:
    size="|".join(SCALE_LABELS),


def scale_shards():
    """(training shards, evaluation shards): the last scaling.evaluation_shards of the
    corpus shards are reserved for the evaluation couples."""
    n = SCALING["evaluation_shards"]
    if SCALING["enabled"] and n >= len(SHARDS):
        raise ValueError(
            f"config key scaling.evaluation_shards: {n} of corpus.n_shards = {len(SHARDS)} "
            "leaves no shard to train on"
        )
    return SHARDS[: len(SHARDS) - n], SHARDS[len(SHARDS) - n :]


def scale_path(name):
    """A per-size artifact, for every size: results/scaling/<size>/<name>."""
    return [f"{SCALE_DIR}/{size}/{name}" for size in SCALE_LABELS]


def scale_baselines():
    """(size, length, vectors) -> baseline metrics file."""
    return {
        (s, n, v): f"{SCALE_DIR}/{s}/metrics/{n}/{v}.csv"
        for s in SCALE_LABELS
        for n in SCALE_LENGTHS
        for v in VECTORS
    }


def scale_learned():
    return {(s, n): f"{SCALE_DIR}/{s}/learned/{n}/median.csv" for s in SCALE_LABELS for n in SCALE_LENGTHS}


def scale_verdict_keys():
    """(set/variant keys of the baseline score files, set/procedure keys of the learned
    ones) the per-size verdict tables read."""
    baselines = [f"{n}/{v}" for n in SCALE_LENGTHS for v in VECTORS]
    return baselines, [f"{n}/median" for n in SCALE_LENGTHS]


def scale_scores(size, key):
    length, vectors = key.split("/")
    return f"{SCALE_DIR}/{size}/scores/{length}/{vectors}.parquet"


def scale_learned_scores(size, key):
    length, procedure = key.split("/")
    return f"{SCALE_DIR}/{size}/learned/{length}/{procedure}.parquet"


def scale_sts():
    return dict(zip(SCALE_LABELS, scale_path("sts.csv"))) if SCALING["sts"] else {}


def scale_benchmarks():
    """(size, tokens from the slice statistics, stage, benchmark file) of every timed job."""
    out = []
    for s in SCALE_LABELS:
        stages = ["slice", "word2vec", "docfreq"] + (["sts"] if SCALING["sts"] else [])
        out += [(s, stage, f"benchmarks/scaling/{s}/{stage}.tsv") for stage in stages]
        for n in SCALE_LENGTHS:
            out += [(s, "baselines", f"benchmarks/scaling/{s}/baselines/{n}-{v}.tsv") for v in VECTORS]
            out += [(s, "training", f"benchmarks/scaling/{s}/training/{n}-median.tsv")]
    return out


def scaling_targets():
    if not SCALING["enabled"]:
        return []
    return (
        table_files("scaling-results")
        + table_files("scaling-claims")
        + table_files("scaling-costs")
        + figure_files("scaling-deboom")
        + figure_files("scaling-words")
        + (figure_files("scaling-sts") if SCALING["sts"] else [])
    )


def scaling_note():
    train, evaluation = scale_shards()
    return (
        f"Training slices: the first N tokens (whole articles, article-id order) of {len(train)} of the "
        f"{len(SHARDS)} corpus shards of {corpus_description()}; nested (each slice starts every larger one). "
        f"Evaluation held fixed: Wikipedia couples from the other {len(evaluation)} shard(s), cut with the "
        f"largest slice's vocabulary (words a smaller slice lacks are out of vocabulary there); the same "
        f"STS-B sentences and word-similarity sets at every size. {word2vec_description()}, "
        f"seed {config['seed']}; learned weights: median loss, κ = {SCALE_KAPPA:g} at every size "
        f"(no search per size). Split error: threshold on validation, error on test."
    )
