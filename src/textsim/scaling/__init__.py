"""The corpus-size study: word2vec and document frequencies on nested slices of the
cleaned Wikipedia, every paper's headline claims at each size on evaluation data held
fixed, and the cost of every stage as a function of the corpus size.

Above the paper layers (it compares De Boom's and GEM's methods side by side):
``sizes`` (slices), ``stages`` (workflow glue), ``results`` (one long table),
``claims``, ``costs`` (growth laws), ``figures``.
"""
