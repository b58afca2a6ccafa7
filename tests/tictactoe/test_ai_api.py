"""The ``choose`` seam: argument checking (one-line ValueErrors), levels, reproducibility, and pure imports."""
import random
import subprocess
import sys
from pathlib import Path

import pytest

from arcade.tictactoe import ai

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("rows,kwargs,message", [
    (("XX", "X"), {}, "ragged"),
    (("X.Z", "...", "..."), {}, "'Z'"),
    (("XX.", "...", "..."), {}, "impossible counts"),
    (("OO.", "X..", "..."), {}, "impossible counts"),
    (("XXX", "OO.", "..."), {}, "over"),
    (("XOX", "XOO", "OXX"), {}, "full"),
    ("X........", {}, "tuple of strings"),
    ((), {}, "empty"),
    (None, {}, "tuple of strings"),
    (("...", "...", "..."), {"k": 5}, "k must be"),
    (("...", "...", "..."), {"level": "godlike"}, "level must be"),
    (("...", "...", "..."), {"speed": 3}, "unknown parameter"),
    (("...", "...", "..."), {"seed": "x"}, "seed"),
    (("...", "...", "..."), {"seed": 1, "rng": random.Random(1)}, "not both"),
    (("...", "...", "..."), {"rng": 3}, "rng"),
    (("...", "...", "..."), {"budget": 0}, "budget"),
    (("...", "...", "..."), {"budget": float("nan")}, "budget"),
    (("...", "...", "..."), {"depth": 0}, "depth"),
    (("...", "...", "..."), {"depth": 2.5}, "depth"),
    (("...", "...", "..."), {"mistakes": 2}, "mistakes"),
])
def test_bad_input_raises_a_one_line_value_error(rows, kwargs, message):
    with pytest.raises(ValueError, match=message) as info:
        ai.choose(rows, **kwargs)
    assert "\n" not in str(info.value)


def test_lists_work_like_tuples_and_the_result_is_a_pair_of_ints():
    r, c = ai.choose(["X..", ".O.", "..."])
    assert type(r) is int and type(c) is int
    assert ai.choose(("...", "...", "...")) == ai.choose(("...", "...", "..."))


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_plays_a_legal_move_on_every_variant(level):
    for rows, k in [(("X..", "...", "..."), None), (("X...", "....", "..O.", "...."), None),
                    (("." * 15,) * 7 + ("......XO.......",) + ("." * 15,) * 7, None),
                    (("X....", ".....", ".....", ".....", "....."), 4)]:
        r, c = ai.choose(rows, k, level, seed=3, **({"budget": 0.2} if len(rows) > 4 else {}))
        assert rows[r][c] == "."


def test_analysis_reports_its_work():
    a = ai.analyse(("X...", "....", "....", "...."))
    assert a.engine == "exact" and a.nodes > 0 and a.score == 0
    a = ai.analyse(("X..", "...", "..."), level="medium")
    assert a.engine == "open-lines" and a.depth == 2
    a = ai.analyse(("." * 15,) * 7 + ("......XO.......",) + ("." * 15,) * 7, depth=2)
    assert a.engine == "gomoku" and a.nodes > 0


def test_the_logic_is_pure_and_cheap_to_import():
    code = ("import sys\n"
            "import arcade.tictactoe.rules, arcade.tictactoe.ai, arcade.tictactoe.solver, arcade.tictactoe.gomoku\n"
            "import arcade.tictactoe.baselines, arcade.tictactoe.bench.ai\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numpy'))\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    numpy, pygame = r.stdout.split("\n")[:2]
    assert pygame == "[]"
    assert numpy == "[]"  # nothing heavy at import time (plain Python; tables are built on first use)
