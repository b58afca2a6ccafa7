"""The weight tuner: coordinate descent moves towards a better objective, and a second run reuses its log."""
from __future__ import annotations

import argparse
import json

from arcade.game2048.bench import tune


def run(argv) -> int:
    p = argparse.ArgumentParser()
    tune.add_arguments(p)
    return tune.run(p.parse_args(argv))


def test_descent_improves_and_resumes_from_its_log(tmp_path, monkeypatch, capsys):
    played = []

    def fake_game(job):  # a smooth objective with its peak at empty=600, merges=700: no games needed
        seed, depth, w = job
        played.append(job)
        return -((w["empty"] - 600.0) / 100.0) ** 2 - ((w["merges"] - 700.0) / 100.0) ** 2 + 0 * seed

    monkeypatch.setattr(tune, "_game", fake_game)
    log = tmp_path / "tune.json"
    argv = ["--log", str(log), "--games", "2", "--names", "empty,merges", "--rounds", "3"]
    assert run(argv) == 0
    data = json.loads(log.read_text())
    best = max(data["candidates"].items(), key=lambda kv: kv[1])
    start = data["candidates"][tune._key({"empty": 270.0, "merges": 700.0})]
    assert json.loads(best[0])["empty"] > 270.0 and best[1] > start
    assert "best" in capsys.readouterr().out
    n = len(played)
    assert run(argv) == 0 and len(played) == n  # everything came from the log


def test_a_real_game_scores():
    v = tune.objective({"empty": 270.0}, range(1, 2), depth=1)
    assert v > 8.0  # log2 of a score above 256: far beyond a stuck start
