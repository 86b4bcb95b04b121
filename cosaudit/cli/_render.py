"""One dispatch for every model command's report: render in the chosen format and write it.

`precheck_render` runs before any work (so a run that cannot write its report fails in a
second, with one line, having written nothing); `render_and_write` renders the typed report
(`cosaudit.report.render`) and writes it:

- text / json / md: to stdout, or `--output` atomically;
- md with `--output FILE.md`: the Markdown plus its PNG figures in `FILE_files/`, all or
  nothing (written into a temporary folder beside it, then renamed into place);
- html: one self-contained file (figures embedded), to stdout or `--output`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cosaudit.cli._options import OutputSpec
from cosaudit.cli._output import emit, note, precheck_output, stdout_is_terminal
from cosaudit.errors import MissingExtraError, OutputError

if TYPE_CHECKING:
    from cosaudit.audit.reports import Report

FIGURE_FORMATS = ("html",)  # formats that cannot be made without matplotlib


def _figures_folder(output: Path) -> Path:
    from cosaudit.report.markdown_figures import figures_folder

    return output.parent / figures_folder(output.stem)


def _matplotlib_missing() -> MissingExtraError | None:
    from cosaudit.report.figures import require_matplotlib

    try:
        require_matplotlib()
    except MissingExtraError as exc:
        return exc
    return None


def precheck_render(out: OutputSpec) -> None:
    """Fail before any work: a bad or existing `--output` (no --force), html without matplotlib."""
    fmt, output, force = out.fmt, out.output, out.force
    precheck_output(output, force)
    if fmt in FIGURE_FORMATS:
        missing = _matplotlib_missing()
        if missing is not None:
            raise missing
    if fmt == "md" and output is not None:
        folder = _figures_folder(Path(output))
        if (folder.exists() or folder.is_symlink()) and not force:
            raise OutputError(
                f"{folder} already exists (the figures of {output})",
                hint="pass --force to overwrite it, or choose another --output",
            )


def render_and_write(report: Report, out: OutputSpec) -> None:
    """Render `report` as `out.fmt` and write it to `out.output` (atomically) or stdout."""
    from cosaudit.report.render import ReportFormat, render

    fmt, output, force = ReportFormat(out.fmt), out.output, out.force
    if fmt is ReportFormat.MARKDOWN and output is not None:
        _write_markdown_with_figures(report, Path(output), force=force)
        return
    color = fmt is ReportFormat.TEXT and output is None and stdout_is_terminal()
    emit(render(report, fmt, color=color), output, force=force)


def _write_markdown_with_figures(report: Report, output: Path, *, force: bool) -> None:
    """`--format md --output FILE.md`: the Markdown and its PNG figures beside it, all or nothing."""
    from cosaudit.report.render import ReportFormat, render

    if _matplotlib_missing() is not None:
        note("note: figures left out: matplotlib is not installed (pip install 'cosaudit[plot]')")
        emit(render(report, ReportFormat.MARKDOWN), output, force=force)
        return
    from cosaudit.load.output import write_file_set
    from cosaudit.report.markdown_figures import render_markdown_with_figures

    text, files = render_markdown_with_figures(report, output.stem)
    write_file_set(output, text, files, force=force)
    note(f"wrote {output}" + (f" and {len(files)} figure(s) in {_figures_folder(output)}" if files else ""))
