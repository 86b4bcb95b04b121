# Synthetic rewrite of the shape of 3141592/ai_surgery:introduction/hook_result.py at 7b1ae87511a0670511c1e7e1ce12e9de56f7a333 (licence NOASSERTION); not the original text.
import torch
from transformer_lens import HookedTransformer

lm = HookedTransformer.from_pretrained("gpt2-small")
toks = lm.to_tokens("The largest city in Japan is")
_, cache = lm.run_with_cache(toks)

now_id = lm.to_single_token(" Tokyo")  # token whose logit we decompose
W_U = lm.W_U  # [d_model, d_vocab]

# per-head outputs of the first attention layer at the last position
per_head = cache["blocks.0.attn.hook_result"][0, -1]  # [n_heads, d_model]

# direct contribution of each head to the chosen token's logit
contrib = per_head @ W_U[:, now_id]

order = torch.argsort(contrib, descending=True)
for h in order.tolist():
    print(f"L0H{h:<2d} {contrib[h].item(): .3f}")
