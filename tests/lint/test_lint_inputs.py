"""Bad input: every file that cannot be checked becomes a notice and the scan goes on."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cosaudit.cli import cli
from cosaudit.errors import InputError
from cosaudit.lint.config import CheckConfig, parse_table
from cosaudit.lint.engine import check_paths
from cosaudit.lint.model import NoticeKind

GOOD = "s = F.cosine_similarity(model.lm_head.weight[1], model.lm_head.weight[2], dim=0)\n"


def scan(tmp_path: Path, cfg: CheckConfig | None = None):  # type: ignore[no-untyped-def]
    (tmp_path / "good.py").write_text(GOOD)
    return check_paths([str(tmp_path)], cfg or CheckConfig(root=tmp_path), cwd=tmp_path)


def kinds(result) -> dict[str, NoticeKind]:  # type: ignore[no-untyped-def]
    return {n.path: n.kind for n in result.notices}


def assert_scan_went_on(result) -> None:  # type: ignore[no-untyped-def]
    assert any(f.path == "good.py" and f.code == "COS101" for f in result.findings)


def test_missing_path_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        check_paths([str(tmp_path / "nope")])


def test_binary_file(tmp_path: Path) -> None:
    (tmp_path / "weights.py").write_bytes(b"\x00\x01\x02binary")
    result = scan(tmp_path)
    assert kinds(result)["weights.py"] is NoticeKind.BINARY
    assert_scan_went_on(result)


def test_huge_file(tmp_path: Path) -> None:
    (tmp_path / "big.md").write_text("x" * 5000)
    result = scan(tmp_path, parse_table({"max-file-size": 1000}, root=tmp_path))
    assert kinds(result)["big.md"] is NoticeKind.TOO_LARGE
    assert_scan_went_on(result)


def test_undecodable_file(tmp_path: Path) -> None:
    (tmp_path / "latin1.tex").write_bytes("Caf\xe9 cosine".encode("latin-1"))
    result = scan(tmp_path)
    assert kinds(result)["latin1.tex"] is NoticeKind.UNDECODABLE
    assert_scan_went_on(result)


def test_unreadable_file(tmp_path: Path) -> None:
    os.symlink(tmp_path / "gone.py", tmp_path / "dangling.py")
    result = scan(tmp_path)
    assert kinds(result)["dangling.py"] is NoticeKind.UNREADABLE
    assert_scan_went_on(result)


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "top level"),
        ('{"nbformat": 4}', "'cells'"),
        ('{"worksheets": [], "nbformat": 3}', "nbformat 3"),
        ('{"cells": [{"source": "x"}]}', "cell_type"),
        ('{"cells": [{"cell_type": "code", "source": 5}]}', "source"),
        ('{"cells": [{"cell_type": "code", "source": "", "metadata": []}]}', "metadata"),
    ],
)
def test_malformed_notebook(tmp_path: Path, content: str, needle: str) -> None:
    (tmp_path / "bad.ipynb").write_text(content)
    result = scan(tmp_path)
    notice = next(n for n in result.notices if n.path == "bad.ipynb")
    assert notice.kind is NoticeKind.MALFORMED_NOTEBOOK and needle in notice.message
    assert_scan_went_on(result)


def test_a_notebook_of_python_source_is_read_as_a_script(tmp_path: Path) -> None:
    """JupyterLab's `.virtual_documents` keep a notebook's code as plain Python under `.ipynb`: it is
    read as the script it is (said in a notice; not skipped). Prose or a broken JSON notebook under
    that name is still skipped as malformed."""
    (tmp_path / "bench.ipynb").write_text("import torch\n!pip install einops\n" + GOOD)
    (tmp_path / "words.ipynb").write_text("These are some notes about the lm_head, not a notebook.\n")
    (tmp_path / "cut.ipynb").write_text('{"cells": [{"cell_type": "code", "source": "W = model.lm_head.weight')
    result = scan(tmp_path)
    found = {(n.path, n.kind) for n in result.notices}
    assert ("bench.ipynb", NoticeKind.NOTEBOOK_AS_SCRIPT) in found
    assert ("bench.ipynb", NoticeKind.MALFORMED_NOTEBOOK) not in found
    assert {("words.ipynb", NoticeKind.MALFORMED_NOTEBOOK), ("cut.ipynb", NoticeKind.MALFORMED_NOTEBOOK)} <= found
    assert {f.line for f in result.findings if f.path == "bench.ipynb" and f.code == "COS101"} == {3}
    assert sorted(n.path for n in result.notices if n.skipped) == ["cut.ipynb", "words.ipynb"]


def test_a_line_python_cannot_parse_is_set_aside_and_the_rest_analysed(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text(GOOD + "def broken(:\n    pass\n" + GOOD)
    result = scan(tmp_path)
    notice = next(n for n in result.notices if n.path == "broken.py")
    assert notice.kind is NoticeKind.SYNTAX_ERROR and notice.line == 2
    assert "syntax tree" in notice.message and "line-based scan" in notice.message
    lines = {f.line for f in result.findings if f.path == "broken.py" and f.code == "COS101"}
    assert lines == {1, 4}


def test_code_beyond_repair_falls_back_to_a_lighter_scan(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text(GOOD + "def broken(:\n" * 80)
    result = scan(tmp_path)
    notice = next(n for n in result.notices if n.path == "broken.py")
    assert notice.kind is NoticeKind.SYNTAX_ERROR and "lighter" in notice.message
    assert any(f.path == "broken.py" and f.code == "COS101" and f.line == 1 for f in result.findings)


def test_notebook_with_one_broken_cell_keeps_the_others(tmp_path: Path) -> None:
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": "W = model.lm_head.weight\n",
                "outputs": [],
            },
            {"cell_type": "code", "metadata": {}, "source": "for x in :\n", "outputs": []},
            {
                "cell_type": "code",
                "metadata": {},
                "source": "s = F.cosine_similarity(W[1], W[2], dim=0)\n",
                "outputs": [],
            },
        ],
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "nb.ipynb").write_text(json.dumps(nb))
    result = scan(tmp_path)
    assert any(n.kind is NoticeKind.SYNTAX_ERROR and n.cell == 2 for n in result.notices)
    assert any(f.path == "nb.ipynb" and f.code == "COS101" and f.cell == 3 for f in result.findings)


def test_unsupported_explicit_file(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("cosine of unembeddings")
    result = check_paths([str(tmp_path / "notes.txt")], cwd=tmp_path)
    assert result.notices[0].kind is NoticeKind.UNSUPPORTED and result.files_scanned == 0


def test_cli_notices_go_to_stderr_and_do_not_fail(tmp_path: Path) -> None:
    (tmp_path / "bad.ipynb").write_text("{not json")
    (tmp_path / "clean.md").write_text("Nothing to see.\n")
    r = CliRunner().invoke(cli, ["check", str(tmp_path / "bad.ipynb"), str(tmp_path / "clean.md")])
    assert r.exit_code == 0 and r.stdout == ""
    assert "malformed notebook" in r.stderr


def test_inputs_are_not_modified(tmp_path: Path) -> None:
    p = tmp_path / "good.py"
    p.write_text(GOOD)
    before = p.stat().st_mtime_ns, p.read_bytes()
    CliRunner().invoke(cli, ["check", str(p)])
    assert (p.stat().st_mtime_ns, p.read_bytes()) == before


def test_deeply_nested_code_falls_back_to_a_lighter_scan(tmp_path: Path) -> None:
    expr = " + ".join(f"x{i}" for i in range(5000))
    (tmp_path / "deep.py").write_text(GOOD + f"y = {expr}\n")
    result = scan(tmp_path)
    notice = next(n for n in result.notices if n.path == "deep.py")
    assert notice.kind is NoticeKind.TOO_COMPLEX and "lighter" in notice.message
    assert any(f.path == "deep.py" and f.code == "COS101" and f.line == 1 for f in result.findings)
    assert_scan_went_on(result)


RUN_IN = (
    "\\section{Results on the \\texttt{lm\\_head}}\n"
    "\\paragraph{Label similarity.} We define the similarity of labels $i$ and $j$ as the cosine between their"
    " rows in the softmax layer.\n"
    "\\subsection[short]{A title that goes on\n"
    "to the next line}\n"
)


def test_a_run_in_heading_keeps_the_text_after_it(tmp_path: Path) -> None:
    """`\\paragraph{Title.} Text ...`: the title is a heading, the text after it on the line is prose
    (at its own column), and a title with braces inside or over two lines is read whole."""
    (tmp_path / "paper.tex").write_text(RUN_IN)
    result = check_paths([str(tmp_path)], CheckConfig(root=tmp_path), cwd=tmp_path)
    found = [(f.line, f.column, f.code) for f in result.findings]
    assert found == [(2, RUN_IN.splitlines()[1].index("We") + 1, "COS202")]
    assert not result.notices


FIGURE = (
    "\\begin{figure}[t]\n"
    "\\centering\n"
    "\\includegraphics[width=0.8\\linewidth]{figs/sim.pdf}\n"
    "\\caption{Cosine similarity between the unembedding vectors of the digit tokens.}\n"
    "\\label{fig:sim}\n"
    "\\end{figure}\n"
)


def test_a_caption_is_its_own_paragraph(tmp_path: Path) -> None:
    """Lines of commands only (`\\centering`, `\\includegraphics{...}`) and an environment's begin and
    end are breaks between paragraphs: a caption's finding is on the caption's line."""
    (tmp_path / "paper.tex").write_text(FIGURE)
    result = check_paths([str(tmp_path)], CheckConfig(root=tmp_path), cwd=tmp_path)
    assert [(f.line, f.code) for f in result.findings] == [(4, "COS202")]
