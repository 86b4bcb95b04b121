# cosaudit corpus, synthetic file: same shape as DaertML/mech_interp/dla.py at 0e9e482829e9f301fa8777991306bc3e8d936ad6 (licence NOASSERTION); new code, no text copied.
"""Which attention head copies a skip-trigram completion straight to the logits?

Prompt format: "A ... B" where the model should answer C. For each head we push the embedding of
the last token through the head's OV circuit and the unembedding and add up the logit boost on the
expected completion tokens.
"""
import numpy as np
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

NAME = "gpt2"
PROMPT = "keep it ... keep"
EXPECTED = [" it", " on"]

tok = AutoTokenizer.from_pretrained(NAME)
lm = AutoModelForCausalLM.from_pretrained(NAME).eval()
cfg = lm.config
d_head = cfg.n_embd // cfg.n_head

expected_ids = [tok.encode(t)[0] for t in EXPECTED]
last_id = tok.encode(PROMPT.split("...")[-1])[-1]

E = lm.transformer.wte.weight.detach().numpy()
U = lm.lm_head.weight.detach().numpy()          # [vocab, d_model]
U_T = U.T                                          # [d_model, vocab]
e_in = E[last_id]

scores = {}
for layer, block in enumerate(lm.transformer.h):
    qkv = block.attn.c_attn.weight.detach().numpy()          # [d_model, 3*d_model]
    W_V_all = qkv[:, 2 * cfg.n_embd:]
    W_O_all = block.attn.c_proj.weight.detach().numpy()      # [d_model, d_model]
    for head in range(cfg.n_head):
        sl = slice(head * d_head, (head + 1) * d_head)
        W_V, W_O = W_V_all[:, sl], W_O_all[sl, :]
        boost = e_in @ W_V @ W_O @ U_T                       # logit change over the vocabulary
        scores[(layer, head)] = float(boost[expected_ids].sum())

best = max(scores, key=scores.get)
print("best head", best, "boost", round(scores[best], 3))
layer, head = best
top = np.argsort(-(e_in @ lm.transformer.h[layer].attn.c_attn.weight.detach().numpy()[:, 2 * cfg.n_embd:][:, head * d_head:(head + 1) * d_head]
                   @ lm.transformer.h[layer].attn.c_proj.weight.detach().numpy()[head * d_head:(head + 1) * d_head, :] @ U_T))[:10]
print([tok.decode([int(i)]) for i in top])
