"""2048's benchmarks, each offered as ``arcade bench NAME`` by the ``GAME`` record: ``ai`` (2048: the AI's
strength), ``engine`` (the bitboard), ``search`` (compiled against numpy expectimax), ``regret`` (time budgets
against a deep search), ``review`` (the game review's speed), ``view`` (drawing), ``save`` (saving every move),
``tune`` (the heuristic's weights); ``hooks`` is what the house's developer tools ask of 2048. Nothing a player's
session imports lives here."""
