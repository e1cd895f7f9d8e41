# word2vec and document-frequency stage.


rule train_word2vec:
    input:
        corpus=expand(CORPUS_SHARD, shard=SHARDS),
        code=code("train_word2vec"),
    output:
        VECTORS_KV,
    params:
        options=word2vec_options(config["seed"]),
    threads: w2v_workers()
    log:
        "logs/word2vec/train_word2vec.log",
    benchmark:
        "benchmarks/word2vec/train_word2vec.tsv"
    resources:
        mem_mb=mem_mb(2000, 0.5),
        runtime=w2v_runtime,
    conda:
        ENV_NLP
    script:
        "../scripts/train_word2vec.py"


rule evaluate_word2vec:
    input:
        vectors=VECTORS_KV,
        analogies="resources/package/questions-words",
        wordsim="resources/package/wordsim353",
        code=code("evaluate_word2vec"),
    output:
        report(
            "results/word2vec/quality.csv",
            caption="../report/word2vec_quality.rst",
            category="1. Corpus and word vectors",
        ),
    log:
        "logs/word2vec/evaluate_word2vec.log",
    benchmark:
        "benchmarks/word2vec/evaluate_word2vec.tsv"
    resources:
        mem_mb=mem_mb(1000, 3),
        runtime=60,
    conda:
        ENV_NLP
    script:
        "../scripts/evaluate_word2vec.py"


rule count_docfreq:
    input:
        corpus=CORPUS_SHARD,
        code=code("count_docfreq"),
    output:
        temp("results/docfreq/shards/{shard}.tsv"),
    log:
        "logs/docfreq/count_docfreq/{shard}.log",
    benchmark:
        "benchmarks/docfreq/count_docfreq/{shard}.tsv"
    resources:
        mem_mb=mem_mb(1000, 1),
        runtime=60,
    conda:
        ENV_NLP
    script:
        "../scripts/count_docfreq.py"


rule merge_docfreq:
    localrule: True
    input:
        shards=expand("results/docfreq/shards/{shard}.tsv", shard=SHARDS),
        code=code("merge_docfreq"),
    output:
        DOCFREQ,
    log:
        "logs/docfreq/merge_docfreq.log",
    benchmark:
        "benchmarks/docfreq/merge_docfreq.tsv"
    resources:
        mem_mb=mem_mb(1000, 2),
        runtime=30,
    conda:
        ENV_NLP
    script:
        "../scripts/merge_docfreq.py"
