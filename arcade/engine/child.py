"""An outside program (a Gomocup engine, a wrapper script around one) run as a child process and talked to in
lines on its stdin and stdout, so that nothing it does can stop the caller's frame loop. Pure Python (no pygame).

* **Its own process group.** The program starts a new session (``start_new_session``): a wrapper script that does
  not ``exec`` its engine, and anything the engine leaves behind (a helper, a grandchild holding the pipe), are in
  the group, and ending the program ends the whole group.
* **Reading never blocks the caller.** A reader thread collects the lines; :meth:`ChildProcess.lines` hands over
  what has come, a bounded number a call. A line is read up to :data:`LINE_MAX` bytes; the rest of a longer line
  is read and thrown away (an engine that writes 50 MB without a newline costs a few milliseconds of the reader,
  never memory or a frame). At most :data:`QUEUE_MAX` lines wait to be read; past that the reader stops reading and
  the program's own writes wait (a program flooding its output is held back by its pipe, not our memory).
* **Writing never blocks the caller.** Its stdin is non-blocking: a program that stops reading its input, until
  the pipe is full, is reported (``"is not reading its input"``) instead of stalling the write.
* **Ending never blocks the caller.** :meth:`ChildProcess.end` says goodbye (a last line, then end of input) and
  returns at once; a thread of its own gives the program ``end_s`` to go, sends the group SIGTERM, waits up to
  ``term_s`` for the group to go, then sends SIGKILL and reaps the program. The pipes are closed by the threads that
  use them, never under a thread blocked on them. The ending threads are not daemons: a process exiting waits for
  them (at most ``end_s + term_s`` and a moment), so no program outlives the game.

POSIX is the main road; on Windows the group is a new process group and ending it kills the program itself.
"""
from __future__ import annotations

import os
import queue
import select
import signal
import subprocess
import threading
import time

__all__ = ["ChildProcess", "LINE_MAX", "QUEUE_MAX", "END_S", "TERM_S", "group_alive"]

LINE_MAX = 4096    # bytes of a line kept; the rest of a longer line is discarded
QUEUE_MAX = 1000   # lines read and not yet handed over before the reader waits
END_S = 0.5        # seconds a program has to go after its goodbye before its group gets SIGTERM
TERM_S = 0.5       # seconds between SIGTERM and SIGKILL
KILL_S = 5.0       # seconds a killed group is watched until it is gone (a process in the kernel may take a while)
_TICK = 0.05       # how often the reader and the ending look up from waiting
POSIX = os.name == "posix"


def group_alive(pgid: int) -> bool:
    """Whether any process of the group ``pgid`` still runs (zombies waiting to be reaped do not count, where
    /proc tells them apart)."""
    if not POSIX:
        return False
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        names = os.listdir("/proc")
    except OSError:
        return True  # no /proc: the group has members, zombie or not
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                fields = fh.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 2 and int(fields[2]) == pgid and fields[0] != b"Z":
            return True
    return False


class ChildProcess:
    """One program, started at once (``OSError``/``ValueError`` if it cannot be). ``argv``: the program and its
    arguments; ``cwd``: the folder it runs in."""

    def __init__(self, argv, cwd=None, line_max: int = LINE_MAX, queue_max: int = QUEUE_MAX):
        self.argv = list(argv)
        self.line_max = line_max
        kw = {"start_new_session": True} if POSIX else \
            {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0, cwd=cwd, **kw)
        self.pid = self.proc.pid
        try:
            os.set_blocking(self.proc.stdin.fileno(), False)
        except (OSError, AttributeError):
            pass  # (a platform without non-blocking pipes: writes may wait)
        self._lines: queue.Queue = queue.Queue(maxsize=queue_max)
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, name=f"child-reader-{self.pid}", daemon=True)
        self._reader.start()
        self.ending: threading.Thread | None = None
        self.eof = False  # its output has ended (handed over as None by lines())

    # ----- reading -----
    def _put(self, item) -> bool:
        while not self._stop.is_set():
            try:
                self._lines.put(item, timeout=_TICK)
                return True
            except queue.Full:
                continue
        return False

    def _line(self, raw: bytes) -> bool:
        return self._put(raw[:self.line_max].decode("utf-8", "replace").rstrip("\r"))

    def _read(self) -> None:
        out = self.proc.stdout
        buf, skipping = bytearray(), False  # skipping: the rest of a line longer than line_max
        try:
            poller = None
            if hasattr(select, "poll"):  # (poll, not select: a descriptor numbered past 1023 is fine)
                poller = select.poll()
                poller.register(out.fileno(), select.POLLIN | select.POLLHUP | select.POLLERR)
            while not self._stop.is_set():
                if poller is not None and not poller.poll(_TICK * 1000):
                    continue
                chunk = out.read(65536)
                if not chunk:
                    break
                start = 0
                while True:
                    nl = chunk.find(b"\n", start)
                    if nl < 0:
                        if not skipping:
                            buf += chunk[start:start + self.line_max + 1 - len(buf)]
                            if len(buf) > self.line_max:  # the line's first line_max bytes, the rest dropped
                                if not self._line(bytes(buf)):
                                    return
                                buf.clear()
                                skipping = True
                        break
                    if skipping:
                        skipping = False
                    else:
                        buf += chunk[start:min(nl, start + self.line_max + 1)]
                        if not self._line(bytes(buf)):
                            return
                    buf.clear()
                    start = nl + 1
            if buf and not skipping and not self._stop.is_set():
                self._line(bytes(buf))
        except (OSError, ValueError):
            pass
        finally:
            try:
                out.close()
            except OSError:
                pass
            self._put(None)  # the end of its output: it died or closed stdout (dropped once it is being ended)

    def lines(self, limit: int = 256) -> list:
        """The lines read since the last call, at most ``limit``; ``None`` as the last item once its output has
        ended."""
        out = []
        while len(out) < limit:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                break
            out.append(line)
            if line is None:
                self.eof = True
                break
        return out

    # ----- writing -----
    def send(self, text: str) -> str | None:
        """Write ``text`` and a newline; None, or why it could not be written: ``"closed its input"`` or ``"is not
        reading its input"`` (the pipe is full)."""
        data = (text + "\n").encode("utf-8", "replace")
        try:
            while data:
                n = self.proc.stdin.write(data)
                if n is None:
                    return "is not reading its input"
                data = data[n:]
        except BlockingIOError:
            return "is not reading its input"
        except (OSError, ValueError, AttributeError):
            return "closed its input"
        return None

    # ----- life -----
    def exit_code(self):
        """Its exit code once it has ended, else None (never waits)."""
        return self.proc.poll()

    def end(self, goodbye: str | None = None, end_s: float = END_S, term_s: float = TERM_S) -> None:
        """End the program and its whole group without waiting: ``goodbye`` (a last line) and the end of its input
        at once; the rest on a thread of its own (see the module's notes). Calling it again does nothing."""
        if self.ending is not None:
            return
        self._stop.set()  # the reader stops within a tick and closes stdout itself
        if goodbye is not None and self.proc.poll() is None:
            self.send(goodbye)
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        self.ending = threading.Thread(target=_end_group, args=(self.proc, end_s, term_s),
                                       name=f"child-ending-{self.pid}", daemon=False)
        self.ending.start()

    def ended(self, timeout: float | None = None) -> bool:
        """Wait until the ending is over (for tests, benchmarks and a process about to exit): whether the program
        and every process of its group are gone."""
        if self.ending is None:
            return False
        self.ending.join(timeout)
        return not self.ending.is_alive() and self.proc.poll() is not None and not group_alive(self.pid)


def _signal_group(proc: subprocess.Popen, sig) -> None:
    if POSIX:
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass
    elif proc.poll() is None:
        try:
            proc.kill()
        except OSError:
            pass


def _end_group(proc: subprocess.Popen, end_s: float, term_s: float) -> None:
    """The program's ``end_s`` to go by itself; SIGTERM to its group; up to ``term_s`` for the group to go;
    SIGKILL to the group; the program reaped. (The group keeps its number while any member lives, so signalling it
    after the program itself was reaped reaches what it left behind and nothing else.)"""
    try:
        proc.wait(timeout=end_s)
    except subprocess.TimeoutExpired:
        pass
    _signal_group(proc, signal.SIGTERM)
    end = time.monotonic() + term_s
    while time.monotonic() < end:
        if proc.poll() is not None and not group_alive(proc.pid):
            break
        time.sleep(_TICK)
    else:
        _signal_group(proc, getattr(signal, "SIGKILL", signal.SIGTERM))
        end = time.monotonic() + KILL_S  # a killed process takes a moment to go
        while time.monotonic() < end and (proc.poll() is None or group_alive(proc.pid)):
            time.sleep(_TICK / 5)
    try:
        proc.wait(timeout=KILL_S)
    except subprocess.TimeoutExpired:
        pass  # (a process stuck in the kernel: the system reaps it when it can)
