# Verdicts: helpers of the rules in verdicts.smk (no rules here).

from textsim.verdicts.table import UNTRAINED_CONTROLS

VERDICTS = config["verdicts"]
#: the claims registry: data the verdict rules read (an input, so editing it reruns them)
CLAIMS = os.path.relpath(TEXTSIM_ROOT / "src/textsim/data/claims.yaml")
#: the training seeds of each learned-weights model: the run's seed (whose files the
#: tables use) and the next ones
VERDICT_SEEDS = [config["seed"] + k for k in range(VERDICTS["seeds"])]
#: the word2vec trainings the De Boom verdicts rest on: the run's vectors (seed `seed`,
#: the tables') and the next ones' (word2vec_seeds.smk, under W2V_SEEDS_DIR)
W2V_SEEDS = [config["seed"] + k for k in range(VERDICTS["word2vec_seeds"])]
W2V_SEEDS_DIR = "results/word2vec-seeds"


wildcard_constraints:
    procedure=r"[a-z]+",
    seed=r"\d+",


def _w2v_dir(w2v):
    """Where a word2vec seed's files lie: results/ for the run's, else W2V_SEEDS_DIR/<seed>."""
    return "results" if w2v in (None, config["seed"]) else f"{W2V_SEEDS_DIR}/{w2v}"


def word_vector_runs(couple_set):
    """The word2vec seeds a couple set is scored with: every one of W2V_SEEDS for a set
    embedded with the primary vectors, the run's alone for another space's (transfer)."""
    return [config["seed"]] if couple_set in SPACES else W2V_SEEDS


def baseline_scores(length, variant, w2v=None):
    """The baselines' scores file of a couple set with one word2vec seed's vectors."""
    return f"{_w2v_dir(w2v)}/scores/{length}/{variant}.parquet"


def learned_scores(length, procedure, seed, w2v=None):
    """The scores file of one learned-weights run: the tables' own for the run's seed
    (and the run's word vectors)."""
    suffix = "" if seed == config["seed"] else f"-seed{seed}"
    return f"{_w2v_dir(w2v)}/learned/{length}/{procedure}{suffix}.parquet"


#: the papers whose claims the verdicts judge (config verdicts.sources)
VERDICT_SOURCES = VERDICTS["sources"]
JUDGES_DEBOOM = bool({"icdmw", "prl"} & set(VERDICT_SOURCES))


def verdict_evidence():
    """(baseline score files with their set/variant keys, one per word2vec seed; learned
    score files with their set/procedure keys, one per word2vec seed and training seed,
    word2vec seed by word2vec seed) of every couple set this run scores; none when no
    De Boom paper is judged."""
    if not JUDGES_DEBOOM:
        return [], []
    sets = LENGTHS + TWITTER_SETS + (["transfer"] if TRANSFER_ON else [])
    baselines = [
        (f"{L}/{v}", baseline_scores(L, v, w)) for L in sets for w in word_vector_runs(L) for v in VECTORS
    ]
    learned = [
        (f"{L}/{p}", learned_scores(L, p, s, w))
        for L, p in scored_runs()
        for w in word_vector_runs(L)
        for s in VERDICT_SEEDS
    ]
    return baselines, learned


def learned_weights_file(length, procedure, seed, w2v=None):
    """The weights file of one learned-weights run (its seeds as in learned_scores)."""
    suffix = "" if seed == config["seed"] else f"-seed{seed}"
    return f"{_w2v_dir(w2v)}/weights/{length}/{procedure}{suffix}.json"


def verdict_weights():
    """(set/procedure key, weights file) of every trained run and seed: the weight-shape
    claims' evidence."""
    if not JUDGES_DEBOOM:
        return []
    return [
        (f"{L}/{p}", learned_weights_file(L, p, s, w))
        for L, p in learned_runs()
        for w in W2V_SEEDS
        for s in VERDICT_SEEDS
    ]


def verdict_couples():
    """Couple set -> its couples file, for every set verdict_evidence scores (a space's
    set: the couples it embeds): their test couples' clusters."""
    baselines, _ = verdict_evidence()
    sets = dict.fromkeys(key.partition("/")[0] for key, _ in baselines)
    return {s: COUPLES.format(length=SPACES[s]["length"] if s in SPACES else s) for s in sets}


def schafer_run_file(dataset, run, seed):
    """The record of one Schäfer run: the tables' own for the run's seed."""
    suffix = "" if seed == config["seed"] else f"-seed{seed}"
    return f"{SCH_DIR}/{dataset}/runs/{run}{suffix}.json"


def verdict_schafer(paths=True):
    """(table/method key, record file) of every model's main run per seed, its untrained
    control and every baseline, on the search dataset (a1, Table A.1's analog) and the
    other (a2): the selection procedure's runs where it is enabled (their files known
    once it has selected: ``paths=False`` gives the keys alone, with None for files)."""
    if not SCH["enabled"] or "schafer" not in VERDICT_SOURCES:
        return []
    tables = {"a1": SCH["search_dataset"]}
    if len(SCH["datasets"]) > 1:
        tables["a2"] = sch_other_dataset()
    out = []
    for table, dataset in tables.items():
        for model in SCH["models"]:
            controls = [True] if model in UNTRAINED_CONTROLS else []
            for untrained in [False, *controls]:
                key = f"{table}/untrained {model}" if untrained else f"{table}/{model}"
                out += [
                    (key, schafer_record(dataset, model, s, untrained) if paths else None)
                    for s in VERDICT_SEEDS
                ]
        out += [(f"{table}/{b}", f"{SCH_DIR}/{dataset}/runs/{b}.json") for b in SCH["baselines"]]
    return out


def schafer_record(dataset, model, seed, untrained):
    """One model's run record (or its untrained control's) for the verdicts: the
    selection procedure's where it is enabled, else the main run's."""
    if model in SEL_GRID:
        return sel_run(dataset, model, sel_point(model), seed, untrained)
    run = schafer_run_file(dataset, sch_main_run(model), seed)
    return run.replace(".json", "-untrained.json") if untrained else run


def verdict_targets():
    if not VERDICTS["enabled"]:
        return []
    return table_files("verdicts") + table_files("verdict-claims")
