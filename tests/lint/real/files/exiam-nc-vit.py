# cosaudit corpus, synthetic file: same shape as Exiam6/Neural_Collapse/NC_VIT/utils/analysis_utils.py at 5c45a9c46ae79673632fcfafa693e0b3542e88a9 (licence NOASSERTION); new code, no text copied.
import torch


def vit_collapse_stats(model, M_, C, graphs, device):
    classifier = model.linear_head
    W = classifier.weight                                   # [C, d]
    W_norms = torch.norm(W.T, dim=0)
    graphs.L2ofW.append(torch.sum(W_norms).item())
    graphs.norm_W_CoV.append((torch.std(W_norms) / torch.mean(W_norms)).item())

    normalized_M = M_ / torch.norm(M_, "fro")
    normalized_W = W.T / torch.norm(W.T, "fro")
    graphs.W_M_dist.append((torch.norm(normalized_W - normalized_M) ** 2).item())

    def coherence(V):
        G = V.T @ V
        G += torch.ones((C, C), device=device) / (C - 1)
        G -= torch.diag(torch.diag(G))
        return torch.norm(G, 1).item() / (C * (C - 1))

    graphs.cos_M.append(coherence(M_ / torch.norm(M_, dim=0)))
    graphs.cos_W.append(coherence(W.T / W_norms))
    return graphs
