"""`cosaudit paper`: the papers' worked examples, recomputed by cosaudit and drawn."""

from __future__ import annotations

import os
from pathlib import Path

import click

from cosaudit.cli._options import format_option
from cosaudit.cli._output import emit, note, stdout_is_terminal
from cosaudit.errors import DataError

FORMATS = ["text", "json", "md"]


@click.command()
@click.option(
    "--output",
    "-o",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Also write the figures (PNG) and summary.md into this new folder (atomically).",
)
@format_option(FORMATS, help="Format of the report on stdout.")
@click.option("--force", is_flag=True, help="Replace an existing --output folder.")
def paper(output: Path | None, fmt: str, force: bool) -> None:
    """Recompute the worked examples of Nielsen (& Grivas), arXiv 2603.29488, and compare.

    The −1 and +1 models, tie pairs, possible top labels, rankings and sign vectors are computed
    by cosaudit's own code and printed next to the papers' values; if any number disagrees the
    command exits 2. With --output DIR the figures and a summary.md are written into DIR.

    \b
    Examples:
      cosaudit paper
      cosaudit paper --output paper-figures/
      cosaudit paper --format json
    """
    from cosaudit.audit.paper import run_paper
    from cosaudit.report import paper as render

    if output is not None:
        from cosaudit.load.atomic import check_output_path
        from cosaudit.report.figures import require_matplotlib

        check_output_path(output, force=force)
        require_matplotlib()
    report = run_paper()
    if report["agree"] and output is not None:
        _write_folder(report, output, force=force)
    if fmt == "json":
        text = render.render_json(report)
    elif fmt == "md":
        text = render.render_markdown(report)
    else:
        text = render.render_text(report, color=stdout_is_terminal())
    emit(text, None)
    if not report["agree"]:
        bad = "; ".join(
            f"{c['example']}: {c['quantity']}" for c in report["checks"] if not c["agree"]
        )
        raise DataError(
            f"{report['n_failed']} recomputed number(s) disagree with the papers ({bad})",
            hint="the report on stdout shows both values"
            + ("; nothing was written" if output else ""),
        )


def _write_folder(report: dict, output: Path, *, force: bool) -> None:
    from cosaudit.load.atomic import atomic_dir
    from cosaudit.report import paper as render
    from cosaudit.report.figures import report_figures, to_png

    figs = report_figures(report)
    names = [(f"fig{n}-{f.key}.png", f.caption) for n, f in enumerate(figs, start=1)]
    with atomic_dir(output, force=force) as tmp:
        for (name, _), f in zip(names, figs, strict=True):
            (tmp / name).write_bytes(to_png(f.figure))
        (tmp / "summary.md").write_text(
            render.render_markdown(report, figures=names) + "\n", encoding="utf-8"
        )
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o777 & ~umask)  # a normal folder, not mkdtemp's private 0700
    note(f"wrote {output}/ (summary.md and {len(figs)} figures)")
