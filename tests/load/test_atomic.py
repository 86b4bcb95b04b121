"""The atomic writer: special files are written in place, outputs get ordinary permissions."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from cosaudit.errors import OutputError
from cosaudit.load.atomic import atomic_dir, atomic_file, write_text_atomic


def test_dev_null_is_written_in_place_never_replaced() -> None:
    before = os.stat("/dev/null")
    write_text_atomic(Path("/dev/null"), "report\n", force=True)
    write_text_atomic(Path("/dev/null"), "report\n")  # no --force needed for a device
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


@pytest.mark.parametrize("opener", [atomic_file, atomic_dir])
def test_special_files_are_never_renamed_over(opener) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(OutputError, match="special file"):
        with opener(Path("/dev/null"), force=True):
            pass
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_outputs_get_ordinary_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        write_text_atomic(tmp_path / "r.json", "{}")
        with atomic_dir(tmp_path / "out") as d:
            (d / "x").write_text("x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(os.stat(tmp_path / "r.json").st_mode) == 0o644
    assert stat.S_IMODE(os.stat(tmp_path / "out").st_mode) == 0o755
