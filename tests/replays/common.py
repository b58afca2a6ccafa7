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


def mines_record(f) -> dict:
    """A Minesweeper game played on a :class:`arcade.minesweeper.field.Field` (its own log of inputs) as replay
    data in the format written before the session layer, which replays still read (through the backend)."""
    from arcade.engine.replays import encode_events

    bits = 0
    for r, c in f.mine_cells():
        bits |= 1 << (r * f.cols + c)
    return {"rows": f.rows, "cols": f.cols, "mines": f.mines, "rule": f.rule, "no_guess": False, "seed": 0,
            "layout": format(bits, "x").zfill((f.size + 3) // 4), "log": encode_events(f.log), "state": f.state,
            "time_ms": f.clock_ms, "question_marks": f.question_marks, "assisted": False}
