# GEM / SIF / uSIF (issue 4), from the STS-B and OHSUMED resources (fetched in
# download.smk): STS benchmark table, GEM's n-gram variant figures,
# paragraph embeddings on OHSUMED. Timed rules take both threads, so their
# sentences/s are not measured beside another job.

rule sts_scores:
    input:
        **STS_SPLITS,
        vectors="results/word2vec/vectors.kv",
        docfreq="results/docfreq/docfreq.tsv",
        weights=list(sts_learned().values()),
        code=src("sts", "gem", "sif", "embeddings", "docfreq", "distances", "corpus", "learned", "weighted", "word2vec", "stages/gem"),
    output:
        "results/sts/scores.csv",
    params:
        weight_names=list(sts_learned()),
        modes=STS.get("modes"),
        max_pairs=STS.get("max_pairs"),
    threads: 2
    log:
        "logs/sts/sts_scores.log",
    benchmark:
        "benchmarks/sts/sts_scores.tsv"
    resources:
        mem_mb=6000,
        runtime=60,
    conda:
        "../../envs/nlp.yaml"
    script:
        "../scripts/sts_scores.py"


rule sts_ngrams:
    input:
        **STS_SPLITS,
        vectors="results/word2vec/vectors.kv",
        docfreq="results/docfreq/docfreq.tsv",
        code=src("sts", "gem", "embeddings", "docfreq", "distances", "corpus", "sif", "word2vec", "stages/gem"),
    output:
        "results/sts/ngrams.csv",
    params:
        ngrams=STS.get("ngrams"),
        modes=STS.get("modes"),
        max_pairs=STS.get("max_pairs"),
    threads: 2
    log:
        "logs/sts/sts_ngrams.log",
    benchmark:
        "benchmarks/sts/sts_ngrams.tsv"
    resources:
        mem_mb=6000,
        runtime=60,
    conda:
        "../../envs/nlp.yaml"
    script:
        "../scripts/sts_ngrams.py"


rule sts_minilm:
    input:
        **STS_SPLITS,
        code=src("sts", "distances", "corpus", "stages/gem"),
    output:
        "results/sts/minilm.csv",
    params:
        max_pairs=STS.get("max_pairs"),
    threads: 2
    log:
        "logs/sts/sts_minilm.log",
    resources:
        mem_mb=4000,
        runtime=30,
    conda:
        "../../envs/minilm.yaml"
    script:
        "../scripts/sts_minilm.py"


rule table_gem_sts:
    input:
        scores="results/sts/scores.csv",
        minilm="results/sts/minilm.csv",
        code=src("tables", "published", "stages/gem"),
    output:
        csv="results/paper/tables/gem-sts.csv",
        md="results/paper/tables/gem-sts.md",
        tex="results/paper/tables/gem-sts.tex",
        html=report(
            "results/paper/tables/gem-sts.html",
            caption="../report/gem_sts.rst",
            category="4. GEM, SIF, uSIF",
            labels={"artifact": "STS benchmark table"},
        ),
    params:
        title="STS benchmark (Pearson r and Spearman ρ x 100): zero-training sentence embeddings on our word2vec.",
        note=sts_note(),
    log:
        "logs/paper/table_gem_sts.log",
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_gem_sts.py"


rule plot_gem_ngrams:
    input:
        ngrams="results/sts/ngrams.csv",
        code=src("plots", "stages/gem"),
    output:
        performance=[
            "results/paper/figures/gem-ngrams-performance.pdf",
            report(
                "results/paper/figures/gem-ngrams-performance.png",
                caption="../report/gem_ngrams.rst",
                category="4. GEM, SIF, uSIF",
                labels={"artifact": "n-grams: performance"},
            ),
        ],
        speed=[
            "results/paper/figures/gem-ngrams-speed.pdf",
            report(
                "results/paper/figures/gem-ngrams-speed.png",
                caption="../report/gem_ngrams.rst",
                category="4. GEM, SIF, uSIF",
                labels={"artifact": "n-grams: speed"},
            ),
        ],
    params:
        dpi=config["figures"]["dpi"],
    log:
        "logs/paper/plot_gem_ngrams.log",
    resources:
        mem_mb=1000,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_gem_ngrams.py"


rule paragraph_scores:
    input:
        documents=OHSUMED,
        vectors="results/word2vec/vectors.kv",
        docfreq="results/docfreq/docfreq.tsv",
        code=src("paragraphs", "documents", "classify", "gem", "sif", "embeddings", "docfreq", "corpus", "word2vec", "stages/gem"),
    output:
        "results/paragraphs/scores.csv",
    params:
        max_documents=PARAGRAPHS.get("max_documents"),
        c_grid=PARAGRAPHS.get("c_grid"),
        seed=config["seed"],
    threads: 2
    log:
        "logs/paragraphs/paragraph_scores.log",
    benchmark:
        "benchmarks/paragraphs/paragraph_scores.tsv"
    resources:
        mem_mb=6000,
        runtime=60,
    conda:
        "../../envs/nlp.yaml"
    script:
        "../scripts/paragraph_scores.py"


rule table_gem_paragraphs:
    input:
        scores="results/paragraphs/scores.csv",
        code=src("tables", "published", "stages/gem"),
    output:
        csv="results/paper/tables/gem-paragraphs.csv",
        md="results/paper/tables/gem-paragraphs.md",
        tex="results/paper/tables/gem-paragraphs.tex",
        html=report(
            "results/paper/tables/gem-paragraphs.html",
            caption="../report/gem_paragraphs.rst",
            category="4. GEM, SIF, uSIF",
            labels={"artifact": "paragraph embeddings table"},
        ),
    params:
        title="Paragraph embeddings: topic accuracy of logistic regression on OHSUMED abstracts.",
        note=paragraph_note(),
    log:
        "logs/paper/table_gem_paragraphs.log",
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_gem_paragraphs.py"
