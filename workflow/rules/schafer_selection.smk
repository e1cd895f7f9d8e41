# Schäfer (2018): one selection procedure for every model (textsim.schafer.selection):
# a learning-rate grid per model early-stopped and selected on the valid split's eq. 3.1,
# then the selected configuration with every seed on every dataset beside its untrained
# control ("-untrained": the same row, point and seed, no epoch trained; table
# schafer-selected; the verdicts judge these runs when it is enabled).


wildcard_constraints:
    row=r"[a-z0-9_]+(-[a-z]+)?",
    point=r"lr[^/]+-p\d+-e\d+",


rule schafer_trial:
    input:
        **sch_data("dataset", "words", "valid", reference="test"),
        code=code("schafer_trial"),
    output:
        record=f"{SCH_DIR}/{{dataset}}/selection/{{row}}/{{point}}-seed{{seed}}{{untrained}}.json",
        vectors=f"{SCH_DIR}/{{dataset}}/selection/{{row}}/{{point}}-seed{{seed}}{{untrained}}.npz",
    params:
        options=lambda wc: {  # textsim.stages.schafer.selection.Trial
            "row": wc.row,
            "point": sel_point_settings(wc.row, wc.point),
            "fixed": config["schafer"]["fixed"],
            "word_size": SCH["word_size"],
            "training": sch_training(wc.seed, wc.untrained),
        },
    log:
        "logs/schafer/{dataset}/selection/{row}/{point}-seed{seed}{untrained}.log",
    benchmark:
        "benchmarks/schafer/{dataset}/selection/{row}/{point}-seed{seed}{untrained}.tsv"
    resources:
        mem_mb=4000,
        runtime=240,
        **KERAS_GPU,
    conda:
        ENV_KERAS
    script:
        "../scripts/schafer_trial.py"


checkpoint schafer_select:
    localrule: True
    input:
        trials=lambda wc: [sel_run(SEL_DATASET, wc.row, p, config["seed"]) for p in SEL_GRID[wc.row]],
        code=code("schafer_select"),
    output:
        f"{SCH_DIR}/{SEL_DATASET}/selection/{{row}}/selected.json",
    log:
        "logs/schafer/selection/{row}.log",
    benchmark:
        "benchmarks/schafer/selection/{row}.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_select.py"


rule schafer_table_selected:
    localrule: True
    input:
        picks=[sel_pick(row) for row in SEL_GRID],
        runs=lambda wc: [path for *_, path in sel_runs()],
        code=code("schafer_table_selected"),
    output:
        **table_outputs("schafer-selected", "schafer_selected", "5. Schäfer 2018", "Selection procedure"),
    params:
        options={  # keywords of textsim.verdicts.selection.selected_table
            "published": {SCH["search_dataset"]: "a1", sch_other_dataset(): "a2"}
            if len(SCH["datasets"]) > 1
            else {SCH["search_dataset"]: "a1"},
            "n_boot": VERDICTS["n_boot"],
            "seed": config["seed"],
            "title": "The selection procedure: each model's learning rate and stopping selected on the valid split (eq. 3.1), then every seed and its untrained control on the test split.",
            "note": sch_note(),
        },
    log:
        "logs/paper/schafer_table_selected.log",
    benchmark:
        "benchmarks/paper/schafer_table_selected.tsv"
    resources:
        **SCH_VECTORS_TABLE_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/schafer_table_selected.py"


rule schafer_selection:
    localrule: True
    input:
        table_files("schafer-selected") if SEL_GRID else [],
