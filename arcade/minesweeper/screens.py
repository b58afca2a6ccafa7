"""Where Minesweeper's things go on the canvas (pygame rectangles, no drawing): the screens of the portrait and the
wide canvas (the HUD bar, its LEDs, face and level picker, the board's area, the status line and the button row),
the cells' layout in a board area, and which screen and orientation a field gets."""
from __future__ import annotations

import pygame

from arcade.engine.i18n import N_
from arcade.engine.replay_player import controls
from arcade.engine.replay_scene import Layout as Table
from arcade.engine.ui.frame import anchor, anchor_point, remember

__all__ = ["Screen", "Layout", "ROOMY", "TALL", "SIDE", "WIDE", "LANDSCAPE", "CANVAS", "BOARD_AREA", "BUTTONS",
           "LEVEL_CHIPS", "NO_GUESS_LABEL", "MIN_TEXT", "layout_for", "screen_for", "turned_for", "REPLAY",
           "REPLAY_BUTTONS", "REPLAY_TIMELINE", "REPLAY_TABLE", "REPLAY_SIDE", "REPLAY_SIDE_TABLE", "REPLAY_WIDE",
           "REPLAY_WIDE_TABLE", "replay_screen"]

CANVAS = (480, 800)
MIN_TEXT = 13  # the smallest text on the canvas: 11 px at the smallest window (0.85 of the canvas)


class Screen:
    """Where things go on the canvas: the HUD bar (``hud``; its LEDs ``led`` = (width, height, font size, top
    below the bar's top), the face's size ``face``, the font size ``label`` of a line of text at the bar's foot
    for screens without a level picker), the level picker in the bar (``picker``, None: no picker), the area the
    board is centred in (``board``), the status line (``status_y``, font size ``status``) and the button row
    (``buttons``).

    A wide canvas places more freely: ``leds`` the row the counter (at its left), the face (centred) and the timer
    (at its right) share, ``label_box`` where the bar's line of text goes (wrapped), ``picker_cols`` 2 for a
    picker of two columns of level chips over a no-guess row, ``status_box`` a box the status is wrapped in,
    ``button_cols`` the buttons in a grid of that many columns, ``mute_at`` where the muted sign goes.

    ``anchors`` says where each of these goes in a frame larger than the canvas (:meth:`placed`): a name (or
    ``"status_y"``, ``"mute_at"``) -> ``(x, y)`` anchors of :func:`arcade.engine.ui.frame.anchor`; the board area
    stretches over the room the frame adds, the rest keeps to the edges it sits at."""

    def __init__(self, hud, led, face, label, board, status_y, status, buttons, picker=None, canvas=CANVAS,
                 leds=None, label_box=None, picker_cols=None, status_box=None, button_cols=None,
                 mute_at=(464, 22), anchors=None) -> None:
        self.hud, self.led, self.face, self.label = hud, led, face, label
        self.board, self.status_y, self.status, self.buttons = board, status_y, status, buttons
        self.picker = picker
        self.canvas = canvas
        self.leds = leds if leds is not None else pygame.Rect(hud.x + 14, hud.y + led[3], hud.w - 28, led[1])
        self.label_box, self.picker_cols, self.status_box = label_box, picker_cols, status_box
        self.button_cols = button_cols or len(BUTTONS)
        self.mute_at = mute_at
        self.anchors = anchors or {}
        self.base = self  # the canvas's screen this one was placed from

    def placed(self, frame) -> "Screen":
        """This screen laid out in a frame of size ``frame`` (the canvas grown to the window's shape): each
        rectangle anchored as :attr:`anchors` says (centred when not named). The same object for the canvas's own
        size; one object a frame size (cached), so a screen compares equal to itself frame after frame."""
        base = self.base
        if tuple(frame) == tuple(base.canvas) or frame[0] < base.canvas[0] or frame[1] < base.canvas[1]:
            return base
        return remember(_PLACED, (base, tuple(frame)), lambda: _placed(base, tuple(frame)))


_PLACED: dict = {}  # (screen, frame size) -> the screen placed in it


def _placed(screen: Screen, frame: tuple[int, int]) -> Screen:
    canvas, how = screen.canvas, screen.anchors

    def at(name, rect):
        return None if rect is None else anchor(rect, canvas, frame, *how.get(name, ("centre", "centre")))

    out = Screen(at("hud", screen.hud), screen.led, screen.face, screen.label, at("board", screen.board),
                 anchor_point((0, screen.status_y), canvas, frame, *how.get("status_y", ("centre", "centre")))[1],
                 screen.status, at("buttons", screen.buttons), at("picker", screen.picker), frame,
                 at("leds", screen.leds), at("label_box", screen.label_box), screen.picker_cols,
                 at("status_box", screen.status_box), screen.button_cols,
                 anchor_point(screen.mute_at, canvas, frame, *how.get("mute_at", ("centre", "centre"))), how)
    out.base = screen
    return out


# where a portrait screen's parts go in a taller frame: the bar at the top, the status and the buttons at the foot,
# the board over the room between
_PORTRAIT_ANCHORS = {"hud": ("centre", "start"), "leds": ("centre", "start"), "picker": ("centre", "start"),
                     "mute_at": ("centre", "start"), "board": ("centre", "stretch"), "status_y": ("centre", "end"),
                     "buttons": ("centre", "end")}
# the column beside the board: held to the right edge, its status box taking the height the frame adds
_SIDE_ANCHORS = {"hud": ("end", "start"), "leds": ("end", "start"), "picker": ("end", "start"),
                 "mute_at": ("end", "start"), "status_box": ("end", "stretch"), "buttons": ("end", "end"),
                 "board": ("stretch", "stretch")}
# the bar on top: the counters at the left, the picker at the right; the board, the status and the buttons across
_WIDE_ANCHORS = {"hud": ("stretch", "start"), "leds": ("start", "start"), "picker": ("end", "start"),
                 "mute_at": ("end", "start"), "board": ("stretch", "stretch"), "status_box": ("stretch", "end"),
                 "buttons": ("stretch", "end")}

BUTTONS = (("hint", N_("Hint  H")), ("odds", N_("Odds  P")), ("auto", N_("Auto  Shift+A")), ("pause", N_("Menu  Esc")))
# the usual screen, and a tall one for boards whose height limits the cells (expert's 30 rows): a slimmer HUD
# and button row give the board 56 more pixels, 22-pixel cells instead of 20 for expert. The HUD holds the mine
# counter, the face and the timer, and under them the level picker (levels, custom, no-guess).
ROOMY = Screen(pygame.Rect(8, 8, 464, 100), (124, 50, 38, 8), 54, 13, pygame.Rect(8, 114, 464, 616), 744, 17,
               pygame.Rect(8, 758, 464, 36), picker=pygame.Rect(16, 74, 448, 28), anchors=_PORTRAIT_ANCHORS)
TALL = Screen(pygame.Rect(8, 2, 464, 76), (108, 38, 30, 4), 40, 12, pygame.Rect(8, 80, 464, 672), 762, 14,
              pygame.Rect(8, 773, 464, 25), picker=pygame.Rect(14, 48, 452, 25), anchors=_PORTRAIT_ANCHORS)
LANDSCAPE = (840, 560)
# the wide canvas: the board at the left at full height, and at its right a column with the HUD (the counters,
# the face, the picker in two columns), the status wrapped in a box, the buttons two by two (the Menu button at
# the bottom right, as in the portrait row) ...
SIDE = Screen(pygame.Rect(560, 8, 272, 186), (92, 48, 34, 12), 50, 13, pygame.Rect(8, 8, 544, 544), 0, 16,
              pygame.Rect(560, 452, 272, 100), picker=pygame.Rect(570, 80, 252, 104), canvas=LANDSCAPE,
              leds=pygame.Rect(572, 20, 236, 48), picker_cols=2, status_box=pygame.Rect(568, 206, 256, 232),
              button_cols=2, mute_at=(814, 36), anchors=_SIDE_ANCHORS)
# ... or, for boards wider than tall (expert's 30 columns, 26-pixel cells), a bar on top (the counters and the
# face, then the picker in one row), the board under it across the canvas, the status and the button row below
WIDE = Screen(pygame.Rect(8, 4, 824, 52), (96, 42, 32, 5), 42, 13, pygame.Rect(8, 60, 824, 436), 0, 15,
              pygame.Rect(8, 524, 824, 32), picker=pygame.Rect(292, 12, 508, 36), canvas=LANDSCAPE,
              leds=pygame.Rect(16, 9, 262, 42), status_box=pygame.Rect(8, 498, 824, 22), mute_at=(812, 23),
              anchors=_WIDE_ANCHORS)
BOARD_AREA = ROOMY.board
# the replay's screens, each with the engine's replay table (its buttons, timeline, keys, caption and status):
# portrait, a slim HUD, the board, the input line, the timeline and the buttons
REPLAY = Screen(pygame.Rect(8, 4, 464, 66), (96, 44, 34, 6), 50, 12, pygame.Rect(8, 74, 464, 540), 630, 16,
                pygame.Rect(8, 688, 464, 44))
REPLAY_BUTTONS, REPLAY_TIMELINE = controls(656, 690)
REPLAY_TABLE = Table(REPLAY_BUTTONS, REPLAY_TIMELINE, pygame.Rect(20, 764, 440, 24), pygame.Rect(12, 618, 456, 24),
                     caption_size=16, status=pygame.Rect(60, 740, 360, 20))
# on the wide canvas: the board at the left at full height and a column at its right with the HUD (the replay's
# line of text wrapped under the counters), the line under it, the timeline, the buttons and the keys ...
REPLAY_SIDE = Screen(pygame.Rect(560, 8, 272, 118), (92, 46, 34, 10), 46, 13, pygame.Rect(8, 8, 544, 544), 0, 16,
                     pygame.Rect(560, 316, 272, 44), canvas=LANDSCAPE, leds=pygame.Rect(572, 18, 236, 46),
                     label_box=pygame.Rect(568, 68, 256, 54), status_box=pygame.Rect(568, 136, 256, 124),
                     mute_at=(814, 34))
# (the four buttons: the steps' labels kept at 13 px or more in both languages, the speed's narrower)
REPLAY_SIDE_TABLE = Table({name: pygame.Rect(x, 316, w, 44) for name, x, w in (("back", 560, 66), ("play", 634, 70),
                                                                                 ("fwd", 712, 66), ("speed", 786, 46))},
                          controls(280, 316, x=560, w=272)[1], pygame.Rect(568, 392, 256, 156),
                          REPLAY_SIDE.status_box, caption_size=16, caption_lines=5, keys_size=14, keys_lines=7,
                          status=pygame.Rect(570, 366, 252, 20))
# ... or, for expert (shown 30 wide), a slim bar on top, the board across, the line under it, then the buttons
# and the timeline side by side and the keys' line at the foot
REPLAY_WIDE = Screen(pygame.Rect(8, 4, 824, 44), (88, 36, 28, 4), 36, 14, pygame.Rect(8, 50, 824, 398), 0, 15,
                     pygame.Rect(8, 474, 400, 44), canvas=LANDSCAPE, leds=pygame.Rect(16, 8, 240, 36),
                     label_box=pygame.Rect(268, 8, 556, 36), status_box=pygame.Rect(8, 450, 824, 22),
                     mute_at=(812, 15))
REPLAY_WIDE_TABLE = Table(controls(478, 474, x=8, w=400)[0], controls(478, 474, x=420, w=412)[1],
                          pygame.Rect(20, 528, 800, 24), REPLAY_WIDE.status_box, caption_size=15,
                          status=pygame.Rect(430, 502, 392, 20))
LEVEL_CHIPS = (("beginner", N_("Beginner")), ("intermediate", N_("Intermediate")), ("expert", N_("Expert")),
               ("custom", N_("Custom")))
NO_GUESS_LABEL = N_("No-guess")


class Layout:
    """Where the cells of a ``rows`` x ``cols`` field go: the largest square cells (at most 56 pixels) that fit
    ``area`` (the screen's board area) with a 6-pixel frame. ``turned``: the field is shown with its rows as
    columns (expert, kept 16 wide and 30 tall, is shown 30 wide on a wide canvas); every method takes and gives
    the field's (row, col), :meth:`shown` says where a cell is on screen."""

    def __init__(self, rows: int, cols: int, area: pygame.Rect = BOARD_AREA, turned: bool = False) -> None:
        self.rows, self.cols, self.turned = rows, cols, turned
        down, across = (cols, rows) if turned else (rows, cols)
        inner = area.inflate(-12, -12)
        self.cell = max(4, min(inner.w // across, inner.h // down, 56))
        w, h = self.cell * across, self.cell * down
        self.board = pygame.Rect(0, 0, w, h)
        self.board.center = area.center
        self.frame = self.board.inflate(12, 12)

    def shown(self, r, c) -> tuple:
        """The (row, column) on screen of the field's cell (r, c)."""
        return (c, r) if self.turned else (r, c)

    def cell_rect(self, r: int, c: int) -> pygame.Rect:
        y, x = self.shown(r, c)
        return pygame.Rect(self.board.x + x * self.cell, self.board.y + y * self.cell, self.cell, self.cell)

    def cell_at(self, pos) -> tuple[int, int] | None:
        x, y = pos
        if not self.board.collidepoint(x, y):
            return None
        return self.shown(int(y - self.board.y) // self.cell, int(x - self.board.x) // self.cell)

    def centre(self, r: int, c: int) -> tuple[float, float]:
        y, x = self.shown(r, c)
        return (self.board.x + (x + 0.5) * self.cell, self.board.y + (y + 0.5) * self.cell)


def layout_for(size) -> tuple:
    """The screens of a canvas (or frame) of ``size``, the usual one first: portrait (ROOMY, TALL), landscape
    (SIDE, WIDE), placed in a frame of that size."""
    return tuple(s.placed(size) for s in ((SIDE, WIDE) if size[0] > size[1] else (ROOMY, TALL)))


def screen_for(rows: int, cols: int, size=CANVAS, turned: bool = False) -> Screen:
    """Of the screens for a canvas or frame of ``size``, the one giving the board the bigger cells (the usual one
    when they tie): in portrait the tall screen for boards limited by their height, in landscape the bar on top
    for boards wider than the column layout leaves room for."""
    usual, other = layout_for(size)
    better = Layout(rows, cols, other.board, turned).cell > Layout(rows, cols, usual.board, turned).cell
    return other if better else usual


def replay_screen(rows: int, cols: int, level: str, size) -> tuple[Screen, Table, bool]:
    """The replay's screen of a field on a canvas of ``size``, its table and whether the field is shown turned:
    portrait, or on the wide canvas the screen giving the bigger cells (the board at the left, or across under a
    bar)."""
    if size[0] <= size[1]:
        return REPLAY, REPLAY_TABLE, False
    turned = turned_for(level, size)
    side, wide = (Layout(rows, cols, sc.board, turned).cell for sc in (REPLAY_SIDE, REPLAY_WIDE))
    return (REPLAY_SIDE, REPLAY_SIDE_TABLE, turned) if side >= wide else (REPLAY_WIDE, REPLAY_WIDE_TABLE, turned)


def turned_for(level: str, size) -> bool:
    """Whether a field of ``level`` is shown turned on a canvas of ``size``: expert, kept 16 wide and 30 tall
    for the portrait canvas, is shown as the classic 30 wide on a wide one (a custom field keeps the shape the
    player chose)."""
    return level == "expert" and size[0] > size[1]

