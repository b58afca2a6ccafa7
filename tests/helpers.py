"""Synthetic input and frame stepping for scene tests (real pygame events, real frames)."""
from __future__ import annotations

import time

import pygame


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def key_up(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)


def mouse_down(pos, button: int = 1, touch: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)


def mouse_up(pos, button: int = 1, touch: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=touch)


def mouse_move(pos, rel=(1, 1), buttons=(0, 0, 0), touch: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=touch)


def click(pos, button: int = 1) -> list:
    return [mouse_down(pos, button), mouse_up(pos, button)]


def finger(kind: int, x: float, y: float, finger_id: int = 0) -> pygame.event.Event:
    """A touch event; x, y are window-normalised (0..1) as SDL reports them."""
    return pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=finger_id, pressure=1.0)


def tap(x: float, y: float, logical=(480, 800)) -> list:
    """A finger tap at logical pixel (x, y), assuming the window is the logical size."""
    nx, ny = x / logical[0], y / logical[1]
    return [finger(pygame.FINGERDOWN, nx, ny), finger(pygame.FINGERUP, nx, ny)]


def frames(app, n: int = 1, dt: float = 1 / 60, events=()) -> None:
    """Run ``n`` real frames of ``app`` (switches, events, update, draw); ``events`` go in the first."""
    pygame.event.clear()
    for i in range(n):
        app.step(dt, list(events) if i == 0 else [])


def until(app, cond, guard: float = 60.0) -> None:
    """Run real frames until ``cond()`` holds (an AI's move arriving from its worker), at most ``guard`` seconds of
    wall time; fails when it never does."""
    deadline = time.monotonic() + guard
    while not cond() and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.002)
    assert cond()


def settle(app, seconds: float = 0.5, dt: float = 1 / 60) -> None:
    """Run frames until ``seconds`` of game time passed (fades finish, switches apply)."""
    frames(app, max(1, round(seconds / dt)), dt)


def running(pid: int) -> bool:
    """Whether process ``pid`` runs, read from /proc (a zombie waiting for its reaper does not count)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return False


def open_from_menu(app, item: str):
    """The menu shown afresh, ``item`` (its key, e.g. "stats" or "play:stairs") chosen with Enter; the scene that
    opens (frames run until it is on top: the art it needs is prepared under the fade, a frame's share at a time)."""
    from arcade.shell.menu import MenuScene

    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    menu.select(item)
    frames(app, 1, events=[key(pygame.K_RETURN)])
    leave(app, menu)
    return app.stack.top


def leave(app, scene, seconds: float = 60.0) -> None:
    """Run frames until ``scene`` is no longer on top, then let the fade finish. The switch waits for the games'
    modules, imported on the menu's prefetch thread in real time: on a loaded machine that is more than any fixed
    number of frames, so frames run until the switch, for ``seconds`` of wall time at most."""
    settle(app, 0.4)
    until(app, lambda: app.stack.top is not scene, seconds)
    settle(app, 0.2)
