"""Run by tests/test_backend.py in one process per Keras backend (Keras reads its
backend once per process): computes what the tests compare and writes it as JSON.

    python tests/keras_probe.py <backend> <output.json>
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from textsim.runtime.backend import select_backend

select_backend(sys.argv[1], deterministic=True)

import keras  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from test_methods_learned_training import W, _toy, keras_loss_and_gradient  # noqa: E402
from test_schafer_models import _data  # noqa: E402

from textsim.methods.learned.procedures import TrainConfig  # noqa: E402
from textsim.methods.learned.training import (  # noqa: E402
    FrozenTable,
    IdfRankWeighting,
    train_weights,
)
from textsim.runtime.backend import describe, seed_everything, set_seed  # noqa: E402
from textsim.schafer.models import MODELS  # noqa: E402

out: dict[str, object] = describe()

table, a, _, _ = _toy(2)
layer = IdfRankWeighting(n_max=5)
layer.build()
layer.w.assign(W.astype(np.float32))
out["forward"] = keras.ops.convert_to_numpy(layer(FrozenTable()(table), a.ids, a.lengths)).tolist()

for kind in ("contrastive", "median"):
    loss, grad = keras_loss_and_gradient(kind)
    out[f"{kind}_loss"], out[f"{kind}_grad"] = loss, grad.tolist()

# weights after a few batches, twice with the same seed: the median loss (balanced
# batches, plain SGD) and the ICDMW procedure (squared distance, momentum)
table, a, b, related = _toy(4, n=400)
configs = {
    "median": TrainConfig(loss="median", kappa=5.0, schedule="fixed", epochs=2),
    "icdmw": TrainConfig.named("icdmw"),
}
for name, config in configs.items():
    runs = [train_weights(a, b, related, table, 5, config, seed=11).weights for _ in range(2)]
    out[f"{name}_weights"] = [w.tolist() for w in runs]

# each Keras Schäfer model, twice with the same seed
docs, labels, Wd = _data()
for name in ("topic_lstm", "topic_cnn", "autoencoder", "rae", "doc2sent2vec"):
    kwargs: dict[str, object] = {"doc_size": 9, "seed": 1, "word_vectors": Wd, "max_epochs": 1}
    kwargs["batch_size"] = 16
    if name == "doc2sent2vec":
        kwargs.update(sentence_epochs=1, infer_epochs=1)
    else:
        kwargs["max_words"] = 12
    vectors = []
    for _ in range(2):
        seed_everything(1, deterministic=True)
        vectors.append(MODELS[name](**kwargs).fit(docs, labels).transform(docs[:5]).tolist())
    out[f"schafer_{name}"] = vectors

# set_seed re-seeds NumPy and Keras' global generator (unseeded keras.random draws)
draws = []
for _ in range(2):
    set_seed(5)
    normal = keras.ops.convert_to_numpy(keras.random.normal((3,)))
    draws.append([float(np.random.rand()), *map(float, normal)])  # noqa: NPY002 (the global seed)
out["reseeded"] = draws
# only the TensorFlow backend imports TensorFlow (set_seed skips it elsewhere)
out["tensorflow_imported"] = "tensorflow" in sys.modules

Path(sys.argv[2]).write_text(json.dumps(out))
