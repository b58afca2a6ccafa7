"""Watching a Minesweeper replay (the engine's :class:`~arcade.engine.replay_player.ReplayPlayer`): the board with
its ripples and explosions, the mine counter and the game's clock as they were, each input ringed; at 1x the
inputs come at their recorded pace (a pause longer than two seconds is cut to two). P shows the exact odds of
every covered cell at the position shown (the solver, in a worker); V the AI's review: each guess's risk against
the safest cell then, the luck and the skill of the game, the costliest moves (a click jumps there). A replay
changes no best and no stat.

Keys: Space play/pause, Left/Right one input, Home/End, + / - speed, P odds, V review, E export, Esc back; the
buttons, and a click or drag on the timeline.
"""
from __future__ import annotations

import math

import pygame

from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.jobs import worker_factory
from arcade.engine.replay_player import ReplayPlayer, ReviewCard, controls
from arcade.engine.ui import colors
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.widgets import progress_bar
from arcade.minesweeper import LEVEL_TITLES
from arcade.minesweeper.field import level_of
from arcade.minesweeper.replay import check, label, result_text, steps, validate
from arcade.minesweeper.review import Reviewer, pct, summarize
from arcade.minesweeper.view import BoardView, Hud, Screen

__all__ = ["MinesReplayScene", "MinesReviewCard", "make_replay", "validate", "label", "SCREEN", "BUTTONS",
           "TIMELINE"]

# the replay's screen: a slim HUD, the board, the input line, the timeline and the buttons
SCREEN = Screen(pygame.Rect(8, 4, 464, 66), (96, 44, 34, 6), 50, 12, pygame.Rect(8, 74, 464, 540), 630, 16,
                pygame.Rect(8, 688, 464, 44))
BUTTONS, TIMELINE = controls(656, 690)
PROBS = "arcade.minesweeper.solver:probabilities"
SAFE_GREEN = (60, 170, 80)
RISK_RED = (200, 60, 45)
GUESS_ORANGE = (215, 120, 40)
NAMES = {"O": N_("Open"), "C": N_("Chord"), "F": N_("Flag"), "Q": N_("Question mark"), "U": N_("Mark off")}


def guess_colour(m) -> tuple:
    return RISK_RED if m.missed_safe else GUESS_ORANGE


class MinesReplayScene(ReplayPlayer):
    PACE = (0.6, 0.15, 2.0)  # the start shows 0.6 s; inputs at their recorded pace, 0.15 s to 2 s apart
    KEYS = N_("Space play · Left/Right step · drag the bar · +/- speed · P odds · V review · E export · Esc back")

    def __init__(self, app, replay):
        self.rows, self.cols, self.mines, self.rule, _ = check(replay.data)  # a bad record: ValueError here
        self.view = BoardView(self.rows, self.cols, area=SCREEN.board)
        self.hud = Hud(SCREEN)
        self.odds = False
        self.probs: dict = {}   # step -> probability rows (the odds overlay)
        self.odds_worker = None
        self.odds_asked = None
        self.t = 0.0
        self.review_worker = None  # the review's worker maker (None: the engine's Worker process)
        super().__init__(app, replay)

    # ----- the replay -----
    def compute_steps(self) -> list:
        return steps(self.replay.data)

    def show(self, i: int, animate: bool) -> None:
        s = self.steps[i]
        self.view.speed = min(4.0, self.speed)
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

    def on_key(self, key: int) -> None:
        if key == pygame.K_p:
            self.odds = not self.odds

    # ----- the review -----
    def make_reviewer(self):
        return Reviewer(self.steps, self.mines, make_worker=self.review_worker)

    def review_card(self):
        return MinesReviewCard(self.app, self)

    def marks(self) -> list:
        return [(i, guess_colour(m)) for i, m in self.graded.items() if m.guess]

    # ----- the odds overlay -----
    def _odds_tick(self) -> None:
        if not (self.odds and self.steps) or self.i in self.probs or self.steps[self.i].state != "playing":
            return
        if self.odds_worker is None:
            make = worker_factory(PROBS)
            if make is None:
                return
            self.odds_worker = make()
        if self.odds_asked != self.i:
            self.odds_worker.request(self.steps[self.i].view, self.mines, budget=3.0)
            self.odds_asked = self.i
            return
        reply = self.odds_worker.poll()
        if reply is not None:
            self.odds_asked = None
            if reply.ok:
                self.probs[self.i] = reply.value

    def exit(self) -> None:
        super().exit()
        if self.odds_worker is not None:
            self.odds_worker.close()
            self.odds_worker = None

    def update(self, dt: float) -> None:
        self.t += dt
        self.view.update(dt)
        super().update(dt)
        self._odds_tick()

    # ----- drawing -----
    def line(self) -> tuple[str, tuple, str]:
        """The line under the board: the AI's word on the move just shown, or what the input was."""
        if self.error:
            return self.error, RISK_RED, "medium"
        if not self.steps:
            return _("Replaying..."), colors.BUTTON, "medium"
        s = self.steps[self.i]
        m = self.graded.get(self.i)
        if m is not None:
            if not m.guess:
                return _("Certain: no mine could be there"), SAFE_GREEN, "bold"
            if m.risk >= 1.0:
                return _("A click on a cell that was certainly a mine (green: a safe one)"), RISK_RED, "bold"
            if m.missed_safe:
                return _("A guess at {risk} risk while a cell was certain (green)").format(risk=pct(m.risk)), \
                    RISK_RED, "bold"
            return _("A guess at {risk} risk; the safest cell had {safest} (green)").format(
                risk=pct(m.risk), safest=pct(m.safest)), GUESS_ORANGE, "bold"
        if s.kind is None:
            return self.replay.title, colors.TEXT, "medium"
        if s.cell is None:  # an undo or a redo
            return (_("Undo at {t} s") if s.kind == "<" else _("Redo at {t} s")).format(t=f"{s.ms / 1000:.1f}"), \
                colors.TEXT, "medium"
        r, c = s.cell
        text = _("{what} row {r}, column {c} at {t} s").format(what=_(NAMES[s.kind]), r=r + 1, c=c + 1,
                                                             t=f"{s.ms / 1000:.1f}")
        if s.state == "won":
            text = _("Cleared in {t} s").format(t=f"{s.ms / 1000:.1f}")
        elif s.state == "lost":
            text = _("Boom! {p} % cleared").format(p=round(100 * s.opened / (self.rows * self.cols - self.mines)))
        return text, colors.TEXT, "medium"

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        s = self.steps[self.i] if self.steps else None
        face = "smile" if s is None else {"won": "cool", "lost": "dead"}.get(s.state, "smile")
        level = LEVEL_TITLES.get(level_of(self.rows, self.cols, self.mines), f"{self.rows} x {self.cols}")
        level = _(level)
        count = _("INPUT {i} / {n}").format(i=self.i, n=self.last) if self.steps else "..."
        self.hud.draw(surface, s.mines_left if s else self.mines, s.ms / 1000 if s else 0.0, face,
                      _("REPLAY  -  {level}  -  {n} MINES  -  {count}").format(level=level.upper(), n=self.mines,
                                                                                count=count))
        self.view.draw(surface)
        if s is not None:
            if self.odds and self.i in self.probs and s.state == "playing":
                self.view.draw_heat(surface, self.probs[self.i], s.display)
            m = self.graded.get(self.i)
            if m is not None and m.guess and m.best is not None:
                self.view.draw_ring(surface, m.best, SAFE_GREEN, self.t)
            if s.cell is not None and self.view.layout.cell >= 6:
                colour = guess_colour(m) if m is not None and m.guess else (40, 110, 220)
                self.view.draw_cursor(surface, s.cell, colour)
        text, colour, weight = self.line()
        blit_center(surface, fit(text, 456, SCREEN.status, colour, weight), (240, SCREEN.status_y))
        self.draw_controls(surface)
        if self.reviewer is not None and not self.reviewer.done:
            progress_bar(surface, pygame.Rect(120, 746, 240, 8), self.reviewer.progress)
        elif self.odds and s is not None and s.state == "playing" and self.i not in self.probs:
            blit_center(surface, render(_("Counting the layouts..."), 14, colors.BUTTON, "medium"), (240, 750))


class MinesReviewCard(ReviewCard):
    """The review over the replay: the luck and the skill, each guess's risk against the safest cell, the
    costliest guesses (click or 1-5: the replay jumps to the board after that move, the cells ringed)."""

    CHART = pygame.Rect(40, 330, 400, 100)

    @property
    def summary(self):
        r = self.rs.reviewer
        return summarize(r.moves) if r is not None else None

    def worst(self) -> list:
        s = self.summary
        return s["worst"] if s is not None else []

    def draw_body(self, surface) -> None:
        card = self.CARD
        r = self.rs.reviewer
        result = result_text(self.rs.replay)
        blit_center(surface, fit(result, card.w - 40, 16, colors.BUTTON, "medium"), (card.centerx, card.y + 66))
        if r is None or (not r.moves and not r.done):
            blit_center(surface, render(_("The AI is looking at every move..."), 18, colors.BUTTON, "medium"),
                        (card.centerx, card.y + 130))
            return
        if not r.done:
            progress_bar(surface, pygame.Rect(card.x + 40, card.y + 86, card.w - 80, 10), r.progress)
            blit_center(surface, render(_("{done} / {all} moves").format(done=f"{len(r.moves):,}", all=f"{len(r.todo):,}"), 14, colors.BUTTON, "medium"),
                        (card.centerx, card.y + 108))
        elif r.error:
            blit_center(surface, fit(r.error, card.w - 40, 15, RISK_RED, "medium"), (card.centerx, card.y + 96))
        s = self.summary
        tiles = ((_("guesses"), str(s["guesses"]), colors.TEXT), (_("survival odds"), pct(s["survival"]), colors.TEXT),
                 (_("safe cells missed"), str(s["missed"]), RISK_RED if s["missed"] else SAFE_GREEN),
                 (_("extra risk taken"), pct(s["extra"]), GUESS_ORANGE if s["extra"] > 0 else SAFE_GREEN))
        w = (card.w - 40) // 4
        for k, (name, value, colour) in enumerate(tiles):
            cx = card.x + 20 + w * k + w // 2
            blit_center(surface, fit(value, w - 6, 34, colour), (cx, card.y + 150))
            blit_center(surface, fit(name, w - 4, 13, colors.BUTTON, "medium"), (cx, card.y + 180))
        g, m = s["guesses"], s["missed"]
        luck = ngettext("{n} guess, survival odds {p} (luck)", "{n} guesses, survival odds {p} (luck)", g).format(
            n=g, p=pct(s["survival"]))
        skill = ngettext("{n} safe cell missed, extra risk taken {p} (skill)",
                         "{n} safe cells missed, extra risk taken {p} (skill)", m).format(n=m, p=pct(s["extra"]))
        blit_center(surface, fit(luck[0].upper() + luck[1:], card.w - 40, 16, colors.TEXT, "medium"),
                    (card.centerx, card.y + 206))
        blit_center(surface, fit(skill[0].upper() + skill[1:], card.w - 40, 16, colors.TEXT, "medium"),
                    (card.centerx, card.y + 228))
        self._chart(surface, [m for m in r.moves if m.guess])
        empty = N_("No guesses: every cell opened was certain") if r.done else N_("No guesses so far")
        self.draw_rows(surface, N_("Costliest guesses (click, or 1-5)"), empty,
                       [(guess_colour(m), _("input {i}: row {r}, col {c}  ·  risk {risk}  ·  safest {safest}").format(
                           i=m.index, r=m.cell[0] + 1, c=m.cell[1] + 1, risk=pct(m.risk), safest=pct(m.safest))
                         + ("  ·  " + _("a safe cell missed") if m.missed_safe else ""))
                        for m in self.worst()])

    def chart_area(self) -> pygame.Rect:
        """Where the bars stand (under the scale's label)."""
        return pygame.Rect(self.CHART.x + 8, self.CHART.y + 16, self.CHART.w - 16, self.CHART.h - 20)

    def _chart(self, surface, guesses) -> None:
        """Each guess's risk (a bar) and the safest cell's then (a white tick): the gap is the extra risk."""
        ch = self.CHART
        pygame.draw.rect(surface, colors.LABEL, ch, border_radius=6)
        blit_center(surface, render(_("Risk of each guess; white: the safest cell then"), 14, colors.BUTTON, "medium"),
                    (ch.centerx, ch.y - 12))
        if not guesses:
            return
        inner = self.chart_area()
        top = min(1.0, math.ceil(max(m.risk for m in guesses) * 10 - 1e-9) / 10)  # the scale: up to 10 % .. 100 %
        surface.blit(render(f"{top * 100:.0f} %", 12, colors.BUTTON, "medium"), (ch.x + 6, ch.y + 3))
        n = len(guesses)
        slot = inner.w / n
        bw = max(2, min(40, round(slot * 0.7)))
        for k, m in enumerate(guesses):
            x = round(inner.x + slot * (k + 0.5))
            h = max(2, round(inner.h * min(1.0, m.risk / top)))
            pygame.draw.rect(surface, guess_colour(m), (x - bw // 2, inner.bottom - h, bw, h), border_radius=2)
            y = inner.bottom - round(inner.h * min(1.0, m.safest / top))
            pygame.draw.line(surface, (255, 255, 255), (x - bw // 2 - 2, y), (x + bw // 2 + 2, y), 2)


def make_replay(app, replay, review: bool = False):
    """The replay scene of a Minesweeper record (``ValueError`` for a record that is not one); ``review``: with
    the AI's review running and shown."""
    scene = MinesReplayScene(app, replay)
    scene.review_on_enter = review
    return scene
