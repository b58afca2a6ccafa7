"""Reduced motion: animations short (never turned back on), no shaking board or stair, no flash on a spike hit."""
import pytest

from arcade.engine import settings


@pytest.mark.parametrize("speed, reduced, want", [(1.0, False, 1.0), (1.0, True, 2.0), (0.5, True, 2.0),
                                                  (2.0, True, 2.0), (0.0, True, 0.0), (0.0, False, 0.0)])
def test_reduced_motion_makes_animations_short_and_never_turns_them_on(speed, reduced, want):
    values = {"anim_speed": speed, "reduce_motion": reduced}
    assert settings.anim_speed(values.get) == want


def test_the_minesweeper_board_does_not_shake_with_reduced_motion():
    from arcade.minesweeper.view import SHAKE_S, BoardView

    view = BoardView(9, 9)
    view.shake = SHAKE_S / 3
    assert view.offset() != (0, 0)
    view.still = True
    assert view.offset() == (0, 0)


def test_reduced_motion_is_a_display_setting_of_its_own():
    spec = settings.BY_KEY["reduce_motion"]
    assert spec.kind == "bool" and spec.default is False and spec.section == "Display"
