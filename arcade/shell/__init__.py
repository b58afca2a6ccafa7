"""The shell: the menu, pause overlay, settings scene, stats, help cards, demo and attract mode, and the
preloader. It knows the games only through their ``GAME`` records in the app's registry, and offers its scenes to
the games as services by name (``app.open("pause", ...)``): a game never imports the shell."""
from __future__ import annotations

import os


def install(app) -> None:
    """Register the shell's services on ``app``."""
    from arcade.shell import help, pause, settings_scene
    from arcade.shell.menu import MenuScene

    app.services.update({
        "home": MenuScene,
        "pause": pause.open_pause,
        "help": help.open_help,
        "settings": settings_scene.open_settings,
    })


def build(options=None, games=None, **kwargs):
    """An :class:`arcade.engine.app.App` with the games (default: the registry) and the shell's services installed.
    ``kwargs`` go to the App (``profile=``, ``audio=``)."""
    from arcade import games as registry
    from arcade.engine.app import App

    app = App(options, games=registry.load() if games is None else games, **kwargs)
    install(app)
    return app


def first_scenes(app) -> list:
    """The scenes to start with for the app's options (bottom first)."""
    from arcade.shell.menu import MenuScene

    menu = MenuScene(app)
    o = app.options
    if o.mode == "play" and o.game:
        entry = app.registry[o.game]
        options = dict(o.game_options)
        resume = not options.pop("new", False)  # `arcade play NAME` continues a saved game; --new starts afresh
        return [menu, entry.make_scene(app, resume=resume, **options)]
    if o.mode == "replay" and o.replay is not None:
        return [menu, app.registry[o.replay.game].make_replay(app, o.replay)]
    if o.mode == "demo":
        from arcade.shell.demo import DemoScene

        return [menu, DemoScene(app)]
    return [menu]


def run(options, games) -> int:
    """Open the window and run the app until it quits."""
    os.environ.setdefault("SDL_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR", "0")
    app = build(options, games)
    scenes = first_scenes(app)
    app.stack.reset(scenes[0], fade=True)
    for s in scenes[1:]:
        app.stack.push(s, fade=False)
    return app.run()
