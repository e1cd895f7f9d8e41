"""Text foundations: the Wikipedia corpus (extraction, cleaning, shards), document
collections (OHSUMED, tar archives) and document frequencies.
"""
