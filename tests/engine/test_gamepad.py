"""Gamepads: the buttons and the stick reach every scene as the keys of one table (synthetic SDL controller events
through real frames), a pad pulled out pauses the game in play, and garbage from a pad never reaches a scene."""
import pygame
import pytest

from arcade.engine.gamepad import AXIS_ON, BUTTONS, Gamepads
from arcade.shell.menu import MenuScene
from helpers import frames, settle


def button(b, down=True):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP, button=b,
                              instance_id=0)


def axis(a, value):
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=a, value=value, instance_id=0)


def test_the_dpad_moves_the_menu_and_a_opens_and_b_backs_out(app):
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    start = menu.list.selected
    frames(app, 1, events=[button(pygame.CONTROLLER_BUTTON_DPAD_DOWN), button(pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                                                                              False)])
    assert menu.list.selected == start + 1
    menu.select("settings")
    frames(app, 1, events=[button(pygame.CONTROLLER_BUTTON_A)])
    settle(app, 0.3)
    assert type(app.stack.top).__name__ == "SettingsScene"
    frames(app, 1, events=[button(pygame.CONTROLLER_BUTTON_B)])
    settle(app, 0.3)
    assert app.stack.top is menu


def test_the_stick_presses_and_releases_an_arrow_with_hysteresis():
    pads = Gamepads()
    x = pygame.CONTROLLER_AXIS_LEFTX
    out = pads.translate(axis(x, int(32767 * (AXIS_ON + 0.1))))
    assert [(e.type, e.key) for e in out] == [(pygame.KEYDOWN, pygame.K_RIGHT)]
    assert pads.translate(axis(x, int(32767 * (AXIS_ON - 0.1)))) == []  # still held between the thresholds
    out = pads.translate(axis(x, -32767))  # straight to the other side: up, then down the other key
    assert [(e.type, e.key) for e in out] == [(pygame.KEYUP, pygame.K_RIGHT), (pygame.KEYDOWN, pygame.K_LEFT)]
    assert [e.type for e in pads.translate(axis(x, 0))] == [pygame.KEYUP]


def test_a_2048_game_slides_with_the_dpad_and_pauses_when_the_pad_is_pulled_out(app):
    from arcade.shell.pause import PauseOverlay

    app.profile.set("help.2048", True)
    g = app.registry["2048"].make_scene(app)
    app.stack.reset(MenuScene(app), fade=False)
    app.stack.push(g, fade=False)
    frames(app, 1)
    before = g.game.moves
    for d in (pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
              pygame.CONTROLLER_BUTTON_DPAD_DOWN):
        frames(app, 1, events=[button(d)])
    assert g.game.moves > before
    assert app.gamepads.used_last
    frames(app, 1, events=[pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42)])
    frames(app, 1)
    assert isinstance(app.stack.top, PauseOverlay)


@pytest.mark.parametrize("event", [
    pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=99, instance_id=0),
    pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0),
    pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_LEFTX, value="x", instance_id=0),
    pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=77, value=30000, instance_id=0),
    pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=57),
    pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED),
    pygame.event.Event(pygame.CONTROLLERTOUCHPADDOWN, instance_id=0),
])
def test_garbage_from_a_pad_never_reaches_a_scene(app, event):
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1, events=[event])
    assert app.stack.top is menu and app.stack.errors == 0


def test_every_button_in_the_table_is_a_key_a_scene_reads():
    assert all(isinstance(k, int) and isinstance(what, str) and what for k, _, _, what in BUTTONS.values())


def test_the_help_card_shows_the_buttons_while_a_pad_is_what_is_used(app):
    from arcade.shell.help import HelpOverlay
    from helpers import key

    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1, events=[button(pygame.CONTROLLER_BUTTON_DPAD_DOWN), button(pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                                                                              False)])
    assert app.last_pad
    card = HelpOverlay(app, "2048")
    keys = [k for k, _w in card.rows]
    assert "A" in keys and "D-pad, stick" in keys and "Arrows, WASD, HJKL" not in keys
    assert any(not k and "2048" in w for k, w in card.rows)  # the game's rule line stays
    frames(app, 1, events=[key(pygame.K_UP)])  # back on the keyboard: its keys again
    assert not app.last_pad
    assert "Arrows, WASD, HJKL" in [k for k, _w in HelpOverlay(app, "2048").rows]
