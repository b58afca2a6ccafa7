"""argparse value types shared by the command line and every benchmark: a bad value is argparse's one-line
``error: argument --x: ...`` and exit 2, never a traceback. Each raises ``argparse.ArgumentTypeError``."""
from __future__ import annotations

import argparse
import math
import os
from pathlib import Path

__all__ = ["BadOption", "positive_int", "nonnegative_int", "int_range", "int_list", "float_range", "seed", "output_file",
           "folder_to_fill", "data_dir"]


class BadOption(Exception):
    """Raised by a benchmark's ``run`` for a combination of values no single type can check (e.g. weights that sum
    to 0): the CLI prints it as one line, ``arcade bench NAME: error: ...``, and exits with 2."""


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def positive_int(text: str) -> int:
    """A whole number >= 1."""
    v = _int(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {v}")
    return v


def nonnegative_int(text: str) -> int:
    v = _int(text)
    if v < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {v}")
    return v


def int_range(lo: int, hi: int):
    """A whole number in ``lo..hi``."""

    def parse(text: str) -> int:
        v = _int(text)
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"must be {lo}..{hi}, got {v}")
        return v

    parse.__name__ = f"int {lo}..{hi}"
    return parse


def int_list(lo: int, hi: int):
    """Comma-separated whole numbers, each in ``lo..hi``, at least one: ``"3,4,8"``."""

    def parse(text: str) -> list[int]:
        parts = [t.strip() for t in text.split(",") if t.strip()]
        if not parts:
            raise argparse.ArgumentTypeError(f"expected numbers separated by commas, got {text!r}")
        out = []
        for t in parts:
            v = _int(t)
            if not lo <= v <= hi:
                raise argparse.ArgumentTypeError(f"each must be {lo}..{hi}, got {v}")
            out.append(v)
        return out

    parse.__name__ = f"list of {lo}..{hi}"
    return parse


def float_range(lo: float, hi: float, lo_open: bool = False):
    """A finite number in ``lo..hi`` (``lo_open``: greater than ``lo``)."""

    def parse(text: str) -> float:
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if not math.isfinite(v) or not (lo < v if lo_open else lo <= v) or v > hi:
            raise argparse.ArgumentTypeError(f"must be {'over ' if lo_open else ''}{lo:g}..{hi:g}, got {text}")
        return v

    parse.__name__ = "number"
    return parse


def seed(text: str) -> int:
    v = _int(text)
    if not 0 <= v < 2**63:
        raise argparse.ArgumentTypeError(f"must be between 0 and 2^63-1, got {v}")
    return v


TEMP_SUFFIX = ".tmp"  # what an atomic write adds to the name of the file it writes first


def output_file(text: str) -> Path:
    """A file to write: not empty, not a directory, in a folder that exists and is writable (checked before a
    run starts, so hours of results are never lost to a typo at the end); a name the folder can hold (with room for
    the temporary name an atomic write uses); a new file or a regular one, never a named pipe or a device (writing
    to a FIFO nobody reads waits forever)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a file name, got an empty string")
    if "\0" in text:
        raise argparse.ArgumentTypeError(f"{text!r} is not a file name (it holds a NUL character)")
    p = Path(text)
    try:
        folder = p.parent if str(p.parent) else Path(".")
        if p.is_dir():
            raise argparse.ArgumentTypeError(f"{text} is a folder, expected a file name")
        if not folder.is_dir():
            raise argparse.ArgumentTypeError(f"the folder {folder} does not exist")
        if not os.access(folder, os.W_OK):
            raise argparse.ArgumentTypeError(f"cannot write in the folder {folder}")
        try:
            name_max = os.pathconf(folder, "PC_NAME_MAX")
        except (OSError, ValueError, AttributeError):
            name_max = 255
        length = len(os.fsencode(p.name))
        if length + len(TEMP_SUFFIX) > name_max:
            raise argparse.ArgumentTypeError(f"the file name is too long ({length} bytes; at most "
                                             f"{name_max - len(TEMP_SUFFIX)} here)")
        if p.exists():
            if not p.is_file():
                raise argparse.ArgumentTypeError(f"{text} is not a regular file (a named pipe, a device or a "
                                                 "socket), expected a file name")
            if not os.access(p, os.W_OK):
                raise argparse.ArgumentTypeError(f"{text} is not writable")
    except OSError as e:  # a path too long as a whole, a folder that cannot be looked into
        raise argparse.ArgumentTypeError(f"cannot write {_short(text)}: {e.strerror or e}") from None
    except UnicodeError:
        raise argparse.ArgumentTypeError(f"{_short(text)} is not a file name this system can hold") from None
    return p


def _short(text: str, limit: int = 80) -> str:
    """A path as an error line shows it: at most ``limit`` characters, the middle left out."""
    return text if len(text) <= limit else f"{text[:limit // 2 - 2]}...{text[-(limit // 2 - 1):]}"


def folder_to_fill(text: str) -> Path:
    """A folder a run creates and fills: it may exist only as an empty folder (never a file, never a folder whose
    contents a run could mix with or overwrite)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a folder, got an empty string")
    p = Path(text).expanduser()
    if p.exists() and not p.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, expected a new or empty folder")
    if p.is_dir() and any(p.iterdir()):
        raise argparse.ArgumentTypeError(f"{text} is not empty, expected a new or empty folder")
    parent = p.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not os.access(parent, os.W_OK):
        raise argparse.ArgumentTypeError(f"cannot create a folder in {parent}")
    return p


def data_dir(text: str) -> Path:
    """The profile folder: not empty (an empty value would silently mean the current directory)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a folder, got an empty string")
    return Path(text).expanduser()
