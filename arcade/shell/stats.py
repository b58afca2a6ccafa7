"""The stats screen: per game, games played, best and average score, recent scores as a bar chart, and the
game's own charts (its ``GAME.stats``: 2048's highest tiles, Stairs' causes of death ...). Left/Right (or a click
on the tabs) switch games; Esc, Enter or a click on Back return to the menu."""
from __future__ import annotations

import pygame

from arcade.engine import assets
from arcade.engine.plugin import Bars, Breakdown
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import pointer_down
from arcade.engine.ui.text import blit_center, fit, render

RECENT = 40  # bars in the recent-scores chart


def summary(profile, game) -> dict:
    """Numbers shown for a game (pure: tests check them). ``extras`` are the game's own charts, built from its
    history; a game whose chart function fails on a hand-edited history still shows its numbers."""
    hist = profile.history(game.id)
    tot = profile.totals(game.id)
    played = tot["played"]
    best = game.best_of(profile)
    extras = []
    if game.stats is not None:
        try:
            extras = list(game.stats(hist))
        except Exception:  # noqa: BLE001 - a chart is not worth a crash; the numbers above still show
            extras = []
    if game.scored is None:
        average = (tot["score_sum"] / played) if played else 0.0
    else:  # only some games have a score (the kept history: the totals cannot tell them apart)
        hist = [r for r in hist if game.scored(r)]
        average = sum(r["score"] for r in hist) / len(hist) if hist else 0.0
    return {
        "played": played,
        "average": average,
        "best": best if best is not None else 0,
        "best_text": game.best.format(best) if best is not None else "-",
        "recent": [r["score"] for r in hist[-RECENT:]],
        "extras": extras,
    }


class StatsScene(Scene):
    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.games = list(app.registry.values())
        ids = [g.id for g in self.games]
        self.index = ids.index(game_id) if game_id in ids else 0

    @property
    def game_id(self) -> str:
        return self.games[self.index].id

    def _tab_rect(self, i: int) -> pygame.Rect:
        w = 420 // max(1, len(self.games))
        return pygame.Rect(30 + i * w, 100, w - 8, 44)

    def _back_rect(self) -> pygame.Rect:
        if self.games[self.index].replay:  # room for the replays button beside it
            return pygame.Rect(30, 730, 200, 48)
        return pygame.Rect(140, 730, 200, 48)

    def _replays_rect(self) -> pygame.Rect | None:
        return pygame.Rect(250, 730, 200, 48) if self.games[self.index].replay else None

    def open_replays(self) -> None:
        from arcade.shell.replays_scene import ReplaysScene

        if self.games[self.index].replay:
            self.app.stack.push(ReplaysScene(self.app, self.games[self.index]))

    def switch(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.games)
        self.app.play("menu_move")

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE):
                self.app.stack.pop()
            elif event.key in (pygame.K_LEFT, pygame.K_a, pygame.K_h):
                self.switch(-1)
            elif event.key in (pygame.K_RIGHT, pygame.K_d, pygame.K_l, pygame.K_TAB):
                self.switch(1)
            elif event.key == pygame.K_r:
                self.open_replays()
            return
        down = pointer_down(event)
        if down is not None:
            if self._back_rect().collidepoint(down[:2]):
                self.app.stack.pop()
                return
            rr = self._replays_rect()
            if rr is not None and rr.collidepoint(down[:2]):
                self.open_replays()
                return
            for i in range(len(self.games)):
                if self._tab_rect(i).collidepoint(down[:2]):
                    self.index = i

    # ----- drawing -----
    def draw(self, surface) -> None:
        w, _ = surface.get_size()
        surface.fill(colors.PAGE)
        blit_center(surface, render("Stats", 56, colors.TEXT), (w / 2, 55))
        for i, g in enumerate(self.games):
            r = self._tab_rect(i)
            sel = i == self.index
            pygame.draw.rect(surface, colors.BUTTON if sel else colors.LABEL, r, border_radius=8)
            blit_center(surface, fit(g.title, r.w - 10, 22, colors.TEXT_LIGHT if sel else colors.TEXT), r.center)
        s = summary(self.app.profile, self.games[self.index])
        y = 170
        game = self.games[self.index]
        average = f"{s['average']:.0f}{' ' + game.score_unit if game.score_unit else ''}"
        for label, value in (("Played", str(s["played"])), ("Best", s["best_text"]), ("Average", average)):
            box = pygame.Rect(0, y, 130, 64)
            box.centerx = {"Played": w / 2 - 145, "Best": w / 2, "Average": w / 2 + 145}[label]
            pygame.draw.rect(surface, colors.BOARD, box, border_radius=6)
            blit_center(surface, render(label.upper(), 13, colors.LABEL), (box.centerx, box.y + 16))
            blit_center(surface, fit(value, box.w - 10, 26, colors.TEXT_LIGHT), (box.centerx, box.y + 42))
        self._chart(surface, pygame.Rect(30, 270, w - 60, 180), game.scores, s["recent"], None, game.score_unit)
        for chart in s["extras"][:1]:  # one chart fits under the recent scores
            rect = pygame.Rect(30, 490, w - 60, 200)
            if isinstance(chart, Breakdown):
                self._breakdown(surface, rect, chart)
            elif isinstance(chart, Bars):
                self._chart(surface, rect, chart.title, list(chart.values), chart.labels and list(chart.labels))
        b = self._back_rect()
        pygame.draw.rect(surface, colors.BUTTON, b, border_radius=8)
        pygame.draw.rect(surface, colors.GOLD, b, width=3, border_radius=8)
        blit_center(surface, render("Back", 24, colors.TEXT_LIGHT), b.center)
        rr = self._replays_rect()
        if rr is not None:
            pygame.draw.rect(surface, colors.BUTTON, rr, border_radius=8)
            blit_center(surface, render("Replays (R)", 22, colors.TEXT_LIGHT), rr.center)

    def _chart(self, surface, rect, title, values, labels, unit: str = "") -> None:
        # the scale ("max N") on the title's line, right-aligned, for charts without a count over each bar
        scale = None
        if values and not labels:
            scale = render(f"max {max(values) or 1}{' ' + unit if unit else ''}", 13, colors.TEXT, "regular")
        room = rect.w - (scale.get_width() + 12 if scale else 0)
        surface.blit(fit(title, room, 20, colors.TEXT), (rect.x, rect.y))
        if scale:
            surface.blit(scale, scale.get_rect(bottomright=(rect.right, rect.y + 22)))
        area = pygame.Rect(rect.x, rect.y + 30, rect.w, rect.h - (52 if labels else 30))
        pygame.draw.rect(surface, colors.LABEL, area, border_radius=6)
        if not values:
            blit_center(surface, render("No games yet", 18, colors.BUTTON, "medium"), area.center)
            return
        top = max(values) or 1
        n = len(values)
        gap = 4 if n < 20 else 2
        bw = max(2, (area.w - 12 - gap * (n - 1)) // n)
        x = area.x + 6
        for i, v in enumerate(values):
            h = max(2, round((area.h - 28) * v / top))
            bar = pygame.Rect(x, area.bottom - 6 - h, bw, h)
            pygame.draw.rect(surface, colors.GOLD if v == top else colors.BUTTON, bar, border_radius=2)
            if labels:
                blit_center(surface, fit(labels[i], bw + gap, 14, colors.TEXT, "medium"), (bar.centerx, area.bottom + 12))
                blit_center(surface, fit(str(v), bw + gap, 14, colors.TEXT, "medium"), (bar.centerx, bar.y - 9))
            x += bw + gap

    def _breakdown(self, surface, rect, chart) -> None:
        surface.blit(render(chart.title, 20, colors.TEXT), (rect.x, rect.y))
        total = sum(n for _, n, _ in chart.rows) or 1
        y = rect.y + 40
        for label, n, icon in chart.rows:
            x = rect.x
            if icon and assets.has_image(icon):
                img = assets.image(icon)
                surface.blit(img, img.get_rect(midleft=(x, y + 20)))
                x += img.get_width() + 10
            surface.blit(render(label, 18, colors.TEXT, "medium"), (x, y))
            bar = pygame.Rect(x, y + 26, round((rect.right - x - 60) * n / total), 12)
            pygame.draw.rect(surface, colors.LABEL, (x, y + 26, rect.right - x - 60, 12), border_radius=4)
            if bar.w:
                pygame.draw.rect(surface, colors.BUTTON, bar, border_radius=4)
            surface.blit(render(f"{n}", 18, colors.TEXT), (rect.right - 50, y + 18))
            y += 56
