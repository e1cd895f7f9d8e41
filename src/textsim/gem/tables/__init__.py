"""The GEM tables, one module per table rule."""
