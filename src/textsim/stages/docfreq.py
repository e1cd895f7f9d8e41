"""Workflow glue of the docfreq stage (see :mod:`textsim.stages`)."""

from __future__ import annotations

from collections.abc import Sequence

from textsim.core.io import PathLike


def count_docfreq(shard: PathLike, output: PathLike) -> None:
    from textsim.text.docfreq import count_document_frequencies

    count_document_frequencies([shard]).save(output)


def merge_docfreq(inputs: Sequence[PathLike], output: PathLike) -> None:
    from textsim.text.docfreq import DocumentFrequencies, merge_document_frequencies

    merge_document_frequencies(DocumentFrequencies.load(p) for p in inputs).save(output)
