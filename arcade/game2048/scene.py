"""The 2048 scene: input (keys, swipes, buttons) -> Game -> BoardView, score boxes, win / game-over panels,
saves, and the AI (autoplay, hint, panel) running in a worker process so no frame waits for it.

Keys: arrows, WASD and Vim's hjkl move; R new game; U, Backspace or Ctrl+Z undo; Shift+A autoplay; Shift+H or ?
hint; + and - autoplay speed; Esc pause. Mouse drag or touch swipe moves too. Plain a and h are WASD's and Vim's
left, so the AI's letter keys take Shift: every plain letter moves, every Shift+letter asks the AI.
"""
from __future__ import annotations

import logging
import math

import pygame

from ..help import HelpOverlay, maybe_first_launch
from ..pause import PauseOverlay
from ..scene import Scene
from ..settings import AI_SPEEDS
from ..ui import colors
from ..ui.input import pointer_down, pointer_motion, pointer_up
from ..ui.text import Label, blit_center, fit, render
from ..ui.tween import ease_in, ease_out
from .game import Game
from .view import BoardView

log = logging.getLogger("arcade")

GAME_ID = "2048"
SWIPE_THRESHOLD = 24  # logical pixels before a drag counts as a swipe
SCORE_FLOAT = (0.6, 75)  # seconds, pixels the "+N" rises (the original's 600 ms / 75 px)
PANEL_DELAY, PANEL_FADE = 1.2, 0.8  # the original's win / game-over message timing
DEMO_RESTART = 4.0  # seconds the demo shows a finished game before starting another

KEY_DIRS = {
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_w: "up", pygame.K_s: "down", pygame.K_a: "left", pygame.K_d: "right",
    pygame.K_k: "up", pygame.K_j: "down", pygame.K_h: "left", pygame.K_l: "right",
}
ARROWS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}

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


_ARROWS: dict = {}  # hint arrow layers, drawn once per direction


def best_key(size: int) -> str:
    return f"2048/{size}x{size}"


class Game2048Scene(Scene):
    def __init__(self, app, game: Game | None = None, demo: bool = False, size: int | None = None):
        super().__init__(app)
        p = app.profile
        self.demo = demo
        if game is None:
            game = Game(size or p.get("2048.size"), seed=app.seed, four_probability=p.get("2048.four_probability"))
        self.game = game
        self.view = BoardView(LAYOUT["board"], game.size, speed=self._anim_speed())
        self._warming = self.view.warm_steps()  # tiles render a few per frame, before the first moves need them
        self.view.set_grid(game.grid, appear=True)
        self.floats: list[list] = []  # [age, text]
        self.panel_t = 0.0  # time since the game ended (win/over panel)
        self.drag_start = None
        self.drag_done = False
        self.worker = None
        self.autoplay = False
        self.hint_for = None  # the grid the hint was asked for
        self.hint = None  # direction to show
        self.pending = None  # (grid, purpose) of the request in flight
        self.ready = None  # (grid, direction) the AI chose, waiting for its turn (autoplay speed)
        self.decision = None  # last AI decision, for the panel
        self.ai_moves = 0
        self.since_ai_move = 1e9
        self.ai_error = ""
        self.speed_index = AI_SPEEDS.index(p.get("ai.speed")) if p.get("ai.speed") in AI_SPEEDS else 4
        self.demo_wait = 0.0
        self.labels = {k: Label(25, (255, 255, 255), max_width=LAYOUT[k].w - 10) for k in ("score", "best")}
        self.info = [Label(14, colors.TEXT, "medium") for _ in range(5)]  # the AI panel's changing figures
        self._recorded = False
        self._shown_panel = None
        if demo:
            self.speed_index = AI_SPEEDS.index(10)
            self.set_autoplay(True)

    # ----- settings -----
    def _anim_speed(self) -> float:
        return float(self.app.profile.get("anim_speed"))

    @property
    def strategy(self) -> str:
        return "expectimax" if self.demo else self.app.profile.get("ai.strategy")

    @property
    def moves_per_second(self) -> int:
        return AI_SPEEDS[self.speed_index]

    # ----- lifecycle -----
    def enter(self) -> None:
        if not self.demo:
            maybe_first_launch(self.app, GAME_ID)

    def exit(self) -> None:
        self.save()
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def cover(self) -> None:
        self.save()

    def uncover(self) -> None:
        # settings may have changed under the pause overlay
        self.view.speed = self._anim_speed()
        self.game.four_probability = self.app.profile.get("2048.four_probability")
        s = self.app.profile.get("ai.speed")
        if s in AI_SPEEDS:
            self.speed_index = AI_SPEEDS.index(s)

    # ----- game actions -----
    def move(self, direction: str, by_ai: bool = False) -> bool:
        if self.game.terminated:
            return False
        before = self.game.score
        out = self.game.move(direction)
        if out is None:
            return False
        self.view.play(out)
        gained = self.game.score - before
        if gained:
            self.floats.append([0.0, f"+{gained}"])
            top = max(m.value * 2 for m in out.result.motions if m.merged)
            self.app.play(f"merge_{min(17, int(math.log2(top)))}", 0.8)
        else:
            self.app.play("slide", 0.5)
        self.hint = None
        if by_ai:
            self.ai_moves += 1
        self._after_move()
        return True

    def _after_move(self) -> None:
        g = self.game
        if not self.demo:
            self.app.profile.submit_score(best_key(g.size), g.score)
        if g.over or (g.won and not g.keep_playing):
            self.panel_t = 0.0
            if g.over:
                self.app.play("game_over")
                if not self.demo:
                    self.set_autoplay(False)
                self._record()
            else:
                self.app.play("win")
                if self.demo:
                    g.keep_going()
                else:
                    self.set_autoplay(False)
        self.save()

    def _record(self) -> None:
        if self.demo or self._recorded or self.game.moves == 0:
            return
        self._recorded = True
        g = self.game
        self.app.profile.record_game(GAME_ID, g.score, max_tile=g.max_tile, moves=g.moves, size=g.size, won=g.won)

    def new_game(self) -> None:
        if not self.game.over:
            self._record()  # an abandoned game still counts as played
        self._recorded = False
        size = self.game.size if self.demo else self.app.profile.get("2048.size")
        self.game = Game(size, seed=None, four_probability=self.app.profile.get("2048.four_probability"))
        if size != self.view.size:
            self.view = BoardView(LAYOUT["board"], size, speed=self._anim_speed())
            self._warming = self.view.warm_steps()
        self.view.set_grid(self.game.grid, appear=True)
        self.floats.clear()
        self.hint = None
        self.ai_moves = 0
        if self.worker is not None:
            self.worker.cancel()
        self.pending = self.ready = None
        self.save()

    def undo(self) -> None:
        if self.game.undo():
            self.view.set_grid(self.game.grid)
            self.hint = None
            self._recorded = False
            self.app.play("slide", 0.4)
            self.save()

    def keep_going(self) -> None:
        self.game.keep_going()
        self.save()

    def save(self) -> None:
        if self.demo:
            return
        if self.game.over:
            self.app.profile.clear_saved(GAME_ID)  # like the original: a finished game is not continued
        else:
            self.app.profile.save_game(GAME_ID, self.game.to_dict())

    # ----- AI -----
    def _worker(self):
        if self.worker is None:
            from .ai.worker import AIWorker

            self.worker = AIWorker()
        return self.worker

    def set_autoplay(self, on: bool) -> None:
        self.autoplay = on
        if not on and self.worker is not None:
            self.worker.cancel()
            self.pending = self.ready = None
        self.since_ai_move = 1e9

    def ask_hint(self) -> None:
        if self.game.terminated:
            return
        self.hint = None
        self.hint_for = self.game.grid
        self._request("hint")

    def _request(self, purpose: str) -> None:
        # the strategy's default parameters are filled in by the worker: importing numpy and the search
        # here would stall a frame; a strategy that fails to load comes back as an error decision
        self._worker().request(self.game.grid, self.strategy, {})
        self.pending = (self.game.grid, purpose)

    def _poll_ai(self, dt: float) -> None:
        self.since_ai_move += dt
        if self.worker is not None and self.pending is not None:
            d = self.worker.poll()
            if d is not None:
                grid, purpose = self.pending
                self.pending = None
                if d.error:
                    self.ai_error = d.error
                    log.warning("AI: %s", d.error)
                    self.set_autoplay(False)  # don't hammer a failing search; the player can try again
                else:
                    self.ai_error = ""
                    self.decision = d
                if grid == self.game.grid and d.direction is not None:
                    if purpose == "hint" and not self.autoplay:
                        self.hint = d.direction
                    else:
                        self.ready = (grid, d.direction)
        if not self.autoplay or self.game.terminated:
            return
        if self.ready is not None and self.ready[0] != self.game.grid:
            self.ready = None  # the board changed (a human move, undo): ask again
        interval = 0.0 if self.moves_per_second == 0 else 1.0 / self.moves_per_second
        if self.ready is not None and self.since_ai_move >= interval:
            direction, self.ready = self.ready[1], None
            self.since_ai_move = 0.0
            self.move(direction, by_ai=True)
        if self.ready is None and self.pending is None and not self.game.terminated:
            self._request("auto")

    # ----- input -----
    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        down = pointer_down(event)
        if down is not None:
            x, y, _ = down
            if self._click(x, y):
                return
            self.drag_start, self.drag_done = (x, y), False
            return
        pos = pointer_motion(event)
        if pos is not None and self.drag_start is not None and not self.drag_done:
            self._swipe(pos)
            return
        up = pointer_up(event)
        if up is not None and self.drag_start is not None:
            if not self.drag_done:
                self._swipe(up[:2])
            self.drag_start = None

    def _swipe(self, pos) -> None:
        dx, dy = pos[0] - self.drag_start[0], pos[1] - self.drag_start[1]
        if max(abs(dx), abs(dy)) < SWIPE_THRESHOLD:
            return
        self.drag_done = True
        if abs(dx) > abs(dy):
            self.human_move("right" if dx > 0 else "left")
        else:
            self.human_move("down" if dy > 0 else "up")

    def human_move(self, direction: str) -> None:
        if self.autoplay:
            self.set_autoplay(False)  # a player's move takes over from the AI
        self.move(direction)

    def _key(self, e) -> None:
        k, mod = e.key, e.mod
        g = self.game
        if k == pygame.K_ESCAPE:
            self.set_autoplay(False)
            self.app.stack.push(PauseOverlay(self.app, on_restart=self.new_game,
                                             help_scene=lambda: HelpOverlay(self.app, GAME_ID)))
        elif k == pygame.K_a and mod & pygame.KMOD_SHIFT:
            self.set_autoplay(not self.autoplay)
        elif (k == pygame.K_h and mod & pygame.KMOD_SHIFT) or k == pygame.K_QUESTION or e.unicode == "?":
            self.ask_hint()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_speed(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif k == pygame.K_z and mod & pygame.KMOD_CTRL or k in (pygame.K_u, pygame.K_BACKSPACE):
            self.set_autoplay(False)
            self.undo()
        elif k == pygame.K_r:
            self.new_game()
        elif g.won and not g.keep_playing and not g.over and k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.keep_going()
        elif g.over and k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.new_game()
        elif k in KEY_DIRS and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.human_move(KEY_DIRS[k])

    def change_speed(self, delta: int) -> None:
        # the list runs 1..30 then 0 = "as fast as it thinks": + walks up to it, - back down
        self.speed_index = max(0, min(len(AI_SPEEDS) - 1, self.speed_index + delta))
        self.app.set_setting("ai.speed", AI_SPEEDS[self.speed_index])

    def _panel_buttons(self) -> dict:
        b = LAYOUT["board"]
        g = self.game
        if g.over:
            return {"again": pygame.Rect(b.centerx - 70, b.centery + 40, 140, 44)}
        if g.won and not g.keep_playing:
            return {"keep": pygame.Rect(b.centerx - 150, b.centery + 40, 140, 44),
                    "again": pygame.Rect(b.centerx + 10, b.centery + 40, 140, 44)}
        return {}

    def _click(self, x, y) -> bool:
        for name, r in self._panel_buttons().items():
            if r.collidepoint(x, y):
                self.keep_going() if name == "keep" else self.new_game()
                return True
        if LAYOUT["new"].collidepoint(x, y):
            self.new_game()
        elif LAYOUT["undo"].collidepoint(x, y):
            self.set_autoplay(False)
            self.undo()
        elif LAYOUT["auto"].collidepoint(x, y):
            self.set_autoplay(not self.autoplay)
        elif LAYOUT["hint"].collidepoint(x, y):
            self.ask_hint()
        else:
            return False
        return True

    # ----- frame -----
    def update(self, dt: float) -> None:
        if self._warming is not None:
            if next(self._warming, StopIteration) is StopIteration:
                self._warming = None
        self.view.update(dt)
        speed = self.view.speed if self.view.speed > 0 else 8.0
        for f in self.floats:
            f[0] += dt * speed
        self.floats = [f for f in self.floats if f[0] < SCORE_FLOAT[0]]
        if self.game.terminated:
            self.panel_t += dt * speed
        self._poll_ai(dt)
        if self.demo and self.game.over:
            self.demo_wait += dt
            if self.demo_wait >= DEMO_RESTART:
                self.demo_wait = 0.0
                self.new_game()

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        surface.blit(render("2048", 68, colors.TEXT), LAYOUT["title"])
        g = self.game
        self._score_box(surface, "score", "SCORE", g.score)
        best = max(g.score, self.app.profile.best(best_key(g.size))) if not self.demo else g.score
        self._score_box(surface, "best", "BEST", best)
        for f in self.floats:
            k = f[0] / SCORE_FLOAT[0]
            lab = render(f[1], 25, colors.TEXT)
            lab.set_alpha(round(255 * (1 - ease_in(k))))
            r = LAYOUT["score"]
            blit_center(surface, lab, (r.centerx, r.centery + 8 - SCORE_FLOAT[1] * ease_in(k)))
        self._button(surface, LAYOUT["new"], "New Game")
        self._button(surface, LAYOUT["undo"], "Undo", enabled=g.can_undo)
        self._button(surface, LAYOUT["auto"], "Stop" if self.autoplay else "Auto", active=self.autoplay)
        self._button(surface, LAYOUT["hint"], "Hint", enabled=not g.terminated)
        self.view.draw(surface)
        if self.hint and self.hint_for == g.grid:
            self._hint_arrow(surface, self.hint)
        self._end_panel(surface)
        self._ai_panel(surface, LAYOUT["panel"])

    def _score_box(self, surface, name, label, value) -> None:
        r = LAYOUT[name]
        pygame.draw.rect(surface, colors.BOARD, r, border_radius=3)
        blit_center(surface, render(label, 13, colors.LABEL), (r.centerx, r.y + 15))
        blit_center(surface, self.labels[name].get(str(value)), (r.centerx, r.y + 40))

    def _button(self, surface, r, label, enabled=True, active=False) -> None:
        col = colors.GOLD if active else colors.BUTTON if enabled else (200, 190, 178)
        pygame.draw.rect(surface, col, r, border_radius=3)
        blit_center(surface, fit(label, r.w - 8, 20, colors.TEXT_LIGHT), r.center)

    def _hint_arrow(self, surface, direction) -> None:
        b = LAYOUT["board"]
        dx, dy = ARROWS[direction]
        cx, cy = b.center
        L, W = 120, 46
        tip = (cx + dx * L / 2, cy + dy * L / 2)
        tail = (cx - dx * L / 2, cy - dy * L / 2)
        px, py = -dy, dx
        shaft_end = (tip[0] - dx * W, tip[1] - dy * W)
        pts = [
            (tail[0] + px * W / 4, tail[1] + py * W / 4), (shaft_end[0] + px * W / 4, shaft_end[1] + py * W / 4),
            (shaft_end[0] + px * W / 1.2, shaft_end[1] + py * W / 1.2), tip,
            (shaft_end[0] - px * W / 1.2, shaft_end[1] - py * W / 1.2), (shaft_end[0] - px * W / 4, shaft_end[1] - py * W / 4),
            (tail[0] - px * W / 4, tail[1] - py * W / 4),
        ]
        layer = _ARROWS.get(direction)
        if layer is None:
            layer = _ARROWS[direction] = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(layer, (*colors.BUTTON, 200), pts)
            pygame.draw.polygon(layer, (255, 255, 255, 230), pts, width=3)
        surface.blit(layer, (0, 0))

    def _end_panel(self, surface) -> None:
        g = self.game
        if not g.terminated:
            return
        k = (self.panel_t - PANEL_DELAY) / PANEL_FADE  # panel_t already runs at the animation speed
        if self.view.speed <= 0:
            k = 1.0
        k = max(0.0, min(1.0, k))
        if k <= 0:
            return
        b = LAYOUT["board"]
        won = g.won and not g.over
        veil = pygame.Surface(b.size, pygame.SRCALPHA)
        veil.fill((*colors.GOLD, 128) if won else (*colors.LABEL, 128))
        veil.set_alpha(round(255 * ease_out(k)))
        surface.blit(veil, b)
        text = render("You win!" if won else "Game over!", 60, colors.TEXT_LIGHT if won else colors.TEXT)
        text.set_alpha(round(255 * k))
        blit_center(surface, text, (b.centerx, b.centery - 30))
        for name, r in self._panel_buttons().items():
            self._button(surface, r, "Keep going" if name == "keep" else "Try again")

    def _ai_panel(self, surface, r) -> None:
        pygame.draw.rect(surface, colors.LABEL, r, border_radius=6)
        x, y = r.x + 14, r.y + 10
        mps = self.moves_per_second
        speed = "max speed" if mps == 0 else f"{mps} moves/s"
        state = "autoplay ON" if self.autoplay else "autoplay off (Shift+A)"
        surface.blit(render(f"AI  {self.strategy}  ·  {state}  ·  {speed}", 15, colors.TEXT), (x, y))
        d = self.decision
        labels = {"up": "Up", "down": "Down", "left": "Left", "right": "Right"}
        scores = d.scores if d is not None else {}
        vals = [v for v in scores.values() if v is not None]
        lo, hi = (min(vals), max(vals)) if vals else (0.0, 1.0)
        for i, dname in enumerate(("up", "down", "left", "right")):
            yy = y + 28 + i * 24
            surface.blit(render(labels[dname], 15, colors.TEXT, "medium"), (x, yy))
            track = pygame.Rect(x + 56, yy + 3, 230, 14)
            pygame.draw.rect(surface, (225, 214, 203), track, border_radius=4)
            v = scores.get(dname)
            if v is not None:
                frac = 1.0 if hi == lo else 0.15 + 0.85 * (v - lo) / (hi - lo)
                bar = pygame.Rect(track.x, track.y, max(4, round(track.w * frac)), track.h)
                pygame.draw.rect(surface, colors.GOLD if d and dname == d.direction else colors.BUTTON, bar, border_radius=4)
        info_x = x + 300
        lines = []
        if d is not None:
            lines = [f"depth {d.depth}", f"{d.nodes_per_second / 1000:.0f}k nodes/s", f"{d.elapsed * 1000:.0f} ms",
                     f"{d.path} path"]
        lines.append(f"AI moves {self.ai_moves}")
        for i, line in enumerate(lines[: len(self.info)]):
            surface.blit(self.info[i].get(line), (info_x, y + 28 + i * 20))
        if self.ai_error:
            surface.blit(fit(self.ai_error, r.w - 28, 13, (180, 60, 40), "medium"), (x, r.bottom - 22))
        elif self.worker is not None and self.pending is not None and self.decision is None:
            surface.blit(render("thinking...", 14, colors.TEXT, "medium"), (x, r.bottom - 22))


def make_scene(app, resume: bool = False, size: int | None = None, **_):
    game = None
    if resume:
        data = app.profile.saved_game(GAME_ID)
        if data is not None:
            try:
                game = Game.from_dict(data)
            except (ValueError, TypeError, KeyError) as e:
                log.warning("the saved 2048 game could not be restored (%s); starting a new one", e)
                app.profile.clear_saved(GAME_ID)
    return Game2048Scene(app, game=game, size=size)


def make_demo(app):
    return Game2048Scene(app, demo=True, size=4)
