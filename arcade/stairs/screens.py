"""Where the Stairs HUD and the game-over card go, one table a canvas (portrait, landscape), read by drawing and by
the hit tests alike. The scene lays out on the whole frame (a window wider or taller than the canvas): the table is
placed in it (:meth:`Layout.placed`), the score and pause keeping to the frame's top corners (or the score to its top
centre in portrait), the card to its middle."""
from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from arcade.engine.ui.frame import anchor, anchor_point
from arcade.engine.ui.input import is_landscape

__all__ = ["PAUSE_RECT", "PanelLayout", "Layout", "LAYOUT", "LAYOUT_WIDE", "layout_for"]

PAUSE_RECT = pygame.Rect(420, 18, 44, 44)


@dataclass(frozen=True)
class PanelLayout:
    """The game-over card on a canvas: the card (canvas pixels) and, inside it (card pixels), the centres of the
    title, the cause line, the advice and "New best!", the tops of the score and best boxes, the code line and the
    demo's countdown, the widths the texts fit in, and the buttons' column."""

    card: pygame.Rect
    title: tuple[int, int]
    cause: tuple[int, int]
    cause_w: int
    advice: tuple[int, int]
    advice_w: int
    boxes: tuple[tuple[int, int], ...]  # top-left of the SCORE and BEST boxes
    new_best: tuple[int, int]
    code: tuple[int, int]
    code_w: int
    buttons: pygame.Rect
    demo: tuple[int, int]


@dataclass(frozen=True)
class Layout:
    """Where the HUD and the game-over card go on a canvas. ``align`` "center": the score and best are centred on
    their points; "left": their left edges are on them. ``shade`` "band": a dark band across the top behind the
    score; "corner": a dark glow in the top-left corner only. The start hint's pill is ``hint_y`` above the bottom,
    its arrows ``arrow_x`` in from the sides."""

    score: tuple[int, int]
    best: tuple[int, int]
    align: str
    pause: pygame.Rect
    tag: tuple[int, int]  # the daily game's date or a shared game's code, in a pill under the best (as it aligns)
    shade: str
    hint_y: int
    arrow_x: int
    panel: PanelLayout

    def placed(self, canvas, frame) -> "Layout":
        """This table (written for ``canvas``) placed in a frame of size ``frame``: the score, best and tag kept to
        the top-left corner ("left" alignment) or the top centre, pause to the top-right corner, the card in the
        middle; the start hint and its arrows already go by the frame's bottom and sides. The table itself for the
        canvas's own size."""
        if tuple(frame) == tuple(canvas):
            return self
        across = "start" if self.align == "left" else "centre"

        def point(p):
            return anchor_point(p, canvas, frame, across, "start")

        return replace(self, score=point(self.score), best=point(self.best), tag=point(self.tag),
                       pause=anchor(self.pause, canvas, frame, "end", "start"),
                       panel=replace(self.panel, card=anchor(self.panel.card, canvas, frame, "centre", "centre")))


# portrait: the score and best centred at the top, the card in the middle, text and buttons one column
LAYOUT = Layout(
    score=(240, 62), best=(240, 108), align="center", pause=PAUSE_RECT, tag=(240, 140), shade="band", hint_y=96, arrow_x=40,
    panel=PanelLayout(
        card=pygame.Rect(40, 140, 400, 520), title=(200, 40), cause=(200, 92), cause_w=280, advice=(200, 126),
        advice_w=360, boxes=((40, 150), (210, 150)), new_best=(200, 252), code=(200, 282), code_w=360,
        buttons=pygame.Rect(60, 306, 280, 192), demo=(200, 340)))
# landscape: the score and best in the top-left corner and pause at the top right, so the staircase ahead is clear;
# the card is wide (what happened and the score on the left, the buttons in a column on the right, the code below)
# and clears the HUD's corner, as the portrait card does
LAYOUT_WIDE = Layout(
    score=(30, 56), best=(22, 104), align="left", pause=pygame.Rect(776, 18, 44, 44), tag=(22, 136), shade="corner", hint_y=54,
    arrow_x=40,
    panel=PanelLayout(
        card=pygame.Rect(70, 128, 700, 380), title=(350, 42), cause=(190, 104), cause_w=330, advice=(190, 138),
        advice_w=340, boxes=((30, 164), (200, 164)), new_best=(190, 276), code=(350, 338), code_w=660,
        buttons=pygame.Rect(420, 92, 240, 192), demo=(540, 188)))


def layout_for(size, frame=None) -> Layout:
    """The HUD and card layout for a canvas of ``size``: portrait or landscape; placed in a frame of size ``frame``
    when given (:meth:`Layout.placed`)."""
    table = LAYOUT_WIDE if is_landscape(size) else LAYOUT
    return table if frame is None else table.placed(size, frame)
