"""Benchmarks: every one times our implementation against a reference in the same run
and reports the ratio (``textsim bench-scoring``, ``bench-training``, ``bench-gem``)."""
