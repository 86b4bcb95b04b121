# Synthetic rewrite of the shape of EvidentSolutions/llm-interp:contrastive/code/truth_wu_centroids.py at c32f97a2257f3ead6690ea283902f757cbce0221 (licence NOASSERTION); not the original text.
"""Do the ' true' / ' false' output vectors sit at the centre of the truth-valence token clouds?"""
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

model = AutoModelForCausalLM.from_pretrained("microsoft/phi-2").eval()
tok = AutoTokenizer.from_pretrained("microsoft/phi-2")
W_U = model.lm_head.weight.data.float()             # one row per vocabulary token
Wn = W_U / W_U.norm(dim=1, keepdim=True)             # unit rows
TRUE = tok(" true", add_special_tokens=False)["input_ids"][0]
FALSE = tok(" false", add_special_tokens=False)["input_ids"][0]


def cos(a, b):
    return torch.nn.functional.cosine_similarity(a, b, 0).item()


def rank_of(vec, token_id):
    sims = Wn @ (vec / vec.norm())                   # cosine of vec with every head row
    order = torch.argsort(sims, descending=True)
    return int((order == token_id).nonzero()), float(sims[token_id])


def report(truth_direction):
    wu_true, wu_false = W_U[TRUE], W_U[FALSE]
    print(f"cos(WU_true, WU_false) = {cos(wu_true, wu_false):+.3f}")
    scores = W_U @ truth_direction
    top, bot = scores.topk(20).indices, (-scores).topk(20).indices
    pos_c, neg_c = W_U[top].mean(0), W_U[bot].mean(0)
    print("true vs +centroid", cos(wu_true, pos_c), "false vs -centroid", cos(wu_false, neg_c))
    print("rank of ' true' near +centroid:", rank_of(pos_c, TRUE))
    tight = sum(cos(W_U[t], pos_c) for t in top) / len(top)
    print(f"+group tightness {tight:+.3f}")
