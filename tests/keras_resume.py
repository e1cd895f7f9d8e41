"""Run by tests/test_checkpoint.py: one training in a process of its own, which can
kill itself with SIGKILL right after its checkpoint of a given epoch is written
(what a cluster's time limit or ``scancel -s KILL`` does between two epochs).

    python tests/keras_resume.py <backend> <model> <checkpoint|-> <output.json> [kill_after]

``model``: topic_lstm, rae (its ``words`` reconstruction, bucketed batches),
doc2sent2vec (its Keras phase) or weights (the learned idf-rank weights). Writes the
final weights (and vectors) and the number of epochs this process trained.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
from pathlib import Path

from textsim.runtime.backend import select_backend

select_backend(sys.argv[1], deterministic=True)
logging.basicConfig(level=logging.INFO)


import textsim.runtime.checkpoint  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))

model_name, ckpt, output = sys.argv[2], sys.argv[3], Path(sys.argv[4])
kill_after = int(sys.argv[5]) if len(sys.argv) > 5 else None
checkpoint = None if ckpt == "-" else ckpt
trained: list[int] = []
save = textsim.runtime.checkpoint.Checkpoint.save


def save_then_maybe_die(self, model, state, arrays=None):  # type: ignore[no-untyped-def]
    save(self, model, state, arrays)
    if self.path is None:  # a training without a checkpoint (Doc2Sent2Vec's inference)
        return
    trained.append(state["epoch"])
    if state["epoch"] == kill_after:
        os.kill(os.getpid(), signal.SIGKILL)


textsim.runtime.checkpoint.Checkpoint.save = save_then_maybe_die  # type: ignore[method-assign]
out: dict[str, object] = {}
if model_name == "weights":
    from test_methods_learned_training import _toy

    from textsim.methods.learned.procedures import TrainConfig
    from textsim.methods.learned.training import train_weights

    table, a, b, related = _toy(64)
    config = TrainConfig(loss="median", schedule="fixed", epochs=5, batch_size=16)
    result = train_weights(a, b, related, table, 5, config, seed=3, checkpoint=checkpoint)
    out["weights"] = result.weights.tolist()
    out["history"] = result.history
else:
    from test_schafer_models import _data

    from textsim.schafer.models import MODELS

    docs, labels, W = _data(n=60)
    kwargs = {"doc_size": 6, "batch_size": 8, "max_epochs": 5, "patience": 10}
    if model_name == "doc2sent2vec":
        kwargs |= {"sentence_epochs": 1, "infer_epochs": 2}
    else:
        kwargs["max_words"] = 12
    if model_name == "rae":
        kwargs |= {"reconstruct": "words", "batching": "bucketed", "optimizer": "adagrad"}
    model = MODELS[model_name](W, checkpoint=checkpoint, seed=2, **kwargs).fit(docs, labels)
    net = model.dense_ if model_name == "doc2sent2vec" else model.encoder_
    out["weights"] = [w.tolist() for w in net.get_weights()]
    out["vectors"] = model.transform(docs).tolist()
    out["history"] = model.history_
out["trained_here"] = len(trained) if checkpoint else None
output.write_text(json.dumps(out))
