"""The Schäfer models' declarations (textsim.schafer.hyperparameters): each class carries
one, every declared parameter is one its constructor takes, the estimator's arguments,
the search space and the selection grid are derived from it, planning reads it without
Keras or scikit-learn, and the training path never branches on a model's name."""

from __future__ import annotations

import dataclasses
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

from textsim.schafer.hyperparameters import ALL, DECLARATIONS, KINDS, check_fixed
from textsim.schafer.models import MODELS
from textsim.schafer.search import search_space
from textsim.schafer.settings import TrainingSettings

SRC = Path(__file__).resolve().parents[1] / "src" / "textsim"
SETTINGS = TrainingSettings.of(
    {"max_words": 50, "max_epochs": 4, "patience": 2, "min_delta": 0.01, "doc2vec_epochs": 3}
).with_changes(reconstruct="words", recurrent="fused", adagrad="keras3")
PARAMS = {"doc_size": 8.0, "batch_size": 10.0, "optimizer": "adam", "learning_rate": 0.01,
          "dropout": 0.25}  # fmt: skip


def test_each_model_class_carries_its_declaration() -> None:
    assert list(MODELS) == list(DECLARATIONS)
    for name, cls in MODELS.items():
        assert cls.declaration is DECLARATIONS[name] and cls.name == name


@pytest.mark.parametrize("name", list(DECLARATIONS))
def test_every_declared_parameter_is_one_the_constructor_takes(name: str) -> None:
    declaration, cls = DECLARATIONS[name], MODELS[name]
    taken = set(inspect.signature(cls.__init__).parameters) - {"self"}  # word_vectors too
    declared = {*declaration.searched, *declaration.settings, *declaration.untrained, "seed"}
    if declaration.pretrained:
        declared |= {"word_vectors", "checkpoint"}
    assert declared <= taken, sorted(declared - taken)
    fields = {f.name for f in dataclasses.fields(TrainingSettings)}
    assert set(declaration.settings.values()) <= fields


def test_the_arguments_are_those_the_framework_always_gave() -> None:
    """Pinned: each model's keyword arguments, trained and untrained, as the
    hand-written branches on model names gave them before the declarations."""
    keras = {"seed": 1, "doc_size": 8, "batch_size": 10, "optimizer": "adam",
             "learning_rate": 0.01, "patience": 2, "min_delta": 0.01, "max_epochs": 4,
             "adagrad": "keras3"}  # fmt: skip
    words = {**keras, "dropout": 0.25, "max_words": 50, "batching": "shuffled"}
    recurrent = {**words, "recurrent": "fused", "recurrent_activation": "keras2_hard_sigmoid"}
    expected = {
        "doc2vec": {"seed": 1, "doc_size": 8, "learning_rate": 0.01, "epochs": 3},
        "doc2sent2vec": keras,
        "topic_lstm": recurrent,
        "topic_cnn": words,
        "autoencoder": words,
        "rae": {**recurrent, "reconstruct": "words"},
    }
    control = SETTINGS.with_changes(untrained=True)
    untrained = {"doc2vec": {"epochs": 0}, "doc2sent2vec": {"max_epochs": 0, "sentence_epochs": 0}}
    for name, want in expected.items():
        got = DECLARATIONS[name].arguments(PARAMS, SETTINGS, seed=1)
        assert got == want, name
        assert all(type(got[k]) is type(v) for k, v in want.items()), name
        stopped = {**want, **untrained.get(name, {"max_epochs": 0})}
        assert DECLARATIONS[name].arguments(PARAMS, control, seed=1) == stopped, name


def test_the_search_space_is_the_declared_hyperparameters() -> None:
    bounds = {"doc_size": [20, 200], "batch_size": [20, 500], "learning_rate": [1e-4, 0.1],
              "dropout": [0, 1]}  # fmt: skip
    for name, declaration in DECLARATIONS.items():
        dims = search_space(name, bounds, "log")
        assert [d.name for d in dims] == list(declaration.searched)
        kinds = {d.name: d.kind for d in dims}
        assert kinds.get("learning_rate") == "log"
        assert all(kinds[k] == KINDS[k] for k in kinds if k != "learning_rate")
    assert DECLARATIONS["topic_lstm"].searched == ALL


def test_a_fixed_configuration_names_exactly_the_declared_hyperparameters() -> None:
    check_fixed({"doc2vec": {"doc_size": 50, "learning_rate": 0.025}})
    with pytest.raises(ValueError, match=r"schafer.fixed.doc2vec: doc2vec takes no dropout"):
        check_fixed({"doc2vec": {"doc_size": 50, "learning_rate": 0.025, "dropout": 0.1}})
    with pytest.raises(ValueError, match=r"schafer.fixed.rae: missing batch_size"):
        check_fixed({"rae": {k: v for k, v in PARAMS.items() if k != "batch_size"}})
    with pytest.raises(ValueError, match=r"schafer.fixed.lda: unknown model"):
        check_fixed({"lda": {}})


def test_planning_reads_the_declarations_without_keras_or_scikit_learn() -> None:
    """The declarations, the selection grid, the models' names (``MODELS``, read by the
    verdict table while the workflow plans) and the verdict table itself load no model:
    an import of Keras, scikit-learn or gensim there costs every plan and every cluster
    job about half a second; the classes load when one is asked for."""
    code = (
        "import sys, textsim.schafer.hyperparameters, textsim.schafer.selection, "
        "textsim.verdicts.table; from textsim.schafer.models import MODELS; "
        "names = list(MODELS), 'rae' in MODELS, len(MODELS); "
        "print(sorted(m for m in ('keras', 'sklearn', 'gensim') if m in sys.modules)); "
        "from textsim.schafer.models import TopicLSTM; MODELS['rae']; "
        "print(sorted(m for m in ('keras', 'sklearn', 'gensim') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    planned, asked = out.stdout.split("\n")[:2]
    assert planned == "[]" and "sklearn" in asked, out.stdout
    # lazy at run time only: a rule that reads MODELS still has every model's module
    # among its code inputs (read from the import statements), so editing one reruns it
    from textsim.project.imports import module_closure

    closure = module_closure(SRC / "schafer" / "search.py", SRC)
    for module in ("neural", "autoencoders", "paragraph_vectors", "base"):
        assert SRC / "schafer" / "models" / f"{module}.py" in closure, module


#: the modules a Schäfer training passes through, from the rule to the estimator
TRAINING_PATH = [
    SRC / "schafer" / "search.py",
    SRC / "schafer" / "selection.py",
    SRC / "schafer" / "settings.py",
    *sorted((SRC / "stages" / "schafer").glob("*.py")),
]


#: a comparison with a model's name: ``== "rae"``, ``in ("topic_lstm", …``
BRANCH = re.compile(rf"""(==|!=|\bin)\s*\(?\s*["']({"|".join(DECLARATIONS)})["']""")


def test_no_training_code_branches_on_a_model_name() -> None:
    offenders = [
        f"{path.relative_to(SRC)}:{i}: {line.strip()}"
        for path in TRAINING_PATH
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BRANCH.search(line)
    ]
    assert not offenders, "\n".join(offenders)


def test_the_branch_finder_finds_a_branch() -> None:
    assert BRANCH.search('if model == "doc2vec":')
    assert BRANCH.search("if model in ('topic_lstm', 'rae'):")
    assert not BRANCH.search('READINGS = {"rae-mean": ("rae", {})}')


def _documented(cls: type) -> set[str]:
    """The parameter names a class docstring's numpydoc ``Parameters`` section lists."""
    doc = inspect.getdoc(cls) or ""
    head = re.search(r"^Parameters\n-+\n", doc, re.M)
    assert head, f"{cls.__name__}: no Parameters section"
    section = re.split(r"\n\S[^\n]*\n-+\n", doc[head.end() :])[0]  # up to the next section
    return set(re.findall(r"^(\w+)\s*(?::|$)", section, re.M))


def test_every_public_estimator_documents_each_of_its_parameters() -> None:
    """numpydoc ``Parameters`` on every estimator a user or the workflow builds: the
    embedding methods (the registry's classes), the Schäfer models and the random
    baseline; each constructor parameter is listed."""
    from textsim.methods.registry import ESTIMATORS
    from textsim.schafer.baselines import RandomVectors

    classes = [*ESTIMATORS.values(), *MODELS.values(), RandomVectors]
    missing = {}
    for cls in classes:
        taken = set(inspect.signature(cls.__init__).parameters) - {"self"}
        missing[cls.__name__] = sorted(taken - _documented(cls))
    assert not {k: v for k, v in missing.items() if v}, missing
