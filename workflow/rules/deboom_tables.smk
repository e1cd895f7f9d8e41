# De Boom paper artifacts (ICDMW 2015, PRL 2016): each table and figure is made by one rule.


rule table_icdmw_1:
    localrule: True
    input:
        metrics=expand("results/metrics/{length}/{vectors}.csv", length=TABLE_I_LENGTHS, vectors=VECTORS),
        code=code("table_icdmw_1"),
    output:
        **table_outputs("icdmw-table-1", "icdmw_table_1", "2. ICDMW 2015", "Table I"),
    params:
        options={  # keywords of textsim.deboom.tables.icdmw_1.table_icdmw_1
            "lengths": TABLE_I_LENGTHS,
            "vectors": VECTORS,
            "note": table_note(),
        },
    log:
        "logs/paper/table_icdmw_1.log",
    benchmark:
        "benchmarks/paper/table_icdmw_1.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/table_icdmw_1.py"


rule table_icdmw_2:
    localrule: True
    input:
        metrics=expand("results/metrics/20/{vectors}.csv", vectors=VECTORS),
        code=code("table_icdmw_2"),
    output:
        **table_outputs("icdmw-table-2", "icdmw_table_2", "2. ICDMW 2015", "Table II"),
    params:
        options={  # keywords of textsim.deboom.tables.icdmw_2.table_icdmw_2
            "vectors": VECTORS,
            "note": table_note(),
        },
    log:
        "logs/paper/table_icdmw_2.log",
    benchmark:
        "benchmarks/paper/table_icdmw_2.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/table_icdmw_2.py"


# ICDMW Figures 1 and 2, PRL Figure 2 (HISTOGRAMS): one method's similarities of
# related against non-related couples; one rule each, named plot_<figure>.
for _figure, _histogram in HISTOGRAMS.items():

    rule:
        name:
            f"plot_{_figure}"
        localrule: True
        input:
            scores=_histogram["scores"],
            code=code("plot_similarity_histogram"),
        output:
            **figure_outputs(_figure.replace("_", "-"), _figure, *_histogram["artifact"]),
        params:
            options={  # keywords of textsim.deboom.figures.histograms.plot_similarity_histogram
                "method": _histogram["method"],
                "xlabel": _histogram["xlabel"],
                "bins": config["figures"]["bins"],
                "dpi": config["figures"]["dpi"],
            },
        log:
            f"logs/paper/plot_{_figure}.log",
        benchmark:
            f"benchmarks/paper/plot_{_figure}.tsv"
        resources:
            **FIGURE_JOB,
        conda:
            ENV_PLOT
        script:
            "../scripts/plot_similarity_histogram.py"


rule table_icdmw_3:
    localrule: True
    input:
        baseline=[f"results/metrics/20/{PRIMARY_VECTORS}.csv"],
        learned=learned_metrics("20", ["icdmw"]),
        code=code("table_comparison"),
    output:
        **table_outputs("icdmw-table-3", "icdmw_table_3", "2. ICDMW 2015", "Table III"),
    params:
        options={  # keywords of textsim.deboom.tables.comparison.comparison_table
            "lengths": ["20"],
            "learned": {"20": learned_metrics("20", ["icdmw"])},
            "table": "icdmw-3",
            "title": "ICDMW 2015 Table III: test error rates, 20 words (Euclidean distance; tf-idf cosine).",
            "vectors": PRIMARY_VECTORS,
            "note": table_note(),
        },
    log:
        "logs/paper/table_icdmw_3.log",
    benchmark:
        "benchmarks/paper/table_icdmw_3.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/table_comparison.py"


rule table_prl_1:
    localrule: True
    input:
        baseline=expand("results/metrics/{length}/{vectors}.csv", length=prl_table_1_blocks(), vectors=PRIMARY_VECTORS),
        learned=[m for L in prl_table_1_blocks() for m in learned_metrics(L, PRL_PROCEDURES)],
        code=code("table_comparison"),
    output:
        **table_outputs("prl-table-1", "prl_table_1", "3. PRL 2016", "Table 1"),
    params:
        options={  # keywords of textsim.deboom.tables.comparison.comparison_table
            "lengths": prl_table_1_blocks(),
            "learned": {L: learned_metrics(L, PRL_PROCEDURES) for L in prl_table_1_blocks()},
            "table": "prl-1",
            "title": (
                "PRL 2016 Table 1: Wikipedia couples, 20 words and variable length "
                "(Euclidean distance; tf-idf cosine)."
            ),
            "vectors": PRIMARY_VECTORS,
            "note": table_note() + transfer_note(),
        },
    log:
        "logs/paper/table_prl_1.log",
    benchmark:
        "benchmarks/paper/table_prl_1.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/table_comparison.py"


# ICDMW Figure 4 and PRL Figure 3 (WEIGHT_FIGURES): learned weights by idf rank; one
# rule each, named plot_<figure>.
for _figure, _weights in WEIGHT_FIGURES.items():

    rule:
        name:
            f"plot_{_figure}"
        localrule: True
        input:
            weights=list(_weights["weights"].values()),
            code=code("plot_learned_weights"),
        output:
            **figure_outputs(_figure.replace("_", "-"), _figure, *_weights["artifact"]),
        params:
            options={  # keywords of textsim.deboom.figures.weights.plot_learned_weights
                "labels": list(_weights["weights"]),
                "ylabel": _weights["ylabel"],
                "dpi": config["figures"]["dpi"],
            },
        log:
            f"logs/paper/plot_{_figure}.log",
        benchmark:
            f"benchmarks/paper/plot_{_figure}.tsv"
        resources:
            **FIGURE_JOB,
        conda:
            ENV_PLOT
        script:
            "../scripts/plot_learned_weights.py"


rule plot_icdmw_figure_5:
    localrule: True
    input:
        baseline=f"results/scores/20/{PRIMARY_VECTORS}.parquet",
        learned="results/learned/20/icdmw.parquet",
        code=code("plot_icdmw_figure_5"),
    output:
        **figure_outputs("icdmw-figure-5", "icdmw_figure_5", "2. ICDMW 2015", "Figure 5"),
    params:
        options={  # keywords of textsim.deboom.figures.normalised.plot_mean_vs_learned
            "learned": "learned_icdmw",
            "bins": config["figures"]["bins"],
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/paper/plot_icdmw_figure_5.log",
    benchmark:
        "benchmarks/paper/plot_icdmw_figure_5.tsv"
    resources:
        **FIGURE_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/plot_icdmw_figure_5.py"


rule table_prl_2:
    localrule: True
    input:
        baseline=expand("results/metrics/{length}/{vectors}.csv", length=TWITTER_SETS, vectors=PRIMARY_VECTORS),
        learned=[m for L in TWITTER_SETS for m in learned_metrics(L, PRL_PROCEDURES)],
        code=code("table_comparison"),
    output:
        **table_outputs("prl-table-2", "prl_table_2", "3. PRL 2016", "Table 2"),
    params:
        options={  # keywords of textsim.deboom.tables.comparison.comparison_table
            "lengths": TWITTER_SETS,
            "learned": {L: learned_metrics(L, PRL_PROCEDURES) for L in TWITTER_SETS},
            "table": "prl-2",
            "title": (
                "PRL 2016 Table 2: Twitter couples with Wikipedia embeddings "
                "(Euclidean distance; tf-idf cosine)."
            ),
            "vectors": PRIMARY_VECTORS,
            "note": twitter_note(),
        },
    log:
        "logs/paper/table_prl_2.log",
    benchmark:
        "benchmarks/paper/table_prl_2.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/table_comparison.py"
