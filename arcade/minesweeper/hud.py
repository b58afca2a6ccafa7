"""Minesweeper's HUD (pygame): the top bar (mine counter, face, timer and the level picker under them), the status
line or box, the button row, the win's confetti and the end-of-game card; and what they say about the scene's game
(:func:`status`, :func:`face`, :func:`banner_lines`), read from the scene, never deciding anything for it."""
from __future__ import annotations

import math
import random

import pygame

from arcade.engine import assets
from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.plugin import format_time
from arcade.engine.ui import colors
from arcade.engine.ui.widgets import label_row
from arcade.engine.ui.text import blit_center, fit, render, wrap_lines
from arcade.engine.ui.tween import ease_out
from arcade.minesweeper.autoplay import describe
from arcade.minesweeper.picker import Picker
from arcade.minesweeper.screens import BUTTONS, MIN_TEXT, ROOMY, Screen
from arcade.minesweeper.view import (CARD_BG, CHIP, CHIP_TEXT, COVERED, COVERED_LO, FLAG_RED, FRAME, INK, LED_BG,
                                     LED_ON, LOSS, ON_TEXT, odds_text, odds_words)

__all__ = ["Hud", "draw_wrapped", "banner_card", "banner_button", "draw_banner", "status", "face", "banner_lines",
           "banner_k", "KEY_ROWS"]

#: The controls the wide column recalls while it has nothing else to say: the help card's words, shortened where
#: a row would not fit on one line of the column
KEY_ROWS = (("Right click, long press", "flag (or ? if on)"), ("Click a number, middle", N_("open round it")),
            ("P / H", "mine odds overlay / hint"), ("R or the face", "new game;  Esc: pause"))
BANNER_DELAY = {"won": 0.6, "lost": 1.0}


def draw_wrapped(surface, text: str, box: pygame.Rect, size: int, colour, weight: str = "medium",
                 middle: bool = False, sep: str = " ") -> None:
    """``text`` wrapped into ``box`` (at ``sep``), each line centred; type a point smaller at a time (not under
    :data:`MIN_TEXT`) while the lines overflow the box; ``middle``: the lines centred in the box's height."""
    while True:
        lines = wrap_lines(text, box.w, size, weight, sep)
        step = round(assets.scaled_size(size) * 1.3)  # (as drawn at the Text size setting)
        if assets.scaled_size(size - 1) < MIN_TEXT or len(lines) * step <= box.h:
            break
        size -= 1
    top = box.y + (box.h - len(lines) * step) / 2 if middle else box.y
    for i, line in enumerate(lines[:max(1, box.h // step)]):
        blit_center(surface, fit(line, box.w, size, colour, weight, min_size=MIN_TEXT),
                    (box.centerx, top + step * (i + 0.5)))


# ====================================================================================================== HUD
class Hud:
    """The top bar (mine counter, face, timer, and the level picker under them), the status line and the button
    row. ``button_at(pos)`` names what is at a point: "face", a button of :data:`BUTTONS`, ``"level:<name>"`` for
    a level chip of the picker, ``"noguess"`` for its no-guess switch."""

    def __init__(self, screen: Screen = ROOMY) -> None:
        self.screen = sc = screen
        lw, lh, _size, _dy = sc.led
        row = sc.leds
        self.counter_rect = pygame.Rect(row.x, row.y, lw, lh)
        self.timer_rect = pygame.Rect(row.right - lw, row.y, lw, lh)
        self.face_rect = pygame.Rect(0, 0, sc.face, sc.face)
        self.face_rect.center = (row.centerx, self.counter_rect.centery)
        self.picker = Picker(sc) if sc.picker is not None else None
        self.picker_rects = self.picker.rects if self.picker is not None else {}
        self.buttons = self._button_rects()
        self.confetti: list = []

    # ----- where things are -----
    def _button_rects(self) -> dict:
        """The buttons in a row, or in a grid of ``button_cols`` columns."""
        row = self.screen.buttons
        cols = self.screen.button_cols
        lines = -(-len(BUTTONS) // cols)
        gap = 8
        w = (row.w - gap * (cols - 1)) // cols
        h = (row.h - gap * (lines - 1)) // lines
        return {key: pygame.Rect(row.x + (i % cols) * (w + gap), row.y + (i // cols) * (h + gap), w, h)
                for i, (key, _) in enumerate(BUTTONS)}

    def button_rects(self) -> dict:
        return self.buttons

    def button_at(self, pos) -> str | None:
        if self.face_rect.collidepoint(pos):
            return "face"
        for key, r in (*self.button_rects().items(), *self.picker_rects.items()):
            if r.collidepoint(pos):
                return key
        return None

    # ----- drawing -----
    def draw(self, surface, mines_left: int, seconds: float, face: str, level_text: str = "",
             level: str | None = None, no_guess: bool = False) -> None:
        """The bar: ``level`` (a level's name or "custom") and ``no_guess`` light the picker's chips; a screen
        without a picker shows ``level_text`` at the bar's foot instead."""
        hud = self.screen.hud
        pygame.draw.rect(surface, FRAME, hud, border_radius=10)
        count = f"{mines_left:03d}" if mines_left >= 0 else f"-{min(99, -mines_left):02d}"
        self._led(surface, self.counter_rect, count)
        self._led(surface, self.timer_rect, format_time(round(min(seconds, 999.9) * 1000))[:-2], unit="s")
        self._face(surface, face)
        if self.picker is not None:
            self.picker.draw(surface, level, no_guess)
        elif level_text and self.screen.label_box is not None:
            draw_wrapped(surface, level_text, self.screen.label_box, max(MIN_TEXT, self.screen.label), INK,
                         middle=True, sep="  -  ")
        elif level_text:
            blit_center(surface, fit(level_text, hud.w - 16, max(MIN_TEXT, self.screen.label), INK, "medium",
                                     min_size=MIN_TEXT),
                        (hud.centerx, hud.bottom - 8))

    def _led(self, surface, rect, text: str, unit: str = "") -> None:
        """A counter: red digits on a dark plate (a time with its unit, smaller, after the digits)."""
        pygame.draw.rect(surface, LED_BG, rect, border_radius=6)
        size = self.screen.led[2]
        u = render(unit, max(MIN_TEXT, size // 2), LED_ON) if unit else None
        room = rect.w - 12 - (u.get_width() + 3 if u is not None else 0)
        digits = fit(text, room, size, LED_ON, min_size=MIN_TEXT)
        d = digits.get_rect(center=rect.center)
        if u is not None:
            d.right = rect.right - 6 - u.get_width() - 3
            surface.blit(u, u.get_rect(bottomleft=(d.right + 3, d.bottom - round(d.h * 0.18))))
        surface.blit(digits, d)

    def _face(self, surface, mood: str) -> None:
        """``mood``: "smile", "oh" (a button is held), "cool" (won), "dead" (lost), "think" (the AI guesses)."""
        r = self.face_rect
        pygame.draw.rect(surface, COVERED, r, border_radius=10)
        pygame.draw.rect(surface, COVERED_LO, r, width=2, border_radius=10)
        cx, cy = r.center
        k = r.h / 60  # drawn for a 60-pixel face, scaled

        def p(x, y):
            return (cx + round(x * k), cy + round(y * k))

        def q(v):
            return max(1, round(v * k))

        pygame.draw.circle(surface, (250, 206, 60), (cx, cy), q(22))
        pygame.draw.circle(surface, INK, (cx, cy), q(22), width=2)
        ex, ey = 8, -5
        if mood == "cool":
            pygame.draw.rect(surface, INK, (*p(-15, -10), q(13), q(8)), border_radius=3)
            pygame.draw.rect(surface, INK, (*p(2, -10), q(13), q(8)), border_radius=3)
            pygame.draw.line(surface, INK, p(-19, -8), p(19, -8), 2)
        elif mood == "dead":
            for sx in (-ex, ex):
                pygame.draw.line(surface, INK, p(sx - 4, ey - 4), p(sx + 4, ey + 4), 2)
                pygame.draw.line(surface, INK, p(sx + 4, ey - 4), p(sx - 4, ey + 4), 2)
        else:
            for sx in (-ex, ex):
                pygame.draw.circle(surface, INK, p(sx, ey), q(3))
        mouth = pygame.Rect(*p(-10, -2), q(20), q(14))
        if mood == "oh":
            pygame.draw.circle(surface, INK, p(0, 8), q(5), width=2)
        elif mood == "dead":
            pygame.draw.arc(surface, INK, mouth.move(0, q(8)), 0.2, math.pi - 0.2, 2)
        elif mood == "think":
            pygame.draw.line(surface, INK, p(-7, 9), p(7, 9), 2)
        else:
            pygame.draw.arc(surface, INK, mouth, math.pi + 0.3, 2 * math.pi - 0.3, 2)

    def draw_keys(self, surface, rows, tag: str | None = None) -> None:
        """The controls, ``(keys, what)`` rows in words, in the status box when it has room for several lines (the
        wide canvas' column) and nothing else to say there; one row a line where it fits, never split (under
        ``tag``'s line, if any)."""
        sc = self.screen
        if sc.status_box is None or sc.status_box.h < 4 * sc.status or not rows:
            return
        text = "  ·  ".join(_("{keys}: {what}").format(keys=k, what=w) for k, w in rows)
        draw_wrapped(surface, text, self._below_tag(surface, tag), sc.status - 2, colors.TEXT, middle=True,
                     sep="  ·  ")

    @property
    def one_line(self) -> bool:
        """The status is one line (a tall canvas, the bar on top of a wide one), not a box of several."""
        box = self.screen.status_box
        return box is None or box.h < 4 * self.screen.status

    def _below_tag(self, surface, tag: str | None) -> pygame.Rect:
        """The status box, ``tag`` (where the game came from: the daily game's date, a shared game's code) drawn
        on its first line when the box holds several lines; the room left under it."""
        box = self.screen.status_box
        if not tag or self.one_line:
            return box
        line = fit(tag, box.w, self.screen.status, INK, "medium", min_size=MIN_TEXT)
        blit_center(surface, line, (box.centerx, box.y + line.get_height() / 2))
        return pygame.Rect(box.x, box.y + line.get_height() + 8, box.w, box.h - line.get_height() - 8)

    def draw_status(self, surface, text: str, colour=None, tag: str | None = None) -> None:
        """The status line (in the status box, under ``tag``'s line when the box is tall, on the wide canvas);
        on a one-line status, ``tag`` shows while there is nothing else to say."""
        sc = self.screen
        text = text or (tag if self.one_line and tag else "")
        if text and sc.status_box is not None:
            box = self._below_tag(surface, tag)
            draw_wrapped(surface, text, box, sc.status, colour or colors.TEXT, middle=box.h < 2 * sc.status)
        elif text:
            blit_center(surface, fit(text or tag, sc.hud.w - 8, sc.status, colour or colors.TEXT, "medium",
                                     min_size=MIN_TEXT), (sc.hud.centerx, sc.status_y))

    def draw_buttons(self, surface, active: dict) -> None:
        size = 16 if self.buttons["hint"].h >= 30 else 14
        chips = []
        for key, label in BUTTONS:
            r = self.buttons[key]
            on = active.get(key, False)
            pygame.draw.rect(surface, colors.GOLD if on else CHIP, r, border_radius=8)
            chips.append((r, _(label), ON_TEXT if on else CHIP_TEXT))
        label_row(surface, chips, size, min_size=MIN_TEXT)

    # ----- the win's confetti -----
    def burst(self, rng: random.Random) -> None:
        cx, cy = self.face_rect.center
        palette = [colors.GOLD, FLAG_RED, (30, 90, 220), (36, 140, 56), (250, 206, 60)]
        self.confetti = [[cx, cy, rng.uniform(-260, 260), rng.uniform(-420, -80), rng.choice(palette),
                          rng.uniform(0, 6.28)] for _ in range(70)]

    def update(self, dt: float) -> None:
        if not self.confetti:
            return
        keep = []
        for p in self.confetti:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += 700 * dt
            p[5] += 8 * dt
            if p[1] < self.screen.canvas[1] + 20:
                keep.append(p)
        self.confetti = keep

    def draw_confetti(self, surface) -> None:
        for x, y, _vx, _vy, colour, a in self.confetti:
            w = 3 + 3 * abs(math.sin(a))
            pygame.draw.rect(surface, colour, (x, y, w, 8))


def banner_card(n_lines: int, k: float = 1.0, button: bool = False, screen: Screen = ROOMY) -> pygame.Rect:
    """Where the end-of-game card is, ``k`` 0..1 of the way in (it slides up over the board of ``screen``)."""
    card = pygame.Rect(0, 0, 360, 86 + 28 * n_lines + (58 if button else 0))
    card.center = (screen.board.centerx, round(screen.board.centery + (1 - ease_out(k)) * 300))
    return card


def banner_button(n_lines: int, screen: Screen = ROOMY) -> pygame.Rect:
    """The card's button (Review) once the card is in place."""
    card = banner_card(n_lines, 1.0, True, screen)
    return pygame.Rect(card.centerx - 80, card.bottom - 58, 160, 42)


def draw_banner(surface, title: str, lines: list, k: float, colour=colors.GOLD, button: str | None = None,
                screen: Screen = ROOMY) -> pygame.Rect:
    """The end-of-game card over the board, sliding in with ``k`` 0..1, with an optional button at its foot."""
    e = ease_out(k)
    card = banner_card(len(lines), k, button is not None, screen)
    shade = pygame.Surface(card.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*CARD_BG, round(240 * e)), shade.get_rect(), border_radius=16)
    surface.blit(shade, card)
    pygame.draw.rect(surface, colour, card, width=3, border_radius=16)
    blit_center(surface, render(title, 36, colour), (card.centerx, card.y + 36))
    for i, line in enumerate(lines):
        blit_center(surface, fit(line, card.w - 24, 18, colors.TEXT_LIGHT, "medium", min_size=MIN_TEXT),
                    (card.centerx, card.y + 76 + 28 * i))
    if button is not None:
        b = banner_button(len(lines), screen).move(0, card.y - banner_card(len(lines), 1.0, True, screen).y)
        pygame.draw.rect(surface, colour, b, border_radius=10)
        blit_center(surface, fit(button, b.w - 16, 20, CARD_BG, min_size=MIN_TEXT), b.center)
    return card


# ====================================================================================================== the words
def face(scene) -> str:
    """The face's mood: "dead" (lost), "cool" (won), "oh" (a button or finger is down), "think" (the AI guesses),
    else "smile"."""
    f = scene.field
    if f.state == "lost":
        return "dead"
    if f.state == "won":
        return "cool"
    if scene.pointer.held:
        return "oh"
    if scene.ai_target is not None and scene.ai_target[2].reason in ("guess", "endgame") and scene.ai_target[2].risk:
        return "think"
    return "smile"


def status(scene) -> tuple[str, tuple | None]:
    """The status line and its colour (None: the usual): the no-guess board being made, the AI's move and why,
    the hint, a passing notice, the odds, how to start."""
    f = scene.field
    key = scene.key
    if scene.generating is not None:
        dots = "." * (1 + int(scene.noguess.t * 3) % 3)
        return _("Generating a no-guess board") + dots, None
    if scene.autoplay and scene.ai_target is not None and not f.over:
        _key, cell, a = scene.ai_target
        r, c = scene.view.layout.shown(*cell)
        return _("AI opens row {r}, column {c}: {why}").format(r=r + 1, c=c + 1, why=describe(a)), None
    if scene.hint is not None and scene.hint[0] == key:
        r, c = scene.view.layout.shown(*scene.hint[1])
        return _("Hint: row {r}, column {c} - {why}").format(r=r + 1, c=c + 1, why=scene.hint[2]), colors.BUTTON
    if scene.hint_wanted or (scene.autoplay and not f.over):
        return _("The AI is thinking..."), None
    if scene.notice:
        return scene.notice, None
    if scene.odds_on and not f.over:
        return odds_status(scene), None
    if f.state == "ready":
        tag = None if scene.demo else scene.session.label
        if tag and scene.hud.one_line:  # the one status line: where the game came from first
            return _("{game}  ·  click anywhere to start").format(game=tag), None
        if f.level_name == "custom":
            return ngettext("Custom {w} x {h}, {n} mine: click anywhere to start",
                            "Custom {w} x {h}, {n} mines: click anywhere to start", f.mines).format(
                w=f.cols, h=f.rows, n=f.mines), None
        return (_("Click anywhere: the first click opens a region") if f.rule == "opening"
                else _("Click anywhere: the first click is safe")), None
    return "", None


def odds_status(scene) -> str:
    """The odds overlay's line: the odds of the cell pointed at and how many layouts fit, or the odds away from
    the numbers."""
    a = scene.assist.get(scene.key)
    if a is None or a.probs is None:
        # the first analysis also starts the AI's process: say so, not a bare line
        return _("Odds: counting the layouts that fit...") if scene.assist.thinking else _("Odds of a mine")
    n = a.layouts
    many = "" if n is None else f"{n:,}" if n < 10**6 else _("about 10^{n}").format(n=len(str(n)) - 1)
    cell = scene.odds_cell()
    if cell is not None:
        r, c = scene.view.layout.shown(*cell)
        odds = odds_words(a.probs[cell[0]][cell[1]])
        count = " " + ngettext("({n} layout fits)", "({n} layouts fit)", n).format(n=many) if many else ""
        return _("Row {r}, column {c}: {odds}").format(r=r + 1, c=c + 1, odds=odds) + count
    f = scene.field
    display = f.display()
    inner = [a.probs[r][c] for r in range(f.rows) for c in range(f.cols)
             if display[r][c] == "#" and not scene.view.frontier(display, r, c)]
    away = _("{p} % on each cell away from the numbers").format(p=odds_text(inner[0])) + "  ·  " if inner else ""
    return _("Odds: {away}point at a cell").format(away=away)


def banner_k(scene) -> float:
    """How far the end card has slid in (0..1)."""
    delay = BANNER_DELAY[scene.field.state] / max(0.5, scene.view.speed or 4.0)
    return max(0.0, min(1.0, (scene.end_t - delay) / 0.3))


def banner_lines(scene) -> tuple[str, list, tuple]:
    """The end card's title, lines and colour: the time, the best or why there is none, the share cleared; the
    keys, the game code."""
    f = scene.field
    secs = format_time(int(round(scene.elapsed * 1000)))
    if f.state == "won":
        lines = [_("Time {t}").format(t=secs)]
        if scene.demo:
            lines.append(_("The AI cleared the field"))
        elif scene.assisted:
            lines.append(_("AI-assisted: no best time"))
        elif scene.new_best:
            lines.append(_("New best time!"))
        else:
            best = scene.app.profile.lowest(scene.session.backend.best_key(scene.session.params))
            if best is not None:
                lines.append(_("Best {t}").format(t=format_time(best)))
        title, colour = _("Cleared!"), colors.GOLD
    else:
        cleared = round(100 * f.opened / (f.size - f.mines))
        lines = [_("{p} % cleared in {t}").format(p=cleared, t=secs)]
        title, colour = _("Boom!"), LOSS
    if scene.demo:
        lines.append(_("Next game soon"))
    else:
        lines.append(_("R new game  ·  U takes a move back"))
        if scene.session.code:
            lines.append(_("Code {code}  ·  C copies").format(code=scene.session.code))
    return title, lines, colour
