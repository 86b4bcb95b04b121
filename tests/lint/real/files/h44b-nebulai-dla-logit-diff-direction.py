# Synthetic rewrite of the shape of charbelmalo/nebulai:src/nebulai/backend/interp/bundles.py at 4fe6a7101aaa92559f65b82958390a41ad518245 (licence MIT); not the original text.
"""Two view bundles for a numpy GPT-2: a direct-logit margin decomposition and
a nearest-neighbour scan of SAE decoder directions."""
import numpy as np


def margin_attribution(m, prompt):
    """Split the top-1 minus runner-up logit margin at the last position into the
    contributions of embeddings, heads and MLPs, through ln_f with its scale frozen."""
    run = m.forward(prompt)
    last = len(run.tokens) - 1
    logits = run.logits[last].astype(np.float64)
    c1, c2 = np.argsort(-logits)[:2]
    gain = m.param("ln_f.weight").astype(np.float64)
    dirv = (m.wte[c1] - m.wte[c2]).astype(np.float64)   # tied head: row difference
    resid = run.resid[m.n_layer, last].astype(np.float64)
    scale = float(np.sqrt(((resid - resid.mean()) ** 2).mean() + 1e-5))

    def part(v):
        return float(((v - v.mean()) * gain) @ dirv / scale)

    pieces = {"embed": part(m.wte[run.tokens[last]] + m.wpe[last])}
    for layer in range(m.n_layer):
        for h, out in enumerate(run.head_out[layer][:, last]):
            pieces[f"L{layer}H{h}"] = part(out)
        pieces[f"mlp{layer}"] = part(run.mlp_out[layer][last])
    return {"margin": float(logits[c1] - logits[c2]), "pieces": pieces}


def decoder_neighbours(W_dec, block=1024):
    """For each SAE feature, its most similar other feature by cosine of decoder rows."""
    U = W_dec / np.linalg.norm(W_dec, axis=1, keepdims=True)
    best = np.zeros(len(U), dtype=np.int64)
    best_cos = np.zeros(len(U))
    for lo in range(0, len(U), block):
        hi = min(lo + block, len(U))
        G = U[lo:hi] @ U.T
        G[np.arange(hi - lo), np.arange(lo, hi)] = -2.0
        best[lo:hi] = G.argmax(axis=1)
        best_cos[lo:hi] = G.max(axis=1)
    return best, best_cos
