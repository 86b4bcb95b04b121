"""`cosaudit rules`: list the rules of `cosaudit check`, or explain one."""

from __future__ import annotations

from pathlib import Path

import click

from cosaudit.cli._output import emit, precheck_output
from cosaudit.errors import UsageError
from cosaudit.lint.registry import all_rules, get_rule
from cosaudit.report.lint import rules as render_rules


@click.command("rules")
@click.argument("code", required=False)
@click.option(
    "--format",
    "-f",
    "fmt",
    type=click.Choice(["text", "json", "markdown"]),
    default="text",
    show_default=True,
    help="text; json; markdown (the list as markdown is docs/rules.md).",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file instead of stdout.",
)
@click.option("--force", is_flag=True, help="Overwrite an existing output file.")
def rules(code: str | None, fmt: str, output: Path | None, force: bool) -> None:
    """List the rules of `cosaudit check`, or explain CODE (e.g. COS101)."""
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
    elif fmt == "markdown":
        text = render_rules.render_markdown(selected)
    elif code is None:
        text = render_rules.render_list(selected)
    else:
        text = render_rules.render_one(selected[0])
    emit(text, output, force=force)
