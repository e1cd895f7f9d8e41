"""The De Boom papers' figures, one module per figure kind."""
