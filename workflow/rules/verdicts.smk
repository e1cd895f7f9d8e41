# Verdicts (textsim.verdicts): every claim of the papers judged on this run's test items
# with paired bootstrap intervals (couples resampled by the unit they share, read from
# the couples files); the learned weights and the Schäfer models trained
# with several seeds (the {seeded} files of rules train_weights, score_learned and
# schafer_run) beside their untrained controls.

rule verdicts:
    input:
        baselines=[path for _, path in verdict_evidence()[0]],
        learned=[path for _, path in verdict_evidence()[1]],
        sts=[STS_PAIRS] if STS["enabled"] and "gem" in VERDICT_SOURCES else [],
        paragraphs=[PARAGRAPH_PREDICTIONS] if PARAGRAPHS["enabled"] and "gem" in VERDICT_SOURCES else [],
        schafer=lambda wc: [path for _, path in verdict_schafer()],
        couples=list(verdict_couples().values()),
        weights=[path for _, path in verdict_weights()],
        claims=CLAIMS,
        code=code("verdicts"),
    output:
        **{f"comparisons_{k}": v for k, v in table_outputs("verdicts", "verdicts", "0. Verdicts", "every comparison").items()},
        **{f"claims_{k}": v for k, v in table_outputs("verdict-claims", "verdicts", "0. Verdicts", "one line per claim").items()},
    params:
        options={  # textsim.stages.verdicts.VerdictOptions
            "baselines": [key for key, _ in verdict_evidence()[0]],
            "learned": [key for key, _ in verdict_evidence()[1]],
            "schafer": [key for key, _ in verdict_schafer(paths=False)],
            "couples": list(verdict_couples()),
            "weights": [key for key, _ in verdict_weights()],
            "primary": PRIMARY_VECTORS,
            "n_thresholds": config["evaluation"]["n_thresholds"],
            "js": [config["evaluation"]["js"][k] for k in ("bins", "low", "high", "pseudocount")],
            "n_boot": VERDICTS["n_boot"],
            "seed": config["seed"],
            "run": corpus_description(),
            "sources": VERDICT_SOURCES,
        },
    log:
        "logs/verdicts/verdicts.log",
    benchmark:
        "benchmarks/verdicts/verdicts.tsv"
    resources:
        mem_mb=mem_mb(3000, 2),
        runtime=60,
    conda:
        ENV_NLP
    script:
        "../scripts/verdicts.py"
