"""Helpers shared by the games' replay-scene tests: the stats screen's replays list, `arcade replay FILE`."""
import os
import subprocess
import sys
import time

import pygame

from arcade import cli
from helpers import frames, key, settle


def replays_list(app, game_id: str):
    """Stats -> R for ``game_id``: the replays list, read."""
    from arcade.shell.replays_scene import ReplaysScene
    from arcade.shell.stats import StatsScene

    stats = StatsScene(app, game_id)
    app.stack.reset(stats, fade=False)
    frames(app, 1, events=[key(pygame.K_r)])
    settle(app, 0.3)
    lst = app.stack.top
    assert isinstance(lst, ReplaysScene)
    deadline = time.monotonic() + 5
    while lst.replays is None and time.monotonic() < deadline:
        time.sleep(0.01)
    frames(app, 2)
    return lst


def replay_file_runs(path, data_dir) -> None:
    """`arcade replay FILE --frames 30` in a process: it opens and exits 0."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "arcade", "replay", str(path), "--frames", "30", "--data-dir",
                        str(data_dir)], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


def refused_in_one_line(path, data_dir, capsys) -> str:
    """`arcade replay FILE` on a bad file: exit 2 and one line on stderr (returned)."""
    assert cli.main(["replay", str(path), "--data-dir", str(data_dir)]) == 2, path
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("arcade replay: error:"), (path, err)
    return err[0]


def shown(app, scene):
    """``scene`` on the stack with its positions computed (they are, off the UI thread), after one frame."""
    app.stack.reset(scene, fade=False)
    deadline = time.monotonic() + 10
    while not scene.ready and time.monotonic() < deadline:
        time.sleep(0.01)
    frames(app, 1)
    return scene


def watch_from_list(app, game_id: str, rec):
    """``rec`` stored, Stats -> R lists it alone (labelled with its score), Enter: the scene on top afterwards."""
    app.replays.add(rec)
    app.replays.flush()
    lst = replays_list(app, game_id)
    assert lst.keys() == [rec.id, "back"] and lst.list.items[0].label == f"{rec.score:,}"
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.3)
    return app.stack.top


class MinesGame:
    """A Minesweeper game played through the backend and the session, as the scene plays it, on the field that
    ``Field(rows, cols, mines, rule, seed=seed)`` deals (:func:`arcade.minesweeper.field.deal` from
    ``random.Random(seed)`` at the first open). ``clock_ms`` is the game's clock, stamped on each input; the field's
    queries (``view()``, ``over``, ``is_open`` ...) are the session's position's."""

    def __init__(self, rows: int, cols: int, mines: int, rule: str = "opening", seed=0):
        import random

        from arcade.engine.session import Session
        from arcade.minesweeper.backend import BACKEND, Params

        self.session = Session(BACKEND, Params(rows, cols, mines, rule), 0)
        self.rng = random.Random(seed)
        self.clock_ms = 0

    @classmethod
    def level(cls, name: str, **kw) -> "MinesGame":
        from arcade.minesweeper.field import LEVELS

        return cls(*LEVELS[name], **kw)

    def __getattr__(self, name):
        return getattr(self.session.state, name)

    def _play(self, move) -> bool:
        return self.session.play(move)

    def open(self, r: int, c: int) -> bool:
        from arcade.minesweeper.field import deal

        f, cell = self.session.state, r * self.cols + c
        if f.placed:
            return self._play(("O", cell, self.clock_ms))
        layout = tuple(sorted(deal(f.rows, f.cols, f.mines, cell, f.rule, self.rng)))
        return self._play(("O", cell, self.clock_ms, layout))

    def chord(self, r: int, c: int) -> bool:
        return self._play(("C", r * self.cols + c, self.clock_ms))

    def set_mark(self, r: int, c: int, mark: int) -> bool:
        return self._play(("M", r * self.cols + c, mark, self.clock_ms))

    @property
    def opens(self) -> int:
        """The opens played (the first click's included)."""
        return sum(1 for ev in self.session.events if ev[1:2] == "O")

    def record(self) -> dict:
        """The game's replay data."""
        return self.session.replay().data
