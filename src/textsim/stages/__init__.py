"""The workflow's glue, one layer above the library: one module per rule, or per group
of rules with the same code inputs (``deboom/``, ``gem/``, ``schafer/`` by paper; the
shared stages, the scaling study and the variant study at this level).

Each function takes input paths, output paths and its rule's one options mapping (or
the few parameters it needs), and does the I/O around the library. The Snakemake
scripts in ``workflow/scripts`` only unpack ``snakemake`` and call one of these. A
rule's code inputs are the modules its script imports, transitively
(:mod:`textsim.project.imports`), so editing a module reruns exactly the rules that use it:
that is why glue is split by rule rather than gathered in one module per rule file.
Nothing in the library imports this package, and it never imports the API. This
package imports nothing itself.
"""
