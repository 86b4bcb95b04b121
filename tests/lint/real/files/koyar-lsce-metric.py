# cosaudit corpus, synthetic file: same shape as koyar4271/neural_collapse_ls_vs_ce/nc_metric.py at 13f1aa242c64c9f41e962cdbcfd34d18f384383b (licence NOASSERTION); new code, no text copied.
import torch


def nc_metrics(W, M_, C, device):
    """W: [d, C] classifier (transposed), M_: [d, C] centred class means."""
    W_norms = torch.norm(W, dim=0)
    M_norms = torch.norm(M_, dim=0)

    def coherence(V):
        G = V.T @ V
        G += torch.ones((C, C), device=device) / (C - 1)
        G -= torch.diag(torch.diag(G))
        return torch.norm(G, 1).item() / (C * (C - 1))

    normalized_W = W / torch.norm(W, "fro")
    normalized_M = M_ / torch.norm(M_, "fro")
    return {
        "equinorm_W": (W_norms.std() / W_norms.mean()).item(),
        "cos_M": coherence(M_ / M_norms),
        "cos_W": coherence(W / W_norms),
        "W_M_dist": (torch.norm(normalized_W - normalized_M) ** 2).item(),
    }


def evaluate(model, M_, C, device):
    W = model.fc.weight.detach().T
    return nc_metrics(W, M_, C, device)
