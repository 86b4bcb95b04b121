# Synthetic rewrite of the shape of DIvkov575/esmplm-steering:plm_steering/l44_logit_lens_diagnostic.py at 60a8fc265c285bca91764820069347eda9568dda (licence NOASSERTION); not the original text.
"""Can the residue a protein LM collapses to under heavy steering be read off the steering vector alone?

Build a difference-of-means steering vector per layer, then rank amino-acid tokens by the cosine between
that vector and each row of ESM-2's token-embedding table (the table the MLM decoder shares)."""
import numpy as np
import torch
from transformers import AutoModelForMaskedLM, AutoTokenizer

CHECKPOINT = "facebook/esm2_t33_650M_UR50D"
AMINO = list("ACDEFGHIKLMNPQRSTVWY")


@torch.no_grad()
def layer_means(model, tok, seqs, device):
    per_layer = [[] for _ in range(model.config.num_hidden_layers)]
    for s in seqs:
        batch = tok(s[:400], return_tensors="pt").to(device)
        hs = model(**batch, output_hidden_states=True).hidden_states
        for i in range(len(per_layer)):
            per_layer[i].append(hs[i + 1][0].float().mean(0).cpu().numpy())
    return [np.stack(v) for v in per_layer]


def steering_vectors(model, tok, device, low, high):
    lo, hi = layer_means(model, tok, low, device), layer_means(model, tok, high, device)
    return [torch.tensor(h.mean(0) - l.mean(0), device=device) for l, h in zip(lo, hi)]


@torch.no_grad()
def nearest_residues(model, tok, direction, k=5):
    # cosine, not raw dot: rare letters have much larger row norms and would win otherwise
    table = model.esm.embeddings.word_embeddings.weight
    sims = torch.nn.functional.cosine_similarity(table, direction[None, :], dim=-1)
    keep = torch.full_like(sims, float("-inf"))
    keep[[tok.convert_tokens_to_ids(a) for a in AMINO]] = 0.0
    vals, ids = torch.topk(sims + keep, k)
    return list(zip(tok.convert_ids_to_tokens(ids.tolist()), vals.tolist()))


def run(low, high, observed):
    device = "cuda" if torch.cuda.is_available() else "cpu"
    tok = AutoTokenizer.from_pretrained(CHECKPOINT)
    model = AutoModelForMaskedLM.from_pretrained(CHECKPOINT).to(device).eval()
    tally = {}
    for vec in steering_vectors(model, tok, device, low, high):
        best = nearest_residues(model, tok, vec)[0][0]
        tally[best] = tally.get(best, 0) + 1
    ranked = sorted(tally.items(), key=lambda kv: -kv[1])
    return ranked, any(t in observed for t, _ in ranked[:3])
