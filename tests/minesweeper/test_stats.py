"""The stats of Minesweeper as a player reads them: won games per level with the best and last times, the no-guess
games of a level on a line of their own (on the Stats screen and in ``arcade stats --json``)."""
import json

import pygame

from arcade import cli
from arcade.engine.plugin import format_time
from arcade.shell.stats import StatsScene
from helpers import click, frames, key, open_from_menu, settle


def win_in(app, s, seconds: float) -> int:
    """Open a cell, wait ``seconds`` on the clock, then open every other safe cell; the winning time in ms."""
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    assert s.field.state in ("playing", "won")
    settle(app, seconds - 1 / 60)
    rows, cols = s.field.rows, s.field.cols
    for r in range(rows):
        for c in range(cols):
            if not s.field._mine[r * cols + c] and not s.field.is_open(r, c):
                frames(app, 1, dt=0.0, events=click(s.view.layout.cell_rect(r, c).center))  # no time passes
    assert s.field.state == "won"
    return s.field.clock_ms


def test_no_guess_games_keep_their_own_line(app, game, capsys):
    s = game
    frames(app, 1, events=click(s.hud.picker_rects["noguess"].center))  # the no-guess switch
    frames(app, 1)
    assert s.no_guess
    quick = win_in(app, s, 1.0)
    frames(app, 1, events=[key(pygame.K_g)])  # a new game without it
    frames(app, 1)
    assert not s.no_guess and s.field.state == "ready"
    slow = win_in(app, s, 7.0)
    assert format_time(quick) == "1.0 s" and format_time(slow) == "7.0 s"
    # the Stats screen, from the menu
    stats = open_from_menu(app, "stats")
    assert isinstance(stats, StatsScene)
    while stats.game_id != "minesweeper":
        frames(app, 1, events=[key(pygame.K_RIGHT)])
    drawn = []
    real = stats._breakdown
    stats._breakdown = lambda surface, rect, chart: (drawn.append(chart), real(surface, rect, chart))
    frames(app, 1)
    (levels,) = [c for c in drawn if c.title == "Wins by level"]
    lines = [label for label, _n, _icon in levels.rows]
    assert lines[0] == "Beginner: 1 of 1 won, best 7.0 s, last 7.0 s"
    assert lines[1] == "Beginner, no-guess: 1 of 1 won, best 1.0 s, last 1.0 s"
    assert not any("no-guess" in line for line in lines[2:])  # a level without no-guess games has no such line
    # the command line says the same
    assert cli.main(["stats", "minesweeper", "--json", "--data-dir", str(app.options.data_dir)]) == 0
    out = json.loads(capsys.readouterr().out)["minesweeper"]
    (chart,) = [c for c in out["charts"] if c["title"] == "Wins by level"]
    assert [r["label"] for r in chart["rows"]] == lines
    assert out["bests"] == {"minesweeper/beginner": slow, "minesweeper/beginner.noguess": quick}
