"""Round-off in golden text: |x| < 1e-12 printed in scientific notation (a max |Δp| of 1.1e-16 with
one numpy, 1.7e-16 with another) is not output we promise, so goldens compare it as `<roundoff>`.
Every larger number is compared as printed."""

from __future__ import annotations

import re

_ROUNDOFF = re.compile(r"(?<![\w.])-?\d(?:\.\d+)?e-(?:1[3-9]|[2-9]\d|\d{3})\b")


def without_roundoff(text: str) -> str:
    return _ROUNDOFF.sub("<roundoff>", text)


# a number as printed: sign, digits, an optional fraction and exponent (not part of a word or a version)
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.(\d+))?(?:e[-+]?\d+)?(?![\w.])")


def _close(want: re.Match[str], got: re.Match[str]) -> bool:
    """The same number up to the floating-point round-off of another numpy or BLAS: 1e-9 relative
    for full-precision output, and one unit of the last printed digit where both print three decimals
    or more (0.773758 against 0.773759). Integers and short decimals must match exactly."""
    a, b = float(want.group()), float(got.group())
    places = min(len(want.group(1) or ""), len(got.group(1) or ""))
    if want.group(1) is None or got.group(1) is None:
        return want.group() == got.group()
    unit = 10.0**-places * 1.01 if places >= 3 and "e" not in want.group() + got.group() else 0.0
    return abs(a - b) <= max(1e-9 * max(abs(a), abs(b)), 1e-12, unit)


def aligned_to(want: str, got: str) -> str:
    """`got` with each number that is `want`'s number up to round-off printed as in `want`, when the two
    texts differ only in their numbers' digits; otherwise `got` unchanged (so that a real change shows
    in the diff)."""
    w, g = list(_NUMBER.finditer(want)), list(_NUMBER.finditer(got))
    if len(w) != len(g) or _NUMBER.sub("#", want) != _NUMBER.sub("#", got):
        return got
    out, last = [], 0
    for mw, mg in zip(w, g, strict=True):
        out.append(got[last : mg.start()])
        out.append(mw.group() if _close(mw, mg) else mg.group())
        last = mg.end()
    out.append(got[last:])
    return "".join(out)
