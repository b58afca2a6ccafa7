"""The learned evaluation in the search (``ai.learned``): a leaf's value is the network plus the tiles' score plus
the weighted heuristic, equal to a plain-Python reference and the same on symmetric boards; one ply of the search
is the one-ply player shifted by the root's score; every strategy answers a legal move; without numba or with
missing, truncated or garbage weights the heuristic expectimax plays after one warning; the shipped file loads.

The network here is a tiny random one (two 3-cell tuples in all eight symmetries), not the shipped file."""
import logging

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from arcade.game2048 import ai, bitboard as bb
from arcade.game2048.ai import heuristics, jit, learned, ntuple

needs_numba = pytest.mark.skipif(not jit.available(), reason="numba is not installed")

cells16 = st.lists(st.integers(0, 11), min_size=16, max_size=16)


def board_of(cells) -> int:
    return sum(v << (4 * i) for i, v in enumerate(cells))


def grid_of(board: int):
    return tuple(tuple((1 << e) if (e := (board >> (4 * (r * 4 + c))) & 15) else 0 for c in range(4))
                 for r in range(4))


def tiny_network(seed: int = 7, scale: float = 0.5) -> learned.Network:
    rng = np.random.default_rng(seed)
    cells = ntuple.CELLS[:2, :, :3].copy()
    return learned.Network(rng.integers(-300, 300, size=(2, 16 ** 3)).astype(np.int16), cells, scale)


def reference_leaf(net: learned.Network, board: int, h: float) -> float:
    """Network + tiles' score + h * heuristic, in plain Python."""
    nib = [(board >> (4 * i)) & 15 for i in range(16)]
    total = 0.0
    for t in range(net.cells.shape[0]):
        for s in range(net.cells.shape[1]):
            idx = 0
            for k in range(net.cells.shape[2]):
                idx |= nib[int(net.cells[t, s, k])] << (4 * k)
            total += float(net.weights[t, idx])
    tiles = sum((e - 1) * (1 << e) for e in nib if e >= 2)
    heur = heuristics.Evaluator().evaluate_one(board) if h else 0.0
    return net.scale * total + tiles + h * heur


@pytest.fixture
def tiny():
    net = tiny_network()
    learned.use_network(net)
    yield net
    learned.reset()


@pytest.fixture
def fresh(monkeypatch):
    """A process that has not loaded a network yet; the shipped file replaced by ``path`` when given."""
    learned.reset()
    yield lambda path: monkeypatch.setattr(learned, "_default_path", lambda: path)
    learned.reset()


@needs_numba
@settings(max_examples=30, deadline=None)
@given(cells16, st.sampled_from([0.0, 0.05]))
def test_a_leaf_is_the_network_plus_the_tiles_score_plus_the_heuristic(cells, h):
    net = tiny_network()
    b = board_of(cells)
    assert learned.leaf_value(net, b, h) == pytest.approx(reference_leaf(net, b, h), rel=1e-9, abs=1e-6)


@needs_numba
@settings(max_examples=30, deadline=None)
@given(cells16, st.integers(0, 7))
def test_symmetric_boards_have_the_same_leaf_value(cells, s):
    net = tiny_network()
    perm = ntuple.SYMMETRIES[s]
    other = [0] * 16
    for i, v in enumerate(cells):
        other[perm[i]] = v
    assert learned.leaf_value(net, board_of(other)) == pytest.approx(learned.leaf_value(net, board_of(cells)))


def test_the_tile_score_table_counts_every_tile_once_over_rows_and_columns():
    row = learned.tile_score_row()
    b = board_of([1, 2, 3, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2])
    rows = [(b >> (16 * r)) & 0xFFFF for r in range(4)]
    assert sum(row[x] for x in rows) * 2 == 4 + 16 + 10 * 2048 + 4


@needs_numba
def test_one_ply_of_the_search_is_the_one_ply_player_plus_the_roots_score(tiny):
    grid = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 2, 8, 1024))
    deep = ai.choose(grid, "ntuple", depth=1, budget_ms=None, heuristic_weight=0.0)
    fast = ai.choose(grid, "ntuple1")
    tiles = sum((v.bit_length() - 2) * v for row in grid for v in row if v >= 4)
    for d in ai.legal_directions(grid):
        assert deep.scores[d] == pytest.approx(fast.scores[d] + tiles)
    assert deep.direction == fast.direction and deep.strategy == "ntuple"


@needs_numba
@settings(max_examples=15, deadline=None)
@given(cells16, st.sampled_from(["ntuple", "ntuple1"]))
def test_the_learned_strategies_answer_a_legal_move(cells, strategy):
    learned.use_network(tiny_network())
    try:
        grid = grid_of(board_of(cells))
        d = ai.choose(grid, strategy, depth=2, budget_ms=None)
        legal = ai.legal_directions(grid)
        assert d.direction in legal if legal else d.direction is None
    finally:
        learned.reset()


@needs_numba
def test_the_budgeted_search_with_the_network_refines_and_stays_legal(tiny):
    grid = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
    d = ai.choose(grid, "ntuple", budget_ms=15, heuristic_weight=0.05)
    assert d.direction in ai.legal_directions(grid) and d.nodes > 0 and d.depth >= 1


def _warnings(caplog):
    return [r for r in caplog.records if r.levelno == logging.WARNING and "2048 AI" in r.getMessage()]


@pytest.mark.parametrize("strategy", ["ntuple", "ntuple1"])
def test_without_numba_the_heuristic_plays_after_one_warning(fresh, monkeypatch, caplog, strategy):
    monkeypatch.setattr(jit, "available", lambda: False)
    grid = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
    with caplog.at_level(logging.WARNING, logger="arcade"):
        a = ai.choose(grid, strategy, depth=2, budget_ms=None)
        b = ai.choose(grid, strategy, depth=2, budget_ms=None)
    want = ai.choose(grid, "expectimax", depth=2, budget_ms=None, engine="layers")
    assert a.direction == b.direction == want.direction
    assert len(_warnings(caplog)) == 1 and "numba" in _warnings(caplog)[0].getMessage()


def _truncated(tmp_path):
    p = tmp_path / "w.bin"
    ntuple.export(np.zeros((ntuple.N_TUPLES, ntuple.TABLE), dtype=np.float32), p, codec="zlib")
    data = p.read_bytes()
    p.write_bytes(data[:len(data) // 2])
    return p


@needs_numba
@pytest.mark.parametrize("make", [
    lambda tmp: tmp / "missing.bin",
    lambda tmp: (tmp / "g.bin").write_bytes(b"\x00garbage" * 100) and tmp / "g.bin",
    _truncated,
], ids=["missing", "garbage", "truncated"])
def test_missing_or_damaged_weights_fall_back_with_one_warning(fresh, tmp_path, caplog, make):
    fresh(make(tmp_path))
    grid = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
    with caplog.at_level(logging.WARNING, logger="arcade"):
        moves = [ai.choose(grid, s, depth=2, budget_ms=None).direction for s in ("ntuple", "ntuple1", "ntuple")]
    want = ai.choose(grid, "expectimax", depth=2, budget_ms=None).direction
    assert moves == [want] * 3
    lines = _warnings(caplog)
    assert len(lines) == 1 and "\n" not in lines[0].getMessage()


@needs_numba
def test_the_shipped_weights_load_and_play(fresh):
    net = learned.network()
    assert net is not None and net.weights.dtype == np.int16
    assert net.weights.shape == (ntuple.N_TUPLES, ntuple.TABLE) and 0 < net.scale < 10
    grid = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
    assert ai.choose(grid, "ntuple1").direction in ai.legal_directions(grid)
    # a trained network expects more points from a board with room than from a crowded one
    roomy = bb.to_board(((0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 2, 4), (8, 16, 32, 64)))
    stuck = bb.to_board(((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 4), (8, 16, 32, 64)))
    assert learned.leaf_value(net, roomy) > learned.leaf_value(net, stuck)


def test_the_setting_offers_both_learned_strategies():
    from arcade.game2048 import SETTINGS
    spec = next(s for s in SETTINGS if s.key == "ai.strategy")
    names = [v for v, _ in spec.choices]
    assert "ntuple" in names and "ntuple1" in names and spec.default in names
    assert {"ntuple", "ntuple1"} <= set(ai.STRATEGIES)


@needs_numba
def test_a_network_file_plays_instead_of_the_shipped_one_and_a_bench_records_which(fresh, tmp_path, capsys):
    """``network=FILE`` (a checkpoint or an export) is searched instead of the shipped file, without replacing it
    for the other searches of the process; a benchmark's record names the file, its hash and training games, and a
    resumed run refuses another network."""
    import argparse
    import json

    from arcade.game2048.bench import ai as bench

    rng = np.random.default_rng(3)
    w = ntuple.new_weights()
    hit = rng.integers(0, ntuple.TABLE, 20_000)
    w[:, hit] = rng.normal(0.0, 400.0, (ntuple.N_TUPLES, hit.size))
    path = tmp_path / "net.bin"
    ntuple.save(w, path, {"games": 1234})
    grid = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
    board = bb.to_board(grid)
    mine = ai.choose(grid, "ntuple1", network=str(path)).scores
    assert list(mine.values()) == learned.one_ply_values(learned.load_network(path), board)
    shipped = ai.choose(grid, "ntuple1").scores
    assert shipped != mine and learned.network() is not None  # the shipped network is untouched

    def run(*argv):
        p = argparse.ArgumentParser()
        bench.add_arguments(p)
        return bench.run(p.parse_args(["--ai", "ntuple1", "--games", "1", "--max-moves", "3", "--quiet", *argv]))

    out = tmp_path / "run.json"
    assert run("--param", f"network={path}", "--json", str(out)) == 0
    rec = json.loads(out.read_text())["run"]["network"]
    assert rec["file"] == str(path) and rec["games"] == 1234 and len(rec["sha256"]) == 16
    assert rec["bytes"] == path.stat().st_size
    other = tmp_path / "other.bin"
    ntuple.save(w * 2, other, {"games": 1234})
    capsys.readouterr()
    assert run("--param", f"network={other}", "--json", str(out), "--resume") == 2
    err = capsys.readouterr().err
    assert "different run" in err and "network" in err and err.count("\n") == 1
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\x05\x00\x00\x00hello")
    assert run("--param", f"network={bad}") == 2
    err = capsys.readouterr().err
    assert "not a weights file" in err and err.count("\n") == 1
    assert run("--param", f"network={tmp_path / 'none.bin'}") == 2
    assert "none.bin" in capsys.readouterr().err
