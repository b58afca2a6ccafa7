"""Tic-tac-toe, 4x4 and Gomoku in a wide window (800x480: the 840x560 canvas), by synthetic clicks, keys and real
frames: the board on the left at nearly full height with its marks where the clicks land, the buttons, the
chooser and the replay's controls in the column at its right doing what they say, every text readable and apart
(in English and in 简体中文: start, hint, game over, the chooser, an engine's thinking line, the replay), and a
window turned mid-game laying everything out again with the game, the AI's reply and the chooser kept.

The worker runs as a thread here (the same protocol, no process start per test)."""
import sys

import pygame
import pytest

from arcade.engine.app import MIN_LANDSCAPE, fit_canvas
from arcade.engine.ui.input import LANDSCAPE_SIZE, LOGICAL_SIZE
from arcade.tictactoe import ID
from arcade.tictactoe import ai_client, screens
from arcade.tictactoe import scene as sc
from arcade.tictactoe.view import BLACK_STONE, LINE_RED, LINE_SECONDS, board_rect
from helpers import click, frames, key, settle, tap, until
from readable import MIN_CONTRAST, MIN_PX, Canvas, drawn, install, overlapping

WIDE, TALL, BIG = (840, 560), (480, 800), (1280, 1000)  # WIDE: the landscape canvas's own shape


@pytest.fixture(autouse=True)
def thread_worker(monkeypatch):
    monkeypatch.setattr(ai_client, "WORKER_MODE", "thread")


@pytest.fixture
def measured(monkeypatch):
    install(monkeypatch)
    yield
    Canvas.meta.clear()


def wide_app(make_app, window=WIDE):
    app = make_app(window=window)
    app.profile.set("help.tictactoe", True)  # the first-launch help card is the help tests' business
    return app


def play_scene(app, **options):
    """The game as the menu opens it (``game.make_scene``), on the stack over the menu."""
    from arcade.shell.menu import MenuScene

    app.stack.reset(MenuScene(app), fade=False)
    s = app.registry[ID].make_scene(app, resume=False, **options)
    app.stack.push(s, fade=False)
    settle(app, 0.3)
    assert app.stack.top is s
    return s


def pixel(app, xy) -> tuple:
    return tuple(app.framed.get_at((round(xy[0]), round(xy[1]))))[:3]  # the scene lays out on the whole frame


def black_stone_at(app, view, cell) -> bool:
    """A black stone's own colour under the point's centre (below the last-move dot, right of the shine)."""
    x, y = view.center(*cell)
    near = [pixel(app, (x + dx, y + dy)) for dx in range(-4, 5, 2) for dy in (7, 9)]
    return sum(max(abs(a - b) for a, b in zip(p, BLACK_STONE)) <= 6 for p in near) >= 5


def unreadable(canvas, name="") -> list:
    """What the house's readability rules find wrong on a drawn landscape canvas (empty: nothing)."""
    scale = fit_canvas(MIN_LANDSCAPE, LANDSCAPE_SIZE).scale
    bad = [f"{name}: {p.text!r} {p.size} px" for p in canvas.pieces if p.size * scale < MIN_PX - 1e-9]
    bad += [f"{name}: {p.text!r} {p.colour} on {p.background} {p.contrast:.2f}:1" for p in canvas.pieces
            if p.contrast < MIN_CONTRAST]
    bad += [f"{name}: {p.text!r} runs off the canvas" for p in canvas.pieces if p.cut]
    bad += [f"{name}: {a!r} overlaps {b!r}" for a, b in overlapping(canvas)]
    return bad


def inside(rect, outer) -> bool:
    return pygame.Rect(outer).contains(rect)


# ----- the layout -----
def test_the_portrait_layout_is_unchanged_and_the_landscape_one_is_its_own():
    assert screens.layout_for(LOGICAL_SIZE) is screens.PORTRAIT and screens.layout_for(LANDSCAPE_SIZE) is screens.LANDSCAPE
    assert [screens.button_rect(n) for n in screens.BUTTONS] == [pygame.Rect(24 + i * 110, 650, 102, 52) for i in range(4)]
    assert screens.PORTRAIT.pause == screens.PAUSE_RECT and screens.PORTRAIT.cards == screens.CARDS
    assert board_rect(15) == pygame.Rect(15, 168, 450, 450) and board_rect(3) == pygame.Rect(30, 176, 420, 420)
    lay = screens.LANDSCAPE
    canvas = pygame.Rect((0, 0), LANDSCAPE_SIZE)
    for size in (3, 4, 15):
        board = lay.board(size)
        assert board.h >= 0.9 * canvas.h and inside(board.inflate(20, 20), canvas)  # the wood's rim too
        column = [lay.title, lay.pause, *lay.cards, lay.status, *lay.buttons.values(), lay.results, lay.keys]
        assert all(inside(r, canvas) and r.x > board.right + 10 for r in column)
    rects = [lay.title, lay.pause, *lay.cards, lay.status, *lay.buttons.values(), lay.results, lay.keys]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert set(lay.buttons) == {"undo", "hint", "new", "swap", "choose"}
    assert all(r.w >= 100 and r.h >= 44 for r in lay.buttons.values())  # a finger's size at the smallest window


def test_gomoku_fills_the_height_and_a_click_puts_a_stone_where_it_lands(make_app):
    app = wide_app(make_app)
    s = play_scene(app, variant="gomoku", friend=True)
    assert app.size == LANDSCAPE_SIZE and s.layout is screens.LANDSCAPE
    assert s.view.rect.h >= 0.9 * 560 and s.view.cell >= 34 and s.view.rect == board_rect(15, landscape=True)
    frames(app, 1, events=click(s.view.center(7, 7)))
    assert s.match.rows[7][7] == "X"
    settle(app, 0.3)
    assert black_stone_at(app, s.view, (7, 7)) and not black_stone_at(app, s.view, (6, 7))  # where the click was
    # the keyboard too: the cursor from the last stone, one step right, placed
    frames(app, 1, events=[key(pygame.K_RETURN)])
    frames(app, 1, events=[key(pygame.K_RIGHT), key(pygame.K_RETURN)])
    assert s.match.rows[7][8] == "O"


def test_the_buttons_in_the_column_do_what_they_say(make_app):
    app = wide_app(make_app)
    s = play_scene(app, variant="3x3", level="perfect", side="X")
    b = s.layout.buttons
    assert s.chooser is None and s.human_turn
    frames(app, 1, events=click(b["hint"].center))
    until(app, lambda: s.hint is not None)
    assert s.match.legal(*s.hint)
    frames(app, 1, events=click(s.view.center(*s.hint)))
    until(app, lambda: len(s.match.moves) == 2)  # the AI replied
    frames(app, 1, events=click(b["undo"].center))
    assert s.match.moves == [] and s.human_turn
    frames(app, 1, events=click(b["swap"].center))
    assert s.match.human == "O"
    until(app, lambda: len(s.match.moves) == 1)  # the AI now plays X
    frames(app, 1, events=click(b["new"].center))
    assert s.match.moves == [] and s.human_turn  # the side the game began with
    frames(app, 1, events=click(b["choose"].center))
    assert s.chooser is not None and s.chooser.card.x > 840 // 2 - 40
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert s.chooser is None
    frames(app, 1, events=click(s.layout.pause.center))
    settle(app, 0.3)
    assert app.stack.top is not s and type(app.stack.top).__name__ == "PauseOverlay"


def test_a_finger_plays_and_presses_the_column_buttons(make_app):
    app = wide_app(make_app)
    s = play_scene(app, variant="4x4", friend=True)
    frames(app, 1, events=tap(*s.view.center(3, 0), logical=LANDSCAPE_SIZE))
    frames(app, 1, events=tap(*s.view.center(0, 3), logical=LANDSCAPE_SIZE))
    assert s.match.rows[3][0] == "X" and s.match.rows[0][3] == "O"
    frames(app, 1, events=tap(*s.layout.buttons["undo"].center, logical=LANDSCAPE_SIZE))
    assert s.match.moves == [(3, 0)]


def test_the_chooser_sits_at_the_right_and_its_rows_and_start_work(make_app):
    app = wide_app(make_app)
    app.profile.set("tictactoe.variant", "3x3")
    s = play_scene(app)  # no variant asked: the game starts on the chooser
    ch = s.chooser
    assert ch is not None and inside(ch.card, ((0, 0), LANDSCAPE_SIZE)) and ch.card.centerx > 560
    assert ch.dim.surface.get_size() == app.framed.get_size()
    assert all(inside(ch.list.item_rect(i), ch.card) for i in range(len(ch.list.items)))
    variant = ch.list.item_rect(ch.keys().index("variant"))
    frames(app, 1, events=click((variant.right - 20, variant.centery)))
    assert app.profile.get("tictactoe.variant") == "4x4"
    frames(app, 1, events=click(ch.list.item_rect(ch.keys().index("start")).center))
    assert s.chooser is None and s.match.variant == "4x4" and s.view.size == 4
    assert s.view.rect == board_rect(4, landscape=True)
    frames(app, 1, events=click(s.view.center(3, 3)))
    assert s.match.rows[3][3] == "X"


@pytest.mark.parametrize("text", [1.0, 1.5], ids=["text100", "text150"])
def test_every_landscape_screen_of_the_game_is_readable_in_english_and_chinese(make_app, measured, tmp_path, text):
    from arcade.engine import i18n

    app = wide_app(make_app)
    app.set_setting("text_size", text)
    bad, seen = [], 0
    try:
        for lang in ("en", "zh"):
            app.set_setting("language", lang)
            app.profile.set("tictactoe.threats", True)
            s = play_scene(app)  # the chooser
            shots = [("chooser", drawn(app))]
            s = play_scene(app, variant="gomoku", level="easy")
            for cell in ((7, 7), (7, 8), (7, 9)):
                until(app, lambda: s.human_turn)
                frames(app, 1, events=click(s.view.center(*cell) if s.match.rows[cell[0]][cell[1]] == "."
                                            else s.view.center(cell[0] + 2, cell[1])))
            until(app, lambda: s.human_turn)
            shots.append(("gomoku", drawn(app)))
            frames(app, 1, events=[key(pygame.K_h)])
            shots.append(("looking for a hint", drawn(app)))
            until(app, lambda: s.hint is not None)
            shots.append(("hint", drawn(app)))
            s = play_scene(app, variant="3x3", friend=True)
            for cell in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)):
                frames(app, 1, events=click(s.view.center(*cell)))
            settle(app, 0.5)
            assert s.match.over
            shots.append(("game over", drawn(app)))
            s = play_scene(app, variant="4x4", level="perfect")
            until(app, lambda: s.human_turn)
            shots.append(("4x4", drawn(app)))
            for name, canvas in shots:
                assert canvas.get_size() == LANDSCAPE_SIZE
                seen += len(canvas.pieces)
                bad += unreadable(canvas, f"{lang} {name}")
    finally:
        i18n.set_language("en")
    assert seen > 60
    assert not bad, "\n".join(bad)


def test_an_engines_long_thinking_line_wraps_in_the_column(make_app, measured, tmp_path):
    """An external engine's own words (as long as it likes) in at most two lines of readable text."""
    words = "depth 14 eval +0.35 nodes 1234567 nps 890123 pv h8 i9 g7 j10 f6 e5 d4 c3 b2 a1 and on and on"
    exe = tmp_path / "pbrain-chatty"
    exe.write_text(f"#!/bin/sh\nexec {sys.executable} -c '\n"
                   "import sys\n"
                   "for line in sys.stdin:\n"
                   "    w = line.strip().split(\" \")[0].upper()\n"
                   "    if w == \"START\": print(\"OK\", flush=True)\n"
                   f"    elif w in (\"BEGIN\", \"TURN\", \"BOARD\"): print(\"MESSAGE {words}\", flush=True)\n"
                   "    elif w == \"END\": break\n'\n")
    exe.chmod(0o755)
    app = wide_app(make_app)
    app.profile.set("tictactoe.side", "X")
    s = play_scene(app, engine=str(exe))
    frames(app, 1, events=click(s.view.center(7, 7)))
    until(app, lambda: s.engine is not None and s.engine.messages, guard=20)
    frames(app, 1)
    text, _ = s.status()
    assert words in text
    canvas = drawn(app)
    status = [p for p in canvas.pieces if s.layout.status.contains(p.rect)]
    assert 1 <= len(status) <= 2 and status[0].text.startswith("pbrain-chatty")
    assert not unreadable(canvas, "engine")


# ----- turning the window -----
def test_turning_the_window_mid_game_lays_out_again_and_keeps_the_game(make_app):
    app = wide_app(make_app)
    s = play_scene(app, variant="gomoku", friend=True)
    for cell in ((7, 7), (8, 8), (7, 8)):
        frames(app, 1, events=click(s.view.center(*cell)))
    frames(app, 1, events=[key(pygame.K_RIGHT)])  # the keyboard cursor shows
    cursor, moves, t = s.cursor, list(s.match.moves), s.t
    assert cursor is not None
    app.window.size = TALL
    frames(app, 2)
    # (the window keeps the wide one's least width: the portrait layout placed in a wider frame)
    portrait = screens.PORTRAIT.placed(app.frame_size)
    assert app.size == LOGICAL_SIZE and app.stack.top is s and s.layout is portrait
    assert s.view.rect == portrait.board(15) and s.match.moves == moves and s.cursor == cursor and s.t > t
    frames(app, 1, events=click(portrait.buttons["undo"].center))  # the portrait button: one move back
    assert s.match.moves == moves[:-1]
    frames(app, 1, events=click(s.view.center(0, 0)))  # a portrait cell
    assert s.match.rows[0][0] == "X"
    app.window.size = BIG
    frames(app, 2)
    wide = screens.LANDSCAPE.placed(app.frame_size)
    assert app.size == LANDSCAPE_SIZE and s.layout is wide and s.view.rect == wide.board(15)
    frames(app, 1, events=click(s.view.center(14, 14)))
    assert s.match.rows[14][14] == "O" and len(s.match.moves) == 4
    settle(app, 0.3)
    assert black_stone_at(app, s.view, (0, 0))  # the stones are drawn at the landscape board's points


def test_the_ais_reply_and_the_chooser_survive_a_turn(make_app):
    app = wide_app(make_app)
    s = play_scene(app, variant="3x3", level="perfect", side="X")
    frames(app, 1, events=click(s.view.center(1, 1)))
    assert s.ai_turn
    app.window.size = TALL
    frames(app, 2)
    until(app, lambda: len(s.match.moves) == 2)  # the reply asked before the turn still lands
    assert s.human_turn
    frames(app, 1, events=click(s.layout.buttons["choose"].center))
    assert s.chooser is not None and s.chooser.card == screens.PORTRAIT.placed(app.frame_size).chooser
    app.window.size = WIDE
    frames(app, 2)
    ch = s.chooser
    assert ch is not None and ch.card == screens.LANDSCAPE.placed(app.frame_size).chooser
    assert ch.dim.surface.get_size() == app.framed.get_size()
    assert inside(ch.list.item_rect(len(ch.list.items) - 1), ch.card)
    frames(app, 1, events=click(ch.list.item_rect(ch.keys().index("start")).center))
    assert s.chooser is None and s.match.moves == []


def test_a_finished_game_turned_keeps_its_line_and_plays_again_from_the_column(make_app):
    app = wide_app(make_app, BIG)
    s = play_scene(app, variant="3x3", friend=True)
    for cell in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)):
        frames(app, 1, events=click(s.view.center(*cell)))
    settle(app, LINE_SECONDS + 0.1)
    (x0, y0), (x1, y1) = s.view.center(0, 0), s.view.center(0, 1)
    assert pixel(app, ((x0 + x1) / 2, (y0 + y1) / 2)) == LINE_RED
    app.window.size = TALL
    frames(app, 2)
    (x0, y0), (x1, y1) = s.view.center(0, 0), s.view.center(0, 1)
    assert s.match.winner == "X" and pixel(app, ((x0 + x1) / 2, (y0 + y1) / 2)) == LINE_RED
    app.window.size = WIDE
    frames(app, 2)
    frames(app, 1, events=click(s.layout.buttons["new"].center))  # "Again"
    assert not s.match.over and s.match.moves == []


# ----- the replay -----
def finished_friends_game(app):
    s = play_scene(app, variant="3x3", friend=True)
    for cell in ((0, 0), (1, 0), (2, 2), (0, 1), (1, 1)):
        frames(app, 10, events=click(s.view.center(*cell)))
    assert s.match.winner == "X" and app.replays.flush()
    (rec,) = app.replays.list(ID)
    return rec


def shown_replay(app, rec):
    from arcade.tictactoe.replay_scene import make_replay

    r = make_replay(app, rec)
    app.stack.push(r, fade=False)
    until(app, lambda: r.ready and r.drawn, guard=10)
    return r


def test_the_replay_in_a_wide_window_has_its_controls_in_the_column(make_app, measured):
    from arcade.tictactoe import replay_scene as rs

    app = wide_app(make_app)
    r = shown_replay(app, finished_friends_game(app))
    assert r.hooks.view.rect == board_rect(3, True) and r.BUTTONS is rs.WIDE.buttons and r.TIMELINE is rs.WIDE.timeline
    assert all(b.x > r.hooks.view.rect.right + 20 for b in r.BUTTONS.values())
    frames(app, 1, events=click(r.BUTTONS["play"].center))  # pause
    assert not r.playing
    frames(app, 1, events=[key(pygame.K_HOME)])
    assert r.i == 0
    frames(app, 1, events=click(r.BUTTONS["fwd"].center) + click(r.BUTTONS["fwd"].center))
    assert r.i == 2
    frames(app, 1, events=click(r.BUTTONS["back"].center))
    assert r.i == 1
    frames(app, 1, events=click(r.BUTTONS["speed"].center))
    assert r.speed == 2.0
    tl = r.TIMELINE
    frames(app, 1, events=click((tl.right - 1, tl.centery)))
    assert r.i == r.last
    settle(app, LINE_SECONDS + 0.1)
    (x0, y0), (x1, y1) = r.hooks.view.center(0, 0), r.hooks.view.center(1, 1)
    assert pixel(app, ((x0 + x1) / 2, (y0 + y1) / 2)) == LINE_RED
    bad = unreadable(drawn(app), "replay end")
    frames(app, 1, events=click(r.BUTTONS["back"].center))
    bad += unreadable(drawn(app), "replay")
    from arcade.engine import i18n

    try:
        app.set_setting("language", "zh")
        frames(app, 1)
        bad += unreadable(drawn(app), "zh replay")
    finally:
        i18n.set_language("en")
    assert not bad, "\n".join(bad)
    app.window.size = TALL  # turned: the portrait controls and board, the replay where it was
    frames(app, 2)
    i = r.i
    assert r.BUTTONS is rs.BUTTONS and r.TIMELINE is rs.TIMELINE and r.hooks.view.rect == board_rect(3)
    frames(app, 1, events=click(rs.BUTTONS["back"].center))
    assert r.i == i - 1
