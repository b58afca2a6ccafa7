"""The tic-tac-toe bench writes through the benchmarks' one writer: games and wins as numbers at the top, each
Gomoku game once, in the order of the matches, and no journal left after a finished run."""
import argparse
import json

from arcade.tictactoe.bench import ai as bench


def test_gomoku_games_go_through_the_shared_writer(tmp_path, capsys):
    p = argparse.ArgumentParser()
    bench.add_arguments(p)
    out = tmp_path / "t.json"
    args = p.parse_args(["--parts", "gomoku", "--games", "1", "--opponents", "random,greedy", "--budget", "0.02",
                         "--level", "easy", "--json", str(out), "--quiet"])
    assert bench.run(args) == 0
    data = json.loads(out.read_text())
    games = data["gomoku"]["games"]
    assert data["games"] == len(games) == 4 and data["wins"] == sum(g["result"] == "W" for g in games)
    assert [(g["opponent"], g["engine"]) for g in games] == [("random", "X"), ("random", "O"), ("greedy", "X"),
                                                             ("greedy", "O")]
    assert all(g["stones"] == len(g["moves"]) for g in games)
    assert sum(sum(r["X"].values()) + sum(r["O"].values()) for r in data["gomoku"]["opponents"].values()) == 4
    assert list(tmp_path.iterdir()) == [out]
    assert "Gomoku 15x15" in capsys.readouterr().out
