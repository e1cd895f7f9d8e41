"""The Schäfer figures, one module per figure rule."""
