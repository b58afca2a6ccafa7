"""The pure AI controller with a fake worker: what it asks, when it plays, how it survives failures."""
from types import SimpleNamespace

from arcade.game2048.autoplay import AIController

G1 = ((2, 0, 0, 0),) + ((0,) * 4,) * 3
G2 = ((0, 0, 0, 2),) + ((0,) * 4,) * 3


class FakeWorker:
    def __init__(self):
        self.requests, self.replies, self.cancelled, self.closed = [], [], 0, False

    def request(self, *args, budget=None):
        self.requests.append(args)

    def poll(self):
        return self.replies.pop(0) if self.replies else None

    def cancel(self):
        self.cancelled += 1

    def close(self):
        self.closed = True

    def answer(self, direction=None, error="", restarted=False):
        value = SimpleNamespace(direction=direction, scores={}) if not error else None
        self.replies.append(SimpleNamespace(value=value, error=error, restarted=restarted))


def make(speed=10):
    w = FakeWorker()
    return AIController(lambda: w, strategy=lambda: "expectimax", speed=speed), w


def test_autoplay_asks_then_plays_at_its_speed():
    ai, w = make(speed=2)  # 2 moves a second
    ai.set_autoplay(True)
    assert ai.update(0.0, G1, False) is None and w.requests == [(G1, "expectimax")]
    w.answer("left")
    assert ai.update(0.01, G1, False) == "left"  # the first move goes at once
    ai.moved(by_ai=True)
    assert ai.update(0.01, G2, False) is None and len(w.requests) == 2
    w.answer("up")
    assert ai.update(0.1, G2, False) is None  # ready, but the 0.5 s interval has not passed
    assert ai.update(0.45, G2, False) == "up"
    assert ai.moves == 1


def test_an_answer_for_an_old_board_is_dropped_and_asked_again():
    ai, w = make()
    ai.set_autoplay(True)
    ai.update(0.0, G1, False)
    w.answer("left")
    assert ai.update(0.5, G2, False) is None  # the player moved meanwhile
    assert ai.update(0.0, G2, False) is None and w.requests[-1] == (G2, "expectimax")


def test_hint_is_shown_for_its_board_and_cleared_by_a_move():
    ai, w = make()
    ai.ask_hint(G1)
    w.answer("right")
    ai.update(0.0, G1, False)
    assert ai.hint == "right" and ai.hint_for == G1
    ai.moved(by_ai=False)
    assert ai.hint is None


def test_an_error_stops_autoplay_and_shows_one_line():
    ai, w = make()
    ai.set_autoplay(True)
    ai.update(0.0, G1, False)
    w.answer(error="ValueError: bad board\nmore detail")
    ai.update(0.0, G1, False)
    assert not ai.autoplay and ai.error == "ValueError: bad board"


def test_a_restarted_worker_does_not_stop_autoplay():
    ai, w = make()
    ai.set_autoplay(True)
    ai.update(0.0, G1, False)
    w.answer(error="the AI stopped answering", restarted=True)
    ai.update(0.0, G1, False)
    assert ai.autoplay and ai.notice == "AI restarted" and not ai.error
    ai.update(0.0, G1, False)
    assert len(w.requests) == 2  # asked again


def test_new_game_forgets_the_last_games_decision():
    ai, w = make()
    ai.ask_hint(G1)
    w.answer("left")
    ai.update(0.0, G1, False)
    assert ai.decision is not None
    ai.new_game()
    assert ai.decision is None and ai.hint is None and ai.moves == 0 and w.cancelled


def test_speed_steps_clamp_at_both_ends():
    ai, _ = make(speed=1)
    assert ai.change_speed(-1) == 1
    for _ in range(20):
        ai.change_speed(1)
    assert ai.moves_per_second == 0  # "as fast as it thinks" is the top step


def test_warming_follows_the_worker_and_the_panel_says_so(monkeypatch):
    import pygame

    from arcade.game2048 import hud as hud_mod

    ai, w = make()
    assert not ai.warming                 # no worker yet
    ai.set_autoplay(True)
    ai.update(0.0, G1, False)
    w.warming = True
    assert ai.warming
    said = []
    real_fit = hud_mod.fit
    monkeypatch.setattr(hud_mod, "fit", lambda text, *a, **k: said.append(text) or real_fit(text, *a, **k))
    surface = pygame.Surface((480, 800))
    hud_mod.Hud().draw_ai_panel(surface, "expectimax", ai, G1)
    assert any(t.startswith("starting the AI") for t in said)
    w.warming, said[:] = False, []
    hud_mod.Hud().draw_ai_panel(surface, "expectimax", ai, G1)
    assert not ai.warming and not any(t.startswith("starting the AI") for t in said)


def test_the_first_answer_does_not_wait_for_the_compiled_searches(monkeypatch):
    """A first start on a machine compiles the searches (seconds to tens of seconds): the worker answers from the
    uncompiled search meanwhile (expectimax on the numpy layers), then with the strategy asked for."""
    import threading

    from arcade.game2048 import autoplay, rules

    release = threading.Event()
    monkeypatch.setattr(autoplay, "compile_searches", lambda: release.wait(120))  # a compilation that never ends
    monkeypatch.setattr(autoplay, "_compiling", [])
    grid = ((2, 4, 8, 16), (0, 2, 32, 64), (0, 0, 4, 256), (2, 0, 8, 1024))
    legal = {d for d in rules.DIRECTIONS if rules.slide_grid(grid, d)[2]}
    autoplay.warm()
    try:
        first = autoplay.think(grid, "mcts")
        assert autoplay._compiling[0].is_alive(), "the answer waited for the compilation"
        assert first.strategy == autoplay.UNCOMPILED and first.direction in legal
    finally:
        release.set()
        autoplay._compiling[0].join(60)
    later = autoplay.think(grid, "mcts")
    assert later.strategy == "mcts" and later.direction in legal


def test_every_game_with_compiled_searches_compiles_them_at_set_up(capsys):
    from types import SimpleNamespace

    from arcade.dev.precompile import precompile
    from arcade.games import load

    games = load()
    assert games["2048"].compiled and games["tictactoe"].compiled
    calls = []

    def broken():
        raise RuntimeError("no compiler here")

    fakes = [SimpleNamespace(id="a", compiled=broken), SimpleNamespace(id="b", compiled=lambda: calls.append("b")),
             SimpleNamespace(id="c", compiled="")]
    assert precompile(fakes) == 1 and calls == ["b"]  # one failure reported, the others still run
    out = capsys.readouterr().out
    assert "precompile: a: RuntimeError: no compiler here" in out and "precompile: b ready" in out
