"""The Minesweeper scene: keys (here), mouse and touch (``pointer``) -> intents -> the game's session (the engine's
session layer: its move log, undo and redo also after the end, saves, replays, game code and records) -> the board
view (``view``) and the HUD (``hud``); the timer; the AI (probability overlay, hint, autoplay, the demo) and no-guess
boards, both computed in the engine's worker processes so no frame waits for them (``autoplay``).

Keys: arrows or WASD move a cursor,
Space opens (chords on a number), F flags, Enter chords, P the odds overlay, H a hint, Shift+A autoplay, + / -
its speed, R a new game, U or Ctrl+Z undo, Shift+U or Ctrl+Y redo, Ctrl+C copies the game code, Esc pauses.
The face button starts a new game.

The level picker under the face (or keys 1 2 3) starts a Beginner, Intermediate or Expert game; Custom (or 4)
asks for the width, height and mines (``arcade.minesweeper.custom``); the no-guess switch (or G) makes every
board solvable without a guess (``picker``). The choice is kept in the settings, which the pause menu opens at
this game's.

A hint or the odds overlay counts as assisted; a game in which the AI's autoplay opened a cell is the AI's, recorded
apart and never the player's best. Every game is kept as a replay; the end card's Review button (or V) opens it
from its untouched field, with the AI's review.
"""
from __future__ import annotations

import random

import pygame

from arcade.engine.i18n import _, ngettext
from arcade.engine.intents import CTRL, SHIFT, IntentMap
from arcade.engine import settings as specs
from arcade.engine.session import AI, DEMO, PLAYER
from arcade.engine.session_scene import SessionScene
from arcade.engine.ui import colors
from arcade.minesweeper import AI_SPEEDS, ID as GAME_ID
from arcade.minesweeper.autoplay import Assist, Autoplay, NoGuess, describe, make_worker as _worker
from arcade.minesweeper.backend import Params
from arcade.minesweeper.field import FLAG, NO_MARK, QUESTION, Field
from arcade.minesweeper.hud import (KEY_ROWS, Hud, banner_button, banner_k, banner_lines, draw_banner, face as face_of,
                                    status as status_of)
from arcade.minesweeper.picker import DEMO_LEVEL, LevelChoice
from arcade.minesweeper.pointer import Pointer
from arcade.minesweeper.screens import ROOMY, screen_for, turned_for
from arcade.minesweeper.view import BoardView, draw_position  # noqa: F401 - the replay scene's hook

DEMO_SPEED = 10
DEMO_RESTART = 3.0

MOVE_KEYS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1),
             pygame.K_w: (-1, 0), pygame.K_s: (1, 0), pygame.K_a: (0, -1), pygame.K_d: (0, 1)}


LEVEL_KEYS = {pygame.K_1: "beginner", pygame.K_2: "intermediate", pygame.K_3: "expert", pygame.K_4: "custom",
              pygame.K_KP1: "beginner", pygame.K_KP2: "intermediate", pygame.K_KP3: "expert", pygame.K_KP4: "custom"}


KEYS = {
    **{(k, 0): {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}[d] for k, d in MOVE_KEYS.items()},
    **{(k, 0): level for k, level in LEVEL_KEYS.items()},
    (pygame.K_z, CTRL | SHIFT): "redo", (pygame.K_y, CTRL): "redo", (pygame.K_z, CTRL): "undo",
    (pygame.K_c, CTRL): "code", (pygame.K_u, 0): "undo", (pygame.K_u, SHIFT): "redo", (pygame.K_a, SHIFT): "autoplay",
    (pygame.K_SPACE, 0): "open", (pygame.K_f, 0): "flag", (pygame.K_RETURN, 0): "chord", (pygame.K_KP_ENTER, 0): "chord",
    (pygame.K_c, 0): "code", (pygame.K_p, 0): "odds", (pygame.K_h, 0): "hint", (pygame.K_r, 0): "new",
    (pygame.K_ESCAPE, 0): "pause", (pygame.K_v, 0): "review", (pygame.K_PLUS, 0): "faster", (pygame.K_EQUALS, 0): "faster",
    (pygame.K_KP_PLUS, 0): "faster", (pygame.K_MINUS, 0): "slower", (pygame.K_KP_MINUS, 0): "slower",
    (pygame.K_g, 0): "noguess",
}
# the intent of a KEYDOWN: a move ("up" ...), "open", "flag", "chord", "odds", "hint", "autoplay", "faster",
# "slower", "new", "pause", "review", a level, "noguess", "undo", "redo", "code" (arcade.engine.intents' rule)
intent_of = IntentMap(KEYS, {"+": "faster"})


class MinesScene(SessionScene):
    """One Minesweeper sitting: games one after another. ``demo=True`` plays itself (the attract mode)."""
    fills_frame = True  # a wider or taller window's room is the board's (screens.Screen.placed)

    @property
    def toast_area(self):
        """Messages ("Copied minesweeper-...") in place of the status line (not drawn meanwhile), clear of the
        counter, the face and the timer."""
        sc = self.hud.screen
        return sc.status_box or pygame.Rect(sc.board.x, sc.buttons.top - 36, sc.board.w, 34)  # just above the buttons

    mute_at = property(lambda self: self.hud.screen.mute_at, doc="the muted sign beside the timer (not on Menu)")

    def __init__(self, app, demo: bool = False, resume: bool = False, level: str | None = None,
                 custom: tuple | None = None, first_click: str | None = None, make_worker=None,
                 params: Params | None = None, **options) -> None:
        from arcade import minesweeper

        self.demo = demo
        if params is not None:
            options = {**options, "params": params}
        elif demo:
            options = {**options, "level": DEMO_LEVEL, "first_click": "opening", "no_guess": False}
        else:
            options = {**options, **({"level": level} if level else {}), **({"custom": custom} if custom else {}),
                       **({"first_click": first_click} if first_click else {})}
        super().__init__(app, minesweeper.GAME, resume=resume, options=options, demo=demo)
        self.levels = LevelChoice(self, level, custom, first_click)
        make_worker = make_worker if make_worker is not None else _worker
        self.assist = Assist(make_worker)
        self.noguess = NoGuess(make_worker)
        self.ai = Autoplay(DEMO_SPEED if demo else app.profile.get("mines.ai_speed"), on=demo)
        self.pointer = Pointer(self)
        self.hud = Hud()
        self._rng = random.Random(app.seed)
        self.games = 0
        self._start()

    @property
    def field(self) -> Field:
        """The field on screen (the session's position)."""
        return self.session.state

    @property
    def assisted(self) -> bool:
        """A hint or the odds overlay was used, or the AI played: the game sets no best time."""
        return self.session.hints > 0 or self.session.ai_moved

    @property
    def no_guess(self) -> bool:
        return self.session.params.no_guess

    @property
    def recorded(self) -> bool:
        return self.session.recorded is not None

    @property
    def new_best(self) -> bool:
        return self.session.new_best

    @property
    def generating(self):
        """(row, col) of the first click waiting for a no-guess board, or None."""
        return self.noguess.cell

    autoplay = property(lambda self: self.ai.on, lambda self, on: setattr(self.ai, "on", on))
    ai_target = property(lambda self: self.ai.target, lambda self, t: setattr(self.ai, "target", t))
    speed = property(lambda self: self.ai.speed, lambda self, v: setattr(self.ai, "speed", v))
    left_down = property(lambda self: self.pointer.left_down)
    hover = property(lambda self: self.pointer.hover)

    def _ms(self) -> int:
        return int(round(self.elapsed * 1000))

    def _play(self, move, by_ai: bool = False) -> bool:
        return self.session.play(move, by=DEMO if self.demo else (AI if by_ai else PLAYER))

    def start_custom(self, width: int, height: int, mines: int) -> None:
        self.levels.start_custom(width, height, mines)

    def _start(self) -> None:
        """The scene's state for the game the session holds (a new one, or one continued)."""
        self.games += 1
        field = self.field
        speed = specs.anim_speed(self.app.profile.get)
        turned = turned_for(field.level_name, self.area)
        screen = screen_for(field.rows, field.cols, self.area, turned)
        if getattr(self, "view", None) is None or (self.view.rows, self.view.cols) != (field.rows, field.cols):
            self.view = BoardView(field.rows, field.cols, speed=speed, area=screen.board,
                                  safe=bool(self.app.profile.get("colour_safe")), turned=turned)
        else:
            self.view.relayout(screen.board, turned)
            self.view.speed = speed
        if self.hud.screen is not screen:
            self.hud = Hud(screen)
        self.view.still = bool(self.app.profile.get("reduce_motion"))
        self.view.set_display(field.display())
        self.view.wave = None
        self.view.shake = 0.0
        self.hud.confetti = []
        self.elapsed = field.clock_ms / 1000 if field.placed else 0.0
        self.cursor = [field.rows // 2, field.cols // 2]
        self.ai.glide = [float(self.cursor[0]), float(self.cursor[1])]
        self.show_cursor = False
        self.odds_on = False            # the odds overlay shown (not Scene.overlay: the stack reads that name)
        self.hint = None                # (position key, (row, col), text) the player asked for
        self.hint_wanted = False
        self.ai.target = None           # (position key, (row, col), analysis) autoplay is about to open
        self.end_t = 0.0
        self.pointer.reset()
        self.noguess.forget()
        self.notice, self.notice_t = "", 0.0
        self.demo_wait = 0.0
        self.t = 0.0

    # ----- lifecycle -----
    def resize(self, size) -> None:
        """The window turned: the board and the HUD laid out for the other canvas; the game, its animations, the
        cursor and a button held down all carry on."""
        field = self.field
        turned = turned_for(field.level_name, size)
        screen = screen_for(field.rows, field.cols, size, turned)
        self.view.relayout(screen.board, turned)
        if self.hud.screen is not screen:
            confetti = self.hud.confetti
            self.hud = Hud(screen)
            self.hud.confetti = confetti

    def board_screen(self):
        """The screen whose board the end card is centred over (in portrait, always the roomy one's)."""
        return self.hud.screen if self.app.landscape else ROOMY.placed(self.area)

    def enter(self) -> None:
        if not self.demo:
            self.app.open("help", GAME_ID, first_launch=True)

    def exit(self) -> None:
        super().exit()
        self.assist.close()
        self.noguess.close()

    def cover(self) -> None:
        self.pointer.reset()
        self.pointer.hover = None
        self.levels.seen = self.levels.now()

    def uncover(self) -> None:
        p = self.app.profile
        self.view.speed = specs.anim_speed(p.get)
        self.view.still = bool(p.get("reduce_motion"))
        self.view.set_palette(bool(p.get("colour_safe")))
        if not self.demo:
            self.speed = p.get("mines.ai_speed")
            if self.levels.now() != self.levels.seen:  # the level or no-guess changed in the settings
                self.levels.forget_command_line()
                if self.field.state == "playing":
                    self.say(_("Your new settings start with the next game (R or the face)"), 5.0)
                else:
                    self.new_game()
        self.levels.seen = self.levels.now()

    # ----- the position -----
    @property
    def key(self):
        """What the AI's analysis depends on: the view and the mine count (and the rule, before a click)."""
        f = self.field
        return (f.view(), f.mines, f.rule)

    @property
    def level_name(self) -> str:
        return self.field.level_name

    def _ask_ai(self) -> None:
        f = self.field
        if f.over or self.generating is not None:
            return
        self.assist.want(self.key, f.view(), f.mines, f.rule)

    # ----- actions -----
    def open_cell(self, r: int, c: int, by_ai: bool = False) -> bool:
        """Open a covered cell (the first click may first fetch a no-guess board). True if something happened."""
        f = self.field
        if f.over or self.generating is not None:
            return False
        if not by_ai:
            self._player_acts()
        if f.state == "ready" and self.no_guess:
            self._generate(r, c)
            return True
        if f.is_open(r, c) or f.mark(r, c) == FLAG:
            return False
        if not self._play(("O", r * f.cols + c, self._ms()), by_ai):
            return False
        self._after_reveal((r, c), max(1, self.field.opened - f.opened))
        return True

    def chord(self, r: int, c: int, by_ai: bool = False) -> bool:
        f = self.field
        if f.over or not f.is_open(r, c):
            return False
        if not by_ai:
            self._player_acts()
        if not self._play(("C", r * f.cols + c, self._ms()), by_ai):
            return False
        self._after_reveal((r, c), max(1, self.field.opened - f.opened))
        return True

    def flag(self, r: int, c: int) -> bool:
        f = self.field
        if f.over or f.is_open(r, c) or self.generating is not None:
            return False
        self._player_acts()
        before = f.mark(r, c)
        question = bool(self.app.profile.get("mines.question_marks")) and not self.demo
        after = FLAG if before == NO_MARK else (QUESTION if before == FLAG and question else NO_MARK)
        if not self._play(("M", r * f.cols + c, after, self._ms())):
            return False
        self.view.set_display(self.field.display())
        self.app.play("hop" if after == FLAG else "menu_move", 0.5)
        return True

    def act(self, r: int, c: int) -> bool:
        """A click or tap on a cell: open it, or chord it if it is an open number."""
        if self.field.is_open(r, c):
            return self.chord(r, c)
        return self.open_cell(r, c)

    def _player_acts(self) -> None:
        if self.autoplay and not self.demo:
            self.autoplay = False  # a player's move takes over from the AI
            self.ai_target = None

    def _after_reveal(self, origin, count: int) -> None:
        f = self.field
        self.hint = None
        if f.state == "lost":
            self.view.set_display(f.display(), origin=divmod(f.exploded, f.cols), kind="boom")
            self.app.play("hit")
            self.app.play("game_over", 0.7)
        elif f.state == "won":
            self.view.set_display(f.display(), origin=origin, kind="win")
            self.hud.burst(self._rng)
            self.app.play("win")
        else:
            self.view.set_display(f.display(), origin=origin)
            self.app.play("slide" if count == 1 else "merge_4", 0.45 if count == 1 else 0.6)
        if f.over:
            self.end_t = 0.0
            self.autoplay = self.demo and self.autoplay

    def changed(self) -> None:
        """Undo or redo put another position on screen (also after the end: for study)."""
        f = self.field
        self.view.set_display(f.display())
        self.view.wave = None
        self.view.shake = 0.0
        self.hud.confetti = []
        self.hint = self.ai_target = None
        self.autoplay = False
        self.end_t = 0.0
        self.elapsed = f.clock_ms / 1000 if f.placed else 0.0
        self.app.play("slide", 0.4)

    def can_take_back(self) -> bool:
        return not self.demo and self.generating is None

    def _generate(self, r: int, c: int) -> None:
        s = self.session
        self.noguess.ask(s.backend.params_text(s.params), s.seed, (r, c), self.field.cols)

    def _generated(self, cell, reply) -> None:
        r, c = cell
        f = self.field
        value = reply.value if reply.ok and isinstance(reply.value, dict) else {}
        layout = value.get("mines")
        if layout is None:  # the worker failed: the board is drawn here, from the same seed
            layout = self.session.backend.layout(self.session.params, self.session.seed, r * f.cols + c)
        elif value.get("no_guess"):
            self.say(_("No-guess board: found in {seconds} s").format(seconds=f"{value.get('seconds', 0):.1f}"))
        else:
            self.say(_("No no-guess board found in time: this one may need a guess"))
        if self._play(("O", r * f.cols + c, self._ms(), tuple(layout))):
            self._after_reveal((r, c), max(1, self.field.opened - f.opened))

    def new_game(self) -> None:
        """A new game with the settings' level. The game on the board is left: abandoned if it was under way on the
        same level; on another level it is kept, and that level's saved game, if any, continues instead."""
        self.ai.target = None
        self.noguess.cancel()
        self.session.new(params=self.levels.new_params())
        self._start()
        self.levels.seen = self.levels.now()

    def review(self) -> None:
        """This game as a replay from its untouched field, with the AI's review over it."""
        from arcade.minesweeper.replay_scene import make_replay

        self.app.stack.push(make_replay(self.app, self.session.replay(), review=True))

    def review_rect(self):
        """The end card's Review button, once the card is in place (None before)."""
        f = self.field
        if not f.over or self.demo or banner_k(self) < 1.0:
            return None
        return banner_button(len(banner_lines(self)[1]), self.board_screen())

    # ----- AI -----
    def toggle_overlay(self) -> None:
        self.odds_on = not self.odds_on
        if self.odds_on:
            self.session.hint_taken()

    def ask_hint(self) -> None:
        if self.field.over:
            return
        self.session.hint_taken()
        self.hint_wanted = True

    def set_autoplay(self, on: bool) -> None:
        self.ai.set(on)

    def change_speed(self, delta: int) -> None:
        self.ai.faster(delta, AI_SPEEDS)
        if not self.demo:
            self.app.set_setting("mines.ai_speed", self.speed)
        self.say(_("AI: as fast as it thinks") if self.speed == 0
                 else ngettext("AI: {n} move a second", "AI: {n} moves a second", self.speed).format(n=self.speed))

    def say(self, text: str, seconds: float = 4.0) -> None:
        """A passing message on the status line."""
        self.notice, self.notice_t = text, seconds

    def _autoplay(self, dt: float) -> None:
        f = self.field
        if f.over or self.generating is not None:
            return
        key = self.key
        a = self.ai.step(dt, key, self.assist.get(key))
        if self.ai.target is not None:
            self.cursor = list(self.ai.target[1])
        if a is None:
            return
        cell = a.move
        self.cursor = list(cell)
        # the AI flags the mines it is sure of (a person follows the board better) and lifts a flag the player put
        # on the cell it opens (a flag is an opinion)
        for r, c in a.mines:
            if not self.field.is_open(r, c) and self.field.mark(r, c) != FLAG:
                self._play(("M", r * f.cols + c, FLAG, self._ms()), by_ai=True)
        if self.field.mark(*cell):
            self._play(("M", cell[0] * f.cols + cell[1], NO_MARK, self._ms()), by_ai=True)
        self.view.set_display(self.field.display())
        self.open_cell(*cell, by_ai=True)

    # ----- input -----
    def handle(self, event) -> None:
        if self.demo or self.app.stack.switching:
            return
        if event.type == pygame.KEYDOWN:
            self.do(intent_of(event))
        else:
            self.pointer.handle(event)

    def button(self, name: str) -> None:
        if name.startswith("level:"):
            self.do(name.partition(":")[2])
            return
        {"face": self.new_game, "hint": lambda: self.do("hint"), "odds": lambda: self.do("odds"),
         "auto": lambda: self.do("autoplay"), "pause": lambda: self.do("pause"),
         "noguess": lambda: self.do("noguess")}[name]()

    def do(self, intent: str | None) -> None:
        """Carry out one intent (a key, a button)."""
        if intent is None:
            return
        f = self.field
        if intent in ("up", "down", "left", "right"):
            # a step on screen: across a turned board's rows when the arrow goes left or right
            dr, dc = self.view.layout.shown(*{"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[intent])
            if self.show_cursor:
                self.cursor = [max(0, min(f.rows - 1, self.cursor[0] + dr)), max(0, min(f.cols - 1, self.cursor[1] + dc))]
            self.show_cursor = True
            self.pointer.hover = None  # the odds bubble follows the cursor
            self.ai.glide = [float(self.cursor[0]), float(self.cursor[1])]
        elif intent == "open":
            self.show_cursor = True
            self.act(*self.cursor)
        elif intent == "flag":
            self.show_cursor = True
            self.flag(*self.cursor)
        elif intent == "chord":  # Enter (or a pad's A): chord on a number, open a covered cell
            self.show_cursor = True
            self.act(*self.cursor)
        elif self.session_intent(intent):  # undo, redo, copy the game code
            pass
        elif intent == "odds":
            self.toggle_overlay()
        elif intent == "hint":
            self.ask_hint()
        elif intent == "autoplay":
            self.set_autoplay(not self.autoplay)
        elif intent in ("faster", "slower"):
            self.change_speed(1 if intent == "faster" else -1)
        elif intent == "new":
            self.new_game()
        elif intent in ("beginner", "intermediate", "expert", "custom"):
            self.levels.choose(intent)
        elif intent == "noguess":
            self.levels.toggle_no_guess()
        elif intent == "review":
            if self.field.over:
                self.review()
        elif intent == "pause":
            if self.app.stack.switching:
                return
            if self.autoplay:
                self.set_autoplay(False)
            self.open_pause(on_restart=self.new_game)

    # ----- frame -----
    def update(self, dt: float) -> None:
        self.t += dt
        if self.notice:
            self.notice_t -= dt
            if self.notice_t <= 0:
                self.notice = ""
        f = self.field
        self.view.update(dt)
        self.hud.update(dt)
        answer = self.noguess.poll(dt)
        if answer is not None:
            self._generated(*answer)
        if f.state == "playing" and self.generating is None and self.session.pos == len(self.session.states) - 1:
            self.elapsed += dt  # the clock runs on the game's newest position (not while studying after an undo)
        self.pointer.update(dt)
        if self.autoplay or self.odds_on or self.hint_wanted:
            self._ask_ai()
        self.assist.poll()
        if self.hint_wanted:
            a = self.assist.get(self.key)
            if a is not None:
                self.hint_wanted = False
                self.hint = (self.key, a.move, describe(a))
                self.cursor = list(a.move)
            elif self.assist.failed == self.key:
                self.hint_wanted = False
                self.say(_("AI unavailable: {error}").format(error=self.assist.error))
        if self.autoplay:
            self._autoplay(dt)
        if f.over:
            self.end_t += dt
            if self.demo:
                self.demo_wait += dt
                if self.demo_wait >= DEMO_RESTART:
                    self.new_game()

    def face(self) -> str:
        return face_of(self)

    def status(self) -> tuple[str, tuple | None]:
        return status_of(self)

    def odds_cell(self):
        """The cell whose odds the overlay's bubble tells: the one under the pointer, else the keyboard cursor's."""
        f = self.field
        cell = self.hover if self.hover is not None else tuple(self.cursor) if self.show_cursor else None
        if cell is None or f.is_open(*cell):
            return None
        return cell

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        f = self.field
        self.hud.draw(surface, f.mines_left, self.elapsed, self.face(),
                      level=f.level_name, no_guess=self.no_guess)
        self.view.draw(surface)
        key = self.key
        if self.odds_on and not f.over:
            a = self.assist.get(key) or self.assist.analysis
            if a is not None and a.probs is not None and len(a.probs) == f.rows and len(a.probs[0]) == f.cols:
                self.view.draw_heat(surface, a.probs, f.display(), hover=self.odds_cell())
        if self.hint is not None and self.hint[0] == key:
            self.view.draw_ring(surface, self.hint[1], colors.GOLD, self.t)
        if self.autoplay and self.ai_target is not None and not f.over:
            self.view.draw_cursor(surface, self.ai.glide, (220, 120, 20))
        elif self.show_cursor and not f.over:
            self.view.draw_cursor(surface, self.cursor)
        if getattr(self.app, "toast", None) is None or self.app.stack.top is not self:
            text, colour = self.status()  # (while the app's message is shown, it has the status line to itself)
            self.hud.draw_status(surface, text, colour, tag := None if self.demo else self.session.label)
            if not text and not self.demo:
                self.hud.draw_keys(surface, [(_(k), _(w)) for k, w in KEY_ROWS], tag)
        if not self.demo:
            self.hud.draw_buttons(surface, {"odds": self.odds_on, "auto": self.autoplay,
                                            "hint": self.hint is not None and self.hint[0] == key})
        if f.over and not self.under_overlay:
            self._banner(surface)
        self.hud.draw_confetti(surface)

    def _banner_lines(self) -> tuple[str, list, tuple]:
        return banner_lines(self)

    def _banner(self, surface) -> None:
        k = banner_k(self)
        if k <= 0:
            return
        title, lines, colour = self._banner_lines()
        review = _("Review  V") if not self.demo else None
        draw_banner(surface, title, lines, k, colour, button=review, screen=self.board_screen())


def make_scene(app, resume: bool = False, level: str | None = None, custom=None, first_click: str | None = None,
               **options):
    """A new game at the setting's level, or the saved one. ``level`` / ``custom`` (rows, cols, mines) from the
    command line become the setting, as the level picker's choice does; a saved game of another size is kept (each
    level and custom field keeps its own) and the one of the size asked for, if any, continues."""
    if level is not None:
        app.profile.set("mines.level", level)
    if custom is not None:
        rows, cols, mines = custom
        for key, value in (("mines.custom_width", cols), ("mines.custom_height", rows), ("mines.custom_mines", mines),
                           ("mines.level", "custom")):
            app.profile.set(key, value)
    return MinesScene(app, resume=resume, level=level, custom=custom, first_click=first_click, **options)


def make_demo(app):
    return MinesScene(app, demo=True)

