"""The 2048 game review card, over its replay: a progress bar while the AI works (in its worker: frames never
wait), then the accuracy, the count of each grade, the evaluation over the moves (blunders and mistakes marked) and
the five costliest moves. Clicking one (or pressing 1-5) closes the card on the replay at the board that move led to,
where the grade line names the move, its grade and what the AI would have played (one step back shows the position
the player faced). Esc or Enter closes it; the review goes on."""
from __future__ import annotations

import pygame

from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.replay_player import ReviewCard
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.widgets import progress_bar
from arcade.game2048.hud import INK, MIN_TEXT, legible
from arcade.game2048.review import GRADE_COLORS, GRADES, summarize

CARD = ReviewCard.CARD
CHART = pygame.Rect(40, 286, 400, 136)
ROW0 = ReviewCard.ROW0
# the wide canvas: one card over the replay, the figures and the chart at its left, the costliest moves at its right
WIDE_CARD = pygame.Rect(20, 20, 800, 520)
WIDE_CHART = pygame.Rect(40, 290, 360, 210)
WIDE_ROWS = pygame.Rect(420, 146, 380, 230)  # five rows of ReviewCard.ROW_H


def grade_count(grade: str, n: int) -> str:
    """"1 mistake", "4 inaccuracies": how many moves got ``grade`` (a name of :data:`GRADES`), in the plural form
    of the language."""
    forms = {
        "best": ngettext("{n} best", "{n} best", n),
        "good": ngettext("{n} good", "{n} good", n),
        "inaccuracy": ngettext("{n} inaccuracy", "{n} inaccuracies", n),
        "mistake": ngettext("{n} mistake", "{n} mistakes", n),
        "blunder": ngettext("{n} blunder", "{n} blunders", n),
    }
    return forms[grade].format(n=f"{n:,}")


class ReviewOverlay(ReviewCard):
    def __init__(self, app, player):
        super().__init__(app, player)
        self.resize(app.size)

    def resize(self, size) -> None:
        """Lay the card out for a canvas of ``size`` (its veil made to that size)."""
        super().resize(size)
        card = self.CARD = self.frame = WIDE_CARD if self.wide else CARD
        self.divider_x = WIDE_ROWS.x - 10 if self.wide else None
        self.ROW0 = WIDE_ROWS.y if self.wide else ROW0
        self.chart = WIDE_CHART if self.wide else CHART
        # where the figures go: the review's progress, an error, the accuracy, the grade counts (x, y, column step)
        if self.wide:  # in the card's left half, over the chart
            self.spots = {"middle": 220, "width": 360, "bar": pygame.Rect(40, 90, 360, 10), "accuracy": (100, 170),
                          "grades": (160, 148, 120)}
        else:
            self.spots = {"middle": card.centerx, "width": card.w - 40,
                          "bar": pygame.Rect(card.x + 40, card.y + 70, card.w - 80, 10),
                          "accuracy": (card.x + 90, card.y + 138), "grades": (card.x + 170, card.y + 112, 130)}

    def row_rect(self, k: int) -> pygame.Rect:
        if not self.wide:
            return super().row_rect(k)
        return pygame.Rect(WIDE_ROWS.x, WIDE_ROWS.y + k * self.ROW_H, WIDE_ROWS.w, self.ROW_H - 6)

    def draw_rows(self, surface, heading: str, empty: str, rows: list) -> None:
        if not self.wide:
            super().draw_rows(surface, heading, empty, rows)
            return
        r = WIDE_ROWS
        blit_center(surface, fit(_(heading), r.w, 16, colors.TEXT, min_size=MIN_TEXT), (r.centerx, r.y - 20))
        if not rows:
            blit_center(surface, fit(_(empty), r.w, 16, colors.BUTTON, "medium", min_size=MIN_TEXT), (r.centerx, r.y + 20))
        for k, (stripe, text) in enumerate(rows[:5]):
            rr = self.row_rect(k)
            pygame.draw.rect(surface, colors.LABEL, rr, border_radius=6)
            pygame.draw.rect(surface, stripe, (rr.x, rr.y, 6, rr.h), border_top_left_radius=6,
                             border_bottom_left_radius=6)
            label = fit(f"{k + 1}.  {text}", rr.w - 24, 16, INK, "medium", min_size=MIN_TEXT)
            surface.blit(label, label.get_rect(midleft=(rr.x + 14, rr.centery)))
    @property
    def summary(self):
        return summarize(self.rs.reviewer.moves) if self.rs.reviewer is not None else None

    def worst(self) -> list:
        s = self.summary
        return s["worst"] if s is not None else []

    def draw_body(self, surface) -> None:
        r = self.rs.reviewer
        gc = GRADE_COLORS
        CARD, at = self.CARD, self.spots
        if r is None or (not r.moves and not r.done):
            blit_center(surface, render(_("The AI is looking at every move..."), 18, colors.BUTTON, "medium"),
                        (CARD.centerx, CARD.y + 120))
            return
        s = self.summary
        if not r.done:
            progress_bar(surface, at["bar"], r.progress)
            blit_center(surface, render(ngettext("{done} / {all} move", "{done} / {all} moves", len(r.todo)).format(
                done=f"{len(r.moves):,}", all=f"{len(r.todo):,}"), 14, colors.BUTTON, "medium"),
                        (at["middle"], at["bar"].y + 24))
        elif r.error:
            blit_center(surface, fit(r.error, at["width"], 15, (180, 60, 40), "medium"), (at["middle"], CARD.y + 80))
        ax, ay = at["accuracy"]
        blit_center(surface, render(f"{s['accuracy']:.0f}", 56, colors.TEXT), (ax, ay))
        blit_center(surface, render(_("accuracy"), 14, colors.BUTTON, "medium"), (ax, ay + 40))
        x, y, dx = at["grades"]
        for i, (name, _limit) in enumerate(GRADES):
            col, row = i % 2, i // 2
            lab = render(grade_count(name, s["counts"][name]), 16, legible(gc[name]))
            surface.blit(lab, (x + col * dx, y + row * 26))
        self._chart(surface, r.moves)
        self.draw_rows(surface, N_("Costliest moves (click, or 1-5)"), N_("None: every move was the AI's"),
                       [(gc[m.grade], _("move {n}: {move} ({grade}, -{loss} %)  ·  AI: {best}").format(
                           n=f"{m.index:,}", move=_(m.played), grade=_(m.grade), loss=f"{m.regret * 100:.1f}",
                           best=_(m.best))) for m in s["worst"]])
    def _chart(self, surface, moves) -> None:
        """The position's value after each move (the AI's estimate), mistakes and blunders marked."""
        CHART = self.chart
        pygame.draw.rect(surface, colors.LABEL, CHART, border_radius=6)
        blit_center(surface, render(_("Evaluation over the game"), 14, colors.BUTTON, "medium"),
                    (CHART.centerx, CHART.y - 12))
        if len(moves) < 2:
            return
        vals = [m.value for m in moves]
        lo, hi = min(vals), max(vals)
        span = (hi - lo) or 1.0
        n = len(moves)
        inner = CHART.inflate(-16, -20)

        def at(i, v):
            return inner.x + inner.w * i / (n - 1), inner.bottom - inner.h * (v - lo) / span

        step = max(1, n // inner.w)
        pts = [at(i, vals[i]) for i in range(0, n, step)]
        if len(pts) >= 2:
            pygame.draw.lines(surface, colors.BUTTON, False, pts, 2)
        gc = GRADE_COLORS
        for i, m in enumerate(moves):
            if m.grade in ("mistake", "blunder"):
                pygame.draw.circle(surface, gc[m.grade], [round(c) for c in at(i, vals[i])], 4)
