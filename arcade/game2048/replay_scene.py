"""What 2048 lends the engine's replay scene (:mod:`arcade.engine.replay_scene`): the board with the game's own
slides and pops from one position to the next, the score and move boxes, and a line naming the grade of the move
shown (once the AI's review has reached it: V). The controls sit where the game's buttons are, over the board, and
the timeline under it; on the wide canvas they stand in a column at the board's right, as the game's do. The review
card is the engine's: the accuracy, the count of each grade, the evaluation over the game and the costliest moves.
"""
from __future__ import annotations

import pygame

from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.replay_player import controls
from arcade.engine.replay_scene import PORTRAIT, Chart, Layout, ReplayHooks, Sheet, make_replay as make_scene
from arcade.engine.ui import colors
from arcade.engine.ui.text import Label, blit_center, fit, render
from arcade.game2048 import rules
from arcade.game2048.backend import decode_move
from arcade.game2048.hud import LABEL_Y, DIGITS_Y, LANDSCAPE as HUD_WIDE, LAYOUT as HUD_TALL, legible
from arcade.game2048.replay import check, steps, validate
from arcade.game2048.review import GRADE_COLORS, GRADES, Reviewer, summarize
from arcade.game2048.rules import MoveOutcome
from arcade.game2048.view import BoardView

__all__ = ["Replay2048", "make_replay", "validate", "grade_count", "BUTTONS", "TIMELINE", "WIDE_BUTTONS",
           "WIDE_TIMELINE", "TALL", "WIDE"]

BUTTONS, TIMELINE = controls(636, 116, 22)  # the buttons over the board (the game's row), the timeline under it
TALL = Layout(BUTTONS, TIMELINE, PORTRAIT.keys, pygame.Rect(20, 678, 440, 24), board=HUD_TALL["board"],
              caption_size=18, status=pygame.Rect(60, 710, 360, 16))
# the wide canvas: the board at the left as in the game; at its right the title, the score and move boxes, the
# grade line, the review's progress, the buttons two by two, the timeline and the keys
WIDE_BUTTONS = {"play": pygame.Rect(560, 232, 126, 44), "speed": pygame.Rect(694, 232, 126, 44),
                "back": pygame.Rect(560, 284, 126, 44), "fwd": pygame.Rect(694, 284, 126, 44)}
WIDE_TIMELINE = pygame.Rect(570, 356, 240, 22)
WIDE = Layout(WIDE_BUTTONS, WIDE_TIMELINE, pygame.Rect(560, 396, 260, 92), pygame.Rect(560, 156, 260, 50),
              board=HUD_WIDE["board"], caption_lines=2, keys_lines=4, caption_size=18,
              status=pygame.Rect(555, 208, 270, 16))
BOXES = ({"title": pygame.Rect(20, 18, 220, 60), "score": HUD_TALL["score"], "best": HUD_TALL["best"]},
         {"title": pygame.Rect(560, 10, 260, 60), "score": pygame.Rect(560, 88, 126, 60),
          "best": pygame.Rect(694, 88, 126, 60)})  # (portrait, landscape)


def grade_count(grade: str, n: int, number: bool = True) -> str:
    """"1 mistake", "4 inaccuracies": how many moves got ``grade`` (a name of :data:`GRADES`), in the plural form
    of the language; ``number`` False: the words alone ("inaccuracies"), a figure's name under its number."""
    forms = {"best": ngettext("{n} best", "{n} best", n), "good": ngettext("{n} good", "{n} good", n),
             "inaccuracy": ngettext("{n} inaccuracy", "{n} inaccuracies", n),
             "mistake": ngettext("{n} mistake", "{n} mistakes", n),
             "blunder": ngettext("{n} blunder", "{n} blunders", n)}
    return forms[grade].format(n=f"{n:,}" if number else "").strip()


class Replay2048(ReplayHooks):
    KEYS = N_("Space play · Left/Right step · drag the bar · +/- speed · V review · E export · Esc back")
    LAYOUTS = (TALL, WIDE)

    def __init__(self, scene, replay) -> None:
        super().__init__(scene, replay)
        self.size = check(replay.data).size  # a bad record: ValueError before the scene exists
        self.view = BoardView(HUD_TALL["board"], self.size, speed=1.0)
        self.boxes = BOXES[0]
        self.labels = {k: Label(22, colors.TEXT_LIGHT, max_width=96) for k in ("score", "best")}

    def resize(self, size, layout) -> None:
        """The board, the boxes and the controls move; the position shown, its animation and the play go on."""
        self.boxes = BOXES[layout is WIDE]
        self.view.set_rect(layout.board)

    def positions(self, data) -> list:
        return steps(data)

    def show(self, i: int, animate: bool) -> None:
        """A move played on from the position shown slides and pops as in the game; anything else is set at once."""
        s, before = self.scene.steps[i], self.scene.steps[self.scene.i]
        if animate and s.direction is not None:
            self.view.play(MoveOutcome(rules.slide(before.grid, s.direction), decode_move(s.token, self.size)[1]))
        else:
            self.view.finish()
            self.view.set_grid(s.grid)

    def update(self, dt: float) -> None:
        self.view.speed = min(4.0, self.scene.speed)  # faster than 4x the animations would only blur: they are cut
        self.view.update(dt)

    # ----- drawing -----
    def caption(self, step) -> tuple:
        """The AI's grade of the move just shown (and its move, when better), or the replay's title."""
        m = self.scene.graded.get(self.scene.i)
        if m is None:
            return self.scene.replay_title(), colors.TEXT
        loss = f" (-{m.regret * 100:.1f} %)" if m.regret >= 0.0005 else ""
        better = "" if m.grade == "best" else "  ·  " + _("AI: {move}").format(move=_(m.best))
        return f"{_(m.played.capitalize())}: {_(m.grade)}{loss}{better}", legible(GRADE_COLORS[m.grade]), "bold"

    def draw(self, surface, step) -> None:
        sc, b = self.scene, self.boxes
        surface.fill(colors.PAGE)
        surface.blit(fit(_("Replay"), b["title"].w, 52, colors.TEXT), b["title"].topleft)
        for name, label, value in (("score", _("SCORE"), step.score if step else 0),
                                   ("best", _("MOVE"), f"{sc.i:,}/{sc.last:,}" if sc.ready else "...")):
            r = b[name]  # the game's score boxes: light text on the button brown
            pygame.draw.rect(surface, colors.BUTTON, r, border_radius=3)
            blit_center(surface, render(label, 13, colors.TEXT_LIGHT), (r.centerx, r.y + LABEL_Y))
            blit_center(surface, self.labels[name].get(str(value)), (r.centerx, r.y + DIGITS_Y))
        self.view.draw(surface)

    # ----- the review -----
    def reviewer(self, positions):
        return Reviewer(positions)

    def marks(self, graded) -> list:
        return [(i, GRADE_COLORS[m.grade]) for i, m in graded.items() if m.grade in ("mistake", "blunder")]

    def sheet(self, r) -> Sheet:
        moves = r.moves if r is not None else []
        s = summarize(moves)
        counts = [grade_count(name, s["counts"][name]) for name, _limit in GRADES]
        figures = [(_("accuracy"), f"{s['accuracy']:.0f}", colors.TEXT)] + [
            (grade_count(g, s["counts"][g], number=False), f"{s['counts'][g]:,}", legible(GRADE_COLORS[g]))
            for g in ("inaccuracy", "mistake", "blunder")]
        marks = tuple(GRADE_COLORS[m.grade] if m.grade in ("mistake", "blunder") else None for m in moves)
        rows = [(GRADE_COLORS[m.grade], _("move {n}: {move} ({grade}, -{loss} %)  ·  AI: {best}").format(
            n=f"{m.index:,}", move=_(m.played), grade=_(m.grade), loss=f"{m.regret * 100:.1f}", best=_(m.best)))
            for m in s["worst"]]
        return Sheet(self.scene.replay_title(), tuple(figures), ("  ·  ".join(counts[:3]), "  ·  ".join(counts[3:])),
                     _("Evaluation over the game"), empty=N_("None: every move was the AI's"), rows=tuple(rows),
                     worst=tuple(s["worst"]), plot=Chart(tuple(m.value for m in moves), marks))


def make_replay(app, replay, review: bool = False):
    """The replay scene of a 2048 record (``ValueError`` for a record that is not one); ``review``: with the AI's
    review running and shown."""
    return make_scene(app, replay, Replay2048, review)
