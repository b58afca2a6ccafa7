"""The settings scene, drawn from the core settings and each game's (its ``GAME.settings``, under its title):
Up/Down choose, Left/Right (or a click on the left/right part of a row) change, Esc or Back returns. Changes apply
at once and persist. A game opens it at its own settings: ``app.open("settings", section=game_id)``."""
from __future__ import annotations

import logging

import pygame

from arcade.engine import settings as specs
from arcade.engine.i18n import N_, _
from arcade.engine.scene import Scene
from arcade.engine.ui import colors
from arcade.engine.ui.input import is_landscape
from arcade.engine import assets
from arcade.engine.ui.text import blit_center, fit, render, wrap_lines
from arcade.engine.ui.widgets import ButtonList, Item

log = logging.getLogger("arcade")

LOGICAL_W = 480  # the portrait canvas's width
HINT = N_("Up/Down choose  ·  Left/Right change  ·  Esc back")
# Where everything goes, one table a canvas (:func:`layout_for`), read by drawing and by the list's hit tests.
# Portrait: the title, the list down the canvas, the selected row's note and the keys under it. Landscape: the list
# on the left, the selected row's name, value and note in a panel on its right.
LIST = pygame.Rect(24, 96, 480, 0)
LIST_VIEW_H = 412
PANEL = pygame.Rect(528, 92, 288, 420)
PORTRAIT = {
    "title": ("center", (240, 70), 56),  # (anchor, point, size)
    "list": pygame.Rect(30, 130, 420, 0), "list_view_h": 600,
    "note": (240, 752, 440),  # centre x, the lowest centre of its last line, width
    "hint": ((240, 782), 456),  # centre, width
}
LANDSCAPE = {
    "title": ("midleft", (LIST.x, 48), 48),
    "list": LIST, "list_view_h": LIST_VIEW_H,
    "panel": PANEL,
    "hint": ((420, 536), 792),
}


def layout_for(size) -> dict:
    """The settings screen's table for a canvas of ``size``: :data:`LANDSCAPE` on the wide one, :data:`PORTRAIT`
    otherwise."""
    return LANDSCAPE if is_landscape(size) else PORTRAIT


class SettingsScene(Scene):
    """``section``: a game's id (its settings, under its title) or a core section ("Sound", "Display") to open at:
    its first setting selected and the list scrolled to show it from its start."""

    def __init__(self, app, section: str | None = None):
        super().__init__(app)
        # as many settings as the games bring: the list scrolls within its area (the note and keys stay below)
        self.list = ButtonList([], pygame.Rect(30, 130, 420, 0), height=48, gap=8, font_size=21,
                               on_move=lambda: app.play("menu_move"), on_select=lambda: app.play("menu_select"),
                               view_h=600)
        self._bg = None
        self._panel = None  # (what it shows, its lines drawn): remade when the selection or its value changes
        self.resize(app.size)
        self.refresh()
        if section is not None:
            self.open_at(section)

    def resize(self, size) -> None:
        """Portrait: the list down the canvas, the note under it. Landscape: the list left, the note in a panel."""
        self.layout = lay = layout_for(size)
        self.list.rect, self.list.view_h = lay["list"].copy(), lay["list_view_h"]
        if "note" in lay:  # with larger text the list gives up room for a note in two lines and the keys under it
            if assets.text_scale() != 1.0 or self._long_notes():
                hint = _(HINT)  # measured in the language shown (Chinese lines are taller)
                room = 2 * assets.font_for(hint, 17, "medium").get_linesize() + \
                    assets.font_for(hint, 16, "regular").get_linesize() + 12
                self.list.view_h = min(600, 800 - 130 - room)
        self._panel = None

    def _long_notes(self) -> bool:
        """Some setting's note needs two lines under the portrait list (in the language shown)."""
        specs_ = list(specs.CORE) + [s for g in self.app.registry.values() for s in g.settings]
        return any(assets.font_for(_(s.note), 13, "medium").size(_(s.note))[0] > LOGICAL_W - 40
                   for s in specs_ if s.note and not s.hidden)

    def refresh(self) -> None:
        items = []
        self._notes = {}
        groups = [("", specs.CORE)] + [(g.title, g.settings) for g in self.app.registry.values()]
        for title, group in groups:
            visible = [spec for spec in group if not spec.hidden]
            if title and visible:  # each game's settings under its title ("Board" alone would not say whose)
                items.append(Item(_(title), enabled=False, header=True, key=f"header:{title}"))
            items.extend(self._item(spec) for spec in visible)
        items.append(Item(_("Back"), self.back, key="back"))
        self.list.set_items(items)

    def _item(self, spec) -> Item:
        value = self.app.profile.get(spec.key)
        left = " " if spec.at_end(value, -1) else "<"
        right = " " if spec.at_end(value, 1) else ">"
        self._notes[spec.key] = spec.note
        return Item(_(spec.label), None, detail=f"{left}  {_(spec.label_of(value))}  {right}", key=spec.key,
                    adjust=self._adjuster(spec))

    def _adjuster(self, spec):
        def adjust(delta: int, wrap: bool = False) -> None:
            self.app.set_setting(spec.key, spec.step_value(self.app.profile.get(spec.key), delta, wrap))
            self.refresh()

        return adjust

    def open_at(self, section: str) -> None:
        """Select the first setting of ``section`` and scroll its header (or itself) to the top of the list."""
        items = self.list.items
        game = self.app.registry.get(section)
        if game is not None:
            top = next((i for i, it in enumerate(items) if it.key == f"header:{game.title}"), None)
        else:
            keys = {spec.key for spec in specs.CORE if spec.section == section and not spec.hidden}
            top = next((i for i, it in enumerate(items) if it.key in keys), None)
        if top is None:
            log.info("settings: no section %r; opened at the top", section)
            return
        first = next((i for i in range(top, len(items)) if items[i].enabled), top)
        self.list.selected = first
        self.list.scroll = top * (self.list.height + self.list.gap)  # drawing keeps it within the list

    def keys(self) -> list[str]:
        """The rows' keys in order: settings, ``header:<game title>`` before each game's, and ``back``."""
        return [it.key for it in self.list.items]

    def back(self) -> None:
        self.app.stack.pop()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            it = self.list.items[self.list.selected]
            if it.adjust is not None:  # Enter on a setting steps it forward, going round at the end
                it.adjust(1, wrap=True)
                return
        self.list.handle(event)

    def language_changed(self) -> None:
        self.resize(self.app.size)

    def draw(self, surface) -> None:
        lay = self.layout
        surface.fill(colors.PAGE)
        anchor, point, size = lay["title"]
        title = render(_("Settings"), size, colors.TEXT)
        surface.blit(title, title.get_rect(**{anchor: point}))
        self.list.draw(surface)
        hint_at, hint_w = lay["hint"]
        hint_rect = blit_center(surface, fit(_(HINT), hint_w, 16, colors.TEXT, "regular", min_size=13), hint_at)
        if "panel" in lay:
            self._draw_panel(surface, lay["panel"])
        else:
            self._draw_note(surface, lay["note"], hint_rect)

    def _draw_note(self, surface, where, hint_rect) -> None:
        """Portrait: the selected row's note in one line, or two when the text size makes it too long for one;
        just above the keys."""
        note = self._notes.get(self.list.items[self.list.selected].key, "")
        if not note:
            return
        note = _(note)
        x, lowest, w = where
        one = fit(note, w, 17, colors.TEXT, "medium", min_size=13)
        lines = [one] if one.get_width() <= w else [
            fit(line, w, 17, colors.TEXT, "medium", min_size=13) for line in wrap_lines(note, w, 17)[:2]]
        step = assets.font_for(note, 17, "medium").get_linesize()
        last = min(lowest, hint_rect.top - 2 - lines[-1].get_height() / 2)
        for i, label in enumerate(lines):
            blit_center(surface, label, (x, last - (len(lines) - 1 - i) * step))

    def _draw_panel(self, surface, panel) -> None:
        """Landscape: the selected row's name, value and note in the panel, as high as what it says."""
        it = self.list.items[self.list.selected]
        shown = (it.key, it.label, it.detail)
        if self._panel is None or self._panel[0] != shown:
            self._panel = (shown, self._panel_lines(it))
        lines = self._panel[1]
        if lines:
            bottom = max(pos[1] + label.get_height() for label, pos in lines) + 22
            pygame.draw.rect(surface, colors.LABEL, (panel.x, panel.y, panel.w, min(panel.h, bottom - panel.y)),
                             border_radius=10)
        for label, pos in lines:
            surface.blit(label, label.get_rect(midtop=pos))

    def _panel_lines(self, it) -> list:
        """The panel's texts for row ``it`` and where they go: its name, its value, its note in lines."""
        out, x, y, inner = [], PANEL.centerx, PANEL.y + 22, PANEL.w - 32
        if it.header or it.adjust is None:
            return out
        grow = assets.scaled_size(17) - 17  # the lines move apart as the Text size setting enlarges them
        for line in wrap_lines(it.label, inner, 24, "bold")[:2]:
            out.append((fit(line, inner, 24, colors.BUTTON_HOVER, min_size=13), (x, y)))
            y += 32 + grow
        out.append((fit(it.detail, inner, 22, colors.BUTTON_HOVER, "medium", min_size=13), (x, y + 6)))
        y += 52 + grow
        raw = self._notes.get(it.key, "")
        note = _(raw) if raw else ""  # (gettext of "" is the catalogue's header)
        step = max(26, assets.font_for(note, 17, "medium").get_linesize()) if note else 26
        for line in wrap_lines(note, inner, 17)[:10] if note else []:
            out.append((fit(line, inner, 17, colors.BUTTON_HOVER, "medium", min_size=13), (x, y)))
            y += step
        return out


def open_settings(app, section: str | None = None) -> SettingsScene:
    """Push the settings scene, opened at ``section`` (a game's id or a core section) when given."""
    scene = SettingsScene(app, section)
    app.stack.push(scene)
    return scene
