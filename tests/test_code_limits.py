"""Game codes are held to the limits a player may choose (a code past --custom's limits is refused in one line, and
every code `arcade code` writes plays), and the command line's small mistakes are one clear line each."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arcade.engine import codes

ROOT = Path(__file__).resolve().parents[1]


def arcade(*args, timeout=90):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return subprocess.run(["timeout", "-s", "KILL", str(timeout), sys.executable, "-m", "arcade", *args],
                          capture_output=True, text=True, env=env, timeout=timeout + 30)


SEED = codes.encode_seed(3)


@pytest.mark.parametrize("field,why", [
    ("100x100m9999", "Width must be 5 to 25"), ("2x2m3", "Width must be 5 to 25"), ("4x5m3", "Height must be 5 to 35"),
    ("36x25m10", "Height must be 5 to 35"), ("35x25m817", "Mines must be 1 to 816"), ("16x30m99", "Width"),
])
def test_a_code_past_the_custom_limits_is_refused_in_one_line(field, why, data_dir):
    r = arcade("play", "minesweeper", "--code", f"minesweeper-{field}-{SEED}", "--frames", "2",
               "--data-dir", str(data_dir))
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and why in lines[0] and "Traceback" not in r.stderr, r.stderr


@pytest.mark.parametrize("custom", ["5x5x1", "5x5x16", "35x25x816", "20x24x99"])
def test_every_code_arcade_code_writes_plays(custom, data_dir):
    r = arcade("code", "minesweeper", "--custom", custom, "--seed", "3")
    assert r.returncode == 0, r.stderr
    code = r.stdout.strip()
    r = arcade("play", "minesweeper", "--code", code, "--frames", "2", "--data-dir", str(data_dir))
    assert r.returncode == 0, r.stderr


def test_the_code_limits_are_the_custom_cards():
    from arcade.minesweeper.backend import BACKEND
    from arcade.minesweeper.field import custom_problem

    for rows in (4, 5, 35, 36):
        for cols in (4, 5, 25, 26):
            for mines in (1, (cols - 1) * (rows - 1), (cols - 1) * (rows - 1) + 1):
                text = f"{rows}x{cols}m{mines}"
                try:
                    BACKEND.code_params(text)
                except ValueError:
                    ok = False
                else:
                    ok = True
                assert ok == (custom_problem(cols, rows, mines) is None), text
    assert BACKEND.code_params("expert").level == "expert"  # the levels are what they are
    assert BACKEND.parse_params("100x100m9999").mines == 9999  # a replay's field is read as it was written


def test_code_with_both_seed_and_daily_says_they_exclude_each_other():
    r = arcade("code", "2048", "--daily", "--seed", "3")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and "exclude each other" in lines[0], r.stderr
    r = arcade("code", "2048")
    assert r.returncode == 2 and "give --seed S or --daily" in r.stderr


def test_replay_of_an_empty_name_is_a_clear_line():
    r = arcade("replay", "")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and "give the path of a replay file" in lines[0], r.stderr
    assert "folder" not in lines[0]
