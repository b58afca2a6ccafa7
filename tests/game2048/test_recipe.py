"""``arcade train 2048 --recipe otd-tc``: optimistic TD, then temporal coherence, in one command. The run switches
phase at the boundary, a run stopped anywhere and resumed (without naming the recipe again) goes on in the right
phase and ends with the weights, rates and learning curve of the run never stopped, and flags that clash with the
recipe are one line. Tiny runs: the curve's lines sum up 200 games here instead of 10,000."""
import json

import numpy as np
import pytest

from arcade.cli import main
from arcade.game2048.ai import ntuple
from arcade.game2048.bench import train

pytestmark = pytest.mark.skipif(not ntuple.available(), reason="numba is not installed")

RECIPE = ["--recipe", "otd-tc", "--otd-games", "500", "--tc-games", "300", "--chunk", "100", "--seed", "4"]


@pytest.fixture(autouse=True)
def small_blocks(monkeypatch):
    monkeypatch.setattr(train, "BLOCK", 200)


def curve(run):
    return [json.loads(x) for x in (run / "curve.jsonl").read_text().splitlines()]


def train_2048(run, *flags):
    return main(["train", "2048", "--dir", str(run), *flags])


def test_the_recipe_switches_phase_at_its_boundary(tmp_path, capsys):
    run = tmp_path / "run"
    assert train_2048(run, *RECIPE) == 0
    out = capsys.readouterr().out
    assert "phase 1 of the otd-tc recipe, optimistic TD until 500 games" in out
    assert "phase 2 of the otd-tc recipe, temporal coherence until 800 games" in out and "fresh rates" in out
    assert "the otd-tc recipe is done" in out
    rows = curve(run)
    # every line is one phase's: optimistic TD's last ends at its boundary, the rest learned with coherence
    assert [(r["games_total"], r.get("phase"), r.get("tc", False)) for r in rows] == [
        (200, "otd", False), (400, "otd", False), (500, "otd", False),
        (700, "tc", True), (800, "tc", True)]
    w, head = ntuple.load(run / "weights.bin")
    assert head["games"] == 800 and head["phase"] == "tc" and head["tc"] is True and head["alpha"] == 1.0
    (e, a), rates = ntuple.load_coherence(run / "coherence.bin")
    assert rates["games"] == 800 and (a > 0).sum() > 1000
    assert np.median(w) == pytest.approx(10_000)  # the optimistic start: unvisited entries keep 320,000 / 32
    state = json.loads((run / "recipe.json").read_text())
    assert state["phase"] == "tc" and state["games"] == 800 and [p["until"] for p in state["phases"]] == [500, 800]

    import pygame

    assert main(["train", "2048", "--dir", str(run), "--plot", str(tmp_path / "curve.png")]) == 0
    png = pygame.image.load(str(tmp_path / "curve.png"))
    boundary = 60 + 500 / 800 * (900 - 2 * 60)  # the plot's frame: 900 wide, 60 of margin, 0 ... 800 games
    column = [tuple(png.get_at((x, 300)))[:3] for x in range(int(boundary) - 1, int(boundary) + 2)]
    assert (187, 173, 160) in column  # the line where temporal coherence begins


def test_a_stopped_run_resumes_in_its_phase_as_if_never_stopped(tmp_path, capsys):
    whole, pieces = tmp_path / "whole", tmp_path / "pieces"
    assert train_2048(whole, *RECIPE) == 0
    # stopped in optimistic TD, then in temporal coherence in the middle of a line of the curve
    assert train_2048(pieces, *RECIPE, "--games", "300") == 0
    assert train_2048(pieces, "--resume", "--chunk", "100", "--games", "600") == 0
    assert ntuple.load(pieces / "weights.bin")[1]["phase"] == "tc"
    capsys.readouterr()
    assert train_2048(pieces, "--resume", "--chunk", "100") == 0
    out = capsys.readouterr().out
    assert "resuming at 600 games" in out and "in phase 2 of the otd-tc recipe (temporal coherence)" in out
    assert "the rates of" in out  # the coherence tables of the first piece, not fresh ones
    (w1, h1), (w2, h2) = ntuple.load(whole / "weights.bin"), ntuple.load(pieces / "weights.bin")
    assert h1["games"] == h2["games"] == 800 and h1["next_seed"] == h2["next_seed"]
    assert np.array_equal(w1, w2)
    assert np.array_equal(ntuple.load_coherence(whole / "coherence.bin")[0][1],
                          ntuple.load_coherence(pieces / "coherence.bin")[0][1])
    speed = ("games_s", "moves_s")
    a, b = curve(whole), curve(pieces)
    assert [{k: v for k, v in r.items() if k not in speed} for r in a] == \
           [{k: v for k, v in r.items() if k not in speed} for r in b]
    # continuous: each line sums up the games since the one before, and every game is in one line
    assert [r["games"] for r in b] == np.diff([0] + [r["games_total"] for r in b]).tolist()


def test_lines_past_the_checkpoint_are_dropped_on_resume(tmp_path, capsys):
    run = tmp_path / "run"
    assert train_2048(run, *RECIPE, "--games", "400") == 0
    lines = (run / "curve.jsonl").read_text()
    # a run killed after writing a line but before its checkpoint: the line's games are played again
    (run / "curve.jsonl").write_text(lines + json.dumps({"games_total": 600, "games": 200}) + "\n")
    assert train_2048(run, "--resume", "--chunk", "100") == 0
    assert "1 lines past the checkpoint dropped" in capsys.readouterr().out
    totals = [r["games_total"] for r in curve(run)]
    assert totals == [200, 400, 500, 700, 800]


def test_a_plain_optimistic_run_joins_the_recipe(tmp_path, capsys):
    run = tmp_path / "run"
    assert train_2048(run, "--optimistic", "320000", "--games", "300", "--chunk", "100") == 0
    assert train_2048(run, "--resume", "--recipe", "otd-tc", "--otd-games", "400", "--tc-games", "100",
                      "--chunk", "100") == 0
    out = capsys.readouterr().out
    assert "in phase 1 of the otd-tc recipe" in out and "phase 2 of the otd-tc recipe" in out
    assert [(r["games_total"], r.get("phase")) for r in curve(run)] == [(200, None), (300, None), (400, "otd"),
                                                                       (500, "tc")]
    head = ntuple.load(run / "weights.bin")[1]
    assert head["games"] == 500 and head["tc"] is True


@pytest.mark.parametrize("flags, message", [
    (RECIPE + ["--optimistic", "320000"], "--recipe otd-tc sets each phase's start, rule and alpha: not with "
                                          "--optimistic"),
    (RECIPE + ["--tc"], "not with --tc"),
    (RECIPE + ["--alpha", "0.05"], "not with --alpha (--otd-games, --otd-alpha, --tc-games, --tc-alpha"),
    (RECIPE + ["--from", "x.bin"], "not with --from"),
    (["--otd-games", "500"], "--otd-games goes with --recipe"),
    (["--tc-alpha", "0.5"], "--tc-alpha goes with --recipe"),
    (RECIPE + ["--games", "900"], "--games 900 is past the recipe's end, 800 games"),
])
def test_flags_that_clash_with_the_recipe_are_one_line(tmp_path, capsys, flags, message):
    with pytest.raises(SystemExit) as stop:
        train_2048(tmp_path / "run", *flags)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "run").exists()


def test_a_resumed_recipe_run_keeps_its_phases(tmp_path, capsys):
    run = tmp_path / "run"
    assert train_2048(run, *RECIPE, "--games", "600") == 0
    capsys.readouterr()
    for flags, message in [(["--tc", "--alpha", "1.0"], "(the run follows the otd-tc recipe) sets each phase's"),
                           (["--otd-games", "550"], "optimistic TD ended at 500 games: --otd-games cannot change it"),
                           (["--otd-alpha", "0.2"], "--otd-alpha cannot change it")]:
        with pytest.raises(SystemExit) as stop:
            train_2048(run, "--resume", *flags)
        assert stop.value.code == 2 and message in capsys.readouterr().err
    (run / "recipe.json").write_text("{not json")
    with pytest.raises(SystemExit) as stop:
        train_2048(run, "--resume")
    assert stop.value.code == 2 and "cannot read the recipe from" in capsys.readouterr().err
    plain = tmp_path / "plain"
    assert train_2048(plain, "--tc", "--alpha", "1.0", "--games", "100", "--chunk", "100") == 0
    with pytest.raises(SystemExit) as stop:  # it learned with coherence inside what would be optimistic TD
        train_2048(plain, "--resume", "--recipe", "otd-tc", "--otd-games", "500")
    assert stop.value.code == 2 and "--otd-games 100 or less" in capsys.readouterr().err
