"""Menu navigation by keys, mouse and touch; Continue; attract mode; pause overlay; settings scene."""
import pygame
import pytest

from arcade.shell.demo import DemoScene
import fakegame
from fakegame import scene as fake_scene
from fakegame.scene import BoxScene as FakeGame
from arcade.shell.menu import ATTRACT_SECONDS, MenuScene
from arcade.shell.pause import PauseOverlay
from arcade.shell.settings_scene import SettingsScene
from helpers import click, frames, key, mouse_move, settle, tap


def registry():
    """Two games the house knows only by their GAME records (tests/fakegame)."""
    fake_scene.made.clear()
    return {"one": fakegame.make("one", "One"), "two": fakegame.make("two", "Two")}


@pytest.fixture
def menu_app(make_app):
    app = make_app(registry=registry())
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    return app, menu


def test_menu_lists_games_demo_settings_quit(menu_app):
    app, menu = menu_app
    keys = menu.keys()
    assert keys[:2] == ["play:one", "play:two"] and keys[-1] == "quit"
    assert "demo" in keys and "settings" in keys


def test_best_scores_and_continue_entries(make_app):
    app = make_app(registry=registry())
    app.profile.submit_score("two", 321)
    app.profile.save_game("one", {"x": 1})
    menu = MenuScene(app)
    assert menu.keys()[:2] == ["play:one", "play:two"]  # one row a game; a saved one says "Continue"
    assert [it.label for it in menu.list.items[:2]] == ["Continue One", "Play Two"]
    assert menu.list.items[1].detail == "Best 321"


def test_keyboard_navigation_and_enter_starts_a_game(menu_app):
    app, menu = menu_app
    frames(app, 1, events=[key(pygame.K_DOWN)])
    assert menu.list.selected == 1
    frames(app, 1, events=[key(pygame.K_UP), key(pygame.K_UP)])  # wraps
    assert menu.keys()[menu.list.selected] == "quit"
    frames(app, 1, events=[key(pygame.K_DOWN), key(pygame.K_RETURN)])
    settle(app, 0.4)
    assert isinstance(app.stack.top, FakeGame) and not app.stack.top.resume


def test_mouse_hover_and_click(menu_app):
    app, menu = menu_app
    r = menu.list.item_rect(1)
    frames(app, 1, events=[mouse_move(r.center)])
    assert menu.list.selected == 0  # the pointer's resting place when the window opens is ignored
    frames(app, 1, events=[mouse_move(r.center)])
    assert menu.list.selected == 1
    frames(app, 1, events=click(r.center))
    settle(app, 0.4)
    assert isinstance(app.stack.top, FakeGame)


def test_click_outside_buttons_does_nothing(menu_app):
    app, menu = menu_app
    frames(app, 1, events=click((5, 5)))
    settle(app, 0.4)
    assert app.stack.top is menu


def test_touch_tap_starts_a_game_once(menu_app):
    app, menu = menu_app
    r = menu.list.item_rect(0)
    # SDL sends the finger events and a synthetic mouse copy flagged touch: count it once
    from helpers import mouse_down, mouse_up

    evs = tap(*r.center) + [mouse_down(r.center, touch=True), mouse_up(r.center, touch=True)]
    frames(app, 1, events=evs)
    settle(app, 0.4)
    assert len([s for s in app.stack.scenes if isinstance(s, FakeGame)]) == 1


def test_continue_resumes(make_app):
    app = make_app(registry=registry())
    app.profile.save_game("two", {"x": 1})
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    menu.select("play:two")
    frames(app, 1, events=[key(pygame.K_RETURN)])  # "Continue or new game?"
    frames(app, 1, events=[key(pygame.K_RETURN)])  # Continue is the first choice
    settle(app, 0.4)
    assert app.stack.top.resume is True


def test_attract_mode_after_idle_and_any_input_returns(menu_app):
    app, menu = menu_app
    # a fake clock: time only passes through update(dt)
    menu.update(ATTRACT_SECONDS - 0.5)
    frames(app, 1)
    assert app.stack.top is menu
    frames(app, 1, events=[key(pygame.K_DOWN)])  # input resets the idle timer
    menu.update(ATTRACT_SECONDS - 0.1)
    frames(app, 1)
    assert app.stack.top is menu
    menu.update(0.2)
    settle(app, 0.4)
    assert isinstance(app.stack.top, DemoScene)
    demo = app.stack.top
    assert demo.child is not None and demo.child.demo
    child = demo.child
    frames(app, 1, events=[key(pygame.K_SPACE)])
    settle(app, 0.4)
    assert app.stack.top is menu
    assert demo.child is None  # the demo game was shut down
    assert all(by == "demo" for _token, by in child.session.line)  # input never reached the demo game


def test_the_demo_banner_pulses_with_time_and_never_blinks_out(menu_app):
    """The banner's text fades down to BANNER_LOW and back up over BANNER_PULSE seconds of the demo's own
    clock, so it can be read on every frame."""
    from arcade.shell import demo as demo_mod

    app, menu = menu_app
    menu.start_demo()
    settle(app, 0.4)
    demo = app.stack.top
    assert isinstance(demo, DemoScene)
    surface = pygame.Surface((480, 800))
    seen = []
    for phase in (0.0, 0.25, 0.5, 0.75, 1.0):
        demo.banner_t = phase * demo_mod.BANNER_PULSE
        demo.draw(surface)
        seen.append(demo._banner[2].get_alpha())
    low = round(255 * demo_mod.BANNER_LOW)
    assert seen[0] == seen[-1] == 255 and abs(seen[2] - low) <= 1  # full, faded, full again
    assert seen[0] > seen[1] > seen[2] < seen[3] < seen[4]
    assert min(seen) >= low - 1  # never blinked out

def test_demo_alternates_games(make_app):
    app = make_app(registry=registry())
    demo = DemoScene(app, segment=1.0)
    app.stack.reset(demo, fade=False)
    frames(app, 1)
    first = demo.child
    settle(app, 1.1)
    assert demo.child is not first and demo.index == 1


def test_esc_in_game_pushes_pause_overlay_with_resume_restart_quit(menu_app):
    app, menu = menu_app
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.4)
    game = app.stack.top
    frames(app, 1, events=[key(pygame.K_SPACE), key(pygame.K_SPACE)])
    first = game.session.states[0]
    assert game.session.state != first
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay) and app.stack.scenes[-2] is game
    assert pause.keys() == ["resume", "restart", "settings", "menu"]
    frames(app, 1, events=[key(pygame.K_ESCAPE)])  # Esc resumes
    frames(app, 1)
    assert app.stack.top is game
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    frames(app, 1, events=[key(pygame.K_DOWN), key(pygame.K_RETURN)])  # Restart
    frames(app, 1)
    assert game.session.state == first and game.session.line == [] and app.stack.top is game  # from its start
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 1)
    app.stack.top.list.selected = app.stack.top.keys().index("menu")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.4)
    assert app.stack.scenes == [menu]


def test_pause_overlay_draws_over_the_game(menu_app):
    app, menu = menu_app
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.4)
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    frames(app, 2)
    # the game's (1, 2, 3) fill shows through the dimmer (darker), not replaced by another colour
    c = app.screen.get_at((5, 5))
    assert c[:3] != (1, 2, 3) and max(c[:3]) < 60


def test_settings_scene_changes_apply_and_persist(app):
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    menu.select("settings")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    settle(app, 0.4)
    s = app.stack.top
    assert isinstance(s, SettingsScene)
    s.list.selected = s.keys().index("2048.size")
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    assert app.profile.get("2048.size") == 5
    frames(app, 1, events=[key(pygame.K_LEFT), key(pygame.K_LEFT)])
    assert app.profile.get("2048.size") == 3
    s.list.selected = s.keys().index("muted")
    frames(app, 1, events=[key(pygame.K_RETURN)])
    assert app.profile.get("muted") is True and app.audio.muted
    from arcade.engine.storage import Profile

    assert Profile(app.profile.dir).get("2048.size") == 3
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    settle(app, 0.4)
    assert app.stack.top is menu


def test_esc_in_menu_goes_to_quit_then_quits(menu_app):
    app, menu = menu_app
    app.running = True
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert menu.keys()[menu.list.selected] == "quit" and app.running
    frames(app, 1, events=[key(pygame.K_ESCAPE)])
    assert not app.running


def test_ctrl_q_quits_and_f11_is_handled(menu_app):
    app, menu = menu_app
    app.running = True
    frames(app, 1, events=[key(pygame.K_F11)])
    assert app.profile.get("fullscreen") in (True, False)
    frames(app, 1, events=[key(pygame.K_q, mod=pygame.KMOD_LCTRL)])
    assert not app.running


def test_focus_loss_pauses_updates(menu_app):
    app, menu = menu_app
    frames(app, 1, events=[pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    idle = menu.idle
    frames(app, 30)
    assert menu.idle == idle
    frames(app, 1, events=[pygame.event.Event(pygame.WINDOWFOCUSGAINED)])
    assert menu.idle > idle


def test_dt_is_clamped(menu_app):
    app, menu = menu_app
    before = menu.idle
    app.step(5.0, [])  # a breakpoint or a dragged window: five seconds in one frame
    assert menu.idle - before <= 0.1 + 1e-9


def test_idle_menu_prepares_the_games_art_so_starting_stairs_does_no_tinting(app, monkeypatch):
    import arcade.shell.menu as menu
    from arcade.stairs import sky

    monkeypatch.setattr(menu, "_warmed", set())
    monkeypatch.setattr(menu, "_warming", None)
    monkeypatch.setattr(sky, "_SKIES", {})
    app.stack.reset(MenuScene(app), fade=False)
    frames(app, 1)
    assert menu._prefetch_done.wait(60)  # the game modules are imported off the UI thread first
    n = 0
    while not menu.warm(app) and n < 2000:
        frames(app, 1)
        n += 1
    assert menu._warmed >= set(app.registry) and (480, 800) in sky._SKIES
    monkeypatch.setattr(menu, "_warmed", set())
    assert sum(1 for _ in menu._chain(app, list(app.registry.values()))) > 3  # small steps, not one block

    def boom(*_):
        raise AssertionError("tinted the sky again on entering Stairs")

    monkeypatch.setattr(sky, "_tint", boom)
    app.stack.replace(app.registry["stairs"].make_scene(app))
    frames(app, 30)
    assert "StairsScene" in [type(s).__name__ for s in app.stack.scenes]  # (under its first-launch help card)


def test_warm_up_waits_for_the_prefetch_and_survives_a_failing_game(app, monkeypatch):
    import threading

    import arcade.shell.menu as menu

    monkeypatch.setattr(menu, "_warmed", set())
    monkeypatch.setattr(menu, "_warming", None)
    not_yet = threading.Event()
    monkeypatch.setattr(menu, "_prefetch_done", not_yet)
    assert menu.warm(app) is False and menu._warming is None  # nothing imported on the UI thread

    app.registry = {"broken": fakegame.make("broken", "Broken", scene="fakegame.broken")}  # warm_steps raises
    not_yet.set()
    for _ in range(10):
        if menu.warm(app):
            break
    assert menu._warmed == {"broken"}  # the error ended its warm-up; the scene will load and report by itself
