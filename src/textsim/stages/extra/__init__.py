"""Workflow glue of the extra methods (config ``methods.extra``,
:mod:`textsim.methods.extra`), one module per rule so that each rule's code inputs are
what it uses: :mod:`.texts` (extra_texts), :mod:`.embedding` (embed_extra),
:mod:`.deboom` (score_extra), :mod:`.sts` (sts_extra), :mod:`.schafer`
(schafer_extra); :mod:`.vectors` reads a method's stored vectors by text.

The run's distinct texts are gathered once (every couple set's, STS split's and Schäfer
dataset's), each extra method embeds them once (rule embed_extra: a method's parameters
reach its own jobs only), and the tasks read their vectors by text: a second table never
re-embeds.
"""

#: the couples' splits an extra method embeds (train: what it may fit on)
EMBEDDED_SPLITS = ("validation", "test")
