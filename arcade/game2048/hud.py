"""Everything around the 2048 board: title, score boxes and their "+N" floats, the buttons, the win / game-over
panel, the hint arrow and the AI panel. It draws a snapshot it is handed (like the original's ``actuate``) and
decides nothing: the scene says what the numbers are, the HUD says where they go.
"""
from __future__ import annotations

import pygame

from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.ui import colors
from arcade.engine.ui.text import Label, blit_center, fit, render
from arcade.engine.ui.tween import ease_in, ease_out
from arcade.engine.ui.widgets import button

SCORE_FLOAT = (0.6, 60)  # seconds it lives and pixels it rises (the original's 600 ms "move-up", ease-in)
FLOAT_MERGE = 0.3  # a gain within this many seconds of the last float joins it (one float with the sum)
PANEL_DELAY, PANEL_FADE = 1.2, 0.8  # the original's win / game-over message timing

LAYOUT = {
    "title": (20, 10),
    "goal": pygame.Rect(20, 90, 220, 22),  # the original's intro line: the tile this board is won with
    "score": pygame.Rect(246, 20, 104, 60),
    "best": pygame.Rect(358, 20, 104, 60),
    "floats": pygame.Rect(246, 0, 104, 80),  # where "+N" rises: from the score's number up out of its box
    "new": pygame.Rect(20, 116, 128, 44),
    "undo": pygame.Rect(156, 116, 96, 44),
    "auto": pygame.Rect(260, 116, 96, 44),
    "hint": pygame.Rect(364, 116, 96, 44),
    "board": pygame.Rect(20, 172, 440, 440),
    "panel": pygame.Rect(20, 624, 440, 168),
    "footer": pygame.Rect(20, 624, 440, 40),  # the keys line shown while the AI panel is folded
}
FLOAT_SIZE = 25  # the original's 25 px bold
BUTTONS = ("new", "undo", "auto", "hint")
ARROWS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
DIRECTIONS = ("up", "down", "left", "right")

_ARROW_LAYERS: dict = {}  # hint arrow layers, drawn once per direction


def end_buttons(won: bool, over: bool) -> dict:
    """The end panel's buttons by name ("keep", "again") and their rects; none while the game runs."""
    b = LAYOUT["board"]
    if over:  # "Review": the AI's grades of this game's moves, over its replay
        return {"review": pygame.Rect(b.centerx - 150, b.centery + 40, 140, 44),
                "again": pygame.Rect(b.centerx + 10, b.centery + 40, 140, 44)}
    if won:
        return {"keep": pygame.Rect(b.centerx - 150, b.centery + 40, 140, 44),
                "again": pygame.Rect(b.centerx + 10, b.centery + 40, 140, 44)}
    return {}


def _nodes_rate(per_second: float) -> str:
    """Search speed as people write it: "850k nodes/s", "37.0 M nodes/s"."""
    if per_second >= 1e6:
        return f"{per_second / 1e6:.1f} M nodes/s"
    return f"{per_second / 1000:.0f}k nodes/s"


# the words the HUD and the reviews show for a direction or a grade, for the catalogue
N_("Up"), N_("Down"), N_("Left"), N_("Right"), N_("up"), N_("down"), N_("left"), N_("right")
N_("best"), N_("good"), N_("inaccuracy"), N_("mistake"), N_("blunder")


def button_at(pos) -> str | None:
    return next((name for name in BUTTONS if LAYOUT[name].collidepoint(pos)), None)


class Hud:
    def __init__(self) -> None:
        self.labels = {k: Label(25, (255, 255, 255), max_width=LAYOUT[k].w - 10) for k in ("score", "best")}
        self.info = [Label(14, colors.TEXT, "medium") for _ in range(5)]  # the AI panel's changing figures
        self.floats: list[list] = []  # [age, points]

    # ----- the "+N" floats -----
    def add_float(self, gained: int) -> None:
        """A "+N" rising out of the score box. Moves faster than a float lives (autoplay, the attract mode) add
        to the newest float instead of stacking new ones; a gain after that replaces it, as the original clears
        the score box's last addition: one float at a time (two would be drawn over each other)."""
        if self.floats and self.floats[-1][0] < FLOAT_MERGE:  # the newest float gathers its first 0.3 s of gains
            self.floats[-1][1] += gained
        else:
            self.floats = [[0.0, gained]]

    def float_rects(self) -> list:
        """Where each float is drawn this frame, and how far it has gone (0..1, its fade): it starts on the
        score's number and rises out of the top of the box as it fades, as the original's "+N" does."""
        lane, start = LAYOUT["floats"], LAYOUT["score"].y + 40
        out = []
        for age, points in self.floats:
            k = ease_in(min(1.0, age / SCORE_FLOAT[0]))
            lab = fit(f"+{points}", lane.w, FLOAT_SIZE, colors.TEXT, "bold")
            r = lab.get_rect(center=(lane.centerx, round(start - SCORE_FLOAT[1] * k)))
            out.append((r.clamp(lane), lab, k))
        return out

    def update(self, dt: float) -> None:
        for f in self.floats:
            f[0] += dt
        self.floats = [f for f in self.floats if f[0] < SCORE_FLOAT[0]]

    def clear(self) -> None:
        self.floats.clear()

    # ----- drawing -----
    def draw_top(self, surface, score: int, best: int, can_undo: bool, autoplay: bool, running: bool,
                 assisted: bool = False, goal: int = 2048) -> None:
        surface.blit(render("2048", 68, colors.TEXT), LAYOUT["title"])
        g = LAYOUT["goal"]
        surface.blit(fit(_("Join the tiles, get to {goal}!").format(goal=goal), g.w, 15, colors.TEXT, "medium"),
                     g.topleft)
        self._score_box(surface, "score", _("SCORE"), score)
        self._score_box(surface, "best", _("YOUR BEST") if assisted else _("BEST"), best)  # AI points are not yours
        for r, lab, k in self.float_rects():
            lab.set_alpha(round(230 * (1 - k)))  # rgba(119, 110, 101, 0.9) fading out
            surface.blit(lab, r)
        button(surface, LAYOUT["new"], _("New Game"))
        button(surface, LAYOUT["undo"], _("Undo"), enabled=can_undo)
        button(surface, LAYOUT["auto"], _("Stop") if autoplay else _("Auto"), active=autoplay)
        button(surface, LAYOUT["hint"], _("Hint"), enabled=running)

    def _score_box(self, surface, name, label, value) -> None:
        r = LAYOUT[name]
        # the original's #bbada0 box with #eee4da text reads at 1.7:1; the house's button brown keeps its shape
        # and reads at 5:1
        pygame.draw.rect(surface, colors.BUTTON, r, border_radius=3)
        blit_center(surface, render(label, 13, colors.TEXT_LIGHT), (r.centerx, r.y + 15))
        blit_center(surface, self.labels[name].get(str(value)), (r.centerx, r.y + 40))

    def draw_end_panel(self, surface, won: bool, over: bool, k: float, code: str | None = None) -> None:
        """The veil and message over the board, ``k`` in 0..1 the fade-in's progress; ``code`` the game's code,
        shown under the buttons of a game that is over (C copies it, U takes the last move back)."""
        if k <= 0 or not (won or over):
            return
        b = LAYOUT["board"]
        win = won and not over
        veil = pygame.Surface(b.size, pygame.SRCALPHA)
        # the original's veils: gold at 50 % for a win, rgba(238, 228, 218, 0.73) for game over (bright tiles fade
        # behind it, so "Game over!" reads on any board)
        veil.fill((*colors.GOLD, 128) if win else (238, 228, 218, 186))
        veil.set_alpha(round(255 * ease_out(k)))
        surface.blit(veil, b)
        text = render(_("You win!") if win else _("Game over!"), 60, colors.TEXT_LIGHT if win else colors.TEXT)
        text.set_alpha(round(255 * k))
        blit_center(surface, text, (b.centerx, b.centery - 30))
        buttons = end_buttons(win, over)
        for name, r in buttons.items():
            button(surface, r, {"keep": _("Keep going"), "review": _("Review")}.get(name, _("Try again")))
        if over and buttons:
            y = max(r.bottom for r in buttons.values()) + 26
            lines = ([_("Game code {code}  ·  C copies").format(code=code)] if code else []) + [_("U takes a move back")]
            for i, line in enumerate(lines):
                label = fit(line, b.w - 40, 15, colors.TEXT, "medium")
                label.set_alpha(round(255 * k))
                blit_center(surface, label, (b.centerx, y + 22 * i))

    def draw_footer(self, surface, graded=None) -> None:
        """The AI's keys, in one quiet line, while its panel is folded (the screen then looks like the original);
        ``graded``: the coach's grade of the last move, shown there for a moment instead."""
        r = LAYOUT["footer"]
        if graded is not None:
            from arcade.game2048.review import GRADE_COLORS

            pct = f" (-{graded.regret * 100:.1f} %)" if graded.regret >= 0.0005 else ""
            text = _("Coach: {move} was {grade}").format(move=_(graded.played), grade=_(graded.grade)) + pct + (
                "" if graded.grade == "best" else "  ·  " + _("better: {move}").format(move=_(graded.best)))
            blit_center(surface, fit(text, r.w, 18, GRADE_COLORS[graded.grade]), r.center)
            return
        blit_center(surface, fit(_("Shift+A autoplay  ·  Shift+H hint  ·  I the AI panel"), r.w, 15, colors.BUTTON,
                                 "medium"), r.center)

    def draw_ai_panel(self, surface, strategy: str, ai, grid) -> None:
        """``ai`` is the scene's :class:`arcade.game2048.autoplay.AIController` (read only); ``grid`` the board on
        screen: only a decision about it is drawn."""
        r = LAYOUT["panel"]
        pygame.draw.rect(surface, colors.LABEL, r, border_radius=6)
        x, y = r.x + 14, r.y + 10
        mps = ai.moves_per_second
        speed = _("max speed") if mps == 0 else ngettext("{n} move/s", "{n} moves/s", mps).format(n=mps)
        state = _("autoplay ON") if ai.autoplay else _("autoplay off (Shift+A)")
        surface.blit(fit(f"AI  {strategy}  ·  {state}  ·  {speed}", r.w - 28, 15, colors.TEXT), (x, y))
        d = ai.decision_about(grid)
        scores = d.scores if d is not None else {}
        vals = [v for v in scores.values() if v is not None]
        lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
        for i, name in enumerate(DIRECTIONS):
            yy = y + 28 + i * 24
            surface.blit(render(_(name.capitalize()), 15, colors.TEXT, "medium"), (x, yy))
            track = pygame.Rect(x + 56, yy + 3, 230, 14)
            pygame.draw.rect(surface, (225, 214, 203), track, border_radius=4)
            v = scores.get(name)
            if v is not None:
                frac = 1.0 if hi == lo else 0.15 + 0.85 * (v - lo) / (hi - lo)
                bar = pygame.Rect(track.x, track.y, max(4, round(track.w * frac)), track.h)
                pygame.draw.rect(surface, colors.GOLD if name == d.direction else colors.BUTTON, bar, border_radius=4)
        lines = []
        if d is not None:
            lines = [_("depth {n}").format(n=d.depth)]
            if d.iterations:  # UCT iterations or Monte Carlo playouts: what those searches spent their time on
                lines.append((_("{n} playouts") if d.strategy == "montecarlo" else _("{n} iterations")).format(
                    n=f"{d.iterations:,}"))
            lines += [_nodes_rate(d.nodes_per_second), f"{d.elapsed * 1000:.0f} ms"]
            if not d.iterations or d.path != "bitboard":  # five lines at most: the usual path gives way
                lines.append(_("{path} path").format(path=d.path))
        lines.append(_("AI moves {n}").format(n=ai.moves))
        for i, line in enumerate(lines[: len(self.info)]):
            surface.blit(self.info[i].get(line), (x + 300, y + 28 + i * 20))
        note = ai.error or ai.notice
        if note:
            surface.blit(fit(note, r.w - 28, 13, (180, 60, 40), "medium"), (x, r.bottom - 22))
        elif d is None and (ai.pending is not None or ai.watch):
            text = _("starting the AI (its first start compiles the search)...") if ai.warming else _("thinking...")
            surface.blit(fit(text, r.w - 28, 14, colors.TEXT, "medium"), (x, r.bottom - 22))


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
