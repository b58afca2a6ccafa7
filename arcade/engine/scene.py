"""Scenes and the scene stack.

A scene is an object with a small lifecycle::

    enter()          it became part of the stack (pushed, or replaced another)
    exit()           it left the stack (popped, replaced, or the app quits): save here
    cover()          another scene was pushed on top of it
    uncover()        the scene above it was popped
    handle(event)    one pygame event, only the top scene gets them
    update(dt)       seconds since the last frame, only the top scene (and the ones an
                     overlay lets through with ``update_below``) is updated
    draw(surface)    draw onto the logical canvas (or the whole frame: ``fills_frame``)

The stack (after cocos2d's director) owns transitions: push, pop, replace and remove requested
while a frame runs are queued and applied at the next frame boundary (:meth:`SceneStack.begin_frame`),
so a scene never disappears under its own feet. A switch of a full scene is a :class:`Fade` (an object of
its own, after cocos2d's TransitionScene): to black and back in :data:`FADE_SECONDS`, the switch at the black
midpoint; an overlay (``overlay = True``: pause, game over) is drawn over the scenes beneath it and pops in
without a fade. Input that arrives while the screen fades out is held and given to the scene that fades in:
nothing typed during a transition is lost.

``stack.remove(scene)`` takes a scene off wherever it is; it is safe to call twice (a second request for the
same scene, or one for a scene that is already gone, does nothing), so a scene closing itself on a key needs no
"already closing" flag however many events arrive in one frame.

The stack never wedges: a scene whose factory, ``enter``, ``update``, ``draw`` or ``handle`` raises is taken off
the stack with every scene above it, the error is logged once with its traceback, ``on_error(message)`` is
called (the app shows the message), and if nothing is left the ``home`` factory (the menu) is pushed.
"""
from __future__ import annotations

import pygame

from arcade.engine.ui.frame import paint_margins, surface_for, whole

FADE_SECONDS = 0.25
PREPARE_MS = 8.0  # per frame spent on a switch's ``prepare`` steps while the screen fades out
PREPARE_MAX_SECONDS = 5.0  # then the switch happens anyway (the scene loads whatever is left itself)


class Scene:
    """Base class with no-op hooks. Subclasses set ``overlay`` for scenes drawn over others."""

    overlay = False  # drawn over the scene beneath instead of replacing the picture
    update_below = False  # an overlay that lets the scenes beneath keep animating
    # set by the stack before each draw: an overlay (the pause card) is drawn over this scene this frame; a scene
    # leaves out its own cards then (game over, cleared), so no text shows through the overlay's card doubled
    under_overlay = False
    # lay out on the whole frame (:mod:`arcade.engine.ui.frame`): drawn on it, pointer events in its pixels (the
    # margins included), ``resize(frame size)`` whenever its shape changes; :attr:`area` is the size to lay out for
    fills_frame = False

    def __init__(self, app=None):
        self.app = app

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def cover(self) -> None:
        pass

    def uncover(self) -> None:
        pass

    def handle(self, event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pass

    def resize(self, size) -> None:
        """The canvas changed shape (the window turned between portrait and landscape): lay out again for
        ``size``. Scenes made later are made for ``app.size``. A scene that fills the frame is told the frame's
        size, also when only the frame changed (the window grew wider, the canvas stayed)."""

    @property
    def area(self) -> tuple[int, int]:
        """The size this scene lays out for: the frame's when it fills the frame, else the canvas's."""
        app = self.app
        size = tuple(getattr(app, "size", (480, 800)))
        framed = getattr(app, "framed", None) if self.fills_frame else None
        if framed is None:
            return size
        fw, fh = framed.get_size()
        if fw < size[0] or fh < size[1] or (fw > fh) != (size[0] > size[1]):
            return size  # a frame not (yet) made round this canvas
        return fw, fh


import logging
import time

log = logging.getLogger("arcade")


class _Op:
    __slots__ = ("kind", "scene", "fade", "prepare")

    def __init__(self, kind: str, scene=None, fade: bool = False, prepare=None) -> None:
        self.kind = kind  # "push" | "pop" | "replace" | "reset" | "pop_to_root" | "remove"
        self.scene = scene  # a Scene, or a factory returning one (push / replace / reset); the scene to remove
        self.fade = fade
        self.prepare = prepare  # an iterator of small loading steps, run before the switch (see SceneStack.push)


class Fade:
    """A switch that fades to black, applies its operation at the black midpoint, and fades back in.

    With ``prepare`` steps, the fade-out also advances them :data:`PREPARE_MS` a frame, and the screen holds at
    black (frames still running) until they are done, at most :data:`PREPARE_MAX_SECONDS`. A fade created with
    ``op=None`` only fades in (the first scene appears from black)."""

    def __init__(self, stack: "SceneStack", op: _Op | None) -> None:
        self.stack, self.op = stack, op
        self.phase = "out" if op is not None else "in"
        self.t = 0.0
        self._prepare_started: float | None = None

    @property
    def holds_input(self) -> bool:
        return self.phase == "out"

    @property
    def veil_alpha(self) -> int:
        k = min(1.0, self.t / (FADE_SECONDS / 2))
        return round(255 * (k if self.phase == "out" else 1.0 - k))

    def update(self, dt: float) -> bool:
        """Advance; True once the transition is over."""
        half = FADE_SECONDS / 2
        self.t += dt
        if self.phase == "out":
            if self.op.prepare is not None:
                self._prepare()
                if self.op.prepare is not None and self.t >= half:
                    self.t = half  # hold at black until the steps are done
                    return False
            if self.t >= half:
                over, self.t = self.t - half, half  # black while the switch happens (a factory builds under it)
                self.stack._apply(self.op)
                self.phase, self.t = "in", over
                self.stack._release_held()
        return self.phase == "in" and self.t >= half

    def _prepare(self) -> None:
        now = time.perf_counter()
        if self._prepare_started is None:
            self._prepare_started = now
        deadline = now + PREPARE_MS / 1000.0
        steps = self.op.prepare
        try:
            next(steps)  # at least one step a frame, then as many as fit
            while time.perf_counter() < deadline:
                next(steps)
        except StopIteration:
            self.op.prepare = None
        except Exception:  # noqa: BLE001 - a failed warm-up only means the scene loads its art itself
            log.warning("preparing the next scene failed; it loads what is missing itself", exc_info=True)
            self.op.prepare = None
        if self.op.prepare is not None and now - self._prepare_started > PREPARE_MAX_SECONDS:
            self.op.prepare = None


class SceneStack:
    def __init__(self, size=(480, 800), *, home=None, on_error=None):
        self.scenes: list[Scene] = []
        self._pending: list[_Op] = []
        self._size = size
        self.transition: Fade | None = None
        self._held: list = []  # input events held during a fade-out
        self._veil = None
        self.home = home  # a factory for the bottom scene, pushed when a failure leaves the stack empty
        self.on_error = on_error  # called with a one-line message when a scene fails
        self.errors = 0
        self.last_error: str | None = None  # the newest failure in one line: which scene, where, what

    # ----- requests (deferred to the frame boundary) -----
    def push(self, scene, fade: bool | None = None, prepare=None) -> None:
        """Push a scene, or a factory (a callable returning one) that is called when the switch happens: at the
        black midpoint of the fade, so loading a game's art never freezes the frame where the player clicked.

        ``prepare`` (with a fade): an iterator of small loading steps (e.g. a game's ``warm_steps``) advanced for
        :data:`PREPARE_MS` a frame while the screen fades out; if it is not done at the midpoint the screen stays
        black, frames still running, until it is (at most :data:`PREPARE_MAX_SECONDS`). So a slow load costs
        a longer fade, never a frozen frame."""
        overlay = getattr(scene, "overlay", False)
        self._pending.append(_Op("push", scene, (not overlay) if fade is None else fade, prepare))

    def pop(self, fade: bool | None = None) -> None:
        top = self._future_top()
        default = top is not None and not getattr(top, "overlay", False)
        self._pending.append(_Op("pop", None, default if fade is None else fade))

    def remove(self, scene: Scene, fade: bool | None = None) -> None:
        """Take ``scene`` off the stack (with a fade if it is a full scene). Safe to call twice: a scene already
        leaving, or not on the stack at all, is left alone."""
        if any(op.kind == "remove" and op.scene is scene for op in self._pending):
            return
        if self.transition is not None and self.transition.op is not None and self.transition.op.kind == "remove" \
                and self.transition.op.scene is scene:
            return
        if scene not in self.scenes and not any(op.scene is scene for op in self._pending):
            return
        default = not getattr(scene, "overlay", False)
        self._pending.append(_Op("remove", scene, default if fade is None else fade))

    def replace(self, scene: Scene, fade: bool | None = None) -> None:
        self._pending.append(_Op("replace", scene, True if fade is None else fade))

    def reset(self, scene: Scene, fade: bool = True) -> None:
        """Drop every scene and start over with ``scene`` (e.g. back to the menu)."""
        self._pending.append(_Op("reset", scene, fade))

    def pop_to_root(self, fade: bool = True) -> None:
        """Pop everything above the bottom scene (quit to menu)."""
        self._pending.append(_Op("pop_to_root", None, fade))

    def _future_top(self) -> Scene | None:
        for op in reversed(self._pending):
            if op.kind in ("push", "replace", "reset"):
                return op.scene
            break
        return self.scenes[-1] if self.scenes else None

    # ----- state -----
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    @property
    def fading(self) -> bool:
        return self.transition is not None

    @property
    def switching(self) -> bool:
        """A switch was asked for and happens at the next frame boundary (input after it should not act)."""
        return bool(self._pending)

    @property
    def busy(self) -> bool:
        """A switch is pending or a fade is running."""
        return bool(self._pending) or self.transition is not None

    def __len__(self) -> int:
        return len(self.scenes)

    def __contains__(self, scene) -> bool:
        return scene in self.scenes

    # ----- the frame -----
    def begin_frame(self) -> None:
        """Apply the switches requested during the last frame (unless a fade-out is running)."""
        while self._pending and not (self.transition is not None and self.transition.holds_input):
            op = self._pending.pop(0)
            if op.fade and self.scenes:
                self.transition = Fade(self, op)
                return
            self._apply(op)
            if op.fade:  # first scene: fade in from black
                self.transition = Fade(self, None)

    def handle(self, event) -> None:
        if self.transition is not None and self.transition.holds_input:
            self._held.append(event)
            return
        if self.scenes:
            self._guard(self.scenes[-1], "handle", event)

    def _release_held(self) -> None:
        held, self._held = self._held, []
        for event in held:
            if self.scenes:
                self._guard(self.scenes[-1], "handle", event)

    def update(self, dt: float) -> None:
        if self.transition is not None and self.transition.update(dt):
            self.transition = None
        if not self.scenes:
            return
        i = len(self.scenes) - 1
        order = [self.scenes[i]]
        while i > 0 and self.scenes[i].overlay and self.scenes[i].update_below:
            i -= 1
            order.append(self.scenes[i])
        for scene in reversed(order):
            if scene in self.scenes:
                self._guard(scene, "update", dt)

    def draw(self, surface) -> None:
        i = len(self.scenes) - 1
        while i > 0 and self.scenes[i].overlay:
            i -= 1
        drawn = self.scenes[max(i, 0):]
        for scene in drawn:
            if scene in self.scenes:
                scene.under_overlay = scene is not drawn[-1]
                if self._guard(scene, "draw", surface_for(surface, scene)) and scene is drawn[0]:
                    # the frame's margins round the canvas, before any overlay veils them
                    self._margins(scene, surface)
        alpha = self.veil_alpha
        if alpha > 0:
            veiled = whole(surface)
            if self._veil is None or self._veil.get_size() != veiled.get_size():
                self._veil = pygame.Surface(veiled.get_size())
                self._veil.fill((0, 0, 0))
            self._veil.set_alpha(alpha)
            veiled.blit(self._veil, (0, 0))

    @property
    def veil_alpha(self) -> int:
        """Opacity (0..255) of the black fade veil this frame."""
        return 0 if self.transition is None else self.transition.veil_alpha

    def resize(self, size, frame=None) -> None:
        """Every scene on the stack, bottom first, lays itself out for a canvas of ``size`` (a scene that fills
        the frame: for ``frame``, the canvas's when not given)."""
        self._size = tuple(size)
        self._veil = None
        for scene in list(self.scenes):
            if hasattr(scene, "resize"):
                fills = getattr(scene, "fills_frame", False) and frame is not None
                self._guard(scene, "resize", tuple(frame) if fills else self._size)

    def reframe(self, frame) -> None:
        """The frame changed shape round the same canvas: the scenes that fill it lay themselves out again."""
        self._veil = None
        for scene in list(self.scenes):
            if getattr(scene, "fills_frame", False) and hasattr(scene, "resize"):
                self._guard(scene, "resize", tuple(frame))

    def close(self) -> None:
        """Exit every scene, top first (the app quits: scenes save in exit())."""
        self._pending.clear()
        self.transition = None
        while self.scenes:
            scene = self.scenes.pop()
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - the others must still save
                log.error("%s failed while closing", type(scene).__name__, exc_info=True)

    def _margins(self, scene, surface) -> None:
        """The app's frame round the canvas: the margins painted for the bottom scene drawn (its ``backdrop(frame,
        inner)`` hook, or the canvas's edges stretched out: :func:`arcade.engine.ui.frame.paint_margins`)."""
        try:
            paint_margins(surface, scene)
        except Exception as e:  # noqa: BLE001 - a broken backdrop closes its scene like a broken draw
            self._failed(scene, "backdrop", e)

    # ----- failures -----
    def _guard(self, scene, method: str, *args) -> bool:
        """Call ``scene.method(*args)``; on an exception take the scene off (see the module docstring)."""
        try:
            getattr(scene, method)(*args)
            return True
        except Exception as e:  # noqa: BLE001 - one broken scene must not take the app down
            self._failed(scene, method, e)
            return False

    def _failed(self, scene, what: str, error: BaseException) -> None:
        name = type(scene).__name__ if scene is not None else "a scene"
        log.error("%s failed in %s; it was closed", name, what, exc_info=(type(error), error, error.__traceback__))
        self.errors += 1
        self.last_error = f"{name} failed in {what}: {type(error).__name__}: {error}"
        if scene in self.scenes:
            i = self.scenes.index(scene)
            doomed, self.scenes[i:] = self.scenes[i:], []
            for s in reversed(doomed):
                try:
                    s.exit()
                except Exception:  # noqa: BLE001 - it is already broken: leaving is all that matters
                    log.debug("exit after failure raised", exc_info=True)
            if self.scenes:
                self._guard(self.scenes[-1], "uncover")
        self._held.clear()
        self._pending = [op for op in self._pending if op.scene is not scene]
        if not self.scenes and self.home is not None:
            home, self.home = self.home, None  # a failing home scene is not retried forever
            try:
                self._apply(_Op("push", home))
            finally:
                self.home = home
        if self.on_error is not None:
            message = f"{name} stopped: {type(error).__name__}: {error}"
            self.on_error(message.splitlines()[0][:160])

    # ----- applying -----
    def _apply(self, op: _Op) -> None:
        s = self.scenes
        if op.kind == "remove":
            scene = op.scene
            if scene not in s:
                return
            i = s.index(scene)
            was_top = i == len(s) - 1
            s.pop(i)
            self._guard(scene, "exit")
            if was_top and s:
                self._guard(s[-1], "uncover")
            return
        if op.scene is not None and not isinstance(op.scene, Scene):
            factory = op.scene
            try:
                op.scene = factory()  # a factory: build the scene now
            except Exception as e:  # noqa: BLE001
                self._failed(None, "its constructor", e)
                return
        if op.kind == "push":
            if s:
                self._guard(s[-1], "cover")
            s.append(op.scene)
            self._guard(op.scene, "enter")
        elif op.kind == "pop":
            if s:
                scene = s.pop()
                self._guard(scene, "exit")
                if s:
                    self._guard(s[-1], "uncover")
        elif op.kind == "replace":
            if s:
                self._guard(s.pop(), "exit")
            s.append(op.scene)
            self._guard(op.scene, "enter")
        elif op.kind == "reset":
            while s:
                self._guard(s.pop(), "exit")
            s.append(op.scene)
            self._guard(op.scene, "enter")
        elif op.kind == "pop_to_root":
            if len(s) > 1:
                while len(s) > 1:
                    self._guard(s.pop(), "exit")
                self._guard(s[-1], "uncover")
