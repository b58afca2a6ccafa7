"""What a game tells the house about itself: the ``GAME`` record every game package exports.

    # arcade/mygame/__init__.py
    from arcade.engine.plugin import Best, GameInfo, HelpCard
    GAME = GameInfo(id="mygame", title="My Game", blurb="One line under the title", scene="arcade.mygame.scene",
                    best=Best(), help=HelpCard("How to play", (("Arrows", "move"),)))

and one line in ``arcade/games.py``. The menu, the demo rotation, the settings scene, the help cards, the stats
screen, ``arcade play NAME`` (with the game's own options), ``arcade bench NAME``, the developer tools and the
preloader are all driven by these records: nothing outside a game's package names the game.

The record is plain data plus small pure functions, so importing a game package stays cheap (the CLI reads every
record to build its help); the scene module named by ``scene`` is imported only when the game starts, or by the
menu's prefetch thread while it idles. The scene module offers ``make_scene(app, resume=False, **options)``,
``make_demo(app)`` (or None: the game sits out of the demo) and optionally ``warm_steps(app)``, a generator that
prepares art in small steps on the menu's idle frames.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Callable, Sequence

from arcade.engine.settings import Spec

__all__ = ["GameInfo", "Best", "HelpCard", "Option", "Bench", "Command", "Bars", "Breakdown", "help_seen_key", "register",
           "format_time"]


def help_seen_key(game_id: str) -> str:
    """The hidden setting that remembers the game's help card was shown on its first launch."""
    return f"help.{game_id}"


def register(games) -> dict:
    """Make the games' settings (and their hidden help-seen flags) and the limits of their bests known to the profile;
    returns the games by id.
    Done by :func:`arcade.games.load` and by the app when it is handed its games."""
    from arcade.engine import settings, storage

    games = dict(games) if isinstance(games, dict) else {g.id: g for g in games}
    for g in games.values():
        settings.register(g.settings)
        if g.best.limit is not None:
            storage.limit_bests(g.id, g.best.limit)
        settings.register([Spec(help_seen_key(g.id), f"{g.title} help seen", False, "bool", hidden=True)])
    return games


@dataclass(frozen=True)
class Best:
    """How a game's best score is keyed and compared.

    ``key``: the profile key of the best shown in the menu (a string, or a function of the profile for a game whose
    best depends on a setting, like 2048's board size; default: the game's id). Every key of the game is the id or
    starts with ``id + "/"``. ``lower``: a lower value is better (a time); ``unit`` "s" shows it as a time.
    ``limit``: the most a best under a key can be (a function of the key, None for no limit of its own), what the
    game's board can reach; the profile refuses a higher one on load as a crafted value."""

    key: str | Callable | None = None
    lower: bool = False
    unit: str = ""
    limit: Callable[[str], int | None] | None = None

    def format(self, value) -> str:
        if self.unit == "s":
            return format_time(value)
        return str(value)


def format_time(ms) -> str:
    """How a time is written everywhere (a game's timer, its end card, stats and bests): seconds to the tenth,
    ``"12.3 s"`` (rounded half up; "-" for no time)."""
    if isinstance(ms, bool) or not isinstance(ms, (int, float)) or ms != ms or ms < 0:
        return "-"
    tenths = int(ms + 50) // 100
    return f"{tenths // 10}.{tenths % 10} s"


@dataclass(frozen=True)
class HelpCard:
    """The controls card shown on a game's first launch and from its pause menu: rows of (keys, what they do);
    a row with empty keys is a line of prose."""

    title: str
    rows: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Option:
    """A command-line option of ``arcade play ID``: ``flags`` and argparse keyword arguments (``type``, ``help``,
    ``metavar``, ``choices``, ``action`` ...). The parsed value reaches ``make_scene`` as a keyword argument named
    by ``dest`` (an option left out is not passed at all)."""

    flags: tuple[str, ...]
    dest: str
    kwargs: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Bench:
    """A benchmark offered as ``arcade bench NAME``: a module of the game's ``bench/`` package with
    ``add_arguments(parser)`` and ``run(args)``, imported only when that benchmark runs."""

    name: str
    module: str
    help: str


@dataclass(frozen=True)
class Command:
    """A command of the game's own on the command line, ``arcade NAME`` (a Gomoku engine for tournament managers):
    a module with ``add_arguments(parser)`` and ``run(args)``, imported only when that command runs."""

    name: str
    module: str
    help: str


@dataclass(frozen=True)
class Bars:
    """A bar chart for the stats screen: one bar per value, optional labels under the bars."""

    title: str
    values: Sequence[int]
    labels: Sequence[str] | None = None


@dataclass(frozen=True)
class Breakdown:
    """Counts by category for the stats screen: rows of (label, count, icon image name or "")."""

    title: str
    rows: Sequence[tuple[str, int, str]]


@dataclass(frozen=True)
class GameInfo:
    id: str                                   # CLI name and profile key: lower case, no spaces
    title: str                                # shown in the menu and on tabs
    scene: str                                # the scene module (see the module docstring)
    blurb: str = ""                           # one line shown in the menu
    icon: str = ""                            # an image under assets/images ("" = none)
    best: Best = Best()
    settings: tuple[Spec, ...] = ()           # shown in the settings scene under the game's title
    help: HelpCard | None = None
    stats: Callable[[list], list] | None = None  # history records -> [Bars | Breakdown], the game's own charts
    options: tuple[Option, ...] = ()          # `arcade play ID` options
    prefetch: tuple[str, ...] = ()            # modules the menu imports in the background besides the scene
    benches: tuple[Bench, ...] = ()
    commands: tuple[Command, ...] = ()        # `arcade NAME` commands of the game's own
    demo: bool = True                         # takes part in the demo and attract mode
    scores: str = "Recent scores"             # the stats chart's title: what a history record's score means
    score_unit: str = ""                      # shown after the average and the chart's scale ("%")
    wins: bool = True                         # games end won or lost (the stats show a Won count); Stairs: runs
    outcome_bars: bool = False                # the recent chart's bars coloured by result (a loss scoring 0 still shows)
    scored: Callable[[dict], bool] | None = None  # which history records have a score worth averaging and charting
    #                                           (None = all; tic-tac-toe: games against the AI, not between friends)
    replay: str = ""                          # module with make_replay(app, replay) -> a scene and validate(data)
    #                                           (optional label(replay) -> str for the list; "" = no replays)
    dev_hooks: str = ""                       # module of the game's bench/ package with its hooks for arcade/dev
    #                                           (bench all's rows, frames, soak, fuzz checks; see arcade.dev.hooks)
    backend: str = ""                         # "module:NAME" of the game's session backend
    #                                           (arcade.engine.session.Backend): undo, saves, replays, codes, stats
    compiled: str = ""                        # "module:function" that compiles (or loads from numba's cache) the
    #                                           game's compiled searches; run at set-up (python -m arcade.dev.precompile,
    #                                           which make runs) so a player's first AI answer never waits for it

    def __post_init__(self) -> None:
        if not self.id or not self.id.replace("-", "").isalnum() or self.id != self.id.lower():
            raise ValueError(f"game id {self.id!r}: lower-case letters, digits and '-' only")
        for spec in self.settings:
            if not spec.section:
                raise ValueError(f"setting {spec.key!r} of {self.id}: no section")

    # ----- the scene module -----
    def module(self):
        return importlib.import_module(self.scene)

    def make_scene(self, app, resume: bool = False, **options):
        return self.module().make_scene(app, resume=resume, **options)

    def make_demo(self, app):
        return self.module().make_demo(app)

    def make_replay(self, app, replay):
        """The game's replay scene for a :class:`arcade.engine.replays.Replay` (ValueError if it is not one)."""
        if self.replay:
            return importlib.import_module(self.replay).make_replay(app, replay)
        if self.backend:
            from arcade.engine.session_replay import make_replay

            return make_replay(app, replay, self)
        raise ValueError(f"{self.title} has no replays")

    def validate_replay(self, data) -> None:
        """``ValueError`` (one line) unless ``data`` is a replay of this game that replays to its end."""
        if self.replay:
            importlib.import_module(self.replay).validate(data)
        elif self.backend:
            from arcade.engine.session_replay import validate

            validate(self, data)
        else:
            raise ValueError(f"{self.title} has no replays")

    @property
    def has_replays(self) -> bool:
        return bool(self.replay or self.backend)

    def replay_label(self, replay) -> str:
        """How the replays list names a replay: the replay module's ``label(replay)`` (a time, a result), or the
        score. Imports the module: call it off the UI thread."""
        fn = getattr(importlib.import_module(self.replay), "label", None) if self.replay else None
        return fn(replay) if fn is not None else f"{replay.score:,}"

    def replay_title(self, replay) -> str:
        """A replay's one line (board, result, moves ...) in the current language, from its summary through the
        game's backend; the title stored with it when it has no summary the backend can read. Imports the
        backend's module the first time."""
        from arcade.engine.session import replay_title

        return replay_title(self.make_backend(), replay)

    def make_backend(self):
        """The game's session backend (None for a game without one). Imports its module."""
        if not self.backend:
            return None
        module, _, name = self.backend.partition(":")
        return getattr(importlib.import_module(module), name or "BACKEND")

    def warm_steps(self, app):
        """The scene module's optional ``warm_steps(app)`` generator, or an empty one. Imports the module: call it
        once the menu's prefetch has imported it."""
        steps = getattr(self.module(), "warm_steps", None)
        return steps(app) if steps is not None else iter(())

    # ----- the profile -----
    def best_key(self, profile) -> str:
        k = self.best.key
        if k is None:
            return self.id
        return k(profile) if callable(k) else k

    def best_value(self, profile):
        """The best under :meth:`best_key` (what the menu shows), or None before the first scored game."""
        key = self.best_key(profile)
        if self.best.lower:
            return profile.lowest(key)
        return profile.best(key) or None

    def owns_key(self, key: str) -> bool:
        return key == self.id or key.startswith(self.id + "/")

    def best_of(self, profile):
        """The best over every key of the game (all 2048 board sizes ...), or None."""
        values = [v for k, v in profile.bests(lower=self.best.lower).items() if self.owns_key(k)]
        if not values:
            return None
        return min(values) if self.best.lower else max(values)

    def has_save(self, profile) -> bool:
        """A game in progress is saved, on any board."""
        return bool(profile.saved_games(self.id))

    def saves(self, profile) -> list[tuple[str, str]]:
        """``(save key, board title)`` of the games in progress, one a board, the most recently saved first (an
        older profile's one saved game is moved to its board's key first); the title is "" for a game with one
        board. Imports the backend: call it on a click, not every frame."""
        backend = self.make_backend()
        if backend is None:
            return [(k, "") for k in profile.saved_games(self.id)]
        from arcade.engine.session import Store, saved_boards

        return saved_boards(backend, Store(profile))

    def new_board(self, profile) -> tuple[str, str]:
        """``(save key, board title)`` of a new game from the settings (the title "" for a game with one board, or
        when the settings make no game)."""
        backend = self.make_backend()
        if backend is None:
            return self.id, ""
        try:
            params = backend.new_params(profile.get, {})
        except ValueError:
            return self.id, ""
        return backend.save_key(params), backend.board_title(backend.board(params))
