# Corpus stage: XML dump -> WikiExtractor text (only for corpus.source: dump), then the
# paper's cleaning into n_shards TSV shards (article_id<TAB>tokens, one paragraph a line);
# with corpus.cleaning: authors, the authors' line rules (textsim.text.wikitext).


rule extract_wiki_dump:
    input:
        dump=get_dump_path(),
        code=code("extract_wiki_dump"),
    output:
        temp(expand("results/corpus/extracted/{shard}.txt", shard=SHARDS)),
    params:
        options={  # keywords of textsim.stages.corpus.extract_wiki_dump
            "max_articles": config["corpus"]["dump"]["max_articles"],
            "cleaning": config["corpus"]["cleaning"],
        },
    threads: config["corpus"]["dump"]["processes"]
    log:
        "logs/corpus/extract_wiki_dump.log",
    benchmark:
        "benchmarks/corpus/extract_wiki_dump.tsv"
    resources:
        mem_mb=4000,
        runtime=1440,
    conda:
        ENV_NLP
    script:
        "../scripts/extract_wiki_dump.py"


rule clean_wiki_shard:
    input:
        raw=get_raw_shard,
        code=code("clean_wiki_shard"),
    output:
        corpus=CORPUS_SHARD,
        stats="results/corpus/clean/{shard}.json",
    params:
        options={  # keywords of textsim.stages.corpus.clean_wiki_shard
            "cleaning": config["corpus"]["cleaning"],
            "source": config["corpus"]["source"],
        },
    log:
        "logs/corpus/clean_wiki_shard/{shard}.log",
    benchmark:
        "benchmarks/corpus/clean_wiki_shard/{shard}.tsv"
    resources:
        **CLEAN_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/clean_wiki_shard.py"


rule summarise_corpus:
    localrule: True
    input:
        stats=expand("results/corpus/clean/{shard}.json", shard=SHARDS),
        code=code("summarise_corpus"),
    output:
        report(
            "results/corpus/statistics.csv",
            caption="../report/corpus_statistics.rst",
            category="1. Corpus and word vectors",
        ),
    log:
        "logs/corpus/summarise_corpus.log",
    benchmark:
        "benchmarks/corpus/summarise_corpus.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/summarise_corpus.py"
