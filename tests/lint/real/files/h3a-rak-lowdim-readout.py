# cosaudit corpus, synthetic file: same shape as rakaar/april-2026-max-of-list-mech-interp/scripts/analysis/model1_lowdim_cosine_readout.py at a535ed7c867589ebd4cde927682ea514cc08aa51 (licence NOASSERTION); new code, no text copied.
"""Is the answer readable by direction alone? Cosine-only vs dot-product readout in the top-3 PCA space of
the digit unembeddings."""
import torch
import torch.nn.functional as F


def digit_space(model, k=3):
    digits = model.unembed.weight.detach()[:10]
    centred_rows = digits - digits.mean(dim=0)
    _, s, vh = torch.linalg.svd(centred_rows, full_matrices=False)
    basis = vh[:k]
    return basis, centred_rows @ basis.T, (s ** 2 / (s ** 2).sum())[:k]


@torch.no_grad()
def compare(model, head_sums, answers):
    basis, digit_coords, explained = digit_space(model)
    coords = head_sums @ basis.T
    dot_pred = (coords @ digit_coords.T).argmax(1)
    cos = F.cosine_similarity(coords[:, None, :], digit_coords[None, :, :], dim=-1)
    cos_pred = cos.argmax(1)
    return {"explained": explained.tolist(),
            "dot_acc": float((dot_pred == answers).float().mean()),
            "cos_acc": float((cos_pred == answers).float().mean())}
