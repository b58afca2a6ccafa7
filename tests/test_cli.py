"""The command line: bad values exit 2 with one line, --frames runs and exits 0, no display exits 1."""
import os
import subprocess
import sys

import pytest

from arcade import __version__
from arcade import cli


def run(*args, env=None, timeout=60):
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    if env is not None:
        e.update(env)
        for k, v in env.items():
            if v is None:
                e.pop(k)
    return subprocess.run([sys.executable, "-m", "arcade", *args], capture_output=True, text=True, env=e, timeout=timeout)


@pytest.mark.parametrize("argv", [
    ["--seed", "abc"], ["--seed", "-1"], ["--frames", "0"], ["--frames", "x"], ["play", "tetris"], ["play"],
    ["--window", "10x10"], ["--window", "99999x800"], ["--window", "big"], ["play", "2048", "--size", "9"],
    ["--no-such-flag"], ["bench"], ["bench", "nope"],
    ["--screenshot", "x.png"], ["--frames", "2", "--screenshot", "x.jpg"],
    ["--frames", "2", "--screenshot", "/no/such/folder/x.png"],
])
def test_bad_values_exit_2_with_one_line(argv, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("arcade") and "error:" in err[-1]
    assert not any("Traceback" in line for line in err)


def test_options_before_or_after_the_subcommand():
    p = cli.build_parser()
    a = p.parse_args(["--seed", "3", "play", "2048"])
    b = p.parse_args(["play", "2048", "--seed", "3"])
    assert a.seed == b.seed == 3 and a.game == b.game == "2048"
    assert p.parse_args(["demo"]).seed is None


def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--version"])
    assert e.value.code == 0 and __version__ in capsys.readouterr().out


def test_frames_smoke_run_exits_0(tmp_path):
    r = run("--frames", "30", "--data-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr


def test_no_display_is_one_clear_line(tmp_path):
    r = run("--frames", "3", "--data-dir", str(tmp_path), env={"SDL_VIDEODRIVER": None, "DISPLAY": None, "WAYLAND_DISPLAY": None})
    assert r.returncode == 1
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "no display" in lines[0] and "Traceback" not in r.stderr


def test_unwritable_data_dir_warns_and_still_runs(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = run("--frames", "5", "--data-dir", str(blocker / "sub"))
    assert r.returncode == 0
    assert "cannot create the data directory" in r.stderr and r.stderr.count("\n") == 1


def test_corrupt_profile_warns_once_and_runs(tmp_path):
    (tmp_path / "profile.json").write_text("{not json")
    r = run("--frames", "5", "--data-dir", str(tmp_path))
    assert r.returncode == 0 and r.stderr.count("warning") + r.stderr.count("WARNING") == 1
    assert any(".corrupt-" in f.name for f in tmp_path.iterdir())


def _commands(parser, path=()):
    """Every command path of the parser (``()``, ``("play",)``, ``("play", "2048")``, ``("bench", "all")`` ...)."""
    import argparse

    yield path
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, path + (name,))


def test_every_help_of_every_subcommand_prints_and_exits_0(capsys):
    paths = list(_commands(cli.build_parser(with_benches=True)))
    assert ("bench", "minesweeper") in paths and ("play", "2048") in paths and ("bench", "all") in paths
    for path in paths:
        with pytest.raises(SystemExit) as e:
            cli.main([*path, "--help"])
        out = capsys.readouterr()
        assert e.value.code == 0, (path, out.err)
        assert out.out.startswith("usage: arcade") and "Traceback" not in out.err, path


def test_screenshot_saves_the_last_frame_at_the_window_size(tmp_path):
    import pygame

    shot = tmp_path / "menu.png"
    r = run("--frames", "20", "--window", "600x850", "--screenshot", str(shot), "--data-dir", str(tmp_path / "p"))
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(shot))
    assert img.get_size() == (600, 850)
    # the 480x800 canvas in a frame of the window's shape, scaled to the whole window: the menu's art to its edges
    assert img.get_at((10, 425))[:3] != (0, 0, 0) and img.get_at((589, 425))[:3] != (0, 0, 0)
    assert img.get_at((300, 425))[:3] != (0, 0, 0)


def test_screenshot_of_a_seeded_game_is_the_same_every_run(tmp_path):
    """Each frame of a screenshot run advances exactly 1/60 s: the picture does not depend on the machine's speed."""
    shots = []
    for i in (1, 2):
        shots.append(tmp_path / f"s{i}.png")
        r = run("play", "2048", "--new", "--seed", "3", "--frames", "40", "--screenshot", str(shots[-1]),
                "--data-dir", str(tmp_path / f"p{i}"))
        assert r.returncode == 0, r.stderr
    assert shots[0].read_bytes() == shots[1].read_bytes()


def _bad_outputs(tmp_path):
    """Output paths that exist but cannot be a file, or cannot be named: a FIFO nobody reads (writing to it would
    wait forever), a name over 255 bytes, a name with no room for the temp file of an atomic write, a device."""
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    return {"fifo": (str(fifo), "not a regular file"), "long": (str(tmp_path / ("a" * 296 + ".png")), "too long"),
            "no room": (str(tmp_path / ("b" * 249 + ".png")), "too long"), "device": ("/dev/null", "not a regular")}


@pytest.mark.skipif(os.name != "posix", reason="named pipes and /dev/null")
@pytest.mark.parametrize("which", ["fifo", "long", "no room", "device"])
@pytest.mark.parametrize("command", [
    ["--data-dir", "DATA", "--frames", "1", "--screenshot"],
    ["bench", "faults", "--json"],
    ["bench", "tictactoe", "--json"],
    ["bench", "gomocup", "--engine", sys.executable, "--json"],
    ["train", "2048", "--dir", "RUN", "--plot"],
], ids=["screenshot", "faults-json", "tictactoe-json", "gomocup-json", "train-plot"])
def test_an_output_that_cannot_be_a_file_is_one_line_and_exit_2(tmp_path, command, which):
    path, words = _bad_outputs(tmp_path)[which]
    argv = [{"RUN": str(tmp_path / "run"), "DATA": str(tmp_path / "p")}.get(a, a) for a in command]
    r = run(*argv, path, timeout=60)  # (a FIFO that was opened would hang)
    err = r.stderr.strip().splitlines()
    assert r.returncode == 2, r.stderr
    assert err[-1].startswith("arcade") and "error:" in err[-1] and words in err[-1], err[-1]
    assert not any("Traceback" in line for line in err)
    assert not (tmp_path / "p").exists() and not (tmp_path / "run").exists()  # refused before anything ran


def test_the_screenshot_is_written_only_to_a_regular_file(tmp_path):
    """The check at the start and the write at the end agree: a named pipe put there in between is refused in one
    line (opening never waits for a reader), not waited on."""
    import pygame

    from arcade.engine.app import _regular_file

    fifo = tmp_path / "late.png"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        _regular_file(fifo)
    with _regular_file(tmp_path / "shot.png") as fh:
        pygame.image.save(pygame.Surface((4, 4)), fh, "shot.png")
    assert (tmp_path / "shot.png").read_bytes()[:4] == b"\x89PNG"


def test_output_to_a_pipe_closed_early_ends_quietly(tmp_path):
    """`arcade stats --json | head`: the reader goes away early; no traceback, as with any Unix tool."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = f"{sys.executable} -m arcade stats --json --data-dir {tmp_path} | true"  # a reader gone before a byte
    r = subprocess.run(["sh", "-c", cmd], env=env, capture_output=True, text=True, timeout=60)
    assert "Traceback" not in r.stderr and "BrokenPipeError" not in r.stderr, r.stderr
