"""Field rules: levels, first-click rules and the mines' deal, flood fill, flags and question marks, chording, win
and loss."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from arcade.minesweeper.field import FLAG, LEVELS, NO_MARK, QUESTION, Field, deal, free_zone, neighbours


def fixed(layout, first, rule="safe", **kw):
    """A field from an ASCII layout ('*' = mine), opened at ``first``."""
    rows, cols = len(layout), len(layout[0])
    mines = [r * cols + c for r, line in enumerate(layout) for c, ch in enumerate(line) if ch == "*"]
    f = Field(rows, cols, len(mines), rule=rule, **kw)
    f.place_mines(first[0] * cols + first[1], mines)
    f.open(*first)
    return f


def test_levels_and_portrait_expert():
    assert LEVELS == {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}
    f = Field.level("expert", seed=1)
    assert (f.rows, f.cols, f.mines) == (30, 16, 99) and f.level_name == "expert"
    assert len(f.view()) == 30 and all(len(r) == 16 for r in f.view())
    assert Field(5, 7, 3).level_name == "custom"


@pytest.mark.parametrize("args", [(1, 5, 1), (5, 5, 25), (5, 5, 0), (5, 5, -1), (101, 5, 3), (5, 5, 2.0),
                                  (True, 5, 1)])
def test_custom_sizes_validated(args):
    with pytest.raises(ValueError):
        Field(*args)


def test_bad_rule_and_level():
    with pytest.raises(ValueError, match="rule"):
        Field(rule="nope")
    with pytest.raises(ValueError, match="level"):
        Field.level("legendary")


@pytest.mark.parametrize("level", list(LEVELS))
def test_first_click_rules(level):
    for seed in range(30):
        f = Field.level(level, seed=seed, rule="safe")
        r, c = random.Random(seed).randrange(f.rows), random.Random(seed + 1).randrange(f.cols)
        f.open(r, c)
        assert not f.is_mine(r, c) and f.state in ("playing", "won") and f.placement == "safe"
        g = Field.level(level, seed=seed, rule="opening")
        g.open(r, c)
        assert g.number(r, c) == 0 and not any(g.is_mine(*n) for n in g.neighbours_of(r, c))
        assert all(g.is_open(*n) for n in g.neighbours_of(r, c))  # the click opens a region
        assert sum(map(sum, ([g.is_mine(i, j) for j in range(g.cols)] for i in range(g.rows)))) == g.mines


def test_seeded_rng_is_deterministic_and_injectable():
    a, b = Field.level("expert", seed=7), Field.level("expert", seed=7)
    a.open(3, 3), b.open(3, 3)
    assert a.mine_cells() == b.mine_cells()
    c = Field.level("expert", rng=random.Random(7))
    c.open(3, 3)
    assert c.mine_cells() == a.mine_cells()


def test_opening_rule_falls_back_on_a_crowded_board():
    f = Field(3, 3, 7, rule="opening", seed=1)
    f.open(1, 1)
    assert f.placement == "safe" and not f.is_mine(1, 1) and f.state == "playing"


def test_flood_fill_opens_zeros_and_their_border():
    f = fixed(["....", "....", "...*", "..**"], (0, 0))
    assert f.opened == 13 and f.state == "won"  # every safe cell opened by one click
    assert f.display() == ("0000", "0011", "013F", "01FF")  # a win flags the mines


def test_flags_block_opening_and_flood_and_question_marks_cycle():
    f = Field(4, 4, 1, rule="safe", question_marks=True)
    f.place_mines(0, [15])
    assert f.toggle_flag(0, 3) == FLAG and f.mines_left == 0
    assert f.open(0, 3) == []
    f.open(0, 0)
    assert f.display()[0] == "000F" and not f.is_open(0, 3)
    assert f.toggle_flag(0, 3) == QUESTION and f.mines_left == 1
    assert f.display()[0] == "000?" and f.view()[0] == "000#"
    assert f.toggle_flag(0, 3) == NO_MARK
    g = Field(4, 4, 1, rule="safe")  # no question marks: flag -> none
    assert g.toggle_flag(1, 1) == FLAG and g.toggle_flag(1, 1) == NO_MARK


def test_chord_opens_the_rest_when_flags_are_complete():
    f = fixed(["*...", "....", "..*.", "...*"], (0, 1))
    assert f.view()[0] == "#1##"
    assert f.chord(0, 1) == []  # no flag yet: nothing
    f.toggle_flag(0, 0)
    opened = f.chord(0, 1)
    assert (1, 0) in opened and f.view()[:2] == ("F100", "1211") and f.state == "playing"
    assert not f.can_chord(0, 1)


def test_chord_with_a_wrong_flag_loses():
    f = fixed(["*...", "....", "....", "...*"], (0, 1))
    f.toggle_flag(1, 0)  # wrong: the mine is at (0, 0)
    f.chord(0, 1)
    assert f.state == "lost" and f.exploded == 0
    d = f.display()
    assert d[0][0] == "X" and d[1][0] == "x" and d[3][3] == "*"


def test_win_flags_every_mine_and_loss_shows_them():
    f = fixed(["*..", "...", "..."], (2, 2))
    assert f.state == "won" and f.display()[0][0] == "F" and f.mines_left == 0
    g = fixed(["*..", "...", "..*"], (0, 2))
    g.toggle_flag(2, 1)
    g.open(0, 0)
    assert g.state == "lost" and g.display() == ("X10", "#21", "#x*") and g.over
    assert g.open(1, 1) == [] and g.toggle_flag(1, 1) == NO_MARK  # a finished game ignores moves


@settings(max_examples=60, deadline=None)
@given(st.integers(5, 12), st.integers(5, 12), st.integers(1, 200), st.integers(0, 10**6),
       st.sampled_from(["safe", "opening"]), st.integers(0, 143))
def test_the_deal_keeps_the_first_clicks_zone_free(rows, cols, mines, seed, rule, first):
    mines, first = min(mines, rows * cols - 1), first % (rows * cols)
    cells = deal(rows, cols, mines, first, rule, random.Random(seed))
    assert len(set(cells)) == mines and all(0 <= j < rows * cols for j in cells) and first not in cells
    if rows * cols - 9 >= mines and rule == "opening":
        assert not set(cells) & free_zone(rows, cols, first, "opening")
    f = Field(rows, cols, mines, rule=rule, seed=seed)
    f.open(*divmod(first, cols))
    assert sorted(cells) == [r * cols + c for r, c in f.mine_cells()]  # the field's own placement is the deal


def test_neighbours_table():
    nb = neighbours(3, 4)
    assert sorted(nb[0]) == [1, 4, 5] and len(nb[5]) == 8 and sorted(nb[11]) == [6, 7, 10]
