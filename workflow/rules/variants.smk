# The variant study (config section `variants`): per variant only the stages whose
# settings it changes, on the main rules' scripts (`use rule`); then one comparison
# table and figure per question. Paths: textsim.variants.plan.


use rule clean_wiki_shard as variant_clean_wiki_shard with:
    output:
        corpus=f"{VARIANT_DIR}/{{variant}}/corpus/clean/{{shard}}.tsv",
        stats=f"{VARIANT_DIR}/{{variant}}/corpus/clean/{{shard}}.json",
    params:
        options=lambda wc: {  # keywords of textsim.stages.corpus.clean_wiki_shard
            "cleaning": vcfg(wc)["corpus"]["cleaning"],
            "source": config["corpus"]["source"],
        },
    log:
        "logs/variants/{variant}/corpus/{shard}.log",
    benchmark:
        "benchmarks/variants/{variant}/corpus/{shard}.tsv"


use rule count_docfreq as variant_count_docfreq with:
    input:
        corpus=vpath("corpus"),
        code=code("count_docfreq"),
    output:
        temp(f"{VARIANT_DIR}/{{variant}}/docfreq/shards/{{shard}}.tsv"),
    log:
        "logs/variants/{variant}/docfreq/{shard}.log",
    benchmark:
        "benchmarks/variants/{variant}/docfreq/{shard}.tsv"


use rule merge_docfreq as variant_merge_docfreq with:
    input:
        shards=expand(f"{VARIANT_DIR}/{{{{variant}}}}/docfreq/shards/{{shard}}.tsv", shard=SHARDS),
        code=code("merge_docfreq"),
    output:
        f"{VARIANT_DIR}/{{variant}}/docfreq/docfreq.tsv",
    log:
        "logs/variants/{variant}/docfreq/merge.log",
    benchmark:
        "benchmarks/variants/{variant}/docfreq/merge.tsv"


rule variant_training_corpus:
    input:
        shards=variant_shards,
        couples=lambda wc: VPLAN.couples_for_exclusion(wc.variant),
        code=code("variant_training_corpus"),
    output:
        temp(f"{VARIANT_DIR}/{{variant}}/word2vec/corpus.tsv"),
    log:
        "logs/variants/{variant}/training_corpus.log",
    benchmark:
        "benchmarks/variants/{variant}/training_corpus.tsv"
    resources:
        mem_mb=mem_mb(1000, 1),
        runtime=60,
    conda:
        ENV_NLP
    script:
        "../scripts/variant_training_corpus.py"


use rule train_word2vec as variant_word2vec with:
    input:
        corpus=variant_w2v_corpus,
        code=code("train_word2vec"),
    output:
        f"{VARIANT_DIR}/{{variant}}/word2vec/{{which}}.npz",
    params:
        options=lambda wc: {  # keywords of textsim.stages.word2vec.train_word2vec
            "settings": VPLAN.word2vec_settings(wc.variant),
            "seed": config["seed"],
        },
    log:
        "logs/variants/{variant}/word2vec-{which}.log",
    benchmark:
        "benchmarks/variants/{variant}/word2vec-{which}.tsv"


use rule extract_pair_candidates as variant_pair_candidates with:
    input:
        corpus=vpath("corpus"),
        vectors=vpath("vocabulary"),
        code=code("extract_pair_candidates"),
    output:
        temp(f"{VARIANT_DIR}/{{variant}}/pairs/candidates/{{shard}}.parquet"),
    params:
        options=lambda wc: candidate_options(vcfg(wc), VPLAN.lengths, wc.shard),
    log:
        "logs/variants/{variant}/candidates/{shard}.log",
    benchmark:
        "benchmarks/variants/{variant}/candidates/{shard}.tsv"


use rule curate_pairs as variant_couples with:
    input:
        candidates=variant_candidates,
        code=code("curate_pairs"),
    output:
        couples=f"{VARIANT_DIR}/{{variant}}/pairs/{{length}}/couples.parquet",
        summary=f"{VARIANT_DIR}/{{variant}}/pairs/{{length}}/summary.csv",
    params:
        options=lambda wc: curation_options(vcfg(wc)),
    log:
        "logs/variants/{variant}/pairs/{length}.log",
    benchmark:
        "benchmarks/variants/{variant}/pairs/{length}.tsv"


use rule score_baselines as variant_scores with:
    input:
        couples=vpath("couples"),
        vectors=vpath("vectors"),
        docfreq=vpath("docfreq"),
        code=code("score_baselines"),
    output:
        f"{VARIANT_DIR}/{{variant}}/scores/{{length}}/{{vectors}}.parquet",
    params:
        options=lambda wc: scoring_options(vcfg(wc), VARIANT_METHODS, wc.vectors),
    log:
        "logs/variants/{variant}/scores/{length}-{vectors}.log",
    benchmark:
        "benchmarks/variants/{variant}/scores/{length}-{vectors}.tsv"


use rule evaluate_baselines as variant_metrics with:
    input:
        scores=vpath("scores"),
        code=code("evaluate_scores"),
    output:
        f"{VARIANT_DIR}/{{variant}}/metrics/{{length}}/{{vectors}}.csv",
    params:
        options=lambda wc: {  # keywords of textsim.stages.deboom.scoring.evaluate_baselines
            "methods": VARIANT_METHODS,
            "metric_params": variant_metric_params(wc),
        },
    log:
        "logs/variants/{variant}/metrics/{length}-{vectors}.log",
    benchmark:
        "benchmarks/variants/{variant}/metrics/{length}-{vectors}.tsv"


use rule train_weights as variant_train with:
    input:
        couples=vpath("couples"),
        vectors=vpath("vectors"),
        docfreq=vpath("docfreq"),
        kappa=variant_kappa,
        code=code("train_weights"),
    output:
        f"{VARIANT_DIR}/{{variant}}/weights/{{length}}/{{procedure}}.json",
    params:
        options=lambda wc: training_options(
            vcfg(wc),
            wc.length,
            kappa=vcfg(wc)["weights"]["kappa"],
            normalize=VPLAN.primary(wc.variant) == "unit",
        ),
    wildcard_constraints:
        procedure="median",
        length=r"\d+|var",
    log:
        "logs/variants/{variant}/weights/{length}-{procedure}.log",
    benchmark:
        "benchmarks/variants/{variant}/weights/{length}-{procedure}.tsv"


use rule score_learned as variant_learned_scores with:
    input:
        couples=vpath("couples"),
        vectors=vpath("vectors"),
        docfreq=vpath("docfreq"),
        weights=vpath("weights"),
        code=code("score_learned"),
    output:
        temp(f"{VARIANT_DIR}/{{variant}}/learned/{{length}}/{{procedure}}.parquet"),
    params:
        options=lambda wc: {  # keywords of textsim.stages.deboom.learned.score_learned
            "name": f"learned_{wc.procedure}",
            "normalize": VPLAN.primary(wc.variant) == "unit",
        },
    log:
        "logs/variants/{variant}/learned/{length}-{procedure}-score.log",
    benchmark:
        "benchmarks/variants/{variant}/learned/{length}-{procedure}-score.tsv"


use rule evaluate_learned as variant_learned with:
    input:
        scores=f"{VARIANT_DIR}/{{variant}}/learned/{{length}}/{{procedure}}.parquet",
        code=code("evaluate_scores"),
    output:
        f"{VARIANT_DIR}/{{variant}}/learned/{{length}}/{{procedure}}.csv",
    params:
        options=lambda wc: {  # keywords of textsim.stages.deboom.scoring.evaluate_baselines
            "methods": [f"learned_{wc.procedure}"],
            "metric_params": variant_metric_params(wc),
        },
    log:
        "logs/variants/{variant}/learned/{length}-{procedure}-evaluate.log",
    benchmark:
        "benchmarks/variants/{variant}/learned/{length}-{procedure}-evaluate.tsv"


rule variants_table:
    localrule: True
    input:
        unpack(variant_table_inputs),
        code=code("variants_table"),
    output:
        long=f"{VARIANT_DIR}/{{question}}.csv",
        **table_outputs("variants-{question}", "variants", "7. Why our numbers differ", "{question}"),
    params:
        options=lambda wc: {  # keywords of textsim.stages.variants.variants_table
            "question": wc.question,
            "runs": variant_runs(wc.question),
            "reference": VPLAN.question(wc.question).reference,
            "methods": VARIANT_METHODS + (["learned_median"] if VARIANTS["learned"] else []),
            "rare_count": VARIANTS["rare_count"],
            "title": VPLAN.question(wc.question).title,
            "note": variants_note(wc.question),
        },
    log:
        "logs/variants/table-{question}.log",
    benchmark:
        "benchmarks/variants/table-{question}.tsv"
    resources:
        mem_mb=mem_mb(1000, 2),
        runtime=10,
    conda:
        ENV_PLOT
    script:
        "../scripts/variants_table.py"


rule plot_variants:
    localrule: True
    input:
        long=f"{VARIANT_DIR}/{{question}}.csv",
        code=code("plot_variants"),
    output:
        **figure_outputs("variants-{question}", "variants", "7. Why our numbers differ", "{question} figure"),
    params:
        options=lambda wc: {  # keywords of textsim.stages.variants.plot_variants
            "title": VPLAN.question(wc.question).title,
            "dpi": config["figures"]["dpi"],
        },
    log:
        "logs/variants/plot-{question}.log",
    benchmark:
        "benchmarks/variants/plot-{question}.tsv"
    resources:
        **FIGURE_JOB,
    conda:
        ENV_PLOT
    script:
        "../scripts/plot_variants.py"


rule variants:
    localrule: True
    input:
        variants_targets(),
