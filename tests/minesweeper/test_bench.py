"""The benchmark: JSON shape (games and wins as numbers, one record per game), resume after a stop, one-line
argument errors, the Wilson interval."""
import argparse
import json

import pytest

from arcade import cli
from arcade.minesweeper.bench import ai as bench


def parse(*argv):
    p = argparse.ArgumentParser(prog="bench")
    bench.add_arguments(p)
    return p.parse_args(list(argv))


def test_run_writes_games_wins_and_records(tmp_path, capsys):
    out = tmp_path / "b.json"
    assert bench.run(parse("--level", "beginner", "--games", "4", "--seed", "3", "--json", str(out), "--quiet")) == 0
    data = json.loads(out.read_text())
    assert data["games"] == 4 and isinstance(data["wins"], int) and len(data["records"]) == 4
    assert [r["seed"] for r in data["records"]] == [3, 4, 5, 6]
    assert {"won", "moves", "guesses", "ms_median", "ms_max", "fallback_moves", "cpu_ms_max"} <= set(data["records"][0])
    r = data["records"][0]
    assert len(r["ms_moves"]) == len(r["cpu_ms_moves"]) == r["moves"]
    cpu = data["summary"]["cpu_ms_per_move"]
    assert cpu["median"] <= cpu["max"] and cpu["over_1s"] >= 0
    assert not (tmp_path / "b.json.partial").exists()
    text = capsys.readouterr().out
    assert "win rate" in text and "95 % CI" in text and "fallback moves" in text and "cpu ms a move" in text


def test_resume_plays_only_the_missing_seeds(tmp_path, monkeypatch):
    out = tmp_path / "r.json"
    bench.run(parse("--level", "beginner", "--games", "2", "--seed", "10", "--json", str(out), "--quiet"))
    # a killed run leaves a journal line (and maybe a cut-off one)
    extra = bench.play_game("beginner", 12, "safe")
    (tmp_path / "r.json.partial").write_text(json.dumps({**extra, "_run": ["beginner", "safe", 10]}) + "\n{\"se")
    played = []
    real = bench.play_game
    monkeypatch.setattr(bench, "play_game", lambda *a: played.append(a[1]) or real(*a))
    assert bench.run(parse("--level", "beginner", "--games", "4", "--seed", "10", "--json", str(out), "--resume",
                           "--quiet")) == 0
    assert played == [13]
    assert json.loads(out.read_text())["games"] == 4


def one_line_error(argv, capsys) -> str:
    """``arcade bench minesweeper ARGV`` fails before any game with one line and exit 2; that line."""
    with pytest.raises(SystemExit) as e:
        cli.main(["bench", "minesweeper", *argv])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("arcade bench minesweeper: error: ") and "Traceback" not in "".join(err)
    return err[-1]


def test_resume_refuses_another_run_and_needs_a_file(tmp_path, capsys):
    out = tmp_path / "r.json"
    bench.run(parse("--level", "beginner", "--games", "1", "--json", str(out), "--quiet"))
    capsys.readouterr()
    assert "cannot resume" in one_line_error(["--level", "expert", "--games", "1", "--json", str(out), "--resume"],
                                             capsys)
    out.write_text("{not json")
    assert "not a benchmark file" in one_line_error(["--games", "1", "--json", str(out), "--resume"], capsys)
    assert "--resume needs --json" in one_line_error(["--resume"], capsys)


@pytest.mark.parametrize("argv", [["--level", "huge"], ["--games", "0"], ["--games", "x"], ["--games", str(10**11)],
                                  ["--jobs", "0"], ["--jobs", "1000"], ["--seed", "-1"], ["--seed", "1.5"],
                                  ["--first-click", "anywhere"], ["--json", "."], ["--json", ""],
                                  ["--json", "/no/such/folder/x.json"]])
def test_bad_values_through_the_cli(argv, capsys):
    one_line_error(argv, capsys)


@pytest.mark.parametrize("argv", [["--level", "huge"], ["--games", "0"], ["--games", "x"], ["--jobs", "0"],
                                  ["--seed", "-1"], ["--first-click", "anywhere"], ["--json", "."],
                                  ["--json", "/no/such/folder/x.json"]])
def test_bad_arguments_are_one_line_errors(argv, capsys):
    with pytest.raises(SystemExit) as e:
        parse(*argv)
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("bench: error: argument") and "Traceback" not in "".join(err)


def test_wilson():
    lo, hi = bench.wilson(40, 100)
    assert lo == pytest.approx(0.3094, abs=1e-3) and hi == pytest.approx(0.4980, abs=1e-3)
    assert bench.wilson(0, 0) == (0.0, 1.0)


def test_noguess_bench_prints_per_level_times(capsys):
    assert cli.main(["bench", "minesweeper-noguess", "--boards", "2", "--level", "beginner", "--rule", "safe"]) == 0
    out = capsys.readouterr().out
    assert "first click safe, 2 boards" in out and "beginner" in out and "failures 0" in out and "expert" not in out


@pytest.mark.parametrize("argv", [["--boards", "0"], ["--boards", "1e3"], ["--boards", str(10**9)], ["--rule", "x"],
                                  ["--level", "hard"], ["--seed", "-2"], ["--max-seconds", "0"],
                                  ["--max-seconds", "nan"]])
def test_noguess_bench_bad_values(argv, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["bench", "minesweeper-noguess", *argv])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("arcade bench minesweeper-noguess: error: argument") and "Traceback" not in "".join(err)


KILLED_RUN = """
import sys
from arcade.dev import benchkit
benchkit.SAVE_EVERY_S = 0.3  # whole-file writes all through the run, so the kill can fall during one
from arcade import cli
if __name__ == "__main__":
    sys.exit(cli.main(sys.argv[1:]))
"""


def test_a_run_killed_mid_way_resumes_without_losing_or_repeating_a_game(tmp_path, monkeypatch):
    import os
    import signal
    import subprocess
    import sys
    import time

    out, games = tmp_path / "k.json", 300
    script = tmp_path / "run.py"
    script.write_text(KILLED_RUN)
    argv = ["bench", "minesweeper", "--level", "beginner", "--games", str(games), "--seed", "40", "--jobs", "2",
            "--json", str(out), "--quiet"]
    proc = subprocess.Popen([sys.executable, str(script), *argv], start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    journal = tmp_path / "k.json.partial"
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            if journal.exists() and journal.read_text().count("\n") >= 60 and out.exists():
                break
            time.sleep(0.005)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the run and its workers, at once
        proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the run ended before it was killed"
    kept = {json.loads(line)["seed"] for line in journal.read_text().splitlines() if line.endswith("}")}
    written = json.loads(out.read_text())   # a whole-file write during the run: its totals match its records
    assert written["games"] == written["summary"]["games"] == len(written["records"]) < games
    assert {r["seed"] for r in written["records"]} <= kept and 60 <= len(kept) < games

    played = []
    real = bench.play_game
    monkeypatch.setattr(bench, "play_game", lambda *a: played.append(a[1]) or real(*a))
    assert bench.run(parse("--level", "beginner", "--games", str(games), "--seed", "40", "--json", str(out),
                           "--resume", "--quiet")) == 0
    seeds = list(range(40, 40 + games))
    assert sorted(played) == sorted(set(seeds) - kept) and len(played) == len(set(played))
    data = json.loads(out.read_text())
    assert [r["seed"] for r in data["records"]] == seeds
    assert data["games"] == games and data["wins"] == sum(r["won"] for r in data["records"])
    assert data["summary"]["moves"] == sum(r["moves"] for r in data["records"])
    for r in data["records"][::37]:  # a game of either sitting is the game its seed plays
        again = real("beginner", r["seed"], "safe")
        assert (again["won"], again["moves"], again["opened"]) == (r["won"], r["moves"], r["opened"])
    assert not journal.exists()


class _RunawayClock:
    """A clock that jumps 1,000 s at every reading: any time budget is gone the moment it is looked at."""

    def __init__(self) -> None:
        self.now = 0.0

    def _tick(self) -> float:
        self.now += 1000.0
        return self.now

    perf_counter = thread_time = process_time = _tick


def _moves_of(record: dict) -> tuple:
    """Everything of a game's record the solver's moves decide (not their times)."""
    return tuple(record[k] for k in ("won", "moves", "guesses", "risk_taken", "endgame_moves", "opened")) + (
        str(record["lost_on"]),)


def test_an_untimed_game_is_the_same_game_however_slow_the_machine(monkeypatch):
    """``--untimed``: the solver's moves depend on its counts alone, so a machine where every budget runs out at
    once (the runaway clock) plays exactly the games of a normal one; with the budgets on, that clock cuts the
    endgame search and the guesses short and the games change."""
    from arcade.minesweeper import solver

    seeds = range(1, 9)
    normal = [_moves_of(bench.play_game("intermediate", s, "safe", False)) for s in seeds]
    timed_normal = [_moves_of(bench.play_game("intermediate", s, "safe", True)) for s in seeds]
    monkeypatch.setattr(solver, "time", _RunawayClock())
    assert [_moves_of(bench.play_game("intermediate", s, "safe", False)) for s in seeds] == normal
    starved = [_moves_of(bench.play_game("intermediate", s, "safe", True)) for s in seeds]
    assert starved != timed_normal  # the clock does decide timed games: the check above can fail
    assert sum(r[4] for r in starved) < sum(r[4] for r in timed_normal)  # no endgame search within a budget of 0
    assert solver.TIMED is True  # each game puts the setting back


def test_untimed_runs_say_so_and_never_resume_a_timed_one(tmp_path, capsys):
    out = tmp_path / "u.json"
    assert bench.run(parse("--level", "beginner", "--games", "2", "--untimed", "--json", str(out), "--quiet")) == 0
    data = json.loads(out.read_text())
    assert data["summary"]["timed"] is False and data["summary"]["solver"]["budget_clock"] == "none (counts only)"
    assert "untimed" in capsys.readouterr().out
    line = one_line_error(["--level", "beginner", "--games", "3", "--json", str(out), "--resume"], capsys)
    assert "cannot resume" in line and "untimed" in line
    assert bench.run(parse("--level", "beginner", "--games", "3", "--untimed", "--json", str(out), "--resume",
                           "--quiet")) == 0
    assert json.loads(out.read_text())["games"] == 3
