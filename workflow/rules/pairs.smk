# Pair curation stage: candidate texts per shard, then balanced couples with splits.


rule extract_pair_candidates:
    input:
        corpus=CORPUS_SHARD,
        vectors=VECTORS_KV,
        code=code("extract_pair_candidates"),
    output:
        temp("results/pairs/candidates/{shard}.parquet"),
    params:
        options=lambda wc: candidate_options(config, LENGTHS, wc.shard),
    log:
        "logs/pairs/extract_pair_candidates/{shard}.log",
    benchmark:
        "benchmarks/pairs/extract_pair_candidates/{shard}.tsv"
    resources:
        mem_mb=mem_mb(1000, 3),
        runtime=60,
    conda:
        ENV_NLP
    script:
        "../scripts/extract_pair_candidates.py"


rule curate_pairs:
    input:
        candidates=expand("results/pairs/candidates/{shard}.parquet", shard=SHARDS),
        code=code("curate_pairs"),
    output:
        couples="results/pairs/{length}/couples.parquet",
        summary="results/pairs/{length}/summary.csv",
    wildcard_constraints:
        length=r"\d+|var",
    params:
        options=curation_options(config),
    log:
        "logs/pairs/curate_pairs/{length}.log",
    benchmark:
        "benchmarks/pairs/curate_pairs/{length}.tsv"
    resources:
        mem_mb=mem_mb(1000, 10),
        runtime=60,
    conda:
        ENV_NLP
    script:
        "../scripts/curate_pairs.py"
