"""The 2048 scene driven by synthetic events and real frames."""
import pygame
import pytest

from arcade.engine.session import Session
from arcade.game2048 import hud, scene as sc
from arcade.game2048.backend import BACKEND, Params, Position
from arcade.game2048.view import TILE_COLORS
from arcade.engine.storage import Profile
from helpers import click, finger, frames, key, mouse_down, mouse_move, mouse_up, settle

EMPTY4 = ((0,) * 4,) * 4


def start(app, session=None, **kw):
    app.profile.set("help.2048", True)  # no first-launch card in these tests
    s = sc.Game2048Scene(app, session=session, **kw)
    app.stack.reset(s, fade=False)
    frames(app, 1)
    return s


def fixed_game(rows, seed=1):
    """A game that starts from ``rows`` (its later tiles still come from the seed)."""
    from arcade.game2048 import rules

    grid = tuple(tuple(r) for r in rows)
    won = any(v >= 2048 for r in grid for v in r)
    return Session(BACKEND, Params(len(rows)), seed, start=Position(grid, 0, won, not rules.can_move(grid)))


def test_key_press_animates_then_lands_on_the_final_grid(app):
    s = start(app, fixed_game(((2, 2, 0, 0), (0,) * 4, (0,) * 4, (0, 0, 0, 4))))
    settle(app, 0.5)
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert s.view.busy  # mid-animation
    assert s.game.grid[0][0] == 4 and s.game.score == 4
    settle(app, 0.35)  # 100 ms slide + 200 ms pop/appear
    assert not s.view.busy and s.view.grid == s.game.grid


@pytest.mark.parametrize("k,expected", [(pygame.K_a, "left"), (pygame.K_h, "left"), (pygame.K_d, "right"),
                                         (pygame.K_l, "right"), (pygame.K_w, "up"), (pygame.K_k, "up"),
                                         (pygame.K_s, "down"), (pygame.K_j, "down")])
def test_wasd_and_vim_keys(app, k, expected):
    g = fixed_game(((0, 0, 0, 0), (0, 2, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
    s = start(app, g)
    frames(app, 1, events=[key(k)])
    pos = {"left": (1, 0), "right": (1, 3), "up": (0, 1), "down": (3, 1)}[expected]
    assert s.game.grid[pos[0]][pos[1]] == 2


def test_a_move_during_an_animation_finishes_it_and_plays_the_new_one(app):
    s = start(app, fixed_game(((2, 0, 0, 2), (0,) * 4, (0,) * 4, (0,) * 4)))
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert s.view.busy
    frames(app, 1, events=[key(pygame.K_DOWN)])  # the very next frame: nothing dropped
    assert s.game.moves == 2 and s.view.grid == s.game.grid


def test_mouse_swipe_and_touch_swipe(app):
    s = start(app, fixed_game(((0, 0, 0, 0), (0, 2, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))))
    frames(app, 1, events=[mouse_down((240, 380)), mouse_move((250, 382), rel=(10, 2), buttons=(1, 0, 0))])
    assert s.game.moves == 0  # under the threshold: not a swipe yet
    frames(app, 1, events=[mouse_move((300, 385), rel=(50, 3), buttons=(1, 0, 0)), mouse_up((300, 385))])
    assert s.game.grid[1][3] == 2 and s.game.moves == 1
    # a touch swipe upwards (window-normalised finger coordinates)
    frames(app, 1, events=[finger(pygame.FINGERDOWN, 0.5, 0.6), finger(pygame.FINGERMOTION, 0.5, 0.45),
                           finger(pygame.FINGERUP, 0.5, 0.45)])
    assert s.game.grid[0][3] == 2 and s.game.moves == 2


def test_a_tap_is_not_a_swipe(app):
    s = start(app)
    frames(app, 1, events=click((240, 380)))
    assert s.game.moves == 0


def test_undo_keys_and_button(app):
    s = start(app, fixed_game(((2, 2, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4)))
    before = s.game.grid
    frames(app, 1, events=[key(pygame.K_LEFT)])
    frames(app, 1, events=[key(pygame.K_u)])
    assert s.game.grid == before and s.game.score == 0
    frames(app, 1, events=[key(pygame.K_LEFT)])
    frames(app, 1, events=[key(pygame.K_z, mod=pygame.KMOD_LCTRL)])
    assert s.game.grid == before
    frames(app, 1, events=[key(pygame.K_LEFT)])
    frames(app, 1, events=click(hud.LAYOUT["undo"].center))
    assert s.game.grid == before


def test_r_and_the_button_start_a_new_game(app):
    s = start(app)
    frames(app, 1, events=[key(pygame.K_LEFT), key(pygame.K_UP)])
    first = s.session.seed
    frames(app, 1, events=[key(pygame.K_r)])
    assert s.session.seed != first and s.game.moves == 0 and not s.session.events
    frames(app, 1, events=[key(pygame.K_LEFT)])
    second = s.session.seed
    frames(app, 1, events=click(hud.LAYOUT["new"].center))
    assert s.session.seed != second and not s.session.events


def test_save_after_every_move_and_continue_restores(app):
    s = start(app)
    for k in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN):
        frames(app, 1, events=[key(k)])
    saved = Profile(app.profile.dir).saved_game("2048/4x4")  # on disk, not only in memory
    assert saved is not None and Session.from_dict(BACKEND, saved).state.grid == s.game.grid
    restored = sc.make_scene(app, resume=True)
    assert restored.game.grid == s.game.grid and restored.game.score == s.game.score
    assert restored.session.to_dict() == s.session.to_dict()  # same seed: same next spawns
    assert restored.session.can_undo  # the undo history comes back too


def test_best_score_per_board_size(app):
    s = start(app, fixed_game(((2, 2, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4)))
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert Profile(app.profile.dir).best("2048/4x4") == 4
    g5 = fixed_game(((8, 8, 0, 0, 0),) + ((0,) * 5,) * 4, seed=2)
    s = start(app, g5)
    frames(app, 1, events=[key(pygame.K_LEFT)])
    p = Profile(app.profile.dir)
    assert p.best("2048/5x5") == 16 and p.best("2048/4x4") == 4


def test_win_panel_keep_going_and_game_over_try_again(app):
    s = start(app, fixed_game(((1024, 1024, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4)))
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert s.game.won and s.game.terminated
    frames(app, 1, events=[key(pygame.K_UP)])
    assert s.game.moves == 1  # moves are ignored under the win panel, like the original
    settle(app, hud.PANEL_DELAY + hud.PANEL_FADE + 0.1)
    b = s.panel_buttons()
    assert set(b) == {"keep", "again"}
    frames(app, 1, events=click(b["keep"].center))
    assert not s.game.terminated
    frames(app, 1, events=[key(pygame.K_UP)])
    assert s.game.moves == 2
    # a board with one move left that ends the game
    over = fixed_game(((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 4), (4, 2, 8, 8)))
    s = start(app, over)
    s.session.play(("left", (3, 3, 2)))
    s._after_move()
    assert s.game.over and Profile(app.profile.dir).saved_game("2048") is None  # cleared like the original
    settle(app, 2.1)
    frames(app, 1, events=click(s.panel_buttons()["again"].center))
    assert not s.game.over and s.game.moves == 0
    assert app.profile.history("2048")[-1]["max_tile"] == 16


def test_a_2048_tile_is_drawn_in_its_colour(app):
    s = start(app, fixed_game(((2048, 0, 0, 0), (0, 2, 0, 0), (0,) * 4, (0,) * 4)))
    settle(app, 0.4)
    r = s.view.cell_rect(0, 0)
    assert tuple(app.screen.get_at((r.x + 4, r.y + 4)))[:3] == tuple(TILE_COLORS[2048])[:3]
    r2 = s.view.cell_rect(1, 1)
    assert tuple(app.screen.get_at((r2.x + 4, r2.y + 4)))[:3] == tuple(TILE_COLORS[2])[:3]


def test_esc_pauses_and_settings_apply_on_return(app):
    s = start(app)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    from arcade.shell.pause import PauseOverlay

    assert isinstance(app.stack.top, PauseOverlay)
    app.set_setting("anim_speed", 0.0)
    app.set_setting("2048.four_probability", 0.5)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    assert app.stack.top is s and s.view.speed == 0.0
    assert s.session.params.four_probability == 0.1  # a game keeps the parameters its code names ...
    frames(app, 1, events=[key(pygame.K_r)])
    assert s.session.params.four_probability == 0.5  # ... the next game takes the new setting
    frames(app, 1, events=[key(pygame.K_LEFT), key(pygame.K_UP)])
    assert not s.view.busy  # animations off: moves snap


def test_autoplay_plays_and_shift_a_stops_at_once(app):
    app.profile.set("ai.speed", 0)  # as fast as it thinks
    s = start(app)
    frames(app, 1, events=[key(pygame.K_a, mod=pygame.KMOD_LSHIFT)])
    assert s.autoplay
    import time

    deadline = time.monotonic() + 60
    while s.ai.moves < 5 and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.005)
    assert s.ai.moves >= 5 and s.ai.decision is not None and s.ai.decision.direction in ("up", "down", "left", "right")
    frames(app, 1, events=[key(pygame.K_a, mod=pygame.KMOD_LSHIFT)])
    n = s.game.moves
    for _ in range(20):
        frames(app, 1)
        time.sleep(0.005)
    assert not s.autoplay and s.game.moves == n  # nothing more after the stop


def test_hint_shows_a_legal_direction_until_the_next_move(app):
    s = start(app, fixed_game(((2, 2, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4)))
    frames(app, 1, events=[key(pygame.K_h, mod=pygame.KMOD_LSHIFT)])
    assert s.game.moves == 0  # Shift+H asks the AI, it does not move
    import time

    deadline = time.monotonic() + 60
    while s.ai.hint is None and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.005)
    assert s.ai.hint in ("up", "down", "left", "right")
    frames(app, 1, events=[key(pygame.K_LEFT)])
    assert s.ai.hint is None


def test_demo_plays_by_itself_and_saves_nothing(app):
    d = sc.make_demo(app)
    d.enter()
    import time

    deadline = time.monotonic() + 60
    while d.game.moves < 3 and time.monotonic() < deadline:
        d.update(0.1)
        time.sleep(0.01)
    d.exit()
    assert d.game.moves >= 3
    assert app.profile.saved_game("2048") is None and app.profile.best("2048/4x4") == 0


def test_a_size_from_the_command_line_holds_through_the_first_help_card_and_a_pause(make_app):
    """`arcade play 2048 --size 6` on a fresh profile: the help card, a pause and a resume keep the 6x6 board."""
    from arcade import shell
    from arcade.engine.app import Options
    from arcade.shell.help import HelpOverlay

    app = make_app(mode="play", game="2048", game_options={"size": 6})
    for s in shell.first_scenes(app):
        app.stack.push(s, fade=False) if app.stack.scenes else app.stack.reset(s, fade=False)
    settle(app, 0.5)
    assert isinstance(app.stack.top, HelpOverlay)  # the first-run card
    settle(app, 0.3)
    frames(app, 1, events=[key(pygame.K_SPACE)])
    settle(app, 0.3)
    game = app.stack.top
    assert isinstance(game, sc.Game2048Scene) and game.game.size == 6 and len(game.game.grid) == 6
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.3)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])  # resume before the first move
    settle(app, 0.3)
    assert app.stack.top is game and game.game.size == 6 and game.session.params.size == 6
    assert app.profile.get("2048.size") == 4  # the setting is untouched


def test_review_from_game_over_opens_the_replay_of_that_game_at_its_start(app):
    import time

    from arcade.engine.replay_scene import ReplayScene
    from arcade.game2048.view import EMPTY_BLEND

    s = start(app, Session(BACKEND, BACKEND.parse_params("3x3"), 4))
    first = s.game.grid
    for _ in range(60):  # a 3x3 game ends quickly this way
        frames(app, 1, events=[key(k) for k in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN)])
        settle(app)
        if s.game.over:
            break
    assert s.game.over
    settle(app, seconds=3)
    r = hud.end_buttons(False, True)["review"]
    frames(app, 1, events=click(r.center))
    deadline = time.monotonic() + 30
    while not isinstance(app.stack.top, ReplayScene) and time.monotonic() < deadline:
        frames(app, 1)
    replay = next(x for x in app.stack.scenes if isinstance(x, ReplayScene))
    while not replay.ready and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.01)
    frames(app, 2)
    assert replay.i == 0 and replay.hooks.view.grid == first  # move 0: the two starting tiles of the game just played
    assert sum(1 for row in first for v in row if v) == 2
    surface = pygame.Surface((480, 800))
    replay.draw(surface)
    (row, col) = next((r_, c_) for r_, line in enumerate(first) for c_, v in enumerate(line) if v)
    assert surface.get_at(replay.hooks.view.cell_rect(row, col).center)[:3] != tuple(EMPTY_BLEND[:3])  # a tile is drawn there


def test_the_pause_card_hides_the_game_over_panel_under_it(app, monkeypatch):
    """Esc on a lost game: the pause card alone (the game-over panel's text would show through it doubled)."""
    panels = []
    real = hud.Hud.draw_end_panel
    monkeypatch.setattr(hud.Hud, "draw_end_panel", lambda self, *a, **k: panels.append(a) or real(self, *a, **k))
    s = start(app, fixed_game(((2, 4, 2, 4), (4, 2, 4, 2), (2, 4, 2, 4), (4, 2, 8, 8))))
    s.session.play(("left", (3, 3, 2)))
    s._after_move()
    settle(app, 2.1)
    assert s.game.over and panels
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.5)
    assert type(app.stack.top).__name__ == "PauseOverlay"
    panels.clear()
    frames(app, 3)
    assert not panels, "the game-over panel drawn under the pause card"
