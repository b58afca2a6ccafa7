"""The 2048 AI benchmark and the engine micro-benchmark: tiny runs, the JSON schema, the table, the plot."""
from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from arcade.game2048 import bench, bench_engine

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
    assert set(data) == {"summary", "games"}
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


def test_bad_arguments():
    assert bench.run(parse(["--ai", "nope", "--games", "1"])) == 2
    assert bench.run(parse(["--ai", "mcts", "--games", "1", "--param", "colour=1"])) == 2
    with pytest.raises(SystemExit):
        parse(["--until", "100"])  # not a tile


def test_module_entry_point():
    r = subprocess.run([sys.executable, "-m", "arcade.game2048.bench", "--help"], capture_output=True, text=True)
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
