"""Measurements the paper families share: paired distances and similarities
(distances), the topic probe of the paragraph and Schäfer evaluations (probe)."""
