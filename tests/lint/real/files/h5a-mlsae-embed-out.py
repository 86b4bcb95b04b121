# cosaudit corpus, synthetic file: same shape as tim-lawson/mlsae/figures/embed_cos_sim.py at ba90c518893ead6d856b08821fa6aabb61a3be61 (licence MIT); new code, no text copied.
"""Which tokens does each SAE latent point at? Nearest input and output embeddings by cosine."""

from dataclasses import dataclass

import pandas as pd
import torch
from transformers import AutoTokenizer, GPTNeoXForCausalLM

from sae_tools.load import load_autoencoder
from sae_tools.utils import unit


@dataclass
class Cfg:
    model_name: str = "EleutherAI/pythia-70m-deduped"
    sae_repo: str = "me/pythia-70m-sae-x64"
    n_tokens: int = 8


@torch.no_grad()
def nearest_tokens(cfg: Cfg):
    tok = AutoTokenizer.from_pretrained(cfg.model_name)
    dec = unit(load_autoencoder(cfg.sae_repo).decoder.weight)          # (d, n_latents), unit columns
    lm = GPTNeoXForCausalLM.from_pretrained(cfg.model_name)
    in_rows = unit(lm.get_input_embeddings().weight, dim=1)
    out_rows = unit(lm.get_output_embeddings().weight, dim=1)
    top_in = torch.topk(in_rows @ dec, k=cfg.n_tokens, dim=0)
    top_out = torch.topk(out_rows @ dec, k=cfg.n_tokens, dim=0)
    for name, top in (("in", top_in), ("out", top_out)):
        rows = [
            {"latent": j, "token": tok.decode(top.indices[r, j]), "cos": top.values[r, j].item()}
            for j in range(dec.shape[1])
            for r in range(cfg.n_tokens)
        ]
        pd.DataFrame(rows).to_csv(f"out/nearest_{name}_embeddings.csv", index=False)
    return top_in.values[0], top_out.values[0]


if __name__ == "__main__":
    first_in, first_out = nearest_tokens(Cfg())
    print(first_in.mean().item(), first_out.mean().item())
