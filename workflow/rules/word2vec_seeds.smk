# More trainings of the word vectors (config verdicts.word2vec_seeds; docs/verdicts.md,
# "Word-vector seeds"): word2vec with the next seeds, and with each one's vectors the
# baselines' scores of every couple set the primary vectors embed and the learned
# weights (trained and scored): the verdicts' intervals draw these runs too. The run's
# own vectors (seed `seed`) stay where the tables read them; the document frequencies,
# the couples and the selected κ are the run's. Each rule is the main one (`use rule`)
# on a seed's paths, W2V_SEEDS_DIR/<seed>/.

W2V_SEED_VECTORS = f"{W2V_SEEDS_DIR}/{{w2v}}/vectors.npz"


wildcard_constraints:
    w2v=r"\d+",


use rule train_word2vec as train_word2vec_seed with:
    output:
        W2V_SEED_VECTORS,
    params:
        options=lambda wc: word2vec_options(int(wc.w2v)),
    log:
        "logs/word2vec-seeds/{w2v}/train_word2vec.log",
    benchmark:
        "benchmarks/word2vec-seeds/{w2v}/train_word2vec.tsv"


use rule score_baselines as score_baselines_seed with:
    input:
        couples=couples_of,
        vectors=W2V_SEED_VECTORS,
        docfreq=DOCFREQ,
        code=code("score_baselines"),
    output:
        f"{W2V_SEEDS_DIR}/{{w2v}}/scores/{{length}}/{{vectors}}.parquet",
    log:
        "logs/word2vec-seeds/{w2v}/scores/{length}/{vectors}.log",
    benchmark:
        "benchmarks/word2vec-seeds/{w2v}/scores/{length}/{vectors}.tsv"


use rule train_weights as train_weights_seed with:
    input:
        couples="results/pairs/{length}/couples.parquet",
        vectors=W2V_SEED_VECTORS,
        docfreq=DOCFREQ,
        kappa=kappa_input,
        code=code("train_weights"),
    output:
        f"{W2V_SEEDS_DIR}/{{w2v}}/weights/{{length}}/{{procedure}}{{seeded}}.json",
    log:
        "logs/word2vec-seeds/{w2v}/weights/{length}/{procedure}{seeded}.log",
    benchmark:
        "benchmarks/word2vec-seeds/{w2v}/weights/{length}/{procedure}{seeded}.tsv"


use rule score_learned as score_learned_seed with:
    input:
        couples=couples_of,
        vectors=W2V_SEED_VECTORS,
        docfreq=DOCFREQ,
        weights=lambda wc: learned_weights_file(wc.length, wc.procedure, seed_of(wc) or config["seed"], int(wc.w2v)),
        code=code("score_learned"),
    output:
        f"{W2V_SEEDS_DIR}/{{w2v}}/learned/{{length}}/{{procedure}}{{seeded}}.parquet",
    log:
        "logs/word2vec-seeds/{w2v}/learned/{length}/{procedure}{seeded}-score.log",
    benchmark:
        "benchmarks/word2vec-seeds/{w2v}/learned/{length}/{procedure}{seeded}-score.tsv"
