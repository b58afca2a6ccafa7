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


@pytest.fixture(scope="module")
def weights():
    w = ntuple.new_weights()
    rng = np.random.default_rng(3)
    w += rng.normal(0, 1, w.shape).astype(np.float32)
    return w


@settings(max_examples=40, deadline=None)
@given(boards)
def test_the_compiled_value_is_the_reference(weights, cells):
    b = board_of(cells)
    assert ntuple.value(weights, b) == pytest.approx(ntuple.value_reference(weights, b), rel=1e-4, abs=1e-2)


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


def test_checkpoints_and_shipped_weights_round_trip(tmp_path, weights):
    ntuple.save(weights, tmp_path / "w.bin", {"games": 12})
    back, head = ntuple.load(tmp_path / "w.bin")
    assert np.array_equal(back, weights) and head["games"] == 12
    info = ntuple.export(weights, tmp_path / "ship.bin")
    q, head = ntuple.load(tmp_path / "ship.bin")
    assert head["kind"] == "int16" and np.abs(q - weights).max() <= info["scale"]


@pytest.mark.parametrize("content", [b"", b"\x05\x00\x00\x00{}", b"garbage" * 10])
def test_a_damaged_weights_file_is_one_line(tmp_path, content):
    p = tmp_path / "bad.bin"
    p.write_bytes(content)
    with pytest.raises(ValueError) as e:
        ntuple.load(p)
    assert "\n" not in str(e.value)
    with pytest.raises(ValueError):
        ntuple.load(tmp_path / "missing.bin")


def test_a_run_can_start_from_shipped_weights(tmp_path, weights, capsys):
    from arcade.cli import main

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
