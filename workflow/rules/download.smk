# Resources stage: every external input is fetched (from the mirror when one is set)
# and verified against its recorded checksum (src/textsim/data/resources.yaml).


rule fetch_wiki_extracted:
    localrule: True
    input:
        available(
            get_extracted_files()[0],
            [f"resources/{get_extracted_files()[0]}/{f}" for f in get_extracted_files()[1] + get_transfer_files()],
            files=get_extracted_files()[1] + get_transfer_files(),
        ),
    output:
        [f"resources/{get_extracted_files()[0]}/{f}" for f in get_extracted_files()[1] + get_transfer_files()],
    params:
        options={  # keywords of textsim.stages.download.fetch_resource
            "resource": get_extracted_files()[0],
            "files": get_extracted_files()[1] + get_transfer_files(),
            "mirror": config["resources"]["mirror"],
        },
    log:
        "logs/download/wiki-extracted.log",
    benchmark:
        "benchmarks/download/wiki-extracted.tsv"
    retries: 2
    resources:
        **FETCH_JOB,
    conda:
        ENV_NLP
    script:
        "../scripts/fetch_files.py"


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
    retries: 3
    resources:
        mem_mb=500,
        runtime=600,
    conda:
        ENV_NLP
    script:
        "../scripts/fetch_files.py"


# Every other declared 'files' resource the config uses (tweets, STS-B, OHSUMED):
# one rule each, named fetch_<resource>, all its files verified in one job.
for _resource in files_resources():

    rule:
        localrule: True
        name:
            f"fetch_{_resource.replace('-', '_')}"
        input:
            available(_resource, resource_files(_resource)),
        output:
            resource_files(_resource),
        params:
            options={  # keywords of textsim.stages.download.fetch_resource
                "resource": _resource,
                "files": get_resource(_resource).file_names(),
                "mirror": config["resources"]["mirror"],
            },
        log:
            f"logs/download/{_resource}.log",
        retries: 2
        resources:
            **FETCH_JOB,
        conda:
            ENV_NLP
        script:
            "../scripts/fetch_files.py"
