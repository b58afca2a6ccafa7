"""What tic-tac-toe, 4x4 and Gomoku lend the engine's replay scene (:mod:`arcade.engine.replay_scene`): the board
with every mark numbered in the order it was played, the players' cards (who played which side, swaps included),
a line saying who played what and when, undos shown as the steps they were, and the winning line drawn at the
end. At 1x the moves come at their recorded pace (a pause longer than two seconds is cut to two)."""
from __future__ import annotations

import pygame

from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.replay_player import controls
from arcade.engine.replay_scene import PORTRAIT, Layout, ReplayHooks, Style, column, make_replay as make_scene
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, render
from arcade.tictactoe.replay import check, label, level_name, side_name, steps, validate
from arcade.tictactoe.rules import VARIANTS
from arcade.tictactoe.hud import LOSS_RED, VARIANT_NAMES, WIN_GREEN, draw_cards
from arcade.tictactoe.screens import LANDSCAPE, STATUS_Y, layout_for
from arcade.tictactoe.view import BLACK_STONE, CELL, LINE_RED, WHITE_STONE, BoardView, Snapshot

__all__ = ["TicTacToeReplay", "make_replay", "validate", "label", "BUTTONS", "TIMELINE", "WIDE"]

BUTTONS, TIMELINE = controls(640, 676)
# portrait: the title, the players' cards and the line over the board, the controls and the count under it;
# landscape: the board on the left as in the game, the engine's column in the players' column at its right
TALL = Layout(BUTTONS, TIMELINE, PORTRAIT.keys, pygame.Rect(20, STATUS_Y - 15, 440, 30),
              pygame.Rect(20, 732, 440, 20), PORTRAIT.title)
WIDE = column(LANDSCAPE.cards[0].x, LANDSCAPE.cards[0].w)
SOFT = colors.BUTTON  # every line reads at 4.5:1 or more on the page
NUMBER_INK, LAST_INK = (84, 70, 58), (255, 255, 255)  # the move numbers in the cells' corners: 5:1 on a cell,
#                                                         the last's 4.6:1 on its red badge

def _who(by: str) -> str:
    """A player's name as the record gives it ("You", "Player 1", "AI Medium"), in the language shown."""
    if by.startswith("AI "):
        return _("AI {level}").format(level=_(by[3:]))
    return _(by)

class TicTacToeReplay(ReplayHooks):
    PACE = (0.6, 0.4, 2.0)  # the start shows 0.6 s; moves at their recorded pace, 0.4 s to 2 s apart
    KEYS = N_("Space play · Left/Right a move · drag the bar · +/- speed · E export · Esc back")
    LAYOUTS = (TALL, WIDE)
    STYLE = Style(error=LOSS_RED)

    def __init__(self, scene, replay):
        super().__init__(scene, replay)
        self.variant, self.opponent, self.first_human, self.level = check(replay.data)  # ValueError here
        self.size, self.k = VARIANTS[self.variant].size, VARIANTS[self.variant].k
        self.since = 1.0  # seconds since the position changed (the new mark pops, the line draws itself)

    def resize(self, size, layout) -> None:
        self.screen = layout_for(size)  # the game's own table for the canvas: the board and the players' cards
        self.view = BoardView(self.size, self.screen.board(self.size))

    def positions(self, data) -> list:
        return steps(data)

    def show(self, i: int, animate: bool) -> None:
        self.since = 0.0 if animate else 1.0

    def update(self, dt: float) -> None:
        self.since += dt * min(4.0, self.scene.speed)

    def title(self) -> str:
        return _("Replay · {variant}").format(variant=_(VARIANT_NAMES[self.variant]))

    def count(self, s) -> str:
        sc = self.scene
        return f"move {len(s.moves)} of {len(sc.steps[-1].moves)}  ·  input {sc.i} / {sc.last}"

    # ----- drawing -----
    def names(self, human: str) -> dict:
        if self.opponent == "friend":
            return {"X": _("Player 1"), "O": _("Player 2")}
        ai = _("AI {level}").format(level=_(level_name(self.variant, self.level)))
        return {s: _("You") if s == human else ai for s in "XO"}

    def caption(self, s) -> tuple[str, tuple]:
        """What happened at this step, in words."""
        when = f" · {s.ms / 1000:.1f} s"
        side = _(side_name(self.variant, s.side)) if s.side else ""
        if s.kind is None:
            return self.scene.replay_title(), colors.TEXT
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

    def draw(self, surface, s) -> None:
        surface.fill(colors.PAGE)
        human = s.human if s is not None else self.first_human
        rows = s.rows if s is not None else tuple("." * self.size for _ in range(self.size))
        turn = None if s is None or s.over else ("X" if len(s.moves) % 2 == 0 else "O")
        winner = rows[s.line[0][0]][s.line[0][1]] if s is not None and s.line else None
        draw_cards(surface, self.names(human), turn, winner, self.view.goban,
                   cards=self.screen.cards)
        last = s.moves[-1] if s is not None and s.moves else None
        line = s.line if s is not None and s.over else None
        self.view.draw(surface, Snapshot(rows=rows, last=None if self.view.goban else last, since_last=self.since,
                                         line=line, since_line=self.since if s is not None and s.kind == "M"
                                         else 1.0))
        if s is not None:
            self._numbers(surface, s.moves)

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
    return make_scene(app, replay, TicTacToeReplay)
