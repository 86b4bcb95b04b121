# Synthetic rewrite of the shape of AlessaC14/JSALT_2025_dev_int:SAE/sae_analysis.py at c346a0815c7df230e7eb5a39cf5b7ba20376fc4c (licence NOASSERTION); not the original text.
"""Score how many planted features a sparse autoencoder rediscovered.

The toy corpus uses one token per planted feature ("0".."63"); the small GPT-2
trained on it is our source of 'true' feature directions: its token table rows.
"""
from pathlib import Path

import torch
from transformers import GPT2LMHeadModel, PreTrainedTokenizerFast

RUN_DIR = Path("runs/toy_features")
N_PLANTED = 64
CORRELATIONS = [0.0, 0.3, 0.6, 0.9]


def recovered_fraction(sae_weights, true_dirs, cutoff=0.9):
    dictionary = sae_weights["encoder.weight"]          # rows double as decoder atoms
    gt_features_norm = true_dirs / true_dirs.norm(dim=1, keepdim=True)
    learned_features_norm = dictionary / dictionary.norm(dim=1, keepdim=True)
    cos = torch.matmul(gt_features_norm, learned_features_norm.T)
    best = cos.abs().max(dim=1).values                 # best atom for each planted token
    hits = int((best > cutoff).sum())
    print(f"    {hits}/{len(true_dirs)} planted features matched (|cos| > {cutoff})")
    return hits / len(true_dirs)


def main():
    scores = {}
    for k, corr in enumerate(CORRELATIONS):
        lm_dir = RUN_DIR / f"lm_{k}"
        tok = PreTrainedTokenizerFast(tokenizer_file=str(RUN_DIR / f"tok_{k}.json"))
        lm = GPT2LMHeadModel.from_pretrained(str(lm_dir))
        ids = tok.convert_tokens_to_ids([str(j) for j in range(N_PLANTED)])
        table = lm.get_input_embeddings().weight.detach()
        planted = table[ids]                             # one row per planted token
        sae = torch.load(RUN_DIR / f"sae_{k}.pt", map_location="cpu")
        print(f"correlation {corr}:")
        scores[corr] = recovered_fraction(sae, planted)
    for corr, s in scores.items():
        print(f"{corr:>5}: {s:.2f}")


if __name__ == "__main__":
    main()
