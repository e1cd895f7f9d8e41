# Verdicts: helpers of the rules in verdicts.smk (no rules here).

VERDICTS = config["verdicts"]
#: the training seeds of each learned-weights model: the run's seed (whose files the
#: tables use) and the next ones
VERDICT_SEEDS = [config["seed"] + k for k in range(VERDICTS["seeds"])]


wildcard_constraints:
    procedure=r"[a-z]+",
    seed=r"\d+",


def learned_scores(length, procedure, seed):
    """The scores file of one learned-weights run: the tables' own for the run's seed."""
    if seed == config["seed"]:
        return f"results/learned/{length}/{procedure}.parquet"
    return f"results/learned/{length}/{procedure}-seed{seed}.parquet"


def verdict_evidence():
    """(baseline score files with their set/variant keys, learned score files with their
    set/procedure keys, one per seed) of every couple set this run scores."""
    sets = LENGTHS + TWITTER_SETS + (["transfer"] if TRANSFER_ON else [])
    baselines = {f"{L}/{v}": f"results/scores/{L}/{v}.parquet" for L in sets for v in VECTORS}
    learned = [(f"{L}/{p}", learned_scores(L, p, s)) for L, p in scored_runs() for s in VERDICT_SEEDS]
    return baselines, learned


def verdict_targets():
    if not VERDICTS["enabled"]:
        return []
    return table_files("verdicts") + table_files("verdict-claims")
