"""click's usage errors (bad option values, unknown options or commands) as the project's one line.

click prints three lines (Usage / Try / Error); every other cosaudit error is one line on stderr
with a hint, exit code 2. `usage_line` turns a `click.UsageError` into that line; `_app.py`
prints it for every command, so no command module needs to know.
"""

from __future__ import annotations

import click

# `cosaudit --help`: one line per command (click would cut the docstring's first sentence).
SUMMARIES: dict[str, str] = {
    "inspect": "Measure label cosines and say what they cannot tell.",
    "flip": "Build equivalent models that move a pair's cosine.",
    "neighbours": "A label's cosine neighbours beside its tie-able ones.",
    "argmax": "Which labels can ever be the top prediction.",
    "patterns": "The possible rankings of a few labels.",
    "check": "Flag cosine readings of label rows in code and prose.",
    "rules": "List the rules of `check`, or explain one.",
    "paper": "Recompute and draw the papers' worked examples.",
    "similar": "Similarity of labels in the model's behaviour (identifiable).",
}


def usage_line(exc: click.UsageError, command_path: str = "cosaudit") -> str:
    """`error: <what click found>; see '<command> --help'` on one line.

    `command_path` is used when click raised the error without a context (a missing value)."""
    text = " ".join(exc.format_message().split()).rstrip(".")
    text = text.replace(". (Did you mean", " (did you mean")
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        text = text[0].lower() + text[1:]
    path = exc.ctx.command_path if exc.ctx is not None else command_path
    return f"error: {text}; see '{path} --help'"


def is_help_request(exc: click.UsageError) -> bool:
    """`cosaudit` alone shows the help: click raises that as a usage error too; keep it."""
    return type(exc).__name__ == "NoArgsIsHelpError"
