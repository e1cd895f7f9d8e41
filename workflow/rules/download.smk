# Resources stage: every external input is fetched (from the mirror when one is set)
# and verified against its recorded checksum (src/textsim/data/resources.yaml).
# No fetch rule has job-level retries: the download itself tries again what may pass
# (timeouts, broken connections, server errors: textsim.sources.fetching.download), and what
# cannot (no network, unknown host) ends the job at once with one line saying so.


rule fetch_package_file:
    localrule: True
    input:
        available(
            lambda wc: wc.resource, lambda wc: [f"resources/package/{wc.resource}"], mirror=False
        ),
    output:
        "resources/package/{resource}",
    params:
        options=lambda wc: {  # keywords of textsim.stages.download.fetch_resource
            "resource": wc.resource,
            "mirror": None,
        },
    log:
        "logs/download/package-{resource}.log",
    benchmark:
        "benchmarks/download/package-{resource}.tsv"
    wildcard_constraints:
        resource="gensim-enwiki-shard|questions-words|wordsim353",
    resources:
        mem_mb=200,
        runtime=5,
    conda:
        ENV_NLP
    script:
        "../scripts/fetch_files.py"


rule fetch_wiki_dump:
    localrule: True
    input:
        available(
            "enwiki-dump",
            lambda wc: [f"resources/enwiki-dump/{wc.date}/pages-articles.xml.bz2"],
            date=lambda wc: wc.date,
        ),
    output:
        protected("resources/enwiki-dump/{date}/pages-articles.xml.bz2"),
    params:
        options=lambda wc: {  # keywords of textsim.stages.download.fetch_resource
            "resource": "enwiki-dump",
            "date": wc.date,
            "mirror": config["resources"]["mirror"],
        },
    log:
        "logs/download/enwiki-dump-{date}.log",
    benchmark:
        "benchmarks/download/enwiki-dump-{date}.tsv"
    resources:
        mem_mb=500,
        runtime=600,
    conda:
        ENV_NLP
    script:
        "../scripts/fetch_files.py"


# Every declared 'files' resource the config uses (the corpus' WikiExtractor files,
# tweets, STS-B, OHSUMED, 20 Newsgroups): one rule each, named fetch_<resource>, the
# files it uses verified in one job (of the corpus: the configured slice's files and
# the transfer slice's, fetched_files).
for _resource in [get_extracted_files()[0], *files_resources()]:

    rule:
        localrule: True
        name:
            f"fetch_{_resource.replace('-', '_')}"
        input:
            available(_resource, fetched_paths(_resource), files=fetched_files(_resource)),
        output:
            fetched_paths(_resource),
        params:
            options={  # keywords of textsim.stages.download.fetch_resource
                "resource": _resource,
                "files": fetched_files(_resource),
                "mirror": config["resources"]["mirror"],
            },
        log:
            f"logs/download/{_resource}.log",
        benchmark:
            f"benchmarks/download/{_resource}.tsv"
        resources:
            **FETCH_JOB,
        conda:
            ENV_NLP
        script:
            "../scripts/fetch_files.py"
