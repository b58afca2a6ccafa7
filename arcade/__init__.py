"""arcade: four games behind one menu, each with an AI: 2048 (boards 3x3 to 8x8, an expectimax that autoplays,
hints and reviews your games), Stairs (an endless staircase runner), tic-tac-toe (3x3 and 4x4 played perfectly,
Gomoku 15x15) and Minesweeper (exact odds for every cell). ``python -m arcade`` or ``arcade`` opens the menu."""

__version__ = "0.1.0"

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout
