# cosaudit corpus, synthetic file: same shape as xiangchensong/jacobian-lens-open-frontier/experiments/deepseek_v4/readout.py at b8b840caaa246ad04d354b4650848f30519184b6 (licence Apache-2.0); new code, no text copied.
"""Readout experiments with a fitted Jacobian lens.

(a) per-layer top-1 agreement of the lens readout with the final prediction, vs the plain logit lens;
(b) layer geometry: CKA between the lens images of a random sample of unembedding rows.
"""
import torch

from jlens.lens import JacobianLens

DEVICE = "cuda:0"
lens = JacobianLens.load("/data/lens/v4_band.pt")
model = load_model()          # project helper: returns the HF causal LM


@torch.no_grad()
def readout_agreement(prompts, layers):
    hits = {("jlens", l): 0 for l in layers} | {("vanilla", l): 0 for l in layers}
    for text in prompts:
        ids = encode(text)
        acts, final = run_and_record(ids, layers)
        target = final.argmax(-1)
        for l in layers:
            h = acts[l][0, -1].float()
            jl = model.lm_head(model.model.norm(h @ lens.jacobians[l].T.to(h)))
            vl = model.lm_head(model.model.norm(h))
            hits[("jlens", l)] += int(jl.argmax() == target)
            hits[("vanilla", l)] += int(vl.argmax() == target)
    return {k: v / len(prompts) for k, v in hits.items()}


@torch.no_grad()
def layer_cka(n_tokens=1024, seed=0):
    W = model.lm_head.weight
    gen = torch.Generator().manual_seed(seed)
    pick = torch.randperm(W.shape[0], generator=gen)[:n_tokens].to(W.device)
    grams = {}
    for l in lens.source_layers:
        D = W[pick].float().to(DEVICE) @ lens.jacobians[l].float().to(DEVICE)   # [n, d_src]
        D = D - D.mean(dim=0, keepdim=True)                                    # remove the shared row
        D = D / D.norm(dim=-1, keepdim=True).clamp_min(1e-9)
        K = D @ D.T
        K = K - K.mean(0, keepdim=True) - K.mean(1, keepdim=True) + K.mean()
        grams[l] = (K / K.norm()).cpu()
    layers = list(grams)
    cka = torch.zeros(len(layers), len(layers))
    for i, a in enumerate(layers):
        for j, b in enumerate(layers):
            cka[i, j] = (grams[a] * grams[b]).sum()
    torch.save({"layers": layers, "cka": cka}, "results/layer_cka.pt")
    return cka
