"""`make bench`'s summary table: the new games' rows carry real figures, and every game's demo is timed."""
from arcade.dev import summary
from arcade.dev.benchmarks import frame_times


def test_tictactoe_rows_prove_3x3_and_solve_4x4():
    rows = summary.tictactoe_part(2)
    assert [r[0] for r in rows] == ["tictactoe", "tictactoe"]
    assert rows[0][2].startswith("4,520 of 4,520")  # every reachable position keeps its value
    assert rows[1][2].startswith("draw in ") and "2/2 sampled" in rows[1][2]


def test_minesweeper_rows_play_real_games():
    rows = summary.minesweeper_part(8, 1)
    assert rows[0][1] == "beginner, first click safe, 8 games" and rows[1][1] == "expert, first click safe, 1 game"
    assert all("won " in r[2] and "move median" in r[2] for r in rows)


def test_every_games_demo_is_timed():
    from arcade import games

    res = frame_times(3, only="demo")
    assert set(res) == {f"{g.title} demo" for g in games.load().values()}
    assert all(r["draw_median"] > 0 for r in res.values())


def test_search_engines_row():
    rows = summary.search_part(1)
    assert rows[0][0] == "2048 AI" and rows[0][2].split("x")[0].replace(".", "").isdigit()
    assert "M moves/s" in rows[0][2] and "default depth" in rows[0][2]
