# cosaudit corpus, synthetic file: same shape as glbreeze/neural_collapse/utils.py at 2c56e33cd9fb5429ad9838199d5100e7b97f8b49 (licence NOASSERTION); new code, no text copied.
import torch


def compute_ETF(W, device):
    K = W.shape[0]
    WWT = W @ W.T
    WWT /= torch.norm(WWT, p="fro")
    sub = (torch.eye(K, device=device) - torch.ones((K, K), device=device) / K) / (K - 1) ** 0.5
    return torch.norm(WWT - sub, p="fro").item()


def analysis(model, M_, args, device):
    W = model.classifier.weight.T.detach()               # [512, C]
    M_norms = torch.norm(M_, dim=0)
    W_norms = torch.norm(W, dim=0)

    def coherence(V):
        G = V.T @ V                                        # [C, C]
        G += torch.ones((args.C, args.C), device=device) / (args.C - 1)
        G -= torch.diag(torch.diag(G))
        return torch.norm(G, 1).item() / (args.C * (args.C - 1))

    cos_M = coherence(M_ / M_norms)
    cos_W = coherence(W / W_norms)
    nc2_h = compute_ETF(M_.T, device)
    nc2_w = compute_ETF(W.T, device)
    normalized_W = W / torch.norm(W, dim=0)
    normalized_M = M_ / torch.norm(M_, dim=0)
    nc3 = torch.norm(normalized_W - normalized_M).item()
    return {"cos_M": cos_M, "cos_W": cos_W, "nc2_h": nc2_h, "nc2_w": nc2_w, "nc3": nc3}
