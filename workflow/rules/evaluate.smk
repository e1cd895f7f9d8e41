# Baselines and metrics: similarity of every validation/test couple under every
# technique, then split error and JS divergence.


rule score_baselines:
    input:
        couples=COUPLES,
        vectors=VECTORS_KV,
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
        "../../envs/nlp.yaml"
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
        "../../envs/nlp.yaml"
    script:
        "../scripts/evaluate_scores.py"


# The same two stages for another vector space ({space}, e.g. transfer): its own couple
# set and word vectors, the primary document frequencies.
use rule score_baselines as score_baselines_space with:
    input:
        couples=space_couples,
        vectors=space_vectors,
        docfreq=DOCFREQ,
        code=code("score_baselines"),
    output:
        "results/scores/{space}/{vectors}.parquet",
    log:
        "logs/scores/{space}/{vectors}.log",
    benchmark:
        "benchmarks/scores/{space}/{vectors}.tsv"


use rule evaluate_baselines as evaluate_baselines_space with:
    input:
        scores="results/scores/{space}/{vectors}.parquet",
        code=code("evaluate_scores"),
    output:
        "results/metrics/{space}/{vectors}.csv",
    log:
        "logs/metrics/{space}/{vectors}.log",
    benchmark:
        "benchmarks/metrics/{space}/{vectors}.tsv"
