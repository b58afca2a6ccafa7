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

from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.replay_player import ReplayPlayer, controls
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_landscape
from arcade.engine.ui.text import blit_center, fit, render
from arcade.tictactoe.replay import check, label, level_name, side_name, steps, validate
from arcade.tictactoe.rules import VARIANTS
from arcade.tictactoe.scene import LANDSCAPE, LOSS_RED, STATUS_Y, VARIANT_NAMES, WIN_GREEN, draw_cards, draw_lines
from arcade.tictactoe.view import BLACK_STONE, CELL, LINE_RED, WHITE_STONE, BoardView, Snapshot, board_rect

__all__ = ["TicTacToeReplayScene", "make_replay", "validate", "label", "BUTTONS", "TIMELINE"]

BUTTONS, TIMELINE = controls(640, 676)

# the 840 x 560 canvas: the board on the left as in the game, and in the column at its right the players, what
# happened, the timeline, the buttons two by two (wide enough for their labels in every language) and the keys
SIDE = LANDSCAPE.cards[0].x, LANDSCAPE.cards[0].w
SIDE_TITLE = pygame.Rect(SIDE[0], 18, SIDE[1], 40)
SIDE_LINE = pygame.Rect(SIDE[0], 194, SIDE[1], 80)   # what happened at this step, up to three lines
SIDE_COUNT = pygame.Rect(SIDE[0], 278, SIDE[1], 24)  # move n of m, input i / j
SIDE_TIMELINE = pygame.Rect(SIDE[0] + 10, 322, SIDE[1] - 20, 20)
SIDE_BUTTONS = {name: pygame.Rect(SIDE[0] + col * (SIDE[1] + 8) // 2, 362 + row * 52, (SIDE[1] - 8) // 2, 44)
                for name, (row, col) in (("back", (0, 0)), ("fwd", (0, 1)), ("play", (1, 0)), ("speed", (1, 1)))}
SIDE_KEYS = pygame.Rect(SIDE[0], 474, SIDE[1], 66)
SOFT = colors.BUTTON  # every line reads at 4.5:1 or more on the page
NUMBER_INK, LAST_INK = (84, 70, 58), (255, 255, 255)  # the move numbers in the cells' corners: 5:1 on a cell,
#                                                         the last's 4.6:1 on its red badge



def _who(by: str) -> str:
    """A player's name as the record gives it ("You", "Player 1", "AI Medium"), in the language shown."""
    if by.startswith("AI "):
        return _("AI {level}").format(level=_(by[3:]))
    return _(by)

class TicTacToeReplayScene(ReplayPlayer):
    BUTTONS, TIMELINE = BUTTONS, TIMELINE
    PACE = (0.6, 0.4, 2.0)  # the start shows 0.6 s; moves at their recorded pace, 0.4 s to 2 s apart
    KEYS = N_("Space play · Left/Right a move · drag the bar · +/- speed · E export · Esc back")

    def __init__(self, app, replay):
        self.variant, self.opponent, self.first_human, self.level = check(replay.data)  # ValueError here
        self.size = VARIANTS[self.variant].size
        self.k = VARIANTS[self.variant].k
        self.since = 1.0  # seconds since the position changed (the new mark pops, the line draws itself)
        super().__init__(app, replay)
        self.resize(app.size)

    def resize(self, size) -> None:
        """The board and the controls where the canvas's layout puts them (the replay plays on)."""
        self.landscape = is_landscape(size)
        self.view = BoardView(self.size, board_rect(self.size, self.landscape))
        if self.landscape:
            self.BUTTONS, self.TIMELINE = SIDE_BUTTONS, SIDE_TIMELINE
        else:  # the class's own
            self.__dict__.pop("BUTTONS", None)
            self.__dict__.pop("TIMELINE", None)

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
            return {"X": _("Player 1"), "O": _("Player 2")}
        ai = _("AI {level}").format(level=_(level_name(self.variant, self.level)))
        return {s: _("You") if s == human else ai for s in "XO"}

    def line(self, s) -> tuple[str, tuple]:
        """What happened at this step, in words."""
        if self.error:
            return self.error, LOSS_RED
        if s is None:
            return _("Replaying..."), SOFT
        when = f" · {s.ms / 1000:.1f} s"
        side = _(side_name(self.variant, s.side)) if s.side else ""
        if s.kind is None:
            return self.replay_title(), colors.TEXT
        if s.over and s.kind == "M":
            n = len(s.moves)
            if s.line is None:
                return _("Move {n}: a draw, the board is full").format(n=n), colors.TEXT
            if s.result == "win":
                return _("Move {n}: you win with {k} in a row").format(n=n, k=self.k), WIN_GREEN
            if s.result == "loss":
                return _("Move {n}: {who} wins with {k} in a row").format(n=n, who=_who(s.by), k=self.k), LOSS_RED
            return (_("Move {n}: {who} ({side}) wins with {k} in a row").format(n=n, who=_who(s.by), side=side, k=self.k),
                    WIN_GREEN)
        if s.kind == "M":
            r, c = s.cell
            return (_("Move {n}: {side} ({who}) on row {row}, column {col}").format(
                n=len(s.moves), side=side, who=_who(s.by), row=r + 1, col=c + 1) + when), colors.TEXT
        if s.kind == "U":
            return ngettext("Undo: {n} move taken back", "Undo: {n} moves taken back", s.undone).format(
                n=s.undone) + when, SOFT
        if s.kind == "R":
            return _("Redo: a move played again") + when, SOFT
        return _("Swap: you now play {side}").format(side=_(side_name(self.variant, s.human))) + when, SOFT

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        s = self.steps[self.i] if self.steps else None
        title = _("Replay · {variant}").format(variant=_(VARIANT_NAMES[self.variant]))
        if self.landscape:
            surface.blit(fit(title, SIDE_TITLE.w, 28, colors.TEXT), SIDE_TITLE.topleft)
        else:
            surface.blit(fit(title, 432, 34, colors.TEXT), (24, 16))
        human = s.human if s is not None else self.first_human
        rows = s.rows if s is not None else tuple("." * self.size for _ in range(self.size))
        turn = None if s is None or s.over else ("X" if len(s.moves) % 2 == 0 else "O")
        winner = rows[s.line[0][0]][s.line[0][1]] if s is not None and s.line else None
        draw_cards(surface, self.names(human), turn, winner, self.view.goban,
                   cards=LANDSCAPE.cards if self.landscape else None)
        text, colour = self.line(s)
        if self.landscape:
            draw_lines(surface, text, SIDE_LINE, 18, colour, "medium", lines=3)
        else:
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
            if self.landscape:
                draw_lines(surface, count, SIDE_COUNT, 15, SOFT, "medium", lines=1)
            else:
                blit_center(surface, render(count, 15, SOFT, "medium"), (240, 742))

    def draw_keys(self, surface) -> None:
        """In the column: the keys in up to three lines under the buttons."""
        if not self.landscape:
            return super().draw_keys(surface)
        draw_lines(surface, _(self.KEYS), SIDE_KEYS, 15, self.KEYS_COLOUR, "medium", lines=3)

    def _numbers(self, surface, moves) -> None:
        """Each mark's move number: on the stone on Gomoku (the last stone ringed in red), in the cell's corner
        otherwise, on a plate (the last white on a red one)."""
        v = self.view
        if v.goban:
            size = max(9, round(v.cell * 0.45))
            for n, (r, c) in enumerate(moves, 1):
                ink = WHITE_STONE if n % 2 else BLACK_STONE
                blit_center(surface, render(str(n), size if n < 100 else max(13, size - 2), ink), v.center(r, c))
            if moves:  # the last stone ringed in red
                x, y = v.center(*moves[-1])
                pygame.draw.circle(surface, LINE_RED, (round(x), round(y)), round(v.cell * 0.5), 2)
            return
        for n, (r, c) in enumerate(moves, 1):
            rect = v.cell_rect(r, c)
            last = n == len(moves)
            label = render(str(n), 22, LAST_INK if last else NUMBER_INK)
            # on a plate of its own: readable over the mark and the win line that cross the corner
            plate = label.get_rect(topleft=(rect.x + 10, rect.y + 6)).inflate(12, 2)
            pygame.draw.rect(surface, LINE_RED if last else CELL, plate, border_radius=6)
            surface.blit(label, (rect.x + 10, rect.y + 6))


def make_replay(app, replay):
    """The replay scene of a tic-tac-toe record (``ValueError`` for a record that is not one)."""
    return TicTacToeReplayScene(app, replay)
