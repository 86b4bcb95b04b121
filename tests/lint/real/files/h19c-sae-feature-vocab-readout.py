# Synthetic rewrite of the shape of protroll30/mech-interp:sae_scripts/sae_exploration.py at f618d9e19393eff17b3b69f66d922de3474189ac (licence MIT); not the original text.
"""Encode one prompt with a GPT-2 MLP-out SAE, find the strongest latents at the final token,
and list the vocabulary entries each latent's decoder direction pushes up most."""
import torch
from sae_lens import SAE
from transformer_lens import HookedTransformer

RELEASE, SAE_ID = "gpt2-small-mlp-out-v5-32k", "blocks.6.hook_mlp_out"
TEXT = "She was not sad; in fact she felt"


def boosted_tokens(model, sae, latent, k=12):
    scores = sae.W_dec[latent] @ model.W_U          # [d_vocab]
    vals, ids = torch.topk(scores.detach(), k)
    return [(model.tokenizer.decode([i]), float(v)) for v, i in zip(vals.tolist(), ids.tolist())]


def run():
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    model = HookedTransformer.from_pretrained("gpt2-small", device=dev)
    sae = SAE.from_pretrained(RELEASE, SAE_ID, device=dev)
    hook = sae.cfg.metadata.hook_name
    toks = model.to_tokens(TEXT)
    with torch.inference_mode():
        _, cache = model.run_with_cache(toks, names_filter=lambda n: n == hook)
        acts = sae.encode(cache[hook])
        acts = acts.to_dense() if acts.is_sparse else acts
    strongest = torch.topk(acts[0, -1], k=8)
    for rank, (i, a) in enumerate(zip(strongest.indices.tolist(), strongest.values.tolist()), 1):
        print(f"{rank:2d}. latent {i:5d}  act {a:.4f}")
    lead = int(strongest.indices[0])
    for tok, w in boosted_tokens(model, sae, lead):
        print(f"  {w:+.3f}  {tok!r}")


if __name__ == "__main__":
    run()
