"""Minesweeper replays as the replay scene and the review read them: the positions of a recorded game (the session
layer's log: opens, chords and marks with the game clock, the first open carrying the mine layout; undos and redos;
replays written before the session layer read through the backend), each as the board the player saw. Pure (no
pygame)."""
from __future__ import annotations

from typing import NamedTuple

from arcade.engine.i18n import N_, _
from arcade.engine.session import replay_data, replay_positions
from arcade.minesweeper.backend import BACKEND, Params

__all__ = ["Step", "check", "steps", "validate", "label", "result_text", "cleared", "step_words", "NAMES",
           "MAX_CELL_STEPS"]

WHAT = "minesweeper replay"
MAX_CELL_STEPS = 40_000_000  # (inputs + 1) x cells: the positions of a replay are kept as one string each
_VIEW_OF = str.maketrans({"?": "#", "*": "#", "X": "*", "x": "F"})  # display -> the solver's view
_KIND = {"O": "O", "C": "C", "M0": "U", "M1": "F", "M2": "Q"}
NAMES = {"O": N_("Open"), "C": N_("Chord"), "F": N_("Flag"), "Q": N_("Question mark"), "U": N_("Mark off")}


class Step(NamedTuple):
    """A position of the replay: after input ``kind`` on ``cell`` (None for the start) at ``ms``."""

    board: str              # Field.display(), its rows joined
    cols: int
    state: str
    mines_left: int
    ms: int
    kind: str | None        # "O" open, "C" chord, "F" flag, "Q" question mark, "U" mark off, "<" undo, ">" redo
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


def check(data) -> tuple:
    """The replay's ``(rows, cols, mines, rule, no_guess)`` (ValueError, one line)."""
    d = replay_data(BACKEND, data)
    p: Params = BACKEND.parse_params(d["params"])
    if (len(d["log"]) + 1) * p.rows * p.cols > MAX_CELL_STEPS:
        raise ValueError(f"{WHAT}: {len(d['log']):,} inputs on {p.rows * p.cols:,} cells are more than this "
                         "version replays")
    return p.rows, p.cols, p.mines, p.rule, p.no_guess


def steps(data) -> list[Step]:
    """Every position of the replay, the start (the untouched field) first. ValueError (one line) on an input the
    rules refuse."""
    rows, cols, *_ = check(data)
    out = []
    for pos in replay_positions(BACKEND, data):
        f = pos.state
        kind = cell = None
        if pos.event is not None:
            if pos.by is None:
                kind = "<" if pos.event.endswith("u") else ">"
            else:
                token = pos.event[1:]
                move = BACKEND.decode(token, BACKEND.parse_params(replay_data(BACKEND, data)["params"]))
                kind = _KIND[token[:2] if token[0] == "M" else token[0]]
                cell = divmod(move[1], cols)
        out.append(Step("".join(f.display()), cols, f.state, f.mines_left, pos.ms, kind, cell, f.opened))
    return out


def validate(data) -> None:
    steps(data)


def cleared(step: Step, rows: int, cols: int, mines: int) -> int:
    """The share of the safe cells open after ``step``, in whole percent."""
    return round(100 * step.opened / (rows * cols - mines))


def step_words(step: Step, shown: tuple | None, rows: int, cols: int, mines: int) -> str:
    """What an input was, for the line under the board: the input and its cell (``shown``: the cell's (row, col)
    as the board shows it) at the game's time, an undo or a redo, or the end it led to."""
    t = f"{step.ms / 1000:.1f}"
    if step.cell is None:
        return (_("Undo at {t} s") if step.kind == "<" else _("Redo at {t} s")).format(t=t)
    if step.state == "won":
        return _("Cleared in {t} s").format(t=t)
    if step.state == "lost":
        return _("Boom! {p} % cleared").format(p=cleared(step, rows, cols, mines))
    return _("{what} row {r}, column {c} at {t} s").format(what=_(NAMES[step.kind]), r=shown[0] + 1, c=shown[1] + 1,
                                                          t=t)


def label(replay) -> str:
    """How the replays list names it: the time of a win, the share cleared otherwise."""
    try:
        last = steps(replay.data)[-1]
    except ValueError:
        return "?"
    if last.state == "won":
        return _("Won  {s:.1f} s").format(s=last.ms / 1000)
    share = cleared(last, *check(replay.data)[:3])
    return (_("Lost  {n} %") if last.state == "lost" else _("Left  {n} %")).format(n=share)


def result_text(replay) -> str:
    """One line for the review card: won in a time, or lost / left with the share cleared."""
    last = steps(replay.data)[-1]
    if last.state == "won":
        return _("Won in {s:.1f} s").format(s=last.ms / 1000)
    return _("Lost, {n} % cleared").format(n=cleared(last, *check(replay.data)[:3]))

