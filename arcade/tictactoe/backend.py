"""Tic-tac-toe's session backend (3x3, 4x4 and Gomoku): what the engine's session layer needs to know about the
game (pure, no pygame). No chance, so no game codes or daily game.

Parameters: the board, the opponent (the AI at a level, or a friend at the same screen) and the person's side when
the game began. A state is a :class:`Position`: the board, the moves in order, the person's side now (a swap hands
the AI the other side) and the winning run. A move is ``(row, col)`` or ``"swap"``; recorded as ``M<cell>`` (base
36) or ``S``. The person's moves are the player's, the AI opponent's are tagged as the opponent's (the game stays
the person's); the best is the longest run of wins against the AI.
"""
from __future__ import annotations

import random
from typing import NamedTuple

from arcade.engine.i18n import N_, _
from arcade.engine.replays import decode_events, encode_events
from arcade.engine.session import Backend, Result, moves_text
from arcade.tictactoe import ID, STREAK_KEY, VARIANT_TITLES, rules
from arcade.tictactoe.rules import PIECES as SIDES, VARIANTS

__all__ = ["Params", "Position", "TicTacToeBackend", "BACKEND", "outcome_of", "result_text",
           "side_name", "OPPONENTS", "SIDES", "RESULT_SCORE"]

OPPONENTS = ("ai", "friend", "engine")  # engine: a Gomocup engine run beside the game (Gomoku only)
RESULT_SCORE = {"win": 2, "draw": 1, "loss": 0}  # the "score" a finished game against the AI records
KINDS = "MUS"  # the older saves' and replays' log: a move, an undo of moves, a swap of sides

_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_VARIANT_TITLES = dict(VARIANT_TITLES)
_RESULTS = {"win": N_("Won"), "loss": N_("Lost"), "draw": N_("Drawn"), None: N_("Left unfinished")}  # for the person


class Params(NamedTuple):
    variant: str = "3x3"
    opponent: str = "ai"
    human: str = "X"
    level: str = "perfect"

    @property
    def size(self) -> int:
        return VARIANTS[self.variant].size

    @property
    def k(self) -> int:
        return VARIANTS[self.variant].k


class Position(NamedTuple):
    rows: tuple
    moves: tuple = ()
    human: str = "X"
    line: tuple | None = None

    @property
    def to_move(self) -> str:
        return "X" if len(self.moves) % 2 == 0 else "O"

    @property
    def winner(self) -> str | None:
        return self.rows[self.line[0][0]][self.line[0][1]] if self.line else None

    @property
    def over(self) -> bool:
        return self.line is not None or len(self.moves) == len(self.rows) ** 2


def outcome_of(p: Params, pos: Position) -> str | None:
    """Against the AI: "win", "draw" or "loss" for the person; between friends: "X", "O" or "draw"."""
    if not pos.over:
        return None
    if p.opponent == "friend":
        return pos.winner or "draw"
    if pos.winner is None:
        return "draw"
    return "win" if pos.winner == pos.human else "loss"


def side_name(variant: str, side: str) -> str:
    """X and O on the small boards; Black and White on Gomoku (in English: translated where shown)."""
    if variant == "gomoku":
        return "Black" if side == "X" else "White"
    return side


def result_text(variant: str, res) -> str:
    """How a game ended (:func:`outcome_of`), in the current language: "Won", "Drawn", "Left unfinished" for the
    person against the AI, "X won" or "Black won" between friends; ``ValueError`` for anything else."""
    if res in _RESULTS:
        return _(_RESULTS[res])
    if res in SIDES:
        return _("{side} won").format(side=_(side_name(variant, res)))
    raise ValueError(f"tic-tac-toe result {res!r}"[:120])


def _b36(n: int) -> str:
    return _B36[n] if n < 36 else _B36[n // 36] + _B36[n % 36]


class TicTacToeBackend(Backend):
    id = ID
    name = "tic-tac-toe"
    chance = False
    streak_key = STREAK_KEY

    def parse_params(self, text: str) -> Params:
        from arcade.tictactoe.ai import LEVELS

        parts = text.split(".") if isinstance(text, str) else []
        if len(parts) != 4:
            raise ValueError(f"tic-tac-toe parameters {text!r}: BOARD.OPPONENT.SIDE.LEVEL like 3x3.ai.x.perfect")
        variant, opponent, side, level = parts
        side = side.upper()
        if variant not in VARIANTS or opponent not in OPPONENTS or side not in SIDES or level not in LEVELS:
            raise ValueError(f"tic-tac-toe parameters {text!r}: unknown board, opponent, side or level")
        return Params(variant, opponent, side, level)

    def params_text(self, p: Params) -> str:
        return f"{p.variant}.{p.opponent}.{p.human.lower()}.{p.level}"

    def new_params(self, setting, options: dict) -> Params:
        variant = options.get("variant") or setting("tictactoe.variant")
        opponent = "friend" if options.get("friend") else "engine" if options.get("engine") else \
            setting("tictactoe.opponent")
        if opponent == "engine" and (variant != "gomoku" or not setting("tictactoe.engine")):
            opponent = "ai"  # an engine plays Gomoku, and only once one is named
        return self.parse_params(self.params_text(Params(variant, opponent, options.get("side") or setting("tictactoe.side"),
                                                         options.get("level") or setting("tictactoe.level"))))

    def fits(self, p: Params, options: dict) -> bool:
        """A saved game is continued unless the command line asks for another board, level, side or a friend."""
        return (options.get("variant") in (None, p.variant) and options.get("level") in (None, p.level)
                and options.get("side") in (None, p.human) and (not options.get("friend") or p.opponent == "friend")
                and (not options.get("engine") or p.opponent == "engine"))

    def board(self, p: Params) -> str:
        """"3x3", "4x4" or "gomoku": each board keeps its own game in progress (whoever it is against)."""
        return p.variant

    def board_title(self, board: str) -> str:
        return _(_VARIANT_TITLES[board]) if board in _VARIANT_TITLES else board

    def start(self, p: Params, seed: int) -> Position:
        return Position(rules.empty_board(p.size), (), p.human, None)

    def apply(self, p: Params, pos: Position, move, rng: random.Random):
        if pos.over:
            raise ValueError("the game is over")
        if move == "swap":
            if p.opponent != "ai":
                raise ValueError("a swap of sides needs the AI")
            return pos._replace(human=rules.other(pos.human)), "swap"
        r, c = move
        if not (0 <= r < p.size and 0 <= c < p.size) or pos.rows[r][c] != ".":
            raise ValueError(f"row {r + 1}, column {c + 1} is not free")
        rows = rules.place(pos.rows, r, c, pos.to_move)
        return Position(rows, pos.moves + ((r, c),), pos.human, rules.line_through(rows, r, c, p.k)), (r, c)

    def result(self, p: Params, pos: Position) -> Result | None:
        res = outcome_of(p, pos)
        if res is None:
            return None
        fields = {"variant": p.variant, "opponent": p.opponent, "result": res}
        if p.opponent == "friend":
            return Result("over", 0, fields)
        fields.update(level=p.level, side=pos.human)
        if p.opponent == "engine":
            fields["level"] = "engine"  # an engine's games are not the AI's levels
        return Result({"win": "won", "loss": "lost", "draw": "draw"}[res], RESULT_SCORE[res], fields)

    def encode(self, p: Params, move) -> str:
        return "S" if move == "swap" else "M" + _b36(move[0] * p.size + move[1])

    def decode(self, token: str, p: Params):
        if token == "S":
            return "swap"
        if token[:1] != "M" or not 2 <= len(token) <= 3 or any(ch not in _B36 for ch in token[1:]):
            raise ValueError(f"tic-tac-toe input {token!r}")
        cell = int(token[1:], 36)
        if cell >= p.size * p.size:
            raise ValueError(f"tic-tac-toe input {token!r}: not on the board")
        return divmod(cell, p.size)

    def best_key(self, p: Params) -> str:
        return STREAK_KEY

    def score(self, pos: Position) -> int:
        return 0

    def summary(self, p: Params, pos: Position, result, moves: int) -> dict:
        return {"variant": p.variant, "result": outcome_of(p, pos), "moves": len(pos.moves)}

    def describe(self, summary: dict) -> str:
        """"3 x 3 · Won · 5 moves", "Gomoku 15 x 15 · Black won · 41 moves" (between friends)."""
        variant = summary["variant"]
        if variant not in _VARIANT_TITLES:
            raise ValueError(f"tic-tac-toe replay summary: bad variant {variant!r}"[:120])
        return f"{_(_VARIANT_TITLES[variant])} · {result_text(variant, summary['result'])} · " \
               f"{moves_text(summary['moves'])}"

    def legacy(self, data: dict) -> dict:
        """A replay or a save written before the session layer: the board, sides, level and the log of moves
        (``M`` cell), undos (``U`` count) and swaps (``S``) with their times. A save also lists its ``moves`` and
        names the person's side now; a save older than replays has no log, and a log that does not lead to the
        saved moves is not trusted: the moves are then read at 0 ms."""
        variant, opponent, human, level, log = (data.get(k) for k in ("variant", "opponent", "human", "level",
                                                                      "log"))
        if "moves" in data and "result" not in data:
            log, human = self._save_log(data)
        p = self.parse_params(f"{variant}.{opponent}.{str(human).lower()}.{level}")
        events, times, line = [], [], []  # line: the session's current line, "S" for a swap, else a cell
        side = p.human

        def put(event, ms):
            events.append(event)
            times.append(ms)

        for kind, arg, ms in decode_events(log, KINDS, "tic-tac-toe replay"):
            if kind == "M":
                mover = "X" if sum(1 for e in line if e != "S") % 2 == 0 else "O"
                who = "p" if p.opponent == "friend" or mover == side else "o"
                put(f"{who}M{_b36(arg)}", ms)
                line.append(arg)
            elif kind == "U":  # an undo of moves keeps the swaps made since: take them back, then again
                swaps = 0
                while arg > 0:
                    if not line:
                        raise ValueError("tic-tac-toe replay: an undo with nothing to undo")
                    e = line.pop()
                    put("~u", ms)
                    if e == "S":
                        swaps += 1
                    else:
                        arg -= 1
                for _ in range(swaps):
                    put("pS", ms)
                    line.append("S")
            else:
                side = rules.other(side)
                put("pS", ms)
                line.append("S")
        out = {"session": 1, "params": self.params_text(p), "seed": 0, "log": events, "t": times}
        if "result" in data:  # a finished game: it must end as recorded
            from arcade.engine.session import Session

            end = Session.from_dict(self, out).state
            if not end.over:
                raise ValueError("tic-tac-toe replay: the moves do not finish the game")
            if outcome_of(Params(p.variant, p.opponent, end.human, p.level), end) != data["result"]:
                raise ValueError(f"tic-tac-toe replay: the moves do not end as recorded ({data['result']!r})")
        return out

    def _save_log(self, data: dict) -> tuple[str, str]:
        """The log of a save (a log leading to its moves, else its moves at 0 ms) and the person's side at the
        start."""
        variant, opponent, human, level, moves = (data.get(k) for k in ("variant", "opponent", "human", "level",
                                                                        "moves"))
        p = self.parse_params(f"{variant}.{opponent}.{str(human).lower()}.{level}")
        if not isinstance(moves, list) or not all(isinstance(m, list) and len(m) == 2 and all(
                type(v) is int and 0 <= v < p.size for v in m) for m in moves):
            raise ValueError("tic-tac-toe save: its moves are not [row, col] pairs on the board")
        cells = [r * p.size + c for r, c in moves]
        try:
            events = decode_events(data.get("log"), KINDS, "tic-tac-toe save")
            swaps = sum(1 for kind, _, _ in events if kind == "S")
            side = rules.other(p.human) if swaps % 2 else p.human
            line = []
            for kind, arg, _ms in events:
                if kind == "M":
                    line.append(arg)
                elif kind == "U":
                    del line[max(0, len(line) - arg):]
            if line == cells:
                return data["log"], side
        except ValueError:
            pass
        return encode_events(("M", cell, 0) for cell in cells), p.human


BACKEND = TicTacToeBackend()
