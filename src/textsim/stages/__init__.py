"""File-level entry points of the workflow stages, one module per stage.

Each function takes input paths, output paths and the few parameters its rule
passes, and does the I/O around the library. The Snakemake scripts in
``workflow/scripts`` only unpack ``snakemake`` and call one of these; every
rule declares the module it calls as an input, so editing one stage's glue
reruns that stage only. This package imports nothing itself.
"""
