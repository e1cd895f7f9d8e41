"""Workflow glue of the shared stages (download, corpus, word2vec, document frequencies).

Each function takes input paths, output paths and the few parameters its rule
passes, and does the I/O around the library. The Snakemake scripts in
``workflow/scripts`` only unpack ``snakemake`` and call one of these. A rule's
code inputs are the modules its script imports, transitively
(:mod:`textsim.imports`), so editing a module reruns exactly the rules that use it.
This package imports nothing itself.
"""
