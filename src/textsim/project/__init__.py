"""The project's own machinery: the rules' code inputs (imports), what the jobs used
against what they asked (benchmarks), the docs' generated reference pages (docsgen)."""
