"""`make bench`'s summary table: the games' rows carry real figures, every game's demo is timed, and the parts
come from the games' hooks through the registry."""
from types import SimpleNamespace

from arcade.dev import summary
from arcade.dev.benchmarks import frame_times


def test_tictactoe_rows_prove_3x3_and_solve_4x4():
    from arcade.tictactoe.bench import ai

    rows = ai.summary_rows(2)
    assert [r[0] for r in rows] == ["tictactoe", "tictactoe"]
    assert rows[0][2].startswith("4,520 of 4,520")  # every reachable position keeps its value
    assert rows[1][2].startswith("draw in ") and "2/2 sampled" in rows[1][2]


def test_minesweeper_rows_play_real_games():
    from arcade.minesweeper.bench import ai

    rows = ai.summary_rows(8, 1)
    assert rows[0][1] == "beginner, first click safe, 8 games" and rows[1][1] == "expert, first click safe, 1 game"
    assert all("won " in r[2] and "move median" in r[2] for r in rows)


def test_every_games_demo_is_timed():
    from arcade import games

    res = frame_times(3, only="demo")
    assert set(res) == {f"{g.title} demo" for g in games.load().values()}
    assert all(r["draw_median"] > 0 for r in res.values())


def test_the_games_own_scenes_are_timed_with_their_targets():
    res = frame_times(2, only="mid-")
    assert {k: r["target"] for k, r in res.items()} == {
        "2048 4x4 (mid-animation)": "<= 2 ms", "2048 8x8 (mid-animation)": "<= 4 ms", "stairs (mid-climb)": "<= 2 ms"}


def test_search_engines_row():
    from arcade.game2048.bench import search

    rows = search.summary_rows(True)
    assert rows[0][0] == "2048 AI" and rows[0][2].split("x")[0].replace(".", "").isdigit()
    assert "M moves/s" in rows[0][2] and "default depth" in rows[0][2]


def test_the_parts_are_every_games_then_the_houses():
    titles = [t for t, _ in summary.parts(SimpleNamespace(quick=True, frames=1, runs=1))]
    assert titles == ["bitboard engine", "2048 expectimax engines", "2048 AI short run", "sampler and stair world",
                      "tic-tac-toe proofs", "Minesweeper AI short run", "frame times (dummy video driver)",
                      "start-up", "input fuzzer"]
