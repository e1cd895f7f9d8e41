# GEM / SIF / uSIF (issue 4), from the STS-B and OHSUMED resources (fetched in
# download.smk): STS benchmark table, GEM's n-gram variant figures,
# paragraph embeddings on OHSUMED. Timed rules take both threads, so their
# sentences/s are not measured beside another job.


rule sts_scores:
    input:
        **STS_SPLITS,
        vectors=VECTORS_KV,
        docfreq=DOCFREQ,
        weights=list(sts_learned().values()),
        code=code("sts_scores"),
    output:
        scores="results/sts/scores.csv",
        vectors="results/sts/vectors.npz",
        pairs=STS_PAIRS,
    params:
        options={
            **STS_OPTIONS,
            "learned": list(sts_learned()),
            "methods": {m: config["methods"][m] for m in CONFIGURED_METHODS},
        },
    threads: 2
    log:
        "logs/sts/sts_scores.log",
    benchmark:
        "benchmarks/sts/sts_scores.tsv"
    resources:
        **GEM_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/sts_scores.py"


rule sts_ngrams:
    input:
        **STS_SPLITS,
        vectors=VECTORS_KV,
        docfreq=DOCFREQ,
        code=code("sts_ngrams"),
    output:
        scores="results/sts/ngrams.csv",
        vectors="results/sts/ngram-vectors.npz",
    params:
        options={
            "ngrams": STS["ngrams"],
            "modes": STS["modes"],
            "max_pairs": STS["max_pairs"],
            "methods": {"gem": config["methods"]["gem"]},  # the sweep applies GEM only
        },
    threads: 2
    log:
        "logs/sts/sts_ngrams.log",
    benchmark:
        "benchmarks/sts/sts_ngrams.tsv"
    resources:
        **GEM_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/sts_ngrams.py"


# The model files of the methods the two rules above apply with a stored fit (refitted
# on the same train sentences: the fits are deterministic; tests/test_workflow.py checks
# textsim.load(model).transform against their vectors). A rule of its own, so editing
# the model-file format reruns no score and no table.
rule sts_models:
    input:
        train=STS_SPLITS["train"],
        vectors=VECTORS_KV,
        docfreq=DOCFREQ,
        weights=list(sts_learned().values()),
        code=code("sts_models"),
    output:
        models=directory("results/models/sts"),
        ngram_models=directory("results/models/sts-ngrams"),
    params:
        options={
            **STS_OPTIONS,
            "ngrams": STS["ngrams"],
            "learned": list(sts_learned()),
            "methods": {m: config["methods"][m] for m in CONFIGURED_METHODS},
        },
    threads: 2
    log:
        "logs/sts/sts_models.log",
    benchmark:
        "benchmarks/sts/sts_models.tsv"
    resources:
        **GEM_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/sts_models.py"


rule table_gem_sts:
    localrule: True
    input:
        scores="results/sts/scores.csv",
        extras=expand(f"{EXTRA_DIR}/sts.csv", method=EXTRA),
        code=code("table_gem_sts"),
    output:
        **table_outputs("gem-sts", "gem_sts", "4. GEM, SIF, uSIF", "STS benchmark table"),
    params:
        options={  # keywords of textsim.gem.tables.sts.table_sts
            "title": "STS benchmark (Pearson r and Spearman ρ x 100): zero-training sentence embeddings on our word2vec.",
            "note": sts_note(),
        },
    log:
        "logs/paper/table_gem_sts.log",
    benchmark:
        "benchmarks/paper/table_gem_sts.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/table_gem_sts.py"


rule plot_gem_ngrams:
    localrule: True
    input:
        ngrams="results/sts/ngrams.csv",
        code=code("plot_gem_ngrams"),
    output:
        performance=list(figure_outputs("gem-ngrams-performance", "gem_ngrams", "4. GEM, SIF, uSIF", "n-grams: performance").values()),
        speed=list(figure_outputs("gem-ngrams-speed", "gem_ngrams", "4. GEM, SIF, uSIF", "n-grams: speed").values()),
    params:
        options={  # keywords of textsim.gem.figures.ngrams.plot_ngrams
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/paper/plot_gem_ngrams.log",
    benchmark:
        "benchmarks/paper/plot_gem_ngrams.tsv"
    resources:
        **FIGURE_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/plot_gem_ngrams.py"


rule paragraph_scores:
    input:
        documents=OHSUMED,
        vectors=VECTORS_KV,
        docfreq=DOCFREQ,
        code=code("paragraph_scores"),
    output:
        scores="results/paragraphs/scores.csv",
        predictions=PARAGRAPH_PREDICTIONS,
    params:
        options={  # textsim.stages.gem.paragraphs.ParagraphOptions
            "max_documents": PARAGRAPHS["max_documents"],
            "c_grid": PARAGRAPHS["c_grid"],
            "seed": config["seed"],
            "methods": {m: config["methods"][m] for m in CONFIGURED_METHODS},
        },
    threads: 2
    log:
        "logs/paragraphs/paragraph_scores.log",
    benchmark:
        "benchmarks/paragraphs/paragraph_scores.tsv"
    resources:
        **GEM_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/paragraph_scores.py"


rule table_gem_paragraphs:
    localrule: True
    input:
        scores="results/paragraphs/scores.csv",
        code=code("table_gem_paragraphs"),
    output:
        **table_outputs("gem-paragraphs", "gem_paragraphs", "4. GEM, SIF, uSIF", "paragraph embeddings table"),
    params:
        options={  # keywords of textsim.gem.tables.paragraphs.table_paragraphs
            "title": "Paragraph embeddings: topic accuracy of logistic regression on OHSUMED abstracts.",
            "note": paragraph_note(),
        },
    log:
        "logs/paper/table_gem_paragraphs.log",
    benchmark:
        "benchmarks/paper/table_gem_paragraphs.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/table_gem_paragraphs.py"
