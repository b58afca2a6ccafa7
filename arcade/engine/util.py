"""Small helpers with no better home."""
from __future__ import annotations

import contextlib
import os
import sys


@contextlib.contextmanager
def quiet_stderr():
    """Silence C libraries that write to file descriptor 2 while probing devices."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
