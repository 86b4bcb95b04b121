# cosaudit corpus, synthetic file: same shape as rakaar/april-2026-max-of-list-mech-interp/scripts/analysis/model1_lowdim_cosine_readout.py at a535ed7c867589ebd4cde927682ea514cc08aa51 (licence NOASSERTION); new code, no text copied.
"""Readout by angle alone versus by dot product, inside the 3-D PCA space of the digit unembeddings."""
import torch
import torch.nn.functional as F

from common import load_model1, all_inputs, head_sum_at_ans


def main():
    model = load_model1()
    tokens, labels = all_inputs()
    digits = model.unembed.weight.detach()[:10]
    centred = digits - digits.mean(dim=0)
    _, _, vh = torch.linalg.svd(centred, full_matrices=False)
    basis = vh[:3]
    digit_xyz = centred @ basis.T
    digit_norm = digit_xyz.norm(dim=1)
    with torch.no_grad():
        h = head_sum_at_ans(model, tokens) @ basis.T
    dot_pred = (h @ digit_xyz.T).argmax(1)
    cos = F.cosine_similarity(h[:, None, :], digit_xyz[None, :, :], dim=-1)
    cos_pred = cos.argmax(1)
    weighted_pred = (cos * digit_norm[None]).argmax(1)
    for name, pred in [("dot", dot_pred), ("cosine only", cos_pred), ("cosine x norm", weighted_pred)]:
        print(f"{name:14s} accuracy {(pred == labels).float().mean().item():.5f}")


if __name__ == "__main__":
    main()
