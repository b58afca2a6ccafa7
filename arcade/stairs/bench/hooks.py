"""Stairs' hooks for the house's developer tools (:mod:`arcade.dev`), named by the ``GAME`` record's ``dev_hooks``:
the part of ``arcade bench all``, the scene ``arcade bench frames`` times, the soak's climb and the fuzzer's
invariants. Imported only by ``arcade bench``."""
from __future__ import annotations

__all__ = ["summary_parts", "frame_scenes", "soak_steps", "fuzz_check"]


def summary_parts(quick: bool) -> list:
    """``(title, function returning rows)`` for ``arcade bench all``: the alias sampler and the stair world."""
    from arcade.stairs.bench import sampler

    return [("sampler and stair world", sampler.summary_rows)]


def _hop_key(side: str):
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT if side == "left" else pygame.K_RIGHT, mod=0,
                              unicode="", scancode=0)


def frame_scenes(app) -> dict:
    """name -> (make the scene, the events of frame i, target): a player's climb, the autopilot's hop every 12
    frames (5 a second), so frames show hops in the air, falling stairs and the sky's cross-fades."""
    from arcade.stairs.autopilot import next_hop
    from arcade.stairs.scene import StairsScene

    ref = [None]

    def make():
        ref[0] = StairsScene(app)
        return ref[0]

    def hop(i: int) -> list:
        s = ref[0]
        if s.world.over:
            s.restart()
        return [_hop_key(next_hop(s.world))] if i % 12 == 0 else []

    return {"stairs (mid-climb)": (make, hop, "<= 2 ms")}


def soak_steps(app, stairs: int | None = None):
    """The soak's Stairs part: ``(what a step is, steps, generator)``; a step is a hop on the autopilot's side and
    two frames (the generator yields the hop and a frame as one function; the soak draws the second). Its return
    value counts the runs."""
    from arcade.stairs.autopilot import next_hop
    from arcade.stairs.scene import StairsScene

    stairs = stairs or 5000

    def steps():
        scene = StairsScene(app)
        app.stack.reset(scene, fade=False)
        app.step(1 / 60, [])
        climbed, runs = 0, 1
        while climbed < stairs:
            if scene.world.over:
                scene.restart()
                runs += 1
            side = next_hop(scene.world)
            before = scene.world.score

            def hop() -> int:
                scene.handle(_hop_key(side))
                app.stack.begin_frame()
                app.stack.update(1 / 60)
                app.stack.draw(app.screen)
                return max(0, scene.world.score - before)

            yield hop
            climbed += max(0, scene.world.score - before)
        return f"{runs} run{'s' if runs != 1 else ''}"

    return "stairs on the autopilot", stairs, steps()


def fuzz_check(scene, previous):
    """The fuzzer's invariants for a Stairs scene on the stack: the score never goes down within a run, and while
    the robot is alive it stands on a stair that is still there. ``previous`` is what this returned for the same
    scene last frame (or None). Returns what to hand back next frame, or None when ``scene`` is not Stairs; raises
    AssertionError when an invariant breaks."""
    from arcade.stairs.scene import StairsScene

    if not isinstance(scene, StairsScene):
        return None
    w = scene.world
    if previous is not None and previous[0] is w and w.score < previous[1]:
        raise AssertionError(f"stairs score went down: {previous[1]} -> {w.score}")
    if not w.over and w.robot_stair not in w.stairs:
        raise AssertionError("the robot stands on a stair that is gone while alive")
    return w, w.score
