"""Map cosaudit's exceptions to one line on stderr and an exit code.

Pure functions (exception in, text out) so that the mapping is unit-tested without a CLI run.
"""

from __future__ import annotations

import errno

from cosaudit.errors import CosauditError


def format_error(exc: BaseException) -> str:
    """One line: `error: <what> [(<where>)] — <hint>`."""
    if isinstance(exc, CosauditError):
        text = exc.message.rstrip(".")
        if exc.where:
            text += f" ({exc.where})"
        if exc.hint:
            text += f"; {exc.hint}"
        return "error: " + " ".join(text.split())
    if isinstance(exc, OSError):
        what = exc.strerror or str(exc)
        where = f" ({exc.filename})" if exc.filename else ""
        hint = ""
        if exc.errno == errno.ENOSPC:
            hint = "; free some space or write somewhere else"
        elif exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            hint = "; check the permissions or choose another path"
        return " ".join(f"error: {what}{where}{hint}".split())
    if isinstance(exc, MemoryError):
        return "error: out of memory; try a smaller --sample or a machine with more memory"
    name = type(exc).__name__
    text = " ".join(str(exc).split())  # one line, whatever the exception says
    return (
        f"error: internal error: {name}: {text}; please report it, "
        "and rerun with --debug (or COSAUDIT_DEBUG=1) for the traceback"
    )


def exit_code_for(exc: BaseException) -> int:
    """Every error is exit code 2: 1 is reserved for findings of `check`."""
    return 2
