"""The Gomocup protocol (Piskvork's "brain" protocol), engine side: ``arcade gomoku-engine`` plays our Gomoku AI
for any Gomocup manager (Piskvork, Yixin board, a tournament's gomocup manager) on stdin/stdout. Pure: a
:class:`Brain` turns each line the manager sends into the lines it answers.

Commands (coordinates are ``x,y``: column, row, from 0):

=================  ======================================================================================
``START N``        a new N x N board (5..40): ``OK``, or ``ERROR`` for a size we do not play
``RECTSTART W,H``  a W x H board
``RESTART``        a new game on the same board: ``OK``
``BEGIN``          we move first: our move
``TURN x,y``       the opponent played there: our move
``BOARD`` ...      ``x,y,field`` lines (1 ours, 2 theirs, 3 a continuous-game stone) in the order played, then
                   ``DONE``: our move on that position (the side to move follows from the order)
``TAKEBACK x,y``   the stone there is taken back: ``OK``
``INFO key v``     ``timeout_turn``, ``timeout_match``, ``time_left`` (ms), ``max_memory`` (bytes), ``rule``
                   (bit 1 exactly five, 2 continuous, 4 renju, 8 caro: we play freestyle, five or more wins, and
                   say so in an ``ERROR`` line for any other rule), ``game_type``, ``folder``; no answer
``ABOUT``          ``name="arcade", version=..., author=..., country=..., www=...``
``END``            the brain ends
=================  ======================================================================================

Anything else is answered ``UNKNOWN``; a malformed line or an illegal stone ``ERROR`` with the reason, and the
brain goes on. The time a move: at most ``timeout_turn`` (and a share of ``time_left`` when the match has a clock),
less a safety margin; the search is stopped by a wall clock ceiling under it, so the answer is never late.
"""
from __future__ import annotations

import random
import sys
import time

from arcade import __version__

__all__ = ["Brain", "main", "move_seconds", "ABOUT", "add_arguments", "run"]

ABOUT = f'name="arcade", version="{__version__}", author="the arcade authors", country="-"'
MIN_SIZE, MAX_SIZE = 5, 40
MARGIN_S = 0.15  # answered this much before the turn's time is up (Python, the pipes, the manager's clock)
MOVES_LEFT = 25  # a match clock is shared out as if this many moves were still to play


def move_seconds(timeout_turn_ms: int | None, timeout_match_ms: int | None, time_left_ms: int | None) -> float:
    """The seconds the next move may take: the turn's limit and a share of what is left of the match's clock,
    less :data:`MARGIN_S` (at least 10 ms). 0 in the protocol means "play as fast as you can"."""
    limits = []
    if timeout_turn_ms is not None and timeout_turn_ms > 0:
        limits.append(timeout_turn_ms / 1000)
    if time_left_ms is not None and timeout_match_ms:
        limits.append(max(0.0, time_left_ms / 1000) / MOVES_LEFT)
    if timeout_turn_ms == 0:
        limits.append(0.05)
    seconds = min(limits) if limits else 5.0
    return max(0.01, seconds - MARGIN_S if seconds > 2 * MARGIN_S else seconds * 0.5)


class Brain:
    """One engine: its board, whose stones are whose, and the time it is given."""

    def __init__(self, think=None):
        self.w = self.h = 0
        self.stones: list[tuple[int, int, int]] = []  # (x, y, player) in the order played; player 1 moved first
        self.me = 1
        self.info = {"timeout_turn": 30000, "timeout_match": 0, "time_left": None, "rule": 0}
        self.rule_said = False
        self.in_board: list | None = None
        self.think = think or _think
        self.ended = False

    # ----- the board -----
    def _occupied(self, x: int, y: int) -> bool:
        return any(sx == x and sy == y for sx, sy, _ in self.stones)

    def _parse_xy(self, text: str) -> tuple[int, int]:
        try:
            x, y = (int(v) for v in text.split(","))
        except ValueError:
            raise ValueError(f"expected x,y, got {text!r}") from None
        if not (0 <= x < self.w and 0 <= y < self.h):
            raise ValueError(f"{x},{y} is off the {self.w}x{self.h} board")
        return x, y

    def _rows(self) -> list[str]:
        rows = [["."] * self.w for _ in range(self.h)]
        for x, y, p in self.stones:
            rows[y][x] = "X" if p == 1 else "O"
        return ["".join(r) for r in rows]

    def _next_player(self) -> int:
        return 1 if len(self.stones) % 2 == 0 else 2

    def _our_move(self) -> list[str]:
        if self.w == 0:
            return ["ERROR no board: START first"]
        if len(self.stones) >= self.w * self.h:
            return ["ERROR the board is full"]
        self.me = self._next_player()
        seconds = move_seconds(self.info.get("timeout_turn"), self.info.get("timeout_match"),
                               self.info.get("time_left"))
        t0 = time.perf_counter()
        try:
            x, y = self.think(self._rows(), seconds)
        except Exception as e:  # the search itself failed: any empty point near the stones, never a silence
            x, y = self._any_move()
            out = [f"ERROR the search failed ({type(e).__name__}: {e}); playing {x},{y}"]
        else:
            out = []
        if not (0 <= x < self.w and 0 <= y < self.h) or self._occupied(x, y):
            x, y = self._any_move()
        self.stones.append((x, y, self.me))
        spent = time.perf_counter() - t0
        out.append(f"MESSAGE {spent * 1000:.0f} ms of {seconds * 1000:.0f}")
        return out + [f"{x},{y}"]

    def _any_move(self) -> tuple[int, int]:
        cx, cy = self.w // 2, self.h // 2
        cells = sorted(((x, y) for y in range(self.h) for x in range(self.w) if not self._occupied(x, y)),
                       key=lambda c: abs(c[0] - cx) + abs(c[1] - cy))
        return cells[0]

    # ----- the protocol -----
    def handle(self, line: str) -> list[str]:
        """The lines that answer ``line`` (maybe none)."""
        line = line.strip()
        if self.in_board is not None:
            return self._board_line(line)
        if not line:
            return []
        word, _, rest = line.partition(" ")
        cmd = word.upper()
        try:
            if cmd == "START":
                return self._start(rest.strip(), rest.strip())
            if cmd == "RECTSTART":
                w, _, h = rest.strip().partition(",")
                return self._start(w, h)
            if cmd == "RESTART":
                if self.w == 0:
                    return ["ERROR no board: START first"]
                self.stones = []
                return ["OK"]
            if cmd == "BEGIN":
                if self.stones:
                    return ["ERROR BEGIN on a board with stones"]
                return self._our_move()
            if cmd == "TURN":
                if self.w == 0:
                    return ["ERROR no board: START first"]
                x, y = self._parse_xy(rest.strip())
                if self._occupied(x, y):
                    return [f"ERROR {x},{y} is taken"]
                self.stones.append((x, y, self._next_player()))
                return self._our_move()
            if cmd == "BOARD":
                if self.w == 0:
                    return ["ERROR no board: START first"]
                self.in_board = []
                return []
            if cmd == "TAKEBACK":
                x, y = self._parse_xy(rest.strip())
                for i in range(len(self.stones) - 1, -1, -1):
                    if self.stones[i][:2] == (x, y):
                        del self.stones[i]
                        return ["OK"]
                return [f"ERROR no stone at {x},{y}"]
            if cmd == "INFO":
                return self._info(rest)
            if cmd == "ABOUT":
                return [ABOUT]
            if cmd == "END":
                self.ended = True
                return []
        except ValueError as e:
            return [f"ERROR {e}"]
        shown = "".join(ch for ch in word if ch.isprintable() and not ch.isspace())[:40]
        return [f"UNKNOWN {shown}"]

    def _start(self, w_text: str, h_text: str) -> list[str]:
        try:
            w, h = int(w_text), int(h_text)
        except ValueError:
            return [f"ERROR START needs a size, got {w_text!r}"]
        if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
            return [f"ERROR size {w}x{h} is not supported ({MIN_SIZE}..{MAX_SIZE})"]
        self.w, self.h, self.stones = w, h, []
        if self.think is _think and w >= 5 and h >= 5:  # load the compiled searches now, not in the first move
            from arcade.tictactoe.gomoku import warm_compiled

            warm_compiled(h, w, 5, background=True)  # (the plain searches play until they are loaded)
        return ["OK"]

    def _board_line(self, line: str) -> list[str]:
        if line.upper() == "DONE":
            entries, self.in_board = self.in_board, None
            stones = []
            taken = set()
            for x, y, field in entries:
                if (x, y) in taken:
                    return [f"ERROR {x},{y} is given twice"]
                taken.add((x, y))
                stones.append((x, y, field))
            # the order played: the first stone's owner moved first (player 1); a board with none: we move first
            first = stones[0][2] if stones else 1
            self.stones = [(x, y, 1 if f == first else 2) for x, y, f in stones]
            return self._our_move()
        if not line:
            return []
        try:
            x, y, field = (int(v) for v in line.split(","))
        except ValueError:
            self.in_board = None
            return [f"ERROR a BOARD line is x,y,field, got {line!r}"]
        if not (0 <= x < self.w and 0 <= y < self.h) or field not in (1, 2, 3):
            self.in_board = None
            return [f"ERROR bad BOARD line {line!r}"]
        self.in_board.append((x, y, 1 if field in (1, 3) else 2))
        return []

    def _info(self, rest: str) -> list[str]:
        key, _, value = rest.strip().partition(" ")
        key = key.lower()
        if key in ("timeout_turn", "timeout_match", "time_left", "max_memory", "rule", "game_type"):
            try:
                self.info[key] = int(value)
            except ValueError:
                return [f"ERROR INFO {key} needs a number, got {value!r}"]
            if key == "rule" and self.info["rule"] & ~2 and not self.rule_said:  # continuous play is fine
                self.rule_said = True
                return [f"ERROR rule {self.info['rule']} is not supported: arcade plays freestyle (five or more "
                        "wins); it plays on by that rule"]
        return []


def _think(rows: list[str], seconds: float) -> tuple[int, int]:
    from arcade.tictactoe.gomoku import Board, Engine

    board = Board.from_rows(rows, 5)
    eng = Engine(board, budget=seconds * 0.9, wall=seconds, rng=random.Random(len(board.moves)))
    res = eng.choose()
    w = len(rows[0])
    return res.move % w, res.move // w


def main(stdin=None, stdout=None, think=None) -> int:
    """The brain's loop: a line in, its answers out (flushed at once), until END or the end of input."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    brain = Brain(think)
    for line in stdin:
        for answer in brain.handle(line):
            stdout.write(answer + "\n")
        stdout.flush()
        if brain.ended:
            break
    return 0


def add_arguments(parser) -> None:
    """``arcade gomoku-engine``: no options; it reads the protocol on stdin and answers on stdout."""


def run(args) -> int:
    return main()
