"""Compile every game's compiled searches ahead of need: ``python -m arcade.dev.precompile`` (the set-up that
``make play`` and ``make test`` run does it once after installing).

numba compiles a search the first time it is called and keeps the machine code in its cache beside the source, so
only the very first call on a machine pays for it (seconds to tens of seconds): here, at set-up, rather than when a
player first asks the AI. Each game names its own step in its record (``GAME.compiled``); games without compiled
code have none. Without numba there is nothing to compile and this does nothing. A step that fails is reported in
one line and the others still run: the game falls back to its uncompiled search where its compiled one is missing.
"""
from __future__ import annotations

import sys
import time

from arcade.engine.worker import resolve


def precompile(games, out=None) -> int:
    """Run each game's ``compiled`` step (reporting on ``out``, default stdout); the number that failed."""
    out = sys.stdout if out is None else out
    try:
        import numba  # noqa: F401
    except ImportError:
        print("precompile: numba is not installed; the games use their uncompiled searches", file=out)
        return 0
    failed = 0
    for game in games:
        if not game.compiled:
            continue
        t0 = time.perf_counter()
        try:
            resolve(game.compiled)()
        except Exception as e:  # noqa: BLE001 - one game's failure must not stop the others' set-up
            failed += 1
            print(f"precompile: {game.id}: {type(e).__name__}: {e}", file=out)
            continue
        print(f"precompile: {game.id} ready ({time.perf_counter() - t0:.1f} s)", file=out, flush=True)
    return failed


def main() -> int:
    from arcade.games import load

    return 1 if precompile(load().values()) else 0


if __name__ == "__main__":
    sys.exit(main())
