"""A Gomocup engine (a ``pbrain-*`` executable: Rapfi, Embryo, our own ``arcade gomoku-engine``) as an opponent, run
as a child process and talked to in the Gomocup protocol, the manager's side. Pure Python (no pygame).

Nothing here blocks the caller: a reader thread collects the engine's lines, :meth:`EngineProcess.poll` returns what
has come. Every way an engine can fail ends in a :class:`Failure` with one line saying what happened, and the
process is always ended (:meth:`close`, also on failure):

* it cannot be started (no such file, not executable), or dies (its exit code);
* it does not answer ``START`` with ``OK`` in time, or answers ``ERROR``/``UNKNOWN``;
* it does not move within the turn's time (plus a grace for the pipes and its start-up);
* it answers garbage where a move belongs, or a move off the board or on a stone.

``MESSAGE`` lines are kept (the scene shows the newest as the engine's thinking); ``DEBUG`` lines are dropped;
``ERROR`` lines while it thinks are kept as messages (engines report problems that way and play on).
"""
from __future__ import annotations

import os
import queue
import re
import subprocess
import threading
import time
from dataclasses import dataclass

__all__ = ["EngineProcess", "Move", "Failure", "GRACE_S", "START_S"]

GRACE_S = 1.0    # seconds past the turn's limit before a silent engine loses (pipes, a busy machine)
START_S = 10.0   # seconds an engine has to answer START (loading its network, its tables)
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
        self.proc: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue()
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
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                         cwd=os.path.dirname(os.path.abspath(self.argv[0])) or None)
        except (OSError, ValueError) as e:
            return self._fail(f"cannot start {self.argv[0]}: {getattr(e, 'strerror', None) or e}")
        threading.Thread(target=self._read, name="gomocup-reader", daemon=True).start()
        self.state = "starting"
        self.deadline = time.monotonic() + self.start_s
        self._send(f"START {self.size}")
        return None

    def _read(self) -> None:
        out = self.proc.stdout
        try:
            for line in out:
                self.lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self.lines.put(None)  # the end of its output: it died or closed stdout

    def _send(self, text: str) -> bool:
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
            return True
        except (OSError, ValueError, AttributeError):
            return False

    def close(self) -> None:
        """End the process: END, a moment to go, then killed."""
        p, self.proc = self.proc, None
        if self.state != "failed":
            self.state = "closed"
        if p is None:
            return
        try:
            if p.poll() is None:
                try:
                    p.stdin.write("END\n")
                    p.stdin.flush()
                except (OSError, ValueError):
                    pass
                try:
                    p.wait(timeout=0.5)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait(timeout=5)
        finally:
            for f in (p.stdin, p.stdout):
                try:
                    f.close()
                except (OSError, ValueError):
                    pass

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
            if not self._send(line):
                return self._fail(f"{self._name()} closed its input (exit code {self._code()})")
        self.pending = None
        self.state = "thinking"
        self.asked_at = time.monotonic()
        self.deadline = self.asked_at + self.turn_ms / 1000 + self.grace_s
        return None

    def _name(self) -> str:
        return os.path.basename(self.argv[0])

    def _code(self):
        """The exit code of an engine whose output has closed: a process closes its output a moment before it
        is reaped, so wait for it briefly (None if it is still running)."""
        if self.proc is None:
            return None
        try:
            return self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return None

    def poll(self) -> Move | Failure | None:
        """The engine's move once it has one, a :class:`Failure`, or None (still starting or thinking)."""
        if self.state == "failed":
            return self.failure
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                break
            answer = self._line(line)
            if answer is not None:
                return answer
        if self.state in ("starting", "thinking") and time.monotonic() > self.deadline:
            what = "answer START" if self.state == "starting" else "move"
            limit = self.start_s if self.state == "starting" else self.turn_ms / 1000 + self.grace_s
            return self._fail(f"{self._name()} did not {what} within {limit:g} s")
        return None

    def _line(self, line: str | None):
        if line is None:
            return self._fail(f"{self._name()} ended (exit code {self._code()})")
        word = line.split(" ", 1)[0].upper()
        if word == "MESSAGE":
            self.messages.append(line[8:].strip())
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
            self.messages.append(line.strip())
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
