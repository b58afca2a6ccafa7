"""Scenes and the scene stack.

A scene is an object with a small lifecycle::

    enter()          it became part of the stack (pushed, or replaced another)
    exit()           it left the stack (popped, replaced, or the app quits): save here
    cover()          another scene was pushed on top of it
    uncover()        the scene above it was popped
    handle(event)    one pygame event, only the top scene gets them
    update(dt)       seconds since the last frame, only the top scene (and the ones an
                     overlay lets through with ``update_below``) is updated
    draw(surface)    draw onto the logical canvas

The stack (after cocos2d's director) owns transitions: push, pop and replace requested
while a frame runs are queued and applied at the next frame boundary (:meth:`SceneStack.begin_frame`),
so a scene never disappears under its own feet. A switch of a full scene fades to black and
back (:data:`FADE_SECONDS` in all); an overlay (``overlay = True``: pause, game over) is drawn over
the scenes beneath it and pops in without a fade. Input that arrives while the screen fades out
is held and given to the scene that fades in: nothing typed during a transition is lost.
"""
from __future__ import annotations

from dataclasses import dataclass
import pygame

FADE_SECONDS = 0.25
PREPARE_MS = 8.0  # per frame spent on a switch's ``prepare`` steps while the screen fades out
PREPARE_MAX_SECONDS = 5.0  # then the switch happens anyway (the scene loads whatever is left itself)


class Scene:
    """Base class with no-op hooks. Subclasses set ``overlay`` for scenes drawn over others."""

    overlay = False  # drawn over the scene beneath instead of replacing the picture
    update_below = False  # an overlay that lets the scenes beneath keep animating

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


@dataclass
class _Op:
    kind: str  # "push" | "pop" | "replace" | "reset" | "pop_to_root"
    scene: Scene | None
    fade: bool
    prepare: object = None  # an iterator of small loading steps, run before the switch (see SceneStack.push)


class SceneStack:
    def __init__(self, size=(480, 800)):
        self.scenes: list[Scene] = []
        self._pending: list[_Op] = []
        self._size = size
        self._fade_op: _Op | None = None  # the op waiting for the fade-out to finish
        self._fade_t = 0.0  # time spent in the current fade phase
        self._phase: str | None = None  # None | "out" | "in"
        self._held: list = []  # input events held during a fade-out
        self._prepare_started: float | None = None
        self._veil = None

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
        return self._phase is not None

    @property
    def busy(self) -> bool:
        """A switch is pending or a fade is running."""
        return bool(self._pending) or self._phase is not None

    def __len__(self) -> int:
        return len(self.scenes)

    def __contains__(self, scene) -> bool:
        return scene in self.scenes

    # ----- the frame -----
    def begin_frame(self) -> None:
        """Apply the switches requested during the last frame (unless a fade-out is running)."""
        while self._pending and self._phase != "out":
            op = self._pending.pop(0)
            if op.fade and self.scenes:
                self._fade_op = op
                self._phase, self._fade_t = "out", 0.0
                return
            self._apply(op)
            if op.fade:  # first scene: fade in from black
                self._phase, self._fade_t = "in", 0.0

    def handle(self, event) -> None:
        if self._phase == "out":
            self._held.append(event)
            return
        if self.scenes:
            self.scenes[-1].handle(event)

    def update(self, dt: float) -> None:
        if self._phase is not None:
            self._fade_t += dt
            half = FADE_SECONDS / 2
            if self._phase == "out" and self._fade_op is not None and self._fade_op.prepare is not None:
                self._prepare(self._fade_op)
                if self._fade_op.prepare is not None and self._fade_t >= half:
                    self._fade_t = half  # hold at black until the steps are done
            holding = self._fade_op is not None and self._fade_op.prepare is not None
            if self._phase == "out" and self._fade_t >= half and not holding:
                op, self._fade_op = self._fade_op, None
                self._apply(op)
                self._phase, self._fade_t = "in", self._fade_t - half
                held, self._held = self._held, []
                for event in held:
                    if self.scenes:
                        self.scenes[-1].handle(event)
            if self._phase == "in" and self._fade_t >= half:
                self._phase, self._fade_t = None, 0.0
        if not self.scenes:
            return
        i = len(self.scenes) - 1
        order = [self.scenes[i]]
        while i > 0 and self.scenes[i].overlay and self.scenes[i].update_below:
            i -= 1
            order.append(self.scenes[i])
        for scene in reversed(order):
            scene.update(dt)

    def draw(self, surface) -> None:
        i = len(self.scenes) - 1
        while i > 0 and self.scenes[i].overlay:
            i -= 1
        for scene in self.scenes[max(i, 0):]:
            scene.draw(surface)
        alpha = self.veil_alpha
        if alpha > 0:
            if self._veil is None or self._veil.get_size() != surface.get_size():
                self._veil = pygame.Surface(surface.get_size())
                self._veil.fill((0, 0, 0))
            self._veil.set_alpha(alpha)
            surface.blit(self._veil, (0, 0))

    def _prepare(self, op: _Op) -> None:
        import time

        now = time.perf_counter()
        if self._prepare_started is None:
            self._prepare_started = now
        deadline = now + PREPARE_MS / 1000.0
        try:
            next(op.prepare)  # at least one step a frame, then as many as fit
            while time.perf_counter() < deadline:
                next(op.prepare)
        except StopIteration:
            op.prepare = None
        except Exception:  # noqa: BLE001 - a failed warm-up only means the scene loads (and reports) it itself
            op.prepare = None
        if op.prepare is not None and now - self._prepare_started > PREPARE_MAX_SECONDS:
            op.prepare = None
        if op.prepare is None:
            self._prepare_started = None

    @property
    def veil_alpha(self) -> int:
        """Opacity (0..255) of the black fade veil this frame."""
        if self._phase is None:
            return 0
        half = FADE_SECONDS / 2
        k = min(1.0, self._fade_t / half)
        return round(255 * (k if self._phase == "out" else 1.0 - k))

    def close(self) -> None:
        """Exit every scene, top first (the app quits: scenes save in exit())."""
        self._pending.clear()
        while self.scenes:
            self.scenes.pop().exit()

    # ----- applying -----
    def _apply(self, op: _Op) -> None:
        if op.scene is not None and not isinstance(op.scene, Scene):
            op.scene = op.scene()  # a factory: build the scene now
        s = self.scenes
        if op.kind == "push":
            if s:
                s[-1].cover()
            s.append(op.scene)
            op.scene.enter()
        elif op.kind == "pop":
            if s:
                s.pop().exit()
                if s:
                    s[-1].uncover()
        elif op.kind == "replace":
            if s:
                s.pop().exit()
            s.append(op.scene)
            op.scene.enter()
        elif op.kind == "reset":
            while s:
                s.pop().exit()
            s.append(op.scene)
            op.scene.enter()
        elif op.kind == "pop_to_root":
            if len(s) > 1:
                while len(s) > 1:
                    s.pop().exit()
                s[-1].uncover()

