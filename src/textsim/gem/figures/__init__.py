"""The GEM figures, one module per figure rule."""
