"""Workflow glue of the De Boom stages: pairs, tweets, scoring, learned weights."""
