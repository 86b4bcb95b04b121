"""Files the running Python cannot parse are still analysed on a syntax tree."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from lint_markers import CORPUS

from cosaudit.lint.engine import check_paths
from cosaudit.lint.model import NoticeKind
from cosaudit.lint.recover import parse_tolerant, repair_line


def test_python2_print_and_except_become_python3() -> None:
    assert repair_line('    print "x", y') == '    print("x", y)'
    assert repair_line("except ValueError, e:") == "except ValueError as e:"
    assert repair_line("    !pip install x") == "    pass"
    assert repair_line("  for x in weird syntax here:") == "  if True:"


def test_parse_tolerant_keeps_every_other_line() -> None:
    lines = ["import torch", "print 'hi'", "if IN_COLAB:", "    !ls", "W = model.lm_head.weight"]
    tree, repaired = parse_tolerant(lines)
    assert repaired == [1, 3]
    assert "W = model.lm_head.weight" in ast.unparse(tree)
    assert "print('hi')" in ast.unparse(tree)


def test_parse_tolerant_gives_up_on_garbage() -> None:
    with pytest.raises(SyntaxError):
        parse_tolerant(["def f(:"] * 100)


@pytest.mark.parametrize("name", ["python/legacy_syntax.py", "notebook/colab_magics.ipynb"])
def test_unparsable_lines_are_set_aside_with_a_note_and_no_line_scan_fallback(name: str) -> None:
    result = check_paths([str(CORPUS / name)])
    notes = [n for n in result.notices if n.kind is NoticeKind.SYNTAX_ERROR]
    assert len(notes) == 1 and "syntax tree" in notes[0].message and "lighter" not in notes[0].message
    assert all("line scan" not in f.message for f in result.findings)
    assert {f.code for f in result.findings} >= {"COS101", "COS102"}


def test_a_magic_inside_an_indented_block_needs_no_repair(tmp_path: Path) -> None:
    import json

    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "source": "if IN_COLAB:\n    !pip install x\n"}
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps({"cells": [cell], "nbformat": 4, "nbformat_minor": 5}))
    assert check_paths([str(path)], cwd=tmp_path).notices == []


# a method committed half-edited (real: a long-tailed trainer's `train_base`): the `elif`s of an `if`
# at 8 spaces sit at 16, their bodies at 20, and the line after the chain at 16 again
_MISINDENTED = """\
class Trainer:
    def train_base(self, model, loader):
        if self.loss == "ce":
                    criterion = CrossEntropyLoss()
                elif self.loss == "ls":
                    criterion = LabelSmoothing()

                elif self.loss == "vs":
                    criterion = VSLoss(
                        tau=self.tau,
                    )

                wandb.watch(model, criterion)
                num_iter = 0
        for epoch in range(10):
            W = model.fc.weight
            print(F.cosine_similarity(W[0], W[1], dim=0))
"""


def test_misindented_lines_move_to_a_level_their_blocks_allow() -> None:
    lines = _MISINDENTED.splitlines()
    tree, repaired = parse_tolerant(lines)
    assert [i + 1 for i in repaired] == [5, 8, 13, 14]  # the two elifs, and the lines after the chain
    text = ast.unparse(tree)
    assert "elif self.loss == 'ls'" in text and "print(F.cosine_similarity(W[0], W[1], dim=0))" in text


def test_a_trainer_whose_method_is_misindented_is_read_on_its_tree(tmp_path: Path) -> None:
    path = tmp_path / "trainer.py"
    path.write_text("import torch.nn.functional as F\n" + _MISINDENTED, encoding="utf-8")
    result = check_paths([str(path)], cwd=tmp_path)
    assert [(f.code, f.line) for f in result.findings if f.severity.value != "info"] == [("COS101", 18)]
    assert [n.message for n in result.notices if "syntax tree" in n.message and "mis-indented" in n.message]


def test_garbage_at_module_level_is_still_given_up() -> None:
    with pytest.raises(SyntaxError):
        parse_tolerant(["x = (1,"] + ["$$ ???"] * 80)
