# Learned idf-rank weights (Keras): training on the train split, scoring and evaluation;
# for each couple set (and for another vector space, SPACES, with the weights of the set it
# embeds), and for the verdicts' further seeds ({seeded}: "-seed<N>").


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
        **KERAS_TRAINING_JOB,
    conda:
        ENV_KERAS
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
        "results/weights/{length}/{procedure}{seeded}.json",
    params:
        options=lambda wc: training_options(
            config, wc.length, kappa=KAPPA, normalize=NORMALIZE, seed=seed_of(wc)
        ),
    wildcard_constraints:
        procedure="|".join(PROCEDURE_NAMES),
    # one core: these small Keras models load about one core (mean load 0.8-1.0 in the
    # demo's benchmark files with 2 declared), so another job can run beside them
    threads: 1
    log:
        "logs/weights/{length}/{procedure}{seeded}.log",
    benchmark:
        "benchmarks/weights/{length}/{procedure}{seeded}.tsv"
    resources:
        **KERAS_TRAINING_JOB,
    conda:
        ENV_KERAS
    script:
        "../scripts/train_weights.py"


rule score_learned:
    input:
        couples=couples_of,
        vectors=vectors_of,
        docfreq=DOCFREQ,
        weights=weights_of,
        code=code("score_learned"),
    output:
        "results/learned/{length}/{procedure}{seeded}.parquet",
    params:
        options=lambda wc: {  # keywords of textsim.stages.deboom.learned.score_learned
            "name": f"learned_{wc.procedure}",
            "normalize": NORMALIZE,
        },
    log:
        "logs/learned/{length}/{procedure}{seeded}-score.log",
    benchmark:
        "benchmarks/learned/{length}/{procedure}{seeded}-score.tsv"
    resources:
        mem_mb=mem_mb(1000, 4),
        runtime=30,
    conda:
        ENV_NLP
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
        ENV_NLP
    script:
        "../scripts/evaluate_scores.py"

