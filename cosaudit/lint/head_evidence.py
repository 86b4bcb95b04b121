"""Whether a file's head is a normalised one (ArcFace/CosFace/NormFace, cosine classifiers, a
normalised-weight layer written out in a forward pass): then its rows are kept on the sphere by the model
itself, and their cosines are reported at info level only (`Facts.normalised_head`)."""

from __future__ import annotations

import re

from cosaudit.lint import patterns as P
from cosaudit.lint.taint import Event


def normalised_head(live_code: str, events: list[Event], imported_classes: set[str]) -> bool:
    """The file's own code (no commented-out line) names, builds or trains a normalised head, or imports
    one from a module of the scan."""
    return (
        bool(P.NORMALISED_HEAD_EVIDENCE.search(live_code))
        or _scaled_cosine_logits(live_code)
        or "cosine head" in imported_classes
        or any(_trained_as_logits(ev) for ev in events)
    )


def _trained_as_logits(ev: Event) -> bool:
    """One vector's cosines with every unit row, passed to a training loss as logits: the model is a
    cosine classifier (it normalises its rows itself), as the forward passes of SoftNet-style
    `norm_cosine_similarity(features, weights, sigma)` heads are. Not prototypes pooled from the head's
    rows (T3A's templates, `Taint.pooled`): an entropy of their scores trains no row of the head."""
    return ev.ranking and ev.trained_as_logits and not ev.a.pooled


def _scaled_cosine_logits(code: str) -> bool:
    """Logits made from a product times a temperature, in code that normalises the head's weight: the
    file evaluates a cosine classifier (NormFace), whose rows the model itself normalises. So does a
    product with the module's own normalised weight plus its bias (`unit_w = F.normalize(self.fc.weight)`,
    `out = torch.mm(x, unit_w.t()) + self.fc.bias`): a normalised-weight head's forward pass."""
    if _biased_unit_product(code):
        return True
    if not P.NORMALISED_WEIGHT.search(code):
        return False
    for m in P.SCALED_LOGITS.finditer(code):
        if P.SCALED_LOGITS_FACTOR.search(m.group(0)):
            return True
        rescaled = re.compile(rf"^\s*{m['name']}\s*=(?!=)[^\n]*\b{m['name']}\b[^\n]*\*[^\n]*$", re.MULTILINE)
        if any(P.SCALED_LOGITS_FACTOR.search(r.group(0)) for r in rescaled.finditer(code, m.end())):
            return True
    return False


# `unit_w = F.normalize(self.classifier[0].weight, dim=1)`, `out = torch.mm(x, unit_w.t()) + self.classifier[0].bias`
_UNIT_SELF_WEIGHT = re.compile(
    r"^\s*(\w+)\s*=\s*(?:F\.|torch\.nn\.functional\.)?normalize\(\s*self\.[\w.\[\]]*weight\b", re.M
)
_BIASED_PRODUCT = re.compile(
    r"^\s*(?:\w+\s*=(?!=)|return\b)([^\n]*(?:@|\bmm\(|\bmatmul\()[^\n]*)\+\s*self\.[\w.\[\]]*\.bias\b", re.M
)


def _biased_unit_product(code: str) -> bool:
    if ".bias" not in code or "normalize(" not in code:
        return False  # the cheap test first: read for every file
    units = {m[1] for m in _UNIT_SELF_WEIGHT.finditer(code)}
    for m in _BIASED_PRODUCT.finditer(code):
        words = set(re.findall(r"\w+", m[1]))
        if words & units or re.search(r"normalize\(\s*self\.[\w.\[\]]*weight", m[1]):
            return True
    return False
