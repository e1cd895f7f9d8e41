# The corpus-size study (configs/scaling.yaml; README "How the claims depend on corpus
# size"): per size a slice, word2vec, document frequencies, the baselines, the median-loss
# weights and STS-B; then one table of everything, the claims, the cost curve, figures.
# The per-size rules reuse the main rules' scripts (`use rule`), on the size's paths.


rule scaling_slice:
    input:
        shards=expand(CORPUS_SHARD, shard=scale_shards()[0]),
        code=code("scaling_slice"),
    output:
        corpus=temp(f"{SCALE_DIR}/{{size}}/corpus.tsv"),
        stats=f"{SCALE_DIR}/{{size}}/corpus.json",
    params:
        options=lambda wc: {  # keywords of textsim.stages.scaling.scaling_slice
            "tokens": SCALE_TOKENS[wc.size],
        },
    log:
        "logs/scaling/{size}/slice.log",
    benchmark:
        "benchmarks/scaling/{size}/slice.tsv"
    resources:
        mem_mb=500,
        runtime=60,
    conda:
        ENV_NLP
    script:
        "../scripts/scaling_slice.py"


use rule train_word2vec as scaling_word2vec with:
    input:
        corpus=[f"{SCALE_DIR}/{{size}}/corpus.tsv"],
        code=code("train_word2vec"),
    output:
        SCALE_VECTORS,
    log:
        "logs/scaling/{size}/word2vec.log",
    benchmark:
        "benchmarks/scaling/{size}/word2vec.tsv"


use rule count_docfreq as scaling_docfreq with:
    input:
        corpus=f"{SCALE_DIR}/{{size}}/corpus.tsv",
        code=code("count_docfreq"),
    output:
        SCALE_DOCFREQ,
    log:
        "logs/scaling/{size}/docfreq.log",
    benchmark:
        "benchmarks/scaling/{size}/docfreq.tsv"


use rule evaluate_word2vec as scaling_word2vec_quality with:
    input:
        vectors=SCALE_VECTORS,
        analogies="resources/package/questions-words",
        wordsim="resources/package/wordsim353",
        code=code("evaluate_word2vec"),
    output:
        f"{SCALE_DIR}/{{size}}/quality.csv",
    log:
        "logs/scaling/{size}/quality.log",
    benchmark:
        "benchmarks/scaling/{size}/quality.tsv"


use rule extract_pair_candidates as scaling_pair_candidates with:
    input:
        corpus=CORPUS_SHARD,
        vectors=SCALE_VOCABULARY,
        code=code("extract_pair_candidates"),
    output:
        temp(f"{SCALE_DIR}/pairs/candidates/{{shard}}.parquet"),
    params:
        options=lambda wc: candidate_options(config, SCALE_LENGTHS, wc.shard),
    log:
        "logs/scaling/pairs/candidates/{shard}.log",
    benchmark:
        "benchmarks/scaling/pairs/candidates/{shard}.tsv"


use rule curate_pairs as scaling_couples with:
    input:
        candidates=expand(f"{SCALE_DIR}/pairs/candidates/{{shard}}.parquet", shard=scale_shards()[1]),
        code=code("curate_pairs"),
    output:
        couples=SCALE_COUPLES,
        summary=f"{SCALE_DIR}/pairs/{{length}}/summary.csv",
    log:
        "logs/scaling/pairs/{length}.log",
    benchmark:
        "benchmarks/scaling/pairs/{length}.tsv"


use rule score_baselines as scaling_scores with:
    input:
        couples=SCALE_COUPLES,
        vectors=SCALE_VECTORS,
        docfreq=SCALE_DOCFREQ,
        code=code("score_baselines"),
    output:
        f"{SCALE_DIR}/{{size}}/scores/{{length}}/{{vectors}}.parquet",
    log:
        "logs/scaling/{size}/scores/{length}-{vectors}.log",
    benchmark:
        "benchmarks/scaling/{size}/baselines/{length}-{vectors}.tsv"


use rule evaluate_baselines as scaling_metrics with:
    input:
        scores=f"{SCALE_DIR}/{{size}}/scores/{{length}}/{{vectors}}.parquet",
        code=code("evaluate_scores"),
    output:
        f"{SCALE_DIR}/{{size}}/metrics/{{length}}/{{vectors}}.csv",
    log:
        "logs/scaling/{size}/metrics/{length}-{vectors}.log",
    benchmark:
        "benchmarks/scaling/{size}/metrics/{length}-{vectors}.tsv"


use rule train_weights as scaling_train with:
    input:
        couples=SCALE_COUPLES,
        vectors=SCALE_VECTORS,
        docfreq=SCALE_DOCFREQ,
        kappa=[],  # a fixed κ (SCALE_KAPPA), no search per size
        code=code("train_weights"),
    output:
        f"{SCALE_DIR}/{{size}}/weights/{{length}}/{{procedure}}.json",
    params:
        options=lambda wc: training_options(
            config, wc.length, kappa=SCALE_KAPPA, normalize=NORMALIZE
        ),
    wildcard_constraints:
        procedure="median",
        length=r"\d+|var",
    log:
        "logs/scaling/{size}/weights/{length}-{procedure}.log",
    benchmark:
        "benchmarks/scaling/{size}/training/{length}-{procedure}.tsv"


use rule score_learned as scaling_learned_scores with:
    input:
        couples=SCALE_COUPLES,
        vectors=SCALE_VECTORS,
        docfreq=SCALE_DOCFREQ,
        weights=f"{SCALE_DIR}/{{size}}/weights/{{length}}/{{procedure}}.json",
        code=code("score_learned"),
    output:
        f"{SCALE_DIR}/{{size}}/learned/{{length}}/{{procedure}}.parquet",
    log:
        "logs/scaling/{size}/learned/{length}-{procedure}-score.log",
    benchmark:
        "benchmarks/scaling/{size}/learned/{length}-{procedure}-score.tsv"


use rule evaluate_learned as scaling_learned with:
    input:
        scores=f"{SCALE_DIR}/{{size}}/learned/{{length}}/{{procedure}}.parquet",
        code=code("evaluate_scores"),
    output:
        f"{SCALE_DIR}/{{size}}/learned/{{length}}/{{procedure}}.csv",
    log:
        "logs/scaling/{size}/learned/{length}-{procedure}-evaluate.log",
    benchmark:
        "benchmarks/scaling/{size}/learned/{length}-{procedure}-evaluate.tsv"


use rule sts_scores as scaling_sts with:
    input:
        **STS_SPLITS,
        vectors=SCALE_VECTORS,
        docfreq=SCALE_DOCFREQ,
        weights=[],
        code=code("sts_scores"),
    output:
        scores=f"{SCALE_DIR}/{{size}}/sts.csv",
        vectors=temp(f"{SCALE_DIR}/{{size}}/sts-vectors.npz"),
        pairs=f"{SCALE_DIR}/{{size}}/sts-pairs.parquet",
    params:
        options={**STS_OPTIONS, "methods": {m: config["methods"][m] for m in CONFIGURED_METHODS}},
    log:
        "logs/scaling/{size}/sts.log",
    benchmark:
        "benchmarks/scaling/{size}/sts.tsv"


rule scaling_results:
    localrule: True
    input:
        slices=scale_path("corpus.json"),
        baselines=list(scale_baselines().values()),
        learned=list(scale_learned().values()),
        sts=list(scale_sts().values()),
        quality=scale_path("quality.csv"),
        code=code("scaling_results"),
    output:
        long=f"{SCALE_DIR}/results.csv",
        **table_outputs("scaling-results", "scaling_results", "6. Corpus size", "results by size"),
    params:
        options={  # keywords of textsim.stages.scaling.scaling_results
            "sizes": SCALE_LABELS,
            "baselines": {f"{s}|{n}|{v}": p for (s, n, v), p in scale_baselines().items()},
            "learned": {f"{s}|{n}": p for (s, n), p in scale_learned().items()},
            "title": "Every measure at every training-corpus size (split error %, JS divergence, STS Pearson r x 100, word-vector scores).",
            "note": scaling_note(),
        },
    log:
        "logs/scaling/results.log",
    benchmark:
        "benchmarks/scaling/results.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/scaling_results.py"


# The verdict table (textsim.verdicts) at each size: the papers' claims judged on the
# fixed evaluation couples and STS-B with the size's word vectors, paired bootstrap
# intervals; the learned weights are trained once per size (one seed: untestable).
use rule verdicts as scaling_verdicts with:
    input:
        baselines=lambda wc: [scale_scores(wc.size, key) for key in scale_verdict_keys()[0]],
        learned=lambda wc: [scale_learned_scores(wc.size, key) for key in scale_verdict_keys()[1]],
        sts=lambda wc: [f"{SCALE_DIR}/{wc.size}/sts-pairs.parquet"] if SCALING["sts"] else [],
        schafer=[],
        couples=[SCALE_COUPLES.format(length=n) for n in SCALE_LENGTHS],
        weights=[],
        paragraphs=[],
        claims=CLAIMS,
        code=code("verdicts"),
    output:
        **{f"comparisons_{ext}": f"{SCALE_DIR}/{{size}}/verdicts.{ext}" for ext in TABLE_EXTS},
        **{f"claims_{ext}": f"{SCALE_DIR}/{{size}}/verdict-claims.{ext}" for ext in TABLE_EXTS},
    params:
        options=lambda wc: {  # textsim.stages.verdicts.VerdictOptions
            "baselines": scale_verdict_keys()[0],
            "learned": scale_verdict_keys()[1],
            "schafer": [],
            "couples": list(SCALE_LENGTHS),
            "weights": [],
            "primary": PRIMARY_VECTORS,
            "n_thresholds": config["evaluation"]["n_thresholds"],
            "js": [config["evaluation"]["js"][k] for k in ("bins", "low", "high", "pseudocount")],
            "n_boot": VERDICTS["n_boot"],
            "seed": config["seed"],
            "run": f"the corpus-size study at {wc.size} tokens",
            "sources": VERDICT_SOURCES,
        },
    log:
        "logs/scaling/{size}/verdicts.log",
    benchmark:
        "benchmarks/scaling/{size}/verdicts.tsv"


rule scaling_claims:
    localrule: True
    input:
        verdicts=scale_path("verdict-claims.csv"),
        code=code("scaling_claims"),
    output:
        **table_outputs("scaling-claims", "scaling_claims", "6. Corpus size", "claims by size"),
    params:
        options={  # keywords of textsim.stages.scaling.scaling_claims
            "sizes": SCALE_LABELS,
            "title": "The papers' claims at each training-corpus size: the verdict and its comparisons (textsim.verdicts; results/scaling/<size>/verdicts.csv has every interval).",
            "note": scaling_note(),
        },
    log:
        "logs/scaling/claims.log",
    benchmark:
        "benchmarks/scaling/claims.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/scaling_claims.py"


rule scaling_costs:
    localrule: True
    input:
        slices=scale_path("corpus.json"),
        benchmarks=[path for _, _, path in scale_benchmarks()],
        code=code("scaling_costs"),
    output:
        **table_outputs("scaling-costs", "scaling_costs", "6. Corpus size", "cost curve"),
    params:
        options={  # keywords of textsim.stages.scaling.scaling_costs
            "sizes": SCALE_LABELS,
            "records": [[s, stage, path] for s, stage, path in scale_benchmarks()],
            "target_tokens": SCALING["paper_tokens"],
            "title": f"Cost of each stage by training-corpus size (wall seconds, peak memory), power law fitted per stage and extrapolated to {SCALING['paper_tokens']:.3g} tokens.",
            "note": "Measured with Snakemake's benchmark files on this machine; threads as each rule declares. Exponent b of time ∝ tokens^b (least squares on logarithms over the sizes); a stage that did not grow is predicted at its largest measurement. Memory: the same law through the peak RSS, which at small sizes is mostly the interpreter and libraries: a lower bound where memory follows the vocabulary (word2vec, STS, scoring). runtime/mem_mb: the prediction × 2 (time) and × 1.5 (memory) at the target size, the request to give a cluster.",
        },
    log:
        "logs/scaling/costs.log",
    benchmark:
        "benchmarks/scaling/costs.tsv"
    resources:
        **SMALL_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/scaling_costs.py"


rule plot_scaling_deboom:
    localrule: True
    input:
        long=f"{SCALE_DIR}/results.csv",
        code=code("plot_scaling_deboom"),
    output:
        **figure_outputs("scaling-deboom", "scaling_deboom", "6. Corpus size", "De Boom by size"),
    params:
        options={  # keywords of textsim.stages.scaling.plot_scaling_deboom
            "primary": PRIMARY_VECTORS,
            "paper_tokens": SCALING["paper_tokens"],
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/scaling/plot_deboom.log",
    benchmark:
        "benchmarks/scaling/plot_deboom.tsv"
    resources:
        **FIGURE_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/plot_scaling_deboom.py"


rule plot_scaling_sts:
    localrule: True
    input:
        long=f"{SCALE_DIR}/results.csv",
        code=code("plot_scaling_sts"),
    output:
        **figure_outputs("scaling-sts", "scaling_sts", "6. Corpus size", "STS by size"),
    params:
        options={  # keywords of textsim.stages.scaling.plot_scaling_sts
            "mode": SCALE_STS_MODE,
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/scaling/plot_sts.log",
    benchmark:
        "benchmarks/scaling/plot_sts.tsv"
    resources:
        **FIGURE_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/plot_scaling_sts.py"


rule plot_scaling_words:
    localrule: True
    input:
        long=f"{SCALE_DIR}/results.csv",
        code=code("plot_scaling_words"),
    output:
        **figure_outputs("scaling-words", "scaling_words", "6. Corpus size", "word vectors by size"),
    params:
        options={  # keywords of textsim.stages.scaling.plot_scaling_words
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/scaling/plot_words.log",
    benchmark:
        "benchmarks/scaling/plot_words.tsv"
    resources:
        **FIGURE_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/plot_scaling_words.py"


rule scaling:
    localrule: True
    input:
        scaling_targets(),
