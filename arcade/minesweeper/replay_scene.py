"""What Minesweeper lends the engine's replay scene (:mod:`arcade.engine.replay_scene`): the board with its
ripples and explosions, the mine counter and the game's clock as they were, each input ringed; at 1x the inputs
come at their recorded pace (a pause longer than two seconds is cut to two). P shows the exact odds of every
covered cell at the position shown (the solver, in the engine's overlay worker); V the AI's review: each guess's
risk against the safest cell then, the luck and the skill of the game, the costliest moves (a click jumps there).
"""
from __future__ import annotations

import pygame

from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.replay_scene import Chart, ReplayHooks, Sheet, Style, make_replay as make_scene
from arcade.engine.ui import colors
from arcade.minesweeper import LEVEL_TITLES
from arcade.minesweeper.field import level_of
from arcade.minesweeper.replay import check, label, result_text, step_words, steps, validate
from arcade.minesweeper.review import Reviewer, move_words, pct, sentences, summarize, worst_words
from arcade.minesweeper.hud import Hud
from arcade.minesweeper.screens import REPLAY, Table, replay_screen
from arcade.minesweeper.view import GUESS_INK, INK, RISK_RED, SAFE_GREEN, SAFE_INK, TONE_INK, BoardView, guess_colour

__all__ = ["MinesReplay", "make_replay", "validate", "label"]


class MinesReplay(ReplayHooks):
    PACE = (0.6, 0.15, 2.0)  # the start shows 0.6 s; inputs at their recorded pace, 0.15 s to 2 s apart
    KEYS = N_("Space play · Left/Right step · drag the bar · +/- speed · P odds · V review · E export · Esc back")
    OVERLAY = (pygame.K_p, "arcade.minesweeper.solver:probabilities")
    STYLE = Style(error=RISK_RED)

    def __init__(self, scene, replay):
        super().__init__(scene, replay)
        self.rows, self.cols, self.mines, self.rule, _ = check(replay.data)  # a bad record: ValueError here
        self.view = BoardView(self.rows, self.cols, area=REPLAY.board)
        self.hud = Hud(REPLAY)
        self.t = 0.0
        self.review_worker = None  # the review's worker maker (None: the engine's Worker process)

    def layout(self, size) -> Table:
        """Portrait; on the wide canvas the board at the left, or (expert, turned 30 wide) across under a bar."""
        self.screen, table, self.turned = replay_screen(self.rows, self.cols, level_of(self.rows, self.cols,
                                                                                      self.mines), size)
        return table

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
        g, m, guesses, top = s["guesses"], s["missed"], s["guessed"], s["top"]
        rows = [(guess_colour(w), worst_words(w, self.view.layout.shown(*w.cell))) for w in s["worst"]]
        return Sheet(result_text(self.replay),
                     ((_("guesses"), str(g), colors.TEXT), (_("survival odds"), pct(s["survival"]), colors.TEXT),
                      (_("safe cells missed"), str(m), RISK_RED if m else SAFE_INK),
                      (_("extra risk taken"), pct(s["extra"]), GUESS_INK if s["extra"] > 0 else SAFE_INK)),
                     sentences(s),
                     _("Risk of each guess; white: the safest cell then"), N_("Costliest guesses (click, or 1-5)"),
                     N_("No guesses: every cell opened was certain") if r is not None and r.done
                     else N_("No guesses so far"), tuple(rows), tuple(s["worst"]),
                     Chart(tuple(w.risk for w in guesses), tuple(map(guess_colour, guesses)), True,
                           tuple(w.safest for w in guesses), top, f"{top * 100:.0f} %", INK))

    def marks(self, graded) -> list:
        return [(i, guess_colour(m)) for i, m in graded.items() if m.guess]

    # ----- drawing -----
    def caption(self, s) -> tuple[str, tuple, str]:
        """The AI's word on the move just shown, or what the input was."""
        m = self.scene.graded.get(self.scene.i)
        if m is not None:
            text, tone = move_words(m)
            return text, TONE_INK[tone], "bold"
        if s.kind is None:
            return self.scene.replay_title(), colors.TEXT, "medium"
        shown = self.view.layout.shown(*s.cell) if s.cell is not None else None
        return step_words(s, shown, self.rows, self.cols, self.mines), colors.TEXT, "medium"

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
