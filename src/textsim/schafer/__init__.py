"""Schäfer (2018): a document-embedding evaluation framework: datasets, WISDM/RV
metrics, six neural models, a particle-swarm hyperparameter search, tables, figures.
"""
