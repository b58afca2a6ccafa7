"""arcade: a pygame arcade collection (2048 with an AI, and the Stairs runner)."""

__version__ = "0.1.0"

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout
