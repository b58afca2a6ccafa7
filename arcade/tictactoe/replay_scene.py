"""Watching a tic-tac-toe, 4x4 or Gomoku replay (the engine's :class:`~arcade.engine.replay_player.ReplayPlayer`):
the board with every mark numbered in the order it was played, the players' cards (who played which side, swaps
included), a line saying who played what and when, undos shown as the steps they were, and the winning line drawn
at the end. At 1x the moves come at their recorded pace (a pause longer than two seconds is cut to two). A replay
changes no best and no stat.

Keys: Space play/pause, Left/Right a move, Home/End, + / - speed, E export, Esc back; the buttons, and a click
or drag on the timeline.
"""
from __future__ import annotations

import pygame

from arcade.engine.i18n import N_, _
from arcade.engine.replay_player import ReplayPlayer, controls
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, fit, render
from arcade.tictactoe.replay import check, label, level_name, side_name, steps, validate
from arcade.tictactoe.rules import VARIANTS
from arcade.tictactoe.scene import STATUS_Y, VARIANT_NAMES, draw_cards
from arcade.tictactoe.view import BLACK_STONE, LINE_RED, WHITE_STONE, BoardView, Snapshot

__all__ = ["TicTacToeReplayScene", "make_replay", "validate", "label", "BUTTONS", "TIMELINE"]

BUTTONS, TIMELINE = controls(640, 676)
SOFT = (150, 140, 130)
WIN_GREEN = (92, 160, 84)
LOSS_RED = (200, 84, 64)


class TicTacToeReplayScene(ReplayPlayer):
    BUTTONS, TIMELINE = BUTTONS, TIMELINE
    PACE = (0.6, 0.4, 2.0)  # the start shows 0.6 s; moves at their recorded pace, 0.4 s to 2 s apart
    KEYS = N_("Space play · Left/Right a move · drag the bar · +/- speed · E export · Esc back")

    def __init__(self, app, replay):
        self.variant, self.opponent, self.first_human, self.level = check(replay.data)  # ValueError here
        self.size = VARIANTS[self.variant].size
        self.k = VARIANTS[self.variant].k
        self.view = BoardView(self.size)
        self.since = 1.0  # seconds since the position changed (the new mark pops, the line draws itself)
        super().__init__(app, replay)

    def compute_steps(self) -> list:
        return steps(self.replay.data)

    def show(self, i: int, animate: bool) -> None:
        self.since = 0.0 if animate else 1.0

    def update(self, dt: float) -> None:
        self.since += dt * min(4.0, self.speed)
        super().update(dt)

    # ----- drawing -----
    def names(self, human: str) -> dict:
        if self.opponent == "friend":
            return {"X": "Player 1", "O": "Player 2"}
        return {s: "You" if s == human else f"AI {level_name(self.variant, self.level)}" for s in "XO"}

    def line(self, s) -> tuple[str, tuple]:
        """What happened at this step, in words."""
        if self.error:
            return self.error, LINE_RED
        if s is None:
            return "Replaying...", SOFT
        when = f" · {s.ms / 1000:.1f} s"
        if s.kind is None:
            return self.replay.title, colors.TEXT
        if s.over and s.kind == "M":
            n = len(s.moves)
            if s.line is None:
                return f"Move {n}: a draw, the board is full", colors.TEXT
            if s.result == "win":
                return f"Move {n}: you win with {self.k} in a row", WIN_GREEN
            if s.result == "loss":
                return f"Move {n}: {s.by} wins with {self.k} in a row", LOSS_RED
            return f"Move {n}: {s.by} ({side_name(self.variant, s.side)}) wins with {self.k} in a row", WIN_GREEN
        if s.kind == "M":
            r, c = s.cell
            return (f"Move {len(s.moves)}: {side_name(self.variant, s.side)} ({s.by}) on row {r + 1}, "
                    f"column {c + 1}{when}"), colors.TEXT
        if s.kind == "U":
            return f"Undo: {s.undone} move{'s' if s.undone != 1 else ''} taken back{when}", SOFT
        if s.kind == "R":
            return f"Redo: a move played again{when}", SOFT
        return f"Swap: you now play {side_name(self.variant, s.human)}{when}", SOFT

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        s = self.steps[self.i] if self.steps else None
        surface.blit(fit(f"Replay · {VARIANT_NAMES[self.variant]}", 432, 34, colors.TEXT), (24, 16))
        human = s.human if s is not None else self.first_human
        rows = s.rows if s is not None else tuple("." * self.size for _ in range(self.size))
        turn = None if s is None or s.over else ("X" if len(s.moves) % 2 == 0 else "O")
        winner = rows[s.line[0][0]][s.line[0][1]] if s is not None and s.line else None
        draw_cards(surface, self.names(human), turn, winner, self.view.goban)
        text, colour = self.line(s)
        blit_center(surface, fit(text, 440, 20, colour, "medium"), (240, STATUS_Y))
        last = s.moves[-1] if s is not None and s.moves else None
        line = s.line if s is not None and s.over else None
        self.view.draw(surface, Snapshot(rows=rows, last=None if self.view.goban else last, since_last=self.since,
                                         line=line, since_line=self.since if s is not None and s.kind == "M"
                                         else 1.0))
        if s is not None:
            self._numbers(surface, s.moves)
        self.draw_controls(surface)
        if s is not None:
            count = f"move {len(s.moves)} of {len(self.steps[-1].moves)}  ·  input {self.i} / {self.last}"
            blit_center(surface, render(count, 15, SOFT, "medium"), (240, 742))

    def _numbers(self, surface, moves) -> None:
        """Each mark's move number: on the stone on Gomoku (the last stone ringed in red), in the cell's corner
        otherwise (the last in red)."""
        v = self.view
        if v.goban:
            size = max(9, round(v.cell * 0.45))
            for n, (r, c) in enumerate(moves, 1):
                ink = WHITE_STONE if n % 2 else BLACK_STONE
                blit_center(surface, render(str(n), size if n < 100 else size - 2, ink), v.center(r, c))
            if moves:  # the last stone ringed in red
                x, y = v.center(*moves[-1])
                pygame.draw.circle(surface, LINE_RED, (round(x), round(y)), round(v.cell * 0.5), 2)
            return
        for n, (r, c) in enumerate(moves, 1):
            rect = v.cell_rect(r, c)
            ink = LINE_RED if n == len(moves) else SOFT
            surface.blit(render(str(n), 22, ink), (rect.x + 10, rect.y + 6))


def make_replay(app, replay):
    """The replay scene of a tic-tac-toe record (``ValueError`` for a record that is not one)."""
    return TicTacToeReplayScene(app, replay)
