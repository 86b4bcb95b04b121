"""`cosaudit rules`: list the rules of `cosaudit check`, or explain some."""

from __future__ import annotations

from pathlib import Path

import click

from cosaudit.cli._options import output_options
from cosaudit.cli._output import emit, precheck_output
from cosaudit.errors import UsageError
from cosaudit.lint.registry import Rule, all_rules, get_rule
from cosaudit.report.lint import rules as render_rules


@click.command("rules")
@click.argument("codes", nargs=-1, metavar="[CODE]...")
@output_options(["text", "json", "md"])
def rules(codes: tuple[str, ...], fmt: str, output: Path | None, force: bool) -> None:
    """List the rules of `cosaudit check`, or explain each CODE (e.g. COS101 COS103).

    `--format md` prints the list as Markdown: that is docs/rules.md.
    """
    precheck_output(output, force)
    selected = [_rule(code) for code in codes] if codes else all_rules()
    if fmt == "json":
        text = render_rules.render_json(selected)
    elif fmt == "md":
        text = render_rules.render_markdown(selected)
    elif not codes:
        text = render_rules.render_list(selected)
    else:
        text = "\n".join(render_rules.render_one(r) for r in selected)
    emit(text, output, force=force)


def _rule(code: str) -> Rule:
    r = get_rule(code)
    if r is None:
        known = ", ".join(x.code for x in all_rules())
        raise UsageError(f"unknown rule code {code!r}", hint=f"known codes: {known}")
    return r
