# Schäfer (2018) document-embedding evaluation framework (issue 5): datasets,
# WISDM references, one job per swarm evaluation (so an interrupted search
# resumes), final runs and baselines (their tables and figures: schafer_tables.smk).

wildcard_constraints:
    sch_model=r"[a-z0-9_]+",
    baseline="|".join(SCHAFER_BASELINES),
    wv=r"\d+",
    dv="|".join((r"\d+", *SCH_OWN_DV)),
    gen=r"\d+",
    particle=r"\d+",


rule schafer_dataset:
    input:
        source=lambda wc: resource_files(SCH["datasets"][wc.dataset]["resource"])[0],
        code=code("schafer_dataset"),
    output:
        **sch_data("dataset", "stats"),
    params:
        options=lambda wc: {  # textsim.stages.schafer.data.DatasetOptions
            "reader": SCH["datasets"][wc.dataset]["reader"],
            "topics": SCH["datasets"][wc.dataset]["topics"],
            "per_topic": SCH["datasets"][wc.dataset].get("per_topic"),
            "fractions": SCH["fractions"],
            "min_documents": SCH["vocabulary"]["min_documents"],
            "max_fraction": SCH["vocabulary"]["max_fraction"],
            "duplicates": SCH["datasets"][wc.dataset]["duplicates"],
            "seed": config["seed"],
        },
    log:
        "logs/schafer/{dataset}/dataset.log",
    benchmark:
        "benchmarks/schafer/{dataset}/dataset.tsv"
    resources:
        mem_mb=3000,
        runtime=30,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_dataset.py"


rule schafer_reference:
    input:
        **sch_data("dataset"),
        vectors=VECTORS_KV,
        code=code("schafer_reference"),
    output:
        **sch_data("valid", "test"),
    params:
        options={**SCH["wisdm"], "seed": config["seed"]},  # ...schafer.data.ReferenceOptions
    log:
        "logs/schafer/{dataset}/reference.log",
    benchmark:
        "benchmarks/schafer/{dataset}/reference.tsv"
    resources:
        **SCH_EMBED_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_reference.py"


rule schafer_words:
    input:
        **sch_data("dataset"),
        vectors=VECTORS_KV,
        code=code("schafer_words"),
    output:
        SCH_DATA["words"],
    params:
        options={  # keywords of textsim.stages.schafer.data.words
            "sizes": sorted(set(SCH["word_sizes"]) | {SCH["word_size"]}),
            "seed": config["seed"],
        },
    log:
        "logs/schafer/{dataset}/words.log",
    benchmark:
        "benchmarks/schafer/{dataset}/words.tsv"
    resources:
        mem_mb=2000,
        runtime=10,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_words.py"


rule schafer_swarm_start:
    localrule: True
    input:
        code=code("schafer_swarm_start"),
    output:
        f"{SCH_DIR}/{{dataset}}/search/{{sch_model}}/gen0.json",
    params:
        options=lambda wc: {  # keywords of textsim.stages.schafer.swarm.swarm_start
            "model": wc.sch_model,
            "search": SCH["search"],
            "seed": config["seed"],
        },
    log:
        "logs/schafer/{dataset}/search/{sch_model}/gen0.log",
    benchmark:
        "benchmarks/schafer/{dataset}/search/{sch_model}/gen0.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_swarm_start.py"


rule schafer_swarm_evaluate:
    input:
        state=f"{SCH_DIR}/{{dataset}}/search/{{sch_model}}/gen{{gen}}.json",
        **sch_data("dataset", "words", reference="valid"),
        code=code("schafer_swarm_evaluate"),
    output:
        f"{SCH_DIR}/{{dataset}}/search/{{sch_model}}/g{{gen}}-p{{particle}}.json",
    params:
        options=lambda wc: {  # textsim.stages.schafer.swarm.SwarmEvaluation
            "model": wc.sch_model,
            "particle": int(wc.particle),
            "word_size": SCH["word_size"],
            "search": SCH["search"],
            "training": SCH_TRAINING,
        },
    log:
        "logs/schafer/{dataset}/search/{sch_model}/g{gen}-p{particle}.log",
    benchmark:
        "benchmarks/schafer/{dataset}/search/{sch_model}/g{gen}-p{particle}.tsv"
    resources:
        mem_mb=4000,
        runtime=60,
        **KERAS_GPU,
    conda:
        ENV_KERAS
    script:
        "../scripts/schafer_swarm_evaluate.py"


rule schafer_swarm_step:
    localrule: True
    input:
        state=lambda wc: f"{SCH_DIR}/{wc.dataset}/search/{wc.sch_model}/gen{int(wc.gen) - 1}.json",
        evaluations=lambda wc: sch_evaluations(wc.dataset, wc.sch_model, int(wc.gen) - 1),
        code=code("schafer_swarm_step"),
    output:
        f"{SCH_DIR}/{{dataset}}/search/{{sch_model}}/gen{{gen}}.json",
    params:
        options=lambda wc: {  # keywords of textsim.stages.schafer.swarm.swarm_step
            "model": wc.sch_model,
            "search": SCH["search"],
        },
    log:
        "logs/schafer/{dataset}/search/{sch_model}/gen{gen}.log",
    benchmark:
        "benchmarks/schafer/{dataset}/search/{sch_model}/gen{gen}.tsv"
    wildcard_constraints:
        gen=r"[1-9]\d*",
    resources:
        **SMALL_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_swarm_step.py"


ruleorder: schafer_swarm_step > schafer_swarm_start


rule schafer_swarm_best:
    localrule: True
    input:
        evaluations=lambda wc: sch_evaluations(wc.dataset, wc.sch_model),
        code=code("schafer_swarm_best"),
    output:
        f"{SCH_DIR}/{{dataset}}/search/{{sch_model}}/best.json",
    log:
        "logs/schafer/{dataset}/search/{sch_model}/best.log",
    benchmark:
        "benchmarks/schafer/{dataset}/search/{sch_model}/best.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_swarm_best.py"


rule schafer_run:
    input:
        best=sch_best,
        **sch_data("dataset", "words", "valid", reference="test"),
        code=code("schafer_run"),
    output:
        record=f"{SCH_DIR}/{{dataset}}/runs/{{sch_model}}-{{wv}}wv-{{dv}}dv{{seeded}}{{untrained}}.json",
        vectors=f"{SCH_DIR}/{{dataset}}/runs/{{sch_model}}-{{wv}}wv-{{dv}}dv{{seeded}}{{untrained}}.npz",
    params:
        options=lambda wc: {  # textsim.stages.schafer.runs.FinalRun
            "run": f"{wc.sch_model}-{wc.wv}wv-{wc.dv}dv",
            "model": wc.sch_model,
            "word_size": int(wc.wv),
            "doc_size": None if wc.dv in SCH_OWN_DV else int(wc.dv),
            "fixed": config["schafer"]["fixed"].get(wc.sch_model),
            "training": sch_training(seed_of(wc), wc.untrained),
        },
    log:
        "logs/schafer/{dataset}/runs/{sch_model}-{wv}wv-{dv}dv{seeded}{untrained}.log",
    benchmark:
        "benchmarks/schafer/{dataset}/runs/{sch_model}-{wv}wv-{dv}dv{seeded}{untrained}.tsv"
    resources:
        mem_mb=4000,
        runtime=120,
        **KERAS_GPU,
    conda:
        ENV_KERAS
    script:
        "../scripts/schafer_run.py"


rule schafer_baseline:
    input:
        **sch_data("dataset", reference="test"),
        vectors=VECTORS_KV,
        docfreq=DOCFREQ,
        code=code("schafer_baseline"),
    output:
        record=f"{SCH_DIR}/{{dataset}}/runs/{{baseline}}.json",
        vectors=f"{SCH_DIR}/{{dataset}}/runs/{{baseline}}.npz",
    params:
        options=lambda wc: {  # keywords of textsim.stages.schafer.baselines.baseline_run
            "name": wc.baseline,
            "params": config["methods"].get(SCHAFER_BASELINES[wc.baseline], {}),
        },
    log:
        "logs/schafer/{dataset}/runs/{baseline}.log",
    benchmark:
        "benchmarks/schafer/{dataset}/runs/{baseline}.tsv"
    resources:
        **SCH_EMBED_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_baseline.py"
