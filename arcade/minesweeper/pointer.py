"""Mouse and touch on Minesweeper's board (pygame events), the classic way, turned into the scene's actions.

Mouse: left click opens a covered cell (on release: the cell shows pressed while the button is down) and chords a
satisfied number; right click flags (or cycles flag / question mark); both buttons together or the middle button
chord. Touch: a tap opens or chords, a long press flags. A press on a HUD button or the end card's Review button
is that button. The scene carries out ``act``, ``flag``, ``chord``, ``button`` and ``review``.
"""
from __future__ import annotations

import math

import pygame

from arcade.engine.ui.input import finger_to_logical
from arcade.minesweeper.field import FLAG

__all__ = ["Pointer", "LONG_PRESS", "TAP_SLOP"]

LONG_PRESS = 0.45             # seconds a finger rests on a cell to flag it
TAP_SLOP = 14                 # logical pixels a finger may drift and still tap


class Pointer:
    """The buttons and the finger held on the board: ``left_down`` the cell the left button went down on,
    ``both`` both buttons held (a chord on release), ``middle`` the middle button's cell, ``touch`` ``[cell, pos,
    seconds held, flagged already]``, ``hover`` the cell under the mouse pointer (the odds bubble's)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.hover = None
        self.reset()

    def reset(self) -> None:
        """Nothing held (a new game, another scene on top)."""
        self.left_down = self.middle = self.touch = None
        self.both = False

    @property
    def held(self) -> bool:
        return self.left_down is not None or self.middle is not None or self.touch is not None

    @property
    def view(self):
        return self.scene.view

    def handle(self, event) -> None:
        t = event.type
        touch = getattr(event, "touch", False)
        if t == pygame.MOUSEBUTTONDOWN and not touch:
            self._mouse_down(event.pos, event.button)
        elif t == pygame.MOUSEBUTTONUP and not touch:
            self._mouse_up(event.pos, event.button)
        elif t == pygame.MOUSEMOTION and not touch:
            self.hover = self.view.layout.cell_at(event.pos)
            if self.left_down is not None or self.middle is not None:
                self.press_visual(self.view.layout.cell_at(event.pos))
        elif t == pygame.WINDOWLEAVE:
            self.hover = None
        elif t == pygame.FINGERDOWN:
            pos = finger_to_logical(event.x, event.y)
            if self._button(pos):
                return
            cell = self.view.layout.cell_at(pos)
            if cell is not None:
                self.touch = [cell, pos, 0.0, False]
                self.press_visual(cell)
        elif t == pygame.FINGERMOTION and self.touch is not None:
            pos = finger_to_logical(event.x, event.y)
            if math.dist(pos, self.touch[1]) > TAP_SLOP:
                self.touch = None
                self.view.pressed = set()
        elif t == pygame.FINGERUP and self.touch is not None:
            cell, _t, _p, flagged = self.touch
            self.touch = None
            self.view.pressed = set()
            if not flagged:
                self.scene.act(*cell)

    def update(self, dt: float) -> None:
        """A finger resting on a cell flags it after :data:`LONG_PRESS` seconds."""
        if self.touch is not None and not self.touch[3]:
            self.touch[2] += dt
            if self.touch[2] >= LONG_PRESS:
                self.touch[3] = True
                self.view.pressed = set()
                self.scene.flag(*self.touch[0])

    def _button(self, pos) -> bool:
        """The end card's Review button or a HUD button at ``pos``: pressed."""
        review = self.scene.review_rect()
        if review is not None and review.collidepoint(pos):
            self.scene.review()
            return True
        button = self.scene.hud.button_at(pos)
        if button is not None:
            self.scene.button(button)
            return True
        return False

    def press_visual(self, cell) -> None:
        f = self.scene.field
        if cell is None:
            self.view.pressed = set()
            return
        r, c = cell
        if self.both or self.middle is not None or f.is_open(r, c):
            cells = {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if 0 <= r + dr < f.rows and 0 <= c + dc < f.cols}
        else:
            cells = {cell}
        self.view.pressed = {x for x in cells if not f.is_open(*x) and f.mark(*x) != FLAG} if not f.over else set()

    def _mouse_down(self, pos, button: int) -> None:
        cell = self.view.layout.cell_at(pos)
        if button == 1:
            if self._button(pos):
                return
            if cell is not None:
                self.left_down = cell
                self.press_visual(cell)
        elif button == 3 and cell is not None:
            if self.left_down is not None:
                self.both = True
                self.press_visual(cell)
            else:
                self.scene.flag(*cell)
        elif button == 2 and cell is not None:
            self.middle = cell
            self.press_visual(cell)

    def _mouse_up(self, pos, button: int) -> None:
        cell = self.view.layout.cell_at(pos)
        if button in (1, 3) and self.both:
            self.both = False
            self.left_down = None
            self.view.pressed = set()
            if cell is not None:
                self.scene.chord(*cell)
            return
        if button == 1 and self.left_down is not None:
            self.left_down = None
            self.view.pressed = set()
            if cell is not None:
                self.scene.act(*cell)
        elif button == 2 and self.middle is not None:
            self.middle = None
            self.view.pressed = set()
            if cell is not None:
                self.scene.chord(*cell)
