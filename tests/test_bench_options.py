"""Every benchmark's bad values: argparse's one line ("arcade bench NAME: error: ...") and exit 2, before any work
starts; never a traceback, a hang, or a run that loses its results at the end."""
import pytest

from arcade import cli


def bad(tmp_path):
    afile = tmp_path / "exists.txt"
    afile.write_text("x")
    full = tmp_path / "full"
    full.mkdir()
    (full / "x").write_text("x")
    return [
        ["view", "--sizes", "9"], ["view", "--sizes", "4,x"], ["view", "--sizes", ","], ["view", "--frames", "0"],
        ["view", "--speed", "-1"], ["view", "--speed", "0"], ["view", "--speed", "nan"], ["view", "--seed", "-3"],
        ["engine", "--boards", "0"], ["engine", "--boards", str(1 << 30)], ["engine", "--repeat", "0"],
        ["engine", "--naive-boards", "-1"],
        ["stairs", "--p", "0", "0"], ["stairs", "--p", "-0.5", "1"], ["stairs", "--p", "inf"],
        ["stairs", "--p", "0.1234567", "0.7654321", "0.3333331", "0.2718281"], ["stairs", "--draws", "0"], ["stairs", "--draws", str(10**12)],
        ["stairs", "--repeat", "0"], ["stairs", "--large-n", "-1"], ["stairs", "--seed", "x"],
        ["stairs-frames", "--frames", "0"], ["stairs-frames", "--warmup", "-1"], ["stairs-frames", "--world-steps", "0"],
        ["frames", "--frames", "0"], ["startup", "--runs", "0"], ["soak", "--steps", "0"], ["soak", "--steps", "-5"],
        ["save", "--moves", "0"], ["frames", "--json", str(tmp_path)], ["frames", "--json", str(tmp_path / "no" / "x.json")],
        ["frames", "--json", ""],
        ["faults", "--keep", str(afile)], ["faults", "--keep", str(full)], ["faults", "--keep", ""], ["faults", "--step", "0"],
        ["faults", "--json", str(tmp_path)],
        ["fuzz", "--events", "0"], ["fuzz", "--events", "many"], ["fuzz", "--seed", "-1"],
        ["all", "--frames", "0"],
        ["review", "--moves", "5"], ["review", "--moves", "x"], ["review", "--seed", "-1"],
        ["save", "--size", "9"], ["save", "--json", str(tmp_path)],
        ["tune"], ["tune", "--log", str(tmp_path / "t.json"), "--names", "empty,nosuch"],
        ["tune", "--log", str(tmp_path / "t.json"), "--step", "1"], ["tune", "--log", str(tmp_path)],
    ]


def test_every_bad_bench_value_is_one_line_and_exit_2(tmp_path, capsys):
    for argv in bad(tmp_path):
        with pytest.raises(SystemExit) as e:
            cli.main(["bench", *argv])
        err = capsys.readouterr().err.strip().splitlines()
        assert e.value.code == 2, argv
        assert err and "error:" in err[-1] and err[-1].startswith("arcade"), (argv, err)
        assert not any("Traceback" in line for line in err), argv
