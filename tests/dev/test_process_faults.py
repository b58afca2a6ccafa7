"""The fault matrix's second table (arcade.dev.process_faults, printed by `arcade bench faults`): misbehaving
programs run as a Gomocup engine is run, each read and ended without the caller waiting and without a process of
its group left; output paths that cannot be a file, each one line and exit 2 through the real command line."""
import os

import pytest

from arcade.dev import process_faults as pf

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups, named pipes")


def test_every_misbehaving_program_is_read_within_bounds_and_ended_with_its_whole_group():
    rows = {c.name: c for c in pf.run_programs()}
    assert list(rows) == [p[0] for p in pf.PROGRAMS]
    for c in rows.values():
        assert c.ended and not c.failures, (c.name, c.failures)
    assert rows["50 MB line"].came == "2 lines, the longest 4,096 characters"  # its head, then OK
    assert rows["asleep"].came == "the write said: is not reading its input"
    assert rows["grandchild holds the pipe"].came == "1 line, the longest 2 characters"
    assert rows["wrapper without exec"].came == "0 lines"


def test_every_bad_output_path_is_one_line_and_exit_2_and_the_tables_show_them():
    paths = pf.run_paths()
    assert [c.name for c in paths] == list(pf.PATHS)
    for c in paths:
        assert c.ok, (c.name, c.code, c.said)
    table = pf.format_tables([], paths)
    assert table.count("\n| ") == len(paths) + 1 and "File name too long" in table
