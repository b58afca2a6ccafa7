"""The tic-tac-toe family's scene: input (clicks, taps, keys) -> intents -> the game's session (the engine's session
layer: its move log, undo and redo also after the end, saves, replays and records) -> the board (``view``) and the HUD
around it (``hud``; where everything goes: ``screens``); the AI asked through the engine's worker process
(``ai_client``), an external Gomocup engine as the opponent (``engine_client``); the new-game card (``chooser``:
board, opponent, side, level); the AI-vs-AI demo.

Keys (the ``KEYS`` table): arrows move the cursor, Enter or Space place; U, Backspace or Ctrl+Z undo (the AI's reply
and your move, also after the end); Shift+U or Ctrl+Y redo; N new game; S swap sides with the AI; C the chooser
(Ctrl+C is not C: a game without chance has no code to copy); Esc pause. A click or tap on a cell places; the
mouse shows a preview of the mark under it.
"""
from __future__ import annotations

import random

import pygame

from arcade.engine.i18n import _
from arcade.engine.intents import CTRL, SHIFT, IntentMap
from arcade.engine.session import DEMO, HINT, OPPONENT, PLAYER
from arcade.engine.session_scene import SessionScene
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_landscape, pointer_down, pointer_motion, pointer_up
from arcade.tictactoe import ID as GAME_ID
from arcade.tictactoe import hud
from arcade.tictactoe.ai_client import AiClient
from arcade.tictactoe.backend import Params, outcome_of
from arcade.tictactoe.chooser import Chooser
from arcade.tictactoe.engine_client import EngineClient
from arcade.tictactoe.hud import Hud, card_view
from arcade.tictactoe.rules import VARIANTS, other
from arcade.tictactoe.screens import layout_for
from arcade.tictactoe.view import BoardView, Snapshot, board_rect

AI_PAUSE = 0.35      # seconds the AI's reply waits at least, so the person sees their own mark land first
DEMO_PAUSE = 0.55    # seconds between the demo's moves
DEMO_RESTART = 3.0   # seconds the demo shows a finished game before the next
DEMO_VARIANTS = ("gomoku", "3x3", "4x4")
DEMO_BUDGET = 0.3    # the demo's Gomoku thinks this long a move (the hard level uses half)
END_GRACE = 0.8      # seconds a finished board ignores clicks and Enter (a late click does not start a new game)

KEYS = {(k, 0): v for k, v in {
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_RETURN: "place", pygame.K_KP_ENTER: "place", pygame.K_SPACE: "place",
    pygame.K_u: "undo", pygame.K_BACKSPACE: "undo", pygame.K_n: "new", pygame.K_s: "swap", pygame.K_c: "choose",
    pygame.K_h: "hint",
    pygame.K_ESCAPE: "pause",
}.items()} | {(pygame.K_z, CTRL | SHIFT): "redo", (pygame.K_y, CTRL): "redo", (pygame.K_z, CTRL): "undo",
              (pygame.K_u, SHIFT): "redo"}
STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


# Ctrl+Z undo; Ctrl+Y, Ctrl+Shift+Z and Shift+U redo; other Ctrl/Alt chords are the window's (arcade.engine.intents)
intent_of = IntentMap(KEYS)


class MatchView:
    """The game on screen as the scene reads it: the session's position and parameters."""

    def __init__(self, session):
        self.session = session

    p = property(lambda self: self.session.params)
    pos = property(lambda self: self.session.state)
    variant = property(lambda self: self.p.variant)
    opponent = property(lambda self: self.p.opponent)
    level = property(lambda self: self.p.level)
    size = property(lambda self: self.p.size)
    k = property(lambda self: self.p.k)
    human = property(lambda self: self.pos.human)
    rows = property(lambda self: self.pos.rows)
    moves = property(lambda self: list(self.pos.moves))
    to_move = property(lambda self: self.pos.to_move)
    winner = property(lambda self: self.pos.winner)
    win_line = property(lambda self: self.pos.line)
    over = property(lambda self: self.pos.over)

    @property
    def last(self):
        return self.pos.moves[-1] if self.pos.moves else None

    @property
    def ai(self) -> str | None:
        return None if self.opponent == "friend" else other(self.human)

    def result(self) -> str | None:
        return outcome_of(self.p, self.pos)

    def legal(self, row: int, col: int) -> bool:
        return not self.over and 0 <= row < self.size and 0 <= col < self.size and self.rows[row][col] == "."


class TicTacToeScene(SessionScene):
    """One sitting at the board: games one after another; ``demo=True`` lets the AI play both sides. Laid out on
    the whole frame: the column keeps to the window's edge, the board is centred in the room left."""

    fills_frame = True

    def __init__(self, app, resume: bool = False, demo: bool = False, choose: bool = False, **options):
        from arcade import tictactoe

        self._rng = random.Random(app.seed)
        self.demo_index = 0
        self.demo_levels = {"X": "hard", "O": "medium"}
        if demo:
            options = {"variant": self._demo_variant(), "friend": True}
        super().__init__(app, tictactoe.GAME, resume=resume, options=options, demo=demo)
        self.match = MatchView(self.session)
        self.ai_client = AiClient(self._rng)  # the AI's moves and the hints, from the worker
        self.external = EngineClient(app.profile)  # a Gomocup engine, when that is the opponent
        self.chooser: Chooser | None = Chooser(self) if choose and not demo else None
        self.hover: tuple[int, int] | None = None
        self.cursor: tuple[int, int] | None = None  # shown once a key moves it
        self.pressed: tuple[int, int] | None = None  # the cell a click or tap went down on
        self.pressed_button: str | None = None
        self.layout = layout_for(self.area)
        self._new_view()
        self._reset_ai()
        self.t = 0.0
        self.since_move = 1.0
        self.since_over = 0.0
        self.demo_wait = 0.0
        self._settings = self._settings_now()
        self._results_text: str | None = None
        self.hud = Hud(self)

    # ----- building -----
    def _params_from_settings(self) -> Params:
        return self.session.backend.new_params(self.app.profile.get, {})

    def _settings_now(self) -> tuple:
        p = self.app.profile
        return tuple(p.get(f"tictactoe.{k}") for k in ("variant", "opponent", "side", "level"))

    def _demo_variant(self) -> str:
        """The demo's next board, and the two AI levels that play it."""
        variant = DEMO_VARIANTS[self.demo_index % len(DEMO_VARIANTS)]
        self.demo_index += 1
        if variant == "gomoku":
            pair = ("hard", "medium")
        else:
            pair = ("easy", "perfect") if variant == "3x3" else ("medium", "perfect")
        first = self._rng.randrange(2)
        self.demo_levels = {"X": pair[first], "O": pair[1 - first]}
        return variant

    def _new_view(self) -> None:
        self.view = BoardView(self.match.size, self.layout.board(self.match.size))
        n = self.match.size
        if self.cursor is None or not (0 <= self.cursor[0] < n and 0 <= self.cursor[1] < n):
            self.cursor = None
        self.hover = None

    def _reset_ai(self) -> None:
        self.ai_client.reset()
        self.external.reset()

    engine = property(lambda self: self.external.process, doc="the Gomocup engine's process, once started")
    forfeit = property(lambda self: self.external.forfeit, doc="why the engine lost (it failed), once it has")
    hint = property(lambda self: self.ai_client.hint, doc="the AI's move for the player, on the board until a move")
    hint_asked = property(lambda self: self.ai_client.hint_asked, doc="the moves a hint was asked for")

    # ----- who plays -----
    def ai_plays(self, side: str) -> bool:
        return self.demo or self.match.ai == side

    @property
    def ai_turn(self) -> bool:
        return not self.match.over and self.forfeit is None and self.ai_plays(self.match.to_move)

    @property
    def human_turn(self) -> bool:
        return not self.match.over and self.forfeit is None and not self.ai_plays(self.match.to_move)

    def level_of(self, side: str) -> str:
        return self.demo_levels[side] if self.demo else self.match.level

    # ----- lifecycle -----
    def resize(self, size) -> None:
        """The window turned: the board, the buttons and the chooser laid out for the new canvas; the game, the
        AI's pending reply, the hint and the clocks go on as they were."""
        self.layout = layout_for(size)
        self._new_view()
        self.pressed = self.pressed_button = None  # a press on the old layout is no press on the new one
        if self.chooser is not None:
            self.chooser.resize(size)

    def enter(self) -> None:
        if not self.demo:
            self.app.open("help", GAME_ID, first_launch=True)

    def exit(self) -> None:
        super().exit()
        self.external.close()
        self.ai_client.close()

    def uncover(self) -> None:
        # the settings may have changed under the pause overlay: a game not begun takes them at once
        now = self._settings_now()
        if not self.demo and now != self._settings and not self.match.moves and self.chooser is None:
            self.start(self._params_from_settings())
        self._settings = now
        self._results_text = None
        if self.chooser is not None:
            self.chooser.refresh()

    # ----- games -----
    def start(self, params: Params) -> None:
        """A new game with ``params``. The one on the board is left: recorded as abandoned if it was under way on the
        same board; on another board it is kept, and that board's saved game, if any, continues instead."""
        self.ai_client.cancel()
        self.external.close()
        self.session.new(params=params)
        self._reset_ai()
        if self.view.size != self.match.size:
            self._new_view()
        self.since_move = 1.0
        self.since_over = 0.0
        self.demo_wait = 0.0
        self._results_text = None
        self._settings = self._settings_now()

    def start_from_settings(self) -> None:
        self.chooser = None
        self.start(self._params_from_settings())

    def new_game(self) -> None:
        """The same board, opponent, side and level again (the chooser changes them)."""
        if self.demo:
            self.start(Params(self._demo_variant(), "friend", "X", "perfect"))
        else:
            m = self.match
            self.start(Params(m.variant, m.opponent, m.p.human, m.level))

    def open_chooser(self) -> None:
        if not self.demo:
            self.chooser = Chooser(self)

    def place(self, row: int, col: int, by_ai: bool = False) -> bool:
        """The side to move plays (row, col); False (nothing happens) if it is not legal now."""
        m = self.match
        if not m.legal(row, col) or by_ai != self.ai_turn:
            return False
        by = DEMO if self.demo else (OPPONENT if by_ai else HINT if (row, col) == self.hint else PLAYER)
        if not self.session.play((row, col), by=by):
            return False
        self.since_move = 0.0
        self._reset_ai()
        self.app.play("slide", 0.5)
        if m.over:
            self._game_over()
        return True

    def _game_over(self) -> None:
        self.since_over = 0.0
        m = self.match
        res = m.result()
        if self.demo:
            self.app.play("win" if m.winner else "menu_move", 0.6)
            return
        if res == "loss":
            self.app.play("game_over")
        elif res == "draw":
            self.app.play("menu_move")
        else:
            self.app.play("win")
        self._results_text = None

    def can_take_back(self) -> bool:
        return not self.demo

    def streak(self) -> int:
        """The player's wins against the AI in a row, up to the last game."""
        from arcade.engine.stats import current_streak

        return current_streak(self.app.profile.history(GAME_ID))

    def undo(self) -> bool:
        """Back to the person's previous turn (the AI's reply and the person's move; also after the end, for
        study: the game's result is already recorded). Against a friend: one move."""
        s = self.session
        if self.demo or not s.can_undo:
            return False
        while s.undo():
            if self.match.opponent == "friend" or not self.ai_turn:
                break
        self.changed()
        return True

    def redo(self) -> bool:
        """Forward again, up to the person's next turn."""
        s = self.session
        if self.demo or not s.can_redo:
            return False
        while s.redo():
            if self.match.opponent == "friend" or not self.ai_turn:
                break
        self.changed()
        return True

    def changed(self) -> None:
        self.ai_client.cancel()
        self._reset_ai()
        self.since_move = 1.0
        self.since_over = END_GRACE
        self.app.play("slide", 0.4)

    def swap(self) -> bool:
        """Against the AI: take the other side (the AI plays the side you had, from this position)."""
        m = self.match
        if self.demo or m.opponent != "ai" or m.over:
            return False
        self.ai_client.cancel()
        self.session.play("swap")
        self._reset_ai()
        self.app.profile.set("tictactoe.side", m.human)
        return True

    # ----- the hint -----
    def ask_hint(self) -> bool:
        """The AI's move for the player at its strongest level (H): asked of the worker, shown when it answers.
        The game counts as assisted from then on, and the move is logged as hinted if the player plays it."""
        m = self.match
        if self.demo or not self.human_turn or self.hint_asked == tuple(m.moves):
            return False
        seconds = float(self.app.profile.get("tictactoe.think")) if m.variant == "gomoku" else None
        self.ai_client.ask_hint(m, seconds)
        return True

    def _update_hint(self) -> None:
        if self.ai_client.poll_hint(self.match, self.human_turn):
            self.session.hint_taken()
            self.cursor = self.hint if self.cursor is not None else None

    def threat_marks(self) -> tuple:
        """Gomoku's fours and open threes on the board (the setting turns them off), computed once a position."""
        m = self.match
        if m.variant != "gomoku" or not self.app.profile.get("tictactoe.threats") or m.over:
            return ()
        pos = m.pos
        if getattr(self, "_threat_pos", None) is not pos:  # the position object is held, so a new one is a new board
            from arcade.tictactoe.threats import threats

            self._threat_pos, self._threat_cache = pos, tuple(threats(m.rows, m.k))
        return self._threat_cache

    # ----- the AI -----
    def _ask(self) -> None:
        m = self.match
        seconds = None
        if m.variant == "gomoku":
            seconds = DEMO_BUDGET if self.demo else float(self.app.profile.get("tictactoe.think"))
        self.ai_client.ask_move(m, self.level_of(m.to_move), seconds)

    def _update_engine(self, dt: float) -> None:
        """The opponent is a Gomocup engine: ask it (never waiting), play its move, or end the game if it fails."""
        r = self.external.update(self.match, dt)
        if isinstance(r, str):
            self._engine_lost(r)
        elif r is not None and not self.place(*r, by_ai=True):
            self._engine_lost(_("{name} played on a taken point").format(name=self.external.name()))

    def _engine_lost(self, reason: str) -> None:
        """An engine that crashed, hung, answered garbage or played an illegal move loses the game."""
        self.session.finish(self.external.lose(self.match, reason))
        self.since_over = 0.0
        self.app.play("win")

    def _update_ai(self, dt: float) -> None:
        if not self.ai_turn:
            return
        if self.match.opponent == "engine" and not self.demo:
            self._update_engine(dt)  # (ai_turn is False once the engine has lost)
            return
        if self.ai_client.asked != tuple(self.match.moves):
            self._ask()
        reply = self.ai_client.poll_move(self.match, dt)
        pause = DEMO_PAUSE if self.demo else AI_PAUSE
        if reply is not None and self.ai_client.think_t >= pause and self.since_move >= pause:
            self.place(*reply, by_ai=True)

    # ----- input -----
    def handle(self, event) -> None:
        if self.chooser is not None:
            self.chooser.handle(event)
            return
        if event.type == pygame.KEYDOWN:
            self.do(intent_of(event))
            return
        pos = pointer_motion(event)
        if pos is not None:
            if event.type == pygame.MOUSEMOTION:
                self.hover = self.view.cell_at(pos)
                self.cursor = None  # the mouse took over from the keys
            return
        down = pointer_down(event)
        if down is not None:
            if event.type == pygame.FINGERDOWN:
                self.hover = None  # a finger has no hover
            self.pressed = self.view.cell_at(down[:2])
            self.pressed_button = self._button_at(down[:2])
            return
        up = pointer_up(event)
        if up is not None:
            cell = self.view.cell_at(up[:2])
            button = self._button_at(up[:2])
            if button is not None and button == self.pressed_button:
                self.do(button)
            elif cell is not None and cell == self.pressed:
                self.click_cell(*cell)
            self.pressed = self.pressed_button = None

    def _button_at(self, pos) -> str | None:
        if self.layout.pause.collidepoint(pos):
            return "pause"
        for name, rect in self.layout.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None

    def click_cell(self, row: int, col: int) -> None:
        if self.match.over:
            if self.since_over >= END_GRACE:
                self.new_game()  # a tap on the finished board plays again
            return
        if self.human_turn:
            self.place(row, col)

    def do(self, intent: str | None) -> None:
        if intent in STEPS:
            n = self.match.size
            if self.cursor is None:
                self.cursor = self.match.last or (n // 2, n // 2)
            else:
                dr, dc = STEPS[intent]
                self.cursor = ((self.cursor[0] + dr) % n, (self.cursor[1] + dc) % n)
            self.hover = None
        elif intent == "place":
            if self.match.over:
                if self.since_over >= END_GRACE:
                    self.new_game()
            elif self.cursor is None:
                n = self.match.size
                self.cursor = self.match.last or (n // 2, n // 2)
            elif self.human_turn:
                self.place(*self.cursor)
        elif self.session_intent(intent):  # undo, redo, copy the game code
            pass
        elif intent == "new":
            self.new_game()
        elif intent == "hint":
            self.ask_hint()
        elif intent == "swap":
            self.swap()
        elif intent == "choose":
            self.open_chooser()
        elif intent == "pause":
            self.open_pause(on_restart=self.new_game)

    # ----- frame -----
    def update(self, dt: float) -> None:
        self.t += dt
        self.since_move += dt
        if self.match.over:
            self.since_over += dt
        self._update_ai(dt)
        self._update_hint()
        if self.demo and self.match.over:
            self.demo_wait += dt
            if self.demo_wait >= DEMO_RESTART:
                self.new_game()

    def snapshot(self) -> Snapshot:
        m = self.match
        hover = self.hover if self.human_turn and self.chooser is None else None
        return Snapshot(rows=m.rows, last=m.last, since_last=self.since_move, line=m.win_line,
                        since_line=self.since_over, hover=hover, hover_piece=m.to_move if hover else "",
                        cursor=self.cursor if not m.over and self.chooser is None and not self.demo else None,
                        hint=self.hint if self.human_turn else None, hint_piece=m.to_move,
                        threats=self.threat_marks(), t=self.t, safe=bool(self.app.profile.get("colour_safe")))

    def names(self) -> dict:
        return hud.names(self)

    def piece_name(self, side: str) -> str:
        return hud.piece_name(self.match.variant, side)

    def status(self) -> tuple[str, tuple]:
        return hud.status(self)

    def results_line(self) -> str:
        if self._results_text is None:
            self._results_text = hud.results_line(self)
        return self._results_text

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        # in the column the new-game card stands in the place of the players, the status and the buttons
        column = not (self.layout.landscape and self.chooser is not None)
        self.hud.draw_head(surface, column)
        self.view.draw(surface, self.snapshot())
        if not self.demo and column:
            self.hud.draw_foot(surface)
        if self.chooser is not None:
            self.chooser.draw(surface)


def make_scene(app, resume: bool = False, variant: str | None = None, level: str | None = None,
               side: str | None = None, friend: bool = False, engine: str | None = None, study: dict | None = None,
               **_):
    """A game: the saved one when ``resume`` and there is one (and no option asks for something else); otherwise
    the chooser opens over a new game from the settings, unless ``variant`` (the CLI's ``--variant``) was given.
    ``engine``: a Gomocup engine's path (kept as the setting): Gomoku against it."""
    if engine:
        app.profile.set("tictactoe.engine", engine)
        variant = "gomoku"
    options = {k: v for k, v in (("variant", variant), ("level", level), ("side", side)) if v is not None}
    if friend:
        options["friend"] = True
    elif engine:
        options["engine"] = True
    if study is not None:  # a replay played on from one of its positions
        options["study"] = study
    scene = TicTacToeScene(app, resume=resume, **options)
    if variant is None and study is None and not scene.match.moves:
        scene.chooser = Chooser(scene)
    return scene


def make_demo(app):
    return TicTacToeScene(app, demo=True)


def warm_steps(app):
    """The boards and marks of every variant, a few per idle menu frame (so the first frame of a game draws from
    the cache)."""
    frame = getattr(app, "frame_size", app.size)  # the board placed in the frame shown now first
    for landscape in (is_landscape(app.size), not is_landscape(app.size)):
        for size in sorted({v.size for v in VARIANTS.values()}):
            rect = layout_for(frame).board(size) if landscape == is_landscape(frame) else board_rect(size, landscape)
            yield from BoardView(size, rect).warm_steps()
    for goban in (False, True):
        for side in "XO":
            card_view(goban).mark(side)
            yield


def draw_position(surface, state, params) -> None:
    """A position of a replay, for the engine's replay scene."""
    from arcade.tictactoe.view import Snapshot as Snap

    size = params.size
    view = BoardView(size, board_rect(size, is_landscape(surface.get_size())))
    view.draw(surface, Snap(rows=state.rows, last=state.moves[-1] if state.moves else None, since_last=1.0,
                            line=state.line, since_line=1.0))


__all__ = ["TicTacToeScene", "MatchView", "make_scene", "make_demo", "warm_steps", "intent_of", "draw_position"]
