"""Word-vector foundations: word2vec training and loading, word vectors and token
batches, the estimator base, the pooling baselines.
"""
