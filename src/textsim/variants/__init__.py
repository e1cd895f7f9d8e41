"""The variant study: named config overrides of the De Boom pipeline, each run in its
own results subtree on the upstream stages it shares (:mod:`.plan`), a training corpus
without the evaluation texts (:mod:`.exclusion`), and one comparison table and figure
per question (:mod:`.compare`; workflow glue in :mod:`textsim.stages.variants`)."""
