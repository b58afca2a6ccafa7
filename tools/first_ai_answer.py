"""The first AI answer a player meets: seconds from Shift+A in a new 2048 game (a fresh profile, the board shown for
SECONDS first, default 0) to the AI's first move, with the real worker process. Run it in a fresh clone set up by
``make`` (docs/benchmarks.md, "The first AI answer"):

    .venv/bin/python tools/first_ai_answer.py 1
"""
import os, sys, tempfile, time
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

def main():
    import pygame
    from arcade.engine.app import App, Options
    from arcade.engine.storage import Profile
    from arcade.game2048 import scene as sc
    data = tempfile.mkdtemp()
    from arcade.games import load
    app = App(Options(data_dir=data), games=load(), profile=Profile(data, sync=True))
    app.profile.set("help.2048", True)
    s = sc.Game2048Scene(app)
    app.stack.reset(s, fade=False)
    app.step(1/60, [])
    time.sleep(float(sys.argv[1]) if len(sys.argv) > 1 else 0.0)  # the player looks at the board first
    t0 = time.perf_counter()
    app.step(1/60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LSHIFT, unicode="A", scancode=0)])
    first = None
    while time.perf_counter() - t0 < 120:
        app.step(1/60, [])
        if first is None and s.ai.moves >= 1:
            first = time.perf_counter() - t0
        if first is not None and s.ai.moves >= 20:
            break
        time.sleep(0.005)
    print(f"first AI move {first:.2f} s after Shift+A; {s.ai.moves} moves after {time.perf_counter() - t0:.1f} s")
    s.ai.close()

if __name__ == "__main__":
    main()
