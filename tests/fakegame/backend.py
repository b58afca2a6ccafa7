"""Box, the fake game's rules as a session backend: all the game is. Stack boxes up to a height the seed chose;
"+" stacks one or two (chance decides, and the record keeps which), "x" knocks the stack over. The exact height
wins, past it or knocked over loses. Parameters: ``wide`` or ``tall``."""
from arcade.engine.session import Backend, Result


class BoxBackend(Backend):
    id = "box"
    def parse_params(self, text):
        if text not in ("wide", "tall"):
            raise ValueError(f"box parameters {text!r}: wide or tall")
        return text

    def params_text(self, params):  # the parameters as a game code writes them
        return params

    def new_params(self, setting, options):
        return options.get("shape") or "tall"

    def start(self, params, seed):  # (height, goal, knocked over)
        return (0, 3 + seed % 7 + (2 if params == "tall" else 0), False)

    def apply(self, params, state, move, rng):
        height, goal, knocked = state
        if move == "x":
            return (height, goal, True), "x"
        if move not in ("+", "+1", "+2"):
            raise ValueError(f"box: no move {move!r}")
        n = int(move[1]) if len(move) == 2 else rng.randint(1, 2)
        return (height + n, goal, knocked), f"+{n}"

    def result(self, params, state):
        height, goal, knocked = state
        if knocked or height >= goal:
            return Result("won" if height == goal and not knocked else "lost", height, {"boxes": height})

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
