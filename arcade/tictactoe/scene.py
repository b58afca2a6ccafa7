"""The tic-tac-toe family's scene: input (clicks, taps, keys) -> the game's session (the engine's session layer:
its move log, undo and redo also after the end, saves, replays and records) -> :class:`~arcade.tictactoe.view.
BoardView` and the HUD around it; the AI asked through the engine's worker process (every variant: Gomoku
searches for a second, and even the 4x4 solver's cold start must not cost a frame); the chooser (board,
opponent, side, level); the AI-vs-AI demo.

Keys (the ``KEYS`` table): arrows move the cursor, Enter or Space place; U, Backspace or Ctrl+Z undo (the AI's reply
and your move, also after the end); Shift+U or Ctrl+Y redo; N new game; S swap sides with the AI; C the chooser
(Ctrl+C is not C: a game without chance has no code to copy); Esc pause. A click or tap on a cell places; the
mouse shows a preview of the mark under it.
"""
from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass

import pygame

from arcade.engine.ai_requests import Requests
from arcade.engine.i18n import N_, _
from arcade.engine.intents import CTRL, SHIFT, IntentMap
from arcade.engine.session import DEMO, HINT, OPPONENT, PLAYER
from arcade.engine.session_scene import SessionScene
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_landscape, pointer_down, pointer_motion, pointer_up
from arcade.engine.ui.text import Label, blit_center, draw_lines as text_lines, fit
from arcade.engine.ui.widgets import DISABLED_BG, DISABLED_INK, ButtonList, Dimmer, Item
from arcade.tictactoe import LEVEL_TITLES, VARIANT_TITLES, results
from arcade.tictactoe import ID as GAME_ID
from arcade.tictactoe.backend import Params, outcome_of
from arcade.tictactoe.rules import VARIANTS, other
from arcade.tictactoe.view import BoardView, Snapshot, board_rect

log = logging.getLogger("arcade")

THINK = "arcade.tictactoe.ai:think"
WARM = "arcade.tictactoe.ai:warm"
WORKER_MODE = "process"  # tests may use "thread": the same protocol without a process start per scene
AI_PAUSE = 0.35      # seconds the AI's reply waits at least, so the person sees their own mark land first
DEMO_PAUSE = 0.55    # seconds between the demo's moves
DEMO_RESTART = 3.0   # seconds the demo shows a finished game before the next
DEMO_VARIANTS = ("gomoku", "3x3", "4x4")
DEMO_BUDGET = 0.3    # the demo's Gomoku thinks this long a move (the hard level uses half)
END_GRACE = 0.8      # seconds a finished board ignores clicks and Enter (a late click does not start a new game)
SMALL_BUDGET = 2.0   # what the worker's hang detection assumes for the small boards' requests

LEVEL_NAMES = dict(LEVEL_TITLES)


def level_name(variant: str, level: str) -> str:
    """The level as shown: on Gomoku the top level is the strongest search, not a proof, so it is not "Perfect"."""
    if variant == "gomoku" and level == "perfect":
        return _("Strongest")
    return _(LEVEL_NAMES[level])
VARIANT_NAMES = {"3x3": "3 x 3", "4x4": "4 x 4", "gomoku": "Gomoku 15 x 15"}
INK = colors.TEXT
SOFT = INK  # secondary lines are told apart by size and weight: every text reads at 4.5:1 or more
WIN_GREEN = (60, 125, 55)
LOSS_RED = (180, 60, 45)
ON_GOLD = (74, 58, 40)  # dark ink for a label on the gold button

# layout of the 480 x 800 canvas
PAUSE_RECT = pygame.Rect(420, 14, 44, 44)
CARD_Y, CARD_H = 68, 54
CARDS = (pygame.Rect(24, CARD_Y, 210, CARD_H), pygame.Rect(246, CARD_Y, 210, CARD_H))  # X, O
STATUS_Y = 143
BUTTON_Y, BUTTON_H = 650, 52
BUTTONS = ("undo", "new", "swap", "choose")
BUTTON_LABELS = {"undo": N_("Undo"), "new": N_("New"), "swap": N_("Swap"), "choose": N_("Board"), "hint": N_("Hint")}
RESULTS_Y = 728
HINT_Y = 762
CHOOSER_CARD = pygame.Rect(36, 170, 408, 442)  # the title, the note and five rows of 56 + 12

# layout of the 840 x 560 canvas: the board on the left at nearly full height (view.board_rect), the rest in a
# column at its right: title and pause, the two players' cards, the status, the buttons (Hint among them: there
# is room), the results and the keys
SIDE_X, SIDE_W = 576, 248
SIDE_BUTTONS = (("undo", "hint"), ("new", "swap"), ("choose",))
SIDE_BUTTON_Y, SIDE_BUTTON_H, SIDE_GAP = 258, 46, 8


@dataclass(frozen=True)
class Layout:
    """Where everything but the board goes on one canvas; the board's own rect is ``view.board_rect``."""
    landscape: bool
    title: pygame.Rect        # its top-left and the width it may take
    pause: pygame.Rect
    cards: tuple              # X's card and O's
    status: pygame.Rect       # the status (centred; two lines in the column)
    buttons: dict             # name -> rect, in drawing order
    results: pygame.Rect
    keys: pygame.Rect         # the keys' line (two lines in the column)
    chooser: pygame.Rect      # the new-game card

    def board(self, size: int) -> pygame.Rect:
        return board_rect(size, self.landscape)


def _portrait_buttons() -> dict:
    w = (480 - 48 - 3 * 8) // 4
    return {name: pygame.Rect(24 + i * (w + 8), BUTTON_Y, w, BUTTON_H) for i, name in enumerate(BUTTONS)}


def _side_buttons() -> dict:
    out = {}
    for i, row in enumerate(SIDE_BUTTONS):
        w = (SIDE_W - SIDE_GAP * (len(row) - 1)) // len(row)
        for j, name in enumerate(row):
            out[name] = pygame.Rect(SIDE_X + j * (w + SIDE_GAP), SIDE_BUTTON_Y + i * (SIDE_BUTTON_H + SIDE_GAP), w,
                                    SIDE_BUTTON_H)
    return out


PORTRAIT = Layout(False, pygame.Rect(24, 16, 380, 40), PAUSE_RECT, CARDS, pygame.Rect(24, STATUS_Y - 15, 432, 30),
                  _portrait_buttons(), pygame.Rect(20, RESULTS_Y - 12, 440, 24), pygame.Rect(20, HINT_Y - 11, 440, 22),
                  CHOOSER_CARD)
LANDSCAPE = Layout(True, pygame.Rect(SIDE_X, 18, SIDE_W - 56, 40), pygame.Rect(SIDE_X + SIDE_W - 44, 14, 44, 44),
                   (pygame.Rect(SIDE_X, 68, SIDE_W, CARD_H), pygame.Rect(SIDE_X, 130, SIDE_W, CARD_H)),
                   pygame.Rect(SIDE_X, 194, SIDE_W, 56), _side_buttons(), pygame.Rect(SIDE_X, 426, SIDE_W, 44),
                   pygame.Rect(SIDE_X, 488, SIDE_W, 44), pygame.Rect(SIDE_X + SIDE_W - 408, 59, 408, 442))


def layout_for(size) -> Layout:
    return LANDSCAPE if is_landscape(size) else PORTRAIT


LIST_SEPARATORS = ("  |  ", " · ")  # a list's items ("a  |  b"), kept together on a line


def draw_lines(surface, text: str, box: pygame.Rect, size: int, colour, weight: str = "bold", lines: int = 2) -> None:
    """``text`` in at most ``lines`` lines centred in ``box`` (a size smaller if it must), a list broken between its
    items."""
    text_lines(surface, text, box, size, colour, weight, lines, LIST_SEPARATORS)


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


def button_rect(name: str, layout: Layout = PORTRAIT) -> pygame.Rect:
    return layout.buttons[name]


def make_worker():
    from arcade.engine.worker import Worker

    return Worker(THINK, WORKER_MODE, warm=WARM)


def card_view(goban: bool) -> BoardView:
    """A board whose marks come out about 32 px, for the player cards: a 3x3 of 200 px, or a goban of 36 px
    points (its art is cached by geometry like every board's)."""
    return BoardView(15, pygame.Rect(0, 0, 15 * 36, 15 * 36)) if goban else BoardView(3, pygame.Rect(0, 0, 200, 200))


def draw_cards(surface, names: dict, turn: str | None, winner: str | None, goban: bool, thinking: str | None = None,
               t: float = 0.0, cards: tuple | None = None) -> None:
    """The two players' cards (at ``cards``: over the board, or in the column beside it): the side to move
    (``turn``) framed, the winner in gold, a pulsing indicator on the card of a side that is ``thinking``."""
    for side, rect in zip("XO", cards or CARDS):
        turn_ = turn == side
        won = winner == side
        pygame.draw.rect(surface, colors.BUTTON if (turn_ or won) else colors.LABEL, rect, border_radius=10)
        if won:
            pygame.draw.rect(surface, colors.GOLD, rect, width=4, border_radius=10)
        elif turn_:
            pygame.draw.rect(surface, colors.TEXT, rect, width=3, border_radius=10)
        mark = card_view(goban).mark(side)
        if turn_ or won:  # a light disc under the mark: the dark X and black stone stand out on the dark card
            pygame.draw.circle(surface, colors.LABEL, (rect.x + 30, rect.centery), 21)
        surface.blit(mark, mark.get_rect(center=(rect.x + 30, rect.centery)))
        ink = colors.TEXT_LIGHT if (turn_ or won) else colors.BUTTON_HOVER
        label = fit(names[side], rect.w - 70, 22, ink)
        surface.blit(label, label.get_rect(midleft=(rect.x + 56, rect.centery)))
        if turn_ and thinking == side:  # the thinking indicator: three dots pulsing in turn
            for i in range(3):
                a = 0.5 + 0.5 * math.sin(t * 7 - i * 0.9)
                pygame.draw.circle(surface, colors.GOLD, (rect.right - 40 + i * 12, rect.bottom - 10),
                                   2 + round(2 * a))


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


class Chooser:
    """The new-game card over the board: board, opponent, side and level (kept as settings), and Start."""

    def __init__(self, scene: "TicTacToeScene"):
        self.scene = scene
        app = scene.app
        self.list = ButtonList([], pygame.Rect(0, 0, 0, 0), on_move=lambda: app.play("menu_move"),
                               on_select=lambda: app.play("menu_select"))
        self.resize(app.size)
        self.refresh()

    def resize(self, size) -> None:
        """The card where the canvas's layout puts it: over the board (portrait) or at the right (landscape)."""
        self.card = pygame.Rect(layout_for(size).chooser)
        self.list.rect = pygame.Rect(self.card.x + 28, self.card.y + 86, self.card.w - 56, 360)
        self.dim = Dimmer(size, (30, 25, 20, 150))

    def _cycle(self, key: str, choices: tuple):
        def adjust(d: int) -> None:
            ids = [c for c, _ in choices]
            cur = self.scene.app.profile.get(key)
            i = ids.index(cur) if cur in ids else 0
            self.scene.app.set_setting(key, ids[(i + d) % len(ids)])
            self.refresh()

        return adjust

    def refresh(self) -> None:
        p = self.scene.app.profile
        if p.get("tictactoe.opponent") == "engine" and not (p.get("tictactoe.variant") == "gomoku"
                                                            and p.get("tictactoe.engine")):
            self.scene.app.set_setting("tictactoe.opponent", "ai")  # an engine plays Gomoku only
        opponent = p.get("tictactoe.opponent")
        vs_ai = opponent in ("ai", "engine")
        if p.get("tictactoe.variant") == "gomoku":
            sides = (("X", _("Black (first)")), ("O", _("White (second)")))
        else:
            sides = (("X", _("X (first)")), ("O", _("O (second)")))
        opponents = (("ai", _("The AI")), ("friend", _("A friend")))
        if p.get("tictactoe.variant") == "gomoku" and p.get("tictactoe.engine"):
            opponents += (("engine", _("External engine")),)
        self.list.set_items([
            Item(_("Board"), detail=_(dict(VARIANT_TITLES)[p.get("tictactoe.variant")]), key="variant",
                 adjust=self._cycle("tictactoe.variant", VARIANT_TITLES)),
            Item(_("Opponent"), detail=dict(opponents)[p.get("tictactoe.opponent")], key="opponent",
                 adjust=self._cycle("tictactoe.opponent", opponents)),
            Item(_("You play"), detail=dict(sides)[p.get("tictactoe.side")], key="side", enabled=vs_ai,
                 adjust=self._cycle("tictactoe.side", sides)),
            Item(_("AI level"), detail=level_name(p.get("tictactoe.variant"), p.get("tictactoe.level")), key="level",
                 enabled=opponent == "ai",
                 adjust=self._cycle("tictactoe.level", LEVEL_TITLES)),
            Item(_("Start"), self.scene.start_from_settings, key="start"),
        ])

    def keys(self) -> list[str]:
        return [it.key for it in self.list.items]

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_ESCAPE
                                             or event.key == pygame.K_c and not event.mod & pygame.KMOD_CTRL):
            self.scene.chooser = None
            return
        up = pointer_up(event)
        if up is not None and not self.card.collidepoint(up[:2]):
            self.scene.chooser = None
            return
        self.list.handle(event)

    def draw(self, surface) -> None:
        self.dim.draw(surface)
        pygame.draw.rect(surface, colors.PAGE, self.card, border_radius=14)
        pygame.draw.rect(surface, colors.BOARD, self.card, width=3, border_radius=14)
        blit_center(surface, fit(_("New game"), self.card.w - 40, 34, INK), (self.card.centerx, self.card.y + 36))
        blit_center(surface, fit(_("Left / Right or click to change"), self.card.w - 40, 16, SOFT, "medium"),
                    (self.card.centerx, self.card.y + 66))
        self.list.draw(surface)


class TicTacToeScene(SessionScene):
    """One sitting at the board: games one after another; ``demo=True`` lets the AI play both sides."""

    def __init__(self, app, resume: bool = False, demo: bool = False, choose: bool = False, **options):
        from arcade import tictactoe

        self._rng = random.Random(app.seed)
        self.demo_index = 0
        self.demo_levels = {"X": "hard", "O": "medium"}
        if demo:
            options = {"variant": self._demo_variant(), "friend": True}
        super().__init__(app, tictactoe.GAME, resume=resume, options=options, demo=demo)
        self.match = MatchView(self.session)
        self.requests = Requests(lambda: make_worker())  # the AI's moves and hints (arcade.engine.ai_requests)
        self.engine = None   # a Gomocup engine process, when that is the opponent
        self.forfeit = None  # why the engine lost (it failed), once it has
        self.chooser: Chooser | None = Chooser(self) if choose and not demo else None
        self.hover: tuple[int, int] | None = None
        self.cursor: tuple[int, int] | None = None  # shown once a key moves it
        self.pressed: tuple[int, int] | None = None  # the cell a click or tap went down on
        self.pressed_button: str | None = None
        self.layout = layout_for(app.size)
        self._new_view()
        self._reset_ai()
        self.t = 0.0
        self.since_move = 1.0
        self.since_over = 0.0
        self.demo_wait = 0.0
        self._settings = self._settings_now()
        self._results_text: str | None = None
        self._status = Label(22, INK, max_width=432)
        self._results = Label(17, INK, "medium", max_width=440)

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
        self.asked: tuple | None = None  # the moves the pending request was made for
        self.reply = None                # (moves, move) once the worker answered
        self.think_t = 0.0
        self.hint_asked: tuple | None = None  # the moves a hint was asked for
        self.hint: tuple[int, int] | None = None  # the AI's move for the player, on the board until a move

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
        self._close_engine()
        self.requests.close()

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
        self.requests.cancel()
        self._close_engine()
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
        self.requests.cancel()
        self._reset_ai()
        self.since_move = 1.0
        self.since_over = END_GRACE
        self.app.play("slide", 0.4)

    def swap(self) -> bool:
        """Against the AI: take the other side (the AI plays the side you had, from this position)."""
        m = self.match
        if self.demo or m.opponent != "ai" or m.over:
            return False
        self.requests.cancel()
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
        self.requests.ask(("hint", tuple(m.moves)), m.rows, m.k, "perfect", self._rng.randrange(1 << 30), seconds,
                          budget=seconds if seconds is not None else SMALL_BUDGET)
        self.hint_asked, self.hint = tuple(m.moves), None
        return True

    def _update_hint(self) -> None:
        if self.hint_asked is None or self.hint is not None:
            return
        if self.hint_asked != tuple(self.match.moves) or not self.human_turn:
            self.hint_asked = None
            return
        answer = self.requests.poll()
        if answer is None:
            return
        key, r = answer
        if key != ("hint", self.hint_asked):
            return  # an answer about another position
        move = self._move_of(r)
        if move is None:
            self.hint_asked = None  # the worker was replaced: H asks again
            return
        self.hint = move
        self.session.hint_taken()
        self.cursor = move if self.cursor is not None else None

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
        side = m.to_move
        level = self.level_of(side)
        seconds = None
        if m.variant == "gomoku":
            seconds = DEMO_BUDGET if self.demo else float(self.app.profile.get("tictactoe.think"))
        budget = seconds if seconds is not None else SMALL_BUDGET
        self.requests.ask(("move", tuple(m.moves)), m.rows, m.k, level, self._rng.randrange(1 << 30), seconds,
                          budget=budget)
        self.asked = tuple(m.moves)
        self.think_t = 0.0

    def _move_of(self, r):
        """The move in the worker's reply ``r``; a greedy move if the reply failed or is not a legal move; None
        when the worker was replaced (ask again)."""
        move = r.value
        if r.ok and isinstance(move, tuple) and len(move) == 2 and self.match.legal(*move):
            return move
        if r.restarted:
            return None
        return self._fallback(r.error or f"bad move {move!r}")

    def _fallback(self, why: str):
        """The worker failed: a move from the quick greedy baseline (pure, milliseconds), so the game goes on."""
        from arcade.tictactoe.baselines import greedy_move

        log.warning("tic-tac-toe AI: %s; playing a greedy move instead", why.splitlines()[0] if why else "no answer")
        return greedy_move(self.match.rows, self.match.k, self._rng)

    # ----- an external engine -----
    def _engine_name(self) -> str:
        import os

        path = self.app.profile.get("tictactoe.engine") or ""
        return os.path.basename(path) or _("Engine")

    def _update_engine(self, dt: float) -> None:
        """The opponent is a Gomocup engine: ask it (never waiting), play its move, or end the game if it fails."""
        from arcade.tictactoe.external import EngineProcess, Failure

        m = self.match
        if self.engine is None or self.engine.state in ("failed", "closed"):
            path = self.app.profile.get("tictactoe.engine")
            turn_ms = round(float(self.app.profile.get("tictactoe.think")) * 1000)
            self.engine = EngineProcess([path], size=m.size, turn_ms=turn_ms)
            failed = self.engine.start()
            if failed is not None:
                return self._engine_lost(failed.reason)
        if self.asked != tuple(m.moves):
            order = [(c, r, 1 + i % 2) for i, (r, c) in enumerate(m.moves)]  # x is the column; X moved first
            failed = self.engine.ask(order)
            self.asked = tuple(m.moves)
            self.think_t = 0.0
            if failed is not None:
                return self._engine_lost(failed.reason)
        self.think_t += dt
        r = self.engine.poll()
        if isinstance(r, Failure):
            self._engine_lost(r.reason)
        elif r is not None and not self.place(r.y, r.x, by_ai=True):
            self._engine_lost(_("{name} played on a taken point").format(name=self._engine_name()))

    def _engine_lost(self, reason: str) -> None:
        """An engine that crashed, hung, answered garbage or played an illegal move loses the game."""
        from arcade.engine.session import Result
        from arcade.tictactoe.backend import RESULT_SCORE

        log.warning("external engine: %s", reason)
        if self.engine is not None:
            self.engine.close()
        self.forfeit = reason
        m = self.match
        self.session.finish(Result("won", RESULT_SCORE["win"], {"variant": m.variant, "opponent": "engine",
                                                                "result": "win", "level": "engine",
                                                                "side": m.human, "forfeit": reason[:200]}))
        self.since_over = 0.0
        self.app.play("win")

    def _close_engine(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None
        self.forfeit = None

    def _update_ai(self, dt: float) -> None:
        if not self.ai_turn:
            return
        if self.match.opponent == "engine" and not self.demo:
            self._update_engine(dt)  # (ai_turn is False once the engine has lost)
            return
        if self.asked != tuple(self.match.moves):
            self._ask()
        self.think_t += dt
        answer = self.requests.poll() if self.reply is None else None
        if answer is not None and answer[0] == ("move", self.asked):  # an answer about this position
            self.reply = self._move_of(answer[1])
            if self.reply is None:
                self.asked = None  # the worker was replaced: ask again
                return
        pause = DEMO_PAUSE if self.demo else AI_PAUSE
        if self.reply is not None and self.think_t >= pause and self.since_move >= pause:
            self.place(*self.reply, by_ai=True)

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
        m = self.match
        if self.demo:
            return {s: _("AI {level}").format(level=level_name(m.variant, self.demo_levels[s])) for s in "XO"}
        if m.opponent == "friend":
            return {"X": _("Player 1"), "O": _("Player 2")}
        if m.opponent == "engine":
            return {m.human: _("You"), m.ai: self._engine_name()}
        return {m.human: _("You"), m.ai: _("AI {level}").format(level=level_name(m.variant, m.level))}

    def piece_name(self, side: str) -> str:
        """X and O on the small boards; Black and White stones on Gomoku."""
        if self.match.variant == "gomoku":
            return _("Black") if side == "X" else _("White")
        return side

    def status(self) -> tuple[str, tuple]:
        m = self.match
        names = self.names()
        if self.forfeit is not None:
            return _("You win: {reason}").format(reason=self.forfeit), WIN_GREEN
        if m.over:
            if m.winner is None:
                return _("A draw: the board is full"), INK
            res = m.result()
            if res == "win":
                return _("You win! {k} in a row").format(k=m.k), WIN_GREEN
            if res == "loss":
                return _("The AI wins with {k} in a row").format(k=m.k), LOSS_RED
            return _("{name} ({piece}) wins!").format(name=names[m.winner], piece=self.piece_name(m.winner)), WIN_GREEN
        if self.ai_turn and m.opponent == "engine" and self.engine is not None and self.engine.messages:
            return f"{names[m.to_move]}: {self.engine.messages[-1]}", SOFT  # the engine's own words
        if self.ai_turn:
            dots = "." * (1 + int(self.t * 3) % 3)
            return _("{name} is thinking").format(name=names[m.to_move]) + dots.ljust(3), SOFT
        if m.opponent == "friend" and not self.demo:
            return _("{name} to play ({piece})").format(name=names[m.to_move], piece=self.piece_name(m.to_move)), INK
        if self.hint_asked is not None and self.hint is None and self.human_turn:
            return _("Looking for your best move..."), SOFT
        if self.hint is not None and self.human_turn:
            return _("Hint: the ring ({piece})").format(piece=self.piece_name(m.to_move)), INK
        return _("Your turn ({piece})").format(piece=self.piece_name(m.to_move)), INK

    def draw(self, surface) -> None:
        surface.fill(colors.PAGE)
        m = self.match
        lay = self.layout
        title = _(VARIANT_NAMES[m.variant])
        surface.blit(fit(title, lay.title.w, 30 if lay.landscape else 34, INK), lay.title.topleft)
        self._draw_pause(surface)
        # in the column the new-game card stands in the place of the players, the status and the buttons
        column = not (lay.landscape and self.chooser is not None)
        if column:
            self._draw_cards(surface)
            text, ink = self.status()
            if lay.landscape:
                draw_lines(surface, text, lay.status, 20, ink)
            else:
                self._status.color = ink
                blit_center(surface, self._status.get(text), (240, STATUS_Y))
        self.view.draw(surface, self.snapshot())
        if not self.demo and column:
            self._draw_buttons(surface)
            self._draw_footer(surface)
        if self.chooser is not None:
            self.chooser.draw(surface)

    def _draw_pause(self, surface) -> None:
        if self.demo:
            return
        r = self.layout.pause
        pygame.draw.rect(surface, colors.BUTTON, r, border_radius=8)
        for x in (r.centerx - 7, r.centerx + 3):
            pygame.draw.rect(surface, colors.TEXT_LIGHT, (x, r.y + 12, 5, r.h - 24), border_radius=2)

    def _draw_cards(self, surface) -> None:
        m = self.match
        thinking = m.to_move if not m.over and self.ai_plays(m.to_move) else None
        draw_cards(surface, self.names(), None if m.over else m.to_move, m.winner, self.view.goban, thinking, self.t,
                   self.layout.cards)

    def _draw_buttons(self, surface) -> None:
        m = self.match
        enabled = {"undo": self.session.can_undo, "new": True,
                   "swap": m.opponent == "ai" and not m.over, "choose": True,
                   "hint": self.human_turn and self.hint is None and self.hint_asked != tuple(m.moves)}
        for name, r in self.layout.buttons.items():
            on = enabled[name]
            highlight = name == "new" and m.over
            col = colors.GOLD if highlight else colors.BUTTON if on else DISABLED_BG
            pygame.draw.rect(surface, col, r, border_radius=8)
            label = _("Again") if highlight else _(BUTTON_LABELS[name])
            ink = ON_GOLD if highlight else colors.TEXT_LIGHT if on else DISABLED_INK
            blit_center(surface, fit(label, r.w - 12, 22, ink), r.center)

    def results_line(self) -> str:
        if self._results_text is None:
            self._results_text = self._results_line()
        return self._results_text

    def _results_line(self) -> str:
        m = self.match
        if m.opponent == "friend":
            return _("Two players at one screen")
        engine = m.opponent == "engine"
        c = results(self.app.profile.history(GAME_ID)).get((m.variant, "engine" if engine else m.level))
        w, d, l_ = (c["win"], c["draw"], c["loss"]) if c else (0, 0, 0)
        if engine:
            return _("vs {name}: {w} won, {d} drawn, {l} lost").format(name=self._engine_name(), w=w, d=d, l=l_)
        return _("vs AI {level}: {w} won, {d} drawn, {l} lost").format(level=level_name(m.variant, m.level), w=w, d=d,
                                                                        l=l_)

    def _draw_footer(self, surface) -> None:
        keys = _("Arrows + Enter  |  H hint  |  U undo  |  Esc pause")
        if self.layout.landscape:
            draw_lines(surface, self.results_line(), self.layout.results, 17, INK, "medium")
            draw_lines(surface, keys, self.layout.keys, 15, SOFT, "medium")
            return
        blit_center(surface, self._results.get(self.results_line()), (240, RESULTS_Y))
        blit_center(surface, fit(keys, 440, 16, SOFT, "medium"), (240, HINT_Y))


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
    for landscape in (is_landscape(app.size), not is_landscape(app.size)):  # the canvas shown now first
        for size in sorted({v.size for v in VARIANTS.values()}):
            yield from BoardView(size, board_rect(size, landscape)).warm_steps()
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


__all__ = ["TicTacToeScene", "Chooser", "make_scene", "make_demo", "warm_steps", "intent_of", "button_rect",
           "Layout", "PORTRAIT", "LANDSCAPE", "layout_for", "draw_lines",
           "draw_cards", "card_view", "level_name", "VARIANT_NAMES", "MatchView", "draw_position"]
