"""`flip --save` writes a model card that says what the checkpoint is (issue 14): an equivalent
of which source (commit, head sha256), made how, and that its cosines are not the original's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
from ckptkit import run_cli, tree_hashes
from safetensors import safe_open

from cosaudit.load.card import MARKER, write_model_card

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-lm"


def _save(src: Path, out: Path, *extra: str) -> dict:
    r = run_cli(["flip", src, "--labels", "dog", "cat", "--save", out, "--format", "json", *extra])
    assert r.exit_code == 0, r.stderr
    return json.loads(r.stdout)  # type: ignore[no-any-return]


def _metadata(path: Path) -> dict:
    with safe_open(str(path), framework="numpy") as f:
        return dict(f.metadata())


def test_saved_folder_card_says_what_the_model_is(tmp_path: Path) -> None:
    before = tree_hashes(DEMO)
    out = tmp_path / "neg"
    report = _save(DEMO, out, "--target", "-1")
    card = (out / "README.md").read_text(encoding="utf-8")
    original = (DEMO / "README.md").read_text(encoding="utf-8")
    assert card.startswith(MARKER)
    assert "# An equivalent model made by cosaudit — not the original weights" in card
    assert "**its cosines between label rows are not the original's**" in card
    meta = _metadata(out / "model.safetensors")
    assert f"sha256 `{meta['cosaudit.source_head_sha256']}`" in card
    assert f"| source | `{meta['cosaudit.source']}` |" in card
    assert "--symmetry translate --target -1 --save" in card
    measured = report["original"]["cosine"]
    assert f"has cosine -1.000 here and {measured:+.3f} in the original" in card
    # the original card follows, unchanged, and the input is untouched
    assert card.endswith(original) and card.index("---\n\n# cosaudit demo-lm") > 0
    assert tree_hashes(DEMO) == before


def test_front_matter_stays_first_and_hub_commit_is_named(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(DEMO, src)
    (src / "README.md").write_text("---\nlicense: mit\n---\n\n# My model\n\nIt predicts words.\n",
                                   encoding="utf-8")
    out = tmp_path / "pos"
    _save(src, out, "--target", "1")
    card = (out / "README.md").read_text(encoding="utf-8")
    assert card.startswith("---\nlicense: mit\n---\n\n" + MARKER)
    assert card.endswith("# My model\n\nIt predicts words.\n")
    assert "| source commit | none (a local checkpoint" in card


def test_a_source_without_card_gets_one(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(DEMO, src)
    (src / "README.md").unlink()
    out = tmp_path / "r"
    _save(src, out, "--target", "0.3", "--symmetry", "rescale")
    card = (out / "README.md").read_text(encoding="utf-8")
    assert card.startswith("---\ntags:\n- cosaudit\n- equivalent-model\n---\n\n" + MARKER)
    assert "output head and final norm changed" in card and "W → W·diag(e)⁻¹" in card


class _Weight:
    name = "lm_head.weight"


class _HubHead:
    kind = "hub"
    source = "org/model@main"
    revision = "0123456789abcdef0123456789abcdef01234567"
    weight = _Weight()

    def rows(self, ids: list[int]) -> np.ndarray:
        return np.array([[1.0, 0.0], [1.0, 1.0]])[ids]


def test_hub_source_names_its_commit_and_base_model(tmp_path: Path) -> None:
    from cosaudit.core.verify import Equivalent

    eq = Equivalent("translate", c=np.array([-1.0, -0.5]))
    labels = [{"label": "a", "id": 0}, {"label": "b", "id": 1}]
    path = write_model_card(tmp_path, _HubHead(), symmetry="translate", labels=labels, target=-1.0,
                            dtype="bfloat16", head_sha256="ab" * 32, eq=eq)
    card = path.read_text(encoding="utf-8")
    assert 'base_model: "org/model"' in card.split(MARKER)[0]
    assert "| source commit | `0123456789abcdef0123456789abcdef01234567` |" in card
    assert "has cosine -1.000 here and +0.707 in the original" in card
    assert "up to rounding to bfloat16" in card


def test_a_single_file_save_writes_no_card_beside_it(tmp_path: Path) -> None:
    out = tmp_path / "one.safetensors"
    _save(DEMO / "model.safetensors", out, "--target", "-1")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.safetensors"]
    assert _metadata(out)["cosaudit.symmetry"] == "translate"  # provenance lives in the metadata
