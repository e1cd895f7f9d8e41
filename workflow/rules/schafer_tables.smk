# Schäfer (2018): the tables and figures of the framework's runs (schafer.smk): Tables
# A.1/A.2, the dataset and size tables, figures 4.1-4.8, LDA topics, t-SNE; and the
# target `schafer`.


# Tables A.1 and A.2 (SCH_RESULT_TABLES): every run on one dataset; one rule each, named
# schafer_table_<table>.
for _table, _results in SCH_RESULT_TABLES.items():

    rule:
        name:
            f"schafer_table_{_table}"
        localrule: True
        input:
            runs=[f"{SCH_DIR}/{_results['dataset']}/runs/{r}.json" for r in sch_runs(_results["dataset"])],
            stats=f"{SCH_DIR}/{_results['dataset']}/stats.json",
            code=code("schafer_table_a1"),
        output:
            **table_outputs(f"schafer-{_table}", "schafer_tables", "5. Schäfer 2018", _results["label"]),
        params:
            options={  # keywords of textsim.schafer.tables.results.results_table
                "title": _results["title"],
                "note": sch_note(),
            },
        log:
            f"logs/paper/schafer_table_{_table}.log",
        benchmark:
            f"benchmarks/paper/schafer_table_{_table}.tsv"
        resources:
            **SMALL_JOB,
        conda:
            ENV_PLOT
        script:
            "../scripts/schafer_table_a1.py"


rule schafer_table_sizes:
    localrule: True
    input:
        runs=lambda wc: [
            f"{SCH_DIR}/{d}/runs/{r}.json"
            for d in configured("schafer.sizes", SCH["sizes"], "configs/schafer-thesis.yaml")
            for r in [sch_main_run(m) for m in SCH["models"]] + list(SCH["baselines"])
        ],
        stats=[f"{SCH_DIR}/{d}/stats.json" for d in SCH["sizes"]],
        code=code("schafer_table_sizes"),
    output:
        **table_outputs("schafer-sizes", "schafer_sizes_table", "5. Schäfer 2018", "Dataset sizes"),
    params:
        options={  # keywords of textsim.schafer.tables.sizes.sizes_table
            "title": "The size question: topic accuracy and weighted score (%) of each model on datasets of growing size (test split).",
            "note": sch_note(),
        },
    log:
        "logs/paper/schafer_table_sizes.log",
    benchmark:
        "benchmarks/paper/schafer_table_sizes.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/schafer_table_sizes.py"


rule schafer_table_datasets:
    localrule: True
    input:
        stats=[f"{SCH_DIR}/{d}/stats.json" for d in SCH["datasets"]],
        code=code("schafer_table_datasets"),
    output:
        **table_outputs("schafer-datasets", "schafer_datasets", "5. Schäfer 2018", "Table 3.1 analog"),
    params:
        options={  # keywords of textsim.schafer.tables.datasets.statistics_table
            "title": "Table 3.1 analog: the datasets of the evaluation framework.",
            "note": (
                "Balanced subsets of the most frequent labels after cleaning (sentence split, tokenise, lemmatise, "
                "non-alphanumerics stripped, 1-character tokens dropped) and de-duplication by cleaned title; "
                "vocabulary: tokens in more than "
                f"{SCH['vocabulary']['min_documents']} documents and in fewer than "
                f"{100 * SCH['vocabulary']['max_fraction']:g}% of them, counted over the whole "
                "cleaned collection (every label), plus PAD and UNK; other tokens become UNK."
            ),
        },
    log:
        "logs/paper/schafer_table_datasets.log",
    benchmark:
        "benchmarks/paper/schafer_table_datasets.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/schafer_table_datasets.py"


rule schafer_table_lda:
    input:
        dataset=f"{SCH_DIR}/{SCH['search_dataset']}/dataset.jsonl",
        code=code("schafer_table_lda"),
    output:
        **table_outputs("schafer-lda", "schafer_lda", "5. Schäfer 2018", "Table 4.1 analog"),
    params:
        options={  # keywords of textsim.schafer.tables.lda.lda_table
            **SCH["lda"],
            "seed": config["seed"],
            "title": f"Table 4.1 analog: top-5 terms of the LDA topics of {SCH['search_dataset']} (training documents).",
            "note": (
                "gensim LdaModel (alpha learned) on the pruned vocabulary, standing in for the thesis' neural "
                "topic model; 'Most common label' = the dataset label most frequent among the documents whose "
                "dominant topic it is (share in brackets)."
            ),
        },
    log:
        "logs/paper/schafer_table_lda.log",
    benchmark:
        "benchmarks/paper/schafer_table_lda.tsv"
    resources:
        **SCH_VECTORS_TABLE_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_table_lda.py"


rule schafer_search_figures:
    localrule: True
    input:
        evaluations=[e for m in SCH_SEARCHED for e in sch_evaluations(SCH["search_dataset"], m)],
        code=code("schafer_search_figures"),
    output:
        epochs=sch_figure("epochs", "schafer_search", "Fig. 4.1 analog: epochs"),
        curves=sch_figure("curves", "schafer_search", "Fig. 4.2 analog: training curves"),
        parameters=sch_figure("parameters", "schafer_search", "Fig. 4.3 analog: hyperparameters"),
        scores=sch_figure("scores", "schafer_search", "Fig. 4.4 analog: weighted score"),
    params:
        options={  # keywords of textsim.schafer.figures.search.search_figures
            "n_topics": SCH["datasets"][SCH["search_dataset"]]["topics"],
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/paper/schafer_search_figures.log",
    benchmark:
        "benchmarks/paper/schafer_search_figures.tsv"
    resources:
        **FIGURE_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/schafer_search_figures.py"


rule schafer_size_figures:
    localrule: True
    input:
        runs=[f"{SCH_DIR}/{SCH['search_dataset']}/runs/{r}.json" for r in sch_runs(SCH["search_dataset"]) if r not in [*SCH["baselines"], *sch_extra_runs()]],
        code=code("schafer_size_figures"),
    output:
        topic=sch_figure("size-topic", "schafer_sizes", "Fig. 4.5 analog: topic accuracy"),
        triplets=sch_figure("size-triplets", "schafer_sizes", "Fig. 4.6 analog: triplet accuracy"),
        ranks_accuracy=sch_figure("size-ranks", "schafer_sizes", "Fig. 4.7 analog: ranks@10"),
    params:
        options={  # keywords of textsim.schafer.figures.sizes.size_figures
            "word_size": SCH["word_size"],
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/paper/schafer_size_figures.log",
    benchmark:
        "benchmarks/paper/schafer_size_figures.tsv"
    resources:
        **FIGURE_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/schafer_size_figures.py"


rule schafer_tsne:
    input:
        vectors=[
            f"{SCH_DIR}/{SCH['search_dataset']}/runs/{sch_main_run(m)}.npz" for m in SCH["models"]
        ] + [f"{SCH_DIR}/{SCH['search_dataset']}/runs/{b}.npz" for b in SCH["baselines"]],
        code=code("schafer_tsne"),
    output:
        sch_figure("tsne", "schafer_tsne", "Fig. 4.8 analog: t-SNE maps"),
    params:
        options={  # keywords of textsim.schafer.figures.tsne.tsne_figure
            **SCH["tsne"],
            "seed": config["seed"],
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/paper/schafer_tsne.log",
    benchmark:
        "benchmarks/paper/schafer_tsne.tsv"
    resources:
        **SCH_VECTORS_TABLE_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/schafer_tsne.py"


rule schafer:
    """Every Schäfer table and figure (a target of its own: `snakemake schafer`)."""
    localrule: True
    input:
        sch_targets(),
