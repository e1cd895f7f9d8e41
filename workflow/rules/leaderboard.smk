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
    params:
        options={  # keywords of textsim.stages.leaderboard.leaderboard_sts
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
