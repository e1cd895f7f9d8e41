# Paper artifacts: each table and figure is made by one rule.


rule table_icdmw_1:
    input:
        metrics=expand("results/metrics/{length}/{vectors}.csv", length=TABLE_I_LENGTHS, vectors=VECTORS),
        code=src("tables", "published", "evaluate"),
    output:
        csv="results/paper/tables/icdmw-table-1.csv",
        md="results/paper/tables/icdmw-table-1.md",
        tex="results/paper/tables/icdmw-table-1.tex",
        html=report(
            "results/paper/tables/icdmw-table-1.html",
            caption="../report/icdmw_table_1.rst",
            category="2. ICDMW 2015",
            labels={"artifact": "Table I"},
        ),
    params:
        lengths=TABLE_I_LENGTHS,
        vectors=VECTORS,
        note=table_note(),
    log:
        "logs/paper/table_icdmw_1.log",
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_icdmw_1.py"


rule table_icdmw_2:
    input:
        metrics=expand("results/metrics/20/{vectors}.csv", vectors=VECTORS),
        code=src("tables", "published", "evaluate"),
    output:
        csv="results/paper/tables/icdmw-table-2.csv",
        md="results/paper/tables/icdmw-table-2.md",
        tex="results/paper/tables/icdmw-table-2.tex",
        html=report(
            "results/paper/tables/icdmw-table-2.html",
            caption="../report/icdmw_table_2.rst",
            category="2. ICDMW 2015",
            labels={"artifact": "Table II"},
        ),
    params:
        vectors=VECTORS,
        note=table_note(),
    log:
        "logs/paper/table_icdmw_2.log",
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_icdmw_2.py"


rule plot_icdmw_figure_1:
    input:
        scores=f"results/scores/{config['figures']['length']}/{VECTORS[0]}.parquet",
        code=src("plots"),
    output:
        pdf="results/paper/figures/icdmw-figure-1.pdf",
        png=report(
            "results/paper/figures/icdmw-figure-1.png",
            caption="../report/icdmw_figure_1.rst",
            category="2. ICDMW 2015",
            labels={"artifact": "Figure 1"},
        ),
    params:
        method="tfidf",
        xlabel="tf-idf cosine similarity",
        bins=config["figures"]["bins"],
        dpi=config["figures"]["dpi"],
    log:
        "logs/paper/plot_icdmw_figure_1.log",
    resources:
        mem_mb=1000,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_similarity_histogram.py"


rule plot_icdmw_figure_2:
    input:
        scores=f"results/scores/{config['figures']['length']}/{VECTORS[0]}.parquet",
        code=src("plots"),
    output:
        pdf="results/paper/figures/icdmw-figure-2.pdf",
        png=report(
            "results/paper/figures/icdmw-figure-2.png",
            caption="../report/icdmw_figure_2.rst",
            category="2. ICDMW 2015",
            labels={"artifact": "Figure 2"},
        ),
    params:
        method="mean",
        xlabel="cosine similarity of mean embeddings",
        bins=config["figures"]["bins"],
        dpi=config["figures"]["dpi"],
    log:
        "logs/paper/plot_icdmw_figure_2.log",
    resources:
        mem_mb=1000,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_similarity_histogram.py"
