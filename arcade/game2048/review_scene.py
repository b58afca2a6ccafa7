"""The 2048 game review card, over its replay: a progress bar while the AI works (in its worker: frames never
wait), then the accuracy, the count of each grade, the evaluation over the moves (blunders and mistakes marked) and
the five costliest moves. Clicking one (or pressing 1-5) closes the card on the replay at the position before that
move, where the grade line shows what the AI would have played. Esc or Enter closes it; the review goes on."""
from __future__ import annotations

import pygame

from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import pointer_up
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.widgets import Dimmer, progress_bar
from arcade.game2048.review import GRADE_COLORS, GRADES, summarize

CARD = pygame.Rect(20, 60, 440, 680)
CHART = pygame.Rect(40, 286, 400, 136)
ROW0, ROW_H = 474, 46


class ReviewOverlay(Scene):
    overlay = True

    def __init__(self, app, replay_scene):
        super().__init__(app)
        self.rs = replay_scene
        self.dim = Dimmer(app.size, (30, 25, 20, 180))

    @property
    def summary(self):
        return summarize(self.rs.reviewer.moves) if self.rs.reviewer is not None else None

    def row_rect(self, k: int) -> pygame.Rect:
        return pygame.Rect(CARD.x + 20, ROW0 + k * ROW_H, CARD.w - 40, ROW_H - 6)

    def jump(self, k: int) -> None:
        s = self.summary
        if s is None or k >= len(s["worst"]):
            return
        m = s["worst"][k]
        self.app.stack.remove(self)
        self.rs.playing = False
        self.rs.seek(m.index)  # the board after the move, with its grade and the AI's move on the line below

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_v):
                self.app.stack.remove(self)
            elif pygame.K_1 <= event.key <= pygame.K_5:
                self.jump(event.key - pygame.K_1)
            return
        up = pointer_up(event)
        if up is not None:
            for k in range(5):
                if self.row_rect(k).collidepoint(up[:2]):
                    self.jump(k)
                    return
            if not CARD.collidepoint(up[:2]):
                self.app.stack.remove(self)

    def update(self, dt: float) -> None:
        self.rs._review_tick()  # the replay under this card is not updated while covered

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        pygame.draw.rect(surface, colors.PAGE, CARD, border_radius=12)
        pygame.draw.rect(surface, colors.BOARD, CARD, width=3, border_radius=12)
        blit_center(surface, render("Game review", 34, colors.TEXT), (CARD.centerx, CARD.y + 36))
        r = self.rs.reviewer
        gc = GRADE_COLORS
        if r is None or (not r.moves and not r.done):
            blit_center(surface, render("The AI is looking at every move...", 18, colors.BUTTON, "medium"),
                        (CARD.centerx, CARD.y + 120))
            return
        s = self.summary
        if not r.done:
            progress_bar(surface, pygame.Rect(CARD.x + 40, CARD.y + 70, CARD.w - 80, 10), r.progress)
            blit_center(surface, render(f"{len(r.moves):,} / {len(r.todo):,} moves", 14, colors.BUTTON, "medium"),
                        (CARD.centerx, CARD.y + 94))
        elif r.error:
            blit_center(surface, fit(r.error, CARD.w - 40, 15, (180, 60, 40), "medium"), (CARD.centerx, CARD.y + 80))
        blit_center(surface, render(f"{s['accuracy']:.0f}", 56, colors.TEXT), (CARD.x + 90, CARD.y + 138))
        blit_center(surface, render("accuracy", 14, colors.BUTTON, "medium"), (CARD.x + 90, CARD.y + 178))
        x, y = CARD.x + 170, CARD.y + 112
        for i, (name, _) in enumerate(GRADES):
            col, row = i % 2, i // 2
            lab = render(f"{s['counts'][name]:,}  {name}", 16, gc[name])
            surface.blit(lab, (x + col * 130, y + row * 26))
        self._chart(surface, r.moves)
        blit_center(surface, render("Costliest moves (click, or 1-5)", 16, colors.TEXT), (CARD.centerx, ROW0 - 20))
        if not s["worst"]:
            blit_center(surface, render("None: every move was the AI's", 16, colors.BUTTON, "medium"),
                        (CARD.centerx, ROW0 + 20))
        for k, m in enumerate(s["worst"]):
            rr = self.row_rect(k)
            pygame.draw.rect(surface, colors.LABEL, rr, border_radius=6)
            pygame.draw.rect(surface, gc[m.grade], (rr.x, rr.y, 6, rr.h), border_top_left_radius=6,
                             border_bottom_left_radius=6)
            text = f"{k + 1}.  move {m.index:,}: {m.played} ({m.grade}, -{m.regret * 100:.1f} %)  ·  AI: {m.best}"
            surface.blit(fit(text, rr.w - 24, 16, colors.TEXT, "medium"), (rr.x + 14, rr.y + 12))

    def _chart(self, surface, moves) -> None:
        """The position's value after each move (the AI's estimate), mistakes and blunders marked."""
        pygame.draw.rect(surface, colors.LABEL, CHART, border_radius=6)
        blit_center(surface, render("Evaluation over the game", 14, colors.BUTTON, "medium"),
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
