"""The Gomocup protocol, engine side: every command a manager sends, the answers, bad lines, the clock."""
import io
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from arcade.tictactoe.gomocup import ABOUT, Brain, main, move_seconds


def fake_think(moves):
    """A think that records the position and plays the first empty point of a fixed list."""
    seen = []

    def think(rows, seconds):
        seen.append((rows, seconds))
        for x, y in moves:
            if rows[y][x] == ".":
                return x, y
        raise AssertionError("no move left")

    return think, seen


def talk(brain, *lines):
    out = []
    for line in lines:
        out += brain.handle(line)
    return [o for o in out if not o.startswith("MESSAGE")]


def test_start_begin_turn_and_the_board_seen_by_the_search():
    think, seen = fake_think([(7, 7), (8, 8), (6, 6)])
    b = Brain(think)
    assert talk(b, "START 15") == ["OK"]
    assert talk(b, "BEGIN") == ["7,7"]
    assert talk(b, "TURN 8,7") == ["8,8"]
    rows = seen[-1][0]
    assert rows[7][7] == "X" and rows[7][8] == "O" and sum(r.count(".") for r in rows) == 223  # x is the column
    assert talk(b, "RESTART") == ["OK"] and b.stones == []


def test_board_gives_stones_in_the_order_played_and_the_side_to_move_follows():
    think, seen = fake_think([(0, 0)])
    b = Brain(think)
    talk(b, "START 15")
    # the opponent (2) moved first: we are the second player, and with 2 stones each it is the first player's turn
    assert talk(b, "BOARD", "7,7,2", "8,8,1", "7,8,2", "9,9,1", "DONE") == ["0,0"]
    rows = seen[-1][0]
    assert rows[7][7] == "X" and rows[8][8] == "O" and rows[0][0] == "."
    assert b.me == 1 and b.stones[-1] == (0, 0, 1)


def test_takeback_and_rectangular_boards():
    think, _ = fake_think([(2, 2), (3, 3)])
    b = Brain(think)
    assert talk(b, "RECTSTART 20,10") == ["OK"] and (b.w, b.h) == (20, 10)
    talk(b, "TURN 19,9")
    assert talk(b, "TAKEBACK 2,2") == ["OK"] and len(b.stones) == 1
    assert talk(b, "TAKEBACK 2,2")[0].startswith("ERROR")


@pytest.mark.parametrize("line", ["START 3", "START x", "TURN 1,1", "RECTSTART 50,5"])
def test_bad_or_early_commands_are_one_error_line(line):
    think, _ = fake_think([(0, 0)])
    out = talk(Brain(think), line)
    assert len(out) == 1 and out[0].startswith("ERROR")


def test_illegal_and_garbage_moves_are_refused_and_the_brain_goes_on():
    think, _ = fake_think([(5, 5), (6, 6)])
    b = Brain(think)
    talk(b, "START 15", "TURN 7,7")
    assert talk(b, "TURN 7,7")[0] == "ERROR 7,7 is taken"
    assert talk(b, "TURN 15,0")[0].startswith("ERROR")
    assert talk(b, "TURN a,b")[0].startswith("ERROR")
    assert talk(b, "BOARD", "1,2", "DONE")[0].startswith("ERROR")  # a BOARD line without its field
    assert talk(b, "NONSENSE") == ["UNKNOWN NONSENSE"]
    assert talk(b, "TURN 1,1") == ["6,6"]  # still playing


def test_about_info_and_an_unsupported_rule_is_said_once():
    b = Brain(fake_think([(0, 0)])[0])
    assert talk(b, "ABOUT") == [ABOUT] and 'name="arcade"' in ABOUT
    assert talk(b, "INFO timeout_turn 2000", "INFO time_left 60000", "INFO max_memory 83886080") == []
    assert b.info["timeout_turn"] == 2000
    said = talk(b, "INFO rule 4")
    assert len(said) == 1 and said[0].startswith("ERROR rule 4") and "freestyle" in said[0]
    assert talk(b, "INFO rule 4") == [] and talk(b, "INFO rule 2") == []  # continuous play is freestyle too
    assert talk(b, "INFO timeout_turn soon")[0].startswith("ERROR")


def test_the_time_a_move_takes_stays_under_the_limits():
    assert move_seconds(1000, 0, None) == pytest.approx(0.85)
    assert move_seconds(30000, 180000, 50000) == pytest.approx(50 / 25 - 0.15)  # a share of the match clock
    assert move_seconds(0, 0, None) < 0.05  # 0: as fast as it can
    assert 0 < move_seconds(100, 0, None) < 0.1
    think, seen = fake_think([(7, 7)])
    b = Brain(think)
    talk(b, "START 15", "INFO timeout_turn 500", "BEGIN")
    assert seen[-1][1] < 0.5


def test_a_search_that_fails_still_answers_a_legal_move():
    def broken(rows, seconds):
        raise RuntimeError("boom")

    b = Brain(broken)
    out = b.handle("START 15") + b.handle("BEGIN")
    assert out[1].startswith("ERROR the search failed") and out[-1] == "7,7"


def test_the_main_loop_answers_each_line_and_ends_on_end():
    think, _ = fake_think([(7, 7)])
    out = io.StringIO()
    assert main(io.StringIO("START 15\nBEGIN\nEND\nTURN 1,1\n"), out, think) == 0
    lines = [x for x in out.getvalue().splitlines() if not x.startswith("MESSAGE")]
    assert lines == ["OK", "7,7"]  # nothing after END


def test_the_real_engine_through_the_command_line_answers_within_its_turn():
    """The real search behind ``arcade gomoku-engine``: a win in one is taken, and a move's own clock (its
    MESSAGE line) stays under the turn's limit."""
    script = "START 15\nINFO timeout_turn 700\nBOARD\n5,5,1\n0,0,2\n6,5,1\n0,1,2\n7,5,1\n0,2,2\n8,5,1\n0,3,2\nDONE\nEND\n"
    r = subprocess.run([sys.executable, "-m", "arcade", "gomoku-engine"], input=script, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "OK" and lines[-1] in ("4,5", "9,5")  # five in a row
    spent = [int(x.split()[1]) for x in lines if x.startswith("MESSAGE")]
    assert spent and max(spent) <= 700


_WORDS = st.sampled_from(["START 15", "START 7", "RECTSTART 9,6", "RESTART", "BEGIN", "TURN 3,4", "TURN 99,1",
                          "TURN x", "BOARD", "1,1,1", "2,2,2", "DONE", "TAKEBACK 3,4", "INFO rule 4",
                          "INFO timeout_turn 300", "INFO time_left -5", "ABOUT", "", "GARBAGE", "TURN 0,0"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_WORDS, st.text(max_size=12).map(lambda t: t.replace("\n", " "))), max_size=30))
def test_any_sequence_of_lines_gets_well_formed_answers_and_legal_moves(lines):
    import re

    def think(rows, seconds):
        return next((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == ".")

    b = Brain(think)
    for line in lines:
        for out in b.handle(line):
            assert "\n" not in out
            assert re.fullmatch(r"OK|ERROR .+|UNKNOWN .*|MESSAGE .*|\d+,\d+|name=.+", out), out
        cells = [(x, y) for x, y, _ in b.stones]
        assert len(cells) == len(set(cells))  # never two stones on a point
        assert all(0 <= x < b.w and 0 <= y < b.h for x, y in cells)
