"""The root click group. Commands are registered by name and imported only when used, so
`cosaudit --help` and `cosaudit check` stay fast (scipy, huggingface_hub are imported late)."""

from __future__ import annotations

import importlib
import importlib.util
import os
import traceback

import click

from cosaudit import __version__
from cosaudit.cli._errors import exit_code_for, format_error
from cosaudit.cli._usage import SUMMARIES, is_help_request, usage_line
from cosaudit.errors import CosauditError

# command name -> "module:attribute"; the order is the order of `cosaudit --help`.
COMMANDS: dict[str, str] = {
    "inspect": "cosaudit.cli.inspect:inspect",
    "flip": "cosaudit.cli.flip:flip",
    "neighbours": "cosaudit.cli.neighbours:neighbours",
    "argmax": "cosaudit.cli.argmax:argmax",
    "patterns": "cosaudit.cli.patterns:patterns",
    "similar": "cosaudit.cli.similar:similar",
    "check": "cosaudit.cli.check:check",
    "rules": "cosaudit.cli.rules:rules",
    "paper": "cosaudit.cli.paper:paper",
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if _available(name)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None or not _available(cmd_name):
            return None
        module_name, attr = target.split(":")
        return getattr(importlib.import_module(module_name), attr)  # type: ignore[no-any-return]

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # one summary line per command, wrapped by click (never cut), without importing them
        rows = [(name, self._summary(ctx, name)) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def _summary(self, ctx: click.Context, name: str) -> str:
        if name in SUMMARIES:
            return SUMMARIES[name]
        cmd = self.get_command(ctx, name)
        return cmd.get_short_help_str(120) if cmd is not None else ""

    def resolve_command(self, ctx: click.Context, args: list[str]):  # type: ignore[no-untyped-def]
        name, cmd, rest = super().resolve_command(ctx, args)
        ctx.meta["cosaudit.command"] = name  # for usage errors raised without a context
        return name, cmd, rest

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            if is_help_request(exc):
                raise
            click.echo(usage_line(exc), err=True)
            ctx.exit(2)

    def invoke(self, ctx: click.Context):  # type: ignore[no-untyped-def]
        # Under click's standalone mode (e.g. CliRunner), map our errors here as well, so every
        # entry point prints one line and exits 2.
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:  # bad option values of any command: one line, exit 2
            sub = ctx.meta.get("cosaudit.command")
            click.echo(usage_line(exc, f"{ctx.command_path} {sub}" if sub else ctx.command_path), err=True)
            ctx.exit(2)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:  # Ctrl-C where a command keeps no partial result: the shell's 130,
            # not click's "Aborted!" and 1, so scripts and CI tell an interrupt from a failure
            click.echo("interrupted", err=True)
            ctx.exit(130)
        except (CosauditError, OSError, MemoryError, Exception) as exc:  # noqa: B014
            if isinstance(exc, KeyboardInterrupt):
                raise
            debug = ctx.meta.get("cosaudit.debug") or os.environ.get("COSAUDIT_DEBUG", "")
            if debug not in (None, "", "0", False):
                traceback.print_exc()
            click.echo(format_error(exc), err=True)
            ctx.exit(exit_code_for(exc))


def _available(name: str) -> bool:
    module_name = COMMANDS[name].split(":")[0]
    return importlib.util.find_spec(module_name) is not None


def _set_debug(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    if value:
        ctx.meta["cosaudit.debug"] = True
    return value


@click.group(name="cosaudit", cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cosaudit")
@click.option("--debug", is_flag=True, expose_value=False, callback=_set_debug,
              help="Show tracebacks for errors (also COSAUDIT_DEBUG=1).")
def cli() -> None:
    """Audit what cosine similarity between label representations can and cannot tell.

    For a softmax head (an LLM's lm_head, a classifier's fc) the cosine between two rows is not
    a property of the model: an equivalent model with the same probabilities for every input
    gives the pair any cosine in [-1, 1]. cosaudit measures it, builds and verifies those
    equivalent models, answers what *is* identifiable, and flags such claims in reports.

    Exit codes: 0 success, 1 findings (check), 2 usage, input or internal error.
    """
