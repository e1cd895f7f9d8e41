"""GEM (zero-training sentence embedding), SIF and uSIF; the STS benchmark and
paragraph embeddings.
"""
