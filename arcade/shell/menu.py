"""The main menu: the games from the registry with their best scores, Continue where a saved game
exists, the AI demo, settings, stats, quit. After :data:`ATTRACT_SECONDS` without input it starts
the AI demo by itself, like an arcade cabinet's attract mode; any input there returns here."""
from __future__ import annotations

import threading
import time

import pygame

from arcade.engine import assets
from arcade.engine.i18n import _
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.frame import canvas_round, mirror_margins, place_table, remember
from arcade.engine.ui.input import is_landscape, is_user_input
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.widgets import ButtonGrid, ButtonList, Item

ATTRACT_SECONDS = 20.0
MAX_CONTINUES = 4  # the saved games (one a board, newest first) the "continue or new game?" card offers
# Where everything on the menu goes, one table a canvas (:func:`layout_for`), read by drawing and by the buttons'
# hit tests alike. Portrait: the art fills the canvas; the title on its plate, the games and the other buttons in one
# column between the title plate and the robot in the art (LIST_AREA: the rows the buttons may use), the keys at the
# foot. Landscape: the art scaled to the canvas's width, its bottom shown; the games as cards on the left under the
# title, the other buttons top right, above the robot on its stairs (ROBOT: where the art draws them), the long
# labels (the daily game with its date, "Watch the AI play") a row each, so large text keeps them legible.
PORTRAIT = {
    "list": pygame.Rect(50, 200, 380, 404),  # the buttons, one a row, sized to their count
    "title": (240, 92), "title_size": 84,
    "subtitle": (240, 150), "subtitle_w": 330, "subtitle_min": 12,  # the games' titles under the logo
    "hint": (240, 780), "hint_w": 460,
    "plates": (pygame.Rect(70, 30, 340, 148), pygame.Rect(15, 766, 450, 30)),  # (rect, corner radius) below
    "plate_radius": (24, 12),
    "icon": 40,
}
ROBOT = pygame.Rect(476, 226, 188, 334)
CARDS = pygame.Rect(24, 154, 432, 366)  # the game cards, two a row
BUTTONS = pygame.Rect(484, 14, 332, 202)  # the other buttons, two a row (long labels one), ending above ROBOT
TITLE_PLATE = pygame.Rect(24, 14, 432, 128)
HINT_Y = 541
LANDSCAPE = {
    "cards": CARDS, "card_gap": 12,
    "buttons": BUTTONS, "button_h": 58, "button_gap": 8,
    "whole_row": ("daily", "demo"),  # buttons with long labels, a row each: never shrunk for a narrow neighbour
    "title": (TITLE_PLATE.centerx, TITLE_PLATE.y + 60), "title_size": 76,
    "subtitle": (TITLE_PLATE.centerx, TITLE_PLATE.y + 118), "subtitle_w": 400, "subtitle_min": 13,
    "hint": (CARDS.centerx, HINT_Y), "hint_w": CARDS.w - 16,
    "plates": (TITLE_PLATE, pygame.Rect(CARDS.x, HINT_Y - 14, CARDS.w, 28)),
    "plate_radius": (24, 12),
}
LIST_AREA = (PORTRAIT["list"].top, PORTRAIT["list"].bottom)


# where each entry goes in a frame larger than the canvas (arcade.engine.ui.frame.anchor): in landscape the art (and
# the robot in it, with the buttons above it) keeps to the right edge and the title, the cards and the hint take the
# room the frame adds on the left; in portrait the title keeps to the top, the hint to the foot, the rest is centred
_ANCHORS = {
    True: {"art": ("end", "end"), "cards": ("stretch", "stretch"), "buttons": ("end", "start"),
           "title": ("centre", "start"), "subtitle": ("centre", "start"), "hint": ("centre", "end"),
           "plates": (("stretch", "start"), ("stretch", "end"))},
    False: {"art": ("centre", "centre"), "list": ("centre", "centre"), "title": ("centre", "start"),
            "subtitle": ("centre", "start"), "hint": ("centre", "end"),
            "plates": (("centre", "start"), ("centre", "end"))},
}
_PLACED: dict = {}


def layout_for(size) -> dict:
    """The menu's table for a canvas (or frame) of ``size``: :data:`LANDSCAPE` on the wide one, :data:`PORTRAIT`
    otherwise, placed in a frame of that size (``"art"``: where the canvas-sized art goes)."""
    canvas, frame = canvas_round(size)
    land = is_landscape(canvas)
    table = {**(LANDSCAPE if land else PORTRAIT), "art": pygame.Rect(0, 0, *canvas)}
    return remember(_PLACED, (land, frame), lambda: place_table(table, canvas, frame, _ANCHORS[land]))


WARM_MS = 4.0  # per idle menu frame spent preparing the games' art (a 60 Hz frame has 16.7 ms)
_prefetched = False
_prefetch_done = threading.Event()
_warmed: set = set()  # ids of the games whose warm_steps ran to the end (they fill process-wide caches)
_warming = None  # (registry, generator) in progress
_WARM_DONE = object()


def prefetch(modules) -> None:
    """Import the games' modules on a background thread while the menu idles, so pressing Play does not stall a
    frame on imports (numpy, the view, the AI worker). Once per process; failures are left for the real import."""
    global _prefetched
    if _prefetched:
        return
    _prefetched = True
    import importlib

    def load():
        try:
            for m in modules:
                try:
                    importlib.import_module(m)
                except Exception:  # noqa: BLE001 - the real import will report it
                    pass
        finally:
            _prefetch_done.set()

    threading.Thread(target=load, name="prefetch", daemon=True).start()


def warm(app, budget_ms: float = WARM_MS) -> bool:
    """Advance the games' ``warm_steps`` for about ``budget_ms`` (on the UI thread: surfaces are not shared with
    threads). Waits for the prefetch thread so no module is imported here. Returns True once every game is warm."""
    global _warming
    todo = [e for e in app.registry.values() if e.id not in _warmed]
    if not todo:
        return True
    if not _prefetch_done.is_set():
        return False
    if _warming is None or _warming[0] is not app.registry:
        _warming = (app.registry, _chain(app, todo))
    deadline = time.perf_counter() + budget_ms / 1000.0
    while True:  # at least one step a call, however small the budget
        if next(_warming[1], _WARM_DONE) is _WARM_DONE:
            _warming = None
            return True
        if time.perf_counter() >= deadline:
            return False


def preparing(app):
    """Steps for ``SceneStack.push(prepare=...)``: the rest of the warm-up, a little per ``next()``. While the
    prefetch thread still imports, a step waits briefly for it (releasing the GIL) instead of spinning. Without a
    prefetch (nothing will ever set its event) there is nothing to wait for: the scene loads its own art."""
    if not _prefetched:
        return
    while not warm(app, budget_ms=1.0):
        if not _prefetch_done.is_set():
            _prefetch_done.wait(0.002)
        yield


def _chain(app, entries):
    for entry in entries:
        try:
            steps = entry.warm_steps(app)
            while next(steps, _WARM_DONE) is not _WARM_DONE:
                yield
        except Exception:  # noqa: BLE001 - a failed warm-up only means the scene loads (and reports) its art itself
            pass
        _warmed.add(entry.id)
        yield


def grid(area: pygame.Rect, n: int, cols: int, gap: int) -> list[pygame.Rect]:
    """``n`` equal cells filling ``area`` in rows of ``cols``, ``gap`` pixels apart."""
    rows = max(1, -(-n // cols))
    w = (area.w - gap * (cols - 1)) // cols
    h = (area.h - gap * (rows - 1)) // rows
    return [pygame.Rect(area.x + (i % cols) * (w + gap), area.y + (i // cols) * (h + gap), w, h) for i in range(n)]


def button_cells(lay: dict, keys: list[str]) -> list[pygame.Rect]:
    """The landscape menu's buttons in the table's ``buttons`` area, in ``keys``' order: those named in its
    ``whole_row`` (long labels: the daily game with its date, "Watch the AI play") a row each, the others two a row,
    the rows as high as the table says or as fit the area."""
    area, gap, wide = lay["buttons"], lay["button_gap"], lay["whole_row"]
    rows: list[list[int]] = []
    pair: list[int] = []
    for i, key in enumerate(keys):
        if key in wide:
            rows.append([i])
        else:
            pair.append(i)
            if len(pair) == 2:
                rows.append(pair)
                pair = []
    if pair:
        rows.append(pair)
    n = max(1, len(rows))
    h = min(lay["button_h"], (area.h - gap * (n - 1)) // n)
    cells: list = [None] * len(keys)
    for r, row in enumerate(rows):
        w = (area.w - gap * (len(row) - 1)) // len(row)
        for j, i in enumerate(row):
            cells[i] = pygame.Rect(area.x + j * (w + gap), area.y + r * (h + gap), w, h)
    return cells


class MenuScene(Scene):
    """The menu, laid out on the whole frame (:func:`layout_for`)."""

    fills_frame = True

    def __init__(self, app):
        super().__init__(app)
        self.idle = 0.0
        self.landscape = is_landscape(self.area)
        self.layout = layout_for(self.area)
        self.list = self._make_list()
        self._bg = None
        self._margins: dict = {}  # the frame's margins, mirrored from the art (frame.mirror_margins)
        self._plate = None
        self._subtitle = None  # the games' titles under the logo
        self.refresh()

    def _make_list(self) -> ButtonList:
        sounds = dict(on_move=lambda: self.app.play("menu_move"), on_select=lambda: self.app.play("menu_select"))
        if self.landscape:
            return ButtonGrid([], [], font_size=22, **sounds)
        area = self.layout["list"]
        return ButtonList([], pygame.Rect(area.x, area.y, area.w, 0), height=54, gap=10, font_size=24, **sounds)

    def resize(self, size) -> None:
        """The other canvas: the art, its plates and the buttons laid out for it, the selection kept."""
        key = self.list.items[self.list.selected].key if self.list.items else None
        self.landscape = is_landscape(size)
        self.layout = layout_for(size)
        self.list = self._make_list()
        self._bg = self._plate = self._subtitle = None
        self.refresh()
        if key in self.keys():
            self.select(key)

    # ----- items -----
    def refresh(self) -> None:
        app = self.app
        items: list[Item] = []
        for entry in app.registry.values():
            # one row a game, whatever is saved: a game with a save says "Continue" and asks "Continue or new game?"
            saved = entry.has_save(app.profile)
            best = entry.best_value(app.profile)
            label = _("Continue {game}") if saved else _("Play {game}")
            items.append(Item(label.format(game=_(entry.title)), self._starter(entry, False),
                              detail="" if best is None else _("Best {value}").format(value=entry.best.format(best)),
                              key=f"play:{entry.id}", icon=self._icon(entry)))
        if any(e.backend for e in app.registry.values()):
            items.append(Item(_("Daily game"), self.open_daily, detail=self._today(), key="daily"))
        if any(e.demo for e in app.registry.values()):
            items.append(Item(_("Watch the AI play"), self.start_demo, key="demo"))
        items.append(Item(_("Settings"), self.open_settings, key="settings"))
        items.append(Item(_("Stats"), self.open_stats, key="stats"))
        if any(e.help is not None for e in app.registry.values()):
            items.append(Item(_("Help"), self.open_help, key="help"))
        items.append(Item(_("Quit"), app.quit, key="quit"))
        self.list.set_items(items)
        if self.landscape:
            self._place_cards(items)
        else:
            self._fit_list(len(items))

    def _place_cards(self, items) -> None:
        """The games as cards filling the table's cards, the rest as buttons filling its buttons (two a row, three rows
        at most)."""
        lay = self.layout
        games = [it for it in items if it.key.startswith("play:")]
        others = [it for it in items if not it.key.startswith("play:")]
        cards = grid(lay["cards"], len(games), 2 if len(games) > 1 else 1, lay["card_gap"])
        self.list.set_cells(cards + button_cells(lay, [it.key for it in others]))
        self.list.font_size = 22 if cards and cards[0].h >= 150 else 19

    def _fit_list(self, n: int) -> None:
        """Buttons sized to the count, so the list always ends above the art's robot (the table's list)."""
        top, bottom = self.layout["list"].top, self.layout["list"].bottom
        gap = 10 if n <= 6 else 6
        self.list.gap = gap
        self.list.height = max(30, min(54, (bottom - top + gap) // n - gap))
        self.list.font_size = max(18, min(24, self.list.height // 2 - 2))

    def _icon(self, entry):
        """The game's icon: 40 pixels high on a portrait button, up to 72 on a landscape card."""
        if entry.icon and assets.has_image(entry.icon):
            img = assets.image(entry.icon)
            if self.landscape:
                n = sum(1 for _e in self.app.registry.values())
                rows = max(1, -(-n // 2))
                cards, gap = self.layout["cards"], self.layout["card_gap"]
                size = max(28, min(72, (cards.h - gap * (rows - 1)) // rows - 86))
            else:
                size = self.layout["icon"]
            if img.get_height() != size:
                img = pygame.transform.smoothscale(img, (size * img.get_width() // img.get_height(), size))
            return img
        return None

    def _starter(self, entry, resume: bool):
        def launch(resume=resume):
            # a factory: the scene (and its art) is built under the fade, not in this click's frame
            # and whatever art the idle menu has not prepared yet is prepared during the fade-out
            self.app.stack.push(lambda: entry.make_scene(self.app, resume=resume), fade=True,
                                prepare=preparing(self.app))

        def start():
            saves = entry.saves(self.app.profile) if not resume and entry.has_save(self.app.profile) else []
            if saves:  # never throw a saved game away unasked; each board's saved game is offered by its name
                from arcade.engine.ui.ask import AskOverlay

                _key, board = entry.new_board(self.app.profile)
                choices = [(f"continue:{key}", _("Continue {board}").format(board=title) if title else _("Continue"),
                            lambda key=key: launch(True if key == entry.id else key))
                           for key, title in saves[:MAX_CONTINUES]]
                choices.append(("new", _("New {board} game").format(board=board) if board else _("New game"),
                                lambda: launch(False)))
                self.app.stack.push(AskOverlay(
                    self.app, _("{game}: continue or new game?").format(game=_(entry.title)), choices))
            else:
                launch()

        return start

    @staticmethod
    def _today() -> str:
        from arcade.engine.session import today

        return today()

    def daily_games(self) -> list:
        """The games with a daily game: those whose session backend has chance in it."""
        out = []
        for entry in self.app.registry.values():
            if entry.backend:
                try:
                    if entry.make_backend().chance:
                        out.append(entry)
                except ImportError:
                    continue
        return out

    def open_daily(self) -> None:
        """Today's daily game of each game with chance: the same board for everyone today."""
        from arcade.engine.ui.ask import AskOverlay

        day = self._today()

        def launcher(entry):
            def launch():
                self.app.stack.push(lambda: entry.make_scene(self.app, resume=False, daily=day), fade=True,
                                    prepare=preparing(self.app))

            def start():
                # never throw a saved game away unasked: the daily game replaces the one saved on its board only
                if entry.has_save(self.app.profile) and \
                        entry.new_board(self.app.profile)[0] in dict(entry.saves(self.app.profile)):
                    self.app.stack.push(AskOverlay(
                        self.app, _("Leave your {game} game for the daily one?").format(game=_(entry.title)), [
                            ("daily", _("Play the daily game"), launch), ("cancel", _("Keep my game"), lambda: None)]))
                else:
                    launch()
            return start

        games = self.daily_games()
        self.app.stack.push(AskOverlay(self.app, _("Daily game · {date}").format(date=day),
                                       [(e.id, _(e.title), launcher(e)) for e in games]))

    def start_demo(self) -> None:
        from arcade.shell.demo import DemoScene

        self.app.stack.push(lambda: DemoScene(self.app), fade=True, prepare=preparing(self.app))

    def open_settings(self) -> None:
        from arcade.shell.settings_scene import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def open_help(self) -> None:
        from arcade.shell.help import open_all_help

        open_all_help(self.app)

    def open_stats(self) -> None:
        from arcade.shell.stats import StatsScene

        self.app.stack.push(StatsScene(self.app))

    def keys(self) -> list[str]:
        return [it.key for it in self.list.items]

    def select(self, key: str) -> None:
        self.list.selected = self.keys().index(key)

    # ----- lifecycle -----
    def enter(self) -> None:
        self.idle = 0.0
        self.refresh()
        prefetch([m for e in self.app.registry.values() for m in (e.scene, *e.prefetch)])

    def language_changed(self) -> None:
        self._subtitle = None
        self.refresh()

    def uncover(self) -> None:
        self.idle = 0.0
        self.refresh()  # best scores and saved games may have changed

    def handle(self, event) -> None:
        if is_user_input(event):
            self.idle = 0.0
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.list.items[self.list.selected].key == "quit":
                self.app.quit()
            else:
                self.select("quit")
            return
        self.list.handle(event)

    def update(self, dt: float) -> None:
        if self.app.stack.top is not self or self.app.stack.busy:
            return
        warm(self.app)
        self.idle += dt
        if self.idle >= ATTRACT_SECONDS:
            self.idle = 0.0
            self.start_demo()

    # ----- drawing -----
    def _background(self, size):
        if self._bg is None:
            if assets.has_image("menu_background"):
                self._bg = assets.image("menu_background")
                if is_landscape(size) and not is_landscape(self._bg.get_size()):
                    # the portrait art as wide as the canvas, its bottom (the robot on its stairs) shown
                    aw, ah = self._bg.get_size()
                    tall = pygame.transform.smoothscale(self._bg, (size[0], round(ah * size[0] / aw)))
                    self._bg = tall.subsurface((0, tall.get_height() - size[1], *size)).copy()
                elif self._bg.get_size() != size:
                    self._bg = pygame.transform.smoothscale(self._bg, size)
            else:
                self._bg = pygame.Surface(size)
                self._bg.fill(colors.PAGE)
        return self._bg

    def _plates(self, size):
        """Soft page-coloured plates so the title and the hint read over the busy background (drawn once)."""
        if self._plate is None:
            self._plate = pygame.Surface(size, pygame.SRCALPHA)
            for rect, radius in zip(self.layout["plates"], self.layout["plate_radius"]):
                pygame.draw.rect(self._plate, (*colors.PAGE, 215), rect, border_radius=radius)
        return self._plate

    def backdrop(self, frame, inner) -> None:
        """The frame's room beside the art: the art mirrored out from its edges (in landscape only the strip right
        of the robot, so no second robot stands in the margin)."""
        reach = inner.w - ROBOT.right if self.landscape else None
        mirror_margins(frame, inner, self._background(inner.size), self._margins, id(self._bg), reach)

    def draw(self, surface) -> None:
        lay = self.layout
        art = lay["art"]
        surface.blit(self._background(art.size), art)
        if art.size != surface.get_size():
            self.backdrop(surface, art)
        surface.blit(self._plates(surface.get_size()), (0, 0))
        # the title, the games' titles and the hint: centred on the canvas, or over the cards in landscape
        blit_center(surface, render("arcade", lay["title_size"], colors.TEXT), lay["title"])
        if self._subtitle is None:
            titles = "  ·  ".join(_(e.title) for e in self.app.registry.values())
            self._subtitle = fit(titles, lay["subtitle_w"], 22, colors.BUTTON, "medium", min_size=lay["subtitle_min"])
        blit_center(surface, self._subtitle, lay["subtitle"])
        self.list.draw(surface)
        hint = fit(_("Arrows + Enter, or click   ·   F11 fullscreen   ·   M mute"), lay["hint_w"], 15, colors.TEXT,
                   "regular", min_size=13)
        blit_center(surface, hint, lay["hint"])
