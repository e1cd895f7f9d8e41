# Twitter stage (PRL 2016 §4.2): from the tweet resources (fetched in download.smk), related /
# non-related couples by the paper's hashtag and time rules. Scoring, training and
# evaluation reuse the Wikipedia rules with the couple sets of TWITTER_COUPLE_SETS.


rule curate_twitter_pairs:
    input:
        tweets=[f for r in TWEET_SOURCES for f in resource_files(r)],
        vectors=VECTORS_KV,
        code=code("curate_twitter_pairs"),
    output:
        couples="results/pairs/{length}/couples.parquet",
        summary="results/pairs/{length}/summary.csv",
    wildcard_constraints:
        length="|".join(TWITTER_COUPLE_SETS.values()),
    params:
        options=lambda wc: {  # textsim.stages.deboom.twitter.TwitterOptions
            "variant": {s: v for v, s in TWITTER_COUPLE_SETS.items()}[wc.length],
            "stop_hashtags": TWITTER["stop_hashtags"],
            "window_minutes": TWITTER["window_minutes"],
            "proportions": TWITTER["proportions"],
            "max_couples": TWITTER["max_couples"],
            "seed": config["seed"],
        },
    log:
        "logs/pairs/curate_twitter_pairs/{length}.log",
    benchmark:
        "benchmarks/pairs/curate_twitter_pairs/{length}.tsv"
    resources:
        mem_mb=4000,
        runtime=30,
    conda:
        ENV_NLP
    script:
        "../scripts/curate_twitter_pairs.py"
