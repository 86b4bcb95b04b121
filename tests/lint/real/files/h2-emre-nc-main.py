# cosaudit corpus, synthetic file: same shape as emreonal11/Neural-Collapse-in-Intermediate-Hidden-Layers-of-Classification-Neural-Networks/nc_main.py at ef815aeb85efad537d733487a7f2fcfa4da81d85 (licence NOASSERTION); new code, no text copied.
import torch


def between_class_stats(M, C, stats, device):
    mu_g = M.mean(dim=1, keepdim=True)
    M_centred = M - mu_g
    Sb = M_centred @ M_centred.T / C

    # W = classifier.weight
    M_norms = torch.norm(M_centred, dim=0)
    # W_norms = torch.norm(W.T, dim=0)
    stats.norm_means_cv.append((M_norms.std() / M_norms.mean()).item())
    # stats.norm_W_cv.append((W_norms.std() / W_norms.mean()).item())

    def coherence(V):
        G = V.T @ V
        G += torch.ones((C, C), device=device) / (C - 1)
        G -= torch.diag(torch.diag(G))
        return torch.norm(G, 1).item() / (C * (C - 1))

    stats.cos_means.append(coherence(M_centred / M_norms))
    return Sb
