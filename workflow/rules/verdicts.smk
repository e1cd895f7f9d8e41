# Verdicts (textsim.verdicts): every claim of the papers judged on this run's test items
# with paired bootstrap intervals; the learned weights trained with several seeds.

use rule train_weights as train_weights_seed with:
    output:
        "results/weights/{length}/{procedure}-seed{seed}.json",
    params:
        options=lambda wc: training_options(
            config, wc.length, kappa=KAPPA, normalize=NORMALIZE, seed=wc.seed
        ),
    log:
        "logs/weights/{length}/{procedure}-seed{seed}.log",
    benchmark:
        "benchmarks/weights/{length}/{procedure}-seed{seed}.tsv"


use rule score_learned as score_learned_seed with:
    input:
        couples=COUPLES,
        vectors=VECTORS_KV,
        docfreq=DOCFREQ,
        weights="results/weights/{length}/{procedure}-seed{seed}.json",
        code=code("score_learned"),
    output:
        "results/learned/{length}/{procedure}-seed{seed}.parquet",
    log:
        "logs/learned/{length}/{procedure}-seed{seed}-score.log",
    benchmark:
        "benchmarks/learned/{length}/{procedure}-seed{seed}-score.tsv"


use rule score_learned_space as score_learned_space_seed with:
    input:
        couples=space_couples,
        vectors=space_vectors,
        docfreq=DOCFREQ,
        weights=lambda wc: space_weights(wc).replace(".json", f"-seed{wc.seed}.json"),
        code=code("score_learned"),
    output:
        "results/learned/{space}/{procedure}-seed{seed}.parquet",
    log:
        "logs/learned/{space}/{procedure}-seed{seed}-score.log",
    benchmark:
        "benchmarks/learned/{space}/{procedure}-seed{seed}-score.tsv"


use rule schafer_run as schafer_run_seed with:
    output:
        record=f"{SCH_DIR}/{{dataset}}/runs/{{sch_model}}-{{wv}}wv-{{dv}}dv-seed{{seed}}.json",
        vectors=f"{SCH_DIR}/{{dataset}}/runs/{{sch_model}}-{{wv}}wv-{{dv}}dv-seed{{seed}}.npz",
    params:
        options=lambda wc: {  # textsim.stages.schafer.runs.FinalRun
            "run": f"{wc.sch_model}-{wc.wv}wv-{wc.dv}dv",
            "fixed": SCH_FIXED.get(wc.sch_model),
            "training": {**SCH_TRAINING, "seed": int(wc.seed)},
        },
    log:
        "logs/schafer/{dataset}/runs/{sch_model}-{wv}wv-{dv}dv-seed{seed}.log",
    benchmark:
        "benchmarks/schafer/{dataset}/runs/{sch_model}-{wv}wv-{dv}dv-seed{seed}.tsv"


# The untrained control of a Schäfer run: the same model, seed and hyperparameters,
# untrained (textsim.schafer.settings.TrainingSettings.untrained: its seeded initialisation), scored like the run.
use rule schafer_run as schafer_control with:
    output:
        record=f"{SCH_DIR}/{{dataset}}/runs/{{sch_model}}-{{wv}}wv-{{dv}}dv{{seeded}}-untrained.json",
        vectors=f"{SCH_DIR}/{{dataset}}/runs/{{sch_model}}-{{wv}}wv-{{dv}}dv{{seeded}}-untrained.npz",
    params:
        options=lambda wc: {  # textsim.stages.schafer.runs.FinalRun
            "run": f"{wc.sch_model}-{wc.wv}wv-{wc.dv}dv",
            "fixed": SCH_FIXED.get(wc.sch_model),
            "training": {
                **SCH_TRAINING,
                "settings": {**SCH["training"], "untrained": True},
                "seed": int(wc.seeded.removeprefix("-seed")) if wc.seeded else config["seed"],
            },
        },
    wildcard_constraints:
        seeded=r"(-seed\d+)?",
    log:
        "logs/schafer/{dataset}/runs/{sch_model}-{wv}wv-{dv}dv{seeded}-untrained.log",
    benchmark:
        "benchmarks/schafer/{dataset}/runs/{sch_model}-{wv}wv-{dv}dv{seeded}-untrained.tsv"


rule verdicts:
    input:
        baselines=list(verdict_evidence()[0].values()),
        learned=[path for _, path in verdict_evidence()[1]],
        sts=[STS_PAIRS] if STS["enabled"] and "gem" in VERDICT_SOURCES else [],
        schafer=lambda wc: [path for _, path in verdict_schafer()],
        claims=CLAIMS,
        code=code("verdicts"),
    output:
        **{f"comparisons_{k}": v for k, v in table_outputs("verdicts", "verdicts", "0. Verdicts", "every comparison").items()},
        **{f"claims_{k}": v for k, v in table_outputs("verdict-claims", "verdicts", "0. Verdicts", "one line per claim").items()},
    params:
        options={  # textsim.stages.verdicts.VerdictOptions
            "baselines": list(verdict_evidence()[0]),
            "learned": [key for key, _ in verdict_evidence()[1]],
            "schafer": [key for key, _ in verdict_schafer(paths=False)],
            "primary": PRIMARY_VECTORS,
            "n_thresholds": config["evaluation"]["n_thresholds"],
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
        "../../envs/nlp.yaml"
    script:
        "../scripts/verdicts.py"
