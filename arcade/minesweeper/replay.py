"""Minesweeper replays: a finished game as its size, first-click rule, the mines' layout and every input with its
time (see ``Field.log``), and the positions they lead to through the pure :class:`~arcade.minesweeper.field.Field`.
Pure (no pygame).

The record (``Replay.data``)::

    {"rows": 16, "cols": 16, "mines": 40, "rule": "opening", "no_guess": false, "seed": 81234,
     "layout": "<the mines as a hex bit mask, cell r * cols + c is bit r * cols + c>",
     "log": "O2s.0F1b.8c...",            # the inputs, arcade.engine.replays.encode_events (ms since the first click)
     "state": "won", "time_ms": 12345, "question_marks": false, "assisted": false}

The layout is what replays (a no-guess board's layout came from its generator, not from ``seed``, which is kept
for information); the first ``O`` input is the first click, where the layout is placed (the rule's free zone must
hold no mine). Replaying checks every input: an input that would change nothing, a cell off the board, a game
that does not end as recorded: ``ValueError`` with one line.
"""
from __future__ import annotations

from typing import NamedTuple

from arcade.engine.replays import Replay, decode_events, encode_events
from arcade.minesweeper import ID, LEVEL_TITLES
from arcade.minesweeper.field import KINDS, MARK_KINDS, RULES, Field, check_size

__all__ = ["Step", "record", "check", "steps", "replay", "fingerprint", "validate", "label", "layout_hex"]

WHAT = "minesweeper replay"
MAX_CELL_STEPS = 40_000_000  # (inputs + 1) x cells: the positions of a replay are kept as one string each
MAX_INPUTS = 100_000         # and at most this many inputs (a 100 x 100 game takes a few thousand)
_VIEW_OF = str.maketrans({"?": "#", "*": "#", "X": "*", "x": "F"})  # display -> the solver's view


class Step(NamedTuple):
    """A position of the replay: after input ``kind`` on ``cell`` (None for the start) at ``ms``."""

    board: str              # Field.display(), its rows joined
    cols: int
    state: str
    mines_left: int
    ms: int
    kind: str | None        # "O" open, "C" chord, "F" flag, "Q" question mark, "U" mark off
    cell: tuple | None
    opened: int             # safe cells open after it

    @property
    def display(self) -> tuple:
        """What the board shows (Field.display())."""
        b, n = self.board, self.cols
        return tuple(b[i:i + n] for i in range(0, len(b), n))

    @property
    def view(self) -> tuple:
        """What the solver sees (Field.view())."""
        b, n = self.board.translate(_VIEW_OF), self.cols
        return tuple(b[i:i + n] for i in range(0, len(b), n))


def layout_hex(field: Field) -> str:
    """The mines as a bit mask in hex (``ceil(cells / 4)`` digits)."""
    bits = 0
    for r, c in field.mine_cells():
        bits |= 1 << (r * field.cols + c)
    return format(bits, "x").zfill((field.size + 3) // 4)


def fingerprint(field: Field) -> tuple:
    """Everything a replay must reproduce: the result, what every cell shows, the counters, the first click."""
    return (field.rows, field.cols, field.mines, field.state, field.display(), field.view(), field.opened,
            field.flags, field.exploded, field.placement, field.first_click, tuple(field.mine_cells()))


def record(field: Field, *, time_ms: int, no_guess: bool = False, assisted: bool = False,
           best: bool = False) -> Replay | None:
    """The replay of a finished ``field``, or None when it cannot be replayed (a game restored from a save older
    than replays, or whose inputs do not lead to it: the record is checked by replaying it)."""
    if field.log is None or not field.log or not field.placed or not field.over:
        return None
    data = {"rows": field.rows, "cols": field.cols, "mines": field.mines, "rule": field.rule,
            "no_guess": bool(no_guess), "seed": field.seed, "layout": layout_hex(field),
            "log": encode_events(field.log), "state": field.state, "time_ms": max(0, int(time_ms)),
            "question_marks": field.question_marks, "assisted": bool(assisted)}
    try:
        if fingerprint(replay(data)) != fingerprint(field):
            return None
    except ValueError:
        return None
    cleared = round(100 * field.opened / (field.size - field.mines))
    level = LEVEL_TITLES.get(field.level_name, f"{field.rows}x{field.cols}/{field.mines}")
    result = f"won in {time_ms / 1000:.1f} s" if field.state == "won" else f"lost, {cleared} % cleared"
    extras = (" · no guess" if no_guess else "") + (" · AI" if assisted else "")
    title = f"{level} · {result} · {len(field.log)} inputs{extras}"
    return Replay(ID, cleared, data, best=best, title=title)


def label(replay: Replay) -> str:
    """How the replays list names it: the time of a win, the share cleared of a loss."""
    d = replay.data
    if d.get("state") == "won" and isinstance(d.get("time_ms"), int):
        return f"Won  {d['time_ms'] / 1000:.1f} s"
    return f"Lost  {replay.score} %"


def check(data) -> tuple:
    """``data``'s fields, validated: ``(rows, cols, mines, rule, mine cells, events, state)`` (ValueError, one
    line)."""
    if not isinstance(data, dict):
        raise ValueError(f"{WHAT}: not an object")
    rows, cols, mines, rule, layout, log, state = (data.get(k) for k in ("rows", "cols", "mines", "rule", "layout",
                                                                         "log", "state"))
    try:
        check_size(rows, cols, mines)
    except ValueError as e:
        raise ValueError(f"{WHAT}: {e}") from None
    if rule not in RULES:
        raise ValueError(f"{WHAT}: first-click rule {rule!r}")
    if state not in ("won", "lost"):
        raise ValueError(f"{WHAT}: result {state!r}, expected won or lost")
    for k in ("no_guess", "question_marks", "assisted"):
        if not isinstance(data.get(k, False), bool):
            raise ValueError(f"{WHAT}: {k} {data.get(k)!r} is not true or false")
    for k in ("time_ms", "seed"):
        v = data.get(k)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
            raise ValueError(f"{WHAT}: {k} {v!r}")
    n = rows * cols
    if not isinstance(layout, str) or len(layout) != (n + 3) // 4 or layout.strip("0123456789abcdef"):
        raise ValueError(f"{WHAT}: the mines' layout is not {(n + 3) // 4} hex digits")
    bits = int(layout, 16)
    if bits >> n:
        raise ValueError(f"{WHAT}: a mine outside the {rows} x {cols} field")
    cells = [i for i in range(n) if bits >> i & 1]
    if len(cells) != mines:
        raise ValueError(f"{WHAT}: the layout holds {len(cells)} mines, the record says {mines}")
    events = decode_events(log, KINDS, WHAT)
    if not events:
        raise ValueError(f"{WHAT}: no inputs")
    if (len(events) + 1) * n > MAX_CELL_STEPS or len(events) > MAX_INPUTS:
        raise ValueError(f"{WHAT}: {len(events):,} inputs on {n:,} cells are more than this version replays")
    for k, (_, i, _) in enumerate(events):
        if i >= n:
            raise ValueError(f"{WHAT} input {k}: cell {i} is outside the {rows} x {cols} field")
    return rows, cols, mines, rule, cells, events, state


def _snap(f: Field, ms: int, kind, cell) -> Step:
    return Step("".join(f.display()), f.cols, f.state, f.mines_left, ms, kind, cell, f.opened)


def _play(data, keep: bool):
    """Replay the record; the field at the end and (``keep``) every position."""
    rows, cols, mines, rule, cells, events, state = check(data)
    f = Field(rows, cols, mines, rule=rule, question_marks=True)  # a question mark is an input like any other
    out = [_snap(f, 0, None, None)] if keep else None
    for k, (kind, i, ms) in enumerate(events):
        r, c = divmod(i, cols)
        where = f"{WHAT} input {k} ({kind} at row {r + 1}, column {c + 1})"
        if f.over:
            raise ValueError(f"{where}: the game was already over")
        if kind == "O":
            if not f.placed:
                try:
                    f.place_mines(i, cells)
                except ValueError as e:
                    raise ValueError(f"{where}: {e}") from None
            if not f.open(r, c):
                raise ValueError(f"{where}: opens nothing")
        elif kind == "C":
            if not f.chord(r, c):
                raise ValueError(f"{where}: the chord opens nothing")
        else:
            mark = MARK_KINDS.index(kind)
            if f.is_open(r, c) or f.mark(r, c) == mark:
                raise ValueError(f"{where}: changes no mark")
            f.set_mark(r, c, mark)
        if keep:
            out.append(_snap(f, ms, kind, (r, c)))
    if f.state != state:
        raise ValueError(f"{WHAT}: the inputs end the game {f.state}, the record says {state}")
    f.question_marks = bool(data.get("question_marks", False))
    return f, out


def steps(data) -> list[Step]:
    """Every position of the replay, the start first. ValueError (one line) on an input the rules refuse."""
    return _play(data, True)[1]


def replay(data) -> Field:
    """The field at the end of the replay (the same as when it was recorded: see :func:`fingerprint`)."""
    return _play(data, False)[0]


def validate(data) -> None:
    """Replay the whole record (ValueError, one line, at the first input the rules refuse)."""
    _play(data, False)
