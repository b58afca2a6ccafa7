"""Minesweeper's screens read well at the default window (480 x 800), on the player's way from the menu: every text
the game draws is 11 px or more, at 4.5:1 or more against what is round its letters, and no two texts overlap
(tests/readable.py follows each text from the font to the frame). The odds overlay on Expert is the hard case:
every covered cell shaded by its chance, numbers only by the numbers (the frontier), the cell under the pointer
told in a bubble."""
import pygame
import pytest

from arcade.minesweeper import view as vw
from arcade.minesweeper.field import LEVELS
from helpers import click, frames, key, mouse_move, settle
from readable import FontSpy, contrast, drawn, problems, report, words
from tests.minesweeper.conftest import from_the_menu

COVERED_SIGNS = "#F?"


def blend(colour, under, alpha=150):
    k = alpha / 255
    return tuple(round(a * k + b * (1 - k)) for a, b in zip(colour, under))


def expert_with_odds(app, s):
    frames(app, 1, events=[key(pygame.K_3)])
    assert (s.field.rows, s.field.cols, s.field.mines) == LEVELS["expert"]
    frames(app, 1, events=click(s.view.layout.cell_rect(15, 8).center))
    settle(app, 0.6)
    s.view.finish()
    frames(app, 1, events=[key(pygame.K_p)])
    frames(app, 3)
    a = s.assist.get(s.key)
    assert s.odds_on and not s.overlay and a is not None and a.probs is not None
    return a.probs


def test_the_odds_on_expert_can_be_read(app, game, monkeypatch):
    s = game
    probs = expert_with_odds(app, s)
    f, lay = s.field, s.view.layout
    display = f.display()
    assert lay.cell == 22
    covered = [(r, c) for r in range(f.rows) for c in range(f.cols) if display[r][c] in COVERED_SIGNS]
    frontier = {(r, c) for r, c in covered if s.view.frontier(display, r, c)}
    assert 0 < len(frontier) < len(covered) / 3
    # every covered cell is shaded by its chance (a corner of the cell, clear of any number or mark)
    for r, c in covered:
        rect = lay.cell_rect(r, c)
        got = tuple(app.screen.get_at((rect.x + 5, rect.bottom - 5)))[:3]
        want = blend(vw.heat_colour(probs[r][c]), vw.COVERED)
        assert max(abs(a - b) for a, b in zip(got, want)) <= 3, ((r, c), got, want)
    # numbers only by the numbers, 11 px or more and readable; none on the cells away from them
    spy = FontSpy(monkeypatch)
    frame = drawn(app, spy)
    in_board = [(w, size, ratio, rect) for w, size, ratio, rect in report(frame) if lay.board.contains(rect)]
    cells = {lay.cell_at(rect.center) for *_, rect in in_board}
    assert cells == {(r, c) for r, c in frontier if 0 < probs[r][c] < 1 and display[r][c] == "#"} | \
        {(r, c) for r, c in frontier if probs[r][c] == 0 and display[r][c] == "#"}
    assert all(size >= 11 for _, size, _, _ in in_board)
    assert problems(frame) == []
    # the pointer on a frontier cell: a bubble says its chance in words (16 px), and the status line with it
    r, c = next((r, c) for r, c in sorted(frontier) if 0 < probs[r][c] < 1)
    frames(app, 1, events=[mouse_move(lay.cell_rect(r, c).center)])
    frame = drawn(app, spy)
    said = vw.odds_words(probs[r][c])
    bubble = [(w, size) for w, size, _, _ in report(frame) if w == said]
    assert bubble == [(said, 16)] and problems(frame) == []
    assert s.status()[0].startswith(f"Row {r + 1}, column {c + 1}: {said}")
    # the pointer on a cell away from the numbers: told too (the status line says their common chance before)
    inner = next(cell for cell in covered if cell not in frontier)
    frames(app, 1, events=[mouse_move((0, 0))])
    assert f"{vw.odds_text(probs[inner[0]][inner[1]])} % on each cell away from the numbers" in s.status()[0]
    frames(app, 1, events=[mouse_move(lay.cell_rect(*inner).center)])
    assert vw.odds_words(probs[inner[0]][inner[1]]) in words(drawn(app, spy))


def test_odds_numbers_read_on_every_shade_and_size():
    """The odds ink against the shade of every chance (over a covered cell), and the numbers' sizes at every cell
    size a board can have (the smallest custom cells included)."""
    worst = min(float(contrast(vw.ODDS_TEXT, blend(vw.heat_colour(p / 100), vw.COVERED))) for p in range(101))
    assert worst >= 4.5
    for cell in range(18, 57):
        size = vw.odds_font(cell)
        assert size is not None and 11 <= size <= 18


def test_cell_numbers_read_on_an_open_cell():
    assert all(contrast(colour, vw.OPENED) >= 4.5 for colour in vw.NUMBER_COLOURS.values())


def screens(app, s, monkeypatch):
    """The Minesweeper screens a new player meets, each drawn as a frame on a recorder: name -> frame."""
    from arcade.minesweeper.custom import CustomOverlay
    from arcade.shell.pause import PauseOverlay

    spy = FontSpy(monkeypatch)
    out = {"beginner, ready": drawn(app, spy)}
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    s.elapsed = 123.4
    frames(app, 1, events=[key(pygame.K_h)])
    frames(app, 2)
    out["beginner, a hint"] = drawn(app, spy)
    frames(app, 1, events=[key(pygame.K_4)])
    frames(app, 1)
    card = app.stack.top
    assert isinstance(card, CustomOverlay)
    out["the custom card"] = drawn(app, spy)
    frames(app, 1, events=[key(pygame.K_9, unicode="9"), key(pygame.K_9, unicode="9"), key(pygame.K_RETURN)])
    out["the custom card, refusing"] = drawn(app, spy)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    frames(app, 1, events=[key(pygame.K_g)])
    frames(app, 1)
    out["no-guess on"] = drawn(app, spy)
    expert_with_odds(app, s)
    out["expert, odds"] = drawn(app, spy)
    f = s.field
    frontier = next((r, c) for r in range(f.rows) for c in range(f.cols)
                    if f.display()[r][c] == "#" and s.view.frontier(f.display(), r, c))
    frames(app, 1, events=[mouse_move(s.view.layout.cell_rect(*frontier).center)])
    out["expert, odds, a cell pointed at"] = drawn(app, spy)
    frames(app, 1, events=[mouse_move((240, 5))])
    frames(app, 1, events=[key(pygame.K_p)])
    mine = next((r, c) for r in range(f.rows) for c in range(f.cols) if f.is_mine(r, c))
    s.open_cell(*mine)
    settle(app, 2.5)
    out["expert, lost"] = drawn(app, spy)
    frames(app, 1, events=[key(pygame.K_1)])
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    for r in range(9):
        for c in range(9):
            if not s.field.is_mine(r, c) and not s.field.is_open(r, c):
                s.open_cell(r, c)
    settle(app, 2.5)
    out["beginner, won"] = drawn(app, spy)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    assert isinstance(app.stack.top, PauseOverlay)
    out["paused"] = drawn(app, spy)
    app.stack.top.settings()
    settle(app, 0.4)
    out["settings, from the game"] = drawn(app, spy)
    return out


def test_every_minesweeper_screen_reads_well(app, game, monkeypatch):
    shots = screens(app, game, monkeypatch)
    assert {"Beginner", "Intermediate", "Expert", "Custom", "No-guess", "Hint  H"} <= words(shots["beginner, ready"])
    assert "Width must be 5 to 25 columns, not 99" in words(shots["the custom card, refusing"])
    assert "5 to 25 columns" in words(shots["the custom card"])
    assert "Boom!" in words(shots["expert, lost"]) and "Cleared!" in words(shots["beginner, won"])
    assert "Minesweeper" in words(shots["settings, from the game"])
    bad = {name: problems(frame) for name, frame in shots.items()}
    assert {name: p for name, p in bad.items() if p} == {}


def test_the_first_run_help_card_reads_well(app, monkeypatch):
    from_the_menu(app, monkeypatch)
    settle(app, 0.3)
    spy = FontSpy(monkeypatch)
    frame = drawn(app, spy)
    assert {"How to play Minesweeper", "1 2 3 4, G", "level, custom, no-guess"} <= words(frame)
    assert problems(frame) == []


def test_the_check_can_fail(app, monkeypatch):
    """Small, pale and overlapping text is caught."""
    from readable import Recorder
    from arcade.engine.ui.text import render

    spy = FontSpy(monkeypatch)
    frame = Recorder(app.size, spy)
    frame.fill((250, 248, 239))
    frame.blit(render("tiny", 9, (60, 52, 46)), (10, 10))
    frame.blit(render("pale", 20, (238, 228, 218)), (10, 100))
    frame.blit(render("one", 20, (60, 52, 46)), (10, 200))
    frame.blit(render("two", 20, (60, 52, 46)), (20, 204))
    bad = problems(frame)
    assert any("'tiny' at 9 px" in b for b in bad) and any("'pale': contrast" in b for b in bad)
    assert any("'one' overlaps 'two'" in b for b in bad)


@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
def test_the_hud_and_picker_read_on_each_level(app, game, monkeypatch, level):
    s = game
    frames(app, 1, events=[key({"beginner": pygame.K_1, "intermediate": pygame.K_2, "expert": pygame.K_3}[level])])
    s.elapsed = 999.95  # the widest time the timer shows
    frames(app, 1, events=click(s.view.layout.cell_rect(3, 3).center))
    s.elapsed = 999.95
    frame = drawn(app, FontSpy(monkeypatch))
    assert {"999.9", "s", "Beginner", "No-guess"} <= words(frame) and problems(frame) == []
