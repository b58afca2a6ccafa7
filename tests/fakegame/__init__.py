"""A game the house has never heard of, plugged in by the tests the way a new game package would be: one
``GAME`` record. It proves that the menu, demo, stats, settings, help and ``arcade play`` need nothing else."""
from arcade.engine.plugin import Bars, Best, GameInfo, HelpCard, Option
from arcade.engine.settings import Spec


def _stats(history):
    return [Bars("Boxes stacked", [r.get("boxes", 0) for r in history[-5:]])]


def make(id="box", title="Box", scene="fakegame.scene", **kw):
    """A fake game record (another id, a failing scene module ...)."""
    return GameInfo(
        id=id, title=title, scene=scene, blurb="Stack the boxes",
        best=kw.pop("best", Best()),
        settings=kw.pop("settings", (Spec(f"{id}.colour", "Box colour", "red", "choice",
                                          (("red", "Red"), ("blue", "Blue")), section=id),)),
        help=HelpCard(f"How to play {title}", (("Space", "stack a box"), ("", "Stack them high."))),
        stats=_stats,
        options=(Option(("--shape",), "shape", {"choices": ("wide", "tall"), "help": "the stack's shape"}),),
        backend=kw.pop("backend", "fakegame.backend:BACKEND" if id == "box" else ""),
        replay=kw.pop("replay", "fakegame.replay" if id == "box" else ""),
        **kw,
    )


GAME = make()
