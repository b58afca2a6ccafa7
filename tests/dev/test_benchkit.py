"""The benchmarks' shared plumbing: one percentile everywhere, argument types, the atomic JSON, the worker pool, the
tables; and the games' developer hooks found through the registry."""
import argparse
import json

import pytest
from hypothesis import given, strategies as st

from arcade.dev import benchkit, hooks


@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1), st.floats(0, 1))
def test_a_percentile_is_a_measured_value_at_the_nearest_rank(values, q):
    p = benchkit.percentile(values, q)
    s = sorted(values)
    assert p in s and p == s[round(q * (len(s) - 1))]
    assert benchkit.percentile(values, 0) == s[0] and benchkit.percentile(values, 1) == s[-1]


def test_percentile_of_nothing_and_the_usual_ranks():
    assert benchkit.percentile([], 0.95) is None
    twenty = list(range(1, 21))  # p95 of 20 values: rank round(0.95 * 19) = 18, the 19th smallest
    assert benchkit.percentile(reversed(twenty), 0.95) == 19
    assert benchkit.percentile(twenty, 0.5) == 11  # rank 9.5 rounds to the even 10, as numpy's "nearest" does


def test_argument_types_are_one_line_errors():
    level = benchkit.choice("level", ("easy", "hard"))
    assert level("easy") == "easy"
    with pytest.raises(argparse.ArgumentTypeError, match="level must be one of easy, hard"):
        level("medium")
    parts = benchkit.choice_list("part", ("a", "b", "c"))
    assert parts("b, a,b") == ("b", "a")
    for bad in ("", "a,z"):
        with pytest.raises(argparse.ArgumentTypeError):
            parts(bad)
    assert benchkit.key_value("depth=3") == ("depth", 3) and benchkit.key_value("x = None") == ("x", None)
    assert benchkit.key_value("name=abc") == ("name", "abc")
    for bad in ("nokey", "=3"):
        with pytest.raises(argparse.ArgumentTypeError):
            benchkit.key_value(bad)


def test_json_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    path = tmp_path / "run.json"
    benchkit.write_json(path, {"games": 1})
    assert json.loads(path.read_text()) == {"games": 1}

    def broken_dump(*a, **kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(benchkit.json, "dump", broken_dump)
    with pytest.raises(OSError):
        benchkit.write_json(path, {"games": 2})
    assert json.loads(path.read_text()) == {"games": 1} and list(tmp_path.iterdir()) == [path]
    with pytest.raises(ValueError, match="cannot read"):
        benchkit.read_json(tmp_path / "missing.json")


def _square(x):
    return x * x


@pytest.mark.parametrize("jobs", [1, 2])
def test_parallel_runs_every_item_once_and_reports_each_result(jobs):
    got, ticks = [], []
    benchkit.parallel(_square, range(7), jobs, got.append, on_tick=lambda: ticks.append(1))
    assert sorted(got) == [x * x for x in range(7)] and ticks


def test_markdown_table():
    text = benchkit.markdown_table(("part", "figure"), [("engine", "30 ms"), ("fuzz", "0")])
    assert text.splitlines() == ["| part   | figure |", "|--------|--------|", "| engine | 30 ms  |",
                                 "| fuzz   | 0      |"]


def test_the_hooks_come_from_the_records_and_a_game_without_them_sits_out():
    import fakegame

    from arcade import games

    registry = dict(games.load(), box=fakegame.GAME)
    assert [g.id for g, _ in hooks.each("summary_parts", registry)] == ["2048", "stairs", "tictactoe", "minesweeper"]
    assert [g.id for g, _ in hooks.each("fuzz_check", registry)] == ["2048", "stairs"]
    game_id, state = hooks.game_hooks("2048").sample_save()
    assert game_id == "2048" and state["moves"] == 40
    with pytest.raises(KeyError):
        hooks.game_hooks("box", registry)
