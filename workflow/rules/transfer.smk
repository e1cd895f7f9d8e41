# Out-of-the-box transfer (PRL Table 1, third block): a second embedding set. Offline:
# word2vec with transfer.word2vec settings on another slice of Wikipedia (or on our own
# corpus); paper: the Google News vectors. Scoring reuses the rules with the couple set
# "transfer" (variable-length couples, these vectors, Wikipedia document frequencies).


rule clean_transfer_slice:
    input:
        raw=[f"resources/{get_extracted_files()[0]}/{f}" for f in get_transfer_files()],
        code=code("clean_transfer_slice"),
    output:
        corpus=temp("results/transfer/corpus.tsv"),
        stats="results/transfer/corpus.json",
    log:
        "logs/transfer/clean_transfer_slice.log",
    benchmark:
        "benchmarks/transfer/clean_transfer_slice.tsv"
    resources:
        **CLEAN_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/clean_transfer_slice.py"


use rule train_word2vec as train_word2vec_transfer with:
    input:
        corpus=get_transfer_corpus(),
        code=code("train_word2vec"),
    output:
        "results/word2vec-transfer/vectors.npz",
    params:
        options={  # keywords of textsim.stages.word2vec.train_word2vec
            "settings": TRANSFER["word2vec"],
            "seed": config["seed"],
        },
    log:
        "logs/transfer/train_word2vec_transfer.log",
    benchmark:
        "benchmarks/transfer/train_word2vec_transfer.tsv"
    resources:
        mem_mb=mem_mb(2000, 0.5),
        runtime=1440,


rule fetch_google_news_vectors:
    localrule: True
    input:
        available(
            "google-news-vectors",
            ["resources/google-news-vectors/word2vec-google-news-300.gz"],
            files=["word2vec-google-news-300.gz"],
        ),
    output:
        protected("resources/google-news-vectors/word2vec-google-news-300.gz"),
    params:
        options={  # keywords of textsim.stages.download.fetch_resource
            "resource": "google-news-vectors",
            "files": ["word2vec-google-news-300.gz"],
            "mirror": config["resources"]["mirror"],
        },
    log:
        "logs/download/google-news-vectors.log",
    benchmark:
        "benchmarks/download/google-news-vectors.tsv"
    resources:
        mem_mb=500,
        runtime=240,
    conda:
        ENV_NLP
    script:
        "../scripts/fetch_files.py"


rule convert_google_news_vectors:
    input:
        vectors="resources/google-news-vectors/word2vec-google-news-300.gz",
        code=code("convert_google_news_vectors"),
    output:
        "results/word2vec-google/vectors.npz",
    log:
        "logs/transfer/convert_google_news_vectors.log",
    benchmark:
        "benchmarks/transfer/convert_google_news_vectors.tsv"
    resources:
        mem_mb=16000,
        runtime=60,
    conda:
        ENV_NLP
    script:
        "../scripts/convert_google_news_vectors.py"
