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
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
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
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_icdmw_2.py"


rule plot_icdmw_figure_1:
    localrule: True
    input:
        scores=f"results/scores/{config['figures']['length']}/{PRIMARY_VECTORS}.parquet",
        code=code("plot_similarity_histogram"),
    output:
        **figure_outputs("icdmw-figure-1", "icdmw_figure_1", "2. ICDMW 2015", "Figure 1"),
    params:
        options={  # keywords of textsim.deboom.figures.histograms.plot_similarity_histogram
            "method": "tfidf",
            "xlabel": "tf-idf cosine similarity",
            "bins": config["figures"]["bins"],
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/paper/plot_icdmw_figure_1.log",
    benchmark:
        "benchmarks/paper/plot_icdmw_figure_1.tsv"
    resources:
        mem_mb=1000,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_similarity_histogram.py"


use rule plot_icdmw_figure_1 as plot_icdmw_figure_2 with:
    output:
        **figure_outputs("icdmw-figure-2", "icdmw_figure_2", "2. ICDMW 2015", "Figure 2"),
    params:
        options={  # keywords of textsim.deboom.figures.histograms.plot_similarity_histogram
            "method": "mean",
            "xlabel": "cosine similarity of mean embeddings",
            "bins": config["figures"]["bins"],
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/paper/plot_icdmw_figure_2.log",
    benchmark:
        "benchmarks/paper/plot_icdmw_figure_2.tsv"


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
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_comparison.py"


rule table_prl_1:
    localrule: True
    input:
        baseline=expand("results/metrics/{length}/{vectors}.csv", length=prl_table_1_blocks(), vectors=PRIMARY_VECTORS),
        learned=[m for L in prl_table_1_blocks() for m in learned_metrics(L, ["contrastive", "median"])],
        code=code("table_comparison"),
    output:
        **table_outputs("prl-table-1", "prl_table_1", "3. PRL 2016", "Table 1"),
    params:
        options={  # keywords of textsim.deboom.tables.comparison.comparison_table
            "lengths": prl_table_1_blocks(),
            "learned": {L: learned_metrics(L, ["contrastive", "median"]) for L in prl_table_1_blocks()},
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
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_comparison.py"


rule plot_icdmw_figure_4:
    localrule: True
    input:
        weights="results/weights/20/icdmw.json",
        code=code("plot_icdmw_figure_4"),
    output:
        **figure_outputs("icdmw-figure-4", "icdmw_figure_4", "2. ICDMW 2015", "Figure 4"),
    params:
        options={  # keywords of textsim.deboom.figures.weights.plot_learned_weights
            "ylabel": "importance factor",
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/paper/plot_icdmw_figure_4.log",
    benchmark:
        "benchmarks/paper/plot_icdmw_figure_4.tsv"
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_icdmw_figure_4.py"


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
        mem_mb=1000,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_icdmw_figure_5.py"


rule plot_prl_figure_3:
    localrule: True
    input:
        contrastive="results/weights/20/contrastive.json",
        median="results/weights/20/median.json",
        code=code("plot_prl_figure_3"),
    output:
        **figure_outputs("prl-figure-3", "prl_figure_3", "3. PRL 2016", "Figure 3"),
    params:
        options={  # keywords of textsim.deboom.figures.weights.plot_learned_weights
            "ylabel": "learned weight",
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/paper/plot_prl_figure_3.log",
    benchmark:
        "benchmarks/paper/plot_prl_figure_3.tsv"
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_prl_figure_3.py"


rule table_prl_2:
    localrule: True
    input:
        baseline=expand("results/metrics/{length}/{vectors}.csv", length=TWITTER_SETS, vectors=PRIMARY_VECTORS),
        learned=[m for L in TWITTER_SETS for m in learned_metrics(L, ["contrastive", "median"])],
        code=code("table_comparison"),
    output:
        **table_outputs("prl-table-2", "prl_table_2", "3. PRL 2016", "Table 2"),
    params:
        options={  # keywords of textsim.deboom.tables.comparison.comparison_table
            "lengths": TWITTER_SETS,
            "learned": {L: learned_metrics(L, ["contrastive", "median"]) for L in TWITTER_SETS},
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
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_comparison.py"


use rule plot_icdmw_figure_1 as plot_prl_figure_2 with:
    input:
        scores=f"results/scores/twitter/{PRIMARY_VECTORS}.parquet",
        code=code("plot_similarity_histogram"),
    output:
        **figure_outputs("prl-figure-2", "prl_figure_2", "3. PRL 2016", "Figure 2"),
    params:
        options={  # keywords of textsim.deboom.figures.histograms.plot_similarity_histogram
            "method": "mean_euclidean",
            "xlabel": "1 − Euclidean distance of mean embeddings",
            "bins": config["figures"]["bins"],
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/paper/plot_prl_figure_2.log",
    benchmark:
        "benchmarks/paper/plot_prl_figure_2.tsv"
