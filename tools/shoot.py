"""Play arcade headless with scripted input and save screenshots: playshot's steps without a virtual screen.

    .venv/bin/python tools/shoot.py [-o DIR] STEP... [-- ARCADE-ARGS...]

The app is built from ARCADE-ARGS exactly as ``arcade`` builds it (the same parser, options and first scenes) on
SDL's dummy video driver, and runs at 60 frames a second of real time, each frame advancing the game by exactly
1/60 s (as ``arcade --frames N --screenshot FILE`` does), so a script gives the same pictures on any machine, save
where an AI thinks on a wall-clock budget. Input goes through the window's own event queue, so it is mapped to the
canvas like a player's. Steps (playshot's language):

    key:NAME          a key press and release: space, Return, Escape, Left, a, shift+a, A (= shift+a), ctrl+z, F11 ...
    click:X,Y         a left click at window pixel X,Y        rclick:X,Y   a right click
    drag:X1,Y1,X2,Y2  press, move, release (a swipe)
    wait:SECONDS      let the game run (SECONDS * 60 frames)
    shot:NAME         save DIR/NAME.png: the window as shown (``App.save_screenshot``)

Every input step is followed by 9 frames (150 ms), as in playshot. When the script ends the app quits like a
player's Ctrl+Q (every scene saves).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

FPS = 60
AFTER_INPUT = 9  # frames after an input step (playshot waits 150 ms)
NAMES = {"Return": "return", "Escape": "escape", "BackSpace": "backspace", "Left": "left", "Right": "right",
         "Up": "up", "Down": "down", "Tab": "tab", "Home": "home", "End": "end", "plus": "+", "minus": "-",
         "question": "?"}


def key_events(name: str) -> list:
    """KEYDOWN and KEYUP for an xdotool-style key name (``shift+a``, ``A``, ``ctrl+z``, ``Return`` ...)."""
    *mods, key = name.split("+") if name != "+" else ["+"]
    mod = 0
    for m in mods:
        mod |= {"shift": pygame.KMOD_LSHIFT, "ctrl": pygame.KMOD_LCTRL, "alt": pygame.KMOD_LALT}[m.lower()]
    if len(key) == 1 and key.isalpha() and key.isupper():
        mod |= pygame.KMOD_LSHIFT
    code = pygame.key.key_code(NAMES.get(key, key.lower()))
    char = key if len(key) == 1 else {"space": " ", "Return": "\r"}.get(key, "")
    if len(char) == 1 and char.isalpha():
        char = char.upper() if mod & pygame.KMOD_SHIFT else char.lower()
    return [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=char, scancode=0)]


def mouse_events(kind: str, arg: str) -> list:
    """The window events of a click, right click or drag at window pixels."""
    nums = [int(v) for v in arg.split(",")]
    if kind in ("click", "rclick"):
        pos, button = tuple(nums), 1 if kind == "click" else 3
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)]
    x1, y1, x2, y2 = nums
    mid = ((x1 + x2) // 2, (y1 + y2) // 2)
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x1, y1), button=1, touch=False),
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(mid[0] - x1, mid[1] - y1), buttons=(1, 0, 0),
                               touch=False),
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x2, y2), rel=(x2 - mid[0], y2 - mid[1]), buttons=(1, 0, 0),
                               touch=False),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x2, y2), button=1, touch=False)]


def main(argv: list[str]) -> int:
    from arcade import cli, games as registry, shell

    out = Path("shots")
    if argv[:1] == ["-o"]:
        out, argv = Path(argv[1]), argv[2:]
    split = argv.index("--") if "--" in argv else len(argv)
    steps, arcade_args = argv[:split], argv[split + 1:]
    games = registry.load()
    args = cli.build_parser(games).parse_args(arcade_args)
    replay = cli.load_replay(args.file, games) if args.command == "replay" else None
    out.mkdir(parents=True, exist_ok=True)

    app = shell.build(cli.make_options(args, replay, cli.session_options(args, games)), games)
    scenes = shell.first_scenes(app)
    app.stack.reset(scenes[0], fade=True)
    for s in scenes[1:]:
        app.stack.push(s, fade=False)
    app.running = True
    clock = pygame.time.Clock()

    def frames(n: int) -> None:
        for _ in range(n):
            clock.tick(FPS)
            app.step(1 / FPS)
            app.present()

    try:
        frames(AFTER_INPUT)
        for step in steps:
            kind, _, arg = step.partition(":")
            if kind == "wait":
                frames(round(float(arg) * FPS))
            elif kind == "shot":
                app.save_screenshot(out / f"{arg}.png")
                print(out / f"{arg}.png")
            elif kind in ("key", "click", "rclick", "drag"):
                for e in key_events(arg) if kind == "key" else mouse_events(kind, arg):
                    pygame.event.post(e)
                frames(AFTER_INPUT)
            else:
                print(f"unknown step: {step}", file=sys.stderr)
                return 2
            if not app.running:
                print(f"the app quit at step {step}", file=sys.stderr)
                return 1
    finally:
        app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
