"""Game codes and the daily game: a short text that names a game, its parameters and its seed, in the spirit of
the game IDs of Simon Tatham's Portable Puzzle Collection.

    2048-4x4-K7QX2MA            game ``2048``, parameters ``4x4``, seed ``K7QX2M`` and a check character ``A``
    minesweeper-expert.ng-0004Z9F

The seed is written in Crockford's base 32 (digits and upper-case letters without I, L, O and U; reading forgives
lower case and takes I/L as 1 and O as 0), at least six characters, followed by one check character (the sum of
the seed's characters weighted 1, 3, 5, ... modulo 32: odd weights catch every single mistyped character), so a
mistyped code is refused instead of quietly naming another game. The
same code and the same inputs give the same game on any machine: a game's randomness is drawn only from its seed.

A later version that changes what a code means appends ``-v2`` (and so on); this version reads codes without a
suffix and refuses any other with a one-line message naming the version.

The daily game's seed is a hash of the game, its parameters and the date (SHA-256, so the same on every machine
and Python), so everyone playing the same game on the same date gets the same board.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import re
from typing import NamedTuple

__all__ = ["ALPHABET", "SEED_BITS", "Code", "make", "parse", "daily_seed", "parse_date", "encode_seed",
           "decode_seed", "in_digits"]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
SEED_BITS = 30  # a new game's seed: six base-32 characters
MIN_DIGITS = 6
MAX_DIGITS = 13  # 64-bit seeds
VERSION = 1
_READ = {c: i for i, c in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
_PARAMS = re.compile(r"[a-z0-9.x]{1,24}")


class Code(NamedTuple):
    game: str
    params: str
    seed: int


def _check(digits: str) -> str:
    return ALPHABET[sum((2 * i + 1) * _READ[c] for i, c in enumerate(digits)) % 32]


def encode_seed(seed: int) -> str:
    """``seed`` (0 <= seed < 2**64) in base 32, at least six digits, then its check character."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        raise ValueError(f"seed {seed!r}: expected an integer 0 .. 2**64-1")
    out = in_digits(seed, ALPHABET).rjust(MIN_DIGITS, "0")
    return out + _check(out)


def in_digits(n: int, digits: str) -> str:
    """``n`` >= 0 written in the base of ``digits`` (its characters, the zero first), without leading zeros."""
    base = len(digits)
    out = ""
    while True:
        n, d = divmod(n, base)
        out = digits[d] + out
        if not n:
            return out


def decode_seed(text: str) -> int:
    """The seed of :func:`encode_seed`'s text; ``ValueError`` (one line) for a typo or a wrong length."""
    t = text.strip().upper()
    if not MIN_DIGITS + 1 <= len(t) <= MAX_DIGITS + 1:
        raise ValueError(f"seed {text!r}: expected {MIN_DIGITS + 1} to {MAX_DIGITS + 1} characters")
    bad = [c for c in t if c not in _READ]
    if bad:
        raise ValueError(f"seed {text!r}: {bad[0]!r} is not a code character")
    digits, check = "".join(ALPHABET[_READ[c]] for c in t[:-1]), ALPHABET[_READ[t[-1]]]
    if _check(digits) != check:
        raise ValueError(f"seed {text!r}: the check character does not match (a typo?)")
    n = 0
    for c in digits:
        n = n * 32 + _READ[c]
    if n >= 1 << 64:
        raise ValueError(f"seed {text!r}: too large")
    return n


def make(game: str, params: str, seed: int) -> str:
    """The code of ``game`` with ``params`` (lower-case letters, digits, '.' and 'x') and ``seed``."""
    if not _PARAMS.fullmatch(params):
        raise ValueError(f"code parameters {params!r}: lower-case letters, digits, '.' and 'x' only")
    return f"{game}-{params}-{encode_seed(seed)}"


def parse(text: str, games=None) -> Code:
    """A code's game, parameters and seed. ``games`` (ids) limits the games it may name. ``ValueError`` with one
    line for anything else: not a code, a typo, an unknown game, a code from a newer version."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("empty game code")
    t = text.strip()
    if len(t) > 80:
        raise ValueError("not a game code: too long")
    m = re.fullmatch(r"(.+)-v(\d{1,4})", t, flags=re.IGNORECASE)
    if m:
        v = int(m.group(2))
        if v != VERSION:
            raise ValueError(f"game code {t!r} is from a newer version of arcade (code version {v}); "
                             f"this version reads version {VERSION}")
        t = m.group(1)
    parts = t.split("-")
    if len(parts) < 3:
        raise ValueError(f"not a game code: {text.strip()!r} (expected GAME-PARAMETERS-SEED, like 2048-4x4-K7QX2MA)")
    game, params, seed = "-".join(parts[:-2]).lower(), parts[-2].lower(), parts[-1]
    if games is not None and game not in games:
        raise ValueError(f"game code {text.strip()!r} names an unknown game {game!r}")
    if not _PARAMS.fullmatch(params):
        raise ValueError(f"game code {text.strip()!r}: bad parameters {params!r}")
    try:
        return Code(game, params, decode_seed(seed))
    except ValueError as e:
        raise ValueError(f"game code {text.strip()!r}: {e}") from None


def parse_date(text: str) -> _dt.date:
    """A date written YYYY-MM-DD that exists; ``ValueError`` (one line) otherwise."""
    if not isinstance(text, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text.strip()):
        raise ValueError(f"date {text!r}: expected YYYY-MM-DD")
    try:
        return _dt.date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"date {text!r} does not exist") from None


def daily_seed(game: str, params: str, date: _dt.date | str) -> int:
    """The seed of ``game``'s daily game with ``params`` on ``date`` (the same everywhere)."""
    day = date if isinstance(date, _dt.date) else parse_date(date)
    digest = hashlib.sha256(f"arcade-daily:{game}:{params}:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)
