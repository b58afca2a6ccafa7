"""Profile storage: atomic writes, backups, every corruption case, unwritable places."""
import errno
import json
import logging
import os

import pytest
from hypothesis import given, settings, strategies as st

from arcade.engine import storage
from arcade.engine.storage import FILENAME, HISTORY_LIMIT, Profile


def write_good(d, best=None, **settings_):
    p = Profile(d, sync=True)
    for k, v in (best or {}).items():
        p.submit_score(k, v)
    for k, v in settings_.items():
        p.set(k.replace("_", "."), v)
    return p


def aside_files(d):
    return sorted(f.name for f in d.iterdir() if ".corrupt-" in f.name)


def test_fresh_profile_has_defaults_and_writes_versioned_json(data_dir):
    p = Profile(data_dir, sync=True)
    assert p.get("volume") == 0.8 and p.best("stairs") == 0
    p.submit_score("stairs", 12)
    raw = json.loads((data_dir / FILENAME).read_text())
    assert raw["schema"] == storage.SCHEMA and raw["best"] == {"stairs": 12}
    assert Profile(data_dir).best("stairs") == 12


def test_write_keeps_the_previous_good_file_as_backup(data_dir):
    p = write_good(data_dir, {"stairs": 5})
    p.submit_score("stairs", 9)
    bak = json.loads((data_dir / (FILENAME + ".bak")).read_text())
    main = json.loads((data_dir / FILENAME).read_text())
    assert bak["best"]["stairs"] == 5 and main["best"]["stairs"] == 9
    assert not list(data_dir.glob("*.tmp-*"))


def test_background_writer_flushes(data_dir):
    p = Profile(data_dir)  # async
    for i in range(50):
        p.submit_score("stairs", i + 1)
    assert p.flush(5)
    assert json.loads((data_dir / FILENAME).read_text())["best"]["stairs"] == 50
    p.close()


def test_submit_score_only_raises():
    p = Profile(None)
    assert p.submit_score("x", 10) and not p.submit_score("x", 5) and not p.submit_score("x", 10)
    assert p.best("x") == 10


BAD_CONTENTS = {
    "truncated": lambda good: good[: len(good) // 2],
    "random bytes": lambda good: bytes(range(256)) * 3,
    "empty": lambda good: b"",
    "not an object": lambda good: b"[1, 2, 3]",
    "wrong types": lambda good: json.dumps({"schema": 1, "settings": [], "best": {"stairs": "lots"}, "saves": 3}).encode(),
    "future schema": lambda good: json.dumps({"schema": 99, "best": {"stairs": 3}}).encode(),
    "bad setting": lambda good: json.dumps({"schema": 1, "settings": {"volume": "loud"}, "best": {}}).encode(),
}


@pytest.mark.parametrize("case", sorted(BAD_CONTENTS))
def test_corrupt_main_file_recovers_from_backup_keeps_it_aside_and_warns_once(data_dir, case, caplog):
    p = write_good(data_dir, {"stairs": 40, "2048/4x4": 1000})
    p.submit_score("stairs", 41)  # now the backup holds 40, the main 41
    good = (data_dir / FILENAME).read_bytes()
    bad = BAD_CONTENTS[case](good)
    (data_dir / FILENAME).write_bytes(bad)
    with caplog.at_level(logging.WARNING, logger="arcade"):
        q = Profile(data_dir, sync=True)
    assert q.best("stairs") >= 40 and q.best("2048/4x4") == 1000  # nothing below the backup is lost
    assert len(q.warnings) == 1 and len([r for r in caplog.records if r.name == "arcade"]) == 1
    aside = aside_files(data_dir)
    assert len(aside) == 1 and (data_dir / aside[0]).read_bytes() == bad  # kept, byte for byte
    # and the profile works again afterwards
    assert json.loads((data_dir / FILENAME).read_text())["schema"] == storage.SCHEMA


def test_valid_parts_of_a_bad_file_are_kept(data_dir):
    (data_dir / FILENAME).write_text(json.dumps({"schema": 99, "best": {"stairs": 77, "bad": -1}, "settings": {"volume": 0.3}}))
    p = Profile(data_dir, sync=True)
    assert p.best("stairs") == 77 and p.get("volume") == 0.3 and p.best("bad") == 0
    assert len(aside_files(data_dir)) == 1


def test_best_score_is_max_over_every_readable_copy(data_dir):
    write_good(data_dir, {"stairs": 50})
    # a crash between writing a higher score and ... : simulate a backup holding more than main
    main = json.loads((data_dir / FILENAME).read_text())
    (data_dir / (FILENAME + ".bak")).write_text(json.dumps({**main, "best": {"stairs": 60, "2048/5x5": 7}}))
    p = Profile(data_dir, sync=True)
    assert p.best("stairs") == 60 and p.best("2048/5x5") == 7 and p.warnings == []


def test_killed_between_rotation_and_rename_uses_backup(data_dir):
    write_good(data_dir, {"stairs": 30})
    write_good(data_dir).submit_score("stairs", 31)
    os.replace(data_dir / FILENAME, data_dir / (FILENAME + ".bak"))  # main gone, only the backup
    (data_dir / (FILENAME + ".tmp-12345")).write_text('{"schema": 1, "be')  # half-written temp file
    p = Profile(data_dir, sync=True)
    assert p.best("stairs") == 31 and p.warnings == []
    assert not list(data_dir.glob("*.tmp-*"))


def test_a_directory_where_the_file_should_be(data_dir):
    (data_dir / FILENAME).mkdir()
    p = Profile(data_dir, sync=True)
    assert len(p.warnings) == 1
    p.submit_score("stairs", 3)
    assert json.loads((data_dir / FILENAME).read_text())["best"]["stairs"] == 3


def test_unreadable_file(data_dir, monkeypatch):
    write_good(data_dir, {"stairs": 8}).set("volume", 0.5)  # the backup now holds the 8 too
    real = storage.Path.read_bytes

    def deny(self):
        if self.name == FILENAME:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(self)

    monkeypatch.setattr(storage.Path, "read_bytes", deny)
    p = Profile(data_dir, sync=True)
    assert p.best("stairs") == 8 and len(p.warnings) == 1


def test_data_dir_that_cannot_be_created(tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with caplog.at_level(logging.WARNING, logger="arcade"):
        p = Profile(blocker / "sub", sync=True)
        p.submit_score("stairs", 5)
        p.set("volume", 0.5)
    assert p.best("stairs") == 5 and p.get("volume") == 0.5  # play goes on in memory
    assert len(p.warnings) == 1


def test_disk_full_on_write_keeps_the_old_file_and_warns_once(data_dir, monkeypatch):
    p = write_good(data_dir, {"stairs": 10})
    before = (data_dir / FILENAME).read_bytes()
    real_fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "fsync", full)
    p.submit_score("stairs", 11)
    p.submit_score("stairs", 12)
    assert len(p.warnings) == 1 and "No space left" in p.warnings[0]
    assert (data_dir / FILENAME).read_bytes() == before
    assert not list(data_dir.glob("*.tmp-*"))
    monkeypatch.setattr(storage.os, "fsync", real_fsync)
    p.submit_score("stairs", 13)  # the disk came back: saving resumes
    assert Profile(data_dir).best("stairs") == 13


def test_settings_validate_and_persist(data_dir):
    p = Profile(data_dir, sync=True)
    with pytest.raises(ValueError):
        p.set("2048.size", 9)
    with pytest.raises(ValueError):
        p.set("volume", float("nan"))
    with pytest.raises(KeyError):
        p.set("nope", 1)
    p.set("2048.size", 6)
    p.set("ai.strategy", "mcts")
    q = Profile(data_dir)
    assert q.get("2048.size") == 6 and q.get("ai.strategy") == "mcts"


def test_saved_games_and_history_are_bounded(data_dir):
    p = Profile(data_dir, sync=True)
    p.save_game("2048", {"grid": [[2]]})
    assert Profile(data_dir).saved_game("2048") == {"grid": [[2]]}
    p.clear_saved("2048")
    assert Profile(data_dir).saved_game("2048") is None
    for i in range(HISTORY_LIMIT + 20):
        p.record_game("stairs", i, cause="fell")
    q = Profile(data_dir)
    assert len(q.history("stairs")) == HISTORY_LIMIT and q.history("stairs")[-1]["score"] == HISTORY_LIMIT + 19
    assert q.totals("stairs")["played"] == HISTORY_LIMIT + 20


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_never_crash_and_never_lose_the_backup_best(tmp_path_factory, blob):
    d = tmp_path_factory.mktemp("fuzz")
    write_good(d, {"stairs": 21})
    write_good(d).submit_score("stairs", 22)
    (d / FILENAME).write_bytes(blob)
    p = Profile(d, sync=True)
    assert p.best("stairs") >= 21


def test_one_damaged_record_costs_only_that_record_not_the_latest_settings(data_dir):
    p = write_good(data_dir, {"stairs": 40}, volume=0.5)
    p.record_game("stairs", 40, by="player", outcome="over")
    p.record_game("stairs", 12, by="player", outcome="over")
    p.set("volume", 0.3)  # the newest setting: only the main file has it, the backup holds 0.5
    raw = json.loads((data_dir / FILENAME).read_text())
    raw["history"]["stairs"][0]["id"] = ["not", "an", "id"]  # hand-edited: an id that is a list
    raw["settings"]["music"] = "loud"  # one bad setting
    (data_dir / FILENAME).write_text(json.dumps(raw))
    q = Profile(data_dir, sync=True)
    assert q.get("volume") == 0.3  # not rolled back to the backup's
    # the damaged record is taken from the backup, which holds it intact; the other one kept
    assert sorted(r["score"] for r in q.history("stairs")) == [12, 40]
    assert all(isinstance(r["id"], str) for r in q.history("stairs"))
    assert len(q.warnings) == 1 and "id" in q.warnings[0] and len(aside_files(data_dir)) == 1
    # and every later write works: the merge with the file on disk never meets the bad record again
    q.record_game("stairs", 50, by="player", outcome="over")
    q.submit_score("stairs", 50)
    r = Profile(data_dir, sync=True)
    assert r.best("stairs") == 50 and sorted(x["score"] for x in r.history("stairs")) == [12, 40, 50]
    assert not r.warnings


@pytest.mark.parametrize("field, value", [("id", ["x"]), ("id", {"a": 1}), ("score", -3), ("outcome", "maybe"),
                                          ("by", "cat"), ("daily", "2026-02-30"), ("moves", 1.5), ("assisted", "x"),
                                          ("code", "no spaces allowed"), ("extra", [1, 2]), ("time", "noon")])
def test_every_field_of_a_history_record_is_checked(data_dir, field, value):
    p = write_good(data_dir)
    p.record_game("2048", 100, by="player", outcome="lost", assisted=0, moves=10, daily="2026-11-24",
                  code="2048-4X4-ABCDEFG")
    p.record_game("2048", 200, by="ai", outcome="won")
    raw = json.loads((data_dir / FILENAME).read_text())
    assert storage.check_record(raw["history"]["2048"][0])  # valid as written
    raw["history"]["2048"][0][field] = value
    (data_dir / FILENAME).write_text(json.dumps(raw))
    (data_dir / (FILENAME + ".bak")).unlink()  # no intact copy of the record anywhere
    q = Profile(data_dir, sync=True)
    assert [r["score"] for r in q.history("2048")] == [200] and len(q.warnings) == 1


def test_a_write_that_fails_unexpectedly_is_shown_on_screen(data_dir, monkeypatch):
    shown = []
    p = Profile(data_dir)  # the background writer
    p.on_notice = shown.append

    def broken(snap):
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(p, "_write", broken)
    p.submit_score("stairs", 3)
    p.flush(5)
    p.close()
    assert shown and "not saved" in shown[0]
