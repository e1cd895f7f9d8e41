"""Tweet files: the UCI "Health News in Twitter" format (``id|created_at|text``) and
JSON lines (``*.jsonl[.bz2|.gz]``); malformed input is named by file and line."""

from __future__ import annotations

import bz2
import gzip
import json
import os
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import IO

import numpy as np
import pandas as pd

__all__ = ["TIME_FORMAT", "TweetFormatError", "read_jsonl_tweets", "read_tweets", "read_uci_tweets"]

TIME_FORMAT = "%a %b %d %H:%M:%S %z %Y"  # Twitter's created_at: Thu Apr 09 01:31:50 +0000 2015


class TweetFormatError(ValueError):
    """A tweet file is malformed; the message names the file and the line."""


def _open(path: Path) -> IO[str]:
    if path.suffix == ".bz2":
        return bz2.open(path, "rt", encoding="utf-8")
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def _parse_time(value: str, where: str) -> int:
    try:
        return int(datetime.strptime(value.strip(), TIME_FORMAT).timestamp())
    except ValueError:
        raise TweetFormatError(
            f"{where}: created_at {value!r} is not in Twitter's format "
            "(e.g. 'Thu Apr 09 01:31:50 +0000 2015')"
        ) from None


def _frame(rows: list[tuple[str, int, str, str]], path: Path) -> pd.DataFrame:
    if not rows:
        raise TweetFormatError(f"{path}: no tweets")
    frame = pd.DataFrame(rows, columns=["id", "time", "source", "text"])
    frame["time"] = frame["time"].astype(np.int64)
    return frame


def read_uci_tweets(path: str | os.PathLike[str]) -> pd.DataFrame:
    """One file of UCI "Health News in Twitter": ``id|created_at|text`` per line.

    The text may itself contain ``|`` (only the first two separate fields); a
    few lines are CSV-quoted, and some bytes are Windows-1252, not UTF-8.
    The account is the file name (``bbchealth.txt`` → ``bbchealth``). Returns
    columns ``id``, ``time`` (Unix seconds), ``source``, ``text``.
    """
    path = Path(path)
    source = path.name.split(".")[0]
    rows: list[tuple[str, int, str, str]] = []
    with open(path, "rb") as f:
        for lineno, raw in enumerate(f, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:  # the UCI files mix in Windows-1252 bytes ('…' = 0x85)
                line = raw.decode("cp1252", errors="replace")
            line = line.rstrip()
            if not line:
                continue
            if line.startswith('"') and line.endswith('"'):  # a CSV-quoted line ("" = ")
                line = line[1:-1].replace('""', '"')
            parts = line.split("|", 2)
            where = f"{path}:{lineno}"
            if len(parts) != 3 or not parts[0].strip().isdigit():
                raise TweetFormatError(
                    f"{where}: expected 'id|created_at|text' with a numeric id "
                    f"({len(parts)} '|'-separated field(s))"
                )
            rows.append((parts[0].strip(), _parse_time(parts[1], where), source, parts[2].strip()))
    return _frame(rows, path)


def read_jsonl_tweets(path: str | os.PathLike[str]) -> pd.DataFrame:
    """Twitter API v1.1-style JSON lines (``id_str``, ``created_at``, ``text``,
    ``user.screen_name``), optionally bz2/gzip compressed. Same columns as
    :func:`read_uci_tweets`."""
    path = Path(path)
    rows: list[tuple[str, int, str, str]] = []
    try:
        with _open(path) as f:
            for lineno, line in enumerate(f, start=1):
                if not line.strip():
                    continue
                where = f"{path}:{lineno}"
                try:
                    obj = json.loads(line)
                    text = obj.get("full_text") or obj["text"]
                    rows.append(
                        (
                            str(obj["id_str"]),
                            _parse_time(obj["created_at"], where),
                            str(obj["user"]["screen_name"]),
                            str(text),
                        )
                    )
                except json.JSONDecodeError as err:
                    raise TweetFormatError(f"{where}: invalid JSON ({err.msg})") from None
                except (KeyError, TypeError) as err:
                    raise TweetFormatError(
                        f"{where}: a tweet needs id_str, created_at, text and user.screen_name "
                        f"(missing {err})"
                    ) from None
    except (EOFError, OSError, UnicodeDecodeError) as err:
        raise TweetFormatError(f"{path}: truncated or corrupt file ({err})") from None
    return _frame(rows, path)


def read_tweets(paths: Iterable[str | os.PathLike[str]]) -> pd.DataFrame:
    """Read tweet files of either format (``*.jsonl[.bz2|.gz]`` → JSON lines, else UCI)."""
    frames = [
        read_jsonl_tweets(p) if ".jsonl" in Path(p).name else read_uci_tweets(p) for p in paths
    ]
    if not frames:
        raise TweetFormatError("no tweet files given")
    return pd.concat(frames, ignore_index=True)
