"""Minesweeper's benchmarks, each offered as ``arcade bench NAME`` by the ``GAME`` record: ``ai`` (minesweeper: the
AI's win rate and speed), ``noguess`` (minesweeper-noguess: dealing no-guess boards) and ``ab`` (minesweeper-ab: two
settings of the solver on the same boards); ``hooks`` is what the house's developer tools ask of Minesweeper.
Nothing a player's session imports lives here."""
