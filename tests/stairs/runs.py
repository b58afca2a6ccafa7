"""Stairs runs played the way the scene plays them (hops through a session at the world's tick, the clock run
frame by frame, a drop finished by the clock), for the replay, ghost and text tests; and the app `arcade play
stairs` runs."""
from arcade import games, shell
from arcade.engine.app import App, Options
from arcade.engine.replays import Replay, base36
from arcade.engine.storage import Profile
from arcade.engine.session import MemoryStore, Session
from arcade.stairs.autopilot import next_hop
from arcade.stairs.backend import BACKEND, RULES
from arcade.stairs.replay import check, world_at


def wrong(w) -> str:
    return "left" if next_hop(w) == "right" else "right"


def hop(session, side) -> None:
    w = session.state
    assert session.play((side, w.ticks))


def frame(session, dt) -> None:
    """One frame of the scene's clock: the world runs, and a drop that ends the run is finished."""
    w = session.state
    if not w.over:
        w.update(dt)
        if w.over and not session.over:
            session.finish(BACKEND.result(RULES, w))


def play(seed, gaps, ending="drop", frame_dt=1 / 60, rng=None, snapshots=None, store=None) -> Session:
    """A run on ``seed``: for each gap, that many seconds of frames then a correct hop; then ``ending``: "wrong"
    (a wrong side: hit or fell), "drop" (wait for the stairs) or "leave" (stop mid-run, left: abandoned). ``rng``
    jitters the frame time; ``snapshots`` collects (tick, state) before frames."""
    s = Session(BACKEND, RULES, seed, store=MemoryStore() if store is None else store)
    w = s.state
    for gap in gaps:
        left = gap
        while left > 0 and not w.over:
            if snapshots is not None and w.running:
                snapshots.append((w.ticks, state(w)))
            dt = frame_dt * (0.5 + rng.random()) if rng else frame_dt
            frame(s, dt)
            left -= dt
        if w.over:
            return s
        hop(s, next_hop(w))
    if ending == "wrong":
        hop(s, wrong(w))
    elif ending == "drop":
        while not w.over:
            frame(s, frame_dt)
    elif ending == "leave":
        s.leave()
    return s


def record(seed=9, hops=30, gap=0.25, ending="drop", best=False) -> tuple:
    """``hops`` hops ``gap`` seconds apart (a little more every third), then ``ending``: (the world, its replay as
    the session records it)."""
    s = play(seed, [gap + 0.05 * (i % 3) for i in range(hops)], ending)
    return s.state, s.replay(best=best)


def state(w):
    return (w.score, w.over, w.cause, w.ticks, w.stairs, w.obstacles, w.robot, w.time_to_drop, w.crack, tuple(w.hops))


def end_world(data):
    """The world at the end of a replay's data, checked whole."""
    run = check(data)
    return world_at(run, run.end)


def legacy_data(world) -> dict:
    """``world`` as a replay written before the session layer: ``hops`` a side letter and the ticks since the
    previous hop in base 36, per hop."""
    out, last = [], 0
    for tick, side in world.hops:
        out.append(side[0].upper() + base36(tick - last))
        last = tick
    return {"rules": 1, "seed": world.seed, "hops": "".join(out), "end": world.ticks, "cause": world.cause,
            "score": world.score}


def legacy_replay(world, best=False) -> Replay:
    return Replay("stairs", world.score, legacy_data(world), best=best, title="old")


def play_app(data_dir, fade: bool = False, **game_options) -> App:
    """The app `arcade play stairs [--seed S | --code C | --daily --date D] --data-dir DIR` runs: the menu, the
    Stairs scene pushed over it (its first-run help card opens at the first frame)."""
    seed = game_options.pop("seed", None)
    app = App(Options(mode="play", game="stairs", seed=seed, data_dir=data_dir, game_options=game_options),
              games=games.load(), profile=Profile(data_dir, sync=True))
    shell.install(app)
    scenes = shell.first_scenes(app)
    app.stack.reset(scenes[0], fade=fade)
    for s in scenes[1:]:
        app.stack.push(s, fade=False)
    return app
