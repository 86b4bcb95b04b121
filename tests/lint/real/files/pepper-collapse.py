# cosaudit corpus, synthetic file: same shape as Pepper-lll/neural_collapse_graph/collapse_analysis.py at de3e7529bcde9c9b05960c3e9b47dbff5c0e8ad3 (licence NOASSERTION); new code, no text copied.
import torch


def graph_collapse(model, M_, C, graphs, device):
    """Neural-collapse statistics for a GNN node classifier."""
    W = model.classifier.weight.detach()
    W_norms = torch.norm(W.T, dim=0)
    M_norms = torch.norm(M_, dim=0)
    graphs.norm_W_CoV.append((W_norms.std() / W_norms.mean()).item())

    def coherence(V):
        G = V.T @ V
        G += torch.ones((C, C), device=device) / (C - 1)
        G -= torch.diag(torch.diag(G))
        return torch.norm(G, 1).item() / (C * (C - 1))

    graphs.cos_M.append(coherence(M_ / M_norms))
    graphs.cos_W.append(coherence(W.T / W_norms))
    normalized_W = W.T / torch.norm(W.T, "fro")
    normalized_M = M_ / torch.norm(M_, "fro")
    graphs.W_M_dist.append((torch.norm(normalized_W - normalized_M) ** 2).item())
