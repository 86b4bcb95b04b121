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
