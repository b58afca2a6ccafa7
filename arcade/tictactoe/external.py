"""A Gomocup engine (a ``pbrain-*`` executable: Rapfi, Embryo, our own ``arcade gomoku-engine``) as an opponent, run
as a child process and talked to in the Gomocup protocol, the manager's side. Pure Python (no pygame).

Nothing here blocks the caller: a reader thread collects the engine's lines, :meth:`EngineProcess.poll` returns what
has come. Every way an engine can fail ends in a :class:`Failure` with one line saying what happened, and the
process is always ended (:meth:`close`, also on failure):

* it cannot be started (no such file, not executable), or dies (its exit code);
* it does not answer ``START`` with ``OK`` in time, or answers ``ERROR``/``UNKNOWN``;
* it does not move within the turn's time (plus a grace for the pipes and its start-up);
* it answers garbage where a move belongs, or a move off the board or on a stone.

``MESSAGE`` lines are kept, each cut to :data:`MESSAGE_MAX` characters (the scene shows the newest as the engine's
thinking); ``DEBUG`` lines are dropped; ``ERROR`` lines while it thinks are kept as messages (engines report
problems that way and play on).

The process itself is a :class:`arcade.engine.child.ChildProcess`: its own process group (a wrapper script that does
not ``exec``, a grandchild it leaves behind: all ended with it), lines read up to 4 KB (the rest of a longer line
dropped), writes that never wait on a full pipe, and :meth:`EngineProcess.close` that returns at once (END, then
SIGTERM and SIGKILL to the group on a thread of its own). A poll hands over at most :data:`POLL_LINES` lines, so
an engine flooding its output costs a frame no more than that.
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass

from arcade.engine.child import ChildProcess

__all__ = ["EngineProcess", "Move", "Failure", "GRACE_S", "START_S", "MESSAGE_MAX", "POLL_LINES"]

GRACE_S = 1.0    # seconds past the turn's limit before a silent engine loses (pipes, a busy machine)
START_S = 10.0   # seconds an engine has to answer START (loading its network, its tables)
EXIT_S = 1.0    # seconds an engine whose output closed has to exit before it is reported without its exit code
MESSAGE_MAX = 200  # characters of a MESSAGE kept (a status line shows fewer)
POLL_LINES = 256   # lines handled a poll at most
_MOVE = re.compile(r"\s*(\d+)\s*,\s*(\d+)\s*")


@dataclass(frozen=True)
class Move:
    x: int
    y: int


@dataclass(frozen=True)
class Failure:
    reason: str


class EngineProcess:
    """One engine process for one board size. ``argv``: the executable and its arguments."""

    def __init__(self, argv, size: int = 15, turn_ms: int = 1000, match_ms: int = 0, rule: int = 0,
                 info: dict | None = None, start_s: float = START_S, grace_s: float = GRACE_S):
        # an engine runs in its own folder (where it finds its config and networks): paths given relative to
        # ours are made absolute first
        self.argv = [os.path.abspath(a) if os.path.isfile(a) else a
                     for a in (str(x) for x in (argv if isinstance(argv, (list, tuple)) else [argv]))]
        self.size, self.turn_ms, self.match_ms, self.rule = size, turn_ms, match_ms, rule
        self.info = dict(info or {})
        self.start_s, self.grace_s = start_s, grace_s
        self.proc: ChildProcess | None = None
        self.eof_at: float | None = None  # when its output closed (its exit code is awaited a moment, never waited on)
        self.messages: list[str] = []
        self.state = "new"  # new -> starting -> ready <-> thinking; failed / closed
        self.deadline = 0.0
        self.asked_at = 0.0
        self.failure: Failure | None = None
        self.stones: set = set()
        self.pending: list | None = None  # the lines of a request made before START was answered
        self.last_ms = 0.0  # the wall time the last move took

    # ----- life -----
    def start(self) -> Failure | None:
        """Start the process and send START (the answer is read by :meth:`poll`)."""
        try:
            self.proc = ChildProcess(self.argv, cwd=os.path.dirname(os.path.abspath(self.argv[0])) or None)
        except (OSError, ValueError) as e:
            return self._fail(f"cannot start {self.argv[0]}: {getattr(e, 'strerror', None) or e}")
        self.state = "starting"
        self.deadline = time.monotonic() + self.start_s
        why = self.proc.send(f"START {self.size}")
        return None if why is None else self._fail(f"{self._name()} {why}")

    def close(self) -> None:
        """End the process and its group: END, and the rest (a moment to go, SIGTERM, SIGKILL) off the caller's
        thread; returns at once."""
        p, self.proc = self.proc, None
        if self.state != "failed":
            self.state = "closed"
        if p is not None:
            p.end("END")

    def _fail(self, reason: str) -> Failure:
        self.failure = Failure(reason)
        self.state = "failed"
        self.close()
        self.state = "failed"
        return self.failure

    # ----- a move -----
    def ask(self, stones, time_left_ms: int | None = None) -> Failure | None:
        """Ask for the move on ``stones``: (x, y, player) in the order played, player 1 moved first; the engine
        plays the side to move (it follows from the count)."""
        if self.state == "failed":
            return self.failure
        if self.state not in ("ready", "starting"):
            return self._fail(f"asked for a move while {self.state}")
        self.stones = {(x, y) for x, y, _ in stones}
        me = 1 if len(stones) % 2 == 0 else 2
        lines = [f"INFO timeout_turn {self.turn_ms}", f"INFO timeout_match {self.match_ms}", f"INFO rule {self.rule}"]
        if time_left_ms is not None:
            lines.append(f"INFO time_left {time_left_ms}")
        lines += [f"INFO {k} {v}" for k, v in self.info.items()]
        lines.append("BOARD")
        lines += [f"{x},{y},{1 if p == me else 2}" for x, y, p in stones]
        lines.append("DONE")
        self.pending = lines
        if self.state == "starting":  # sent once START is answered
            return None
        return self._send_ask()

    def _send_ask(self) -> Failure | None:
        for line in self.pending:
            why = self.proc.send(line)
            if why is not None:
                code = self.proc.exit_code()
                return self._fail(f"{self._name()} {why}" + ("" if code is None else f" (exit code {code})"))
        self.pending = None
        self.state = "thinking"
        self.asked_at = time.monotonic()
        self.deadline = self.asked_at + self.turn_ms / 1000 + self.grace_s
        return None

    def _name(self) -> str:
        return os.path.basename(self.argv[0])

    def poll(self) -> Move | Failure | None:
        """The engine's move once it has one, a :class:`Failure`, or None (still starting or thinking)."""
        if self.state == "failed":
            return self.failure
        if self.proc is None:
            return None
        for line in self.proc.lines(POLL_LINES):
            answer = self._line(line)
            if answer is not None:
                return answer
        if self.eof_at is not None:  # its output closed: its exit code once it has one (or after EXIT_S)
            code = self.proc.exit_code()
            if code is not None or time.monotonic() - self.eof_at > EXIT_S:
                return self._fail(f"{self._name()} ended" + (" (still running, its output closed)" if code is None
                                                              else f" (exit code {code})"))
            return None
        if self.state in ("starting", "thinking") and time.monotonic() > self.deadline:
            what = "answer START" if self.state == "starting" else "move"
            limit = self.start_s if self.state == "starting" else self.turn_ms / 1000 + self.grace_s
            return self._fail(f"{self._name()} did not {what} within {limit:g} s")
        return None

    def _line(self, line: str | None):
        if line is None:
            self.eof_at = time.monotonic()
            return None
        word = line.split(" ", 1)[0].upper()
        if word == "MESSAGE":
            self.messages.append(_cut(line[8:].strip()))
            del self.messages[:-50]
            return None
        if word == "DEBUG" or not line.strip():
            return None
        if self.state == "starting":
            if word == "OK":
                self.state = "ready"
                if self.pending is not None:
                    return self._send_ask()
                return None
            return self._fail(f"{self._name()} refused START {self.size}: {line[:80]}")
        if word in ("ERROR", "UNKNOWN") and self.state == "thinking":
            self.messages.append(_cut(line.strip()))
            return None
        if self.state != "thinking":
            return None  # a late line between moves: ignored
        m = _MOVE.fullmatch(line)
        if m is None:
            return self._fail(f"{self._name()} answered garbage: {line[:60]!r}")
        x, y = int(m.group(1)), int(m.group(2))
        if not (0 <= x < self.size and 0 <= y < self.size) or (x, y) in self.stones:
            return self._fail(f"{self._name()} played an illegal move {x},{y}")
        self.state = "ready"
        self.last_ms = (time.monotonic() - self.asked_at) * 1000
        return Move(x, y)

    def wait(self, timeout: float | None = None) -> Move | Failure:
        """Block until :meth:`poll` has an answer (for benchmarks and tests; a scene polls each frame)."""
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            r = self.poll()
            if r is not None:
                return r
            if end is not None and time.monotonic() > end:
                return self._fail(f"{self._name()} gave no answer within {timeout:g} s")
            time.sleep(0.002)


def _cut(text: str) -> str:
    """An engine's message as it is kept: printable, at most :data:`MESSAGE_MAX` characters (an ellipsis where it
    was cut)."""
    text = "".join(ch if ch.isprintable() else " " for ch in text[:MESSAGE_MAX + 1])
    return text if len(text) <= MESSAGE_MAX else text[:MESSAGE_MAX - 3].rstrip() + "..."
