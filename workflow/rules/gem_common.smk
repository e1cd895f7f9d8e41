# GEM, SIF, uSIF: helpers of the rules in gem.smk (no rules here).

#: the STS table's settings (textsim.stages.gem.common.STSOptions) of rules sts_scores,
#: sts_models and scaling_sts; sts_ngrams passes what it uses
STS_OPTIONS = {
    "modes": STS["modes"],
    "usif_normalizations": STS["usif_normalizations"],
    "gem_variants": STS["gem_variants"],
    "max_pairs": STS["max_pairs"],
}
STS_SPLITS = {s: f"resources/stsbenchmark/stsbenchmark/sts-{s}.csv" for s in ("train", "dev", "test")}
#: each STS pair's similarity under each method (the verdicts' evidence)
STS_PAIRS = "results/sts/pairs.parquet"
OHSUMED = "resources/ohsumed-single-23/ohsumed_single_23.tar.xz"
#: the resources of a GEM-stage job: every method over the STS or OHSUMED sets
GEM_JOB = {"mem_mb": 6000, "runtime": 60}


def sts_learned():
    """Learned weight files applied to STS sentences: length/procedure -> path (only trained ones)."""
    runs = learned_runs()
    out = {}
    for key in STS["learned"]:
        length, procedure = key.split("/")
        if (length, procedure) not in runs:
            raise ValueError(
                f"config key sts.learned: {key} is not trained (weights.lengths x weights.procedures)"
            )
        out[key] = f"results/weights/{length}/{procedure}.json"
    return out


def gem_targets():
    targets = []
    if STS["enabled"]:
        targets += table_files("gem-sts")
        targets += ["results/models/sts", "results/models/sts-ngrams"]  # textsim load/embed
        if STS["ngrams"]:
            targets += figure_files("gem-ngrams-performance") + figure_files("gem-ngrams-speed")
    if PARAGRAPHS["enabled"]:
        targets += table_files("gem-paragraphs")
    return targets


def sts_note():
    return (
        f"Ours: {word2vec_description()} word2vec trained on {corpus_description()}; "
        "raw (not normalised) word vectors for mean, SIF, uSIF and GEM; word probabilities from the "
        "word2vec vocabulary counts; sentences lowercased, numbers as 0, punctuation removed, "
        "out-of-vocabulary words dropped; cosine similarity; r = Pearson, ρ = Spearman, x 100. "
        "Fit 'evaluated split' = the original scripts' transductive mode (components from the "
        "sentences being scored); 'train split' = components fitted once on STS train and stored. "
        "sentences/s: embedding dev + test from raw text (cleaning included), fit on train excluded, measured in this "
        "workflow run (2 threads). The published numbers use other, much larger word vectors "
        "(LexVec, GloVe: billions of tokens); they are shown for orientation, not as a like-for-like comparison."
    )


def paragraph_note():
    n = PARAGRAPHS["max_documents"]
    subset = f"the {n} lowest ids of each split of " if n else ""
    return (
        f"Ours: {subset}OHSUMED single-label abstracts (23 MeSH disease categories; train/test as "
        "distributed), title + abstract as the paragraph, one sentence per line; "
        f"word vectors as in the STS table. Multinomial logistic regression on standardised vectors, "
        "C chosen on a held-out fifth of the training documents from "
        f"{PARAGRAPHS['c_grid']}, then refitted on all of them; components (GEM directions, "
        "SIF/uSIF) fitted on the training documents only. documents/s: embedding all documents, fits "
        "included. The slides' column is IMDb sentiment accuracy (2,000 training reviews), "
        "another task, shown for the ranking of the three techniques only."
    )
