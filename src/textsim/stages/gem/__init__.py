"""Workflow glue of the GEM stages: STS scores, n-gram sweep, model files, paragraphs."""
