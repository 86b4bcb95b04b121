"""Option bundles shared by the model commands, and the multi-value option syntax.

`--labels dog cat horse` takes values as written, up to the next option (design.md §2). click
has no such option type, so `MultiValueCommand` rewrites `--labels a b` into
`--labels a --labels b` before click parses, and the option itself is `multiple=True`.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

# a token that starts another option: --name, --name=value, or a short flag like -o
_OPTION_TOKEN = re.compile(r"^(--[A-Za-z][\w-]*(=.*)?|-[A-Za-z])$")


def _is_int(tok: str) -> bool:
    try:
        int(tok)
    except ValueError:
        return False
    return True


def expand_multi_value(
    args: list[str], names: set[str], int_names: frozenset[str] | set[str] = frozenset()
) -> list[str]:
    """Rewrite `--opt a b c` as `--opt a --opt b --opt c` for every option in `names`.

    Values run up to the next token that looks like an option, or `--`. A value that itself
    starts with `-` (a label such as "-" or "-1") is kept; only option-shaped tokens stop it.
    Options in `int_names` (`--ids`) also stop at the first non-integer after a value, so
    `--ids 3 17 CHECKPOINT` leaves CHECKPOINT positional (a first non-integer goes to click,
    which reports it).
    """
    out: list[str] = []
    i = 0
    while i < len(args):
        tok = args[i]
        if tok == "--":
            out.extend(args[i:])
            break
        name, eq, first = tok.partition("=")
        if name in names:
            values = [first] if eq else []
            j = i + 1
            while j < len(args) and args[j] != "--" and not _OPTION_TOKEN.match(args[j]):
                if name in int_names and values and not _is_int(args[j]):
                    break
                values.append(args[j])
                j += 1
            if not values:
                out.append(tok)  # let click report the missing value
            for v in values:
                out.extend([name, v])
            i = j
            continue
        out.append(tok)
        i += 1
    return out


class MultiValueCommand(click.Command):
    """A command whose options listed in `multi_value` take several values as written."""

    multi_value = {"--labels", "--ids"}
    int_values = frozenset({"--ids"})

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, expand_multi_value(args, self.multi_value, self.int_values))

    def invoke(self, ctx: click.Context) -> Any:
        from cosaudit.cli._model import announce_default_checkpoint

        announce_default_checkpoint(ctx)  # before anything else the run prints (errors included)
        return super().invoke(ctx)


def checkpoint_argument(f: F) -> F:
    return click.argument("checkpoint", required=False, metavar="[CHECKPOINT]")(f)


@dataclass(frozen=True)
class HeadSpec:
    """Which checkpoint and how to find its head: the CHECKPOINT argument and `head_options`."""

    checkpoint: str | None = None
    tensor: str | None = None
    bias_tensor: str | None = None
    labels_file: Path | None = None
    head_type: str = "auto"
    revision: str | None = None


@dataclass(frozen=True)
class OutputSpec:
    """Where and how the report goes: `--format`, `--output`, `--force`."""

    fmt: str = "text"
    output: Path | None = None
    force: bool = False


def _collect(f: F, names: tuple[str, ...], into: str, make: Callable[..., Any]) -> F:
    """Wrap a click callback so the parameters `names` arrive as one object `into`."""

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs[into] = make(**{n: kwargs.pop(n) for n in names if n in kwargs})
        return f(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def head_options(f: F) -> F:
    """How to find the head in the checkpoint (shared by every model command).

    The command receives `spec: HeadSpec` (CHECKPOINT included) instead of six parameters.
    """
    f = _collect(f, ("checkpoint", "tensor", "bias_tensor", "labels_file", "head_type", "revision"),
                 "spec", HeadSpec)
    opts = [
        click.option("--tensor", "tensor", metavar="NAME",
                     help="Name of the head tensor (.safetensors / .npz key); overrides detection."),
        click.option("--bias-tensor", "bias_tensor", metavar="NAME",
                     help="Name of the output bias tensor."),
        click.option("--labels-file", type=click.Path(dir_okay=False, path_type=Path),
                     help="A text file with one label per line, in row order."),
        click.option("--head", "head_type", type=click.Choice(["auto", "softmax", "sigmoid"]),
                     default="auto", show_default=True,
                     help="Head type; auto reads config.json (multi_label_classification → sigmoid)."),
        click.option("--revision", metavar="REV",
                     help="Hub revision (branch, tag or commit); same as org/name@REV."),
    ]
    for opt in reversed(opts):
        f = opt(f)
    return f


def label_options(f: F, *, required: bool = False) -> F:
    opts = [
        click.option("--labels", "labels", multiple=True, metavar="L …",
                     help="Labels as written: words through the tokenizer, or id2label names."),
        click.option("--ids", "ids", multiple=True, type=int, metavar="N …",
                     help="Raw row indices of the head."),
    ]
    for opt in reversed(opts):
        f = opt(f)
    return f


class FormatChoice(click.Choice):
    """A `--format` choice that also takes hidden aliases (`markdown` for `md`)."""

    ALIASES = {"markdown": "md"}

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        alias = self.ALIASES.get(value) if isinstance(value, str) else None
        return super().convert(alias if alias in self.choices else value, param, ctx)


def format_from_env(formats: list[str], default: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """`--format` when typed; else `COSAUDIT_FORMAT` when this command takes that format; else the
    default. A value the command does not take (`COSAUDIT_FORMAT=html` for `check`) is ignored
    with a note on stderr, never an error about an option the user did not type."""

    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if value is not None:
            return value
        env = os.environ.get("COSAUDIT_FORMAT", "").strip()
        env = FormatChoice.ALIASES.get(env, env)
        if not env or env in formats:
            return env or default
        click.echo(
            f"note: COSAUDIT_FORMAT={env} is not a format of `cosaudit {ctx.info_name}` "
            f"({', '.join(formats)}); using {default}",
            err=True,
        )
        return default

    return callback


def format_option(formats: list[str], default: str = "text", help: str = "Report format.") -> Callable[[F], F]:
    return click.option(
        "--format", "-f", "fmt", type=FormatChoice(formats), default=None,
        callback=format_from_env(formats, default),
        help=f"{help} [default: COSAUDIT_FORMAT if this command takes it, else {default}]",
    )


def output_options(formats: list[str], default: str = "text") -> Callable[[F], F]:
    def deco(f: F) -> F:
        opts = [
            format_option(formats, default),
            click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path),
                         help="Write the report to this file instead of stdout."),
            click.option("--force", is_flag=True, help="Overwrite existing output paths."),
        ]
        for opt in reversed(opts):
            f = opt(f)
        return f

    return deco


def model_command(*, labels: bool = True) -> Callable[[F], click.Command]:
    """`@click.command` for a model command: multi-value options, the CHECKPOINT argument,
    `--labels`/`--ids` (unless `labels=False`) and the head options, in that order."""

    def deco(f: F) -> click.Command:
        f = head_options(f)
        if labels:
            f = label_options(f)
        f = checkpoint_argument(f)
        return click.command(cls=MultiValueCommand)(f)

    return deco


def report_options(formats: list[str], default: str = "text") -> Callable[[F], F]:
    """`output_options` for the model commands: the command receives `out: OutputSpec`."""

    def deco(f: F) -> F:
        return output_options(formats, default)(_collect(f, ("fmt", "output", "force"), "out", OutputSpec))

    return deco


def seed_option(f: F) -> F:
    return click.option("--seed", type=int, default=0, show_default=True,
                        help="Seed for sampled pairs and probe inputs (reported).")(f)


def space_option(f: F) -> F:
    """`--space`: where the identifiable questions search (see `cosaudit.audit.space`)."""
    from cosaudit.audit.space import SPACE_HELP

    return click.option("--space", "space", default="all", show_default=True, metavar="SPACE",
                        help=SPACE_HELP)(f)


def hidden_option(f: F) -> F:
    """`--hidden FILE`: hidden states for a behavioural similarity line per pair (`cosaudit similar`)."""
    return click.option("--hidden", "hidden", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
                        help="Hidden states the head multiplies (.npy/.npz, N × d): adds each pair's "
                             "behavioural similarity (default: the checkpoint's own, if it ships them).")(f)
