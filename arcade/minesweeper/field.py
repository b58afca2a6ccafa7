"""The rules of Minesweeper: the mine field, a position of the game. Pure (no pygame).

Rules, as players of the classic game expect them:

- levels beginner 9 x 9 / 10 mines, intermediate 16 x 16 / 40, expert 30 x 16 / 99 (stored 30 rows of 16, the
  portrait layout the scene shows: 16 wide, 30 tall), or a custom size (validated: at least one safe cell);
- the mines are placed at the first click so that it is safe: rule ``"safe"`` keeps only the clicked cell free of
  mines, rule ``"opening"`` (the default) keeps its neighbours free too, so the first click opens a region; when a
  custom board is too full for an opening the clicked cell alone is kept free (``placement`` says which rule held);
- opening a 0 floods its neighbours; a flagged cell cannot be opened; flags and (optional) question marks cycle on
  a covered cell; chording a number whose flags are complete opens its other covered neighbours;
- the game is won when every safe cell is open (the mines are then flagged), lost when a mine is opened (every
  mine is shown, wrong flags are marked).

The random source is injected (``rng``, a ``random.Random``, or ``seed``) and only used to place the mines
(:func:`deal`, when no layout is given). ``view()`` is the solver's picture (``arcade.minesweeper.solver``): a
tuple of strings, ``"0".."8"`` opened, ``"#"`` covered, ``"F"`` flagged. ``display()`` is the scene's picture (adds
mines, wrong flags, question marks).

A :class:`Field` is the state of the game's session backend (``arcade.minesweeper.backend``), which copies it for
every move and keeps the game's clock in ``clock_ms``; the session keeps the moves, saves and replays.
"""
from __future__ import annotations

import random
from typing import Iterable

__all__ = ["Field", "LEVELS", "RULES", "neighbours", "level_of", "CUSTOM_WIDTH", "CUSTOM_HEIGHT",
           "max_custom_mines", "custom_problem", "check_custom", "check_size", "deal", "free_zone"]

LEVELS: dict[str, tuple[int, int, int]] = {  # name -> (rows, cols, mines); expert is 16 wide x 30 tall
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (30, 16, 99),
}
RULES = ("safe", "opening")
MAX_SIDE = 100                   # what a field (a save, a replay) may hold
CUSTOM_WIDTH = (5, 25)           # what a player may choose: the columns and rows that fit the portrait window with
CUSTOM_HEIGHT = (5, 35)          # cells of 18 pixels or more (tests/minesweeper check it against the view)
COVERED, OPEN = 0, 1
NO_MARK, FLAG, QUESTION = 0, 1, 2

_NEIGHBOURS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For every cell index ``r * cols + c`` the indices of its up to 8 neighbours (cached per size)."""
    key = (rows, cols)
    table = _NEIGHBOURS.get(key)
    if table is None:
        out = []
        for r in range(rows):
            for c in range(cols):
                out.append(tuple((rr * cols + cc) for rr in range(max(0, r - 1), min(rows, r + 2))
                                 for cc in range(max(0, c - 1), min(cols, c + 2)) if rr != r or cc != c))
        table = _NEIGHBOURS[key] = tuple(out)
    return table


def free_zone(rows: int, cols: int, first: int, rule: str) -> set[int]:
    """The cells a first click on ``first`` keeps free of mines: itself, and its neighbours under ``"opening"``."""
    return {first} | set(neighbours(rows, cols)[first]) if rule == "opening" else {first}


def placement_rule(rows: int, cols: int, mines: int, first: int, rule: str) -> str:
    """The rule that holds for a first click on ``first``: ``"opening"`` falls back to ``"safe"`` on a custom board
    too full to keep the click's neighbours free."""
    if rule == "opening" and rows * cols - len(free_zone(rows, cols, first, "opening")) < mines:
        return "safe"
    return rule


def deal(rows: int, cols: int, mines: int, first: int, rule: str, rng: random.Random) -> tuple[int, ...]:
    """The mines for a first click on cell index ``first``, drawn from ``rng`` outside the rule's free zone."""
    zone = free_zone(rows, cols, first, placement_rule(rows, cols, mines, first, rule))
    return tuple(rng.sample([j for j in range(rows * cols) if j not in zone], mines))


def level_of(rows: int, cols: int, mines: int) -> str:
    """The level name of a size, or ``"custom"``."""
    for name, spec in LEVELS.items():
        if spec == (rows, cols, mines):
            return name
    return "custom"


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_size(rows, cols, mines) -> None:
    """``ValueError`` unless ``rows`` x ``cols`` (2..MAX_SIDE each) with 1 <= ``mines`` < cells."""
    for name, v in (("rows", rows), ("cols", cols)):
        if not _is_int(v) or not 2 <= v <= MAX_SIDE:
            raise ValueError(f"{name} {v!r}: expected a whole number in 2..{MAX_SIDE}")
    if not _is_int(mines) or not 1 <= mines < rows * cols:
        raise ValueError(f"mines {mines!r}: expected a whole number in 1..{rows * cols - 1} (at least one safe cell)")


def max_custom_mines(width: int, height: int) -> int:
    """The most mines a custom field may have: (width - 1) x (height - 1), as in the classic game (the first click
    then always has room to open a region)."""
    return (width - 1) * (height - 1)


def custom_problem(width, height, mines) -> tuple[str, str] | None:
    """Which custom number breaks its limit (:data:`CUSTOM_WIDTH`, :data:`CUSTOM_HEIGHT`, :func:`max_custom_mines`)
    and a one-line message a player can act on: ``("width" | "height" | "mines", message)``, or None."""
    for name, v, (lo, hi), unit in (("width", width, CUSTOM_WIDTH, "columns"),
                                    ("height", height, CUSTOM_HEIGHT, "rows")):
        if not _is_int(v) or not lo <= v <= hi:
            return name, f"{name.capitalize()} must be {lo} to {hi} {unit}, not {v}"
    top = max_custom_mines(width, height)
    if not _is_int(mines) or not 1 <= mines <= top:
        return "mines", f"Mines must be 1 to {top} on {width} x {height}, not {mines}"
    return None


def check_custom(width, height, mines) -> None:
    """``ValueError`` (:func:`custom_problem`'s message) unless the custom field is within the limits."""
    problem = custom_problem(width, height, mines)
    if problem is not None:
        raise ValueError(problem[1])


class Field:
    """A Minesweeper game. ``state`` is ``"ready"`` (before the first click), ``"playing"``, ``"won"`` or ``"lost"``.

    ``Field(rows, cols, mines, rule="opening", seed=None, rng=None, question_marks=False)`` or
    ``Field.level("expert", ...)``.
    """

    def __init__(self, rows: int = 9, cols: int = 9, mines: int = 10, rule: str = "opening", seed=None,
                 rng: random.Random | None = None, question_marks: bool = False) -> None:
        check_size(rows, cols, mines)
        if rule not in RULES:
            raise ValueError(f"rule {rule!r}: expected one of {', '.join(RULES)}")
        self.rows, self.cols, self.mines = rows, cols, mines
        self.rule = rule
        self.question_marks = bool(question_marks)
        self.rng = rng if rng is not None else random.Random(seed)
        self.clock_ms = 0                   # the game's clock at this position: ms since the first click
        self._nb = neighbours(rows, cols)
        n = rows * cols
        self._mine = bytearray(n)           # 1 where a mine is (all 0 until the first click)
        self._state = bytearray(n)          # COVERED / OPEN
        self._mark = bytearray(n)           # NO_MARK / FLAG / QUESTION on covered cells
        self._count = bytearray(n)          # adjacent mines, valid once placed
        self.placed = False
        self.placement = None               # the rule that held at placement: "safe" or "opening"
        self.state = "ready"
        self.exploded: int | None = None    # index of the mine that was opened
        self.opened = 0                     # safe cells open
        self.flags = 0
        self.first_click: int | None = None

    @classmethod
    def level(cls, name: str, **kw) -> "Field":
        if name not in LEVELS:
            raise ValueError(f"level {name!r}: expected one of {', '.join(LEVELS)}")
        rows, cols, mines = LEVELS[name]
        return cls(rows, cols, mines, **kw)

    # ------------------------------------------------------------------------------------------- queries
    @property
    def level_name(self) -> str:
        return level_of(self.rows, self.cols, self.mines)

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def over(self) -> bool:
        return self.state in ("won", "lost")

    @property
    def mines_left(self) -> int:
        """The counter the player sees: mines minus flags (can go below 0)."""
        return self.mines - self.flags

    def index(self, row: int, col: int) -> int:
        if not (_is_int(row) and _is_int(col) and 0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"cell ({row!r}, {col!r}) is outside the {self.rows} x {self.cols} field")
        return row * self.cols + col

    def cell(self, i: int) -> tuple[int, int]:
        return divmod(i, self.cols)

    def neighbours_of(self, row: int, col: int) -> list[tuple[int, int]]:
        return [divmod(j, self.cols) for j in self._nb[self.index(row, col)]]

    def is_open(self, row: int, col: int) -> bool:
        return self._state[self.index(row, col)] == OPEN

    def mark(self, row: int, col: int) -> int:
        return self._mark[self.index(row, col)]

    def is_mine(self, row: int, col: int) -> bool:
        return bool(self._mine[self.index(row, col)])

    def number(self, row: int, col: int) -> int:
        """Adjacent mines of a cell (0 before the mines are placed)."""
        return self._count[self.index(row, col)]

    def mine_cells(self) -> list[tuple[int, int]]:
        return [divmod(i, self.cols) for i in range(self.size) if self._mine[i]]

    def view(self) -> tuple[str, ...]:
        """The solver's picture: ``"0".."8"`` opened, ``"#"`` covered, ``"F"`` flagged (question marks are covered)."""
        out = []
        st, mk, cnt = self._state, self._mark, self._count
        for r in range(self.rows):
            base = r * self.cols
            out.append("".join(
                (str(cnt[i]) if not self._mine[i] else "*") if st[i] == OPEN else ("F" if mk[i] == FLAG else "#")
                for i in range(base, base + self.cols)))
        return tuple(out)

    def display(self) -> tuple[str, ...]:
        """The scene's picture: the view plus ``"?"`` question marks and, once over, ``"*"`` mines, ``"X"`` the
        exploded mine, ``"x"`` wrong flags (a won game shows every mine flagged)."""
        out = []
        lost = self.state == "lost"
        for r in range(self.rows):
            row = []
            for i in range(r * self.cols, (r + 1) * self.cols):
                if self._state[i] == OPEN:
                    row.append("X" if self._mine[i] else str(self._count[i]))
                elif self._mark[i] == FLAG:
                    row.append("x" if lost and not self._mine[i] else "F")
                elif lost and self._mine[i]:
                    row.append("*")
                elif self._mark[i] == QUESTION:
                    row.append("?")
                else:
                    row.append("#")
            out.append("".join(row))
        return tuple(out)

    # ------------------------------------------------------------------------------------------- moves
    def place_mines(self, first: int, mines: Iterable[int] | None = None) -> None:
        """Place the mines for a first click on cell index ``first``: at random from the injected RNG (keeping the
        rule's free zone clear), or exactly ``mines`` (a no-guess generator's layout; it must keep the zone clear)."""
        if self.placed:
            raise ValueError("the mines are already placed")
        n = self.size
        rule = placement_rule(self.rows, self.cols, self.mines, first, self.rule)
        zone = free_zone(self.rows, self.cols, first, rule)
        if mines is None:
            chosen = deal(self.rows, self.cols, self.mines, first, self.rule, self.rng)
        else:
            chosen = sorted(set(mines))
            if len(chosen) != self.mines or any(not _is_int(j) or not 0 <= j < n for j in chosen):
                raise ValueError(f"mine layout: expected {self.mines} distinct cells in 0..{n - 1}")
            if zone & set(chosen):
                raise ValueError(f"mine layout: a mine in the first click's free zone ({rule} rule)")
        for j in chosen:
            self._mine[j] = 1
        self._recount()
        self.placed = True
        self.placement = rule
        self.first_click = first
        self.state = "playing"

    def _recount(self) -> None:
        mine, nb = self._mine, self._nb
        for i in range(self.size):
            self._count[i] = sum(mine[j] for j in nb[i])

    def open(self, row: int, col: int) -> list[tuple[int, int]]:
        """Open a covered, unflagged cell (placing the mines on the first click). Returns the cells opened (a 0
        floods), in the order they opened; ``[]`` when nothing happens. Opening a mine loses."""
        i = self.index(row, col)
        if self.over or self._state[i] == OPEN or self._mark[i] == FLAG:
            return []
        if not self.placed:
            self.place_mines(i)
        opened = self._open_from([i])
        return [divmod(j, self.cols) for j in opened]

    def _open_from(self, starts: list[int]) -> list[int]:
        opened = []
        st, mk, nb, cnt, mine = self._state, self._mark, self._nb, self._count, self._mine
        stack = list(starts)
        while stack:
            i = stack.pop()
            if st[i] == OPEN or mk[i] == FLAG:
                continue
            st[i] = OPEN
            if mk[i]:
                mk[i] = NO_MARK
            opened.append(i)
            if mine[i]:
                self._lose(i)
                return opened
            self.opened += 1
            if cnt[i] == 0:
                stack.extend(j for j in nb[i] if st[j] != OPEN and mk[j] != FLAG)
        if self.opened == self.size - self.mines:
            self._win()
        return opened

    def chord(self, row: int, col: int) -> list[tuple[int, int]]:
        """Chord on an open number whose adjacent flags equal it: open its other covered, unflagged neighbours (a
        wrong flag makes this lose). Returns the cells opened, ``[]`` when the number is not satisfied."""
        i = self.index(row, col)
        if self.over or self._state[i] != OPEN or self._count[i] == 0:
            return []
        nb = self._nb[i]
        if sum(1 for j in nb if self._state[j] != OPEN and self._mark[j] == FLAG) != self._count[i]:
            return []
        todo = [j for j in nb if self._state[j] != OPEN and self._mark[j] != FLAG]
        if not todo:
            return []
        mines = [j for j in todo if self._mine[j]]
        if mines:  # a wrong flag: the mines under the chord go off, the safe ones around still open first
            safe = [j for j in todo if not self._mine[j]]
            out = self._open_from(safe) if safe else []
            if not self.over:
                out += self._open_from([mines[0]])
            return [divmod(j, self.cols) for j in out]
        return [divmod(j, self.cols) for j in self._open_from(todo)]

    def can_chord(self, row: int, col: int) -> bool:
        i = self.index(row, col)
        if self.over or self._state[i] != OPEN or self._count[i] == 0:
            return False
        nb = self._nb[i]
        covered = [j for j in nb if self._state[j] != OPEN]
        flags = sum(1 for j in covered if self._mark[j] == FLAG)
        return flags == self._count[i] and len(covered) > flags

    def toggle_flag(self, row: int, col: int) -> int:
        """Cycle the mark of a covered cell: none -> flag -> question mark (if enabled) -> none. Returns the new
        mark (``NO_MARK``, ``FLAG`` or ``QUESTION``); an open cell or a finished game keeps its mark."""
        i = self.index(row, col)
        if self.over or self._state[i] == OPEN:
            return self._mark[i] if self._state[i] != OPEN else NO_MARK
        m = self._mark[i]
        if m == NO_MARK:
            new = FLAG
        elif m == FLAG:
            new = QUESTION if self.question_marks else NO_MARK
        else:
            new = NO_MARK
        self.flags += (new == FLAG) - (m == FLAG)
        self._mark[i] = new
        return new

    def set_mark(self, row: int, col: int, mark: int) -> None:
        i = self.index(row, col)
        if mark not in (NO_MARK, FLAG, QUESTION) or (mark == QUESTION and not self.question_marks):
            raise ValueError(f"mark {mark!r}: not allowed")
        if self.over or self._state[i] == OPEN or self._mark[i] == mark:
            return
        self.flags += (mark == FLAG) - (self._mark[i] == FLAG)
        self._mark[i] = mark

    def _lose(self, i: int) -> None:
        self.state = "lost"
        self.exploded = i

    def _win(self) -> None:
        self.state = "won"
        for j in range(self.size):
            if self._mine[j] and self._mark[j] != FLAG:
                self._mark[j] = FLAG
                self.flags += 1
            elif not self._mine[j] and self._mark[j]:
                self._mark[j] = NO_MARK
        self.flags = sum(1 for j in range(self.size) if self._mark[j] == FLAG)
