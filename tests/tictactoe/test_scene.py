"""The tic-tac-toe scene by synthetic clicks, taps and keys on real frames: a win line on screen (pixels), the AI's
replies through the worker, undo, swap, the chooser, results and streak in the profile, save and continue, the demo.

The worker runs as a thread here (the same protocol, no process start per test). Loops that wait for the AI have a
generous deadline only as a guard against a hang: nothing asserts how long anything took."""

import pygame
import pytest

from arcade.tictactoe import ID, STREAK_KEY, stats
from arcade.tictactoe import ai_client, screens
from arcade.tictactoe import scene as sc
from arcade.tictactoe.backend import Params
from arcade.engine.ui import colors
from arcade.tictactoe.view import LINE_RED, LINE_SECONDS, WHITE_STONE
from helpers import click, frames, key, settle, tap, until


@pytest.fixture(autouse=True)
def thread_worker(monkeypatch):
    monkeypatch.setattr(ai_client, "WORKER_MODE", "thread")


def Match(variant="3x3", opponent="ai", human="X", level="perfect", moves=()):
    """A new game's parameters (as the chooser makes them) and the moves to set it up with."""
    return Params(variant, opponent, human, level), list(moves)


def setup(s, moves, by=None):
    """Play ``moves`` into the scene's game, each by the side whose turn it is (the person or the AI)."""
    from arcade.engine.session import DEMO, OPPONENT, PLAYER

    for cell in moves:
        who = by or (OPPONENT if s.match.ai == s.match.to_move else PLAYER)
        assert s.session.play(cell, by=who)


def begin(s, match):
    params, moves = match
    s.start(params)
    setup(s, moves)


def start(app, match=None, **kw):
    app.profile.set("help.tictactoe", True)  # the first-launch help card is the help tests' business
    s = sc.TicTacToeScene(app, params=match[0], **kw) if match is not None else sc.TicTacToeScene(app, **kw)
    if match is not None:
        setup(s, match[1])
    app.stack.reset(s, fade=False)
    frames(app, 1)
    return s


def play(app, s, *cells):
    for r, c in cells:
        frames(app, 1, events=click(s.view.center(r, c)))


def red(app, xy) -> bool:
    return tuple(app.screen.get_at((round(xy[0]), round(xy[1]))))[:3] == LINE_RED


def between(s, a, b):
    (x0, y0), (x1, y1) = s.view.center(*a), s.view.center(*b)
    return (x0 + x1) / 2, (y0 + y1) / 2


def test_clicks_to_a_win_line_drawn_on_screen(app):
    s = start(app, Match("3x3", "friend"))
    play(app, s, (0, 0), (1, 0), (0, 1), (1, 1))
    assert not s.match.over and not red(app, between(s, (0, 0), (0, 1)))
    play(app, s, (0, 2))
    assert s.match.winner == "X" and s.match.win_line == ((0, 0), (0, 2))
    settle(app, LINE_SECONDS + 0.1)  # the line draws itself, then stays
    assert red(app, between(s, (0, 0), (0, 1))) and red(app, between(s, (0, 1), (0, 2)))
    assert not red(app, between(s, (1, 0), (1, 1)))  # only the winning row is struck through
    assert s.status()[0] == "Player 1 (X) wins!"
    assert app.profile.history(ID)[-1]["result"] == "X"  # a friends' game is recorded, not as a win against the AI


def test_gomoku_five_by_clicks_and_its_line(app):
    s = start(app, Match("gomoku", "friend"))
    for i in range(4):
        play(app, s, (7, 3 + i), (8, 3 + i))
    play(app, s, (7, 7))
    assert s.match.winner == "X" and s.match.win_line == ((7, 3), (7, 7))
    settle(app, LINE_SECONDS + 0.1)
    assert red(app, between(s, (7, 4), (7, 5)))
    assert not red(app, between(s, (8, 4), (8, 5)))


def test_arrows_move_the_cursor_and_enter_or_space_places(app):
    s = start(app, Match("4x4", "friend"))
    frames(app, 1, events=[key(pygame.K_RIGHT)])  # the first arrow shows the cursor in the middle
    assert s.cursor == (2, 2) and not s.match.moves
    frames(app, 1, events=[key(pygame.K_UP), key(pygame.K_LEFT), key(pygame.K_LEFT), key(pygame.K_RETURN)])
    assert s.match.moves == [(1, 0)]
    frames(app, 1, events=[key(pygame.K_LEFT), key(pygame.K_SPACE)])  # wraps around the edge
    assert s.match.moves == [(1, 0), (1, 3)] and s.match.rows[1] == "X..O"
    frames(app, 1, events=[key(pygame.K_SPACE)])  # a taken cell: nothing happens
    assert len(s.match.moves) == 2


def test_a_touch_tap_places_and_the_mouse_previews(app):
    s = start(app, Match("3x3", "friend"))
    from helpers import mouse_move

    frames(app, 1, events=[mouse_move(s.view.center(2, 2))])
    snap = s.snapshot()
    assert snap.hover == (2, 2) and snap.hover_piece == "X"
    frames(app, 1, events=tap(*s.view.center(0, 1)))
    assert s.match.moves == [(0, 1)]


def test_the_ai_replies_and_undo_takes_back_the_pair(app):
    s = start(app, Match("3x3", "ai", "X", "perfect"))
    play(app, s, (0, 0))
    assert s.ai_turn and "thinking" in s.status()[0]
    until(app, lambda: len(s.match.moves) == 2)
    assert s.match.moves[1] == (1, 1)  # the only reply to a corner that does not lose
    assert s.status()[0] == "Your turn (X)"
    frames(app, 1, events=[key(pygame.K_u)])
    assert s.match.moves == []
    play(app, s, (2, 2))
    frames(app, 1, events=[key(pygame.K_z, mod=pygame.KMOD_LCTRL)])  # while the AI thinks: just my move
    assert s.match.moves == [] and s.human_turn


def test_swap_sides_hands_the_move_to_the_ai(app):
    s = start(app, Match("3x3", "ai", "X", "perfect"))
    frames(app, 1, events=click(screens.button_rect("swap").center))
    assert s.match.human == "O" and s.ai_turn and app.profile.get("tictactoe.side") == "O"
    until(app, lambda: len(s.match.moves) == 1)
    assert s.human_turn


def test_the_perfect_ai_never_loses_and_results_are_kept(app):
    s = start(app, Match("3x3", "ai", "X", "perfect"))
    for cell in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2), (1, 1)]:
        if s.match.over:
            break
        if s.match.legal(*cell):
            play(app, s, cell)
            until(app, lambda: s.match.over or s.human_turn)
    until(app, lambda: s.match.over)
    res = s.match.result()
    assert res in ("draw", "loss")
    rec = app.profile.history(ID)[-1]
    assert (rec["variant"], rec["level"], rec["side"], rec["result"]) == ("3x3", "perfect", "X", res)
    assert "Perfect" in s.results_line() and ("1 drawn" in s.results_line() or "1 lost" in s.results_line())
    charts = stats(app.profile.history(ID))
    assert charts[1].rows[1 if res == "draw" else 2][1] == 1
    assert charts[0].rows[0][0] == f"3 x 3: 0 won, {int(res == 'draw')} drawn, {int(res == 'loss')} lost"


def test_a_win_extends_the_streak_kept_as_the_best(app):
    s = start(app, Match("3x3", "ai", "X", "easy"))
    for n in (1, 2):
        begin(s, Match("3x3", "ai", "X", "easy", moves=[(0, 0), (1, 0), (0, 1), (1, 1)]))
        play(app, s, (0, 2))
        assert s.match.result() == "win" and s.streak() == n
    assert app.profile.best(STREAK_KEY) == 2
    begin(s, Match("3x3", "ai", "O", "perfect", moves=[(0, 0), (1, 0), (0, 1), (1, 1)]))
    until(app, lambda: s.match.over)  # the AI (X) completes its row
    assert s.match.result() == "loss" and s.streak() == 0 and app.profile.best(STREAK_KEY) == 2


def test_a_finished_board_plays_again_on_a_click_or_enter(app):
    s = start(app, Match("3x3", "friend", moves=[(0, 0), (1, 0), (0, 1), (1, 1)]))
    play(app, s, (0, 2))
    assert s.match.over
    play(app, s, (2, 2))
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert s.match.over  # a click or Enter right at the end does not throw the finished board away
    settle(app, sc.END_GRACE)
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert not s.match.over and not s.match.moves and s.match.variant == "3x3"
    begin(s, Match("3x3", "friend", moves=[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]))
    settle(app, sc.END_GRACE)
    play(app, s, (2, 2))
    assert not s.match.over and not s.match.moves


def test_save_after_each_move_and_continue(app):
    s = start(app, Match("4x4", "friend"))
    play(app, s, (0, 0), (3, 3))
    from arcade.engine.session import Session
    from arcade.tictactoe.backend import BACKEND

    assert Session.from_dict(BACKEND, app.profile.saved_game(f"{ID}/4x4")).state.moves == ((0, 0), (3, 3))
    s2 = sc.make_scene(app, resume=True)
    assert s2.match.moves == [(0, 0), (3, 3)] and s2.match.variant == "4x4" and s2.chooser is None
    play(app, s, (1, 1), (2, 2), (0, 1), (2, 1), (0, 2), (2, 0), (0, 3))
    assert s.match.over and app.profile.saved_game(f"{ID}/4x4") is None  # a finished game is not continued


def test_a_bad_save_is_set_aside_and_a_new_game_offered(app):
    app.profile.save_game(ID, {"variant": "3x3", "opponent": "friend", "human": "X", "level": "easy",
                               "moves": [[1, 1], [1, 1]]})
    s = sc.make_scene(app, resume=True)
    assert s.match.moves == [] and s.chooser is not None and app.profile.saved_game(ID) is None


def test_the_chooser_sets_board_opponent_side_level_and_starts(app):
    app.profile.set("help.tictactoe", True)
    s = sc.make_scene(app)
    app.stack.reset(s, fade=False)
    frames(app, 1)
    ch = s.chooser
    assert ch is not None and ch.keys() == ["variant", "opponent", "side", "level", "start"]
    frames(app, 1, events=[key(pygame.K_RETURN)])  # Enter on a row steps it, as a click does: 3x3 -> 4x4
    assert app.profile.get("tictactoe.variant") == "4x4" and s.chooser is ch
    frames(app, 1, events=[key(pygame.K_RIGHT)])  # Board: 4x4 -> Gomoku
    assert app.profile.get("tictactoe.variant") == "gomoku"
    frames(app, 1, events=[key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RIGHT)])  # You play: O
    frames(app, 1, events=[key(pygame.K_DOWN), key(pygame.K_LEFT)])  # level: medium -> easy
    frames(app, 1, events=[key(pygame.K_DOWN), key(pygame.K_RETURN)])
    m = s.match
    assert s.chooser is None and (m.variant, m.opponent, m.human, m.level) == ("gomoku", "ai", "O", "easy")
    until(app, lambda: len(s.match.moves) == 1)  # the AI opens as X
    frames(app, 1, events=[key(pygame.K_c)])
    assert s.chooser is not None
    frames(app, 1, events=[key(pygame.K_ESCAPE)])  # closes the card, the game goes on
    assert s.chooser is None and len(s.match.moves) == 1


def test_cli_options_skip_the_chooser(app):
    s = sc.make_scene(app, variant="4x4", level="hard", side="O")
    assert s.chooser is None and (s.match.variant, s.match.level, s.match.human) == ("4x4", "hard", "O")
    s = sc.make_scene(app, variant="gomoku", friend=True)
    assert s.match.opponent == "friend"


def test_esc_pauses_with_restart(app):
    s = start(app, Match("3x3", "friend", moves=[(0, 0)]))
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    pause = app.stack.top
    assert pause is not s and "restart" in pause.keys()
    pause.list.selected = pause.keys().index("restart")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    frames(app, 2)
    assert app.stack.top is s and s.match.moves == []


def test_the_demo_plays_both_sides_and_saves_nothing(app):
    d = sc.make_demo(app)
    app.stack.reset(d, fade=False)
    frames(app, 1)
    assert d.match.variant == "gomoku" and d.ai_turn and d.chooser is None
    until(app, lambda: len(d.match.moves) >= 3)
    frames(app, 1, events=[key(pygame.K_u), key(pygame.K_s)])  # nothing a person types changes the demo's game
    assert len(d.match.moves) >= 3
    assert app.profile.saved_game(ID) is None and app.profile.history(ID) == []
    d.start(Params("3x3", "friend"))
    setup(d, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], by="demo")
    assert d.match.over
    d.demo_wait = sc.DEMO_RESTART
    frames(app, 1)
    assert d.match.variant == "3x3" and not d.match.over  # the next board in the rotation
    d.exit()


@pytest.mark.parametrize("event, intent", [
    (key(pygame.K_n), "new"), (key(pygame.K_s), "swap"), (key(pygame.K_BACKSPACE), "undo"),
    (key(pygame.K_z, mod=pygame.KMOD_CTRL), "undo"), (key(pygame.K_c), "choose"), (key(pygame.K_KP_ENTER), "place"),
    (key(pygame.K_s, mod=pygame.KMOD_CTRL), None), (key(pygame.K_q), None)])
def test_key_intents(event, intent):
    assert sc.intent_of(event) == intent


def test_warm_steps_prepare_every_board_for_the_first_frame(app):
    from arcade.tictactoe import view

    view._ART.clear()
    steps = list(sc.warm_steps(app))
    assert len(steps) >= 3 * 5
    for size in (3, 4, 15):
        v = view.BoardView(size)
        assert (v._key, "board") in view._ART and (v._key, "O", view.PREVIEW_ALPHA) in view._ART


@pytest.mark.parametrize("variant", ["3x3", "4x4", "gomoku"])
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "perfect"])
def test_every_board_against_every_level_by_mouse_and_keys(app, variant, level):
    """Turns alternate by clicks and by arrows + Enter, the AI answers every one with a legal move; the small
    boards are played to the end (the perfect level never loses), Gomoku for a few turns (the AI time setting at 0.5 s)."""
    import random

    app.profile.set("tictactoe.think", 0.5)
    s = start(app, Match(variant, "ai", "X", level))
    rng = random.Random(f"{variant}{level}")
    turns = 0
    while not s.match.over and turns < (3 if variant == "gomoku" else 16):
        empty = [(r, c) for r in range(s.match.size) for c in range(s.match.size) if s.match.legal(r, c)]
        if variant == "gomoku":
            empty = [(r, c) for r, c in empty if abs(r - 7) <= 2 and abs(c - 7) <= 2]
        target = rng.choice(empty)
        n = len(s.match.moves)
        if turns % 2:
            play(app, s, target)
        else:  # walk the cursor there with the arrows
            frames(app, 1, events=[key(pygame.K_RIGHT)])
            while s.cursor != target:
                dr, dc = target[0] - s.cursor[0], target[1] - s.cursor[1]
                k = pygame.K_DOWN if dr > 0 else pygame.K_UP if dr < 0 else pygame.K_RIGHT if dc > 0 else pygame.K_LEFT
                frames(app, 1, events=[key(k)])
            frames(app, 1, events=[key(pygame.K_RETURN)])
        assert s.match.moves[n] == target
        until(app, lambda: s.match.over or s.human_turn)
        turns += 1
    if variant != "gomoku":
        assert s.match.over
        if level == "perfect":
            assert s.match.result() != "win"


def test_h_shows_the_ai_move_for_the_player_and_playing_it_counts_as_assisted(app):
    from arcade.engine.session import HINT

    s = start(app, Match("3x3", "friend", moves=[(0, 0), (1, 0), (0, 1), (1, 1)]))
    frames(app, 1, events=[key(pygame.K_h)])
    until(app, lambda: s.hint is not None)
    assert s.hint == (0, 2)  # X wins there
    assert s.snapshot().hint == (0, 2) and s.session.hints == 1
    frames(app, 1)
    x, y = s.view.center(0, 2)
    ring = [tuple(app.screen.get_at((round(x + s.view.cell * f), round(y))))[:3] for f in (0.46, 0.48, 0.50, 0.52, 0.54)]
    assert tuple(sc.colors.GOLD[:3]) in ring  # the gold ring around the cell
    play(app, s, (0, 2))
    assert s.match.over and s.session.line[-1][1] == HINT
    record = app.profile.history(ID)[-1]
    assert record.get("hints", 0) >= 1 or record.get("assisted")


def test_h_is_refused_while_the_ai_moves_and_a_hint_goes_when_the_board_changes(app):
    s = start(app, Match("3x3", "ai", human="O"))  # the AI (X) moves first
    assert s.ai_turn
    frames(app, 1, events=[key(pygame.K_h)])
    assert s.hint_asked is None
    until(app, lambda: s.human_turn)
    frames(app, 1, events=[key(pygame.K_h)])
    until(app, lambda: s.hint is not None)
    frames(app, 1, events=[key(pygame.K_u)])  # an undo takes the hint away with the position it was for
    assert s.hint is None and s.snapshot().hint is None


def test_gomoku_marks_fours_and_open_threes_of_both_sides_and_the_setting_turns_them_off(app):
    moves = [(7, 5), (3, 3), (7, 6), (3, 4), (7, 7), (3, 5), (0, 14), (3, 6)]  # black's open three, white's four
    s = start(app, Match("gomoku", "friend", moves=moves))
    kinds = {(t.side, t.kind) for t in s.snapshot().threats}
    assert kinds == {("X", "open three"), ("O", "open four")}
    frames(app, 1)
    x, y = s.view.center(3, 7)  # white's winning cell: a red diamond
    assert tuple(app.screen.get_at((round(x), round(y))))[:3] == sc_view().THREAT_FOUR
    app.set_setting("tictactoe.threats", False)
    assert s.snapshot().threats == ()


def sc_view():
    from arcade.tictactoe import view

    return view


def test_threat_marks_take_the_colour_blind_safe_colours(app):
    moves = [(7, 5), (3, 3), (7, 6), (3, 4), (7, 7), (3, 5), (0, 14), (3, 6)]
    s = start(app, Match("gomoku", "friend", moves=moves))
    app.set_setting("colour_safe", True)
    frames(app, 1)
    x, y = s.view.center(3, 7)
    assert tuple(app.screen.get_at((round(x), round(y))))[:3] == sc_view().SAFE_FOUR


@pytest.mark.parametrize("last", [(7, 5), (7, 7)], ids=["middle", "end"])
def test_the_last_move_shows_above_gomokus_winning_line(app, last):
    """The winning stone is the last move: its mark stays visible over the red line, in the middle of the five or
    at its end, and a gold ring round the stone shows beside the line."""
    s = start(app, Match("gomoku", "friend"))
    row = [(7, c) for c in range(3, 8) if (7, c) != last]
    for i, cell in enumerate(row):
        play(app, s, cell, (9, 3 + i))
    play(app, s, last)
    assert s.match.winner == "X" and s.match.win_line == ((7, 3), (7, 7))
    settle(app, LINE_SECONDS + 0.1)
    x, y = s.view.center(*last)
    assert red(app, between(s, (7, 3), (7, 4)))  # the line is drawn
    assert not red(app, (x, y)), "the line covers the last move's mark"
    assert tuple(app.screen.get_at((round(x), round(y))))[:3] == WHITE_STONE  # the mark, in the stone's contrast
    above = [tuple(app.screen.get_at((round(x), round(y - d))))[:3] for d in range(round(s.view.cell * 0.4),
                                                                               round(s.view.cell * 0.65))]
    assert colors.GOLD in above  # a ring round the stone, beside the line
