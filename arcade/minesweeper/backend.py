"""Minesweeper's session backend: what the engine's session layer needs to know about the game (pure, no pygame).

Parameters: the size, the first-click rule and no-guess, written in a game code as the level's name or
``ROWSxCOLSmMINES`` (``expert``, ``20x24m99``), plus ``.safe`` for the safe-cell-only first click and ``.ng`` for
a no-guess board. A state is a :class:`~arcade.minesweeper.field.Field` (a fresh copy after every move, so undo
has every position). Moves carry the milliseconds since the first click (the game's clock):

    ("O", cell, ms)          open (the first open places the mines: ("O", cell, ms, layout) records where)
    ("C", cell, ms)          chord on a number
    ("M", cell, mark, ms)    set a covered cell's mark: 0 none, 1 flag, 2 question mark

The first open's layout comes from the seed (:meth:`MinesBackend.layout`, also called off the UI thread by the
scene, since a no-guess layout takes a while), so a code and the same clicks give the same field anywhere; it is
recorded with the move, so a replay never needs the generator.
"""
from __future__ import annotations

import copy
import random
import re
from typing import NamedTuple

from arcade.engine.i18n import _, ngettext
from arcade.engine.replays import base36, decode_events
from arcade.engine.session import Backend, Result, count, rng_for
from arcade.minesweeper import ID, LEVEL_TITLES, best_key
from arcade.minesweeper.field import (CUSTOM_HEIGHT, CUSTOM_WIDTH, LEVELS, RULES, Field, check_custom, check_size, deal,
                                      level_of, max_custom_mines)

__all__ = ["Params", "MinesBackend", "BACKEND", "cleared"]

_CUSTOM = re.compile(r"(\d{1,3})x(\d{1,3})m(\d{1,5})")
_MOVE = re.compile(r"([OC])([0-9a-z]{1,4})\.([0-9a-z]{1,8})(?::([0-9a-f]+))?|M([012])([0-9a-z]{1,4})\.([0-9a-z]{1,8})")
NOGUESS_SECONDS = 20.0


class Params(NamedTuple):
    rows: int = 9
    cols: int = 9
    mines: int = 10
    rule: str = "opening"
    no_guess: bool = False

    @property
    def level(self) -> str:
        return level_of(self.rows, self.cols, self.mines)


def cleared(f: Field) -> int:
    """The share of the safe cells opened, in per cent."""
    return round(100 * f.opened / (f.size - f.mines))


def _copy(f: Field) -> Field:
    g = copy.copy(f)
    g._mine, g._state, g._mark, g._count = bytearray(f._mine), bytearray(f._state), bytearray(f._mark), \
        bytearray(f._count)
    return g


class MinesBackend(Backend):
    id = ID
    lower_is_better = True  # the best is the time of a win
    hinted_best = False  # a hint or the odds overlay: the game is recorded, but sets no best time

    # ----- parameters -----
    def parse_params(self, text: str) -> Params:
        if not isinstance(text, str):
            raise ValueError("minesweeper parameters: not text")
        head, *flags = text.split(".")
        if head in LEVELS:
            rows, cols, mines = LEVELS[head]
        else:
            m = _CUSTOM.fullmatch(head)
            if not m:
                raise ValueError(f"minesweeper parameters {text!r}: a level ({', '.join(LEVELS)}) or RxCmM like "
                                 "20x24m99")
            rows, cols, mines = (int(g) for g in m.groups())
            check_size(rows, cols, mines)
        if any(f not in ("safe", "ng") for f in flags) or len(set(flags)) != len(flags):
            raise ValueError(f"minesweeper parameters {text!r}: options are .safe and .ng")
        return Params(rows, cols, mines, "safe" if "safe" in flags else "opening", "ng" in flags)

    def code_params(self, text: str) -> Params:
        """A code's field: a level, or a custom field within the limits ``--custom`` and the custom card keep
        (:func:`arcade.minesweeper.field.check_custom`); a replay may hold any field :meth:`parse_params` reads."""
        p = self.parse_params(text)
        if p.level == "custom":
            try:
                check_custom(p.cols, p.rows, p.mines)
            except ValueError as e:
                raise ValueError(f"minesweeper field {text.split('.')[0]}: {e}") from None
        return p

    def params_text(self, p: Params) -> str:
        level = p.level
        text = level if level != "custom" else f"{p.rows}x{p.cols}m{p.mines}"
        return text + (".safe" if p.rule == "safe" else "") + (".ng" if p.no_guess else "")

    @staticmethod
    def custom_setting(setting) -> tuple[int, int, int]:
        """The custom field of the settings as (width, height, mines), whole numbers within the limits (the
        settings keep numbers as floats: 24.0 is the height 24)."""
        w = max(CUSTOM_WIDTH[0], min(CUSTOM_WIDTH[1], round(setting("mines.custom_width"))))
        h = max(CUSTOM_HEIGHT[0], min(CUSTOM_HEIGHT[1], round(setting("mines.custom_height"))))
        return w, h, max(1, min(max_custom_mines(w, h), round(setting("mines.custom_mines"))))

    def new_params(self, setting, options: dict) -> Params:
        custom = options.get("custom")
        level = options.get("level") or setting("mines.level")
        if custom:
            rows, cols, mines = custom
        elif level == "custom":  # the custom field of the settings
            cols, rows, mines = self.custom_setting(setting)
        else:
            rows, cols, mines = LEVELS[level]
        rule = options.get("first_click") or setting("mines.first_click")
        no_guess = options.get("no_guess")
        no_guess = bool(setting("mines.no_guess")) if no_guess is None else bool(no_guess)
        check_size(rows, cols, mines)
        if rule not in RULES:
            raise ValueError(f"first-click rule {rule!r}")
        return Params(rows, cols, mines, rule, no_guess)

    def fits(self, p: Params, options: dict) -> bool:
        """A saved game is continued unless the command line asks for another level or size."""
        custom, level = options.get("custom"), options.get("level")
        if custom:
            return tuple(custom) == (p.rows, p.cols, p.mines)
        return level is None or level == p.level

    def board(self, p: Params) -> str:
        """The level ("expert") or the custom field ("20x24m99"): each keeps its own game in progress."""
        level = p.level
        return level if level != "custom" else f"{p.rows}x{p.cols}m{p.mines}"

    def board_title(self, board: str) -> str:
        """"Expert", or a custom field as the replays list writes it, "20x24/99"."""
        if board in LEVEL_TITLES:
            return _(LEVEL_TITLES[board])
        m = _CUSTOM.fullmatch(board)
        return f"{m.group(1)}x{m.group(2)}/{m.group(3)}" if m else board

    # ----- the game -----
    def start(self, p: Params, seed: int) -> Field:
        return Field(p.rows, p.cols, p.mines, rule=p.rule, question_marks=True)

    def layout(self, p: Params, seed: int, cell: int) -> tuple[int, ...]:
        """The mines of the game with ``seed`` whose first click is on ``cell`` (no-guess: solvable from there
        without guessing, when the generator finds one in time)."""
        return self._layout_from(p, rng_for(seed, 0), cell)

    def apply(self, p: Params, state: Field, move, rng: random.Random):
        kind, cell = move[0], move[1]
        if not isinstance(cell, int) or not 0 <= cell < state.size:
            raise ValueError(f"cell {cell!r} is not on the field")
        if state.over:
            raise ValueError("the game is over")
        r, c = divmod(cell, state.cols)
        f = _copy(state)
        if kind == "O":
            ms = move[2]
            layout = move[3] if len(move) > 3 else None
            if not f.placed:
                if layout is None:
                    layout = self._layout_from(p, rng, cell)
                f.place_mines(cell, layout)
                layout = tuple(i for i in range(f.size) if f._mine[i])
            elif layout is not None:
                raise ValueError("the mines are already placed")
            if not f.open(r, c):
                raise ValueError("opens nothing")
            f.clock_ms = ms
            return f, ("O", cell, ms, layout) if not state.placed else ("O", cell, ms)
        if kind == "C":
            if not f.chord(r, c):
                raise ValueError("the chord opens nothing")
            f.clock_ms = move[2]
            return f, ("C", cell, move[2])
        if kind == "M":
            mark, ms = move[2], move[3]
            if f.is_open(r, c) or f.mark(r, c) == mark or mark not in (0, 1, 2):
                raise ValueError("changes no mark")
            f.set_mark(r, c, mark)
            f.clock_ms = ms
            return f, ("M", cell, mark, ms)
        raise ValueError(f"minesweeper move {move!r}")

    def _layout_from(self, p: Params, rng: random.Random, cell: int) -> tuple[int, ...]:
        # the same draw as layout(): rng is rng_for(seed, 0) here
        if p.no_guess:
            from arcade.minesweeper.noguess import generate

            found = generate(p.rows, p.cols, p.mines, divmod(cell, p.cols), rule=p.rule, seed=rng.getrandbits(64),
                             max_seconds=NOGUESS_SECONDS)["mines"]
            self.last_was_no_guess = found is not None
            if found is not None:
                return tuple(found)
        return tuple(sorted(deal(p.rows, p.cols, p.mines, cell, p.rule, rng)))

    last_was_no_guess = False  # whether the last layout() found a no-guess board (for the scene's message)

    def result(self, p: Params, f: Field) -> Result | None:
        if not f.over:
            return None
        fields = {"level": level_of(f.rows, f.cols, f.mines), "won": f.state == "won", "time_ms": f.clock_ms,
                  "rule": f.rule, "cleared": cleared(f), "no_guess": p.no_guess}
        if f.state == "won":
            return Result("won", 100, fields, best=max(1, f.clock_ms))
        return Result("lost", cleared(f), fields)

    def score(self, f: Field) -> int:
        return cleared(f)

    def encode(self, p: Params, move) -> str:
        kind, cell = move[0], move[1]
        if kind == "M":
            return f"M{move[2]}{base36(cell)}.{base36(move[3])}"
        token = f"{kind}{base36(cell)}.{base36(move[2])}"
        if kind == "O" and len(move) > 3 and move[3] is not None:
            bits = 0
            for i in move[3]:
                bits |= 1 << i
            token += ":" + format(bits, "x").zfill((p.rows * p.cols + 3) // 4)
        return token

    def decode(self, token: str, p: Params):
        m = _MOVE.fullmatch(token)
        if not m:
            raise ValueError(f"minesweeper input {token[:20]!r}")
        if m.group(5) is not None:
            return ("M", int(m.group(6), 36), int(m.group(5)), int(m.group(7), 36))
        kind, cell, ms, layout = m.group(1), int(m.group(2), 36), int(m.group(3), 36), m.group(4)
        if layout is None:
            return (kind, cell, ms)
        n = p.rows * p.cols
        bits = int(layout, 16)
        if len(layout) != (n + 3) // 4 or bits >> n:
            raise ValueError("minesweeper input: the mines' layout does not fit the field")
        return (kind, cell, ms, tuple(i for i in range(n) if bits >> i & 1))

    def best_key(self, p: Params) -> str:
        level = p.level if p.level != "custom" else f"{p.rows}x{p.cols}m{p.mines}"
        return best_key(level) + (".noguess" if p.no_guess else "")

    def summary(self, p: Params, f: Field, result, moves: int) -> dict:
        return {"level": p.level, "rows": p.rows, "cols": p.cols, "mines": p.mines, "state": f.state,
                "ms": f.clock_ms, "cleared": cleared(f), "inputs": moves, "no_guess": p.no_guess}

    def describe(self, summary: dict) -> str:
        """"Beginner · Won in 12.3 s · 25 inputs", "9x12/20 · Lost, 34 % cleared · 40 inputs · No-guess"."""
        level = summary["level"]
        if level == "custom":
            level = f"{count(summary, 'rows')}x{count(summary, 'cols')}/{count(summary, 'mines')}"
        elif level in LEVEL_TITLES:
            level = _(LEVEL_TITLES[level])
        else:
            raise ValueError(f"minesweeper replay summary: bad level {level!r}"[:120])
        state = summary["state"]
        if state == "won":
            end = _("Won in {s:.1f} s").format(s=count(summary, "ms") / 1000)
        else:
            end = (_("Lost, {n} % cleared") if state == "lost" else _("Left, {n} % cleared")).format(
                n=count(summary, "cleared", 100))
        inputs = count(summary, "inputs")
        parts = [level, end, ngettext("{n} input", "{n} inputs", inputs).format(n=f"{inputs:,}")]
        if summary.get("no_guess") is True:
            parts.append(_("No-guess"))
        return " · ".join(parts)

    # ----- older formats -----
    def legacy(self, data: dict) -> dict:
        """A replay or a save written before the session layer, as session data. A replay holds the size, rule,
        the layout in hex and the inputs as timed events; a save holds the field as it was (``{"field": ...,
        "elapsed_ms", "assisted", "no_guess"}``)."""
        if "field" in data:
            return self._legacy_save(data)
        rows, cols, mines, rule, layout, log = (data.get(k) for k in ("rows", "cols", "mines", "rule", "layout",
                                                                      "log"))
        check_size(rows, cols, mines)
        if rule not in RULES or not isinstance(layout, str) or not re.fullmatch("[0-9a-f]+", layout):
            raise ValueError("minesweeper replay: bad rule or layout")
        p = Params(rows, cols, mines, rule, bool(data.get("no_guess", False)))
        width = (rows * cols + 3) // 4
        if len(layout) != width:
            raise ValueError(f"minesweeper replay: the layout is not {width} hex digits")
        bits = int(layout, 16)
        if bits >> (rows * cols):
            raise ValueError("minesweeper replay: the layout does not fit the field")
        moves = _old_moves(log, tuple(i for i in range(rows * cols) if bits >> i & 1), "minesweeper replay")
        return self._session_data(p, data.get("seed"), moves)

    def _legacy_save(self, data: dict) -> dict:
        """A save of the field: its inputs from its log when they lead to the saved field, else opens and marks
        that lead there (a save older than replays, or a damaged log): the first click at 0 ms, the rest at the
        saved clock."""
        f = data["field"]
        if not isinstance(f, dict) or f.get("version") != 1:
            raise ValueError("minesweeper save: not a saved field of a known version")
        rows, cols, mines, rule, state = (f.get(k) for k in ("rows", "cols", "mines", "rule", "state"))
        try:
            check_size(rows, cols, mines)
        except ValueError as e:
            raise ValueError(f"minesweeper save: {e}") from None
        n = rows * cols
        openbits, marks, mine_cells, first, elapsed = f.get("open"), f.get("marks"), f.get("mine_cells"), \
            f.get("first_click"), data.get("elapsed_ms", 0)
        if rule not in RULES or state not in ("ready", "playing", "won", "lost"):
            raise ValueError(f"minesweeper save: rule {rule!r}, state {state!r}")
        if not isinstance(openbits, str) or len(openbits) != n or set(openbits) - set("01") \
                or not isinstance(marks, str) or len(marks) != n or set(marks) - set(".FQ"):
            raise ValueError(f"minesweeper save: its open cells and marks are not {n} characters each")
        if not isinstance(elapsed, int) or isinstance(elapsed, bool) or not 0 <= elapsed <= 10**11:
            raise ValueError(f"minesweeper save: elapsed_ms {elapsed!r}")
        p = Params(rows, cols, mines, rule, data.get("no_guess") is True)
        seed, want = f.get("seed"), (state, openbits, marks)
        if state == "ready":
            moves = []
        else:
            if not isinstance(mine_cells, list) or not all(isinstance(j, int) and 0 <= j < n for j in mine_cells) \
                    or not isinstance(first, int) or not 0 <= first < n:
                raise ValueError("minesweeper save: its mines or first click are not cells of the field")
            layout = tuple(sorted(mine_cells))
            try:
                moves = _old_moves(f.get("log"), layout, "minesweeper save")
                if _position(self, p, moves) != want:
                    raise ValueError("the log does not lead to the saved field")
            except ValueError:
                moves = self._moves_to(p, first, layout, openbits, marks, elapsed)
        if _position(self, p, moves) != want:
            raise ValueError("minesweeper save: its cells do not follow from its mines and first click")
        out = self._session_data(p, seed, moves)
        out["hints"] = 1 if data.get("assisted") is True else 0
        return out

    def _moves_to(self, p: Params, first: int, layout: tuple, openbits: str, marks: str, ms: int) -> list:
        """Opens (the first click first, carrying the layout) and marks that lead to a field with these cells."""
        moves, f = [("O", first, 0, layout)], self.start(p, 0)
        try:
            f = self.apply(p, f, moves[0], None)[0]
            for i in range(p.rows * p.cols):
                if openbits[i] == "1" and not f.is_open(*divmod(i, p.cols)) and not f.over:
                    moves.append(("O", i, ms))
                    f = self.apply(p, f, moves[-1], None)[0]
            for i, ch in enumerate(marks):
                if ch != "." and not f.over:
                    moves.append(("M", i, ".FQ".index(ch), ms))
                    f = self.apply(p, f, moves[-1], None)[0]
        except ValueError as e:
            raise ValueError(f"minesweeper save: {e}") from None
        return moves

    def _session_data(self, p: Params, seed, moves: list) -> dict:
        """The player's ``moves`` as session data, each at its own time."""
        return {"session": 1, "params": self.params_text(p), "seed": seed if isinstance(seed, int) and
                not isinstance(seed, bool) and seed >= 0 else 0, "log": ["p" + self.encode(p, m) for m in moves],
                "t": [m[3] if m[0] == "M" else m[2] for m in moves]}


KINDS, MARK_KINDS = "OCUFQ", "UFQ"  # the older log: open, chord, and a cell's mark set to none, flag, question mark


def _old_moves(log, layout: tuple, what: str) -> list:
    """The moves of an older format's log (``arcade.engine.replays.decode_events``), the first open carrying the
    layout."""
    moves = []
    for kind, i, ms in decode_events(log, KINDS, what):
        if kind in "OC":
            moves.append((kind, i, ms, layout) if kind == "O" and not moves else (kind, i, ms))
        else:
            moves.append(("M", i, MARK_KINDS.index(kind), ms))
    return moves


def _position(backend: MinesBackend, p: Params, moves: list) -> tuple:
    """(state, open cells, marks) of the field the moves lead to; ValueError for a move the rules refuse."""
    f = backend.start(p, 0)
    for m in moves:
        f = backend.apply(p, f, m, None)[0]
    return (f.state, "".join(str(v) for v in f._state), "".join(".FQ"[v] for v in f._mark))


BACKEND = MinesBackend()


def layout_job(params_text: str, seed: int, cell: int) -> dict:
    """The first click's mine layout, in the AI worker (a no-guess board can take seconds): ``{"mines": cells,
    "no_guess": whether the layout is a no-guess one, "seconds": s}``."""
    import time

    p = BACKEND.parse_params(params_text)
    t0 = time.perf_counter()
    mines = BACKEND.layout(p, seed, cell)
    found = p.no_guess and BACKEND.last_was_no_guess
    return {"mines": list(mines), "no_guess": found, "seconds": time.perf_counter() - t0}
