"""`cosaudit rules`: list the rules of `cosaudit check`, or explain one."""

from __future__ import annotations

from pathlib import Path

import click

from cosaudit.cli._options import output_options
from cosaudit.cli._output import emit, precheck_output
from cosaudit.errors import UsageError
from cosaudit.lint.registry import all_rules, get_rule
from cosaudit.report.lint import rules as render_rules


@click.command("rules")
@click.argument("code", required=False)
@output_options(["text", "json", "md"])
def rules(code: str | None, fmt: str, output: Path | None, force: bool) -> None:
    """List the rules of `cosaudit check`, or explain CODE (e.g. COS101).

    `--format md` prints the list as Markdown: that is docs/rules.md.
    """
    precheck_output(output, force)
    if code is None:
        selected = all_rules()
    else:
        r = get_rule(code)
        if r is None:
            known = ", ".join(x.code for x in all_rules())
            raise UsageError(f"unknown rule code {code!r}", hint=f"known codes: {known}")
        selected = [r]
    if fmt == "json":
        text = render_rules.render_json(selected)
    elif fmt == "md":
        text = render_rules.render_markdown(selected)
    elif code is None:
        text = render_rules.render_list(selected)
    else:
        text = render_rules.render_one(selected[0])
    emit(text, output, force=force)
