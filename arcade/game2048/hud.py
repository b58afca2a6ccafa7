"""Everything around the 2048 board: title, score boxes and their "+N" floats, the buttons, the win / game-over
panel, the hint arrow and the AI panel. It draws a snapshot it is handed (like the original's ``actuate``) and
decides nothing: the scene says what the numbers are, the HUD says where they go.
"""
from __future__ import annotations

import pygame

from arcade.engine.ui import colors
from arcade.engine.ui.text import Label, blit_center, fit, render
from arcade.engine.ui.tween import ease_in, ease_out

SCORE_FLOAT = (0.6, 75)  # seconds, pixels the "+N" rises (the original's 600 ms / 75 px)
PANEL_DELAY, PANEL_FADE = 1.2, 0.8  # the original's win / game-over message timing

LAYOUT = {
    "title": (20, 10),
    "score": pygame.Rect(246, 20, 104, 60),
    "best": pygame.Rect(358, 20, 104, 60),
    "new": pygame.Rect(20, 100, 128, 44),
    "undo": pygame.Rect(156, 100, 96, 44),
    "auto": pygame.Rect(260, 100, 96, 44),
    "hint": pygame.Rect(364, 100, 96, 44),
    "board": pygame.Rect(20, 158, 440, 440),
    "panel": pygame.Rect(20, 612, 440, 176),
}
BUTTONS = ("new", "undo", "auto", "hint")
ARROWS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
DIRECTIONS = ("up", "down", "left", "right")

_ARROW_LAYERS: dict = {}  # hint arrow layers, drawn once per direction


def end_buttons(won: bool, over: bool) -> dict:
    """The end panel's buttons by name ("keep", "again") and their rects; none while the game runs."""
    b = LAYOUT["board"]
    if over:
        return {"again": pygame.Rect(b.centerx - 70, b.centery + 40, 140, 44)}
    if won:
        return {"keep": pygame.Rect(b.centerx - 150, b.centery + 40, 140, 44),
                "again": pygame.Rect(b.centerx + 10, b.centery + 40, 140, 44)}
    return {}


def button_at(pos) -> str | None:
    return next((name for name in BUTTONS if LAYOUT[name].collidepoint(pos)), None)


class Hud:
    def __init__(self) -> None:
        self.labels = {k: Label(25, (255, 255, 255), max_width=LAYOUT[k].w - 10) for k in ("score", "best")}
        self.info = [Label(14, colors.TEXT, "medium") for _ in range(5)]  # the AI panel's changing figures
        self.floats: list[list] = []  # [age, text]

    # ----- the "+N" floats -----
    def add_float(self, gained: int) -> None:
        self.floats.append([0.0, f"+{gained}"])

    def update(self, dt: float) -> None:
        for f in self.floats:
            f[0] += dt
        self.floats = [f for f in self.floats if f[0] < SCORE_FLOAT[0]]

    def clear(self) -> None:
        self.floats.clear()

    # ----- drawing -----
    def draw_top(self, surface, score: int, best: int, can_undo: bool, autoplay: bool, running: bool) -> None:
        surface.blit(render("2048", 68, colors.TEXT), LAYOUT["title"])
        self._score_box(surface, "score", "SCORE", score)
        self._score_box(surface, "best", "BEST", best)
        r = LAYOUT["score"]
        for age, text in self.floats:
            k = age / SCORE_FLOAT[0]
            lab = render(text, 25, colors.TEXT)
            lab.set_alpha(round(255 * (1 - ease_in(k))))
            blit_center(surface, lab, (r.centerx, r.centery + 8 - SCORE_FLOAT[1] * ease_in(k)))
        button(surface, LAYOUT["new"], "New Game")
        button(surface, LAYOUT["undo"], "Undo", enabled=can_undo)
        button(surface, LAYOUT["auto"], "Stop" if autoplay else "Auto", active=autoplay)
        button(surface, LAYOUT["hint"], "Hint", enabled=running)

    def _score_box(self, surface, name, label, value) -> None:
        r = LAYOUT[name]
        pygame.draw.rect(surface, colors.BOARD, r, border_radius=3)
        blit_center(surface, render(label, 13, colors.LABEL), (r.centerx, r.y + 15))
        blit_center(surface, self.labels[name].get(str(value)), (r.centerx, r.y + 40))

    def draw_end_panel(self, surface, won: bool, over: bool, k: float) -> None:
        """The veil and message over the board, ``k`` in 0..1 the fade-in's progress."""
        if k <= 0 or not (won or over):
            return
        b = LAYOUT["board"]
        win = won and not over
        veil = pygame.Surface(b.size, pygame.SRCALPHA)
        veil.fill((*colors.GOLD, 128) if win else (*colors.LABEL, 128))
        veil.set_alpha(round(255 * ease_out(k)))
        surface.blit(veil, b)
        text = render("You win!" if win else "Game over!", 60, colors.TEXT_LIGHT if win else colors.TEXT)
        text.set_alpha(round(255 * k))
        blit_center(surface, text, (b.centerx, b.centery - 30))
        for name, r in end_buttons(win, over).items():
            button(surface, r, "Keep going" if name == "keep" else "Try again")

    def draw_ai_panel(self, surface, strategy: str, ai) -> None:
        """``ai`` is the scene's :class:`arcade.game2048.autoplay.AIController` (read only)."""
        r = LAYOUT["panel"]
        pygame.draw.rect(surface, colors.LABEL, r, border_radius=6)
        x, y = r.x + 14, r.y + 10
        mps = ai.moves_per_second
        speed = "max speed" if mps == 0 else f"{mps} moves/s"
        state = "autoplay ON" if ai.autoplay else "autoplay off (Shift+A)"
        surface.blit(render(f"AI  {strategy}  ·  {state}  ·  {speed}", 15, colors.TEXT), (x, y))
        d = ai.decision
        scores = d.scores if d is not None else {}
        vals = [v for v in scores.values() if v is not None]
        lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
        for i, name in enumerate(DIRECTIONS):
            yy = y + 28 + i * 24
            surface.blit(render(name.capitalize(), 15, colors.TEXT, "medium"), (x, yy))
            track = pygame.Rect(x + 56, yy + 3, 230, 14)
            pygame.draw.rect(surface, (225, 214, 203), track, border_radius=4)
            v = scores.get(name)
            if v is not None:
                frac = 1.0 if hi == lo else 0.15 + 0.85 * (v - lo) / (hi - lo)
                bar = pygame.Rect(track.x, track.y, max(4, round(track.w * frac)), track.h)
                pygame.draw.rect(surface, colors.GOLD if name == d.direction else colors.BUTTON, bar, border_radius=4)
        lines = []
        if d is not None:
            lines = [f"depth {d.depth}", f"{d.nodes_per_second / 1000:.0f}k nodes/s", f"{d.elapsed * 1000:.0f} ms",
                     f"{d.path} path"]
        lines.append(f"AI moves {ai.moves}")
        for i, line in enumerate(lines[: len(self.info)]):
            surface.blit(self.info[i].get(line), (x + 300, y + 28 + i * 20))
        note = ai.error or ai.notice
        if note:
            surface.blit(fit(note, r.w - 28, 13, (180, 60, 40), "medium"), (x, r.bottom - 22))
        elif ai.pending is not None and d is None:
            surface.blit(render("thinking...", 14, colors.TEXT, "medium"), (x, r.bottom - 22))


def button(surface, r, label, enabled=True, active=False) -> None:
    col = colors.GOLD if active else colors.BUTTON if enabled else (200, 190, 178)
    pygame.draw.rect(surface, col, r, border_radius=3)
    blit_center(surface, fit(label, r.w - 8, 20, colors.TEXT_LIGHT), r.center)


def hint_arrow(surface, direction: str) -> None:
    """A big translucent arrow over the board's centre."""
    layer = _ARROW_LAYERS.get(direction)
    if layer is None:
        b = LAYOUT["board"]
        dx, dy = ARROWS[direction]
        cx, cy = b.center
        L, W = 120, 46
        tip = (cx + dx * L / 2, cy + dy * L / 2)
        tail = (cx - dx * L / 2, cy - dy * L / 2)
        px, py = -dy, dx
        end = (tip[0] - dx * W, tip[1] - dy * W)
        pts = [(tail[0] + px * W / 4, tail[1] + py * W / 4), (end[0] + px * W / 4, end[1] + py * W / 4),
               (end[0] + px * W / 1.2, end[1] + py * W / 1.2), tip,
               (end[0] - px * W / 1.2, end[1] - py * W / 1.2), (end[0] - px * W / 4, end[1] - py * W / 4),
               (tail[0] - px * W / 4, tail[1] - py * W / 4)]
        layer = _ARROW_LAYERS[direction] = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(layer, (*colors.BUTTON, 200), pts)
        pygame.draw.polygon(layer, (255, 255, 255, 230), pts, width=3)
    surface.blit(layer, (0, 0))
