"""`[tool.cosaudit.check]`: keys, validation, selection precedence, exclude and .gitignore."""

from __future__ import annotations

from pathlib import Path

import pytest

from cosaudit.errors import ConfigError, UsageError
from cosaudit.lint.config import CheckConfig, load_config, parse_table, resolve_selection
from cosaudit.lint.engine import check_paths
from cosaudit.lint.model import Severity
from cosaudit.lint.registry import all_rules

COS101_LINE = "s = F.cosine_similarity(model.lm_head.weight[1], model.lm_head.weight[2], dim=0)\n"


def write(root: Path, rel: str, text: str) -> Path:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


def codes(result) -> set[str]:  # type: ignore[no-untyped-def]
    return {f.code for f in result.findings}


def test_defaults_when_no_pyproject(tmp_path: Path) -> None:
    cfg = load_config(start=tmp_path)
    assert cfg.select == ("ALL",) and cfg.fail_on is Severity.ERROR
    assert cfg.enabled() == {r.code for r in all_rules()}


def test_reads_the_table(tmp_path: Path) -> None:
    write(
        tmp_path,
        "pyproject.toml",
        """
[tool.cosaudit.check]
select = ["COS1", "COS2"]
ignore = ["COS202"]
exclude = ["generated/"]
per-file-ignores = {"notebooks/*.ipynb" = ["COS301"]}
fail-on = "warning"
max-file-size = 1000
respect-gitignore = false
""",
    )
    cfg = load_config(start=tmp_path / "sub" if False else tmp_path)
    assert (
        cfg.fail_on is Severity.WARNING and cfg.max_file_size == 1000 and not cfg.respect_gitignore
    )
    on = cfg.enabled()
    assert "COS101" in on and "COS202" not in on and "COS301" not in on
    assert cfg.file_ignores("notebooks/a.ipynb") == {"COS301"}
    assert cfg.file_ignores("a.py") == set()


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("selectt = ['COS1']", "selectt"),
        ("select = 'COS1'", "'select'"),
        ("select = ['COS9']", "COS9"),
        ("ignore = ['XYZ']", "XYZ"),
        ("fail-on = 'fatal'", "fail-on"),
        ("fail-on = 3", "fail-on"),
        ("max-file-size = -1", "max-file-size"),
        ("respect-gitignore = 'yes'", "respect-gitignore"),
        ("per-file-ignores = ['a']", "per-file-ignores"),
        ("per-file-ignores = {'a.py' = ['COS000']}", "COS000"),
    ],
)
def test_invalid_table_names_the_key(tmp_path: Path, body: str, needle: str) -> None:
    write(tmp_path, "pyproject.toml", "[tool.cosaudit.check]\n" + body + "\n")
    with pytest.raises(ConfigError) as exc:
        load_config(start=tmp_path)
    assert needle in str(exc.value)


def test_invalid_toml_and_missing_explicit_config(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", "[tool.cosaudit.check\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(start=tmp_path)
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "nope.toml")


def test_cli_overrides_config(tmp_path: Path) -> None:
    cfg = parse_table({"select": ["COS2"], "ignore": ["COS202"]}, root=tmp_path)
    over = cfg.with_overrides(select=["COS1"], ignore=["COS102,COS103"], fail_on="info")
    assert over.select == ("COS1",)
    assert over.ignore == ("COS202", "COS102", "COS103")
    assert over.fail_on is Severity.INFO
    with pytest.raises(UsageError):
        cfg.with_overrides(select=["COS7"])


def test_selection_specificity() -> None:
    assert resolve_selection(("COS1",), ("COS10",)) == {
        "COS110",
        "COS111",
        "COS120",
        "COS130",
        "COS140",
        "COS150",
    }
    assert resolve_selection(("COS101",), ("COS1",)) == {"COS101"}
    assert resolve_selection(("COS1",), ("COS1",)) == set()  # ignore wins ties
    assert "COS201" in resolve_selection(("ALL",), ("COS1",))


def test_per_file_ignores_apply(tmp_path: Path) -> None:
    write(tmp_path, "a/x.py", COS101_LINE)
    write(tmp_path, "b/x.py", COS101_LINE)
    cfg = parse_table({"per-file-ignores": {"a/*.py": ["COS101", "COS301"]}}, root=tmp_path)
    result = check_paths([str(tmp_path)], cfg, cwd=tmp_path)
    assert {(f.path, f.code) for f in result.findings} == {
        ("b/x.py", "COS101"),
        ("b/x.py", "COS301"),
    }


def test_walk_honours_gitignore_and_exclude(tmp_path: Path) -> None:
    for rel in (
        "keep.py",
        "ignored/x.py",
        "build.py",
        "tests/test_helper.py",
        "sub/deep/keep2.py",
        "data.bin",
        "readme.txt",
    ):
        write(tmp_path, rel, COS101_LINE)
    write(
        tmp_path,
        "notes/skip_me.md",
        "The unembeddings of a and b have cosine 0.9, which explains confusion.\n",
    )
    write(tmp_path, ".gitignore", "ignored/\n*.md\n!keep.md\n")
    write(
        tmp_path,
        "notes/keep.md",
        "The unembeddings of a and b have cosine 0.9, which explains confusion.\n",
    )
    cfg = parse_table({"extend-exclude": ["build.py"]}, root=tmp_path)
    result = check_paths([str(tmp_path)], cfg, cwd=tmp_path)
    paths = {f.path for f in result.findings}
    assert paths == {"keep.py", "sub/deep/keep2.py", "notes/keep.md"}
    no_git = parse_table({"respect-gitignore": False, "exclude": []}, root=tmp_path)
    paths = {f.path for f in check_paths([str(tmp_path)], no_git, cwd=tmp_path).findings}
    assert {"ignored/x.py", "notes/skip_me.md", "tests/test_helper.py", "build.py"} <= paths


def test_explicit_files_are_checked_even_if_excluded(tmp_path: Path) -> None:
    p = write(tmp_path, "tests/test_helper.py", COS101_LINE)
    result = check_paths([str(p)], CheckConfig(root=tmp_path), cwd=tmp_path)
    assert "COS101" in codes(result)


def test_fail_on_from_config(tmp_path: Path) -> None:
    write(
        tmp_path, "w.md", "The nearest tokens to king in unembedding space are queen and prince.\n"
    )
    cfg = parse_table({"fail-on": "warning"}, root=tmp_path)
    result = check_paths([str(tmp_path / "w.md")], cfg, cwd=tmp_path)
    assert [f.code for f in result.failing()] == ["COS202"]


def _project(root: Path, table: str) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text(f"[project]\nname = 'p'\n\n[tool.cosaudit.check]\n{table}\n")


COSINE = "W = model.lm_head.weight\ns = F.cosine_similarity(W[1], W[2], dim=0)\n"


def test_each_file_gets_the_nearest_pyproject_with_a_check_table(tmp_path: Path) -> None:
    from cosaudit.lint.config import Configs

    _project(tmp_path / "repo", 'ignore = ["COS301"]\nextend-exclude = ["vendored/"]')
    _project(tmp_path / "repo" / "sub", 'ignore = ["COS101", "COS301"]')
    (tmp_path / "repo" / "pkg").mkdir()
    (tmp_path / "repo" / "pkg" / "pyproject.toml").write_text("[project]\nname = 'no-table'\n")
    for folder in ("pkg", "sub", "vendored"):
        (tmp_path / "repo" / folder).mkdir(exist_ok=True)
        (tmp_path / "repo" / folder / "a.py").write_text(COSINE)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = check_paths([str(tmp_path / "repo")], Configs(default_root=elsewhere), cwd=elsewhere)
    got = sorted((Path(f.path).parent.name, f.code) for f in result.findings)
    assert got == [("pkg", "COS101")]  # sub ignores COS101, vendored is excluded, no COS301


def test_check_from_another_folder_applies_the_repository_settings(tmp_path: Path) -> None:
    import os

    from click.testing import CliRunner

    from cosaudit.cli import cli

    _project(tmp_path / "repo", 'fail-on = "warning"\nignore = ["COS1"]')
    (tmp_path / "repo" / "a.py").write_text(COSINE)
    (tmp_path / "repo" / "b.md").write_text("The nearest tokens to king in unembedding space are queen.\n")
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        r = CliRunner().invoke(cli, ["check", "repo"])
    finally:
        os.chdir(old)
    assert r.exit_code == 1, r.stderr  # the repository's fail-on = "warning" applies
    assert "COS202" in r.stdout and "COS101" not in r.stdout
