"""Stairs' benchmarks, each offered as ``arcade bench NAME`` by the ``GAME`` record: ``sampler`` (stairs: the
alias sampler and the world) and ``frames`` (stairs-frames: drawing); ``hooks`` is what the house's developer tools
ask of Stairs. Nothing a player's session imports lives here."""
