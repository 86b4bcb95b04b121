# Synthetic rewrite of the shape of raghulchandramouli/transformer-circuits:analysis/utils.py at e628b8da0e5c93d5dab816c1ee92342ea8fb526a (licence NOASSERTION); not the original text.
"""Helpers that pull weight matrices out of an attention-only checkpoint and
summarise each head's OV / QK circuit by its eigenvalue spectrum."""
import numpy as np


def centering_matrix(d):
    return np.eye(d) - np.full((d, d), 1.0 / d)


def head_matrices(state, block, head, n_heads):
    qkv = state[f"blocks.{block}.attn.qkv.weight"].numpy()
    d_model = qkv.shape[1]
    d_head = d_model // n_heads
    q, k, v = np.split(qkv, 3, axis=0)
    sl = slice(head * d_head, (head + 1) * d_head)
    w_out = state[f"blocks.{block}.attn.proj.weight"].numpy()
    return {"w_q": q[sl], "w_k": k[sl], "w_v": v[sl], "w_o": w_out[:, sl]}


def vocab_matrices(state, d_model, fold_final_norm=True):
    w_embed = state["tok_embed.weight"].numpy().T          # (d_model, vocab)
    w_unembed = state["head.weight"].numpy()               # (vocab, d_model)
    if fold_final_norm:
        gain = state["ln_out.weight"].numpy()[None, :]
        w_unembed = (w_unembed @ centering_matrix(d_model)) * gain
    return {"w_e": w_embed, "w_u": w_unembed}


def ov_spectrum(h, vocab):
    """Eigenvalues of W_U W_O W_V W_E, computed on the cheaper cyclic product."""
    small = h["w_v"] @ vocab["w_e"] @ vocab["w_u"] @ h["w_o"]
    return np.linalg.eigvals(small)


def qk_spectrum(h, prev, vocab):
    small = prev["w_v"] @ vocab["w_e"] @ vocab["w_e"].T @ h["w_q"].T @ h["w_k"] @ prev["w_o"]
    return np.linalg.eigvals(small)


def copying_score(eigs):
    eigs = np.asarray(eigs)
    return float(eigs.real.sum() / (np.abs(eigs).sum() + 1e-12))
