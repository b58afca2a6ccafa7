"""A seeded input fuzzer over the real app loop (dummy video driver, real scenes, real stack).

Random streams of key presses and releases, mouse motion, clicks and drags, touch events, window resizes, focus
loss and quit requests, across the menu, 2048 (with and without autoplay), Stairs, pause, settings, stats and the
demo. After every frame it checks the invariants each game's hooks state (a 2048 grid stays legal, a score never
decreases except by undo or restart, a Stairs robot stands on a standing stair while alive) and that no best score
is ever lost, not even across a quit and a reload of the profile. An exception or a broken invariant stops the run
with the seed and event index, so it can be replayed; so does a scene the stack had to close (it failed) and a
saved game the app wrote but cannot read back. Frame times are recorded and printed, never asserted (the
machines are shared).
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from arcade.dev.benchkit import percentile
from arcade.dev.hooks import each
from arcade.engine.args import int_range, seed


class FuzzFailure(AssertionError):
    pass


@dataclass
class Report:
    seed: int
    events: int = 0
    frames: int = 0
    quits: int = 0
    frame_ms: list = field(default_factory=list)
    switch_frames: set = field(default_factory=set)  # indices of frames in which the scene stack changed
    start_frames: set = field(default_factory=set)  # indices of the first frame after each (re)start of the app
    scenes: dict = field(default_factory=dict)
    seconds: float = 0.0
    slow: list = field(default_factory=list)  # one dict per frame over 50 ms: where its time went

    def slow_causes(self) -> str:
        """The slow frames grouped by scene and phase (switch/events/update/draw/gc), largest first."""
        groups: dict = {}
        cpu: dict = {}
        for s in self.slow:
            phase = max(("switch", "events", "update", "draw", "gc"), key=lambda k: s[k])
            key = (s["scene"], phase, "first frame after a (re)start" if s["since_open"] == 0 else "")
            groups.setdefault(key, []).append(s["ms"])
            cpu.setdefault(key, []).append(s.get("cpu_ms", s["ms"]))
        lines = []
        for (scene, phase, fresh), ms in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            extra = f", {fresh}" if fresh else ""
            lines.append(f"    {len(ms)} x {scene}: mostly {phase}{extra} (max {max(ms):.0f} ms, "
                         f"UI-thread CPU max {max(cpu[(scene, phase, fresh)]):.0f} ms)")
        return "\n".join(lines)

    @property
    def slow_cpu_frames(self) -> int:
        """Slow frames in which the UI thread itself ran for over 50 ms of CPU time: work, not a wait for a core
        (on a busy machine a frame's wall time includes the time the scheduler gave to other processes)."""
        return sum(1 for s in self.slow if s.get("cpu_ms", s["ms"]) > 50)

    @property
    def slow_frames(self) -> int:
        return sum(1 for t in self.frame_ms if t > 50)

    @property
    def slow_start_frames(self) -> int:
        """Frames over 50 ms that were the first frame of a freshly (re)started app: start-up, not play."""
        return sum(1 for i, t in enumerate(self.frame_ms) if t > 50 and i in self.start_frames)

    @property
    def slow_switch_frames(self) -> int:
        """Frames over 50 ms in which the scene stack changed (a scene was built and entered)."""
        return sum(1 for i, t in enumerate(self.frame_ms)
                   if t > 50 and i in self.switch_frames and i not in self.start_frames)

    @property
    def slow_play_frames(self) -> int:
        """Frames over 50 ms that were neither a switch nor an app's first frame."""
        return self.slow_frames - self.slow_start_frames - self.slow_switch_frames

    def summary(self) -> str:
        fm = self.frame_ms or [0.0]
        visited = ", ".join(f"{k} {v}" for k, v in sorted(self.scenes.items(), key=lambda kv: -kv[1]))
        return (f"fuzz seed {self.seed}: {self.events} events in {self.frames} frames ({self.seconds:.0f} s), "
                f"{self.quits} quit+reload cycles, no exception, invariants held\n"
                f"  frame time median {statistics.median(fm):.2f} ms, p99 {percentile(fm, 0.99):.2f} ms, "
                f"max {max(fm):.1f} ms, frames over 50 ms: {self.slow_frames} ({self.slow_play_frames} during play, "
                f"{self.slow_switch_frames} on scene switches, {self.slow_start_frames} first frames after a (re)start); "
                f"of them {self.slow_cpu_frames} with over 50 ms of the UI thread's own CPU time\n"
                f"  frames per scene: {visited}"
                + (f"\n  slow frames by scene and phase:\n{self.slow_causes()}" if self.slow else ""))


def _pools():
    import pygame

    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_a, pygame.K_d, pygame.K_w, pygame.K_s,
            pygame.K_h, pygame.K_j, pygame.K_k, pygame.K_l, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE,
            pygame.K_BACKSPACE, pygame.K_u, pygame.K_r, pygame.K_z, pygame.K_m, pygame.K_p, pygame.K_TAB,
            pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_x, pygame.K_1, pygame.K_KP_ENTER, pygame.K_F11]
    # weights: movement and menu keys often, the rest now and then
    weights = [6, 6, 6, 6, 2, 2, 2, 2, 1, 1, 1, 1, 5, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.05]
    mods = [0] * 12 + [pygame.KMOD_LSHIFT] * 3 + [pygame.KMOD_LCTRL, pygame.KMOD_ALT]
    return keys, weights, mods


class Fuzzer:
    def __init__(self, seed: int = 0, data_dir: Path | None = None, quit_rate: float = 1 / 4000):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import pygame

        self.pg = pygame
        self.rng = random.Random(seed)
        self.report = Report(seed)
        self._tmp = None
        if data_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="arcade-fuzz-")
            data_dir = Path(self._tmp.name)
        self.data_dir = data_dir
        self.quit_rate = quit_rate
        self.keys, self.key_weights, self.mods = _pools()
        self.held_buttons: set[int] = set()
        self.best_seen: dict[str, int] = {}
        self._track: dict[tuple, object] = {}  # (game id, id of its scene) -> what its check kept last frame
        self.app = None
        self._gc_ms = 0.0
        self._gc_t0 = 0.0
        self._frames_open = 0
        gc.callbacks.append(self._gc_watch)
        self._open()

    def _gc_watch(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_t0 = time.perf_counter()
        else:
            self._gc_ms += (time.perf_counter() - self._gc_t0) * 1000

    # ----- app lifecycle -----
    def _open(self) -> None:
        from arcade import games, shell
        from arcade.engine.app import Options
        from arcade.shell.menu import MenuScene
        from arcade.engine.storage import Profile

        registry = games.load()
        self._checks = each("fuzz_check", registry)
        profile = Profile(self.data_dir)
        for k, v in self.best_seen.items():
            if profile.best(k) < v:
                raise FuzzFailure(f"best score {k} was {v}, the reloaded profile has {profile.best(k)}")
        self.app = shell.build(Options(data_dir=self.data_dir), registry, profile=profile)
        self.app.running = True
        self.app.stack.reset(MenuScene(self.app), fade=False)
        self._track.clear()
        self._frames_open = 0

    def _quit_and_reload(self) -> None:
        self.report.quits += 1
        self.app.stack.close()
        self.app.profile.close()
        self._open()

    def close(self) -> None:
        if self._gc_watch in gc.callbacks:
            gc.callbacks.remove(self._gc_watch)
        if self.app is not None:
            self.app.stack.close()
            self.app.profile.close()
            self.app = None
        if self._tmp is not None:
            self._tmp.cleanup()

    # ----- events -----
    def _pos(self):
        w, h = self.app.size
        return (self.rng.randrange(w), self.rng.randrange(h))

    def random_events(self) -> list:
        pg, r = self.pg, self.rng
        Event = pg.event.Event
        roll = r.random()
        if roll < self.quit_rate:
            if r.random() < 0.5:
                return [Event(pg.QUIT)]
            return [Event(pg.KEYDOWN, key=pg.K_q, mod=pg.KMOD_LCTRL, unicode="", scancode=0)]
        if roll < 0.45:
            k = r.choices(self.keys, self.key_weights)[0]
            mod = r.choice(self.mods)
            if k == pg.K_q:
                mod = 0
            ev = [Event(pg.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)]
            if r.random() < 0.7:
                ev.append(Event(pg.KEYUP, key=k, mod=mod, unicode="", scancode=0))
            return ev
        if roll < 0.60:
            pos = self._pos()
            return [Event(pg.MOUSEMOTION, pos=pos, rel=(r.randint(-30, 30), r.randint(-30, 30)),
                          buttons=(1 in self.held_buttons, 0, 3 in self.held_buttons), touch=False)]
        if roll < 0.75:
            pos, button = self._pos(), r.choice((1, 1, 1, 3, 2, 4))
            return [Event(pg.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
                    Event(pg.MOUSEBUTTONUP, pos=pos, button=button, touch=False)]
        if roll < 0.85:  # a drag / swipe across a few frames' worth of motion
            x, y = self._pos()
            dx, dy = r.randint(-200, 200), r.randint(-200, 200)
            ev = [Event(pg.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False)]
            for k in (1, 2, 3):
                ev.append(Event(pg.MOUSEMOTION, pos=(x + dx * k // 3, y + dy * k // 3), rel=(dx // 3, dy // 3),
                                buttons=(1, 0, 0), touch=False))
            ev.append(Event(pg.MOUSEBUTTONUP, pos=(x + dx, y + dy), button=1, touch=False))
            return ev
        if roll < 0.95:  # touch: a tap or a swipe, with SDL's synthetic mouse copy for the first finger
            fx, fy = r.random(), r.random()
            fid = r.choice((0, 0, 1))
            ex, ey = min(1, max(0, fx + r.uniform(-0.3, 0.3))), min(1, max(0, fy + r.uniform(-0.3, 0.3)))
            common = dict(touch_id=1, finger_id=fid, pressure=1.0, dx=0.0, dy=0.0)
            ev = [Event(pg.FINGERDOWN, x=fx, y=fy, **common)]
            if r.random() < 0.5:
                ev.append(Event(pg.FINGERMOTION, x=ex, y=ey, **common))
            ev.append(Event(pg.FINGERUP, x=ex, y=ey, **common))
            if fid == 0 and r.random() < 0.7:
                w, h = self.app.size
                ev.append(Event(pg.MOUSEBUTTONDOWN, pos=(int(fx * w), int(fy * h)), button=1, touch=True))
                ev.append(Event(pg.MOUSEBUTTONUP, pos=(int(ex * w), int(ey * h)), button=1, touch=True))
            return ev
        kind = r.choice(("focus", "resize", "minimise", "wheel"))
        if kind == "focus":
            return [Event(pg.WINDOWFOCUSLOST), Event(pg.WINDOWFOCUSGAINED)] if r.random() < 0.8 else [Event(pg.WINDOWFOCUSLOST)]
        if kind == "resize":
            w, h = r.randint(1, 4000), r.randint(1, 4000)
            return [Event(pg.VIDEORESIZE, size=(w, h), w=w, h=h), Event(pg.WINDOWRESIZED, x=w, y=h)]
        if kind == "minimise":
            return [Event(pg.WINDOWMINIMIZED), Event(pg.WINDOWRESTORED)]
        return [Event(pg.MOUSEWHEEL, x=0, y=r.choice((-1, 1)), flipped=False, precise_x=0.0, precise_y=1.0, touch=False)]

    # ----- invariants -----
    def check(self) -> None:
        """Every game's own invariants (its hooks' ``fuzz_check``) on every scene of the stack, then the profile's:
        no best score ever goes down."""
        seen = set()
        for s in self.app.stack.scenes + [getattr(s, "child", None) for s in self.app.stack.scenes]:
            if s is None:
                continue
            for game, hook in self._checks:
                key = (game.id, id(s))
                try:
                    state = hook(s, self._track.get(key))
                except AssertionError as e:
                    raise FuzzFailure(str(e)) from None
                if state is not None:
                    seen.add(key)
                    self._track[key] = state
        for key in list(self._track):
            if key not in seen:
                del self._track[key]
        for w in self.app.profile.warnings:  # nothing here writes a bad file: a save the app cannot read is a bug
            if "could not be restored" in w:
                raise FuzzFailure(w)
        for k, v in self.app.profile.data["best"].items():
            if v < self.best_seen.get(k, 0):
                raise FuzzFailure(f"best score {k} went down: {self.best_seen[k]} -> {v}")
            self.best_seen[k] = v

    # ----- the run -----
    def run(self, events: int = 100_000, progress: bool = False) -> Report:
        rep = self.report
        t_start = time.perf_counter()
        dts = (1 / 60, 1 / 60, 1 / 60, 1 / 30, 1 / 144, 0.25)
        while rep.events < events:
            batch = []
            for _ in range(self.rng.choice((0, 1, 1, 1, 2, 3))):
                batch.extend(self.random_events())
            rep.events += len(batch)
            dt = self.rng.choice(dts)
            before = list(self.app.stack.scenes)
            errors = self.app.stack.errors
            self._gc_ms = 0.0
            cpu0 = time.thread_time()
            try:
                self.app.step(dt, batch)
            except Exception as e:
                raise FuzzFailure(f"seed {rep.seed}, event {rep.events}: {type(e).__name__}: {e}") from e
            if self.app.stack.errors > errors:  # the stack closed a failing scene: the player would see it
                raise FuzzFailure(f"seed {rep.seed}, event {rep.events}: {self.app.stack.last_error}")
            if self.app.stack.scenes != before:
                rep.switch_frames.add(rep.frames)
            if self._frames_open == 0:
                rep.start_frames.add(rep.frames)
            ms = self.app.frame_ms[-1]
            cpu_ms = (time.thread_time() - cpu0) * 1000
            top = self.app.stack.top
            name = type(top).__name__ if top is not None else "-"
            if ms > 50:
                sw, evt, upd, drw = self.app.frame_phases
                rep.slow.append({"frame": rep.frames, "ms": ms, "cpu_ms": cpu_ms, "scene": name, "switch": sw, "events": evt,
                                 "update": upd, "draw": drw, "gc": self._gc_ms, "since_open": self._frames_open,
                                 "event_types": sorted({self.pg.event.event_name(e.type) for e in batch})})
            self._frames_open += 1
            rep.frames += 1
            rep.frame_ms.append(ms)
            rep.scenes[name] = rep.scenes.get(name, 0) + 1
            self.check()
            if not self.app.running or not self.app.stack.scenes:
                self._quit_and_reload()
            if progress and rep.frames % 500 == 0:
                print(f"\r  fuzz: {rep.events}/{events} events", end="", file=sys.stderr, flush=True)
        if progress:
            print(file=sys.stderr)
        rep.seconds = time.perf_counter() - t_start
        return rep


def fuzz(events: int = 100_000, seed: int = 0, progress: bool = False) -> Report:
    f = Fuzzer(seed)
    try:
        return f.run(events, progress)
    finally:
        f.close()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--events", type=int_range(1, 10**8), default=100_000, help="events to send (default 100000)")
    parser.add_argument("--seed", type=seed, default=0)


def run(args) -> int:
    try:
        rep = fuzz(args.events, args.seed, progress=True)
    except FuzzFailure as e:
        print(f"fuzz FAILED: {e}", file=sys.stderr)
        return 1
    print(rep.summary())
    return 0
