"""Every command's output on the bundled fixtures, byte for byte, against files in `tests/golden/`.

A guard for refactors: the CLI must print exactly what it printed before (stdout and stderr).
When a change of report *content* is intended, regenerate the files and review the diff:

    COSAUDIT_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py

HTML is compared with its embedded PNGs replaced by a placeholder (matplotlib's bytes vary with its
version); the cosaudit version as `<VERSION>` and the clone's path as `<REPO>`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from ckptkit import run_cli
from roundoff import aligned_to, without_roundoff

from cosaudit import __version__

REPO = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("COSAUDIT_UPDATE_GOLDEN", "") not in ("", "0")

DEMO = "fixtures/demo-lm"
CASES: dict[str, list[str]] = {
    "inspect-demo": ["inspect", DEMO, "--labels", "dog", "cat", "horse", "car", "--pairs", "3000"],
    "inspect-default": ["inspect", "--labels", "dog", "cat", "--pairs", "500"],
    "inspect-npy": ["inspect", "fixtures/npy/head.npy", "--ids", "1", "2", "3"],
    "inspect-multilabel": ["inspect", "fixtures/multilabel", "--labels", "toxic", "insult"],
    "flip-demo": ["flip", DEMO, "--labels", "dog", "cat", "--probes", "200"],
    "flip-rescale": ["flip", DEMO, "--labels", "dog", "cat", "--symmetry", "rescale", "--target", "-0.5",
                     "--probes", "100"],
    "flip-npz": ["flip", "fixtures/npy/head.npz", "--ids", "4", "5", "--target", "0.3", "--probes", "50"],
    "neighbours-demo": ["neighbours", DEMO, "--label", "dog", "--k", "5"],
    "argmax-demo": ["argmax", DEMO, "--labels", "dog", "cat", "the"],
    "argmax-all-npy": ["argmax", "fixtures/npy/head.npy", "--all"],
    "patterns-demo": ["patterns", DEMO, "--labels", "dog", "cat", "horse"],
    "patterns-multilabel": ["patterns", "fixtures/multilabel", "--ids", "0", "1", "2"],
    "paper": ["paper"],
    "check-corpus": ["check", "tests/lint/corpus/python", "--exit-zero"],
}
FORMATS: dict[str, tuple[str, ...]] = {
    "inspect-demo": ("json", "text", "md", "html"),
    "flip-demo": ("json", "text", "md", "html"),
    "neighbours-demo": ("json", "text", "md", "html"),
    "argmax-demo": ("json", "text", "md"),
    "patterns-demo": ("json", "text", "md"),
    "paper": ("json", "text", "md"),
    "check-corpus": ("json", "text", "concise", "sarif", "github"),
}
PARAMS = [(name, fmt) for name in CASES for fmt in FORMATS.get(name, ("json",))]
EXT = {
    "text": "txt", "concise": "concise.txt", "md": "md", "json": "json", "html": "html", "sarif": "sarif",
    "github": "github",
}
_PNG = re.compile(r"data:image/png;base64,([A-Za-z0-9+/=]+)")


def _normalise(text: str) -> str:
    text = _PNG.sub("data:image/png;base64,<PNG>", text)
    text = without_roundoff(text)
    return text.replace(str(REPO), "<REPO>").replace(__version__, "<VERSION>")


@pytest.mark.parametrize(("name", "fmt"), PARAMS, ids=[f"{n}-{f}" for n, f in PARAMS])
def test_output_is_unchanged(name: str, fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if fmt == "html":
        pytest.importorskip("matplotlib")
    monkeypatch.chdir(REPO)
    r = run_cli([*CASES[name], "--format", fmt])
    assert r.exit_code == 0, r.stderr
    got = {"out": _normalise(r.stdout), "err": _normalise(r.stderr)}
    for stream, text in got.items():
        path = GOLDEN / f"{name}.{stream}.{EXT[fmt] if stream == 'out' else fmt}"
        if UPDATE:
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"{path} is missing: run with COSAUDIT_UPDATE_GOLDEN=1"
        want = path.read_text(encoding="utf-8")
        assert aligned_to(want, text) == want, f"{name} --format {fmt}: {stream} changed"


def test_numbers_are_compared_up_to_the_roundoff_of_another_numpy() -> None:
    want = 'cos 0.773758, witness [12.54585323494613, -0.5], n 3, "v1.2"'
    assert aligned_to(want, 'cos 0.773759, witness [12.545853234946237, -0.4999999999999999], n 3, "v1.2"') == want
    for changed in ('cos 0.773760, witness [12.54585323494613, -0.5], n 3, "v1.2"',   # two units
                    'cos 0.773758, witness [12.54586323494613, -0.5], n 3, "v1.2"',   # 8e-7 relative
                    'cos 0.773758, witness [12.54585323494613, -0.5], n 4, "v1.2"',   # a count
                    'cos 0.773758, witness [12.54585323494613, -0.5], n 3, "v1.3"',   # text
                    'cos 0.773758, witness [12.54585323494613], n 3, "v1.2"'):       # shape
        assert aligned_to(want, changed) == changed

    text = "max |Δp| 1.1102230246251565e-16, row sum [-1.11022302463e-16, 0], tol 1e-09, cos 2.5e-13x"
    assert without_roundoff(text) == "max |Δp| <roundoff>, row sum [<roundoff>, 0], tol 1e-09, cos 2.5e-13x"
    assert without_roundoff("1.7e-16 │ 6.1e-05 │ v1e-16") == "<roundoff> │ 6.1e-05 │ v1e-16"
