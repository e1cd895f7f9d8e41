# textsim: reproduce De Boom et al. (ICDMW 2015, PRL 2016), GEM and Schäfer (2018)
# from raw corpora. See README.md.
import os
from pathlib import Path

from snakemake.utils import min_version, validate

min_version("9.0")

# This project's folder: also when another workflow uses this one as a module (README
# "Reuse as a Snakemake module"), where workflow.basedir is that workflow's folder.
TEXTSIM_ROOT = Path(workflow.current_basedir)

# Jobs import the textsim library from src/ (also inside --use-conda environments,
# which hold its dependencies but not the package itself). Their string hashes are
# fixed: gensim seeds doc2vec's inferred vectors with hash() of the words, which
# Python otherwise randomises per process (a rerun gave other Schäfer doc2vec rows).
# A user's own PYTHONPATH (where their extra methods live, docs/extra-methods.md) is
# kept, made absolute: jobs run in the configuration's working folder.
os.environ.update(
    PYTHONPATH=os.pathsep.join(
        [str(TEXTSIM_ROOT / "src")]
        + [os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    ),
    PYTHONHASHSEED="0",
)


configfile: str(TEXTSIM_ROOT / "config.yaml")


# a short message naming a misspelt or mistyped key (textsim.config), then Snakemake's
# validate, which also fills in the schema's defaults
from textsim.config import ConfigError, check_config

_SCHEMA = str(TEXTSIM_ROOT / "workflow/schemas/config.schema.yaml")
try:
    check_config(config, _SCHEMA)
except ConfigError as err:
    raise SystemExit(str(err)) from None
validate(config, _SCHEMA)

# A configuration may name its own working folder (configs/tiny.yaml: runs/tiny): its
# results/, logs/, benchmarks/, resources/ and Snakemake's records go there, so runs of
# different scales never overwrite or replan each other. Paths the user gave relative to
# where the command was typed (the dataset mirror) are made absolute first, also under
# --directory (textsim.config.invocation_path).
from textsim.config import invocation_path
from textsim.sources.resources import MIRROR_ENV

if os.environ.get(MIRROR_ENV):
    os.environ[MIRROR_ENV] = invocation_path(os.environ[MIRROR_ENV])
if config["resources"]["mirror"]:
    config["resources"]["mirror"] = invocation_path(config["resources"]["mirror"])
# (as a module of another workflow the outputs stay in that project: docs/module.md)
_MAIN = Path(workflow.main_snakefile).resolve() == (TEXTSIM_ROOT / "Snakefile").resolve()
if config["workdir"] != "." and _MAIN:
    from textsim.config import check_workdir

    try:
        check_workdir(config["workdir"], TEXTSIM_ROOT, allow_outside=config["workdir_outside"])
    except ConfigError as err:
        raise SystemExit(str(err)) from None

    workdir: config["workdir"]



report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"
include: "workflow/rules/deboom_common.smk"
include: "workflow/rules/gem_common.smk"
include: "workflow/rules/schafer_common.smk"
include: "workflow/rules/scaling_common.smk"
include: "workflow/rules/variants_common.smk"
include: "workflow/rules/verdicts_common.smk"
include: "workflow/rules/extra_common.smk"
include: "workflow/rules/download.smk"
include: "workflow/rules/corpus.smk"
include: "workflow/rules/word2vec.smk"
include: "workflow/rules/pairs.smk"
include: "workflow/rules/evaluate.smk"
include: "workflow/rules/twitter.smk"
include: "workflow/rules/transfer.smk"
include: "workflow/rules/learned.smk"
include: "workflow/rules/word2vec_seeds.smk"
include: "workflow/rules/deboom_tables.smk"
include: "workflow/rules/gem.smk"
include: "workflow/rules/schafer.smk"
include: "workflow/rules/schafer_tables.smk"
include: "workflow/rules/verdicts.smk"
include: "workflow/rules/schafer_selection.smk"
include: "workflow/rules/scaling.smk"
include: "workflow/rules/variants.smk"
include: "workflow/rules/extra.smk"
include: "workflow/rules/leaderboard.smk"


rule all:
    input:
        deboom_targets() + gem_targets() + sch_targets() + scaling_targets() + variants_targets() + verdict_targets() + extra_targets(),
    default_target: True
