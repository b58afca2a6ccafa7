"""The 2048 game review card, over its replay: a progress bar while the AI works (in its worker: frames never
wait), then the accuracy, the count of each grade, the evaluation over the moves (blunders and mistakes marked) and
the five costliest moves. Clicking one (or pressing 1-5) closes the card on the replay at the board that move led to,
where the grade line names the move, its grade and what the AI would have played (one step back shows the position
the player faced). Esc or Enter closes it; the review goes on."""
from __future__ import annotations

import pygame

from arcade.engine.i18n import N_, _
from arcade.engine.replay_player import ReviewCard
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.widgets import progress_bar
from arcade.game2048.review import GRADE_COLORS, GRADES, summarize

CARD = ReviewCard.CARD
CHART = pygame.Rect(40, 286, 400, 136)
ROW0 = ReviewCard.ROW0


class ReviewOverlay(ReviewCard):
    @property
    def summary(self):
        return summarize(self.rs.reviewer.moves) if self.rs.reviewer is not None else None

    def worst(self) -> list:
        s = self.summary
        return s["worst"] if s is not None else []

    def draw_body(self, surface) -> None:
        r = self.rs.reviewer
        gc = GRADE_COLORS
        if r is None or (not r.moves and not r.done):
            blit_center(surface, render(_("The AI is looking at every move..."), 18, colors.BUTTON, "medium"),
                        (CARD.centerx, CARD.y + 120))
            return
        s = self.summary
        if not r.done:
            progress_bar(surface, pygame.Rect(CARD.x + 40, CARD.y + 70, CARD.w - 80, 10), r.progress)
            blit_center(surface, render(_("{done} / {all} moves").format(done=f"{len(r.moves):,}", all=f"{len(r.todo):,}"), 14, colors.BUTTON, "medium"),
                        (CARD.centerx, CARD.y + 94))
        elif r.error:
            blit_center(surface, fit(r.error, CARD.w - 40, 15, (180, 60, 40), "medium"), (CARD.centerx, CARD.y + 80))
        blit_center(surface, render(f"{s['accuracy']:.0f}", 56, colors.TEXT), (CARD.x + 90, CARD.y + 138))
        blit_center(surface, render(_("accuracy"), 14, colors.BUTTON, "medium"), (CARD.x + 90, CARD.y + 178))
        x, y = CARD.x + 170, CARD.y + 112
        for i, (name, _limit) in enumerate(GRADES):
            col, row = i % 2, i // 2
            lab = render(f"{s['counts'][name]:,}  {_(name)}", 16, gc[name])
            surface.blit(lab, (x + col * 130, y + row * 26))
        self._chart(surface, r.moves)
        self.draw_rows(surface, N_("Costliest moves (click, or 1-5)"), N_("None: every move was the AI's"),
                       [(gc[m.grade], _("move {n}: {move} ({grade}, -{loss} %)  ·  AI: {best}").format(
                           n=f"{m.index:,}", move=_(m.played), grade=_(m.grade), loss=f"{m.regret * 100:.1f}",
                           best=_(m.best))) for m in s["worst"]])
    def _chart(self, surface, moves) -> None:
        """The position's value after each move (the AI's estimate), mistakes and blunders marked."""
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
