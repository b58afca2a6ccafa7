"""One game of 2048 as an object (pure, no pygame): a thin face over the game's backend and a session of the
engine, for scripts, benchmarks and tests that want ``Game(seed=1).move("left")``.

The rules, the save format and the undo are the backend's (:mod:`arcade.game2048.backend`) and the session's
(:class:`arcade.engine.session.Session`, in study mode: it records nothing to a profile). What this class adds is
the original web game's chance: one random generator, seeded once, draws every new tile in turn (the start's two,
then one after each move that changes the grid), so ``Game(seed=s)`` plays the same game for the same moves. Each
move goes to the session with the tile drawn for it, as a replay records it.

``move()`` returns a :class:`~arcade.game2048.rules.MoveOutcome` when the grid changed, None when nothing happened
(the direction changes nothing, or the game is over or won and waiting: ``keep_going()`` lets play go on).
``undo()`` takes back one move ("keep going" goes back with the move that followed it). ``place()`` changes a cell
outside the rules (a board set up for a test or a screenshot): the game then starts again from that board.
"""
from __future__ import annotations

import random
from typing import Optional

from arcade.engine.session import Session
from arcade.game2048 import rules
from arcade.game2048.backend import BACKEND, KEEP_GOING, Params, Position, start_position
from arcade.game2048.rules import DIRECTIONS, MoveOutcome, default_target

__all__ = ["Game", "MoveOutcome", "default_target"]


def _no_clock() -> float:
    return 0.0  # a scripted game has no time: its log's times are all 0, so equal games save equal


class Game:
    """A game of 2048 on an N x N board (N in 3..8).

    Attributes: ``grid`` (tuple of row tuples), ``score``, ``won``, ``over``, ``keep_playing``, ``size``,
    ``target``, ``four_probability``, ``moves`` (moves played; undo takes one back), ``rng`` (the generator of the
    new tiles), ``session`` (the engine's session the moves go to).
    """

    def __init__(self, size: int = 4, seed=None, four_probability: float = 0.1, target: Optional[int] = None):
        dt = default_target(size)  # also checks the size
        self.params = Params(size, rules.check_probability(four_probability),
                             dt if target is None else rules.check_target(target))
        self.rng = random.Random(seed)
        self._begin(start_position(self.params, self.rng))

    def _begin(self, start: Position) -> None:
        self.session = Session(BACKEND, self.params, 0, mode="study", start=start, clock=_no_clock)

    # ----- what the game shows -----
    @property
    def state(self) -> Position:
        return self.session.state

    size = property(lambda self: self.params.size)
    target = property(lambda self: self.params.target)
    four_probability = property(lambda self: self.params.four_probability)
    grid = property(lambda self: self.session.state.grid)
    score = property(lambda self: self.session.state.score)
    won = property(lambda self: self.session.state.won)
    over = property(lambda self: self.session.state.over)
    keep_playing = property(lambda self: self.session.state.keep_playing)
    terminated = property(lambda self: self.session.state.terminated, doc="True when moves are ignored")
    max_tile = property(lambda self: rules.max_tile(self.session.state.grid))

    @property
    def moves(self) -> int:
        """Moves on the line to this position (Keep going is not a move)."""
        s = self.session
        return s.pos - (s.state.keep_playing and not s.states[0].keep_playing)

    @property
    def can_undo(self) -> bool:
        return self.moves > 0

    # ----- play -----
    def move(self, direction: str, spawn: Optional[tuple] = None) -> Optional[MoveOutcome]:
        """Slide towards ``direction``; if the grid changed, add one tile (drawn from ``rng``, or
        ``spawn=(row, col, value)``, which must name a cell that is empty after the slide and a value 2 or 4, else
        ValueError). Returns ``MoveOutcome(result, spawn)``, or None when nothing happened."""
        if direction not in DIRECTIONS:
            raise ValueError(f"direction {direction!r}: expected one of {DIRECTIONS}")
        if spawn is not None:
            rules.check_spawn(spawn, self.size)
        state = self.session.state
        if state.terminated:
            return None
        result = rules.slide(state.grid, direction)
        if not result.moved:
            return None
        _, recorded = BACKEND.apply(self.params, state, direction if spawn is None else (direction, spawn), self.rng)
        self.session.play(recorded)
        return MoveOutcome(result, recorded[1])

    def keep_going(self) -> None:
        """Play on after a win (the win panel's "Keep going"); before a win, a game that will not stop at it."""
        state = self.session.state
        if state.keep_playing:
            return
        if state.won:
            self.session.play(KEEP_GOING)
        else:
            self._edit(state._replace(keep_playing=True))

    def place(self, row: int, col: int, value: int) -> None:
        """Set a cell (value 0 clears it) and re-decide ``over``: the game starts again from that board (for
        replays, tests and editors; the moves before it cannot be undone)."""
        n = self.size
        if not (rules.is_int(row) and rules.is_int(col) and 0 <= row < n and 0 <= col < n):
            raise ValueError(f"place({row!r}, {col!r}, ...): cell outside the {n}x{n} board")
        if not rules.is_int(value) or not rules.is_tile_value(value):
            raise ValueError(f"place(..., {value!r}): a cell holds 0 or a power of two >= 2")
        state = self.session.state
        grid = rules.place(state.grid, row, col, value)
        self._edit(state._replace(grid=grid, over=not rules.can_move_checked(grid)))

    def _edit(self, position: Position) -> None:
        self._begin(position)

    def undo(self) -> bool:
        """Go back one move (grid, score, won, over, keep_playing). False when there is nothing to undo."""
        if not self.can_undo:
            return False
        s = self.session
        s.undo()
        if s.line[s.pos][0] == KEEP_GOING:  # Keep going goes back with the move after it
            s.undo()
        return True

    def restart(self) -> None:
        """A fresh game in place: same size, target and probability; the generator continues; no undo."""
        self._begin(start_position(self.params, self.rng))

    # ----- saving -----
    def to_dict(self) -> dict:
        """A JSON-serialisable dict: the session's save (the start, every move with its tile, undos) and the
        generator of the next tiles."""
        version, internal, gauss = self.rng.getstate()
        return dict(self.session.to_dict(), four_probability=self.four_probability,
                    rng=[version, list(internal), gauss])

    @classmethod
    def from_dict(cls, d) -> "Game":
        """A game from :meth:`to_dict`'s output, or from a save of an older version (through the backend's
        ``legacy`` reader); ValueError (one line) on anything malformed."""
        if not isinstance(d, dict):
            raise ValueError("a saved game is a dict")
        seed = d.get("seed", 0)
        if not rules.is_int(seed) or seed < 0:  # (a save with a start of its own may not be asked for its seed)
            raise ValueError(f"saved game seed {seed!r}: expected a whole number >= 0")
        session = Session.from_dict(BACKEND, d, mode="study", clock=_no_clock)
        g = cls.__new__(cls)
        p = d.get("four_probability", session.params.four_probability)  # exact (a code keeps whole percents)
        g.params = session.params._replace(four_probability=rules.check_probability(p))
        session.params = g.params
        g.session = session
        g.rng = random.Random()
        if "rng" in d or "session" not in d:  # a session saved by the app has none: new tiles from a fresh one
            g.rng.setstate(_check_rng(d.get("rng")))
        return g

    def __repr__(self) -> str:
        return (f"Game(size={self.size}, score={self.score}, moves={self.moves}, won={self.won}, over={self.over}, "
                f"grid={self.grid})")


def _check_rng(state) -> tuple:
    """Validate the [version, internal state, gauss_next] triple of random.Random.getstate()."""
    ok = isinstance(state, list) and len(state) == 3
    if ok:
        version, internal, gauss = state
        ok = (version == 3 and rules.is_int(version) and isinstance(internal, list) and len(internal) == 625
              and all(rules.is_int(x) and 0 <= x < 1 << 32 for x in internal) and internal[-1] <= 624
              and (gauss is None or (isinstance(gauss, float))))
    if not ok:
        raise ValueError("saved game rng: expected the state of random.Random ([3, 625 ints, null or float])")
    return (3, tuple(internal), gauss)
