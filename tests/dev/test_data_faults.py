"""The profile's data-fault matrix: every case starts, keeps every best score an intact copy holds,
keeps the bad file aside byte for byte, logs exactly one warning line for a fault (none when nothing is wrong),
and the next save works once the disk is fine. The cases live in arcade/dev/faults.py (also `arcade bench faults`)."""
import argparse
import json
import logging
import os
import random

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from arcade.dev import faults
from arcade.engine import storage
from arcade.game2048.game import Game
from arcade.engine.storage import FILENAME, Profile

BACKUP = FILENAME + ".bak"
NO_INTACT_COPY = {"backup corrupt too", "folder under a regular file (real)", "folder is a regular file (real)"}
NOT_A_BAD_FILE = {"clock ran ahead"}  # warned about (once), but nothing in the file is damaged: nothing set aside


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return faults.build_template(tmp_path_factory.mktemp("template"))


@pytest.fixture(autouse=True)
def arcade_logger_reaches_caplog(monkeypatch):
    # the CLI tests may have set propagate=False on "arcade" (its stderr handler): caplog listens on the root
    monkeypatch.setattr(logging.getLogger("arcade"), "propagate", True)


def warning_lines(caplog) -> list:
    return [line for r in caplog.records if r.name.startswith("arcade") and r.levelno >= logging.WARNING
            for line in r.getMessage().split("\n")]


def test_the_template_is_a_real_profile(template, tmp_path):
    raw = json.loads(template.main)
    assert raw["schema"] == storage.SCHEMA
    assert raw["settings"]["volume"] == 0.35 and raw["settings"]["ai.strategy"] == "mcts"
    assert raw["saves"] == {}  # games in progress live in files of their own
    saved = json.loads(template.saves["2048.json"])
    game = Game.from_dict(saved["state"])  # a real saved game, restorable, after real moves
    assert game.moves > 10 and game.score > 0
    assert len(raw["history"]["2048"]) == 3 and len(raw["history"]["stairs"]) == 2
    assert template.main_best == {"2048/4x4": 14236, "2048/5x5": 30112, "stairs": 63}
    assert template.bak_best == {"2048/4x4": 14236, "2048/5x5": 30112, "stairs": 57}  # one write older
    assert 500 < len(template.main) < 20000  # about a KB (the saved game is in its own file): every offset is cut
    template.install(tmp_path)
    assert Profile(tmp_path, sync=True).warnings == []


@pytest.mark.parametrize("name", faults.CASE_NAMES)
def test_fault_case(name, template, tmp_path, caplog):
    spec = faults.SPECS[name]
    with caplog.at_level(logging.WARNING, logger="arcade"):
        case = faults.run_case(name, tmp_path, template)
    lines = warning_lines(caplog)

    # starts without an exception (and without hanging)
    assert case.started, case.failures

    # keeps every best score any intact copy holds: right after the open, and after the next save
    if name in NO_INTACT_COPY:
        assert case.expected_best == {}
    else:
        assert set(faults.BEST_KEYS) <= set(case.expected_best), "the case must leave an intact copy to check"
    for key, held in case.expected_best.items():
        assert case.got_best[key] >= held, f"{key}: {held} held by an intact copy, {case.got_best[key]} after the open"
        if spec.can_save:
            assert case.final_best[key] >= held, f"{key}: lost by the next save"

    # keeps the bad file aside, byte for byte (checked here again, from the disk)
    if spec.fault is None and spec.expected_warnings == 1 and spec.can_save and name not in NOT_A_BAD_FILE:
        assert case.bad, "a file fault must name its bad file"
    for bad_name, fp in case.bad.items():
        kept = [a for a in faults.aside_names(case.dir, bad_name) if faults.fingerprint(case.dir / a) == fp]
        assert kept, f"{bad_name} was not kept aside byte for byte"

    # exactly one warning line for a fault, none when nothing is wrong
    assert len(lines) == spec.expected_warnings, lines
    assert case.warnings == len(lines)

    # the next save succeeds when the disk is fine: a fresh open reads it, without a warning
    if spec.can_save:
        q = Profile(case.dir, sync=True)
        assert q.best("stairs") == case.final_stairs and q.warnings == []
        assert case.next_save is True
    else:
        assert case.next_save is None
    assert case.failures == [] and case.ok


def test_truncated_at_every_byte_offset(template, tmp_path, monkeypatch, caplog):
    # The sweep counts the warning lines of each offset itself (exactly one each, else that offset fails). Keep its
    # ~10,000 records away from caplog and pytest's report capture (they would format every one twice), except a
    # first few offsets swept with caplog listening, to cross-check the sweep's own count.
    with caplog.at_level(logging.WARNING, logger="arcade"):
        head = faults.truncation_sweep(tmp_path / "head", template, step=-(-len(template.main) // 5))
    assert head.runs == 5 and head.failures == [] and len(warning_lines(caplog)) == 5
    monkeypatch.setattr(logging.getLogger("arcade"), "propagate", False)
    row = faults.truncation_sweep(tmp_path, template)
    assert row.runs == len(template.main) > 500
    assert row.failures == []
    assert row.started and row.best_kept and row.aside and row.next_save and row.warnings == 1
    assert row.expected_best["stairs"] == 57
    # once the cut lies past the character that closes its entry, the cut file's own Stairs best (63) is read back,
    # not the backup's 57: at every offset from there to the end
    closed = template.main.index(b'"stairs":63') + len(b'"stairs":63') + 1
    assert row.newer == len(template.main) - closed > len(template.main) // 3


def test_the_matrix_notices_a_bad_file_that_is_not_kept_aside(template, tmp_path, monkeypatch):
    monkeypatch.setattr(Profile, "_set_aside", lambda self, path: None)
    case = faults.run_case("empty file", tmp_path, template)
    assert case.aside is False and not case.ok


def test_the_matrix_notices_a_lost_best(template, tmp_path, monkeypatch):
    def forget_temps(self):  # what storage did before: every temp file deleted unread
        for t in self.dir.glob(FILENAME + ".tmp-*"):
            t.unlink()
        return None, []

    monkeypatch.setattr(Profile, "_read_temps", forget_temps)
    case = faults.run_case("killed between the renames", tmp_path, template)
    assert case.expected_best["stairs"] == 64 and case.got_best["stairs"] == 63
    assert case.best_kept is False and not case.ok


def test_best_in_is_strict_and_keeps_duplicates():
    assert faults.best_in(b'{"best": {"a": 5, "b": true, "c": 2.0, "d": -1, "a": 9}}') == {"a": 9}
    assert faults.best_in(b'{"best": {"a": 5}, "best": {"a": 3, "b": 1}}') == {"a": 5, "b": 1}
    assert faults.best_in(b'{"best": {"a": 5}') == {} and faults.best_in(b"\xff") == {}
    assert faults.best_in(b'[{"best": {"a": 5}}]') == {} and faults.best_in(b'{"best": {"a": NaN}}') == {}


def test_storage_depth_limit_is_exact():
    def nest(n):  # n containers deep
        v = []
        for _ in range(n - 1):
            v = {"k": v}
        return v

    def profile(save):
        return {"schema": 1, "settings": {}, "best": {}, "saves": {"a": save}, "history": {}, "totals": {}}

    ok, problems = storage.sanitize(profile(nest(storage.MAX_DEPTH)))
    assert "a" in ok["saves"] and problems == []
    ok, problems = storage.sanitize(profile(nest(storage.MAX_DEPTH + 1)))
    assert "a" not in ok["saves"] and problems == ["saved game 'a'"]


def test_a_save_json_cannot_encode_never_crashes_and_the_writer_lives_on(tmp_path, caplog):
    deep: object = []
    for _ in range(5000):  # deeper than json.dumps can recurse
        deep = [deep]
    sync = Profile(tmp_path / "sync", sync=True)
    sync.save_game("x", {"deep": deep})  # must not raise
    assert len(sync.warnings) == 1
    p = Profile(tmp_path / "async")
    p.save_game("x", {"deep": deep})
    assert p.flush(5)
    p.clear_saved("x")
    p.submit_score("stairs", 5)
    assert p.flush(5) and Profile(tmp_path / "async", sync=True).best("stairs") == 5
    p.close()


def test_the_writer_thread_survives_an_unexpected_error(tmp_path, monkeypatch):
    p = Profile(tmp_path)
    real, calls = Profile._write, []

    def flaky(self, snap):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("boom")
        return real(self, snap)

    monkeypatch.setattr(Profile, "_write", flaky)
    p.submit_score("stairs", 1)
    assert p.flush(5)
    p.submit_score("stairs", 2)
    assert p.flush(5) and len(calls) == 2
    assert Profile(tmp_path, sync=True).best("stairs") == 2 and len(p.warnings) == 1
    p.close()


def _only_stamps_differ(content: bytes, original: bytes) -> bool:
    """``content`` is ``original`` with only change times altered: every value read from it is the original's."""
    try:
        a, b = json.loads(content), json.loads(original)
    except ValueError:
        return False
    return (isinstance(a, dict) and isinstance(b, dict)
            and {k: v for k, v in a.items() if k != "stamps"} == {k: v for k, v in b.items() if k != "stamps"})


def _damage(data: bytes, how: tuple) -> bytes:
    kind, a, b = how
    if kind == "cut":
        return data[: a % (len(data) + 1)]
    if kind == "flip":
        i = a % len(data)
        return data[:i] + bytes([data[i] ^ (1 << (b % 8))]) + data[i + 1:]
    if kind == "splice":
        i = a % len(data)
        return data[:i] + random.Random(b).randbytes(b % 64) + data[i:]
    return random.Random(a).randbytes(b % 3000)


DAMAGE = st.one_of(st.none(), st.tuples(st.sampled_from(["cut", "flip", "splice", "random"]),
                                        st.integers(0, 10**6), st.integers(0, 10**6)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(main_damage=DAMAGE, bak_damage=DAMAGE)
@example(main_damage=("flip", 99999, 1), bak_damage=("flip", 25, 0))  # a change time flipped into the future
@example(main_damage=("cut", 0, 0), bak_damage=("flip", 99999, 1))
def test_any_damage_to_either_file_starts_keeps_intact_bests_and_saves(template, tmp_path_factory, main_damage,
                                                                       bak_damage):
    d = tmp_path_factory.mktemp("prop")
    files = {FILENAME: template.main, BACKUP: template.bak}
    for name, how in ((FILENAME, main_damage), (BACKUP, bak_damage)):
        if how is not None:
            files[name] = _damage(files[name], how)
        (d / name).write_bytes(files[name])
    expected = faults.intact_best(d)  # max over what any readable copy holds (a flipped digit counts as written)
    p = Profile(d, sync=True)
    for key, held in expected.items():
        assert p.best(key) >= held
    # a flipped digit in a change time can leave a readable file stamped in the future: that is not damage, the
    # stamps are reset with a warning of their own and every value is kept
    damage = [w for w in p.warnings if "(a clock that ran ahead)" not in w]
    assert len(damage) <= 1
    for (name, content), original in zip(files.items(), (template.main, template.bak)):
        # whatever was refused is still on disk somewhere, byte for byte
        if content not in (template.main, template.bak) and damage and not _only_stamps_differ(content, original):
            kept = [a for a in d.iterdir() if a.is_file() and a.read_bytes() == content]
            assert kept, name
    p.submit_score("stairs", 10**6)
    q = Profile(d, sync=True)
    assert q.best("stairs") == 10**6 and q.warnings == []


def test_format_table_and_the_bench_command(tmp_path, capsys):
    rows = faults.run_matrix(tmp_path, step=997, quiet=True)
    table = faults.format_table(rows)
    lines = table.splitlines()
    assert lines[0] == ("| case | what was done | starts | best scores kept | bad file kept aside | warnings | "
                        "next save |")
    assert len(lines) == 2 + len(rows) == 2 + 1 + len(faults.ROWS)
    assert all(r.ok for r in rows), [(r.name, r.failures) for r in rows if not r.ok]
    assert "**NO**" not in table

    parser = argparse.ArgumentParser()
    faults.add_arguments(parser)
    args = parser.parse_args(["--step", "2500", "--keep", str(tmp_path / "bench"), "--json", str(tmp_path / "f.json")])
    assert faults.run(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("| case |") and "all ok" in out and "| program |" in out and "| output path |" in out
    from arcade.dev import process_faults

    rows_io = len(process_faults.PROGRAMS) + len(process_faults.PATHS) if os.name == "posix" else 0
    assert len(json.loads((tmp_path / "f.json").read_text())) == len(rows) + rows_io

    bad = faults.Case("x", "y", started=True, best_kept=False, aside=None, warnings=2, next_save=True,
                      failures=["lost"])
    row = faults.format_table([bad]).splitlines()[2]
    assert "**NO**" in row and "2 (**expected 1**)" in row and "n/a (nothing bad)" in row and "lost" in row
