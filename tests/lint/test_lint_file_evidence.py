"""File-level evidence that changes a finding's severity is the code's own, not a comment's."""

from __future__ import annotations

from pathlib import Path

from cosaudit.lint.engine import check_paths

_GRAM = """import torch.nn.functional as F
rows = F.normalize(teacher.fc.weight, dim=-1)
relation = rows @ rows.T
"""


def _severities(tmp_path: Path, extra: str) -> list[tuple[str, str]]:
    p = tmp_path / "distill.py"
    p.write_text(_GRAM + extra, encoding="utf-8")
    return [(f.code, f.severity.value) for f in check_paths([str(p)]).findings if f.code == "COS101"]


def test_a_commented_out_logit_scale_is_no_normalised_head(tmp_path: Path) -> None:
    assert _severities(tmp_path, "# logit_scale = clip.logit_scale.exp()\n") == [("COS101", "error")]


def test_a_live_logit_scale_still_lowers_the_cosine_to_info(tmp_path: Path) -> None:
    assert _severities(tmp_path, "logit_scale = clip.logit_scale.exp()\n") == [("COS101", "info")]


_INLINE_COSINE_LOGITS = """
class Net(torch.nn.Module):
    def forward(self, x):
        return self.t * F.linear(F.normalize(self.encode(x), dim=-1), F.normalize(self.fc.weight, dim=-1))
"""


def test_logits_of_normalised_input_and_own_normalised_rows_are_a_cosine_classifier(tmp_path: Path) -> None:
    assert _severities(tmp_path, _INLINE_COSINE_LOGITS) == [("COS101", "info")]


def test_a_cosine_lens_over_another_models_rows_is_no_cosine_classifier(tmp_path: Path) -> None:
    lens = "scores = F.linear(F.normalize(h, dim=-1), F.normalize(model.lm_head.weight, dim=-1))\n"
    assert _severities(tmp_path, lens) == [("COS101", "error")]


def test_the_gram_of_a_layers_own_normalised_rows_is_no_cosine_classifier(tmp_path: Path) -> None:
    gram = "g = F.linear(F.normalize(self.fc.weight), F.normalize(self.fc.weight))\n"
    assert _severities(tmp_path, gram) == [("COS101", "error")] * 2  # _GRAM's and this one


_TRAINED_LENS = """
feats = F.normalize(backbone(images), dim=1)
scores = feats @ rows.T
loss = {loss}(scores * 16.0, labels)
"""


def test_unit_scores_trained_as_logits_of_a_classification_loss_are_a_cosine_classifier(tmp_path: Path) -> None:
    """Features against every unit row, fed to the cross-entropy: the model normalises its rows itself
    (SoftNet-style FSCIL), so the Gram of those rows is reported at info level."""
    for loss in ("F.cross_entropy", "criterion", "self.loss_func", "nn.CrossEntropyLoss()"):
        assert _severities(tmp_path, _TRAINED_LENS.format(loss=loss)) == [("COS101", "info")], loss


def test_unit_scores_regressed_or_only_ranked_keep_the_error(tmp_path: Path) -> None:
    for loss in ("F.mse_loss", "torch.topk", "print"):
        assert _severities(tmp_path, _TRAINED_LENS.format(loss=loss)) == [("COS101", "error")], loss


_CORPUS = Path(__file__).parent / "corpus" / "python"


def _lens_severities(path: Path) -> list[str]:
    return [f.severity.value for f in check_paths([str(path)]).findings if f.code == "COS120"]


def test_a_lens_that_a_backward_pass_trains_is_the_models_own_ranking() -> None:
    assert _lens_severities(_CORPUS / "shapes_lens_trained_by_backward.py") == ["info"]


def test_a_lens_made_into_pseudo_labels_or_detached_weights_stays_a_warning() -> None:
    assert _lens_severities(_CORPUS / "shapes_lens_as_targets.py") == ["warning", "warning"]


def test_scaled_scores_against_a_modules_own_unit_rows_in_any_method_are_its_logits() -> None:
    assert _lens_severities(_CORPUS / "shapes_cosine_head_methods.py") == ["info"]


def test_scaled_scores_against_a_held_models_rows_stay_a_warning() -> None:
    assert _lens_severities(_CORPUS / "shapes_held_model_scaled_lens.py") == ["warning"]


def test_prototypes_pooled_from_the_head_rows_stay_warnings_in_a_forward_pass() -> None:
    assert _lens_severities(_CORPUS / "shapes_pooled_head_prototypes.py") == ["warning"] * 4


_TIED_COSINE_HEAD = """import torch.nn.functional as F
from transformers import GPT2Model


class Rec(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.gpt2 = GPT2Model.from_pretrained("gpt2")

    def calculate_loss(self, states, labels):
        states = F.normalize(states, dim=-1)
        token_emb = self.gpt2.wte.weight[1:-1]
        token_emb = F.normalize(token_emb, dim=-1)
        token_logits = [
            torch.matmul(states[:, i], token_emb.T) / self.temperature for i in range(2)
        ]
        return sum(F.cross_entropy(t, labels) for t in token_logits)

    def item_graph(self):
        wte = self.gpt2.wte.weight
        wte = wte / wte.norm(dim=-1, keepdim=True)
        return wte @ wte.T
"""


def test_a_tied_table_whose_logits_are_its_normalised_rows_is_a_cosine_head(tmp_path: Path) -> None:
    p = tmp_path / "rec.py"
    p.write_text(_TIED_COSINE_HEAD, encoding="utf-8")
    found = [(f.code, f.severity.value) for f in check_paths([str(p)]).findings if f.code == "COS150"]
    assert found == [("COS150", "info")]
    # the same logits over rows that are not normalised: dot products, not cosines
    unnormalised = _TIED_COSINE_HEAD.replace("        token_emb = F.normalize(token_emb, dim=-1)\n", "")
    p.write_text(unnormalised, encoding="utf-8")
    found = [(f.code, f.severity.value) for f in check_paths([str(p)]).findings if f.code == "COS150"]
    assert found == [("COS150", "warning")]
