"""GEM, SIF and uSIF as the GEM paper evaluates them: the STS benchmark, paragraph
embeddings, the published numbers, tables and figures (the estimators themselves are in
:mod:`textsim.methods`).
"""
