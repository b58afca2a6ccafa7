"""The solver A/B bench: each arm's result on a board is the result the main bench gets with that arm's settings
(forked or not), equal settings never fork, the sign test, resume, one-line errors."""
import argparse
import json

import pytest

from arcade import cli
from arcade.minesweeper import solver
from arcade.minesweeper.bench import ab
from arcade.minesweeper.bench import ai


def parse(*argv):
    p = argparse.ArgumentParser(prog="bench")
    ab.add_arguments(p)
    return p.parse_args(list(argv))


def test_each_arm_wins_what_the_main_bench_wins_with_its_settings(monkeypatch):
    seeds = range(1, 13)
    records = [ab.play_pair("beginner", s, "safe", {}, {"PROGRESS_BONUS": 1.0}) for s in seeds]
    assert any(r["forked_at"] is not None for r in records)  # a heavy progress bonus changes some guesses
    alone_a = [ai.play_game("beginner", s, "safe")["won"] for s in seeds]
    monkeypatch.setattr(solver, "PROGRESS_BONUS", 1.0)
    alone_b = [ai.play_game("beginner", s, "safe")["won"] for s in seeds]
    assert [r["a"] for r in records] == alone_a
    assert [r["b"] for r in records] == alone_b


def test_the_solver_settings_are_restored_after_each_move():
    ab.play_pair("beginner", 3, "safe", {"CUTOFF": 0.5}, {"FIFTY_FIRST": False})
    assert solver.CUTOFF == 0.9 and solver.FIFTY_FIRST is True


def test_equal_settings_never_fork(tmp_path, capsys):
    out = tmp_path / "ab.jsonl"
    assert ab.run(parse("--level", "beginner", "--games", "5", "--b", f"CUTOFF={solver.CUTOFF}", "--json", str(out),
                        "--quiet")) == 0
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted(r["seed"] for r in rows) == [1, 2, 3, 4, 5]
    assert all(r["forked_at"] is None and r["a"] == r["b"] for r in rows)
    text = capsys.readouterr().out
    assert "forked boards  0" in text and "won by one arm only   A 0   B 0" in text


def test_resume_plays_only_the_missing_seeds(tmp_path):
    out = tmp_path / "ab.jsonl"
    ab.run(parse("--level", "beginner", "--games", "2", "--b", "CUTOFF=0.8", "--json", str(out), "--quiet"))
    with out.open("a") as fh:
        fh.write('{"seed": 3, "cut off by a ki')  # a kill in the middle of a line
    assert ab.run(parse("--level", "beginner", "--games", "4", "--b", "CUTOFF=0.8", "--json", str(out), "--resume",
                        "--quiet")) == 0
    seeds = []
    for line in out.read_text().splitlines():
        try:
            seeds.append(json.loads(line)["seed"])
        except ValueError:
            assert line.startswith('{"seed": 3, "cut')
    assert seeds == [1, 2, 3, 4]


def test_sign_test():
    assert ab.sign_test(0, 0) == 1.0
    assert ab.sign_test(0, 10) == pytest.approx(2 / 1024)
    assert ab.sign_test(7, 3) == ab.sign_test(3, 7) == pytest.approx(2 * (1 + 10 + 45 + 120) / 1024)
    assert ab.sign_test(5, 5) == 1.0


@pytest.mark.parametrize("argv, match", [
    (["--b", "NOPE=1"], "not a solver setting"),
    (["--b", "CUTOFF=x"], "expected float"),
    (["--b", "FIFTY_FIRST=1"], "expected bool"),
    (["--a", "ENDGAME_LAYOUTS=-3", "--b", "CUTOFF=0.8"], "expected int"),
    (["--b", "OFF_EDGE_LIMIT=0"], "at least 1"),
    ([], "at least one solver setting"),
    (["--b", "CUTOFF=0.8", "--resume"], "needs --json"),
    (["--b", "CUTOFF"], "expected key=value"),
])
def test_bad_options_are_one_line(argv, match, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["bench", "minesweeper-ab", "--games", "1", *argv])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("arcade bench minesweeper-ab: error: ") and match in err[-1]
    assert "Traceback" not in "".join(err)


def test_the_first_click_under_the_safe_rule_is_a_setting():
    assert solver.opening_cell(16, 30, "safe") == (0, 0)
    r = ab.play_pair("beginner", 5, "safe", {}, {"SAFE_FIRST_ROW": 1, "SAFE_FIRST_COL": 2})
    assert r["forked_at"] == 1  # the two arms' first clicks differ
    assert solver.opening_cell(16, 30, "safe") == (0, 0)  # restored after the game


def test_the_blend_of_the_next_moves_is_a_setting():
    """With the blend at one part each a guess's score weighs the second best next cell more; on these boards
    some guesses change."""
    records = [ab.play_pair("intermediate", s, "safe", {}, {"BEST_WEIGHT": 1}) for s in range(1, 9)]
    assert any(r["forked_at"] is not None for r in records)
