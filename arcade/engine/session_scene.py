"""What every game scene built on a :class:`arcade.engine.session.Session` gets without code of its own: undo and
redo keys (also after the end), the game code copied to the clipboard, the pause overlay showing the code, and
leaving the game (saved, or recorded as abandoned) when the scene goes. The option ``study`` (a replay's data
cut at a position: "play from here" in a replay) plays on from there in a session that records nothing.

Keys: U, Backspace or Ctrl+Z undo; Shift+U, Ctrl+Y or Ctrl+Shift+Z redo; Ctrl+C copies the game code (C on the
pause and game-over screens). A subclass calls :meth:`SessionScene.session_key` first in its ``handle`` and
overrides :meth:`changed` to redraw after an undo or a redo.
"""
from __future__ import annotations

import logging
import time

import pygame

from arcade.engine.i18n import _
from arcade.engine.scene import Scene
from arcade.engine.session import Session, open_session

log = logging.getLogger("arcade")

__all__ = ["SessionScene", "copy_text", "is_undo", "is_redo"]


def copy_text(app, text: str) -> bool:
    """Put ``text`` on the system clipboard (SDL's, through pygame-ce) and say so on screen; a clipboard that
    does not work (no display, a headless driver) is said in one line too."""
    try:
        pygame.scrap.put_text(text)  # SDL's clipboard (pygame-ce 2.2 on needs no scrap.init, now deprecated)
        ok = True
    except (pygame.error, AttributeError) as e:
        log.info("clipboard: %s", e)
        ok = False
    notify = getattr(app, "notify", None)
    if notify is not None:
        notify(_("Copied {code}").format(code=text) if ok else _("No clipboard here: the code is {code}").format(code=text))
    return ok


def is_undo(event) -> bool:
    if event.type != pygame.KEYDOWN:
        return False
    mods = event.mod
    if event.key == pygame.K_z and mods & pygame.KMOD_CTRL and not mods & pygame.KMOD_SHIFT:
        return True
    return event.key in (pygame.K_u, pygame.K_BACKSPACE) and not mods & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL)


def is_redo(event) -> bool:
    if event.type != pygame.KEYDOWN:
        return False
    mods = event.mod
    if event.key == pygame.K_y and mods & pygame.KMOD_CTRL:
        return True
    if event.key == pygame.K_z and mods & pygame.KMOD_CTRL and mods & pygame.KMOD_SHIFT:
        return True
    return event.key == pygame.K_u and bool(mods & pygame.KMOD_SHIFT)


class SessionScene(Scene):
    """A game scene with a session: ``self.session`` (``self.info`` is the game's GAME record)."""

    def __init__(self, app, game, *, resume: bool = False, options: dict | None = None, demo: bool = False,
                 seed: int | None = None):
        super().__init__(app)
        self.info = game
        self.demo = demo
        study = (options or {}).get("study")
        if study is not None:  # a replay played on from a position of it: undo and the log, nothing recorded
            clock = (lambda: app.time) if isinstance(getattr(app, "time", None), float) else time.monotonic
            self.session = Session.from_dict(game.make_backend(), study, mode="study", clock=clock)
        else:
            self.session = open_session(app, game, resume=resume, options=options, mode="demo" if demo else "play",
                                        seed=seed)

    # ----- hooks for the game -----
    def changed(self) -> None:
        """The position on screen changed by undo or redo: redraw, cancel animations, refresh panels."""

    def can_take_back(self) -> bool:
        """Whether undo/redo may run now (a game may refuse while the AI is moving or an animation must end)."""
        return not self.demo

    # ----- what the base does -----
    def session_key(self, event) -> bool:
        """Undo, redo and copy-code keys; True when the event was one of them."""
        if self.demo or event.type != pygame.KEYDOWN:
            return False
        if is_undo(event):
            if self.can_take_back() and self.session.undo():
                self.changed()
            return True
        if is_redo(event):
            if self.can_take_back() and self.session.redo():
                self.changed()
            return True
        if event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL:
            self.copy_code()
            return True
        return False

    def undo(self) -> bool:
        if self.can_take_back() and self.session.undo():
            self.changed()
            return True
        return False

    def redo(self) -> bool:
        if self.can_take_back() and self.session.redo():
            self.changed()
            return True
        return False

    def session_intent(self, intent: str) -> bool:
        """Run an ``undo``, ``redo`` or ``code`` intent from a game's key map; True when it was one of them."""
        action = {"undo": self.undo, "redo": self.redo, "code": self.copy_code}.get(intent)
        if action is None:
            return False
        action()
        return True

    def copy_code(self) -> bool:
        code = self.session.code
        return copy_text(self.app, code) if code else False

    def open_pause(self, on_restart=None, **kw):
        return self.app.open("pause", self.info.id, on_restart=on_restart, code=self.session.code, **kw)

    def exit(self) -> None:
        self.session.leave()
