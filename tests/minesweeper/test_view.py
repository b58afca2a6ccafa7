"""Minesweeper drawing: the numbers in the classic or the colour-blind-safe colours, switched by the setting."""


def test_the_colour_blind_safe_numbers_are_drawn_and_switch_with_the_setting(app):
    from arcade.minesweeper import scene as ms
    from arcade.minesweeper.view import NUMBER_COLOURS, SAFE_NUMBER_COLOURS, Sprites

    def colours(surface):
        return {tuple(surface.get_at((x, y)))[:3] for x in range(surface.get_width()) for y in range(surface.get_height())}

    for d in range(1, 9):
        safe = colours(Sprites(40, safe=True).get(str(d)))
        assert SAFE_NUMBER_COLOURS[d] in safe and (NUMBER_COLOURS[d] not in safe or d >= 7)
    assert SAFE_NUMBER_COLOURS[2] != NUMBER_COLOURS[2] and SAFE_NUMBER_COLOURS[3] != NUMBER_COLOURS[3]
    app.profile.set("help.minesweeper", True)
    s = ms.MinesScene(app)
    app.stack.reset(s, fade=False)
    assert s.view.sprites.numbers is NUMBER_COLOURS
    app.set_setting("colour_safe", True)
    s.uncover()  # back from the settings
    assert s.view.sprites.numbers is SAFE_NUMBER_COLOURS
