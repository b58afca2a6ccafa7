"""The n-tuple network: the compiled value equals a plain-Python reference, symmetric boards have equal values,
TD learning moves values toward their targets and learns to play, and weights round-trip through checkpoints and the
quantised shipping format (a damaged file is a one-line error)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from arcade.game2048.ai import ntuple

pytestmark = pytest.mark.skipif(not ntuple.available(), reason="numba is not installed")

boards = st.lists(st.integers(0, 15), min_size=16, max_size=16)


def board_of(cells) -> int:
    return sum(v << (4 * i) for i, v in enumerate(cells))


def transform(cells, perm):
    out = [0] * 16
    for i, v in enumerate(cells):
        out[perm[i]] = v
    return out


def value_reference(weights, board: int) -> float:
    """The network's value of ``board`` in plain Python, written apart from the kernels (the oracle)."""
    cells = [(board >> (4 * i)) & 0xF for i in range(16)]
    total = 0.0
    for t in range(ntuple.N_TUPLES):
        for s in range(8):
            idx = 0
            for k in range(ntuple.TUPLE_LEN):
                idx |= cells[int(ntuple.CELLS[t, s, k])] << (4 * k)
            total += float(weights[t, idx])
    return total


@pytest.fixture(scope="module")
def weights():
    w = ntuple.new_weights()
    rng = np.random.default_rng(3)
    w += rng.normal(0, 1, w.shape).astype(np.float32)
    return w


@pytest.fixture(scope="module")
def trained_like():
    """Weights shaped like a trained network's for the file tests: most entries 0 (never visited), a few thousand
    random ones (random values in every entry would make the xz export compress 128 MB of noise: minutes)."""
    w = ntuple.new_weights()
    rng = np.random.default_rng(4)
    for t in range(ntuple.N_TUPLES):
        w[t, rng.integers(0, ntuple.TABLE, 5000)] = rng.normal(0, 300, 5000).astype(np.float32)
    return w


@settings(max_examples=40, deadline=None)
@given(boards)
def test_the_compiled_value_is_the_reference(weights, cells):
    b = board_of(cells)
    assert ntuple.value(weights, b) == pytest.approx(value_reference(weights, b), rel=1e-4, abs=1e-2)


@settings(max_examples=40, deadline=None)
@given(boards, st.integers(0, 7))
def test_symmetric_boards_have_the_same_value(weights, cells, s):
    b = board_of(cells)
    other = board_of(transform(cells, ntuple.SYMMETRIES[s]))
    assert ntuple.value(weights, other) == pytest.approx(ntuple.value(weights, b), rel=1e-4, abs=1e-2)


def test_the_eight_symmetries_are_distinct_permutations():
    perms = {tuple(p) for p in ntuple.SYMMETRIES}
    assert len(perms) == 8 and all(sorted(p) == list(range(16)) for p in perms)


def test_training_learns_to_play():
    w = ntuple.new_weights()
    first, _, _ = ntuple.train(w, 300, 0.1, 1)
    ntuple.train(w, 2000, 0.1, 2)
    later, tops, _ = ntuple.train(w, 300, 0.1, 3)
    assert later.mean() > 1.5 * first.mean()  # a greedy player on zero weights scores far less
    assert (tops >= 9).mean() > 0.5  # 512 in most games after a few thousand


def test_the_greedy_move_is_legal():
    w = ntuple.new_weights()
    b = board_of([1, 1, 0, 0] + [0] * 12)
    assert ntuple.best_move(w, b) in (1, 2, 3)  # up changes nothing on this board
    full = board_of([1, 2, 1, 2, 2, 1, 2, 1, 1, 2, 1, 2, 2, 1, 2, 1])
    assert ntuple.best_move(w, full) == -1


def test_checkpoints_and_shipped_weights_round_trip(tmp_path, trained_like):
    weights = trained_like
    ntuple.save(weights, tmp_path / "w.bin", {"games": 12})
    back, head = ntuple.load(tmp_path / "w.bin")
    assert np.array_equal(back, weights) and head["games"] == 12
    info = ntuple.export(weights, tmp_path / "ship.bin")
    q, head = ntuple.load(tmp_path / "ship.bin")
    assert head["kind"] == "int16" and np.abs(q - weights).max() <= info["scale"]
    assert info["bytes"] == (tmp_path / "ship.bin").stat().st_size
    raw, _ = ntuple.load(tmp_path / "ship.bin", dequantise=False)
    assert raw.dtype == np.int16 and np.abs(raw).max() == round(32767 / ntuple.QUANTUM)  # the peak weight


@pytest.mark.parametrize("content", [b"", b"\x05\x00\x00\x00{}", b"garbage" * 10])
def test_a_damaged_weights_file_is_one_line(tmp_path, content):
    p = tmp_path / "bad.bin"
    p.write_bytes(content)
    with pytest.raises(ValueError) as e:
        ntuple.load(p)
    assert "\n" not in str(e.value)
    with pytest.raises(ValueError):
        ntuple.load(tmp_path / "missing.bin")


def test_a_run_can_start_from_shipped_weights(tmp_path, trained_like, capsys):
    from arcade.cli import main

    weights = trained_like
    ntuple.export(weights, tmp_path / "ship.bin", {"games": 5000})
    code = main(["train", "2048", "--dir", str(tmp_path / "run"), "--from", str(tmp_path / "ship.bin"),
                 "--games", "5200", "--chunk", "100"])
    assert code == 0
    back, head = ntuple.load(tmp_path / "run" / "weights.bin")
    assert head["games"] == 5200 and head["next_seed"] > 5000 // 100
    assert not np.array_equal(back, weights)  # it trained on from them
    with pytest.raises(SystemExit) as e:
        main(["train", "2048", "--dir", str(tmp_path / "run2"), "--from", str(tmp_path / "nope.bin")])
    assert e.value.code == 2
    assert "nope.bin" in capsys.readouterr().err


def test_training_can_start_games_from_late_boards(tmp_path, capsys):
    """A share of the games start from the given boards (the late game's weights get trained); the others are
    new games, and the learning curve reads the new games only."""
    import json

    from arcade.cli import main
    from arcade.game2048 import bitboard

    late = bitboard.to_board([[2, 4, 8, 16], [32, 64, 128, 256], [512, 1024, 2048, 4096], [0, 0, 0, 0]])
    w = ntuple.new_weights()
    began = np.empty(400, dtype=np.int64)
    scores, tops, moves = ntuple.train(w, 400, 0.1, 9, [late], 0.5, began)
    from_late = began >= 0
    assert 120 < from_late.sum() < 280 and set(began[from_late]) == {0}
    assert (tops[from_late] >= 12).all()               # the 4096 stays on the board
    assert (tops[~from_late] < 12).all()               # a new game of an untrained greedy player never makes it
    none = np.empty(50, dtype=np.int64)
    ntuple.train(ntuple.new_weights(), 50, 0.1, 9, [late], 0.0, none)
    assert (none == -1).all()

    starts = tmp_path / "late.json"
    starts.write_text(json.dumps([[1, 2, late]]))
    code = main(["train", "2048", "--dir", str(tmp_path / "run"), "--games", "10000", "--chunk", "2500",
                 "--starts", str(starts), "--start-share", "0.3"])
    assert code == 0
    assert "30% of the games start from one of 1 boards" in capsys.readouterr().out
    row = json.loads((tmp_path / "run" / "curve.jsonl").read_text().splitlines()[0])
    assert 2500 < row["late_games"] < 3500 and row["games"] + row["late_games"] == 10_000
    assert row["late_avg_score"] > 0 and row["late_reach_32768"] == 0.0
    assert row["reach_4096"] < 0.05                  # the late games' 4096 is not counted
    with pytest.raises(SystemExit):
        main(["train", "2048", "--dir", str(tmp_path / "r2"), "--start-share", "1.5"])
    bad = tmp_path / "bad.json"
    bad.write_text("[[1]]")
    with pytest.raises(SystemExit) as e:
        main(["train", "2048", "--dir", str(tmp_path / "r3"), "--starts", str(bad)])
    assert e.value.code == 2 and "not a 4x4 board" in capsys.readouterr().err


def test_exporting_a_run_without_a_checkpoint_is_one_line(tmp_path, capsys):
    from arcade.cli import main

    with pytest.raises(SystemExit) as e:
        main(["train", "2048", "--dir", str(tmp_path / "empty"), "--export", str(tmp_path / "out.bin")])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "weights.bin" in err and err.count("\n") == 1
    assert not (tmp_path / "out.bin").exists()


def distinct_board() -> int:
    """A board whose every tuple reads a different index under each of the 8 symmetries (no weight is read
    twice in one update)."""
    b = board_of([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0])
    for t in range(ntuple.N_TUPLES):
        idx = {sum(((b >> (4 * int(c))) & 0xF) << (4 * k) for k, c in enumerate(ntuple.CELLS[t, s])) for s in range(8)}
        assert len(idx) == 8
    return b


def test_temporal_coherence_slows_a_weight_whose_errors_cancel():
    """Each weight moves by step x error x |E| / A: the full step at first, the full step again after an error of
    the other sign (|E| / A = 1 / 1), and not at all once its errors have cancelled (E = 0)."""
    w = ntuple.new_weights()
    e, a = ntuple.new_coherence()
    b = distinct_board()
    touched = np.zeros(w.shape, dtype=bool)
    for t in range(ntuple.N_TUPLES):
        for s in range(8):
            touched[t, sum(((b >> (4 * int(c))) & 0xF) << (4 * k) for k, c in enumerate(ntuple.CELLS[t, s]))] = True
    ntuple._learn(w, e, a, True, ntuple.CELLS, np.uint64(b), 2.0, 0.5)
    assert np.allclose(w[touched], 1.0) and not w[~touched].any()
    assert np.allclose(e[touched], 2.0) and np.allclose(a[touched], 2.0)
    ntuple._learn(w, e, a, True, ntuple.CELLS, np.uint64(b), -2.0, 0.5)
    assert np.allclose(w[touched], 0.0) and np.allclose(e[touched], 0.0) and np.allclose(a[touched], 4.0)
    ntuple._learn(w, e, a, True, ntuple.CELLS, np.uint64(b), 3.0, 0.5)
    assert np.allclose(w[touched], 0.0)                # E was 0: this weight has stopped learning
    assert np.allclose(e[touched], 3.0) and np.allclose(a[touched], 7.0)
    plain = ntuple.new_weights()                       # without coherence: the plain step, every time
    ntuple._learn(plain, e, a, False, ntuple.CELLS, np.uint64(b), 3.0, 0.5)
    assert np.allclose(plain[touched], 1.5) and np.allclose(e[touched], 3.0)


def test_optimistic_weights_value_every_board_alike():
    w = ntuple.optimistic_weights(320_000)
    for cells in ([0] * 16, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0], [11] * 16):
        assert ntuple.value(w, board_of(cells)) == pytest.approx(320_000, rel=1e-5)


def test_training_with_temporal_coherence_learns_to_play():
    w = ntuple.new_weights()
    coherence = ntuple.new_coherence()
    first, _, _ = ntuple.train(w, 300, 1.0, 1, coherence=coherence)
    ntuple.train(w, 2000, 1.0, 2, coherence=coherence)
    later, tops, _ = ntuple.train(w, 300, 1.0, 3, coherence=coherence)
    assert later.mean() > 1.5 * first.mean() and (tops >= 9).mean() > 0.5
    e, a = coherence
    assert (np.abs(e) <= a * (1 + 1e-5) + 1e-3).all() and (a > 0).sum() > 10_000
    with pytest.raises(ValueError):
        ntuple.train(w, 1, 1.0, 4, coherence=(e[:1], a[:1]))


def test_a_coherence_run_checkpoints_its_rates_and_resumes_with_them(tmp_path, capsys):
    import json

    from arcade.cli import main

    run = tmp_path / "run"
    assert main(["train", "2048", "--dir", str(run), "--optimistic", "320000", "--games", "10000", "--chunk",
                 "5000"]) == 0
    out = capsys.readouterr().out
    assert "every board valued 320,000 at the start" in out and not (run / "coherence.bin").exists()
    optimistic, head = ntuple.load(run / "weights.bin")
    assert head["tc"] is False and np.median(optimistic) == pytest.approx(10_000)  # unvisited: 320,000 / 32
    assert main(["train", "2048", "--dir", str(run), "--resume", "--tc", "--alpha", "1.0", "--games", "12000",
                 "--chunk", "1000"]) == 0
    assert "temporal coherence, fresh rates" in capsys.readouterr().out
    (e, a), head = ntuple.load_coherence(run / "coherence.bin")
    assert head["games"] == 12_000 and (a > 0).any() and ntuple.load(run / "weights.bin")[1]["tc"] is True
    assert main(["train", "2048", "--dir", str(run), "--resume", "--tc", "--alpha", "1.0", "--games", "13000",
                 "--chunk", "1000"]) == 0
    assert "the rates of" in capsys.readouterr().out
    (e2, a2), _ = ntuple.load_coherence(run / "coherence.bin")
    assert (a2 >= a).all() and (a2 > a).any()          # the same tables, grown: not fresh ones
    rows = [json.loads(x) for x in (run / "curve.jsonl").read_text().splitlines()]
    assert [r.get("tc", False) for r in rows] == [False]  # one block of 10,000, before the coherence piece

    (run / "coherence.bin").write_bytes(b"\x02\x00\x00\x00{}garbage")
    with pytest.raises(SystemExit) as ex:
        main(["train", "2048", "--dir", str(run), "--resume", "--tc", "--games", "14000"])
    assert ex.value.code == 2 and "coherence tables" in capsys.readouterr().err
    with pytest.raises(SystemExit) as ex:
        main(["train", "2048", "--dir", str(run), "--resume", "--optimistic", "320000"])
    assert ex.value.code == 2 and "--optimistic starts a new network" in capsys.readouterr().err
