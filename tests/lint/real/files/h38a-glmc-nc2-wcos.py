# Synthetic rewrite of the shape of glbreeze/GLMC:utils/measure_nc.py at 800024ba9b4f7497192f5f46917fcddd2d8c784b (licence NOASSERTION); not the original text.
import numpy as np
import torch


def etf_gap(V, device):
    """Frobenius gap between the normalised Gram of V's rows and a simplex ETF Gram."""
    k = V.shape[0]
    gram = V @ V.T
    gram = gram / torch.linalg.norm(gram)
    target = (torch.eye(k) - torch.full((k, k), 1.0 / k)).to(device) / (k - 1) ** 0.5
    return torch.linalg.norm(gram - target).item()


def collapse_stats(net, class_means, n_cls, device):
    """NC2 diagnostics on the last layer of a long-tailed classifier."""
    names = {n for n, _ in net.named_modules()}
    head = net.fc_bal if "fc_bal" in names else net.classifier
    W = head.weight.detach().T                      # [D, C]
    mu = class_means                                # [D, C], globally centred

    w_len = W.norm(dim=0)
    mu_len = mu.norm(dim=0)
    stats = {
        "w_len_cov": (w_len.std() / w_len.mean()).item(),
        "mu_len_cov": (mu_len.std() / mu_len.mean()).item(),
    }

    # angle between W
    unit_w = W / w_len
    w_cos = (unit_w.T @ unit_w).cpu().numpy()       # [C, C]
    stats["w_cos"] = w_cos
    stats["w_cos_avg"] = (w_cos.sum(1) - np.diag(w_cos)) / (n_cls - 1)

    unit_mu = mu / mu_len
    stats["mu_cos"] = (unit_mu.T @ unit_mu).cpu().numpy()
    stats["w_mu_cos"] = (unit_w * unit_mu).sum(0).cpu().numpy()

    def mean_abs_excess(U):
        G = U.T @ U + torch.full((n_cls, n_cls), 1.0 / (n_cls - 1), device=device)
        G = G - torch.diag(torch.diag(G))
        return G.abs().sum().item() / (n_cls * (n_cls - 1))

    stats["equiangular_w"] = mean_abs_excess(unit_w)
    stats["etf_w"] = etf_gap(W.T, device)
    stats["etf_mu"] = etf_gap(mu.T, device)
    return stats
