# Schäfer (2018): helpers of the rules in schafer.smk (no rules here).

SCH_DIR = "results/schafer"


def sch_runs(dataset):
    """Run names of a dataset: every model's grid (search dataset) or its searched
    configuration (other datasets), then the zero-training baselines."""
    ws = SCH["word_size"]
    runs = []
    for m in SCH["models"]:
        if dataset == SCH["search_dataset"]:
            names = [f"{m}-{w}wv-psodv" for w in SCH["word_sizes"]]
            names += [f"{m}-{ws}wv-{d}dv" for d in SCH["doc_sizes"]]
        else:
            names = [f"{m}-{ws}wv-psodv"]
        runs += list(dict.fromkeys(names))
    return runs + list(SCH["baselines"])


def sch_evaluations(dataset, model, generation=None):
    gens = range(SCH["search"]["generations"]) if generation is None else [generation]
    return [
        f"{SCH_DIR}/{dataset}/search/{model}/g{g}-p{p}.json"
        for g in gens
        for p in range(SCH["search"]["particles"])
    ]


def sch_note():
    t = SCH["training"]
    return (
        f"Word vectors: our {config['word2vec']['vector_size']}-d word2vec projected on its first principal "
        f"components (the run name's 'wv'); models see the first {t['max_words']} words (thesis: 400), at most "
        f"{t['max_epochs']} epochs (thesis: 50), early stopping min delta {t['min_delta']}, patience {t['patience']}. "
        "Hyperparameters from the particle swarm on the validation split; 'psodv' = the swarm's document size. "
        "Scores on the test split; ranks and triplets from WISDM reference distances (RV coefficient of the "
        f"top-{SCH['wisdm']['top_words']} tf-idf words' vectors). Baselines (mean, idf, sif, gem) use the full "
        "word vectors and no training. Times: this run, two jobs sharing two CPU cores."
    )


def sch_targets():
    if not SCH["enabled"]:
        return []
    tables = ["schafer-a1", "schafer-datasets", "schafer-lda"]
    tables += ["schafer-a2"] if len(SCH["datasets"]) > 1 else []
    figures = ["epochs", "curves", "parameters", "scores", "size-topic", "size-triplets", "size-ranks", "tsne"]
    return [p for t in tables for p in table_files(t)] + [
        p for f in figures for p in figure_files(f"schafer-{f}")
    ]


def sch_other_dataset():
    others = [d for d in SCH["datasets"] if d != SCH["search_dataset"]]
    return others[0] if others else SCH["search_dataset"]




def sch_figure(name, caption, label):
    """The PDF and (reported) PNG of a Schäfer figure, as one named output."""
    return list(figure_outputs(f"schafer-{name}", caption, "5. Schäfer 2018", label).values())
