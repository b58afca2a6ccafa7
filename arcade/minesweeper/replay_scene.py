"""What Minesweeper lends the engine's replay scene (:mod:`arcade.engine.replay_scene`): the board with its
ripples and explosions, the mine counter and the game's clock as they were, each input ringed; at 1x the inputs
come at their recorded pace (a pause longer than two seconds is cut to two). P shows the exact odds of every
covered cell at the position shown (the solver, in the engine's overlay worker); V the AI's review: each guess's
risk against the safest cell then, the luck and the skill of the game, the costliest moves (a click jumps there).
"""
from __future__ import annotations

import math

import pygame

from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.replay_player import controls
from arcade.engine.replay_scene import Layout as Table, ReplayHooks, Sheet, Style, make_replay as make_scene
from arcade.engine.ui import colors
from arcade.engine.ui.text import render
from arcade.minesweeper import LEVEL_TITLES
from arcade.minesweeper.field import level_of
from arcade.minesweeper.replay import check, label, result_text, steps, validate
from arcade.minesweeper.review import Reviewer, pct, summarize
from arcade.minesweeper.hud import Hud
from arcade.minesweeper.screens import LANDSCAPE, Layout, Screen, turned_for
from arcade.minesweeper.view import INK, BoardView

__all__ = ["MinesReplay", "make_replay", "validate", "label", "SCREEN", "TALL", "SIDE_TABLE",
           "WIDE_TABLE", "BUTTONS", "TIMELINE"]

# the replay's screen: a slim HUD, the board, the input line, the timeline and the buttons
SCREEN = Screen(pygame.Rect(8, 4, 464, 66), (96, 44, 34, 6), 50, 12, pygame.Rect(8, 74, 464, 540), 630, 16,
                pygame.Rect(8, 688, 464, 44))
BUTTONS, TIMELINE = controls(656, 690)
TALL = Table(BUTTONS, TIMELINE, pygame.Rect(20, 764, 440, 24), pygame.Rect(12, 618, 456, 24),
             caption_size=16, status=pygame.Rect(60, 740, 360, 20))
# on the wide canvas: the board at the left at full height and a column at its right with the HUD (the replay's
# line of text wrapped under the counters), the line under it, the timeline, the buttons and the keys ...
SIDE = Screen(pygame.Rect(560, 8, 272, 118), (92, 46, 34, 10), 46, 13, pygame.Rect(8, 8, 544, 544), 0, 16,
              pygame.Rect(560, 316, 272, 44), canvas=LANDSCAPE, leds=pygame.Rect(572, 18, 236, 46),
              label_box=pygame.Rect(568, 68, 256, 54), status_box=pygame.Rect(568, 136, 256, 124),
              mute_at=(814, 34))
# (the four buttons: the steps' labels kept at 13 px or more in both languages, the speed's narrower)
SIDE_TABLE = Table({name: pygame.Rect(x, 316, w, 44) for name, x, w in (("back", 560, 66), ("play", 634, 70),
                                                                          ("fwd", 712, 66), ("speed", 786, 46))},
                   controls(280, 316, x=560, w=272)[1], pygame.Rect(568, 392, 256, 156), SIDE.status_box,
                   caption_size=16, caption_lines=5, keys_size=14, keys_lines=7,
                   status=pygame.Rect(570, 366, 252, 20))
# ... or, for expert (shown 30 wide), a slim bar on top, the board across, the line under it, then the buttons
# and the timeline side by side and the keys' line at the foot
WIDE = Screen(pygame.Rect(8, 4, 824, 44), (88, 36, 28, 4), 36, 14, pygame.Rect(8, 50, 824, 398), 0, 15,
              pygame.Rect(8, 474, 400, 44), canvas=LANDSCAPE, leds=pygame.Rect(16, 8, 240, 36),
              label_box=pygame.Rect(268, 8, 556, 36), status_box=pygame.Rect(8, 450, 824, 22), mute_at=(812, 15))
WIDE_TABLE = Table(controls(478, 474, x=8, w=400)[0], controls(478, 474, x=420, w=412)[1],
                   pygame.Rect(20, 528, 800, 24), WIDE.status_box, caption_size=15,
                   status=pygame.Rect(430, 502, 392, 20))
SAFE_GREEN = (60, 170, 80)
RISK_RED = (200, 60, 45)
GUESS_ORANGE = (215, 120, 40)
# the green and the orange deepened for text (5.2:1 on the page; the bright ones mark cells, bars and stripes)
SAFE_INK = (30, 120, 50)
GUESS_INK = (165, 80, 0)
NAMES = {"O": N_("Open"), "C": N_("Chord"), "F": N_("Flag"), "Q": N_("Question mark"), "U": N_("Mark off")}


def guess_colour(m) -> tuple:
    return RISK_RED if m.missed_safe else GUESS_ORANGE


class MinesReplay(ReplayHooks):
    PACE = (0.6, 0.15, 2.0)  # the start shows 0.6 s; inputs at their recorded pace, 0.15 s to 2 s apart
    KEYS = N_("Space play · Left/Right step · drag the bar · +/- speed · P odds · V review · E export · Esc back")
    OVERLAY = (pygame.K_p, "arcade.minesweeper.solver:probabilities")
    STYLE = Style(error=RISK_RED)

    def __init__(self, scene, replay):
        super().__init__(scene, replay)
        self.rows, self.cols, self.mines, self.rule, _ = check(replay.data)  # a bad record: ValueError here
        self.view = BoardView(self.rows, self.cols, area=SCREEN.board)
        self.hud = Hud(SCREEN)
        self.t = 0.0
        self.review_worker = None  # the review's worker maker (None: the engine's Worker process)

    def layout(self, size) -> Table:
        """Portrait; on the wide canvas the board at the left, or (expert, turned 30 wide) across under a bar."""
        if size[0] <= size[1]:
            self.screen, self.turned = SCREEN, False
            return TALL
        self.turned = turned_for(level_of(self.rows, self.cols, self.mines), size)
        cells = [Layout(self.rows, self.cols, sc.board, self.turned).cell for sc in (SIDE, WIDE)]
        self.screen = SIDE if cells[0] >= cells[1] else WIDE
        return SIDE_TABLE if self.screen is SIDE else WIDE_TABLE

    def resize(self, size, layout) -> None:
        self.view.relayout(self.screen.board, self.turned)
        if self.hud.screen is not self.screen:
            self.hud = Hud(self.screen)

    def positions(self, data) -> list:
        return steps(data)

    def show(self, i: int, animate: bool) -> None:
        s = self.scene.steps[i]
        self.view.speed = min(4.0, self.scene.speed)
        if animate and s.kind in ("O", "C"):
            if s.state == "lost":
                origin = next((r, row.index("X")) for r, row in enumerate(s.display) if "X" in row)
                self.view.set_display(s.display, origin=origin, kind="boom")
            else:
                self.view.set_display(s.display, origin=s.cell, kind="win" if s.state == "won" else "open")
        else:
            self.view.set_display(s.display)
            self.view.finish()
            self.view.wave, self.view.shake = None, 0.0

    def update(self, dt: float) -> None:
        self.t += dt
        self.view.update(dt)

    def overlay_request(self, step):
        return (step.view, self.mines) if step.state == "playing" else None

    # ----- the review -----
    def reviewer(self, positions):
        return Reviewer(positions, self.mines, make_worker=self.review_worker)

    def sheet(self, r) -> Sheet:
        s = summarize(r.moves if r is not None else [])
        g, m, lay = s["guesses"], s["missed"], self.view.layout
        luck = ngettext("{n} guess, survival odds {p} (luck)", "{n} guesses, survival odds {p} (luck)", g).format(
            n=g, p=pct(s["survival"]))
        skill = ngettext("{n} safe cell missed, extra risk taken {p} (skill)",
                         "{n} safe cells missed, extra risk taken {p} (skill)", m).format(n=m, p=pct(s["extra"]))
        rows = [(guess_colour(w), _("input {i}: row {r}, col {c}  ·  risk {risk}  ·  safest {safest}").format(
            i=w.index, r=lay.shown(*w.cell)[0] + 1, c=lay.shown(*w.cell)[1] + 1, risk=pct(w.risk),
            safest=pct(w.safest)) + ("  ·  " + _("a safe cell missed") if w.missed_safe else "")) for w in s["worst"]]
        return Sheet(result_text(self.replay),
                     ((_("guesses"), str(g), colors.TEXT), (_("survival odds"), pct(s["survival"]), colors.TEXT),
                      (_("safe cells missed"), str(m), RISK_RED if m else SAFE_INK),
                      (_("extra risk taken"), pct(s["extra"]), GUESS_INK if s["extra"] > 0 else SAFE_INK)),
                     (luck[0].upper() + luck[1:], skill[0].upper() + skill[1:]),
                     _("Risk of each guess; white: the safest cell then"), N_("Costliest guesses (click, or 1-5)"),
                     N_("No guesses: every cell opened was certain") if r is not None and r.done
                     else N_("No guesses so far"), tuple(rows), tuple(s["worst"]))

    def draw_chart(self, surface, inner, r, text_size) -> None:
        """Each guess's risk (a bar) and the safest cell's then (a white tick): the gap is the extra risk."""
        guesses = [m for m in r.moves if m.guess]
        if not guesses:
            return
        top = min(1.0, math.ceil(max(m.risk for m in guesses) * 10 - 1e-9) / 10)  # the scale: up to 10 % .. 100 %
        surface.blit(render(f"{top * 100:.0f} %", text_size, INK, "medium"), (inner.x - 2, inner.y - 13))
        slot = inner.w / len(guesses)
        bw = max(2, min(40, round(slot * 0.7)))
        for k, m in enumerate(guesses):
            x = round(inner.x + slot * (k + 0.5))
            h = max(2, round(inner.h * min(1.0, m.risk / top)))
            pygame.draw.rect(surface, guess_colour(m), (x - bw // 2, inner.bottom - h, bw, h), border_radius=2)
            y = inner.bottom - round(inner.h * min(1.0, m.safest / top))
            pygame.draw.line(surface, (255, 255, 255), (x - bw // 2 - 2, y), (x + bw // 2 + 2, y), 2)

    def marks(self, graded) -> list:
        return [(i, guess_colour(m)) for i, m in graded.items() if m.guess]

    # ----- drawing -----
    def caption(self, s) -> tuple[str, tuple, str]:
        """The AI's word on the move just shown, or what the input was."""
        m = self.scene.graded.get(self.scene.i)
        if m is not None:
            if not m.guess:
                return _("Certain: no mine could be there"), SAFE_INK, "bold"
            if m.risk >= 1.0:
                return _("A click on a cell that was certainly a mine (green: a safe one)"), RISK_RED, "bold"
            if m.missed_safe:
                return _("A guess at {risk} risk while a cell was certain (green)").format(risk=pct(m.risk)), \
                    RISK_RED, "bold"
            return _("A guess at {risk} risk; the safest cell had {safest} (green)").format(
                risk=pct(m.risk), safest=pct(m.safest)), GUESS_INK, "bold"
        if s.kind is None:
            return self.scene.replay_title(), colors.TEXT, "medium"
        t = f"{s.ms / 1000:.1f}"
        if s.cell is None:  # an undo or a redo
            return (_("Undo at {t} s") if s.kind == "<" else _("Redo at {t} s")).format(t=t), colors.TEXT, "medium"
        r, c = self.view.layout.shown(*s.cell)
        text = _("{what} row {r}, column {c} at {t} s").format(what=_(NAMES[s.kind]), r=r + 1, c=c + 1, t=t)
        if s.state == "won":
            text = _("Cleared in {t} s").format(t=t)
        elif s.state == "lost":
            text = _("Boom! {p} % cleared").format(p=round(100 * s.opened / (self.rows * self.cols - self.mines)))
        return text, colors.TEXT, "medium"

    def draw(self, surface, s) -> None:
        sc = self.scene
        surface.fill(colors.PAGE)
        face = "smile" if s is None else {"won": "cool", "lost": "dead"}.get(s.state, "smile")
        level = _(LEVEL_TITLES.get(level_of(self.rows, self.cols, self.mines), f"{self.rows} x {self.cols}"))
        count = _("INPUT {i} / {n}").format(i=sc.i, n=sc.last) if sc.steps else "..."
        self.hud.draw(surface, s.mines_left if s else self.mines, s.ms / 1000 if s else 0.0, face,
                      ngettext("REPLAY  -  {level}  -  {n} MINE  -  {count}", "REPLAY  -  {level}  -  {n} MINES  -  {count}",
                               self.mines).format(level=level.upper(), n=self.mines, count=count))
        self.view.draw(surface)
        if s is None:
            return
        if sc.overlay and sc.i in sc.overlays and s.state == "playing":
            self.view.draw_heat(surface, sc.overlays[sc.i], s.display)
        m = sc.graded.get(sc.i)
        if m is not None and m.guess and m.best is not None:
            self.view.draw_ring(surface, m.best, SAFE_GREEN, self.t)
        if s.cell is not None and self.view.layout.cell >= 6:
            self.view.draw_cursor(surface, s.cell, guess_colour(m) if m is not None and m.guess else (40, 110, 220))


def make_replay(app, replay, review: bool = False):
    """The replay scene of a Minesweeper record (``ValueError`` for a record that is not one); ``review``: with
    the AI's review running and shown."""
    return make_scene(app, replay, MinesReplay, review)
