"""The documentation's numbers, generated from snapshots of the runs that made them.

A snapshot (:mod:`.snapshots`) is a small copy of one run's result tables (CSV) with
the command, configuration and date that made them, kept in the repository under
``docs/snapshots/<run>/``. The pages hold generated blocks (:mod:`.blocks`) between
``<!-- snapshot RUNS: VIEW ARGS -->`` and ``<!-- end snapshot -->``; each view
(:mod:`.views`) renders Markdown from the snapshots it names. ``python -m
textsim.pages sync`` rewrites the blocks, ``--check`` lists the stale ones (the test
suite runs it), and the site build renders them the same way.
"""
