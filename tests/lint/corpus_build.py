"""Build the `code_rules.*` files of the corpus from one list of code examples.

The same positive and negative examples of every COS1xx rule, with their inline `expect:`
markers, are written as a Python script, a notebook (one code cell per example), a Markdown
post (fenced blocks), a reStructuredText page (`code-block:: python`) and a LaTeX listing file
(`minted{python}`). Run `python3 tests/lint/corpus_build.py` after editing EXAMPLES; the other
corpus files are written by hand. Written for cosaudit; nothing here is copied from elsewhere.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent / "corpus"

# (title, code). Names defined in one example are visible to the later ones, as in a notebook.
EXAMPLES: list[tuple[str, str]] = [
    (
        "Setup",
        """\
import numpy as np
import torch
import torch.nn.functional as F
import matplotlib.pyplot as plt
from scipy.spatial.distance import cosine
from scipy.stats import spearmanr
from scipy.cluster.hierarchy import linkage
from sklearn.metrics.pairwise import cosine_similarity
from transformers import AutoModelForCausalLM, AutoModelForImageClassification
model = AutoModelForCausalLM.from_pretrained("org/some-causal-lm")
clf = AutoModelForImageClassification.from_pretrained("org/some-classifier")
W = model.lm_head.weight.detach()
""",
    ),
    (
        "COS101 positive: two rows of the LM",
        """\
sim = F.cosine_similarity(W[dog_id], W[cat_id], dim=0)  # expect: COS101
angle = torch.acos(F.cosine_similarity(W[1], W[5], dim=0))  # expect: COS101
""",
    ),
    (
        "COS101 positive: normalise then matmul",
        """\
Wn = F.normalize(clf.classifier.weight, dim=-1)
gram = Wn @ Wn.T  # expect: COS101
""",
    ),
    (
        "COS101 positive: numpy and scipy on a state-dict key",
        """\
state = torch.load("checkpoint.pt", weights_only=True)
E = np.asarray(state["lm_head.weight"])
c = np.dot(E[3], E[7]) / (np.linalg.norm(E[3]) * np.linalg.norm(E[7]))  # expect: COS101
d = cosine(E[3], E[9])  # expect: COS101
""",
    ),
    (
        "COS101 positive: a helper defined here, called later",
        """\
def cos(u, v):
    return (u @ v) / (u.norm() * v.norm())
""",
    ),
    (
        "COS101 positive: the helper applied",
        """\
pair = cos(W[11], W[12])  # expect: COS101
""",
    ),
    (
        "COS101 positive: TransformerLens, loaded without processing",
        """\
from transformer_lens import HookedTransformer
raw = HookedTransformer.from_pretrained_no_processing("some-model")
U = raw.W_U
s = F.cosine_similarity(U[:, dog_id], U[:, cat_id], dim=0)  # expect: COS101
""",
    ),
    (
        "COS101 positive: Keras kernel, transposed",
        """\
K = keras_model.layers[-1].get_weights()[0]
cls_sim = cosine_similarity(K.T)  # expect: COS101
""",
    ),
    (
        "COS101 negative: row contrasts, hidden dimensions, tie check",
        """\
d1 = W[dog_id] - W[cat_id]
d2 = W[car_id] - W[bus_id]
ok1 = F.cosine_similarity(d1, d2, dim=0)
dims = F.cosine_similarity(U[3], U[4], dim=0)
feat = cosine_similarity(K)
tie = F.cosine_similarity(model.lm_head.weight[i], model.model.embed_tokens.weight[i], dim=0)
""",
    ),
    (
        "COS101 negative: vectors of other kinds",
        """\
sae_sim = F.cosine_similarity(sae.W_dec[0], sae.W_dec[1], dim=0)
ae_sim = F.cosine_similarity(autoencoder.decoder.weight[0], autoencoder.decoder.weight[1], dim=0)
hidden_sim = F.cosine_similarity(mlp.fc1.weight[0], mlp.fc1.weight[1], dim=0)
resid_sim = F.cosine_similarity(resid[:, 0], resid[:, 1], dim=-1)
emb = encoder.encode(["a dog", "a cat"])
text_sim = cosine_similarity(emb)
""",
    ),
    (
        "COS101 negative: a normalised head in the forward pass",
        """\
class CosHead(torch.nn.Module):
    def forward(self, h):
        w = F.normalize(self.lm_head.weight, dim=-1)
        return F.normalize(h, dim=-1) @ w.T
""",
    ),
    (
        "COS102 positive: products and Gram matrices",
        """\
G = W @ W.T  # expect: COS102
g12 = torch.dot(W[1], W[2])  # expect: COS102
GU = U.T @ U  # expect: COS102
GE = torch.einsum("id,jd->ij", W, W)  # expect: COS102
""",
    ),
    (
        "COS102 negative: logit lens, feature Gram, label contraction",
        """\
logits = resid @ U
lens = hidden @ W.T
feature_gram = W.T @ W
per_dim = torch.einsum("vd,ve->de", W, W)
dd = torch.dot(d1, d2)
""",
    ),
    (
        "COS103 positive: heatmap, top-k, clustering",
        """\
sims = Wn @ Wn.T  # expect: COS101
plt.imshow(sims.cpu())  # expect: COS103
nearest = sims[dog_id].topk(10)  # expect: COS103
Z = linkage(W.numpy(), metric="cosine")  # expect: COS101 COS103
""",
    ),
    (
        "COS103 negative: displays of other things",
        """\
plt.imshow(attention_pattern)
top_logits = logits.topk(5)
""",
    ),
    (
        "COS104 positive: similarity against behaviour",
        """\
label_sims = [F.cosine_similarity(W[a], W[b], dim=0).item() for a, b in pairs]  # expect: COS101
rho, p = spearmanr(label_sims, prob_shift)  # expect: COS104
""",
    ),
    (
        "COS104 negative: behaviour against behaviour",
        """\
rho2, p2 = spearmanr(prob_a, prob_b)
""",
    ),
    (
        "COS110 positive: label-axis mean removed",
        """\
Wc = W - W.mean(dim=0, keepdim=True)
csim = F.cosine_similarity(Wc[1], Wc[2], dim=0)  # expect: COS110
hooked = HookedTransformer.from_pretrained("some-model")
Uc = hooked.W_U - hooked.W_U.mean(-1, keepdim=True)
usim = F.cosine_similarity(Uc[:, 1], Uc[:, 2], dim=0)  # expect: COS110
from sklearn.linear_model import LogisticRegression
probe = LogisticRegression(max_iter=500).fit(X, y)
psim = cosine_similarity(probe.coef_)  # expect: COS110
""",
    ),
    (
        "COS110 negative: look-alikes",
        """\
Wr = W - W.mean(dim=1, keepdim=True)
rsim = F.cosine_similarity(Wr[1], Wr[2], dim=0)  # expect: COS101
kept = HookedTransformer.from_pretrained("some-model", center_unembed=False)
Uk = kept.W_U
ksim = F.cosine_similarity(Uk[:, 1], Uk[:, 2], dim=0)  # expect: COS101
Ul = hooked.W_U
lsim = F.cosine_similarity(Ul[:, 1], Ul[:, 2], dim=0)  # expect: COS101
""",
    ),
    (
        "COS111 positive: whitening",
        """\
Gw = W @ inv_sqrt_Cov
wsim = F.cosine_similarity(Gw[1], Gw[2], dim=0)  # expect: COS111
""",
    ),
    (
        "COS111 negative: whitened hidden states",
        """\
hw = resid @ inv_sqrt_Cov
hsim = F.cosine_similarity(hw[0], hw[1], dim=0)
""",
    ),
    (
        "COS120 positive: a steering vector ranked",
        """\
scores = F.cosine_similarity(steer[None, :], W, dim=-1)  # expect: COS120
Un = F.normalize(U, dim=0)
neuron_scores = neuron_dir @ Un  # expect: COS120
""",
    ),
    (
        "COS120 negative: logit lens and a single pair",
        """\
lens_scores = W @ steer
one = F.cosine_similarity(steer, W[dog_id], dim=0)
""",
    ),
    (
        "COS130 positive: Euclidean distances",
        """\
D = torch.cdist(W[ids], W[ids])  # expect: COS130
dist = np.linalg.norm(E[3] - E[4])  # expect: COS130
""",
    ),
    (
        "COS130 negative: a unit difference, spread around the mean, activations",
        """\
diff = W[1] - W[2]
unit = diff / diff.norm()
spread = (W - W.mean(0)).norm(dim=-1)
act_d = torch.cdist(resid, resid)
""",
    ),
    (
        "COS140 positive: two checkpoints",
        """\
base = AutoModelForCausalLM.from_pretrained("org/base")
tuned = AutoModelForCausalLM.from_pretrained("org/tuned")
drift = F.cosine_similarity(base.lm_head.weight[t], tuned.lm_head.weight[t])  # expect: COS140
""",
    ),
    (
        "COS140 negative: outputs of both models",
        """\
kl = F.kl_div(base_logp, tuned_logp, log_target=True)
""",
    ),
    (
        "COS150 negative: untied encoder inputs",
        """\
word_E = encoder_model.embeddings.word_embeddings.weight
in_sim = F.cosine_similarity(word_E[a], word_E[b], dim=0)
""",
    ),
]

TIED: list[tuple[str, str]] = [
    (
        "Setup: a model with tied input and output embeddings",
        """\
import torch.nn.functional as F
from transformers import AutoModelForCausalLM
lm = AutoModelForCausalLM.from_pretrained("gpt2")
""",
    ),
    (
        "COS150 positive: which next tokens are predicted alike",
        """\
Et = lm.transformer.wte.weight
tied_sim = F.cosine_similarity(Et[a_id], Et[b_id], dim=0)  # expect: COS150
""",
    ),
    (
        "COS150 negative: position rows",
        """\
P = lm.transformer.wpe.weight
pos_sim = F.cosine_similarity(P[0], P[1], dim=0)
""",
    ),
]

SIGMOID: list[tuple[str, str]] = [
    (
        "A multi-label tagger",
        """\
import torch
import torch.nn.functional as F
loss_fn = torch.nn.BCEWithLogitsLoss()
T = tagger.classifier.weight
tag_sim = F.cosine_similarity(T[0], T[1], dim=0)
tag_gram = F.normalize(T, dim=-1) @ F.normalize(T, dim=-1).T
""",
    ),
]

CAVEAT: list[tuple[str, str]] = [
    (
        "Rows with their caveat",
        """\
import torch.nn.functional as F
# Cosines of head rows are not translation invariant; the identifiable object is the
# difference of two rows, shown next to them.
Wv = model.lm_head.weight
raw_sim = F.cosine_similarity(Wv[1], Wv[2], dim=0)  # expect: COS101
contrast = Wv[1] - Wv[2]
""",
    ),
]

SUPPRESS: list[tuple[str, str]] = [
    (
        "Suppressions",
        """\
import torch.nn.functional as F
Ws = model.lm_head.weight
s1 = F.cosine_similarity(Ws[1], Ws[2], dim=0)  # cosaudit: ignore[COS101] -- figure we refute
s2 = F.cosine_similarity(Ws[3], Ws[4], dim=0)  # cosaudit: ignore[COS101]  # expect: COS302
s3 = hidden @ Ws.T  # cosaudit: ignore[COS102] -- logit lens  # expect: COS303
s4 = F.cosine_similarity(Ws[5], Ws[6])  # cosaudit: ignore[COS1O1] -- typo  # expect: COS101 COS304
# cosaudit: ignore[COS101] -- the next line is the paper's own counterexample
s5 = F.cosine_similarity(Ws[7], Ws[8], dim=0)
# cosaudit: ignore-file[COS301] -- this file exercises suppressions only
""",
    ),
]


def as_python(examples=None, cos301=True) -> str:
    examples = EXAMPLES if examples is None else examples
    doc = '"""Code examples (generated by tests/lint/corpus_build.py)."""'
    out = (["# expect: COS301"] if cos301 else []) + [doc, ""]
    for title, code in examples:
        out += [f"# %% {title}", code.rstrip("\n"), ""]
    return "\n".join(out) + "\n"


def as_markdown(examples=None, cos301=True) -> str:
    examples = EXAMPLES if examples is None else examples
    out = (["<!-- expect: COS301 -->"] if cos301 else []) + ["# Code examples", ""]
    for title, code in examples:
        out += [f"## {title}", "", "```python", code.rstrip("\n"), "```", ""]
    return "\n".join(out)


def as_rst(examples=None, cos301=True) -> str:
    examples = EXAMPLES if examples is None else examples
    out = ([".. expect: COS301", ""] if cos301 else []) + ["Code examples", "=============", ""]
    for title, code in examples:
        out += [title, "-" * len(title), "", ".. code-block:: python", ""]
        out += ["    " + line if line else "" for line in code.rstrip("\n").split("\n")]
        out += [""]
    return "\n".join(out)


def as_latex(examples=None, cos301=True) -> str:
    examples = EXAMPLES if examples is None else examples
    out = (["% expect: COS301"] if cos301 else []) + ["\\section{Code examples}", ""]
    for title, code in examples:
        out += [f"\\paragraph{{{title}}}", "\\begin{minted}{python}", code.rstrip("\n")]
        out += ["\\end{minted}", ""]
    return "\n".join(out)


def as_notebook(examples=None, cos301=True) -> str:
    examples = EXAMPLES if examples is None else examples
    first = ["<!-- expect: COS301 -->\n", "# Code examples"] if cos301 else ["# Code examples"]
    cells = [{"cell_type": "markdown", "metadata": {}, "source": first}]
    for title, code in examples:
        cells.append({"cell_type": "markdown", "metadata": {}, "source": [f"## {title}"]})
        lines = code.rstrip("\n").split("\n")
        cells.append(
            {
                "cell_type": "code",
                "execution_count": None,
                "metadata": {},
                "outputs": [],
                "source": [line + "\n" for line in lines[:-1]] + [lines[-1]],
            }
        )
    nb = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(nb, indent=1) + "\n"


SETS: dict[str, tuple[list[tuple[str, str]], bool]] = {
    "code_rules": (EXAMPLES, True),
    "tied": (TIED, True),
    "sigmoid": (SIGMOID, False),
    "caveat": (CAVEAT, False),
    "suppress": (SUPPRESS, False),
}
FORMATS = {
    "python": ("py", as_python),
    "markdown": ("md", as_markdown),
    "rst": ("rst", as_rst),
    "latex": ("tex", as_latex),
    "notebook": ("ipynb", as_notebook),
}


def main() -> None:
    targets = {}
    for stem, (examples, cos301) in SETS.items():
        for folder, (ext, fn) in FORMATS.items():
            targets[f"{folder}/{stem}.{ext}"] = fn(examples, cos301)
    for rel, text in targets.items():
        path = HERE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
