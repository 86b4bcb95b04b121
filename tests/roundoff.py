"""Round-off in golden text: |x| < 1e-12 printed in scientific notation (a max |Δp| of 1.1e-16 with
one numpy, 1.7e-16 with another) is not output we promise, so goldens compare it as `<roundoff>`.
Every larger number is compared as printed."""

from __future__ import annotations

import re

_ROUNDOFF = re.compile(r"(?<![\w.])-?\d(?:\.\d+)?e-(?:1[3-9]|[2-9]\d|\d{3})\b")


def without_roundoff(text: str) -> str:
    return _ROUNDOFF.sub("<roundoff>", text)
