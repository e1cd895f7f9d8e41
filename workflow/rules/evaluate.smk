# Baselines and metrics: similarity of every validation/test couple under every
# technique, then split error and JS divergence.


rule score_baselines:
    input:
        couples=couples_for,
        vectors=vectors_for,
        docfreq=DOCFREQ,
        code=code("score_baselines"),
    output:
        "results/scores/{length}/{vectors}.parquet",
    params:
        methods=BASELINE_METHODS,
        normalize=lambda wc: wc.vectors == "unit",
        top_fraction=config["evaluation"]["top_fraction"],
        idf_variant=config["docfreq"]["idf_variant"],
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
        code=code("evaluate_baselines"),
    output:
        "results/metrics/{length}/{vectors}.csv",
    params:
        methods=BASELINE_METHODS,
        metric_params=metrics_params(),
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
        "../scripts/evaluate_baselines.py"
