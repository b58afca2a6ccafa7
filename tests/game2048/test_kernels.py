"""The board kernels the compiled search and the n-tuple network share (``ai.kernels``): a move is the rules' slide
and its points their gain, the network's value is the sum of its entries; and without numba the very same
functions run as plain Python, with the same answers."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from arcade.game2048 import bitboard as bb, rules
from arcade.game2048.ai import kernels, ntuple

exponents = st.lists(st.integers(0, 15), min_size=16, max_size=16)
ORDER = ("up", "down", "left", "right")  # the bitboard's direction order


def board_of(cells) -> int:
    return sum(v << (4 * i) for i, v in enumerate(cells))


@settings(max_examples=120, deadline=None)
@given(exponents, st.integers(0, 3))
def test_a_move_is_the_rules_slide_and_its_points_their_gain(cells, d):
    board = board_of(cells)
    grid = bb.to_grid(board)
    if any(v >= 1 << 15 for row in grid for v in row):  # a 32768 + 32768 merge does not fit a nibble
        slid = rules.slide(grid, ORDER[d])
        if any(v >= 1 << 16 for row in slid.grid for v in row):
            return
    slid = rules.slide(grid, ORDER[d])
    left, right, gl, gr = kernels.move_tables()
    after, pts = kernels.move_scored(np.uint64(board), d, left, right, gl, gr)
    assert bb.to_grid(int(after)) == slid.grid and int(pts) == slid.gained
    assert kernels.move(np.uint64(board), d, left, right) == after
    assert int(kernels.transpose(np.uint64(kernels.transpose(np.uint64(board))))) == board


def _tiny_network(seed=5):
    rng = np.random.default_rng(seed)
    cells = ntuple.CELLS[:2].copy()
    net = rng.normal(0, 1, (2, 16 ** ntuple.TUPLE_LEN)).astype(np.float32)
    return net, cells


PLAIN = r"""
import json, sys
import numpy as np
sys.modules["numba"] = None  # no numba: the kernels are plain Python
from arcade.game2048.ai import kernels, ntuple
assert not kernels.available() and not ntuple.available()
boards = json.loads(sys.argv[1])
rng = np.random.default_rng(5)
cells = ntuple.CELLS[:2].copy()
net = rng.normal(0, 1, (2, 16 ** ntuple.TUPLE_LEN)).astype(np.float32)
left, right, gl, gr = kernels.move_tables()
out = []
for b in boards:
    b = np.uint64(b)
    moves = [kernels.move_scored(b, d, left, right, gl, gr) for d in range(4)]
    out.append([[int(a), int(p)] for a, p in moves] + [float(kernels.net_value(b, net, cells))])
print(json.dumps(out))
"""


def test_without_numba_the_same_functions_give_the_same_answers():
    if not kernels.available():
        pytest.skip("numba is not installed: nothing compiled to compare with")
    rng = np.random.default_rng(11)
    boards = [int(x) for x in rng.integers(0, 1 << 63, 40, dtype=np.int64)] + [0, 0x1002_0031_0120_3210]
    env = dict(os.environ, PYTHONHASHSEED="0")
    run = subprocess.run([sys.executable, "-c", PLAIN, json.dumps(boards)], capture_output=True, text=True, env=env,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    plain = json.loads(run.stdout)
    net, cells = _tiny_network()
    left, right, gl, gr = kernels.move_tables()
    for b, want in zip(boards, plain):
        b = np.uint64(b)
        got = [[int(a), int(p)] for a, p in (kernels.move_scored(b, d, left, right, gl, gr) for d in range(4))]
        assert got == want[:4]
        assert float(kernels.net_value(b, net, cells)) == want[4]  # the same sum in the same order: equal
