"""`cosaudit.load.output`: several files written all or nothing, never over an input."""

from __future__ import annotations

import os

import pytest

from cosaudit.errors import OutputError
from cosaudit.load import output


def test_write_file_set_all_or_nothing(tmp_path, monkeypatch):
    files = {"r_files/a.png": b"A", "r_files/b.png": b"B"}
    output.write_file_set(tmp_path / "r.md", "text", files)
    assert (tmp_path / "r.md").read_text() == "text\n"
    assert sorted(p.name for p in (tmp_path / "r_files").iterdir()) == ["a.png", "b.png"]
    with pytest.raises(OutputError):
        output.write_file_set(tmp_path / "r.md", "new", files)
    assert (tmp_path / "r.md").read_text() == "text\n"

    # a failure while putting the Markdown in place: the old set is back, no temporary remains
    real = os.replace

    def failing(src, dst):
        if str(dst).endswith("r.md"):
            raise OSError(28, "No space left on device")
        return real(src, dst)

    monkeypatch.setattr(output.os, "replace", failing)
    with pytest.raises(OSError):
        output.write_file_set(tmp_path / "r.md", "new", {"r_files/c.png": b"C"}, force=True)
    monkeypatch.undo()
    assert (tmp_path / "r.md").read_text() == "text\n"
    assert sorted(p.name for p in (tmp_path / "r_files").iterdir()) == ["a.png", "b.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.md", "r_files"]


def test_write_file_set_rejects_paths_outside(tmp_path):
    for bad in ({"../x.png": b""}, {"a/b.png": b"", "c/d.png": b""}, {"x.png": b""}):
        with pytest.raises(ValueError):
            output.write_file_set(tmp_path / "r.md", "t", bad)
    assert list(tmp_path.iterdir()) == []
