"""Access paths of subscripts: an index that is an integer constant is part of the path."""

import ast

import pytest

from cosaudit.lint.taint.syntax import access_path


def _path(source: str) -> str | None:
    return access_path(ast.parse(source, mode="eval").body)


@pytest.mark.parametrize(
    ("source", "path"),
    [("W[1]", "W[1]"), ("W[-1]", "W[-1]"), ("model.fc.weight[-2]", "model.fc.weight[-2]")],
)
def test_integer_index_is_part_of_the_path(source: str, path: str) -> None:
    assert _path(source) == path


@pytest.mark.parametrize("source", ["W[1.5]", "W[-1.5]", 'W[-b"x"]'])
def test_other_constant_index_has_no_path(source: str) -> None:
    # a negative index is an integer like a positive one (`W[-1.5]` was "W[-1.5]" before)
    assert _path(source) is None
