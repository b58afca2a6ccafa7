"""The stats screen: per game, games played, best and average score, recent scores as a bar chart, and the
game's own charts (its ``GAME.stats``: 2048's highest tiles, Stairs' causes of death ...). Left/Right (or a click
on the tabs) switch games; Esc, Enter or a click on Back return to the menu."""
from __future__ import annotations

import pygame

from arcade.engine import assets
from arcade.engine.i18n import _, ngettext
from arcade.engine.plugin import Bars, Breakdown

LOSS_BAR = (190, 60, 45)  # a lost game in a chart coloured by result
LOSS_STUB = 10  # pixels: the least a lost game's bar shows
from arcade.engine.scene import Scene
from arcade.engine.stats import charts, summarise
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_landscape, pointer_down
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.text import wrap_lines
from arcade.engine.ui.widgets import label_row

# Where everything on the stats screen goes, one table a canvas (:func:`layout_for`), read by drawing and by the
# hit tests alike. Portrait: the title, the tabs, the numbers in a row, two text lines, the recent scores and the
# game's own chart down the canvas, Back (and Replays beside it) at the foot. Landscape: the title and the tabs along
# the top, the numbers and the buttons in a column on the left (SIDE), the charts on the right (CHARTS).
TABS = pygame.Rect(200, 22, 616, 44)
SIDE = pygame.Rect(24, 86, 300, 454)
CHARTS = pygame.Rect(348, 84, 468, 456)
TAB_GAP = 8
BOX_H = 62


def _row_of_boxes(n: int) -> list:
    """Portrait: ``n`` number boxes in one row, centred on the canvas."""
    bw, gap = (102, 8) if n == 4 else (136, 10)
    x0 = (480 - (n * bw + (n - 1) * gap)) // 2
    return [pygame.Rect(x0 + i * (bw + gap), 160, bw, BOX_H) for i in range(n)]


def _column_of_boxes(n: int) -> list:
    """Landscape: ``n`` number boxes two a row in the side column; the last of an odd count takes its whole row."""
    bw = (SIDE.w - 12) // 2
    return [pygame.Rect(SIDE.x + i % 2 * (bw + 12), SIDE.y + i // 2 * 74,
                        SIDE.w if i == n - 1 and i % 2 == 0 else bw, BOX_H) for i in range(n)]


PORTRAIT = {
    "title": ("center", (240, 55), 56),  # (anchor, point, size)
    "tabs": pygame.Rect(30, 100, 420 - TAB_GAP, 44),
    "boxes": {n: _row_of_boxes(n) for n in (3, 4)},  # by how many numbers the game shows
    "lines": ((240, 240), (240, 263), 440),  # the results' line and the AI's, centred, and their width
    "recent": pygame.Rect(30, 285, 420, 180),
    "extra": pygame.Rect(30, 490, 420, 200),
    "empty": pygame.Rect(30, 290, 420, 400),  # the message shown when there is nothing to chart
    "back": pygame.Rect(140, 730, 200, 48),
    "back_beside": pygame.Rect(30, 730, 200, 48),  # Back when Replays stands beside it
    "replays": pygame.Rect(250, 730, 200, 48),
}
LANDSCAPE = {
    "title": ("midleft", (SIDE.x, TABS.centery), 48),
    "tabs": TABS,
    "boxes": {n: _column_of_boxes(n) for n in (3, 4)},
    "side": SIDE,  # the results and the AI's line, wrapped in the column under the boxes, from this row down
    "side_top": {n: SIDE.y + -(-n // 2) * 74 + 14 for n in (3, 4)},
    "recent": pygame.Rect(CHARTS.x, CHARTS.y, CHARTS.w, 210),
    "extra": pygame.Rect(CHARTS.x, CHARTS.y + 232, CHARTS.w, CHARTS.h - 232),
    "empty": CHARTS,
    "back": pygame.Rect(SIDE.x, SIDE.bottom - 48, SIDE.w, 48),
    "back_beside": pygame.Rect(SIDE.x, SIDE.bottom - 48, 132, 48),
    "replays": pygame.Rect(SIDE.x + 144, SIDE.bottom - 48, SIDE.w - 144, 48),
}


def layout_for(size) -> dict:
    """The stats screen's table for a canvas of ``size``: :data:`LANDSCAPE` on the wide one, :data:`PORTRAIT`
    otherwise."""
    return LANDSCAPE if is_landscape(size) else PORTRAIT


def tab_rects(area: pygame.Rect, n: int) -> list:
    """``n`` tabs side by side across ``area``, :data:`TAB_GAP` apart."""
    w = (area.w + TAB_GAP) // max(1, n)
    return [pygame.Rect(area.x + i * w, area.y, w - TAB_GAP, area.h) for i in range(n)]

def summary(profile, game) -> dict:
    """Numbers shown for a game (pure: tests check them): :func:`arcade.engine.stats.summarise`'s, plus
    ``extras``, the game's own charts built from the player's own games (:func:`arcade.engine.stats.charts`)."""
    return dict(summarise(profile, game), extras=charts(profile, game))


def result_line(s: dict) -> str:
    """What the boxes leave out: losses, draws, games left mid-way, games with hints, the streak."""
    parts = []
    if s["won"] or s["lost"] or s["drawn"]:
        parts.append(ngettext("{n} lost", "{n} lost", s["lost"]).format(n=s["lost"]))
        if s["drawn"]:
            parts.append(ngettext("{n} drawn", "{n} drawn", s["drawn"]).format(n=s["drawn"]))
    parts.append(ngettext("{n} abandoned", "{n} abandoned", s["abandoned"]).format(n=s["abandoned"]))
    if s["assisted"]:
        parts.append(ngettext("{n} with hints", "{n} with hints", s["assisted"]).format(n=s["assisted"]))
    if s["streak"] or s["longest_streak"]:
        parts.append(_("streak {n} (best {best})").format(n=s["streak"], best=s["longest_streak"]))
    return "  ·  ".join(parts)


def ai_line(s: dict, game) -> str:
    ai = s["ai"]
    if not ai["played"] and not ai["abandoned"]:
        return _("No games by the AI")
    text = ngettext("The AI's games, apart: {n} played", "The AI's games, apart: {n} played", ai["played"]).format(
        n=ai["played"])
    if ai["won"]:
        text += ngettext(", {n} won", ", {n} won", ai["won"]).format(n=ai["won"])
    if ai["best"] is not None and not game.best.lower:
        text += _(", best {value}").format(value=f"{ai['best']:,}")
    return text


class StatsScene(Scene):
    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.games = list(app.registry.values())
        ids = [g.id for g in self.games]
        self.index = ids.index(game_id) if game_id in ids else 0
        self.resize(app.size)

    def resize(self, size) -> None:
        """The table for the canvas, and the tabs laid out in it once."""
        self.layout = layout_for(size)
        self.tabs = tab_rects(self.layout["tabs"], len(self.games))

    @property
    def game_id(self) -> str:
        return self.games[self.index].id

    def _tab_rect(self, i: int) -> pygame.Rect:
        return self.tabs[i]

    def _back_rect(self) -> pygame.Rect:
        return self.layout["back_beside" if self.games[self.index].replay else "back"]

    def _replays_rect(self) -> pygame.Rect | None:
        return self.layout["replays"] if self.games[self.index].replay else None

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
        lay = self.layout
        surface.fill(colors.PAGE)
        anchor, point, size = lay["title"]
        title = render(_("Stats"), size, colors.TEXT)
        surface.blit(title, title.get_rect(**{anchor: point}))
        tabs = []
        for i, g in enumerate(self.games):
            r = self.tabs[i]
            sel = i == self.index
            pygame.draw.rect(surface, colors.BUTTON if sel else colors.PAGE, r, border_radius=8)
            if not sel:
                pygame.draw.rect(surface, colors.BUTTON, r, width=2, border_radius=8)
            tabs.append((r, _(g.title), colors.TEXT_LIGHT if sel else colors.BUTTON))
        label_row(surface, tabs, 22)
        game = self.games[self.index]
        s = summary(self.app.profile, game)
        unit = " " + game.score_unit if game.score_unit else ""
        boxes = [(_("PLAYED"), str(s["played"]))]
        if game.wins:
            boxes.append((_("WON"), str(s["won"])))
        boxes += [(_("BEST"), s["best_text"]), (_("AVERAGE"), f"{s['average']:,.0f}{unit}" if s["average"] is not None
                                               else "-")]
        for rect, (label, value) in zip(lay["boxes"][len(boxes)], boxes):
            self._box(surface, rect, label, value)
        if "side" in lay:
            self._side_lines(surface, s, game, lay["side"], lay["side_top"][len(boxes)])
        else:
            (result_at, ai_at, width) = lay["lines"]
            blit_center(surface, fit(result_line(s), width, 16, colors.TEXT, "medium"), result_at)
            blit_center(surface, fit(ai_line(s, game), width, 15, colors.TEXT, "regular"), ai_at)
        if not (s["played"] or s["abandoned"]):  # nothing to chart: one message, no empty axes
            area = lay["empty"]
            pygame.draw.rect(surface, colors.LABEL, area, border_radius=8)
            blit_center(surface, render(_("No games yet"), 26, colors.BUTTON_HOVER), (area.centerx, area.centery - 14))
            blit_center(surface, fit(_("Play {game} and your games show here").format(game=_(game.title)), area.w - 30, 16,
                                     colors.BUTTON_HOVER, "regular"), (area.centerx, area.centery + 20))
        else:
            self._chart(surface, lay["recent"], _(game.scores), s["recent"], None, game.score_unit,
                        outcomes=s["recent_outcomes"] if game.outcome_bars else None)
            for chart in s["extras"][:1]:  # one chart fits under the recent scores
                rect = lay["extra"]
                if isinstance(chart, Breakdown):
                    self._breakdown(surface, rect, chart)
                elif isinstance(chart, Bars):
                    self._chart(surface, rect, chart.title, list(chart.values), chart.labels and list(chart.labels))
        b = self._back_rect()
        pygame.draw.rect(surface, colors.BUTTON, b, border_radius=8)
        pygame.draw.rect(surface, colors.GOLD, b, width=3, border_radius=8)
        rr = self._replays_rect()
        chips = [(b, _("Back"), colors.TEXT_LIGHT)]
        if rr is not None:
            pygame.draw.rect(surface, colors.BUTTON, rr, border_radius=8)
            chips.append((rr, _("Replays (R)"), colors.TEXT_LIGHT))
        label_row(surface, chips, 22)

    @staticmethod
    def _box(surface, box, label, value) -> None:
        pygame.draw.rect(surface, colors.BUTTON, box, border_radius=6)
        blit_center(surface, fit(label, box.w - 8, 13, colors.TEXT_LIGHT), (box.centerx, box.y + 15))
        blit_center(surface, fit(value, box.w - 10, 26, colors.TEXT_LIGHT), (box.centerx, box.y + 41))

    @staticmethod
    def _side_lines(surface, s, game, side: pygame.Rect, y: int) -> None:
        """Landscape: the results and the AI's line under the boxes, wrapped in the column's width."""
        for text, size, weight in ((result_line(s), 16, "medium"), (ai_line(s, game), 15, "regular")):
            for line in wrap_lines(text, side.w, size, weight, "  ·  ")[:3]:  # a result a line, whole
                surface.blit(fit(line, side.w, size, colors.TEXT, weight, min_size=13), (side.x, y))
                y += size + 8
            y += 8

    def _chart(self, surface, rect, title, values, labels, unit: str = "", outcomes=None) -> None:
        """A bar chart; ``outcomes`` (one per value: won, lost, draw) colours each bar by its game's result, a
        loss red and never thinner than a stub, so a loss that scores 0 is still seen."""
        # the scale ("max N") on the title's line, right-aligned, for charts without a count over each bar
        scale = None
        if values and not labels:
            scale = render(_("max {value}").format(value=f"{max(values) or 1}{' ' + unit if unit else ''}"), 13, colors.TEXT,
                           "regular")
        room = rect.w - (scale.get_width() + 12 if scale else 0)
        surface.blit(fit(_(title), room, 20, colors.TEXT), (rect.x, rect.y))
        if scale:
            surface.blit(scale, scale.get_rect(bottomright=(rect.right, rect.y + 22)))
        area = pygame.Rect(rect.x, rect.y + 30, rect.w, rect.h - (52 if labels else 30))
        pygame.draw.rect(surface, colors.LABEL, area, border_radius=6)
        if not values:
            blit_center(surface, render(_("No games yet"), 18, colors.BUTTON_HOVER, "medium"), area.center)
            return
        top = max(values) or 1
        n = len(values)
        gap = 4 if n < 20 else 2
        bw = max(2, (area.w - 12 - gap * (n - 1)) // n)
        x = area.x + 6
        for i, v in enumerate(values):
            h = max(2, round((area.h - 28) * v / top))
            colour = colors.GOLD if v == top else colors.BUTTON
            if outcomes is not None:
                o = outcomes[i]
                colour = colors.GOLD if o == "won" else LOSS_BAR if o == "lost" else colors.BUTTON
                h = max(h, LOSS_STUB) if o == "lost" else h
            bar = pygame.Rect(x, area.bottom - 6 - h, bw, h)
            pygame.draw.rect(surface, colour, bar, border_radius=2)
            if labels:
                blit_center(surface, fit(labels[i], bw + gap, 14, colors.BUTTON_HOVER, "medium"),
                            (bar.centerx, area.bottom + 12))
                blit_center(surface, fit(str(v), bw + gap, 14, colors.BUTTON_HOVER, "medium"), (bar.centerx, bar.y - 9))
            x += bw + gap

    def _breakdown(self, surface, rect, chart) -> None:
        surface.blit(fit(_(chart.title), rect.w, 20, colors.TEXT), (rect.x, rect.y))
        total = sum(n for _, n, _ in chart.rows) or 1
        y = rect.y + 40
        step = max(40, min(56, (rect.h - 40) // max(1, len(chart.rows))))  # every row inside the chart's area
        for label, n, icon in chart.rows:
            x = rect.x
            if icon and assets.has_image(icon):
                img = assets.image(icon)
                surface.blit(img, img.get_rect(midleft=(x, y + 20)))
                x += img.get_width() + 10
            surface.blit(fit(_(label), rect.right - x - 60, 18, colors.TEXT, "medium"), (x, y))
            bar = pygame.Rect(x, y + 26, round((rect.right - x - 60) * n / total), 12)
            pygame.draw.rect(surface, colors.LABEL, (x, y + 26, rect.right - x - 60, 12), border_radius=4)
            if bar.w:
                pygame.draw.rect(surface, colors.BUTTON, bar, border_radius=4)
            surface.blit(render(f"{n}", 18, colors.TEXT), (rect.right - 50, y + 18))
            y += step
