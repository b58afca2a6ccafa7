"""One game of the tic-tac-toe family as the scene plays it, pure (no pygame): the variant, who plays which side
(a person or the AI at a level), the moves, undo, the result, and a plain-dict form for the saved game.

    m = Match("3x3", opponent="ai", human="X", level="perfect")
    m.play(1, 1)            # the person's move; m.ai_to_move is now True
    m.play(*ai_move)        # the AI's (the scene asks the worker for it)
    m.undo_turn()           # takes back the AI's move and the person's: the person is to move again

Every move, undo and swap is kept in ``log`` as ``(kind, arg, ms)`` (``"M"`` a move on cell ``row * size + col``,
``"U"`` an undo of ``arg`` moves, ``"S"`` a swap of sides), ``ms`` being ``clock_ms``, which the owner keeps at the
milliseconds since the game began: with the variant, the sides and the level it is the game's replay
(``arcade.tictactoe.replay``). A match built with moves (or from a save older than replays) logs them at 0 ms.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from arcade.engine.replays import decode_events, encode_events

from . import rules
from .rules import VARIANTS

__all__ = ["Match", "OPPONENTS", "SIDES", "RESULT_SCORE", "KINDS"]

OPPONENTS = ("ai", "friend", "engine")  # engine: a Gomocup engine run beside the game (Gomoku only)
SIDES = ("X", "O")
RESULT_SCORE = {"win": 2, "draw": 1, "loss": 0}  # the "score" a finished game against the AI records
KINDS = "MUS"  # the log's kinds: a move, an undo, a swap


@dataclass
class Match:
    variant: str = "3x3"
    opponent: str = "ai"     # "ai" or "friend" (two people at one screen)
    human: str = "X"         # the person's side against the AI
    level: str = "perfect"
    moves: list[tuple[int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        from .ai import LEVELS

        if self.variant not in VARIANTS:
            raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, got {self.variant!r}")
        if self.opponent not in OPPONENTS:
            raise ValueError(f"opponent must be 'ai', 'friend' or 'engine', got {self.opponent!r}")
        if self.human not in SIDES:
            raise ValueError(f"side must be 'X' or 'O', got {self.human!r}")
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, got {self.level!r}")
        moves, self.moves = list(self.moves), []
        self._rows = rules.empty_board(self.size)
        self._line = None
        self.log: list = []      # (kind, arg, ms) of every move, undo and swap
        self.clock_ms = 0        # the owner's clock, stamped on each
        for r, c in moves:
            self.play(int(r), int(c))

    # ----- the board -----
    @property
    def size(self) -> int:
        return VARIANTS[self.variant].size

    @property
    def k(self) -> int:
        return VARIANTS[self.variant].k

    @property
    def rows(self) -> tuple[str, ...]:
        return self._rows

    @property
    def to_move(self) -> str:
        return "X" if len(self.moves) % 2 == 0 else "O"

    @property
    def last(self) -> tuple[int, int] | None:
        return self.moves[-1] if self.moves else None

    @property
    def winner(self) -> str | None:
        return self._rows[self._line[0][0]][self._line[0][1]] if self._line else None

    @property
    def win_line(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The end cells of the winning run, for the line drawn through it."""
        return self._line

    @property
    def over(self) -> bool:
        return self._line is not None or len(self.moves) == self.size * self.size

    @property
    def ai(self) -> str | None:
        return None if self.opponent == "friend" else rules.other(self.human)

    @property
    def ai_to_move(self) -> bool:
        return self.opponent == "ai" and not self.over and self.to_move == self.ai

    @property
    def human_to_move(self) -> bool:
        return not self.over and not self.ai_to_move

    def result(self) -> str | None:
        """For the person against the AI: "win", "draw" or "loss" (None while playing). Against a friend: the
        winner "X" / "O" or "draw"."""
        if not self.over:
            return None
        if self.opponent == "friend":
            return self.winner or "draw"
        if self.winner is None:
            return "draw"
        return "win" if self.winner == self.human else "loss"

    def legal(self, row: int, col: int) -> bool:
        return not self.over and 0 <= row < self.size and 0 <= col < self.size and self._rows[row][col] == "."

    # ----- moves -----
    def play(self, row: int, col: int) -> None:
        self._put(row, col)
        self.log.append(("M", row * self.size + col, self.clock_ms))

    def _put(self, row: int, col: int) -> None:
        if self.over:
            raise ValueError("the game is over")
        self._rows = rules.place(self._rows, row, col, self.to_move)
        self.moves.append((row, col))
        self._line = rules.line_through(self._rows, row, col, self.k)

    def undo(self, n: int = 1) -> int:
        """Take back up to ``n`` moves; returns how many were taken back."""
        n = max(0, min(n, len(self.moves)))
        if n:
            moves = self.moves[:-n]
            self.moves = []
            self._rows = rules.empty_board(self.size)
            self._line = None
            for r, c in moves:
                self._put(r, c)
            self.log.append(("U", n, self.clock_ms))
        return n

    def undo_turn(self) -> int:
        """Against the AI: back to the person's previous turn (the AI's reply and the person's move, or just the
        person's move while the AI is thinking about it). Against a friend: one move."""
        if self.opponent == "friend":
            return self.undo(1)
        mine = [i for i, _ in enumerate(self.moves) if ("X" if i % 2 == 0 else "O") == self.human]
        if not mine:
            return 0
        return self.undo(len(self.moves) - mine[-1])

    def swap(self) -> None:
        """The person takes the other side (the AI takes over the side the person had)."""
        self.human = rules.other(self.human)
        self.log.append(("S", 0, self.clock_ms))

    def apply(self, kind: str, arg: int, ms: int = 0) -> None:
        """One logged input, checked (ValueError, one line): what a replay does with the log."""
        self.clock_ms = ms
        if kind == "M":
            r, c = divmod(arg, self.size)
            if not self.legal(r, c):
                raise ValueError(f"a move on row {r + 1}, column {c + 1}, which is not free or not on the board"
                                 if not self.over else "a move after the game was over")
            self.play(r, c)
        elif kind == "U":
            if not 1 <= arg <= len(self.moves):
                raise ValueError(f"an undo of {arg} moves with {len(self.moves)} on the board")
            self.undo(arg)
        elif kind == "S":
            if self.opponent != "ai" or self.over:
                raise ValueError("a swap of sides without the AI or after the game")
            self.swap()
        else:
            raise ValueError(f"an input of an unknown kind {kind!r}")

    @property
    def first_human(self) -> str:
        """The person's side when the game began (before the swaps in the log)."""
        swaps = sum(1 for k, _, _ in self.log if k == "S")
        return rules.other(self.human) if swaps % 2 else self.human

    # ----- the saved game -----
    def to_dict(self) -> dict:
        return {"variant": self.variant, "opponent": self.opponent, "human": self.human, "level": self.level,
                "moves": [list(m) for m in self.moves], "log": encode_events(self.log)}

    @classmethod
    def from_dict(cls, d: dict) -> "Match":
        """A match from :meth:`to_dict`'s form; ValueError (one line) if it is not one."""
        if not isinstance(d, dict):
            raise ValueError("a saved game must be a mapping")
        moves = d.get("moves", [])
        if not isinstance(moves, list) or not all(
                isinstance(m, (list, tuple)) and len(m) == 2 and all(type(v) is int for v in m) for m in moves):
            raise ValueError("saved moves must be [row, col] pairs")
        try:
            m = cls(d.get("variant"), d.get("opponent"), d.get("human"), d.get("level"), [tuple(m) for m in moves])
        except (ValueError, IndexError, TypeError) as e:
            raise ValueError(f"not a saved game: {e}") from None
        m.log = cls._checked_log(m, d.get("log"))
        m.clock_ms = m.log[-1][2] if m.log else 0
        return m

    @classmethod
    def _checked_log(cls, m: "Match", text) -> list:
        """The saved log when it leads to the saved position; otherwise (a save older than replays, a damaged
        log) the moves at 0 ms."""
        try:
            events = decode_events(text, KINDS, "saved log")
            again = cls(m.variant, m.opponent, m.human, m.level)
            swaps = sum(1 for k, _, _ in events if k == "S")
            again.human = rules.other(m.human) if swaps % 2 else m.human
            for kind, arg, ms in events:
                again.apply(kind, arg, ms)
            if again.moves == m.moves and again.human == m.human:
                return again.log
        except (ValueError, IndexError):
            pass
        return list(m.log)
