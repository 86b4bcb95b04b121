# Synthetic rewrite of the shape of storyofthewolf/residual-stream-dynamics:workflows/wu_subspace_analysis.py at 17cfd63804c4dade7cdb053e366043febdaf3fcc (licence NOASSERTION); not the original text.
"""Split residual activations into the part the unembedding can 'see' and the rest.

The top-k right singular vectors of W_U span a prediction subspace; each
residual vector is projected onto it (r_par) and onto its complement (r_perp),
and a Renyi entropy of the energy profile is measured in each part.
"""
import torch
from transformer_lens import HookedTransformer


def unembed_right_singular(W_U: torch.Tensor) -> torch.Tensor:
    # W_U: [d_model, vocab]; rows of Vh^T live in d_model space
    U, S, Vh = torch.linalg.svd(W_U.T.float(), full_matrices=False)
    return Vh                                  # [d_model, d_model]


def captured_variance(W_U: torch.Tensor, ks):
    s = torch.linalg.svdvals(W_U.float())
    total = (s ** 2).sum()
    return {k: float((s[:k] ** 2).sum() / total) for k in ks}


def renyi(p: torch.Tensor, alpha: float) -> float:
    p = p / p.sum()
    if alpha == 1.0:
        return float(-(p * torch.log(p + 1e-12)).sum())
    return float(torch.log((p ** alpha).sum()) / (1 - alpha))


def split_entropy(resid: torch.Tensor, Vh: torch.Tensor, k: int, alphas):
    basis = Vh[:k]                              # [k, d_model]
    r_par = (resid @ basis.T) @ basis           # projection onto prediction subspace
    r_perp = resid - r_par
    out = {}
    for a in alphas:
        out[("par", k, a)] = renyi(r_par.pow(2), a)
        out[("perp", k, a)] = renyi(r_perp.pow(2), a)
    return out


def run(model_name, prompts, ks=(10, 50, 200), alphas=(1.0, 2.0), layer=-1):
    lm = HookedTransformer.from_pretrained(model_name)
    W_U = lm.W_U.detach()
    Vh = unembed_right_singular(W_U)
    print("variance captured:", captured_variance(W_U, ks))
    rows = []
    for text in prompts:
        _, cache = lm.run_with_cache(text)
        resid = cache["resid_post", layer][0, -1]
        for k in ks:
            rows.append(split_entropy(resid, Vh, k, alphas))
    return rows
