"""The Minesweeper scene driven by synthetic events and real frames, checked by pixels: open, flag, chord (click,
both buttons, middle, Enter), win, loss, keys, touch, save and continue, hint, odds overlay, autoplay, no-guess
boards, the demo and `arcade play`."""
import re

import pygame
import pytest

from arcade import cli
from arcade.engine.worker import Reply, resolve
from arcade.minesweeper import best_key, scene as sc, view as vw
from arcade.minesweeper.backend import Params
from arcade.minesweeper.field import Field
from helpers import click, finger, frames, key, mouse_down, mouse_move, mouse_up, settle


class SyncWorker:
    """A worker that answers at once in this process (the real one is a process: tested in tests/engine)."""

    made: list = []

    def __init__(self, fn):
        self.fn = resolve(fn)
        self.reply = None
        self.rid = 0
        self.requests = []
        SyncWorker.made.append(self)

    def request(self, *args, budget=None, **kwargs):
        self.rid += 1
        self.requests.append((args, kwargs))
        try:
            self.reply = Reply(self.rid, self.fn(*args, **kwargs))
        except Exception as e:  # noqa: BLE001 - like the real worker: an error reply
            self.reply = Reply(self.rid, error=f"{type(e).__name__}: {e}")
        return self.rid

    def poll(self):
        r, self.reply = self.reply, None
        return r

    def close(self):
        pass


LAYOUT = ["*....",
          ".....",
          ".....",
          "...*.",
          "....."]


def fixed(layout=LAYOUT, first=(1, 1), no_guess=False):
    """The 5 x 5 field above opened at ``first`` (by default the 1 next to the corner mine: nothing floods): the
    game's parameters and its first open, which carries the layout."""
    rows, cols = len(layout), len(layout[0])
    mines = tuple(r * cols + c for r, line in enumerate(layout) for c, ch in enumerate(line) if ch == "*")
    return Params(rows, cols, len(mines), "safe", no_guess), ("O", first[0] * cols + first[1], 0, mines)


def start(app, field=None, **kw):
    app.profile.set("help.minesweeper", True)  # no first-launch card
    if isinstance(field, Field):  # an untouched field of that size (the seed deals it)
        field = (Params(field.rows, field.cols, field.mines, field.rule), None)
    if field is None:
        s = sc.MinesScene(app, make_worker=SyncWorker, **kw)
    else:
        params, first = field
        s = sc.MinesScene(app, params=params, make_worker=SyncWorker, **kw)
        if first is not None:
            assert s.session.play(first)
            s._start()
    app.stack.reset(s, fade=False)
    frames(app, 1)
    return s


def centre(s, r, c):
    return s.view.layout.cell_rect(r, c).center


def at(s, r, c, fx, fy):
    """The screen colour at a fraction (fx, fy) of cell (r, c)."""
    rect = s.view.layout.cell_rect(r, c)
    return tuple(s.app.screen.get_at((int(rect.x + fx * rect.w), int(rect.y + fy * rect.h))))[:3]


def shown(app, s, seconds=0.6):
    settle(app, seconds)
    s.view.finish()
    frames(app, 1)


def test_click_opens_and_the_pixels_change(app):
    s = start(app, fixed())
    assert at(s, 0, 4, 0.25, 0.75) == vw.COVERED
    frames(app, 1, events=[mouse_down(centre(s, 0, 4))])
    assert s.view.pressed == {(0, 4)} and s.face() == "oh"
    frames(app, 1, events=[mouse_up(centre(s, 0, 4))])
    shown(app, s)
    assert s.field.is_open(0, 4) and at(s, 0, 4, 0.25, 0.75) == vw.OPENED
    assert s.field.state == "playing" and s.face() == "smile"


def test_right_click_flags_and_the_counter_counts(app):
    s = start(app, fixed())
    frames(app, 1, events=click(centre(s, 0, 0), 3))
    shown(app, s)
    assert s.field.mark(0, 0) == 1 and s.field.mines_left == 1
    assert at(s, 0, 0, 0.45, 0.38) == vw.FLAG_RED
    frames(app, 1, events=click(centre(s, 0, 0), 1))  # a flagged cell does not open
    assert not s.field.is_open(0, 0)
    frames(app, 1, events=click(centre(s, 0, 0), 3))
    shown(app, s)
    assert s.field.mark(0, 0) == 0 and at(s, 0, 0, 0.45, 0.38) == vw.COVERED


@pytest.mark.parametrize("how", ["click", "both", "middle", "enter"])
def test_chord(app, how):
    s = start(app, fixed())
    frames(app, 1, events=click(centre(s, 1, 1)))  # an unsatisfied number: nothing
    assert not s.field.is_open(0, 1)
    s.flag(0, 0)
    p = centre(s, 1, 1)
    events = {"click": click(p), "both": [mouse_down(p, 1), mouse_down(p, 3), mouse_up(p, 1), mouse_up(p, 3)],
              "middle": click(p, 2), "enter": [key(pygame.K_RETURN)]}[how]
    s.cursor = [1, 1]
    frames(app, 1, events=events)
    shown(app, s)
    assert s.field.is_open(0, 1) and s.field.is_open(2, 2) and at(s, 0, 2, 0.25, 0.75) == vw.OPENED
    assert s.field.mark(0, 0) == 1 and s.field.state == "playing"


def test_win_records_a_best_time_and_shows_the_cool_face(app):
    s = start(app, fixed())
    s.elapsed = 12.345
    for r in range(5):
        for c in range(5):
            if not s.field.is_mine(r, c) and not s.field.is_open(r, c):
                frames(app, 1, events=click(centre(s, r, c)))
    assert s.field.state == "won"
    assert app.profile.lowest(best_key("custom")) is None  # a custom board keeps no best
    rec = app.profile.history("minesweeper")[-1]
    assert rec["won"] is True and rec["level"] == "custom" and rec["score"] == 100
    settle(app, 1.5)
    face = s.hud.face_rect.center
    assert tuple(app.screen.get_at((face[0] - 13, face[1] - 7)))[:3] == vw.INK  # sunglasses
    assert app.profile.saved_game("minesweeper") is None


def test_a_level_win_sets_the_best_time_unless_assisted(app):
    s = start(app, (Params(), ("O", 40, 0)))  # beginner, opened in the middle (the seed deals the mines)
    s.elapsed = 30.0
    f = s.field
    for (r, c) in [(r, c) for r in range(9) for c in range(9) if not f.is_mine(r, c)]:
        s.open_cell(r, c)
    assert s.field.state == "won" and app.profile.lowest(best_key("beginner")) == 30000 and s.new_best
    s2 = start(app, (Params(), ("O", 40, 0)))
    s2.elapsed = 10.0
    frames(app, 1, events=[key(pygame.K_h)])  # a hint: the game is assisted
    g = s2.field
    for (r, c) in [(r, c) for r in range(9) for c in range(9) if not g.is_mine(r, c)]:
        s2.open_cell(r, c)
    assert s2.field.state == "won" and app.profile.lowest(best_key("beginner")) == 30000
    assert app.profile.history("minesweeper")[-1]["assisted"] >= 1


def test_loss_shows_the_exploded_mine_and_records(app):
    s = start(app, fixed())
    s.flag(0, 4)  # a wrong flag
    frames(app, 1, events=click(centre(s, 0, 0)))
    assert s.field.state == "lost"
    frames(app, 2)
    n = s.view.layout.cell
    board = s.view.surface  # the board itself (the screen shakes, and the end card covers it later)
    assert s.view.offset() != (0, 0)
    assert tuple(board.get_at((n // 10, n // 10)))[:3] == vw.EXPLODED  # at once
    assert tuple(board.get_at((3 * n + n // 2, 3 * n + n // 2)))[:3] == vw.COVERED  # the other goes off later
    shown(app, s, 0.6)
    assert tuple(board.get_at((3 * n + n // 10, 3 * n + n // 10)))[:3] == vw.OPENED
    assert tuple(board.get_at((3 * n + n // 2, 3 * n + n // 2)))[:3] == vw.MINE
    assert tuple(board.get_at((4 * n + n // 5, n // 5)))[:3] == vw.FLAG_RED  # the wrong flag crossed out
    assert app.profile.history("minesweeper")[-1]["won"] is False
    frames(app, 1, events=click(centre(s, 2, 2)))  # a finished game ignores the board
    assert s.field.state == "lost"
    frames(app, 1, events=click(s.hud.face_rect.center))  # the face: a new game
    assert s.field.state == "ready"


def test_keyboard_cursor_open_and_flag(app):
    s = start(app, fixed())
    frames(app, 1, events=[key(pygame.K_UP)])  # the first arrow shows the cursor where it is
    assert s.show_cursor and s.cursor == [2, 2]
    frames(app, 1, events=[key(pygame.K_UP), key(pygame.K_UP), key(pygame.K_LEFT), key(pygame.K_LEFT),
                           key(pygame.K_f)])
    assert s.cursor == [0, 0] and s.field.mark(0, 0) == 1
    frames(app, 1, events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RIGHT),
                           key(pygame.K_SPACE)])
    assert s.field.is_open(0, 4)
    shown(app, s)
    rect = s.view.layout.cell_rect(0, 4)
    assert tuple(app.screen.get_at((rect.x - 1, rect.centery)))[:3] == (40, 110, 220)  # the cursor's frame


def test_touch_tap_opens_and_long_press_flags(app):
    s = start(app, fixed())
    x, y = centre(s, 0, 4)
    nx, ny = x / 480, y / 800
    frames(app, 1, events=[finger(pygame.FINGERDOWN, nx, ny)])
    settle(app, 0.6)
    assert s.field.mark(0, 4) == 1  # held: flagged
    frames(app, 1, events=[finger(pygame.FINGERUP, nx, ny)])
    assert not s.field.is_open(0, 4)
    x, y = centre(s, 1, 4)
    frames(app, 1, events=[finger(pygame.FINGERDOWN, x / 480, y / 800), finger(pygame.FINGERUP, x / 480, y / 800)])
    assert s.field.is_open(1, 4)


def test_question_marks_cycle_when_on(app):
    app.profile.set("mines.question_marks", True)
    s = start(app, fixed())
    for _ in range(2):
        frames(app, 1, events=click(centre(s, 0, 4), 3))
    assert s.field.display()[0][4] == "?"


def test_save_and_continue(app):
    from arcade.engine.storage import FILENAME

    s = start(app, fixed())
    s.elapsed = 7.5
    frames(app, 1, events=click(centre(s, 0, 4)))
    key = s.session.save_key
    assert app.profile.saved_game(key) is not None  # saved with the move
    again = sc.make_scene(app, resume=True)
    assert again.field.display() == s.field.display() and again.elapsed == 7.5 and again.session.can_undo
    app.profile.save_game(key, {"field": {"version": 99}})
    fresh = sc.make_scene(app, resume=True)  # an unreadable save: a new game, the save kept aside, never deleted
    assert fresh.field.state == "ready" and app.profile.saved_game(key) is None
    assert list(app.profile.dir.glob(f"{FILENAME}.save-minesweeper_5x5m2-*"))  # named by its board too


def test_hint_rings_the_cell_and_says_why(app):
    s = start(app, fixed(first=(4, 0)))
    frames(app, 1, events=[key(pygame.K_h)])
    frames(app, 2)
    assert s.hint is not None and "certain" in s.hint[2]
    text, _ = s.status()
    assert text.startswith("Hint: row") and s.assisted
    r, c = s.hint[1]
    rect = s.view.layout.cell_rect(r, c)
    ring = {tuple(app.screen.get_at((rect.x - d, rect.centery)))[:3] for d in range(1, 5)}
    assert (237, 194, 46) in ring  # gold


def test_hint_before_the_first_click_says_it_is_safe(app):
    for rule, where in (("opening", "opens the most"), ("safe", "a corner")):
        s = start(app, Field.level("beginner", seed=3, rule=rule))
        frames(app, 1, events=[key(pygame.K_h)])
        frames(app, 2)
        assert s.hint is not None and "never a mine" in s.hint[2] and where in s.hint[2]


def test_odds_overlay_says_it_is_counting_until_the_answer_comes(app):
    s = start(app, fixed(first=(4, 0)))
    held = []
    real = s.assist.poll
    s.assist.poll = lambda: None if not held else real()  # the answer is late
    frames(app, 1, events=[key(pygame.K_p)])
    frames(app, 2)
    assert s.status()[0].startswith("Odds: counting")
    held.append(1)
    frames(app, 2)
    assert s.status()[0].startswith("Odds: ") and "counting" not in s.status()[0]
    covered = next((r, c) for r in range(5) for c in range(5) if not s.field.is_open(r, c))
    frames(app, 1, events=[mouse_move(centre(s, *covered))])  # the pointer on a cell: its odds, and the count
    text = s.status()[0]
    assert text.startswith(f"Row {covered[0] + 1}, column {covered[1] + 1}: ")
    assert text.endswith("(1 layout fits)") or re.search(r"\([\d,]+ layouts fit\)$", text), text  # in its number


def test_odds_overlay_tints_covered_cells(app):
    s = start(app, fixed(first=(4, 0)))
    before = at(s, 4, 4, 0.25, 0.75)
    frames(app, 1, events=[key(pygame.K_p)])
    frames(app, 2)
    after = at(s, 4, 4, 0.25, 0.75)
    assert before == vw.COVERED and after != before
    a = s.assist.get(s.key)
    assert a is not None and a.probs[0][0] == 1.0  # the corner mine is certain


def test_autoplay_plays_a_game_a_person_can_follow(app):
    f = Field.level("beginner", seed=11, rule="opening")
    s = start(app, f)
    frames(app, 1, events=[key(pygame.K_a, pygame.KMOD_SHIFT)])
    assert s.autoplay
    settle(app, 0.05)
    assert s.ai_target is not None  # the cursor glides to the cell before it opens
    for _ in range(200):
        settle(app, 0.5)
        if s.field.over:
            break
    assert s.field.over and s.assisted
    frames(app, 1, events=[key(pygame.K_a, pygame.KMOD_SHIFT)])
    assert s.autoplay
    frames(app, 1, events=click(centre(s, 4, 4), 3))  # the player's move takes over
    s.new_game()
    frames(app, 1, events=click(centre(s, 4, 4), 1))
    assert not s.autoplay


def test_no_guess_first_click_gets_a_generated_board(app):
    app.profile.set("mines.no_guess", True)
    app.profile.set("mines.level", "intermediate")
    s = start(app)
    assert s.no_guess
    frames(app, 1, events=click(centre(s, 7, 7)))
    assert s.generating is None and s.field.state in ("playing", "won")  # the sync worker answered at once
    assert s.field.number(7, 7) == 0 and "No-guess board" in s.notice
    from arcade.minesweeper.noguess import solvable
    import copy
    assert solvable(copy.deepcopy(s.field))


def test_generation_runs_off_the_frame(app):
    class Slow(SyncWorker):
        def poll(self):
            return None  # never answers within the test: the scene keeps running frames

    app.profile.set("mines.no_guess", True)
    app.profile.set("help.minesweeper", True)
    s = sc.MinesScene(app, make_worker=Slow)
    app.stack.reset(s, fade=False)
    frames(app, 1, events=click(centre(s, 4, 4)))
    settle(app, 0.3)
    assert s.generating == (4, 4) and s.field.state == "ready" and s.status()[0].startswith("Generating")


def test_demo_plays_itself_and_restarts(app):
    s = sc.MinesScene(app, demo=True, make_worker=SyncWorker)
    app.stack.reset(s, fade=False)
    for _ in range(120):
        settle(app, 0.5)
        if s.games > 1:
            break
    assert s.games > 1 and app.profile.history("minesweeper") == []


def test_pause_from_esc_and_the_menu_button(app):
    s = start(app, fixed())
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    assert type(app.stack.top).__name__ == "PauseOverlay"


def test_arcade_play_with_a_custom_field(tmp_path):
    assert cli.main(["play", "minesweeper", "--custom", "12x20x30", "--first-click", "safe", "--frames", "3",
                     "--data-dir", str(tmp_path)]) == 0
    with pytest.raises(SystemExit):
        cli.main(["play", "minesweeper", "--custom", "3x3x9"])
    with pytest.raises(SystemExit):
        cli.main(["play", "minesweeper", "--level", "legendary"])


def test_autoplay_flags_sure_mines_and_lifts_a_wrong_flag(app):
    s = start(app, fixed(first=(4, 0)))
    s.flag(4, 4)  # the player's wrong flag on a safe cell
    s.set_autoplay(True)
    s.speed = 0
    settle(app, 0.5)
    assert s.field.state == "won" and s.field.mark(0, 0) == 1


def test_expert_gets_the_tall_screen_and_bigger_cells(app):
    """Expert's 30 rows limit its cells by height: the slim HUD (its level picker included) and buttons give it
    22-pixel cells, and nothing overlaps (HUD above the board's frame, status line and buttons below it, all on
    the canvas)."""
    from arcade.minesweeper.hud import Hud
    from arcade.minesweeper.screens import ROOMY, TALL, Layout, screen_for

    assert screen_for(30, 16) is TALL and screen_for(9, 9) is ROOMY and screen_for(16, 16) is ROOMY
    lay = Layout(30, 16, TALL.board)
    assert lay.cell == 22 and Layout(30, 16, ROOMY.board).cell == 20
    for sc in (ROOMY, TALL):
        hud = Hud(sc)
        frame = Layout(30, 16, sc.board).frame
        assert hud.face_rect.top >= sc.hud.top and hud.face_rect.bottom <= sc.hud.bottom
        assert hud.counter_rect.bottom <= sc.hud.bottom and hud.counter_rect.right < hud.face_rect.left
        assert sc.hud.contains(sc.picker) and hud.face_rect.bottom < sc.picker.top
        assert hud.counter_rect.bottom < sc.picker.top and hud.timer_rect.bottom < sc.picker.top
        assert sc.hud.bottom < frame.top and frame.bottom < sc.status_y - sc.status // 2
        assert sc.status_y + sc.status // 2 < sc.buttons.top and sc.buttons.bottom <= 800
    s = start(app, field=Field.level("expert", seed=2))
    assert s.hud.screen is TALL and s.view.layout.cell == 22
    frames(app, 1, events=click(s.hud.face_rect.center))  # the face still starts a new game on this screen
    assert s.games == 2


def test_a_notice_passes_after_a_few_seconds(app):
    """Messages such as the AI speed are shown on the status line for a while (simulated frame time), then the
    line goes back to what it says about the game."""
    s = start(app, field=fixed())
    frames(app, 1, events=[key(pygame.K_EQUALS)])
    assert "AI:" in s.status()[0]
    settle(app, 3.0)
    assert "AI:" in s.status()[0]
    settle(app, 1.5)
    assert s.notice == "" and "AI:" not in s.status()[0]


def test_the_pause_card_hides_the_end_card_under_it(app, monkeypatch):
    """Esc on a won game: the pause card alone, not the "Cleared!" card's text showing through it doubled; back
    from the pause, the end card again."""
    s = start(app, fixed())
    for r in range(5):
        for c in range(5):
            if not s.field.is_mine(r, c) and not s.field.is_open(r, c):
                frames(app, 1, events=click(centre(s, r, c)))
    assert s.field.state == "won"
    settle(app, 1.5)
    banners = []
    real = sc.draw_banner
    monkeypatch.setattr(sc, "draw_banner", lambda surface, title, *a, **k: banners.append(title) or real(
        surface, title, *a, **k))
    frames(app, 1)
    assert banners, "the won game shows its end card"
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.5)
    assert type(app.stack.top).__name__ == "PauseOverlay"
    banners.clear()
    frames(app, 3)
    assert not banners, "the end card drawn under the pause card"
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.5)
    banners.clear()
    frames(app, 1)
    assert app.stack.top is s and banners
