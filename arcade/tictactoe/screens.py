"""Where everything goes on tic-tac-toe's two canvases (480 x 800 and 840 x 560), one :class:`Layout` a canvas, read by
the drawing and by the hit tests: the title, the pause button, the players' cards, the status, the buttons, the
results and the keys' lines, the new-game card. The board's own rect is ``view.board_rect``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from arcade.engine.i18n import N_
from arcade.engine.ui.frame import anchor, remember
from arcade.engine.ui.input import LANDSCAPE_SIZE, LOGICAL_SIZE, is_landscape
from arcade.tictactoe.view import board_rect

# layout of the 480 x 800 canvas
PAUSE_RECT = pygame.Rect(420, 14, 44, 44)
CARD_Y, CARD_H = 68, 54
CARDS = (pygame.Rect(24, CARD_Y, 210, CARD_H), pygame.Rect(246, CARD_Y, 210, CARD_H))  # X, O
STATUS_Y = 143
BUTTON_Y, BUTTON_H = 650, 52
BUTTONS = ("undo", "new", "swap", "choose")
BUTTON_LABELS = {"undo": N_("Undo"), "new": N_("New"), "swap": N_("Swap"), "choose": N_("Board"), "hint": N_("Hint")}
RESULTS_Y = 728
HINT_Y = 762
CHOOSER_CARD = pygame.Rect(36, 170, 408, 442)  # the title, the note and five rows of 56 + 12

# layout of the 840 x 560 canvas: the board on the left at nearly full height (view.board_rect), the rest in a
# column at its right: title and pause, the two players' cards, the status, the buttons (Hint among them: there
# is room), the results and the keys
SIDE_X, SIDE_W = 576, 248
SIDE_BUTTONS = (("undo", "hint"), ("new", "swap"), ("choose",))
SIDE_BUTTON_Y, SIDE_BUTTON_H, SIDE_GAP = 258, 46, 8


@dataclass(frozen=True)
class Layout:
    """Where everything but the board goes on one canvas; the board's own rect is ``view.board_rect``."""
    landscape: bool
    title: pygame.Rect        # its top-left and the width it may take
    pause: pygame.Rect
    cards: tuple              # X's card and O's
    status: pygame.Rect       # the status (centred; two lines in the column)
    buttons: dict             # name -> rect, in drawing order
    results: pygame.Rect
    keys: pygame.Rect         # the keys' line (two lines in the column)
    chooser: pygame.Rect      # the new-game card
    shift: tuple = (0, 0)     # how far the board moves from its place on the canvas (in a larger frame)

    def board(self, size: int) -> pygame.Rect:
        return board_rect(size, self.landscape).move(self.shift)

    def placed(self, frame) -> "Layout":
        """This layout in a frame of size ``frame`` (the canvas grown to the window's shape): the column (landscape)
        held to the right edge, the head at the top and the foot (portrait) at the bottom, the board centred in
        the room left (:func:`arcade.engine.ui.frame.anchor`). The same object for the canvas's own size."""
        canvas = LANDSCAPE_SIZE if self.landscape else LOGICAL_SIZE
        if tuple(frame) == canvas or frame[0] < canvas[0] or frame[1] < canvas[1]:
            return self
        return remember(_PLACED, (self.landscape, tuple(frame)), lambda: _placed(self, tuple(frame)))


_PLACED: dict = {}  # (landscape, frame size) -> the layout placed in it


def _placed(lay: Layout, frame: tuple[int, int]) -> Layout:
    canvas = LANDSCAPE_SIZE if lay.landscape else LOGICAL_SIZE
    ex, ey = frame[0] - canvas[0], frame[1] - canvas[1]
    if lay.landscape:  # the column at the right edge, its foot (results, keys) at the bottom
        head, foot = ("end", "start"), ("end", "end")
    else:  # one column: the head at the top, the buttons and the footer at the bottom
        head, foot = ("centre", "start"), ("centre", "end")

    def at(rect, how):
        return anchor(rect, canvas, frame, *how)

    return replace(lay, title=at(lay.title, head), pause=at(lay.pause, head),
                   cards=tuple(at(c, head) for c in lay.cards), status=at(lay.status, head),
                   buttons={k: at(r, head if lay.landscape else foot) for k, r in lay.buttons.items()},
                   results=at(lay.results, foot), keys=at(lay.keys, foot),
                   chooser=at(lay.chooser, ("end", "centre") if lay.landscape else ("centre", "centre")),
                   shift=(ex // 2, ey // 2))


def _portrait_buttons() -> dict:
    w = (480 - 48 - 3 * 8) // 4
    return {name: pygame.Rect(24 + i * (w + 8), BUTTON_Y, w, BUTTON_H) for i, name in enumerate(BUTTONS)}


def _side_buttons() -> dict:
    out = {}
    for i, row in enumerate(SIDE_BUTTONS):
        w = (SIDE_W - SIDE_GAP * (len(row) - 1)) // len(row)
        for j, name in enumerate(row):
            out[name] = pygame.Rect(SIDE_X + j * (w + SIDE_GAP), SIDE_BUTTON_Y + i * (SIDE_BUTTON_H + SIDE_GAP), w,
                                    SIDE_BUTTON_H)
    return out


PORTRAIT = Layout(False, pygame.Rect(24, 16, 380, 40), PAUSE_RECT, CARDS, pygame.Rect(24, STATUS_Y - 15, 432, 30),
                  _portrait_buttons(), pygame.Rect(20, RESULTS_Y - 12, 440, 24), pygame.Rect(20, HINT_Y - 11, 440, 22),
                  CHOOSER_CARD)
LANDSCAPE = Layout(True, pygame.Rect(SIDE_X, 18, SIDE_W - 56, 40), pygame.Rect(SIDE_X + SIDE_W - 44, 14, 44, 44),
                   (pygame.Rect(SIDE_X, 68, SIDE_W, CARD_H), pygame.Rect(SIDE_X, 130, SIDE_W, CARD_H)),
                   pygame.Rect(SIDE_X, 194, SIDE_W, 56), _side_buttons(), pygame.Rect(SIDE_X, 426, SIDE_W, 44),
                   pygame.Rect(SIDE_X, 488, SIDE_W, 44), pygame.Rect(SIDE_X + SIDE_W - 408, 59, 408, 442))


def layout_for(size) -> Layout:
    """The layout for a canvas, or a frame, of ``size``."""
    return (LANDSCAPE if is_landscape(size) else PORTRAIT).placed(size)


def button_rect(name: str, layout: Layout = PORTRAIT) -> pygame.Rect:
    return layout.buttons[name]
