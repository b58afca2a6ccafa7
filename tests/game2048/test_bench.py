"""The 2048 AI benchmark and the engine micro-benchmark: tiny runs, the JSON schema, the table, the plot."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import pytest

from arcade.game2048.bench import ai as bench, engine as bench_engine
from arcade.game2048.ai import expectimax
from arcade.game2048.game import Game

GAME_KEYS = {"seed", "score", "max_tile", "moves", "moves_to_2048", "ms_per_move", "ms_p95", "nodes",
             "nodes_per_second", "depth_median", "seconds", "path", "moves_to", "over", "cpu_share"}
SUMMARY_KEYS = {"strategy", "params", "games", "seed", "jobs", "until", "size", "reach", "score", "moves",
                "moves_to_2048", "ms_per_move", "nodes_per_second", "max_tile_counts", "total_moves", "wall_seconds",
                "cpu_share", "load_average"}


def parse(argv):
    p = argparse.ArgumentParser()
    bench.add_arguments(p)
    return p.parse_args(argv)


@pytest.mark.parametrize("jobs", [1, 2])
def test_tiny_run_writes_json_table_and_plot(tmp_path, capsys, jobs):
    out, png = tmp_path / "run.json", tmp_path / "run.png"
    args = parse(["--ai", "expectimax", "--games", "2", "--seed", "5", "--jobs", str(jobs), "--until", "64",
                  "--budget-ms", "5", "--param", "max_depth=2", "--json", str(out), "--plot", str(png), "--quiet"])
    assert bench.run(args) == 0
    table = capsys.readouterr().out
    assert "2048 AI benchmark: expectimax" in table and "ms per move" in table and "moves to 2048" in table
    assert "budget_ms=5.0" in table and "max_depth=2" in table
    data = json.loads(out.read_text())
    assert set(data) == {"summary", "games", "run", "in_progress"} and data["in_progress"] == []
    assert SUMMARY_KEYS <= set(data["summary"])
    s = data["summary"]
    assert s["games"] == 2 and s["seed"] == 5 and s["until"] == 64 and s["jobs"] == jobs
    assert s["reach"]["2048"] is None  # above --until: not measured
    assert s["reach"]["64"] == 1.0 and "     64" in table
    assert [g["seed"] for g in data["games"]] == [5, 6]
    for g in data["games"]:
        assert GAME_KEYS <= set(g)
        assert g["max_tile"] >= 64 and g["moves"] > 0 and g["moves_to_2048"] is None
        assert g["ms_per_move"] > 0 and g["path"] == "bitboard"
    assert s["score"]["min"] <= s["score"]["median"] <= s["score"]["max"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_seeds_make_runs_repeatable(tmp_path):
    a = bench.play_game(11, "expectimax", {"depth": 1}, until=128)
    b = bench.play_game(11, "expectimax", {"depth": 1}, until=128)
    assert (a["score"], a["moves"], a["max_tile"]) == (b["score"], b["moves"], b["max_tile"])


def test_other_sizes_and_strategies_run():
    g = bench.play_game(3, "montecarlo", {"breadth": 3, "depth": 3, "seed": 0}, size=5, max_moves=5)
    assert g["moves"] == 5 and g["path"] == "general"


def test_table_formatting():
    games = [
        {"seed": 1, "score": 60000, "max_tile": 4096, "moves": 3000, "moves_to_2048": 1000, "nodes": 10,
         "times_ms": [10.0, 20.0, 30.0]},
        {"seed": 2, "score": 140000, "max_tile": 8192, "moves": 6000, "moves_to_2048": 1100, "nodes": 20,
         "times_ms": [40.0]},
    ]
    s = bench.summarize(games, strategy="x", params={"budget_ms": 50}, seed=1, jobs=2, until=None, wall_seconds=3)
    assert s["reach"] == {"2048": 1.0, "4096": 1.0, "8192": 0.5, "16384": 0.0, "32768": 0.0}
    assert s["moves_to_2048"] == {"games": 2, "min": 1000, "median": 1000, "max": 1100}
    assert s["ms_per_move"]["median"] in (20.0, 30.0) and s["ms_per_move"]["p95"] == 40.0
    text = bench.format_table(s)
    assert "100%" in text and "50%" in text and "4096 x1, 8192 x1" in text and "budget_ms=50" in text
    assert s["crowded"]["share"] is None and "crowded" not in text  # games recorded before the empty cells


def test_crowded_moves_are_timed_apart():
    games = [
        {"seed": 1, "score": 6, "max_tile": 4096, "moves": 4, "moves_to_2048": 1, "nodes": 1,
         "times_ms": [10.0, 200.0, 12.0, 210.0], "empties": "9150"},
        {"seed": 2, "score": 6, "max_tile": 4096, "moves": 2, "moves_to_2048": 1, "nodes": 1,
         "times_ms": [11.0, 190.0], "empties": "30"},
        {"seed": 3, "score": 6, "max_tile": 4096, "moves": 1, "moves_to_2048": 1, "nodes": 1,
         "times_ms": [500.0], "empties": ""},  # an old record: no empty cells kept, left out of the split
    ]
    s = bench.summarize(games, strategy="x", params={}, seed=1, jobs=1, until=None, wall_seconds=1)
    c = s["crowded"]
    assert c["moves"] == 6 and c["share"] == pytest.approx(0.5) and c["empty_cells"] == bench.CROWDED == 1
    assert c["ms_median_crowded"] == 200.0 and c["ms_median_others"] == 11.0
    assert "crowded        50 % of moves (<= 1 empty cells): ms median 200.0 there, 11.0 on the others" in \
        bench.format_table(s)


def test_played_games_keep_their_empty_cells_through_a_checkpoint():
    seen = []
    g = bench.play_game(4, "expectimax", {"depth": 1, "budget_ms": None}, until=128, checkpoint=seen.append,
                        checkpoint_every=10)
    assert len(g["empties"]) == len(g["times_ms"]) == g["moves"] and set(g["empties"]) <= set("0123456789")
    resumed = bench.play_game(4, "expectimax", {"depth": 1, "budget_ms": None}, until=128, state=seen[0])
    assert resumed["empties"] == g["empties"] and resumed["moves"] == g["moves"]


@pytest.mark.parametrize("argv", [
    ["--ai", "nope"], ["--until", "100"], ["--param", "colour=1"], ["--param", "depth=abc"], ["--param", "clock=gpu"],
    ["--param", "crowded_time=0"], ["--param", "crowded_empty=-2"],
    ["--param", "depth=0"], ["--param", "four_probability=1.5"], ["--param", "budget_ms=-3"], ["--param", "nokey"],
    ["--weight", "colour=2"], ["--weight", "empty=lots"], ["--budget-ms", "-5"], ["--budget-ms", "nan"],
    ["--four-probability", "1.2"], ["--size", "9"], ["--games", "0"],
    ["--json", "."], ["--json", "/no/such/folder/run.json"], ["--plot", "/no/such/folder/p.png"],
    # more of the same kinds
    ["--param", "depth=abc"], ["--weight", "nosuch=3"], ["--param", "four_probability=7"], ["--budget-ms", "-1"],
    ["--json", os.path.dirname(os.path.abspath(__file__))], ["--plot", "/nonexistent/x.png"],
    ["--strategy", "nope"], ["--param", "cutoff_per_depth=0"], ["--param", "danger_empty=-1"],
])
def test_bad_arguments_are_one_line_before_the_run(argv, capsys):
    with pytest.raises(SystemExit) as e:
        parse(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err and err[-1].startswith("usage:") is False and "Traceback" not in "\n".join(err)


def test_bad_arguments_for_the_chosen_strategy(capsys, tmp_path):
    # a name another strategy knows, but not this one: still refused before any game starts
    assert bench.run(parse(["--ai", "mcts", "--games", "1", "--param", "min_branch=2", "--quiet"])) == 2
    assert "min_branch" in capsys.readouterr().err
    assert bench.run(parse(["--games", "1", "--resume", "--quiet"])) == 2  # --resume without --json
    other = tmp_path / "other.json"
    other.write_text('{"summary": {}, "games": []}')
    assert bench.run(parse(["--games", "1", "--json", str(other), "--resume", "--quiet"])) == 2
    assert "no run settings" in capsys.readouterr().err


def test_unwritable_json_mid_run_keeps_the_results(tmp_path, capsys, monkeypatch):
    from arcade.dev import benchkit

    out = tmp_path / "run.json"
    real = benchkit.Results._write
    calls = []

    def flaky(self, path, *a, **kw):
        calls.append(str(path))
        if str(path) == str(out):
            raise OSError(28, "No space left on device")
        return real(self, path, *a, **kw)

    monkeypatch.setattr(benchkit.Results, "_write", flaky)
    args = parse(["--games", "2", "--seed", "3", "--jobs", "1", "--until", "32", "--param", "depth=1",
                  "--json", str(out), "--quiet"])
    assert bench.run(args) == 1
    captured = capsys.readouterr()
    assert "2 finished of 2" in captured.out and "No space left" in captured.err
    fallback = [p for p in calls if p != str(out)]
    assert len(fallback) == 1 and json.loads(open(fallback[0]).read())["summary"]["games"] == 2
    os.remove(fallback[0])


RESUME = ["--ai", "expectimax", "--games", "3", "--seed", "21", "--jobs", "1", "--until", "256",
          "--param", "depth=2", "--param", "budget_ms=None", "--checkpoint-every", "25", "--quiet"]


def _outcome(path):
    data = json.loads(path.read_text())
    return [(g["seed"], g["score"], g["moves"], g["max_tile"], g["moves_to"]) for g in data["games"]], data


def test_a_stopped_run_resumes_to_the_same_result(tmp_path, monkeypatch, capsys):
    whole, cut = tmp_path / "whole.json", tmp_path / "cut.json"
    assert bench.run(parse(RESUME + ["--json", str(whole)])) == 0
    expected, _ = _outcome(whole)

    # stop the same run right after the third checkpoint of its second game was taken
    real, seen = bench.play_game, []

    def stop_after_checkpoint(seed, *, checkpoint=None, **kw):
        def taken(state):
            checkpoint(state)
            if seed == 22:
                seen.append(Game.from_dict(state["game"]).moves)
                if len(seen) == 3:
                    raise KeyboardInterrupt
        return real(seed, checkpoint=taken, **kw)

    monkeypatch.setattr(bench, "play_game", stop_after_checkpoint)
    with pytest.raises(KeyboardInterrupt):
        bench.run(parse(RESUME + ["--json", str(cut)]))
    monkeypatch.setattr(bench, "play_game", real)
    partial, data = _outcome(cut)
    assert partial == expected[:1] and data["summary"]["partial"] is True
    assert [c["seed"] for c in data["in_progress"]] == [22]
    assert Game.from_dict(data["in_progress"][0]["game"]).moves == seen[-1] == 75
    # --status says where it stands and how to go on, without playing
    assert bench.run(parse(["--status", str(cut)])) == 0
    said = capsys.readouterr().out
    assert f"largest tile   21: {expected[0][3]}   (1 of 1 reached {expected[0][3]})" in said
    assert "in progress    seed 22 at move 75, largest tile" in said and "1 finished of 3" in said
    go_on = [line for line in said.splitlines() if line.startswith("go on with")]
    assert len(go_on) == 1 and go_on[0].endswith("--resume")  # the last sitting's command line, resumed
    assert _outcome(cut)[0] == partial

    assert bench.run(parse(RESUME + ["--json", str(cut), "--resume"])) == 0
    resumed, data = _outcome(cut)
    assert resumed == expected
    capsys.readouterr()
    assert bench.run(parse(["--status", str(cut)])) == 0
    said = capsys.readouterr().out
    assert "3 finished of 3" in said and not [line for line in said.splitlines()
                                              if line.startswith(("in progress", "go on with"))]
    for bad, words in (("{\"summary\": 3}", "not the JSON of an arcade bench 2048 run"), ("[", "cannot read")):
        (tmp_path / "bad.json").write_text(bad)
        assert bench.run(parse(["--status", str(tmp_path / "bad.json")])) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1
    s = data["summary"]
    assert s["finished"] == 3 and s["resumed"] == 1 and s["in_progress"] == 0 and "partial" not in s
    assert [p["piece"] for p in s["pieces"]] == [0, 1] and s["pieces"][1]["games_resumed"] == 1
    assert [g["pieces"] for g in data["games"]] == [[0], [0, 1], [1]]
    assert len(data["games"][1]["times_ms"]) == data["games"][1]["moves"]
    # nothing left to play: a second resume only prints the table again
    assert bench.run(parse(RESUME + ["--json", str(cut), "--resume"])) == 0
    assert _outcome(cut)[0] == expected and len(_outcome(cut)[1]["summary"]["pieces"]) == 2
    # a different run refuses to resume from this file
    other = [("depth=1" if a == "depth=2" else a) for a in RESUME]
    assert bench.run(parse(other + ["--json", str(cut), "--resume"])) == 2

    # ... and so does a run whose defaults changed since (it would play the rest with another engine), in one line
    monkeypatch.setitem(expectimax.DEFAULTS, "min_depth", 7)
    capsys.readouterr()
    assert bench.run(parse(RESUME + ["--json", str(cut), "--resume"])) == 2
    err = capsys.readouterr().err
    assert "other search parameters (min_depth: file 2, now 7)" in err and err.count("\n") == 1
    # giving the file's value back resumes it (nothing is left to play here)
    assert bench.run(parse(RESUME + ["--param", "min_depth=2", "--json", str(cut), "--resume"])) == 0


def test_the_command_line_entry_point():
    r = subprocess.run([sys.executable, "-m", "arcade", "bench", "2048", "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and "--until" in r.stdout and "--budget-ms" in r.stdout


def test_engine_benchmark(capsys):
    p = argparse.ArgumentParser()
    bench_engine.add_arguments(p)
    assert bench_engine.run(p.parse_args(["--boards", "3000", "--naive-boards", "30", "--repeat", "1"])) == 0
    out = capsys.readouterr().out
    assert "table build" in out and "ratio" in out and "agree: yes" in out


def test_naive_move_matches_the_rules():
    import numpy as np
    from arcade.game2048 import rules
    g = ((2, 2, 4, 0), (0, 4, 4, 4), (2, 0, 2, 8), (8, 8, 8, 8))
    for d in rules.DIRECTIONS:
        assert tuple(map(tuple, bench_engine.naive_move(np.array(g), d).tolist())) == rules.slide_grid(g, d)[0]


def test_an_interrupted_run_keeps_its_finished_games_on_disk(tmp_path, monkeypatch):
    out = tmp_path / "run.json"
    played, real = [], bench.play_game

    def play(seed, **kw):
        if len(played) == 2:
            raise KeyboardInterrupt  # the third game: the run is stopped
        played.append(seed)
        return real(seed, **kw)

    monkeypatch.setattr(bench, "play_game", play)
    args = parse(["--ai", "expectimax", "--games", "3", "--seed", "7", "--jobs", "1", "--until", "32",
                  "--param", "depth=1", "--json", str(out), "--quiet"])
    with pytest.raises(KeyboardInterrupt):
        bench.run(args)
    data = json.loads(out.read_text())
    assert data["summary"]["partial"] is True and data["summary"]["games"] == 2
    assert [g["seed"] for g in data["games"]] == [7, 8]
    assert not (tmp_path / "run.json.tmp").exists()


def test_search_engines_side_by_side(capsys):
    from arcade.game2048.bench import search as bench_search
    p = argparse.ArgumentParser()
    bench_search.add_arguments(p)
    assert bench_search.run(p.parse_args(["--games", "1", "--every", "150", "--depth", "2"])) == 0
    out = capsys.readouterr().out
    assert "jit / layers:" in out and "their values agree within 0.0000" in out
    with pytest.raises(SystemExit):
        p.parse_args(["--depth", "99"])


def test_regret_is_the_share_of_the_best_value_given_up():
    from arcade.game2048.bench import regret as bench_regret
    assert bench_regret.regret([10.0, 8.0, None, 5.0], 0) == 0.0
    assert bench_regret.regret([10.0, 8.0, None, 5.0], 1) == pytest.approx(0.2)
    assert bench_regret.regret([4.0, 8.0, None, 5.0], 0) == pytest.approx(0.5)


def test_regret_bench_collects_late_boards_from_checkpoints_and_compares_budgets(tmp_path, capsys):
    from arcade.game2048 import bitboard as bb
    from arcade.game2048.bench import regret as bench_regret
    seen = []
    bench.play_game(5, "expectimax", {"depth": 1, "budget_ms": None}, until=128, checkpoint=seen.append,
                    checkpoint_every=15)
    assert len(seen) >= 3
    run_file = tmp_path / "run.json"
    run_file.write_text(json.dumps({"in_progress": seen[:2]}))   # the longer checkpoint of the seed is used
    run_file2 = tmp_path / "run2.json"
    run_file2.write_text(json.dumps({"in_progress": [seen[-1]]}))
    rows = bench_regret.collect([str(run_file), str(run_file2)], min_tile=16, every=3)
    last = Game.from_dict(seen[-1]["game"])
    assert rows and all(r[0] == 5 and r[1] % 3 == 0 and r[1] <= last.moves for r in rows)
    assert all(max((b >> (4 * i)) & 15 for i in range(16)) >= 4 for _, _, b in rows)   # 16 or more
    assert max(r[1] for r in rows) > Game.from_dict(seen[1]["game"]).moves - 3                       # the longest log was read
    if last.moves % 3 == 0:
        assert rows[-1][2] == bb.to_board(last.grid)
    p = argparse.ArgumentParser()
    bench_regret.add_arguments(p)
    boards = tmp_path / "boards.json"
    assert bench_regret.run(p.parse_args(["--collect", str(boards), str(run_file2), "--min-tile", "16"])) == 0
    assert json.loads(boards.read_text())
    args = p.parse_args(["--boards", str(boards), "--sample", "3", "--budgets", "2,4", "--oracle-cutoff", "0.05"])
    assert bench_regret.run(args) == 0
    out = capsys.readouterr().out
    assert "on 3 of the" in out and out.count("e-4") == 2
    for bad in (["--budgets", "fast"], ["--budgets", "0"], ["--oracle-cutoff", "2"], ["--sample", "0"],
                ["--collect", str(tmp_path / "no" / "out.json")], ["--param", "nonsense=1"]):
        with pytest.raises(SystemExit):
            p.parse_args(bad)
    capsys.readouterr()
    assert bench_regret.run(p.parse_args(["--boards", str(tmp_path / "none.json")])) == 2
    assert bench_regret.run(p.parse_args([])) == 2
    (tmp_path / "odd.json").write_text('[{"a": 1}]')
    assert bench_regret.run(p.parse_args(["--boards", str(tmp_path / "odd.json")])) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 3 and err.count("cannot read") == 2


LATE = [[2, 4, 8, 16], [32, 64, 128, 256], [4, 2, 4, 2], [0, 0, 0, 0]]


def test_games_can_start_from_given_positions(tmp_path, capsys):
    """``--starts``: game i plays from position i (a list of grids, 64-bit boards or [seed, move, board]), the
    record keeps the last board, and a run's JSON is itself a file of starts (its games' last boards)."""
    from arcade.game2048 import bitboard

    starts = tmp_path / "starts.json"
    starts.write_text(json.dumps([LATE, [7, 100, bitboard.to_board(LATE)]]))
    out = tmp_path / "run.json"
    args = parse(["--ai", "expectimax", "--games", "2", "--seed", "3", "--jobs", "1", "--param", "depth=1",
                  "--param", "budget_ms=None", "--until", "512", "--starts", str(starts), "--json", str(out),
                  "--quiet"])
    assert bench.run(args) == 0
    data = json.loads(out.read_text())
    assert data["run"]["starts"] == [LATE, LATE]
    for g in data["games"]:
        board = g["board"]
        assert sum(map(sum, board)) >= sum(map(sum, LATE))  # tiles only grow from the start
        assert max(map(max, board)) == g["max_tile"] >= 256
        assert g["moves"] < 300  # it began late: 512 is a few dozen merges away, not a whole game
        assert g["moves_to"] == {} and g["moves_to_2048"] is None
    # the two games share the board but not the spawns
    assert data["games"][0]["board"] != data["games"][1]["board"]
    again = tmp_path / "again.json"
    args = parse(["--ai", "expectimax", "--games", "1", "--param", "depth=1", "--param", "budget_ms=None",
                  "--max-moves", "3", "--starts", str(out), "--json", str(again), "--quiet"])
    assert bench.run(args) == 0
    assert json.loads(again.read_text())["run"]["starts"] == [data["games"][0]["board"]]


def test_a_start_position_holds_its_milestones_from_move_0():
    start = [[2048, 1024, 512, 256], [16, 32, 64, 128], [8, 4, 4, 0], [0, 0, 0, 0]]
    g = bench.play_game(4, "expectimax", {"depth": 3, "budget_ms": None}, until=4096, max_moves=600, start=start)
    assert g["moves_to_2048"] == 0 and g["moves_to"]["2048"] == 0
    assert g["max_tile"] == 4096 and g["moves_to"]["4096"] == g["moves"] > 0


@pytest.mark.parametrize("content, message", [
    ("[]", "holds no positions"),
    ('{"a": 1}', "neither a run's JSON nor a list of boards"),
    ("[[[2, 3, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]]", "position 0 is not a 4x4 board of tiles"),
    ("[[1, 2]]", "position 0 is not a 4x4 board"),
    ("[-5]", "position 0 (-5) is not a 64-bit board"),
    ('[true]', "position 0 is not a 4x4 board"),
    ("[" + json.dumps(LATE) + "]", "holds 1 positions, fewer than --games 2"),
    ("{not json", "--starts"),
])
def test_bad_start_files_are_one_line(tmp_path, capsys, content, message):
    f = tmp_path / "s.json"
    f.write_text(content)
    assert bench.run(parse(["--games", "2", "--starts", str(f), "--quiet"])) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_killed_run_keeps_the_games_its_journal_holds(tmp_path, monkeypatch, capsys):
    """The JSON is written at the start and now and then; a game finished since is in the journal, which --status
    reports and --resume keeps (it is not played again)."""
    out = tmp_path / "run.json"
    argv = ["--ai", "expectimax", "--games", "3", "--seed", "7", "--jobs", "1", "--until", "32", "--param", "depth=1",
            "--json", str(out), "--quiet"]
    played, real = [], bench.play_game

    def play(seed, **kw):
        if seed == 9 and not played.count("resumed"):
            raise SystemExit(137)  # killed: no final write
        played.append(seed)
        return real(seed, **kw)

    monkeypatch.setattr(bench, "play_game", play)
    with pytest.raises(SystemExit):
        bench.run(parse(argv))
    assert json.loads(out.read_text())["games"] == [] and played == [7, 8]
    capsys.readouterr()
    assert bench.run(parse(["--status", str(out)])) == 0
    assert "and since      2 more finished in" in capsys.readouterr().out
    played.append("resumed")
    assert bench.run(parse(argv + ["--resume"])) == 0
    assert played[3:] == [9]
    data = json.loads(out.read_text())
    assert [g["seed"] for g in data["games"]] == [7, 8, 9] and data["summary"]["finished"] == 3
    assert not (tmp_path / "run.json.partial").exists()
