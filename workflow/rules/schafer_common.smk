# Schäfer (2018): helpers of the rules in schafer.smk (no rules here).

import json
from dataclasses import asdict

from textsim.schafer.baselines import BASELINES as SCHAFER_BASELINES
from textsim.schafer.hyperparameters import check_fixed
from textsim.schafer.selection import grid as selection_grid

SCH_DIR = "results/schafer"
#: the files of one Schäfer dataset ({dataset}): its documents and their statistics, its
#: word vectors, the reference vectors of its valid and test splits
SCH_DATA = {
    "dataset": f"{SCH_DIR}/{{dataset}}/dataset.jsonl",
    "stats": f"{SCH_DIR}/{{dataset}}/stats.json",
    "words": f"{SCH_DIR}/{{dataset}}/words.npz",
    "valid": f"{SCH_DIR}/{{dataset}}/reference-valid.npz",
    "test": f"{SCH_DIR}/{{dataset}}/reference-test.npz",
}


def sch_data(*names, **renamed):
    """Named inputs or outputs: the dataset files ``names`` (SCH_DATA) under their own
    names, and ``renamed`` (a rule's name for a file -> its SCH_DATA name)."""
    return {**{n: SCH_DATA[n] for n in names}, **{k: SCH_DATA[v] for k, v in renamed.items()}}

try:
    check_fixed(SCH["fixed"])
except ValueError as err:
    raise SystemExit(f"config: {err}") from None
refuse_unconfigured("schafer-sizes", "schafer.sizes", SCH["sizes"], "configs/schafer-thesis.yaml")
if unknown := [d for d in SCH["sizes"] if d not in SCH["datasets"]]:
    raise SystemExit(f"config: schafer.sizes names no dataset: {', '.join(unknown)}")
#: how every Schäfer training runs (textsim.stages.schafer.evaluation.TrainingRun)
SCH_TRAINING = {
    "settings": SCH["training"],
    "seed": config["seed"],
    "deterministic": config["deterministic"],
    "backend": KERAS_BACKEND,
}


def sch_training(seed=None, untrained=""):
    """SCH_TRAINING for one run: its training ``seed`` (None: the run's), and for an
    untrained control (``untrained`` "-untrained") the settings that train no epoch
    (its seeded initialisation, scored like the run)."""
    if seed is None and not untrained:
        return SCH_TRAINING
    training = dict(SCH_TRAINING)
    if untrained:
        training["settings"] = {**SCH["training"], "untrained": True}
    training["seed"] = config["seed"] if seed is None else int(seed)
    return training


#: the resources of a Schäfer job that embeds one dataset without training a network
#: (schafer_reference, schafer_baseline)
SCH_EMBED_JOB = {"mem_mb": 4000, "runtime": 30}
#: the resources of a Schäfer table or figure that reads every run's document vectors
#: of a dataset (schafer_table_selected, schafer_table_lda, schafer_tsne)
SCH_VECTORS_TABLE_JOB = {"mem_mb": 2000, "runtime": 15}
SCH_FIXED = SCH["fixed"]  # model -> its fixed hyperparameters (those models are not searched)
SCH_SEARCHED = [m for m in SCH["models"] if m not in SCH_FIXED]
#: the selection procedure (textsim.schafer.selection): its dataset and each row's trials
SEL = SCH["selection"]
SEL_DATASET = SEL["dataset"] or SCH["search_dataset"]
SEL_GRID = {}
if SCH["enabled"] and SEL["enabled"]:
    if SEL_DATASET not in SCH["datasets"]:
        raise SystemExit(f"config: schafer.selection.dataset names no dataset: {SEL_DATASET}")
    try:
        SEL_GRID = {  # row -> point name -> its settings (textsim.schafer.selection.Point)
            row: {p.name: p for p in selection_grid(row, SCH_FIXED, SEL, SCH["training"])}
            for row in SEL["models"]
        }
    except ValueError as err:
        raise SystemExit(f"config: {err}") from None


#: the run-name tokens of a model's own document size: the search's, the fixed configuration's
SCH_OWN_DV = ("pso", "fix")


def sch_dv(model):
    """The run-name token of a model's own document size (SCH_OWN_DV)."""
    return SCH_OWN_DV[1] if model in SCH_FIXED else SCH_OWN_DV[0]


def sch_main_run(model):
    """The run of a model at the swarm's word size and its own document size."""
    return f"{model}-{SCH['word_size']}wv-{sch_dv(model)}dv"


def sch_best(wildcards):
    """The search's best hyperparameters of a searched model (none for a fixed one)."""
    if wildcards.sch_model in SCH_FIXED:
        return []
    return f"{SCH_DIR}/{SCH['search_dataset']}/search/{wildcards.sch_model}/best.json"


def sch_runs(dataset):
    """Run names of a dataset: every model's grid (search dataset) or its searched
    configuration (other datasets), then the zero-training baselines and the extra
    methods (methods.extra: sch_extra_runs)."""
    ws = SCH["word_size"]
    runs = []
    for m in SCH["models"]:
        if dataset == SCH["search_dataset"]:
            names = [f"{m}-{w}wv-{sch_dv(m)}dv" for w in SCH["word_sizes"]]
            names += [f"{m}-{ws}wv-{d}dv" for d in SCH["doc_sizes"]]
        else:
            names = [sch_main_run(m)]
        runs += list(dict.fromkeys(names))
    return runs + list(SCH["baselines"]) + sch_extra_runs()


def sch_evaluations(dataset, model, generation=None):
    gens = range(SCH["search"]["generations"]) if generation is None else [generation]
    return [
        f"{SCH_DIR}/{dataset}/search/{model}/g{g}-p{p}.json"
        for g in gens
        for p in range(SCH["search"]["particles"])
    ]


def sch_note():
    t = SCH["training"]
    searched = "Hyperparameters from the particle swarm on the validation split; 'psodv' = the swarm's document size. "
    fixed = f"Fixed hyperparameters (config schafer.fixed) for {', '.join(SCH_FIXED)}; 'fixdv' = their document size. "
    rae = "its words only" if t["reconstruct"] == "words" else "the padded sequence"
    return (
        f"Word vectors: our {config['word2vec']['vector_size']}-d word2vec projected on its first principal "
        f"components (the run name's 'wv'); models see the first {t['max_words']} words (thesis: 400), at most "
        f"{t['max_epochs']} epochs (thesis: 50), early stopping min delta {t['min_delta']}, patience {t['patience']} "
        + ("on the valid split's eq. 3.1 (the whole training split trains); " if t["stopping"] == "valid_score" else "on a held-out tenth's loss; ")
        + f"{t['batching']} batches; the recurrent autoencoder reconstructs {rae}; {t['recurrent']} LSTMs. "
        + (searched if SCH_SEARCHED else "")
        + (fixed if SCH_FIXED else "")
        + "Scores on the test split; ranks and triplets from WISDM reference distances (RV coefficient of the "
        f"top-{SCH['wisdm']['top_words']} tf-idf words' vectors). Baselines (mean, idf, sif, gem) use the full "
        "word vectors and no training; random: a standard normal vector per document. "
        "Times: this run, two jobs sharing two CPU cores."
    )


def sch_targets():
    if not SCH["enabled"]:
        return []
    tables = ["schafer-a1", "schafer-datasets", "schafer-lda"]
    tables += ["schafer-a2"] if len(SCH["datasets"]) > 1 else []
    tables += ["schafer-sizes"] if SCH["sizes"] else []
    tables += ["schafer-selected"] if SEL_GRID else []
    figures = ["tsne"]
    if len(set(SCH["word_sizes"]) | {SCH["word_size"]}) > 1 or SCH["doc_sizes"]:
        figures += ["size-topic", "size-triplets", "size-ranks"]  # a size axis to plot
    if SCH_SEARCHED:
        figures += ["epochs", "curves", "parameters", "scores"]
    return [p for t in tables for p in table_files(t)] + [
        p for f in figures for p in figure_files(f"schafer-{f}")
    ]


def sch_other_dataset():
    others = [d for d in SCH["datasets"] if d != SCH["search_dataset"]]
    return others[0] if others else SCH["search_dataset"]




#: Tables A.1 and A.2 (their rules named schafer_table_<table>): the search dataset's runs, and the
#: other dataset's with the hyperparameters searched on the first
SCH_RESULT_TABLES = {
    "a1": {
        "dataset": SCH["search_dataset"],
        "label": "Table A.1 analog",
        "title": f"Table A.1 analog: experiment results on {SCH['search_dataset']} (test split).",
    },
    "a2": {
        "dataset": sch_other_dataset(),
        "label": "Table A.2 analog",
        "title": f"Table A.2 analog: results on {sch_other_dataset()} with the hyperparameters searched on {SCH['search_dataset']} (test split).",
    },
}


def sch_figure(name, caption, label):
    """The PDF and (reported) PNG of a Schäfer figure, as one named output."""
    return list(figure_outputs(f"schafer-{name}", caption, "5. Schäfer 2018", label).values())


def sel_run(dataset, row, point, seed, untrained=False):
    """The record of one selection trial (or selected run, or its untrained control)."""
    control = "-untrained" if untrained else ""
    return f"{SCH_DIR}/{dataset}/selection/{row}/{point}-seed{seed}{control}.json"


def sel_point_settings(row, point):
    """The learning rate and early stopping of a row's trial, by its name in the grid."""
    if point not in SEL_GRID[row]:
        raise ValueError(
            f"selection point {point} of {row} is not in the configured grid "
            f"(schafer.selection): {', '.join(SEL_GRID[row])}"
        )
    return asdict(SEL_GRID[row][point])


def sel_pick(row):
    """The file naming a row's selected trial (checkpoint schafer_select)."""
    return f"{SCH_DIR}/{SEL_DATASET}/selection/{row}/selected.json"


def sel_point(row):
    """A row's selected point: known once checkpoint schafer_select has run."""
    with open(checkpoints.schafer_select.get(row=row).output[0], encoding="utf-8") as f:
        return json.load(f)["point"]


def sel_runs(rows=None, datasets=None):
    """(dataset, row, seed, untrained, record) of every selected run and control:
    every row on every dataset with every verdict seed."""
    out = []
    for row in rows or SEL["models"]:
        point = sel_point(row)
        for dataset in datasets or SCH["datasets"]:
            for seed in VERDICT_SEEDS:
                for untrained in (False, True):
                    out.append((dataset, row, seed, untrained, sel_run(dataset, row, point, seed, untrained)))
    return out
