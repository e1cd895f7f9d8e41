"""Word vectors: word2vec training, :class:`~textsim.vectors.words.WordEmbeddings` and
token batches, their kernels, word-vector quality (analogies, word similarity).
"""
