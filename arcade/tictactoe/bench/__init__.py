"""Tic-tac-toe's benchmark, offered as ``arcade bench tictactoe`` by the ``GAME`` record: ``ai`` (the 3x3 proof,
4x4 solved, Gomoku matches); ``hooks`` is what the house's developer tools ask of it. Nothing a player's session
imports lives here."""
