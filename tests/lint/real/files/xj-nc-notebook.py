# cosaudit corpus, synthetic file: same shape as xinjie27/neural-collapse/notebook.py at 63fbb8590aabc31ac064c54fc00499cdd7e7e145 (licence NOASSERTION); new code, no text copied.
import torch


def track_collapse(model, classifier, M_, C, graphs, device):
    W = classifier.weight
    M_norms = torch.norm(M_, dim=0)
    W_norms = torch.norm(W.T, dim=0)
    graphs.norm_M_CoV.append((torch.std(M_norms) / torch.mean(M_norms)).item())
    graphs.norm_W_CoV.append((torch.std(W_norms) / torch.mean(W_norms)).item())

    normalized_M = M_ / torch.norm(M_, "fro")
    normalized_W = W.T / torch.norm(W.T, "fro")
    graphs.W_M_dist.append((torch.norm(normalized_W - normalized_M) ** 2).item())

    def incoherence(V):
        G = V.T @ V
        G += torch.ones((C, C), device=device) / (C - 1)
        G -= torch.diag(torch.diag(G))
        return torch.norm(G, 1).item() / (C * (C - 1))

    graphs.cos_M.append(incoherence(M_ / M_norms))
    graphs.cos_W.append(incoherence(W.T / W_norms))
