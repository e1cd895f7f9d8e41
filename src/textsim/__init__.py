"""textsim: reproducible short-text and document embedding similarity.

The library behind the Snakemake workflow: corpus readers and cleaning,
word2vec training, document frequencies, pair curation, embedding baselines
(scikit-learn style estimators), distances and evaluation metrics, and the
paper tables and figures.
"""

__version__ = "0.1.0"
