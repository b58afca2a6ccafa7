"""Training recipes for ``arcade train 2048 --recipe``: a run in phases, each with its own start, rule and step.

``otd-tc`` is the recipe of Guei, Chen and Wu (2021) after Jaśkowski (2018): optimistic TD (every board valued
320,000 points at the start, TD(0) with ``--otd-alpha``) for ``--otd-games`` games, then temporal coherence (fresh
rates, meta-rate ``--tc-alpha``) for ``--tc-games`` more. The plan is kept in ``RUN/recipe.json``; which phase a run
is in follows from the games of its checkpoint, so ``--resume`` (on any machine) goes on in the right phase.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from arcade.engine.args import BadOption

__all__ = ["RECIPES", "DEFAULTS", "Phase", "plan", "phase_at", "save", "load", "resolve", "check_resume", "FLAGS"]

RECIPES = ("otd-tc",)
OPTIMISTIC = 320_000.0  # the published start: every board valued at 320,000 points
DEFAULTS = {"otd_games": 40_000_000, "otd_alpha": 0.1, "tc_games": 60_000_000, "tc_alpha": 1.0}
FLAGS = {"otd_games": "--otd-games", "otd_alpha": "--otd-alpha", "tc_games": "--tc-games", "tc_alpha": "--tc-alpha"}


@dataclass(frozen=True)
class Phase:
    name: str                 # "otd", "tc": the curve's rows and the checkpoint say which
    title: str
    until: int                # the phase ends when the run has played this many games in all
    alpha: float
    optimistic: float | None  # a new network valuing every board at this (the first phase only)
    tc: bool                  # temporal coherence


def plan(settings: dict) -> list[Phase]:
    """The phases of ``otd-tc`` for ``settings`` (:data:`DEFAULTS`' keys)."""
    s = {**DEFAULTS, **settings}
    return [Phase("otd", "optimistic TD", s["otd_games"], s["otd_alpha"], OPTIMISTIC, False),
            Phase("tc", "temporal coherence", s["otd_games"] + s["tc_games"], s["tc_alpha"], None, True)]


def phase_at(phases: list[Phase], played: int) -> int:
    """The index of the phase a run that has played ``played`` games is in (the last one once the plan is done)."""
    for k, p in enumerate(phases):
        if played < p.until:
            return k
    return len(phases) - 1


def save(path, name: str, settings: dict, games: int) -> None:
    """``RUN/recipe.json``: the recipe, its settings, its phases and the phase the run is in at ``games``."""
    from arcade.dev.benchkit import write_json

    phases = plan(settings)
    write_json(path, {"recipe": name, **{k: settings[k] for k in DEFAULTS}, "games": games,
                      "phase": phases[phase_at(phases, games)].name, "phases": [asdict(p) for p in phases]}, indent=1)


def load(path) -> tuple[str, dict]:
    """``(recipe, settings)`` of ``RUN/recipe.json``; a one-line :class:`BadOption` for a damaged file."""
    from arcade.dev.benchkit import read_json

    try:
        data = read_json(path, "the recipe")
        name, settings = data["recipe"], {k: data[k] for k in DEFAULTS}
        if name not in RECIPES or not all(isinstance(v, (int, float)) and v > 0 for v in settings.values()):
            raise ValueError(f"cannot read the recipe from {path}: not a recipe this version knows")
    except ValueError as e:
        raise BadOption(str(e)) from None
    except (KeyError, TypeError, AttributeError):
        raise BadOption(f"cannot read the recipe from {path}: not a recipe file") from None
    return name, {k: (int(v) if k.endswith("games") else float(v)) for k, v in settings.items()}


def resolve(args, folder: Path) -> tuple[str, dict, dict | None] | None:
    """``(recipe, settings, stored settings or None)`` of a run, from ``--recipe``, the overriding flags and
    (resuming) the folder's ``recipe.json``; ``None`` for a run without a recipe. One-line :class:`BadOption` for
    flags that clash with a recipe, for a recipe's flag without one and for ``--games`` past the recipe's end."""
    given = {k: getattr(args, k) for k in DEFAULTS if getattr(args, k, None) is not None}
    stored = load(folder / "recipe.json") if args.resume and (folder / "recipe.json").exists() else None
    name = args.recipe or (stored[0] if stored else None)
    if name is None:
        if given:
            raise BadOption(f"{FLAGS[next(iter(given))]} goes with --recipe")
        return None
    whose = f"--recipe {name}" if args.recipe else f"{folder / 'recipe.json'} (the run follows the {name} recipe)"
    for flag, clash in (("--optimistic", args.optimistic is not None), ("--tc", args.tc),
                        ("--alpha", args.alpha is not None), ("--from", args.start_from)):
        if clash:
            raise BadOption(f"{whose} sets each phase's start, rule and alpha: not with {flag} "
                            "(--otd-games, --otd-alpha, --tc-games, --tc-alpha change the phases)")
    settings = {**DEFAULTS, **(stored[1] if stored else {}), **given}
    end = plan(settings)[-1].until
    if args.games is not None and args.games > end:
        raise BadOption(f"--games {args.games:,} is past the recipe's end, {end:,} games (--otd-games + --tc-games)")
    return name, settings, (stored[1] if stored else None)


def check_resume(settings: dict, stored: dict | None, played: int, head: dict, folder: Path) -> None:
    """A resumed run's phases agree with what it has played: a phase that is over stays as it was, and a run begun
    without the recipe (with ``--optimistic``) joins it only if it has not learned with temporal coherence yet
    inside the recipe's optimistic TD."""
    if stored is None:
        if head.get("tc") and played < settings["otd_games"]:
            raise BadOption(f"{folder} learned with temporal coherence at {played:,} games, inside the recipe's "
                            f"optimistic TD (to {settings['otd_games']:,}): --otd-games {played} or less")
    elif played >= stored["otd_games"]:
        for key in ("otd_games", "otd_alpha"):
            if settings[key] != stored[key]:
                raise BadOption(f"optimistic TD ended at {stored['otd_games']:,} games: {FLAGS[key]} cannot change it")
    elif settings["otd_games"] < played:
        raise BadOption(f"--otd-games {settings['otd_games']:,}: the run is at {played:,} games of optimistic TD")
