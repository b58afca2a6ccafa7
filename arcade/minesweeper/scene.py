"""The Minesweeper scene: mouse, touch and keys -> the game's session (the engine's session layer: its move log,
undo and redo also after the end, saves, replays, game code and records) -> BoardView and the HUD; the timer; the
AI (probability overlay, hint, autoplay, the demo) and no-guess boards, both computed in the engine's
worker processes so no frame waits for them.

Mouse: left click opens a covered cell (on release, the classic way: the cell shows pressed while the button is
down) and chords a satisfied number; right click flags (or cycles flag / question mark); both buttons together or
the middle button chord. Touch: a tap opens or chords, a long press flags. Keys: arrows or WASD move a cursor,
Space opens (chords on a number), F flags, Enter chords, P the odds overlay, H a hint, Shift+A autoplay, + / -
its speed, R a new game, U or Ctrl+Z undo, Shift+U or Ctrl+Y redo, Ctrl+C copies the game code, Esc pauses.
The face button starts a new game.

The level picker under the face (or keys 1 2 3) starts a Beginner, Intermediate or Expert game; Custom (or 4)
asks for the width, height and mines (``arcade.minesweeper.custom``); the no-guess switch (or G) makes every
board solvable without a guess. The choice is kept in the settings, which the pause menu opens at this game's.

A hint or the odds overlay counts as assisted; a game in which the AI's autoplay opened a cell is the AI's, recorded
apart and never the player's best. Every game is kept as a replay; the end card's Review button (or V) opens it
from its untouched field, with the AI's review.
"""
from __future__ import annotations

import logging
import math
import random

import pygame

from arcade.engine.ai_requests import Requests
from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.intents import CTRL, SHIFT, IntentMap
from arcade.engine import settings as specs
from arcade.engine.plugin import format_time
from arcade.engine.session import AI, DEMO, PLAYER
from arcade.engine.session_scene import SessionScene
from arcade.engine.ui import colors
from arcade.engine.ui.input import finger_to_logical
from arcade.minesweeper import AI_SPEEDS, ID as GAME_ID
from arcade.minesweeper.backend import MinesBackend, Params
from arcade.minesweeper.field import FLAG, LEVELS, NO_MARK, QUESTION, Field, check_custom
from arcade.minesweeper.view import (LOSS, ROOMY, BoardView, Hud, banner_button, draw_banner, odds_text,
                                     odds_words, screen_for, turned_for)

#: The controls the wide column recalls while it has nothing else to say: the help card's words, shortened where
#: a row would not fit on one line of the column
KEY_ROWS = (("Right click, long press", "flag (or ? if on)"), ("Click a number, middle", N_("open round it")),
            ("P / H", "mine odds overlay / hint"), ("R or the face", "new game;  Esc: pause"))

log = logging.getLogger("arcade")

ANALYSE = "arcade.minesweeper.solver:analyse"
GENERATE = "arcade.minesweeper.backend:layout_job"
ANALYSE_BUDGET_S = 1.5        # the solver's slowest move is well under a second (hang detection allows 3x + 1 s)
GENERATE_BUDGET_S = 20.0
GENERATE_MAX_S = 15.0         # give up on a no-guess board after this long (then a normal board)
LONG_PRESS = 0.45             # seconds a finger rests on a cell to flag it
TAP_SLOP = 14                 # logical pixels a finger may drift and still tap
GUESS_PAUSE = 0.9             # autoplay lingers on a guess (the cell ringed, its risk shown) so a person can follow
GLIDE = 0.6                   # share of the move interval the autoplay cursor spends gliding to its cell
BANNER_DELAY = {"won": 0.6, "lost": 1.0}
DEMO_LEVEL = "intermediate"
DEMO_SPEED = 10
DEMO_RESTART = 3.0

MOVE_KEYS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1),
             pygame.K_w: (-1, 0), pygame.K_s: (1, 0), pygame.K_a: (0, -1), pygame.K_d: (0, 1)}


LEVEL_KEYS = {pygame.K_1: "beginner", pygame.K_2: "intermediate", pygame.K_3: "expert", pygame.K_4: "custom",
              pygame.K_KP1: "beginner", pygame.K_KP2: "intermediate", pygame.K_KP3: "expert", pygame.K_KP4: "custom"}
SETTINGS_KEYS = ("mines.level", "mines.custom_width", "mines.custom_height", "mines.custom_mines", "mines.no_guess")


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


def _worker(fn: str):
    from arcade.engine.worker import Worker

    return Worker(fn)


class Assist:
    """The solver in a worker process: one analysis (move, reason, risk, probabilities) per position, asked once
    and kept until the position changes. ``want(key, view, mines, rule)`` asks unless it is known or in flight;
    ``poll()`` every frame; ``get(key)`` the analysis of that position or None."""

    def __init__(self, make_worker=_worker) -> None:
        self.requests = Requests(lambda: make_worker(ANALYSE))
        self.key = None
        self.analysis = None
        self.failed = None
        self.error = ""

    @property
    def asked(self):
        return self.requests.key

    def want(self, key, view, mines: int, rule: str) -> None:
        if key in (self.key, self.asked, self.failed):
            return
        self.requests.ask(key, view, mines, first_click=rule, want_probs=True, budget=ANALYSE_BUDGET_S)

    def poll(self) -> None:
        answer = self.requests.poll()
        if answer is None:
            return
        key, reply = answer
        if reply.ok:
            self.key, self.analysis, self.error = key, reply.value, ""
        else:
            self.failed = key
            self.error = reply.error.splitlines()[0][:120] if reply.error else "the AI failed"
            log.warning("minesweeper AI: %s", self.error)

    def get(self, key):
        return self.analysis if key == self.key else None

    @property
    def thinking(self) -> bool:
        return self.requests.pending

    def close(self) -> None:
        self.requests.close()


class MinesScene(SessionScene):
    """One Minesweeper sitting: games one after another. ``demo=True`` plays itself (the attract mode)."""

    @property
    def toast_area(self):
        """Messages ("Copied minesweeper-...") in place of the status line (not drawn meanwhile), clear of the
        counter, the face and the timer."""
        sc = self.hud.screen
        return sc.status_box or pygame.Rect(sc.board.x, sc.buttons.top - 36, sc.board.w, 34)  # just above the buttons

    @property
    def mute_at(self) -> tuple:
        """The muted sign beside the timer: the bottom-right corner is the Menu button."""
        return self.hud.screen.mute_at

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
        self.level_override = level
        self.custom = custom
        self.rule_override = first_click
        self.make_worker = make_worker = make_worker if make_worker is not None else _worker
        self.assist = Assist(make_worker)
        self.generator = None           # the no-guess worker, made on first use
        self.generating = None          # (row, col) of the first click waiting for a no-guess board
        self.hud = Hud()
        self._rng = random.Random(app.seed)
        self.games = 0
        self.autoplay = demo
        self.speed = DEMO_SPEED if demo else app.profile.get("mines.ai_speed")
        self.hover = None               # the cell under the mouse pointer (the odds bubble's)
        self.settings_seen = self._settings_now()
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

    def _ms(self) -> int:
        return int(round(self.elapsed * 1000))

    def _play(self, move, by_ai: bool = False) -> bool:
        return self.session.play(move, by=DEMO if self.demo else (AI if by_ai else PLAYER))

    # ----- settings -----
    def _level(self) -> str:
        if self.demo:
            return DEMO_LEVEL
        return self.level_override or self.app.profile.get("mines.level")

    def _rule(self) -> str:
        if self.demo:
            return "opening"
        return self.rule_override or self.app.profile.get("mines.first_click")

    def custom_setting(self) -> tuple[int, int, int]:
        """The custom field of the settings as (width, height, mines), brought within the limits."""
        return MinesBackend.custom_setting(self.app.profile.get)

    def wanted_size(self) -> tuple[int, int, int]:
        """(rows, cols, mines) of the next new game."""
        if self.custom is not None and not self.demo:
            return tuple(self.custom)
        if self._level() == "custom":
            cols, rows, mines = self.custom_setting()
            return rows, cols, mines
        return LEVELS[self._level()]

    def _new_params(self) -> Params:
        rows, cols, mines = self.wanted_size()
        no_guess = False if self.demo else bool(self.app.profile.get("mines.no_guess"))
        return Params(rows, cols, mines, self._rule(), no_guess)

    def _settings_now(self) -> tuple:
        return tuple(self.app.profile.get(k) for k in SETTINGS_KEYS)

    def _start(self) -> None:
        """The scene's state for the game the session holds (a new one, or one continued)."""
        self.games += 1
        field = self.field
        speed = specs.anim_speed(self.app.profile.get)
        turned = turned_for(field.level_name, self.app.size)
        screen = screen_for(field.rows, field.cols, self.app.size, turned)
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
        self.glide = [float(self.cursor[0]), float(self.cursor[1])]
        self.show_cursor = False
        self.odds_on = False            # the odds overlay shown (not Scene.overlay: the stack reads that name)
        self.hint = None                # (position key, (row, col), text) the player asked for
        self.hint_wanted = False
        self.ai_target = None           # (position key, (row, col), analysis) autoplay is about to open
        self.ai_t = 0.0
        self.end_t = 0.0
        self.left_down = None           # the cell the left button went down on
        self.both = False               # both buttons held: a chord on release
        self.middle = None
        self.touch = None               # [cell, pos, seconds held, flagged already]
        self.generating = None
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
        return self.hud.screen if self.app.landscape else ROOMY

    def enter(self) -> None:
        if not self.demo:
            self.app.open("help", GAME_ID, first_launch=True)

    def exit(self) -> None:
        super().exit()
        self.assist.close()
        if self.generator is not None:
            self.generator.close()
            self.generator = None

    def cover(self) -> None:
        self.left_down = self.middle = self.touch = None
        self.both = False
        self.hover = None
        self.settings_seen = self._settings_now()

    def uncover(self) -> None:
        p = self.app.profile
        self.view.speed = specs.anim_speed(p.get)
        self.view.still = bool(p.get("reduce_motion"))
        self.view.set_palette(bool(p.get("colour_safe")))
        if not self.demo:
            self.speed = p.get("mines.ai_speed")
            if self._settings_now() != self.settings_seen:  # the level or no-guess changed in the settings
                self.level_override = self.custom = None
                if self.field.state == "playing":
                    self.say(_("Your new settings start with the next game (R or the face)"), 5.0)
                else:
                    self.new_game()
        self.settings_seen = self._settings_now()

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
        f = self.field
        if self.generator is None:
            self.generator = self.make_worker(GENERATE)
        s = self.session
        self.generator.request(s.backend.params_text(s.params), s.seed, r * f.cols + c, budget=GENERATE_BUDGET_S)
        self.generating = (r, c)
        self.gen_t = 0.0

    def _generated(self, reply) -> None:
        r, c = self.generating
        self.generating = None
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
        """A new game with the settings' level (the game on the board is left: abandoned if it was under way)."""
        self.ai_target = None
        if self.generator is not None and self.generating is not None:
            self.generator.cancel()
        self.session.new(params=self._new_params())
        self._start()
        self.settings_seen = self._settings_now()

    # ----- the level picker -----
    def choose_level(self, name: str) -> None:
        """A level from the picker (or keys 1-3): a new game at that level, kept as the setting; "custom" asks
        for the size first."""
        if self.demo:
            return
        if name == "custom":
            self.open_custom()
            return
        self.level_override = self.custom = None
        self.app.set_setting("mines.level", name)
        self.new_game()

    def open_custom(self) -> None:
        """The custom field's card, filled with the current custom field (or the last one chosen)."""
        from arcade.minesweeper.custom import CustomOverlay

        f = self.field
        size = (f.cols, f.rows, f.mines) if f.level_name == "custom" else self.custom_setting()
        self.app.stack.push(CustomOverlay(self.app, size, on_start=self.start_custom))

    def start_custom(self, width: int, height: int, mines: int) -> None:
        """A new custom game (``ValueError`` outside the limits: the card says why and starts nothing)."""
        check_custom(width, height, mines)
        p = self.app.profile
        for key, value in (("mines.custom_width", width), ("mines.custom_height", height),
                           ("mines.custom_mines", mines), ("mines.level", "custom")):
            p.set(key, value)
        self.level_override = self.custom = None
        self.new_game()

    def toggle_no_guess(self) -> None:
        """The no-guess switch (or G): kept as the setting; a board not clicked yet takes it at once, else a new
        game starts with it."""
        if self.demo:
            return
        on = not self.no_guess
        self.app.set_setting("mines.no_guess", on)
        self.new_game()  # a board not clicked yet is simply dealt again (nothing is recorded for it)
        self.say(_("No-guess: every board can be solved without guessing") if on
                 else _("No-guess off: some boards need a guess"))

    def review(self) -> None:
        """This game as a replay from its untouched field, with the AI's review over it."""
        from arcade.minesweeper.replay_scene import make_replay

        self.app.stack.push(make_replay(self.app, self.session.replay(), review=True))

    def review_rect(self):
        """The end card's Review button, once the card is in place (None before)."""
        f = self.field
        if not f.over or self.demo or self._banner_k() < 1.0:
            return None
        return banner_button(len(self._banner_lines()[1]), self.board_screen())

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
        self.autoplay = on
        self.ai_target = None

    def change_speed(self, delta: int) -> None:
        speeds = list(AI_SPEEDS)
        i = speeds.index(self.speed) if self.speed in speeds else speeds.index(4)
        self.speed = speeds[max(0, min(len(speeds) - 1, i + delta))]
        if not self.demo:
            self.app.set_setting("mines.ai_speed", self.speed)
        self.say(_("AI: as fast as it thinks") if self.speed == 0
                 else ngettext("AI: {n} move a second", "AI: {n} moves a second", self.speed).format(n=self.speed))

    @staticmethod
    def describe(a) -> str:
        if a.reason in ("certain", "exact"):
            return _("certain: no mine")
        if a.reason == "opening":
            return (_("first click, never a mine: here it opens the most") if a.move != (0, 0)
                    else _("first click, never a mine: a corner opens a region most often"))
        what = _("endgame search") if a.reason == "endgame" else _("best guess")
        risk = f"{100 * a.risk:.0f}" if a.risk >= 0.005 else f"{100 * a.risk:.1f}"
        text = _("{what}, {risk} % risk").format(what=what, risk=risk)
        if a.win is not None:
            text += " " + _("(wins {p} % with best play)").format(p=f"{100 * a.win:.0f}")
        return text

    def say(self, text: str, seconds: float = 4.0) -> None:
        """A passing message on the status line."""
        self.notice, self.notice_t = text, seconds

    def _interval(self) -> float:
        return 0.0 if self.speed == 0 else 1.0 / self.speed

    def _autoplay(self, dt: float) -> None:
        f = self.field
        if f.over or self.generating is not None:
            return
        key = self.key
        if self.ai_target is None or self.ai_target[0] != key:
            a = self.assist.get(key)
            if a is None:
                return
            self.ai_target = (key, a.move, a)
            self.ai_t = 0.0
            self.glide_from = tuple(self.glide)
        _key, cell, a = self.ai_target
        self.ai_t += dt
        wait = self._interval()
        if a.reason in ("guess", "endgame") and a.risk > 0 and wait > 0:
            wait += GUESS_PAUSE
        k = 1.0 if wait <= 0 else min(1.0, self.ai_t / (wait * GLIDE))
        self.glide = [self.glide_from[0] + (cell[0] - self.glide_from[0]) * k,
                      self.glide_from[1] + (cell[1] - self.glide_from[1]) * k]
        self.cursor = list(cell)
        if self.ai_t >= wait:
            self.ai_target = None
            # the AI flags the mines it is sure of (a person follows the board better) and lifts a flag the
            # player put on the cell it opens (a flag is an opinion)
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
        t = event.type
        if t == pygame.KEYDOWN:
            self.do(intent_of(event))
        elif t == pygame.MOUSEBUTTONDOWN and not getattr(event, "touch", False):
            self._mouse_down(event.pos, event.button)
        elif t == pygame.MOUSEBUTTONUP and not getattr(event, "touch", False):
            self._mouse_up(event.pos, event.button)
        elif t == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self.hover = self.view.layout.cell_at(event.pos)
            if self.left_down is not None or self.middle is not None:
                self._press_visual(self.view.layout.cell_at(event.pos))
        elif t == pygame.WINDOWLEAVE:
            self.hover = None
        elif t == pygame.FINGERDOWN:
            pos = finger_to_logical(event.x, event.y)
            review = self.review_rect()
            if review is not None and review.collidepoint(pos):
                self.review()
                return
            button = self.hud.button_at(pos)
            if button is not None:
                self.button(button)
                return
            cell = self.view.layout.cell_at(pos)
            if cell is not None:
                self.touch = [cell, pos, 0.0, False]
                self._press_visual(cell)
        elif t == pygame.FINGERMOTION and self.touch is not None:
            pos = finger_to_logical(event.x, event.y)
            if math.dist(pos, self.touch[1]) > TAP_SLOP:
                self.touch = None
                self.view.pressed = set()
        elif t == pygame.FINGERUP and self.touch is not None:
            cell, _t, _p, flagged = self.touch
            self.touch = None
            self.view.pressed = set()
            if not flagged:
                self.act(*cell)

    def _press_visual(self, cell) -> None:
        f = self.field
        if cell is None:
            self.view.pressed = set()
            return
        r, c = cell
        if self.both or self.middle is not None or f.is_open(r, c):
            cells = {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if 0 <= r + dr < f.rows and 0 <= c + dc < f.cols}
        else:
            cells = {cell}
        self.view.pressed = {x for x in cells if not f.is_open(*x) and f.mark(*x) != FLAG} if not f.over else set()

    def _mouse_down(self, pos, button: int) -> None:
        cell = self.view.layout.cell_at(pos)
        review = self.review_rect()
        if button == 1 and review is not None and review.collidepoint(pos):
            self.review()
            return
        if button == 1:
            name = self.hud.button_at(pos)
            if name is not None:
                self.button(name)
                return
            if cell is not None:
                self.left_down = cell
                self._press_visual(cell)
        elif button == 3 and cell is not None:
            if self.left_down is not None:
                self.both = True
                self._press_visual(cell)
            else:
                self.flag(*cell)
        elif button == 2 and cell is not None:
            self.middle = cell
            self._press_visual(cell)

    def _mouse_up(self, pos, button: int) -> None:
        cell = self.view.layout.cell_at(pos)
        if button in (1, 3) and self.both:
            self.both = False
            self.left_down = None
            self.view.pressed = set()
            if cell is not None:
                self.chord(*cell)
            return
        if button == 1 and self.left_down is not None:
            self.left_down = None
            self.view.pressed = set()
            if cell is not None:
                self.act(*cell)
        elif button == 2 and self.middle is not None:
            self.middle = None
            self.view.pressed = set()
            if cell is not None:
                self.chord(*cell)

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
            self.hover = None  # the odds bubble follows the cursor
            self.glide = [float(self.cursor[0]), float(self.cursor[1])]
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
            self.choose_level(intent)
        elif intent == "noguess":
            self.toggle_no_guess()
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
        if self.generating is not None:
            self.gen_t += dt
            reply = self.generator.poll() if self.generator is not None else None
            if reply is not None:
                self._generated(reply)
        if f.state == "playing" and self.generating is None and self.session.pos == len(self.session.states) - 1:
            self.elapsed += dt  # the clock runs on the game's newest position (not while studying after an undo)
        if self.touch is not None and not self.touch[3]:
            self.touch[2] += dt
            if self.touch[2] >= LONG_PRESS:
                self.touch[3] = True
                self.view.pressed = set()
                self.flag(*self.touch[0])
        if self.autoplay or self.odds_on or self.hint_wanted:
            self._ask_ai()
        self.assist.poll()
        if self.hint_wanted:
            a = self.assist.get(self.key)
            if a is not None:
                self.hint_wanted = False
                self.hint = (self.key, a.move, self.describe(a))
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
        f = self.field
        if f.state == "lost":
            return "dead"
        if f.state == "won":
            return "cool"
        if self.left_down is not None or self.middle is not None or self.touch is not None:
            return "oh"
        if self.ai_target is not None and self.ai_target[2].reason in ("guess", "endgame") and self.ai_target[2].risk:
            return "think"
        return "smile"

    def status(self) -> tuple[str, tuple | None]:
        f = self.field
        key = self.key
        if self.generating is not None:
            dots = "." * (1 + int(self.gen_t * 3) % 3)
            return _("Generating a no-guess board") + dots, None
        if self.autoplay and self.ai_target is not None and not f.over:
            _key, cell, a = self.ai_target
            r, c = self.view.layout.shown(*cell)
            return _("AI opens row {r}, column {c}: {why}").format(r=r + 1, c=c + 1, why=self.describe(a)), None
        if self.hint is not None and self.hint[0] == key:
            r, c = self.view.layout.shown(*self.hint[1])
            return _("Hint: row {r}, column {c} - {why}").format(r=r + 1, c=c + 1, why=self.hint[2]), colors.BUTTON
        if self.hint_wanted or (self.autoplay and not f.over):
            return _("The AI is thinking..."), None
        if self.notice:
            return self.notice, None
        if self.odds_on and not f.over:
            return self._odds_status(), None
        if f.state == "ready":
            if f.level_name == "custom":
                return _("Custom {w} x {h}, {n} mines: click anywhere to start").format(w=f.cols, h=f.rows,
                                                                                         n=f.mines), None
            return (_("Click anywhere: the first click opens a region") if f.rule == "opening"
                    else _("Click anywhere: the first click is safe")), None
        return "", None

    def odds_cell(self):
        """The cell whose odds the overlay's bubble tells: the one under the pointer, else the keyboard cursor's."""
        f = self.field
        cell = self.hover if self.hover is not None else tuple(self.cursor) if self.show_cursor else None
        if cell is None or f.is_open(*cell):
            return None
        return cell

    def _odds_status(self) -> str:
        a = self.assist.get(self.key)
        if a is None or a.probs is None:
            # the first analysis also starts the AI's process: say so, not a bare line
            return _("Odds: counting the layouts that fit...") if self.assist.thinking else _("Odds of a mine")
        n = a.layouts
        many = "" if n is None else f"{n:,}" if n < 10**6 else _("about 10^{n}").format(n=len(str(n)) - 1)
        cell = self.odds_cell()
        if cell is not None:
            r, c = self.view.layout.shown(*cell)
            odds = odds_words(a.probs[cell[0]][cell[1]])
            count = " " + _("({n} layouts fit)").format(n=many) if many else ""
            return _("Row {r}, column {c}: {odds}").format(r=r + 1, c=c + 1, odds=odds) + count
        f = self.field
        display = f.display()
        inner = [a.probs[r][c] for r in range(f.rows) for c in range(f.cols)
                 if display[r][c] == "#" and not self.view.frontier(display, r, c)]
        away = _("{p} % on each cell away from the numbers").format(p=odds_text(inner[0])) + "  ·  " if inner else ""
        return _("Odds: {away}point at a cell").format(away=away)

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
            self.view.draw_cursor(surface, self.glide, (220, 120, 20))
        elif self.show_cursor and not f.over:
            self.view.draw_cursor(surface, self.cursor)
        if getattr(self.app, "toast", None) is None or self.app.stack.top is not self:
            text, colour = self.status()  # (while the app's message is shown, it has the status line to itself)
            self.hud.draw_status(surface, text, colour)
            if not text and not self.demo:
                self.hud.draw_keys(surface, [(_(k), _(w)) for k, w in KEY_ROWS])
        if not self.demo:
            self.hud.draw_buttons(surface, {"odds": self.odds_on, "auto": self.autoplay,
                                            "hint": self.hint is not None and self.hint[0] == key})
        if f.over and not self.under_overlay:
            self._banner(surface)
        self.hud.draw_confetti(surface)

    def _banner_k(self) -> float:
        """How far the end card has slid in (0..1)."""
        delay = BANNER_DELAY[self.field.state] / max(0.5, self.view.speed or 4.0)
        return max(0.0, min(1.0, (self.end_t - delay) / 0.3))

    def _banner_lines(self) -> tuple[str, list, tuple]:
        f = self.field
        secs = format_time(int(round(self.elapsed * 1000)))
        if f.state == "won":
            lines = [_("Time {t}").format(t=secs)]
            if self.demo:
                lines.append(_("The AI cleared the field"))
            elif self.assisted:
                lines.append(_("AI-assisted: no best time"))
            elif self.new_best:
                lines.append(_("New best time!"))
            else:
                best = self.app.profile.lowest(self.session.backend.best_key(self.session.params))
                if best is not None:
                    lines.append(_("Best {t}").format(t=format_time(best)))
            title, colour = _("Cleared!"), colors.GOLD
        else:
            cleared = round(100 * f.opened / (f.size - f.mines))
            lines = [_("{p} % cleared in {t}").format(p=cleared, t=secs)]
            title, colour = _("Boom!"), LOSS
        if self.demo:
            lines.append(_("Next game soon"))
        else:
            lines.append(_("R new game  ·  U takes a move back"))
            if self.session.code:
                lines.append(_("Code {code}  ·  C copies").format(code=self.session.code))
        return title, lines, colour

    def _banner(self, surface) -> None:
        k = self._banner_k()
        if k <= 0:
            return
        title, lines, colour = self._banner_lines()
        review = _("Review  V") if not self.demo else None
        draw_banner(surface, title, lines, k, colour, button=review, screen=self.board_screen())


def make_scene(app, resume: bool = False, level: str | None = None, custom=None, first_click: str | None = None,
               **options):
    """A new game at the setting's level, or the saved one. ``level`` / ``custom`` (rows, cols, mines) from the
    command line become the setting, as the level picker's choice does; a saved game of another size is left (it
    counts as abandoned) for one of the size asked for."""
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


def draw_position(surface, state: Field, params) -> None:
    """A position of a replay, for the engine's replay scene."""
    size = surface.get_size()
    turned = turned_for(state.level_name, size)
    view = BoardView(state.rows, state.cols, speed=0.0, area=screen_for(state.rows, state.cols, size, turned).board,
                     turned=turned)
    view.set_display(state.display())
    view.draw(surface)
