"""One dispatch for every model command's report: render in the chosen format and write it.

`precheck_render` runs before any work (so a run that cannot write its report fails in a
second, with one line, having written nothing); `render_and_write` renders the report with
the renderers of its schema and writes it:

- text / json / md: to stdout, or `--output` atomically;
- md with `--output FILE.md`: the Markdown plus its PNG figures in `FILE_files/`, all or
  nothing (written into a temporary folder beside it, then renamed into place);
- html: one self-contained file (figures embedded), to stdout or `--output`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from cosaudit.cli._options import OutputSpec
from cosaudit.cli._output import emit, note, precheck_output, stdout_is_terminal
from cosaudit.errors import MissingExtraError, OutputError, UsageError
from cosaudit.load.atomic import check_output_path

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


def render_and_write(report: dict[str, Any], out: OutputSpec) -> None:
    """Render `report` as `out.fmt` and write it to `out.output` (atomically) or stdout."""
    fmt, output, force = out.fmt, out.output, out.force
    from cosaudit.report.formats import renderers_for

    renderers = renderers_for(report)
    if fmt == "json":
        emit(renderers.json(report), output, force=force)
    elif fmt == "text":
        emit(
            renderers.text(report, color=output is None and stdout_is_terminal()),
            output,
            force=force,
        )
    elif fmt == "md":
        if output is None:
            emit(renderers.markdown(report), None)
            return
        output = Path(output)
        if _matplotlib_missing() is not None:
            note(
                "note: figures left out: matplotlib is not installed (pip install 'cosaudit[plot]')"
            )
            emit(renderers.markdown(report), output, force=force)
            return
        from cosaudit.report.markdown_figures import render_markdown_with_figures

        text, files = render_markdown_with_figures(
            report, output.stem, markdown=renderers.markdown(report)
        )
        write_file_set(output, text, files, force=force)
        note(
            f"wrote {output}"
            + (f" and {len(files)} figure(s) in {_figures_folder(output)}" if files else "")
        )
    elif fmt == "html":
        from cosaudit.report.html import render_html

        emit(render_html(report, markdown=renderers.markdown(report)), output, force=force)
    else:
        raise UsageError(f"unknown format {fmt!r}", hint="choose text, json, md or html")


def write_file_set(main: Path, text: str, files: dict[str, bytes], *, force: bool = False) -> None:
    """Write `main` and `files` (relative to main's folder, all in ONE subfolder), all or nothing.

    Everything is written into a temporary folder beside `main`; then the figures folder and
    finally `main` are renamed into place. On any failure the temporary folder is removed and an
    existing figures folder (replaced under --force) is put back.
    """
    target = check_output_path(main, force=force)
    parent = target.parent
    tops = {Path(rel).parts[0] for rel in files}
    if len(tops) > 1:
        raise ValueError(f"the figures must share one folder, got {sorted(tops)}")
    for rel in files:
        p = Path(rel)
        if p.is_absolute() or ".." in p.parts or len(p.parts) < 2:
            raise ValueError(f"figure path {rel!r} must be a file inside one relative folder")
    folder = parent / tops.pop() if tops else None
    if folder is not None and (folder.exists() or folder.is_symlink()) and not force:
        raise OutputError(f"{folder} already exists", hint="pass --force to overwrite it")
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent))
    old: Path | None = None
    moved_folder = False
    try:
        for rel, data in files.items():
            dest = tmp / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            with open(dest, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        tmp_main = tmp / target.name
        with open(tmp_main, "wb") as fh:
            fh.write((text if text.endswith("\n") else text + "\n").encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        if folder is not None:
            if folder.exists() or folder.is_symlink():
                old = tmp / ".previous"
                os.replace(folder, old)
            os.replace(tmp / folder.name, folder)
            moved_folder = True
        os.replace(tmp_main, target)
    except BaseException:
        if moved_folder and folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
        if old is not None and folder is not None and not folder.exists():
            with contextlib.suppress(OSError):
                os.replace(old, folder)
        raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
