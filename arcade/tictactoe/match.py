"""One game of the tic-tac-toe family as the scene plays it, pure (no pygame): the variant, who plays which side
(a person or the AI at a level), the moves, undo, the result, and a plain-dict form for the saved game.

    m = Match("3x3", opponent="ai", human="X", level="perfect")
    m.play(1, 1)            # the person's move; m.ai_to_move is now True
    m.play(*ai_move)        # the AI's (the scene asks the worker for it)
    m.undo_turn()           # takes back the AI's move and the person's: the person is to move again
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import rules
from .rules import VARIANTS

__all__ = ["Match", "OPPONENTS", "SIDES", "RESULT_SCORE"]

OPPONENTS = ("ai", "friend")
SIDES = ("X", "O")
RESULT_SCORE = {"win": 2, "draw": 1, "loss": 0}  # the "score" a finished game against the AI records


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
            raise ValueError(f"opponent must be 'ai' or 'friend', got {self.opponent!r}")
        if self.human not in SIDES:
            raise ValueError(f"side must be 'X' or 'O', got {self.human!r}")
        if self.level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, got {self.level!r}")
        moves, self.moves = list(self.moves), []
        self._rows = rules.empty_board(self.size)
        self._line = None
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
                self.play(r, c)
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

    # ----- the saved game -----
    def to_dict(self) -> dict:
        return {"variant": self.variant, "opponent": self.opponent, "human": self.human, "level": self.level,
                "moves": [list(m) for m in self.moves]}

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
            return cls(d.get("variant"), d.get("opponent"), d.get("human"), d.get("level"), [tuple(m) for m in moves])
        except (ValueError, IndexError, TypeError) as e:
            raise ValueError(f"not a saved game: {e}") from None
