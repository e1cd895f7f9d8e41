"""``python -m textsim.cli``: the ``textsim`` command."""

import sys

from textsim.cli import main

sys.exit(main())
