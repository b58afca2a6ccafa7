"""2048 for a player: "+N" floats in their lane and combined when moves come fast, the AI panel folded until the AI
is used, AI-assisted games kept apart from the player's bests and stats, a new board size offered, not forced."""
import pygame
import pytest

from arcade.engine.session import Session
from arcade.game2048 import best_key, hud
from arcade.game2048 import scene as sc
from arcade.game2048.backend import BACKEND, Params
from helpers import frames, key, settle


def Game(size, seed):
    return Session(BACKEND, Params(size), seed)


def start(app, game=None, **kw):
    app.profile.set("help.2048", True)
    s = sc.Game2048Scene(app, session=game, **kw)
    app.stack.reset(s, fade=False)
    frames(app, 1)
    return s


def test_a_float_rises_out_of_the_score_box_as_it_fades():
    h = hud.Hud()
    window = pygame.Rect(0, 0, 480, 800)
    score = hud.LAYOUT["score"]
    h.add_float(131072)
    seen = []
    for _ in range(40):
        for r, _, k in h.float_rects():
            assert window.contains(r)
            assert not r.colliderect(hud.LAYOUT["best"]) and not r.colliderect(hud.LAYOUT["new"])
            seen.append((r.centery, k))
        h.update(1 / 60)
    assert h.floats == []  # gone after its 0.6 s
    (y0, k0), (y1, k1) = seen[0], seen[-1]
    assert score.top < y0 < score.bottom and k0 == 0  # it starts on the score's number, fully drawn ...
    assert y1 < score.top and k1 > 0.9  # ... and leaves the box at the top as it fades
    assert all(a[0] >= b[0] for a, b in zip(seen, seen[1:]))  # always rising


def test_fast_gains_combine_into_one_float_with_the_sum():
    h = hud.Hud()
    for gained in (4, 8, 16, 32):  # autoplay: a move every 1/30 s
        h.add_float(gained)
        h.update(1 / 30)
    assert [points for _, points in h.floats] == [60]
    h.update(hud.FLOAT_MERGE + 0.01)
    h.add_float(4)  # after a pause: a float of its own, in place of the old one
    assert [points for _, points in h.floats] == [4]


def test_floats_never_draw_over_each_other():
    h = hud.Hud()
    for i in range(40):  # a gain every 0.35 s: past the merge window, inside a float's 0.6 s life
        h.add_float(2 ** (i % 10 + 1))
        for _ in range(21):
            rects = [r for r, _, _ in h.float_rects()]
            assert len(rects) <= 1 or not any(a.colliderect(b) for k, a in enumerate(rects) for b in rects[k + 1:])
            h.update(1 / 60)


def test_ai_panel_is_folded_until_the_ai_is_used_and_i_toggles_it(app):
    s = start(app)
    assert not s.panel_open
    panel = hud.LAYOUT["panel"]
    folded = app.screen.get_at((panel.x + 30, panel.y + 60))
    frames(app, 1, events=[key(pygame.K_i)])
    assert s.panel_open and app.screen.get_at((panel.x + 30, panel.y + 60)) != folded  # the panel is drawn
    frames(app, 1, events=[key(pygame.K_i)])
    assert not s.panel_open
    s.do("hint")
    assert s.panel_open


def test_new_game_clears_the_ai_panel(app):
    s = start(app)
    s.ai.decision = object()
    s.ai.moves = 12
    s.do("new")
    assert s.ai.decision is None and s.ai.moves == 0


def test_ai_assisted_games_are_kept_apart_from_the_players(app):
    s = start(app, Game(4, seed=3))
    for d in ("left", "up", "right", "down") * 3:
        s.move(d)
    player_score = s.game.score
    assert app.profile.best(best_key(4)) == player_score
    s.move("left", by_ai=True) or s.move("up", by_ai=True) or s.move("right", by_ai=True)
    assert s.assisted
    assert app.profile.best(best_key(4)) == player_score  # the AI's points are not the player's best
    again = sc.make_scene(app, resume=True)
    assert again.assisted  # a continued assisted game stays assisted
    s.new_game()
    rec, = app.profile.history("2048")
    assert rec["by"] == "ai" and rec["outcome"] == "abandoned" and rec["score"] > player_score
    assert not s.assisted


def test_board_size_changed_mid_game_asks_and_never_throws_the_game_away(app):
    from arcade.engine.ui.ask import AskOverlay

    s = start(app, Game(4, seed=5))
    s.move("left") or s.move("right")
    moves = s.game.moves
    app.profile.set("2048.size", 5)
    s.uncover()  # back from the pause overlay's settings
    frames(app, 1)
    ask = app.stack.top
    assert isinstance(ask, AskOverlay) and ask.keys() == ["new", "keep"]
    frames(app, 1, events=[key(pygame.K_DOWN), key(pygame.K_RETURN)])  # keep playing 4x4
    settle(app, 0.3)
    assert s.game.size == 4 and s.game.moves == moves
    s.uncover()
    frames(app, 1)
    assert app.stack.top is s  # asked once for that size
    app.profile.set("2048.size", 6)
    s.uncover()
    frames(app, 1, events=[key(pygame.K_RETURN)])  # a new 6x6 game
    settle(app, 0.3)
    assert s.game.size == 6 and s.game.moves == 0


def test_a_fresh_game_takes_the_new_size_at_once(app):
    s = start(app, Game(4, seed=5))
    app.profile.set("2048.size", 3)
    s.uncover()
    assert s.game.size == 3


def _until(app, cond, seconds=90):
    import time

    deadline = time.monotonic() + seconds
    while not cond() and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.01)
    return cond()


def test_the_open_ai_panel_always_describes_the_board_on_screen(app):
    from arcade.game2048 import rules

    s = start(app, Game(4, 7))
    frames(app, 1, events=[key(pygame.K_i)])
    assert s.panel_open
    assert _until(app, lambda: s.ai.decision_about(s.game.grid) is not None)

    def legal(grid):
        return {d for d in rules.DIRECTIONS if rules.slide_grid(grid, d)[2]}

    for event in (key(pygame.K_LEFT), key(pygame.K_UP), key(pygame.K_u)):  # two moves by hand, then an undo
        before = s.game.grid
        frames(app, 1, events=[event])
        assert s.game.grid != before

        def shown_is_about_the_board():  # checked on every frame until the fresh analysis is in
            d = s.ai.decision_about(s.game.grid)
            assert d is None or {k for k, v in d.scores.items() if v is not None} == legal(s.game.grid)
            return d is not None

        assert _until(app, shown_is_about_the_board)
        assert s.ai.decision_about(before) is None or before == s.game.grid
        assert s.ai.decision_about(s.game.grid).direction in legal(s.game.grid)


def test_game_over_veils_the_board_like_the_original():
    surface = pygame.Surface((480, 800))
    surface.fill((237, 194, 46))  # a board of bright tiles
    hud.Hud().draw_end_panel(surface, won=False, over=True, k=1.0)
    b = hud.LAYOUT["board"]
    got = surface.get_at((b.x + 2, b.bottom - 3))[:3]
    want = [round(238 * 0.73 + c * 0.27) for c in (237, 194, 46)][:1] + \
        [round(a * 0.73 + c * 0.27) for a, c in ((228, 194), (218, 46))]
    assert all(abs(g - w) <= 2 for g, w in zip(got, want)), (got, want)


def test_the_goal_line_states_the_win_tile_of_the_board(app, monkeypatch):
    said = []
    real_fit = hud.fit
    monkeypatch.setattr(hud, "fit", lambda text, *a, **k: said.append(text) or real_fit(text, *a, **k))
    s = start(app, Session(BACKEND, BACKEND.parse_params("3x3"), 2))
    frames(app, 1)
    assert "Join the tiles, get to 256!" in said and s.session.params.target == 256
    said.clear()
    start(app, Session(BACKEND, BACKEND.parse_params("5x5"), 2))
    assert "Join the tiles, get to 2048!" in said


def test_the_ai_panel_keeps_its_bars_through_autoplay_and_labels_a_gone_boards(app, monkeypatch):
    """At 10 moves a second the analysis of the board on screen is in for only part of each move's time: between
    a move and the next analysis the panel shows the last move's bars, labelled so, never an empty panel."""
    drawn, said = [], []
    real_bars, real_fit = hud.Hud._bars, hud.fit
    monkeypatch.setattr(hud.Hud, "_bars", lambda self, surface, area, d: drawn.append(d) or real_bars(
        self, surface, area, d))
    monkeypatch.setattr(hud, "fit", lambda text, *a, **k: said.append(text) or real_fit(text, *a, **k))
    s = start(app, Game(4, 11))
    frames(app, 1, events=[key(pygame.K_a, mod=pygame.KMOD_LSHIFT)])
    assert s.ai.autoplay and s.panel_open
    assert _until(app, lambda: s.ai.moves >= 2)
    import time

    label = "bars of the last move · thinking..."
    stale = current = 0
    for _ in range(120):
        drawn.clear(), said.clear()
        frames(app, 1)
        time.sleep(0.005)
        assert drawn and drawn[-1] is not None, "a blank AI panel during autoplay"
        if s.ai.decision_about(s.game.grid) is drawn[-1]:
            current += 1
            assert label not in said
        else:
            stale += 1
            assert label in said, "a gone board's bars without their label"
    assert s.ai.moves > 4 and stale and current


def ink(surface: pygame.Surface, at: pygame.Rect) -> pygame.Rect:
    """The rectangle of a text's visible pixels when the text is drawn in ``at``."""
    return surface.get_bounding_rect(min_alpha=32).move(at.topleft)


def digits(h, score: int, size=(840, 800)) -> pygame.Rect:
    """Where the score box draws the number ``score``: what differs from the box drawn with no number."""
    with_number, without = pygame.Surface(size), pygame.Surface(size)
    h.draw_top(with_number, score, 0, False, False, True)
    h.labels["score"].get = lambda text, real=h.labels["score"].get: real("")
    h.draw_top(without, score, 0, False, False, True)
    del h.labels["score"].get
    diff = [(x, y) for x in range(h.layout["score"].left, h.layout["score"].right)
            for y in range(h.layout["score"].top, h.layout["score"].bottom)
            if with_number.get_at((x, y)) != without.get_at((x, y))]
    xs, ys = [x for x, _ in diff], [y for _, y in diff]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.parametrize("layout", ["portrait", "landscape"])
@pytest.mark.parametrize("gained, score", [(4, 8), (131072, 3932100)])
def test_the_float_never_covers_the_scores_digits(layout, gained, score):
    """From its first frame to its last, the "+N" stays clear of the number in the score box: the new score
    reads at once."""
    h = hud.Hud(hud.LAYOUT if layout == "portrait" else hud.LANDSCAPE)
    number = digits(h, score)
    h.add_float(gained)
    frames_seen = 0
    while h.floats:
        for r, lab, k in h.float_rects():
            assert not ink(lab, r).colliderect(number), (h.floats, ink(lab, r), number)
            frames_seen += 1
        h.update(1 / 60)
    assert frames_seen >= 30


def test_the_new_score_reads_in_the_first_frames_after_a_merge(app):
    """From the menu on a fresh profile, a merging move: in each of the float's first frames the score box's number
    is drawn exactly as it is with no float."""
    from arcade.game2048 import rules
    from helpers import open_from_menu

    app.seed = 3
    card = open_from_menu(app, "play:2048")
    settle(app, 0.4)
    frames(app, 1, events=[key(pygame.K_SPACE)])  # the first-run help card
    settle(app, 0.4)
    s = app.stack.top
    assert isinstance(s, sc.Game2048Scene) and card is not s
    keys = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}
    for _ in range(20):  # until a move merges tiles
        grid = s.game.grid
        gaining = [d for d in keys if rules.slide(grid, d).gained]
        if gaining:
            break
        frames(app, 1, events=[key(keys[next(d for d in keys if rules.slide(grid, d).moved)])])
        settle(app, 0.7)
    frames(app, 1, events=[key(keys[gaining[0]])])
    assert s.hud.floats and s.game.score > 0
    for _ in range(12):  # the first 200 ms
        clean = app.screen.copy()
        s.hud._score_box(clean, "score", "SCORE", s.game.score)
        at = digits(hud.Hud(s.hud.layout), s.game.score)
        assert not [(x, y) for x in range(at.left, at.right) for y in range(at.top, at.bottom)
                    if app.screen.get_at((x, y)) != clean.get_at((x, y))], "the float covers the score"
        frames(app, 1)
