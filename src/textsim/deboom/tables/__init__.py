"""The De Boom papers' tables, one module per table rule (ours beside the paper)."""
