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


def test_the_gomocup_ladder_writes_its_games_through_the_shared_writer(tmp_path, capsys):
    import sys
    from pathlib import Path

    from arcade import cli

    fake = Path(__file__).with_name("fake_engine.py")
    out = tmp_path / "ladder.json"
    assert cli.main(["bench", "gomocup", "--engine", f"{sys.executable} {fake} good", "--caps", "2,equal",
                     "--games", "2", "--ms", "100", "--ours", "width=3", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert [(g["cap"], g["ours_first"]) for g in data["games"]] == [(2, True), (2, False), ("equal", True),
                                                                   ("equal", False)]
    assert data["engine"].endswith("good") and data["ours"] == {"width": 3}
    assert all(g["moves"] == len(g["order"]) for g in data["games"])
    assert list(tmp_path.iterdir()) == [out]
