# Paper artifacts: each table and figure is made by one rule.


rule table_icdmw_1:
    input:
        metrics=expand("results/metrics/{length}/{vectors}.csv", length=TABLE_I_LENGTHS, vectors=VECTORS),
        code=src("tables", "published", "evaluate", "stages/tables"),
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
        code=src("tables", "published", "evaluate", "stages/tables"),
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
        code=src("plots", "stages/figures"),
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
        code=src("plots", "stages/figures"),
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


rule table_icdmw_3:
    input:
        baseline="results/metrics/20/{}.csv".format(VECTORS[0]),
        learned=learned_metrics("20", ["icdmw"]),
        code=src("tables", "published", "evaluate", "stages/tables"),
    output:
        csv="results/paper/tables/icdmw-table-3.csv",
        md="results/paper/tables/icdmw-table-3.md",
        tex="results/paper/tables/icdmw-table-3.tex",
        html=report(
            "results/paper/tables/icdmw-table-3.html",
            caption="../report/icdmw_table_3.rst",
            category="2. ICDMW 2015",
            labels={"artifact": "Table III"},
        ),
    params:
        vectors=VECTORS[0],
        note=table_note(),
    log:
        "logs/paper/table_icdmw_3.log",
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_icdmw_3.py"


rule table_prl_1:
    input:
        baseline=expand("results/metrics/{length}/{vectors}.csv", length=prl_table_1_blocks(), vectors=VECTORS[0]),
        learned=[m for L in prl_table_1_blocks() for m in learned_metrics(L, ["contrastive", "median"])],
        code=src("tables", "published", "evaluate", "stages/tables"),
    output:
        csv="results/paper/tables/prl-table-1.csv",
        md="results/paper/tables/prl-table-1.md",
        tex="results/paper/tables/prl-table-1.tex",
        html=report(
            "results/paper/tables/prl-table-1.html",
            caption="../report/prl_table_1.rst",
            category="3. PRL 2016",
            labels={"artifact": "Table 1"},
        ),
    params:
        lengths=prl_table_1_blocks(),
        learned={L: learned_metrics(L, ["contrastive", "median"]) for L in prl_table_1_blocks()},
        table="prl-1",
        title=(
            "PRL 2016 Table 1: Wikipedia couples, 20 words and variable length "
            "(Euclidean distance; tf-idf cosine)."
        ),
        vectors=VECTORS[0],
        note=table_note() + transfer_note(),
    log:
        "logs/paper/table_prl_1.log",
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_prl.py"


rule plot_icdmw_figure_4:
    input:
        weights="results/weights/20/icdmw.json",
        code=src("plots", "stages/figures"),
    output:
        pdf="results/paper/figures/icdmw-figure-4.pdf",
        png=report(
            "results/paper/figures/icdmw-figure-4.png",
            caption="../report/icdmw_figure_4.rst",
            category="2. ICDMW 2015",
            labels={"artifact": "Figure 4"},
        ),
    params:
        dpi=config["figures"]["dpi"],
    log:
        "logs/paper/plot_icdmw_figure_4.log",
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_icdmw_figure_4.py"


rule plot_icdmw_figure_5:
    input:
        baseline="results/scores/20/{}.parquet".format(VECTORS[0]),
        learned="results/learned/20/icdmw.parquet",
        code=src("plots", "metrics", "stages/figures"),
    output:
        pdf="results/paper/figures/icdmw-figure-5.pdf",
        png=report(
            "results/paper/figures/icdmw-figure-5.png",
            caption="../report/icdmw_figure_5.rst",
            category="2. ICDMW 2015",
            labels={"artifact": "Figure 5"},
        ),
    params:
        bins=config["figures"]["bins"],
        dpi=config["figures"]["dpi"],
    log:
        "logs/paper/plot_icdmw_figure_5.log",
    resources:
        mem_mb=1000,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_icdmw_figure_5.py"


rule plot_prl_figure_3:
    input:
        contrastive="results/weights/20/contrastive.json",
        median="results/weights/20/median.json",
        code=src("plots", "stages/figures"),
    output:
        pdf="results/paper/figures/prl-figure-3.pdf",
        png=report(
            "results/paper/figures/prl-figure-3.png",
            caption="../report/prl_figure_3.rst",
            category="3. PRL 2016",
            labels={"artifact": "Figure 3"},
        ),
    params:
        dpi=config["figures"]["dpi"],
    log:
        "logs/paper/plot_prl_figure_3.log",
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_prl_figure_3.py"


rule table_prl_2:
    input:
        baseline=expand("results/metrics/{length}/{vectors}.csv", length=TWITTER_SETS, vectors=VECTORS[0]),
        learned=[m for L in TWITTER_SETS for m in learned_metrics(L, ["contrastive", "median"])],
        code=src("tables", "published", "evaluate", "stages/tables"),
    output:
        csv="results/paper/tables/prl-table-2.csv",
        md="results/paper/tables/prl-table-2.md",
        tex="results/paper/tables/prl-table-2.tex",
        html=report(
            "results/paper/tables/prl-table-2.html",
            caption="../report/prl_table_2.rst",
            category="3. PRL 2016",
            labels={"artifact": "Table 2"},
        ),
    params:
        lengths=TWITTER_SETS,
        learned={L: learned_metrics(L, ["contrastive", "median"]) for L in TWITTER_SETS},
        table="prl-2",
        title=(
            "PRL 2016 Table 2: Twitter couples with Wikipedia embeddings "
            "(Euclidean distance; tf-idf cosine)."
        ),
        vectors=VECTORS[0],
        note=twitter_note(),
    log:
        "logs/paper/table_prl_2.log",
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/table_prl.py"


rule plot_prl_figure_2:
    input:
        scores=f"results/scores/twitter/{VECTORS[0]}.parquet",
        code=src("plots", "stages/figures"),
    output:
        pdf="results/paper/figures/prl-figure-2.pdf",
        png=report(
            "results/paper/figures/prl-figure-2.png",
            caption="../report/prl_figure_2.rst",
            category="3. PRL 2016",
            labels={"artifact": "Figure 2"},
        ),
    params:
        method="mean_euclidean",
        xlabel="1 − Euclidean distance of mean embeddings",
        bins=config["figures"]["bins"],
        dpi=config["figures"]["dpi"],
    log:
        "logs/paper/plot_prl_figure_2.log",
    resources:
        mem_mb=1000,
        runtime=5,
    conda:
        "../../envs/plot.yaml"
    script:
        "../scripts/plot_similarity_histogram.py"
