# Synthetic rewrite of the shape of morganrivers/whale-grammar:src/grammar/interp_whale_decoded.py at 1176eb54811eddf069249402282b714c097b2ddd (licence NOASSERTION); not the original text.
"""Group sperm-whale coda tokens into families by how alike their output-head vectors are."""
import numpy as np
import pandas as pd

from src.grammar.m7_hooked import make_m7_hooked

MIN_COUNT, TAU, TOPK = 30, 0.45, 6


def cosine_matrix(W):
    Wn = W / (np.linalg.norm(W, axis=1, keepdims=True) + 1e-12)
    return Wn @ Wn.T


def mutual_neighbour_families(cos, keep, k=TOPK, tau=TAU):
    near = {}
    for t in keep:
        row = np.full(cos.shape[0], -np.inf)
        row[keep] = cos[t, keep]
        row[t] = -np.inf
        best = np.argsort(-row)[:k]
        near[t] = {int(j) for j in best if cos[t, j] >= tau}
    links = {t: {j for j in near[t] if t in near.get(j, set())} for t in keep}
    seen, families = set(), []
    for t in keep:
        if t in seen:
            continue
        stack, fam = [t], []
        while stack:
            u = stack.pop()
            if u not in seen:
                seen.add(u)
                fam.append(u)
                stack.extend(links[u] - seen)
        if len(fam) > 1:
            families.append(sorted(fam))
    return families


if __name__ == "__main__":
    model = make_m7_hooked(d_vocab=160)
    df = pd.read_csv("data/classified/whale_dialogues.csv")
    counts = df["Coda"].value_counts()
    keep = [int(t) for t, c in counts.items() if c >= MIN_COUNT]
    W_U = model.W_U.detach().numpy().T     # one row per coda token
    cos_U = cosine_matrix(W_U)
    for fam in mutual_neighbour_families(cos_U, keep):
        sub = df[df["Coda"].isin(fam)]
        print(fam, round(sub["Duration"].mean(), 3), sub["Whale"].value_counts().head(2).to_dict())
