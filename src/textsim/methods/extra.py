"""Methods from outside textsim, on the papers' benchmarks: any class with the
estimator shape (``fit(texts)`` optional, ``transform(texts) -> (n, d)``) or the
``encode(sentences) -> array`` protocol of sentence-transformers models and MTEB
wrappers, named in the config under ``methods.extra`` by import path
(``"my_package.embed:MyEmbedder"``) or by the name of an installed package's entry point
in the group ``textsim.methods``, with its keyword parameters::

    methods:
      extra:
        mine: {class: "my_package.embed:MyEmbedder", params: {pooling: mean}}

:meth:`ExtraMethod.check` is what the workflow calls while it plans: a missing package,
a class with neither ``transform`` nor ``encode`` or a parameter its constructor does not
take is one line naming the key, before any job runs. :func:`embed` then embeds a run's
distinct texts once, in batches, with a progress bar and checks on what comes back.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "ENTRY_POINT_GROUP",
    "ExtraMethod",
    "ExtraMethodError",
    "embed",
    "extra_methods",
    "paired_similarities_of",
]

#: the entry-point group an installed package names its methods in
ENTRY_POINT_GROUP = "textsim.methods"
#: a method's name: a key of methods.extra, used in file names and table columns
NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
#: texts per call of transform / encode, unless the entry says otherwise
BATCH_SIZE = 256


class ExtraMethodError(ValueError):
    """A ``methods.extra`` entry that cannot be used; the message names its key."""


@dataclass(frozen=True)
class ExtraMethod:
    """One ``methods.extra`` entry: ``name`` (its key), ``target`` (``module:Class`` or an
    entry-point name), ``params`` (the constructor's keyword arguments), ``label`` (its
    rows' name in tables; default the key), ``batch_size`` (texts per call) and
    ``conda`` (an environment file, relative to the project, its embedding job runs in
    under ``--use-conda``; then its packages need not be in the planning environment)."""

    name: str
    target: str
    params: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""
    batch_size: int = BATCH_SIZE
    conda: str = ""

    @property
    def key(self) -> str:
        return f"methods.extra.{self.name}"

    @property
    def title(self) -> str:
        return self.label or self.name

    @classmethod
    def from_config(cls, name: str, entry: Mapping[str, Any]) -> ExtraMethod:
        """The entry ``methods.extra.<name>`` of a config (its shape only; nothing is
        imported)."""
        key = f"methods.extra.{name}"
        if not NAME.match(name):
            raise ExtraMethodError(
                f"config key {key}: a method's name is lowercase letters, digits and _ "
                "(at most 40, starting with a letter): it names files and table columns"
            )
        if not isinstance(entry, Mapping):
            raise ExtraMethodError(
                f"config key {key}: expected a mapping with 'class', got {entry!r}"
            )
        unknown = sorted(set(entry) - {"class", "params", "label", "batch_size", "conda"})
        if unknown:
            raise ExtraMethodError(
                f"config key {key}.{unknown[0]}: unknown; an extra method takes class, params, "
                "label, batch_size and conda"
            )
        target = entry.get("class")
        if not isinstance(target, str) or not target.strip():
            raise ExtraMethodError(
                f"config key {key}.class: missing; give 'package.module:Class' or the name of "
                f"an entry point in the group {ENTRY_POINT_GROUP}"
            )
        params = entry.get("params") or {}
        if not isinstance(params, Mapping) or not all(isinstance(k, str) for k in params):
            raise ExtraMethodError(f"config key {key}.params: expected a mapping of keywords")
        batch = entry.get("batch_size", BATCH_SIZE)
        if not isinstance(batch, int) or isinstance(batch, bool) or batch < 1:
            raise ExtraMethodError(f"config key {key}.batch_size: expected a positive integer")
        label, conda = entry.get("label", ""), entry.get("conda", "")
        for what, value in (("label", label), ("conda", conda)):
            if not isinstance(value, str):
                raise ExtraMethodError(f"config key {key}.{what}: expected a string")
        return cls(name, target.strip(), dict(params), label, batch, conda)

    def resolve(self) -> type:
        """The class ``target`` names (imported), or :class:`ExtraMethodError`."""
        return _resolve(self.target, f"{self.key}.class")

    def check(self) -> type:
        """The class, checked as far as it can be without building it: it embeds
        (``transform`` or ``encode``), its constructor takes ``params`` and, where the
        class says what it needs (a ``check_installed()`` class method) and no ``conda``
        environment of its own holds it, that is installed."""
        klass = self.resolve()
        check_installed = getattr(klass, "check_installed", None)
        if not self.conda and callable(check_installed):
            try:
                check_installed()
            except ImportError as err:
                raise ExtraMethodError(f"config key {self.key}: {err}") from None
        if not callable(getattr(klass, "transform", None)) and not callable(
            getattr(klass, "encode", None)
        ):
            raise ExtraMethodError(
                f"config key {self.key}.class: {self.target} has neither transform(texts) nor "
                "encode(sentences)"
            )
        try:
            inspect.signature(klass).bind(**self.params)
        except TypeError as err:
            raise ExtraMethodError(
                f"config key {self.key}.params: {klass.__name__}: {err}"
            ) from None
        except ValueError:  # no signature to read (a builtin): the call itself will say
            pass
        return klass

    def source_file(self) -> str | None:
        """The file the class is defined in, when it is one (a code input of the jobs
        that use it, so editing the class reruns them)."""
        try:
            path = inspect.getsourcefile(self.resolve())
        except (TypeError, ExtraMethodError):
            return None
        return path

    def build(self) -> Any:
        """A new instance with ``params``."""
        klass = self.check()
        try:
            return klass(**self.params)
        except ImportError as err:
            raise ExtraMethodError(f"config key {self.key}: {err}") from None


def extra_methods(config: Mapping[str, Any]) -> dict[str, ExtraMethod]:
    """Every entry of a config's ``methods.extra`` (shape only), by name."""
    entries = (config.get("methods") or {}).get("extra") or {}
    if not isinstance(entries, Mapping):
        raise ExtraMethodError("config key methods.extra: expected a mapping of method names")
    return {name: ExtraMethod.from_config(name, entry) for name, entry in entries.items()}


def _resolve(target: str, key: str) -> type:
    """The class ``target`` names. The user's module is imported by its name (the one
    import by a computed name in textsim, and never of textsim's own modules: the rules
    make the class's file a code input instead, see :meth:`ExtraMethod.source_file`)."""
    from pkgutil import resolve_name

    if ":" in target:
        module_name, _, attr = target.partition(":")
        try:
            value: Any = resolve_name(target)
        except ImportError as err:
            raise ExtraMethodError(
                f"config key {key}: cannot import {module_name} ({err}); is its package "
                "installed in this environment?"
            ) from None
        except (AttributeError, ValueError):
            raise ExtraMethodError(f"config key {key}: {module_name} has no {attr}") from None
    else:
        found = [ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == target]
        if not found:
            names = sorted({ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)})
            known = f" (installed: {', '.join(names)})" if names else " (none is installed)"
            raise ExtraMethodError(
                f"config key {key}: {target!r} is neither 'module:Class' nor an entry point "
                f"in the group {ENTRY_POINT_GROUP}{known}"
            )
        try:
            value = found[0].load()
        except (ImportError, AttributeError) as err:
            raise ExtraMethodError(f"config key {key}: entry point {target}: {err}") from None
    if not inspect.isclass(value):
        raise ExtraMethodError(f"config key {key}: {target} is not a class")
    return value


def _embedder(model: Any) -> Callable[[list[str]], Any]:
    transform = getattr(model, "transform", None)
    if callable(transform):
        return transform  # type: ignore[no-any-return]
    return model.encode  # type: ignore[no-any-return]


def embed(
    method: ExtraMethod,
    texts: Sequence[str],
    *,
    fit_texts: Sequence[str] = (),
    progress: bool = True,
) -> tuple[npt.NDArray[np.float32], dict[str, float]]:
    """Build ``method``, fit it on ``fit_texts`` when it has ``fit`` (once), and embed
    ``texts`` in batches of its ``batch_size``: a float32 (len(texts), d) array and the
    timings (``fit_seconds``, ``seconds``, ``texts_per_s``). What the model returns is
    checked: one finite row per text, the same width in every batch."""
    import time

    from tqdm import tqdm

    model = method.build()
    fit_seconds = 0.0
    if callable(getattr(model, "fit", None)) and fit_texts:
        start = time.perf_counter()
        model.fit(list(fit_texts))
        fit_seconds = time.perf_counter() - start
    call = _embedder(model)
    blocks: list[npt.NDArray[np.float32]] = []
    width: int | None = None
    start = time.perf_counter()
    batches = range(0, len(texts), method.batch_size)
    for first in tqdm(
        batches, desc=f"embedding with {method.name}", unit="batch", disable=not progress
    ):
        batch = list(texts[first : first + method.batch_size])
        block = _as_matrix(call(batch), len(batch), method)
        if width is not None and block.shape[1] != width:
            raise ExtraMethodError(
                f"{method.key}: {method.target} gave {block.shape[1]} columns for texts "
                f"{first}..., {width} before"
            )
        width = block.shape[1]
        blocks.append(block)
    seconds = time.perf_counter() - start
    vectors = np.concatenate(blocks) if blocks else np.zeros((0, 0), dtype=np.float32)
    timings = {
        "fit_seconds": fit_seconds,
        "seconds": seconds,
        "texts_per_s": len(texts) / seconds if seconds > 0 else math.nan,
    }
    return vectors, timings


def _as_matrix(value: Any, rows: int, method: ExtraMethod) -> npt.NDArray[np.float32]:
    if hasattr(value, "toarray"):  # a scipy sparse matrix
        value = value.toarray()
    if hasattr(value, "detach"):  # a torch tensor
        value = value.detach().cpu().numpy()
    try:
        array = np.asarray(value, dtype=np.float32)
    except (TypeError, ValueError) as err:
        raise ExtraMethodError(
            f"{method.key}: {method.target} returned no numeric array ({err})"
        ) from None
    if array.ndim != 2 or array.shape[0] != rows or array.shape[1] < 1:
        raise ExtraMethodError(
            f"{method.key}: {method.target} returned shape {array.shape} for {rows} texts; "
            f"expected ({rows}, d)"
        )
    if not np.isfinite(array).all():
        raise ExtraMethodError(f"{method.key}: {method.target} returned NaN or infinite values")
    return array


def paired_similarities_of(
    vectors: npt.NDArray[np.float32], first: Iterable[int], second: Iterable[int]
) -> dict[str, npt.NDArray[np.float64]]:
    """``1 − distance`` of each couple (row ``first[i]`` against ``second[i]``) under the
    distances the baselines' tables use for a method's own vectors: ``cosine`` and
    ``euclidean`` (the raw vectors' Euclidean distance; for unit vectors, the papers'
    normalised Euclidean distance)."""
    from textsim.measures.distances import paired_similarities

    a = vectors[np.fromiter(first, dtype=np.int64)]
    b = vectors[np.fromiter(second, dtype=np.int64)]
    sims = paired_similarities(a, b, ["cosine", "euclidean"])
    return {"cosine": sims["cosine"], "euclidean": sims["euclidean"]}
