"""The replay store beside the profile: atomic files, bounded (bests kept), damaged files skipped, export and import
with one-line errors for anything that is not a replay."""
import json
import os
from pathlib import Path

import pytest

from arcade.engine.replays import Replay, ReplayStore, parse, read_file, write_file


def rep(score, best=False, t=0):
    return Replay("2048", score, {"size": 4, "log": "00"}, best=best, time=1_700_000_000 + t)


def test_add_list_load_newest_first(tmp_path):
    s = ReplayStore(tmp_path)
    for i in range(5):
        s.add(rep(i, t=i))
    assert s.flush()
    got = s.list("2048")
    assert [r.score for r in got] == [4, 3, 2, 1, 0]
    assert s.load("2048", got[0].id) == got[0]
    assert not list(tmp_path.rglob("*.tmp-*"))


def test_bounded_but_every_best_is_kept(tmp_path):
    s = ReplayStore(tmp_path, sync=True, keep=5)
    s.add(rep(999, best=True, t=0))
    for i in range(1, 20):
        s.add(rep(i, t=i))
    scores = [r.score for r in s.list("2048")]
    assert scores[:5] == [19, 18, 17, 16, 15] and 999 in scores and len(scores) == 6


def test_a_damaged_file_is_skipped_not_fatal(tmp_path):
    s = ReplayStore(tmp_path, sync=True)
    s.add(rep(1))
    (tmp_path / "replays" / "2048" / "000000000001-bad.json").write_text('{"arcade-replay": 1, "gam')
    assert [r.score for r in s.list("2048")] == [1]


def test_export_import_round_trip(tmp_path):
    r = rep(77, best=True)
    write_file(r, tmp_path / "game.replay")
    assert read_file(tmp_path / "game.replay") == r


@pytest.mark.parametrize("text", [
    "", "not json", "[]", '{"game": "2048"}', '{"arcade-replay": 2}',
    '{"arcade-replay": 1, "game": "../x", "id": "a", "time": 1, "score": 1, "best": false, "title": "", "data": {}}',
    '{"arcade-replay": 1, "game": "2048", "id": "a", "time": 1, "score": -1, "best": false, "title": "", "data": {}}',
    '{"arcade-replay": 1, "game": "2048", "id": "a", "time": 1, "score": 1, "best": 1, "title": "", "data": {}}',
    '{"arcade-replay": 1, "game": "2048", "id": "a", "time": 1, "score": 1, "best": false, "title": "", "data": []}',
    '{"arcade-replay": 1, "game": "2048", "id": "a", "time": 1, "score": 1, "best": false, "title": "", "data": '
    + '{"x":' * 40 + "1" + "}" * 41,
    "[" * 100_000,
])
def test_hostile_files_are_one_line_errors(tmp_path, text):
    f = tmp_path / "x.replay"
    f.write_text(text)
    with pytest.raises(ValueError) as e:
        read_file(f)
    assert "\n" not in str(e.value)


def test_unreadable_paths(tmp_path):
    for p in (tmp_path, tmp_path / "missing.replay"):
        with pytest.raises(ValueError):
            read_file(p)
    with pytest.raises(ValueError):
        write_file(rep(1), tmp_path / "no" / "dir" / "x.replay")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_or_a_device_is_refused_at_once(tmp_path):
    """A FIFO with no writer would block the read forever, /dev/urandom never ends: both refused in one line."""
    fifo = tmp_path / "pipe.replay"
    os.mkfifo(fifo)
    for p in (fifo, Path("/dev/urandom"), Path("/dev/zero")):
        if p.exists():
            with pytest.raises(ValueError, match="not a regular file"):
                read_file(p)


def test_a_file_that_grows_past_the_cap_while_read_is_refused(tmp_path, monkeypatch):
    from arcade.engine import replays

    f = tmp_path / "big.replay"
    f.write_bytes(b" " * 100)
    real_fstat = os.fstat

    def small_when_looked_at(fd):  # the size seen before the read: the file grows after it
        st = list(real_fstat(fd))
        st[6] = 10  # st_size
        return os.stat_result(st)

    monkeypatch.setattr(replays, "MAX_BYTES", 50)
    monkeypatch.setattr(replays.os, "fstat", small_when_looked_at)
    with pytest.raises(ValueError, match="larger than"):
        read_file(f)


def test_parse_keeps_every_field():
    r = rep(5, best=True)
    assert parse(json.dumps(json.loads(r.to_json()))) == r
