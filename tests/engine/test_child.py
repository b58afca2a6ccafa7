"""A child program talked to in lines (arcade.engine.child): its own process group, ended as a whole without the
caller waiting; lines read up to a limit; writes that never wait on a program that stopped reading."""
import gc
import os
import sys
import time

import pytest

from arcade.engine.child import LINE_MAX, ChildProcess, group_alive
from helpers import running

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups and /proc are POSIX")

# a program that leaves a grandchild behind (it holds stdout open and ignores SIGTERM), says OK and waits for END;
# ``sh`` runs it without exec, as a wrapper script would
LEAVER = r"""
import os, signal, subprocess, sys
pids = sys.argv[1]
g = subprocess.Popen([sys.executable, "-c",
                      "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(3600)"])
with open(pids, "a") as fh:
    fh.write(f"{os.getpid()}\n{g.pid}\n")
print("OK", flush=True)
for line in sys.stdin:
    if line.strip() == "END":
        break
"""



def first_lines(child, n, timeout=30):
    out, end = [], time.monotonic() + timeout
    while len(out) < n and time.monotonic() < end:
        out += child.lines()
        time.sleep(0.005)
    return out


def test_a_line_is_read_up_to_the_limit_and_the_rest_of_it_dropped():
    code = ("import sys; w = sys.stdout.write; w('x' * 50_000_000 + '\\n'); w('short\\n'); w('y' * 5000 + '\\n');"
            "w('tail without a newline'); sys.stdout.flush()")
    c = ChildProcess([sys.executable, "-c", code])
    try:
        lines = first_lines(c, 5)
        assert lines == ["x" * LINE_MAX, "short", "y" * LINE_MAX, "tail without a newline", None]
    finally:
        c.end()
        assert c.ended(10)


def test_a_flood_of_lines_is_held_back_by_the_pipe_and_handed_over_a_bounded_number_at_a_time():
    c = ChildProcess([sys.executable, "-c", "import sys\nwhile True: sys.stdout.write('MESSAGE flood\\n')"],
                     queue_max=100)
    try:
        got = first_lines(c, 1)
        time.sleep(0.3)
        assert 0 < len(got) + len(c.lines(limit=1000)) <= 100 + 1 + 100  # the queue's bound, not the flood's size
        assert len(c.lines(limit=7)) <= 7
    finally:
        c.end()
        assert c.ended(10)


def test_writing_to_a_program_that_does_not_read_is_reported_not_waited_on():
    c = ChildProcess([sys.executable, "-c", "import time; time.sleep(3600)"])
    try:
        why = None
        for _ in range(10_000):  # 10 MB: far more than any pipe holds
            why = c.send("x" * 1000)
            if why is not None:
                break
        assert why == "is not reading its input"
    finally:
        c.end()
        assert c.ended(10)


@pytest.mark.parametrize("wrap", [False, True])
def test_ending_returns_at_once_and_ends_the_whole_group(tmp_path, wrap):
    """A grandchild holding the pipe and ignoring SIGTERM, under a wrapper that does not exec: ``end`` returns
    while they still run, and the group is gone afterwards (SIGKILL after SIGTERM)."""
    pids = tmp_path / "pids"
    script = tmp_path / "leaver.py"
    script.write_text(LEAVER)
    argv = [sys.executable, str(script), str(pids)]
    if wrap:
        argv = ["/bin/sh", "-c", f'echo $$ >> "{pids}"; "$0" "$@"', *argv]
    c = ChildProcess(argv)
    assert first_lines(c, 1) == ["OK"]
    started = [int(p) for p in pids.read_text().split()]
    assert len(started) == (3 if wrap else 2) and all(os.getpgid(p) == c.pid for p in started)
    c.end("END")
    assert c.ending.is_alive() and any(running(p) for p in started)  # returned before the group was gone
    assert c.ended(timeout=20)
    assert not any(running(p) for p in started) and not group_alive(c.pid)


def test_a_pipe_numbered_past_1023_is_read_too(tmp_path):
    """A long-running game may hold many files: the reader must not depend on select()'s 1024 descriptors."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    # room for the 1100 held below, the pipes and whatever the tests before this one left open
    need = 1100 + 256 + (len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else 256)
    if hard != resource.RLIM_INFINITY and hard < need:
        pytest.skip(f"the descriptor limit is under {need}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, need), hard))
    gc.collect()  # files other tests left to the collector would free low descriptors while the pipe is made
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        for _ in range(5):
            c = ChildProcess([sys.executable, "-c", "print('OK', flush=True)"])
            if c.proc.stdout.fileno() > 1023:
                break
            # a descriptor below 1024 was freed meanwhile (another thread closed a file): fill the holes, again
            c.end()
            assert c.ended(10)
            held += [os.open(os.devnull, os.O_RDONLY) for _ in range(64)]
        try:
            assert c.proc.stdout.fileno() > 1023
            assert first_lines(c, 2) == ["OK", None]
        finally:
            c.end()
            assert c.ended(10)
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
