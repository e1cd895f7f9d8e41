"""Published numbers of Schäfer (2018), Tables A.1 (Core10k10) and A.2 (AV5k10): each
model's row at the thesis' swarm configuration (100-d word vectors and the swarm's
document size on Core10k10; the one row per model of AV5k10), in percent."""

from __future__ import annotations

#: the columns, in the thesis' order (eq. 3.1's total = "Average")
METRICS = ("topic", "triplets", "ranks_accuracy", "ranks_precision", "total")

#: Table A.1, rows ``<model>-100wv-<swarm's doc size>dv``
THESIS_A1: dict[str, tuple[float, float, float, float, float]] = {
    "autoencoder": (62.76, 63.42, 2.00, 2.43, 42.80),  # 137dv
    "doc2sent2vec": (9.05, 49.93, 0.20, 0.13, 19.71),  # 96dv
    "doc2vec": (9.56, 49.46, 0.10, 0.09, 19.71),  # 138dv
    "rae": (39.64, 87.08, 0.90, 0.63, 42.49),  # 176dv
    "topic_cnn": (9.94, 49.00, 0.10, 0.12, 19.68),  # 126dv
    "topic_lstm": (79.24, 97.24, 1.60, 2.02, 59.43),  # 143dv
}

#: Table A.2, one row per model (its own word and document sizes)
THESIS_A2: dict[str, tuple[float, float, float, float, float]] = {
    "autoencoder": (32.67, 85.21, 6.50, 3.41, 40.95),  # 50wc-137dv
    "doc2sent2vec": (12.23, 51.87, 0.20, 0.23, 21.44),  # 100wc-100dv
    "doc2vec": (12.32, 52.39, 0.20, 0.24, 21.64),  # 100wc-50dv
    "rae": (22.22, 82.66, 3.80, 1.09, 35.78),  # 50wc-176dv
    "topic_cnn": (13.29, 53.57, 0.10, 0.23, 22.34),  # 100wc-200dv
    "topic_lstm": (58.94, 82.54, 6.00, 2.36, 48.55),  # 100wc-200dv
}


#: the random baseline of eq. 3.2 (§3.2.2), the same for both datasets (10 topics each):
#: triplets 50% and topics 10% by guessing, ranks "negligibly small and can thus be
#: assumed zero"; 0.3 · 50 + 0.3 · 10 = 18
THESIS_RANDOM = (10.0, 50.0, 0.0, 0.0, 18.0)


def thesis_value(table: str, model: str, metric: str) -> float:
    """A published value (percent); NaN where the thesis has none."""
    rows = {
        "a1": {**THESIS_A1, "random": THESIS_RANDOM},
        "a2": {**THESIS_A2, "random": THESIS_RANDOM},
    }.get(table, {})
    if model not in rows or metric not in METRICS:
        return float("nan")
    return rows[model][METRICS.index(metric)]
