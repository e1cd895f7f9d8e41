"""Config checking (textsim.config): nested --config values are strings until coerced."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
import yaml
from tinyrun import ROOT

from textsim.config import ConfigError, check_config, coerce_strings
from textsim.deboom.fused import TFIDF_NORMS
from textsim.deboom.tweets import COUPLE_SETS
from textsim.methods.learned.procedures import PROCEDURES, TrainConfig
from textsim.runtime.backend import BACKENDS
from textsim.schafer.baselines import BASELINES as SCHAFER_BASELINES
from textsim.schafer.hyperparameters import (
    ADAGRAD_FORMS,
    BATCHINGS,
    RECONSTRUCTIONS,
    RECURRENT,
    RECURRENT_ACTIVATIONS,
)
from textsim.schafer.models import MODELS
from textsim.schafer.models.base import OPTIMIZERS
from textsim.schafer.selection import ROWS
from textsim.stages.schafer.data import READERS

SCHEMA_PATH = str(ROOT / "workflow/schemas/config.schema.yaml")
SCHEMA = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())


def _demo() -> dict[str, Any]:
    config: dict[str, Any] = yaml.safe_load((ROOT / "config.yaml").read_text())
    return config


def test_strings_spelling_a_value_the_schema_wants_are_coerced() -> None:
    # what snakemake --config sts='{enabled: true}' weights='{kappa: 640}' makes
    config = _demo()
    config["sts"] = {"enabled": "true"}
    config["weights"] = {"kappa": "640", "lengths": ["20"], "stopping": {"epochs": "5"}}
    config["pairs"]["max_couples"] = "null"
    check_config(config, SCHEMA_PATH)
    assert config["sts"]["enabled"] is True
    assert config["weights"]["kappa"] == 640
    assert config["weights"]["stopping"]["epochs"] == 5
    assert config["pairs"]["max_couples"] is None
    # strings the schema takes as strings stay strings: a length, a choice
    assert config["weights"]["lengths"] == ["20"]


def test_a_string_the_schema_takes_is_left_alone_and_a_bad_one_still_fails() -> None:
    config = {"weights": {"kappa": "auto"}, "docfreq": {"idf_variant": "code"}}
    coerce_strings(config, SCHEMA)
    assert config == {"weights": {"kappa": "auto"}, "docfreq": {"idf_variant": "code"}}
    bad = _demo()
    bad["sts"] = {"enabled": "maybe"}
    with pytest.raises(ConfigError, match=r"'sts\.enabled'"):
        check_config(bad, SCHEMA_PATH)


def test_relative_paths_are_read_from_where_the_command_was_typed() -> None:
    """Under --directory Snakemake has entered that folder; the shell's PWD still names
    the folder the command was typed in (the mirror path of the thesis-size command)."""
    from textsim.config import invocation_path

    env = {"PWD": "/home/me/textsim"}
    moved = ["snakemake", "--directory", "runs/schafer-thesis", "schafer"]
    here = "/home/me/textsim/runs/schafer-thesis"
    got = invocation_path("../shared/datasets", argv=moved, environ=env, cwd=here)
    assert got == "/home/me/shared/datasets"
    assert invocation_path("m", argv=["snakemake", "-d", "x"], environ=env, cwd=here) == (
        "/home/me/textsim/m"
    )
    assert invocation_path("m", argv=["snakemake", "--directory=x"], environ=env, cwd=here) == (
        "/home/me/textsim/m"
    )
    # without --directory the working folder is where the command was typed
    assert invocation_path("m", argv=["snakemake"], environ=env, cwd="/elsewhere") == "/elsewhere/m"
    assert invocation_path("/abs/m/", argv=moved, environ=env, cwd=here) == "/abs/m"


# Each closed list of names is defined once, in the library: the schema's enums equal it.


def _node(path: str) -> Any:
    """The schema node at a dotted config path (``[]``: an array's items, ``*``: a map's
    entries, ``keys``: a map's property names)."""
    node = SCHEMA
    for part in path.split("."):
        if part == "[]":
            node = node["items"]
        elif part == "*":
            node = node["additionalProperties"]
        elif part == "keys":
            node = node["propertyNames"]
        else:
            node = node["properties"][part]
    return node


CASES: list[tuple[str, Sequence[str]]] = [
    ("keras.backend", BACKENDS),
    ("evaluation.tfidf_norm", TFIDF_NORMS),
    ("schafer.models.[]", tuple(MODELS)),
    ("schafer.fixed.keys", tuple(MODELS)),
    ("schafer.fixed.*.optimizer", OPTIMIZERS),
    ("schafer.baselines.[]", tuple(SCHAFER_BASELINES)),
    ("schafer.datasets.*.reader", READERS),
    ("schafer.training.batching", BATCHINGS),
    ("schafer.training.reconstruct", RECONSTRUCTIONS),
    ("schafer.training.recurrent", RECURRENT),
    ("schafer.training.adagrad", ADAGRAD_FORMS),
    ("schafer.training.recurrent_activation", RECURRENT_ACTIVATIONS),
    ("schafer.selection.models.[]", ROWS),
    ("schafer.selection.long.models.[]", ROWS),
    ("twitter.variants.[]", tuple(COUPLE_SETS)),
    ("weights.procedures.[]", PROCEDURES),
]


def test_the_procedures_are_the_training_presets_and_the_schemas() -> None:
    """The procedure names: TrainConfig.named's presets, the default of
    weights.procedures, and the procedure part of sts.learned's pattern."""
    for name in PROCEDURES:
        TrainConfig.named(name)
    with pytest.raises(ValueError, match="unknown training procedure"):
        TrainConfig.named("hinge")
    assert _node("weights.procedures")["default"] == list(PROCEDURES)
    sets = "|".join(("\\d+", "var", *COUPLE_SETS.values()))
    pattern = _node("sts.learned.[]")["pattern"]
    assert pattern == f"^({sets})/({'|'.join(PROCEDURES)})$"


def test_the_schafer_training_schema_is_the_settings_object() -> None:
    """schafer.training: the schema's keys, required keys and defaults are those of
    TrainingSettings (whose untrained control the workflow sets, not the config)."""
    import dataclasses

    from textsim.schafer.settings import TrainingSettings

    node = _node("schafer.training")
    fields = {f.name for f in dataclasses.fields(TrainingSettings)} - {"untrained"}
    assert set(node["properties"]) == fields
    defaults = TrainingSettings.defaults()
    assert set(node["required"]) == fields - set(defaults)
    for name, prop in node["properties"].items():
        if "default" in prop:
            assert prop["default"] == defaults[name], name


@pytest.mark.parametrize(("path", "names"), CASES, ids=[c[0] for c in CASES])
def test_the_schema_lists_the_librarys_names(path: str, names: Sequence[str]) -> None:
    assert list(_node(path)["enum"]) == list(names), path


def test_the_selection_defaults_name_every_row_and_the_optimizers_grids() -> None:
    selection = _node("schafer.selection")["properties"]
    assert selection["models"]["default"] == list(ROWS)
    assert set(selection["learning_rates"]["properties"]) == {*OPTIMIZERS, "doc2vec"}


def test_the_method_settings_are_the_estimators_rules() -> None:
    """config methods.<name>: one entry per configured method, its schema the checked-in
    $defs, which equal what the estimators' rules generate (textsim.methods.settings);
    the deprecated sts.params names the same definitions."""
    from textsim.methods.schema import schema_defs
    from textsim.methods.settings import CONFIGURED

    assert SCHEMA["$defs"] == schema_defs(), "run python -m textsim.methods.schema"
    methods = _node("methods")["properties"]
    deprecated = _node("sts.params")["properties"]
    for name in CONFIGURED:
        assert methods[name]["$ref"] == deprecated[name]["$ref"] == f"#/$defs/method-{name}"
    assert set(methods) == {*CONFIGURED, "extra"} and set(deprecated) == set(CONFIGURED)


def test_the_method_settings_are_checked_and_merged_with_the_deprecated_key() -> None:
    from textsim.config import ConfigError, check_config
    from textsim.methods.settings import fold_deprecated

    config = _demo()
    config["methods"] = {"sif": {"a": "0.0001"}}  # as --config gives it: coerced
    check_config(config, SCHEMA_PATH)
    assert config["methods"]["sif"]["a"] == 1e-4
    config["methods"] = {"sif": {"a": 0}}
    with pytest.raises(ConfigError, match=r"key 'methods.sif.a': 0 is less than or equal"):
        check_config(config, SCHEMA_PATH)
    config["methods"] = {"sif": {"alpha": 1e-4}}
    with pytest.raises(ConfigError, match=r"unknown key 'methods.sif.alpha'"):
        check_config(config, SCHEMA_PATH)
    config = {"methods": {"sif": {"a": 1e-4}, "extra": {}}, "sts": {"params": {}}}
    assert fold_deprecated(config) is None
    assert config["methods"]["sif"] == {"a": 1e-4} and config["methods"]["gem"] == {}
    assert config["methods"]["extra"] == {}  # the extra methods' own entries kept
    config = {
        "methods": {"sif": {"a": 1e-4}},
        "sts": {"params": {"sif": {"a": 3e-4, "n_components": 0}, "gem": {"window": 5}}},
    }
    message = fold_deprecated(config)
    assert config["methods"]["sif"] == {"a": 1e-4, "n_components": 0}
    assert config["methods"]["gem"] == {"window": 5}
    assert message is not None and "sts.params.sif → methods.sif" in message


def test_the_default_profile_wakes_the_scheduler_rarely_and_exits_promptly() -> None:
    """profiles/default: Snakemake's own rate-limit syntax, and a timespan between 2 and
    5 s. Its default of 1 s re-selects among every ready job, checking each input's size,
    every second (a fifth of a core on a DAG of several hundred jobs); a long timespan
    delays the end of every run by as much, since Snakemake waits out its last pending
    wake before it exits."""
    from snakemake.settings.types import MaxJobsPerTimespan

    profile = yaml.safe_load((ROOT / "profiles/default/config.yaml").read_text())
    limit = MaxJobsPerTimespan.parse_choice(profile["max-jobs-per-timespan"])
    assert 2 <= limit.timespan <= 5 and limit.max_jobs / limit.timespan >= 2


def _merged(*files: str) -> dict[str, Any]:
    """config.yaml, then ``files`` over it (Snakemake's merge), the schema's defaults filled."""
    from snakemake.utils import update_config, validate

    config = _demo()
    for name in files:
        update_config(config, yaml.safe_load((ROOT / name).read_text()))
    validate(config, SCHEMA_PATH)
    return config


@pytest.mark.parametrize("files", [(), ("configs/schafer-thesis.yaml",), ("configs/paper.yaml",)])
def test_the_lstm_models_train_with_the_thesis_keras2_forms(files: tuple[str, ...]) -> None:
    """The demo (config.yaml) and the thesis-size configs train Topic-LSTM and the
    recurrent autoencoder with Keras 2's Adagrad and hard sigmoid, the thesis' Keras;
    Keras 3's forms stay a named variant. The demo fixes both models' optimizer at
    Adagrad (§4: best for both LSTM models); paper.yaml searches it."""
    from textsim.schafer.hyperparameters import DECLARATIONS
    from textsim.schafer.settings import TrainingSettings

    def _model_arguments(model: str, params: dict, settings: TrainingSettings, seed: int) -> dict:
        return DECLARATIONS[model].arguments(params, settings, seed)

    schafer = _merged(*files)["schafer"]
    settings = TrainingSettings.of(schafer["training"])
    for model in ("topic_lstm", "rae"):
        params = schafer["fixed"].get(model)
        if params is None:  # searched: any optimizer the swarm picks
            assert files == ("configs/paper.yaml",)
            params = {"doc_size": 20, "batch_size": 20, "optimizer": "adagrad",
                      "learning_rate": 0.01, "dropout": 0.0}  # fmt: skip
        else:
            assert params["optimizer"] == "adagrad"
        kwargs = _model_arguments(model, params, settings, seed=0)
        assert kwargs["adagrad"] == "keras2", files
        assert kwargs["recurrent_activation"] == "keras2_hard_sigmoid", files
    variant = TrainingSettings.of({**schafer["training"], "adagrad": "keras3"})
    assert _model_arguments("topic_lstm", params, variant, seed=0)["adagrad"] == "keras3"
