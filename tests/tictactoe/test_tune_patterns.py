"""tools/tune_patterns.py: the fit of the line patterns' values to game results, and the match of two value sets."""
import ast
import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("tune_patterns", ROOT / "tools" / "tune_patterns.py")
tune = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tune)

GAMES = sorted(str(p) for p in (ROOT / "bench-results").glob("gomocup-rapfi-patterns-equal-s*.json"))[:3]


def test_the_fit_keeps_the_fixed_values_and_predicts_the_held_out_results_better(capsys):
    assert GAMES and tune.main(["fit", *GAMES]) == 0
    out = capsys.readouterr().out
    errors = [float(x) for x in re.search(r"squared error: ([\d.]+) with 'guessed', ([\d.]+)", out).groups()]
    assert errors[1] < errors[0]
    by_dir = ast.literal_eval(re.search(r"DIR_VALUE = (\(.*\))", out).group(1))
    bonus = ast.literal_eval(re.search(r"CLASS_BONUS = (\(.*\))", out).group(1))
    assert len(by_dir) == 10 and len(bonus) == 7
    assert by_dir[0] == 0 and by_dir[9] == 10000 and bonus[0] == 0 and bonus[6] == 0  # dead, five, no class
    assert min(by_dir) >= 0 and min(bonus) >= 0


def test_the_positions_are_labelled_by_a_result_and_none_is_decided():
    X, y = tune.positions(GAMES)
    assert len(X) == len(y) > 100 and set(y) <= {0.0, 1.0} and X.shape[1] == 17
    assert not (X[:, 16] > 0).any()  # the side to move never has a five to make (1.5 x its count would show)


def test_a_match_plays_each_opening_with_both_colours(capsys):
    assert tune.main(["match", "--depth", "2", "--openings", "2", "--seed", "7"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2 and all(re.match(r"opening [78]: fitted black -> \w+, guessed black -> \w+", ln)
                                   for ln in lines)
    assert sum(int(n) for n in re.findall(r": (\d+)", lines[-1].split(";")[1])) == 2
