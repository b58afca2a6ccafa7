"""2048's hooks for the house's developer tools (:mod:`arcade.dev`), named by the ``GAME`` record's ``dev_hooks``:
the parts of ``arcade bench all``, the scenes ``arcade bench frames`` times, the soak's play, the fuzzer's
invariants and a game in progress for the profile's fault matrix. Imported only by ``arcade bench``."""
from __future__ import annotations

import functools

__all__ = ["summary_parts", "frame_scenes", "soak_steps", "fuzz_check", "sample_save"]


def summary_parts(quick: bool) -> list:
    """``(title, function returning rows)`` for ``arcade bench all``: the bitboard engine, the two expectimax
    engines side by side, and a short run of the default AI."""
    from arcade.game2048.bench import ai, engine, search

    return [("bitboard engine", functools.partial(engine.summary_rows, quick)),
            ("2048 expectimax engines", functools.partial(search.summary_rows, quick)),
            ("2048 AI short run", functools.partial(ai.summary_rows, quick))]


def _key(k):
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def frame_scenes(app) -> dict:
    """name -> (make the scene, the events of frame i, target): a 4x4 and an 8x8 game sliding a tile every 6 frames,
    so most frames are drawn mid-animation."""
    import pygame

    from arcade.engine.session import Session
    from arcade.game2048.backend import BACKEND, Params
    from arcade.game2048.scene import Game2048Scene

    arrows = [pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN]

    def game(size: int):
        ref = [None]

        def make():
            ref[0] = Game2048Scene(app, session=Session(BACKEND, Params(size), 5))
            return ref[0]

        def drive(i: int) -> list:
            if i % 6:
                return []
            if ref[0].game.over:
                ref[0].new_game()
            return [_key(arrows[(i // 6) % 4])]

        return make, drive

    return {"2048 4x4 (mid-animation)": (*game(4), "<= 2 ms"), "2048 8x8 (mid-animation)": (*game(8), "<= 4 ms")}


def soak_steps(app, moves: int | None = None):
    """The soak's 2048 part: ``(what a step is, steps, generator)``. The generator yields each AI move as a function
    to time; the search before it runs in line with a 5 ms budget and is not timed (the soak measures the app's own
    memory and frames, not a worker's). Its return value counts the games."""
    from arcade.game2048 import ai
    from arcade.game2048.scene import Game2048Scene

    moves = moves or 20_000

    def steps():
        scene = Game2048Scene(app)
        app.stack.reset(scene, fade=False)
        app.step(1 / 60, [])
        params = dict(ai.defaults("expectimax"), budget_ms=5.0)
        games, played = 1, 0
        while played < moves:
            if scene.game.terminated:
                if scene.game.over:
                    scene.new_game()
                    games += 1
                else:
                    scene.keep_going()
            direction = ai.choose(scene.game.grid, "expectimax", **params).direction
            yield lambda: int(bool(direction) and scene.move(direction, by_ai=True))
            played += bool(direction)
        return f"{games} game{'s' if games != 1 else ''}"

    return "AI moves with drawing", moves, steps()


def fuzz_check(scene, previous):
    """The fuzzer's invariants for a 2048 scene on the stack: the grid is N x N with legal tiles, and the score
    never goes down except through an undo. ``previous`` is what this returned for the same scene last frame (or
    None). Returns what to hand back next frame, or None when ``scene`` is not a 2048 game; raises AssertionError
    when an invariant breaks."""
    from arcade.game2048.scene import Game2048Scene

    if not isinstance(scene, Game2048Scene):
        return None
    g = scene.game
    n = g.size
    if len(g.grid) != n or any(len(row) != n for row in g.grid):
        raise AssertionError(f"2048 grid is not {n}x{n}: {g.grid}")
    for v in (v for row in g.grid for v in row):
        if v and (v < 2 or v & (v - 1)):
            raise AssertionError(f"illegal tile {v} in {g.grid}")
    sess = scene.session
    if sess.pos and g.score < sess.states[sess.pos - 1].score:
        raise AssertionError(f"2048 score went down through a move: {sess.states[sess.pos - 1].score} -> {g.score}")
    # the same game (its log only grew) and no undo since the last frame: the score cannot fall
    undos = sum(1 for e in sess.events if e == "~u")
    count, first = len(sess.events), (sess.seed, sess.t0)  # a new game or a restart begins a new clock
    if previous is not None and previous[0] == first and count >= previous[3] and undos == previous[1] \
            and g.score < previous[2]:
        raise AssertionError(f"2048 score went down without an undo: {previous[2]} -> {g.score}")
    return first, undos, g.score, count


def sample_save() -> tuple[str, dict]:
    """``(game id, state)``: a 4x4 game 40 moves in, as its session saves it."""
    from arcade.engine.session import MemoryStore, Session
    from arcade.game2048 import ID
    from arcade.game2048.backend import BACKEND, Params

    session = Session(BACKEND, Params(4), 2048, store=MemoryStore(), clock=lambda: 0.0)
    i = 0
    while session.moves < 40 and not session.over:
        session.play(("left", "up", "right", "down")[i % 4 if i % 7 else (i // 7) % 4])
        i += 1
    return ID, session.to_dict()
