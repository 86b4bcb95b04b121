"""Loops whose body carries a value from one iteration to the next (`prev = None` before the loop,
`if prev is not None: cos(emb, prev)` in it, `prev = emb` at its end): the body is read once more
with the carried value, and what the second reading finds at a place replaces what the first found
there (the first did not know the carried value)."""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import Any

from cosaudit.lint.taint.values import Event, Taint

Marks = tuple[int, int, int]


# a few recent loops: a nested loop is read again each time an enclosing loop is; a small bound keeps
# the syntax trees of files already checked from being held
@lru_cache(maxsize=64)
def reassigned(loop: ast.For | ast.AsyncFor) -> frozenset[str]:
    """Names the loop's body both reads and assigns: the only ones it can carry (walked once a loop)."""
    stored: set[str] = set()
    loaded: set[str] = set()
    for stmt in loop.body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name):
                (stored if isinstance(node.ctx, ast.Store) else loaded).add(node.id)
    return frozenset(stored & loaded)


def carried(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Did a name that held nothing we follow before the loop (`before`: those names' values then) come
    to hold label or token rows after one reading of its body?"""
    return any(not isinstance(v, Taint) and isinstance(after.get(name), Taint) for name, v in before.items())


def marks(events: list[Event], current: list[Event] | None, held: list[Event] | None) -> Marks:
    """Where the analyser's event lists end now."""
    return len(events), len(current or []), len(held or [])


def supersede(lists: tuple[list[Event], list[Event] | None, list[Event] | None], start: Marks, middle: Marks) -> None:
    """Drop the events of the first reading (between `start` and `middle`) at the places where the
    second reading (after `middle`) found one."""
    places = {ev.pos for lst, m in zip(lists, middle, strict=True) if lst is not None for ev in lst[m:]}
    for lst, a, m in zip(lists, start, middle, strict=True):
        if lst is not None:
            lst[a:m] = [ev for ev in lst[a:m] if ev.pos not in places]
