"""Synthetic input and frame stepping for scene tests (real pygame events, real frames)."""
from __future__ import annotations

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


def settle(app, seconds: float = 0.5, dt: float = 1 / 60) -> None:
    """Run frames until ``seconds`` of game time passed (fades finish, switches apply)."""
    frames(app, max(1, round(seconds / dt)), dt)


def watch_from_stats(app, game_id: str, rec):
    """Stats -> R -> the game's replays list -> Enter, with ``rec`` stored first. Returns the list's keys and the
    scene on top afterwards (the replay scene, when all went well)."""
    import time

    from arcade.shell.replays_scene import ReplaysScene
    from arcade.shell.stats import StatsScene

    app.replays.add(rec)
    app.replays.flush()
    app.stack.reset(StatsScene(app, game_id), fade=False)
    frames(app, 1, events=[key(pygame.K_r)])
    settle(app, 0.3)
    lst = app.stack.top
    assert isinstance(lst, ReplaysScene)
    deadline = time.monotonic() + 5
    while lst.replays is None and time.monotonic() < deadline:
        time.sleep(0.01)
    frames(app, 2)
    keys = lst.keys()
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    return keys, app.stack.top


def run_replay_file(path, data_dir, frames_: int = 30):
    """``python -m arcade replay FILE`` headless for a few frames: the finished process."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "arcade", "replay", str(path), "--frames", str(frames_),
                           "--data-dir", str(data_dir)], env=env, capture_output=True, text=True, timeout=60)
