# Synthetic rewrite of the shape of rhubarbwu/linguistic-collapse:analyze.py at 0c48c8bfc1c83ecda2e3e1144f6b054442a709d6 (licence NOASSERTION); not the original text.
from argparse import ArgumentParser

import torch

from tools.stats import TokenStats
from tools.ckpt import get_classifier_weights
from tools.store import save_value, upper_mean

torch.set_grad_enabled(False)

ap = ArgumentParser()
ap.add_argument("--files", nargs="+", default=[])
ap.add_argument("--out", default="collapse.h5")
ap.add_argument("--coherence", action="store_true")
ap.add_argument("--duality", action="store_true")
ap.add_argument("--cdnv", action="store_true")
opt = ap.parse_args()

for tag in sorted(opt.files):
    st = TokenStats.load(tag)
    keep = st.classes_with_min_count(1)
    mu, mu_global = st.means(keep)

    norms = mu.norm(dim=-1) ** 2
    save_value(opt.out, "mean_norms", norms, tag)

    if opt.coherence:
        coh = st.coherence(keep)  # cosines among centred class means
        save_value(opt.out, "coh_mean", coh.mean(), tag)

    if opt.duality:
        W = get_classifier_weights(tag)  # unembedding rows of the trained LM
        if W is not None:
            save_value(opt.out, "dual_diff", st.duality_gap(W, keep), tag)
            dots = st.duality_dots(W, keep)  # mean_c against w_c, class by class
            save_value(opt.out, "dual_dot_mean", dots.mean(), tag)

    if opt.cdnv:
        cdnv = st.cdnv(keep)
        if cdnv is not None:
            save_value(opt.out, "cdnv_mean", upper_mean(cdnv), tag)
