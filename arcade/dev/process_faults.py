"""The fault matrix's second table: outside programs and output paths that could freeze the window or end in a
traceback. Run by ``arcade bench faults`` after the profile's data faults. Nothing here imports pygame.

**Programs** (the way the game runs a Gomocup engine: :class:`arcade.engine.child.ChildProcess`, its own process
group): each case starts a small misbehaving Python program, sends it a line, reads its lines "each frame" (a loop
of 5 ms sleeps, as the scene polls) for a while, then ends it, and records:

* **start**: what starting it took (a fork and an exec: milliseconds, more on a loaded machine; not the program's
  doing);
* **longest call**: the longest a single call of the loop took after the start (``lines``, ``send``, ``end``): the
  frame time the program could steal. A frozen window would show as seconds here (or never come back);
* **what came**: the lines read (the longest, cut at 4 KB) or what a write said;
* **ended**: the program and every process of its group were gone within the ending's bound (END, SIGTERM after
  0.5 s, SIGKILL after 0.5 s more): no process left behind, grandchildren included.

**Paths** (``--screenshot`` through the real command line, in a child process with a timeout; ``--json`` and the
other outputs share its check, :func:`arcade.engine.args.output_file`): a named pipe, a name over 255 bytes, a name
with no room for the temporary file an atomic write adds, a device. Each must be one line and exit 2, quickly.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from arcade.engine.child import END_S, LINE_MAX, TERM_S, ChildProcess, group_alive

__all__ = ["ProgramCase", "PathCase", "run_programs", "run_paths", "format_tables", "PROGRAMS", "PATHS"]

HANG_S = 10.0  # a path check that has not answered in this long hangs

# A TERM-ignoring sleeper, the grandchild a misbehaving engine leaves behind (it inherits stdout: holds the pipe)
_SLEEPER = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(3600)"
_GRANDCHILD = ("import subprocess, sys; subprocess.Popen([sys.executable, '-c', %r]); print('OK', flush=True); "
               "sys.stdin.readline(); sys.stdin.readline()") % _SLEEPER
_FLOOD_LINE = "import sys, time; sys.stdout.write('MESSAGE ' + 'x' * 50_000_000 + '\\n'); print('OK', flush=True); " \
              "time.sleep(3600)"
_FLOOD_LINES = "import sys\nwhile True: sys.stdout.write('MESSAGE flood\\n')"
_DEAF = "import time; time.sleep(3600)"

# name, what was done, argv (sys.executable is filled in), the line sent, seconds of frames before ending, the
# lines that must come (each at most LINE_MAX bytes)
PROGRAMS = (
    ("wrapper without exec", "sh runs the engine as its child (no exec); the engine sleeps and ignores SIGTERM",
     ["/bin/sh", "-c", '"$0" "$@"; :', "{py}", "-c", _SLEEPER], "START 15", 0.5, 0),
    ("grandchild holds the pipe", "the engine starts a grandchild (stdout inherited, SIGTERM ignored) and exits on END",
     ["{py}", "-c", _GRANDCHILD], "START 15", 0.5, 1),
    ("50 MB line", "a MESSAGE line of 50,000,000 bytes, then OK", ["{py}", "-c", _FLOOD_LINE], "START 15", 1.5, 2),
    ("endless lines", "MESSAGE lines as fast as it can write them, forever", ["{py}", "-c", _FLOOD_LINES],
     "START 15", 1.0, 1),
    ("asleep", "never reads, never answers, ignores SIGTERM; sent 10 MB", ["{py}", "-c", _SLEEPER], "10MB", 0.5, 0),
)


@dataclass
class ProgramCase:
    name: str
    action: str
    start_ms: float = 0.0
    longest_ms: float = 0.0
    came: str = ""
    ended: bool = False
    ended_s: float = 0.0
    failures: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        # a frame loop call is bounded by the lines a call hands over (256 of at most 4 KB) and never waits on the
        # program; 250 ms leaves room for a loaded machine and still tells a frozen window apart
        return self.ended and self.longest_ms < 250 and not self.failures


def _program_case(name, action, argv, send, seconds, lines_due) -> ProgramCase:
    case = ProgramCase(name, action)
    argv = [sys.executable if a == "{py}" else a for a in argv]
    longest = 0.0

    def timed(fn, *a, **kw):
        nonlocal longest
        t = time.perf_counter()
        r = fn(*a, **kw)
        longest = max(longest, time.perf_counter() - t)
        return r

    t0 = time.perf_counter()
    try:
        child = ChildProcess(argv)
    except OSError as e:
        case.failures.append(f"cannot start: {e}")
        return case
    case.start_ms = (time.perf_counter() - t0) * 1000
    got: list = []
    why = None
    if send == "10MB":
        for _ in range(10_000):
            why = timed(child.send, "x" * 1000)
            if why is not None:
                break
    else:
        why = timed(child.send, send)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got += [line for line in timed(child.lines) if line is not None]
        time.sleep(0.005)
    if send == "10MB":
        case.came = f"the write said: {why}" if why else "**all 10 MB written**"
        if why != "is not reading its input":
            case.failures.append("a write to a program that does not read was not refused")
    else:
        widest = max((len(line) for line in got), default=0)
        case.came = f"{len(got):,} line{'s' if len(got) != 1 else ''}" + \
            (f", the longest {widest:,} characters" if got else "")
        if len(got) < lines_due or widest > LINE_MAX:
            case.failures.append(f"expected {lines_due} or more lines of at most {LINE_MAX} characters")
    t0 = time.monotonic()
    timed(child.end, "END")
    case.ended = child.ended(timeout=END_S + TERM_S + 10)
    case.ended_s = time.monotonic() - t0
    if not case.ended:
        case.failures.append(f"processes of group {child.pid} left running")
    elif group_alive(child.pid):
        case.failures.append("the group came back")
    case.longest_ms = longest * 1000
    return case


def run_programs() -> list:
    return [_program_case(*p) for p in PROGRAMS] if os.name == "posix" else []


# ---------------------------------------------------------------------------------------------------------- paths
@dataclass
class PathCase:
    name: str
    action: str
    code: object = None  # the exit code, or "hang"
    lines: int = 0  # lines of the error (after argparse's usage)
    said: str = ""
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.code == 2 and self.lines == 1 and "Traceback" not in self.said


def _paths(d: Path) -> list:
    fifo = d / "pipe.png"
    os.mkfifo(fifo)
    return [
        ("named pipe", "--screenshot to a FIFO nobody reads", str(fifo)),
        ("name over 255 bytes", "--screenshot to a 300-character name", str(d / ("a" * 296 + ".png"))),
        ("no room for the temp name", "a 253-byte name (an atomic write adds .tmp)", str(d / ("b" * 249 + ".png"))),
        ("a device", "--screenshot to /dev/null", "/dev/null"),
    ]


PATHS = ("named pipe", "name over 255 bytes", "no room for the temp name", "a device")


def _path_case(name, action, path, tmp: str = "") -> PathCase:
    case = PathCase(name, action)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    t0 = time.monotonic()
    try:
        r = subprocess.run([sys.executable, "-m", "arcade", "--frames", "1", "--screenshot", path],
                           capture_output=True, text=True, env=env, timeout=HANG_S)
    except subprocess.TimeoutExpired:
        case.code, case.said = "hang", f"no answer in {HANG_S:g} s"
        return case
    case.seconds = time.monotonic() - t0
    errors = [line for line in r.stderr.splitlines() if "error:" in line or "Traceback" in line]
    case.code, case.lines = r.returncode, len(errors)
    case.said = errors[-1] if errors else r.stderr.strip()[-200:]
    if tmp:
        case.said = case.said.replace(tmp, "<tmp>")  # the case's temporary folder, different every run
    return case


def run_paths() -> list:
    if os.name != "posix":
        return []
    with tempfile.TemporaryDirectory(prefix="arcade-paths-") as tmp:
        return [_path_case(*p, tmp) for p in _paths(Path(tmp))]


# ---------------------------------------------------------------------------------------------------------- tables
def _yes(v: bool) -> str:
    return "yes" if v else "**NO**"


def format_tables(programs: list, paths: list) -> str:
    out = ["| program | what it does | start | longest call after it | what came | all of its group ended |",
           "|---|---|---|---|---|---|"]
    for c in programs:
        ended = f"{_yes(c.ended)} ({c.ended_s:.1f} s)" + (f" — **{'; '.join(c.failures)}**" if c.failures else "")
        out.append(f"| {c.name} | {c.action} | {c.start_ms:.0f} ms | {c.longest_ms:.1f} ms | {c.came} | {ended} |")
    out += ["", "| output path | what was done | exit code | error lines | says |", "|---|---|---|---|---|"]
    for c in paths:
        said = c.said.split("error: ", 1)[-1].replace("|", "/")
        if len(said) > 160:
            said = said[:100] + " ... " + said[-55:]
        out.append(f"| {c.name} | {c.action} | {c.code} | {c.lines} | {said} |")
    return "\n".join(out)


def rows_json(programs: list, paths: list) -> list:
    return [{"program": c.name, "action": c.action, "start_ms": round(c.start_ms, 1), "longest_ms": round(c.longest_ms, 1), "came": c.came,
             "ended": c.ended, "ended_s": round(c.ended_s, 2), "failures": c.failures, "ok": c.ok}
            for c in programs] + \
           [{"path": c.name, "action": c.action, "exit": c.code, "error_lines": c.lines, "said": c.said,
             "ok": c.ok} for c in paths]
