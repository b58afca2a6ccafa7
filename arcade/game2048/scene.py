"""The 2048 scene: input (keys, swipes, buttons) -> intents -> Game -> BoardView and the HUD; saves; the AI
(:class:`arcade.game2048.autoplay.AIController`) searching in the engine's worker process so no frame waits for it.

Keys (the ``KEYS`` table): arrows, WASD and Vim's hjkl move; R new game; I folds or unfolds the AI panel; U,
Backspace or Ctrl+Z undo; Shift+A autoplay; Shift+H or ? hint; + and - autoplay speed; Esc pause. Mouse drag or touch swipe moves too. Plain a and h
are WASD's and Vim's left, so the AI's letter keys take Shift: every plain letter moves, every Shift+letter asks
the AI.
"""
from __future__ import annotations

import dataclasses
import logging
import math

import pygame

from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import pointer_down, pointer_motion, pointer_up
from arcade.game2048 import AI_ID as AI_GAME_ID, ID as GAME_ID, ai_best_key, best_key
from arcade.game2048.autoplay import AIController, make_worker
from arcade.game2048 import replay as replay2048
from arcade.game2048.review import Coach
from arcade.game2048.game import Game
from arcade.game2048.hud import LAYOUT, PANEL_DELAY, PANEL_FADE, Hud, button_at, end_buttons, hint_arrow
from arcade.game2048.view import BoardView

log = logging.getLogger("arcade")

SWIPE_THRESHOLD = 24  # logical pixels before a drag counts as a swipe
DEMO_RESTART = 4.0  # seconds the demo shows a finished game before starting another

SHIFT, CTRL, ALT = pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT
# (key, modifier that must be held or 0) -> intent; looked up with the modifier first, then without
KEYS = {
    (pygame.K_UP, 0): "up", (pygame.K_DOWN, 0): "down", (pygame.K_LEFT, 0): "left", (pygame.K_RIGHT, 0): "right",
    (pygame.K_w, 0): "up", (pygame.K_s, 0): "down", (pygame.K_a, 0): "left", (pygame.K_d, 0): "right",
    (pygame.K_k, 0): "up", (pygame.K_j, 0): "down", (pygame.K_h, 0): "left", (pygame.K_l, 0): "right",
    (pygame.K_ESCAPE, 0): "pause",
    (pygame.K_a, SHIFT): "autoplay", (pygame.K_h, SHIFT): "hint", (pygame.K_QUESTION, 0): "hint",
    (pygame.K_PLUS, 0): "faster", (pygame.K_EQUALS, 0): "faster", (pygame.K_KP_PLUS, 0): "faster",
    (pygame.K_MINUS, 0): "slower", (pygame.K_KP_MINUS, 0): "slower",
    (pygame.K_z, CTRL): "undo", (pygame.K_u, 0): "undo", (pygame.K_BACKSPACE, 0): "undo",
    (pygame.K_r, 0): "new", (pygame.K_i, 0): "panel", (pygame.K_v, 0): "review",
    (pygame.K_RETURN, 0): "confirm", (pygame.K_KP_ENTER, 0): "confirm", (pygame.K_SPACE, 0): "confirm",
}
MOVES = ("up", "down", "left", "right")


def intent_of(event) -> str | None:
    """The intent of a KEYDOWN event, or None. A move key with Ctrl or Alt held is not a move (window shortcuts)."""
    if event.unicode == "?":
        return "hint"
    for mod in (SHIFT, CTRL):
        if event.mod & mod and (event.key, mod) in KEYS:
            return KEYS[(event.key, mod)]
    intent = KEYS.get((event.key, 0))
    if intent in MOVES and event.mod & (CTRL | ALT):
        return None
    return intent


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
        self.hud = Hud()
        self.panel_t = 0.0  # time since the game ended (win/over panel)
        self.drag_start = None
        self.drag_done = False
        self.ai = AIController(make_worker, strategy=lambda: self.strategy, speed=10 if demo else p.get("ai.speed"))
        self.demo_wait = 0.0
        self._recorded = False
        self.assisted = False  # the AI played a move in this game: its scores are kept apart from the player's
        self._size_declined = None  # a board size the player chose to leave for the next game
        self.coach = Coach()  # the live grades of the player's moves (the "2048.coach" setting)
        self.panel_open = demo  # the AI panel unfolds when the AI is used (or on I); folded, the screen is the original's
        if demo:
            self.ai.set_autoplay(True)

    # ----- settings -----
    def _anim_speed(self) -> float:
        return float(self.app.profile.get("anim_speed"))

    @property
    def strategy(self) -> str:
        return "expectimax" if self.demo else self.app.profile.get("ai.strategy")

    # ----- lifecycle -----
    def enter(self) -> None:
        if not self.demo:
            self.app.open("help", GAME_ID, first_launch=True)

    def exit(self) -> None:
        self.save()
        self.ai.close()
        self.coach.close()

    def cover(self) -> None:
        self.save()

    def uncover(self) -> None:
        # settings may have changed under the pause overlay
        self.view.speed = self._anim_speed()
        self.game.four_probability = self.app.profile.get("2048.four_probability")
        self.ai.set_speed(self.app.profile.get("ai.speed"))
        self._offer_new_size()

    def _offer_new_size(self) -> None:
        """The board size setting changed during a game: a fresh game takes it at once; a game in progress is never
        thrown away unasked (the new size otherwise applies to the next game)."""
        want = self.app.profile.get("2048.size")
        if self.demo or want == self.game.size or want == self._size_declined:
            return
        if self.game.moves == 0 or self.game.over:
            self.new_game()
            return
        from arcade.engine.ui.ask import AskOverlay

        def keep():
            self._size_declined = want

        self.app.stack.push(AskOverlay(self.app, f"Board size {want}x{want}: start a new game?", [
            ("new", f"New {want}x{want} game", self.new_game),
            ("keep", f"Keep playing {self.game.size}x{self.game.size}", keep)]))

    # ----- game actions -----
    def move(self, direction: str, by_ai: bool = False) -> bool:
        if self.game.terminated:
            return False
        before = self.game.score
        grid_before = self.game.grid
        out = self.game.move(direction)
        if out is None:
            return False
        self.view.play(out)
        gained = self.game.score - before
        if gained:
            self.hud.add_float(gained)
            top = max(m.value * 2 for m in out.result.motions if m.merged)
            self.app.play(f"merge_{min(17, int(math.log2(top)))}", 0.8)
        else:
            self.app.play("slide", 0.5)
        self.ai.moved(by_ai)
        self.assisted = self.assisted or by_ai
        if not by_ai and not self.demo and self.app.profile.get("2048.coach"):
            self.coach.moved(grid_before, direction)
        self._after_move()
        return True

    def _after_move(self) -> None:
        g = self.game
        if not self.demo:
            self.app.profile.submit_score(self._best_key(), g.score)
        if g.over or (g.won and not g.keep_playing):
            self.panel_t = 0.0
            if g.over:
                self.app.play("game_over")
                if not self.demo:
                    self.ai.set_autoplay(False)
                self._record()
            else:
                self.app.play("win")
                if self.demo:
                    g.keep_going()
                else:
                    self.ai.set_autoplay(False)
        self.save()

    def _record(self) -> None:
        if self.demo or self._recorded or self.game.moves == 0:
            return
        self._recorded = True
        g = self.game
        self.app.profile.record_game(AI_GAME_ID if self.assisted else GAME_ID, g.score, max_tile=g.max_tile,
                                     moves=g.moves, size=g.size, won=g.won)
        rec = replay2048.record(g, best=g.score > 0 and g.score >= self.app.profile.best(self._best_key()))
        if rec is not None:
            if self.assisted:
                rec = dataclasses.replace(rec, title=rec.title + " · AI")
            self.app.replays.add(rec)
            self.last_replay = rec

    def review(self) -> None:
        """The AI's review of the game just finished, over its replay."""
        rec = getattr(self, "last_replay", None)
        if rec is None:
            self.app.notify("This game cannot be reviewed (it was resumed from an older save)")
            return
        from arcade.game2048.replay_scene import make_replay

        self.app.stack.push(make_replay(self.app, rec, review=True))

    def _best_key(self) -> str:
        """Where this game's score counts: the player's best, or the AI-assisted games' own."""
        return ai_best_key(self.game.size) if self.assisted else best_key(self.game.size)

    def new_game(self) -> None:
        if not self.game.over:
            self._record()  # an abandoned game still counts as played
        self._recorded = False
        self.assisted = False
        size = self.game.size if self.demo else self.app.profile.get("2048.size")
        self.game = Game(size, seed=None, four_probability=self.app.profile.get("2048.four_probability"))
        if size != self.view.size:
            self.view = BoardView(LAYOUT["board"], size, speed=self._anim_speed())
            self._warming = self.view.warm_steps()
        self.view.set_grid(self.game.grid, appear=True)
        self.hud.clear()
        self.ai.new_game()  # the panel forgets the last game's decision
        self.save()

    def undo(self) -> None:
        if self.game.undo():
            self.view.set_grid(self.game.grid)
            self.ai.hint = None
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
            self.app.profile.save_game(GAME_ID, {**self.game.to_dict(), "assisted": self.assisted})

    # ----- AI -----
    @property
    def autoplay(self) -> bool:
        return self.ai.autoplay

    def set_autoplay(self, on: bool) -> None:
        self.ai.set_autoplay(on)

    def ask_hint(self) -> None:
        if not self.game.terminated:
            self.ai.ask_hint(self.game.grid)

    def change_speed(self, delta: int) -> None:
        self.app.set_setting("ai.speed", self.ai.change_speed(delta))

    # ----- input -----
    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            self.do(intent_of(event))
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
            self.do("right" if dx > 0 else "left")
        else:
            self.do("down" if dy > 0 else "up")

    def do(self, intent: str | None) -> None:
        """Carry out one intent (from a key, a button or a swipe)."""
        g = self.game
        if intent in MOVES:
            if self.ai.autoplay:
                self.ai.set_autoplay(False)  # a player's move takes over from the AI
            self.move(intent)
        elif intent == "pause":
            self.ai.set_autoplay(False)
            self.app.open("pause", GAME_ID, on_restart=self.new_game)
        elif intent == "autoplay":
            self.ai.set_autoplay(not self.ai.autoplay)
            self.panel_open = True
        elif intent == "hint":
            self.panel_open = True
            self.ask_hint()
        elif intent == "panel":
            self.panel_open = not self.panel_open
        elif intent in ("faster", "slower"):
            self.change_speed(1 if intent == "faster" else -1)
        elif intent == "undo":
            self.ai.set_autoplay(False)
            self.undo()
        elif intent == "new":
            self.new_game()
        elif intent == "confirm" and g.over:
            self.new_game()
        elif intent == "review" and g.over:
            self.review()
        elif intent == "confirm" and g.won and not g.keep_playing:
            self.keep_going()

    def panel_buttons(self) -> dict:
        """The end panel's buttons ("keep", "again") by name, while the game is over or won."""
        return end_buttons(self.game.won and not self.game.keep_playing, self.game.over)

    def _click(self, x, y) -> bool:
        for name, r in self.panel_buttons().items():
            if r.collidepoint(x, y):
                {"keep": self.keep_going, "review": self.review}.get(name, self.new_game)()
                return True
        name = button_at((x, y))
        if name is None:
            return False
        self.do({"auto": "autoplay"}.get(name, name))
        return True

    # ----- frame -----
    def update(self, dt: float) -> None:
        if self._warming is not None:
            if next(self._warming, StopIteration) is StopIteration:
                self._warming = None
        self.view.update(dt)
        speed = self.view.speed if self.view.speed > 0 else 8.0
        self.hud.update(dt * speed)
        if self.game.terminated:
            self.panel_t += dt * speed
        self.coach.update(dt)
        direction = self.ai.update(dt, self.game.grid, self.game.terminated)
        if direction is not None:
            self.move(direction, by_ai=True)
        if self.demo and self.game.over:
            self.demo_wait += dt
            if self.demo_wait >= DEMO_RESTART:
                self.demo_wait = 0.0
                self.new_game()

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        g = self.game
        # the BEST box is the player's own: an AI-assisted game's score does not raise it
        own = 0 if self.assisted else g.score
        best = g.score if self.demo else max(own, self.app.profile.best(best_key(g.size)))
        self.hud.draw_top(surface, g.score, best, g.can_undo, self.ai.autoplay, not g.terminated,
                          assisted=self.assisted and not self.demo)
        self.view.draw(surface)
        if self.ai.hint and self.ai.hint_for == g.grid:
            hint_arrow(surface, self.ai.hint)
        if g.terminated:
            k = 1.0 if self.view.speed <= 0 else (self.panel_t - PANEL_DELAY) / PANEL_FADE
            self.hud.draw_end_panel(surface, g.won and not g.keep_playing, g.over, max(0.0, min(1.0, k)))
        if self.panel_open:
            self.hud.draw_ai_panel(surface, self.strategy, self.ai)
        else:
            self.hud.draw_footer(surface, self.coach.visible)


def make_scene(app, resume: bool = False, size: int | None = None, **_):
    """A 2048 game: the saved one when ``resume`` and there is one (a ``size`` other than the save's starts a new
    game on that size); a saved game that fails validation is kept aside by the profile, with one warning."""
    game = None
    data = app.profile.saved_game(GAME_ID) if resume else None
    if data is not None:
        try:
            game = Game.from_dict(data)
        except (ValueError, TypeError, KeyError) as e:
            app.profile.set_aside_save(GAME_ID, str(e).splitlines()[0][:200])
        if game is not None and size is not None and game.size != size:
            game = None
    scene = Game2048Scene(app, game=game, size=size)
    scene.assisted = game is not None and data.get("assisted") is True
    return scene


def make_demo(app):
    return Game2048Scene(app, demo=True, size=4)
