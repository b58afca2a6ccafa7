"""The 2048 scene: input (keys, swipes, buttons) -> intents -> the game's session (the engine's session layer: its
move log, undo and redo past the end, saves, replays, code and records) -> BoardView and the HUD; the AI
(:class:`arcade.game2048.autoplay.AIController`) searching in the engine's worker process so no frame waits for it.

Keys (the ``KEYS`` table): arrows, WASD and Vim's hjkl move; R new game; I folds or unfolds the AI panel; U,
Backspace or Ctrl+Z undo; Shift+U or Ctrl+Y redo; Shift+A autoplay; Shift+H or ? hint; + and - autoplay speed;
Ctrl+C copies the game code; Esc pause. Mouse drag or touch swipe moves too. Plain a and h are WASD's and Vim's
left, so the AI's letter keys take Shift: every plain letter moves, every Shift+letter asks the AI.
"""
from __future__ import annotations

import logging
import math

import pygame

from arcade.engine.i18n import _
from arcade.engine.intents import CTRL, SHIFT, IntentMap
from arcade.engine import settings as specs
from arcade.engine.session import AI, DEMO, HINT, PLAYER, Store
from arcade.engine.session_scene import SessionScene
from arcade.engine.ui import colors
from arcade.engine.ui.input import pointer_down, pointer_motion, pointer_up
from arcade.game2048 import ID as GAME_ID, best_key, rules
from arcade.game2048.autoplay import AIController, make_worker
from arcade.game2048.backend import Params, Position
from arcade.game2048.rules import MoveOutcome
from arcade.game2048.review import Coach
from arcade.game2048.hud import PANEL_DELAY, PANEL_FADE, Hud, button_at, end_buttons, hint_arrow, layout_for
from arcade.game2048.view import BoardView

log = logging.getLogger("arcade")

SWIPE_THRESHOLD = 24  # logical pixels before a drag counts as a swipe
DEMO_RESTART = 4.0  # seconds the demo shows a finished game before starting another

# (key, modifiers) -> intent, read by the engine's one rule (arcade.engine.intents)
KEYS = {
    (pygame.K_UP, 0): "up", (pygame.K_DOWN, 0): "down", (pygame.K_LEFT, 0): "left", (pygame.K_RIGHT, 0): "right",
    (pygame.K_w, 0): "up", (pygame.K_s, 0): "down", (pygame.K_a, 0): "left", (pygame.K_d, 0): "right",
    (pygame.K_k, 0): "up", (pygame.K_j, 0): "down", (pygame.K_h, 0): "left", (pygame.K_l, 0): "right",
    (pygame.K_ESCAPE, 0): "pause",
    (pygame.K_a, SHIFT): "autoplay", (pygame.K_h, SHIFT): "hint", (pygame.K_QUESTION, 0): "hint",
    (pygame.K_PLUS, 0): "faster", (pygame.K_EQUALS, 0): "faster", (pygame.K_KP_PLUS, 0): "faster",
    (pygame.K_MINUS, 0): "slower", (pygame.K_KP_MINUS, 0): "slower",
    (pygame.K_z, CTRL): "undo", (pygame.K_u, 0): "undo", (pygame.K_BACKSPACE, 0): "undo",
    (pygame.K_u, SHIFT): "redo", (pygame.K_y, CTRL): "redo", (pygame.K_z, CTRL | SHIFT): "redo",
    (pygame.K_c, CTRL): "code",
    (pygame.K_c, 0): "code",
    (pygame.K_r, 0): "new", (pygame.K_i, 0): "panel", (pygame.K_v, 0): "review",
    (pygame.K_RETURN, 0): "confirm", (pygame.K_KP_ENTER, 0): "confirm", (pygame.K_SPACE, 0): "confirm",
}
MOVES = ("up", "down", "left", "right")


intent_of = IntentMap(KEYS, {"?": "hint", "+": "faster"})

class Board:
    """The game on screen as the HUD, the view and the AI read it (the session's position)."""

    def __init__(self, session):
        self.session = session

    @property
    def state(self) -> Position:
        return self.session.state

    grid = property(lambda self: self.state.grid)
    score = property(lambda self: self.state.score)
    won = property(lambda self: self.state.won)
    over = property(lambda self: self.state.over)
    keep_playing = property(lambda self: self.state.keep_playing)
    terminated = property(lambda self: self.state.terminated)
    max_tile = property(lambda self: self.state.max_tile)
    size = property(lambda self: self.session.params.size)
    target = property(lambda self: self.session.params.target)
    moves = property(lambda self: self.session.moves)
    can_undo = property(lambda self: self.session.can_undo)


class Game2048Scene(SessionScene):
    """One sitting at the 2048 board, laid out on the whole frame (:func:`arcade.game2048.hud.layout_for`)."""

    fills_frame = True

    def __init__(self, app, resume: bool = False, demo: bool = False, size: int | None = None, session=None,
                 **options):
        from arcade import game2048

        options = {**options, **({"size": size} if size is not None else {})}
        if session is None:
            super().__init__(app, game2048.GAME, resume=resume, options=options, demo=demo)
        else:  # a prepared game (tests, a board set up for a screenshot)
            super().__init__(app, game2048.GAME, demo=demo, options={"code": None})
            self.session = session
            if session.store is None and session.mode == "play":
                session.store = Store.from_app(app)
        p = app.profile
        self.game = Board(self.session)
        self.size_setting = p.get("2048.size")  # what the setting said when the game began: a change asks
        self.layout = layout_for(self.area)  # the HUD's rects for the frame: portrait, or the wide one
        self.view = BoardView(self.layout["board"], self.game.size, speed=self._anim_speed())
        self._warming = self.view.warm_steps()  # tiles render a few per frame, before the first moves need them
        self.view.set_grid(self.game.grid, appear=True)
        self.hud = Hud(self.layout)
        self.panel_t = 0.0  # time since the game ended (win/over panel)
        self.drag_start = None
        self.drag_done = False
        self.ai = AIController(make_worker, strategy=lambda: self.strategy, speed=10 if demo else p.get("ai.speed"))
        self.demo_wait = 0.0
        self._size_declined = None  # a board size the player chose to leave for the next game
        self.coach = Coach()  # the live grades of the player's moves (the "2048.coach" setting)
        self.panel_open = demo  # the AI panel unfolds when the AI is used (or on I); folded, the screen is the original's
        if demo:
            self.ai.set_autoplay(True)

    @property
    def assisted(self) -> bool:
        """The AI played a move in this game: it is the AI's game, and its score never raises the player's best."""
        return self.session.ai_moved

    # ----- settings -----
    def _anim_speed(self) -> float:
        return specs.anim_speed(self.app.profile.get)

    @property
    def strategy(self) -> str:
        return "expectimax" if self.demo else self.app.profile.get("ai.strategy")

    # ----- lifecycle -----
    def enter(self) -> None:
        if not self.demo:
            self.app.open("help", GAME_ID, first_launch=True)

    def resize(self, size) -> None:
        """The window turned: the board, the HUD and the buttons take the other canvas's layout; the game, its
        running animation, the floats and the AI go on as they were."""
        self.layout = layout_for(size)
        self.hud.set_layout(self.layout)
        tile = self.view.tile_px
        self.view.set_rect(self.layout["board"])
        if self.view.tile_px != tile:  # the tiles are drawn again at their new size, a few a frame
            self._warming = self.view.warm_steps()
        self.drag_start = None  # a drag begun on the other layout means nothing on this one

    def exit(self) -> None:
        super().exit()
        self.ai.close()
        self.coach.close()

    def uncover(self) -> None:
        # settings may have changed under the pause overlay
        self.view.speed = self._anim_speed()
        self.ai.set_speed(self.app.profile.get("ai.speed"))
        self._offer_new_size()

    def _offer_new_size(self) -> None:
        """The board size setting changed during a game: a fresh game takes it at once; a game in progress is kept
        (each board size keeps its own game, continued when that size is played again), and the player is asked
        whether to leave it now (the new size otherwise applies to the next game). A size given on the command
        line or by a code holds until the setting itself is changed."""
        want = self.app.profile.get("2048.size")
        changed, self.size_setting = want != self.size_setting, want
        if self.demo or not changed or want == self.game.size or want == self._size_declined:
            return
        if self.game.moves == 0 or self.game.over:
            self.new_game()
            return
        from arcade.engine.ui.ask import AskOverlay

        def keep():
            self._size_declined = want

        saved = self.session.saved_on(self.session.backend.new_params(self.app.profile.get, {"size": want}))
        self.app.stack.push(AskOverlay(self.app, _("Board size {n}x{n}: your {m}x{m} game is kept").format(
            n=want, m=self.game.size), [
            ("new", (_("Continue {n}x{n}") if saved else _("New {n}x{n} game")).format(n=want), self.new_game),
            ("keep", _("Keep playing {n}x{n}").format(n=self.game.size), keep)]))

    # ----- game actions -----
    def move(self, direction: str, by_ai: bool = False) -> bool:
        if self.game.terminated:
            return False
        before = self.game.score
        grid_before = self.game.grid
        if by_ai:
            by = DEMO if self.demo else AI
        else:
            by = HINT if self.ai.hint == direction and self.ai.hint_for == grid_before else PLAYER
        if not self.session.play(direction, by=by):
            return False
        _direction, spawn = self.session.backend.decode(self.session.line[-1][0], self.session.params)
        out = MoveOutcome(rules.slide(grid_before, direction), spawn)
        self.view.play(out)
        gained = self.game.score - before
        if gained:
            self.hud.add_float(gained)
            top = max(m.value * 2 for m in out.result.motions if m.merged)
            self.app.play(f"merge_{min(17, int(math.log2(top)))}", 0.8)
        else:
            self.app.play("slide", 0.5)
        self.ai.moved(by_ai)
        if not by_ai and not self.demo and self.app.profile.get("2048.coach"):
            self.coach.moved(grid_before, direction)
        self._after_move()
        return True

    def _after_move(self) -> None:
        g = self.game
        if g.over or (g.won and not g.keep_playing):
            self.panel_t = 0.0
            if g.over:
                self.app.play("game_over")
                if not self.demo:
                    self.ai.set_autoplay(False)
            else:
                self.app.play("win")
                if self.demo:
                    self.session.play("keep", by=DEMO)
                else:
                    self.ai.set_autoplay(False)

    def review(self) -> None:
        """The AI's review of this game, over its replay (from the start, ready to step)."""
        from arcade.game2048.replay_scene import make_replay

        self.app.stack.push(make_replay(self.app, self.session.replay(), review=True))

    def new_game(self) -> None:
        size = self.game.size if self.demo else self.app.profile.get("2048.size")
        self.session.new(params=self.session.backend.new_params(self.app.profile.get, {"size": size}))
        if size != self.view.size:
            self.view = BoardView(self.layout["board"], size, speed=self._anim_speed())
            self._warming = self.view.warm_steps()
        self.view.set_grid(self.game.grid, appear=True)
        self.hud.clear()
        self.ai.new_game()  # the panel forgets the last game's decision
        self.coach.reset()

    def changed(self) -> None:
        """Undo or redo put another position on screen."""
        self.view.finish()
        self.view.set_grid(self.game.grid)
        self.ai.cancel()
        self.ai.hint = None
        self.coach.reset()
        self.app.play("slide", 0.4)

    def can_take_back(self) -> bool:
        self.ai.set_autoplay(False)
        return not self.demo

    def keep_going(self) -> None:
        self.session.play("keep")

    # ----- AI -----
    @property
    def autoplay(self) -> bool:
        return self.ai.autoplay

    def set_autoplay(self, on: bool) -> None:
        self.ai.set_autoplay(on)

    def ask_hint(self) -> None:
        if not self.game.terminated:
            self.session.hint_taken()
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
            x, y, _finger = down
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
            self.open_pause(on_restart=self.new_game)
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
        elif self.session_intent(intent):  # undo, redo, copy the game code
            pass
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
        return end_buttons(self.game.won and not self.game.keep_playing, self.game.over, self.layout)

    def _click(self, x, y) -> bool:
        for name, r in self.panel_buttons().items():
            if r.collidepoint(x, y):
                {"keep": self.keep_going, "review": self.review}.get(name, self.new_game)()
                return True
        name = button_at((x, y), self.layout)
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
        self.ai.watch = self.panel_open and not self.demo
        direction = self.ai.update(dt, self.game.grid, self.game.terminated)
        if direction is not None:
            self.move(direction, by_ai=True)
        if self.demo and self.game.over:
            self.demo_wait += dt
            if self.demo_wait >= DEMO_RESTART:
                self.demo_wait = 0.0
                self.new_game()

    @property
    def toast_area(self):
        """Messages ("Copied 2048-4x4-...") under the keys line, clear of the title and the score; at the top
        (the shell's place) while the AI panel fills that space."""
        if self.panel_open:
            return None
        foot, panel = self.layout["footer"], self.layout["panel"]
        return pygame.Rect(foot.x, foot.bottom, foot.w, panel.bottom - foot.bottom)

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        g = self.game
        # the BEST box is the player's own: an AI-assisted game's score does not raise it
        own = 0 if self.assisted else g.score
        best = g.score if self.demo else max(own, self.app.profile.best(best_key(g.size)) or 0)
        self.hud.draw_top(surface, g.score, best, g.can_undo, self.ai.autoplay, not g.terminated,
                          assisted=self.assisted and not self.demo, goal=self.session.params.target,
                          tag=None if self.demo else self.session.label)
        self.view.draw(surface)
        if self.ai.hint and self.ai.hint_for == g.grid:
            hint_arrow(surface, self.ai.hint, self.layout["board"])
        if g.terminated and not self.under_overlay:
            k = 1.0 if self.view.speed <= 0 else (self.panel_t - PANEL_DELAY) / PANEL_FADE
            self.hud.draw_end_panel(surface, g.won and not g.keep_playing, g.over, max(0.0, min(1.0, k)),
                                    code=None if self.demo else self.session.code)
        if self.panel_open:
            self.hud.draw_ai_panel(surface, self.strategy, self.ai, g.grid)
        else:
            self.hud.draw_footer(surface, self.coach.visible)


def make_scene(app, resume: bool = False, size: int | None = None, **options):
    """A 2048 game: the saved one when ``resume`` and there is one (each size keeps its own: a ``size`` continues
    that size's saved game or starts one, and keeps the others), a game code's or the daily game when the options
    name one; a saved game the rules refuse is kept aside, with one warning."""
    return Game2048Scene(app, resume=resume, size=size, **options)


def make_demo(app):
    return Game2048Scene(app, demo=True, size=4)


def draw_position(surface, state: Position, params: Params) -> None:
    """A position of a replay, for the engine's replay scene."""
    view = BoardView(layout_for(surface.get_size())["board"], params.size, speed=0.0)
    view.set_grid(state.grid)
    view.draw(surface)
