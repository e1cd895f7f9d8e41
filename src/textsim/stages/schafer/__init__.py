"""Workflow glue of the Schäfer stages: data, swarm, final runs, baselines."""
