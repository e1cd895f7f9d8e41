# Extra methods (config methods.extra): the run's distinct texts gathered once, each
# method's vectors of them made once (its parameters reach its own jobs only), then
# De Boom's split error and JS divergence on every couple set and the STS rows, read
# from those vectors.


rule extra_texts:
    input:
        couples=list(extra_couples().values()),
        sts=list(extra_sts().values()),
        documents=extra_documents(),
        code=code("extra_texts"),
    output:
        EXTRA_TEXTS,
    params:
        options={  # keywords of textsim.stages.extra.texts.extra_texts
            "sts_splits": list(extra_sts()),
            "max_pairs": STS["max_pairs"],
        },
    log:
        "logs/extra/extra_texts.log",
    benchmark:
        "benchmarks/extra/extra_texts.tsv"
    resources:
        mem_mb=mem_mb(1000, 6),
        runtime=30,
    conda:
        ENV_NLP
    script:
        "../scripts/extra_texts.py"


rule embed_extra:
    input:
        texts=EXTRA_TEXTS,
        code=code("embed_extra"),
        method_code=extra_class_file,
    output:
        f"{EXTRA_DIR}/vectors.npz",
    params:
        options=lambda wc: {  # keywords of textsim.stages.extra.embedding.embed_extra
            "name": wc.method,
            "entry": config["methods"]["extra"][wc.method],
        },
    threads: 2
    log:
        "logs/extra/{method}/embed_extra.log",
    benchmark:
        "benchmarks/extra/{method}/embed_extra.tsv"
    resources:
        mem_mb=mem_mb(4000, 10),
        runtime=240,
    conda:
        extra_conda
    script:
        "../scripts/embed_extra.py"


rule score_extra:
    input:
        couples=list(extra_couples().values()),
        texts=EXTRA_TEXTS,
        vectors=f"{EXTRA_DIR}/vectors.npz",
        code=code("score_extra"),
    output:
        scores=f"{EXTRA_DIR}/scores.parquet",
        metrics=f"{EXTRA_DIR}/metrics.csv",
    params:
        options=lambda wc: {  # keywords of textsim.stages.extra.deboom.score_extra
            "couple_sets": list(extra_couples()),
            "name": wc.method,
            "metric_params": metrics_params(),
        },
    log:
        "logs/extra/{method}/score_extra.log",
    benchmark:
        "benchmarks/extra/{method}/score_extra.tsv"
    resources:
        mem_mb=mem_mb(1000, 4),
        runtime=30,
    conda:
        ENV_NLP
    script:
        "../scripts/score_extra.py"


rule sts_extra:
    input:
        sts=list(extra_sts().values()),
        texts=EXTRA_TEXTS,
        vectors=f"{EXTRA_DIR}/vectors.npz",
        code=code("sts_extra"),
    output:
        scores=f"{EXTRA_DIR}/sts.csv",
        pairs=f"{EXTRA_DIR}/sts-pairs.parquet",
    params:
        options=lambda wc: {  # keywords of textsim.stages.extra.sts.sts_extra
            "sts_splits": list(extra_sts()),
            "label": EXTRA[wc.method].title,
            "max_pairs": STS["max_pairs"],
        },
    log:
        "logs/extra/{method}/sts_extra.log",
    benchmark:
        "benchmarks/extra/{method}/sts_extra.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/sts_extra.py"


rule schafer_extra:
    input:
        **sch_data("dataset", reference="test"),
        texts=EXTRA_TEXTS,
        vectors=f"{EXTRA_DIR}/vectors.npz",
        code=code("schafer_extra"),
    output:
        record=f"{SCH_DIR}/{{dataset}}/runs/extra-{{method}}.json",
        vectors=f"{SCH_DIR}/{{dataset}}/runs/extra-{{method}}.npz",
    params:
        options=lambda wc: {  # keywords of textsim.stages.extra.schafer.schafer_extra
            "name": wc.method,
            "label": EXTRA[wc.method].title,
        },
    log:
        "logs/schafer/{dataset}/runs/extra-{method}.log",
    benchmark:
        "benchmarks/schafer/{dataset}/runs/extra-{method}.tsv"
    resources:
        **SCH_EMBED_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_extra.py"
