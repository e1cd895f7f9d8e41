# Leaderboards (textsim.leaderboard): every method of the run, the papers' and the extra
# methods (methods.extra), ranked on each benchmark with bootstrap intervals; the extra
# methods against the papers' best and our strongest baseline.


rule leaderboard:
    input:
        leaderboard_targets(),


rule leaderboard_deboom:
    localrule: True
    input:
        couples=list(extra_couples().values()),
        baselines=expand("results/scores/{length}/{vectors}.parquet", length=leaderboard_sets(), vectors=PRIMARY_VECTORS),
        learned=list(leaderboard_learned().values()),
        extras=expand(f"{EXTRA_DIR}/scores.parquet", method=EXTRA),
        code=code("leaderboard_deboom"),
    output:
        **table_outputs("leaderboard-deboom", "leaderboard_deboom", "8. Leaderboards", "De Boom leaderboard"),
        comparisons=table_files("leaderboard-deboom-comparisons"),
        numbers=f"{LEADERBOARDS}/deboom.csv",
    params:
        options={  # keywords of textsim.stages.leaderboard.leaderboard_deboom
            "couple_sets": leaderboard_sets(),
            "learned_runs": list(leaderboard_learned()),
            "extra_labels": {m: EXTRA[m].title for m in EXTRA},
            "metric_params": metrics_params(),
            "n_boot": config["verdicts"]["n_boot"],
            "seed": config["seed"],
            "vectors": PRIMARY_VECTORS,
        },
    log:
        "logs/paper/leaderboard_deboom.log",
    benchmark:
        "benchmarks/paper/leaderboard_deboom.tsv"
    resources:
        mem_mb=mem_mb(1000, 8),
        runtime=30,
    conda:
        ENV_NLP
    script:
        "../scripts/leaderboard_deboom.py"


rule leaderboard_sts:
    localrule: True
    input:
        pairs=[STS_PAIRS, *expand(f"{EXTRA_DIR}/sts-pairs.parquet", method=EXTRA)],
        code=code("leaderboard_sts"),
    output:
        **table_outputs("leaderboard-sts", "leaderboard_sts", "8. Leaderboards", "STS leaderboard"),
        comparisons=table_files("leaderboard-sts-comparisons"),
        numbers=f"{LEADERBOARDS}/sts.csv",
    params:
        options={  # keywords of textsim.stages.leaderboard.leaderboard_sts
            "extras": [EXTRA[m].title for m in EXTRA],
            "n_boot": config["verdicts"]["n_boot"],
            "seed": config["seed"],
        },
    log:
        "logs/paper/leaderboard_sts.log",
    benchmark:
        "benchmarks/paper/leaderboard_sts.tsv"
    resources:
        mem_mb=mem_mb(1000, 8),
        runtime=30,
    conda:
        ENV_NLP
    script:
        "../scripts/leaderboard_sts.py"


rule leaderboard_schafer:
    localrule: True
    input:
        records=[path for _, path in leaderboard_schafer_runs()],
        code=code("leaderboard_schafer"),
    output:
        **table_outputs("leaderboard-schafer", "leaderboard_schafer", "8. Leaderboards", "Schäfer leaderboard"),
        comparisons=table_files("leaderboard-schafer-comparisons"),
        numbers=f"{LEADERBOARDS}/schafer.csv",
    params:
        options={  # keywords of textsim.stages.leaderboard.leaderboard_schafer
            "tables": [table for table, _ in leaderboard_schafer_runs()],
            "main_runs": {m: sch_main_run(m) for m in SCH["models"]},
            "baselines": list(SCH["baselines"]),
            "datasets": {t: spec["dataset"] for t, spec in SCH_RESULT_TABLES.items()},
            "n_boot": config["verdicts"]["n_boot"],
            "seed": config["seed"],
        },
    log:
        "logs/paper/leaderboard_schafer.log",
    benchmark:
        "benchmarks/paper/leaderboard_schafer.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/leaderboard_schafer.py"


# One figure per family's leaderboard (textsim.leaderboard.figures), from its values;
# one rule each, named plot_leaderboard_<family>.
for _family, _caption in LEADERBOARD_FIGURES.items():

    rule:
        name:
            f"plot_leaderboard_{_family}"
        localrule: True
        input:
            numbers=f"{LEADERBOARDS}/{_family}.csv",
            code=code("plot_leaderboard"),
        output:
            **figure_outputs(f"leaderboard-{_family}", f"leaderboard_{_family}", "8. Leaderboards", _caption),
        params:
            options={  # keywords of textsim.stages.leaderboard.plot_leaderboard
                "family": _family,
                "dpi": config["figures"]["dpi"],
            },
        log:
            f"logs/paper/plot_leaderboard_{_family}.log",
        benchmark:
            f"benchmarks/paper/plot_leaderboard_{_family}.tsv"
        resources:
            **FIGURE_JOB,
        conda:
            ENV_PLOT
        script:
            "../scripts/plot_leaderboard.py"
