"""One rule for what a key means: chords most specific first, other Ctrl/Alt keys the window's, typed characters,
then the key alone; every game's table is read by it, keys and gamepad buttons alike."""
import pygame
import pytest

from arcade.engine.intents import CTRL, SHIFT, IntentMap


def down(key, mod=0, char=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char)


MAP = IntentMap({(pygame.K_z, CTRL | SHIFT): "redo", (pygame.K_z, CTRL): "undo", (pygame.K_a, SHIFT): "autoplay",
                 (pygame.K_a, 0): "left", (pygame.K_r, 0): "new"}, {"?": "hint"})


def test_chords_most_specific_first_then_the_key_alone():
    assert MAP(down(pygame.K_z, CTRL | SHIFT)) == "redo"
    assert MAP(down(pygame.K_z, pygame.KMOD_LCTRL)) == "undo"
    assert MAP(down(pygame.K_a, pygame.KMOD_RSHIFT)) == "autoplay"
    assert MAP(down(pygame.K_a)) == "left"


def test_other_ctrl_or_alt_keys_belong_to_the_window():
    assert MAP(down(pygame.K_r, CTRL)) is None and MAP(down(pygame.K_a, pygame.KMOD_ALT)) is None


def test_characters_for_layout_dependent_keys_and_nothing_for_other_events():
    assert MAP(down(pygame.K_SLASH, SHIFT, "?")) == "hint"
    assert MAP(pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0)) is None
    assert MAP(down(pygame.K_F5)) is None


def test_a_table_with_an_unknown_modifier_is_refused():
    with pytest.raises(ValueError):
        IntentMap({(pygame.K_a, pygame.KMOD_ALT): "x"})


@pytest.mark.parametrize("module", ["arcade.game2048.scene", "arcade.minesweeper.scene", "arcade.tictactoe.scene"])
def test_every_game_reads_its_keys_through_the_one_rule(module):
    import importlib

    m = importlib.import_module(module)
    assert isinstance(m.intent_of, IntentMap)
    assert m.intent_of(down(pygame.K_z, CTRL)) == "undo" and m.intent_of(down(pygame.K_z, CTRL | SHIFT)) == "redo"
    assert m.intent_of(down(pygame.K_ESCAPE)) == "pause"
