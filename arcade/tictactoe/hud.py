"""Tic-tac-toe's HUD around the board: the title and the pause button, the two players' cards (whose turn, who
won, who is thinking), the status line, the buttons, the results and the keys; the names, status and results as
text. Where each goes is the canvas's :class:`~arcade.tictactoe.screens.Layout`.
"""
from __future__ import annotations

import math

import pygame

from arcade.engine.i18n import _
from arcade.engine.ui import colors
from arcade.engine.ui.text import Label, blit_center, draw_lines as text_lines, fit
from arcade.engine.ui.widgets import DISABLED_BG, DISABLED_INK
from arcade.tictactoe import LEVEL_TITLES, results
from arcade.tictactoe import ID as GAME_ID
from arcade.tictactoe.engine_client import engine_name
from arcade.tictactoe.screens import BUTTON_LABELS, CARDS, HINT_Y, RESULTS_Y, STATUS_Y
from arcade.tictactoe.view import BoardView

__all__ = ["Hud", "names", "piece_name", "status", "results_line", "level_name", "draw_lines", "draw_cards",
           "card_view", "VARIANT_NAMES", "INK", "SOFT", "WIN_GREEN", "LOSS_RED"]

LEVEL_NAMES = dict(LEVEL_TITLES)


def level_name(variant: str, level: str) -> str:
    """The level as shown: on Gomoku the top level is the strongest search, not a proof, so it is not "Perfect"."""
    if variant == "gomoku" and level == "perfect":
        return _("Strongest")
    return _(LEVEL_NAMES[level])


VARIANT_NAMES = {"3x3": "3 x 3", "4x4": "4 x 4", "gomoku": "Gomoku 15 x 15"}
INK = colors.TEXT
SOFT = INK  # secondary lines are told apart by size and weight: every text reads at 4.5:1 or more
WIN_GREEN = (60, 125, 55)
LOSS_RED = (180, 60, 45)
ON_GOLD = (74, 58, 40)  # dark ink for a label on the gold button


LIST_SEPARATORS = ("  |  ", " · ")  # a list's items ("a  |  b"), kept together on a line


def draw_lines(surface, text: str, box: pygame.Rect, size: int, colour, weight: str = "bold", lines: int = 2) -> None:
    """``text`` in at most ``lines`` lines centred in ``box`` (a size smaller if it must), a list broken between its
    items."""
    text_lines(surface, text, box, size, colour, weight, lines, LIST_SEPARATORS)


def card_view(goban: bool) -> BoardView:
    """A board whose marks come out about 32 px, for the player cards: a 3x3 of 200 px, or a goban of 36 px
    points (its art is cached by geometry like every board's)."""
    return BoardView(15, pygame.Rect(0, 0, 15 * 36, 15 * 36)) if goban else BoardView(3, pygame.Rect(0, 0, 200, 200))


def draw_cards(surface, names: dict, turn: str | None, winner: str | None, goban: bool, thinking: str | None = None,
               t: float = 0.0, cards: tuple | None = None) -> None:
    """The two players' cards (at ``cards``: over the board, or in the column beside it): the side to move
    (``turn``) framed, the winner in gold, a pulsing indicator on the card of a side that is ``thinking``."""
    for side, rect in zip("XO", cards or CARDS):
        turn_ = turn == side
        won = winner == side
        pygame.draw.rect(surface, colors.BUTTON if (turn_ or won) else colors.LABEL, rect, border_radius=10)
        if won:
            pygame.draw.rect(surface, colors.GOLD, rect, width=4, border_radius=10)
        elif turn_:
            pygame.draw.rect(surface, colors.TEXT, rect, width=3, border_radius=10)
        mark = card_view(goban).mark(side)
        if turn_ or won:  # a light disc under the mark: the dark X and black stone stand out on the dark card
            pygame.draw.circle(surface, colors.LABEL, (rect.x + 30, rect.centery), 21)
        surface.blit(mark, mark.get_rect(center=(rect.x + 30, rect.centery)))
        ink = colors.TEXT_LIGHT if (turn_ or won) else colors.BUTTON_HOVER
        label = fit(names[side], rect.w - 70, 22, ink)
        surface.blit(label, label.get_rect(midleft=(rect.x + 56, rect.centery)))
        if turn_ and thinking == side:  # the thinking indicator: three dots pulsing in turn
            for i in range(3):
                a = 0.5 + 0.5 * math.sin(t * 7 - i * 0.9)
                pygame.draw.circle(surface, colors.GOLD, (rect.right - 40 + i * 12, rect.bottom - 10),
                                   2 + round(2 * a))



def names(scene) -> dict:
    m = scene.match
    if scene.demo:
        return {s: _("AI {level}").format(level=level_name(m.variant, scene.demo_levels[s])) for s in "XO"}
    if m.opponent == "friend":
        return {"X": _("Player 1"), "O": _("Player 2")}
    if m.opponent == "engine":
        return {m.human: _("You"), m.ai: engine_name(scene.app.profile)}
    return {m.human: _("You"), m.ai: _("AI {level}").format(level=level_name(m.variant, m.level))}


def piece_name(variant: str, side: str) -> str:
    """X and O on the small boards; Black and White stones on Gomoku."""
    if variant == "gomoku":
        return _("Black") if side == "X" else _("White")
    return side


def status(scene) -> tuple[str, tuple]:
    m = scene.match
    names_ = names(scene)

    def piece(side: str) -> str:
        return piece_name(m.variant, side)

    if scene.forfeit is not None:
        return _("You win: {reason}").format(reason=scene.forfeit), WIN_GREEN
    if m.over:
        if m.winner is None:
            return _("A draw: the board is full"), INK
        res = m.result()
        if res == "win":
            return _("You win! {k} in a row").format(k=m.k), WIN_GREEN
        if res == "loss":
            return _("The AI wins with {k} in a row").format(k=m.k), LOSS_RED
        return _("{name} ({piece}) wins!").format(name=names_[m.winner], piece=piece(m.winner)), WIN_GREEN
    if scene.ai_turn and m.opponent == "engine" and scene.engine is not None and scene.engine.messages:
        return f"{names_[m.to_move]}: {scene.engine.messages[-1]}", SOFT  # the engine's own words
    if scene.ai_turn:
        dots = "." * (1 + int(scene.t * 3) % 3)
        return _("{name} is thinking").format(name=names_[m.to_move]) + dots.ljust(3), SOFT
    if m.opponent == "friend" and not scene.demo:
        return _("{name} to play ({piece})").format(name=names_[m.to_move], piece=piece(m.to_move)), INK
    if scene.hint_asked is not None and scene.hint is None and scene.human_turn:
        return _("Looking for your best move..."), SOFT
    if scene.hint is not None and scene.human_turn:
        return _("Hint: the ring ({piece})").format(piece=piece(m.to_move)), INK
    return _("Your turn ({piece})").format(piece=piece(m.to_move)), INK


def results_line(scene) -> str:
    m = scene.match
    if m.opponent == "friend":
        return _("Two players at one screen")
    engine = m.opponent == "engine"
    c = results(scene.app.profile.history(GAME_ID)).get((m.variant, "engine" if engine else m.level))
    w, d, l_ = (c["win"], c["draw"], c["loss"]) if c else (0, 0, 0)
    if engine:
        return _("vs {name}: {w} won, {d} drawn, {l} lost").format(name=engine_name(scene.app.profile), w=w, d=d,
                                                                    l=l_)
    return _("vs AI {level}: {w} won, {d} drawn, {l} lost").format(level=level_name(m.variant, m.level), w=w, d=d,
                                                                    l=l_)


class Hud:
    """Draws the HUD of ``scene`` (a :class:`~arcade.tictactoe.scene.TicTacToeScene`): ``draw_head`` before the
    board (title, pause, and in ``column`` the cards and the status), ``draw_foot`` after it (buttons, results,
    keys)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self._status = Label(22, INK, max_width=432)
        self._results = Label(17, INK, "medium", max_width=440)

    def draw_head(self, surface, column: bool) -> None:
        s = self.scene
        m = s.match
        lay = s.layout
        title = _(VARIANT_NAMES[m.variant])
        surface.blit(fit(title, lay.title.w, 30 if lay.landscape else 34, INK), lay.title.topleft)
        self._draw_pause(surface)
        if column:
            self._draw_cards(surface)
            text, ink = s.status()
            if lay.landscape:
                draw_lines(surface, text, lay.status, 20, ink)
            else:
                self._status.color = ink
                blit_center(surface, self._status.get(text), (lay.status.centerx, STATUS_Y))

    def draw_foot(self, surface) -> None:
        self._draw_buttons(surface)
        self._draw_footer(surface)

    def _draw_pause(self, surface) -> None:
        if self.scene.demo:
            return
        r = self.scene.layout.pause
        pygame.draw.rect(surface, colors.BUTTON, r, border_radius=8)
        for x in (r.centerx - 7, r.centerx + 3):
            pygame.draw.rect(surface, colors.TEXT_LIGHT, (x, r.y + 12, 5, r.h - 24), border_radius=2)

    def _draw_cards(self, surface) -> None:
        s = self.scene
        m = s.match
        thinking = m.to_move if not m.over and s.ai_plays(m.to_move) else None
        draw_cards(surface, s.names(), None if m.over else m.to_move, m.winner, s.view.goban, thinking, s.t,
                   s.layout.cards)

    def _draw_buttons(self, surface) -> None:
        s = self.scene
        m = s.match
        enabled = {"undo": s.session.can_undo, "new": True,
                   "swap": m.opponent == "ai" and not m.over, "choose": True,
                   "hint": s.human_turn and s.hint is None and s.hint_asked != tuple(m.moves)}
        for name, r in s.layout.buttons.items():
            on = enabled[name]
            highlight = name == "new" and m.over
            col = colors.GOLD if highlight else colors.BUTTON if on else DISABLED_BG
            pygame.draw.rect(surface, col, r, border_radius=8)
            label = _("Again") if highlight else _(BUTTON_LABELS[name])
            ink = ON_GOLD if highlight else colors.TEXT_LIGHT if on else DISABLED_INK
            blit_center(surface, fit(label, r.w - 12, 22, ink), r.center)

    def _draw_footer(self, surface) -> None:
        s = self.scene
        keys = _("Arrows + Enter  |  H hint  |  U undo  |  Esc pause")
        if s.layout.landscape:
            draw_lines(surface, s.results_line(), s.layout.results, 17, INK, "medium")
            draw_lines(surface, keys, s.layout.keys, 15, SOFT, "medium")
            return
        blit_center(surface, self._results.get(s.results_line()), s.layout.results.center)
        blit_center(surface, fit(keys, 440, 16, SOFT, "medium"), s.layout.keys.center)
