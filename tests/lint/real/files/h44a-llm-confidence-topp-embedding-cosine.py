# Synthetic rewrite of the shape of itsmejul/llm-confidence:utils.py at 099b4ba44b8d1508b917e007be486736249a38d9 (licence NOASSERTION); not the original text.
"""Helpers for a 'how alike are the candidate next tokens' uncertainty score."""
import torch
import torch.nn.functional as F


def nucleus_step(logits: torch.Tensor, p: float = 0.9):
    probs = logits.softmax(-1)
    order = probs.argsort(descending=True)
    keep = int(torch.searchsorted(probs[order].cumsum(0), torch.tensor(p))) + 1
    return order[:keep], probs


def compute_avg_cosine_similarities(token_ids_list, embedding_matrix):
    """Mean pairwise cosine of the candidate tokens' rows in the (input) embedding table."""
    out = []
    for ids in token_ids_list:
        vecs = embedding_matrix[ids]
        normed = F.normalize(vecs, p=2, dim=1)
        sims = torch.matmul(normed, normed.T)  # cosine sim matrix
        n = sims.shape[0]
        if n < 2:
            out.append(1.0)
            continue
        r, c = torch.triu_indices(n, n, offset=1)
        out.append(sims[r, c].mean().item())
    return out


def token_entropy(probs: torch.Tensor) -> float:
    probs = probs / probs.sum()
    return float(-(probs * (probs + 1e-12).log()).sum())


if __name__ == "__main__":
    table = torch.randn(1000, 64)          # stands in for model.get_input_embeddings().weight
    steps = [torch.tensor([3, 17, 256]), torch.tensor([9])]
    print(compute_avg_cosine_similarities(steps, table))
