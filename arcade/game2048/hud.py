"""Everything around the 2048 board: title, score boxes and their "+N" floats, the buttons, the win / game-over
panel, the hint arrow and the AI panel. It draws a snapshot it is handed (like the original's ``actuate``) and
decides nothing: the scene says what the numbers are, the HUD says where they go: :data:`LAYOUT` on the portrait
canvas, :data:`LANDSCAPE` on the wide one (:func:`layout_for`).
"""
from __future__ import annotations

import functools

import pygame

from arcade.engine.i18n import N_, _, ngettext
from arcade.engine import assets
from arcade.engine.ui import colors
from arcade.engine.ui.frame import canvas_round, place_table, remember
from arcade.engine.ui.input import is_landscape
from arcade.engine.ui.text import LABEL_PAD, Label, blit_center, fit, render, row_size, wrap_lines
from arcade.engine.ui.tween import ease_in, ease_out
from arcade.engine.ui.widgets import blit_label, button_row

SCORE_FLOAT = (0.6, 60)  # seconds it lives and pixels it rises (the original's 600 ms "move-up", ease-in)
FLOAT_MERGE = 0.3  # a gain within this many seconds of the last float joins it (one float with the sum)
PANEL_DELAY, PANEL_FADE = 1.2, 0.8  # the original's win / game-over message timing

LAYOUT = {
    "title": (20, 10),
    "goal": pygame.Rect(20, 90, 220, 22),  # the original's intro line: the tile this board is won with
    "score": pygame.Rect(246, 20, 104, 60),
    "best": pygame.Rect(358, 20, 104, 60),
    "tag": pygame.Rect(246, 86, 216, 26),  # "Daily 2026-11-28" or a shared game's code: under the score boxes
    "floats": pygame.Rect(246, 0, 104, 80),  # where "+N" rises: from the score's label up out of its box
    "new": pygame.Rect(20, 116, 128, 44),
    "undo": pygame.Rect(156, 116, 96, 44),
    "auto": pygame.Rect(260, 116, 96, 44),
    "hint": pygame.Rect(364, 116, 96, 44),
    "board": pygame.Rect(20, 172, 440, 440),
    "panel": pygame.Rect(20, 624, 440, 168),
    "footer": pygame.Rect(20, 624, 440, 40),  # the keys line shown while the AI panel is folded
}
# the wide canvas (840x560): the board at the left at nearly full height, and at its right one column with the
# title, the goal line, the score boxes (the "+N" rising out of the score box into the gap above it), the buttons
# two by two, and under them the AI panel or, folded, the keys
LANDSCAPE = {
    "title": (560, 10),
    "goal": pygame.Rect(560, 90, 260, 22),
    "score": pygame.Rect(560, 132, 126, 60),
    "best": pygame.Rect(694, 132, 126, 60),
    "floats": pygame.Rect(560, 112, 126, 80),
    "new": pygame.Rect(560, 204, 126, 44),
    "undo": pygame.Rect(694, 204, 126, 44),
    "auto": pygame.Rect(560, 256, 126, 44),
    "hint": pygame.Rect(694, 256, 126, 44),
    "board": pygame.Rect(20, 20, 520, 520),
    "panel": pygame.Rect(560, 312, 260, 228),
    "tag": pygame.Rect(560, 541, 260, 19),  # the daily game's date or the code: the column's foot, under the panel
    "footer": pygame.Rect(560, 312, 260, 96),  # the keys, a part a line
    # inside the panel: its heading (two lines), the four bars, the figures (two columns of three)
    "panel_head": pygame.Rect(572, 320, 236, 40),
    "bars": pygame.Rect(572, 366, 236, 88),
    "info": pygame.Rect(572, 458, 236, 54),
}
MIN_TEXT = 13  # no text is drawn smaller (the smallest window shows it at 11 pixels)
INK = (96, 80, 65)  # text on the AI panel's beige (6:1; the original's #776e65 reads at 4:1 there)
VEIL_INK = (80, 66, 54)  # text on the win and game-over veils: 5.5:1 on the gold one, 7.6:1 on the light one
FLOAT_SIZE = 25  # the original's 25 px bold
LABEL_Y, DIGITS_Y = 15, 40  # a score box's label and number: their centres below its top
BUTTONS = ("new", "undo", "auto", "hint")
ARROWS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
DIRECTIONS = ("up", "down", "left", "right")
PARTS = "  ·  "  # between the parts of a line (the keys, the coach's verdict): in the narrow column a part a line

_ARROW_LAYERS: dict = {}  # hint arrow layers, drawn once per direction and board


# where each entry goes in a frame larger than the canvas (arcade.engine.ui.frame.place_table): portrait, the head
# (title, scores, buttons) at the top, the board in the middle, the AI panel or the keys at the foot; wide, the
# column held to the right edge (its date at the foot), the board centred in the room at its left
_HEAD, _FOOT = ("centre", "start"), ("centre", "end")
_ANCHORS = {
    False: {**{k: _HEAD for k in ("title", "goal", "score", "best", "tag", "floats", *("new", "undo", "auto", "hint"))},
            "board": ("centre", "centre"), "panel": _FOOT, "footer": _FOOT},
    True: {**{k: ("end", "start") for k in LANDSCAPE if k not in ("board", "tag")},
           "tag": ("end", "end"), "board": ("centre", "centre")},
}
_PLACED: dict = {}


def layout_for(size) -> dict:
    """The HUD's rects for a canvas (or a frame) of ``size``: :data:`LAYOUT` on the portrait one, :data:`LANDSCAPE`
    on the wide, placed in a frame of that size (:func:`arcade.engine.ui.frame.place_table`)."""
    canvas, frame = canvas_round(size)
    wide = is_landscape(canvas)
    if frame == canvas:
        return LANDSCAPE if wide else LAYOUT
    return remember(_PLACED, (wide, frame), lambda: {
        **place_table(LANDSCAPE if wide else LAYOUT, canvas, frame, _ANCHORS[wide]), "wide": wide})


def is_wide(layout: dict) -> bool:
    """The wide canvas's layout (placed in a frame or not)."""
    return layout is LANDSCAPE or bool(layout.get("wide"))


@functools.lru_cache(maxsize=64)
def legible(colour, background=tuple(colors.PAGE)) -> tuple:
    """``colour`` darkened, hue kept, until it reads at 4.5:1 on ``background`` (the grades' colours as text)."""
    def lum(c):
        return sum(w * ((v / 255) / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4)
                   for w, v in zip((0.2126, 0.7152, 0.0722), c[:3]))

    c = tuple(colour[:3])
    while (lum(background) + 0.05) / (lum(c) + 0.05) < 4.5 and any(c):
        c = tuple(int(v * 0.92) for v in c)
    return c


def faded(text: pygame.Surface, alpha: int) -> pygame.Surface:
    """``text`` drawn at ``alpha`` (0..255): a copy while it fades, since rendered texts are shared from a cache
    (setting the alpha of the cached one would fade it for everyone who draws it next)."""
    if alpha >= 255:
        return text
    out = text.copy()
    out.set_alpha(max(0, alpha))
    return out


def end_buttons(won: bool, over: bool, layout: dict = LAYOUT) -> dict:
    """The end panel's buttons by name ("keep", "again") and their rects; none while the game runs."""
    b = layout["board"]
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


def button_at(pos, layout: dict = LAYOUT) -> str | None:
    return next((name for name in BUTTONS if layout[name].collidepoint(pos)), None)


class Hud:
    def __init__(self, layout: dict = LAYOUT) -> None:
        self.floats: list[list] = []  # [age, points]
        self.set_layout(layout)

    def set_layout(self, layout: dict) -> None:
        """Lay the HUD out with ``layout`` (one of :func:`layout_for`'s): its labels fit their new boxes."""
        self.layout = layout
        self.wide = is_wide(layout)
        self.labels = {k: Label(25, (255, 255, 255), max_width=layout[k].w - 10) for k in ("score", "best")}
        if self.wide:  # the figures in two columns of the panel
            w = layout["info"].w // 2 - 6
            self.info = [Label(14, INK, "medium", max_width=w, min_size=MIN_TEXT) for _ in range(5)]
        else:
            w = layout["panel"].right - (layout["panel"].x + 314) - 8  # right of the bars, inside the panel
            self.info = [Label(14, INK, "medium", max_width=w, min_size=MIN_TEXT) for _ in range(5)]

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
        """Where each float is drawn this frame, and how far it has gone (0..1, its fade): it starts in the score
        box's label row (the label makes way for it) and rises out of the top of the box as it fades, as the
        original's "+N" does, but never over the score's digits: the new score reads at once."""
        lane, start = self.layout["floats"], self.layout["score"].y + LABEL_Y - 3
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
                 assisted: bool = False, goal: int = 2048, tag: str | None = None) -> None:
        """The title, the goal, the score boxes and the buttons; ``tag`` says where the game came from (the
        daily game's date, a shared game's code) in its place by the score boxes."""
        surface.blit(render("2048", 68, colors.TEXT), self.layout["title"])
        if tag:  # as large as its strip holds, in height too (the wide canvas's foot is a low one)
            t = self.layout["tag"].inflate(2 * LABEL_PAD, 2 * LABEL_PAD)
            size = row_size((tag,), (t.size,), 15, "medium", MIN_TEXT)
            blit_label(surface, render(tag, size, colors.TEXT, "medium"), t)
        g = self.layout["goal"]
        surface.blit(fit(_("Join the tiles, get to {goal}!").format(goal=goal), g.w, 15, colors.TEXT, "medium"),
                     g.topleft)
        # the label makes way for a float in its row and comes back as the float fades
        self._score_box(surface, "score", _("SCORE"), score, min((k for _r, _lab, k in self.float_rects()), default=1))
        self._score_box(surface, "best", _("YOUR BEST") if assisted else _("BEST"), best)  # AI points are not yours
        box = self.layout["score"]
        for (_age, points), (r, lab, k) in zip(self.floats, self.float_rects()):
            # rgba(119, 110, 101, 0.9) fading out where it has risen above the box; light ink on the box's brown
            out = max(0, min(r.h, box.top - r.y))
            surface.blit(faded(lab, round(230 * (1 - k))), r, pygame.Rect(0, 0, r.w, out))
            if out < r.h:
                light = fit(f"+{points}", self.layout["floats"].w, FLOAT_SIZE, colors.TEXT_LIGHT, "bold")
                surface.blit(faded(light, round(255 * (1 - k))), (r.x, r.y + out), pygame.Rect(0, out, r.w, r.h - out))
        button_row(surface, [(self.layout["new"], _("New Game"), True, False),
                             (self.layout["undo"], _("Undo"), can_undo, False),
                             (self.layout["auto"], _("Stop") if autoplay else _("Auto"), True, autoplay),
                             (self.layout["hint"], _("Hint"), running, False)])

    def digits_at(self, name: str, value: int) -> pygame.Rect:
        """Where the number of score box ``name`` is drawn (its text's rectangle)."""
        r = self.layout[name]
        return self.labels[name].get(str(value)).get_rect(center=(r.centerx, r.y + DIGITS_Y))

    def _score_box(self, surface, name, label, value, shown: float = 1.0) -> None:
        r = self.layout[name]
        # the original's #bbada0 box with #eee4da text reads at 1.7:1; the house's button brown keeps its shape
        # and reads at 5:1
        pygame.draw.rect(surface, colors.BUTTON, r, border_radius=3)
        if shown > 0:
            blit_center(surface, faded(render(label, 13, colors.TEXT_LIGHT), round(255 * shown)),
                        (r.centerx, r.y + LABEL_Y))
        surface.blit(self.labels[name].get(str(value)), self.digits_at(name, value))

    def draw_end_panel(self, surface, won: bool, over: bool, k: float, code: str | None = None) -> None:
        """The veil and message over the board, ``k`` in 0..1 the fade-in's progress; ``code`` the game's code,
        shown under the buttons of a game that is over (C copies it, U takes the last move back)."""
        if k <= 0 or not (won or over):
            return
        b = self.layout["board"]
        win = won and not over
        veil = pygame.Surface(b.size, pygame.SRCALPHA)
        # the original's veils: gold at 50 % for a win, rgba(238, 228, 218, 0.73) for game over (bright tiles fade
        # behind it, so "Game over!" reads on any board)
        veil.fill((*colors.GOLD, 128) if win else (238, 228, 218, 186))
        veil.set_alpha(round(255 * ease_out(k)))
        surface.blit(veil, b)
        text = faded(render(_("You win!") if win else _("Game over!"), 60, VEIL_INK), round(255 * k))
        blit_center(surface, text, (b.centerx, b.centery - 30))
        buttons = end_buttons(win, over, self.layout)
        button_row(surface, [(r, {"keep": _("Keep going"), "review": _("Review")}.get(name, _("Try again")), True, False)
                             for name, r in buttons.items()])
        if over and buttons:
            y = max(r.bottom for r in buttons.values()) + 26
            lines = ([_("Game code {code}  ·  C copies").format(code=code)] if code else []) + [_("U takes a move back")]
            for i, line in enumerate(lines):
                label = faded(fit(line, b.w - 40, 15, VEIL_INK, "medium"), round(255 * k))
                blit_center(surface, label, (b.centerx, y + 22 * i))

    def draw_footer(self, surface, graded=None) -> None:
        """The AI's keys, in one quiet line, while its panel is folded (the screen then looks like the original);
        ``graded``: the coach's grade of the last move, shown there for a moment instead. In the wide layout's
        narrow column they take a line a part."""
        r = self.layout["footer"]
        if graded is not None:
            from arcade.game2048.review import GRADE_COLORS

            pct = f" (-{graded.regret * 100:.1f} %)" if graded.regret >= 0.0005 else ""
            text = _("Coach: {move} was {grade}").format(move=_(graded.played), grade=_(graded.grade)) + pct + (
                "" if graded.grade == "best" else PARTS + _("better: {move}").format(move=_(graded.best)))
            if self.wide:
                self._lines(surface, r, wrap_lines(text, r.w, 18, "bold", PARTS), 18,
                            legible(GRADE_COLORS[graded.grade]), "bold")
                return
            blit_center(surface, fit(text, r.w, 18, legible(GRADE_COLORS[graded.grade])), r.center)
            return
        keys = _("Shift+A autoplay  ·  Shift+H hint  ·  I the AI panel")
        if self.wide:
            self._lines(surface, r, wrap_lines(keys, r.w, 15, "medium", PARTS), 15, colors.BUTTON, "medium")
            return
        blit_center(surface, fit(keys, r.w, 15, colors.BUTTON, "medium"), r.center)

    @staticmethod
    def _lines(surface, r, lines, size, colour, weight) -> None:
        """``lines`` centred in ``r``, one under the other."""
        step = round(assets.scaled_size(size) * 1.4)  # (the Text size setting's size)
        if lines:
            step = max(step, assets.font_for(lines[0], size, weight).get_linesize())
        top = r.centery - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            blit_center(surface, fit(line, r.w, size, colour, weight, min_size=MIN_TEXT), (r.centerx, top + i * step))

    def draw_ai_panel(self, surface, strategy: str, ai, grid) -> None:
        """``ai`` is the scene's :class:`arcade.game2048.autoplay.AIController` (read only); ``grid`` the board on
        screen: only a decision about it is drawn."""
        r = self.layout["panel"]
        pygame.draw.rect(surface, colors.LABEL, r, border_radius=6)
        x, y = r.x + 14, r.y + 10
        mps = ai.moves_per_second
        speed = _("max speed") if mps == 0 else ngettext("{n} move/s", "{n} moves/s", mps).format(n=mps)
        state = _("autoplay ON") if ai.autoplay else _("autoplay off (Shift+A)")
        d, current = ai.shown_decision(grid)
        if self.wide:
            self._wide_panel(surface, strategy, ai, d, current, speed, state)
            return
        surface.blit(fit(f"AI  {strategy}  ·  {state}  ·  {speed}", r.w - 28, 15, INK), (x, y))
        self._bars(surface, pygame.Rect(x, y + 28, 286, 96), d)
        lines = _figures(ai, d)
        step = max(20, assets.scaled_size(14) + 2)  # (apart as the Text size setting enlarges them)
        for i, line in enumerate(lines[: len(self.info)]):
            surface.blit(self.info[i].get(line), (x + 300, y + 28 + i * step))
        note = ai.error or ai.notice
        if note:
            surface.blit(fit(note, r.w - 28, 13, (180, 60, 40), "medium"), (x, r.bottom - 22))
        else:
            text = _waiting_note(ai, d, current)
            if text:
                surface.blit(fit(text, r.w - 28, 14, INK, "medium"), (x, r.bottom - 22))

    def _wide_panel(self, surface, strategy, ai, d, current, speed, state) -> None:
        """The AI panel in the wide layout's column: the heading on two lines, the bars, the figures in two
        columns, a note (wrapped) at the bottom taking the place of the figures it would cover."""
        L = self.layout
        r, head, bars, info = L["panel"], L["panel_head"], L["bars"], L["info"]
        surface.blit(fit(f"AI  {strategy}  ·  {speed}", head.w, 15, INK, min_size=MIN_TEXT), head.topleft)
        surface.blit(fit(state, head.w, 15, INK, min_size=MIN_TEXT), (head.x, head.y + 20))
        self._bars(surface, bars, d)
        note, colour, size = ai.error or ai.notice, (180, 60, 40), 13
        if not note:
            note = _waiting_note(ai, d, current)
            colour, size = INK, 14
        notes = wrap_lines(note, r.w - 24, size, "medium", PARTS) if note else ()
        step = max(18, round(assets.scaled_size(size) * 1.2))  # lines apart as the Text size setting enlarges them
        top = r.bottom - 6 - step * len(notes)
        for i, line in enumerate(notes):
            surface.blit(fit(line, r.w - 24, size, colour, "medium", min_size=MIN_TEXT), (head.x, top + step * i))
        lines = _figures(ai, d)[: len(self.info)]
        pitch = max(18, round(assets.scaled_size(14) * 1.15))  # rows apart as the Text size setting enlarges them
        rows = max(info.h // pitch, -(-len(lines) // 2))  # two columns; larger text takes rows from the note's room
        for i, line in enumerate(lines):
            yy = info.y + pitch * (i % rows)
            if yy + pitch - 2 > top:
                continue
            surface.blit(self.info[i].get(line), (info.x + (info.w // 2 + 4) * (i // rows), yy))

    def _bars(self, surface, area, d) -> None:
        """The four directions' bars in ``area``, a row each: each move's value, the chosen one gold."""
        scores = d.scores if d is not None else {}
        vals = [v for v in scores.values() if v is not None]
        lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
        step = area.h // 4
        for i, name in enumerate(DIRECTIONS):
            yy = area.y + i * step
            surface.blit(fit(_(name.capitalize()), 52, 15, INK, "medium", min_size=MIN_TEXT), (area.x, yy))
            track = pygame.Rect(area.x + 56, yy + 3, area.w - 56, 14)
            pygame.draw.rect(surface, (225, 214, 203), track, border_radius=4)
            v = scores.get(name)
            if v is not None:
                frac = 1.0 if hi == lo else 0.15 + 0.85 * (v - lo) / (hi - lo)
                bar = pygame.Rect(track.x, track.y, max(4, round(track.w * frac)), track.h)
                pygame.draw.rect(surface, colors.GOLD if name == d.direction else colors.BUTTON, bar, border_radius=4)


def _waiting_note(ai, d, current: bool) -> str:
    """The panel's line while it waits for the AI: the bars it shows are the last move's (a board that is gone),
    or there are none yet; "" when the bars are about the board on screen or nothing is asked."""
    if d is not None and not current:
        return _("bars of the last move · thinking...")
    if d is None and (ai.pending is not None or ai.watch):
        return _("starting the AI (its first start compiles the search)...") if ai.warming else _("thinking...")
    return ""


def _figures(ai, d) -> list:
    """The AI panel's figures: the search's depth, work, speed and time, and how many moves the AI made."""
    lines = []
    if d is not None:
        lines = [_("depth {n}").format(n=d.depth)]
        if d.iterations:  # UCT iterations or Monte Carlo playouts: what those searches spent their time on
            lines.append((ngettext("{n} playout", "{n} playouts", d.iterations) if d.strategy == "montecarlo"
                          else ngettext("{n} iteration", "{n} iterations", d.iterations)).format(n=f"{d.iterations:,}"))
        lines += [_nodes_rate(d.nodes_per_second), f"{d.elapsed * 1000:.0f} ms"]
        if not d.iterations or d.path != "bitboard":  # five lines at most: the usual path gives way
            lines.append(_("{path} path").format(path=d.path))
    lines.append(_("AI moves {n}").format(n=ai.moves))
    return lines


def hint_arrow(surface, direction: str, board=None) -> None:
    """A big translucent arrow over the centre of ``board`` (by default the board of the canvas's layout), in
    proportion to it; drawn once per direction and board."""
    b = pygame.Rect(board if board is not None else layout_for(surface.get_size())["board"])
    key = (direction, tuple(b))
    layer = _ARROW_LAYERS.get(key)
    if layer is None:
        dx, dy = ARROWS[direction]
        cx, cy = b.w / 2, b.h / 2
        k = b.w / LAYOUT["board"].w  # the portrait board's arrow: 120 px long, 46 wide
        L, W = 120 * k, 46 * k
        tip = (cx + dx * L / 2, cy + dy * L / 2)
        tail = (cx - dx * L / 2, cy - dy * L / 2)
        px, py = -dy, dx
        end = (tip[0] - dx * W, tip[1] - dy * W)
        pts = [(tail[0] + px * W / 4, tail[1] + py * W / 4), (end[0] + px * W / 4, end[1] + py * W / 4),
               (end[0] + px * W / 1.2, end[1] + py * W / 1.2), tip,
               (end[0] - px * W / 1.2, end[1] - py * W / 1.2), (end[0] - px * W / 4, end[1] - py * W / 4),
               (tail[0] - px * W / 4, tail[1] - py * W / 4)]
        layer = _ARROW_LAYERS[key] = pygame.Surface(b.size, pygame.SRCALPHA)
        pygame.draw.polygon(layer, (*colors.BUTTON, 200), pts)
        pygame.draw.polygon(layer, (255, 255, 255, 230), pts, width=3)
    surface.blit(layer, b.topleft)
