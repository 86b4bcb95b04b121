# cosaudit corpus, synthetic file: same shape as andreach3n/flipped-tuned-lens/SAE_linearmaps/dashboard.py at d0b610f202717a279b43f02a45a86b08c640b5b6 (licence MIT); new code, no text copied.
"""Text dashboard for a handful of SAE features: firing stats, logit push, top contexts."""
import torch as t
from transformer_lens import HookedTransformer

from saes import load_sae, load_cache

MODEL = "google/gemma-2-2b"
sae = load_sae("runs/hybrid/sae.pt")
acts, toks, tokenizer = load_cache("cache/acts.pt")

lens_model = HookedTransformer.from_pretrained_no_processing(MODEL, dtype=t.bfloat16)
W_U = lens_model.W_U.float()                  # (d_model, d_vocab)
del lens_model


def show(feature, k=10):
    col = acts[:, feature]
    live = col[col > 0]
    print(f"feature {feature}: fires on {live.numel()} / {col.numel()} positions")
    push = sae.W_dec[feature].float() @ W_U   # how much the feature raises each logit
    print("  raises:", [tokenizer.decode([i]) for i in push.topk(k).indices.tolist()])
    print("  lowers:", [tokenizer.decode([i]) for i in (-push).topk(k).indices.tolist()])
    for pos in col.topk(5).indices.tolist():
        print("   ...", tokenizer.decode(toks[max(0, pos - 8): pos + 8].tolist()))


for f in (12, 345, 6789):
    show(f)
