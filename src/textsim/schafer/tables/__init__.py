"""The Schäfer tables, one module per table rule."""
