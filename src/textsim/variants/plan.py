"""Named variants of the De Boom pipeline: each a set of config overrides, run in its
own results subtree, reusing every upstream stage whose inputs it does not change.

A variant may override keys of :data:`OVERRIDABLE` only. For each stage the plan
computes a *key*: the overridable settings the stage's output depends on, its
upstream stages' included. Where a variant's key equals the default pipeline's, the
variant uses the default's file (no job is run again); otherwise the stage has its
own output under ``results/variants/<variant>/``. So a variant that changes only
the couple construction reuses the default word2vec model, and one that changes
only the evaluation vectors reuses the default couples and scores. The pair
candidates are the exception: the main pipeline keeps them only until its couples
are made, so every variant that cuts its own couples extracts its own candidates.
Sharing is with the default pipeline only: two variants with equal settings at a
stage each compute it.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textsim.config import config_errors

__all__ = [
    "DEFAULT",
    "OVERRIDABLE",
    "VARIANT_DIR",
    "VariantError",
    "VariantPlan",
    "deep_merge",
]

DEFAULT = "default"
VARIANT_DIR = "results/variants"
#: config sections a variant may override, and the keys of each it may not
OVERRIDABLE: dict[str, frozenset[str]] = {
    # the corpus's cleaning only: the source files and shards are the study's
    "corpus": frozenset({"source", "extracted", "dump", "n_shards"}),
    "word2vec": frozenset({"workers"}),
    "pairs": frozenset({"lengths"}),
    "docfreq": frozenset(),
    "evaluation": frozenset(),
    "weights": frozenset({"lengths", "procedures", "kappa_search"}),
}
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")

# the keys of each section that each stage reads (the rest of the section is another
# stage's); word2vec.exclude_couples only changes the vectors, not the vocabulary the
# couples are cut with
_EXTRACTION = ("variable_range", "min_tokens_factor", "skip")
_CURATION = (
    "nonpair_source",
    "construction",
    "article_tokens",
    "proportions",
    "max_couples",
    "selection",
)
_SCORING = ("top_fraction", "tfidf_norm")
_METRICS = ("n_thresholds", "js")
_TRAINING = ("kappa", "n_max_variable", "stopping")

# the default pipeline's paths (workflow/rules: word2vec.smk, pairs.smk, evaluate.smk,
# learned.smk); a variant's own live under VARIANT_DIR/<variant>/ with the same tails
_DEFAULT_PATHS = {
    "corpus": "results/corpus/clean/{shard}.tsv",
    "docfreq": "results/docfreq/docfreq.tsv",
    "vectors": "results/word2vec/vectors.npz",
    "candidates": "results/pairs/candidates/{shard}.parquet",
    "couples": "results/pairs/{length}/couples.parquet",
    "scores": "results/scores/{length}/{vectors}.parquet",
    "metrics": "results/metrics/{length}/{vectors}.csv",
    "weights": "results/weights/{length}/median.json",
    "learned": "results/learned/{length}/median.csv",
}
_VARIANT_TAILS = {
    "corpus": "corpus/clean/{shard}.tsv",
    "docfreq": "docfreq/docfreq.tsv",
    "vectors": "word2vec/vectors.npz",
    "vocabulary": "word2vec/vocabulary.npz",
    "training_corpus": "word2vec/corpus.tsv",
    "candidates": "pairs/candidates/{shard}.parquet",
    "couples": "pairs/{length}/couples.parquet",
    "scores": "scores/{length}/{vectors}.parquet",
    "metrics": "metrics/{length}/{vectors}.csv",
    "weights": "weights/{length}/median.json",
    "learned": "learned/{length}/median.csv",
}


#: the wildcards each stage's output depends on
_STAGE_WILDCARDS = {
    "corpus": (),
    "docfreq": (),
    "vectors": (),
    "vocabulary": (),
    "training_corpus": (),
    "candidates": (),
    "couples": ("length",),
    "scores": ("length", "vectors"),
    "metrics": ("length", "vectors"),
    "weights": ("length",),
    "learned": ("length",),
}


class VariantError(ValueError):
    """A variant's definition is not valid; the message names the config key."""


def deep_merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``override`` merged in, mappings key by key (copies, no aliasing)."""
    out = copy.deepcopy(dict(base))
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _pick(section: Mapping[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    return {k: section.get(k) for k in keys}


def _key(*parts: Any) -> str:
    return json.dumps(parts, sort_keys=True, default=str)


@dataclass(frozen=True)
class Question:
    """One question of the study: a title and the variants that answer it."""

    name: str
    title: str
    variants: tuple[str, ...]
    reference: str = DEFAULT

    @property
    def runs(self) -> list[str]:
        """The variants of its table in order: the default, the reference, the rest."""
        return list(dict.fromkeys([DEFAULT, self.reference, *self.variants]))


class VariantPlan:
    """The variants of a validated config (``config["variants"]``), their merged
    configs and where each stage's output of each variant lives.

    ``schema`` is the workflow's config schema: every merged config is checked
    against it, so a misspelt key inside a variant is named like any other.
    """

    def __init__(self, config: Mapping[str, Any], schema: Mapping[str, Any]) -> None:
        spec = config["variants"]
        self.base = dict(config)
        self.lengths: list[str] = [str(x) for x in spec["lengths"]]
        self.configs: dict[str, dict[str, Any]] = {DEFAULT: self.base}
        for name, overrides in spec["runs"].items():
            self.configs[name] = self._merge(name, overrides or {}, schema)
        self.questions = self._questions(spec["questions"])
        if config["corpus"]["source"] != "extracted" and any(
            self._corpus_key(n) != self._corpus_key(DEFAULT) for n in self.names
        ):
            raise VariantError(
                "config key variants.runs: a corpus variant needs corpus.source: extracted "
                "(on a dump, set corpus.cleaning in the main config instead)"
            )
        missing = [n for n in self.lengths if n not in [str(x) for x in config["pairs"]["lengths"]]]
        if missing and spec["enabled"]:
            raise VariantError(
                f"config key variants.lengths: {missing} not in pairs.lengths "
                "(the default pipeline makes the couples each variant is compared with)"
            )

    # -- definition ----------------------------------------------------------------
    def _merge(
        self, name: str, overrides: Mapping[str, Any], schema: Mapping[str, Any]
    ) -> dict[str, Any]:
        where = f"variants.runs.{name}"
        if name == DEFAULT or not _NAME.match(name):
            raise VariantError(
                f"config key {where}: a variant name is lower-case letters, digits and '-', "
                f"not {DEFAULT!r}"
            )
        if not isinstance(overrides, Mapping):
            raise VariantError(f"config key {where}: expected a mapping of config overrides")
        for section, value in overrides.items():
            if section not in OVERRIDABLE:
                raise VariantError(
                    f"config key {where}.{section}: a variant may override only "
                    f"{', '.join(OVERRIDABLE)}"
                )
            if not isinstance(value, Mapping):
                raise VariantError(f"config key {where}.{section}: expected a mapping")
            for key in value:
                if key in OVERRIDABLE[section]:
                    raise VariantError(
                        f"config key {where}.{section}.{key}: not a per-variant setting "
                        "(variants.lengths chooses the couple sets; the rest is shared)"
                    )
        merged = deep_merge(self.base, overrides)
        merged["variants"] = {**merged["variants"], "runs": {}}
        problems = config_errors(merged, schema)
        if problems:
            raise VariantError(f"config key {where}: " + "; ".join(problems))
        return merged

    def _questions(self, spec: Mapping[str, Any]) -> list[Question]:
        out = []
        for name, q in spec.items():
            if not _NAME.match(name):
                raise VariantError(
                    f"config key variants.questions.{name}: lower-case letters, digits and '-'"
                )
            unknown = [v for v in q["variants"] if v not in self.configs or v == DEFAULT]
            if unknown:
                raise VariantError(
                    f"config key variants.questions.{name}.variants: {unknown} not defined "
                    f"under variants.runs ({', '.join(self.names) or 'none'})"
                )
            reference = q.get("reference", DEFAULT)
            if reference not in self.configs:
                raise VariantError(
                    f"config key variants.questions.{name}.reference: {reference!r} is not "
                    f"{DEFAULT!r} or a variant under variants.runs"
                )
            out.append(Question(name, q["title"], tuple(q["variants"]), reference))
        return out

    @property
    def names(self) -> list[str]:
        """The variants, without the default."""
        return [n for n in self.configs if n != DEFAULT]

    def question(self, name: str) -> Question:
        return next(q for q in self.questions if q.name == name)

    # -- stage keys ----------------------------------------------------------------
    def primary(self, variant: str) -> str:
        """The vectors (unit or raw) whose rows a variant is compared on."""
        return str(self.configs[variant]["evaluation"]["vectors"][0])

    def excludes_couples(self, variant: str) -> bool:
        return bool(self.configs[variant]["word2vec"].get("exclude_couples", False))

    def _corpus_key(self, variant: str) -> str:
        return _key(self.configs[variant]["corpus"].get("cleaning"))

    def _vocabulary_key(self, variant: str) -> str:
        w2v = self.configs[variant]["word2vec"]
        settings = {k: v for k, v in w2v.items() if k not in ("workers", "exclude_couples")}
        return _key(self._corpus_key(variant), settings)

    def _candidates_key(self, variant: str) -> str:
        pairs = self.configs[variant]["pairs"]
        return _key(self._vocabulary_key(variant), _pick(pairs, _EXTRACTION))

    def _couples_key(self, variant: str, length: str) -> str:
        pairs = self.configs[variant]["pairs"]
        return _key(self._candidates_key(variant), _pick(pairs, _CURATION), length)

    def _vectors_key(self, variant: str) -> str:
        if not self.excludes_couples(variant):
            return self._vocabulary_key(variant)
        return _key(
            self._vocabulary_key(variant), [self._couples_key(variant, n) for n in self.lengths]
        )

    def _scores_key(self, variant: str, length: str, vectors: str) -> str:
        c = self.configs[variant]
        return _key(
            self._couples_key(variant, length),
            self._vectors_key(variant),
            self._corpus_key(variant),
            c["docfreq"],
            _pick(c["evaluation"], _SCORING),
            vectors,
        )

    def _metrics_key(self, variant: str, length: str, vectors: str) -> str:
        c = self.configs[variant]
        return _key(self._scores_key(variant, length, vectors), _pick(c["evaluation"], _METRICS))

    def _weights_key(self, variant: str, length: str) -> str:
        # the docfreq settings (idf formula and N) change idf values, not the idf
        # ranks the weights are indexed by; the corpus changes the ranks
        c = self.configs[variant]
        return _key(
            self._couples_key(variant, length),
            self._vectors_key(variant),
            self._corpus_key(variant),
            _pick(c["weights"], _TRAINING),
            self.primary(variant),
        )

    def _learned_key(self, variant: str, length: str) -> str:
        c = self.configs[variant]
        return _key(self._weights_key(variant, length), _pick(c["evaluation"], _METRICS))

    def owns(self, variant: str, stage: str, **wildcards: str) -> bool:
        """Whether ``variant`` needs its own output of ``stage`` (its key differs from the
        default pipeline's)."""
        if variant == DEFAULT:
            return False
        if stage == "training_corpus":
            return self.excludes_couples(variant)
        if stage == "candidates":
            # the main pipeline's candidates are temporary (gone once its couples are
            # made): a variant that needs candidates extracts its own, so that making
            # them again never makes the default's couples look outdated
            return True
        keys: dict[str, Callable[..., str]] = {
            "corpus": self._corpus_key,
            "docfreq": self._corpus_key,
            "vectors": self._vectors_key,
            "vocabulary": self._vocabulary_key,
            "candidates": self._candidates_key,
            "couples": self._couples_key,
            "scores": self._scores_key,
            "metrics": self._metrics_key,
            "weights": self._weights_key,
            "learned": self._learned_key,
        }
        key = keys[stage]
        args = [wildcards[k] for k in _STAGE_WILDCARDS[stage]]
        return bool(key(variant, *args) != key(DEFAULT, *args))

    # -- paths ---------------------------------------------------------------------
    def path(self, variant: str, stage: str, **wildcards: str) -> str:
        """The file of ``stage`` that ``variant`` uses: its own or the default's.
        Wildcards not given (e.g. ``shard``) stay as ``{shard}``."""
        wildcards = {k: wildcards[k] for k in _STAGE_WILDCARDS[stage]}
        fields = {"shard": "{shard}", **wildcards}
        if stage == "vocabulary":
            if not self.owns(variant, "vocabulary"):
                return _DEFAULT_PATHS["vectors"]
            if not self.excludes_couples(variant):
                return self.path(variant, "vectors")
        elif not self.owns(variant, stage, **wildcards):
            return _DEFAULT_PATHS[stage].format(**fields)
        tail = _VARIANT_TAILS[stage].format(**fields)
        return f"{VARIANT_DIR}/{variant}/{tail}"

    def word2vec_settings(self, variant: str) -> dict[str, Any]:
        """gensim settings of a variant's word2vec (as train_word2vec's params)."""
        w2v = self.configs[variant]["word2vec"]
        return {k: v for k, v in w2v.items() if k not in ("workers", "exclude_couples")}

    def couples_for_exclusion(self, variant: str) -> list[str]:
        """The couples whose paragraphs a variant's word2vec leaves out (cut with the
        vocabulary the model would have on the whole corpus)."""
        return [self.path(variant, "couples", length=n) for n in self.lengths]
