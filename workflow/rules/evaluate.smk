# Baselines and metrics: similarity of every validation/test couple under every
# technique, then split error and JS divergence; for each couple set, and for another
# vector space's (SPACES, e.g. transfer) with its own word vectors.


rule score_baselines:
    input:
        couples=couples_of,
        vectors=vectors_of,
        docfreq=DOCFREQ,
        code=code("score_baselines"),
    output:
        "results/scores/{length}/{vectors}.parquet",
    params:
        options=lambda wc: scoring_options(config, BASELINE_METHODS, wc.vectors),
    threads: 2
    log:
        "logs/scores/{length}/{vectors}.log",
    benchmark:
        "benchmarks/scores/{length}/{vectors}.tsv"
    resources:
        mem_mb=mem_mb(1000, 4),
        runtime=60,
    conda:
        ENV_NLP
    script:
        "../scripts/score_baselines.py"


rule evaluate_baselines:
    input:
        scores="results/scores/{length}/{vectors}.parquet",
        code=code("evaluate_scores"),
    output:
        "results/metrics/{length}/{vectors}.csv",
    params:
        options={  # keywords of textsim.stages.deboom.scoring.evaluate_baselines
            "methods": BASELINE_METHODS,
            "metric_params": metrics_params(),
        },
    log:
        "logs/metrics/{length}/{vectors}.log",
    benchmark:
        "benchmarks/metrics/{length}/{vectors}.tsv"
    resources:
        mem_mb=mem_mb(1000, 2),
        runtime=30,
    conda:
        ENV_NLP
    script:
        "../scripts/evaluate_scores.py"

