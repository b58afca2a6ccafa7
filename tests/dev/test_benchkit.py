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
    assert game_id == "2048" and len(state["log"]) == 40  # the session's save: 40 moves
    with pytest.raises(KeyError):
        hooks.game_hooks("box", registry)


@given(st.lists(st.integers(-50, 50).map(lambda x: x / 4), max_size=60), st.floats(0, 1))
def test_counts_give_the_median_and_percentiles_of_every_value(values, q):
    import statistics

    c = benchkit.Counts(values)
    assert c.n == len(values)
    if not values:
        assert c.median() is None and c.percentile(q) is None and c.max() is None
        return
    assert c.median() == statistics.median(values)
    assert c.percentile(q) == benchkit.percentile(values, q)
    assert c.max() == max(values) and c.over(0) == sum(1 for v in values if v > 0)


def _started(item):
    """Mark item ``i`` as started in ``folder``, then return i."""
    import pathlib

    folder, i = item
    (pathlib.Path(folder) / f"{i}.started").touch()
    return i


def test_the_pool_hands_out_the_next_item_before_the_result_is_handled(tmp_path):
    # one process, one item in flight: item 1 can only be running while item 0's result is handled if it was
    # submitted first
    import time

    seen = []

    def handle(i):
        if i == 0:
            deadline = time.monotonic() + 30
            while not (tmp_path / "1.started").exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            seen.append((tmp_path / "1.started").exists())
        seen.append(i)

    benchkit.ProcessPool(1, in_flight=1).run(_started, [(str(tmp_path), i) for i in range(3)], handle)
    assert seen == [True, 0, 1, 2]


class _Listed(benchkit.Executor):
    """An executor of its own: the bench loop takes any."""

    def __init__(self):
        self.items = []

    def run(self, fn, items, on_result, on_tick=None, tick=0.5):
        for item in items:
            self.items.append(item)
            on_result(fn(item))


def test_parallel_runs_on_the_executor_it_is_given():
    ex, got = _Listed(), []
    benchkit.parallel(_square, range(4), 8, got.append, executor=ex)
    assert ex.items == [0, 1, 2, 3] and got == [0, 1, 4, 9]


def test_results_journal_every_game_and_write_the_whole_file_in_the_background(tmp_path):
    import threading

    path = tmp_path / "run.json"
    entered, gate = threading.Event(), threading.Event()
    documents = []

    def document(n):
        documents.append(n)
        if len(documents) == 1:
            entered.set()
            gate.wait(30)
        return {"games": n, "records": benchkit.RECORDS}

    res = benchkit.Results(path, ["beginner", 3], document, lambda: len(res), every=0)
    res.add(5, {"seed": 5, "won": True})
    assert entered.wait(30)                      # the first game's write is under way ...
    res.add(4, {"seed": 4, "won": False})        # ... and the next game does not wait for it
    assert not path.exists()
    assert [json.loads(line) for line in benchkit.journal_path(path).read_text().splitlines()] == [
        {"_run": ["beginner", 3], "seed": 5, "won": True}, {"_run": ["beginner", 3], "seed": 4, "won": False}]
    gate.set()
    res.add(4, {"seed": 4, "won": False})        # the same game again counts once
    res.close(complete=True)
    data = json.loads(path.read_text())
    assert data == {"games": 2, "records": [{"seed": 4, "won": False}, {"seed": 5, "won": True}]}
    assert documents[0] == 1 and documents[-1] == 2
    assert not benchkit.journal_path(path).exists() and list(tmp_path.iterdir()) == [path]


def test_a_journal_line_cut_by_a_kill_does_not_swallow_the_next(tmp_path):
    path = tmp_path / "run.json"
    benchkit.journal_path(path).write_text('{"_run":"a","seed":1}\n{"_run":"a","se')
    res = benchkit.Results(path, "a", lambda s: {"records": benchkit.RECORDS})
    res.add(2, {"seed": 2})
    res.add(3, {"seed": 3})
    res.finish()
    assert benchkit.read_journal(path, "a") == [{"seed": 1}, {"seed": 2}, {"seed": 3}]
    assert benchkit.read_journal(path, "b") == []
