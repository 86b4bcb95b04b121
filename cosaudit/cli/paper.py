"""`cosaudit paper`: the papers' worked examples, recomputed by cosaudit and drawn."""

from __future__ import annotations

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
    from cosaudit.report.render import ReportFormat, render

    if output is not None:
        from cosaudit.load.atomic import check_output_path
        from cosaudit.report.figures import require_matplotlib

        check_output_path(output, force=force)
        require_matplotlib()
    report = run_paper()
    if report.agree and output is not None:
        from cosaudit.load.output import write_folder
        from cosaudit.report.paper import folder_files

        files = folder_files(report)
        write_folder(output, files, force=force)
        note(f"wrote {output}/ (summary.md and {len(files) - 1} figures)")
    emit(render(report, ReportFormat(fmt), color=fmt == "text" and stdout_is_terminal()), None)
    if not report.agree:
        bad = "; ".join(
            f"{c['example']}: {c['quantity']}" for c in report.data["checks"] if not c["agree"]
        )
        raise DataError(
            f"{report.data['n_failed']} recomputed number(s) disagree with the papers ({bad})",
            hint="the report on stdout shows both values"
            + ("; nothing was written" if output else ""),
        )
