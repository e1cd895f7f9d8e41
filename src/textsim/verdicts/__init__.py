"""Verdicts computed from results: the papers' claims as data (:mod:`.registry`), paired
bootstrap intervals over the test items and the seeds (:mod:`.bootstrap`), one verdict
rule (:mod:`.rule`), the evidence a run's files hold (:mod:`.evidence`) and the verdict
table (:mod:`.table`)."""
