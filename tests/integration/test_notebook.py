"""examples/audit-in-a-notebook.ipynb runs top to bottom in a real kernel (nbclient), and its
outputs say what the notebook's prose says: checked against the API called here."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
nbformat = pytest.importorskip("nbformat", reason="nbclient is not installed (.ci/run installs it)")
nbclient = pytest.importorskip("nbclient", reason="nbclient is not installed (.ci/run installs it)")
pytest.importorskip("ipykernel", reason="ipykernel is not installed (.ci/run installs it)")

import cosaudit  # noqa: E402

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "examples" / "audit-in-a-notebook.ipynb"


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """Execute the notebook once; {cell tag: {"text": …, "html": …, "stdout": …}}."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert not any(c.get("outputs") for c in nb.cells if c.cell_type == "code"), "commit the notebook without outputs"
    with pytest.MonkeyPatch.context() as mp:  # the kernel inherits this environment
        mp.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p))
        mp.setenv("HF_HUB_OFFLINE", "1")
        mp.setenv("HF_HOME", str(tmp_path_factory.mktemp("hf")))
        client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                         resources={"metadata": {"path": str(tmp_path_factory.mktemp("nb"))}})
        client.execute()
    out: dict[str, dict] = {}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        assert not [o for o in cell.outputs if o.output_type == "error"]
        got = {"text": None, "html": None, "stdout": ""}
        for o in cell.outputs:
            if o.output_type == "stream" and o.name == "stdout":
                got["stdout"] += o.text
            elif o.output_type in ("execute_result", "display_data"):
                got["text"] = o.data.get("text/plain")
                got["html"] = o.data.get("text/html")
        out[cell.metadata["tags"][0]] = got
    return out


def _value(text: str):
    """The value a cell displayed (Python literals and numpy arrays)."""
    tree = ast.parse(text, mode="eval")
    return eval(compile(tree, "<cell output>", "eval"), {"__builtins__": {}, "array": np.array})  # noqa: S307


def test_every_code_cell_is_checked(outputs):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    tags = [c.metadata["tags"][0] for c in nb.cells if c.cell_type == "code"]
    assert sorted(tags) == sorted(outputs) and len(tags) == 11


def test_demo_model(outputs):
    expected = cosaudit.inspect(labels=[" dog", " cat", " horse"])
    np.testing.assert_allclose(_value(outputs["demo-cosine"]["text"]), expected.cosine, atol=1e-6)
    assert "NOT identifiable" in outputs["demo-verdict"]["stdout"]
    np.testing.assert_allclose(_value(outputs["demo-verdict"]["text"]), expected.centered_cosine, atol=1e-6)
    html = outputs["demo-html"]["html"]
    assert "NOT identifiable" in html and html == expected.to_html()  # the report's own HTML, as --format html
    cos, original = _value(outputs["demo-flip"]["text"])
    assert cos == -1.0 and original == pytest.approx(expected.cosine[0, 1], abs=1e-6)
    (v,) = _value(outputs["demo-verification"]["text"])
    assert v["argmax_agree"] and v["stored_argmax_agree"] and v["max_abs_prob_diff"] < 1e-12
    np.testing.assert_allclose(_value(outputs["demo-saved"]["text"]), [[1, -1], [-1, 1]], atol=1e-6)
    assert _value(outputs["demo-neighbours"]["text"]) == cosaudit.neighbours(None, " dog", k=10).tieable_labels


def test_tiny_transformers_model(outputs):
    tied, norm, cos = _value(outputs["tiny-inspect"]["text"])
    assert tied is True and norm == "layernorm" and cos.shape == (3, 3)
    assert _value(outputs["tiny-flip"]["text"]) == (-1.0, True)  # cosine −1, tie kept
    check = _value(outputs["tiny-forward-check"]["text"])
    assert check["inputs"] == "4 English sentences, tokenized"
    assert check["max_abs_prob_diff"] < 2e-5 and check["argmax_agreement"] == 1.0
    assert check["pair"]["cosine_original"] == pytest.approx(cos[0, 1], abs=1e-6)
    assert check["pair"]["cosine_equivalent"] == pytest.approx(-1.0, abs=1e-6)
    tieable = _value(outputs["tiny-neighbours"]["text"])
    assert isinstance(tieable, list) and 1 <= len(tieable) <= 5 and "dog" not in tieable
