"""The fake game's session backend: every session service (undo past the end, saves, replays, codes, the daily
game, honest stats) comes from the engine; this file only says what the game is.

Box: stack boxes up to a height the seed chose (3..9). "+" stacks one or two boxes (chance decides), "x" knocks the
stack over (lost). Reaching the height exactly wins; going past it loses. Parameters: ``wide`` or ``tall``."""
from arcade.engine.session import Backend, Result


class BoxBackend(Backend):
    id = "box"

    def parse_params(self, text):
        if text not in ("wide", "tall"):
            raise ValueError(f"box parameters {text!r}: wide or tall")
        return text

    def params_text(self, params):
        return params

    def new_params(self, setting, options):
        return options.get("shape", "tall")

    def start(self, params, seed):
        return (0, 3 + seed % 7 + (2 if params == "tall" else 0), False)

    def apply(self, params, state, move, rng):
        height, goal, knocked = state
        if move == "x":
            return (height, goal, True), "x"
        if move in ("+", "+1", "+2"):
            n = int(move[1]) if len(move) == 2 else rng.randint(1, 2)
            return (height + n, goal, knocked), f"+{n}"
        raise ValueError(f"box: no move {move!r}")

    def result(self, params, state):
        height, goal, knocked = state
        if knocked or height > goal:
            return Result("lost", height)
        return Result("won", height, {"boxes": height}) if height == goal else None

    def encode(self, params, move):
        return move

    def decode(self, token, params):
        if token not in ("x", "+1", "+2"):
            raise ValueError(f"box: bad move {token!r}")
        return token

    def best_key(self, params):
        return f"box/{params}"

    def score(self, state):
        return state[0]


BACKEND = BoxBackend()
