"""A game's replays, from the stats screen: the newest first, the ones that set a best marked. Enter (or a click)
opens the game's replay scene; Esc goes back. The files are read on a background thread (no stalled frame)."""
from __future__ import annotations

import threading
import time

import pygame

from arcade.engine import assets
from arcade.engine.i18n import _, language
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_landscape
from arcade.engine.ui.text import blit_center, fit, render
from arcade.engine.ui.widgets import ButtonList, Item

# (list rect, its view height, title y, note y) in the portrait and the landscape canvas: a wide canvas gives each
# row the width for its score, the game's settings and the date on one line
PORTRAIT = (pygame.Rect(30, 130, 420, 0), 560, 70, 770)
LANDSCAPE = (pygame.Rect(40, 92, 760, 0), 404, 46, 532)


ROW_H = 50  # a row's height at the Text size of 100 %


def layout_for(size):
    return LANDSCAPE if is_landscape(size) else PORTRAIT


def played_at(stamp: float) -> str:
    """When a replay was played, in the way of the language shown: "27 Nov 02:19", "11-27 02:19"."""
    t = time.localtime(stamp)
    # (a translation may use {month} for the month's number instead of {month_name}, and order them its own way)
    return _("{day} {month_name} {hour}:{minute}").format(
        day=t.tm_mday, month=t.tm_mon, month_name=time.strftime("%b", t), hour=f"{t.tm_hour:02d}",
        minute=f"{t.tm_min:02d}")


class ReplaysScene(Scene):
    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.replays = None
        self.labels: dict = {}
        self.labels_lang = ""  # the language the labels were made in: made again, off the UI thread, after a switch
        self._labelling = False
        self._refill = False
        self.message = ""
        self.list = ButtonList([], pygame.Rect(30, 130, 420, 0), height=ROW_H, gap=8, font_size=19,
                               on_move=lambda: app.play("menu_move"), on_select=lambda: app.play("menu_select"),
                               view_h=560)
        self.resize(app.size)
        threading.Thread(target=self._load, name="replays-list", daemon=True).start()

    def resize(self, size) -> None:
        rect, view_h, self.title_y, self.note_y = layout_for(size)
        self.list.rect, self.list.view_h = rect.copy(), view_h
        # a row holds a long title in two lines beside its label, at any Text size
        self.list.height = round(ROW_H * max(1.0, assets.text_scale()))

    def _load(self) -> None:
        replays = self.app.replays.list(self.game.id)
        self.game.make_backend()  # imported here, off the UI thread: it words the titles when the list is filled
        self._label(replays)
        self.replays = replays

    def _label(self, replays) -> None:
        """Each replay's label in the current language (the game's replay module may replay the record to say how
        it ended: called off the UI thread)."""
        lang = language()
        labels = {}
        for r in replays:
            try:
                labels[r.id] = self.game.replay_label(r)
            except Exception:  # noqa: BLE001 - a record the game's label cannot read still lists, by its score
                labels[r.id] = f"{r.score:,}"
        self.labels, self.labels_lang = labels, lang

    def _relabel(self) -> None:
        try:
            self._label(self.replays)
            self._refill = True
        finally:
            self._labelling = False

    def _fill(self) -> None:
        items = []
        for r in self.replays:
            when = played_at(r.time)
            detail = (_("BEST") + "  ·  " if r.best else "") + f"{self.game.replay_title(r)}  ·  {when}"
            items.append(Item(self.labels.get(r.id, f"{r.score:,}"), self._opener(r), detail=detail, key=r.id))
        items.append(Item(_("Back"), self.back, key="back"))
        self.list.set_items(items)

    def language_changed(self) -> None:
        """The titles are worded again in the new language at once, the labels as soon as they are made again
        (:meth:`update`); the selected row stays selected."""
        if self.replays is not None and self.list.items:
            self._fill()

    def _opener(self, r):
        def open_():
            try:
                self.app.stack.push(self.game.make_replay(self.app, r))
            except ValueError as e:
                self.message = str(e)

        return open_

    def back(self) -> None:
        self.app.stack.remove(self)

    def keys(self) -> list[str]:
        return [it.key for it in self.list.items]

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        self.list.handle(event)

    def update(self, dt: float) -> None:
        if self.replays is None:
            return
        if self.labels_lang != language() and not self._labelling:
            self._labelling = True
            threading.Thread(target=self._relabel, name="replays-labels", daemon=True).start()
        if self._refill or not self.list.items:
            self._refill = False
            self._fill()

    def draw(self, surface) -> None:
        w = surface.get_width()
        surface.fill(colors.PAGE)
        blit_center(surface, fit(_("{game} replays").format(game=_(self.game.title)), w - 40, 40, colors.TEXT),
                    (w / 2, self.title_y))
        middle = surface.get_height() * 3 // 8
        if self.replays is None:
            blit_center(surface, render(_("Reading..."), 20, colors.BUTTON, "medium"), (w / 2, middle))
        elif not self.replays:
            blit_center(surface, render(_("No finished games yet"), 20, colors.BUTTON, "medium"), (w / 2, middle))
        self.list.draw(surface)
        note = self.message or _("BEST: the game set a best  ·  Enter watch  ·  Esc back")
        blit_center(surface, fit(note, w - 40, 16, colors.BUTTON, "medium", min_size=13), (w / 2, self.note_y))
