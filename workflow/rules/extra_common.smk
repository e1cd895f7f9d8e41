# Extra methods (config methods.extra; textsim.methods.extra): any user's embedder on
# the papers' benchmarks. Helpers of extra.smk (no rules here). Each entry is checked
# while the workflow is planned (its class imported, its parameters bound), so a missing
# package or a wrong class stops the plan in one line naming the key.
from textsim.methods.extra import ExtraMethodError, extra_methods

try:
    EXTRA = extra_methods(config)
    for _method in EXTRA.values():
        _method.check()
except ExtraMethodError as err:
    raise SystemExit(str(err)) from None

#: every distinct text the extra methods embed or fit on (one file for all of them)
EXTRA_TEXTS = "results/extra/texts.parquet"
#: one extra method's files: its vectors, De Boom scores and metrics, STS rows
EXTRA_DIR = "results/extra/{method}"
#: the leaderboards' values (the tables' numbers, for their figures)
LEADERBOARDS = "results/leaderboards"
#: each leaderboard figure's caption in the report
LEADERBOARD_FIGURES = {
    "deboom": "De Boom leaderboard figure",
    "sts": "STS leaderboard figure",
    "schafer": "Schäfer leaderboard figure",
}


wildcard_constraints:
    method="|".join(EXTRA) or "(?!)",


def extra_couples():
    """The couple sets an extra method is scored on: every Wikipedia and Twitter set."""
    return {name: COUPLES.format(length=name) for name in [*LENGTHS, *TWITTER_SETS]}


def extra_sts():
    """The STS splits, when the run scores STS."""
    return STS_SPLITS if STS["enabled"] else {}


def extra_documents():
    """The Schäfer dataset files, when the run evaluates the framework."""
    return [SCH_DATA["dataset"].format(dataset=d) for d in SCH["datasets"]] if SCH["enabled"] else []


def sch_extra_runs():
    """The run names of the extra methods in the Schäfer tables (rule schafer_extra)."""
    return [f"extra-{name}" for name in EXTRA]


def extra_class_file(wildcards):
    """The file defining the method's class (editing it reruns the method's jobs), when
    it is a file of its own."""
    path = EXTRA[wildcards.method].source_file()
    return [os.path.relpath(path)] if path else []


def extra_conda(wildcards):
    """The embedding job's environment: the method's own (its entry's conda, relative
    to the project) or the NLP stack's."""
    own = EXTRA[wildcards.method].conda
    return str(TEXTSIM_ROOT / own) if own else os.path.normpath(TEXTSIM_ROOT / "workflow/rules" / ENV_NLP)


def extra_targets():
    """Each extra method's files and the leaderboards (part of `all` when the config
    names an extra method; the target `leaderboard` makes them for any run)."""
    targets = []
    for name in EXTRA:
        targets.append(f"results/extra/{name}/metrics.csv")
        if STS["enabled"]:
            targets.append(f"results/extra/{name}/sts.csv")
    return targets + leaderboard_targets() if EXTRA else []


def leaderboard_sets():
    """The couple sets the De Boom leaderboard ranks (every set an extra method is scored on)."""
    return list(extra_couples())


def leaderboard_learned():
    """``<set>/<procedure>`` -> the run's learned scores, for every trained set ranked."""
    sets = set(leaderboard_sets())
    return {f"{L}/{p}": f"results/learned/{L}/{p}.parquet" for L, p in scored_runs() if L in sets}


def leaderboard_schafer_runs():
    """(table, run record) of the Schäfer leaderboard: on each result table's dataset,
    every model's main run, the baselines and the extra methods."""
    if not SCH["enabled"]:
        return []
    runs = [sch_main_run(m) for m in SCH["models"]] + list(SCH["baselines"]) + sch_extra_runs()
    return [
        (table, f"{SCH_DIR}/{spec['dataset']}/runs/{r}.json")
        for table, spec in SCH_RESULT_TABLES.items()
        if table == "a1" or len(SCH["datasets"]) > 1
        for r in runs
    ]


def leaderboard_targets():
    families = ["deboom"] + (["sts"] if STS["enabled"] else []) + (["schafer"] if SCH["enabled"] else [])
    return [
        path
        for family in families
        for path in table_files(f"leaderboard-{family}")
        + table_files(f"leaderboard-{family}-comparisons")
        + figure_files(f"leaderboard-{family}")
    ]
