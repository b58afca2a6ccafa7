"""The session layer (the "midend" of Simon Tatham's Portable Puzzle Collection): one place that owns, for every
game, the move log, undo and redo (also after the game has ended), new game and restart, save and continue,
replays, game codes and the daily game, and the records the stats are made of.

A game supplies a small pure :class:`Backend` (its parameters, the start from a seed, how a move is applied and
written down, when the game is over and how it ended) and keeps only what is about the game itself. A scene holds a
:class:`Session` and calls :meth:`Session.play`, :meth:`~Session.undo`, :meth:`~Session.redo`,
:meth:`~Session.new`, :meth:`~Session.leave`; it draws :attr:`Session.state`.

**The log.** Every input is an event: a move (tagged with who made it: the player, the player taking a hint, the
AI's autoplay or the demo), an undo or a redo, with its time in milliseconds since the game began. States are the
positions along the current line: ``states[0]`` the start, ``states[pos]`` the one on screen; a move after an undo
cuts the line there (the events keep everything, so a replay shows the undo too).

**Chance.** A game with chance draws it only from ``rng(seed, ply)``: the same position reached by the same moves
gives the same tile, mine layout or stair, whatever was undone on the way, and the move as recorded carries what
chance decided (a 2048 move with the tile that followed it), so a replay never needs the generator.

**Records.** The first end reached is the game's result: recorded once (history, best, replay), never rewritten by
undoing and playing on, which is for study. A game in which the AI moved is recorded as the AI's (``by: "ai"``)
and never touches the player's best; a demo game is not recorded at all; hints taken are counted (``assisted``). A
game left for good before its end (a new game over it, or a game that is not saved left for the menu) is recorded
as ``abandoned``. Only this module writes games, bests, saves and replays to the profile and the replay store
(through a :class:`Store`); an architecture test keeps game scenes from doing it themselves.
"""
from __future__ import annotations

import datetime as _dt
import itertools
import logging
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from arcade.engine import codes
from arcade.engine.i18n import N_, _, ngettext
from arcade.engine.stats import current_streak

log = logging.getLogger("arcade")

__all__ = ["Backend", "Result", "Session", "Store", "Position", "PLAYER", "HINT", "AI", "DEMO", "rng_for",
           "replay_positions", "replay_data", "check_replay", "SESSION_FORMAT", "count", "moves_text", "replay_title"]

PLAYER, HINT, AI, DEMO, OPPONENT = "player", "hint", "ai", "demo", "opponent"
_LETTER = {PLAYER: "p", HINT: "h", AI: "a", DEMO: "d", OPPONENT: "o"}  # OPPONENT: the game's own opponent (the
#   tic-tac-toe AI the player plays against), whose moves leave the game the player's
_WHO = {v: k for k, v in _LETTER.items()}
UNDO, REDO = "~u", "~r"
SESSION_FORMAT = 1  # the "session" field of a save or a replay written by this module
MAX_EVENTS = 2_000_000
_TOKEN = re.compile(r"[0-9A-Za-z.:_+]{1,4096}")
OUTCOMES = ("won", "lost", "draw", "over")


def rng_for(seed: int, ply: int) -> random.Random:
    """The random generator of move ``ply`` (0 = the first) in the game with ``seed``: string seeding hashes with
    SHA-512, the same on every machine and Python version."""
    return random.Random(f"arcade:{seed}:{ply}")


def count(summary: dict, key: str, hi: int = 10**15) -> int:
    """``summary[key]``, a whole number 0..``hi`` (a replay summary's moves, tile, time ...); ``ValueError`` for
    anything else, so a damaged summary falls back to the replay's stored title."""
    v = summary[key]
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= hi:
        raise ValueError(f"replay summary: bad {key} {v!r}"[:120])
    return v


def moves_text(n: int) -> str:
    """"1 move", "1,203 moves" in the current language."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"replay summary: bad moves {n!r}"[:120])
    return ngettext("{n} move", "{n} moves", n).format(n=f"{n:,}")


def replay_title(backend: "Backend | None", replay) -> str:
    """A replay's one line in the current language: its summary through the game's :meth:`Backend.describe`, or
    the title stored with it (a replay written before summaries were kept, or one whose summary is damaged)."""
    if backend is None or not replay.summary:
        return replay.title
    try:
        return backend.describe(replay.summary)
    except Exception as e:  # noqa: BLE001 - a summary from a file anyone may have edited: the stored title stands
        log.debug("%s replay %s: summary not shown (%s: %s)", replay.game, replay.id, type(e).__name__, e)
        return replay.title


@dataclass(frozen=True)
class Result:
    """How a game ended: ``outcome`` is "won", "lost", "draw" or "over" (a run that ends without winning or losing,
    like Stairs); ``score`` the score recorded (for a time-scored game, the time in ms); ``fields`` the game's own
    record fields (the largest tile, the level, the cause of death ...)."""

    outcome: str
    score: int = 0
    fields: dict = field(default_factory=dict)
    best: int | None = None  # the value a best is kept of, when not the score (Minesweeper: the time of a win)

    def __post_init__(self):
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome {self.outcome!r}: expected one of {OUTCOMES}")


class Backend:
    """What a game tells the session: override the methods below. Pure: no pygame, no profile, no files.

    ``params`` is whatever the game likes (a dict, a tuple); :meth:`params_text` writes it as the short text of a
    game code ("4x4", "expert.ng") and :meth:`parse_params` reads it back. States should be small and immutable (or
    never mutated after :meth:`apply` returns them): the session keeps one per position for undo."""

    id: str = ""
    name: str = ""          # the game as messages name it ("tic-tac-toe"; default: the id)
    chance: bool = True     # the game has a seed: it gets codes and a daily game
    undoable: bool = True   # the session keeps the states for undo (False for a real-time game)
    saved: bool = True      # a game in progress is saved and continued (False for a real-time game)
    lower_is_better: bool = False  # the best is the lowest score (a time)
    streak_key: str = ""    # a profile key for the longest run of the player's wins (tic-tac-toe's best), or ""
    live_best: bool = False  # the best follows the score while the player plays (2048's BEST box), not only at the end
    hinted_best: bool = True  # a game in which hints were taken may still set the player's best

    def parse_params(self, text: str):
        raise NotImplementedError

    def params_text(self, params) -> str:
        raise NotImplementedError

    def code_params(self, text: str):
        """The parameters a game code names: :meth:`parse_params`, held to the limits a player may choose (a code
        is typed or pasted by a player; a replay or a save may hold parameters the game once allowed). Override where
        they are narrower than what :meth:`parse_params` reads. ``ValueError`` (one line) otherwise."""
        return self.parse_params(text)

    def new_params(self, setting: Callable[[str], Any], options: dict):
        """The parameters of a new game: from the settings (``setting(key)``) and the game's command-line
        options (``--size`` ...), the options first."""
        raise NotImplementedError

    def fits(self, params, options: dict) -> bool:
        """Whether a saved game with ``params`` is what the options ask for (``arcade play 2048 --size 5`` does
        not continue a 4x4 game); the default: any options fit."""
        return True

    def start(self, params, seed: int):
        """The state before the first move of the game with ``seed``."""
        raise NotImplementedError

    def apply(self, params, state, move, rng: random.Random) -> tuple[Any, Any]:
        """``(new state, the move as recorded)``: the recorded move carries what chance decided (drawn from
        ``rng``) so that applying it again to ``state`` gives the same new state. ``ValueError`` for a move the
        rules refuse (and for a recorded move that does not fit ``state``)."""
        raise NotImplementedError

    def result(self, params, state) -> Result | None:
        """None while the game goes on."""
        raise NotImplementedError

    def encode(self, params, move) -> str:
        """A recorded move as a short token: letters, digits and ``. : _ +``."""
        raise NotImplementedError

    def decode(self, token: str, params):
        """The move of :meth:`encode`'s token; ``ValueError`` for anything else."""
        raise NotImplementedError

    def best_key(self, params) -> str:
        """The profile key of the best for games with ``params`` (the game's id, or ``id + "/..."``)."""
        return self.id

    def board(self, params) -> str:
        """The board of games with ``params`` as short text ("4x4", "expert", "gomoku"), or "" for a game with one
        board: each board keeps its own game in progress (:meth:`save_key`)."""
        return ""

    def board_title(self, board: str) -> str:
        """:meth:`board`'s text as the player reads it, in the current language ("Expert")."""
        return board

    def save_key(self, params) -> str:
        """The profile key of the saved game of games with ``params``: the game's id, and its board after a slash.
        A game in progress on one board is never replaced by a game on another."""
        board = self.board(params)
        return f"{self.id}/{board}" if board else self.id

    def score(self, state) -> int:
        """The score shown while playing (an abandoned game is recorded with it)."""
        return 0

    def summary(self, params, state, result: Result | None, moves: int) -> dict:
        """What the replays list says about a finished game, as language-free plain values (the board, the
        result, the moves ...), kept in the replay; :meth:`describe` words it in the language of the moment it is
        shown."""
        return {"params": self.params_text(params), "moves": moves}

    def describe(self, summary: dict) -> str:
        """:meth:`summary`'s one line for the replays list and the replay scene, in the current language;
        ``ValueError`` (or any error) for parts it cannot read: the list then shows the replay's stored title."""
        params = summary["params"]
        if not isinstance(params, str):
            raise ValueError(f"{self.id} replay summary: bad params {params!r}")
        return f"{params} · {moves_text(summary['moves'])}"

    def result_if_left(self, params, state) -> Result | None:
        """How a game left before its end counts, when not as abandoned (2048 left on its win panel: won)."""
        return None

    def encode_state(self, params, state):
        """A start that is not a seed's (a board set up for a test or a screenshot), for saves and replays."""
        raise ValueError(f"{self.id}: a start that is not a seed's cannot be saved")

    def decode_state(self, params, data):
        """A start state written by an older format (a replay that holds its start position instead of a seed);
        ``ValueError`` when the game has no such format."""
        raise ValueError(f"{self.id}: a replay without a seed")

    def legacy(self, data: dict) -> dict:
        """A replay or save written before the session layer, as session data (``params``, ``seed`` or
        ``start``, ``log``, ``t``); ``ValueError`` when it is not one."""
        raise ValueError(f"{self.id}: not a replay of this version")


class Store:
    """Where a session's records go: the profile (history, bests, saves) and the replay store. The app's
    :meth:`from_app` is the real one; tests hand a :class:`MemoryStore`."""

    def __init__(self, profile, replays=None, notify: Callable[[str], None] | None = None):
        self.profile, self.replays, self.notify = profile, replays, notify

    @classmethod
    def from_app(cls, app) -> "Store":
        return cls(app.profile, getattr(app, "replays", None), getattr(app, "notify", None))

    def record(self, game_id: str, score: int, fields: dict) -> None:
        try:
            self.profile.record_game(game_id, score, **fields)
        except ValueError as e:  # a record the profile refuses: said on screen too, never only logged
            log.warning("game not recorded: %s", e)
            if self.notify is not None:
                self.notify(N_("This game could not be recorded (see the log)"))

    def submit_best(self, key: str, value: int, lower: bool) -> bool:
        return self.profile.submit_low(key, max(1, value)) if lower else self.profile.submit_score(key, value)

    def best(self, key: str, lower: bool):
        return self.profile.lowest(key) if lower else (self.profile.best(key) or None)

    def streak(self, game_id: str) -> int:
        """The player's current run of wins: their games won, lost or drawn, newest first, until one not won."""
        return current_streak(self.profile.history(game_id))

    def save(self, game_id: str, data: dict) -> None:
        self.profile.save_game(game_id, data)

    def saved(self, game_id: str) -> dict | None:
        return self.profile.saved_game(game_id)

    def saved_keys(self, game_id: str) -> list[str]:
        """The keys of ``game_id``'s saved games (one a board), the most recently saved first."""
        return self.profile.saved_games(game_id)

    def clear(self, game_id: str) -> None:
        self.profile.clear_saved(game_id)

    def set_aside(self, game_id: str, reason: str) -> None:
        self.profile.set_aside_save(game_id, reason)

    def add_replay(self, replay) -> None:
        if self.replays is not None:
            self.replays.add(replay)


class MemoryStore(Store):
    """A store in memory, for tests and headless runs."""

    def __init__(self):
        super().__init__(None)
        self.records: list[tuple[str, int, dict]] = []
        self.bests: dict[str, int] = {}
        self.saves: dict[str, dict] = {}
        self.aside: list[tuple[str, str]] = []
        self.replay_list: list = []

    def record(self, game_id, score, fields):
        self.records.append((game_id, score, dict(fields)))

    def submit_best(self, key, value, lower):
        old = self.bests.get(key)
        if old is None or (value < old if lower else value > old):
            self.bests[key] = value
            return True
        return False

    def best(self, key, lower):
        return self.bests.get(key)

    def streak(self, game_id):
        return current_streak([dict(f, score=s) for g, s, f in self.records if g == game_id])

    def save(self, game_id, data):
        self.saves.pop(game_id, None)  # the most recently saved last, as the profile keeps them
        self.saves[game_id] = data

    def saved(self, game_id):
        return self.saves.get(game_id)

    def saved_keys(self, game_id):
        return [k for k in reversed(self.saves) if k == game_id or k.startswith(game_id + "/")]

    def clear(self, game_id):
        self.saves.pop(game_id, None)

    def set_aside(self, game_id, reason):
        self.saves.pop(game_id, None)
        self.aside.append((game_id, reason))

    def add_replay(self, replay):
        self.replay_list.append(replay)


@dataclass(frozen=True)
class Position:
    """A position of a replay: the state after ``event`` (None for the start), made by ``by`` at ``ms``."""

    state: Any
    event: str | None
    by: str | None
    ms: int
    ply: int  # moves on the line that leads here


class Session:
    """One game in progress, from its start to the moment it is left.

    ``mode`` "play" records (history, bests, saves, replays) through ``store``; "demo" records nothing; "study"
    (a replay taken over, a game continued in a review) keeps undo and the log but records nothing either.
    """

    def __init__(self, backend: Backend, params, seed: int | None = None, *, store: Store | None = None,
                 mode: str = "play", daily: str | None = None, clock: Callable[[], float] = time.monotonic,
                 start=None, seeds: random.Random | None = None, coded: bool = False):
        if mode not in ("play", "demo", "study"):
            raise ValueError(f"session mode {mode!r}")
        self.backend, self.params, self.store, self.mode, self.clock = backend, params, store, mode, clock
        self.seeds = seeds  # where a new game's seed comes from (None: the system's randomness)
        self.seed = self._new_seed() if seed is None else int(seed)
        self.daily = daily
        self.coded = coded  # the game was started from its code (a shared game): the game screen names it
        self._start_override = start
        self._begin(self.backend.start(params, self.seed) if start is None else start)

    def _begin(self, start) -> None:
        self.states: list = [start]
        self.line: list[tuple[str, str]] = []  # (token, by) of the moves leading to states[1:]
        self.pos = 0
        self.events: list[str] = []
        self.times: list[int] = []
        self.t0 = self.clock()
        self.recorded: Result | None = None  # the first end reached
        self.new_best = False
        self.raised_best = False  # a live best (``Backend.live_best``) was raised by this game while it was played
        self.hints = 0
        self.ai_moved = False
        self.ended_at: int | None = None  # the event count when the first end was reached
        self._left = False
        self._refresh()

    # ----- what a scene reads -----
    @property
    def state(self):
        return self.states[self.pos]

    @property
    def result(self) -> Result | None:
        """How the position on screen ended, or None."""
        return self._result

    @property
    def over(self) -> bool:
        return self._result is not None

    @property
    def moves(self) -> int:
        """Moves on the line to the position on screen."""
        return self.pos

    @property
    def can_undo(self) -> bool:
        return self.backend.undoable and self.pos > 0

    @property
    def can_redo(self) -> bool:
        return self.backend.undoable and self.pos < len(self.states) - 1

    @property
    def by(self) -> str:
        """Whose game this is for the records: "ai" once the AI has moved, else "player"."""
        return AI if self.ai_moved else PLAYER

    @property
    def code(self) -> str | None:
        """The game code (None for a game without chance or a start that is not a seed)."""
        if not self.backend.chance or self._start_override is not None:
            return None
        return codes.make(self.backend.id, self.backend.params_text(self.params), self.seed)

    @property
    def label(self) -> str | None:
        """What the game screen says of where this game came from: "Daily 2026-11-28" for a daily game, "Code
        <code>" for a game started from its code, None for any other."""
        if self.daily:
            return _("Daily {date}").format(date=self.daily)
        if self.coded and self.code:
            return _("Code {code}").format(code=self.code)
        return None

    @property
    def save_key(self) -> str:
        """Where this game is saved: its board's key (:meth:`Backend.save_key`)."""
        return self.backend.save_key(self.params)

    def _refresh(self) -> None:
        self._result = self.backend.result(self.params, self.state)

    def _ms(self) -> int:
        """Milliseconds since the start, never before the last input's (a continued game's start is set back by
        its last time in float seconds, which can land a millisecond short of it)."""
        return max(int((self.clock() - self.t0) * 1000), self.times[-1] if self.times else 0)

    def _event(self, text: str) -> None:
        if len(self.events) >= MAX_EVENTS:
            raise ValueError("this game is too long to record")
        self.events.append(text)
        self.times.append(self._ms())

    def _advance(self, new, token: str, by: str) -> None:
        """The move ``token`` by ``by`` led to the state ``new``: it ends the line (what could be redone is gone) or,
        for a backend without undo, the state replaces the last. A move played live and one read back from a log
        both come this way."""
        if self.backend.undoable:
            del self.states[self.pos + 1:]
            del self.line[self.pos:]
            self.states.append(new)
        else:
            self.states = [new]
        self.line.append((token, by))
        self.pos = len(self.line) if self.backend.undoable else 0
        if by in (AI, DEMO):
            self.ai_moved = True

    # ----- inputs -----
    def play(self, move, by: str = PLAYER) -> bool:
        """Apply ``move`` by ``by``; False (nothing changes) when the rules refuse it or the game is over."""
        if by not in _LETTER:
            raise ValueError(f"who moved: {by!r}")
        if self._result is not None:
            return False
        try:
            new, recorded = self.backend.apply(self.params, self.state, move, rng_for(self.seed, self.pos))
        except ValueError:
            return False
        token = self.backend.encode(self.params, recorded)
        self._advance(new, token, by)
        self._event(_LETTER[by] + token)
        self._refresh()
        if self._result is not None and self.recorded is None:
            self._record_end(self._result)
        else:
            self._save()
            if self.backend.live_best and self.mode == "play" and self.store is not None and self.by == PLAYER:
                if self.store.submit_best(self.backend.best_key(self.params), self.backend.score(self.state), False):
                    self.raised_best = True
        return True

    @property
    def moves_played(self) -> int:
        """Moves on the current line (for a game without undo, every move)."""
        return len(self.line)

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self.pos -= 1
        self._event(UNDO)
        self._refresh()
        self._save()
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self.pos += 1
        self._event(REDO)
        self._refresh()
        self._save()
        return True

    def finish(self, result: Result) -> None:
        """The end of a real-time game, decided by its clock rather than by a move."""
        self._result = result
        if self.recorded is None:
            self._record_end(result)

    def hint_taken(self) -> None:
        """A hint was asked for: the game counts as assisted (``assisted`` = hints asked); a move that follows
        it is logged as the player's with a hint (``h``)."""
        self.hints += 1

    def _new_seed(self) -> int:
        return (self.seeds or random.SystemRandom()).getrandbits(codes.SEED_BITS)

    def new(self, seed: int | None = None, params=None) -> bool:
        """Leave this game and begin another with ``params`` (default: the same). On the same board the game left
        is recorded as abandoned if it was under way. On another board it is kept (saved under its board, as
        leaving for the menu keeps it), and the other board's saved game, if it has one, continues instead of a
        new one: True is returned then, and the player is told either way."""
        params = self.params if params is None else params
        if self.mode == "play" and self.store is not None and self.backend.saved \
                and self.backend.save_key(params) != self.save_key:
            return self._switch(params, seed)
        self.leave(keep_save=False)
        self.params = params
        self._begin_new(seed)
        return False

    def _begin_new(self, seed: int | None) -> None:
        self.seed = self._new_seed() if seed is None else int(seed)
        self.daily = None
        self.coded = False
        self._start_override = None
        self._begin(self.backend.start(self.params, self.seed))

    def _switch(self, params, seed: int | None) -> bool:
        """:meth:`new` on another board: this game is kept (a board nobody moved on is not), that board's saved
        game continues or a new game begins."""
        b = self.backend
        left = b.board_title(b.board(self.params))
        kept = bool(self.events) and self.recorded is None
        self.leave(keep_save=kept)
        other = Session.resume(b, self.store, b.save_key(params), clock=self.clock)
        if other is not None:
            seeds = self.seeds
            self.__dict__.update(other.__dict__)  # scenes hold this session: it becomes the continued game
            self.seeds = seeds
        else:
            self.params = params
            self._begin_new(seed)
        board = b.board_title(b.board(self.params))
        if kept and other is not None:
            self._say(_("Your {left} game is kept; your {board} game continues").format(left=left, board=board))
        elif kept:
            self._say(_("Your {left} game is kept: choose {left} again to continue it").format(left=left))
        elif other is not None:
            self._say(_("Your {board} game continues").format(board=board))
        return other is not None

    def saved_on(self, params) -> bool:
        """Another game is saved on the board of ``params`` (:meth:`new` with them continues it)."""
        key = self.backend.save_key(params)
        return self.mode == "play" and self.store is not None and key != self.save_key and \
            self.store.saved(key) is not None

    def _say(self, message: str) -> None:
        notify = getattr(self.store, "notify", None)
        if notify is not None:
            notify(message)

    def restart(self) -> None:
        """The same game again from its start (same seed), as a new game. A game without undo keeps no start
        (its one state moved on), so it begins again from its seed."""
        self.leave(keep_save=False)
        self._begin(self.states[0] if self.backend.undoable else self.backend.start(self.params, self.seed))

    def leave(self, keep_save: bool | None = None) -> None:
        """The player leaves the game. A saved game (``keep_save``, default: the backend saves) stays for
        continue; otherwise a game under way is recorded as abandoned."""
        if self._left:
            return
        keep = self.backend.saved if keep_save is None else keep_save
        if self.mode == "play" and keep and self.backend.saved and self.recorded is None:
            self._save()  # continued next time (an untouched board too: the same tiles come back)
            return
        if self.mode == "play" and self.recorded is None and self.line:
            self._record_abandoned()
        self._left = True
        if self.mode == "play" and self.store is not None and self.backend.saved and not keep:
            self.store.clear(self.save_key)

    # ----- records -----
    def _fields(self, outcome: str, result: Result | None) -> dict:
        f = {"by": self.by, "outcome": outcome, "assisted": self.hints, "moves": len(self.line)}
        if self.code:
            f["code"] = self.code
        if self.daily:
            f["daily"] = self.daily
        if result is not None:
            f.update(result.fields)
        return f

    def _record_end(self, result: Result) -> None:
        self.recorded = result
        self.ended_at = len(self.events)
        if self.mode != "play" or self.store is None:
            return
        b = self.backend
        value = result.best if result.best is not None else (None if b.lower_is_better else result.score)
        if self.by == PLAYER and value is not None and not b.streak_key and (b.hinted_best or not self.hints):
            key = b.best_key(self.params)
            self.new_best = self.store.submit_best(key, value, b.lower_is_better) or self.raised_best
            if self.daily:
                self.store.submit_best(f"{key}/daily/{self.daily}", value, b.lower_is_better)
        self.store.record(b.id, result.score, self._fields(result.outcome, result))
        if b.streak_key and self.by == PLAYER:
            streak = self.store.streak(b.id)
            if streak:
                self.new_best = self.store.submit_best(b.streak_key, streak, False) or self.new_best
        self.store.add_replay(self.replay(best=self.new_best))
        if b.saved:
            self.store.clear(self.save_key)

    def _record_abandoned(self) -> None:
        if self.store is None:
            return
        left = self.backend.result_if_left(self.params, self.state)
        if left is not None:
            self._record_end(left)
            return
        self.store.record(self.backend.id, max(0, int(self.backend.score(self.state))),
                          self._fields("abandoned", None))
        self.new_best = self.raised_best
        self.store.add_replay(self.replay(best=self.raised_best))

    def replay(self, best: bool = False):
        """This game as a :class:`arcade.engine.replays.Replay` (everything so far)."""
        from arcade.engine.replays import Replay

        end = self.recorded or self._result
        score = end.score if end is not None else max(0, int(self.backend.score(self.state)))
        summary = self.backend.summary(self.params, self.state, end, len(self.line))
        try:  # the title in the language of the moment: what an older version, which reads no summary, shows
            title = self.backend.describe(summary)[:200]
        except Exception as e:  # noqa: BLE001 - a wording that fails costs the replay its title, not the game
            log.warning("%s replay: no title (%s: %s)", self.backend.id, type(e).__name__, e)
            title = ""
        return Replay(self.backend.id, score, self.to_dict(), best=best, title=title, summary=summary)

    # ----- save and continue -----
    def to_dict(self) -> dict:
        d = {"session": SESSION_FORMAT, "params": self.backend.params_text(self.params), "seed": self.seed,
             "log": list(self.events), "t": list(self.times), "hints": self.hints}
        if self._start_override is not None:
            d["start"] = self.backend_start_data if self.backend_start_data is not None else \
                self.backend.encode_state(self.params, self.states[0])
        if self.daily:
            d["daily"] = self.daily
        if self.coded:
            d["coded"] = True
        if self.recorded is not None:
            d["ended"] = self.ended_at
            d["result"] = {"outcome": self.recorded.outcome, "score": self.recorded.score,
                           "fields": dict(self.recorded.fields)}
        return d

    backend_start_data: Any = None  # the encoded start of a replay that has no seed (older formats)

    def _save(self) -> None:
        if self.mode != "play" or self.store is None or not self.backend.saved:
            return
        if self._result is not None and self.pos == len(self.states) - 1 and self.recorded is not None:
            self.store.clear(self.save_key)  # like the original 2048: a finished game is not continued
            return
        self.store.save(self.save_key, self.to_dict())

    @classmethod
    def from_dict(cls, backend: Backend, data, *, store: Store | None = None, mode: str = "play",
                  clock: Callable[[], float] = time.monotonic) -> "Session":
        """A game continued from :meth:`to_dict` (every event replayed through the rules); ``ValueError`` (one
        line) for anything the rules refuse."""
        data = replay_data(backend, data)
        params = backend.parse_params(data["params"])
        start = None
        if "start" in data:
            start = backend.decode_state(params, data["start"])
        s = cls(backend, params, data.get("seed", 0), store=None, mode=mode, daily=data.get("daily"), clock=clock,
                start=start, coded=data.get("coded") is True)
        if start is not None:
            s.backend_start_data = data["start"]
        ended = data.get("ended")
        for i, (ev, ms) in enumerate(zip(data["log"], data["t"])):
            s._apply_event(ev, i)
            s.times[-1] = ms
            if ended is not None and i + 1 == ended and s.recorded is None:
                s.recorded, s.ended_at = s._result, ended
        s.hints = data.get("hints", s.hints)
        s.t0 = s.clock() - (data["t"][-1] / 1000 if data["t"] else 0)
        s.store = store
        return s

    def _apply_event(self, ev: str, i: int) -> None:
        if ev == UNDO:
            if not self.can_undo:
                raise ValueError(f"{self.backend.name or self.backend.id} game: input {i} undoes with nothing to undo")
            self.pos -= 1
            self._event(UNDO)
            self._refresh()
            return
        if ev == REDO:
            if not self.can_redo:
                raise ValueError(f"{self.backend.name or self.backend.id} game: input {i} redoes with nothing to redo")
            self.pos += 1
            self._event(REDO)
            self._refresh()
            return
        by = _WHO.get(ev[:1])
        if by is None:
            raise ValueError(f"{self.backend.name or self.backend.id} game: input {i} is not a move")
        move = self.backend.decode(ev[1:], self.params)
        if self._result is not None:
            raise ValueError(f"{self.backend.name or self.backend.id} game: input {i} is played after the end")
        try:
            new, recorded = self.backend.apply(self.params, self.state, move, rng_for(self.seed, self.pos))
        except ValueError as e:
            raise ValueError(f"{self.backend.name or self.backend.id} game: input {i}: {e}") from None
        if self.backend.encode(self.params, recorded) != ev[1:]:
            raise ValueError(f"{self.backend.name or self.backend.id} game: input {i} does not follow from the seed")
        self._advance(new, ev[1:], by)
        self._event(ev)
        self._refresh()
        if self._result is not None and self.recorded is None:
            self.recorded, self.ended_at = self._result, len(self.events)

    @classmethod
    def resume(cls, backend: Backend, store: Store, key: str | None = None, **kw) -> "Session | None":
        """The game saved under ``key`` (a board's :meth:`Backend.save_key`; default: the game's id), or None. A
        save the rules refuse is kept aside (never deleted) with one warning, and None is returned."""
        key = backend.id if key is None else key
        data = store.saved(key)
        if data is None:
            return None
        try:
            s = cls.from_dict(backend, data, store=store, **kw)
        except ValueError as e:
            store.set_aside(key, str(e))
            return None
        if s.save_key != key:  # not under its board's key (an older profile's, a file renamed by hand): moved there
            if store.saved(s.save_key) is not None:
                store.set_aside(key, f"another game is saved for its board ({s.save_key})")
                return None
            store.clear(key)
            s._save()
        return s

    @staticmethod
    def discard_saved(backend: Backend, store: Store, key: str | None = None) -> None:
        """A new game replaces the saved one under ``key`` (its board's): that one is recorded as abandoned and its
        save cleared. The saved games of other boards stay."""
        s = Session.resume(backend, store, key)
        if s is not None:
            s.leave(keep_save=False)


def file_saves_by_board(backend: Backend, store: Store) -> None:
    """A profile written before each board kept its own saved game holds one a game, under the game's id: it
    moves to its board's key (nothing else changes; on disk, ``saves/<game>.json`` becomes
    ``saves/<game>.<board>.json``). When that board holds a saved game already, the older one is kept aside with
    one warning, never dropped. A save that cannot be read stays where it is (continuing it sets it aside)."""
    if type(backend).board is Backend.board:
        return  # one board: its key is the id
    data = store.saved(backend.id)
    if data is None:
        return
    try:
        key = backend.save_key(backend.parse_params(replay_data(backend, data)["params"]))
    except (ValueError, KeyError, TypeError):
        return
    if key == backend.id:
        return
    if store.saved(key) is None:
        store.save(key, data)
        store.clear(backend.id)
    else:
        store.set_aside(backend.id, f"the {backend.board_title(key.split('/', 1)[1])} board has a saved game already")


def saved_boards(backend: Backend, store: Store) -> list[tuple[str, str]]:
    """``(save key, board title)`` of every saved game of ``backend``'s game, the most recently saved first (what the
    menu offers to continue); a game with one board gives its id and ""."""
    file_saves_by_board(backend, store)
    return [(k, backend.board_title(k.partition("/")[2])) for k in store.saved_keys(backend.id)]


# ----- replays -----
def replay_data(backend: Backend, data) -> dict:
    """``data`` (a replay's or a save's) as checked session data; an older format through the backend's
    :meth:`~Backend.legacy`. ``ValueError`` (one line) for anything else."""
    if not isinstance(data, dict):
        raise ValueError(f"{backend.name or backend.id} replay: not an object")
    if "session" not in data:
        data = backend.legacy(data)
    return check_replay(backend, data)


def check_replay(backend: Backend, data: dict) -> dict:
    what = f"{backend.name or backend.id} replay"
    if data.get("session") != SESSION_FORMAT:
        v = data.get("session")
        if isinstance(v, int) and not isinstance(v, bool) and v > SESSION_FORMAT:
            raise ValueError(f"{what}: written by a newer version of arcade (format {v})")
        raise ValueError(f"{what}: unknown format {v!r}")
    params, seed, events, times = (data.get(k) for k in ("params", "seed", "log", "t"))
    if not isinstance(params, str):
        raise ValueError(f"{what}: no parameters")
    try:
        backend.parse_params(params)
    except ValueError as e:  # a backend's message names the game already, or gets the replay's name in front
        raise ValueError(str(e) if str(e).lower().startswith(backend.id) else f"{what}: {e}") from None
    if ("start" not in data or "seed" in data) and not (
            isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << 128):
        raise ValueError(f"{what}: bad seed {seed!r}")
    if not isinstance(events, list) or not isinstance(times, list) or len(events) != len(times):
        raise ValueError(f"{what}: its inputs and their times do not match")
    if len(events) > MAX_EVENTS:
        raise ValueError(f"{what}: too long")
    prev = 0
    slipped = False
    for i, (ev, ms) in enumerate(zip(events, times)):
        if not isinstance(ev, str) or not (ev in (UNDO, REDO) or (ev[:1] in _WHO and _TOKEN.fullmatch(ev[1:]))):
            raise ValueError(f"{what}: input {i} is not a move, an undo or a redo")
        if not isinstance(ms, int) or isinstance(ms, bool) or ms < prev - 1 or ms > 10**11:
            raise ValueError(f"{what}: input {i} has a bad time")
        slipped |= ms < prev  # a millisecond back: written by an older version after a continue; read as prev
        prev = max(prev, ms)
    if slipped:
        data = dict(data, t=list(itertools.accumulate(times, max)))
    for k, ok in (("hints", lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0),
                  ("ended", lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 < v <= len(events)),
                  ("daily", lambda v: isinstance(v, str) and _is_date(v)), ("coded", lambda v: v is True)):
        if k in data and not ok(data[k]):
            raise ValueError(f"{what}: bad {k} {data[k]!r}")
    return data


def _is_date(text: str) -> bool:
    try:
        codes.parse_date(text)
        return True
    except ValueError:
        return False


def replay_positions(backend: Backend, data) -> list[Position]:
    """Every position of a replay in the order it was seen (undos and redos included), the start first.
    ``ValueError`` (one line) when an input does not follow the rules. A backend without undo keeps one state and
    moves it on (a real-time world): its positions all hold that one object, at the end."""
    data = replay_data(backend, data)
    params = backend.parse_params(data["params"])
    start = backend.decode_state(params, data["start"]) if "start" in data else None
    run = Session(backend, params, data.get("seed", 0), mode="study", start=start)
    out = [Position(run.state, None, None, 0, 0)]
    for i, (ev, ms) in enumerate(zip(data["log"], data["t"])):
        run._apply_event(ev, i)
        who = None if ev in (UNDO, REDO) else _WHO[ev[0]]
        out.append(Position(run.state, ev, who, ms, run.pos if backend.undoable else len(run.line)))
    return out


def today() -> str:
    """Today's date (local) as YYYY-MM-DD: the daily game's default."""
    return _dt.date.today().isoformat()


def open_session(app, game, *, resume: bool | str = False, options: dict | None = None, mode: str = "play",
                 seed: int | None = None) -> Session:
    """The session a game scene starts with. ``options`` are the scene's options: ``params`` starts a new game
    with those parameters; ``code`` (a :class:`arcade.engine.codes.Code`) plays that game; ``daily``
    (YYYY-MM-DD) the daily game; otherwise ``resume`` continues a saved game if there is one, and a new game is
    made from the settings and the game's own options (the backend's ``new_params(get_setting, options)``).

    Each board keeps its own saved game (:meth:`Backend.save_key`). ``resume`` True continues the one of the board
    the options and settings ask for, or else the most recently saved one the options allow (``arcade play 2048``
    continues a 4x4 game though the setting says 6x6 since; ``--size 6`` starts a 6x6 game and keeps the 4x4 one);
    ``resume`` a save key (the menu's Continue on a board) continues that one. A new game over a saved game on its
    board records that one as abandoned; the saved games of other boards stay."""
    backend = game.make_backend() if hasattr(game, "make_backend") else game
    store = Store.from_app(app) if mode == "play" else None
    clock = (lambda: app.time) if isinstance(getattr(app, "time", None), float) else time.monotonic
    opts = dict(options or {})
    code, daily, given = opts.pop("code", None), opts.pop("daily", None), opts.pop("params", None)
    seeds = app_seeds(app)
    if seed is None:
        seed = getattr(app, "seed", None)
    saves = mode == "play" and backend.saved
    if saves:
        file_saves_by_board(backend, store)
    if given is not None:  # a new game with these parameters (the game's chooser, tests)
        if saves:
            Session.discard_saved(backend, store, backend.save_key(given))
        return Session(backend, given, seed, store=store, mode=mode, clock=clock, seeds=seeds)
    if saves and resume and code is None and daily is None:
        s = _resumed(backend, store, resume, opts, lambda: backend.new_params(app.profile.get, opts), clock)
        if s is not None:
            s.seeds = seeds
            return s
    params = backend.code_params(code.params) if code is not None else backend.new_params(app.profile.get, opts)
    if saves:
        Session.discard_saved(backend, store, backend.save_key(params))
    if code is not None:
        return Session(backend, params, code.seed, store=store, mode=mode, clock=clock, seeds=seeds, coded=True)
    if daily is not None:
        text = backend.params_text(params)
        return Session(backend, params, codes.daily_seed(backend.id, text, daily), store=store, mode=mode,
                       daily=daily, clock=clock, seeds=seeds)
    return Session(backend, params, seed, store=store, mode=mode, clock=clock, seeds=seeds)


def _resumed(backend: Backend, store: Store, resume: bool | str, opts: dict, wanted, clock) -> Session | None:
    """The saved game :func:`open_session` continues (``wanted()``: the parameters a new game would have), or
    None. A saved game on the board asked for whose other options differ from the ones given (a tic-tac-toe
    level) is left for the new game, as a new game over it would leave it."""
    if isinstance(resume, str):
        return Session.resume(backend, store, resume, clock=clock)
    try:
        key = backend.save_key(wanted())
    except ValueError:  # settings a new game refuses: the saved games may still be continued
        key = None
    if key is not None:
        s = Session.resume(backend, store, key, clock=clock)
        if s is not None and backend.fits(s.params, opts):
            return s
        if s is not None:
            s.leave(keep_save=False)
            return None
    for other in store.saved_keys(backend.id):  # the newest game of another board the options allow
        s = Session.resume(backend, store, other, clock=clock)
        if s is not None and backend.fits(s.params, opts):
            return s
    return None


def app_seeds(app) -> random.Random | None:
    """With ``--seed`` (``app.seed``) every game after the first gets its seed from one generator seeded by it, so
    a whole run is repeatable; None (the system's randomness) otherwise."""
    seed = getattr(app, "seed", None)
    if seed is None:
        return None
    held = getattr(app, "_session_seeds", None)
    if held is None or held[0] != seed:
        held = (seed, random.Random(f"arcade-seeds:{seed}"))
        try:
            app._session_seeds = held
        except AttributeError:  # an app-like object that takes no attributes: a generator for this session
            pass
    return held[1]
