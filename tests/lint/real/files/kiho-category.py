# cosaudit corpus, synthetic file: same shape as KihoPark/LLM_Categorical_Hierarchical_Representations/hierarchical/category.py at 1952532543fc1b6f14f5efb0b42e1f5d65e98842 (licence NOASSERTION); new code, no text copied.
import numpy as np
import torch


def category_to_indices(lemmas, vocab_dict):
    return [vocab_dict[w] for w in lemmas if w in vocab_dict]


def get_words_sim_to_vec(query: torch.Tensor, unembed, vocab_list, k=300):
    """Tokens whose (transformed) unembedding has the largest inner product with the query direction."""
    top = torch.topk(unembed @ query, k, largest=True).indices.cpu().numpy()
    return [vocab_list[i] for i in top]


def estimate_cat_dir(category_lemmas, unembed, vocab_dict):
    vecs = unembed[category_to_indices(category_lemmas, vocab_dict)]
    mean = vecs.mean(dim=0)
    cov = torch.cov(vecs.T) + 1e-3 * torch.eye(vecs.shape[1], device=vecs.device)
    lda = torch.linalg.solve(cov, mean)
    lda = lda / torch.norm(lda)
    return {"lda": lda * (mean @ lda), "mean": mean}


def projection_spread(direction, unembed, ids):
    vals = (unembed[ids] @ direction).cpu().numpy()
    return float(np.mean(vals)), float(np.std(vals))
