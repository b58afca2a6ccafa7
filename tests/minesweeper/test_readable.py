"""Minesweeper's screens read well, on the player's way from the menu: every text the game draws is 11 px or more
at the smallest window (13 px on the canvas), at 4.5:1 or more against what it is drawn on, and no two texts
overlap (tests/readable.py). The odds overlay on Expert is the hard case: every covered cell shaded by its
chance, numbers only by the numbers (the frontier), the cell under the pointer told in a bubble."""
import pygame
import pytest

from arcade.engine.app import LOGICAL_SIZE, MIN_WINDOW, fit_canvas
from arcade.minesweeper import view as vw
from arcade.minesweeper.field import LEVELS
from helpers import click, frames, key, mouse_move, settle
from readable import MIN_CONTRAST, MIN_PX, Canvas, contrast, drawn, install, overlapping
from tests.minesweeper.conftest import from_the_menu

COVERED_SIGNS = "#F?"
SCALE = fit_canvas(MIN_WINDOW, LOGICAL_SIZE).scale  # the smallest window's


@pytest.fixture
def measured(monkeypatch):
    install(monkeypatch)
    yield
    Canvas.meta.clear()


def problems(canvas) -> list[str]:
    """Every broken rule of the texts drawn on ``canvas``, one line each."""
    bad = [f"{p.text!r} at {p.size} px: {p.size * SCALE:.1f} px at the smallest window" for p in canvas.pieces
           if p.size * SCALE < MIN_PX - 1e-9]
    bad += [f"{p.text!r}: {p.colour} on {p.background}: {p.contrast:.2f}:1" for p in canvas.pieces
            if p.contrast < MIN_CONTRAST]
    return bad + [f"{a!r} overlaps {b!r}" for a, b in overlapping(canvas)]


def words(canvas) -> set[str]:
    return {p.text for p in canvas.pieces}


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


def test_the_odds_on_expert_can_be_read(app, game, measured):
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
    # numbers only by the numbers (a certain mine shows a small mine), readable; none away from them
    frame = drawn(app)
    in_board = [p for p in frame.pieces if lay.board.contains(p.rect)]
    assert {lay.cell_at(p.rect.center) for p in in_board} == \
        {(r, c) for r, c in frontier if probs[r][c] < 1 and display[r][c] == "#"}
    assert all(p.size >= vw.MIN_TEXT and p.text == vw.odds_text(probs[r][c])
               for p in in_board for r, c in [lay.cell_at(p.rect.center)])
    assert problems(frame) == []
    # the pointer on a frontier cell: a bubble says its chance in words (16 px), and the status line with it
    r, c = min(frontier, key=lambda rc: (not 0 < probs[rc[0]][rc[1]] < 1, rc))  # an uncertain one if there is one
    frames(app, 1, events=[mouse_move(lay.cell_rect(r, c).center)])
    frame = drawn(app)
    said = vw.odds_words(probs[r][c])
    assert [(p.text, p.size) for p in frame.pieces if p.text == said] == [(said, 16)] and problems(frame) == []
    assert s.status()[0].startswith(f"Row {r + 1}, column {c + 1}: {said}")
    # the pointer on a cell away from the numbers: told too (the status line says their common chance before)
    inner = next(cell for cell in covered if cell not in frontier)
    frames(app, 1, events=[mouse_move((0, 0))])
    assert f"{vw.odds_text(probs[inner[0]][inner[1]])} % on each cell away from the numbers" in s.status()[0]
    frames(app, 1, events=[mouse_move(lay.cell_rect(*inner).center)])
    assert vw.odds_words(probs[inner[0]][inner[1]]) in words(drawn(app))


def test_odds_numbers_read_on_every_shade_and_size():
    """The odds ink against the shade of every chance (over a covered cell), and the numbers' sizes at every cell
    size a board can have (the smallest custom cells included)."""
    worst = min(float(contrast(vw.ODDS_TEXT, blend(vw.heat_colour(p / 100), vw.COVERED))) for p in range(101))
    assert worst >= 4.5
    for cell in range(18, 57):
        size = vw.odds_font(cell)
        assert size is not None and vw.MIN_TEXT <= size <= 18 and vw.number_font(cell) >= vw.MIN_TEXT
    assert vw.MIN_TEXT * SCALE >= MIN_PX


def test_cell_numbers_read_on_an_open_cell():
    assert all(contrast(colour, vw.OPENED) >= 4.5 for colour in vw.NUMBER_COLOURS.values())


def screens(app, s):
    """The Minesweeper screens a new player meets, each drawn as a frame on a recorder: name -> frame."""
    from arcade.minesweeper.custom import CustomOverlay
    from arcade.shell.pause import PauseOverlay

    out = {"beginner, ready": drawn(app)}
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    s.elapsed = 123.4
    frames(app, 1, events=[key(pygame.K_h)])
    frames(app, 2)
    out["beginner, a hint"] = drawn(app)
    frames(app, 1, events=[key(pygame.K_4)])
    frames(app, 1)
    card = app.stack.top
    assert isinstance(card, CustomOverlay)
    out["the custom card"] = drawn(app)
    frames(app, 1, events=[key(pygame.K_9, unicode="9"), key(pygame.K_9, unicode="9"), key(pygame.K_RETURN)])
    out["the custom card, refusing"] = drawn(app)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    frames(app, 1, events=[key(pygame.K_g)])
    frames(app, 1)
    out["no-guess on"] = drawn(app)
    expert_with_odds(app, s)
    out["expert, odds"] = drawn(app)
    f = s.field
    frontier = next((r, c) for r in range(f.rows) for c in range(f.cols)
                    if f.display()[r][c] == "#" and s.view.frontier(f.display(), r, c))
    frames(app, 1, events=[mouse_move(s.view.layout.cell_rect(*frontier).center)])
    out["expert, odds, a cell pointed at"] = drawn(app)
    frames(app, 1, events=[mouse_move((240, 5))])
    frames(app, 1, events=[key(pygame.K_p)])
    mine = next((r, c) for r in range(f.rows) for c in range(f.cols) if f.is_mine(r, c))
    s.open_cell(*mine)
    settle(app, 2.5)
    out["expert, lost"] = drawn(app)
    frames(app, 1, events=[key(pygame.K_1)])
    frames(app, 1, events=click(s.view.layout.cell_rect(4, 4).center))
    for r in range(9):
        for c in range(9):
            if not s.field.is_mine(r, c) and not s.field.is_open(r, c):
                s.open_cell(r, c)
    settle(app, 2.5)
    out["beginner, won"] = drawn(app)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    assert isinstance(app.stack.top, PauseOverlay)
    out["paused"] = drawn(app)
    app.stack.top.settings()
    settle(app, 0.4)
    out["settings, from the game"] = drawn(app)
    return out


@pytest.mark.parametrize("text", [1.0, 1.5], ids=["text100", "text150"])
def test_every_minesweeper_screen_reads_well(app, game, measured, text):
    app.set_setting("text_size", text)
    shots = screens(app, game)
    assert {"Beginner", "Intermediate", "Expert", "Custom", "No-guess", "Hint  H"} <= words(shots["beginner, ready"])
    assert "Width must be 5 to 25 columns, not 99" in words(shots["the custom card, refusing"])
    assert "5 to 25 columns" in words(shots["the custom card"])
    assert "Boom!" in words(shots["expert, lost"]) and "Cleared!" in words(shots["beginner, won"])
    assert "Minesweeper" in words(shots["settings, from the game"])
    bad = {name: problems(frame) for name, frame in shots.items()}
    assert {name: p for name, p in bad.items() if p} == {}


def test_the_first_run_help_card_reads_well(app, monkeypatch, measured):
    from_the_menu(app, monkeypatch)
    settle(app, 0.3)
    frame = drawn(app)
    assert {"How to play Minesweeper", "1 2 3 4, G", "level, custom, no-guess"} <= words(frame)
    assert problems(frame) == []


def test_the_check_can_fail(app, measured):
    """Small, pale and overlapping text is caught."""
    from arcade.engine.ui.text import render

    frame = Canvas(app.size)
    frame.fill((250, 248, 239))
    frame.blit(render("tiny", 12, (60, 52, 46)), (10, 10))
    frame.blit(render("pale", 20, (238, 228, 218)), (10, 100))
    frame.blit(render("one", 20, (60, 52, 46)), (10, 200))
    frame.blit(render("two", 20, (60, 52, 46)), (20, 204))
    bad = problems(frame)
    assert any(b.startswith("'tiny' at 12 px") for b in bad) and any(b.startswith("'pale': ") for b in bad)
    assert "'one' overlaps 'two'" in bad


@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
def test_the_hud_and_picker_read_on_each_level(app, game, measured, level):
    s = game
    frames(app, 1, events=[key({"beginner": pygame.K_1, "intermediate": pygame.K_2, "expert": pygame.K_3}[level])])
    s.elapsed = 999.95  # the widest time the timer shows
    frames(app, 1, events=click(s.view.layout.cell_rect(3, 3).center))
    s.elapsed = 999.95
    frame = drawn(app)
    assert {"999.9", "s", "Beginner", "No-guess"} <= words(frame) and problems(frame) == []
