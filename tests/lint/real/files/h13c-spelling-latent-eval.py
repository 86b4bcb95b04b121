# cosaudit corpus, synthetic file: same shape as lasr-spelling/sae-spelling/sae_spelling/experiments/latent_evaluation.py at 9bcada0053a0eca2cf843cf18a05133444656a36 (licence MIT); new code, no text copied.
"""Compare first-letter probes with SAE latents: which latents track each letter?"""
import pandas as pd
import torch
from sae_lens import SAE

from sae_spelling.probing import LinearProbe
from sae_spelling.vocab import LETTERS


@torch.inference_mode()
def letter_latent_scores(sae: SAE, probe: LinearProbe, activations: torch.Tensor, labels, topk: int = 5) -> pd.DataFrame:
    letter_dirs = probe.weights / probe.weights.norm(dim=-1, keepdim=True)      # (26, d_model)
    enc = sae.W_enc / sae.W_enc.norm(dim=0, keepdim=True)                     # (d_model, n_latents)
    dec = sae.W_dec / sae.W_dec.norm(dim=-1, keepdim=True)                    # (n_latents, d_model)
    dec_cos = (letter_dirs.to(dec.device) @ dec.T).cpu()
    enc_cos = (letter_dirs.to(enc.device) @ enc).cpu()
    top = enc_cos.topk(topk, dim=-1).indices

    acts = sae.encode(activations.to(sae.device)).cpu()
    rows = []
    for letter_idx, letter in enumerate(LETTERS):
        for rank, latent in enumerate(top[letter_idx].tolist()):
            rows.append({
                "letter": letter,
                "rank": rank,
                "latent": latent,
                "cos_enc": float(enc_cos[letter_idx, latent]),
                "cos_dec": float(dec_cos[letter_idx, latent]),
                "mean_act_pos": float(acts[[l == letter_idx for _, l in labels], latent].mean()),
            })
    return pd.DataFrame(rows)
