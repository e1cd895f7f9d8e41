# The variant study (config section `variants`, README "Why our numbers differ"):
# helpers of the rules in variants.smk (no rules here). Each variant is a set of config
# overrides; textsim.variants.plan decides, stage by stage, whether a variant needs its
# own output (results/variants/<variant>/...) or uses the default pipeline's.
import json

import yaml

from textsim.variants.plan import VARIANT_DIR, VariantError, VariantPlan

VARIANTS = config["variants"]
with open(_SCHEMA, encoding="utf-8") as _f:
    try:  # libyaml's loader where PyYAML has it: the schema is read on every plan
        VPLAN = VariantPlan(config, yaml.load(_f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    except VariantError as err:
        raise SystemExit(str(err)) from None
VARIANT_METHODS = list(VARIANTS["methods"])
_NONE = "(?!x)x"  # a pattern no name matches (no variant or question defined)


wildcard_constraints:
    variant="|".join(VPLAN.names) or _NONE,
    question="|".join(q.name for q in VPLAN.questions) or _NONE,
    which="vectors|vocabulary",


def vcfg(wildcards):
    """The merged config of the job's variant."""
    return VPLAN.configs[wildcards.variant]


def vpath(stage):
    """Input function: the file of ``stage`` the job's variant uses (its own or the
    default's), for the job's length and vectors wildcards."""

    def path(wildcards):
        keys = {k: wildcards[k] for k in ("length", "vectors") if k in wildcards.keys()}
        out = VPLAN.path(wildcards.variant, stage, **keys)
        return out.format(shard=wildcards.shard) if "shard" in wildcards.keys() else out

    return path


def variant_shards(wildcards):
    """The corpus shards of the job's variant (its own cleaning's or the default's)."""
    return expand(VPLAN.path(wildcards.variant, "corpus"), shard=SHARDS)


def variant_w2v_corpus(wildcards):
    if wildcards.which == "vectors" and VPLAN.excludes_couples(wildcards.variant):
        return [VPLAN.path(wildcards.variant, "training_corpus")]
    return variant_shards(wildcards)


def variant_candidates(wildcards):
    return expand(VPLAN.path(wildcards.variant, "candidates"), shard=SHARDS)


def variant_kappa(wildcards):
    return kappa_file(vcfg(wildcards)["weights"]["kappa"], wildcards.procedure)


def variant_metric_params(wildcards):
    return metrics_params(vcfg(wildcards))


def variant_runs(question):
    """Per (variant, length) of a question, default first: the files its comparison reads."""
    runs = []
    for v in VPLAN.question(question).runs:
        prim = VPLAN.primary(v)
        for n in VPLAN.lengths:
            runs.append(
                {
                    "variant": v,
                    "length": n,
                    "vectors": prim,
                    "metrics": VPLAN.path(v, "metrics", length=n, vectors=prim),
                    "learned": VPLAN.path(v, "learned", length=n) if VARIANTS["learned"] else None,
                    "couples": VPLAN.path(v, "couples", length=n),
                    "vectors_file": VPLAN.path(v, "vectors"),
                }
            )
    return runs


def variant_table_inputs(wildcards):
    runs = variant_runs(wildcards.question)
    keys = ["metrics", "couples", "vectors_file"] + (["learned"] if VARIANTS["learned"] else [])
    return {k: list(dict.fromkeys(r[k] for r in runs)) for k in keys}


def variants_note(question):
    q = VPLAN.question(question)
    lines = []
    for v in q.runs[1:]:
        overrides = VARIANTS["runs"][v] or {}
        lines.append(f"{v}: {json.dumps(overrides, sort_keys=True)}")
    kappa = config["weights"]["kappa"]
    return (
        f"Ours: {corpus_description()}, seed {config['seed']}; every variant as the default "
        f"except: {'; '.join(lines)}. Split error: threshold on validation, error on test; "
        f"p: two-tailed binomial test of the variant's test errors against the error rate of "
        f"{'the default' if q.reference == 'default' else q.reference} for the same technique "
        "(the papers' significance test). Learned weights: "
        f"median loss, κ {'of the default pipeline’s search' if kappa == 'auto' else kappa}. "
        f"Rare-word share: test tokens word2vec saw fewer than {VARIANTS['rare_count']} "
        "times (or not at all). Paper: ICDMW 2015 Table I (cosine), PRL 2016 Table 1 "
        "(Euclidean, learned)."
    )


def variants_targets():
    if not VARIANTS["enabled"]:
        return []
    out = []
    for q in VPLAN.questions:
        out += table_files(f"variants-{q.name}") + figure_files(f"variants-{q.name}")
    return out
