"""The Python API against the CLI: the same report for the same head, whatever the input kind.

Every API function is called on a checkpoint path, on an opened `Head` and on a numpy array,
and its `to_dict()` is compared with `cosaudit <command> --format json` on the same head (for an
array: the same array saved as `.npy`; only the `checkpoint` facts and `detection` lines, which
say where the head came from, differ). Also: `_repr_html_` is `--format html`, the input is
never modified, errors are raised (the CLI's classes and messages) and nothing is printed.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from ckptkit import run_cli, tree_hashes

import cosaudit
from cosaudit.cli._errors import format_error

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "fixtures" / "demo-lm"
WHERE = {"checkpoint", "detection"}  # where the head came from: differs between input kinds

# command -> (API call on a model, the same question as CLI arguments after CHECKPOINT)
CALLS: dict[str, tuple[Any, list[str]]] = {
    "inspect": (lambda m, **kw: cosaudit.inspect(m, ids=[3, 7, 11], pairs=500, **kw),
                ["--ids", "3", "7", "11", "--pairs", "500"]),
    "flip": (lambda m, **kw: cosaudit.flip(m, ids=[3, 7], probes=40, seed=5, **kw),
             ["--ids", "3", "7", "--probes", "40", "--seed", "5"]),
    "flip-rescale": (lambda m, **kw: cosaudit.flip(m, ids=[3, 7], target=-0.4, symmetry="rescale", probes=30, **kw),
                     ["--ids", "3", "7", "--target", "-0.4", "--symmetry", "rescale", "--probes", "30"]),
    "neighbours": (lambda m, **kw: cosaudit.neighbours(m, id=3, k=4, **kw), ["--id", "3", "--k", "4"]),
    "argmax": (lambda m, **kw: cosaudit.argmax(m, ids=[3, 7, 0], **kw), ["--ids", "3", "7", "0"]),
    "argmax-all": (lambda m, **kw: cosaudit.argmax(m, all=True, **kw), ["--all"]),
    "patterns": (lambda m, **kw: cosaudit.patterns(m, ids=[3, 7, 11], seed=2, **kw),
                 ["--ids", "3", "7", "11", "--seed", "2"]),
}


def _cli_json(command: str, checkpoint: Path | str, args: list[str]) -> dict[str, Any]:
    name = command.split("-")[0]
    r = run_cli([name, str(checkpoint), *args, "--format", "json"])
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)  # type: ignore[no-any-return]


def _without(d: dict[str, Any], keys: set[str]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k not in keys}


def _emitted(text: str) -> str:
    """What the CLI prints for a rendered report: the text, ending in one newline."""
    return text if text.endswith("\n") else text + "\n"


def _digest(a: np.ndarray) -> str:
    return hashlib.sha256(a.tobytes()).hexdigest()


@pytest.fixture(scope="module")
def demo_array() -> np.ndarray:
    from safetensors.numpy import load_file

    return load_file(str(DEMO / "model.safetensors"))["lm_head.weight"]


@pytest.mark.parametrize("command", list(CALLS))
def test_path_and_head_give_the_cli_json(command: str) -> None:
    call, args = CALLS[command]
    expected = _cli_json(command, DEMO, args)
    assert call(str(DEMO)).to_dict() == expected
    assert call(cosaudit.load(DEMO)).to_dict() == expected  # an opened Head, a Path


@pytest.mark.parametrize("command", list(CALLS))
def test_array_gives_the_cli_json_of_the_same_array(command: str, demo_array: np.ndarray, tmp_path: Path) -> None:
    call, args = CALLS[command]
    if command == "flip-rescale":  # a bare array has no final norm to rescale: refused, as the CLI does
        with pytest.raises(cosaudit.UnsupportedSymmetryError):
            call(demo_array)
        return
    np.save(tmp_path / "head.npy", demo_array)
    expected = _cli_json(command, tmp_path / "head.npy", args)
    before = _digest(demo_array)
    got = call(demo_array).to_dict()
    assert _without(got, WHERE) == _without(expected, WHERE)
    assert got["checkpoint"]["shape"] == expected["checkpoint"]["shape"] and got["checkpoint"]["kind"] == "array"
    assert _digest(demo_array) == before  # the input is never modified


def test_check_gives_the_cli_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    r = run_cli(["check", "tests/lint/corpus/markdown", "--format", "json", "--select", "COS2"])
    report = cosaudit.check(["tests/lint/corpus/markdown"], select=["COS2"])
    assert report.to_dict() == json.loads(r.stdout)
    assert [f.code for f in report.findings] == [f["code"] for f in json.loads(r.stdout)["findings"]]
    assert report.findings and all(f.code.startswith("COS2") for f in report.findings)
    assert len(report.failing) == json.loads(r.stdout)["summary"]["failing"]


@pytest.mark.parametrize(("command", "args", "call"), [
    ("inspect", ["--labels", "dog", "cat", "horse", "--pairs", "500"],
     lambda: cosaudit.inspect(DEMO, labels=["dog", "cat", "horse"], pairs=500)),
    ("flip", ["--labels", "dog", "cat", "--probes", "30"], lambda: cosaudit.flip(DEMO, "dog", "cat", probes=30)),
    ("neighbours", ["--label", "dog", "--k", "4"], lambda: cosaudit.neighbours(DEMO, "dog", k=4)),
])
def test_repr_html_is_the_cli_html_and_markdown_text_agree(command: str, args: list[str], call: Any) -> None:
    pytest.importorskip("matplotlib")
    report = call()
    outputs = {fmt: run_cli([command, str(DEMO), *args, "--format", fmt]).stdout for fmt in ("html", "md", "text")}
    assert report._repr_html_() == outputs["html"]
    assert report.to_html() == outputs["html"]
    assert _emitted(report.to_markdown()) == outputs["md"]
    assert _emitted(report.to_text()) == outputs["text"]
    assert outputs["html"].startswith("<!DOCTYPE html>") and "data:image/png;base64," in outputs["html"]


def test_typed_attributes_are_the_json_numbers() -> None:
    r = cosaudit.inspect(DEMO, labels=["dog", "cat", "horse"], pairs=500)
    d = r.to_dict()
    np.testing.assert_array_equal(r.cosine, np.array(d["cosine"]))
    np.testing.assert_array_equal(r.centered_cosine, np.array(d["centered_cosine"]))
    assert r.cosine.shape == (3, 3) and r.labels == ["dog", "cat", "horse"]
    assert r.verdict == d["verdict"]["headline"] and r.identifiable is False
    assert r.samples_raw.size == 500 and not any(k.startswith("_") for k in d)  # figures are data, not keys
    assert repr(r).startswith("<InspectReport: ") and "\n" not in repr(r)

    f = cosaudit.flip(DEMO, "dog", "cat", target=-1, probes=30)
    assert f.cosine == pytest.approx(-1.0, abs=1e-9)
    assert f.original_cosine == pytest.approx(r.cosine[0, 1], abs=1e-6)
    (v,) = f.verification
    assert v["max_abs_prob_diff"] < 1e-12 and v["argmax_agree"] and v["stored_dtype"] == "float32"
    both = cosaudit.flip(DEMO, "dog", "cat", probes=30)
    np.testing.assert_allclose(both.cosine, [-1.0, 1.0], atol=1e-9)

    n = cosaudit.neighbours(DEMO, "dog", k=4)
    assert n.tieable.dtype == np.int64 and list(n.tieable) == [e["id"] for e in n.to_dict()["tieable"]]
    a = cosaudit.argmax(DEMO, labels=["dog", "the"])
    assert a.not_argmaxable.dtype == np.int64 and list(a.argmaxable) == [True, True]
    p = cosaudit.patterns(DEMO, ["dog", "cat", "car"])
    assert p.patterns.shape == (6, 3) and p.count == 6  # 3 labels in general position: every ranking


def test_equivalent_array_is_a_new_array_with_the_target_cosine(demo_array: np.ndarray) -> None:
    before = _digest(demo_array)
    f = cosaudit.flip(demo_array, ids=[3, 7], target=0.25, probes=30)
    w2 = f.equivalent()
    assert isinstance(w2, np.ndarray) and w2 is not demo_array and w2.shape == demo_array.shape
    a, b = w2[3].astype(np.float64), w2[7].astype(np.float64)
    assert a @ b / np.linalg.norm(a) / np.linalg.norm(b) == pytest.approx(0.25, abs=1e-5)
    np.testing.assert_allclose(w2 - demo_array, np.broadcast_to(f.models[0].translation, w2.shape), atol=1e-5)
    assert _digest(demo_array) == before
    with pytest.raises(cosaudit.UsageError, match="several models"):
        cosaudit.flip(demo_array, ids=[3, 7], probes=30).equivalent()
    with pytest.raises(cosaudit.UsageError, match="object in memory"):
        cosaudit.flip(demo_array, ids=[3, 7], target=-1, save="x.npy")


def test_equivalent_of_a_checkpoint_is_saved_as_flip_save(tmp_path: Path) -> None:
    before = tree_hashes(DEMO)
    f = cosaudit.flip(DEMO, "dog", "cat", target=-1, probes=30)
    with pytest.raises(cosaudit.UsageError, match="written, not returned") as info:
        f.equivalent()
    assert "equivalent(save=PATH)" in (info.value.hint or "")
    out = f.equivalent(save=tmp_path / "api")
    assert out == tmp_path / "api"
    r = run_cli(["flip", str(DEMO), "--labels", "dog", "cat", "--target", "-1", "--probes", "30",
                 "--save", str(tmp_path / "cli")])
    assert r.exit_code == 0, r.stderr
    api, cli = ({Path(k).name: v for k, v in tree_hashes(tmp_path / d).items()} for d in ("api", "cli"))
    assert api == cli and "model.safetensors" in api
    assert tree_hashes(DEMO) == before
    saved = cosaudit.flip(tmp_path / "api", "dog", "cat", target=-1, probes=30)
    assert saved.original_cosine == pytest.approx(-1.0, abs=1e-5)


def test_errors_are_raised_with_the_cli_message(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cases = [
        (lambda: cosaudit.inspect(DEMO, labels=["dog", "notaword"]), ["inspect", str(DEMO), "--labels", "dog",
                                                                      "notaword"], cosaudit.LabelError),
        (lambda: cosaudit.flip(DEMO, "dog", "cat", "car"), ["flip", str(DEMO), "--labels", "dog", "cat", "car"],
         cosaudit.UsageError),
        (lambda: cosaudit.flip(DEMO, "dog", "cat", target="x"), ["flip", str(DEMO), "--labels", "dog", "cat",
                                                                 "--target", "x"], cosaudit.UsageError),
        (lambda: cosaudit.neighbours(tmp_path / "missing", id=1),
         ["neighbours", str(tmp_path / "missing"), "--id", "1"], cosaudit.CheckpointNotFoundError),
        (lambda: cosaudit.argmax(DEMO), ["argmax", str(DEMO)], cosaudit.UsageError),
        (lambda: cosaudit.patterns(DEMO, ids=[1, 1]), ["patterns", str(DEMO), "--ids", "1", "1"],
         cosaudit.UsageError),
        (lambda: cosaudit.argmax(DEMO, ids=[1], space="box:-1"), ["argmax", str(DEMO), "--ids", "1",
                                                                   "--space", "box:-1"], cosaudit.UsageError),
    ]
    for call, args, kind in cases:
        with pytest.raises(kind) as info:
            call()
        assert isinstance(info.value, cosaudit.CosauditError)
        r = run_cli(args)
        assert r.exit_code == 2 and r.stderr.strip() == format_error(info.value)
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""


def test_api_checks_the_ranges_the_cli_checks() -> None:
    with pytest.raises(cosaudit.UsageError, match="k=0"):
        cosaudit.neighbours(DEMO, "dog", k=0)
    with pytest.raises(cosaudit.UsageError, match="top_k"):
        cosaudit.inspect(DEMO, top_k=-1)
    with pytest.raises(cosaudit.UsageError, match="symmetry"):
        cosaudit.flip(DEMO, "dog", "cat", symmetry="rotate")
    with pytest.raises(cosaudit.UsageError, match="bias_tensor"):
        cosaudit.inspect(np.eye(4, dtype=np.float32), bias_tensor="b")
    with pytest.raises(cosaudit.UsageError, match="tokenizer"):
        cosaudit.inspect(DEMO, tokenizer=object())
    with pytest.raises(TypeError, match="labelz"):
        cosaudit.inspect(DEMO, labelz=["dog"])


def test_notes_are_kept_not_printed(capsys: pytest.CaptureFixture[str]) -> None:
    r = cosaudit.inspect(labels=["dog", "cat"], pairs=100)  # no checkpoint: the bundled demo, as the CLI
    assert any("bundled demo model" in n for n in r.notes)
    assert capsys.readouterr().err == ""
    seen: list[str] = []

    class Collect(cosaudit.Feedback):
        def note(self, message: str) -> None:
            seen.append(message)

    cosaudit.inspect(labels=["dog", "cat"], pairs=100, feedback=Collect())
    assert seen and "bundled demo model" in seen[0]


def test_import_is_light_and_exports_resolve() -> None:
    code = (
        "import sys, cosaudit\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('torch', 'scipy', 'matplotlib', 'numpy')]\n"
        "assert heavy == [], heavy\n"
        "import cosaudit.load.write, cosaudit.load.live_equivalent\n"
        "assert 'cosaudit.core.verify' not in sys.modules  # load rounds through core.rounding\n"
        "import numpy as np\n"
        "cosaudit.inspect(np.eye(5, dtype=np.float32) + 0.1, ids=[0, 1], pairs=10, tieable=False)\n"
        "assert 'torch' not in sys.modules and 'matplotlib' not in sys.modules\n"
        "print('ok')\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=False)
    assert r.returncode == 0 and r.stdout == "ok\n", r.stderr
    assert set(cosaudit.__all__) == {"__version__", "load", *cosaudit._EXPORTS}
    for name in cosaudit.__all__:
        assert getattr(cosaudit, name) is not None
    assert callable(cosaudit.load) and cosaudit.load(DEMO).shape == (237, 24)


@pytest.mark.integration
def test_torch_tensor_gives_the_array_report(demo_array: np.ndarray) -> None:
    torch = pytest.importorskip("torch")
    t = torch.from_numpy(demo_array.copy())
    before = t.clone()
    for call, _args in (CALLS["inspect"], CALLS["neighbours"], CALLS["patterns"]):
        assert _without(call(t).to_dict(), WHERE) == _without(call(demo_array).to_dict(), WHERE)
    f = cosaudit.flip(t, ids=[3, 7], target=-1, probes=30)
    t2 = f.equivalent()
    assert isinstance(t2, torch.Tensor) and t2.dtype == t.dtype and t2.data_ptr() != t.data_ptr()
    a, b = t2[3].double(), t2[7].double()
    assert float(a @ b / a.norm() / b.norm()) == pytest.approx(-1.0, abs=1e-5)
    assert torch.equal(t, before)  # the input is never modified


@pytest.mark.integration
def test_transformers_model_equivalent_is_checked_by_its_forward_pass() -> None:
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    torch.manual_seed(0)
    config = transformers.GPT2Config(vocab_size=64, n_positions=32, n_embd=16, n_layer=1, n_head=2)
    model = transformers.GPT2LMHeadModel(config).eval()
    before = {k: v.clone() for k, v in model.state_dict().items()}
    f = cosaudit.flip(model, ids=[3, 7], target=-1, probes=30)
    assert f.cosine == pytest.approx(-1.0, abs=1e-9)
    new = f.equivalent()  # raises DataError unless the forward passes agree within 2e-5
    assert new is not model
    w = new.get_output_embeddings().weight.detach().double()
    assert float(w[3] @ w[7] / w[3].norm() / w[7].norm()) == pytest.approx(-1.0, abs=1e-5)
    after = model.state_dict()
    assert all(torch.equal(before[k], after[k]) for k in before)  # the input model is unchanged
    with pytest.raises(cosaudit.UsageError, match="object in memory"):
        cosaudit.flip(model, ids=[3, 7], target=-1, save="out")


@pytest.mark.integration
def test_a_wrong_equivalent_model_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    import copy

    from cosaudit.load import live_equivalent

    torch.manual_seed(0)
    model = transformers.GPT2LMHeadModel(
        transformers.GPT2Config(vocab_size=64, n_positions=32, n_embd=16, n_layer=1, n_head=2)).eval()
    f = cosaudit.flip(model, ids=[3, 7], target=-1, probes=30)

    def wrong(obj: Any, head: Any, **kw: Any) -> Any:  # rows moved by different vectors: not equivalent
        bad = copy.deepcopy(obj)
        with torch.no_grad():
            bad.transformer.wte.weight.add_(0.5 * torch.randn_like(bad.transformer.wte.weight))
        return bad

    monkeypatch.setattr(live_equivalent, "equivalent_object", wrong)
    with pytest.raises(cosaudit.DataError, match="forward pass differs"):
        f.equivalent()


def test_repr_html_without_matplotlib_leaves_the_figures_out(monkeypatch: pytest.MonkeyPatch) -> None:
    r = cosaudit.neighbours(DEMO, "dog", k=3)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(cosaudit.MissingExtraError):
        r.to_html()  # as `--format html`: refused without the plot extra
    page = r._repr_html_()
    assert page.startswith("<!DOCTYPE html>") and "<img" not in page and 'id="verdict"' in page


@pytest.mark.parametrize("command", ["inspect", "flip", "neighbours", "argmax", "patterns", "check"])
def test_every_cli_option_is_a_keyword_of_the_same_name(command: str) -> None:
    import inspect as pyinspect

    import click

    from cosaudit.api import HeadOptions
    from cosaudit.cli._app import cli

    cmd = cli.get_command(click.Context(cli), command)
    assert cmd is not None
    accepted = set(pyinspect.signature(getattr(cosaudit, command)).parameters) | set(HeadOptions.__dataclass_fields__)
    where_the_output_goes = {"format", "output", "force", "exit_zero"}  # the CLI's own business
    names = set()
    for p in cmd.params:
        if isinstance(p, click.Argument):
            continue
        longest = max((o for o in p.opts if o.startswith("--")), key=len)
        names.add(longest[2:].replace("-", "_"))
    if command == "flip":
        where_the_output_goes -= {"force"}  # force= also lets save= replace a path
    if command == "check":  # what the CLI shows (`statistics()` of the report), and the adoption steps that write
        where_the_output_goes |= {"show_info", "statistics", "write_baseline", "add_suppressions"}
        names = {"filename" if n == "stdin_filename" else n for n in names}  # the text= read from stdin, named
    missing = names - where_the_output_goes - accepted
    assert not missing, f"cosaudit.{command} lacks keyword(s) {sorted(missing)}"


def test_check_with_a_baseline_reports_only_new_findings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code = tmp_path / "probe.py"
    code.write_text("import torch.nn.functional as F\nW = model.lm_head.weight\n"
                    "s = F.cosine_similarity(W[1], W[2], dim=0)\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cosaudit.check([str(code)]).findings  # a finding to record
    from click.testing import CliRunner

    from cosaudit.cli import cli

    r = CliRunner().invoke(cli, ["check", "probe.py", "--write-baseline", "base.json"])
    assert r.exit_code == 0, r.stderr

    class Notes(cosaudit.Feedback):
        said: list[str] = []

        def note(self, message: str) -> None:
            self.said.append(message)

    fb = Notes()
    assert not [f for f in cosaudit.check(["probe.py"], baseline="base.json", feedback=fb).findings
                if f.severity.value != "info"]
    assert any("recorded in the baseline base.json" in n for n in fb.said)
    code.write_text(code.read_text(encoding="utf-8") + "t = F.cosine_similarity(W[3], W[4], dim=0)\n",
                    encoding="utf-8")
    new = [f for f in cosaudit.check(["probe.py"], baseline="base.json").findings if f.code == "COS101"]
    assert [f.line for f in new] == [4]
    with pytest.raises(cosaudit.InputError, match="cannot read the baseline"):
        cosaudit.check(["probe.py"], baseline="missing.json")
