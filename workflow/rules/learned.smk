# Learned idf-rank weights (Keras): training on the train split, scoring and evaluation.


rule select_kappa:
    input:
        couples=f"results/pairs/{KAPPA_SEARCH['length']}/couples.parquet",
        vectors=VECTORS_KV,
        docfreq=DOCFREQ,
        code=code("select_kappa"),
    output:
        json=KAPPA_FILE,
        csv=report(
            "results/weights/kappa-search.csv",
            caption="../report/kappa_search.rst",
            category="3. PRL 2016",
            labels={"artifact": "kappa grid search"},
        ),
    params:
        options={  # textsim.stages.deboom.kappa.KappaStage
            "length": KAPPA_SEARCH["length"],
            "normalize": NORMALIZE,
            "backend": KERAS_BACKEND,
            "search": {  # textsim.deboom.kappa.KappaSearch
                "n_max": n_max_for(KAPPA_SEARCH["length"]),
                "grid": KAPPA_SEARCH["grid"],
                "folds": KAPPA_SEARCH["folds"],
                "max_couples": KAPPA_SEARCH["max_couples"],
                "seed": config["seed"],
                "deterministic": config["deterministic"],
            },
        },
    threads: 1  # the small Keras models keep one core busy (see train_weights)
    log:
        "logs/weights/select_kappa.log",
    benchmark:
        "benchmarks/weights/select_kappa.tsv"
    resources:
        mem_mb=mem_mb(2500, 4),
        runtime=600,
        accelerator=1,
        **KERAS_GPU,
    conda:
        "../../envs/keras.yaml"
    script:
        "../scripts/select_kappa.py"


rule train_weights:
    input:
        couples="results/pairs/{length}/couples.parquet",
        vectors=VECTORS_KV,
        docfreq=DOCFREQ,
        kappa=kappa_input,
        code=code("train_weights"),
    output:
        "results/weights/{length}/{procedure}.json",
    params:
        options=lambda wc: training_options(
            config, wc.length, kappa=KAPPA, normalize=NORMALIZE
        ),
    wildcard_constraints:
        procedure="icdmw|contrastive|median",
    # one core: these small Keras models load about one core (mean load 0.8-1.0 in the
    # demo's benchmark files with 2 declared), so another job can run beside them
    threads: 1
    log:
        "logs/weights/{length}/{procedure}.log",
    benchmark:
        "benchmarks/weights/{length}/{procedure}.tsv"
    resources:
        mem_mb=mem_mb(2500, 4),
        runtime=600,
        accelerator=1,
        **KERAS_GPU,
    conda:
        "../../envs/keras.yaml"
    script:
        "../scripts/train_weights.py"


rule score_learned:
    input:
        couples=COUPLES,
        vectors=VECTORS_KV,
        docfreq=DOCFREQ,
        weights="results/weights/{length}/{procedure}.json",
        code=code("score_learned"),
    output:
        "results/learned/{length}/{procedure}.parquet",
    params:
        options=lambda wc: {  # keywords of textsim.stages.deboom.learned.score_learned
            "name": f"learned_{wc.procedure}",
            "normalize": NORMALIZE,
        },
    log:
        "logs/learned/{length}/{procedure}-score.log",
    benchmark:
        "benchmarks/learned/{length}/{procedure}-score.tsv"
    resources:
        mem_mb=mem_mb(1000, 4),
        runtime=30,
    conda:
        "../../envs/nlp.yaml"
    script:
        "../scripts/score_learned.py"


rule evaluate_learned:
    input:
        scores="results/learned/{length}/{procedure}.parquet",
        code=code("evaluate_scores"),
    output:
        "results/learned/{length}/{procedure}.csv",
    params:
        options=lambda wc: {  # keywords of textsim.stages.deboom.scoring.evaluate_baselines
            "methods": [f"learned_{wc.procedure}"],
            "metric_params": metrics_params(),
        },
    log:
        "logs/learned/{length}/{procedure}-evaluate.log",
    benchmark:
        "benchmarks/learned/{length}/{procedure}-evaluate.tsv"
    resources:
        mem_mb=mem_mb(1000, 2),
        runtime=10,
    conda:
        "../../envs/nlp.yaml"
    script:
        "../scripts/evaluate_scores.py"


# The learned weights of a couple set applied unchanged in another vector space ({space}:
# PRL's out-of-the-box transfer), then evaluated.
use rule score_learned as score_learned_space with:
    input:
        couples=space_couples,
        vectors=space_vectors,
        docfreq=DOCFREQ,
        weights=space_weights,
        code=code("score_learned"),
    output:
        "results/learned/{space}/{procedure}.parquet",
    log:
        "logs/learned/{space}/{procedure}-score.log",
    benchmark:
        "benchmarks/learned/{space}/{procedure}-score.tsv"


use rule evaluate_learned as evaluate_learned_space with:
    input:
        scores="results/learned/{space}/{procedure}.parquet",
        code=code("evaluate_scores"),
    output:
        "results/learned/{space}/{procedure}.csv",
    log:
        "logs/learned/{space}/{procedure}-evaluate.log",
    benchmark:
        "benchmarks/learned/{space}/{procedure}-evaluate.tsv"
