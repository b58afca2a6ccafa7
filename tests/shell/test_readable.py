"""Every screen readable at every supported window: no text under 11 pixels at the smallest window, a contrast of
at least 4.5:1 (WCAG AA) against what it is drawn on, and the measuring itself can fail."""
import pygame
import pytest

from arcade.engine.app import LOGICAL_SIZE, MIN_LANDSCAPE, MIN_WINDOW, fit_canvas
from arcade.engine.ui.input import LANDSCAPE_SIZE
from helpers import frames, key, settle
from readable import MIN_CONTRAST, MIN_PX, Canvas, contrast, drawn, install


@pytest.fixture
def measured(monkeypatch):
    install(monkeypatch)
    yield
    Canvas.meta.clear()


# every game screen, at its start and paused
GAMES = ("2048", "stairs", "tictactoe", "minesweeper")


def screens(app):
    """(name, canvas) for the screens a player meets first: the menu, its questions, settings, every help card,
    each game in GAMES at its start and paused."""
    from arcade.engine.ui.ask import AskOverlay
    from arcade.shell.help import open_all_help
    from arcade.shell.menu import MenuScene
    from arcade.shell.settings_scene import SettingsScene

    p = app.profile
    for i in range(12):
        p.record_game("2048", 100 * i + 4, max_tile=2 ** (i % 7 + 4), moves=10, size=4, won=False)
        p.record_game("stairs", i, cause=("hit", "fell", "dropped")[i % 3])
        p.record_game("tictactoe", (2, 1, 0)[i % 3], variant="3x3", level="hard", side="X",
                      result=("win", "draw", "loss")[i % 3], outcome=("won", "draw", "lost")[i % 3], moves=7)
    out = []
    menu = MenuScene(app)
    app.stack.reset(menu, fade=False)
    frames(app, 1)
    out.append(("menu", drawn(app)))
    app.stack.push(AskOverlay(app, "2048: continue or new game?", [("c", "Continue", lambda: None),
                                                                   ("n", "New game", lambda: None)]), fade=False)
    frames(app, 1)
    out.append(("ask", drawn(app)))
    settings = SettingsScene(app)
    app.stack.reset(settings, fade=False)
    frames(app, 1)
    for k in range(len(settings.list.items)):  # every row selected once: each shows its note
        out.append((f"settings row {k}", drawn(app)))
        frames(app, 1, events=[key(pygame.K_DOWN)])
    from arcade.shell.stats import StatsScene

    stats = StatsScene(app)
    app.stack.reset(stats, fade=False)
    for _ in app.registry:  # every game's tab: with games (2048, Stairs, tic-tac-toe) and empty ("No games yet")
        frames(app, 1)
        out.append((f"stats {stats.game_id}", drawn(app)))
        assert len(out[-1][1].pieces) > 8, out[-1][0]
        frames(app, 1, events=[key(pygame.K_RIGHT)])
    app.stack.reset(MenuScene(app), fade=False)
    frames(app, 1)
    open_all_help(app)
    for i in range(len(app.registry)):
        settle(app, 0.2)
        out.append((f"help {i}", drawn(app)))
        frames(app, 1, events=[key(pygame.K_RIGHT)])
    for gid, game in app.registry.items():
        p.set(f"help.{gid}", True)
        if gid not in GAMES:
            continue
        app.stack.reset(MenuScene(app), fade=False)
        app.stack.push(game.make_scene(app, resume=False), fade=False)
        settle(app, 0.5)
        out.append((f"{gid} start", drawn(app)))
        frames(app, 1, events=[key(pygame.K_ESCAPE)])
        settle(app, 0.3)
        out.append((f"{gid} paused", drawn(app)))
    return out


def smallest_scale() -> float:
    return fit_canvas(MIN_WINDOW, LOGICAL_SIZE).scale


def test_no_text_is_too_small_or_too_faint(app, measured):
    small, faint = [], []
    scale = smallest_scale()
    seen = 0
    for name, canvas in screens(app):
        for piece in canvas.pieces:
            seen += 1
            if piece.size * scale < MIN_PX - 1e-9:
                small.append(f"{name}: {piece.text!r} {piece.size} px -> {piece.size * scale:.1f} px")
            if piece.contrast < MIN_CONTRAST:
                faint.append(f"{name}: {piece.text!r} {piece.colour} on {piece.background}: {piece.contrast:.2f}")
    assert seen > 100  # the canvas saw the text (else this test proves nothing)
    assert not small, "text under 11 px at the smallest window:\n" + "\n".join(sorted(set(small)))
    assert not faint, "text under 4.5:1 contrast:\n" + "\n".join(sorted(set(faint)))


def test_the_measures_can_fail(app, measured):
    from arcade.engine.ui.text import render

    canvas = Canvas((200, 100))
    canvas.fill((250, 248, 239))
    canvas.blit(render("faint", 20, (200, 200, 190)), (10, 10))
    canvas.blit(render("tiny", 8, (0, 0, 0)), (10, 50))
    faint, tiny = canvas.pieces
    assert faint.contrast < MIN_CONTRAST and tiny.size < MIN_PX
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)


def test_every_screen_in_chinese_is_readable_and_nothing_overlaps(app, measured):
    """The same screens in 简体中文: the texts are the catalogue's (Chinese shown), at the same sizes and contrast,
    and no two texts run into each other (translations are longer or shorter than the English)."""
    from readable import overlapping

    from arcade.engine import i18n

    app.set_setting("language", "zh")
    try:
        bad, chinese = [], 0
        scale = smallest_scale()
        for name, canvas in screens(app):
            chinese += sum(any("\u4e00" <= ch <= "\u9fff" for ch in p.text) for p in canvas.pieces)
            bad += [f"{name}: {p.text!r} {p.size} px" for p in canvas.pieces if p.size * scale < MIN_PX - 1e-9]
            bad += [f"{name}: {p.text!r} {p.colour} on {p.background} {p.contrast:.2f}:1" for p in canvas.pieces
                    if p.contrast < MIN_CONTRAST]
            if name.startswith(("menu", "settings", "stats", "help", "ask", *GAMES)):
                bad += [f"{name}: {a!r} overlaps {b!r}" for a, b in overlapping(canvas)]
        assert chinese > 50, "the screens did not speak Chinese"
        assert not bad, "\n".join(sorted(set(bad)))
    finally:
        i18n.set_language("en")


def test_every_screen_in_a_wide_window_is_laid_out_for_it(make_app, measured):
    """In a landscape window (800x480, a small screen) every screen is drawn on the landscape canvas and laid out
    for it: its text readable at the smallest wide window, inside the canvas, and no two texts on top of each
    other; in English and in 简体中文."""
    from readable import overlapping

    from arcade.engine import i18n

    app = make_app(window=(800, 480))
    assert app.size == LANDSCAPE_SIZE
    scale = fit_canvas(MIN_LANDSCAPE, LANDSCAPE_SIZE).scale
    bad, seen = [], 0
    try:
        for lang in ("en", "zh"):
            app.set_setting("language", lang)
            for name, canvas in screens(app):
                assert canvas.get_size() in (LANDSCAPE_SIZE, app.frame_size)  # (a game or the menu: the frame)
                seen += len(canvas.pieces)
                bad += [f"{lang} {name}: {p.text!r} {p.size} px" for p in canvas.pieces
                        if p.size * scale < MIN_PX - 1e-9]
                bad += [f"{lang} {name}: {p.text!r} {p.colour} on {p.background} {p.contrast:.2f}:1"
                        for p in canvas.pieces if p.contrast < MIN_CONTRAST]
                bad += [f"{lang} {name}: {p.text!r} runs off the canvas at {tuple(p.rect)}" for p in canvas.pieces
                        if p.cut]
                bad += [f"{lang} {name}: {a!r} overlaps {b!r}" for a, b in overlapping(canvas)]
    finally:
        i18n.set_language("en")
    assert seen > 200
    assert not bad, "\n".join(sorted(set(bad)))


@pytest.mark.parametrize("window", [(480, 800), (800, 480)], ids=["portrait", "landscape"])
def test_larger_text_keeps_every_screen_readable(make_app, measured, window):
    """Text size 125 % and 150 % (Settings): small text grows, every screen still fits it: no text off the canvas,
    none over another, in English and 简体中文; the text really is larger (the measures can fail)."""
    from readable import overlapping

    from arcade.engine import assets, i18n

    app = make_app(window=window)
    bad = []
    try:
        for size in (1.25, 1.5):
            app.set_setting("text_size", size)
            assert assets.text_scale() == size
            for lang in ("en", "zh"):
                app.set_setting("language", lang)
                for name, canvas in screens(app):
                    where = f"{size:g} {lang} {name}"
                    bad += [f"{where}: {p.text!r} runs off the canvas" for p in canvas.pieces if p.cut]
                    bad += [f"{where}: {a!r} overlaps {b!r}" for a, b in overlapping(canvas)]
                    bad += [f"{where}: {p.text!r} {p.contrast:.2f}:1" for p in canvas.pieces
                            if p.contrast < MIN_CONTRAST]
    finally:
        i18n.set_language("en")
    assert not bad, "\n".join(sorted(set(bad)))


def test_the_text_size_setting_enlarges_small_text_at_once(make_app):
    from arcade.engine import assets
    from arcade.engine.ui.text import Label, render

    app = make_app()
    small, title = render("Undo", 15).get_height(), render("Settings", 40).get_height()
    label = Label(15)
    before = label.get("1,234").get_height()
    app.set_setting("text_size", 1.5)
    assert render("Undo", 15).get_height() > small * 1.3  # drawn again, larger, without a restart
    assert label.get("1,234").get_height() > before * 1.3  # a label re-renders the same text at the new size
    assert render("Settings", 40).get_height() == title  # large text keeps its size
    assert assets.scaled_size(13) == 20 and assets.scaled_size(22) == assets.LARGE_TEXT
    app.set_setting("text_size", 1.0)
    assert render("Undo", 15).get_height() == small


@pytest.mark.parametrize("window", [(840, 560), (800, 480), (2560, 1080)], ids=["canvas", "800x480", "2560x1080"])
def test_at_150_percent_no_menu_button_is_shrunk_for_a_narrow_neighbour(make_app, measured, window):
    """Text size 150 %: every label on the wide menu's buttons is drawn at least as large as the smallest text is
    promised at that setting (13 px grown by 150 %), in English and 简体中文: a long label ("Watch the AI play")
    that fits its own button is not drawn small because its row's other button is narrow (one row, one size)."""
    from readable import list_rows

    from arcade.engine import assets, i18n
    from arcade.shell.menu import MenuScene

    app = make_app(window=window)
    app.set_setting("text_size", 1.5)
    legible = assets.scaled_size(13)
    assert legible >= 19
    small, seen = [], 0
    try:
        for lang in ("en", "zh"):
            app.set_setting("language", lang)
            menu = MenuScene(app)
            app.stack.reset(menu, fade=False)
            frames(app, 1)
            canvas = drawn(app)
            for row in list_rows(menu.list, card_h=menu.list.card_h):
                for rect, label in row:
                    on = [p for p in canvas.pieces if p.text == label and rect.collidepoint(p.rect.center)]
                    assert on, f"{label!r} is not drawn on its button"
                    seen += 1
                    small += [f"{lang} {label!r}: {p.size} px (under {legible})" for p in on if p.size < legible]
    finally:
        i18n.set_language("en")
    assert seen >= 10  # the buttons (not the cards) of both languages were measured
    assert not small, "\n".join(small)
